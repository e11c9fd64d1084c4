/* The Lua face of the tetra-tree (source 000, 5.2 to 5.5): collide.tetratree(mesh [, {leaf_cones =,
 * depth =, min_tetrahedra =, fit_iterations =, max_memory =, origin = {x, y, z}}]), its cones,
 * regular envelopes, point queries, sphere, nearest-point, ray and mesh-pair queries, and the
 * traces the viewer steps through. Cones and covering tetrahedra (= mesh triangles) are numbered
 * from 1 here, as Lua is. */
#include "collide_lua_internal.h"

#include <math.h>
#include <stdint.h>

/* The userdata: the engine's tree, NULL once closed. Uservalue 1 is the collide.covering3d that
 * views its covering, made on first use so tree:covering() is the same value every time. */
typedef struct tetratree_box {
	col_tetratree *tree;
} tetratree_box;

col_tetratree *col_lua_to_tetratree(lua_State *L, int idx)
{
	tetratree_box *box = luaL_testudata(L, idx, COL_LUA_TETRATREE);
	return box != NULL ? box->tree : NULL;
}

static col_tetratree *check_tetratree(lua_State *L, int arg)
{
	tetratree_box *box = luaL_checkudata(L, arg, COL_LUA_TETRATREE);
	if (box->tree == NULL)
		luaL_argerror(L, arg, "tetratree is closed");
	return box->tree;
}

static const char *const tetratree_options[] = {
    "leaf_cones", "depth", "min_tetrahedra", "fit_iterations", "max_memory", "origin", NULL,
};

/* collide.tetratree(mesh [, options]) */
static int tetratree_new(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_tetratree_options options = col_tetratree_default_options();
	bool has_options = !lua_isnoneornil(L, 2);
	if (has_options) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "tetratree", tetratree_options);
		col_lua_option_int(L, 2, "leaf_cones", 2, "tetratree", &options.leaf_cones);
		col_lua_option_int(L, 2, "depth", 2, "tetratree", &options.max_depth);
		col_lua_option_int(L, 2, "min_tetrahedra", 2, "tetratree", &options.min_tetrahedra);
		col_lua_option_int(L, 2, "fit_iterations", 2, "tetratree", &options.fit_iterations);
		double max_memory = 0.0;
		if (col_lua_field_number(L, 2, "max_memory", 2, "tetratree", &max_memory)) {
			if (!(max_memory >= 1.0 && max_memory < (double)SIZE_MAX))
				luaL_argerror(
				    L, 2,
				    lua_pushfstring(
				        L, "tetratree: max_memory must be a positive byte count, got %f",
				        max_memory));
			options.max_memory = (size_t)max_memory;
		}
		if (col_lua_rawfield(L, 2, "origin") != LUA_TNIL) {
			col_lua_table_point3(L, -1, 2, "tetratree: origin", &options.origin);
			options.has_origin = true;
		}
		lua_pop(L, 1);
	}
	tetratree_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->tree = NULL;
	luaL_setmetatable(L, COL_LUA_TETRATREE);
	col_error error;
	if (col_tetratree_build(mesh, &options, &box->tree, &error) != COL_OK) {
		box->tree = NULL;
		return col_lua_arg_fail(L, has_options && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* The 0-based cone of a 1-based index at arg. */
static int check_cone(lua_State *L, int arg, const col_tetratree *tree)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	int count = col_tetratree_cone_count(tree);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "cone %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

static int check_level(lua_State *L, int arg, const col_tetratree *tree)
{
	lua_Integer level = luaL_checkinteger(L, arg);
	int levels = col_tetratree_get_stats(tree).levels;
	if (level < 1 || level > levels)
		luaL_argerror(L, arg, lua_pushfstring(L, "level %I out of range 1..%d", level, levels));
	return (int)level;
}

/* tree:covering() -> the collide.covering3d the tree classifies with (the same value each time;
 * it keeps the tree alive and is closed with it) */
static int tetratree_covering(lua_State *L)
{
	check_tetratree(L, 1);
	if (lua_getiuservalue(L, 1, 1) != LUA_TNIL)
		return 1;
	lua_pop(L, 1);
	col_lua_push_covering3d_view(L, 1);
	lua_pushvalue(L, -1);
	lua_setiuservalue(L, 1, 1);
	return 1;
}

/* tree:stats() -> {levels, cones, leaves, tetrahedra_stored, duplicates, max_leaf_tetrahedra,
 * memory_bytes, build_seconds} */
static int tetratree_stats(lua_State *L)
{
	col_tetratree_stats s = col_tetratree_get_stats(check_tetratree(L, 1));
	lua_createtable(L, 0, 8);
	lua_pushinteger(L, s.levels);
	lua_setfield(L, -2, "levels");
	lua_pushinteger(L, s.cones);
	lua_setfield(L, -2, "cones");
	lua_pushinteger(L, s.leaves);
	lua_setfield(L, -2, "leaves");
	lua_pushinteger(L, (lua_Integer)s.tetrahedra_stored);
	lua_setfield(L, -2, "tetrahedra_stored");
	lua_pushinteger(L, (lua_Integer)s.duplicates);
	lua_setfield(L, -2, "duplicates");
	lua_pushinteger(L, s.max_leaf_tetrahedra);
	lua_setfield(L, -2, "max_leaf_tetrahedra");
	lua_pushinteger(L, (lua_Integer)s.memory_bytes);
	lua_setfield(L, -2, "memory_bytes");
	lua_pushnumber(L, s.build_seconds);
	lua_setfield(L, -2, "build_seconds");
	return 1;
}

/* #tree -> cone count */
static int tetratree_len(lua_State *L)
{
	lua_pushinteger(L, col_tetratree_cone_count(check_tetratree(L, 1)));
	return 1;
}

/* tree:apex() -> x, y, z */
static int tetratree_apex(lua_State *L)
{
	col_vec3 apex = col_tetratree_apex(check_tetratree(L, 1));
	lua_pushnumber(L, apex.x);
	lua_pushnumber(L, apex.y);
	lua_pushnumber(L, apex.z);
	return 3;
}

/* Sets field key of the table on top to {p[0], p[1], p[2]}, each {x, y, z}. */
static void set_triple(lua_State *L, const char *key, const col_vec3 p[3])
{
	lua_createtable(L, 3, 0);
	for (int k = 0; k < 3; k++) {
		col_lua_push_vec3(L, p[k]);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, key);
}

/* tree:cone(i) -> {level, parent, children = {c1, c2, c3, c4}, leaf, rays = {r1, r2, r3},
 * envelope = {e1, e2, e3}, sphere = collide.sphere, tetrahedron_count} (indices 1-based; parent
 * nil at a root, children nil at a leaf; child k < 4 keeps rays[k], child 4 is the middle one) */
static int tetratree_cone(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	int index = check_cone(L, 2, tree);
	col_tetratree_cone cone;
	col_tetratree_cone_at(tree, index, &cone);
	lua_createtable(L, 0, 8);
	lua_pushinteger(L, cone.level);
	lua_setfield(L, -2, "level");
	if (cone.parent >= 0) {
		lua_pushinteger(L, cone.parent + 1);
		lua_setfield(L, -2, "parent");
	}
	if (cone.first_child >= 0) {
		lua_createtable(L, 4, 0);
		for (int k = 0; k < 4; k++) {
			lua_pushinteger(L, cone.first_child + 1 + k);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "children");
	}
	lua_pushboolean(L, cone.first_child < 0);
	lua_setfield(L, -2, "leaf");
	set_triple(L, "rays", cone.ray);
	set_triple(L, "envelope", cone.envelope);
	col_lua_push_sphere(L, cone.sphere);
	lua_setfield(L, -2, "sphere");
	lua_pushinteger(L, cone.tetrahedron_count);
	lua_setfield(L, -2, "tetrahedron_count");
	return 1;
}

/* tree:cone_tetrahedra(i) -> the 1-based covering tetrahedra classified in cone i */
static int tetratree_cone_tetrahedra(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	int index = check_cone(L, 2, tree);
	int count = 0;
	const int *tetrahedra = col_tetratree_cone_tetrahedra(tree, index, &count);
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++) {
		lua_pushinteger(L, tetrahedra[k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* tree:cone_holds(i, x, y, z) / tree:cone_holds(i, {x, y, z}) -> whether the closed cone holds it */
static int tetratree_cone_holds(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	int index = check_cone(L, 2, tree);
	col_vec3 p;
	col_lua_check_point3(L, 3, &p);
	lua_pushboolean(L, col_tetratree_cone_holds(tree, index, p));
	return 1;
}

/* Appends to the table on top the 1-based cones of the level's tiling under cone index (the
 * cones at level, leaves above it), children in order. */
static lua_Integer push_tiling(lua_State *L, const col_tetratree *tree, int index, int level, lua_Integer n)
{
	col_tetratree_cone cone;
	col_tetratree_cone_at(tree, index, &cone);
	if (cone.level == level || cone.first_child < 0) {
		lua_pushinteger(L, index + 1);
		lua_rawseti(L, -2, ++n);
		return n;
	}
	for (int k = 0; k < 4; k++)
		n = push_tiling(L, tree, cone.first_child + k, level, n);
	return n;
}

/* tree:cones([level]) -> every cone index, or the tiling of a level (its cones and the leaves
 * above it, root by root, children in order: the order of tree:envelope(level)) */
static int tetratree_cones(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	int count = col_tetratree_cone_count(tree);
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
	for (int root = 0; root < 8 && root < count; root++)
		n = push_tiling(L, tree, root, level, n);
	return 1;
}

/* tree:envelope([level]) -> the regular envelope of a level (default: the deepest) as one outer
 * triangle {{x, y, z}, {x, y, z}, {x, y, z}} per cone of tree:cones(level), wound as its cone */
static int tetratree_envelope(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	int level = lua_isnoneornil(L, 2) ? col_tetratree_get_stats(tree).levels : check_level(L, 2, tree);
	int count = col_tetratree_regular_envelope(tree, level, NULL, 0);
	col_vec3 *points = lua_newuserdatauv(L, 3 * (size_t)count * sizeof *points + 1, 0);
	count = col_tetratree_regular_envelope(tree, level, points, count);
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		lua_createtable(L, 3, 0);
		for (int k = 0; k < 3; k++) {
			col_lua_push_vec3(L, points[3 * i + k]);
			lua_rawseti(L, -2, k + 1);
		}
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* tree:level_reach([level]) -> the radius of the level's regular envelope (default: the deepest):
 * the mesh lies in the ball of that radius around the apex */
static int tetratree_level_reach(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	int level = lua_isnoneornil(L, 2) ? col_tetratree_get_stats(tree).levels : check_level(L, 2, tree);
	lua_pushnumber(L, col_tetratree_level_reach(tree, level));
	return 1;
}

/* tree:locate(x, y, z) -> the 1-based leaf cone whose closed region holds the point */
static int tetratree_locate(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_vec3 p;
	col_lua_check_point3(L, 2, &p);
	lua_pushinteger(L, col_tetratree_locate(tree, p) + 1);
	return 1;
}

/* tree:cache() -> a collide.cache3d for the tree's covering */
static int tetratree_cache(lua_State *L)
{
	col_lua_push_cache3d(L, col_tetratree_covering(check_tetratree(L, 1)), 1);
	return 1;
}

/* tree:contains(x, y, z [, cache]) */
static bool tetratree_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_vec3 p;
	int next = col_lua_check_point3(L, 2, &p);
	col_covering3d_cache *cache = col_lua_opt_cache3d(L, next, col_tetratree_covering(tree), NULL);
	return col_tetratree_contains(tree, p, cache, stats, NULL);
}

static int tetratree_contains(lua_State *L)
{
	return col_lua_contains(L, tetratree_contains_point, false);
}

/* tree:contains_stats(x, y, z [, cache]) -> inside, stats */
static int tetratree_contains_stats(lua_State *L)
{
	return col_lua_contains(L, tetratree_contains_point, true);
}

/* What tree:contains_all reads before the points. */
typedef struct tetratree_query {
	const col_tetratree *tree;
	col_covering3d_cache *cache;
} tetratree_query;

static void tetratree_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                      col_query_stats *stats)
{
	const tetratree_query *q = query;
	const col_vec3 *p = (const col_vec3 *)points->data;
	if (q->cache == NULL) {
		col_tetratree_contains_points(q->tree, p, points->count, inside, stats);
	} else {
		for (size_t i = 0; i < points->count; i++)
			inside[i] = col_tetratree_contains(q->tree, p[i], q->cache, stats, NULL);
	}
}

/* tree:contains_all(points [, cache]) -> results, stats (one C call over a 3D buffer; with a cache,
 * the points are taken in order and the cache carried along, as on a trajectory) */
static int tetratree_contains_all(lua_State *L)
{
	tetratree_query query;
	query.tree = check_tetratree(L, 1);
	query.cache = col_lua_opt_cache3d(L, 3, col_tetratree_covering(query.tree), NULL);
	return col_lua_contains_all(L, 3, 3, tetratree_contains_points, &query);
}


/* tree:trace(x, y, z [, cache]) -> inside, {cones = {...}, tetrahedra = {...}}, stats: the cones of
 * the descent, root to leaf (only the leaf when a cache kept it), and the covering tetrahedra of
 * the leaf that were summed (none when the point was rejected first: beyond the bounding sphere
 * or the leaf's enclosing tetrahedron), 1-based */
static int tetratree_trace(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_vec3 p;
	int next = col_lua_check_point3(L, 2, &p);
	col_covering3d_cache *cache = col_lua_opt_cache3d(L, next, col_tetratree_covering(tree), NULL);
	col_tetratree_stats s = col_tetratree_get_stats(tree);
	int cones = s.levels + 1, tetrahedra = s.max_leaf_tetrahedra;
	int *data = lua_newuserdatauv(L, ((size_t)cones + (size_t)tetrahedra) * sizeof(int) + 1, 0);
	col_tetratree_trace trace = {data, cones, 0, data + cones, tetrahedra, 0};
	col_query_stats stats;
	col_query_stats_reset(&stats);
	bool inside = col_tetratree_contains(tree, p, cache, &stats, &trace);
	int cone_count = trace.cone_count < cones ? trace.cone_count : cones;
	int tetrahedron_count = trace.tetrahedron_count < tetrahedra ? trace.tetrahedron_count : tetrahedra;
	lua_pushboolean(L, inside);
	lua_createtable(L, 0, 3);
	col_lua_push_indices(L, trace.cones, cone_count);
	lua_setfield(L, -2, "cones");
	col_lua_push_indices(L, trace.tetrahedra, tetrahedron_count);
	lua_setfield(L, -2, "tetrahedra");
	if (cone_count < trace.cone_count || tetrahedron_count < trace.tetrahedron_count) {
		lua_pushboolean(L, true);
		lua_setfield(L, -2, "truncated");
	}
	col_lua_push_stats(L, &stats);
	return 3;
}

/* ---- spheres, nearest points, rays and mesh pairs ---- */

/* What a query's answer goes with: nothing, its statistics, or its trace and statistics. */
typedef enum query_extra { QUERY_PLAIN, QUERY_STATS, QUERY_TRACE } query_extra;



/* A trace with room for cones and tetrahedra, its arrays in a userdata pushed on the stack. */
static col_tetratree_trace push_trace(lua_State *L, int cones, int tetrahedra)
{
	int *data = lua_newuserdatauv(L, ((size_t)cones + (size_t)tetrahedra) * sizeof(int) + 1, 0);
	return (col_tetratree_trace){data, cones, 0, data + cones, tetrahedra, 0};
}

/* Pushes {cones = {...}, tetrahedra = {...} [, truncated = true]} (1-based, in the order visited). */
static void push_trace_table(lua_State *L, const col_tetratree_trace *trace)
{
	int cones = trace->cone_count < trace->cone_capacity ? trace->cone_count : trace->cone_capacity;
	int tetrahedra = trace->tetrahedron_count < trace->tetrahedron_capacity ? trace->tetrahedron_count
	                                                                        : trace->tetrahedron_capacity;
	lua_createtable(L, 0, 3);
	col_lua_push_indices(L, trace->cones, cones);
	lua_setfield(L, -2, "cones");
	col_lua_push_indices(L, trace->tetrahedra, tetrahedra);
	lua_setfield(L, -2, "tetrahedra");
	if (cones < trace->cone_count || tetrahedra < trace->tetrahedron_count) {
		lua_pushboolean(L, true);
		lua_setfield(L, -2, "truncated");
	}
}

/* The most trace entries of each kind one call records (16 MiB of indices each). */
#define TRACE_LIMIT (1 << 22)

static int trace_room(size_t wanted)
{
	return wanted > TRACE_LIMIT ? TRACE_LIMIT : (int)wanted;
}

/* Pushes the answer of a boolean query and, as extra asks, its trace table and statistics. */
static int push_answer(lua_State *L, bool answer, query_extra extra, const col_tetratree_trace *trace,
                       const col_query_stats *stats)
{
	lua_pushboolean(L, answer);
	if (extra == QUERY_PLAIN)
		return 1;
	if (extra == QUERY_TRACE)
		push_trace_table(L, trace);
	col_lua_push_stats(L, stats);
	return extra == QUERY_TRACE ? 3 : 2;
}

/* tree:intersects_sphere(sphere [, cache]) / (center, radius [, cache]) and
 * tree:sphere_meets_surface(...), with their _stats and _trace forms. The trace holds every cone
 * and tetrahedron the query looked at: for the solid test, the centre's point query first (its
 * descent and the tetrahedra it summed, as tree:trace), then the cones the ball reached and the
 * triangles tested against it. */
static int sphere_query(lua_State *L, bool solid, query_extra extra)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_sphere sphere;
	int next = col_lua_check_ball(L, 2, &sphere);
	col_covering3d_cache *cache = col_lua_opt_cache3d(L, next, col_tetratree_covering(tree), NULL);
	col_tetratree_trace trace = {0};
	if (extra == QUERY_TRACE) {
		/* Room for all of it: the surface search visits each cone once and tests at most every
		 * stored tetrahedron; the point query adds a descent and a leaf. */
		col_tetratree_stats s = col_tetratree_get_stats(tree);
		trace = push_trace(L, trace_room((size_t)s.cones + (size_t)s.levels + 1),
		                   trace_room(s.tetrahedra_stored + (size_t)s.max_leaf_tetrahedra));
	}
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_query_stats *counted = extra == QUERY_PLAIN ? NULL : &stats;
	col_tetratree_trace *traced = extra == QUERY_TRACE ? &trace : NULL;
	bool hit = solid ? col_tetratree_intersects_sphere(tree, sphere, cache, counted, traced)
	                 : col_tetratree_sphere_meets_surface(tree, sphere, cache, counted, traced);
	return push_answer(L, hit, extra, &trace, &stats);
}

static int tetratree_intersects_sphere(lua_State *L)
{
	return sphere_query(L, true, QUERY_PLAIN);
}

static int tetratree_intersects_sphere_stats(lua_State *L)
{
	return sphere_query(L, true, QUERY_STATS);
}

static int tetratree_intersects_sphere_trace(lua_State *L)
{
	return sphere_query(L, true, QUERY_TRACE);
}

static int tetratree_sphere_meets_surface(lua_State *L)
{
	return sphere_query(L, false, QUERY_PLAIN);
}

static int tetratree_sphere_meets_surface_stats(lua_State *L)
{
	return sphere_query(L, false, QUERY_STATS);
}

static int tetratree_sphere_meets_surface_trace(lua_State *L)
{
	return sphere_query(L, false, QUERY_TRACE);
}


/* tree:sphere_contact(sphere) / (center, radius) -> nil when apart, else {point, normal, depth,
 * triangle} (col_contact3: the surface point nearest the centre, the unit direction that moves the
 * ball out, how far, and the 1-based triangle holding the point) */
static int sphere_contact(lua_State *L, bool with_stats)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_sphere sphere;
	int next = col_lua_check_ball(L, 2, &sphere);
	if (!lua_isnoneornil(L, next))
		luaL_argerror(L, next, "sphere_contact takes no cache (nothing after the sphere)");
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_contact3 contact;
	if (!col_tetratree_sphere_contact(tree, sphere, &contact, with_stats ? &stats : NULL)) {
		lua_pushnil(L);
	} else {
		lua_createtable(L, 0, 4);
		col_lua_push_vec3(L, contact.point);
		lua_setfield(L, -2, "point");
		col_lua_push_vec3(L, contact.normal);
		lua_setfield(L, -2, "normal");
		lua_pushnumber(L, contact.depth);
		lua_setfield(L, -2, "depth");
		col_lua_set_triangle(L, "triangle", contact.feature);
	}
	if (!with_stats)
		return 1;
	col_lua_push_stats(L, &stats);
	return 2;
}

static int tetratree_sphere_contact(lua_State *L)
{
	return sphere_contact(L, false);
}

static int tetratree_sphere_contact_stats(lua_State *L)
{
	return sphere_contact(L, true);
}

/* tree:closest_point(x, y, z) / ({x, y, z}) -> {x, y, z}, distance, triangle (1-based): the point
 * of the surface nearest to p */
static int closest_point(lua_State *L, bool with_stats)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_vec3 p, closest;
	col_lua_check_vector3(L, 2, "point", &p);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	int triangle = -1;
	double distance =
	    col_tetratree_closest_point(tree, p, &closest, &triangle, with_stats ? &stats : NULL);
	if (!(distance >= 0.0) || triangle < 0) /* the point is checked: this would be an engine fault */
		return luaL_error(L, "tetratree: no closest point found for (%f, %f, %f)", p.x, p.y, p.z);
	col_lua_push_vec3(L, closest);
	lua_pushnumber(L, distance);
	lua_pushinteger(L, (lua_Integer)triangle + 1);
	if (!with_stats)
		return 3;
	col_lua_push_stats(L, &stats);
	return 4;
}

static int tetratree_closest_point(lua_State *L)
{
	return closest_point(L, false);
}

static int tetratree_closest_point_stats(lua_State *L)
{
	return closest_point(L, true);
}

/* tree:signed_distance(x, y, z) / ({x, y, z}) -> the distance to the surface, negative inside (the
 * sign from tree:contains, so the surface itself is inside: 0 or -0) */
static int signed_distance(lua_State *L, bool with_stats)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_vec3 p;
	col_lua_check_vector3(L, 2, "point", &p);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	lua_pushnumber(L, col_tetratree_signed_distance(tree, p, with_stats ? &stats : NULL));
	if (!with_stats)
		return 1;
	col_lua_push_stats(L, &stats);
	return 2;
}

static int tetratree_signed_distance(lua_State *L)
{
	return signed_distance(L, false);
}

static int tetratree_signed_distance_stats(lua_State *L)
{
	return signed_distance(L, true);
}

/* tree:ray_cast(origin, direction [, max_distance]) -> nil, or {distance, point, normal, triangle}:
 * the first surface point on origin + t direction, 0 <= t <= max_distance (default: no limit); t
 * (distance) is in the direction's units; normal is the hit triangle's unit normal as it is wound
 * (outward for an outward mesh, whichever side the ray came from). origin and direction are each
 * {x, y, z} or three numbers. */
static int ray_cast(lua_State *L, bool with_stats)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	col_vec3 origin, direction;
	double max_distance;
	col_lua_check_ray(L, 2, &origin, &direction, &max_distance);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_ray_hit3 hit;
	if (!col_tetratree_ray_cast(tree, origin, direction, max_distance, &hit,
	                            with_stats ? &stats : NULL)) {
		lua_pushnil(L);
	} else {
		col_lua_push_ray_hit(L, &hit);
	}
	if (!with_stats)
		return 1;
	col_lua_push_stats(L, &stats);
	return 2;
}

static int tetratree_ray_cast(lua_State *L)
{
	return ray_cast(L, false);
}

static int tetratree_ray_cast_stats(lua_State *L)
{
	return ray_cast(L, true);
}

static col_method check_pair_method(lua_State *L, int arg)
{
	col_method method = col_lua_opt_method(L, arg, COL_METHOD_DEFAULT);
	switch (method) {
	case COL_METHOD_DEFAULT:
	case COL_METHOD_TETRATREE:
	case COL_METHOD_CONE_LIST:
	case COL_METHOD_COVERING: return method;
	default:
		luaL_argerror(L, arg,
		              lua_pushfstring(L,
		                              "tetratree: '%s' is not a tetra-tree pair method (expected "
		                              "'tetratree', 'cone_list', 'covering' or 'default')",
		                              col_method_name(method)));
		return method;
	}
}

/* tree:intersects(other [, pose [, method [, cache]]]) with other a tetra-tree (pose and method may
 * each be left out or nil), or tree:intersects(sphere [, cache]) as tree:intersects_sphere; with
 * its _stats and _trace forms. The trace of a pair holds this tree's cones and triangles in the
 * order the query met them (a cone or triangle may come many times: once per cone or triangle of
 * the other tree it was paired with); the "covering" method records none. */
static int pair_query(lua_State *L, query_extra extra)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	if (luaL_testudata(L, 2, COL_LUA_SPHERE) != NULL)
		return sphere_query(L, true, extra);
	if (luaL_testudata(L, 2, COL_LUA_TETRATREE) == NULL)
		col_lua_typeerror(L, 2, "collide.tetratree or collide.sphere");
	const col_tetratree *other = check_tetratree(L, 2);
	int arg = 3;
	col_transform3 pose = col_transform3_identity();
	col_method method = COL_METHOD_DEFAULT;
	if (lua_isnoneornil(L, arg) || lua_istable(L, arg))
		pose = col_lua_check_pose3(L, arg++);
	if (lua_isnoneornil(L, arg) || lua_type(L, arg) == LUA_TSTRING)
		method = check_pair_method(L, arg++);
	col_covering3d_cache *cache = col_lua_opt_cache3d(L, arg, col_tetratree_covering(tree),
	                                                  arg == 3   ? "pose, method name or collide.cache3d"
	                                                  : arg == 4 ? "method name or collide.cache3d"
	                                                             : NULL);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_query_stats *counted = extra == QUERY_PLAIN ? NULL : &stats;
	col_tetratree_trace trace = {0};
	if (extra != QUERY_TRACE)
		return push_answer(
		    L, col_tetratree_intersects_tetratree(tree, other, pose, method, cache, counted, NULL),
		    extra, &trace, &stats);
	/* A pair visits cones and triangles any number of times: start with room for each once, and
	 * record again with room for all when that was not enough (the second run sees the cache as
	 * the first left it, so it answers the same and may take a shorter path). */
	col_tetratree_stats s = col_tetratree_get_stats(tree);
	trace = push_trace(L, trace_room((size_t)s.cones), trace_room(s.tetrahedra_stored));
	bool hit = col_tetratree_intersects_tetratree(tree, other, pose, method, cache, &stats, &trace);
	if (trace.cone_count > trace.cone_capacity || trace.tetrahedron_count > trace.tetrahedron_capacity) {
		trace = push_trace(L, trace_room((size_t)trace.cone_count),
		                   trace_room((size_t)trace.tetrahedron_count));
		col_query_stats_reset(&stats);
		hit = col_tetratree_intersects_tetratree(tree, other, pose, method, cache, &stats, &trace);
	}
	return push_answer(L, hit, extra, &trace, &stats);
}

static int tetratree_intersects(lua_State *L)
{
	return pair_query(L, QUERY_PLAIN);
}

static int tetratree_intersects_stats(lua_State *L)
{
	return pair_query(L, QUERY_STATS);
}

static int tetratree_intersects_trace(lua_State *L)
{
	return pair_query(L, QUERY_TRACE);
}


/* tree:contacts(other [, pose [, max]]) -> list of contacts (at most max, default 1024), summary
 * {count, crossings, deepest}: col_tetratree_contacts in this tree's frame. */
static int tetratree_contacts(lua_State *L)
{
	const col_tetratree *tree = check_tetratree(L, 1);
	const col_tetratree *other = check_tetratree(L, 2);
	col_transform3 pose = col_lua_check_pose3(L, 3);
	lua_Integer max = luaL_optinteger(L, 4, 1024);
	luaL_argcheck(L, max >= 0 && max <= 1 << 24, 4, "contacts: max must be 0..16777216");
	col_mesh_contact *buffer = lua_newuserdatauv(L, (size_t)(max > 0 ? max : 1) * sizeof *buffer, 0);
	col_mesh_contact_summary summary;
	col_error error;
	if (col_tetratree_contacts(tree, other, pose, buffer, (int)max, &summary, NULL, NULL, &error) != COL_OK)
		return luaL_error(L, "%s", error.message);
	int listed = summary.count < (int)max ? summary.count : (int)max;
	lua_createtable(L, listed, 0);
	for (int k = 0; k < listed; k++) {
		col_lua_push_mesh_contact(L, &buffer[k]);
		lua_rawseti(L, -2, k + 1);
	}
	lua_createtable(L, 0, 3);
	lua_pushinteger(L, summary.count);
	lua_setfield(L, -2, "count");
	lua_pushinteger(L, summary.crossings);
	lua_setfield(L, -2, "crossings");
	if (summary.count > 0) {
		col_lua_push_mesh_contact(L, &summary.deepest);
		lua_setfield(L, -2, "deepest");
	}
	return 2;
}

static int tetratree_tostring(lua_State *L)
{
	tetratree_box *box = luaL_checkudata(L, 1, COL_LUA_TETRATREE);
	if (box->tree == NULL) {
		lua_pushliteral(L, "tetratree(closed)");
		return 1;
	}
	col_tetratree_stats s = col_tetratree_get_stats(box->tree);
	lua_pushfstring(L, "tetratree(%d levels, %d cones, %d leaves, %d tetrahedra)", s.levels, s.cones,
	                s.leaves, col_covering3d_tetrahedron_count(col_tetratree_covering(box->tree)));
	return 1;
}

/* __gc, __close and close(): frees the tree (and its covering) once; its covering view and
 * caches then say so instead of crashing. */
static int tetratree_release(lua_State *L)
{
	tetratree_box *box = luaL_checkudata(L, 1, COL_LUA_TETRATREE);
	if (box->tree != NULL)
		col_tetratree_destroy(box->tree);
	box->tree = NULL;
	return 0;
}

static const luaL_Reg tetratree_methods[] = {
    {"covering", tetratree_covering},
    {"stats", tetratree_stats},
    {"cone_count", tetratree_len},
    {"apex", tetratree_apex},
    {"cone", tetratree_cone},
    {"cone_tetrahedra", tetratree_cone_tetrahedra},
    {"cone_holds", tetratree_cone_holds},
    {"cones", tetratree_cones},
    {"envelope", tetratree_envelope},
    {"regular_envelope", tetratree_envelope},
    {"level_reach", tetratree_level_reach},
    {"locate", tetratree_locate},
    {"cache", tetratree_cache},
    {"contains", tetratree_contains},
    {"contains_stats", tetratree_contains_stats},
    {"contains_all", tetratree_contains_all},
    {"trace", tetratree_trace},
    {"intersects_sphere", tetratree_intersects_sphere},
    {"intersects_sphere_stats", tetratree_intersects_sphere_stats},
    {"intersects_sphere_trace", tetratree_intersects_sphere_trace},
    {"sphere_meets_surface", tetratree_sphere_meets_surface},
    {"sphere_meets_surface_stats", tetratree_sphere_meets_surface_stats},
    {"sphere_meets_surface_trace", tetratree_sphere_meets_surface_trace},
    {"sphere_contact", tetratree_sphere_contact},
    {"sphere_contact_stats", tetratree_sphere_contact_stats},
    {"closest_point", tetratree_closest_point},
    {"closest_point_stats", tetratree_closest_point_stats},
    {"signed_distance", tetratree_signed_distance},
    {"signed_distance_stats", tetratree_signed_distance_stats},
    {"ray_cast", tetratree_ray_cast},
    {"ray_cast_stats", tetratree_ray_cast_stats},
    {"intersects", tetratree_intersects},
    {"intersects_stats", tetratree_intersects_stats},
    {"intersects_trace", tetratree_intersects_trace},
    {"contacts", tetratree_contacts},
    {"close", tetratree_release},
    {"__len", tetratree_len},
    {"__tostring", tetratree_tostring},
    {"__gc", tetratree_release},
    {"__closed", col_lua_owner_closed},
    {"__close", tetratree_release},
    {NULL, NULL},
};

void col_lua_open_tetratree(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_TETRATREE, tetratree_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, tetratree_new);
	lua_setfield(L, -2, "tetratree");
}
