/* An octree over a closed triangle mesh: the baseline that source 000's study (5.8, "Inc-Oct")
 * compares the tetra-tree against, the crossing number accelerated by an octree [Hai94].
 *
 * Each leaf keeps the triangles that meet its closed box (an exact test) and a reference point of
 * its own, its origin, whose state (inside or outside) is found at build time; a point query finds
 * its leaf and counts the leaf's triangles that the segment from the origin to the point crosses.
 * A cell is split into eight while it holds more than max_triangles triangles and is above
 * max_depth (and wider than 2^-23 of its coordinates' magnitude, so a cell always has room for an
 * origin); full_depth splits every cell down to max_depth, the study's "full depth" condition.
 *
 * Exact: every sign comes from predicates.h, so every answer is col_mesh_contains_point's with
 * COL_METHOD_CROSSING (for query points whose coordinates are 0 or of magnitude in
 * [COL_COORDINATE_MIN, COL_COORDINATE_MAX], where the predicates are exact); a point on the
 * surface counts as inside. Where the segment from the origin passes exactly through an edge or
 * a vertex, the count goes again through another point of the leaf (a detour); where no detour
 * is clean, or a leaf had no room for an origin, the tree's copy of the mesh answers by brute
 * force. col_octree_contains_explained says which way a query went.
 *
 * Built for speed as well as for the study: a grid over the mesh's box jumps to the cells of
 * several levels down in one step (the first levels of a descent are a chain of dependent loads),
 * the descent reads only a small array of child links, leaves list triangle numbers (4 bytes a
 * reference, not a copy), and each triangle's plane is kept with an error bound so that most of a
 * leaf's triangles are settled by four products, the exact predicate deciding only near a plane.
 *
 * Thread safety: a built col_octree is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_octree at
 * once. Only col_octree_destroy needs it to itself (no query running). Distinct structures share no
 * state. */
#ifndef COLLIDE_OCTREE_H
#define COLLIDE_OCTREE_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_octree col_octree; /* opaque: build it, query it, destroy it */

/* The deepest full_depth tree the build accepts: 8^7 = 2 097 152 leaves. */
#define COL_OCTREE_MAX_FULL_DEPTH 7

typedef struct col_octree_options {
	int max_depth;     /* levels below the root (the root is level 0); 0 picks the default (8) */
	int max_triangles; /* a cell with more triangles is split; 0 picks the default (8) */
	int leaf_cells;    /* the study's "subdivisions" (source 000, 5.8.1: octree levels 1, 3, 5 are
	                      8, 512, 32768 cells): a power of 8 that sets max_depth to its base-8
	                      logarithm; 0 leaves the depth to max_depth */
	bool full_depth;   /* split every cell down to max_depth, empty or not (at most
	                      COL_OCTREE_MAX_FULL_DEPTH): 8^max_depth leaves; false stops at
	                      max_triangles */
} col_octree_options;

col_octree_options col_octree_default_options(void);

/* Builds the octree of a mesh over its bounding box (made cubic); it copies what it needs.
 * options may be NULL. Fails with COL_ERROR_INVALID_ARGUMENT for a NULL mesh or output pointer,
 * a negative option, a leaf_cells that is not a power of 8 or disagrees with a non-zero
 * max_depth, or a full_depth deeper than COL_OCTREE_MAX_FULL_DEPTH; COL_ERROR_TOPOLOGY for a mesh
 * that is open or inconsistently oriented, or that has an edge used by an odd number of
 * triangles (three pages of a book: the crossing parity is then not defined); the message says
 * what col_mesh_validate found. COL_ERROR_OUT_OF_MEMORY when memory runs out. */
col_status col_octree_build(const col_mesh *mesh, const col_octree_options *options, col_octree **out,
                            col_error *error);
void col_octree_destroy(col_octree *tree);

/* Inside or on the surface, the same answer as col_mesh_contains_point(mesh, point,
 * COL_METHOD_CROSSING); false for a NaN or infinite point or a NULL tree. stats may be NULL:
 * nodes_visited counts the cells of the descent, primitives_tested the triangles tested (those
 * of the brute-force count too, when it answers). */
bool col_octree_contains(const col_octree *tree, col_vec3 point, col_query_stats *stats);
/* col_octree_contains for count points; inside[i] gets the answer for points[i] (false for all
 * when points or tree is NULL). */
void col_octree_contains_points(const col_octree *tree, const col_vec3 *points, size_t count, bool *inside,
                                col_query_stats *stats);

/* Which way a query was answered. */
typedef enum col_octree_route {
	COL_OCTREE_ROUTE_OUTSIDE_BOX, /* outside the mesh's box: outside, no cell looked at */
	COL_OCTREE_ROUTE_COUNT,       /* the crossings of the segment from the leaf's origin */
	COL_OCTREE_ROUTE_SURFACE,     /* the point lies on a triangle of its leaf: inside */
	COL_OCTREE_ROUTE_DETOUR,      /* the segment went through an edge or a vertex: counted
	                                 again through another point of the leaf */
	COL_OCTREE_ROUTE_BRUTE_FORCE, /* no clean detour, or a leaf without an origin: the crossing
	                                 count over the whole mesh (col_mesh_contains_point) */
} col_octree_route;

/* What one query did, for teaching, the viewer and tests. */
typedef struct col_octree_query {
	col_octree_route route;
	int leaf; /* the cell the point fell in, -1 outside the box */
} col_octree_query;

/* col_octree_contains, saying how it answered; query and stats may be NULL. */
bool col_octree_contains_explained(const col_octree *tree, col_vec3 point, col_octree_query *query,
                                   col_query_stats *stats);

typedef struct col_octree_info {
	int cells; /* all nodes, inner and leaves */
	int leaves;
	int depth;                  /* deepest level used */
	size_t triangle_references; /* sum over leaves of the triangles each holds */
	int max_leaf_triangles;
	size_t memory_bytes; /* the cells, the grid, the leaves' triangle references, the triangles
	                        with their planes, and the tree's copy of the mesh */
} col_octree_info;

col_octree_info col_octree_get_info(const col_octree *tree);

/* One cell for the viewer: its box, level, children (first of eight consecutive cells, -1 for a
 * leaf; child k takes the upper half in x when bit 0 of k is set, in y for bit 1, in z for bit 2)
 * and, for a leaf, its reference point, the point's state and its triangle count. */
typedef struct col_octree_cell {
	col_aabb3 box;
	int level;
	int first_child;
	col_vec3 origin;
	bool origin_inside;
	bool has_origin;    /* false only for a cell a few doubles wide whose every point lies in the
	                       plane of one of its triangles: it is answered by brute force, and origin
	                       is just its centre */
	int triangle_count; /* triangles that meet the closed box */
} col_octree_cell;

bool col_octree_cell_at(const col_octree *tree, int index, col_octree_cell *cell);

/* Triangle k (0 <= k < triangle_count) of leaf `index`: a mesh triangle, turned where needed so
 * the leaf's origin lies behind it (col_orient3d(a, b, c, origin) > 0; zero-area triangles and
 * those of a leaf without an origin as the mesh winds them). false for an inner cell or an index
 * out of range. */
bool col_octree_cell_triangle(const col_octree *tree, int index, int k, col_triangle *triangle);
/* The mesh's index of that triangle (col_mesh_triangle(mesh, i) as the mesh winds it), with *turned
 * (may be NULL) true where the leaf turns it; -1 where col_octree_cell_triangle gives false. What a
 * flat copy of the tree needs to refer to the mesh's triangles instead of copying them. */
int col_octree_cell_triangle_index(const col_octree *tree, int index, int k, bool *turned);

#ifdef __cplusplus
}
#endif

#endif
