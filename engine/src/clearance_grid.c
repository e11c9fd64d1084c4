/* The clearance grid (clearance_grid.h).
 *
 * Why the bound holds. Every point of a triangle lies in a cell its box meets, and those cells are
 * marked (with a margin of a millionth of a cell, far above the index arithmetic's rounding). A
 * cell at ring k >= 1 has no marked cell within k - 1 cells in the max norm: the cube of
 * (2k - 1)^3 cells around it is free of triangles in its interior, so a point inside the cube is
 * at least its distance to the cube's faces from every triangle. The cube's faces are recomputed
 * from integers and the cell size, and the rounding of that and of the differences is taken off.
 *
 * The rings are the chessboard distance transform of the marked cells, which the two raster
 * passes of the 3x3x3 chamfer mask with unit weights compute exactly (Rosenfeld and Pfaltz). */
#include "clearance_grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

enum { MAX_CELLS = 1 << 23, FAR = 255 };

/* The cell of coordinate v on axis j, unclamped and without margin. */
static inline double cell_coordinate(const clearance_grid *grid, int j, double v)
{
	return (v - grid->min[j]) * grid->inverse;
}

/* The index arithmetic's rounding on axis j, in cells, for coordinates of magnitude up to v. */
static inline double rounding_in_cells(const clearance_grid *grid, int j, double v)
{
	return 8.0 * 0x1p-52 * (fabs(grid->min[j]) + fabs(v) + (grid->size[j] + FAR) * grid->cell) *
	       grid->inverse;
}

static inline int clamp_index(double x, int size)
{
	return x < 0.0 ? 0 : x >= size - 1 ? size - 1 : (int)x;
}

static void mark(clearance_grid *grid, col_triangle t)
{
	col_aabb3 box = col_triangle_bounds(t);
	int lo[3], hi[3];
	for (int j = 0; j < 3; j++) {
		double a = col_vec3_component(box.min, j), b = col_vec3_component(box.max, j);
		double margin = 1e-6 + rounding_in_cells(grid, j, fmax(fabs(a), fabs(b)));
		lo[j] = clamp_index(floor(cell_coordinate(grid, j, a) - margin), grid->size[j]);
		hi[j] = clamp_index(floor(cell_coordinate(grid, j, b) + margin), grid->size[j]);
	}
	for (int z = lo[2]; z <= hi[2]; z++)
		for (int y = lo[1]; y <= hi[1]; y++) {
			size_t row = ((size_t)z * (size_t)grid->size[1] + (size_t)y) * (size_t)grid->size[0];
			memset(grid->rings + row + lo[0], 0, (size_t)(hi[0] - lo[0] + 1));
		}
}

/* One raster pass of the chamfer: each cell takes one more than the least of its 13 neighbours
 * that the pass has already settled (direction +1: those before it in x-fastest order). */
static void chamfer_pass(clearance_grid *grid, int direction)
{
	int nx = grid->size[0], ny = grid->size[1], nz = grid->size[2];
	for (int step = 0; step < nz; step++) {
		int z = direction > 0 ? step : nz - 1 - step;
		for (int row = 0; row < ny; row++) {
			int y = direction > 0 ? row : ny - 1 - row;
			for (int column = 0; column < nx; column++) {
				int x = direction > 0 ? column : nx - 1 - column;
				uint8_t *cell = grid->rings +
				                ((size_t)z * (size_t)ny + (size_t)y) * (size_t)nx + (size_t)x;
				if (*cell == 0)
					continue;
				int least = *cell - 1;
				/* the settled neighbours: the previous layer (9), the previous row of this
				 * layer (3), the previous cell of this row (1) */
				for (int dz = -1; dz <= 0; dz++)
					for (int dy = -1; dy <= 1; dy++)
						for (int dx = -1; dx <= 1; dx++) {
							if (dz == 0 && (dy > 0 || (dy == 0 && dx >= 0)))
								continue;
							int sx = x + direction * dx, sy = y + direction * dy,
							    sz = z + direction * dz;
							if (sx < 0 || sx >= nx || sy < 0 || sy >= ny ||
							    sz < 0 || sz >= nz)
								continue;
							uint8_t other = grid->rings[((size_t)sz * (size_t)ny +
							                             (size_t)sy) *
							                                (size_t)nx +
							                            (size_t)sx];
							if (other < least)
								least = other;
						}
				*cell = (uint8_t)(least + 1);
			}
		}
	}
}

col_status clearance_grid_build(clearance_grid *grid, const col_triangle *triangles, int count, col_aabb3 box,
                                int cells_per_triangle, col_error *error)
{
	*grid = (clearance_grid){{0.0, 0.0, 0.0}, 0.0, 0.0, {0, 0, 0}, NULL};
	double extent[3], largest = 0.0;
	for (int j = 0; j < 3; j++) {
		extent[j] = col_vec3_component(box.max, j) - col_vec3_component(box.min, j);
		largest = fmax(largest, extent[j]);
	}
	if (count < 1 || cells_per_triangle < 1 || !(largest > 0.0) || !isfinite(largest))
		return COL_OK;
	/* Flat axes get a floor, so that a thin part of space still has cells across it. */
	double volume = 1.0;
	for (int j = 0; j < 3; j++) {
		extent[j] = fmax(extent[j], largest / 1024.0);
		volume *= extent[j];
	}
	double cells = fmin((double)count * cells_per_triangle, MAX_CELLS);
	double side = cbrt(volume / cells);
	for (;;) {
		double total = 1.0;
		for (int j = 0; j < 3; j++)
			total *= ceil(extent[j] / side);
		if (total <= 2.0 * cells)
			break;
		side *= 1.05; /* ceil's excess on a very flat box */
	}
	size_t total = 1;
	for (int j = 0; j < 3; j++) {
		grid->size[j] = (int)ceil(extent[j] / side);
		if (grid->size[j] < 1)
			grid->size[j] = 1;
		total *= (size_t)grid->size[j];
	}
	grid->min[0] = box.min.x, grid->min[1] = box.min.y, grid->min[2] = box.min.z;
	grid->cell = side;
	grid->inverse = 1.0 / side;
	grid->rings = malloc(total);
	if (grid->rings == NULL) {
		grid->size[0] = grid->size[1] = grid->size[2] = 0;
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "clearance grid: out of memory for %zu cells",
		                total);
	}
	memset(grid->rings, FAR, total);
	for (int i = 0; i < count; i++)
		mark(grid, triangles[i]);
	chamfer_pass(grid, 1);
	chamfer_pass(grid, -1);
	return COL_OK;
}

void clearance_grid_destroy(clearance_grid *grid)
{
	if (grid == NULL)
		return;
	free(grid->rings);
	grid->rings = NULL;
	grid->size[0] = grid->size[1] = grid->size[2] = 0;
}

double clearance_grid_bound(const clearance_grid *grid, col_vec3 p)
{
	if (grid->rings == NULL)
		return 0.0;
	int index[3];
	double coordinate[3] = {p.x, p.y, p.z};
	for (int j = 0; j < 3; j++) {
		double c = cell_coordinate(grid, j, coordinate[j]);
		if (!(c >= 0.0 && c <= grid->size[j])) /* outside, or NaN */
			return 0.0;
		index[j] = clamp_index(c, grid->size[j]);
	}
	int rings = grid->rings[((size_t)index[2] * (size_t)grid->size[1] + (size_t)index[1]) *
	                            (size_t)grid->size[0] +
	                        (size_t)index[0]];
	if (rings == 0)
		return 0.0;
	double nearest = INFINITY, slack = 0.0;
	for (int j = 0; j < 3; j++) {
		double low = grid->min[j] + (index[j] - (rings - 1)) * grid->cell;
		double high = grid->min[j] + (index[j] + rings) * grid->cell;
		double to_low = coordinate[j] - low, to_high = high - coordinate[j];
		double here = to_low < to_high ? to_low : to_high;
		nearest = here < nearest ? here : nearest;
		slack += rounding_in_cells(grid, j, coordinate[j]) * grid->cell;
	}
	double bound = nearest - slack;
	return bound > 0.0 ? bound : 0.0;
}

size_t clearance_grid_bytes(const clearance_grid *grid)
{
	return grid->rings == NULL ? 0
	                           : (size_t)grid->size[0] * (size_t)grid->size[1] * (size_t)grid->size[2];
}
