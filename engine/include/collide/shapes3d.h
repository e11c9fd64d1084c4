/* The simple 3D colliders: points (col_vec3), spheres and triangles.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_SHAPES3D_H
#define COLLIDE_SHAPES3D_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A closed ball: its surface belongs to it. */
typedef struct col_sphere {
	col_vec3 center;
	double radius;
} col_sphere;

/* A triangle; its front is the side from which a, b, c appear counter-clockwise. */
typedef struct col_triangle {
	col_vec3 a, b, c;
} col_triangle;

/* Where two shapes touch: a point on the first one's surface, the unit direction in which the
 * second must move to part from it, and how far (the penetration depth; 0 when just touching). */
typedef struct col_contact3 {
	col_vec3 point;
	col_vec3 normal;
	double depth;
	int feature; /* the first shape's triangle holding point, -1 when it has none */
} col_contact3;

/* The first point a ray meets: at origin + distance * direction (direction as given, so distance is
 * in its units), on triangle `feature`, whose unit normal (as the triangle is wound) is normal. */
typedef struct col_ray_hit3 {
	double distance;
	col_vec3 point;
	col_vec3 normal;
	int feature;
} col_ray_hit3;

/* Finite centre, radius >= 0, every number 0 or of magnitude in [COL_COORDINATE_MIN,
 * COL_COORDINATE_MAX] (common.h), where the tests below are exact. The tests below answer false
 * for a NaN or infinite centre, radius, point or triangle vertex, or a negative radius: such a
 * shape is nowhere. */
col_status col_sphere_validate(col_sphere sphere, col_error *error);
bool col_sphere_contains_point(col_sphere sphere, col_vec3 p);
bool col_sphere_intersects_sphere(col_sphere a, col_sphere b);
/* Whether the closed segment ab (a single point when a == b) meets the closed ball. Exact: an end
 * by col_sphere_point_side, else the centre projecting strictly inside the segment (col_dot3_sign)
 * with the line near enough (col_sphere_line_side). */
bool col_segment_intersects_sphere(col_vec3 a, col_vec3 b, col_sphere sphere);

/* The box of the triangle's three vertices (exact: the smallest and largest coordinates as given;
 * plain comparisons, since it runs per triangle in the queries' loops). */
static inline double col_min3(double a, double b, double c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }
static inline double col_max3(double a, double b, double c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }
static inline col_aabb3 col_triangle_bounds(col_triangle t)
{
	return (col_aabb3){{col_min3(t.a.x, t.b.x, t.c.x), col_min3(t.a.y, t.b.y, t.c.y), col_min3(t.a.z, t.b.z, t.c.z)},
	                   {col_max3(t.a.x, t.b.x, t.c.x), col_max3(t.a.y, t.b.y, t.c.y), col_max3(t.a.z, t.b.z, t.c.z)}};
}

/* The triangle with each vertex moved by motion (rounded, as col_transform3_apply rounds). */
static inline col_triangle col_triangle_moved(col_triangle t, col_transform3 motion)
{
	return (col_triangle){col_transform3_apply(motion, t.a), col_transform3_apply(motion, t.b),
	                      col_transform3_apply(motion, t.c)};
}

/* Unit normal of the front side; the zero vector for a degenerate triangle. */
col_vec3 col_triangle_normal(col_triangle t);
double col_triangle_area(col_triangle t);
/* The point of the closed triangle nearest to p (Ericson's region test), in floating point. */
col_vec3 col_triangle_closest_point(col_triangle t, col_vec3 p);
/* Whether the closed triangle and the closed ball share a point; touching counts. Exact: the
 * nearest vertex, edge or face is compared with the radius by col_sphere_point_side,
 * col_sphere_line_side and col_sphere_plane_side (with col_dot3_sign and col_prism_side to pick
 * the part of the triangle nearest the centre), with no rounded distance in between. */
bool col_triangle_intersects_sphere(col_triangle t, col_sphere s);
/* Whether all three vertices are collinear (zero area), decided exactly: every coordinate-plane
 * projection has col_orient2d zero. */
bool col_triangle_is_degenerate(col_triangle t);
/* Whether p lies on the closed triangle (exact; a degenerate triangle is the segment or point
 * its vertices span). */
bool col_triangle_contains_point(col_triangle t, col_vec3 p);
/* Whether two closed triangles share a point, decided with col_orient3d (exact; coplanar
 * triangles are tested in their common plane with col_orient2d on the dominant axes). */
bool col_triangle_intersects_triangle(col_triangle t, col_triangle u);
/* Whether two closed triangles meet (col_triangle_intersects_triangle, exact) and, if so, their
 * contact (contact may be NULL). point: the middle of their common part (a segment, or a polygon
 * when coplanar), in floating point. normal and depth: the shallowest way for u to part from t
 * among the separating-axis candidates (t's front normal, u's back normal, and the nine
 * edge-by-edge directions turned away from t), so that moving u by depth along normal leaves them
 * only touching; depth is 0 when they only touch. Made for two mesh triangles wound to face out of
 * their solids: t of the first mesh, u of the second. feature is -1. */
bool col_triangle_contact(col_triangle t, col_triangle u, col_contact3 *contact);
/* Where the ray origin + t direction meets the closed triangle (Moller-Trumbore, in floating
 * point): t >= 0, or INFINITY when it misses or runs parallel to the triangle's plane. */
double col_triangle_ray_parameter(col_triangle t, col_vec3 origin, col_vec3 direction);
/* The contact of a ball meeting a solid, from its centre's nearest surface point `nearest` (at
 * `distance`, on triangle `surface`, numbered `feature`) and whether the centre is inside: the normal
 * moves the ball out (away from the surface outside, towards it inside), the depth is how far.
 * A centre within rounding of the surface (scale: the solid's coordinate magnitude) has no
 * direction of its own: surface's outward normal is used. */
col_contact3 col_sphere_solid_contact(col_sphere sphere, col_vec3 nearest, double distance, col_triangle surface,
                                      int feature, bool inside, double scale);

#ifdef __cplusplus
}
#endif

#endif
