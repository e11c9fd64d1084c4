/* The 3D orbit camera: spherical coordinates around a target, a perspective projection whose near
 * and far planes follow the distance so any scale of model stays in the depth range. */
#include "camera3d.h"

#include <string.h>

#define PITCH_LIMIT 1.55 /* just short of straight up or down, where the basis would flip */
#define DEGREES     (3.14159265358979323846 / 180.0) /* strict C11 has no M_PI */

col_camera3d col_camera3d_default(void)
{
	return (col_camera3d){{0.0, 0.0, 0.0}, 3.0, 0.6, 0.45, 45.0 * DEGREES};
}

col_vec3 col_camera3d_eye(const col_camera3d *camera)
{
	double cp = cos(camera->pitch);
	col_vec3 offset = {cp * sin(camera->yaw), sin(camera->pitch), cp * cos(camera->yaw)};
	return col_vec3_add(camera->target, col_vec3_scale(offset, camera->distance));
}

void col_camera3d_basis(const col_camera3d *camera, col_vec3 *forward, col_vec3 *right, col_vec3 *up)
{
	col_vec3 f = col_vec3_normalize(col_vec3_sub(camera->target, col_camera3d_eye(camera)));
	col_vec3 r = col_vec3_normalize(col_vec3_cross(f, (col_vec3){0.0, 1.0, 0.0}));
	col_vec3 u = col_vec3_cross(r, f);
	if (forward)
		*forward = f;
	if (right)
		*right = r;
	if (up)
		*up = u;
}

void col_camera3d_fit(col_camera3d *camera, col_aabb3 box, int width, int height)
{
	if (col_aabb3_is_empty(box) || !col_vec3_is_finite(box.min) || !col_vec3_is_finite(box.max))
		return;
	double radius = 0.5 * col_vec3_distance(box.min, box.max);
	if (!(radius > 0.0))
		radius = 1.0;
	/* The narrower of the two fields of view decides. */
	double half = 0.5 * camera->fov;
	if (width > 0 && height > 0 && width < height)
		half = atan(tan(half) * width / height);
	camera->target = col_vec3_lerp(box.min, box.max, 0.5);
	camera->distance = 1.08 * radius / sin(half);
}

void col_camera3d_orbit(col_camera3d *camera, double dx, double dy)
{
	camera->yaw -= dx * 0.008;
	camera->pitch += dy * 0.008;
	if (camera->pitch > PITCH_LIMIT)
		camera->pitch = PITCH_LIMIT;
	if (camera->pitch < -PITCH_LIMIT)
		camera->pitch = -PITCH_LIMIT;
}

void col_camera3d_pan(col_camera3d *camera, double dx, double dy, int height)
{
	col_vec3 right, up;
	col_camera3d_basis(camera, NULL, &right, &up);
	double per_pixel = 2.0 * camera->distance * tan(0.5 * camera->fov) / (height > 0 ? height : 1);
	camera->target = col_vec3_add(camera->target, col_vec3_scale(right, -dx * per_pixel));
	camera->target = col_vec3_add(camera->target, col_vec3_scale(up, dy * per_pixel));
}

void col_camera3d_zoom(col_camera3d *camera, double factor)
{
	double distance = camera->distance * factor;
	if (distance > 1e-9 && distance < 1e12)
		camera->distance = distance;
}

/* The frustum's half extents at unit depth: x from the aspect, y from the vertical field of view. */
static void half_extents(const col_camera3d *camera, int width, int height, double *half_x, double *half_y)
{
	double aspect = (double)(width > 0 ? width : 1) / (height > 0 ? height : 1);
	*half_y = tan(0.5 * camera->fov);
	*half_x = *half_y * aspect;
}

void col_camera3d_ray(const col_camera3d *camera, int width, int height, double sx, double sy, col_vec3 *origin,
                      col_vec3 *direction)
{
	col_vec3 f, r, u;
	col_camera3d_basis(camera, &f, &r, &u);
	double half_x, half_y;
	half_extents(camera, width, height, &half_x, &half_y);
	double x = (2.0 * sx / (width > 0 ? width : 1) - 1.0) * half_x;
	double y = (1.0 - 2.0 * sy / (height > 0 ? height : 1)) * half_y;
	*origin = col_camera3d_eye(camera);
	*direction = col_vec3_normalize(col_vec3_add(f, col_vec3_add(col_vec3_scale(r, x), col_vec3_scale(u, y))));
}

col_vec2 col_camera3d_to_screen(const col_camera3d *camera, int width, int height, col_vec3 p, double *depth)
{
	col_vec3 f, r, u;
	col_camera3d_basis(camera, &f, &r, &u);
	double half_x, half_y;
	half_extents(camera, width, height, &half_x, &half_y);
	col_vec3 v = col_vec3_sub(p, col_camera3d_eye(camera));
	double z = col_vec3_dot(v, f);
	*depth = z;
	if (!(z > 0.0))
		return (col_vec2){0.0, 0.0};
	double x = col_vec3_dot(v, r) / (z * half_x), y = col_vec3_dot(v, u) / (z * half_y);
	return (col_vec2){0.5 * (x + 1.0) * width, 0.5 * (1.0 - y) * height};
}

void col_camera3d_matrix(const col_camera3d *camera, int width, int height, float matrix[16])
{
	col_vec3 eye = col_camera3d_eye(camera), f, r, u;
	col_camera3d_basis(camera, &f, &r, &u);
	double aspect = (double)(width > 0 ? width : 1) / (height > 0 ? height : 1);
	double near = camera->distance * 0.01, far = camera->distance * 100.0;
	double t = 1.0 / tan(0.5 * camera->fov);
	/* view: rows r, u, -f; projection: the usual symmetric frustum. */
	double view[16] = {
	    r.x,
	    u.x,
	    -f.x,
	    0.0,
	    r.y,
	    u.y,
	    -f.y,
	    0.0,
	    r.z,
	    u.z,
	    -f.z,
	    0.0,
	    -col_vec3_dot(r, eye),
	    -col_vec3_dot(u, eye),
	    col_vec3_dot(f, eye),
	    1.0,
	};
	double projection[16] = {0};
	projection[0] = t / aspect;
	projection[5] = t;
	projection[10] = (far + near) / (near - far);
	projection[11] = -1.0;
	projection[14] = 2.0 * far * near / (near - far);
	for (int col = 0; col < 4; col++) {
		for (int row = 0; row < 4; row++) {
			double sum = 0.0;
			for (int k = 0; k < 4; k++)
				sum += projection[k * 4 + row] * view[col * 4 + k];
			matrix[col * 4 + row] = (float)sum;
		}
	}
}
