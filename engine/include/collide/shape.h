/* Convex colliders described by their support mappings (source 004, 3.1): GJK (gjk.h), EPA
 * (epa.h) and the contact queries (contact.h) ask a shape only for its farthest point along a
 * direction, so one algorithm serves every kind below, and any pair of them.
 *
 * A shape is a small value: its kind, its core (a point, segment, triangle, box, cylinder, cone,
 * polytope or 2D polygon, in its own body frame), a rounding radius and a pose. The set it stands
 * for is the core swept by a ball of that radius (the Minkowski sum), placed by the pose: a sphere
 * is a rounded point, a capsule a rounded segment, and any core can be rounded. The queries work on
 * the cores and add the radii at the end, which keeps them exact on the flat parts.
 *
 * 2D shapes are the same values in the plane z = 0 (dimension 2): a circle is a rounded point, a 2D
 * capsule a rounded segment, a convex polygon its own kind; their poses turn about z only
 * (col_shape_pose2). The 2D queries are the 3D ones on such shapes.
 *
 * A shape does not own what it points to (a col_convex, a polygon's points): keep that alive while
 * the shape is used.
 *
 * Thread safety: a col_shape is a value; the functions here read their arguments only. A shape made
 * by col_shape_convex points to its col_convex, which queries only read, so any number of threads
 * may use shapes (and one polytope) at once; the polytope must outlive them and must not be
 * destroyed while a query runs. */
#ifndef COLLIDE_SHAPE_H
#define COLLIDE_SHAPE_H

#include "collide/common.h"
#include "collide/convex.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum col_shape_kind {
	COL_SHAPE_POINT,   /* one point; rounded: a sphere, or a circle in 2D */
	COL_SHAPE_SEGMENT, /* rounded: a capsule */
	COL_SHAPE_TRIANGLE,
	COL_SHAPE_BOX,      /* centred on the body origin, edges along its axes */
	COL_SHAPE_CYLINDER, /* axis z, centred: discs at z = -half_height and +half_height */
	COL_SHAPE_CONE,     /* axis z: base disc at z = -half_height, apex at +half_height */
	COL_SHAPE_CONVEX,   /* a col_convex */
	COL_SHAPE_POLYGON,  /* a convex polygon in z = 0, counter-clockwise (2D) */
	COL_SHAPE_KIND_COUNT
} col_shape_kind;

typedef struct col_shape {
	col_shape_kind kind;
	int dimension;       /* 3, or 2 for a shape of the plane z = 0 */
	double radius;       /* rounding: the ball swept over the core; 0 for a sharp shape */
	col_transform3 pose; /* body frame -> world */
	union {
		col_vec3 point;
		struct {
			col_vec3 a, b;
		} segment;
		struct {
			col_vec3 a, b, c;
		} triangle;
		col_vec3 half_extents; /* box */
		struct {
			double radius, half_height;
		} cylinder; /* and cone */
		const col_convex *convex;
		struct {
			const col_vec2 *points;
			int count;
		} polygon;
	} core;
} col_shape;

/* Constructors: the shape at the identity pose (set .pose, or use col_shape_pose2 in 2D). */
col_shape col_shape_point(col_vec3 p);
col_shape col_shape_sphere(col_vec3 center, double radius);
col_shape col_shape_segment(col_vec3 a, col_vec3 b);
col_shape col_shape_capsule(col_vec3 a, col_vec3 b, double radius);
col_shape col_shape_triangle(col_vec3 a, col_vec3 b, col_vec3 c);
col_shape col_shape_box(col_vec3 half_extents);
col_shape col_shape_cylinder(double radius, double half_height);
col_shape col_shape_cone(double radius, double half_height);
col_shape col_shape_convex(const col_convex *convex);
col_shape col_shape_circle(col_vec2 center, double radius);
col_shape col_shape_capsule2(col_vec2 a, col_vec2 b, double radius);
col_shape col_shape_polygon2(const col_vec2 *points, int count);
/* The shape swept by a further ball of this radius (a rounded box, a rounded polytope). */
col_shape col_shape_rounded(col_shape shape, double radius);
/* A 2D pose: turned by radians about z, then moved by translation. */
col_transform3 col_shape_pose2(col_vec2 translation, double radians);

/* "sphere", "capsule", "box", "convex", "circle", "polygon", ...: what the shape is to a reader. */
const char *col_shape_name(const col_shape *shape);

/* Whether the shape is one the queries can take, with the first fault named: finite pose and
 * parameters, every number (radius, translation, core coordinates, extents, polygon points) 0 or
 * of magnitude in [COL_COORDINATE_MIN, COL_COORDINATE_MAX] (common.h: "box: pose translation x
 * 1e+155 is outside the supported range [1e-30, 1e+30] (or 0)"), radius and extents >= 0, a unit
 * quaternion (to 1e-9), a 2D shape in z = 0 turned about z only, a polygon of >= 3 points that is
 * strictly convex and counter-clockwise (exact), a non-NULL polytope. The queries themselves check
 * only col_shape_is_placed (cheaply) and answer "nowhere" for a shape that fails; validate the
 * rest once, when the shape is made. */
col_status col_shape_validate(const col_shape *shape, col_error *error);
/* The cheap part of validation the queries run each time: pose finite, radius, translation and
 * core parameters in the engine's range (common.h). */
bool col_shape_is_placed(const col_shape *shape);

/* A body point as the exact tests see it (docs/predicates.md, "Exactness contract"): moved by the
 * pose, rounded to doubles (col_transform3_apply), and each coordinate of magnitude below
 * COL_COORDINATE_MIN set to 0. The yes/no answers of GJK, EPA's callers and the contact queries
 * (intersects, overlap, whether a manifold has points at margin 0) are exact for the polytope,
 * polygon or ball these points span, for the pairs docs/predicates.md lists. */
col_vec3 col_shape_world_point(const col_shape *shape, col_vec3 body_point);

/* The core's farthest point along direction, in the body frame (direction in the body frame too).
 * *feature (may be NULL) receives a vertex number for a polytope or polygon, the corner code for a
 * box, and -1 where the point is not a vertex; on a tie the lowest vertex wins. */
col_vec3 col_shape_support_local(const col_shape *shape, col_vec3 direction, int *feature);
/* The whole shape's farthest point along a world direction: the core's, moved by the radius along
 * the unit direction, in world coordinates. direction need not be unit; a zero one answers the
 * core's support of (1, 0, 0). */
col_vec3 col_shape_support(const col_shape *shape, col_vec3 direction);
/* The world box of the whole shape (rounded up by the radius). */
col_aabb3 col_shape_bounds(const col_shape *shape);
/* Two balls about col_shape_center, for tests cheaper than GJK's: the whole shape (radius
 * included) lies within outer of the centre and holds every point within inner of it. inner is 0
 * where the core is flat (segment, triangle, flat polytope, polygon) and the radius is 0. Both
 * are rounded towards safety (outer up, inner down) by far more than their own round-off. */
void col_shape_spheres(const col_shape *shape, double *outer, double *inner);
/* A point of the core inside it (its centre or centroid), in world coordinates: GJK's start. */
col_vec3 col_shape_center(const col_shape *shape);

#ifdef __cplusplus
}
#endif

#endif
