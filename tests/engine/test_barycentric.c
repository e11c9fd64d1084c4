/* Signed barycentric signs, triangle positions, tri-cones, and the barycentric segment and triangle
 * tests: source 000's 2D checks 1-3, 10 and 11 (docs/sources.md; source 000, 4.1-4.6), then both
 * tests against brute-force references on random cases, integer ones included so that touching,
 * collinear and shared-end cases come up often. */
#include <math.h>

#include "collide/barycentric.h"
#include "collide/predicates.h"
#include "collide/shapes2d.h"

#include "support.h"

#define SEED 0x42415259ULL /* "BARY" */

static const col_vec2 V0 = {0, 0}, V1 = {1, 0}, V2 = {0, 1};

/* Cases 1 and 2: orientation-independent signs. */
static void test_signs(void **state)
{
	(void)state;
	assert_true(col_orient2d(V0, V1, V2) > 0);
	assert_true(col_orient2d(V0, V2, V1) < 0);
	assert_true(col_orient2d(V0, (col_vec2){1, 1}, (col_vec2){2, 2}) == 0);
	int s[3], r[3];
	col_barycentric_signs(V0, V1, V2, (col_vec2){0.25, 0.25}, s);
	assert_int_equal(s[0], 1);
	assert_int_equal(s[1], 1);
	assert_int_equal(s[2], 1);
	col_barycentric_signs(V0, V1, V2, (col_vec2){1, 1}, s);
	assert_int_equal(s[0], -1); /* (-1, 1, 1): in the truncated tri-cone, not in T */
	assert_int_equal(s[1], 1);
	assert_int_equal(s[2], 1);
	assert_true(col_truncated_tricone_contains(V0, V1, V2, (col_vec2){1, 1}));
	col_barycentric_signs(V0, V1, V2, (col_vec2){-1, 0.5}, s);
	assert_int_equal(s[1], -1);
	assert_false(col_tricone_contains(V0, V1, V2, (col_vec2){-1, 0.5}));
	/* The same triangle wound the other way: V0 V2 V1 names beta and gamma the other way round. */
	col_vec2 points[3] = {{0.25, 0.25}, {1, 1}, {-1, 0.5}};
	for (int i = 0; i < 3; i++) {
		col_barycentric_signs(V0, V1, V2, points[i], s);
		col_barycentric_signs(V0, V2, V1, points[i], r);
		assert_int_equal(s[0], r[0]);
		assert_int_equal(s[1], r[2]);
		assert_int_equal(s[2], r[1]);
	}
}

/* Case 3: every position on T = (0,0), (1,0), (0,1). */
static void test_positions(void **state)
{
	(void)state;
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){0.5, 0.5}), COL_TRIANGLE_EDGE12);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){0.5, 0}), COL_TRIANGLE_EDGE01);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){0, 0.5}), COL_TRIANGLE_EDGE02);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){0, 0}), COL_TRIANGLE_VERTEX0);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){1, 0}), COL_TRIANGLE_VERTEX1);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){0, 1}), COL_TRIANGLE_VERTEX2);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){0.2, 0.2}), COL_TRIANGLE_INTERIOR);
	assert_int_equal(col_triangle_locate(V0, V1, V2, (col_vec2){2, 2}), COL_TRIANGLE_OUTSIDE);
	assert_int_equal(col_triangle_locate(V0, (col_vec2){1, 1}, (col_vec2){2, 2}, (col_vec2){1, 1}),
	                 COL_TRIANGLE_OUTSIDE); /* degenerate */
	assert_string_equal(col_triangle_position_name(COL_TRIANGLE_EDGE12), "edge 12");
}

static bool seg(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy)
{
	return col_barycentric_segments_intersect((col_vec2){ax, ay}, (col_vec2){bx, by}, (col_vec2){cx, cy},
	                                          (col_vec2){dx, dy});
}

/* Case 10, including the branch erratum 4 breaks (t on the line of pq, so u becomes the apex). */
static void test_segment_cases(void **state)
{
	(void)state;
	assert_true(seg(0, 0, 2, 2, 0, 2, 2, 0));
	assert_true(seg(0, 0, 1, 1, 1, 1, 2, 0)); /* shared end */
	assert_true(seg(0, 0, 2, 0, 1, 0, 1, 1)); /* T contact */
	assert_false(seg(0, 0, 1, 0, 0, 1, 1, 1));
	assert_false(seg(0, 0, 2, 0, 3, 0, 3, 1)); /* t on the line, outside the segment */
	assert_true(seg(0, 0, 2, 0, 1, 0, 1, 1));  /* the swap branch */
	assert_true(seg(0, 0, 2, 0, 1, 1, 1, 0));  /* the same, ends the other way */
	/* Collinear: the 1D overlap test (touching counts as colliding). */
	assert_true(seg(0, 0, 2, 0, 1, 0, 3, 0));
	assert_true(seg(0, 0, 2, 0, 2, 0, 3, 0));
	assert_false(seg(0, 0, 2, 0, 2.5, 0, 3, 0));
	assert_true(seg(0, 0, 0, 2, 0, 1, 0, 5)); /* vertical */
	/* Point segments. */
	assert_true(seg(1, 0, 1, 0, 0, 0, 2, 0));
	assert_false(seg(1, 1, 1, 1, 0, 0, 2, 0));
	assert_true(seg(1, 1, 1, 1, 1, 1, 1, 1));
	assert_false(seg(1, 1, 1, 1, 1, 2, 1, 2));
}

static bool tri(const double a[6], const double b[6])
{
	col_vec2 ta[3] = {{a[0], a[1]}, {a[2], a[3]}, {a[4], a[5]}};
	col_vec2 tb[3] = {{b[0], b[1]}, {b[2], b[3]}, {b[4], b[5]}};
	return col_barycentric_triangles_intersect(ta, tb);
}

/* Case 11. */
static void test_triangle_cases(void **state)
{
	(void)state;
	double big[6] = {0, 0, 10, 0, 0, 10}, small[6] = {1, 1, 2, 1, 1, 2}, far[6] = {20, 20, 21, 20, 20, 21};
	assert_true(tri(big, small));
	assert_true(tri(small, big)); /* found by the swapped half */
	assert_false(tri(big, far));
	double up[6] = {0, 0, 6, 0, 3, 5.196}, down[6] = {0, 3.464, 3, -1.732, 6, 3.464};
	assert_true(tri(up, down)); /* star of David: no vertex inside, every edge crossing */
	double touching[6] = {10, 0, 12, 0, 11, 1};
	assert_true(tri(big, touching)); /* a shared vertex */
	double degenerate[6] = {-1, 5, 11, 5, 5, 5};
	assert_true(tri(big, degenerate)); /* a segment through the triangle */
	double degenerate_far[6] = {-1, 15, 11, 15, 5, 15};
	assert_false(tri(big, degenerate_far));
}

static col_vec2 random_point(rng *r, bool integer)
{
	if (integer)
		return (col_vec2){rng_int(r, 0, 4), rng_int(r, 0, 4)};
	return (col_vec2){rng_in(r, 0, 1), rng_in(r, 0, 1)};
}

/* Against the foundation's orientation-based segment test. */
static void test_segments_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED));
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		bool integer = i % 2 == 0;
		col_vec2 p = random_point(&r, integer), q = random_point(&r, integer);
		col_vec2 t = random_point(&r, integer), u = random_point(&r, integer);
		bool expected = col_segment_intersects_segment((col_segment){p, q}, (col_segment){t, u});
		if (col_barycentric_segments_intersect(p, q, t, u) != expected)
			FAIL_CASE(&r, i, "segments (%g,%g)-(%g,%g) and (%g,%g)-(%g,%g): expected %d", p.x, p.y, q.x,
			          q.y, t.x, t.y, u.x, u.y, expected);
	}
}

static bool in_closed(const col_vec2 t[3], col_vec2 p)
{
	double o = col_orient2d(t[0], t[1], t[2]);
	double a = col_orient2d(t[0], t[1], p), b = col_orient2d(t[1], t[2], p), c = col_orient2d(t[2], t[0], p);
	return o > 0 ? (a >= 0 && b >= 0 && c >= 0) : (a <= 0 && b <= 0 && c <= 0);
}

/* Reference: some pair of edges meets, or a vertex of one lies in the other. */
static bool reference_triangles(const col_vec2 a[3], const col_vec2 b[3])
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			if (col_segment_intersects_segment((col_segment){a[i], a[(i + 1) % 3]},
			                                   (col_segment){b[j], b[(j + 1) % 3]}))
				return true;
	bool a_proper = col_orient2d(a[0], a[1], a[2]) != 0, b_proper = col_orient2d(b[0], b[1], b[2]) != 0;
	return (a_proper && in_closed(a, b[0])) || (b_proper && in_closed(b, a[0]));
}

static void test_triangles_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 1));
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		bool integer = i % 2 == 0;
		col_vec2 a[3], b[3];
		for (int k = 0; k < 3; k++)
			a[k] = random_point(&r, integer);
		for (int k = 0; k < 3; k++)
			b[k] = random_point(&r, integer);
		bool expected = reference_triangles(a, b);
		if (col_barycentric_triangles_intersect(a, b) != expected)
			FAIL_CASE(&r, i, "triangles (%g,%g)(%g,%g)(%g,%g) and (%g,%g)(%g,%g)(%g,%g): expected %d",
			          a[0].x, a[0].y, a[1].x, a[1].y, a[2].x, a[2].y, b[0].x, b[0].y, b[1].x, b[1].y,
			          b[2].x, b[2].y, expected);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_signs),           cmocka_unit_test(test_positions),
	    cmocka_unit_test(test_segment_cases),   cmocka_unit_test(test_triangle_cases),
	    cmocka_unit_test(test_segments_random), cmocka_unit_test(test_triangles_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
