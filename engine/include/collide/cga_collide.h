/* The bounded collision tests of source 003 (Roa 2011, ch. IV: Algorithms IV.1-IV.6) in conformal
 * geometric algebra: segments, triangles and spheres, decided by the signs of the CGA meets of their
 * carriers (line-line, line-plane, line-sphere, plane-sphere, sphere-sphere) and of point-sphere
 * inner products, with the source's errata fixed (docs/sources.md: either obtuse angle rejects in
 * segment-sphere, a line lies in a plane only when the whole meet vanishes, a zero line-line meet
 * means coplanar, coplanar triangles test containment, solid mode, local frames).
 *
 * The meets come from the compact forms of cga.h, never from 32-blade products: lines as Plucker
 * pairs (col_cga_plucker), planes and spheres as dual vectors (col_cga_vector), each built in a local
 * frame (the triangle's first vertex, the sphere's centre: a translation, which is a CGA versor),
 * so that far from the origin no precision is lost. Every sign is certified: the meet is evaluated
 * in floating point beside a bound on its rounding error, and where the bound cannot decide, the
 * engine's exact predicate for the same quantity does (col_orient3d, col_orient2d,
 * col_sphere_*_side, col_dot3_sign, col_prism_side). So the answers equal the engine's Euclidean
 * tests on every input where those are exact (predicates.h: magnitudes 1e-30 to 1e30): no epsilon,
 * touching counts as meeting (col_cga_stats counts the signs left to the exact predicates). A NaN or
 * infinite coordinate, or a negative or non-finite radius, is nowhere: such a test answers false.
 *
 * Thread safety: the tests read their arguments only (meshes included: col_cga_mesh_query and
 * col_cga_mesh_mesh take them as const), so any number of threads may run them at once, on one mesh
 * too. Hit flags and statistics are the caller's: threads may fill disjoint ranges of one hit (or
 * hit_a) array, but each needs its own hit_b and its own col_cga_stats. */
#ifndef COLLIDE_CGA_COLLIDE_H
#define COLLIDE_CGA_COLLIDE_H

#include "collide/cga.h"
#include "collide/common.h"
#include "collide/math.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the six pairs (all sets closed; a degenerate triangle is the segment or point its vertices
 * span, a zero-length segment a point, a zero radius a point) ---- */

/* IV.1: the closed segments ab and cd share a point. A non-zero line-line meet (skew lines) says
 * no; a zero one says coplanar, and the segments are then compared in their plane (parallel,
 * collinear and crossing alike). */
bool col_cga_segment_segment(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);
/* IV.2: the closed segment q1 q2 meets the closed triangle t. The dual plane's inner products with
 * the ends say whether it crosses the plane; then the segment's line must pass no edge line on the
 * outer side (the Plucker side products of the line-line meets agree in sign). A segment in the
 * plane is compared in the plane, its ends inside included. */
bool col_cga_segment_triangle(col_vec3 q1, col_vec3 q2, col_triangle t);
/* IV.3: SOLID: the closed segment meets the closed ball. SURFACE: it meets the sphere itself (a
 * segment strictly inside does not). */
bool col_cga_segment_sphere(col_vec3 a, col_vec3 b, col_sphere s, col_cga_mode mode);
/* IV.4: the closed triangles share a point. The plane-side early-out first (each triangle's
 * vertices against the other's dual plane), then each edge of u against t and of t against u (the
 * source's order), coplanar containment included. */
bool col_cga_triangle_triangle(col_triangle t, col_triangle u);
/* IV.5: SOLID: the closed triangle meets the closed ball. SURFACE: it meets the sphere itself (a
 * triangle strictly inside does not). Vertices by inner product with the dual sphere, then the
 * plane-sphere meet, the edges' line-sphere meets, and the face where the sphere's cap pokes
 * through it. */
bool col_cga_triangle_sphere(col_triangle t, col_sphere s, col_cga_mode mode);
/* IV.6: SURFACE: the spheres themselves meet (a real or tangent circle; nested spheres do not).
 * SOLID: the balls meet. */
bool col_cga_sphere_sphere(col_sphere a, col_sphere b, col_cga_mode mode);

/* ---- any pair, with statistics ---- */

typedef enum col_cga_query_kind {
	COL_CGA_QUERY_SEGMENT,  /* p[0] p[1] */
	COL_CGA_QUERY_TRIANGLE, /* p[0] p[1] p[2] */
	COL_CGA_QUERY_SPHERE,   /* centre p[0], radius */
} col_cga_query_kind;

/* One primitive. mode says how a sphere counts, as its surface or as its solid ball; the other
 * kinds ignore it (and radius). */
typedef struct col_cga_query {
	col_cga_query_kind kind;
	col_vec3 p[3];
	double radius;
	col_cga_mode mode;
} col_cga_query;

/* What the tests did. Counters add up, so one struct can collect a batch (or a thread's share):
 * zero it with (col_cga_stats){0}. */
typedef struct col_cga_stats {
	uint64_t pairs;           /* primitive pairs tested */
	uint64_t plane_rejects;   /* triangle pairs settled by the plane-side early-out (IV.4 step 1) */
	uint64_t coplanar;        /* segment-triangle or segment-segment tests decided in a common plane */
	uint64_t exact_fallbacks; /* signs the rounding bound could not certify, taken from the exact
	                             predicates instead */
	uint64_t hits;            /* pairs that meet */
} col_cga_stats;

/* Whether a and b meet, by the tests above (in either order). A sphere takes its own mode, so two
 * spheres of one mode meet as col_cga_sphere_sphere says, and a surface sphere inside a solid ball
 * meets it while a solid ball inside a surface sphere does not. False for an unknown kind or a
 * NULL argument. stats may be NULL. */
bool col_cga_collide(const col_cga_query *a, const col_cga_query *b, col_cga_stats *stats);

/* ---- brute force against meshes, as the source measured them (every triangle, no hierarchy) ---- */

/* The query against the mesh's triangles first .. end-1, each by COL_METHOD_CGA (the tests above;
 * COL_METHOD_DEFAULT is the same) or COL_METHOD_EUCLIDEAN (the engine's exact Euclidean tests:
 * col_segment_intersects_triangle, col_triangle_intersects_triangle, col_triangle_intersects_sphere
 * with the surface rule added). hit, when not NULL, gets 1 or 0 at the index of each triangle of the
 * range (it must hold end entries; the others are left alone), so threads can take disjoint ranges
 * of one array. Returns how many triangles of the range the query meets; 0 for a NULL mesh or
 * query, another method, or a range not within 0 .. triangle count (first > end included). A
 * query with a NaN or infinite point or a bad radius meets nothing (its flags are set to 0). stats
 * may be NULL. */
size_t col_cga_mesh_query(const col_mesh *mesh, const col_cga_query *query, col_method method, int first,
                          int end, uint8_t *hit, col_cga_stats *stats);

/* Every triangle of a's range first_a .. end_a-1 against every triangle of b placed by b_to_a (b's
 * frame into a's, as col_mesh_intersects_mesh takes it; col_transform3_identity() for none), the
 * source's Bunny x Armadillo. hit_a, when not NULL, gets 1 or 0 at each index of the range; hit_b, when not
 * NULL, gets 1 at each triangle of b that meets one of them and is otherwise left alone (zero it first;
 * threads taking parts of a's triangles should each have their own hit_b, to be or-ed afterwards). Returns
 * the number of meeting triangle pairs; 0 for NULL meshes, a non-finite b_to_a, another method or a
 * bad range. stats may be NULL. */
size_t col_cga_mesh_mesh(const col_mesh *a, const col_mesh *b, col_transform3 b_to_a, col_method method,
                         int first_a, int end_a, uint8_t *hit_a, uint8_t *hit_b, col_cga_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
