/* Point in a polygon with holes, one point per call: the engine's covering grid
 * (collide/polygon_grid.h) laid out flat, queried as col_polygon_grid_contains queries it.
 *
 * The point's cell is found by the grid's own arithmetic (the cell of (x - lo) * n / (hi - lo), in
 * the top grid and then in each nested one), and counted from the cell's origin: the point's state
 * is the origin's, flipped once per edge of the cell the segment between them crosses. A cell keeps
 * every edge that meets its box widened far beyond any rounding of that arithmetic, so the count is
 * exact whatever cell a rounding picks (engine/src/polygon_grid.c). Each edge is turned so that the
 * origin lies on its left; it is crossed when the point lies strictly on its right and its ends on
 * either side of the line from the origin to the point. Every sign is filtered; where one cannot
 * be certified (the point on or near an edge, the line through a vertex), or the cell has no origin,
 * the answer is HD_POLYGON_UNSURE and the point goes back to col_polygon_grid_contains. */
#ifndef COLLIDE_GPU_ELEMENT_POLYGON_H
#define COLLIDE_GPU_ELEMENT_POLYGON_H

#include "hd.h"

enum { HD_POLYGON_OUTSIDE = 0, HD_POLYGON_INSIDE = 1, HD_POLYGON_UNSURE = 2 };
enum { HD_CELL_INSIDE = 1, HD_CELL_NO_ORIGIN = 2 };

typedef struct hd_vec2 {
	double x, y;
} hd_vec2;

/* A cell: its box (a nested grid covers it), its origin and state, its edges (a leaf) or its nested
 * grid (child >= 0: the first of columns x rows cells, row by row from the bottom left). */
typedef struct hd_grid_cell {
	double lo_x, lo_y, hi_x, hi_y;
	double origin_x, origin_y;
	int32_t first, count; /* a leaf's edges */
	int32_t child, columns, rows;
	int32_t state; /* HD_CELL_INSIDE, HD_CELL_NO_ORIGIN */
} hd_grid_cell;

typedef struct hd_grid {
	double lo_x, lo_y, hi_x, hi_y; /* the polygon's box: the top grid's */
	int32_t columns, rows;
	const hd_grid_cell *cells;
	const double *edges; /* 4 a edge: a.x, a.y, b.x, b.y */
} hd_grid;

COL_HD hd_vec2 hd_v2(double x, double y)
{
	hd_vec2 v;
	v.x = x;
	v.y = y;
	return v;
}

/* col_transform2_apply_inverse with the rotation (c, s) and translation (tx, ty). */
COL_HD hd_vec2 hd_pose2_apply_inverse(double c, double s, double tx, double ty, hd_vec2 p)
{
	double x = p.x - tx, y = p.y - ty;
	return hd_v2(c * x + s * y, -s * x + c * y);
}

/* The cell of coordinate v among n of [lo, hi] (col_cells_axis_index). */
COL_HD int32_t hd_grid_index(double v, double lo, double hi, int32_t n)
{
	double t = (v - lo) * (n / (hi - lo));
	if (!(t > 0.0))
		return 0;
	if (t >= (double)n)
		return n - 1;
	return (int32_t)t;
}

/* The sign of (a - p) x (b - p), filtered (depth 4). */
COL_HD int hd_orient2d_from(double ax, double ay, double bx, double by)
{
	double l = ax * by, r = ay * bx;
	return hd_certified_sign(l - r, fabs(l) + fabs(r), 4);
}

COL_HD int hd_grid_contains(const hd_grid *g, hd_vec2 p, uint64_t *cells, uint64_t *tested)
{
	if (!(p.x >= g->lo_x && p.x <= g->hi_x && p.y >= g->lo_y && p.y <= g->hi_y))
		return HD_POLYGON_OUTSIDE; /* NaN too */
	int32_t index = hd_grid_index(p.y, g->lo_y, g->hi_y, g->rows) * g->columns +
	                hd_grid_index(p.x, g->lo_x, g->hi_x, g->columns);
	const hd_grid_cell *cell = g->cells + index;
	*cells += 1;
	while (cell->child >= 0) {
		index = cell->child + hd_grid_index(p.y, cell->lo_y, cell->hi_y, cell->rows) * cell->columns +
		        hd_grid_index(p.x, cell->lo_x, cell->hi_x, cell->columns);
		cell = g->cells + index;
		*cells += 1;
	}
	if (cell->count == 0)
		return cell->state & HD_CELL_INSIDE;
	if (cell->state & HD_CELL_NO_ORIGIN)
		return HD_POLYGON_UNSURE;
	double dx = cell->origin_x - p.x, dy = cell->origin_y - p.y;
	int parity = 0;
	*tested += (uint64_t)cell->count;
	for (int32_t k = 0; k < cell->count; k++) {
		const double *e = g->edges + 4 * (int64_t)(cell->first + k);
		double ax = e[0] - p.x, ay = e[1] - p.y, bx = e[2] - p.x, by = e[3] - p.y;
		int side = hd_orient2d_from(ax, ay, bx, by);
		if (side == HD_UNSURE)
			return HD_POLYGON_UNSURE; /* p on or near the edge's line */
		if (side > 0)
			continue; /* on the origin's side */
		int a_side = hd_orient2d_from(ax, ay, dx, dy), b_side = hd_orient2d_from(bx, by, dx, dy);
		if (a_side == HD_UNSURE || b_side == HD_UNSURE)
			return HD_POLYGON_UNSURE; /* the line from the origin through an end, or near it */
		parity ^= (a_side > 0) != (b_side > 0);
	}
	return (cell->state & HD_CELL_INSIDE) ^ parity;
}

#endif
