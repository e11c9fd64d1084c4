/* The brute-force 3D oracles against each other and against geometry known by hand: the crossing
 * number (exact) and the winding number (floating point) must agree on random points; points on
 * faces, edges and vertices count as inside; sphere and mesh queries match closed-form answers. */
#include <math.h>
#include <stdio.h>

#include "collide/mesh.h"

#include "support.h"

static col_mesh *make_box(double h)
{
	col_mesh *box = NULL;
	col_error error;
	check_ok(col_mesh_create_box((col_vec3){h, h, h}, &box, &error), &error);
	return box;
}

static bool inside(const col_mesh *mesh, col_vec3 p, col_method method)
{
	return col_mesh_contains_point(mesh, p, method, NULL);
}

/* Crossing and winding agree on random points; `truth`, when given, is the answer by formula.
 * Two oracles checked against each other, not an accelerated structure against its oracle (the
 * structures' tests give those 10^5 cases per class), and the winding number's atan2 per triangle
 * makes each case cost: make test runs a tenth of the cases, make test-long all of them. */
static void agree_on_random_points(const col_mesh *mesh, uint64_t seed, bool (*truth)(col_vec3),
                                   const char *name)
{
	const int cases = collide_long_tests() ? COLLIDE_RANDOM_CASES : COLLIDE_RANDOM_CASES / 10;
	rng r = rng_make(seed);
	col_aabb3 bounds = col_mesh_bounds(mesh);
	int inside_count = 0;
	col_query_stats stats;
	col_query_stats_reset(&stats);
	for (int i = 0; i < cases; ++i) {
		col_vec3 p = rng_in_grown_box(&r, bounds);
		bool crossing = col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING, &stats);
		bool winding = inside(mesh, p, COL_METHOD_WINDING);
		if (crossing != winding)
			FAIL_CASE(&r, i, "%s: crossing %d, winding %d at (%.17g, %.17g, %.17g)", name,
			          crossing, winding, p.x, p.y, p.z);
		if (truth != NULL && crossing != truth(p))
			FAIL_CASE(&r, i, "%s: crossing %d at (%.17g, %.17g, %.17g)", name, crossing, p.x, p.y,
			          p.z);
		inside_count += crossing;
	}
	assert_true(inside_count > cases / 20 && inside_count < cases * 19 / 20);
	assert_int_equal(stats.queries, cases);
	assert_true(stats.primitives_tested >= (uint64_t)cases * (uint64_t)col_mesh_triangle_count(mesh));
}

static bool in_unit_box(col_vec3 p)
{
	return fabs(p.x) <= 1 && fabs(p.y) <= 1 && fabs(p.z) <= 1;
}

static void test_box_random(void **state)
{
	(void)state;
	col_mesh *box = make_box(1.0);
	agree_on_random_points(box, 0x424F584F52414331ULL, in_unit_box, "box");
	col_mesh_destroy(box);
}

static void test_torus_random(void **state)
{
	(void)state;
	col_mesh *torus = NULL;
	col_error error;
	check_ok(col_mesh_create_torus(1.0, 0.4, 32, 16, &torus, &error), &error);
	agree_on_random_points(torus, 0x544F5255534F5231ULL, NULL, "torus");
	col_mesh_destroy(torus);
}

static void test_bumpy_sphere_random(void **state)
{
	(void)state;
	col_mesh *bumpy = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(3, &bumpy, &error), &error);
	agree_on_random_points(bumpy, 0x42554D50594F5231ULL, NULL, "bumpy L3");
	col_mesh_destroy(bumpy);
}

/* On a face, an edge or a vertex is inside; the nearest double outside is outside. Many of these
 * make the first ray pass exactly through an edge or lie in a face's plane. */
static void test_box_boundary(void **state)
{
	(void)state;
	col_mesh *box = make_box(1.0);
	const double out = nextafter(1.0, 2.0), in = nextafter(1.0, 0.0);
	struct {
		col_vec3 p;
		bool want;
	} cases[] = {
	    {{0, 0, 0}, true},     {{1, 0, 0}, true},          {{0.3, -1, 0.7}, true},
	    {{1, 1, 0}, true},     {{-1, 0.5, 1}, true},       {{1, 1, 1}, true},
	    {{-1, -1, -1}, true},  {{out, 0, 0}, false},       {{in, 0, 0}, true},
	    {{1, out, 0}, false},  {{out, out, out}, false},   {{in, in, in}, true},
	    {{2, 0, 1}, false},    {{2, 2, 1}, false},         {{1, 2, 0}, false},
	    {{0, 0, 1.5}, false},  {{-3, -1, -1}, false},      {{0.5, 0.5, -1}, true},
	    {{0, 0, -out}, false}, {{0.25, 0.25, 0.25}, true},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
		for (int m = 0; m < 3; ++m) {
			col_method method =
			    m == 0 ? COL_METHOD_CROSSING : (m == 1 ? COL_METHOD_WINDING : COL_METHOD_DEFAULT);
			if (inside(box, cases[i].p, method) != cases[i].want)
				fail_msg("case %zu (%.17g, %.17g, %.17g), method %d: want %d", i,
				         cases[i].p.x, cases[i].p.y, cases[i].p.z, m, cases[i].want);
		}
	}
	/* Points on the line of the first ray's direction through an edge and through a corner. */
	col_vec3 d =
	    col_vec3_normalize((col_vec3){0.5403023058681398, 0.8414709848078965, 0.3183098861837907});
	col_vec3 targets[3] = {{1, 0.25, 1}, {1, 1, 1}, {-1, 1, 0.5}};
	for (int i = 0; i < 3; ++i) {
		for (double back = 0.5; back < 4; back += 0.5) {
			col_vec3 p = col_vec3_sub(targets[i], col_vec3_scale(d, back));
			bool want = in_unit_box(p);
			if (inside(box, p, COL_METHOD_CROSSING) != want ||
			    inside(box, p, COL_METHOD_WINDING) != want)
				fail_msg("ray through feature %d from (%.17g, %.17g, %.17g): want %d", i, p.x,
				         p.y, p.z, want);
		}
	}
	col_mesh_destroy(box);
}

/* A tetrahedron with a vertex exactly on the first ray from the origin: the crossing count must
 * notice the graze and cast again (its statistics show a second pass), and still say inside. The
 * first ray runs from p to p + (4 reach + 1) d, reach = 10 here, so q / 8 lies on it exactly. */
static void test_ray_through_vertex(void **state)
{
	(void)state;
	col_vec3 d =
	    col_vec3_normalize((col_vec3){0.5403023058681398, 0.8414709848078965, 0.3183098861837907});
	col_vec3 q = col_vec3_scale(d, 41.0);
	col_vec3 v[4] = {col_vec3_scale(q, 0.125), {-10, -10, 10}, {-10, 10, -10}, {10, -10, -10}};
	int32_t t[12] = {0, 1, 2, 0, 2, 3, 0, 3, 1, 1, 3, 2};
	col_mesh *tetra = NULL;
	col_error error;
	check_ok(col_mesh_create(v, 4, t, 4, &tetra, &error), &error);
	check_ok(col_mesh_fix_orientation(tetra, NULL, &error), &error);
	col_vec3 origin = {0, 0, 0};
	assert_true(inside(tetra, origin, COL_METHOD_WINDING));
	col_query_stats stats;
	col_query_stats_reset(&stats);
	assert_true(col_mesh_contains_point(tetra, origin, COL_METHOD_CROSSING, &stats));
	assert_true(stats.primitives_tested > 4);
	/* Beyond that vertex, on the same line: outside. */
	col_vec3 beyond = col_vec3_scale(q, 0.25);
	assert_false(inside(tetra, beyond, COL_METHOD_WINDING));
	assert_false(inside(tetra, beyond, COL_METHOD_CROSSING));
	col_mesh_destroy(tetra);
}

/* Surface points of the bumpy sphere (its vertices and edge midpoints) are inside, exactly. */
static void test_bumpy_surface_points(void **state)
{
	(void)state;
	col_mesh *bumpy = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(2, &bumpy, &error), &error);
	const col_vec3 *v = col_mesh_vertices(bumpy);
	for (int i = 0; i < col_mesh_vertex_count(bumpy); ++i) {
		assert_true(inside(bumpy, v[i], COL_METHOD_CROSSING));
		assert_true(inside(bumpy, v[i], COL_METHOD_WINDING));
		/* Scaled out by 1% along the ray it is outside (the sphere is star-shaped). */
		assert_false(inside(bumpy, col_vec3_scale(v[i], 1.01), COL_METHOD_CROSSING));
		assert_true(inside(bumpy, col_vec3_scale(v[i], 0.99), COL_METHOD_CROSSING));
	}
	col_mesh_destroy(bumpy);
}

/* ---- sphere against mesh ---- */

static double distance_to_unit_box(col_vec3 p)
{
	col_vec3 q = {fmax(0, fabs(p.x) - 1), fmax(0, fabs(p.y) - 1), fmax(0, fabs(p.z) - 1)};
	return col_vec3_length(q);
}

static void test_sphere_vs_box(void **state)
{
	(void)state;
	col_mesh *box = make_box(1.0);
	assert_true(col_mesh_intersects_sphere(box, (col_sphere){{2, 0, 0}, 1}, NULL)); /* touching a face */
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{2, 0, 0}, nextafter(1, 0)}, NULL));
	assert_true(col_mesh_intersects_sphere(box, (col_sphere){{0, 0, 0}, 0.1}, NULL)); /* wholly inside */
	assert_true(
	    col_mesh_intersects_sphere(box, (col_sphere){{1, 1, 1}, 0}, NULL)); /* a point on a corner */
	assert_true(col_mesh_intersects_sphere(box, (col_sphere){{0.5, 0.5, 0.5}, 0}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{4, 4, 4}, 1}, NULL));
	assert_true(
	    col_mesh_intersects_sphere(box, (col_sphere){{0, 0, 0}, 100}, NULL)); /* swallows the box */
	/* tangent to an edge (the line x = y = 1) and to a corner, exactly: distance 5 */
	assert_true(col_mesh_intersects_sphere(box, (col_sphere){{4, 5, 0.5}, 5}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{4, 5, 0.5}, nextafter(5, 0)}, NULL));
	assert_true(col_mesh_intersects_sphere(box, (col_sphere){{1, 4, 5}, 5}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{1, 4, 5}, nextafter(5, 0)}, NULL));
	/* nowhere: NaN, infinite or negative radius, NaN centre, no mesh */
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{100, 100, 100}, NAN}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{0, 0, 0}, NAN}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{0, 0, 0}, INFINITY}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{0, 0, 0}, -1}, NULL));
	assert_false(col_mesh_intersects_sphere(box, (col_sphere){{NAN, 0, 0}, 1}, NULL));
	assert_false(col_mesh_intersects_sphere(NULL, (col_sphere){{0, 0, 0}, 1}, NULL));
	assert_false(col_mesh_contains_point(box, (col_vec3){0, NAN, 0}, COL_METHOD_CROSSING, NULL));
	assert_false(col_mesh_contains_point(NULL, (col_vec3){0, 0, 0}, COL_METHOD_CROSSING, NULL));
	col_vec3 points[2] = {{0, 0, 0}, {0, 0, 0}};
	bool inside[2] = {true, true};
	col_mesh_contains_points(NULL, points, 2, COL_METHOD_CROSSING, inside, NULL);
	assert_false(inside[0] || inside[1]);
	col_mesh_contains_points(box, NULL, 2, COL_METHOD_CROSSING, inside, NULL);
	assert_false(inside[0] || inside[1]);
	col_mesh_contains_points(box, points, 2, COL_METHOD_CROSSING, NULL, NULL); /* nowhere to write */
	assert_false(col_mesh_intersects_mesh(box, NULL, col_transform3_identity(), NULL));
	assert_false(col_mesh_intersects_mesh(NULL, box, col_transform3_identity(), NULL));

	rng r = rng_make(0x5350484D45534831ULL);
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_sphere s = {{rng_in(&r, -2, 2), rng_in(&r, -2, 2), rng_in(&r, -2, 2)},
		                rng_in(&r, 0, 0.7)};
		double d = distance_to_unit_box(s.center);
		if (fabs(d - s.radius) < 1e-12)
			continue; /* a tie decided by rounding, not by the oracle */
		bool want = d < s.radius;
		if (col_mesh_intersects_sphere(box, s, NULL) != want)
			FAIL_CASE(&r, i, "sphere (%.17g, %.17g, %.17g) r %.17g: want %d", s.center.x,
			          s.center.y, s.center.z, s.radius, want);
	}
	col_mesh_destroy(box);
}

/* ---- mesh against mesh ---- */

static col_transform3 pose(col_vec3 axis, double angle, col_vec3 t)
{
	return (col_transform3){col_quat_from_axis_angle(axis, angle), t};
}

static void test_box_vs_box(void **state)
{
	(void)state;
	col_mesh *a = make_box(1.0), *small = make_box(0.25);
	col_vec3 z = {0, 0, 1};
	assert_true(col_mesh_intersects_mesh(a, a, pose(z, 0, (col_vec3){2, 0, 0}), NULL)); /* faces touch */
	assert_false(col_mesh_intersects_mesh(a, a, pose(z, 0, (col_vec3){nextafter(2, 3), 0, 0}), NULL));
	assert_true(
	    col_mesh_intersects_mesh(a, a, pose(z, 0, (col_vec3){2, 2, 2}), NULL)); /* corners touch */
	assert_true(
	    col_mesh_intersects_mesh(a, small, pose(z, 0.3, (col_vec3){0.1, 0.2, 0.3}), NULL)); /* nested */
	assert_true(col_mesh_intersects_mesh(small, a, pose(z, 0.3, (col_vec3){0.1, 0.2, 0.3}), NULL));
	assert_false(col_mesh_intersects_mesh(a, small, pose(z, 0, (col_vec3){1.3, 0, 0}), NULL));
	/* A box turned 45 degrees about z reaches sqrt(2) along x. */
	assert_true(
	    col_mesh_intersects_mesh(a, a, pose(z, 0.78539816339744831, (col_vec3){2.4, 0, 0}), NULL));
	assert_false(
	    col_mesh_intersects_mesh(a, a, pose(z, 0.78539816339744831, (col_vec3){2.42, 0, 0}), NULL));
	col_query_stats stats;
	col_query_stats_reset(&stats);
	col_mesh_intersects_mesh(a, a, pose(z, 0, (col_vec3){5, 0, 0}), &stats);
	assert_int_equal(stats.queries, 1);
	assert_true(stats.primitives_tested >= 144);
	col_mesh_destroy(a);
	col_mesh_destroy(small);
}

/* Oriented boxes by the separating axis test (15 axes), in floating point. */
static bool obb_overlap(col_vec3 ha, col_vec3 hb, col_transform3 b_to_a)
{
	col_vec3 ua[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, ub[3];
	for (int k = 0; k < 3; ++k)
		ub[k] = col_quat_apply(b_to_a.rotation, ua[k]);
	double ea[3] = {ha.x, ha.y, ha.z}, eb[3] = {hb.x, hb.y, hb.z};
	col_vec3 axes[15];
	int n = 0;
	for (int i = 0; i < 3; ++i) {
		axes[n++] = ua[i];
		axes[n++] = ub[i];
		for (int j = 0; j < 3; ++j)
			axes[n++] = col_vec3_cross(ua[i], ub[j]);
	}
	for (int k = 0; k < n; ++k) {
		if (col_vec3_length(axes[k]) < 1e-9)
			continue;
		double ra = 0, rb = 0;
		for (int i = 0; i < 3; ++i) {
			ra += ea[i] * fabs(col_vec3_dot(axes[k], ua[i]));
			rb += eb[i] * fabs(col_vec3_dot(axes[k], ub[i]));
		}
		if (fabs(col_vec3_dot(axes[k], b_to_a.translation)) > ra + rb + 1e-9)
			return false;
	}
	return true;
}

static void test_box_vs_box_random(void **state)
{
	(void)state;
	col_mesh *a = NULL, *b = NULL;
	col_error error;
	col_vec3 ha = {1, 0.5, 0.75}, hb = {0.3, 0.8, 0.4};
	check_ok(col_mesh_create_box(ha, &a, &error), &error);
	check_ok(col_mesh_create_box(hb, &b, &error), &error);
	rng r = rng_make(0x4F4242534154ULL);
	int hits = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_vec3 axis = {rng_in(&r, -1, 1), rng_in(&r, -1, 1), rng_in(&r, -1, 1)};
		col_transform3 t =
		    pose(axis, rng_in(&r, 0, 6.3),
		         (col_vec3){rng_in(&r, -2.5, 2.5), rng_in(&r, -2, 2), rng_in(&r, -2, 2)});
		bool want = obb_overlap(ha, hb, t);
		bool loose = obb_overlap(
		    ha, hb, (col_transform3){t.rotation, col_vec3_scale(t.translation, 1 - 1e-7)});
		bool tight = obb_overlap(
		    ha, hb, (col_transform3){t.rotation, col_vec3_scale(t.translation, 1 + 1e-7)});
		if (loose != tight)
			continue; /* within rounding of touching */
		hits += want;
		if (col_mesh_intersects_mesh(a, b, t, NULL) != want)
			FAIL_CASE(&r, i, "boxes at (%.17g, %.17g, %.17g): want %d", t.translation.x,
			          t.translation.y, t.translation.z, want);
	}
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 && hits < COLLIDE_RANDOM_CASES * 9 / 10);
	col_mesh_destroy(a);
	col_mesh_destroy(b);
}

/* Two bumpy spheres: meeting iff some surface point of one is inside the other, cross-checked with
 * a translation sweep that must switch from meeting to apart exactly once. */
static void test_bumpy_vs_bumpy(void **state)
{
	(void)state;
	col_mesh *bumpy = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(2, &bumpy, &error), &error);
	col_vec3 dir = col_vec3_normalize((col_vec3){0.3, -0.5, 0.8});
	bool was = true;
	int switches = 0;
	for (double m = 0.0; m <= 2.4; m += 0.05) {
		col_transform3 t = pose((col_vec3){1, 2, 3}, 0.7, col_vec3_scale(dir, m));
		bool now = col_mesh_intersects_mesh(bumpy, bumpy, t, NULL);
		/* Seen from the other body the answer is the same. */
		assert_true(now == col_mesh_intersects_mesh(bumpy, bumpy, col_transform3_inverse(t), NULL));
		switches += now != was;
		was = now;
	}
	assert_false(was);
	assert_true(switches >= 1);
	/* Scaled well inside: contained, no surface contact. */
	col_mesh *small = NULL;
	check_ok(col_mesh_create_icosphere(2, 0.3, &small, &error), &error);
	assert_true(col_mesh_intersects_mesh(bumpy, small, col_transform3_identity(), NULL));
	assert_true(col_mesh_intersects_mesh(small, bumpy, col_transform3_identity(), NULL));
	col_mesh_destroy(small);
	col_mesh_destroy(bumpy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_box_random),          cmocka_unit_test(test_torus_random),
	    cmocka_unit_test(test_bumpy_sphere_random), cmocka_unit_test(test_box_boundary),
	    cmocka_unit_test(test_ray_through_vertex),  cmocka_unit_test(test_bumpy_surface_points),
	    cmocka_unit_test(test_sphere_vs_box),       cmocka_unit_test(test_box_vs_box),
	    cmocka_unit_test(test_box_vs_box_random),   cmocka_unit_test(test_bumpy_vs_bumpy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
