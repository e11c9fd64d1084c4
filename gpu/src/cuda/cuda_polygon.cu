/* Points in a polygon: one thread a point, hd_grid_contains, the undecided ones listed. */
#include "cuda_common.cuh"

namespace
{

constexpr int THREADS = 256;

__global__ void __launch_bounds__(THREADS)
    polygon_kernel(hd_grid grid, double c, double s, double tx, double ty, const hd_vec2 *points,
                   size_t count, uint8_t *inside, unsigned long long *counters, uint32_t *list)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	unsigned long long hit = 0;
	if (i < count) {
		uint64_t cells = 0, tested = 0;
		int answer =
		    hd_grid_contains(&grid, hd_pose2_apply_inverse(c, s, tx, ty, points[i]), &cells, &tested);
		if (answer == HD_POLYGON_UNSURE)
			handback_push(list, &counters[1], (uint32_t)i);
		else
			hit = (unsigned long long)answer;
		inside[i] = (uint8_t)answer;
	}
	block_add<THREADS>(&counters[0], hit);
}

} // namespace

extern "C" col_status cuda_polygon_contains(col_gpu *gpu, const hd_grid *grid, const double pose[4],
                                            const hd_vec2 *points, size_t count, uint8_t *inside,
                                            uint64_t *inside_count, gpu_handback *handback, double *ms,
                                            col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_begin_timed(s, error);
	if (status != COL_OK)
		return status;
	if (count > 0)
		polygon_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(
		    *grid, pose[0], pose[1], pose[2], pose[3], points, count, inside, s->counters,
		    s->handback);
	unsigned long long c[2];
	status = cuda_finish_counted(s, "the polygon test", c, 2, 1, false, handback, ms, error);
	*inside_count = c[0];
	return status;
}
