/* A quadtree over a polygon's edges: the baseline that source 000's study (4.8) compares the
 * tri-tree against, the crossing number accelerated by a quadtree [Hai94, SE03].
 *
 * Each leaf keeps the edges that cross it and a reference point of its own whose state (inside or
 * outside) is found at build time; a point query finds its leaf and counts the leaf's edges that
 * cross the segment from the reference point to the query point. A leaf is split into four while
 * it holds more than max_edges edges and is above max_depth (and wider than 2^-23 of its
 * coordinates' magnitude, so a cell always has room for an origin). Exact: every sign comes from
 * predicates.h, so every answer is col_polygon_contains's (for query points whose coordinates are
 * 0 or of magnitude in [COL_COORDINATE_MIN, COL_COORDINATE_MAX], where the predicates are exact);
 * a point on the boundary counts as inside.
 *
 * Thread safety: a built col_quadtree is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_quadtree at
 * once. Only col_quadtree_destroy needs it to itself (no query running). Distinct structures share
 * no state. */
#ifndef COLLIDE_QUADTREE_H
#define COLLIDE_QUADTREE_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/polygon.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_quadtree col_quadtree; /* opaque: build it, query it, destroy it */

typedef struct col_quadtree_options {
	int max_depth; /* levels below the root (the root is level 0); 0 picks the default (8) */
	int max_edges; /* a cell with more edges is split; 0 picks the default (4) */
} col_quadtree_options;

col_quadtree_options col_quadtree_default_options(void);

/* Builds the quadtree of a polygon over its bounding box (made square); it copies what it needs.
 * options may be NULL. Fails with COL_ERROR_INVALID_ARGUMENT for a NULL polygon or output pointer
 * or a negative option, COL_ERROR_OUT_OF_MEMORY when memory runs out. */
col_status col_quadtree_build(const col_polygon *polygon, const col_quadtree_options *options,
                              col_quadtree **out, col_error *error);
void col_quadtree_destroy(col_quadtree *tree);

/* Inside or on the boundary, the same answer as col_polygon_contains. stats may be NULL:
 * nodes_visited counts the cells of the descent, primitives_tested the edges tested. */
bool col_quadtree_contains(const col_quadtree *tree, col_vec2 point, col_query_stats *stats);
void col_quadtree_contains_points(const col_quadtree *tree, const col_vec2 *points, size_t count,
                                  bool *inside, col_query_stats *stats);

typedef struct col_quadtree_info {
	int cells; /* all nodes, inner and leaves */
	int leaves;
	int depth;              /* deepest level used */
	size_t edge_references; /* sum over leaves of the edges each holds */
	int max_leaf_edges;
	size_t memory_bytes;
} col_quadtree_info;

col_quadtree_info col_quadtree_get_info(const col_quadtree *tree);

/* One cell for the viewer: its box, level, children (first of four consecutive cells, -1 for a
 * leaf) and, for a leaf, its reference point, the point's state and its edge count. */
typedef struct col_quadtree_cell {
	col_aabb2 box;
	int level;
	int first_child;
	col_vec2 origin;
	bool origin_inside;
	bool has_origin; /* false only for a cell a few doubles wide whose every point lies on
	                    the line of one of its edges: it is answered by brute force, and
	                    origin is just its centre */
	int edge_count;  /* edges that meet the closed box */
} col_quadtree_cell;

bool col_quadtree_cell_at(const col_quadtree *tree, int index, col_quadtree_cell *cell);

#ifdef __cplusplus
}
#endif

#endif
