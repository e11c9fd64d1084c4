/* Vectors, rigid transforms and axis-aligned boxes in 2D and 3D. Everything here is small, inline
 * and allocation-free; doubles throughout, as in the rest of the engine.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_MATH_H
#define COLLIDE_MATH_H

#include <math.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Strict C11 has no M_PI. */
#define COL_PI 3.14159265358979323846

typedef struct col_vec2 {
	double x, y;
} col_vec2;

typedef struct col_vec3 {
	double x, y, z;
} col_vec3;

/* A 2D rotation stored as its cosine and sine, so applying it needs no trigonometry. */
typedef struct col_rot2 {
	double c, s;
} col_rot2;

/* Maps a body-local point p to rotation * p + translation. */
typedef struct col_transform2 {
	col_rot2 rotation;
	col_vec2 translation;
} col_transform2;

/* A rotation as a unit quaternion (x, y, z, w), w the scalar part. */
typedef struct col_quat {
	double x, y, z, w;
} col_quat;

/* Maps a body-local point p to rotation * p + translation. */
typedef struct col_transform3 {
	col_quat rotation;
	col_vec3 translation;
} col_transform3;

/* Closed boxes: a point on a face is inside. An empty box has min > max (col_aabb2_empty). */
typedef struct col_aabb2 {
	col_vec2 min, max;
} col_aabb2;

typedef struct col_aabb3 {
	col_vec3 min, max;
} col_aabb3;

/* ---- 2D vectors ---- */

static inline col_vec2 col_vec2_make(double x, double y) { return (col_vec2){x, y}; }
static inline col_vec2 col_vec2_add(col_vec2 a, col_vec2 b) { return (col_vec2){a.x + b.x, a.y + b.y}; }
static inline col_vec2 col_vec2_sub(col_vec2 a, col_vec2 b) { return (col_vec2){a.x - b.x, a.y - b.y}; }
static inline col_vec2 col_vec2_scale(col_vec2 a, double s) { return (col_vec2){a.x * s, a.y * s}; }
static inline double col_vec2_dot(col_vec2 a, col_vec2 b) { return a.x * b.x + a.y * b.y; }
/* z of the 3D cross product: positive when b is counter-clockwise from a. */
static inline double col_vec2_cross(col_vec2 a, col_vec2 b) { return a.x * b.y - a.y * b.x; }
static inline double col_vec2_length_squared(col_vec2 a) { return a.x * a.x + a.y * a.y; }
static inline double col_vec2_length(col_vec2 a) { return sqrt(col_vec2_length_squared(a)); }
static inline double col_vec2_distance(col_vec2 a, col_vec2 b) { return col_vec2_length(col_vec2_sub(a, b)); }
static inline col_vec2 col_vec2_lerp(col_vec2 a, col_vec2 b, double t)
{
	return (col_vec2){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}
static inline bool col_vec2_is_finite(col_vec2 a) { return isfinite(a.x) && isfinite(a.y); }
static inline bool col_vec2_equal(col_vec2 a, col_vec2 b) { return a.x == b.x && a.y == b.y; }

/* ---- 3D vectors ---- */

static inline col_vec3 col_vec3_make(double x, double y, double z) { return (col_vec3){x, y, z}; }
static inline col_vec3 col_vec3_add(col_vec3 a, col_vec3 b) { return (col_vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline col_vec3 col_vec3_sub(col_vec3 a, col_vec3 b) { return (col_vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline col_vec3 col_vec3_scale(col_vec3 a, double s) { return (col_vec3){a.x * s, a.y * s, a.z * s}; }
static inline double col_vec3_dot(col_vec3 a, col_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline col_vec3 col_vec3_cross(col_vec3 a, col_vec3 b)
{
	return (col_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static inline double col_vec3_length_squared(col_vec3 a) { return col_vec3_dot(a, a); }
static inline double col_vec3_length(col_vec3 a) { return sqrt(col_vec3_length_squared(a)); }
static inline double col_vec3_distance(col_vec3 a, col_vec3 b) { return col_vec3_length(col_vec3_sub(a, b)); }
/* The zero vector stays zero rather than becoming NaN. */
static inline col_vec3 col_vec3_normalize(col_vec3 a)
{
	double length = col_vec3_length(a);
	return length > 0.0 ? col_vec3_scale(a, 1.0 / length) : a;
}
static inline col_vec3 col_vec3_lerp(col_vec3 a, col_vec3 b, double t)
{
	return (col_vec3){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t};
}
static inline bool col_vec3_is_finite(col_vec3 a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }
static inline bool col_vec3_equal(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
/* Coordinate i of v: x for 0, y for 1, z otherwise. */
static inline double col_vec3_component(col_vec3 v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }

/* ---- 2D rotations and transforms ---- */

static inline col_rot2 col_rot2_identity(void) { return (col_rot2){1.0, 0.0}; }
static inline col_rot2 col_rot2_from_angle(double radians) { return (col_rot2){cos(radians), sin(radians)}; }
static inline double col_rot2_angle(col_rot2 q) { return atan2(q.s, q.c); }
static inline col_vec2 col_rot2_apply(col_rot2 q, col_vec2 v)
{
	return (col_vec2){q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}
static inline col_vec2 col_rot2_apply_inverse(col_rot2 q, col_vec2 v)
{
	return (col_vec2){q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}
/* a then b: rotating by the result equals rotating by a, then by b. */
static inline col_rot2 col_rot2_compose(col_rot2 b, col_rot2 a)
{
	return (col_rot2){b.c * a.c - b.s * a.s, b.s * a.c + b.c * a.s};
}

static inline col_transform2 col_transform2_identity(void)
{
	return (col_transform2){col_rot2_identity(), {0.0, 0.0}};
}
static inline col_transform2 col_transform2_make(col_vec2 translation, double radians)
{
	return (col_transform2){col_rot2_from_angle(radians), translation};
}
static inline col_vec2 col_transform2_apply(col_transform2 t, col_vec2 p)
{
	return col_vec2_add(col_rot2_apply(t.rotation, p), t.translation);
}
/* World point to body-local point: how queries enter a structure's frame without rebuilding it. */
static inline col_vec2 col_transform2_apply_inverse(col_transform2 t, col_vec2 p)
{
	return col_rot2_apply_inverse(t.rotation, col_vec2_sub(p, t.translation));
}
/* a then b. */
col_transform2 col_transform2_compose(col_transform2 b, col_transform2 a);
col_transform2 col_transform2_inverse(col_transform2 t);

/* ---- quaternions and 3D transforms ---- */

static inline col_quat col_quat_identity(void) { return (col_quat){0.0, 0.0, 0.0, 1.0}; }
/* Rotation of `radians` about `axis` (need not be unit length, any finite magnitude; a zero or
 * non-finite axis gives the identity). */
col_quat col_quat_from_axis_angle(col_vec3 axis, double radians);
/* Scales q to unit length, for any finite q (scaled by its largest component first, so neither
 * 1e200 nor 1e-200 over- or underflows); the zero quaternion, or one with a NaN or infinite
 * component, becomes the identity. */
col_quat col_quat_normalize(col_quat q);
/* a then b. */
col_quat col_quat_compose(col_quat b, col_quat a);
static inline col_quat col_quat_conjugate(col_quat q) { return (col_quat){-q.x, -q.y, -q.z, q.w}; }
col_vec3 col_quat_apply(col_quat q, col_vec3 v);
/* Row-major 3x3 matrix of the rotation (the benchmark cases' convention). */
void col_quat_to_matrix(col_quat q, double matrix[9]);

static inline col_transform3 col_transform3_identity(void)
{
	return (col_transform3){col_quat_identity(), {0.0, 0.0, 0.0}};
}
static inline col_vec3 col_transform3_apply(col_transform3 t, col_vec3 p)
{
	return col_vec3_add(col_quat_apply(t.rotation, p), t.translation);
}
static inline col_vec3 col_transform3_apply_inverse(col_transform3 t, col_vec3 p)
{
	return col_quat_apply(col_quat_conjugate(t.rotation), col_vec3_sub(p, t.translation));
}
/* Every component finite (a NaN or infinite motion places a shape nowhere). */
static inline bool col_transform3_is_finite(col_transform3 t)
{
	return col_vec3_is_finite(t.translation) && isfinite(t.rotation.x) && isfinite(t.rotation.y) &&
	       isfinite(t.rotation.z) && isfinite(t.rotation.w);
}
col_transform3 col_transform3_compose(col_transform3 b, col_transform3 a);
col_transform3 col_transform3_inverse(col_transform3 t);

/* ---- boxes ---- */

col_aabb2 col_aabb2_empty(void);
static inline bool col_aabb2_is_empty(col_aabb2 b) { return b.min.x > b.max.x || b.min.y > b.max.y; }
col_aabb2 col_aabb2_add_point(col_aabb2 box, col_vec2 p);
col_aabb2 col_aabb2_union(col_aabb2 a, col_aabb2 b);
col_aabb2 col_aabb2_from_points(const col_vec2 *points, int count);
static inline bool col_aabb2_contains(col_aabb2 b, col_vec2 p)
{
	return p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y;
}
/* Touching boxes overlap. */
static inline bool col_aabb2_overlaps(col_aabb2 a, col_aabb2 b)
{
	return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}
/* Box of the box's four corners after t: encloses the transformed box. */
col_aabb2 col_aabb2_transform(col_aabb2 box, col_transform2 t);

col_aabb3 col_aabb3_empty(void);
static inline bool col_aabb3_is_empty(col_aabb3 b)
{
	return b.min.x > b.max.x || b.min.y > b.max.y || b.min.z > b.max.z;
}
col_aabb3 col_aabb3_add_point(col_aabb3 box, col_vec3 p);
col_aabb3 col_aabb3_union(col_aabb3 a, col_aabb3 b);
col_aabb3 col_aabb3_from_points(const col_vec3 *points, int count);
static inline bool col_aabb3_contains(col_aabb3 b, col_vec3 p)
{
	return p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y && p.z >= b.min.z &&
	       p.z <= b.max.z;
}
static inline bool col_aabb3_overlaps(col_aabb3 a, col_aabb3 b)
{
	return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
	       a.min.z <= b.max.z && b.min.z <= a.max.z;
}
/* Box of the box's eight corners after t. */
col_aabb3 col_aabb3_transform(col_aabb3 box, col_transform3 t);

#ifdef __cplusplus
}
#endif

#endif
