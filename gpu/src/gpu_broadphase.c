/* The broad phase: an LBVH over the bodies' boxes each step, then every body's pairs, counted, laid
 * out by a prefix sum and written, so the list comes out in (i, j) order with no sort. */
#include <stdlib.h>
#include <string.h>

#include "collide/gpu_broadphase.h"
#include "gpu_internal.h"

_Static_assert(sizeof(col_gpu_pair) == 2 * sizeof(uint32_t), "a pair is two indices");

struct col_gpu_broadphase {
	col_gpu *gpu;
	gpu_lbvh lbvh;
	uint64_t *offsets; /* the CPU backend's: count + 1 prefix sums of the pair counts */
	size_t offsets_capacity;
	col_gpu_buffer *staging_boxes, *staging_pairs; /* for the host-array form on a GPU */
};

col_status col_gpu_broadphase_create(col_gpu *gpu, col_gpu_broadphase **out, col_error *error)
{
	if (out == NULL || gpu == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "broadphase: NULL context or output pointer");
	*out = calloc(1, sizeof **out);
	if (*out == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "broadphase: out of memory");
	(*out)->gpu = gpu;
	col_error_clear(error);
	return COL_OK;
}

void col_gpu_broadphase_destroy(col_gpu_broadphase *bp)
{
	if (bp == NULL)
		return;
	gpu_lbvh_release(bp->gpu, &bp->lbvh);
	gpu_release(bp->gpu, bp->offsets, bp->offsets_capacity * sizeof *bp->offsets);
	col_gpu_buffer_destroy(bp->staging_boxes);
	col_gpu_buffer_destroy(bp->staging_pairs);
	free(bp);
}

size_t col_gpu_broadphase_device_bytes(const col_gpu_broadphase *bp)
{
	return bp == NULL ? 0 : gpu_lbvh_bytes(&bp->lbvh) + bp->offsets_capacity * sizeof *bp->offsets;
}

/* ---- the CPU backend ---- */

typedef struct cpu_pairs {
	const hd_lbvh *tree;
	const hd_box *boxes;
	uint64_t *offsets;
	col_gpu_pair *pairs;
	uint64_t *visited; /* per worker */
} cpu_pairs;

static void count_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_pairs *c = context;
	for (size_t i = begin; i < end; i++)
		c->offsets[i + 1] =
		    hd_broadphase_pairs(c->tree, c->boxes, (int32_t)i, NULL, 0, &c->visited[worker]);
}

static void write_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_pairs *c = context;
	uint64_t ignored = 0;
	(void)worker;
	for (size_t i = begin; i < end; i++) {
		col_gpu_pair *out = c->pairs + c->offsets[i];
		uint32_t n = hd_broadphase_pairs(c->tree, c->boxes, (int32_t)i, &out->b, 2, &ignored);
		for (uint32_t k = 0; k < n; k++)
			out[k].a = (uint32_t)i;
	}
}

static col_status cpu_pairs_find(col_gpu_broadphase *bp, const hd_box *boxes, size_t count,
                                 col_gpu_pair *pairs, size_t capacity, size_t *total, col_gpu_stats *stats)
{
	col_gpu *gpu = bp->gpu;
	int threads = thread_pool_threads(gpu->pool);
	uint64_t visited[COL_GPU_MAX_CPU_THREADS] = {0};
	cpu_pairs c = {&bp->lbvh.tree, boxes, bp->offsets, pairs, visited};
	(void)threads;
	c.offsets[0] = 0;
	thread_pool_run(gpu->pool, count, 0, count_task, &c);
	for (size_t i = 0; i < count; i++)
		c.offsets[i + 1] += c.offsets[i];
	*total = (size_t)c.offsets[count];
	if (pairs != NULL && *total <= capacity)
		thread_pool_run(gpu->pool, count, 0, write_task, &c);
	if (stats != NULL)
		for (int w = 0; w < COL_GPU_MAX_CPU_THREADS; w++)
			stats->nodes_visited += visited[w];
	return COL_OK;
}

col_status col_gpu_broadphase_find(col_gpu_broadphase *bp, const col_gpu_buffer *boxes, size_t count,
                                   col_gpu_buffer *pairs, size_t pair_capacity, size_t *pair_count,
                                   col_gpu_stats *stats, col_error *error)
{
	if (bp == NULL || boxes == NULL || pair_count == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "broadphase: NULL broad phase, boxes or pair_count");
	*pair_count = 0;
	col_gpu *gpu = bp->gpu;
	if (boxes->gpu != gpu || (pairs != NULL && pairs->gpu != gpu))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "broadphase: a buffer of another context");
	if (count > (size_t)INT32_MAX)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "broadphase: %zu boxes are more than 2^31 - 1", count);
	if (boxes->bytes / sizeof(col_aabb3) < count)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "broadphase: the boxes buffer holds %zu boxes, not %zu",
		                boxes->bytes / sizeof(col_aabb3), count);
	if (pairs == NULL)
		pair_capacity = 0;
	else if (pairs->bytes / sizeof(col_gpu_pair) < pair_capacity)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "broadphase: the pairs buffer holds %zu pairs, not %zu",
		                pairs->bytes / sizeof(col_gpu_pair), pair_capacity);
	double start = gpu_now_ms(), build_ms = 0.0, pairs_ms = 0.0;
	if (gpu->device == COL_DEVICE_CPU && count + 1 > bp->offsets_capacity) {
		gpu_release(gpu, bp->offsets, bp->offsets_capacity * sizeof *bp->offsets);
		bp->offsets = NULL;
		bp->offsets_capacity = 0;
		col_status status =
		    gpu_alloc(gpu, (count + 1) * sizeof *bp->offsets, (void **)&bp->offsets, error);
		if (status != COL_OK)
			return status;
		bp->offsets_capacity = count + 1;
	}
	col_status status = gpu_lbvh_build(gpu, boxes->data, count, &bp->lbvh, &build_ms, error);
	if (status != COL_OK)
		return status;
	size_t total = 0;
	if (count > 0) {
		if (gpu->device == COL_DEVICE_GPU)
			status = cuda_broadphase_pairs(gpu, &bp->lbvh, boxes->data, count, bp->offsets,
			                               pairs != NULL ? pairs->data : NULL, pair_capacity,
			                               &total, &pairs_ms, error);
		else
			status = cpu_pairs_find(bp, boxes->data, count, pairs != NULL ? pairs->data : NULL,
			                        pair_capacity, &total, stats);
	}
	if (status != COL_OK)
		return status;
	*pair_count = total;
	if (stats != NULL) {
		stats->queries += count;
		stats->hits += total;
		stats->wall_ms += gpu_now_ms() - start;
		stats->compute_ms +=
		    gpu->device == COL_DEVICE_GPU ? build_ms + pairs_ms : gpu_now_ms() - start;
	}
	col_error_clear(error);
	return COL_OK;
}

/* A staging buffer of at least bytes. */
static col_status staging(col_gpu *gpu, col_gpu_buffer **buffer, size_t bytes, col_error *error)
{
	if (*buffer != NULL && (*buffer)->bytes >= bytes)
		return COL_OK;
	col_gpu_buffer_destroy(*buffer);
	*buffer = NULL;
	return col_gpu_buffer_create(gpu, bytes, buffer, error);
}

col_status col_gpu_broadphase_find_pairs(col_gpu_broadphase *bp, const col_aabb3 *boxes, size_t count,
                                         col_gpu_pair *pairs, size_t pair_capacity, size_t *pair_count,
                                         col_gpu_stats *stats, col_error *error)
{
	if (bp == NULL || (boxes == NULL && count > 0) || pair_count == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "broadphase: NULL broad phase, boxes or pair_count");
	if (pairs == NULL)
		pair_capacity = 0;
	col_gpu *gpu = bp->gpu;
	if (gpu->device == COL_DEVICE_CPU) {
		/* host memory already: wrap the arrays instead of copying them */
		col_gpu_buffer in = {gpu, count * sizeof *boxes, (void *)boxes};
		col_gpu_buffer out = {gpu, pair_capacity * sizeof *pairs, pairs};
		return col_gpu_broadphase_find(bp, &in, count, pairs != NULL ? &out : NULL, pair_capacity,
		                               pair_count, stats, error);
	}
	double start = gpu_now_ms();
	col_status status = staging(gpu, &bp->staging_boxes, count * sizeof *boxes + 1, error);
	if (status == COL_OK)
		status = col_gpu_buffer_upload(bp->staging_boxes, 0, boxes, count * sizeof *boxes, error);
	if (status == COL_OK && pair_capacity > 0)
		status = staging(gpu, &bp->staging_pairs, pair_capacity * sizeof *pairs, error);
	double moved = gpu_now_ms() - start;
	if (status == COL_OK)
		status = col_gpu_broadphase_find(bp, bp->staging_boxes, count,
		                                 pair_capacity > 0 ? bp->staging_pairs : NULL, pair_capacity,
		                                 pair_count, stats, error);
	if (status == COL_OK && *pair_count <= pair_capacity && *pair_count > 0) {
		start = gpu_now_ms();
		status =
		    col_gpu_buffer_download(bp->staging_pairs, 0, pairs, *pair_count * sizeof *pairs, error);
		moved += gpu_now_ms() - start;
	}
	if (stats != NULL)
		stats->transfer_ms += moved;
	return status;
}
