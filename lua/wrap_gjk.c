/* The Lua face of GJK (gjk.h): collide.gjk(a, b [, options]) for the distance, witnesses, final
 * simplex and, on request, the trace of source 004's table; collide.intersects(a, b) for the
 * boolean early out; collide.johnson(points) for the sub-algorithm alone; collide.gjk_cache() for
 * warm starts. Any two convex shapes (wrap_shape.c) make a pair, 2D or 3D; points and vectors come
 * back as {x, y, z} (z = 0 for 2D shapes), as the engine answers them. */
#include "collide_lua_internal.h"

#include <string.h>

#include "collide/gjk.h"

/* The most iterations a script may ask for: a trace holds one step (about 1 KiB) per iteration. */
#define MAX_ITERATIONS 1000000

/* ---- caches ---- */

/* The userdata: the engine's cache first (so a cache_box * is a col_gjk_cache *), then whether it
 * was closed (close(), <close>, __gc), after which it is refused. */
typedef struct cache_box {
	col_gjk_cache cache;
	bool closed;
} cache_box;

/* box (the cache at idx, or NULL), refused once closed. */
static col_gjk_cache *live_cache(lua_State *L, int idx, cache_box *box)
{
	if (box != NULL && box->closed)
		col_lua_used_after_close(L, idx);
	return box != NULL ? &box->cache : NULL;
}

static col_gjk_cache *check_cache(lua_State *L, int arg)
{
	return live_cache(L, arg, luaL_checkudata(L, arg, COL_LUA_GJK_CACHE));
}

/* collide.gjk_cache() -> an empty cache, for one pair of shapes */
static int cache_new(lua_State *L)
{
	cache_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	memset(box, 0, sizeof *box);
	luaL_setmetatable(L, COL_LUA_GJK_CACHE);
	return 1;
}

static int cache_close(lua_State *L)
{
	((cache_box *)luaL_checkudata(L, 1, COL_LUA_GJK_CACHE))->closed = true;
	return 0;
}

static int cache_closed(lua_State *L)
{
	cache_box *box = luaL_testudata(L, 1, COL_LUA_GJK_CACHE);
	lua_pushboolean(L, box != NULL && box->closed);
	return 1;
}

/* cache:reset() -> cache, emptied */
static int cache_reset(lua_State *L)
{
	col_gjk_cache_reset(check_cache(L, 1));
	lua_settop(L, 1);
	return 1;
}

/* cache:count() -> the points it holds (0..4) */
static int cache_count(lua_State *L)
{
	lua_pushinteger(L, check_cache(L, 1)->count);
	return 1;
}

static int cache_tostring(lua_State *L)
{
	if (((cache_box *)luaL_checkudata(L, 1, COL_LUA_GJK_CACHE))->closed) {
		lua_pushliteral(L, "gjk_cache(closed)");
		return 1;
	}
	lua_pushfstring(L, "gjk_cache(%d points)", check_cache(L, 1)->count);
	return 1;
}

static const luaL_Reg cache_functions[] = {
    {"reset", cache_reset},
    {"count", cache_count},
    {"close", cache_close},
    {"__close", cache_close},
    {"__gc", cache_close},
    {"__closed", cache_closed},
    {"__tostring", cache_tostring},
    {NULL, NULL},
};

/* The cache at arg: NULL for none or nil. */
static col_gjk_cache *opt_cache(lua_State *L, int arg)
{
	if (lua_isnoneornil(L, arg))
		return NULL;
	col_gjk_cache *cache = live_cache(L, arg, luaL_testudata(L, arg, COL_LUA_GJK_CACHE));
	if (cache == NULL)
		col_lua_typeerror(L, arg, "collide.gjk_cache");
	return cache;
}

/* ---- results ---- */


/* {w = {x, y, z}, a = {...}, b = {...}}: a point of K and the support points it came from */
static void push_simplex_vertex(lua_State *L, const col_simplex_vertex *v)
{
	lua_createtable(L, 0, 3);
	col_lua_set_vec3(L, "w", v->w);
	col_lua_set_vec3(L, "a", v->a);
	col_lua_set_vec3(L, "b", v->b);
}

static void push_numbers(lua_State *L, const double *x, int count)
{
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		lua_pushnumber(L, x[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

/* { {w =, a =, b =}, ..., lambda = {...} } */
static void push_simplex(lua_State *L, const col_simplex *s)
{
	lua_createtable(L, s->count, 1);
	for (int i = 0; i < s->count; i++) {
		push_simplex_vertex(L, &s->vertices[i]);
		lua_rawseti(L, -2, i + 1);
	}
	push_numbers(L, s->lambda, s->count);
	lua_setfield(L, -2, "lambda");
}

/* The 1-based indices of the subset mask. */
static void push_subset(lua_State *L, unsigned mask)
{
	lua_newtable(L);
	int n = 0;
	for (int i = 0; i < 4; i++)
		if (mask & (1u << i)) {
			lua_pushinteger(L, i + 1);
			lua_rawseti(L, -2, ++n);
		}
}

/* { [mask] = { [i] = Delta_i(Y_mask) for each 1-based i in mask } } over every subset of count
 * points (0 where the search did not compute one) */
static void push_deltas(lua_State *L, const col_johnson_result *j, int count)
{
	lua_createtable(L, (1 << count) - 1, 0);
	for (unsigned mask = 1; mask < (1u << count); mask++) {
		lua_createtable(L, 4, 0);
		for (int i = 0; i < count; i++)
			if (mask & (1u << i)) {
				lua_pushnumber(L, j->deltas[mask][i]);
				lua_rawseti(L, -2, i + 1);
			}
		lua_rawseti(L, -2, (lua_Integer)mask);
	}
}

/* One row of the trace table (col_gjk_step). */
static void push_step(lua_State *L, const col_gjk_step *s)
{
	int n = s->candidates.count;
	lua_createtable(L, 0, 20);
	col_lua_set_vec3(L, "v", s->v);
	col_lua_set_number(L, "vv", s->vv);
	col_lua_set_vec3(L, "support_a", s->support_a);
	col_lua_set_vec3(L, "support_b", s->support_b);
	col_lua_set_number(L, "h_a", s->h_a);
	col_lua_set_number(L, "h_b", s->h_b);
	col_lua_set_vec3(L, "w", s->w);
	col_lua_set_number(L, "g", s->g);
	col_lua_set_number(L, "lower", s->lower_bound);
	col_lua_set_number(L, "upper", s->upper_bound);
	lua_pushboolean(L, s->stop);
	lua_setfield(L, -2, "stop");
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		push_simplex_vertex(L, &s->candidates.vertices[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "candidates");
	push_subset(L, n > 0 ? s->johnson.kept : 0);
	lua_setfield(L, -2, "kept");
	push_numbers(L, s->johnson.lambda, n);
	lua_setfield(L, -2, "lambda");
	push_deltas(L, &s->johnson, n);
	lua_setfield(L, -2, "deltas");
	if (n > 0) {
		col_lua_set_vec3(L, "next_v", s->johnson.v);
		lua_pushboolean(L, s->johnson.backup);
		lua_setfield(L, -2, "backup");
	}
}

static const char *status_name(col_gjk_status status)
{
	switch (status) {
	case COL_GJK_SEPARATED: return "separated";
	case COL_GJK_INTERSECTING: return "intersecting";
	case COL_GJK_MAX_ITERATIONS: return "max_iterations";
	default: return "invalid";
	}
}

/* ---- collide.gjk ---- */

typedef struct gjk_call {
	col_gjk_options options;
	bool trace;
	col_gjk_cache *cache;
} gjk_call;

/* {paper =, tolerance =, absolute_tolerance =, max_iterations =, trace =, cache =} at arg. Pushes
 * the cache (or nil), which keeps it alive while it is used: a finalizer may take it out of the
 * options table. */
static gjk_call check_options(lua_State *L, int arg)
{
	static const char *const names[] = {
	    "paper", "tolerance", "absolute_tolerance", "max_iterations", "trace", "cache", NULL};
	gjk_call c = {col_gjk_default_options(), false, NULL};
	if (lua_isnoneornil(L, arg)) {
		lua_pushnil(L);
		return c;
	}
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "options table");
	col_lua_check_options(L, arg, arg, "gjk", names);
	col_lua_option_bool(L, arg, "paper", arg, "gjk", &c.options.paper);
	col_lua_option_nonnegative(L, arg, "tolerance", arg, "gjk", &c.options.relative_tolerance);
	col_lua_option_nonnegative(L, arg, "absolute_tolerance", arg, "gjk", &c.options.absolute_tolerance);
	if (col_lua_option_int(L, arg, "max_iterations", arg, "gjk", &c.options.max_iterations) &&
	    (c.options.max_iterations < 1 || c.options.max_iterations > MAX_ITERATIONS))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "gjk: max_iterations must be in 1..%d, got %d",
		                              MAX_ITERATIONS, c.options.max_iterations));
	col_lua_option_bool(L, arg, "trace", arg, "gjk", &c.trace);
	if (col_lua_rawfield(L, arg, "cache") != LUA_TNIL) {
		c.cache = live_cache(L, -1, luaL_testudata(L, -1, COL_LUA_GJK_CACHE));
		if (c.cache == NULL)
			luaL_argerror(L, arg,
			              lua_pushfstring(L, "gjk: cache must be a collide.gjk_cache, got %s",
			                              luaL_typename(L, -1)));
	}
	return c;
}

/* collide.gjk(a, b [, options]) -> distance, point_a, point_b, info */
static int gjk(lua_State *L)
{
	const col_shape *a = col_lua_check_shape(L, 1);
	const col_shape *b = col_lua_check_shape(L, 2);
	lua_settop(L, 3);
	gjk_call c = check_options(L, 3); /* 4: the cache */
	col_gjk_trace trace = {NULL, 0, 0};
	if (c.trace) {
		/* One run to count the steps, with the cache as it was, then the real one into a buffer of
		 * that size (GJK is deterministic). */
		col_gjk_cache saved;
		memset(&saved, 0, sizeof saved);
		if (c.cache != NULL)
			saved = *c.cache;
		col_gjk_distance(a, b, &c.options, c.cache, &trace);
		if (c.cache != NULL)
			*c.cache = saved;
		int count = trace.count;
		trace.steps = lua_newuserdatauv(L, sizeof *trace.steps * (size_t)(count > 0 ? count : 1), 0);
		trace.capacity = count;
	}
	col_gjk_result r = col_gjk_distance(a, b, &c.options, c.cache, c.trace ? &trace : NULL);

	lua_pushnumber(L, r.distance);
	col_lua_push_vec3(L, r.point_a);
	col_lua_push_vec3(L, r.point_b);
	lua_createtable(L, 0, 11);
	lua_pushstring(L, status_name(r.status));
	lua_setfield(L, -2, "status");
	lua_pushboolean(L, r.overlap);
	lua_setfield(L, -2, "overlap");
	lua_pushinteger(L, r.iterations);
	lua_setfield(L, -2, "iterations");
	col_lua_set_number(L, "lower", r.lower_bound);
	col_lua_set_number(L, "upper", r.upper_bound);
	col_lua_set_number(L, "core_distance", r.core_distance);
	col_lua_set_vec3(L, "normal", r.normal);
	push_simplex(L, &r.simplex);
	lua_setfield(L, -2, "simplex");
	lua_pushboolean(L, r.backup);
	lua_setfield(L, -2, "backup");
	if (c.trace) {
		int count = trace.count < trace.capacity ? trace.count : trace.capacity;
		lua_createtable(L, count, 0);
		for (int k = 0; k < count; k++) {
			push_step(L, &trace.steps[k]);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "trace");
	}
	return 4;
}

/* collide.intersects(a, b [, cache]) -> overlap, separating_axis (nil when they overlap) */
static int intersects(lua_State *L)
{
	const col_shape *a = col_lua_check_shape(L, 1);
	const col_shape *b = col_lua_check_shape(L, 2);
	col_gjk_cache *cache = opt_cache(L, 3);
	col_vec3 axis;
	bool overlap = col_gjk_intersect(a, b, cache, &axis);
	lua_pushboolean(L, overlap);
	if (overlap)
		lua_pushnil(L);
	else
		col_lua_push_vec3(L, axis);
	return 2;
}

/* collide.johnson{p1, ..., pn} (1 to 4 points {x, y, z}) -> v, lambda, kept, deltas, backup */
static int johnson(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	int n = (int)col_lua_check_length(L, 1, 1, 4, "points");
	if (n < 1)
		return luaL_argerror(L, 1, "points: Johnson's sub-algorithm needs 1 to 4 points, got 0");
	col_vec3 points[4];
	static const char *const names[4] = {"point 1", "point 2", "point 3", "point 4"};
	for (int i = 0; i < n; i++) {
		lua_rawgeti(L, 1, i + 1);
		col_lua_table_point3(L, -1, 1, names[i], &points[i]);
		lua_pop(L, 1);
	}
	col_johnson_result r;
	col_johnson(points, n, &r);
	col_lua_push_vec3(L, r.v);
	push_numbers(L, r.lambda, n);
	push_subset(L, r.kept);
	push_deltas(L, &r, n);
	lua_pushboolean(L, r.backup);
	return 5;
}

void col_lua_open_gjk(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_GJK_CACHE, cache_functions, true);
	lua_pop(L, 1);
	static const luaL_Reg functions[] = {
	    {"gjk", gjk}, {"gjk_cache", cache_new}, {"intersects", intersects}, {"johnson", johnson},
	    {NULL, NULL},
	};
	luaL_setfuncs(L, functions, 0);
}
