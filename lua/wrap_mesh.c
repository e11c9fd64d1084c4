/* The Lua face of col_mesh: collide.mesh{vertices = ..., triangles = ...} (1-based), the
 * generators and file import/export under collide.mesh.*, validation and the brute-force
 * queries. collide.mesh is a table of functions whose __call is the constructor. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/io.h"

/* The userdata: a pointer the engine owns; NULL once closed (<close> or __gc). */
typedef struct mesh_box {
	col_mesh *mesh;
} mesh_box;

col_mesh *col_lua_to_mesh(lua_State *L, int idx)
{
	mesh_box *box = luaL_testudata(L, idx, COL_LUA_MESH);
	return box != NULL ? box->mesh : NULL;
}

col_mesh *col_lua_check_mesh(lua_State *L, int arg)
{
	mesh_box *box = luaL_checkudata(L, arg, COL_LUA_MESH);
	if (box->mesh == NULL)
		luaL_argerror(L, arg, "mesh is closed");
	return box->mesh;
}

/* A new, empty mesh userdata on the stack, ready to receive the engine object. */
static mesh_box *push_mesh_box(lua_State *L)
{
	mesh_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->mesh = NULL;
	luaL_setmetatable(L, COL_LUA_MESH);
	return box;
}

/* collide.mesh{ vertices = { {x, y, z}, ... }, triangles = { {1, 2, 3}, ... } } */
static int mesh_new(lua_State *L)
{
	static const char *const names[] = {"vertices", "triangles", NULL};
	luaL_checktype(L, 1, LUA_TTABLE);
	lua_settop(L, 1);
	col_lua_check_options(L, 1, 1, "mesh", names);
	col_lua_rawfield(L, 1, "vertices");  /* 2 */
	col_lua_rawfield(L, 1, "triangles"); /* 3 */

	const col_lua_points *vertices = col_lua_to_points(L, 2);
	if (vertices != NULL) {
		if (vertices->dim != 3)
			return luaL_argerror(L, 1,
			                     lua_pushfstring(L,
			                                     "vertices: expected 3D points, got %dD points",
			                                     vertices->dim));
	} else {
		if (!lua_istable(L, 2))
			return luaL_argerror(
			    L, 1,
			    lua_pushfstring(L, "vertices: expected a table of points {x, y, z}, got %s",
			                    luaL_typename(L, 2)));
		lua_Integer n = col_lua_check_length(L, 2, 1, INT_MAX, "vertices");
		col_lua_points *copy = col_lua_push_points(L, (size_t)n, 3); /* 4 */
		char what[48];
		for (lua_Integer i = 1; i <= n; i++) {
			lua_rawgeti(L, 2, i);
			snprintf(what, sizeof what, "vertex %lld", (long long)i);
			col_vec3 p;
			col_lua_table_point3(L, -1, 1, what, &p);
			copy->data[3 * (i - 1)] = p.x;
			copy->data[3 * (i - 1) + 1] = p.y;
			copy->data[3 * (i - 1) + 2] = p.z;
			lua_pop(L, 1);
		}
		vertices = copy;
	}
	if (vertices->count > INT_MAX)
		return luaL_argerror(L, 1, "vertices: too many");
	int vertex_count = (int)vertices->count;

	if (!lua_istable(L, 3))
		return luaL_argerror(
		    L, 1,
		    lua_pushfstring(L, "triangles: expected a table of index triples {i, j, k}, got %s",
		                    luaL_typename(L, 3)));
	int triangle_count = (int)col_lua_check_length(L, 3, 1, INT_MAX / 3, "triangles");
	int32_t *indices =
	    lua_newuserdatauv(L, sizeof(int32_t) * 3 * (size_t)(triangle_count > 0 ? triangle_count : 1), 0);
	for (int t = 0; t < triangle_count; t++) {
		if (lua_rawgeti(L, 3, t + 1) != LUA_TTABLE)
			return luaL_argerror(L, 1,
			                     lua_pushfstring(L, "triangle %d: expected {i, j, k}, got %s",
			                                     t + 1, luaL_typename(L, -1)));
		if (col_lua_rawlen(L, -1) != 3)
			return luaL_argerror(
			    L, 1,
			    lua_pushfstring(L, "triangle %d: expected {i, j, k}, got a table of length %I",
			                    t + 1, col_lua_rawlen(L, -1)));
		for (int k = 0; k < 3; k++) {
			lua_rawgeti(L, -1, k + 1);
			int isint = 0;
			lua_Integer index = lua_tointegerx(L, -1, &isint);
			if (!isint || lua_type(L, -1) != LUA_TNUMBER)
				return luaL_argerror(
				    L, 1,
				    lua_pushfstring(L, "triangle %d: index %d must be an integer, got %s",
				                    t + 1, k + 1,
				                    lua_type(L, -1) == LUA_TNUMBER ? "a fraction"
				                                                   : luaL_typename(L, -1)));
			if (index < 1 || index > vertex_count)
				return luaL_argerror(
				    L, 1,
				    lua_pushfstring(L, "triangle %d: vertex index %I out of range 1..%d",
				                    t + 1, index, vertex_count));
			indices[3 * t + k] = (int32_t)(index - 1);
			lua_pop(L, 1);
		}
		lua_pop(L, 1);
	}

	mesh_box *box = push_mesh_box(L);
	col_error error;
	if (col_mesh_create((const col_vec3 *)vertices->data, vertex_count, indices, triangle_count,
	                    &box->mesh, &error) != COL_OK) {
		box->mesh = NULL;
		return col_lua_arg_fail_renumbered(L, 1, &error); /* vertices, triangles from 1 */
	}
	return 1;
}

/* collide.mesh(...) through the table's __call: drop the table itself, so arguments count from 1.
 * When the call has no name Lua can see (pcall(collide.mesh, t)), collide.mesh.new is called as a
 * function of its own, so that its errors name 'collide.mesh.new' rather than '?'. */
static int mesh_call(lua_State *L)
{
	if (lua_gettop(L) > 0) /* __call called by hand may come with nothing at all */
		lua_remove(L, 1);
	lua_Debug ar;
	if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name != NULL)
		return mesh_new(L);
	lua_pushcfunction(L, mesh_new);
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, 1); /* our own mesh_new, no script code */
	return 1;
}

/* A generator or loader's result: the mesh on success, else the engine's message raised. */
static int finish_create(lua_State *L, col_status status, mesh_box *box, const col_error *error)
{
	if (status != COL_OK) {
		box->mesh = NULL;
		col_error renumbered = *error; /* vertices and triangles from 1 */
		col_lua_renumber(error->message, renumbered.message, sizeof renumbered.message);
		return col_lua_fail(L, &renumbered);
	}
	return 1;
}

/* A failed load's message for scripts. The readers name the file and count its vertices and faces
 * from 1 already ("mesh: m.ply: byte 218: face 2 has 0 vertices"); only a message of the engine's
 * own checks on what was read (col_mesh_create's, counting from 0) is renumbered. */
static void load_failure_message(const char *path, const col_error *error, col_error *out)
{
	*out = *error;
	size_t length = strlen(path);
	bool from_reader = strncmp(error->message, "mesh: ", 6) == 0 &&
	                   strncmp(error->message + 6, path, length) == 0 &&
	                   error->message[6 + length] == ':';
	if (!from_reader)
		col_lua_renumber(error->message, out->message, sizeof out->message);
}

/* collide.mesh.load(path): raises the engine's message when the file is missing or invalid. */
static int mesh_load(lua_State *L)
{
	const char *path = luaL_checkstring(L, 1);
	mesh_box *box = push_mesh_box(L);
	col_error error, shown;
	if (col_mesh_load(path, &box->mesh, &error) != COL_OK) {
		box->mesh = NULL;
		load_failure_message(path, &error, &shown);
		return col_lua_fail(L, &shown);
	}
	return 1;
}

/* collide.mesh.try_load(path) -> mesh, or nil, message, status name (as io.open does). */
static int mesh_try_load(lua_State *L)
{
	const char *path = luaL_checkstring(L, 1);
	mesh_box *box = push_mesh_box(L);
	col_error error;
	if (col_mesh_load(path, &box->mesh, &error) != COL_OK) {
		box->mesh = NULL;
		col_error shown;
		load_failure_message(path, &error, &shown);
		lua_pushnil(L);
		lua_pushstring(L, shown.message[0] ? shown.message : col_status_name(error.code));
		lua_pushstring(L, col_status_name(error.code));
		return 3;
	}
	return 1;
}

/* collide.mesh.box(hx, hy, hz): half extents */
static int mesh_box_new(lua_State *L)
{
	col_vec3 half = {col_lua_check_finite(L, 1), col_lua_check_finite(L, 2), col_lua_check_finite(L, 3)};
	mesh_box *box = push_mesh_box(L);
	col_error error;
	return finish_create(L, col_mesh_create_box(half, &box->mesh, &error), box, &error);
}

/* collide.mesh.icosphere(level [, radius = 1]) */
static int mesh_icosphere(lua_State *L)
{
	int level = col_lua_check_int_range(L, 1, 0, 8);
	double radius = col_lua_opt_finite(L, 2, 1.0);
	mesh_box *box = push_mesh_box(L);
	col_error error;
	return finish_create(L, col_mesh_create_icosphere(level, radius, &box->mesh, &error), box, &error);
}

/* collide.mesh.uv_sphere(radius, slices, stacks) */
static int mesh_uv_sphere(lua_State *L)
{
	double radius = col_lua_check_finite(L, 1);
	int slices = col_lua_check_int_range(L, 2, 3, 1 << 14);
	int stacks = col_lua_check_int_range(L, 3, 2, 1 << 14);
	mesh_box *box = push_mesh_box(L);
	col_error error;
	return finish_create(L, col_mesh_create_uv_sphere(radius, slices, stacks, &box->mesh, &error), box,
	                     &error);
}

/* collide.mesh.torus(R, r, major_segments, minor_segments) */
static int mesh_torus(lua_State *L)
{
	double major = col_lua_check_finite(L, 1);
	double minor = col_lua_check_finite(L, 2);
	int major_segments = col_lua_check_int_range(L, 3, 3, 1 << 14);
	int minor_segments = col_lua_check_int_range(L, 4, 3, 1 << 14);
	mesh_box *box = push_mesh_box(L);
	col_error error;
	return finish_create(
	    L, col_mesh_create_torus(major, minor, major_segments, minor_segments, &box->mesh, &error), box,
	    &error);
}

/* collide.mesh.bumpy_sphere(level) */
static int mesh_bumpy_sphere(lua_State *L)
{
	int level = col_lua_check_int_range(L, 1, 0, 8);
	mesh_box *box = push_mesh_box(L);
	col_error error;
	return finish_create(L, col_mesh_create_bumpy_sphere(level, &box->mesh, &error), box, &error);
}

/* ---- methods ---- */

static int mesh_vertex_count(lua_State *L)
{
	lua_pushinteger(L, col_mesh_vertex_count(col_lua_check_mesh(L, 1)));
	return 1;
}

static int mesh_triangle_count(lua_State *L)
{
	lua_pushinteger(L, col_mesh_triangle_count(col_lua_check_mesh(L, 1)));
	return 1;
}

/* m:vertices() -> { {x, y, z}, ... } */
static int mesh_vertices(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	int n = col_mesh_vertex_count(mesh);
	const col_vec3 *v = col_mesh_vertices(mesh);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		col_lua_push_vec3(L, v[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* m:triangles() -> { {i, j, k}, ... }, 1-based */
static int mesh_triangles(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	int n = col_mesh_triangle_count(mesh);
	const int32_t *t = col_mesh_triangles(mesh);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_createtable(L, 3, 0);
		for (int k = 0; k < 3; k++) {
			lua_pushinteger(L, (lua_Integer)t[3 * i + k] + 1);
			lua_rawseti(L, -2, k + 1);
		}
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* m:bounds() -> minx, miny, minz, maxx, maxy, maxz */
static int mesh_bounds(lua_State *L)
{
	col_aabb3 b = col_mesh_bounds(col_lua_check_mesh(L, 1));
	lua_pushnumber(L, b.min.x);
	lua_pushnumber(L, b.min.y);
	lua_pushnumber(L, b.min.z);
	lua_pushnumber(L, b.max.x);
	lua_pushnumber(L, b.max.y);
	lua_pushnumber(L, b.max.z);
	return 6;
}

static int mesh_volume(lua_State *L)
{
	lua_pushnumber(L, col_mesh_volume(col_lua_check_mesh(L, 1)));
	return 1;
}

static int mesh_area(lua_State *L)
{
	lua_pushnumber(L, col_mesh_surface_area(col_lua_check_mesh(L, 1)));
	return 1;
}

/* Sets field `name` of the table on top to a list of 1-based edges. */
static void set_edge_list(lua_State *L, const char *name, const col_mesh_edge *edges, int count)
{
	if (count > COL_MESH_REPORT_LIMIT)
		count = COL_MESH_REPORT_LIMIT;
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		lua_createtable(L, 2, 0);
		lua_pushinteger(L, (lua_Integer)edges[i].a + 1);
		lua_rawseti(L, -2, 1);
		lua_pushinteger(L, (lua_Integer)edges[i].b + 1);
		lua_rawseti(L, -2, 2);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, name);
}

static void set_int(lua_State *L, const char *name, int value)
{
	lua_pushinteger(L, value);
	lua_setfield(L, -2, name);
}

static void set_bool(lua_State *L, const char *name, bool value)
{
	lua_pushboolean(L, value);
	lua_setfield(L, -2, name);
}

/* m:validate() -> report table (counts, flags, edge lists 1-based, text) */
static int mesh_validate(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_mesh_report report;
	col_error error;
	if (col_mesh_validate(mesh, &report, &error) != COL_OK)
		return col_lua_fail(L, &error);
	lua_createtable(L, 0, 16);
	set_bool(L, "closed", report.closed);
	set_bool(L, "edge_manifold", report.edge_manifold);
	set_bool(L, "consistently_oriented", report.consistently_oriented);
	set_bool(L, "outward", report.outward);
	set_int(L, "vertex_count", report.vertex_count);
	set_int(L, "triangle_count", report.triangle_count);
	set_int(L, "edge_count", report.edge_count);
	set_int(L, "boundary_edges", report.boundary_edge_count);
	set_int(L, "nonmanifold_edges", report.nonmanifold_edge_count);
	set_int(L, "misoriented_edges", report.misoriented_edge_count);
	set_int(L, "degenerate_triangles", report.degenerate_triangle_count);
	set_int(L, "components", report.component_count);
	set_edge_list(L, "boundary_edge_list", report.boundary_edges, report.boundary_edge_count);
	set_edge_list(L, "nonmanifold_edge_list", report.nonmanifold_edges, report.nonmanifold_edge_count);
	set_edge_list(L, "misoriented_edge_list", report.misoriented_edges, report.misoriented_edge_count);

	char small[512];
	size_t needed = col_mesh_report_format(&report, small, sizeof small);
	if (needed < sizeof small) {
		lua_pushstring(L, small);
	} else {
		luaL_Buffer b;
		char *text = luaL_buffinitsize(L, &b, needed + 1);
		col_mesh_report_format(&report, text, needed + 1);
		luaL_pushresultsize(&b, needed);
	}
	lua_setfield(L, -2, "text");
	return 1;
}

/* m:fix_orientation() -> how many triangles were flipped; raises the engine's message on failure */
static int mesh_fix_orientation(lua_State *L)
{
	col_mesh *mesh = col_lua_check_mesh(L, 1);
	int flipped = 0;
	col_error error;
	if (col_mesh_fix_orientation(mesh, &flipped, &error) != COL_OK)
		return col_lua_fail(L, &error);
	lua_pushinteger(L, flipped);
	return 1;
}

/* m:weld() -> how many vertices were merged */
static int mesh_weld(lua_State *L)
{
	int merged = col_mesh_weld(col_lua_check_mesh(L, 1));
	if (merged == COL_MESH_WELD_COLLAPSED)
		return luaL_error(L, "mesh: welding would collapse every triangle; the mesh is unchanged");
	if (merged == COL_MESH_WELD_OUT_OF_MEMORY)
		return luaL_error(L, "mesh: out of memory while welding");
	lua_pushinteger(L, merged);
	return 1;
}

/* m:contains(x, y, z [, method]) / m:contains({x, y, z} [, method]) */
static bool mesh_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_vec3 p;
	int next = col_lua_check_point3(L, 2, &p);
	col_method method = col_lua_opt_method(L, next, COL_METHOD_DEFAULT);
	return col_mesh_contains_point(mesh, p, method, stats);
}

static int mesh_contains(lua_State *L)
{
	return col_lua_contains(L, mesh_contains_point, false);
}

/* m:contains_stats(x, y, z [, method]) -> inside, stats */
static int mesh_contains_stats(lua_State *L)
{
	return col_lua_contains(L, mesh_contains_point, true);
}

/* What m:contains_all reads before the points. */
typedef struct mesh_query {
	const col_mesh *mesh;
	col_method method;
} mesh_query;

static void mesh_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                 col_query_stats *stats)
{
	const mesh_query *q = query;
	col_mesh_contains_points(q->mesh, (const col_vec3 *)points->data, points->count, q->method, inside,
	                         stats);
}

/* m:contains_all(points3 [, method]) -> results, stats */
static int mesh_contains_all(lua_State *L)
{
	mesh_query query;
	query.mesh = col_lua_check_mesh(L, 1);
	query.method = col_lua_opt_method(L, 3, COL_METHOD_DEFAULT);
	return col_lua_contains_all(L, 2, 3, mesh_contains_points, &query);
}

/* m:intersects(sphere | mesh [, pose]): the pose moves the second object. */
static int mesh_intersects(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_sphere sphere;
	if (col_lua_to_sphere(L, 2, &sphere)) {
		col_transform3 pose = col_lua_check_pose3(L, 3);
		sphere.center = col_transform3_apply(pose, sphere.center);
		lua_pushboolean(L, col_mesh_intersects_sphere(mesh, sphere, NULL));
	} else if (luaL_testudata(L, 2, COL_LUA_MESH) != NULL) {
		const col_mesh *other = col_lua_check_mesh(L, 2);
		col_transform3 pose = col_lua_check_pose3(L, 3);
		lua_pushboolean(L, col_mesh_intersects_mesh(mesh, other, pose, NULL));
	} else {
		return col_lua_typeerror(L, 2, "collide.sphere or collide.mesh");
	}
	return 1;
}

/* m:save(path): OBJ, or binary STL for a path ending in .stl; raises on failure */
static int mesh_save(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	const char *path = luaL_checkstring(L, 2);
	col_error error;
	if (col_mesh_save(mesh, path, &error) != COL_OK)
		return col_lua_fail(L, &error);
	lua_pushboolean(L, 1);
	return 1;
}

static int mesh_tostring(lua_State *L)
{
	mesh_box *box = luaL_checkudata(L, 1, COL_LUA_MESH);
	if (box->mesh == NULL)
		lua_pushliteral(L, "mesh(closed)");
	else
		lua_pushfstring(L, "mesh(%d vertices, %d triangles)", col_mesh_vertex_count(box->mesh),
		                col_mesh_triangle_count(box->mesh));
	return 1;
}

/* __gc, __close and m:close(): release the engine object once. */
static int mesh_release(lua_State *L)
{
	mesh_box *box = luaL_checkudata(L, 1, COL_LUA_MESH);
	if (box->mesh != NULL)
		col_mesh_destroy(box->mesh);
	box->mesh = NULL;
	return 0;
}

static const luaL_Reg mesh_methods[] = {
    {"vertex_count", mesh_vertex_count},
    {"triangle_count", mesh_triangle_count},
    {"vertices", mesh_vertices},
    {"triangles", mesh_triangles},
    {"bounds", mesh_bounds},
    {"volume", mesh_volume},
    {"area", mesh_area},
    {"validate", mesh_validate},
    {"fix_orientation", mesh_fix_orientation},
    {"weld", mesh_weld},
    {"contains", mesh_contains},
    {"contains_stats", mesh_contains_stats},
    {"contains_all", mesh_contains_all},
    {"intersects", mesh_intersects},
    {"save", mesh_save},
    {"close", mesh_release},
    {"__tostring", mesh_tostring},
    {"__gc", mesh_release},
    {"__closed", col_lua_owner_closed},
    {"__close", mesh_release},
    {NULL, NULL},
};

static const luaL_Reg mesh_functions[] = {
    {"new", mesh_new},
    {"load", mesh_load},
    {"try_load", mesh_try_load},
    {"box", mesh_box_new},
    {"icosphere", mesh_icosphere},
    {"uv_sphere", mesh_uv_sphere},
    {"torus", mesh_torus},
    {"bumpy_sphere", mesh_bumpy_sphere},
    {NULL, NULL},
};

void col_lua_open_mesh(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_MESH, mesh_methods, true);
	lua_pop(L, 1);

	luaL_newlib(L, mesh_functions);
	lua_createtable(L, 0, 1);
	lua_pushcfunction(L, mesh_call);
	lua_setfield(L, -2, "__call");
	lua_setmetatable(L, -2);
	lua_setfield(L, -2, "mesh");
}
