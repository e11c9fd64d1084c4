/* Source 000's timing study (4.8, Tables 4.1-4.6, Figs. 4.47-4.60), reproduced: the covering
 * algorithms without a tree (DC), with the tri-tree (DC-TT), the list variant (DC-List) and the
 * quadtree-accelerated crossing number, on the five polygon types at 16 to 1,024 vertices, along
 * the circular (90,000 positions) and linear (9,000) trajectories; circles and polygons of size
 * ratios 1:1 to 1:32; tree depth; and the build time of a tri-tree against a quadtree of the same
 * number of cells. The study reports frames (queries) per second; so does this program.
 *
 * Usage: bench_tritree [--csv PATH] [--quick]
 *   --csv PATH  where the results go (default bench/results/tritree_study.csv)
 *   --quick     a tenth of each path and of each time budget: a smoke test of the harness
 *
 * Every point and circle answer is checked against the brute-force oracle; polygon pairs are
 * checked method against method at every 8th position and against the oracle at every 64th. The
 * mismatch column counts disagreements (it must be 0). Times are process CPU time. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BENCH_PROGRAM "bench_tritree"
#include "bench_common.h"
#include "collide/covering.h"
#include "collide/polygon.h"
#include "collide/quadtree.h"
#include "collide/shapes2d.h"
#include "collide/trajectory.h"
#include "collide/tritree.h"
#include "polygon_classes.h"

/* A cell of a table runs along its path until the path ends or this much CPU time has passed. */
#define CELL_SECONDS 0.4

static bool quick;
static FILE *csv;
static unsigned long total_mismatches;

/* ---- polygons and paths ---- */

static col_polygon *polygon_from(const bench_contours *c, double scale, col_vec2 shift)
{
	col_vec2 *points = malloc((size_t)c->vertex_count * sizeof *points);
	col_contour *contours = malloc((size_t)c->contour_count * sizeof *contours);
	col_polygon *polygon = NULL;
	if (points != NULL && contours != NULL) {
		for (int i = 0; i < c->vertex_count; i++)
			points[i] = (col_vec2){shift.x + scale * c->xy[2 * i], shift.y + scale * c->xy[2 * i + 1]};
		int start = 0;
		for (int k = 0; k < c->contour_count; k++) {
			contours[k] = (col_contour){points + start, c->counts[k]};
			start += c->counts[k];
		}
		col_error error;
		if (col_polygon_create(contours, c->contour_count, &polygon, &error) != COL_OK)
			fprintf(stderr, "bench_tritree: a study polygon was refused: %s\n", error.message);
	}
	free(points);
	free(contours);
	return polygon;
}

static col_polygon *study_polygon(bench_study_type type, int n, double scale)
{
	bench_contours c;
	if (bench_study_polygon(type, n, &c) != 0)
		return NULL;
	col_polygon *polygon = polygon_from(&c, scale, (col_vec2){0, 0});
	bench_contours_free(&c);
	return polygon;
}

typedef enum path_kind { PATH_CIRCULAR, PATH_LINEAR } path_kind;

static const char *path_name(path_kind kind)
{
	return kind == PATH_CIRCULAR ? "circular" : "linear";
}

/* The study's paths around a shape centred near the origin, of bounding radius reach: a circle of
 * radius `level` (90,000 positions) or a line at height `level` across the shape (9,000), with a
 * jitter of 0.2% of the reach. */
static size_t make_path(path_kind kind, double reach, double level, col_vec2 *out)
{
	size_t count = kind == PATH_CIRCULAR ? COL_TRAJECTORY_CIRCULAR_COUNT : COL_TRAJECTORY_LINEAR_COUNT;
	if (quick)
		count /= 10;
	if (kind == PATH_CIRCULAR)
		col_trajectory_circular((col_vec2){0, 0}, level, 0.002 * reach, 1, out, count);
	else
		col_trajectory_linear(-1.2 * reach, 1.2 * reach, level, 0.002 * reach, 2, out, count);
	return count;
}

/* A path parameter (a radius, a height) found by bisection so that the oracle hits about `target`
 * of 720 positions: the study's paths run close to the shape, with < 5% hits on the circle and
 * 10-20% on the line. hits(context, parameter) returns the fraction. */
static double calibrate(double (*hits)(void *, double), void *context, double lo, double hi, double target)
{
	for (int step = 0; step < 30; step++) {
		double mid = 0.5 * (lo + hi);
		if (hits(context, mid) > target)
			lo = mid; /* too many hits: move out */
		else
			hi = mid;
	}
	return hi;
}

/* What a calibration samples: 720 positions of the path at a given level, each a hit or not. */
typedef struct calibration {
	path_kind kind;
	double reach;
	bool (*hit)(const void *shape, col_vec2 p);
	const void *shape;
} calibration;

static double hit_fraction(void *context, double level)
{
	const calibration *c = context;
	int hits = 0;
	for (int i = 0; i < 720; i++) {
		double s = i / 720.0;
		col_vec2 p = c->kind == PATH_CIRCULAR ? (col_vec2){level * cos(2 * COL_PI * s), level * sin(2 * COL_PI * s)}
		                                      : (col_vec2){-1.2 * c->reach + 2.4 * c->reach * s, level};
		hits += c->hit(c->shape, p);
	}
	return hits / 720.0;
}

/* The level that gives the study's hit rates: 3% on the circle, 15% on the line. */
static double path_level(path_kind kind, double reach, bool (*hit)(const void *, col_vec2), const void *shape)
{
	calibration c = {kind, reach, hit, shape};
	return kind == PATH_CIRCULAR ? calibrate(hit_fraction, &c, 0.0, 2.0 * reach, 0.03)
	                             : calibrate(hit_fraction, &c, 0.0, 2.0 * reach, 0.15);
}

static bool point_hits(const void *shape, col_vec2 p)
{
	return col_polygon_contains(shape, p, COL_METHOD_CROSSING, NULL);
}

/* ---- measuring ---- */

typedef bool (*query_fn)(void *context, size_t i);

typedef struct measure {
	double per_second;
	size_t done;
	size_t hits;
} measure;

/* Answers of the last run, checked after the clock has stopped. */
static bool *answers;

/* Runs fn on positions 0, 1, ... in order (coherence needs the order) until the path ends or the
 * cell's time is spent; answers[i] keeps each answer. */
static measure run_path(query_fn fn, void *context, size_t count)
{
	measure m = {0, 0, 0};
	double budget = quick ? CELL_SECONDS / 10 : CELL_SECONDS, start = bench_cpu_seconds(), elapsed = 0.0;
	while (m.done < count) {
		size_t end = m.done + 256 < count ? m.done + 256 : count;
		for (; m.done < end; m.done++) {
			answers[m.done] = fn(context, m.done);
			m.hits += answers[m.done];
		}
		elapsed = bench_cpu_seconds() - start;
		if (elapsed > budget)
			break;
	}
	m.per_second = elapsed > 0 ? (double)m.done / elapsed : 0.0;
	return m;
}

static void emit(const char *table, const char *shape, int vertices, const char *ratio, const char *path,
                 const char *method, const char *parameter, measure m, unsigned long mismatches)
{
	double hit_rate = m.done ? (double)m.hits / (double)m.done : 0.0;
	printf("  %-8s %-10s %6d  %-5s %-9s %-14s %-14s %12.0f q/s  hits %5.1f%%  mismatches %lu\n", table, shape,
	       vertices, ratio, path, method, parameter, m.per_second, 100.0 * hit_rate, mismatches);
	fprintf(csv, "%s,%s,%d,%s,%s,%s,%s,%.1f,%.4f,%zu,%lu\n", table, shape, vertices, ratio, path, method,
	        parameter, m.per_second, hit_rate, m.done, mismatches);
	total_mismatches += mismatches;
}

/* ---- Table 4.1: points ---- */

typedef struct point_context {
	const col_polygon *polygon;
	const col_covering *covering;
	const col_tritree *tree;
	const col_quadtree *quadtree;
	col_covering_cache *cache;
	col_method method;
	const col_vec2 *path;
} point_context;

static bool point_dc(void *context, size_t i)
{
	point_context *pc = context;
	return col_covering_contains(pc->covering, pc->path[i], pc->method, pc->cache, NULL);
}

static bool point_tt(void *context, size_t i)
{
	point_context *pc = context;
	return col_tritree_contains(pc->tree, pc->path[i], pc->cache, NULL, NULL);
}

static bool point_quadtree(void *context, size_t i)
{
	point_context *pc = context;
	return col_quadtree_contains(pc->quadtree, pc->path[i], NULL);
}

/* Times one method along the path, then checks its answers against the crossing number. */
static measure run_point(query_fn fn, point_context *pc, size_t count, unsigned long *mismatches)
{
	col_covering_cache_reset(pc->cache);
	measure m = run_path(fn, pc, count);
	*mismatches = 0;
	for (size_t i = 0; i < m.done; i++)
		*mismatches += answers[i] != col_polygon_contains(pc->polygon, pc->path[i], COL_METHOD_CROSSING, NULL);
	return m;
}

static void table_points(col_vec2 *path)
{
	printf("Table 4.1: point in polygon (types I-IV; DC-TT with leaf cones = vertices, 8 fitting "
	       "iterations)\n");
	static const bench_study_type types[4] = {BENCH_STUDY_I, BENCH_STUDY_II, BENCH_STUDY_III, BENCH_STUDY_IV};
	static const char *const names[4] = {"I", "II", "III", "IV"};
	static const int sizes[4] = {16, 64, 256, 1024};
	for (int t = 0; t < 4; t++) {
		for (int s = 0; s < 4; s++) {
			col_polygon *polygon = study_polygon(types[t], sizes[s], 1.0);
			if (polygon == NULL)
				continue;
			col_covering *covering = NULL;
			col_tritree *tree = NULL;
			col_quadtree *quadtree = NULL;
			col_tritree_options options = col_tritree_default_options();
			options.leaf_cones = sizes[s];
			col_covering_build(polygon, NULL, &covering, NULL);
			col_tritree_build(polygon, &options, &tree, NULL);
			col_quadtree_build(polygon, NULL, &quadtree, NULL);
			col_covering_cache *cache = NULL, *tree_cache = NULL;
			col_covering_cache_create(covering, &cache, NULL);
			col_covering_cache_create(col_tritree_covering(tree), &tree_cache, NULL);
			/* DC "as appropriate": the convex walk, the star walk, or the sign mask. */
			col_method dc = col_covering_is_convex(covering)     ? COL_METHOD_CONVEX
			                : col_covering_is_positive(covering) ? COL_METHOD_STAR
			                                                     : COL_METHOD_COVERING;
			const char *dc_name = dc == COL_METHOD_COVERING ? "dc" : dc == COL_METHOD_CONVEX ? "dc.convex" : "dc.star";
			double reach = col_covering_bounding_circle(covering).radius;
			for (int k = 0; k < 2; k++) {
				size_t count = make_path((path_kind)k, reach, path_level((path_kind)k, reach, point_hits, polygon), path);
				point_context pc = {polygon, covering, tree, quadtree, cache, dc, path};
				char parameter[32];
				unsigned long mismatches;
				measure m = run_point(point_dc, &pc, count, &mismatches);
				emit("points", names[t], sizes[s], "-", path_name((path_kind)k), dc_name, "-", m, mismatches);
				pc.cache = tree_cache;
				m = run_point(point_tt, &pc, count, &mismatches);
				snprintf(parameter, sizeof parameter, "leaves=%d", col_tritree_get_stats(tree).leaves);
				emit("points", names[t], sizes[s], "-", path_name((path_kind)k), "dc-tt", parameter, m, mismatches);
				m = run_point(point_quadtree, &pc, count, &mismatches);
				snprintf(parameter, sizeof parameter, "cells=%d", col_quadtree_get_info(quadtree).cells);
				emit("points", names[t], sizes[s], "-", path_name((path_kind)k), "quadtree", parameter, m, mismatches);
			}
			col_covering_cache_destroy(cache);
			col_covering_cache_destroy(tree_cache);
			col_quadtree_destroy(quadtree);
			col_tritree_destroy(tree);
			col_covering_destroy(covering);
			col_polygon_destroy(polygon);
		}
	}
}

/* ---- Table 4.2: circles ---- */

typedef struct circle_context {
	const col_polygon *polygon;
	const col_covering *covering;
	const col_tritree *tree;
	col_covering_cache *cache;
	double radius;
	const col_vec2 *path;
} circle_context;

static bool circle_dc(void *context, size_t i)
{
	circle_context *cc = context;
	col_circle circle = {cc->path[i], cc->radius};
	return col_covering_intersects_circle(cc->covering, circle, cc->cache, NULL);
}

static bool circle_tt(void *context, size_t i)
{
	circle_context *cc = context;
	col_circle circle = {cc->path[i], cc->radius};
	return col_tritree_intersects_circle(cc->tree, circle, cc->cache, NULL, NULL);
}

static bool circle_hits(const void *shape, col_vec2 p)
{
	const circle_context *cc = shape;
	return col_circle_intersects_polygon((col_circle){p, cc->radius}, cc->polygon, NULL);
}

static unsigned long check_circles(const circle_context *cc, size_t done)
{
	unsigned long mismatches = 0;
	for (size_t i = 0; i < done; i++)
		mismatches += answers[i] != col_circle_intersects_polygon((col_circle){cc->path[i], cc->radius}, cc->polygon, NULL);
	return mismatches;
}

/* The study tunes the subdivisions to the vertex count and size ratio: leaf counts 4, 16, ... are
 * tried on the first positions of the path and the fastest is kept. make(leaves) builds what the
 * query needs and returns the rate measured. */
static int tune_leaves(int vertices, double (*rate)(void *context, int leaves), void *context)
{
	int best = 4;
	double best_rate = -1.0;
	for (int leaves = 4; leaves <= 4 * vertices; leaves *= 4) {
		double r = rate(context, leaves);
		if (r > best_rate) {
			best_rate = r;
			best = leaves;
		}
	}
	return best;
}

static col_tritree *tree_with_leaves(const col_polygon *polygon, int leaves)
{
	col_tritree_options options = col_tritree_default_options();
	options.leaf_cones = leaves;
	col_tritree *tree = NULL;
	col_tritree_build(polygon, &options, &tree, NULL);
	return tree;
}

typedef struct circle_trial {
	circle_context *cc;
	size_t count;
} circle_trial;

static double circle_rate(void *context, int leaves)
{
	circle_trial *trial = context;
	circle_context *cc = trial->cc;
	cc->tree = tree_with_leaves(cc->polygon, leaves);
	col_covering_cache_create(col_tritree_covering(cc->tree), &cc->cache, NULL);
	measure m = run_path(circle_tt, cc, trial->count < 3000 ? trial->count : 3000);
	col_covering_cache_destroy(cc->cache);
	col_tritree_destroy((col_tritree *)cc->tree);
	return m.per_second;
}

static void table_circles(col_vec2 *path)
{
	printf("Table 4.2: circle vs polygon (type I; circle radius = the polygon's bounding radius / ratio; "
	       "DC-TT leaves tuned per cell)\n");
	static const int sizes[4] = {16, 64, 256, 1024};
	static const int ratios[6] = {1, 2, 4, 8, 16, 32};
	for (int s = 0; s < 4; s++) {
		col_polygon *polygon = study_polygon(BENCH_STUDY_I, sizes[s], 1.0);
		if (polygon == NULL)
			continue;
		col_covering *covering = NULL;
		col_covering_build(polygon, NULL, &covering, NULL);
		double reach = col_covering_bounding_circle(covering).radius;
		for (int k = 0; k < 2; k++) {
			for (int q = 0; q < 6; q++) {
				circle_context cc = {polygon, covering, NULL, NULL, reach / ratios[q], path};
				double level = path_level((path_kind)k, reach + cc.radius, circle_hits, &cc);
				size_t count = make_path((path_kind)k, reach + cc.radius, level, path);
				char ratio[16], parameter[32];
				snprintf(ratio, sizeof ratio, "1:%d", ratios[q]);
				col_covering_cache_create(covering, &cc.cache, NULL);
				measure m = run_path(circle_dc, &cc, count);
				emit("circles", "I", sizes[s], ratio, path_name((path_kind)k), "dc", "-", m, check_circles(&cc, m.done));
				col_covering_cache_destroy(cc.cache);
				circle_trial trial = {&cc, count};
				int leaves = tune_leaves(sizes[s], circle_rate, &trial);
				col_tritree *tree = tree_with_leaves(polygon, leaves);
				cc.tree = tree;
				col_covering_cache_create(col_tritree_covering(tree), &cc.cache, NULL);
				m = run_path(circle_tt, &cc, count);
				snprintf(parameter, sizeof parameter, "leaves=%d", col_tritree_get_stats(tree).leaves);
				emit("circles", "I", sizes[s], ratio, path_name((path_kind)k), "dc-tt", parameter, m,
				     check_circles(&cc, m.done));
				col_covering_cache_destroy(cc.cache);
				col_tritree_destroy(tree);
			}
		}
		col_covering_destroy(covering);
		col_polygon_destroy(polygon);
	}
}

/* ---- Tables 4.3-4.6: polygon pairs ---- */

typedef struct pair_context {
	const col_tritree *a, *b;
	const col_polygon *pa, *pb;
	col_covering_cache *cache;
	col_method method;
	const col_vec2 *path;
	size_t count;
} pair_context;

/* b at position i of the path, turning once around itself over the whole path. */
static col_transform2 pose_at(const col_vec2 *path, size_t count, size_t i)
{
	return col_transform2_make(path[i], 2.0 * COL_PI * (double)i / (double)count);
}

static bool pair_query(void *context, size_t i)
{
	pair_context *pc = context;
	return col_tritree_intersects_tritree(pc->a, pc->b, pose_at(pc->path, pc->count, i), pc->method, pc->cache,
	                                      NULL, NULL);
}

/* After the clock: every 8th answer against the other two methods (without caches), every 64th
 * against the brute force on the moved polygon (it is O(nm)). */
static unsigned long check_pairs(const pair_context *pc, size_t done)
{
	unsigned long mismatches = 0;
	static const col_method all[3] = {COL_METHOD_COVERING, COL_METHOD_TRITREE, COL_METHOD_CONE_LIST};
	for (size_t i = 0; i < done; i += 8) {
		col_transform2 pose = pose_at(pc->path, pc->count, i);
		for (int m = 0; m < 3; m++)
			if (all[m] != pc->method)
				mismatches += col_tritree_intersects_tritree(pc->a, pc->b, pose, all[m], NULL, NULL, NULL) != answers[i];
	}
	int n = col_polygon_vertex_count(pc->pb), contours = col_polygon_contour_count(pc->pb);
	col_vec2 *moved = malloc((size_t)n * sizeof *moved);
	col_contour *c = malloc((size_t)contours * sizeof *c);
	for (size_t i = 0; i < done && moved != NULL && c != NULL; i += 64) {
		col_transform2 pose = pose_at(pc->path, pc->count, i);
		int k = 0;
		for (int ci = 0; ci < contours; ci++) {
			col_contour contour = col_polygon_contour(pc->pb, ci);
			c[ci] = (col_contour){moved + k, contour.count};
			for (int j = 0; j < contour.count; j++)
				moved[k++] = col_transform2_apply(pose, contour.points[j]);
		}
		col_polygon *polygon = NULL;
		if (col_polygon_create(c, contours, &polygon, NULL) != COL_OK)
			continue; /* a rotation rounded a vertex onto an edge: no longer a valid polygon */
		mismatches += col_polygon_intersects_polygon(pc->pa, polygon, NULL) != answers[i];
		col_polygon_destroy(polygon);
	}
	free(moved);
	free(c);
	return mismatches;
}

typedef struct pair_trial {
	const col_polygon *pa, *pb;
	col_method method;
	const col_vec2 *path;
	size_t count;
} pair_trial;

static double pair_rate(void *context, int leaves)
{
	pair_trial *trial = context;
	col_tritree *a = tree_with_leaves(trial->pa, leaves), *b = tree_with_leaves(trial->pb, leaves);
	pair_context pc = {a, b, trial->pa, trial->pb, NULL, trial->method, trial->path, trial->count};
	col_covering_cache_create(col_tritree_covering(a), &pc.cache, NULL);
	measure m = run_path(pair_query, &pc, trial->count < 1000 ? trial->count : 1000);
	col_covering_cache_destroy(pc.cache);
	col_tritree_destroy(a);
	col_tritree_destroy(b);
	return m.per_second;
}

typedef struct pair_shape {
	const col_tritree *a, *b;
	size_t count;
} pair_shape;

static bool pair_hits(const void *shape, col_vec2 p)
{
	const pair_shape *ps = shape;
	return col_tritree_intersects_tritree(ps->a, ps->b, col_transform2_make(p, 0.0), COL_METHOD_TRITREE, NULL, NULL,
	                                      NULL);
}

/* One cell: polygon b moving around or past a, with each method. leaves <= 0 tunes the trees'
 * leaf counts on the first positions of the path (the study's "constant, tuned"). */
static void pair_cell(const char *table, const char *shape, const col_polygon *pa, const col_polygon *pb,
                      int vertices, const char *ratio, int leaves, col_vec2 *path)
{
	col_tritree *ta = tree_with_leaves(pa, 16), *tb = tree_with_leaves(pb, 16);
	double reach = col_covering_bounding_circle(col_tritree_covering(ta)).radius +
	               col_covering_bounding_circle(col_tritree_covering(tb)).radius;
	pair_shape calibration_shape = {ta, tb, 0};
	static const col_method methods[3] = {COL_METHOD_COVERING, COL_METHOD_TRITREE, COL_METHOD_CONE_LIST};
	static const char *const names[3] = {"dc", "dc-tt", "dc-list"};
	for (int k = 0; k < 2; k++) {
		double level = path_level((path_kind)k, reach, pair_hits, &calibration_shape);
		size_t count = make_path((path_kind)k, reach, level, path);
		for (int m = 0; m < 3; m++) {
			pair_trial trial = {pa, pb, methods[m], path, count};
			int chosen = leaves > 0 ? leaves : m == 0 ? 4 : tune_leaves(vertices, pair_rate, &trial);
			col_tritree *a = tree_with_leaves(pa, chosen), *b = tree_with_leaves(pb, chosen);
			pair_context pc = {a, b, pa, pb, NULL, methods[m], path, count};
			col_covering_cache_create(col_tritree_covering(a), &pc.cache, NULL);
			measure result = run_path(pair_query, &pc, count);
			char parameter[32];
			snprintf(parameter, sizeof parameter, m == 0 ? "-" : "leaves=%d", col_tritree_get_stats(a).leaves);
			emit(table, shape, vertices, ratio, path_name((path_kind)k), names[m], parameter, result,
			     check_pairs(&pc, result.done));
			col_covering_cache_destroy(pc.cache);
			col_tritree_destroy(a);
			col_tritree_destroy(b);
		}
	}
	col_tritree_destroy(ta);
	col_tritree_destroy(tb);
}

static void table_pairs(col_vec2 *path)
{
	static const int sizes[4] = {16, 64, 256, 1024};
	printf("Table 4.3: polygon vs polygon by vertex count (pairs II-II and I-I, 1:1, leaves tuned)\n");
	for (int s = 0; s < 4; s++) {
		bench_study_type types[2] = {BENCH_STUDY_II, BENCH_STUDY_I};
		const char *names[2] = {"II-II", "I-I"};
		for (int t = 0; t < 2; t++) {
			col_polygon *a = study_polygon(types[t], sizes[s], 1.0);
			if (a != NULL)
				pair_cell("pairs", names[t], a, a, sizes[s], "1:1", 0, path);
			col_polygon_destroy(a);
		}
	}
	printf("Table 4.4: polygon vs polygon by tree size (V-V, 256 vertices, 1:1)\n");
	col_polygon *gear = study_polygon(BENCH_STUDY_V, 256, 1.0);
	for (int leaves = 4; leaves <= 256 && gear != NULL; leaves *= 2) {
		char shape[16];
		snprintf(shape, sizeof shape, "V-V/%d", leaves);
		pair_cell("depth", shape, gear, gear, 256, "1:1", leaves, path);
	}
	col_polygon_destroy(gear);
	printf("Table 4.5: polygon vs polygon, mixed sizes (V moving around I and I around V, 64-1024 each)\n");
	static const int mixed[3] = {64, 256, 1024};
	for (int x = 0; x < 3; x++) {
		for (int y = 0; y < 3; y++) {
			col_polygon *one = study_polygon(BENCH_STUDY_I, mixed[x], 1.0);
			col_polygon *five = study_polygon(BENCH_STUDY_V, mixed[y], 1.0);
			char shape[32];
			if (one != NULL && five != NULL) {
				snprintf(shape, sizeof shape, "V%d/I%d", mixed[y], mixed[x]);
				pair_cell("mixed", shape, one, five, mixed[x], "1:1", 0, path);
				snprintf(shape, sizeof shape, "I%d/V%d", mixed[x], mixed[y]);
				pair_cell("mixed", shape, five, one, mixed[y], "1:1", 0, path);
			}
			col_polygon_destroy(one);
			col_polygon_destroy(five);
		}
	}
	printf("Table 4.6: polygon vs polygon by size ratio (I-I, 256 vertices)\n");
	static const int ratios[5] = {1, 2, 4, 8, 16};
	col_polygon *big = study_polygon(BENCH_STUDY_I, 256, 1.0);
	for (int q = 0; q < 5 && big != NULL; q++) {
		col_polygon *small = study_polygon(BENCH_STUDY_I, 256, 1.0 / ratios[q]);
		char ratio[16];
		snprintf(ratio, sizeof ratio, "1:%d", ratios[q]);
		if (small != NULL)
			pair_cell("ratio", "I-I", big, small, 256, ratio, 0, path);
		col_polygon_destroy(small);
	}
	col_polygon_destroy(big);
}

/* ---- Figs. 4.47-4.48: building ---- */

static double best_build_seconds(const col_polygon *polygon, int kind, int parameter, int fit, int *cells)
{
	double best = INFINITY;
	for (int run = 0; run < (quick ? 1 : 3); run++) {
		double start = bench_cpu_seconds();
		if (kind == 0) {
			col_tritree_options options = col_tritree_default_options();
			options.leaf_cones = parameter;
			options.min_triangles = 1; /* split like the quadtree: while a cell holds more than one */
			options.fit_iterations = fit;
			col_tritree *tree = NULL;
			col_tritree_build(polygon, &options, &tree, NULL);
			double t = bench_cpu_seconds() - start;
			*cells = col_tritree_get_stats(tree).leaves;
			col_tritree_destroy(tree);
			best = fmin(best, t);
		} else {
			col_quadtree_options options = col_quadtree_default_options();
			options.max_depth = parameter;
			options.max_edges = 1;
			col_quadtree *tree = NULL;
			col_quadtree_build(polygon, &options, &tree, NULL);
			double t = bench_cpu_seconds() - start;
			*cells = col_quadtree_get_info(tree).leaves;
			col_quadtree_destroy(tree);
			best = fmin(best, t);
		}
	}
	return best;
}

static void table_build(void)
{
	printf("Figs. 4.47-4.48: build time, tri-tree (0 and 8 fitting iterations) vs quadtree, on the "
	       "complex type I polygon\n");
	static const int sizes[2] = {1024, 10000};
	for (int s = 0; s < 2; s++) {
		col_polygon *polygon = study_polygon(BENCH_STUDY_I, sizes[s], 1.0);
		if (polygon == NULL)
			continue;
		for (int level = 1; level <= 8; level++) {
			int quad_cells = 0, tri_cells = 0, tri_fit_cells = 0;
			double quad = best_build_seconds(polygon, 1, level, 0, &quad_cells);
			/* A tri-tree with as many leaf cones as the quadtree has leaf cells (Fig. 4.47's
			 * "same number of subdivisions"). */
			double tri = best_build_seconds(polygon, 0, quad_cells, 0, &tri_cells);
			double tri_fit = best_build_seconds(polygon, 0, quad_cells, 8, &tri_fit_cells);
			printf("  build    I %6d  quadtree depth %d: %7d leaves %9.3f ms | tri-tree %7d leaves %9.3f ms, "
			       "fitted %9.3f ms\n",
			       sizes[s], level, quad_cells, 1e3 * quad, tri_cells, 1e3 * tri, 1e3 * tri_fit);
			fprintf(csv, "build,I,%d,-,-,quadtree,leaves=%d,%.6f,0,0,0\n", sizes[s], quad_cells, 1e3 * quad);
			fprintf(csv, "build,I,%d,-,-,tritree.fit0,leaves=%d,%.6f,0,0,0\n", sizes[s], tri_cells, 1e3 * tri);
			fprintf(csv, "build,I,%d,-,-,tritree.fit8,leaves=%d,%.6f,0,0,0\n", sizes[s], tri_fit_cells, 1e3 * tri_fit);
		}
		col_polygon_destroy(polygon);
	}
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/tritree_study.csv";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = true;
		else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc)
			csv_path = argv[++i];
		else {
			fprintf(stderr, "usage: bench_tritree [--csv PATH] [--quick]\n");
			return 2;
		}
	}
	csv = fopen(csv_path, "w");
	if (csv == NULL) {
		perror(csv_path);
		return 1;
	}
	char host[256] = "unknown";
	gethostname(host, sizeof host);
	printf("machine: %s, %ld cores, build %s%s\n", host, sysconf(_SC_NPROCESSORS_ONLN), COLLIDE_BENCH_BUILD_TYPE,
	       quick ? " (quick: figures mean little)" : "");
	fprintf(csv, "table,shape,vertices,ratio,path,method,parameter,queries_per_second,hit_rate,queries,mismatches\n");
	col_vec2 *path = malloc(COL_TRAJECTORY_CIRCULAR_COUNT * sizeof *path);
	answers = malloc(COL_TRAJECTORY_CIRCULAR_COUNT * sizeof *answers);
	if (path == NULL || answers == NULL)
		return 1;
	table_points(path);
	table_circles(path);
	table_pairs(path);
	table_build();
	free(path);
	free(answers);
	fclose(csv);
	printf("mismatches: %lu\n", total_mismatches);
	return total_mismatches == 0 ? 0 : 1;
}
