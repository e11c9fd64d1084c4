/* The Lua face of polyhedra with polygonal faces (source 000, chapter 3 and 5.1-5.5):
 * collide.polyhedron{vertices = ..., faces = ...} [, options], collide.polyhedron_from_mesh,
 * collide.complex_polyhedron(1 | 2), the point, segment and pair queries, the covering for drawing,
 * and collide.fan_triangle_hit (Alg. 5.7). Vertices, faces, loops and tetrahedra are numbered from
 * 1 here, as Lua is. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/barycentric3d.h"
#include "collide/polyhedron.h"

/* The userdata: the engine's polyhedron, NULL once closed. */
typedef struct polyhedron_box {
	col_polyhedron *polyhedron;
} polyhedron_box;

static const col_polyhedron *check_polyhedron(lua_State *L, int arg)
{
	polyhedron_box *box = luaL_checkudata(L, arg, COL_LUA_POLYHEDRON);
	if (box->polyhedron == NULL)
		luaL_argerror(L, arg, "polyhedron is closed");
	return box->polyhedron;
}

static polyhedron_box *push_polyhedron_box(lua_State *L)
{
	polyhedron_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->polyhedron = NULL;
	luaL_setmetatable(L, COL_LUA_POLYHEDRON);
	return box;
}

/* ---- construction ---- */

static const char *const polyhedron_options[] = {"origin", "planarity_tolerance", "triangle_fast_path", NULL};

/* The options table at arg (none or nil: the defaults). */
static col_polyhedron_options check_options(lua_State *L, int arg)
{
	col_polyhedron_options options = col_polyhedron_default_options();
	if (lua_isnoneornil(L, arg))
		return options;
	luaL_checktype(L, arg, LUA_TTABLE);
	col_lua_check_options(L, arg, arg, "polyhedron", polyhedron_options);
	if (col_lua_rawfield(L, arg, "origin") != LUA_TNIL) {
		col_lua_table_point3(L, -1, arg, "polyhedron: origin", &options.origin);
		options.has_origin = true;
	}
	lua_pop(L, 1);
	col_lua_field_number(L, arg, "planarity_tolerance", arg, "polyhedron", &options.planarity_tolerance);
	int type = col_lua_rawfield(L, arg, "triangle_fast_path");
	if (type != LUA_TNIL) {
		if (type != LUA_TBOOLEAN)
			luaL_argerror(
			    L, arg,
			    lua_pushfstring(L, "polyhedron: triangle_fast_path must be a boolean, got %s",
			                    luaL_typename(L, -1)));
		options.triangle_fast_path = lua_toboolean(L, -1);
	}
	lua_pop(L, 1);
	return options;
}

/* The vertices at stack index idx (a 3D points buffer, or a table of {x, y, z}) as a buffer, left
 * on the stack when it was copied. Errors name argument 1 (the constructor's table). */
static const col_lua_points *check_vertices(lua_State *L, int idx)
{
	const col_lua_points *vertices = col_lua_to_points(L, idx);
	if (vertices != NULL) {
		if (vertices->dim != 3)
			luaL_argerror(L, 1,
			              lua_pushfstring(L, "vertices: expected 3D points, got %dD points",
			                              vertices->dim));
		return vertices;
	}
	if (!lua_istable(L, idx))
		luaL_argerror(L, 1,
		              lua_pushfstring(L, "vertices: expected a table of points {x, y, z}, got %s",
		                              luaL_typename(L, idx)));
	lua_Integer n = col_lua_check_length(L, idx, 1, INT_MAX, "vertices");
	col_lua_points *copy = col_lua_push_points(L, (size_t)n, 3);
	char what[48];
	for (lua_Integer i = 1; i <= n; i++) {
		lua_rawgeti(L, idx, i);
		snprintf(what, sizeof what, "vertex %lld", (long long)i);
		col_vec3 p;
		col_lua_table_point3(L, -1, 1, what, &p);
		copy->data[3 * (i - 1)] = p.x;
		copy->data[3 * (i - 1) + 1] = p.y;
		copy->data[3 * (i - 1) + 2] = p.z;
		lua_pop(L, 1);
	}
	return copy;
}

/* Puts value at list[*k] (list NULL: only counts) and moves on, never past room: the entries
 * counted before, as a finalizer run by the allocation in between may have changed the table. */
static void put_entry(lua_State *L, int32_t *list, int room, int *k, int32_t value)
{
	if (*k >= room)
		luaL_argerror(
		    L, 1, list != NULL ? "faces: changed while they were read" : "faces: too many indices");
	if (list != NULL)
		list[*k] = value;
	(*k)++;
}

/* Reads loop `loop` of face `face` (the table on top) into list from *k on, or only counts it
 * when list is NULL; indices are checked against 1..vertex_count. */
static void read_loop(lua_State *L, int face, int loop, int vertex_count, int32_t *list, int room, int *k)
{
	int n = (int)col_lua_check_length(L, -1, 1, INT_MAX / 2, "faces: loop");
	for (int i = 1; i <= n; i++) {
		lua_rawgeti(L, -1, i);
		int isint = 0;
		lua_Integer index = lua_tointegerx(L, -1, &isint);
		if (!isint || lua_type(L, -1) != LUA_TNUMBER)
			luaL_argerror(
			    L, 1,
			    lua_pushfstring(
			        L, "faces: face %d loop %d: index %d must be an integer, got %s", face, loop,
			        i, lua_type(L, -1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1)));
		if (index < 1 || index > vertex_count)
			luaL_argerror(
			    L, 1,
			    lua_pushfstring(L, "faces: face %d loop %d: vertex index %I out of range 1..%d",
			                    face, loop, index, vertex_count));
		put_entry(L, list, room, k, (int32_t)(index - 1));
		lua_pop(L, 1);
	}
}

/* The faces table at idx as the engine's index list: each face a list of indices (one loop) or a
 * list of loops (the outer one, then holes). Counts when list is NULL. Returns the entries, at
 * most room. */
static int read_faces(lua_State *L, int idx, int vertex_count, int32_t *list, int room)
{
	int faces = (int)col_lua_check_length(L, idx, 1, INT_MAX / 4, "faces");
	if (faces == 0)
		luaL_argerror(L, 1, "faces: no faces");
	int k = 0;
	for (int f = 1; f <= faces; f++) {
		if (lua_rawgeti(L, idx, f) != LUA_TTABLE)
			luaL_argerror(L, 1,
			              lua_pushfstring(
			                  L, "faces: face %d: expected a list of indices or of loops, got %s",
			                  f, luaL_typename(L, -1)));
		int first = lua_rawgeti(L, -1, 1);
		lua_pop(L, 1);
		if (first == LUA_TTABLE) {
			int loops = (int)col_lua_check_length(L, -1, 1, INT_MAX / 4, "faces: face");
			for (int l = 1; l <= loops; l++) {
				if (lua_rawgeti(L, -1, l) != LUA_TTABLE)
					luaL_argerror(
					    L, 1,
					    lua_pushfstring(
					        L,
					        "faces: face %d: loop %d must be a list of indices, got %s",
					        f, l, luaL_typename(L, -1)));
				read_loop(L, f, l, vertex_count, list, room, &k);
				lua_pop(L, 1);
				if (l < loops)
					put_entry(L, list, room, &k, COL_POLYHEDRON_NEXT_LOOP);
			}
		} else {
			read_loop(L, f, 1, vertex_count, list, room, &k);
		}
		lua_pop(L, 1);
		if (f < faces)
			put_entry(L, list, room, &k, COL_POLYHEDRON_NEXT_FACE);
	}
	return k;
}

/* The engine's answer: the polyhedron in box, or its message raised at argument arg (the options'
 * argument for a bad option). */
static int finish(lua_State *L, col_status status, polyhedron_box *box, const col_error *error,
                  int options_arg)
{
	if (status == COL_OK)
		return 1;
	box->polyhedron = NULL;
	bool option = options_arg > 0 && !lua_isnoneornil(L, options_arg) &&
	              (strstr(error->message, "origin") != NULL ||
	               strstr(error->message, "planarity_tolerance") != NULL);
	return col_lua_arg_fail_renumbered(L, option ? options_arg : 1, error); /* faces, vertices from 1 */
}

/* collide.polyhedron{vertices = {{x, y, z}, ...}, faces = {{1, 2, 3, 4}, {{outer ...}, {hole ...}}, ...}}
 * [, {origin = {x, y, z}, planarity_tolerance = 1e-6, triangle_fast_path = true}] */
static int polyhedron_new(lua_State *L)
{
	luaL_checktype(L, 1, LUA_TTABLE);
	col_polyhedron_options options = check_options(L, 2);
	lua_settop(L, 2);
	col_lua_rawfield(L, 1, "vertices");                    /* 3 */
	col_lua_rawfield(L, 1, "faces");                       /* 4 */
	const col_lua_points *vertices = check_vertices(L, 3); /* a copy is left at 5 */
	if (vertices->count > INT_MAX)
		return luaL_argerror(L, 1, "vertices: too many");
	if (!lua_istable(L, 4))
		return luaL_argerror(
		    L, 1,
		    lua_pushfstring(L, "faces: expected a table of faces, got %s", luaL_typename(L, 4)));
	int vertex_count = (int)vertices->count;
	int entries = read_faces(L, 4, vertex_count, NULL, INT_MAX / 2);
	int32_t *list = lua_newuserdatauv(L, sizeof(int32_t) * (size_t)entries, 0);
	if (read_faces(L, 4, vertex_count, list, entries) != entries)
		return luaL_argerror(L, 1, "faces: changed while they were read");
	polyhedron_box *box = push_polyhedron_box(L);
	col_error error;
	col_status status = col_polyhedron_create((const col_vec3 *)vertices->data, vertex_count, list,
	                                          entries, &options, &box->polyhedron, &error);
	return finish(L, status, box, &error, 2);
}

/* collide.polyhedron_from_mesh(mesh [, options]): each triangle a face */
static int polyhedron_from_mesh(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_polyhedron_options options = check_options(L, 2);
	polyhedron_box *box = push_polyhedron_box(L);
	col_error error;
	return finish(L, col_polyhedron_from_mesh(mesh, &options, &box->polyhedron, &error), box, &error, 2);
}

/* collide.complex_polyhedron(1 | 2 [, options]): the source's Complex Polyhedron I or II */
static int complex_polyhedron(lua_State *L)
{
	int which = col_lua_check_int_range(L, 1, 1, 2);
	col_polyhedron_options options = check_options(L, 2);
	polyhedron_box *box = push_polyhedron_box(L);
	col_error error;
	return finish(L, col_polyhedron_create_complex(which, &options, &box->polyhedron, &error), box,
	              &error, 2);
}

/* ---- what it is made of ---- */

static void set_int(lua_State *L, const char *name, lua_Integer value)
{
	lua_pushinteger(L, value);
	lua_setfield(L, -2, name);
}

static void set_bool(lua_State *L, const char *name, bool value)
{
	lua_pushboolean(L, value);
	lua_setfield(L, -2, name);
}

static void set_vec3(lua_State *L, const char *name, col_vec3 p)
{
	col_lua_push_vec3(L, p);
	lua_setfield(L, -2, name);
}

/* The 0-based index of a 1-based one at arg, in 1..count. */
static int check_index(lua_State *L, int arg, int count, const char *what)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s %I out of range 1..%d", what, i, count));
	return (int)(i - 1);
}

/* p:vertices() -> {{x, y, z}, ...} */
static int polyhedron_vertices(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int n = col_polyhedron_vertex_count(p);
	const col_vec3 *v = col_polyhedron_vertices(p);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		col_lua_push_vec3(L, v[i]);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static void push_index_list(lua_State *L, const int32_t *indices, int n)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushinteger(L, (lua_Integer)indices[i] + 1);
		lua_rawseti(L, -2, i + 1);
	}
}

/* The loops of face f: {{outer ...}, {hole ...}, ...}, 1-based. */
static void push_loops(lua_State *L, const col_polyhedron *p, int f)
{
	int loops = col_polyhedron_face_at(p, f).loop_count;
	lua_createtable(L, loops, 0);
	for (int l = 0; l < loops; l++) {
		const int32_t *indices;
		int n = col_polyhedron_face_loop(p, f, l, &indices);
		push_index_list(L, indices, n);
		lua_rawseti(L, -2, l + 1);
	}
}

/* p:faces() -> {{{outer ...}, {hole ...}}, ...}: every face as a list of loops, 1-based (what the
 * constructor takes back) */
static int polyhedron_faces(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int n = col_polyhedron_face_count(p);
	lua_createtable(L, n, 0);
	for (int f = 0; f < n; f++) {
		push_loops(L, p, f);
		lua_rawseti(L, -2, f + 1);
	}
	return 1;
}

static const char *position_name(int position)
{
	return position == 2 ? "inside" : (position == 1 ? "boundary" : "outside");
}

/* p:face(i) -> {loops, ring, false_edges = {{a, b}, ...}, centre, fanned, planar, fan_planar,
 * centre_position = "inside" | "boundary" | "outside", side, first_tetrahedron, tetrahedron_count} */
static int polyhedron_face(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int f = check_index(L, 2, col_polyhedron_face_count(p), "face");
	col_polyhedron_face face = col_polyhedron_face_at(p, f);
	lua_createtable(L, 0, 11);
	push_loops(L, p, f);
	lua_setfield(L, -2, "loops");
	const int32_t *ring;
	const bool *is_false;
	int n = col_polyhedron_face_ring(p, f, &ring, &is_false);
	push_index_list(L, ring, n);
	lua_setfield(L, -2, "ring");
	lua_newtable(L);
	for (int k = 0, count = 0; k < n; k++) {
		if (!is_false[k])
			continue;
		int32_t pair[2] = {ring[k], ring[(k + 1) % n]};
		push_index_list(L, pair, 2);
		lua_rawseti(L, -2, ++count);
	}
	lua_setfield(L, -2, "false_edges");
	set_vec3(L, "centre", face.centre);
	set_bool(L, "fanned", face.fanned);
	set_bool(L, "planar", face.planar);
	set_bool(L, "fan_planar", face.fan_planar);
	lua_pushstring(L, position_name(face.centre_position));
	lua_setfield(L, -2, "centre_position");
	set_int(L, "side", face.side);
	set_int(L, "first_tetrahedron", face.first_tetrahedron + 1);
	set_int(L, "tetrahedron_count", face.tetrahedron_count);
	return 1;
}

/* p:edges() -> {{a, b}, ...}: the real edges, each once, 1-based with a < b */
static int polyhedron_edges(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int n = col_polyhedron_edge_count(p);
	lua_createtable(L, n, 0);
	for (int e = 0; e < n; e++) {
		int32_t pair[2];
		col_polyhedron_edge(p, e, &pair[0], &pair[1]);
		push_index_list(L, pair, 2);
		lua_rawseti(L, -2, e + 1);
	}
	return 1;
}

static void push_tetrahedron(lua_State *L, col_polyhedron_tetrahedron t)
{
	lua_createtable(L, 0, 12);
	set_vec3(L, "centre", t.centre);
	set_vec3(L, "a", t.a);
	set_vec3(L, "b", t.b);
	set_int(L, "face", t.face + 1);
	if (t.centre_index >= 0)
		set_int(L, "centre_index", t.centre_index + 1);
	set_int(L, "a_index", t.a_index + 1);
	set_int(L, "b_index", t.b_index + 1);
	set_int(L, "sign", t.sign);
	set_int(L, "fan_orientation", t.fan_orientation);
	set_bool(L, "false_edge", (t.flags & COL_POLYHEDRON_FALSE_EDGE) != 0);
	set_bool(L, "triangle_face", (t.flags & COL_POLYHEDRON_TRIANGLE_FACE) != 0);
	set_bool(L, "degenerate", (t.flags & COL_POLYHEDRON_DEGENERATE_FAN) != 0);
}

/* p:tetrahedron(i) -> {centre, a, b (each {x, y, z}; the fourth vertex is p:origin()), face,
 * centre_index (a triangle face's vertex; nil for a face centre), a_index, b_index, sign,
 * fan_orientation, false_edge, triangle_face, degenerate} */
static int polyhedron_tetrahedron(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int i = check_index(L, 2, col_polyhedron_tetrahedron_count(p), "tetrahedron");
	push_tetrahedron(L, col_polyhedron_tetrahedron_at(p, i));
	return 1;
}

/* p:tetrahedra() -> the list of what p:tetrahedron(i) returns */
static int polyhedron_tetrahedra(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int n = col_polyhedron_tetrahedron_count(p);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		push_tetrahedron(L, col_polyhedron_tetrahedron_at(p, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int polyhedron_tetrahedron_count(lua_State *L)
{
	lua_pushinteger(L, col_polyhedron_tetrahedron_count(check_polyhedron(L, 1)));
	return 1;
}

static int polyhedron_vertex_count(lua_State *L)
{
	lua_pushinteger(L, col_polyhedron_vertex_count(check_polyhedron(L, 1)));
	return 1;
}

static int polyhedron_face_count(lua_State *L)
{
	lua_pushinteger(L, col_polyhedron_face_count(check_polyhedron(L, 1)));
	return 1;
}

/* p:locate(i, point) -> where point lies in covering tetrahedron i: "interior", "face 123",
 * "edge 01", "vertex 2" ... or "outside" (Table 5.1) */
static int polyhedron_locate(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int i = check_index(L, 2, col_polyhedron_tetrahedron_count(p), "tetrahedron");
	col_vec3 x;
	col_lua_check_point3(L, 3, &x);
	lua_pushstring(L, col_tetrahedron_position_name(
	                      (col_tetrahedron_position)col_polyhedron_tetrahedron_locate(p, i, x)));
	return 1;
}

/* p:origin() -> x, y, z */
static int polyhedron_origin(lua_State *L)
{
	col_vec3 o = col_polyhedron_origin(check_polyhedron(L, 1));
	lua_pushnumber(L, o.x);
	lua_pushnumber(L, o.y);
	lua_pushnumber(L, o.z);
	return 3;
}

static int polyhedron_origin_inside(lua_State *L)
{
	lua_pushboolean(L, col_polyhedron_origin_inside(check_polyhedron(L, 1)));
	return 1;
}

/* p:bounds() -> minx, miny, minz, maxx, maxy, maxz */
static int polyhedron_bounds(lua_State *L)
{
	col_aabb3 b = col_polyhedron_bounds(check_polyhedron(L, 1));
	const double values[6] = {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z};
	for (int i = 0; i < 6; i++)
		lua_pushnumber(L, values[i]);
	return 6;
}

static int polyhedron_volume(lua_State *L)
{
	lua_pushnumber(L, col_polyhedron_volume(check_polyhedron(L, 1)));
	return 1;
}

/* p:stats() -> {vertices, faces, edges, holes, false_edges, tetrahedra, triangle_faces,
 * fanned_faces, planar_faces, degenerate_fans, flat_tetrahedra, volume, origin_inside} */
static int polyhedron_stats(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int holes = 0, triangles = 0, fanned = 0, planar = 0, false_edges = 0, degenerate = 0, flat = 0;
	for (int f = 0; f < col_polyhedron_face_count(p); f++) {
		col_polyhedron_face face = col_polyhedron_face_at(p, f);
		holes += face.loop_count - 1;
		triangles += face.loop_count == 1 && face.vertex_count == 3;
		fanned += face.fanned;
		planar += face.planar;
	}
	for (int i = 0; i < col_polyhedron_tetrahedron_count(p); i++) {
		col_polyhedron_tetrahedron t = col_polyhedron_tetrahedron_at(p, i);
		false_edges += (t.flags & COL_POLYHEDRON_FALSE_EDGE) != 0;
		degenerate += (t.flags & COL_POLYHEDRON_DEGENERATE_FAN) != 0;
		flat += t.sign == 0;
	}
	lua_createtable(L, 0, 13);
	set_int(L, "vertices", col_polyhedron_vertex_count(p));
	set_int(L, "faces", col_polyhedron_face_count(p));
	set_int(L, "edges", col_polyhedron_edge_count(p));
	set_int(L, "holes", holes);
	set_int(L, "false_edges", false_edges);
	set_int(L, "tetrahedra", col_polyhedron_tetrahedron_count(p));
	set_int(L, "triangle_faces", triangles);
	set_int(L, "fanned_faces", fanned);
	set_int(L, "planar_faces", planar);
	set_int(L, "degenerate_fans", degenerate);
	set_int(L, "flat_tetrahedra", flat);
	lua_pushnumber(L, col_polyhedron_volume(p));
	lua_setfield(L, -2, "volume");
	set_bool(L, "origin_inside", col_polyhedron_origin_inside(p));
	return 1;
}

/* ---- queries ---- */

/* A point-test method at arg: "covering" (default) or "crossing" (the brute-force oracle). */
static col_method check_point_method(lua_State *L, int arg)
{
	col_method method = col_lua_opt_method(L, arg, COL_METHOD_COVERING);
	if (method == COL_METHOD_DEFAULT)
		return COL_METHOD_COVERING;
	if (method != COL_METHOD_COVERING && method != COL_METHOD_CROSSING)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(
		        L, "polyhedron: '%s' is not a point method (expected 'covering' or 'crossing')",
		        col_method_name(method)));
	return method;
}

/* p:contains(x, y, z [, method]) / p:contains({x, y, z} [, method]) */
static bool polyhedron_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	col_vec3 x;
	int next = col_lua_check_point3(L, 2, &x);
	return col_polyhedron_contains(p, x, check_point_method(L, next), stats);
}

static int polyhedron_contains(lua_State *L)
{
	return col_lua_contains(L, polyhedron_contains_point, false);
}

/* p:contains_stats(...) -> inside, stats */
static int polyhedron_contains_stats(lua_State *L)
{
	return col_lua_contains(L, polyhedron_contains_point, true);
}

typedef struct polyhedron_query {
	const col_polyhedron *polyhedron;
	col_method method;
} polyhedron_query;

static void polyhedron_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                       col_query_stats *stats)
{
	const polyhedron_query *q = query;
	col_polyhedron_contains_points(q->polyhedron, (const col_vec3 *)points->data, points->count,
	                               q->method, inside, stats);
}

/* p:contains_all(points [, method]) -> results, stats: one C call over a 3D buffer */
static int polyhedron_contains_all(lua_State *L)
{
	polyhedron_query query;
	query.polyhedron = check_polyhedron(L, 1);
	query.method = check_point_method(L, 3);
	return col_lua_contains_all(L, 3, 3, polyhedron_contains_points, &query);
}

/* The segment at arg as two points {x, y, z}; returns the next argument. */
static int check_segment(lua_State *L, int arg, col_vec3 *q1, col_vec3 *q2)
{
	col_lua_table_point3(L, arg, arg, "segment start", q1);
	col_lua_table_point3(L, arg + 1, arg + 1, "segment end", q2);
	return arg + 2;
}

/* p:segment_hits(a, b) -> hit, face: whether the closed segment meets the surface (segment/face
 * against every face, Thm 5.4), and the first face hit (1-based; nil when none) */
static int polyhedron_segment_hits(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	col_vec3 q1, q2;
	check_segment(L, 2, &q1, &q2);
	int face = -1;
	bool hit = col_polyhedron_segment_hits_surface(p, q1, q2, &face, NULL);
	lua_pushboolean(L, hit);
	if (hit)
		lua_pushinteger(L, face + 1);
	else
		lua_pushnil(L);
	return 2;
}

/* p:segment_hits_face(i, a, b) -> whether the closed segment meets face i */
static int polyhedron_segment_hits_face(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	int f = check_index(L, 2, col_polyhedron_face_count(p), "face");
	col_vec3 q1, q2;
	check_segment(L, 3, &q1, &q2);
	lua_pushboolean(L, col_polyhedron_segment_hits_face(p, f, q1, q2));
	return 1;
}

/* p:intersects_segment(a, b) -> whether the closed segment meets the solid (the surface, or it
 * lies inside) */
static int polyhedron_intersects_segment(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	col_vec3 q1, q2;
	check_segment(L, 2, &q1, &q2);
	lua_pushboolean(L, col_polyhedron_intersects_segment(p, q1, q2, NULL));
	return 1;
}

/* p:intersects(other [, pose]) -> whether the solids meet, other placed by pose in p's frame
 * (every real edge of each against every face of the other, then containment) */
static int polyhedron_intersects(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	const col_polyhedron *other = check_polyhedron(L, 2);
	col_transform3 pose = col_lua_check_pose3(L, 3);
	lua_pushboolean(L, col_polyhedron_intersects_polyhedron(p, other, pose, NULL));
	return 1;
}

/* p:intersects_stats(other [, pose]) -> hit, stats */
static int polyhedron_intersects_stats(lua_State *L)
{
	const col_polyhedron *p = check_polyhedron(L, 1);
	const col_polyhedron *other = check_polyhedron(L, 2);
	col_transform3 pose = col_lua_check_pose3(L, 3);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	lua_pushboolean(L, col_polyhedron_intersects_polyhedron(p, other, pose, &stats));
	col_lua_push_stats(L, &stats);
	return 2;
}

static int polyhedron_tostring(lua_State *L)
{
	polyhedron_box *box = luaL_checkudata(L, 1, COL_LUA_POLYHEDRON);
	if (box->polyhedron == NULL) {
		lua_pushliteral(L, "polyhedron(closed)");
		return 1;
	}
	const col_polyhedron *p = box->polyhedron;
	lua_pushfstring(L, "polyhedron(%d vertices, %d faces, %d tetrahedra, origin %s)",
	                col_polyhedron_vertex_count(p), col_polyhedron_face_count(p),
	                col_polyhedron_tetrahedron_count(p),
	                col_polyhedron_origin_inside(p) ? "inside" : "outside");
	return 1;
}

/* __gc, __close and p:close(): release the engine object once. */
static int polyhedron_release(lua_State *L)
{
	polyhedron_box *box = luaL_checkudata(L, 1, COL_LUA_POLYHEDRON);
	col_polyhedron_destroy(box->polyhedron);
	box->polyhedron = NULL;
	return 0;
}

static const luaL_Reg polyhedron_methods[] = {
    {"vertices", polyhedron_vertices},
    {"faces", polyhedron_faces},
    {"face", polyhedron_face},
    {"edges", polyhedron_edges},
    {"tetrahedra", polyhedron_tetrahedra},
    {"tetrahedron", polyhedron_tetrahedron},
    {"tetrahedron_count", polyhedron_tetrahedron_count},
    {"vertex_count", polyhedron_vertex_count},
    {"face_count", polyhedron_face_count},
    {"locate", polyhedron_locate},
    {"origin", polyhedron_origin},
    {"origin_inside", polyhedron_origin_inside},
    {"bounds", polyhedron_bounds},
    {"volume", polyhedron_volume},
    {"stats", polyhedron_stats},
    {"contains", polyhedron_contains},
    {"contains_stats", polyhedron_contains_stats},
    {"contains_all", polyhedron_contains_all},
    {"segment_hits", polyhedron_segment_hits},
    {"segment_hits_face", polyhedron_segment_hits_face},
    {"intersects_segment", polyhedron_intersects_segment},
    {"intersects", polyhedron_intersects},
    {"intersects_stats", polyhedron_intersects_stats},
    {"close", polyhedron_release},
    {"__len", polyhedron_face_count},
    {"__tostring", polyhedron_tostring},
    {"__gc", polyhedron_release},
    {"__closed", col_lua_owner_closed},
    {"__close", polyhedron_release},
    {NULL, NULL},
};

/* ---- Alg. 5.7 ---- */

/* collide.fan_triangle_hit(q1, q2, w, a, b) -> code, name: Alg. 5.7's code of the segment q1 q2
 * against the fan triangle w a b: 0 "miss", 1 "interior", 2 "inner edge" (on w a or b w), 3 "face
 * edge" (on a b, a or b included), 4 "centre" (at w), 5 "coplanar" (the face's 2D case) */
static int fan_triangle_hit(lua_State *L)
{
	static const char *const names[6] = {"miss",      "interior", "inner edge",
	                                     "face edge", "centre",   "coplanar"};
	static const char *const args[5] = {"q1", "q2", "w", "a", "b"};
	col_vec3 v[5];
	for (int k = 0; k < 5; k++)
		col_lua_table_point3(L, k + 1, k + 1, args[k], &v[k]);
	col_fan_hit code = col_segment_fan_triangle_hit(v[0], v[1], v[2], v[3], v[4]);
	lua_pushinteger(L, code);
	lua_pushstring(L, names[code]);
	return 2;
}

void col_lua_open_polyhedron(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_POLYHEDRON, polyhedron_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, polyhedron_new);
	lua_setfield(L, -2, "polyhedron");
	lua_pushcfunction(L, polyhedron_from_mesh);
	lua_setfield(L, -2, "polyhedron_from_mesh");
	lua_pushcfunction(L, complex_polyhedron);
	lua_setfield(L, -2, "complex_polyhedron");
	lua_pushcfunction(L, fan_triangle_hit);
	lua_setfield(L, -2, "fan_triangle_hit");
}
