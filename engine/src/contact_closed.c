/* Contact manifolds in closed form (contact.h), for the pairs that have one:
 *
 * - spheres (and circles): the line of centres;
 * - sphere and capsule: the nearest point of the capsule's segment to the centre;
 * - capsules: the nearest points of the two segments, or, when the segments are parallel to within
 *   0.01 radians, the two ends of the stretch where they run side by side;
 * - sphere and box: the nearest point of the box to the centre, or, for a centre inside, the face it
 *   is nearest;
 * - capsule and box: the separating-axis test on the box's 3 face normals and the 3 cross products
 *   of its edges with the segment, then the segment clipped to the box's face (2 points) or the
 *   nearest points of the segment and the box's edge (1 point);
 * - boxes: the separating-axis test on the 15 axes (3 face normals of each, 9 cross products of
 *   their edges), then, for a face axis, the incident face (the other box's face most opposed to
 *   the reference face) clipped by the reference face's four sides (Sutherland-Hodgman) and kept
 *   where it reaches the reference face's plane within the margin, reduced to 4 deepest-first; for
 *   an edge axis, the nearest points of the two edges;
 * - 2D: any two of circles, capsules, boxes, triangles and convex polygons: the separating-axis
 *   test on the edges' normals, the incident edge clipped by the reference edge's ends (2 points).
 *
 * The radii of rounded shapes (a rounded box included) are added at the end: the cores are found
 * first, with the margin grown by the radii. When the cores are apart, the separating-axis test
 * only bounds their distance from below, so the distance itself is found by enumerating feature
 * pairs (vertex against box, edge against edge), and the clipped manifold is kept when the best
 * axis is the direction of those nearest points; otherwise the nearest pair stands alone.
 *
 * Ties between axes go to the first face of A, then B's faces, then edges, unless the later one is
 * better by more than 1e-9 of the shapes' size: so a box resting flat gets its faces, not an edge
 * pair that happens to tie. A closed form that meets a configuration it cannot finish cleanly (a
 * degenerate box, a clip that lost the deepest point to rounding) returns false and the general
 * path answers instead. */
#include <float.h>
#include <string.h>

#include "contact_internal.h"
#include "shape_internal.h"

#define TIE          1e-9 /* relative: axes within this of each other are tied */
#define PARALLEL_SIN 0.01 /* capsules this near parallel give their side-by-side stretch */

static double vec_max_abs(col_vec3 v)
{
	return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
}

static double component(col_vec3 v, int k)
{
	return col_vec3_component(v, k);
}

static col_vec3 with_component(col_vec3 v, int k, double x)
{
	if (k == 0)
		v.x = x;
	else if (k == 1)
		v.y = x;
	else
		v.z = x;
	return v;
}

static col_vec3 axis_vector(int k, double sign)
{
	return (col_vec3){k == 0 ? sign : 0.0, k == 1 ? sign : 0.0, k == 2 ? sign : 0.0};
}

static col_vec3 clamp_to_box(col_vec3 p, col_vec3 h)
{
	return (col_vec3){fmin(fmax(p.x, -h.x), h.x), fmin(fmax(p.y, -h.y), h.y), fmin(fmax(p.z, -h.z), h.z)};
}

static void no_contact(col_manifold *m)
{
	memset(m, 0, sizeof *m);
}

/* A manifold of A and B made as one of B and A: the normal turned round, the points swapped. */
static void swap_sides(col_manifold *m)
{
	m->normal = col_vec3_scale(m->normal, -1.0);
	for (int i = 0; i < m->count; i++) {
		col_vec3 t = m->points[i].point_a;
		m->points[i].point_a = m->points[i].point_b;
		m->points[i].point_b = t;
		uint32_t id = m->points[i].id;
		m->points[i].id = (id & 0xFFFFu) | (id >> 24 & 0xFFu) << 16 | (id >> 16 & 0xFFu) << 24;
	}
}

/* A unit vector at right angles to d (any, when d is zero). */
static col_vec3 across(col_vec3 d)
{
	if (!(col_vec3_length_squared(d) > 0.0))
		return (col_vec3){0, 0, 1};
	col_vec3 t1, t2;
	contact_basis(col_vec3_normalize(d), &t1, &t2);
	return t1;
}

/* ---- spheres, capsules ---- */

static bool spheres(const col_shape *a, const col_shape *b, double margin, bool planar, col_manifold *m)
{
	col_vec3 ca = col_transform3_apply(a->pose, a->core.point),
	         cb = col_transform3_apply(b->pose, b->core.point);
	col_vec3 d = col_vec3_sub(cb, ca);
	double distance = col_vec3_length(d);
	if (!(distance - a->radius - b->radius <= margin)) {
		no_contact(m);
		return true;
	}
	/* Concentric: every direction ties; one in the plane for circles. */
	col_vec3 n = distance > 0.0 ? col_vec3_scale(d, 1.0 / distance)
	                            : (planar ? (col_vec3){0, 1, 0} : (col_vec3){0, 0, 1});
	contact_candidate c = {ca, cb, 0};
	contact_finish(m, n, &c, 1, a->radius, b->radius, margin, 1, COL_CONTACT_SPHERES);
	return true;
}

/* a is the sphere, b the capsule. */
static bool sphere_capsule(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	col_vec3 c = col_transform3_apply(a->pose, a->core.point);
	col_vec3 p0 = col_transform3_apply(b->pose, b->core.segment.a),
	         p1 = col_transform3_apply(b->pose, b->core.segment.b);
	double t = contact_segment_nearest(p0, p1, c);
	col_vec3 q = col_vec3_lerp(p0, p1, t);
	col_vec3 d = col_vec3_sub(q, c);
	double distance = col_vec3_length(d);
	if (!(distance - a->radius - b->radius <= margin)) {
		no_contact(m);
		return true;
	}
	/* A centre on the segment: every direction across it ties. */
	col_vec3 n = distance > 0.0 ? col_vec3_scale(d, 1.0 / distance) : across(col_vec3_sub(p1, p0));
	contact_candidate cand = {c, q, contact_id(0, t == 0.0 ? 0 : t == 1.0 ? 1 : 2, 0, 0)};
	contact_finish(m, n, &cand, 1, a->radius, b->radius, margin, 1, COL_CONTACT_SPHERE_CAPSULE);
	return true;
}

static bool capsules(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	col_vec3 p0 = col_transform3_apply(a->pose, a->core.segment.a),
	         p1 = col_transform3_apply(a->pose, a->core.segment.b);
	col_vec3 q0 = col_transform3_apply(b->pose, b->core.segment.a),
	         q1 = col_transform3_apply(b->pose, b->core.segment.b);
	double s, t;
	contact_segments_nearest(p0, p1, q0, q1, &s, &t);
	col_vec3 pa = col_vec3_lerp(p0, p1, s), pb = col_vec3_lerp(q0, q1, t);
	col_vec3 d = col_vec3_sub(pb, pa);
	double distance = col_vec3_length(d), radii = a->radius + b->radius;
	if (!(distance - radii <= margin)) {
		no_contact(m);
		return true;
	}
	col_vec3 dp = col_vec3_sub(p1, p0), dq = col_vec3_sub(q1, q0), cross = col_vec3_cross(dp, dq);
	double pp = col_vec3_dot(dp, dp), qq = col_vec3_dot(dq, dq), cc = col_vec3_dot(cross, cross);
	double scale = fmax(fmax(vec_max_abs(p0), vec_max_abs(p1)), fmax(vec_max_abs(q0), vec_max_abs(q1)));
	col_vec3 n;
	if (distance > 1e-9 * scale) {
		n = col_vec3_scale(d, 1.0 / distance);
	} else {
		/* The segments (nearly) meet: the gap's direction is noise. Crossing segments part along
		 * their common normal; parallel ones along any direction across them (a tie). */
		n = cc > 1e-18 * pp * qq ? col_vec3_normalize(cross) : across(dp);
		col_vec3 centres = col_vec3_sub(col_vec3_add(q0, q1), col_vec3_add(p0, p1));
		if (col_vec3_dot(n, centres) < 0.0)
			n = col_vec3_scale(n, -1.0);
	}
	contact_candidate c[3];
	int k = 0;
	if (pp > 0.0 && qq > 0.0 && cc <= PARALLEL_SIN * PARALLEL_SIN * pp * qq) {
		/* Side by side: the ends of the stretch where B's projection overlaps A. */
		double u0 = col_vec3_dot(col_vec3_sub(q0, p0), dp) / pp,
		       u1 = col_vec3_dot(col_vec3_sub(q1, p0), dp) / pp;
		double lo = fmax(0.0, fmin(u0, u1)), hi = fmin(1.0, fmax(u0, u1));
		if (hi > lo) {
			double ends[2] = {lo, hi};
			for (int e = 0; e < 2; e++) {
				col_vec3 x = col_vec3_lerp(p0, p1, ends[e]);
				double tq = contact_segment_nearest(q0, q1, x);
				unsigned which = ends[e] == 0.0   ? 0u
				                 : ends[e] == 1.0 ? 1u
				                 : ends[e] == u0  ? 2u
				                                  : 3u;
				c[k++] = (contact_candidate){x, col_vec3_lerp(q0, q1, tq),
				                             contact_id(0, 0, 1, which)};
			}
		}
	}
	double nearest = col_vec3_dot(col_vec3_sub(pa, pb), n), deepest = -INFINITY;
	for (int i = 0; i < k; i++)
		deepest = fmax(deepest, col_vec3_dot(col_vec3_sub(c[i].a, c[i].b), n));
	if (k == 0 || deepest < nearest - TIE * scale)
		c[k++] = (contact_candidate){pa, pb, contact_id(0, 0, 2, 0)};
	contact_finish(m, n, c, k, a->radius, b->radius, margin, 2, COL_CONTACT_CAPSULES);
	return true;
}

/* ---- boxes: features in a box's frame ---- */

/* Which region of the box a clamped point is in: one trit per axis (-, in, +). */
static unsigned box_region(col_vec3 q, col_vec3 h)
{
	unsigned code = 0;
	for (int k = 0; k < 3; k++) {
		double x = component(q, k), e = component(h, k);
		code = code * 3u + (x <= -e ? 0u : x >= e ? 2u : 1u);
	}
	return code;
}

/* a is the sphere, b the box (any half extents >= 0). */
static bool sphere_box(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	col_vec3 c = col_transform3_apply(a->pose, a->core.point);
	col_vec3 p = col_transform3_apply_inverse(b->pose, c), h = b->core.half_extents;
	col_vec3 q = clamp_to_box(p, h);
	double radii = a->radius + b->radius;
	col_vec3 n_box; /* out of the box, towards the sphere (box frame) */
	if (col_vec3_equal(p, q)) {
		/* The centre is in the box: it leaves by the nearest face. */
		int k = 0;
		double best = INFINITY;
		for (int i = 0; i < 3; i++) {
			double gap = component(h, i) - fabs(component(p, i));
			if (gap < best) {
				best = gap;
				k = i;
			}
		}
		double s = component(p, k) >= 0.0 ? 1.0 : -1.0;
		q = with_component(p, k, s * component(h, k));
		n_box = axis_vector(k, s);
	} else {
		col_vec3 d = col_vec3_sub(p, q);
		double distance = col_vec3_length(d);
		if (!(distance - radii <= margin)) {
			no_contact(m);
			return true;
		}
		n_box = col_vec3_scale(d, 1.0 / distance);
	}
	col_vec3 n = col_vec3_scale(col_quat_apply(b->pose.rotation, n_box), -1.0);
	contact_candidate cand = {c, col_transform3_apply(b->pose, q), contact_id(0, box_region(q, h), 0, 0)};
	contact_finish(m, n, &cand, 1, a->radius, b->radius, margin, 1, COL_CONTACT_SPHERE_BOX);
	return true;
}

static bool box_is_solid(const col_shape *s)
{
	col_vec3 h = s->core.half_extents;
	return h.x > 0.0 && h.y > 0.0 && h.z > 0.0;
}

/* Edge e (0..11) of a box: along axis e / 4, the other two coordinates' signs from bits of e % 4. */
static void box_edge(col_vec3 h, int e, col_vec3 *e0, col_vec3 *e1)
{
	int k = e / 4, k1 = (k + 1) % 3, k2 = (k + 2) % 3;
	col_vec3 p = {0, 0, 0};
	p = with_component(p, k1, (e & 1) ? component(h, k1) : -component(h, k1));
	p = with_component(p, k2, (e & 2) ? component(h, k2) : -component(h, k2));
	*e0 = with_component(p, k, -component(h, k));
	*e1 = with_component(p, k, component(h, k));
}

static col_vec3 box_corner(col_vec3 h, int code)
{
	return (col_vec3){code & 1 ? h.x : -h.x, code & 2 ? h.y : -h.y, code & 4 ? h.z : -h.z};
}

/* The nearest pair so far between a point set and a box. */
typedef struct nearest_pair {
	double d2;
	col_vec3 a, b; /* the first shape's point and the second's, in the frame the search ran in */
} nearest_pair;

static void consider(nearest_pair *best, col_vec3 a, col_vec3 b)
{
	double d2 = col_vec3_length_squared(col_vec3_sub(b, a));
	if (d2 < best->d2) {
		best->d2 = d2;
		best->a = a;
		best->b = b;
	}
}

/* ---- capsule and box ---- */

/* Separation of the segment p0 p1 from the box of half extents h along unit axis l, and which side
 * the segment is on (+1: along l). */
static double segment_box_separation(col_vec3 p0, col_vec3 p1, col_vec3 h, col_vec3 l, double *side)
{
	double r = h.x * fabs(l.x) + h.y * fabs(l.y) + h.z * fabs(l.z);
	double s0 = col_vec3_dot(l, p0), s1 = col_vec3_dot(l, p1);
	double lo = fmin(s0, s1), hi = fmax(s0, s1);
	double plus = lo - r, minus = -r - hi;
	*side = plus >= minus ? 1.0 : -1.0;
	return fmax(plus, minus);
}

/* a is the capsule (segment), b the box. */
static bool capsule_box(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	if (!box_is_solid(b))
		return false;
	col_vec3 h = b->core.half_extents;
	col_vec3 w0 = col_transform3_apply(a->pose, a->core.segment.a),
	         w1 = col_transform3_apply(a->pose, a->core.segment.b);
	col_vec3 p0 = col_transform3_apply_inverse(b->pose, w0),
	         p1 = col_transform3_apply_inverse(b->pose, w1);
	col_vec3 d = col_vec3_sub(p1, p0);
	double radii = a->radius + b->radius, reach = margin + radii;
	double scale = fmax(vec_max_abs(h), fmax(vec_max_abs(p0), vec_max_abs(p1)));
	double tie = TIE * scale;
	/* Faces first, then the edges' cross products (skipped when nearly parallel to an axis). */
	int best_axis = -1;
	double best = -INFINITY, best_side = 1.0;
	col_vec3 best_l = {0, 0, 0};
	for (int k = 0; k < 6; k++) {
		col_vec3 l = axis_vector(k % 3, 1.0);
		if (k >= 3) {
			l = col_vec3_cross(l, d);
			double length = col_vec3_length(l);
			if (!(length > 1e-6 * col_vec3_length(d)))
				continue;
			l = col_vec3_scale(l, 1.0 / length);
		}
		double side;
		double sep = segment_box_separation(p0, p1, h, l, &side);
		if (sep > reach) {
			no_contact(m);
			return true;
		}
		if (best_axis < 0 || sep > best + (k >= 3 && best_axis < 3 ? tie : 0.0)) {
			best = sep;
			best_axis = k;
			best_side = side;
			best_l = col_vec3_scale(l, side);
		}
	}
	col_vec3 n_box = best_l; /* out of the box towards the segment */
	bool face = best_axis < 3;
	contact_candidate c[3];
	int count = 0;
	double expected = -best; /* the cores' depth along the axis */
	if (best > 0.0) {
		/* Apart: the axis only bounds the distance; the nearest features give it. */
		nearest_pair np = {INFINITY, {0, 0, 0}, {0, 0, 0}};
		consider(&np, p0, clamp_to_box(p0, h));
		consider(&np, p1, clamp_to_box(p1, h));
		for (int e = 0; e < 12; e++) {
			col_vec3 e0, e1;
			box_edge(h, e, &e0, &e1);
			double s, t;
			contact_segments_nearest(p0, p1, e0, e1, &s, &t);
			consider(&np, col_vec3_lerp(p0, p1, s), col_vec3_lerp(e0, e1, t));
		}
		double distance = sqrt(np.d2);
		if (!(distance - radii <= margin)) {
			no_contact(m);
			return true;
		}
		if (!face || !(distance - best <= tie)) {
			/* The nearest points do not lie along a face's normal: they stand alone. */
			col_vec3 nb = col_vec3_scale(col_vec3_sub(np.a, np.b), 1.0 / distance);
			col_vec3 n = col_vec3_scale(col_quat_apply(b->pose.rotation, nb), -1.0);
			c[0] = (contact_candidate){col_transform3_apply(b->pose, np.a),
			                           col_transform3_apply(b->pose, np.b),
			                           contact_id(0, box_region(np.b, h), 3, 0)};
			contact_finish(m, n, c, 1, a->radius, b->radius, margin, 2, COL_CONTACT_CAPSULE_BOX);
			return true;
		}
		expected = -distance;
	}
	if (face) {
		/* The segment clipped to the face's four sides (its slab), each end dropped onto the face. */
		int k = best_axis;
		double lo = 0.0, hi = 1.0;
		int lo_by = -1, hi_by = -1;
		for (int j = 0; j < 3; j++) {
			if (j == k)
				continue;
			double x0 = component(p0, j), dx = component(d, j), e = component(h, j);
			if (dx == 0.0) {
				if (x0 < -e || x0 > e)
					return false;
				continue;
			}
			double ta = (-e - x0) / dx, tb = (e - x0) / dx;
			int ja = 2 * j, jb = 2 * j + 1;
			if (ta > tb) {
				double t = ta;
				ta = tb;
				tb = t;
				int s = ja;
				ja = jb;
				jb = s;
			}
			if (ta > lo) {
				lo = ta;
				lo_by = ja;
			}
			if (tb < hi) {
				hi = tb;
				hi_by = jb;
			}
		}
		if (lo > hi)
			return false;
		double face_at = best_side * component(h, k);
		double ends[2] = {lo, hi};
		int by[2] = {lo_by, hi_by};
		for (int e = 0; e < (hi > lo ? 2 : 1); e++) {
			col_vec3 x = col_vec3_lerp(p0, p1, ends[e]);
			col_vec3 y = with_component(x, k, face_at);
			unsigned tag = by[e] < 0 ? (unsigned)e : CLIP_EDGE + (unsigned)by[e];
			c[count++] = (contact_candidate){
			    x, y, contact_id(0, (unsigned)(2 * k + (best_side > 0)), 1, tag)};
		}
	} else {
		/* Edge axis: the box's edge along axis k that reaches farthest along n_box, against the
		 * segment. */
		int k = best_axis - 3;
		col_vec3 e0 = {0, 0, 0};
		for (int j = 0; j < 3; j++)
			if (j != k)
				e0 = with_component(
				    e0, j, component(n_box, j) >= 0.0 ? component(h, j) : -component(h, j));
		col_vec3 e1 = with_component(e0, k, component(h, k));
		e0 = with_component(e0, k, -component(h, k));
		double s, t;
		contact_segments_nearest(p0, p1, e0, e1, &s, &t);
		c[count++] = (contact_candidate){col_vec3_lerp(p0, p1, s), col_vec3_lerp(e0, e1, t),
		                                 contact_id(0, 0x40u | (unsigned)k, 2, 0)};
	}
	/* In the box frame the depth of a pair is (box point - segment point) . n_box. */
	double deepest = -INFINITY;
	for (int i = 0; i < count; i++)
		deepest = fmax(deepest, col_vec3_dot(col_vec3_sub(c[i].b, c[i].a), n_box));
	if (!(deepest >= expected - tie))
		return false; /* rounding lost the deepest point: let GJK/EPA answer */
	for (int i = 0; i < count; i++) {
		c[i].a = col_transform3_apply(b->pose, c[i].a);
		c[i].b = col_transform3_apply(b->pose, c[i].b);
	}
	col_vec3 n = col_vec3_scale(col_quat_apply(b->pose.rotation, n_box), -1.0);
	contact_finish(m, n, c, count, a->radius, b->radius, margin, 2, COL_CONTACT_CAPSULE_BOX);
	return true;
}

/* ---- box and box ---- */

/* The other box seen from the reference box's frame. */
typedef struct box_view {
	col_vec3 h;       /* its half extents */
	col_vec3 axis[3]; /* its axes in the reference frame (the columns of its rotation) */
	col_vec3 center;  /* its centre in the reference frame */
} box_view;

static box_view view_of(const col_shape *reference, const col_shape *other)
{
	col_relative_pose rp = col_relative_pose_make(reference->pose, other->pose);
	box_view v;
	v.h = other->core.half_extents;
	for (int j = 0; j < 3; j++)
		v.axis[j] = (col_vec3){rp.rotation.m[j], rp.rotation.m[3 + j], rp.rotation.m[6 + j]};
	v.center = rp.translation;
	return v;
}

static col_vec3 view_point(const box_view *v, col_vec3 local)
{
	return col_vec3_add(v->center, col_vec3_add(col_vec3_add(col_vec3_scale(v->axis[0], local.x),
	                                                         col_vec3_scale(v->axis[1], local.y)),
	                                            col_vec3_scale(v->axis[2], local.z)));
}

/* The incident face of `inc` (seen from the reference box's frame) against the reference face
 * (axis k, side s: outward normal s e_k), clipped by that face's sides. Fills candidates in the
 * reference frame as (reference point, incident point); returns their count. */
static int box_face_clip(col_vec3 h_ref, int k, double s, const box_view *inc, contact_candidate *out,
                         unsigned ref_face, bool ref_is_a)
{
	/* The incident face: the other box's face whose outward normal most opposes s e_k. */
	int j = 0;
	for (int i = 1; i < 3; i++)
		if (fabs(component(inc->axis[i], k)) > fabs(component(inc->axis[j], k)))
			j = i;
	double sigma = s * component(inc->axis[j], k) > 0.0 ? -1.0 : 1.0;
	int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
	unsigned inc_face = (unsigned)(2 * j + (sigma > 0));
	static const double signs[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
	int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
	clip_vertex subject[4];
	for (int i = 0; i < 4; i++) {
		col_vec3 local = {0, 0, 0};
		local = with_component(local, j, sigma * component(inc->h, j));
		local = with_component(local, j1, signs[i][0] * component(inc->h, j1));
		local = with_component(local, j2, signs[i][1] * component(inc->h, j2));
		col_vec3 p = view_point(inc, local);
		subject[i].x = component(p, k1);
		subject[i].y = component(p, k2);
		subject[i].point = p;
		subject[i].in = (uint8_t)((i + 3) % 4);
		subject[i].out = (uint8_t)i;
	}
	double e1 = component(h_ref, k1), e2 = component(h_ref, k2);
	const col_vec2 clipper[4] = {{-e1, -e2}, {e1, -e2}, {e1, e2}, {-e1, e2}};
	clip_vertex result[8], scratch[8];
	int count = contact_clip_polygon(subject, 4, clipper, 4, result, scratch);
	double face_at = s * component(h_ref, k);
	for (int i = 0; i < count; i++) {
		out[i].a = with_component(result[i].point, k, face_at);
		out[i].b = result[i].point;
		out[i].id = ref_is_a ? contact_id(0x80u | ref_face, inc_face, result[i].in, result[i].out)
		                     : contact_id(inc_face, 0x80u | ref_face, result[i].in, result[i].out);
	}
	return count;
}

static bool boxes(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	if (!box_is_solid(a) || !box_is_solid(b))
		return false;
	col_vec3 ha = a->core.half_extents;
	box_view vb = view_of(a, b); /* B in A's frame */
	col_vec3 t = vb.center;
	double radii = a->radius + b->radius, reach = margin + radii;
	double scale = vec_max_abs(t) + vec_max_abs(ha) + vec_max_abs(vb.h);
	double tie = TIE * scale;
	double abs_r[3][3]; /* |R_ij| = |e_i . b_j| */
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			abs_r[i][j] = fabs(component(vb.axis[j], i));
	double hb[3] = {vb.h.x, vb.h.y, vb.h.z}, hav[3] = {ha.x, ha.y, ha.z};
	/* 0-2: A's faces, 3-5: B's faces, 6-14: edge pairs (i, j) = ((k - 6) / 3, (k - 6) % 3). */
	int best_axis = -1;
	double best = -INFINITY;
	col_vec3 best_l = {0, 0, 0}; /* unit, from A towards B, A's frame */
	for (int k = 0; k < 15; k++) {
		col_vec3 l;
		double sep;
		if (k < 3) {
			double ti = component(t, k);
			sep = fabs(ti) -
			      (hav[k] + hb[0] * abs_r[k][0] + hb[1] * abs_r[k][1] + hb[2] * abs_r[k][2]);
			l = axis_vector(k, ti >= 0.0 ? 1.0 : -1.0);
		} else if (k < 6) {
			int j = k - 3;
			double tj = col_vec3_dot(t, vb.axis[j]);
			sep = fabs(tj) -
			      (hav[0] * abs_r[0][j] + hav[1] * abs_r[1][j] + hav[2] * abs_r[2][j] + hb[j]);
			l = col_vec3_scale(vb.axis[j], tj >= 0.0 ? 1.0 : -1.0);
		} else {
			int i = (k - 6) / 3, j = (k - 6) % 3;
			l = col_vec3_cross(axis_vector(i, 1.0), vb.axis[j]);
			double length = col_vec3_length(l);
			if (!(length > 1e-6))
				continue; /* parallel edges: their axis is one of the faces' */
			l = col_vec3_scale(l, 1.0 / length);
			double tl = col_vec3_dot(t, l);
			if (tl < 0.0) {
				l = col_vec3_scale(l, -1.0);
				tl = -tl;
			}
			double rb_sum = 0.0;
			for (int q = 0; q < 3; q++)
				rb_sum += hb[q] * fabs(col_vec3_dot(l, vb.axis[q]));
			sep = tl - (ha.x * fabs(l.x) + ha.y * fabs(l.y) + ha.z * fabs(l.z)) - rb_sum;
		}
		if (sep > reach) {
			no_contact(m);
			return true;
		}
		/* Later kinds must beat earlier ones by more than a tie. */
		double bar = best;
		if (best_axis >= 0 && ((k >= 3 && best_axis < 3) || (k >= 6 && best_axis < 6)))
			bar += tie;
		if (best_axis < 0 || sep > bar) {
			best = sep;
			best_axis = k;
			best_l = l;
		}
	}
	contact_candidate c[8];
	int count = 0;
	double expected = -best;
	col_vec3 n_a = best_l; /* the normal, A's frame */
	bool apart_alone = false;
	nearest_pair np = {INFINITY, {0, 0, 0}, {0, 0, 0}};
	if (best > 0.0) {
		/* Apart: the nearest features (corners against the other box, edges against edges). */
		col_relative_pose back = col_relative_pose_make(b->pose, a->pose); /* A in B's frame */
		for (int v = 0; v < 8; v++) {
			col_vec3 corner_b = view_point(&vb, box_corner(vb.h, v));
			consider(&np, clamp_to_box(corner_b, ha), corner_b);
			col_vec3 corner_a_in_b = col_vec3_add(
			    col_matrix3_apply(&back.rotation, box_corner(ha, v)), back.translation);
			col_vec3 on_b = clamp_to_box(corner_a_in_b, vb.h);
			/* back to A's frame: on_b is a point of B's frame */
			consider(&np, box_corner(ha, v), view_point(&vb, on_b));
		}
		for (int ea = 0; ea < 12; ea++) {
			col_vec3 a0, a1;
			box_edge(ha, ea, &a0, &a1);
			for (int eb = 0; eb < 12; eb++) {
				col_vec3 b0, b1;
				box_edge(vb.h, eb, &b0, &b1);
				b0 = view_point(&vb, b0);
				b1 = view_point(&vb, b1);
				double s, u;
				contact_segments_nearest(a0, a1, b0, b1, &s, &u);
				consider(&np, col_vec3_lerp(a0, a1, s), col_vec3_lerp(b0, b1, u));
			}
		}
		double distance = sqrt(np.d2);
		if (!(distance - radii <= margin)) {
			no_contact(m);
			return true;
		}
		if (best_axis >= 6 || !(distance - best <= tie)) {
			apart_alone = true;
			n_a = col_vec3_scale(col_vec3_sub(np.b, np.a), 1.0 / distance);
		}
		expected = -distance;
	}
	if (apart_alone) {
		c[count++] = (contact_candidate){np.a, np.b, contact_id(0x40, 0x40, 3, 0)};
	} else if (best_axis < 3) {
		int k = best_axis;
		double s = component(n_a, k) > 0.0 ? 1.0 : -1.0;
		count = box_face_clip(ha, k, s, &vb, c, (unsigned)(2 * k + (s > 0)), true);
	} else if (best_axis < 6) {
		/* B's face is the reference: clip in B's frame, with A as the incident box. */
		int j = best_axis - 3;
		box_view va = view_of(b, a);
		double s =
		    col_vec3_dot(n_a, vb.axis[j]) > 0.0 ? -1.0 : 1.0; /* B's outward normal opposes n */
		count = box_face_clip(vb.h, j, s, &va, c, (unsigned)(2 * j + (s > 0)), false);
		/* Back to A's frame, as (A point, B point). */
		for (int i = 0; i < count; i++) {
			col_vec3 ref = view_point(&vb, c[i].a), inc = view_point(&vb, c[i].b);
			c[i].a = inc;
			c[i].b = ref;
		}
	} else {
		/* Edge against edge: A's edge along e_i farthest along n, B's along b_j farthest against n.
		 */
		int i = (best_axis - 6) / 3, j = (best_axis - 6) % 3;
		col_vec3 a0 = {0, 0, 0}, b0 = {0, 0, 0};
		unsigned code_a = 0, code_b = 0;
		for (int q = 0; q < 3; q++) {
			if (q != i) {
				bool plus = component(n_a, q) >= 0.0;
				a0 = with_component(a0, q, plus ? hav[q] : -hav[q]);
				code_a = code_a * 2 + plus;
			}
			if (q != j) {
				bool plus = col_vec3_dot(n_a, vb.axis[q]) <= 0.0;
				b0 = with_component(b0, q, plus ? hb[q] : -hb[q]);
				code_b = code_b * 2 + plus;
			}
		}
		col_vec3 a1 = with_component(a0, i, hav[i]);
		a0 = with_component(a0, i, -hav[i]);
		col_vec3 b1 = view_point(&vb, with_component(b0, j, hb[j]));
		b0 = view_point(&vb, with_component(b0, j, -hb[j]));
		double s, u;
		contact_segments_nearest(a0, a1, b0, b1, &s, &u);
		c[count++] = (contact_candidate){
		    col_vec3_lerp(a0, a1, s), col_vec3_lerp(b0, b1, u),
		    contact_id(0x40u | (unsigned)(4 * i) | code_a, 0x40u | (unsigned)(4 * j) | code_b, 2, 0)};
	}
	double deepest = -INFINITY;
	for (int i = 0; i < count; i++)
		deepest = fmax(deepest, col_vec3_dot(col_vec3_sub(c[i].a, c[i].b), n_a));
	if (!(deepest >= expected - tie))
		return false; /* rounding lost the deepest point: let GJK/EPA answer */
	for (int i = 0; i < count; i++) {
		c[i].a = col_transform3_apply(a->pose, c[i].a);
		c[i].b = col_transform3_apply(a->pose, c[i].b);
	}
	col_vec3 n = col_quat_apply(a->pose.rotation, n_a);
	contact_finish(m, n, c, count, a->radius, b->radius, margin, 4, COL_CONTACT_BOXES);
	return true;
}

/* ---- 2D ---- */

enum { POLYGON_2D_MAX = 64 };

/* The core's corners in world coordinates, counter-clockwise: 1 for a point, 2 for a segment, 3 or
 * more for a polygon. 0 when the closed form does not take it. */
static int corners_2d(const col_shape *s, col_vec2 *out)
{
	col_vec3 v[POLYGON_2D_MAX];
	int n = 0;
	switch (s->kind) {
	case COL_SHAPE_POINT: v[n++] = s->core.point; break;
	case COL_SHAPE_SEGMENT:
		v[n++] = s->core.segment.a;
		if (!col_vec3_equal(s->core.segment.a, s->core.segment.b))
			v[n++] = s->core.segment.b;
		break;
	case COL_SHAPE_BOX: {
		col_vec3 h = s->core.half_extents;
		if (!(h.x > 0.0 && h.y > 0.0))
			return 0;
		v[n++] = (col_vec3){-h.x, -h.y, 0};
		v[n++] = (col_vec3){h.x, -h.y, 0};
		v[n++] = (col_vec3){h.x, h.y, 0};
		v[n++] = (col_vec3){-h.x, h.y, 0};
		break;
	}
	case COL_SHAPE_TRIANGLE: {
		col_vec3 a = s->core.triangle.a, b = s->core.triangle.b, c = s->core.triangle.c;
		double turn = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
		if (turn == 0.0)
			return 0;
		v[n++] = a;
		v[n++] = turn > 0.0 ? b : c;
		v[n++] = turn > 0.0 ? c : b;
		break;
	}
	case COL_SHAPE_POLYGON:
		if (s->core.polygon.count < 3 || s->core.polygon.count > POLYGON_2D_MAX)
			return 0;
		for (int i = 0; i < s->core.polygon.count; i++)
			v[n++] = (col_vec3){s->core.polygon.points[i].x, s->core.polygon.points[i].y, 0.0};
		break;
	default: return 0;
	}
	for (int i = 0; i < n; i++) {
		col_vec3 w = col_transform3_apply(s->pose, v[i]);
		out[i] = (col_vec2){w.x, w.y};
	}
	return n;
}

/* Edge e of a polygon of n corners: from corner e to the next; a segment (n = 2) has two, one each
 * way. Its outward normal is the direction turned clockwise. */
static void edge_2d(const col_vec2 *v, int n, int e, col_vec2 *p, col_vec2 *q)
{
	*p = v[e];
	*q = v[(e + 1) % n];
}

static col_vec2 edge_normal_2d(col_vec2 p, col_vec2 q)
{
	col_vec2 d = col_vec2_sub(q, p);
	double length = col_vec2_length(d);
	return (col_vec2){d.y / length, -d.x / length};
}

/* The edge of P whose line most separates Q from P: the largest over P's edges of the least
 * signed distance of Q's corners beyond it. -INFINITY when P has no edge. */
static double max_separation_2d(const col_vec2 *p, int np, const col_vec2 *q, int nq, int *edge)
{
	double best = -INFINITY;
	*edge = -1;
	int edges = np >= 2 ? np : 0;
	for (int e = 0; e < edges; e++) {
		col_vec2 v0, v1;
		edge_2d(p, np, e, &v0, &v1);
		col_vec2 n = edge_normal_2d(v0, v1);
		double least = INFINITY;
		for (int i = 0; i < nq; i++)
			least = fmin(least, col_vec2_dot(n, col_vec2_sub(q[i], v0)));
		if (least > best) {
			best = least;
			*edge = e;
		}
	}
	return best;
}

static col_vec3 lift2(col_vec2 p)
{
	return (col_vec3){p.x, p.y, 0.0};
}

static bool polygons_2d(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	col_vec2 pa[POLYGON_2D_MAX], pb[POLYGON_2D_MAX];
	int na = corners_2d(a, pa), nb = corners_2d(b, pb);
	if (na == 0 || nb == 0)
		return false;
	double radii = a->radius + b->radius, reach = margin + radii;
	double scale = 0.0;
	for (int i = 0; i < na; i++)
		scale = fmax(scale, fmax(fabs(pa[i].x), fabs(pa[i].y)));
	for (int i = 0; i < nb; i++)
		scale = fmax(scale, fmax(fabs(pb[i].x), fabs(pb[i].y)));
	double tie = TIE * scale;
	int edge_a, edge_b;
	double sep_a = max_separation_2d(pa, na, pb, nb, &edge_a);
	double sep_b = max_separation_2d(pb, nb, pa, na, &edge_b);
	bool ref_is_a = edge_a >= 0 && !(edge_b >= 0 && sep_b > sep_a + tie);
	double best = ref_is_a ? sep_a : sep_b;
	if (edge_a < 0 && edge_b < 0)
		return false; /* two points: the spheres' closed form */
	if (best > reach) {
		no_contact(m);
		return true;
	}
	double expected = -best;
	if (best > 0.0) {
		/* Apart: the nearest corner-edge pair gives the distance. */
		nearest_pair np = {INFINITY, {0, 0, 0}, {0, 0, 0}};
		for (int side = 0; side < 2; side++) {
			const col_vec2 *p = side ? pb : pa, *q = side ? pa : pb;
			int np_count = side ? nb : na, nq = side ? na : nb;
			for (int i = 0; i < np_count; i++) {
				int edges = nq >= 2 ? nq : 0;
				if (nq == 1)
					consider(&np, side ? lift2(q[0]) : lift2(p[i]),
					         side ? lift2(p[i]) : lift2(q[0]));
				for (int e = 0; e < edges; e++) {
					col_vec2 q0, q1;
					edge_2d(q, nq, e, &q0, &q1);
					double t = contact_segment_nearest(lift2(q0), lift2(q1), lift2(p[i]));
					col_vec3 on = col_vec3_lerp(lift2(q0), lift2(q1), t);
					consider(&np, side ? on : lift2(p[i]), side ? lift2(p[i]) : on);
				}
			}
		}
		double distance = sqrt(np.d2);
		if (!(distance - radii <= margin)) {
			no_contact(m);
			return true;
		}
		if (!(distance - best <= tie)) {
			col_vec3 n = col_vec3_scale(col_vec3_sub(np.b, np.a), 1.0 / distance);
			contact_candidate c = {np.a, np.b, contact_id(0x40, 0x40, 3, 0)};
			contact_finish(m, n, &c, 1, a->radius, b->radius, margin, 2, COL_CONTACT_POLYGONS_2D);
			return true;
		}
		expected = -distance;
	}
	/* The reference edge and the incident edge (or corner) of the other, clipped by its ends. */
	const col_vec2 *ref = ref_is_a ? pa : pb, *inc = ref_is_a ? pb : pa;
	int nr = ref_is_a ? na : nb, ni = ref_is_a ? nb : na, re = ref_is_a ? edge_a : edge_b;
	col_vec2 v1, v2;
	edge_2d(ref, nr, re, &v1, &v2);
	col_vec2 nrm = edge_normal_2d(v1, v2), tangent = col_vec2_sub(v2, v1);
	col_vec2 w[2] = {inc[0], inc[0]};
	int nw = 1, ie = 0;
	if (ni == 1) {
	} else {
		double least = INFINITY;
		for (int e = 0; e < ni; e++) {
			col_vec2 q0, q1;
			edge_2d(inc, ni, e, &q0, &q1);
			double dot = col_vec2_dot(edge_normal_2d(q0, q1), nrm);
			if (dot < least) {
				least = dot;
				ie = e;
			}
		}
		edge_2d(inc, ni, ie, &w[0], &w[1]);
		nw = 2;
	}
	/* Keep the part with tangent . (x - v1) in [0, |tangent|^2]. */
	double lo = 0.0, hi = 1.0;
	int lo_by = -1, hi_by = -1;
	double tt = col_vec2_dot(tangent, tangent);
	double f0 = col_vec2_dot(tangent, col_vec2_sub(w[0], v1));
	double f1 = nw == 2 ? col_vec2_dot(tangent, col_vec2_sub(w[1], v1)) : f0;
	const double bounds[2] = {0.0, tt};
	for (int side = 0; side < 2; side++) {
		/* side 0: f >= 0; side 1: f <= tt */
		double g0 = side ? bounds[1] - f0 : f0 - bounds[0],
		       g1 = side ? bounds[1] - f1 : f1 - bounds[0];
		if (g0 < 0.0 && g1 < 0.0)
			return false;
		if (g0 >= 0.0 && g1 >= 0.0)
			continue;
		double s = g0 / (g0 - g1);
		if (g0 < 0.0) {
			if (s > lo) {
				lo = s;
				lo_by = side;
			}
		} else if (s < hi) {
			hi = s;
			hi_by = side;
		}
	}
	if (lo > hi)
		return false;
	contact_candidate c[2];
	int count = 0;
	double ends[2] = {lo, hi};
	int by[2] = {lo_by, hi_by};
	unsigned ref_code = (unsigned)re, inc_code = (unsigned)ie;
	for (int e = 0; e < (nw == 2 && hi > lo ? 2 : 1); e++) {
		col_vec2 x =
		    nw == 2 ? col_vec2_add(w[0], col_vec2_scale(col_vec2_sub(w[1], w[0]), ends[e])) : w[0];
		double depth = col_vec2_dot(nrm, col_vec2_sub(v1, x));
		col_vec2 on_ref = col_vec2_add(x, col_vec2_scale(nrm, depth));
		unsigned tag = by[e] < 0 ? (unsigned)e : CLIP_EDGE + (unsigned)by[e];
		col_vec3 r3 = lift2(on_ref), i3 = lift2(x);
		c[count++] =
		    ref_is_a ? (contact_candidate){r3, i3, contact_id(0x80u | ref_code, inc_code, 1, tag)}
		             : (contact_candidate){i3, r3, contact_id(inc_code, 0x80u | ref_code, 1, tag)};
	}
	col_vec3 n = lift2(ref_is_a ? nrm : col_vec2_scale(nrm, -1.0));
	double deepest = -INFINITY;
	for (int i = 0; i < count; i++)
		deepest = fmax(deepest, col_vec3_dot(col_vec3_sub(c[i].a, c[i].b), n));
	if (!(deepest >= expected - tie))
		return false;
	contact_finish(m, n, c, count, a->radius, b->radius, margin, 2, COL_CONTACT_POLYGONS_2D);
	return true;
}

/* ---- dispatch ---- */

static int rank_3d(col_shape_kind kind)
{
	switch (kind) {
	case COL_SHAPE_POINT: return 0;
	case COL_SHAPE_SEGMENT: return 1;
	case COL_SHAPE_BOX: return 2;
	default: return -1;
	}
}

bool contact_closed_form(const col_shape *a, const col_shape *b, double margin, col_manifold *m)
{
	if (a->dimension == 2 && b->dimension == 2) {
		if (a->kind == COL_SHAPE_POINT && b->kind == COL_SHAPE_POINT)
			return spheres(a, b, margin, true, m);
		return polygons_2d(a, b, margin, m);
	}
	int ra = rank_3d(a->kind), rb = rank_3d(b->kind);
	if (ra < 0 || rb < 0)
		return false;
	bool swapped = ra > rb;
	const col_shape *p = swapped ? b : a, *q = swapped ? a : b;
	int pair = 3 * (swapped ? rb : ra) + (swapped ? ra : rb);
	bool ok;
	switch (pair) {
	case 0: ok = spheres(p, q, margin, false, m); break;
	case 1: ok = sphere_capsule(p, q, margin, m); break;
	case 2: ok = sphere_box(p, q, margin, m); break;
	case 4: ok = capsules(p, q, margin, m); break;
	case 5: ok = capsule_box(p, q, margin, m); break;
	case 8: ok = boxes(p, q, margin, m); break;
	default: ok = false; break;
	}
	if (ok && swapped)
		swap_sides(m);
	return ok;
}
