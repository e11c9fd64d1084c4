/* Spheres and triangles in 3D, each answer checked against a computation that shares no code with
 * the engine: exact integer or GMP arithmetic where ties matter (touching, coplanar), plain
 * geometry where they do not. */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/shapes3d.h"

#include "support.h"

/* A point of the integer grid [lo, hi]^3. */
static col_vec3 rng_grid(rng *r, int lo, int hi)
{
	return (col_vec3){rng_int(r, lo, hi), rng_int(r, lo, hi), rng_int(r, lo, hi)};
}

/* ---- spheres ---- */

/* Sign of |p - c|^2 - r^2 in exact rationals. */
static int gmp_sphere_side(col_vec3 c, double radius, col_vec3 p)
{
	mpq_t sum, d, t;
	mpq_inits(sum, d, t, NULL);
	double pc[3][2] = {{p.x, c.x}, {p.y, c.y}, {p.z, c.z}};
	for (int k = 0; k < 3; ++k) {
		mpq_set_d(d, pc[k][0]);
		mpq_set_d(t, pc[k][1]);
		mpq_sub(d, d, t);
		mpq_mul(d, d, d);
		mpq_add(sum, sum, d);
	}
	mpq_set_d(t, radius);
	mpq_mul(t, t, t);
	int side = mpq_cmp(sum, t);
	mpq_clears(sum, d, t, NULL);
	return (side > 0) - (side < 0);
}

static void test_sphere_basics(void **state)
{
	(void)state;
	col_error error;
	col_sphere s = {{1, 2, 3}, 2};
	assert_int_equal(col_sphere_validate(s, &error), COL_OK);
	assert_int_equal(col_sphere_validate((col_sphere){{0, 0, 0}, -1}, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_sphere_validate((col_sphere){{0, NAN, 0}, 1}, &error), COL_ERROR_NOT_FINITE);
	assert_int_equal(col_sphere_validate((col_sphere){{0, 0, 0}, INFINITY}, &error),
	                 COL_ERROR_NOT_FINITE);
	assert_int_equal(col_sphere_validate((col_sphere){{0, 0, 0}, 0}, &error), COL_OK);

	assert_true(col_sphere_contains_point(s, (col_vec3){1, 2, 5})); /* on the surface */
	assert_true(col_sphere_contains_point(s, (col_vec3){1, 2, 3}));
	assert_false(col_sphere_contains_point(s, (col_vec3){1, 2, nextafter(5, 6)}));
	assert_true(col_sphere_contains_point((col_sphere){{0, 0, 0}, 0}, (col_vec3){0, 0, 0}));

	/* Touching spheres collide; a hair apart they do not. */
	assert_true(col_sphere_intersects_sphere(s, (col_sphere){{1, 2, 6}, 1}));
	assert_false(col_sphere_intersects_sphere(s, (col_sphere){{1, 2, nextafter(6, 7)}, 1}));
	assert_true(col_sphere_intersects_sphere(s, (col_sphere){{1, 2, 3}, 0.5}));
	assert_true(col_sphere_intersects_sphere(s, (col_sphere){{3, 4, 4}, 1})); /* |d|^2 = 9 = (2+1)^2 */
}

static void test_sphere_random(void **state)
{
	(void)state;
	rng r = rng_make(0x5350484552453344ULL);
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		/* Half on a small grid, where points on the surface and touching spheres are common. */
		bool grid = i % 2 == 0;
		col_sphere a = {grid ? rng_grid(&r, -3, 3) : rng_vec3(&r, -1, 1),
		                grid ? rng_int(&r, 0, 3) : rng_unit(&r)};
		col_vec3 p = grid ? rng_grid(&r, -3, 3) : rng_vec3(&r, -1, 1);
		bool want = gmp_sphere_side(a.center, a.radius, p) <= 0;
		if (col_sphere_contains_point(a, p) != want)
			FAIL_CASE(&r, i, "sphere contains point: want %d", want);
		col_sphere b = {grid ? rng_grid(&r, -3, 3) : rng_vec3(&r, -1, 1),
		                grid ? rng_int(&r, 0, 3) : rng_unit(&r)};
		/* The grid radii sum exactly, so the rational answer is the answer. */
		want = gmp_sphere_side(a.center, a.radius + b.radius, b.center) <= 0;
		if (grid && col_sphere_intersects_sphere(a, b) != want)
			FAIL_CASE(&r, i, "sphere vs sphere: want %d", want);
		if (!grid) {
			double d = col_vec3_distance(a.center, b.center), reach = a.radius + b.radius;
			if (fabs(d - reach) > 1e-12 && col_sphere_intersects_sphere(a, b) != (d < reach))
				FAIL_CASE(&r, i, "sphere vs sphere: distance %.17g, radii %.17g", d, reach);
		}
	}
}

/* ---- triangles: measures and closest points ---- */

static void test_triangle_measures(void **state)
{
	(void)state;
	col_triangle t = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
	col_vec3 n = col_triangle_normal(t);
	assert_true(n.x == 0 && n.y == 0 && n.z == 1);
	assert_true(col_triangle_area(t) == 2.0);
	col_triangle sliver = {{0, 0, 0}, {1, 1, 1}, {3, 3, 3}};
	n = col_triangle_normal(sliver);
	assert_true(n.x == 0 && n.y == 0 && n.z == 0);
	assert_true(col_triangle_is_degenerate(sliver));
	assert_false(col_triangle_is_degenerate(t));
	/* Collinear only up to rounding is not degenerate: the test is exact. */
	assert_false(col_triangle_is_degenerate(
	    (col_triangle){{0, 0, 0}, {0.1, 0.1, 0.1}, {0.3, 0.3, nextafter(0.3, 1)}}));

	/* The regions of Ericson's test: face, each edge, each vertex. */
	struct {
		col_vec3 p, want;
	} cases[] = {
	    {{0.5, 0.5, 3}, {0.5, 0.5, 0}}, {{1, -1, 1}, {1, 0, 0}},
	    {{-1, 1, -1}, {0, 1, 0}},       {{2, 2, 0}, {1, 1, 0}},
	    {{-1, -1, 5}, {0, 0, 0}},       {{3, -1, 0}, {2, 0, 0}},
	    {{-1, 3, 0}, {0, 2, 0}},        {{0.25, 0.25, 0}, {0.25, 0.25, 0}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
		col_vec3 q = col_triangle_closest_point(t, cases[i].p);
		if (col_vec3_distance(q, cases[i].want) > 1e-15)
			fail_msg("case %zu: (%g, %g, %g)", i, q.x, q.y, q.z);
	}
	/* A zero-area triangle is its longest edge. */
	col_vec3 q = col_triangle_closest_point(sliver, (col_vec3){4, 4, 4});
	assert_true(col_vec3_distance(q, (col_vec3){3, 3, 3}) < 1e-15);
	q = col_triangle_closest_point((col_triangle){{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, (col_vec3){0, 0, 0});
	assert_true(q.x == 1 && q.y == 1 && q.z == 1);

	/* Sphere against triangle: touching the face counts. */
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{0.5, 0.5, 1}, 1}));
	assert_false(col_triangle_intersects_sphere(t, (col_sphere){{0.5, 0.5, 1}, 0.999}));
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{-1, 0, 0}, 1}));
}

static col_vec3 segment_nearest(col_vec3 a, col_vec3 b, col_vec3 p)
{
	col_vec3 ab = col_vec3_sub(b, a);
	double s = col_vec3_dot(col_vec3_sub(p, a), ab) / col_vec3_dot(ab, ab);
	s = fmin(1.0, fmax(0.0, s));
	return col_vec3_lerp(a, b, s);
}

/* Independent: drop p onto the plane; if barycentric coordinates say inside, that is it,
 * otherwise the nearest of the three edges. */
static col_vec3 reference_closest(col_triangle t, col_vec3 p)
{
	col_vec3 n = col_vec3_cross(col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.a));
	double n2 = col_vec3_dot(n, n);
	col_vec3 q = col_vec3_sub(p, col_vec3_scale(n, col_vec3_dot(col_vec3_sub(p, t.a), n) / n2));
	double u = col_vec3_dot(col_vec3_cross(col_vec3_sub(t.c, t.b), col_vec3_sub(q, t.b)), n) / n2;
	double v = col_vec3_dot(col_vec3_cross(col_vec3_sub(t.a, t.c), col_vec3_sub(q, t.c)), n) / n2;
	double w = 1.0 - u - v;
	if (u >= 0 && v >= 0 && w >= 0)
		return q;
	col_vec3 best = segment_nearest(t.a, t.b, p);
	col_vec3 e = segment_nearest(t.b, t.c, p);
	if (col_vec3_distance(e, p) < col_vec3_distance(best, p))
		best = e;
	e = segment_nearest(t.c, t.a, p);
	if (col_vec3_distance(e, p) < col_vec3_distance(best, p))
		best = e;
	return best;
}

static void test_closest_point_random(void **state)
{
	(void)state;
	rng r = rng_make(0x434C4F5345535433ULL);
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_triangle t = {rng_vec3(&r, -1, 1), rng_vec3(&r, -1, 1), rng_vec3(&r, -1, 1)};
		if (col_triangle_area(t) < 1e-3)
			continue; /* the reference divides by the area */
		col_vec3 p = rng_vec3(&r, -2, 2);
		col_vec3 got = col_triangle_closest_point(t, p), want = reference_closest(t, p);
		double dg = col_vec3_distance(got, p), dw = col_vec3_distance(want, p);
		if (fabs(dg - dw) > 1e-10 || col_vec3_distance(got, want) > 1e-6)
			FAIL_CASE(&r, i, "closest point at distance %.17g, reference %.17g", dg, dw);
		/* The sphere through the reference point, a little larger and smaller. */
		col_sphere s = {p, dw * (1 + 1e-9)};
		if (!col_triangle_intersects_sphere(t, s))
			FAIL_CASE(&r, i, "sphere of radius %.17g should reach the triangle", s.radius);
		s.radius = dw * (1 - 1e-9);
		if (col_triangle_intersects_sphere(t, s))
			FAIL_CASE(&r, i, "sphere of radius %.17g should miss the triangle", s.radius);
	}
}

/* ---- point on triangle ---- */

static void test_triangle_contains_point(void **state)
{
	(void)state;
	col_triangle t = {{0, 0, 0}, {4, 0, 0}, {0, 4, 4}};
	assert_true(col_triangle_contains_point(t, (col_vec3){1, 1, 1}));
	assert_true(col_triangle_contains_point(t, (col_vec3){2, 0, 0}));      /* on an edge */
	assert_true(col_triangle_contains_point(t, (col_vec3){2, 2, 2}));      /* on the hypotenuse */
	assert_true(col_triangle_contains_point(t, (col_vec3){4, 0, 0}));      /* a vertex */
	assert_false(col_triangle_contains_point(t, (col_vec3){3, 1.5, 1.5})); /* in the plane, outside */
	assert_false(col_triangle_contains_point(t, (col_vec3){1, 1, nextafter(1, 2)})); /* off the plane */
	col_triangle sliver = {{0, 0, 0}, {1, 1, 1}, {3, 3, 3}};
	assert_true(col_triangle_contains_point(sliver, (col_vec3){2, 2, 2}));
	assert_false(col_triangle_contains_point(sliver, (col_vec3){4, 4, 4}));
	assert_false(col_triangle_contains_point(sliver, (col_vec3){2, 2, 2.5}));
}

/* ---- triangle against triangle ---- */

/* Separating-axis reference on small integer coordinates: every product is exact in int64, so it
 * decides touching and coplanar cases without error. Axes: both normals, the nine edge cross
 * products and, for coplanar pairs, each normal crossed with every edge. Needs non-degenerate
 * triangles. */
typedef struct ivec {
	int64_t x, y, z;
} ivec;

static ivec iv(col_vec3 v)
{
	return (ivec){(int64_t)v.x, (int64_t)v.y, (int64_t)v.z};
}
static ivec isub(ivec a, ivec b)
{
	return (ivec){a.x - b.x, a.y - b.y, a.z - b.z};
}
static ivec icross(ivec a, ivec b)
{
	return (ivec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static int64_t idot(ivec a, ivec b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static bool separated_on(ivec axis, const ivec *t, const ivec *u)
{
	int64_t t0 = idot(axis, t[0]), t1 = idot(axis, t[1]), t2 = idot(axis, t[2]);
	int64_t u0 = idot(axis, u[0]), u1 = idot(axis, u[1]), u2 = idot(axis, u[2]);
	int64_t tmin = t0 < t1 ? (t0 < t2 ? t0 : t2) : (t1 < t2 ? t1 : t2);
	int64_t tmax = t0 > t1 ? (t0 > t2 ? t0 : t2) : (t1 > t2 ? t1 : t2);
	int64_t umin = u0 < u1 ? (u0 < u2 ? u0 : u2) : (u1 < u2 ? u1 : u2);
	int64_t umax = u0 > u1 ? (u0 > u2 ? u0 : u2) : (u1 > u2 ? u1 : u2);
	return tmax < umin || umax < tmin;
}

static bool sat_integer(col_triangle a, col_triangle b)
{
	ivec t[3] = {iv(a.a), iv(a.b), iv(a.c)}, u[3] = {iv(b.a), iv(b.b), iv(b.c)};
	ivec et[3] = {isub(t[1], t[0]), isub(t[2], t[1]), isub(t[0], t[2])};
	ivec eu[3] = {isub(u[1], u[0]), isub(u[2], u[1]), isub(u[0], u[2])};
	ivec nt = icross(et[0], et[1]), nu = icross(eu[0], eu[1]);
	if (separated_on(nt, t, u) || separated_on(nu, t, u))
		return false;
	for (int i = 0; i < 3; ++i) {
		for (int j = 0; j < 3; ++j) {
			if (separated_on(icross(et[i], eu[j]), t, u))
				return false;
		}
		if (separated_on(icross(nt, et[i]), t, u) || separated_on(icross(nu, eu[i]), t, u))
			return false;
	}
	return true;
}

/* The same axes in floating point, for generic random triangles where ties do not occur. */
static bool separated_on_float(col_vec3 axis, const col_vec3 *t, const col_vec3 *u)
{
	double tmin = INFINITY, tmax = -INFINITY, umin = INFINITY, umax = -INFINITY;
	for (int k = 0; k < 3; ++k) {
		double a = col_vec3_dot(axis, t[k]), b = col_vec3_dot(axis, u[k]);
		tmin = fmin(tmin, a);
		tmax = fmax(tmax, a);
		umin = fmin(umin, b);
		umax = fmax(umax, b);
	}
	return tmax < umin || umax < tmin;
}

static bool sat_float(col_triangle a, col_triangle b)
{
	col_vec3 t[3] = {a.a, a.b, a.c}, u[3] = {b.a, b.b, b.c};
	col_vec3 et[3] = {col_vec3_sub(t[1], t[0]), col_vec3_sub(t[2], t[1]), col_vec3_sub(t[0], t[2])};
	col_vec3 eu[3] = {col_vec3_sub(u[1], u[0]), col_vec3_sub(u[2], u[1]), col_vec3_sub(u[0], u[2])};
	if (separated_on_float(col_vec3_cross(et[0], et[1]), t, u) ||
	    separated_on_float(col_vec3_cross(eu[0], eu[1]), t, u))
		return false;
	for (int i = 0; i < 3; ++i) {
		for (int j = 0; j < 3; ++j) {
			if (separated_on_float(col_vec3_cross(et[i], eu[j]), t, u))
				return false;
		}
	}
	return true;
}

static bool integer_degenerate(col_triangle t)
{
	ivec a = iv(t.a);
	ivec n = icross(isub(iv(t.b), a), isub(iv(t.c), a));
	return n.x == 0 && n.y == 0 && n.z == 0;
}

static void check_pair(rng *r, int i, col_triangle a, col_triangle b, bool want, const char *class_name)
{
	/* The answer may not depend on the order of the triangles or of their vertices. */
	bool got[4] = {
	    col_triangle_intersects_triangle(a, b),
	    col_triangle_intersects_triangle(b, a),
	    col_triangle_intersects_triangle((col_triangle){a.b, a.c, a.a}, (col_triangle){b.c, b.b, b.a}),
	    col_triangle_intersects_triangle((col_triangle){b.c, b.a, b.b}, (col_triangle){a.a, a.c, a.b}),
	};
	for (int k = 0; k < 4; ++k) {
		if (got[k] != want)
			FAIL_CASE(r, i,
			          "%s: (%g %g %g | %g %g %g | %g %g %g) vs (%g %g %g | %g %g %g | %g %g %g): "
			          "want %d (variant %d)",
			          class_name, a.a.x, a.a.y, a.a.z, a.b.x, a.b.y, a.b.z, a.c.x, a.c.y, a.c.z,
			          b.a.x, b.a.y, b.a.z, b.b.x, b.b.y, b.b.z, b.c.x, b.c.y, b.c.z, want, k);
	}
}

static void test_triangle_pairs_generic(void **state)
{
	(void)state;
	rng r = rng_make(0x5452495452493031ULL);
	int hits = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_triangle a = {rng_vec3(&r, -1, 1), rng_vec3(&r, -1, 1), rng_vec3(&r, -1, 1)};
		col_vec3 shift = rng_vec3(&r, -0.7, 0.7);
		col_triangle b = {col_vec3_add(shift, rng_vec3(&r, -1, 1)),
		                  col_vec3_add(shift, rng_vec3(&r, -1, 1)),
		                  col_vec3_add(shift, rng_vec3(&r, -1, 1))};
		bool want = sat_float(a, b);
		hits += want;
		check_pair(&r, i, a, b, want, "generic");
	}
	/* Both answers must be well represented, or the class tests little. */
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 && hits < COLLIDE_RANDOM_CASES * 9 / 10);
}

/* Small integer coordinates: shared vertices, vertices on edges and faces, touching edges. */
static void test_triangle_pairs_grid(void **state)
{
	(void)state;
	rng r = rng_make(0x5452495452493032ULL);
	int hits = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_triangle a, b;
		do
			a = (col_triangle){rng_grid(&r, -2, 2), rng_grid(&r, -2, 2), rng_grid(&r, -2, 2)};
		while (integer_degenerate(a));
		do
			b = (col_triangle){rng_grid(&r, -2, 2), rng_grid(&r, -2, 2), rng_grid(&r, -2, 2)};
		while (integer_degenerate(b));
		bool want = sat_integer(a, b);
		hits += want;
		check_pair(&r, i, a, b, want, "grid");
	}
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 && hits < COLLIDE_RANDOM_CASES * 9 / 10);
}

/* Both triangles in one plane: z = 0, or the tilted plane z = x + 2y - 1 (integer points). */
static void test_triangle_pairs_coplanar(void **state)
{
	(void)state;
	rng r = rng_make(0x5452495452493033ULL);
	int hits = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		bool tilted = i % 2 == 1;
		col_vec3 p[6];
		col_triangle a, b;
		do {
			for (int k = 0; k < 6; ++k) {
				double x = rng_int(&r, -3, 3), y = rng_int(&r, -3, 3);
				p[k] = (col_vec3){x, y, tilted ? x + 2 * y - 1 : 0};
			}
			a = (col_triangle){p[0], p[1], p[2]};
			b = (col_triangle){p[3], p[4], p[5]};
		} while (integer_degenerate(a) || integer_degenerate(b));
		bool want = sat_integer(a, b);
		hits += want;
		check_pair(&r, i, a, b, want, tilted ? "coplanar tilted" : "coplanar z=0");
	}
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 && hits < COLLIDE_RANDOM_CASES * 9 / 10);
}

/* Parallel planes one unit apart never meet; the same triangles moved into one plane do. */
static void test_triangle_pairs_parallel(void **state)
{
	(void)state;
	rng r = rng_make(0x5452495452493034ULL);
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 10; ++i) {
		col_triangle a = {rng_grid(&r, -3, 3), rng_grid(&r, -3, 3), rng_grid(&r, -3, 3)};
		if (integer_degenerate(a))
			continue;
		col_vec3 n = col_vec3_cross(col_vec3_sub(a.b, a.a), col_vec3_sub(a.c, a.a));
		col_triangle b = {col_vec3_add(a.a, n), col_vec3_add(a.b, n), col_vec3_add(a.c, n)};
		check_pair(&r, i, a, b, false, "parallel");
		check_pair(&r, i, a, a, true, "identical");
	}
}

static void test_triangle_pairs_hand_made(void **state)
{
	(void)state;
	col_triangle t = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
	struct {
		col_triangle u;
		bool want;
		const char *what;
	} cases[] = {
	    {{{0, 0, 0}, {-1, 0, 1}, {0, -1, 1}}, true, "shared vertex only"},
	    {{{0, 0, 0}, {2, 0, 0}, {1, -1, 1}}, true, "shared edge"},
	    {{{0.5, 0.5, 0}, {0.5, 0.5, 1}, {1, 1.5, 1}}, true, "vertex on the face"},
	    {{{0.5, 0.5, 0.25}, {0.5, 0.5, 1}, {1, 1.5, 1}}, false, "vertex just above the face"},
	    {{{1, 0, 0}, {1, -1, 1}, {1, -1, -1}}, true, "vertex on an edge"},
	    {{{1, 1, -1}, {1, 1, 1}, {3, 3, 0}}, true, "edge through the hypotenuse"},
	    {{{1, 1.0000001, -1}, {1, 1.0000001, 1}, {3, 3, 0}}, false, "edge just past the hypotenuse"},
	    {{{-1, 1, 0}, {1, -1, 0}, {-1, -1, 0}}, true, "coplanar, overlapping"},
	    {{{0.1, 0.1, 0}, {0.5, 0.1, 0}, {0.1, 0.5, 0}}, true, "coplanar, inside"},
	    {{{-1, -1, 0}, {5, -1, 0}, {-1, 5, 0}}, true, "coplanar, containing"},
	    {{{2, 0, 0}, {3, 0, 0}, {3, 1, 0}}, true, "coplanar, vertex to vertex"},
	    {{{1, 1, 0}, {3, 1, 0}, {1, 3, 0}}, true, "coplanar, vertex on the hypotenuse"},
	    {{{1.5, 1, 0}, {3, 1, 0}, {1.5, 3, 0}}, false, "coplanar, apart"},
	    {{{0, -1, 0}, {2, -1, 0}, {1, -3, 0}}, false, "coplanar, parallel edges apart"},
	    {{{0, 0, 1}, {2, 0, 1}, {0, 2, 1}}, false, "parallel planes"},
	    {{{5, 5, -1}, {5, 5, 1}, {6, 6, 0}}, false, "far away"},
	    {{{1, 1, 0}, {1, 1, 0.5}, {1, 1, 2}}, true, "zero-area sliver ending on the hypotenuse"},
	    {{{0.5, 0.5, 1}, {0.5, 0.5, 2}, {0.5, 0.5, 3}}, false, "zero-area sliver above"},
	    {{{0.5, 0.5, 0}, {0.5, 0.5, 0}, {0.5, 0.5, 0}}, true, "a single point on the face"},
	    {{{-1, 1, 0}, {3, 1, 0}, {1, 1, 0}}, true, "coplanar segment across"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
		bool a = col_triangle_intersects_triangle(t, cases[i].u),
		     b = col_triangle_intersects_triangle(cases[i].u, t);
		if (a != cases[i].want || b != cases[i].want)
			fail_msg("%s: got %d / %d, want %d", cases[i].what, a, b, cases[i].want);
	}
	/* Two slivers crossing, and two collinear slivers overlapping or not. */
	col_triangle s1 = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, s2 = {{2, 0, 0}, {1, 1, 1}, {0, 2, 2}};
	assert_true(col_triangle_intersects_triangle(s1, s2));
	col_triangle s3 = {{3, 3, 3}, {4, 4, 4}, {5, 5, 5}}, s4 = {{2, 2, 2}, {4, 4, 4}, {5, 5, 5}};
	assert_false(col_triangle_intersects_triangle(s1, s3));
	assert_true(col_triangle_intersects_triangle(s1, s4));
}

/* Spheres tangent to the triangle (0,0,0), (40,-30,0), (0,0,50) in the plane 3x + 4y = 0 at dyadic
 * points of its interior: the centre lies 5k along the unit normal (3, 4, 0) / 5, so the distance
 * is exactly the radius 5k. Every one touches; one ulp smaller, every one is apart. (A rounded
 * closest point missed 15% of them.) */
static void test_triangle_sphere_tangent(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x54414E47454E5421ULL));
	col_triangle t = {{0, 0, 0}, {40, -30, 0}, {0, 0, 50}};
	int cases = 0;
	for (int i = 0; cases < COLLIDE_RANDOM_CASES; ++i) {
		double u = rng_int(&r, 1, 1000) / 128.0, z = rng_int(&r, 1, 1000) / 128.0;
		double k = rng_int(&r, 1, 1000) / 64.0 * (rng_coin(&r) ? 1 : -1);
		if (5 * u + z >= 50)
			continue; /* outside the triangle: (5u, z) must lie under the hypotenuse */
		cases++;
		col_vec3 p = {4 * u, -3 * u, z}; /* on the face */
		col_sphere s = {{p.x + 3 * k, p.y + 4 * k, p.z}, 5 * fabs(k)};
		if (!col_triangle_intersects_sphere(t, s))
			FAIL_CASE(&r, i, "sphere at (%a, %a, %a) radius %a is tangent but reported apart",
			          s.center.x, s.center.y, s.center.z, s.radius);
		s.radius = nextafter(s.radius, 0);
		if (col_triangle_intersects_sphere(t, s))
			FAIL_CASE(&r, i, "sphere at (%a, %a, %a) radius %a is one ulp short but touches",
			          s.center.x, s.center.y, s.center.z, s.radius);
	}
}

/* Tangent at an edge's interior, at a vertex, and against a zero-area triangle. */
static void test_triangle_sphere_edges_and_vertices(void **state)
{
	(void)state;
	col_triangle t = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
	/* the edge ab from below-outside: centre (1, -3, 4), distance to the x axis 5 */
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{1, -3, 4}, 5}));
	assert_false(col_triangle_intersects_sphere(t, (col_sphere){{1, -3, 4}, nextafter(5, 0)}));
	/* the hypotenuse bc (x + y = 4): centre (3, 3, 0) at distance sqrt(2) from (2, 2, 0); a
	 * rounded sqrt(2) lies above the true one */
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{3, 3, 0}, sqrt(2.0)}));
	assert_false(col_triangle_intersects_sphere(t, (col_sphere){{3, 3, 0}, 1.4142135623730949}));
	/* the vertex c from beyond: centre (0, 7, 4) at distance 5 */
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{0, 7, 4}, 5}));
	assert_false(col_triangle_intersects_sphere(t, (col_sphere){{0, 7, 4}, nextafter(5, 0)}));
	/* a point sphere on the face, on an edge, at a vertex */
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{1, 1, 0}, 0}));
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{2, 2, 0}, 0}));
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){{4, 0, 0}, 0}));
	assert_false(col_triangle_intersects_sphere(t, (col_sphere){{2, 2, 0x1p-60}, 0}));
	/* a zero-area triangle is its segment: nothing of a face above its middle */
	col_triangle flat = {{0, 0, 0}, {2, 0, 0}, {4, 0, 0}};
	assert_true(col_triangle_intersects_sphere(flat, (col_sphere){{3, 3, 4}, 5}));
	assert_false(col_triangle_intersects_sphere(flat, (col_sphere){{3, 3, 4}, nextafter(5, 0)}));
	col_triangle dot = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
	assert_true(col_triangle_intersects_sphere(dot, (col_sphere){{1, 4, 5}, 5}));
	assert_false(col_triangle_intersects_sphere(dot, (col_sphere){{1, 4, 5}, nextafter(5, 0)}));
}

/* A NaN or infinite coordinate, or a NaN, infinite or negative radius, is nowhere: every test
 * says false (a NaN's predicate sign reads as 0, which would have meant "touching"). */
static void test_not_finite_is_nowhere(void **state)
{
	(void)state;
	col_vec3 o = {0, 0, 0}, nan3 = {NAN, 0, 0}, inf3 = {0, INFINITY, 0};
	col_triangle t = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
	double bad_radii[] = {NAN, INFINITY, -1.0};
	for (int i = 0; i < 3; ++i) {
		col_sphere s = {o, bad_radii[i]};
		assert_false(col_sphere_contains_point(s, o));
		assert_false(col_sphere_intersects_sphere(s, (col_sphere){o, 1}));
		assert_false(col_sphere_intersects_sphere((col_sphere){o, 1}, s));
		assert_false(col_triangle_intersects_sphere(t, s));
	}
	col_vec3 bad_points[] = {nan3, inf3};
	for (int i = 0; i < 2; ++i) {
		col_vec3 b = bad_points[i];
		assert_false(col_sphere_contains_point((col_sphere){o, 1}, b));
		assert_false(col_sphere_contains_point((col_sphere){b, 1}, o));
		assert_false(col_sphere_intersects_sphere((col_sphere){b, 1}, (col_sphere){o, 1}));
		assert_false(col_triangle_intersects_sphere(t, (col_sphere){b, 1}));
		assert_false(col_triangle_intersects_sphere((col_triangle){b, t.b, t.c}, (col_sphere){o, 1}));
		assert_false(col_triangle_contains_point(t, b));
		assert_false(col_triangle_contains_point((col_triangle){t.a, b, t.c}, o));
		assert_false(col_triangle_intersects_triangle(t, (col_triangle){o, b, t.c}));
	}
	/* the same shapes with finite values still answer */
	assert_true(col_triangle_contains_point(t, o));
	assert_true(col_triangle_intersects_sphere(t, (col_sphere){o, 0}));
}

/* A contact's promises: a point of both triangles, a unit normal, a depth >= 0, and moving u by a
 * hair more than depth along normal parts them. */
static void check_contact(rng *r, int i, col_triangle t, col_triangle u, const char *class_name)
{
	col_contact3 c;
	bool met = col_triangle_contact(t, u, &c);
	if (met != col_triangle_intersects_triangle(t, u))
		FAIL_CASE(r, i, "%s: contact %d disagrees with the test", class_name, met);
	if (!met)
		return;
	double scale = 1.0 + fmax(col_vec3_length(t.a), fmax(col_vec3_length(t.b), col_vec3_length(t.c)));
	double off_t = col_vec3_distance(c.point, col_triangle_closest_point(t, c.point));
	double off_u = col_vec3_distance(c.point, col_triangle_closest_point(u, c.point));
	if (off_t > 1e-9 * scale || off_u > 1e-9 * scale)
		FAIL_CASE(r, i, "%s: contact point off the triangles by %g and %g", class_name, off_t, off_u);
	if (fabs(col_vec3_length(c.normal) - 1.0) > 1e-12 || !(c.depth >= 0.0) || !isfinite(c.depth))
		FAIL_CASE(r, i, "%s: normal length %g, depth %g", class_name, col_vec3_length(c.normal), c.depth);
	col_vec3 shift = col_vec3_scale(c.normal, c.depth + 1e-9 * scale);
	col_triangle moved = {col_vec3_add(u.a, shift), col_vec3_add(u.b, shift), col_vec3_add(u.c, shift)};
	if (col_triangle_intersects_triangle(t, moved))
		FAIL_CASE(r, i, "%s: still meeting after the move by depth %g", class_name, c.depth);
}

static void test_triangle_contact(void **state)
{
	(void)state;
	rng r = rng_make(0x434F4E5441435431ULL);
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_triangle t = {rng_vec3(&r, -1, 1), rng_vec3(&r, -1, 1), rng_vec3(&r, -1, 1)};
		col_vec3 shift = rng_vec3(&r, -0.7, 0.7);
		col_triangle u = {col_vec3_add(shift, rng_vec3(&r, -1, 1)), col_vec3_add(shift, rng_vec3(&r, -1, 1)),
		                  col_vec3_add(shift, rng_vec3(&r, -1, 1))};
		check_contact(&r, i, t, u, "generic");
		/* Small integers: shared vertices and edges, coplanar pairs, zero-area triangles. */
		col_triangle gt = {rng_grid(&r, -2, 2), rng_grid(&r, -2, 2), rng_grid(&r, -2, 2)};
		col_triangle gu = {rng_grid(&r, -2, 2), rng_grid(&r, -2, 2), rng_grid(&r, -2, 2)};
		if (i % 2 == 0)
			gu.a.z = gu.b.z = gu.c.z = gt.a.z = gt.b.z = gt.c.z = 0.0;
		check_contact(&r, i, gt, gu, i % 2 == 0 ? "coplanar grid" : "grid");
	}
	assert_false(col_triangle_contact((col_triangle){{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
	                                  (col_triangle){{0, 0, 1}, {1, 0, 1}, {0, 1, 1}}, NULL));
	/* A wide face (z = 1, facing up) with a vertical triangle poking 0.1 through its middle: out
	 * upwards by 0.1. */
	col_contact3 c;
	assert_true(col_triangle_contact((col_triangle){{-10, -10, 1}, {10, -10, 1}, {0, 10, 1}},
	                                 (col_triangle){{0, -1, 0.9}, {0, 1, 0.9}, {0, 0, 3}}, &c));
	assert_true(fabs(c.depth - 0.1) < 1e-12 && fabs(c.normal.z - 1.0) < 1e-12);
	assert_true(fabs(c.point.x) < 1e-12 && fabs(c.point.z - 1.0) < 1e-12 && fabs(c.point.y) < 1e-12);
	/* Near a corner of the face the triangles part sideways sooner, over the corner's diagonal
	 * edge: the two triangles' own way out, shorter than the solids' (why mesh contacts take their
	 * depth from vertices). */
	assert_true(col_triangle_contact((col_triangle){{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}},
	                                 (col_triangle){{-0.7, -0.8, 0.9}, {-0.7, -0.8, 2.9}, {-0.7, 1.2, 2.9}}, &c));
	assert_true(fabs(c.depth - 0.1 / sqrt(2.0)) < 1e-12 && fabs(c.normal.x + c.normal.y) < 1e-12);
	/* Coplanar, facing each other: touching, depth 0. */
	assert_true(col_triangle_contact((col_triangle){{0, 0, 0}, {2, 0, 0}, {0, 2, 0}},
	                                 (col_triangle){{0, 0, 0}, {0, 2, 0}, {2, 0, 0}}, &c));
	assert_true(c.depth == 0.0 && c.point.z == 0.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sphere_basics),
	    cmocka_unit_test(test_sphere_random),
	    cmocka_unit_test(test_triangle_measures),
	    cmocka_unit_test(test_closest_point_random),
	    cmocka_unit_test(test_triangle_contains_point),
	    cmocka_unit_test(test_triangle_pairs_generic),
	    cmocka_unit_test(test_triangle_pairs_grid),
	    cmocka_unit_test(test_triangle_pairs_coplanar),
	    cmocka_unit_test(test_triangle_pairs_parallel),
	    cmocka_unit_test(test_triangle_pairs_hand_made),
	    cmocka_unit_test(test_triangle_sphere_tangent),
	    cmocka_unit_test(test_triangle_sphere_edges_and_vertices),
	    cmocka_unit_test(test_not_finite_is_nowhere),
	    cmocka_unit_test(test_triangle_contact),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
