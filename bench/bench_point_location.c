/* The point-location benchmark: "make the 2D point query fast on any simple polygon". Our
 * structures (collide.grid, collide.quadtree) and our brute force (collide.crossing) beside the
 * peers CMake found (CGAL's constrained Delaunay triangulation with and without a hierarchy, CGAL's
 * arrangement point location, CGAL's bounded_side_2, Boost.Geometry's covered_by, Box2D's
 * TestPoint) on large polygons that are not star-shaped, in the same run.
 *
 * Usage: bench_point_location [--csv PATH] [--quick] [--study] [--case NAME]...
 *   --csv PATH   where the results go (default bench/results/point_location.csv)
 *   --quick      a hundredth of the queries: a smoke test of the harness, not a measurement
 *   --study      also the five polygon types of source 000's study at 16 .. 1024 vertices
 *   --case NAME  only this case ("comb10000", "holes900", "studyIII_256"); may be repeated
 *
 * Cases: star 1000/10000/100000 and regular 8/1000 (bench/cases.h), comb, spiral, maze (a random
 * simple polygon) and slivers at 10^3, 10^4 and 10^5 vertices, and the square with 30 x 30 holes
 * (bench/polygon_classes.h). Query sets: the 10^6 uniform points and the 10^6-step trajectory of
 * docs/benchmarks.md, mapped to the polygon's bbox. A method whose query is cheap (about log n or
 * constant) gets all of them; a method that visits every edge gets the first 10^9 / n, and a walk
 * from a fixed start the first 10^8 / sqrt(n). Whatever its kind, a method that turns out slower than
 * 8 us a query on a case (pilot runs of 200 and 400 queries say) gets the prefix that one 4-second
 * run covers: CGAL's triangulations on the 10^5-vertex star, combs and slivers, for instance.
 *
 * Every answer is checked point by point. The reference is our exact crossing number: collide's
 * col_polygon_contains (COL_METHOD_CROSSING) on the points it has time for, and, for all 10^6, the
 * same crossing rule evaluated here over horizontal slabs (edges sorted by x in each slab, the same
 * exact col_orient2d decisions; the slab oracle is itself checked against collide's crossing number
 * on every point collide.crossing answers). A point on the boundary counts as inside. Disagreements
 * are counted in the CSV (mismatches); Box2D, which rounds to float, has its disagreements within
 * 1e-6 of the boundary counted apart (boundary_mismatches) and not called failures.
 *
 * Reported per method: build time (ms, CPU, best of runs), memory of the built structure (the
 * change of glibc's mallinfo2() in-use bytes across one build, measured in a child process whose
 * malloc keeps no per-thread cache of free chunks, which would blur it; the same measure for peers
 * and us), ns per query (CPU time, best of runs over TIMING_ROUNDS rounds, see there) on both
 * sets. At the end, per case, the ratio of the best peer's ns/query to each collide method's
 * (> 1: collide is faster), and the goals of the issue with MET / NOT MET. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define BENCH_PROGRAM "bench_point_location"
#include "bench_common.h"
#include "cases.h"
#include "collide/polygon.h"
#include "collide/predicates.h"
#include "peers/point_peers.h"
#include "polygon_classes.h"
#ifdef COLLIDE_BENCH_HAVE_GRID
#include "collide/polygon_grid.h"
#endif
#ifdef COLLIDE_BENCH_HAVE_QUADTREE
#include "collide/quadtree.h"
#endif
#include "collide/tritree.h"

#define MAX_QUERIES       1000000
#define MAX_EDGE_VISITS   1e9 /* per method and set, for the methods that visit every edge */
#define MAX_WALK_STEPS    1e8 /* per method and set, for walks of about sqrt(n) triangles */
#define BOUNDARY_DISTANCE 1e-6
/* A method that would take more than twice MAX_RUN_SECONDS for its queries on a case (measured on a
 * few queries first) gets the prefix of the set that one run of about MAX_RUN_SECONDS covers. */
#define MAX_RUN_SECONDS 4.0
#define PILOT_QUERIES   200

/* The speed of this class of machine (a VM with 2 cores) drifts between states for seconds at a
 * time: a process's queries, ours and the peers' alike, run about 1.5x slower in one than in the
 * other. Best-of runs within one method's quarter second cannot see past that, and a ratio of two
 * methods measured in different states is off by that factor. So every method of a case is timed
 * in TIMING_ROUNDS rounds, each round all methods in turn, and keeps its best: two methods then
 * have their best runs within seconds of each other. A method whose queries take longer than
 * ROUND_MAX_NS a run (the brute forces, far from any goal) is timed in the first round only. */
#define TIMING_ROUNDS 5
#define ROUND_MAX_NS  50e6
/* The slab oracle keeps at most this many (slab, edge) entries for edges that span a slab. */
#define ORACLE_MAX_SPANNING 12000000

/* ---- memory ---- */

/* Bytes in use by malloc (the heap and the big blocks it maps); -1 where glibc's mallinfo2 is
 * missing. C++'s operator new takes its memory from malloc, so this measures the peers too. */
static long long heap_in_use(void)
{
#ifdef __GLIBC__
	struct mallinfo2 info = mallinfo2();
	return (long long)(info.uordblks + info.hblkhd);
#else
	return -1;
#endif
}

/* ---- the case: a polygon as contours, as a collide polygon, and its query points ---- */

typedef struct case_data {
	char name[32];
	const char *class_name; /* "star", "comb", ... */
	bench_contours contours;
	col_vec2 *vertices;
	col_contour *col_contours;
	col_polygon *polygon; /* validated by col_polygon_create */
	double box[4];
} case_data;

/* ---- the slab oracle: the exact crossing number for 10^6 points in seconds ---- */

typedef struct slab_oracle {
	int edge_count;
	col_vec2 *a, *b;     /* edge e runs from a[e] to b[e] */
	double *xmin, *xmax; /* x extent of each edge */
	double *ymin, *ymax; /* y extent */
	int slabs;
	double *bound;      /* slabs + 1 boundaries: slab s is [bound[s], bound[s + 1]) */
	size_t *span_start; /* edges spanning slab s: span_edge[span_start[s] .. span_start[s+1]) */
	int32_t *span_edge; /* ... sorted by xmin */
	double *span_xmin;  /* xmin of those, in the same order */
	double *span_width; /* per slab: the widest xmax - xmin among its spanning edges */
	size_t *part_start; /* the other edges meeting slab s */
	int32_t *part_edge;
} slab_oracle;

/* 2: p is on the edge; 1: the edge crosses the ray from p towards +x (half-open in y, the
 * crossing-number rule); 0: neither. Exact (col_orient2d). */
static int oracle_edge_test(col_vec2 a, col_vec2 b, col_vec2 p)
{
	if ((a.y > p.y) != (b.y > p.y)) {
		double o = col_orient2d(a, b, p);
		if (o == 0.0)
			return 2;
		return (b.y > a.y) ? o > 0.0 : o < 0.0;
	}
	if (a.y == p.y && b.y == p.y)
		return (p.x >= (a.x < b.x ? a.x : b.x) && p.x <= (a.x > b.x ? a.x : b.x)) ? 2 : 0;
	if ((a.x == p.x && a.y == p.y) || (b.x == p.x && b.y == p.y))
		return 2;
	return 0;
}

static int oracle_slab(const slab_oracle *o, double y)
{
	double t = (y - o->bound[0]) / (o->bound[o->slabs] - o->bound[0]) * (double)o->slabs;
	int s = t < 0.0 ? 0 : t >= (double)o->slabs ? o->slabs - 1 : (int)t;
	while (s > 0 && y < o->bound[s])
		s--;
	while (s < o->slabs - 1 && y >= o->bound[s + 1])
		s++;
	return s;
}

static const double *sort_xmin; /* qsort has no context argument in C11 */
static int compare_by_xmin(const void *l, const void *r)
{
	double a = sort_xmin[*(const int32_t *)l], b = sort_xmin[*(const int32_t *)r];
	return a < b ? -1 : a > b ? 1 : 0;
}

static void oracle_build(slab_oracle *o, const case_data *c)
{
	int n = c->contours.vertex_count, e = 0, k, i, s;
	size_t spanning;
	memset(o, 0, sizeof *o);
	o->edge_count = n;
	o->a = (col_vec2 *)bench_checked_malloc((size_t)n * sizeof *o->a);
	o->b = (col_vec2 *)bench_checked_malloc((size_t)n * sizeof *o->b);
	o->xmin = (double *)bench_checked_malloc((size_t)n * sizeof(double));
	o->xmax = (double *)bench_checked_malloc((size_t)n * sizeof(double));
	o->ymin = (double *)bench_checked_malloc((size_t)n * sizeof(double));
	o->ymax = (double *)bench_checked_malloc((size_t)n * sizeof(double));
	for (k = 0; k < c->contours.contour_count; k++) {
		const col_contour *contour = &c->col_contours[k];
		for (i = 0; i < contour->count; i++, e++) {
			col_vec2 a = contour->points[i], b = contour->points[(i + 1) % contour->count];
			o->a[e] = a;
			o->b[e] = b;
			o->xmin[e] = a.x < b.x ? a.x : b.x;
			o->xmax[e] = a.x > b.x ? a.x : b.x;
			o->ymin[e] = a.y < b.y ? a.y : b.y;
			o->ymax[e] = a.y > b.y ? a.y : b.y;
		}
	}
	/* As many slabs as keep the spanning lists within ORACLE_MAX_SPANNING entries. */
	o->slabs = n / 16 < 1 ? 1 : n / 16 > 4096 ? 4096 : n / 16;
	for (;;) {
		double h = (c->box[3] - c->box[1]) / (double)o->slabs;
		spanning = 0;
		for (e = 0; e < n; e++) {
			double reach = (o->ymax[e] - o->ymin[e]) / h;
			spanning += reach > 2.0 ? (size_t)reach : 0;
		}
		if (spanning <= ORACLE_MAX_SPANNING || o->slabs == 1)
			break;
		o->slabs /= 2;
	}
	o->bound = (double *)bench_checked_malloc(((size_t)o->slabs + 1) * sizeof(double));
	for (s = 0; s <= o->slabs; s++)
		o->bound[s] = c->box[1] + (c->box[3] - c->box[1]) * (double)s / (double)o->slabs;
	o->bound[o->slabs] = c->box[3];
	o->span_start = (size_t *)calloc((size_t)o->slabs + 1, sizeof(size_t));
	o->part_start = (size_t *)calloc((size_t)o->slabs + 1, sizeof(size_t));
	o->span_width = (double *)calloc((size_t)o->slabs, sizeof(double));
	if (o->span_start == NULL || o->part_start == NULL || o->span_width == NULL) {
		fprintf(stderr, "bench_point_location: out of memory\n");
		exit(1);
	}
	/* Two passes: count, then fill. Edge e meets slabs s0 .. s1; it spans slab s when
	 * ymin <= bound[s] and ymax >= bound[s + 1]. */
	for (int pass = 0; pass < 2; pass++) {
		size_t *span_fill = NULL, *part_fill = NULL;
		if (pass == 1) {
			for (s = 0; s < o->slabs; s++) {
				o->span_start[s + 1] += o->span_start[s];
				o->part_start[s + 1] += o->part_start[s];
			}
			o->span_edge =
			    (int32_t *)bench_checked_malloc(o->span_start[o->slabs] * sizeof(int32_t));
			o->span_xmin =
			    (double *)bench_checked_malloc(o->span_start[o->slabs] * sizeof(double));
			o->part_edge =
			    (int32_t *)bench_checked_malloc(o->part_start[o->slabs] * sizeof(int32_t));
			span_fill = (size_t *)bench_checked_malloc((size_t)o->slabs * sizeof(size_t));
			part_fill = (size_t *)bench_checked_malloc((size_t)o->slabs * sizeof(size_t));
			for (s = 0; s < o->slabs; s++) {
				span_fill[s] = o->span_start[s];
				part_fill[s] = o->part_start[s];
			}
		}
		for (e = 0; e < n; e++) {
			int s0 = oracle_slab(o, o->ymin[e]), s1 = oracle_slab(o, o->ymax[e]);
			for (s = s0; s <= s1; s++) {
				bool spans = o->ymin[e] <= o->bound[s] && o->ymax[e] >= o->bound[s + 1];
				if (pass == 0) {
					if (spans)
						o->span_start[s + 1]++;
					else
						o->part_start[s + 1]++;
				} else if (spans) {
					o->span_edge[span_fill[s]++] = e;
					if (o->xmax[e] - o->xmin[e] > o->span_width[s])
						o->span_width[s] = o->xmax[e] - o->xmin[e];
				} else {
					o->part_edge[part_fill[s]++] = e;
				}
			}
		}
		free(span_fill);
		free(part_fill);
	}
	sort_xmin = o->xmin;
	for (s = 0; s < o->slabs; s++) {
		size_t first = o->span_start[s], count = o->span_start[s + 1] - first, j;
		qsort(o->span_edge + first, count, sizeof(int32_t), compare_by_xmin);
		for (j = first; j < first + count; j++)
			o->span_xmin[j] = o->xmin[o->span_edge[j]];
	}
}

static void oracle_free(slab_oracle *o)
{
	free(o->a);
	free(o->b);
	free(o->xmin);
	free(o->xmax);
	free(o->ymin);
	free(o->ymax);
	free(o->bound);
	free(o->span_start);
	free(o->span_edge);
	free(o->span_xmin);
	free(o->span_width);
	free(o->part_start);
	free(o->part_edge);
	memset(o, 0, sizeof *o);
}

/* Inside or on the boundary, by the crossing number over the edges of p's slab. */
static bool oracle_contains(const slab_oracle *o, col_vec2 p)
{
	int crossings = 0, s, e, t;
	size_t lo, hi, j;
	if (!(p.y >= o->bound[0] && p.y < o->bound[o->slabs])) {
		for (e = 0; e < o->edge_count; e++) {
			t = oracle_edge_test(o->a[e], o->b[e], p);
			if (t == 2)
				return true;
			crossings += t;
		}
		return crossings % 2 == 1;
	}
	s = oracle_slab(o, p.y);
	/* spanning edges: every one starting right of p crosses the ray; the ones that start at or
	 * left of p and may reach it are decided exactly (twice the widest extent: a margin for the
	 * rounding of xmax - xmin; a width of 0 is exact) */
	lo = o->span_start[s];
	hi = o->span_start[s + 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (o->span_xmin[mid] > p.x)
			hi = mid;
		else
			lo = mid + 1;
	}
	crossings += (int)((o->span_start[s + 1] - lo) & 1);
	for (j = lo; j-- > o->span_start[s] && o->span_xmin[j] >= p.x - 2.0 * o->span_width[s];) {
		e = o->span_edge[j];
		if (o->xmax[e] < p.x)
			continue;
		t = oracle_edge_test(o->a[e], o->b[e], p);
		if (t == 2)
			return true;
		crossings += t;
	}
	for (j = o->part_start[s]; j < o->part_start[s + 1]; j++) {
		e = o->part_edge[j];
		if (o->ymin[e] > p.y || o->ymax[e] < p.y || o->xmax[e] < p.x)
			continue;
		t = oracle_edge_test(o->a[e], o->b[e], p);
		if (t == 2)
			return true;
		crossings += t;
	}
	return crossings % 2 == 1;
}

/* Distance from p to the nearest edge (double arithmetic: for sorting out float rounding). */
static double boundary_distance(const slab_oracle *o, col_vec2 p)
{
	double best = INFINITY;
	int e;
	for (e = 0; e < o->edge_count; e++) {
		col_vec2 a = o->a[e], b = o->b[e];
		double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
		double t = len2 > 0.0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0.0;
		double ex, ey, d;
		t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
		ex = a.x + t * dx - p.x;
		ey = a.y + t * dy - p.y;
		d = sqrt(ex * ex + ey * ey);
		if (d < best)
			best = d;
	}
	return best;
}

/* ---- the methods: ours and the peers' behind one table ---- */

typedef struct method {
	const char *name;    /* "collide.grid" */
	const char *library; /* "collide", "cgal", ... */
	const char *missing; /* NULL when built; else the note ("skipped: not found") */
	bench_point_cost cost_uniform, cost_walk;
	bool rounds_to_float;         /* disagreements near the boundary are not failures (Box2D) */
	const bench_point_peer *peer; /* NULL for ours */
	/* ours */
	void *(*build)(const case_data *c, char *error, size_t error_size);
	void (*destroy)(void *structure);
	void (*contains)(const void *structure, const col_vec2 *points, size_t count, bool *inside);
} method;

static void *build_crossing(const case_data *c, char *error, size_t error_size)
{
	col_polygon *polygon = NULL;
	col_error err;
	if (col_polygon_create(c->col_contours, c->contours.contour_count, &polygon, &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		return NULL;
	}
	return polygon;
}

static void destroy_crossing(void *structure)
{
	col_polygon_destroy((col_polygon *)structure);
}

static void contains_crossing(const void *structure, const col_vec2 *points, size_t count, bool *inside)
{
	col_polygon_contains_points((const col_polygon *)structure, points, count, COL_METHOD_CROSSING,
	                            inside, NULL);
}

#ifdef COLLIDE_BENCH_HAVE_GRID
static void *build_grid(const case_data *c, char *error, size_t error_size)
{
	col_polygon_grid *grid = NULL;
	col_error err;
	if (col_polygon_grid_build(c->polygon, NULL, &grid, &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		return NULL;
	}
	return grid;
}

static void destroy_grid(void *structure)
{
	col_polygon_grid_destroy((col_polygon_grid *)structure);
}

static void contains_grid(const void *structure, const col_vec2 *points, size_t count, bool *inside)
{
	col_polygon_grid_contains_points((const col_polygon_grid *)structure, points, count, inside, NULL);
}
#endif

#ifdef COLLIDE_BENCH_HAVE_QUADTREE
static void *build_quadtree(const case_data *c, char *error, size_t error_size)
{
	col_quadtree *tree = NULL;
	col_error err;
	if (col_quadtree_build(c->polygon, NULL, &tree, &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		return NULL;
	}
	return tree;
}

static void destroy_quadtree(void *structure)
{
	col_quadtree_destroy((col_quadtree *)structure);
}

static void contains_quadtree(const void *structure, const col_vec2 *points, size_t count, bool *inside)
{
	col_quadtree_contains_points((const col_quadtree *)structure, points, count, inside, NULL);
}
#endif

/* The tri-tree of source 000 with its default options (leaf cones = vertices, 8 fitting
 * iterations) and its coherence cache carried along the buffer (Heuristic 4.3): the structure
 * the study is about, measured to show where it degenerates on polygons that are not
 * star-shaped. */
static void *build_tritree(const case_data *c, char *error, size_t error_size)
{
	col_tritree *tree = NULL;
	col_error err;
	if (col_tritree_build(c->polygon, NULL, &tree, &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		return NULL;
	}
	return tree;
}

static void destroy_tritree(void *structure)
{
	col_tritree_destroy((col_tritree *)structure);
}

static void contains_tritree(const void *structure, const col_vec2 *points, size_t count, bool *inside)
{
	const col_tritree *tree = structure;
	col_covering_cache *cache = NULL;
	col_covering_cache_create(col_tritree_covering(tree), &cache, NULL); /* NULL: runs without one */
	for (size_t i = 0; i < count; i++)
		inside[i] = col_tritree_contains(tree, points[i], cache, NULL, NULL);
	col_covering_cache_destroy(cache);
}

#define OURS(NAME, COST, BUILD, DESTROY, CONTAINS)                                                           \
	{                                                                                                    \
		NAME, "collide", NULL, COST, COST, false, NULL, BUILD, DESTROY, CONTAINS                     \
	}
#define OURS_MISSING(NAME, WHY)                                                                              \
	{                                                                                                    \
		NAME, "collide", WHY, BENCH_COST_LOG, BENCH_COST_LOG, false, NULL, NULL, NULL, NULL          \
	}
/* A peer's costs are copied from its entry by main (C wants constants here). */
#define PEER(NAME, LIBRARY, SYMBOL, FLOAT)                                                                   \
	{                                                                                                    \
		NAME, LIBRARY, NULL, BENCH_COST_LOG, BENCH_COST_LOG, FLOAT, &SYMBOL, NULL, NULL, NULL        \
	}
#define PEER_MISSING(NAME, LIBRARY)                                                                          \
	{                                                                                                    \
		NAME, LIBRARY, "skipped: not found", BENCH_COST_LOG, BENCH_COST_LOG, false, NULL, NULL,      \
		    NULL, NULL                                                                               \
	}

/* The order of the tables: ours first, then the peers. */
static method methods[] = {
#ifdef COLLIDE_BENCH_HAVE_GRID
    OURS("collide.grid", BENCH_COST_LOG, build_grid, destroy_grid, contains_grid),
#else
    OURS_MISSING("collide.grid", "skipped: not built (engine/src/polygon_grid.c)"),
#endif
#ifdef COLLIDE_BENCH_HAVE_QUADTREE
    OURS("collide.quadtree", BENCH_COST_LOG, build_quadtree, destroy_quadtree, contains_quadtree),
#else
    OURS_MISSING("collide.quadtree", "skipped: not built (engine/src/quadtree.c)"),
#endif
    OURS("collide.tritree", BENCH_COST_LOG, build_tritree, destroy_tritree, contains_tritree),
    OURS("collide.crossing", BENCH_COST_LINEAR, build_crossing, destroy_crossing, contains_crossing),
#ifdef COLLIDE_BENCH_HAVE_CGAL
    PEER("cgal.cdt_hierarchy", "cgal", bench_point_peer_cgal_cdt_hierarchy, false),
    PEER("cgal.cdt_walk", "cgal", bench_point_peer_cgal_cdt_walk, false),
    PEER("cgal.arrangement", "cgal", bench_point_peer_cgal_arrangement, false),
    PEER("cgal.bounded_side_2", "cgal", bench_point_peer_cgal_bounded_side, false),
#else
    PEER_MISSING("cgal.cdt_hierarchy", "cgal"),
    PEER_MISSING("cgal.cdt_walk", "cgal"),
    PEER_MISSING("cgal.arrangement", "cgal"),
    PEER_MISSING("cgal.bounded_side_2", "cgal"),
#endif
#ifdef COLLIDE_BENCH_HAVE_BOOST
    PEER("boost.covered_by", "boost", bench_point_peer_boost_covered_by, false),
#else
    PEER_MISSING("boost.covered_by", "boost"),
#endif
#ifdef COLLIDE_BENCH_HAVE_BOX2D
    PEER("box2d.test_point", "box2d", bench_point_peer_box2d, true),
#else
    PEER_MISSING("box2d.test_point", "box2d"),
#endif
};
#define METHOD_COUNT (int)(sizeof methods / sizeof methods[0])

static bool is_ours(const method *m)
{
	return strcmp(m->library, "collide") == 0;
}

/* Box2D only takes convex polygons of 8 vertices at most: it runs on regular8 alone. */
static bool method_takes(const method *m, const case_data *c)
{
	if (m->peer == NULL || m->peer->accepts == NULL)
		return true;
	return m->peer->accepts(c->contours.xy, c->contours.counts, c->contours.contour_count) != 0;
}

/* Queries a method gets from a set of MAX_QUERIES, given how its cost grows with n. */
static size_t queries_for(bench_point_cost cost, int n, size_t divisor)
{
	double q = MAX_QUERIES;
	if (cost == BENCH_COST_LINEAR)
		q = fmin(q, MAX_EDGE_VISITS / (double)n);
	else if (cost == BENCH_COST_SQRT)
		q = fmin(q, MAX_WALK_STEPS / sqrt((double)n));
	q /= (double)divisor;
	return q < 1.0 ? 1 : (size_t)q;
}

/* ---- results: one CSV row per case x query set x method ---- */

typedef struct row {
	char case_name[32];
	const char *case_class;
	int vertices, contours;
	const char *query_set; /* "unif", "traj" */
	size_t queries;
	const char *method;
	const char *library;
	double ns_per_query; /* NAN when not measured */
	double build_ms;
	long long memory_bytes; /* -1 when not measured */
	long long inside;
	long long mismatches, boundary_mismatches; /* -1 when nothing compared */
	double best_peer_over_this;                /* ns of the best peer / ns of this method (ours only) */
	char note[96];
} row;

static row *rows;
static int row_count, row_capacity;

static row *add_row(const case_data *c, const char *query_set, const method *m)
{
	row *r;
	rows = (row *)bench_reserve(rows, row_count, &row_capacity, sizeof *rows, 128);
	r = &rows[row_count++];
	memset(r, 0, sizeof *r);
	snprintf(r->case_name, sizeof r->case_name, "%s", c->name);
	r->case_class = c->class_name;
	r->vertices = c->contours.vertex_count;
	r->contours = c->contours.contour_count;
	r->query_set = query_set;
	r->method = m->name;
	r->library = m->library;
	r->ns_per_query = r->build_ms = r->best_peer_over_this = NAN;
	r->memory_bytes = r->inside = r->mismatches = r->boundary_mismatches = -1;
	return r;
}

static const row *find_row(const char *case_name, const char *query_set, const char *method_name)
{
	int i;
	for (i = 0; i < row_count; i++)
		if (strcmp(rows[i].case_name, case_name) == 0 && strcmp(rows[i].query_set, query_set) == 0 &&
		    strcmp(rows[i].method, method_name) == 0)
			return &rows[i];
	return NULL;
}

/* ---- one measured method ---- */

typedef struct built {
	void *ours;              /* our structure, or */
	bench_point_index *peer; /* the peer's */
	bool ok;
	char error[COL_ERROR_MESSAGE_SIZE];
} built;

static void build_once(const method *m, const case_data *c, built *b)
{
	memset(b, 0, sizeof *b);
	if (m->peer != NULL) {
		b->peer = m->peer->build(c->contours.xy, c->contours.counts, c->contours.contour_count);
		b->ok = b->peer != NULL;
		if (!b->ok)
			snprintf(b->error, sizeof b->error,
			         "the library refused the polygon or ran out of memory");
	} else {
		b->ours = m->build(c, b->error, sizeof b->error);
		b->ok = b->ours != NULL;
	}
}

static void destroy_built(const method *m, built *b)
{
	if (m->peer != NULL && b->peer != NULL)
		m->peer->destroy(b->peer);
	else if (m->peer == NULL && b->ours != NULL)
		m->destroy(b->ours);
	b->peer = NULL;
	b->ours = NULL;
}

/* The memory of a structure is measured in a child process: this program again, run as
 * `bench_point_location --memory-of CASE METHOD` with malloc's per-thread cache of small free chunks
 * turned off (GLIBC_TUNABLES=glibc.malloc.tcache_count=0). mallinfo2 counts the chunks in that cache
 * as in use, so in this process a build could take chunks other builds left there unseen (a
 * structure would seem to take 0 bytes) and leave chunks it freed there, counted as kept. Turning
 * the cache off here instead would slow down every allocation of the peers' queries. The child
 * builds the method's structure of a small polygon once first, so that what a library sets up once
 * per process is not counted. Returns -1 when the child cannot run. */
static long long memory_in_child(const char *case_name, const char *method_name)
{
#ifdef __GLIBC__
	int fd[2], status;
	pid_t child;
	char text[64] = "";
	ssize_t got, length = 0;
	if (pipe(fd) != 0)
		return -1;
	fflush(stdout);
	child = fork();
	if (child < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (child == 0) {
		char *args[5];
		args[0] = (char *)"bench_point_location";
		args[1] = (char *)"--memory-of";
		args[2] = (char *)case_name;
		args[3] = (char *)method_name;
		args[4] = NULL;
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
		execv("/proc/self/exe", args);
		_exit(127);
	}
	close(fd[1]);
	while (length < (ssize_t)sizeof text - 1 &&
	       (got = read(fd[0], text + length, sizeof text - 1 - (size_t)length)) > 0)
		length += got;
	text[length] = '\0';
	close(fd[0]);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return -1;
	return strtoll(text, NULL, 10);
#else
	(void)case_name;
	(void)method_name;
	return -1;
#endif
}

/* Build time (CPU ms, best of builds until they took BENCH_MIN_SECONDS, at least one) and memory (in a
 * child process, see memory_in_child; measured here, cache and all, if that fails). The last build
 * is kept in *b for the queries. */
static void measure_build(const method *m, const case_data *c, built *b, double *ms, long long *bytes)
{
	double best = INFINITY, total = 0.0;
	long long before = heap_in_use(), after = -1;
	int runs = 0;
	for (;;) {
		double start = bench_cpu_seconds(), elapsed;
		build_once(m, c, b);
		elapsed = bench_cpu_seconds() - start;
		if (runs == 0)
			after = heap_in_use();
		if (elapsed < best)
			best = elapsed;
		total += elapsed;
		runs++;
		if (!b->ok || total >= BENCH_MIN_SECONDS || runs >= BENCH_MAX_RUNS)
			break;
		destroy_built(m, b);
	}
	if (!b->ok) {
		*ms = NAN;
		*bytes = -1;
		return;
	}
	*ms = 1e3 * best;
	*bytes = memory_in_child(c->name, m->name);
	if (*bytes < 0 && before >= 0)
		*bytes = after - before;
}

/* One batch of queries: ours into bool_out, a peer's into byte_out. */
static void run_queries(const method *m, const built *b, bool walk, const col_vec2 *points, const double *xy,
                        size_t count, bool *bool_out, unsigned char *byte_out)
{
	if (m->peer == NULL)
		m->contains(b->ours, points, count, bool_out);
	else if (walk && m->peer->contains_walk != NULL)
		m->peer->contains_walk(b->peer, xy, count, byte_out);
	else
		m->peer->contains(b->peer, xy, count, byte_out);
}

/* How many of count queries one run of about MAX_RUN_SECONDS covers, estimated from pilot runs on
 * the first PILOT_QUERIES and the first 2 PILOT_QUERIES: their difference leaves out what the first
 * query of a run costs alone (a walk without a hint crosses the whole triangulation) and the cold
 * caches of the first run. A method that would take less than twice that long gets all of them. */
static size_t affordable_queries(const method *m, const built *b, bool walk, const col_vec2 *points,
                                 const double *xy, size_t count, bool *bool_out, unsigned char *byte_out)
{
	size_t pilot = count < 2 * PILOT_QUERIES ? count / 2 : PILOT_QUERIES;
	double seconds[2], per_query;
	int run;
	if (pilot == 0)
		return count;
	for (run = 0; run < 2; run++) {
		double start = bench_cpu_seconds();
		run_queries(m, b, walk, points, xy, (size_t)(run + 1) * pilot, bool_out, byte_out);
		seconds[run] = bench_cpu_seconds() - start;
	}
	per_query = (seconds[1] - seconds[0]) / (double)pilot;
	if (per_query <= 0.0)
		per_query = seconds[1] / (double)(2 * pilot);
	if (per_query * (double)count <= 2.0 * MAX_RUN_SECONDS)
		return count;
	return (size_t)fmax((double)(2 * pilot), MAX_RUN_SECONDS / per_query);
}

/* run_queries' arguments, for bench_best_seconds. */
typedef struct query_batch {
	const method *m;
	const built *b;
	bool walk;
	const col_vec2 *points;
	const double *xy;
	size_t count;
	bool *bool_out;
	unsigned char *byte_out;
} query_batch;

static void run_batch(void *context)
{
	const query_batch *q = (const query_batch *)context;
	run_queries(q->m, q->b, q->walk, q->points, q->xy, q->count, q->bool_out, q->byte_out);
}

/* Runs the queries until BENCH_MIN_SECONDS of CPU time (at least once) and returns the best run's
 * seconds; the answers of the last run are left in bool_out (ours) or byte_out (peers). */
static double time_queries(const method *m, const built *b, bool walk, const col_vec2 *points,
                           const double *xy, size_t count, bool *bool_out, unsigned char *byte_out)
{
	query_batch batch = {m, b, walk, points, xy, count, bool_out, byte_out};
	return bench_best_seconds(run_batch, &batch);
}

/* ---- output ---- */

static void format_bytes(char *out, size_t size, long long bytes)
{
	if (bytes < 0)
		snprintf(out, size, "-");
	else if (bytes >= 10 * 1024 * 1024)
		snprintf(out, size, "%.0f MiB", (double)bytes / 1048576.0);
	else if (bytes >= 10 * 1024)
		snprintf(out, size, "%.0f KiB", (double)bytes / 1024.0);
	else
		snprintf(out, size, "%lld B", bytes);
}

static void print_row(const row *r)
{
	char ns[32], build[32], memory[32], agree[64];
	if (r->note[0] != '\0' && isnan(r->ns_per_query)) {
		printf("  %-5s %8s  %-20s %s\n", r->query_set, "-", r->method, r->note);
		return;
	}
	bench_format_value(ns, sizeof ns, r->ns_per_query, "%.1f");
	bench_format_value(build, sizeof build, r->build_ms, "%.3f");
	format_bytes(memory, sizeof memory, r->memory_bytes);
	if (r->mismatches < 0)
		snprintf(agree, sizeof agree, "-");
	else if (r->mismatches == 0)
		snprintf(agree, sizeof agree, "yes");
	else if (r->mismatches == r->boundary_mismatches)
		snprintf(agree, sizeof agree, "yes but %lld within %g of the boundary (float)",
		         r->boundary_mismatches, BOUNDARY_DISTANCE);
	else
		snprintf(agree, sizeof agree, "NO: %lld differ", r->mismatches);
	printf("  %-5s %8zu  %-20s %10s %10s %9s %8lld  %s%s%s\n", r->query_set, r->queries, r->method, ns,
	       build, memory, r->inside, agree, r->note[0] ? "; " : "", r->note);
	fflush(stdout);
}

/* The columns of the results file, as write_csv_row writes them. */
static const char csv_header[] =
    "case,vertices,query_set,queries,method,library,ns_per_query,build_ms,memory_bytes,"
    "inside_count,mismatches,boundary_mismatches,best_peer_over_this,class,contours,note";

static void write_csv_row(FILE *f, int i)
{
	const row *r = &rows[i];
	bench_write_csv_start(f, r->case_name, r->vertices, r->query_set, r->queries, r->method, r->library);
	bench_write_csv_number(f, r->ns_per_query, "%.2f");
	bench_write_csv_number(f, r->build_ms, "%.4f");
	bench_write_csv_integer(f, r->memory_bytes);
	bench_write_csv_integer(f, r->inside);
	bench_write_csv_integer(f, r->mismatches);
	bench_write_csv_integer(f, r->boundary_mismatches);
	bench_write_csv_number(f, r->best_peer_over_this, "%.3f");
	fprintf(f, "%s,%d,%s\n", r->case_class, r->contours, r->note);
}

/* ---- one case ---- */

typedef struct query_set {
	const char *name; /* "unif", "traj" */
	bool walk;        /* a trajectory: peers may start each search where the last one ended */
	double *unit;     /* MAX_QUERIES unit points */
} query_set;

/* Fills the collide views of c->contours and validates the polygon. Returns false (and says why)
 * when collide refuses it. */
static bool prepare_case(case_data *c)
{
	int k, offset = 0, n = c->contours.vertex_count;
	col_error error;
	c->vertices = (col_vec2 *)bench_checked_malloc((size_t)n * sizeof *c->vertices);
	c->col_contours =
	    (col_contour *)bench_checked_malloc((size_t)c->contours.contour_count * sizeof *c->col_contours);
	bench_points_from_xy(c->contours.xy, (size_t)n, c->vertices);
	for (k = 0; k < c->contours.contour_count; k++) {
		c->col_contours[k].points = c->vertices + offset;
		c->col_contours[k].count = c->contours.counts[k];
		offset += c->contours.counts[k];
	}
	bench_bbox2(c->contours.xy, (size_t)n, c->box);
	if (col_polygon_create(c->col_contours, c->contours.contour_count, &c->polygon, &error) != COL_OK) {
		printf("\n%s: collide refused it: %s\n", c->name, error.message);
		return false;
	}
	return true;
}

static void free_case(case_data *c)
{
	col_polygon_destroy(c->polygon);
	free(c->vertices);
	free(c->col_contours);
	bench_contours_free(&c->contours);
	memset(c, 0, sizeof *c);
}

/* Measures every method on one polygon; returns the number of disagreements that are not float
 * rounding at the boundary, and adds the structures that declined to build to *refused (a tri-tree
 * over its memory budget, say: an answer, not a wrong one). */
static long long bench_case(case_data *c, const query_set *sets, int set_count, size_t divisor,
                            long long *refused)
{
	built structures[METHOD_COUNT];
	int shown[METHOD_COUNT]; /* this set's rows for the table (indices: rows[] grows), or -1 */
	bool timed[METHOD_COUNT];
	double build_ms[METHOD_COUNT];
	long long memory[METHOD_COUNT];
	slab_oracle oracle;
	long long problems = 0;
	int n = c->contours.vertex_count, i, s, round;
	double oracle_start;

	printf("\n%s: %d vertices in %d contour%s, bbox [%.4f, %.4f] x [%.4f, %.4f]\n", c->name, n,
	       c->contours.contour_count, c->contours.contour_count == 1 ? "" : "s", c->box[0], c->box[2],
	       c->box[1], c->box[3]);
	oracle_start = bench_cpu_seconds();
	oracle_build(&oracle, c);
	printf("  reference: exact crossing number over %d slabs (built in %.0f ms)\n", oracle.slabs,
	       1e3 * (bench_cpu_seconds() - oracle_start));

	for (i = 0; i < METHOD_COUNT; i++) {
		memset(&structures[i], 0, sizeof structures[i]);
		build_ms[i] = NAN;
		memory[i] = -1;
		if (methods[i].missing != NULL || !method_takes(&methods[i], c))
			continue;
		measure_build(&methods[i], c, &structures[i], &build_ms[i], &memory[i]);
		if (!structures[i].ok) {
			printf("  %s could not build it: %s\n", methods[i].name, structures[i].error);
			(*refused)++;
		}
	}

	printf("  %-5s %8s  %-20s %10s %10s %9s %8s  %s\n", "set", "queries", "method", "ns/query",
	       "build ms", "memory", "inside", "agrees with the crossing number");
	for (s = 0; s < set_count; s++) {
		double *mapped = (double *)bench_checked_malloc(2 * MAX_QUERIES * sizeof *mapped);
		col_vec2 *points = (col_vec2 *)bench_checked_malloc(MAX_QUERIES * sizeof *points);
		bool *reference = (bool *)bench_checked_malloc(MAX_QUERIES * sizeof *reference);
		bool *answers = (bool *)bench_checked_malloc(MAX_QUERIES * sizeof *answers);
		unsigned char *peer_answers = (unsigned char *)bench_checked_malloc(MAX_QUERIES);
		size_t all = queries_for(BENCH_COST_LOG, n, divisor), k;

		bench_map2(sets[s].unit, all, c->box, mapped);
		bench_points_from_xy(mapped, all, points);
		for (k = 0; k < all; k++)
			reference[k] = oracle_contains(&oracle, points[k]);
		for (i = 0; i < METHOD_COUNT; i++) {
			const method *m = &methods[i];
			row *r = add_row(c, sets[s].name, m);
			size_t count, inside = 0;
			long long mismatches = 0, near_boundary = 0;
			shown[i] = (int)(r - rows);
			timed[i] = false;
			if (m->missing != NULL) {
				snprintf(r->note, sizeof r->note, "%s", m->missing);
				continue;
			}
			if (!method_takes(m, c)) {
				snprintf(r->note, sizeof r->note, "skipped: does not take this polygon");
				shown[i] = -1;
				continue; /* in the CSV, not in the table: Box2D on every case but the 8-gon
				           */
			}
			if (!structures[i].ok) {
				snprintf(r->note, sizeof r->note, "build failed");
				continue;
			}
			count = queries_for(sets[s].walk ? m->cost_walk : m->cost_uniform, n, divisor);
			if (count > all)
				count = all;
			count = affordable_queries(m, &structures[i], sets[s].walk, points, mapped, count,
			                           answers, peer_answers);
			r->queries = count;
			r->build_ms = build_ms[i];
			r->memory_bytes = memory[i];
			r->ns_per_query = 1e9 *
			                  time_queries(m, &structures[i], sets[s].walk, points, mapped, count,
			                               answers, peer_answers) /
			                  (double)count;
			for (k = 0; k < count; k++) {
				bool a = m->peer == NULL ? answers[k] : peer_answers[k] != 0;
				inside += a;
				if (a != reference[k]) {
					mismatches++;
					if (m->rounds_to_float &&
					    boundary_distance(&oracle, points[k]) <= BOUNDARY_DISTANCE)
						near_boundary++;
				}
			}
			r->inside = (long long)inside;
			r->mismatches = mismatches;
			r->boundary_mismatches = near_boundary;
			problems += mismatches - near_boundary;
			if (strcmp(m->name, "collide.crossing") == 0 && mismatches > 0)
				printf("  the slab reference disagrees with col_polygon_contains on %lld "
				       "points: a "
				       "bug in the benchmark\n",
				       mismatches);
			timed[i] = true;
		}
		/* The later rounds, every method again in turn, keep each one's best. */
		for (round = 1; round < TIMING_ROUNDS; round++) {
			for (i = 0; i < METHOD_COUNT; i++) {
				row *r;
				double ns;
				if (!timed[i])
					continue;
				r = &rows[shown[i]];
				if (r->ns_per_query * (double)r->queries > ROUND_MAX_NS)
					continue;
				ns = 1e9 *
				     time_queries(&methods[i], &structures[i], sets[s].walk, points, mapped,
				                  r->queries, answers, peer_answers) /
				     (double)r->queries;
				if (ns < r->ns_per_query)
					r->ns_per_query = ns;
			}
		}
		for (i = 0; i < METHOD_COUNT; i++) {
			if (shown[i] >= 0)
				print_row(&rows[shown[i]]);
		}
		free(mapped);
		free(points);
		free(reference);
		free(answers);
		free(peer_answers);
	}
	for (i = 0; i < METHOD_COUNT; i++)
		destroy_built(&methods[i], &structures[i]);
	oracle_free(&oracle);
	return problems;
}

/* ---- the summary: ratios and goals ---- */

/* The best (lowest ns/query) peer row of a case and set, or NULL. */
static const row *best_peer(const char *case_name, const char *query_set)
{
	const row *best = NULL;
	int i;
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->case_name, case_name) != 0 || strcmp(r->query_set, query_set) != 0 ||
		    strcmp(r->library, "collide") == 0 || isnan(r->ns_per_query))
			continue;
		if (best == NULL || r->ns_per_query < best->ns_per_query)
			best = r;
	}
	return best;
}

/* The goal on uniform points for a case of this size: collide.grid at least 3x / 5x / 20x faster
 * than the best peer at about 10^3 / 10^4 / 10^5 vertices. 0 for the 8-gon, whose goal is Box2D. */
static double uniform_goal(int vertices)
{
	if (vertices < 100)
		return 0.0;
	if (vertices < 3000)
		return 3.0;
	if (vertices < 30000)
		return 5.0;
	return 20.0;
}

static int print_summary(void)
{
	int i, k, goals = 0, met = 0;
	const char *sets[2] = {"unif", "traj"};
	/* ratios for every collide method */
	for (i = 0; i < row_count; i++) {
		row *r = &rows[i];
		const row *best;
		if (strcmp(r->library, "collide") != 0 || isnan(r->ns_per_query))
			continue;
		best = best_peer(r->case_name, r->query_set);
		if (best != NULL)
			r->best_peer_over_this = best->ns_per_query / r->ns_per_query;
	}
	printf("\nspeed-up of each collide method: best peer's ns/query / ours (> 1: collide is faster)\n");
	printf("  %-14s %7s", "case", "vertices");
	for (k = 0; k < 2; k++)
		printf("  %-5s %-19s", sets[k], "best peer");
	for (i = 0; i < METHOD_COUNT; i++)
		if (is_ours(&methods[i]))
			printf(" %9.9s u/t", methods[i].name + strlen("collide."));
	printf("\n");
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		int m;
		if (strcmp(r->query_set, "unif") != 0 || strcmp(r->method, methods[0].name) != 0)
			continue; /* one line per case */
		printf("  %-14s %7d", r->case_name, r->vertices);
		for (k = 0; k < 2; k++) {
			const row *best = best_peer(r->case_name, sets[k]);
			char text[40];
			if (best != NULL)
				snprintf(text, sizeof text, "%s %.0f",
				         best->method + strlen(best->library) + 1, best->ns_per_query);
			else
				snprintf(text, sizeof text, "-");
			printf("  %-25s", text);
		}
		for (m = 0; m < METHOD_COUNT; m++) {
			const row *u, *t;
			char a[16], b[16];
			if (!is_ours(&methods[m]))
				continue;
			u = find_row(r->case_name, "unif", methods[m].name);
			t = find_row(r->case_name, "traj", methods[m].name);
			bench_format_value(a, sizeof a, u ? u->best_peer_over_this : NAN, "%.1f");
			bench_format_value(b, sizeof b, t ? t->best_peer_over_this : NAN, "%.1f");
			printf(" %6s/%-6s", a, b);
		}
		printf("\n");
	}

	printf("\ngoals for collide.grid (ratio = best peer's ns/query / collide.grid's):\n");
	printf("  uniform: >= 3x / 5x / 20x the best peer at 10^3 / 10^4 / 10^5 vertices; trajectory: faster "
	       "than the best peer (walks included); regular8: no slower than Box2D\n");
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->query_set, "unif") != 0 || strcmp(r->method, methods[0].name) != 0 ||
		    strcmp(r->case_class, "study") == 0)
			continue;
		for (k = 0; k < 2; k++) {
			const row *grid = find_row(r->case_name, sets[k], "collide.grid");
			const row *against = NULL;
			double goal;
			const char *what;
			char text[200];
			bool ok;
			if (strcmp(r->case_name, "regular8") == 0) {
				against = find_row(r->case_name, sets[k], "box2d.test_point");
				goal = 1.0;
				what = "no slower than box2d";
			} else if (k == 0) {
				against = best_peer(r->case_name, sets[k]);
				goal = uniform_goal(r->vertices);
				what = goal >= 20.0  ? ">= 20x best peer"
				       : goal >= 5.0 ? ">= 5x best peer"
				                     : ">= 3x best peer";
			} else {
				against = best_peer(r->case_name, sets[k]);
				goal = 1.0;
				what = "faster than best peer";
			}
			goals++;
			if (grid == NULL || isnan(grid->ns_per_query) || against == NULL ||
			    isnan(against->ns_per_query)) {
				printf("  %-14s %-5s %-22s NOT MEASURED (%s)\n", r->case_name, sets[k], what,
				       grid == NULL || isnan(grid->ns_per_query) ? "collide.grid missing"
				                                                 : "no peer measured");
				continue;
			}
			{
				double ratio = against->ns_per_query / grid->ns_per_query;
				/* "faster" and "no slower" are strict and non-strict, the others a minimum */
				ok = (k == 1 && strcmp(r->case_name, "regular8") != 0) ? ratio > goal
				                                                       : ratio >= goal;
				snprintf(text, sizeof text, "%s %.1f ns vs %s %.1f ns: %.2fx", "grid",
				         grid->ns_per_query, against->method, against->ns_per_query, ratio);
			}
			met += ok;
			printf("  %-14s %-5s %-22s %-58s %s\n", r->case_name, sets[k], what, text,
			       ok ? "MET" : "NOT MET");
		}
	}
	printf("  %d of %d goals met\n", met, goals);
	return met;
}

/* ---- the cases, by name ---- */

static bool add_case_from_xy(case_data *c, const char *class_name, double *xy, int n)
{
	c->class_name = class_name;
	if (xy == NULL)
		return false;
	c->contours.xy = xy;
	c->contours.counts = (int *)bench_checked_malloc(sizeof(int));
	c->contours.counts[0] = n;
	c->contours.contour_count = 1;
	c->contours.vertex_count = n;
	return true;
}

typedef int (*sized_generator)(int n, bench_contours *c);

static const struct {
	const char *name;
	sized_generator generate;
} sized_classes[] = {
    {"comb", bench_comb_polygon},
    {"spiral", bench_spiral_polygon},
    {"maze", bench_maze_polygon},
    {"slivers", bench_slivers_polygon},
};

/* Makes the case of this name ("star1000", "regular8", "comb10000", "holes900", "studyIII_256"):
 * its contours only (prepare_case does the rest). false for an unknown name or no memory. */
static bool make_case(const char *name, case_data *c)
{
	char type[8], rest[8];
	int n, i;
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	if (sscanf(name, "star%d%1s", &n, rest) == 1)
		return n >= 3 && add_case_from_xy(c, "star", bench_star_polygon(n), n);
	if (sscanf(name, "regular%d%1s", &n, rest) == 1)
		return n >= 3 && add_case_from_xy(c, "regular", bench_regular_polygon(n), n);
	for (i = 0; i < (int)(sizeof sized_classes / sizeof sized_classes[0]); i++) {
		size_t length = strlen(sized_classes[i].name);
		if (strncmp(name, sized_classes[i].name, length) == 0 &&
		    sscanf(name + length, "%d%1s", &n, rest) == 1) {
			c->class_name = sized_classes[i].name;
			return sized_classes[i].generate(n, &c->contours) == 0;
		}
	}
	if (sscanf(name, "holes%d%1s", &n, rest) == 1) {
		int side = (int)floor(sqrt((double)n) + 0.5);
		c->class_name = "holes";
		return side * side == n && bench_holes_polygon(side, &c->contours) == 0;
	}
	if (sscanf(name, "study%7[IV]_%d%1s", type, &n, rest) == 2) {
		int t;
		for (t = BENCH_STUDY_I; t <= BENCH_STUDY_V; t++)
			if (strcmp(type, bench_study_name((bench_study_type)t)) == 0) {
				c->class_name = "study";
				return bench_study_polygon((bench_study_type)t, n, &c->contours) == 0;
			}
	}
	return false;
}

/* The benchmark's cases, in order; --study adds the study types. */
static int list_cases(char names[][32], int capacity, bool study)
{
	static const int star_sizes[] = {1000, 10000, 100000};
	static const int regular_sizes[] = {8, 1000};
	static const int class_sizes[] = {1000, 10000, 100000};
	int count = 0, i, j;
	for (i = 0; i < (int)(sizeof star_sizes / sizeof star_sizes[0]) && count < capacity; i++)
		snprintf(names[count++], 32, "star%d", star_sizes[i]);
	for (i = 0; i < (int)(sizeof regular_sizes / sizeof regular_sizes[0]) && count < capacity; i++)
		snprintf(names[count++], 32, "regular%d", regular_sizes[i]);
	for (i = 0; i < (int)(sizeof sized_classes / sizeof sized_classes[0]); i++)
		for (j = 0; j < (int)(sizeof class_sizes / sizeof class_sizes[0]) && count < capacity; j++)
			snprintf(names[count++], 32, "%s%d", sized_classes[i].name, class_sizes[j]);
	if (count < capacity)
		snprintf(names[count++], 32, "holes900");
	if (study) {
		int type, n;
		for (type = BENCH_STUDY_I; type <= BENCH_STUDY_V; type++)
			for (n = 16; n <= 1024 && count < capacity; n *= 4)
				snprintf(names[count++], 32, "study%s_%d",
				         bench_study_name((bench_study_type)type), n);
	}
	return count;
}

/* The child of memory_in_child: builds the method's structure of the regular 8-gon once (to leave
 * out what a library sets up once per process; the 8-gon is a polygon every method takes), then
 * prints the in-use bytes its structure of the case adds. */
static int memory_of(const char *case_name, const char *method_name)
{
	const method *m = NULL;
	case_data c, warm;
	built b;
	long long before;
	int i;
	for (i = 0; i < METHOD_COUNT; i++)
		if (strcmp(methods[i].name, method_name) == 0)
			m = &methods[i];
	if (m == NULL || m->missing != NULL || !make_case(case_name, &c) || !prepare_case(&c))
		return 1;
	if (make_case("regular8", &warm) && prepare_case(&warm) && method_takes(m, &warm)) {
		build_once(m, &warm, &b);
		destroy_built(m, &b);
	}
	free_case(&warm);
	before = heap_in_use();
	build_once(m, &c, &b);
	if (!b.ok || before < 0)
		return 1;
	printf("%lld\n", heap_in_use() - before);
	return 0;
}

/* ---- main ---- */

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/point_location.csv";
	const char *selected[64];
	char names[64][32];
	size_t divisor = 1;
	bool study = false;
	char machine[512];
	query_set sets[2];
	long long problems = 0, refused = 0;
	double start = bench_now_seconds();
	int i, j, selected_count = 0, case_count;

	for (i = 0; i < METHOD_COUNT; i++)
		if (methods[i].peer != NULL) {
			methods[i].cost_uniform = methods[i].peer->cost_uniform;
			methods[i].cost_walk = methods[i].peer->cost_walk;
		}
	if (argc == 4 && strcmp(argv[1], "--memory-of") == 0)
		return memory_of(argv[2], argv[3]);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
			csv_path = argv[++i];
		} else if (strcmp(argv[i], "--quick") == 0) {
			divisor = 100;
		} else if (strcmp(argv[i], "--study") == 0) {
			study = true;
		} else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc &&
		           selected_count < (int)(sizeof selected / sizeof selected[0])) {
			selected[selected_count++] = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--csv PATH] [--quick] [--study] [--case NAME]...\n",
			        argv[0]);
			return 2;
		}
	}
	if (selected_count > 0) {
		for (case_count = 0; case_count < selected_count; case_count++)
			snprintf(names[case_count], sizeof names[case_count], "%s", selected[case_count]);
	} else {
		case_count = list_cases(names, (int)(sizeof names / sizeof names[0]), study);
	}

	bench_describe_machine(machine, sizeof machine);
	printf("collide point-location benchmark: point in polygon on large, non-star-shaped polygons\n");
	printf("machine: %s%s\n", machine, divisor > 1 ? " [--quick: not a measurement]" : "");
	for (i = 0; i < METHOD_COUNT; i++) {
		const method *m = &methods[i];
		printf("method %-20s %s\n", m->name,
		       m->missing ? m->missing
		       : m->peer  ? m->peer->version()
		                  : "collide (this build)");
	}
	printf("queries: the unif and traj sets of docs/benchmarks.md mapped to each bbox: all %d%s for "
	       "log-time methods, the first 10^9 / n for those that visit every edge, 10^8 / sqrt(n) for a "
	       "walk from a fixed start, and never more than one run of about %g s covers\n",
	       MAX_QUERIES, divisor > 1 ? " / 100 (--quick)" : "", MAX_RUN_SECONDS);
	printf("times: CPU ns per query and CPU ms per build, best of repeated runs; memory: "
	       "mallinfo2() in-use bytes added by one build (in a child process without malloc's "
	       "thread cache)\n");

	sets[0].name = "unif";
	sets[0].walk = false;
	sets[0].unit = bench_queries2_uniform(MAX_QUERIES);
	sets[1].name = "traj";
	sets[1].walk = true;
	sets[1].unit = bench_queries2_trajectory(MAX_QUERIES);
	if (sets[0].unit == NULL || sets[1].unit == NULL) {
		fprintf(stderr, "bench_point_location: out of memory for the query sets\n");
		return 1;
	}

	for (j = 0; j < case_count; j++) {
		case_data c;
		if (!make_case(names[j], &c)) {
			fprintf(stderr, "bench_point_location: no case %s (or no memory for it)\n", names[j]);
			free_case(&c);
			return 1;
		}
		if (prepare_case(&c))
			problems += bench_case(&c, sets, 2, divisor, &refused);
		else
			problems++;
		free_case(&c);
	}

	print_summary();
	free(sets[0].unit);
	free(sets[1].unit);
	if (bench_write_csv(csv_path, csv_header, row_count, write_csv_row) != 0)
		return 1;
	if (problems == 0)
		printf("\nall answers agree");
	else
		printf("\n%lld DISAGREEMENTS or cases that could not be made: see the rows marked NO",
		       problems);
	if (refused > 0)
		printf("; %lld structure%s declined to build (see \"could not build\")", refused,
		       refused == 1 ? "" : "s");
	printf("; results in %s (%.0f s)\n", csv_path, bench_now_seconds() - start);
	free(rows);
	return problems == 0 ? 0 : 2; /* a wrong answer fails the run; a declined build does not */
}
