/* The covering grid: a uniform grid over the polygon's box, cells with many edges split by nested
 * grids, every cell with an origin of known state (polygon_cells.h tells why the counts from the
 * origin are exact).
 *
 * Conservative cells. A query finds its cell by rounded arithmetic, so it may land in a neighbour
 * of the cell that holds it, by at most a few units of roundoff of the coordinates' scale. Each
 * cell therefore keeps every edge that meets its box widened by a margin (COL_CELLS_MARGIN of the
 * scale) far larger than that; the origin lies in the box, the query point in the widened box, and
 * so does the segment between them: every edge it can cross, or that can hold the query point, is
 * in the cell's list. A nested grid covers exactly its parent's box and is filled from its
 * parent's list, which holds every edge that meets the parent's widened box, so every edge that
 * meets a child's.
 *
 * Origin states are propagated, not asked of the oracle. Along a row of a grid, each origin's state
 * is the previous one's flipped by the crossings of the segment between them; that segment lies in
 * the two cells' boxes (a rectangle), so their lists, counted as a union, hold every edge it can
 * cross. The first origin of a row starts from a point left of the polygon's box (outside) at the
 * row's middle height, a segment whose part in the box lies in the row's first cell; the first
 * origin of a row of a nested grid starts from the parent's origin, a segment in the parent's box,
 * counted against the parent's list. */
#include "collide/polygon_grid.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "polygon_cells.h"

enum {
	CELL_INSIDE = 1,    /* the origin is inside the polygon */
	CELL_NO_ORIGIN = 2, /* no origin could be placed: the cell is answered by brute force */
};

/* The part of the memory budget the top grid may take; nested grids get the rest. */
#define TOP_SHARE 0.9

/* The most cells one grid may have, top or nested (a memory bound, not a tuning knob). */
#define MAX_GRID_CELLS (1 << 26)

typedef struct grid_level {
	col_cells_axis x, y; /* the grid's box and its columns and rows */
	int first;           /* its first cell; the others follow row by row from the bottom left */
	int depth;           /* 0 for the top grid */
	int parent;          /* the cell it splits, -1 for the top grid */
} grid_level;

typedef struct grid_cell {
	col_vec2 origin;
	int first; /* a leaf's first edge in grid->edges */
	int count; /* edges that may meet the cell */
	int child; /* the level of its nested grid, or -1 for a leaf */
	int state; /* CELL_INSIDE, CELL_NO_ORIGIN */
} grid_cell;

/* A small convex polygon is answered by its edges' half-planes, all of them, with no branch per
 * edge: for a few edges that beats finding a cell, whose "empty or not" and crossing branches a
 * stream of scattered points mispredicts. Each edge ab keeps its line, nx x + ny y = c with
 * (nx, ny) = (a.y - b.y, b.x - a.x) rounded, so that nx p.x + ny p.y - c has the sign of
 * orient2d(a, b, p) whenever it is farther from 0 than the edge's error bound (keep_small_convex
 * derives it); nearer, the exact predicate decides. */
#define SMALL_CONVEX_MAX 8 /* Box2D's limit too; fewer edges are padded with copies of the last */

typedef struct small_convex {
	double nx[SMALL_CONVEX_MAX], ny[SMALL_CONVEX_MAX], c[SMALL_CONVEX_MAX], error[SMALL_CONVEX_MAX];
	col_vec2 a[SMALL_CONVEX_MAX], b[SMALL_CONVEX_MAX]; /* the edges themselves, for the exact signs */
	int edges; /* 0: not a small convex polygon */
} small_convex;

struct col_polygon_grid {
	col_aabb2 bounds;
	grid_level *levels; /* levels[0] is the top grid; a nested grid comes after its parent's */
	int level_count;
	grid_cell *cells;
	int cell_count;
	col_cell_edge *edges;     /* the leaves' lists, each turned to have the leaf's origin on its left */
	col_cell_edge *all_edges; /* kept only when some cell has no origin (the brute-force fallback) */
	int all_count;
	small_convex convex; /* convex.edges > 0: queries go by the half-planes, not the cells */
	col_polygon_grid_info info;
};

col_polygon_grid_options col_polygon_grid_default_options(void)
{
	return (col_polygon_grid_options){2.0, 8, 3, 32.0};
}

/* ---- the build ---- */

typedef struct builder {
	col_polygon_grid *grid;
	const col_cell_edge *edges; /* all the polygon's edges */
	int edge_count;
	col_polygon_grid_options options;
	int cell_capacity, level_capacity;
	size_t *id_first;  /* per cell: where its edge ids start in ids */
	col_cells_ids ids; /* every cell's edge ids, parents' included */
	int *cursor;       /* scratch for filling a new grid's lists */
	int cursor_capacity;
	uint32_t *stamp; /* per edge: the last union it was counted in */
	uint32_t mark;
	double budget, used;           /* cells plus leaves' edge references: the memory bound, and so far */
	double margin_x, margin_y;     /* COL_CELLS_MARGIN of the scale of each axis */
	double min_cell_x, min_cell_y; /* COL_CELLS_MIN_CELL of the same */
} builder;

static col_aabb2 cell_box(const grid_level *level, int column, int row)
{
	return (col_aabb2){
	    {col_cells_axis_line(&level->x, column), col_cells_axis_line(&level->y, row)},
	    {col_cells_axis_line(&level->x, column + 1), col_cells_axis_line(&level->y, row + 1)}};
}

/* The level a cell belongs to: levels are in the order of their cells. */
static int level_of(const col_polygon_grid *grid, int index)
{
	int lo = 0, hi = grid->level_count - 1;
	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;
		if (grid->levels[mid].first <= index)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Columns and rows for about `target` cells, at least `least` along an axis when the box is wide
 * enough, no cell narrower than the minimum size. The shape follows the edges, not the box: an
 * edge of extent (dx, dy) crosses about 1 + dx C / w + dy R / h cells of a C x R grid over a w x h
 * box, so with C R fixed the references are fewest at C = sqrt(target spread_y / spread_x), where
 * spread_x = sum |dx| / w and spread_y = sum |dy| / h. Edges of every direction give about the
 * box's aspect ratio, which is kept unless the edges' shape saves a quarter of the references; a
 * comb's tall teeth give thin columns, one or two teeth wide. */
static void choose_shape(double target, double w, double h, double spread_x, double spread_y, double min_w,
                         double min_h, int least, int *columns, int *rows)
{
	double most_x = fmax(1.0, floor(w / min_w)), most_y = fmax(1.0, floor(h / min_h));
	/* The box's aspect unless the edges' shape saves a quarter of the references or more. */
	double c = round(sqrt(target * (w / h)));
	double fitted = spread_x > 0.0 && spread_y > 0.0 ? round(sqrt(target * spread_y / spread_x))
	                : spread_y > 0.0                  ? target /* only vertical edges: columns alone */
	                                                  : 1.0;
	double box_cost = spread_x * fmax(c, 1.0) + spread_y * target / fmax(c, 1.0);
	double fitted_cost = spread_x * fmax(fitted, 1.0) + spread_y * target / fmax(fitted, 1.0);
	if (fitted_cost < 0.75 * box_cost)
		c = fitted;
	c = fmin(fmax(c, (double)least), fmin(most_x, target));
	c = fmax(c, 1.0);
	double r = round(target / c);
	r = fmin(fmax(r, (double)least), fmin(most_y, target));
	r = fmax(r, 1.0);
	/* Both are at most target <= MAX_GRID_CELLS, but their product need not be. */
	while (c * r > MAX_GRID_CELLS) {
		if (c > r)
			c = floor(c / 2.0);
		else
			r = floor(r / 2.0);
	}
	*columns = (int)c;
	*rows = (int)r;
}

/* The top grid's shape: about cells_per_edge cells per edge, fewer when the edges are so long that
 * their cells and references would overrun TOP_SHARE of the memory budget (an edge's staircase takes
 * about |dx| / cell width + |dy| / cell height + 1 cells). That happens to polygons whose edges are
 * long and dense everywhere (a star of 10^5 random spikes), where a finer top grid serves the
 * queries better than nested grids in a few cells, so the top grid gets most of the budget. */
static void top_shape(const builder *b, col_aabb2 box, int *columns, int *rows)
{
	double w = box.max.x - box.min.x, h = box.max.y - box.min.y, n = b->edge_count;
	double spread_x = 0.0, spread_y = 0.0;
	for (int k = 0; k < b->edge_count; k++) {
		spread_x += fabs(b->edges[k].b.x - b->edges[k].a.x) / w;
		spread_y += fabs(b->edges[k].b.y - b->edges[k].a.y) / h;
	}
	double target = fmin(fmin(fmax(b->options.cells_per_edge * n, 1.0), 4.0 * n + 16.0), MAX_GRID_CELLS);
	for (;;) {
		choose_shape(target, w, h, spread_x, spread_y, b->min_cell_x, b->min_cell_y, 1, columns, rows);
		double estimate = (double)*columns * *rows + n + spread_x * *columns + spread_y * *rows;
		if (estimate <= TOP_SHARE * b->budget || target <= 1.0)
			return;
		target = floor(0.8 * target);
	}
}

static bool grow_cells(builder *b, int extra)
{
	col_polygon_grid *grid = b->grid;
	if (extra > INT_MAX - grid->cell_count)
		return false;
	int need = grid->cell_count + extra;
	if (need <= b->cell_capacity)
		return true;
	int capacity = b->cell_capacity < 64 ? 64 : b->cell_capacity;
	while (capacity < need)
		capacity = capacity > INT_MAX / 2 ? INT_MAX : capacity * 2;
	grid_cell *cells = realloc(grid->cells, (size_t)capacity * sizeof *cells);
	if (cells == NULL)
		return false;
	grid->cells = cells;
	size_t *id_first = realloc(b->id_first, (size_t)capacity * sizeof *id_first);
	if (id_first == NULL)
		return false;
	b->id_first = id_first;
	b->cell_capacity = capacity;
	return true;
}

static bool grow_levels(builder *b)
{
	col_polygon_grid *grid = b->grid;
	if (grid->level_count < b->level_capacity)
		return true;
	if (b->level_capacity > INT_MAX / 2)
		return false;
	int capacity = b->level_capacity < 16 ? 16 : b->level_capacity * 2;
	grid_level *levels = realloc(grid->levels, (size_t)capacity * sizeof *levels);
	if (levels == NULL)
		return false;
	grid->levels = levels;
	b->level_capacity = capacity;
	return true;
}

/* Appends a grid of columns x rows cells over box, splitting cell `parent` (-1: the top grid), and
 * fills its cells' lists from the parent's list (all edges for the top grid). */
static col_status add_level(builder *b, col_aabb2 box, int columns, int rows, int parent, int depth,
                            col_error *error)
{
	col_polygon_grid *grid = b->grid;
	int cells = columns * rows;
	if (!grow_levels(b) || !grow_cells(b, cells))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "polygon grid: out of memory for %d more cells", cells);
	if (cells > b->cursor_capacity) {
		int *cursor = realloc(b->cursor, (size_t)cells * sizeof *cursor);
		if (cursor == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon grid: out of memory");
		b->cursor = cursor;
		b->cursor_capacity = cells;
	}
	int index = grid->level_count++;
	grid_level *level = &grid->levels[index];
	*level =
	    (grid_level){col_cells_axis_make(box.min.x, box.max.x, columns),
	                 col_cells_axis_make(box.min.y, box.max.y, rows), grid->cell_count, depth, parent};
	int first = grid->cell_count;
	grid->cell_count += cells;
	grid_cell *cell = grid->cells + first;
	for (int i = 0; i < cells; i++)
		cell[i] = (grid_cell){{0.0, 0.0}, 0, 0, -1, 0};

	/* The parent's list: its ids, or all edges. The ids array is only read here, then grown
	 * once, so the pointer is taken again after the reserve. */
	size_t source_first = parent >= 0 ? b->id_first[parent] : 0;
	int source_count = parent >= 0 ? grid->cells[parent].count : b->edge_count;
	size_t total = 0;
	for (int pass = 0; pass < 2; pass++) {
		const int *source = parent >= 0 ? b->ids.data + source_first : NULL;
		for (int k = 0; k < source_count; k++) {
			int id = source != NULL ? source[k] : k;
			col_cells_raster walk;
			col_cells_raster_begin(&walk, &level->x, &level->y, b->margin_x, b->margin_y,
			                       b->edges[id].a, b->edges[id].b);
			int row, c0, c1;
			while (col_cells_raster_next(&walk, &row, &c0, &c1)) {
				for (int c = c0; c <= c1; c++) {
					int i = row * columns + c;
					if (pass == 0) {
						if (cell[i].count == INT_MAX)
							return col_fail(
							    error, COL_ERROR_OUT_OF_MEMORY,
							    "polygon grid: too many edges in a cell");
						cell[i].count++;
						total++;
					} else {
						b->ids.data[b->id_first[first + i] + (size_t)b->cursor[i]++] =
						    id;
					}
				}
			}
		}
		if (pass == 0) {
			if (!col_cells_ids_reserve(&b->ids, total))
				return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                "polygon grid: out of memory for %zu edge references", total);
			for (int i = 0; i < cells; i++) {
				b->id_first[first + i] = b->ids.count;
				b->ids.count += (size_t)cell[i].count;
				b->cursor[i] = 0;
			}
		}
	}
	return COL_OK;
}

static int brute_state(const builder *b, col_vec2 p)
{
	return col_cells_brute_state(b->edges, b->edge_count, b->grid->bounds, p) != 0 ? CELL_INSIDE : 0;
}

/* Places each cell's origin, then finds the origins' states row by row (see the top comment). */
static void settle_level(builder *b, int index)
{
	col_polygon_grid *grid = b->grid;
	const grid_level *level = &grid->levels[index];
	int columns = level->x.n, rows = level->y.n;
	for (int i = 0; i < columns * rows; i++) {
		int c = level->first + i;
		grid_cell *cell = &grid->cells[c];
		col_aabb2 box = cell_box(level, i % columns, i / columns);
		if (!col_cells_pick_origin(box, b->edges, b->ids.data + b->id_first[c], cell->count,
		                           &cell->origin)) {
			cell->origin =
			    (col_vec2){0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y)};
			cell->state = CELL_NO_ORIGIN;
		}
	}
	const grid_cell *parent = level->parent >= 0 ? &grid->cells[level->parent] : NULL;
	for (int row = 0; row < rows; row++) {
		/* Where the row's walk starts: a point of known state, on no edge. */
		col_vec2 from;
		int from_state, previous = -1;
		bool known;
		if (parent != NULL) {
			from = parent->origin;
			from_state = parent->state & CELL_INSIDE;
			known = !(parent->state & CELL_NO_ORIGIN);
		} else {
			double y0 = col_cells_axis_line(&level->y, row),
			       y1 = col_cells_axis_line(&level->y, row + 1);
			from = (col_vec2){level->x.lo - 2.0 * (level->x.hi - level->x.lo), 0.5 * (y0 + y1)};
			from_state = 0;
			known = true;
		}
		for (int column = 0; column < columns; column++) {
			int c = level->first + row * columns + column;
			grid_cell *cell = &grid->cells[c];
			if (cell->state & CELL_NO_ORIGIN) {
				known = false;
				previous = c;
				continue;
			}
			int parity = COL_CELLS_ON_EDGE;
			if (known) {
				b->mark++;
				if (column == 0 && parent != NULL) {
					parity = col_cells_crossings(
					    b->edges, b->ids.data + b->id_first[level->parent], parent->count,
					    from, cell->origin, NULL, 0);
				} else {
					parity = col_cells_crossings(b->edges, b->ids.data + b->id_first[c],
					                             cell->count, from, cell->origin,
					                             b->stamp, b->mark);
					if (previous >= 0 && parity >= 0) {
						int more = col_cells_crossings(
						    b->edges, b->ids.data + b->id_first[previous],
						    grid->cells[previous].count, from, cell->origin, b->stamp,
						    b->mark);
						parity = more >= 0 ? parity ^ more : more;
					}
				}
			}
			/* An origin is on no edge of its lists, so ON_EDGE only means the walk's start was
			 * unknown; the oracle decides then. */
			cell->state |= parity >= 0 ? (from_state ^ parity) : brute_state(b, cell->origin);
			from = cell->origin;
			from_state = cell->state & CELL_INSIDE;
			known = true;
			previous = c;
		}
	}
}

/* A cell worth a nested grid, with the edges it holds (the order of splitting). */
typedef struct candidate {
	int cell, count;
} candidate;

static int by_count_descending(const void *a, const void *b)
{
	const candidate *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return (x->cell > y->cell) - (x->cell < y->cell);
}

/* Gives nested grids to the cells of levels [begin, end) (one depth) that hold more than
 * max_cell_edges edges, the fullest first, while the memory budget lasts: a cell whose grid would
 * overrun it is left whole, and so are the ones after it. */
static col_status split_levels(builder *b, int begin, int end, col_error *error)
{
	col_polygon_grid *grid = b->grid;
	int depth = grid->levels[begin].depth;
	if (depth >= b->options.max_depth)
		return COL_OK;
	int first = grid->levels[begin].first,
	    last = grid->levels[end - 1].first + grid->levels[end - 1].x.n * grid->levels[end - 1].y.n;
	int n = 0;
	for (int c = first; c < last; c++)
		n += grid->cells[c].count > b->options.max_cell_edges;
	if (n == 0)
		return COL_OK;
	candidate *list = malloc((size_t)n * sizeof *list);
	if (list == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon grid: out of memory");
	n = 0;
	for (int c = first; c < last; c++) {
		if (grid->cells[c].count > b->options.max_cell_edges)
			list[n++] = (candidate){c, grid->cells[c].count};
	}
	qsort(list, (size_t)n, sizeof *list, by_count_descending);
	col_status status = COL_OK;
	for (int k = 0; k < n && status == COL_OK; k++) {
		int c = list[k].cell, count = list[k].count;
		const grid_level *level = &grid->levels[level_of(grid, c)];
		int i = c - level->first;
		col_aabb2 box = cell_box(level, i % level->x.n, i / level->x.n);
		double w = box.max.x - box.min.x, h = box.max.y - box.min.y;
		double target = fmin(fmax(b->options.cells_per_edge * count, 4.0), 4.0 * count + 16.0);
		double spread_x = 0.0, spread_y = 0.0;
		for (int k = 0; k < count; k++) {
			const col_cell_edge *e = &b->edges[b->ids.data[b->id_first[c] + (size_t)k]];
			/* only the part of an edge inside the cell matters; its extent, cut to the cell */
			spread_x += fmin(fabs(e->b.x - e->a.x), w) / w;
			spread_y += fmin(fabs(e->b.y - e->a.y), h) / h;
		}
		int columns, rows;
		choose_shape(fmin(target, MAX_GRID_CELLS), w, h, spread_x, spread_y, b->min_cell_x, b->min_cell_y, 2,
		             &columns, &rows);
		if (columns * rows < 2)
			continue; /* too small to split without cells a few doubles wide */
		if ((double)columns * rows > b->budget - b->used)
			break; /* the cells alone would overrun it */
		int child = grid->level_count;
		size_t ids_before = b->ids.count;
		status = add_level(b, box, columns, rows, c, depth + 1, error);
		if (status != COL_OK)
			break;
		double cost = (double)columns * rows + (double)(b->ids.count - ids_before) - count;
		if (cost > b->budget - b->used) {
			/* Over budget: take the grid back (it is the last thing appended). */
			grid->level_count--;
			grid->cell_count -= columns * rows;
			b->ids.count = ids_before;
			break;
		}
		b->used += cost;
		grid->cells[c].child = child;
	}
	free(list);
	return status;
}

/* The leaves' lists, copied and turned for the query loop; the info numbers. */
static col_status finish(builder *b, col_error *error)
{
	col_polygon_grid *grid = b->grid;
	col_polygon_grid_info *info = &grid->info;
	size_t total = 0;
	bool fallback = false;
	for (int c = 0; c < grid->cell_count; c++) {
		const grid_cell *cell = &grid->cells[c];
		if (cell->child >= 0)
			continue;
		if (cell->state & CELL_NO_ORIGIN)
			fallback = true;
		else
			total += (size_t)cell->count;
	}
	if (total > INT_MAX)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "polygon grid: too many edge references (%zu)", total);
	grid->edges = malloc((total > 0 ? total : 1) * sizeof *grid->edges);
	if (grid->edges == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "polygon grid: out of memory for %zu edge references", total);
	int next = 0;
	for (int c = 0; c < grid->cell_count; c++) {
		grid_cell *cell = &grid->cells[c];
		if (cell->child >= 0) {
			info->nested_grids++;
			cell->first = -1;
			continue;
		}
		info->empty_cells += cell->count == 0;
		if (cell->count > info->max_cell_edges)
			info->max_cell_edges = cell->count;
		info->edge_references += (size_t)cell->count;
		cell->first = next;
		if (cell->state & CELL_NO_ORIGIN)
			continue;
		col_cells_copy_oriented(b->edges, b->ids.data + b->id_first[c], cell->count, cell->origin,
		                        grid->edges + next);
		next += cell->count;
	}
	for (int l = 0; l < grid->level_count; l++) {
		if (grid->levels[l].depth > info->depth)
			info->depth = grid->levels[l].depth;
	}
	if (fallback) {
		grid->all_edges = malloc((size_t)b->edge_count * sizeof *grid->all_edges);
		if (grid->all_edges == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon grid: out of memory");
		for (int k = 0; k < b->edge_count; k++)
			grid->all_edges[k] = b->edges[k];
		grid->all_count = b->edge_count;
	}
	info->half_planes = grid->convex.edges > 0;
	info->bounds = grid->bounds;
	info->columns = grid->levels[0].x.n;
	info->rows = grid->levels[0].y.n;
	info->cells = grid->cell_count;
	info->memory_bytes = sizeof *grid + (size_t)grid->level_count * sizeof *grid->levels +
	                     (size_t)grid->cell_count * sizeof *grid->cells + total * sizeof *grid->edges +
	                     (size_t)grid->all_count * sizeof *grid->all_edges;
	/* Trim the growth slack. */
	grid_level *levels = realloc(grid->levels, (size_t)grid->level_count * sizeof *levels);
	if (levels != NULL)
		grid->levels = levels;
	grid_cell *cells = realloc(grid->cells, (size_t)grid->cell_count * sizeof *cells);
	if (cells != NULL)
		grid->cells = cells;
	return COL_OK;
}

/* Keeps the edges of one contour as a small_convex when there are few and every turn is to the
 * left or straight (the contour is simple and counter-clockwise, so that makes it convex).
 *
 * The error bound. With u = 2^-53, S the largest coordinate magnitude of the box (every vertex and
 * every query point lies in it) and W = (|Nx| + |Ny|) S for the exact normal (Nx, Ny): rounding
 * the normal moves nx p.x + ny p.y and nx a.x + ny a.y by u W each; evaluating each of them adds at
 * most (2u + u^2)(1 + u) W, and the last difference u 2W (1 + 4u). That is under 8.1 u W, so
 * 12 u W, computed from the rounded normal (a few more roundings), bounds it; DBL_MIN on top covers
 * the absolute error of products that underflow, far below any bound of a valid polygon (its
 * coordinates are 0 or at least 1e-30 in magnitude). */
static void keep_small_convex(small_convex *convex, const col_cell_edge *edges, int count, col_aabb2 box)
{
	if (count > SMALL_CONVEX_MAX)
		return;
	for (int k = 0; k < count; k++) {
		const col_cell_edge *next = &edges[(k + 1) % count];
		if (col_orient2d(edges[k].a, edges[k].b, next->b) < 0.0)
			return;
	}
	double scale = fmax(fmax(fabs(box.min.x), fabs(box.max.x)), fmax(fabs(box.min.y), fabs(box.max.y)));
	for (int k = 0; k < SMALL_CONVEX_MAX; k++) {
		const col_cell_edge *e = &edges[k < count ? k : count - 1]; /* the same half-plane again */
		double nx = e->a.y - e->b.y, ny = e->b.x - e->a.x;
		convex->nx[k] = nx;
		convex->ny[k] = ny;
		convex->c[k] = nx * e->a.x + ny * e->a.y;
		convex->error[k] = 12.0 * 0x1p-53 * ((fabs(nx) + fabs(ny)) * scale) + DBL_MIN;
		convex->a[k] = e->a;
		convex->b[k] = e->b;
	}
	convex->edges = count;
}

static col_status check_options(const col_polygon_grid_options *options, col_polygon_grid_options *out,
                                col_error *error)
{
	*out = col_polygon_grid_default_options();
	if (options == NULL)
		return COL_OK;
	if (!isfinite(options->cells_per_edge) || options->cells_per_edge < 0.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polygon grid: cells_per_edge must be finite and >= 0 (got %g)",
		                options->cells_per_edge);
	if (options->max_cell_edges < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polygon grid: max_cell_edges must be >= 0 (got %d)",
		                options->max_cell_edges);
	if (options->max_depth < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polygon grid: max_depth must be >= 0 (got %d)", options->max_depth);
	if (!isfinite(options->memory_per_edge) || options->memory_per_edge < 0.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polygon grid: memory_per_edge must be finite and >= 0 (got %g)",
		                options->memory_per_edge);
	if (options->cells_per_edge > 0.0)
		out->cells_per_edge = options->cells_per_edge;
	if (options->max_cell_edges > 0)
		out->max_cell_edges = options->max_cell_edges;
	if (options->max_depth > 0)
		out->max_depth = options->max_depth;
	if (options->memory_per_edge > 0.0)
		out->memory_per_edge = options->memory_per_edge;
	return COL_OK;
}

col_status col_polygon_grid_build(const col_polygon *polygon, const col_polygon_grid_options *options,
                                  col_polygon_grid **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polygon grid: the output pointer is NULL");
	*out = NULL;
	if (polygon == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon grid: the polygon is NULL");
	builder b = {0};
	col_status status = check_options(options, &b.options, error);
	if (status != COL_OK)
		return status;

	col_polygon_grid *grid = calloc(1, sizeof *grid);
	int edge_count = 0;
	col_cell_edge *edges = col_cells_polygon_edges(polygon, &edge_count);
	b.stamp = calloc((size_t)col_polygon_vertex_count(polygon), sizeof *b.stamp);
	if (grid == NULL || edges == NULL || b.stamp == NULL) {
		free(b.stamp);
		free(edges);
		free(grid);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon grid: out of memory for %d edges",
		                col_polygon_vertex_count(polygon));
	}
	b.grid = grid;
	b.edges = edges;
	b.edge_count = edge_count;

	if (col_polygon_contour_count(polygon) == 1)
		keep_small_convex(&grid->convex, edges, edge_count, col_polygon_bounds(polygon));
	col_aabb2 box = col_polygon_bounds(polygon);
	grid->bounds = box;
	double scale_x = col_cells_scale(box.min.x, box.max.x),
	       scale_y = col_cells_scale(box.min.y, box.max.y);
	b.margin_x = COL_CELLS_MARGIN * scale_x;
	b.margin_y = COL_CELLS_MARGIN * scale_y;
	b.min_cell_x = COL_CELLS_MIN_CELL * scale_x;
	b.min_cell_y = COL_CELLS_MIN_CELL * scale_y;

	b.budget = fmax(b.options.memory_per_edge * edge_count, 4096.0);
	int columns, rows;
	top_shape(&b, box, &columns, &rows);
	b.used = 0.0;
	status = add_level(&b, box, columns, rows, -1, 0, error);
	if (status == COL_OK)
		b.used = (double)grid->cell_count + (double)b.ids.count;
	/* Nested grids are appended as their parents' level is split, so this visits them all, each
	 * after its parent (whose origin state the nested one starts from). */
	for (int begin = 0; status == COL_OK && begin < grid->level_count;) {
		int end = grid->level_count;
		for (int l = begin; l < end; l++)
			settle_level(&b, l);
		status = split_levels(&b, begin, end, error);
		begin = end;
	}
	if (status == COL_OK)
		status = finish(&b, error);

	free(b.id_first);
	col_cells_ids_free(&b.ids);
	free(b.cursor);
	free(b.stamp);
	free(edges);
	if (status != COL_OK) {
		col_polygon_grid_destroy(grid);
		return status;
	}
	col_error_clear(error);
	*out = grid;
	return COL_OK;
}

void col_polygon_grid_destroy(col_polygon_grid *grid)
{
	if (grid == NULL)
		return;
	free(grid->levels);
	free(grid->cells);
	free(grid->edges);
	free(grid->all_edges);
	free(grid);
}

/* ---- queries ---- */

/* The cell of p in the top grid; p must lie in the box. */
static inline int top_cell(const col_polygon_grid *grid, col_vec2 p)
{
	const grid_level *top = grid->levels;
	return top->first + col_cells_axis_index(&top->y, p.y) * top->x.n + col_cells_axis_index(&top->x, p.x);
}

/* The leaf cell of p from a cell that holds it, down its nested grids; *visited gets the cells
 * looked at. */
static inline int leaf_from(const col_polygon_grid *grid, int c, col_vec2 p, int *visited)
{
	int n = 1;
	for (int child = grid->cells[c].child; child >= 0; child = grid->cells[c].child) {
		const grid_level *level = grid->levels + child;
		c = level->first + col_cells_axis_index(&level->y, p.y) * level->x.n + col_cells_axis_index(&level->x, p.x);
		n++;
	}
	*visited = n;
	return c;
}

static inline bool in_bounds(const col_polygon_grid *grid, col_vec2 p)
{
	/* false for NaN too; an infinite or huge coordinate is simply outside. */
	return p.x >= grid->bounds.min.x && p.x <= grid->bounds.max.x && p.y >= grid->bounds.min.y &&
	       p.y <= grid->bounds.max.y;
}

/* The answer for p in its leaf cell. */
static inline bool answer(const col_polygon_grid *grid, const grid_cell *cell, col_vec2 p, uint64_t *tested)
{
	if (cell->count == 0)
		return cell->state & CELL_INSIDE;
	if (cell->state & CELL_NO_ORIGIN) {
		*tested += (uint64_t)grid->all_count;
		return col_cells_brute_state(grid->all_edges, grid->all_count, grid->bounds, p) != 0;
	}
	*tested += (uint64_t)cell->count;
	int parity = col_cells_leaf_parity(grid->edges + cell->first, cell->count, cell->origin, p);
	if (parity == COL_CELLS_ON_EDGE)
		return true;
	return ((cell->state & CELL_INSIDE) ^ parity) != 0;
}

/* Whether p, which lies in the polygon's box, lies in the closed convex polygon. The signs are
 * taken for all SMALL_CONVEX_MAX edges with no branch, so the compiler takes them side by side. */
static inline bool small_convex_contains(const small_convex *c, col_vec2 p)
{
#if defined(__GNUC__) || defined(__clang__)
	/* Two edges per vector (SSE2 width, or two halves of a wider register); the compiler does not
	 * find this itself through the bool reductions. */
	typedef double pair __attribute__((vector_size(16)));
	typedef long long pair_mask __attribute__((vector_size(16)));
	pair_mask in = {-1, -1}, out = {0, 0};
	pair px = {p.x, p.x}, py = {p.y, p.y};
	for (int k = 0; k < SMALL_CONVEX_MAX; k += 2) {
		pair nx, ny, cc, error;
		memcpy(&nx, c->nx + k, sizeof nx);
		memcpy(&ny, c->ny + k, sizeof ny);
		memcpy(&cc, c->c + k, sizeof cc);
		memcpy(&error, c->error + k, sizeof error);
		pair side = nx * px + ny * py - cc;
		in &= side > error;
		out |= side < -error;
	}
	bool surely_in = (in[0] & in[1]) != 0, surely_out = (out[0] | out[1]) != 0;
#else
	bool surely_in = true, surely_out = false;
	for (int k = 0; k < SMALL_CONVEX_MAX; k++) {
		double side = c->nx[k] * p.x + c->ny[k] * p.y - c->c[k];
		surely_in &= side > c->error[k];
		surely_out |= side < -c->error[k];
	}
#endif
	if (surely_in | surely_out)
		return surely_in;
	/* Within roundoff of some edge's line: the exact signs. */
	for (int k = 0; k < c->edges; k++) {
		if (col_orient2d(c->a[k], c->b[k], p) < 0.0)
			return false;
	}
	return true;
}

static inline bool query(const col_polygon_grid *grid, col_vec2 p, uint64_t *visited, uint64_t *tested)
{
	if (!in_bounds(grid, p))
		return false;
	if (grid->convex.edges > 0) {
		*tested += (uint64_t)grid->convex.edges;
		return small_convex_contains(&grid->convex, p);
	}
	int n;
	const grid_cell *cell = grid->cells + leaf_from(grid, top_cell(grid, p), p, &n);
	*visited += (uint64_t)n;
	return answer(grid, cell, p, tested);
}

bool col_polygon_grid_contains(const col_polygon_grid *grid, col_vec2 point, col_query_stats *stats)
{
	if (grid == NULL)
		return false;
	uint64_t visited = 0, tested = 0;
	bool inside = query(grid, point, &visited, &tested);
	if (stats != NULL) {
		stats->queries += 1;
		stats->nodes_visited += visited;
		stats->primitives_tested += tested;
	}
	return inside;
}

static inline void prefetch(const void *address)
{
#if defined(__GNUC__) || defined(__clang__)
	__builtin_prefetch(address);
#else
	(void)address;
#endif
}

/* Points the bulk query has in flight at once. A large grid does not fit in cache, and one query
 * waits on two misses in a row (its cell, then the cell's edges); taking the points in batches,
 * each step for the whole batch before the next, lets those misses overlap. */
enum { BATCH = 16 };

/* Below this size a grid stays in a core's L2 cache (1 MiB or more on current x86 and ARM cores):
 * there are no misses to overlap, and the batches' extra passes and stores cost more than they
 * save (a 1,000-vertex sliver polygon on a trajectory: 15 ns a point one by one, 20 batched). */
#define BATCH_MIN_BYTES ((size_t)1 << 20)

void col_polygon_grid_contains_points(const col_polygon_grid *grid, const col_vec2 *points, size_t count,
                                      bool *inside, col_query_stats *stats)
{
	if (grid == NULL) {
		for (size_t i = 0; i < count; i++)
			inside[i] = false;
		return;
	}
	uint64_t visited = 0, tested = 0;
	if (grid->convex.edges > 0) {
		/* A local copy, which the stores to inside[] cannot touch, stays in registers. */
		const small_convex convex = grid->convex;
		size_t in_box = 0;
		for (size_t i = 0; i < count; i++) {
			col_vec2 p = points[i];
			bool candidate = in_bounds(grid, p);
			in_box += candidate;
			inside[i] = candidate && small_convex_contains(&convex, p);
		}
		tested = in_box * (uint64_t)grid->convex.edges;
	} else if (grid->info.memory_bytes < BATCH_MIN_BYTES) {
		for (size_t i = 0; i < count; i++)
			inside[i] = query(grid, points[i], &visited, &tested);
	} else {
		int cells[BATCH];
		for (size_t start = 0; start < count; start += BATCH) {
			const col_vec2 *batch = points + start;
			int m = count - start < BATCH ? (int)(count - start) : BATCH;
			for (int j = 0; j < m; j++) {
				cells[j] = in_bounds(grid, batch[j]) ? top_cell(grid, batch[j]) : -1;
				if (cells[j] >= 0)
					prefetch(grid->cells + cells[j]);
			}
			for (int j = 0; j < m; j++) {
				if (cells[j] < 0)
					continue;
				int n;
				cells[j] = leaf_from(grid, cells[j], batch[j], &n);
				visited += (uint64_t)n;
				const grid_cell *cell = grid->cells + cells[j];
				if (cell->count > 0 && !(cell->state & CELL_NO_ORIGIN)) {
					const col_cell_edge *edges = grid->edges + cell->first;
					prefetch(edges);
					prefetch((const char *)(edges + cell->count) - 1);
				}
			}
			for (int j = 0; j < m; j++)
				inside[start + j] = cells[j] >= 0 && answer(grid, grid->cells + cells[j], batch[j], &tested);
		}
	}
	if (stats != NULL) {
		stats->queries += count;
		stats->nodes_visited += visited;
		stats->primitives_tested += tested;
	}
}

col_polygon_grid_info col_polygon_grid_get_info(const col_polygon_grid *grid)
{
	if (grid == NULL)
		return (col_polygon_grid_info){.bounds = col_aabb2_empty()};
	return grid->info;
}

bool col_polygon_grid_cell_at(const col_polygon_grid *grid, int index, col_polygon_grid_cell *cell)
{
	if (grid == NULL || cell == NULL || index < 0 || index >= grid->cell_count)
		return false;
	const grid_level *level = &grid->levels[level_of(grid, index)];
	const grid_cell *c = &grid->cells[index];
	int i = index - level->first;
	*cell = (col_polygon_grid_cell){.box = cell_box(level, i % level->x.n, i / level->x.n),
	                                .origin = c->origin,
	                                .origin_inside = (c->state & CELL_INSIDE) != 0,
	                                .has_origin = !(c->state & CELL_NO_ORIGIN),
	                                .edge_count = c->count,
	                                .level = level->depth,
	                                .first_child = -1};
	if (c->child >= 0) {
		const grid_level *child = &grid->levels[c->child];
		cell->first_child = child->first;
		cell->child_columns = child->x.n;
		cell->child_rows = child->y.n;
	}
	return true;
}

bool col_polygon_grid_cell_edge(const col_polygon_grid *grid, int index, int k, col_vec2 *a, col_vec2 *b)
{
	if (grid == NULL || index < 0 || index >= grid->cell_count)
		return false;
	const grid_cell *c = &grid->cells[index];
	if (c->child >= 0 || k < 0 || k >= c->count)
		return false;
	if (a != NULL)
		*a = grid->edges[c->first + k].a;
	if (b != NULL)
		*b = grid->edges[c->first + k].b;
	return true;
}

int col_polygon_grid_locate(const col_polygon_grid *grid, col_vec2 point)
{
	if (grid == NULL || !in_bounds(grid, point))
		return -1;
	int visited;
	return leaf_from(grid, top_cell(grid, point), point, &visited);
}
