/* The 2D camera: a world point at the centre of the view and a zoom. World y points up, screen y
 * points down (pixels, origin at the top-left corner). */
#ifndef COLLIDE_VIEWER_CAMERA2D_H
#define COLLIDE_VIEWER_CAMERA2D_H

#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_camera2d {
	col_vec2 center; /* world point shown at the middle of the view */
	double scale;    /* pixels per world unit; > 0 */
} col_camera2d;

/* Centre (0, 0), 100 pixels per unit. */
col_camera2d col_camera2d_default(void);

/* Shows the whole box in a width x height view with margin (a fraction of the view, e.g. 0.05)
 * on the tighter side. An empty or non-finite box leaves the camera alone. */
void col_camera2d_fit(col_camera2d *camera, col_aabb2 box, int width, int height, double margin);

col_vec2 col_camera2d_to_world(const col_camera2d *camera, int width, int height, double sx, double sy);
col_vec2 col_camera2d_to_screen(const col_camera2d *camera, int width, int height, col_vec2 world);
/* The world box the view shows. */
col_aabb2 col_camera2d_visible(const col_camera2d *camera, int width, int height);

/* Moves the world with the mouse: a drag of (dx, dy) pixels. */
void col_camera2d_pan(col_camera2d *camera, double dx, double dy);
/* Zooms by factor (> 1 magnifies) keeping the world point under pixel (sx, sy) in place. */
void col_camera2d_zoom_at(col_camera2d *camera, int width, int height, double sx, double sy, double factor);

/* Column-major 4x4 matrix from world (x, y, z ignored) to clip space, for OpenGL. */
void col_camera2d_matrix(const col_camera2d *camera, int width, int height, float matrix[16]);

#ifdef __cplusplus
}
#endif

#endif
