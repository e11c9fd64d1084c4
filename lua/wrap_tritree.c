/* The Lua face of the tri-tree (source 000, 4.5: DC-TT and DC-List):
 * collide.tritree(poly [, {leaf_cones =, depth =, min_triangles =, fit_iterations =, max_memory =,
 * origin = {x, y}}]), its cones, envelopes, point, circle and polygon queries, and the traces the
 * viewer steps through. Cones and covering triangles are numbered from 1 here, as Lua is. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <stdint.h>

/* The userdata: the engine's tree, NULL once closed. Uservalue 1 is the collide.covering that
 * views its covering, made on first use so tree:covering() is the same value every time. */
typedef struct tritree_box {
	col_tritree *tree;
} tritree_box;

col_tritree *col_lua_to_tritree(lua_State *L, int idx)
{
	tritree_box *box = luaL_testudata(L, idx, COL_LUA_TRITREE);
	return box != NULL ? box->tree : NULL;
}

static col_tritree *check_tritree(lua_State *L, int arg)
{
	tritree_box *box = luaL_checkudata(L, arg, COL_LUA_TRITREE);
	if (box->tree == NULL)
		luaL_argerror(L, arg, "tritree is closed");
	return box->tree;
}

static const char *const tritree_options[] = {
    "leaf_cones", "depth", "min_triangles", "fit_iterations", "max_memory", "origin", NULL,
};

/* collide.tritree(poly [, options]) */
static int tritree_new(lua_State *L)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	col_tritree_options options = col_tritree_default_options();
	bool has_options = !lua_isnoneornil(L, 2);
	if (has_options) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "tritree", tritree_options);
		col_lua_option_int(L, 2, "leaf_cones", 2, "tritree", &options.leaf_cones);
		col_lua_option_int(L, 2, "depth", 2, "tritree", &options.max_depth);
		col_lua_option_int(L, 2, "min_triangles", 2, "tritree", &options.min_triangles);
		col_lua_option_int(L, 2, "fit_iterations", 2, "tritree", &options.fit_iterations);
		double max_memory = 0.0;
		if (col_lua_field_number(L, 2, "max_memory", 2, "tritree", &max_memory)) {
			if (!(max_memory >= 1.0 && max_memory < (double)SIZE_MAX))
				luaL_argerror(L, 2, lua_pushfstring(L, "tritree: max_memory must be a positive byte count, got %f",
				                                    max_memory));
			options.max_memory = (size_t)max_memory;
		}
		if (col_lua_rawfield(L, 2, "origin") != LUA_TNIL) {
			col_lua_table_point2(L, -1, 2, "tritree: origin", &options.origin);
			options.has_origin = true;
		}
		lua_pop(L, 1);
	}
	tritree_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->tree = NULL;
	luaL_setmetatable(L, COL_LUA_TRITREE);
	col_error error;
	if (col_tritree_build(polygon, &options, &box->tree, &error) != COL_OK) {
		box->tree = NULL;
		return col_lua_arg_fail(L, has_options && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* The 0-based cone of a 1-based index at arg. */
static int check_cone(lua_State *L, int arg, const col_tritree *tree)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	int count = col_tritree_cone_count(tree);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "cone %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

static int check_level(lua_State *L, int arg, const col_tritree *tree)
{
	lua_Integer level = luaL_checkinteger(L, arg);
	int levels = col_tritree_get_stats(tree).levels;
	if (level < 1 || level > levels)
		luaL_argerror(L, arg, lua_pushfstring(L, "level %I out of range 1..%d", level, levels));
	return (int)level;
}

/* tree:covering() -> the collide.covering the tree classifies with (the same value each time;
 * it keeps the tree alive and is closed with it) */
static int tritree_covering(lua_State *L)
{
	check_tritree(L, 1);
	if (lua_getiuservalue(L, 1, 1) != LUA_TNIL)
		return 1;
	lua_pop(L, 1);
	col_lua_push_covering_view(L, 1);
	lua_pushvalue(L, -1);
	lua_setiuservalue(L, 1, 1);
	return 1;
}

/* tree:stats() -> {levels, cones, leaves, triangles_stored, duplicates, max_leaf_triangles,
 * memory_bytes} */
static int tritree_stats(lua_State *L)
{
	col_tritree_stats s = col_tritree_get_stats(check_tritree(L, 1));
	lua_createtable(L, 0, 7);
	lua_pushinteger(L, s.levels);
	lua_setfield(L, -2, "levels");
	lua_pushinteger(L, s.cones);
	lua_setfield(L, -2, "cones");
	lua_pushinteger(L, s.leaves);
	lua_setfield(L, -2, "leaves");
	lua_pushinteger(L, (lua_Integer)s.triangles_stored);
	lua_setfield(L, -2, "triangles_stored");
	lua_pushinteger(L, (lua_Integer)s.duplicates);
	lua_setfield(L, -2, "duplicates");
	lua_pushinteger(L, s.max_leaf_triangles);
	lua_setfield(L, -2, "max_leaf_triangles");
	lua_pushinteger(L, (lua_Integer)s.memory_bytes);
	lua_setfield(L, -2, "memory_bytes");
	return 1;
}

/* #tree -> cone count */
static int tritree_len(lua_State *L)
{
	lua_pushinteger(L, col_tritree_cone_count(check_tritree(L, 1)));
	return 1;
}

/* tree:apex() -> x, y */
static int tritree_apex(lua_State *L)
{
	col_vec2 apex = col_tritree_apex(check_tritree(L, 1));
	lua_pushnumber(L, apex.x);
	lua_pushnumber(L, apex.y);
	return 2;
}

static void set_point(lua_State *L, const char *key, col_vec2 p)
{
	col_lua_push_vec2(L, p);
	lua_setfield(L, -2, key);
}

/* tree:cone(i) -> {level, parent, children, leaf, ray1, ray2, raw1, raw2, env1, env2,
 * circle = {center, radius}, triangles} (indices 1-based; parent and children nil at a root or
 * a leaf) */
static int tritree_cone(lua_State *L)
{
	const col_tritree *tree = check_tritree(L, 1);
	int index = check_cone(L, 2, tree);
	col_tritree_cone cone;
	col_tritree_cone_at(tree, index, &cone);
	lua_createtable(L, 0, 13);
	lua_pushinteger(L, cone.level);
	lua_setfield(L, -2, "level");
	if (cone.parent >= 0) {
		lua_pushinteger(L, cone.parent + 1);
		lua_setfield(L, -2, "parent");
	}
	if (cone.first_child >= 0) {
		lua_createtable(L, 2, 0);
		lua_pushinteger(L, cone.first_child + 1);
		lua_rawseti(L, -2, 1);
		lua_pushinteger(L, cone.first_child + 2);
		lua_rawseti(L, -2, 2);
		lua_setfield(L, -2, "children");
	}
	lua_pushboolean(L, cone.first_child < 0);
	lua_setfield(L, -2, "leaf");
	set_point(L, "ray1", cone.ray1);
	set_point(L, "ray2", cone.ray2);
	set_point(L, "raw1", cone.raw1);
	set_point(L, "raw2", cone.raw2);
	set_point(L, "env1", cone.env1);
	set_point(L, "env2", cone.env2);
	lua_createtable(L, 0, 2);
	set_point(L, "center", cone.circle_center);
	lua_pushnumber(L, cone.circle_radius);
	lua_setfield(L, -2, "radius");
	lua_setfield(L, -2, "circle");
	int count = 0;
	const int *triangles = col_tritree_cone_triangles(tree, index, &count);
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++) {
		lua_pushinteger(L, triangles[k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "triangles");
	return 1;
}

/* Appends to the table on top the 1-based cones of the level's tiling under cone index (the
 * cones at level, leaves above it), counter-clockwise. */
static lua_Integer push_tiling(lua_State *L, const col_tritree *tree, int index, int level, lua_Integer n)
{
	col_tritree_cone cone;
	col_tritree_cone_at(tree, index, &cone);
	if (cone.level == level || cone.first_child < 0) {
		lua_pushinteger(L, index + 1);
		lua_rawseti(L, -2, ++n);
		return n;
	}
	n = push_tiling(L, tree, cone.first_child, level, n);
	return push_tiling(L, tree, cone.first_child + 1, level, n);
}

/* tree:cones([level]) -> every cone index, or the tiling of a level (its cones and the leaves
 * above it, counter-clockwise from the first quadrant) */
static int tritree_cones(lua_State *L)
{
	const col_tritree *tree = check_tritree(L, 1);
	int count = col_tritree_cone_count(tree);
	if (lua_isnoneornil(L, 2)) {
		lua_createtable(L, count, 0);
		for (int i = 0; i < count; i++) {
			lua_pushinteger(L, i + 1);
			lua_rawseti(L, -2, i + 1);
		}
		return 1;
	}
	int level = check_level(L, 2, tree);
	lua_newtable(L);
	lua_Integer n = 0;
	for (int q = 0; q < 4 && q < count; q++)
		n = push_tiling(L, tree, q, level, n);
	return 1;
}

/* tree:envelope([level]) -> the regular envelope of a level (default: the deepest) as
 * {{x, y}, ...}, counter-clockwise */
static int tritree_envelope(lua_State *L)
{
	const col_tritree *tree = check_tritree(L, 1);
	int level = lua_isnoneornil(L, 2) ? col_tritree_get_stats(tree).levels : check_level(L, 2, tree);
	int capacity = col_tritree_cone_count(tree);
	col_vec2 *points = lua_newuserdatauv(L, (size_t)capacity * sizeof *points + 1, 0);
	int count = col_tritree_regular_envelope(tree, level, points, capacity);
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		col_lua_push_vec2(L, points[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* tree:locate(x, y) -> the 1-based leaf cone whose closed region holds the point */
static int tritree_locate(lua_State *L)
{
	const col_tritree *tree = check_tritree(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	lua_pushinteger(L, col_tritree_locate(tree, p) + 1);
	return 1;
}

/* tree:cache() -> a collide.cache for the tree's covering */
static int tritree_cache(lua_State *L)
{
	col_lua_push_cache(L, col_tritree_covering(check_tritree(L, 1)), 1);
	return 1;
}

/* tree:contains(x, y [, cache]) */
static bool tritree_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_tritree *tree = check_tritree(L, 1);
	col_vec2 p;
	int next = col_lua_check_point2(L, 2, &p);
	col_covering_cache *cache = col_lua_opt_cache(L, next, col_tritree_covering(tree), NULL);
	return col_tritree_contains(tree, p, cache, stats, NULL);
}

static int tritree_contains(lua_State *L)
{
	return col_lua_contains(L, tritree_contains_point, false);
}

/* tree:contains_stats(x, y [, cache]) -> inside, stats */
static int tritree_contains_stats(lua_State *L)
{
	return col_lua_contains(L, tritree_contains_point, true);
}

/* What tree:contains_all reads before the points. */
typedef struct tritree_query {
	const col_tritree *tree;
	col_covering_cache *cache;
} tritree_query;

static void tritree_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                    col_query_stats *stats)
{
	const tritree_query *q = query;
	const col_vec2 *p = (const col_vec2 *)points->data;
	if (q->cache == NULL) {
		col_tritree_contains_points(q->tree, p, points->count, inside, stats);
	} else {
		for (size_t i = 0; i < points->count; i++)
			inside[i] = col_tritree_contains(q->tree, p[i], q->cache, stats, NULL);
	}
}

/* tree:contains_all(points [, cache]) -> results, stats (one C call; with a cache, the points
 * are taken in order and the cache carried along, as on a trajectory) */
static int tritree_contains_all(lua_State *L)
{
	tritree_query query;
	query.tree = check_tritree(L, 1);
	query.cache = col_lua_opt_cache(L, 3, col_tritree_covering(query.tree), NULL);
	return col_lua_contains_all(L, 3, 2, tritree_contains_points, &query);
}

/* Pushes the first count entries of a trace list, 1-based, as a table. */
static void push_indices(lua_State *L, const int *indices, int count)
{
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++) {
		lua_pushinteger(L, indices[k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
}

/* A trace with room for cones and triangles, its arrays in a userdata pushed on the stack. */
static col_tritree_trace push_trace(lua_State *L, int cones, int triangles)
{
	int *data = lua_newuserdatauv(L, ((size_t)cones + (size_t)triangles) * sizeof(int) + 1, 0);
	return (col_tritree_trace){data, cones, 0, data + cones, triangles, 0, -1, -1};
}

static void push_trace_table(lua_State *L, const col_tritree_trace *trace)
{
	int cones = trace->cone_count < trace->cone_capacity ? trace->cone_count : trace->cone_capacity;
	int triangles = trace->triangle_count < trace->triangle_capacity ? trace->triangle_count
	                                                                 : trace->triangle_capacity;
	lua_createtable(L, 0, 3);
	push_indices(L, trace->cones, cones);
	lua_setfield(L, -2, "cones");
	push_indices(L, trace->triangles, triangles);
	lua_setfield(L, -2, "triangles");
	/* The edge pair that decided a polygon pair query: hit = {a = i, b = j} (1-based covering
	 * triangles of each tree), absent when no edges met. */
	if (trace->hit_triangle_a >= 0 && trace->hit_triangle_b >= 0) {
		lua_createtable(L, 0, 2);
		lua_pushinteger(L, trace->hit_triangle_a + 1);
		lua_setfield(L, -2, "a");
		lua_pushinteger(L, trace->hit_triangle_b + 1);
		lua_setfield(L, -2, "b");
		lua_setfield(L, -2, "hit");
	}
	if (cones < trace->cone_count || triangles < trace->triangle_count) {
		lua_pushboolean(L, true);
		lua_setfield(L, -2, "truncated");
	}
}

/* tree:trace(x, y) -> inside, {cones = {...}, triangles = {...}}: the cones of the descent, root
 * to leaf, and the covering triangles summed (1-based) */
static int tritree_trace(lua_State *L)
{
	const col_tritree *tree = check_tritree(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	col_tritree_stats s = col_tritree_get_stats(tree);
	col_tritree_trace trace = push_trace(L, s.levels + 1, s.max_leaf_triangles);
	bool inside = col_tritree_contains(tree, p, NULL, NULL, &trace);
	lua_pushboolean(L, inside);
	push_trace_table(L, &trace);
	return 2;
}

/* What tree:collides(...) was asked: a circle, or another tree with a pose and a method. */
typedef struct collide_query {
	const col_tritree *tree, *other;
	col_circle circle;
	col_transform2 pose;
	col_method method;
	col_covering_cache *cache;
} collide_query;

static col_method check_pair_method(lua_State *L, int arg)
{
	col_method method = col_lua_opt_method(L, arg, COL_METHOD_DEFAULT);
	switch (method) {
	case COL_METHOD_DEFAULT:
	case COL_METHOD_TRITREE:
	case COL_METHOD_CONE_LIST:
	case COL_METHOD_COVERING: return method;
	default:
		luaL_argerror(L, arg,
		              lua_pushfstring(L,
		                              "tritree: '%s' is not a tri-tree pair method (expected "
		                              "'tritree', 'cone_list', 'covering' or 'default')",
		                              col_method_name(method)));
		return method;
	}
}

/* tree:collides(circle [, cache]) / tree:collides(other [, pose [, method [, cache]]]); pose
 * and method may each be left out (or nil). */
static collide_query check_collide_query(lua_State *L)
{
	collide_query q = {check_tritree(L, 1), NULL, {{0.0, 0.0}, 0.0}, col_transform2_identity(),
	                   COL_METHOD_DEFAULT,  NULL};
	const col_covering *covering = col_tritree_covering(q.tree);
	if (col_lua_to_circle(L, 2, &q.circle)) {
		q.cache = col_lua_opt_cache(L, 3, covering, NULL);
		return q;
	}
	if (luaL_testudata(L, 2, COL_LUA_TRITREE) == NULL)
		col_lua_typeerror(L, 2, "collide.circle or collide.tritree");
	q.other = check_tritree(L, 2);
	int arg = 3;
	if (lua_isnoneornil(L, arg) || lua_istable(L, arg))
		q.pose = col_lua_opt_pose(L, arg++);
	if (lua_isnoneornil(L, arg) || lua_type(L, arg) == LUA_TSTRING)
		q.method = check_pair_method(L, arg++);
	q.cache = col_lua_opt_cache(L, arg, covering,
	                            arg == 3   ? "pose, method name or collide.cache"
	                            : arg == 4 ? "method name or collide.cache"
	                                       : NULL);
	return q;
}

static bool run_collide_query(const collide_query *q, col_query_stats *stats, col_tritree_trace *trace)
{
	if (q->other == NULL)
		return col_tritree_intersects_circle(q->tree, q->circle, q->cache, stats, trace);
	return col_tritree_intersects_tritree(q->tree, q->other, q->pose, q->method, q->cache, stats, trace);
}

static int tritree_collides(lua_State *L)
{
	collide_query q = check_collide_query(L);
	lua_pushboolean(L, run_collide_query(&q, NULL, NULL));
	return 1;
}

static int tritree_collides_stats(lua_State *L)
{
	collide_query q = check_collide_query(L);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	lua_pushboolean(L, run_collide_query(&q, &stats, NULL));
	col_lua_push_stats(L, &stats);
	return 2;
}

/* tree:collides_trace(...) -> collides, {cones = {...}, triangles = {...}}, stats: the cones of
 * this tree the query visited and the covering triangles whose edges it tested (1-based, in
 * order; a cone may come more than once in a pair query). The buffers are sized from the tree;
 * a trace that outgrows them is recorded again with room for all of it (the second run sees the
 * cache as the first left it, so it answers the same and may take a shorter path). */
static int tritree_collides_trace(lua_State *L)
{
	collide_query q = check_collide_query(L);
	col_tritree_stats s = col_tritree_get_stats(q.tree);
	size_t triangles = s.triangles_stored + (size_t)s.max_leaf_triangles;
	int cones = s.cones + s.levels + 2;
	col_tritree_trace trace =
	    push_trace(L, cones, triangles > INT_MAX / 2 ? INT_MAX / 2 : (int)triangles);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	bool hit = run_collide_query(&q, &stats, &trace);
	if (trace.cone_count > trace.cone_capacity || trace.triangle_count > trace.triangle_capacity) {
		if (trace.cone_count > INT_MAX / 2 || trace.triangle_count > INT_MAX / 2)
			return luaL_error(L, "tritree: trace too long (%d cones, %d triangles)",
			                  trace.cone_count, trace.triangle_count);
		trace = push_trace(L, trace.cone_count * 2, trace.triangle_count * 2);
		trace.hit_triangle_a = trace.hit_triangle_b = -1;
		col_query_stats_reset(&stats);
		hit = run_collide_query(&q, &stats, &trace);
	}
	lua_pushboolean(L, hit);
	push_trace_table(L, &trace);
	col_lua_push_stats(L, &stats);
	return 3;
}

static int tritree_tostring(lua_State *L)
{
	tritree_box *box = luaL_checkudata(L, 1, COL_LUA_TRITREE);
	if (box->tree == NULL) {
		lua_pushliteral(L, "tritree(closed)");
		return 1;
	}
	col_tritree_stats s = col_tritree_get_stats(box->tree);
	lua_pushfstring(L, "tritree(%d levels, %d cones, %d leaves, %d triangles)", s.levels, s.cones,
	                s.leaves, col_covering_triangle_count(col_tritree_covering(box->tree)));
	return 1;
}

/* __gc, __close and close(): frees the tree (and its covering) once; its covering view and
 * caches then say so instead of crashing. */
static int tritree_release(lua_State *L)
{
	tritree_box *box = luaL_checkudata(L, 1, COL_LUA_TRITREE);
	if (box->tree != NULL)
		col_tritree_destroy(box->tree);
	box->tree = NULL;
	return 0;
}

static const luaL_Reg tritree_methods[] = {
    {"covering", tritree_covering},
    {"stats", tritree_stats},
    {"cone_count", tritree_len},
    {"apex", tritree_apex},
    {"cone", tritree_cone},
    {"cones", tritree_cones},
    {"envelope", tritree_envelope},
    {"locate", tritree_locate},
    {"cache", tritree_cache},
    {"contains", tritree_contains},
    {"contains_stats", tritree_contains_stats},
    {"contains_all", tritree_contains_all},
    {"trace", tritree_trace},
    {"collides", tritree_collides},
    {"collides_stats", tritree_collides_stats},
    {"collides_trace", tritree_collides_trace},
    {"close", tritree_release},
    {"__len", tritree_len},
    {"__tostring", tritree_tostring},
    {"__gc", tritree_release},
    {"__closed", col_lua_owner_closed},
    {"__close", tritree_release},
    {NULL, NULL},
};

void col_lua_open_tritree(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_TRITREE, tritree_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, tritree_new);
	lua_setfield(L, -2, "tritree");
}
