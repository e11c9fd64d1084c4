/* Private: exact incidence tests in a coordinate plane, for the coplanar cases of the 3D segment,
 * triangle and tetrahedron tests (shapes3d.c, intersect3d.c). Every decision is an exact sign from
 * predicates.h. */
#ifndef COLLIDE_EXACT_PLANE_H
#define COLLIDE_EXACT_PLANE_H

#include <math.h>

#include "collide/math.h"
#include "collide/predicates.h"

static inline int col_exact_sign(double v)
{
	return (v > 0.0) - (v < 0.0);
}

/* The point with coordinate `axis` dropped: exact, and for points of one plane whose normal has a
 * non-zero `axis` component, an affine bijection, so every incidence survives it. */
static inline col_vec2 col_project_dropping(col_vec3 p, int axis)
{
	switch (axis) {
	case 0: return (col_vec2){p.y, p.z};
	case 1: return (col_vec2){p.z, p.x};
	default: return (col_vec2){p.x, p.y};
	}
}

/* c lies in the box spanned by a and b: with c collinear to ab, c lies on the segment. */
static inline bool col_in_span(col_vec2 a, col_vec2 b, col_vec2 c)
{
	return fmin(a.x, b.x) <= c.x && c.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= c.y && c.y <= fmax(a.y, b.y);
}

/* Closed segments ab and cd share a point; either may be a single point. */
static inline bool col_segments_meet_2d(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	int o1 = col_exact_sign(col_orient2d(a, b, c)), o2 = col_exact_sign(col_orient2d(a, b, d));
	int o3 = col_exact_sign(col_orient2d(c, d, a)), o4 = col_exact_sign(col_orient2d(c, d, b));
	if (o1 * o2 < 0 && o3 * o4 < 0)
		return true;
	return (o1 == 0 && col_in_span(a, b, c)) || (o2 == 0 && col_in_span(a, b, d)) ||
	       (o3 == 0 && col_in_span(c, d, a)) || (o4 == 0 && col_in_span(c, d, b));
}

/* p in the closed 2D triangle abc whose orientation has sign `orientation` (not zero). */
static inline bool col_triangle_holds_2d(col_vec2 a, col_vec2 b, col_vec2 c, int orientation, col_vec2 p)
{
	return col_exact_sign(col_orient2d(a, b, p)) * orientation >= 0 &&
	       col_exact_sign(col_orient2d(b, c, p)) * orientation >= 0 &&
	       col_exact_sign(col_orient2d(c, a, p)) * orientation >= 0;
}

/* The axis whose coordinate plane shows the triangle abc with non-zero area (-1 when it is
 * degenerate), and that area's sign. The rounded normal's dominant axis is tried first; the exact
 * area decides. */
static inline int col_projection_axis(col_vec3 a, col_vec3 b, col_vec3 c, int *orientation)
{
	col_vec3 n = col_vec3_cross(col_vec3_sub(b, a), col_vec3_sub(c, a));
	double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
	int first = ax >= ay && ax >= az ? 0 : (ay >= az ? 1 : 2);
	for (int i = 0; i < 3; ++i) {
		int axis = (first + i) % 3;
		int o = col_exact_sign(col_orient2d(col_project_dropping(a, axis), col_project_dropping(b, axis),
		                                    col_project_dropping(c, axis)));
		if (o != 0) {
			*orientation = o;
			return axis;
		}
	}
	return -1;
}

/* Closed 3D segments pq and rs share a point. Coplanar segments meet exactly when their shadows
 * meet on all three coordinate planes: one plane at least is a faithful copy of theirs, the others
 * can only add meetings. */
static inline bool col_segments_meet_3d(col_vec3 p, col_vec3 q, col_vec3 r, col_vec3 s)
{
	if (col_orient3d(p, q, r, s) != 0.0)
		return false;
	for (int axis = 0; axis < 3; ++axis) {
		if (!col_segments_meet_2d(col_project_dropping(p, axis), col_project_dropping(q, axis),
		                          col_project_dropping(r, axis), col_project_dropping(s, axis)))
			return false;
	}
	return true;
}

#endif
