/* Primitive pairs in bulk: hd_collide per pair on either backend, col_cga_collide (or the engine's
 * Euclidean tests) for the pairs the filter leaves. */
#include <stdlib.h>
#include <string.h>

#include "collide/gpu_collide.h"
#include "collide/intersect3d.h"
#include "collide/predicates.h"
#include "gpu_internal.h"

_Static_assert((int)HD_QUERY_SEGMENT == (int)COL_CGA_QUERY_SEGMENT &&
                   (int)HD_QUERY_TRIANGLE == (int)COL_CGA_QUERY_TRIANGLE &&
                   (int)HD_QUERY_SPHERE == (int)COL_CGA_QUERY_SPHERE,
               "the kernels' query kinds are col_cga_query_kind's");

hd_query gpu_query_of(const col_cga_query *c)
{
	hd_query q;
	memset(&q, 0, sizeof q);
	q.kind = HD_QUERY_NONE;
	int points = c->kind == COL_CGA_QUERY_SEGMENT    ? 2
	             : c->kind == COL_CGA_QUERY_TRIANGLE ? 3
	             : c->kind == COL_CGA_QUERY_SPHERE   ? 1
	                                                 : 0;
	if (points == 0)
		return q;
	for (int i = 0; i < points; i++) {
		q.p[i] = hd_v3(c->p[i].x, c->p[i].y, c->p[i].z);
		if (!hd_finite3(q.p[i]))
			return q;
	}
	if (c->kind == COL_CGA_QUERY_SPHERE && !(isfinite(c->radius) && c->radius >= 0.0))
		return q;
	q.kind = (int)c->kind;
	q.radius = c->radius;
	q.solid = c->mode == COL_CGA_SOLID;
	return q;
}

/* The engine's Euclidean answer with col_cga_collide's rules: a sphere as its mode says, a surface
 * sphere not meeting what lies strictly inside it, nested spheres by the larger one's mode. */
static bool sphere_holds_strictly(col_sphere s, col_vec3 p)
{
	return col_sphere_point_side(s.center, s.radius, p) < 0;
}

static bool euclidean_ordered(const col_cga_query *a, const col_cga_query *b)
{
	const col_vec3 *p = a->p, *q = b->p;
	col_sphere s = {q[0], b->radius};
	switch (a->kind * 3 + b->kind) {
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SEGMENT:
		return col_segment_intersects_segment3(p[0], p[1], q[0], q[1]);
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_TRIANGLE:
		return col_segment_intersects_triangle(p[0], p[1], (col_triangle){q[0], q[1], q[2]});
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SPHERE:
		return col_segment_intersects_sphere(p[0], p[1], s) &&
		       (b->mode == COL_CGA_SOLID ||
		        !(sphere_holds_strictly(s, p[0]) && sphere_holds_strictly(s, p[1])));
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_TRIANGLE:
		return col_triangle_intersects_triangle((col_triangle){p[0], p[1], p[2]},
		                                        (col_triangle){q[0], q[1], q[2]});
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_SPHERE:
		return col_triangle_intersects_sphere((col_triangle){p[0], p[1], p[2]}, s) &&
		       (b->mode == COL_CGA_SOLID ||
		        !(sphere_holds_strictly(s, p[0]) && sphere_holds_strictly(s, p[1]) &&
		          sphere_holds_strictly(s, p[2])));
	case COL_CGA_QUERY_SPHERE * 3 + COL_CGA_QUERY_SPHERE: {
		if (col_sphere_sphere_side(p[0], a->radius, q[0], b->radius) > 0)
			return false; /* apart */
		/* one strictly inside the other: d < |ra - rb| */
		bool nested = col_sphere_sphere_side(p[0], a->radius, q[0], -b->radius) < 0;
		return !nested || (a->radius > b->radius ? a->mode : b->mode) == COL_CGA_SOLID;
	}
	default: return false;
	}
}

static bool exact_collide(const col_cga_query *a, const col_cga_query *b, bool cga)
{
	if (cga)
		return col_cga_collide(a, b, NULL);
	if (gpu_query_of(a).kind == HD_QUERY_NONE || gpu_query_of(b).kind == HD_QUERY_NONE)
		return false;
	return a->kind <= b->kind ? euclidean_ordered(a, b) : euclidean_ordered(b, a);
}

typedef struct collide_job {
	const col_cga_query *a, *b;
	const hd_query *qa, *qb;
	bool cga;
	uint8_t *hits;
	uint64_t meeting[COL_GPU_MAX_CPU_THREADS], handed_back[COL_GPU_MAX_CPU_THREADS];
} collide_job;

static void collide_task(void *context, size_t begin, size_t end, int worker)
{
	collide_job *job = context;
	uint64_t meeting = 0, handed_back = 0;
	for (size_t i = begin; i < end; i++) {
		int answer = hd_collide(&job->qa[i], &job->qb[i], job->cga);
		if (answer == HD_UNSURE) {
			handed_back++;
			answer = exact_collide(&job->a[i], &job->b[i], job->cga) ? HD_YES : HD_NO;
		}
		job->hits[i] = answer == HD_YES;
		meeting += answer == HD_YES;
	}
	job->meeting[worker] += meeting;
	job->handed_back[worker] += handed_back;
}

col_status col_gpu_collide_pairs(col_gpu *gpu, const col_cga_query *a, const col_cga_query *b, size_t count,
                                 col_method form, uint8_t *hits, col_gpu_stats *stats, col_error *error)
{
	if (gpu == NULL || (count > 0 && (a == NULL || b == NULL || hits == NULL)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu collide_pairs: NULL context, primitives or hits");
	if (form == COL_METHOD_DEFAULT)
		form = COL_METHOD_CGA;
	if (form != COL_METHOD_CGA && form != COL_METHOD_EUCLIDEAN)
		return col_fail(error, COL_ERROR_UNSUPPORTED,
		                "gpu collide_pairs: form must be cga or euclidean");
	if (count > UINT32_MAX)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu collide_pairs: %zu pairs are too many", count);
	double start = gpu_now_ms();
	collide_job *job = calloc(1, sizeof *job);
	hd_query *q = malloc(2 * (count > 0 ? count : 1) * sizeof *q);
	if (job == NULL || q == NULL) {
		free(job);
		free(q);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu collide_pairs: out of memory");
	}
	for (size_t i = 0; i < count; i++) {
		q[i] = gpu_query_of(&a[i]);
		q[count + i] = gpu_query_of(&b[i]);
	}
	*job = (collide_job){a, b, q, q + count, form == COL_METHOD_CGA, hits, {0}, {0}};
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	col_status status = COL_OK;
	if (gpu->device == COL_DEVICE_CPU) {
		thread_pool_run(gpu->pool, count, 0, collide_task, job);
		for (int w = 0; w < thread_pool_threads(gpu->pool); w++) {
			local.hits += job->meeting[w];
			local.handed_back += job->handed_back[w];
		}
	} else if (count > 0) {
		col_gpu_buffer *dq = NULL, *dh = NULL;
		gpu_handback handback;
		memset(&handback, 0, sizeof handback);
		double moved = gpu_now_ms(), ms = 0.0;
		status = col_gpu_buffer_create(gpu, 2 * count * sizeof *q, &dq, error);
		if (status == COL_OK)
			status = col_gpu_buffer_create(gpu, count, &dh, error);
		if (status == COL_OK)
			status = col_gpu_buffer_upload(dq, 0, q, 2 * count * sizeof *q, error);
		moved = gpu_now_ms() - moved;
		if (status == COL_OK)
			status = cuda_collide_pairs(gpu, dq->data, (hd_query *)dq->data + count, count,
			                            job->cga, dh->data, &local.hits, &handback, &ms, error);
		double back = gpu_now_ms();
		if (status == COL_OK)
			status = col_gpu_buffer_download(dh, 0, hits, count, error);
		local.transfer_ms = moved + gpu_now_ms() - back;
		local.compute_ms = ms;
		local.handed_back = handback.count;
		if (status == COL_OK && handback.count > handback.capacity)
			status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
			                  "gpu collide_pairs: %llu uncertain pairs are more than the "
			                  "hand-back list holds (%zu)",
			                  (unsigned long long)handback.count, handback.capacity);
		uint32_t *list = NULL;
		if (status == COL_OK && handback.count > 0) {
			list = malloc(handback.count * sizeof *list);
			status = list == NULL ? col_fail(error, COL_ERROR_OUT_OF_MEMORY,
			                                 "gpu collide_pairs: out of memory")
			                      : gpu_to_host(gpu, list, handback.indices,
			                                    handback.count * sizeof *list, error);
		}
		for (size_t k = 0; status == COL_OK && k < handback.count; k++) {
			size_t i = list[k];
			hits[i] = exact_collide(&a[i], &b[i], job->cga);
			local.hits += hits[i];
		}
		free(list);
		col_gpu_buffer_destroy(dq);
		col_gpu_buffer_destroy(dh);
	}
	free(job);
	free(q);
	if (status != COL_OK)
		return status;
	return gpu_finish_call(gpu, &local, count, start, stats, error);
}
