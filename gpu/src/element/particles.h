/* One particle's step: the code each thread of the particle kernel runs, and the CPU fallback too.
 *
 * A particle moves under gravity, a drag towards a wind velocity and a random walk, then is tested
 * against each rigid mesh at the mesh's pose for the end of the step (the point structure with the
 * particle's cached leaf, source 000 ch. 6 done right). The first mesh that holds the new position
 * responds:
 * - none: the particle goes on; the step only counts it inside;
 * - reflect: it is put back outside, at the nearest surface point plus restitution times the
 *   depth (and a skin), and its velocity relative to the mesh is reflected about that point's
 *   normal with the restitution;
 * - stick: it stays at the nearest surface point and moves with the mesh from then on.
 * A particle that leaves the domain box is put back at a random point of the spawn box.
 *
 * Bit for bit the same on both backends: the random numbers come from a hash of (seed, particle,
 * step), and the arithmetic is + - * / and sqrt (hd.h). The inside test is exact: where the filter
 * cannot decide, the kernel leaves the particle untouched and hands it back, and the host runs this
 * same step with the engine's exact answer (`resolve`). */
#ifndef COLLIDE_GPU_ELEMENT_PARTICLES_H
#define COLLIDE_GPU_ELEMENT_PARTICLES_H

#include "closest.h"

enum { HD_RESPONSE_NONE = 0, HD_RESPONSE_REFLECT = 1, HD_RESPONSE_STICK = 2 };

/* flags: bit 0 inside a mesh at the end of the last step; bits 8 and up the stuck mesh + 1. */
enum { HD_PARTICLE_INSIDE = 1, HD_PARTICLE_STUCK_SHIFT = 8 };

typedef struct hd_particle_params {
	double dt;
	hd_vec3 gravity;
	hd_vec3 wind;
	double drag;   /* per second, towards the wind */
	double jitter; /* random walk: each step adds up to this much to each velocity component */
	int response;
	double restitution;
	hd_box domain;
	hd_box spawn;
	hd_vec3 spawn_velocity;
	uint64_t seed;
	uint64_t step;
} hd_particle_params;

typedef struct hd_particle_mesh {
	hd_octree octree;
	hd_lbvh bvh;
	const hd_octree_triangle *triangles;
	hd_pose old_pose, new_pose; /* at the start and at the end of the step */
	double skin;                /* how far outside a reflected particle is put */
	double normal_sign;         /* 1 when the mesh winds outward, -1 inward */
} hd_particle_mesh;

typedef struct hd_particle {
	hd_vec3 p, v, anchor;
	uint32_t flags;
} hd_particle;

/* A step's counts, summed over the particles. */
typedef struct hd_particle_counts {
	uint64_t inside;  /* new positions inside a mesh (exact) */
	uint64_t entered; /* of them, particles that were outside every mesh a step before */
	uint64_t stuck;   /* particles stuck to a mesh after the step */
	uint64_t respawned;
	uint64_t handed_back;
	hd_octree_counts octree;
} hd_particle_counts;

/* The engine's exact inside test for a handed-back point, on the host only (NULL on the device). */
typedef int (*hd_exact_inside_fn)(void *context, int mesh, hd_vec3 local_point);

COL_HD uint64_t hd_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* The k-th random double in [0, 1) of particle i at a step, on the 2^-53 grid. */
COL_HD double hd_random(uint64_t seed, uint64_t i, uint64_t step, uint64_t k)
{
	uint64_t z = hd_mix64(seed + 0x9E3779B97F4A7C15ULL * (i + 1));
	z = hd_mix64(z ^ (step * 0xD1B54A32D192ED03ULL + k * 0x8CB92BA72F3D8DD7ULL));
	return (double)(z >> 11) * 0x1p-53;
}

COL_HD hd_vec3 hd_random_in_box(const hd_particle_params *prm, uint64_t i, uint64_t k0, hd_box b)
{
	return hd_v3(b.min.x + (b.max.x - b.min.x) * hd_random(prm->seed, i, prm->step, k0),
	             b.min.y + (b.max.y - b.min.y) * hd_random(prm->seed, i, prm->step, k0 + 1),
	             b.min.z + (b.max.z - b.min.z) * hd_random(prm->seed, i, prm->step, k0 + 2));
}

/* The unit outward normal of triangle id; for a zero-area one, the direction from q to c (or up). */
COL_HD hd_vec3 hd_particle_normal(const hd_particle_mesh *m, int32_t id, hd_vec3 q, hd_vec3 c)
{
	const hd_octree_triangle *t = m->triangles + id;
	hd_vec3 n = hd_scale(hd_cross(hd_sub(t->b, t->a), hd_sub(t->c, t->a)), m->normal_sign);
	double length = sqrt(hd_dot(n, n));
	if (!(length > 0.0)) {
		n = hd_sub(c, q);
		length = sqrt(hd_dot(n, n));
		if (!(length > 0.0))
			return hd_v3(0.0, 0.0, 1.0);
	}
	return hd_scale(n, 1.0 / length);
}

/* The velocity of the mesh's material point q (local) over the step. */
COL_HD hd_vec3 hd_mesh_point_velocity(const hd_particle_mesh *m, hd_vec3 q, double dt)
{
	return hd_scale(hd_sub(hd_pose_apply(m->new_pose, q), hd_pose_apply(m->old_pose, q)), 1.0 / dt);
}

/* Moves particle `index` one step. Returns false, with the particle and counts untouched, when an
 * inside test could not be certified and no resolver was given (the kernel's hand-back). cache holds
 * the particle's cached leaf per mesh, cache[m * cache_stride]. */
COL_HD bool hd_particle_step(const hd_particle_params *prm, const hd_particle_mesh *meshes, int mesh_count,
                             uint64_t index, hd_particle *state, int32_t *cache, uint64_t cache_stride,
                             hd_exact_inside_fn resolve, void *resolve_context, hd_particle_counts *counts)
{
	hd_particle s = *state;
	double dt = prm->dt;
	int stuck = (int)(s.flags >> HD_PARTICLE_STUCK_SHIFT) - 1;
	if (stuck >= 0 && stuck < mesh_count) {
		hd_vec3 p = hd_pose_apply(meshes[stuck].new_pose, s.anchor);
		s.v = hd_scale(hd_sub(p, s.p), 1.0 / dt);
		s.p = p;
		counts->stuck++;
		*state = s;
		return true;
	}
	hd_vec3 jitter = hd_v3(2.0 * hd_random(prm->seed, index, prm->step, 0) - 1.0,
	                       2.0 * hd_random(prm->seed, index, prm->step, 1) - 1.0,
	                       2.0 * hd_random(prm->seed, index, prm->step, 2) - 1.0);
	hd_vec3 accel = hd_add(prm->gravity, hd_scale(hd_sub(prm->wind, s.v), prm->drag));
	hd_vec3 v = hd_add(hd_add(s.v, hd_scale(accel, dt)), hd_scale(jitter, prm->jitter));
	hd_vec3 p = hd_add(s.p, hd_scale(v, dt));
	if (!hd_box_contains(prm->domain, p)) {
		s.p = hd_random_in_box(prm, index, 3, prm->spawn);
		s.v = prm->spawn_velocity;
		s.flags = 0;
		counts->respawned++;
		*state = s;
		return true;
	}
	/* the first mesh that holds the new position, in its frame at the end of the step */
	int hit = -1;
	hd_vec3 q = p;
	hd_octree_counts local = {0, 0, 0};
	for (int m = 0; m < mesh_count && hit < 0; m++) {
		q = hd_pose_apply_inverse(meshes[m].new_pose, p);
		int inside =
		    hd_octree_contains(&meshes[m].octree, q, cache + (uint64_t)m * cache_stride, &local);
		if (inside == HD_OCTREE_UNSURE) {
#ifndef __CUDA_ARCH__
			if (resolve != NULL)
				inside = resolve(resolve_context, m, q);
#endif
			if (inside == HD_OCTREE_UNSURE)
				return false;
		}
		if (inside == HD_OCTREE_INSIDE)
			hit = m;
	}
	counts->octree.nodes += local.nodes;
	counts->octree.triangles += local.triangles;
	counts->octree.cache_hits += local.cache_hits;
	bool was_inside = (s.flags & HD_PARTICLE_INSIDE) != 0;
	if (hit < 0) {
		s.p = p;
		s.v = v;
		s.flags &= ~(uint32_t)HD_PARTICLE_INSIDE;
		*state = s;
		return true;
	}
	counts->inside++;
	if (!was_inside)
		counts->entered++;
	if (prm->response == HD_RESPONSE_NONE) {
		s.p = p;
		s.v = v;
		s.flags |= HD_PARTICLE_INSIDE;
		*state = s;
		return true;
	}
	const hd_particle_mesh *m = meshes + hit;
	hd_vec3 c;
	int32_t id;
	uint64_t visited = 0;
	double depth2 = hd_lbvh_nearest(&m->bvh, m->triangles, q, &c, &id, &visited);
	if (prm->response == HD_RESPONSE_STICK || id < 0) {
		s.anchor = id < 0 ? q : c;
		s.p = hd_pose_apply(m->new_pose, s.anchor);
		s.v = hd_mesh_point_velocity(m, s.anchor, dt);
		s.flags = ((uint32_t)(hit + 1) << HD_PARTICLE_STUCK_SHIFT) | HD_PARTICLE_INSIDE;
		counts->stuck++;
		*state = s;
		return true;
	}
	hd_vec3 n = hd_particle_normal(m, id, q, c);
	double push = prm->restitution * sqrt(depth2) + m->skin;
	hd_vec3 out = hd_add(c, hd_scale(n, push));
	/* the velocity relative to the mesh, in its frame: the local displacement over the step */
	hd_vec3 q_before = hd_pose_apply_inverse(m->old_pose, s.p);
	hd_vec3 w = hd_scale(hd_sub(q, q_before), 1.0 / dt);
	double wn = hd_dot(w, n);
	if (wn < 0.0)
		w = hd_sub(w, hd_scale(n, (1.0 + prm->restitution) * wn));
	s.p = hd_pose_apply(m->new_pose, out);
	s.v = hd_add(hd_pose_rotate(m->new_pose, w), hd_mesh_point_velocity(m, out, dt));
	s.flags &= ~(uint32_t)HD_PARTICLE_INSIDE;
	*state = s;
	return true;
}

#endif
