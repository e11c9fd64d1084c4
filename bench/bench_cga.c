/* Source 003's timing question: how do the conformal (CGA) collision tests compare with the
 * Euclidean ones? Roa (2011) found the Euclidean routines 2-4x faster. Here both are the engine's:
 * cga_collide.h (compact meets in local frames, signs certified, exact predicates behind them) and
 * shapes3d.h / intersect3d.h (exact predicates). Three parts:
 *
 *   pairs   each of the six primitive pairs on 4096 random pairs (stream CGA below; spheres in solid
 *           mode, as the Euclidean tests are), looped over until the run is long enough: Euclidean,
 *           CGA, and for segment/triangle, triangle/triangle and sphere/sphere the source's algorithm
 *           written with full 32-blade multivectors (col_cga_meet, col_cga_scalar_product), to show
 *           what the compact forms save. The pairs stay in cache.
 *   meshes  a segment or a triangle against every triangle of the bumpy spheres of docs/benchmarks.md
 *           2.4 (L3 1,280 to L8 1,310,720 triangles) by brute force (col_cga_mesh_query), single
 *           thread and all cores (the triangle range split between threads). Query centres are the
 *           3D query set mapped to the mesh's box; directions come from stream CGA.
 *   pairs of meshes  bumpy L3, L5, L6 against bumpy L3 moved by (0.6, 0.3, 0.1), every triangle pair
 *           (col_cga_mesh_mesh), as the source's Bunny x Armadillo.
 *
 * Every CGA answer is compared with the Euclidean one (disagreements, expected 0); the multivector
 * path is not certified and its disagreements are reported too. Times are CPU time of the best run
 * (bench_best_seconds) for one thread, wall-clock time of the best run for all cores.
 * Usage: bench_cga [--csv PATH] [--quick] */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#define BENCH_PROGRAM "bench_cga"
#include "bench_common.h"
#include "cases.h"

#include "collide/cga.h"
#include "collide/cga_collide.h"
#include "collide/intersect3d.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#define BENCH_SEED_CGA UINT64_C(0x4347410000000001) /* "CGA": pair shapes, query directions */

#define PAIR_COUNT      4096  /* random pairs a pair class (in cache) */
#define PAIR_OFFSET     0.3   /* B's centre within [-PAIR_OFFSET, PAIR_OFFSET]^3 of A's */
#define PAIR_SIZE       0.5   /* segment and triangle points within this of their centre */
#define MESH_TESTS      2e7   /* triangle tests a query set (queries = MESH_TESTS / triangles) */
#define MESH_MAX_QUERY  10000 /* ... at most */
#define SEGMENT_HALF    0.25  /* a query segment: centre +- 0.25 along a unit direction */
#define TRIANGLE_RADIUS 0.2   /* a query triangle: centre + 0.2 times three unit directions */
#define GOAL_RATIO      1.5   /* CGA segment/triangle and triangle/triangle within 1.5x */

/* ---- results ---- */

typedef struct row {
	char part[8];       /* pair, mesh, meshes */
	char name[32];      /* the pair class or the mesh */
	int triangles;      /* of the mesh (0 for pairs) */
	char query_set[24]; /* segment, triangle, mesh_L3, random */
	long long queries;  /* queries (pairs) a run */
	char method[24];    /* euclidean, cga, cga.multivector */
	int threads;
	double ns_per_query;
	double ns_per_test; /* per primitive pair tested */
	double ratio;       /* ns / the Euclidean ns of the same set and threads */
	long long hits;     /* pairs that meet */
	double hit_rate;    /* hits / pairs */
	long long disagreements;
	long long exact_fallbacks;
	long long plane_rejects;
	char note[96];
} row;

static row rows[256];
static int row_count;

static row *add_row(const char *part, const char *name, int triangles, const char *query_set,
                    long long queries, const char *method, int threads)
{
	if (row_count == (int)(sizeof rows / sizeof rows[0])) {
		fprintf(stderr, BENCH_PROGRAM ": too many rows\n");
		exit(1);
	}
	row *r = &rows[row_count++];
	memset(r, 0, sizeof *r);
	snprintf(r->part, sizeof r->part, "%s", part);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->triangles = triangles;
	snprintf(r->query_set, sizeof r->query_set, "%s", query_set);
	r->queries = queries;
	snprintf(r->method, sizeof r->method, "%s", method);
	r->threads = threads;
	r->ratio = NAN;
	r->exact_fallbacks = -1;
	r->plane_rejects = -1;
	return r;
}

static void write_row(FILE *f, int i)
{
	const row *r = &rows[i];
	char ratio[32], fallbacks[32], rejects[32];
	bench_format_value(ratio, sizeof ratio, r->ratio, "%.3f");
	if (r->exact_fallbacks < 0)
		fallbacks[0] = '\0';
	else
		snprintf(fallbacks, sizeof fallbacks, "%lld", r->exact_fallbacks);
	if (r->plane_rejects < 0)
		rejects[0] = '\0';
	else
		snprintf(rejects, sizeof rejects, "%lld", r->plane_rejects);
	/* Columns 1, 3, 5 and 7 are case, query_set, method and ns_per_query, as in the other CSVs. */
	fprintf(f, "%s,%d,%s,%lld,%s,%d,%.2f,%.3f,%s,%lld,%.4f,%lld,%s,%s,%s,%s\n", r->name, r->triangles,
	        r->query_set, r->queries, r->method, r->threads, r->ns_per_query, r->ns_per_test, ratio,
	        r->hits, r->hit_rate, r->disagreements, fallbacks, rejects, r->part, r->note);
}

#define CSV_HEADER                                                                                           \
	"case,triangles,query_set,queries,method,threads,ns_per_query,ns_per_test,ratio_to_euclidean,hits,"  \
	"hit_rate,disagreements,exact_fallbacks,plane_rejects,part,note"

/* ---- part 1: primitive pairs ---- */

typedef struct prim_pair {
	col_vec3 a[3], b[3]; /* segment: [0..1], triangle: [0..2], sphere: centre [0] */
	double ra, rb;       /* sphere radii */
} prim_pair;

static col_vec3 vec3_of(const double d[3])
{
	return (col_vec3){d[0], d[1], d[2]};
}

/* A point within PAIR_SIZE of centre c in each coordinate. */
static col_vec3 near_point(uint64_t *state, col_vec3 c)
{
	col_vec3 p;
	p.x = c.x + PAIR_SIZE * (2.0 * bench_draw(state) - 1.0);
	p.y = c.y + PAIR_SIZE * (2.0 * bench_draw(state) - 1.0);
	p.z = c.z + PAIR_SIZE * (2.0 * bench_draw(state) - 1.0);
	return p;
}

/* PAIR_COUNT pairs: A around the origin, B around a centre within PAIR_OFFSET of it. Every point of
 * both is drawn (three of each, two radii in [0.2, 0.5)), so all classes take the same stream.
 * coplanar_share of the pairs have z = 0.25 exactly at every point (segment pairs meet only there). */
static prim_pair *make_pairs(uint64_t seed, double coplanar_share)
{
	prim_pair *pairs = bench_checked_malloc(PAIR_COUNT * sizeof *pairs);
	uint64_t state = seed;
	for (int i = 0; i < PAIR_COUNT; i++) {
		prim_pair *p = &pairs[i];
		col_vec3 ca = {0.0, 0.0, 0.0};
		col_vec3 cb = {PAIR_OFFSET * (2.0 * bench_draw(&state) - 1.0),
		               PAIR_OFFSET * (2.0 * bench_draw(&state) - 1.0),
		               PAIR_OFFSET * (2.0 * bench_draw(&state) - 1.0)};
		for (int k = 0; k < 3; k++) {
			p->a[k] = near_point(&state, ca);
			p->b[k] = near_point(&state, cb);
		}
		p->ra = 0.2 + 0.3 * bench_draw(&state);
		p->rb = 0.2 + 0.3 * bench_draw(&state);
		if (bench_draw(&state) < coplanar_share)
			for (int k = 0; k < 3; k++)
				p->a[k].z = p->b[k].z = 0.25;
	}
	return pairs;
}

static col_triangle triangle_of(const col_vec3 *v)
{
	return (col_triangle){v[0], v[1], v[2]};
}

static col_sphere sphere_of(col_vec3 c, double r)
{
	return (col_sphere){c, r};
}

/* The source's algorithms with full multivectors (no compact forms, no local frames, no
 * certification): what the paper timed. Built once per triangle: its dual plane and edge lines. */
typedef struct full_triangle {
	col_vec3 v[3];
	col_multivector dual_plane;
	col_multivector edge[3];
	bool ok;
} full_triangle;

static full_triangle full_prepare(const col_vec3 *v)
{
	full_triangle t;
	col_multivector plane;
	memcpy(t.v, v, sizeof t.v);
	t.ok = col_cga_plane_through(v, &plane, NULL) == COL_OK;
	if (t.ok)
		col_cga_dual(&plane, &t.dual_plane);
	for (int k = 0; k < 3 && t.ok; k++)
		t.ok = col_cga_line(v[k], v[(k + 1) % 3], &t.edge[k], NULL) == COL_OK;
	return t;
}

/* Side of the point p's null vector against the dual plane: the sign of P . pi*. */
static int full_plane_side(const full_triangle *t, col_vec3 p)
{
	col_multivector x;
	col_cga_point(p, &x, NULL);
	double s = col_cga_scalar_product(&x, &t->dual_plane);
	return (s > 0.0) - (s < 0.0);
}

static long long full_unsupported; /* degenerate inputs the multivector path hands to the Euclidean test */

/* IV.2: the ends on either side of the plane, then the line's meets with the three edge lines
 * (multiples of ni, -side ni) agree in sign. */
static bool full_segment_triangle(col_vec3 q1, col_vec3 q2, const full_triangle *t)
{
	int s1 = full_plane_side(t, q1), s2 = full_plane_side(t, q2);
	if (s1 * s2 > 0)
		return false;
	col_multivector line, meet;
	if (!t->ok || (s1 == 0 && s2 == 0) || col_cga_line(q1, q2, &line, NULL) != COL_OK) {
		full_unsupported++;
		return col_segment_intersects_triangle(q1, q2, triangle_of(t->v));
	}
	bool positive = false, negative = false;
	for (int k = 0; k < 3; k++) {
		col_cga_meet(&line, &t->edge[k], &meet);
		double side = meet.c[8]; /* the e4 coefficient of -side ni */
		positive |= side > 0.0;
		negative |= side < 0.0;
	}
	return !(positive && negative);
}

/* IV.4: each triangle's vertices against the other's plane, then every edge against the other. */
static bool full_triangle_triangle(const col_vec3 *a, const col_vec3 *b)
{
	full_triangle t = full_prepare(a), u = full_prepare(b);
	int sum_u = 0, sum_t = 0;
	for (int k = 0; k < 3; k++) {
		sum_u += full_plane_side(&t, b[k]);
		sum_t += full_plane_side(&u, a[k]);
	}
	if (sum_u == 3 || sum_u == -3 || sum_t == 3 || sum_t == -3)
		return false;
	for (int k = 0; k < 3; k++)
		if (full_segment_triangle(b[k], b[(k + 1) % 3], &t) ||
		    full_segment_triangle(a[k], a[(k + 1) % 3], &u))
			return true;
	return false;
}

/* IV.6, solid: the balls meet when S1 . S2 + r1 r2 >= 0 for the dual spheres (S1 . S2 =
 * (r1^2 + r2^2 - d^2) / 2), taken as a 32-blade scalar product. */
static bool full_sphere_sphere(col_vec3 ca, double ra, col_vec3 cb, double rb)
{
	col_multivector sa, sb;
	col_cga_dual_sphere(ca, ra, &sa, NULL);
	col_cga_dual_sphere(cb, rb, &sb, NULL);
	return col_cga_scalar_product(&sa, &sb) + ra * rb >= 0.0;
}

typedef bool (*pair_test)(const prim_pair *p);

static bool euclid_seg_seg(const prim_pair *p)
{
	return col_segment_intersects_segment3(p->a[0], p->a[1], p->b[0], p->b[1]);
}
static bool cga_seg_seg(const prim_pair *p)
{
	return col_cga_segment_segment(p->a[0], p->a[1], p->b[0], p->b[1]);
}
static bool euclid_seg_tri(const prim_pair *p)
{
	return col_segment_intersects_triangle(p->a[0], p->a[1], triangle_of(p->b));
}
static bool cga_seg_tri(const prim_pair *p)
{
	return col_cga_segment_triangle(p->a[0], p->a[1], triangle_of(p->b));
}
static bool full_seg_tri(const prim_pair *p)
{
	full_triangle t = full_prepare(p->b);
	return full_segment_triangle(p->a[0], p->a[1], &t);
}
static bool euclid_seg_sphere(const prim_pair *p)
{
	return col_segment_intersects_sphere(p->a[0], p->a[1], sphere_of(p->b[0], p->rb));
}
static bool cga_seg_sphere(const prim_pair *p)
{
	return col_cga_segment_sphere(p->a[0], p->a[1], sphere_of(p->b[0], p->rb), COL_CGA_SOLID);
}
static bool euclid_tri_tri(const prim_pair *p)
{
	return col_triangle_intersects_triangle(triangle_of(p->a), triangle_of(p->b));
}
static bool cga_tri_tri(const prim_pair *p)
{
	return col_cga_triangle_triangle(triangle_of(p->a), triangle_of(p->b));
}
static bool full_tri_tri(const prim_pair *p)
{
	return full_triangle_triangle(p->a, p->b);
}
static bool euclid_tri_sphere(const prim_pair *p)
{
	return col_triangle_intersects_sphere(triangle_of(p->a), sphere_of(p->b[0], p->rb));
}
static bool cga_tri_sphere(const prim_pair *p)
{
	return col_cga_triangle_sphere(triangle_of(p->a), sphere_of(p->b[0], p->rb), COL_CGA_SOLID);
}
static bool euclid_sphere_sphere(const prim_pair *p)
{
	return col_sphere_intersects_sphere(sphere_of(p->a[0], p->ra), sphere_of(p->b[0], p->rb));
}
static bool cga_sphere_sphere(const prim_pair *p)
{
	return col_cga_sphere_sphere(sphere_of(p->a[0], p->ra), sphere_of(p->b[0], p->rb), COL_CGA_SOLID);
}
static bool full_sphere_sphere_pair(const prim_pair *p)
{
	return full_sphere_sphere(p->a[0], p->ra, p->b[0], p->rb);
}

/* The pair as two col_cga_query values (for col_cga_collide's statistics). */
typedef struct pair_class {
	const char *name;
	col_cga_query_kind kind_a, kind_b;
	double coplanar_share;
	pair_test euclid, cga, full;
} pair_class;

static const pair_class pair_classes[] = {
    {"seg_seg", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_SEGMENT, 0.5, euclid_seg_seg, cga_seg_seg, NULL},
    {"seg_tri", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_TRIANGLE, 0.0, euclid_seg_tri, cga_seg_tri,
     full_seg_tri},
    {"seg_sphere", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_SPHERE, 0.0, euclid_seg_sphere, cga_seg_sphere, NULL},
    {"tri_tri", COL_CGA_QUERY_TRIANGLE, COL_CGA_QUERY_TRIANGLE, 0.0, euclid_tri_tri, cga_tri_tri,
     full_tri_tri},
    {"tri_sphere", COL_CGA_QUERY_TRIANGLE, COL_CGA_QUERY_SPHERE, 0.0, euclid_tri_sphere, cga_tri_sphere,
     NULL},
    {"sphere_sphere", COL_CGA_QUERY_SPHERE, COL_CGA_QUERY_SPHERE, 0.0, euclid_sphere_sphere,
     cga_sphere_sphere, full_sphere_sphere_pair},
};

static col_cga_query query_of(col_cga_query_kind kind, const col_vec3 *p, double radius)
{
	col_cga_query q = {kind, {p[0], p[1], p[2]}, radius, COL_CGA_SOLID};
	return q;
}

typedef struct pair_run {
	const prim_pair *pairs;
	pair_test test;
	int repeats;
	long long hits;
} pair_run;

static void run_pairs(void *context)
{
	pair_run *r = (pair_run *)context;
	long long hits = 0;
	for (int k = 0; k < r->repeats; k++)
		for (int i = 0; i < PAIR_COUNT; i++)
			hits += r->test(&r->pairs[i]);
	r->hits = hits;
}

static void bench_pair_class(const pair_class *c, bool quick)
{
	prim_pair *pairs = make_pairs(BENCH_SEED_CGA, c->coplanar_share);
	bool *truth = bench_checked_malloc(PAIR_COUNT * sizeof *truth);
	const char *methods[3] = {"euclidean", "cga", "cga.multivector"};
	pair_test tests[3] = {c->euclid, c->cga, c->full};
	double euclid_ns = NAN;
	for (int i = 0; i < PAIR_COUNT; i++)
		truth[i] = c->euclid(&pairs[i]);
	for (int m = 0; m < 3; m++) {
		if (tests[m] == NULL)
			continue;
		/* The slow multivector path runs the set once; the others often enough to time well. */
		pair_run run = {pairs, tests[m], m == 2 || quick ? 1 : 16, 0};
		double seconds = bench_best_seconds(run_pairs, &run);
		long long tests_run = (long long)run.repeats * PAIR_COUNT;
		row *r = add_row("pair", c->name, 0, "random", tests_run, methods[m], 1);
		r->ns_per_query = r->ns_per_test = 1e9 * seconds / (double)tests_run;
		r->hits = run.hits / run.repeats;
		r->hit_rate = (double)r->hits / PAIR_COUNT;
		full_unsupported = 0; /* counted over this one pass of the set */
		for (int i = 0; i < PAIR_COUNT; i++)
			r->disagreements += tests[m](&pairs[i]) != truth[i];
		if (m == 0)
			euclid_ns = r->ns_per_test;
		r->ratio = r->ns_per_test / euclid_ns;
		if (m == 1) {
			col_cga_stats stats = {0};
			for (int i = 0; i < PAIR_COUNT; i++) {
				col_cga_query a = query_of(c->kind_a, pairs[i].a, pairs[i].ra);
				col_cga_query b = query_of(c->kind_b, pairs[i].b, pairs[i].rb);
				col_cga_collide(&a, &b, &stats);
			}
			r->exact_fallbacks = (long long)stats.exact_fallbacks;
			r->plane_rejects = (long long)stats.plane_rejects;
		}
		if (m == 2)
			snprintf(r->note, sizeof r->note,
			         "source's algorithm on 32-blade multivectors; %lld degenerate "
			         "inputs handed to the Euclidean test",
			         full_unsupported);
		else if (c->coplanar_share > 0.0)
			snprintf(r->note, sizeof r->note, "%.0f%% of the pairs coplanar (z = 0.25)",
			         100.0 * c->coplanar_share);
	}
	free(truth);
	free(pairs);
}

/* ---- part 2: queries against meshes, one thread and all cores ---- */

typedef struct mesh_job {
	const col_mesh *a, *b; /* b: the other mesh (pairs of meshes), or NULL */
	const col_cga_query *queries;
	int query_count;
	col_method method;
	int first, end; /* a's triangle range */
	col_cga_stats stats;
	long long hits;
} mesh_job;

static void *mesh_job_run(void *context)
{
	mesh_job *job = (mesh_job *)context;
	job->stats = (col_cga_stats){0};
	job->hits = 0;
	if (job->b != NULL)
		job->hits =
		    (long long)col_cga_mesh_mesh(job->a, job->b, col_transform3_identity(), job->method,
		                                 job->first, job->end, NULL, NULL, &job->stats);
	else
		for (int q = 0; q < job->query_count; q++)
			job->hits += (long long)col_cga_mesh_query(job->a, &job->queries[q], job->method,
			                                           job->first, job->end, NULL, &job->stats);
	return NULL;
}

static void run_single(void *context)
{
	mesh_job_run(context);
}

/* The job over a's whole range on `threads` threads, each a contiguous part of the triangles; the
 * best wall-clock run. Statistics and hits are summed into *total. */
static double run_threads(const mesh_job *base, int threads, mesh_job *total)
{
	mesh_job jobs[64];
	pthread_t ids[64];
	double best = INFINITY, spent = 0.0;
	int runs = 0;
	int count = base->end - base->first;
	do {
		double start = bench_now_seconds();
		for (int t = 0; t < threads; t++) {
			jobs[t] = *base;
			jobs[t].first = base->first + (int)((long long)count * t / threads);
			jobs[t].end = base->first + (int)((long long)count * (t + 1) / threads);
			if (pthread_create(&ids[t], NULL, mesh_job_run, &jobs[t]) != 0) {
				fprintf(stderr, BENCH_PROGRAM ": cannot start a thread\n");
				exit(1);
			}
		}
		for (int t = 0; t < threads; t++)
			pthread_join(ids[t], NULL);
		double elapsed = bench_now_seconds() - start;
		best = elapsed < best ? elapsed : best;
		spent += elapsed;
		runs++;
	} while (spent < BENCH_MIN_SECONDS && runs < BENCH_MAX_RUNS);
	*total = *base;
	total->hits = 0;
	for (int t = 0; t < threads; t++) {
		total->hits += jobs[t].hits;
		total->stats.exact_fallbacks += jobs[t].stats.exact_fallbacks;
		total->stats.plane_rejects += jobs[t].stats.plane_rejects;
	}
	return best;
}

/* Triangle flags of the two methods that differ, query by query (or for the pair of meshes: a's
 * flags, then b's). */
static long long mesh_disagreements(const mesh_job *base, uint8_t *hit_cga, uint8_t *hit_euclid, int b_count,
                                    uint8_t *hit_b_cga, uint8_t *hit_b_euclid)
{
	const col_mesh *a = base->a;
	int n = col_mesh_triangle_count(a);
	long long differ = 0;
	if (base->b != NULL) {
		memset(hit_b_cga, 0, (size_t)b_count);
		memset(hit_b_euclid, 0, (size_t)b_count);
		col_cga_mesh_mesh(a, base->b, col_transform3_identity(), COL_METHOD_CGA, 0, n, hit_cga,
		                  hit_b_cga, NULL);
		col_cga_mesh_mesh(a, base->b, col_transform3_identity(), COL_METHOD_EUCLIDEAN, 0, n,
		                  hit_euclid, hit_b_euclid, NULL);
		for (int i = 0; i < n; i++)
			differ += hit_cga[i] != hit_euclid[i];
		for (int i = 0; i < b_count; i++)
			differ += hit_b_cga[i] != hit_b_euclid[i];
		return differ;
	}
	for (int q = 0; q < base->query_count; q++) {
		col_cga_mesh_query(a, &base->queries[q], COL_METHOD_CGA, 0, n, hit_cga, NULL);
		col_cga_mesh_query(a, &base->queries[q], COL_METHOD_EUCLIDEAN, 0, n, hit_euclid, NULL);
		for (int i = 0; i < n; i++)
			differ += hit_cga[i] != hit_euclid[i];
	}
	return differ;
}

/* Both methods on one thread and on all cores; rows in that order. */
static void bench_mesh_set(const char *part, const char *name, mesh_job base, const char *query_set,
                           int cores, const col_mesh *b)
{
	int n = col_mesh_triangle_count(base.a);
	int b_count = b != NULL ? col_mesh_triangle_count(b) : 0;
	long long queries = b != NULL ? 1 : base.query_count;
	double tests = (double)queries * n * (b != NULL ? b_count : 1);
	uint8_t *hit_cga = bench_checked_malloc((size_t)n), *hit_euclid = bench_checked_malloc((size_t)n);
	uint8_t *hit_b_cga = bench_checked_malloc((size_t)b_count + 1);
	uint8_t *hit_b_euclid = bench_checked_malloc((size_t)b_count + 1);
	long long disagreements =
	    mesh_disagreements(&base, hit_cga, hit_euclid, b_count, hit_b_cga, hit_b_euclid);
	int thread_counts[2] = {1, cores};
	for (int t = 0; t < (cores > 1 ? 2 : 1); t++) {
		double euclid_ns = NAN;
		for (int m = 0; m < 2; m++) {
			mesh_job job = base, total;
			job.method = m == 0 ? COL_METHOD_EUCLIDEAN : COL_METHOD_CGA;
			double seconds;
			if (thread_counts[t] == 1) {
				seconds = bench_best_seconds(run_single, &job);
				total = job;
			} else {
				seconds = run_threads(&job, thread_counts[t], &total);
			}
			row *r = add_row(part, name, n, query_set, queries, m == 0 ? "euclidean" : "cga",
			                 thread_counts[t]);
			r->ns_per_query = 1e9 * seconds / (double)queries;
			r->ns_per_test = 1e9 * seconds / tests;
			r->hits = total.hits;
			r->hit_rate = (double)total.hits / tests;
			r->disagreements = disagreements;
			if (m == 0)
				euclid_ns = r->ns_per_test;
			r->ratio = r->ns_per_test / euclid_ns;
			if (m == 1) {
				r->exact_fallbacks = (long long)total.stats.exact_fallbacks;
				r->plane_rejects = (long long)total.stats.plane_rejects;
			}
			snprintf(r->note, sizeof r->note, "%s time",
			         thread_counts[t] == 1 ? "CPU" : "wall-clock");
		}
	}
	free(hit_cga);
	free(hit_euclid);
	free(hit_b_cga);
	free(hit_b_euclid);
}

static col_mesh *make_bumpy(int level, col_vec3 offset)
{
	bench_mesh raw;
	col_mesh *mesh = NULL;
	if (bench_bumpy_sphere(level, &raw) != 0) {
		fprintf(stderr, BENCH_PROGRAM ": cannot make the bumpy sphere L%d\n", level);
		exit(1);
	}
	col_vec3 *vertices = bench_checked_malloc((size_t)raw.vertex_count * sizeof *vertices);
	for (int i = 0; i < raw.vertex_count; i++)
		vertices[i] = col_vec3_add(vec3_of(raw.vertices + 3 * i), offset);
	col_error error;
	if (col_mesh_create(vertices, raw.vertex_count, raw.triangles, raw.triangle_count, &mesh, &error) !=
	    COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": bumpy sphere L%d: %s\n", level, error.message);
		exit(1);
	}
	free(vertices);
	bench_mesh_free(&raw);
	return mesh;
}

/* count queries of the kind around the 3D query set's first points mapped to the mesh's box. */
static col_cga_query *make_queries(const col_mesh *mesh, col_cga_query_kind kind, int count,
                                   const double *unit)
{
	col_cga_query *queries = bench_checked_malloc((size_t)count * sizeof *queries);
	col_aabb3 bounds = col_mesh_bounds(mesh);
	double box[6] = {bounds.min.x, bounds.min.y, bounds.min.z, bounds.max.x, bounds.max.y, bounds.max.z};
	double *centres = bench_checked_malloc(3 * (size_t)count * sizeof *centres);
	uint64_t state = BENCH_SEED_CGA ^ (uint64_t)kind;
	bench_map3(unit, (size_t)count, box, centres);
	for (int q = 0; q < count; q++) {
		col_vec3 c = vec3_of(centres + 3 * q);
		double d[3][3];
		for (int k = 0; k < 3; k++)
			bench_unit_direction(&state, d[k]);
		col_cga_query *query = &queries[q];
		*query = (col_cga_query){kind, {c, c, c}, 0.0, COL_CGA_SURFACE};
		if (kind == COL_CGA_QUERY_SEGMENT) {
			query->p[0] = col_vec3_add(c, col_vec3_scale(vec3_of(d[0]), -SEGMENT_HALF));
			query->p[1] = col_vec3_add(c, col_vec3_scale(vec3_of(d[0]), SEGMENT_HALF));
		} else {
			for (int k = 0; k < 3; k++)
				query->p[k] = col_vec3_add(c, col_vec3_scale(vec3_of(d[k]), TRIANGLE_RADIUS));
		}
	}
	free(centres);
	return queries;
}

/* ---- report ---- */

static void print_rows(const char *part)
{
	printf("%-14s %9s %-10s %8s %-16s %7s %12s %10s %7s %10s %9s %13s %9s\n", "case", "triangles",
	       "queries", "count", "method", "threads", "ns/query", "ns/test", "ratio", "hits", "hit rate",
	       "disagreements", "fallbacks");
	for (int i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		char ratio[16], fallbacks[24];
		if (strcmp(r->part, part) != 0)
			continue;
		bench_format_value(ratio, sizeof ratio, r->ratio, "%.2f");
		if (r->exact_fallbacks < 0)
			snprintf(fallbacks, sizeof fallbacks, "-");
		else
			snprintf(fallbacks, sizeof fallbacks, "%lld", r->exact_fallbacks);
		printf("%-14s %9d %-10s %8lld %-16s %7d %12.1f %10.2f %7s %10lld %9.4f %13lld %9s\n", r->name,
		       r->triangles, r->query_set, r->queries, r->method, r->threads, r->ns_per_query,
		       r->ns_per_test, ratio, r->hits, r->hit_rate, r->disagreements, fallbacks);
	}
}

/* The goal: the worst CGA / Euclidean ratio of segment/triangle and triangle/triangle, over every
 * pair and mesh row. */
static void print_goal(void)
{
	double worst = 0.0;
	const row *at = NULL;
	long long disagreements = 0;
	for (int i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->method, "cga") != 0)
			continue;
		disagreements += r->disagreements;
		bool wanted = strcmp(r->part, "pair") == 0
		                  ? strcmp(r->name, "seg_tri") == 0 || strcmp(r->name, "tri_tri") == 0
		                  : true;
		if (wanted && r->ratio > worst) {
			worst = r->ratio;
			at = r;
		}
	}
	if (at == NULL)
		return;
	printf("goal: CGA segment/triangle and triangle/triangle within %.1fx of Euclidean: worst %.2fx (%s "
	       "%s %s, "
	       "%d thread%s): %s; CGA disagreements with Euclidean over all rows: %lld\n",
	       GOAL_RATIO, worst, at->part, at->name, at->query_set, at->threads, at->threads == 1 ? "" : "s",
	       worst <= GOAL_RATIO ? "met" : "NOT met", disagreements);
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/cga.csv";
	bool quick = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = true;
		else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc)
			csv_path = argv[++i];
		else {
			fprintf(stderr, "usage: " BENCH_PROGRAM " [--csv PATH] [--quick]\n");
			return 2;
		}
	}
	char machine[512];
	bench_describe_machine(machine, sizeof machine);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int threads = cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
	printf("machine: %s%s\n", machine, quick ? " (quick: figures mean little)" : "");
	printf("sizes: col_multivector %zu B, col_cga_vector %zu B, col_cga_plucker %zu B, col_triangle %zu "
	       "B\n\n",
	       sizeof(col_multivector), sizeof(col_cga_vector), sizeof(col_cga_plucker),
	       sizeof(col_triangle));

	for (size_t c = 0; c < sizeof pair_classes / sizeof pair_classes[0]; c++)
		bench_pair_class(&pair_classes[c], quick);
	printf("primitive pairs (%d random pairs a class, B's centre within %.1f of A's; spheres solid):\n",
	       PAIR_COUNT, PAIR_OFFSET);
	print_rows("pair");

	static const int levels[] = {3, 5, 6, 7, 8};
	int level_count = quick ? 2 : (int)(sizeof levels / sizeof levels[0]);
	double *unit = bench_queries3_uniform(MESH_MAX_QUERY);
	if (unit == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		return 1;
	}
	for (int l = 0; l < level_count; l++) {
		col_mesh *mesh = make_bumpy(levels[l], (col_vec3){0.0, 0.0, 0.0});
		int n = col_mesh_triangle_count(mesh);
		int count = (int)(MESH_TESTS / (quick ? 100.0 : 1.0) / n);
		count = count < 4 ? 4 : count > MESH_MAX_QUERY ? MESH_MAX_QUERY : count;
		char name[32];
		snprintf(name, sizeof name, "bumpy_L%d", levels[l]);
		for (int kind = 0; kind < 2; kind++) {
			col_cga_query_kind k = kind == 0 ? COL_CGA_QUERY_SEGMENT : COL_CGA_QUERY_TRIANGLE;
			col_cga_query *queries = make_queries(mesh, k, count, unit);
			mesh_job base = {mesh, NULL, queries, count, COL_METHOD_CGA, 0, n, {0}, 0};
			bench_mesh_set("mesh", name, base, kind == 0 ? "segment" : "triangle", threads, NULL);
			free(queries);
		}
		col_mesh_destroy(mesh);
	}
	free(unit);
	printf("\nqueries against the bumpy spheres (brute force; a segment of length %.1f or a triangle of "
	       "circumradius %.1f around the 3D query set's points):\n",
	       2 * SEGMENT_HALF, TRIANGLE_RADIUS);
	print_rows("mesh");

	col_mesh *other = make_bumpy(3, (col_vec3){0.6, 0.3, 0.1});
	static const int pair_levels[] = {3, 5, 6};
	for (int l = 0; l < (quick ? 1 : 3); l++) {
		col_mesh *mesh = make_bumpy(pair_levels[l], (col_vec3){0.0, 0.0, 0.0});
		char name[32];
		snprintf(name, sizeof name, "bumpy_L%d", pair_levels[l]);
		mesh_job base = {mesh, other, NULL, 0, COL_METHOD_CGA, 0, col_mesh_triangle_count(mesh),
		                 {0},  0};
		bench_mesh_set("meshes", name, base, "mesh_L3", threads, other);
		col_mesh_destroy(mesh);
	}
	col_mesh_destroy(other);
	printf("\nmesh vs mesh (every triangle pair; B the bumpy L3 moved by (0.6, 0.3, 0.1)):\n");
	print_rows("meshes");
	printf("\n");
	print_goal();
	return bench_write_csv(csv_path, CSV_HEADER, row_count, write_row);
}
