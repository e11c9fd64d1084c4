/* A mesh on a compute context (gpu.h): uploaded once with its point structure (the engine's octree,
 * laid out flat) and a box hierarchy over its triangles (an LBVH), then queried in bulk at any pose.
 *
 * The queries:
 * - points inside the solid (the octree; source 000's point/polyhedron on the GPU, ch. 6);
 * - distance to the surface, signed, with the nearest point and triangle;
 * - segments, triangles and spheres against the triangles (source 003): brute force, one thread a
 *   triangle (the source's mapping), or through the hierarchy, by the CGA or the Euclidean form;
 * - mesh against mesh: every pair of triangles that meet, brute force or through the hierarchy.
 *
 * Exact where the engine is: inside/outside and meets/misses are the engine's answers
 * (col_octree_contains, col_cga_mesh_query, col_cga_mesh_mesh), bit for bit; distances are rounded
 * (the same bits on both backends). A pose places the mesh in the world: queries given in world
 * coordinates are moved into the mesh's frame by its inverse, exactly as col_transform3_apply_inverse
 * moves them, so a pose costs nothing to change.
 *
 * Thread safety: as for every object of a compute context (gpu.h), calls on this one, and on
 * anything else of its context, must not overlap: one thread at a time. */
#ifndef COLLIDE_GPU_MESH_H
#define COLLIDE_GPU_MESH_H

#include "collide/cga_collide.h"
#include "collide/gpu.h"
#include "collide/mesh.h"
#include "collide/octree.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_gpu_mesh col_gpu_mesh; /* opaque */

typedef struct col_gpu_mesh_options {
	bool solid;                /* build the octree for the inside tests and signed distances (the mesh
	                              must then be closed and consistently oriented); default true */
	col_octree_options octree; /* its options (col_octree_default_options()); ignored when not solid */
} col_gpu_mesh_options;

col_gpu_mesh_options col_gpu_mesh_default_options(void);

/* Builds the structures on the host (the octree by the engine, the LBVH), lays them out and uploads
 * them. The mesh is copied. Fails with COL_ERROR_INVALID_ARGUMENT (NULL arguments, an option out of
 * range: col_octree_build's checks), COL_ERROR_TOPOLOGY (a solid mesh that is not closed;
 * col_octree_build's message), COL_ERROR_UNSUPPORTED (an octree built deeper than 16 levels: a
 * max_depth above 16 is refused only where the mesh makes the tree that deep),
 * COL_ERROR_OUT_OF_MEMORY. */
col_status col_gpu_mesh_create(col_gpu *gpu, const col_mesh *mesh, const col_gpu_mesh_options *options,
                               col_gpu_mesh **out, col_error *error);
void col_gpu_mesh_destroy(col_gpu_mesh *mesh);

typedef struct col_gpu_mesh_info {
	int triangles;
	bool solid;
	int octree_cells, octree_leaves, octree_depth;
	size_t octree_references;
	int bvh_nodes;
	size_t device_bytes; /* everything uploaded: triangles with their planes, octree, LBVH */
	double build_ms;     /* host build and upload, wall clock */
} col_gpu_mesh_info;

col_gpu_mesh_info col_gpu_mesh_get_info(const col_gpu_mesh *mesh);
/* The engine's octree behind the inside tests (NULL for a surface mesh): the hand-backs' exact
 * answers, and what tests compare against. */
const col_octree *col_gpu_mesh_octree(const col_gpu_mesh *mesh);
const col_mesh *col_gpu_mesh_source(const col_gpu_mesh *mesh);

/* ---- points ---- */

/* inside[i] = 1 when world point points[i], moved into the mesh's frame by pose (NULL: identity),
 * lies inside or on the solid, else 0: col_octree_contains's answer. points holds count col_vec3,
 * inside count bytes; both buffers of the mesh's context. COL_ERROR_INVALID_ARGUMENT for a surface
 * mesh or a buffer too small, COL_ERROR_NOT_FINITE for a pose with a NaN or infinite component.
 * stats may be NULL. */
col_status col_gpu_mesh_contains(col_gpu_mesh *mesh, const col_transform3 *pose, const col_gpu_buffer *points,
                                 size_t count, col_gpu_buffer *inside, col_gpu_stats *stats,
                                 col_error *error);
/* The same from and to host arrays: on a GPU, streamed through pinned buffers in chunks whose upload,
 * kernel and download overlap. */
col_status col_gpu_mesh_contains_points(col_gpu_mesh *mesh, const col_transform3 *pose,
                                        const col_vec3 *points, size_t count, uint8_t *inside,
                                        col_gpu_stats *stats, col_error *error);

/* distance[i] (doubles) the distance from points[i] to the surface, negative inside for a solid mesh;
 * closest (col_vec3, in the mesh's frame) and triangle (int32) may be NULL. Rounded. */
col_status col_gpu_mesh_distance(col_gpu_mesh *mesh, const col_transform3 *pose, const col_gpu_buffer *points,
                                 size_t count, col_gpu_buffer *distance, col_gpu_buffer *closest,
                                 col_gpu_buffer *triangle, col_gpu_stats *stats, col_error *error);

/* The same from and to host arrays (closest and triangle may be NULL); on a GPU through device
 * buffers the mesh keeps between calls. */
col_status col_gpu_mesh_distance_points(col_gpu_mesh *mesh, const col_transform3 *pose,
                                        const col_vec3 *points, size_t count, double *distance,
                                        col_vec3 *closest, int32_t *triangle, col_gpu_stats *stats,
                                        col_error *error);

/* ---- primitives (source 003) ---- */

typedef enum col_gpu_search {
	COL_GPU_BRUTE_FORCE = 0, /* every triangle, one thread each (the source's mapping) */
	COL_GPU_BVH,             /* the triangles the hierarchy's boxes let through */
} col_gpu_search;

typedef struct col_gpu_query_options {
	col_method form;       /* COL_METHOD_CGA (default) or COL_METHOD_EUCLIDEAN */
	col_gpu_search search; /* default COL_GPU_BVH */
} col_gpu_query_options;

/* Each query (a segment, triangle or sphere, in the mesh's frame: col_cga_mesh_query's convention)
 * against every triangle: counts[i] (uint32) gets how many triangles query i meets, and
 * triangle_hits (one byte per mesh triangle, may be NULL) gets 1 at every triangle some query meets,
 * else 0. Host arrays. The answers are col_cga_mesh_query's with the same form, pair for pair. */
col_status col_gpu_mesh_query(col_gpu_mesh *mesh, const col_cga_query *queries, size_t count,
                              const col_gpu_query_options *options, uint32_t *counts, uint8_t *triangle_hits,
                              col_gpu_stats *stats, col_error *error);

/* Every triangle of a against every triangle of b moved by b_to_a (col_cga_mesh_mesh's convention):
 * *pairs gets the number of meeting pairs, hit_a and hit_b (one byte per triangle, may be NULL) 1 at
 * each triangle in some pair. The answers are col_cga_mesh_mesh's. Both meshes on one context. */
col_status col_gpu_mesh_mesh(col_gpu_mesh *a, col_gpu_mesh *b, col_transform3 b_to_a,
                             const col_gpu_query_options *options, uint64_t *pairs, uint8_t *hit_a,
                             uint8_t *hit_b, col_gpu_stats *stats, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
