/* Private: what the covering grid (polygon_grid.c) and the quadtree (quadtree.c) share.
 *
 * Both answer "is P inside?" the same way. A cell keeps every polygon edge that may meet it and an
 * origin R: a point of the cell on no edge, with its state (inside or outside) found at build time.
 * P is inside when R is, flipped once for each edge the segment R-P crosses.
 *
 * The crossing rule, for an edge ab: a and b lie on opposite sides of the line RP, a point on the
 * line counting as the non-positive side (orient2d(R, P, a) > 0 differs from orient2d(R, P, b) > 0),
 * and R and P lie strictly on opposite sides of the line ab. Why the parity is exact when neither R
 * nor P lies on an edge: move every vertex that lies on the line RP by an infinitesimal amount to
 * the line's negative side. R and P keep a positive distance to the boundary, so the moved polygon
 * holds R and P exactly when the original does, and now no vertex lies on the line RP, so the
 * segment crosses the moved boundary at isolated points, each one a change of state, each on one
 * edge whose ends lie strictly on both sides of the line RP and whose line separates R from P.
 * The rule counts exactly those edges: the first test is the side after the move; for the second,
 * an edge with one end a on the line RP (moved) separates R from P when a lies strictly between R
 * and P, and so does the unmoved edge, whose line then meets the line RP only at a; an edge with
 * both ends on the line RP is counted by neither. A vertex where the boundary touches the segment
 * from one side is thus counted twice or not at all, one where it passes through once.
 *
 * All signs come from col_orient2d (or the same filter inlined below, which decides exactly when
 * col_orient2d's own filter does and calls it otherwise), so every answer is exact. */
#ifndef COLLIDE_POLYGON_CELLS_H
#define COLLIDE_POLYGON_CELLS_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collide/polygon.h"
#include "collide/predicates.h"

/* An edge with its two end points copied, so a cell's edges lie side by side in memory. In a
 * cell's query list the edge is turned so that the cell's origin lies strictly on its left. */
typedef struct col_cell_edge {
	col_vec2 a, b;
} col_cell_edge;

/* What the crossing counts return when the query point lies on one of the edges. */
enum { COL_CELLS_ON_EDGE = -1 };

/* Cell sizes and margins, relative to the scale of an axis (col_cells_scale): every rounding error
 * the grid makes in a coordinate is below 2^-48 of the scale, so a margin of 2^-40 covers them
 * with room to spare, and a cell no smaller than 2^-24 of the scale has room for 2^28 distinct
 * doubles across, so an origin off every edge line is found in it, and the margin is a negligible
 * part of it. */
#define COL_CELLS_MARGIN   0x1p-40
#define COL_CELLS_MIN_CELL 0x1p-24

/* The largest magnitude a coordinate of [lo, hi] or a difference of two of them can have. */
static inline double col_cells_scale(double lo, double hi)
{
	return fmax(fabs(lo), fabs(hi)) + (hi - lo);
}

/* col_orient2d inlined: the same floating-point expression and error bound as its fast path
 * (predicates.c, orient2d_bound = 5u), so it returns the very same value when the bound decides,
 * and calls col_orient2d otherwise. Only here so the query loops avoid a call per sign. */
#define COL_CELLS_ORIENT_BOUND (5.0 * 0x1p-53)

/* col_orient2d(a, b, c) from its two products, left = (a.x - c.x) * (b.y - c.y) and
 * right = (a.y - c.y) * (b.x - c.x), computed by the caller exactly as col_orient2d computes them
 * (so that differences shared by several signs are taken once). */
static inline double col_cells_orient_from(double left, double right, col_vec2 a, col_vec2 b, col_vec2 c)
{
	double det = left - right;
	double bound = COL_CELLS_ORIENT_BOUND * (fabs(left) + fabs(right));
	if (det > bound || -det > bound)
		return det;
	return col_orient2d(a, b, c);
}

/* Whether p lies in the closed box of a and b (exact: comparisons only). */
static inline bool col_cells_in_box(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return (a.x <= p.x || b.x <= p.x) && (p.x <= a.x || p.x <= b.x) && (a.y <= p.y || b.y <= p.y) &&
	       (p.y <= a.y || p.y <= b.y);
}

/* The query loop's exact form: the parity of the edges the segment origin-p crosses, or
 * COL_CELLS_ON_EDGE when p lies on one of them. Every edge must have origin strictly on its left (a
 * cell's query list).
 *
 * For an edge ab with the origin R on its left: if P is on the left too, the line ab does not
 * separate them and the edge is skipped after one sign; if P is on the line, it is on the edge
 * exactly when it is in the edge's box; otherwise the edge crosses when a and b lie on opposite
 * sides of the line RP (half-open, as above). All three signs use the differences to p, computed
 * once per edge, as col_orient2d(a, b, p), col_orient2d(a, R, p) and col_orient2d(b, R, p) form
 * them (the last two are orient2d(R, p, a) and orient2d(R, p, b) rotated: the same sign). */
static inline int col_cells_leaf_parity_exact(const col_cell_edge *edges, int count, col_vec2 origin, col_vec2 p)
{
	double dx = origin.x - p.x, dy = origin.y - p.y;
	int parity = 0;
	for (int k = 0; k < count; k++) {
		const col_cell_edge *e = edges + k;
		double ax = e->a.x - p.x, ay = e->a.y - p.y;
		double bx = e->b.x - p.x, by = e->b.y - p.y;
		double side = col_cells_orient_from(ax * by, ay * bx, e->a, e->b, p);
		if (side > 0.0)
			continue;
		if (side == 0.0) {
			if (col_cells_in_box(e->a, e->b, p))
				return COL_CELLS_ON_EDGE;
			continue;
		}
		bool a_left = col_cells_orient_from(ax * dy, ay * dx, e->a, origin, p) > 0.0;
		bool b_left = col_cells_orient_from(bx * dy, by * dx, e->b, origin, p) > 0.0;
		parity ^= a_left != b_left;
	}
	return parity;
}

/* The query loop: col_cells_leaf_parity_exact's answer, with no branch per edge. Points near the
 * boundary, as on a trajectory along it, make "which side of this edge" a coin toss that branch
 * prediction loses; so all three signs of every edge are taken by their rounded values, and the
 * exact loop runs only when one of them is within its error bound (p on or near an edge's line, or
 * on the line from the origin through a vertex). */
static inline int col_cells_leaf_parity(const col_cell_edge *edges, int count, col_vec2 origin, col_vec2 p)
{
	double dx = origin.x - p.x, dy = origin.y - p.y;
	int parity = 0, unsure = 0;
	for (int k = 0; k < count; k++) {
		const col_cell_edge *e = edges + k;
		double ax = e->a.x - p.x, ay = e->a.y - p.y;
		double bx = e->b.x - p.x, by = e->b.y - p.y;
		double l0 = ax * by, r0 = ay * bx, side = l0 - r0;
		double l1 = ax * dy, r1 = ay * dx, a_side = l1 - r1;
		double l2 = bx * dy, r2 = by * dx, b_side = l2 - r2;
		unsure |= (fabs(side) <= COL_CELLS_ORIENT_BOUND * (fabs(l0) + fabs(r0))) |
		          (fabs(a_side) <= COL_CELLS_ORIENT_BOUND * (fabs(l1) + fabs(r1))) |
		          (fabs(b_side) <= COL_CELLS_ORIENT_BOUND * (fabs(l2) + fabs(r2)));
		parity ^= (side < 0.0) & ((a_side > 0.0) != (b_side > 0.0));
	}
	if (unsure)
		return col_cells_leaf_parity_exact(edges, count, origin, p);
	return parity;
}

/* The general count, for the build and the fallback: the parity of the edges the segment from-to
 * crosses, over edges[ids[k]] for k < count (edges[k] when ids is NULL), or COL_CELLS_ON_EDGE when
 * `to` lies on one of them; `from` must lie on none. With a stamp array (indexed like edges), an
 * edge whose stamp is already mark is skipped and every other one gets mark: two lists that share
 * edges are counted as their union. */
int col_cells_crossings(const col_cell_edge *edges, const int *ids, int count, col_vec2 from, col_vec2 to,
                        uint32_t *stamp, uint32_t mark);

/* The state of p with no cell to help: crossings of the segment to p from a point left of the
 * polygon's box (outside), over all the polygon's edges. 1 inside, 0 outside, COL_CELLS_ON_EDGE
 * on the boundary. O(edges): only for cells where no origin could be placed. */
int col_cells_brute_state(const col_cell_edge *edges, int count, col_aabb2 bounds, col_vec2 p);

/* Looks for an origin in box, a point on no edge's line (so on no edge, and any edge can be turned
 * to have it on its left): the centre first, then points spread over the box. false when none of
 * the candidates is free, which takes a box only a few doubles wide. */
bool col_cells_pick_origin(col_aabb2 box, const col_cell_edge *edges, const int *ids, int count,
                           col_vec2 *origin);

/* Copies edges[ids[k]] to out[k], each turned so origin lies on its left (origin must lie on no
 * edge's line: col_cells_pick_origin). */
void col_cells_copy_oriented(const col_cell_edge *edges, const int *ids, int count, col_vec2 origin,
                             col_cell_edge *out);

/* Whether segment ab meets the closed box: exact (coordinate comparisons and orient2d). */
bool col_cells_segment_meets_box(col_vec2 a, col_vec2 b, col_aabb2 box);

/* The edges of a polygon, contour after contour (edge i joins vertex i to the next vertex of its
 * contour). NULL when memory runs out. */
col_cell_edge *col_cells_polygon_edges(const col_polygon *polygon, int *count);

/* ---- uniform grids ---- */

/* One axis of a uniform grid: n cells over [lo, hi]. */
typedef struct col_cells_axis {
	double lo, hi;
	double step; /* (hi - lo) / n */
	double inv;  /* n / (hi - lo) */
	int n;
} col_cells_axis;

col_cells_axis col_cells_axis_make(double lo, double hi, int n);

/* The cell of coordinate x, clamped to 0 .. n-1 (0 for NaN). The rounding of (x - lo) * inv moves
 * a point by at most a few units of roundoff of the scale across a cell line, which the margin
 * the edges are rasterised with covers. */
static inline int col_cells_axis_index(const col_cells_axis *axis, double x)
{
	double t = (x - axis->lo) * axis->inv;
	if (!(t > 0.0))
		return 0;
	if (t >= (double)axis->n)
		return axis->n - 1;
	return (int)t;
}

/* The line between cells i - 1 and i: lo for 0, hi for n, in between lo + i * step. The build and
 * the viewer read the cell boxes from here, so they agree to the bit. */
double col_cells_axis_line(const col_cells_axis *axis, int i);

/* Walks the cells of a grid that a segment may meet, row by row: in each row of the segment's y
 * range, the columns its part in that row spans, so a long diagonal edge gets a staircase, not its
 * whole box. Conservative: every cell whose box, widened by margin_x and margin_y, the segment
 * meets is visited (the margins must be at least COL_CELLS_MARGIN times the axes' scale, which
 * leaves room for the walk's own rounding); a few more may be. Usage:
 *
 *	col_cells_raster walk;
 *	col_cells_raster_begin(&walk, &x, &y, margin_x, margin_y, a, b);
 *	while (col_cells_raster_next(&walk, &row, &first_column, &last_column)) ...
 */
typedef struct col_cells_raster {
	const col_cells_axis *x, *y;
	double margin_x, margin_y;
	col_vec2 a, b;
	int row, last_row;
} col_cells_raster;

void col_cells_raster_begin(col_cells_raster *walk, const col_cells_axis *x, const col_cells_axis *y,
                            double margin_x, double margin_y, col_vec2 a, col_vec2 b);
bool col_cells_raster_next(col_cells_raster *walk, int *row, int *first_column, int *last_column);

/* ---- a growable array of edge ids, for the build ---- */

typedef struct col_cells_ids {
	int *data;
	size_t count, capacity;
} col_cells_ids;

/* Makes room for extra more ids; false when memory runs out (the array is left as it was). */
bool col_cells_ids_reserve(col_cells_ids *ids, size_t extra);
void col_cells_ids_free(col_cells_ids *ids);

#endif
