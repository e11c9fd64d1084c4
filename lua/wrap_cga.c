/* The Lua face of cga.h: collide.cga, conformal geometric algebra (source 003; docs/cga.md, docs/sources.md).
 * A multivector is a plain userdata (collide.multivector) holding a col_multivector; every
 * operation returns a new one, so no value, not even the constants cga.ni, cga.no, cga.I, can be
 * changed in place. One made by cga.meet also remembers the whole col_cga_intersection, which its
 * classify, center, radius, points, ... methods read. The named functions are canonical; the
 * operators (+ - * / ^ | ~ ==) are conveniences over them. */
#include "collide_lua_internal.h"

#include <math.h>
#include <string.h>

#include "collide/cga.h"

#define COL_LUA_MULTIVECTOR "collide.multivector"

/* The userdata. has_intersection: made by cga.meet, info is its col_cga_intersection. closed: by
 * close(), <close> or __gc; every later use is refused. */
typedef struct mv_box {
	col_multivector mv;
	bool has_intersection;
	col_cga_intersection info;
	bool closed;
} mv_box;

static mv_box *push_box(lua_State *L)
{
	mv_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	memset(box, 0, sizeof *box);
	luaL_setmetatable(L, COL_LUA_MULTIVECTOR);
	return box;
}

static void push_mv(lua_State *L, const col_multivector *m)
{
	push_box(L)->mv = *m;
}

/* box (the multivector at idx, or NULL), refused once closed. */
static mv_box *live(lua_State *L, int idx, mv_box *box)
{
	if (box != NULL && box->closed)
		col_lua_used_after_close(L, idx);
	return box;
}

static mv_box *check_box(lua_State *L, int arg)
{
	return live(L, arg, luaL_checkudata(L, arg, COL_LUA_MULTIVECTOR));
}

static const col_multivector *check_mv(lua_State *L, int arg)
{
	return &check_box(L, arg)->mv;
}

/* A multivector, or a number read as a scalar (into scratch). */
static const col_multivector *check_operand(lua_State *L, int arg, col_multivector *scratch)
{
	if (lua_type(L, arg) == LUA_TNUMBER) {
		*scratch = (col_multivector){0};
		scratch->c[0] = col_lua_check_finite(L, arg);
		return scratch;
	}
	mv_box *box = live(L, arg, luaL_testudata(L, arg, COL_LUA_MULTIVECTOR));
	if (box == NULL)
		col_lua_typeerror(L, arg, "collide.multivector or number");
	return &box->mv;
}

/* An engine failure: at argument blame, or (blame 0) a plain error with the engine's message. */
static int fail(lua_State *L, int blame, const col_error *error)
{
	return blame > 0 ? col_lua_arg_fail(L, blame, error) : col_lua_fail(L, error);
}

/* Pushes the constructed multivector, or raises the engine's message. */
static int constructed(lua_State *L, col_status status, const col_multivector *m, const col_error *error,
                       int blame)
{
	if (status != COL_OK)
		return fail(L, blame, error);
	push_mv(L, m);
	return 1;
}

/* ---- points and vectors ---- */

/* The point at idx: a table {x, y, z} / {x = .., y = .., z = ..} or a multivector of kind point.
 * Errors blame arg and name the point `what`. */
static void read_point(lua_State *L, int idx, int arg, const char *what, col_vec3 *out)
{
	mv_box *box = live(L, idx, luaL_testudata(L, idx, COL_LUA_MULTIVECTOR));
	if (box == NULL) {
		col_lua_table_point3(L, idx, arg, what, out);
		return;
	}
	col_cga_geometry g;
	col_error error;
	col_cga_kind kind = col_cga_kind_of(&box->mv);
	if (kind != COL_CGA_POINT)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "%s: expected a point, got a %s", what, col_cga_kind_name(kind)));
	if (col_cga_geometry_of(&box->mv, &g, &error) != COL_OK)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s", what, error.message));
	*out = g.center;
}

/* A direction (normal, axis, translation) given as a table {x, y, z}. */
static void read_vector(lua_State *L, int idx, int arg, const char *what, col_vec3 *out)
{
	col_lua_table_point3(L, idx, arg, what, out);
}

/* The optional vector at arg; none or nil is zero. */
static col_vec3 opt_vector(lua_State *L, int arg, const char *what)
{
	col_vec3 v = {0.0, 0.0, 0.0};
	if (!lua_isnoneornil(L, arg))
		read_vector(L, arg, arg, what, &v);
	return v;
}

/* A number (not checked for finiteness: the engine judges radii and distances itself, so its
 * message is the one the script sees). */
static double raw_number(lua_State *L, int arg)
{
	return luaL_checknumber(L, arg);
}

/* Field key of the option table at idx as a number (its absence is an error "<what>: <key> must be
 * a number, got nil"); NaN and infinity pass, for the engine to judge. */
static double field_raw_number(lua_State *L, int idx, const char *key, int arg, const char *what)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type != LUA_TNUMBER)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "%s: %s must be a number, got %s", what, key, lua_typename(L, type)));
	double value = lua_tonumber(L, -1);
	lua_pop(L, 1);
	return value;
}

/* Field key of the option table at idx as a point or vector; absent is an error. */
static void field_point(lua_State *L, int idx, const char *key, int arg, const char *what, bool point,
                        col_vec3 *out)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type == LUA_TNIL)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s is missing", what, key));
	const char *name = lua_pushfstring(L, "%s: %s", what, key);
	if (point)
		read_point(L, -2, arg, name, out);
	else
		read_vector(L, -2, arg, name, out);
	lua_pop(L, 2);
}

/* The radius of an option table: r, or radius. */
static double field_radius(lua_State *L, int idx, int arg, const char *what)
{
	col_lua_rawfield(L, idx, "radius");
	bool long_name = !lua_isnil(L, -1);
	lua_pop(L, 1);
	return field_raw_number(L, idx, long_name ? "radius" : "r", arg, what);
}

/* Whether the call is f{key = ...}: one table argument that is not a point {x, y, z} (a point
 * alone is a call with its other arguments missing, reported as such). */
static bool option_form(lua_State *L)
{
	if (lua_gettop(L) != 1 || !lua_istable(L, 1))
		return false;
	bool array = lua_rawgeti(L, 1, 1) != LUA_TNIL;
	lua_pop(L, 1);
	return !array;
}

/* ---- the algebra ---- */

typedef void (*binary_fn)(const col_multivector *, const col_multivector *, col_multivector *);
typedef void (*unary_fn)(const col_multivector *, col_multivector *);

static int binary(lua_State *L, binary_fn f)
{
	col_multivector sa, sb, out;
	const col_multivector *a = check_operand(L, 1, &sa), *b = check_operand(L, 2, &sb);
	f(a, b, &out);
	push_mv(L, &out);
	return 1;
}

static int unary(lua_State *L, unary_fn f)
{
	col_multivector out;
	f(check_mv(L, 1), &out);
	push_mv(L, &out);
	return 1;
}

/* cga.gp(a, b), cga.op(a, b), cga.lc(a, b), cga.add(a, b), cga.sub(a, b): numbers are scalars. */
static int cga_gp(lua_State *L)
{
	return binary(L, col_cga_geometric_product);
}
static int cga_op(lua_State *L)
{
	return binary(L, col_cga_outer_product);
}
static int cga_lc(lua_State *L)
{
	return binary(L, col_cga_left_contraction);
}
static int cga_add(lua_State *L)
{
	return binary(L, col_cga_add);
}
static int cga_sub(lua_State *L)
{
	return binary(L, col_cga_subtract);
}

/* cga.dot(a, b) -> the scalar part of a b (a . b for vectors) */
static int cga_dot(lua_State *L)
{
	col_multivector sa, sb;
	const col_multivector *a = check_operand(L, 1, &sa), *b = check_operand(L, 2, &sb);
	lua_pushnumber(L, col_cga_scalar_product(a, b));
	return 1;
}

/* cga.scale(a, s) */
static int cga_scale(lua_State *L)
{
	const col_multivector *a = check_mv(L, 1);
	double s = col_lua_check_finite(L, 2);
	col_multivector out;
	col_cga_scale(a, s, &out);
	push_mv(L, &out);
	return 1;
}

static int cga_reverse(lua_State *L)
{
	return unary(L, col_cga_reverse);
}
static int cga_involute(lua_State *L)
{
	return unary(L, col_cga_involute);
}
static int cga_dual(lua_State *L)
{
	return unary(L, col_cga_dual);
}
static int cga_undual(lua_State *L)
{
	return unary(L, col_cga_undual);
}

/* cga.grade(a, k) -> the grade-k part (0 for k outside 0..5) */
static int cga_grade(lua_State *L)
{
	const col_multivector *a = check_mv(L, 1);
	lua_Integer k = luaL_checkinteger(L, 2);
	col_multivector out;
	col_cga_grade_part(a, k >= 0 && k <= 5 ? (int)k : -1, &out);
	push_mv(L, &out);
	return 1;
}

/* cga.grades(a) -> {grades present, increasing} ({} for zero) */
static int cga_grades(lua_State *L)
{
	int mask = col_cga_grades(check_mv(L, 1));
	lua_createtable(L, 6, 0);
	int n = 0;
	for (int g = 0; g <= 5; g++)
		if (mask & (1 << g)) {
			lua_pushinteger(L, g);
			lua_rawseti(L, -2, ++n);
		}
	return 1;
}

/* cga.grade_of(a [, tolerance = 0]) -> the grade of a homogeneous multivector, or nil */
static int cga_grade_of(lua_State *L)
{
	const col_multivector *a = check_mv(L, 1);
	double tolerance = col_lua_opt_finite(L, 2, 0.0);
	int grade = col_cga_grade_of(a, tolerance);
	if (grade < 0)
		lua_pushnil(L);
	else
		lua_pushinteger(L, grade);
	return 1;
}

/* cga.inverse(a): raises the engine's message when a has none */
static int cga_inverse(lua_State *L)
{
	col_multivector out;
	col_error error;
	return constructed(L, col_cga_inverse(check_mv(L, 1), &out, &error), &out, &error, 1);
}

/* cga.square(a) -> <a a>_0; for a meet, the square the engine classified it by (the same value,
 * computed in the inputs' frame) */
static int cga_square(lua_State *L)
{
	mv_box *box = check_box(L, 1);
	lua_pushnumber(L, box->has_intersection ? box->info.square : col_cga_square(&box->mv));
	return 1;
}

static int cga_norm2(lua_State *L)
{
	lua_pushnumber(L, col_cga_norm2(check_mv(L, 1)));
	return 1;
}

static int cga_norm(lua_State *L)
{
	lua_pushnumber(L, col_cga_norm(check_mv(L, 1)));
	return 1;
}

static int cga_magnitude(lua_State *L)
{
	lua_pushnumber(L, col_cga_magnitude(check_mv(L, 1)));
	return 1;
}

static void push_numbers(lua_State *L, const double *x, int n)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushnumber(L, x[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

/* cga.coeffs(a) -> 32 numbers, coeffs[k + 1] the coefficient of blade k (bit mask order) */
static int cga_coeffs(lua_State *L)
{
	push_numbers(L, check_mv(L, 1)->c, COL_CGA_BLADES);
	return 1;
}

/* cga.null_coeffs(a) -> 32 numbers in the null basis {e1, e2, e3, no, ni} (bit 3 no, bit 4 ni) */
static int cga_null_coeffs(lua_State *L)
{
	double null[COL_CGA_BLADES];
	col_cga_to_null_basis(check_mv(L, 1), null);
	push_numbers(L, null, COL_CGA_BLADES);
	return 1;
}

/* The 32 coefficients of the table at arg: an array of 32 numbers, or blade names as keys
 * ({e1 = 1, e45 = 2}, "1" or "scalar" for the scalar). */
static void read_coefficients(lua_State *L, int arg, double out[COL_CGA_BLADES])
{
	luaL_checktype(L, arg, LUA_TTABLE);
	memset(out, 0, sizeof(double) * COL_CGA_BLADES);
	lua_Integer n = col_lua_rawlen(L, arg);
	if (n == COL_CGA_BLADES) {
		for (int k = 0; k < COL_CGA_BLADES; k++) {
			lua_rawgeti(L, arg, k + 1);
			if (lua_type(L, -1) != LUA_TNUMBER)
				luaL_argerror(L, arg,
				              lua_pushfstring(L, "coefficient %d must be a number, got %s",
				                              k + 1, luaL_typename(L, -1)));
			out[k] = lua_tonumber(L, -1);
			if (!isfinite(out[k]))
				luaL_argerror(L, arg,
				              lua_pushfstring(L, "coefficient %d is not finite", k + 1));
			lua_pop(L, 1);
		}
		return;
	}
	if (n != 0)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(
		        L, "expected 32 coefficients or blade names as keys, got a table of length %I", n));
	lua_pushnil(L);
	while (lua_next(L, arg) != 0) {
		const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		int blade = -1;
		if (name != NULL && strcmp(name, "scalar") == 0)
			blade = 0;
		for (int k = 0; name != NULL && blade < 0 && k < COL_CGA_BLADES; k++)
			if (strcmp(name, col_cga_blade_name(k)) == 0)
				blade = k;
		if (blade < 0)
			luaL_argerror(L, arg,
			              lua_pushfstring(
			                  L,
			                  "unknown blade '%s' (expected e1, e2, e12, ..., e12345 or scalar)",
			                  luaL_tolstring(L, -2, NULL)));
		if (lua_type(L, -1) != LUA_TNUMBER)
			luaL_argerror(L, arg,
			              lua_pushfstring(L, "blade %s: expected a number, got %s", name,
			                              luaL_typename(L, -1)));
		if (!isfinite(lua_tonumber(L, -1)))
			luaL_argerror(L, arg, lua_pushfstring(L, "blade %s is not finite", name));
		out[blade] = lua_tonumber(L, -1);
		lua_pop(L, 1);
	}
}

/* cga.multivector{32 numbers} / cga.multivector{e1 = 1, e45 = 2} / cga.multivector(s) */
static int cga_multivector(lua_State *L)
{
	col_multivector m = {0};
	if (lua_type(L, 1) == LUA_TNUMBER)
		m.c[0] = col_lua_check_finite(L, 1);
	else
		read_coefficients(L, 1, m.c);
	push_mv(L, &m);
	return 1;
}

/* cga.from_null_coeffs{32 numbers}: the inverse of null_coeffs */
static int cga_from_null_coeffs(lua_State *L)
{
	double null[COL_CGA_BLADES];
	read_coefficients(L, 1, null);
	col_multivector m;
	col_cga_from_null_basis(null, &m);
	push_mv(L, &m);
	return 1;
}

/* cga.blade_names() -> {"1", "e1", "e2", "e12", ..., "e12345"} */
static int cga_blade_names(lua_State *L)
{
	lua_createtable(L, COL_CGA_BLADES, 0);
	for (int k = 0; k < COL_CGA_BLADES; k++) {
		lua_pushstring(L, col_cga_blade_name(k));
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* cga.kind(a) -> "point", "sphere", "mixed", ... */
static int cga_kind(lua_State *L)
{
	lua_pushstring(L, col_cga_kind_name(col_cga_kind_of(check_mv(L, 1))));
	return 1;
}

/* cga.is_multivector(v) */
static int cga_is_multivector(lua_State *L)
{
	lua_pushboolean(L, luaL_testudata(L, 1, COL_LUA_MULTIVECTOR) != NULL);
	return 1;
}

/* ---- metamethods ---- */

static int mv_mul(lua_State *L)
{
	return binary(L, col_cga_geometric_product);
}
static int mv_pow(lua_State *L)
{
	return binary(L, col_cga_outer_product);
}
static int mv_bor(lua_State *L)
{
	return binary(L, col_cga_left_contraction);
}
static int mv_add(lua_State *L)
{
	return binary(L, col_cga_add);
}
static int mv_sub(lua_State *L)
{
	return binary(L, col_cga_subtract);
}

static int mv_unm(lua_State *L)
{
	col_multivector out;
	col_cga_scale(check_mv(L, 1), -1.0, &out);
	push_mv(L, &out);
	return 1;
}

static int mv_bnot(lua_State *L)
{
	return unary(L, col_cga_reverse);
}

/* a / s scales by 1 / s; a / b is a * inverse(b), an error when b has no inverse. */
static int mv_div(lua_State *L)
{
	col_multivector sa, out;
	const col_multivector *a = check_operand(L, 1, &sa);
	if (lua_type(L, 2) == LUA_TNUMBER) {
		double s = col_lua_check_finite(L, 2);
		if (s == 0.0)
			return luaL_error(L, "cga: division of a multivector by zero");
		col_cga_scale(a, 1.0 / s, &out);
	} else {
		col_multivector inverse;
		col_error error;
		if (col_cga_inverse(check_mv(L, 2), &inverse, &error) != COL_OK)
			return luaL_error(L, "cga: division by a multivector with no inverse (%s)",
			                  error.message);
		col_cga_geometric_product(a, &inverse, &out);
	}
	push_mv(L, &out);
	return 1;
}

/* a == b: every coefficient equal (exactly) */
static int mv_eq(lua_State *L)
{
	const col_multivector *a = check_mv(L, 1), *b = check_mv(L, 2);
	bool equal = true;
	for (int k = 0; k < COL_CGA_BLADES && equal; k++)
		equal = a->c[k] == b->c[k];
	lua_pushboolean(L, equal);
	return 1;
}

static int mv_tostring(lua_State *L)
{
	if (((mv_box *)luaL_checkudata(L, 1, COL_LUA_MULTIVECTOR))->closed) {
		lua_pushliteral(L, "multivector(closed)");
		return 1;
	}
	const col_multivector *a = check_mv(L, 1);
	char small[256];
	size_t length = col_cga_format(a, small, sizeof small);
	if (length < sizeof small) {
		lua_pushlstring(L, small, length);
		return 1;
	}
	luaL_Buffer b;
	char *text = luaL_buffinitsize(L, &b, length + 1);
	col_cga_format(a, text, length + 1);
	luaL_pushresultsize(&b, length);
	return 1;
}

/* ---- constructors ---- */

/* cga.point(x, y, z) / cga.point{x, y, z} */
static int cga_point(lua_State *L)
{
	col_vec3 p;
	if (lua_type(L, 1) == LUA_TNUMBER)
		col_lua_check_point3(L, 1, &p);
	else
		read_point(L, 1, 1, "point", &p);
	col_multivector m;
	col_error error;
	return constructed(L, col_cga_point(p, &m, &error), &m, &error, 1);
}

/* Reads n points at 1..n for a constructor (errors name "point i"). */
static void read_points(lua_State *L, int n, col_vec3 *p)
{
	static const char *const names[4] = {"point 1", "point 2", "point 3", "point 4"};
	lua_settop(L, n);
	for (int i = 0; i < n; i++)
		read_point(L, i + 1, i + 1, names[i], &p[i]);
}

/* sphere(center, r) / sphere{center =, r =} (and, OPNS only, sphere(p1, p2, p3, p4)) */
static int sphere_common(lua_State *L, bool dual)
{
	static const char *const names[] = {"center", "r", "radius", NULL};
	const char *what = dual ? "dual_sphere" : "sphere";
	col_vec3 center;
	double radius;
	int radius_arg = 1;
	col_multivector m;
	col_error error;
	if (option_form(L)) {
		col_lua_check_options(L, 1, 1, what, names);
		field_point(L, 1, "center", 1, what, true, &center);
		radius = field_radius(L, 1, 1, what);
	} else if (!dual && lua_gettop(L) >= 4) {
		col_vec3 p[4];
		read_points(L, 4, p);
		return constructed(L, col_cga_sphere_through(p, &m, &error), &m, &error, 0);
	} else {
		read_point(L, 1, 1, "center", &center);
		radius = raw_number(L, 2);
		radius_arg = 2;
	}
	col_status status = dual ? col_cga_dual_sphere(center, radius, &m, &error)
	                         : col_cga_sphere(center, radius, &m, &error);
	return constructed(L, status, &m, &error, error.code == COL_ERROR_INVALID_ARGUMENT ? radius_arg : 1);
}

static int cga_sphere(lua_State *L)
{
	return sphere_common(L, false);
}
static int cga_dual_sphere(lua_State *L)
{
	return sphere_common(L, true);
}

/* plane(normal, d) / plane{normal =, d =} (and, OPNS only, plane(p1, p2, p3)): n . x = d */
static int plane_common(lua_State *L, bool dual)
{
	static const char *const names[] = {"normal", "d", NULL};
	const char *what = dual ? "dual_plane" : "plane";
	col_vec3 normal;
	double d;
	int d_arg = 1;
	col_multivector m;
	col_error error;
	if (option_form(L)) {
		col_lua_check_options(L, 1, 1, what, names);
		field_point(L, 1, "normal", 1, what, false, &normal);
		d = field_raw_number(L, 1, "d", 1, what);
	} else if (!dual && lua_gettop(L) >= 3 && lua_type(L, 2) != LUA_TNUMBER) {
		col_vec3 p[3];
		read_points(L, 3, p);
		return constructed(L, col_cga_plane_through(p, &m, &error), &m, &error, 0);
	} else {
		read_vector(L, 1, 1, "normal", &normal);
		d = raw_number(L, 2);
		d_arg = 2;
	}
	col_status status =
	    dual ? col_cga_dual_plane(normal, d, &m, &error) : col_cga_plane(normal, d, &m, &error);
	/* The binding has checked the normal's coordinates: a non-finite input is the distance. */
	return constructed(L, status, &m, &error, error.code == COL_ERROR_NOT_FINITE ? d_arg : 1);
}

static int cga_plane(lua_State *L)
{
	return plane_common(L, false);
}
static int cga_dual_plane(lua_State *L)
{
	return plane_common(L, true);
}

/* cga.line(p, q) */
static int cga_line(lua_State *L)
{
	col_vec3 p[2];
	read_points(L, 2, p);
	col_multivector m;
	col_error error;
	return constructed(L, col_cga_line(p[0], p[1], &m, &error), &m, &error, 0);
}

/* cga.pair(p, q) */
static int cga_pair(lua_State *L)
{
	col_vec3 p[2];
	read_points(L, 2, p);
	col_multivector m;
	col_error error;
	return constructed(L, col_cga_point_pair(p[0], p[1], &m, &error), &m, &error, 0);
}

/* cga.circle(p1, p2, p3) / cga.circle{center =, normal =, r =} / cga.circle(center, normal, r) */
static int cga_circle(lua_State *L)
{
	static const char *const names[] = {"center", "normal", "r", "radius", NULL};
	col_vec3 center, normal;
	double radius;
	col_multivector m;
	col_error error;
	if (option_form(L)) {
		col_lua_check_options(L, 1, 1, "circle", names);
		field_point(L, 1, "center", 1, "circle", true, &center);
		field_point(L, 1, "normal", 1, "circle", false, &normal);
		radius = field_radius(L, 1, 1, "circle");
		return constructed(L, col_cga_circle_around(center, normal, radius, &m, &error), &m, &error,
		                   1);
	}
	if (lua_type(L, 3) == LUA_TNUMBER) {
		read_point(L, 1, 1, "center", &center);
		read_vector(L, 2, 2, "normal", &normal);
		radius = raw_number(L, 3);
		col_status status = col_cga_circle_around(center, normal, radius, &m, &error);
		return constructed(L, status, &m, &error, error.code == COL_ERROR_INVALID_ARGUMENT ? 3 : 2);
	}
	col_vec3 p[3];
	read_points(L, 3, p);
	return constructed(L, col_cga_circle(p, &m, &error), &m, &error, 0);
}

/* ---- geometry ---- */

static bool is_flat(col_cga_kind kind)
{
	return kind == COL_CGA_FLAT_POINT || kind == COL_CGA_LINE || kind == COL_CGA_PLANE;
}

static bool is_zero(col_vec3 v)
{
	return v.x == 0.0 && v.y == 0.0 && v.z == 0.0;
}

/* Whether g has a radius: rounds, points, dual spheres (not flats, dual planes or nothing). */
static bool has_radius(const col_cga_geometry *g)
{
	if (g->kind == COL_CGA_NONE || is_flat(g->kind))
		return false;
	return g->kind != COL_CGA_DUAL_ROUND || is_zero(g->direction);
}


/* {kind, center, direction, radius2, radius (when >= 0), distance, weight, points = {p, q}} */
static void push_geometry(lua_State *L, const col_cga_geometry *g)
{
	lua_createtable(L, 0, 8);
	lua_pushstring(L, col_cga_kind_name(g->kind));
	lua_setfield(L, -2, "kind");
	col_lua_set_vec3(L, "center", g->center);
	col_lua_set_vec3(L, "direction", g->direction);
	col_lua_set_number(L, "radius2", g->radius2);
	if (g->radius2 >= 0.0)
		col_lua_set_number(L, "radius", sqrt(g->radius2));
	col_lua_set_number(L, "distance", g->distance);
	col_lua_set_number(L, "weight", g->weight);
	lua_createtable(L, 2, 0);
	col_lua_push_vec3(L, g->points[0]);
	lua_rawseti(L, -2, 1);
	col_lua_push_vec3(L, g->points[1]);
	lua_rawseti(L, -2, 2);
	lua_setfield(L, -2, "points");
}

/* The geometry of the blade at arg, or the engine's message at arg. */
static void check_geometry(lua_State *L, int arg, col_cga_geometry *g)
{
	col_error error;
	if (col_cga_geometry_of(check_mv(L, arg), g, &error) != COL_OK)
		col_lua_arg_fail(L, arg, &error);
}

/* cga.geometry(a) -> the table above */
static int cga_geometry(lua_State *L)
{
	col_cga_geometry g;
	check_geometry(L, 1, &g);
	push_geometry(L, &g);
	return 1;
}

/* cga.euclid(X) -> x, y, z of a point (or flat point) */
static int cga_euclid(lua_State *L)
{
	col_cga_geometry g;
	check_geometry(L, 1, &g);
	if (g.kind != COL_CGA_POINT && g.kind != COL_CGA_FLAT_POINT)
		return luaL_argerror(
		    L, 1, lua_pushfstring(L, "expected a point, got a %s", col_cga_kind_name(g.kind)));
	lua_pushnumber(L, g.center.x);
	lua_pushnumber(L, g.center.y);
	lua_pushnumber(L, g.center.z);
	return 3;
}

/* What center, radius, points and normal read: a meet's common part (false when there is none), or
 * a plain blade's own geometry. */
static bool subject(lua_State *L, int arg, col_cga_geometry *g)
{
	mv_box *box = check_box(L, arg);
	if (box->has_intersection) {
		*g = box->info.common;
		return g->kind != COL_CGA_NONE;
	}
	check_geometry(L, arg, g);
	return true;
}

/* m:center() -> x, y, z, or nil */
static int cga_center(lua_State *L)
{
	col_cga_geometry g;
	if (!subject(L, 1, &g)) {
		lua_pushnil(L);
		return 1;
	}
	lua_pushnumber(L, g.center.x);
	lua_pushnumber(L, g.center.y);
	lua_pushnumber(L, g.center.z);
	return 3;
}

/* m:radius2() -> the signed squared radius (negative: imaginary), or nil for flats and none */
static int cga_radius2(lua_State *L)
{
	col_cga_geometry g;
	if (!subject(L, 1, &g) || !has_radius(&g))
		lua_pushnil(L);
	else
		lua_pushnumber(L, g.radius2);
	return 1;
}

/* m:radius() -> sqrt(radius2), or nil for an imaginary round, flats and none */
static int cga_radius(lua_State *L)
{
	col_cga_geometry g;
	if (!subject(L, 1, &g) || !has_radius(&g) || g.radius2 < 0.0)
		lua_pushnil(L);
	else
		lua_pushnumber(L, sqrt(g.radius2));
	return 1;
}

/* m:points() -> {x, y, z}, {x, y, z} for a real point pair; one {x, y, z} for a point (a tangent
 * point, a flat point); nothing otherwise */
static int cga_points(lua_State *L)
{
	col_cga_geometry g;
	if (!subject(L, 1, &g))
		return 0;
	if (g.kind == COL_CGA_POINT_PAIR && g.radius2 > 0.0) {
		col_lua_push_vec3(L, g.points[0]);
		col_lua_push_vec3(L, g.points[1]);
		return 2;
	}
	if (g.kind == COL_CGA_POINT || g.kind == COL_CGA_FLAT_POINT) {
		col_lua_push_vec3(L, g.center);
		return 1;
	}
	return 0;
}

/* m:normal() -> x, y, z: the unit direction (a pair's axis, a circle's or plane's normal, a line's
 * direction), or nil when it has none */
static int cga_normal(lua_State *L)
{
	col_cga_geometry g;
	if (!subject(L, 1, &g) || is_zero(g.direction)) {
		lua_pushnil(L);
		return 1;
	}
	lua_pushnumber(L, g.direction.x);
	lua_pushnumber(L, g.direction.y);
	lua_pushnumber(L, g.direction.z);
	return 3;
}

/* ---- meet and classification ---- */

static const col_cga_intersection *check_intersection(lua_State *L, int arg)
{
	mv_box *box = check_box(L, arg);
	if (!box->has_intersection)
		luaL_argerror(L, arg,
		              "not a meet (made by cga.meet); classify two objects with cga.classify(a, b)");
	return &box->info;
}

/* Intersects the objects at 1 and 2 into out, or raises the engine's message. */
static void intersect(lua_State *L, col_cga_intersection *out)
{
	const col_multivector *a = check_mv(L, 1), *b = check_mv(L, 2);
	col_error error;
	if (col_cga_intersect(a, b, out, &error) != COL_OK)
		col_lua_fail(L, &error);
}

static void push_meet(lua_State *L, const col_cga_intersection *info)
{
	mv_box *box = push_box(L);
	box->mv = info->meet;
	box->has_intersection = true;
	box->info = *info;
}

/* cga.meet(a, b) -> the meet, which remembers how a and b meet */
static int cga_meet(lua_State *L)
{
	col_cga_intersection info;
	intersect(L, &info);
	push_meet(L, &info);
	return 1;
}

/* {relation, kind_a, kind_b, meet, square, common (or absent), surfaces_meet, solids_meet} */
static void push_intersection(lua_State *L, const col_cga_intersection *info)
{
	lua_createtable(L, 0, 8);
	lua_pushstring(L, col_cga_relation_name(info->relation));
	lua_setfield(L, -2, "relation");
	lua_pushstring(L, col_cga_kind_name(info->kind_a));
	lua_setfield(L, -2, "kind_a");
	lua_pushstring(L, col_cga_kind_name(info->kind_b));
	lua_setfield(L, -2, "kind_b");
	push_meet(L, info);
	lua_setfield(L, -2, "meet");
	col_lua_set_number(L, "square", info->square);
	if (info->common.kind != COL_CGA_NONE) {
		push_geometry(L, &info->common);
		lua_setfield(L, -2, "common");
	}
	lua_pushboolean(L, info->surfaces_meet);
	lua_setfield(L, -2, "surfaces_meet");
	lua_pushboolean(L, info->solids_meet);
	lua_setfield(L, -2, "solids_meet");
}

/* cga.intersect(a, b) -> the table above */
static int cga_intersect(lua_State *L)
{
	col_cga_intersection info;
	intersect(L, &info);
	push_intersection(L, &info);
	return 1;
}

/* cga.classify(a, b) -> relation, the intersect table; cga.classify(m) / m:classify() for a meet
 * -> relation, the kind of the common part ("none" when there is none) */
static int cga_classify(lua_State *L)
{
	if (!lua_isnoneornil(L, 2)) {
		col_cga_intersection info;
		intersect(L, &info);
		lua_pushstring(L, col_cga_relation_name(info.relation));
		push_intersection(L, &info);
		return 2;
	}
	const col_cga_intersection *info = check_intersection(L, 1);
	lua_pushstring(L, col_cga_relation_name(info->relation));
	lua_pushstring(L, col_cga_kind_name(info->common.kind));
	return 2;
}

/* m:common() -> the geometry table of the common part, or nil */
static int cga_common(lua_State *L)
{
	const col_cga_intersection *info = check_intersection(L, 1);
	if (info->common.kind == COL_CGA_NONE)
		lua_pushnil(L);
	else
		push_geometry(L, &info->common);
	return 1;
}

static int cga_surfaces_meet(lua_State *L)
{
	lua_pushboolean(L, check_intersection(L, 1)->surfaces_meet);
	return 1;
}

static int cga_solids_meet(lua_State *L)
{
	lua_pushboolean(L, check_intersection(L, 1)->solids_meet);
	return 1;
}

/* m:is_meet() */
static int cga_is_meet(lua_State *L)
{
	lua_pushboolean(L, check_box(L, 1)->has_intersection);
	return 1;
}

/* ---- versors ---- */

/* cga.translator(v): v as {x, y, z} or x, y, z */
static int cga_translator(lua_State *L)
{
	col_vec3 t;
	if (lua_type(L, 1) == LUA_TNUMBER)
		col_lua_check_point3(L, 1, &t);
	else
		read_vector(L, 1, 1, "translation", &t);
	col_multivector m;
	col_cga_translator(t, &m);
	push_mv(L, &m);
	return 1;
}

/* cga.rotor(axis, angle): a right-handed turn (radians) about axis through the origin */
static int cga_rotor(lua_State *L)
{
	col_vec3 axis;
	read_vector(L, 1, 1, "axis", &axis);
	double angle = col_lua_check_finite(L, 2);
	col_multivector m;
	col_cga_rotor(axis, angle, &m);
	push_mv(L, &m);
	return 1;
}

/* cga.motor(axis, angle [, through [, translation]]) */
static int cga_motor(lua_State *L)
{
	col_vec3 axis;
	read_vector(L, 1, 1, "axis", &axis);
	double angle = col_lua_check_finite(L, 2);
	col_vec3 through = {0.0, 0.0, 0.0};
	if (!lua_isnoneornil(L, 3))
		read_point(L, 3, 3, "through", &through);
	col_vec3 translation = opt_vector(L, 4, "translation");
	col_multivector m;
	col_cga_motor(axis, angle, through, translation, &m);
	push_mv(L, &m);
	return 1;
}

/* cga.dilator(factor [, center]) */
static int cga_dilator(lua_State *L)
{
	double factor = raw_number(L, 1);
	col_vec3 center = {0.0, 0.0, 0.0};
	if (!lua_isnoneornil(L, 2))
		read_point(L, 2, 2, "center", &center);
	col_multivector m;
	col_error error;
	return constructed(L, col_cga_dilator(factor, center, &m, &error), &m, &error, 1);
}

/* cga.apply(V, X) / V:apply(X) */
static int cga_apply(lua_State *L)
{
	const col_multivector *v = check_mv(L, 1), *a = check_mv(L, 2);
	col_multivector m;
	col_error error;
	return constructed(L, col_cga_apply(v, a, &m, &error), &m, &error, 1);
}

/* cga.reflect(plane, X) / plane:reflect(X) */
static int cga_reflect(lua_State *L)
{
	const col_multivector *plane = check_mv(L, 1), *a = check_mv(L, 2);
	col_multivector m;
	col_error error;
	return constructed(L, col_cga_reflect(plane, a, &m, &error), &m, &error, 1);
}

/* ---- registration ---- */

/* close(), __close, __gc: the value is refused afterwards (it owns nothing to free). */
static int mv_close(lua_State *L)
{
	((mv_box *)luaL_checkudata(L, 1, COL_LUA_MULTIVECTOR))->closed = true;
	return 0;
}

static int mv_closed(lua_State *L)
{
	mv_box *box = luaL_testudata(L, 1, COL_LUA_MULTIVECTOR);
	lua_pushboolean(L, box != NULL && box->closed);
	return 1;
}

static const luaL_Reg mv_metamethods[] = {
    {"__add", mv_add},     {"__sub", mv_sub},           {"__unm", mv_unm},
    {"__mul", mv_mul},     {"__div", mv_div},           {"__pow", mv_pow},
    {"__bor", mv_bor},     {"__bnot", mv_bnot},         {"__eq", mv_eq},
    {"__close", mv_close}, {"__gc", mv_close},          {"__closed", mv_closed},
    {"__tostring", mv_tostring}, {NULL, NULL},
};

/* The methods of a multivector (a:f(...) is cga.f(a, ...)). */
static const luaL_Reg mv_methods[] = {
    {"close", mv_close},
    {"gp", cga_gp},
    {"op", cga_op},
    {"lc", cga_lc},
    {"dot", cga_dot},
    {"add", cga_add},
    {"sub", cga_sub},
    {"scale", cga_scale},
    {"reverse", cga_reverse},
    {"involute", cga_involute},
    {"dual", cga_dual},
    {"undual", cga_undual},
    {"grade", cga_grade},
    {"grades", cga_grades},
    {"grade_of", cga_grade_of},
    {"inverse", cga_inverse},
    {"square", cga_square},
    {"norm2", cga_norm2},
    {"norm", cga_norm},
    {"magnitude", cga_magnitude},
    {"coeffs", cga_coeffs},
    {"null_coeffs", cga_null_coeffs},
    {"kind", cga_kind},
    {"geometry", cga_geometry},
    {"euclid", cga_euclid},
    {"center", cga_center},
    {"radius", cga_radius},
    {"radius2", cga_radius2},
    {"points", cga_points},
    {"normal", cga_normal},
    {"meet", cga_meet},
    {"intersect", cga_intersect},
    {"classify", cga_classify},
    {"common", cga_common},
    {"surfaces_meet", cga_surfaces_meet},
    {"solids_meet", cga_solids_meet},
    {"is_meet", cga_is_meet},
    {"apply", cga_apply},
    {"reflect", cga_reflect},
    {NULL, NULL},
};

/* collide.cga: the methods above as functions, and these. */
static const luaL_Reg cga_functions[] = {
    {"multivector", cga_multivector},
    {"from_null_coeffs", cga_from_null_coeffs},
    {"blade_names", cga_blade_names},
    {"is_multivector", cga_is_multivector},
    {"point", cga_point},
    {"sphere", cga_sphere},
    {"dual_sphere", cga_dual_sphere},
    {"plane", cga_plane},
    {"dual_plane", cga_dual_plane},
    {"line", cga_line},
    {"circle", cga_circle},
    {"pair", cga_pair},
    {"translator", cga_translator},
    {"rotor", cga_rotor},
    {"motor", cga_motor},
    {"dilator", cga_dilator},
    {NULL, NULL},
};

static void set_constant(lua_State *L, const char *name, col_multivector m)
{
	push_mv(L, &m);
	lua_setfield(L, -2, name);
}

static col_multivector basis_vector(int i)
{
	col_multivector m = {0};
	m.c[1 << i] = 1.0;
	return m;
}

void col_lua_open_cga(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_MULTIVECTOR, mv_metamethods, false);
	luaL_newlib(L, mv_methods);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);

	luaL_newlib(L, cga_functions);
	luaL_setfuncs(L, mv_methods, 0);
	set_constant(L, "ni", col_cga_ni());
	set_constant(L, "no", col_cga_no());
	set_constant(L, "I", col_cga_pseudoscalar());
	static const char *const vectors[5] = {"e1", "e2", "e3", "e4", "e5"};
	for (int i = 0; i < 5; i++)
		set_constant(L, vectors[i], basis_vector(i));
	col_multivector one = {0};
	one.c[0] = 1.0;
	set_constant(L, "one", one);
	lua_setfield(L, -2, "cga");
}
