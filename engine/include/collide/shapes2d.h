/* The simple 2D colliders, points, segments and circles, and their brute-force tests against
 * each other and against polygons. Touching counts as intersecting; every sign is exact.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_SHAPES2D_H
#define COLLIDE_SHAPES2D_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/polygon.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_segment {
	col_vec2 a, b;
} col_segment;

/* A closed disc: its boundary belongs to it. */
typedef struct col_circle {
	col_vec2 center;
	double radius;
} col_circle;

/* Validation for values built by hand or from Lua: finite coordinates, radius >= 0 (a circle of
 * radius 0 is a point), and every number 0 or of magnitude in [COL_COORDINATE_MIN,
 * COL_COORDINATE_MAX] (common.h), where the tests below are exact. A segment may have a == b (it
 * is then a point). The tests below answer false for a shape or point with a NaN or infinite
 * coordinate or radius, or a negative radius: such a shape is nowhere. */
col_status col_segment_validate(col_segment segment, col_error *error);
col_status col_circle_validate(col_circle circle, col_error *error);

/* Whether p lies on the closed segment. */
bool col_segment_contains_point(col_segment segment, col_vec2 p);

/* Whether two closed segments share a point (crossing, touching at an end, or overlapping while
 * collinear). Exact. */
bool col_segment_intersects_segment(col_segment s, col_segment t);

/* Where two segments meet, when they do: the crossing point, or for collinear overlaps the
 * overlap's first end point. Computed in floating point (the yes/no answer is exact). */
bool col_segment_intersection_point(col_segment s, col_segment t, col_vec2 *point);

bool col_circle_contains_point(col_circle circle, col_vec2 p);
bool col_circle_intersects_segment(col_circle circle, col_segment segment);
bool col_circle_intersects_circle(col_circle a, col_circle b);

/* Whether the disc shares a point with the polygon's region: the centre is inside, or some edge
 * comes within the radius. Brute force over every edge: the oracle. stats may be NULL. */
bool col_circle_intersects_polygon(col_circle circle, const col_polygon *polygon,
                                   col_query_stats *stats);

/* Whether the segment shares a point with the polygon's region (brute force). */
bool col_segment_intersects_polygon(col_segment segment, const col_polygon *polygon,
                                    col_query_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
