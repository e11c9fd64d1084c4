/* The Lua face of contact manifolds and casts (contact.h): collide.contact(a, b [, options]) for the
 * manifold of two convex shapes, collide.raycast(shape, origin, direction [, max_t]) for where a
 * ray first meets one, collide.shapecast(a, b, motion_b [, options]) for when a moving shape first
 * touches another. Like collide.penetration's normal, each answers nil when there is nothing to
 * report (apart beyond the margin, no hit). Points and vectors come back as {x, y, z} (z = 0 for
 * 2D shapes); vectors may be given as {x, y, z}, or {x, y} for z = 0. */
#include "collide_lua_internal.h"

#include <math.h>

#include "collide/contact.h"


/* A vector at arg: {x, y, z}, or {x, y} in the plane z = 0 (2D scripts). */
static col_vec3 check_vector(lua_State *L, int arg, const char *what)
{
	if (lua_istable(L, arg) && lua_rawlen(L, arg) == 2) {
		col_vec2 p;
		col_lua_table_point2(L, arg, arg, what, &p);
		return (col_vec3){p.x, p.y, 0.0};
	}
	if (!lua_istable(L, arg))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: expected {x, y, z} or {x, y}, got %s", what,
		                              luaL_typename(L, arg)));
	col_vec3 v;
	col_lua_table_point3(L, arg, arg, what, &v);
	return v;
}

/* ---- collide.contact ---- */

typedef struct contact_call {
	double margin;
	bool general; /* the general path whatever the pair (to compare with the closed forms) */
} contact_call;

/* {margin =, general =} at arg */
static contact_call check_contact_options(lua_State *L, int arg)
{
	static const char *const names[] = {"margin", "general", NULL};
	contact_call c = {0.0, false};
	if (lua_isnoneornil(L, arg))
		return c;
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "options table");
	col_lua_check_options(L, arg, arg, "contact", names);
	col_lua_option_nonnegative(L, arg, "margin", arg, "contact", &c.margin);
	col_lua_option_bool(L, arg, "general", arg, "contact", &c.general);
	return c;
}

/* {position, depth, point_a, point_b, id} */
static void push_manifold_point(lua_State *L, const col_manifold_point *p)
{
	lua_createtable(L, 0, 5);
	col_lua_set_vec3(L, "position", p->point);
	col_lua_set_number(L, "depth", p->depth);
	col_lua_set_vec3(L, "point_a", p->point_a);
	col_lua_set_vec3(L, "point_b", p->point_b);
	lua_pushinteger(L, (lua_Integer)p->id);
	lua_setfield(L, -2, "id");
}

/* collide.contact(a, b [, options]) -> {normal, depth, count, points, method}, or nil when the shapes
 * are apart by more than the margin */
static int contact(lua_State *L)
{
	const col_shape *a = col_lua_check_shape(L, 1);
	const col_shape *b = col_lua_check_shape(L, 2);
	contact_call c = check_contact_options(L, 3);
	col_manifold m;
	col_error error;
	col_status status = c.general ? col_contact_general(a, b, c.margin, &m, &error)
	                              : col_contact(a, b, c.margin, &m, &error);
	if (status != COL_OK)
		return col_lua_arg_fail(L, 1, &error); /* shapes are checked when made: not reached */
	if (m.count == 0) {
		lua_pushnil(L);
		return 1;
	}
	lua_createtable(L, 0, 5);
	col_lua_set_vec3(L, "normal", m.normal);
	col_lua_set_number(L, "depth", m.points[0].depth); /* the deepest point comes first */
	lua_pushinteger(L, m.count);
	lua_setfield(L, -2, "count");
	lua_pushstring(L, col_contact_method_name(m.method));
	lua_setfield(L, -2, "method");
	lua_createtable(L, m.count, 0);
	for (int k = 0; k < m.count; k++) {
		push_manifold_point(L, &m.points[k]);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "points");
	return 1;
}

/* ---- casts ---- */

static const char *cast_method_name(col_cast_method method)
{
	switch (method) {
	case COL_CAST_SPHERE: return "sphere";
	case COL_CAST_BOX: return "box";
	case COL_CAST_CAPSULE: return "capsule";
	case COL_CAST_CYLINDER: return "cylinder";
	case COL_CAST_GJK: return "gjk";
	default: return "none";
	}
}

/* {t, point, normal, method, iterations}, or nil for no hit */
static int push_hit(lua_State *L, const col_cast_hit *h)
{
	if (!h->hit) {
		lua_pushnil(L);
		return 1;
	}
	lua_createtable(L, 0, 5);
	col_lua_set_number(L, "t", h->t);
	col_lua_set_vec3(L, "point", h->point);
	col_lua_set_vec3(L, "normal", h->normal);
	lua_pushstring(L, cast_method_name(h->method));
	lua_setfield(L, -2, "method");
	lua_pushinteger(L, h->iterations);
	lua_setfield(L, -2, "iterations");
	return 1;
}

/* collide.raycast(shape, origin, direction [, max_t]) -> {t, point, normal, method, iterations} or nil:
 * the first point origin + t direction, t in [0, max_t] (default math.huge), in the shape */
static int raycast(lua_State *L)
{
	const col_shape *s = col_lua_check_shape(L, 1);
	col_vec3 origin = check_vector(L, 2, "origin");
	col_vec3 direction = check_vector(L, 3, "direction");
	double max_t = HUGE_VAL;
	if (!lua_isnoneornil(L, 4)) {
		max_t = luaL_checknumber(L, 4);
		if (!(max_t >= 0.0))
			return luaL_argerror(
			    L, 4,
			    lua_pushfstring(L, "max_t must be >= 0 (math.huge for no limit), got %s",
			                    isnan(max_t) ? "nan" : lua_tostring(L, 4)));
	}
	col_cast_hit h;
	col_error error;
	if (col_raycast(s, origin, direction, max_t, &h, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	return push_hit(L, &h);
}

/* collide.shapecast(a, b, motion_b [, {motion_a =}]) -> {t, point, normal, method, iterations} or nil:
 * the first fraction t in [0, 1] of the motions at which a (moved by t motion_a) and b (moved by
 * t motion_b) touch; t = 0 with a zero normal when they already touch */
static int shapecast(lua_State *L)
{
	static const char *const names[] = {"motion_a", NULL};
	const col_shape *a = col_lua_check_shape(L, 1);
	const col_shape *b = col_lua_check_shape(L, 2);
	col_vec3 motion_b = check_vector(L, 3, "motion_b");
	col_vec3 motion_a = {0.0, 0.0, 0.0};
	if (!lua_isnoneornil(L, 4)) {
		if (!lua_istable(L, 4))
			col_lua_typeerror(L, 4, "options table");
		col_lua_check_options(L, 4, 4, "shapecast", names);
		if (col_lua_rawfield(L, 4, "motion_a") != LUA_TNIL)
			motion_a = check_vector(L, lua_gettop(L), "shapecast: motion_a");
		lua_pop(L, 1);
	}
	col_cast_hit h;
	col_error error;
	if (col_shapecast(a, motion_a, b, motion_b, &h, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	return push_hit(L, &h);
}

void col_lua_open_contact(lua_State *L)
{
	static const luaL_Reg functions[] = {
	    {"contact", contact},
	    {"raycast", raycast},
	    {"shapecast", shapecast},
	    {NULL, NULL},
	};
	luaL_setfuncs(L, functions, 0);
}
