/* The Lua face of the large-scene backend (gpu/include/collide/gpu*.h): collide.gpu.
 *
 * Every constructor takes options.device = "auto" (the default: the GPU when one can be used),
 * "gpu" or "cpu", and builds on that device's context, one per device for the Lua state, made on
 * first use (collide.gpu.context(device) returns it). The same script runs on either: the answers
 * are the same bits. Objects keep their context alive; each has close(), and refuses to work after
 * it. Bulk input and output travel as buffers (collide.points, collide.results) or flat tables;
 * triangles and bodies are numbered from 1. */
#include "collide_lua_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collide/gpu.h"
#include "collide/gpu_broadphase.h"
#include "collide/gpu_collide.h"
#include "collide/gpu_mesh.h"
#include "collide/gpu_particles.h"
#include "collide/gpu_polygon.h"

#define GPU_CONTEXT    "collide.gpu_context"
#define GPU_MESH       "collide.gpu_mesh"
#define GPU_PARTICLES  "collide.gpu_particles"
#define GPU_BROADPHASE "collide.gpu_broadphase"
#define GPU_POLYGON    "collide.gpu_polygon"
/* the registry table of the contexts made, by device name */
#define GPU_CONTEXTS "collide.gpu_contexts"

/* A context is shared by the objects made on it (each keeps it alive as uservalue 1) and their
 * engine objects use it until they are destroyed; so close() only retires it (later objects get a
 * fresh one) and the engine context is freed when the last of its objects is closed too. */
typedef struct context_box {
	col_gpu *gpu;
	int users;   /* open objects made on it */
	bool closed; /* refused to scripts; freed once users is 0 */
} context_box;

typedef struct mesh_box {
	col_gpu_mesh *mesh;
} mesh_box;

typedef struct particles_box {
	col_gpu_particles *particles;
} particles_box;

typedef struct polygon_box {
	col_gpu_polygon *polygon;
} polygon_box;

typedef struct broadphase_box {
	col_gpu_broadphase *broadphase;
} broadphase_box;

/* ---- contexts ---- */

/* The device named at the field `device` of the options table at idx (absent: auto). */
static col_device read_device(lua_State *L, int idx, int arg)
{
	col_device device = COL_DEVICE_AUTO;
	if (idx == 0)
		return device;
	int type = col_lua_rawfield(L, idx, "device");
	const char *name = type == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
	if (type != LUA_TNIL && (name == NULL || !col_device_from_name(name, &device)))
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "options: device must be 'auto', 'gpu' or 'cpu', got %s",
		                    name != NULL ? lua_pushfstring(L, "'%s'", name) : lua_typename(L, type)));
	lua_pop(L, 1);
	return device;
}

/* Pushes the context of a device (AUTO resolved), making it on first use. */
static col_gpu *push_context(lua_State *L, col_device device, int arg)
{
	if (device == COL_DEVICE_AUTO)
		device = col_gpu_available() ? COL_DEVICE_GPU : COL_DEVICE_CPU;
	const char *name = col_device_name(device);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, GPU_CONTEXTS);
	if (lua_getfield(L, -1, name) == LUA_TUSERDATA) {
		lua_remove(L, -2);
		return ((context_box *)lua_touserdata(L, -1))->gpu;
	}
	lua_pop(L, 1);
	context_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->gpu = NULL;
	box->users = 0;
	box->closed = false;
	luaL_setmetatable(L, GPU_CONTEXT);
	col_gpu_options options = col_gpu_default_options();
	options.device = device;
	col_error error;
	if (col_gpu_create(&options, &box->gpu, &error) != COL_OK)
		col_lua_arg_fail(L, arg, &error);
	lua_pushvalue(L, -1);
	lua_setfield(L, -3, name);
	lua_remove(L, -2);
	return box->gpu;
}

/* close(), __close, __gc: retires the context (the registry forgets it) and frees it unless objects
 * made on it are still open. */
static int context_gc(lua_State *L)
{
	context_box *box = luaL_checkudata(L, 1, GPU_CONTEXT);
	if (box->closed)
		return 0;
	box->closed = true;
	if (box->gpu != NULL && lua_getfield(L, LUA_REGISTRYINDEX, GPU_CONTEXTS) == LUA_TTABLE) {
		const char *name = col_device_name(col_gpu_device(box->gpu));
		if (lua_getfield(L, -1, name) == LUA_TUSERDATA && lua_touserdata(L, -1) == box) {
			lua_pushnil(L);
			lua_setfield(L, -3, name);
		}
	}
	if (box->users == 0) {
		col_gpu_destroy(box->gpu);
		box->gpu = NULL;
	}
	return 0;
}

static int context_closed(lua_State *L)
{
	context_box *box = luaL_testudata(L, 1, GPU_CONTEXT);
	lua_pushboolean(L, box != NULL && box->closed);
	return 1;
}

static col_gpu *check_context(lua_State *L, int arg)
{
	context_box *box = luaL_checkudata(L, arg, GPU_CONTEXT);
	if (box->closed || box->gpu == NULL)
		luaL_argerror(L, arg, "gpu context is closed");
	return box->gpu;
}

/* The context of the object at idx (its uservalue 1). */
static context_box *context_of(lua_State *L, int idx)
{
	lua_getiuservalue(L, idx, 1);
	context_box *box = luaL_checkudata(L, -1, GPU_CONTEXT);
	lua_pop(L, 1); /* the object keeps it alive */
	return box;
}

/* An object made on the context at context_idx, counted so the context outlives it. */
static void context_add_user(lua_State *L, int context_idx)
{
	((context_box *)luaL_checkudata(L, context_idx, GPU_CONTEXT))->users++;
}

/* The object at idx no longer uses its context: a retired context with no users left is freed. */
static void context_remove_user(lua_State *L, int idx)
{
	context_box *box = context_of(L, idx);
	if (--box->users == 0 && box->closed) {
		col_gpu_destroy(box->gpu);
		box->gpu = NULL;
	}
}

static int context_device(lua_State *L)
{
	lua_pushstring(L, col_device_name(col_gpu_device(check_context(L, 1))));
	return 1;
}

static int context_threads(lua_State *L)
{
	lua_pushinteger(L, col_gpu_cpu_threads(check_context(L, 1)));
	return 1;
}

static int context_memory(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)col_gpu_memory_in_use(check_context(L, 1)));
	return 1;
}

static int context_tostring(lua_State *L)
{
	context_box *box = luaL_checkudata(L, 1, GPU_CONTEXT);
	if (box->closed || box->gpu == NULL)
		lua_pushliteral(L, "collide.gpu_context (closed)");
	else
		lua_pushfstring(L, "collide.gpu_context (%s, %d CPU threads)",
		                col_device_name(col_gpu_device(box->gpu)), col_gpu_cpu_threads(box->gpu));
	return 1;
}

/* gpu.context([device]) -> the shared context of "auto" (default), "gpu" or "cpu" */
static int gpu_context(lua_State *L)
{
	col_device device = COL_DEVICE_AUTO;
	if (!lua_isnoneornil(L, 1)) {
		const char *name = luaL_checkstring(L, 1);
		if (!col_device_from_name(name, &device))
			luaL_argerror(
			    L, 1,
			    lua_pushfstring(L, "device must be 'auto', 'gpu' or 'cpu', got '%s'", name));
	}
	push_context(L, device, 1);
	return 1;
}

static int gpu_available(lua_State *L)
{
	lua_pushboolean(L, col_gpu_available());
	return 1;
}

/* gpu.info() -> {compiled, available, name, compute, multiprocessors, memory, memory_free, runtime,
 * driver, cpu_threads, reason} */
static int gpu_info(lua_State *L)
{
	col_gpu_info info;
	col_gpu_get_info(&info);
	lua_createtable(L, 0, 11);
	lua_pushboolean(L, info.compiled);
	lua_setfield(L, -2, "compiled");
	lua_pushboolean(L, info.available);
	lua_setfield(L, -2, "available");
	lua_pushstring(L, info.name);
	lua_setfield(L, -2, "name");
	lua_pushfstring(L, "%d.%d", info.compute_major, info.compute_minor);
	lua_setfield(L, -2, "compute");
	lua_pushinteger(L, info.multiprocessors);
	lua_setfield(L, -2, "multiprocessors");
	lua_pushinteger(L, (lua_Integer)info.memory_total);
	lua_setfield(L, -2, "memory");
	lua_pushinteger(L, (lua_Integer)info.memory_free);
	lua_setfield(L, -2, "memory_free");
	lua_pushinteger(L, info.runtime_version);
	lua_setfield(L, -2, "runtime");
	lua_pushinteger(L, info.driver_version);
	lua_setfield(L, -2, "driver");
	lua_pushinteger(L, info.cpu_threads);
	lua_setfield(L, -2, "cpu_threads");
	lua_pushstring(L, info.reason);
	lua_setfield(L, -2, "reason");
	return 1;
}

/* The options table at arg (none or nil: 0), its keys checked. */
static int opt_table(lua_State *L, int arg, const char *what, const char *const names[])
{
	if (lua_isnoneornil(L, arg))
		return 0;
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "options table");
	col_lua_check_options(L, arg, arg, what, names);
	return arg;
}

static void push_gpu_stats(lua_State *L, const col_gpu_stats *s)
{
	lua_createtable(L, 0, 9);
	lua_pushinteger(L, (lua_Integer)s->queries);
	lua_setfield(L, -2, "queries");
	lua_pushinteger(L, (lua_Integer)s->hits);
	lua_setfield(L, -2, "hits");
	lua_pushinteger(L, (lua_Integer)s->handed_back);
	lua_setfield(L, -2, "handed_back");
	lua_pushinteger(L, (lua_Integer)s->nodes_visited);
	lua_setfield(L, -2, "nodes_visited");
	lua_pushinteger(L, (lua_Integer)s->primitives_tested);
	lua_setfield(L, -2, "primitives_tested");
	lua_pushinteger(L, (lua_Integer)s->cache_hits);
	lua_setfield(L, -2, "cache_hits");
	col_lua_set_number(L, "compute_ms", s->compute_ms);
	col_lua_set_number(L, "transfer_ms", s->transfer_ms);
	col_lua_set_number(L, "wall_ms", s->wall_ms);
}

/* ---- meshes ---- */

static col_gpu_mesh *check_mesh(lua_State *L, int arg)
{
	mesh_box *box = luaL_checkudata(L, arg, GPU_MESH);
	if (box->mesh == NULL)
		luaL_argerror(L, arg, "gpu mesh is closed");
	return box->mesh;
}

/* gpu.mesh(mesh [, {device =, solid =, max_depth =, max_triangles =}]) */
static int gpu_mesh_new(lua_State *L)
{
	static const char *const names[] = {"device", "solid", "max_depth", "max_triangles", NULL};
	lua_settop(L, 2); /* the arguments fixed: what is pushed below comes after them */
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	int options = opt_table(L, 2, "gpu.mesh", names);
	col_gpu_mesh_options o = col_gpu_mesh_default_options();
	if (options) {
		col_lua_option_bool(L, options, "solid", options, "gpu.mesh", &o.solid);
		col_lua_option_int(L, options, "max_depth", options, "gpu.mesh", &o.octree.max_depth);
		col_lua_option_int(L, options, "max_triangles", options, "gpu.mesh", &o.octree.max_triangles);
	}
	col_gpu *gpu = push_context(L, read_device(L, options, 2), 2);
	int context = lua_gettop(L);
	mesh_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->mesh = NULL;
	luaL_setmetatable(L, GPU_MESH);
	lua_pushvalue(L, context);
	lua_setiuservalue(L, -2, 1); /* the context outlives the mesh */
	col_error error;
	if (col_gpu_mesh_create(gpu, mesh, &o, &box->mesh, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	context_add_user(L, context);
	return 1;
}

static int mesh_close(lua_State *L)
{
	mesh_box *box = luaL_checkudata(L, 1, GPU_MESH);
	if (box->mesh == NULL)
		return 0;
	col_gpu_mesh_destroy(box->mesh);
	box->mesh = NULL;
	context_remove_user(L, 1);
	return 0;
}

static int mesh_tostring(lua_State *L)
{
	mesh_box *box = luaL_checkudata(L, 1, GPU_MESH);
	if (box->mesh == NULL) {
		lua_pushliteral(L, "collide.gpu_mesh (closed)");
		return 1;
	}
	col_gpu_mesh_info info = col_gpu_mesh_get_info(box->mesh);
	lua_pushfstring(L, "collide.gpu_mesh (%d triangles, %s, %I device bytes)", info.triangles,
	                info.solid ? "solid" : "surface", (lua_Integer)info.device_bytes);
	return 1;
}

/* m:info() -> {triangles, solid, octree_cells, octree_leaves, octree_depth, octree_references,
 * bvh_nodes, device_bytes, build_ms, device} */
static int mesh_info(lua_State *L)
{
	col_gpu_mesh *m = check_mesh(L, 1);
	col_gpu_mesh_info info = col_gpu_mesh_get_info(m);
	lua_createtable(L, 0, 10);
	lua_pushinteger(L, info.triangles);
	lua_setfield(L, -2, "triangles");
	lua_pushboolean(L, info.solid);
	lua_setfield(L, -2, "solid");
	lua_pushinteger(L, info.octree_cells);
	lua_setfield(L, -2, "octree_cells");
	lua_pushinteger(L, info.octree_leaves);
	lua_setfield(L, -2, "octree_leaves");
	lua_pushinteger(L, info.octree_depth);
	lua_setfield(L, -2, "octree_depth");
	lua_pushinteger(L, (lua_Integer)info.octree_references);
	lua_setfield(L, -2, "octree_references");
	lua_pushinteger(L, info.bvh_nodes);
	lua_setfield(L, -2, "bvh_nodes");
	lua_pushinteger(L, (lua_Integer)info.device_bytes);
	lua_setfield(L, -2, "device_bytes");
	col_lua_set_number(L, "build_ms", info.build_ms);
	lua_pushstring(L, col_device_name(col_gpu_device(context_of(L, 1)->gpu)));
	lua_setfield(L, -2, "device");
	return 1;
}

/* m:contains(points [, pose]) -> results, stats: each point (world coordinates; the mesh placed by
 * pose) inside or on the solid */
static int mesh_contains(lua_State *L)
{
	lua_settop(L, 3); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_mesh *m = check_mesh(L, 1);
	col_lua_points *points = col_lua_check_points(L, 2, 3);
	col_transform3 pose = col_lua_check_pose3(L, 3);
	col_lua_results *results = col_lua_push_results(L, points->count);
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	_Static_assert(sizeof(bool) == sizeof(uint8_t), "results are one byte an answer");
	if (col_gpu_mesh_contains_points(m, &pose, (const col_vec3 *)points->data, points->count,
	                                 (uint8_t *)results->data, &stats, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	push_gpu_stats(L, &stats);
	return 2;
}

/* m:distance(points [, {pose =, closest =, triangles =}]) -> distances (a table, negative inside a
 * solid mesh), closest points (a buffer, in the mesh's frame) or nil, triangles (a table) or nil,
 * stats */
static int mesh_distance(lua_State *L)
{
	static const char *const names[] = {"pose", "closest", "triangles", NULL};
	lua_settop(L, 3); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_mesh *m = check_mesh(L, 1);
	col_lua_points *points = col_lua_check_points(L, 2, 3);
	int options = opt_table(L, 3, "distance", names);
	col_transform3 pose = col_transform3_identity();
	bool want_closest = false, want_triangles = false;
	if (options) {
		if (col_lua_rawfield(L, options, "pose") != LUA_TNIL)
			pose = col_lua_table_pose3(L, -1, options, "distance: pose");
		lua_pop(L, 1);
		col_lua_option_bool(L, options, "closest", options, "distance", &want_closest);
		col_lua_option_bool(L, options, "triangles", options, "distance", &want_triangles);
	}
	size_t n = points->count;
	/* scratch owned by Lua, so an error leaks nothing */
	double *distance = lua_newuserdatauv(L, n * sizeof *distance + 1, 0);
	int32_t *triangle = want_triangles ? lua_newuserdatauv(L, n * sizeof *triangle + 1, 0) : NULL;
	col_lua_points *closest = want_closest ? col_lua_push_points(L, n, 3) : NULL;
	int closest_idx = lua_gettop(L);
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	if (col_gpu_mesh_distance_points(m, &pose, (const col_vec3 *)points->data, n, distance,
	                                 closest != NULL ? (col_vec3 *)closest->data : NULL, triangle, &stats,
	                                 &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	lua_createtable(L, (int)(n < INT32_MAX ? n : INT32_MAX), 0);
	for (size_t i = 0; i < n; i++) {
		lua_pushnumber(L, distance[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	if (closest != NULL)
		lua_pushvalue(L, closest_idx);
	else
		lua_pushnil(L);
	if (triangle != NULL) {
		lua_createtable(L, (int)(n < INT32_MAX ? n : INT32_MAX), 0);
		for (size_t i = 0; i < n; i++) {
			lua_pushinteger(L, (lua_Integer)triangle[i] + 1);
			lua_rawseti(L, -2, (lua_Integer)i + 1);
		}
	} else {
		lua_pushnil(L);
	}
	push_gpu_stats(L, &stats);
	return 4;
}

/* The form and search of an options table at idx (0: none). */
static col_gpu_query_options read_query_options(lua_State *L, int idx)
{
	col_gpu_query_options o = {COL_METHOD_CGA, COL_GPU_BVH};
	if (idx == 0)
		return o;
	o.form = col_lua_read_cga_method(L, idx, idx, "form");
	int type = col_lua_rawfield(L, idx, "search");
	const char *name = type == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
	if (name != NULL && strcmp(name, "bvh") == 0)
		o.search = COL_GPU_BVH;
	else if (name != NULL && strcmp(name, "brute_force") == 0)
		o.search = COL_GPU_BRUTE_FORCE;
	else if (type != LUA_TNIL)
		luaL_argerror(
		    L, idx,
		    lua_pushfstring(L, "options: search must be 'bvh' or 'brute_force', got %s",
		                    name != NULL ? lua_pushfstring(L, "'%s'", name) : lua_typename(L, type)));
	lua_pop(L, 1);
	return o;
}

/* The query or list of queries at arg (col_lua_table_cga_query's tables), into a Lua-owned array
 * left on the stack. */
static col_cga_query *check_queries(lua_State *L, int arg, size_t *count)
{
	luaL_checktype(L, arg, LUA_TTABLE);
	int top = lua_gettop(L);
	bool single = col_lua_rawfield(L, arg, "segment") != LUA_TNIL;
	single = col_lua_rawfield(L, arg, "triangle") != LUA_TNIL || single;
	single = col_lua_rawfield(L, arg, "sphere") != LUA_TNIL || single;
	lua_settop(L, top);
	lua_Integer n = single ? 1 : col_lua_check_length(L, arg, arg, INT32_MAX, "queries");
	col_cga_query *q = lua_newuserdatauv(L, (size_t)n * sizeof *q + 1, 0);
	if (single) {
		col_lua_table_cga_query(L, arg, arg, "query", q);
	} else {
		for (lua_Integer i = 0; i < n; i++) {
			lua_rawgeti(L, arg, i + 1);
			const char *what = lua_pushfstring(L, "queries[%I]", i + 1);
			col_lua_table_cga_query(L, -2, arg, what, &q[i]);
			lua_pop(L, 2);
		}
	}
	*count = (size_t)n;
	return q;
}

/* m:query(queries [, {form =, search =, hits =}]) -> counts (a table: triangles each query meets),
 * hits (1-based triangles some query meets, with hits = true) or nil, stats. queries: one query
 * table or a list of them ({segment = {p, q}}, {triangle = {a, b, c}}, {sphere = S, mode =}). */
static int mesh_query(lua_State *L)
{
	static const char *const names[] = {"form", "search", "hits", NULL};
	lua_settop(L, 3); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_mesh *m = check_mesh(L, 1);
	size_t n;
	col_cga_query *q = check_queries(L, 2, &n);
	int options = opt_table(L, 3, "query", names);
	col_gpu_query_options o = read_query_options(L, options);
	bool want_hits = false;
	if (options)
		col_lua_option_bool(L, options, "hits", options, "query", &want_hits);
	size_t triangles = (size_t)col_gpu_mesh_get_info(m).triangles;
	uint32_t *counts = lua_newuserdatauv(L, n * sizeof *counts + 1, 0);
	uint8_t *hits = want_hits ? lua_newuserdatauv(L, triangles + 1, 0) : NULL;
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	if (col_gpu_mesh_query(m, q, n, &o, counts, hits, &stats, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	lua_createtable(L, (int)n, 0);
	for (size_t i = 0; i < n; i++) {
		lua_pushinteger(L, counts[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	if (hits != NULL)
		col_lua_push_flagged(L, hits, triangles);
	else
		lua_pushnil(L);
	push_gpu_stats(L, &stats);
	return 3;
}

/* m:collide(other [, {pose =, form =, search =}]) -> pairs, hits of m, hits of other (1-based
 * lists), stats: every pair of triangles of m and of other placed by pose (as cga.mesh_mesh) */
static int mesh_collide(lua_State *L)
{
	static const char *const names[] = {"pose", "form", "search", NULL};
	lua_settop(L, 3); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_mesh *a = check_mesh(L, 1);
	col_gpu_mesh *b = check_mesh(L, 2);
	int options = opt_table(L, 3, "collide", names);
	col_gpu_query_options o = read_query_options(L, options);
	col_transform3 pose = options ? col_lua_read_mesh_pose(L, options, options, col_gpu_mesh_source(b))
	                              : col_transform3_identity();
	size_t na = (size_t)col_gpu_mesh_get_info(a).triangles,
	       nb = (size_t)col_gpu_mesh_get_info(b).triangles;
	uint8_t *hit_a = lua_newuserdatauv(L, na + 1, 0), *hit_b = lua_newuserdatauv(L, nb + 1, 0);
	uint64_t pairs = 0;
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	if (col_gpu_mesh_mesh(a, b, pose, &o, &pairs, hit_a, hit_b, &stats, &error) != COL_OK)
		return col_lua_arg_fail(L, 2, &error);
	lua_pushinteger(L, (lua_Integer)pairs);
	col_lua_push_flagged(L, hit_a, na);
	col_lua_push_flagged(L, hit_b, nb);
	push_gpu_stats(L, &stats);
	return 4;
}

/* ---- polygons ---- */

static col_gpu_polygon *check_polygon(lua_State *L, int arg)
{
	polygon_box *box = luaL_checkudata(L, arg, GPU_POLYGON);
	if (box->polygon == NULL)
		luaL_argerror(L, arg, "gpu polygon is closed");
	return box->polygon;
}

/* gpu.polygon(polygon [, {device =}]) */
static int gpu_polygon_new(lua_State *L)
{
	static const char *const names[] = {"device", NULL};
	lua_settop(L, 2); /* the arguments fixed: what is pushed below comes after them */
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	int options = opt_table(L, 2, "gpu.polygon", names);
	col_gpu *gpu = push_context(L, read_device(L, options, 2), 2);
	int context = lua_gettop(L);
	polygon_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->polygon = NULL;
	luaL_setmetatable(L, GPU_POLYGON);
	lua_pushvalue(L, context);
	lua_setiuservalue(L, -2, 1);
	col_error error;
	if (col_gpu_polygon_create(gpu, polygon, NULL, &box->polygon, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	context_add_user(L, context);
	return 1;
}

static int polygon_close(lua_State *L)
{
	polygon_box *box = luaL_checkudata(L, 1, GPU_POLYGON);
	if (box->polygon == NULL)
		return 0;
	col_gpu_polygon_destroy(box->polygon);
	box->polygon = NULL;
	context_remove_user(L, 1);
	return 0;
}

static int polygon_tostring(lua_State *L)
{
	polygon_box *box = luaL_checkudata(L, 1, GPU_POLYGON);
	if (box->polygon == NULL)
		lua_pushliteral(L, "collide.gpu_polygon (closed)");
	else
		lua_pushfstring(L, "collide.gpu_polygon (%d edges, %d cells)",
		                col_gpu_polygon_get_info(box->polygon).edges,
		                col_gpu_polygon_get_info(box->polygon).cells);
	return 1;
}

/* p:info() -> {edges, cells, edge_references, device_bytes, build_ms} */
static int polygon_info(lua_State *L)
{
	col_gpu_polygon_info info = col_gpu_polygon_get_info(check_polygon(L, 1));
	lua_createtable(L, 0, 5);
	lua_pushinteger(L, info.edges);
	lua_setfield(L, -2, "edges");
	lua_pushinteger(L, info.cells);
	lua_setfield(L, -2, "cells");
	lua_pushinteger(L, (lua_Integer)info.edge_references);
	lua_setfield(L, -2, "edge_references");
	lua_pushinteger(L, (lua_Integer)info.device_bytes);
	lua_setfield(L, -2, "device_bytes");
	col_lua_set_number(L, "build_ms", info.build_ms);
	return 1;
}

/* p:contains(points [, {x =, y =, angle =}]) -> results, stats: 2D points (world), the polygon placed
 * by the pose */
static int polygon_contains(lua_State *L)
{
	lua_settop(L, 3); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_polygon *polygon = check_polygon(L, 1);
	col_lua_points *points = col_lua_check_points(L, 2, 2);
	col_transform2 pose = col_lua_opt_pose(L, 3);
	col_lua_results *results = col_lua_push_results(L, points->count);
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	if (col_gpu_polygon_contains_points(polygon, &pose, (const col_vec2 *)points->data, points->count,
	                                    (uint8_t *)results->data, &stats, &error) != COL_OK)
		return col_lua_arg_fail(L, 3, &error);
	push_gpu_stats(L, &stats);
	return 2;
}

/* ---- primitive pairs ---- */

/* gpu.collide_pairs(a, b [, {form =, device =}]) -> results, stats: a[i] against b[i], both lists of
 * query tables of one length */
static int gpu_collide_pairs(lua_State *L)
{
	static const char *const names[] = {"form", "device", NULL};
	lua_settop(L, 3); /* the arguments fixed: what is pushed below comes after them */
	luaL_checktype(L, 1, LUA_TTABLE);
	luaL_checktype(L, 2, LUA_TTABLE);
	lua_Integer n = col_lua_check_length(L, 1, 1, INT32_MAX, "a");
	if (col_lua_check_length(L, 2, 2, INT32_MAX, "b") != n)
		luaL_argerror(L, 2,
		              lua_pushfstring(L, "b has %I entries, a has %I", col_lua_rawlen(L, 2), n));
	int options = opt_table(L, 3, "collide_pairs", names);
	col_method form = options ? col_lua_read_cga_method(L, options, options, "form") : COL_METHOD_CGA;
	col_cga_query *a = lua_newuserdatauv(L, 2 * (size_t)n * sizeof *a + 1, 0), *b = a + n;
	for (lua_Integer i = 0; i < n; i++) {
		lua_rawgeti(L, 1, i + 1);
		const char *name = lua_pushfstring(L, "a[%I]", i + 1);
		col_lua_table_cga_query(L, -2, 1, name, &a[i]);
		lua_pop(L, 2);
		lua_rawgeti(L, 2, i + 1);
		name = lua_pushfstring(L, "b[%I]", i + 1);
		col_lua_table_cga_query(L, -2, 2, name, &b[i]);
		lua_pop(L, 2);
	}
	col_gpu *gpu = push_context(L, read_device(L, options, 3), 3);
	lua_pop(L, 1);
	col_lua_results *results = col_lua_push_results(L, (size_t)n);
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	if (col_gpu_collide_pairs(gpu, a, b, (size_t)n, form, (uint8_t *)results->data, &stats, &error) !=
	    COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	push_gpu_stats(L, &stats);
	return 2;
}

/* ---- particles ---- */

static col_gpu_particles *check_particles(lua_State *L, int arg)
{
	particles_box *box = luaL_checkudata(L, arg, GPU_PARTICLES);
	if (box->particles == NULL)
		luaL_argerror(L, arg, "gpu particles are closed");
	return box->particles;
}

/* A box field {min = p, max = q} or {p, q} of the options at idx. */
static bool field_box(lua_State *L, int idx, const char *key, int arg, col_aabb3 *out)
{
	int top = lua_gettop(L);
	if (col_lua_rawfield(L, idx, key) == LUA_TNIL) {
		lua_settop(L, top);
		return false;
	}
	int box = lua_gettop(L);
	const char *what = lua_pushfstring(L, "particles: %s", key);
	if (!lua_istable(L, box))
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "%s: expected a box {min = {x, y, z}, max = {x, y, z}}", what));
	const char *ends[2] = {"min", "max"};
	col_vec3 *targets[2] = {&out->min, &out->max};
	for (int k = 0; k < 2; k++) {
		if (col_lua_rawfield(L, box, ends[k]) == LUA_TNIL) {
			lua_pop(L, 1);
			lua_rawgeti(L, box, k + 1);
		}
		int value = lua_gettop(L);
		const char *name = lua_pushfstring(L, "%s: %s", what, ends[k]);
		col_lua_table_point3(L, value, arg, name, targets[k]);
		lua_settop(L, box + 1);
	}
	lua_settop(L, top);
	return true;
}

/* gpu.particles{count =, seed =, spawn =, domain =, spawn_velocity =, gravity =, wind =, drag =,
 * jitter =, response = "reflect" | "stick" | "none", restitution =, device =} */
static int gpu_particles_new(lua_State *L)
{
	static const char *const names[] = {"count",       "seed",   "spawn", "domain", "spawn_velocity",
	                                    "gravity",     "wind",   "drag",  "jitter", "response",
	                                    "restitution", "device", NULL};
	static const char *const responses[] = {"none", "reflect", "stick", NULL};
	lua_settop(L, 1); /* the arguments fixed: what is pushed below comes after them */
	int options = opt_table(L, 1, "particles", names);
	col_gpu_particles_options o = col_gpu_particles_default_options();
	if (options) {
		int top = lua_gettop(L);
		int count = 0;
		if (col_lua_option_int(L, options, "count", options, "particles", &count)) {
			if (count < 1)
				luaL_argerror(
				    L, options,
				    lua_pushfstring(L, "particles: count must be >= 1, got %d", count));
			o.count = (size_t)count;
		}
		if (col_lua_rawfield(L, options, "seed") != LUA_TNIL) {
			if (!lua_isinteger(L, -1))
				luaL_argerror(L, options, "particles: seed must be an integer");
			o.seed = (uint64_t)lua_tointeger(L, -1);
		}
		lua_settop(L, top);
		field_box(L, options, "spawn", options, &o.spawn);
		field_box(L, options, "domain", options, &o.domain);
		lua_settop(L, top);
		const char *vectors[3] = {"spawn_velocity", "gravity", "wind"};
		col_vec3 *targets[3] = {&o.spawn_velocity, &o.gravity, &o.wind};
		for (int k = 0; k < 3; k++) {
			if (col_lua_rawfield(L, options, vectors[k]) != LUA_TNIL) {
				int value = lua_gettop(L);
				const char *name = lua_pushfstring(L, "particles: %s", vectors[k]);
				col_lua_table_point3(L, value, options, name, targets[k]);
			}
			lua_settop(L, top);
		}
		col_lua_option_nonnegative(L, options, "drag", options, "particles", &o.drag);
		col_lua_option_nonnegative(L, options, "jitter", options, "particles", &o.jitter);
		col_lua_option_nonnegative(L, options, "restitution", options, "particles", &o.restitution);
		if (col_lua_rawfield(L, options, "response") != LUA_TNIL) {
			if (lua_type(L, -1) != LUA_TSTRING)
				luaL_argerror(L, options,
				              "particles: response must be 'reflect', 'stick' or 'none'");
			const char *name = lua_tostring(L, -1);
			int k = 0;
			while (responses[k] != NULL && strcmp(responses[k], name) != 0)
				k++;
			if (responses[k] == NULL)
				luaL_argerror(
				    L, options,
				    lua_pushfstring(
				        L,
				        "particles: response must be 'reflect', 'stick' or 'none', got '%s'",
				        name));
			o.response = (col_gpu_response)k;
		}
		lua_settop(L, top);
	}
	col_gpu *gpu = push_context(L, read_device(L, options, 1), 1);
	int context = lua_gettop(L);
	particles_box *box = lua_newuserdatauv(L, sizeof *box, 2);
	box->particles = NULL;
	luaL_setmetatable(L, GPU_PARTICLES);
	lua_pushvalue(L, context);
	lua_setiuservalue(L, -2, 1);
	col_error error;
	if (col_gpu_particles_create(gpu, &o, &box->particles, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	context_add_user(L, context);
	return 1;
}

static int particles_close(lua_State *L)
{
	particles_box *box = luaL_checkudata(L, 1, GPU_PARTICLES);
	if (box->particles == NULL)
		return 0;
	col_gpu_particles_destroy(box->particles);
	box->particles = NULL;
	context_remove_user(L, 1);
	return 0;
}

static int particles_tostring(lua_State *L)
{
	particles_box *box = luaL_checkudata(L, 1, GPU_PARTICLES);
	if (box->particles == NULL)
		lua_pushliteral(L, "collide.gpu_particles (closed)");
	else
		lua_pushfstring(L, "collide.gpu_particles (%I particles, %I steps)",
		                (lua_Integer)col_gpu_particles_count(box->particles),
		                (lua_Integer)col_gpu_particles_steps(box->particles));
	return 1;
}

static int particles_count(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)col_gpu_particles_count(check_particles(L, 1)));
	return 1;
}

static int particles_steps(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)col_gpu_particles_steps(check_particles(L, 1)));
	return 1;
}

static int particles_bytes(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)col_gpu_particles_device_bytes(check_particles(L, 1)));
	return 1;
}

/* p:step(dt [, meshes [, poses]]) -> {inside, entered, stuck, respawned, handed_back, cache_hits,
 * compute_ms, wall_ms}. meshes: a gpu mesh or a list of them (solid, on the particles' device);
 * poses: one pose or a list, each {position =, rotation =}. The meshes of the last step are kept
 * alive until the next. */
static int particles_step(lua_State *L)
{
	lua_settop(L, 4); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_particles *ps = check_particles(L, 1);
	double dt = luaL_checknumber(L, 2);
	col_gpu_mesh *meshes[8];
	col_transform3 poses[8];
	int n = 0;
	/* the meshes as read, kept here while stepping (a finalizer may empty the script's list) and
	 * then by the particles, which remember them until the next step */
	lua_createtable(L, 8, 0);
	int kept = lua_gettop(L);
	if (!lua_isnoneornil(L, 3)) {
		bool list = !luaL_testudata(L, 3, GPU_MESH);
		if (list && !lua_istable(L, 3))
			col_lua_typeerror(L, 3, "gpu mesh or list of gpu meshes");
		lua_Integer length = list ? col_lua_check_length(L, 3, 3, 8, "meshes") : 1;
		n = (int)length;
		for (int k = 0; k < n; k++) {
			if (list)
				lua_rawgeti(L, 3, k + 1);
			else
				lua_pushvalue(L, 3);
			mesh_box *box = luaL_testudata(L, -1, GPU_MESH);
			if (box == NULL || box->mesh == NULL)
				luaL_argerror(
				    L, 3, lua_pushfstring(L, "meshes[%d]: expected an open gpu mesh", k + 1));
			meshes[k] = box->mesh;
			lua_rawseti(L, kept, k + 1);
			poses[k] = col_transform3_identity();
		}
		if (!lua_isnoneornil(L, 4)) {
			luaL_checktype(L, 4, LUA_TTABLE);
			bool one = col_lua_rawfield(L, 4, "position") != LUA_TNIL ||
			           col_lua_rawfield(L, 4, "rotation") != LUA_TNIL;
			lua_settop(L, kept);
			if (one && n == 1) {
				poses[0] = col_lua_table_pose3(L, 4, 4, "pose");
			} else {
				if (col_lua_check_length(L, 4, 4, 8, "poses") != n)
					luaL_argerror(
					    L, 4, lua_pushfstring(L, "poses: expected %d, one a mesh", n));
				for (int k = 0; k < n; k++) {
					lua_rawgeti(L, 4, k + 1);
					const char *name = lua_pushfstring(L, "poses[%d]", k + 1);
					if (!lua_istable(L, -2))
						luaL_argerror(
						    L, 4,
						    lua_pushfstring(
						        L, "%s: expected {position =, rotation =}", name));
					poses[k] = col_lua_table_pose3(L, -2, 4, name);
					lua_pop(L, 2);
				}
			}
		}
	}
	col_gpu_step_stats stats;
	col_error error;
	if (col_gpu_particles_step(ps, dt, meshes, poses, n, &stats, &error) != COL_OK)
		return col_lua_arg_fail(L, 2, &error);
	lua_pushvalue(L, kept);
	lua_setiuservalue(L, 1, 2);
	lua_createtable(L, 0, 8);
	lua_pushinteger(L, (lua_Integer)stats.inside);
	lua_setfield(L, -2, "inside");
	lua_pushinteger(L, (lua_Integer)stats.entered);
	lua_setfield(L, -2, "entered");
	lua_pushinteger(L, (lua_Integer)stats.stuck);
	lua_setfield(L, -2, "stuck");
	lua_pushinteger(L, (lua_Integer)stats.respawned);
	lua_setfield(L, -2, "respawned");
	lua_pushinteger(L, (lua_Integer)stats.handed_back);
	lua_setfield(L, -2, "handed_back");
	lua_pushinteger(L, (lua_Integer)stats.cache_hits);
	lua_setfield(L, -2, "cache_hits");
	col_lua_set_number(L, "compute_ms", stats.compute_ms);
	col_lua_set_number(L, "wall_ms", stats.wall_ms);
	return 1;
}

/* The range [first, first + count) of the particles from arguments 2 and 3 (1-based first, both
 * optional: all of them). */
static void check_range(lua_State *L, col_gpu_particles *ps, size_t *first, size_t *count)
{
	size_t total = col_gpu_particles_count(ps);
	lua_Integer f = luaL_optinteger(L, 2, 1), c = luaL_optinteger(L, 3, (lua_Integer)total - f + 1);
	if (f < 1 || (size_t)f > total + 1)
		luaL_argerror(L, 2,
		              lua_pushfstring(L, "first must be 1 .. %I, got %I", (lua_Integer)total + 1, f));
	if (c < 0 || (size_t)c > total - (size_t)(f - 1))
		luaL_argerror(L, 3,
		              lua_pushfstring(L, "count must be 0 .. %I, got %I",
		                              (lua_Integer)(total - (size_t)(f - 1)), c));
	*first = (size_t)(f - 1);
	*count = (size_t)c;
}

/* p:positions([first [, count]]) -> a 3D points buffer */
static int particles_positions(lua_State *L)
{
	col_gpu_particles *ps = check_particles(L, 1);
	size_t first, count;
	check_range(L, ps, &first, &count);
	col_lua_points *out = col_lua_push_points(L, count, 3);
	col_error error;
	if (col_gpu_particles_read(ps, first, count, (col_vec3 *)out->data, NULL, NULL, &error) != COL_OK)
		return col_lua_fail(L, &error);
	return 1;
}

/* p:velocities([first [, count]]) -> a 3D points buffer */
static int particles_velocities(lua_State *L)
{
	col_gpu_particles *ps = check_particles(L, 1);
	size_t first, count;
	check_range(L, ps, &first, &count);
	col_lua_points *out = col_lua_push_points(L, count, 3);
	col_error error;
	if (col_gpu_particles_read(ps, first, count, NULL, (col_vec3 *)out->data, NULL, &error) != COL_OK)
		return col_lua_fail(L, &error);
	return 1;
}

/* p:stuck([first [, count]]) -> results: each particle stuck to a mesh */
static int particles_stuck(lua_State *L)
{
	col_gpu_particles *ps = check_particles(L, 1);
	size_t first, count;
	check_range(L, ps, &first, &count);
	uint32_t *flags = lua_newuserdatauv(L, count * sizeof *flags + 1, 0);
	col_error error;
	if (col_gpu_particles_read(ps, first, count, NULL, NULL, flags, &error) != COL_OK)
		return col_lua_fail(L, &error);
	col_lua_results *out = col_lua_push_results(L, count);
	for (size_t i = 0; i < count; i++)
		out->data[i] = (flags[i] >> 8) != 0;
	return 1;
}

static int particles_reset_meshes(lua_State *L)
{
	col_gpu_particles_reset_meshes(check_particles(L, 1));
	lua_pushnil(L);
	lua_setiuservalue(L, 1, 2);
	return 0;
}

/* ---- the broad phase ---- */

static col_gpu_broadphase *check_broadphase(lua_State *L, int arg)
{
	broadphase_box *box = luaL_checkudata(L, arg, GPU_BROADPHASE);
	if (box->broadphase == NULL)
		luaL_argerror(L, arg, "gpu broadphase is closed");
	return box->broadphase;
}

/* gpu.broadphase([{device =}]) */
static int gpu_broadphase_new(lua_State *L)
{
	static const char *const names[] = {"device", NULL};
	lua_settop(L, 1); /* the arguments fixed: what is pushed below comes after them */
	int options = opt_table(L, 1, "broadphase", names);
	col_gpu *gpu = push_context(L, read_device(L, options, 1), 1);
	int context = lua_gettop(L);
	broadphase_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->broadphase = NULL;
	luaL_setmetatable(L, GPU_BROADPHASE);
	lua_pushvalue(L, context);
	lua_setiuservalue(L, -2, 1);
	col_error error;
	if (col_gpu_broadphase_create(gpu, &box->broadphase, &error) != COL_OK)
		return col_lua_fail(L, &error);
	context_add_user(L, context);
	return 1;
}

static int broadphase_close(lua_State *L)
{
	broadphase_box *box = luaL_checkudata(L, 1, GPU_BROADPHASE);
	if (box->broadphase == NULL)
		return 0;
	col_gpu_broadphase_destroy(box->broadphase);
	box->broadphase = NULL;
	context_remove_user(L, 1);
	return 0;
}

static int broadphase_tostring(lua_State *L)
{
	broadphase_box *box = luaL_checkudata(L, 1, GPU_BROADPHASE);
	lua_pushstring(L, box->broadphase == NULL ? "collide.gpu_broadphase (closed)"
	                                          : "collide.gpu_broadphase");
	return 1;
}

/* bp:pairs(boxes) -> pairs (a flat table a1, b1, a2, b2, ... of 1-based boxes, a < b, sorted), count,
 * stats. boxes: a 3D points buffer of two rows a box (min, then max), or a table of {min, max}. */
static int broadphase_pairs(lua_State *L)
{
	lua_settop(L, 2); /* the arguments fixed: what is pushed below comes after them */
	col_gpu_broadphase *bp = check_broadphase(L, 1);
	const col_aabb3 *boxes;
	size_t n;
	col_lua_points *buffer = col_lua_to_points(L, 2);
	if (buffer != NULL) {
		if (buffer->dim != 3 || buffer->count % 2 != 0)
			luaL_argerror(L, 2, "boxes: a 3D points buffer of two rows a box (min, max)");
		boxes = (const col_aabb3 *)buffer->data;
		n = buffer->count / 2;
	} else {
		luaL_checktype(L, 2, LUA_TTABLE);
		lua_Integer count = col_lua_check_length(L, 2, 2, INT32_MAX, "boxes");
		col_aabb3 *copy = lua_newuserdatauv(L, (size_t)count * sizeof *copy + 1, 0);
		for (lua_Integer i = 0; i < count; i++) {
			lua_rawgeti(L, 2, i + 1);
			const char *what = lua_pushfstring(L, "boxes[%I]", i + 1);
			if (!lua_istable(L, -2))
				luaL_argerror(L, 2, lua_pushfstring(L, "%s: expected {min, max}", what));
			lua_rawgeti(L, -2, 1);
			col_lua_table_point3(L, -1, 2, what, &copy[i].min);
			lua_rawgeti(L, -3, 2);
			col_lua_table_point3(L, -1, 2, what, &copy[i].max);
			lua_pop(L, 4);
		}
		boxes = copy;
		n = (size_t)count;
	}
	/* refused here, so the message numbers the box as the script does */
	for (size_t i = 0; i < n; i++) {
		col_aabb3 b = boxes[i];
		if (!col_vec3_is_finite(b.min) || !col_vec3_is_finite(b.max) || !(b.min.x <= b.max.x) ||
		    !(b.min.y <= b.max.y) || !(b.min.z <= b.max.z))
			luaL_argerror(
			    L, 2,
			    lua_pushfstring(L, "boxes[%I]: not finite, or min > max", (lua_Integer)i + 1));
	}
	size_t total = 0;
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_error error;
	if (col_gpu_broadphase_find_pairs(bp, boxes, n, NULL, 0, &total, NULL, &error) != COL_OK)
		return col_lua_arg_fail(L, 2, &error);
	col_gpu_pair *pairs = lua_newuserdatauv(L, total * sizeof *pairs + 1, 0);
	if (col_gpu_broadphase_find_pairs(bp, boxes, n, pairs, total, &total, &stats, &error) != COL_OK)
		return col_lua_arg_fail(L, 2, &error);
	lua_createtable(L, (int)(2 * total < INT32_MAX ? 2 * total : INT32_MAX), 0);
	for (size_t k = 0; k < total; k++) {
		lua_pushinteger(L, (lua_Integer)pairs[k].a + 1);
		lua_rawseti(L, -2, 2 * (lua_Integer)k + 1);
		lua_pushinteger(L, (lua_Integer)pairs[k].b + 1);
		lua_rawseti(L, -2, 2 * (lua_Integer)k + 2);
	}
	lua_pushinteger(L, (lua_Integer)total);
	push_gpu_stats(L, &stats);
	return 3;
}

/* ---- the module ---- */

static const luaL_Reg context_methods[] = {
    {"device", context_device},
    {"threads", context_threads},
    {"memory", context_memory},
    {"close", context_gc},
    {"__close", context_gc},
    {"__gc", context_gc},
    {"__closed", context_closed},
    {"__tostring", context_tostring},
    {NULL, NULL},
};

static const luaL_Reg mesh_methods[] = {
    {"info", mesh_info},
    {"contains", mesh_contains},
    {"distance", mesh_distance},
    {"query", mesh_query},
    {"collide", mesh_collide},
    {"close", mesh_close},
    {"__gc", mesh_close},
    {"__closed", col_lua_owner_closed},
    {"__close", mesh_close},
    {"__tostring", mesh_tostring},
    {NULL, NULL},
};

static const luaL_Reg particles_methods[] = {
    {"step", particles_step},
    {"positions", particles_positions},
    {"velocities", particles_velocities},
    {"stuck", particles_stuck},
    {"count", particles_count},
    {"steps", particles_steps},
    {"device_bytes", particles_bytes},
    {"reset_meshes", particles_reset_meshes},
    {"close", particles_close},
    {"__gc", particles_close},
    {"__closed", col_lua_owner_closed},
    {"__close", particles_close},
    {"__tostring", particles_tostring},
    {NULL, NULL},
};

static const luaL_Reg polygon_methods[] = {
    {"info", polygon_info},
    {"contains", polygon_contains},
    {"close", polygon_close},
    {"__gc", polygon_close},
    {"__closed", col_lua_owner_closed},
    {"__close", polygon_close},
    {"__tostring", polygon_tostring},
    {NULL, NULL},
};

static const luaL_Reg broadphase_methods[] = {
    {"pairs", broadphase_pairs},
    {"close", broadphase_close},
    {"__gc", broadphase_close},
    {"__closed", col_lua_owner_closed},
    {"__close", broadphase_close},
    {"__tostring", broadphase_tostring},
    {NULL, NULL},
};

static const luaL_Reg gpu_functions[] = {
    {"available", gpu_available},
    {"info", gpu_info},
    {"context", gpu_context},
    {"mesh", gpu_mesh_new},
    {"polygon", gpu_polygon_new},
    {"particles", gpu_particles_new},
    {"broadphase", gpu_broadphase_new},
    {"collide_pairs", gpu_collide_pairs},
    {NULL, NULL},
};

void col_lua_open_gpu(lua_State *L)
{
	col_lua_new_type(L, GPU_CONTEXT, context_methods, true);
	col_lua_new_type(L, GPU_MESH, mesh_methods, true);
	col_lua_new_type(L, GPU_PARTICLES, particles_methods, true);
	col_lua_new_type(L, GPU_BROADPHASE, broadphase_methods, true);
	col_lua_new_type(L, GPU_POLYGON, polygon_methods, true);
	lua_pop(L, 5);
	luaL_newlib(L, gpu_functions);
	lua_setfield(L, -2, "gpu");
}
