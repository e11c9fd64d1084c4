/* GJK and Johnson's sub-algorithm: source 004's worked examples number by number, its check vectors
 * (P1, P2, J1-J3, G1-G4) and their invariants on random polytopes and on every kind of shape (all in
 * docs/sources.md). The oracle comparisons live in test_gjk_oracle.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/gjk.h"
#include "collide/hull.h"

#include "support.h"

#define TIGHT 1e-12

static void assert_vec3_near(col_vec3 got, col_vec3 want, double tolerance)
{
	if (fabs(got.x - want.x) > tolerance || fabs(got.y - want.y) > tolerance ||
	    fabs(got.z - want.z) > tolerance)
		fail_msg("got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", got.x, got.y, got.z, want.x,
		         want.y, want.z);
}

static void assert_near(double got, double want, double tolerance)
{
	if (!(fabs(got - want) <= tolerance))
		fail_msg("got %.17g, want %.17g", got, want);
}

/* The polytope spanned by points (their hull keeps them in input order when all are vertices,
 * which the paper's lowest-index tie rule relies on). */
static col_convex *hull_of(const col_vec3 *points, int count)
{
	col_convex *convex = NULL;
	col_error error;
	check_ok(col_convex_hull(points, count, &convex, &error), &error);
	assert_int_equal(col_convex_vertex_count(convex), count);
	return convex;
}

/* The unit cube in the check vectors' vertex order (docs/sources.md): for x in (0, 1), for y, for z. */
static const col_vec3 unit_cube[8] = {{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1},
                                      {1, 0, 0}, {1, 0, 1}, {1, 1, 0}, {1, 1, 1}};

static col_gjk_options paper_options(void)
{
	col_gjk_options o = col_gjk_default_options();
	o.paper = true;
	return o;
}

/* ---- Johnson ---- */

/* P1 (source 004's Example 1): the two points on a line through the origin. */
static void test_johnson_example_1(void **state)
{
	(void)state;
	col_vec3 y[2] = {{-2, -2, 0}, {-1, -1, 0}};
	col_johnson_result r;
	assert_true(col_johnson(y, 2, &r));
	assert_true(r.deltas[1][0] == 1 && r.deltas[2][1] == 1);
	assert_true(r.deltas[3][0] == -2); /* Delta_1({1,2}) */
	assert_true(r.deltas[3][1] == 4);  /* Delta_2({1,2}) */
	/* Delta({1,2}) = 2 and the affine lambdas (-1, 2): the first is negative, so {y2} alone. */
	assert_true(r.deltas[3][0] + r.deltas[3][1] == 2);
	assert_int_equal(r.kept, 2);
	assert_true(r.lambda[1] == 1 && r.lambda[0] == 0);
	assert_vec3_near(r.v, (col_vec3){-1, -1, 0}, 0);
	assert_false(r.backup);
}

/* J1: a triangle whose nearest point to the origin is inside it. */
static void test_johnson_triangle_interior(void **state)
{
	(void)state;
	col_vec3 y[3] = {{1, -1, 1}, {1, 1, 1}, {-2, 0, 1}};
	col_johnson_result r;
	assert_true(col_johnson(y, 3, &r));
	assert_true(r.deltas[3][0] == 2 && r.deltas[3][1] == 2);
	assert_true(r.deltas[5][0] == 6 && r.deltas[5][2] == 4);
	assert_true(r.deltas[6][1] == 6 && r.deltas[6][2] == 4);
	assert_true(r.deltas[7][0] == 12 && r.deltas[7][1] == 12 && r.deltas[7][2] == 12);
	assert_int_equal(r.kept, 7);
	for (int i = 0; i < 3; i++)
		assert_near(r.lambda[i], 1.0 / 3.0, TIGHT);
	assert_vec3_near(r.v, (col_vec3){0, 0, 1}, TIGHT);
	/* eq. 1.15: |v(aff Y)|^2 = (12*3 + 12*1 + 12*(-1)) / 36 = 1 */
	double dot0[3] = {col_vec3_dot(y[0], y[0]), col_vec3_dot(y[1], y[0]), col_vec3_dot(y[2], y[0])};
	assert_near((r.deltas[7][0] * dot0[0] + r.deltas[7][1] * dot0[1] + r.deltas[7][2] * dot0[2]) / 36.0,
	            1.0, 0);
}

/* J2: a tetrahedron holding the origin: the full set is kept, v = 0, and each facet's affine hull
 * lies at 1/sqrt(3) (the penetration bound of eq. 1.14). */
static void test_johnson_tetrahedron_holds_origin(void **state)
{
	(void)state;
	col_vec3 y[4] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
	col_johnson_result r;
	assert_true(col_johnson(y, 4, &r));
	for (int i = 0; i < 4; i++) {
		assert_true(r.deltas[15][i] == 64);
		assert_near(r.lambda[i], 0.25, 0);
	}
	assert_int_equal(r.kept, 15);
	assert_vec3_near(r.v, (col_vec3){0, 0, 0}, 0);
	unsigned facets[4] = {7, 11, 13, 14};
	for (int f = 0; f < 4; f++) {
		double total = 0, weighted = 0;
		int k = __builtin_ctz(facets[f]);
		for (int i = 0; i < 4; i++)
			if (facets[f] & (1u << i)) {
				assert_true(r.deltas[facets[f]][i] == 16);
				total += r.deltas[facets[f]][i];
				weighted += r.deltas[facets[f]][i] * col_vec3_dot(y[i], y[k]);
			}
		assert_true(total == 48);
		assert_near(weighted / total, 1.0 / 3.0, TIGHT);
	}
}

/* J3: the tie Delta_2({1,2}) = 0 must count as <= 0 (so {1} is accepted) and not as > 0 (so {1,2}
 * is not). */
static void test_johnson_tie_is_not_positive(void **state)
{
	(void)state;
	col_vec3 y[3] = {{1, 1, 0}, {3, -1, 0}, {3, 1, 0}};
	col_johnson_result r;
	assert_true(col_johnson(y, 3, &r));
	assert_true(r.deltas[3][0] == 8 && r.deltas[3][1] == 0);
	assert_true(r.deltas[5][0] == 6 && r.deltas[5][2] == -2);
	assert_true(r.deltas[6][1] == 2 && r.deltas[6][2] == 2);
	assert_true(r.deltas[7][0] == 24 && r.deltas[7][1] == 8 && r.deltas[7][2] == -16);
	assert_int_equal(r.kept, 1);
	assert_vec3_near(r.v, (col_vec3){1, 1, 0}, 0);
	assert_false(r.backup);
}

static void test_johnson_rejects_bad_counts(void **state)
{
	(void)state;
	col_vec3 y[1] = {{0, 0, 0}};
	col_johnson_result r;
	assert_false(col_johnson(y, 0, &r));
	assert_false(col_johnson(y, 5, &r));
	assert_false(col_johnson(NULL, 1, &r));
}

/* ---- the worked GJK runs ---- */

/* P2 (source 004's Example 2): Rabbitz's run on two unit squares in z = 0, row by row. */
static void test_gjk_example_2_squares(void **state)
{
	(void)state;
	col_vec2 square_a[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
	col_vec2 square_b[4] = {{2, 2}, {3, 2}, {3, 3}, {2, 3}};
	col_shape a = col_shape_polygon2(square_a, 4), b = col_shape_polygon2(square_b, 4);
	col_error error;
	check_ok(col_shape_validate(&a, &error), &error);
	check_ok(col_shape_validate(&b, &error), &error);
	col_gjk_step steps[8];
	col_gjk_trace trace = {steps, 8, 0};
	col_gjk_options o = paper_options();
	col_gjk_result r = col_gjk_distance(&a, &b, &o, NULL, &trace);
	assert_int_equal(trace.count, 2);
	/* k = 0 */
	assert_vec3_near(steps[0].v, (col_vec3){-2, -2, 0}, 0);
	assert_true(steps[0].vv == 8);
	assert_vec3_near(steps[0].support_a, (col_vec3){1, 1, 0}, 0);
	assert_true(steps[0].h_a == 4);
	assert_vec3_near(steps[0].support_b, (col_vec3){2, 2, 0}, 0);
	assert_true(steps[0].h_b == -8);
	assert_vec3_near(steps[0].w, (col_vec3){-1, -1, 0}, 0);
	assert_true(steps[0].g == 4);
	assert_true(steps[0].johnson.deltas[3][0] == -2 && steps[0].johnson.deltas[3][1] == 4);
	assert_int_equal(steps[0].johnson.kept, 2); /* {w_0}, lambda 1 */
	/* k = 1: g = 0, the end */
	assert_vec3_near(steps[1].v, (col_vec3){-1, -1, 0}, 0);
	assert_true(steps[1].vv == 2);
	assert_true(steps[1].h_a == 2 && steps[1].h_b == -4);
	assert_true(steps[1].g == 0);
	assert_true(steps[1].stop);
	assert_int_equal(r.status, COL_GJK_SEPARATED);
	assert_near(r.distance, sqrt(2.0), TIGHT);
	assert_vec3_near(r.point_a, (col_vec3){1, 1, 0}, 0);
	assert_vec3_near(r.point_b, (col_vec3){2, 2, 0}, 0);
	assert_int_equal(r.iterations, 2);
}

/* G1: corner to corner, sqrt(3). */
static void test_gjk_corner_corner(void **state)
{
	(void)state;
	col_vec3 tetra[4] = {{2, 2, 2}, {3, 2, 2}, {2, 3, 2}, {2, 2, 3}};
	col_convex *ca = hull_of(unit_cube, 8), *cb = hull_of(tetra, 4);
	col_shape a = col_shape_convex(ca), b = col_shape_convex(cb);
	col_gjk_step steps[8];
	col_gjk_trace trace = {steps, 8, 0};
	col_gjk_options o = paper_options();
	col_gjk_result r = col_gjk_distance(&a, &b, &o, NULL, &trace);
	assert_vec3_near(steps[0].v, (col_vec3){-2, -2, -2}, 0);
	assert_true(steps[0].g == 6);
	assert_vec3_near(steps[0].w, (col_vec3){-1, -1, -1}, 0);
	assert_true(steps[0].johnson.deltas[3][0] == -3 && steps[0].johnson.deltas[3][1] == 6);
	assert_int_equal(steps[0].johnson.kept, 2);
	assert_vec3_near(steps[1].v, (col_vec3){-1, -1, -1}, 0);
	assert_true(steps[1].g == 0);
	assert_int_equal(trace.count, 2);
	assert_near(r.distance, sqrt(3.0), TIGHT);
	assert_vec3_near(r.point_a, (col_vec3){1, 1, 1}, 0);
	assert_vec3_near(r.point_b, (col_vec3){2, 2, 2}, 0);
	col_convex_destroy(ca);
	col_convex_destroy(cb);
}

/* G2: edge to edge, the answer split over a segment, sqrt(2). */
static void test_gjk_edge_edge(void **state)
{
	(void)state;
	col_vec3 tetra[4] = {{1.5, 2.5, 0.5}, {2.5, 1.5, 0.5}, {3, 3, 0}, {3, 3, 1}};
	col_convex *ca = hull_of(unit_cube, 8), *cb = hull_of(tetra, 4);
	col_shape a = col_shape_convex(ca), b = col_shape_convex(cb);
	col_gjk_step steps[8];
	col_gjk_trace trace = {steps, 8, 0};
	col_gjk_options o = paper_options();
	col_gjk_result r = col_gjk_distance(&a, &b, &o, NULL, &trace);
	assert_vec3_near(steps[0].v, (col_vec3){-1.5, -2.5, -0.5}, 0);
	assert_true(steps[0].vv == 35.0 / 4);
	assert_vec3_near(steps[0].support_a, (col_vec3){1, 1, 1}, 0);
	assert_true(steps[0].h_a == 4.5);
	assert_vec3_near(steps[0].support_b, (col_vec3){2.5, 1.5, 0.5}, 0);
	assert_true(steps[0].h_b == -31.0 / 4);
	assert_vec3_near(steps[0].w, (col_vec3){-1.5, -0.5, 0.5}, 0);
	assert_true(steps[0].g == 5.5);
	assert_true(steps[0].johnson.deltas[3][0] == -0.5 && steps[0].johnson.deltas[3][1] == 5.5);
	assert_int_equal(steps[0].johnson.kept, 2);
	assert_vec3_near(steps[1].v, (col_vec3){-1.5, -0.5, 0.5}, 0);
	assert_true(steps[1].vv == 11.0 / 4);
	assert_vec3_near(steps[1].support_a, (col_vec3){1, 1, 0}, 0);
	assert_true(steps[1].h_a == 2);
	assert_vec3_near(steps[1].support_b, (col_vec3){1.5, 2.5, 0.5}, 0);
	assert_true(steps[1].h_b == -13.0 / 4);
	assert_vec3_near(steps[1].w, (col_vec3){-0.5, -1.5, -0.5}, 0);
	assert_true(steps[1].g == 1.5);
	assert_true(steps[1].johnson.deltas[3][0] == 1.5 && steps[1].johnson.deltas[3][1] == 1.5);
	assert_int_equal(steps[1].johnson.kept, 3);
	assert_vec3_near(steps[2].v, (col_vec3){-1, -1, 0}, 0);
	assert_true(steps[2].g == 0);
	assert_near(r.distance, sqrt(2.0), TIGHT);
	assert_vec3_near(r.point_a, (col_vec3){1, 1, 0.5}, TIGHT);
	assert_vec3_near(r.point_b, (col_vec3){2, 2, 0.5}, TIGHT);
	col_convex_destroy(ca);
	col_convex_destroy(cb);
}

/* G3: two unit cubes overlapping by half: intersecting after one Johnson step. */
static void test_gjk_overlapping_cubes(void **state)
{
	(void)state;
	col_convex *c = hull_of(unit_cube, 8);
	col_shape a = col_shape_convex(c), b = col_shape_convex(c);
	b.pose.translation = (col_vec3){0.5, 0.5, 0.5};
	col_gjk_step steps[8];
	col_gjk_trace trace = {steps, 8, 0};
	col_gjk_options o = paper_options();
	col_gjk_result r = col_gjk_distance(&a, &b, &o, NULL, &trace);
	assert_vec3_near(steps[0].v, (col_vec3){-0.5, -0.5, -0.5}, 0);
	assert_vec3_near(steps[0].w, (col_vec3){0.5, 0.5, 0.5}, 0);
	assert_true(steps[0].g == 1.5);
	assert_true(steps[0].johnson.deltas[3][0] == 1.5 && steps[0].johnson.deltas[3][1] == 1.5);
	assert_vec3_near(steps[0].johnson.v, (col_vec3){0, 0, 0}, 0);
	assert_int_equal(r.status, COL_GJK_INTERSECTING);
	assert_true(r.overlap);
	assert_true(r.distance == 0);
	assert_true(col_gjk_intersect(&a, &b, NULL, NULL));
	col_convex_destroy(c);
}

/* G4: corner to face, through a 2-simplex step: 1/2. */
static void test_gjk_corner_face(void **state)
{
	(void)state;
	col_vec3 tetra[4] = {{0.5, 0.5, 1.5}, {-1, -1, 3}, {2, -1, 3}, {0.5, 2, 3}};
	col_convex *ca = hull_of(unit_cube, 8), *cb = hull_of(tetra, 4);
	col_shape a = col_shape_convex(ca), b = col_shape_convex(cb);
	col_gjk_step steps[8];
	col_gjk_trace trace = {steps, 8, 0};
	col_gjk_options o = paper_options();
	col_gjk_result r = col_gjk_distance(&a, &b, &o, NULL, &trace);
	assert_vec3_near(steps[0].v, (col_vec3){-0.5, -0.5, -1.5}, 0);
	assert_true(steps[0].g == 2.5);
	assert_vec3_near(steps[0].w, (col_vec3){0.5, 0.5, -0.5}, 0);
	assert_true(steps[0].johnson.deltas[3][0] == 0.5 && steps[0].johnson.deltas[3][1] == 2.5);
	assert_vec3_near(steps[1].v, (col_vec3){1.0 / 3, 1.0 / 3, -2.0 / 3}, TIGHT);
	assert_near(steps[1].g, 2.0 / 3, TIGHT);
	assert_vec3_near(steps[1].w, (col_vec3){-0.5, -0.5, -0.5}, 0);
	assert_near(steps[1].johnson.deltas[7][0], -1, TIGHT);
	assert_near(steps[1].johnson.deltas[7][1], 1, TIGHT);
	assert_near(steps[1].johnson.deltas[7][2], 2, TIGHT);
	assert_int_equal(steps[1].johnson.kept, 6); /* {w_0, w_1} */
	assert_vec3_near(steps[2].v, (col_vec3){0, 0, -0.5}, TIGHT);
	assert_near(steps[2].g, 0, TIGHT);
	assert_near(r.distance, 0.5, TIGHT);
	assert_vec3_near(r.point_a, (col_vec3){0.5, 0.5, 1}, TIGHT);
	assert_vec3_near(r.point_b, (col_vec3){0.5, 0.5, 1.5}, TIGHT);
	col_convex_destroy(ca);
	col_convex_destroy(cb);
}

/* ---- rounded shapes and closed forms ---- */

static void test_gjk_spheres_and_capsules(void **state)
{
	(void)state;
	col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 1), b = col_shape_sphere((col_vec3){3, 4, 0}, 2);
	col_gjk_result r = col_gjk_distance(&a, &b, NULL, NULL, NULL);
	assert_near(r.distance, 2, TIGHT);
	assert_vec3_near(r.point_a, (col_vec3){0.6, 0.8, 0}, TIGHT);
	assert_vec3_near(r.point_b, (col_vec3){1.8, 2.4, 0}, TIGHT);
	assert_vec3_near(r.normal, (col_vec3){0.6, 0.8, 0}, TIGHT);
	/* Touching spheres overlap. */
	b.core.point = (col_vec3){3, 0, 0};
	r = col_gjk_distance(&a, &b, NULL, NULL, NULL);
	assert_true(r.overlap);
	assert_true(col_gjk_intersect(&a, &b, NULL, NULL));
	/* Two crossed capsules 3 apart with radii 0.5 and 1: 1.5. */
	col_shape c = col_shape_capsule((col_vec3){-1, 0, 0}, (col_vec3){1, 0, 0}, 0.5);
	col_shape d = col_shape_capsule((col_vec3){0, -1, 3}, (col_vec3){0, 1, 3}, 1);
	r = col_gjk_distance(&c, &d, NULL, NULL, NULL);
	assert_near(r.distance, 1.5, TIGHT);
	assert_vec3_near(r.point_a, (col_vec3){0, 0, 0.5}, TIGHT);
	assert_vec3_near(r.point_b, (col_vec3){0, 0, 2}, TIGHT);
	col_vec3 axis;
	assert_false(col_gjk_intersect(&c, &d, NULL, &axis));
	assert_true(axis.z > 0);
}

static void test_gjk_box_cylinder_cone(void **state)
{
	(void)state;
	/* A cylinder standing on a box, 0.25 above it. */
	col_shape box = col_shape_box((col_vec3){2, 2, 1});
	col_shape cyl = col_shape_cylinder(0.5, 1);
	cyl.pose.translation = (col_vec3){0.3, -0.2, 2.25};
	col_gjk_result r = col_gjk_distance(&box, &cyl, NULL, NULL, NULL);
	assert_near(r.distance, 0.25, 1e-12);
	/* A cone's apex pointing down at a box's top face, 0.5 above. */
	col_shape cone = col_shape_cone(1, 1);
	cone.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI);
	cone.pose.translation = (col_vec3){0, 0, 2.5};
	r = col_gjk_distance(&box, &cone, NULL, NULL, NULL);
	assert_near(r.distance, 0.5, 1e-12);
	assert_vec3_near(r.point_b, (col_vec3){0, 0, 1.5}, 1e-12);
	/* A cylinder lying on its side: its curved surface reaches z = 1 + 0.75 - 0.5. */
	cyl.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI / 2);
	cyl.pose.translation = (col_vec3){0, 0, 1.75};
	r = col_gjk_distance(&box, &cyl, NULL, NULL, NULL);
	assert_near(r.distance, 0.25, 1e-9);
}

static void test_gjk_invalid_shapes_are_nowhere(void **state)
{
	(void)state;
	col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 1),
	          b = col_shape_sphere((col_vec3){NAN, 0, 0}, 1);
	col_gjk_result r = col_gjk_distance(&a, &b, NULL, NULL, NULL);
	assert_int_equal(r.status, COL_GJK_INVALID);
	assert_false(r.overlap);
	assert_true(isinf(r.distance));
	assert_false(col_gjk_intersect(&a, &b, NULL, NULL));
	b = col_shape_sphere((col_vec3){0, 0, 0}, -1);
	assert_false(col_gjk_intersect(&a, &b, NULL, NULL));
	b = col_shape_sphere((col_vec3){0, 0, 0}, 1);
	b.pose.rotation.w = INFINITY;
	assert_false(col_gjk_intersect(&a, &b, NULL, NULL));
}

/* ---- invariants on random polytopes (source 004's check vectors, docs/sources.md) ---- */

static col_convex *random_cloud_hull(rng *r, int count)
{
	col_vec3 points[64];
	for (int i = 0; i < count; i++)
		points[i] = col_vec3_scale(rng_unit_vector3(r), 1 + 0.1 * (2 * rng_unit(r) - 1));
	col_convex *convex = NULL;
	col_error error;
	check_ok(col_convex_hull(points, count, &convex, &error), &error);
	return convex;
}

/* d(A,B) = d(B,A) with swapped witnesses, |pA - pB| = d, a common translation changes nothing, the
 * certified interval holds, |v_k| never grows, g_k >= 0 to rounding, lambdas positive and summing
 * to one; the warm-started answer equals the cold one. */
static void test_gjk_invariants_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x474A4B31));
	enum { HULLS = 16 };
	col_convex *hulls[HULLS];
	for (int i = 0; i < HULLS; i++)
		hulls[i] = random_cloud_hull(&r, 32);
	int cases = COLLIDE_RANDOM_CASES / 4;
	col_gjk_step steps[64];
	for (int i = 0; i < cases; i++) {
		col_shape a = col_shape_convex(hulls[rng_int(&r, 0, HULLS - 1)]);
		col_shape b = col_shape_convex(hulls[rng_int(&r, 0, HULLS - 1)]);
		a.pose.rotation = rng_unit_quat(&r);
		b.pose.rotation = rng_unit_quat(&r);
		b.pose.translation = col_vec3_scale(rng_unit_vector3(&r), 3.6 * rng_unit(&r));
		col_gjk_trace trace = {steps, 64, 0};
		col_gjk_result ab = col_gjk_distance(&a, &b, NULL, NULL, &trace);
		col_gjk_result ba = col_gjk_distance(&b, &a, NULL, NULL, NULL);
		if (ab.overlap != ba.overlap || fabs(ab.distance - ba.distance) > 1e-12)
			FAIL_CASE(&r, i, "d(A,B) = %.17g but d(B,A) = %.17g", ab.distance, ba.distance);
		if (!ab.overlap) {
			if (fabs(col_vec3_distance(ab.point_a, ab.point_b) - ab.distance) > 1e-12)
				FAIL_CASE(&r, i, "|pA - pB| = %.17g, d = %.17g",
				          col_vec3_distance(ab.point_a, ab.point_b), ab.distance);
			assert_vec3_near(ab.point_a, ba.point_b, 1e-9);
			if (!(ab.lower_bound <= ab.distance + 1e-15 && ab.distance <= ab.upper_bound))
				FAIL_CASE(&r, i, "interval [%.17g, %.17g] misses %.17g", ab.lower_bound,
				          ab.upper_bound, ab.distance);
			double sum = 0;
			for (int k = 0; k < ab.simplex.count; k++) {
				if (!(ab.simplex.lambda[k] > 0))
					FAIL_CASE(&r, i, "lambda %d = %g", k, ab.simplex.lambda[k]);
				sum += ab.simplex.lambda[k];
			}
			assert_near(sum, 1, 1e-12);
		}
		for (int k = 1; k < trace.count && k < 64; k++)
			if (steps[k].vv > steps[k - 1].vv)
				FAIL_CASE(&r, i, "|v| grew at step %d", k);
		for (int k = 0; k < trace.count && k < 64; k++)
			if (steps[k].g < -1e-12 * steps[k].vv - 1e-300)
				FAIL_CASE(&r, i, "g_%d = %g < 0", k, steps[k].g);
		/* A common translation. */
		col_vec3 shift = rng_vec3(&r, -10, 10);
		col_shape a2 = a, b2 = b;
		a2.pose.translation = col_vec3_add(a2.pose.translation, shift);
		b2.pose.translation = col_vec3_add(b2.pose.translation, shift);
		col_gjk_result moved = col_gjk_distance(&a2, &b2, NULL, NULL, NULL);
		if (moved.overlap != ab.overlap || fabs(moved.distance - ab.distance) > 1e-11)
			FAIL_CASE(&r, i, "moved: %.17g vs %.17g", moved.distance, ab.distance);
		/* Warm start from the answer. */
		col_gjk_cache cache = {0};
		col_gjk_distance(&a, &b, NULL, &cache, NULL);
		col_gjk_result warm = col_gjk_distance(&a, &b, NULL, &cache, NULL);
		if (warm.overlap != ab.overlap || fabs(warm.distance - ab.distance) > 1e-12)
			FAIL_CASE(&r, i, "warm: %.17g vs %.17g", warm.distance, ab.distance);
		if (!warm.overlap && warm.iterations > 2)
			FAIL_CASE(&r, i, "warm start took %d iterations", warm.iterations);
		/* The boolean agrees with the distance. */
		if (col_gjk_intersect(&a, &b, NULL, NULL) != ab.overlap && ab.distance > 1e-9)
			FAIL_CASE(&r, i, "intersect disagrees with distance %.17g", ab.distance);
	}
	for (int i = 0; i < HULLS; i++)
		col_convex_destroy(hulls[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_johnson_example_1),
	    cmocka_unit_test(test_johnson_triangle_interior),
	    cmocka_unit_test(test_johnson_tetrahedron_holds_origin),
	    cmocka_unit_test(test_johnson_tie_is_not_positive),
	    cmocka_unit_test(test_johnson_rejects_bad_counts),
	    cmocka_unit_test(test_gjk_example_2_squares),
	    cmocka_unit_test(test_gjk_corner_corner),
	    cmocka_unit_test(test_gjk_edge_edge),
	    cmocka_unit_test(test_gjk_overlapping_cubes),
	    cmocka_unit_test(test_gjk_corner_face),
	    cmocka_unit_test(test_gjk_spheres_and_capsules),
	    cmocka_unit_test(test_gjk_box_cylinder_cone),
	    cmocka_unit_test(test_gjk_invalid_shapes_are_nowhere),
	    cmocka_unit_test(test_gjk_invariants_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
