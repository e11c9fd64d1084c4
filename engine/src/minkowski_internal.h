/* Private: the Minkowski difference K = A - B as GJK and EPA walk it, in A's body frame (B's pose
 * is expressed there once per query, so a support of K costs one rotation of the direction into
 * B's frame and one of B's point back). */
#ifndef COLLIDE_MINKOWSKI_INTERNAL_H
#define COLLIDE_MINKOWSKI_INTERNAL_H

#include <float.h>
#include <math.h>

#include "collide/gjk.h"
#include "collide/shape.h"
#include "shape_internal.h"

/* A point of K (a simplex vertex) while the loop runs, in A's body frame; b_local is B's point in B's frame,
 * kept for the cache. */
typedef struct minkowski_vertex {
	col_vec3 w, a, b, b_local;
	int feature_a, feature_b;
} minkowski_vertex;

typedef struct minkowski_pair {
	const col_shape *a, *b;
	col_relative_pose pose;
	bool paper;
	bool planar;        /* both shapes 2D: K lies in z = 0, and a triangle is a full simplex there */
	double pose_scale;  /* at least (|t_a| + |t_b|)^2: B's points in A's frame are rounded at that
	                     * scale (the world translations' difference), however near the shapes are */
	int hint_a, hint_b; /* the last support vertex of each polytope: where the next climb starts */
	/* The cores' centres (col_shape_local_center): A's and B's in A's frame, B's in its own. */
	col_vec3 centre_a, centre_b, centre_b_local;
} minkowski_pair;

static inline minkowski_pair minkowski_pair_make(const col_shape *a, const col_shape *b, bool paper)
{
	minkowski_pair p;
	p.a = a;
	p.b = b;
	p.pose = col_relative_pose_make(a->pose, b->pose);
	p.paper = paper;
	p.planar = a->dimension == 2 && b->dimension == 2;
	p.pose_scale = 2.0 * (col_vec3_length_squared(a->pose.translation) +
	                      col_vec3_length_squared(b->pose.translation));
	p.hint_a = -1;
	p.hint_b = -1;
	p.centre_a = col_shape_local_center(a);
	p.centre_b_local = col_shape_local_center(b);
	p.centre_b = col_vec3_add(col_matrix3_apply(&p.pose.rotation, p.centre_b_local), p.pose.translation);
	return p;
}

static inline col_vec3 minkowski_b_to_a(const minkowski_pair *p, col_vec3 local_b)
{
	return col_vec3_add(col_matrix3_apply(&p->pose.rotation, local_b), p->pose.translation);
}

/* w = s_A(d) - s_B(-d), d in A's frame. */
static inline minkowski_vertex minkowski_support(minkowski_pair *p, col_vec3 d)
{
	minkowski_vertex out;
	int fa = p->paper ? -1 : p->hint_a, fb = p->paper ? -1 : p->hint_b;
	out.a = col_shape_support_from(p->a, d, &fa);
	col_vec3 db = col_matrix3_apply_transpose(&p->pose.rotation, col_vec3_scale(d, -1.0));
	out.b_local = col_shape_support_from(p->b, db, &fb);
	out.b = minkowski_b_to_a(p, out.b_local);
	out.w = col_vec3_sub(out.a, out.b);
	out.feature_a = fa;
	out.feature_b = fb;
	if (fa >= 0)
		p->hint_a = fa;
	if (fb >= 0)
		p->hint_b = fb;
	return out;
}

/* GJK's apart certificate: whether the support point w along -v (vw = v . w, vv = |v|^2) puts
 * w's plane, and so all of K, farther from the origin than margin (the radii), beyond the
 * round-off of v . w and of B's pose in A's frame; scale bounds the squared norms of the support
 * points of A and B. For touching shapes (the origin on K's boundary) vw is 0 up to that round-off,
 * of either sign. Squared, to spare a square root where margin is 0. */
static inline bool minkowski_clearly_apart(const minkowski_pair *p, double vw, double vv, double margin,
                                           double scale)
{
	if (!(vw > 0.0))
		return false;
	scale = scale > p->pose_scale ? scale : p->pose_scale;
	double e = 16.0 * DBL_EPSILON;
	if (margin > 0.0) {
		double reach = margin + e * sqrt(scale);
		return vw * vw > reach * reach * vv;
	}
	return vw * vw > e * e * scale * vv;
}

/* Whether w is a point a simplex vertex y already is: the same pair of support vertices, or the same
 * point of K. GJK stops there (a stall guard, usual GJK practice): w cannot bring v closer. */
static inline bool minkowski_vertex_same(const minkowski_vertex *y, const minkowski_vertex *w)
{
	return (w->feature_a >= 0 && w->feature_b >= 0 && y->feature_a == w->feature_a &&
	        y->feature_b == w->feature_b) ||
	       col_vec3_equal(y->w, w->w);
}

/* GJK's simplex while it runs: its points of K, their weights and v = sum lambda_i w_i. */
typedef struct minkowski_simplex {
	int count;
	minkowski_vertex y[4];
	double lambda[4];
	col_vec3 v;
	double vv;
} minkowski_simplex;

/* The points of A and of B (A's frame) with the simplex's weights: GJK's nearest points, or a
 * common point when the origin is in the simplex. */
static inline void minkowski_simplex_points(const minkowski_simplex *st, col_vec3 *a, col_vec3 *b)
{
	if (st->count == 1) {
		*a = st->y[0].a;
		*b = st->y[0].b;
		return;
	}
	*a = *b = (col_vec3){0.0, 0.0, 0.0};
	for (int i = 0; i < st->count; i++) {
		*a = col_vec3_add(*a, col_vec3_scale(st->y[i].a, st->lambda[i]));
		*b = col_vec3_add(*b, col_vec3_scale(st->y[i].b, st->lambda[i]));
	}
}

/* col_gjk_intersect's quick loop (gjk_quick.c) on a pair of 3D shapes whose cores must come within
 * margin: APART and MEET are certain (a support plane beyond round-off; a tetrahedron of K whose
 * every side holds the origin beyond round-off, or a point of K within margin by more than
 * round-off), UNSURE leaves the answer to the full loop. On APART, *axis is the plane's normal
 * from A towards B (A's frame). */
typedef enum quick_answer { QUICK_UNSURE, QUICK_APART, QUICK_MEET } quick_answer;
quick_answer gjk_quick_intersect(minkowski_pair *p, double margin, col_vec3 *axis);

/* col_gjk_distance's use of the quick loop (margin 0, at most limit support points): on MEET the
 * cores certainly meet, and simplex[0..3] with weight[] is a tetrahedron of K's points (vertices[0]
 * is no support point but the cores' centres) with the origin's barycentric weights; on APART,
 * simplex[0..simplex_count-1] are the last simplex's points and the support point that proved it,
 * a warm start for the distance loop. iterations counts the support points asked for. */
typedef struct quick_track {
	minkowski_vertex vertices[33];
	int vertex_count, iterations;
	int simplex[4], simplex_count;
	double weight[4];
} quick_track;
quick_answer gjk_quick_distance(minkowski_pair *p, int limit, quick_track *t);

/* The balls' test (col_shape_spheres) on the whole shapes: APART when the centres are farther
 * apart than the outer radii's sum, MEET when nearer than the inner radii's sum, each beyond the
 * round-off of the centres and radii; else UNSURE. On APART, *axis is the centres' difference from
 * A's to B's (A's frame), a separating direction. */
quick_answer gjk_spheres_intersect(const minkowski_pair *p, col_vec3 *axis);

/* Whether the origin lies in the closed tetrahedron of p (exact on those points; false for a flat
 * one); if so and weights is not NULL, the origin's barycentric weights. */
bool col_origin_in_tetrahedron(const col_vec3 p[4], double weights[4]);

/* GJK's distance loop (defaults, no trace) on the cores, for EPA and the contact queries: leaves the
 * final simplex in st and answers whether the cores meet (the origin is in K, to rounding). cache
 * and iterations (the support points of K asked for) may be NULL. */
bool col_gjk_run(minkowski_pair *p, minkowski_simplex *st, col_gjk_cache *cache, int *iterations);

#endif
