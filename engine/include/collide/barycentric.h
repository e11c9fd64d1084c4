/* Tests written as signs of signed barycentric coordinates (source 000, 4.1-4.4 and 4.6).
 *
 * For a triangle V0V1V2 and a point P, alpha = |P V1 V2| / |V0 V1 V2| and likewise beta (line
 * V2V0) and gamma (line V0V1). Only their signs are needed, and each is a product of two exact
 * orientation signs (predicates.h), so no division and no epsilon decides anything. The same point
 * gives the same signs whichever way the triangle is wound.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_BARYCENTRIC_H
#define COLLIDE_BARYCENTRIC_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* signs[0..2] = sign(alpha), sign(beta), sign(gamma), each -1, 0 or +1. For a degenerate triangle
 * (collinear vertices) all three are 0. */
void col_barycentric_signs(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p, int signs[3]);

/* Where a point lies with respect to a closed triangle (source 000, Props. 4.1 and 4.2). In a
 * covering triangle (V0 = the origin, V1V2 = a polygon edge), EDGE12 is the polygon edge and
 * EDGE01, EDGE02 are the original edges shared with the neighbouring triangles. */
typedef enum col_triangle_position {
	COL_TRIANGLE_OUTSIDE = 0,
	COL_TRIANGLE_INTERIOR,
	COL_TRIANGLE_EDGE12, /* on edge V1V2, between its ends */
	COL_TRIANGLE_EDGE01,
	COL_TRIANGLE_EDGE02,
	COL_TRIANGLE_VERTEX0,
	COL_TRIANGLE_VERTEX1,
	COL_TRIANGLE_VERTEX2,
} col_triangle_position;

/* The position of p; a degenerate triangle answers OUTSIDE (test its segments instead). */
col_triangle_position col_triangle_locate(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p);
/* A short name ("interior", "edge 12", ...), for the viewer. */
const char *col_triangle_position_name(col_triangle_position position);

/* The closed tri-cone with apex v0 swept from ray v0->v1 to ray v0->v2 (source 000, Def. 4.6;
 * the angle at v0 must be below 180 degrees): beta >= 0 and gamma >= 0. */
bool col_tricone_contains(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p);
/* The truncated tri-cone: the part of the tri-cone beyond line v1v2, that line included
 * (Def. 4.7): alpha <= 0, beta >= 0, gamma >= 0. */
bool col_truncated_tricone_contains(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p);

/* Whether the closed segments pq and tu share a point (Theorem 4.1, Alg. 4.10 with erratum 4
 * fixed): with t off line pq, u must lie in the truncated tri-cone of (t, p, q); with t on it, the
 * roles of t and u swap. Collinear overlapping segments meet (the 1D interval test of 4.4.2, not
 * Alg. 4.10's "false"), since touching counts as colliding. */
bool col_barycentric_segments_intersect(col_vec2 p, col_vec2 q, col_vec2 t, col_vec2 u);

/* Whether two closed triangles share a point (Alg. 4.12, run both ways so that containment of
 * either in the other is found): region codes of each triangle's vertices against the other. */
bool col_barycentric_triangles_intersect(const col_vec2 a[3], const col_vec2 b[3]);

#ifdef __cplusplus
}
#endif

#endif
