/* The brute-force oracle of the convex queries (shape_oracle.h).
 *
 * Five parts, each using only the ones before it:
 * 1. Exact signs of 2x2 and 3x3 determinants whose columns are differences of input points: a
 *    floating-point filter, then expansion arithmetic (expansion.h).
 * 2. The exact convex hull of a point set: its dimension, facets, edges, a triangulation of its
 *    boundary (or of itself when flat), all found by enumeration with exact predicates.
 * 3. The exact separation test of two hulls (the separating plane theorem, with every candidate).
 * 4. The floating-point distance of two polytopes by enumeration of feature pairs, and a certified
 *    interval around it from the witnesses (upper bound) and a separating direction (lower bound).
 * 5. Shapes: their world vertices, the radii, and the curved kinds by inscribed polytopes.
 *
 * Why the separation test is complete. Let K = hull(A) - hull(B) (Minkowski difference); the hulls
 * are disjoint iff 0 is not in K iff a plane strictly separates them. Let D be the dimension of the
 * affine hull of A u B.
 * - D = 3. If K is full-dimensional, 0 lies strictly outside one of K's facets, and each facet of K
 *   is a facet of hull(A) plus a vertex of hull(B), a vertex of A plus a facet of B, or an edge of
 *   each (not parallel): its normal is a facet normal of A or B (for a flat set: its plane's normal)
 *   or the cross product of an edge direction of A and one of B. If K is flat (A and B each flat or
 *   a segment, spanning one plane direction between them) and D = 3, 0 lies off K's plane, whose
 *   normal is again of those kinds (a flat set's normal, or the cross product of the two segment
 *   directions), and it separates strictly. K cannot be a segment or a point when D = 3.
 * - D = 2: everything lies in one plane, which a coordinate projection maps one to one (exactly)
 *   onto a coordinate plane; K's edges there are edges of A or of B, so the candidates are the
 *   normals of A's and B's edges within the plane (for a segment: its own direction's normal).
 * - D = 1: intervals on a common line; D = 0: one common point.
 * Each candidate is tested exactly: the direction is a cross product of point differences (or a
 * facet plane through three points), and the order of two points x, y along n = u x v is the sign
 * of det[u, v, y - x], decided exactly. A candidate separates iff the largest value over one set is
 * strictly below the smallest over the other, so touching sets are never separated. Before all that,
 * a vertex of one set inside the other's solid hull (exact, against its facet planes) settles an
 * overlap at once. */
#include "collide/shape_oracle.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collide/predicates.h"
#include "expansion.h"

#define U 0x1p-53 /* unit roundoff of double */

/* Rounding-error bounds of the float parts are this fraction of the coordinates' size. The exact
 * analysis of the transform (col_quat_apply then the translation) gives about
 * 128 u (1 + |q|^2) |p| + 2 u |t| (u = 2^-53); 2^-44 = 512 u leaves a margin of four. */
#define ERROR_SCALE 0x1p-44

#if defined(__GNUC__)
#define ORACLE_NOINLINE __attribute__((noinline))
#else
#define ORACLE_NOINLINE
#endif

/* ---- 1. exact signs ---- */

/* a * b - c * d for expansions of at most 2 components each: at most 16 components in h. */
static int cross_term(const double *a, int na, const double *b, int nb, const double *c, int nc,
                      const double *d, int nd, double *h)
{
	double left[8], right[8], scratch[12];
	int nl = col_expansion_mul(na, a, nb, b, left, scratch);
	int nr = col_expansion_mul(nc, c, nd, d, right, scratch);
	return col_expansion_diff(nl, left, nr, right, h);
}

static ORACLE_NOINLINE int det2_exact(col_vec2 u1, col_vec2 u0, col_vec2 v1, col_vec2 v0)
{
	double ux[2], uy[2], vx[2], vy[2], h[16];
	int nux = col_expansion_difference(u1.x, u0.x, ux), nuy = col_expansion_difference(u1.y, u0.y, uy);
	int nvx = col_expansion_difference(v1.x, v0.x, vx), nvy = col_expansion_difference(v1.y, v0.y, vy);
	int n = cross_term(ux, nux, vy, nvy, uy, nuy, vx, nvx, h);
	return col_expansion_sign(n, h);
}

/* Sign of det[u1 - u0, v1 - v0] (the 2D cross product of the two differences), exact. The filter:
 * each product carries 3 roundings, the difference one more, so the error is below
 * 4.1 u (|l| + |r|); 8 u leaves room for the bound's own rounding. */
static int det2_sign(col_vec2 u1, col_vec2 u0, col_vec2 v1, col_vec2 v0)
{
	double ux = u1.x - u0.x, uy = u1.y - u0.y, vx = v1.x - v0.x, vy = v1.y - v0.y;
	double l = ux * vy, r = uy * vx, det = l - r;
	double bound = 8.0 * U * (fabs(l) + fabs(r));
	if (det > bound)
		return 1;
	if (-det > bound)
		return -1;
	return det2_exact(u1, u0, v1, v0);
}

/* A direction n = (u1 - u0) x (v1 - v0) that many points are measured along: the sign of
 * n . (x - y) = det[x - y, u1 - u0, v1 - v0] for points x, y, exact. The hull's planes and the
 * edge-pair directions each meet every vertex, so the cross product is rounded once, and its exact
 * expansion computed once, when the filter first cannot decide. */
typedef struct axis3 {
	col_vec3 u1, u0, v1, v0;
	col_vec3 n;     /* the cofactors rounded: a - b, c - d, e - f (axis3_init) */
	col_vec3 n_abs; /* their permanents: |a| + |b|, |c| + |d|, |e| + |f| */
	bool exact_ready;
	int nc[3];
	double c[3][16]; /* the exact cross product, once needed */
} axis3;

static void axis3_init(axis3 *s, col_vec3 u1, col_vec3 u0, col_vec3 v1, col_vec3 v0)
{
	s->u1 = u1;
	s->u0 = u0;
	s->v1 = v1;
	s->v0 = v0;
	col_vec3 v = col_vec3_sub(u1, u0), w = col_vec3_sub(v1, v0);
	double a = v.y * w.z, b = v.z * w.y, c = v.z * w.x, d = v.x * w.z, e = v.x * w.y, f = v.y * w.x;
	s->n = (col_vec3){a - b, c - d, e - f};
	s->n_abs = (col_vec3){fabs(a) + fabs(b), fabs(c) + fabs(d), fabs(e) + fabs(f)};
	s->exact_ready = false;
}

/* n . (x - y) rounded, and its bound: the exact value lies within bound of it, also after
 * value - bound and value + bound are rounded. Every monomial passes at most 7 roundings (three
 * differences, two products, the cofactor's difference, two sums), so the error is below 7.1 u
 * times the same sum taken in absolute values; 16 u is generous, even for the two more roundings. */
static double axis3_value(const axis3 *s, col_vec3 x, col_vec3 y, double *bound)
{
	col_vec3 w = col_vec3_sub(x, y);
	*bound = 16.0 * U * (fabs(w.x) * s->n_abs.x + fabs(w.y) * s->n_abs.y + fabs(w.z) * s->n_abs.z);
	return w.x * s->n.x + w.y * s->n.y + w.z * s->n.z;
}

/* Sign of n . (x - y), exact, in expansions (the cross product's kept for the next point). */
static ORACLE_NOINLINE int axis3_exact_sign(axis3 *s, col_vec3 x, col_vec3 y)
{
	if (!s->exact_ready) {
		double v[3][2], w[3][2];
		int nv[3], nw[3];
		const double b1[3] = {s->u1.x, s->u1.y, s->u1.z}, b0[3] = {s->u0.x, s->u0.y, s->u0.z};
		const double c1[3] = {s->v1.x, s->v1.y, s->v1.z}, c0[3] = {s->v0.x, s->v0.y, s->v0.z};
		for (int i = 0; i < 3; i++) {
			nv[i] = col_expansion_difference(b1[i], b0[i], v[i]);
			nw[i] = col_expansion_difference(c1[i], c0[i], w[i]);
		}
		for (int i = 0; i < 3; i++) {
			int j = (i + 1) % 3, k = (i + 2) % 3;
			s->nc[i] = cross_term(v[j], nv[j], w[k], nw[k], v[k], nv[k], w[j], nw[j], s->c[i]);
		}
		s->exact_ready = true;
	}
	double u[3][2], t[3][64], scratch[96], partial[128], total[192];
	int nu[3], nt[3];
	const double a1[3] = {x.x, x.y, x.z}, a0[3] = {y.x, y.y, y.z};
	for (int i = 0; i < 3; i++) {
		nu[i] = col_expansion_difference(a1[i], a0[i], u[i]);
		nt[i] = col_expansion_mul(s->nc[i], s->c[i], nu[i], u[i], t[i], scratch);
	}
	int np = col_expansion_sum(nt[0], t[0], nt[1], t[1], partial);
	int n = col_expansion_sum(np, partial, nt[2], t[2], total);
	return col_expansion_sign(n, total);
}

/* Sign of n . (x - y), exact: the filter, then the exact expansion. */
static int axis3_sign(axis3 *s, col_vec3 x, col_vec3 y)
{
	double bound, det = axis3_value(s, x, y, &bound);
	if (det > bound)
		return 1;
	if (-det > bound)
		return -1;
	return axis3_exact_sign(s, x, y);
}

/* The point without coordinate `axis`: exact, and one to one on any plane whose normal has a
 * non-zero component along axis. */
static col_vec2 project(col_vec3 p, int axis)
{
	switch (axis) {
	case 0: return (col_vec2){p.y, p.z};
	case 1: return (col_vec2){p.z, p.x};
	default: return (col_vec2){p.x, p.y};
	}
}

/* Whether the points share their coordinate along axis. */
static bool same_coordinate(col_vec3 a, col_vec3 b, col_vec3 c, int axis)
{
	double x = col_vec3_component(a, axis);
	return col_vec3_component(b, axis) == x && col_vec3_component(c, axis) == x;
}

/* orient2d of the projection that drops axis. Points that share one of the two coordinates left lie
 * on a line of the projection, exactly: no need to ask (flat shapes, z = 0, meet this all the time,
 * and orient2d takes its slow path on every such zero). */
static double orient2d_projected(col_vec3 a, col_vec3 b, col_vec3 c, int axis)
{
	if (same_coordinate(a, b, c, (axis + 1) % 3) || same_coordinate(a, b, c, (axis + 2) % 3))
		return 0.0;
	return col_orient2d(project(a, axis), project(b, axis), project(c, axis));
}

/* (b - a) x (c - a) == 0, exactly: each component is an orient2d of a coordinate projection. */
static bool collinear(col_vec3 a, col_vec3 b, col_vec3 c)
{
	for (int axis = 0; axis < 3; axis++) {
		if (orient2d_projected(a, b, c, axis) != 0.0)
			return false;
	}
	return true;
}

/* orient3d(a, b, c, x) == 0, exactly; four points that share a coordinate lie in its plane (flat
 * shapes again). */
static bool coplanar(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 x)
{
	for (int axis = 0; axis < 3; axis++) {
		if (same_coordinate(a, b, c, axis) &&
		    col_vec3_component(x, axis) == col_vec3_component(a, axis))
			return true;
	}
	return col_orient3d(a, b, c, x) == 0.0;
}

/* Whether the points s was made from, (u1, u0 = v0, v1), are collinear, exactly: n == 0. Each
 * cofactor is a 2x2 determinant rounded as det2_sign rounds it, so its filter decides first. */
static bool axis3_collinear(const axis3 *s)
{
	if (fabs(s->n.x) > 8.0 * U * s->n_abs.x || fabs(s->n.y) > 8.0 * U * s->n_abs.y ||
	    fabs(s->n.z) > 8.0 * U * s->n_abs.z)
		return false;
	return collinear(s->u0, s->u1, s->v1);
}

/* (u1 - u0) x (v1 - v0) == 0, exactly. */
static bool parallel(col_vec3 u1, col_vec3 u0, col_vec3 v1, col_vec3 v0)
{
	for (int axis = 0; axis < 3; axis++) {
		if (det2_sign(project(u1, axis), project(u0, axis), project(v1, axis), project(v0, axis)) !=
		    0)
			return false;
	}
	return true;
}

/* A coordinate plane onto which the plane through a, b, c (not collinear) projects one to one. */
static int plane_axis(col_vec3 a, col_vec3 b, col_vec3 c)
{
	for (int axis = 0; axis < 3; axis++) {
		if (orient2d_projected(a, b, c, axis) != 0.0)
			return axis;
	}
	return -1;
}

/* ---- 2. exact hulls of point sets ---- */

/* A growable list of ints; a failed allocation is remembered and reported once, at the end. */
typedef struct ints {
	int *data;
	int count, capacity;
	bool failed;
} ints;

static void ints_push(ints *v, int x)
{
	if (v->count == v->capacity) {
		int capacity = v->capacity ? 2 * v->capacity : 16;
		int *data = realloc(v->data, (size_t)capacity * sizeof *data);
		if (!data) {
			v->failed = true;
			return;
		}
		v->data = data;
		v->capacity = capacity;
	}
	v->data[v->count++] = x;
}

/* A polytope as the oracle sees it: distinct points and the features the distance enumerates. For
 * a hull of a point set (hull_build) also its dimension and facets; the curved shapes' inscribed
 * polytopes (part 5) fill only points, vertices, edges and triangles. */
typedef struct polytope {
	int count;        /* points */
	col_vec3 *points; /* owned */
	int dim;          /* dimension of the affine hull, 0..3 */
	ints vertices;    /* the hull's corners (every point a nearest point can be) */
	ints edges;       /* pairs of point indices, each hull edge once */
	ints triangles;   /* triples covering the boundary (dim 3) or the polygon itself (dim 2) */
	ints facets;      /* dim 3: per facet i, j, k (non-collinear, on its plane) and the sign of
	                     orient3d(i, j, k, x) for the points x off it; dim 2: the polygon, sign 0 */
	axis3 *planes;    /* per facet, its normal (j - i) x (k - i) (hull_build's polytopes only) */
	double max_abs;   /* largest coordinate magnitude: the scale of rounding errors */
} polytope;

static void polytope_free(polytope *p)
{
	free(p->points);
	free(p->vertices.data);
	free(p->edges.data);
	free(p->triangles.data);
	free(p->facets.data);
	free(p->planes);
	memset(p, 0, sizeof *p);
}

static bool polytope_failed(const polytope *p)
{
	return p->vertices.failed || p->edges.failed || p->triangles.failed || p->facets.failed;
}

static int compare_points(const void *pa, const void *pb)
{
	const col_vec3 *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->z != b->z)
		return a->z < b->z ? -1 : 1;
	return 0;
}

/* Sorts by compare_points, stably: by insertion for the few dozen points the oracle is meant for
 * (qsort's call per comparison and its buffer cost more than the sort there). */
static void sort_points(col_vec3 *points, int count)
{
	if (count > 64) {
		qsort(points, (size_t)count, sizeof *points, compare_points);
		return;
	}
	for (int i = 1; i < count; i++) {
		col_vec3 x = points[i];
		int j = i;
		while (j > 0 && compare_points(&points[j - 1], &x) > 0) {
			points[j] = points[j - 1];
			j--;
		}
		points[j] = x;
	}
}

/* The dimension of the affine hull of p (n points) followed by q (m points), and a basis of it:
 * basis[0..dim] affinely independent. -1 for no point. */
static int affine_basis(const col_vec3 *p, int n, const col_vec3 *q, int m, col_vec3 basis[4])
{
	int dim = -1;
	for (int i = 0; i < n + m; i++) {
		col_vec3 x = i < n ? p[i] : q[i - n];
		if (dim == -1) {
			basis[0] = x;
			dim = 0;
		} else if (dim == 0) {
			if (!col_vec3_equal(x, basis[0])) {
				basis[1] = x;
				dim = 1;
			}
		} else if (dim == 1) {
			if (!collinear(basis[0], basis[1], x)) {
				basis[2] = x;
				dim = 2;
			}
		} else if (!coplanar(basis[0], basis[1], basis[2], x)) {
			basis[3] = x;
			return 3;
		}
	}
	return dim;
}

/* A coordinate along which two different points differ. */
static int line_axis(col_vec3 a, col_vec3 b)
{
	return a.x != b.x ? 0 : a.y != b.y ? 1 : 2;
}

/* The strictly convex hull of the points idx[0..m-1] of one plane (distinct points), seen through the
 * projection that drops `axis` (one to one on that plane): Andrew's monotone chain with exact
 * orient2d, collinear points dropped. Writes the corners in order to out (capacity m + 1) and returns
 * their count; sorts idx. */
static int hull_2d(const col_vec3 *points, int *idx, int m, int axis, int *out)
{
	for (int i = 1; i < m; i++) { /* insertion sort by the projected (x, y); the sets are small */
		int x = idx[i], j = i;
		col_vec2 px = project(points[x], axis);
		while (j > 0) {
			col_vec2 pj = project(points[idx[j - 1]], axis);
			if (pj.x < px.x || (pj.x == px.x && pj.y <= px.y))
				break;
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = x;
	}
	if (m < 3) {
		for (int i = 0; i < m; i++)
			out[i] = idx[i];
		return m;
	}
	int k = 0;
	for (int i = 0; i < m; i++) { /* lower chain */
		while (k >= 2 &&
		       col_orient2d(project(points[out[k - 2]], axis), project(points[out[k - 1]], axis),
		                    project(points[idx[i]], axis)) <= 0.0)
			k--;
		out[k++] = idx[i];
	}
	for (int i = m - 2, lower = k + 1; i >= 0; i--) { /* upper chain */
		while (k >= lower &&
		       col_orient2d(project(points[out[k - 2]], axis), project(points[out[k - 1]], axis),
		                    project(points[idx[i]], axis)) <= 0.0)
			k--;
		out[k++] = idx[i];
	}
	return k - 1; /* the last point repeats the first */
}

/* Records a convex polygon (corners in order) as part of the boundary: its edges, a fan of
 * triangles, its corners. */
static void add_polygon(polytope *p, const int *corners, int n, bool *is_vertex)
{
	for (int i = 0; i < n; i++)
		is_vertex[corners[i]] = true;
	for (int i = 0; i < (n == 2 ? 1 : n); i++) {
		int a = corners[i], b = corners[(i + 1) % n];
		ints_push(&p->edges, a < b ? a : b);
		ints_push(&p->edges, a < b ? b : a);
	}
	for (int i = 1; i + 1 < n; i++) {
		ints_push(&p->triangles, corners[0]);
		ints_push(&p->triangles, corners[i]);
		ints_push(&p->triangles, corners[i + 1]);
	}
}

/* Orders edges stored as two ints each. */
static int compare_edges(const void *pa, const void *pb)
{
	const int *a = pa, *b = pb;
	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Sorts the edge list (each edge stored lowest point first) and drops the repeats (each edge of a
 * solid comes from its two facets). For the few dozen points the oracle is meant for, a table of
 * point pairs read in order does it without qsort's call per comparison. */
static void unique_edges(polytope *p)
{
	int n = p->edges.count / 2, *e = p->edges.data, count = p->count;
	if (n < 2)
		return;
	unsigned char table[64 * 64];
	if (count <= 64) {
		memset(table, 0, (size_t)(count * count));
		for (int i = 0; i < n; i++)
			table[e[2 * i] * count + e[2 * i + 1]] = 1;
		int k = 0;
		for (int a = 0; a < count; a++) {
			for (int b = a + 1; b < count; b++) {
				if (table[a * count + b]) {
					e[2 * k] = a;
					e[2 * k + 1] = b;
					k++;
				}
			}
		}
		p->edges.count = 2 * k;
		return;
	}
	qsort(e, (size_t)n, 2 * sizeof *e, compare_edges);
	int k = 1;
	for (int i = 1; i < n; i++) {
		if (e[2 * i] != e[2 * (k - 1)] || e[2 * i + 1] != e[2 * (k - 1) + 1]) {
			e[2 * k] = e[2 * i];
			e[2 * k + 1] = e[2 * i + 1];
			k++;
		}
	}
	p->edges.count = 2 * k;
}

/* The facets of a solid (dim 3) set: every canonical supporting plane through three of its points.
 * A triple (i < j < k, not collinear) is kept when no point lies strictly on each side of its plane
 * (supporting) and it is the plane's canonical triple: i and j the two lowest indices on the plane
 * and k the lowest on it not collinear with them, so each facet is found once. The facet's polygon
 * is the 2D hull of its points.
 *
 * The sides are orient3d(i, j, k, x), the sign of -n . (x - i) with n = (j - i) x (k - i). Only the
 * answer matters, not the order in which the points are asked, so the cheap questions come first:
 * the two points that last showed a plane points on both sides (they often show the next one too),
 * then every point the floating-point filter decides, and only then, if the triple still stands,
 * the exact sign of the points near the plane (on a flat face, or a cylinder's rim, the plane's
 * other points are off it by round-off alone, and only the exact sign can tell). */
/* The exact signs of orient3d already found, by the four points' indices (in increasing order; a
 * swap of two points turns the sign): the four triples of a flat quadrilateral face each ask about
 * the fourth point, which is one determinant. Open addressing; when full, it stops remembering. */
enum { MEMO_SIZE = 1024 };

typedef struct sign_memo {
	uint32_t keys[MEMO_SIZE]; /* 1 + the four 8-bit indices, 0 for an empty slot */
	signed char signs[MEMO_SIZE];
	int count;
} sign_memo;

/* The slot of the quadruple (i < j < k, and x apart from them, n <= 255 points), and in *odd whether
 * (i, j, k, x) is an odd permutation of it. */
static int memo_slot(const sign_memo *m, int i, int j, int k, int x, bool *odd, uint32_t *key)
{
	int q[4] = {i, j, k, x}, above = 0;
	for (int t = 3; t > 0 && q[t - 1] > q[t]; t--) { /* x into place */
		int swap = q[t];
		q[t] = q[t - 1];
		q[t - 1] = swap;
		above++;
	}
	*odd = above & 1;
	*key = 1u + ((uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 | (uint32_t)q[2] << 8 | (uint32_t)q[3]);
	uint32_t h = *key * 2654435761u;
	int slot = (int)(h >> 22); /* MEMO_SIZE = 2^10 */
	while (m->keys[slot] != 0 && m->keys[slot] != *key)
		slot = (slot + 1) & (MEMO_SIZE - 1);
	return slot;
}

/* orient3d(P[i], P[j], P[k], P[x]) exactly, through the memo (NULL: none). */
static int facet_exact_side(sign_memo *m, axis3 *plane, const col_vec3 *P, int i, int j, int k, int x)
{
	bool odd;
	uint32_t key;
	int slot = m ? memo_slot(m, i, j, k, x, &odd, &key) : 0;
	if (m && m->keys[slot] == key)
		return odd ? -m->signs[slot] : m->signs[slot];
	int side = -axis3_exact_sign(plane, P[x], P[i]);
	if (m && m->count < MEMO_SIZE / 2) {
		m->keys[slot] = key;
		m->signs[slot] = (signed char)(odd ? -side : side);
		m->count++;
	}
	return side;
}

static bool apart_from(int x, int i, int j, int k)
{
	return x != i && x != j && x != k;
}

static void solid_facets(polytope *p, bool *is_vertex, int *on, int *corners, int *near, sign_memo *memo)
{
	const col_vec3 *P = p->points;
	int n = p->count, refuter[2] = {-1, -1};
	axis3 plane;
	if (n > 255)
		memo = NULL;
	for (int i = 0; i < n; i++) {
		for (int j = i + 1; j < n; j++) {
			for (int k = j + 1; k < n; k++) {
				axis3_init(&plane, P[j], P[i], P[k], P[i]);
				if (axis3_collinear(&plane))
					continue;
				if (refuter[0] >= 0 && apart_from(refuter[0], i, j, k) &&
				    apart_from(refuter[1], i, j, k)) {
					double b0, b1, v0 = axis3_value(&plane, P[refuter[0]], P[i], &b0),
					               v1 = axis3_value(&plane, P[refuter[1]], P[i], &b1);
					if ((v0 > b0 && -v1 > b1) || (-v0 > b0 && v1 > b1))
						continue;
				}
				int positive = -1, negative = -1, m = 0, unsure = 0;
				for (int x = 0; x < n; x++) {
					if (x == i || x == j || x == k)
						continue;
					double bound, v = axis3_value(&plane, P[x], P[i], &bound);
					if (-v > bound) {
						positive = positive < 0 ? x : positive;
						if (negative >= 0)
							break;
					} else if (v > bound) {
						negative = negative < 0 ? x : negative;
						if (positive >= 0)
							break;
					} else {
						near[unsure++] = x;
					}
				}
				bool keep = positive < 0 || negative < 0;
				on[m++] = i;
				on[m++] = j;
				on[m++] = k;
				for (int u = 0; u < unsure && keep; u++) {
					int x = near[u], side = facet_exact_side(memo, &plane, P, i, j, k, x);
					if (side > 0)
						positive = positive < 0 ? x : positive;
					else if (side < 0)
						negative = negative < 0 ? x : negative;
					else if (x < j || (x < k && !collinear(P[i], P[j], P[x])))
						keep = false; /* not the canonical triple of this plane */
					else
						on[m++] = x;
					if (positive >= 0 && negative >= 0)
						keep = false;
				}
				if (positive >= 0 && negative >= 0) {
					refuter[0] = positive;
					refuter[1] = negative;
				}
				if (!keep)
					continue;
				ints_push(&p->facets, i);
				ints_push(&p->facets, j);
				ints_push(&p->facets, k);
				ints_push(&p->facets, positive >= 0 ? 1 : -1);
				int count = hull_2d(P, on, m, plane_axis(P[i], P[j], P[k]), corners);
				add_polygon(p, corners, count, is_vertex);
			}
		}
	}
}

/* Builds the exact hull of count points (count >= 1, finite). Returns false when memory runs out
 * (p is then freed). */
static bool hull_build(polytope *p, const col_vec3 *points, int count)
{
	memset(p, 0, sizeof *p);
	p->points = malloc((size_t)count * sizeof *p->points);
	int *scratch = malloc((size_t)(3 * count + 3) * sizeof *scratch);
	bool *is_vertex = calloc((size_t)count, sizeof *is_vertex);
	if (!p->points || !scratch || !is_vertex) {
		free(scratch);
		free(is_vertex);
		polytope_free(p);
		return false;
	}
	memcpy(p->points, points, (size_t)count * sizeof *points);
	sort_points(p->points, count);
	int n = 1;
	for (int i = 1; i < count; i++) {
		if (!col_vec3_equal(p->points[i], p->points[n - 1]))
			p->points[n++] = p->points[i];
	}
	p->count = n;
	for (int i = 0; i < n; i++) {
		col_vec3 x = p->points[i];
		p->max_abs = fmax(p->max_abs, fmax(fabs(x.x), fmax(fabs(x.y), fabs(x.z))));
	}
	col_vec3 basis[4];
	p->dim = affine_basis(p->points, n, NULL, 0, basis);
	int *on = scratch, *corners = scratch + count + 1, *near = scratch + 2 * count + 2;
	if (p->dim == 3) {
		sign_memo *memo = calloc(1, sizeof *memo); /* NULL: the signs are just not remembered */
		solid_facets(p, is_vertex, on, corners, near, memo);
		free(memo);
		unique_edges(p);
	} else if (p->dim == 2) {
		for (int i = 0; i < n; i++)
			on[i] = i;
		int m = hull_2d(p->points, on, n, plane_axis(basis[0], basis[1], basis[2]), corners);
		ints_push(&p->facets, corners[0]);
		ints_push(&p->facets, corners[1]);
		ints_push(&p->facets, corners[2]);
		ints_push(&p->facets, 0);
		add_polygon(p, corners, m, is_vertex);
	} else if (p->dim == 1) {
		int axis = line_axis(basis[0], basis[1]), lo = 0, hi = 0;
		for (int i = 1; i < n; i++) {
			double c = col_vec3_component(p->points[i], axis);
			if (c < col_vec3_component(p->points[lo], axis))
				lo = i;
			if (c > col_vec3_component(p->points[hi], axis))
				hi = i;
		}
		int ends[2] = {lo, hi};
		add_polygon(p, ends, 2, is_vertex);
	} else {
		is_vertex[0] = true;
	}
	for (int i = 0; i < n; i++) {
		if (is_vertex[i])
			ints_push(&p->vertices, i);
	}
	free(scratch);
	free(is_vertex);
	int facets = p->facets.count / 4;
	if (facets > 0 && !polytope_failed(p)) {
		p->planes = malloc((size_t)facets * sizeof *p->planes);
		if (!p->planes)
			p->facets.failed = true;
		for (int f = 0; f < facets && p->planes; f++) {
			const int *facet = p->facets.data + 4 * f;
			axis3_init(&p->planes[f], p->points[facet[1]], p->points[facet[0]],
			           p->points[facet[2]], p->points[facet[0]]);
		}
	}
	if (polytope_failed(p)) {
		polytope_free(p);
		return false;
	}
	return true;
}

/* orient3d(i, j, k, x) for facet f's points i, j, k: the sign of -n . (x - i) (solid_facets). */
static int facet_side(const polytope *P, int f, col_vec3 x)
{
	return -axis3_sign(&P->planes[f], x, P->points[P->facets.data[4 * f]]);
}

/* ---- 3. exact separation ---- */

/* Whether the plane of A's facet f has every vertex of B strictly on the side away from A (for a
 * flat A: strictly on one side). */
static bool facet_separates(const polytope *A, int f, const polytope *B)
{
	int want = -A->facets.data[4 * f + 3];
	for (int i = 0; i < B->vertices.count; i++) {
		int s = facet_side(A, f, B->points[B->vertices.data[i]]);
		if (s == 0)
			return false;
		if (want == 0)
			want = s;
		else if (s != want)
			return false;
	}
	return true;
}

/* The range of P's vertices along the axis, as intervals around n . (x - ref): the greatest and the
 * least value's lower and upper ends (top_lo <= max <= top_hi, bottom_lo <= min <= bottom_hi). */
typedef struct extent {
	double top_lo, top_hi, bottom_lo, bottom_hi;
} extent;

static extent extent_along(const axis3 *ax, const polytope *P, col_vec3 ref)
{
	extent e = {-INFINITY, -INFINITY, INFINITY, INFINITY};
	for (int i = 0; i < P->vertices.count; i++) {
		double bound, v = axis3_value(ax, P->points[P->vertices.data[i]], ref, &bound);
		e.top_lo = fmax(e.top_lo, v - bound);
		e.top_hi = fmax(e.top_hi, v + bound);
		e.bottom_lo = fmin(e.bottom_lo, v - bound);
		e.bottom_hi = fmin(e.bottom_hi, v + bound);
	}
	return e;
}

/* Whether every vertex of A lies strictly below every vertex of B along the axis, exactly. The
 * intervals settle it unless A's top and B's bottom overlap; then only the pairs whose intervals
 * overlap there can be out of order, and their exact signs decide. */
static bool below(axis3 *ax, const polytope *A, extent ea, const polytope *B, extent eb, col_vec3 ref)
{
	if (ea.top_hi < eb.bottom_lo)
		return true;
	if (ea.top_lo >= eb.bottom_hi)
		return false; /* some vertex of A is at least some vertex of B */
	for (int i = 0; i < A->vertices.count; i++) {
		col_vec3 x = A->points[A->vertices.data[i]];
		double bx, vx = axis3_value(ax, x, ref, &bx);
		if (vx + bx < eb.bottom_lo)
			continue;
		for (int j = 0; j < B->vertices.count; j++) {
			col_vec3 y = B->points[B->vertices.data[j]];
			double by, vy = axis3_value(ax, y, ref, &by);
			if (vy - by <= ea.top_hi && axis3_sign(ax, y, x) <= 0)
				return false;
		}
	}
	return true;
}

/* Whether the direction (u1 - u0) x (v1 - v0) strictly separates A from B, either way round. */
static bool direction_separates_3d(const polytope *A, const polytope *B, col_vec3 u1, col_vec3 u0,
                                   col_vec3 v1, col_vec3 v0)
{
	axis3 ax;
	axis3_init(&ax, u1, u0, v1, v0);
	extent ea = extent_along(&ax, A, u0), eb = extent_along(&ax, B, u0);
	return below(&ax, A, ea, B, eb, u0) || below(&ax, B, eb, A, ea, u0);
}

static void extremes_2d(const polytope *P, int axis, col_vec2 e1, col_vec2 e0, col_vec2 *lo, col_vec2 *hi)
{
	*lo = *hi = project(P->points[P->vertices.data[0]], axis);
	for (int i = 1; i < P->vertices.count; i++) {
		col_vec2 x = project(P->points[P->vertices.data[i]], axis);
		if (det2_sign(e1, e0, x, *hi) > 0)
			*hi = x;
		if (det2_sign(e1, e0, x, *lo) < 0)
			*lo = x;
	}
}

/* In the common plane (projected by dropping axis): whether the normal of the edge e0 -> e1
 * strictly separates A from B. The value of x along that normal is det[e1 - e0, x]. */
static bool direction_separates_2d(const polytope *A, const polytope *B, int axis, col_vec3 e1, col_vec3 e0)
{
	col_vec2 f1 = project(e1, axis), f0 = project(e0, axis), alo, ahi, blo, bhi;
	extremes_2d(A, axis, f1, f0, &alo, &ahi);
	extremes_2d(B, axis, f1, f0, &blo, &bhi);
	return det2_sign(f1, f0, blo, ahi) > 0 || det2_sign(f1, f0, alo, bhi) > 0;
}

/* Whether some vertex of A lies in the closed solid hull B (dim 3): on the inner side of, or on,
 * every facet plane. A shortcut for overlapping sets, which would otherwise try every candidate. */
static bool vertex_inside(const polytope *A, const polytope *B)
{
	if (B->dim != 3)
		return false;
	for (int i = 0; i < A->vertices.count; i++) {
		col_vec3 x = A->points[A->vertices.data[i]];
		bool inside = true;
		for (int f = 0; f < B->facets.count / 4 && inside; f++) {
			int s = facet_side(B, f, x);
			inside = s == 0 || s == B->facets.data[4 * f + 3];
		}
		if (inside)
			return true;
	}
	return false;
}

/* Whether the hulls share a point: no candidate plane separates them strictly (see the top). */
static bool hulls_intersect(const polytope *A, const polytope *B)
{
	if (vertex_inside(A, B) || vertex_inside(B, A))
		return true;
	col_vec3 basis[4];
	int dim = affine_basis(A->points, A->count, B->points, B->count, basis);
	if (dim == 0)
		return true;
	if (dim == 1) {
		int axis = line_axis(basis[0], basis[1]);
		double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
		for (int i = 0; i < A->count; i++) {
			double c = col_vec3_component(A->points[i], axis);
			alo = fmin(alo, c);
			ahi = fmax(ahi, c);
		}
		for (int i = 0; i < B->count; i++) {
			double c = col_vec3_component(B->points[i], axis);
			blo = fmin(blo, c);
			bhi = fmax(bhi, c);
		}
		return alo <= bhi && blo <= ahi;
	}
	if (dim == 2) {
		int axis = plane_axis(basis[0], basis[1], basis[2]);
		const polytope *sets[2] = {A, B};
		for (int s = 0; s < 2; s++) {
			const ints *edges = &sets[s]->edges;
			for (int e = 0; e < edges->count; e += 2) {
				col_vec3 p = sets[s]->points[edges->data[e]],
				         q = sets[s]->points[edges->data[e + 1]];
				if (direction_separates_2d(A, B, axis, q, p))
					return false;
			}
		}
		return true;
	}
	for (int f = 0; f < A->facets.count / 4; f++) {
		if (facet_separates(A, f, B))
			return false;
	}
	for (int f = 0; f < B->facets.count / 4; f++) {
		if (facet_separates(B, f, A))
			return false;
	}
	for (int e = 0; e < A->edges.count; e += 2) {
		col_vec3 p = A->points[A->edges.data[e]], q = A->points[A->edges.data[e + 1]];
		for (int g = 0; g < B->edges.count; g += 2) {
			col_vec3 r = B->points[B->edges.data[g]], s = B->points[B->edges.data[g + 1]];
			if (parallel(q, p, s, r))
				continue;
			if (direction_separates_3d(A, B, q, p, s, r))
				return false;
		}
	}
	return true;
}

/* ---- 4. distance by enumeration, and its certified interval ---- */

typedef struct witness {
	double d2; /* squared distance of the best pair so far */
	col_vec3 a, b;
} witness;

static void consider(witness *w, col_vec3 a, col_vec3 b)
{
	col_vec3 d = col_vec3_sub(b, a);
	double d2 = col_vec3_dot(d, d);
	if (d2 < w->d2) {
		w->d2 = d2;
		w->a = a;
		w->b = b;
	}
}

/* The point of segment p0 p1 nearest x: p0 + t (p1 - p0) with t clamped to [0, 1], so it is a point
 * of the segment up to the rounding of that expression. */
static col_vec3 nearest_on_segment(col_vec3 p0, col_vec3 p1, col_vec3 x)
{
	col_vec3 d = col_vec3_sub(p1, p0);
	double dd = col_vec3_dot(d, d);
	if (!(dd > 0.0))
		return p0;
	double t = col_vec3_dot(col_vec3_sub(x, p0), d) / dd;
	t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
	return col_vec3_add(p0, col_vec3_scale(d, t));
}

/* Segment p0 p1 against segment q0 q1 (either may be a single point): the nearest pair is an end
 * against the other segment, or interior to both, where it is the common perpendicular of the lines
 * (solved with cross products, so near-parallel segments lose no accuracy to cancellation; parallel
 * ones have their nearest pairs at the ends too). Every pair considered lies on the segments. */
static void segment_pair(witness *w, col_vec3 p0, col_vec3 p1, col_vec3 q0, col_vec3 q1)
{
	consider(w, p0, nearest_on_segment(q0, q1, p0));
	consider(w, p1, nearest_on_segment(q0, q1, p1));
	consider(w, nearest_on_segment(p0, p1, q0), q0);
	consider(w, nearest_on_segment(p0, p1, q1), q1);
	col_vec3 d1 = col_vec3_sub(p1, p0), d2 = col_vec3_sub(q1, q0), n = col_vec3_cross(d1, d2);
	double nn = col_vec3_dot(n, n);
	if (!(nn > 0.0))
		return;
	col_vec3 r = col_vec3_sub(q0, p0);
	double s = col_vec3_dot(col_vec3_cross(r, d2), n) / nn,
	       t = col_vec3_dot(col_vec3_cross(r, d1), n) / nn;
	if (s > 0.0 && s < 1.0 && t > 0.0 && t < 1.0)
		consider(w, col_vec3_add(p0, col_vec3_scale(d1, s)), col_vec3_add(q0, col_vec3_scale(d2, t)));
}

/* x against the triangle abc: only where x projects into the triangle (elsewhere the triangle's
 * edges hold the nearest point); the foot is a + beta (b - a) + gamma (c - a) with barycentric
 * coordinates in [0, 1]. */
static void point_triangle(witness *w, col_vec3 x, col_vec3 a, col_vec3 b, col_vec3 c, bool x_is_a)
{
	col_vec3 u = col_vec3_sub(b, a), v = col_vec3_sub(c, a), n = col_vec3_cross(u, v);
	double nn = col_vec3_dot(n, n);
	if (!(nn > 0.0))
		return;
	col_vec3 r = col_vec3_sub(x, a);
	double beta = col_vec3_dot(col_vec3_cross(r, v), n) / nn,
	       gamma = col_vec3_dot(col_vec3_cross(u, r), n) / nn;
	if (!(beta >= 0.0 && gamma >= 0.0 && beta + gamma <= 1.0))
		return;
	col_vec3 foot = col_vec3_add(a, col_vec3_add(col_vec3_scale(u, beta), col_vec3_scale(v, gamma)));
	if (x_is_a)
		consider(w, x, foot);
	else
		consider(w, foot, x);
}

/* A ball around a feature of up to three points, to skip pairs that cannot beat the best. */
typedef struct ball {
	col_vec3 center;
	double radius;
} ball;

static ball feature_ball(const col_vec3 *points, const int *idx, int n)
{
	col_vec3 c = {0.0, 0.0, 0.0};
	for (int i = 0; i < n; i++)
		c = col_vec3_add(c, points[idx[i]]);
	c = col_vec3_scale(c, 1.0 / n);
	double r = 0.0;
	for (int i = 0; i < n; i++)
		r = fmax(r, col_vec3_distance(c, points[idx[i]]));
	return (ball){c, r * (1.0 + 0x1p-40)};
}

/* Whether two features' balls are so far apart that no pair of theirs can beat best (only speed
 * depends on this: a wrongly skipped pair would just widen the certified interval). */
static bool too_far(ball a, ball b, double best)
{
	double gap = col_vec3_distance(a.center, b.center) - a.radius - b.radius;
	return gap > best * (1.0 + 0x1p-30);
}

/* The features of P the distance enumerates: its edges, or its single point as an edge of length 0. */
static int segment_count(const polytope *P)
{
	return P->edges.count ? P->edges.count / 2 : P->vertices.count;
}

static const int *segment_at(const polytope *P, int s, int pair_storage[2])
{
	if (P->edges.count)
		return P->edges.data + 2 * s;
	pair_storage[0] = pair_storage[1] = P->vertices.data[s];
	return pair_storage;
}

/* What the enumeration keeps of a feature: a ball around it, and its extent along the unit direction
 * of the first pair (the largest value for a feature of A, the least for one of B). For x in a
 * feature f of A and y in a feature g of B, |y - x| >= n . (y - x) >= along(g) - along(f): only
 * features near the two supporting planes can beat a pair that is already close. */
typedef struct feature {
	ball ball;
	double along;
} feature;

static feature make_feature(const col_vec3 *points, const int *idx, int n, col_vec3 direction, bool of_a)
{
	feature f = {feature_ball(points, idx, n), of_a ? -INFINITY : INFINITY};
	for (int i = 0; i < n; i++) {
		double v = col_vec3_dot(direction, points[idx[i]]);
		f.along = of_a ? fmax(f.along, v) : fmin(f.along, v);
	}
	return f;
}

/* Whether a pair of features could beat best (only speed depends on this: a pair wrongly skipped
 * would just widen the certified interval). */
static bool worth(const feature *fa, const feature *fb, double best)
{
	return fb->along - fa->along <= best * (1.0 + 0x1p-30) && !too_far(fa->ball, fb->ball, best);
}

/* Keeps the features that could meet some feature of the other set within best: along(f) within best
 * of the other set's extreme. Writes their indices to keep and returns their count. */
static int near_features(const feature *f, int n, double other_extreme, bool of_a, double best, int *keep)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		double gap = of_a ? other_extreme - f[i].along : f[i].along - other_extreme;
		if (gap <= best * (1.0 + 0x1p-30))
			keep[k++] = i;
	}
	return k;
}

/* The nearest pair of two disjoint polytopes: the least over edge against edge, vertex against
 * triangle and triangle against vertex (for disjoint convex sets a nearest pair always lies on such
 * a pair of features). hint (may be NULL) is a pair of points of the sets to start from; without
 * one: A's vertex nearest B's first vertex, then B's vertex nearest that. Returns false when memory
 * runs out. */
static bool polytopes_distance(const polytope *A, const polytope *B, const witness *hint, witness *w)
{
	w->d2 = INFINITY;
	if (hint) {
		consider(w, hint->a, hint->b);
	} else {
		col_vec3 b0 = B->points[B->vertices.data[0]];
		int ia = 0, ib = 0;
		for (int i = 1; i < A->vertices.count; i++) {
			if (col_vec3_distance(A->points[A->vertices.data[i]], b0) <
			    col_vec3_distance(A->points[A->vertices.data[ia]], b0))
				ia = i;
		}
		col_vec3 a0 = A->points[A->vertices.data[ia]];
		for (int i = 1; i < B->vertices.count; i++) {
			if (col_vec3_distance(B->points[B->vertices.data[i]], a0) <
			    col_vec3_distance(B->points[B->vertices.data[ib]], a0))
				ib = i;
		}
		consider(w, a0, B->points[B->vertices.data[ib]]);
	}
	col_vec3 n = col_vec3_sub(w->b, w->a);
	double length = col_vec3_length(n), best = sqrt(w->d2);
	n = length > 0.0 ? col_vec3_scale(n, 1.0 / length) : (col_vec3){0.0, 0.0, 0.0};

	int sa = segment_count(A), sb = segment_count(B), ta = A->triangles.count / 3,
	    tb = B->triangles.count / 3;
	int va = A->vertices.count, vb = B->vertices.count, total = sa + sb + ta + tb + va + vb;
	feature *features = malloc((size_t)total * sizeof *features);
	int *keep = malloc((size_t)total * sizeof *keep);
	if (!features || !keep) {
		free(features);
		free(keep);
		return false;
	}
	feature *seg_a = features, *seg_b = seg_a + sa, *tri_a = seg_b + sb, *tri_b = tri_a + ta;
	feature *ver_a = tri_b + tb, *ver_b = ver_a + va;
	int storage[2];
	for (int i = 0; i < sa; i++)
		seg_a[i] = make_feature(A->points, segment_at(A, i, storage), 2, n, true);
	for (int i = 0; i < sb; i++)
		seg_b[i] = make_feature(B->points, segment_at(B, i, storage), 2, n, false);
	for (int i = 0; i < ta; i++)
		tri_a[i] = make_feature(A->points, A->triangles.data + 3 * i, 3, n, true);
	for (int i = 0; i < tb; i++)
		tri_b[i] = make_feature(B->points, B->triangles.data + 3 * i, 3, n, false);
	double top_a = -INFINITY, bottom_b = INFINITY; /* A's support along n, B's least value */
	for (int i = 0; i < va; i++) {
		ver_a[i] = make_feature(A->points, A->vertices.data + i, 1, n, true);
		top_a = fmax(top_a, ver_a[i].along);
	}
	for (int i = 0; i < vb; i++) {
		ver_b[i] = make_feature(B->points, B->vertices.data + i, 1, n, false);
		bottom_b = fmin(bottom_b, ver_b[i].along);
	}

	int *keep_seg_a = keep, nsa = near_features(seg_a, sa, bottom_b, true, best, keep_seg_a);
	int *keep_seg_b = keep_seg_a + nsa, nsb = near_features(seg_b, sb, top_a, false, best, keep_seg_b);
	int *keep_tri_a = keep_seg_b + nsb, nta = near_features(tri_a, ta, bottom_b, true, best, keep_tri_a);
	int *keep_tri_b = keep_tri_a + nta, ntb = near_features(tri_b, tb, top_a, false, best, keep_tri_b);
	int *keep_ver_a = keep_tri_b + ntb, nva = near_features(ver_a, va, bottom_b, true, best, keep_ver_a);
	int *keep_ver_b = keep_ver_a + nva, nvb = near_features(ver_b, vb, top_a, false, best, keep_ver_b);

	for (int i = 0; i < nsa; i++) {
		int storage_a[2];
		const int *e = segment_at(A, keep_seg_a[i], storage_a);
		for (int j = 0; j < nsb; j++) {
			if (!worth(&seg_a[keep_seg_a[i]], &seg_b[keep_seg_b[j]], sqrt(w->d2)))
				continue;
			const int *g = segment_at(B, keep_seg_b[j], storage);
			segment_pair(w, A->points[e[0]], A->points[e[1]], B->points[g[0]], B->points[g[1]]);
		}
	}
	for (int i = 0; i < nva; i++) {
		col_vec3 x = A->points[A->vertices.data[keep_ver_a[i]]];
		for (int t = 0; t < ntb; t++) {
			if (!worth(&ver_a[keep_ver_a[i]], &tri_b[keep_tri_b[t]], sqrt(w->d2)))
				continue;
			const int *tri = B->triangles.data + 3 * keep_tri_b[t];
			point_triangle(w, x, B->points[tri[0]], B->points[tri[1]], B->points[tri[2]], true);
		}
	}
	for (int i = 0; i < nvb; i++) {
		col_vec3 x = B->points[B->vertices.data[keep_ver_b[i]]];
		for (int t = 0; t < nta; t++) {
			if (!worth(&tri_a[keep_tri_a[t]], &ver_b[keep_ver_b[i]], sqrt(w->d2)))
				continue;
			const int *tri = A->triangles.data + 3 * keep_tri_a[t];
			point_triangle(w, x, A->points[tri[0]], A->points[tri[1]], A->points[tri[2]], false);
		}
	}
	free(features);
	free(keep);
	return true;
}

/* ---- 5. shapes ---- */

/* What the oracle knows of one shape's core. A polyhedral core is the exact hull of its world
 * vertices. A curved core (cylinder or cone of radius > 0) keeps its exact description and an
 * inscribed polytope that the distance refines. */
typedef struct body {
	polytope poly; /* polyhedral: the exact hull; curved: the current inscribed polytope */
	bool curved;
	col_shape_kind kind; /* curved: COL_SHAPE_CYLINDER or COL_SHAPE_CONE */
	double r, h;         /* curved: radius and half height (h may be 0: a disc) */
	col_transform3 pose;
	double *angles; /* curved: the inscribed polygon's corners, sorted in [0, 2 pi) */
	int angle_count;
	double refine_step;   /* curved: the spacing of the next cluster of corners (refine) */
	double vertex_error;  /* curved: bound on |computed - exact| of a world vertex, Euclidean */
	double support_error; /* curved: the support's error bound per unit of |n|_1 */
} body;

static void body_free(body *b)
{
	polytope_free(&b->poly);
	free(b->angles);
	memset(b, 0, sizeof *b);
}

/* Bound on the distance from a witness point (a convex combination of at most three world points
 * of size max_abs, computed in floating point) to the set it stands for. */
static double witness_error(const body *b)
{
	return ERROR_SCALE * b->poly.max_abs + (b->curved ? b->vertex_error : 0.0);
}

/* The curved core's exact support along the world direction n, and its error bound. The solid is
 * L C + t, with C the body's cylinder or cone and L the linear map col_quat_apply rounds; so
 * h(n) = n . t + h_C(L^T n), and L^T is the same formula with the conjugate quaternion. */
static double curved_support(const body *b, col_vec3 n, double *error)
{
	col_vec3 m = col_quat_apply(col_quat_conjugate(b->pose.rotation), n);
	double radial = sqrt(m.x * m.x + m.y * m.y), body;
	if (b->kind == COL_SHAPE_CYLINDER)
		body = b->r * radial + b->h * fabs(m.z);
	else
		body = fmax(b->h * m.z, b->r * radial - b->h * m.z);
	*error = b->support_error * (fabs(n.x) + fabs(n.y) + fabs(n.z));
	return col_vec3_dot(n, b->pose.translation) + body;
}

/* max over the core of n . x, rounded up by its error bound. For a polytope: its vertices, each dot
 * product with at most 3 roundings (error below 3.1 u sum |n_i x_i|). */
static double support_up(const body *b, col_vec3 n)
{
	double error;
	if (b->curved) {
		double s = curved_support(b, n, &error);
		return s + error + 2.0 * U * fabs(s);
	}
	double best = -INFINITY, size = 0.0;
	for (int i = 0; i < b->poly.vertices.count; i++) {
		col_vec3 x = b->poly.points[b->poly.vertices.data[i]];
		best = fmax(best, col_vec3_dot(n, x));
		size = fmax(size, fabs(n.x * x.x) + fabs(n.y * x.y) + fabs(n.z * x.z));
	}
	return best + 8.0 * U * size + 2.0 * U * fabs(best);
}

/* The certified interval of the cores' distance around the witnesses pa (of a) and pb (of b):
 * hi from the witnesses, lo from the gap of the supports along pb - pa. */
static void certify(const body *a, const body *b, col_vec3 pa, col_vec3 pb, double *lo, double *hi)
{
	col_vec3 n = col_vec3_sub(pb, pa);
	double length = col_vec3_length(n);
	*hi = length * (1.0 + 4.0 * U) + witness_error(a) + witness_error(b);
	*lo = 0.0;
	if (!(length > 0.0))
		return;
	double gap = -support_up(b, col_vec3_scale(n, -1.0)) - support_up(a, n);
	if (gap > 0.0)
		*lo = gap / (length * (1.0 + 4.0 * U)) * (1.0 - 4.0 * U);
}

/* The inscribed polytope of a curved core through its angles: corners on the circle (radius r) at
 * z = +h and -h for a cylinder, the base circle at z = -h and the apex at +h for a cone, one circle
 * at z = 0 when h is 0. Its points are moved to world coordinates. */
static bool inscribed_build(body *b)
{
	polytope *p = &b->poly;
	polytope_free(p);
	int n = b->angle_count;
	bool disc = b->h == 0.0, cone = b->kind == COL_SHAPE_CONE;
	int count = disc ? n : cone ? n + 1 : 2 * n;
	p->points = malloc((size_t)count * sizeof *p->points);
	if (!p->points)
		return false;
	p->count = count;
	p->dim = disc ? 2 : 3;
	for (int k = 0; k < n; k++) {
		double c = b->r * cos(b->angles[k]), s = b->r * sin(b->angles[k]);
		p->points[k] = (col_vec3){c, s, disc ? 0.0 : cone ? -b->h : b->h};
		if (!disc && !cone)
			p->points[n + k] = (col_vec3){c, s, -b->h};
	}
	if (cone && !disc)
		p->points[n] = (col_vec3){0.0, 0.0, b->h};
	for (int i = 0; i < count; i++) {
		p->points[i] = col_transform3_apply(b->pose, p->points[i]);
		col_vec3 x = p->points[i];
		p->max_abs = fmax(p->max_abs, fmax(fabs(x.x), fmax(fabs(x.y), fabs(x.z))));
		ints_push(&p->vertices, i);
	}
	/* The rings: edges around, fans of triangles over the discs. */
	int rings = disc ? 1 : cone ? 1 : 2;
	for (int ring = 0; ring < rings; ring++) {
		int base = ring * n;
		for (int k = 0; k < n; k++) {
			ints_push(&p->edges, base + k);
			ints_push(&p->edges, base + (k + 1) % n);
		}
		for (int k = 1; k + 1 < n; k++) {
			ints_push(&p->triangles, base);
			ints_push(&p->triangles, base + k);
			ints_push(&p->triangles, base + k + 1);
		}
	}
	/* The sides: a cylinder's rectangles, a cone's triangles to the apex. */
	for (int k = 0; k < n && !disc; k++) {
		int next = (k + 1) % n;
		ints_push(&p->edges, k);
		ints_push(&p->edges, cone ? n : n + k);
		ints_push(&p->triangles, k);
		ints_push(&p->triangles, next);
		ints_push(&p->triangles, cone ? n : n + k);
		if (!cone) {
			ints_push(&p->triangles, next);
			ints_push(&p->triangles, n + next);
			ints_push(&p->triangles, n + k);
		}
	}
	if (polytope_failed(p)) {
		polytope_free(p);
		return false;
	}
	return true;
}

static int compare_doubles(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/* Adds 33 corners around the witness's angle, step apart, then divides the step by 8: the first
 * cluster spans two of the 64 first corners' spacings on each side, each later one two of the
 * previous cluster's steps, which hold the best angle. Near the witness the chord error
 * (r step^2 / 8) shrinks 64-fold a round. */
static bool refine(body *b, col_vec3 witness_point)
{
	col_vec3 y = col_transform3_apply_inverse(b->pose, witness_point);
	double theta = atan2(y.y, y.x), step = b->refine_step;
	int n = b->angle_count;
	double *angles = realloc(b->angles, (size_t)(n + 33) * sizeof *angles);
	if (!angles)
		return false;
	b->angles = angles;
	for (int j = -16; j <= 16; j++) {
		double a = fmod(theta + j * step, 2.0 * COL_PI);
		angles[n++] = a < 0.0 ? a + 2.0 * COL_PI : a;
	}
	qsort(angles, (size_t)n, sizeof *angles, compare_doubles);
	int m = 1;
	for (int i = 1; i < n; i++) {
		if (angles[i] != angles[m - 1])
			angles[m++] = angles[i];
	}
	b->angle_count = m;
	b->refine_step = step / 8.0;
	return true;
}

/* The pose's rounding bound for body points of norm up to size (see ERROR_SCALE). */
static double transform_error(col_transform3 pose, double size)
{
	col_quat q = pose.rotation;
	double qq = fmax(fmax(fabs(q.x), fabs(q.y)), fmax(fabs(q.z), fabs(q.w)));
	col_vec3 t = pose.translation;
	double tt = fmax(fabs(t.x), fmax(fabs(t.y), fabs(t.z)));
	return ERROR_SCALE * ((1.0 + 4.0 * qq * qq) * size + tt);
}

/* A body point set for the exact test that lies inside the curved core for certain: the inscribed
 * polytope with corners at the given angles, shrunk towards a centre c by the factor lambda. If the solid
 * holds the ball B(c, rho), the shrunk copy keeps a margin (1 - lambda) rho inside it; the margin is chosen
 * to exceed the vertex rounding (body and world) divided by the least stretch of L = n R + (1 - n) I
 * (n = |q|^2, R a rotation), which is at least n - |1 - n|. Returns the point count, 0 when the core
 * is too thin for a margin (a disc, or a pose far from a rotation). */
static int shrunk_inscribed(const body *b, const double *angles, int corners, col_vec3 *out)
{
	col_quat q = b->pose.rotation;
	double n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	double stretch = n - fabs(1.0 - n) - 16.0 * U;
	if (!(stretch > 0.25))
		return 0;
	double center_z, rho;
	if (b->kind == COL_SHAPE_CYLINDER) {
		center_z = 0.0;
		rho = fmin(b->r, b->h);
	} else { /* the cone's inscribed sphere: height H = 2h, rho = r H / (r + sqrt(r^2 + H^2)) */
		double H = 2.0 * b->h;
		rho = b->r * H / (b->r + sqrt(b->r * b->r + H * H));
		center_z = -b->h + rho;
	}
	rho *= 1.0 - 0x1p-30; /* its own rounding */
	double size = b->r + b->h;
	double margin = 2.0 * transform_error(b->pose, size) / stretch + 16.0 * U * size;
	double lambda = 1.0 - margin / rho;
	if (!(rho > 0.0) || !(lambda > 0.5))
		return 0;
	int count = 0;
	for (int k = 0; k < corners; k++) {
		double x = lambda * b->r * cos(angles[k]), y = lambda * b->r * sin(angles[k]);
		if (b->kind == COL_SHAPE_CYLINDER) {
			out[count++] = (col_vec3){x, y, lambda * b->h};
			out[count++] = (col_vec3){x, y, -lambda * b->h};
		} else {
			out[count++] = (col_vec3){x, y, center_z + lambda * (-b->h - center_z)};
		}
	}
	if (b->kind == COL_SHAPE_CONE)
		out[count++] = (col_vec3){0.0, 0.0, center_z + lambda * (b->h - center_z)};
	for (int i = 0; i < count; i++)
		out[i] = col_transform3_apply(b->pose, out[i]);
	return count;
}

/* The corners of a certificate polytope (see cores_meet_certainly): `corners` evenly around, and
 * when witness is given, 9 more at each of the last two refinement steps around its angle, where the
 * inscribed polytope hugs the solid. Returns their count (at most 16 + 18). */
static int certificate_angles(const body *b, int corners, const col_vec3 *witness, double *angles)
{
	int n = 0;
	for (int k = 0; k < corners; k++)
		angles[n++] = 2.0 * COL_PI * k / corners;
	if (witness) {
		col_vec3 y = col_transform3_apply_inverse(b->pose, *witness);
		double theta = atan2(y.y, y.x);
		for (int scale = 8; scale <= 64; scale *= 8) {
			for (int j = -4; j <= 4; j++)
				angles[n++] = theta + j * b->refine_step * scale;
		}
	}
	return n;
}

/* Whether the cores surely meet: the exact test on polytopes inside them. A polyhedral core is its
 * own; a curved one the convex hull of some corners of an inscribed polytope (any corners on its
 * circles span a polytope inside the solid), shrunk by the rounding margin: `corners` evenly spaced,
 * plus the refined ones around the witness (witness_a, witness_b) when those are given. -1 when memory
 * runs out. */
static int cores_meet_certainly(const body *a, const body *b, int corners, const col_vec3 *witness_a,
                                const col_vec3 *witness_b)
{
	const body *bodies[2] = {a, b};
	const col_vec3 *witnesses[2] = {witness_a, witness_b};
	polytope hulls[2];
	const polytope *use[2];
	double angles[16 + 18];
	col_vec3 points[2 * (16 + 18) + 1];
	int result = 0, built = 0;
	for (int i = 0; i < 2; i++) {
		if (!bodies[i]->curved) {
			use[i] = &bodies[i]->poly;
			continue;
		}
		int n = certificate_angles(bodies[i], corners, witnesses[i], angles);
		int count = shrunk_inscribed(bodies[i], angles, n, points);
		if (count == 0)
			goto done;
		if (!hull_build(&hulls[i], points, count)) {
			result = -1;
			goto done;
		}
		built |= 1 << i;
		use[i] = &hulls[i];
	}
	result = hulls_intersect(use[0], use[1]) ? 1 : 0;
done:
	for (int i = 0; i < 2; i++) {
		if (built & (1 << i))
			polytope_free(&hulls[i]);
	}
	return result;
}

static bool vec_finite(col_vec3 v)
{
	return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static bool pose_finite(col_transform3 t)
{
	col_quat q = t.rotation;
	return vec_finite(t.translation) && isfinite(q.x) && isfinite(q.y) && isfinite(q.z) && isfinite(q.w);
}

enum { BODY_OK, BODY_NOWHERE, BODY_FAILED };

/* Reads a shape into b: a polyhedral core (a cylinder or cone of radius 0 is its axis) as the exact
 * hull of its vertices moved to world coordinates, a curved one as its description and its first
 * inscribed polytope. BODY_NOWHERE for the invalid shapes of shape_oracle.h, BODY_FAILED when memory
 * runs out; b needs body_free only after BODY_OK. */
static int body_init(body *b, const col_shape *s)
{
	memset(b, 0, sizeof *b);
	if (!s || (int)s->kind < 0 || s->kind >= COL_SHAPE_KIND_COUNT || !pose_finite(s->pose) ||
	    !isfinite(s->radius) || s->radius < 0.0)
		return BODY_NOWHERE;
	b->pose = s->pose;
	col_vec3 fixed[8];
	col_vec3 *local = fixed;
	col_vec3 *heap = NULL;
	int count = 0;
	switch (s->kind) {
	case COL_SHAPE_POINT: fixed[count++] = s->core.point; break;
	case COL_SHAPE_SEGMENT:
		fixed[count++] = s->core.segment.a;
		fixed[count++] = s->core.segment.b;
		break;
	case COL_SHAPE_TRIANGLE:
		fixed[count++] = s->core.triangle.a;
		fixed[count++] = s->core.triangle.b;
		fixed[count++] = s->core.triangle.c;
		break;
	case COL_SHAPE_BOX: {
		col_vec3 e = s->core.half_extents;
		if (!vec_finite(e) || e.x < 0.0 || e.y < 0.0 || e.z < 0.0)
			return BODY_NOWHERE;
		for (int i = 0; i < 8; i++)
			fixed[count++] =
			    (col_vec3){i & 1 ? e.x : -e.x, i & 2 ? e.y : -e.y, i & 4 ? e.z : -e.z};
		break;
	}
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE: {
		double r = s->core.cylinder.radius, h = s->core.cylinder.half_height;
		if (!isfinite(r) || !isfinite(h) || r < 0.0 || h < 0.0)
			return BODY_NOWHERE;
		if (r == 0.0) { /* the axis: a segment, or a point */
			fixed[count++] = (col_vec3){0.0, 0.0, -h};
			fixed[count++] = (col_vec3){0.0, 0.0, h};
			break;
		}
		b->curved = true;
		b->kind = s->kind;
		b->r = r;
		b->h = h;
		double size = r + h;
		b->vertex_error = transform_error(s->pose, size);
		b->support_error = b->vertex_error;
		b->angle_count = 64;
		b->angles = malloc(64 * sizeof *b->angles);
		if (!b->angles)
			return BODY_FAILED;
		for (int k = 0; k < 64; k++)
			b->angles[k] = 2.0 * COL_PI * k / 64;
		b->refine_step = 2.0 * COL_PI / 64 / 8;
		if (!inscribed_build(b)) {
			body_free(b);
			return BODY_FAILED;
		}
		for (int i = 0; i < b->poly.count; i++) {
			if (!vec_finite(b->poly.points[i])) {
				body_free(b);
				return BODY_NOWHERE;
			}
		}
		return BODY_OK;
	}
	case COL_SHAPE_CONVEX: {
		if (!s->core.convex)
			return BODY_NOWHERE;
		count = col_convex_vertex_count(s->core.convex);
		if (count < 1)
			return BODY_NOWHERE;
		heap = malloc((size_t)count * sizeof *heap);
		if (!heap)
			return BODY_FAILED;
		memcpy(heap, col_convex_vertices(s->core.convex), (size_t)count * sizeof *heap);
		local = heap;
		break;
	}
	case COL_SHAPE_POLYGON: {
		if (!s->core.polygon.points || s->core.polygon.count < 1)
			return BODY_NOWHERE;
		count = s->core.polygon.count;
		heap = malloc((size_t)count * sizeof *heap);
		if (!heap)
			return BODY_FAILED;
		for (int i = 0; i < count; i++)
			heap[i] = (col_vec3){s->core.polygon.points[i].x, s->core.polygon.points[i].y, 0.0};
		local = heap;
		break;
	}
	default: return BODY_NOWHERE;
	}
	int status = BODY_OK;
	for (int i = 0; i < count && status == BODY_OK; i++) {
		if (!vec_finite(local[i]))
			status = BODY_NOWHERE;
		local[i] = col_transform3_apply(s->pose, local[i]);
		if (!vec_finite(local[i]))
			status = BODY_NOWHERE;
	}
	if (status == BODY_OK && !hull_build(&b->poly, local, count))
		status = BODY_FAILED;
	free(heap);
	return status;
}

static col_oracle_result nowhere(void)
{
	col_vec3 none = {NAN, NAN, NAN};
	return (col_oracle_result){false, true, INFINITY, INFINITY, INFINITY, none, none};
}

static col_oracle_result failed(void)
{
	col_vec3 none = {NAN, NAN, NAN};
	return (col_oracle_result){false, false, NAN, NAN, NAN, none, none};
}

static col_oracle_result meeting(bool certain, double hi)
{
	col_vec3 none = {NAN, NAN, NAN};
	return (col_oracle_result){true, certain, 0.0, 0.0, certain ? 0.0 : hi, none, none};
}

/* What is known of the cores when they are apart, or may be. */
typedef struct cores {
	double lo, hi;    /* certified bounds on the cores' distance */
	col_vec3 pa, pb;  /* witnesses */
	bool known_apart; /* polyhedral cores: the exact test found them apart */
	bool converged;   /* hi - lo came down to the rounding bound (always for polyhedral cores) */
} cores;

/* The shapes apart: the cores' witnesses moved by the radii towards each other. */
static col_oracle_result apart(const cores *c, double ra, double rb, bool certain)
{
	double R = ra + rb;
	col_vec3 n = col_vec3_sub(c->pb, c->pa);
	double length = col_vec3_length(n);
	col_oracle_result r;
	r.intersect = false;
	r.certain = certain;
	r.point_a = c->pa;
	r.point_b = c->pb;
	if (length > 0.0 && R > 0.0) {
		col_vec3 unit = col_vec3_scale(n, 1.0 / length);
		r.point_a = col_vec3_add(c->pa, col_vec3_scale(unit, ra));
		r.point_b = col_vec3_sub(c->pb, col_vec3_scale(unit, rb));
	}
	r.distance_lo = fmax(0.0, (c->lo - R * (1.0 + 2.0 * U)) * (1.0 - 2.0 * U));
	r.distance_hi = fmax(0.0, (c->hi - R * (1.0 - 2.0 * U)) * (1.0 + 2.0 * U));
	r.distance = fmin(fmax(length - R, r.distance_lo), r.distance_hi);
	return r;
}

/* Exactly whether the point p is within ra + rb of the hull B (p outside B): some vertex within the
 * sum (col_sphere_sphere_side, exact for any radii), some edge whose interior p projects onto within
 * the sum of its line, or some triangle p projects into within the sum of its plane. A nearest point
 * of B lies in the relative interior of a vertex, edge or facet, so these cover every case. The last
 * two need ra + rb as one double: -1 when it is not one and no vertex decided. */
static int point_within_exact(col_vec3 p, double ra, const polytope *B, double rb)
{
	for (int i = 0; i < B->vertices.count; i++) {
		if (col_sphere_sphere_side(p, ra, B->points[B->vertices.data[i]], rb) <= 0)
			return 1;
	}
	double R, error;
	col_two_sum(ra, rb, &R, &error);
	if (error != 0.0)
		return B->edges.count == 0 ? 0 : -1;
	for (int e = 0; e < B->edges.count; e += 2) {
		col_vec3 v = B->points[B->edges.data[e]], w = B->points[B->edges.data[e + 1]];
		if (col_dot3_sign(v, w, p) > 0 && col_dot3_sign(w, v, p) > 0 &&
		    col_sphere_line_side(p, R, v, w) <= 0)
			return 1;
	}
	for (int t = 0; t < B->triangles.count; t += 3) {
		col_vec3 a = B->points[B->triangles.data[t]], b = B->points[B->triangles.data[t + 1]];
		col_vec3 c = B->points[B->triangles.data[t + 2]];
		if (col_prism_side(a, b, c, p) >= 0 && col_prism_side(b, c, a, p) >= 0 &&
		    col_prism_side(c, a, b, p) >= 0 && col_sphere_plane_side(p, R, a, b, c) <= 0)
			return 1;
	}
	return 0;
}

/* The answer from the cores' interval (cores apart, or perhaps apart) and the radii: certain when the
 * interval lies clear of ra + rb, or when an exact test applies. */
static col_oracle_result decide(const cores *c, double ra, double rb, const body *a, const body *b)
{
	double R = ra + rb;
	if (c->lo > R * (1.0 + 2.0 * U) || (R == 0.0 && c->known_apart))
		return apart(c, ra, rb, true);
	if (R > 0.0 && c->hi <= R * (1.0 - 2.0 * U))
		return meeting(true, 0.0);
	int exact = -1;
	if (c->known_apart && a->poly.dim == 0)
		exact = point_within_exact(a->poly.points[0], ra, &b->poly, rb);
	else if (c->known_apart && b->poly.dim == 0)
		exact = point_within_exact(b->poly.points[0], rb, &a->poly, ra);
	if (exact == 1)
		return meeting(true, 0.0);
	if (exact == 0)
		return apart(c, ra, rb, true);
	/* A guess. Curved cores whose interval did not narrow may well overlap (the inscribed polytopes'
	 * "distance" is then between their boundaries): guess meeting. */
	if (col_vec3_distance(c->pa, c->pb) <= R || !c->converged)
		return meeting(false, fmax(0.0, (c->hi - R * (1.0 - 2.0 * U)) * (1.0 + 2.0 * U)));
	return apart(c, ra, rb, false);
}

/* The cores' distance and witnesses; for curved cores, refined until the interval is as narrow as
 * the rounding allows (or 12 rounds). Curved cores that may meet within R (the dual bound says so)
 * are tested for a certain meeting along the way, from round 3 (then every third round): the
 * refinement cannot converge while the inscribed polytopes overlap. *meet is then set. Returns false
 * when memory runs out. */
static bool cores_distance(body *a, body *b, double R, cores *c, bool *meet)
{
	body *bodies[2] = {a, b};
	*meet = false;
	witness w = {INFINITY, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
	for (int round = 0;; round++) {
		/* The last round's pair still lies in the refined polytopes (corners are only added), so it
		 * starts the next search. */
		witness previous = w;
		if (!polytopes_distance(&a->poly, &b->poly, round > 0 ? &previous : NULL, &w))
			return false;
		c->pa = w.a;
		c->pb = w.b;
		certify(a, b, w.a, w.b, &c->lo, &c->hi);
		double tolerance = 16.0 * (witness_error(a) + witness_error(b));
		c->known_apart = !a->curved && !b->curved;
		c->converged = c->hi - c->lo <= tolerance || c->known_apart;
		if (c->known_apart || c->converged || round == 12)
			return true;
		if (round % 3 == 2 && c->lo <= R) {
			int certain = cores_meet_certainly(a, b, 8, &w.a, &w.b);
			if (certain < 0)
				return false;
			if (certain) {
				*meet = true;
				return true;
			}
		}
		col_vec3 witnesses[2] = {w.a, w.b};
		for (int i = 0; i < 2; i++) {
			if (bodies[i]->curved &&
			    (!refine(bodies[i], witnesses[i]) || !inscribed_build(bodies[i])))
				return false;
		}
	}
}

/* A ball holding the core: for the quick "far apart" test. */
static ball body_ball(const body *b)
{
	if (b->curved)
		return (ball){b->pose.translation, (b->r + b->h) * 1.01};
	col_vec3 c = {0.0, 0.0, 0.0};
	for (int i = 0; i < b->poly.count; i++)
		c = col_vec3_add(c, b->poly.points[i]);
	c = col_vec3_scale(c, 1.0 / b->poly.count);
	double r = 0.0;
	for (int i = 0; i < b->poly.count; i++)
		r = fmax(r, col_vec3_distance(c, b->poly.points[i]));
	return (ball){c, r * 1.01};
}

static col_oracle_result body_pair(body *a, body *b, double ra, double rb)
{
	if (!a->curved && !b->curved) {
		if (hulls_intersect(&a->poly, &b->poly))
			return meeting(true, 0.0);
	} else {
		/* Curved: first the exact test on polytopes inside the cores, unless they are clearly far. */
		ball ba = body_ball(a), bb = body_ball(b);
		if (col_vec3_distance(ba.center, bb.center) <= (ba.radius + bb.radius + ra + rb) * 1.01) {
			int meet = cores_meet_certainly(a, b, 8, NULL, NULL);
			if (meet < 0)
				return failed();
			if (meet)
				return meeting(true, 0.0);
		}
	}
	cores c;
	bool meet_found;
	if (!cores_distance(a, b, ra + rb, &c, &meet_found))
		return failed();
	if (meet_found)
		return meeting(true, 0.0);
	col_oracle_result r = decide(&c, ra, rb, a, b);
	if ((a->curved || b->curved) && !r.certain) {
		/* Touching, or a shallow overlap not found yet: the refined corners around the final
		 * witnesses, where the contact is, then a finer even polytope. */
		for (int attempt = 0; attempt < 2; attempt++) {
			int meet = attempt == 0 ? cores_meet_certainly(a, b, 8, &c.pa, &c.pb)
			                        : cores_meet_certainly(a, b, 16, NULL, NULL);
			if (meet < 0)
				return failed();
			if (meet)
				return meeting(true, 0.0);
		}
	}
	return r;
}

col_oracle_result col_shape_oracle(const col_shape *a, const col_shape *b)
{
	body ba, bb;
	int sa = body_init(&ba, a);
	int sb = sa == BODY_OK ? body_init(&bb, b) : BODY_NOWHERE;
	if (sa != BODY_OK || sb != BODY_OK) {
		if (sa == BODY_OK)
			body_free(&ba);
		return sa == BODY_FAILED || sb == BODY_FAILED ? failed() : nowhere();
	}
	col_oracle_result r = body_pair(&ba, &bb, a->radius, b->radius);
	body_free(&ba);
	body_free(&bb);
	return r;
}

void col_shape_oracle_points(const col_shape *shape, const col_vec3 *points, int count,
                             col_oracle_result *results)
{
	if (count < 1 || !points || !results)
		return;
	body bs;
	int ss = body_init(&bs, shape);
	bool fresh = true; /* body_pair refines a curved body: each point gets it as body_init made it */
	for (int i = 0; i < count; i++) {
		if (ss == BODY_OK && !fresh) {
			body_free(&bs);
			ss = body_init(&bs, shape);
		}
		if (ss != BODY_OK) {
			results[i] = ss == BODY_FAILED ? failed() : nowhere();
			continue;
		}
		col_shape point; /* as col_shape_point makes it */
		memset(&point, 0, sizeof point);
		point.kind = COL_SHAPE_POINT;
		point.dimension = 3;
		point.pose = col_transform3_identity();
		point.core.point = points[i];
		body bp;
		int sp = body_init(&bp, &point);
		if (sp != BODY_OK) {
			results[i] = sp == BODY_FAILED ? failed() : nowhere();
			continue;
		}
		results[i] = body_pair(&bs, &bp, shape->radius, 0.0);
		fresh = !bs.curved;
		body_free(&bp);
	}
	if (ss == BODY_OK)
		body_free(&bs);
}

static bool points_usable(const col_vec3 *p, int n)
{
	if (!p || n < 1)
		return false;
	for (int i = 0; i < n; i++) {
		if (!vec_finite(p[i]))
			return false;
	}
	return true;
}

col_oracle_result col_points_hulls_oracle(const col_vec3 *a, int na, const col_vec3 *b, int nb)
{
	if (!points_usable(a, na) || !points_usable(b, nb))
		return nowhere();
	body ba, bb;
	memset(&ba, 0, sizeof ba);
	memset(&bb, 0, sizeof bb);
	if (!hull_build(&ba.poly, a, na))
		return failed();
	if (!hull_build(&bb.poly, b, nb)) {
		body_free(&ba);
		return failed();
	}
	col_oracle_result r = body_pair(&ba, &bb, 0.0, 0.0);
	body_free(&ba);
	body_free(&bb);
	return r;
}

bool col_points_hulls_intersect_exact(const col_vec3 *a, int na, const col_vec3 *b, int nb)
{
	if (!points_usable(a, na) || !points_usable(b, nb))
		return false;
	polytope pa, pb;
	if (!hull_build(&pa, a, na))
		return true;
	if (!hull_build(&pb, b, nb)) {
		polytope_free(&pa);
		return true;
	}
	bool meet = hulls_intersect(&pa, &pb);
	polytope_free(&pa);
	polytope_free(&pb);
	return meet;
}

double col_points_hulls_distance(const col_vec3 *a, int na, const col_vec3 *b, int nb, col_vec3 *pa,
                                 col_vec3 *pb)
{
	col_oracle_result r = col_points_hulls_oracle(a, na, b, nb);
	if (pa)
		*pa = r.point_a;
	if (pb)
		*pb = r.point_b;
	return r.distance;
}
