/* Private: the mesh BVH's record, shared by its build and point queries (mesh_bvh.c) and its pair
 * queries (mesh_bvh_pair.c). */
#ifndef COLLIDE_MESH_BVH_INTERNAL_H
#define COLLIDE_MESH_BVH_INTERNAL_H

#include "clearance_grid.h"
#include "collide/mesh_bvh.h"
#include "collide/octree.h"

/* 32 bytes: a box in single precision as centre and half extents, the extents rounded up so
 * that centre -/+ half still holds what it bounds (queries take centres and extents as they are,
 * with no arithmetic), and either the first of two adjacent children (count 0) or a stretch of
 * leaf triangles. */
typedef struct bvh_node {
	float center[3], half[3];
	int32_t first;
	int32_t count;
} bvh_node;

/* A node's slab: its triangles lie between the planes normal . x = low and = high, normal a
 * unit (to float rounding) direction, their mean area-weighted normal. A box around a tilted
 * patch of surface is fat; the slab is as thin as the patch is flat, which is what prunes a
 * tilted pair or a ball beside the patch. Kept apart from the nodes so a box test loads 32 bytes. */
typedef struct bvh_slab {
	float normal[3];
	float low, high;
} bvh_slab;

/* Traversals keep their own stacks: the build caps the depth (BVH_MAX_DEPTH) so these never
 * overflow. A pair descent pushes at most two entries per level of either tree. */
enum { BVH_MAX_DEPTH = 96, BVH_STACK = BVH_MAX_DEPTH + 4, BVH_PAIR_STACK = 4 * BVH_MAX_DEPTH + 8 };

struct col_mesh_bvh {
	col_mesh *mesh;     /* the BVH's copy */
	col_octree *octree; /* containment; NULL when surface_only */
	bvh_node *nodes;
	bvh_slab *slabs; /* one per node */
	uint8_t *depths; /* each node's level, for the viewer (nodes stay 32 bytes) */
	int node_count;
	col_triangle *triangles; /* in leaf order: node.first .. node.first + node.count - 1 */
	int32_t *ids;            /* the mesh triangle index of each */
	int32_t *piece_vertices; /* one vertex of each connected piece */
	int piece_count;
	double scale;             /* the largest coordinate magnitude of the mesh, for rounding slack */
	clearance_grid clearance; /* ends ball queries far from the surface before the descent */
	col_mesh_bvh_stats stats;
};

static inline bool bvh_is_leaf(const bvh_node *node)
{
	return node->count > 0;
}

/* Records a visit in a trace (either array may be full or absent: the count still goes up). */
static inline void bvh_trace_node(col_mesh_bvh_trace *trace, int index)
{
	if (trace == NULL)
		return;
	if (trace->nodes != NULL && trace->node_count < trace->node_capacity)
		trace->nodes[trace->node_count] = index;
	trace->node_count++;
}

static inline void bvh_trace_triangle(col_mesh_bvh_trace *trace, int index)
{
	if (trace == NULL)
		return;
	if (trace->triangles != NULL && trace->triangle_count < trace->triangle_capacity)
		trace->triangles[trace->triangle_count] = index;
	trace->triangle_count++;
}

/* The nearest-point search without counting a query (contacts use it for depths). */
double bvh_nearest(const col_mesh_bvh *bvh, col_vec3 point, col_vec3 *closest, int *triangle,
                   col_query_stats *stats);

#endif
