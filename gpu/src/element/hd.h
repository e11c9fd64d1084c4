/* What every per-element routine shares: the code one thread runs, written once and compiled twice,
 * by nvcc for the kernels and by the C compiler for the CPU fallback and the tests.
 *
 * The common subset of C11 and CUDA C++: no compound literals, no designated initialisers, no
 * library calls but the correctly rounded ones (sqrt, fabs, fmin, fmax, floor), no fused
 * multiply-add (the CUDA build passes -fmad=false; C11 does not contract). So the same inputs give
 * the same bits on both sides, and the rounding-error bounds below hold on both. */
#ifndef COLLIDE_GPU_ELEMENT_HD_H
#define COLLIDE_GPU_ELEMENT_HD_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __CUDACC__
#define COL_HD static __host__ __device__ inline
#else
#define COL_HD static inline
#endif

/* The unit roundoff of double, and a floor under every error bound: a value smaller than it in
 * magnitude is never trusted, so gradual underflow cannot fake a certified sign. */
#define HD_U    (0x1p-53)
#define HD_TINY (0x1p-960)

/* Layout-compatible with col_vec3, col_aabb3, col_quat and col_transform3 (checked where the C
 * side converts: gpu_internal.h). */
typedef struct hd_vec3 {
	double x, y, z;
} hd_vec3;

typedef struct hd_box {
	hd_vec3 min, max;
} hd_box;

typedef struct hd_pose {
	double qx, qy, qz, qw; /* unit quaternion, w the scalar part */
	hd_vec3 t;
} hd_pose;

/* A filtered sign is +1 or -1 when the rounding bound certifies it, HD_UNSURE when it cannot (the
 * exact sign may be 0, or either): the element is then handed back to the engine's exact routine.
 * A filtered yes-or-no answer is HD_YES, HD_NO or HD_UNSURE alike. */
enum { HD_NO = -1, HD_UNSURE = 0, HD_YES = 1 };

COL_HD hd_vec3 hd_v3(double x, double y, double z)
{
	hd_vec3 v;
	v.x = x;
	v.y = y;
	v.z = z;
	return v;
}
COL_HD hd_vec3 hd_add(hd_vec3 a, hd_vec3 b)
{
	return hd_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}
COL_HD hd_vec3 hd_sub(hd_vec3 a, hd_vec3 b)
{
	return hd_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}
COL_HD hd_vec3 hd_scale(hd_vec3 a, double s)
{
	return hd_v3(a.x * s, a.y * s, a.z * s);
}
COL_HD double hd_dot(hd_vec3 a, hd_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}
COL_HD hd_vec3 hd_cross(hd_vec3 a, hd_vec3 b)
{
	return hd_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
COL_HD hd_vec3 hd_abs3(hd_vec3 a)
{
	return hd_v3(fabs(a.x), fabs(a.y), fabs(a.z));
}
COL_HD double hd_comp(hd_vec3 v, int i)
{
	return i == 0 ? v.x : i == 1 ? v.y : v.z;
}
COL_HD bool hd_finite3(hd_vec3 v)
{
	return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

COL_HD double hd_min3(double a, double b, double c)
{
	return a < b ? (a < c ? a : c) : (b < c ? b : c);
}
COL_HD double hd_max3(double a, double b, double c)
{
	return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

/* Closed boxes: a point on a face is inside; touching boxes overlap. */
COL_HD bool hd_box_contains(hd_box b, hd_vec3 p)
{
	return p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y && p.z >= b.min.z &&
	       p.z <= b.max.z;
}
COL_HD bool hd_box_overlaps(hd_box a, hd_box b)
{
	return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
	       a.min.z <= b.max.z && b.min.z <= a.max.z;
}
COL_HD hd_box hd_box_union(hd_box a, hd_box b)
{
	hd_box u;
	u.min = hd_v3(fmin(a.min.x, b.min.x), fmin(a.min.y, b.min.y), fmin(a.min.z, b.min.z));
	u.max = hd_v3(fmax(a.max.x, b.max.x), fmax(a.max.y, b.max.y), fmax(a.max.z, b.max.z));
	return u;
}
COL_HD hd_box hd_box_of_triangle(hd_vec3 a, hd_vec3 b, hd_vec3 c)
{
	hd_box box;
	box.min = hd_v3(hd_min3(a.x, b.x, c.x), hd_min3(a.y, b.y, c.y), hd_min3(a.z, b.z, c.z));
	box.max = hd_v3(hd_max3(a.x, b.x, c.x), hd_max3(a.y, b.y, c.y), hd_max3(a.z, b.z, c.z));
	return box;
}
/* Squared distance from p to the closed box (0 inside), in floating point. */
COL_HD double hd_box_distance2(hd_box b, hd_vec3 p)
{
	double dx = p.x < b.min.x ? b.min.x - p.x : p.x > b.max.x ? p.x - b.max.x : 0.0;
	double dy = p.y < b.min.y ? b.min.y - p.y : p.y > b.max.y ? p.y - b.max.y : 0.0;
	double dz = p.z < b.min.z ? b.min.z - p.z : p.z > b.max.z ? p.z - b.max.z : 0.0;
	return dx * dx + dy * dy + dz * dz;
}

/* ---- rigid motion: the engine's col_quat_apply, operation for operation, so a point or a
 * triangle moved here has the bits col_transform3_apply gives it ---- */

COL_HD hd_vec3 hd_rotate(double qx, double qy, double qz, double qw, hd_vec3 v)
{
	hd_vec3 u = hd_v3(qx, qy, qz);
	hd_vec3 t = hd_scale(hd_cross(u, v), 2.0);
	return hd_add(hd_add(v, hd_scale(t, qw)), hd_cross(u, t));
}
COL_HD hd_vec3 hd_pose_apply(hd_pose p, hd_vec3 v)
{
	return hd_add(hd_rotate(p.qx, p.qy, p.qz, p.qw, v), p.t);
}
/* col_transform3_apply_inverse: world to local. */
COL_HD hd_vec3 hd_pose_apply_inverse(hd_pose p, hd_vec3 v)
{
	return hd_rotate(-p.qx, -p.qy, -p.qz, p.qw, hd_sub(v, p.t));
}
COL_HD hd_vec3 hd_pose_rotate(hd_pose p, hd_vec3 v)
{
	return hd_rotate(p.qx, p.qy, p.qz, p.qw, v);
}
COL_HD hd_pose hd_pose_identity(void)
{
	hd_pose p;
	p.qx = p.qy = p.qz = 0.0;
	p.qw = 1.0;
	p.t = hd_v3(0.0, 0.0, 0.0);
	return p;
}

/* ---- certified signs ----
 *
 * A polynomial evaluated in doubles from exact inputs lies within gamma(depth) * M of its exact
 * value (gamma(d) = d u / (1 - d u)), where M is the same expression with every input and operation
 * replaced by its absolute value, and the depth counts roundings by induction: an input has depth
 * 0, a sum or difference one more than the deeper of its terms, a product one more than the sum of
 * its factors' depths (Higham, Accuracy and Stability of Numerical Algorithms, ch. 3). `magnitude`
 * is M evaluated in doubles, low by at most a factor 1 - gamma(depth); 2 depth u covers both for
 * every depth used here (at most 24). */
COL_HD int hd_certified_sign(double value, double magnitude, int depth)
{
	double bound = 2.0 * depth * HD_U * magnitude + HD_TINY;
	return value > bound ? 1 : value < -bound ? -1 : HD_UNSURE;
}

#endif
