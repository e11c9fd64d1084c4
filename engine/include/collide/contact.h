/* Contact manifolds, ray casts and shape casts between the convex colliders of shape.h.
 *
 * A contact manifold is what a physics step needs from two touching shapes: one normal, and up to
 * four points (two in 2D) spread over the area where they press together, each with its depth. It
 * is found in closed form for the pairs that have one (spheres, capsules and boxes with each other
 * by the separating-axis test and face clipping; in 2D circles, capsules and convex polygons), and
 * for every other pair by GJK (gjk.h) or EPA (epa.h) for the normal and the deepest points, then
 * by clipping the two shapes' features that face each other along that normal (col_contact_general;
 * the method field says which way a manifold was made).
 *
 * Everything is in world coordinates. The normal points from A towards B: moving B along it (or A
 * against it) parts them. Each point pairs a point of A (point_a, on A's surface, A's deepest into
 * B) with a point of B (point_b), and depth = (point_a - point_b) . normal: positive where they
 * overlap, 0 where they touch, negative where a gap is left that the speculative margin admits.
 *
 * Ray casts find where a ray first meets a shape; shape casts find when a shape moving by a
 * translation first touches another (the time of impact). Closed forms for spheres, capsules,
 * boxes and cylinders; van den Bergen's GJK ray cast for every other shape, and on the Minkowski
 * difference of two shapes for shape casts.
 *
 * Touching counts as colliding: at margin 0 a manifold has points exactly when the shapes touch or
 * overlap, for the pairs docs/predicates.md lists ("Exactness contract"). Every query returns
 * COL_OK, or fails (filling error, which may be NULL, and zeroing out) for a NULL argument, a shape
 * that fails col_shape_is_placed (a NaN or infinite pose, radius or parameter, a number outside
 * the engine's range, a negative radius: the message names it as
 * col_shape_validate does), or a NaN or out-of-range number. Nothing here allocates, prints or
 * aborts.
 *
 * Thread safety: the queries read their shapes only and keep no state of their own, so any number
 * of threads may run them at once, each with its own outputs. */
#ifndef COLLIDE_CONTACT_H
#define COLLIDE_CONTACT_H

#include <stdint.h>

#include "collide/common.h"
#include "collide/math.h"
#include "collide/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a manifold was made, for teaching and for comparing methods. */
typedef enum col_contact_method {
	COL_CONTACT_NONE = 0,       /* no contact: apart beyond the margin */
	COL_CONTACT_SPHERES,        /* two spheres (or circles): the line of centres */
	COL_CONTACT_SPHERE_CAPSULE, /* the nearest point of the capsule's segment to the centre */
	COL_CONTACT_CAPSULES,       /* nearest points of two segments; 2 points when parallel */
	COL_CONTACT_SPHERE_BOX,     /* the nearest point of the box, or its nearest face from inside */
	COL_CONTACT_CAPSULE_BOX,    /* 6 separating axes, the segment clipped to the face: 1-2 points */
	COL_CONTACT_BOXES,          /* 15 separating axes, reference/incident faces clipped: 1-4 points */
	COL_CONTACT_POLYGONS_2D, /* 2D circles, capsules and convex polygons: separating edges, 1-2 points */
	COL_CONTACT_GJK_CLIPPED, /* cores apart (GJK's nearest points), then feature clipping */
	COL_CONTACT_EPA_CLIPPED, /* cores overlap (EPA's penetration), then feature clipping */
	COL_CONTACT_METHOD_COUNT
} col_contact_method;

/* "spheres", "boxes", "epa+clipping", ...; "unknown" for a value out of range. */
const char *col_contact_method_name(col_contact_method method);

typedef struct col_manifold_point {
	col_vec3 point;   /* midway between point_a and point_b */
	double depth;     /* (point_a - point_b) . normal: >= 0 overlap, < 0 a gap within the margin */
	col_vec3 point_a; /* a point of A (on its boundary, to rounding) */
	col_vec3 point_b; /* a point of B */
	/* The pair of features that made the point (faces, edges, vertices of each shape, and which
	 * clip made it): the same features give the same id from one step to the next, so a solver can
	 * carry its impulses over (warm starting). Opaque; unique within a manifold. */
	uint32_t id;
} col_manifold_point;

enum { COL_MANIFOLD_MAX_POINTS = 4 };

typedef struct col_manifold {
	col_vec3 normal; /* unit, from A towards B; zero when count is 0 */
	int count;       /* 0..4 (0..2 when both shapes are 2D); deepest point first */
	col_manifold_point points[COL_MANIFOLD_MAX_POINTS];
	col_contact_method method;
} col_manifold;

/* The contact manifold of two shapes, into *out. margin (length units, >= 0, may be INFINITY; NaN or
 * negative fails) is the speculative distance: shapes apart by at most margin get a manifold whose depths are
 * negative (the gap); farther apart they get count 0. With margin 0 only touching or overlapping
 * shapes get points. Points whose gap exceeds the margin are dropped, so a box tilted onto an edge
 * gets 2 points at margin 0 and more as the margin grows to reach its other corners.
 *
 * What the points are:
 * - the deepest point's depth is the penetration depth (EPA's for polytopes, up to ties between
 *   candidate normals), or minus the distance when apart;
 * - at most 4 (2 in 2D): when clipping leaves more, the deepest is kept, then the one farthest from
 *   it, then those that widen the area most;
 * - faces flat against faces give the clipped face polygon (a box resting on a bigger box: its 4
 *   corners); an edge on a face gives 2; a vertex, or two edges crossing, give 1.
 * - Curved shapes: a sphere gives 1 point; a capsule 2 when its segment lies flat against a face or
 *   a parallel segment, else 1; a cylinder (general path) gives the points of its cap (its rim,
 *   as the octagon inscribed in it) where the cap faces the other shape, of the segment of its side
 *   where the side does, and a cone likewise with its base and its side; so a cylinder standing on
 *   a box gets up to 4 points of its rim, one tipped over on its rim gets the rim's deepest point.
 *
 * Precision: every point_a lies in A and point_b in B to about 1e-15 of the coordinates; the depths
 * and normal of the closed forms and of polytope pairs are exact to rounding; where a cylinder or
 * cone is involved they are GJK's and EPA's on a curved surface, good to about 1e-7 of the shapes'
 * size. */
col_status col_contact(const col_shape *a, const col_shape *b, double margin, col_manifold *out,
                       col_error *error);

/* The same by the general path whatever the pair: GJK on the cores (apart: the nearest points and
 * their direction) or EPA (overlapping: the penetration normal and deepest points), then the
 * features of A and B facing each other along that normal (a face, an edge, or a vertex of each)
 * projected onto the plane across it, intersected and lifted back onto each shape; the GJK/EPA
 * deepest pair joins them when the clipped points fall short of its depth. */
col_status col_contact_general(const col_shape *a, const col_shape *b, double margin, col_manifold *out,
                               col_error *error);

/* ---- casts ---- */

typedef enum col_cast_method {
	COL_CAST_NONE = 0, /* failed arguments */
	COL_CAST_SPHERE,   /* closed forms */
	COL_CAST_BOX,      /* slabs */
	COL_CAST_CAPSULE,  /* the side's cylinder and the two end spheres */
	COL_CAST_CYLINDER, /* the side's quadric and the two caps' slab */
	COL_CAST_GJK,      /* van den Bergen's GJK ray cast (conservative advancement) */
	COL_CAST_METHOD_COUNT
} col_cast_method;

typedef struct col_cast_hit {
	bool hit;
	/* The first parameter at which they touch: in units of the direction for a ray (origin +
	 * t direction), a fraction of the motion in [0, 1] for a shape cast. 0 when they touch or
	 * overlap at the start. */
	double t;
	/* Where they touch at t (world): the ray's point for a ray; for a shape cast the point midway
	 * between the two surfaces with both shapes moved to t (when they overlap at the start, midway
	 * between GJK's points: a common point of the cores, or their nearest points). */
	col_vec3 point;
	/* Unit, the surface normal at the hit: out of the shape for a ray; from A towards B for a shape
	 * cast. Zero when they touch or overlap at the start (t = 0 with no surface crossed). */
	col_vec3 normal;
	int iterations; /* GJK ray cast iterations (support points asked for); 0 for a closed form */
	col_cast_method method;
} col_cast_hit;

/* The first point of origin + t direction, t in [0, max_t], that lies in the shape (touching
 * counts; an origin inside hits at t = 0), into *out (hit false when there is none). direction need
 * not be unit and may be zero (then the answer is whether the origin is in the shape); max_t may be
 * INFINITY. Fails for a non-finite origin or direction and a NaN or negative max_t. The GJK ray cast never
 * passes the first contact: it stops when the ray's point is within 1e-10 of the shapes' size of the shape
 * (about 1e-7 on a cylinder's or cone's curved side, where Johnson's round-off ends the progress first). */
col_status col_raycast(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t,
                       col_cast_hit *out, col_error *error);

/* The same by the GJK ray cast whatever the shape (for comparison with the closed forms). */
col_status col_raycast_gjk(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t,
                           col_cast_hit *out, col_error *error);

/* The time of impact: the first t in [0, 1] at which A moved by t translation_a and B moved by t
 * translation_b touch (linear motion, no rotation); hit at t = 0 when they touch or overlap at
 * their poses. A sphere against anything is a ray cast against that shape grown by the sphere's
 * radius (closed form where that shape has one); every other pair is the GJK ray cast along the
 * relative motion against the Minkowski difference A - B. */
col_status col_shapecast(const col_shape *a, col_vec3 translation_a, const col_shape *b,
                         col_vec3 translation_b, col_cast_hit *out, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
