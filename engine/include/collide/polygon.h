/* A polygon with holes: one outer contour and any number of hole contours, validated on creation.
 * Also the brute-force queries that are the oracles for every accelerated 2D structure.
 *
 * Thread safety: a created col_polygon is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_polygon at
 * once. Only col_polygon_destroy needs it to itself (no query running). Distinct structures share
 * no state. */
#ifndef COLLIDE_POLYGON_H
#define COLLIDE_POLYGON_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_polygon col_polygon; /* opaque: create it, query it, destroy it */

/* A closed chain of vertices; the last vertex joins the first (do not repeat it). */
typedef struct col_contour {
	const col_vec2 *points;
	int count;
} col_contour;

/* Makes a polygon from contours[0] (the outer boundary) and contours[1..count-1] (holes).
 * The points are copied. Orientation is normalised: the outer contour becomes counter-clockwise
 * and every hole clockwise, so the interior is always on the left of each edge. Consecutive
 * duplicate vertices are dropped.
 *
 * Fails with a message naming the offending contour, edges and place for: fewer than 3 distinct
 * vertices (COL_ERROR_DEGENERATE), zero area (COL_ERROR_DEGENERATE), a NaN or infinite
 * coordinate (COL_ERROR_NOT_FINITE), a non-zero coordinate whose magnitude is outside
 * [COL_COORDINATE_MIN, COL_COORDINATE_MAX] = [1e-30, 1e30] (COL_ERROR_INVALID_ARGUMENT), edges
 * that cross where neither has a vertex or that overlap, within one contour or between contours,
 * and contours that cross at a shared point (COL_ERROR_SELF_INTERSECTION), a hole outside the outer
 * contour or inside another hole (COL_ERROR_TOPOLOGY).
 *
 * Non-manifold polygons are allowed: contours may share vertices, and one contour may pass through
 * a vertex more than once (a bow tie, a hole touching the outer contour or another hole at a
 * vertex), as long as they do not cross there: once the contours are oriented, turning around such
 * a pinch, each contour's own edges leave and arrive in turn, and every other contour's edges lie on
 * its interior side (so a hole never passes out of the outer contour, or into another hole, through
 * a shared vertex). A vertex may also lie inside another edge (a T: a hole
 * touching the outer contour's edge at one of its corners); that edge is split at the vertex, which
 * makes the T a pinch, so the polygon then has one more vertex per T (col_polygon_vertex_count and
 * col_polygon_contour show it). A pinch is on the boundary, so inside.
 * Edges are numbered from 0 within their contour: edge i joins vertex i to vertex i+1. Messages
 * use the caller's numbering (before duplicates are dropped) and name a hole by its contour index
 * ("polygon: hole 2 lies outside the outer contour" is contours[2]). */
col_status col_polygon_create(const col_contour *contours, int contour_count, col_polygon **out,
                              col_error *error);

/* The common case: a polygon without holes. */
col_status col_polygon_create_simple(const col_vec2 *points, int count, col_polygon **out,
                                     col_error *error);

void col_polygon_destroy(col_polygon *polygon);

/* Contour 0 is the outer one (counter-clockwise after normalisation); the rest are holes
 * (clockwise). The returned points belong to the polygon. */
int col_polygon_contour_count(const col_polygon *polygon);
col_contour col_polygon_contour(const col_polygon *polygon, int index);
/* Vertices and edges over all contours. */
int col_polygon_vertex_count(const col_polygon *polygon);
/* Area enclosed by the outer contour minus the holes; always positive (the exact sum, rounded). */
double col_polygon_area(const col_polygon *polygon);
col_aabb2 col_polygon_bounds(const col_polygon *polygon);

/* Inside or on the boundary (of the outer contour or of a hole). method is COL_METHOD_CROSSING
 * (crossing number: count edges a ray crosses) or COL_METHOD_WINDING (winding number); both give
 * the same answer for every point, exactly. COL_METHOD_DEFAULT picks crossing. stats may be NULL.
 * An unsupported method answers as the default. */
bool col_polygon_contains(const col_polygon *polygon, col_vec2 point, col_method method,
                          col_query_stats *stats);

/* col_polygon_contains for count points at once; inside[i] gets the answer for points[i]. */
void col_polygon_contains_points(const col_polygon *polygon, const col_vec2 *points, size_t count,
                                 col_method method, bool *inside, col_query_stats *stats);

/* On the boundary exactly (on an edge or a vertex). */
bool col_polygon_on_boundary(const col_polygon *polygon, col_vec2 point, col_query_stats *stats);

/* Whether two polygons share at least one point (touching counts): some pair of edges
 * intersects, or one polygon lies inside the other (and not in one of its holes).
 * Brute force over all edge pairs: the oracle for the accelerated tests. */
bool col_polygon_intersects_polygon(const col_polygon *a, const col_polygon *b,
                                    col_query_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
