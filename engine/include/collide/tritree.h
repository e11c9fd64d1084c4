/* A tri-tree: the angular decomposition of a polygon's simplicial covering (source 000, 4.5).
 *
 * Four quadrant tri-cones with their apex at the covering's origin are split in two, again and
 * again, at the midpoint of their defining edge. Each cone keeps the covering triangles that
 * overlap it, an enclosing triangle (fitted by halving) that holds all of them, and an enclosing
 * circle of their polygon edges; each level has a regular envelope, a convex polygon around the
 * whole shape. A point is decided by the triangles of the one leaf cone it falls in (Prop. 4.12);
 * circles and other polygons visit only the cones they can reach. The tree lives in the polygon's
 * own frame: moving either object never rebuilds it.
 *
 * Thread safety: a built col_tritree is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_tritree at
 * once. Only col_tritree_destroy needs it to itself (no query running). Distinct structures share
 * no state. A cache (col_covering_cache, made for col_tritree_covering) is written by every query
 * given one: keep one per thread, never one shared by threads running at once. */
#ifndef COLLIDE_TRITREE_H
#define COLLIDE_TRITREE_H

#include "collide/common.h"
#include "collide/covering.h"
#include "collide/math.h"
#include "collide/polygon.h"
#include "collide/shapes2d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_tritree col_tritree; /* opaque: build it, query it, destroy it */

typedef struct col_tritree_options {
	int leaf_cones;     /* cones wanted at the deepest level (rounded up to 4 * 2^k); 0 picks the
	                       vertex count, the source's choice for point queries */
	int max_depth;      /* levels, the 4 root cones being level 1; 0 derives it from leaf_cones */
	int min_triangles;  /* a cone holding this many covering triangles or fewer is not split
	                       (default 4) */
	int fit_iterations; /* halving steps per leg when fitting enclosing triangles; 0 keeps the raw
	                       ones (default 8, as in the study) */
	size_t max_memory;  /* bytes the cones and their triangle lists may take; past it the build
	                       fails with COL_ERROR_OUT_OF_MEMORY. Far from star-shaped polygons (a comb
	                       of 10^5 teeth) need tens of gigabytes; 0 picks the default (1 GiB) */
	bool has_origin;    /* false: the polygon's area centroid is the apex */
	col_vec2 origin;
} col_tritree_options;

col_tritree_options col_tritree_default_options(void);

/* Builds the tree of polygon (copied: the polygon may be destroyed after). options may be NULL.
 * Fails with COL_ERROR_INVALID_ARGUMENT for a NULL polygon or an option out of range (negative
 * counts, more than 30 levels, a non-finite origin), COL_ERROR_OUT_OF_MEMORY. */
col_status col_tritree_build(const col_polygon *polygon, const col_tritree_options *options,
                             col_tritree **out, col_error *error);
void col_tritree_destroy(col_tritree *tree);

/* The covering the tree classifies (owned by the tree); caches for the tree's queries are made
 * for it with col_covering_cache_create. */
const col_covering *col_tritree_covering(const col_tritree *tree);

/* What the tree holds (Fig. 4.47's preprocessing study and the viewer's HUD). */
typedef struct col_tritree_stats {
	int levels;              /* deepest level (the root cones are level 1) */
	int cones;               /* every cone, inner ones included */
	int leaves;
	size_t triangles_stored; /* covering triangles over all leaves */
	size_t duplicates;       /* triangles_stored minus the distinct triangles in leaves */
	int max_leaf_triangles;
	size_t memory_bytes;     /* everything the tree allocated, its covering included */
} col_tritree_stats;

col_tritree_stats col_tritree_get_stats(const col_tritree *tree);

/* One cone for the viewer and the tests. Cone i is defined by the triangle (apex, ray1, ray2): the
 * region swept counter-clockwise from ray apex->ray1 to ray apex->ray2. */
typedef struct col_tritree_cone {
	int level;               /* 1 for the four root cones */
	int parent;              /* -1 for a root cone */
	int first_child;         /* children are first_child and first_child + 1; -1 for a leaf */
	col_vec2 ray1, ray2;     /* points on the two bounding rays */
	col_vec2 raw1, raw2;     /* the enclosing triangle before fitting */
	col_vec2 env1, env2;     /* the enclosing triangle (apex, env1, env2) after fitting */
	col_vec2 circle_center;  /* the enclosing circle of the cone's polygon edges */
	double circle_radius;
	int triangle_count;      /* covering triangles classified in the cone */
} col_tritree_cone;

col_vec2 col_tritree_apex(const col_tritree *tree);
int col_tritree_cone_count(const col_tritree *tree);
/* false for an index out of range. Cones 0..3 are the roots. */
bool col_tritree_cone_at(const col_tritree *tree, int index, col_tritree_cone *cone);
/* The covering triangle indices classified in cone index (count of them in *count). */
const int *col_tritree_cone_triangles(const col_tritree *tree, int index, int *count);
/* The regular envelope of a level (Def. 4.15): every cone of the level (leaves above it taken as
 * they are) with both legs stretched to the level's longest leg. Its outer points form a convex
 * polygon around the shape. Returns the number of points written (at most capacity), in
 * counter-clockwise order; 0 for a level that does not exist. */
int col_tritree_regular_envelope(const col_tritree *tree, int level, col_vec2 *points, int capacity);
/* The leaf cone whose closed region holds point (the first one on a shared ray). */
int col_tritree_locate(const col_tritree *tree, col_vec2 point);

/* What a query visited, for the viewer's step-through: the caller owns the arrays (either may be
 * NULL with capacity 0) and the counts say how many entries there would have been. Triangles are
 * covering triangle indices of the tree queried (a, for pairs): those summed for a point, those
 * whose edge was tested for a circle or a polygon. */
typedef struct col_tritree_trace {
	int *cones;
	int cone_capacity, cone_count;
	int *triangles;
	int triangle_capacity, triangle_count;
	/* The pair of polygon edges (covering triangle indices of a and of b) that decided a polygon
	 * pair query, or -1 when no edges met (no contact, or one polygon inside the other). The
	 * caller sets both to -1 before the query. */
	int hit_triangle_a, hit_triangle_b;
} col_tritree_trace;

/* Inside or on the boundary (Alg. 4.8: descend to the leaf, reject beyond its enclosing triangle,
 * signed sum over its triangles). cache may be NULL; with one the leaf and its sign mask are kept
 * (Heuristic 4.3). trace and stats may be NULL. */
bool col_tritree_contains(const col_tritree *tree, col_vec2 point, col_covering_cache *cache,
                          col_query_stats *stats, col_tritree_trace *trace);
void col_tritree_contains_points(const col_tritree *tree, const col_vec2 *points, size_t count,
                                 bool *inside, col_query_stats *stats);

/* Whether the closed disc meets the polygon (Alg. 4.9: the leaves whose extended cones and
 * extended enclosing triangles hold the centre; their edges in the extended area of influence get
 * the exact disc test). */
bool col_tritree_intersects_circle(const col_tritree *tree, col_circle circle,
                                   col_covering_cache *cache, col_query_stats *stats,
                                   col_tritree_trace *trace);

/* Whether polygon b (with its tree), placed in a's frame by b_to_a, shares a point with a.
 * method: COL_METHOD_TRITREE (Alg. 4.13: marked cones of both trees against the reference
 * triangles of the regular envelopes, pairs of enclosing triangles descended together),
 * COL_METHOD_CONE_LIST (Alg. 4.14: b as a circle, a's leaf cones met by it), COL_METHOD_COVERING
 * (Alg. 4.7, no tree); DEFAULT is TRITREE. All three add the containment check the source leaves
 * out. cache (made for a's covering) may be NULL; trace records a's cones and triangles. */
bool col_tritree_intersects_tritree(const col_tritree *a, const col_tritree *b,
                                    col_transform2 b_to_a, col_method method,
                                    col_covering_cache *cache, col_query_stats *stats,
                                    col_tritree_trace *trace);

#ifdef __cplusplus
}
#endif

#endif
