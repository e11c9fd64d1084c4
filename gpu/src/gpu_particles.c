/* A particle cloud: its state in device arrays, stepped by the particle kernel or by the CPU workers
 * through the same hd_particle_step; the particles the kernel hands back are stepped again on the
 * host with the engine's exact inside test. */
#include <stdlib.h>
#include <string.h>

#include "collide/gpu_particles.h"
#include "gpu_internal.h"

struct col_gpu_particles {
	col_gpu *gpu;
	size_t count;
	col_gpu_particles_options options;
	hd_vec3 *p, *v, *anchor; /* on the context's device */
	uint32_t *flags;
	int32_t *cache;   /* mesh_count x count cached leaves */
	int cache_meshes; /* meshes the cache has room for */
	gpu_particle_step *step_device;
	int mesh_count;
	col_gpu_mesh *meshes[GPU_PARTICLES_MAX_MESHES];
	hd_pose poses[GPU_PARTICLES_MAX_MESHES]; /* at the end of the last step */
	uint64_t steps;
};

col_gpu_particles_options col_gpu_particles_default_options(void)
{
	col_gpu_particles_options o;
	memset(&o, 0, sizeof o);
	o.count = 100000;
	o.seed = 1;
	o.spawn = (col_aabb3){{-1.0, -1.0, 1.0}, {1.0, 1.0, 2.0}};
	o.domain = (col_aabb3){{-2.0, -2.0, -2.0}, {2.0, 2.0, 2.5}};
	o.gravity = (col_vec3){0.0, 0.0, -9.81};
	o.response = COL_GPU_RESPONSE_REFLECT;
	o.restitution = 0.5;
	return o;
}

static bool box_is_finite(col_aabb3 b)
{
	return col_vec3_is_finite(b.min) && col_vec3_is_finite(b.max) && b.min.x <= b.max.x &&
	       b.min.y <= b.max.y && b.min.z <= b.max.z;
}

static bool box_inside(col_aabb3 inner, col_aabb3 outer)
{
	return inner.min.x >= outer.min.x && inner.min.y >= outer.min.y && inner.min.z >= outer.min.z &&
	       inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

static col_status check_options(const col_gpu_particles_options *o, col_error *error)
{
	if (o->count == 0 || o->count > (size_t)UINT32_MAX)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: count must be 1 .. 2^32 - 1 (got %zu)", o->count);
	if (!box_is_finite(o->spawn) || !box_is_finite(o->domain))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: the spawn and domain boxes must be finite, min <= max");
	if (!box_inside(o->spawn, o->domain))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: the spawn box must lie in the domain");
	if (!col_vec3_is_finite(o->gravity) || !col_vec3_is_finite(o->wind) ||
	    !col_vec3_is_finite(o->spawn_velocity))
		return col_fail(error, COL_ERROR_NOT_FINITE,
		                "particles: gravity, wind and spawn_velocity must be finite");
	if (!(o->drag >= 0.0 && isfinite(o->drag)) || !(o->jitter >= 0.0 && isfinite(o->jitter)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: drag and jitter must be finite and >= 0");
	if (!(o->restitution >= 0.0 && o->restitution <= 1.0))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: restitution must be in [0, 1] (got %g)", o->restitution);
	if (o->response != COL_GPU_RESPONSE_NONE && o->response != COL_GPU_RESPONSE_REFLECT &&
	    o->response != COL_GPU_RESPONSE_STICK)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "particles: unknown response %d",
		                (int)o->response);
	return COL_OK;
}

static hd_box hd_box_of(col_aabb3 b)
{
	hd_box h;
	h.min = hd_v3(b.min.x, b.min.y, b.min.z);
	h.max = hd_v3(b.max.x, b.max.y, b.max.z);
	return h;
}

/* The step's parameters for the hash step `step`. */
static hd_particle_params params_of(const col_gpu_particles_options *o, double dt, uint64_t step)
{
	hd_particle_params p;
	memset(&p, 0, sizeof p);
	p.dt = dt;
	p.gravity = hd_v3(o->gravity.x, o->gravity.y, o->gravity.z);
	p.wind = hd_v3(o->wind.x, o->wind.y, o->wind.z);
	p.drag = o->drag;
	p.jitter = o->jitter;
	p.response = (int)o->response;
	p.restitution = o->restitution;
	p.domain = hd_box_of(o->domain);
	p.spawn = hd_box_of(o->spawn);
	p.spawn_velocity = hd_v3(o->spawn_velocity.x, o->spawn_velocity.y, o->spawn_velocity.z);
	p.seed = o->seed;
	p.step = step;
	return p;
}

void col_gpu_particles_destroy(col_gpu_particles *ps)
{
	if (ps == NULL)
		return;
	col_gpu *gpu = ps->gpu;
	gpu_release(gpu, ps->p, ps->count * sizeof *ps->p);
	gpu_release(gpu, ps->v, ps->count * sizeof *ps->v);
	gpu_release(gpu, ps->anchor, ps->count * sizeof *ps->anchor);
	gpu_release(gpu, ps->flags, ps->count * sizeof *ps->flags);
	gpu_release(gpu, ps->cache, (size_t)ps->cache_meshes * ps->count * sizeof *ps->cache);
	gpu_release(gpu, ps->step_device, sizeof *ps->step_device);
	free(ps);
}

col_status col_gpu_particles_create(col_gpu *gpu, const col_gpu_particles_options *options,
                                    col_gpu_particles **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "particles: the output pointer is NULL");
	*out = NULL;
	if (gpu == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "particles: the context is NULL");
	col_gpu_particles_options o = options != NULL ? *options : col_gpu_particles_default_options();
	col_status status = check_options(&o, error);
	if (status != COL_OK)
		return status;
	col_gpu_particles *ps = calloc(1, sizeof *ps);
	if (ps == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "particles: out of memory");
	ps->gpu = gpu;
	ps->count = o.count;
	ps->options = o;
	size_t n = o.count;
	/* the first positions: the spawn hash at step 0, as a respawn would place them */
	hd_vec3 *p = malloc(n * sizeof *p), *v = malloc(n * sizeof *v), *anchor = calloc(n, sizeof *anchor);
	uint32_t *flags = calloc(n, sizeof *flags);
	if (p == NULL || v == NULL || anchor == NULL || flags == NULL) {
		status =
		    col_fail(error, COL_ERROR_OUT_OF_MEMORY, "particles: out of memory for %zu particles", n);
	} else {
		hd_particle_params prm = params_of(&o, 1.0, 0);
		for (size_t i = 0; i < n; i++) {
			p[i] = hd_random_in_box(&prm, i, 3, prm.spawn);
			v[i] = prm.spawn_velocity;
		}
		void *device;
		status = gpu_adopt(gpu, (void **)&p, n * sizeof *p, &device, error);
		ps->p = device;
		if (status == COL_OK)
			status = gpu_adopt(gpu, (void **)&v, n * sizeof *v, &device, error);
		ps->v = status == COL_OK ? device : NULL;
		if (status == COL_OK)
			status = gpu_adopt(gpu, (void **)&anchor, n * sizeof *anchor, &device, error);
		ps->anchor = status == COL_OK ? device : NULL;
		if (status == COL_OK)
			status = gpu_adopt(gpu, (void **)&flags, n * sizeof *flags, &device, error);
		ps->flags = status == COL_OK ? device : NULL;
		if (status == COL_OK)
			status = gpu_alloc(gpu, sizeof *ps->step_device, (void **)&ps->step_device, error);
	}
	free(p);
	free(v);
	free(anchor);
	free(flags);
	if (status != COL_OK) {
		col_gpu_particles_destroy(ps);
		return status;
	}
	col_error_clear(error);
	*out = ps;
	return COL_OK;
}

size_t col_gpu_particles_count(const col_gpu_particles *ps)
{
	return ps == NULL ? 0 : ps->count;
}

size_t col_gpu_particles_device_bytes(const col_gpu_particles *ps)
{
	if (ps == NULL)
		return 0;
	return ps->count *
	       (3 * sizeof(hd_vec3) + sizeof(uint32_t) + (size_t)ps->cache_meshes * sizeof(int32_t));
}

uint64_t col_gpu_particles_steps(const col_gpu_particles *ps)
{
	return ps == NULL ? 0 : ps->steps;
}

void col_gpu_particles_reset_meshes(col_gpu_particles *ps)
{
	if (ps != NULL)
		ps->mesh_count = 0;
}

/* Room for caches of mesh_count meshes, all set to "no leaf" (-1). */
static col_status prepare_cache(col_gpu_particles *ps, int mesh_count, col_error *error)
{
	col_gpu *gpu = ps->gpu;
	size_t bytes = (size_t)mesh_count * ps->count * sizeof *ps->cache;
	if (mesh_count > ps->cache_meshes) {
		gpu_release(gpu, ps->cache, (size_t)ps->cache_meshes * ps->count * sizeof *ps->cache);
		ps->cache = NULL;
		ps->cache_meshes = 0;
		col_status status = gpu_alloc(gpu, bytes, (void **)&ps->cache, error);
		if (status != COL_OK)
			return status;
		ps->cache_meshes = mesh_count;
	}
	int32_t *none = malloc(bytes > 0 ? bytes : 1);
	if (none == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "particles: out of memory");
	memset(none, 0xff, bytes);
	col_status status = gpu_to_device(gpu, ps->cache, none, bytes, error);
	free(none);
	return status;
}

/* ---- the step ---- */

typedef struct step_job {
	col_gpu_particles *ps;
	const gpu_particle_step *step;
	hd_particle_counts counts[COL_GPU_MAX_CPU_THREADS];
	bool missed[COL_GPU_MAX_CPU_THREADS]; /* a resolver failed to settle (cannot happen: the engine always
	                                         answers) */
} step_job;

static int exact_inside(void *context, int mesh, hd_vec3 local)
{
	col_gpu_particles *ps = context;
	return gpu_mesh_exact_inside(ps->meshes[mesh], local) ? HD_OCTREE_INSIDE : HD_OCTREE_OUTSIDE;
}

static void step_task(void *context, size_t begin, size_t end, int worker)
{
	step_job *job = context;
	col_gpu_particles *ps = job->ps;
	hd_particle_counts *counts = &job->counts[worker];
	for (size_t i = begin; i < end; i++) {
		hd_particle s = {ps->p[i], ps->v[i], ps->anchor[i], ps->flags[i]};
		hd_particle_counts mine;
		memset(&mine, 0, sizeof mine);
		if (!hd_particle_step(&job->step->params, job->step->meshes, job->step->mesh_count, i, &s,
		                      ps->cache + i, ps->count, exact_inside, ps, &mine)) {
			job->missed[worker] = true;
			continue;
		}
		ps->p[i] = s.p;
		ps->v[i] = s.v;
		ps->anchor[i] = s.anchor;
		ps->flags[i] = s.flags;
		counts->inside += mine.inside;
		counts->entered += mine.entered;
		counts->stuck += mine.stuck;
		counts->respawned += mine.respawned;
		counts->handed_back += mine.handed_back;
		counts->octree.cache_hits += mine.octree.cache_hits;
	}
}

static void add_counts(hd_particle_counts *sum, const hd_particle_counts *part)
{
	sum->inside += part->inside;
	sum->entered += part->entered;
	sum->stuck += part->stuck;
	sum->respawned += part->respawned;
	sum->handed_back += part->handed_back;
	sum->octree.cache_hits += part->octree.cache_hits;
}

/* The kernel's hand-backs: each stepped again on the host, with the engine's inside test. */
static col_status resolve_particles(col_gpu_particles *ps, const gpu_particle_step *step,
                                    const gpu_handback *handback, hd_particle_counts *counts,
                                    col_error *error)
{
	col_gpu *gpu = ps->gpu;
	if (handback->count == 0)
		return COL_OK;
	if (handback->count > handback->capacity)
		return col_fail(
		    error, COL_ERROR_OUT_OF_MEMORY,
		    "particles: %llu particles could not be certified in one step, more than the hand-back "
		    "list holds (%zu)",
		    (unsigned long long)handback->count, handback->capacity);
	size_t n = (size_t)handback->count;
	int meshes = step->mesh_count;
	uint32_t *list = malloc(n * sizeof *list), *cache_list = malloc(n * sizeof *cache_list);
	hd_vec3 *p = malloc(n * sizeof *p), *v = malloc(n * sizeof *v), *anchor = malloc(n * sizeof *anchor);
	uint32_t *flags = malloc(n * sizeof *flags);
	int32_t *cache = malloc(n * (size_t)(meshes > 0 ? meshes : 1) * sizeof *cache);
	col_status status = COL_OK;
	if (list == NULL || cache_list == NULL || p == NULL || v == NULL || anchor == NULL || flags == NULL ||
	    cache == NULL)
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "particles: out of memory for hand-backs");
	if (status == COL_OK)
		status = gpu_to_host(gpu, list, handback->indices, n * sizeof *list, error);
	if (status == COL_OK)
		status = cuda_gather(gpu, ps->p, sizeof *p, list, p, n, error);
	if (status == COL_OK)
		status = cuda_gather(gpu, ps->v, sizeof *v, list, v, n, error);
	if (status == COL_OK)
		status = cuda_gather(gpu, ps->anchor, sizeof *anchor, list, anchor, n, error);
	if (status == COL_OK)
		status = cuda_gather(gpu, ps->flags, sizeof *flags, list, flags, n, error);
	for (int m = 0; status == COL_OK && m < meshes; m++) {
		for (size_t k = 0; k < n; k++)
			cache_list[k] = (uint32_t)((size_t)m * ps->count + list[k]);
		status =
		    cuda_gather(gpu, ps->cache, sizeof *cache, cache_list, cache + (size_t)m * n, n, error);
	}
	/* the same step on the host, through host copies of the meshes' arrays, the engine deciding what
	 * the filter cannot */
	gpu_particle_step host = *step;
	for (int m = 0; status == COL_OK && m < meshes; m++) {
		status = gpu_mesh_host_element(ps->meshes[m], &host.meshes[m], error);
		host.meshes[m].old_pose = step->meshes[m].old_pose;
		host.meshes[m].new_pose = step->meshes[m].new_pose;
	}
	for (size_t k = 0; status == COL_OK && k < n; k++) {
		hd_particle s = {p[k], v[k], anchor[k], flags[k]};
		hd_particle_counts mine;
		memset(&mine, 0, sizeof mine);
		if (!hd_particle_step(&host.params, host.meshes, meshes, list[k], &s, cache + k, n,
		                      exact_inside, ps, &mine)) {
			status = col_fail(error, COL_ERROR_UNSUPPORTED,
			                  "particles: particle %u could not be decided", list[k]);
			break;
		}
		p[k] = s.p;
		v[k] = s.v;
		anchor[k] = s.anchor;
		flags[k] = s.flags;
		add_counts(counts, &mine);
	}
	if (status == COL_OK)
		status = cuda_scatter(gpu, ps->p, sizeof *p, list, p, n, error);
	if (status == COL_OK)
		status = cuda_scatter(gpu, ps->v, sizeof *v, list, v, n, error);
	if (status == COL_OK)
		status = cuda_scatter(gpu, ps->anchor, sizeof *anchor, list, anchor, n, error);
	if (status == COL_OK)
		status = cuda_scatter(gpu, ps->flags, sizeof *flags, list, flags, n, error);
	free(list);
	free(cache_list);
	free(p);
	free(v);
	free(anchor);
	free(flags);
	free(cache);
	return status;
}

col_status col_gpu_particles_step(col_gpu_particles *ps, double dt, col_gpu_mesh *const *meshes,
                                  const col_transform3 *poses, int mesh_count, col_gpu_step_stats *stats,
                                  col_error *error)
{
	if (ps == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "particles: NULL particles");
	if (!(dt > 0.0) || !isfinite(dt))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: dt must be finite and > 0 (got %g)", dt);
	if (mesh_count < 0 || mesh_count > GPU_PARTICLES_MAX_MESHES ||
	    (mesh_count > 0 && (meshes == NULL || poses == NULL)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: 0 .. %d meshes with their poses", GPU_PARTICLES_MAX_MESHES);
	for (int m = 0; m < mesh_count; m++) {
		if (meshes[m] == NULL || gpu_mesh_context(meshes[m]) != ps->gpu ||
		    !gpu_mesh_is_solid(meshes[m]))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "particles: mesh %d must be a solid mesh of the particles' context",
			                m + 1);
		if (!col_transform3_is_finite(poses[m]))
			return col_fail(error, COL_ERROR_NOT_FINITE, "particles: pose %d is not finite",
			                m + 1);
	}
	bool same = ps->mesh_count == mesh_count;
	for (int m = 0; same && m < mesh_count; m++)
		same = ps->meshes[m] == meshes[m];
	if (ps->steps > 0 && ps->mesh_count > 0 && !same)
		return col_fail(
		    error, COL_ERROR_INVALID_ARGUMENT,
		    "particles: the meshes changed since the last step (call reset_meshes first)");
	col_gpu *gpu = ps->gpu;
	col_status status = COL_OK;
	bool fresh = ps->mesh_count == 0 || !same;
	if (fresh && mesh_count > 0)
		status = prepare_cache(ps, mesh_count, error);
	if (status != COL_OK)
		return status;
	gpu_particle_step step;
	memset(&step, 0, sizeof step);
	step.params = params_of(&ps->options, dt, ps->steps + 1);
	step.mesh_count = mesh_count;
	for (int m = 0; m < mesh_count; m++) {
		gpu_mesh_element(meshes[m], &step.meshes[m]);
		step.meshes[m].new_pose = gpu_pose(&poses[m]);
		step.meshes[m].old_pose = fresh ? step.meshes[m].new_pose : ps->poses[m];
	}
	double start = gpu_now_ms(), kernel_ms = 0.0;
	hd_particle_counts counts;
	memset(&counts, 0, sizeof counts);
	if (gpu->device == COL_DEVICE_CPU) {
		for (int m = 0; m < mesh_count; m++)
			ps->meshes[m] = meshes[m]; /* the resolver's */
		step_job *job = calloc(1, sizeof *job);
		if (job == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "particles: out of memory");
		job->ps = ps;
		job->step = &step;
		thread_pool_run(gpu->pool, ps->count, 0, step_task, job);
		int threads = thread_pool_threads(gpu->pool);
		for (int w = 0; w < threads; w++) {
			add_counts(&counts, &job->counts[w]);
			if (job->missed[w])
				status = col_fail(error, COL_ERROR_UNSUPPORTED,
				                  "particles: a particle could not be decided");
		}
		free(job);
	} else {
		for (int m = 0; m < mesh_count; m++)
			ps->meshes[m] = meshes[m];
		gpu_handback handback;
		memset(&handback, 0, sizeof handback);
		double ms = 0.0;
		status = gpu_to_device(gpu, ps->step_device, &step, sizeof step, error);
		if (status == COL_OK)
			status =
			    cuda_particles_step(gpu, ps->step_device, ps->count, ps->p, ps->v, ps->anchor,
			                        ps->flags, ps->cache, &handback, &counts, &ms, error);
		counts.handed_back = handback.count;
		if (status == COL_OK)
			status = resolve_particles(ps, &step, &handback, &counts, error);
		kernel_ms = ms;
	}
	if (status != COL_OK)
		return status;
	ps->mesh_count = mesh_count;
	for (int m = 0; m < mesh_count; m++)
		ps->poses[m] = step.meshes[m].new_pose;
	ps->steps++;
	if (stats != NULL) {
		stats->inside = counts.inside;
		stats->entered = counts.entered;
		stats->stuck = counts.stuck;
		stats->respawned = counts.respawned;
		stats->handed_back = counts.handed_back;
		stats->cache_hits = counts.octree.cache_hits;
		stats->wall_ms = gpu_now_ms() - start;
		stats->compute_ms = gpu->device == COL_DEVICE_GPU ? kernel_ms : stats->wall_ms;
	}
	col_error_clear(error);
	return COL_OK;
}

/* ---- reading and writing ---- */

static col_status check_range(const col_gpu_particles *ps, size_t first, size_t count, col_error *error)
{
	if (ps == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "particles: NULL particles");
	if (first > ps->count || count > ps->count - first)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "particles: %zu .. %zu is beyond the %zu particles", first, first + count,
		                ps->count);
	return COL_OK;
}

col_status col_gpu_particles_read(const col_gpu_particles *ps, size_t first, size_t count,
                                  col_vec3 *positions, col_vec3 *velocities, uint32_t *flags,
                                  col_error *error)
{
	col_status status = check_range(ps, first, count, error);
	if (status == COL_OK && positions != NULL)
		status = gpu_to_host(ps->gpu, positions, ps->p + first, count * sizeof *positions, error);
	if (status == COL_OK && velocities != NULL)
		status = gpu_to_host(ps->gpu, velocities, ps->v + first, count * sizeof *velocities, error);
	if (status == COL_OK && flags != NULL)
		status = gpu_to_host(ps->gpu, flags, ps->flags + first, count * sizeof *flags, error);
	return status;
}

col_status col_gpu_particles_read_float(const col_gpu_particles *ps, size_t first, size_t count, float *xyz,
                                        col_error *error)
{
	col_status status = check_range(ps, first, count, error);
	if (status != COL_OK)
		return status;
	if (count > 0 && xyz == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "particles: NULL output");
	enum { BLOCK = 65536 };
	col_vec3 *block = malloc((count < BLOCK ? count : BLOCK) * sizeof *block + 1);
	if (block == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "particles: out of memory");
	for (size_t done = 0; status == COL_OK && done < count; done += BLOCK) {
		size_t n = count - done < BLOCK ? count - done : BLOCK;
		status = gpu_to_host(ps->gpu, block, ps->p + first + done, n * sizeof *block, error);
		for (size_t k = 0; status == COL_OK && k < n; k++) {
			xyz[3 * (done + k)] = (float)block[k].x;
			xyz[3 * (done + k) + 1] = (float)block[k].y;
			xyz[3 * (done + k) + 2] = (float)block[k].z;
		}
	}
	free(block);
	return status;
}

col_status col_gpu_particles_write(col_gpu_particles *ps, size_t first, size_t count,
                                   const col_vec3 *positions, const col_vec3 *velocities,
                                   const uint32_t *flags, col_error *error)
{
	col_status status = check_range(ps, first, count, error);
	for (size_t i = 0; status == COL_OK && i < count; i++)
		if ((positions != NULL && !col_vec3_is_finite(positions[i])) ||
		    (velocities != NULL && !col_vec3_is_finite(velocities[i])))
			status = col_fail(error, COL_ERROR_NOT_FINITE,
			                  "particles: particle %zu is not finite", first + i);
	if (status == COL_OK && positions != NULL)
		status = gpu_to_device(ps->gpu, ps->p + first, positions, count * sizeof *positions, error);
	if (status == COL_OK && velocities != NULL)
		status = gpu_to_device(ps->gpu, ps->v + first, velocities, count * sizeof *velocities, error);
	if (status == COL_OK && flags != NULL)
		status = gpu_to_device(ps->gpu, ps->flags + first, flags, count * sizeof *flags, error);
	return status;
}
