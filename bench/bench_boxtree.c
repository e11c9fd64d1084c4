/* Source 001's study (section 7, Tables 2 and 3; check T7 of docs/sources.md), reproduced: the double box
 * hierarchy (col_boxtree_collide) on the source's four pairs of convex solids in a spherical arena, at
 * the two arena sizes where a quarter and three quarters of the poses collide. For each pair and arena:
 * how many collisions the inner boxes settle (I_CI) and how many the leaf tests (I_CP), the share of the
 * inner boxes I_CI / (I_CI + I_CP), the mean time of each kind of decision (t_CI, t_CP) and the mean
 * time of a colliding and of a non-colliding pose (Y_i, Y_ni), beside GJK (col_gjk_intersect) on the
 * same poses. The source compares with five public libraries (PQP, RAPID, SOLID, I-COLLIDE, QuickCD);
 * none is measured here: its figures are printed for reference only (another machine, 2007).
 *
 * Usage: bench_boxtree [--csv PATH] [--quick] [--pair NAME]...
 *   --csv PATH   where the results go (default bench/results/boxtree_study.csv)
 *   --quick      10^3 poses (calibration and measurement) instead of 10^5: a smoke test of the
 *                harness, not a measurement
 *   --pair NAME  only these pairs (cube-cube, cube-enneagonal, enneagonal-enneagonal,
 *                dodecahedron-octahedron); may be repeated
 *
 * Solids (the source's Table 1; its figure is not in the text), each scaled to circumradius 1 about its
 * centre and built by col_convex_hull:
 *   cube          vertices (+-1, +-1, +-1) / sqrt 3, axis-aligned in its model frame
 *   enneagonal    the uniform 9-gonal antiprism (18 vertices, 36 edges, 20 faces: every edge the same
 *                 length), its axis along z
 *   octahedron    (+-1, 0, 0), (0, +-1, 0), (0, 0, +-1)
 *   dodecahedron  the regular icosahedron (0, +-1, +-phi), (+-1, +-phi, 0), (+-phi, 0, +-1), scaled: the
 *                 source's counts (12 vertices, 30 edges, 20 faces) are an icosahedron's (erratum 5)
 * Trees: col_boxtree_default_options (depth 4, the source's; paper centroid; AABB root).
 *
 * Arena: body A at the centre, turned at random; body B's centre uniform in the ball of radius R about
 * it, turned at random. A pose takes 9 draws of splitmix64 (bench/cases.h): A's rotation (3, Shoemake),
 * B's rotation (3), a unit direction (2) and a radius fraction cbrt(u) (1). R is found by bisection (on
 * R in [0, 8], GJK deciding collisions) until the collision rate of CALIBRATION poses is within
 * 0.1% of 25% and of 75% (the source: about 25% and 75%), on the stream seeded SEED_CALIBRATION + pair;
 * the measurement uses other poses, the stream seeded SEED_MEASURE + pair, so its rate is an
 * independent check (it must be within 1% of the target).
 *
 * Methods, each on every pose of the measurement:
 *   dbh.paper        col_boxtree_collide, paper descent, paper leaf test (triangles): the source's
 *   dbh.exact        paper descent, exact leaf test (GJK on the leaves' convex pieces)
 *   dbh.larger.exact larger-box descent, exact leaf test
 *   gjk              col_gjk_intersect on the whole solids (no cache: the poses are independent)
 * GJK is the truth; the oracle of shape_oracle.h settles any pose where a method disagrees with it. A
 * "yes" that is false, or a "no" of an exact method that is false, fails the run (exit status 1); the
 * paper leaf test's false "no" (containments its triangles cannot see) are counted (column missed).
 *
 * Timing: process CPU time. Each pose is first answered once to learn how it is decided; then each
 * group of poses (inner-decided collisions, leaf-decided collisions, non-collisions of the method; the
 * colliding and the non-colliding poses by the truth) is run as one batch, repeated while the runs
 * total less than BENCH_MIN_SECONDS (best run kept), and its time divided by its count: a per-call clock
 * would cost more than the calls. t_CI, t_CP: the method's inner- and leaf-decided collisions; Y_i, Y_ni:
 * the poses that collide and those that do not (by the truth), whatever decided them.
 *
 * The CSV (one row per pair x arena x method) starts with bench_common.h's columns (case = the pair,
 * vertices = both solids' vertex count, query_set = rate25 or rate75, queries = poses, method, library),
 * then arena_radius, target_rate, collision_rate, collisions, i_ci, i_cp, inner_share, t_ci_us, t_cp_us,
 * y_i_us, y_ni_us, missed, false_yes, outer_tests, inner_tests, triangle_tests, gjk_tests, pairs_visited
 * (per query, means), paper_inner_share (the source's Table 2 share), paper_y_i_us, paper_y_ni_us (its
 * Table 3, for the two pairs it has). */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_PROGRAM "bench_boxtree"
#include "bench_common.h"
#include "cases.h"
#include "collide/boxtree.h"
#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/shape.h"
#include "collide/shape_oracle.h"

#define POSES             100000 /* measured poses a pair and arena (--quick: POSES / 100) */
#define CALIBRATION       100000 /* poses the arena radius is tuned on (--quick: / 100) */
#define CALIBRATION_STEPS 60
#define RATE_TOLERANCE    0.001 /* bisection stops this close to the target rate */
#define RATE_CHECK        0.01  /* the measured rate must be this close */
#define MAX_RADIUS        8.0   /* the bisection's upper end (the circumradii add up to 2) */
#define SEED_CALIBRATION  UINT64_C(0x0001CA1B00000000)
#define SEED_MEASURE      UINT64_C(0x0001B0C500000000)
#define PHI               1.6180339887498948482

static bool quick;
static unsigned long failures;

/* ---- solids ---- */

enum { SOLID_CUBE, SOLID_ENNEAGONAL, SOLID_OCTAHEDRON, SOLID_DODECAHEDRON, SOLID_COUNT };
static const char *const solid_names[SOLID_COUNT] = {"cube", "enneagonal", "octahedron", "dodecahedron"};

typedef struct solid {
	col_convex *convex;
	col_boxtree *tree;
	double build_ms;
} solid;

static solid solids[SOLID_COUNT];

static col_convex *hull_or_die(const col_vec3 *p, int n)
{
	col_convex *c = NULL;
	col_error error;
	if (col_convex_hull(p, n, &c, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": hull: %s\n", error.message);
		exit(1);
	}
	return c;
}

static col_convex *make_solid(int which)
{
	col_vec3 p[20];
	int n = 0;
	if (which == SOLID_CUBE) {
		double s = 1.0 / sqrt(3.0);
		for (int k = 0; k < 8; ++k)
			p[n++] = (col_vec3){k & 1 ? s : -s, k & 2 ? s : -s, k & 4 ? s : -s};
	} else if (which == SOLID_ENNEAGONAL) {
		/* ring radius 1: the lateral edges equal the ring's when the height is this */
		double pi = BENCH_TWO_PI / 2.0, height = sqrt(2.0 * (cos(pi / 9.0) - cos(2.0 * pi / 9.0)));
		double s = 1.0 / sqrt(1.0 + height * height / 4.0);
		for (int k = 0; k < 9; ++k) {
			double a = bench_angle((size_t)k, 9), b = a + pi / 9.0;
			p[k] = (col_vec3){s * cos(a), s * sin(a), s * height / 2.0};
			p[9 + k] = (col_vec3){s * cos(b), s * sin(b), -s * height / 2.0};
		}
		n = 18;
	} else if (which == SOLID_OCTAHEDRON) {
		for (int k = 0; k < 6; ++k) {
			double c[3] = {0.0, 0.0, 0.0};
			c[k / 2] = k & 1 ? -1.0 : 1.0;
			p[n++] = (col_vec3){c[0], c[1], c[2]};
		}
	} else {
		double s = 1.0 / sqrt(1.0 + PHI * PHI);
		for (int i = -1; i <= 1; i += 2)
			for (int j = -1; j <= 1; j += 2) {
				p[n++] = (col_vec3){0.0, i * s, j * PHI * s};
				p[n++] = (col_vec3){i * s, j * PHI * s, 0.0};
				p[n++] = (col_vec3){j * PHI * s, 0.0, i * s};
			}
	}
	return hull_or_die(p, n);
}

static void make_solids(void)
{
	for (int k = 0; k < SOLID_COUNT; ++k) {
		solids[k].convex = make_solid(k);
		col_error error;
		double start = bench_cpu_seconds();
		if (col_boxtree_build(solids[k].convex, NULL, &solids[k].tree, &error) != COL_OK) {
			fprintf(stderr, BENCH_PROGRAM ": boxtree of the %s: %s\n", solid_names[k],
			        error.message);
			exit(1);
		}
		solids[k].build_ms = 1e3 * (bench_cpu_seconds() - start);
	}
}

/* ---- pairs, and the source's figures ---- */

#define PAIR_COUNT 4
typedef struct pair_spec {
	const char *name;
	int a, b;
	double paper_share[2]; /* Table 2's I_CI / (I_CI + I_CP), large (25%) and small (75%) arena */
	double paper_t_ci[2];  /* Table 2's t_CI, t_CP (us) */
	double paper_t_cp[2];
	double paper_y_i[2]; /* Table 3's "Proposed" Y_i, Y_ni (us); NAN where it has no column */
	double paper_y_ni[2];
} pair_spec;

static const pair_spec pairs[PAIR_COUNT] = {
    {"cube-cube", SOLID_CUBE, SOLID_CUBE, {1.0, 1.0}, {5.8, 4.9}, {NAN, NAN}, {NAN, NAN}, {NAN, NAN}},
    {"cube-enneagonal",
     SOLID_CUBE,
     SOLID_ENNEAGONAL,
     {0.9743, 0.9834},
     {5.69, 3.86},
     {375.28, 379.59},
     {5.61, 4.80},
     {2.39, 8.48}},
    {"enneagonal-enneagonal",
     SOLID_ENNEAGONAL,
     SOLID_ENNEAGONAL,
     {0.6307, 0.7230},
     {38.56, 27.86},
     {121.38, 111.17},
     {NAN, NAN},
     {NAN, NAN}},
    {"dodecahedron-octahedron",
     SOLID_DODECAHEDRON,
     SOLID_OCTAHEDRON,
     {0.6586, 0.7709},
     {0.66, 0.65},
     {46.29, 49.01},
     {8.86, 5.93},
     {22.77, 61.50}},
};

static const double targets[2] = {0.25, 0.75};

/* ---- poses ---- */

typedef struct pose_pair {
	col_transform3 a, b;
} pose_pair;

/* count poses of the stream seeded seed, with B's offset in the unit ball (scaled by the radius later):
 * unit[i] is that offset. */
static void draw_poses(uint64_t seed, int count, col_quat *qa, col_quat *qb, col_vec3 *unit)
{
	uint64_t state = seed;
	for (int i = 0; i < count; ++i) {
		double q[4], R[9], d[3];
		bench_rotation(&state, q, R);
		qa[i] = (col_quat){q[0], q[1], q[2], q[3]};
		bench_rotation(&state, q, R);
		qb[i] = (col_quat){q[0], q[1], q[2], q[3]};
		bench_unit_direction(&state, d);
		double f = cbrt(bench_draw(&state));
		unit[i] = (col_vec3){f * d[0], f * d[1], f * d[2]};
	}
}

static void place(int count, const col_quat *qa, const col_quat *qb, const col_vec3 *unit, double radius,
                  pose_pair *out)
{
	for (int i = 0; i < count; ++i) {
		out[i].a = (col_transform3){qa[i], {0.0, 0.0, 0.0}};
		out[i].b = (col_transform3){qb[i], col_vec3_scale(unit[i], radius)};
	}
}

static bool gjk_collide(const solid *a, const solid *b, const pose_pair *p)
{
	col_shape sa = col_shape_convex(a->convex), sb = col_shape_convex(b->convex);
	sa.pose = p->a;
	sb.pose = p->b;
	return col_gjk_intersect(&sa, &sb, NULL, NULL);
}

static bool oracle_collide(const solid *a, const solid *b, const pose_pair *p)
{
	col_shape sa = col_shape_convex(a->convex), sb = col_shape_convex(b->convex);
	sa.pose = p->a;
	sb.pose = p->b;
	return col_shape_oracle(&sa, &sb).intersect;
}

/* The arena radius whose collision rate (GJK, on the calibration poses) is within RATE_TOLERANCE of
 * target, by bisection: the rate falls as the radius grows (each pose's B moves out along its ray, and
 * the set of distances where two convex bodies meet is an interval from 0). */
static double calibrate(const solid *a, const solid *b, int count, const col_quat *qa, const col_quat *qb,
                        const col_vec3 *unit, pose_pair *scratch, double target, double *rate_out,
                        int *steps_out)
{
	double lo = 0.0, hi = MAX_RADIUS, radius = 0.5 * (lo + hi), rate = 0.0;
	int step;
	for (step = 1; step <= CALIBRATION_STEPS; ++step) {
		radius = 0.5 * (lo + hi);
		place(count, qa, qb, unit, radius, scratch);
		int hits = 0;
		for (int i = 0; i < count; ++i)
			hits += gjk_collide(a, b, &scratch[i]);
		rate = (double)hits / count;
		if (fabs(rate - target) <= RATE_TOLERANCE)
			break;
		if (rate > target)
			lo = radius;
		else
			hi = radius;
	}
	*rate_out = rate;
	*steps_out = step > CALIBRATION_STEPS ? CALIBRATION_STEPS : step;
	return radius;
}

/* ---- methods and timing ---- */

enum { METHOD_PAPER, METHOD_EXACT, METHOD_LARGER, METHOD_GJK, METHOD_COUNT };
static const char *const method_names[METHOD_COUNT] = {"dbh.paper", "dbh.exact", "dbh.larger.exact", "gjk"};

static col_boxtree_query method_query(int method)
{
	col_boxtree_query q = col_boxtree_default_query();
	q.leaf_test = method == METHOD_PAPER ? COL_BOXTREE_LEAF_PAPER : COL_BOXTREE_LEAF_EXACT;
	q.descent = method == METHOD_LARGER ? COL_BOXTREE_DESCEND_LARGER : COL_BOXTREE_DESCEND_PAPER;
	return q;
}

typedef struct batch {
	const solid *a, *b;
	int method;
	const pose_pair *poses;
	const int *index;
	int count;
	int hits; /* what the last run answered: kept so the calls are not optimised away */
} batch;

static void run_batch(void *context)
{
	batch *t = context;
	int hits = 0;
	if (t->method == METHOD_GJK) {
		for (int k = 0; k < t->count; ++k)
			hits += gjk_collide(t->a, t->b, &t->poses[t->index[k]]);
	} else {
		col_boxtree_query q = method_query(t->method);
		for (int k = 0; k < t->count; ++k) {
			const pose_pair *p = &t->poses[t->index[k]];
			hits += col_boxtree_collide(t->a->tree, p->a, t->b->tree, p->b, &q, NULL);
		}
	}
	t->hits = hits;
}

/* Mean microseconds a call over the poses index[0..count); NAN for none. */
static double mean_us(const solid *a, const solid *b, int method, const pose_pair *poses, const int *index,
                      int count)
{
	if (count == 0)
		return NAN;
	batch t = {a, b, method, poses, index, count, 0};
	return 1e6 * bench_best_seconds(run_batch, &t) / count;
}

/* ---- one cell: a pair in an arena ---- */

typedef struct row {
	int pair, arena, method, poses;
	double radius, rate;
	int collisions, i_ci, i_cp, missed, false_yes;
	double t_ci, t_cp, y_i, y_ni;
	double outer_tests, inner_tests, triangle_tests, gjk_tests, pairs_visited; /* means per query */
	int calibration_steps;
	double calibration_rate;
} row;

static row rows[PAIR_COUNT * 2 * METHOD_COUNT];
static int row_count;

static void run_cell(int p, int arena, const col_quat *cqa, const col_quat *cqb, const col_vec3 *cunit,
                     const col_quat *mqa, const col_quat *mqb, const col_vec3 *munit, pose_pair *poses,
                     bool *truth, int *index_hit, int *index_miss, int *index_ci, int *index_cp,
                     int *index_no)
{
	const solid *a = &solids[pairs[p].a], *b = &solids[pairs[p].b];
	int calibration = quick ? CALIBRATION / 100 : CALIBRATION, count = quick ? POSES / 100 : POSES;
	double calibration_rate;
	int steps;
	double radius =
	    calibrate(a, b, calibration, cqa, cqb, cunit, poses, targets[arena], &calibration_rate, &steps);
	place(count, mqa, mqb, munit, radius, poses);
	int hits = 0, misses = 0, adjudicated = 0;
	for (int i = 0; i < count; ++i) {
		truth[i] = gjk_collide(a, b, &poses[i]);
		if (truth[i])
			index_hit[hits++] = i;
		else
			index_miss[misses++] = i;
	}
	double rate = (double)hits / count;
	for (int m = 0; m < METHOD_COUNT; ++m) {
		row *r = &rows[row_count++];
		memset(r, 0, sizeof *r);
		r->pair = p;
		r->arena = arena;
		r->method = m;
		r->poses = count;
		r->radius = radius;
		r->rate = rate;
		r->collisions = hits;
		r->calibration_steps = steps;
		r->calibration_rate = calibration_rate;
		int n_ci = 0, n_cp = 0, n_no = 0;
		if (m != METHOD_GJK) {
			col_boxtree_query q = method_query(m);
			for (int i = 0; i < count; ++i) {
				col_boxtree_stats st;
				bool got =
				    col_boxtree_collide(a->tree, poses[i].a, b->tree, poses[i].b, &q, &st);
				r->outer_tests += st.outer_tests;
				r->inner_tests += st.inner_tests;
				r->triangle_tests += st.triangle_tests;
				r->gjk_tests += st.gjk_tests;
				r->pairs_visited += st.pairs_visited;
				if (got && st.decided_by == COL_BOXTREE_DECIDED_INNER)
					index_ci[n_ci++] = i;
				else if (got)
					index_cp[n_cp++] = i;
				else
					index_no[n_no++] = i;
				if (got != truth[i]) {
					/* GJK may be the one that is wrong: the oracle settles it */
					bool real = oracle_collide(a, b, &poses[i]);
					adjudicated++;
					if (real != truth[i])
						fprintf(stderr,
						        BENCH_PROGRAM
						        ": %s pose %d: GJK says %d, the oracle %d\n",
						        pairs[p].name, i, truth[i], real);
					if (got && !real) {
						r->false_yes++;
						failures++;
					} else if (!got && real) {
						r->missed++;
						if (m != METHOD_PAPER)
							failures++;
					}
				}
			}
			r->outer_tests /= count;
			r->inner_tests /= count;
			r->triangle_tests /= count;
			r->gjk_tests /= count;
			r->pairs_visited /= count;
			r->i_ci = n_ci;
			r->i_cp = n_cp;
			r->t_ci = mean_us(a, b, m, poses, index_ci, n_ci);
			r->t_cp = mean_us(a, b, m, poses, index_cp, n_cp);
		} else {
			r->t_ci = r->t_cp = NAN;
		}
		r->y_i = mean_us(a, b, m, poses, index_hit, hits);
		r->y_ni = mean_us(a, b, m, poses, index_miss, misses);
	}
	if (adjudicated > 0)
		printf("  (%s, %d%%: %d answers differing from GJK's settled by the oracle)\n", pairs[p].name,
		       (int)(100 * targets[arena]), adjudicated);
}

/* ---- reports ---- */

static const row *find_row(int p, int arena, int method)
{
	for (int i = 0; i < row_count; ++i)
		if (rows[i].pair == p && rows[i].arena == arena && rows[i].method == method)
			return &rows[i];
	return NULL;
}

static double share(const row *r)
{
	return r->i_ci + r->i_cp > 0 ? (double)r->i_ci / (r->i_ci + r->i_cp) : NAN;
}

static void print_value(double v, const char *format, int width)
{
	char text[32];
	bench_format_value(text, sizeof text, v, format);
	printf(" %*s", width, text);
}

static void print_table2(int method, const bool *selected)
{
	printf("\nTable 2 (%s): collisions by decision and their mean times (us)\n", method_names[method]);
	printf("  %-24s %5s %6s %7s | %6s %8s %6s %8s %7s %6s | paper: %7s %7s %8s\n", "pair", "arena", "R",
	       "rate", "I_CI", "t_CI", "I_CP", "t_CP", "share", "missed", "share", "t_CI", "t_CP");
	for (int p = 0; p < PAIR_COUNT; ++p) {
		if (!selected[p])
			continue;
		for (int arena = 0; arena < 2; ++arena) {
			const row *r = find_row(p, arena, method);
			if (r == NULL)
				continue;
			printf("  %-24s %4d%% %6.3f %6.2f%% | %6d", pairs[p].name,
			       (int)(100 * targets[arena]), r->radius, 100 * r->rate, r->i_ci);
			print_value(r->t_ci, "%.3f", 8);
			printf(" %6d", r->i_cp);
			print_value(r->t_cp, "%.3f", 8);
			print_value(100 * share(r), "%.2f%%", 7);
			printf(" %6d |       ", r->missed);
			print_value(100 * pairs[p].paper_share[arena], "%.2f%%", 7);
			print_value(pairs[p].paper_t_ci[arena], "%.2f", 7);
			print_value(pairs[p].paper_t_cp[arena], "%.2f", 8);
			printf("\n");
		}
	}
}

static void print_table3(const bool *selected)
{
	printf("\nTable 3: mean time (us) of a pose that collides (Y_i) and of one that does not (Y_ni)\n");
	printf("  %-24s %5s", "pair", "arena");
	for (int m = 0; m < METHOD_COUNT; ++m)
		printf(" | %16s", method_names[m]);
	printf(" | %13s\n", "paper (2007)");
	printf("  %-24s %5s", "", "");
	for (int m = 0; m < METHOD_COUNT; ++m)
		printf(" | %7s %8s", "Y_i", "Y_ni");
	printf(" | %6s %6s\n", "Y_i", "Y_ni");
	for (int p = 0; p < PAIR_COUNT; ++p) {
		if (!selected[p])
			continue;
		for (int arena = 0; arena < 2; ++arena) {
			printf("  %-24s %4d%%", pairs[p].name, (int)(100 * targets[arena]));
			for (int m = 0; m < METHOD_COUNT; ++m) {
				const row *r = find_row(p, arena, m);
				printf(" |");
				print_value(r ? r->y_i : NAN, "%.3f", 7);
				print_value(r ? r->y_ni : NAN, "%.3f", 8);
			}
			printf(" |");
			print_value(pairs[p].paper_y_i[arena], "%.2f", 6);
			print_value(pairs[p].paper_y_ni[arena], "%.2f", 6);
			printf("\n");
		}
	}
}

static void print_work(const bool *selected)
{
	printf("\nWork per query (means): node pairs visited, outer and inner box tests, triangle pairs, GJK "
	       "calls\n");
	for (int p = 0; p < PAIR_COUNT; ++p) {
		if (!selected[p])
			continue;
		for (int arena = 0; arena < 2; ++arena)
			for (int m = 0; m < METHOD_GJK; ++m) {
				const row *r = find_row(p, arena, m);
				printf("  %-24s %4d%% %-17s pairs %6.2f outer %6.2f inner %6.2f triangles "
				       "%7.2f gjk %5.2f\n",
				       pairs[p].name, (int)(100 * targets[arena]), method_names[m],
				       r->pairs_visited, r->outer_tests, r->inner_tests, r->triangle_tests,
				       r->gjk_tests);
			}
	}
}

/* T7's soft targets, judged on the source's method (dbh.paper). */
static void print_acceptance(const bool *selected)
{
	printf("\nT7 (soft targets, dbh.paper):\n");
	for (int p = 0; p < PAIR_COUNT; ++p) {
		if (!selected[p])
			continue;
		const row *r25 = find_row(p, 0, METHOD_PAPER), *r75 = find_row(p, 1, METHOD_PAPER);
		double s25 = share(r25), s75 = share(r75);
		bool rates = fabs(r25->rate - 0.25) <= RATE_CHECK && fabs(r75->rate - 0.75) <= RATE_CHECK;
		bool near = fabs(s25 - pairs[p].paper_share[0]) <= 0.10 &&
		            fabs(s75 - pairs[p].paper_share[1]) <= 0.10;
		bool rises = s75 > s25 || (s25 == 1.0 && s75 == 1.0);
		printf("  %-24s rates %5.2f%% / %5.2f%% %-9s share %6.2f%% -> %6.2f%% (paper %6.2f%% -> "
		       "%6.2f%%): "
		       "within 10 points %-3s rises %-3s; t_CP / t_CI",
		       pairs[p].name, 100 * r25->rate, 100 * r75->rate, rates ? "(ok)" : "(OFF 1%)",
		       100 * s25, 100 * s75, 100 * pairs[p].paper_share[0], 100 * pairs[p].paper_share[1],
		       near ? "yes" : "no", rises ? "yes" : "no");
		print_value(r25->t_cp / r25->t_ci, "%.1f", 5);
		printf(" /");
		print_value(r75->t_cp / r75->t_ci, "%.1f", 5);
		printf("\n");
	}
}

#define CSV_HEADER                                                                                           \
	"case,vertices,query_set,queries,method,library,arena_radius,target_rate,collision_rate,collisions," \
	"i_ci,i_cp,"                                                                                         \
	"inner_share,t_ci_us,t_cp_us,y_i_us,y_ni_us,missed,false_yes,outer_tests,inner_tests,triangle_"      \
	"tests,gjk_tests,"                                                                                   \
	"pairs_visited,paper_inner_share,paper_y_i_us,paper_y_ni_us"

static void write_row(FILE *f, int i)
{
	const row *r = &rows[i];
	const pair_spec *p = &pairs[r->pair];
	bool tree = r->method != METHOD_GJK;
	char set[16];
	snprintf(set, sizeof set, "rate%d", (int)(100 * targets[r->arena]));
	bench_write_csv_start(f, p->name,
	                      col_convex_vertex_count(solids[p->a].convex) +
	                          col_convex_vertex_count(solids[p->b].convex),
	                      set, (size_t)r->poses, method_names[r->method], "collide");
	bench_write_csv_number(f, r->radius, "%.6f");
	bench_write_csv_number(f, targets[r->arena], "%.2f");
	bench_write_csv_number(f, r->rate, "%.5f");
	bench_write_csv_integer(f, r->collisions);
	bench_write_csv_integer(f, tree ? r->i_ci : -1);
	bench_write_csv_integer(f, tree ? r->i_cp : -1);
	bench_write_csv_number(f, tree ? share(r) : NAN, "%.5f");
	bench_write_csv_number(f, r->t_ci, "%.4f");
	bench_write_csv_number(f, r->t_cp, "%.4f");
	bench_write_csv_number(f, r->y_i, "%.4f");
	bench_write_csv_number(f, r->y_ni, "%.4f");
	bench_write_csv_integer(f, tree ? r->missed : -1);
	bench_write_csv_integer(f, tree ? r->false_yes : -1);
	bench_write_csv_number(f, tree ? r->outer_tests : NAN, "%.3f");
	bench_write_csv_number(f, tree ? r->inner_tests : NAN, "%.3f");
	bench_write_csv_number(f, tree ? r->triangle_tests : NAN, "%.3f");
	bench_write_csv_number(f, tree ? r->gjk_tests : NAN, "%.3f");
	bench_write_csv_number(f, tree ? r->pairs_visited : NAN, "%.3f");
	bench_write_csv_number(f, p->paper_share[r->arena], "%.4f");
	bench_write_csv_number(f, p->paper_y_i[r->arena], "%.2f");
	if (!isnan(p->paper_y_ni[r->arena]))
		fprintf(f, "%.2f", p->paper_y_ni[r->arena]);
	fputc('\n', f);
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/boxtree_study.csv";
	bool selected[PAIR_COUNT] = {false}, any = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = true;
		else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc)
			csv_path = argv[++i];
		else if (strcmp(argv[i], "--pair") == 0 && i + 1 < argc) {
			const char *name = argv[++i];
			bool known = false;
			for (int p = 0; p < PAIR_COUNT; p++)
				if (strcmp(name, pairs[p].name) == 0)
					selected[p] = any = known = true;
			if (!known) {
				fprintf(
				    stderr,
				    BENCH_PROGRAM
				    ": unknown pair %s (cube-cube, cube-enneagonal, enneagonal-enneagonal, "
				    "dodecahedron-octahedron)\n",
				    name);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: " BENCH_PROGRAM " [--csv PATH] [--quick] [--pair NAME]...\n");
			return 2;
		}
	}
	for (int p = 0; p < PAIR_COUNT; p++)
		selected[p] = selected[p] || !any;

	char machine[512];
	bench_describe_machine(machine, sizeof machine);
	printf("machine: %s%s\n", machine, quick ? " (quick: figures mean little)" : "");
	int count = quick ? POSES / 100 : POSES, calibration = quick ? CALIBRATION / 100 : CALIBRATION;
	printf("source 001's study (section 7): %d poses a pair and arena (radius tuned on %d others); CPU "
	       "time\n",
	       count, calibration);
	make_solids();
	printf("solids (circumradius 1; trees: depth 4, paper centroid, AABB root):\n");
	for (int k = 0; k < SOLID_COUNT; ++k) {
		col_boxtree_build_stats st = col_boxtree_get_stats(solids[k].tree);
		printf("  %-13s %2d vertices %2d edges %2d faces; %2d nodes (%d interior), %2d leaves, %3d "
		       "leaf triangles; "
		       "built in %.2f ms\n",
		       solid_names[k], col_convex_vertex_count(solids[k].convex),
		       col_convex_edge_count(solids[k].convex), col_convex_face_count(solids[k].convex),
		       st.nodes, st.interior, st.leaves, st.leaf_triangles, solids[k].build_ms);
	}

	int most = count > calibration ? count : calibration;
	col_quat *cqa = bench_checked_malloc((size_t)calibration * sizeof *cqa);
	col_quat *cqb = bench_checked_malloc((size_t)calibration * sizeof *cqb);
	col_vec3 *cunit = bench_checked_malloc((size_t)calibration * sizeof *cunit);
	col_quat *mqa = bench_checked_malloc((size_t)count * sizeof *mqa);
	col_quat *mqb = bench_checked_malloc((size_t)count * sizeof *mqb);
	col_vec3 *munit = bench_checked_malloc((size_t)count * sizeof *munit);
	pose_pair *poses = bench_checked_malloc((size_t)most * sizeof *poses);
	bool *truth = bench_checked_malloc((size_t)count * sizeof *truth);
	int *index[5];
	for (int k = 0; k < 5; ++k)
		index[k] = bench_checked_malloc((size_t)count * sizeof *index[k]);

	double started = bench_cpu_seconds(), wall = bench_now_seconds();
	for (int p = 0; p < PAIR_COUNT; ++p) {
		if (!selected[p])
			continue;
		draw_poses(SEED_CALIBRATION + (uint64_t)p, calibration, cqa, cqb, cunit);
		draw_poses(SEED_MEASURE + (uint64_t)p, count, mqa, mqb, munit);
		for (int arena = 0; arena < 2; ++arena) {
			run_cell(p, arena, cqa, cqb, cunit, mqa, mqb, munit, poses, truth, index[0], index[1],
			         index[2], index[3], index[4]);
			const row *r = find_row(p, arena, METHOD_PAPER);
			printf("  %-24s %d%%: R = %.4f (bisection: %d steps, calibration rate %.3f%%), "
			       "measured rate "
			       "%.3f%%\n",
			       pairs[p].name, (int)(100 * targets[arena]), r->radius, r->calibration_steps,
			       100 * r->calibration_rate, 100 * r->rate);
			fflush(stdout);
		}
	}
	print_table2(METHOD_PAPER, selected);
	print_table2(METHOD_EXACT, selected);
	print_table2(METHOD_LARGER, selected);
	print_table3(selected);
	print_work(selected);
	print_acceptance(selected);
	printf("\nCPU seconds: %.1f (wall %.1f); false answers (a false yes, or a false no of an exact "
	       "method): %lu\n",
	       bench_cpu_seconds() - started, bench_now_seconds() - wall, failures);

	int status = bench_write_csv(csv_path, CSV_HEADER, row_count, write_row);
	for (int k = 0; k < SOLID_COUNT; ++k) {
		col_boxtree_destroy(solids[k].tree);
		col_convex_destroy(solids[k].convex);
	}
	free(cqa);
	free(cqb);
	free(cunit);
	free(mqa);
	free(mqb);
	free(munit);
	free(poses);
	free(truth);
	for (int k = 0; k < 5; ++k)
		free(index[k]);
	return status != 0 || failures != 0 ? 1 : 0;
}
