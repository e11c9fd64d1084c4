/* The LBVH's build on the CPU backend (the GPU's is gpu/src/cuda/cuda_lbvh.cu): the same keys, the
 * same stable sort, the same nodes, so the same tree. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

size_t gpu_lbvh_bytes(const gpu_lbvh *lbvh)
{
	size_t n = lbvh->capacity;
	return n == 0 ? 0
	              : (2 * n - 1) * sizeof(hd_box) + 2 * (n - 1 > 0 ? n - 1 : 1) * sizeof(int32_t) +
	                    n * sizeof(int32_t);
}

void gpu_lbvh_release(col_gpu *gpu, gpu_lbvh *lbvh)
{
	size_t n = lbvh->capacity;
	if (n > 0) {
		gpu_release(gpu, lbvh->boxes, (2 * n - 1) * sizeof(hd_box));
		gpu_release(gpu, lbvh->children, 2 * (n > 1 ? n - 1 : 1) * sizeof(int32_t));
		gpu_release(gpu, lbvh->order, n * sizeof(int32_t));
	}
	memset(lbvh, 0, sizeof *lbvh);
}

/* Room for count primitives (the arrays only grow). */
static col_status reserve(col_gpu *gpu, gpu_lbvh *lbvh, size_t count, col_error *error)
{
	if (count <= lbvh->capacity)
		return COL_OK;
	gpu_lbvh_release(gpu, lbvh);
	col_status status = gpu_alloc(gpu, (2 * count - 1) * sizeof(hd_box), (void **)&lbvh->boxes, error);
	if (status == COL_OK)
		status = gpu_alloc(gpu, 2 * (count > 1 ? count - 1 : 1) * sizeof(int32_t),
		                   (void **)&lbvh->children, error);
	if (status == COL_OK)
		status = gpu_alloc(gpu, count * sizeof(int32_t), (void **)&lbvh->order, error);
	if (status != COL_OK) {
		gpu_release(gpu, lbvh->boxes, (2 * count - 1) * sizeof(hd_box));
		gpu_release(gpu, lbvh->children, 2 * (count > 1 ? count - 1 : 1) * sizeof(int32_t));
		gpu_release(gpu, lbvh->order, count * sizeof(int32_t));
		memset(lbvh, 0, sizeof *lbvh);
		return status;
	}
	lbvh->capacity = count;
	return COL_OK;
}

/* ---- the CPU build ---- */

typedef struct cpu_build {
	const hd_box *input;
	size_t count;
	int threads;
	/* scene bounds of the centres, per worker, then reduced */
	hd_box *bounds;
	size_t *first_bad;
	hd_vec3 lo, scale;
	uint64_t *keys, *keys_swap;
	int32_t *values, *values_swap;
	size_t *histograms; /* threads x 256 */
	int shift;
	int32_t *parent;
	atomic_int *arrived;
	gpu_lbvh *out;
} cpu_build;

static bool box_is_valid(hd_box b)
{
	return hd_finite3(b.min) && hd_finite3(b.max) && b.min.x <= b.max.x && b.min.y <= b.max.y &&
	       b.min.z <= b.max.z;
}

static void bounds_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_build *b = context;
	hd_box *bounds = &b->bounds[worker];
	for (size_t i = begin; i < end; i++) {
		hd_box box = b->input[i];
		if (!box_is_valid(box)) {
			if (i < b->first_bad[worker])
				b->first_bad[worker] = i;
			continue;
		}
		hd_vec3 c = hd_v3(0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y),
		                  0.5 * (box.min.z + box.max.z));
		hd_box point;
		point.min = point.max = c;
		*bounds = hd_box_union(*bounds, point);
	}
}

static void keys_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_build *b = context;
	(void)worker;
	for (size_t i = begin; i < end; i++) {
		b->keys[i] = hd_morton_key(b->input[i], b->lo, b->scale);
		b->values[i] = (int32_t)i;
	}
}

/* One pass of the stable LSD radix sort: each worker takes one contiguous block (not chunks), counts
 * its digits, then scatters its block where the prefix sums say. */
static size_t block_begin(const cpu_build *b, int worker)
{
	return b->count * (size_t)worker / (size_t)b->threads;
}

static void histogram_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_build *b = context;
	(void)worker;
	for (size_t w = begin; w < end; w++) {
		size_t *h = b->histograms + 256 * w;
		memset(h, 0, 256 * sizeof *h);
		for (size_t i = block_begin(b, (int)w); i < block_begin(b, (int)w + 1); i++)
			h[(b->keys[i] >> b->shift) & 255]++;
	}
}

static void scatter_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_build *b = context;
	(void)worker;
	for (size_t w = begin; w < end; w++) {
		size_t *h = b->histograms + 256 * w; /* now each digit's next slot for this block */
		for (size_t i = block_begin(b, (int)w); i < block_begin(b, (int)w + 1); i++) {
			size_t slot = h[(b->keys[i] >> b->shift) & 255]++;
			b->keys_swap[slot] = b->keys[i];
			b->values_swap[slot] = b->values[i];
		}
	}
}

static void sort(thread_pool *pool, cpu_build *b)
{
	/* only the digits where some key differs from the first */
	uint64_t differ = 0;
	for (size_t i = 1; i < b->count; i++)
		differ |= b->keys[i] ^ b->keys[0];
	for (b->shift = 0; b->shift < 64; b->shift += 8) {
		if (((differ >> b->shift) & 255) == 0)
			continue;
		thread_pool_run(pool, (size_t)b->threads, 1, histogram_task, b);
		size_t next = 0;
		for (int digit = 0; digit < 256; digit++)
			for (int w = 0; w < b->threads; w++) {
				size_t n = b->histograms[256 * (size_t)w + (size_t)digit];
				b->histograms[256 * (size_t)w + (size_t)digit] = next;
				next += n;
			}
		thread_pool_run(pool, (size_t)b->threads, 1, scatter_task, b);
		uint64_t *k = b->keys;
		b->keys = b->keys_swap;
		b->keys_swap = k;
		int32_t *v = b->values;
		b->values = b->values_swap;
		b->values_swap = v;
	}
}

static void nodes_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_build *b = context;
	(void)worker;
	int32_t n = (int32_t)b->count;
	for (size_t i = begin; i < end; i++) {
		int32_t left, right;
		hd_lbvh_node(b->keys, n, (int32_t)i, &left, &right);
		b->out->children[2 * i] = left;
		b->out->children[2 * i + 1] = right;
		b->parent[left] = (int32_t)i;
		b->parent[right] = (int32_t)i;
	}
}

/* Each leaf climbs: the second child to arrive at a node makes the node's box (Karras's bottom-up
 * pass). Unions are exact, so the order does not matter. */
static void boxes_task(void *context, size_t begin, size_t end, int worker)
{
	cpu_build *b = context;
	(void)worker;
	int32_t n = (int32_t)b->count;
	hd_box *boxes = b->out->boxes;
	for (size_t k = begin; k < end; k++) {
		int32_t node = n - 1 + (int32_t)k;
		boxes[node] = b->input[b->values[k]];
		b->out->order[k] = b->values[k];
		while (node != 0) {
			node = b->parent[node];
			if (atomic_fetch_add(&b->arrived[node], 1) == 0)
				break; /* the other child is not done yet: it goes on from here */
			boxes[node] = hd_box_union(boxes[b->out->children[2 * node]],
			                           boxes[b->out->children[2 * node + 1]]);
		}
	}
}

static col_status cpu_lbvh_build(col_gpu *gpu, const hd_box *boxes, size_t count, gpu_lbvh *lbvh,
                                 col_error *error)
{
	cpu_build b;
	memset(&b, 0, sizeof b);
	b.input = boxes;
	b.count = count;
	b.threads = thread_pool_threads(gpu->pool);
	b.out = lbvh;
	b.bounds = malloc((size_t)b.threads * sizeof *b.bounds);
	b.first_bad = malloc((size_t)b.threads * sizeof *b.first_bad);
	b.keys = malloc(count * sizeof *b.keys);
	b.keys_swap = malloc(count * sizeof *b.keys_swap);
	b.values = malloc(count * sizeof *b.values);
	b.values_swap = malloc(count * sizeof *b.values_swap);
	b.histograms = malloc(256 * (size_t)b.threads * sizeof *b.histograms);
	b.parent = malloc((2 * count - 1) * sizeof *b.parent);
	b.arrived = malloc((count > 1 ? count - 1 : 1) * sizeof *b.arrived);
	col_status status = COL_OK;
	if (b.bounds == NULL || b.first_bad == NULL || b.keys == NULL || b.keys_swap == NULL ||
	    b.values == NULL || b.values_swap == NULL || b.histograms == NULL || b.parent == NULL ||
	    b.arrived == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "lbvh: out of memory for %zu boxes", count);
		goto done;
	}
	for (int w = 0; w < b.threads; w++) {
		b.bounds[w].min = hd_v3(INFINITY, INFINITY, INFINITY);
		b.bounds[w].max = hd_v3(-INFINITY, -INFINITY, -INFINITY);
		b.first_bad[w] = SIZE_MAX;
	}
	thread_pool_run(gpu->pool, count, 0, bounds_task, &b);
	size_t bad = SIZE_MAX;
	hd_box scene = b.bounds[0];
	for (int w = 0; w < b.threads; w++) {
		bad = b.first_bad[w] < bad ? b.first_bad[w] : bad;
		scene = hd_box_union(scene, b.bounds[w]);
	}
	if (bad != SIZE_MAX) {
		status =
		    col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		             "lbvh: box %zu is not finite or has min > max: (%g, %g, %g) .. (%g, %g, %g)",
		             bad, boxes[bad].min.x, boxes[bad].min.y, boxes[bad].min.z, boxes[bad].max.x,
		             boxes[bad].max.y, boxes[bad].max.z);
		goto done;
	}
	b.lo = scene.min;
	b.scale = hd_v3(scene.max.x > scene.min.x ? 2097152.0 / (scene.max.x - scene.min.x) : 0.0,
	                scene.max.y > scene.min.y ? 2097152.0 / (scene.max.y - scene.min.y) : 0.0,
	                scene.max.z > scene.min.z ? 2097152.0 / (scene.max.z - scene.min.z) : 0.0);
	thread_pool_run(gpu->pool, count, 0, keys_task, &b);
	sort(gpu->pool, &b);
	for (size_t i = 0; i + 1 < count; i++)
		atomic_init(&b.arrived[i], 0);
	if (count > 1)
		thread_pool_run(gpu->pool, count - 1, 0, nodes_task, &b);
	thread_pool_run(gpu->pool, count, 0, boxes_task, &b);
done:
	free(b.bounds);
	free(b.first_bad);
	free(b.keys);
	free(b.keys_swap);
	free(b.values);
	free(b.values_swap);
	free(b.histograms);
	free(b.parent);
	free(b.arrived);
	return status;
}

col_status gpu_lbvh_build(col_gpu *gpu, const hd_box *boxes, size_t count, gpu_lbvh *lbvh, double *ms,
                          col_error *error)
{
	*ms = 0.0;
	if (count > (size_t)INT32_MAX)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "lbvh: %zu boxes are more than 2^31 - 1",
		                count);
	lbvh->tree.count = 0;
	if (count == 0)
		return COL_OK;
	col_status status = reserve(gpu, lbvh, count, error);
	if (status != COL_OK)
		return status;
	double start = gpu_now_ms();
	if (gpu->device == COL_DEVICE_GPU)
		status = cuda_lbvh_build(gpu, boxes, count, lbvh, ms, error);
	else {
		status = cpu_lbvh_build(gpu, boxes, count, lbvh, error);
		*ms = gpu_now_ms() - start;
	}
	if (status != COL_OK)
		return status;
	lbvh->tree.count = (int32_t)count;
	lbvh->tree.boxes = lbvh->boxes;
	lbvh->tree.children = lbvh->children;
	lbvh->tree.order = lbvh->order;
	return COL_OK;
}
