/* The cell machinery the covering grid and the quadtree share: crossing counts, origins, the
 * conservative rasterising of edges into grid rows. See polygon_cells.h for why the counts are
 * exact. */
#include "polygon_cells.h"

#include <stdlib.h>

/* min and max of numbers that are not NaN, without a call into libm */
static inline double lesser(double a, double b)
{
	return a < b ? a : b;
}

static inline double greater(double a, double b)
{
	return a > b ? a : b;
}

int col_cells_crossings(const col_cell_edge *edges, const int *ids, int count, col_vec2 from, col_vec2 to,
                        uint32_t *stamp, uint32_t mark)
{
	int parity = 0;
	for (int k = 0; k < count; k++) {
		int id = ids != NULL ? ids[k] : k;
		if (stamp != NULL) {
			if (stamp[id] == mark)
				continue;
			stamp[id] = mark;
		}
		col_vec2 a = edges[id].a, b = edges[id].b;
		double side_to = col_orient2d(a, b, to);
		if (side_to == 0.0) {
			if (col_cells_in_box(a, b, to))
				return COL_CELLS_ON_EDGE;
			continue; /* on the edge's line, so not strictly across it from `from` */
		}
		double side_from = col_orient2d(a, b, from);
		if (!(side_from > 0.0 ? side_to < 0.0 : side_from < 0.0 && side_to > 0.0))
			continue;
		bool a_left = col_orient2d(from, to, a) > 0.0, b_left = col_orient2d(from, to, b) > 0.0;
		parity ^= a_left != b_left;
	}
	return parity;
}

int col_cells_brute_state(const col_cell_edge *edges, int count, col_aabb2 bounds, col_vec2 p)
{
	/* Twice the width to the left is strictly left of the box even where the doubles below
	 * bounds.min.x are twice as far apart as those above it: outside, and on no edge. */
	col_vec2 outside = {bounds.min.x - 2.0 * (bounds.max.x - bounds.min.x), p.y};
	return col_cells_crossings(edges, NULL, count, outside, p, NULL, 0);
}

/* Whether c lies on the line of none of the edges. */
static bool off_every_line(const col_cell_edge *edges, const int *ids, int count, col_vec2 c)
{
	for (int k = 0; k < count; k++) {
		const col_cell_edge *e = edges + (ids != NULL ? ids[k] : k);
		if (col_orient2d(e->a, e->b, c) == 0.0)
			return false;
	}
	return true;
}

/* Candidates after the centre: the additive recurrence of the plastic number (the "R2" sequence),
 * spread evenly over the box. The centre falls on an edge line in structured input (integer
 * polygons, symmetric ones); these points, with their irrational steps, practically never do. So
 * the tries run out only in a box so narrow that its candidates round onto a few doubles, all on
 * edge lines (the cells are kept far wider than that, COL_CELLS_MIN_CELL, unless the polygon
 * itself is). */
enum { ORIGIN_CANDIDATES = 64 };

bool col_cells_pick_origin(col_aabb2 box, const col_cell_edge *edges, const int *ids, int count,
                           col_vec2 *origin)
{
	double w = box.max.x - box.min.x, h = box.max.y - box.min.y;
	const double step_x = 0.7548776662466927, step_y = 0.5698402909980532;
	for (int k = 0; k < ORIGIN_CANDIDATES; k++) {
		col_vec2 c;
		if (k == 0) {
			c = (col_vec2){0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y)};
		} else {
			double fx = 0.5 + step_x * k, fy = 0.5 + step_y * k;
			fx -= floor(fx);
			fy -= floor(fy);
			/* Rounding may step over the far side; the clamp keeps the point in the box. */
			c = (col_vec2){fmin(box.min.x + w * fx, box.max.x),
			               fmin(box.min.y + h * fy, box.max.y)};
		}
		if (off_every_line(edges, ids, count, c)) {
			*origin = c;
			return true;
		}
	}
	return false;
}

void col_cells_copy_oriented(const col_cell_edge *edges, const int *ids, int count, col_vec2 origin,
                             col_cell_edge *out)
{
	for (int k = 0; k < count; k++) {
		col_cell_edge e = edges[ids != NULL ? ids[k] : k];
		if (col_orient2d(e.a, e.b, origin) < 0.0)
			e = (col_cell_edge){e.b, e.a};
		out[k] = e;
	}
}

bool col_cells_segment_meets_box(col_vec2 a, col_vec2 b, col_aabb2 box)
{
	if (greater(a.x, b.x) < box.min.x || lesser(a.x, b.x) > box.max.x || greater(a.y, b.y) < box.min.y ||
	    lesser(a.y, b.y) > box.max.y)
		return false;
	/* The boxes overlap, so the segment misses the box only when the box lies strictly on one
	 * side of the segment's line (the separating axes of a box and a segment: x, y, the normal). */
	col_vec2 corners[4] = {box.min, {box.max.x, box.min.y}, box.max, {box.min.x, box.max.y}};
	bool left = false, right = false;
	for (int i = 0; i < 4; i++) {
		double side = col_orient2d(a, b, corners[i]);
		if (side == 0.0)
			return true;
		left = left || side > 0.0;
		right = right || side < 0.0;
	}
	return left && right;
}

col_cell_edge *col_cells_polygon_edges(const col_polygon *polygon, int *count)
{
	int n = col_polygon_vertex_count(polygon);
	col_cell_edge *edges = malloc((size_t)n * sizeof *edges);
	if (edges == NULL)
		return NULL;
	int k = 0;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		for (int i = 0; i < contour.count; i++)
			edges[k++] = (col_cell_edge){contour.points[i],
			                             contour.points[i + 1 < contour.count ? i + 1 : 0]};
	}
	*count = k;
	return edges;
}

/* ---- uniform grids ---- */

col_cells_axis col_cells_axis_make(double lo, double hi, int n)
{
	return (col_cells_axis){lo, hi, (hi - lo) / n, n / (hi - lo), n};
}

double col_cells_axis_line(const col_cells_axis *axis, int i)
{
	if (i <= 0)
		return axis->lo;
	if (i >= axis->n)
		return axis->hi;
	return axis->lo + i * axis->step;
}

/* The walk works with twice the margins it promises: the half it keeps covers its own rounding
 * (the x of the segment at a row's limits, the index of a coordinate), all far below the margin. */
void col_cells_raster_begin(col_cells_raster *walk, const col_cells_axis *x, const col_cells_axis *y,
                            double margin_x, double margin_y, col_vec2 a, col_vec2 b)
{
	walk->x = x;
	walk->y = y;
	walk->margin_x = 2.0 * margin_x;
	walk->margin_y = 2.0 * margin_y;
	walk->a = a;
	walk->b = b;
	double y0 = lesser(a.y, b.y) - walk->margin_y, y1 = greater(a.y, b.y) + walk->margin_y;
	double x0 = lesser(a.x, b.x) - walk->margin_x, x1 = greater(a.x, b.x) + walk->margin_x;
	if (y1 < y->lo || y0 > y->hi || x1 < x->lo || x0 > x->hi) {
		walk->row = 1;
		walk->last_row = 0;
		return;
	}
	walk->row = col_cells_axis_index(y, y0);
	walk->last_row = col_cells_axis_index(y, y1);
}

bool col_cells_raster_next(col_cells_raster *walk, int *row, int *first_column, int *last_column)
{
	const col_cells_axis *x = walk->x, *y = walk->y;
	col_vec2 a = walk->a, b = walk->b;
	while (walk->row <= walk->last_row) {
		int r = walk->row++;
		/* The part of the segment in the row's widened slab. */
		double s0 = greater(col_cells_axis_line(y, r) - walk->margin_y, lesser(a.y, b.y));
		double s1 = lesser(col_cells_axis_line(y, r + 1) + walk->margin_y, greater(a.y, b.y));
		if (s0 > s1)
			continue;
		double x0, x1;
		if (a.y == b.y) {
			x0 = lesser(a.x, b.x);
			x1 = greater(a.x, b.x);
		} else {
			double t0 = lesser(greater((s0 - a.y) / (b.y - a.y), 0.0), 1.0);
			double t1 = lesser(greater((s1 - a.y) / (b.y - a.y), 0.0), 1.0);
			double u0 = a.x + (b.x - a.x) * t0, u1 = a.x + (b.x - a.x) * t1;
			x0 = lesser(u0, u1);
			x1 = greater(u0, u1);
		}
		x0 -= walk->margin_x;
		x1 += walk->margin_x;
		if (x1 < x->lo || x0 > x->hi)
			continue;
		*row = r;
		*first_column = col_cells_axis_index(x, x0);
		*last_column = col_cells_axis_index(x, x1);
		return true;
	}
	return false;
}

/* ---- growable id array ---- */

bool col_cells_ids_reserve(col_cells_ids *ids, size_t extra)
{
	if (extra <= ids->capacity - ids->count)
		return true;
	if (extra > SIZE_MAX / sizeof *ids->data / 2 - ids->count)
		return false;
	size_t capacity = ids->capacity < 64 ? 64 : ids->capacity;
	while (capacity - ids->count < extra)
		capacity *= 2;
	int *data = realloc(ids->data, capacity * sizeof *data);
	if (data == NULL)
		return false;
	ids->data = data;
	ids->capacity = capacity;
	return true;
}

void col_cells_ids_free(col_cells_ids *ids)
{
	free(ids->data);
	*ids = (col_cells_ids){0};
}
