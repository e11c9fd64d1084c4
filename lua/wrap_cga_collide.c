/* The Lua face of cga_collide.h, added to collide.cga: the source's bounded tests (segments,
 * triangles and spheres, Algorithms IV.1-IV.6 of source 003) and their brute-force queries against
 * meshes, by method "cga" or "euclidean" (the engine's exact Euclidean tests, for comparison).
 * Points are read as the other 3D bindings read them; a triangle is a table of three points; a
 * sphere is a collide.sphere, a centre and a radius, or one table {center, radius} /
 * {center =, radius =}. The engine answers false for NaN or a negative radius; here they are
 * refused before it sees them, so a script learns of its mistake. */
#include "collide_lua_internal.h"

#include <math.h>
#include <string.h>

#include "collide/cga_collide.h"

/* ---- arguments ---- */

/* "what: expected ..., got <type>" at arg. */
static int expected(lua_State *L, int idx, int arg, const char *what, const char *shape)
{
	return luaL_argerror(
	    L, arg, lua_pushfstring(L, "%s: expected %s, got %s", what, shape, luaL_typename(L, idx)));
}

/* The table at idx as a triangle {a, b, c} of three points; errors blame arg. */
static void table_triangle(lua_State *L, int idx, int arg, const char *what, col_triangle *out)
{
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		expected(L, idx, arg, what, "a table of three points {a, b, c}");
	lua_Integer n = col_lua_rawlen(L, idx);
	if (n != 3)
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: expected three points {a, b, c}, got %I", what, n));
	col_vec3 *vertices[3] = {&out->a, &out->b, &out->c};
	for (int k = 0; k < 3; k++) {
		const char *name = lua_pushfstring(L, "%s: vertex %d", what, k + 1);
		lua_rawgeti(L, idx, k + 1);
		col_lua_table_point3(L, -1, arg, name, vertices[k]);
		lua_pop(L, 2);
	}
}

/* The table at idx as a segment {p, q} of two points. */
static void table_segment(lua_State *L, int idx, int arg, const char *what, col_vec3 out[2])
{
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		expected(L, idx, arg, what, "a table of two points {p, q}");
	lua_Integer n = col_lua_rawlen(L, idx);
	if (n != 2)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: expected two points {p, q}, got %I", what, n));
	for (int k = 0; k < 2; k++) {
		const char *name = lua_pushfstring(L, "%s: end %d", what, k + 1);
		lua_rawgeti(L, idx, k + 1);
		col_lua_table_point3(L, -1, arg, name, &out[k]);
		lua_pop(L, 2);
	}
}

/* A radius just fetched onto the top: a finite number >= 0. */
static double fetched_radius(lua_State *L, int arg, const char *what)
{
	if (lua_type(L, -1) != LUA_TNUMBER)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "%s: radius must be a number, got %s", what, luaL_typename(L, -1)));
	double r = lua_tonumber(L, -1);
	if (!(r >= 0.0) || isinf(r))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: radius must be a finite number >= 0, got %s", what,
		                              isnan(r) ? "nan" : lua_tostring(L, -1)));
	lua_pop(L, 1);
	return r;
}

/* Whether the value at idx is a sphere written as one table: {center, radius} (its first entry a
 * point, not a coordinate) or {center =, radius =}. A table that starts with a number is a centre,
 * whose radius is the next argument. */
static bool is_sphere_table(lua_State *L, int idx)
{
	if (!lua_istable(L, idx))
		return false;
	bool first_is_table = lua_rawgeti(L, idx, 1) == LUA_TTABLE;
	bool named = col_lua_rawfield(L, idx, "center") != LUA_TNIL;
	lua_pop(L, 2);
	return first_is_table || named;
}

/* The sphere table at idx ({center, radius} or {center =, radius =}). */
static void table_sphere(lua_State *L, int idx, int arg, const char *what, col_sphere *out)
{
	idx = lua_absindex(L, idx);
	const char *name = lua_pushfstring(L, "%s: center", what);
	bool named = col_lua_rawfield(L, idx, "center") != LUA_TNIL;
	if (!named) {
		lua_pop(L, 1);
		lua_rawgeti(L, idx, 1);
	}
	col_lua_table_point3(L, -1, arg, name, &out->center);
	lua_pop(L, 2);
	if (named)
		col_lua_rawfield(L, idx, "radius");
	else
		lua_rawgeti(L, idx, 2);
	out->radius = fetched_radius(L, arg, what);
}

/* A sphere at arg: a collide.sphere, one sphere table, or a centre and a radius (as
 * col_lua_check_ball reads them). Returns the argument after it. */
static int check_sphere(lua_State *L, int arg, col_sphere *out)
{
	if (is_sphere_table(L, arg)) {
		table_sphere(L, arg, arg, "sphere", out);
		return arg + 1;
	}
	return col_lua_check_ball(L, arg, out);
}

/* The value at idx as a sphere of a query table: a collide.sphere or a sphere table. */
static void query_sphere(lua_State *L, int idx, int arg, const char *what, col_sphere *out)
{
	if (col_lua_to_sphere(L, idx, out))
		return;
	if (!lua_istable(L, idx))
		expected(L, idx, arg, what, "a collide.sphere or {center, radius}");
	table_sphere(L, idx, arg, what, out);
}

/* A mode name at idx: "surface" (absent or nil too: the source's) or "solid". */
static col_cga_mode read_mode(lua_State *L, int idx, int arg, const char *what)
{
	if (lua_isnoneornil(L, idx))
		return COL_CGA_SURFACE;
	const char *name = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : NULL;
	if (name != NULL && strcmp(name, "surface") == 0)
		return COL_CGA_SURFACE;
	if (name != NULL && strcmp(name, "solid") == 0)
		return COL_CGA_SOLID;
	return (col_cga_mode)luaL_argerror(
	    L, arg,
	    lua_pushfstring(L, "%smode must be 'surface' or 'solid', got %s", what,
	                    name != NULL ? lua_pushfstring(L, "'%s'", name) : luaL_typename(L, idx)));
}

static col_cga_mode opt_mode(lua_State *L, int arg)
{
	return read_mode(L, arg, arg, "");
}

/* ---- the six pairs ---- */

/* cga.segment_segment(a, b, c, d): the segments ab and cd share a point */
static int cga_segment_segment(lua_State *L)
{
	col_vec3 a, b, c, d;
	int next = col_lua_check_vector3(L, 1, "point a", &a);
	next = col_lua_check_vector3(L, next, "point b", &b);
	next = col_lua_check_vector3(L, next, "point c", &c);
	col_lua_check_vector3(L, next, "point d", &d);
	lua_pushboolean(L, col_cga_segment_segment(a, b, c, d));
	return 1;
}

/* cga.segment_triangle(q1, q2, {a, b, c}) */
static int cga_segment_triangle(lua_State *L)
{
	col_vec3 q1, q2;
	col_triangle t;
	int next = col_lua_check_vector3(L, 1, "point q1", &q1);
	next = col_lua_check_vector3(L, next, "point q2", &q2);
	table_triangle(L, next, next, "triangle", &t);
	lua_pushboolean(L, col_cga_segment_triangle(q1, q2, t));
	return 1;
}

/* cga.segment_sphere(a, b, sphere [, mode]) */
static int cga_segment_sphere(lua_State *L)
{
	col_vec3 a, b;
	col_sphere s;
	int next = col_lua_check_vector3(L, 1, "point a", &a);
	next = col_lua_check_vector3(L, next, "point b", &b);
	next = check_sphere(L, next, &s);
	lua_pushboolean(L, col_cga_segment_sphere(a, b, s, opt_mode(L, next)));
	return 1;
}

/* cga.triangle_triangle({a, b, c}, {a, b, c}) */
static int cga_triangle_triangle(lua_State *L)
{
	col_triangle t, u;
	table_triangle(L, 1, 1, "triangle t", &t);
	table_triangle(L, 2, 2, "triangle u", &u);
	lua_pushboolean(L, col_cga_triangle_triangle(t, u));
	return 1;
}

/* cga.triangle_sphere({a, b, c}, sphere [, mode]) */
static int cga_triangle_sphere(lua_State *L)
{
	col_triangle t;
	col_sphere s;
	table_triangle(L, 1, 1, "triangle", &t);
	int next = check_sphere(L, 2, &s);
	lua_pushboolean(L, col_cga_triangle_sphere(t, s, opt_mode(L, next)));
	return 1;
}

/* cga.sphere_sphere(s1, s2 [, mode]) */
static int cga_sphere_sphere(lua_State *L)
{
	col_sphere a, b;
	int next = check_sphere(L, 1, &a);
	next = check_sphere(L, next, &b);
	lua_pushboolean(L, col_cga_sphere_sphere(a, b, opt_mode(L, next)));
	return 1;
}

/* ---- meshes ---- */

/* The method of an options table at idx: "cga" (absent, nil or "default" too) or "euclidean". */
col_method col_lua_read_cga_method(lua_State *L, int idx, int arg, const char *key)
{
	int type = col_lua_rawfield(L, idx, key);
	col_method method = COL_METHOD_CGA;
	const char *name = type == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
	if (type != LUA_TNIL &&
	    (name == NULL || !col_method_from_name(name, &method) ||
	     (method != COL_METHOD_CGA && method != COL_METHOD_EUCLIDEAN && method != COL_METHOD_DEFAULT)))
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "options: %s must be 'cga' or 'euclidean', got %s", key,
		                    name != NULL ? lua_pushfstring(L, "'%s'", name) : lua_typename(L, type)));
	lua_pop(L, 1);
	return method == COL_METHOD_DEFAULT ? COL_METHOD_CGA : method;
}

/* The options table at arg (none or nil: no options), its keys checked against names. */
static bool opt_options(lua_State *L, int arg, const char *const names[])
{
	if (lua_isnoneornil(L, arg))
		return false;
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "options table");
	col_lua_check_options(L, arg, arg, "options", names);
	return true;
}

void col_lua_table_cga_query(lua_State *L, int idx, int arg, const char *what, col_cga_query *out)
{
	static const char *const names[] = {"segment", "triangle", "sphere", "mode", NULL};
	static const char *const kinds[] = {"segment", "triangle", "sphere"};
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		expected(L, idx, arg, what, "a query {segment =}, {triangle =} or {sphere =}");
	col_lua_check_options(L, idx, arg, what, names);
	memset(out, 0, sizeof *out);
	int found = -1;
	for (int k = 0; k < 3; k++) {
		bool present = col_lua_rawfield(L, idx, kinds[k]) != LUA_TNIL;
		lua_pop(L, 1);
		if (present && found >= 0)
			luaL_argerror(
			    L, arg,
			    lua_pushfstring(L, "%s: give one of segment, triangle or sphere, not %s and %s",
			                    what, kinds[found], kinds[k]));
		if (present)
			found = k;
	}
	if (found < 0) {
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "%s: expected one of segment, triangle or sphere", what));
		return; /* not reached: luaL_argerror does not return */
	}
	const char *part = lua_pushfstring(L, "%s: %s", what, kinds[found]);
	col_lua_rawfield(L, idx, kinds[found]);
	if (found == 0) {
		out->kind = COL_CGA_QUERY_SEGMENT;
		table_segment(L, -1, arg, part, out->p);
	} else if (found == 1) {
		col_triangle t;
		table_triangle(L, -1, arg, part, &t);
		out->kind = COL_CGA_QUERY_TRIANGLE;
		out->p[0] = t.a, out->p[1] = t.b, out->p[2] = t.c;
	} else {
		col_sphere s;
		query_sphere(L, -1, arg, part, &s);
		out->kind = COL_CGA_QUERY_SPHERE;
		out->p[0] = s.center;
		out->radius = s.radius;
	}
	lua_pop(L, 2);
	const char *prefix = lua_pushfstring(L, "%s: ", what);
	col_lua_rawfield(L, idx, "mode");
	out->mode = read_mode(L, -1, arg, prefix);
	lua_pop(L, 2);
}

/* The query table at arg: exactly one of segment = {p, q}, triangle = {a, b, c} or sphere = S,
 * and for a sphere, mode = "surface" | "solid". */
static void check_query(lua_State *L, int arg, col_cga_query *out)
{
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "query {segment =}, {triangle =} or {sphere =}");
	col_lua_table_cga_query(L, arg, arg, "query", out);
}

/* A zeroed scratch array of n flags, owned by Lua (pushed on the stack), so that an error leaks
 * nothing. */
static uint8_t *push_flags(lua_State *L, int n)
{
	uint8_t *flags = lua_newuserdatauv(L, (size_t)n, 0);
	memset(flags, 0, (size_t)n);
	return flags;
}

void col_lua_push_flagged(lua_State *L, const uint8_t *flags, size_t n)
{
	lua_newtable(L);
	lua_Integer count = 0;
	for (size_t i = 0; i < n; i++)
		if (flags[i]) {
			lua_pushinteger(L, (lua_Integer)i + 1);
			lua_rawseti(L, -2, ++count);
		}
}

static void set_count(lua_State *L, const char *key, uint64_t value)
{
	lua_pushinteger(L, (lua_Integer)value);
	lua_setfield(L, -2, key);
}

/* Pushes {pairs, plane_rejects, coplanar, exact_fallbacks, hits}. */
static void push_cga_stats(lua_State *L, const col_cga_stats *stats)
{
	lua_createtable(L, 0, 5);
	set_count(L, "pairs", stats->pairs);
	set_count(L, "plane_rejects", stats->plane_rejects);
	set_count(L, "coplanar", stats->coplanar);
	set_count(L, "exact_fallbacks", stats->exact_fallbacks);
	set_count(L, "hits", stats->hits);
}

/* cga.mesh_query(mesh, query [, {method =, hits =}]) -> count, hits (a list of 1-based triangles
 * when options.hits, else nil), stats */
static int cga_mesh_query(lua_State *L)
{
	static const char *const names[] = {"method", "hits", NULL};
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_cga_query query;
	check_query(L, 2, &query);
	col_method method = COL_METHOD_CGA;
	bool want_hits = false;
	if (opt_options(L, 3, names)) {
		method = col_lua_read_cga_method(L, 3, 3, "method");
		col_lua_option_bool(L, 3, "hits", 3, "options", &want_hits);
	}
	int n = col_mesh_triangle_count(mesh);
	uint8_t *hit = want_hits ? push_flags(L, n) : NULL;
	col_cga_stats stats = {0};
	size_t count = col_cga_mesh_query(mesh, &query, method, 0, n, hit, &stats);
	lua_pushinteger(L, (lua_Integer)count);
	if (hit != NULL)
		col_lua_push_flagged(L, hit, (size_t)n);
	else
		lua_pushnil(L);
	push_cga_stats(L, &stats);
	return 3;
}

/* A pose for b in the options at idx: as col_lua_check_pose3 reads one, from a field. Refused when
 * it moves one of b's vertices beyond COL_COORDINATE_MAX, where the exact predicates stop being
 * exact (col_mesh_create refuses such meshes for the same reason). */
col_transform3 col_lua_read_mesh_pose(lua_State *L, int idx, int arg, const col_mesh *b)
{
	col_transform3 pose = col_transform3_identity();
	if (col_lua_rawfield(L, idx, "pose") != LUA_TNIL) {
		if (!lua_istable(L, -1))
			expected(L, -1, arg, "options: pose", "{position =, rotation =}");
		pose = col_lua_table_pose3(L, -1, arg, "options: pose");
	}
	lua_pop(L, 1);
	const col_vec3 *v = col_mesh_vertices(b);
	for (int i = 0; i < col_mesh_vertex_count(b); i++) {
		col_vec3 p = col_transform3_apply(pose, v[i]);
		if (col_max3(fabs(p.x), fabs(p.y), fabs(p.z)) > COL_COORDINATE_MAX)
			luaL_argerror(L, arg,
			              lua_pushfstring(L,
			                              "options: pose: moves vertex %d of b to %s, beyond the "
			                              "supported coordinates (1e30)",
			                              i + 1,
			                              lua_pushfstring(L, "(%f, %f, %f)", p.x, p.y, p.z)));
	}
	return pose;
}

/* cga.mesh_mesh(a, b [, {method =, pose =}]) -> pairs, hits of a, hits of b (1-based lists),
 * stats; pose moves b (rotated, then moved) before the test */
static int cga_mesh_mesh(lua_State *L)
{
	static const char *const names[] = {"method", "pose", NULL};
	const col_mesh *a = col_lua_check_mesh(L, 1);
	const col_mesh *b = col_lua_check_mesh(L, 2);
	col_method method = COL_METHOD_CGA;
	col_transform3 pose = col_transform3_identity();
	if (opt_options(L, 3, names)) {
		method = col_lua_read_cga_method(L, 3, 3, "method");
		pose = col_lua_read_mesh_pose(L, 3, 3, b);
	}
	int na = col_mesh_triangle_count(a), nb = col_mesh_triangle_count(b);
	uint8_t *hit_a = push_flags(L, na), *hit_b = push_flags(L, nb);
	col_cga_stats stats = {0};
	size_t pairs = col_cga_mesh_mesh(a, b, pose, method, 0, na, hit_a, hit_b, &stats);
	lua_pushinteger(L, (lua_Integer)pairs);
	col_lua_push_flagged(L, hit_a, (size_t)na);
	col_lua_push_flagged(L, hit_b, (size_t)nb);
	push_cga_stats(L, &stats);
	return 4;
}

static const luaL_Reg cga_collide_functions[] = {
    {"segment_segment", cga_segment_segment},
    {"segment_triangle", cga_segment_triangle},
    {"segment_sphere", cga_segment_sphere},
    {"triangle_triangle", cga_triangle_triangle},
    {"triangle_sphere", cga_triangle_sphere},
    {"sphere_sphere", cga_sphere_sphere},
    {"mesh_query", cga_mesh_query},
    {"mesh_mesh", cga_mesh_mesh},
    {NULL, NULL},
};

/* Adds the functions above to collide.cga (col_lua_open_cga made it) of the module on top. */
void col_lua_open_cga_collide(lua_State *L)
{
	lua_getfield(L, -1, "cga");
	luaL_setfuncs(L, cga_collide_functions, 0);
	lua_pop(L, 1);
}
