/* The particle kernel: one thread a particle, hd_particle_step, the undecided ones listed. */
#include "cuda_common.cuh"

namespace
{

constexpr int THREADS = 256;

enum { COUNT_INSIDE, COUNT_ENTERED, COUNT_STUCK, COUNT_RESPAWNED, COUNT_CACHE_HITS, COUNT_HANDBACK };

__global__ void __launch_bounds__(THREADS)
    step_kernel(const gpu_particle_step *step, size_t count, hd_vec3 *p, hd_vec3 *v, hd_vec3 *anchor,
                uint32_t *flags, int32_t *cache, unsigned long long *counters, uint32_t *list)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	hd_particle_counts mine = {0, 0, 0, 0, 0, {0, 0, 0}};
	if (i < count) {
		/* the anchor is read and written only for stuck particles */
		hd_particle s;
		s.p = p[i];
		s.v = v[i];
		s.flags = flags[i];
		s.anchor = s.flags >> HD_PARTICLE_STUCK_SHIFT ? anchor[i] : hd_v3(0.0, 0.0, 0.0);
		if (hd_particle_step(&step->params, step->meshes, step->mesh_count, i, &s, cache + i, count,
		                     NULL, NULL, &mine)) {
			p[i] = s.p;
			v[i] = s.v;
			if (s.flags >> HD_PARTICLE_STUCK_SHIFT)
				anchor[i] = s.anchor;
			flags[i] = s.flags;
		} else {
			handback_push(list, &counters[COUNT_HANDBACK], (uint32_t)i);
		}
	}
	block_add<THREADS>(&counters[COUNT_INSIDE], mine.inside);
	block_add<THREADS>(&counters[COUNT_ENTERED], mine.entered);
	block_add<THREADS>(&counters[COUNT_STUCK], mine.stuck);
	block_add<THREADS>(&counters[COUNT_RESPAWNED], mine.respawned);
	block_add<THREADS>(&counters[COUNT_CACHE_HITS], mine.octree.cache_hits);
}

} // namespace

extern "C" col_status cuda_particles_step(col_gpu *gpu, const gpu_particle_step *step, size_t count,
                                          hd_vec3 *p, hd_vec3 *v, hd_vec3 *anchor, uint32_t *flags,
                                          int32_t *cache, gpu_handback *handback, hd_particle_counts *counts,
                                          double *ms, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	col_status status = cuda_begin_timed(s, error);
	if (status != COL_OK)
		return status;
	step_kernel<<<cuda_blocks(count, THREADS), THREADS, 0, s->stream>>>(step, count, p, v, anchor, flags,
	                                                                    cache, s->counters, s->handback);
	unsigned long long c[6];
	status =
	    cuda_finish_counted(s, "the particle step", c, 6, COUNT_HANDBACK, false, handback, ms, error);
	counts->inside = c[COUNT_INSIDE];
	counts->entered = c[COUNT_ENTERED];
	counts->stuck = c[COUNT_STUCK];
	counts->respawned = c[COUNT_RESPAWNED];
	counts->octree.cache_hits = c[COUNT_CACHE_HITS];
	return status;
}
