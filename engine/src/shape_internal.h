/* Private: the support mapping as GJK, EPA and the contact queries call it in their loops. */
#ifndef COLLIDE_SHAPE_INTERNAL_H
#define COLLIDE_SHAPE_INTERNAL_H

#include "collide/shape.h"

/* The core's farthest point along direction, both in the body frame. *feature is where a polytope
 * or polygon starts its search (a vertex from the previous call: temporal coherence; -1 compares
 * every vertex, lowest index on ties) and receives the vertex found (-1 where the point is not a
 * vertex). feature must not be NULL. */
col_vec3 col_shape_support_from(const col_shape *shape, col_vec3 direction, int *feature);

/* col_shape_center in the body frame (a point of the core, inside it where it has an inside). */
col_vec3 col_shape_local_center(const col_shape *shape);

/* col_shape_spheres, given the shape's col_shape_local_center (the queries have it already). */
void col_shape_spheres_about(const col_shape *shape, col_vec3 local_center, double *outer, double *inner);

/* A 3x3 rotation, row-major, applied to and against vectors: the queries turn a quaternion into
 * one of these once per call rather than once per support point. */
typedef struct col_matrix3 {
	double m[9];
} col_matrix3;

static inline col_vec3 col_matrix3_apply(const col_matrix3 *r, col_vec3 v)
{
	return (col_vec3){r->m[0] * v.x + r->m[1] * v.y + r->m[2] * v.z,
	                  r->m[3] * v.x + r->m[4] * v.y + r->m[5] * v.z,
	                  r->m[6] * v.x + r->m[7] * v.y + r->m[8] * v.z};
}

static inline col_vec3 col_matrix3_apply_transpose(const col_matrix3 *r, col_vec3 v)
{
	return (col_vec3){r->m[0] * v.x + r->m[3] * v.y + r->m[6] * v.z,
	                  r->m[1] * v.x + r->m[4] * v.y + r->m[7] * v.z,
	                  r->m[2] * v.x + r->m[5] * v.y + r->m[8] * v.z};
}

/* b's body frame seen from a's: the rotation and translation that map a point of b's frame into
 * a's, and a's own frame in the world (to bring answers back). */
typedef struct col_relative_pose {
	col_matrix3 rotation;   /* b frame -> a frame */
	col_vec3 translation;   /* b's origin in a's frame */
	col_matrix3 a_rotation; /* a frame -> world */
	col_vec3 a_translation;
} col_relative_pose;

col_relative_pose col_relative_pose_make(col_transform3 a, col_transform3 b);

static inline col_vec3 col_relative_to_world(const col_relative_pose *p, col_vec3 local_a)
{
	return col_vec3_add(col_matrix3_apply(&p->a_rotation, local_a), p->a_translation);
}

static inline col_vec3 col_relative_direction_to_world(const col_relative_pose *p, col_vec3 local_a)
{
	return col_matrix3_apply(&p->a_rotation, local_a);
}

#endif
