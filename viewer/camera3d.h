/* The 3D orbit camera: it looks at a target point from a distance, turned by yaw about the world
 * y axis (up) and tilted by pitch. */
#ifndef COLLIDE_VIEWER_CAMERA3D_H
#define COLLIDE_VIEWER_CAMERA3D_H

#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_camera3d {
	col_vec3 target; /* the point orbited and looked at */
	double distance; /* from the eye to the target; > 0 */
	double yaw;      /* radians about +y; 0 looks from +z towards -z */
	double pitch;    /* radians above the horizontal, within (-pi/2, pi/2) */
	double fov;      /* vertical field of view, radians */
} col_camera3d;

/* Target at the origin, distance 3, a view from slightly above and to the right, 45 degrees. */
col_camera3d col_camera3d_default(void);

/* Keeps yaw and pitch; centres the box and backs off until its bounding sphere fits. */
void col_camera3d_fit(col_camera3d *camera, col_aabb3 box, int width, int height);

col_vec3 col_camera3d_eye(const col_camera3d *camera);
/* Unit vectors of the view: forward (eye to target), right, up. */
void col_camera3d_basis(const col_camera3d *camera, col_vec3 *forward, col_vec3 *right, col_vec3 *up);

/* A mouse drag of (dx, dy) pixels turns the camera around the target. */
void col_camera3d_orbit(col_camera3d *camera, double dx, double dy);
/* A drag of (dx, dy) pixels moves the target so the world follows the mouse at its depth. */
void col_camera3d_pan(col_camera3d *camera, double dx, double dy, int height);
/* factor < 1 moves closer. */
void col_camera3d_zoom(col_camera3d *camera, double factor);

/* The ray through pixel (sx, sy) of a width x height view (origin at the top-left): from the eye,
 * unit direction. What a script picks or drags in 3D is found along it. */
void col_camera3d_ray(const col_camera3d *camera, int width, int height, double sx, double sy, col_vec3 *origin,
                      col_vec3 *direction);
/* The pixel where p appears, and its depth along the view direction (<= 0: at or behind the eye,
 * where the pixel means nothing). */
col_vec2 col_camera3d_to_screen(const col_camera3d *camera, int width, int height, col_vec3 p, double *depth);

/* Column-major projection * view matrix, for OpenGL. */
void col_camera3d_matrix(const col_camera3d *camera, int width, int height, float matrix[16]);

#ifdef __cplusplus
}
#endif

#endif
