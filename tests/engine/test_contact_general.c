/* Contact manifolds by the general path (GJK or EPA, then feature clipping) on every pair of kinds
 * the closed forms leave to it, against the brute-force oracle (shape_oracle.h) through
 * check_manifold (contact_checks.h: count 0 exactly when apart beyond the margin, points on their
 * shapes, depths and normal those of the true distance or penetration depth):
 *
 * - hull pairs (polytopes of 6 to 12 points, some rounded, against hulls and boxes): 10^5;
 * - every pair of the polyhedral kinds (point, segment, triangle, box, polytope, each sometimes
 *   rounded) through col_contact: 10^5;
 * - cylinders and cones (sometimes rounded) against every kind, cylinders and cones included: a few
 *   hundred, since the oracle takes milliseconds on a curved core (GJK and EPA themselves meet 10^5
 *   poses per class in test_gjk_oracle), the depth held to the normal's overlap within 1e-5 of the
 *   size;
 * - hand-made degenerate pairs: identical shapes at the same pose, coplanar triangles, parallel
 *   faces exactly touching, collinear segments, a point on a face.
 *
 * COLLIDE_SEED replays a stream; COLLIDE_DESCRIBE=i prints case i's shapes and answer. */
#include <time.h>

#include "collide/hull.h"

#include "contact_checks.h"

enum { HULLS = 16 };

/* The hulls the random tests draw from, made and freed around each (so that a failure leaks
 * nothing). */
static int make_hulls(void **state)
{
	static col_convex *hulls[HULLS];
	rng r = rng_make(0xC0A7AC7B);
	for (int k = 0; k < HULLS; k++) {
		col_vec3 points[12];
		int n = rng_int(&r, 6, 12);
		col_vec3 stretch = rng_vec3(&r, 0.3, 1.2);
		for (int i = 0; i < n; i++) {
			col_vec3 d = rng_unit_vector3(&r);
			points[i] = (col_vec3){d.x * stretch.x, d.y * stretch.y, d.z * stretch.z};
		}
		col_error error;
		if (col_convex_hull(points, n, &hulls[k], &error) != COL_OK)
			return -1;
	}
	*state = hulls;
	return 0;
}

static int free_hulls(void **state)
{
	col_convex **hulls = *state;
	for (int k = 0; k < HULLS; k++)
		col_convex_destroy(hulls[k]);
	return 0;
}

static void test_random_hulls(void **state)
{
	col_convex **hulls = *state;
	rng r = rng_make(rng_env_seed(0xC0A7AC7A));
	tally t;
	memset(&t, 0, sizeof t);
	int cases = COLLIDE_RANDOM_CASES;
	clock_t start = clock();
	for (int i = 0; i < cases; i++) {
		col_shape a = col_shape_convex(hulls[rng_int(&r, 0, HULLS - 1)]);
		col_shape b = rng_int(&r, 0, 3) == 0 ? col_shape_box(rng_vec3(&r, 0.1, 1))
		                                     : col_shape_convex(hulls[rng_int(&r, 0, HULLS - 1)]);
		if (rng_int(&r, 0, 3) == 0)
			a.radius = rng_in(&r, 0, 0.2);
		a.pose = rng_pose(&r, 1.2);
		b.pose = rng_pose(&r, 1.2);
		double margin = rng_margin(&r);
		check_manifold(&r, i, "convex/convex", &a, &b, margin, contact(&a, &b, margin), true, &t);
	}
	t.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_tally("convex/convex", &t);
	assert_true(t.overlapping > cases / 20 && t.apart > cases / 20 && t.within_margin > cases / 100);
}

/* A random shape of a polyhedral kind (kind 0..4: point, segment, triangle, box, polytope), a third
 * of them rounded, at a random pose. */
static col_shape random_polyhedral(rng *r, int kind, col_convex **hulls)
{
	col_shape s;
	switch (kind) {
	case 0: s = col_shape_point(rng_vec3(r, -0.3, 0.3)); break;
	case 1: s = col_shape_segment(rng_vec3(r, -1, 1), rng_vec3(r, -1, 1)); break;
	case 2: s = col_shape_triangle(rng_vec3(r, -1, 1), rng_vec3(r, -1, 1), rng_vec3(r, -1, 1)); break;
	case 3: s = col_shape_box(rng_vec3(r, 0.1, 1)); break;
	default: s = col_shape_convex(hulls[rng_int(r, 0, HULLS - 1)]); break;
	}
	/* A sharp point has no volume to meet: round it always, the others a third of the time. */
	if (kind == 0 || rng_int(r, 0, 2) == 0)
		s.radius = rng_in(r, 0.05, 0.5);
	s.pose = rng_pose(r, 1.2);
	return s;
}

static const char *const polyhedral_names[5] = {"point", "segment", "triangle", "box", "polytope"};

/* Every ordered pair of the polyhedral kinds, the same number of cases each. */
static void test_random_every_polyhedral_pair(void **state)
{
	col_convex **hulls = *state;
	rng r = rng_make(rng_env_seed(0xC0A7AC7C));
	tally total;
	memset(&total, 0, sizeof total);
	clock_t start = clock();
	int per_pair = COLLIDE_RANDOM_CASES / 25;
	for (int ka = 0; ka < 5; ka++)
		for (int kb = 0; kb < 5; kb++) {
			tally t;
			memset(&t, 0, sizeof t);
			char what[64];
			snprintf(what, sizeof what, "%s/%s", polyhedral_names[ka], polyhedral_names[kb]);
			for (int i = 0; i < per_pair; i++) {
				col_shape a = random_polyhedral(&r, ka, hulls),
				          b = random_polyhedral(&r, kb, hulls);
				double margin = rng_margin(&r);
				check_manifold(&r, i, what, &a, &b, margin, contact(&a, &b, margin), true,
				               &t);
			}
			/* Each pair must have met overlapping and apart cases. */
			if (!(t.overlapping > per_pair / 50 && t.apart > per_pair / 50))
				fail_msg("%s: %d overlapping, %d apart of %d", what, t.overlapping, t.apart,
				         per_pair);
			total.cases += t.cases;
			total.overlapping += t.overlapping;
			total.within_margin += t.within_margin;
			total.apart += t.apart;
			total.borderline += t.borderline;
			for (int k = 0; k < 5; k++)
				total.counts[k] += t.counts[k];
			total.closed_form += t.closed_form;
		}
	total.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_tally("polyhedral kind pairs", &total);
}

/* Cylinders and cones, sometimes rounded, against every kind (cylinders and cones included). */
static void test_random_curved(void **state)
{
	col_convex **hulls = *state;
	rng r = rng_make(rng_env_seed(0xC0A7AC7D));
	tally t;
	memset(&t, 0, sizeof t);
	int cases = COLLIDE_RANDOM_CASES / 250;
	clock_t start = clock();
	for (int i = 0; i < cases; i++) {
		double radius = rng_in(&r, 0.2, 1), half = rng_in(&r, 0.2, 1);
		col_shape a = rng_coin(&r) ? col_shape_cylinder(radius, half) : col_shape_cone(radius, half);
		if (rng_int(&r, 0, 3) == 0)
			a.radius = rng_in(&r, 0.05, 0.3);
		a.pose = rng_pose(&r, 1.2);
		int kind = rng_int(&r, 0, 6);
		col_shape b;
		if (kind < 5) {
			b = random_polyhedral(&r, kind, hulls);
		} else {
			radius = rng_in(&r, 0.2, 1), half = rng_in(&r, 0.2, 1);
			b = kind == 5 ? col_shape_cylinder(radius, half) : col_shape_cone(radius, half);
			b.pose = rng_pose(&r, 1.2);
		}
		if (rng_coin(&r)) {
			col_shape s = a;
			a = b;
			b = s;
		}
		double margin = rng_margin(&r);
		check_manifold(&r, i, "curved/any", &a, &b, margin, contact(&a, &b, margin), true, &t);
	}
	t.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_tally("cylinder,cone/any", &t);
	assert_true(t.overlapping > cases / 20 && t.apart > cases / 20);
}

/* ---- hand-made degenerate pairs ---- */

/* check_manifold on one hand-made pair (check_hand also asks the pair turned round, which a
 * symmetric tie need not answer mirrored). */
static void check_one(const char *what, const col_shape *a, const col_shape *b, double margin, col_manifold m)
{
	rng r = rng_make(0);
	tally t;
	memset(&t, 0, sizeof t);
	check_manifold(&r, 0, what, a, b, margin, m, true, &t);
}

/* The same shape twice at the same pose: the penetration depth is the shape's least width (a tie
 * between opposite faces), on both paths. */
static void test_identical_shapes(void **state)
{
	col_convex **hulls = *state;
	col_shape box = col_shape_box((col_vec3){0.5, 1, 2});
	box.pose.rotation = col_quat_from_axis_angle(col_vec3_normalize((col_vec3){1, 2, 3}), 0.7);
	box.pose.translation = (col_vec3){0.3, -0.2, 0.1};
	col_manifold m = contact(&box, &box, 0);
	check_one("identical boxes", &box, &box, 0, m);
	assert_int_equal(m.count, 4);
	assert_near(m.points[0].depth, 1, 1e-12);
	m = contact_general(&box, &box, 0);
	assert_near(m.points[0].depth, 1, 1e-9);
	col_shape hull = col_shape_convex(hulls[3]);
	hull.pose = box.pose;
	m = contact(&hull, &hull, 0);
	check_one("identical polytopes", &hull, &hull, 0, m);
	assert_true(m.count >= 1);
	col_shape cap = col_shape_capsule((col_vec3){-1, 0, 0}, (col_vec3){1, 0, 0}, 0.3);
	m = contact(&cap, &cap, 0);
	check_one("identical capsules", &cap, &cap, 0, m);
	assert_int_equal(m.count, 2);
	assert_near(m.points[0].depth, 0.6, 1e-15);
	col_shape cyl = col_shape_cylinder(0.5, 1);
	m = contact(&cyl, &cyl, 0);
	assert_true(m.count >= 1);
	assert_near(m.points[0].depth, 1, 1e-5); /* its diameter, across the side (EPA on a curved K) */
}

/* Two triangles in one plane, overlapping: flat shapes with no volume between them part across the
 * plane at depth 0 (touching). Collinear segments overlapping: likewise. */
static void test_coplanar_and_collinear(void **state)
{
	(void)state;
	col_shape t1 = col_shape_triangle((col_vec3){0, 0, 0}, (col_vec3){2, 0, 0}, (col_vec3){0, 2, 0});
	col_shape t2 =
	    col_shape_triangle((col_vec3){0.5, 0.5, 0}, (col_vec3){3, 0.5, 0}, (col_vec3){0.5, 3, 0});
	col_manifold m = contact(&t1, &t2, 0);
	check_one("coplanar triangles", &t1, &t2, 0, m);
	assert_true(m.count >= 1);
	assert_near(m.points[0].depth, 0, 1e-12);
	col_shape s1 = col_shape_segment((col_vec3){0, 0, 0}, (col_vec3){2, 0, 0});
	col_shape s2 = col_shape_segment((col_vec3){1, 0, 0}, (col_vec3){3, 0, 0});
	m = contact(&s1, &s2, 0);
	check_one("collinear segments", &s1, &s2, 0, m);
	assert_true(m.count >= 1);
	assert_near(m.points[0].depth, 0, 1e-12);
	/* Rounded, they are capsules lying end to end, overlapping along their length. */
	s1.radius = s2.radius = 0.1;
	m = contact(&s1, &s2, 0);
	check_one("collinear capsules", &s1, &s2, 0, m);
	assert_near(m.points[0].depth, 0.2, 1e-12);
}

/* Parallel faces exactly touching (box on a polytope face, a triangle flat on a box) and a point
 * on a face: depth 0, counted as contact, with the whole touching area's corners. */
static void test_touching(void **state)
{
	(void)state;
	col_shape floor = col_shape_box((col_vec3){2, 2, 1});
	col_shape tri = col_shape_triangle((col_vec3){0, 0, 1}, (col_vec3){1, 0, 1}, (col_vec3){0, 1, 1});
	col_manifold m = contact(&floor, &tri, 0);
	check_hand("triangle on a face", &floor, &tri, 0, m);
	assert_int_equal(m.count, 3);
	for (int k = 0; k < 3; k++)
		assert_true(m.points[k].depth == 0);
	col_shape dot = col_shape_point((col_vec3){0.3, 0.4, 1});
	m = contact(&floor, &dot, 0);
	check_hand("point on a face", &floor, &dot, 0, m);
	assert_int_equal(m.count, 1);
	assert_true(m.points[0].depth == 0);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-15);
	/* A hair apart: no contact at margin 0, one at a margin that reaches. */
	dot.core.point.z = 1 + 1e-9;
	assert_int_equal(contact(&floor, &dot, 0).count, 0);
	assert_int_equal(contact(&floor, &dot, 1e-8).count, 1);
	/* A box standing on a box's edge face to face, shifted to share half its face. */
	col_shape upper = col_shape_box((col_vec3){0.5, 0.5, 0.5});
	upper.pose.translation = (col_vec3){1.75, 0, 1.5};
	m = contact(&floor, &upper, 0);
	check_hand("box half over an edge", &floor, &upper, 0, m);
	assert_int_equal(m.count, 4);
	for (int k = 0; k < 4; k++)
		assert_true(m.points[k].point.x >= 1.25 - 1e-15 && m.points[k].point.x <= 2 + 1e-15);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_identical_shapes, make_hulls, free_hulls),
	    cmocka_unit_test(test_coplanar_and_collinear),
	    cmocka_unit_test(test_touching),
	    cmocka_unit_test_setup_teardown(test_random_hulls, make_hulls, free_hulls),
	    cmocka_unit_test_setup_teardown(test_random_every_polyhedral_pair, make_hulls, free_hulls),
	    cmocka_unit_test_setup_teardown(test_random_curved, make_hulls, free_hulls),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
