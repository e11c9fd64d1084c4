/* One body's pairs in the broad phase: the bodies' LBVH walked with the body's box, every other
 * body whose box overlaps it (closed boxes: touching counts) and whose index is higher, so each
 * pair comes once, as (i, j) with i < j, the j ascending. */
#ifndef COLLIDE_GPU_ELEMENT_BROADPHASE_H
#define COLLIDE_GPU_ELEMENT_BROADPHASE_H

#include "lbvh.h"

/* Counts body i's pairs, and writes their j's to out[0], out[stride], ... (ascending) when out is not
 * NULL. */
COL_HD uint32_t hd_broadphase_pairs(const hd_lbvh *t, const hd_box *boxes, int32_t i, uint32_t *out,
                                    int stride, uint64_t *visited)
{
	hd_lbvh_walk walk;
	hd_lbvh_probe probe = hd_probe_box(boxes[i]);
	hd_walk_start(&walk, t);
	uint32_t n = 0;
	int32_t j;
	while ((j = hd_walk_next(&walk, t, &probe, visited)) >= 0) {
		if (j <= i)
			continue;
		if (out != NULL) {
			uint32_t k = n; /* insertion: the walk's order is not the index order */
			while (k > 0 && out[(k - 1) * stride] > (uint32_t)j) {
				out[k * stride] = out[(k - 1) * stride];
				k--;
			}
			out[k * stride] = (uint32_t)j;
		}
		n++;
	}
	return n;
}

#endif
