/* GJK with Johnson's sub-algorithm (source 004, with its errata in docs/sources.md: V_{k+1} is the
 * kept set united with w_k, s_K(eta) = s_A(eta) - s_B(-eta), the acceptance test is non-strict in its
 * third condition).
 *
 * The loop runs in A's body frame: B's pose is expressed there once per call, so a support of K
 * costs one rotation of the direction into B's frame and one of B's point back, and A's supports
 * cost nothing extra. Answers are turned into world coordinates at the end. */
#include "collide/gjk.h"

#include <float.h>
#include <string.h>

#include "collide/predicates.h"
#include "minkowski_internal.h"
#include "shape_exact.h"

/* The subsets of four points with two or more, by size then mask: the order in which Johnson's
 * determinants are built (a subset's come from those one point smaller) and in which the
 * acceptance test searches. */
static const unsigned subsets_by_size[] = {3, 5, 6, 9, 10, 12, 7, 11, 13, 14, 15};
enum { SUBSET_COUNT = 11 };

static int lowest_bit(unsigned mask)
{
	return __builtin_ctz(mask);
}

/* Delta_i(Y_s) for every subset s of the count points (eq. 1.11), from their dot products. */
static void johnson_deltas(double dot[4][4], int count, double deltas[16][4])
{
	unsigned all = (1u << count) - 1u;
	for (int i = 0; i < count; i++)
		deltas[1u << i][i] = 1.0;
	for (int t = 0; t < SUBSET_COUNT; t++) {
		unsigned mask = subsets_by_size[t];
		if ((mask & ~all) != 0)
			continue;
		for (int j = 0; j < count; j++) {
			if (!(mask & (1u << j)))
				continue;
			unsigned smaller = mask & ~(1u << j);
			int k = lowest_bit(smaller);
			double sum = 0.0;
			for (int i = 0; i < count; i++)
				if (smaller & (1u << i))
					sum += deltas[smaller][i] * (dot[i][k] - dot[i][j]);
			deltas[mask][j] = sum;
		}
	}
}

/* Theorem 2's three conditions for subset s. */
static bool subset_accepted(double deltas[16][4], int count, unsigned s)
{
	double total = 0.0;
	for (int i = 0; i < count; i++) {
		if (!(s & (1u << i)))
			continue;
		if (!(deltas[s][i] > 0.0))
			return false;
		total += deltas[s][i];
	}
	if (!(total > 0.0))
		return false;
	for (int j = 0; j < count; j++)
		if (!(s & (1u << j)) && deltas[s | (1u << j)][j] > 0.0)
			return false;
	return true;
}

/* The subsets in search order: singletons then the rest by size. With `newest` >= 0, the subsets
 * holding that point come first (van den Bergen: when exact, the answer always holds the newest
 * support point). Returns the accepted subset, or 0. */
static unsigned johnson_search(double deltas[16][4], int count, int newest)
{
	unsigned all = (1u << count) - 1u;
	for (int pass = newest >= 0 ? 0 : 1; pass < 2; pass++) {
		for (int i = 0; i < count; i++) {
			unsigned s = 1u << i;
			if ((pass == 0) == (i == newest) && subset_accepted(deltas, count, s))
				return s;
		}
		for (int t = 0; t < SUBSET_COUNT; t++) {
			unsigned s = subsets_by_size[t];
			if ((s & ~all) != 0)
				continue;
			bool holds = newest >= 0 && (s & (1u << newest));
			if ((pass == 0) == holds && subset_accepted(deltas, count, s))
				return s;
		}
		if (newest < 0)
			break;
	}
	return 0;
}

/* Eq. 1.17: among the subsets whose determinants are all positive, the one whose affine hull comes
 * nearest the origin (eq. 1.15 gives that distance). Singletons always qualify. */
static unsigned johnson_backup(double dot[4][4], double deltas[16][4], int count)
{
	unsigned best = 1;
	double best_distance = INFINITY;
	for (unsigned s = 1; s < (1u << count); s++) {
		double total = 0.0, weighted = 0.0;
		int k = lowest_bit(s);
		bool positive = true;
		for (int i = 0; i < count && positive; i++) {
			if (!(s & (1u << i)))
				continue;
			positive = deltas[s][i] > 0.0;
			total += deltas[s][i];
			weighted += deltas[s][i] * dot[i][k];
		}
		if (!positive || !(total > 0.0))
			continue;
		double distance = weighted / total;
		if (distance < best_distance) {
			best_distance = distance;
			best = s;
		}
	}
	return best;
}

/* Johnson on count points: the kept subset, its lambdas and v. deltas must be zeroed by the caller
 * where the trace wants the whole table; only the entries of subsets are written. */
static unsigned johnson_solve(const col_vec3 *y, int count, int newest, double deltas[16][4],
                              double lambda[4], col_vec3 *v, bool *backup)
{
	double dot[4][4];
	for (int i = 0; i < count; i++)
		for (int j = i; j < count; j++)
			dot[i][j] = dot[j][i] = col_vec3_dot(y[i], y[j]);
	johnson_deltas(dot, count, deltas);
	unsigned kept = johnson_search(deltas, count, newest);
	*backup = kept == 0;
	if (kept == 0)
		kept = johnson_backup(dot, deltas, count);
	double total = 0.0;
	for (int i = 0; i < count; i++)
		if (kept & (1u << i))
			total += deltas[kept][i];
	col_vec3 sum = {0.0, 0.0, 0.0};
	for (int i = 0; i < count; i++) {
		lambda[i] = (kept & (1u << i)) ? deltas[kept][i] / total : 0.0;
		sum = col_vec3_add(sum, col_vec3_scale(y[i], lambda[i]));
	}
	/* A single kept point is v exactly; the sum would round it. */
	if ((kept & (kept - 1u)) == 0)
		sum = y[lowest_bit(kept)];
	*v = sum;
	return kept;
}

bool col_johnson(const col_vec3 *points, int count, col_johnson_result *result)
{
	if (points == NULL || result == NULL || count < 1 || count > 4)
		return false;
	memset(result, 0, sizeof *result);
	result->kept =
	    johnson_solve(points, count, -1, result->deltas, result->lambda, &result->v, &result->backup);
	return true;
}

/* ---- the GJK loop ---- */

col_gjk_options col_gjk_default_options(void)
{
	return (col_gjk_options){1e-12, 0.0, 64, false};
}

/* The first point of a core, for the paper's start a0 - b0. */
static col_vec3 first_point(const col_shape *s, int *feature)
{
	*feature = 0;
	switch (s->kind) {
	case COL_SHAPE_POINT: return s->core.point;
	case COL_SHAPE_SEGMENT: return s->core.segment.a;
	case COL_SHAPE_TRIANGLE: return s->core.triangle.a;
	case COL_SHAPE_BOX: return col_vec3_scale(s->core.half_extents, -1.0);
	case COL_SHAPE_CONVEX: return col_convex_vertices(s->core.convex)[0];
	case COL_SHAPE_POLYGON:
		return (col_vec3){s->core.polygon.points[0].x, s->core.polygon.points[0].y, 0.0};
	default: *feature = -1; return (col_vec3){0.0, 0.0, -s->core.cylinder.half_height};
	}
}

/* A point inside a core, in its body frame: the default start uses the difference of two. */
/* The first search direction, in A's frame: from A's core centre to B's (x when they coincide). */
static col_vec3 start_direction(const minkowski_pair *p)
{
	col_vec3 d = col_vec3_sub(p->centre_b, p->centre_a);
	return col_vec3_length_squared(d) > 0.0 ? d : (col_vec3){1.0, 0.0, 0.0};
}

static void state_from_simplex(minkowski_simplex *st, const minkowski_vertex *y, int count, unsigned kept,
                               const double lambda[4], col_vec3 v)
{
	int n = 0;
	minkowski_vertex copy[4];
	memcpy(copy, y, sizeof(minkowski_vertex) * (size_t)count);
	for (int i = 0; i < count; i++)
		if (kept & (1u << i)) {
			st->y[n] = copy[i];
			st->lambda[n] = lambda[i];
			n++;
		}
	st->count = n;
	st->v = v;
	st->vv = col_vec3_dot(v, v);
}

static bool vertex_repeats(const minkowski_simplex *st, const minkowski_vertex *w)
{
	for (int i = 0; i < st->count; i++)
		if (minkowski_vertex_same(&st->y[i], w))
			return true;
	return false;
}

/* The origin as the exact tests below find it: v = 0 and the given barycentric weights (Johnson's
 * weights on a sliver are noise, and the common point a caller gets is made of them). */
static void set_origin(minkowski_simplex *st, const double *side, double total)
{
	for (int i = 0; i < st->count; i++)
		st->lambda[i] = side[i] / total;
	st->v = (col_vec3){0.0, 0.0, 0.0};
	st->vv = 0.0;
}

bool col_origin_in_tetrahedron(const col_vec3 p[4], double weights[4])
{
	const col_vec3 o = {0.0, 0.0, 0.0};
	double volume = col_orient3d(p[0], p[1], p[2], p[3]);
	if (volume == 0.0)
		return false;
	double side[4];
	for (int i = 0; i < 4; i++) {
		col_vec3 q[4] = {p[0], p[1], p[2], p[3]};
		q[i] = o;
		side[i] = col_orient3d(q[0], q[1], q[2], q[3]);
		if ((side[i] < 0.0 && volume > 0.0) || (side[i] > 0.0 && volume < 0.0))
			return false;
	}
	if (weights != NULL)
		for (int i = 0; i < 4; i++)
			weights[i] = side[i] / volume;
	return true;
}

/* The same for the simplex's four points of K; if so, the weights become the origin's. */
static bool origin_in_tetrahedron(minkowski_simplex *st)
{
	col_vec3 p[4] = {st->y[0].w, st->y[1].w, st->y[2].w, st->y[3].w};
	double weights[4];
	if (!col_origin_in_tetrahedron(p, weights))
		return false;
	set_origin(st, weights, 1.0);
	return true;
}

/* The point without coordinate `axis`. */
static col_vec2 drop_axis(col_vec3 p, int axis)
{
	return axis == 0 ? (col_vec2){p.y, p.z} : axis == 1 ? (col_vec2){p.x, p.z} : (col_vec2){p.x, p.y};
}

/* Whether the origin lies in the closed triangle of the simplex's three points, exactly; if so, the
 * weights become the origin's. The triangle is in 3D: the origin must be in its plane, and a
 * projection that keeps it a triangle is one to one on that plane (a planar pair's lies in z = 0). */
static bool origin_in_triangle(minkowski_simplex *st)
{
	const col_vec2 o2 = {0.0, 0.0};
	col_vec3 p[3] = {st->y[0].w, st->y[1].w, st->y[2].w};
	bool in_plane_z = p[0].z == 0.0 && p[1].z == 0.0 && p[2].z == 0.0; /* a planar pair: skip the test */
	if (!in_plane_z && col_orient3d(p[0], p[1], p[2], (col_vec3){0.0, 0.0, 0.0}) != 0.0)
		return false;
	for (int axis = 2; axis >= 0; axis--) {
		col_vec2 q[3] = {drop_axis(p[0], axis), drop_axis(p[1], axis), drop_axis(p[2], axis)};
		double area = col_orient2d(q[0], q[1], q[2]);
		if (area == 0.0)
			continue;
		double side[3]; /* point i's weight times the area */
		for (int i = 0; i < 3; i++) {
			side[i] = col_orient2d(q[(i + 1) % 3], q[(i + 2) % 3], o2);
			if ((side[i] < 0.0 && area > 0.0) || (side[i] > 0.0 && area < 0.0))
				return false;
		}
		set_origin(st, side, area);
		return true;
	}
	return false;
}

/* Whether the origin lies on the closed segment of the simplex's two points, exactly; if so, the
 * weights become the origin's. */
static bool origin_on_segment(minkowski_simplex *st)
{
	const col_vec3 o = {0.0, 0.0, 0.0};
	const col_vec2 o2 = {0.0, 0.0};
	col_vec3 p0 = st->y[0].w, p1 = st->y[1].w;
	if (col_vec3_equal(p0, p1))
		return false;
	for (int axis = 0; axis < 3; axis++) /* collinear: flat in every projection */
		if (col_orient2d(drop_axis(p0, axis), drop_axis(p1, axis), o2) != 0.0)
			return false;
	if (col_dot3_sign(p0, p1, o) < 0 || col_dot3_sign(p1, p0, o) < 0)
		return false;
	col_vec3 d = col_vec3_sub(p1, p0);
	double t = -col_vec3_dot(p0, d) / col_vec3_dot(d, d);
	double side[2] = {1.0 - t, t};
	set_origin(st, side, 1.0);
	return true;
}

/* Whether the origin lies in the closed simplex (1 to 4 points), exactly. When K only touches the
 * origin, or is flat (two shapes of one plane), GJK can end on a simplex that holds the origin
 * exactly while Johnson's v is round-off above the touching threshold. */
static bool origin_in_simplex(minkowski_simplex *st)
{
	switch (st->count) {
	case 1:
		if (!col_vec3_equal(st->y[0].w, (col_vec3){0.0, 0.0, 0.0}))
			return false;
		st->lambda[0] = 1.0;
		st->v = st->y[0].w;
		st->vv = 0.0;
		return true;
	case 2: return origin_on_segment(st);
	case 3: return origin_in_triangle(st);
	default: return origin_in_tetrahedron(st);
	}
}

/* Whether the origin is inside for sure without the exact test, for callers that need no exact
 * weights (col_gjk_intersect): the tetrahedron is no sliver (its Gram determinant Delta, which is
 * (6 volume)^2, is at least 1e-6 of the product of its squared edge lengths) and Johnson's every
 * weight is at least 1e-6, so round-off (about 1e-16 over the shape factor) cannot have put the
 * origin in. */
static bool clearly_inside(double deltas[16][4], const double lambda[4], const col_vec3 points[4])
{
	double total = deltas[15][0] + deltas[15][1] + deltas[15][2] + deltas[15][3];
	double e1 = col_vec3_length_squared(col_vec3_sub(points[1], points[0]));
	double e2 = col_vec3_length_squared(col_vec3_sub(points[2], points[0]));
	double e3 = col_vec3_length_squared(col_vec3_sub(points[3], points[0]));
	if (!(total >= 1e-6 * e1 * e2 * e3))
		return false;
	return lambda[0] >= 1e-6 && lambda[1] >= 1e-6 && lambda[2] >= 1e-6 && lambda[3] >= 1e-6;
}

/* The simplex of the best facet of a full simplex y[0..n-1] (n = 3 or 4) that the exact test
 * rejected: Johnson's answer on each facet, the one nearest the origin. */
static void nearest_facet(const minkowski_vertex *y, int n, minkowski_simplex *out)
{
	out->vv = INFINITY;
	for (int skip = 0; skip < n; skip++) {
		minkowski_vertex fy[3];
		col_vec3 fw[3], fv;
		double fd[16][4], fl[4];
		bool backup;
		for (int i = 0, m = 0; i < n; i++)
			if (i != skip) {
				fy[m] = y[i];
				fw[m++] = y[i].w;
			}
		unsigned kept = johnson_solve(fw, n - 1, -1, fd, fl, &fv, &backup);
		minkowski_simplex facet;
		state_from_simplex(&facet, fy, n - 1, kept, fl, fv);
		if (facet.vv < out->vv)
			*out = facet;
	}
}

static double simplex_scale(const minkowski_simplex *st)
{
	double scale = 0.0; /* plain comparisons: gcc calls fmax rather than inlining it */
	for (int i = 0; i < st->count; i++) {
		double a = col_vec3_length_squared(st->y[i].a), b = col_vec3_length_squared(st->y[i].b);
		scale = a > scale ? a : scale;
		scale = b > scale ? b : scale;
	}
	return scale;
}

/* ---- the exact last word (shape_exact.h) ----
 * GJK decides from rounded points with round-off bands: an answer whose margin lies within such a
 * band (cores within rounding of touching, or of the radii's sum) is handed to the exact test where
 * the pair has one. The band is far wider than the round-off, so every answer outside it is
 * certain, and cheap to tell from the loop's own numbers. */

/* Half the width of the band around touching, in length units. */
static double exact_band(const minkowski_pair *p, const minkowski_simplex *st)
{
	double scale = simplex_scale(st);
	scale = scale > p->pose_scale ? scale : p->pose_scale;
	return 1e-9 * (sqrt(scale) + p->a->radius + p->b->radius);
}

/* How far the origin lies inside a full simplex (a tetrahedron, or a triangle for 2D shapes): its
 * distance to the nearest facet (edge), in floating point; 0 for a simplex that is not full. */
static double origin_depth(const minkowski_pair *p, const minkowski_simplex *st)
{
	double depth = INFINITY;
	if (p->planar && st->count == 3) {
		for (int i = 0; i < 3; i++) {
			col_vec3 a = st->y[i].w, b = st->y[(i + 1) % 3].w;
			col_vec3 e = col_vec3_sub(b, a);
			double length = sqrt(col_vec3_length_squared(e));
			double d = fabs(e.x * a.y - e.y * a.x) / length;
			depth = d < depth ? d : depth;
		}
		return depth;
	}
	if (p->planar || st->count != 4)
		return 0.0;
	for (int skip = 0; skip < 4; skip++) {
		col_vec3 f[3];
		for (int i = 0, m = 0; i < 4; i++)
			if (i != skip)
				f[m++] = st->y[i].w;
		col_vec3 n = col_vec3_cross(col_vec3_sub(f[1], f[0]), col_vec3_sub(f[2], f[0]));
		double d = fabs(col_vec3_dot(n, f[0])) / sqrt(col_vec3_length_squared(n));
		depth = d < depth ? d : depth;
	}
	return depth;
}

/* The exact answer where the pair has one, else the loop's. */
static bool settle_meet(const col_shape *a, const col_shape *b, bool approximate)
{
	bool meet;
	return shape_exact_meet(a, b, &meet) ? meet : approximate;
}

static col_simplex_vertex vertex_to_world(const minkowski_pair *p, const minkowski_vertex *y)
{
	col_simplex_vertex out;
	out.a = col_relative_to_world(&p->pose, y->a);
	out.b = col_relative_to_world(&p->pose, y->b);
	out.w = col_relative_direction_to_world(&p->pose, y->w);
	out.feature_a = y->feature_a;
	out.feature_b = y->feature_b;
	return out;
}

/* Starts the simplex at one point of K. */
static void state_from_vertex(minkowski_simplex *st, const minkowski_vertex *y)
{
	st->count = 1;
	st->y[0] = *y;
	st->lambda[0] = 1.0;
	st->v = y->w;
	st->vv = col_vec3_dot(y->w, y->w);
}

/* Starts the simplex from the cache's n points of K, newest first, reduced
 * by Johnson's sub-algorithm. False for a full simplex that the exact test says does not hold the
 * origin (a sliver): the caller starts afresh. */
static bool state_from_points(minkowski_pair *p, minkowski_simplex *st, const minkowski_vertex *y, int n)
{
	if (y[0].feature_a >= 0)
		p->hint_a = y[0].feature_a;
	if (y[0].feature_b >= 0)
		p->hint_b = y[0].feature_b;
	col_vec3 w[4] = {{0.0, 0.0, 0.0}};
	for (int i = 0; i < n; i++)
		w[i] = y[i].w;
	double deltas[16][4], lambda[4];
	col_vec3 v;
	bool backup;
	unsigned kept = johnson_solve(w, n, -1, deltas, lambda, &v, &backup);
	state_from_simplex(st, y, n, kept, lambda, v);
	return st->count < (p->planar ? 3 : 4) || origin_in_simplex(st);
}

/* Starts the simplex: the cache's points where it has some, else a0 - b0 (paper) or the
 * difference of two inner points. */
static void state_start(minkowski_pair *p, minkowski_simplex *st, const col_gjk_cache *cache)
{
	if (cache != NULL && cache->count > 0 && cache->count <= 4 && !p->paper) {
		minkowski_vertex y[4];
		int n = cache->count;
		for (int i = 0; i < n; i++) {
			y[i].a = cache->local_a[i];
			y[i].b_local = cache->local_b[i];
			y[i].b = minkowski_b_to_a(p, y[i].b_local);
			y[i].w = col_vec3_sub(y[i].a, y[i].b);
			y[i].feature_a = cache->feature_a[i];
			y[i].feature_b = cache->feature_b[i];
		}
		if (state_from_points(p, st, y, n))
			return;
		/* A sliver the exact test rejects: start afresh instead. */
	}
	minkowski_vertex y;
	if (p->paper) {
		y.a = first_point(p->a, &y.feature_a);
		y.b_local = first_point(p->b, &y.feature_b);
		y.b = minkowski_b_to_a(p, y.b_local);
		y.w = col_vec3_sub(y.a, y.b);
	} else {
		/* K's support point along the line between the cores' centres, not the centres' difference
		 * itself: that point lies inside K, and kept in the simplex it gives EPA zero-area faces
		 * on symmetric shapes. */
		y = minkowski_support(p, start_direction(p));
	}
	state_from_vertex(st, &y);
}

static void cache_store(col_gjk_cache *cache, const minkowski_simplex *st)
{
	if (cache == NULL)
		return;
	cache->count = st->count;
	for (int i = 0; i < st->count; i++) {
		cache->local_a[i] = st->y[i].a;
		cache->local_b[i] = st->y[i].b_local;
		cache->feature_a[i] = st->y[i].feature_a;
		cache->feature_b[i] = st->y[i].feature_b;
	}
}

/* Squared |v| below which the origin counts as reached: rounding of coordinates of size sqrt(scale). */
static double touching_threshold(double scale)
{
	double e = 8.0 * DBL_EPSILON;
	return e * e * scale;
}

/* Whether a loop that ended apart (round-off, the iteration limit) leaves the shapes unproven apart:
 * no iteration's support point showed a plane parting K from the origin by more than the margin
 * (the radii) and round-off, and the last v is no converged answer either: still far from
 * converged (on a curved K near contact Johnson's simplex turns to a sliver long before the
 * distance is found), or within round-off of the origin (two identical shapes: K's simplex passes
 * the origin by a few ulps, and v's direction is noise). Such shapes touch within GJK's reach. A
 * converged v with no plane beyond round-off (two segments 1e-9 apart, v's direction off by the
 * coordinates' rounding) is a true distance. */
static bool unproven_apart(minkowski_pair *p, const minkowski_simplex *st, double lower, double margin)
{
	double scale = simplex_scale(st);
	if (minkowski_clearly_apart(p, lower, 1.0, margin, scale))
		return false;
	double noise = 64.0 * DBL_EPSILON;
	if (st->vv <= noise * noise * scale)
		return true;
	minkowski_vertex w = minkowski_support(p, col_vec3_scale(st->v, -1.0));
	return st->vv - col_vec3_dot(st->v, w.w) > 2.0 * noise * scale;
}

/* Whether a loop that ended short of a full simplex has in fact found the origin: exactly in its
 * last simplex (touching or flat K), or not proven apart. */
static bool ends_touching(minkowski_pair *p, minkowski_simplex *st, double lower, double margin)
{
	return origin_in_simplex(st) || unproven_apart(p, st, lower, margin);
}

/* The loop itself. Returns the status; st holds the final simplex. With `early` the loop stops as
 * soon as the cores are known to lie farther apart than `margin` (the radii) or nearer. */
typedef enum loop_end { END_SEPARATED, END_INTERSECTING, END_MAX, END_APART, END_WITHIN } loop_end;

static loop_end gjk_loop(minkowski_pair *p, minkowski_simplex *st, const col_gjk_options *o, bool early,
                         double margin, col_gjk_trace *trace, int *iterations, bool *used_backup,
                         double *lower)
{
	*iterations = 0;
	*used_backup = false;
	*lower = 0.0;
	for (;;) {
		double scale = simplex_scale(st);
		if (st->count == 4 || (p->planar && st->count == 3) || st->vv <= touching_threshold(scale))
			return END_INTERSECTING;
		if (early && st->vv <= margin * margin)
			return END_WITHIN;
		if (*iterations >= o->max_iterations)
			return END_MAX;
		minkowski_vertex w = minkowski_support(p, col_vec3_scale(st->v, -1.0));
		(*iterations)++;
		double vw = col_vec3_dot(st->v, w.w);
		double g = st->vv - vw;
		double length = sqrt(st->vv);
		if (vw > 0.0 && vw / length > *lower)
			*lower = vw / length;
		bool stop = g <= o->relative_tolerance * st->vv || g <= o->absolute_tolerance ||
		            vertex_repeats(st, &w);
		col_gjk_step *step = NULL;
		if (trace != NULL) {
			int k = trace->count++;
			if (trace->steps != NULL && k < trace->capacity) {
				step = &trace->steps[k];
				memset(step, 0, sizeof *step);
				const col_relative_pose *rp = &p->pose;
				step->v = col_relative_direction_to_world(rp, st->v);
				step->vv = st->vv;
				step->support_a = col_relative_to_world(rp, w.a);
				step->support_b = col_relative_to_world(rp, w.b);
				step->h_a = -col_vec3_dot(step->v, step->support_a);
				step->h_b = col_vec3_dot(step->v, step->support_b);
				step->w = col_relative_direction_to_world(rp, w.w);
				step->g = g;
				step->lower_bound = *lower;
				step->upper_bound = length;
				step->stop = stop;
			}
		}
		if (early && minkowski_clearly_apart(p, vw, st->vv, margin, scale))
			return END_APART;
		if (stop)
			return END_SEPARATED;
		minkowski_vertex y[4];
		col_vec3 points[4];
		int n = st->count;
		memcpy(y, st->y, sizeof(minkowski_vertex) * (size_t)n);
		y[n] = w;
		n++;
		for (int i = 0; i < n; i++)
			points[i] = y[i].w;
		double deltas[16][4], lambda[4];
		if (step != NULL)
			memset(deltas, 0, sizeof deltas);
		col_vec3 v;
		bool backup;
		unsigned kept = johnson_solve(points, n, o->paper ? -1 : n - 1, deltas, lambda, &v, &backup);
		*used_backup = *used_backup || backup;
		if (step != NULL) {
			step->candidates.count = n;
			for (int i = 0; i < n; i++) {
				step->candidates.vertices[i] = vertex_to_world(p, &y[i]);
				step->candidates.lambda[i] = lambda[i];
			}
			step->johnson.v = col_relative_direction_to_world(&p->pose, v);
			step->johnson.kept = kept;
			memcpy(step->johnson.lambda, lambda, sizeof lambda);
			memcpy(step->johnson.deltas, deltas, sizeof deltas);
			step->johnson.backup = backup;
		}
		double previous = st->vv;
		minkowski_simplex next;
		state_from_simplex(&next, y, n, kept, lambda, v);
		if (next.count == (p->planar ? 3 : 4)) {
			/* Johnson keeps a full simplex only when the origin is inside, and round-off can make
			 * it say so wrongly (its weights on a sliver are noise): the exact orientations
			 * decide. Outside, the origin lies on or by one of the facets (K touches it there, or
			 * the simplex is a sliver on K's boundary): the loop goes on from the facet nearest
			 * it. */
			if (origin_in_simplex(&next)) {
				*st = next;
				return END_INTERSECTING;
			}
			nearest_facet(y, n, &next);
		}
		if (next.vv >= previous) {
			/* No progress: round-off has the last word; the previous simplex stands. */
			if (step != NULL)
				step->stop = true;
			return END_SEPARATED;
		}
		*st = next;
	}
}

/* ---- the fast loop: van den Bergen's bookkeeping of Johnson's determinants ----
 * The same algorithm as gjk_loop, for the default mode without a trace. Points keep their slot (bit)
 * for as long as they stay in the simplex, so their dot products and the determinants of every subset
 * of them stay valid: a new point, in a free slot, needs only its own dot products and the
 * determinants of the subsets that hold it, and the search tries only those subsets (with exact
 * arithmetic the answer always holds the newest point). When no subset passes (round-off), the
 * general search and the backup procedure of gjk_loop take over on the same points. */

typedef struct slot_simplex {
	unsigned bits; /* occupied slots */
	minkowski_vertex y[4];
	double lambda[4];
	double dot[4][4];
	double deltas[16][4];
	col_vec3 v;
	double vv;
} slot_simplex;

static double simplex_scale_slots(const slot_simplex *s)
{
	double scale = 0.0;
	for (int i = 0; i < 4; i++)
		if (s->bits & (1u << i)) {
			double a = col_vec3_length_squared(s->y[i].a), b = col_vec3_length_squared(s->y[i].b);
			scale = a > scale ? a : scale;
			scale = b > scale ? b : scale;
		}
	return scale;
}

/* Subsets of the occupied slots in order of size, so a subset's determinants come after its own. */
static const unsigned by_size[15] = {1, 2, 4, 8, 3, 5, 6, 9, 10, 12, 7, 11, 13, 14, 15};

static void slot_from_state(slot_simplex *s, const minkowski_simplex *st)
{
	s->bits = (1u << st->count) - 1u;
	col_vec3 w[4];
	for (int i = 0; i < st->count; i++) {
		s->y[i] = st->y[i];
		s->lambda[i] = st->lambda[i];
		w[i] = st->y[i].w;
	}
	for (int i = 0; i < st->count; i++)
		for (int j = i; j < st->count; j++)
			s->dot[i][j] = s->dot[j][i] = col_vec3_dot(w[i], w[j]);
	johnson_deltas(s->dot, st->count, s->deltas);
	s->v = st->v;
	s->vv = st->vv;
}

static void slot_to_state(const slot_simplex *s, minkowski_simplex *st)
{
	int n = 0;
	for (int i = 0; i < 4; i++)
		if (s->bits & (1u << i)) {
			st->y[n] = s->y[i];
			st->lambda[n] = s->lambda[i];
			n++;
		}
	st->count = n;
	st->v = s->v;
	st->vv = s->vv;
}

/* Theorem 2 for subset t of the occupied slots `all`. */
static bool slot_accepted(const slot_simplex *s, unsigned all, unsigned t)
{
	double total = 0.0;
	for (int i = 0; i < 4; i++)
		if (t & (1u << i)) {
			if (!(s->deltas[t][i] > 0.0))
				return false;
			total += s->deltas[t][i];
		}
	if (!(total > 0.0))
		return false;
	for (int j = 0; j < 4; j++)
		if ((all & ~t) & (1u << j) && s->deltas[t | (1u << j)][j] > 0.0)
			return false;
	return true;
}

/* Adds w in a free slot and reduces: returns the kept subset (0 when no subset passed). */
static unsigned slot_add(slot_simplex *s, const minkowski_vertex *w)
{
	int n = __builtin_ctz(~s->bits & 15u);
	unsigned last = 1u << n, all = s->bits | last;
	s->y[n] = *w;
	for (int i = 0; i < 4; i++)
		if (s->bits & (1u << i))
			s->dot[n][i] = s->dot[i][n] = col_vec3_dot(w->w, s->y[i].w);
	s->dot[n][n] = col_vec3_dot(w->w, w->w);
	s->deltas[last][n] = 1.0;
	/* Every subset t = u + last, u a nonempty subset of the old slots, by size. */
	for (int k = 0; k < 15; k++) {
		unsigned u = by_size[k];
		if ((u & ~s->bits) != 0)
			continue;
		unsigned t = u | last;
		for (int j = 0; j < 4; j++) {
			if (!(t & (1u << j)))
				continue;
			unsigned smaller = t & ~(1u << j);
			int kk = __builtin_ctz(smaller);
			double sum = 0.0;
			for (int i = 0; i < 4; i++)
				if (smaller & (1u << i))
					sum += s->deltas[smaller][i] * (s->dot[i][kk] - s->dot[i][j]);
			s->deltas[t][j] = sum;
		}
	}
	if (slot_accepted(s, all, last))
		return last;
	for (int k = 0; k < 15; k++) {
		unsigned u = by_size[k];
		if ((u & ~s->bits) != 0)
			continue;
		if (slot_accepted(s, all, u | last))
			return u | last;
	}
	return 0;
}

/* With `early` (col_gjk_intersect) the loop stops as soon as the answer is known; without it the
 * origin's weights in a full simplex must be exact (the common point of an overlap is made of
 * them), not Johnson's. */
static loop_end fast_loop(minkowski_pair *p, minkowski_simplex *st, const col_gjk_options *o, bool early,
                          double margin, int *iterations, bool *used_backup, double *lower)
{
	slot_simplex s;
	slot_from_state(&s, st);
	*iterations = 0;
	*used_backup = false;
	*lower = 0.0;
	int full = p->planar ? 3 : 4;
	loop_end end;
	for (;;) {
		int count = __builtin_popcount(s.bits);
		if (count == full) {
			end = END_INTERSECTING;
			break;
		}
		if (s.vv <= touching_threshold(simplex_scale_slots(&s))) {
			end = END_INTERSECTING;
			break;
		}
		if (early && s.vv <= margin * margin) {
			end = END_WITHIN;
			break;
		}
		if (*iterations >= o->max_iterations) {
			end = END_MAX;
			break;
		}
		minkowski_vertex w = minkowski_support(p, col_vec3_scale(s.v, -1.0));
		(*iterations)++;
		double vw = col_vec3_dot(s.v, w.w);
		double length = sqrt(s.vv);
		if (vw > 0.0 && vw / length > *lower)
			*lower = vw / length;
		if (early && vw > margin * length &&
		    minkowski_clearly_apart(p, vw, s.vv, margin, simplex_scale_slots(&s))) {
			end = END_APART;
			break;
		}
		double g = s.vv - vw;
		bool repeats = false;
		for (int i = 0; i < 4; i++)
			if ((s.bits & (1u << i)) && minkowski_vertex_same(&s.y[i], &w))
				repeats = true;
		if (g <= o->relative_tolerance * s.vv || g <= o->absolute_tolerance || repeats) {
			end = END_SEPARATED;
			break;
		}
		unsigned old_bits = s.bits;
		int slot = __builtin_ctz(~s.bits & 15u);
		unsigned kept = slot_add(&s, &w);
		if (kept == 0) {
			/* Round-off: the general search and backup on the same points. */
			col_vec3 points[4];
			int n = 0, index_of[4];
			unsigned all = old_bits | (1u << slot);
			for (int i = 0; i < 4; i++)
				if (all & (1u << i)) {
					index_of[n] = i;
					points[n] = s.y[i].w;
					n++;
				}
			double deltas[16][4], lambda[4];
			col_vec3 v;
			bool backup;
			unsigned k2 = johnson_solve(points, n, -1, deltas, lambda, &v, &backup);
			*used_backup = *used_backup || backup;
			kept = 0;
			for (int i = 0; i < n; i++)
				if (k2 & (1u << i))
					kept |= 1u << index_of[i];
		}
		double total = 0.0;
		for (int i = 0; i < 4; i++)
			if (kept & (1u << i))
				total += s.deltas[kept][i];
		col_vec3 v = {0.0, 0.0, 0.0};
		double lambda[4] = {0, 0, 0, 0};
		for (int i = 0; i < 4; i++)
			if (kept & (1u << i)) {
				lambda[i] = s.deltas[kept][i] / total;
				v = col_vec3_add(v, col_vec3_scale(s.y[i].w, lambda[i]));
			}
		if ((kept & (kept - 1u)) == 0)
			v = s.y[__builtin_ctz(kept)].w;
		int kept_count = __builtin_popcount(kept);
		if (kept_count == full) {
			/* Every slot is kept: the origin is inside, unless round-off made a sliver say so
			 * (gjk_loop's reasoning); the exact test decides, and outside the loop goes on from
			 * the nearest facet. */
			minkowski_simplex full_simplex;
			full_simplex.count = 0;
			col_vec3 points[4];
			for (int i = 0; i < 4; i++)
				if (kept & (1u << i)) {
					points[full_simplex.count] = s.y[i].w;
					full_simplex.y[full_simplex.count++] = s.y[i];
				}
			if (early && !p->planar && clearly_inside(s.deltas, lambda, points)) {
				s.bits = kept;
				memcpy(s.lambda, lambda, sizeof lambda);
				s.v = v;
				s.vv = col_vec3_dot(v, v);
				end = END_INTERSECTING;
				break;
			}
			if (origin_in_simplex(&full_simplex)) {
				for (int i = 0, m = 0; i < 4; i++)
					if (kept & (1u << i))
						s.lambda[i] = full_simplex.lambda[m++];
				s.bits = kept;
				s.v = full_simplex.v;
				s.vv = 0.0;
				end = END_INTERSECTING;
				break;
			}
			minkowski_simplex facet;
			nearest_facet(full_simplex.y, full, &facet);
			if (!(facet.vv < s.vv)) {
				s.bits = old_bits; /* no progress: the previous simplex stands */
				end = END_SEPARATED;
				break;
			}
			slot_from_state(&s, &facet);
			continue;
		}
		double vv = col_vec3_dot(v, v);
		if (vv >= s.vv) {
			s.bits = old_bits; /* no progress: the previous simplex stands */
			end = END_SEPARATED;
			break;
		}
		s.bits = kept;
		memcpy(s.lambda, lambda, sizeof lambda);
		s.v = v;
		s.vv = vv;
	}
	slot_to_state(&s, st);
	return end;
}

/* Into a zeroed s (in place: the simplex is most of a result's bytes). */
static void simplex_to_world(const minkowski_pair *p, const minkowski_simplex *st, col_simplex *s)
{
	s->count = st->count;
	for (int i = 0; i < st->count; i++) {
		s->vertices[i] = vertex_to_world(p, &st->y[i]);
		s->lambda[i] = st->lambda[i];
	}
}

/* How col_gjk_distance's quick start went. */
typedef enum quick_start { QUICK_START_NONE, QUICK_START_SEEDED, QUICK_START_MET } quick_start;

/* The quick loop first (gjk_quick.c), where the distance loop would start afresh (defaults' loop,
 * no cache, no trace, 3D) and the balls do not show the shapes apart (those need the distance
 * loop's every step): a tetrahedron of K that certainly holds the origin ends the query (MET: st
 * is that simplex with the origin's weights). A separating plane found by the first support point
 * hands that point to the distance loop as its start (SEEDED); found later, the loop starts
 * afresh (NONE). *iterations counts the support points asked for. */
static quick_start quick_distance_start(minkowski_pair *p, minkowski_simplex *st, const col_gjk_options *o,
                                        const col_gjk_cache *cache, const col_gjk_trace *trace,
                                        int *iterations)
{
	*iterations = 0;
	if (o->paper || trace != NULL || (cache != NULL && cache->count > 0) || p->planar)
		return QUICK_START_NONE;
	col_vec3 axis;
	if (gjk_spheres_intersect(p, &axis) == QUICK_APART)
		return QUICK_START_NONE;
	quick_track t;
	quick_answer answer = gjk_quick_distance(p, o->max_iterations, &t);
	*iterations = t.iterations;
	if (answer == QUICK_MEET) {
		st->count = 4;
		for (int i = 0; i < 4; i++) {
			st->y[i] = t.vertices[t.simplex[i]];
			st->lambda[i] = t.weight[i];
		}
		st->v = (col_vec3){0.0, 0.0, 0.0};
		st->vv = 0.0;
		return QUICK_START_MET;
	}
	if (answer == QUICK_APART && t.simplex_count == 2) {
		/* The first support point, along the centres' difference: the point the distance loop
		 * would start from alone (state_start), so it goes on exactly as it would have, and
		 * counts its iterations as it would have (its starting point is not one of them). */
		state_from_vertex(st, &t.vertices[t.simplex[1]]);
		*iterations = t.iterations - 1;
		return QUICK_START_SEEDED;
	}
	p->hint_a = p->hint_b = -1; /* the distance loop starts as it would alone */
	return QUICK_START_NONE;
}

col_gjk_result col_gjk_distance(const col_shape *a, const col_shape *b, const col_gjk_options *options,
                                col_gjk_cache *cache, col_gjk_trace *trace)
{
	col_gjk_result r;
	memset(&r, 0, sizeof r);
	if (trace != NULL)
		trace->count = 0;
	if (!col_shape_is_placed(a) || !col_shape_is_placed(b)) {
		r.status = COL_GJK_INVALID;
		r.distance = r.core_distance = r.lower_bound = r.upper_bound = INFINITY;
		return r;
	}
	col_gjk_options o = options != NULL ? *options : col_gjk_default_options();
	minkowski_pair p = minkowski_pair_make(a, b, o.paper);
	minkowski_simplex st;
	double lower = 0.0;
	loop_end end;
	int quick_iterations;
	quick_start quick = quick_distance_start(&p, &st, &o, cache, trace, &quick_iterations);
	if (quick == QUICK_START_MET) {
		end = END_INTERSECTING;
	} else {
		if (quick == QUICK_START_NONE)
			state_start(&p, &st, cache);
		o.max_iterations -= quick_iterations;
		end = o.paper || trace != NULL
		          ? gjk_loop(&p, &st, &o, false, 0.0, trace, &r.iterations, &r.backup, &lower)
		          : fast_loop(&p, &st, &o, false, 0.0, &r.iterations, &r.backup, &lower);
		if (end != END_INTERSECTING && ends_touching(&p, &st, lower, 0.0))
			end = END_INTERSECTING;
	}
	r.iterations += quick_iterations;
	cache_store(cache, &st);
	simplex_to_world(&p, &st, &r.simplex);

	col_vec3 core_a, core_b;
	minkowski_simplex_points(&st, &core_a, &core_b);
	double radii = a->radius + b->radius;
	double band = exact_band(&p, &st);
	if (end == END_INTERSECTING) {
		if (quick == QUICK_START_MET || origin_depth(&p, &st) > band || settle_meet(a, b, true)) {
			r.status = COL_GJK_INTERSECTING;
			r.overlap = true;
			r.point_a = r.point_b = col_relative_to_world(&p.pose, core_a);
			return r;
		}
		/* Apart by less than round-off: no direction of the loop's can be trusted; the cores'
		 * centres give one, and the distance is the least positive one. */
		r.status = COL_GJK_SEPARATED;
		col_vec3 towards_b = col_vec3_sub(p.centre_b, p.centre_a);
		double length = sqrt(col_vec3_length_squared(towards_b));
		col_vec3 normal_local =
		    length > 0.0 ? col_vec3_scale(towards_b, 1.0 / length) : (col_vec3){1.0, 0.0, 0.0};
		r.normal = col_relative_direction_to_world(&p.pose, normal_local);
		r.point_a = col_relative_to_world(
		    &p.pose, col_vec3_add(core_a, col_vec3_scale(normal_local, a->radius)));
		r.point_b = col_relative_to_world(
		    &p.pose, col_vec3_sub(core_a, col_vec3_scale(normal_local, b->radius)));
		r.distance = r.core_distance = r.upper_bound = DBL_TRUE_MIN;
		r.lower_bound = 0.0;
		return r;
	}
	r.status = end == END_MAX ? COL_GJK_MAX_ITERATIONS : COL_GJK_SEPARATED;
	double length = sqrt(st.vv);
	r.core_distance = length;
	r.upper_bound = length;
	r.lower_bound = fmin(lower, length);
	/* v = a - b points from B to A: the normal from A towards B is -v / |v|. */
	col_vec3 normal_local = col_vec3_scale(st.v, -1.0 / length);
	r.normal = col_relative_direction_to_world(&p.pose, normal_local);
	r.point_a =
	    col_relative_to_world(&p.pose, col_vec3_add(core_a, col_vec3_scale(normal_local, a->radius)));
	r.point_b =
	    col_relative_to_world(&p.pose, col_vec3_sub(core_b, col_vec3_scale(normal_local, b->radius)));
	r.overlap = length <= radii;
	if (fabs(length - radii) <= band)
		r.overlap = settle_meet(a, b, r.overlap);
	/* A gap the rounded lengths lose is still a gap: the least positive distance says so. */
	r.distance = r.overlap ? 0.0 : fmax(length - radii, DBL_TRUE_MIN);
	return r;
}

bool col_gjk_intersect(const col_shape *a, const col_shape *b, col_gjk_cache *cache,
                       col_vec3 *separating_axis)
{
	if (separating_axis != NULL)
		*separating_axis = (col_vec3){0.0, 0.0, 0.0};
	if (!col_shape_is_placed(a) || !col_shape_is_placed(b))
		return false;
	if (a->kind == COL_SHAPE_POINT && b->kind == COL_SHAPE_POINT) {
		/* Two balls: the exact comparison of their centres' distance with the radii's sum costs
		 * no more than the loop, whose round-off band it replaces. */
		bool meet = settle_meet(a, b, false);
		if (!meet && separating_axis != NULL)
			*separating_axis = col_vec3_sub(col_shape_world_point(b, b->core.point),
			                                col_shape_world_point(a, a->core.point));
		return meet;
	}
	col_gjk_options o = col_gjk_default_options();
	minkowski_pair p = minkowski_pair_make(a, b, false);
	double margin = a->radius + b->radius;
	/* The balls' test, then the quick loop where no cache asks for the simplex: their answers are
	 * certain (a cache is left as it was when the balls answer). */
	col_vec3 axis;
	quick_answer quick = gjk_spheres_intersect(&p, &axis);
	if (quick == QUICK_UNSURE && cache == NULL && !p.planar)
		quick = gjk_quick_intersect(&p, margin, &axis);
	if (quick == QUICK_MEET)
		return true;
	if (quick == QUICK_APART) {
		if (separating_axis != NULL)
			*separating_axis = col_relative_direction_to_world(&p.pose, axis);
		return false;
	}
	p.hint_a = p.hint_b = -1; /* the full loop starts as it would alone */
	minkowski_simplex st;
	state_start(&p, &st, cache);
	int iterations;
	bool backup;
	double lower;
	loop_end end = fast_loop(&p, &st, &o, true, margin, &iterations, &backup, &lower);
	if ((end == END_SEPARATED || end == END_MAX) && ends_touching(&p, &st, lower, margin))
		end = END_INTERSECTING;
	cache_store(cache, &st);
	double band = exact_band(&p, &st);
	bool meet;
	if (end == END_APART)
		meet = false;
	else if (end == END_INTERSECTING)
		meet = origin_depth(&p, &st) > band || settle_meet(a, b, true);
	else if (end == END_WITHIN)
		meet = sqrt(st.vv) < margin - band || settle_meet(a, b, true);
	else if (end != END_MAX && minkowski_clearly_apart(&p, st.vv, st.vv, margin, simplex_scale(&st)))
		/* Apart by more than the round-off of the points and of B's pose in A's frame. */
		meet = sqrt(st.vv) <= margin + band && settle_meet(a, b, false);
	else
		meet = settle_meet(a, b, end != END_MAX || st.vv <= margin * margin);
	if (!meet && separating_axis != NULL) {
		col_vec3 axis_local = col_vec3_scale(st.v, -1.0);
		if (!(st.vv > 0.0))
			axis_local = col_vec3_sub(p.centre_b, p.centre_a);
		*separating_axis = col_relative_direction_to_world(&p.pose, axis_local);
	}
	return meet;
}

col_vec3 col_minkowski_support(const col_shape *a, const col_shape *b, col_vec3 direction,
                               col_vec3 *support_a, col_vec3 *support_b)
{
	col_vec3 sa = col_transform3_apply(
	    a->pose, col_shape_support_local(
	                 a, col_quat_apply(col_quat_conjugate(a->pose.rotation), direction), NULL));
	col_vec3 sb = col_transform3_apply(
	    b->pose,
	    col_shape_support_local(
	        b, col_quat_apply(col_quat_conjugate(b->pose.rotation), col_vec3_scale(direction, -1.0)),
	        NULL));
	if (support_a != NULL)
		*support_a = sa;
	if (support_b != NULL)
		*support_b = sb;
	return col_vec3_sub(sa, sb);
}

bool col_gjk_run(minkowski_pair *p, minkowski_simplex *st, col_gjk_cache *cache, int *iterations)
{
	col_gjk_options o = col_gjk_default_options();
	state_start(p, st, cache);
	int count;
	bool backup;
	double lower;
	loop_end end = fast_loop(p, st, &o, false, 0.0, &count, &backup, &lower);
	bool meet = end == END_INTERSECTING || ends_touching(p, st, lower, 0.0);
	cache_store(cache, st);
	if (iterations != NULL)
		*iterations = count;
	return meet;
}
