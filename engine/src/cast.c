/* Ray casts and shape casts (contact.h).
 *
 * Closed forms, in the shape's body frame: a sphere (the quadratic, its near root taken in the form
 * that does not cancel), a box (slabs), a capsule (the side's cylinder about the segment, then the
 * two end spheres), a cylinder (its side's quadric and its caps' slab).
 *
 * Everything else: van den Bergen's GJK ray cast ("Ray casting against general convex objects with
 * application to continuous collision detection", 2004), on the Minkowski difference K = A - B of
 * the cores with the ray from the origin along the relative motion (a ray cast is the case where B
 * is the ray's origin, a point). GJK keeps v, the vector from the nearest point of its simplex
 * to the ray's current point x; the support point w of K along v gives a plane that K (grown by the
 * radii R) lies behind; when x lies beyond that plane, x advances along the ray to it (never past
 * the first contact, since K is behind the plane), else w joins the simplex and v shrinks. It stops
 * when x is within 1e-10 of the shapes' size of K grown by R: the hit, with the last plane's normal;
 * or when the ray moves away from a plane x lies beyond, or past max_t: a miss. */
#include <float.h>
#include <string.h>

#include "collide/gjk.h"
#include "collide/predicates.h"
#include "contact_internal.h"
#include "error.h"
#include "minkowski_internal.h"

#define CAST_TOLERANCE 1e-10 /* relative to the shapes' size: how near the hit point comes */
enum { CAST_MAX_ITERATIONS = 128, CAST_RESTARTS = 4 };

static col_cast_hit no_hit(void)
{
	col_cast_hit h;
	memset(&h, 0, sizeof h);
	return h;
}

/* A closed form's answer in the body frame. */
typedef struct local_hit {
	bool hit;
	double t;
	col_vec3 normal; /* zero when the origin is inside */
} local_hit;

static local_hit local_miss(void)
{
	return (local_hit){false, 0.0, {0, 0, 0}};
}

static local_hit local_inside(void)
{
	return (local_hit){true, 0.0, {0, 0, 0}};
}

static local_hit ray_sphere(col_vec3 c, double r, col_vec3 o, col_vec3 d, double max_t)
{
	col_vec3 m = col_vec3_sub(o, c);
	double mm = col_vec3_dot(m, m), c2 = mm - r * r;
	if (c2 <= 0.0)
		return local_inside();
	double dd = col_vec3_dot(d, d), b = col_vec3_dot(m, d);
	if (!(dd > 0.0) || b >= 0.0)
		return local_miss();
	/* The squared distance from the centre to the ray's line, computed directly (b^2 - dd c2
	 * cancels near tangency). */
	col_vec3 perp = col_vec3_sub(m, col_vec3_scale(d, b / dd));
	double disc = r * r - col_vec3_dot(perp, perp);
	if (disc < 0.0)
		return local_miss();
	double t = c2 / (-b + sqrt(dd * disc));
	if (!(t <= max_t))
		return local_miss();
	col_vec3 at = col_vec3_add(m, col_vec3_scale(d, t));
	col_vec3 n = r > 0.0 ? col_vec3_scale(at, 1.0 / r) : col_vec3_scale(d, -1.0 / sqrt(dd));
	return (local_hit){true, t, col_vec3_normalize(n)};
}

static local_hit ray_box(col_vec3 h, col_vec3 o, col_vec3 d, double max_t)
{
	double enter = 0.0, leave = max_t;
	int axis = -1;
	double side = 0.0;
	for (int k = 0; k < 3; k++) {
		double ok = col_vec3_component(o, k), dk = col_vec3_component(d, k),
		       hk = col_vec3_component(h, k);
		if (dk == 0.0) {
			if (ok < -hk || ok > hk)
				return local_miss();
			continue;
		}
		double t1 = (-hk - ok) / dk, t2 = (hk - ok) / dk, s = -1.0;
		if (t1 > t2) {
			double t = t1;
			t1 = t2;
			t2 = t;
			s = 1.0;
		}
		if (t1 > enter) {
			enter = t1;
			axis = k;
			side = s;
		}
		if (t2 < leave)
			leave = t2;
		if (enter > leave)
			return local_miss();
	}
	if (axis < 0)
		return local_inside();
	col_vec3 n = {axis == 0 ? side : 0.0, axis == 1 ? side : 0.0, axis == 2 ? side : 0.0};
	return (local_hit){true, enter, n};
}

static local_hit ray_capsule(col_vec3 p0, col_vec3 p1, double r, col_vec3 o, col_vec3 d, double max_t)
{
	col_vec3 u = col_vec3_sub(p1, p0);
	double uu = col_vec3_dot(u, u);
	double s0 = contact_segment_nearest(p0, p1, o);
	if (col_vec3_length_squared(col_vec3_sub(o, col_vec3_lerp(p0, p1, s0))) <= r * r)
		return local_inside();
	local_hit best = local_miss();
	if (uu > 0.0) {
		/* The side: the cylinder of radius r about the segment's line, where the axial parameter is
		 * within the segment. */
		col_vec3 m = col_vec3_sub(o, p0);
		col_vec3 mp = col_vec3_sub(m, col_vec3_scale(u, col_vec3_dot(m, u) / uu));
		col_vec3 dp = col_vec3_sub(d, col_vec3_scale(u, col_vec3_dot(d, u) / uu));
		double a = col_vec3_dot(dp, dp), b = col_vec3_dot(mp, dp), c = col_vec3_dot(mp, mp) - r * r;
		if (a > 0.0 && c > 0.0 && b < 0.0) {
			col_vec3 perp = col_vec3_sub(mp, col_vec3_scale(dp, b / a));
			double disc = r * r - col_vec3_dot(perp, perp);
			if (disc >= 0.0) {
				double t = c / (-b + sqrt(a * disc));
				double s = col_vec3_dot(col_vec3_add(m, col_vec3_scale(d, t)), u) / uu;
				if (s >= 0.0 && s <= 1.0 && t <= max_t) {
					col_vec3 n = col_vec3_add(mp, col_vec3_scale(dp, t));
					best = (local_hit){true, t, col_vec3_normalize(n)};
				}
			}
		}
	}
	/* The end spheres: whichever the ray meets first, if before the side. */
	for (int e = 0; e < 2; e++) {
		local_hit h = ray_sphere(e ? p1 : p0, r, o, d, max_t);
		if (h.hit && (!best.hit || h.t < best.t))
			best = h;
	}
	return best;
}

/* The roots t1 <= t2 of a t^2 + 2 b t + c = 0 (a > 0), false when there are none; disc is
 * b^2 - a c computed by the caller without cancellation. */
static bool quadratic_roots(double a, double b, double c, double disc, double *t1, double *t2)
{
	if (disc < 0.0)
		return false;
	double sq = sqrt(disc);
	double q = b < 0.0 ? -b + sq : -b - sq;
	if (q == 0.0) {
		*t1 = *t2 = 0.0;
		return true;
	}
	double r1 = q / a, r2 = c / q;
	*t1 = fmin(r1, r2);
	*t2 = fmax(r1, r2);
	return true;
}

static local_hit ray_cylinder(double r, double h, col_vec3 o, col_vec3 d, double max_t)
{
	double oxy = o.x * o.x + o.y * o.y;
	if (oxy <= r * r && fabs(o.z) <= h)
		return local_inside();
	double enter = 0.0, leave = max_t;
	int kind = -1; /* 0: a cap, 1: the side */
	double cap_side = 0.0;
	if (d.z == 0.0) {
		if (fabs(o.z) > h)
			return local_miss();
	} else {
		double t1 = (-h - o.z) / d.z, t2 = (h - o.z) / d.z;
		double s = d.z > 0.0 ? -1.0 : 1.0;
		if (t1 > t2) {
			double t = t1;
			t1 = t2;
			t2 = t;
		}
		if (t1 > enter) {
			enter = t1;
			kind = 0;
			cap_side = s;
		}
		leave = fmin(leave, t2);
	}
	double a = d.x * d.x + d.y * d.y, b = o.x * d.x + o.y * d.y, c = oxy - r * r;
	if (a == 0.0) {
		if (c > 0.0)
			return local_miss();
	} else {
		double px = o.x - d.x * (b / a), py = o.y - d.y * (b / a);
		double disc = a * (r * r - (px * px + py * py)); /* b^2 - a c, without the cancellation */
		double t1, t2;
		if (!quadratic_roots(a, b, c, disc, &t1, &t2))
			return local_miss();
		if (t1 > enter) {
			enter = t1;
			kind = 1;
		}
		leave = fmin(leave, t2);
	}
	if (!(enter <= leave) || kind < 0)
		return kind < 0 && enter <= leave ? local_inside() : local_miss();
	col_vec3 n = {0, 0, cap_side};
	if (kind == 1) {
		double x = o.x + enter * d.x, y = o.y + enter * d.y;
		n = col_vec3_normalize((col_vec3){x, y, 0.0});
	}
	return (local_hit){true, enter, n};
}

/* ---- the GJK ray cast ---- */

typedef struct cast_answer {
	bool hit;
	double t;
	col_vec3 normal; /* A's frame, unit; zero when it hit at the start */
	col_vec3 core_a; /* the cores' nearest points at the hit (A's frame, before the motion) */
	col_vec3 core_b;
	int iterations;
} cast_answer;

static double max_abs(col_vec3 v)
{
	return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
}

/* Johnson's answer restricted to the face of the tetrahedron rel (points relative to x) nearest the
 * origin, numbered as the four points are. */
static void nearest_face(const col_vec3 rel[4], col_johnson_result *out)
{
	col_johnson_result best;
	memset(&best, 0, sizeof best);
	double best_vv = INFINITY;
	unsigned best_mask = 0;
	for (int drop = 0; drop < 4; drop++) {
		col_vec3 face[3];
		int n = 0;
		for (int i = 0; i < 4; i++)
			if (i != drop)
				face[n++] = rel[i];
		col_johnson_result f;
		col_johnson(face, 3, &f);
		double fvv = col_vec3_dot(f.v, f.v);
		if (fvv < best_vv) {
			best_vv = fvv;
			best = f;
			best_mask = 15u & ~(1u << drop);
		}
	}
	memset(out, 0, sizeof *out);
	out->v = best.v;
	int k = 0;
	for (int i = 0; i < 4; i++)
		if (best_mask & (1u << i)) {
			if (best.kept & (1u << k)) {
				out->kept |= 1u << i;
				out->lambda[i] = best.lambda[k];
			}
			k++;
		}
}

/* The ray from the origin along r (A's frame) against K = A - B grown by radius, t in [0, max_t]. */
static cast_answer gjk_cast(minkowski_pair *p, col_vec3 r, double radius, double max_t)
{
	cast_answer ans;
	memset(&ans, 0, sizeof ans);
	col_vec3 ca = p->centre_a, cb = p->centre_b;
	double lambda = 0.0;
	col_vec3 x = {0, 0, 0}, n = {0, 0, 0};
	col_vec3 v = col_vec3_sub(cb, ca); /* x minus a point of K */
	minkowski_vertex y[4];
	double weights[4] = {1, 0, 0, 0};
	int count = 0;
	double scale = fmax(max_abs(ca), max_abs(cb)) + radius;
	col_vec3 near_a = ca, near_b = cb;
	bool converged = false;
	int restarts = 0;
	for (;;) {
		double vv = col_vec3_dot(v, v), length = sqrt(vv);
		if (length - radius <= CAST_TOLERANCE * scale || converged)
			break;
		if (ans.iterations >= CAST_MAX_ITERATIONS) {
			/* Out of iterations short of the surface: call it a miss only if clearly away. */
			if (length - radius > 1e-6 * scale)
				return ans;
			break;
		}
		minkowski_vertex w = minkowski_support(p, v);
		ans.iterations++;
		scale = fmax(scale, fmax(max_abs(w.a), max_abs(w.b)) + radius);
		double vw = col_vec3_dot(v, col_vec3_sub(x, w.w));
		bool advanced = false;
		if (vw > radius * length) {
			double vr = col_vec3_dot(v, r);
			if (!(vr < 0.0))
				return ans; /* moving away from a plane K lies behind: no hit */
			lambda -= (vw - radius * length) / vr;
			if (!(lambda <= max_t))
				return ans;
			x = col_vec3_scale(r, lambda);
			n = v;
			advanced = true;
		}
		bool from_simplex = count > 0; /* v came from the simplex (not the first guess) */
		bool repeat = false;
		for (int i = 0; i < count; i++)
			if (minkowski_vertex_same(&y[i], &w))
				repeat = true;
		if (repeat && !advanced)
			break; /* the simplex already holds K's support: v is as short as it gets */
		if (!repeat)
			y[count++] = w;
		col_vec3 rel[4];
		for (int i = 0; i < count; i++)
			rel[i] = col_vec3_sub(y[i].w, x);
		col_johnson_result j;
		col_johnson(rel, count, &j);
		if (j.kept == 15u && !col_origin_in_tetrahedron(rel, NULL)) {
			/* Round-off says the tetrahedron holds x, the exact orientations say not: x lies on
			 * (or a rounding beyond) one of its faces. The face nearest x stands. */
			nearest_face(rel, &j);
		}
		int kept = 0;
		for (int i = 0; i < count; i++)
			if (j.kept & (1u << i)) {
				y[kept] = y[i];
				weights[kept] = j.lambda[i];
				kept++;
			}
		count = kept;
		near_a = near_b = (col_vec3){0, 0, 0};
		for (int i = 0; i < count; i++) {
			near_a = col_vec3_add(near_a, col_vec3_scale(y[i].a, weights[i]));
			near_b = col_vec3_add(near_b, col_vec3_scale(y[i].b, weights[i]));
		}
		col_vec3 next = col_vec3_scale(j.v, -1.0);
		if (count == 4) {
			/* x is in the simplex, so in K: it can only be on K's surface (the advance never
			 * passes it), so the witnesses are those of the tetrahedron's face nearest x. */
			nearest_face(rel, &j);
			near_a = near_b = (col_vec3){0, 0, 0};
			for (int i = 0; i < 4; i++) {
				near_a = col_vec3_add(near_a, col_vec3_scale(y[i].a, j.lambda[i]));
				near_b = col_vec3_add(near_b, col_vec3_scale(y[i].b, j.lambda[i]));
			}
			v = (col_vec3){0, 0, 0};
			continue;
		}
		if (!advanced && from_simplex && col_vec3_dot(next, next) >= vv) {
			/* No progress: round-off in Johnson's weights (a curved shape's simplex grows thin).
			 * Short of the surface, start again from the newest point a few times; then round-off
			 * has the last word. */
			if (sqrt(vv) - radius > CAST_TOLERANCE * scale && restarts < CAST_RESTARTS) {
				restarts++;
				y[0] = w;
				weights[0] = 1.0;
				count = 1;
				near_a = w.a;
				near_b = w.b;
				next = col_vec3_sub(x, w.w);
			} else {
				converged = true;
			}
		}
		v = next;
	}
	ans.hit = true;
	ans.t = lambda;
	ans.normal = col_vec3_normalize(n);
	ans.core_a = near_a;
	ans.core_b = near_b;
	return ans;
}

/* The ray cast's arguments, in order; out zeroed first. */
static col_status check_ray(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t,
                            col_cast_hit *out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "raycast: out is NULL");
	*out = no_hit();
	col_status status = contact_check_shape(shape, "raycast", "shape", error);
	if (status != COL_OK)
		return status;
	if (!col_vec3_is_finite(origin))
		return col_fail(error, COL_ERROR_NOT_FINITE, "raycast: origin (%g, %g, %g) is not finite",
		                origin.x, origin.y, origin.z);
	if (!col_vec3_is_finite(direction))
		return col_fail(error, COL_ERROR_NOT_FINITE, "raycast: direction (%g, %g, %g) is not finite",
		                direction.x, direction.y, direction.z);
	if (!(max_t >= 0.0)) /* INFINITY is fine, NaN is not */
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "raycast: max_t %g must be >= 0", max_t);
	return COL_OK;
}

static col_cast_hit raycast_gjk(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t)
{
	col_cast_hit h = no_hit();
	col_shape start = col_shape_point(origin);
	minkowski_pair p = minkowski_pair_make(shape, &start, false);
	col_vec3 r = col_matrix3_apply_transpose(&p.pose.a_rotation, direction);
	cast_answer ans = gjk_cast(&p, r, shape->radius, max_t);
	h.iterations = ans.iterations;
	h.method = COL_CAST_GJK;
	if (!ans.hit)
		return h;
	h.hit = true;
	h.t = ans.t;
	h.point = col_vec3_add(origin, col_vec3_scale(direction, ans.t));
	h.normal = col_relative_direction_to_world(&p.pose, ans.normal);
	return h;
}

col_status col_raycast_gjk(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t,
                           col_cast_hit *out, col_error *error)
{
	col_status status = check_ray(shape, origin, direction, max_t, out, error);
	if (status == COL_OK)
		*out = raycast_gjk(shape, origin, direction, max_t);
	return status;
}

/* The closed form where the shape has one, else the GJK ray cast; arguments checked. */
static col_cast_hit raycast(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t)
{
	col_cast_hit h = no_hit();
	col_vec3 o = col_transform3_apply_inverse(shape->pose, origin);
	col_vec3 d = col_quat_apply(col_quat_conjugate(shape->pose.rotation), direction);
	double r = shape->radius;
	local_hit lh;
	col_cast_method method;
	switch (shape->kind) {
	case COL_SHAPE_POINT:
		lh = ray_sphere(shape->core.point, r, o, d, max_t);
		method = COL_CAST_SPHERE;
		break;
	case COL_SHAPE_BOX:
		if (r != 0.0)
			return raycast_gjk(shape, origin, direction, max_t);
		lh = ray_box(shape->core.half_extents, o, d, max_t);
		method = COL_CAST_BOX;
		break;
	case COL_SHAPE_SEGMENT:
		if (!(r > 0.0))
			return raycast_gjk(shape, origin, direction, max_t);
		lh = ray_capsule(shape->core.segment.a, shape->core.segment.b, r, o, d, max_t);
		method = COL_CAST_CAPSULE;
		break;
	case COL_SHAPE_CYLINDER:
		if (r != 0.0)
			return raycast_gjk(shape, origin, direction, max_t);
		lh = ray_cylinder(shape->core.cylinder.radius, shape->core.cylinder.half_height, o, d, max_t);
		method = COL_CAST_CYLINDER;
		break;
	default: return raycast_gjk(shape, origin, direction, max_t);
	}
	h.method = method;
	if (!lh.hit)
		return h;
	h.hit = true;
	h.t = lh.t;
	h.point = col_vec3_add(origin, col_vec3_scale(direction, lh.t));
	h.normal = col_quat_apply(shape->pose.rotation, lh.normal);
	return h;
}

col_status col_raycast(const col_shape *shape, col_vec3 origin, col_vec3 direction, double max_t,
                       col_cast_hit *out, col_error *error)
{
	col_status status = check_ray(shape, origin, direction, max_t, out, error);
	if (status == COL_OK)
		*out = raycast(shape, origin, direction, max_t);
	return status;
}

/* Where two shapes that overlap at the start meet: midway between GJK's points. */
static col_vec3 overlap_point(const col_shape *a, const col_shape *b)
{
	col_gjk_result g = col_gjk_distance(a, b, NULL, NULL, NULL);
	return col_vec3_scale(col_vec3_add(g.point_a, g.point_b), 0.5);
}

static col_cast_hit shapecast(const col_shape *a, col_vec3 translation_a, const col_shape *b,
                              col_vec3 translation_b)
{
	col_cast_hit h = no_hit();
	col_vec3 motion = col_vec3_sub(translation_b, translation_a); /* B's, seen from A */
	if (a->kind == COL_SHAPE_POINT || b->kind == COL_SHAPE_POINT) {
		/* A sphere: its centre's ray against the other shape grown by its radius. */
		bool ball_is_b = b->kind == COL_SHAPE_POINT;
		const col_shape *ball = ball_is_b ? b : a, *other = ball_is_b ? a : b;
		col_shape grown = col_shape_rounded(*other, ball->radius);
		col_vec3 centre = col_transform3_apply(ball->pose, ball->core.point);
		col_vec3 along = ball_is_b ? motion : col_vec3_scale(motion, -1.0);
		col_cast_hit r = raycast(&grown, centre, along, 1.0);
		if (!r.hit) {
			r.t = 0.0;
			return r;
		}
		h = r;
		if (h.t == 0.0 && col_vec3_length_squared(h.normal) == 0.0) {
			h.point = overlap_point(a, b);
			return h;
		}
		/* r.normal is out of the other shape: from A to B when the ball is B. */
		col_vec3 n = ball_is_b ? r.normal : col_vec3_scale(r.normal, -1.0);
		col_vec3 moved =
		    col_vec3_add(centre, col_vec3_scale(ball_is_b ? translation_b : translation_a, h.t));
		h.normal = n;
		h.point = col_vec3_add(moved, col_vec3_scale(n, ball_is_b ? -ball->radius : ball->radius));
		return h;
	}
	minkowski_pair p = minkowski_pair_make(a, b, false);
	col_vec3 r = col_matrix3_apply_transpose(&p.pose.a_rotation, motion);
	cast_answer ans = gjk_cast(&p, r, a->radius + b->radius, 1.0);
	h.iterations = ans.iterations;
	h.method = COL_CAST_GJK;
	if (!ans.hit)
		return h;
	h.hit = true;
	h.t = ans.t;
	if (col_vec3_length_squared(ans.normal) == 0.0) {
		h.point = overlap_point(a, b);
		return h;
	}
	h.normal = col_relative_direction_to_world(&p.pose, ans.normal);
	col_vec3 pa =
	    col_relative_to_world(&p.pose, col_vec3_add(ans.core_a, col_vec3_scale(ans.normal, a->radius)));
	col_vec3 pb =
	    col_relative_to_world(&p.pose, col_vec3_sub(ans.core_b, col_vec3_scale(ans.normal, b->radius)));
	pa = col_vec3_add(pa, col_vec3_scale(translation_a, ans.t));
	pb = col_vec3_add(pb, col_vec3_scale(translation_b, ans.t));
	h.point = col_vec3_scale(col_vec3_add(pa, pb), 0.5);
	return h;
}

col_status col_shapecast(const col_shape *a, col_vec3 translation_a, const col_shape *b,
                         col_vec3 translation_b, col_cast_hit *out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "shapecast: out is NULL");
	*out = no_hit();
	col_status status = contact_check_shape(a, "shapecast", "shape a", error);
	if (status == COL_OK)
		status = contact_check_shape(b, "shapecast", "shape b", error);
	if (status != COL_OK)
		return status;
	if (!col_vec3_is_finite(translation_a) || !col_vec3_is_finite(translation_b))
		return col_fail(error, COL_ERROR_NOT_FINITE, "shapecast: translation of %s is not finite",
		                col_vec3_is_finite(translation_a) ? "b" : "a");
	*out = shapecast(a, translation_a, b, translation_b);
	return COL_OK;
}
