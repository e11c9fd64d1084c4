/* Frames and oriented boxes; the 15-axis separating-axis test (source 001 via OBBTree). */
#include "collide/obb.h"

#include <math.h>

static double comp(col_vec3 v, int i)
{
	return col_vec3_component(v, i);
}

col_frame col_frame_identity(void)
{
	return (col_frame){{0.0, 0.0, 0.0}, {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}};
}

col_vec3 col_frame_to_world(const col_frame *frame, col_vec3 local)
{
	col_vec3 p = frame->origin;
	p = col_vec3_add(p, col_vec3_scale(frame->axes[0], local.x));
	p = col_vec3_add(p, col_vec3_scale(frame->axes[1], local.y));
	return col_vec3_add(p, col_vec3_scale(frame->axes[2], local.z));
}

col_vec3 col_frame_to_local(const col_frame *frame, col_vec3 world)
{
	col_vec3 d = col_vec3_sub(world, frame->origin);
	return (col_vec3){col_vec3_dot(frame->axes[0], d), col_vec3_dot(frame->axes[1], d),
	                  col_vec3_dot(frame->axes[2], d)};
}

col_frame col_frame_transform(col_transform3 motion, const col_frame *frame)
{
	col_frame out;
	out.origin = col_transform3_apply(motion, frame->origin);
	for (int i = 0; i < 3; ++i)
		out.axes[i] = col_quat_apply(motion.rotation, frame->axes[i]);
	return out;
}

col_plane col_frame_plane_to_local(const col_frame *frame, col_plane plane)
{
	col_plane out;
	out.normal =
	    (col_vec3){col_vec3_dot(frame->axes[0], plane.normal), col_vec3_dot(frame->axes[1], plane.normal),
	               col_vec3_dot(frame->axes[2], plane.normal)};
	out.offset = plane.offset - col_vec3_dot(plane.normal, frame->origin);
	return out;
}

col_obb col_obb_from_frame_box(const col_frame *frame, col_vec3 lo, col_vec3 hi)
{
	col_obb box;
	box.center = col_frame_to_world(frame, col_vec3_scale(col_vec3_add(lo, hi), 0.5));
	for (int i = 0; i < 3; ++i)
		box.axes[i] = frame->axes[i];
	box.half_extents = col_vec3_scale(col_vec3_sub(hi, lo), 0.5);
	return box;
}

col_obb col_obb_transform(col_transform3 motion, const col_obb *box)
{
	col_obb out;
	out.center = col_transform3_apply(motion, box->center);
	for (int i = 0; i < 3; ++i)
		out.axes[i] = col_quat_apply(motion.rotation, box->axes[i]);
	out.half_extents = box->half_extents;
	return out;
}

void col_obb_corners(const col_obb *box, col_vec3 corners[8])
{
	for (int k = 0; k < 8; ++k) {
		col_vec3 p = box->center;
		for (int i = 0; i < 3; ++i) {
			double s = (k >> i & 1) ? comp(box->half_extents, i) : -comp(box->half_extents, i);
			p = col_vec3_add(p, col_vec3_scale(box->axes[i], s));
		}
		corners[k] = p;
	}
}

bool col_obb_overlap(const col_obb *a, const col_obb *b, int *separating_axis)
{
	int dummy;
	int *axis = separating_axis != NULL ? separating_axis : &dummy;
	*axis = -1;
	double ea[3] = {a->half_extents.x, a->half_extents.y, a->half_extents.z};
	double eb[3] = {b->half_extents.x, b->half_extents.y, b->half_extents.z};
	/* R = A^T B: b's axes in a's frame, column j being b.axes[j]. */
	double r[3][3], q[3][3];
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j) {
			r[i][j] = col_vec3_dot(a->axes[i], b->axes[j]);
			q[i][j] = fabs(r[i][j]);
		}
	col_vec3 d = col_vec3_sub(b->center, a->center);
	double t[3] = {col_vec3_dot(a->axes[0], d), col_vec3_dot(a->axes[1], d), col_vec3_dot(a->axes[2], d)};
	/* The pad (see obb.h): above the rounding of every comparison below when the boxes touch. */
	double pad = COL_OBB_EPSILON *
	             (ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2] + fabs(t[0]) + fabs(t[1]) + fabs(t[2]));

	for (int i = 0; i < 3; ++i)
		if (fabs(t[i]) > ea[i] + eb[0] * q[i][0] + eb[1] * q[i][1] + eb[2] * q[i][2] + pad) {
			*axis = i;
			return false;
		}
	for (int j = 0; j < 3; ++j)
		if (fabs(t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j]) >
		    eb[j] + ea[0] * q[0][j] + ea[1] * q[1][j] + ea[2] * q[2][j] + pad) {
			*axis = 3 + j;
			return false;
		}
	/* L = a_i x b_j; in a's frame L = (R_i'j) e_i'' - (R_i''j) e_i' with i' = i+1, i'' = i+2 (mod 3). Its
	 * product with a's axes gives a's radius, and b_m . (a_i x b_j) = a_i . (b_j x b_m) = +-R_i,m' for m'
	 * the third index of b: b's radius. */
	for (int i = 0; i < 3; ++i) {
		int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
		for (int j = 0; j < 3; ++j) {
			int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
			double along = t[i2] * r[i1][j] - t[i1] * r[i2][j];
			double ra = ea[i1] * q[i2][j] + ea[i2] * q[i1][j];
			double rb = eb[j1] * q[i][j2] + eb[j2] * q[i][j1];
			if (fabs(along) > ra + rb + pad) {
				*axis = 6 + 3 * i + j;
				return false;
			}
		}
	}
	/* No axis separates. A NaN compares false everywhere and lands here: such a box is nowhere. */
	double all = pad;
	for (int i = 0; i < 3; ++i)
		all += q[i][0] + q[i][1] + q[i][2];
	if (!isfinite(all) || ea[0] < 0.0 || ea[1] < 0.0 || ea[2] < 0.0 || eb[0] < 0.0 || eb[1] < 0.0 ||
	    eb[2] < 0.0)
		return false;
	return true;
}

static bool obb_is_finite(const col_obb *box)
{
	return col_vec3_is_finite(box->center) && col_vec3_is_finite(box->axes[0]) &&
	       col_vec3_is_finite(box->axes[1]) && col_vec3_is_finite(box->axes[2]) &&
	       col_vec3_is_finite(box->half_extents);
}

/* The box's projected radius on direction l. */
static double projected_radius(const col_obb *box, col_vec3 l)
{
	return box->half_extents.x * fabs(col_vec3_dot(box->axes[0], l)) +
	       box->half_extents.y * fabs(col_vec3_dot(box->axes[1], l)) +
	       box->half_extents.z * fabs(col_vec3_dot(box->axes[2], l));
}

double col_obb_axis_gap(const col_obb *a, const col_obb *b, int axis)
{
	if (axis < 0 || axis >= COL_OBB_AXIS_COUNT || !obb_is_finite(a) || !obb_is_finite(b))
		return NAN;
	col_vec3 l;
	if (axis < 3)
		l = a->axes[axis];
	else if (axis < 6)
		l = b->axes[axis - 3];
	else
		l = col_vec3_cross(a->axes[(axis - 6) / 3], b->axes[(axis - 6) % 3]);
	double length = col_vec3_length(l);
	if (length == 0.0)
		return -HUGE_VAL;
	l = col_vec3_scale(l, 1.0 / length);
	double along = fabs(col_vec3_dot(col_vec3_sub(b->center, a->center), l));
	return along - projected_radius(a, l) - projected_radius(b, l);
}
