/* The convex hull of a point set, as a col_convex (convex.h). A separate library (collide_hull)
 * that links qhull, so the engine core stays free of dependencies. Meant for preprocessing: the
 * polytope it returns is immutable and cheap to query; building it is not the fast path.
 *
 * Thread safety: col_convex_hull runs qhull's reentrant library with a qhull state of its own per
 * call (and its messages in a memory stream of its own), so hulls may be built in several threads
 * at once; the col_convex it returns is read-only (convex.h). */
#ifndef COLLIDE_HULL_H
#define COLLIDE_HULL_H

#include "collide/common.h"
#include "collide/convex.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The smallest convex polytope holding all count points, exactly: every point lies inside it or
 * on its boundary (col_convex_contains_point says true for each), its vertices are input points
 * that are extreme (no vertex lies inside a face or on an edge), and its faces are whole polygons
 * (coplanar points make one face, not a fan of triangles). Vertices are numbered in the order of
 * their first appearance in points; each face starts at its lowest vertex, and faces are sorted by
 * their first two vertices. qhull builds it; when qhull's rounded answer does not pass the exact
 * checks (nearly coplanar points), an exact incremental hull (col_orient3d throughout) does.
 *
 * Points in one plane give a flat polytope (their convex polygon, seen from both sides).
 * Fails with COL_ERROR_INVALID_ARGUMENT for NULL pointers, count <= 0 or a coordinate outside the
 * engine's range (common.h), COL_ERROR_NOT_FINITE for a NaN or infinite coordinate, and
 * COL_ERROR_DEGENERATE when the points coincide or lie on one line. *out is NULL on failure. */
col_status col_convex_hull(const col_vec3 *points, int count, col_convex **out, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
