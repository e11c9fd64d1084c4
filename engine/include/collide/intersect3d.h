/* Segments, triangles and tetrahedra meeting in 3D (source 000, 5.5): the division-free segment/
 * triangle test of Thm 5.3 / Alg. 5.5, the region codes of Alg. 5.8 and the segment/tetrahedron
 * and tetrahedron/tetrahedron tests built on them (Alg. 5.8, 5.9).
 *
 * Every set is closed and every sign comes from col_orient3d or col_orient2d (predicates.h), so
 * the answers are exact, with no epsilon: touching counts as meeting. The source's epsilon
 * comparisons become exact signs, with source 000's 3D errata 7 and 8 (docs/sources.md) fixed. A NaN or
 * infinite coordinate is nowhere: every test with one answers "no hit" (false).
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_INTERSECT3D_H
#define COLLIDE_INTERSECT3D_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- segment / triangle (Thm 5.3, Alg. 5.5) ---- */

/* A feature of a triangle V1 V2 V3: the set of vertices spanning it, bit k-1 for Vk, which is also
 * the set of the point's barycentric coordinates that are positive there (the triangle's half of
 * Table 5.1). In a covering triangle W V2 V3 of a face (Alg. 5.6), EDGE23 is the face edge, EDGE12
 * and EDGE31 are inner edges, VERTEX1 is the face's centre W. */
typedef enum col_triangle_feature {
	COL_TRIANGLE_NONE = 0,
	COL_TRIANGLE_VERTEX1 = 1,
	COL_TRIANGLE_VERTEX2 = 2,
	COL_TRIANGLE_EDGE12 = 3,
	COL_TRIANGLE_VERTEX3 = 4,
	COL_TRIANGLE_EDGE31 = 5,
	COL_TRIANGLE_EDGE23 = 6,
	COL_TRIANGLE_INTERIOR = 7,
} col_triangle_feature;

/* What col_segment_triangle_locate found. */
typedef struct col_segment3_triangle_hit {
	bool hit; /* the closed segment and the closed triangle share a point */
	/* Both ends lie in the triangle's plane, or the triangle is degenerate (collinear vertices have
	 * no plane: every segment counts as coplanar with it). Set with or without a hit; the hit was
	 * then decided in the plane, and feature and endpoint stay 0. */
	bool coplanar;
	/* Otherwise a hit is one point: the feature whose relative interior holds it (NONE: no hit),
	 * and whether that point is q1 (1), q2 (2) or strictly between them (0). */
	col_triangle_feature feature;
	int endpoint;
} col_segment3_triangle_hit;

/* Where the closed segment q1 q2 meets the closed triangle v1 v2 v3. Not coplanar: the segment
 * meets the triangle when its far end lies in the truncated cone from the near end over the
 * triangle (Thm 5.3), five orientations at most, taken lazily as Alg. 5.5 orders them; with q1 in
 * the plane, q2 is the apex instead (the branch of erratum 7). Coplanar: exact 2D tests on the
 * coordinate plane where the triangle shows area (dropping a coordinate is exact). A degenerate
 * triangle is the segment or point its vertices span. q1 == q2 is a point. */
col_segment3_triangle_hit col_segment_triangle_locate(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2,
                                                      col_vec3 v3);

/* Whether the closed segment meets the closed triangle t (coplanar and degenerate cases
 * included): col_segment_triangle_locate(q1, q2, t.a, t.b, t.c).hit. */
bool col_segment_intersects_triangle(col_vec3 q1, col_vec3 q2, col_triangle t);

/* Whether the closed segments ab and cd share a point (either may be a single point): coplanar
 * (col_orient3d zero) and meeting in all three coordinate-plane shadows (col_orient2d), one of which
 * is a faithful copy of their plane, so parallel and collinear ones are decided too. */
bool col_segment_intersects_segment3(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);

/* The first point of the segment, from q1, that lies on the triangle: false, and nothing written,
 * when they do not meet (decided exactly, as above). t_param (in [0, 1], along q1 -> q2) and point
 * may be NULL. Rounded, from the same determinants as the test: a crossing point is the
 * triangle's barycentric combination with weights beta, gamma, delta of Thm 5.3 (the source's
 * t*k, u*k, v*k), so it lies on the triangle to rounding, and t_param is w / (w - s); an end or a
 * vertex that is the hit is returned exactly (an end with t_param 0 or 1). A coplanar segment
 * enters the triangle where it first meets an edge, found by clipping in floating point, and the
 * point is taken on the segment. Accurate to rounding when the configuration is well conditioned;
 * a segment nearly parallel to the plane, or a sliver triangle, makes any rounded point drift,
 * though a crossing point stays in the triangle's box and a coplanar entry on the segment. */
bool col_segment_triangle_hit_point(col_vec3 q1, col_vec3 q2, col_triangle t, double *t_param,
                                    col_vec3 *point);

/* ---- tetrahedra (Alg. 5.8, 5.9) ---- */

/* The region code of p (Alg. 5.8, Cohen-Sutherland style): bit k is set when p's k-th barycentric
 * coordinate is negative, i.e. p lies strictly beyond the plane of the face opposite vk. 0 means
 * p is in the closed tetrahedron; two points whose codes share a bit are beyond one face plane.
 * At most three bits are ever set (the coordinates sum to 1). A degenerate tetrahedron (coplanar
 * vertices) has no barycentric coordinates: it answers -1, as does a NaN or infinite input. */
int col_tetrahedron_region_code(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3, col_vec3 p);

/* Whether the closed segment q1 q2 meets the boundary of the closed tetrahedron v0..v3 coming from
 * outside it: it meets the tetrahedron and q1 or q2 lies outside. A segment with both ends in the
 * tetrahedron (on its boundary included) answers false: Alg. 5.8 reports crossings only and leaves
 * containment to the caller. A degenerate tetrahedron is the flat set its vertices span (a convex
 * polygon, a segment or a point), which is all boundary. */
bool col_segment_crosses_tetrahedron_boundary(col_vec3 q1, col_vec3 q2, col_vec3 v0, col_vec3 v1, col_vec3 v2,
                                              col_vec3 v3);

/* Whether the closed segment meets the closed solid tetrahedron: a crossing, or an end inside. */
bool col_segment_intersects_tetrahedron(col_vec3 q1, col_vec3 q2, col_vec3 v0, col_vec3 v1, col_vec3 v2,
                                        col_vec3 v3);

/* Whether two closed solid tetrahedra share a point (Alg. 5.9); touching and containment count.
 * A degenerate (flat) tetrahedron is the convex hull of its vertices, a polygon, segment or point,
 * and is tested as that set: two convex polytopes meet exactly when an edge of one meets the other,
 * which holds for flat ones too. Either winding. */
bool col_tetrahedra_intersect(const col_vec3 a[4], const col_vec3 b[4]);

#ifdef __cplusplus
}
#endif

#endif
