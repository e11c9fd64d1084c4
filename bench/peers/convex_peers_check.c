/* The convex peers' own check (bench/peers/convex_peers.h), run by hand:
 *
 *   convex_peers_check [pairs]      (default 10^4; the benchmark has 10^6)
 *
 * 1. Conventions, on two unit cubes (8 vertices, 12 outward triangles), once at the identity and
 *    once turned by a random rotation R: B at R (2, 0, 0) is 1 away along R x (intersect 0, distance
 *    1, the witnesses on the facing faces, 1 apart); B at R (0.5, 0, 0) and at R (0.5, 0.1, 0.05)
 *    overlaps by 0.5 along R x (intersect 1, a negative distance, depth 0.5 and normal R x). A wrong
 *    depth there is printed as a note (the library's answer: EPA on the cubes' symmetric Minkowski
 *    difference); a right depth with another normal, or a wrong intersect or distance, fails.
 * 2. Agreement and time, on the first `pairs` pairs of docs/benchmarks.md (bench_cvx_pairs over the
 *    hulls of bench_hull_clouds, hulls by qhull "Qt" as the benchmark makes them), against a
 *    brute-force answer in double precision:
 *      - intersect and depth by the separating-axis test over every face normal of both bodies and
 *        every cross product of an edge of A with an edge of B: apart when one axis separates them;
 *        otherwise the depth is the smallest overlap over the axes (the set holds every face normal of
 *        the Minkowski difference, so the minimum is the exact depth);
 *      - the distance of apart bodies by the closest pair over vertex-triangle (both ways) and
 *        edge-edge pairs.
 *    A distance or depth counts as wrong more than 1e-9 off (the counts at 1e-6 beside). Witnesses
 *    must lie on their bodies (the largest signed distance to the face planes within 1e-9 of 0) and
 *    be `distance` apart; the normal of a right depth must reach it (the bodies' extents along it
 *    overlap by the depth). Pairs within 1e-9 of touching are left out. Times: ns per query, CPU
 *    time, best of several runs over the same pairs, one thread; penetration over the overlapping
 *    pairs only.
 * 3. 2D: unit squares (apart by 1, overlapping by 0.5, at angles 0 and 0.7), then 10^4 pairs of 64
 *    random convex polygons (3 to 8 vertices on the unit circle) against the same kind of brute force
 *    (tolerance 1e-5: Box2D computes in float).
 *
 * Exit status 1 when a convention check fails; wrong answers are counted, not failed. */
#define _POSIX_C_SOURCE 200809L
#define BENCH_PROGRAM   "convex_peers_check"

#include "bench_common.h"
#include "cases.h"
#include "peers/convex_peers.h"

#include <libqhull_r/qhull_ra.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOLERANCE      1e-9
#define LOOSE          1e-6
#define TOLERANCE_2D   1e-5
#define POLYGONS_2D    64
#define PAIRS_2D       10000
#define SEED_POLYGONS2 UINT64_C(0x43565832504f4c59) /* this check's own streams */
#define SEED_PAIRS2    UINT64_C(0x4356583250414952)

/* The pair view's layout is cases.h's bench_cvx_pair. */
_Static_assert(offsetof(bench_cvx_pair, pose_a) == BENCH_CONVEX_PAIR_POSE_A, "pose A offset");
_Static_assert(offsetof(bench_cvx_pair, pose_b) == BENCH_CONVEX_PAIR_POSE_B, "pose B offset");
_Static_assert(sizeof(bench_cvx_pair) == BENCH_CONVEX_PAIR_BYTES, "pair size");

static const bench_convex_peer *const peers3[] = {
#ifdef COLLIDE_BENCH_HAVE_CCD
    &bench_convex_peer_ccd_gjk,
    &bench_convex_peer_ccd_mpr,
#endif
#ifdef COLLIDE_BENCH_HAVE_FCL
    &bench_convex_peer_fcl_libccd,
    &bench_convex_peer_fcl_libccd_signed,
    &bench_convex_peer_fcl_indep,
    &bench_convex_peer_fcl_libccd_solver,
    &bench_convex_peer_fcl_indep_solver,
#endif
#ifdef COLLIDE_BENCH_HAVE_BULLET
    &bench_convex_peer_bullet_gjk_pair,
    &bench_convex_peer_bullet_gjk_epa2,
#endif
    NULL,
};

static const bench_convex2_peer *const peers2[] = {
#ifdef COLLIDE_BENCH_HAVE_BOX2D
    &bench_convex2_peer_box2d,
#endif
    NULL,
};

static int failures;

static void expect(int ok, const char *method, const char *what, double got, double want)
{
	if (!ok) {
		printf("  FAIL %-18s %s: got %.17g, want %.17g\n", method, what, got, want);
		failures++;
	}
}

/* ---- small vector helpers ---- */

static double dot3(const double *a, const double *b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void sub3(const double *a, const double *b, double *out)
{
	out[0] = a[0] - b[0];
	out[1] = a[1] - b[1];
	out[2] = a[2] - b[2];
}

static void cross3(const double *a, const double *b, double *out)
{
	double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
	out[0] = x;
	out[1] = y;
	out[2] = z;
}

static double dist3(const double *a, const double *b)
{
	double d[3];
	sub3(a, b, d);
	return sqrt(dot3(d, d));
}

static double clamp01(double x)
{
	return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
}

/* ---- hulls ---- */

typedef struct hull {
	int nv, nt, ne;
	double *xyz;    /* 3 nv, body-local */
	int32_t *tri;   /* 3 nt, counter-clockwise seen from outside */
	int32_t *edge;  /* 2 ne, each undirected edge once */
	double *normal; /* 3 nt, unit outward face normals, body-local */
} hull;

static void hull_free(hull *h)
{
	free(h->xyz);
	free(h->tri);
	free(h->edge);
	free(h->normal);
}

/* Unit normals and the undirected edges of h's triangles. */
static void hull_finish(hull *h)
{
	int t, k, e;
	h->normal = bench_checked_malloc(3 * (size_t)h->nt * sizeof *h->normal);
	h->edge = bench_checked_malloc(6 * (size_t)h->nt * sizeof *h->edge);
	h->ne = 0;
	for (t = 0; t < h->nt; t++) {
		const double *a = h->xyz + 3 * h->tri[3 * t], *b = h->xyz + 3 * h->tri[3 * t + 1],
		             *c = h->xyz + 3 * h->tri[3 * t + 2];
		double u[3], v[3], n[3], len;
		sub3(b, a, u);
		sub3(c, a, v);
		cross3(u, v, n);
		len = sqrt(dot3(n, n));
		for (k = 0; k < 3; k++)
			h->normal[3 * t + k] = n[k] / len;
		for (k = 0; k < 3; k++) {
			int32_t i = h->tri[3 * t + k], j = h->tri[3 * t + (k + 1) % 3], lo = i < j ? i : j,
			        hi = i < j ? j : i, seen = 0;
			for (e = 0; e < h->ne && !seen; e++)
				seen = h->edge[2 * e] == lo && h->edge[2 * e + 1] == hi;
			if (!seen) {
				h->edge[2 * h->ne] = lo;
				h->edge[2 * h->ne + 1] = hi;
				h->ne++;
			}
		}
	}
}

/* The hull of n points by qhull "Qt" (libqhull_r): its vertices in point order and its triangles,
 * turned outward. Returns 0, or -1 when qhull fails. */
static int hull_of_points(const double *points, int n, hull *h)
{
	qhT qh_storage;
	qhT *qh = &qh_storage;
	coordT *copy = bench_checked_malloc(3 * (size_t)n * sizeof *copy);
	int *remap = bench_checked_malloc((size_t)n * sizeof *remap);
	int status, i, curlong, totlong;
	memcpy(copy, points, 3 * (size_t)n * sizeof *copy);
	memset(h, 0, sizeof *h);
	qh_zero(qh, stderr);
	status = qh_new_qhull(qh, 3, n, copy, False, "qhull Qt", NULL, stderr);
	if (status == 0) {
		vertexT *vertex, **vertexp;
		facetT *facet;
		for (i = 0; i < n; i++)
			remap[i] = -1;
		FORALLvertices remap[qh_pointid(qh, vertex->point)] = 0;
		for (i = 0; i < n; i++)
			if (remap[i] == 0)
				remap[i] = h->nv++;
			else
				remap[i] = -1;
		h->xyz = bench_checked_malloc(3 * (size_t)h->nv * sizeof *h->xyz);
		for (i = 0; i < n; i++)
			if (remap[i] >= 0)
				memcpy(h->xyz + 3 * remap[i], points + 3 * i, 3 * sizeof *h->xyz);
		FORALLfacets h->nt++;
		h->tri = bench_checked_malloc(3 * (size_t)h->nt * sizeof *h->tri);
		h->nt = 0;
		FORALLfacets
		{
			int32_t *t = h->tri + 3 * h->nt, k = 0;
			double u[3], v[3], c[3];
			FOREACHvertex_(facet->vertices)
			{
				if (k < 3)
					t[k] = remap[qh_pointid(qh, vertex->point)];
				k++;
			}
			if (k != 3) {
				status = -1;
				break;
			}
			sub3(h->xyz + 3 * t[1], h->xyz + 3 * t[0], u);
			sub3(h->xyz + 3 * t[2], h->xyz + 3 * t[0], v);
			cross3(u, v, c);
			if (dot3(c, facet->normal) < 0.0) {
				int32_t swap = t[1];
				t[1] = t[2];
				t[2] = swap;
			}
			h->nt++;
		}
	}
	qh_freeqhull(qh, !qh_ALL);
	qh_memfreeshort(qh, &curlong, &totlong);
	free(copy);
	free(remap);
	if (status != 0) {
		hull_free(h);
		return -1;
	}
	hull_finish(h);
	return 0;
}

/* ---- a body placed by a pose, in world coordinates, for the reference ---- */

typedef struct placed {
	const hull *h;
	double v[3 * 64];  /* world vertices (the clouds have 32 points, the cubes 8) */
	double n[3 * 128]; /* world face normals */
	double e[3 * 192]; /* world edge vectors */
} placed;

static void rotate(const double *R, const double *p, double *out)
{
	double x = R[0] * p[0] + R[1] * p[1] + R[2] * p[2];
	double y = R[3] * p[0] + R[4] * p[1] + R[5] * p[2];
	double z = R[6] * p[0] + R[7] * p[1] + R[8] * p[2];
	out[0] = x;
	out[1] = y;
	out[2] = z;
}

static void place(placed *p, const hull *h, const double *pose)
{
	const double *R = pose + BENCH_CONVEX_POSE_R, *t = pose + BENCH_CONVEX_POSE_T;
	int i, k;
	p->h = h;
	for (i = 0; i < h->nv; i++) {
		rotate(R, h->xyz + 3 * i, p->v + 3 * i);
		for (k = 0; k < 3; k++)
			p->v[3 * i + k] += t[k];
	}
	for (i = 0; i < h->nt; i++)
		rotate(R, h->normal + 3 * i, p->n + 3 * i);
	for (i = 0; i < h->ne; i++)
		sub3(p->v + 3 * h->edge[2 * i + 1], p->v + 3 * h->edge[2 * i], p->e + 3 * i);
}

static void extent(const placed *p, const double *axis, double *lo, double *hi)
{
	int i;
	*lo = *hi = dot3(p->v, axis);
	for (i = 1; i < p->h->nv; i++) {
		double d = dot3(p->v + 3 * i, axis);
		if (d < *lo)
			*lo = d;
		if (d > *hi)
			*hi = d;
	}
}

/* The largest signed distance of x to p's face planes: 0 on the boundary, < 0 inside. */
static double plane_distance(const placed *p, const double *x)
{
	double worst = -INFINITY;
	int t;
	for (t = 0; t < p->h->nt; t++) {
		double d[3], s;
		sub3(x, p->v + 3 * p->h->tri[3 * t], d);
		s = dot3(d, p->n + 3 * t);
		if (s > worst)
			worst = s;
	}
	return worst;
}

/* The overlap of a and b's extents along unit axis n, as the translation of B along +n that ends it
 * (< 0: apart along n by that much). */
static double overlap_along(const placed *a, const placed *b, const double *n)
{
	double alo, ahi, blo, bhi;
	extent(a, n, &alo, &ahi);
	extent(b, n, &blo, &bhi);
	return ahi - blo;
}

/* One axis of the separating-axis test. Returns 1 when it separates. */
static int sat_axis(const placed *a, const placed *b, const double *axis, double *depth, double *normal)
{
	double alo, ahi, blo, bhi, forward, backward;
	extent(a, axis, &alo, &ahi);
	extent(b, axis, &blo, &bhi);
	forward = ahi - blo;  /* move B along +axis */
	backward = bhi - alo; /* move B along -axis */
	if (forward < 0.0 || backward < 0.0)
		return 1;
	if (forward < *depth) {
		*depth = forward;
		memcpy(normal, axis, 3 * sizeof *normal);
	}
	if (backward < *depth) {
		*depth = backward;
		normal[0] = -axis[0];
		normal[1] = -axis[1];
		normal[2] = -axis[2];
	}
	return 0;
}

/* The reference intersect and, for overlapping bodies, the depth and its direction. */
static int reference_overlap(const placed *a, const placed *b, double *depth, double *normal)
{
	int i, j;
	*depth = INFINITY;
	for (i = 0; i < a->h->nt; i++)
		if (sat_axis(a, b, a->n + 3 * i, depth, normal))
			return 0;
	for (i = 0; i < b->h->nt; i++)
		if (sat_axis(a, b, b->n + 3 * i, depth, normal))
			return 0;
	for (i = 0; i < a->h->ne; i++)
		for (j = 0; j < b->h->ne; j++) {
			double c[3], len;
			cross3(a->e + 3 * i, b->e + 3 * j, c);
			len = sqrt(dot3(c, c));
			if (!(len > 1e-12 * sqrt(dot3(a->e + 3 * i, a->e + 3 * i) *
			                         dot3(b->e + 3 * j, b->e + 3 * j))))
				continue; /* parallel edges: their axis is some face's */
			c[0] /= len;
			c[1] /= len;
			c[2] /= len;
			if (sat_axis(a, b, c, depth, normal))
				return 0;
		}
	return 1;
}

/* The closest point to p on triangle abc (by the region of the triangle's plane p projects into). */
static void closest_on_triangle(const double *p, const double *a, const double *b, const double *c,
                                double *out)
{
	double ab[3], ac[3], ap[3], bp[3], cp[3], d1, d2, d3, d4, d5, d6, va, vb, vc, v, w, denom;
	int k;
	sub3(b, a, ab);
	sub3(c, a, ac);
	sub3(p, a, ap);
	d1 = dot3(ab, ap);
	d2 = dot3(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0) {
		memcpy(out, a, 3 * sizeof *out);
		return;
	}
	sub3(p, b, bp);
	d3 = dot3(ab, bp);
	d4 = dot3(ac, bp);
	if (d3 >= 0.0 && d4 <= d3) {
		memcpy(out, b, 3 * sizeof *out);
		return;
	}
	vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
		v = d1 / (d1 - d3);
		for (k = 0; k < 3; k++)
			out[k] = a[k] + v * ab[k];
		return;
	}
	sub3(p, c, cp);
	d5 = dot3(ab, cp);
	d6 = dot3(ac, cp);
	if (d6 >= 0.0 && d5 <= d6) {
		memcpy(out, c, 3 * sizeof *out);
		return;
	}
	vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
		w = d2 / (d2 - d6);
		for (k = 0; k < 3; k++)
			out[k] = a[k] + w * ac[k];
		return;
	}
	va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
		w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
		for (k = 0; k < 3; k++)
			out[k] = b[k] + w * (c[k] - b[k]);
		return;
	}
	denom = 1.0 / (va + vb + vc);
	v = vb * denom;
	w = vc * denom;
	for (k = 0; k < 3; k++)
		out[k] = a[k] + ab[k] * v + ac[k] * w;
}

/* The closest points of segments p0p1 and q0q1 (clamped parameters; parallel segments take s = 0). */
static void closest_on_segments(const double *p0, const double *p1, const double *q0, const double *q1,
                                double *on_p, double *on_q)
{
	double d1[3], d2[3], r[3], a, e, f, s, t;
	int k;
	sub3(p1, p0, d1);
	sub3(q1, q0, d2);
	sub3(p0, q0, r);
	a = dot3(d1, d1);
	e = dot3(d2, d2);
	f = dot3(d2, r);
	if (a <= 0.0 && e <= 0.0) {
		s = t = 0.0;
	} else if (a <= 0.0) {
		s = 0.0;
		t = clamp01(f / e);
	} else {
		double c = dot3(d1, r);
		if (e <= 0.0) {
			t = 0.0;
			s = clamp01(-c / a);
		} else {
			double b = dot3(d1, d2), denom = a * e - b * b;
			s = denom > 0.0 ? clamp01((b * f - c * e) / denom) : 0.0;
			t = (b * s + f) / e;
			if (t < 0.0) {
				t = 0.0;
				s = clamp01(-c / a);
			} else if (t > 1.0) {
				t = 1.0;
				s = clamp01((b - c) / a);
			}
		}
	}
	for (k = 0; k < 3; k++) {
		on_p[k] = p0[k] + d1[k] * s;
		on_q[k] = q0[k] + d2[k] * t;
	}
}

/* The distance of two apart bodies: the closest pair over vertex-triangle and edge-edge pairs. */
static double reference_distance(const placed *a, const placed *b)
{
	double best = INFINITY, x[3], y[3], d;
	int i, j, pass;
	for (pass = 0; pass < 2; pass++) {
		const placed *p = pass ? b : a, *q = pass ? a : b;
		for (i = 0; i < p->h->nv; i++)
			for (j = 0; j < q->h->nt; j++) {
				const int32_t *t = q->h->tri + 3 * j;
				closest_on_triangle(p->v + 3 * i, q->v + 3 * t[0], q->v + 3 * t[1],
				                    q->v + 3 * t[2], x);
				d = dist3(p->v + 3 * i, x);
				if (d < best)
					best = d;
			}
	}
	for (i = 0; i < a->h->ne; i++)
		for (j = 0; j < b->h->ne; j++) {
			closest_on_segments(a->v + 3 * a->h->edge[2 * i], a->v + 3 * a->h->edge[2 * i + 1],
			                    b->v + 3 * b->h->edge[2 * j], b->v + 3 * b->h->edge[2 * j + 1], x,
			                    y);
			d = dist3(x, y);
			if (d < best)
				best = d;
		}
	return best;
}

/* ---- poses and pair records ---- */

static void pose_set(double *pose, const double *q, const double *t)
{
	memset(pose, 0, BENCH_CONVEX_POSE_DOUBLES * sizeof *pose);
	memcpy(pose + BENCH_CONVEX_POSE_Q, q, 4 * sizeof *pose);
	bench_quat_to_matrix(q, pose + BENCH_CONVEX_POSE_R);
	memcpy(pose + BENCH_CONVEX_POSE_T, t, 3 * sizeof *pose);
}

/* ---- 1. cubes ---- */

static const double cube_xyz[24] = {-0.5, -0.5, -0.5, 0.5, -0.5, -0.5, 0.5, 0.5, -0.5, -0.5, 0.5, -0.5,
                                    -0.5, -0.5, 0.5,  0.5, -0.5, 0.5,  0.5, 0.5, 0.5,  -0.5, 0.5, 0.5};
static const int32_t cube_tri[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                                     1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7};

/* A point of the cube at pose, in its body frame. */
static void to_local(const double *pose, const double *world, double *local)
{
	const double *R = pose + BENCH_CONVEX_POSE_R, *t = pose + BENCH_CONVEX_POSE_T;
	double d[3];
	sub3(world, t, d);
	local[0] = R[0] * d[0] + R[3] * d[1] + R[6] * d[2];
	local[1] = R[1] * d[0] + R[4] * d[1] + R[7] * d[2];
	local[2] = R[2] * d[0] + R[5] * d[1] + R[8] * d[2];
}

/* A wrong depth on the cubes is the library's answer (EPA ending on a face inside the Minkowski
 * difference when the origin lies on its symmetry planes), not the adapter's: it is printed as a note.
 * A right depth with a wrong normal, or any wrong intersect or distance, is a convention failure. */
static void check_depth(const char *method, const char *what, double depth, const double *n,
                        const double *x_axis, double want)
{
	if (fabs(depth - want) < LOOSE) {
		expect(fabs(dot3(n, x_axis) - 1.0) < LOOSE, method, "normal . (R x)", dot3(n, x_axis), 1.0);
		return;
	}
	printf("  note %-18s %s: depth %.17g (want %g), normal . (R x) = %.6f: the library's answer\n",
	       method, what, depth, want, dot3(n, x_axis));
}

static void check_cubes(void)
{
	/* per rotation (identity, then one random R): B apart by 1 along R x, overlapping by 0.5 along
	 * R x centred, and overlapping by 0.5 with B also moved by R (0, 0.1, 0.05) off the symmetry planes
	 */
	enum { CASES = 3 };
	static const double offsets[CASES][3] = {{2.0, 0.0, 0.0}, {0.5, 0.0, 0.0}, {0.5, 0.1, 0.05}};
	static const char *names[CASES] = {"apart", "overlapping, centred", "overlapping, off-centre"};
	bench_cvx_pair pairs[2 * CASES];
	const double identity[4] = {0.0, 0.0, 0.0, 1.0}, zero[3] = {0.0, 0.0, 0.0};
	double turned[4], R[9];
	uint64_t state = UINT64_C(0x4355424553000001);
	int c, r, p;
	bench_rotation(&state, turned, R);
	for (r = 0; r < 2; r++)
		for (c = 0; c < CASES; c++) {
			bench_cvx_pair *pair = pairs + CASES * r + c;
			double *pa = (double *)&pair->pose_a, *pb = (double *)&pair->pose_b, t[3];
			pair->a = 0;
			pair->b = 1;
			pose_set(pa, r ? turned : identity, zero);
			rotate(pa + BENCH_CONVEX_POSE_R, offsets[c], t);
			pose_set(pb, r ? turned : identity, t);
		}
	printf("1. Cubes, at the identity and turned by a random R: B at R (2, 0, 0) (apart by 1), at R "
	       "(0.5, 0, 0)\n"
	       "   and at R (0.5, 0.1, 0.05) (overlapping by 0.5 along R x)\n");
	for (p = 0; peers3[p] != NULL; p++) {
		const bench_convex_peer *peer = peers3[p];
		bench_convex_body *bodies[2];
		const bench_convex_body *const *cb = (const bench_convex_body *const *)bodies;
		int before = failures;
		bodies[0] = peer->build(cube_xyz, 8, cube_tri, 12);
		bodies[1] = peer->build(cube_xyz, 8, cube_tri, 12);
		if (bodies[0] == NULL || bodies[1] == NULL) {
			expect(0, peer->method, "build", 0, 1);
			continue;
		}
		for (r = 0; r < 2; r++) {
			const bench_cvx_pair *set = pairs + CASES * r;
			const double *pa = (const double *)&set->pose_a, *Ra = pa + BENCH_CONVEX_POSE_R;
			double x_axis[3] = {Ra[0], Ra[3], Ra[6]}; /* R x: R's first column */
			bench_convex_pair_view view = {set, sizeof *set};
			if (peer->intersect != NULL) {
				unsigned char hit[CASES];
				peer->intersect(cb, view, CASES, hit);
				for (c = 0; c < CASES; c++)
					expect(hit[c] == (c > 0), peer->method, names[c], hit[c], c > 0);
			}
			if (peer->distance != NULL) {
				double d[CASES], wa[3 * CASES], wb[3 * CASES], la[3], lb[3];
				peer->distance(cb, view, CASES, d, wa, wb);
				expect(fabs(d[0] - 1.0) < LOOSE, peer->method, "apart: distance", d[0], 1.0);
				expect(fabs(dist3(wa, wb) - 1.0) < LOOSE, peer->method,
				       "apart: |witness_a - witness_b|", dist3(wa, wb), 1.0);
				to_local(pa, wa, la);
				to_local((const double *)&set->pose_b, wb, lb);
				expect(fabs(la[0] - 0.5) < LOOSE && fabs(la[1]) <= 0.5 + LOOSE &&
				           fabs(la[2]) <= 0.5 + LOOSE,
				       peer->method, "apart: witness_a on A's face x = 0.5 (local x)", la[0],
				       0.5);
				expect(fabs(lb[0] + 0.5) < LOOSE && fabs(lb[1]) <= 0.5 + LOOSE &&
				           fabs(lb[2]) <= 0.5 + LOOSE,
				       peer->method, "apart: witness_b on B's face x = -0.5 (local x)", lb[0],
				       -0.5);
				for (c = 1; c < CASES; c++) {
					if (!peer->signed_distance) {
						expect(d[c] < 0.0, peer->method, "overlapping: distance < 0",
						       d[c], -1.0);
					} else if (fabs(d[c] + 0.5) >= LOOSE) {
						expect(d[c] < 0.0, peer->method,
						       "overlapping: signed distance < 0", d[c], -0.5);
						printf("  note %-18s %s: signed distance %.17g (want -0.5): "
						       "the library's answer\n",
						       peer->method, names[c], d[c]);
					}
				}
			}
			if (peer->penetration != NULL) {
				double depth[CASES - 1], n[3 * (CASES - 1)];
				bench_convex_pair_view deep = {set + 1, sizeof *set};
				peer->penetration(cb, deep, CASES - 1, depth, n);
				for (c = 1; c < CASES; c++)
					check_depth(peer->method, names[c], depth[c - 1], n + 3 * (c - 1),
					            x_axis, 0.5);
			}
		}
		printf("  %-18s %s\n", peer->method, failures == before ? "conventions ok" : "FAILED");
		peer->destroy(bodies[0]);
		peer->destroy(bodies[1]);
	}
}

/* ---- 2. and 3.: the benchmark's pairs ---- */

typedef struct measure {
	const bench_convex_peer *peer;
	const bench_convex_body *const *bodies;
	bench_convex_pair_view view;
	size_t count;
	int question; /* 0 intersect, 1 distance, 2 distance without witnesses, 3 penetration */
	unsigned char *hit;
	double *value, *wa, *wb;
} measure;

static void run_measure(void *context)
{
	measure *m = context;
	switch (m->question) {
	case 0: m->peer->intersect(m->bodies, m->view, m->count, m->hit); break;
	case 1: m->peer->distance(m->bodies, m->view, m->count, m->value, m->wa, m->wb); break;
	case 2: m->peer->distance(m->bodies, m->view, m->count, m->value, NULL, NULL); break;
	default: m->peer->penetration(m->bodies, m->view, m->count, m->value, m->wa); break;
	}
}

static double time_question(measure *m, int question)
{
	m->question = question;
	return 1e9 * bench_best_seconds(run_measure, m) / (double)m->count;
}

/* What one peer got right and how fast, over the pairs. */
typedef struct tally {
	double ns_intersect, ns_distance, ns_distance_bare, ns_penetration; /* NAN: no such question */
	size_t intersect_wrong;
	size_t distance_wrong9, distance_wrong6, overlap_missed, witness_wrong, distance_missing;
	double distance_worst;
	size_t depth_wrong9, depth_wrong6, depth_missing, normal_wrong;
	double depth_worst;
} tally;

static void count_error(double err, size_t *wrong9, size_t *wrong6, double *worst)
{
	*wrong9 += !(err <= TOLERANCE);
	*wrong6 += !(err <= LOOSE);
	if (err > *worst && err < INFINITY)
		*worst = err;
}

static void check_pairs(size_t pair_count)
{
	double *clouds = bench_hull_clouds(BENCH_HULL_COUNT, BENCH_HULL_POINTS);
	bench_cvx_pair *pairs = bench_cvx_pairs(pair_count, BENCH_HULL_COUNT);
	hull hulls[BENCH_HULL_COUNT];
	unsigned char *ref_hit = bench_checked_malloc(pair_count), *hit = bench_checked_malloc(pair_count);
	double *ref_value = bench_checked_malloc(pair_count * sizeof *ref_value);
	double *value = bench_checked_malloc(pair_count * sizeof *value);
	double *wa = bench_checked_malloc(3 * pair_count * sizeof *wa);
	double *wb = bench_checked_malloc(3 * pair_count * sizeof *wb);
	bench_cvx_pair *deep = bench_checked_malloc(pair_count * sizeof *deep);
	double *deep_depth = bench_checked_malloc(pair_count * sizeof *deep_depth);
	tally *tallies = bench_checked_malloc(sizeof peers3 / sizeof peers3[0] * sizeof *tallies);
	bench_convex_pair_view view = {pairs, sizeof *pairs}, deep_view;
	size_t i, deep_count = 0, near = 0;
	double vertices = 0.0, triangles = 0.0, start;
	placed *a = bench_checked_malloc(sizeof *a), *b = bench_checked_malloc(sizeof *b);
	int h, p;
	if (clouds == NULL || pairs == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		exit(1);
	}
	for (h = 0; h < BENCH_HULL_COUNT; h++) {
		if (hull_of_points(clouds + 3 * BENCH_HULL_POINTS * h, BENCH_HULL_POINTS, &hulls[h]) != 0) {
			fprintf(stderr, BENCH_PROGRAM ": qhull failed on cloud %d\n", h);
			exit(1);
		}
		vertices += hulls[h].nv;
		triangles += hulls[h].nt;
	}
	printf("\n2. Agreement on the first %zu pairs of docs/benchmarks.md (hulls by qhull Qt: %.2f "
	       "vertices and "
	       "%.2f triangles on average)\n",
	       pair_count, vertices / BENCH_HULL_COUNT, triangles / BENCH_HULL_COUNT);

	/* the reference: ref_value = the distance (apart) or -depth (overlapping) */
	start = bench_now_seconds();
	for (i = 0; i < pair_count; i++) {
		double depth, normal[3];
		place(a, &hulls[pairs[i].a], (const double *)&pairs[i].pose_a);
		place(b, &hulls[pairs[i].b], (const double *)&pairs[i].pose_b);
		ref_hit[i] = (unsigned char)reference_overlap(a, b, &depth, normal);
		ref_value[i] = ref_hit[i] ? -depth : reference_distance(a, b);
		if (ref_hit[i]) {
			deep[deep_count] = pairs[i];
			deep_depth[deep_count++] = depth;
		}
		near += fabs(ref_value[i]) <= TOLERANCE;
	}
	deep_view.records = deep;
	deep_view.stride = sizeof *deep;
	printf(
	    "   reference (brute force, %.1f s): %zu overlapping (%.1f%%), %zu within %g of touching (either "
	    "answer counts as right)\n",
	    bench_now_seconds() - start, deep_count, 100.0 * (double)deep_count / (double)pair_count, near,
	    TOLERANCE);

	for (p = 0; peers3[p] != NULL; p++) {
		const bench_convex_peer *peer = peers3[p];
		bench_convex_body *bodies[BENCH_HULL_COUNT];
		const bench_convex_body *const *cb = (const bench_convex_body *const *)bodies;
		measure m = {peer, cb, view, pair_count, 0, hit, value, wa, wb};
		tally *t = tallies + p;
		memset(t, 0, sizeof *t);
		t->ns_intersect = t->ns_distance = t->ns_distance_bare = t->ns_penetration = NAN;
		for (h = 0; h < BENCH_HULL_COUNT; h++) {
			bodies[h] = peer->build(hulls[h].xyz, hulls[h].nv, hulls[h].tri, hulls[h].nt);
			if (bodies[h] == NULL) {
				fprintf(stderr, BENCH_PROGRAM ": %s refused hull %d\n", peer->method, h);
				exit(1);
			}
		}
		if (peer->intersect != NULL) {
			t->ns_intersect = time_question(&m, 0);
			for (i = 0; i < pair_count; i++)
				t->intersect_wrong += hit[i] != ref_hit[i] && fabs(ref_value[i]) > TOLERANCE;
		}
		if (peer->distance != NULL) {
			t->ns_distance_bare = time_question(&m, 2);
			t->ns_distance = time_question(&m, 1);
			for (i = 0; i < pair_count; i++) {
				if (fabs(ref_value[i]) <= TOLERANCE)
					continue;
				if (isnan(value[i])) {
					t->distance_missing++;
					continue;
				}
				if (ref_hit[i]) {
					/* overlapping: a signed peer owes -depth, the others any negative
					 * value */
					if (value[i] >= 0.0)
						t->overlap_missed++;
					else if (peer->signed_distance)
						count_error(fabs(value[i] - ref_value[i]),
						            &t->distance_wrong9, &t->distance_wrong6,
						            &t->distance_worst);
					continue;
				}
				count_error(value[i] < 0.0 ? INFINITY : fabs(value[i] - ref_value[i]),
				            &t->distance_wrong9, &t->distance_wrong6, &t->distance_worst);
				if (value[i] >= 0.0) {
					place(a, &hulls[pairs[i].a], (const double *)&pairs[i].pose_a);
					place(b, &hulls[pairs[i].b], (const double *)&pairs[i].pose_b);
					t->witness_wrong +=
					    !(fabs(plane_distance(a, wa + 3 * i)) <= TOLERANCE &&
					      fabs(plane_distance(b, wb + 3 * i)) <= TOLERANCE &&
					      fabs(dist3(wa + 3 * i, wb + 3 * i) - value[i]) <= TOLERANCE);
				}
			}
		}
		if (peer->penetration != NULL && deep_count > 0) {
			m.view = deep_view;
			m.count = deep_count;
			t->ns_penetration = time_question(&m, 3);
			for (i = 0; i < deep_count; i++) {
				double err;
				if (deep_depth[i] <= TOLERANCE)
					continue;
				if (!(value[i] >= 0.0)) {
					t->depth_missing++;
					continue;
				}
				err = fabs(value[i] - deep_depth[i]);
				count_error(err, &t->depth_wrong9, &t->depth_wrong6, &t->depth_worst);
				if (err <= TOLERANCE) {
					/* a right depth: its normal must reach it (the convention check) */
					place(a, &hulls[deep[i].a], (const double *)&deep[i].pose_a);
					place(b, &hulls[deep[i].b], (const double *)&deep[i].pose_b);
					t->normal_wrong +=
					    !(fabs(overlap_along(a, b, wa + 3 * i) - value[i]) <= TOLERANCE &&
					      fabs(sqrt(dot3(wa + 3 * i, wa + 3 * i)) - 1.0) <= TOLERANCE);
				}
			}
		}
		for (h = 0; h < BENCH_HULL_COUNT; h++)
			peer->destroy(bodies[h]);
	}

	printf("\n   intersect (all %zu pairs)\n   %-18s %8s %8s\n", pair_count, "method", "ns", "wrong");
	for (p = 0; peers3[p] != NULL; p++)
		if (peers3[p]->intersect != NULL)
			printf("   %-18s %8.0f %8zu\n", peers3[p]->method, tallies[p].ns_intersect,
			       tallies[p].intersect_wrong);
	printf(
	    "\n   distance (all %zu pairs; errors on apart pairs, and on overlapping ones for signed peers)\n"
	    "   %-18s %8s %8s %8s %8s %8s %9s %8s %8s\n",
	    pair_count, "method", "ns", "ns bare", ">1e-9", ">1e-6", "max err", "overlap?", "witness",
	    "no answer");
	for (p = 0; peers3[p] != NULL; p++) {
		const tally *t = tallies + p;
		if (peers3[p]->distance == NULL)
			continue;
		printf("   %-18s %8.0f %8.0f %8zu %8zu %8.1e %9zu %8zu %8zu\n", peers3[p]->method,
		       t->ns_distance, t->ns_distance_bare, t->distance_wrong9, t->distance_wrong6,
		       t->distance_worst, t->overlap_missed, t->witness_wrong, t->distance_missing);
	}
	printf("\n   penetration (the %zu overlapping pairs)\n   %-18s %8s %8s %8s %8s %8s %8s\n", deep_count,
	       "method", "ns", ">1e-9", ">1e-6", "max err", "no depth", "normal");
	for (p = 0; peers3[p] != NULL; p++) {
		const tally *t = tallies + p;
		if (peers3[p]->penetration == NULL)
			continue;
		printf("   %-18s %8.0f %8zu %8zu %8.1e %8zu %8zu\n", peers3[p]->method, t->ns_penetration,
		       t->depth_wrong9, t->depth_wrong6, t->depth_worst, t->depth_missing, t->normal_wrong);
	}
	printf(
	    "\n   ns: per query, CPU time, the best of several runs over the same pairs "
	    "(bench_best_seconds), one\n"
	    "   thread; 'ns bare': distance without witnesses. wrong: intersect differs from the reference.\n"
	    "   >1e-9, >1e-6: distance or depth further than that from the reference (an apart pair called\n"
	    "   overlapping counts here too). overlap?: overlapping pairs given a distance >= 0. witness: "
	    "apart\n"
	    "   pairs whose witnesses are not on their bodies or not `distance` apart (1e-9). no answer / "
	    "no\n"
	    "   depth: the peer gave none. normal: right depths whose normal does not reach them "
	    "(1e-9).\n\n");
	for (p = 0; peers3[p] != NULL; p++)
		printf("   %-18s %s\n", peers3[p]->method, peers3[p]->version());
	for (h = 0; h < BENCH_HULL_COUNT; h++)
		hull_free(&hulls[h]);
	free(clouds);
	free(pairs);
	free(ref_hit);
	free(hit);
	free(ref_value);
	free(value);
	free(wa);
	free(wb);
	free(deep);
	free(deep_depth);
	free(tallies);
	free(a);
	free(b);
}

/* ---- the 2D peers ---- */

typedef struct polygon2 {
	int n;
	double xy[16];
} polygon2;

/* A 2D pair record as bench_convex2_pair_view reads it. */
typedef struct pair2 {
	int32_t a, b;
	double pose_a[BENCH_CONVEX2_POSE_DOUBLES], pose_b[BENCH_CONVEX2_POSE_DOUBLES];
} pair2;

static void pose2_set(double *pose, double angle, double x, double y)
{
	pose[BENCH_CONVEX2_POSE_ANGLE] = angle;
	pose[BENCH_CONVEX2_POSE_C] = cos(angle);
	pose[BENCH_CONVEX2_POSE_S] = sin(angle);
	pose[BENCH_CONVEX2_POSE_T] = x;
	pose[BENCH_CONVEX2_POSE_T + 1] = y;
}

static void place2(const polygon2 *poly, const double *pose, double *out)
{
	double c = pose[BENCH_CONVEX2_POSE_C], s = pose[BENCH_CONVEX2_POSE_S];
	int i;
	for (i = 0; i < poly->n; i++) {
		double x = poly->xy[2 * i], y = poly->xy[2 * i + 1];
		out[2 * i] = c * x - s * y + pose[BENCH_CONVEX2_POSE_T];
		out[2 * i + 1] = s * x + c * y + pose[BENCH_CONVEX2_POSE_T + 1];
	}
}

/* SAT over both polygons' edge normals: returns 1 and the depth when they overlap. */
static int reference2_overlap(const double *a, int na, const double *b, int nb, double *depth)
{
	int pass, i, k;
	*depth = INFINITY;
	for (pass = 0; pass < 2; pass++) {
		const double *p = pass ? b : a;
		int np = pass ? nb : na;
		for (i = 0; i < np; i++) {
			int j = (i + 1) % np;
			double nx = p[2 * j + 1] - p[2 * i + 1], ny = p[2 * i] - p[2 * j],
			       len = sqrt(nx * nx + ny * ny);
			double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
			nx /= len;
			ny /= len;
			for (k = 0; k < na; k++) {
				double d = a[2 * k] * nx + a[2 * k + 1] * ny;
				alo = fmin(alo, d);
				ahi = fmax(ahi, d);
			}
			for (k = 0; k < nb; k++) {
				double d = b[2 * k] * nx + b[2 * k + 1] * ny;
				blo = fmin(blo, d);
				bhi = fmax(bhi, d);
			}
			if (ahi - blo < 0.0 || bhi - alo < 0.0)
				return 0;
			*depth = fmin(*depth, fmin(ahi - blo, bhi - alo));
		}
	}
	return 1;
}

static double segment_point2(const double *p, const double *q, const double *x)
{
	double dx = q[0] - p[0], dy = q[1] - p[1],
	       t = ((x[0] - p[0]) * dx + (x[1] - p[1]) * dy) / (dx * dx + dy * dy);
	t = clamp01(t);
	return hypot(p[0] + t * dx - x[0], p[1] + t * dy - x[1]);
}

static double reference2_distance(const double *a, int na, const double *b, int nb)
{
	double best = INFINITY;
	int pass, i, k;
	for (pass = 0; pass < 2; pass++) {
		const double *p = pass ? b : a, *q = pass ? a : b;
		int np = pass ? nb : na, nq = pass ? na : nb;
		for (i = 0; i < np; i++)
			for (k = 0; k < nq; k++)
				best =
				    fmin(best, segment_point2(q + 2 * k, q + 2 * ((k + 1) % nq), p + 2 * i));
	}
	return best;
}

static const bench_convex2_peer *measured2;
static const bench_convex2_body *const *bodies2;
static bench_convex2_pair_view view2;
static size_t count2;
static int question2;
static unsigned char *hit2;
static double *value2, *wa2, *wb2;

static void run_measure2(void *context)
{
	(void)context;
	if (question2 == 0)
		measured2->intersect(bodies2, view2, count2, hit2);
	else if (question2 == 1)
		measured2->distance(bodies2, view2, count2, value2, wa2, wb2);
	else
		measured2->penetration(bodies2, view2, count2, value2, wa2);
}

static void check_2d(void)
{
	static const double square[8] = {-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5};
	polygon2 polys[POLYGONS_2D];
	pair2 *pairs = bench_checked_malloc(PAIRS_2D * sizeof *pairs),
	      *deep = bench_checked_malloc(PAIRS_2D * sizeof *deep);
	pair2 cubes[4];
	unsigned char *ref_hit = bench_checked_malloc(PAIRS_2D), *hit = bench_checked_malloc(PAIRS_2D);
	double *ref_value = bench_checked_malloc(PAIRS_2D * sizeof *ref_value), *deep_value;
	double *value = bench_checked_malloc(PAIRS_2D * sizeof *value),
	       *wa = bench_checked_malloc(2 * PAIRS_2D * sizeof *wa),
	       *wb = bench_checked_malloc(2 * PAIRS_2D * sizeof *wb);
	uint64_t state = SEED_POLYGONS2;
	size_t i, deep_count = 0;
	int p, k, c;
	deep_value = bench_checked_malloc(PAIRS_2D * sizeof *deep_value);
	/* convex polygons: 3 to 8 sorted angles on the unit circle */
	for (k = 0; k < POLYGONS_2D; k++) {
		double angles[8];
		int n = 3 + (int)(bench_next(&state) % 6), j, m;
		for (j = 0; j < n; j++) {
			double t = BENCH_TWO_PI * bench_draw(&state);
			for (m = j; m > 0 && angles[m - 1] > t; m--)
				angles[m] = angles[m - 1];
			angles[m] = t;
		}
		polys[k].n = n;
		for (j = 0; j < n; j++) {
			polys[k].xy[2 * j] = cos(angles[j]);
			polys[k].xy[2 * j + 1] = sin(angles[j]);
		}
	}
	state = SEED_PAIRS2;
	for (i = 0; i < PAIRS_2D; i++) {
		double angle = BENCH_TWO_PI * bench_draw(&state), m = 2.4 * bench_draw(&state);
		pairs[i].a = (int32_t)(bench_next(&state) % POLYGONS_2D);
		pairs[i].b = (int32_t)(bench_next(&state) % POLYGONS_2D);
		pose2_set(pairs[i].pose_a, BENCH_TWO_PI * bench_draw(&state), 0.0, 0.0);
		pose2_set(pairs[i].pose_b, BENCH_TWO_PI * bench_draw(&state), m * cos(angle), m * sin(angle));
	}
	for (i = 0; i < PAIRS_2D; i++) {
		double pa[16], pb[16], depth;
		const polygon2 *A = &polys[pairs[i].a], *B = &polys[pairs[i].b];
		place2(A, pairs[i].pose_a, pa);
		place2(B, pairs[i].pose_b, pb);
		ref_hit[i] = (unsigned char)reference2_overlap(pa, A->n, pb, B->n, &depth);
		ref_value[i] = ref_hit[i] ? -depth : reference2_distance(pa, A->n, pb, B->n);
		if (ref_hit[i]) {
			deep_value[deep_count] = depth;
			deep[deep_count++] = pairs[i];
		}
	}
	/* squares: apart by 1 and overlapping by 0.5, at angle 0 and 0.7 */
	for (c = 0; c < 4; c++) {
		double angle = c < 2 ? 0.0 : 0.7, off = c % 2 ? 0.5 : 2.0;
		cubes[c].a = 0;
		cubes[c].b = 1;
		pose2_set(cubes[c].pose_a, angle, 0.0, 0.0);
		pose2_set(cubes[c].pose_b, angle, off * cos(angle), off * sin(angle));
	}
	printf(
	    "\n3. 2D: squares, then %d pairs of %d random convex polygons (3-8 vertices), %zu overlapping\n",
	    PAIRS_2D, POLYGONS_2D, deep_count);
	for (p = 0; peers2[p] != NULL; p++) {
		const bench_convex2_peer *peer = peers2[p];
		bench_convex2_body *bodies[POLYGONS_2D], *sq[2];
		const bench_convex2_body *const *cb = (const bench_convex2_body *const *)bodies;
		bench_convex2_pair_view square_view = {cubes, sizeof cubes[0]};
		int before = failures;
		size_t wrong_isect = 0, wrong_dist = 0, wrong_depth = 0, wrong_witness = 0;
		double worst_dist = 0.0, worst_depth = 0.0, ns_isect, ns_dist, ns_pen;
		unsigned char h4[4];
		double d4[4], a4[8], b4[8], n4[8];
		sq[0] = peer->build(square, 4);
		sq[1] = peer->build(square, 4);
		peer->intersect((const bench_convex2_body *const *)sq, square_view, 4, h4);
		peer->distance((const bench_convex2_body *const *)sq, square_view, 4, d4, a4, b4);
		for (c = 0; c < 4; c += 2) {
			double ux = cos(c ? 0.7 : 0.0), uy = sin(c ? 0.7 : 0.0);
			expect(h4[c] == 0 && h4[c + 1] == 1, peer->method, "squares intersect", h4[c], 0);
			expect(fabs(d4[c] - 1.0) < TOLERANCE_2D, peer->method, "squares distance", d4[c],
			       1.0);
			expect(fabs(hypot(a4[2 * c] - b4[2 * c], a4[2 * c + 1] - b4[2 * c + 1]) - 1.0) <
			           TOLERANCE_2D,
			       peer->method, "squares witnesses 1 apart",
			       hypot(a4[2 * c] - b4[2 * c], a4[2 * c + 1] - b4[2 * c + 1]), 1.0);
			expect(fabs(a4[2 * c] * ux + a4[2 * c + 1] * uy - 0.5) < TOLERANCE_2D, peer->method,
			       "squares witness_a on A's edge", a4[2 * c] * ux + a4[2 * c + 1] * uy, 0.5);
		}
		if (peer->penetration != NULL) {
			peer->penetration((const bench_convex2_body *const *)sq, square_view, 4, d4, n4);
			for (c = 1; c < 4; c += 2) {
				double ux = cos(c > 1 ? 0.7 : 0.0), uy = sin(c > 1 ? 0.7 : 0.0);
				expect(fabs(d4[c] - 0.5) < TOLERANCE_2D, peer->method, "squares depth", d4[c],
				       0.5);
				expect(fabs(n4[2 * c] * ux + n4[2 * c + 1] * uy - 1.0) < TOLERANCE_2D,
				       peer->method, "squares normal", n4[2 * c] * ux + n4[2 * c + 1] * uy,
				       1.0);
			}
		}
		peer->destroy(sq[0]);
		peer->destroy(sq[1]);
		printf("   %-18s squares %s\n", peer->method, failures == before ? "ok" : "FAILED");

		for (k = 0; k < POLYGONS_2D; k++)
			bodies[k] = peer->build(polys[k].xy, polys[k].n);
		measured2 = peer;
		bodies2 = cb;
		view2.records = pairs;
		view2.stride = sizeof *pairs;
		count2 = PAIRS_2D;
		hit2 = hit;
		value2 = value;
		wa2 = wa;
		wb2 = wb;
		question2 = 0;
		ns_isect = 1e9 * bench_best_seconds(run_measure2, NULL) / PAIRS_2D;
		question2 = 1;
		ns_dist = 1e9 * bench_best_seconds(run_measure2, NULL) / PAIRS_2D;
		for (i = 0; i < PAIRS_2D; i++) {
			if (fabs(ref_value[i]) <= TOLERANCE_2D)
				continue;
			wrong_isect += hit[i] != ref_hit[i];
			if (!ref_hit[i]) {
				double err = value[i] < 0.0 ? INFINITY : fabs(value[i] - ref_value[i]);
				wrong_dist += err > TOLERANCE_2D;
				if (err < INFINITY && err > worst_dist)
					worst_dist = err;
				wrong_witness +=
				    !(fabs(hypot(wa[2 * i] - wb[2 * i], wa[2 * i + 1] - wb[2 * i + 1]) -
				           value[i]) <= TOLERANCE_2D);
			} else {
				wrong_dist += value[i] >= 0.0;
			}
		}
		ns_pen = NAN;
		if (peer->penetration != NULL) {
			view2.records = deep;
			count2 = deep_count;
			question2 = 2;
			ns_pen = 1e9 * bench_best_seconds(run_measure2, NULL) / (double)deep_count;
			for (i = 0; i < deep_count; i++) {
				double err;
				if (deep_value[i] <= TOLERANCE_2D)
					continue;
				err = value[i] < 0.0 ? INFINITY : fabs(value[i] - deep_value[i]);
				wrong_depth += err > TOLERANCE_2D;
				if (err < INFINITY && err > worst_depth)
					worst_depth = err;
			}
		}
		printf("   %-18s intersect %zu wrong, %.0f ns | distance %zu wrong > %g (max err %.1e), "
		       "witnesses %zu "
		       "wrong, %.0f ns | depth %zu wrong > %g (max err %.1e), %.0f ns\n",
		       peer->method, wrong_isect, ns_isect, wrong_dist, TOLERANCE_2D, worst_dist,
		       wrong_witness, ns_dist, wrong_depth, TOLERANCE_2D, worst_depth, ns_pen);
		printf("   %-18s %s\n", peer->method, peer->version());
		for (k = 0; k < POLYGONS_2D; k++)
			peer->destroy(bodies[k]);
	}
	free(pairs);
	free(deep);
	free(ref_hit);
	free(hit);
	free(ref_value);
	free(deep_value);
	free(value);
	free(wa);
	free(wb);
}

int main(int argc, char **argv)
{
	char machine[512];
	size_t pair_count = 10000;
	if (argc > 1) {
		pair_count = (size_t)strtoull(argv[1], NULL, 10);
		if (pair_count == 0 || pair_count > BENCH_CVX_PAIR_COUNT) {
			fprintf(stderr, "usage: %s [pairs, 1..%d]\n", argv[0], BENCH_CVX_PAIR_COUNT);
			return 2;
		}
	}
	bench_describe_machine(machine, sizeof machine);
	printf("%s\n%s\n\n", BENCH_PROGRAM, machine);
	if (peers3[0] == NULL)
		printf("no 3D peer built\n");
	check_cubes();
	check_pairs(pair_count);
	if (peers2[0] != NULL)
		check_2d();
	else
		printf("\n3. 2D: no 2D peer built\n");
	printf("\n%s\n", failures ? "convention checks FAILED" : "convention checks passed");
	return failures ? 1 : 0;
}
