/* The Lua face of convex polytopes (convex.h) and hulls (hull.h): collide.convex(points) is the
 * hull of a point set, collide.convex{vertices =, faces =} a polytope checked face by face. Both
 * answer a convex shape (a collide.shape of kind "convex") whose uservalue is the collide.polytope
 * that owns the col_convex, so the polytope lives as long as any shape made from it. The
 * polytope's own questions (vertices, faces, volume, ...) are methods of such a shape. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <stdio.h>

#include "collide/hull.h"

/* The col_convex, NULL until built (so __gc after a failed build frees nothing) and once closed; the
 * shapes over it refuse to work then. Scripts reach it as a convex shape's uservalue only. */
typedef struct polytope_box {
	col_convex *convex;
} polytope_box;

static int polytope_gc(lua_State *L)
{
	polytope_box *box = luaL_checkudata(L, 1, COL_LUA_POLYTOPE);
	if (box->convex != NULL)
		col_convex_destroy(box->convex);
	box->convex = NULL;
	return 0;
}

static int polytope_tostring(lua_State *L)
{
	polytope_box *box = luaL_checkudata(L, 1, COL_LUA_POLYTOPE);
	if (box->convex == NULL)
		lua_pushliteral(L, "polytope(closed)");
	else
		lua_pushfstring(L, "polytope(%d vertices, %d faces)", col_convex_vertex_count(box->convex),
		                col_convex_face_count(box->convex));
	return 1;
}

static const luaL_Reg polytope_metamethods[] = {
    {"close", polytope_gc},
    {"__close", polytope_gc},
    {"__gc", polytope_gc},
    {"__closed", col_lua_owner_closed},
    {"__tostring", polytope_tostring},
    {NULL, NULL},
};

/* The points at idx (a table of {x, y, z} or a 3D points buffer) for argument 1, rows named
 * `row` in errors ("vertex 3: y must be a number, got nil"). A table is copied into a buffer left
 * on the stack. */
static const col_lua_points *check_points3(lua_State *L, int idx, const char *what, const char *row)
{
	idx = lua_absindex(L, idx);
	const col_lua_points *points = col_lua_to_points(L, idx);
	if (points != NULL) {
		if (points->dim != 3)
			luaL_argerror(
			    L, 1,
			    lua_pushfstring(L, "%s: expected 3D points, got %dD points", what, points->dim));
	} else {
		if (!lua_istable(L, idx))
			luaL_argerror(L, 1,
			              lua_pushfstring(L, "%s: expected a table of points {x, y, z}, got %s",
			                              what, luaL_typename(L, idx)));
		lua_Integer n = col_lua_check_length(L, idx, 1, INT_MAX, what);
		col_lua_points *copy = col_lua_push_points(L, (size_t)n, 3);
		char name[48];
		for (lua_Integer i = 1; i <= n; i++) {
			lua_rawgeti(L, idx, i);
			snprintf(name, sizeof name, "%s %lld", row, (long long)i);
			col_vec3 p;
			col_lua_table_point3(L, -1, 1, name, &p);
			copy->data[3 * (i - 1)] = p.x;
			copy->data[3 * (i - 1) + 1] = p.y;
			copy->data[3 * (i - 1) + 2] = p.z;
			lua_pop(L, 1);
		}
		points = copy;
	}
	if (points->count > INT_MAX)
		luaL_argerror(L, 1, lua_pushfstring(L, "%s: too many", what));
	return points;
}

/* Reads the faces table at idx (each face a list of 1-based vertex indices) into sizes and the
 * 0-based vertices, or with vertices NULL only counts: returns the number of indices. At most
 * face_room faces and index_room indices are read: a finalizer run by the allocation between
 * counting and reading may have changed the table. */
static int read_faces(lua_State *L, int idx, int vertex_count, int face_room, int index_room, int *vertices,
                      int *sizes)
{
	int faces = (int)col_lua_check_length(L, idx, 1, face_room, "faces");
	int k = 0;
	for (int f = 1; f <= faces; f++) {
		if (lua_rawgeti(L, idx, f) != LUA_TTABLE)
			luaL_argerror(
			    L, 1,
			    lua_pushfstring(L, "faces: face %d: expected a list of vertex indices, got %s", f,
			                    luaL_typename(L, -1)));
		int n = (int)col_lua_check_length(L, -1, 1, INT_MAX / 4, "faces: face");
		for (int i = 1; i <= n; i++) {
			if (k >= index_room)
				luaL_argerror(L, 1, "faces: too many indices");
			lua_rawgeti(L, -1, i);
			int isint = 0;
			lua_Integer index = lua_tointegerx(L, -1, &isint);
			if (!isint || lua_type(L, -1) != LUA_TNUMBER)
				luaL_argerror(
				    L, 1,
				    lua_pushfstring(L, "faces: face %d: index %d must be an integer, got %s",
				                    f, i,
				                    lua_type(L, -1) == LUA_TNUMBER ? "a fraction"
				                                                   : luaL_typename(L, -1)));
			if (index < 1 || index > vertex_count)
				luaL_argerror(
				    L, 1,
				    lua_pushfstring(L, "faces: face %d: vertex index %I out of range 1..%d",
				                    f, index, vertex_count));
			if (vertices != NULL)
				vertices[k] = (int)(index - 1);
			k++;
			lua_pop(L, 1);
		}
		if (sizes != NULL)
			sizes[f - 1] = n;
		lua_pop(L, 1);
	}
	return k;
}

/* collide.convex(points): the convex hull of a table of {x, y, z} (or a 3D points buffer);
 * collide.convex{vertices = points, faces = { {1, 2, 3, ...}, ... }}: the polytope as given (faces
 * counter-clockwise seen from outside, indices 1-based), checked exactly. Either way a convex
 * shape at the identity pose, its coordinates those given. */
static int convex_new(lua_State *L)
{
	static const char *const names[] = {"vertices", "faces", NULL};
	if (!lua_istable(L, 1) && col_lua_to_points(L, 1) == NULL)
		return col_lua_typeerror(L, 1, "table of points or {vertices =, faces =}");
	lua_settop(L, 1);
	polytope_box *box = lua_newuserdatauv(L, sizeof *box, 0); /* 2 */
	box->convex = NULL;
	luaL_setmetatable(L, COL_LUA_POLYTOPE);
	col_error error;
	col_status status;
	if (lua_istable(L, 1) && col_lua_rawfield(L, 1, "vertices") != LUA_TNIL) { /* 3 */
		col_lua_check_options(L, 1, 1, "convex", names);
		const col_lua_points *vertices = check_points3(L, 3, "vertices", "vertex");
		int vertex_count = (int)vertices->count;
		if (col_lua_rawfield(L, 1, "faces") != LUA_TTABLE)
			return luaL_argerror(L, 1,
			                     lua_pushfstring(L, "faces: expected a table of faces, got %s",
			                                     luaL_typename(L, -1)));
		int faces = lua_gettop(L);
		int face_count = (int)col_lua_check_length(L, faces, 1, INT_MAX / 4, "faces");
		int entries = read_faces(L, faces, vertex_count, INT_MAX / 4, INT_MAX / 4, NULL, NULL);
		int *sizes = lua_newuserdatauv(L, sizeof(int) * (size_t)(face_count > 0 ? face_count : 1), 0);
		int *indices = lua_newuserdatauv(L, sizeof(int) * (size_t)(entries > 0 ? entries : 1), 0);
		/* nothing allocates from here on, so nothing can change the table under the reading */
		if (col_lua_rawlen(L, faces) != face_count ||
		    read_faces(L, faces, vertex_count, face_count, entries, indices, sizes) != entries)
			return luaL_argerror(L, 1, "faces: changed while they were read");
		status = col_convex_create((const col_vec3 *)vertices->data, vertex_count, indices, sizes,
		                           face_count, &box->convex, &error);
	} else {
		lua_settop(L, 2);
		const col_lua_points *points = check_points3(L, 1, "points", "point");
		status =
		    col_convex_hull((const col_vec3 *)points->data, (int)points->count, &box->convex, &error);
	}
	if (status != COL_OK) {
		box->convex = NULL;
		return col_lua_arg_fail_renumbered(L, 1, &error); /* faces, vertices from 1 */
	}
	col_shape s = col_shape_convex(box->convex);
	if (col_shape_validate(&s, &error) != COL_OK)
		return col_lua_arg_fail_renumbered(L, 1, &error); /* faces, vertices from 1 */
	col_lua_push_shape(L, &s, 2);
	return 1;
}

/* ---- the polytope's methods (offered by collide.shape for a convex shape) ---- */

static const col_shape *check_convex_shape(lua_State *L, int arg)
{
	const col_shape *s = col_lua_live_shape(L, arg, luaL_checkudata(L, arg, COL_LUA_SHAPE));
	if (s->kind != COL_SHAPE_CONVEX || s->core.convex == NULL)
		col_lua_typeerror(L, arg, "convex polytope (collide.convex)");
	return s;
}

/* convex:vertices() -> { {x, y, z}, ... } in world coordinates (the pose applied) */
static int convex_vertices(lua_State *L)
{
	const col_shape *s = check_convex_shape(L, 1);
	int n = col_convex_vertex_count(s->core.convex);
	const col_vec3 *v = col_convex_vertices(s->core.convex);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		col_lua_push_vec3(L, col_transform3_apply(s->pose, v[i]));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

/* convex:faces() -> { {i, j, k, ...}, ... }: 1-based vertex indices, counter-clockwise from outside */
static int convex_faces(lua_State *L)
{
	const col_shape *s = check_convex_shape(L, 1);
	int faces = col_convex_face_count(s->core.convex);
	lua_createtable(L, faces, 0);
	for (int f = 0; f < faces; f++) {
		const int *vertices;
		int n = col_convex_face(s->core.convex, f, &vertices);
		col_lua_push_indices(L, vertices, n);
		lua_rawseti(L, -2, f + 1);
	}
	return 1;
}

static int convex_vertex_count(lua_State *L)
{
	lua_pushinteger(L, col_convex_vertex_count(check_convex_shape(L, 1)->core.convex));
	return 1;
}

static int convex_face_count(lua_State *L)
{
	lua_pushinteger(L, col_convex_face_count(check_convex_shape(L, 1)->core.convex));
	return 1;
}

static int convex_is_flat(lua_State *L)
{
	lua_pushboolean(L, col_convex_is_flat(check_convex_shape(L, 1)->core.convex));
	return 1;
}

/* convex:volume(), convex:area(): the polytope's (its rounding not counted) */
static int convex_volume(lua_State *L)
{
	lua_pushnumber(L, col_convex_volume(check_convex_shape(L, 1)->core.convex));
	return 1;
}

static int convex_area(lua_State *L)
{
	lua_pushnumber(L, col_convex_area(check_convex_shape(L, 1)->core.convex));
	return 1;
}

/* convex:centroid() -> {x, y, z}, world coordinates */
static int convex_centroid(lua_State *L)
{
	const col_shape *s = check_convex_shape(L, 1);
	col_lua_push_vec3(L, col_transform3_apply(s->pose, col_convex_centroid(s->core.convex)));
	return 1;
}

/* convex:contains(x, y, z): in the closed polytope; exact in the polytope's own frame (the point
 * is moved there first, in floating point, when the pose is not the identity). A rounded polytope
 * is refused: its rounding is not a polytope. */
static int convex_contains(lua_State *L)
{
	const col_shape *s = check_convex_shape(L, 1);
	if (s->radius > 0.0)
		return luaL_argerror(L, 1,
		                     "contains: a rounded polytope's rounding is not a polytope: ask "
		                     "collide.gjk(shape, collide.point3(p)) for its distance");
	col_vec3 p;
	col_lua_check_point3(L, 2, &p);
	lua_pushboolean(L,
	                col_convex_contains_point(s->core.convex, col_transform3_apply_inverse(s->pose, p)));
	return 1;
}

const luaL_Reg col_lua_polytope_methods[] = {
    {"vertices", convex_vertices},
    {"faces", convex_faces},
    {"vertex_count", convex_vertex_count},
    {"face_count", convex_face_count},
    {"is_flat", convex_is_flat},
    {"volume", convex_volume},
    {"area", convex_area},
    {"centroid", convex_centroid},
    {"contains", convex_contains},
    {NULL, NULL},
};

void col_lua_open_convex(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_POLYTOPE, polytope_metamethods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, convex_new);
	lua_setfield(L, -2, "convex");
}
