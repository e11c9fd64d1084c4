/* Conformal geometric algebra (cga.h): source 003's algebra, meet and versor values
 * (docs/sources.md), the products against a reference that builds each blade product from lists of
 * basis vectors (no bit tricks, no table), the compact forms against the full multivector path, and
 * the classification against Euclidean geometry on random cases. Those values use the source's
 * points, twice ours (Dorst normalisation, X . ni = -1): a blade of k points is 2^k smaller here. */
#include <stdio.h>
#include <string.h>

#include "collide/cga.h"
#include "support.h"

/* ---- helpers ---- */

static col_multivector blade(int k, double x)
{
	col_multivector m = {0};
	m.c[k] = x;
	return m;
}

static col_multivector point(double x, double y, double z)
{
	col_multivector m;
	col_error e;
	check_ok(col_cga_point((col_vec3){x, y, z}, &m, &e), &e);
	return m;
}

static col_multivector gp(col_multivector a, col_multivector b)
{
	col_multivector r;
	col_cga_geometric_product(&a, &b, &r);
	return r;
}

static col_multivector op(col_multivector a, col_multivector b)
{
	col_multivector r;
	col_cga_outer_product(&a, &b, &r);
	return r;
}

static double dot(col_multivector a, col_multivector b) { return col_cga_scalar_product(&a, &b); }

static double max_difference(const col_multivector *a, const col_multivector *b)
{
	double m = 0.0;
	for (int i = 0; i < COL_CGA_BLADES; i++)
		m = fmax(m, fabs(a->c[i] - b->c[i]));
	return m;
}

#define assert_mv_near(a, b, tol)                                                                            \
	do {                                                                                                 \
		col_multivector a_ = (a), b_ = (b);                                                          \
		double d_ = max_difference(&a_, &b_);                                                        \
		if (!(d_ <= (tol))) {                                                                        \
			char ta[512], tb[512];                                                               \
			col_cga_format(&a_, ta, sizeof ta);                                                  \
			col_cga_format(&b_, tb, sizeof tb);                                                  \
			fail_msg("%s\n  != %s (difference %g)", ta, tb, d_);                                 \
		}                                                                                            \
	} while (0)

static col_vec3 position(const col_multivector *x)
{
	col_cga_geometry g;
	col_error e;
	check_ok(col_cga_geometry_of(x, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_POINT);
	return g.center;
}

static void assert_vec_near(col_vec3 a, col_vec3 b, double tol)
{
	if (!(col_vec3_distance(a, b) <= tol))
		fail_msg("(%.15g, %.15g, %.15g) != (%.15g, %.15g, %.15g)", a.x, a.y, a.z, b.x, b.y, b.z);
}

/* ---- the reference product: lists of basis vectors, sorted by adjacent swaps ---- */

/* The product of basis blades a and b written as the list of a's vectors then b's, brought into
 * increasing order one adjacent swap at a time (each swap of distinct vectors flips the sign), and
 * equal neighbours cancelled with their square (+1, or -1 for e5). */
static double reference_blade_product(int a, int b, int *result)
{
	int list[10], n = 0;
	for (int i = 0; i < 5; i++)
		if (a & (1 << i))
			list[n++] = i;
	for (int i = 0; i < 5; i++)
		if (b & (1 << i))
			list[n++] = i;
	double sign = 1.0;
	for (bool swapped = true; swapped;) {
		swapped = false;
		for (int i = 0; i + 1 < n; i++)
			if (list[i] > list[i + 1]) {
				int t = list[i];
				list[i] = list[i + 1];
				list[i + 1] = t;
				sign = -sign;
				swapped = true;
			}
	}
	int mask = 0;
	for (int i = 0; i < n;) {
		if (i + 1 < n && list[i] == list[i + 1]) {
			sign *= list[i] == 4 ? -1.0 : 1.0;
			i += 2;
		} else
			mask |= 1 << list[i++];
	}
	*result = mask;
	return sign;
}

/* grade_rule 0: geometric; 1: outer (grade r + s part); 2: left contraction (grade s - r part). */
static void reference_product(const col_multivector *a, const col_multivector *b, int grade_rule, col_multivector *out)
{
	*out = (col_multivector){0};
	for (int i = 0; i < 32; i++)
		for (int j = 0; j < 32; j++) {
			int k;
			double s = reference_blade_product(i, j, &k);
			int gi = col_cga_blade_grade(i), gj = col_cga_blade_grade(j), gk = col_cga_blade_grade(k);
			if (grade_rule == 1 && gk != gi + gj)
				continue;
			if (grade_rule == 2 && gk != gj - gi)
				continue;
			out->c[k] += s * a->c[i] * b->c[j];
		}
}

static col_multivector random_multivector(rng *r)
{
	col_multivector m;
	for (int i = 0; i < 32; i++)
		m.c[i] = rng_coin(r) ? rng_in(r, -2, 2) : 0.0;
	return m;
}

static void test_products_match_reference(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xc6a1));
	for (int i = 0; i < 2000; i++) {
		col_multivector a = random_multivector(&r), b = random_multivector(&r), got, want;
		col_cga_geometric_product(&a, &b, &got);
		reference_product(&a, &b, 0, &want);
		if (max_difference(&got, &want) > 1e-12)
			FAIL_CASE(&r, i, "geometric product differs from the reference by %g", max_difference(&got, &want));
		col_cga_outer_product(&a, &b, &got);
		reference_product(&a, &b, 1, &want);
		if (max_difference(&got, &want) > 1e-12)
			FAIL_CASE(&r, i, "outer product differs by %g", max_difference(&got, &want));
		col_cga_left_contraction(&a, &b, &got);
		reference_product(&a, &b, 2, &want);
		if (max_difference(&got, &want) > 1e-12)
			FAIL_CASE(&r, i, "left contraction differs by %g", max_difference(&got, &want));
		col_multivector ab;
		col_cga_geometric_product(&a, &b, &ab);
		if (fabs(col_cga_scalar_product(&a, &b) - ab.c[0]) > 1e-12)
			FAIL_CASE(&r, i, "scalar product is not <ab>_0");
	}
}

/* a . b = (ab + ba)/2 and a ^ b = (ab - ba)/2 for vectors; reverse signs + + - - + + by grade;
 * (ab)~ = ~b ~a; the dual and undual are inverse. */
static void test_vector_identities(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xc6a2));
	for (int i = 0; i < 1000; i++) {
		col_multivector a = {0}, b = {0};
		for (int k = 0; k < 5; k++) {
			a.c[1 << k] = rng_in(&r, -3, 3);
			b.c[1 << k] = rng_in(&r, -3, 3);
		}
		col_multivector ab = gp(a, b), ba = gp(b, a), sym, anti, wedge = op(a, b), inner;
		col_cga_add(&ab, &ba, &sym);
		col_cga_scale(&sym, 0.5, &sym);
		col_cga_subtract(&ab, &ba, &anti);
		col_cga_scale(&anti, 0.5, &anti);
		col_cga_left_contraction(&a, &b, &inner);
		assert_mv_near(sym, inner, 1e-12);
		assert_mv_near(anti, wedge, 1e-12);
		col_multivector x = random_multivector(&r), y = random_multivector(&r), xy = gp(x, y), lhs, rx, ry, rhs;
		col_cga_reverse(&xy, &lhs);
		col_cga_reverse(&x, &rx);
		col_cga_reverse(&y, &ry);
		rhs = gp(ry, rx);
		assert_mv_near(lhs, rhs, 1e-11);
		col_multivector d, back;
		col_cga_dual(&x, &d);
		col_cga_undual(&d, &back);
		assert_mv_near(back, x, 0.0);
	}
	const double signs[6] = {1, 1, -1, -1, 1, 1};
	for (int k = 0; k < 32; k++) {
		col_multivector b = blade(k, 1.0), rev;
		col_cga_reverse(&b, &rev);
		assert_true(rev.c[k] == signs[col_cga_blade_grade(k)]);
	}
}

/* Source 003's algebra values 1-4 and 6 (docs/sources.md). */
static void test_algebra_core(void **state)
{
	(void)state;
	col_multivector I = col_cga_pseudoscalar(), ni = col_cga_ni(), no = col_cga_no();
	assert_true(col_cga_square(&I) == -1.0);
	assert_true(col_cga_square(&ni) == 0.0);
	assert_true(col_cga_square(&no) == 0.0);
	assert_true(dot(ni, no) == -1.0);
	col_multivector nbar;
	col_cga_scale(&no, -2.0, &nbar); /* the source's origin */
	assert_true(dot(ni, nbar) == 2.0);
	/* n nbar = 2 - 2 e4 e5 */
	col_multivector n_nbar = gp(ni, nbar), want = {0};
	want.c[0] = 2.0;
	want.c[24] = -2.0;
	assert_mv_near(n_nbar, want, 0.0);
	col_multivector e45 = blade(24, 1.0);
	assert_true(col_cga_square(&e45) == 1.0);
	/* I commutes with everything: 5 is odd. */
	col_multivector e1 = blade(1, 1.0), e12 = blade(3, 1.0);
	assert_mv_near(gp(I, e1), gp(e1, I), 0.0);
	assert_mv_near(gp(I, e12), gp(e12, I), 0.0);

	/* point(1, 0, 2): the source's 2e1 + 4e3 + 4e + 6e-bar, halved. */
	col_multivector x = point(1, 0, 2);
	col_multivector expected = {0};
	expected.c[1] = 1.0;
	expected.c[4] = 2.0;
	expected.c[8] = 2.0;
	expected.c[16] = 3.0;
	assert_mv_near(x, expected, 0.0);
	assert_true(col_cga_square(&x) == 0.0);
	assert_true(dot(x, ni) == -1.0);
	assert_true(dot(x, nbar) == 5.0); /* the source's 10, halved */
	/* X . Y = -|x - y|^2 / 2: -5.5 here (the source's -22 with its doubled points). */
	assert_true(dot(point(1, 0, 2), point(0, 3, 1)) == -5.5);

	/* The line through (1,1,0) and (1,0,0): the source's -4e12e - 4e12e-bar - 4e2ee-bar, over 4. */
	col_multivector line;
	col_error e;
	check_ok(col_cga_line((col_vec3){1, 1, 0}, (col_vec3){1, 0, 0}, &line, &e), &e);
	col_multivector line_want = {0};
	line_want.c[3 | 8] = -1.0;
	line_want.c[3 | 16] = -1.0;
	line_want.c[2 | 24] = -1.0;
	assert_mv_near(line, line_want, 0.0);
	col_multivector on = op(line, point(1, -1, 0)), off = op(line, point(0, 2, 0));
	assert_true(col_cga_magnitude(&on) == 0.0);
	assert_mv_near(off, blade(1 | 2 | 8 | 16, -1.0), 0.0); /* the source's -8 e12ee-bar, over 8 */
	/* The line also equals its outer product of points. */
	col_multivector built = op(op(point(1, 1, 0), point(1, 0, 0)), ni);
	assert_mv_near(built, line, 0.0);

	/* The plane through a, b, c: its dual is (b - a) x (c - a) + det(a, b, c) ni (the source's 56,
	 * 26, 44, 130 over 8). */
	col_vec3 p[3] = {{1, 2, 0.5}, {-0.5, 1, 3}, {2, -1, 1}};
	col_multivector plane, dual;
	check_ok(col_cga_plane_through(p, &plane, &e), &e);
	col_cga_dual(&plane, &dual);
	col_multivector dual_want = {0};
	dual_want.c[1] = 7.0;
	dual_want.c[2] = 3.25;
	dual_want.c[4] = 5.5;
	dual_want.c[8] = 16.25;
	dual_want.c[16] = 16.25;
	assert_mv_near(dual, dual_want, 1e-14);

	/* Erratum 8: a Euclidean bivector's inverse is B / B^2 = -B / |B|^2. */
	col_multivector inverse;
	check_ok(col_cga_inverse(&e12, &inverse, &e), &e);
	assert_mv_near(inverse, blade(3, -1.0), 0.0);
	assert_int_equal(col_cga_inverse(&ni, &inverse, &e), COL_ERROR_DEGENERATE);
	col_multivector one_plus = {0};
	one_plus.c[0] = 1.0;
	one_plus.c[8] = 1.0; /* (1 + e4)(1 - e4) = 0 */
	assert_int_equal(col_cga_inverse(&one_plus, &inverse, &e), COL_ERROR_DEGENERATE);
}

/* Inverses of random multivectors (the general solve) and of versors (the quick path). */
static void test_inverse(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xc6a3));
	col_multivector one = blade(0, 1.0);
	for (int i = 0; i < 200; i++) {
		col_multivector a = random_multivector(&r), inverse;
		col_error e;
		if (col_cga_inverse(&a, &inverse, &e) != COL_OK)
			continue; /* a random multivector may be singular */
		assert_mv_near(gp(a, inverse), one, 1e-8);
		assert_mv_near(gp(inverse, a), one, 1e-8);
	}
	col_multivector m;
	col_cga_motor((col_vec3){1, 2, 3}, 0.7, (col_vec3){0.5, -1, 2}, (col_vec3){3, 0, 1}, &m);
	col_multivector inverse, reversed;
	col_error e;
	check_ok(col_cga_inverse(&m, &inverse, &e), &e);
	col_cga_reverse(&m, &reversed);
	assert_mv_near(inverse, reversed, 1e-14);
}

static void test_format(void **state)
{
	(void)state;
	char text[256];
	col_multivector x = point(1, 2, 3);
	col_cga_format(&x, text, sizeof text);
	assert_string_equal(text, "e1 + 2 e2 + 3 e3 + no + 7 ni");
	col_multivector line;
	col_error e;
	check_ok(col_cga_line((col_vec3){1, 1, 0}, (col_vec3){1, 0, 0}, &line, &e), &e);
	col_cga_format(&line, text, sizeof text);
	assert_string_equal(text, "-e12^ni + e2^no^ni");
	col_multivector zero = {0};
	col_cga_format(&zero, text, sizeof text);
	assert_string_equal(text, "0");
	/* Truncated, terminated, and the full length returned. */
	char small[6];
	size_t need = col_cga_format(&x, small, sizeof small);
	assert_int_equal(need, strlen("e1 + 2 e2 + 3 e3 + no + 7 ni"));
	assert_string_equal(small, "e1 + ");
	/* The null basis round trip. */
	rng r = rng_make(1);
	col_multivector a = random_multivector(&r), back;
	double null[32];
	col_cga_to_null_basis(&a, null);
	col_cga_from_null_basis(null, &back);
	assert_mv_near(back, a, 1e-15);
}

/* ---- constructors and kinds ---- */

static void test_constructors(void **state)
{
	(void)state;
	col_error e;
	col_multivector m;
	col_cga_geometry g;
	/* Sphere from the four points c +- r axes, c = (1,2,3), r = 2 (source 003's versor values). */
	col_vec3 four[4] = {{3, 2, 3}, {1, 4, 3}, {1, 2, 5}, {-1, 2, 3}};
	check_ok(col_cga_sphere_through(four, &m, &e), &e);
	check_ok(col_cga_geometry_of(&m, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_SPHERE);
	assert_true(fabs(g.radius2 - 4.0) < 1e-12);
	assert_vec_near(g.center, (col_vec3){1, 2, 3}, 1e-12);
	/* The same sphere from centre and radius: the same carrier (proportional blades). */
	col_multivector s;
	check_ok(col_cga_sphere((col_vec3){1, 2, 3}, 2.0, &s, &e), &e);
	col_multivector ratio;
	col_cga_scale(&s, m.c[15] / s.c[15], &ratio);
	assert_mv_near(ratio, m, 1e-12 * col_cga_magnitude(&m));
	/* Circle through three points of the circle of centre (1,2,3), radius 2, in z = 3. */
	col_vec3 three[3];
	for (int i = 0; i < 3; i++) {
		double t = 0.3 + 1.7 * i;
		three[i] = (col_vec3){1 + 2 * cos(t), 2 + 2 * sin(t), 3};
	}
	check_ok(col_cga_circle(three, &m, &e), &e);
	check_ok(col_cga_geometry_of(&m, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_CIRCLE);
	assert_true(fabs(g.radius2 - 4.0) < 1e-12);
	assert_vec_near(g.center, (col_vec3){1, 2, 3}, 1e-12);
	assert_true(fabs(fabs(g.direction.z) - 1.0) < 1e-12);
	check_ok(col_cga_circle_around((col_vec3){1, 2, 3}, (col_vec3){0, 0, 5}, 2.0, &m, &e), &e);
	check_ok(col_cga_geometry_of(&m, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_CIRCLE);
	assert_true(fabs(g.radius2 - 4.0) < 1e-12);
	assert_vec_near(g.center, (col_vec3){1, 2, 3}, 1e-12);
	/* Point pair, line, plane. */
	check_ok(col_cga_point_pair((col_vec3){1, 0, 0}, (col_vec3){3, 0, 0}, &m, &e), &e);
	check_ok(col_cga_geometry_of(&m, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_POINT_PAIR);
	assert_true(fabs(g.radius2 - 1.0) < 1e-14);
	assert_vec_near(g.center, (col_vec3){2, 0, 0}, 1e-14);
	assert_true(fmin(col_vec3_distance(g.points[0], (col_vec3){1, 0, 0}), col_vec3_distance(g.points[1], (col_vec3){1, 0, 0})) < 1e-14);
	assert_true(fmin(col_vec3_distance(g.points[0], (col_vec3){3, 0, 0}), col_vec3_distance(g.points[1], (col_vec3){3, 0, 0})) < 1e-14);
	check_ok(col_cga_line((col_vec3){1, 1, 5}, (col_vec3){3, 1, 5}, &m, &e), &e);
	check_ok(col_cga_geometry_of(&m, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_LINE);
	assert_vec_near(g.center, (col_vec3){0, 1, 5}, 1e-14);
	assert_vec_near(g.direction, (col_vec3){1, 0, 0}, 1e-14);
	check_ok(col_cga_plane((col_vec3){0, 0, 2}, 6.0, &m, &e), &e);
	check_ok(col_cga_geometry_of(&m, &g, &e), &e);
	assert_int_equal(g.kind, COL_CGA_PLANE);
	assert_vec_near(g.direction, (col_vec3){0, 0, 1}, 1e-15);
	assert_true(g.distance == 3.0);
	assert_int_equal(col_cga_kind_of(&(col_multivector){0}), COL_CGA_NONE);
	col_multivector mixed = blade(0, 1.0);
	mixed.c[1] = 1.0;
	assert_int_equal(col_cga_kind_of(&mixed), COL_CGA_MIXED);

	/* Bad input: a clear error and nothing written. */
	col_multivector untouched = blade(7, 42.0), out = untouched;
	assert_int_equal(col_cga_point((col_vec3){NAN, 0, 0}, &out, &e), COL_ERROR_NOT_FINITE);
	assert_int_equal(col_cga_sphere((col_vec3){0, 0, 0}, -1.0, &out, &e), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(e.message, "radius"));
	assert_int_equal(col_cga_sphere((col_vec3){0, 0, 0}, NAN, &out, &e), COL_ERROR_INVALID_ARGUMENT);
	col_vec3 flat[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
	assert_int_equal(col_cga_sphere_through(flat, &out, &e), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(e.message, "coplanar"));
	col_vec3 in_line[3] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}};
	assert_int_equal(col_cga_circle(in_line, &out, &e), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_plane_through(in_line, &out, &e), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_line((col_vec3){1, 1, 1}, (col_vec3){1, 1, 1}, &out, &e), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_point_pair((col_vec3){1, 1, 1}, (col_vec3){1, 1, 1}, &out, &e), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_plane((col_vec3){0, 0, 0}, 1.0, &out, &e), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_circle_around((col_vec3){0, 0, 0}, (col_vec3){0, 0, 0}, 1, &out, &e), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_dilator(0.0, (col_vec3){0, 0, 0}, &out, &e), COL_ERROR_INVALID_ARGUMENT);
	assert_mv_near(out, untouched, 0.0);
}

/* ---- compact forms against the full multivector ---- */

static void test_compact_forms_agree(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xc6a4));
	col_multivector ni = col_cga_ni();
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 10; i++) {
		/* Integer coordinates make every product exact: the forms must then agree exactly. */
		bool exact = i % 2 == 0;
		col_vec3 p[4];
		for (int k = 0; k < 4; k++)
			p[k] = exact ? (col_vec3){rng_int(&r, -9, 9), rng_int(&r, -9, 9), rng_int(&r, -9, 9)} : rng_vec3(&r, -5, 5);
		double tol = exact ? 0.0 : 1e-12;
		/* Lines. */
		col_cga_plucker la = col_cga_plucker_through(p[0], p[1]), lb = col_cga_plucker_through(p[2], p[3]);
		col_multivector full_a = op(op(point(p[0].x, p[0].y, p[0].z), point(p[1].x, p[1].y, p[1].z)), ni), compact_a;
		col_multivector full_b = op(op(point(p[2].x, p[2].y, p[2].z), point(p[3].x, p[3].y, p[3].z)), ni);
		col_cga_plucker_to_multivector(la, &compact_a);
		if (max_difference(&full_a, &compact_a) > tol * col_cga_magnitude(&full_a))
			FAIL_CASE(&r, i, "line blade differs from its Plucker form by %g", max_difference(&full_a, &compact_a));
		col_cga_plucker back = col_cga_plucker_of(&full_a);
		if (col_vec3_distance(back.direction, la.direction) > tol * 10 || col_vec3_distance(back.moment, la.moment) > tol * 100)
			FAIL_CASE(&r, i, "Plucker coordinates read back wrong");
		/* Line-line meet: -side ni. */
		col_multivector m, want;
		col_cga_meet(&full_a, &full_b, &m);
		col_cga_scale(&ni, -col_cga_plucker_side(la, lb), &want);
		if (max_difference(&m, &want) > tol * 1000)
			FAIL_CASE(&r, i, "line-line meet differs from -side ni by %g", max_difference(&m, &want));
		/* Spheres: the dual vectors' closed forms against the full products. */
		double ra = exact ? rng_int(&r, 0, 9) : rng_in(&r, 0, 5), rb = exact ? rng_int(&r, 0, 9) : rng_in(&r, 0, 5);
		col_cga_vector sa = col_cga_vector_sphere(p[0], ra), sb = col_cga_vector_sphere(p[2], rb);
		col_multivector va, vb, opns_a, opns_b;
		col_cga_vector_to_multivector(sa, &va);
		col_cga_vector_to_multivector(sb, &vb);
		if (col_cga_vector_inner(sa, sb) != dot(va, vb) && fabs(col_cga_vector_inner(sa, sb) - dot(va, vb)) > tol * 1e3)
			FAIL_CASE(&r, i, "vector inner product differs");
		col_cga_undual(&va, &opns_a);
		col_cga_undual(&vb, &opns_b);
		col_cga_meet(&opns_a, &opns_b, &m);
		double full_square = col_cga_square(&m), compact_square = col_cga_sphere_meet_square(sa, sb);
		if (fabs(full_square - compact_square) > tol * 1e6)
			FAIL_CASE(&r, i, "sphere meet square: full %.17g, compact %.17g", full_square, compact_square);
		/* The square is r1^2 r2^2 - (r1^2 + r2^2 - d^2)^2 / 4 (docs/cga.md). */
		double d2 = col_vec3_length_squared(col_vec3_sub(p[0], p[2]));
		double delta = ra * ra * rb * rb - 0.25 * (ra * ra + rb * rb - d2) * (ra * ra + rb * rb - d2);
		if (fabs(compact_square - delta) > (exact ? 0.0 : 1e-9 * fmax(1.0, fabs(delta))))
			FAIL_CASE(&r, i, "sphere meet square %.17g, Euclidean %.17g", compact_square, delta);
	}
}

/* The full path to a round's blade, by the library's general products: undual(s ^ pi) for a circle,
 * -(s _| L) for a pair (cga.h). */
static col_multivector round_by_products(col_cga_round round)
{
	col_cga_vector sc = col_cga_vector_sphere(round.center, 0.0);
	sc.ni -= 0.5 * round.radius2;
	col_multivector s, carrier, out;
	col_cga_vector_to_multivector(sc, &s);
	if (round.grade == 3) {
		col_cga_vector_to_multivector(
		    col_cga_vector_plane(round.direction, col_vec3_dot(round.direction, round.center)),
		    &carrier);
		col_cga_undual((col_multivector[]){op(s, carrier)}, &out);
	} else {
		col_cga_plucker_to_multivector(
		    (col_cga_plucker){round.direction, col_vec3_cross(round.center, round.direction)},
		    &carrier);
		col_cga_left_contraction(&s, &carrier, &out);
		col_cga_scale(&out, -1.0, &out);
	}
	return out;
}

/* Whether the circle (c, unit n, radius rho) crosses the surface of the ball (m, R) or the plane
 * N . x = D (unit N), in Euclidean terms, and how far from the boundary that is (relative). */
static double circle_crosses_euclidean(col_vec3 c, col_vec3 n, double rho, bool sphere, col_vec3 m,
                                       double big_r, col_vec3 normal, double d)
{
	if (sphere) {
		/* The ball cuts the circle's plane in a circle (m', R'); two coplanar circles cross when
		 * |rho - R'| < |c - m'| < rho + R'. */
		double h = col_vec3_dot(n, col_vec3_sub(m, c));
		if (big_r * big_r <= h * h)
			return -(fabs(h) - big_r);
		double cut = sqrt(big_r * big_r - h * h);
		double dist = col_vec3_distance(c, col_vec3_sub(m, col_vec3_scale(n, h)));
		return fmin(dist - fabs(rho - cut), rho + cut - dist);
	}
	/* The plane cuts the circle's plane in a line at distance |h| / sin from the centre. */
	double h = col_vec3_dot(normal, c) - d, sine = col_vec3_length(col_vec3_cross(normal, n));
	return rho * sine - fabs(h);
}

static void test_compact_rounds_agree(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xc6a9));
	col_error e;
	int cases = COLLIDE_RANDOM_CASES / 5, near = 0;
	for (int i = 0; i < cases; i++) {
		/* Integer data makes both paths exact: their numbers must then be equal, bit for bit. */
		bool exact = i % 2 == 0;
		int grade = 2 + (i / 2) % 2;
		col_cga_round round;
		if (exact) {
			round.center = (col_vec3){rng_int(&r, -9, 9), rng_int(&r, -9, 9), rng_int(&r, -9, 9)};
			do
				round.direction =
				    (col_vec3){rng_int(&r, -4, 4), rng_int(&r, -4, 4), rng_int(&r, -4, 4)};
			while (col_vec3_dot(round.direction, round.direction) == 0.0);
			round.radius2 = rng_int(&r, -9, 20); /* imaginary, tangent and real */
		} else {
			round.center = rng_vec3(&r, -5, 5);
			round.direction = rng_vec3(&r, -2, 2);
			round.radius2 = rng_in(&r, -5, 10);
		}
		round.grade = grade;
		double tol = exact ? 0.0 : 1e-12;
		col_multivector compact, full = round_by_products(round);
		col_cga_round_to_multivector(round, &compact);
		double scale = col_cga_magnitude(&full);
		if (max_difference(&compact, &full) > tol * scale)
			FAIL_CASE(&r, i, "%s blade differs from the products' by %g",
			          grade == 3 ? "circle" : "pair", max_difference(&compact, &full));
		double full_square = col_cga_square(&full);
		if (fabs(col_cga_round_square(round) - full_square) > tol * scale * scale * 10)
			FAIL_CASE(&r, i, "round square %.17g, full %.17g", col_cga_round_square(round),
			          full_square);
		/* Against a sphere (any weight, either sign) or a plane. */
		col_cga_vector s;
		if (i % 3 != 2) {
			col_vec3 m =
			    exact ? (col_vec3){rng_int(&r, -9, 9), rng_int(&r, -9, 9), rng_int(&r, -9, 9)}
			          : rng_vec3(&r, -5, 5);
			s = col_cga_vector_sphere(m, exact ? rng_int(&r, 0, 9) : rng_in(&r, 0, 5));
			double w = exact ? rng_int(&r, -3, 3) : rng_in(&r, -3, 3);
			s = (col_cga_vector){col_vec3_scale(s.e, w == 0.0 ? 1.0 : w),
			                     s.no * (w == 0.0 ? 1.0 : w), s.ni * (w == 0.0 ? 1.0 : w)};
		} else {
			col_vec3 n =
			    exact ? (col_vec3){rng_int(&r, -3, 3), rng_int(&r, -3, 3), 1 + rng_int(&r, 0, 2)}
			          : rng_vec3(&r, -2, 2);
			s = col_cga_vector_plane(n, exact ? rng_int(&r, -9, 9) : rng_in(&r, -5, 5));
		}
		col_multivector sv, sphere, m;
		col_cga_vector_to_multivector(s, &sv);
		col_cga_undual(&sv, &sphere);
		col_cga_meet(&sphere, &full, &m);
		double meet_full = col_cga_square(&m), meet_compact = col_cga_round_meet_square(round, s);
		double meet_scale = col_cga_magnitude(&sphere) * scale;
		if (fabs(meet_full - meet_compact) > tol * meet_scale * meet_scale * 100)
			FAIL_CASE(&r, i, "%s meet square: full %.17g, compact %.17g",
			          grade == 3 ? "circle" : "pair", meet_full, meet_compact);
		/* Back from the blade: the same round (direction, weight and orientation included). */
		col_cga_round back;
		if (fabs(round.radius2) > 1e-3 || round.radius2 == 0.0) {
			check_ok(col_cga_round_of(&full, &back, &e), &e);
			double size = 1.0 + col_vec3_length(round.center);
			if (back.grade != grade ||
			    col_vec3_distance(back.center, round.center) > 1e-9 * size ||
			    fabs(back.radius2 - round.radius2) > 1e-9 * size * size ||
			    col_vec3_distance(back.direction, round.direction) >
			        1e-9 * size * col_vec3_length(round.direction))
				FAIL_CASE(&r, i, "round read back: radius2 %g vs %g", back.radius2,
				          round.radius2);
		}

		/* Built from points: X1 ^ X2 and X1 ^ X2 ^ X3, and the sign of the meet against Euclidean
		 * geometry (pairs: the surface separates the points; circles: the circle crosses it). */
		col_vec3 p[3] = {rng_vec3(&r, -3, 3), rng_vec3(&r, -3, 3), rng_vec3(&r, -3, 3)};
		col_multivector wedge;
		col_cga_round from_points;
		if (grade == 2) {
			check_ok(col_cga_point_pair(p[0], p[1], &wedge, &e), &e);
			from_points = col_cga_round_pair(p[0], p[1]);
		} else {
			check_ok(col_cga_circle(p, &wedge, &e), &e);
			check_ok(col_cga_round_circle(p, &from_points, &e), &e);
		}
		col_cga_round_to_multivector(from_points, &compact);
		if (max_difference(&compact, &wedge) > 1e-9 * col_cga_magnitude(&wedge))
			FAIL_CASE(&r, i, "compact %s from points differs from the wedge by %g",
			          grade == 3 ? "circle" : "pair", max_difference(&compact, &wedge));
		col_vec3 centre = rng_vec3(&r, -3, 3), normal = rng_unit_vector3(&r);
		double big_r = rng_in(&r, 0.2, 4), dist = rng_in(&r, -3, 3);
		bool against_sphere = i % 3 != 2;
		col_cga_vector target = against_sphere ? col_cga_vector_sphere(centre, big_r)
		                                       : col_cga_vector_plane(normal, dist);
		double margin;
		if (grade == 2) {
			double side0 = against_sphere ? big_r - col_vec3_distance(p[0], centre)
			                              : col_vec3_dot(normal, p[0]) - dist;
			double side1 = against_sphere ? big_r - col_vec3_distance(p[1], centre)
			                              : col_vec3_dot(normal, p[1]) - dist;
			margin = side0 * side1 < 0 ? fmin(fabs(side0), fabs(side1))
			                           : -fmin(fabs(side0), fabs(side1));
		} else {
			col_vec3 unit_n = col_vec3_normalize(from_points.direction);
			margin =
			    circle_crosses_euclidean(from_points.center, unit_n, sqrt(from_points.radius2),
			                             against_sphere, centre, big_r, normal, dist);
		}
		double square = col_cga_round_meet_square(from_points, target);
		/* Pairs cross where the square is negative, circles where it is positive. */
		bool crosses = grade == 2 ? square < 0.0 : square > 0.0;
		if (fabs(margin) < 1e-7) {
			near++;
			continue;
		}
		if (crosses != (margin > 0.0))
			FAIL_CASE(&r, i, "%s meet square %g says %s, Euclidean margin %g",
			          grade == 3 ? "circle" : "pair", square, crosses ? "crossing" : "apart",
			          margin);
	}
	/* Only rounds have a compact round; three collinear points have no circle. */
	col_multivector line;
	col_cga_round untouched = {{7, 7, 7}, {7, 7, 7}, 7, 7}, out = untouched;
	check_ok(col_cga_line((col_vec3){0, 0, 0}, (col_vec3){1, 2, 3}, &line, &e), &e);
	assert_int_equal(col_cga_round_of(&line, &out, &e), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(e.message, "line is not a round"));
	assert_int_equal(col_cga_round_circle((col_vec3[]){{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, &out, &e),
	                 COL_ERROR_DEGENERATE);
	assert_memory_equal(&out, &untouched, sizeof out);
	print_message(
	    "compact rounds: %d cases (half integer, checked bit for bit), %d within 1e-7 of crossing "
	    "(sign not checked), 0 disagreements\n",
	    cases, near);
}

/* ---- meets (source 003's meet values, docs/sources.md) ---- */

static col_cga_intersection meet_of(col_multivector a, col_multivector b)
{
	col_cga_intersection m;
	col_error e;
	check_ok(col_cga_intersect(&a, &b, &m, &e), &e);
	/* Swapping the arguments changes neither the relation nor the square. */
	col_cga_intersection swapped;
	check_ok(col_cga_intersect(&b, &a, &swapped, &e), &e);
	assert_int_equal(swapped.relation, m.relation);
	assert_true(fabs(swapped.square - m.square) <= 1e-9 * fmax(1.0, fabs(m.square)));
	return m;
}

static col_multivector sphere(double x, double y, double z, double r)
{
	col_multivector m;
	col_error e;
	check_ok(col_cga_sphere((col_vec3){x, y, z}, r, &m, &e), &e);
	return m;
}

static col_multivector plane(double nx, double ny, double nz, double d)
{
	col_multivector m;
	col_error e;
	check_ok(col_cga_plane((col_vec3){nx, ny, nz}, d, &m, &e), &e);
	return m;
}

static col_multivector line(col_vec3 p, col_vec3 q)
{
	col_multivector m;
	col_error e;
	check_ok(col_cga_line(p, q, &m, &e), &e);
	return m;
}

static void assert_relation_at(col_cga_intersection m, col_cga_relation want, int line)
{
	if (m.relation != want)
		fail_msg("line %d: relation %s, expected %s (square %g)", line, col_cga_relation_name(m.relation),
		         col_cga_relation_name(want), m.square);
}
#define assert_relation(m, want) assert_relation_at((m), (want), __LINE__)

static void test_sphere_meets(void **state)
{
	(void)state;
	/* Unit spheres 1 apart: a circle of radius sqrt(3)/2 about (0.5, 0, 0) in the plane x = 0.5. */
	col_cga_intersection m = meet_of(sphere(0, 0, 0, 1), sphere(1, 0, 0, 1));
	assert_relation(m, COL_CGA_REAL);
	assert_true(fabs(m.square - 0.75) < 1e-14);
	assert_int_equal(m.common.kind, COL_CGA_CIRCLE);
	assert_true(fabs(m.common.radius2 - 0.75) < 1e-14);
	assert_vec_near(m.common.center, (col_vec3){0.5, 0, 0}, 1e-14);
	assert_true(fabs(fabs(m.common.direction.x) - 1.0) < 1e-14);
	assert_true(m.surfaces_meet && m.solids_meet);
	m = meet_of(sphere(0, 0, 0, 1), sphere(0.5, 0, 0, 1));
	assert_relation(m, COL_CGA_REAL);
	assert_true(fabs(m.common.radius2 - 0.9375) < 1e-14);
	m = meet_of(sphere(0, 0, 0, 1), sphere(2, 0, 0, 1));
	assert_relation(m, COL_CGA_TANGENT);
	assert_true(m.square == 0.0);
	assert_int_equal(m.common.kind, COL_CGA_POINT);
	assert_vec_near(m.common.center, (col_vec3){1, 0, 0}, 1e-14);
	assert_true(m.surfaces_meet);
	m = meet_of(sphere(0, 0, 0, 1), sphere(3, 0, 0, 1));
	assert_relation(m, COL_CGA_IMAGINARY);
	assert_true(fabs(m.square - -11.25) < 1e-12);
	assert_true(fabs(m.common.radius2 - -1.25) < 1e-12);
	assert_false(m.surfaces_meet || m.solids_meet);
	/* Internally tangent; nested (solid mode collides, the surfaces do not). */
	m = meet_of(sphere(0, 0, 0, 2), sphere(1, 0, 0, 1));
	assert_relation(m, COL_CGA_TANGENT);
	assert_vec_near(m.common.center, (col_vec3){2, 0, 0}, 1e-14);
	m = meet_of(sphere(0, 0, 0, 3), sphere(0.5, 0, 0, 1));
	assert_relation(m, COL_CGA_NESTED);
	assert_true(m.square < 0.0);
	assert_false(m.surfaces_meet);
	assert_true(m.solids_meet);
	m = meet_of(sphere(0, 0, 0, 3), sphere(0, 0, 0, 1)); /* concentric */
	assert_relation(m, COL_CGA_NESTED);
	m = meet_of(sphere(1, 2, 3, 2), sphere(1, 2, 3, 2));
	assert_relation(m, COL_CGA_COINCIDENT);
	/* Dual forms in the source's scaling: (s1 ^ s2)^2 = -12, 0, +180 for d = 1, 2, 3: ours, with
	 * dual spheres of half the weight, are 16 times smaller: -0.75, 0, 11.25 (the OPNS sign flipped). */
	for (int d = 1; d <= 3; d++) {
		col_multivector a, b;
		col_error e;
		check_ok(col_cga_dual_sphere((col_vec3){0, 0, 0}, 1, &a, &e), &e);
		check_ok(col_cga_dual_sphere((col_vec3){d, 0, 0}, 1, &b, &e), &e);
		col_multivector w = op(a, b);
		const double want[4] = {0, -0.75, 0, 11.25};
		assert_true(fabs(col_cga_square(&w) - want[d]) < 1e-12);
	}
	/* The far pair of the source's float failure (3.8): r = 8 at 0 and at (558.93, 206.351, 38.258),
	 * 597 apart: no intersection, with the exact local-frame square. */
	m = meet_of(sphere(0, 0, 0, 8), sphere(558.93, 206.351, 38.258, 8));
	assert_relation(m, COL_CGA_IMAGINARY);
	double d2 = 558.93 * 558.93 + 206.351 * 206.351 + 38.258 * 38.258;
	double delta = 64.0 * 64.0 - 0.25 * (128.0 - d2) * (128.0 - d2);
	assert_true(fabs(m.square - delta) < 1e-9 * fabs(delta));
	/* Far from the origin, two unit spheres 1 apart still meet in the sqrt(3)/2 circle. (A blade
	 * stores (|c|^2 - r^2)/2, so a sphere 10^6 times its radius away has lost r^2 to rounding
	 * before any meet: such objects belong in a local frame, as the bounded routines build them.) */
	m = meet_of(sphere(1e3, -3e3, 2e3, 1), sphere(1e3 + 1, -3e3, 2e3, 1));
	assert_relation(m, COL_CGA_REAL);
	assert_true(fabs(m.common.radius2 - 0.75) < 1e-8);
	assert_vec_near(m.common.center, (col_vec3){1e3 + 0.5, -3e3, 2e3}, 1e-8);
	m = meet_of(sphere(1e3, -3e3, 2e3, 1), sphere(1e3 + 2, -3e3, 2e3, 1));
	assert_relation(m, COL_CGA_TANGENT);
}

static void test_line_and_plane_meets(void **state)
{
	(void)state;
	/* Line y = 0.5 against the unit sphere: the points (+-sqrt(3)/2, 0.5, 0). */
	col_cga_intersection m = meet_of(sphere(0, 0, 0, 1), line((col_vec3){0, 0.5, 0}, (col_vec3){1, 0.5, 0}));
	assert_relation(m, COL_CGA_REAL);
	assert_int_equal(m.common.kind, COL_CGA_POINT_PAIR);
	double h = sqrt(3.0) / 2;
	col_vec3 p0 = m.common.points[0], p1 = m.common.points[1];
	if (p0.x > p1.x) {
		col_vec3 t = p0;
		p0 = p1;
		p1 = t;
	}
	assert_vec_near(p0, (col_vec3){-h, 0.5, 0}, 1e-14);
	assert_vec_near(p1, (col_vec3){h, 0.5, 0}, 1e-14);
	/* The square is r^2 - h^2 for a unit direction: 1 : 0.75 : 0 : -3 for y = 0, 0.5, 1, 2. */
	const double ys[4] = {0, 0.5, 1, 2}, squares[4] = {1, 0.75, 0, -3};
	const col_cga_relation relations[4] = {COL_CGA_REAL, COL_CGA_REAL, COL_CGA_TANGENT, COL_CGA_IMAGINARY};
	for (int i = 0; i < 4; i++) {
		m = meet_of(sphere(0, 0, 0, 1), line((col_vec3){-3, ys[i], 0}, (col_vec3){5, ys[i], 0}));
		assert_relation(m, relations[i]);
		assert_true(fabs(m.square - squares[i]) < 1e-13);
		/* The plane z = h cuts the unit sphere in a circle of squared radius 1 - h^2. */
		m = meet_of(sphere(0, 0, 0, 1), plane(0, 0, 1, ys[i]));
		assert_relation(m, relations[i]);
		assert_true(fabs(m.square - squares[i]) < 1e-13);
		if (i < 3)
			assert_true(fabs(m.common.radius2 - squares[i]) < 1e-13);
	}
	/* Line and plane: one point (1, 2, 0); parallel (erratum 2: the meet 2 e1^ni... is not 0 though
	 * its e3 e coefficient is); contained. */
	m = meet_of(plane(0, 0, 1, 0), line((col_vec3){1, 2, -1}, (col_vec3){1, 2, 1}));
	assert_relation(m, COL_CGA_REAL);
	assert_true(fabs(m.square - 1.0) < 1e-14); /* (n . d)^2 for the unit normal and direction */
	assert_int_equal(m.common.kind, COL_CGA_FLAT_POINT);
	assert_vec_near(m.common.center, (col_vec3){1, 2, 0}, 1e-14);
	m = meet_of(plane(0, 0, 1, 0), line((col_vec3){0, 0, 1}, (col_vec3){1, 0, 1}));
	assert_relation(m, COL_CGA_PARALLEL);
	assert_true(m.square == 0.0);
	assert_true(col_cga_magnitude(&m.meet) > 0.0);
	m = meet_of(plane(0, 0, 1, 0), line((col_vec3){0, 0, 0}, (col_vec3){1, 1, 0}));
	assert_relation(m, COL_CGA_CONTAINED);
	assert_true(col_cga_magnitude(&m.meet) == 0.0);
	/* Planes: a line, parallel, coincident (rescaled). */
	m = meet_of(plane(0, 0, 1, 0), plane(1, 0, 0, 0));
	assert_relation(m, COL_CGA_REAL);
	assert_int_equal(m.common.kind, COL_CGA_LINE);
	assert_true(fabs(fabs(m.common.direction.y) - 1.0) < 1e-14);
	assert_relation(meet_of(plane(0, 0, 1, 0), plane(0, 0, 1, 1)), COL_CGA_PARALLEL);
	assert_relation(meet_of(plane(0, 0, 1, 0), plane(0, 0, 3, 0)), COL_CGA_COINCIDENT);
	/* Lines: crossing (coplanar, the meet 0), skew (the meet +-side ni), parallel, coincident. */
	col_multivector x_axis = line((col_vec3){0, 0, 0}, (col_vec3){1, 0, 0});
	m = meet_of(x_axis, line((col_vec3){0.5, 0, 0}, (col_vec3){0.5, 1, 0}));
	assert_relation(m, COL_CGA_REAL);
	assert_vec_near(m.common.center, (col_vec3){0.5, 0, 0}, 1e-14);
	assert_true(col_cga_magnitude(&m.meet) == 0.0);
	for (int s = -1; s <= 1; s += 2) {
		m = meet_of(x_axis, line((col_vec3){0.5, -1, s}, (col_vec3){0.5, 1, s}));
		assert_relation(m, COL_CGA_SKEW);
		/* The source's +-32 n is 16 (d1.m2 + d2.m1) ni with its doubled points: ours is -side ni, and
		 * side = +-2 here (unit x direction, the second line's direction 2 y and moment ...). */
		col_cga_plucker a = col_cga_plucker_through((col_vec3){0, 0, 0}, (col_vec3){1, 0, 0});
		col_cga_plucker b = col_cga_plucker_through((col_vec3){0.5, -1, s}, (col_vec3){0.5, 1, s});
		assert_true(fabs(col_cga_plucker_side(a, b)) == 2.0);
		assert_true(fabs(fabs(m.meet.c[8]) - 1.0) < 1e-14); /* the reported meet is of unit lines */
	}
	assert_relation(meet_of(x_axis, line((col_vec3){0, 1, 0}, (col_vec3){1, 1, 0})), COL_CGA_PARALLEL);
	assert_relation(meet_of(x_axis, line((col_vec3){3, 0, 0}, (col_vec3){-1, 0, 0})), COL_CGA_COINCIDENT);
}

static void test_round_and_point_meets(void **state)
{
	(void)state;
	col_error e;
	col_multivector c, pair, other;
	/* The unit circle in z = 0 against the unit sphere at (0, 0, 0) holding it, a sphere it
	 * crosses, a plane it pierces, a plane it lies in, a line in its plane, a piercing line. */
	check_ok(col_cga_circle_around((col_vec3){0, 0, 0}, (col_vec3){0, 0, 1}, 1.0, &c, &e), &e);
	assert_relation(meet_of(sphere(0, 0, 0, 1), c), COL_CGA_CONTAINED);
	col_cga_intersection m = meet_of(sphere(1, 0, 0, 1), c);
	assert_relation(m, COL_CGA_REAL);
	assert_int_equal(m.common.kind, COL_CGA_POINT_PAIR);
	assert_true(fabs(fabs(m.common.points[0].y) - sqrt(0.75)) < 1e-13);
	m = meet_of(sphere(0, 0, 0, 3), c);
	assert_relation(m, COL_CGA_NESTED);
	assert_true(m.solids_meet && !m.surfaces_meet);
	assert_relation(meet_of(sphere(5, 0, 0, 1), c), COL_CGA_IMAGINARY);
	m = meet_of(plane(1, 0, 0, 0.5), c);
	assert_relation(m, COL_CGA_REAL);
	assert_relation(meet_of(plane(1, 0, 0, 1), c), COL_CGA_TANGENT);
	assert_relation(meet_of(plane(0, 0, 1, 0), c), COL_CGA_CONTAINED);
	assert_relation(meet_of(plane(0, 0, 1, 2), c), COL_CGA_IMAGINARY);
	m = meet_of(line((col_vec3){-2, 0.5, 0}, (col_vec3){2, 0.5, 0}), c);
	assert_relation(m, COL_CGA_REAL);
	assert_int_equal(m.common.kind, COL_CGA_POINT_PAIR);
	assert_relation(meet_of(line((col_vec3){-2, 1, 0}, (col_vec3){2, 1, 0}), c), COL_CGA_TANGENT);
	assert_relation(meet_of(line((col_vec3){-2, 2, 0}, (col_vec3){2, 2, 0}), c), COL_CGA_DISJOINT);
	m = meet_of(line((col_vec3){1, 0, -1}, (col_vec3){1, 0, 1}), c);
	assert_relation(m, COL_CGA_REAL);
	assert_int_equal(m.common.kind, COL_CGA_POINT);
	assert_vec_near(m.common.center, (col_vec3){1, 0, 0}, 1e-12);
	assert_relation(meet_of(line((col_vec3){0.5, 0, -1}, (col_vec3){0.5, 0, 1}), c), COL_CGA_SKEW);
	/* Circles: on one sphere crossing, coplanar crossing, coincident. */
	check_ok(col_cga_circle_around((col_vec3){0, 0, 0}, (col_vec3){1, 0, 0}, 1.0, &other, &e), &e);
	m = meet_of(c, other);
	assert_relation(m, COL_CGA_REAL);
	assert_int_equal(m.common.kind, COL_CGA_POINT_PAIR);
	check_ok(col_cga_circle_around((col_vec3){1, 0, 0}, (col_vec3){0, 0, 1}, 1.0, &other, &e), &e);
	assert_relation(meet_of(c, other), COL_CGA_REAL);
	check_ok(col_cga_circle_around((col_vec3){0, 0, 0}, (col_vec3){0, 0, -2}, 1.0, &other, &e), &e);
	assert_relation(meet_of(c, other), COL_CGA_COINCIDENT);
	check_ok(col_cga_circle_around((col_vec3){5, 0, 0}, (col_vec3){0, 1, 0}, 1.0, &other, &e), &e);
	assert_relation(meet_of(c, other), COL_CGA_SKEW);
	/* Point pairs and points: on a sphere, one point on a plane, inside a ball. */
	check_ok(col_cga_point_pair((col_vec3){1, 0, 0}, (col_vec3){0, 1, 0}, &pair, &e), &e);
	assert_relation(meet_of(sphere(0, 0, 0, 1), pair), COL_CGA_CONTAINED);
	m = meet_of(plane(1, 0, 0, 1), pair);
	assert_relation(m, COL_CGA_REAL);
	assert_vec_near(m.common.center, (col_vec3){1, 0, 0}, 1e-14);
	m = meet_of(sphere(0, 0, 0, 5), pair);
	assert_relation(m, COL_CGA_NESTED);
	assert_true(m.solids_meet);
	assert_relation(meet_of(c, pair), COL_CGA_CONTAINED);
	assert_relation(meet_of(pair, pair), COL_CGA_COINCIDENT);
	assert_relation(meet_of(sphere(0, 0, 0, 1), point(0, 0, 1)), COL_CGA_CONTAINED);
	m = meet_of(sphere(0, 0, 0, 1), point(0, 0, 0.5));
	assert_relation(m, COL_CGA_NESTED);
	assert_true(m.solids_meet && !m.surfaces_meet);
	assert_relation(meet_of(sphere(0, 0, 0, 1), point(0, 0, 2)), COL_CGA_DISJOINT);
	assert_relation(meet_of(line((col_vec3){0, 0, 0}, (col_vec3){1, 0, 0}), point(3, 0, 0)), COL_CGA_CONTAINED);
	assert_relation(meet_of(point(1, 2, 3), point(1, 2, 3)), COL_CGA_COINCIDENT);
	assert_relation(meet_of(point(1, 2, 3), point(1, 2, 4)), COL_CGA_DISJOINT);
	assert_relation(meet_of(pair, point(0, 1, 0)), COL_CGA_CONTAINED);
	/* Not an object: a clear error. */
	col_multivector mixed = blade(0, 1.0);
	mixed.c[3] = 1.0;
	col_cga_intersection out;
	assert_int_equal(col_cga_intersect(&mixed, &c, &out, &e), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(e.message, "argument 1"));
}

/* ---- versors (source 003's versor values, docs/sources.md) ---- */

static col_multivector apply(col_multivector v, col_multivector a)
{
	col_multivector out;
	col_error e;
	check_ok(col_cga_apply(&v, &a, &out, &e), &e);
	return out;
}

static void test_versors(void **state)
{
	(void)state;
	col_multivector v, x;
	col_error e;
	/* Translator by (1,2,3) takes (0.5, 0, -1) to (1.5, 2, 2); its reverse is 1 + t ni / 2. */
	col_cga_translator((col_vec3){1, 2, 3}, &v);
	x = apply(v, point(0.5, 0, -1));
	assert_vec_near(position(&x), (col_vec3){1.5, 2, 2}, 1e-14);
	assert_mv_near(x, point(1.5, 2, 2), 1e-14);
	/* Rotor e12 by 90 degrees: (1,0,0) -> (0,1,0) (erratum 6); e31: (0,0,1) -> (1,0,0). */
	col_cga_rotor((col_vec3){0, 0, 1}, COL_PI / 2, &v);
	x = apply(v, point(1, 0, 0));
	assert_vec_near(position(&x), (col_vec3){0, 1, 0}, 1e-15);
	col_cga_rotor((col_vec3){0, 1, 0}, COL_PI / 2, &v);
	x = apply(v, point(0, 0, 1));
	assert_vec_near(position(&x), (col_vec3){1, 0, 0}, 1e-15);
	/* The source's y-axis formula A.95 at theta = 0.6 for (0.7, -1.2, 2). */
	double t = 0.6;
	col_cga_rotor((col_vec3){0, 1, 0}, t, &v);
	x = apply(v, point(0.7, -1.2, 2));
	assert_vec_near(position(&x), (col_vec3){0.7 * cos(t) + 2 * sin(t), -1.2, 2 * cos(t) - 0.7 * sin(t)}, 1e-9);
	/* Motor: 90 degrees about z through (1,0,0) takes (2,0,0) to (1,1,0). */
	col_cga_motor((col_vec3){0, 0, 1}, COL_PI / 2, (col_vec3){1, 0, 0}, (col_vec3){0, 0, 0}, &v);
	x = apply(v, point(2, 0, 0));
	assert_vec_near(position(&x), (col_vec3){1, 1, 0}, 1e-15);
	/* Dilator by 3 about the origin: (1,2,0) -> (3,6,0); alpha = ln(1/3) = -1.0986 (erratum 9). */
	check_ok(col_cga_dilator(3.0, (col_vec3){0, 0, 0}, &v, &e), &e);
	assert_true(fabs(2 * atanh(v.c[24] / v.c[0]) - log(1.0 / 3.0)) < 1e-14);
	x = apply(v, point(1, 2, 0));
	assert_vec_near(position(&x), (col_vec3){3, 6, 0}, 1e-14);
	check_ok(col_cga_dilator(0.5, (col_vec3){1, 1, 1}, &v, &e), &e);
	x = apply(v, point(3, 1, 1));
	assert_vec_near(position(&x), (col_vec3){2, 1, 1}, 1e-14);
	/* Reflection in z = 0: (1,2,3) -> (1,2,-3), by the plane's blade or its dual vector. */
	col_multivector mirror = plane(0, 0, 1, 0), out, p123 = point(1, 2, 3), ball = sphere(0, 0, 0, 1), mirror_dual;
	check_ok(col_cga_reflect(&mirror, &p123, &out, &e), &e);
	assert_vec_near(position(&out), (col_vec3){1, 2, -3}, 1e-15);
	col_cga_dual(&mirror, &mirror_dual);
	check_ok(col_cga_reflect(&mirror_dual, &p123, &out, &e), &e);
	assert_vec_near(position(&out), (col_vec3){1, 2, -3}, 1e-15);
	assert_int_equal(col_cga_reflect(&ball, &mirror, &out, &e), COL_ERROR_INVALID_ARGUMENT);
	/* Not a versor. */
	col_multivector bad = blade(0, 1.0);
	bad.c[1] = 1.0;
	assert_int_equal(col_cga_apply(&bad, &mirror, &out, &e), COL_ERROR_INVALID_ARGUMENT);

	/* Versors move whole objects: a moved sphere, line, circle keep their geometry moved, and the
	 * outer product of moved points is the moved blade (random motors). */
	rng r = rng_make(rng_env_seed(0xc6a5));
	for (int i = 0; i < 1000; i++) {
		col_vec3 axis = rng_unit_vector3(&r), through = rng_vec3(&r, -3, 3), shift = rng_vec3(&r, -3, 3);
		double angle = rng_in(&r, -3, 3);
		col_cga_motor(axis, angle, through, shift, &v);
		col_vec3 p[3] = {rng_vec3(&r, -2, 2), rng_vec3(&r, -2, 2), rng_vec3(&r, -2, 2)};
		col_multivector moved[3];
		for (int k = 0; k < 3; k++)
			moved[k] = apply(v, point(p[k].x, p[k].y, p[k].z));
		col_multivector circle, moved_circle;
		if (col_cga_circle(p, &circle, &e) != COL_OK)
			continue;
		moved_circle = apply(v, circle);
		col_multivector from_moved = op(op(moved[0], moved[1]), moved[2]);
		if (max_difference(&moved_circle, &from_moved) > 1e-11 * col_cga_magnitude(&from_moved))
			FAIL_CASE(&r, i, "moved circle differs from the circle of moved points by %g",
			          max_difference(&moved_circle, &from_moved));
		/* Distances are kept: X . Y = -|x - y|^2 / 2 for the moved points. */
		double before = -0.5 * col_vec3_length_squared(col_vec3_sub(p[0], p[1]));
		if (fabs(dot(moved[0], moved[1]) - before) > 1e-10 * fmax(1.0, fabs(before)))
			FAIL_CASE(&r, i, "a motor changed a distance: %.17g vs %.17g", dot(moved[0], moved[1]), before);
	}
}

/* ---- classification against Euclidean geometry on random cases ---- */

typedef struct tally {
	int cases, near_degenerate, neighbour, disagreements;
} tally;

/* Counts a case whose Euclidean margin (relative to the objects' size) is within `band` of a
 * decision boundary as near-degenerate: the relation must still be the Euclidean one, or the
 * degenerate neighbour (tangent, parallel, crossing) that the inputs' own rounding cannot tell
 * from it. Outside the band the
 * relation must be the Euclidean one. */
static void check_relation(tally *t, rng *r, int i, col_cga_relation got, col_cga_relation want, double margin,
                           double band, col_cga_relation neighbour)
{
	t->cases++;
	bool near = fabs(margin) < band;
	if (near) {
		t->near_degenerate++;
		if (got == neighbour || want == neighbour) {
			t->neighbour += got != want;
			return;
		}
	}
	if (got != want) {
		t->disagreements++;
		FAIL_CASE(r, i, "relation %s, Euclidean %s (margin %g)", col_cga_relation_name(got), col_cga_relation_name(want),
		          margin);
	}
}

static col_cga_relation sphere_relation(double d, double r1, double r2)
{
	double outer = d - (r1 + r2), inner = d - fabs(r1 - r2);
	if (fabs(outer) <= 1e-10 * fmax(1.0, d) || (fabs(inner) <= 1e-10 * fmax(1.0, d) && d > 0))
		return COL_CGA_TANGENT;
	if (outer > 0)
		return COL_CGA_IMAGINARY;
	if (inner < 0)
		return d == 0 && r1 == r2 ? COL_CGA_COINCIDENT : COL_CGA_NESTED;
	return COL_CGA_REAL;
}

static void test_random_against_euclidean(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xc6a6));
	int per_kind = COLLIDE_RANDOM_CASES;
	tally spheres = {0}, sphere_plane = {0}, sphere_line = {0}, plane_line = {0}, line_line = {0};
	col_error e;
	for (int i = 0; i < per_kind; i++) {
		/* Positions up to 1e3 from the origin, sizes from 0.1 to 10: up to 10^4 sizes away, where a
		 * blade still holds a radius to 1e-8 (cga.h). Every fifth case is snapped to tangency or
		 * coplanarity, so the degenerate branches are exercised. */
		double far = pow(10.0, rng_in(&r, -1, 3)), size = pow(10.0, rng_in(&r, -1, 1));
		col_vec3 c1 = rng_vec3(&r, -far, far), dir = rng_unit_vector3(&r);
		double r1 = size * rng_in(&r, 0.1, 1), r2 = size * rng_in(&r, 0.1, 1);
		double d = size * rng_in(&r, 0, 2.5);
		int snap = i % 5;
		if (snap == 1)
			d = r1 + r2;
		else if (snap == 2)
			d = fabs(r1 - r2);
		col_vec3 c2 = col_vec3_add(c1, col_vec3_scale(dir, d));
		double actual_d = col_vec3_distance(c1, c2);
		col_multivector s1, s2;
		check_ok(col_cga_sphere(c1, r1, &s1, &e), &e);
		check_ok(col_cga_sphere(c2, r2, &s2, &e), &e);
		col_cga_intersection m;
		check_ok(col_cga_intersect(&s1, &s2, &m, &e), &e);
		double margin = fmin(fabs(actual_d - (r1 + r2)), fabs(actual_d - fabs(r1 - r2))) / size;
		check_relation(&spheres, &r, i, m.relation, sphere_relation(actual_d, r1, r2), margin, 1e-5, COL_CGA_TANGENT);

		/* A sphere and a plane at distance h from its centre. */
		col_vec3 n = rng_unit_vector3(&r);
		double hh = snap == 1 ? r1 : size * rng_in(&r, 0, 2);
		col_multivector pl;
		check_ok(col_cga_plane(n, col_vec3_dot(n, c1) + hh, &pl, &e), &e);
		check_ok(col_cga_intersect(&s1, &pl, &m, &e), &e);
		double gap = hh - r1;
		col_cga_relation want = fabs(gap) <= 1e-10 * fmax(1.0, far) ? COL_CGA_TANGENT : gap > 0 ? COL_CGA_IMAGINARY : COL_CGA_REAL;
		check_relation(&sphere_plane, &r, i, m.relation, want, gap / size, 1e-5, COL_CGA_TANGENT);
		if (m.relation == COL_CGA_REAL && fabs(m.common.radius2 - (r1 * r1 - hh * hh)) > 1e-6 * size * size)
			FAIL_CASE(&r, i, "circle radius2 %g, Euclidean %g", m.common.radius2, r1 * r1 - hh * hh);

		/* A sphere and a line at distance h from its centre. */
		col_vec3 u = col_vec3_normalize(col_vec3_cross(n, rng_unit_vector3(&r)));
		col_vec3 foot = col_vec3_add(c1, col_vec3_scale(n, hh));
		col_multivector ln;
		check_ok(col_cga_line(col_vec3_sub(foot, col_vec3_scale(u, size)), col_vec3_add(foot, col_vec3_scale(u, size * 0.7)),
		                      &ln, &e),
		         &e);
		check_ok(col_cga_intersect(&s1, &ln, &m, &e), &e);
		check_relation(&sphere_line, &r, i, m.relation, want, gap / size, 1e-5, COL_CGA_TANGENT);

		/* A plane and a line: crossing, parallel or in it. */
		col_vec3 along = snap == 3 ? u : rng_unit_vector3(&r);
		double offset = snap == 4 ? 0.0 : hh;
		col_vec3 start = col_vec3_add(col_vec3_add(c1, col_vec3_scale(n, offset)), col_vec3_scale(u, size));
		col_multivector pl0, ln2;
		check_ok(col_cga_plane(n, col_vec3_dot(n, c1), &pl0, &e), &e);
		check_ok(col_cga_line(start, col_vec3_add(start, col_vec3_scale(along, size)), &ln2, &e), &e);
		check_ok(col_cga_intersect(&pl0, &ln2, &m, &e), &e);
		double slope = fabs(col_vec3_dot(n, along));
		want = slope > 1e-9 ? COL_CGA_REAL : offset == 0.0 ? COL_CGA_CONTAINED : COL_CGA_PARALLEL;
		if (snap == 4 && slope <= 1e-9)
			want = COL_CGA_CONTAINED;
		check_relation(&plane_line, &r, i, m.relation, want, slope, 1e-5, offset == 0.0 ? COL_CGA_CONTAINED : COL_CGA_PARALLEL);

		/* Two lines: skew, or crossing at a chosen point. */
		col_vec3 q = rng_vec3(&r, -far, far), a_dir = rng_unit_vector3(&r), b_dir = rng_unit_vector3(&r);
		double lift = snap >= 3 ? 0.0 : size * rng_in(&r, -1, 1);
		col_vec3 normal = col_vec3_normalize(col_vec3_cross(a_dir, b_dir));
		col_vec3 qb = col_vec3_add(q, col_vec3_scale(normal, lift));
		col_multivector la, lb;
		check_ok(col_cga_line(col_vec3_sub(q, col_vec3_scale(a_dir, size)), col_vec3_add(q, col_vec3_scale(a_dir, size)), &la, &e),
		         &e);
		check_ok(col_cga_line(col_vec3_sub(qb, col_vec3_scale(b_dir, 2 * size)), col_vec3_add(qb, col_vec3_scale(b_dir, size)), &lb,
		                      &e),
		         &e);
		check_ok(col_cga_intersect(&la, &lb, &m, &e), &e);
		want = lift == 0.0 ? COL_CGA_REAL : COL_CGA_SKEW;
		/* Lines that cross: built through rounded points, they are coplanar only to rounding. */
		check_relation(&line_line, &r, i, m.relation, want, lift / size, 1e-5, COL_CGA_REAL);
		if (want == COL_CGA_REAL && col_vec3_distance(m.common.center, q) > 1e-6 * fmax(size, 1e-3 * far))
			FAIL_CASE(&r, i, "lines cross at (%g %g %g), expected (%g %g %g)", m.common.center.x, m.common.center.y,
			          m.common.center.z, q.x, q.y, q.z);
	}
	const struct {
		const char *name;
		tally *t;
	} all[] = {{"sphere/sphere", &spheres}, {"sphere/plane", &sphere_plane}, {"sphere/line", &sphere_line},
	           {"plane/line", &plane_line}, {"line/line", &line_line}};
	for (int k = 0; k < 5; k++)
		print_message("%-14s %6d cases, %5d near-degenerate (within 1e-5 of the boundary: snapped to tangent or "
		              "coplanar), %d of them read as the degenerate neighbour; %d disagreements\n",
		              all[k].name, all[k].t->cases, all[k].t->near_degenerate, all[k].t->neighbour, all[k].t->disagreements);
}

/* Found by tests/fuzz/fuzz_cga.c: rounds whose blade cannot hold them were built and then read
 * wrongly: a unit sphere 10^8 from the origin read as a plane (two such spheres apart were
 * "coincident"), two spheres of radius 0 at 1e-10 and at the origin read as tangent (the ni part,
 * 1e-20 beside 1, is lost), and coordinates outside the engine's range were taken. Now each is
 * refused with its reason, and rounds the blades hold are still built. */
static void test_constructors_refuse_what_blades_cannot_hold(void **state)
{
	(void)state;
	col_multivector m;
	col_error error;
	assert_int_equal(col_cga_sphere((col_vec3){1e8, 0, 0}, 1.0, &m, &error), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "cannot be told from a plane"));
	assert_int_equal(col_cga_dual_sphere((col_vec3){1e8, 0, 0}, 1.0, &m, &error), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_sphere((col_vec3){1e-10, 0, 1e-10}, 0.0, &m, &error), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "too small for the conformal blade to hold its radius"));
	col_vec3 pair[2] = {{1e8, 0, 0}, {1e8 + 1, 0, 0}};
	assert_int_equal(col_cga_point_pair(pair[0], pair[1], &m, &error), COL_ERROR_DEGENERATE);
	col_vec3 tiny[3] = {{1e-9, 0, 0}, {0, 1e-9, 0}, {0, 0, 1e-9}};
	assert_int_equal(col_cga_circle(tiny, &m, &error), COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_circle_around((col_vec3){1e8, 0, 0}, (col_vec3){0, 0, 1}, 1.0, &m, &error),
	                 COL_ERROR_DEGENERATE);
	assert_int_equal(col_cga_sphere((col_vec3){1e155, 0, 0}, 1.0, &m, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "cga: sphere: point 1 x 1e+155 is outside the supported range [1e-30, 1e+30] (or 0)");
	assert_int_equal(col_cga_plane((col_vec3){0, 0, 1}, 1e-200, &m, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_cga_dilator(2.0, (col_vec3){0, 1e31, 0}, &m, &error), COL_ERROR_INVALID_ARGUMENT);

	/* Still built: spheres, circles and pairs of ordinary sizes, near and far (10^5 radii away),
	 * and a point-sized sphere at unit distance. */
	assert_int_equal(col_cga_sphere((col_vec3){1e5, 0, 0}, 1.0, &m, &error), COL_OK);
	assert_int_equal(col_cga_kind_of(&m), COL_CGA_SPHERE);
	assert_int_equal(col_cga_sphere((col_vec3){0, 0, 0}, 1e-3, &m, &error), COL_OK);
	assert_int_equal(col_cga_sphere((col_vec3){1, 0, 1}, 0.0, &m, &error), COL_OK);
	col_vec3 unit[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	assert_int_equal(col_cga_circle(unit, &m, &error), COL_OK);
	assert_int_equal(col_cga_point_pair((col_vec3){1e3, 0, 0}, (col_vec3){1e3, 1, 0}, &m, &error), COL_OK);
	col_multivector a, b;
	assert_int_equal(col_cga_sphere((col_vec3){1e5, 0, 0}, 1.0, &a, &error), COL_OK);
	assert_int_equal(col_cga_sphere((col_vec3){1e5 + 3, 0, 0}, 1.0, &b, &error), COL_OK);
	col_cga_intersection x;
	assert_int_equal(col_cga_intersect(&a, &b, &x, &error), COL_OK);
	assert_false(x.surfaces_meet);
	assert_false(x.solids_meet);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_products_match_reference),
	    cmocka_unit_test(test_vector_identities),
	    cmocka_unit_test(test_algebra_core),
	    cmocka_unit_test(test_inverse),
	    cmocka_unit_test(test_format),
	    cmocka_unit_test(test_constructors),
	    cmocka_unit_test(test_compact_forms_agree),
	    cmocka_unit_test(test_compact_rounds_agree),
	    cmocka_unit_test(test_sphere_meets),
	    cmocka_unit_test(test_line_and_plane_meets),
	    cmocka_unit_test(test_round_and_point_meets),
	    cmocka_unit_test(test_versors),
	    cmocka_unit_test(test_random_against_euclidean),
	    cmocka_unit_test(test_constructors_refuse_what_blades_cannot_hold),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
