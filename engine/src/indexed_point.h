/* Private: points sorted with their original indices, the way mesh welding, polytope validation
 * and the hull find coincident points (qsort has no context pointer, so the index travels along). */
#ifndef COLLIDE_INDEXED_POINT_H
#define COLLIDE_INDEXED_POINT_H

#include "collide/math.h"

typedef struct col_indexed_point {
	col_vec3 p;
	int index;
} col_indexed_point;

/* qsort's comparison: x, then y, then z, then the index, so equal points keep their input order. */
static inline int col_indexed_point_compare(const void *pa, const void *pb)
{
	const col_indexed_point *a = pa, *b = pb;
	if (a->p.x != b->p.x)
		return a->p.x < b->p.x ? -1 : 1;
	if (a->p.y != b->p.y)
		return a->p.y < b->p.y ? -1 : 1;
	if (a->p.z != b->p.z)
		return a->p.z < b->p.z ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

#endif
