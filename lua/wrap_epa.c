/* The Lua face of penetration (epa.h): collide.penetration(a, b [, options]) by GJK then EPA, with
 * EPA's trace on request, and collide.penetration_bound(a, b), source 004's lower bound (eq. 1.14)
 * from GJK's final simplex alone. Points and vectors come back as {x, y, z}. */
#include "collide_lua_internal.h"

#include "collide/epa.h"

/* EPA stops by itself at 192 polytope vertices; this only bounds what a script may ask. */
#define MAX_ITERATIONS 1000000

static const char *status_name(col_penetration_status status)
{
	switch (status) {
	case COL_PENETRATION_APART: return "apart";
	case COL_PENETRATION_CONVERGED: return "converged";
	case COL_PENETRATION_MAX_ITERATIONS: return "max_iterations";
	case COL_PENETRATION_FLAT: return "flat";
	default: return "invalid";
	}
}

/* Whether the answer has a normal and witnesses. */
static bool has_contact(const col_penetration *r)
{
	return r->status != COL_PENETRATION_APART && r->status != COL_PENETRATION_INVALID;
}

static void set_vec3(lua_State *L, const char *key, col_vec3 v)
{
	col_lua_push_vec3(L, v);
	lua_setfield(L, -2, key);
}

/* { {x, y, z}, {x, y, z}, {x, y, z} } */
static void push_triangle(lua_State *L, const col_vec3 t[3])
{
	lua_createtable(L, 3, 0);
	for (int j = 0; j < 3; j++) {
		col_lua_push_vec3(L, t[j]);
		lua_rawseti(L, -2, j + 1);
	}
}

/* One EPA step: {nearest, normal, distance, support, reach, faces} */
static void push_step(lua_State *L, const col_epa_trace *trace, const col_epa_step *s)
{
	lua_createtable(L, 0, 6);
	push_triangle(L, s->nearest);
	lua_setfield(L, -2, "nearest");
	set_vec3(L, "normal", s->normal);
	lua_pushnumber(L, s->distance);
	lua_setfield(L, -2, "distance");
	set_vec3(L, "support", s->support);
	lua_pushnumber(L, s->reach);
	lua_setfield(L, -2, "reach");
	lua_createtable(L, s->face_count, 0);
	for (int f = 0; f < s->face_count; f++) {
		push_triangle(L, trace->faces[s->first_face + f]);
		lua_rawseti(L, -2, f + 1);
	}
	lua_setfield(L, -2, "faces");
}

/* {tolerance =, max_iterations =, trace =} at arg */
static col_epa_options check_options(lua_State *L, int arg, bool *trace)
{
	static const char *const names[] = {"tolerance", "max_iterations", "trace", NULL};
	col_epa_options o = col_epa_default_options();
	*trace = false;
	if (lua_isnoneornil(L, arg))
		return o;
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "options table");
	col_lua_check_options(L, arg, arg, "penetration", names);
	col_lua_option_nonnegative(L, arg, "tolerance", arg, "penetration", &o.relative_tolerance);
	if (col_lua_option_int(L, arg, "max_iterations", arg, "penetration", &o.max_iterations) &&
	    (o.max_iterations < 1 || o.max_iterations > MAX_ITERATIONS))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "penetration: max_iterations must be in 1..%d, got %d",
		                              MAX_ITERATIONS, o.max_iterations));
	col_lua_option_bool(L, arg, "trace", arg, "penetration", trace);
	return o;
}

/* collide.penetration(a, b [, options]) -> depth, normal, point_a, point_b, info (normal and points
 * nil when the shapes are apart) */
static int penetration(lua_State *L)
{
	const col_shape *a = col_lua_check_shape(L, 1);
	const col_shape *b = col_lua_check_shape(L, 2);
	bool traced;
	col_epa_options o = check_options(L, 3, &traced);
	lua_settop(L, 3);
	col_epa_trace trace = {NULL, 0, 0, NULL, 0, 0};
	if (traced) {
		/* One run to count the steps and faces, then the real one into buffers of those sizes. */
		col_penetration_depth(a, b, &o, &trace);
		int steps = trace.count, faces = trace.faces_used;
		trace.steps = lua_newuserdatauv(L, sizeof *trace.steps * (size_t)(steps > 0 ? steps : 1), 0);
		trace.capacity = steps;
		trace.faces = lua_newuserdatauv(L, sizeof *trace.faces * (size_t)(faces > 0 ? faces : 1), 0);
		trace.face_capacity = faces;
	}
	col_penetration r = col_penetration_depth(a, b, &o, traced ? &trace : NULL);
	lua_pushnumber(L, r.depth);
	if (has_contact(&r)) {
		col_lua_push_vec3(L, r.normal);
		col_lua_push_vec3(L, r.point_a);
		col_lua_push_vec3(L, r.point_b);
	} else {
		lua_pushnil(L);
		lua_pushnil(L);
		lua_pushnil(L);
	}
	lua_createtable(L, 0, 5);
	lua_pushstring(L, status_name(r.status));
	lua_setfield(L, -2, "status");
	lua_pushinteger(L, r.iterations);
	lua_setfield(L, -2, "iterations");
	lua_pushinteger(L, r.gjk_iterations);
	lua_setfield(L, -2, "gjk_iterations");
	lua_pushnumber(L, r.lower_bound);
	lua_setfield(L, -2, "lower_bound");
	if (traced) {
		int count = trace.count < trace.capacity ? trace.count : trace.capacity;
		lua_createtable(L, count, 0);
		for (int k = 0; k < count; k++) {
			push_step(L, &trace, &trace.steps[k]);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "trace");
	}
	return 5;
}

/* collide.penetration_bound(a, b) -> bound, normal, status: eq. 1.14's lower bound on the depth
 * (0 plus the radii when GJK's final simplex is not a tetrahedron around the origin; normal nil
 * then, and when the shapes are apart) */
static int penetration_bound(lua_State *L)
{
	const col_shape *a = col_lua_check_shape(L, 1);
	const col_shape *b = col_lua_check_shape(L, 2);
	col_penetration r = col_penetration_lower_bound(a, b);
	lua_pushnumber(L, r.depth);
	col_vec3 n = r.normal;
	if (has_contact(&r) && (n.x != 0.0 || n.y != 0.0 || n.z != 0.0))
		col_lua_push_vec3(L, n);
	else
		lua_pushnil(L);
	lua_pushstring(L, status_name(r.status));
	return 3;
}

void col_lua_open_epa(lua_State *L)
{
	static const luaL_Reg functions[] = {
	    {"penetration", penetration},
	    {"penetration_bound", penetration_bound},
	    {NULL, NULL},
	};
	luaL_setfuncs(L, functions, 0);
}
