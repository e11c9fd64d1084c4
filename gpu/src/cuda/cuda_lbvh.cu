/* The LBVH built on the device each call (Morton keys, cub's stable radix sort, every internal node
 * at once, the boxes bottom-up), and the broad phase's pairs from it. */
#include <cub/cub.cuh>

#include "cuda_common.cuh"

namespace
{

constexpr unsigned THREADS = 256;

/* The centres' bounds and the first invalid box, per block, then over the blocks. */
struct scene_part {
	hd_box bounds;
	unsigned long long first_bad;
};

__device__ inline bool box_is_valid(const hd_box &b)
{
	return hd_finite3(b.min) && hd_finite3(b.max) && b.min.x <= b.max.x && b.min.y <= b.max.y &&
	       b.min.z <= b.max.z;
}

__device__ inline scene_part part_union(scene_part a, const scene_part &b)
{
	a.bounds = hd_box_union(a.bounds, b.bounds);
	a.first_bad = a.first_bad < b.first_bad ? a.first_bad : b.first_bad;
	return a;
}

__device__ inline scene_part part_empty()
{
	scene_part p;
	p.bounds.min = hd_v3(INFINITY, INFINITY, INFINITY);
	p.bounds.max = hd_v3(-INFINITY, -INFINITY, -INFINITY);
	p.first_bad = ~0ull;
	return p;
}

/* The union of every thread's part in the block, written by thread 0 to out (THREADS threads). */
__device__ void block_union(scene_part mine, scene_part *out)
{
	__shared__ scene_part shared[THREADS];
	shared[threadIdx.x] = mine;
	__syncthreads();
	for (unsigned step = THREADS / 2; step > 0; step /= 2) {
		if (threadIdx.x < step)
			shared[threadIdx.x] = part_union(shared[threadIdx.x], shared[threadIdx.x + step]);
		__syncthreads();
	}
	if (threadIdx.x == 0)
		*out = shared[0];
}

__global__ void scene_kernel(const hd_box *boxes, size_t count, scene_part *parts)
{
	scene_part mine = part_empty();
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count;
	     i += (size_t)gridDim.x * blockDim.x) {
		hd_box b = boxes[i];
		if (!box_is_valid(b)) {
			if (i < mine.first_bad)
				mine.first_bad = i;
			continue;
		}
		scene_part p;
		p.bounds.min = p.bounds.max =
		    hd_v3(0.5 * (b.min.x + b.max.x), 0.5 * (b.min.y + b.max.y), 0.5 * (b.min.z + b.max.z));
		p.first_bad = ~0ull;
		mine = part_union(mine, p);
	}
	block_union(mine, &parts[blockIdx.x]);
}

__global__ void scene_final_kernel(scene_part *parts, unsigned count)
{
	scene_part mine = part_empty();
	for (unsigned i = threadIdx.x; i < count; i += blockDim.x)
		mine = part_union(mine, parts[i]);
	block_union(mine, &parts[0]);
}

__global__ void keys_kernel(const hd_box *boxes, size_t count, hd_vec3 lo, hd_vec3 scale, uint64_t *keys,
                            int32_t *values)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (i >= count)
		return;
	keys[i] = hd_morton_key(boxes[i], lo, scale);
	values[i] = (int32_t)i;
}

__global__ void nodes_kernel(const uint64_t *keys, int32_t n, int32_t *children, int32_t *parent)
{
	int32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n - 1)
		return;
	int32_t left, right;
	hd_lbvh_node(keys, n, i, &left, &right);
	children[2 * i] = left;
	children[2 * i + 1] = right;
	parent[left] = i;
	parent[right] = i;
}

__device__ inline hd_box load_coherent(const hd_box *b)
{
	const double *d = (const double *)b;
	hd_box r;
	r.min = hd_v3(__ldcg(d), __ldcg(d + 1), __ldcg(d + 2));
	r.max = hd_v3(__ldcg(d + 3), __ldcg(d + 4), __ldcg(d + 5));
	return r;
}

/* Each leaf climbs; the second child to arrive makes its parent's box. */
__global__ void boxes_kernel(const hd_box *input, const int32_t *sorted, int32_t n, const int32_t *children,
                             const int32_t *parent, int *arrived, hd_box *boxes, int32_t *order)
{
	int32_t k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k >= n)
		return;
	int32_t node = n - 1 + k;
	boxes[node] = input[sorted[k]];
	order[k] = sorted[k];
	while (node != 0) {
		node = parent[node];
		__threadfence(); /* this child's box before the arrival */
		if (atomicAdd(&arrived[node], 1) == 0)
			return;
		__threadfence();
		boxes[node] = hd_box_union(load_coherent(&boxes[children[2 * node]]),
		                           load_coherent(&boxes[children[2 * node + 1]]));
	}
}

/* Each thread a body, in the tree's (Morton) order so that a warp's bodies are neighbours and walk
 * the same nodes; each pair (i, j), i < j, is appended as the key i 2^32 + j, buffered eight at a
 * time and reserved with one atomic a flush, the rest by one atomic a warp. */
constexpr int PAIR_BUFFER = 8;

__device__ inline void flush_pairs(const uint64_t *buffer, int n, unsigned long long *total, uint64_t *keys,
                                   unsigned long long capacity)
{
	unsigned long long first = atomicAdd(total, (unsigned long long)n);
	for (int k = 0; k < n; k++)
		if (first + k < capacity)
			keys[first + k] = buffer[k];
}

__global__ void __launch_bounds__(THREADS)
    pairs_kernel(hd_lbvh tree, const hd_box *boxes, int32_t count, unsigned long long *total, uint64_t *keys,
                 unsigned long long capacity)
{
	int32_t k = blockIdx.x * blockDim.x + threadIdx.x;
	uint64_t buffer[PAIR_BUFFER];
	int n = 0;
	if (k < count) {
		int32_t i = tree.order[k];
		hd_lbvh_walk walk;
		hd_lbvh_probe probe = hd_probe_box(boxes[i]);
		hd_walk_start(&walk, &tree);
		uint64_t visited = 0;
		int32_t j;
		while ((j = hd_walk_next(&walk, &tree, &probe, &visited)) >= 0) {
			if (j <= i)
				continue;
			buffer[n++] = (uint64_t)(uint32_t)i << 32 | (uint32_t)j;
			if (n == PAIR_BUFFER) {
				flush_pairs(buffer, n, total, keys, capacity);
				n = 0;
			}
		}
	}
	/* the rest: one atomic for the warp, each lane its share */
	unsigned lane = threadIdx.x & 31;
	unsigned long long mine = (unsigned long long)n, before = mine;
	for (int offset = 1; offset < 32; offset *= 2) {
		unsigned long long up = __shfl_up_sync(0xffffffffu, before, offset);
		if (lane >= (unsigned)offset)
			before += up;
	}
	unsigned long long warp_total = __shfl_sync(0xffffffffu, before, 31), first = 0;
	if (lane == 31 && warp_total > 0)
		first = atomicAdd(total, warp_total);
	first = __shfl_sync(0xffffffffu, first, 31) + before - mine;
	for (int m = 0; m < n; m++)
		if (first + m < capacity)
			keys[first + m] = buffer[m];
}

/* The sorted keys to pairs (a, b). */
__global__ void unpack_kernel(const uint64_t *keys, size_t count, uint32_t *pairs)
{
	size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (k >= count)
		return;
	pairs[2 * k] = (uint32_t)(keys[k] >> 32);
	pairs[2 * k + 1] = (uint32_t)keys[k];
}

inline size_t align256(size_t bytes)
{
	return (bytes + 255) / 256 * 256;
}

} // namespace

extern "C" col_status cuda_lbvh_build(col_gpu *gpu, const hd_box *boxes, size_t count, gpu_lbvh *lbvh,
                                      double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	int32_t n = (int32_t)count;
	unsigned part_blocks = 4u * (unsigned)s->multiprocessors;
	size_t sort_bytes = 0;
	cub::DeviceRadixSort::SortPairs(NULL, sort_bytes, (uint64_t *)NULL, (uint64_t *)NULL, (int32_t *)NULL,
	                                (int32_t *)NULL, n, 0, 64, s->stream);
	/* scratch: keys, keys', values, values', parent, arrived, parts, cub */
	size_t offsets[9];
	size_t sizes[8] = {count * 8,
	                   count * 8,
	                   count * 4,
	                   count * 4,
	                   (2 * count - 1) * 4,
	                   count * 4,
	                   part_blocks * sizeof(scene_part),
	                   sort_bytes};
	offsets[0] = 0;
	for (int i = 0; i < 8; i++)
		offsets[i + 1] = offsets[i] + align256(sizes[i]);
	char *scratch;
	col_status status = cuda_scratch(gpu, offsets[8], (void **)&scratch, error);
	if (status != COL_OK)
		return status;
	uint64_t *keys = (uint64_t *)(scratch + offsets[0]),
	         *keys_sorted = (uint64_t *)(scratch + offsets[1]);
	int32_t *values = (int32_t *)(scratch + offsets[2]),
	        *values_sorted = (int32_t *)(scratch + offsets[3]);
	int32_t *parent = (int32_t *)(scratch + offsets[4]);
	int *arrived = (int *)(scratch + offsets[5]);
	scene_part *parts = (scene_part *)(scratch + offsets[6]);
	void *sort_temp = scratch + offsets[7];

	cudaEventRecord(s->start, s->stream);
	scene_kernel<<<part_blocks, THREADS, 0, s->stream>>>(boxes, count, parts);
	scene_final_kernel<<<1, THREADS, 0, s->stream>>>(parts, part_blocks);
	scene_part scene;
	status = cuda_check(cudaMemcpyAsync(&scene, parts, sizeof scene, cudaMemcpyDeviceToHost, s->stream),
	                    "reading the scene's bounds", error);
	if (status == COL_OK)
		status = cuda_finish(s, "bounding the boxes", error);
	if (status != COL_OK)
		return status;
	if (scene.first_bad != ~0ull) {
		hd_box bad;
		cudaMemcpy(&bad, boxes + scene.first_bad, sizeof bad, cudaMemcpyDeviceToHost);
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "lbvh: box %llu is not finite or has min > max: (%g, %g, %g) .. (%g, %g, %g)",
		                scene.first_bad, bad.min.x, bad.min.y, bad.min.z, bad.max.x, bad.max.y,
		                bad.max.z);
	}
	/* the same scale as the CPU build computes */
	hd_box b = scene.bounds;
	hd_vec3 scale = hd_v3(b.max.x > b.min.x ? 2097152.0 / (b.max.x - b.min.x) : 0.0,
	                      b.max.y > b.min.y ? 2097152.0 / (b.max.y - b.min.y) : 0.0,
	                      b.max.z > b.min.z ? 2097152.0 / (b.max.z - b.min.z) : 0.0);
	keys_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(boxes, count, b.min, scale, keys,
	                                                                    values);
	cub::DeviceRadixSort::SortPairs(sort_temp, sort_bytes, keys, keys_sorted, values, values_sorted, n, 0,
	                                64, s->stream);
	cudaMemsetAsync(arrived, 0, count * sizeof(int), s->stream);
	if (n > 1)
		nodes_kernel<<<cuda_blocks(count - 1, THREADS), THREADS, 0, s->stream>>>(
		    keys_sorted, n, lbvh->children, parent);
	boxes_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(
	    boxes, values_sorted, n, lbvh->children, parent, arrived, lbvh->boxes, lbvh->order);
	cudaEventRecord(s->stop, s->stream);
	status = cuda_finish(s, "building the LBVH", error);
	if (status == COL_OK)
		*ms = cuda_elapsed_ms(s);
	return status;
}

extern "C" col_status cuda_broadphase_pairs(col_gpu *gpu, const gpu_lbvh *lbvh, const hd_box *boxes,
                                            size_t count, uint64_t *offsets, uint32_t *pairs, size_t capacity,
                                            size_t *total, double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	(void)offsets;
	int32_t n = (int32_t)count;
	/* room for the keys: the caller's capacity, at least four pairs a body; a second pass when more */
	size_t room = capacity > 4 * count ? capacity : 4 * count;
	if (room > (size_t)INT32_MAX)
		room = (size_t)INT32_MAX;
	col_status status = COL_OK;
	double kernel_ms = 0.0;
	for (int pass = 0; pass < 2; pass++) {
		size_t sort_bytes = 0;
		cub::DeviceRadixSort::SortKeys(NULL, sort_bytes, (uint64_t *)NULL, (uint64_t *)NULL,
		                               (int)room, 0, 64, s->stream);
		char *scratch;
		status = cuda_scratch(gpu, 2 * align256(room * 8) + sort_bytes, (void **)&scratch, error);
		if (status == COL_OK)
			status = cuda_zero_counters(s, error);
		if (status != COL_OK)
			return status;
		uint64_t *keys = (uint64_t *)scratch, *sorted = (uint64_t *)(scratch + align256(room * 8));
		void *sort_temp = scratch + 2 * align256(room * 8);
		cudaEventRecord(s->start, s->stream);
		pairs_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(lbvh->tree, boxes, n,
		                                                                     s->counters, keys, room);
		unsigned long long found = 0;
		cudaMemcpyAsync(&found, s->counters, sizeof found, cudaMemcpyDeviceToHost, s->stream);
		status = cuda_finish(s, "finding pairs", error);
		if (status != COL_OK)
			return status;
		*total = (size_t)found;
		if (found > room) {
			cudaEventRecord(s->stop, s->stream);
			status = cuda_finish(s, "finding pairs", error);
			if (status != COL_OK)
				return status;
			kernel_ms += cuda_elapsed_ms(s);
			room = (size_t)found + (size_t)found / 8;
			if (room > (size_t)INT32_MAX)
				return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                "broadphase: %llu pairs are too many to sort", found);
			continue; /* the keys did not fit: again with room for them all */
		}
		if (pairs != NULL && found > 0 && found <= capacity) {
			cub::DeviceRadixSort::SortKeys(sort_temp, sort_bytes, keys, sorted, (int)found, 0, 64,
			                               s->stream);
			unpack_kernel<<<cuda_blocks(found, THREADS), THREADS, 0, s->stream>>>(sorted, found,
			                                                                      pairs);
		}
		cudaEventRecord(s->stop, s->stream);
		status = cuda_finish(s, "sorting pairs", error);
		if (status == COL_OK)
			kernel_ms += cuda_elapsed_ms(s);
		break;
	}
	*ms = kernel_ms;
	return status;
}
