/* The broad phase for very many moving bodies on a compute context (gpu.h): their boxes to the pairs
 * that overlap, each step anew. A linear BVH over the boxes is built per step (Morton keys, a radix
 * sort, every internal node in parallel, the boxes bottom-up), then every body walks it with its own
 * box. Closed boxes: touching counts. The pairs come sorted, (i, j) with i < j, by i then j, so they
 * are the same list on both backends and equal to the all-pairs oracle's.
 *
 * Thread safety: as for every object of a compute context (gpu.h), calls on this one, and on
 * anything else of its context, must not overlap: one thread at a time. */
#ifndef COLLIDE_GPU_BROADPHASE_H
#define COLLIDE_GPU_BROADPHASE_H

#include "collide/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_gpu_broadphase col_gpu_broadphase; /* opaque: keeps its work memory between steps */

typedef struct col_gpu_pair {
	uint32_t a, b; /* a < b */
} col_gpu_pair;

col_status col_gpu_broadphase_create(col_gpu *gpu, col_gpu_broadphase **out, col_error *error);
void col_gpu_broadphase_destroy(col_gpu_broadphase *broadphase);

/* boxes: count col_aabb3 in a buffer of the same context; pairs: a buffer for up to pair_capacity
 * col_gpu_pair (may be NULL with 0 to count only). *pair_count gets how many pairs there are; when
 * that is more than pair_capacity, no pair is written (call again with room for them). Fails with
 * COL_ERROR_INVALID_ARGUMENT for a box that is not finite or has min > max, more than 2^31 - 1
 * boxes, or a buffer too small; COL_ERROR_OUT_OF_MEMORY. */
col_status col_gpu_broadphase_find(col_gpu_broadphase *broadphase, const col_gpu_buffer *boxes, size_t count,
                                   col_gpu_buffer *pairs, size_t pair_capacity, size_t *pair_count,
                                   col_gpu_stats *stats, col_error *error);
/* The same from a host array to a host array. */
col_status col_gpu_broadphase_find_pairs(col_gpu_broadphase *broadphase, const col_aabb3 *boxes, size_t count,
                                         col_gpu_pair *pairs, size_t pair_capacity, size_t *pair_count,
                                         col_gpu_stats *stats, col_error *error);
/* Bytes the last find held on the device (its tree, keys and pair offsets). */
size_t col_gpu_broadphase_device_bytes(const col_gpu_broadphase *broadphase);

#ifdef __cplusplus
}
#endif

#endif
