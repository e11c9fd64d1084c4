/* A covering grid: fast point-in-polygon for any polygon with holes, at any size.
 *
 * The simplicial covering of source 000 decides a point from one origin O whose state is known
 * (4.2: the centroid flag): the point's state differs from O's by the edges the segment O-P
 * crosses. The tri-tree keeps O fixed and narrows the edges by angle, which works well only when
 * the polygon is star-shaped from O. The grid moves the origin instead: every cell of a uniform
 * grid over the polygon's box has its own origin, a point of the cell off every edge, whose
 * state is found once at build time. A query finds its cell and counts the cell's edges that cross
 * the segment from the cell's origin to the point, so it costs O(1) expected on any polygon
 * (comb, spiral, slivers, thousands of holes). Cells that still hold many edges (thin slivers,
 * dense spirals) are split by a nested grid of their own.
 *
 * Exact: every sign comes from predicates.h, so every answer is col_polygon_contains's (for query
 * points whose coordinates are 0 or of magnitude in [COL_COORDINATE_MIN, COL_COORDINATE_MAX], where
 * the predicates are exact); a point on the boundary counts as inside. The build costs about
 * O(edge references + cells), and no more memory than options.memory_per_edge allows.
 *
 * Thread safety: a built col_polygon_grid is read-only: every query takes it as const and writes
 * only through the pointers the caller passes, so any number of threads may query one
 * col_polygon_grid at once. Only col_polygon_grid_destroy needs it to itself (no query running).
 * Distinct structures share no state. */
#ifndef COLLIDE_POLYGON_GRID_H
#define COLLIDE_POLYGON_GRID_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/polygon.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_polygon_grid col_polygon_grid; /* opaque: build it, query it, destroy it */

typedef struct col_polygon_grid_options {
	double cells_per_edge;  /* cells of the top grid per polygon edge, and of a nested grid per edge
	                           of the cell it splits; 0 picks the default (2) */
	int max_cell_edges;     /* a cell with more edges gets a nested grid; 0 picks the default (8) */
	int max_depth;          /* nesting levels below the top grid; 0 picks the default (3) */
	double memory_per_edge; /* the memory bound: cells plus the edge references they hold (32 bytes
	                           each), per polygon edge, at least 4096 in all; 0 picks the default
	                           (32). Only polygons whose long edges cross many cells reach it (a
	                           star of 10^5 random spikes): their top grid is made coarser, and the
	                           fullest cells are split first until it is spent. */
} col_polygon_grid_options;

col_polygon_grid_options col_polygon_grid_default_options(void);

/* Builds the grid of a polygon; it copies what it needs, so the polygon may be destroyed after.
 * options may be NULL (defaults). Fails with COL_ERROR_INVALID_ARGUMENT for a NULL polygon or
 * output pointer or an option out of range (negative, NaN or infinite), COL_ERROR_OUT_OF_MEMORY when
 * memory runs out. */
col_status col_polygon_grid_build(const col_polygon *polygon, const col_polygon_grid_options *options,
                                  col_polygon_grid **out, col_error *error);
void col_polygon_grid_destroy(col_polygon_grid *grid);

/* Inside or on the boundary; the same answer as col_polygon_contains for every point. stats may be
 * NULL: nodes_visited counts grid cells looked at, primitives_tested edges tested. */
bool col_polygon_grid_contains(const col_polygon_grid *grid, col_vec2 point, col_query_stats *stats);
void col_polygon_grid_contains_points(const col_polygon_grid *grid, const col_vec2 *points, size_t count,
                                      bool *inside, col_query_stats *stats);

/* What the grid is made of, for the viewer, the docs and the benchmarks. */
typedef struct col_polygon_grid_info {
	col_aabb2 bounds;       /* the top grid covers this box (the polygon's) */
	int columns, rows;      /* of the top grid */
	int cells;              /* over all levels */
	int nested_grids;       /* cells split by a grid of their own */
	int depth;              /* deepest nesting level used (0: none) */
	int empty_cells;        /* cells no edge crosses: answered by their origin alone */
	int max_cell_edges;     /* the most edges a cell without a nested grid holds (a query's worst) */
	size_t edge_references; /* sum over the cells without a nested grid of the edges each holds */
	size_t memory_bytes;    /* everything the grid allocated */
	bool half_planes;       /* a convex polygon of at most 8 edges: queries test the edges'
	                           half-planes and skip the cells (which are still built) */
} col_polygon_grid_info;

col_polygon_grid_info col_polygon_grid_get_info(const col_polygon_grid *grid);

/* One cell as the viewer draws it: its box, its origin and the origin's state, the number of
 * edges it holds, and its nested grid (first_child >= 0, an index for col_polygon_grid_cell_at) or
 * -1. Cells are numbered 0 .. cells-1; the top grid's are 0 .. columns*rows-1, row by row from the
 * bottom left; a nested grid's cells are consecutive, row by row, and come after its parent's. */
typedef struct col_polygon_grid_cell {
	col_aabb2 box;
	col_vec2 origin;
	bool origin_inside;
	bool has_origin; /* false only for a cell a few doubles wide whose every point lies on
	                    the line of one of its edges: it is answered by brute force, and
	                    origin is just its centre */
	int edge_count;  /* edges that may meet the cell (its box, widened by a hair) */
	int level;       /* 0 for the top grid */
	int first_child; /* first cell of its nested grid, or -1 */
	int child_columns, child_rows;
} col_polygon_grid_cell;

/* false when index is out of range. */
bool col_polygon_grid_cell_at(const col_polygon_grid *grid, int index, col_polygon_grid_cell *cell);

/* Edge k (0 <= k < edge_count) of a cell without a nested grid, turned so that the cell's origin lies
 * on its left (for a cell with an origin): what a flat copy of the grid needs. false for a cell with
 * a nested grid or an index out of range. */
bool col_polygon_grid_cell_edge(const col_polygon_grid *grid, int index, int k, col_vec2 *a, col_vec2 *b);

/* The index of the deepest cell holding point (a top cell or a nested one), or -1 outside the
 * box. */
int col_polygon_grid_locate(const col_polygon_grid *grid, col_vec2 point);

#ifdef __cplusplus
}
#endif

#endif
