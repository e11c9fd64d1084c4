/* The Lua face of the simple 3D colliders: collide.sphere, a convex shape (wrap_shape.c: a
 * userdata holding a col_shape, a rounded point whose centre is its pose's position) with fields
 * that read and write like a table's (s.x, s.y, s.z, s.r, s.center), every write validated;
 * s:move_to(x, y, z) moves it in one call. It has every shape's methods too (support, rounded,
 * set_pose, ...), and collide.gjk takes it like any convex shape. */
#include "collide_lua_internal.h"

#include <string.h>

/* The sphere at arg, refused once closed. */
static col_shape *check_sphere(lua_State *L, int arg)
{
	return col_lua_live_shape(L, arg, luaL_checkudata(L, arg, COL_LUA_SPHERE));
}

static col_sphere sphere_of(const col_shape *s)
{
	return (col_sphere){s->pose.translation, s->radius};
}

bool col_lua_to_sphere(lua_State *L, int idx, col_sphere *out)
{
	col_shape *shape = col_lua_live_shape(L, idx, luaL_testudata(L, idx, COL_LUA_SPHERE));
	if (shape != NULL && out != NULL)
		*out = sphere_of(shape);
	return shape != NULL;
}

void col_lua_push_sphere(lua_State *L, col_sphere sphere)
{
	col_shape s = col_shape_sphere(sphere.center, sphere.radius);
	col_lua_push_shape(L, &s, 0);
}

/* collide.sphere(x, y, z, r) / collide.sphere{x, y, z, r} / {center = {x, y, z}, radius = r} /
 * collide.sphere({x, y, z}, r) */
static int sphere_new(lua_State *L)
{
	col_sphere s;
	int blame = 1;
	if (lua_istable(L, 1) && !lua_isnoneornil(L, 2)) {
		col_lua_table_point3(L, 1, 1, "center", &s.center);
		s.radius = col_lua_check_finite(L, 2);
		blame = 2;
	} else if (lua_istable(L, 1)) {
		if (col_lua_rawfield(L, 1, "center") != LUA_TNIL) {
			static const char *const names[] = {"center", "radius", NULL};
			col_lua_check_options(L, 1, 1, "sphere", names);
			col_lua_table_point3(L, -1, 1, "center", &s.center);
			if (!col_lua_field_number(L, 1, "radius", 1, "sphere", &s.radius))
				return luaL_argerror(L, 1, "sphere: radius must be a number, got nil");
		} else {
			if (col_lua_rawlen(L, 1) != 4)
				return luaL_argerror(
				    L, 1,
				    lua_pushfstring(
				        L,
				        "expected {x, y, z, r} or {center = {x, y, z}, radius = r}, "
				        "got a table of length %I",
				        col_lua_rawlen(L, 1)));
			/* {x, y, z, r}: the first three as a point, r by itself */
			lua_settop(L, 1);
			lua_createtable(L, 3, 0);
			for (int i = 1; i <= 3; i++) {
				lua_rawgeti(L, 1, i);
				lua_rawseti(L, 2, i);
			}
			col_lua_table_point3(L, 2, 1, "sphere", &s.center);
			lua_rawgeti(L, 1, 4);
			lua_setfield(L, 2, "r"); /* our own table */
			if (!col_lua_field_number(L, 2, "r", 1, "sphere", &s.radius))
				return luaL_argerror(L, 1, "sphere: r must be a number, got nil");
		}
	} else {
		s.center.x = col_lua_check_finite(L, 1);
		s.center.y = col_lua_check_finite(L, 2);
		s.center.z = col_lua_check_finite(L, 3);
		s.radius = col_lua_check_finite(L, 4);
	}
	col_error error;
	if (col_sphere_validate(s, &error) != COL_OK)
		return col_lua_arg_fail(L, blame, &error);
	col_lua_push_sphere(L, s);
	return 1;
}

/* s:contains(x, y, z): in the closed ball */
static int sphere_contains(lua_State *L)
{
	col_sphere s = sphere_of(check_sphere(L, 1));
	col_vec3 p;
	col_lua_check_point3(L, 2, &p);
	lua_pushboolean(L, col_sphere_contains_point(s, p));
	return 1;
}

/* s:intersects(sphere | mesh) */
static int sphere_intersects(lua_State *L)
{
	col_sphere s = sphere_of(check_sphere(L, 1));
	col_sphere t;
	if (col_lua_to_sphere(L, 2, &t)) {
		lua_pushboolean(L, col_sphere_intersects_sphere(s, t));
	} else if (luaL_testudata(L, 2, COL_LUA_MESH) != NULL) {
		lua_pushboolean(L, col_mesh_intersects_sphere(col_lua_check_mesh(L, 2), s, NULL));
	} else {
		return col_lua_typeerror(L, 2, "collide.sphere or collide.mesh");
	}
	return 1;
}

/* s:move_to(x, y, z) -> s */
static int sphere_move_to(lua_State *L)
{
	col_shape *s = check_sphere(L, 1);
	col_vec3 p;
	col_lua_check_point3(L, 2, &p);
	s->pose.translation = p;
	lua_settop(L, 1);
	return 1;
}

static int sphere_unpack(lua_State *L)
{
	col_sphere s = sphere_of(check_sphere(L, 1));
	lua_pushnumber(L, s.center.x);
	lua_pushnumber(L, s.center.y);
	lua_pushnumber(L, s.center.z);
	lua_pushnumber(L, s.radius);
	return 4;
}

static double *sphere_field(col_shape *s, const char *key)
{
	if (strcmp(key, "x") == 0)
		return &s->pose.translation.x;
	if (strcmp(key, "y") == 0)
		return &s->pose.translation.y;
	if (strcmp(key, "z") == 0)
		return &s->pose.translation.z;
	if (strcmp(key, "r") == 0 || strcmp(key, "radius") == 0)
		return &s->radius;
	return NULL;
}

/* s.x, s.y, s.z, s.r (= s.radius) -> numbers; s.center -> {x, y, z}; else a method. */
static int sphere_index(lua_State *L)
{
	luaL_checkudata(L, 1, COL_LUA_SPHERE);
	lua_pushvalue(L, 2);
	if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) /* methods stay reachable once closed */
		return 1;
	col_shape *s = check_sphere(L, 1);
	if (lua_type(L, 2) == LUA_TSTRING) {
		const char *key = lua_tostring(L, 2);
		double *field = sphere_field(s, key);
		if (field != NULL) {
			lua_pushnumber(L, *field);
			return 1;
		}
		if (strcmp(key, "center") == 0) {
			col_lua_push_vec3(L, s->pose.translation);
			return 1;
		}
	}
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(1));
	return 1;
}

static int sphere_newindex(lua_State *L)
{
	col_shape *s = check_sphere(L, 1);
	const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
	if (key == NULL)
		return luaL_error(L, "sphere: cannot set field %s", luaL_tolstring(L, 2, NULL));
	double *field = sphere_field(s, key);
	if (field != NULL) {
		double value = col_lua_assigned_number(L, 3, "sphere", key);
		if (field == &s->radius) {
			col_sphere t = sphere_of(s);
			t.radius = value;
			col_error error;
			if (col_sphere_validate(t, &error) != COL_OK)
				return col_lua_fail(L, &error);
		}
		*field = value;
		return 0;
	}
	if (strcmp(key, "center") == 0) {
		if (!lua_istable(L, 3))
			return luaL_error(L, "sphere.center: expected a point {x, y, z}, got %s",
			                  luaL_typename(L, 3));
		col_lua_table_point3(L, 3, 0, "sphere.center", &s->pose.translation);
		return 0;
	}
	return luaL_error(L, "sphere has no field '%s' (fields: x, y, z, r, radius, center)", key);
}

static int sphere_eq(lua_State *L)
{
	col_sphere a = sphere_of(check_sphere(L, 1)), b = sphere_of(check_sphere(L, 2));
	lua_pushboolean(L, col_vec3_equal(a.center, b.center) && a.radius == b.radius);
	return 1;
}

static int sphere_tostring(lua_State *L)
{
	if (col_lua_closed_tostring(L, 1, "sphere"))
		return 1;
	col_sphere s = sphere_of(check_sphere(L, 1));
	lua_pushfstring(L, "sphere((%f, %f, %f), r=%f)", s.center.x, s.center.y, s.center.z, s.radius);
	return 1;
}

static const luaL_Reg sphere_methods[] = {
    {"contains", sphere_contains},
    {"intersects", sphere_intersects},
    {"move_to", sphere_move_to},
    {"unpack", sphere_unpack},
    {NULL, NULL},
};

static const luaL_Reg sphere_metamethods[] = {
    {"__newindex", sphere_newindex},
    {"__eq", sphere_eq},
    {"__tostring", sphere_tostring},
    {NULL, NULL},
};

void col_lua_open_shapes3d(lua_State *L)
{
	col_lua_new_shape_type(L, COL_LUA_SPHERE, sphere_metamethods, sphere_methods, sphere_index);
	lua_pushcfunction(L, sphere_new);
	lua_setfield(L, -2, "sphere");
}
