/* A bounding volume hierarchy over a triangle mesh: the structure for the queries the tetra-tree
 * answers slowly (tetratree.h).
 *
 * Why a second structure: every tetra-cone has its apex at the covering's origin, so cones are
 * long and thin far from it and a ball or a moved triangle away from the apex reaches many of
 * them; on meshes that are not star-shaped about the apex (a torus, nested shells, a folded
 * plate) each leaf lists triangles from everywhere along its ray. A box hierarchy bounds the
 * surface where it is, whatever its shape, and two of them are descended together for a pair.
 *
 * The boxes (single precision, rounded outwards) are split top-down by the surface area
 * heuristic over binned triangle centroids; each leaf keeps its triangles' coordinates, so a
 * leaf is one stretch of memory. The boxes only prune: every answer comes from the same exact
 * triangle tests as the brute-force oracles in mesh.h, on the same rounded moved vertices, so the
 * answers are theirs. A solid BVH (the default) also builds an octree (octree.h) for point
 * containment: the inside of a closed mesh is what its surface boxes cannot say. A coarse
 * clearance grid (16 one-byte cells a triangle, each saying how many cells of empty space lie
 * around it) ends a ball query far from the surface before any box is visited.
 *
 * The tree lives in the mesh's own frame: a pose moves it without rebuilding.
 *
 * Thread safety: a built col_mesh_bvh is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_mesh_bvh at
 * once. Only col_mesh_bvh_destroy needs it to itself (no query running). Distinct structures share
 * no state. */
#ifndef COLLIDE_MESH_BVH_H
#define COLLIDE_MESH_BVH_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_mesh_bvh col_mesh_bvh; /* opaque: build it, query it, destroy it */

/* The most triangles a leaf may hold. */
#define COL_MESH_BVH_MAX_LEAF_TRIANGLES 64

typedef struct col_mesh_bvh_options {
	int leaf_triangles; /* a node with more triangles is split (default 4; 1 to
	                       COL_MESH_BVH_MAX_LEAF_TRIANGLES) */
	bool surface_only;  /* true: no containment octree; the mesh may then be open, and the
	                       solid queries answer for the surface alone (see each) */
} col_mesh_bvh_options;

col_mesh_bvh_options col_mesh_bvh_default_options(void);

/* Builds the hierarchy of a mesh (copied: the mesh may be destroyed after). options may be NULL.
 * Fails with COL_ERROR_INVALID_ARGUMENT for a NULL mesh or output, or leaf_triangles out of range;
 * COL_ERROR_NOT_FINITE for a mesh with a NaN or infinite coordinate; COL_ERROR_TOPOLOGY for a mesh
 * with no triangle, or (unless surface_only) one that is not closed and consistently oriented
 * (col_octree_build's conditions; the message says what is wrong); COL_ERROR_OUT_OF_MEMORY. */
col_status col_mesh_bvh_build(const col_mesh *mesh, const col_mesh_bvh_options *options, col_mesh_bvh **out,
                              col_error *error);
void col_mesh_bvh_destroy(col_mesh_bvh *bvh);

/* The BVH's own copy of the mesh. */
const col_mesh *col_mesh_bvh_mesh(const col_mesh_bvh *bvh);
/* Whether the BVH answers solid queries (it was built without surface_only). */
bool col_mesh_bvh_is_solid(const col_mesh_bvh *bvh);

typedef struct col_mesh_bvh_stats {
	int nodes; /* every node, leaves included */
	int leaves;
	int depth; /* the deepest leaf's level, the root being level 0 */
	int max_leaf_triangles;
	double mean_leaf_depth;
	size_t memory_bytes;  /* everything the BVH allocated: nodes, leaf triangles, its copy of
	                         the mesh, the clearance grid and the containment octree */
	size_t octree_bytes;  /* the octree's share of memory_bytes (0 when surface_only) */
	double build_seconds; /* wall clock, the octree included */
} col_mesh_bvh_stats;

col_mesh_bvh_stats col_mesh_bvh_get_stats(const col_mesh_bvh *bvh);

/* One node, for the viewer and the tests. Node 0 is the root; an inner node's children are
 * first_child and first_child + 1. A leaf's triangles are col_mesh_bvh_leaf_triangles(first,
 * count). Every triangle is in exactly one leaf, and every node's box holds its subtree's
 * triangles. */
typedef struct col_mesh_bvh_node {
	col_aabb3 box;
	int depth;          /* 0 for the root */
	int first_child;    /* -1 for a leaf */
	int first_triangle; /* leaves: where its triangles start in col_mesh_bvh_leaf_triangles */
	int triangle_count; /* leaves: how many (0 for an inner node) */
} col_mesh_bvh_node;

int col_mesh_bvh_node_count(const col_mesh_bvh *bvh);
/* false for an index out of range. */
bool col_mesh_bvh_node_at(const col_mesh_bvh *bvh, int index, col_mesh_bvh_node *node);
/* The mesh triangle indices in leaf order (count gets the triangle count). */
const int32_t *col_mesh_bvh_leaf_triangles(const col_mesh_bvh *bvh, int *count);

/* What a query visited, for the viewer's step-through: the caller owns the arrays (either may be
 * NULL with capacity 0); the counts say how many entries there would have been. Pair queries list
 * a's nodes and triangles. */
typedef struct col_mesh_bvh_trace {
	int *nodes;
	int node_capacity, node_count;
	int *triangles;
	int triangle_capacity, triangle_count;
} col_mesh_bvh_trace;

/* Inside or on the surface: the octree's answer (col_octree_contains), which is
 * col_mesh_contains_point's with COL_METHOD_CROSSING. false for a surface-only BVH, a NULL BVH
 * or a non-finite point. */
bool col_mesh_bvh_contains(const col_mesh_bvh *bvh, col_vec3 point, col_query_stats *stats);
void col_mesh_bvh_contains_points(const col_mesh_bvh *bvh, const col_vec3 *points, size_t count, bool *inside,
                                  col_query_stats *stats);

/* Whether the closed ball meets the surface (touching counts; a ball wholly inside does not):
 * none when the clearance grid puts its centre farther than its radius from every triangle (no
 * node visited); else the leaves whose boxes the ball reaches, their triangles by
 * col_triangle_intersects_sphere, stopping at the first that meets. false for a NaN centre or radius or a
 * negative radius. stats and trace may be NULL. */
bool col_mesh_bvh_sphere_meets_surface(const col_mesh_bvh *bvh, col_sphere sphere, col_query_stats *stats,
                                       col_mesh_bvh_trace *trace);
/* Whether the closed ball meets the solid (col_mesh_intersects_sphere's answer): its centre
 * inside, or the ball meeting the surface. A surface-only BVH answers for the surface. */
bool col_mesh_bvh_intersects_sphere(const col_mesh_bvh *bvh, col_sphere sphere, col_query_stats *stats,
                                    col_mesh_bvh_trace *trace);
/* Whether the ball meets the solid and, if so, the contact as col_tetratree_sphere_contact gives
 * it (the nearest surface point; the normal moves the ball out; the depth is how far). contact
 * may be NULL. */
bool col_mesh_bvh_sphere_contact(const col_mesh_bvh *bvh, col_sphere sphere, col_contact3 *contact,
                                 col_query_stats *stats);

/* The surface point nearest to point: nodes nearest box first, pruned by the best distance found.
 * Writes it to *closest and its triangle to *triangle (either may be NULL) and returns its
 * distance (col_triangle_closest_point, rounded); -1 for a non-finite point or a NULL BVH. */
double col_mesh_bvh_closest_point(const col_mesh_bvh *bvh, col_vec3 point, col_vec3 *closest, int *triangle,
                                  col_query_stats *stats);
/* The distance to the surface, negative inside (the sign from col_mesh_bvh_contains, exact; a
 * surface-only BVH gives the unsigned distance). NaN for a non-finite point or a NULL BVH. */
double col_mesh_bvh_signed_distance(const col_mesh_bvh *bvh, col_vec3 point, col_query_stats *stats);

/* The first surface point on origin + t direction, 0 <= t <= max_distance (direction need not be
 * unit; t is in its units): boxes by the slab test nearest entry first, triangles by
 * Moller-Trumbore in double. false when the ray misses or for a zero or non-finite direction;
 * hit may be NULL. */
bool col_mesh_bvh_ray_cast(const col_mesh_bvh *bvh, col_vec3 origin, col_vec3 direction, double max_distance,
                           col_ray_hit3 *hit, col_query_stats *stats);

/* Whether the surfaces of a and of b (moved into a's frame by b_to_a) meet: the two hierarchies
 * descended together, node boxes tested by separating axes, the triangles of leaf pairs by
 * col_triangle_intersects_triangle on b's moved vertices. What FCL's mesh/mesh test answers. false
 * for a NULL BVH or a non-finite transform. */
bool col_mesh_bvh_surfaces_meet(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                                col_query_stats *stats, col_mesh_bvh_trace *trace);
/* Whether the solids meet (col_mesh_intersects_mesh's answer): the surfaces, then one vertex of
 * each piece of either inside the other (by the other's octree). With a surface-only BVH on
 * either side, the surfaces alone. */
bool col_mesh_bvh_intersects(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                             col_query_stats *stats, col_mesh_bvh_trace *trace);

/* col_mesh_contacts through the hierarchies: the same contacts in the same order (a nearest point
 * may differ where two are equally near). Both BVHs must be solid (COL_ERROR_INVALID_ARGUMENT
 * otherwise). */
col_status col_mesh_bvh_contacts(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                                 col_mesh_contact *contacts, int capacity, col_mesh_contact_summary *summary,
                                 col_query_stats *stats, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
