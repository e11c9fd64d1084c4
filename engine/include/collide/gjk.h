/* GJK, the Gilbert-Johnson-Keerthi distance algorithm, as source 004 lays it out (section 3):
 * the distance between two convex shapes is the distance from the origin to their Minkowski
 * difference K = A - B, which GJK approaches through simplices of support points of K, each reduced
 * by Johnson's distance sub-algorithm (its determinants Delta, eq. 1.11, and the acceptance test of
 * Theorem 2, with the backup procedure of eq. 1.17 for round-off), and stops by the optimality
 * function g(v) = |v|^2 - v.w (Theorem 1).
 *
 * It works on the shapes' cores (shape.h) and adds the rounding radii at the end. 2D shapes are
 * the same calls: their simplices stay in the plane, with at most three points.
 *
 * Thread safety: the queries read their shapes only and keep no state of their own, so any number
 * of threads may run them at once. A col_gjk_cache and a col_gjk_trace are written by every query
 * given them: one per pair and per thread, never one shared by threads running at once. */
#ifndef COLLIDE_GJK_H
#define COLLIDE_GJK_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Johnson's sub-algorithm (source 004, section 3.2, eqs. 1.11-1.17) ---- */

/* Subsets of up to four points are bit masks: bit i for point i, 1..15. */
typedef struct col_johnson_result {
	col_vec3 v;           /* the point of the hull of the points nearest the origin */
	unsigned kept;        /* the subset Y_s whose positive combination it is */
	double lambda[4];     /* v = sum lambda_i y_i over the kept points (0 for the others) */
	double deltas[16][4]; /* Delta_i(Y_s) for every subset s and i in s (eq. 1.11); 0 elsewhere */
	bool backup;          /* no subset passed Theorem 2's test: eq. 1.17's nearest affine hull */
} col_johnson_result;

/* Johnson's sub-algorithm on count (1..4) points: every subset's determinants by the recursion
 * (eq. 1.11, k = the lowest index of the subset), then the first subset, by size and then mask, that
 * passes the three conditions of Theorem 2 (Delta(Y_s) > 0, every Delta_i(Y_s) > 0, every
 * Delta_j(Y_s + y_j) <= 0). Returns false (and fills nothing) for a count out of range. */
bool col_johnson(const col_vec3 *points, int count, col_johnson_result *result);

/* ---- GJK ---- */

typedef struct col_gjk_options {
	/* Stop when g(v) <= relative_tolerance |v|^2 (then the distance is known to that relative
	 * error: g / |v| bounds it) or g <= absolute_tolerance (squared length units). */
	double relative_tolerance; /* default 1e-12 */
	double absolute_tolerance; /* default 0 */
	int max_iterations;        /* default 64 */
	/* Source 004 as printed: start at a0 - b0 (the cores' first vertices), supports by comparing every
	 * vertex with ties to the lowest index, and Johnson's search over every subset; traces then match
	 * source 004's worked examples (docs/sources.md). false (the default): start from the cache or
	 * the cores' centres, supports by hill climbing, and van den Bergen's search of the subsets
	 * holding the newest point first (the same answer when exact). */
	bool paper;
} col_gjk_options;

col_gjk_options col_gjk_default_options(void);

typedef enum col_gjk_status {
	COL_GJK_SEPARATED,      /* the cores are apart, their distance known to the tolerance */
	COL_GJK_INTERSECTING,   /* the cores share a point (the origin is in K, to rounding) */
	COL_GJK_MAX_ITERATIONS, /* stopped by the limit: the distance is the interval's upper end */
	COL_GJK_INVALID,        /* a shape failed col_shape_is_placed: it is nowhere */
} col_gjk_status;

/* A point of K with the support points it came from: w = a - b (all world coordinates). */
typedef struct col_simplex_vertex {
	col_vec3 w, a, b;
	int feature_a, feature_b; /* the vertices (col_shape_support_local's feature), -1 if none */
} col_simplex_vertex;

typedef struct col_simplex {
	int count; /* 0..4 */
	col_simplex_vertex vertices[4];
	double lambda[4]; /* v = sum lambda_i w_i */
} col_simplex;

typedef struct col_gjk_result {
	col_gjk_status status;
	bool overlap;         /* the whole shapes (with their radii) share a point; touching counts */
	double distance;      /* between the whole shapes; 0 when they overlap */
	col_vec3 point_a;     /* nearest points of the whole shapes (world); when the cores meet, a */
	col_vec3 point_b;     /* common point of theirs */
	col_vec3 normal;      /* unit, from A towards B along the nearest points; 0 when the cores meet */
	double core_distance; /* between the cores: |v| */
	double lower_bound;   /* certified interval of the cores' distance: v.w / |v| <= d <= |v| */
	double upper_bound;
	int iterations;      /* support points of K asked for */
	bool backup;         /* Johnson's backup procedure was needed at some iteration */
	col_simplex simplex; /* the final simplex (its lambdas give v) */
} col_gjk_result;

/* Temporal coherence (source 004's closing remarks; DESIGN "temporal coherence"): the caller keeps
 * one per pair of shapes and passes it to every query of that pair. It holds the last simplex as
 * body-frame points, which stay points of the shapes whatever the poses, so the next query starts
 * from them. Zero it (or col_gjk_cache_reset) before the first use. */
typedef struct col_gjk_cache {
	int count;
	col_vec3 local_a[4], local_b[4];
	int feature_a[4], feature_b[4];
} col_gjk_cache;

static inline void col_gjk_cache_reset(col_gjk_cache *cache)
{
	cache->count = 0;
}

/* One iteration, for teaching (a row of source 004's worked run): at v_k the supports s_A(-v), s_B(v)
 * and their values h, w = s_A(-v) - s_B(v), g = |v|^2 - v.w, then Johnson on V_k + {w}. */
typedef struct col_gjk_step {
	col_vec3 v;         /* v_k (world) */
	double vv;          /* |v_k|^2 */
	col_vec3 support_a; /* s_A(-v_k) */
	col_vec3 support_b; /* s_B(v_k) */
	double h_a, h_b;    /* h_A(-v_k), h_B(v_k) (so that g = vv + h_a + h_b) */
	col_vec3 w;         /* w_k */
	double g;           /* g_k */
	double lower_bound, upper_bound;
	bool stop;                  /* this step ended the loop (g small, w repeated, or no progress) */
	col_simplex candidates;     /* V_k + {w_k}: what Johnson was given (none when stop) */
	col_johnson_result johnson; /* its answer: kept, lambda, the Delta table */
} col_gjk_step;

/* A caller-owned buffer of steps (DESIGN "traces"): steps may be NULL with capacity 0 to count
 * only. count is the number of iterations run, even past capacity. */
typedef struct col_gjk_trace {
	col_gjk_step *steps;
	int capacity;
	int count;
} col_gjk_trace;

/* Distance between two shapes, with witness points, the final simplex and the iteration count.
 * options, cache and trace may be NULL (defaults, no warm start, no trace). overlap, and whether
 * distance is 0 or positive, are exact for the pairs docs/predicates.md lists ("Exactness
 * contract"): shapes apart by less than the loop's rounding get the least positive distance. */
col_gjk_result col_gjk_distance(const col_shape *a, const col_shape *b, const col_gjk_options *options,
                                col_gjk_cache *cache, col_gjk_trace *trace);

/* Whether two shapes overlap (touching counts), stopping as soon as a separating direction shows
 * (v.w > 0 with the radii taken in: the boolean early out) or the origin is enclosed. Faster
 * than the distance. Exact for the pairs docs/predicates.md lists: an answer from within the
 * loop's round-off band is decided by an exact test on the shapes' world points. separating_axis (may be NULL) receives, when they are apart, a world direction
 * d with max over A of d.x < min over B of d.x; zero when they overlap. cache may be NULL. */
bool col_gjk_intersect(const col_shape *a, const col_shape *b, col_gjk_cache *cache,
                       col_vec3 *separating_axis);

/* The support point of K = A - B along a world direction: w = s_A(d) - s_B(-d) of the cores, with
 * a and b (may be NULL). */
col_vec3 col_minkowski_support(const col_shape *a, const col_shape *b, col_vec3 direction,
                               col_vec3 *support_a, col_vec3 *support_b);

#ifdef __cplusplus
}
#endif

#endif
