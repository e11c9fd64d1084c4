/* The non-inline parts of math.h: composition and inversion of transforms, quaternions, boxes. */
#include "collide/math.h"

col_transform2 col_transform2_compose(col_transform2 b, col_transform2 a)
{
	/* b(a(p)) = Rb (Ra p + ta) + tb */
	return (col_transform2){col_rot2_compose(b.rotation, a.rotation), col_transform2_apply(b, a.translation)};
}

col_transform2 col_transform2_inverse(col_transform2 t)
{
	col_rot2 inverse = {t.rotation.c, -t.rotation.s};
	return (col_transform2){inverse, col_vec2_scale(col_rot2_apply(inverse, t.translation), -1.0)};
}

col_quat col_quat_from_axis_angle(col_vec3 axis, double radians)
{
	double length = col_vec3_length(axis);
	if (!isfinite(length) || length < 0x1p-900) {
		/* Squaring would overflow (1e200) or underflow (1e-200): divide by the largest component
		 * first, which keeps the direction. */
		double largest = fmax(fmax(fabs(axis.x), fabs(axis.y)), fabs(axis.z));
		if (!(largest > 0.0) || !col_vec3_is_finite(axis))
			return col_quat_identity();
		axis = (col_vec3){axis.x / largest, axis.y / largest, axis.z / largest};
		length = col_vec3_length(axis);
	}
	double s = sin(0.5 * radians) / length;
	return (col_quat){axis.x * s, axis.y * s, axis.z * s, cos(0.5 * radians)};
}

col_quat col_quat_normalize(col_quat q)
{
	double length2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	if (!isfinite(length2) || length2 < 0x1p-900) {
		/* The squares overflowed ({1e200, 0, 0, 0}) or underflowed ({1e-200, 0, 0, 0}): scale by
		 * the largest component first, so the squares lie in [0, 4]. */
		if (!isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z) || !isfinite(q.w))
			return col_quat_identity(); /* (fmax would skip a NaN) */
		double largest = fmax(fmax(fabs(q.x), fabs(q.y)), fmax(fabs(q.z), fabs(q.w)));
		if (!(largest > 0.0))
			return col_quat_identity();
		q = (col_quat){q.x / largest, q.y / largest, q.z / largest, q.w / largest};
		length2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	}
	double inverse = 1.0 / sqrt(length2);
	return (col_quat){q.x * inverse, q.y * inverse, q.z * inverse, q.w * inverse};
}

col_quat col_quat_compose(col_quat b, col_quat a)
{
	/* Hamilton product b * a: rotating by it rotates by a first. */
	return (col_quat){
		b.w * a.x + b.x * a.w + b.y * a.z - b.z * a.y,
		b.w * a.y - b.x * a.z + b.y * a.w + b.z * a.x,
		b.w * a.z + b.x * a.y - b.y * a.x + b.z * a.w,
		b.w * a.w - b.x * a.x - b.y * a.y - b.z * a.z,
	};
}

col_vec3 col_quat_apply(col_quat q, col_vec3 v)
{
	/* v + 2 w (u x v) + 2 u x (u x v), with u the vector part: no matrix needed. */
	col_vec3 u = {q.x, q.y, q.z};
	col_vec3 t = col_vec3_scale(col_vec3_cross(u, v), 2.0);
	return col_vec3_add(col_vec3_add(v, col_vec3_scale(t, q.w)), col_vec3_cross(u, t));
}

void col_quat_to_matrix(col_quat q, double m[9])
{
	double x = q.x, y = q.y, z = q.z, w = q.w;
	m[0] = 1 - 2 * (y * y + z * z);
	m[1] = 2 * (x * y - z * w);
	m[2] = 2 * (x * z + y * w);
	m[3] = 2 * (x * y + z * w);
	m[4] = 1 - 2 * (x * x + z * z);
	m[5] = 2 * (y * z - x * w);
	m[6] = 2 * (x * z - y * w);
	m[7] = 2 * (y * z + x * w);
	m[8] = 1 - 2 * (x * x + y * y);
}

col_transform3 col_transform3_compose(col_transform3 b, col_transform3 a)
{
	return (col_transform3){col_quat_compose(b.rotation, a.rotation), col_transform3_apply(b, a.translation)};
}

col_transform3 col_transform3_inverse(col_transform3 t)
{
	col_quat inverse = col_quat_conjugate(t.rotation);
	return (col_transform3){inverse, col_vec3_scale(col_quat_apply(inverse, t.translation), -1.0)};
}

col_aabb2 col_aabb2_empty(void)
{
	return (col_aabb2){{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
}

col_aabb2 col_aabb2_add_point(col_aabb2 box, col_vec2 p)
{
	box.min.x = fmin(box.min.x, p.x);
	box.min.y = fmin(box.min.y, p.y);
	box.max.x = fmax(box.max.x, p.x);
	box.max.y = fmax(box.max.y, p.y);
	return box;
}

col_aabb2 col_aabb2_union(col_aabb2 a, col_aabb2 b)
{
	return col_aabb2_add_point(col_aabb2_add_point(a, b.min), b.max);
}

col_aabb2 col_aabb2_from_points(const col_vec2 *points, int count)
{
	col_aabb2 box = col_aabb2_empty();
	for (int i = 0; i < count; i++)
		box = col_aabb2_add_point(box, points[i]);
	return box;
}

col_aabb2 col_aabb2_transform(col_aabb2 box, col_transform2 t)
{
	if (col_aabb2_is_empty(box))
		return box;
	col_aabb2 out = col_aabb2_empty();
	for (int corner = 0; corner < 4; corner++) {
		col_vec2 p = {(corner & 1) ? box.max.x : box.min.x, (corner & 2) ? box.max.y : box.min.y};
		out = col_aabb2_add_point(out, col_transform2_apply(t, p));
	}
	return out;
}

col_aabb3 col_aabb3_empty(void)
{
	return (col_aabb3){{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
}

col_aabb3 col_aabb3_add_point(col_aabb3 box, col_vec3 p)
{
	box.min.x = fmin(box.min.x, p.x);
	box.min.y = fmin(box.min.y, p.y);
	box.min.z = fmin(box.min.z, p.z);
	box.max.x = fmax(box.max.x, p.x);
	box.max.y = fmax(box.max.y, p.y);
	box.max.z = fmax(box.max.z, p.z);
	return box;
}

col_aabb3 col_aabb3_union(col_aabb3 a, col_aabb3 b)
{
	return col_aabb3_add_point(col_aabb3_add_point(a, b.min), b.max);
}

col_aabb3 col_aabb3_from_points(const col_vec3 *points, int count)
{
	col_aabb3 box = col_aabb3_empty();
	for (int i = 0; i < count; i++)
		box = col_aabb3_add_point(box, points[i]);
	return box;
}

col_aabb3 col_aabb3_transform(col_aabb3 box, col_transform3 t)
{
	if (col_aabb3_is_empty(box))
		return box;
	col_aabb3 out = col_aabb3_empty();
	for (int corner = 0; corner < 8; corner++) {
		col_vec3 p = {(corner & 1) ? box.max.x : box.min.x, (corner & 2) ? box.max.y : box.min.y,
		              (corner & 4) ? box.max.z : box.min.z};
		out = col_aabb3_add_point(out, col_transform3_apply(t, p));
	}
	return out;
}
