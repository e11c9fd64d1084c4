/* Signed barycentric coordinates with respect to a tetrahedron, as signs only (source 000, 5.1).
 *
 * For a tetrahedron V0V1V2V3 and a point P, alpha is the volume of P V1 V2 V3 over that of
 * V0 V1 V2 V3, and beta, gamma, delta likewise with P in place of V1, V2, V3. Only their signs are
 * needed, each the product of two exact orientation signs (predicates.h): no division, no epsilon.
 * The same point gets the same signs whichever way the tetrahedron is wound.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_BARYCENTRIC3D_H
#define COLLIDE_BARYCENTRIC3D_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* signs[0..3] = sign(alpha), sign(beta), sign(gamma), sign(delta), each -1, 0 or +1. For a
 * degenerate tetrahedron (coplanar vertices) all four are 0. */
void col_barycentric3d_signs(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3, col_vec3 p, int signs[4]);

/* Where a point lies with respect to a closed tetrahedron: the feature whose relative interior
 * holds it (Table 5.1 of source 000). Each value is the set of vertices spanning the feature, one
 * bit per vertex (bit k for Vk), which is also the set of coordinates that are positive there: 15
 * features, and 0 for outside (some coordinate negative). In a covering tetrahedron (V0 = the
 * origin O, V1V2V3 = a face triangle), the features without V0 lie on the face; those with V0 are
 * "original" and shared with the neighbouring tetrahedra. */
typedef enum col_tetrahedron_position {
	COL_TETRAHEDRON_OUTSIDE = 0,
	COL_TETRAHEDRON_VERTEX0 = 1,
	COL_TETRAHEDRON_VERTEX1 = 2,
	COL_TETRAHEDRON_EDGE01 = 3,
	COL_TETRAHEDRON_VERTEX2 = 4,
	COL_TETRAHEDRON_EDGE02 = 5,
	COL_TETRAHEDRON_EDGE12 = 6,
	COL_TETRAHEDRON_FACE012 = 7,
	COL_TETRAHEDRON_VERTEX3 = 8,
	COL_TETRAHEDRON_EDGE03 = 9,
	COL_TETRAHEDRON_EDGE13 = 10,
	COL_TETRAHEDRON_FACE013 = 11,
	COL_TETRAHEDRON_EDGE23 = 12,
	COL_TETRAHEDRON_FACE023 = 13,
	COL_TETRAHEDRON_FACE123 = 14,
	COL_TETRAHEDRON_INTERIOR = 15,
} col_tetrahedron_position;

/* The position of p, the signs taken lazily (alpha first, the next only while none is negative,
 * as source 000 5.1 does). A degenerate tetrahedron answers OUTSIDE: test its triangles instead. */
col_tetrahedron_position col_tetrahedron_locate(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3,
                                                col_vec3 p);
/* col_tetrahedron_locate for a caller that knows the sign of col_orient3d(v0, v1, v2, v3) (+1 or
 * -1; a covering keeps it per tetrahedron), which saves one of its five orientations. */
col_tetrahedron_position col_tetrahedron_locate_signed(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3,
                                                       int volume_sign, col_vec3 p);
/* A short name ("interior", "face 123", "edge 01", "vertex 2", "outside"), for the viewer. */
const char *col_tetrahedron_position_name(col_tetrahedron_position position);

#ifdef __cplusplus
}
#endif

#endif
