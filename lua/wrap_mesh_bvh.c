/* The Lua face of the mesh BVH (mesh_bvh.h): collide.bvh(mesh [, {leaf_triangles =, surface_only =}]),
 * its nodes for the viewer, point, sphere, nearest-point, ray and mesh-pair queries with their
 * statistics, and the traces the viewer steps through. Nodes and triangles are numbered from 1
 * here, as Lua is (and as the tetra-tree's cones and tetrahedra are); a node's depth is the
 * engine's, 0 at the root. The solid-only queries (contains, contains_all, contacts) refuse a
 * surface-only BVH instead of answering false. */
#include "collide_lua_internal.h"

#include <math.h>
#include <stdint.h>

#include "collide/mesh_bvh.h"

/* The userdata: the engine's BVH, NULL once closed. */
typedef struct bvh_box {
	col_mesh_bvh *bvh;
} bvh_box;

col_mesh_bvh *col_lua_to_mesh_bvh(lua_State *L, int idx)
{
	bvh_box *box = luaL_testudata(L, idx, COL_LUA_BVH);
	return box != NULL ? box->bvh : NULL;
}

static col_mesh_bvh *check_bvh(lua_State *L, int arg)
{
	bvh_box *box = luaL_checkudata(L, arg, COL_LUA_BVH);
	if (box->bvh == NULL)
		luaL_argerror(L, arg, "bvh is closed");
	return box->bvh;
}

/* The BVH at arg, which a solid-only query needs to be solid. */
static col_mesh_bvh *check_solid_bvh(lua_State *L, int arg, const char *query)
{
	col_mesh_bvh *bvh = check_bvh(L, arg);
	if (!col_mesh_bvh_is_solid(bvh))
		luaL_argerror(L, arg,
		              lua_pushfstring(L,
		                              "bvh: %s needs a solid BVH (this one was built with "
		                              "surface_only = true, so it cannot tell inside from outside)",
		                              query));
	return bvh;
}

/* Raises "takes nothing after <what>" when a value follows the last argument a query reads. */
static void check_nothing_after(lua_State *L, int arg, const char *query, const char *what)
{
	if (!lua_isnoneornil(L, arg))
		luaL_argerror(L, arg, lua_pushfstring(L, "%s takes nothing after %s", query, what));
}

static const char *const bvh_options[] = {"leaf_triangles", "surface_only", NULL};

/* collide.bvh(mesh [, options]) */
static int bvh_new(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_mesh_bvh_options options = col_mesh_bvh_default_options();
	bool has_options = !lua_isnoneornil(L, 2);
	if (has_options) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "bvh", bvh_options);
		col_lua_option_int(L, 2, "leaf_triangles", 2, "bvh", &options.leaf_triangles);
		int type = col_lua_rawfield(L, 2, "surface_only");
		if (type != LUA_TNIL) {
			if (type != LUA_TBOOLEAN)
				luaL_argerror(L, 2,
				              lua_pushfstring(L,
				                              "bvh: surface_only must be a boolean, got %s",
				                              luaL_typename(L, -1)));
			options.surface_only = lua_toboolean(L, -1);
		}
		lua_pop(L, 1);
	}
	bvh_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->bvh = NULL;
	luaL_setmetatable(L, COL_LUA_BVH);
	col_error error;
	if (col_mesh_bvh_build(mesh, &options, &box->bvh, &error) != COL_OK) {
		box->bvh = NULL;
		return col_lua_arg_fail(L, has_options && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* ---- structure ---- */

/* bvh:stats() -> {nodes, leaves, depth, max_leaf_triangles, mean_leaf_depth, memory_bytes,
 * octree_bytes, build_seconds, triangles, solid} */
static int bvh_stats(lua_State *L)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_mesh_bvh_stats s = col_mesh_bvh_get_stats(bvh);
	lua_createtable(L, 0, 10);
	lua_pushinteger(L, s.nodes);
	lua_setfield(L, -2, "nodes");
	lua_pushinteger(L, s.leaves);
	lua_setfield(L, -2, "leaves");
	lua_pushinteger(L, s.depth);
	lua_setfield(L, -2, "depth");
	lua_pushinteger(L, s.max_leaf_triangles);
	lua_setfield(L, -2, "max_leaf_triangles");
	lua_pushnumber(L, s.mean_leaf_depth);
	lua_setfield(L, -2, "mean_leaf_depth");
	lua_pushinteger(L, (lua_Integer)s.memory_bytes);
	lua_setfield(L, -2, "memory_bytes");
	lua_pushinteger(L, (lua_Integer)s.octree_bytes);
	lua_setfield(L, -2, "octree_bytes");
	lua_pushnumber(L, s.build_seconds);
	lua_setfield(L, -2, "build_seconds");
	lua_pushinteger(L, col_mesh_triangle_count(col_mesh_bvh_mesh(bvh)));
	lua_setfield(L, -2, "triangles");
	lua_pushboolean(L, col_mesh_bvh_is_solid(bvh));
	lua_setfield(L, -2, "solid");
	return 1;
}

/* #bvh, bvh:node_count() -> the number of nodes */
static int bvh_len(lua_State *L)
{
	lua_pushinteger(L, col_mesh_bvh_node_count(check_bvh(L, 1)));
	return 1;
}

/* bvh:is_solid() -> whether it answers the solid queries (built without surface_only) */
static int bvh_is_solid(lua_State *L)
{
	lua_pushboolean(L, col_mesh_bvh_is_solid(check_bvh(L, 1)));
	return 1;
}

/* The 0-based node of a 1-based index at arg. */
static int check_node(lua_State *L, int arg, const col_mesh_bvh *bvh)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	int count = col_mesh_bvh_node_count(bvh);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "node %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

static col_mesh_bvh_node node_at(lua_State *L, const col_mesh_bvh *bvh, int index)
{
	col_mesh_bvh_node node;
	if (!col_mesh_bvh_node_at(bvh, index, &node)) /* the index is checked: an engine fault */
		luaL_error(L, "bvh: node %d is missing", index + 1);
	return node;
}

/* bvh:node(i) -> {depth, min = {x, y, z}, max = {x, y, z}, leaf, children = {c1, c2} (inner
 * nodes), triangles = {t1, ...} (leaves: the 1-based mesh triangles it holds), triangle_count}:
 * node 1 is the root; depth 0 there */
static int bvh_node(lua_State *L)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	int index = check_node(L, 2, bvh);
	col_mesh_bvh_node node = node_at(L, bvh, index);
	lua_createtable(L, 0, 7);
	lua_pushinteger(L, node.depth);
	lua_setfield(L, -2, "depth");
	col_lua_push_vec3(L, node.box.min);
	lua_setfield(L, -2, "min");
	col_lua_push_vec3(L, node.box.max);
	lua_setfield(L, -2, "max");
	lua_pushboolean(L, node.first_child < 0);
	lua_setfield(L, -2, "leaf");
	if (node.first_child >= 0) {
		lua_createtable(L, 2, 0);
		lua_pushinteger(L, (lua_Integer)node.first_child + 1);
		lua_rawseti(L, -2, 1);
		lua_pushinteger(L, (lua_Integer)node.first_child + 2);
		lua_rawseti(L, -2, 2);
		lua_setfield(L, -2, "children");
	}
	int stored = 0;
	const int32_t *leaf_triangles = col_mesh_bvh_leaf_triangles(bvh, &stored);
	int count = node.first_child < 0 ? node.triangle_count : 0;
	if (node.first_child < 0) {
		if (node.first_triangle < 0 || count < 0 || node.first_triangle > stored - count)
			return luaL_error(L, "bvh: leaf %d lists triangles %d..%d of %d", index + 1,
			                  node.first_triangle, node.first_triangle + count - 1, stored);
		lua_createtable(L, count, 0);
		for (int k = 0; k < count; k++) {
			lua_pushinteger(L, (lua_Integer)leaf_triangles[node.first_triangle + k] + 1);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "triangles");
	}
	lua_pushinteger(L, count);
	lua_setfield(L, -2, "triangle_count");
	return 1;
}

/* Appends to the table on top the 1-based nodes of the cut at depth under node index (the nodes
 * at depth, leaves above it), children in order. */
static lua_Integer push_cut(lua_State *L, const col_mesh_bvh *bvh, int index, int depth, lua_Integer n,
                            int guard)
{
	col_mesh_bvh_node node = node_at(L, bvh, index);
	if (node.depth >= depth || node.first_child < 0 || guard > 4096) {
		lua_pushinteger(L, (lua_Integer)index + 1);
		lua_rawseti(L, -2, ++n);
		return n;
	}
	n = push_cut(L, bvh, node.first_child, depth, n, guard + 1);
	return push_cut(L, bvh, node.first_child + 1, depth, n, guard + 1);
}

/* bvh:nodes([depth]) -> every node index (1..#bvh), or the cut of the tree at a depth (0 = the
 * root alone): its nodes at that depth and the leaves above it, left to right; the boxes of a
 * cut hold every triangle once */
static int bvh_nodes(lua_State *L)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	int count = col_mesh_bvh_node_count(bvh);
	if (lua_isnoneornil(L, 2)) {
		lua_createtable(L, count, 0);
		for (int i = 0; i < count; i++) {
			lua_pushinteger(L, i + 1);
			lua_rawseti(L, -2, i + 1);
		}
		return 1;
	}
	int deepest = col_mesh_bvh_get_stats(bvh).depth;
	lua_Integer depth = luaL_checkinteger(L, 2);
	if (depth < 0 || depth > deepest)
		luaL_argerror(L, 2, lua_pushfstring(L, "depth %I out of range 0..%d", depth, deepest));
	lua_newtable(L);
	if (count > 0)
		push_cut(L, bvh, 0, (int)depth, 0, 0);
	return 1;
}

/* bvh:leaf_triangles() -> the 1-based mesh triangles in leaf order (each exactly once) */
static int bvh_leaf_triangles(lua_State *L)
{
	int count = 0;
	const int32_t *triangles = col_mesh_bvh_leaf_triangles(check_bvh(L, 1), &count);
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++) {
		lua_pushinteger(L, (lua_Integer)triangles[k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* ---- points ---- */

/* bvh:contains(x, y, z) / ({x, y, z}) (the BVH checked solid by the caller) */
static bool bvh_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_vec3 p;
	int next = col_lua_check_point3(L, 2, &p);
	check_nothing_after(L, next, stats != NULL ? "contains_stats" : "contains", "the point");
	return col_mesh_bvh_contains(bvh, p, stats);
}

static int bvh_contains(lua_State *L)
{
	check_solid_bvh(L, 1, "contains");
	return col_lua_contains(L, bvh_contains_point, false);
}

/* bvh:contains_stats(x, y, z) -> inside, stats */
static int bvh_contains_stats(lua_State *L)
{
	check_solid_bvh(L, 1, "contains_stats");
	return col_lua_contains(L, bvh_contains_point, true);
}

static void bvh_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                col_query_stats *stats)
{
	col_mesh_bvh_contains_points(query, (const col_vec3 *)points->data, points->count, inside, stats);
}

/* bvh:contains_all(points) -> results, stats (one C call over a 3D buffer or a table of points) */
static int bvh_contains_all(lua_State *L)
{
	const col_mesh_bvh *bvh = check_solid_bvh(L, 1, "contains_all");
	check_nothing_after(L, 3, "contains_all", "the points");
	return col_lua_contains_all(L, 2, 3, bvh_contains_points, bvh);
}

/* ---- spheres, nearest points, rays and mesh pairs ---- */

/* What a query's answer goes with: nothing, its statistics, or its trace and statistics. */
typedef enum query_extra { QUERY_PLAIN, QUERY_STATS, QUERY_TRACE } query_extra;



/* The most trace entries of each kind one call records (16 MiB of indices each). */
#define TRACE_LIMIT (1 << 22)

static int trace_room(size_t wanted)
{
	return wanted > TRACE_LIMIT ? TRACE_LIMIT : (int)wanted;
}

/* A trace with room for nodes and triangles, its arrays in a userdata pushed on the stack. */
static col_mesh_bvh_trace push_trace(lua_State *L, int nodes, int triangles)
{
	int *data = lua_newuserdatauv(L, ((size_t)nodes + (size_t)triangles) * sizeof(int) + 1, 0);
	return (col_mesh_bvh_trace){data, nodes, 0, data + nodes, triangles, 0};
}

/* Whether a query recorded more than its trace had room for. */
static bool trace_overflowed(const col_mesh_bvh_trace *trace)
{
	return trace->node_count > trace->node_capacity || trace->triangle_count > trace->triangle_capacity;
}


/* Pushes {nodes = {...}, triangles = {...} [, truncated = true]} (1-based, in the order visited). */
static void push_trace_table(lua_State *L, const col_mesh_bvh_trace *trace)
{
	int nodes = trace->node_count < trace->node_capacity ? trace->node_count : trace->node_capacity;
	int triangles = trace->triangle_count < trace->triangle_capacity ? trace->triangle_count
	                                                                 : trace->triangle_capacity;
	if (nodes < 0)
		nodes = 0;
	if (triangles < 0)
		triangles = 0;
	lua_createtable(L, 0, 3);
	col_lua_push_indices(L, trace->nodes, nodes);
	lua_setfield(L, -2, "nodes");
	col_lua_push_indices(L, trace->triangles, triangles);
	lua_setfield(L, -2, "triangles");
	if (nodes < trace->node_count || triangles < trace->triangle_count) {
		lua_pushboolean(L, true);
		lua_setfield(L, -2, "truncated");
	}
}

/* Pushes the answer of a boolean query and, as extra asks, its trace table and statistics. */
static int push_answer(lua_State *L, bool answer, query_extra extra, const col_mesh_bvh_trace *trace,
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

static bool run_sphere(const col_mesh_bvh *bvh, bool solid, col_sphere sphere, col_query_stats *stats,
                       col_mesh_bvh_trace *trace)
{
	return solid ? col_mesh_bvh_intersects_sphere(bvh, sphere, stats, trace)
	             : col_mesh_bvh_sphere_meets_surface(bvh, sphere, stats, trace);
}

/* bvh:intersects_sphere(sphere) / (center, radius) and bvh:sphere_meets_surface(...), with their
 * _stats and _trace forms. The trace holds the nodes whose boxes the search looked at and the
 * triangles it tested against the ball, in that order. A surface-only BVH answers the solid test
 * for the surface (mesh_bvh.h). */
static int sphere_query(lua_State *L, bool solid, query_extra extra, const char *name)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_sphere sphere;
	int next = col_lua_check_ball(L, 2, &sphere);
	check_nothing_after(L, next, name, "the sphere");
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_query_stats *counted = extra == QUERY_PLAIN ? NULL : &stats;
	col_mesh_bvh_trace trace = {0};
	if (extra != QUERY_TRACE)
		return push_answer(L, run_sphere(bvh, solid, sphere, counted, NULL), extra, &trace, &stats);
	/* Room for each node and triangle once; recorded again with room for all if that was short. */
	col_mesh_bvh_stats s = col_mesh_bvh_get_stats(bvh);
	trace = push_trace(L, trace_room((size_t)s.nodes),
	                   trace_room((size_t)s.nodes * (size_t)s.max_leaf_triangles));
	bool hit = run_sphere(bvh, solid, sphere, &stats, &trace);
	if (trace_overflowed(&trace)) {
		trace = push_trace(L, trace_room((size_t)trace.node_count),
		                   trace_room((size_t)trace.triangle_count));
		col_query_stats_reset(&stats);
		hit = run_sphere(bvh, solid, sphere, &stats, &trace);
	}
	return push_answer(L, hit, extra, &trace, &stats);
}

static int bvh_intersects_sphere(lua_State *L)
{
	return sphere_query(L, true, QUERY_PLAIN, "intersects_sphere");
}

static int bvh_intersects_sphere_stats(lua_State *L)
{
	return sphere_query(L, true, QUERY_STATS, "intersects_sphere_stats");
}

static int bvh_intersects_sphere_trace(lua_State *L)
{
	return sphere_query(L, true, QUERY_TRACE, "intersects_sphere_trace");
}

static int bvh_sphere_meets_surface(lua_State *L)
{
	return sphere_query(L, false, QUERY_PLAIN, "sphere_meets_surface");
}

static int bvh_sphere_meets_surface_stats(lua_State *L)
{
	return sphere_query(L, false, QUERY_STATS, "sphere_meets_surface_stats");
}

static int bvh_sphere_meets_surface_trace(lua_State *L)
{
	return sphere_query(L, false, QUERY_TRACE, "sphere_meets_surface_trace");
}


/* bvh:sphere_contact(sphere) / (center, radius) -> nil when apart, else {point, normal, depth,
 * triangle}: the surface point nearest the centre, the unit direction that moves the ball out,
 * how far, and the 1-based triangle holding the point (as tetratree:sphere_contact) */
static int sphere_contact(lua_State *L, bool with_stats)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_sphere sphere;
	int next = col_lua_check_ball(L, 2, &sphere);
	check_nothing_after(L, next, with_stats ? "sphere_contact_stats" : "sphere_contact", "the sphere");
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_contact3 contact;
	if (!col_mesh_bvh_sphere_contact(bvh, sphere, &contact, with_stats ? &stats : NULL)) {
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

static int bvh_sphere_contact(lua_State *L)
{
	return sphere_contact(L, false);
}

static int bvh_sphere_contact_stats(lua_State *L)
{
	return sphere_contact(L, true);
}

/* bvh:closest_point(x, y, z) / ({x, y, z}) -> {x, y, z}, distance, triangle (1-based): the point
 * of the surface nearest to p */
static int closest_point(lua_State *L, bool with_stats)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_vec3 p, closest;
	int next = col_lua_check_vector3(L, 2, "point", &p);
	check_nothing_after(L, next, with_stats ? "closest_point_stats" : "closest_point", "the point");
	col_query_stats stats;
	col_query_stats_reset(&stats);
	int triangle = -1;
	double distance = col_mesh_bvh_closest_point(bvh, p, &closest, &triangle, with_stats ? &stats : NULL);
	if (!(distance >= 0.0) || triangle < 0) /* the point is checked: this would be an engine fault */
		return luaL_error(L, "bvh: no closest point found for (%f, %f, %f)", p.x, p.y, p.z);
	col_lua_push_vec3(L, closest);
	lua_pushnumber(L, distance);
	lua_pushinteger(L, (lua_Integer)triangle + 1);
	if (!with_stats)
		return 3;
	col_lua_push_stats(L, &stats);
	return 4;
}

static int bvh_closest_point(lua_State *L)
{
	return closest_point(L, false);
}

static int bvh_closest_point_stats(lua_State *L)
{
	return closest_point(L, true);
}

/* bvh:signed_distance(x, y, z) / ({x, y, z}) -> the distance to the surface, negative inside (the
 * sign from bvh:contains, so the surface itself is inside: 0 or -0); a surface-only BVH gives the
 * unsigned distance */
static int signed_distance(lua_State *L, bool with_stats)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_vec3 p;
	int next = col_lua_check_vector3(L, 2, "point", &p);
	check_nothing_after(L, next, with_stats ? "signed_distance_stats" : "signed_distance", "the point");
	col_query_stats stats;
	col_query_stats_reset(&stats);
	lua_pushnumber(L, col_mesh_bvh_signed_distance(bvh, p, with_stats ? &stats : NULL));
	if (!with_stats)
		return 1;
	col_lua_push_stats(L, &stats);
	return 2;
}

static int bvh_signed_distance(lua_State *L)
{
	return signed_distance(L, false);
}

static int bvh_signed_distance_stats(lua_State *L)
{
	return signed_distance(L, true);
}

/* bvh:ray_cast(origin, direction [, max_distance]) -> nil, or {distance, point, normal, triangle}:
 * the first surface point on origin + t direction, 0 <= t <= max_distance (default: no limit); t
 * (distance) is in the direction's units; normal is the hit triangle's unit normal as it is wound.
 * origin and direction are each {x, y, z} or three numbers. */
static int ray_cast(lua_State *L, bool with_stats)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	col_vec3 origin, direction;
	double max_distance;
	int next = col_lua_check_ray(L, 2, &origin, &direction, &max_distance);
	check_nothing_after(L, next, with_stats ? "ray_cast_stats" : "ray_cast", "max_distance");
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_ray_hit3 hit;
	if (!col_mesh_bvh_ray_cast(bvh, origin, direction, max_distance, &hit, with_stats ? &stats : NULL)) {
		lua_pushnil(L);
	} else {
		col_lua_push_ray_hit(L, &hit);
	}
	if (!with_stats)
		return 1;
	col_lua_push_stats(L, &stats);
	return 2;
}

static int bvh_ray_cast(lua_State *L)
{
	return ray_cast(L, false);
}

static int bvh_ray_cast_stats(lua_State *L)
{
	return ray_cast(L, true);
}

/* The other BVH at 2 and the pose at 3 (none or nil: the identity; nothing may follow it). */
static const col_mesh_bvh *check_pair(lua_State *L, const char *name, col_transform3 *pose)
{
	const col_mesh_bvh *other = check_bvh(L, 2);
	*pose = col_lua_check_pose3(L, 3);
	check_nothing_after(L, 4, name, "the pose");
	return other;
}

static bool run_pair(const col_mesh_bvh *a, const col_mesh_bvh *b, bool solid, col_transform3 pose,
                     col_query_stats *stats, col_mesh_bvh_trace *trace)
{
	return solid ? col_mesh_bvh_intersects(a, b, pose, stats, trace)
	             : col_mesh_bvh_surfaces_meet(a, b, pose, stats, trace);
}

/* bvh:intersects(other [, pose]) and bvh:surfaces_meet(other [, pose]) with other a collide.bvh
 * moved into this one's frame by pose; bvh:intersects(sphere) as bvh:intersects_sphere. With
 * their _stats and _trace forms: the trace of a pair holds this BVH's nodes and triangles in the
 * order the descent met them (a node or triangle may come many times, once per node or triangle
 * of the other it was paired with). */
static int pair_query(lua_State *L, bool solid, query_extra extra, const char *name)
{
	const col_mesh_bvh *bvh = check_bvh(L, 1);
	if (solid && luaL_testudata(L, 2, COL_LUA_SPHERE) != NULL)
		return sphere_query(L, true, extra, name);
	if (luaL_testudata(L, 2, COL_LUA_BVH) == NULL)
		col_lua_typeerror(L, 2, solid ? "collide.bvh or collide.sphere" : "collide.bvh");
	col_transform3 pose;
	const col_mesh_bvh *other = check_pair(L, name, &pose);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_query_stats *counted = extra == QUERY_PLAIN ? NULL : &stats;
	col_mesh_bvh_trace trace = {0};
	if (extra != QUERY_TRACE)
		return push_answer(L, run_pair(bvh, other, solid, pose, counted, NULL), extra, &trace,
		                   &stats);
	/* Room for each node and triangle once to start with; recorded again with room for all when
	 * that was not enough (the query keeps no state, so it answers the same). */
	col_mesh_bvh_stats s = col_mesh_bvh_get_stats(bvh);
	int triangles = col_mesh_triangle_count(col_mesh_bvh_mesh(bvh));
	trace = push_trace(L, trace_room((size_t)s.nodes), trace_room((size_t)triangles));
	bool hit = run_pair(bvh, other, solid, pose, &stats, &trace);
	if (trace_overflowed(&trace)) {
		trace = push_trace(L, trace_room((size_t)trace.node_count),
		                   trace_room((size_t)trace.triangle_count));
		col_query_stats_reset(&stats);
		hit = run_pair(bvh, other, solid, pose, &stats, &trace);
	}
	return push_answer(L, hit, extra, &trace, &stats);
}

static int bvh_intersects(lua_State *L)
{
	return pair_query(L, true, QUERY_PLAIN, "intersects");
}

static int bvh_intersects_stats(lua_State *L)
{
	return pair_query(L, true, QUERY_STATS, "intersects_stats");
}

static int bvh_intersects_trace(lua_State *L)
{
	return pair_query(L, true, QUERY_TRACE, "intersects_trace");
}

static int bvh_surfaces_meet(lua_State *L)
{
	return pair_query(L, false, QUERY_PLAIN, "surfaces_meet");
}

static int bvh_surfaces_meet_stats(lua_State *L)
{
	return pair_query(L, false, QUERY_STATS, "surfaces_meet_stats");
}

static int bvh_surfaces_meet_trace(lua_State *L)
{
	return pair_query(L, false, QUERY_TRACE, "surfaces_meet_trace");
}


/* bvh:contacts(other [, pose [, max]]) -> list of contacts (at most max, default 1024), summary
 * {count, crossings, deepest} (with _stats: and the statistics): col_mesh_bvh_contacts in this
 * BVH's frame, the same contacts as tetratree:contacts. Both BVHs must be solid. */
static int contacts(lua_State *L, bool with_stats)
{
	const char *name = with_stats ? "contacts_stats" : "contacts";
	const col_mesh_bvh *bvh = check_solid_bvh(L, 1, name);
	const col_mesh_bvh *other = check_solid_bvh(L, 2, name);
	col_transform3 pose = col_lua_check_pose3(L, 3);
	lua_Integer max = luaL_optinteger(L, 4, 1024);
	luaL_argcheck(L, max >= 0 && max <= 1 << 24, 4, "contacts: max must be 0..16777216");
	check_nothing_after(L, 5, name, "max");
	col_mesh_contact *buffer = lua_newuserdatauv(L, (size_t)(max > 0 ? max : 1) * sizeof *buffer, 0);
	col_mesh_contact_summary summary;
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_error error;
	if (col_mesh_bvh_contacts(bvh, other, pose, buffer, (int)max, &summary, with_stats ? &stats : NULL,
	                          &error) != COL_OK)
		return col_lua_fail(L, &error);
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
	if (!with_stats)
		return 2;
	col_lua_push_stats(L, &stats);
	return 3;
}

static int bvh_contacts(lua_State *L)
{
	return contacts(L, false);
}

static int bvh_contacts_stats(lua_State *L)
{
	return contacts(L, true);
}

/* ---- lifetime ---- */

static int bvh_tostring(lua_State *L)
{
	bvh_box *box = luaL_checkudata(L, 1, COL_LUA_BVH);
	if (box->bvh == NULL) {
		lua_pushliteral(L, "bvh(closed)");
		return 1;
	}
	col_mesh_bvh_stats s = col_mesh_bvh_get_stats(box->bvh);
	lua_pushfstring(L, "bvh(%d nodes, %d leaves, depth %d, %d triangles%s)", s.nodes, s.leaves, s.depth,
	                col_mesh_triangle_count(col_mesh_bvh_mesh(box->bvh)),
	                col_mesh_bvh_is_solid(box->bvh) ? "" : ", surface only");
	return 1;
}

/* __gc, __close and close(): frees the BVH once; afterwards every method says "bvh is closed". */
static int bvh_release(lua_State *L)
{
	bvh_box *box = luaL_checkudata(L, 1, COL_LUA_BVH);
	if (box->bvh != NULL)
		col_mesh_bvh_destroy(box->bvh);
	box->bvh = NULL;
	return 0;
}

static const luaL_Reg bvh_methods[] = {
    {"stats", bvh_stats},
    {"node_count", bvh_len},
    {"is_solid", bvh_is_solid},
    {"node", bvh_node},
    {"nodes", bvh_nodes},
    {"leaf_triangles", bvh_leaf_triangles},
    {"contains", bvh_contains},
    {"contains_stats", bvh_contains_stats},
    {"contains_all", bvh_contains_all},
    {"intersects_sphere", bvh_intersects_sphere},
    {"intersects_sphere_stats", bvh_intersects_sphere_stats},
    {"intersects_sphere_trace", bvh_intersects_sphere_trace},
    {"sphere_meets_surface", bvh_sphere_meets_surface},
    {"sphere_meets_surface_stats", bvh_sphere_meets_surface_stats},
    {"sphere_meets_surface_trace", bvh_sphere_meets_surface_trace},
    {"sphere_contact", bvh_sphere_contact},
    {"sphere_contact_stats", bvh_sphere_contact_stats},
    {"closest_point", bvh_closest_point},
    {"closest_point_stats", bvh_closest_point_stats},
    {"signed_distance", bvh_signed_distance},
    {"signed_distance_stats", bvh_signed_distance_stats},
    {"ray_cast", bvh_ray_cast},
    {"ray_cast_stats", bvh_ray_cast_stats},
    {"surfaces_meet", bvh_surfaces_meet},
    {"surfaces_meet_stats", bvh_surfaces_meet_stats},
    {"surfaces_meet_trace", bvh_surfaces_meet_trace},
    {"intersects", bvh_intersects},
    {"intersects_stats", bvh_intersects_stats},
    {"intersects_trace", bvh_intersects_trace},
    {"contacts", bvh_contacts},
    {"contacts_stats", bvh_contacts_stats},
    {"close", bvh_release},
    {"__len", bvh_len},
    {"__tostring", bvh_tostring},
    {"__gc", bvh_release},
    {"__closed", col_lua_owner_closed},
    {"__close", bvh_release},
    {NULL, NULL},
};

void col_lua_open_mesh_bvh(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_BVH, bvh_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, bvh_new);
	lua_setfield(L, -2, "bvh");
}
