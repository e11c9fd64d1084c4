/* Private to the kernels: the context's CUDA state and the habits every .cu file shares (checked
 * calls, one stream, event timing, block sums, hand-back lists). */
#ifndef COLLIDE_GPU_CUDA_COMMON_CUH
#define COLLIDE_GPU_CUDA_COMMON_CUH

#include <cuda_runtime.h>

#include "../gpu_internal.h"

/* What a GPU context keeps (col_gpu.cuda). Everything runs on `stream`, and each API call waits for
 * its work before it returns, so calls are ordered as the host makes them. */
struct cuda_state {
	int device;
	int multiprocessors;
	cudaStream_t stream, copy_stream;
	cudaEvent_t start, stop;
	/* device scratch, grown on demand: cub's temporary storage, hand-back lists, counters */
	void *scratch;
	size_t scratch_bytes;
	unsigned long long *counters; /* 64 device counters, zeroed per call */
	uint32_t *handback;           /* hand-back list: CUDA_HANDBACK_CAPACITY indices (or pairs) */
	/* pinned host staging for streamed host-array queries: two halves, one per stream slot */
	void *pinned;
	size_t pinned_bytes;
};

/* Elements a kernel may hand back per call before the host falls back to reading every result. */
#define CUDA_HANDBACK_CAPACITY (1u << 20)
#define CUDA_COUNTERS          64

static inline cuda_state *cuda_of(col_gpu *gpu)
{
	return (cuda_state *)gpu->cuda;
}

/* Fails with the CUDA error's text when status is not cudaSuccess; `what` names the step. */
static inline col_status cuda_check(cudaError_t status, const char *what, col_error *error)
{
	if (status == cudaSuccess)
		return COL_OK;
	return col_fail(error,
	                status == cudaErrorMemoryAllocation ? COL_ERROR_OUT_OF_MEMORY : COL_ERROR_UNSUPPORTED,
	                "gpu: %s failed: %s", what, cudaGetErrorString(status));
}

/* A launch's own error, then its execution's (waiting for it). */
static inline col_status cuda_finish(cuda_state *s, const char *what, col_error *error)
{
	col_status status = cuda_check(cudaGetLastError(), what, error);
	if (status == COL_OK)
		status = cuda_check(cudaStreamSynchronize(s->stream), what, error);
	return status;
}

static inline unsigned cuda_blocks(size_t count, unsigned threads)
{
	size_t blocks = (count + threads - 1) / threads;
	return blocks == 0 ? 1 : blocks > 0x7fffffff ? 0x7fffffff : (unsigned)blocks;
}

/* Sums a per-thread counter over the block, then one atomic per block. */
template <int THREADS> __device__ inline void block_add(unsigned long long *total, unsigned long long mine)
{
	for (int offset = 16; offset > 0; offset /= 2)
		mine += __shfl_down_sync(0xffffffffu, mine, offset);
	__shared__ unsigned long long warp_sums[THREADS / 32];
	int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	if (lane == 0)
		warp_sums[warp] = mine;
	__syncthreads();
	if (warp == 0) {
		mine = lane < THREADS / 32 ? warp_sums[lane] : 0;
		for (int offset = 16; offset > 0; offset /= 2)
			mine += __shfl_down_sync(0xffffffffu, mine, offset);
		if (lane == 0 && mine != 0)
			atomicAdd(total, mine);
	}
	__syncthreads();
}

/* Appends one entry (width 32-bit words) to a hand-back list; past its capacity only counts. */
__device__ inline void handback_push(uint32_t *list, unsigned long long *count, uint32_t a)
{
	unsigned long long slot = atomicAdd(count, 1ull);
	if (slot < CUDA_HANDBACK_CAPACITY)
		list[slot] = a;
}

__device__ inline void handback_push_pair(uint32_t *list, unsigned long long *count, uint32_t a, uint32_t b)
{
	unsigned long long slot = atomicAdd(count, 1ull);
	if (slot < CUDA_HANDBACK_CAPACITY / 2) {
		list[2 * slot] = a;
		list[2 * slot + 1] = b;
	}
}

/* Device scratch of at least bytes (kept between calls). */
col_status cuda_scratch(col_gpu *gpu, size_t bytes, void **out, col_error *error);
/* Zeroes the context's counters (asynchronously, on its stream). */
col_status cuda_zero_counters(cuda_state *s, col_error *error);
/* Zeroes the counters and records the start event: the kernels launched next are timed. */
col_status cuda_begin_timed(cuda_state *s, col_error *error);
/* Copies n counters back (waits). */
col_status cuda_read_counters(cuda_state *s, unsigned long long *out, int n, col_error *error);
/* Milliseconds between the context's start and stop events (both recorded; waits for stop). */
double cuda_elapsed_ms(cuda_state *s);
/* The end of a counted call: records the stop event, waits, reads n counters, fills handback (when
 * not NULL) from counters[handback_at] and the context's list (pairs: two words an entry), and *ms
 * from the events. */
col_status cuda_finish_counted(cuda_state *s, const char *what, unsigned long long *counters, int n,
                               int handback_at, bool pairs, gpu_handback *handback, double *ms,
                               col_error *error);

#endif
