/* A coarse map of the empty space around a set of triangles, for ball queries: cubic cells over
 * the set's box, each holding how many cells away (in the max norm, capped) the nearest cell that a
 * triangle's box meets lies. A ball far from every triangle is told so by one cell, without a
 * descent of the hierarchy; in a scene most balls are far. */
#ifndef COLLIDE_CLEARANCE_GRID_H
#define COLLIDE_CLEARANCE_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "collide/common.h"
#include "collide/shapes3d.h"

typedef struct clearance_grid {
	double min[3];  /* the box's lower corner */
	double cell;    /* the cells' side */
	double inverse; /* 1 / cell */
	int size[3];    /* cells per axis; 0: no grid (every bound is 0) */
	uint8_t *rings; /* per cell, x fastest: 0 where a triangle's box meets it, else the
	                   max-norm distance in cells to the nearest such cell, at most 255 */
} clearance_grid;

/* About cells_per_triangle cells a triangle (at most 2^23 in all) over box, which must hold the
 * triangles. A box of no volume, or no triangles, gives no grid (COL_OK). */
col_status clearance_grid_build(clearance_grid *grid, const col_triangle *triangles, int count, col_aabb3 box,
                                int cells_per_triangle, col_error *error);

void clearance_grid_destroy(clearance_grid *grid);

/* A lower bound on the distance from p to every triangle (0 when p lies outside the box, in a
 * touched cell, or is not finite). Rounding is taken off: the bound never exceeds the distance. */
double clearance_grid_bound(const clearance_grid *grid, col_vec3 p);

size_t clearance_grid_bytes(const clearance_grid *grid);

#endif
