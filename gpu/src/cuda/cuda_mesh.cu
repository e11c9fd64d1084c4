/* The mesh queries' kernels: points inside (the octree), distances (the LBVH), primitives and mesh
 * pairs (brute force, one thread a triangle, or through the LBVH). Each thread runs the per-element
 * code of src/element/ and lists what it cannot certify. */
#include "cuda_common.cuh"

namespace
{

constexpr int THREADS = 256;

enum { COUNT_HITS = 0, COUNT_HANDBACK = 1 };

__global__ void __launch_bounds__(THREADS)
    contains_kernel(hd_octree tree, hd_pose pose, const hd_vec3 *points, size_t count, uint8_t *inside,
                    unsigned long long *counters, uint32_t *list)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	unsigned long long hit = 0;
	if (i < count) {
		hd_octree_counts counts = {0, 0, 0};
		hd_vec3 q = hd_pose_apply_inverse(pose, points[i]);
		int answer = hd_octree_contains(&tree, q, NULL, &counts);
		if (answer == HD_OCTREE_UNSURE)
			handback_push(list, &counters[COUNT_HANDBACK], (uint32_t)i);
		else
			hit = (unsigned long long)answer;
		inside[i] = (uint8_t)answer;
	}
	block_add<THREADS>(&counters[COUNT_HITS], hit);
}

/* The same without a list, for the streamed form: unsure results stay in place, counted. */
__global__ void __launch_bounds__(THREADS)
    contains_stream_kernel(hd_octree tree, hd_pose pose, const hd_vec3 *points, size_t count, uint8_t *inside,
                           unsigned long long *counters)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	unsigned long long hit = 0, unsure = 0;
	if (i < count) {
		hd_octree_counts counts = {0, 0, 0};
		int answer = hd_octree_contains(&tree, hd_pose_apply_inverse(pose, points[i]), NULL, &counts);
		hit = answer == HD_OCTREE_INSIDE;
		unsure = answer == HD_OCTREE_UNSURE;
		inside[i] = (uint8_t)answer;
	}
	block_add<THREADS>(&counters[COUNT_HITS], hit);
	block_add<THREADS>(&counters[COUNT_HANDBACK], unsure);
}

__global__ void __launch_bounds__(THREADS)
    distance_kernel(hd_octree tree, bool solid, hd_lbvh bvh, const hd_octree_triangle *triangles,
                    hd_pose pose, const hd_vec3 *points, size_t count, double *distance, hd_vec3 *closest,
                    int32_t *triangle, unsigned long long *counters, uint32_t *list)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (i >= count)
		return;
	hd_vec3 q = hd_pose_apply_inverse(pose, points[i]), c;
	int32_t id;
	uint64_t visited = 0;
	double d = sqrt(hd_lbvh_nearest(&bvh, triangles, q, &c, &id, &visited));
	if (solid) {
		hd_octree_counts counts = {0, 0, 0};
		int answer = hd_octree_contains(&tree, q, NULL, &counts);
		if (answer == HD_OCTREE_UNSURE)
			handback_push(list, &counters[COUNT_HANDBACK], (uint32_t)i);
		else if (answer == HD_OCTREE_INSIDE)
			d = -d;
	}
	distance[i] = d;
	if (closest != NULL)
		closest[i] = c;
	if (triangle != NULL)
		triangle[i] = id;
}

/* ---- warp walks of the wide tree ---- */

constexpr int WARP_THREADS = 128; /* four warps a block, each with its own stack */
constexpr int WALK_STACK = 32 * (GPU_WIDE_MAX_DEPTH + 1);

/* The whole warp walks the wide tree with one probe: each pass pops up to four nodes, eight lanes a
 * node test its children, the hit inner ones are pushed (a ballot gives each its slot), and each lane
 * with a hit leaf calls leaf(primitive). The stack keeps at most 32 entries a level (the children of
 * the four nodes of one pass), so GPU_WIDE_MAX_DEPTH bounds it. Every lane must call this. */
template <typename Leaf>
__device__ inline void warp_walk(const hd_wide_node *nodes, const hd_lbvh_probe &probe, int32_t *stack,
                                 Leaf &leaf)
{
	int lane = threadIdx.x & 31, group = lane >> 3, k = lane & 7;
	int top = 1;
	if (lane == 0)
		stack[0] = 0;
	__syncwarp();
	while (top > 0) {
		int take = top < 4 ? top : 4;
		int32_t node = group < take ? stack[top - 1 - group] : -1;
		__syncwarp();
		top -= take;
		int32_t child = HD_WIDE_EMPTY;
		bool hit = false;
		if (node >= 0) {
			child = nodes[node].child[k];
			hit = child != HD_WIDE_EMPTY && hd_probe_meets(&probe, hd_wide_box(&nodes[node], k));
		}
		bool push = hit && child >= 0;
		unsigned mask = __ballot_sync(0xffffffffu, push);
		if (push)
			stack[top + __popc(mask & ((1u << lane) - 1))] = child;
		top += __popc(mask);
		__syncwarp();
		if (hit && child < 0)
			leaf(-1 - child);
	}
}

__device__ inline unsigned long long warp_sum(unsigned long long v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	return v;
}

/* ---- primitives ---- */

/* One thread a triangle, every query against it (the source's mapping). */
__global__ void __launch_bounds__(THREADS)
    query_brute_kernel(const hd_octree_triangle *triangles, int triangle_count, const hd_query *queries,
                       int count, bool cga, uint32_t *counts, uint8_t *triangle_hits,
                       unsigned long long *counters, uint32_t *list)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	if (t >= triangle_count)
		return;
	hd_octree_triangle tri = triangles[t];
	uint8_t hit = 0;
	for (int k = 0; k < count; k++) {
		hd_query q = queries[k];
		if (q.kind < 0)
			continue;
		int answer = hd_query_test(&q, &tri, cga);
		if (answer == HD_YES) {
			atomicAdd(&counts[k], 1u);
			hit = 1;
		} else if (answer == HD_UNSURE) {
			handback_push_pair(list, &counters[COUNT_HANDBACK], (uint32_t)k, (uint32_t)t);
		}
	}
	if (triangle_hits != NULL)
		triangle_hits[t] = hit;
}

/* One thread a query, walking the triangles' LBVH. */
__global__ void __launch_bounds__(THREADS)
    query_bvh_kernel(hd_lbvh bvh, const hd_octree_triangle *triangles, const hd_query *queries, int count,
                     bool cga, uint32_t *counts, uint8_t *triangle_hits, unsigned long long *counters,
                     uint32_t *list)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k >= count)
		return;
	hd_query q = queries[k];
	uint32_t n = 0;
	if (q.kind >= 0) {
		hd_lbvh_probe probe = hd_query_probe(&q);
		hd_lbvh_walk walk;
		hd_walk_start(&walk, &bvh);
		uint64_t visited = 0;
		int32_t t;
		while ((t = hd_walk_next(&walk, &bvh, &probe, &visited)) >= 0) {
			int answer = hd_query_test(&q, &triangles[t], cga);
			if (answer == HD_YES) {
				n++;
				if (triangle_hits != NULL)
					triangle_hits[t] = 1;
			} else if (answer == HD_UNSURE) {
				handback_push_pair(list, &counters[COUNT_HANDBACK], (uint32_t)k, (uint32_t)t);
			}
		}
	}
	counts[k] = n;
}

/* A warp a query, walking the wide tree. */
struct query_leaf {
	const hd_query *q;
	const hd_octree_triangle *triangles;
	bool cga;
	uint8_t *triangle_hits;
	unsigned long long *counters;
	uint32_t *list;
	uint32_t k;
	uint32_t n;
	__device__ void operator()(int32_t t)
	{
		int answer = hd_query_test(q, &triangles[t], cga);
		if (answer == HD_YES) {
			n++;
			if (triangle_hits != NULL)
				triangle_hits[t] = 1;
		} else if (answer == HD_UNSURE) {
			handback_push_pair(list, &counters[COUNT_HANDBACK], k, (uint32_t)t);
		}
	}
};

__global__ void __launch_bounds__(WARP_THREADS)
    query_warp_kernel(const hd_wide_node *nodes, const hd_octree_triangle *triangles, const hd_query *queries,
                      int count, bool cga, uint32_t *counts, uint8_t *triangle_hits,
                      unsigned long long *counters, uint32_t *list)
{
	__shared__ int32_t stacks[WARP_THREADS / 32][WALK_STACK];
	int warp = threadIdx.x >> 5;
	int k = blockIdx.x * (WARP_THREADS / 32) + warp;
	if (k >= count)
		return; /* the whole warp */
	hd_query q = queries[k];
	query_leaf leaf = {&q, triangles, cga, triangle_hits, counters, list, (uint32_t)k, 0};
	if (q.kind >= 0) {
		hd_lbvh_probe probe = hd_query_probe(&q);
		warp_walk(nodes, probe, stacks[warp], leaf);
	}
	unsigned long long n = warp_sum(leaf.n);
	if ((threadIdx.x & 31) == 0)
		counts[k] = (uint32_t)n;
}

/* ---- mesh pairs ---- */

/* A pair's answer counted: a meeting pair and its triangles, or the pair listed for the host. */
__device__ inline void record_pair(int answer, int32_t i, int32_t j, uint8_t *hit_a, uint8_t *hit_b,
                                   unsigned long long *found, unsigned long long *counters, uint32_t *list)
{
	if (answer == HD_YES) {
		*found += 1;
		if (hit_a != NULL)
			hit_a[i] = 1;
		if (hit_b != NULL)
			hit_b[j] = 1;
	} else if (answer == HD_UNSURE) {
		handback_push_pair(list, &counters[COUNT_HANDBACK], (uint32_t)i, (uint32_t)j);
	}
}

/* The brute force's inner side made ready once: b's triangles moved into a's frame, or a's. */
__global__ void prepare_kernel(const hd_octree_triangle *in, int count, bool move, hd_pose motion, bool cga,
                               hd_pair_side *out)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k >= count)
		return;
	hd_octree_triangle t = move ? hd_moved_triangle(&in[k], motion) : in[k];
	out[k] = hd_pair_prepare(&t, cga);
}

/* Brute force: a thread for each triangle of the larger side, every triangle of the other (made
 * ready in `inner`). */
__global__ void __launch_bounds__(THREADS)
    pairs_brute_kernel(const hd_octree_triangle *ta, int count_a, const hd_octree_triangle *tb, int count_b,
                       const hd_pair_side *inner, hd_pose b_to_a, bool over_a, bool cga, uint8_t *hit_a,
                       uint8_t *hit_b, unsigned long long *counters, uint32_t *list)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned long long found = 0;
	if (k < (over_a ? count_a : count_b)) {
		if (over_a) {
			hd_pair_side a = hd_pair_prepare(&ta[k], cga);
			for (int j = 0; j < count_b; j++) {
				record_pair(hd_pair_test(&a, &inner[j], cga), k, j, hit_a, hit_b, &found,
				            counters, list);
			}
		} else {
			hd_octree_triangle moved = hd_moved_triangle(&tb[k], b_to_a);
			hd_pair_side b = hd_pair_prepare(&moved, cga);
			for (int i = 0; i < count_a; i++) {
				record_pair(hd_pair_test(&inner[i], &b, cga), i, k, hit_a, hit_b, &found,
				            counters, list);
			}
		}
	}
	block_add<THREADS>(&counters[COUNT_HITS], found);
}

/* Through a tree: a thread for each triangle of the smaller side, walking the larger's LBVH (in b's
 * frame with a widened box when that is b's); every pair tested as a's against b's moved. */
__global__ void __launch_bounds__(THREADS)
    pairs_walk_kernel(const hd_octree_triangle *ta, int count_a, hd_lbvh bvh_a, const hd_octree_triangle *tb,
                      int count_b, hd_lbvh bvh_b, hd_pose b_to_a, hd_pose a_in_b, bool over_a, bool cga,
                      uint8_t *hit_a, uint8_t *hit_b, unsigned long long *counters, uint32_t *list)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned long long found = 0;
	uint64_t visited = 0;
	if (k < (over_a ? count_a : count_b)) {
		hd_lbvh_walk walk;
		if (over_a) {
			hd_pair_side a = hd_pair_prepare(&ta[k], cga);
			hd_lbvh_probe probe = hd_pair_probe_in_b(&ta[k], a_in_b);
			hd_walk_start(&walk, &bvh_b);
			int32_t j;
			while ((j = hd_walk_next(&walk, &bvh_b, &probe, &visited)) >= 0) {
				hd_octree_triangle moved = hd_moved_triangle(&tb[j], b_to_a);
				hd_pair_side b = hd_pair_prepare(&moved, cga);
				record_pair(hd_pair_test(&a, &b, cga), k, j, hit_a, hit_b, &found, counters,
				            list);
			}
		} else {
			hd_octree_triangle moved = hd_moved_triangle(&tb[k], b_to_a);
			hd_pair_side b = hd_pair_prepare(&moved, cga);
			hd_lbvh_probe probe = hd_probe_box(hd_box_of_triangle(moved.a, moved.b, moved.c));
			hd_walk_start(&walk, &bvh_a);
			int32_t i;
			while ((i = hd_walk_next(&walk, &bvh_a, &probe, &visited)) >= 0) {
				hd_pair_side a = hd_pair_prepare(&ta[i], cga);
				record_pair(hd_pair_test(&a, &b, cga), i, k, hit_a, hit_b, &found, counters,
				            list);
			}
		}
	}
	block_add<THREADS>(&counters[COUNT_HITS], found);
}

/* A warp a triangle of the smaller side, walking the larger's wide tree. */
struct pair_leaf {
	const hd_pair_side *side; /* the walking triangle, made ready */
	const hd_octree_triangle *other;
	hd_pose b_to_a;
	bool walking_a; /* the walking triangle is a's (the tree b's) */
	bool cga;
	uint8_t *hit_a, *hit_b;
	unsigned long long *counters;
	uint32_t *list;
	int32_t k;
	unsigned long long found;
	__device__ void operator()(int32_t t)
	{
		int answer;
		if (walking_a) {
			hd_octree_triangle moved = hd_moved_triangle(&other[t], b_to_a);
			hd_pair_side b = hd_pair_prepare(&moved, cga);
			answer = hd_pair_test(side, &b, cga);
		} else {
			hd_pair_side a = hd_pair_prepare(&other[t], cga);
			answer = hd_pair_test(&a, side, cga);
		}
		record_pair(answer, walking_a ? k : t, walking_a ? t : k, hit_a, hit_b, &found, counters,
		            list);
	}
};

__global__ void __launch_bounds__(WARP_THREADS)
    pairs_warp_kernel(const hd_octree_triangle *ta, int count_a, const hd_wide_node *wide_a,
                      const hd_octree_triangle *tb, int count_b, const hd_wide_node *wide_b, hd_pose b_to_a,
                      hd_pose a_in_b, bool over_a, bool cga, uint8_t *hit_a, uint8_t *hit_b,
                      unsigned long long *counters, uint32_t *list)
{
	__shared__ int32_t stacks[WARP_THREADS / 32][WALK_STACK];
	int warp = threadIdx.x >> 5;
	int k = blockIdx.x * (WARP_THREADS / 32) + warp;
	unsigned long long found = 0;
	if (k < (over_a ? count_a : count_b)) {
		if (over_a) {
			hd_pair_side a = hd_pair_prepare(&ta[k], cga);
			pair_leaf leaf = {&a, tb, b_to_a, true, cga, hit_a, hit_b, counters, list, k, 0};
			warp_walk(wide_b, hd_pair_probe_in_b(&ta[k], a_in_b), stacks[warp], leaf);
			found = leaf.found;
		} else {
			hd_octree_triangle moved = hd_moved_triangle(&tb[k], b_to_a);
			hd_pair_side b = hd_pair_prepare(&moved, cga);
			pair_leaf leaf = {&b, ta, b_to_a, false, cga, hit_a, hit_b, counters, list, k, 0};
			warp_walk(wide_a, hd_probe_box(hd_box_of_triangle(moved.a, moved.b, moved.c)),
			          stacks[warp], leaf);
			found = leaf.found;
		}
	}
	block_add<WARP_THREADS>(&counters[COUNT_HITS], found);
}

inline size_t align256(size_t bytes)
{
	return (bytes + 255) / 256 * 256;
}

/* Host copies to and from the pinned staging on all cores: one thread's memcpy would cap the streamed
 * queries far below what the bus carries. */
struct copy_job {
	char *to;
	const char *from;
};

void copy_task(void *context, size_t begin, size_t end, int worker)
{
	copy_job *job = (copy_job *)context;
	(void)worker;
	memcpy(job->to + begin, job->from + begin, end - begin);
}

void parallel_copy(col_gpu *gpu, void *to, const void *from, size_t bytes)
{
	copy_job job = {(char *)to, (const char *)from};
	thread_pool_run(gpu->pool, bytes, (size_t)1 << 20, copy_task, &job);
}

} // namespace

extern "C" col_status cuda_mesh_contains(col_gpu *gpu, const hd_octree *tree, hd_pose pose,
                                         const hd_vec3 *points, size_t count, uint8_t *inside,
                                         uint64_t *inside_count, gpu_handback *handback, double *ms,
                                         col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_begin_timed(s, error);
	if (status != COL_OK)
		return status;
	if (count > 0)
		contains_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(
		    *tree, pose, points, count, inside, s->counters, s->handback);
	unsigned long long counters[2];
	status = cuda_finish_counted(s, "the inside test", counters, 2, COUNT_HANDBACK, false, handback, ms,
	                             error);
	*inside_count = counters[COUNT_HITS];
	return status;
}

extern "C" col_status cuda_mesh_contains_host(col_gpu *gpu, const hd_octree *tree, hd_pose pose,
                                              const col_vec3 *points, size_t count, uint8_t *inside,
                                              uint64_t *inside_count, uint64_t *unsure, double *compute_ms,
                                              double *transfer_ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	const size_t chunk = (size_t)1 << 21; /* points a slot */
	const size_t slot_bytes = chunk * (sizeof(hd_vec3) + 1);
	double start = gpu_now_ms();
	col_status status = COL_OK;
	if (s->pinned_bytes < 2 * slot_bytes) {
		if (s->pinned)
			cudaFreeHost(s->pinned);
		s->pinned = NULL;
		s->pinned_bytes = 0;
		status =
		    cuda_check(cudaMallocHost(&s->pinned, 2 * slot_bytes), "allocating pinned memory", error);
		if (status != COL_OK)
			return status;
		s->pinned_bytes = 2 * slot_bytes;
	}
	char *device;
	status = cuda_scratch(gpu, 2 * slot_bytes, (void **)&device, error);
	if (status == COL_OK)
		status = cuda_zero_counters(s, error);
	if (status != COL_OK)
		return status;
	cudaStreamSynchronize(s->stream);
	cudaStream_t streams[2] = {s->stream, s->copy_stream};
	cudaEvent_t events[2][2];
	for (int k = 0; k < 2; k++) {
		cudaEventCreate(&events[k][0]);
		cudaEventCreate(&events[k][1]);
	}
	double kernel_ms = 0.0;
	size_t chunks = (count + chunk - 1) / chunk;
	for (size_t c = 0; c < chunks + 2 && status == COL_OK; c++) {
		int slot = (int)(c & 1);
		char *host_slot = (char *)s->pinned + slot * slot_bytes;
		char *device_slot = device + slot * slot_bytes;
		if (c >= 2) {
			/* chunk c - 2 used this slot: its results are ready once its stream is */
			size_t done = c - 2, first = done * chunk,
			       n = count - first < chunk ? count - first : chunk;
			status = cuda_check(cudaStreamSynchronize(streams[slot]), "streaming points", error);
			if (status != COL_OK)
				break;
			float ms = 0.0f;
			cudaEventElapsedTime(&ms, events[slot][0], events[slot][1]);
			kernel_ms += ms;
			parallel_copy(gpu, inside + first, host_slot + chunk * sizeof(hd_vec3), n);
		}
		if (c >= chunks)
			continue;
		size_t first = c * chunk, n = count - first < chunk ? count - first : chunk;
		parallel_copy(gpu, host_slot, points + first, n * sizeof(hd_vec3));
		cudaMemcpyAsync(device_slot, host_slot, n * sizeof(hd_vec3), cudaMemcpyHostToDevice,
		                streams[slot]);
		cudaEventRecord(events[slot][0], streams[slot]);
		contains_stream_kernel<<<cuda_blocks(n, THREADS), THREADS, 0, streams[slot]>>>(
		    *tree, pose, (const hd_vec3 *)device_slot, n,
		    (uint8_t *)(device_slot + chunk * sizeof(hd_vec3)), s->counters);
		cudaEventRecord(events[slot][1], streams[slot]);
		cudaMemcpyAsync(host_slot + chunk * sizeof(hd_vec3), device_slot + chunk * sizeof(hd_vec3), n,
		                cudaMemcpyDeviceToHost, streams[slot]);
		status = cuda_check(cudaGetLastError(), "streaming points", error);
	}
	cudaStreamSynchronize(s->copy_stream);
	for (int k = 0; k < 2; k++) {
		cudaEventDestroy(events[k][0]);
		cudaEventDestroy(events[k][1]);
	}
	unsigned long long counters[2] = {0, 0};
	if (status == COL_OK)
		status = cuda_read_counters(s, counters, 2, error);
	*inside_count = counters[COUNT_HITS];
	*unsure = counters[COUNT_HANDBACK];
	*compute_ms = kernel_ms;
	*transfer_ms = gpu_now_ms() - start - kernel_ms;
	return status;
}

extern "C" col_status cuda_mesh_distance(col_gpu *gpu, const hd_octree *tree, const hd_lbvh *bvh,
                                         const hd_octree_triangle *triangles, hd_pose pose,
                                         const hd_vec3 *points, size_t count, double *distance,
                                         hd_vec3 *closest, int32_t *triangle, gpu_handback *handback,
                                         double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_zero_counters(s, error);
	if (status != COL_OK)
		return status;
	hd_octree none;
	memset(&none, 0, sizeof none);
	cudaEventRecord(s->start, s->stream);
	if (count > 0)
		distance_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(
		    tree != NULL ? *tree : none, tree != NULL, *bvh, triangles, pose, points, count, distance,
		    closest, triangle, s->counters, s->handback);
	unsigned long long counters[2];
	return cuda_finish_counted(s, "the distance query", counters, 2, COUNT_HANDBACK, false, handback, ms,
	                           error);
}

extern "C" col_status cuda_mesh_query(col_gpu *gpu, const hd_lbvh *bvh, gpu_wide wide,
                                      const hd_octree_triangle *triangles, int triangle_count,
                                      const hd_query *queries, size_t count, bool cga, bool use_bvh,
                                      uint32_t *counts, uint8_t *triangle_hits, gpu_handback *handback,
                                      double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_zero_counters(s, error);
	if (status != COL_OK)
		return status;
	cudaMemsetAsync(counts, 0, count * sizeof *counts, s->stream);
	if (triangle_hits != NULL)
		cudaMemsetAsync(triangle_hits, 0, (size_t)triangle_count, s->stream);
	cudaEventRecord(s->start, s->stream);
	if (use_bvh && wide.nodes != NULL)
		query_warp_kernel<<<cuda_blocks(count, WARP_THREADS / 32), WARP_THREADS, 0, s->stream>>>(
		    wide.nodes, triangles, queries, (int)count, cga, counts, triangle_hits, s->counters,
		    s->handback);
	else if (use_bvh)
		query_bvh_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(
		    *bvh, triangles, queries, (int)count, cga, counts, triangle_hits, s->counters,
		    s->handback);
	else
		query_brute_kernel<<<cuda_blocks((size_t)triangle_count, THREADS), THREADS, 0, s->stream>>>(
		    triangles, triangle_count, queries, (int)count, cga, counts, triangle_hits, s->counters,
		    s->handback);
	unsigned long long counters[2];
	return cuda_finish_counted(s, "the primitive query", counters, 2, COUNT_HANDBACK, true, handback, ms,
	                           error);
}

extern "C" col_status cuda_mesh_mesh(col_gpu *gpu, const hd_octree_triangle *ta, int count_a,
                                     const hd_lbvh *bvh_a, gpu_wide wide_a, const hd_octree_triangle *tb,
                                     int count_b, const hd_lbvh *bvh_b, gpu_wide wide_b, hd_pose b_to_a,
                                     bool cga, bool use_bvh, uint64_t *pairs, uint8_t *hit_a, uint8_t *hit_b,
                                     gpu_handback *handback, double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_zero_counters(s, error);
	if (status != COL_OK)
		return status;
	if (hit_a != NULL)
		cudaMemsetAsync(hit_a, 0, (size_t)count_a, s->stream);
	if (hit_b != NULL)
		cudaMemsetAsync(hit_b, 0, (size_t)count_b, s->stream);
	/* the threads take the larger side when they test every pair, the smaller when they walk a tree */
	bool over_a = use_bvh ? count_a < count_b : count_a >= count_b;
	hd_pair_side *inner = NULL;
	int inner_count = over_a ? count_b : count_a;
	if (!use_bvh) {
		status =
		    cuda_scratch(gpu, align256((size_t)inner_count * sizeof *inner), (void **)&inner, error);
		if (status != COL_OK)
			return status;
	}
	hd_pose a_in_b = hd_pose_inverse(b_to_a);
	cudaEventRecord(s->start, s->stream);
	if (inner != NULL)
		prepare_kernel<<<cuda_blocks((size_t)inner_count, THREADS), THREADS, 0, s->stream>>>(
		    over_a ? tb : ta, inner_count, over_a, b_to_a, cga, inner);
	int threads_over = over_a ? count_a : count_b;
	const hd_wide_node *walked = over_a ? wide_b.nodes : wide_a.nodes;
	if (use_bvh && walked != NULL)
		pairs_warp_kernel<<<cuda_blocks((size_t)threads_over, WARP_THREADS / 32), WARP_THREADS, 0,
		                    s->stream>>>(ta, count_a, wide_a.nodes, tb, count_b, wide_b.nodes, b_to_a,
		                                 a_in_b, over_a, cga, hit_a, hit_b, s->counters, s->handback);
	else if (use_bvh)
		pairs_walk_kernel<<<cuda_blocks((size_t)threads_over, THREADS), THREADS, 0, s->stream>>>(
		    ta, count_a, *bvh_a, tb, count_b, *bvh_b, b_to_a, a_in_b, over_a, cga, hit_a, hit_b,
		    s->counters, s->handback);
	else
		pairs_brute_kernel<<<cuda_blocks((size_t)threads_over, THREADS), THREADS, 0, s->stream>>>(
		    ta, count_a, tb, count_b, inner, b_to_a, over_a, cga, hit_a, hit_b, s->counters,
		    s->handback);
	unsigned long long counters[2];
	status = cuda_finish_counted(s, "the mesh pair test", counters, 2, COUNT_HANDBACK, true, handback, ms,
	                             error);
	*pairs = counters[COUNT_HITS];
	return status;
}
