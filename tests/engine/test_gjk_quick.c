/* col_gjk_intersect's quick path: the vector support scan agrees with the scalar one vertex for
 * vertex, and the quick loop's answers (gjk_quick.c), which col_gjk_intersect returns without the
 * full loop, are certificates: never against the exact oracle, on random pairs of every kind of
 * shape and on the touching, grazing and identical poses where round-off decides. */
#include <stdio.h>
#include <string.h>

#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/shape_oracle.h"
#include "minkowski_internal.h"
#include "support.h"
#include "support_scan.h"

/* The first vertex of largest dot product, as the scalar rule defines it. */
static int first_largest(const col_vec3 *v, int count, col_vec3 d)
{
	int best = 0;
	double best_dot = v[0].x * d.x + v[0].y * d.y + v[0].z * d.z;
	for (int i = 1; i < count; i++) {
		double t = v[i].x * d.x + v[i].y * d.y + v[i].z * d.z;
		if (t > best_dot) {
			best_dot = t;
			best = i;
		}
	}
	return best;
}

static void test_scan_agrees(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5ca7));
	col_vec3 v[100];
	double rows[3 * 100];
	bool vector = support_scan_has_vector();
	if (!vector)
		print_message("no AVX2 here: only the scalar scan is checked\n");
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		int count = rng_int(&r, 1, 100);
		bool grid = rng_coin(&r); /* small integers: many ties */
		for (int k = 0; k < count; k++)
			v[k] = grid ? (col_vec3){rng_int(&r, -2, 2), rng_int(&r, -2, 2), rng_int(&r, -2, 2)}
			            : rng_vec3(&r, -1, 1);
		if (count > 2 && rng_coin(&r))
			v[rng_int(&r, 1, count - 1)] = v[rng_int(&r, 0, count - 1)]; /* a repeated vertex */
		col_vec3 d = grid ? (col_vec3){rng_int(&r, -1, 1), rng_int(&r, -1, 1), rng_int(&r, -1, 1)}
		                  : rng_vec3(&r, -1, 1);
		support_scan_fill(rows, v, count);
		int want = first_largest(v, count, d);
		int scalar = support_scan_scalar(rows, count, d), either = support_scan(rows, count, d);
		if (scalar != want || either != want)
			FAIL_CASE(&r, i, "%d vertices: scalar scan %d, scan %d, want %d", count, scalar,
			          either, want);
		if (vector && support_scan_vector(rows, count, d) != want)
			FAIL_CASE(&r, i, "%d vertices: vector scan %d, want %d", count,
			          support_scan_vector(rows, count, d), want);
	}
	/* Non-finite directions: the scalar rule, whatever the scan. */
	for (int k = 0; k < 40; k++)
		v[k] = rng_vec3(&r, -1, 1);
	support_scan_fill(rows, v, 40);
	col_vec3 odd[] = {{NAN, 1, 0}, {INFINITY, 0, 0}, {-INFINITY, 1, 1}, {0, NAN, NAN}};
	for (int k = 0; k < 4; k++) {
		int want = first_largest(v, 40, odd[k]);
		assert_int_equal(support_scan(rows, 40, odd[k]), want);
		if (vector)
			assert_int_equal(support_scan_vector(rows, 40, odd[k]), want);
	}
}

static col_convex *random_hull(rng *r, int count, double size)
{
	col_vec3 points[40];
	for (int i = 0; i < count; i++)
		points[i] = col_vec3_scale(rng_unit_vector3(r), size * rng_in(r, 0.7, 1.0));
	col_convex *convex = NULL;
	col_error error;
	check_ok(col_convex_hull(points, count, &convex, &error), &error);
	return convex;
}

/* A random shape of a random 3D kind about the body origin, roughly size across. */
static col_shape random_shape(rng *r, col_convex *hull, double size)
{
	switch (rng_int(r, 0, 6)) {
	case 0: return col_shape_convex(hull);
	case 1: return col_shape_rounded(col_shape_convex(hull), rng_in(r, 0.01, 0.3) * size);
	case 2: return col_shape_box(rng_vec3(r, 0.1 * size, size));
	case 3: return col_shape_sphere(rng_vec3(r, -0.1, 0.1), rng_in(r, 0.2, 1) * size);
	case 4: return col_shape_capsule(rng_vec3(r, -size, size), rng_vec3(r, -size, size), 0.3 * size);
	case 5:
		return col_shape_triangle(rng_vec3(r, -size, size), rng_vec3(r, -size, size),
		                          rng_vec3(r, -size, size));
	default: return col_shape_cylinder(rng_in(r, 0.2, 1) * size, rng_in(r, 0.2, 1) * size);
	}
}

typedef struct quick_tally {
	long cases, unsure, hulls, hulls_unsure;
	long balls_apart, balls_meet; /* decided by the balls' test */
	long distance_met;            /* col_gjk_distance's quick start found the tetrahedron */
} quick_tally;

/* Whether p is within tolerance of the whole shape: its support along p's direction from the
 * centre reaches p. */
static bool near_shape(const col_shape *s, col_vec3 p, double tolerance)
{
	col_vec3 c = col_shape_center(s);
	col_vec3 d = col_vec3_sub(p, c);
	if (col_vec3_length(d) <= tolerance)
		return true;
	return col_vec3_dot(col_vec3_sub(col_shape_support(s, d), p), col_vec3_normalize(d)) >= -tolerance;
}

/* The quick answer for a placed pair; a failure if it, or col_gjk_intersect (the full loop where
 * the quick one was unsure), contradicts a certain oracle. */
static quick_answer check_quick(const col_shape *a, const col_shape *b, rng *r, int i, quick_tally *t)
{
	minkowski_pair p = minkowski_pair_make(a, b, false);
	col_vec3 axis;
	quick_answer q = gjk_quick_intersect(&p, a->radius + b->radius, &axis);
	t->cases++;
	t->unsure += q == QUICK_UNSURE;
	bool gjk = col_gjk_intersect(a, b, NULL, NULL);
	quick_answer balls = gjk_spheres_intersect(&p, &axis);
	t->balls_apart += balls == QUICK_APART;
	t->balls_meet += balls == QUICK_MEET;
	if (q != QUICK_UNSURE && gjk != (q == QUICK_MEET))
		FAIL_CASE(r, i, "col_gjk_intersect differs from its quick loop");
	if (balls != QUICK_UNSURE && gjk != (balls == QUICK_MEET))
		FAIL_CASE(r, i, "col_gjk_intersect differs from the balls' test");
	col_oracle_result o = col_shape_oracle(a, b);
	if (o.certain && balls != QUICK_UNSURE && o.intersect != (balls == QUICK_MEET))
		FAIL_CASE(r, i, "kinds %d and %d: the balls say %s, the oracle %s", a->kind, b->kind,
		          balls == QUICK_MEET ? "meet" : "apart", o.intersect ? "meet" : "apart");
	/* col_gjk_distance's quick start: a tetrahedron that holds the origin, whose weights make a
	 * point of both cores. */
	minkowski_pair pd = minkowski_pair_make(a, b, false);
	quick_track track;
	if (gjk_quick_distance(&pd, 64, &track) == QUICK_MEET) {
		t->distance_met++;
		col_shape core_a = *a, core_b = *b;
		core_a.radius = core_b.radius = 0.0;
		/* Sharp shapes are their cores: the oracle has answered for them already. */
		col_oracle_result oc =
		    a->radius == 0.0 && b->radius == 0.0 ? o : col_shape_oracle(&core_a, &core_b);
		if (oc.certain && !oc.intersect)
			FAIL_CASE(r, i, "kinds %d and %d: the quick distance start says the cores meet, the "
			          "oracle that they are %.17g apart", a->kind, b->kind, oc.distance_lo);
		col_gjk_result g = col_gjk_distance(a, b, NULL, NULL, NULL);
		double total = 0.0, scale = 1.0 + col_vec3_length(a->pose.translation) +
		                            col_vec3_length(b->pose.translation);
		for (int k = 0; k < 4; k++) {
			if (!(track.weight[k] > 0.0))
				FAIL_CASE(r, i, "weight %d of the quick tetrahedron is %.17g", k, track.weight[k]);
			total += track.weight[k];
		}
		if (fabs(total - 1.0) > 1e-12 || !g.overlap || g.simplex.count != 4 ||
		    !near_shape(&core_a, g.point_a, 1e-9 * scale) || !near_shape(&core_b, g.point_a, 1e-9 * scale))
			FAIL_CASE(r, i, "quick distance start: weights sum to %.17g, overlap %d, simplex of %d, "
			          "common point off the cores",
			          total, g.overlap, g.simplex.count);
	}
	/* The full loop counts shapes apart by no more than round-off as touching (gjk.c); the quick
	 * loop's answers are certificates and get no such allowance. */
	bool grazing = q == QUICK_UNSURE && gjk && !o.intersect && o.distance_lo <= 1e-9;
	if (o.certain && o.intersect != gjk && !grazing)
		FAIL_CASE(r, i, "kinds %d and %d: %s says %s, the oracle %s (distance in [%.17g, %.17g])",
		          a->kind, b->kind, q == QUICK_UNSURE ? "the full loop" : "the quick loop",
		          gjk ? "meet" : "apart", o.intersect ? "meet" : "apart", o.distance_lo,
		          o.distance_hi);
	return q;
}

/* The random pairs' polytopes: pairs of hulls of one size each, built once (qhull took a third of
 * the time when every case built its own two) and drawn from at random, each pair about 100 times
 * in a different pose and combination of kinds. */
enum { HULL_PAIRS = COLLIDE_RANDOM_CASES / 100 };

static struct hull_pair {
	double size;
	col_convex *a, *b;
} hull_pairs[HULL_PAIRS];

static int make_hull_pairs(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x9a1d));
	for (int k = 0; k < HULL_PAIRS; k++) {
		double size = exp(rng_in(&r, -3, 3)); /* from 0.05 to 20 */
		hull_pairs[k].size = size;
		hull_pairs[k].a = random_hull(&r, rng_int(&r, 4, 30), size);
		hull_pairs[k].b = random_hull(&r, rng_int(&r, 4, 30), size);
	}
	return 0;
}

static int free_hull_pairs(void **state)
{
	(void)state;
	for (int k = 0; k < HULL_PAIRS; k++) {
		col_convex_destroy(hull_pairs[k].a);
		col_convex_destroy(hull_pairs[k].b);
	}
	return 0;
}

static void test_quick_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x9a1c));
	quick_tally t = {0};
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		const struct hull_pair *pair = &hull_pairs[rng_int(&r, 0, HULL_PAIRS - 1)];
		double size = pair->size;
		col_convex *ha = pair->a, *hb = pair->b;
		bool hulls = rng_coin(&r);
		col_shape a = hulls ? col_shape_convex(ha) : random_shape(&r, ha, size);
		col_shape b = hulls ? col_shape_convex(hb) : random_shape(&r, hb, size);
		a.pose = (col_transform3){rng_unit_quat(&r), rng_vec3(&r, -100 * size, 100 * size)};
		/* B about 2 sizes from A's centre, in a random direction: half of them overlap. */
		b.pose = (col_transform3){
		    rng_unit_quat(&r),
		    col_vec3_add(a.pose.translation,
		                 col_vec3_scale(rng_unit_vector3(&r), rng_in(&r, 0, 3.6) * size))};
		quick_answer q = check_quick(&a, &b, &r, i, &t);
		t.hulls += hulls;
		t.hulls_unsure += hulls && q == QUICK_UNSURE;
	}
	print_message("quick loop: %ld random pairs, %ld left to the full loop (%ld of %ld hull "
	              "pairs); the balls decided %ld apart and %ld meeting; the distance's quick start "
	              "found %ld tetrahedra\n",
	              t.cases, t.unsure, t.hulls_unsure, t.hulls, t.balls_apart, t.balls_meet,
	              t.distance_met);
	/* The quick loop must decide nearly every pair of polytopes, or col_gjk_intersect silently
	 * pays for both loops. */
	assert_true(t.hulls_unsure * 100 <= t.hulls);
}

/* Poses where round-off decides: the quick loop may leave them to the full loop, but an answer it
 * gives must be right. */
static void test_quick_degenerate(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xde9e));
	quick_tally t = {0};
	col_vec3 cube_points[8];
	for (int k = 0; k < 8; k++)
		cube_points[k] = (col_vec3){k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1};
	col_convex *cube = NULL;
	col_error error;
	check_ok(col_convex_hull(cube_points, 8, &cube, &error), &error);
	const double gaps[] = {0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9};
	int index = 0;
	for (int g = 0; g < 7; g++)
		for (int k = 0; k < 200; k++, index++) {
			double gap = gaps[g];
			col_shape a = col_shape_convex(cube), b;
			switch (k % 5) {
			case 0: b = col_shape_convex(cube); break; /* face on face */
			case 1: b = col_shape_box((col_vec3){1, 1, 1}); break;
			case 2: b = col_shape_sphere((col_vec3){0, 0, 0}, 1); break;
			case 3: b = col_shape_rounded(col_shape_box((col_vec3){0.5, 0.5, 0.5}), 0.5); break;
			default: b = col_shape_capsule((col_vec3){0, -1, 0}, (col_vec3){0, 1, 0}, 1); break;
			}
			/* B's near side on A's face x = 1, slid along it, at the gap. */
			col_vec3 slide = {0, rng_in(&r, -1.5, 1.5), rng_in(&r, -1.5, 1.5)};
			a.pose = (col_transform3){col_quat_identity(), {0, 0, 0}};
			b.pose = (col_transform3){col_quat_identity(),
			                          col_vec3_add((col_vec3){2 + gap, 0, 0}, slide)};
			check_quick(&a, &b, &r, index, &t);
			/* The same under a common rotation and a far translation (rounded coordinates). */
			col_quat q = rng_unit_quat(&r);
			col_vec3 far = rng_vec3(&r, -1e3, 1e3);
			a.pose = (col_transform3){q, far};
			b.pose =
			    (col_transform3){q, col_vec3_add(far, col_quat_apply(q, b.pose.translation))};
			check_quick(&a, &b, &r, index, &t);
			/* Identical shapes at one pose, and edge on edge. */
			b.pose = a.pose;
			check_quick(&a, &b, &r, index, &t);
			col_shape c = col_shape_convex(cube);
			c.pose = (col_transform3){col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI / 4),
			                          {2 + gap, 1 + sqrt(2.0) + gap, 0}};
			col_shape d = col_shape_convex(cube);
			check_quick(&d, &c, &r, index, &t);
		}
	/* Balls exactly touching: spheres (whose inner and outer balls are one), the sum of their
	 * radii apart, far from the origin. */
	for (int g = 0; g < 7; g++)
		for (int k = 0; k < 200; k++, index++) {
			col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 0.5 + k % 3);
			col_shape b = col_shape_sphere((col_vec3){0, 0, 0}, 1.5);
			col_vec3 far = rng_vec3(&r, -1e3, 1e3);
			col_vec3 along = k % 2 ? (col_vec3){1, 0, 0} : rng_unit_vector3(&r);
			a.pose = (col_transform3){rng_unit_quat(&r), far};
			b.pose = (col_transform3){rng_unit_quat(&r),
			                          col_vec3_add(far, col_vec3_scale(along, a.radius + 1.5 + gaps[g]))};
			check_quick(&a, &b, &r, index, &t);
		}
	print_message("degenerate poses: %ld, %ld left to the full loop; the balls decided %ld apart and "
	              "%ld meeting\n",
	              t.cases, t.unsure, t.balls_apart, t.balls_meet);
	col_convex_destroy(cube);
}

/* col_shape_spheres on every kind: the support along any direction reaches no farther from the
 * centre than the outer radius, and at least as far as the inner one (a convex body holds a ball
 * exactly when its support function is at least the ball's). */
static void test_spheres_bound(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xba11));
	long directions = 0;
	double tightest_outer = INFINITY, tightest_inner = INFINITY;
	for (int i = 0; i < 1000; i++) {
		double size = exp(rng_in(&r, -3, 3));
		col_convex *hull = random_hull(&r, rng_int(&r, 4, 30), size);
		col_vec2 square[4] = {{0, 0}, {size, 0}, {size, 0.5 * size}, {0, 0.5 * size}};
		col_shape s;
		switch (i % 10) {
		case 0: s = col_shape_cone(rng_in(&r, 0.01, 1) * size, rng_in(&r, 0.01, 1) * size); break;
		case 1: s = col_shape_point(rng_vec3(&r, -size, size)); break;
		case 2: s = col_shape_segment(rng_vec3(&r, -size, size), rng_vec3(&r, -size, size)); break;
		case 3: s = col_shape_polygon2(square, 4); break; /* it keeps a pointer to the points */
		case 4: s = col_shape_rounded(random_shape(&r, hull, size), rng_in(&r, 0, 0.3) * size); break;
		default: s = random_shape(&r, hull, size); break;
		}
		s.pose = (col_transform3){rng_unit_quat(&r), rng_vec3(&r, -100 * size, 100 * size)};
		if (s.dimension == 2) /* a turn in the plane */
			s.pose = (col_transform3){col_quat_from_axis_angle((col_vec3){0, 0, 1}, rng_in(&r, 0, 6)),
			                          {rng_in(&r, -100, 100) * size, rng_in(&r, -100, 100) * size, 0}};
		double outer, inner;
		col_shape_spheres(&s, &outer, &inner);
		col_vec3 c = col_shape_center(&s);
		double slack = 1e-12 * (outer + col_vec3_length(s.pose.translation));
		for (int k = 0; k < 100; k++, directions++) {
			col_vec3 u = rng_unit_vector3(&r);
			col_vec3 far = col_shape_support(&s, u);
			double reach = col_vec3_dot(col_vec3_sub(far, c), u);
			/* The farthest point's distance from the centre is at least its reach along u. */
			if (col_vec3_length(col_vec3_sub(far, c)) > outer + slack || reach < inner - slack)
				FAIL_CASE(&r, i, "kind %d: support at %.17g from the centre, reach %.17g along u; balls "
				          "%.17g and %.17g",
				          s.kind, col_vec3_length(col_vec3_sub(far, c)), reach, outer, inner);
			tightest_outer = fmin(tightest_outer, outer - col_vec3_length(col_vec3_sub(far, c)));
			tightest_inner = fmin(tightest_inner, reach - inner);
		}
		col_convex_destroy(hull);
	}
	print_message("balls: %ld directions on 1000 shapes of every kind; least room %.3g outside, %.3g "
	              "inside\n",
	              directions, tightest_outer, tightest_inner);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_scan_agrees),
	    cmocka_unit_test(test_quick_random),
	    cmocka_unit_test(test_quick_degenerate),
	    cmocka_unit_test(test_spheres_bound),
	};
	return cmocka_run_group_tests(tests, make_hull_pairs, free_hull_pairs);
}
