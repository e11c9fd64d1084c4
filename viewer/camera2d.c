/* The 2D camera: an orthographic view given by a centre and pixels per world unit. */
#include "camera2d.h"

#include <string.h>

/* Far enough that a runaway wheel cannot make the matrix singular or overflow float. */
#define MIN_SCALE 1e-9
#define MAX_SCALE 1e12

col_camera2d col_camera2d_default(void)
{
	return (col_camera2d){{0.0, 0.0}, 100.0};
}

static double clamp_scale(double scale)
{
	if (!(scale > MIN_SCALE))
		return MIN_SCALE;
	return scale > MAX_SCALE ? MAX_SCALE : scale;
}

void col_camera2d_fit(col_camera2d *camera, col_aabb2 box, int width, int height, double margin)
{
	if (col_aabb2_is_empty(box) || !col_vec2_is_finite(box.min) || !col_vec2_is_finite(box.max) ||
	    width <= 0 || height <= 0)
		return;
	double box_w = box.max.x - box.min.x, box_h = box.max.y - box.min.y;
	double usable = 1.0 - 2.0 * margin;
	double sx = box_w > 0.0 ? usable * width / box_w : MAX_SCALE;
	double sy = box_h > 0.0 ? usable * height / box_h : MAX_SCALE;
	double scale = sx < sy ? sx : sy;
	/* A single point (or a line) has no extent to fit: keep a sensible zoom around it. */
	if (scale >= MAX_SCALE)
		scale = camera->scale;
	camera->center = col_vec2_lerp(box.min, box.max, 0.5);
	camera->scale = clamp_scale(scale);
}

col_vec2 col_camera2d_to_world(const col_camera2d *camera, int width, int height, double sx, double sy)
{
	return (col_vec2){camera->center.x + (sx - 0.5 * width) / camera->scale,
	                  camera->center.y - (sy - 0.5 * height) / camera->scale};
}

col_vec2 col_camera2d_to_screen(const col_camera2d *camera, int width, int height, col_vec2 world)
{
	return (col_vec2){0.5 * width + (world.x - camera->center.x) * camera->scale,
	                  0.5 * height - (world.y - camera->center.y) * camera->scale};
}

col_aabb2 col_camera2d_visible(const col_camera2d *camera, int width, int height)
{
	col_vec2 a = col_camera2d_to_world(camera, width, height, 0.0, (double)height);
	col_vec2 b = col_camera2d_to_world(camera, width, height, (double)width, 0.0);
	return (col_aabb2){a, b};
}

void col_camera2d_pan(col_camera2d *camera, double dx, double dy)
{
	camera->center.x -= dx / camera->scale;
	camera->center.y += dy / camera->scale;
}

void col_camera2d_zoom_at(col_camera2d *camera, int width, int height, double sx, double sy, double factor)
{
	col_vec2 before = col_camera2d_to_world(camera, width, height, sx, sy);
	camera->scale = clamp_scale(camera->scale * factor);
	col_vec2 after = col_camera2d_to_world(camera, width, height, sx, sy);
	camera->center = col_vec2_add(camera->center, col_vec2_sub(before, after));
}

void col_camera2d_matrix(const col_camera2d *camera, int width, int height, float matrix[16])
{
	memset(matrix, 0, 16 * sizeof matrix[0]);
	double kx = 2.0 * camera->scale / (width > 0 ? width : 1);
	double ky = 2.0 * camera->scale / (height > 0 ? height : 1);
	matrix[0] = (float)kx;
	matrix[5] = (float)ky;
	matrix[10] = 1.0f;
	matrix[12] = (float)(-camera->center.x * kx);
	matrix[13] = (float)(-camera->center.y * ky);
	matrix[15] = 1.0f;
}
