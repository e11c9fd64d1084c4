/* What the shape tests share: a polyhedral core's corners, in its body frame. Header-only, like
 * support.h. */
#ifndef COLLIDE_TEST_SHAPE_CORNERS_H
#define COLLIDE_TEST_SHAPE_CORNERS_H

#include <string.h>

#include "collide/convex.h"
#include "collide/shape.h"

/* The corners of s's core in its body frame, into local (room for 8 or the polytope's or polygon's
 * vertex count): a point's 1, a segment's 2, a triangle's 3, a box's 8, a polytope's or polygon's
 * vertices, a cylinder's or cone's 2 axis ends when its radius is 0. Returns the count, or -1 for a
 * curved core (a cylinder or cone of radius > 0). */
static inline int shape_core_corners(const col_shape *s, col_vec3 *local)
{
	int n = 0;
	switch (s->kind) {
	case COL_SHAPE_POINT: local[n++] = s->core.point; break;
	case COL_SHAPE_SEGMENT:
		local[n++] = s->core.segment.a;
		local[n++] = s->core.segment.b;
		break;
	case COL_SHAPE_TRIANGLE:
		local[n++] = s->core.triangle.a;
		local[n++] = s->core.triangle.b;
		local[n++] = s->core.triangle.c;
		break;
	case COL_SHAPE_BOX: {
		col_vec3 h = s->core.half_extents;
		for (int i = 0; i < 8; i++)
			local[n++] = (col_vec3){i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z};
		break;
	}
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		if (s->core.cylinder.radius > 0)
			return -1;
		local[n++] = (col_vec3){0, 0, -s->core.cylinder.half_height};
		local[n++] = (col_vec3){0, 0, s->core.cylinder.half_height};
		break;
	case COL_SHAPE_CONVEX:
		n = col_convex_vertex_count(s->core.convex);
		memcpy(local, col_convex_vertices(s->core.convex), (size_t)n * sizeof *local);
		break;
	case COL_SHAPE_POLYGON:
		for (int i = 0; i < s->core.polygon.count; i++)
			local[n++] = (col_vec3){s->core.polygon.points[i].x, s->core.polygon.points[i].y, 0};
		break;
	default: return -1;
	}
	return n;
}

#endif
