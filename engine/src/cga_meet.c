/* The meet of two conformal objects and what it says: real, tangent or imaginary by the sign of its
 * square, and the degenerate cases named apart (source 003, ch. II-IV, with its errata 2, 3, 5 and 7:
 * docs/sources.md). Every decision is taken in a frame centred on the first object and scaled (by a
 * power of two, exactly) to unit size, so one relative threshold serves objects of any size anywhere. */
#include "collide/cga.h"

#include "cga_internal.h"
#include "error.h"

#include <string.h>

/* In the unit frame, with inputs of unit weight, a value this small is rounding, not geometry; to it
 * is added the rounding the inputs carry (intersect's `zero`). */
#define MEET_ZERO 1e-10

void col_cga_meet(const col_multivector *a, const col_multivector *b, col_multivector *out)
{
	col_multivector dual;
	col_cga_dual(a, &dual);
	col_cga_left_contraction(&dual, b, out);
}

const char *col_cga_relation_name(col_cga_relation relation)
{
	static const char *const names[COL_CGA_RELATION_COUNT] = {
	    [COL_CGA_REAL] = "real",         [COL_CGA_TANGENT] = "tangent",     [COL_CGA_IMAGINARY] = "imaginary",
	    [COL_CGA_NESTED] = "nested",     [COL_CGA_PARALLEL] = "parallel",   [COL_CGA_COINCIDENT] = "coincident",
	    [COL_CGA_CONTAINED] = "contained", [COL_CGA_SKEW] = "skew",         [COL_CGA_DISJOINT] = "disjoint"};
	return (int)relation >= 0 && relation < COL_CGA_RELATION_COUNT ? names[relation] : "unknown";
}

/* ---- the frame ---- */

/* x_frame = (x - origin) / scale, scale a power of two. */
typedef struct frame {
	col_vec3 origin;
	double scale;
} frame;

static col_vec3 point_into(const frame *f, col_vec3 p) { return col_vec3_scale(col_vec3_sub(p, f->origin), 1.0 / f->scale); }

static col_vec3 point_back(const frame *f, col_vec3 p) { return col_vec3_add(f->origin, col_vec3_scale(p, f->scale)); }

/* The geometry read in the frame, put back in world terms. */
static void geometry_back(const frame *f, col_cga_geometry *g)
{
	g->center = point_back(f, g->center);
	g->points[0] = point_back(f, g->points[0]);
	g->points[1] = point_back(f, g->points[1]);
	g->radius2 *= f->scale * f->scale;
	if (g->kind == COL_CGA_PLANE || g->kind == COL_CGA_DUAL_ROUND)
		g->distance = g->distance * f->scale + col_vec3_dot(g->direction, f->origin);
}

/* How far an object reaches from the frame's origin: a round's centre plus its radius, a flat's
 * distance (a flat far from its own nearest point to the world origin may still pass by). */
static double reach(const col_cga_geometry *g, col_vec3 origin)
{
	col_vec3 offset = col_vec3_sub(origin, g->center);
	if (g->kind == COL_CGA_PLANE)
		return fabs(col_vec3_dot(offset, g->direction));
	if (g->kind == COL_CGA_LINE)
		return col_vec3_length(col_vec3_cross(offset, g->direction));
	return col_vec3_length(offset) + sqrt(fabs(g->radius2));
}

static double power_of_two_at_least(double x)
{
	if (!(x > 0.0) || !isfinite(x))
		return 1.0;
	int exponent;
	frexp(x, &exponent);
	return ldexp(1.0, exponent);
}

/* ---- the objects in the frame ---- */

typedef struct object {
	col_cga_kind kind;
	col_multivector blade; /* OPNS, unit weight, in the frame */
	col_cga_geometry geometry;
	col_multivector dual; /* the dual vector of a sphere or plane */
} object;

static int rank_of(col_cga_kind kind)
{
	switch (kind) {
	case COL_CGA_SPHERE:
	case COL_CGA_PLANE:
		return 4;
	case COL_CGA_LINE:
	case COL_CGA_CIRCLE:
		return 3;
	case COL_CGA_POINT_PAIR:
		return 2;
	case COL_CGA_POINT:
		return 1;
	default:
		return 0;
	}
}

/* The OPNS blade of an object of geometry g, rebuilt from g in the frame: moving the blade itself
 * with a translator would cancel terms of the size of the squared distance from the origin, which is
 * the precision the source lost (3.8); the geometry's coordinates subtract exactly enough. Unit
 * weight: a point's -X.ni, a dual sphere's no part, a plane's normal, a line's direction are 1. */
static bool make_object(const col_cga_geometry *world, const frame *f, object *o)
{
	col_cga_geometry g = *world;
	g.center = point_into(f, g.center);
	g.points[0] = point_into(f, g.points[0]);
	g.points[1] = point_into(f, g.points[1]);
	g.radius2 /= f->scale * f->scale;
	g.distance = (g.distance - col_vec3_dot(g.direction, f->origin)) / f->scale;
	col_multivector dual, flat, blade;
	col_cga_vector sphere = col_cga_vector_sphere(g.center, 0.0);
	sphere.ni -= 0.5 * g.radius2;
	switch (g.kind) {
	case COL_CGA_POINT:
		col_cga_vector_to_multivector(col_cga_vector_point(g.center), &blade);
		break;
	case COL_CGA_SPHERE:
		col_cga_vector_to_multivector(sphere, &dual);
		col_cga_undual(&dual, &blade);
		break;
	case COL_CGA_PLANE:
		col_cga_vector_to_multivector(col_cga_vector_plane(g.direction, g.distance), &dual);
		col_cga_undual(&dual, &blade);
		break;
	case COL_CGA_LINE:
		col_cga_plucker_to_multivector(col_cga_plucker_through(g.center, col_vec3_add(g.center, g.direction)), &blade);
		break;
	case COL_CGA_CIRCLE:
		/* The dual sphere ^ the dual plane through the centre: the circle, real or imaginary. */
		col_cga_vector_to_multivector(sphere, &dual);
		col_cga_vector_to_multivector(col_cga_vector_plane(g.direction, col_vec3_dot(g.direction, g.center)), &flat);
		col_cga_outer_product(&dual, &flat, &blade);
		col_cga_undual(&blade, &blade);
		break;
	case COL_CGA_POINT_PAIR:
		/* The dual sphere ^ the dual of the axis line. */
		col_cga_vector_to_multivector(sphere, &dual);
		col_cga_plucker_to_multivector(col_cga_plucker_through(g.center, col_vec3_add(g.center, g.direction)), &flat);
		col_cga_dual(&flat, &flat);
		col_cga_outer_product(&dual, &flat, &blade);
		col_cga_undual(&blade, &blade);
		break;
	default:
		return false;
	}
	if (col_cga_geometry_of(&blade, &o->geometry, NULL) != COL_OK || !(o->geometry.weight != 0.0))
		return false;
	o->kind = g.kind;
	col_cga_scale(&blade, 1.0 / fabs(o->geometry.weight), &o->blade);
	col_cga_dual(&o->blade, &o->dual);
	return true;
}

/* The result being built, in the frame. */
typedef struct verdict {
	double zero; /* the threshold below which a value in the unit frame counts as zero */
	col_cga_relation relation;
	col_multivector common; /* the blade whose geometry is the common part; 0 for none */
	bool has_common;
	bool inside_ball; /* part of one object lies inside the other's ball (solid mode) */
} verdict;

static bool is_zero(const verdict *v, const col_multivector *m) { return col_cga_magnitude(m) <= v->zero; }

static int sign_of(const verdict *v, double x) { return x > v->zero ? 1 : x < -v->zero ? -1 : 0; }

/* Whether point x lies on the OPNS blade b: x ^ b = 0. */
static bool incident(const verdict *v, const col_multivector *x, const col_multivector *b)
{
	col_multivector wedge;
	col_cga_outer_product(x, b, &wedge);
	return is_zero(v, &wedge);
}

static void unit_point(col_vec3 p, col_multivector *out) { col_cga_vector_to_multivector(col_cga_vector_point(p), out); }

/* The real points of a point pair (2), a point (1), or none (0). */
static int points_of(const object *o, col_multivector out[2])
{
	if (o->kind == COL_CGA_POINT) {
		unit_point(o->geometry.center, &out[0]);
		return 1;
	}
	if (o->kind == COL_CGA_POINT_PAIR && o->geometry.radius2 > 0.0) {
		unit_point(o->geometry.points[0], &out[0]);
		unit_point(o->geometry.points[1], &out[1]);
		return 2;
	}
	return 0;
}

static void set(verdict *v, col_cga_relation relation, const col_multivector *common)
{
	v->relation = relation;
	v->has_common = common != NULL;
	if (common)
		v->common = *common;
}

/* A round meet (circle or point pair): real, tangent or imaginary by the sign of its square. */
static void round_meet(const col_multivector *m, verdict *v)
{
	int sign = sign_of(v, col_cga_square(m));
	set(v, sign > 0 ? COL_CGA_REAL : sign == 0 ? COL_CGA_TANGENT : COL_CGA_IMAGINARY, m);
}

/* The sphere whose great circle a circle is, or the plane a plane is: what a coplanar object meets. */
static void circle_sphere(const object *circle, col_multivector *out)
{
	col_cga_vector s = col_cga_vector_sphere(circle->geometry.center, 0.0);
	s.ni -= 0.5 * circle->geometry.radius2;
	col_multivector dual;
	col_cga_vector_to_multivector(s, &dual);
	col_cga_undual(&dual, out);
}

static void circle_plane(const object *circle, col_multivector *out)
{
	col_multivector dual;
	col_vec3 n = circle->geometry.direction;
	col_cga_vector_to_multivector(col_cga_vector_plane(n, col_vec3_dot(n, circle->geometry.center)), &dual);
	col_cga_undual(&dual, out);
}

/* A sphere or plane h against anything. */
static void against_sphere_or_plane(const object *h, const object *o, verdict *v)
{
	bool sphere = h->kind == COL_CGA_SPHERE;
	col_multivector m;
	col_cga_meet(&h->blade, &o->blade, &m);
	switch (o->kind) {
	case COL_CGA_SPHERE:
	case COL_CGA_PLANE:
		if (is_zero(v, &m)) {
			set(v, COL_CGA_COINCIDENT, &h->blade);
		} else if (sphere && o->kind == COL_CGA_SPHERE) {
			round_meet(&m, v);
			/* Both spheres miss each other's surface: apart, or one inside the other, as
			 * s1 . s2 = (r1^2 + r2^2 - d^2) / 2 is below -r1 r2 or above r1 r2. */
			if (v->relation == COL_CGA_IMAGINARY &&
			    col_cga_scalar_product(&h->dual, &o->dual) > 0.0) {
				v->relation = COL_CGA_NESTED;
				v->inside_ball = true;
			}
		} else if (!sphere && o->kind == COL_CGA_PLANE) {
			/* Two planes: a line, or parallel (a line at infinity: no direction, square 0). */
			bool parallel = col_vec3_length(col_cga_plucker_of(&m).direction) <= v->zero;
			set(v, parallel ? COL_CGA_PARALLEL : COL_CGA_REAL, &m);
			if (v->relation == COL_CGA_PARALLEL)
				v->has_common = false;
		} else {
			round_meet(&m, v);
		}
		return;
	case COL_CGA_LINE:
		if (is_zero(v, &m))
			set(v, COL_CGA_CONTAINED, &o->blade); /* the line lies in the plane */
		else if (sphere)
			round_meet(&m, v);
		else {
			/* A flat point, or a line parallel to the plane (erratum 2: all of the meet, not
			 * one coefficient, says whether it lies in the plane). */
			bool parallel = fabs(m.c[24]) <= v->zero; /* the flat point's weight, n . d */
			set(v, parallel ? COL_CGA_PARALLEL : COL_CGA_REAL, &m);
			if (v->relation == COL_CGA_PARALLEL)
				v->has_common = false;
		}
		return;
	case COL_CGA_CIRCLE:
		if (is_zero(v, &m)) {
			set(v, COL_CGA_CONTAINED, &o->blade);
			return;
		}
		round_meet(&m, v);
		if (v->relation == COL_CGA_IMAGINARY) {
			v->has_common = false;
			if (o->geometry.radius2 < 0.0)
				v->relation = COL_CGA_DISJOINT;
			else if (sphere) {
				/* The circle misses the surface: all of it inside the ball or all outside. */
				col_vec3 c = o->geometry.center, n = o->geometry.direction;
				col_vec3 u = col_vec3_normalize(fabs(n.x) < 0.6 ? col_vec3_cross(n, (col_vec3){1, 0, 0})
				                                                 : col_vec3_cross(n, (col_vec3){0, 1, 0}));
				col_multivector x;
				unit_point(col_vec3_add(c, col_vec3_scale(u, sqrt(o->geometry.radius2))), &x);
				if (col_cga_scalar_product(&x, &h->dual) > 0.0) {
					v->relation = COL_CGA_NESTED;
					v->inside_ball = true;
				}
			}
		}
		return;
	case COL_CGA_POINT_PAIR:
	case COL_CGA_POINT: {
		col_multivector points[2];
		int count = points_of(o, points);
		if (count == 0) {
			set(v, COL_CGA_DISJOINT, NULL);
			return;
		}
		/* The meet is a vector (pair: (s.X1) X2 - (s.X2) X1) or a scalar (point: s.X); it is
		 * 0 when every point lies on h, null when one does. */
		int on = 0, inside = 0, which = -1;
		for (int i = 0; i < count; i++) {
			double side = col_cga_scalar_product(&points[i], &h->dual);
			if (fabs(side) <= v->zero) {
				on++;
				which = i;
			} else if (sphere && side > 0.0)
				inside++;
		}
		if (on == count)
			set(v, COL_CGA_CONTAINED, &o->blade);
		else if (on == 1)
			set(v, COL_CGA_REAL, &points[which]);
		else
			set(v, inside == count ? COL_CGA_NESTED : COL_CGA_DISJOINT, NULL);
		v->inside_ball = inside > 0 || (sphere && on > 0);
		return;
	}
	default:
		return;
	}
}

/* Two lines: coplanar when the meet (-side ni) vanishes; then crossing, parallel or the same. */
static void line_line(const object *a, const object *b, verdict *v)
{
	col_multivector m;
	col_cga_meet(&a->blade, &b->blade, &m);
	if (!is_zero(v, &m)) {
		set(v, COL_CGA_SKEW, NULL);
		return;
	}
	col_vec3 normal = col_vec3_cross(a->geometry.direction, b->geometry.direction);
	if (col_vec3_length(normal) <= v->zero) {
		col_multivector x;
		unit_point(b->geometry.center, &x);
		if (incident(v, &x, &a->blade))
			set(v, COL_CGA_COINCIDENT, &a->blade);
		else
			set(v, COL_CGA_PARALLEL, NULL);
		return;
	}
	/* They cross (erratum 3: "the meet is zero" only says coplanar). Where: the plane through a
	 * holding the common plane's normal, a ^ n, meets b in a flat point. */
	col_multivector n = {0}, plane, flat;
	n.c[1] = normal.x;
	n.c[2] = normal.y;
	n.c[4] = normal.z;
	col_cga_outer_product(&a->blade, &n, &plane);
	col_cga_meet(&plane, &b->blade, &flat);
	set(v, COL_CGA_REAL, &flat);
}

/* A line or circle against a circle (or a circle against a line): the meet is a vector, zero when
 * they lie on one sphere or plane, null when they share one point. */
static void curve_curve(const object *a, const object *b, verdict *v)
{
	const object *circle = a->kind == COL_CGA_CIRCLE ? a : b, *other = circle == a ? b : a;
	col_multivector m;
	col_cga_meet(&a->blade, &b->blade, &m);
	if (!is_zero(v, &m)) {
		double sum = 0.0;
		for (int i = 0; i < COL_CGA_BLADES; i++)
			sum += m.c[i] * m.c[i];
		if (fabs(col_cga_square(&m)) <= v->zero * sum)
			set(v, COL_CGA_REAL, &m); /* null: the one common point */
		else
			set(v, COL_CGA_SKEW, NULL);
		return;
	}
	col_multivector carrier, meet;
	circle_plane(circle, &carrier);
	col_cga_meet(&carrier, &other->blade, &meet);
	if (is_zero(v, &meet)) {
		/* Coplanar: the other meets the circle where it meets the circle's sphere. */
		if (other->kind == COL_CGA_CIRCLE && col_vec3_distance(other->geometry.center, circle->geometry.center) <= v->zero &&
		    fabs(other->geometry.radius2 - circle->geometry.radius2) <= v->zero) {
			set(v, COL_CGA_COINCIDENT, &circle->blade);
			return;
		}
		col_multivector sphere;
		circle_sphere(circle, &sphere);
		col_cga_meet(&sphere, &other->blade, &meet);
	}
	/* On one sphere but not coplanar: the carrier plane cuts the other where the circle does. */
	round_meet(&meet, v);
	if (v->relation == COL_CGA_IMAGINARY) {
		v->relation = COL_CGA_DISJOINT;
		v->has_common = false;
	}
}

/* A point pair or point against a line, circle, pair or point: which of its points lie on the other. */
static void points_against(const object *h, const object *o, verdict *v)
{
	col_multivector points[2];
	int count = points_of(o, points);
	int on = 0, which = -1;
	for (int i = 0; i < count; i++)
		if (incident(v, &points[i], &h->blade)) {
			on++;
			which = i;
		}
	if (count > 0 && on == count) {
		/* All of o on h: the same object when h has no more points than o. */
		col_multivector own[2];
		bool same = h->kind == o->kind && points_of(h, own) == count;
		set(v, same ? COL_CGA_COINCIDENT : COL_CGA_CONTAINED, &o->blade);
	} else if (on == 1)
		set(v, COL_CGA_REAL, &points[which]);
	else
		set(v, COL_CGA_DISJOINT, NULL);
}

col_status col_cga_intersect(const col_multivector *a, const col_multivector *b, col_cga_intersection *out,
                             col_error *error)
{
	const col_multivector *inputs[2] = {a, b};
	col_cga_geometry world[2];
	col_multivector opns[2];
	for (int i = 0; i < 2; i++) {
		opns[i] = *inputs[i];
		col_cga_kind kind = col_cga_kind_of(&opns[i]);
		if (kind == COL_CGA_DUAL_ROUND) /* a dual sphere or plane: its OPNS form */
			col_cga_undual(&opns[i], &opns[i]);
		col_error ignored;
		if (rank_of(col_cga_kind_of(&opns[i])) == 0 || col_cga_geometry_of(&opns[i], &world[i], &ignored) != COL_OK)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "cga: argument %d is a %s, not a point, point pair, circle, line, sphere or plane", i + 1,
			                col_cga_kind_name(kind));
	}
	frame f = {world[0].center, 1.0};
	double size = fmax(reach(&world[0], f.origin), reach(&world[1], f.origin));
	f.scale = power_of_two_at_least(size);
	object objects[2];
	for (int i = 0; i < 2; i++)
		if (!make_object(&world[i], &f, &objects[i]))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: argument %d has no finite geometry", i + 1);

	/* Order by rank: a sphere or plane first, then a line or circle, a pair, a point. */
	const object *h = &objects[0], *o = &objects[1];
	if (rank_of(o->kind) > rank_of(h->kind)) {
		h = &objects[1];
		o = &objects[0];
	}
	/* A blade far from the origin holds its radius and position only to rounding of its squared
	 * distance from the origin (its ni part): in the unit frame that is eps (R / scale)^2. */
	double far = fmax(col_vec3_length(world[0].center), col_vec3_length(world[1].center)) / f.scale;
	verdict v = {0};
	v.zero = MEET_ZERO + 16.0 * 0x1p-52 * far * far;
	switch (rank_of(h->kind)) {
	case 4:
		against_sphere_or_plane(h, o, &v);
		break;
	case 3:
		if (o->kind == COL_CGA_LINE || o->kind == COL_CGA_CIRCLE) {
			if (h->kind == COL_CGA_LINE && o->kind == COL_CGA_LINE)
				line_line(h, o, &v);
			else
				curve_curve(h, o, &v);
		} else
			points_against(h, o, &v);
		break;
	default:
		points_against(h, o, &v);
		break;
	}

	col_cga_intersection r;
	memset(&r, 0, sizeof r);
	r.kind_a = objects[0].kind;
	r.kind_b = objects[1].kind;
	r.relation = v.relation;
	r.surfaces_meet = v.relation == COL_CGA_REAL || v.relation == COL_CGA_TANGENT ||
	                  v.relation == COL_CGA_COINCIDENT || v.relation == COL_CGA_CONTAINED;
	r.solids_meet = r.surfaces_meet || v.inside_ball;
	if (v.has_common) {
		col_cga_geometry g;
		if (col_cga_geometry_of(&v.common, &g, NULL) == COL_OK) {
			if (v.relation == COL_CGA_TANGENT && (g.kind == COL_CGA_CIRCLE || g.kind == COL_CGA_POINT_PAIR)) {
				/* A zero-radius round is its centre: the tangent point. */
				g.kind = COL_CGA_POINT;
				g.radius2 = 0.0;
				g.points[0] = g.points[1] = g.center;
			}
			geometry_back(&f, &g);
			r.common = g;
		}
	}

	/* The reported meet and square: the inputs moved to the frame's origin (not scaled) at unit
	 * weight, so the square reads in world units (r1^2 r2^2 - ... for spheres). */
	frame local = {f.origin, 1.0};
	object moved[2];
	if (make_object(&world[0], &local, &moved[0]) && make_object(&world[1], &local, &moved[1])) {
		col_multivector m;
		col_cga_meet(&moved[0].blade, &moved[1].blade, &m);
		if (col_cga_magnitude(&m) == 0.0 && rank_of(moved[0].kind) < rank_of(moved[1].kind))
			col_cga_meet(&moved[1].blade, &moved[0].blade, &m);
		r.square = col_cga_square(&m);
		cga_translate(&m, f.origin, &r.meet);
	}
	*out = r;
	return COL_OK;
}
