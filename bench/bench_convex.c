/* The convex benchmark (docs/benchmarks.md): hulls of 32-point clouds, 10^6 pose pairs, about half
 * overlapping. Three questions, asked of collide and of every peer found (bench/peers/convex_peers.h):
 * do they meet (intersect), how far apart and where (distance), how deep and which way (penetration,
 * for the overlapping pairs). Every answer is checked against the brute-force oracle
 * (shape_oracle.h: exact intersection, certified distance) and, for depths, against the least
 * overlap over every candidate axis (faces of each hull, cross products of their edges), which for
 * polytopes is the penetration depth itself. A 2D case (8-gons, Box2D's b2Distance) follows.
 *
 * Usage: bench_convex [--csv PATH] [--quick] [--pairs N] [--oracle-pairs N] [--depth-pairs N]
 *   --csv PATH          where the results go (default bench/results/convex.csv)
 *   --quick             10^4 pairs: checks the harness in seconds; its figures mean little
 *   --pairs N           pairs timed (default 10^6, the specification's count)
 *   --oracle-pairs N    pairs whose truth is established (default all)
 *   --depth-pairs N     overlapping pairs whose depth is checked (default 10^5: the candidate-axis
 *                       minimum costs about 100 us a pair) */
#define _POSIX_C_SOURCE 200809L
#define BENCH_PROGRAM   "bench_convex"
#include "bench_common.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/shape_oracle.h"
#include "peers/convex_peers.h"

/* ---- the bodies ---- */

typedef struct body {
	col_convex *convex;
	col_shape shape; /* the body's collide shape: each pair copies it and sets the pose, as an
	                  * application keeps a shape per body (the peers likewise keep theirs) */
	double *xyz; /* hull vertices, body-local, for the peers */
	int vertex_count;
	int32_t *triangles; /* the faces fanned into triangles, outward */
	int triangle_count;
} body;

static body bodies[BENCH_HULL_COUNT];

static void bodies_build(void)
{
	double *clouds = bench_hull_clouds(BENCH_HULL_COUNT, BENCH_HULL_POINTS);
	if (clouds == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		exit(1);
	}
	for (int k = 0; k < BENCH_HULL_COUNT; k++) {
		col_vec3 points[BENCH_HULL_POINTS];
		for (int i = 0; i < BENCH_HULL_POINTS; i++) {
			const double *p = clouds + 3 * (k * BENCH_HULL_POINTS + i);
			points[i] = (col_vec3){p[0], p[1], p[2]};
		}
		col_error error;
		if (col_convex_hull(points, BENCH_HULL_POINTS, &bodies[k].convex, &error) != COL_OK) {
			fprintf(stderr, BENCH_PROGRAM ": hull %d: %s\n", k, error.message);
			exit(1);
		}
		const col_convex *c = bodies[k].convex;
		bodies[k].shape = col_shape_convex(c);
		int nv = col_convex_vertex_count(c), nf = col_convex_face_count(c);
		bodies[k].vertex_count = nv;
		bodies[k].xyz = bench_checked_malloc(3 * (size_t)nv * sizeof(double));
		for (int i = 0; i < nv; i++) {
			col_vec3 v = col_convex_vertices(c)[i];
			bodies[k].xyz[3 * i] = v.x;
			bodies[k].xyz[3 * i + 1] = v.y;
			bodies[k].xyz[3 * i + 2] = v.z;
		}
		int triangles = 0;
		for (int f = 0; f < nf; f++) {
			const int *fv;
			triangles += col_convex_face(c, f, &fv) - 2;
		}
		bodies[k].triangles = bench_checked_malloc(3 * (size_t)triangles * sizeof(int32_t));
		bodies[k].triangle_count = triangles;
		int t = 0;
		for (int f = 0; f < nf; f++) {
			const int *fv;
			int n = col_convex_face(c, f, &fv);
			for (int i = 1; i + 1 < n; i++) {
				bodies[k].triangles[3 * t] = fv[0];
				bodies[k].triangles[3 * t + 1] = fv[i];
				bodies[k].triangles[3 * t + 2] = fv[i + 1];
				t++;
			}
		}
	}
	free(clouds);
}

static col_shape shape_at(const body *b, const bench_pose *pose)
{
	col_shape s = b->shape;
	s.pose.rotation = (col_quat){pose->q[0], pose->q[1], pose->q[2], pose->q[3]};
	s.pose.translation = (col_vec3){pose->t[0], pose->t[1], pose->t[2]};
	return s;
}

/* ---- the truth ---- */

struct truth {
	unsigned char intersect;
	unsigned char certain;
	double distance, slack; /* the oracle's distance and its hi - lo */
	double depth;           /* the penetration depth (overlapping pairs checked for depth), else NAN */
};
typedef struct truth truth;

/* World vertices of body b at pose. */
static int world_vertices(const body *b, const bench_pose *pose, col_vec3 *out)
{
	for (int i = 0; i < b->vertex_count; i++) {
		double p[3];
		bench_pose_apply(pose, b->xyz + 3 * i, p);
		out[i] = (col_vec3){p[0], p[1], p[2]};
	}
	return b->vertex_count;
}

static double support_value(const col_vec3 *v, int n, col_vec3 d)
{
	double best = -INFINITY;
	for (int i = 0; i < n; i++)
		best = fmax(best, col_vec3_dot(v[i], d));
	return best;
}

/* The overlap of A and B along unit n: how far B must move along n to leave A. */
static double overlap_along(const col_vec3 *va, int na, const col_vec3 *vb, int nb, col_vec3 n)
{
	return support_value(va, na, n) + support_value(vb, nb, col_vec3_scale(n, -1.0));
}

/* The penetration depth of two overlapping hulls: the least overlap over the face normals of each
 * and the cross products of their edges (the facet normals of A - B are among them). */
static double depth_oracle(const bench_cvx_pair *p)
{
	const body *a = &bodies[p->a], *b = &bodies[p->b];
	col_vec3 va[64], vb[64];
	int na = world_vertices(a, &p->pose_a, va), nb = world_vertices(b, &p->pose_b, vb);
	double best = INFINITY;
	const body *which[2] = {a, b};
	const col_vec3 *verts[2] = {va, vb};
	col_vec3 edges[2][256];
	int edge_count[2] = {0, 0};
	for (int s = 0; s < 2; s++) {
		const col_convex *c = which[s]->convex;
		int nf = col_convex_face_count(c);
		for (int f = 0; f < nf; f++) {
			const int *fv;
			int n = col_convex_face(c, f, &fv);
			col_vec3 normal = col_vec3_normalize(
			    col_vec3_cross(col_vec3_sub(verts[s][fv[1]], verts[s][fv[0]]),
			                   col_vec3_sub(verts[s][fv[2]], verts[s][fv[0]])));
			(void)n;
			best = fmin(best, overlap_along(va, na, vb, nb,
			                                s == 0 ? normal : col_vec3_scale(normal, -1.0)));
		}
		int ne = col_convex_edge_count(c);
		for (int e = 0; e < ne && e < 256; e++) {
			int ev[2], ef[2];
			col_convex_edge(c, e, ev, ef);
			edges[s][edge_count[s]++] = col_vec3_sub(verts[s][ev[1]], verts[s][ev[0]]);
		}
	}
	for (int i = 0; i < edge_count[0]; i++)
		for (int j = 0; j < edge_count[1]; j++) {
			col_vec3 n = col_vec3_cross(edges[0][i], edges[1][j]);
			double length = col_vec3_length(n);
			if (!(length > 1e-12 * col_vec3_length(edges[0][i]) * col_vec3_length(edges[1][j])))
				continue;
			n = col_vec3_scale(n, 1.0 / length);
			best = fmin(best, overlap_along(va, na, vb, nb, n));
			best = fmin(best, overlap_along(va, na, vb, nb, col_vec3_scale(n, -1.0)));
		}
	return best;
}

/* ---- the fast certified truth ----
 * The oracle (shape_oracle.h) enumerates hull triples: about a millisecond for two 28-vertex hulls,
 * too slow for 10^6 pairs. So collide's own answer is taken as a hint and certified exactly on the
 * same truth (the hulls of the vertices placed by col_transform3_apply): a separating plane whose
 * rounded dot products, with their error bounds, keep the bodies apart, or a point that lies in a
 * tetrahedron of each body's own vertices (exact col_orient3d). A pair neither certificate settles
 * goes to the oracle. The distance of an apart pair is bracketed by the plane's gap below and the
 * witnesses' separation above; the bracket is kept when it is narrower than 1e-13, else the oracle
 * decides. */

#include "collide/predicates.h"

static void place_vertices(const col_shape *s, col_vec3 *out)
{
	const col_convex *c = s->core.convex;
	for (int i = 0; i < col_convex_vertex_count(c); i++)
		out[i] = col_transform3_apply(s->pose, col_convex_vertices(c)[i]);
}

/* The largest d.x over the vertices, rounded up by its error bound (hi = 1), or the smallest,
 * rounded down (hi = 0). */
static double bounded_support(const col_vec3 *v, int n, col_vec3 d, int hi)
{
	double best = hi ? -INFINITY : INFINITY;
	for (int i = 0; i < n; i++) {
		double s = d.x * v[i].x + d.y * v[i].y + d.z * v[i].z;
		double err = 4e-16 * (fabs(d.x * v[i].x) + fabs(d.y * v[i].y) + fabs(d.z * v[i].z)) + 1e-300;
		if (hi)
			best = fmax(best, s + err);
		else
			best = fmin(best, s - err);
	}
	return best;
}

static bool in_tetrahedron(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, col_vec3 p)
{
	double o = col_orient3d(a, b, c, d);
	if (o == 0)
		return false;
	double s[4] = {col_orient3d(p, b, c, d), col_orient3d(a, p, c, d), col_orient3d(a, b, p, d),
	               col_orient3d(a, b, c, p)};
	for (int i = 0; i < 4; i++)
		if ((o > 0 && s[i] < 0) || (o < 0 && s[i] > 0))
			return false;
	return true;
}

/* Whether p lies in a tetrahedron fanned from vertex 0 to a triangle of a face. */
static bool in_body(const col_convex *c, const col_vec3 *v, col_vec3 p)
{
	for (int f = 0; f < col_convex_face_count(c); f++) {
		const int *fv;
		int n = col_convex_face(c, f, &fv);
		for (int i = 1; i + 1 < n; i++) {
			if (fv[0] == 0 || fv[i] == 0 || fv[i + 1] == 0)
				continue;
			if (in_tetrahedron(v[0], v[fv[0]], v[fv[i]], v[fv[i + 1]], p))
				return true;
		}
	}
	return false;
}

static size_t certified_pairs, oracle_pairs;

static void truth_of(const col_shape *a, const col_shape *b, struct truth *t);

/* ---- results ---- */

typedef struct result {
	const char *question; /* "intersect", "intersect past the balls", "distance", "penetration", "bound" */
	int dimension;
	const char *method, *library;
	size_t queries;
	double ns_per_query;
	long long wrong;       /* against the oracle: intersect answers, distances beyond 1e-12 (relative
	                          to max(1, d)), depths beyond 1e-9 */
	long long wrong_loose; /* distances and depths beyond 1e-6 */
	double max_error;      /* largest distance or depth error (absolute) */
	double speedup; /* peer's time over collide's for the same question: > 1 means collide is faster */
} result;

static result results[128];
static int result_count;

static result *result_add(const char *question, int dimension, const char *method, const char *library,
                          size_t queries, double seconds)
{
	result *r = &results[result_count++];
	memset(r, 0, sizeof *r);
	r->question = question;
	r->dimension = dimension;
	r->method = method;
	r->library = library;
	r->queries = queries;
	r->ns_per_query = queries > 0 ? 1e9 * seconds / (double)queries : NAN;
	r->max_error = NAN;
	r->speedup = NAN;
	return r;
}

/* Counts intersect answers that differ from the truth (certain truths only). */
static void check_intersect(result *r, const truth *t, const unsigned char *hit, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (t[i].certain && (hit[i] != 0) != (t[i].intersect != 0))
			r->wrong++;
}

/* Distances: an overlap must be reported as one (distance <= 0), an apart pair within tolerance. */
static void check_distance(result *r, const truth *t, const double *distance, size_t count)
{
	double worst = 0.0;
	for (size_t i = 0; i < count; i++) {
		if (!t[i].certain)
			continue;
		if (t[i].intersect) {
			if (distance[i] > 0.0) {
				r->wrong++;
				r->wrong_loose++;
			}
			continue;
		}
		double error = distance[i] < 0.0 ? t[i].distance : fabs(distance[i] - t[i].distance);
		worst = fmax(worst, error);
		if (error > 1e-12 * fmax(1.0, t[i].distance) + t[i].slack)
			r->wrong++;
		if (error > 1e-6 * fmax(1.0, t[i].distance) + t[i].slack)
			r->wrong_loose++;
	}
	r->max_error = worst;
}

static void check_depth(result *r, const truth *t, const double *depth, size_t count)
{
	double worst = 0.0;
	for (size_t i = 0; i < count; i++) {
		if (isnan(t[i].depth))
			continue;
		double error = depth[i] < 0.0 ? t[i].depth : fabs(depth[i] - t[i].depth);
		worst = fmax(worst, error);
		if (error > 1e-9 * fmax(1.0, t[i].depth))
			r->wrong++;
		if (error > 1e-6 * fmax(1.0, t[i].depth))
			r->wrong_loose++;
	}
	r->max_error = worst;
}

/* ---- collide's side ---- */

typedef struct ours_context {
	const bench_cvx_pair *pairs;
	size_t count;
	unsigned char *hit;
	double *value;
	col_vec3 *normal;
} ours_context;

static void ours_intersect(ours_context *c)
{
	for (size_t i = 0; i < c->count; i++) {
		const bench_cvx_pair *p = &c->pairs[i];
		col_shape a = shape_at(&bodies[p->a], &p->pose_a), b = shape_at(&bodies[p->b], &p->pose_b);
		c->hit[i] = col_gjk_intersect(&a, &b, NULL, NULL);
	}
}

static void ours_distance(ours_context *c, bool paper)
{
	col_gjk_options o = col_gjk_default_options();
	o.paper = paper;
	for (size_t i = 0; i < c->count; i++) {
		const bench_cvx_pair *p = &c->pairs[i];
		col_shape a = shape_at(&bodies[p->a], &p->pose_a), b = shape_at(&bodies[p->b], &p->pose_b);
		col_gjk_result r = col_gjk_distance(&a, &b, &o, NULL, NULL);
		c->value[i] = r.overlap ? -1.0 : r.distance;
	}
}

static void ours_penetration(ours_context *c, bool bound_only)
{
	for (size_t i = 0; i < c->count; i++) {
		const bench_cvx_pair *p = &c->pairs[i];
		col_shape a = shape_at(&bodies[p->a], &p->pose_a), b = shape_at(&bodies[p->b], &p->pose_b);
		col_penetration r = bound_only ? col_penetration_lower_bound(&a, &b)
		                               : col_penetration_depth(&a, &b, NULL, NULL);
		c->value[i] = r.status == COL_PENETRATION_APART ? -1.0 : r.depth;
	}
}

/* ---- the peers ---- */

static const bench_convex_peer *const peers[] = {
#ifdef COLLIDE_BENCH_HAVE_CCD
    &bench_convex_peer_ccd_gjk,           &bench_convex_peer_ccd_mpr,
#endif
#ifdef COLLIDE_BENCH_HAVE_FCL
    &bench_convex_peer_fcl_libccd,        &bench_convex_peer_fcl_libccd_signed, &bench_convex_peer_fcl_indep,
    &bench_convex_peer_fcl_libccd_solver, &bench_convex_peer_fcl_indep_solver,
#endif
#ifdef COLLIDE_BENCH_HAVE_BULLET
    &bench_convex_peer_bullet_gjk_pair,   &bench_convex_peer_bullet_gjk_epa2,
#endif
};
enum { PEER_COUNT = sizeof peers / sizeof peers[0] };

static void print_missing_peers(void)
{
#ifndef COLLIDE_BENCH_HAVE_CCD
	printf("libccd: skipped: not found\n");
#endif
#ifndef COLLIDE_BENCH_HAVE_FCL
	printf("fcl: skipped: not found\n");
#endif
#ifndef COLLIDE_BENCH_HAVE_BULLET
	printf("bullet: skipped: not found\n");
#endif
#ifndef COLLIDE_BENCH_HAVE_BOX2D
	printf("box2d: skipped: not found\n");
#endif
}

/* ---- 2D: 8-gons and Box2D ---- */

#define BENCH_SEED_CVX2     UINT64_C(0x4356583200000001)
#define BENCH_POLYGON_COUNT 256
#define BENCH_POLYGON_SIDES 8

typedef struct polygon2 {
	col_vec2 points[BENCH_POLYGON_SIDES];
	int count;
} polygon2;

static polygon2 polygons[BENCH_POLYGON_COUNT];

typedef struct pair2 {
	int32_t a, b;
	double pose_a[BENCH_CONVEX2_POSE_DOUBLES];
	double pose_b[BENCH_CONVEX2_POSE_DOUBLES];
	col_transform3 ours_a, ours_b; /* the same poses as collide's users hold them */
} pair2;

/* 8 points at angles 2 pi (i + 0.5 draw) / 8 and radius 1 + 0.1 (2 draw - 1): every one is a vertex
 * of their hull (a point is inside only when its radius is below its neighbours' times the cosine of
 * half their angle, at most 0.92 here), counter-clockwise. */
static void polygons_build(void)
{
	uint64_t state = BENCH_SEED_CVX2;
	for (int k = 0; k < BENCH_POLYGON_COUNT; k++) {
		for (int i = 0; i < BENCH_POLYGON_SIDES; i++) {
			double angle =
			    BENCH_TWO_PI * ((double)i + 0.5 * bench_draw(&state)) / BENCH_POLYGON_SIDES;
			double r = 1.0 + 0.1 * (2.0 * bench_draw(&state) - 1.0);
			polygons[k].points[i] = (col_vec2){r * cos(angle), r * sin(angle)};
		}
		polygons[k].count = BENCH_POLYGON_SIDES;
	}
}

static pair2 *pairs2_make(size_t count)
{
	uint64_t state = BENCH_SEED_CVX2 ^ UINT64_C(0xFFFF);
	pair2 *pairs = bench_checked_malloc(count * sizeof *pairs);
	for (size_t i = 0; i < count; i++) {
		pair2 *p = &pairs[i];
		p->a = (int32_t)(bench_next(&state) % BENCH_POLYGON_COUNT);
		p->b = (int32_t)(bench_next(&state) % BENCH_POLYGON_COUNT);
		double angle_a = BENCH_TWO_PI * bench_draw(&state),
		       angle_b = BENCH_TWO_PI * bench_draw(&state);
		double phi = BENCH_TWO_PI * bench_draw(&state),
		       m = BENCH_CVX_MAX_DISTANCE * bench_draw(&state);
		double tb[2] = {m * cos(phi), m * sin(phi)};
		double *pa = p->pose_a, *pb = p->pose_b;
		pa[0] = angle_a, pa[1] = cos(angle_a), pa[2] = sin(angle_a), pa[3] = 0.0, pa[4] = 0.0;
		pb[0] = angle_b, pb[1] = cos(angle_b), pb[2] = sin(angle_b), pb[3] = tb[0], pb[4] = tb[1];
		p->ours_a = col_shape_pose2((col_vec2){0.0, 0.0}, angle_a);
		p->ours_b = col_shape_pose2((col_vec2){tb[0], tb[1]}, angle_b);
	}
	return pairs;
}

/* The pair's two polygons as collide's shapes, at their poses. */
static void pair2_shapes(const pair2 *p, col_shape *a, col_shape *b)
{
	*a = col_shape_polygon2(polygons[p->a].points, polygons[p->a].count);
	*b = col_shape_polygon2(polygons[p->b].points, polygons[p->b].count);
	a->pose = p->ours_a;
	b->pose = p->ours_b;
}

#ifdef COLLIDE_BENCH_HAVE_BOX2D
/* Box2D's view wants records of 88 bytes: a, b and the two 5-double poses at bytes 8 and 48. */
typedef struct box2d_record {
	int32_t a, b;
	double pose_a[BENCH_CONVEX2_POSE_DOUBLES];
	double pose_b[BENCH_CONVEX2_POSE_DOUBLES];
} box2d_record;
#endif

static void truth_of(const col_shape *a, const col_shape *b, truth *t)
{
	t->depth = NAN;
	col_vec3 va[64], vb[64];
	int na = col_convex_vertex_count(a->core.convex), nb = col_convex_vertex_count(b->core.convex);
	place_vertices(a, va);
	place_vertices(b, vb);
	col_gjk_result g = col_gjk_distance(a, b, NULL, NULL, NULL);
	if (!g.overlap) {
		col_vec3 d = col_vec3_sub(g.point_b, g.point_a);
		double length = col_vec3_length(d);
		if (length > 0) {
			double gap = bounded_support(vb, nb, d, 0) - bounded_support(va, na, d, 1);
			if (gap > 0) {
				double lower = gap / length * (1 - 1e-15);
				double upper = length * (1 + 1e-15) + 1e-14;
				if (upper - lower <= 1e-13) {
					t->intersect = 0;
					t->certain = 1;
					t->distance = 0.5 * (lower + upper);
					t->slack = upper - lower;
					certified_pairs++;
					return;
				}
			}
		}
	} else {
		col_penetration p = col_penetration_depth(a, b, NULL, NULL);
		col_vec3 mid = col_vec3_scale(col_vec3_add(p.point_a, p.point_b), 0.5);
		if (in_body(a->core.convex, va, mid) && in_body(b->core.convex, vb, mid)) {
			t->intersect = 1;
			t->certain = 1;
			t->distance = 0;
			t->slack = 0;
			certified_pairs++;
			return;
		}
	}
	col_oracle_result o = col_shape_oracle(a, b);
	oracle_pairs++;
	t->intersect = o.intersect;
	t->certain = o.certain;
	t->distance = o.distance;
	t->slack = o.distance_hi - o.distance_lo;
}

/* ---- main ---- */

static const char csv_header[] =
    "question,dimension,method,library,queries,ns_per_query,wrong,wrong_1e-6,max_error,speedup_of_collide";

static void write_csv_row(FILE *f, int i)
{
	const result *r = &results[i];
	fprintf(f, "%s,%d,%s,%s,%zu,", r->question, r->dimension, r->method, r->library, r->queries);
	bench_write_csv_number(f, r->ns_per_query, "%.1f");
	bench_write_csv_integer(f, r->wrong);
	bench_write_csv_integer(f, r->wrong_loose);
	bench_write_csv_number(f, r->max_error, "%.3g");
	if (!isnan(r->speedup))
		fprintf(f, "%.3f", r->speedup);
	fputc('\n', f);
}

static void print_result(const result *r)
{
	char ns[32], err[32], speed[32];
	bench_format_value(ns, sizeof ns, r->ns_per_query, "%.1f");
	bench_format_value(err, sizeof err, r->max_error, "%.2g");
	bench_format_value(speed, sizeof speed, r->speedup, "%.2fx");
	printf("  %-12s %-24s %10s ns  wrong %7lld  (1e-6: %7lld)  max error %-9s  collide faster by %s\n",
	       r->question, r->method, ns, r->wrong, r->wrong_loose, err, speed);
}

/* Sets each peer row's speedup from collide's row for the same question and dimension. */
static void set_speedups(void)
{
	for (int i = 0; i < result_count; i++) {
		result *r = &results[i];
		if (strcmp(r->library, "collide") == 0)
			continue;
		const char *ours = strncmp(r->question, "intersect", 9) == 0 ? "collide.gjk"
		                   : strcmp(r->question, "distance") == 0    ? "collide.gjk"
		                                                             : "collide.epa";
		for (int j = 0; j < result_count; j++)
			if (results[j].dimension == r->dimension &&
			    strcmp(results[j].question, r->question) == 0 &&
			    strcmp(results[j].method, ours) == 0)
				r->speedup = r->ns_per_query / results[j].ns_per_query;
	}
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/convex.csv";
	size_t pair_count = BENCH_CVX_PAIR_COUNT, oracle_count = 0, depth_count = 100000;
	bool oracle_all = true;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
			csv_path = argv[++i];
		} else if (strcmp(argv[i], "--quick") == 0) {
			pair_count = 10000;
		} else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc) {
			pair_count = (size_t)strtoull(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--depth-pairs") == 0 && i + 1 < argc) {
			depth_count = (size_t)strtoull(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--oracle-pairs") == 0 && i + 1 < argc) {
			oracle_count = (size_t)strtoull(argv[++i], NULL, 10);
			oracle_all = false;
		} else {
			fprintf(stderr,
			        "usage: %s [--csv PATH] [--quick] [--pairs N] [--oracle-pairs N] "
			        "[--depth-pairs N]\n",
			        argv[0]);
			return 2;
		}
	}
	if (oracle_all || oracle_count > pair_count)
		oracle_count = pair_count;
	double start = bench_now_seconds();
	char machine[512];
	bench_describe_machine(machine, sizeof machine);
	printf("machine: %s\n", machine);
	print_missing_peers();

	bodies_build();
	double vertices = 0, triangles = 0;
	for (int k = 0; k < BENCH_HULL_COUNT; k++) {
		vertices += bodies[k].vertex_count;
		triangles += bodies[k].triangle_count;
	}
	printf("hulls: %d clouds of %d points: %.1f vertices and %.1f triangles on average (docs/benchmarks.md: "
	       "28.3, "
	       "52.6)\n",
	       BENCH_HULL_COUNT, BENCH_HULL_POINTS, vertices / BENCH_HULL_COUNT,
	       triangles / BENCH_HULL_COUNT);
	bench_cvx_pair *pairs = bench_cvx_pairs(pair_count, BENCH_HULL_COUNT);
	if (pairs == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		return 1;
	}
	if (pair_count == BENCH_CVX_PAIR_COUNT) {
		uint64_t hash = bench_fnv1a_cvx_pairs(BENCH_FNV_OFFSET, pairs, pair_count);
		printf("cvx_pairs(1e6) fnv1a=%016llx (docs/benchmarks.md: cfd43975781b8c06)\n",
		       (unsigned long long)hash);
	}

	/* The truth, from the oracle. */
	double oracle_start = bench_now_seconds();
	truth *truths = bench_checked_malloc(pair_count * sizeof *truths);
	size_t overlapping = 0, uncertain = 0;
	for (size_t i = 0; i < pair_count; i++) {
		truths[i].certain = 0;
		truths[i].depth = NAN;
		if (i >= oracle_count)
			continue;
		const bench_cvx_pair *p = &pairs[i];
		col_shape a = shape_at(&bodies[p->a], &p->pose_a), b = shape_at(&bodies[p->b], &p->pose_b);
		truth_of(&a, &b, &truths[i]);
		uncertain += !truths[i].certain;
		if (truths[i].intersect && truths[i].certain) {
			overlapping++;
			if (overlapping <= depth_count)
				truths[i].depth = depth_oracle(p);
		}
	}
	printf("truth: %zu pairs checked (%.0f s: %zu certified, %zu by the oracle), %zu overlap (%.1f%%; "
	       "docs/benchmarks.md: 51.0%%), %zu uncertain; depths of the first %zu overlapping pairs by the "
	       "candidate axes\n",
	       oracle_count, bench_now_seconds() - oracle_start, certified_pairs, oracle_pairs, overlapping,
	       100.0 * (double)overlapping / (double)(oracle_count ? oracle_count : 1), uncertain,
	       overlapping < depth_count ? overlapping : depth_count);

	/* The overlapping pairs (by the oracle where checked, else by collide's GJK) for penetration. */
	unsigned char *hit = bench_checked_malloc(pair_count);
	double *value = bench_checked_malloc(pair_count * sizeof(double));
	ours_context ctx = {pairs, pair_count, hit, value, NULL};

	printf("\n3D, %zu pairs\n", pair_count);
	double t0 = bench_cpu_seconds();
	ours_intersect(&ctx);
	result *r =
	    result_add("intersect", 3, "collide.gjk", "collide", pair_count, bench_cpu_seconds() - t0);
	check_intersect(r, truths, hit, pair_count);
	print_result(r);

	/* col_gjk_intersect answers first from the shapes' balls (col_shape_spheres): centres farther
	 * apart than the outer radii, or nearer than the inner ones. The pairs they leave (found here
	 * by the same test in world coordinates) go to the GJK loop; timed alone, with every intersect
	 * peer on the same pairs, they show the loop itself. */
	size_t open_count = 0, balls_apart = 0, balls_meet = 0;
	bench_cvx_pair *open = bench_checked_malloc((pair_count + 1) * sizeof *open);
	truth *open_truth = bench_checked_malloc((pair_count + 1) * sizeof *open_truth);
	for (size_t i = 0; i < pair_count; i++) {
		const bench_cvx_pair *p = &pairs[i];
		col_shape a = shape_at(&bodies[p->a], &p->pose_a), b = shape_at(&bodies[p->b], &p->pose_b);
		double outer_a, inner_a, outer_b, inner_b;
		col_shape_spheres(&a, &outer_a, &inner_a);
		col_shape_spheres(&b, &outer_b, &inner_b);
		double d = col_vec3_length(col_vec3_sub(col_shape_center(&b), col_shape_center(&a)));
		if (d > outer_a + outer_b)
			balls_apart++;
		else if (d < inner_a + inner_b)
			balls_meet++;
		else {
			open[open_count] = *p;
			open_truth[open_count++] = truths[i];
		}
	}
	printf("  the balls: %.1f%% of the pairs apart by the outer balls, %.1f%% meeting by the inner "
	       "ones; %zu pairs (%.1f%%) left to the GJK loop\n",
	       100.0 * (double)balls_apart / (double)pair_count, 100.0 * (double)balls_meet / (double)pair_count,
	       open_count, 100.0 * (double)open_count / (double)pair_count);
	ours_context open_ctx = {open, open_count, hit, value, NULL};
	t0 = bench_cpu_seconds();
	ours_intersect(&open_ctx);
	r = result_add("intersect past the balls", 3, "collide.gjk", "collide", open_count,
	               bench_cpu_seconds() - t0);
	check_intersect(r, open_truth, hit, open_count);
	print_result(r);

	t0 = bench_cpu_seconds();
	ours_distance(&ctx, false);
	r = result_add("distance", 3, "collide.gjk", "collide", pair_count, bench_cpu_seconds() - t0);
	check_distance(r, truths, value, pair_count);
	print_result(r);

	t0 = bench_cpu_seconds();
	ours_distance(&ctx, true);
	r = result_add("distance", 3, "collide.gjk.paper", "collide", pair_count, bench_cpu_seconds() - t0);
	check_distance(r, truths, value, pair_count);
	print_result(r);

	size_t deep_count = 0;
	bench_cvx_pair *deep = bench_checked_malloc((pair_count + 1) * sizeof *deep);
	truth *deep_truth = bench_checked_malloc((pair_count + 1) * sizeof *deep_truth);
	for (size_t i = 0; i < pair_count; i++) {
		bool overlaps = truths[i].certain ? truths[i].intersect : hit[i];
		if (overlaps) {
			deep[deep_count] = pairs[i];
			deep_truth[deep_count++] = truths[i];
		}
	}
	ours_context deep_ctx = {deep, deep_count, hit, value, NULL};
	t0 = bench_cpu_seconds();
	ours_penetration(&deep_ctx, false);
	r = result_add("penetration", 3, "collide.epa", "collide", deep_count, bench_cpu_seconds() - t0);
	check_depth(r, deep_truth, value, deep_count);
	print_result(r);
	t0 = bench_cpu_seconds();
	ours_penetration(&deep_ctx, true);
	r = result_add("bound", 3, "collide.bound", "collide", deep_count, bench_cpu_seconds() - t0);
	/* The bound is a lower bound by design: count where it exceeds the depth (wrong) and its gap. */
	{
		double worst = 0.0, sum = 0.0;
		size_t n = 0;
		for (size_t i = 0; i < deep_count; i++) {
			if (isnan(deep_truth[i].depth))
				continue;
			if (value[i] > deep_truth[i].depth * (1 + 1e-9) + 1e-12)
				r->wrong++;
			worst = fmax(worst, deep_truth[i].depth - value[i]);
			sum += value[i] / deep_truth[i].depth;
			n++;
		}
		r->max_error = worst;
		print_result(r);
		printf("  (the bound averages %.1f%% of the depth)\n", n ? 100.0 * sum / (double)n : 0.0);
	}

	/* Peers. */
	for (int k = 0; k < PEER_COUNT; k++) {
		const bench_convex_peer *peer = peers[k];
		printf(" %s: %s\n", peer->method, peer->version());
		bench_convex_body **built = bench_checked_malloc(BENCH_HULL_COUNT * sizeof *built);
		for (int i = 0; i < BENCH_HULL_COUNT; i++) {
			built[i] = peer->build(bodies[i].xyz, bodies[i].vertex_count, bodies[i].triangles,
			                       bodies[i].triangle_count);
			if (built[i] == NULL) {
				fprintf(stderr, BENCH_PROGRAM ": %s refused hull %d\n", peer->method, i);
				return 1;
			}
		}
		const bench_convex_body *const *cbuilt = (const bench_convex_body *const *)built;
		bench_convex_pair_view view = {pairs, sizeof *pairs};
		bench_convex_pair_view deep_view = {deep, sizeof *deep};
		if (peer->intersect != NULL) {
			t0 = bench_cpu_seconds();
			peer->intersect(cbuilt, view, pair_count, hit);
			r = result_add("intersect", 3, peer->method, peer->library, pair_count,
			               bench_cpu_seconds() - t0);
			check_intersect(r, truths, hit, pair_count);
			bench_convex_pair_view open_view = {open, sizeof *open};
			t0 = bench_cpu_seconds();
			peer->intersect(cbuilt, open_view, open_count, hit);
			r = result_add("intersect past the balls", 3, peer->method, peer->library, open_count,
			               bench_cpu_seconds() - t0);
			check_intersect(r, open_truth, hit, open_count);
		}
		if (peer->distance != NULL) {
			double *wa = bench_checked_malloc(3 * pair_count * sizeof(double));
			double *wb = bench_checked_malloc(3 * pair_count * sizeof(double));
			t0 = bench_cpu_seconds();
			peer->distance(cbuilt, view, pair_count, value, wa, wb);
			r = result_add("distance", 3, peer->method, peer->library, pair_count,
			               bench_cpu_seconds() - t0);
			check_distance(r, truths, value, pair_count);
			free(wa);
			free(wb);
		}
		if (peer->penetration != NULL) {
			double *normal = bench_checked_malloc(3 * (deep_count + 1) * sizeof(double));
			t0 = bench_cpu_seconds();
			peer->penetration(cbuilt, deep_view, deep_count, value, normal);
			r = result_add("penetration", 3, peer->method, peer->library, deep_count,
			               bench_cpu_seconds() - t0);
			check_depth(r, deep_truth, value, deep_count);
			free(normal);
		}
		for (int i = 0; i < BENCH_HULL_COUNT; i++)
			peer->destroy(built[i]);
		free(built);
	}

	/* 2D. */
	polygons_build();
	pair2 *pairs2 = pairs2_make(pair_count);
	truth *truths2 = bench_checked_malloc(pair_count * sizeof *truths2);
	for (size_t i = 0; i < pair_count; i++) {
		truths2[i].certain = 0;
		truths2[i].depth = NAN;
		if (i >= oracle_count)
			continue;
		col_shape a, b;
		pair2_shapes(&pairs2[i], &a, &b);
		col_oracle_result o = col_shape_oracle(&a, &b);
		truths2[i].intersect = o.intersect;
		truths2[i].certain = o.certain;
		truths2[i].distance = o.distance;
		truths2[i].slack = o.distance_hi - o.distance_lo;
	}
	printf("\n2D, %zu pairs of 8-gons\n", pair_count);
	t0 = bench_cpu_seconds();
	for (size_t i = 0; i < pair_count; i++) {
		col_shape a, b;
		pair2_shapes(&pairs2[i], &a, &b);
		hit[i] = col_gjk_intersect(&a, &b, NULL, NULL);
	}
	r = result_add("intersect", 2, "collide.gjk", "collide", pair_count, bench_cpu_seconds() - t0);
	check_intersect(r, truths2, hit, pair_count);
	t0 = bench_cpu_seconds();
	for (size_t i = 0; i < pair_count; i++) {
		col_shape a, b;
		pair2_shapes(&pairs2[i], &a, &b);
		col_gjk_result g = col_gjk_distance(&a, &b, NULL, NULL, NULL);
		value[i] = g.overlap ? -1.0 : g.distance;
	}
	r = result_add("distance", 2, "collide.gjk", "collide", pair_count, bench_cpu_seconds() - t0);
	check_distance(r, truths2, value, pair_count);
#ifdef COLLIDE_BENCH_HAVE_BOX2D
	{
		const bench_convex2_peer *peer = &bench_convex2_peer_box2d;
		printf(" %s: %s\n", peer->method, peer->version());
		bench_convex2_body *built[BENCH_POLYGON_COUNT];
		for (int i = 0; i < BENCH_POLYGON_COUNT; i++) {
			double xy[2 * BENCH_POLYGON_SIDES];
			for (int j = 0; j < polygons[i].count; j++) {
				xy[2 * j] = polygons[i].points[j].x;
				xy[2 * j + 1] = polygons[i].points[j].y;
			}
			built[i] = peer->build(xy, polygons[i].count);
		}
		box2d_record *records = bench_checked_malloc(pair_count * sizeof *records);
		for (size_t i = 0; i < pair_count; i++) {
			records[i].a = pairs2[i].a;
			records[i].b = pairs2[i].b;
			memcpy(records[i].pose_a, pairs2[i].pose_a, sizeof records[i].pose_a);
			memcpy(records[i].pose_b, pairs2[i].pose_b, sizeof records[i].pose_b);
		}
		bench_convex2_pair_view view = {records, sizeof *records};
		const bench_convex2_body *const *cbuilt = (const bench_convex2_body *const *)built;
		if (peer->intersect != NULL) {
			t0 = bench_cpu_seconds();
			peer->intersect(cbuilt, view, pair_count, hit);
			r = result_add("intersect", 2, peer->method, peer->library, pair_count,
			               bench_cpu_seconds() - t0);
			check_intersect(r, truths2, hit, pair_count);
		}
		if (peer->distance != NULL) {
			double *wa = bench_checked_malloc(2 * pair_count * sizeof(double));
			double *wb = bench_checked_malloc(2 * pair_count * sizeof(double));
			t0 = bench_cpu_seconds();
			peer->distance(cbuilt, view, pair_count, value, wa, wb);
			r = result_add("distance", 2, peer->method, peer->library, pair_count,
			               bench_cpu_seconds() - t0);
			check_distance(r, truths2, value, pair_count);
			free(wa);
			free(wb);
		}
		for (int i = 0; i < BENCH_POLYGON_COUNT; i++)
			peer->destroy(built[i]);
		free(records);
	}
#endif

	set_speedups();
	printf("\nresults (speedup = peer's time / collide's for the same question):\n");
	for (int i = 0; i < result_count; i++)
		print_result(&results[i]);
	if (bench_write_csv(csv_path, csv_header, result_count, write_csv_row) != 0)
		return 1;
	printf("; results in %s (%.0f s)\n", csv_path, bench_now_seconds() - start);
	for (int k = 0; k < BENCH_HULL_COUNT; k++) {
		col_convex_destroy(bodies[k].convex);
		free(bodies[k].xyz);
		free(bodies[k].triangles);
	}
	free(pairs);
	free(pairs2);
	free(truths);
	free(truths2);
	free(deep);
	free(open);
	free(open_truth);
	free(deep_truth);
	free(hit);
	free(value);
	return 0;
}
