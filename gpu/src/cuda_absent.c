/* The CUDA side when the build found no nvcc: nothing is available, and no context ever reaches the
 * other entry points (col_gpu_create makes a CPU context), which say so if called. */
#include "gpu_internal.h"

bool cuda_compiled(void)
{
	return false;
}

void cuda_get_info(col_gpu_info *info)
{
	(void)info;
}

#define ABSENT(error) col_fail(error, COL_ERROR_UNSUPPORTED, "gpu: built without CUDA")

col_status cuda_context_create(col_gpu *gpu, col_error *error)
{
	(void)gpu;
	return ABSENT(error);
}
void cuda_context_destroy(col_gpu *gpu)
{
	(void)gpu;
}
col_status cuda_malloc(col_gpu *gpu, size_t bytes, void **out, col_error *error)
{
	(void)gpu, (void)bytes, (void)out;
	return ABSENT(error);
}
void cuda_free(col_gpu *gpu, void *data)
{
	(void)gpu, (void)data;
}
col_status cuda_to_device(col_gpu *gpu, void *device, const void *host, size_t bytes, col_error *error)
{
	(void)gpu, (void)device, (void)host, (void)bytes;
	return ABSENT(error);
}
col_status cuda_to_host(col_gpu *gpu, void *host, const void *device, size_t bytes, col_error *error)
{
	(void)gpu, (void)device, (void)host, (void)bytes;
	return ABSENT(error);
}
col_status cuda_scatter(col_gpu *gpu, void *base, size_t element_size, const uint32_t *indices,
                        const void *host_values, size_t count, col_error *error)
{
	(void)gpu, (void)base, (void)element_size, (void)indices, (void)host_values, (void)count;
	return ABSENT(error);
}
col_status cuda_gather(col_gpu *gpu, const void *base, size_t element_size, const uint32_t *indices,
                       void *host_values, size_t count, col_error *error)
{
	(void)gpu, (void)base, (void)element_size, (void)indices, (void)host_values, (void)count;
	return ABSENT(error);
}
col_status cuda_lbvh_build(col_gpu *gpu, const hd_box *boxes, size_t count, gpu_lbvh *lbvh, double *ms,
                           col_error *error)
{
	(void)gpu, (void)boxes, (void)count, (void)lbvh, (void)ms;
	return ABSENT(error);
}
col_status cuda_broadphase_pairs(col_gpu *gpu, const gpu_lbvh *lbvh, const hd_box *boxes, size_t count,
                                 uint64_t *offsets, uint32_t *pairs, size_t capacity, size_t *total,
                                 double *ms, col_error *error)
{
	(void)gpu, (void)lbvh, (void)boxes, (void)count, (void)offsets, (void)pairs, (void)capacity,
	    (void)total, (void)ms;
	return ABSENT(error);
}
col_status cuda_mesh_contains(col_gpu *gpu, const hd_octree *tree, hd_pose pose, const hd_vec3 *points,
                              size_t count, uint8_t *inside, uint64_t *inside_count, gpu_handback *handback,
                              double *ms, col_error *error)
{
	(void)gpu, (void)tree, (void)pose, (void)points, (void)count, (void)inside, (void)inside_count,
	    (void)handback, (void)ms;
	return ABSENT(error);
}
col_status cuda_mesh_contains_host(col_gpu *gpu, const hd_octree *tree, hd_pose pose, const col_vec3 *points,
                                   size_t count, uint8_t *inside, uint64_t *inside_count, uint64_t *unsure,
                                   double *compute_ms, double *transfer_ms, col_error *error)
{
	(void)gpu, (void)tree, (void)pose, (void)points, (void)count, (void)inside, (void)inside_count,
	    (void)unsure, (void)compute_ms, (void)transfer_ms;
	return ABSENT(error);
}
col_status cuda_mesh_distance(col_gpu *gpu, const hd_octree *tree, const hd_lbvh *bvh,
                              const hd_octree_triangle *triangles, hd_pose pose, const hd_vec3 *points,
                              size_t count, double *distance, hd_vec3 *closest, int32_t *triangle,
                              gpu_handback *handback, double *ms, col_error *error)
{
	(void)gpu, (void)tree, (void)bvh, (void)triangles, (void)pose, (void)points, (void)count,
	    (void)distance, (void)closest, (void)triangle, (void)handback, (void)ms;
	return ABSENT(error);
}
col_status cuda_mesh_query(col_gpu *gpu, const hd_lbvh *bvh, gpu_wide wide,
                           const hd_octree_triangle *triangles, int triangle_count, const hd_query *queries,
                           size_t count, bool cga, bool use_bvh, uint32_t *counts, uint8_t *triangle_hits,
                           gpu_handback *handback, double *ms, col_error *error)
{
	(void)gpu, (void)bvh, (void)wide, (void)triangles, (void)triangle_count, (void)queries, (void)count,
	    (void)cga, (void)use_bvh, (void)counts, (void)triangle_hits, (void)handback, (void)ms;
	return ABSENT(error);
}
col_status cuda_mesh_mesh(col_gpu *gpu, const hd_octree_triangle *ta, int count_a, const hd_lbvh *bvh_a,
                          gpu_wide wide_a, const hd_octree_triangle *tb, int count_b, const hd_lbvh *bvh_b,
                          gpu_wide wide_b, hd_pose b_to_a, bool cga, bool use_bvh, uint64_t *pairs,
                          uint8_t *hit_a, uint8_t *hit_b, gpu_handback *handback, double *ms,
                          col_error *error)
{
	(void)gpu, (void)ta, (void)count_a, (void)bvh_a, (void)wide_a, (void)tb, (void)count_b, (void)bvh_b,
	    (void)wide_b, (void)b_to_a, (void)cga, (void)use_bvh, (void)pairs, (void)hit_a, (void)hit_b,
	    (void)handback, (void)ms;
	return ABSENT(error);
}
col_status cuda_particles_step(col_gpu *gpu, const gpu_particle_step *step, size_t count, hd_vec3 *p,
                               hd_vec3 *v, hd_vec3 *anchor, uint32_t *flags, int32_t *cache,
                               gpu_handback *handback, hd_particle_counts *counts, double *ms,
                               col_error *error)
{
	(void)gpu, (void)step, (void)count, (void)p, (void)v, (void)anchor, (void)flags, (void)cache,
	    (void)handback, (void)counts, (void)ms;
	return ABSENT(error);
}
col_status cuda_collide_pairs(col_gpu *gpu, const hd_query *a, const hd_query *b, size_t count, bool cga,
                              uint8_t *hits, uint64_t *meeting, gpu_handback *handback, double *ms,
                              col_error *error)
{
	(void)gpu, (void)a, (void)b, (void)count, (void)cga, (void)hits, (void)meeting, (void)handback,
	    (void)ms;
	return ABSENT(error);
}
col_status cuda_polygon_contains(col_gpu *gpu, const hd_grid *grid, const double pose[4],
                                 const hd_vec2 *points, size_t count, uint8_t *inside, uint64_t *inside_count,
                                 gpu_handback *handback, double *ms, col_error *error)
{
	(void)gpu, (void)grid, (void)pose, (void)points, (void)count, (void)inside, (void)inside_count,
	    (void)handback, (void)ms;
	return ABSENT(error);
}
