/* Primitive pairs in bulk on a compute context (gpu.h): source 003's segment, triangle and sphere
 * tests (col_cga_collide) for many pairs at once, one thread a pair, in the CGA or the Euclidean
 * form. The answers are col_cga_collide's, pair for pair (its exact fallbacks run on the host for
 * what the filtered arithmetic cannot certify).
 *
 * Thread safety: as for every object of a compute context (gpu.h), calls on this one, and on
 * anything else of its context, must not overlap: one thread at a time. */
#ifndef COLLIDE_GPU_COLLIDE_H
#define COLLIDE_GPU_COLLIDE_H

#include "collide/cga_collide.h"
#include "collide/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* hits[i] = 1 when a[i] and b[i] meet (col_cga_collide(&a[i], &b[i]): a sphere counts as its mode
 * says; an invalid primitive meets nothing), else 0. form: COL_METHOD_CGA (default) or
 * COL_METHOD_EUCLIDEAN. Host arrays. stats may be NULL. */
col_status col_gpu_collide_pairs(col_gpu *gpu, const col_cga_query *a, const col_cga_query *b, size_t count,
                                 col_method form, uint8_t *hits, col_gpu_stats *stats, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
