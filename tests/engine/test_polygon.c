/* Polygon creation: every invalid input gives its status and a message naming the contour, edges
 * and place; valid input is cleaned and oriented; degenerate queries (on a vertex, on an edge, on
 * a hole's boundary, a ray through a vertex, a few ulps either side of an edge) have one answer.
 * The sweep that finds bad contacts is checked against an all-pairs integer reference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/polygon.h"
#include "collide/predicates.h"

#include "polygon_classes.h"
#include "support.h"

#define V(x, y)      ((col_vec2){(x), (y)})
#define COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

/* Creates from contours and checks the status and that the message contains `expected`. */
static void expect_failure(const col_contour *contours, int count, col_status status, const char *expected)
{
	col_polygon *polygon = (col_polygon *)1;
	col_error error = {0};
	col_status got = col_polygon_create(contours, count, &polygon, &error);
	if (got != status || strstr(error.message, expected) == NULL)
		fail_msg("expected %s with \"%s\", got %s: \"%s\"", col_status_name(status), expected,
		         col_status_name(got), error.message);
	assert_null(polygon);
	assert_int_equal(error.code, status);
}

static void expect_simple_failure(const col_vec2 *points, int count, col_status status, const char *expected)
{
	col_contour contour = {points, count};
	expect_failure(&contour, 1, status, expected);
}

static col_polygon *make(const col_contour *contours, int count)
{
	col_polygon *polygon = NULL;
	col_error error = {0};
	col_status status = col_polygon_create(contours, count, &polygon, &error);
	if (status != COL_OK)
		fail_msg("unexpected failure: %s", error.message);
	return polygon;
}

static void expect_both(const col_polygon *polygon, col_vec2 p, bool inside)
{
	bool crossing = col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
	bool winding = col_polygon_contains(polygon, p, COL_METHOD_WINDING, NULL);
	if (crossing != inside || winding != inside)
		fail_msg("(%.17g, %.17g): expected %s, crossing says %d, winding %d", p.x, p.y,
		         inside ? "inside" : "outside", crossing, winding);
}

static const col_vec2 square10[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};

static void test_bowtie_names_crossing_edges(void **state)
{
	(void)state;
	const col_vec2 bowtie[] = {V(0, 0), V(2, 2), V(2, 0), V(0, 2)};
	expect_simple_failure(bowtie, 4, COL_ERROR_SELF_INTERSECTION,
	                      "polygon: contour 0 edges 0 and 2 cross at (1, 1)");
	/* A duplicated vertex does not shift the caller's edge numbers. */
	const col_vec2 doubled[] = {V(0, 0), V(0, 0), V(2, 2), V(2, 0), V(0, 2)};
	expect_simple_failure(doubled, 5, COL_ERROR_SELF_INTERSECTION,
	                      "contour 0 edges 1 and 3 cross at (1, 1)");
}

static void test_vertex_on_other_edge(void **state)
{
	(void)state;
	/* Vertex 3 lies inside edge 0 (a T): accepted, edge 0 split there, so the contour passes
	 * through (3, 0) twice, between two lobes. */
	const col_vec2 tee[] = {V(0, 0), V(6, 0), V(6, 4), V(3, 0), V(0, 4)};
	col_polygon *lobes = make((col_contour[]){{tee, 5}}, 1);
	assert_int_equal(col_polygon_vertex_count(lobes), 6);
	expect_both(lobes, V(3, 0), true);
	expect_both(lobes, V(1, 1), true);
	expect_both(lobes, V(5, 1), true);
	expect_both(lobes, V(3, 0.5), false);
	expect_both(lobes, V(3, -0.5), false);
	col_polygon_destroy(lobes);
	/* A T whose vertex the contour crosses through is still a crossing. */
	const col_vec2 crossed[] = {V(0, 0), V(6, 0), V(6, 4), V(3, -2), V(0, 4)};
	expect_simple_failure(crossed, 5, COL_ERROR_SELF_INTERSECTION, "cross");
	/* Two edges crossing where neither has a vertex stay refused even when a third passes there. */
	const col_vec2 three[] = {V(2, 3), V(3, 1), V(1, 2), V(2, 1), V(4, 1), V(1, 4), V(1, 3), V(4, 3), V(3, 4)};
	expect_simple_failure(three, 9, COL_ERROR_SELF_INTERSECTION, "cross at (2, 3)");
	/* A spike: the contour runs out along a line and back. */
	const col_vec2 spike[] = {V(0, 0), V(4, 0), V(4, 4), V(4, 6), V(4, 5), V(0, 4)};
	expect_simple_failure(spike, 6, COL_ERROR_SELF_INTERSECTION, "polygon: contour 0 edges 2 and ");
	/* Collinear overlap of non-consecutive edges. */
	const col_vec2 folded[] = {V(0, 0), V(4, 0), V(4, 2), V(2, 2), V(2, 0), V(1, 0), V(1, -2), V(0, -2)};
	expect_simple_failure(folded, 8, COL_ERROR_SELF_INTERSECTION, "polygon: contour 0 edges");
}

static void test_holes_that_touch_or_cross(void **state)
{
	(void)state;
	const col_vec2 crossing[] = {V(8, 4), V(12, 4), V(12, 6), V(8, 6)};
	col_contour a[] = {{square10, 4}, {crossing, 4}};
	expect_failure(a, 2, COL_ERROR_SELF_INTERSECTION, "polygon: contour 0 edge 1 and contour 1 edge");
	expect_failure(a, 2, COL_ERROR_SELF_INTERSECTION, "cross at (10, ");

	/* A hole touching the outer contour's edge at a vertex of its own: accepted. */
	const col_vec2 touching[] = {V(8, 4), V(10, 5), V(8, 6)};
	col_contour b[] = {{square10, 4}, {touching, 3}};
	col_polygon *notched = make(b, 2);
	assert_int_equal(col_polygon_vertex_count(notched), 8);
	expect_both(notched, V(10, 5), true);
	expect_both(notched, V(9, 5), false);
	expect_both(notched, V(10, 4.5), true);
	expect_both(notched, V(9.5, 2), true);
	col_polygon_destroy(notched);
	/* Touching the edge from outside: misplaced. */
	const col_vec2 beside[] = {V(12, 4), V(12, 6), V(10, 5)};
	col_contour outside[] = {{square10, 4}, {beside, 3}};
	expect_failure(outside, 2, COL_ERROR_TOPOLOGY, "polygon: hole 1 lies outside the outer contour");
	/* The outer contour's vertex inside a hole's edge, the hole inside: accepted. */
	const col_vec2 notch_outer[] = {V(0, 0), V(10, 0), V(10, 10), V(5, 6), V(0, 10)};
	const col_vec2 below[] = {V(3, 6), V(5, 2), V(7, 6)};
	col_contour e[] = {{notch_outer, 5}, {below, 3}};
	col_polygon *v_hole = make(e, 2);
	expect_both(v_hole, V(5, 6), true);
	expect_both(v_hole, V(5, 5), false);
	expect_both(v_hole, V(5, 7), false);
	expect_both(v_hole, V(2, 7), true);
	col_polygon_destroy(v_hole);

	const col_vec2 left[] = {V(2, 2), V(5, 2), V(5, 4), V(2, 4)};
	const col_vec2 right[] = {V(5, 3), V(8, 3), V(8, 5), V(5, 5)};
	col_contour c[] = {{square10, 4}, {left, 4}, {right, 4}};
	expect_failure(c, 3, COL_ERROR_SELF_INTERSECTION, "polygon: contour 1 edge 1 and contour 2 edge ");

	col_contour twice[] = {{square10, 4}, {left, 4}, {left, 4}};
	expect_failure(twice, 3, COL_ERROR_SELF_INTERSECTION, "contour 1 edge");
}

static void test_hole_placement(void **state)
{
	(void)state;
	const col_vec2 outside[] = {V(20, 20), V(22, 20), V(22, 22)};
	col_contour a[] = {{square10, 4}, {outside, 3}};
	expect_failure(a, 2, COL_ERROR_TOPOLOGY, "polygon: hole 1 lies outside the outer contour");

	const col_vec2 big[] = {V(2, 2), V(8, 2), V(8, 8), V(2, 8)};
	const col_vec2 small[] = {V(4, 4), V(6, 4), V(6, 6), V(4, 6)};
	col_contour b[] = {{square10, 4}, {big, 4}, {small, 4}};
	expect_failure(b, 3, COL_ERROR_TOPOLOGY, "polygon: hole 2 lies inside hole 1");
	col_contour c[] = {{square10, 4}, {small, 4}, {big, 4}};
	expect_failure(c, 3, COL_ERROR_TOPOLOGY, "polygon: hole 1 lies inside hole 2");

	/* The outer contour inside its own "hole". */
	const col_vec2 around[] = {V(-5, -5), V(15, -5), V(15, 15), V(-5, 15)};
	col_contour d[] = {{square10, 4}, {around, 4}};
	expect_failure(d, 2, COL_ERROR_TOPOLOGY, "hole 1 lies outside the outer contour");
}

static void test_not_finite(void **state)
{
	(void)state;
	const col_vec2 with_nan[] = {V(0, 0), V(1, 0), V(1, NAN), V(0, 1)};
	expect_simple_failure(with_nan, 4, COL_ERROR_NOT_FINITE,
	                      "polygon: contour 0 vertex 2 has a NaN coordinate");
	const col_vec2 with_inf[] = {V(0, 0), V(1, 0), V(1, 1), V(-INFINITY, 1)};
	col_contour a[] = {{square10, 4}, {with_inf, 4}};
	expect_failure(a, 2, COL_ERROR_NOT_FINITE, "polygon: contour 1 vertex 3 has an infinite coordinate");
}

/* Coordinates outside the predicates' exact range are refused at creation: {0,0}, {1e200,0},
 * {0,1e200} used to be accepted with an area of -inf and containment methods that disagreed. */
static void test_coordinate_range(void **state)
{
	(void)state;
	const col_vec2 huge[] = {V(0, 0), V(1e200, 0), V(0, 1e200)};
	expect_simple_failure(huge, 3, COL_ERROR_INVALID_ARGUMENT,
	                      "polygon: contour 0 vertex 1 coordinate 1e+200 is outside the supported "
	                      "range [1e-30, 1e+30]");
	const col_vec2 tiny[] = {V(0, 0), V(1, 0), V(1, 1e-200), V(0, 1)};
	col_contour a[] = {{square10, 4}, {tiny, 4}};
	expect_failure(a, 2, COL_ERROR_INVALID_ARGUMENT, "polygon: contour 1 vertex 2 coordinate 1e-200");
	const col_vec2 just_over[] = {V(0, 0), V(1, 0), V(0, -1.0000001e30)};
	expect_simple_failure(just_over, 3, COL_ERROR_INVALID_ARGUMENT, "vertex 2 coordinate -1e+30");
	/* the ends of the range, and zero, are accepted */
	const col_vec2 edges[] = {V(0, 0), V(1e30, 0), V(1e30, 1e-30), V(-1e30, 1e30)};
	col_contour b = {edges, 4};
	col_polygon_destroy(make(&b, 1));
}

static void test_degenerate_contours(void **state)
{
	(void)state;
	const col_vec2 two[] = {V(0, 0), V(1, 0)};
	expect_simple_failure(two, 2, COL_ERROR_DEGENERATE,
	                      "polygon: fewer than 3 distinct vertices in contour 0");
	const col_vec2 closed_two[] = {V(0, 0), V(1, 0), V(0, 0)};
	expect_simple_failure(closed_two, 3, COL_ERROR_DEGENERATE, "fewer than 3 distinct vertices");
	const col_vec2 same[] = {V(1, 1), V(1, 1), V(1, 1), V(1, 1)};
	expect_simple_failure(same, 4, COL_ERROR_DEGENERATE, "fewer than 3 distinct vertices");
	const col_vec2 back_and_forth[] = {V(0, 0), V(1, 0), V(0, 0), V(1, 0)};
	expect_simple_failure(back_and_forth, 4, COL_ERROR_DEGENERATE, "fewer than 3 distinct vertices");
	expect_simple_failure(square10, 0, COL_ERROR_DEGENERATE, "fewer than 3 distinct vertices");
	const col_vec2 line[] = {V(0, 0), V(1, 1), V(3, 3), V(2, 2)};
	expect_simple_failure(line, 4, COL_ERROR_DEGENERATE, "polygon: zero area in contour 0");
	const col_vec2 flat_hole[] = {V(2, 2), V(4, 2), V(3, 2)};
	col_contour a[] = {{square10, 4}, {flat_hole, 3}};
	expect_failure(a, 2, COL_ERROR_DEGENERATE, "zero area in contour 1");
}

static void test_invalid_arguments(void **state)
{
	(void)state;
	col_polygon *polygon = NULL;
	col_error error = {0};
	col_contour contour = {square10, 4};
	assert_int_equal(col_polygon_create(&contour, 1, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_polygon_create(NULL, 1, &polygon, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_polygon_create(&contour, 0, &polygon, &error), COL_ERROR_INVALID_ARGUMENT);
	col_contour negative = {square10, -3};
	assert_int_equal(col_polygon_create(&negative, 1, &polygon, &error), COL_ERROR_INVALID_ARGUMENT);
	col_contour missing = {NULL, 3};
	assert_int_equal(col_polygon_create(&missing, 1, &polygon, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(polygon);
	/* A NULL error record is allowed. */
	assert_int_equal(col_polygon_create(&missing, 1, &polygon, NULL), COL_ERROR_INVALID_ARGUMENT);
	col_polygon_destroy(NULL);
}

static bool contour_is_ccw(col_contour c)
{
	double sum = 0;
	for (int i = 0; i < c.count; i++) {
		col_vec2 a = c.points[i], b = c.points[(i + 1) % c.count];
		sum += a.x * b.y - a.y * b.x;
	}
	return sum > 0;
}

/* Clockwise outer, counter-clockwise hole, duplicates and the closing vertex: all normalised. */
static void test_normalisation(void **state)
{
	(void)state;
	const col_vec2 outer[] = {V(0, 0), V(0, 10), V(0, 10), V(10, 10), V(10, 0), V(0, 0)};
	const col_vec2 hole[] = {V(2, 2), V(4, 2), V(4, 4), V(2, 4)};
	col_contour contours[] = {{outer, COUNT(outer)}, {hole, COUNT(hole)}};
	col_polygon *polygon = make(contours, 2);
	assert_int_equal(col_polygon_contour_count(polygon), 2);
	assert_int_equal(col_polygon_contour(polygon, 0).count, 4);
	assert_int_equal(col_polygon_vertex_count(polygon), 8);
	assert_true(contour_is_ccw(col_polygon_contour(polygon, 0)));
	assert_false(contour_is_ccw(col_polygon_contour(polygon, 1)));
	assert_true(col_polygon_area(polygon) == 96.0);
	col_aabb2 box = col_polygon_bounds(polygon);
	assert_true(box.min.x == 0 && box.min.y == 0 && box.max.x == 10 && box.max.y == 10);
	assert_null(col_polygon_contour(polygon, 2).points);
	assert_null(col_polygon_contour(polygon, -1).points);
	col_polygon_destroy(polygon);

	/* Collinear consecutive vertices are kept: they are legal. */
	const col_vec2 with_midpoints[] = {V(0, 0), V(1, 0), V(2, 0), V(2, 2), V(0, 2), V(0, 1)};
	col_polygon *p2 = NULL;
	assert_int_equal(col_polygon_create_simple(with_midpoints, 6, &p2, NULL), COL_OK);
	assert_int_equal(col_polygon_vertex_count(p2), 6);
	assert_true(col_polygon_area(p2) == 4.0);
	col_polygon_destroy(p2);
}


/* A square with a square hole and a notch whose top is horizontal, so rays run along edges. */
static void test_degenerate_queries(void **state)
{
	(void)state;
	const col_vec2 outer[] = {V(0, 0), V(10, 0), V(10, 10), V(6, 10),
	                          V(6, 8), V(4, 8),  V(4, 10),  V(0, 10)};
	const col_vec2 hole[] = {V(2, 2), V(2, 4), V(4, 4), V(4, 2)};
	col_contour contours[] = {{outer, 8}, {hole, 4}};
	col_polygon *polygon = make(contours, 2);
	expect_both(polygon, V(1, 1), true);
	expect_both(polygon, V(3, 3), false);  /* in the hole */
	expect_both(polygon, V(5, 9), false);  /* in the notch */
	expect_both(polygon, V(0, 0), true);   /* vertex */
	expect_both(polygon, V(10, 10), true); /* vertex */
	expect_both(polygon, V(5, 0), true);   /* bottom edge */
	expect_both(polygon, V(0, 5), true);   /* left edge */
	expect_both(polygon, V(5, 8), true);   /* notch floor, horizontal */
	expect_both(polygon, V(3, 2), true);   /* hole boundary */
	expect_both(polygon, V(4, 4), true);   /* hole vertex */
	expect_both(polygon, V(2, 3), true);   /* hole edge */
	expect_both(polygon, V(1, 8), true);   /* ray through the notch's vertices and floor */
	expect_both(polygon, V(1, 10), true);  /* top edge, ray along it */
	expect_both(polygon, V(5, 10), false); /* the notch's open top */
	expect_both(polygon, V(-1, 8), false); /* left of everything on a vertex row */
	expect_both(polygon, V(-1, 2), false);
	expect_both(polygon, V(1, 2), true); /* ray through the hole's bottom edge */
	expect_both(polygon, V(1, 4), true); /* ray through the hole's top edge */
	expect_both(polygon, V(11, 10), false);
	expect_both(polygon, V(10, 11), false);
	expect_both(polygon, V(nextafter(10, 11), 5), false);
	expect_both(polygon, V(nextafter(10, 9), 5), true);
	expect_both(polygon, V(5, nextafter(8, 9)), false);
	expect_both(polygon, V(5, nextafter(8, 7)), true);
	expect_both(polygon, V(3, nextafter(2, 3)), false);
	expect_both(polygon, V(3, nextafter(2, 1)), true);
	assert_true(col_polygon_on_boundary(polygon, V(3, 2), NULL));
	assert_true(col_polygon_on_boundary(polygon, V(6, 9), NULL));
	assert_false(col_polygon_on_boundary(polygon, V(5, 9), NULL));
	assert_false(col_polygon_on_boundary(polygon, V(1, 1), NULL));

	col_query_stats stats = {0};
	col_polygon_contains(polygon, V(1, 1), COL_METHOD_DEFAULT, &stats);
	col_polygon_contains(polygon, V(1, 1), COL_METHOD_WINDING, &stats);
	assert_int_equal(stats.queries, 2);
	assert_int_equal(stats.primitives_tested, 24);
	col_vec2 points[] = {V(1, 1), V(3, 3), V(5, 8)};
	bool inside[3];
	col_polygon_contains_points(polygon, points, 3, COL_METHOD_WINDING, inside, &stats);
	assert_true(inside[0] && !inside[1] && inside[2]);
	assert_int_equal(stats.queries, 5);
	col_polygon_destroy(polygon);
}

/* A diagonal edge: points one ulp either side of it. */
static void test_ulps_from_a_diagonal(void **state)
{
	(void)state;
	const col_vec2 triangle[] = {V(0, 0), V(1, 0), V(1, 1)};
	col_polygon *polygon = NULL;
	assert_int_equal(col_polygon_create_simple(triangle, 3, &polygon, NULL), COL_OK);
	for (double t = 0.05; t < 1.0; t += 0.0625) {
		expect_both(polygon, V(t, t), true);
		expect_both(polygon, V(t, nextafter(t, 2)), false);
		expect_both(polygon, V(t, nextafter(t, -1)), true);
		expect_both(polygon, V(nextafter(t, -1), t), false);
	}
	/* A steeper edge with inexact slope: (3, 1) to (0, 0) seen from a point just off it. */
	const col_vec2 thin[] = {V(0, 0), V(3, 0), V(3, 1)};
	col_polygon *p2 = NULL;
	assert_int_equal(col_polygon_create_simple(thin, 3, &p2, NULL), COL_OK);
	expect_both(p2, V(1.5, 0.5), true);
	expect_both(p2, V(1.5, nextafter(0.5, 1)), false);
	expect_both(p2, V(1.5, nextafter(0.5, 0)), true);
	expect_both(p2, V(0.75, 0.25), true);
	expect_both(p2, V(0.75, nextafter(0.25, 1)), false);
	col_polygon_destroy(polygon);
	col_polygon_destroy(p2);
}

/* Non-manifold polygons: contours may pass through a common vertex, or one contour through a vertex
 * twice, as long as they do not cross there; the source's coverings allow them, and so does every
 * query (a pinch vertex is on the boundary: inside). */
static void test_pinches(void **state)
{
	(void)state;
	/* A bow tie: two triangles sharing the vertex (2, 2), both counter-clockwise. */
	const col_vec2 bow_tie[] = {V(0, 0), V(2, 2), V(4, 0), V(4, 4), V(2, 2), V(0, 4)};
	col_contour tie = {bow_tie, 6};
	col_polygon *polygon = make(&tie, 1);
	assert_true(col_polygon_area(polygon) == 8.0);
	expect_both(polygon, V(2, 2), true);   /* the pinch */
	expect_both(polygon, V(1, 2), true);   /* left lobe */
	expect_both(polygon, V(3, 2), true);   /* right lobe */
	expect_both(polygon, V(2, 1), false);  /* between the lobes, below the pinch */
	expect_both(polygon, V(2, 3), false);  /* and above it */
	expect_both(polygon, V(2, nextafter(2, 0)), false);
	col_polygon_destroy(polygon);

	/* The same vertices in the order of a figure eight: the passes cross at (2, 2). */
	const col_vec2 eight[] = {V(0, 0), V(2, 2), V(4, 4), V(4, 0), V(2, 2), V(0, 4)};
	expect_simple_failure(eight, 6, COL_ERROR_SELF_INTERSECTION,
	                      "polygon: contour 0 passes through (2, 2) twice, at vertices 1 and 4, and the passes "
	                      "cross there");

	/* One contour around a square and, through its top vertex (3, 6) a second time, around a
	 * triangular pocket hanging from it: the pocket is outside. */
	const col_vec2 pocket[] = {V(0, 0), V(6, 0), V(6, 6), V(3, 6), V(4, 4), V(2, 4), V(3, 6), V(0, 6)};
	col_contour with_pocket = {pocket, 8};
	polygon = make(&with_pocket, 1);
	assert_true(col_polygon_area(polygon) == 34.0);
	expect_both(polygon, V(3, 6), true);
	expect_both(polygon, V(3, 4.5), false);
	expect_both(polygon, V(3, 3), true);
	expect_both(polygon, V(1, 5), true);
	col_polygon_destroy(polygon);

	/* A hole touching the outer contour at its corner, from inside. */
	const col_vec2 corner_hole[] = {V(0, 0), V(1, 3), V(3, 1)};
	col_contour a[] = {{square10, 4}, {corner_hole, 3}};
	polygon = make(a, 2);
	assert_true(col_polygon_area(polygon) == 100.0 - 4.0);
	expect_both(polygon, V(0, 0), true);
	expect_both(polygon, V(1, 1), false);
	expect_both(polygon, V(0.1, 1), true);
	expect_both(polygon, V(5, 5), true);
	col_polygon_destroy(polygon);

	/* Two holes sharing a vertex, and a chain of them from corner to corner. */
	const col_vec2 left[] = {V(2, 2), V(5, 5), V(2, 5)};
	const col_vec2 right[] = {V(5, 5), V(8, 2), V(8, 5)};
	const col_vec2 to_corner[] = {V(8, 5), V(10, 10), V(9, 5)};
	col_contour b[] = {{square10, 4}, {left, 3}, {right, 3}, {to_corner, 3}};
	polygon = make(b, 4);
	expect_both(polygon, V(5, 5), true);
	expect_both(polygon, V(3, 4), false);
	expect_both(polygon, V(7, 4), false);
	expect_both(polygon, V(5, 4), true);
	col_polygon_destroy(polygon);

	/* Touching from the wrong side: a hole outside at a corner, a hole inside a hole. */
	const col_vec2 outside[] = {V(10, 10), V(12, 11), V(11, 12)};
	col_contour c[] = {{square10, 4}, {outside, 3}};
	expect_failure(c, 2, COL_ERROR_TOPOLOGY, "polygon: hole 1 lies outside the outer contour");
	const col_vec2 big[] = {V(2, 2), V(8, 2), V(8, 8), V(2, 8)};
	const col_vec2 small[] = {V(2, 2), V(4, 3), V(3, 4)};
	col_contour d[] = {{square10, 4}, {big, 4}, {small, 3}};
	expect_failure(d, 3, COL_ERROR_TOPOLOGY, "polygon: hole 2 lies inside hole 1");
	/* A hole passing out of the outer contour through one corner and back in through another. */
	const col_vec2 through[] = {V(10, 10), V(12, 5), V(10, 0), V(5, 5)};
	col_contour e[] = {{square10, 4}, {through, 4}};
	expect_failure(e, 2, COL_ERROR_SELF_INTERSECTION,
	               "polygon: contour 0 vertex 1 and contour 1 vertex 2 meet at (10, 0) and cross there");
	/* Two passes through a vertex leaving along one ray: the shorter edge ends on the longer. */
	const col_vec2 along[] = {V(0, 0), V(4, 0), V(2, 2), V(4, 4), V(0, 4), V(2, 2), V(3, 1), V(1, 0.5)};
	expect_simple_failure(along, 8, COL_ERROR_SELF_INTERSECTION, "polygon: contour 0 edges 1 and 5 overlap");
}

/* Holes meeting the outer contour, or each other, only at shared vertices: where they lie is told
 * by every contour's edges around each shared point, not by one vertex of the hole. */
static void test_holes_placed_at_shared_vertices(void **state)
{
	(void)state;
	/* Issue 24: a hole through the outer contour's vertex (0, 0) twice, a small loop inside and a
	 * large one outside, turning opposite ways: it crosses itself there. */
	const col_vec2 outer[] = {V(-60, 66), V(-1, 12), V(0, 0), V(-9, -36)};
	const col_vec2 eight[] = {V(-1, -1), V(-1, 0), V(5, 0), V(4, 1), V(3, 4), V(1, 1), V(0, 0)};
	col_contour a[] = {{outer, 4}, {eight, 7}};
	expect_failure(a, 2, COL_ERROR_SELF_INTERSECTION,
	               "polygon: contour 1 passes through (0, 0) twice, at vertices 1 and 6, and the passes cross there");
	/* Only its small loop: a hole touching the outer contour's vertex from inside, accepted. */
	const col_vec2 loop[] = {V(-1, -1), V(-1, 0), V(0, 0)};
	col_contour b[] = {{outer, 4}, {loop, 3}};
	col_polygon *polygon = make(b, 2);
	expect_both(polygon, V(-0.7, -0.3), false);
	expect_both(polygon, V(-2, 1), true);
	col_polygon_destroy(polygon);
	/* Only its large loop: touching it from outside, misplaced. */
	const col_vec2 away[] = {V(0, 0), V(5, 0), V(4, 1), V(3, 4), V(1, 1)};
	col_contour c[] = {{outer, 4}, {away, 5}};
	expect_failure(c, 2, COL_ERROR_TOPOLOGY,
	               "polygon: hole 1 lies outside the outer contour (they touch at (0, 0))");

	/* A concave outer contour (a chevron, its notch below (4, 2)) and a hole whose vertices are all
	 * on or inside it: two are the chevron's feet, and the edge between them runs under the notch. */
	const col_vec2 chevron[] = {V(0, 0), V(4, 2), V(8, 0), V(4, 8)};
	const col_vec2 under[] = {V(0, 0), V(8, 0), V(4, 4)};
	col_contour d[] = {{chevron, 4}, {under, 3}};
	expect_failure(d, 2, COL_ERROR_SELF_INTERSECTION,
	               "polygon: contour 0 vertex 0 and contour 1 vertex 0 meet at (0, 0) and cross there");
	/* The same hole given clockwise, and one whose vertex is the notch itself: accepted. */
	const col_vec2 feet_only[] = {V(0, 0), V(4, 4), V(4, 3)};
	col_contour e[] = {{chevron, 4}, {feet_only, 3}};
	polygon = make(e, 2);
	expect_both(polygon, V(3.5, 3.2), false);
	expect_both(polygon, V(4, 2.5), true);
	col_polygon_destroy(polygon);

	/* A hole running along another's diagonal, through two of its corners: they cross there. */
	const col_vec2 box[] = {V(2, 2), V(6, 2), V(6, 6), V(2, 6)};
	const col_vec2 diagonal[] = {V(2, 2), V(6, 6), V(8, 1)};
	col_contour f[] = {{square10, 4}, {box, 4}, {diagonal, 3}};
	expect_failure(f, 3, COL_ERROR_SELF_INTERSECTION,
	               "polygon: contour 1 vertex 0 and contour 2 vertex 0 meet at (2, 2) and cross there");
	const col_vec2 first[] = {V(5, 5), V(8, 2), V(8, 8)};
	/* One hole inside the other, touching it at a vertex from inside: misplaced. */
	const col_vec2 inside[] = {V(5, 5), V(7, 4), V(7, 5)};
	col_contour g[] = {{square10, 4}, {first, 3}, {inside, 3}};
	expect_failure(g, 3, COL_ERROR_TOPOLOGY, "polygon: hole 2 lies inside hole 1 (they touch at (5, 5))");

	/* The outer contour touching a hole's vertex from inside the hole: the hole holds it. */
	const col_vec2 triangle[] = {V(0, 0), V(4, 0), V(0, 4)};
	const col_vec2 around[] = {V(-1, -1), V(9, -1), V(4, 0), V(-1, 9)};
	col_contour h[] = {{triangle, 3}, {around, 4}};
	expect_failure(h, 2, COL_ERROR_TOPOLOGY,
	               "polygon: hole 1 lies outside the outer contour (they touch at (4, 0))");
}

/* The area of a thin triangle far from the origin: summed in doubles, the shoelace terms cancel to
 * 0 (fuzz_polygon found it accepted with area 0). Exact: 1065153484809.2207 (to 17 digits), given
 * either way round. */
static void test_area_of_a_thin_polygon_far_away(void **state)
{
	(void)state;
	const col_vec2 thin[] = {V(-4503599627370504.0, -4503599627370504.0), V(0.00047302316943796663, 0.0),
	                         V(0.00047679227941176469, 0.00047679227941176469)};
	const col_vec2 reversed[] = {thin[2], thin[1], thin[0]};
	for (int k = 0; k < 2; k++) {
		col_contour contour = {k == 0 ? thin : reversed, 3};
		col_polygon *polygon = make(&contour, 1);
		double area = col_polygon_area(polygon);
		if (fabs(area - 1065153484809.2207) > 1e-14 * 1065153484809.2207)
			fail_msg("area %.17g, expected 1065153484809.2207", area);
		col_polygon_destroy(polygon);
	}
}

/* ---- the sweep against an all-pairs reference on small integer polygons ---- */

static int64_t cross3(col_vec2 a, col_vec2 b, col_vec2 c)
{
	int64_t v = ((int64_t)b.x - (int64_t)a.x) * ((int64_t)c.y - (int64_t)a.y) -
	            ((int64_t)b.y - (int64_t)a.y) * ((int64_t)c.x - (int64_t)a.x);
	return (v > 0) - (v < 0);
}

static bool between(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return p.x >= fmin(a.x, b.x) && p.x <= fmax(a.x, b.x) && p.y >= fmin(a.y, b.y) &&
	       p.y <= fmax(a.y, b.y);
}

static bool ref_segments_meet(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	int64_t o1 = cross3(a, b, c), o2 = cross3(a, b, d), o3 = cross3(c, d, a), o4 = cross3(c, d, b);
	if (o1 * o2 < 0 && o3 * o4 < 0)
		return true;
	return (o1 == 0 && between(a, b, c)) || (o2 == 0 && between(a, b, d)) ||
	       (o3 == 0 && between(c, d, a)) || (o4 == 0 && between(c, d, b));
}

static bool same_point(col_vec2 a, col_vec2 b)
{
	return a.x == b.x && a.y == b.y;
}

/* A contact that makes the polygon invalid: anything but segments whose only common point is an
 * end of both (a pinch, allowed). */
static bool ref_bad_contact(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	if (!ref_segments_meet(a, b, c, d))
		return false;
	col_vec2 s, u, w; /* shared end, and the other ends */
	if (same_point(a, c) || same_point(a, d))
		s = a, u = b, w = same_point(a, c) ? d : c;
	else if (same_point(b, c) || same_point(b, d))
		s = b, u = a, w = same_point(b, c) ? d : c;
	else
		return true;
	int64_t dot = ((int64_t)u.x - (int64_t)s.x) * ((int64_t)w.x - (int64_t)s.x) +
	              ((int64_t)u.y - (int64_t)s.y) * ((int64_t)w.y - (int64_t)s.y);
	return cross3(s, u, w) == 0 && dot > 0; /* along one ray: they overlap */
}

/* Parity of a rightward ray from a point given in coordinates scaled by 2 REF_SCALE (p unscaled),
 * the point on no edge. */
#define REF_SCALE 1024
static bool ref_encloses_scaled(const col_vec2 *p, int m, int64_t x, int64_t y)
{
	bool inside = false;
	for (int i = 0; i < m; i++) {
		int64_t ax = 2 * REF_SCALE * (int64_t)p[i].x, ay = 2 * REF_SCALE * (int64_t)p[i].y;
		int64_t bx = 2 * REF_SCALE * (int64_t)p[(i + 1) % m].x, by = 2 * REF_SCALE * (int64_t)p[(i + 1) % m].y;
		int64_t o = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
		if ((ay > y) != (by > y) && (o > 0) == (by > ay))
			inside = !inside;
	}
	return inside;
}

/* A point just left (side 1) or right (side -1) of the middle of edge i of p, scaled by
 * 2 REF_SCALE: with integer vertices of magnitude below 16, the middle is at least 1/45 from any
 * edge it is not on, 45 once scaled, more than the offset (the edge's normal, below 23 long). */
static void ref_beside(const col_vec2 *p, int m, int i, int side, int64_t *x, int64_t *y)
{
	col_vec2 a = p[i], b = p[(i + 1) % m];
	*x = REF_SCALE * ((int64_t)a.x + (int64_t)b.x) - side * ((int64_t)b.y - (int64_t)a.y);
	*y = REF_SCALE * ((int64_t)a.y + (int64_t)b.y) + side * ((int64_t)b.x - (int64_t)a.x);
}

/* Whether a contour that meets itself at most at pinches bounds its inside consistently: the inside
 * of its own parity lies on the same side of every edge. A contour that crosses itself at a shared
 * vertex has edges with the inside on the left and others with it on the right. */
static bool ref_consistent(const col_vec2 *p, int m)
{
	int64_t x, y;
	ref_beside(p, m, 0, 1, &x, &y);
	bool left = ref_encloses_scaled(p, m, x, y);
	for (int i = 1; i < m; i++) {
		ref_beside(p, m, i, 1, &x, &y);
		if (ref_encloses_scaled(p, m, x, y) != left)
			return false;
	}
	return true;
}

/* Drops consecutive duplicates (the closing one included), as the engine does. */
static int ref_dedup(const col_vec2 *raw, int n, col_vec2 *p)
{
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (raw[i].x != raw[(i + 1) % n].x || raw[i].y != raw[(i + 1) % n].y)
			p[m++] = raw[i];
	}
	return m;
}

/* Splits every edge of p at the vertices of p and of q (k of them; q may be NULL) lying strictly
 * inside it, in order along it: the engine turns each such T into a pinch the same way. */
#define REF_MAX 128
static int ref_split(const col_vec2 *p, int m, const col_vec2 *q, int k, col_vec2 *out)
{
	int count = 0;
	for (int i = 0; i < m; i++) {
		col_vec2 a = p[i], b = p[(i + 1) % m];
		out[count++] = a;
		int first = count;
		for (int j = 0; j < m + k; j++) {
			col_vec2 v = j < m ? p[j] : q[j - m];
			int64_t dot = ((int64_t)a.x - (int64_t)v.x) * ((int64_t)b.x - (int64_t)v.x) +
			              ((int64_t)a.y - (int64_t)v.y) * ((int64_t)b.y - (int64_t)v.y);
			if (cross3(a, b, v) != 0 || dot >= 0)
				continue;
			bool seen = false;
			for (int t = first; t < count; t++)
				seen = seen || same_point(out[t], v);
			if (seen)
				continue;
			/* Insertion by distance from a. */
			int64_t d = ((int64_t)v.x - (int64_t)a.x) * ((int64_t)v.x - (int64_t)a.x) +
			            ((int64_t)v.y - (int64_t)a.y) * ((int64_t)v.y - (int64_t)a.y);
			int at = count;
			while (at > first) {
				col_vec2 w = out[at - 1];
				int64_t dw = ((int64_t)w.x - (int64_t)a.x) * ((int64_t)w.x - (int64_t)a.x) +
				             ((int64_t)w.y - (int64_t)a.y) * ((int64_t)w.y - (int64_t)a.y);
				if (dw < d)
					break;
				out[at] = out[at - 1];
				at--;
			}
			out[at] = v;
			count++;
		}
	}
	return count;
}

/* Whether two edges of p and q (which may be p itself) cross where neither has a vertex: the one
 * contact a split cannot turn into a pinch. */
static bool ref_proper_crossing(const col_vec2 *p, int m, const col_vec2 *q, int k)
{
	for (int i = 0; i < m; i++) {
		for (int j = 0; j < k; j++) {
			col_vec2 a = p[i], b = p[(i + 1) % m], c = q[j], d = q[(j + 1) % k];
			if (cross3(a, b, c) * cross3(a, b, d) < 0 && cross3(c, d, a) * cross3(c, d, b) < 0)
				return true;
		}
	}
	return false;
}

static bool ref_degenerate(const col_vec2 *p, int m)
{
	if (m < 3)
		return true;
	for (int i = 2; i < m; i++) {
		if (cross3(p[0], p[1], p[i]) != 0)
			return false;
	}
	return true;
}

/* Every pair of edges of one contour, quadratic. */
static bool ref_self_intersects(const col_vec2 *p, int m)
{
	for (int i = 0; i < m; i++) {
		for (int j = i + 1; j < m; j++) {
			col_vec2 a = p[i], b = p[(i + 1) % m], c = p[j], d = p[(j + 1) % m];
			if (j == i + 1 || (i == 0 && j == m - 1)) {
				/* Consecutive: shared vertex s, other ends u and w. */
				col_vec2 s = j == i + 1 ? b : a, u = j == i + 1 ? a : b,
				         w = j == i + 1 ? d : c;
				int64_t dot = ((int64_t)u.x - (int64_t)s.x) * ((int64_t)w.x - (int64_t)s.x) +
				              ((int64_t)u.y - (int64_t)s.y) * ((int64_t)w.y - (int64_t)s.y);
				if (cross3(u, s, w) == 0 && dot > 0)
					return true;
			} else if (ref_bad_contact(a, b, c, d)) {
				return true;
			}
		}
	}
	return false;
}

static bool ref_contours_meet(const col_vec2 *p, int m, const col_vec2 *q, int k)
{
	for (int i = 0; i < m; i++) {
		for (int j = 0; j < k; j++) {
			if (ref_bad_contact(p[i], p[(i + 1) % m], q[j], q[(j + 1) % k]))
				return true;
		}
	}
	return false;
}

static col_status ref_validate(const col_vec2 *raw, int n)
{
	col_vec2 d[16], p[REF_MAX];
	int m = ref_dedup(raw, n, d);
	if (ref_degenerate(d, m))
		return COL_ERROR_DEGENERATE;
	if (ref_proper_crossing(d, m, d, m))
		return COL_ERROR_SELF_INTERSECTION;
	m = ref_split(d, m, NULL, 0, p);
	return ref_self_intersects(p, m) || !ref_consistent(p, m) ? COL_ERROR_SELF_INTERSECTION : COL_OK;
}

/* An outer contour and one hole. */
static col_status ref_validate_with_hole(const col_vec2 *raw_outer, int n, const col_vec2 *raw_hole, int h)
{
	col_vec2 dp[16], dq[16], p[REF_MAX], q[REF_MAX];
	int dm = ref_dedup(raw_outer, n, dp), dk = ref_dedup(raw_hole, h, dq);
	if (ref_degenerate(dp, dm) || ref_degenerate(dq, dk))
		return COL_ERROR_DEGENERATE;
	if (ref_proper_crossing(dp, dm, dp, dm) || ref_proper_crossing(dq, dk, dq, dk) ||
	    ref_proper_crossing(dp, dm, dq, dk))
		return COL_ERROR_SELF_INTERSECTION;
	int m = ref_split(dp, dm, dq, dk, p), k = ref_split(dq, dk, dp, dm, q);
	if (ref_self_intersects(p, m) || ref_self_intersects(q, k) || ref_contours_meet(p, m, q, k) ||
	    !ref_consistent(p, m) || !ref_consistent(q, k))
		return COL_ERROR_SELF_INTERSECTION;
	/* The hole's edges lie inside the outer contour (the middles tell), or all outside; some in and
	 * some out means the contours cross where they share a vertex. */
	int inside = 0;
	for (int i = 0; i < k; i++) {
		int64_t x, y;
		ref_beside(q, k, i, 0, &x, &y);
		inside += ref_encloses_scaled(p, m, x, y);
	}
	return inside == k ? COL_OK : inside == 0 ? COL_ERROR_TOPOLOGY : COL_ERROR_SELF_INTERSECTION;
}

/* Whether two vertices of the polygon (of any contours) coincide: a pinch. */
static bool has_pinch(const col_polygon *polygon)
{
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour a = col_polygon_contour(polygon, c);
		for (int d = c; d < col_polygon_contour_count(polygon); d++) {
			col_contour b = col_polygon_contour(polygon, d);
			for (int i = 0; i < a.count; i++) {
				for (int j = c == d ? i + 1 : 0; j < b.count; j++) {
					if (same_point(a.points[i], b.points[j]))
						return true;
				}
			}
		}
	}
	return false;
}

static void describe(char *text, size_t size, const col_vec2 *p, int n)
{
	int len = 0;
	for (int i = 0; i < n && (size_t)len < size; i++)
		len += snprintf(text + len, size - (size_t)len, "(%g,%g) ", p[i].x, p[i].y);
}

/* The pinched class of the structures' suites holds T's: a vertex lying inside an edge, which the
 * polygon splits there, so the split point is a straight vertex (its neighbours collinear with it)
 * that the contour also passes through elsewhere. */
static void test_pinched_class_has_tees(void **state)
{
	(void)state;
	rng r = rng_make(0x544545ULL);
	int with_tee = 0, count = 500;
	for (int k = 0; k < count; k++) {
		col_polygon *polygon = pc_pinched(&r, 8);
		col_contour c = col_polygon_contour(polygon, 0);
		bool tee = false;
		for (int i = 0; i < c.count && !tee; i++) {
			col_vec2 before = c.points[(i + c.count - 1) % c.count], v = c.points[i],
			         after = c.points[(i + 1) % c.count];
			if (col_orient2d(before, v, after) != 0.0)
				continue;
			for (int j = 0; j < c.count && !tee; j++)
				tee = j != i && same_point(c.points[j], v);
		}
		with_tee += tee;
		for (int i = 0; i < c.count; i++)
			expect_both(polygon, c.points[i], true);
		col_polygon_destroy(polygon);
	}
	print_message("pinched class: %d of %d polygons have a T\n", with_tee, count);
	assert_true(with_tee > count / 4);
}

static void test_sweep_matches_all_pairs(void **state)
{
	(void)state;
	const int cases = 2 * COLLIDE_RANDOM_CASES;
	rng r = rng_make(0x5357454550ULL);
	int counts[COL_ERROR_UNSUPPORTED + 1] = {0}, pinched = 0;
	for (int k = 0; k < cases; k++) {
		int n = rng_int(&r, 3, 10);
		int size = rng_int(&r, 3, 7);
		col_vec2 p[16];
		for (int i = 0; i < n; i++)
			p[i] = V(rng_int(&r, 0, size - 1), rng_int(&r, 0, size - 1));
		col_status expected = ref_validate(p, n);
		col_polygon *polygon = NULL;
		col_error error = {0};
		col_status got = col_polygon_create_simple(p, n, &polygon, &error);
		if (got != expected) {
			char text[512];
			describe(text, sizeof text, p, n);
			fail_msg("case %d (seed 0x%llx): expected %s, got %s (%s) for %s", k,
			         (unsigned long long)r.seed, col_status_name(expected), col_status_name(got),
			         error.message, text);
		}
		counts[got]++;
		pinched += got == COL_OK && has_pinch(polygon);
		col_polygon_destroy(polygon);
	}
	/* The generator must exercise both answers plentifully, valid pinches included. */
	assert_true(counts[COL_OK] > cases / 50);
	assert_true(pinched > cases / 1000);
	assert_true(counts[COL_ERROR_SELF_INTERSECTION] > cases / 10);
	print_message("sweep vs all pairs: %d cases, %d valid (%d with a pinch), %d self-intersecting, %d degenerate\n",
	              cases, counts[COL_OK], pinched, counts[COL_ERROR_SELF_INTERSECTION], counts[COL_ERROR_DEGENERATE]);
}

/* The same with a hole: contacts between contours and the hole's placement. */
static void test_sweep_with_hole_matches_all_pairs(void **state)
{
	(void)state;
	const int cases = 2 * COLLIDE_RANDOM_CASES;
	rng r = rng_make(0x484F4C45ULL);
	int counts[COL_ERROR_UNSUPPORTED + 1] = {0}, pinched = 0;
	for (int k = 0; k < cases; k++) {
		/* A fixed-shape outer contour with one random vertex keeps many cases valid. */
		col_vec2 outer[5] = {V(0, 0), V(6, 0), V(6, 6), V(0, 6), V(0, 0)};
		int n = 4;
		if (rng_coin(&r)) {
			outer[4] = V(rng_int(&r, 0, 6), rng_int(&r, 0, 6));
			n = 5;
		}
		int h = rng_int(&r, 3, 5);
		col_vec2 hole[8];
		double shift = rng_int(&r, 0, 3) == 0 ? 7 : 0; /* sometimes beside the outer contour */
		for (int i = 0; i < h; i++)
			hole[i] = V(rng_int(&r, -1, 6) + shift, rng_int(&r, -1, 6));
		col_status expected = ref_validate_with_hole(outer, n, hole, h);
		col_contour contours[] = {{outer, n}, {hole, h}};
		col_polygon *polygon = NULL;
		col_error error = {0};
		col_status got = col_polygon_create(contours, 2, &polygon, &error);
		if (got != expected) {
			char a[256], b[256];
			describe(a, sizeof a, outer, n);
			describe(b, sizeof b, hole, h);
			fail_msg("case %d (seed 0x%llx): expected %s, got %s (%s) for outer %s hole %s", k,
			         (unsigned long long)r.seed, col_status_name(expected), col_status_name(got),
			         error.message, a, b);
		}
		counts[got]++;
		pinched += got == COL_OK && has_pinch(polygon);
		col_polygon_destroy(polygon);
	}
	assert_true(counts[COL_OK] > cases / 100);
	assert_true(pinched > cases / 1000);
	assert_true(counts[COL_ERROR_TOPOLOGY] > cases / 100);
	assert_true(counts[COL_ERROR_SELF_INTERSECTION] > cases / 10);
	print_message(
	    "sweep with a hole vs all pairs: %d cases, %d valid (%d with a pinch), %d self-intersecting, "
	    "%d misplaced, %d degenerate\n",
	    cases, counts[COL_OK], pinched, counts[COL_ERROR_SELF_INTERSECTION], counts[COL_ERROR_TOPOLOGY],
	    counts[COL_ERROR_DEGENERATE]);
}

/* The benchmark's star with 100,000 vertices validates (and its area is that of the star). */
static void test_large_star(void **state)
{
	(void)state;
	const int n = 100000;
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	assert_non_null(p);
	rng stream = rng_make(0x53544152ULL);
	for (int i = 0; i < n; i++) {
		double r = 1.0 + 0.5 * rng_unit(&stream);
		double t = 6.283185307179586 * i / n;
		p[i] = V(r * cos(t), r * sin(t));
	}
	col_polygon *polygon = NULL;
	col_error error = {0};
	if (col_polygon_create_simple(p, n, &polygon, &error) != COL_OK)
		fail_msg("%s", error.message);
	assert_true(col_polygon_area(polygon) > 3.14 && col_polygon_area(polygon) < 7.07);
	col_polygon_destroy(polygon);
	/* Pull the vertex at angle pi out to (3, 0): its edges now cut across the star's boundary. */
	p[n / 2] = V(3, 0);
	expect_simple_failure(p, n, COL_ERROR_SELF_INTERSECTION, "polygon: contour 0 edges");
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bowtie_names_crossing_edges),
	    cmocka_unit_test(test_vertex_on_other_edge),
	    cmocka_unit_test(test_pinches),
	    cmocka_unit_test(test_pinched_class_has_tees),
	    cmocka_unit_test(test_holes_that_touch_or_cross),
	    cmocka_unit_test(test_hole_placement),
	    cmocka_unit_test(test_holes_placed_at_shared_vertices),
	    cmocka_unit_test(test_area_of_a_thin_polygon_far_away),
	    cmocka_unit_test(test_not_finite),
	    cmocka_unit_test(test_coordinate_range),
	    cmocka_unit_test(test_degenerate_contours),
	    cmocka_unit_test(test_invalid_arguments),
	    cmocka_unit_test(test_normalisation),
	    cmocka_unit_test(test_degenerate_queries),
	    cmocka_unit_test(test_ulps_from_a_diagonal),
	    cmocka_unit_test(test_sweep_matches_all_pairs),
	    cmocka_unit_test(test_sweep_with_hole_matches_all_pairs),
	    cmocka_unit_test(test_large_star),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
