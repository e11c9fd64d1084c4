/* The polygon benchmark: point in polygon (crossing and winding number), circle vs polygon and
 * polygon creation with validation, on the star and regular polygons of docs/benchmarks.md with the
 * unif and traj query sets, beside the peers CMake found (Boost.Geometry, CGAL) in the same run.
 *
 * Usage: bench_polygon [--csv PATH] [--quick]
 *   --csv PATH   where the results go (default bench/results/polygon.csv)
 *   --quick      a hundredth of the queries: a smoke test of the harness, not a measurement
 *
 * Every answer is checked point by point: our winding number and each peer's point in polygon must
 * agree with our crossing number, each peer's circle test with ours; disagreements are printed and
 * counted in the CSV (column mismatches). Times are CPU time of the process, the best of several runs
 * when one run is short. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_PROGRAM "bench_polygon"
#include "bench_common.h"
#include "cases.h"
#include "collide/polygon.h"
#include "collide/shapes2d.h"
#include "peers/peers.h"

/* The radius of the circle queries, in polygon units (the polygons span 2 to 3 units). */
#define CIRCLE_RADIUS 0.05
/* Queries per set: at most 10^6, and at most 10^9 edge visits per method, so star10000 gets 10^5
 * and star100000 10^4 (the first ones of each set). The circle tests, about ten times dearer per
 * edge, take the first tenth of those. */
#define MAX_QUERIES     1000000
#define MAX_EDGE_VISITS 1000000000.0
#define CIRCLE_DIVISOR  10

/* ---- the peers, found or not ---- */

typedef struct peer_slot {
	const char *name, *contains_method, *circle_method, *build_method;
	const bench_peer *peer; /* NULL: not found when CMake configured the benchmark */
} peer_slot;

static const peer_slot peer_slots[] = {
    {"boost", "boost.covered_by", "boost.circle", "boost.build",
#ifdef COLLIDE_BENCH_HAVE_BOOST
     &bench_peer_boost
#else
     NULL
#endif
    },
    {"cgal", "cgal.bounded_side_2", "cgal.circle", "cgal.build",
#ifdef COLLIDE_BENCH_HAVE_CGAL
     &bench_peer_cgal
#else
     NULL
#endif
    },
};
#define PEER_COUNT (int)(sizeof peer_slots / sizeof peer_slots[0])

/* ---- results: one CSV row per case x query set x method ---- */

typedef struct row {
	char case_name[24];
	int vertices;
	const char *query_set; /* "unif", "traj", or "-" for builds */
	size_t queries;
	const char *method;
	const char *library; /* "collide", "boost", "cgal" */
	double ns_per_query; /* NAN when not measured */
	double build_ms;     /* NAN when not a build row */
	long long inside;    /* -1 when not measured */
	double ratio_vs_crossing, ratio_vs_ours;
	long long mismatches; /* -1 when nothing to compare */
	char note[64];
} row;

static row *rows;
static int row_count, row_capacity;

static row *add_row(const char *case_name, int vertices, const char *query_set, size_t queries,
                    const char *method, const char *library)
{
	row *r;
	rows = (row *)bench_reserve(rows, row_count, &row_capacity, sizeof *rows, 64);
	r = &rows[row_count++];
	memset(r, 0, sizeof *r);
	snprintf(r->case_name, sizeof r->case_name, "%s", case_name);
	r->vertices = vertices;
	r->query_set = query_set;
	r->queries = queries;
	r->method = method;
	r->library = library;
	r->ns_per_query = r->build_ms = NAN;
	r->ratio_vs_crossing = r->ratio_vs_ours = NAN;
	r->inside = r->mismatches = -1;
	return r;
}

/* ---- timing ---- */

/* One measured job: run() does the whole batch once and returns its count (inside, hits). */
typedef struct job {
	size_t (*run)(struct job *job);
	size_t last_count; /* what the last run returned */
	const col_polygon *polygon;
	const bench_peer *peer;
	const bench_peer_polygon *peer_polygon;
	const col_vec2 *points;
	const double *xy;
	size_t count;
	col_method method;
	bool *answers;
	unsigned char *peer_answers;
	/* for build jobs */
	const double *vertices_xy;
	const col_vec2 *vertices;
	int vertex_count;
	int valid;
	char error[COL_ERROR_MESSAGE_SIZE];
} job;

static void run_job(void *context)
{
	job *j = (job *)context;
	j->last_count = j->run(j);
}

/* The best run of the job in CPU seconds (bench_best_seconds); *result gets the last run's count. */
static double time_best(job *j, size_t *result)
{
	double best = bench_best_seconds(run_job, j);
	*result = j->last_count;
	return best;
}

static size_t run_ours_contains(job *j)
{
	size_t i, total = 0;
	col_polygon_contains_points(j->polygon, j->points, j->count, j->method, j->answers, NULL);
	for (i = 0; i < j->count; i++)
		total += j->answers[i];
	return total;
}

static size_t run_ours_circles(job *j)
{
	size_t i, total = 0;
	for (i = 0; i < j->count; i++) {
		col_circle circle;
		circle.center = j->points[i];
		circle.radius = CIRCLE_RADIUS;
		j->answers[i] = col_circle_intersects_polygon(circle, j->polygon, NULL);
		total += j->answers[i];
	}
	return total;
}

static size_t run_peer_contains(job *j)
{
	return j->peer->contains(j->peer_polygon, j->xy, j->count, j->peer_answers);
}

static size_t run_peer_circles(job *j)
{
	return j->peer->circles(j->peer_polygon, j->xy, j->count, CIRCLE_RADIUS, j->peer_answers);
}

static size_t run_ours_build(job *j)
{
	col_polygon *polygon = NULL;
	col_error error;
	col_status status = col_polygon_create_simple(j->vertices, j->vertex_count, &polygon, &error);
	j->valid = status == COL_OK;
	if (status != COL_OK)
		snprintf(j->error, sizeof j->error, "%s", error.message);
	col_polygon_destroy(polygon);
	return (size_t)j->valid;
}

static size_t run_peer_build(job *j)
{
	bench_peer_polygon *polygon = j->peer->build(j->vertices_xy, j->vertex_count, &j->valid);
	if (polygon == NULL) {
		fprintf(stderr, "bench_polygon: %s ran out of memory\n", j->peer->name);
		exit(1);
	}
	j->peer->destroy(polygon);
	return (size_t)j->valid;
}

static long long count_mismatches(const bool *ours, const bool *theirs_bool, const unsigned char *theirs,
                                  size_t count)
{
	long long n = 0;
	size_t i;
	for (i = 0; i < count; i++) {
		bool other = theirs_bool ? theirs_bool[i] : theirs[i] != 0;
		n += ours[i] != other;
	}
	return n;
}

/* ---- output ---- */

static void print_query_row(const row *r)
{
	char ns[32], vs_crossing[32], vs_ours[32], inside[32], agree[48];
	if (r->note[0] != '\0') {
		printf("  %-5s %8zu  %-20s %s\n", r->query_set, r->queries, r->method, r->note);
		return;
	}
	bench_format_value(ns, sizeof ns, r->ns_per_query, "%.1f");
	bench_format_value(vs_crossing, sizeof vs_crossing, r->ratio_vs_crossing, "%.2f");
	bench_format_value(vs_ours, sizeof vs_ours, r->ratio_vs_ours, "%.2f");
	snprintf(inside, sizeof inside, "%lld", r->inside);
	if (r->mismatches < 0)
		snprintf(agree, sizeof agree, "-");
	else if (r->mismatches == 0)
		snprintf(agree, sizeof agree, "yes");
	else
		snprintf(agree, sizeof agree, "NO: %lld differ", r->mismatches);
	printf("  %-5s %8zu  %-20s %10s %10s %10s %8s  %s\n", r->query_set, r->queries, r->method, ns,
	       vs_crossing, vs_ours, inside, agree);
	fflush(stdout);
}

/* The columns of the results file, as write_csv_row writes them. */
static const char csv_header[] =
    "case,vertices,query_set,queries,method,library,ns_per_query,build_ms,inside_count,"
    "ratio_vs_crossing,ratio_vs_ours,mismatches,note";

static void write_csv_row(FILE *f, int i)
{
	const row *r = &rows[i];
	bench_write_csv_start(f, r->case_name, r->vertices, r->query_set, r->queries, r->method, r->library);
	bench_write_csv_number(f, r->ns_per_query, "%.2f");
	bench_write_csv_number(f, r->build_ms, "%.4f");
	bench_write_csv_integer(f, r->inside);
	bench_write_csv_number(f, r->ratio_vs_crossing, "%.3f");
	bench_write_csv_number(f, r->ratio_vs_ours, "%.3f");
	bench_write_csv_integer(f, r->mismatches);
	fprintf(f, "%s\n", r->note);
}

/* ---- one case ---- */

typedef struct query_set {
	const char *name;
	double *unit; /* MAX_QUERIES unit points */
} query_set;

/* Measures every method on one polygon; returns the number of disagreements found. */
static long long bench_case(const char *name, double *xy, int n, const query_set *sets, int set_count,
                            size_t query_divisor)
{
	double box[4], ours_build_s;
	col_vec2 *vertices = (col_vec2 *)bench_checked_malloc((size_t)n * sizeof *vertices);
	col_polygon *polygon = NULL;
	col_error error;
	bench_peer_polygon *peer_polygons[PEER_COUNT];
	size_t queries = (size_t)fmin(MAX_QUERIES, MAX_EDGE_VISITS / n) / query_divisor, result;
	size_t circle_queries = queries >= CIRCLE_DIVISOR ? queries / CIRCLE_DIVISOR : 1;
	long long problems = 0;
	job j;
	row *r;
	int s, p;

	bench_points_from_xy(xy, (size_t)n, vertices);
	bench_bbox2(xy, (size_t)n, box);
	printf("\n%s: %d vertices, bbox [%.4f, %.4f] x [%.4f, %.4f], %zu queries per set (%zu circles)\n",
	       name, n, box[0], box[2], box[1], box[3], queries, circle_queries);

	/* build: creation with validation, per polygon */
	memset(&j, 0, sizeof j);
	j.run = run_ours_build;
	j.vertices = vertices;
	j.vertices_xy = xy;
	j.vertex_count = n;
	ours_build_s = time_best(&j, &result);
	r = add_row(name, n, "-", 0, "build", "collide");
	r->build_ms = 1e3 * ours_build_s;
	printf("  build (create + validate), ms per polygon: collide %.3f", r->build_ms);
	if (!j.valid) {
		snprintf(r->note, sizeof r->note, "rejected");
		printf(" REJECTED: %s\n", j.error);
		free(vertices);
		return 1;
	}
	for (p = 0; p < PEER_COUNT; p++) {
		r = add_row(name, n, "-", 0, peer_slots[p].build_method, peer_slots[p].name);
		peer_polygons[p] = NULL;
		if (peer_slots[p].peer == NULL) {
			snprintf(r->note, sizeof r->note, "skipped: not found");
			printf(" | %s skipped: not found", peer_slots[p].name);
			continue;
		}
		j.run = run_peer_build;
		j.peer = peer_slots[p].peer;
		r->build_ms = 1e3 * time_best(&j, &result);
		r->ratio_vs_ours = r->build_ms / (1e3 * ours_build_s);
		printf(" | %s %.3f (%.2fx)%s", peer_slots[p].name, r->build_ms, r->ratio_vs_ours,
		       j.valid ? "" : " says INVALID");
		if (!j.valid) {
			snprintf(r->note, sizeof r->note, "peer says invalid");
			problems++;
		}
		peer_polygons[p] = peer_slots[p].peer->build(xy, n, &j.valid);
		if (peer_polygons[p] == NULL) {
			fprintf(stderr, "bench_polygon: %s ran out of memory\n", peer_slots[p].name);
			exit(1);
		}
	}
	printf("\n");
	if (col_polygon_create_simple(vertices, n, &polygon, &error) != COL_OK) {
		printf("  collide rejected it: %s\n", error.message);
		free(vertices);
		return problems + 1;
	}

	printf("  %-5s %8s  %-20s %10s %10s %10s %8s  %s\n", "set", "queries", "method", "ns/query",
	       "/crossing", "peer/ours", "inside", "agrees");
	for (s = 0; s < set_count; s++) {
		double *mapped = (double *)bench_checked_malloc(2 * queries * sizeof *mapped);
		col_vec2 *points = (col_vec2 *)bench_checked_malloc(queries * sizeof *points);
		bool *crossing = (bool *)bench_checked_malloc(queries * sizeof *crossing);
		bool *other = (bool *)bench_checked_malloc(queries * sizeof *other);
		bool *circle = (bool *)bench_checked_malloc(queries * sizeof *circle);
		unsigned char *peer_answers = (unsigned char *)bench_checked_malloc(queries);
		double crossing_ns, circle_ns;

		bench_map2(sets[s].unit, queries, box, mapped);
		bench_points_from_xy(mapped, queries, points);
		memset(crossing, 0, queries * sizeof *crossing);
		memset(other, 0, queries * sizeof *other);
		memset(circle, 0, queries * sizeof *circle);
		memset(peer_answers, 0, queries);

		memset(&j, 0, sizeof j);
		j.polygon = polygon;
		j.points = points;
		j.xy = mapped;
		j.count = queries;

		/* ours: crossing number (the reference for every other point-in-polygon answer) */
		j.run = run_ours_contains;
		j.method = COL_METHOD_CROSSING;
		j.answers = crossing;
		crossing_ns = 1e9 * time_best(&j, &result) / (double)queries;
		r = add_row(name, n, sets[s].name, queries, "crossing", "collide");
		r->ns_per_query = crossing_ns;
		r->inside = (long long)result;
		r->ratio_vs_crossing = 1.0;
		print_query_row(r);

		/* ours: winding number */
		j.method = COL_METHOD_WINDING;
		j.answers = other;
		r = add_row(name, n, sets[s].name, queries, "winding", "collide");
		r->ns_per_query = 1e9 * time_best(&j, &result) / (double)queries;
		r->inside = (long long)result;
		r->ratio_vs_crossing = r->ns_per_query / crossing_ns;
		r->mismatches = count_mismatches(crossing, other, NULL, queries);
		problems += r->mismatches;
		print_query_row(r);

		/* ours: circle vs polygon, on the first circle_queries points */
		j.run = run_ours_circles;
		j.answers = circle;
		j.count = circle_queries;
		circle_ns = 1e9 * time_best(&j, &result) / (double)circle_queries;
		r = add_row(name, n, sets[s].name, circle_queries, "circle", "collide");
		r->ns_per_query = circle_ns;
		r->inside = (long long)result;
		r->ratio_vs_crossing = circle_ns / crossing_ns;
		print_query_row(r);

		for (p = 0; p < PEER_COUNT; p++) {
			const peer_slot *slot = &peer_slots[p];
			int kind;
			for (kind = 0; kind < 2; kind++) {
				size_t count = kind == 0 ? queries : circle_queries;
				r = add_row(name, n, sets[s].name, count,
				            kind == 0 ? slot->contains_method : slot->circle_method,
				            slot->name);
				if (slot->peer == NULL) {
					snprintf(r->note, sizeof r->note, "skipped: not found");
					print_query_row(r);
					continue;
				}
				j.peer = slot->peer;
				j.peer_polygon = peer_polygons[p];
				j.peer_answers = peer_answers;
				j.run = kind == 0 ? run_peer_contains : run_peer_circles;
				j.count = count;
				r->ns_per_query = 1e9 * time_best(&j, &result) / (double)count;
				r->inside = (long long)result;
				r->ratio_vs_crossing = r->ns_per_query / crossing_ns;
				r->ratio_vs_ours = r->ns_per_query / (kind == 0 ? crossing_ns : circle_ns);
				r->mismatches = count_mismatches(kind == 0 ? crossing : circle, NULL,
				                                 peer_answers, count);
				problems += r->mismatches;
				print_query_row(r);
			}
		}
		free(mapped);
		free(points);
		free(crossing);
		free(other);
		free(circle);
		free(peer_answers);
	}
	for (p = 0; p < PEER_COUNT; p++)
		if (peer_slots[p].peer != NULL)
			peer_slots[p].peer->destroy(peer_polygons[p]);
	col_polygon_destroy(polygon);
	free(vertices);
	return problems;
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/polygon.csv";
	size_t query_divisor = 1;
	char machine[512];
	query_set sets[2];
	static const int star_sizes[] = {1000, 10000, 100000};
	static const int regular_sizes[] = {8, 1000};
	long long problems = 0;
	double start = bench_now_seconds();
	int i, p;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
			csv_path = argv[++i];
		} else if (strcmp(argv[i], "--quick") == 0) {
			query_divisor = 100;
		} else {
			fprintf(stderr, "usage: %s [--csv PATH] [--quick]\n", argv[0]);
			return 2;
		}
	}

	bench_describe_machine(machine, sizeof machine);
	printf("collide polygon benchmark: point in polygon, circle vs polygon, polygon build\n");
	printf("machine: %s%s\n", machine, query_divisor > 1 ? " [--quick: not a measurement]" : "");
	for (p = 0; p < PEER_COUNT; p++)
		printf("peer %-5s: %s\n", peer_slots[p].name,
		       peer_slots[p].peer ? peer_slots[p].peer->version() : "skipped: not found");
	printf("queries: the first min(10^6, 10^9 / vertices)%s points of each set (docs/benchmarks.md), "
	       "mapped to "
	       "the polygon's bbox; circles of radius %g around the first tenth of them\n",
	       query_divisor > 1 ? " / 100 (--quick)" : "", CIRCLE_RADIUS);
	printf(
	    "times: ns per query of CPU time, best of repeated runs; /crossing = time / our crossing time; "
	    "peer/ours = peer time / our time for the same question\n");

	sets[0].name = "unif";
	sets[0].unit = bench_queries2_uniform(MAX_QUERIES);
	sets[1].name = "traj";
	sets[1].unit = bench_queries2_trajectory(MAX_QUERIES);
	if (sets[0].unit == NULL || sets[1].unit == NULL) {
		fprintf(stderr, "bench_polygon: out of memory for the query sets\n");
		return 1;
	}

	for (i = 0; i < (int)(sizeof star_sizes / sizeof star_sizes[0]); i++) {
		char name[24];
		double *xy = bench_star_polygon(star_sizes[i]);
		if (xy == NULL) {
			fprintf(stderr, "bench_polygon: out of memory\n");
			return 1;
		}
		snprintf(name, sizeof name, "star%d", star_sizes[i]);
		problems += bench_case(name, xy, star_sizes[i], sets, 2, query_divisor);
		free(xy);
	}
	for (i = 0; i < (int)(sizeof regular_sizes / sizeof regular_sizes[0]); i++) {
		char name[24];
		double *xy = bench_regular_polygon(regular_sizes[i]);
		if (xy == NULL) {
			fprintf(stderr, "bench_polygon: out of memory\n");
			return 1;
		}
		snprintf(name, sizeof name, "regular%d", regular_sizes[i]);
		problems += bench_case(name, xy, regular_sizes[i], sets, 2, query_divisor);
		free(xy);
	}

	free(sets[0].unit);
	free(sets[1].unit);
	if (bench_write_csv(csv_path, csv_header, row_count, write_csv_row) != 0)
		return 1;
	printf("\n%s; results in %s (%.0f s)\n",
	       problems == 0 ? "all answers agree" : "DISAGREEMENTS: see the rows marked NO", csv_path,
	       bench_now_seconds() - start);
	free(rows);
	return 0;
}
