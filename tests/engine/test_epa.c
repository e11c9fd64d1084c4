/* Penetration: EPA's depth, normal and witnesses on closed-form cases, against the least overlap
 * over every candidate axis on random polytopes (for polytopes that minimum is the depth itself),
 * and source 004's lower bound (eq. 1.14: J2's 1/sqrt(3), and never above the depth). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/epa.h"
#include "collide/hull.h"

#include "support.h"

static void assert_near(double got, double want, double tolerance)
{
	if (!(fabs(got - want) <= tolerance))
		fail_msg("got %.17g, want %.17g", got, want);
}

static void assert_vec3_near(col_vec3 got, col_vec3 want, double tolerance)
{
	if (!(col_vec3_distance(got, want) <= tolerance))
		fail_msg("got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", got.x, got.y, got.z, want.x,
		         want.y, want.z);
}

static col_convex *cube(double half)
{
	col_vec3 v[8];
	for (int i = 0; i < 8; i++)
		v[i] = (col_vec3){i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half};
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_hull(v, 8, &c, &error), &error);
	return c;
}

/* Two unit cubes, B moved by (0.5, 0.1, 0.2): the shallowest way out is 0.5 along +x. */
static void test_epa_cubes(void **state)
{
	(void)state;
	col_convex *c = cube(0.5);
	col_shape a = col_shape_convex(c), b = col_shape_convex(c);
	b.pose.translation = (col_vec3){0.5, 0.1, 0.2};
	col_penetration p = col_penetration_depth(&a, &b, NULL, NULL);
	assert_int_equal(p.status, COL_PENETRATION_CONVERGED);
	assert_near(p.depth, 0.5, 1e-12);
	assert_vec3_near(p.normal, (col_vec3){1, 0, 0}, 1e-12);
	assert_vec3_near(col_vec3_sub(p.point_a, p.point_b), col_vec3_scale(p.normal, p.depth), 1e-12);
	assert_true(p.lower_bound <= p.depth + 1e-12);
	/* The same through a box shape, turned: depth does not depend on the frame. */
	col_shape box_a = col_shape_box((col_vec3){0.5, 0.5, 0.5}), box_b = box_a;
	col_quat q = col_quat_from_axis_angle((col_vec3){1, 2, 3}, 0.7);
	box_a.pose.rotation = box_b.pose.rotation = q;
	box_b.pose.translation = col_quat_apply(q, (col_vec3){0.1, -0.3, 0.5});
	p = col_penetration_depth(&box_a, &box_b, NULL, NULL);
	assert_near(p.depth, 0.5, 1e-12);
	assert_vec3_near(p.normal, col_quat_apply(q, (col_vec3){0, 0, 1}), 1e-12);
	col_convex_destroy(c);
}

static void test_epa_rounded_shapes(void **state)
{
	(void)state;
	/* Spheres: no EPA needed, the cores are apart. */
	col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 1),
	          b = col_shape_sphere((col_vec3){1.5, 0, 0}, 1);
	col_penetration p = col_penetration_depth(&a, &b, NULL, NULL);
	assert_near(p.depth, 0.5, 1e-15);
	assert_vec3_near(p.normal, (col_vec3){1, 0, 0}, 1e-15);
	assert_vec3_near(p.point_a, (col_vec3){1, 0, 0}, 1e-15);
	assert_vec3_near(p.point_b, (col_vec3){0.5, 0, 0}, 1e-15);
	/* A sphere whose centre is inside a box: EPA on the cores, plus the radius. */
	col_shape box = col_shape_box((col_vec3){1, 1, 1});
	col_shape ball = col_shape_sphere((col_vec3){0.2, 0.1, 0.7}, 0.25);
	p = col_penetration_depth(&box, &ball, NULL, NULL);
	assert_near(p.depth, 0.3 + 0.25, 1e-12);
	assert_vec3_near(p.normal, (col_vec3){0, 0, 1}, 1e-12);
	/* Apart. */
	ball.core.point = (col_vec3){0, 0, 3};
	p = col_penetration_depth(&box, &ball, NULL, NULL);
	assert_int_equal(p.status, COL_PENETRATION_APART);
	/* A capsule lying across a box's top, sunk 0.2. */
	col_shape capsule = col_shape_capsule((col_vec3){-3, 0, 1.3}, (col_vec3){3, 0.5, 1.3}, 0.5);
	p = col_penetration_depth(&box, &capsule, NULL, NULL);
	assert_near(p.depth, 0.2, 1e-12);
	assert_vec3_near(p.normal, (col_vec3){0, 0, 1}, 1e-12);
}

/* 2D: two squares overlapping by 0.25 along x grow a polygon, not a polytope. */
static void test_epa_2d(void **state)
{
	(void)state;
	col_vec2 square[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
	col_shape a = col_shape_polygon2(square, 4), b = col_shape_polygon2(square, 4);
	b.pose = col_shape_pose2((col_vec2){0.75, 0.4}, 0);
	col_penetration p = col_penetration_depth(&a, &b, NULL, NULL);
	assert_near(p.depth, 0.25, 1e-12);
	assert_vec3_near(p.normal, (col_vec3){1, 0, 0}, 1e-12);
	assert_true(p.normal.z == 0);
	/* Flat shapes in 3D (two coplanar triangles) have no volume to grow: FLAT, depth 0. */
	col_shape t = col_shape_triangle((col_vec3){0, 0, 0}, (col_vec3){1, 0, 0}, (col_vec3){0, 1, 0});
	col_shape u =
	    col_shape_triangle((col_vec3){0.2, 0.2, 0}, (col_vec3){1, 0.2, 0}, (col_vec3){0.2, 1, 0});
	p = col_penetration_depth(&t, &u, NULL, NULL);
	assert_int_equal(p.status, COL_PENETRATION_FLAT);
	assert_true(p.depth == 0);
}

/* J2: the tetrahedron around the origin; each facet's plane is 1/sqrt(3) away. */
static void test_penetration_bound_j2(void **state)
{
	(void)state;
	col_simplex s = {0};
	col_vec3 y[4] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
	s.count = 4;
	for (int i = 0; i < 4; i++)
		s.vertices[i].w = y[i];
	assert_near(col_simplex_penetration_bound(&s), 1 / sqrt(3.0), 1e-15);
	s.count = 3;
	assert_true(col_simplex_penetration_bound(&s) == 0);
}

static void test_epa_trace(void **state)
{
	(void)state;
	col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 0), b;
	a = col_shape_box((col_vec3){1, 1, 1});
	b = col_shape_cylinder(0.5, 1);
	b.pose.translation = (col_vec3){0.3, 0.2, 1.5};
	col_epa_step steps[256];
	col_vec3 faces[4096][3];
	col_epa_trace trace = {steps, 256, 0, faces, 4096, 0};
	col_penetration p = col_penetration_depth(&a, &b, NULL, &trace);
	assert_near(p.depth, 0.5, 1e-9);
	assert_true(trace.count >= 1);
	for (int k = 0; k < trace.count && k < 256; k++) {
		assert_true(steps[k].face_count >= 4);
		assert_true(steps[k].distance <= steps[k].reach + 1e-12);
	}
	/* Counting only. */
	col_epa_trace counting = {NULL, 0, 0, NULL, 0, 0};
	col_penetration_depth(&a, &b, NULL, &counting);
	assert_int_equal(counting.count, trace.count);
}

static void test_epa_invalid(void **state)
{
	(void)state;
	col_shape a = col_shape_sphere((col_vec3){0, 0, NAN}, 1),
	          b = col_shape_sphere((col_vec3){0, 0, 0}, 1);
	assert_int_equal(col_penetration_depth(&a, &b, NULL, NULL).status, COL_PENETRATION_INVALID);
	assert_int_equal(col_penetration_lower_bound(&a, &b).status, COL_PENETRATION_INVALID);
}

/* ---- random polytopes against the candidate-axis minimum ---- */

static double support_value(const col_vec3 *v, int n, col_vec3 d)
{
	double best = -INFINITY;
	for (int i = 0; i < n; i++) {
		double value = col_vec3_dot(v[i], d);
		best = value > best ? value : best;
	}
	return best;
}

/* The least and the greatest of v[i] . d: the support along d and, negated, along -d, in one pass
 * (the oracle below asks for both signs of some ten thousand axes per case). */
static void support_range(const col_vec3 *v, int n, col_vec3 d, double *least, double *greatest)
{
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < n; i++) {
		double value = col_vec3_dot(v[i], d);
		lo = value < lo ? value : lo;
		hi = value > hi ? value : hi;
	}
	*least = lo;
	*greatest = hi;
}

/* The least overlap of the two world vertex sets over the face normals of each polytope and the
 * cross products of their edges: for polytopes, the penetration depth. */
static double candidate_axis_depth(const col_convex *ca, const col_vec3 *va, const col_convex *cb,
                                   const col_vec3 *vb)
{
	int na = col_convex_vertex_count(ca), nb = col_convex_vertex_count(cb);
	double best = INFINITY;
	const col_convex *c[2] = {ca, cb};
	const col_vec3 *v[2] = {va, vb};
	for (int s = 0; s < 2; s++)
		for (int f = 0; f < col_convex_face_count(c[s]); f++) {
			const int *fv;
			col_convex_face(c[s], f, &fv);
			col_vec3 n = col_vec3_normalize(col_vec3_cross(
			    col_vec3_sub(v[s][fv[1]], v[s][fv[0]]), col_vec3_sub(v[s][fv[2]], v[s][fv[0]])));
			if (s == 1)
				n = col_vec3_scale(n, -1);
			best = fmin(best,
			            support_value(va, na, n) + support_value(vb, nb, col_vec3_scale(n, -1)));
		}
	for (int i = 0; i < col_convex_edge_count(ca); i++) {
		int ei[2], ej[2], f[2];
		col_convex_edge(ca, i, ei, f);
		col_vec3 edge_a = col_vec3_sub(va[ei[1]], va[ei[0]]);
		for (int j = 0; j < col_convex_edge_count(cb); j++) {
			col_convex_edge(cb, j, ej, f);
			col_vec3 n = col_vec3_cross(edge_a, col_vec3_sub(vb[ej[1]], vb[ej[0]]));
			double length = col_vec3_length(n);
			if (!(length > 1e-9))
				continue;
			n = col_vec3_scale(n, 1 / length);
			/* along n, A reaches its greatest and B its least; along -n the other way round
			 * (v . -n is exactly -(v . n)) */
			double a_lo, a_hi, b_lo, b_hi;
			support_range(va, na, n, &a_lo, &a_hi);
			support_range(vb, nb, n, &b_lo, &b_hi);
			double overlap = fmin(a_hi - b_lo, b_hi - a_lo);
			best = overlap < best ? overlap : best;
		}
	}
	return best;
}

static void test_epa_random_polytopes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x455041));
	enum { HULLS = 12 };
	col_convex *hulls[HULLS];
	for (int k = 0; k < HULLS; k++) {
		col_vec3 points[32];
		for (int i = 0; i < 32; i++)
			points[i] = col_vec3_scale(rng_unit_vector3(&r), 1 + 0.1 * (2 * rng_unit(&r) - 1));
		col_error error;
		check_ok(col_convex_hull(points, 32, &hulls[k], &error), &error);
	}
	int cases = COLLIDE_RANDOM_CASES / 10, deep = 0;
	double worst = 0;
	for (int i = 0; i < cases; i++) {
		col_shape a = col_shape_convex(hulls[rng_int(&r, 0, HULLS - 1)]);
		col_shape b = col_shape_convex(hulls[rng_int(&r, 0, HULLS - 1)]);
		a.pose.rotation = rng_unit_quat(&r);
		b.pose.rotation = rng_unit_quat(&r);
		b.pose.translation = col_vec3_scale(rng_unit_vector3(&r), 2.0 * rng_unit(&r));
		col_penetration p = col_penetration_depth(&a, &b, NULL, NULL);
		col_vec3 va[64], vb[64];
		for (int k = 0; k < col_convex_vertex_count(a.core.convex); k++)
			va[k] = col_transform3_apply(a.pose, col_convex_vertices(a.core.convex)[k]);
		for (int k = 0; k < col_convex_vertex_count(b.core.convex); k++)
			vb[k] = col_transform3_apply(b.pose, col_convex_vertices(b.core.convex)[k]);
		double truth = candidate_axis_depth(a.core.convex, va, b.core.convex, vb);
		if (truth < 0) {
			if (p.status != COL_PENETRATION_APART && truth < -1e-9)
				FAIL_CASE(&r, i, "apart by %g but EPA says depth %g", -truth, p.depth);
			continue;
		}
		deep++;
		if (p.status != COL_PENETRATION_CONVERGED)
			FAIL_CASE(&r, i, "status %d for depth %.17g", (int)p.status, truth);
		worst = fmax(worst, fabs(p.depth - truth));
		if (fabs(p.depth - truth) > 1e-9)
			FAIL_CASE(&r, i, "EPA depth %.17g, candidate axes %.17g", p.depth, truth);
		/* B moved by depth along the normal only touches A. */
		double moved =
		    support_value(va, col_convex_vertex_count(a.core.convex), p.normal) -
		    (support_value(vb, col_convex_vertex_count(b.core.convex), col_vec3_scale(p.normal, -1)) *
		         -1 +
		     p.depth);
		if (fabs(moved) > 1e-9)
			FAIL_CASE(&r, i, "moving by depth leaves an overlap of %g along the normal", moved);
		col_penetration bound = col_penetration_lower_bound(&a, &b);
		if (bound.depth > truth + 1e-12)
			FAIL_CASE(&r, i, "lower bound %.17g above the depth %.17g", bound.depth, truth);
	}
	print_message("EPA: %d overlapping pairs of %d, largest depth error %.3g\n", deep, cases, worst);
	for (int k = 0; k < HULLS; k++)
		col_convex_destroy(hulls[k]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_epa_cubes),
	    cmocka_unit_test(test_epa_rounded_shapes),
	    cmocka_unit_test(test_epa_2d),
	    cmocka_unit_test(test_penetration_bound_j2),
	    cmocka_unit_test(test_epa_trace),
	    cmocka_unit_test(test_epa_invalid),
	    cmocka_unit_test(test_epa_random_polytopes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
