/* The Lua face of the simplicial covering (source 000, ch. 3 and 4.1-4.4, the "DC" methods):
 * collide.covering(poly [, {origin = {x, y}}]), its temporal-coherence caches (collide.cache),
 * the barycentric tests (collide.barycentric) and the option and pose readers the tree and grid
 * bindings share. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/barycentric.h"

/* The userdata: a covering it owns, or (view) the covering of a tri-tree, which uservalue 1
 * holds; a view never frees anything. covering is NULL for a view and once closed. */
typedef struct covering_box {
	col_covering *covering;
	bool view;
} covering_box;

/* A cache: the engine's, NULL once closed. Uservalue 1 is the covering or tri-tree it was made
 * for, kept alive so that "made for this one" can always be asked. */
typedef struct cache_box {
	col_covering_cache *cache;
} cache_box;

/* ---- option tables and poses ---- */

void col_lua_check_options(lua_State *L, int idx, int arg, const char *what, const char *const names[])
{
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: table expected, got %s", what, luaL_typename(L, idx)));
	lua_pushnil(L);
	while (lua_next(L, idx) != 0) {
		lua_pop(L, 1);
		bool known = false;
		if (lua_type(L, -1) == LUA_TSTRING) {
			const char *key = lua_tostring(L, -1);
			for (int i = 0; names[i] != NULL && !known; i++)
				known = strcmp(key, names[i]) == 0;
		}
		if (!known) {
			const char *key = lua_type(L, -1) == LUA_TSTRING
			                      ? lua_pushfstring(L, "'%s'", lua_tostring(L, -1))
			                      : luaL_tolstring(L, -1, NULL);
			luaL_Buffer b;
			luaL_buffinit(L, &b);
			for (int i = 0; names[i] != NULL; i++) {
				luaL_addstring(&b, i == 0 ? "" : ", ");
				luaL_addstring(&b, names[i]);
			}
			luaL_pushresult(&b);
			luaL_argerror(L, arg,
			              lua_pushfstring(L, "%s: unknown option %s (expected %s)", what, key,
			                              lua_tostring(L, -1)));
		}
	}
}

bool col_lua_option_int(lua_State *L, int idx, const char *key, int arg, const char *what, int *out)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type == LUA_TNIL) {
		lua_pop(L, 1);
		return false;
	}
	int isint = 0;
	lua_Integer value = type == LUA_TNUMBER ? lua_tointegerx(L, -1, &isint) : 0;
	if (!isint)
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: %s must be an integer, got %s", what, key,
		                              type == LUA_TNUMBER ? luaL_tolstring(L, -1, NULL)
		                                                  : lua_typename(L, type)));
	if (value < INT_MIN || value > INT_MAX)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s %I is out of range", what, key, value));
	lua_pop(L, 1);
	*out = (int)value;
	return true;
}

col_transform2 col_lua_opt_pose(lua_State *L, int arg)
{
	static const char *const names[] = {"x", "y", "angle", NULL};
	if (lua_isnoneornil(L, arg))
		return col_transform2_identity();
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "pose {x =, y =, angle =}");
	col_lua_check_options(L, arg, arg, "pose", names);
	col_vec2 t = {0.0, 0.0};
	double angle = 0.0;
	col_lua_field_number(L, arg, "x", arg, "pose", &t.x);
	col_lua_field_number(L, arg, "y", arg, "pose", &t.y);
	col_lua_field_number(L, arg, "angle", arg, "pose", &angle);
	return col_transform2_make(t, angle);
}

/* ---- coverings ---- */

/* The covering behind box at idx, NULL when closed (or its tree closed). */
static const col_covering *covering_of(lua_State *L, int idx, const covering_box *box)
{
	if (!box->view)
		return box->covering;
	lua_getiuservalue(L, idx, 1);
	const col_tritree *tree = col_lua_to_tritree(L, -1);
	lua_pop(L, 1); /* the view's uservalue keeps the tree alive */
	return tree != NULL ? col_tritree_covering(tree) : NULL;
}

const col_covering *col_lua_to_covering(lua_State *L, int idx)
{
	covering_box *box = luaL_testudata(L, idx, COL_LUA_COVERING);
	return box != NULL ? covering_of(L, idx, box) : NULL;
}

const col_covering *col_lua_check_covering(lua_State *L, int arg)
{
	covering_box *box = luaL_checkudata(L, arg, COL_LUA_COVERING);
	const col_covering *covering = covering_of(L, arg, box);
	if (covering == NULL)
		luaL_argerror(L, arg, box->view ? "covering: its tri-tree is closed" : "covering is closed");
	return covering;
}

void col_lua_push_covering_view(lua_State *L, int tree_idx)
{
	tree_idx = lua_absindex(L, tree_idx);
	covering_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->covering = NULL;
	box->view = true;
	luaL_setmetatable(L, COL_LUA_COVERING);
	lua_pushvalue(L, tree_idx);
	lua_setiuservalue(L, -2, 1);
}

static const char *const covering_options[] = {"origin", NULL};

/* collide.covering(poly [, {origin = {x, y}}]) */
static int covering_new(lua_State *L)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	col_vec2 origin;
	bool has_origin = false;
	if (!lua_isnoneornil(L, 2)) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "covering", covering_options);
		if (col_lua_rawfield(L, 2, "origin") != LUA_TNIL) {
			col_lua_table_point2(L, -1, 2, "covering: origin", &origin);
			has_origin = true;
		}
		lua_pop(L, 1);
	}
	covering_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->covering = NULL;
	box->view = false;
	luaL_setmetatable(L, COL_LUA_COVERING);
	col_error error;
	if (col_covering_build(polygon, has_origin ? &origin : NULL, &box->covering, &error) != COL_OK) {
		box->covering = NULL;
		return col_lua_arg_fail(L, has_origin && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* The 0-based index of a 1-based one at arg, in 1..count. */
static int check_index(lua_State *L, int arg, int count)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "index %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

/* cov:origin() -> x, y */
static int covering_origin(lua_State *L)
{
	col_vec2 o = col_covering_origin(col_lua_check_covering(L, 1));
	lua_pushnumber(L, o.x);
	lua_pushnumber(L, o.y);
	return 2;
}

static int covering_origin_inside(lua_State *L)
{
	lua_pushboolean(L, col_covering_origin_inside(col_lua_check_covering(L, 1)));
	return 1;
}

/* #cov and cov:triangle_count(): one triangle per polygon edge. */
static int covering_len(lua_State *L)
{
	lua_pushinteger(L, col_covering_triangle_count(col_lua_check_covering(L, 1)));
	return 1;
}

static void push_triangle(lua_State *L, col_covering_triangle t)
{
	lua_createtable(L, 0, 4);
	col_lua_push_vec2(L, t.a);
	lua_setfield(L, -2, "a");
	col_lua_push_vec2(L, t.b);
	lua_setfield(L, -2, "b");
	lua_pushinteger(L, t.sign);
	lua_setfield(L, -2, "sign");
	lua_pushinteger(L, t.contour + 1);
	lua_setfield(L, -2, "contour");
}

/* cov:triangle(i) -> {a = {x, y}, b = {x, y}, sign = -1 | 0 | 1, contour = c} (1-based) */
static int covering_triangle(lua_State *L)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	int i = check_index(L, 2, col_covering_triangle_count(covering));
	push_triangle(L, col_covering_triangle_at(covering, i));
	return 1;
}

/* cov:triangles() -> array of what cov:triangle(i) returns */
static int covering_triangles(lua_State *L)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	int count = col_covering_triangle_count(covering);
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		push_triangle(L, col_covering_triangle_at(covering, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int covering_is_convex(lua_State *L)
{
	lua_pushboolean(L, col_covering_is_convex(col_lua_check_covering(L, 1)));
	return 1;
}

static int covering_is_positive(lua_State *L)
{
	lua_pushboolean(L, col_covering_is_positive(col_lua_check_covering(L, 1)));
	return 1;
}

/* cov:supports(method) -> bool */
static int covering_supports(lua_State *L)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	luaL_checkstring(L, 2);
	lua_pushboolean(L, col_covering_supports(covering, col_lua_opt_method(L, 2, COL_METHOD_DEFAULT)));
	return 1;
}

/* cov:bounding_circle() -> collide.circle around the origin holding the polygon */
static int covering_bounding_circle(lua_State *L)
{
	col_lua_push_circle(L, col_covering_bounding_circle(col_lua_check_covering(L, 1)));
	return 1;
}

/* cov:cache() -> a new collide.cache for this covering */
static int covering_cache(lua_State *L)
{
	col_lua_push_cache(L, col_lua_check_covering(L, 1), 1);
	return 1;
}

/* A point method at arg for a covering: DEFAULT, COVERING, or CONVEX and STAR where the covering
 * offers them. Asking for one it does not offer is an error, not a silent fallback. */
static col_method check_point_method(lua_State *L, int arg, const col_covering *covering)
{
	col_method method = col_lua_opt_method(L, arg, COL_METHOD_DEFAULT);
	switch (method) {
	case COL_METHOD_DEFAULT:
	case COL_METHOD_COVERING: return method;
	case COL_METHOD_CONVEX:
		if (!col_covering_supports(covering, method))
			luaL_argerror(
			    L, arg,
			    "covering: this polygon is not convex from its origin; 'convex' needs one "
			    "contour, every turn to the left and the origin inside");
		return method;
	case COL_METHOD_STAR:
		if (!col_covering_supports(covering, method))
			luaL_argerror(
			    L, arg,
			    "covering: this polygon is not star-shaped from its origin; 'star' needs "
			    "every covering triangle positive");
		return method;
	default:
		luaL_argerror(L, arg,
		              lua_pushfstring(L,
		                              "covering: '%s' is not a covering method (expected "
		                              "'covering', 'convex', 'star' or 'default')",
		                              col_method_name(method)));
		return method;
	}
}

/* [method [, cache]] or [cache] from arg on. */
static void check_method_cache(lua_State *L, int arg, const col_covering *covering, col_method *method,
                               col_covering_cache **cache)
{
	if (col_lua_is_cache(L, arg)) {
		*method = COL_METHOD_DEFAULT;
		*cache = col_lua_opt_cache(L, arg, covering, NULL);
		return;
	}
	*method = check_point_method(L, arg, covering);
	*cache = col_lua_opt_cache(L, arg + 1, covering, NULL);
}

/* cov:contains(x, y [, method [, cache]]) / cov:contains({x, y} [, method [, cache]]) */
static bool covering_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	col_vec2 p;
	int next = col_lua_check_point2(L, 2, &p);
	col_method method;
	col_covering_cache *cache;
	check_method_cache(L, next, covering, &method, &cache);
	return col_covering_contains(covering, p, method, cache, stats);
}

static int covering_contains(lua_State *L)
{
	return col_lua_contains(L, covering_contains_point, false);
}

/* cov:contains_stats(...) -> inside, stats */
static int covering_contains_stats(lua_State *L)
{
	return col_lua_contains(L, covering_contains_point, true);
}

/* What cov:contains_all reads before the points. */
typedef struct covering_query {
	const col_covering *covering;
	col_method method;
	col_covering_cache *cache;
} covering_query;

static void covering_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                     col_query_stats *stats)
{
	const covering_query *q = query;
	const col_vec2 *p = (const col_vec2 *)points->data;
	for (size_t i = 0; i < points->count; i++)
		inside[i] = col_covering_contains(q->covering, p[i], q->method, q->cache, stats);
}

/* cov:contains_all(points [, method [, cache]]) -> results, stats: one C loop over the buffer,
 * the cache (if any) carried from each point to the next, as along a trajectory. */
static int covering_contains_all(lua_State *L)
{
	covering_query query;
	query.covering = col_lua_check_covering(L, 1);
	check_method_cache(L, 3, query.covering, &query.method, &query.cache);
	return col_lua_contains_all(L, 4, 2, covering_contains_points, &query);
}

/* The answer of cov:collides(circle [, cache]) / cov:collides(other [, pose [, cache]]). */
static bool covering_collides_with(lua_State *L, col_query_stats *stats)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	col_circle circle;
	if (col_lua_to_circle(L, 2, &circle))
		return col_covering_intersects_circle(covering, circle,
		                                      col_lua_opt_cache(L, 3, covering, NULL), stats);
	if (luaL_testudata(L, 2, COL_LUA_COVERING) == NULL)
		col_lua_typeerror(L, 2, "collide.circle or collide.covering");
	const col_covering *other = col_lua_check_covering(L, 2);
	int arg = 3;
	col_transform2 pose = col_transform2_identity();
	if (lua_isnoneornil(L, arg) || lua_istable(L, arg))
		pose = col_lua_opt_pose(L, arg++);
	col_covering_cache *cache =
	    col_lua_opt_cache(L, arg, covering, arg == 3 ? "pose or collide.cache" : NULL);
	return col_covering_intersects_covering(covering, other, pose, cache, stats);
}

static int covering_collides(lua_State *L)
{
	lua_pushboolean(L, covering_collides_with(L, NULL));
	return 1;
}

static int covering_collides_stats(lua_State *L)
{
	col_query_stats stats;
	col_query_stats_reset(&stats);
	lua_pushboolean(L, covering_collides_with(L, &stats));
	col_lua_push_stats(L, &stats);
	return 2;
}

static col_influence check_influence(lua_State *L, int arg)
{
	static const char *const kinds[] = {"plain", "extended", "limited", NULL};
	return (col_influence)luaL_checkoption(L, arg, "limited", kinds);
}

static double check_distance(lua_State *L, int arg)
{
	double r = col_lua_check_finite(L, arg);
	if (r < 0.0)
		luaL_argerror(L, arg, lua_pushfstring(L, "distance %f is negative", r));
	return r;
}

/* cov:influence(i, r [, kind]) -> the area's 4 corners {x, y}, counter-clockwise */
static int covering_influence(lua_State *L)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	int i = check_index(L, 2, col_covering_triangle_count(covering));
	double r = check_distance(L, 3);
	col_influence kind = check_influence(L, 4);
	col_vec2 corners[4];
	if (!col_covering_influence_corners(covering, i, r, kind, corners))
		return luaL_error(L, "covering: no area of influence for triangle %d", i + 1);
	lua_createtable(L, 4, 0);
	for (int k = 0; k < 4; k++) {
		col_lua_push_vec2(L, corners[k]);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* cov:in_influence(i, x, y, r [, kind]) / cov:in_influence(i, {x, y}, r [, kind]) -> bool */
static int covering_in_influence(lua_State *L)
{
	const col_covering *covering = col_lua_check_covering(L, 1);
	int i = check_index(L, 2, col_covering_triangle_count(covering));
	col_vec2 p;
	int next = col_lua_check_point2(L, 3, &p);
	double r = check_distance(L, next);
	col_influence kind = check_influence(L, next + 1);
	lua_pushboolean(L, col_covering_in_influence(covering, i, p, r, kind));
	return 1;
}

static int covering_tostring(lua_State *L)
{
	covering_box *box = luaL_checkudata(L, 1, COL_LUA_COVERING);
	const col_covering *covering = covering_of(L, 1, box);
	if (covering == NULL) {
		lua_pushstring(L, box->view ? "covering(of a closed tri-tree)" : "covering(closed)");
		return 1;
	}
	col_vec2 o = col_covering_origin(covering);
	lua_pushfstring(L, "covering(%d triangles, origin (%f, %f) %s%s)",
	                col_covering_triangle_count(covering), o.x, o.y,
	                col_covering_origin_inside(covering) ? "inside" : "outside",
	                col_covering_is_convex(covering)     ? ", convex"
	                : col_covering_is_positive(covering) ? ", positive"
	                                                     : "");
	return 1;
}

/* __gc, __close and close(): frees an owned covering once; a tri-tree's covering goes with its
 * tree, so closing the view does nothing. */
static int covering_release(lua_State *L)
{
	covering_box *box = luaL_checkudata(L, 1, COL_LUA_COVERING);
	if (!box->view && box->covering != NULL)
		col_covering_destroy(box->covering);
	box->covering = NULL;
	return 0;
}

/* __closed: an owned covering once released, a view once its tri-tree is closed. */
static int covering_closed(lua_State *L)
{
	luaL_checkudata(L, 1, COL_LUA_COVERING);
	lua_pushboolean(L, col_lua_to_covering(L, 1) == NULL);
	return 1;
}

static const luaL_Reg covering_methods[] = {
    {"origin", covering_origin},
    {"origin_inside", covering_origin_inside},
    {"triangle_count", covering_len},
    {"triangle", covering_triangle},
    {"triangles", covering_triangles},
    {"is_convex", covering_is_convex},
    {"is_positive", covering_is_positive},
    {"supports", covering_supports},
    {"bounding_circle", covering_bounding_circle},
    {"cache", covering_cache},
    {"contains", covering_contains},
    {"contains_stats", covering_contains_stats},
    {"contains_all", covering_contains_all},
    {"collides", covering_collides},
    {"collides_stats", covering_collides_stats},
    {"influence", covering_influence},
    {"in_influence", covering_in_influence},
    {"close", covering_release},
    {"__len", covering_len},
    {"__tostring", covering_tostring},
    {"__gc", covering_release},
    {"__closed", covering_closed},
    {"__close", covering_release},
    {NULL, NULL},
};

/* ---- caches ---- */

void col_lua_push_cache(lua_State *L, const col_covering *covering, int owner_idx)
{
	owner_idx = lua_absindex(L, owner_idx);
	cache_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->cache = NULL;
	luaL_setmetatable(L, COL_LUA_CACHE);
	lua_pushvalue(L, owner_idx);
	lua_setiuservalue(L, -2, 1);
	col_error error;
	if (col_covering_cache_create(covering, &box->cache, &error) != COL_OK) {
		box->cache = NULL;
		col_lua_fail(L, &error);
	}
}

bool col_lua_is_cache(lua_State *L, int idx)
{
	return luaL_testudata(L, idx, COL_LUA_CACHE) != NULL;
}

/* The covering the cache at idx was made for, NULL when that object was closed since. */
static const col_covering *cache_owner(lua_State *L, int idx)
{
	lua_getiuservalue(L, idx, 1);
	const col_covering *covering = col_lua_to_covering(L, -1);
	if (covering == NULL) {
		const col_tritree *tree = col_lua_to_tritree(L, -1);
		covering = tree != NULL ? col_tritree_covering(tree) : NULL;
	}
	lua_pop(L, 1);
	return covering;
}

col_covering_cache *col_lua_opt_cache(lua_State *L, int arg, const col_covering *covering,
                                      const char *expected)
{
	if (lua_isnoneornil(L, arg))
		return NULL;
	cache_box *box = luaL_testudata(L, arg, COL_LUA_CACHE);
	if (box == NULL)
		col_lua_typeerror(L, arg, expected != NULL ? expected : COL_LUA_CACHE);
	if (box->cache == NULL)
		luaL_argerror(L, arg, "cache is closed");
	const col_covering *owner = cache_owner(L, arg);
	if (owner == NULL)
		luaL_argerror(L, arg, "cache: the covering or tri-tree it was made for is closed");
	if (owner != covering)
		luaL_argerror(L, arg,
		              "cache: made for another covering or tri-tree (make one with its :cache())");
	return box->cache;
}

static cache_box *check_open_cache(lua_State *L, int arg)
{
	cache_box *box = luaL_checkudata(L, arg, COL_LUA_CACHE);
	if (box->cache == NULL)
		luaL_argerror(L, arg, "cache is closed");
	return box;
}

/* cache:reset(): forget everything; the next query recomputes all. */
static int cache_reset(lua_State *L)
{
	col_covering_cache_reset(check_open_cache(L, 1)->cache);
	lua_settop(L, 1);
	return 1;
}

static int cache_tostring(lua_State *L)
{
	cache_box *box = luaL_checkudata(L, 1, COL_LUA_CACHE);
	const col_covering *owner = box->cache != NULL ? cache_owner(L, 1) : NULL;
	lua_getiuservalue(L, 1, 1);
	bool tree = luaL_testudata(L, -1, COL_LUA_TRITREE) != NULL;
	lua_pop(L, 1);
	if (box->cache == NULL)
		lua_pushliteral(L, "cache(closed)");
	else if (owner == NULL)
		lua_pushfstring(L, "cache(for a closed %s)", tree ? "tri-tree" : "covering");
	else
		lua_pushfstring(L, "cache(for a %s of %d triangles)", tree ? "tri-tree" : "covering",
		                col_covering_triangle_count(owner));
	return 1;
}

static int cache_release(lua_State *L)
{
	cache_box *box = luaL_checkudata(L, 1, COL_LUA_CACHE);
	col_covering_cache_destroy(box->cache);
	box->cache = NULL;
	return 0;
}

static const luaL_Reg cache_methods[] = {
    {"reset", cache_reset},
    {"close", cache_release},
    {"__tostring", cache_tostring},
    {"__gc", cache_release},
    {"__closed", col_lua_owner_closed},
    {"__close", cache_release},
    {NULL, NULL},
};

/* ---- barycentric tests (collide.barycentric) ---- */

static col_vec2 check_vertex(lua_State *L, int arg, const char *what)
{
	col_vec2 p;
	col_lua_table_point2(L, arg, arg, what, &p);
	return p;
}

/* signs(v0, v1, v2, p) -> sign(alpha), sign(beta), sign(gamma), each -1, 0 or 1 */
static int barycentric_signs(lua_State *L)
{
	col_vec2 v0 = check_vertex(L, 1, "v0"), v1 = check_vertex(L, 2, "v1"), v2 = check_vertex(L, 3, "v2");
	col_vec2 p = check_vertex(L, 4, "p");
	int signs[3];
	col_barycentric_signs(v0, v1, v2, p, signs);
	for (int k = 0; k < 3; k++)
		lua_pushinteger(L, signs[k]);
	return 3;
}

/* locate(v0, v1, v2, p) -> "outside" | "interior" | "edge 12" | ... */
static int barycentric_locate(lua_State *L)
{
	col_vec2 v0 = check_vertex(L, 1, "v0"), v1 = check_vertex(L, 2, "v1"), v2 = check_vertex(L, 3, "v2");
	col_vec2 p = check_vertex(L, 4, "p");
	lua_pushstring(L, col_triangle_position_name(col_triangle_locate(v0, v1, v2, p)));
	return 1;
}

static int barycentric_in_cone(lua_State *L)
{
	col_vec2 v0 = check_vertex(L, 1, "v0"), v1 = check_vertex(L, 2, "v1"), v2 = check_vertex(L, 3, "v2");
	col_vec2 p = check_vertex(L, 4, "p");
	lua_pushboolean(L, col_tricone_contains(v0, v1, v2, p));
	return 1;
}

static int barycentric_in_truncated_cone(lua_State *L)
{
	col_vec2 v0 = check_vertex(L, 1, "v0"), v1 = check_vertex(L, 2, "v1"), v2 = check_vertex(L, 3, "v2");
	col_vec2 p = check_vertex(L, 4, "p");
	lua_pushboolean(L, col_truncated_tricone_contains(v0, v1, v2, p));
	return 1;
}

/* segments(p, q, t, u): whether closed segments pq and tu share a point */
static int barycentric_segments(lua_State *L)
{
	col_vec2 p = check_vertex(L, 1, "p"), q = check_vertex(L, 2, "q");
	col_vec2 t = check_vertex(L, 3, "t"), u = check_vertex(L, 4, "u");
	lua_pushboolean(L, col_barycentric_segments_intersect(p, q, t, u));
	return 1;
}

static void check_triangle(lua_State *L, int arg, col_vec2 out[3])
{
	luaL_checktype(L, arg, LUA_TTABLE);
	lua_Integer n = col_lua_rawlen(L, arg);
	if (n != 3)
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "triangle: expected 3 points, got a table of length %I", n));
	for (int k = 0; k < 3; k++) {
		lua_rawgeti(L, arg, k + 1);
		char what[32];
		snprintf(what, sizeof what, "triangle vertex %d", k + 1);
		col_lua_table_point2(L, -1, arg, what, &out[k]);
		lua_pop(L, 1);
	}
}

/* triangles({a, b, c}, {d, e, f}): whether two closed triangles share a point */
static int barycentric_triangles(lua_State *L)
{
	col_vec2 a[3], b[3];
	check_triangle(L, 1, a);
	check_triangle(L, 2, b);
	lua_pushboolean(L, col_barycentric_triangles_intersect(a, b));
	return 1;
}

static const luaL_Reg barycentric_functions[] = {
    {"signs", barycentric_signs},
    {"locate", barycentric_locate},
    {"in_cone", barycentric_in_cone},
    {"in_truncated_cone", barycentric_in_truncated_cone},
    {"segments", barycentric_segments},
    {"triangles", barycentric_triangles},
    {NULL, NULL},
};

void col_lua_open_covering(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_COVERING, covering_methods, true);
	lua_pop(L, 1);
	col_lua_new_type(L, COL_LUA_CACHE, cache_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, covering_new);
	lua_setfield(L, -2, "covering");
	luaL_newlib(L, barycentric_functions);
	lua_setfield(L, -2, "barycentric");
}
