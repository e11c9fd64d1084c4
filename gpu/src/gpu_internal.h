/* Private: what the host side of the large-scene backend shares between its concepts, and the CUDA
 * side's entry points (the .cu files of gpu/src/cuda; gpu/src/cuda_absent.c stands in when nvcc was not
 * found). */
#ifndef COLLIDE_GPU_INTERNAL_H
#define COLLIDE_GPU_INTERNAL_H

#include "collide/cga_collide.h"
#include "collide/gpu.h"
#include "element/broadphase.h"
#include "element/particles.h"
#include "element/polygon.h"
#include "element/queries.h"
#include "element/wide.h"
#include "thread_pool.h"
/* col_fail and col_error_clear: every library of the project fills a col_error the same way */
#include "../../engine/src/error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct col_gpu {
	col_device device; /* GPU or CPU */
	thread_pool *pool;
	size_t memory_in_use;
	void *cuda; /* the CUDA side's state (streams, events, pinned staging), NULL on the CPU */
};

struct col_gpu_buffer {
	col_gpu *gpu;
	size_t bytes;
	void *data; /* device memory, or host memory on a CPU context */
};

/* sum += part, every counter and time (sum may be NULL: nothing). */
void gpu_add_stats(col_gpu_stats *sum, const col_gpu_stats *part);
/* Ends a successful call: its query count and wall time (also its compute time on the CPU backend,
 * which has no kernel clock) go into `call`, which is added into the caller's `stats`. */
col_status gpu_finish_call(const col_gpu *gpu, col_gpu_stats *call, size_t queries, double start_ms,
                           col_gpu_stats *stats, col_error *error);

/* A query's buffer: not NULL, of gpu's context, holding at least count elements of element bytes;
 * the message names the object (`owner`, "gpu mesh") and the buffer's role (`what`, "points"). */
col_status gpu_check_buffer(const col_gpu *gpu, const col_gpu_buffer *buffer, size_t count, size_t element,
                            const char *owner, const char *what, col_error *error);

/* Monotonic wall clock in milliseconds. */
double gpu_now_ms(void);

/* Memory on the context's device (host memory on a CPU context), counted in memory_in_use. */
col_status gpu_alloc(col_gpu *gpu, size_t bytes, void **out, col_error *error);
void gpu_release(col_gpu *gpu, void *data, size_t bytes);
/* Copies of bytes to and from the context's memory (plain memcpy on a CPU context). */
col_status gpu_to_device(col_gpu *gpu, void *device, const void *host, size_t bytes, col_error *error);
col_status gpu_to_host(col_gpu *gpu, void *host, const void *device, size_t bytes, col_error *error);
/* An array built on the host placed on the device: a device copy on a GPU context (the host array
 * is then freed), the array itself on a CPU one. *out is NULL for count 0. */
col_status gpu_adopt(col_gpu *gpu, void **host_array, size_t bytes, void **out, col_error *error);

static inline hd_pose gpu_pose(const col_transform3 *t)
{
	if (t == NULL)
		return hd_pose_identity();
	hd_pose p;
	p.qx = t->rotation.x;
	p.qy = t->rotation.y;
	p.qz = t->rotation.z;
	p.qw = t->rotation.w;
	p.t = hd_v3(t->translation.x, t->translation.y, t->translation.z);
	return p;
}

/* ---- the LBVH, on either backend (gpu_lbvh.c, cuda_lbvh.cu) ---- */

/* A tree's arrays on the context's device, owned here. */
typedef struct gpu_lbvh {
	hd_lbvh tree; /* pointers into the arrays below */
	hd_box *boxes;
	int32_t *children;
	int32_t *order;
	size_t capacity; /* primitives the arrays have room for */
} gpu_lbvh;

/* Builds the tree of count boxes (on the context's device) into lbvh, growing its arrays as needed.
 * The boxes must be finite with min <= max (checked: COL_ERROR_INVALID_ARGUMENT naming the first bad
 * one). */
col_status gpu_lbvh_build(col_gpu *gpu, const hd_box *boxes, size_t count, gpu_lbvh *lbvh, double *ms,
                          col_error *error);
void gpu_lbvh_release(col_gpu *gpu, gpu_lbvh *lbvh);
size_t gpu_lbvh_bytes(const gpu_lbvh *lbvh);

/* The eight-wide tree of a binary LBVH whose arrays are in host memory (gpu_wide.c); *out is a host
 * array (free it), the root first; *depth its deepest level. */
col_status gpu_wide_build(const hd_lbvh *tree, hd_wide_node **out, size_t *count, int *depth,
                          col_error *error);

/* A warp's walk of a wide tree keeps at most 32 entries a level: trees at most this deep fit the
 * kernels' per-warp stack of 1024 (deeper ones are walked one thread a query, on the binary tree). */
#define GPU_WIDE_MAX_DEPTH 31

/* A wide tree on the device, for the warp walks (NULL nodes: none). */
typedef struct gpu_wide {
	const hd_wide_node *nodes;
	int depth;
} gpu_wide;

/* ---- meshes, as the particle step sees them (gpu_mesh.c) ---- */

struct col_gpu_mesh;
/* The mesh's arrays (device pointers on a GPU) for hd_particle_step; the poses are left to the
 * caller. */
void gpu_mesh_element(const struct col_gpu_mesh *mesh, hd_particle_mesh *out);
/* The same with host pointers: on a GPU context, host copies of the arrays, made on first use (the
 * particle hand-backs are stepped on the host). */
col_status gpu_mesh_host_element(struct col_gpu_mesh *mesh, hd_particle_mesh *out, col_error *error);
col_gpu *gpu_mesh_context(const struct col_gpu_mesh *mesh);
bool gpu_mesh_is_solid(const struct col_gpu_mesh *mesh);
/* The engine's exact inside test of a point in the mesh's frame (the hand-backs'). */
bool gpu_mesh_exact_inside(const struct col_gpu_mesh *mesh, hd_vec3 local);

/* The particle step's inputs on the device: read through one pointer by every thread. */
#define GPU_PARTICLES_MAX_MESHES 8
typedef struct gpu_particle_step {
	hd_particle_params params;
	int mesh_count;
	hd_particle_mesh meshes[GPU_PARTICLES_MAX_MESHES];
} gpu_particle_step;

/* ---- the CUDA side ---- */

bool cuda_compiled(void);
void cuda_get_info(col_gpu_info *info);
col_status cuda_context_create(col_gpu *gpu, col_error *error);
void cuda_context_destroy(col_gpu *gpu);
col_status cuda_malloc(col_gpu *gpu, size_t bytes, void **out, col_error *error);
void cuda_free(col_gpu *gpu, void *data);
col_status cuda_to_device(col_gpu *gpu, void *device, const void *host, size_t bytes, col_error *error);
col_status cuda_to_host(col_gpu *gpu, void *host, const void *device, size_t bytes, col_error *error);
/* host_values[k] (element_size bytes each) to device element indices[k] of base, and back. */
col_status cuda_scatter(col_gpu *gpu, void *base, size_t element_size, const uint32_t *indices,
                        const void *host_values, size_t count, col_error *error);
col_status cuda_gather(col_gpu *gpu, const void *base, size_t element_size, const uint32_t *indices,
                       void *host_values, size_t count, col_error *error);

col_status cuda_lbvh_build(col_gpu *gpu, const hd_box *boxes, size_t count, gpu_lbvh *lbvh, double *ms,
                           col_error *error);
/* The pairs of count boxes, whose tree is built: offsets (count + 1 entries, device) are filled;
 * *total gets the number of pairs; pairs written up to capacity. */
col_status cuda_broadphase_pairs(col_gpu *gpu, const gpu_lbvh *lbvh, const hd_box *boxes, size_t count,
                                 uint64_t *offsets, uint32_t *pairs, size_t capacity, size_t *total,
                                 double *ms, col_error *error);

/* Hand-backs: the elements a kernel could not certify, listed on the device in the context's list
 * (capacity entries; past it the kernel only counts, and the host then reads every result). */
typedef struct gpu_handback {
	const uint32_t *indices; /* device: single indices, or (a, b) pairs */
	size_t capacity;         /* entries (pairs count as one) */
	uint64_t count;          /* how many the kernel handed back */
} gpu_handback;

/* The point queries: inside[i] = 0, 1, or HD_OCTREE_UNSURE (listed); *inside_count counts the 1s. */
col_status cuda_mesh_contains(col_gpu *gpu, const hd_octree *tree, hd_pose pose, const hd_vec3 *points,
                              size_t count, uint8_t *inside, uint64_t *inside_count, gpu_handback *handback,
                              double *ms, col_error *error);
/* The same for host arrays, streamed in chunks through pinned memory; the unsure ones are left at
 * HD_OCTREE_UNSURE in inside (host) and counted in *unsure. */
col_status cuda_mesh_contains_host(col_gpu *gpu, const hd_octree *tree, hd_pose pose, const col_vec3 *points,
                                   size_t count, uint8_t *inside, uint64_t *inside_count, uint64_t *unsure,
                                   double *compute_ms, double *transfer_ms, col_error *error);
/* distance[i] unsigned for the listed points (sign unsure), signed for the others. */
col_status cuda_mesh_distance(col_gpu *gpu, const hd_octree *tree, const hd_lbvh *bvh,
                              const hd_octree_triangle *triangles, hd_pose pose, const hd_vec3 *points,
                              size_t count, double *distance, hd_vec3 *closest, int32_t *triangle,
                              gpu_handback *handback, double *ms, col_error *error);

/* counts (device, count entries) and triangle_hits (device, may be NULL) are zeroed and filled; the
 * unsure (query, triangle) pairs are listed. */
col_status cuda_mesh_query(col_gpu *gpu, const hd_lbvh *bvh, gpu_wide wide,
                           const hd_octree_triangle *triangles, int triangle_count, const hd_query *queries,
                           size_t count, bool cga, bool use_bvh, uint32_t *counts, uint8_t *triangle_hits,
                           gpu_handback *handback, double *ms, col_error *error);
/* Every pair (a_i, b_j moved by b_to_a): *pairs gets the certified meeting pairs, hit_a and hit_b
 * (device, may be NULL; zeroed here) their triangles; the unsure (i, j) listed. */
col_status cuda_mesh_mesh(col_gpu *gpu, const hd_octree_triangle *ta, int count_a, const hd_lbvh *bvh_a,
                          gpu_wide wide_a, const hd_octree_triangle *tb, int count_b, const hd_lbvh *bvh_b,
                          gpu_wide wide_b, hd_pose b_to_a, bool cga, bool use_bvh, uint64_t *pairs,
                          uint8_t *hit_a, uint8_t *hit_b, gpu_handback *handback, double *ms,
                          col_error *error);

/* The polygon query: inside[i] = 0, 1, or HD_POLYGON_UNSURE (listed); *inside_count counts the 1s.
 * pose is (c, s, tx, ty). */
col_status cuda_polygon_contains(col_gpu *gpu, const hd_grid *grid, const double pose[4],
                                 const hd_vec2 *points, size_t count, uint8_t *inside, uint64_t *inside_count,
                                 gpu_handback *handback, double *ms, col_error *error);

/* hits[i] for the pairs a[i], b[i] (device arrays); the unsure ones listed. */
col_status cuda_collide_pairs(col_gpu *gpu, const hd_query *a, const hd_query *b, size_t count, bool cga,
                              uint8_t *hits, uint64_t *meeting, gpu_handback *handback, double *ms,
                              col_error *error);

/* col_cga_query to the kernels' form (kind HD_QUERY_NONE for an invalid one: it meets nothing). */
hd_query gpu_query_of(const col_cga_query *query);

/* One step of count particles (device arrays; cache holds mesh_count x count leaves); step is on the
 * device. The particles the kernel could not certify are listed, untouched. */
col_status cuda_particles_step(col_gpu *gpu, const gpu_particle_step *step, size_t count, hd_vec3 *p,
                               hd_vec3 *v, hd_vec3 *anchor, uint32_t *flags, int32_t *cache,
                               gpu_handback *handback, hd_particle_counts *counts, double *ms,
                               col_error *error);

#ifdef __cplusplus
}
#endif

#endif
