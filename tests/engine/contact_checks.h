/* What the contact and cast tests share (test_contact.c: the closed forms; test_contact_general.c:
 * the general path on every kind pair; test_cast.c): checked calls, poses, the shapes' size, point
 * distances by formula, the true penetration depth of polytopal cores found without EPA, and
 * check_manifold, everything a manifold must satisfy against the brute-force oracle
 * (shape_oracle.h). Header-only, as support.h. */
#ifndef COLLIDE_TESTS_ENGINE_CONTACT_CHECKS_H
#define COLLIDE_TESTS_ENGINE_CONTACT_CHECKS_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/contact.h"
#include "collide/convex.h"
#include "collide/gjk.h"
#include "collide/shape_oracle.h"

#include "support.h"

/* ---- helpers ---- */

/* The manifold of a and b, asserting the call succeeds. */
static inline col_manifold contact(const col_shape *a, const col_shape *b, double margin)
{
	col_manifold m;
	col_error error;
	if (col_contact(a, b, margin, &m, &error) != COL_OK)
		fail_msg("col_contact failed: %s", error.message);
	return m;
}

static inline col_manifold contact_general(const col_shape *a, const col_shape *b, double margin)
{
	col_manifold m;
	col_error error;
	if (col_contact_general(a, b, margin, &m, &error) != COL_OK)
		fail_msg("col_contact_general failed: %s", error.message);
	return m;
}

static inline col_transform3 rng_pose(rng *r, double spread)
{
	return (col_transform3){rng_unit_quat(r), rng_vec3(r, -spread, spread)};
}

static inline double bounds_scale(const col_shape *s)
{
	col_aabb3 b = col_shape_bounds(s);
	return fmax(fmax(fmax(fabs(b.min.x), fabs(b.max.x)), fmax(fabs(b.min.y), fabs(b.max.y))),
	            fmax(fabs(b.min.z), fabs(b.max.z)));
}

/* The shapes' size: what the relative tolerances are relative to. */
static inline double pair_scale(const col_shape *a, const col_shape *b)
{
	return fmax(1.0, fmax(bounds_scale(a), bounds_scale(b)));
}

/* How far B must move along n to leave A only touching (negative: the gap along n). */
static inline double overlap_along(const col_shape *a, const col_shape *b, col_vec3 n)
{
	col_vec3 sa = col_shape_support(a, n), sb = col_shape_support(b, col_vec3_scale(n, -1));
	return col_vec3_dot(sa, n) - col_vec3_dot(sb, n);
}

static inline double segment_distance(col_vec3 p0, col_vec3 p1, col_vec3 x)
{
	col_vec3 d = col_vec3_sub(p1, p0);
	double dd = col_vec3_dot(d, d), t = dd > 0 ? col_vec3_dot(col_vec3_sub(x, p0), d) / dd : 0;
	t = fmin(fmax(t, 0), 1);
	return col_vec3_distance(x, col_vec3_lerp(p0, p1, t));
}

/* The distance from x to the shape by formula in its frame, or -1 where there is none here. */
static inline double formula_distance(const col_shape *s, col_vec3 x)
{
	col_vec3 local = col_transform3_apply_inverse(s->pose, x);
	double core;
	switch (s->kind) {
	case COL_SHAPE_POINT: core = col_vec3_distance(local, s->core.point); break;
	case COL_SHAPE_SEGMENT: core = segment_distance(s->core.segment.a, s->core.segment.b, local); break;
	case COL_SHAPE_BOX: {
		col_vec3 h = s->core.half_extents;
		col_vec3 q = {fmin(fmax(local.x, -h.x), h.x), fmin(fmax(local.y, -h.y), h.y),
		              fmin(fmax(local.z, -h.z), h.z)};
		core = col_vec3_distance(local, q);
		break;
	}
	default: return -1;
	}
	return fmax(0.0, core - s->radius);
}

/* ---- the true penetration depth, without EPA ---- */

enum { MAX_VERTICES = 64, MAX_AXES = 4096 };

/* A polytopal core in world coordinates: its vertices, face normals and edge directions. false for
 * the curved kinds. */
typedef struct polytope_view {
	int vertex_count, normal_count, edge_count;
	col_vec3 vertex[MAX_VERTICES], normal[MAX_VERTICES], edge[MAX_VERTICES];
} polytope_view;

static inline bool view_core(const col_shape *s, polytope_view *v)
{
	memset(v, 0, sizeof *v);
	col_vec3 local[MAX_VERTICES];
	int n = 0;
	switch (s->kind) {
	case COL_SHAPE_POINT: local[n++] = s->core.point; break;
	case COL_SHAPE_SEGMENT:
		local[n++] = s->core.segment.a;
		local[n++] = s->core.segment.b;
		v->edge[v->edge_count++] = col_quat_apply(s->pose.rotation, col_vec3_sub(local[1], local[0]));
		break;
	case COL_SHAPE_BOX:
		for (int i = 0; i < 8; i++) {
			col_vec3 h = s->core.half_extents;
			local[n++] = (col_vec3){i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z};
		}
		for (int k = 0; k < 3; k++) {
			col_vec3 axis = {k == 0, k == 1, k == 2};
			v->normal[v->normal_count++] = col_quat_apply(s->pose.rotation, axis);
			v->edge[v->edge_count++] = col_quat_apply(s->pose.rotation, axis);
		}
		break;
	case COL_SHAPE_POLYGON:
	case COL_SHAPE_TRIANGLE: {
		if (s->kind == COL_SHAPE_TRIANGLE) {
			local[n++] = s->core.triangle.a;
			local[n++] = s->core.triangle.b;
			local[n++] = s->core.triangle.c;
		} else {
			for (int i = 0; i < s->core.polygon.count; i++)
				local[n++] =
				    (col_vec3){s->core.polygon.points[i].x, s->core.polygon.points[i].y, 0};
		}
		col_vec3 nz =
		    col_vec3_cross(col_vec3_sub(local[1], local[0]), col_vec3_sub(local[2], local[0]));
		v->normal[v->normal_count++] = col_quat_apply(s->pose.rotation, col_vec3_normalize(nz));
		for (int i = 0; i < n; i++)
			v->edge[v->edge_count++] =
			    col_quat_apply(s->pose.rotation, col_vec3_sub(local[(i + 1) % n], local[i]));
		break;
	}
	case COL_SHAPE_CONVEX: {
		const col_convex *c = s->core.convex;
		n = col_convex_vertex_count(c);
		memcpy(local, col_convex_vertices(c), sizeof(col_vec3) * (size_t)n);
		for (int f = 0; f < col_convex_face_count(c); f++)
			v->normal[v->normal_count++] =
			    col_quat_apply(s->pose.rotation, col_convex_face_plane(c, f).normal);
		for (int e = 0; e < col_convex_edge_count(c); e++) {
			int ev[2], ef[2];
			col_convex_edge(c, e, ev, ef);
			v->edge[v->edge_count++] =
			    col_quat_apply(s->pose.rotation, col_vec3_sub(local[ev[1]], local[ev[0]]));
		}
		break;
	}
	default: return false;
	}
	for (int i = 0; i < n; i++)
		v->vertex[i] = col_transform3_apply(s->pose, local[i]);
	v->vertex_count = n;
	return true;
}

static inline double support_value(const polytope_view *v, col_vec3 d)
{
	double best = -INFINITY;
	for (int i = 0; i < v->vertex_count; i++)
		best = fmax(best, col_vec3_dot(v->vertex[i], d));
	return best;
}

/* The overlap of the cores along unit n (how far B must move along n to leave A only touching). */
static inline double core_overlap(const polytope_view *a, const polytope_view *b, col_vec3 n)
{
	return support_value(a, n) + support_value(b, col_vec3_scale(n, -1));
}

/* The penetration depth of two polytopal cores that meet: the least overlap over the normals of
 * the Minkowski difference's facets (each core's face normals, the cross products of their edges;
 * in the plane, the edges' normals within it), both ways. */
static inline double candidate_axes_depth(const polytope_view *a, const polytope_view *b, bool planar)
{
	double best = INFINITY;
	const polytope_view *v[2] = {a, b};
	for (int s = 0; s < 2; s++) {
		if (planar) {
			for (int e = 0; e < v[s]->edge_count; e++) {
				col_vec3 d = v[s]->edge[e];
				col_vec3 n = col_vec3_normalize((col_vec3){d.y, -d.x, 0});
				if (col_vec3_length_squared(n) == 0)
					continue;
				best = fmin(best, fmin(core_overlap(a, b, n),
				                       core_overlap(a, b, col_vec3_scale(n, -1))));
			}
			continue;
		}
		for (int f = 0; f < v[s]->normal_count; f++) {
			col_vec3 n = v[s]->normal[f];
			best = fmin(best,
			            fmin(core_overlap(a, b, n), core_overlap(a, b, col_vec3_scale(n, -1))));
		}
	}
	if (!planar)
		for (int i = 0; i < a->edge_count; i++)
			for (int j = 0; j < b->edge_count; j++) {
				col_vec3 n = col_vec3_cross(a->edge[i], b->edge[j]);
				double length = col_vec3_length(n);
				if (!(length >
				      1e-9 * col_vec3_length(a->edge[i]) * col_vec3_length(b->edge[j])))
					continue;
				n = col_vec3_scale(n, 1 / length);
				best = fmin(best, fmin(core_overlap(a, b, n),
				                       core_overlap(a, b, col_vec3_scale(n, -1))));
			}
	return best;
}

/* The true penetration depth of two overlapping shapes, without EPA: radii minus the cores' distance
 * (the oracle's) when the cores are apart, else the candidate axes' depth plus the radii. NAN where
 * there is no such truth here (curved cores, or cores that meet with no axis, as a point in a
 * point). */
static inline double true_depth(const col_shape *a, const col_shape *b, const col_oracle_result *pair)
{
	double radii = a->radius + b->radius;
	polytope_view va, vb;
	bool polytopes = view_core(a, &va) && view_core(b, &vb);
	double d = polytopes ? candidate_axes_depth(&va, &vb, a->dimension == 2 && b->dimension == 2) : NAN;
	/* Every candidate axis overlapping: the cores meet (the axes separate any two polytopes apart),
	 * and d is their penetration depth. */
	if (polytopes && d > 0 && isfinite(d))
		return d + radii;
	col_shape ca = *a, cb = *b;
	ca.radius = cb.radius = 0;
	col_oracle_result o = radii == 0 ? *pair : col_shape_oracle(&ca, &cb);
	if (!o.intersect)
		return radii - o.distance;
	return polytopes && o.certain && isfinite(d) ? d + radii : NAN;
}

/* Prints a shape (on failure), so that a case can be rebuilt by hand. */
static inline void describe(const char *name, const col_shape *s)
{
	col_transform3 p = s->pose;
	print_error("%s: %s r %.17g pose q (%.17g, %.17g, %.17g, %.17g) t (%.17g, %.17g, %.17g) core", name,
	            col_shape_name(s), s->radius, p.rotation.x, p.rotation.y, p.rotation.z, p.rotation.w,
	            p.translation.x, p.translation.y, p.translation.z);
	switch (s->kind) {
	case COL_SHAPE_POINT:
		print_error(" (%.17g, %.17g, %.17g)", s->core.point.x, s->core.point.y, s->core.point.z);
		break;
	case COL_SHAPE_SEGMENT:
		print_error(" (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g)", s->core.segment.a.x,
		            s->core.segment.a.y, s->core.segment.a.z, s->core.segment.b.x,
		            s->core.segment.b.y, s->core.segment.b.z);
		break;
	case COL_SHAPE_BOX:
		print_error(" (%.17g, %.17g, %.17g)", s->core.half_extents.x, s->core.half_extents.y,
		            s->core.half_extents.z);
		break;
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		print_error(" radius %.17g half height %.17g", s->core.cylinder.radius,
		            s->core.cylinder.half_height);
		break;
	case COL_SHAPE_POLYGON:
		for (int i = 0; i < s->core.polygon.count; i++)
			print_error(" (%.17g, %.17g)", s->core.polygon.points[i].x,
			            s->core.polygon.points[i].y);
		break;
	default: break;
	}
	print_error("\n");
}

static inline bool is_curved(const col_shape *s)
{
	return (s->kind == COL_SHAPE_CYLINDER || s->kind == COL_SHAPE_CONE) && s->core.cylinder.radius > 0;
}

typedef struct tally {
	double seconds;
	int cases, overlapping, within_margin, apart, borderline;
	int counts[5];
	int closed_form; /* manifolds a closed form made */
} tally;

static inline void print_tally(const char *what, const tally *t)
{
	print_message("%-22s %6d cases: %6d overlap, %5d within margin, %6d apart (%d borderline); points "
	              "1:%d 2:%d 3:%d 4:%d; closed form %d; %.1f s\n",
	              what, t->cases, t->overlapping, t->within_margin, t->apart, t->borderline, t->counts[1],
	              t->counts[2], t->counts[3], t->counts[4], t->closed_form, t->seconds);
}

/* What the oracle says of one pair, kept for a second manifold of the same pair (the general path's
 * beside the closed form's): the same questions need not be asked twice. Zero: nothing known yet. */
typedef struct pair_truth {
	bool known, depth_known;
	col_oracle_result oracle; /* col_shape_oracle(a, b) */
	double depth;             /* true_depth(a, b, &oracle) */
} pair_truth;

/* Everything a manifold of a and b must satisfy, against the oracle and EPA, with what truth already
 * holds of the pair (filled in as found). check_points_by_oracle: run the oracle on each point even
 * where a formula exists. */
static inline void check_manifold_knowing(const rng *r, int i, const char *what, const col_shape *a,
                                          const col_shape *b, double margin, col_manifold m,
                                          bool check_points_by_oracle, tally *t, pair_truth *truth)
{
	if (getenv("COLLIDE_DESCRIBE") && atoi(getenv("COLLIDE_DESCRIBE")) == i) {
		describe("a", a);
		describe("b", b);
		print_error("margin %.17g method %s count %d normal (%.17g, %.17g, %.17g)\n", margin,
		            col_contact_method_name(m.method), m.count, m.normal.x, m.normal.y, m.normal.z);
		col_gjk_result g = col_gjk_distance(a, b, NULL, NULL, NULL);
		print_error(
		    "gjk status %d core distance %.17g bounds [%.17g, %.17g] iterations %d backup %d\n",
		    g.status, g.core_distance, g.lower_bound, g.upper_bound, g.iterations, g.backup);
		for (int k = 0; k < m.count; k++)
			print_error("  depth %.17g a (%.17g, %.17g, %.17g) b (%.17g, %.17g, %.17g)\n",
			            m.points[k].depth, m.points[k].point_a.x, m.points[k].point_a.y,
			            m.points[k].point_a.z, m.points[k].point_b.x, m.points[k].point_b.y,
			            m.points[k].point_b.z);
	}
	double scale = pair_scale(a, b), tol = 1e-9 * scale;
	int max_points = a->dimension == 2 && b->dimension == 2 ? 2 : 4;
	t->cases++;
	if (m.count < 0 || m.count > max_points)
		FAIL_CASE(r, i, "%s: %d points", what, m.count);
	t->counts[m.count]++;
	if (m.method >= COL_CONTACT_SPHERES && m.method <= COL_CONTACT_POLYGONS_2D)
		t->closed_form++;
	if (!truth->known) {
		truth->oracle = col_shape_oracle(a, b);
		truth->known = true;
	}
	col_oracle_result o = truth->oracle;
	bool overlap = o.intersect && o.certain;
	if (overlap) {
		t->overlapping++;
		if (m.count == 0)
			FAIL_CASE(r, i, "%s: the oracle says they meet, the manifold is empty", what);
	} else if (o.distance_lo > margin + tol) {
		t->apart++;
		if (m.count != 0)
			FAIL_CASE(r, i, "%s: apart by %.17g beyond the margin %g, yet %d points (depth %g)",
			          what, o.distance, margin, m.count, m.points[0].depth);
	} else if (!o.intersect && o.distance_hi < margin - tol) {
		t->within_margin++;
		if (m.count == 0)
			FAIL_CASE(r, i, "%s: %.17g apart, within the margin %g, but no points", what,
			          o.distance, margin);
	} else {
		t->borderline++;
	}
	if (m.count == 0)
		return;
	if (fabs(col_vec3_length(m.normal) - 1) > 1e-12)
		FAIL_CASE(r, i, "%s: normal of length %.17g", what, col_vec3_length(m.normal));
	/* How far each point lies outside its shape: by formula where there is one, by the oracle where
	 * there is none or check_points_by_oracle asks (the larger of the two then), the oracle reading
	 * each shape once for all its points. */
	double off[2][4];
	for (int side = 0; side < 2; side++) {
		const col_shape *s = side ? b : a;
		col_vec3 asked[4];
		int index[4], n = 0;
		for (int k = 0; k < m.count; k++) {
			col_vec3 x = side ? m.points[k].point_b : m.points[k].point_a;
			off[side][k] = formula_distance(s, x);
			if (off[side][k] < 0 || check_points_by_oracle) {
				asked[n] = x;
				index[n++] = k;
			}
		}
		col_oracle_result found[4];
		col_shape_oracle_points(s, asked, n, found);
		for (int j = 0; j < n; j++) {
			double oracle = found[j].intersect ? 0.0 : found[j].distance_lo;
			double *f = &off[side][index[j]];
			*f = *f >= 0 ? fmax(*f, oracle) : oracle;
		}
	}
	for (int k = 0; k < m.count; k++) {
		const col_manifold_point *p = &m.points[k];
		double d = col_vec3_dot(col_vec3_sub(p->point_a, p->point_b), m.normal);
		if (fabs(d - p->depth) > tol)
			FAIL_CASE(r, i, "%s: point %d depth %.17g, (a - b) . n = %.17g", what, k, p->depth,
			          d);
		if (p->depth < -margin - tol)
			FAIL_CASE(r, i, "%s: point %d gap %.17g beyond the margin %g", what, k, -p->depth,
			          margin);
		if (p->depth > m.points[0].depth + tol)
			FAIL_CASE(r, i, "%s: point %d deeper (%.17g) than the first (%.17g)", what, k,
			          p->depth, m.points[0].depth);
		col_vec3 mid = col_vec3_scale(col_vec3_add(p->point_a, p->point_b), 0.5);
		if (col_vec3_distance(mid, p->point) > tol)
			FAIL_CASE(r, i, "%s: point %d is not midway", what, k);
		for (int side = 0; side < 2; side++) {
			col_vec3 x = side ? p->point_b : p->point_a;
			double dist = off[side][k];
			if (dist > tol)
				FAIL_CASE(
				    r, i,
				    "%s: point_%c of point %d (%.17g, %.17g, %.17g) lies %.3g outside %s",
				    what, side ? 'b' : 'a', k, x.x, x.y, x.z, dist, side ? "B" : "A");
		}
		for (int q = 0; q < k; q++)
			if (m.points[q].id == p->id)
				FAIL_CASE(r, i, "%s: points %d and %d share the id %08x", what, q, k, p->id);
	}
	if (!o.intersect) {
		/* Apart (or touching to the oracle's rounding): the gap and its direction. */
		double gap = -m.points[0].depth, gtol = is_curved(a) || is_curved(b) ? 1e-5 * scale : tol;
		if (gap < o.distance_lo - gtol || gap > o.distance_hi + gtol)
			FAIL_CASE(r, i, "%s: deepest gap %.17g, oracle distance in [%.17g, %.17g]", what, gap,
			          o.distance_lo, o.distance_hi);
		/* A curved core's nearest points are found to GJK's tolerance on the distance, so their
		 * direction only to about its square root: the separation along it is then short by up to
		 * about 1e-4 of the size (a box face against a cylinder's side, 0.005 apart: 3e-5). */
		double along = -overlap_along(a, b, m.normal);
		if (along < o.distance_lo - (is_curved(a) || is_curved(b) ? 1e-4 * scale : tol))
			FAIL_CASE(
			    r, i,
			    "%s: the normal is not the distance's direction: separation %.17g along it, "
			    "distance %.17g",
			    what, along, o.distance);
	} else if (overlap) {
		/* The deepest depth is the penetration depth, and the normal a direction that achieves it. */
		if (!truth->depth_known) {
			truth->depth = true_depth(a, b, &o);
			truth->depth_known = true;
		}
		double depth = truth->depth, along = overlap_along(a, b, m.normal);
		if (isfinite(depth)) {
			/* Rounded curved cores apart: the truth is the oracle's distance, known to 1e-5
			 * there. */
			double dtol = is_curved(a) || is_curved(b) ? 1e-5 * scale : tol;
			if (fabs(m.points[0].depth - depth) > dtol)
				FAIL_CASE(r, i, "%s: deepest depth %.17g, penetration depth %.17g", what,
				          m.points[0].depth, depth);
			if (fabs(along - depth) > dtol)
				FAIL_CASE(r, i, "%s: overlap %.17g along the normal, penetration depth %.17g",
				          what, along, depth);
		} else {
			/* Curved: EPA's precision (its polytope stops growing when round-off would break it,
			 * about 1e-6 of the size): the normal's overlap is the deepest depth to that, and no
			 * sampled direction does better. */
			if (fabs(along - m.points[0].depth) > 1e-5 * scale)
				FAIL_CASE(r, i, "%s: overlap %.17g along the normal, deepest depth %.17g",
				          what, along, m.points[0].depth);
			rng dirs = rng_make((uint64_t)i);
			for (int k = 0; k < 64; k++) {
				col_vec3 d = rng_unit_vector3(&dirs);
				if (overlap_along(a, b, d) < m.points[0].depth - tol)
					FAIL_CASE(r, i,
					          "%s: overlap %.17g along (%g, %g, %g) is less than the "
					          "depth %.17g",
					          what, overlap_along(a, b, d), d.x, d.y, d.z,
					          m.points[0].depth);
			}
		}
	}
}

static inline void check_manifold(const rng *r, int i, const char *what, const col_shape *a,
                                  const col_shape *b, double margin, col_manifold m,
                                  bool check_points_by_oracle, tally *t)
{
	pair_truth truth = {0};
	check_manifold_knowing(r, i, what, a, b, margin, m, check_points_by_oracle, t, &truth);
}

static inline void assert_near(double got, double want, double tolerance)
{
	if (!(fabs(got - want) <= tolerance))
		fail_msg("got %.17g, want %.17g", got, want);
}

static inline void assert_vec3_near(col_vec3 got, col_vec3 want, double tolerance)
{
	if (!(col_vec3_distance(got, want) <= tolerance))
		fail_msg("got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", got.x, got.y, got.z, want.x,
		         want.y, want.z);
}

/* Whether some point of m has point_b at want (to 1e-12). */
static inline bool has_point_b(col_manifold m, col_vec3 want)
{
	for (int k = 0; k < m.count; k++)
		if (col_vec3_distance(m.points[k].point_b, want) <= 1e-12)
			return true;
	return false;
}

static inline void check_hand(const char *what, const col_shape *a, const col_shape *b, double margin,
                              col_manifold m)
{
	rng r = rng_make(0);
	tally t;
	memset(&t, 0, sizeof t);
	check_manifold(&r, 0, what, a, b, margin, m, true, &t);
	/* The same pair the other way round: the normal turned, the points swapped. */
	col_manifold back = contact(b, a, margin);
	if (back.count != m.count)
		fail_msg("%s: %d points one way, %d the other", what, m.count, back.count);
	if (m.count > 0) {
		assert_vec3_near(back.normal, col_vec3_scale(m.normal, -1), 1e-12);
		assert_near(back.points[0].depth, m.points[0].depth, 1e-12);
	}
}

static inline double rng_margin(rng *r)
{
	return rng_coin(r) ? 0.0 : rng_in(r, 0, 0.3);
}

/* A convex polygon: 3 to 8 points at sorted random angles on an ellipse. */
static inline int random_polygon_points(rng *r, col_vec2 *p)
{
	int n = rng_int(r, 3, 8);
	double angles[8], rx = rng_in(r, 0.2, 1.2), ry = rng_in(r, 0.2, 1.2);
	for (int i = 0; i < n; i++)
		angles[i] = rng_in(r, 0, 2 * COL_PI);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && angles[j] < angles[j - 1]; j--) {
			double t = angles[j];
			angles[j] = angles[j - 1];
			angles[j - 1] = t;
		}
	for (int i = 0; i < n; i++)
		p[i] = (col_vec2){rx * cos(angles[i]), ry * sin(angles[i])};
	return n;
}

#endif
