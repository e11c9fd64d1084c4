/* Primitive pairs in bulk: one thread a pair, hd_collide, the undecided ones listed. */
#include "cuda_common.cuh"

namespace
{

constexpr int THREADS = 256;

__global__ void __launch_bounds__(THREADS)
    collide_kernel(const hd_query *a, const hd_query *b, size_t count, bool cga, uint8_t *hits,
                   unsigned long long *counters, uint32_t *list)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	unsigned long long meets = 0;
	if (i < count) {
		hd_query x = a[i], y = b[i];
		int answer = hd_collide(&x, &y, cga);
		if (answer == HD_UNSURE)
			handback_push(list, &counters[1], (uint32_t)i);
		meets = answer == HD_YES;
		hits[i] = (uint8_t)meets;
	}
	block_add<THREADS>(&counters[0], meets);
}

} // namespace

extern "C" col_status cuda_collide_pairs(col_gpu *gpu, const hd_query *a, const hd_query *b, size_t count,
                                         bool cga, uint8_t *hits, uint64_t *meeting, gpu_handback *handback,
                                         double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_begin_timed(s, error);
	if (status != COL_OK)
		return status;
	collide_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(a, b, count, cga, hits,
	                                                                       s->counters, s->handback);
	unsigned long long c[2];
	status = cuda_finish_counted(s, "the pair tests", c, 2, 1, false, handback, ms, error);
	*meeting = c[0];
	return status;
}
