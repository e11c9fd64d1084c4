/* Arguments and results the 3D query wrappers share (wrap_tetratree.c, wrap_mesh_bvh.c): balls,
 * labelled points, contacts, triangle numbers and index lists. */
#include "collide_lua_internal.h"

#include <math.h>

/* A ball at arg: a collide.sphere, or a centre (as col_lua_check_vector3 reads it) and a radius >= 0.
 * Returns the argument after it. */
int col_lua_check_ball(lua_State *L, int arg, col_sphere *out)
{
	if (col_lua_to_sphere(L, arg, out))
		return arg + 1;
	if (!lua_istable(L, arg) && lua_type(L, arg) != LUA_TNUMBER)
		col_lua_typeerror(L, arg, "collide.sphere or a centre {x, y, z} and a radius");
	int next = col_lua_check_vector3(L, arg, "center", &out->center);
	out->radius = col_lua_check_finite(L, next);
	if (out->radius < 0.0)
		luaL_argerror(L, next, lua_pushfstring(L, "radius must be >= 0, got %f", out->radius));
	return next + 1;
}

/* A point at arg named what in its errors: a table {x, y, z} / {x =, y =, z =}, or three finite
 * numbers. Returns the argument after it. */
int col_lua_check_vector3(lua_State *L, int arg, const char *what, col_vec3 *out)
{
	if (lua_istable(L, arg)) {
		col_lua_table_point3(L, arg, arg, what, out);
		return arg + 1;
	}
	if (lua_type(L, arg) != LUA_TNUMBER)
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: expected {x, y, z} or x, y, z, got %s", what,
		                              luaL_typename(L, arg)));
	return col_lua_check_point3(L, arg, out);
}

/* Pushes one contact of two meshes: {kind, point, normal, depth, triangle_a, triangle_b, vertex}. */
void col_lua_push_mesh_contact(lua_State *L, const col_mesh_contact *c)
{
	static const char *const kinds[] = {"crossing", "vertex_of_b", "vertex_of_a"};
	lua_createtable(L, 0, 7);
	lua_pushstring(L, c->kind >= 0 && c->kind < 3 ? kinds[c->kind] : "unknown");
	lua_setfield(L, -2, "kind");
	col_lua_push_vec3(L, c->point);
	lua_setfield(L, -2, "point");
	col_lua_push_vec3(L, c->normal);
	lua_setfield(L, -2, "normal");
	lua_pushnumber(L, c->depth);
	lua_setfield(L, -2, "depth");
	col_lua_set_triangle(L, "triangle_a", c->triangle_a);
	col_lua_set_triangle(L, "triangle_b", c->triangle_b);
	col_lua_set_triangle(L, "vertex", c->vertex); /* 1-based like the triangles */
}

/* Sets field key of the table on top to a 1-based triangle, or leaves it out for -1. */
void col_lua_set_triangle(lua_State *L, const char *key, int triangle)
{
	if (triangle < 0)
		return;
	lua_pushinteger(L, (lua_Integer)triangle + 1);
	lua_setfield(L, -2, key);
}

/* Pushes the first count entries of a trace list, 1-based, as a table. */
void col_lua_push_indices(lua_State *L, const int *indices, int count)
{
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++) {
		lua_pushinteger(L, indices[k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
}

/* A ray at arg: origin and direction (each as col_lua_check_vector3 reads it; the direction not
 * zero), then an optional max_distance >= 0 (default: no limit). Returns the argument after it. */
int col_lua_check_ray(lua_State *L, int arg, col_vec3 *origin, col_vec3 *direction, double *max_distance)
{
	int next = col_lua_check_vector3(L, arg, "origin", origin);
	int direction_arg = next;
	next = col_lua_check_vector3(L, next, "direction", direction);
	if (col_vec3_dot(*direction, *direction) == 0.0)
		luaL_argerror(L, direction_arg, "direction must not be zero (its squared length is 0)");
	*max_distance = HUGE_VAL;
	if (lua_isnoneornil(L, next))
		return next + 1;
	*max_distance = luaL_checknumber(L, next);
	if (!(*max_distance >= 0.0))
		luaL_argerror(L, next,
		              lua_pushfstring(L, "max_distance must be >= 0 (math.huge for no limit), got %s",
		                              isnan(*max_distance) ? "nan" : lua_tostring(L, next)));
	return next + 1;
}

/* Pushes a ray hit: {distance, point, normal, triangle}. */
void col_lua_push_ray_hit(lua_State *L, const col_ray_hit3 *hit)
{
	lua_createtable(L, 0, 4);
	lua_pushnumber(L, hit->distance);
	lua_setfield(L, -2, "distance");
	col_lua_push_vec3(L, hit->point);
	lua_setfield(L, -2, "point");
	col_lua_push_vec3(L, hit->normal);
	lua_setfield(L, -2, "normal");
	col_lua_set_triangle(L, "triangle", hit->feature);
}
