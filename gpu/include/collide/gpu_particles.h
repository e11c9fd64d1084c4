/* A particle cloud on a compute context (gpu.h), stepped against rigid meshes that move (source 000
 * ch. 6 done right: the particles move on the device, every particle is tested every step against
 * every mesh at its pose, with its last leaf cached for temporal coherence, and responds).
 *
 * Each step, each particle: velocity += dt (gravity + drag (wind - velocity)) + jitter times a
 * random vector of [-1, 1)^3; position += dt velocity; a particle that leaves the domain reappears
 * at a random point of the spawn box with the spawn velocity; then the first mesh whose solid holds
 * the new position (col_octree_contains's exact answer, in the mesh's frame at the step's pose)
 * responds as options.response says (gpu/src/element/particles.h). The random numbers are a hash of
 * (seed, particle, step), so a run is the same bits on a GPU, on the CPU, and when replayed.
 *
 * Thread safety: as for every object of a compute context (gpu.h), calls on this one, and on
 * anything else of its context, must not overlap: one thread at a time. */
#ifndef COLLIDE_GPU_PARTICLES_H
#define COLLIDE_GPU_PARTICLES_H

#include "collide/gpu.h"
#include "collide/gpu_mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum col_gpu_response {
	COL_GPU_RESPONSE_NONE = 0, /* count only: the particle passes through */
	COL_GPU_RESPONSE_REFLECT,  /* put back outside, velocity reflected with the restitution */
	COL_GPU_RESPONSE_STICK,    /* stays on the surface and moves with the mesh */
} col_gpu_response;

typedef struct col_gpu_particles_options {
	size_t count;
	uint64_t seed;
	col_aabb3 spawn; /* the first positions, and where a particle that left reappears */
	col_vec3 spawn_velocity;
	col_aabb3 domain; /* a particle outside it reappears in the spawn box */
	col_vec3 gravity;
	col_vec3 wind;
	double drag;   /* per second, towards the wind; 0 for none */
	double jitter; /* random walk: the most added to a velocity component a step */
	col_gpu_response response;
	double restitution; /* reflect: normal speed kept, 0 .. 1 */
} col_gpu_particles_options;

/* 10^5 particles falling from a box above the origin: spawn [-1, 1] x [-1, 1] x [1, 2], domain
 * [-2, 2] x [-2, 2] x [-2, 2.5], gravity (0, 0, -9.81), no wind, reflect with restitution 0.5. */
col_gpu_particles_options col_gpu_particles_default_options(void);

typedef struct col_gpu_particles col_gpu_particles; /* opaque */

/* Makes count particles at random points of the spawn box (step 0 of the hash). Fails with
 * COL_ERROR_INVALID_ARGUMENT (no particles, a domain or spawn box empty or not finite, a spawn box
 * outside the domain, restitution outside [0, 1], a negative drag or jitter),
 * COL_ERROR_OUT_OF_MEMORY. */
col_status col_gpu_particles_create(col_gpu *gpu, const col_gpu_particles_options *options,
                                    col_gpu_particles **out, col_error *error);
void col_gpu_particles_destroy(col_gpu_particles *particles);
size_t col_gpu_particles_count(const col_gpu_particles *particles);
/* Bytes on the device per particle (state, caches for the meshes last stepped against). */
size_t col_gpu_particles_device_bytes(const col_gpu_particles *particles);

/* What one step saw. */
typedef struct col_gpu_step_stats {
	uint64_t inside;  /* new positions inside a mesh (each responded to, unless NONE) */
	uint64_t entered; /* of them, particles outside every mesh a step before */
	uint64_t stuck;   /* particles stuck to a mesh after the step */
	uint64_t respawned;
	uint64_t handed_back;
	uint64_t cache_hits;
	double compute_ms; /* the kernel's time by CUDA events on a GPU, the wall clock on the CPU */
	double wall_ms;    /* the whole step, hand-backs included */
} col_gpu_step_stats;

/* One step of dt > 0 seconds against mesh_count meshes (all solid, on the particles' context), mesh k
 * placed by poses[k] at the end of the step; its pose at the start is the one of the previous step
 * (the first step: the same). The meshes and their order must stay the same from step to step
 * (COL_ERROR_INVALID_ARGUMENT otherwise; col_gpu_particles_reset_meshes starts anew). stats may be
 * NULL. */
col_status col_gpu_particles_step(col_gpu_particles *particles, double dt, col_gpu_mesh *const *meshes,
                                  const col_transform3 *poses, int mesh_count, col_gpu_step_stats *stats,
                                  col_error *error);
/* Forgets the meshes and their caches, so the next step may take others. */
void col_gpu_particles_reset_meshes(col_gpu_particles *particles);
/* Steps taken. */
uint64_t col_gpu_particles_steps(const col_gpu_particles *particles);

/* Copies particles first .. first + count - 1 to host arrays (any may be NULL): positions, velocities,
 * and flags (bit 0: inside a mesh at the end of the step; bits 8 and up: the stuck mesh + 1). */
col_status col_gpu_particles_read(const col_gpu_particles *particles, size_t first, size_t count,
                                  col_vec3 *positions, col_vec3 *velocities, uint32_t *flags,
                                  col_error *error);
/* Positions as floats (x y z), for drawing. */
col_status col_gpu_particles_read_float(const col_gpu_particles *particles, size_t first, size_t count,
                                        float *xyz, col_error *error);
/* Overwrites particles' states (any of the arrays may be NULL: kept), for tests and scripted starts. */
col_status col_gpu_particles_write(col_gpu_particles *particles, size_t first, size_t count,
                                   const col_vec3 *positions, const col_vec3 *velocities,
                                   const uint32_t *flags, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
