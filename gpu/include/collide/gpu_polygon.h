/* A polygon (with holes) on a compute context (gpu.h): its covering grid (the engine's, laid out
 * flat) uploaded once, and points tested in bulk, at any pose. The answers are
 * col_polygon_grid_contains's, which are col_polygon_contains's: inside or on the boundary.
 *
 * Thread safety: as for every object of a compute context (gpu.h), calls on this one, and on
 * anything else of its context, must not overlap: one thread at a time. */
#ifndef COLLIDE_GPU_POLYGON_H
#define COLLIDE_GPU_POLYGON_H

#include "collide/gpu.h"
#include "collide/polygon.h"
#include "collide/polygon_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_gpu_polygon col_gpu_polygon; /* opaque */

/* Builds the grid on the host (options may be NULL: col_polygon_grid_default_options()) and uploads
 * it. The polygon is copied. Fails as col_polygon_grid_build fails, COL_ERROR_OUT_OF_MEMORY. */
col_status col_gpu_polygon_create(col_gpu *gpu, const col_polygon *polygon,
                                  const col_polygon_grid_options *options, col_gpu_polygon **out,
                                  col_error *error);
void col_gpu_polygon_destroy(col_gpu_polygon *polygon);

typedef struct col_gpu_polygon_info {
	int edges;
	int cells;
	size_t edge_references;
	size_t device_bytes;
	double build_ms;
} col_gpu_polygon_info;

col_gpu_polygon_info col_gpu_polygon_get_info(const col_gpu_polygon *polygon);
/* The engine's grid behind it: the hand-backs' exact answers. */
const col_polygon_grid *col_gpu_polygon_grid(const col_gpu_polygon *polygon);

/* inside[i] = 1 when points[i] (count col_vec2, world coordinates; the polygon placed by pose, NULL:
 * identity) lies inside or on the polygon, else 0. Device buffers of the polygon's context. Fails
 * with COL_ERROR_INVALID_ARGUMENT for a buffer too small or of another context, COL_ERROR_NOT_FINITE
 * for a pose that is not finite. stats may be NULL. */
col_status col_gpu_polygon_contains(col_gpu_polygon *polygon, const col_transform2 *pose,
                                    const col_gpu_buffer *points, size_t count, col_gpu_buffer *inside,
                                    col_gpu_stats *stats, col_error *error);
/* The same from and to host arrays (through device buffers the polygon keeps between calls). */
col_status col_gpu_polygon_contains_points(col_gpu_polygon *polygon, const col_transform2 *pose,
                                           const col_vec2 *points, size_t count, uint8_t *inside,
                                           col_gpu_stats *stats, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
