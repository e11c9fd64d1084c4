/* col_gjk_intersect's quick loop: GJK on the points of K alone, for the yes-or-no question.
 *
 * The full loop (gjk.c) carries each simplex point's two support points, feature ids and Johnson's
 * determinants, because distance, witnesses, EPA and the warm-start cache need them. A yes or no
 * needs none of that: only the direction to search next. Here the simplex is its points of K and
 * the nearest point to the origin comes from the Voronoi regions of the segment, triangle or
 * tetrahedron (newest point first), as in Ericson's "Real-Time Collision Detection", 5.1.
 *
 * Its answers are certificates, so how the direction was found never decides one:
 *   apart  a support point w with v . w beyond the radii and the round-off of v . w, the same test
 *          as the full loop's (every point of K lies beyond w's plane);
 *   meet   a tetrahedron of support points with the origin on the inner side of each face by more
 *          than the round-off of the determinant and of the points, or a point of K (a convex
 *          combination of support points) nearer the origin than the radii by more than that.
 * Anything else (no progress, a flat or sliver simplex, touching within round-off, the iteration
 * limit) is UNSURE, and the full loop answers from scratch, with its exact tests.
 *
 * Before any of it, the shapes' balls (col_shape_spheres) answer the pairs whose centres are
 * farther apart than the outer radii or nearer than the inner ones: source 001's outer and inner
 * boxes, at their coarsest, with no support point at all.
 *
 * col_gjk_distance runs the same loop first on the cores (gjk_quick_distance: the support points
 * kept beside), for its certified tetrahedron: cores that meet need no distance loop. */
#include <float.h>
#include <math.h>

#include "convex_internal.h"
#include "minkowski_internal.h"

enum { QUICK_MAX_ITERATIONS = 32 };

/* The simplex: its points of K, newest first, and the nearest point v of their hull. */
typedef struct quick_simplex {
	col_vec3 w[4];
	int id[4]; /* where each point came from: its number in quick_track's vertices (distance only) */
	int count;
	col_vec3 v;
} quick_simplex;

/* Keeps the points of weight > 0 (in order) and sets v to their weighted mean. False when the
 * weights are no convex combination (all zero, or not finite: a degenerate simplex). */
static inline bool keep_weighted(quick_simplex *s, const double *weight)
{
	double total = 0.0;
	for (int i = 0; i < s->count; i++)
		total += weight[i];
	if (!(total > 0.0) || !isfinite(total))
		return false;
	double inverse = 1.0 / total;
	col_vec3 v = {0.0, 0.0, 0.0};
	int kept = 0;
	for (int i = 0; i < s->count; i++)
		if (weight[i] > 0.0) {
			v = col_vec3_add(v, col_vec3_scale(s->w[i], weight[i] * inverse));
			s->id[kept] = s->id[i];
			s->w[kept++] = s->w[i];
		}
	s->count = kept;
	s->v = v;
	return true;
}

static bool nearest_on_segment(quick_simplex *s)
{
	col_vec3 a = s->w[0], b = s->w[1], ab = col_vec3_sub(b, a);
	/* The origin's weights, times |ab|^2: a's is b . (b - a), b's is -a . (b - a). */
	double weight[2] = {col_vec3_dot(b, ab), -col_vec3_dot(a, ab)};
	if (!(weight[1] > 0.0))
		weight[0] = 1.0, weight[1] = 0.0;
	else if (!(weight[0] > 0.0))
		weight[0] = 0.0, weight[1] = 1.0;
	return keep_weighted(s, weight);
}

/* The triangle's regions in Ericson's order (vertex a, b, edge ab, vertex c, edge ac, edge bc, the
 * face), with the origin's weights in each. */
static bool nearest_on_triangle(quick_simplex *s)
{
	col_vec3 a = s->w[0], b = s->w[1], c = s->w[2];
	col_vec3 ab = col_vec3_sub(b, a), ac = col_vec3_sub(c, a);
	double d1 = -col_vec3_dot(ab, a), d2 = -col_vec3_dot(ac, a);
	double d3 = -col_vec3_dot(ab, b), d4 = -col_vec3_dot(ac, b);
	double d5 = -col_vec3_dot(ab, c), d6 = -col_vec3_dot(ac, c);
	double weight[3] = {0.0, 0.0, 0.0};
	double va = d3 * d6 - d5 * d4, vb = d5 * d2 - d1 * d6, vc = d1 * d4 - d3 * d2;
	if (d1 <= 0.0 && d2 <= 0.0)
		weight[0] = 1.0;
	else if (d3 >= 0.0 && d4 <= d3)
		weight[1] = 1.0;
	else if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
		weight[0] = -d3, weight[1] = d1;
	else if (d6 >= 0.0 && d5 <= d6)
		weight[2] = 1.0;
	else if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
		weight[0] = -d6, weight[2] = d2;
	else if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0)
		weight[1] = d5 - d6, weight[2] = d4 - d3;
	else {
		weight[0] = va > 0.0 ? va : 0.0;
		weight[1] = vb > 0.0 ? vb : 0.0;
		weight[2] = vc > 0.0 ? vc : 0.0;
	}
	return keep_weighted(s, weight);
}

static double larger(double a, double b)
{
	return a > b ? a : b; /* gcc calls fmax rather than inlining it */
}

/* q . (r x s). */
static double triple(col_vec3 q, col_vec3 r, col_vec3 s)
{
	return col_vec3_dot(q, col_vec3_cross(r, s));
}

static double l1_norm(col_vec3 p)
{
	return fabs(p.x) + fabs(p.y) + fabs(p.z);
}

typedef enum tetra_answer { TETRA_INSIDE, TETRA_FACE, TETRA_UNSURE } tetra_answer;

/* The origin against the tetrahedron: inside for sure (then weight receives its barycentric
 * weights), or reduced to the nearest of the faces it lies beyond. side[i] is orient(P0..P3 with
 * the origin for P_i): all of one sign exactly when the origin is inside. sigma bounds the
 * coordinates of every support point, which K's points are within a few ulps of. */
static tetra_answer nearest_on_tetrahedron(quick_simplex *s, double sigma, double weight[4])
{
	const col_vec3 *p = s->w;
	double side[4] = {triple(p[1], p[2], p[3]), -triple(p[0], p[2], p[3]), triple(p[0], p[1], p[3]),
	                  -triple(p[0], p[1], p[2])};
	/* Round-off of each determinant (its permanent, at most reach^3 with reach the largest L1 norm
	 * of the points, times a few ulps), and how far moving each point by its own rounding (a few
	 * ulps of sigma) could move it. */
	double reach = larger(larger(l1_norm(p[0]), l1_norm(p[1])), larger(l1_norm(p[2]), l1_norm(p[3])));
	double error = 64.0 * DBL_EPSILON * reach * reach * (reach + sigma);
	int positive = 0, negative = 0;
	for (int i = 0; i < 4; i++) {
		positive += side[i] > error;
		negative += side[i] < -error;
	}
	double volume = side[0] + side[1] + side[2] + side[3];
	if (positive == 4 || negative == 4) {
		for (int i = 0; i < 4; i++)
			weight[i] = side[i] / volume;
		return TETRA_INSIDE;
	}
	if (!(volume != 0.0))
		return TETRA_UNSURE;
	quick_simplex best = {.count = 0};
	double best_vv = INFINITY;
	for (int i = 0; i < 4; i++) {
		if (!(side[i] * volume < 0.0)) /* the origin is not beyond the face opposite P_i */
			continue;
		quick_simplex face = {.count = 3};
		for (int j = 0, m = 0; j < 4; j++)
			if (j != i) {
				face.id[m] = s->id[j];
				face.w[m++] = p[j];
			}
		if (!nearest_on_triangle(&face))
			continue;
		double vv = col_vec3_dot(face.v, face.v);
		if (vv < best_vv) {
			best_vv = vv;
			best = face;
		}
	}
	if (best.count == 0)
		return TETRA_UNSURE;
	*s = best;
	return TETRA_FACE;
}

/* col_shape_spheres about the centre the pair already has, a polytope's read here (the common
 * case, and a call spared). */
static inline void spheres_of(const col_shape *s, col_vec3 local_center, double *outer, double *inner)
{
	if (s->kind != COL_SHAPE_CONVEX) {
		col_shape_spheres_about(s, local_center, outer, inner);
		return;
	}
	*outer = s->core.convex->outer_radius + s->radius;
	*inner = s->core.convex->inner_radius + s->radius;
}

quick_answer gjk_spheres_intersect(const minkowski_pair *p, col_vec3 *axis)
{
	double outer_a, inner_a, outer_b, inner_b;
	spheres_of(p->a, p->centre_a, &outer_a, &inner_a);
	spheres_of(p->b, p->centre_b_local, &outer_b, &inner_b);
	col_vec3 centre_a = p->centre_a, centre_b = p->centre_b;
	col_vec3 d = col_vec3_sub(centre_b, centre_a);
	double dd = col_vec3_dot(d, d);
	/* B's centre in A's frame is rounded at the scale of the centres and of the world
	 * translations (pose_scale); the radii at theirs. */
	double reach = sqrt(p->pose_scale + col_vec3_dot(centre_a, centre_a) + col_vec3_dot(centre_b, centre_b)) +
	               outer_a + outer_b;
	double error = 64.0 * DBL_EPSILON * reach;
	double far = outer_a + outer_b + error;
	if (dd > far * far) {
		*axis = d;
		return QUICK_APART;
	}
	double near = inner_a + inner_b - error;
	return near > 0.0 && dd < near * near ? QUICK_MEET : QUICK_UNSURE;
}

/* Widens scale (see below) by the support points of y. */
static double scale_with(double scale, const minkowski_vertex *y)
{
	return larger(scale, larger(col_vec3_length_squared(y->a), col_vec3_length_squared(y->b)));
}

/* The simplex's points for the caller: on APART the simplex with the support point that proved
 * it (at most four points), on MEET the tetrahedron with the origin's weights. */
static void quick_keep(quick_track *t, const quick_simplex *s, const double *weight)
{
	t->simplex_count = s->count;
	for (int i = 0; i < s->count; i++) {
		t->simplex[i] = s->id[i];
		t->weight[i] = weight != NULL ? weight[i] : 0.0;
	}
	if (weight == NULL && s->count < 4)
		t->simplex[t->simplex_count++] = t->vertex_count; /* the new support point, last kept */
}

/* The loop behind both entry points. With track, every point of K it makes is kept in t (with its
 * support points), and the simplex's numbers say which: gcc makes one copy of the loop for each
 * value of track, so the intersect query pays nothing for it. */
static inline __attribute__((always_inline)) quick_answer quick_loop(minkowski_pair *p, double margin, int limit,
                                                                    bool track, quick_track *t, col_vec3 *axis)
{
	/* The largest squared norm of any support point of A or of B so far, and of the poses'
	 * translations: K's points are within a few ulps of its square root of the support points of
	 * K. */
	quick_simplex s = {.count = 1};
	/* The first point is no support point but the difference of the cores' centres, a point of K
	 * inside it (as MPR starts): it is free, and as a corner of the simplex it often saves the
	 * fourth support an overlap would need. */
	col_vec3 centre_a = p->centre_a, centre_b = p->centre_b;
	double scale = larger(p->pose_scale,
	                      larger(col_vec3_length_squared(centre_a), col_vec3_length_squared(centre_b)));
	s.w[0] = s.v = col_vec3_sub(centre_a, centre_b);
	s.id[0] = 0;
	if (track) {
		t->vertices[0] = (minkowski_vertex){s.w[0], centre_a, centre_b, p->centre_b_local, -1, -1};
		t->vertex_count = 1;
		t->iterations = 0;
	}
	double vv = col_vec3_dot(s.v, s.v);
	minkowski_vertex y;
	for (int iteration = 0; iteration < limit; iteration++) {
		/* A point of K within the radii by more than the rounding of v and of the points. */
		if (margin > 0.0 && sqrt(vv) + 64.0 * DBL_EPSILON * sqrt(scale) <= margin)
			return QUICK_MEET;
		if (!(vv > 0.0))
			return QUICK_UNSURE; /* the origin on the simplex: touching, for the exact tests */
		y = minkowski_support(p, col_vec3_scale(s.v, -1.0));
		scale = scale_with(scale, &y);
		if (track) {
			t->vertices[t->vertex_count] = y;
			t->iterations++;
		}
		if (minkowski_clearly_apart(p, col_vec3_dot(s.v, y.w), vv, margin, scale)) {
			*axis = col_vec3_scale(s.v, -1.0);
			if (track)
				quick_keep(t, &s, NULL);
			return QUICK_APART;
		}
		for (int i = s.count; i > 0; i--) {
			s.w[i] = s.w[i - 1];
			s.id[i] = s.id[i - 1];
		}
		s.w[0] = y.w;
		s.id[0] = track ? t->vertex_count++ : 0;
		s.count++;
		bool solved;
		if (s.count == 2)
			solved = nearest_on_segment(&s);
		else if (s.count == 3)
			solved = nearest_on_triangle(&s);
		else {
			double weight[4];
			tetra_answer answer = nearest_on_tetrahedron(&s, sqrt(scale), weight);
			if (answer == TETRA_INSIDE) {
				if (track)
					quick_keep(t, &s, weight);
				return QUICK_MEET;
			}
			solved = answer == TETRA_FACE;
		}
		if (!solved)
			return QUICK_UNSURE;
		double next = col_vec3_dot(s.v, s.v);
		if (!(next < vv))
			return QUICK_UNSURE; /* no progress: converged on the boundary, or round-off */
		vv = next;
	}
	return QUICK_UNSURE;
}

quick_answer gjk_quick_intersect(minkowski_pair *p, double margin, col_vec3 *axis)
{
	return quick_loop(p, margin, QUICK_MAX_ITERATIONS, false, NULL, axis);
}

quick_answer gjk_quick_distance(minkowski_pair *p, int limit, quick_track *t)
{
	col_vec3 axis;
	return quick_loop(p, 0.0, limit < QUICK_MAX_ITERATIONS ? limit : QUICK_MAX_ITERATIONS, true, t, &axis);
}
