/* The brute-force oracle of the convex queries (GJK, EPA, the contact queries, the double box
 * hierarchy): whether two shapes (shape.h) meet, and how far apart they are, found by enumerating
 * features in world coordinates. It reads each shape's data (kind, core, radius, pose) directly and
 * never asks for a support mapping, so it shares no code with what it checks. It is slow on purpose
 * (tens of microseconds for two boxes, milliseconds for a cylinder) and simple enough to trust.
 *
 * What "the truth" is:
 * - Polyhedral cores (point, segment, triangle, box, polytope, 2D polygon; a cylinder or cone of
 *   radius 0 is a segment): the convex hull of the core's vertices moved to world coordinates by
 *   col_transform3_apply, rounded as that rounds them. Whether two such hulls meet is decided
 *   exactly (every sign through exact arithmetic), for world coordinates that are 0 or of magnitude
 *   in [2^-100, 2^100] (predicates.h); touching counts as meeting.
 * - Rounded shapes: the core swept by a ball of the shape's radius. They meet iff the cores' distance
 *   is at most ra + rb: decided exactly when the cores meet, and when one core is a single point
 *   (a sphere or circle against any polyhedral core; ra + rb must then be a double, or both cores
 *   points); otherwise from a certified floating-point interval of the core distance.
 * - Cylinders and cones of radius > 0: the exact solid placed by the exact (unrounded) linear map
 *   that col_quat_apply rounds, plus the translation. The distance is bracketed between an inscribed
 *   polytope (an upper bound) and the solid's exact support function (a lower bound), see
 *   col_oracle_result. They meet for certain when the exact test finds polytopes inside them meeting:
 *   an inscribed polytope with 8, then 16, then 32 corners evenly around, then 8 plus the refined
 *   corners around the witness (where the contact is), each shrunk towards the centre by more than
 *   every rounding of its vertices, so that it lies inside the solid. So overlaps deeper than about
 *   2^-40 of the coordinates are found. A cylinder or cone of height 0 (a disc) has no room for that
 *   margin: its meetings are never certain.
 *
 * Nowhere: a NULL shape, a kind out of range, a NaN or infinite pose, radius or core parameter, a
 * negative radius, extent, cylinder radius or height, a NULL polytope or polygon, a polygon with no
 * point, or world coordinates that overflow: intersect = false, certain = true, every distance
 * INFINITY, witness points NaN, as the rest of the engine answers.
 *
 * All functions are pure (no state, thread-safe); they allocate scratch memory with malloc and
 * free it before returning.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_SHAPE_ORACLE_H
#define COLLIDE_SHAPE_ORACLE_H

#include <stdbool.h>

#include "collide/math.h"
#include "collide/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_oracle_result {
	/* The two closed sets share a point (touching counts). When certain is false, the oracle's best
	 * guess: the distance estimate is at most ra + rb. */
	bool intersect;
	/* intersect is proven: always for two unrounded polyhedral cores; for rounded shapes unless the
	 * cores' distance lies within its error bound (about 2^-43 of the coordinates) of ra + rb and
	 * no exact test applies; for cylinders and cones unless the distance bounds straddle ra + rb and
	 * no polytope inside them was found meeting the other (touching or barely overlapping). Also
	 * false (with NaN distances) when memory ran out. */
	bool certain;
	/* The Euclidean distance between the sets (units of the coordinates): 0 when intersect, else
	 * the estimate |point_b - point_a|. Always distance_lo <= distance <= distance_hi. */
	double distance;
	/* Certified bounds, distance_lo <= true distance <= distance_hi, for the truth described above.
	 * distance_hi comes from the witness points (each within its error bound of its set),
	 * distance_lo from the gap between the two sets' support values along point_b - point_a (a
	 * separating direction: polytopes by their vertices, cylinders and cones by their exact support
	 * function), every rounding bounded. For polyhedral cores hi - lo is about 2^-43 of the
	 * coordinates. For curved cores the inscribed polytope starts with 64 corners around and gains
	 * 33 more around the witness each round, each cluster 8 times finer than the last (so the chord
	 * error there shrinks 64-fold), for up to 12 rounds, until hi - lo is near its rounding bound
	 * (about 2^-40 of the coordinates). When the shapes intersect with certainty both are 0; an
	 * uncertain answer has lo = 0 where the shapes may meet. */
	double distance_lo, distance_hi;
	/* Witnesses when !intersect: point_a of shape a, point_b of shape b, |point_b - point_a| =
	 * distance up to rounding. On polyhedral cores each lies within about 2^-44 of the coordinates of
	 * its set. On a curved surface the distance is flat along the surface, so a witness there is
	 * placed only to about the square root of the interval's width along it (about 1e-6 for unit
	 * shapes), though always within the error bound of its set. For rounded shapes they lie on the
	 * balls' surfaces, on the line of the cores' nearest points. NaN when intersect (a depth is
	 * EPA's business, not a distance). */
	col_vec3 point_a, point_b;
} col_oracle_result;

/* The oracle for two shapes, in world coordinates (each shape placed by its own pose). 2D shapes
 * are the same sets in the plane z = 0. Any pair of kinds. */
col_oracle_result col_shape_oracle(const col_shape *a, const col_shape *b);

/* col_shape_oracle(shape, &point) for each point shape col_shape_point(points[i]), into results[i]
 * (the same answers), with the shape read once: a polyhedral core's hull is built once for all of
 * them. For the many points one shape is asked about (the witnesses of a contact manifold). Nothing
 * for count < 1 or NULL arrays. */
void col_shape_oracle_points(const col_shape *shape, const col_vec3 *points, int count,
                             col_oracle_result *results);

/* The polyhedral part on its own, for the tests of other modules: the convex hulls of two finite
 * point sets (any count >= 1, duplicates allowed, possibly flat, collinear or a single point).
 * intersect is exact and certain; the distance and witnesses as above. Nowhere for NULL or empty
 * sets and non-finite coordinates.
 *
 * Cost, with n = na + nb: the hull of each set by enumerating its vertex triples (O(n^3) triples,
 * each scanned against the set until a point falls on each side: O(n^4) in the worst case, about
 * O(n^3) in practice); a vertex of one inside the other settles an overlap in O(n F); otherwise the
 * separation test over every facet and every pair of edges, O((Fa + Fb + Ea Eb) n); the distance
 * over every edge pair and vertex-triangle pair. Meant for sets of up to a few dozen points: about
 * 10 us for two boxes, 0.4 ms for two 32-point sets, 3 ms for two 64-point sets (hull-bound). */
col_oracle_result col_points_hulls_oracle(const col_vec3 *a, int na, const col_vec3 *b, int nb);

/* Whether the hulls of a and b share a point, exactly (touching counts). A set is disjoint from the
 * other iff a plane strictly separates them; the candidate planes are each hull's facet planes and
 * the planes spanned by an edge of one and an edge of the other (in 3D), the edge normals within the
 * common plane when both sets lie in one plane, and interval ends on a common line. false for NULL or
 * empty sets and non-finite coordinates; true when memory runs out (the answer that sends a caller
 * to look closer). */
bool col_points_hulls_intersect_exact(const col_vec3 *a, int na, const col_vec3 *b, int nb);

/* The distance between the hulls (0 when they share a point, INFINITY for NULL, empty or
 * non-finite sets); pa and pb (may be NULL) receive the witnesses, NaN when the distance is 0
 * because the hulls meet. */
double col_points_hulls_distance(const col_vec3 *a, int na, const col_vec3 *b, int nb, col_vec3 *pa,
                                 col_vec3 *pb);

#ifdef __cplusplus
}
#endif

#endif
