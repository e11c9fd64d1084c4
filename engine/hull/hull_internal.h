/* Private: col_convex_hull with its builder chosen, so the tests can run each path on its own
 * and compare them. */
#ifndef COLLIDE_HULL_INTERNAL_H
#define COLLIDE_HULL_INTERNAL_H

#include "collide/hull.h"

typedef enum col_hull_builder {
	COL_HULL_AUTO,  /* col_convex_hull: qhull, checked; the exact build when the check fails */
	COL_HULL_QHULL, /* qhull only: COL_ERROR_UNSUPPORTED when its answer fails the exact checks */
	COL_HULL_EXACT, /* the exact quickhull only */
} col_hull_builder;

col_status col_convex_hull_using(const col_vec3 *points, int count, col_hull_builder builder,
                                 col_convex **out, col_error *error);

#endif
