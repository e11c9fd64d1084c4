/* Source 001's box toolkit (its checks T1-T7 are in docs/sources.md): the 15-axis box test against T4
 * and an independent oracle (edges clipped against boxes), the inner box against T1's closed forms and
 * random polytopes, and the principal frame against T3. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/obb.h"

#include "support.h"
#include "wall_clock.h"

#define PHI 1.6180339887498948482

static col_vec3 v3(double x, double y, double z)
{
	return (col_vec3){x, y, z};
}

static col_obb box_make(col_vec3 center, col_quat rotation, col_vec3 half)
{
	col_obb b;
	b.center = center;
	b.axes[0] = col_quat_apply(rotation, v3(1, 0, 0));
	b.axes[1] = col_quat_apply(rotation, v3(0, 1, 0));
	b.axes[2] = col_quat_apply(rotation, v3(0, 0, 1));
	b.half_extents = half;
	return b;
}

static col_obb box_aligned(col_vec3 center, col_vec3 half)
{
	return box_make(center, col_quat_identity(), half);
}

static col_quat rng_rotation(rng *r)
{
	col_quat q;
	double n;
	do {
		q = (col_quat){rng_in(r, -1, 1), rng_in(r, -1, 1), rng_in(r, -1, 1), rng_in(r, -1, 1)};
		n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	} while (n > 1.0 || n < 1e-4);
	return col_quat_normalize(q);
}

static void assert_near(double got, double want, double tolerance, const char *what)
{
	if (!(fabs(got - want) <= tolerance))
		fail_msg("%s: got %.17g, want %.17g (tolerance %g)", what, got, want, tolerance);
}

static void assert_vec_near(col_vec3 got, col_vec3 want, double tolerance, const char *what)
{
	if (!(col_vec3_distance(got, want) <= tolerance))
		fail_msg("%s: got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", what, got.x, got.y,
		         got.z, want.x, want.y, want.z);
}

/* ---- the box test: the oracle ---- */

/* Whether segment p..q meets box b with half extents grown by g (never below 0): Liang-Barsky in b's
 * own coordinates. Independent of col_obb_overlap: no projection radii, no cross products. */
static bool segment_meets_box(col_vec3 p, col_vec3 q, const col_obb *b, double g)
{
	double e[3] = {fmax(b->half_extents.x + g, 0), fmax(b->half_extents.y + g, 0),
	               fmax(b->half_extents.z + g, 0)};
	double enter = 0.0, leave = 1.0;
	for (int i = 0; i < 3; ++i) {
		double x0 = col_vec3_dot(b->axes[i], col_vec3_sub(p, b->center));
		double x1 = col_vec3_dot(b->axes[i], col_vec3_sub(q, b->center));
		double d = x1 - x0;
		if (d == 0.0) {
			if (fabs(x0) > e[i])
				return false;
			continue;
		}
		double t0 = (-e[i] - x0) / d, t1 = (e[i] - x0) / d;
		if (t0 > t1) {
			double s = t0;
			t0 = t1;
			t1 = s;
		}
		enter = fmax(enter, t0);
		leave = fmin(leave, t1);
		if (enter > leave)
			return false;
	}
	return true;
}

static col_obb grown(const col_obb *b, double g)
{
	col_obb out = *b;
	out.half_extents = v3(fmax(b->half_extents.x + g, 0), fmax(b->half_extents.y + g, 0),
	                      fmax(b->half_extents.z + g, 0));
	return out;
}

/* Two convex polytopes meet exactly when an edge of one meets the other: a vertex of their
 * intersection lies on two facets of one of them, hence on an edge of it (for boxes, flat ones too). */
static bool some_edge_meets(const col_obb *a, const col_obb *b)
{
	col_vec3 c[8];
	col_obb_corners(a, c);
	for (int k = 0; k < 8; ++k)
		for (int bit = 1; bit < 8; bit <<= 1)
			if (!(k & bit) && segment_meets_box(c[k], c[k | bit], b, 0.0))
				return true;
	return false;
}

static bool boxes_meet(const col_obb *a, const col_obb *b, double g)
{
	col_obb ga = grown(a, g), gb = grown(b, g);
	return some_edge_meets(&ga, &gb) || some_edge_meets(&gb, &ga);
}

/* ---- T4 (a), (b) ---- */

/* Unit cubes, b turned 45 degrees about z at (d, 0, 0): they meet while d <= 1/2 + sqrt(2)/2. */
static void test_t4a_turned_cube(void **state)
{
	(void)state;
	col_quat turn = col_quat_from_axis_angle(v3(0, 0, 1), COL_PI / 4);
	col_obb a = box_aligned(v3(0, 0, 0), v3(0.5, 0.5, 0.5));
	int axis = 99;
	col_obb b = box_make(v3(1.20, 0, 0), turn, v3(0.5, 0.5, 0.5));
	assert_true(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, -1);
	b.center.x = 1.215;
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, 0);
	/* a's x axis and the cross axis a_y x b_z (= x) both separate, by the same gap. */
	double want = 1.215 - 0.5 - sqrt(0.5);
	assert_near(col_obb_axis_gap(&a, &b, 0), want, 1e-15, "gap along #0");
	assert_near(col_obb_axis_gap(&a, &b, 11), want, 1e-15, "gap along #11");
	for (int k = 0; k < COL_OBB_AXIS_COUNT; ++k)
		if (k != 0 && k != 11 && !(col_obb_axis_gap(&a, &b, k) <= 0.0)) /* -HUGE_VAL for z x z */
			fail_msg("axis %d separates too", k);
	/* Either side of the touching distance, 1e-9 away. */
	double touch = 0.5 + sqrt(0.5);
	b.center.x = touch - 1e-9;
	assert_true(col_obb_overlap(&a, &b, NULL));
	b.center.x = touch + 1e-9;
	assert_false(col_obb_overlap(&a, &b, NULL));
}

/* Edge against edge: only the cross axis a_z x b_0 (#12) separates at s = 1.6. */
static void test_t4b_edge_edge(void **state)
{
	(void)state;
	double r3 = sqrt(3.0);
	col_obb a = box_aligned(v3(0, 0, 0), v3(1, 1, 1));
	col_obb b;
	b.axes[0] = v3(1 / r3, -1 / r3, 1 / r3);
	b.axes[1] = v3((3 + r3) / 6, (3 - r3) / 6, -1 / r3);
	b.axes[2] = v3((3 - r3) / 6, (3 + r3) / 6, 1 / r3);
	b.half_extents = v3(2, 0.1, 0.1);
	/* T4's six-digit axes, and right-handed as ordered. */
	assert_near(b.axes[1].x, 0.788675, 1e-6, "w.x");
	assert_near(b.axes[2].x, 0.211325, 1e-6, "v.x");
	assert_vec_near(col_vec3_cross(b.axes[0], b.axes[1]), b.axes[2], 1e-15, "u x w");
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			assert_near(col_vec3_dot(b.axes[i], b.axes[j]), i == j, 1e-15, "orthonormal");
	col_vec3 diagonal = v3(1 / sqrt(2.0), 1 / sqrt(2.0), 0);
	int axis = 99;
	b.center = col_vec3_scale(diagonal, 1.5);
	assert_true(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, -1);
	assert_true(boxes_meet(&a, &b, -1e-9));
	b.center = col_vec3_scale(diagonal, 1.6);
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, 12);
	assert_false(boxes_meet(&a, &b, 1e-9));
	for (int k = 0; k < COL_OBB_AXIS_COUNT; ++k) {
		double gap = col_obb_axis_gap(&a, &b, k);
		if (k == 12) /* the distance: no direction parts them more (T4's "about 0.0448") */
			assert_near(gap, 0.0443650813895954, 1e-12, "gap along #12");
		else if (!(gap <= 0.0))
			fail_msg("axis %d separates too (gap %g)", k, gap);
	}
}

/* ---- hand-made cases ---- */

static void test_identical_and_nested(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(11));
	for (int i = 0; i < 1000; ++i) {
		col_obb a = box_make(rng_vec3(&r, -5, 5), rng_rotation(&r), rng_vec3(&r, 0, 2));
		int axis = 99;
		if (!col_obb_overlap(&a, &a, &axis) || axis != -1)
			FAIL_CASE(&r, i, "a box does not overlap itself");
		/* A smaller box inside, turned anyhow: no edge of either crosses the other's surface. */
		col_obb inner = box_make(a.center, rng_rotation(&r), col_vec3_scale(a.half_extents, 0.2));
		if (!col_obb_overlap(&a, &inner, NULL) || !col_obb_overlap(&inner, &a, NULL))
			FAIL_CASE(&r, i, "a nested box is reported apart");
	}
}

/* Face to face, exactly and a hair apart. Within the pad (1e-12 of the sizes) a gap still reads as
 * touching: the test errs towards overlap, never away from it. */
static void test_face_to_face(void **state)
{
	(void)state;
	col_obb a = box_aligned(v3(0, 0, 0), v3(1, 1, 1));
	col_obb b = box_aligned(v3(1.5, 0.3, -0.2), v3(0.5, 2, 3));
	int axis = 99;
	assert_true(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, -1);
	b.center.x = nextafter(1.5, 2.0);
	assert_true(col_obb_overlap(&a, &b, NULL)); /* within the pad */
	b.center.x = 1.5 + 1e-9;
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, 0);
	b.center.x = -1.5 - 1e-9;
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, 0);
	/* b's face axis: a turned a is tested through b's axes. */
	col_obb c = box_aligned(v3(0, 0, 2.5), v3(1, 1, 1.5));
	col_obb d = box_make(v3(0, 0, 0), col_quat_from_axis_angle(v3(1, 2, 3), 0.3), v3(0.2, 0.2, 0.2));
	assert_true(col_obb_overlap(&d, &c, NULL) == boxes_meet(&d, &c, 0.0));

	/* Two turned boxes put face to face through their rounded axes: always touching. */
	rng r = rng_make(rng_env_seed(12));
	for (int i = 0; i < 10000; ++i) {
		col_quat q = rng_rotation(&r);
		col_obb p = box_make(rng_vec3(&r, -3, 3), q, rng_vec3(&r, 0.01, 2));
		col_vec3 hb = rng_vec3(&r, 0.01, 2);
		int k = rng_int(&r, 0, 2);
		double side = rng_coin(&r) ? 1.0 : -1.0;
		double reach = col_vec3_component(p.half_extents, k) + col_vec3_component(hb, k);
		int u = (k + 1) % 3, v = (k + 2) % 3; /* sliding along the face, never past its edge */
		double su = col_vec3_component(p.half_extents, u) + col_vec3_component(hb, u);
		double sv = col_vec3_component(p.half_extents, v) + col_vec3_component(hb, v);
		col_vec3 slide = col_vec3_add(col_vec3_scale(p.axes[u], rng_in(&r, -su, su)),
		                              col_vec3_scale(p.axes[v], rng_in(&r, -sv, sv)));
		col_obb s = box_make(
		    col_vec3_add(p.center, col_vec3_add(col_vec3_scale(p.axes[k], side * reach), slide)), q,
		    hb);
		if (!col_obb_overlap(&p, &s, NULL) || !col_obb_overlap(&s, &p, NULL))
			FAIL_CASE(&r, i, "boxes touching face to face (axis %d) are reported apart", k);
		s.center = col_vec3_add(s.center, col_vec3_scale(p.axes[k], side * 1e-8 * (1 + reach)));
		int axis = 99;
		if (col_obb_overlap(&p, &s, &axis) || axis != k)
			FAIL_CASE(&r, i, "boxes 1e-8 apart along axis %d: axis %d", k, axis);
	}
}

/* Edges crossing at a point: a turned 45 degrees about x, b 45 degrees about y, b above a. */
static void test_edge_on_edge(void **state)
{
	(void)state;
	col_obb a =
	    box_make(v3(0, 0, 0), col_quat_from_axis_angle(v3(1, 0, 0), COL_PI / 4), v3(0.5, 0.5, 0.5));
	col_obb b = box_make(v3(0, 0, sqrt(2.0)), col_quat_from_axis_angle(v3(0, 1, 0), COL_PI / 4),
	                     v3(0.5, 0.5, 0.5));
	int axis = 99;
	assert_true(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, -1);
	b.center.z += 1e-9;
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, 6 + 3 * 0 + 1); /* a_x x b_y = z */
	assert_near(col_obb_axis_gap(&a, &b, axis), 1e-9, 1e-15, "edge gap");
}

/* Parallel edges make four cross axes vanish (or nearly): they must never separate by themselves. */
static void test_parallel_edges(void **state)
{
	(void)state;
	double angles[3] = {COL_PI / 2, 1e-12, 0.0};
	col_vec3 about[3] = {{0, 0, 1}, {1, 0, 0}, {0.3, -0.4, 0.5}};
	rng r = rng_make(rng_env_seed(13));
	for (int ai = 0; ai < 3; ++ai)
		for (int xi = 0; xi < 3; ++xi) {
			col_quat q = col_quat_from_axis_angle(about[xi], angles[ai]);
			col_obb a = box_aligned(v3(0, 0, 0), v3(1, 0.5, 0.25));
			for (int i = 0; i < 3000; ++i) {
				col_obb b = box_make(rng_vec3(&r, -2.2, 2.2), q, rng_vec3(&r, 0.0, 1.0));
				bool sat = col_obb_overlap(&a, &b, NULL);
				bool in = boxes_meet(&a, &b, -1e-9), out = !boxes_meet(&a, &b, 1e-9);
				if ((in && !sat) || (out && sat))
					FAIL_CASE(&r, i, "turned %g about axis %d: test %d, oracle %s",
					          angles[ai], xi, sat, in ? "meet" : "apart");
			}
			/* Sliding b along a shared edge direction, touching a's face: never apart. */
			col_obb b = box_make(v3(0, 0, 0), q, v3(1, 0.5, 0.25));
			col_vec3 up = b.axes[2];
			for (int i = 0; i <= 100; ++i) {
				b.center = col_vec3_add(col_vec3_scale(b.axes[0], -2 + 0.04 * i),
				                        col_vec3_scale(up, 0.5));
				bool meets = boxes_meet(&a, &b, 1e-9);
				if (meets && !col_obb_overlap(&a, &b, NULL))
					fail_msg(
					    "turned %g about axis %d, slid %d: touching boxes reported apart",
					    angles[ai], xi, i);
			}
		}
}

/* The price of the pad: two segments (half length 1) at a small angle theta, apart along their common
 * normal by g. Rounding cannot tell g sin(theta) from 0 below the pad, so they read as overlapping up to
 * g = pad / sin(theta) (or until a face axis sees the tilt, at g ~ theta): 1e-6 at theta = 1e-6, the
 * worst case. Beyond the bound they are always apart. */
static void test_near_parallel_over_report(void **state)
{
	(void)state;
	col_obb a = box_aligned(v3(0, 0, 0), v3(1, 0, 0));
	col_vec3 n = v3(0, -sqrt(0.5), sqrt(0.5));
	double worst = 0;
	for (double theta = 1e-2; theta >= 1e-10; theta /= 10) {
		col_vec3 along = v3(cos(theta), sin(theta) * sqrt(0.5), sin(theta) * sqrt(0.5));
		col_obb b =
		    box_make(v3(0, 0, 0), col_quat_from_axis_angle(col_vec3_cross(v3(1, 0, 0), along), theta),
		             v3(1, 0, 0));
		assert_vec_near(b.axes[0], along, 1e-15, "tilted segment");
		double lo = 0, hi = 1; /* reported overlapping at lo, apart at hi */
		for (int k = 0; k < 100; ++k) {
			double mid = 0.5 * (lo + hi);
			b.center = col_vec3_scale(n, mid);
			if (col_obb_overlap(&a, &b, NULL))
				lo = mid;
			else
				hi = mid;
		}
		double pad = COL_OBB_EPSILON * (2 + sqrt(0.5) * hi);
		if (!(hi <= 1.01 * pad / sin(theta)))
			fail_msg("theta %g: apart by %g still read as overlapping (bound %g)", theta, hi,
			         pad / sin(theta));
		worst = fmax(worst, lo);
	}
	print_message("near-parallel segments: reported overlapping up to %.3g apart\n", worst);
	assert_true(worst < 2e-6);
}

/* Flat boxes, segments and points. */
static void test_zero_extents(void **state)
{
	(void)state;
	col_obb cube = box_aligned(v3(0, 0, 0), v3(1, 1, 1));
	col_obb sheet = box_aligned(v3(0.5, 0.5, 1), v3(1, 1, 0)); /* lying on the top face */
	assert_true(col_obb_overlap(&cube, &sheet, NULL));
	assert_true(col_obb_overlap(&sheet, &cube, NULL));
	sheet.center.z = 1 + 1e-9;
	int axis = 99;
	assert_false(col_obb_overlap(&cube, &sheet, &axis));
	assert_int_equal(axis, 2);
	/* A point: inside, on a face, on a corner, outside; also of a turned box. */
	col_obb point = box_aligned(v3(0.3, -0.2, 0.9), v3(0, 0, 0));
	assert_true(col_obb_overlap(&cube, &point, NULL));
	point.center = v3(1, 0.5, -0.5);
	assert_true(col_obb_overlap(&cube, &point, NULL));
	point.center = v3(1, 1, 1);
	assert_true(col_obb_overlap(&point, &cube, NULL));
	point.center = v3(1, 1, 1 + 1e-9);
	assert_false(col_obb_overlap(&point, &cube, NULL));
	col_obb turned =
	    box_make(v3(0.1, 0.2, 0.3), col_quat_from_axis_angle(v3(1, 1, 0), 0.7), v3(1, 2, 0.5));
	col_vec3 corners[8];
	col_obb_corners(&turned, corners);
	for (int k = 0; k < 8; ++k) {
		point.center = corners[k];
		assert_true(col_obb_overlap(&turned, &point, NULL));
		assert_true(col_obb_overlap(&point, &turned, NULL));
		point.center =
		    col_vec3_add(corners[k], col_vec3_scale(col_vec3_sub(corners[k], turned.center), 1e-8));
		assert_false(col_obb_overlap(&turned, &point, NULL));
	}
	/* Two points. */
	col_obb p = box_aligned(v3(1, 2, 3), v3(0, 0, 0)), q = p;
	assert_true(col_obb_overlap(&p, &q, NULL));
	q.center.y += 1e-9;
	assert_false(col_obb_overlap(&p, &q, NULL));
	/* Segments crossing at a point (x-axis and a turned one), then 1e-9 apart along their normal. */
	col_obb s = box_aligned(v3(0, 0, 0), v3(1, 0, 0));
	col_obb t = box_make(v3(0, 0, 0), col_quat_from_axis_angle(v3(0, 0, 1), 1.0), v3(1, 0, 0));
	assert_true(col_obb_overlap(&s, &t, NULL));
	t.center.z = 1e-9;
	assert_false(col_obb_overlap(&s, &t, &axis));
	assert_int_equal(axis, 2);
	/* Skew segments on a diagonal: crossing through rounded axes. */
	col_quat q1 = col_quat_from_axis_angle(v3(1, 2, 3), 0.9),
	         q2 = col_quat_from_axis_angle(v3(-2, 1, 0.5), 2.1);
	col_obb u = box_make(v3(0.25, -0.5, 1), q1, v3(1.5, 0, 0));
	col_obb w = box_make(u.center, q2, v3(0.75, 0, 0));
	assert_true(col_obb_overlap(&u, &w, NULL));
	w.center = col_vec3_add(w.center, col_vec3_scale(u.axes[0], 1.5)); /* w's middle on u's end */
	assert_true(col_obb_overlap(&u, &w, NULL));
	col_vec3 normal = col_vec3_normalize(col_vec3_cross(u.axes[0], w.axes[0]));
	w.center = col_vec3_add(u.center, col_vec3_scale(normal, 1e-9));
	assert_false(col_obb_overlap(&u, &w, &axis));
	assert_int_equal(axis, 6);
}

static void test_bad_boxes(void **state)
{
	(void)state;
	col_obb a = box_aligned(v3(0, 0, 0), v3(1, 1, 1)), b = a;
	int axis = 99;
	b.center.x = NAN;
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_int_equal(axis, -1);
	b = a;
	b.axes[1].z = NAN;
	assert_false(col_obb_overlap(&a, &b, &axis));
	assert_false(col_obb_overlap(&b, &a, &axis));
	b = a;
	b.half_extents.y = INFINITY;
	assert_false(col_obb_overlap(&a, &b, NULL));
	b = a;
	b.half_extents.z = -0.5;
	assert_false(col_obb_overlap(&a, &b, NULL));
	assert_true(isnan(col_obb_axis_gap(&a, &a, 15)));
	assert_true(isnan(col_obb_axis_gap(&a, &a, -1)));
	assert_true(col_obb_axis_gap(&a, &a, 6) == -HUGE_VAL); /* x x x: no axis */
}

static void test_frames_and_moves(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(14));
	for (int i = 0; i < 1000; ++i) {
		col_transform3 pose = {rng_rotation(&r), rng_vec3(&r, -5, 5)};
		col_frame f = col_frame_transform(
		    pose, &(col_frame){rng_vec3(&r, -1, 1), {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}});
		col_vec3 p = rng_vec3(&r, -3, 3);
		assert_vec_near(col_frame_to_local(&f, col_frame_to_world(&f, p)), p, 1e-13,
		                "frame round trip");
		/* A plane in the world and in the frame hold the same points. */
		col_plane world = {col_vec3_normalize(rng_vec3(&r, -1, 1)), rng_in(&r, -2, 2)};
		col_plane local = col_frame_plane_to_local(&f, world);
		double a = col_vec3_dot(world.normal, col_frame_to_world(&f, p)) - world.offset;
		double b = col_vec3_dot(local.normal, p) - local.offset;
		assert_near(a, b, 1e-12, "plane in frame");
		/* A frame box, moved, has the corners of the moved frame's box. */
		col_vec3 lo = rng_vec3(&r, -2, 0), hi = rng_vec3(&r, 0, 2);
		col_obb box = col_obb_from_frame_box(&f, lo, hi);
		col_obb moved = col_obb_transform(pose, &box);
		col_frame mf = col_frame_transform(pose, &f);
		col_vec3 corners[8];
		col_obb_corners(&moved, corners);
		for (int k = 0; k < 8; ++k) {
			col_vec3 local_corner = {(k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y,
			                         (k & 4) ? hi.z : lo.z};
			assert_vec_near(corners[k], col_frame_to_world(&mf, local_corner), 1e-12,
			                "moved corner");
		}
	}
}

/* ---- the random oracle ---- */

static col_quat compose_about(col_quat q, col_vec3 axis, double angle)
{
	return col_quat_normalize(col_quat_compose(q, col_quat_from_axis_angle(axis, angle)));
}

/* Whether a pair reported overlapping is within the header's bound: along every axis L, a gap of at
 * most pad / |L| (the gaps measured by col_obb_axis_gap in world coordinates, not by the test). */
static bool within_pad(const col_obb *a, const col_obb *b)
{
	col_vec3 d = col_vec3_sub(b->center, a->center);
	double s = a->half_extents.x + a->half_extents.y + a->half_extents.z + b->half_extents.x +
	           b->half_extents.y + b->half_extents.z;
	for (int i = 0; i < 3; ++i)
		s += fabs(col_vec3_dot(a->axes[i], d));
	double pad = COL_OBB_EPSILON * s;
	for (int k = 0; k < COL_OBB_AXIS_COUNT; ++k) {
		double length =
		    k < 6 ? 1.0 : col_vec3_length(col_vec3_cross(a->axes[(k - 6) / 3], b->axes[(k - 6) % 3]));
		if (col_obb_axis_gap(a, b, k) * length > 1.01 * pad + 1e-15 * s)
			return false;
	}
	return true;
}

/* 10^5 random pairs against the edge-clipping oracle. The oracle decides with the boxes shrunk by
 * TAU (meet: they overlap) and grown by TAU (apart: they are separated); a pair neither decides lies
 * within about TAU of touching (the near-touching band) and is counted, not judged. A fifth of the
 * pairs are moved to touching (bisection on the oracle) and then off it by 1e-14 to 1e-4 of their
 * offset, so the band and both sides of it are crowded.
 *
 * Overlapping pairs reported apart: none allowed. Separated pairs reported overlapping: allowed only
 * within the header's bound (pad / |L| along every axis, which near-parallel edges make up to about
 * 1e-6 of the sizes); counted and printed. */
static void test_random_against_oracle(void **state)
{
	(void)state;
	const double TAU = 1e-9;
	rng r = rng_make(rng_env_seed(0x0BB5A7));
	int overlapping = 0, apart = 0, band = 0, printed = 0, over = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
		col_quat qa = rng_rotation(&r);
		col_vec3 ha = rng_vec3(&r, 0.05, 1), hb = rng_vec3(&r, 0.05, 1);
		if (rng_int(&r, 0, 19) == 0)
			ha.x = 0;
		if (rng_int(&r, 0, 19) == 0)
			hb.z = 0;
		if (rng_int(&r, 0, 39) == 0)
			hb = v3(0, 0, 0);
		col_quat qb;
		int kind = rng_int(&r, 0, 9);
		if (kind <= 3)
			qb = rng_rotation(&r);
		else if (kind <= 5) /* an edge direction shared */
			qb = compose_about(qa,
			                   (col_vec3[3]){{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}[rng_int(&r, 0, 2)],
			                   rng_in(&r, 0, 2 * COL_PI));
		else if (kind == 6) /* nearly parallel */
			qb = compose_about(qa, rng_vec3(&r, -1, 1), pow(10.0, -rng_in(&r, 3, 13)));
		else if (kind == 7) /* quarter turns */
			qb = compose_about(qa,
			                   (col_vec3[3]){{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}[rng_int(&r, 0, 2)],
			                   COL_PI / 2 * rng_int(&r, 1, 3));
		else if (kind == 8) /* the same axes */
			qb = qa;
		else { /* both aligned with the model axes */
			qa = col_quat_identity();
			qb = qa;
		}
		col_obb a = box_make(rng_vec3(&r, -1, 1), qa, ha);
		col_vec3 offset = rng_vec3(&r, -1.6, 1.6);
		col_obb b = box_make(col_vec3_add(a.center, offset), qb, hb);
		if (rng_int(&r, 0, 4) == 0 && !boxes_meet(&a, &b, 0.0)) {
			double lo = 0.0, hi = 1.0; /* meet at lo, apart at hi */
			for (int k = 0; k < 60; ++k) {
				double mid = 0.5 * (lo + hi);
				b.center = col_vec3_add(a.center, col_vec3_scale(offset, mid));
				if (boxes_meet(&a, &b, 0.0))
					lo = mid;
				else
					hi = mid;
			}
			double s = lo * (1 + (rng_coin(&r) ? 1 : -1) * pow(10.0, -rng_in(&r, 4, 14)));
			b.center = col_vec3_add(a.center, col_vec3_scale(offset, s));
		}
		int axis = 99;
		bool sat = col_obb_overlap(&a, &b, &axis);
		bool meet = boxes_meet(&a, &b, -TAU), far = !boxes_meet(&a, &b, TAU);
		if (!meet && !far) {
			band++;
			if (printed < 5) {
				printed++;
				print_message("near-touching band: case %d, test says %s (axis %d)\n", i,
				              sat ? "overlap" : "apart", axis);
			}
			continue;
		}
		if (meet && !sat)
			FAIL_CASE(&r, i, "overlapping boxes reported apart by axis %d", axis);
		if (far && sat) {
			if (!within_pad(&a, &b))
				FAIL_CASE(&r, i, "separated boxes reported overlapping (kind %d)", kind);
			over++;
			print_message("over-report within the pad: case %d (kind %d)\n", i, kind);
			continue;
		}
		if (!sat) {
			double gap = col_obb_axis_gap(&a, &b, axis);
			if (!(gap > 0.0))
				FAIL_CASE(&r, i, "axis %d reported separating has gap %g", axis, gap);
		}
		overlapping += sat;
		apart += !sat;
	}
	print_message("box pairs: %d overlapping, %d apart, %d in the near-touching band (|gap| < ~1e-9), "
	              "%d apart but within the pad\n",
	              overlapping, apart, band, over);
	assert_true(overlapping > COLLIDE_RANDOM_CASES / 5 && apart > COLLIDE_RANDOM_CASES / 5);
	assert_true(band < COLLIDE_RANDOM_CASES / 5);
}

/* ---- the inner box: T1 ---- */

static col_plane plane(double x, double y, double z, double d)
{
	return (col_plane){{x, y, z}, d};
}

/* Every corner of lo..hi in frame f, by the header's own reading: on or behind every plane. */
static double worst_excess(const col_plane *planes, int m, const col_frame *f, col_vec3 lo, col_vec3 hi)
{
	double worst = -HUGE_VAL;
	for (int k = 0; k < 8; ++k) {
		col_vec3 c = col_frame_to_world(
		    f, v3((k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z));
		for (int i = 0; i < m; ++i)
			worst = fmax(worst, col_vec3_dot(planes[i].normal, c) - planes[i].offset);
	}
	return worst;
}

static double box_volume(col_vec3 lo, col_vec3 hi)
{
	return (hi.x - lo.x) * (hi.y - lo.y) * (hi.z - lo.z);
}

/* Solves, checks containment and the volume (relative 1e-6) and, when given, the position (1e-6). */
static void check_inner(const char *name, const col_plane *planes, int m, const col_frame *f, double volume,
                        const col_vec3 *want_lo, const col_vec3 *want_hi)
{
	col_vec3 lo, hi;
	col_inscribed_box_info info;
	col_error error;
	col_status status = col_inscribed_box(planes, m, f, NULL, &lo, &hi, &info, &error);
	if (status != COL_OK)
		fail_msg("%s: %s", name, error.message);
	col_frame model = col_frame_identity();
	if (!(worst_excess(planes, m, f ? f : &model, lo, hi) <= 0.0))
		fail_msg("%s: a corner lies outside by %g", name,
		         worst_excess(planes, m, f ? f : &model, lo, hi));
	if (!(fabs(box_volume(lo, hi) - volume) <= 1e-6 * volume))
		fail_msg("%s: volume %.12g, want %.12g", name, box_volume(lo, hi), volume);
	assert_true(info.converged);
	assert_near(info.volume, box_volume(lo, hi), 1e-15 * volume, "info volume");
	if (want_lo) {
		assert_vec_near(lo, *want_lo, 1e-6, name);
		assert_vec_near(hi, *want_hi, 1e-6, name);
	}
	print_message("%-28s volume %.12f  %3d Newton steps, %2d rounds, gap %.1e\n", name,
	              box_volume(lo, hi), info.newton_steps, info.outer_iterations, info.gap);
}

/* The facet planes of the convex hull of points (brute force over triples; test use only). */
static int hull_planes(const col_vec3 *p, int n, col_plane *out, int capacity)
{
	int count = 0;
	for (int i = 0; i < n; ++i)
		for (int j = i + 1; j < n; ++j)
			for (int k = j + 1; k < n; ++k) {
				col_vec3 normal =
				    col_vec3_cross(col_vec3_sub(p[j], p[i]), col_vec3_sub(p[k], p[i]));
				if (col_vec3_length(normal) < 1e-9)
					continue;
				normal = col_vec3_normalize(normal);
				double d = col_vec3_dot(normal, p[i]);
				int above = 0, below = 0;
				for (int v = 0; v < n; ++v) {
					double s = col_vec3_dot(normal, p[v]) - d;
					above += s > 1e-9;
					below += s < -1e-9;
				}
				if (above && below)
					continue;
				if (above) {
					normal = col_vec3_scale(normal, -1);
					d = -d;
				}
				bool seen = false;
				for (int c = 0; c < count; ++c)
					seen |= col_vec3_distance(out[c].normal, normal) < 1e-9;
				if (!seen && count < capacity)
					out[count++] = (col_plane){normal, d};
			}
	return count;
}

static void test_t1_closed_forms(void **state)
{
	(void)state;
	double third = 1.0 / 3.0;
	col_plane cube[6] = {plane(-1, 0, 0, 0), plane(1, 0, 0, 1),  plane(0, -1, 0, 0),
	                     plane(0, 1, 0, 1),  plane(0, 0, -1, 0), plane(0, 0, 1, 1)};
	check_inner("cube", cube, 6, NULL, 1.0, &(col_vec3){0, 0, 0}, &(col_vec3){1, 1, 1});

	col_plane octahedron[8];
	for (int k = 0; k < 8; ++k)
		octahedron[k] = plane((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1, 1);
	check_inner("octahedron", octahedron, 8, NULL, 8.0 / 27, &(col_vec3){-third, -third, -third},
	            &(col_vec3){third, third, third});

	col_plane corner[4] = {plane(-1, 0, 0, 0), plane(0, -1, 0, 0), plane(0, 0, -1, 0), plane(1, 1, 1, 1)};
	check_inner("corner simplex", corner, 4, NULL, 1.0 / 27, &(col_vec3){0, 0, 0},
	            &(col_vec3){third, third, third});

	col_plane skew[4] = {plane(-1, 0, 0, 0), plane(0, -1, 0, 0), plane(0, 0, -1, 0),
	                     plane(1, 0.5, third, 1)};
	check_inner("skew simplex", skew, 4, NULL, 2.0 / 9, &(col_vec3){0, 0, 0},
	            &(col_vec3){third, 2 * third, 1});

	col_plane wedge[5] = {plane(-1, 0, 0, 0), plane(0, -1, 0, 0), plane(1, 1, 0, 1), plane(0, 0, -1, 0),
	                      plane(0, 0, 1, 2)};
	check_inner("wedge", wedge, 5, NULL, 0.5, &(col_vec3){0, 0, 0}, &(col_vec3){0.5, 0.5, 2});

	/* Regular dodecahedron and icosahedron from their vertices (T1's lists, docs/sources.md). */
	col_vec3 dv[20];
	int n = 0;
	for (int k = 0; k < 8; ++k)
		dv[n++] = v3((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1);
	for (int k = 0; k < 4; ++k) {
		double s1 = (k & 1) ? 1 : -1, s2 = (k & 2) ? 1 : -1;
		dv[n++] = v3(0, s1 / PHI, s2 * PHI);
		dv[n++] = v3(s1 / PHI, s2 * PHI, 0);
		dv[n++] = v3(s1 * PHI, 0, s2 / PHI);
	}
	col_plane dodecahedron[32];
	assert_int_equal(hull_planes(dv, 20, dodecahedron, 32), 12);
	check_inner("dodecahedron", dodecahedron, 12, NULL, 8.0, &(col_vec3){-1, -1, -1},
	            &(col_vec3){1, 1, 1});

	col_vec3 iv[12];
	n = 0;
	for (int k = 0; k < 4; ++k) {
		double s1 = (k & 1) ? 1 : -1, s2 = (k & 2) ? 1 : -1;
		iv[n++] = v3(0, s1, s2 * PHI);
		iv[n++] = v3(s1, s2 * PHI, 0);
		iv[n++] = v3(s2 * PHI, 0, s1);
	}
	col_plane icosahedron[32];
	assert_int_equal(hull_planes(iv, 12, icosahedron, 32), 20);
	double e = PHI * PHI / 3;
	check_inner("icosahedron", icosahedron, 20, NULL, 8 * pow(PHI, 6) / 27, &(col_vec3){-e, -e, -e},
	            &(col_vec3){e, e, e});

	/* The octahedron in a frame turned 45 degrees about z: there |x| + |y| = sqrt(2) max(|u|, |v|), so
	 * the box is [-a, a]^2 x [-c, c] with sqrt(2) a + c = 1, maximising a^2 c: a = sqrt(2)/3, c = 1/3,
	 * volume 16/27, twice the unturned box. */
	double c45 = sqrt(0.5);
	col_frame turned = {{0, 0, 0}, {{c45, c45, 0}, {-c45, c45, 0}, {0, 0, 1}}};
	double a = sqrt(2.0) / 3;
	check_inner("octahedron, frame at 45", octahedron, 8, &turned, 16.0 / 27, &(col_vec3){-a, -a, -third},
	            &(col_vec3){a, a, third});
	/* The cube seen from its centre. */
	col_frame centred = {{0.5, 0.5, 0.5}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
	check_inner("cube, frame at its centre", cube, 6, &centred, 1.0, &(col_vec3){-0.5, -0.5, -0.5},
	            &(col_vec3){0.5, 0.5, 0.5});
	/* A translated, scaled polytope far from the origin: the same answer, moved. */
	col_plane far_cube[6];
	for (int k = 0; k < 6; ++k) {
		far_cube[k] = cube[k];
		far_cube[k].normal = col_vec3_scale(cube[k].normal, 7.0); /* not unit: scaled inside */
		far_cube[k].offset =
		    7.0 * (cube[k].offset + col_vec3_dot(cube[k].normal, v3(1e4, -2e4, 3e4)));
	}
	check_inner("cube at 1e4", far_cube, 6, NULL, 1.0, &(col_vec3){1e4, -2e4, 3e4},
	            &(col_vec3){1e4 + 1, -2e4 + 1, 3e4 + 1});
	/* A box that can slide: in the slab |x - y| <= 1 the widths obey w_x + w_y <= 2, so the best is
	 * 1 x 1 x 2 with x0 = y0 anywhere in [0, 4] between the caps 0 <= x + y <= 10. Volume only. */
	col_plane slide[6] = {plane(1, -1, 0, 1),  plane(-1, 1, 0, 1), plane(1, 1, 0, 10),
	                      plane(-1, -1, 0, 0), plane(0, 0, 1, 1),  plane(0, 0, -1, 1)};
	check_inner("sliding box", slide, 6, NULL, 2.0, NULL, NULL);
	/* A slab a millionth thick: the box is the slab. */
	col_plane slab[6];
	memcpy(slab, cube, sizeof cube);
	slab[5].offset = 1e-6;
	check_inner("thin slab", slab, 6, NULL, 1e-6, &(col_vec3){0, 0, 0}, &(col_vec3){1, 1, 1e-6});
	/* Redundant and repeated planes change nothing. */
	col_plane crowded[10];
	memcpy(crowded, cube, sizeof cube);
	crowded[6] = cube[0];
	crowded[7] = cube[3];
	crowded[8] = plane(1, 1, 1, 5);
	crowded[9] = plane(-1, 0, 0, 3);
	check_inner("cube with redundant planes", crowded, 10, NULL, 1.0, &(col_vec3){0, 0, 0},
	            &(col_vec3){1, 1, 1});
}

/* The fixed-aspect LP: a cube of the given shape, scaled as far as it goes. */
static void test_fixed_aspect(void **state)
{
	(void)state;
	col_inscribed_box_options o = col_inscribed_box_default_options();
	o.method = COL_INSCRIBED_BOX_FIXED_ASPECT;
	o.aspect = v3(1, 1, 1);
	col_vec3 lo, hi;
	col_error error;
	double third = 1.0 / 3.0;
	col_plane skew[4] = {plane(-1, 0, 0, 0), plane(0, -1, 0, 0), plane(0, 0, -1, 0),
	                     plane(1, 0.5, third, 1)};
	check_ok(col_inscribed_box(skew, 4, NULL, &o, &lo, &hi, NULL, &error), &error);
	/* The cube [0, s]^3 with s + s/2 + s/3 = 1. */
	assert_vec_near(lo, v3(0, 0, 0), 1e-12, "skew lo");
	assert_vec_near(hi, v3(6.0 / 11, 6.0 / 11, 6.0 / 11), 1e-12, "skew hi");
	assert_true(
	    worst_excess(skew, 4, &(col_frame){{0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, lo, hi) <= 0);
	/* Default aspect: the polytope's own box, here [-1, 1]^3 for the octahedron: the same as the barrier.
	 */
	col_plane octahedron[8];
	for (int k = 0; k < 8; ++k)
		octahedron[k] = plane((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1, 1);
	o.aspect = v3(0, 0, 0);
	col_inscribed_box_info info;
	check_ok(col_inscribed_box(octahedron, 8, NULL, &o, &lo, &hi, &info, &error), &error);
	assert_vec_near(hi, v3(third, third, third), 1e-12, "octahedron hi");
	assert_vec_near(info.bounds_lo, v3(-1, -1, -1), 1e-12, "octahedron bounds");
	assert_vec_near(info.bounds_hi, v3(1, 1, 1), 1e-12, "octahedron bounds");
	assert_near(info.start_radius, 1 / sqrt(3.0), 1e-12, "Chebyshev radius");
	/* A long aspect in the wedge. */
	col_plane wedge[5] = {plane(-1, 0, 0, 0), plane(0, -1, 0, 0), plane(1, 1, 0, 1), plane(0, 0, -1, 0),
	                      plane(0, 0, 1, 2)};
	o.aspect = v3(1, 1, 4);
	check_ok(col_inscribed_box(wedge, 5, NULL, &o, &lo, &hi, NULL, &error), &error);
	assert_near(box_volume(lo, hi), 0.5, 1e-12, "wedge, aspect 1:1:4");
}

/* Planes tangent to the unit sphere: a random regular tetrahedron's four (so the polytope is bounded)
 * and 4 to 16 more, in a random frame. The box must be inside, touch a plane with each face (no face
 * can move out by 1e-6 of its width), and beat every feasible box nearby and the fixed-aspect box. */
static void test_random_polytopes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x1B0C5));
	int cases = COLLIDE_RANDOM_CASES / 100;
	double seconds = 0;
	int steps = 0, planes_total = 0;
	for (int i = 0; i < cases; ++i) {
		col_plane planes[20];
		col_quat q = rng_rotation(&r);
		col_vec3 tetra[4] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
		int m = 4 + rng_int(&r, 4, 16);
		for (int k = 0; k < m; ++k) {
			col_vec3 n = k < 4 ? col_quat_apply(q, tetra[k]) : rng_vec3(&r, -1, 1);
			planes[k] = (col_plane){col_vec3_normalize(n), 1.0};
		}
		col_frame f = col_frame_transform((col_transform3){rng_rotation(&r), rng_vec3(&r, -0.5, 0.5)},
		                                  &(col_frame){{0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}});
		col_vec3 lo, hi;
		col_inscribed_box_info info;
		col_error error;
		double start = wall_seconds();
		col_status status = col_inscribed_box(planes, m, &f, NULL, &lo, &hi, &info, &error);
		seconds += wall_seconds() - start;
		steps += info.newton_steps;
		planes_total += m;
		if (status != COL_OK)
			FAIL_CASE(&r, i, "%s", error.message);
		if (!info.converged)
			FAIL_CASE(&r, i, "no convergence in %d steps", info.newton_steps);
		if (!(worst_excess(planes, m, &f, lo, hi) <= 0.0))
			FAIL_CASE(&r, i, "a corner lies outside by %g", worst_excess(planes, m, &f, lo, hi));
		double volume = box_volume(lo, hi);
		/* Each face touches: pushed out by 1e-6 of its width, the box leaves the polytope. */
		for (int k = 0; k < 6; ++k) {
			col_vec3 l = lo, h = hi;
			int j = k % 3;
			double width = col_vec3_component(hi, j) - col_vec3_component(lo, j);
			double *target = k < 3 ? (j == 0   ? &l.x
			                          : j == 1 ? &l.y
			                                   : &l.z)
			                       : (j == 0   ? &h.x
			                          : j == 1 ? &h.y
			                                   : &h.z);
			*target += (k < 3 ? -1 : 1) * 1e-6 * width;
			if (!(worst_excess(planes, m, &f, l, h) > 0.0))
				FAIL_CASE(&r, i, "face %d of the box can move out", k);
		}
		/* No feasible box nearby is larger (the log-volume is concave: a local maximum is global). */
		for (int k = 0; k < 200; ++k) {
			col_vec3 dl = rng_vec3(&r, -1e-3, 1e-3), dh = rng_vec3(&r, -1e-3, 1e-3);
			col_vec3 l = col_vec3_add(lo, dl), h = col_vec3_add(hi, dh);
			if (worst_excess(planes, m, &f, l, h) <= 0.0 &&
			    box_volume(l, h) > volume * (1 + 1e-9))
				FAIL_CASE(&r, i, "a nearby box is larger: %.12g > %.12g", box_volume(l, h),
				          volume);
		}
		col_inscribed_box_options o = col_inscribed_box_default_options();
		o.method = COL_INSCRIBED_BOX_FIXED_ASPECT;
		col_vec3 flo, fhi;
		check_ok(col_inscribed_box(planes, m, &f, &o, &flo, &fhi, NULL, &error), &error);
		if (!(worst_excess(planes, m, &f, flo, fhi) <= 0.0) ||
		    box_volume(flo, fhi) > volume * (1 + 1e-9))
			FAIL_CASE(&r, i, "the fixed-aspect box is outside or larger");
		/* The cube in the Chebyshev ball is feasible: the best box is at least its size. */
		double side = 2 * info.start_radius / sqrt(3.0);
		if (volume < side * side * side * (1 - 1e-9))
			FAIL_CASE(&r, i, "smaller than the cube in the inner ball");
	}
	print_message(
	    "random polytopes: %d cases, %.1f planes and %.0f Newton steps on average, %.3f ms each\n", cases,
	    (double)planes_total / cases, (double)steps / cases, 1e3 * seconds / cases);
}

/* About 50 planes: the cost the hierarchy's build pays per node (printed, never asserted). */
static void test_fifty_planes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(50));
	col_plane planes[50];
	for (int k = 0; k < 50; ++k)
		planes[k] = (col_plane){col_vec3_normalize(rng_vec3(&r, -1, 1)), rng_in(&r, 0.8, 1.2)};
	col_vec3 tetra[4] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
	for (int k = 0; k < 4; ++k)
		planes[k] = (col_plane){col_vec3_normalize(tetra[k]), 1.0};
	col_vec3 lo, hi;
	col_inscribed_box_info info;
	col_error error;
	int runs = 50;
	double start = wall_seconds();
	for (int k = 0; k < runs; ++k)
		check_ok(col_inscribed_box(planes, 50, NULL, NULL, &lo, &hi, &info, &error), &error);
	double ms = 1e3 * (wall_seconds() - start) / runs;
	assert_true(info.converged);
	print_message("50 planes: %d Newton steps, %d rounds, %.3f ms\n", info.newton_steps,
	              info.outer_iterations, ms);
}

static void expect_error(const col_plane *planes, int m, const col_frame *f,
                         const col_inscribed_box_options *o, col_status code, const char *phrase)
{
	col_vec3 lo, hi;
	col_error error = {COL_OK, ""};
	col_status status = col_inscribed_box(planes, m, f, o, &lo, &hi, NULL, &error);
	if (status != code || error.code != code || strstr(error.message, phrase) == NULL)
		fail_msg("want %s with \"%s\"; got %s: \"%s\"", col_status_name(code), phrase,
		         col_status_name(status), error.message);
}

static void test_inscribed_errors(void **state)
{
	(void)state;
	col_plane cube[6] = {plane(-1, 0, 0, 0), plane(1, 0, 0, 1),  plane(0, -1, 0, 0),
	                     plane(0, 1, 0, 1),  plane(0, 0, -1, 0), plane(0, 0, 1, 1)};
	col_vec3 lo, hi;
	col_error error;
	assert_int_equal(col_inscribed_box(NULL, 6, NULL, NULL, &lo, &hi, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "planes is NULL"));
	assert_int_equal(col_inscribed_box(cube, 6, NULL, NULL, NULL, &hi, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_inscribed_box(cube, 6, NULL, NULL, &lo, NULL, NULL, NULL),
	                 COL_ERROR_INVALID_ARGUMENT);
	expect_error(cube, 0, NULL, NULL, COL_ERROR_INVALID_ARGUMENT, "plane_count is 0");
	expect_error(cube, 3, NULL, NULL, COL_ERROR_DEGENERATE, "unbounded: 3 planes");

	col_plane bad[6];
	memcpy(bad, cube, sizeof cube);
	bad[2].offset = NAN;
	expect_error(bad, 6, NULL, NULL, COL_ERROR_NOT_FINITE, "plane 2 has a NaN");
	memcpy(bad, cube, sizeof cube);
	bad[4].normal.y = INFINITY;
	expect_error(bad, 6, NULL, NULL, COL_ERROR_NOT_FINITE, "plane 4 has a NaN or infinite");
	memcpy(bad, cube, sizeof cube);
	bad[1].normal = v3(0, 0, 0);
	expect_error(bad, 6, NULL, NULL, COL_ERROR_INVALID_ARGUMENT, "plane 1 has a zero normal");

	/* A prism open along z; planes that all face one half-space. */
	expect_error(cube, 4, NULL, NULL, COL_ERROR_DEGENERATE, "unbounded along");
	col_plane open[4] = {plane(1, 0, 0, 1), plane(0, 1, 0, 1), plane(0, 0, 1, 1), plane(1, 1, 1, 5)};
	expect_error(open, 4, NULL, NULL, COL_ERROR_DEGENERATE, "holds a ray");
	/* Empty: the cube and x >= 2. Flat: the cube squeezed to z = 0. */
	col_plane empty[7];
	memcpy(empty, cube, sizeof cube);
	empty[6] = plane(-1, 0, 0, -2);
	expect_error(empty, 7, NULL, NULL, COL_ERROR_DEGENERATE, "empty");
	col_plane flat[6];
	memcpy(flat, cube, sizeof cube);
	flat[5].offset = 0;
	expect_error(flat, 6, NULL, NULL, COL_ERROR_DEGENERATE, "flat");
	flat[5].offset = 1e-14;
	expect_error(flat, 6, NULL, NULL, COL_ERROR_DEGENERATE, "flat");

	col_frame f = col_frame_identity();
	f.origin.x = NAN;
	expect_error(cube, 6, &f, NULL, COL_ERROR_NOT_FINITE, "frame has a NaN");
	f = col_frame_identity();
	f.axes[1] = v3(1, 0, 0);
	expect_error(cube, 6, &f, NULL, COL_ERROR_INVALID_ARGUMENT, "not orthonormal");

	col_inscribed_box_options o = col_inscribed_box_default_options();
	o.tolerance = -1;
	expect_error(cube, 6, NULL, &o, COL_ERROR_INVALID_ARGUMENT, "must not be negative");
	o = col_inscribed_box_default_options();
	o.method = (col_inscribed_box_method)7;
	expect_error(cube, 6, NULL, &o, COL_ERROR_INVALID_ARGUMENT, "unknown method 7");
	o = col_inscribed_box_default_options();
	o.aspect = v3(1, -1, 1);
	expect_error(cube, 6, NULL, &o, COL_ERROR_INVALID_ARGUMENT, "aspect");
	/* A step budget too small: a box still comes back, inside, marked unconverged. */
	o = col_inscribed_box_default_options();
	o.max_newton_steps = 3;
	col_inscribed_box_info info;
	check_ok(col_inscribed_box(cube, 6, NULL, &o, &lo, &hi, &info, &error), &error);
	assert_false(info.converged);
	assert_int_equal(info.newton_steps, 3);
	f = col_frame_identity();
	assert_true(worst_excess(cube, 6, &f, lo, hi) <= 0.0);
}

/* ---- the principal frame: T3 ---- */

/* The elongated octahedron's 8 faces, outward: vertices (+-2,0,0), (0,+-1,0), (0,0,+-1/2). */
static int elongated_octahedron(col_triangle *t)
{
	int n = 0;
	for (int k = 0; k < 8; ++k) {
		double sx = (k & 1) ? 1 : -1, sy = (k & 2) ? 1 : -1, sz = (k & 4) ? 1 : -1;
		col_vec3 a = v3(2 * sx, 0, 0), b = v3(0, sy, 0), c = v3(0, 0, 0.5 * sz);
		/* Counter-clockwise from outside when the octant's sign product is positive. */
		t[n++] = sx * sy * sz > 0 ? (col_triangle){a, b, c} : (col_triangle){a, c, b};
	}
	return n;
}

/* The triangle wound so that its normal points along `out`. */
static col_triangle facing(col_triangle t, col_vec3 out)
{
	col_vec3 normal = col_vec3_cross(col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.a));
	return col_vec3_dot(normal, out) >= 0 ? t : (col_triangle){t.a, t.c, t.b};
}

/* The x >= 0 half: the four faces at (2,0,0) and the rhombus x = 0 cut along its y or z diagonal. */
static int half_pyramid(col_triangle *t, bool y_diagonal)
{
	col_triangle all[8];
	elongated_octahedron(all);
	int n = 0;
	for (int k = 0; k < 8; ++k)
		if (all[k].a.x > 0)
			t[n++] = all[k];
	col_vec3 yp = v3(0, 1, 0), ym = v3(0, -1, 0), zp = v3(0, 0, 0.5), zm = v3(0, 0, -0.5);
	if (y_diagonal) {
		t[n++] = facing((col_triangle){ym, yp, zp}, v3(-1, 0, 0));
		t[n++] = facing((col_triangle){ym, yp, zm}, v3(-1, 0, 0));
	} else {
		t[n++] = facing((col_triangle){zm, zp, yp}, v3(-1, 0, 0));
		t[n++] = facing((col_triangle){zm, zp, ym}, v3(-1, 0, 0));
	}
	return n;
}

static void assert_frame_axes(const col_frame *f, col_vec3 x, col_vec3 y, col_vec3 z, double tolerance,
                              const char *what)
{
	assert_vec_near(f->axes[0], x, tolerance, what);
	assert_vec_near(f->axes[1], y, tolerance, what);
	assert_vec_near(f->axes[2], z, tolerance, what);
}

static void assert_covariance(const col_principal_info *info, double xx, double yy, double zz,
                              const char *what)
{
	double want[3] = {xx, yy, zz};
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			assert_near(info->covariance[i][j], i == j ? want[i] : 0.0, 1e-14, what);
}

static void test_t3_elongated_octahedron(void **state)
{
	(void)state;
	col_triangle t[8];
	int n = elongated_octahedron(t);
	col_frame f;
	col_principal_info info;
	col_error error;
	check_ok(col_principal_frame(t, n, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	assert_vec_near(f.origin, v3(0, 0, 0), 1e-15, "paper mean");
	assert_covariance(&info, 4.0 / 3, 1.0 / 3, 1.0 / 12, "paper covariance");
	assert_frame_axes(&f, v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1), 1e-15, "paper axes");
	assert_near(info.eigenvalues[0], 4.0 / 3, 1e-15, "first eigenvalue");
	assert_near(info.eigenvalues[2], 1.0 / 12, 1e-15, "third eigenvalue");
	assert_int_equal(info.distinct, 3);
	assert_false(info.degenerate);
	assert_near(info.measure, 24, 0, "corners counted");
	/* The solid: volume 4/3, and |x|/2 + |y| + 2|z| <= 1 has second moments (4, 1, 1/4) / 10. */
	check_ok(col_principal_frame(t, n, COL_CENTROID_VOLUME, NULL, &f, &info, &error), &error);
	assert_near(info.measure, 4.0 / 3, 1e-15, "volume");
	assert_vec_near(f.origin, v3(0, 0, 0), 1e-15, "solid centroid");
	assert_covariance(&info, 0.4, 0.1, 0.025, "solid covariance");
	assert_frame_axes(&f, v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1), 1e-15, "solid axes");
}

static void test_t3_half_pyramid(void **state)
{
	(void)state;
	col_triangle t[6];
	col_frame f;
	col_principal_info info;
	col_error error;
	int n = half_pyramid(t, true);
	check_ok(col_principal_frame(t, n, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	assert_vec_near(f.origin, v3(4.0 / 9, 0, 0), 1e-15, "child mean");
	assert_covariance(&info, 56.0 / 81, 4.0 / 9, 1.0 / 12, "y-diagonal covariance");
	assert_frame_axes(&f, v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1), 1e-15, "child axes");
	n = half_pyramid(t, false);
	check_ok(col_principal_frame(t, n, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	assert_vec_near(f.origin, v3(4.0 / 9, 0, 0), 1e-15, "child mean");
	assert_covariance(&info, 56.0 / 81, 1.0 / 3, 1.0 / 9, "z-diagonal covariance");
	assert_frame_axes(&f, v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1), 1e-15, "child axes");
	/* The solid's centroid is a quarter of the way up from the base: x = 1/2, not 4/9. */
	check_ok(col_principal_frame(t, n, COL_CENTROID_VOLUME, NULL, &f, &info, &error), &error);
	assert_vec_near(f.origin, v3(0.5, 0, 0), 1e-15, "pyramid centroid");
	assert_near(info.measure, 2.0 / 3, 1e-15, "pyramid volume");
	/* The solid pyramid's frame ignores how the rhombus was cut. */
	col_frame g;
	col_principal_info other;
	n = half_pyramid(t, true);
	check_ok(col_principal_frame(t, n, COL_CENTROID_VOLUME, NULL, &g, &other, &error), &error);
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			assert_near(other.covariance[i][j], info.covariance[i][j], 1e-15, "cut-independent");
	/* The inner box of the child in its (axis-aligned) paper frame: [0,2/3] x [-1/3,1/3] x [-1/6,1/6]. */
	col_plane planes[5];
	col_triangle faces[6];
	n = half_pyramid(faces, true);
	for (int k = 0; k < 5; ++k) {
		col_vec3 normal = col_vec3_normalize(col_vec3_cross(col_vec3_sub(faces[k].b, faces[k].a),
		                                                    col_vec3_sub(faces[k].c, faces[k].a)));
		planes[k] = (col_plane){normal, col_vec3_dot(normal, faces[k].a)};
	}
	check_ok(col_principal_frame(faces, n, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	col_vec3 lo, hi;
	check_ok(col_inscribed_box(planes, 5, &f, NULL, &lo, &hi, NULL, &error), &error);
	assert_vec_near(col_vec3_add(lo, f.origin), v3(0, -1.0 / 3, -1.0 / 6), 1e-7, "child inner box lo");
	assert_vec_near(col_vec3_add(hi, f.origin), v3(2.0 / 3, 1.0 / 3, 1.0 / 6), 1e-7,
	                "child inner box hi");
}

/* The triangles of the box with the given half extents, outward, centred at 0: each face cut along a
 * diagonal (12), or fanned from its centre (24, every corner used alike, as the paper's formula needs
 * for the box's own symmetry: the diagonal cut counts two corners of each face twice). */
static int box_triangles(col_vec3 h, bool fan, col_triangle *t)
{
	int n = 0;
	for (int axis = 0; axis < 3; ++axis)
		for (int side = -1; side <= 1; side += 2) {
			int u = (axis + 1) % 3, v = (axis + 2) % 3;
			col_vec3 q[4];
			double su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
			for (int k = 0; k < 4; ++k) {
				double c[3];
				c[axis] = side * col_vec3_component(h, axis);
				c[u] = su[k] * col_vec3_component(h, u);
				c[v] = sv[k] * col_vec3_component(h, v);
				q[k] = v3(c[0], c[1], c[2]);
			}
			col_vec3 out = col_vec3_scale(v3(axis == 0, axis == 1, axis == 2), side);
			if (fan) {
				col_vec3 centre = col_vec3_scale(out, col_vec3_component(h, axis));
				for (int k = 0; k < 4; ++k)
					t[n++] = facing((col_triangle){centre, q[k], q[(k + 1) % 4]}, out);
			} else {
				t[n++] = facing((col_triangle){q[0], q[1], q[2]}, out);
				t[n++] = facing((col_triangle){q[0], q[2], q[3]}, out);
			}
		}
	return n;
}

static void test_t3_ties(void **state)
{
	(void)state;
	col_frame f;
	col_principal_info info;
	col_error error;
	/* The regular octahedron: C = I/3, every frame is principal: the parent's is kept. */
	col_triangle oct[8];
	col_vec3 ox = v3(1, 0, 0), oy = v3(0, 1, 0), oz = v3(0, 0, 1);
	for (int k = 0; k < 8; ++k) {
		double sx = (k & 1) ? 1 : -1, sy = (k & 2) ? 1 : -1, sz = (k & 4) ? 1 : -1;
		col_vec3 a = col_vec3_scale(ox, sx), b = col_vec3_scale(oy, sy), c = col_vec3_scale(oz, sz);
		oct[k] = sx * sy * sz > 0 ? (col_triangle){a, b, c} : (col_triangle){a, c, b};
	}
	col_frame parent =
	    col_frame_transform((col_transform3){col_quat_from_axis_angle(v3(1, 2, 3), 0.8), {5, 6, 7}},
	                        &(col_frame){{0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}});
	check_ok(col_principal_frame(oct, 8, COL_CENTROID_PAPER, &parent, &f, &info, &error), &error);
	assert_covariance(&info, 1.0 / 3, 1.0 / 3, 1.0 / 3, "regular octahedron");
	assert_true(info.degenerate);
	assert_int_equal(info.distinct, 1);
	assert_frame_axes(&f, parent.axes[0], parent.axes[1], parent.axes[2], 0.0, "parent kept");
	assert_vec_near(f.origin, v3(0, 0, 0), 1e-15, "origin is the mean, not the parent's");
	check_ok(col_principal_frame(oct, 8, COL_CENTROID_VOLUME, NULL, &f, &info, &error), &error);
	assert_int_equal(info.distinct, 1);
	assert_frame_axes(&f, ox, oy, oz, 0.0, "model axes kept");

	/* A 2 x 2 x 1 box: a two-way tie; the tied plane keeps the parent's axes. */
	col_triangle bt[24];
	int n = box_triangles(v3(1, 1, 0.5), true, bt);
	check_ok(col_principal_frame(bt, n, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	/* 72 corners: the 8 box corners 6 times each, the 6 face centres 4 times: C_xx = 56 a^2 / 72. */
	assert_covariance(&info, 7.0 / 9, 7.0 / 9, 7.0 / 36, "box corners");
	assert_int_equal(info.distinct, 2);
	assert_true(info.degenerate);
	assert_frame_axes(&f, ox, oy, oz, 1e-15, "tied plane from the model axes");
	check_ok(col_principal_frame(bt, n, COL_CENTROID_AREA, NULL, &f, &info, &error), &error);
	/* Surface moments of the box: C_xx = (8 a^2 b c + 8 a^3 (b + c) / 3) / area. */
	assert_covariance(&info, 0.5, 0.5, 1.0 / 6, "box surface");
	assert_near(info.measure, 16, 1e-14, "box area");
	assert_int_equal(info.distinct, 2);
	/* A parent turned about z: its x and y span the tied plane and are kept. */
	col_frame pz = col_frame_transform((col_transform3){col_quat_from_axis_angle(oz, 0.5), {0, 0, 0}},
	                                   &(col_frame){{0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}});
	check_ok(col_principal_frame(bt, n, COL_CENTROID_PAPER, &pz, &f, &info, &error), &error);
	assert_frame_axes(&f, pz.axes[0], pz.axes[1], pz.axes[2], 1e-15, "turned parent kept");
	/* A parent turned about x: only its x lies in the plane; y follows, pointing as the parent's y. */
	col_frame px = col_frame_transform((col_transform3){col_quat_from_axis_angle(ox, 0.5), {0, 0, 0}},
	                                   &(col_frame){{0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}});
	check_ok(col_principal_frame(bt, n, COL_CENTROID_PAPER, &px, &f, &info, &error), &error);
	assert_frame_axes(&f, ox, oy, oz, 1e-15, "projected parent");
	/* A 1 x 1 x 4 box: the first axis alone, z; the tied plane keeps the parent's x then y. */
	n = box_triangles(v3(0.5, 0.5, 2), true, bt);
	check_ok(col_principal_frame(bt, n, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	assert_int_equal(info.distinct, 2);
	assert_frame_axes(&f, oz, ox, oy, 1e-15, "long box");
}

/* A box of distinct sides, turned: the frame is its axes, with the sign and handedness rules. */
static void test_principal_turned_boxes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(15));
	col_centroid_mode modes[3] = {COL_CENTROID_PAPER, COL_CENTROID_AREA, COL_CENTROID_VOLUME};
	for (int i = 0; i < 3000; ++i) {
		col_triangle t[24];
		int n = box_triangles(v3(2, 1, 0.5), i % 2 == 0, t);
		col_transform3 pose = {rng_rotation(&r), rng_vec3(&r, -10, 10)};
		for (int k = 0; k < n; ++k)
			t[k] = (col_triangle){col_transform3_apply(pose, t[k].a),
			                      col_transform3_apply(pose, t[k].b),
			                      col_transform3_apply(pose, t[k].c)};
		col_frame f, g;
		col_principal_info info;
		col_error error;
		col_centroid_mode mode = i % 2 ? modes[1 + i / 2 % 2] : modes[i / 2 % 3];
		check_ok(col_principal_frame(t, n, mode, NULL, &f, &info, &error), &error);
		assert_vec_near(f.origin, pose.translation, 1e-12, "centre");
		for (int k = 0; k < 3; ++k) {
			col_vec3 want = col_quat_apply(pose.rotation, k == 0   ? v3(1, 0, 0)
			                                              : k == 1 ? v3(0, 1, 0)
			                                                       : v3(0, 0, 1));
			if (!(fabs(fabs(col_vec3_dot(f.axes[k], want)) - 1) < 1e-12))
				FAIL_CASE(&r, i, "axis %d is not the box's", k);
			double c[3] = {f.axes[k].x, f.axes[k].y, f.axes[k].z};
			int big = 0;
			for (int j = 1; j < 3; ++j)
				if (fabs(c[j]) > fabs(c[big]))
					big = j;
			if (k < 2 && c[big] < 0)
				FAIL_CASE(&r, i, "axis %d has its largest component negative", k);
		}
		assert_vec_near(col_vec3_cross(f.axes[0], f.axes[1]), f.axes[2], 1e-15, "right-handed");
		assert_true(info.eigenvalues[0] > info.eigenvalues[1] &&
		            info.eigenvalues[1] > info.eigenvalues[2]);
		/* Deterministic, and blind to the order of the triangles. */
		check_ok(col_principal_frame(t, n, mode, NULL, &g, NULL, &error), &error);
		assert_memory_equal(&f, &g, sizeof f);
		col_triangle reversed[24];
		for (int k = 0; k < n; ++k)
			reversed[k] = t[n - 1 - k];
		check_ok(col_principal_frame(reversed, n, mode, NULL, &g, NULL, &error), &error);
		assert_frame_axes(&g, f.axes[0], f.axes[1], f.axes[2], 1e-12, "order of triangles");
	}
}

static void test_principal_errors(void **state)
{
	(void)state;
	col_triangle t[8];
	int n = elongated_octahedron(t);
	col_frame f;
	col_error error;
	assert_int_equal(col_principal_frame(NULL, 8, COL_CENTROID_PAPER, NULL, &f, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "triangles is NULL"));
	assert_int_equal(col_principal_frame(t, 8, COL_CENTROID_PAPER, NULL, NULL, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_principal_frame(t, 0, COL_CENTROID_PAPER, NULL, &f, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "triangle_count is 0"));
	assert_int_equal(col_principal_frame(t, n, (col_centroid_mode)9, NULL, &f, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "unknown centroid mode 9"));
	col_triangle bad[8];
	memcpy(bad, t, sizeof t);
	bad[5].b.y = NAN;
	assert_int_equal(col_principal_frame(bad, n, COL_CENTROID_PAPER, NULL, &f, NULL, &error),
	                 COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "triangle 5 has a NaN"));
	/* One triangle: no volume. */
	assert_int_equal(col_principal_frame(t, 1, COL_CENTROID_VOLUME, NULL, &f, NULL, &error),
	                 COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "enclose no volume"));
	for (int k = 0; k < n; ++k)
		bad[k] = (col_triangle){t[k].a, t[k].c, t[k].b}; /* turned inward */
	assert_int_equal(col_principal_frame(bad, n, COL_CENTROID_VOLUME, NULL, &f, NULL, &error),
	                 COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "closed surface turned outward"));
	col_triangle sliver = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}};
	assert_int_equal(col_principal_frame(&sliver, 1, COL_CENTROID_AREA, NULL, &f, NULL, &error),
	                 COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "no area"));
	/* The paper's formula still has a frame for it: a line's, its direction first. */
	col_principal_info info;
	check_ok(col_principal_frame(&sliver, 1, COL_CENTROID_PAPER, NULL, &f, &info, &error), &error);
	assert_vec_near(f.axes[0], col_vec3_normalize(v3(1, 1, 1)), 1e-15, "line direction");
	assert_int_equal(info.distinct, 2);
	col_frame skewed = col_frame_identity();
	skewed.axes[2] = v3(0, 1, 0);
	assert_int_equal(col_principal_frame(t, n, COL_CENTROID_PAPER, &skewed, &f, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "not orthonormal"));
	skewed = col_frame_identity();
	skewed.origin.z = INFINITY;
	assert_int_equal(col_principal_frame(t, n, COL_CENTROID_PAPER, &skewed, &f, NULL, &error),
	                 COL_ERROR_NOT_FINITE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_t4a_turned_cube),
	    cmocka_unit_test(test_t4b_edge_edge),
	    cmocka_unit_test(test_identical_and_nested),
	    cmocka_unit_test(test_face_to_face),
	    cmocka_unit_test(test_edge_on_edge),
	    cmocka_unit_test(test_parallel_edges),
	    cmocka_unit_test(test_near_parallel_over_report),
	    cmocka_unit_test(test_zero_extents),
	    cmocka_unit_test(test_bad_boxes),
	    cmocka_unit_test(test_frames_and_moves),
	    cmocka_unit_test(test_random_against_oracle),
	    cmocka_unit_test(test_t1_closed_forms),
	    cmocka_unit_test(test_fixed_aspect),
	    cmocka_unit_test(test_random_polytopes),
	    cmocka_unit_test(test_fifty_planes),
	    cmocka_unit_test(test_inscribed_errors),
	    cmocka_unit_test(test_t3_elongated_octahedron),
	    cmocka_unit_test(test_t3_half_pyramid),
	    cmocka_unit_test(test_t3_ties),
	    cmocka_unit_test(test_principal_turned_boxes),
	    cmocka_unit_test(test_principal_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
