/* The simplicial covering of a polygon (source 000, chapter 3 and 4.1-4.4): one signed triangle
 * from a reference point O, the origin, to every edge of every contour. Their signed sum is the
 * polygon, so a point's winding number is half the sum over the triangles that hold it, weighted
 * 2 in the interior and 1 on an original edge O-Q (shared by two triangles). No triangulation, no
 * convex pieces: concave contours and holes need nothing special (a hole's triangles carry the
 * opposite signs and cancel the outer ones). Every sign is exact (predicates.h).
 *
 * The queries here are the study's "DC" methods: point (plain, with the sign-mask coherence of
 * Alg. 4.2, the convex walk of Alg. 4.3 and the star-shaped walk of Alg. 4.4), circle (Alg. 4.5)
 * and polygon (Alg. 4.7 plus the containment check the source leaves out). Touching counts as
 * colliding, a point on the boundary as inside.
 *
 * Thread safety: a built col_covering is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_covering at
 * once. Only col_covering_destroy needs it to itself (no query running). Distinct structures share
 * no state. A col_covering_cache is written by every query given one: keep one per thread (and per
 * moving point), never one shared by threads running at once. */
#ifndef COLLIDE_COVERING_H
#define COLLIDE_COVERING_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/polygon.h"
#include "collide/shapes2d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_covering col_covering; /* opaque: build it, query it, destroy it */

/* Covering triangle i is (origin, a, b) with ab = polygon edge i (contours in order, edge i from
 * vertex i to the next one of its contour). */
typedef struct col_covering_triangle {
	col_vec2 a, b;
	int sign;    /* orientation of (origin, a, b): +1, -1, or 0 when the origin is on line ab */
	int contour; /* the contour the edge belongs to (0: outer) */
} col_covering_triangle;

/* Builds the covering of polygon from origin (NULL: the polygon's area centroid, the source's
 * choice). The covering copies the edges it needs. Fails with COL_ERROR_INVALID_ARGUMENT for a
 * NULL polygon or an origin that is not finite, COL_ERROR_OUT_OF_MEMORY. */
col_status col_covering_build(const col_polygon *polygon, const col_vec2 *origin,
                              col_covering **out, col_error *error);
void col_covering_destroy(col_covering *covering);

col_vec2 col_covering_origin(const col_covering *covering);
/* The origin's own state, found once with the crossing number: the covering cannot decide it. */
bool col_covering_origin_inside(const col_covering *covering);
int col_covering_triangle_count(const col_covering *covering);
col_covering_triangle col_covering_triangle_at(const col_covering *covering, int index);
/* Every triangle positive: the polygon is star-shaped from the origin (COL_METHOD_STAR works). */
bool col_covering_is_positive(const col_covering *covering);
/* One contour, every turn to the left, origin inside (COL_METHOD_CONVEX works). */
bool col_covering_is_convex(const col_covering *covering);
/* The circle around the origin that holds the polygon (radius: the farthest vertex, rounded up). */
col_circle col_covering_bounding_circle(const col_covering *covering);
/* Whether the covering offers a method: COVERING always, CONVEX and STAR when the tests above
 * say so, DEFAULT always. */
bool col_covering_supports(const col_covering *covering, col_method method);

/* Temporal coherence, owned by the caller: one cache per (query object, covering) pair, made for
 * the covering it is used with (or for the covering of a tri-tree). It keeps the sign mask of
 * Alg. 4.2 (three states per triangle, so a point reaching an edge is never missed, erratum 12),
 * the witness triangle of Algs. 4.3 and 4.4, the last answers of the circle and polygon tests and
 * the tri-tree's cone and edge pairs. A query given NULL runs without coherence. A cache used with
 * another covering, or with another method, only costs a miss. */
typedef struct col_covering_cache col_covering_cache;

col_status col_covering_cache_create(const col_covering *covering, col_covering_cache **out,
                                     col_error *error);
void col_covering_cache_destroy(col_covering_cache *cache);
/* Forgets everything (the next query recomputes all). */
void col_covering_cache_reset(col_covering_cache *cache);

/* Inside or on the boundary. method: COL_METHOD_COVERING (Alg. 4.1, or 4.2 with a cache),
 * COL_METHOD_CONVEX (Alg. 4.3), COL_METHOD_STAR (Alg. 4.4); DEFAULT picks the best the covering
 * supports; an unsupported method answers as COVERING. stats may be NULL (primitives_tested counts
 * triangles whose signs were evaluated, cache_hits the answers the sign mask kept). */
bool col_covering_contains(const col_covering *covering, col_vec2 point, col_method method,
                           col_covering_cache *cache, col_query_stats *stats);

/* The areas of influence of covering triangle i for a distance r (Defs. 4.3-4.5): the strip
 * between the edge and its outward offset at r (PLAIN), the strip of half-width r on both sides
 * (EXTENDED), and that strip cut by two axis-parallel lines r beyond the edge's ends (LIMITED). */
typedef enum col_influence {
	COL_INFLUENCE_PLAIN = 0,
	COL_INFLUENCE_EXTENDED,
	COL_INFLUENCE_LIMITED,
} col_influence;

/* Whether p lies in the area (closed; rounding can only widen it). */
bool col_covering_in_influence(const col_covering *covering, int index, col_vec2 p, double r,
                               col_influence kind);
/* The area's four corners for drawing, counter-clockwise; the EXTENDED strip is cut at the
 * polygon's bounding circle. false for an index out of range. */
bool col_covering_influence_corners(const col_covering *covering, int index, double r,
                                    col_influence kind, col_vec2 corners[4]);

/* Whether the closed disc meets the polygon (Alg. 4.5: centre inside by the point test, else some
 * edge whose limited area of influence holds the centre comes within r). method COVERING (or
 * DEFAULT); cache may be NULL. */
bool col_covering_intersects_circle(const col_covering *covering, col_circle circle,
                                    col_covering_cache *cache, col_query_stats *stats);

/* Whether polygon b, placed in a's frame by b_to_a, shares a point with polygon a (Alg. 4.7: b is
 * replaced by a circle around a point inside it, the edges of a whose limited areas of influence
 * hold that point are tested against b's edges by sign changes; then the containment check the
 * source leaves out: a vertex of each inside the other). cache (for a, may be NULL) keeps the
 * point state of b's centre. */
bool col_covering_intersects_covering(const col_covering *a, const col_covering *b,
                                      col_transform2 b_to_a, col_covering_cache *cache,
                                      col_query_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
