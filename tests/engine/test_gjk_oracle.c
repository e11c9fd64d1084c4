/* GJK and EPA against the brute-force shape oracle (shape_oracle.h), over every pair of primitive
 * kinds (issue 5): COLLIDE_RANDOM_CASES random poses of each class against partners drawn from
 * every class of its dimension (2D shapes only with 2D shapes), then near-touching and degenerate
 * families, each counted and printed.
 *
 * Every case is checked twice over:
 * - by certificates computed here, independently of gjk.c, epa.c and shape.c (world vertices by
 *   col_transform3_apply as the oracle places them, supports by enumeration or closed form,
 *   distances from a point to each kind of shape by formula): an "apart" answer must come with
 *   directions (its normal, its steps' v, col_gjk_intersect's axis) along which the supports leave
 *   a gap of the distance, and with witnesses on the shapes, the distance apart; an "overlap"
 *   answer with a point of both shapes; EPA's depth d along n must leave no overlap of the supports
 *   along n beyond d, must not exceed the least overlap over candidate directions (face normals,
 *   axes, the line of the centres, ...), and its witnesses must be on the shapes, d n apart;
 * - on a share of the cases, by the oracle itself (exact intersection, certified distance interval):
 *   both intersect answers must equal a certain oracle answer, the distance must lie in its
 *   interval, the witnesses on their shapes (the oracle with a point shape, or the formula for a
 *   curved core), and B moved by d + eps along EPA's normal must be apart, by d - eps still
 *   overlapping. The oracle is slow (tens of microseconds for boxes and polytopes, milliseconds for
 *   cylinders and cones, more near contact), so it runs on every case of the cheap pairs and on
 *   every oracle_stride-th case of the dear ones; each class prints how many ran against each
 *   partner. Uncertain oracle answers are counted, never counted wrong.
 *
 * Tolerances, with size = max(1, the largest coordinate of the two shapes):
 * - polyhedral cores (any rounding): 1e-9 size on everything. GJK stops at a relative 1e-12 there
 *   and EPA converges to 1e-12; what is left is round-off, far below 1e-9 (the worst errors print).
 *   Normals are the exception near contact: the difference of two points at distance d turns by
 *   the round-off over d, and with parallel features the points may slide by sqrt(u size d) at no
 *   cost, so the gap along a normal is checked to size max(u size / d, sqrt(u size / d)), with
 *   u = 1e-15 (the round-off, with a margin).
 * - a cylinder or cone of radius > 0: 1e-5 size on distances, 1e-3 size on EPA's depth and normal,
 *   1e-2 size on EPA's witnesses. GJK converges only linearly on a curved core and stops when
 *   Johnson's simplex turns to a sliver (worst distance error measured: about 4e-7 size at random,
 *   5e-6 size near contact); EPA's faces turn to slivers the same way. There a disagreement with a
 *   certain oracle within the distance tolerance counts as below GJK's resolution, not wrong.
 * The worst errors print per class, for polyhedral and curved partners apart. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/predicates.h"
#include "collide/shape_oracle.h"
#include "collide/shapes3d.h"

#include "shape_corners.h"
#include "support.h"

/* ---- the classes of shapes ---- */

enum {
	CLASS_POINT,
	CLASS_SPHERE,
	CLASS_SEGMENT,
	CLASS_CAPSULE,
	CLASS_TRIANGLE,
	CLASS_BOX,
	CLASS_ROUNDED_BOX,
	CLASS_CYLINDER,
	CLASS_CONE,
	CLASS_POLYTOPE,
	CLASS_CIRCLE,
	CLASS_CAPSULE2,
	CLASS_POLYGON,
	CLASS_COUNT,
	CLASSES_3D = CLASS_CIRCLE /* 0 .. CLASSES_3D - 1 are 3D, the rest 2D */
};

static const char *const class_names[CLASS_COUNT] = {
    "point",    "sphere", "segment",  "capsule", "triangle",   "box",    "rounded box",
    "cylinder", "cone",   "polytope", "circle",  "capsule 2D", "polygon"};

/* The oracle's cost grows from points and segments (microseconds) to boxes and polytopes (tens to
 * hundreds) to cylinders and cones (milliseconds): a case meets the oracle when its pair's count
 * is a multiple of the stride of the dearer class. */
enum { COST_CHEAP, COST_HULL, COST_CURVED };
static const int oracle_stride[3] = {1, 20, 50};
/* Of those, the share whose EPA answer is checked by moving B for the oracle (two calls more). */
static const int moved_stride[3] = {1, 1, 10};

static int class_cost(int c)
{
	if (c == CLASS_BOX || c == CLASS_ROUNDED_BOX || c == CLASS_POLYTOPE)
		return COST_HULL;
	if (c == CLASS_CYLINDER || c == CLASS_CONE)
		return COST_CURVED;
	return COST_CHEAP;
}

enum { POOL = 64, POLYGON_MAX = 8, MAX_VERTICES = 64 };

/* The random polytopes: hulls of 8 to 32 points near an ellipsoid, built once. */
static col_convex *pool[POOL];

typedef struct sample {
	col_shape shape;
	int kind;        /* the class */
	col_vec3 centre; /* a point inside the core, body frame: where placement aims */
	col_vec2 polygon[POLYGON_MAX];
} sample;

static col_vec3 rng_direction(rng *r)
{
	double z = 2 * rng_unit(r) - 1, phi = 2 * COL_PI * rng_unit(r), s = sqrt(1 - z * z);
	return (col_vec3){s * cos(phi), s * sin(phi), z};
}

static col_quat rng_rotation(rng *r)
{
	double u1 = rng_unit(r), u2 = rng_unit(r), u3 = rng_unit(r);
	double a = sqrt(1 - u1), b = sqrt(u1);
	return (col_quat){a * sin(2 * COL_PI * u2), a * cos(2 * COL_PI * u2), b * sin(2 * COL_PI * u3),
	                  b * cos(2 * COL_PI * u3)};
}

/* A size factor between 1/4 and 2, uniform in its logarithm. */
static double rng_size(rng *r)
{
	return exp(rng_in(r, log(0.25), log(2.0)));
}

static col_vec3 scaled_point(rng *r, double s)
{
	return col_vec3_scale(rng_vec3(r, -1, 1), s);
}

static int group_setup(void **state)
{
	(void)state;
	rng r = rng_make(0x504F4F4C);
	for (int k = 0; k < POOL; k++) {
		col_vec3 points[32];
		int n = rng_int(&r, 8, 32);
		double s = rng_size(&r);
		col_vec3 axes = rng_vec3(&r, 0.4, 1.0);
		for (int i = 0; i < n; i++) {
			col_vec3 d = rng_direction(&r);
			double radius = s * rng_in(&r, 0.7, 1.0);
			points[i] =
			    (col_vec3){d.x * axes.x * radius, d.y * axes.y * radius, d.z * axes.z * radius};
		}
		col_error error;
		if (col_convex_hull(points, n, &pool[k], &error) != COL_OK)
			return -1;
	}
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	for (int k = 0; k < POOL; k++)
		col_convex_destroy(pool[k]);
	return 0;
}

/* The polygon's points live in the sample: a copied sample must point at its own. */
static void sample_fix(sample *s)
{
	if (s->shape.kind == COL_SHAPE_POLYGON)
		s->shape.core.polygon.points = s->polygon;
}

/* A convex polygon: 3 to 8 sorted angles on an ellipse (redrawn until strictly convex). */
static void random_polygon(rng *r, double s, sample *out)
{
	int n = rng_int(r, 3, POLYGON_MAX);
	double ax = s * rng_in(r, 0.3, 1), ay = s * rng_in(r, 0.3, 1);
	for (;;) {
		double angles[POLYGON_MAX];
		for (int i = 0; i < n; i++)
			angles[i] = rng_in(r, 0, 2 * COL_PI);
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0 && angles[j - 1] > angles[j]; j--) {
				double t = angles[j];
				angles[j] = angles[j - 1];
				angles[j - 1] = t;
			}
		for (int i = 0; i < n; i++)
			out->polygon[i] = (col_vec2){ax * cos(angles[i]), ay * sin(angles[i])};
		out->shape = col_shape_polygon2(out->polygon, n);
		col_error error;
		if (col_shape_validate(&out->shape, &error) == COL_OK)
			break;
	}
	double cx = 0, cy = 0;
	for (int i = 0; i < n; i++) {
		cx += out->polygon[i].x / n;
		cy += out->polygon[i].y / n;
	}
	out->centre = (col_vec3){cx, cy, 0};
}

/* A shape of the class at the identity pose, its sizes drawn at random. */
static void sample_make(rng *r, int kind, sample *out)
{
	memset(out, 0, sizeof *out);
	out->kind = kind;
	double s = rng_size(r);
	col_vec3 p[3];
	switch (kind) {
	case CLASS_POINT:
	case CLASS_SPHERE:
		p[0] = scaled_point(r, 0.5 * s);
		out->shape = col_shape_sphere(p[0], kind == CLASS_SPHERE ? s * rng_in(r, 0.2, 1) : 0);
		out->centre = p[0];
		break;
	case CLASS_SEGMENT:
	case CLASS_CAPSULE:
		p[0] = scaled_point(r, s);
		p[1] = scaled_point(r, s);
		out->shape =
		    col_shape_capsule(p[0], p[1], kind == CLASS_CAPSULE ? s * rng_in(r, 0.1, 0.6) : 0);
		out->centre = col_vec3_scale(col_vec3_add(p[0], p[1]), 0.5);
		break;
	case CLASS_TRIANGLE:
		p[0] = scaled_point(r, s);
		p[1] = scaled_point(r, s);
		p[2] = scaled_point(r, s);
		out->shape = col_shape_triangle(p[0], p[1], p[2]);
		out->centre = col_vec3_scale(col_vec3_add(col_vec3_add(p[0], p[1]), p[2]), 1.0 / 3);
		break;
	case CLASS_BOX:
	case CLASS_ROUNDED_BOX:
		out->shape = col_shape_box(col_vec3_scale(rng_vec3(r, 0.1, 1), s));
		if (kind == CLASS_ROUNDED_BOX)
			out->shape.radius = s * rng_in(r, 0.05, 0.4);
		break;
	case CLASS_CYLINDER:
	case CLASS_CONE: {
		double radius = s * rng_in(r, 0.2, 1), half = s * rng_in(r, 0.2, 1);
		out->shape =
		    kind == CLASS_CYLINDER ? col_shape_cylinder(radius, half) : col_shape_cone(radius, half);
		break;
	}
	case CLASS_POLYTOPE: {
		const col_convex *c = pool[rng_int(r, 0, POOL - 1)];
		out->shape = col_shape_convex(c);
		out->centre = col_convex_centroid(c);
		break;
	}
	case CLASS_CIRCLE: {
		double x = rng_in(r, -0.5, 0.5) * s, y = rng_in(r, -0.5, 0.5) * s;
		out->shape = col_shape_circle((col_vec2){x, y}, s * rng_in(r, 0.2, 1));
		out->centre = (col_vec3){x, y, 0};
		break;
	}
	case CLASS_CAPSULE2: {
		col_vec2 a, b;
		a.x = rng_in(r, -1, 1) * s;
		a.y = rng_in(r, -1, 1) * s;
		b.x = rng_in(r, -1, 1) * s;
		b.y = rng_in(r, -1, 1) * s;
		out->shape = col_shape_capsule2(a, b, s * rng_in(r, 0.1, 0.6));
		out->centre = (col_vec3){(a.x + b.x) / 2, (a.y + b.y) / 2, 0};
		break;
	}
	default: random_polygon(r, s, out); break;
	}
}

/* Random poses for a and b, b placed along a random direction n from a's centre at u times the sum
 * of their extents along n (u in [0.3, 1.4]): beyond u = 1 a plane across n parts them, below it
 * they mostly overlap. 2D shapes stay in their plane. */
static void place_pair(rng *r, sample *a, sample *b)
{
	bool flat = a->shape.dimension == 2;
	col_vec3 n;
	if (flat) {
		double x = rng_in(r, -2, 2), y = rng_in(r, -2, 2), angle = rng_in(r, 0, 2 * COL_PI);
		a->shape.pose = col_shape_pose2((col_vec2){x, y}, angle);
		b->shape.pose = col_shape_pose2((col_vec2){0, 0}, rng_in(r, 0, 2 * COL_PI));
		double phi = rng_in(r, 0, 2 * COL_PI);
		n = (col_vec3){cos(phi), sin(phi), 0};
	} else {
		a->shape.pose.rotation = rng_rotation(r);
		a->shape.pose.translation = rng_vec3(r, -2, 2);
		b->shape.pose.rotation = rng_rotation(r);
		b->shape.pose.translation = (col_vec3){0, 0, 0};
		n = rng_direction(r);
	}
	col_vec3 ca = col_transform3_apply(a->shape.pose, a->centre);
	col_vec3 cb = col_transform3_apply(b->shape.pose, b->centre);
	double ea = col_vec3_dot(n, col_vec3_sub(col_shape_support(&a->shape, n), ca));
	double eb = -col_vec3_dot(n, col_vec3_sub(col_shape_support(&b->shape, col_vec3_scale(n, -1)), cb));
	double u = rng_in(r, 0.3, 1.4);
	b->shape.pose.translation =
	    col_vec3_sub(col_vec3_add(ca, col_vec3_scale(n, u * (ea + eb + 0.01))), cb);
}

/* ---- independent geometry: world vertices, supports, distances from a point ---- */

/* A shape as this file sees it: the world vertices of a polyhedral core (col_transform3_apply, as
 * the oracle places them), or the centre and axis of a curved one. */
typedef struct placed {
	const col_shape *shape;
	int count; /* world vertices; 0 for a curved core */
	col_vec3 v[MAX_VERTICES];
	col_vec3 centre; /* the vertices' mean, or the curved core's centre */
	col_vec3 axis;   /* the body z axis in the world */
	double size;     /* the largest coordinate magnitude of the whole shape */
} placed;

static bool is_curved(const col_shape *s)
{
	return (s->kind == COL_SHAPE_CYLINDER || s->kind == COL_SHAPE_CONE) && s->core.cylinder.radius > 0;
}

static double max_abs3(col_vec3 v)
{
	return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
}

static void placed_make(placed *p, const col_shape *s)
{
	col_vec3 local[MAX_VERTICES];
	int n = shape_core_corners(s, local);
	if (n < 0) /* curved: closed-form supports below */
		n = 0;
	p->shape = s;
	p->count = n;
	p->centre = (col_vec3){0, 0, 0};
	p->size = 0;
	for (int i = 0; i < n; i++) {
		p->v[i] = col_transform3_apply(s->pose, local[i]);
		p->centre = col_vec3_add(p->centre, col_vec3_scale(p->v[i], 1.0 / n));
		p->size = fmax(p->size, max_abs3(p->v[i]));
	}
	p->axis = col_quat_apply(s->pose.rotation, (col_vec3){0, 0, 1});
	if (n == 0) {
		p->centre = s->pose.translation;
		p->size = max_abs3(p->centre) + s->core.cylinder.radius + s->core.cylinder.half_height;
	}
	p->size += s->radius;
}

/* max over the whole shape of n . x, for a unit n. */
static double support_value(const placed *p, col_vec3 n)
{
	const col_shape *s = p->shape;
	double h = -INFINITY;
	if (p->count > 0) {
		for (int i = 0; i < p->count; i++)
			h = fmax(h, col_vec3_dot(n, p->v[i]));
	} else {
		double along = col_vec3_dot(n, p->axis);
		double radial = col_vec3_length(col_vec3_sub(n, col_vec3_scale(p->axis, along)));
		double r = s->core.cylinder.radius, hh = s->core.cylinder.half_height;
		double body = s->kind == COL_SHAPE_CYLINDER ? r * radial + hh * fabs(along)
		                                            : fmax(hh * along, r * radial - hh * along);
		h = col_vec3_dot(n, p->centre) + body;
	}
	return h + s->radius;
}

/* How far b must move along the unit n to leave a: the overlap of their supports along n. */
static double overlap_along(const placed *a, const placed *b, col_vec3 n)
{
	return support_value(a, n) + support_value(b, col_vec3_scale(n, -1));
}

static double segment_distance(col_vec3 a, col_vec3 b, col_vec3 p)
{
	col_vec3 d = col_vec3_sub(b, a);
	double dd = col_vec3_dot(d, d);
	double t = dd > 0 ? fmin(1, fmax(0, col_vec3_dot(col_vec3_sub(p, a), d) / dd)) : 0;
	return col_vec3_distance(p, col_vec3_add(a, col_vec3_scale(d, t)));
}

static double triangle_distance(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 p)
{
	return col_vec3_distance(p, col_triangle_closest_point((col_triangle){a, b, c}, p));
}

/* From p (body frame) to the cylinder or cone of radius r > 0 and half height h about z: in the
 * meridian half-plane (rho, z), to the rectangle or the triangle (0, -h), (r, -h), (0, h). */
static double curved_distance(const col_shape *s, col_vec3 q)
{
	double r = s->core.cylinder.radius, h = s->core.cylinder.half_height;
	double rho = hypot(q.x, q.y);
	if (s->kind == COL_SHAPE_CYLINDER || h == 0)
		return hypot(fmax(rho - r, 0), fmax(fabs(q.z) - h, 0));
	col_vec3 m = {rho, q.z, 0};
	return triangle_distance((col_vec3){0, -h, 0}, (col_vec3){r, -h, 0}, (col_vec3){0, h, 0}, m);
}

static double polytope_distance(const col_convex *c, col_vec3 q)
{
	const col_vec3 *v = col_convex_vertices(c);
	bool inside = true;
	for (int f = 0; f < col_convex_face_count(c) && inside; f++) {
		col_plane plane = col_convex_face_plane(c, f);
		inside = col_vec3_dot(plane.normal, q) <= plane.offset;
	}
	if (inside)
		return 0;
	double best = INFINITY;
	for (int f = 0; f < col_convex_face_count(c); f++) {
		const int *fv;
		int n = col_convex_face(c, f, &fv);
		for (int i = 1; i + 1 < n; i++)
			best = fmin(best, triangle_distance(v[fv[0]], v[fv[i]], v[fv[i + 1]], q));
	}
	return best;
}

static double polygon_distance(const col_vec2 *p, int n, col_vec3 q)
{
	bool inside = true;
	for (int i = 0; i < n && inside; i++) {
		col_vec2 a = p[i], b = p[(i + 1) % n];
		inside = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x) >= 0;
	}
	if (inside)
		return fabs(q.z);
	double best = INFINITY;
	for (int i = 0; i < n; i++) {
		col_vec2 a = p[i], b = p[(i + 1) % n];
		best = fmin(best, segment_distance((col_vec3){a.x, a.y, 0}, (col_vec3){b.x, b.y, 0}, q));
	}
	return best;
}

/* The distance from the world point x to the whole shape, by formula in its body frame. */
static double distance_to(const col_shape *s, col_vec3 x)
{
	col_vec3 q = col_transform3_apply_inverse(s->pose, x);
	double d;
	switch (s->kind) {
	case COL_SHAPE_POINT: d = col_vec3_distance(q, s->core.point); break;
	case COL_SHAPE_SEGMENT: d = segment_distance(s->core.segment.a, s->core.segment.b, q); break;
	case COL_SHAPE_TRIANGLE:
		d = triangle_distance(s->core.triangle.a, s->core.triangle.b, s->core.triangle.c, q);
		break;
	case COL_SHAPE_BOX: {
		col_vec3 h = s->core.half_extents;
		double dx = fmax(fabs(q.x) - h.x, 0), dy = fmax(fabs(q.y) - h.y, 0),
		       dz = fmax(fabs(q.z) - h.z, 0);
		d = sqrt(dx * dx + dy * dy + dz * dz);
		break;
	}
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		if (is_curved(s)) {
			d = curved_distance(s, q);
		} else {
			double h = s->core.cylinder.half_height;
			d = segment_distance((col_vec3){0, 0, -h}, (col_vec3){0, 0, h}, q);
		}
		break;
	case COL_SHAPE_CONVEX: d = polytope_distance(s->core.convex, q); break;
	default: d = polygon_distance(s->core.polygon.points, s->core.polygon.count, q); break;
	}
	return fmax(0, d - s->radius);
}

/* ---- candidate directions for the depth bound ---- */

typedef struct directions {
	int count;
	col_vec3 d[256];
} directions;

static void direction_add(directions *set, col_vec3 d, bool plane_only)
{
	if (plane_only)
		d.z = 0;
	double length = col_vec3_length(d);
	if (!(length > 1e-9) || set->count >= 256)
		return;
	set->d[set->count++] = col_vec3_scale(d, 1 / length);
}

/* The directions a shape suggests: its face normals and axes, and the way from it to the other's
 * centre where that is the shortest way out (round cores). */
static void shape_directions(const placed *p, col_vec3 other, directions *set, bool plane_only)
{
	const col_shape *s = p->shape;
	col_quat q = s->pose.rotation;
	switch (s->kind) {
	case COL_SHAPE_BOX:
		direction_add(set, col_quat_apply(q, (col_vec3){1, 0, 0}), plane_only);
		direction_add(set, col_quat_apply(q, (col_vec3){0, 1, 0}), plane_only);
		direction_add(set, p->axis, plane_only);
		break;
	case COL_SHAPE_CONVEX:
		for (int f = 0; f < col_convex_face_count(s->core.convex); f++)
			direction_add(set, col_quat_apply(q, col_convex_face_plane(s->core.convex, f).normal),
			              plane_only);
		break;
	case COL_SHAPE_TRIANGLE:
		direction_add(set,
		              col_vec3_cross(col_vec3_sub(p->v[1], p->v[0]), col_vec3_sub(p->v[2], p->v[0])),
		              plane_only);
		break;
	case COL_SHAPE_POLYGON:
		for (int i = 0; i < p->count; i++) {
			col_vec3 e = col_vec3_sub(p->v[(i + 1) % p->count], p->v[i]);
			direction_add(set, col_vec3_cross(e, p->axis), plane_only);
		}
		break;
	case COL_SHAPE_SEGMENT: {
		col_vec3 a = p->v[0], d = col_vec3_sub(p->v[1], a);
		double dd = col_vec3_dot(d, d);
		double t = dd > 0 ? fmin(1, fmax(0, col_vec3_dot(col_vec3_sub(other, a), d) / dd)) : 0;
		direction_add(set, col_vec3_sub(other, col_vec3_add(a, col_vec3_scale(d, t))), plane_only);
		break;
	}
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE: {
		col_vec3 d = col_vec3_sub(other, p->centre);
		direction_add(set, p->axis, plane_only);
		direction_add(set, col_vec3_sub(d, col_vec3_scale(p->axis, col_vec3_dot(d, p->axis))),
		              plane_only);
		break;
	}
	default: break;
	}
}

/* The least overlap over the candidates, both ways along each: a bound on the depth from above. */
static double least_overlap(const placed *a, const placed *b, bool plane_only)
{
	directions set;
	set.count = 0;
	direction_add(&set, col_vec3_sub(b->centre, a->centre), plane_only);
	direction_add(&set, (col_vec3){1, 0, 0}, plane_only);
	direction_add(&set, (col_vec3){0, 1, 0}, plane_only);
	direction_add(&set, (col_vec3){0, 0, 1}, plane_only);
	shape_directions(a, b->centre, &set, plane_only);
	shape_directions(b, a->centre, &set, plane_only);
	if (a->shape->kind == COL_SHAPE_BOX && b->shape->kind == COL_SHAPE_BOX && !plane_only) {
		col_vec3 ea[3], eb[3];
		for (int k = 0; k < 3; k++) {
			col_vec3 unit = {k == 0, k == 1, k == 2};
			ea[k] = col_quat_apply(a->shape->pose.rotation, unit);
			eb[k] = col_quat_apply(b->shape->pose.rotation, unit);
		}
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				direction_add(&set, col_vec3_cross(ea[i], eb[j]), false);
	}
	double best = INFINITY;
	for (int i = 0; i < set.count; i++) {
		best = fmin(best, overlap_along(a, b, set.d[i]));
		best = fmin(best, overlap_along(a, b, col_vec3_scale(set.d[i], -1)));
	}
	return best;
}

/* ---- the checks of one case ---- */

/* What a wrong answer got wrong. */
enum {
	W_INTERSECT, /* the overlap answer (against the oracle, or the two queries against each other) */
	W_AXIS,      /* col_gjk_intersect's separating axis */
	W_DISTANCE,  /* the distance (against the oracle's interval, or the gap of the supports) */
	W_WITNESS,   /* GJK's witness points, or the common point of an overlap */
	W_EPA_STATUS,
	W_EPA_UNDER, /* the supports overlap by more than EPA's depth along its normal */
	W_EPA_OVER,  /* EPA's depth exceeds a candidate direction's overlap */
	W_EPA_POINTS,
	W_EPA_MOVED, /* the oracle on B moved by depth +- eps */
	W_KINDS
};
static const char *const wrong_names[W_KINDS] = {"intersect", "axis",       "distance",
                                                 "witness",   "EPA status", "EPA under",
                                                 "EPA over",  "EPA points", "EPA moved"};

/* The worst errors, in units of max(1, size); [0] for pairs of polyhedral cores, [1] with a curved
 * core. */
typedef struct worst {
	double interval; /* GJK's distance outside the oracle's certified interval */
	double gap;      /* GJK's distance above the gap of the supports along its normal or a step's v */
	double normal;   /* GJK's distance above the gap along its normal alone */
	double witness;  /* a GJK witness's (or common point's) distance from its shape */
	double under;    /* the overlap along EPA's normal above its depth */
	double over;     /* EPA's depth above the least overlap over the candidates (converged) */
	double offset;   /* EPA's witnesses off depth * normal (converged) */
	double points;   /* EPA's witnesses off their shapes */
	double over_short, offset_short; /* the same where EPA stopped short (an upper bound) */
} worst;

typedef struct tally {
	long cases, overlapping, oracle_cases, uncertain, unresolved, wrong, unsettled;
	long gjk_limit, epa_runs, epa_flat, epa_limit, moved_cases, moved_uncertain;
	long wrong_kinds[W_KINDS];
	worst worst[2];
	double seconds, oracle_seconds;
	int printed_uncertain;
} tally;

/* The tolerances of one pair (see the top of the file). */
typedef struct tolerances {
	double size;     /* max(1, the largest coordinate of either shape) */
	double distance; /* on distances and witnesses: 1e-9 size; 1e-5 size with a curved core */
	double depth;    /* on EPA's depth and normal: 1e-9 size; 1e-3 size with a curved core */
	double points;   /* on EPA's witnesses' offset: 1e-9 size; 1e-2 size with a curved core */
	double sanity; /* on GJK's distance above the support gap with a curved core (a loose bound there) */
	int curved;    /* 1 when a core is a cylinder or cone of radius > 0 */
} tolerances;

typedef struct context {
	tally *t;
	const char *family;
	uint64_t seed;
	int index;
	bool use_oracle; /* compare with col_shape_oracle */
	bool use_moved;  /* and move B by EPA's depth +- eps for the oracle */
	bool rounding;   /* the truth hangs on rounding: a disagreement within the tolerance is not wrong */
	/* What the queries answered, for the near-touching tests. */
	bool gjk_intersect, gjk_overlap, oracle_known, oracle_intersect;
	double gjk_distance;
	col_oracle_result oracle;
	tolerances tol;
} context;

static double now(void)
{
	struct timespec t;
	timespec_get(&t, TIME_UTC);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void describe(const char *label, const col_shape *s)
{
	col_quat q = s->pose.rotation;
	col_vec3 t = s->pose.translation;
	print_error(
	    "  %s: %s, radius %.17g, rotation (%.17g, %.17g, %.17g, %.17g), translation (%.17g, %.17g, "
	    "%.17g)\n",
	    label, col_shape_name(s), s->radius, q.x, q.y, q.z, q.w, t.x, t.y, t.z);
	switch (s->kind) {
	case COL_SHAPE_POINT:
		print_error("    point (%.17g, %.17g, %.17g)\n", s->core.point.x, s->core.point.y,
		            s->core.point.z);
		break;
	case COL_SHAPE_SEGMENT:
		print_error("    a (%.17g, %.17g, %.17g) b (%.17g, %.17g, %.17g)\n", s->core.segment.a.x,
		            s->core.segment.a.y, s->core.segment.a.z, s->core.segment.b.x,
		            s->core.segment.b.y, s->core.segment.b.z);
		break;
	case COL_SHAPE_TRIANGLE: {
		const col_vec3 *v[3] = {&s->core.triangle.a, &s->core.triangle.b, &s->core.triangle.c};
		for (int i = 0; i < 3; i++)
			print_error("    (%.17g, %.17g, %.17g)\n", v[i]->x, v[i]->y, v[i]->z);
		break;
	}
	case COL_SHAPE_BOX:
		print_error("    half extents (%.17g, %.17g, %.17g)\n", s->core.half_extents.x,
		            s->core.half_extents.y, s->core.half_extents.z);
		break;
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		print_error("    radius %.17g, half height %.17g\n", s->core.cylinder.radius,
		            s->core.cylinder.half_height);
		break;
	case COL_SHAPE_CONVEX: {
		const col_vec3 *v = col_convex_vertices(s->core.convex);
		for (int i = 0; i < col_convex_vertex_count(s->core.convex); i++)
			print_error("    (%.17g, %.17g, %.17g)\n", v[i].x, v[i].y, v[i].z);
		break;
	}
	default:
		for (int i = 0; i < s->core.polygon.count; i++)
			print_error("    (%.17g, %.17g)\n", s->core.polygon.points[i].x,
			            s->core.polygon.points[i].y);
		break;
	}
}

/* Records a wrong answer; the first two of each kind in a family are shown with the shapes. */
static void wrong(context *c, int kind, const col_shape *a, const col_shape *b, const char *format, ...)
{
	c->t->wrong++;
	if (c->t->wrong_kinds[kind]++ >= 2)
		return;
	char message[320];
	va_list args;
	va_start(args, format);
	vsnprintf(message, sizeof message, format, args);
	va_end(args);
	print_error("WRONG (%s, seed 0x%016llx, case %d): %s\n", c->family, (unsigned long long)c->seed,
	            c->index, message);
	describe("a", a);
	describe("b", b);
}

static col_shape moved(const col_shape *s, col_vec3 by)
{
	col_shape m = *s;
	m.pose.translation = col_vec3_add(m.pose.translation, by);
	return m;
}

/* EPA on an overlapping pair: the depth d along n is at least the overlap of the supports along n
 * (so B moved by d + eps along n is apart); when EPA converged, d is also at most the least overlap
 * over the candidates, B moved by d - eps still overlaps (the oracle), and the witnesses are d n
 * apart. Stopped short (MAX_ITERATIONS), d is only an upper bound: those errors are measured. The
 * witnesses are on their shapes in every case. */
static void check_epa(context *c, const col_shape *a, const col_shape *b, const placed *pa, const placed *pb)
{
	tally *t = c->t;
	const tolerances *tol = &c->tol;
	worst *w = &t->worst[tol->curved];
	col_penetration p = col_penetration_depth(a, b, NULL, NULL);
	t->epa_runs++;
	if (p.status == COL_PENETRATION_APART) {
		/* On a curved core near contact the traced loop (gjk_loop, which the check above ran for
		 * its directions), the untraced one EPA starts from (the fast loop) and col_gjk_intersect's
		 * early exits can part ways within GJK's resolution. */
		if (c->gjk_overlap && c->gjk_distance == 0 && !(c->oracle_known && !c->oracle_intersect)) {
			col_gjk_result plain = col_gjk_distance(a, b, NULL, NULL, NULL);
			if (tol->curved &&
			    (!plain.overlap || plain.core_distance >= a->radius + b->radius - tol->distance))
				t->unresolved++;
			else
				wrong(c, W_EPA_STATUS, a, b, "EPA says apart where GJK says overlap");
		}
		return;
	}
	t->epa_flat += p.status == COL_PENETRATION_FLAT;
	t->epa_limit += p.status == COL_PENETRATION_MAX_ITERATIONS;
	bool converged = p.status != COL_PENETRATION_MAX_ITERATIONS;
	double d = p.depth, eps = tol->depth;
	col_vec3 n = p.normal;
	if (!(fabs(col_vec3_length(n) - 1) < 1e-9) || !(d >= 0)) {
		wrong(c, W_EPA_STATUS, a, b, "EPA: status %d, depth %g, normal of length %g", p.status, d,
		      col_vec3_length(n));
		return;
	}
	double under = overlap_along(pa, pb, n) - d;
	w->under = fmax(w->under, under / tol->size);
	if (under > eps)
		wrong(c, W_EPA_UNDER, a, b,
		      "EPA: depth %.17g (status %d), but the supports overlap by %.17g along its normal", d,
		      p.status, d + under);
	double over = d - least_overlap(pa, pb, a->dimension == 2);
	double wa = distance_to(a, p.point_a), wb = distance_to(b, p.point_b);
	double offset = col_vec3_distance(col_vec3_sub(p.point_a, p.point_b), col_vec3_scale(n, d));
	w->points = fmax(w->points, fmax(wa, wb) / tol->size);
	if (converged) {
		w->over = fmax(w->over, over / tol->size);
		w->offset = fmax(w->offset, offset / tol->size);
	} else {
		w->over_short = fmax(w->over_short, over / tol->size);
		w->offset_short = fmax(w->offset_short, offset / tol->size);
	}
	if (converged && over > eps)
		wrong(c, W_EPA_OVER, a, b,
		      "EPA: depth %.17g (status %d) exceeds a candidate direction's overlap by %.3g", d,
		      p.status, over);
	if (wa > tol->distance || wb > tol->distance || (converged && offset > tol->points))
		wrong(c, W_EPA_POINTS, a, b,
		      "EPA witnesses (status %d): %.3g and %.3g off their shapes, %.3g off depth * normal",
		      p.status, wa, wb, offset);
	if (!c->use_moved)
		return;
	double start = now();
	t->moved_cases++;
	col_shape out = moved(b, col_vec3_scale(n, d + eps));
	col_oracle_result o = col_shape_oracle(a, &out);
	if (o.certain && o.intersect)
		wrong(c, W_EPA_MOVED, a, b,
		      "EPA: B moved by depth %.17g + eps along the normal still overlaps", d);
	t->moved_uncertain += !o.certain;
	if (converged && d > eps) {
		col_shape in = moved(b, col_vec3_scale(n, d - eps));
		o = col_shape_oracle(a, &in);
		if (o.certain && !o.intersect)
			wrong(c, W_EPA_MOVED, a, b,
			      "EPA: B moved by depth %.17g - eps along the normal is apart (by %.3g)", d,
			      o.distance);
		t->moved_uncertain += !o.certain;
	}
	t->oracle_seconds += now() - start;
}

/* The witness is on the shape: the oracle with a point shape where that is cheap (polyhedral
 * cores), the formula where it is not (curved cores: milliseconds a call). */
static double witness_off(const col_shape *s, col_vec3 w, bool use_oracle)
{
	double formula = distance_to(s, w);
	if (!use_oracle || is_curved(s))
		return formula;
	col_shape point = col_shape_point(w);
	col_oracle_result o = col_shape_oracle(&point, s);
	return fmax(formula, o.distance_lo);
}

static tolerances tolerances_of(const placed *pa, const placed *pb)
{
	tolerances t;
	t.size = fmax(1, fmax(pa->size, pb->size));
	t.curved = is_curved(pa->shape) || is_curved(pb->shape);
	t.distance = (t.curved ? 1e-5 : 1e-9) * t.size;
	t.depth = (t.curved ? 1e-3 : 1e-9) * t.size;
	t.points = (t.curved ? 1e-2 : 1e-9) * t.size;
	t.sanity = (t.curved ? 1e-4 : 1e-9) * t.size;
	return t;
}

/* Every check of one pair (see the top of the file). */
static void check_pair(context *c, const col_shape *a, const col_shape *b)
{
	tally *t = c->t;
	placed pa, pb;
	placed_make(&pa, a);
	placed_make(&pb, b);
	c->tol = tolerances_of(&pa, &pb);
	const tolerances *tol = &c->tol;
	worst *w = &t->worst[tol->curved];
	col_vec3 axis;
	bool gi = col_gjk_intersect(a, b, NULL, &axis);
	/* The trace gives GJK's directions v_k, whose support gaps bound the distance from below:
	 * needed on curved cores, where the final normal is the poorer bound. */
	col_gjk_step steps[64];
	col_gjk_trace trace = {steps, 64, 0};
	col_gjk_result gd = col_gjk_distance(a, b, NULL, NULL, tol->curved ? &trace : NULL);
	c->gjk_intersect = gi;
	c->gjk_overlap = gd.overlap;
	c->gjk_distance = gd.distance;
	c->oracle_known = false;
	t->cases++;
	t->gjk_limit += gd.status == COL_GJK_MAX_ITERATIONS;
	if (gd.status == COL_GJK_INVALID) {
		wrong(c, W_INTERSECT, a, b, "GJK says a shape is invalid");
		return;
	}
	if (gi != gd.overlap && gd.distance > tol->distance)
		wrong(c, W_INTERSECT, a, b,
		      "col_gjk_intersect says %d, col_gjk_distance %d at distance %.17g", gi, gd.overlap,
		      gd.distance);
	/* The certificates GJK's answers carry. A normal is the difference of two points at the distance
	 * d: round-off of the coordinates (u size) turns it by u size / d, and where the nearest features
	 * are parallel (edges, faces) the two points may slide apart along them by sqrt(u size d) at no
	 * cost to the distance, which turns it by sqrt(u size / d); the shapes' extent along the normal
	 * moves by that turn times their size. (u = 1e-15 with a margin.) */
	double ratio = 1e-15 * tol->size / fmax(gd.distance, 1e-300);
	double turn = fmax(tol->distance, tol->size * fmax(ratio, sqrt(ratio)));
	if (gd.distance <= 1e-12 * tol->size)
		turn = INFINITY; /* apart by round-off: the direction is noise */
	if (!gi) {
		double length = col_vec3_length(axis);
		double gap =
		    length > 0 ? -overlap_along(&pa, &pb, col_vec3_scale(axis, 1 / length)) : -INFINITY;
		if (!(gap >= -turn))
			wrong(c, W_AXIS, a, b,
			      "col_gjk_intersect's separating axis leaves an overlap of %.3g", -gap);
	}
	bool certified;
	if (!gd.overlap) {
		double normal_gap = -overlap_along(&pa, &pb, gd.normal), gap = normal_gap;
		for (int k = 0; k < trace.count && k < 64; k++) {
			double length = sqrt(steps[k].vv);
			if (length > 0)
				gap = fmax(gap,
				           -overlap_along(&pa, &pb, col_vec3_scale(steps[k].v, -1 / length)));
		}
		w->gap = fmax(w->gap, (gd.distance - gap) / tol->size);
		w->normal = fmax(w->normal, (gd.distance - normal_gap) / tol->size);
		if (!(gd.distance - gap <= fmax(tol->curved ? tol->sanity : tol->distance, turn))) {
			col_oracle_result o = col_shape_oracle(a, b); /* for the message only */
			wrong(c, W_DISTANCE, a, b,
			      "distance %.17g (status %d), but the supports show a gap of only %.17g; the "
			      "oracle "
			      "says [%.17g, %.17g]",
			      gd.distance, gd.status, gap, o.distance_lo, o.distance_hi);
		}
		double wa = witness_off(a, gd.point_a, c->use_oracle),
		       wb = witness_off(b, gd.point_b, c->use_oracle);
		double apart = col_vec3_distance(gd.point_a, gd.point_b);
		w->witness = fmax(w->witness, fmax(fmax(wa, wb), fabs(apart - gd.distance)) / tol->size);
		if (wa > tol->distance || wb > tol->distance || fabs(apart - gd.distance) > tol->distance)
			wrong(c, W_WITNESS, a, b,
			      "witnesses %.3g and %.3g off their shapes, %.17g apart for distance %.17g", wa,
			      wb, apart, gd.distance);
		certified = gap > 0;
	} else {
		/* The cores meet at point_a = point_b, or lie L apart along the normal (L at most the sum of
		 * the radii): then a point between them within both radii. */
		col_vec3 q = gd.point_a;
		if (gd.status != COL_GJK_INTERSECTING) {
			col_vec3 core_a = col_vec3_sub(gd.point_a, col_vec3_scale(gd.normal, a->radius));
			double length = gd.core_distance;
			double s = fmin(fmin(length, a->radius), fmax(fmax(0, length - b->radius),
			                                              (length + a->radius - b->radius) / 2));
			q = col_vec3_add(core_a, col_vec3_scale(gd.normal, s));
		}
		double wa = distance_to(a, q), wb = distance_to(b, q);
		w->witness = fmax(w->witness, fmax(wa, wb) / tol->size);
		if (wa > tol->distance || wb > tol->distance)
			wrong(c, W_WITNESS, a, b,
			      "overlap, but the common point is %.3g and %.3g off the shapes", wa, wb);
		certified = true;
	}
	bool overlapping = gd.overlap;
	if (c->use_oracle) {
		double start = now();
		col_oracle_result o = col_shape_oracle(a, b);
		t->oracle_seconds += now() - start;
		t->oracle_cases++;
		c->oracle = o;
		c->oracle_known = o.certain;
		c->oracle_intersect = o.intersect;
		overlapping = o.intersect;
		bool agree = o.intersect == gi && o.intersect == gd.overlap;
		if (!o.certain) {
			t->uncertain++;
			if (t->printed_uncertain++ < 3)
				print_message("uncertain (%s, seed 0x%016llx, case %d): the oracle guesses "
				              "%s, distance in "
				              "[%.3g, %.3g]; GJK says %s at %.3g\n",
				              c->family, (unsigned long long)c->seed, c->index,
				              o.intersect ? "overlap" : "apart", o.distance_lo, o.distance_hi,
				              gd.overlap ? "overlap" : "apart", gd.distance);
		} else if (!agree && (tol->curved || c->rounding) &&
		           (o.intersect ? gd.distance <= tol->distance : o.distance_hi <= tol->distance)) {
			t->unresolved++; /* within GJK's resolution on curved cores, or on rounding */
		} else if (!agree) {
			wrong(c, W_INTERSECT, a, b,
			      "the oracle says %s (distance in [%.17g, %.17g]); col_gjk_intersect %d, "
			      "col_gjk_distance "
			      "%d at %.17g",
			      o.intersect ? "overlap" : "apart", o.distance_lo, o.distance_hi, gi, gd.overlap,
			      gd.distance);
		}
		if (!o.intersect && !gd.overlap) {
			double outside =
			    fmax(0, fmax(gd.distance - o.distance_hi, o.distance_lo - gd.distance));
			w->interval = fmax(w->interval, outside / tol->size);
			if (outside > tol->distance)
				wrong(c, W_DISTANCE, a, b,
				      "distance %.17g outside the oracle's [%.17g, %.17g]", gd.distance,
				      o.distance_lo, o.distance_hi);
		}
	} else if (!certified) {
		t->unsettled++;
	}
	t->overlapping += overlapping;
	if (gd.overlap || gi || overlapping)
		check_epa(c, a, b, &pa, &pb);
}

static void tally_print(const char *name, const tally *t)
{
	print_message(
	    "%-13s %7ld cases, %6ld overlap; oracle on %6ld (uncertain %ld, below GJK's resolution %ld), "
	    "unsettled %ld; GJK at its limit %ld; EPA %ld (flat %ld, not converged %ld), moved %ld "
	    "(uncertain %ld); wrong %ld; %.1f s (oracle %.1f s)\n",
	    name, t->cases, t->overlapping, t->oracle_cases, t->uncertain, t->unresolved, t->unsettled,
	    t->gjk_limit, t->epa_runs, t->epa_flat, t->epa_limit, t->moved_cases, t->moved_uncertain,
	    t->wrong, t->seconds, t->oracle_seconds);
	for (int k = 0; k < 2; k++) {
		const worst *w = &t->worst[k];
		print_message(
		    "%-13s worst %s: outside the interval %.2g, above the gap %.2g (normal's %.2g), witness "
		    "%.2g; EPA under %.2g, over %.2g, offset %.2g, witness %.2g (stopped short: over %.2g, "
		    "offset %.2g)\n",
		    "", k ? "curved" : "polyhedral", w->interval, w->gap, w->normal, w->witness, w->under,
		    w->over, w->offset, w->points, w->over_short, w->offset_short);
	}
	if (t->wrong == 0)
		return;
	char line[256];
	int at = 0;
	for (int k = 0; k < W_KINDS; k++)
		if (t->wrong_kinds[k] > 0)
			at += snprintf(line + at, sizeof line - (size_t)at, " %s %ld", wrong_names[k],
			               t->wrong_kinds[k]);
	print_message("%-13s wrong:%s\n", "", line);
}

/* ---- random poses, class by class ---- */

static void random_class(int kind)
{
	rng r = rng_make(rng_env_seed(0x474A4B00 + (uint64_t)kind));
	tally t = {0};
	bool flat = kind >= CLASSES_3D;
	int first = flat ? CLASSES_3D : 0, partners = flat ? CLASS_COUNT - CLASSES_3D : CLASSES_3D;
	long pair_count[CLASS_COUNT] = {0}, pair_oracle[CLASS_COUNT] = {0}, pair_wrong[CLASS_COUNT] = {0};
	double start = now();
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		sample a, b;
		int other = first + rng_int(&r, 0, partners - 1);
		sample_make(&r, kind, &a);
		sample_make(&r, other, &b);
		sample_fix(&a);
		sample_fix(&b);
		place_pair(&r, &a, &b);
		int cost = class_cost(kind) > class_cost(other) ? class_cost(kind) : class_cost(other);
		context c = {.t = &t, .family = class_names[kind], .seed = r.seed, .index = i};
		c.use_oracle = pair_count[other]++ % oracle_stride[cost] == 0;
		c.use_moved = c.use_oracle && pair_oracle[other]++ % moved_stride[cost] == 0;
		long before = t.wrong;
		check_pair(&c, &a.shape, &b.shape);
		pair_wrong[other] += t.wrong - before;
	}
	t.seconds = now() - start;
	tally_print(class_names[kind], &t);
	char line[400];
	int at = 0;
	for (int k = first; k < first + partners; k++)
		at += snprintf(line + at, sizeof line - (size_t)at, "%s%s %ld/%ld", k > first ? ", " : "",
		               class_names[k], pair_count[k], pair_oracle[k]);
	print_message("%-13s partners (cases/oracle): %s\n", "", line);
	for (int k = first; k < first + partners; k++)
		if (pair_wrong[k] > 0)
			print_message("%-13s %ld wrong against %s\n", "", pair_wrong[k], class_names[k]);
	if (t.wrong > 0)
		fail_msg("%ld wrong answers for the %s class", t.wrong, class_names[kind]);
}

#define RANDOM_TEST(name, kind)                                                                              \
	static void test_random_##name(void **state)                                                         \
	{                                                                                                    \
		(void)state;                                                                                 \
		random_class(kind);                                                                          \
	}
RANDOM_TEST(point, CLASS_POINT)
RANDOM_TEST(sphere, CLASS_SPHERE)
RANDOM_TEST(segment, CLASS_SEGMENT)
RANDOM_TEST(capsule, CLASS_CAPSULE)
RANDOM_TEST(triangle, CLASS_TRIANGLE)
RANDOM_TEST(box, CLASS_BOX)
RANDOM_TEST(rounded_box, CLASS_ROUNDED_BOX)
RANDOM_TEST(cylinder, CLASS_CYLINDER)
RANDOM_TEST(cone, CLASS_CONE)
RANDOM_TEST(polytope, CLASS_POLYTOPE)
RANDOM_TEST(circle, CLASS_CIRCLE)
RANDOM_TEST(capsule2, CLASS_CAPSULE2)
RANDOM_TEST(polygon, CLASS_POLYGON)

/* ---- near-touching and degenerate poses ---- */

/* A family of special cases: the same checks, the oracle on every case; exactly constructed
 * families must find the oracle certain (else the construction, not GJK, is wrong). */
typedef struct family {
	const char *name;
	bool exact; /* the truth is exact: GJK must match the oracle */
	int moved;  /* move B for the oracle on every moved-th case with a curved core or a polytope (the
	               oracle's dear cases; every case of the others) */
	tally t;
	long gjk_overlap;      /* cases GJK called overlapping */
	double largest_apart;  /* the largest distance GJK gave where it said apart */
	double worst_estimate; /* the largest |GJK's distance - the oracle's estimate| where both say apart */
} family;

static void family_case_truth(family *f, const col_shape *a, const col_shape *b, uint64_t seed, int index,
                              int truth)
{
	context c = {.t = &f->t, .family = f->name, .seed = seed, .index = index, .use_oracle = true};
	c.rounding = !f->exact;
	bool dear =
	    is_curved(a) || is_curved(b) || a->kind == COL_SHAPE_CONVEX || b->kind == COL_SHAPE_CONVEX;
	c.use_moved = !dear || index % (f->moved > 0 ? f->moved : 1) == 0;
	double start = now();
	check_pair(&c, a, b);
	f->t.seconds += now() - start;
	f->gjk_overlap += c.gjk_overlap;
	if (!c.gjk_overlap)
		f->largest_apart = fmax(f->largest_apart, c.gjk_distance);
	if (!c.gjk_overlap && !c.oracle.intersect)
		f->worst_estimate = fmax(f->worst_estimate, fabs(c.gjk_distance - c.oracle.distance));
	if ((f->exact && !c.oracle.certain) ||
	    (truth >= 0 && c.oracle.certain && c.oracle.intersect != truth)) {
		describe("a", a);
		describe("b", b);
		fail_msg("%s, case %d: built to be decided exactly (%d), but the oracle says %d (certain %d)",
		         f->name, index, truth, c.oracle.intersect, c.oracle.certain);
	}
}

static void family_case(family *f, const col_shape *a, const col_shape *b, uint64_t seed, int index)
{
	family_case_truth(f, a, b, seed, index, -1);
}

static void family_end(family *f)
{
	tally_print(f->name, &f->t);
	print_message(
	    "%-13s GJK says overlap in %ld of %ld; largest distance where apart %.3g; largest |GJK - oracle| "
	    "where both apart %.3g\n",
	    "", f->gjk_overlap, f->t.cases, f->largest_apart, f->worst_estimate);
}

static void families_end(family *f, int count)
{
	long wrong = 0;
	for (int i = 0; i < count; i++) {
		family_end(&f[i]);
		wrong += f[i].t.wrong;
	}
	if (wrong > 0)
		fail_msg("%ld wrong answers", wrong);
}

/* k / 64 for k in [lo, hi]: sums and differences of these stay exact. */
static double dyadic(rng *r, int lo, int hi)
{
	return rng_int(r, lo, hi) / 64.0;
}

/* A turn about z: it leaves every z coordinate exactly as it was (in col_quat_apply and in the
 * matrix GJK builds), so faces and edges at a given height stay there. */
static col_quat about_z(double radians)
{
	return (col_quat){0, 0, sin(radians / 2), cos(radians / 2)};
}

/* The same rigid motion applied to both: the touching then hangs on rounding. */
static void common_motion(rng *r, col_shape *a, col_shape *b)
{
	col_transform3 m;
	m.rotation = rng_rotation(r);
	m.translation = rng_vec3(r, -2, 2);
	a->pose = col_transform3_compose(m, a->pose);
	b->pose = col_transform3_compose(m, b->pose);
}

static col_convex *hull_of(const col_vec3 *points, int count)
{
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_hull(points, count, &c, &error), &error);
	return c;
}

/* Boxes resting face on face (turned about z, heights exact), then the same rounded, then under a
 * common turn. */
static void test_touching_faces(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x46414345));
	family f[3] = {{.name = "box on box, face on face", .exact = true},
	               {.name = "rounded boxes face on face (cores apart by the radii)"},
	               {.name = "box on box under a common turn"}};
	int n = COLLIDE_RANDOM_CASES / 100;
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < 3; k++) {
			col_vec3 ha = {dyadic(&r, 4, 96), dyadic(&r, 4, 96), dyadic(&r, 4, 96)};
			col_vec3 hb = {dyadic(&r, 4, 96), dyadic(&r, 4, 96), dyadic(&r, 4, 96)};
			col_shape a = col_shape_box(ha), b = col_shape_box(hb);
			if (k == 1) {
				a.radius = dyadic(&r, 1, 16);
				b.radius = dyadic(&r, 1, 16);
			}
			a.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
			b.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
			double z = dyadic(&r, -128, 128), reach = hypot(ha.x, ha.y) + hypot(hb.x, hb.y);
			a.pose.translation = (col_vec3){rng_in(&r, -2, 2), rng_in(&r, -2, 2), z};
			double up = ha.z + hb.z + a.radius + b.radius;
			b.pose.translation.x = a.pose.translation.x + rng_in(&r, -reach, reach);
			b.pose.translation.y = a.pose.translation.y + rng_in(&r, -reach, reach);
			b.pose.translation.z = z + (rng_coin(&r) ? up : -up);
			if (k == 2)
				common_motion(&r, &a, &b);
			family_case(&f[k], &a, &b, r.seed, i);
		}
	}
	families_end(f, 3);
}

/* A polytope with a face in z = 0 against its mirror image (z -> -z): face on face, each turned
 * about z and moved across; then under a common turn. */
static void test_touching_mirrored_polytopes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x4D495252));
	enum { HULLS = 16 };
	col_convex *up[HULLS], *down[HULLS];
	for (int k = 0; k < HULLS; k++) {
		col_vec3 p[16], q[16];
		int base = rng_int(&r, 3, 6), top = rng_int(&r, 3, 10);
		for (int i = 0; i < base; i++)
			p[i] = (col_vec3){dyadic(&r, -64, 64), dyadic(&r, -64, 64), 0};
		for (int i = base; i < base + top; i++)
			p[i] = (col_vec3){rng_in(&r, -1, 1), rng_in(&r, -1, 1), rng_in(&r, 0.05, 1)};
		for (int i = 0; i < base + top; i++)
			q[i] = (col_vec3){p[i].x, p[i].y, -p[i].z};
		up[k] = hull_of(p, base + top);
		down[k] = hull_of(q, base + top);
	}
	family f[2] = {{.name = "polytope face on its mirror image", .exact = true},
	               {.name = "mirrored polytopes under a common turn"}};
	int n = COLLIDE_RANDOM_CASES / 100;
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < 2; k++) {
			int h = rng_int(&r, 0, HULLS - 1);
			col_shape a = col_shape_convex(up[h]), b = col_shape_convex(down[h]);
			a.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
			b.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
			double z = dyadic(&r, -128, 128);
			a.pose.translation = (col_vec3){rng_in(&r, -2, 2), rng_in(&r, -2, 2), z};
			b.pose.translation = (col_vec3){a.pose.translation.x + rng_in(&r, -1.5, 1.5),
			                                a.pose.translation.y + rng_in(&r, -1.5, 1.5), z};
			if (k == 1)
				common_motion(&r, &a, &b);
			family_case(&f[k], &a, &b, r.seed, i);
		}
	}
	for (int k = 0; k < HULLS; k++) {
		col_convex_destroy(up[k]);
		col_convex_destroy(down[k]);
	}
	families_end(f, 2);
}

/* Edges on edges: a roof (a prism whose top edge runs along x) under its mirror image, the edges
 * parallel (turns by 0 or pi about z, exact) and moved along and across by dyadic amounts, or
 * crossing (turned about z); collinear and parallel segments; parallel capsules at exactly the sum
 * of their radii. */
static void test_parallel_edges(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x45444745));
	family f[4] = {{.name = "roof edges parallel", .exact = true},
	               {.name = "roof edges crossing", .exact = true},
	               {.name = "segments collinear or parallel", .exact = true},
	               {.name = "parallel capsules at the sum of the radii"}};
	int n = COLLIDE_RANDOM_CASES / 100;
	const col_quat half_turn = {0, 0, 1, 0};
	for (int i = 0; i < n; i++) {
		double L = dyadic(&r, 16, 96), W = dyadic(&r, 8, 64), H = dyadic(&r, 8, 64);
		col_vec3 roof[6] = {{-L, -W, 0}, {L, -W, 0}, {-L, W, 0}, {L, W, 0}, {-L, 0, H}, {L, 0, H}};
		col_vec3 mirror[6];
		for (int k = 0; k < 6; k++)
			mirror[k] = (col_vec3){roof[k].x, roof[k].y, -roof[k].z};
		col_convex *ca = hull_of(roof, 6), *cb = hull_of(mirror, 6);
		col_shape a = col_shape_convex(ca), b = col_shape_convex(cb);
		if (rng_coin(&r))
			a.pose.rotation = half_turn;
		if (rng_coin(&r))
			b.pose.rotation = half_turn;
		double dy = rng_int(&r, 0, 3) ? 0 : rng_int(&r, -4, 4) * 0x1p-30;
		b.pose.translation = (col_vec3){dyadic(&r, -192, 192), dy, 2 * H};
		family_case(&f[0], &a, &b, r.seed, i);
		b.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
		b.pose.translation = (col_vec3){rng_in(&r, -L, L), rng_in(&r, -L, L), 2 * H};
		family_case(&f[1], &a, &b, r.seed, i);
		col_convex_destroy(ca);
		col_convex_destroy(cb);
		/* Segments along x: the same line (touching, overlapping or apart), or a parallel one. */
		double M = dyadic(&r, 16, 96), dx = dyadic(&r, -192, 192);
		col_vec3 off = {dx, 0, 0};
		if (rng_int(&r, 0, 2) == 0) {
			off.y = rng_int(&r, -4, 4) * 0x1p-30;
			off.z = rng_int(&r, -4, 4) * 0x1p-30;
		}
		col_shape s = col_shape_segment((col_vec3){-L, 0, 0}, (col_vec3){L, 0, 0});
		col_shape t = col_shape_segment(col_vec3_add(off, (col_vec3){-M, 0, 0}),
		                                col_vec3_add(off, (col_vec3){M, 0, 0}));
		if (rng_int(&r, 0, 3) == 0) /* end to end */
			t = col_shape_segment((col_vec3){L, 0, 0}, (col_vec3){L + 2 * M, 0, 0});
		family_case(&f[2], &s, &t, r.seed, i);
		/* Capsules side by side, their axes exactly the sum of the radii apart. */
		double ra = dyadic(&r, 4, 64), rb = dyadic(&r, 4, 64);
		col_shape ca2 = col_shape_capsule((col_vec3){-L, 0, 0}, (col_vec3){L, 0, 0}, ra);
		col_shape cb2 =
		    col_shape_capsule((col_vec3){dx - M, ra + rb, 0}, (col_vec3){dx + M, ra + rb, 0}, rb);
		family_case(&f[3], &ca2, &cb2, r.seed, i);
	}
	families_end(f, 4);
}

/* A tetrahedron's apex on a box's top face (exact heights); a cone's apex on it (curved: the oracle
 * cannot decide touching). */
static void test_vertex_on_face(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x56455254));
	family f[2] = {{.name = "tetrahedron apex on a box face", .exact = true},
	               {.name = "cone apex on a box face", .moved = 10}};
	int n = COLLIDE_RANDOM_CASES / 100;
	const col_quat flip = {1, 0, 0, 0}; /* a half turn about x: (x, -y, -z), exactly */
	for (int i = 0; i < n; i++) {
		col_vec3 h = {dyadic(&r, 16, 96), dyadic(&r, 16, 96), dyadic(&r, 8, 96)};
		col_shape box = col_shape_box(h);
		box.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
		double z = dyadic(&r, -64, 64);
		box.pose.translation = (col_vec3){rng_in(&r, -1, 1), rng_in(&r, -1, 1), z};
		/* The apex somewhere over the face or a little beyond its edges. */
		double reach = 1.2 * hypot(h.x, h.y);
		col_vec3 apex = {box.pose.translation.x + rng_in(&r, -reach, reach),
		                 box.pose.translation.y + rng_in(&r, -reach, reach), z + h.z};
		col_vec3 tet[4] = {{0, 0, 0}};
		double c = dyadic(&r, 8, 64);
		for (int k = 1; k < 4; k++) {
			double angle = 2 * COL_PI * k / 3 + rng_in(&r, -0.5, 0.5),
			       radius = rng_in(&r, 0.1, 1);
			tet[k] = (col_vec3){radius * cos(angle), radius * sin(angle), c};
		}
		col_convex *ct = hull_of(tet, 4);
		col_shape t = col_shape_convex(ct);
		t.pose.rotation = about_z(rng_in(&r, 0, 2 * COL_PI));
		t.pose.translation = apex;
		family_case(&f[0], &box, &t, r.seed, i);
		col_convex_destroy(ct);
		double hh = dyadic(&r, 8, 64);
		col_shape cone = col_shape_cone(rng_in(&r, 0.1, 1), hh);
		cone.pose.rotation = flip;
		cone.pose.translation = (col_vec3){apex.x, apex.y, apex.z + hh};
		family_case(&f[1], &box, &cone, r.seed, i);
	}
	families_end(f, 2);
}

/* Every class against itself at the same pose: they overlap (EPA: as deep as the shape is thin). */
static void test_identical_shapes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x49444E54));
	family f[CLASS_COUNT];
	for (int k = 0; k < CLASS_COUNT; k++) {
		/* A flat or thinner sharp core against itself is a K without volume around the origin: the
		 * relative pose GJK computes (not exactly the identity) decides by round-off. */
		bool thin = k == CLASS_POINT || k == CLASS_SEGMENT || k == CLASS_TRIANGLE;
		f[k] = (family){.name = class_names[k], .exact = !thin, .moved = 10};
		int n =
		    class_cost(k) == COST_CURVED ? COLLIDE_RANDOM_CASES / 500 : COLLIDE_RANDOM_CASES / 100;
		for (int i = 0; i < n; i++) {
			sample a, b;
			sample_make(&r, k, &a);
			sample_make(&r, k, &b);
			sample_fix(&a);
			sample_fix(&b);
			place_pair(&r, &a, &b);
			b = a;
			sample_fix(&b);
			family_case_truth(&f[k], &a.shape, &b.shape, r.seed, i, thin ? -1 : 1);
		}
	}
	families_end(f, CLASS_COUNT);
}

/* Integer points of a plane: z = 0, or x + 2y + 3z = 6. */
static col_vec3 plane_point(rng *r, bool tilted)
{
	for (;;) {
		int x = rng_int(r, -6, 6), y = rng_int(r, -6, 6);
		if (!tilted)
			return (col_vec3){x, y, 0};
		if ((6 - x - 2 * y) % 3 == 0)
			return (col_vec3){x, y, (6 - x - 2 * y) / 3};
	}
}

static bool collinear3(col_vec3 a, col_vec3 b, col_vec3 c)
{
	col_vec3 n = col_vec3_cross(col_vec3_sub(b, a), col_vec3_sub(c, a)); /* exact on small integers */
	return n.x == 0 && n.y == 0 && n.z == 0;
}

/* Triangles of one plane, and segments lying in a triangle's plane, on integer points (shared
 * corners, edges along edges: touching everywhere); then under a common turn. */
static void test_coplanar(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x434F504C));
	family f[4] = {{.name = "coplanar triangles", .exact = true},
	               {.name = "segment in a triangle's plane", .exact = true},
	               {.name = "coplanar triangles under a common turn"},
	               {.name = "segment in the plane under a common turn"}};
	int n = COLLIDE_RANDOM_CASES / 50;
	for (int i = 0; i < n; i++) {
		bool tilted = rng_coin(&r);
		col_vec3 p[5];
		do {
			for (int k = 0; k < 3; k++)
				p[k] = plane_point(&r, tilted);
		} while (collinear3(p[0], p[1], p[2]));
		do {
			for (int k = 3; k < 5; k++)
				p[k] = plane_point(&r, tilted);
		} while (col_vec3_equal(p[3], p[4]));
		col_vec3 third;
		do
			third = plane_point(&r, tilted);
		while (collinear3(p[3], p[4], third));
		col_shape t = col_shape_triangle(p[0], p[1], p[2]);
		col_shape u = col_shape_triangle(p[3], p[4], third);
		col_shape s = col_shape_segment(p[3], p[4]);
		family_case(&f[0], &t, &u, r.seed, i);
		family_case(&f[1], &t, &s, r.seed, i);
		common_motion(&r, &t, &u);
		family_case(&f[2], &t, &u, r.seed, i);
		t.pose = col_transform3_identity();
		s.pose = col_transform3_identity();
		common_motion(&r, &t, &s);
		family_case(&f[3], &t, &s, r.seed, i);
	}
	families_end(f, 4);
}

/* Random pairs moved along GJK's normal to a distance of 1e-9 or 1e-12, or into an overlap that
 * deep. */
static void test_near_distances(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x4E454152));
	const double gaps[4] = {1e-9, 1e-12, -1e-9, -1e-12};
	family f[4] = {{.name = "apart by 1e-9", .moved = 10},
	               {.name = "apart by 1e-12", .moved = 10},
	               {.name = "overlapping by 1e-9", .moved = 10},
	               {.name = "overlapping by 1e-12", .moved = 10}};
	int n = COLLIDE_RANDOM_CASES / 100;
	for (int k = 0; k < 4; k++) {
		for (int i = 0; i < n;) {
			int ka = rng_int(&r, 0, CLASS_COUNT - 1);
			int kb = ka < CLASSES_3D ? rng_int(&r, 0, CLASSES_3D - 1)
			                         : rng_int(&r, CLASSES_3D, CLASS_COUNT - 1);
			sample a, b;
			sample_make(&r, ka, &a);
			sample_make(&r, kb, &b);
			sample_fix(&a);
			sample_fix(&b);
			place_pair(&r, &a, &b);
			col_gjk_result g = col_gjk_distance(&a.shape, &b.shape, NULL, NULL, NULL);
			if (g.overlap || !(g.distance > 1e-6))
				continue;
			/* The oracle refines curved cores near contact for tens of milliseconds: a quarter of
			 * those pairs. */
			if ((class_cost(ka) == COST_CURVED || class_cost(kb) == COST_CURVED) &&
			    rng_int(&r, 0, 3) != 0)
				continue;
			col_shape near = moved(&b.shape, col_vec3_scale(g.normal, gaps[k] - g.distance));
			family_case(&f[k], &a.shape, &near, r.seed, i);
			i++;
		}
	}
	families_end(f, 4);
}

/* Shapes with a zero size: flat, line and point boxes; discs, needles and dots of cylinders and
 * cones; zero-length segments and capsules, in 3D and 2D. Against every class. */
static void test_zero_sizes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5A45524F));
	enum { KINDS = 11 };
	static const char *const names[KINDS] = {"flat box",
	                                         "line box",
	                                         "point box",
	                                         "disc cylinder",
	                                         "needle cylinder",
	                                         "dot cylinder",
	                                         "flat cone",
	                                         "needle cone",
	                                         "zero-length segment",
	                                         "zero-length capsule",
	                                         "zero-length capsule 2D"};
	family f[KINDS];
	int n = COLLIDE_RANDOM_CASES / 100;
	for (int k = 0; k < KINDS; k++) {
		f[k] = (family){.name = names[k], .exact = false, .moved = 10};
		long count[CLASS_COUNT] = {0};
		for (int i = 0; i < n; i++) {
			sample a, b;
			memset(&a, 0, sizeof a);
			double s = rng_size(&r);
			switch (k) {
			case 0: a.shape = col_shape_box((col_vec3){s, 0.7 * s, 0}); break;
			case 1: a.shape = col_shape_box((col_vec3){s, 0, 0}); break;
			case 2: a.shape = col_shape_box((col_vec3){0, 0, 0}); break;
			case 3: a.shape = col_shape_cylinder(s, 0); break;
			case 4: a.shape = col_shape_cylinder(0, s); break;
			case 5: a.shape = col_shape_cylinder(0, 0); break;
			case 6: a.shape = col_shape_cone(s, 0); break;
			case 7: a.shape = col_shape_cone(0, s); break;
			case 8: {
				col_vec3 p = scaled_point(&r, s);
				a.shape = col_shape_segment(p, p);
				a.centre = p;
				break;
			}
			case 9: {
				col_vec3 p = scaled_point(&r, s);
				a.shape = col_shape_capsule(p, p, 0.5 * s);
				a.centre = p;
				break;
			}
			default: {
				col_vec2 p = {rng_in(&r, -s, s), rng_in(&r, -s, s)};
				a.shape = col_shape_capsule2(p, p, 0.5 * s);
				a.centre = (col_vec3){p.x, p.y, 0};
				break;
			}
			}
			bool flat = k == KINDS - 1;
			int other =
			    flat ? rng_int(&r, CLASSES_3D, CLASS_COUNT - 1) : rng_int(&r, 0, CLASSES_3D - 1);
			sample_make(&r, other, &b);
			sample_fix(&b);
			place_pair(&r, &a, &b);
			/* The oracle is slow on curved partners and on discs: every tenth of those. */
			bool dear = class_cost(other) == COST_CURVED || is_curved(&a.shape);
			if (dear && count[other]++ % 10 != 0)
				continue;
			family_case(&f[k], &a.shape, &b.shape, r.seed, i);
		}
	}
	families_end(f, KINDS);
}

/* 2D: a convex polygon on a grid and its point reflection through one of its corners touch at that
 * corner only; moved by 2^-20 out of or into each other; then under a common 2D pose. */
static int hull_2d_points(col_vec2 *p, int n, col_vec2 *out)
{
	for (int i = 1; i < n; i++) /* sort by x, then y */
		for (int j = i;
		     j > 0 && (p[j - 1].x > p[j].x || (p[j - 1].x == p[j].x && p[j - 1].y > p[j].y)); j--) {
			col_vec2 t = p[j];
			p[j] = p[j - 1];
			p[j - 1] = t;
		}
	int k = 0;
	for (int i = 0; i < n; i++) { /* the lower chain, strict left turns only */
		while (k >= 2 && col_orient2d(out[k - 2], out[k - 1], p[i]) <= 0)
			k--;
		out[k++] = p[i];
	}
	for (int i = n - 2, lower = k + 1; i >= 0; i--) { /* the upper chain */
		while (k >= lower && col_orient2d(out[k - 2], out[k - 1], p[i]) <= 0)
			k--;
		out[k++] = p[i];
	}
	return k - 1; /* the last point repeats the first */
}

static void test_polygons_touching_at_a_corner(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x434F524E));
	family f[4] = {{.name = "polygons touching at a corner", .exact = true},
	               {.name = "polygons 2^-20 apart at a corner", .exact = true},
	               {.name = "polygons 2^-20 into each other at a corner", .exact = true},
	               {.name = "polygons at a corner under a common pose"}};
	int n = COLLIDE_RANDOM_CASES / 100;
	for (int i = 0; i < n; i++) {
		col_vec2 cloud[8], pa[17], pb[17];
		col_error error;
		col_shape a;
		int m;
		do {
			for (int k = 0; k < 8; k++)
				cloud[k] =
				    (col_vec2){rng_int(&r, -16, 16) / 16.0, rng_int(&r, -16, 16) / 16.0};
			m = hull_2d_points(cloud, 8, pa);
			a = col_shape_polygon2(pa, m);
		} while (m < 3 || col_shape_validate(&a, &error) != COL_OK);
		int v = rng_int(&r, 0, m - 1);
		col_vec2 c = {0, 0};
		for (int k = 0; k < m; k++) {
			pb[k] = (col_vec2){2 * pa[v].x - pa[k].x, 2 * pa[v].y - pa[k].y};
			c.x += pa[k].x / m;
			c.y += pa[k].y / m;
		}
		col_shape b = col_shape_polygon2(pb, m);
		check_ok(col_shape_validate(&b, &error), &error);
		family_case(&f[0], &a, &b, r.seed, i);
		/* Out along the way from a's centroid through the corner (inside b's corner), or back in. */
		col_vec2 out = {pa[v].x - c.x, pa[v].y - c.y};
		double length = hypot(out.x, out.y);
		col_vec2 step = {ldexp(round(ldexp(out.x / length, 20)), -40),
		                 ldexp(round(ldexp(out.y / length, 20)), -40)};
		b.pose = col_shape_pose2(step, 0);
		family_case(&f[1], &a, &b, r.seed, i);
		b.pose = col_shape_pose2((col_vec2){-step.x, -step.y}, 0);
		family_case(&f[2], &a, &b, r.seed, i);
		col_transform3 m2 = col_shape_pose2((col_vec2){rng_in(&r, -2, 2), rng_in(&r, -2, 2)},
		                                    rng_in(&r, 0, 2 * COL_PI));
		a.pose = m2;
		b.pose = m2;
		family_case(&f[3], &a, &b, r.seed, i);
	}
	families_end(f, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_random_point),
	    cmocka_unit_test(test_random_sphere),
	    cmocka_unit_test(test_random_segment),
	    cmocka_unit_test(test_random_capsule),
	    cmocka_unit_test(test_random_triangle),
	    cmocka_unit_test(test_random_box),
	    cmocka_unit_test(test_random_rounded_box),
	    cmocka_unit_test(test_random_cylinder),
	    cmocka_unit_test(test_random_cone),
	    cmocka_unit_test(test_random_polytope),
	    cmocka_unit_test(test_random_circle),
	    cmocka_unit_test(test_random_capsule2),
	    cmocka_unit_test(test_random_polygon),
	    cmocka_unit_test(test_touching_faces),
	    cmocka_unit_test(test_touching_mirrored_polytopes),
	    cmocka_unit_test(test_parallel_edges),
	    cmocka_unit_test(test_vertex_on_face),
	    cmocka_unit_test(test_identical_shapes),
	    cmocka_unit_test(test_coplanar),
	    cmocka_unit_test(test_near_distances),
	    cmocka_unit_test(test_zero_sizes),
	    cmocka_unit_test(test_polygons_touching_at_a_corner),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
