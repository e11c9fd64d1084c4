/* Segments and circles: crossing, touching, collinear overlap, tangency, and the validators. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "collide/shapes2d.h"

#define V(x, y)             ((col_vec2){(x), (y)})
#define SEG(ax, ay, bx, by) ((col_segment){{(ax), (ay)}, {(bx), (by)}})

/* Both argument orders and both end orders give the same answer. */
static void expect_meet(col_segment s, col_segment t, bool meet)
{
	col_segment sr = {s.b, s.a}, tr = {t.b, t.a};
	bool answers[4] = {col_segment_intersects_segment(s, t), col_segment_intersects_segment(t, s),
	                   col_segment_intersects_segment(sr, t), col_segment_intersects_segment(s, tr)};
	for (int i = 0; i < 4; i++) {
		if (answers[i] != meet)
			fail_msg("(%g,%g)-(%g,%g) vs (%g,%g)-(%g,%g): expected %d (variant %d)", s.a.x, s.a.y,
			         s.b.x, s.b.y, t.a.x, t.a.y, t.b.x, t.b.y, meet, i);
	}
}

static void test_segments_cross_touch_and_overlap(void **state)
{
	(void)state;
	expect_meet(SEG(0, 0, 2, 2), SEG(0, 2, 2, 0), true); /* crossing */
	expect_meet(SEG(0, 0, 2, 0), SEG(2, 0, 3, 5), true); /* shared end */
	expect_meet(SEG(0, 0, 2, 0), SEG(1, 0, 1, 5), true); /* T: end on interior */
	expect_meet(SEG(0, 0, 2, 0), SEG(1, 1e-300, 1, 5), false);
	expect_meet(SEG(0, 0, 4, 0), SEG(2, 0, 6, 0), true); /* collinear overlap */
	expect_meet(SEG(0, 0, 4, 0), SEG(4, 0, 6, 0), true); /* collinear, touching ends */
	expect_meet(SEG(0, 0, 4, 0), SEG(nextafter(4, 5), 0, 6, 0), false);
	expect_meet(SEG(0, 0, 4, 4), SEG(1, 1, 2, 2), true);  /* one inside the other */
	expect_meet(SEG(0, 0, 1, 1), SEG(2, 2, 3, 3), false); /* collinear apart */
	expect_meet(SEG(0, 0, 1, 0), SEG(0, 1, 1, 1), false); /* parallel */
	expect_meet(SEG(1, 1, 1, 1), SEG(0, 0, 2, 2), true);  /* point on segment */
	expect_meet(SEG(1, 1, 1, 1), SEG(0, 0, 2, 2.5), false);
	expect_meet(SEG(1, 1, 1, 1), SEG(1, 1, 1, 1), true);
	expect_meet(SEG(0.1, 0.1, 0.7, 0.7), SEG(0.3, 0.3, 0.9, 0.9), true);
	/* Near misses by one ulp. */
	expect_meet(SEG(0, 0, 1, 1), SEG(0.5, nextafter(0.5, 1), 2, 3), false);
	expect_meet(SEG(0, 0, 1, 1), SEG(0.5, 0.5, 2, 3), true);

	assert_true(col_segment_contains_point(SEG(0, 0, 2, 2), V(1, 1)));
	assert_true(col_segment_contains_point(SEG(0, 0, 2, 2), V(2, 2)));
	assert_false(col_segment_contains_point(SEG(0, 0, 2, 2), V(3, 3)));
	assert_false(col_segment_contains_point(SEG(0, 0, 2, 2), V(1, nextafter(1, 2))));
	assert_true(col_segment_contains_point(SEG(5, 5, 5, 5), V(5, 5)));
}

static void test_intersection_points(void **state)
{
	(void)state;
	col_vec2 p;
	assert_true(col_segment_intersection_point(SEG(0, 0, 2, 2), SEG(0, 2, 2, 0), &p));
	assert_true(p.x == 1 && p.y == 1);
	assert_true(col_segment_intersection_point(SEG(0, 0, 2, 0), SEG(1, 0, 1, 5), &p));
	assert_true(p.x == 1 && p.y == 0);
	assert_true(col_segment_intersection_point(SEG(0, 0, 4, 0), SEG(6, 0, 2, 0), &p));
	assert_true(p.x == 2 && p.y == 0); /* the overlap's first end along s */
	assert_true(col_segment_intersection_point(SEG(4, 0, 0, 0), SEG(2, 0, 6, 0), &p));
	assert_true(p.x == 4 && p.y == 0);
	assert_false(col_segment_intersection_point(SEG(0, 0, 1, 0), SEG(0, 1, 1, 1), &p));
	assert_true(col_segment_intersection_point(SEG(0, 0, 3, 1), SEG(0, 1, 3, 0), &p));
	assert_true(fabs(p.x - 1.5) < 1e-15 && fabs(p.y - 0.5) < 1e-15);
	assert_true(col_segment_intersection_point(SEG(0, 0, 3, 1), SEG(0, 1, 3, 0), NULL));
}

static void test_circles(void **state)
{
	(void)state;
	col_circle unit = {{0, 0}, 1};
	assert_true(col_circle_contains_point(unit, V(1, 0)));                    /* on the circle */
	assert_true(col_circle_contains_point((col_circle){{0, 0}, 5}, V(3, 4))); /* exactly on */
	assert_false(col_circle_contains_point(unit, V(nextafter(1, 2), 0)));
	assert_true(col_circle_contains_point((col_circle){{3, 3}, 0}, V(3, 3)));

	assert_true(col_circle_intersects_segment(unit, SEG(-2, 1, 2, 1))); /* tangent */
	assert_false(col_circle_intersects_segment(unit, SEG(-2, nextafter(1, 2), 2, nextafter(1, 2))));
	assert_true(col_circle_intersects_segment(unit, SEG(-2, 0, 2, 0)));     /* through */
	assert_true(col_circle_intersects_segment(unit, SEG(-0.1, 0, 0.1, 0))); /* inside */
	assert_false(col_circle_intersects_segment(unit, SEG(1.5, -2, 1.5, 2)));
	assert_false(col_circle_intersects_segment(unit, SEG(2, 0, 5, 0))); /* ahead on its line */
	assert_true(col_circle_intersects_segment(unit, SEG(1, 0, 5, 0)));  /* touching end */
	assert_true(col_circle_intersects_segment(unit, SEG(0.5, 0.5, 5, 5)));
	assert_false(col_circle_intersects_segment(unit, SEG(3, 3, 3, 3)));
	assert_true(col_circle_intersects_segment(unit, SEG(1, 0, 1, 0)));

	assert_true(col_circle_intersects_circle(unit, (col_circle){{3, 0}, 2})); /* touching */
	assert_false(col_circle_intersects_circle(unit, (col_circle){{3, 0}, nextafter(2, 1)}));
	assert_true(col_circle_intersects_circle(unit, (col_circle){{0.1, 0}, 0.1})); /* nested */
	assert_true(col_circle_intersects_circle((col_circle){{0, 0}, 0}, (col_circle){{0, 0}, 0}));
	assert_true(col_circle_intersects_circle(unit, (col_circle){{3, 4}, 4}));

	assert_true(col_circle_intersects_circle((col_circle){{0, 0}, 0.1}, (col_circle){{0.3, 0}, 0.2}));
}

static void test_against_polygons(void **state)
{
	(void)state;
	const col_vec2 outer[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
	const col_vec2 hole[] = {{3, 3}, {7, 3}, {7, 7}, {3, 7}};
	col_contour contours[] = {{outer, 4}, {hole, 4}};
	col_polygon *polygon = NULL;
	assert_int_equal(col_polygon_create(contours, 2, &polygon, NULL), COL_OK);
	col_query_stats stats = {0};
	assert_false(
	    col_circle_intersects_polygon((col_circle){{5, 5}, 1}, polygon, &stats)); /* in the hole */
	assert_true(
	    col_circle_intersects_polygon((col_circle){{5, 5}, 2}, polygon, &stats)); /* tangent to it */
	assert_true(
	    col_circle_intersects_polygon((col_circle){{1.5, 1.5}, 0.5}, polygon, &stats)); /* inside */
	assert_true(
	    col_circle_intersects_polygon((col_circle){{12, 5}, 2}, polygon, &stats)); /* tangent outside */
	assert_false(col_circle_intersects_polygon((col_circle){{12, 5}, nextafter(2, 1)}, polygon, &stats));
	assert_true(
	    col_circle_intersects_polygon((col_circle){{5, 5}, 100}, polygon, &stats)); /* swallows it */
	assert_int_equal(stats.queries, 6);
	assert_true(stats.primitives_tested > 0);

	assert_false(col_segment_intersects_polygon(SEG(4, 4, 6, 6), polygon, NULL)); /* in the hole */
	assert_true(
	    col_segment_intersects_polygon(SEG(4, 4, 7, 7), polygon, NULL)); /* reaches a hole corner */
	assert_true(col_segment_intersects_polygon(SEG(1, 1, 2, 2), polygon, NULL)); /* inside */
	assert_true(col_segment_intersects_polygon(SEG(-5, 5, 20, 5), polygon, NULL));
	assert_false(col_segment_intersects_polygon(SEG(11, 0, 11, 10), polygon, NULL));
	assert_true(col_segment_intersects_polygon(SEG(10, 10, 12, 12), polygon, NULL));
	col_polygon_destroy(polygon);
}

static void test_validation(void **state)
{
	(void)state;
	col_error error = {0};
	assert_int_equal(col_segment_validate(SEG(0, 0, 1, 1), &error), COL_OK);
	assert_int_equal(col_segment_validate(SEG(0, 0, 0, 0), &error), COL_OK);
	assert_int_equal(col_segment_validate(SEG(0, NAN, 1, 1), &error), COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "segment: end point a has a NaN coordinate"));
	assert_int_equal(col_segment_validate(SEG(0, 0, INFINITY, 1), &error), COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "end point b"));
	assert_int_equal(col_circle_validate((col_circle){{0, 0}, 0}, &error), COL_OK);
	assert_int_equal(col_circle_validate((col_circle){{0, 0}, -1}, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "negative radius"));
	assert_int_equal(col_circle_validate((col_circle){{0, 0}, NAN}, &error), COL_ERROR_NOT_FINITE);
	assert_int_equal(col_circle_validate((col_circle){{0, 0}, INFINITY}, &error), COL_ERROR_NOT_FINITE);
	assert_int_equal(col_circle_validate((col_circle){{NAN, 0}, 1}, &error), COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "circle: the centre"));
	assert_int_equal(col_circle_validate((col_circle){{0, 0}, 1}, NULL), COL_OK);
}

/* A NaN or infinite coordinate, or a NaN, infinite or negative radius, is nowhere: every test
 * says false (a NaN's predicate sign reads as 0, which would have meant "touching"). */
static void test_not_finite_is_nowhere(void **state)
{
	(void)state;
	col_polygon *square = NULL;
	const col_vec2 corners[] = {V(0, 0), V(10, 0), V(10, 10), V(0, 10)};
	assert_int_equal(col_polygon_create_simple(corners, 4, &square, NULL), COL_OK);
	col_circle unit = {V(0, 0), 1};
	double bad_radii[] = {NAN, INFINITY, -1.0};
	for (int i = 0; i < 3; i++) {
		col_circle c = {V(5, 5), bad_radii[i]};
		assert_false(col_circle_contains_point(c, V(5, 5)));
		assert_false(col_circle_intersects_circle(c, unit));
		assert_false(col_circle_intersects_circle(unit, c));
		assert_false(col_circle_intersects_segment(c, SEG(0, 5, 10, 5)));
		assert_false(col_circle_intersects_polygon(c, square, NULL));
	}
	col_vec2 bad_points[] = {V(NAN, 0), V(0, NAN), V(INFINITY, 0), V(0, -INFINITY)};
	for (int i = 0; i < 4; i++) {
		col_vec2 b = bad_points[i];
		assert_false(col_circle_contains_point(unit, b));
		assert_false(col_circle_contains_point((col_circle){b, 1}, V(100, 100)));
		assert_false(col_circle_intersects_circle((col_circle){b, 1}, (col_circle){V(100, 100), 1}));
		assert_false(col_circle_intersects_segment((col_circle){b, 1}, SEG(50, 50, 60, 60)));
		assert_false(col_circle_intersects_segment(unit, (col_segment){b, V(0, 0)}));
		assert_false(col_circle_intersects_polygon((col_circle){b, 1}, square, NULL));
		assert_false(col_segment_contains_point(SEG(0, 0, 1, 0), b));
		assert_false(col_segment_contains_point((col_segment){b, b}, b));
		assert_false(col_segment_intersects_segment((col_segment){b, V(1, 1)}, SEG(0, 0, 1, 1)));
		assert_false(col_segment_intersects_segment(SEG(0, 0, 1, 1), (col_segment){V(0, 0), b}));
		col_vec2 point = V(7, 7);
		assert_false(
		    col_segment_intersection_point((col_segment){b, V(1, 1)}, SEG(0, 0, 1, 1), &point));
		assert_false(col_segment_intersects_polygon((col_segment){b, V(5, 5)}, square, NULL));
	}
	/* finite shapes still answer */
	assert_true(col_circle_intersects_polygon(unit, square, NULL));
	assert_true(col_segment_intersects_polygon(SEG(-1, 5, 1, 5), square, NULL));
	col_polygon_destroy(square);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_segments_cross_touch_and_overlap),
	    cmocka_unit_test(test_intersection_points),
	    cmocka_unit_test(test_circles),
	    cmocka_unit_test(test_against_polygons),
	    cmocka_unit_test(test_validation),
	    cmocka_unit_test(test_not_finite_is_nowhere),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
