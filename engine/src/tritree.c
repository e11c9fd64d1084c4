/* The tri-tree (source 000, 4.5): tri-cones around the covering's origin, split at the midpoint of
 * their defining edge, each holding the covering triangles that overlap it, an enclosing triangle
 * and an enclosing circle.
 *
 * Exactness: the cones are defined by stored points (the apex and one point on each ray), and every
 * membership test is an exact orientation sign on those points, so the cones of a level tile the
 * plane exactly and a triangle is classified in every cone it touches. Enclosing triangles are
 * checked exactly against every vertex they must hold. Only the filters that compare distances
 * (circles, extended cones for a radius) are rounded, and they are widened so they can only let
 * more work through. */
#include "collide/tritree.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/barycentric.h"
#include "covering_internal.h"
#include "cone_budget.h"
#include "error.h"

#define MAX_LEVELS 30
#define DEFAULT_MAX_MEMORY ((size_t)1 << 30)
/* Enclosing triangles and circles are widened by this much (relative) after fitting, so that they
 * still hold their geometry once a rigid motion has rounded both. */
#define MOTION_MARGIN 1e-9

typedef struct tt_cone {
	col_vec2 ray1, ray2;   /* points on the bounding rays, counter-clockwise from ray1 */
	col_vec2 raw1, raw2;   /* enclosing triangle before fitting */
	col_vec2 env1, env2;   /* enclosing triangle (apex, env1, env2) */
	col_vec2 circle_center;
	double circle_radius;
	int level, parent, first_child;
	int first, count;      /* its triangles: pool[first .. first + count) */
} tt_cone;

struct col_tritree {
	col_covering *covering;
	col_vec2 apex;
	tt_cone *cones;
	int cone_count, cone_capacity;
	int *pool;
	size_t pool_count, pool_capacity;
	int levels;
	double reach[MAX_LEVELS + 1]; /* d_max of each level's tiling (Def. 4.15) */
	col_tritree_stats stats;
	col_tritree_options options; /* max_depth as derived */
	bool depth_given;            /* options.max_depth was given, not derived from leaf_cones */
};

col_tritree_options col_tritree_default_options(void)
{
	return (col_tritree_options){.leaf_cones = 0, .max_depth = 0, .min_triangles = 4, .fit_iterations = 8,
	                             .max_memory = DEFAULT_MAX_MEMORY, .has_origin = false, .origin = {0.0, 0.0}};
}

/* ---- exact cone geometry ---- */

/* Whether point p lies in the closed cone swept counter-clockwise from ray o->r1 to ray o->r2
 * (angle below 180 degrees); the apex itself is in every cone. */
static bool cone_holds(col_vec2 o, col_vec2 r1, col_vec2 r2, col_vec2 p)
{
	return col_orient2d(o, r1, p) >= 0.0 && col_orient2d(o, p, r2) >= 0.0;
}

/* Whether covering triangle t overlaps the closed cone (o, r1, r2) anywhere but the apex
 * (Defs. 4.9-4.12): for two sectors with one apex, each below 180 degrees, they overlap iff a
 * bounding ray of one lies in the other (Props. 4.10, 4.11). A degenerate triangle is its
 * segment ab, seen from o in the directions of a and b. */
static bool triangle_overlaps_cone(const col_covering_triangle *t, col_vec2 o, col_vec2 r1, col_vec2 r2)
{
	col_vec2 a = t->sign >= 0 ? t->a : t->b, b = t->sign >= 0 ? t->b : t->a;
	bool a_is_apex = a.x == o.x && a.y == o.y, b_is_apex = b.x == o.x && b.y == o.y;
	if ((!a_is_apex && cone_holds(o, r1, r2, a)) || (!b_is_apex && cone_holds(o, r1, r2, b)))
		return true;
	if (t->sign == 0)
		return false;
	return cone_holds(o, a, b, r1) || cone_holds(o, a, b, r2);
}

static bool point_in_cone(const col_tritree *tree, const tt_cone *cone, col_vec2 p)
{
	return cone_holds(tree->apex, cone->ray1, cone->ray2, p);
}

/* Whether p is strictly beyond line e1e2 from the apex. */
static bool beyond(col_vec2 apex, col_vec2 e1, col_vec2 e2, col_vec2 p)
{
	double apex_side = col_orient2d(e1, e2, apex), p_side = col_orient2d(e1, e2, p);
	return apex_side > 0.0 ? p_side < 0.0 : apex_side < 0.0 ? p_side > 0.0 : false;
}

/* ---- building ---- */

/* Bytes of cones and triangle entries, the part of the tree options.max_memory bounds. */
static double tree_bytes(size_t cones, size_t entries)
{
	return (double)cones * sizeof(tt_cone) + (double)entries * sizeof(int); /* no wrap on 32 bits */
}

/* The build needs `cones` cones listing `entries` triangles, the newest at `level`, past
 * options.max_memory (or past what an int indexes): cone_budget.h words the refusal from what the
 * tiling of the last complete level lists (its cones and the leaves above it). */
static col_status over_budget(const col_tritree *tree, size_t cones, size_t entries, int level,
                              col_error *error)
{
	const col_tritree_options *o = &tree->options;
	double listed = 0.0;
	for (int i = 0; i < tree->cone_count; i++) {
		const tt_cone *c = &tree->cones[i];
		if (c->level == level - 1 || (c->first_child < 0 && c->level < level - 1))
			listed += c->count;
	}
	const cone_budget budget = {"tritree", "triangles", "triangle", o->max_memory, o->max_depth,
	                            o->leaf_cones, tree->depth_given, tree->covering->count, sizeof(tt_cone)};
	return cone_budget_fail(&budget, cones, entries, level, listed, error);
}

/* Room for one more cone and its triangles (at most those of its parent, `extra`). Capacities
 * double, but never past the budget. */
static col_status reserve_cone(col_tritree *tree, size_t extra, int level, col_error *error)
{
	size_t budget = tree->options.max_memory;
	size_t cones = (size_t)tree->cone_count + 1, entries = tree->pool_count + extra;
	/* Cones index their entries with ints: refuse the tree rather than wrap. */
	if (entries > (size_t)INT_MAX || cones > (size_t)INT_MAX / 2 || tree_bytes(cones, entries) > (double)budget)
		return over_budget(tree, cones, entries, level, error);
	if (cones > (size_t)tree->cone_capacity) {
		size_t capacity = tree->cone_capacity ? 2 * (size_t)tree->cone_capacity : 64;
		if (tree_bytes(capacity, entries) > (double)budget)
			capacity = cones;
		tt_cone *grown = realloc(tree->cones, capacity * sizeof *grown);
		if (grown == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "tritree: out of memory for %zu cones", capacity);
		tree->cones = grown;
		tree->cone_capacity = (int)capacity;
	}
	if (entries > tree->pool_capacity) {
		size_t capacity = tree->pool_capacity ? tree->pool_capacity : 1024;
		while (capacity < entries)
			capacity *= 2;
		if (capacity > (size_t)INT_MAX || tree_bytes(cones, capacity) > (double)budget)
			capacity = entries;
		int *grown = realloc(tree->pool, capacity * sizeof *grown);
		if (grown == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "tritree: out of memory for %zu triangle entries",
			                capacity);
		tree->pool = grown;
		tree->pool_capacity = capacity;
	}
	return COL_OK;
}

/* Appends a cone and classifies into it the triangles of its parent (all of them for a root). */
static col_status add_cone(col_tritree *tree, int parent, col_vec2 r1, col_vec2 r2, int level,
                           col_error *error)
{
	const col_covering *cov = tree->covering;
	col_status status =
	    reserve_cone(tree, parent < 0 ? (size_t)cov->count : (size_t)tree->cones[parent].count, level, error);
	if (status != COL_OK)
		return status;
	tt_cone *cone = &tree->cones[tree->cone_count];
	*cone = (tt_cone){.ray1 = r1, .ray2 = r2, .level = level, .parent = parent, .first_child = -1,
	                  .first = (int)tree->pool_count};
	int candidates = parent < 0 ? cov->count : tree->cones[parent].count;
	for (int k = 0; k < candidates; k++) {
		int i = parent < 0 ? k : tree->pool[tree->cones[parent].first + k];
		if (triangle_overlaps_cone(&cov->triangles[i], tree->apex, r1, r2))
			tree->pool[tree->pool_count++] = i;
	}
	cone->count = (int)tree->pool_count - cone->first;
	tree->cone_count++;
	return COL_OK;
}

/* Whether every vertex of the cone's triangles is on the apex's side of line e1e2 (or on it). */
static bool encloses(const col_tritree *tree, const tt_cone *cone, col_vec2 e1, col_vec2 e2)
{
	const col_covering *cov = tree->covering;
	if (col_orient2d(e1, e2, tree->apex) <= 0.0)
		return false; /* e1, e2 are counter-clockwise around the apex, so the apex is on the left */
	for (int k = 0; k < cone->count; k++) {
		const col_covering_triangle *t = &cov->triangles[tree->pool[cone->first + k]];
		if (col_orient2d(e1, e2, t->a) < 0.0 || col_orient2d(e1, e2, t->b) < 0.0)
			return false;
	}
	return true;
}

static col_vec2 along(col_vec2 apex, col_vec2 direction, double length)
{
	return col_vec2_add(apex, col_vec2_scale(direction, length));
}

/* Def. 4.14 and 4.5.3: the enclosing triangle, with both legs on the cone's rays. The start is
 * the errata's safe one (erratum 10: equal legs at the farthest vertex can leave a vertex on the
 * bisector outside): with each vertex written x u1 + y u2, both legs are max(x + y). Then each leg
 * is halved towards the apex while the triangle still encloses, fit_iterations steps of bisection
 * per leg, every candidate checked exactly. */
static void fit_enclosing_triangle(const col_tritree *tree, tt_cone *cone, int iterations)
{
	const col_covering *cov = tree->covering;
	col_vec2 o = tree->apex;
	col_vec2 u1 = col_vec2_sub(cone->ray1, o), u2 = col_vec2_sub(cone->ray2, o);
	double det = col_vec2_cross(u1, u2);
	double reach = 0.0;
	for (int k = 0; k < cone->count; k++) {
		const col_covering_triangle *t = &cov->triangles[tree->pool[cone->first + k]];
		col_vec2 v[2] = {col_vec2_sub(t->a, o), col_vec2_sub(t->b, o)};
		for (int j = 0; j < 2; j++) {
			double x = col_vec2_cross(v[j], u2) / det, y = col_vec2_cross(u1, v[j]) / det;
			reach = fmax(reach, x + y);
		}
	}
	double l1 = reach > 0.0 ? reach * (1.0 + 1e-9) : 1e-9, l2 = l1;
	for (int tries = 0; tries < 64 && !encloses(tree, cone, along(o, u1, l1), along(o, u2, l2)); tries++) {
		l1 *= 2.0; /* rounding left a vertex a hair outside: widen until the exact check passes */
		l2 = l1;
	}
	cone->raw1 = along(o, u1, l1);
	cone->raw2 = along(o, u2, l2);
	for (int leg = 0; leg < 2; leg++) {
		double *l = leg == 0 ? &l1 : &l2, failed = 0.0;
		for (int step = 0; step < iterations; step++) {
			double mid = 0.5 * (failed + *l);
			double try1 = leg == 0 ? mid : l1, try2 = leg == 0 ? l2 : mid;
			if (encloses(tree, cone, along(o, u1, try1), along(o, u2, try2)))
				*l = mid;
			else
				failed = mid;
		}
	}
	/* Widen a little so that the triangle still holds its vertices after a rigid motion has
	 * rounded both; the exact check keeps the result enclosing. */
	double w1 = l1 * (1.0 + MOTION_MARGIN), w2 = l2 * (1.0 + MOTION_MARGIN);
	if (encloses(tree, cone, along(o, u1, w1), along(o, u2, w2))) {
		l1 = w1;
		l2 = w2;
	}
	cone->env1 = along(o, u1, l1);
	cone->env2 = along(o, u2, l2);
}

/* Def. 4.16: centred at the mean of the polygon-edge end points, reaching the farthest one. */
static void fit_enclosing_circle(const col_tritree *tree, tt_cone *cone)
{
	const col_covering *cov = tree->covering;
	col_vec2 sum = {0.0, 0.0};
	for (int k = 0; k < cone->count; k++) {
		const col_covering_triangle *t = &cov->triangles[tree->pool[cone->first + k]];
		sum = col_vec2_add(sum, col_vec2_add(t->a, t->b));
	}
	col_vec2 c = cone->count > 0 ? col_vec2_scale(sum, 0.5 / cone->count) : tree->apex;
	double r = 0.0;
	for (int k = 0; k < cone->count; k++) {
		const col_covering_triangle *t = &cov->triangles[tree->pool[cone->first + k]];
		r = fmax(r, fmax(col_vec2_length(col_vec2_sub(t->a, c)), col_vec2_length(col_vec2_sub(t->b, c))));
	}
	cone->circle_center = c;
	cone->circle_radius = r * (1.0 + MOTION_MARGIN) + col_rounding_margin(cov->scale);
}

static int depth_for(int leaf_cones)
{
	int depth = 1;
	while (depth < MAX_LEVELS && (4 << (depth - 1)) < leaf_cones)
		depth++;
	return depth;
}

static col_status check_options(const col_tritree_options *o, col_error *error)
{
	if (o->leaf_cones < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: leaf_cones is negative (%d)", o->leaf_cones);
	if (o->max_depth < 0 || o->max_depth > MAX_LEVELS)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: depth %d is outside 1..%d",
		                o->max_depth, MAX_LEVELS);
	if (o->min_triangles < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: min_triangles is negative (%d)",
		                o->min_triangles);
	if (o->fit_iterations < 0 || o->fit_iterations > 64)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: fit_iterations %d is outside 0..64",
		                o->fit_iterations);
	if (o->has_origin && !(col_vec2_is_finite(o->origin) && col_coordinate_in_range(o->origin.x) &&
	                       col_coordinate_in_range(o->origin.y)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: the origin is not a finite coordinate in range");
	return COL_OK;
}

static void compute_level_reach(col_tritree *tree)
{
	col_vec2 o = tree->apex;
	for (int level = 1; level <= tree->levels; level++) {
		double d = 0.0;
		for (int i = 0; i < tree->cone_count; i++) {
			const tt_cone *c = &tree->cones[i];
			bool tiles = c->level == level || (c->first_child < 0 && c->level < level);
			if (tiles && c->count > 0)
				d = fmax(d, fmax(col_vec2_length(col_vec2_sub(c->env1, o)),
				                 col_vec2_length(col_vec2_sub(c->env2, o))));
		}
		tree->reach[level] = d * (1.0 + MOTION_MARGIN) + col_rounding_margin(tree->covering->scale);
	}
}

static void compute_stats(col_tritree *tree)
{
	col_tritree_stats *s = &tree->stats;
	memset(s, 0, sizeof *s);
	s->levels = tree->levels;
	s->cones = tree->cone_count;
	unsigned char *seen = calloc((size_t)tree->covering->count, 1);
	size_t distinct = 0;
	for (int i = 0; i < tree->cone_count; i++) {
		const tt_cone *c = &tree->cones[i];
		if (c->first_child >= 0)
			continue;
		s->leaves++;
		s->triangles_stored += (size_t)c->count;
		if (c->count > s->max_leaf_triangles)
			s->max_leaf_triangles = c->count;
		for (int k = 0; seen != NULL && k < c->count; k++) {
			int t = tree->pool[c->first + k];
			distinct += !seen[t];
			seen[t] = 1;
		}
	}
	free(seen);
	s->duplicates = s->triangles_stored - distinct;
	const col_covering *cov = tree->covering;
	s->memory_bytes = sizeof *tree + (size_t)tree->cone_capacity * sizeof *tree->cones +
	                  tree->pool_capacity * sizeof *tree->pool + sizeof *cov +
	                  (size_t)cov->count * (sizeof *cov->triangles + sizeof *cov->edge_length) +
	                  (size_t)(cov->contour_count + 1) * sizeof *cov->contour_start;
}

col_status col_tritree_build(const col_polygon *polygon, const col_tritree_options *options,
                             col_tritree **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: no place for the result");
	*out = NULL;
	if (polygon == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tritree: no polygon");
	col_tritree_options o = options != NULL ? *options : col_tritree_default_options();
	if (o.max_memory == 0)
		o.max_memory = DEFAULT_MAX_MEMORY;
	col_status status = check_options(&o, error);
	if (status != COL_OK)
		return status;

	col_tritree *tree = calloc(1, sizeof *tree);
	if (tree == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "tritree: out of memory");
	status = col_covering_build(polygon, o.has_origin ? &o.origin : NULL, &tree->covering, error);
	if (status != COL_OK) {
		col_tritree_destroy(tree);
		return status;
	}
	const col_covering *cov = tree->covering;
	tree->apex = cov->origin;
	int max_depth = o.max_depth > 0 ? o.max_depth : depth_for(o.leaf_cones > 0 ? o.leaf_cones : cov->count);
	tree->options = o;
	tree->options.max_depth = max_depth;
	tree->depth_given = o.max_depth > 0;

	/* The four quadrants of the polygon's frame (Def. 4.8). Ray points are the apex moved along
	 * one axis, so the quadrant tests are exact comparisons of coordinates. */
	double s = cov->bounds.radius > 0.0 ? cov->bounds.radius : 1.0;
	col_vec2 o0 = tree->apex;
	col_vec2 axes[4] = {{o0.x + s, o0.y}, {o0.x, o0.y + s}, {o0.x - s, o0.y}, {o0.x, o0.y - s}};
	for (int q = 0; q < 4 && status == COL_OK; q++)
		status = add_cone(tree, -1, axes[q], axes[(q + 1) % 4], 1, error);
	/* Breadth first, so the children of a cone are consecutive. */
	for (int i = 0; i < tree->cone_count && status == COL_OK; i++) {
		tt_cone cone = tree->cones[i];
		if (cone.level >= max_depth || cone.count <= o.min_triangles)
			continue;
		/* Split at the midpoint of the defining edge (Def. 4.8: V' = (V1 + V2) / 2; level 3 then
		 * splits at atan(1/3), not at equal angles). A split too thin for doubles is skipped. */
		col_vec2 mid = col_vec2_scale(col_vec2_add(cone.ray1, cone.ray2), 0.5);
		if (!(col_orient2d(o0, cone.ray1, mid) > 0.0 && col_orient2d(o0, mid, cone.ray2) > 0.0))
			continue;
		int first_child = tree->cone_count;
		status = add_cone(tree, i, cone.ray1, mid, cone.level + 1, error);
		if (status == COL_OK)
			status = add_cone(tree, i, mid, cone.ray2, cone.level + 1, error);
		if (status == COL_OK)
			tree->cones[i].first_child = first_child;
	}
	if (status != COL_OK) {
		col_tritree_destroy(tree);
		return status;
	}
	tree->levels = 1;
	for (int i = 0; i < tree->cone_count; i++) {
		tt_cone *cone = &tree->cones[i];
		if (cone->level > tree->levels)
			tree->levels = cone->level;
		fit_enclosing_triangle(tree, cone, o.fit_iterations);
		fit_enclosing_circle(tree, cone);
	}
	compute_level_reach(tree);
	compute_stats(tree);
	*out = tree;
	col_error_clear(error);
	return COL_OK;
}

void col_tritree_destroy(col_tritree *tree)
{
	if (tree == NULL)
		return;
	col_covering_destroy(tree->covering);
	free(tree->cones);
	free(tree->pool);
	free(tree);
}

const col_covering *col_tritree_covering(const col_tritree *tree)
{
	return tree != NULL ? tree->covering : NULL;
}

col_tritree_stats col_tritree_get_stats(const col_tritree *tree)
{
	col_tritree_stats none = {0};
	return tree != NULL ? tree->stats : none;
}

col_vec2 col_tritree_apex(const col_tritree *tree)
{
	return tree->apex;
}

int col_tritree_cone_count(const col_tritree *tree)
{
	return tree != NULL ? tree->cone_count : 0;
}

bool col_tritree_cone_at(const col_tritree *tree, int index, col_tritree_cone *cone)
{
	if (tree == NULL || cone == NULL || index < 0 || index >= tree->cone_count)
		return false;
	const tt_cone *c = &tree->cones[index];
	*cone = (col_tritree_cone){.level = c->level, .parent = c->parent, .first_child = c->first_child,
	                           .ray1 = c->ray1, .ray2 = c->ray2, .raw1 = c->raw1, .raw2 = c->raw2,
	                           .env1 = c->env1, .env2 = c->env2, .circle_center = c->circle_center,
	                           .circle_radius = c->circle_radius, .triangle_count = c->count};
	return true;
}

const int *col_tritree_cone_triangles(const col_tritree *tree, int index, int *count)
{
	if (tree == NULL || index < 0 || index >= tree->cone_count) {
		if (count != NULL)
			*count = 0;
		return NULL;
	}
	if (count != NULL)
		*count = tree->cones[index].count;
	return tree->pool + tree->cones[index].first;
}

static col_vec2 at_reach(const col_tritree *tree, col_vec2 ray_point, double reach)
{
	col_vec2 d = col_vec2_sub(ray_point, tree->apex);
	return along(tree->apex, d, reach / col_vec2_length(d));
}

/* Depth first from the four roots, first child first: the cones of a tiling come out in
 * counter-clockwise order. */
static int envelope_walk(const col_tritree *tree, int index, int level, col_vec2 *points, int capacity,
                         int written)
{
	const tt_cone *c = &tree->cones[index];
	if (c->level == level || c->first_child < 0) {
		if (written < capacity)
			points[written] = at_reach(tree, c->ray1, tree->reach[level]);
		return written + 1;
	}
	written = envelope_walk(tree, c->first_child, level, points, capacity, written);
	return envelope_walk(tree, c->first_child + 1, level, points, capacity, written);
}

int col_tritree_regular_envelope(const col_tritree *tree, int level, col_vec2 *points, int capacity)
{
	if (tree == NULL || level < 1 || level > tree->levels || capacity < 0)
		return 0;
	int written = 0;
	for (int q = 0; q < 4; q++)
		written = envelope_walk(tree, q, level, points, capacity, written);
	return written < capacity ? written : capacity;
}

/* ---- point queries ---- */

static void trace_cone(col_tritree_trace *trace, int cone)
{
	if (trace == NULL)
		return;
	if (trace->cone_count < trace->cone_capacity && trace->cones != NULL)
		trace->cones[trace->cone_count] = cone;
	trace->cone_count++;
}

static void trace_triangles(col_tritree_trace *trace, const int *indices, int count)
{
	if (trace == NULL)
		return;
	for (int k = 0; k < count; k++) {
		if (trace->triangle_count < trace->triangle_capacity && trace->triangles != NULL)
			trace->triangles[trace->triangle_count] = indices[k];
		trace->triangle_count++;
	}
}

/* Props. 4.13 and 4.14: every point is in a root cone, and in a child of every inner cone it is in.
 * The first cone that holds p wins on a shared ray. */
static int descend(const col_tritree *tree, col_vec2 p, col_query_stats *stats, col_tritree_trace *trace)
{
	col_vec2 o = tree->apex;
	int i = p.x >= o.x && p.y >= o.y ? 0 : p.x <= o.x && p.y >= o.y ? 1 : p.x <= o.x && p.y <= o.y ? 2 : 3;
	uint64_t visited = 1;
	trace_cone(trace, i);
	while (tree->cones[i].first_child >= 0) {
		const tt_cone *c = &tree->cones[i];
		col_vec2 mid = tree->cones[c->first_child].ray2;
		i = col_orient2d(o, mid, p) <= 0.0 ? c->first_child : c->first_child + 1;
		visited++;
		trace_cone(trace, i);
	}
	if (stats != NULL)
		stats->nodes_visited += visited;
	return i;
}

int col_tritree_locate(const col_tritree *tree, col_vec2 point)
{
	if (tree == NULL || !col_vec2_is_finite(point))
		return -1;
	return descend(tree, point, NULL, NULL);
}

bool col_tritree_contains(const col_tritree *tree, col_vec2 point, col_covering_cache *cache,
                          col_query_stats *stats, col_tritree_trace *trace)
{
	if (tree == NULL || !col_vec2_is_finite(point))
		return false;
	const col_covering *cov = tree->covering;
	if (stats != NULL)
		stats->queries++;
	if (!col_covering_in_bounds(cov, point))
		return false;
	if (point.x == tree->apex.x && point.y == tree->apex.y)
		return cov->origin_inside;
	cache = col_covering_cache_usable(cov, cache);
	/* Heuristic 4.3: the last leaf first. */
	int leaf;
	if (cache != NULL && cache->cone >= 0 && cache->cone < tree->cone_count &&
	    tree->cones[cache->cone].first_child < 0 && point_in_cone(tree, &tree->cones[cache->cone], point)) {
		leaf = cache->cone;
		if (stats != NULL)
			stats->nodes_visited++;
		trace_cone(trace, leaf);
	} else {
		leaf = descend(tree, point, stats, trace);
		if (cache != NULL)
			cache->cone = leaf;
	}
	const tt_cone *c = &tree->cones[leaf];
	/* Prop. 4.12: only this cone's triangles can hold the point; its enclosing triangle holds
	 * them all, so a point beyond it is out. */
	if (c->count == 0 || beyond(tree->apex, c->env1, c->env2, point))
		return false;
	trace_triangles(trace, tree->pool + c->first, c->count);
	return col_covering_sum_contains(cov, tree->pool + c->first, c->count, leaf, point, cache, stats);
}

void col_tritree_contains_points(const col_tritree *tree, const col_vec2 *points, size_t count,
                                 bool *inside, col_query_stats *stats)
{
	for (size_t i = 0; i < count; i++)
		inside[i] = col_tritree_contains(tree, points[i], NULL, stats, NULL);
}

/* ---- circles ---- */

/* Whether p is within r of the closed half-plane left of line a->b (widened for rounding). */
static bool within_of_left(col_vec2 a, col_vec2 b, col_vec2 p, double r, double scale)
{
	double dx = b.x - a.x, dy = b.y - a.y;
	double cross = dx * (p.y - a.y) - dy * (p.x - a.x);
	double len = sqrt(dx * dx + dy * dy);
	double slack = 1e-14 * (fabs(dx) + fabs(dy)) * (fabs(p.x) + fabs(p.y) + fabs(a.x) + fabs(a.y));
	return cross >= -(r * len * (1.0 + 1e-12) + slack + col_rounding_margin(scale) * len);
}

/* Def. 4.19 and Prop. 4.16: p in the cone's extension by r, both sides pushed out by r. */
static bool in_extended_cone(const col_tritree *tree, const tt_cone *c, col_vec2 p, double r)
{
	double scale = tree->covering->scale;
	return within_of_left(tree->apex, c->ray1, p, r, scale) && within_of_left(c->ray2, tree->apex, p, r, scale);
}

/* p within r of the enclosing triangle's far side, taken from the apex's side. */
static bool in_extended_env(const col_tritree *tree, const tt_cone *c, col_vec2 p, double r)
{
	return within_of_left(c->env1, c->env2, p, r, tree->covering->scale);
}

/* Starts a query that marks the triangles it tested in the cache. */
static unsigned begin_marking(col_covering_cache *cache)
{
	if (cache == NULL)
		return 0;
	if (++cache->epoch == 0) {
		memset(cache->stamp, 0, (size_t)cache->capacity * sizeof *cache->stamp);
		cache->epoch = 1;
	}
	return cache->epoch;
}

/* Whether triangle i is new to this query (and marks it). Without a cache, every one is new. */
static bool first_visit(col_covering_cache *cache, int i)
{
	if (cache == NULL)
		return true;
	if (cache->stamp[i] == cache->epoch)
		return false;
	cache->stamp[i] = cache->epoch;
	return true;
}

typedef bool (*edge_test)(const void *context, int triangle, col_query_stats *stats);

/* Visits, depth first, the leaves whose extended cone and extended enclosing triangle hold the
 * centre and whose enclosing circle the disc reaches (Alg. 4.9 steps 2-4), running test on each of
 * their triangles whose extended area of influence holds the centre (step 5) until one says yes. */
static bool visit_reachable(const col_tritree *tree, int index, col_vec2 center, double r,
                            col_covering_cache *cache, edge_test test, const void *context,
                            col_query_stats *stats, col_tritree_trace *trace)
{
	const tt_cone *c = &tree->cones[index];
	if (stats != NULL)
		stats->nodes_visited++;
	if (c->count == 0 || !in_extended_cone(tree, c, center, r))
		return false;
	if (!col_discs_may_meet(c->circle_center, c->circle_radius, center, r, tree->covering->scale))
		return false;
	trace_cone(trace, index);
	if (c->first_child >= 0)
		return visit_reachable(tree, c->first_child, center, r, cache, test, context, stats, trace) ||
		       visit_reachable(tree, c->first_child + 1, center, r, cache, test, context, stats, trace);
	if (!in_extended_env(tree, c, center, r))
		return false;
	for (int k = 0; k < c->count; k++) {
		int i = tree->pool[c->first + k];
		if (!first_visit(cache, i) ||
		    !col_covering_may_touch_edge(tree->covering, i, center, r, COL_INFLUENCE_EXTENDED))
			continue;
		trace_triangles(trace, &i, 1);
		if (test(context, i, stats))
			return true;
	}
	return false;
}

static bool reach_any(const col_tritree *tree, col_vec2 center, double r, col_covering_cache *cache,
                      edge_test test, const void *context, col_query_stats *stats, col_tritree_trace *trace)
{
	begin_marking(cache);
	for (int q = 0; q < 4; q++)
		if (visit_reachable(tree, q, center, r, cache, test, context, stats, trace))
			return true;
	return false;
}

typedef struct circle_context {
	const col_covering *covering;
	col_circle circle;
} circle_context;

static bool circle_meets_triangle_edge(const void *context, int i, col_query_stats *stats)
{
	const circle_context *cc = context;
	const col_covering_triangle *t = &cc->covering->triangles[i];
	if (stats != NULL)
		stats->primitives_tested++;
	return col_circle_intersects_segment(cc->circle, (col_segment){t->a, t->b});
}

bool col_tritree_intersects_circle(const col_tritree *tree, col_circle circle, col_covering_cache *cache,
                                   col_query_stats *stats, col_tritree_trace *trace)
{
	if (tree == NULL || !col_vec2_is_finite(circle.center) || !isfinite(circle.radius) || !(circle.radius >= 0.0))
		return false;
	const col_covering *cov = tree->covering;
	double scale = cov->scale + fabs(circle.center.x) + fabs(circle.center.y);
	if (!col_discs_may_meet(cov->bounds.center, cov->bounds.radius, circle.center, circle.radius, scale)) {
		if (stats != NULL)
			stats->queries++;
		return false;
	}
	/* The tree's own point test (erratum 9: the printed code calls the flat one). */
	if (col_tritree_contains(tree, circle.center, cache, stats, trace))
		return true;
	cache = col_covering_cache_usable(cov, cache);
	circle_context context = {cov, circle};
	return reach_any(tree, circle.center, circle.radius, cache, circle_meets_triangle_edge, &context, stats,
	                 trace);
}

/* ---- polygon pairs ---- */

typedef struct pair_context {
	const col_tritree *a, *b;
	col_transform2 b_to_a;
	col_covering_cache *cache;
	col_query_stats *stats;
	col_tritree_trace *trace;
	col_vec2 ref_a[3];  /* a's reference triangle (regular envelope), a's frame */
	col_vec2 ref_b[3];  /* b's, moved into a's frame */
} pair_context;

static col_vec2 moved(const pair_context *pc, col_vec2 p)
{
	return col_transform2_apply(pc->b_to_a, p);
}

/* Theorem 4.2: a cone is worth visiting unless its whole enclosing triangle lies strictly beyond
 * the far side of the other polygon's reference triangle. erratum 7: all three vertices count. */
static bool marked(const col_vec2 ref[3], col_vec2 apex, col_vec2 e1, col_vec2 e2)
{
	return !(beyond(ref[0], ref[1], ref[2], apex) && beyond(ref[0], ref[1], ref[2], e1) &&
	         beyond(ref[0], ref[1], ref[2], e2));
}

static bool marked_a(const pair_context *pc, int i)
{
	const tt_cone *c = &pc->a->cones[i];
	return c->count > 0 && marked(pc->ref_b, pc->a->apex, c->env1, c->env2);
}

static bool marked_b(const pair_context *pc, int i)
{
	const tt_cone *c = &pc->b->cones[i];
	return c->count > 0 && marked(pc->ref_a, moved(pc, pc->b->apex), moved(pc, c->env1), moved(pc, c->env2));
}

static void remember_hit(const pair_context *pc, int edge_a, int edge_b, int cone_a, int cone_b)
{
	if (pc->trace != NULL) {
		pc->trace->hit_triangle_a = edge_a;
		pc->trace->hit_triangle_b = edge_b;
	}
	if (pc->cache == NULL)
		return;
	pc->cache->last_hit = true;
	pc->cache->hit_edge_a = edge_a;
	pc->cache->hit_edge_b = edge_b;
	pc->cache->hit_cone_a = cone_a;
	pc->cache->hit_cone_b = cone_b;
}

/* The detailed test of two leaves (Alg. 4.13's last step, erratum 7: the edges of the classified
 * triangles, each on its own, with the sign of each end taken per edge): b's edges moved once, then
 * a's edges whose line they cross get the exact segment test. */
static bool detailed(const pair_context *pc, int ia, int ib)
{
	const tt_cone *ca = &pc->a->cones[ia], *cb = &pc->b->cones[ib];
	const col_covering *cova = pc->a->covering, *covb = pc->b->covering;
	for (int kb = 0; kb < cb->count; kb++) {
		int j = pc->b->pool[cb->first + kb];
		col_vec2 p = moved(pc, covb->triangles[j].a), q = moved(pc, covb->triangles[j].b);
		for (int ka = 0; ka < ca->count; ka++) {
			int i = pc->a->pool[ca->first + ka];
			const col_covering_triangle *t = &cova->triangles[i];
			int sp = col_sign_of(col_orient2d(t->a, t->b, p)), sq = col_sign_of(col_orient2d(t->a, t->b, q));
			if (sp == sq && sp != 0)
				continue; /* both ends strictly on one side of a's edge line */
			if (pc->stats != NULL)
				pc->stats->primitives_tested++;
			trace_triangles(pc->trace, &i, 1);
			if (col_barycentric_segments_intersect(t->a, t->b, p, q)) {
				remember_hit(pc, i, j, ia, ib);
				return true;
			}
		}
	}
	return false;
}

/* Prop. 4.17: a common point lies in some pair of enclosing triangles; descend pairs that meet. */
static bool pair(const pair_context *pc, int ia, int ib)
{
	const tt_cone *ca = &pc->a->cones[ia], *cb = &pc->b->cones[ib];
	if (pc->stats != NULL)
		pc->stats->nodes_visited++;
	double scale = pc->a->covering->scale + pc->b->covering->scale;
	if (!col_discs_may_meet(ca->circle_center, ca->circle_radius, moved(pc, cb->circle_center),
	                        cb->circle_radius, scale))
		return false;
	col_vec2 ta[3] = {pc->a->apex, ca->env1, ca->env2};
	col_vec2 tb[3] = {moved(pc, pc->b->apex), moved(pc, cb->env1), moved(pc, cb->env2)};
	if (!col_barycentric_triangles_intersect(ta, tb))
		return false;
	trace_cone(pc->trace, ia);
	bool leaf_a = ca->first_child < 0, leaf_b = cb->first_child < 0;
	if (leaf_a && leaf_b)
		return detailed(pc, ia, ib);
	for (int x = 0; x < (leaf_a ? 1 : 2); x++) {
		int child_a = leaf_a ? ia : ca->first_child + x;
		if (!leaf_a && !marked_a(pc, child_a))
			continue;
		for (int y = 0; y < (leaf_b ? 1 : 2); y++) {
			int child_b = leaf_b ? ib : cb->first_child + y;
			if (!leaf_b && !marked_b(pc, child_b))
				continue;
			if (pair(pc, child_a, child_b))
				return true;
		}
	}
	return false;
}

/* The regular-envelope triangle (deepest level) of tree t whose leaf holds p (Def. 4.20). */
static void reference_triangle(const col_tritree *t, col_vec2 p, col_vec2 out[3])
{
	int leaf = descend(t, p, NULL, NULL);
	const tt_cone *c = &t->cones[leaf];
	out[0] = t->apex;
	out[1] = at_reach(t, c->ray1, t->reach[t->levels]);
	out[2] = at_reach(t, c->ray2, t->reach[t->levels]);
}

/* Whether point p of a's frame is inside b, decided on b's edges as moved into a's frame (the
 * points the oracle sees). b's tree answers in b's own frame when p is clearly inside or out of
 * its leaf's enclosing triangle; near b's boundary the exact crossing number over the moved edges
 * decides. */
static bool inside_moved_b(const pair_context *pc, col_vec2 p)
{
	const col_tritree *b = pc->b;
	col_vec2 q = col_transform2_apply_inverse(pc->b_to_a, p);
	if (!col_covering_in_bounds(b->covering, q)) {
		/* q is outside b's disc; with the disc's margin, so is p outside moved b. */
		return false;
	}
	return col_covering_transformed_contains(b->covering, pc->b_to_a, p);
}

/* A point test inside a pair query: its work counts, but it is not a query of its own. */
static bool contains_within_pair(const col_tritree *tree, col_vec2 p, col_covering_cache *cache,
                                 col_query_stats *stats, col_tritree_trace *trace)
{
	col_query_stats part = {0};
	bool inside = col_tritree_contains(tree, p, cache, stats != NULL ? &part : NULL, trace);
	if (stats != NULL) {
		part.queries = 0;
		col_query_stats_add(stats, &part);
	}
	return inside;
}

typedef struct list_context {
	const pair_context *pc;
} list_context;

static bool edge_meets_b(const void *context, int i, col_query_stats *stats)
{
	const pair_context *pc = ((const list_context *)context)->pc;
	const col_covering_triangle *t = &pc->a->covering->triangles[i];
	int hit = -1;
	if (!col_covering_edge_meets(pc->b->covering, pc->b_to_a, t->a, t->b, t->sign != 0, stats, &hit))
		return false;
	if (pc->trace != NULL) {
		pc->trace->hit_triangle_a = i;
		pc->trace->hit_triangle_b = hit;
	}
	return true;
}

/* Alg. 4.14 (DC-List; erratum 8: its circle is b's): b as a disc around a point inside it; a's
 * leaves that the disc reaches give the edges to test against b's. */
static bool cone_list(const pair_context *pc)
{
	const col_covering *cova = pc->a->covering, *covb = pc->b->covering;
	col_vec2 inner = moved(pc, covb->inner_point);
	if (contains_within_pair(pc->a, inner, pc->cache, pc->stats, pc->trace))
		return true;
	double scale = cova->scale + covb->scale + fabs(pc->b_to_a.translation.x) + fabs(pc->b_to_a.translation.y);
	double reach = covb->inner_radius * (1.0 + 1e-12) + col_rounding_margin(scale);
	list_context lc = {pc};
	if (reach_any(pc->a, inner, reach, col_covering_cache_usable(cova, pc->cache), edge_meets_b, &lc, pc->stats,
	              pc->trace))
		return true;
	/* No edges meet: one may hold the other (erratum 11; b may also surround a hole of a that
	 * holds b's inner point). */
	return contains_within_pair(pc->a, moved(pc, covb->triangles[0].a), NULL, pc->stats, NULL) ||
	       inside_moved_b(pc, cova->triangles[0].a);
}

static bool tree_pair(pair_context *pc)
{
	const col_tritree *a = pc->a, *b = pc->b;
	col_covering_cache *cache = pc->cache;
	/* Heuristic 4.4: the edge pair of the last hit, then its leaves. */
	if (cache != NULL && cache->last_hit && cache->hit_edge_a < a->covering->count &&
	    cache->hit_edge_b >= 0 && cache->hit_edge_b < b->covering->count && cache->hit_cone_a < a->cone_count &&
	    cache->hit_cone_b >= 0 && cache->hit_cone_b < b->cone_count) {
		const col_covering_triangle *ta = &a->covering->triangles[cache->hit_edge_a];
		const col_covering_triangle *tb = &b->covering->triangles[cache->hit_edge_b];
		if (pc->stats != NULL)
			pc->stats->primitives_tested++;
		if (col_barycentric_segments_intersect(ta->a, ta->b, moved(pc, tb->a), moved(pc, tb->b))) {
			if (pc->stats != NULL)
				pc->stats->cache_hits++;
			if (pc->trace != NULL) {
				pc->trace->hit_triangle_a = cache->hit_edge_a;
				pc->trace->hit_triangle_b = cache->hit_edge_b;
			}
			return true;
		}
		if (detailed(pc, cache->hit_cone_a, cache->hit_cone_b))
			return true;
	}
	if (cache != NULL)
		cache->last_hit = false;

	reference_triangle(a, moved(pc, b->apex), pc->ref_a);
	col_vec2 ref_b[3];
	reference_triangle(b, col_transform2_apply_inverse(pc->b_to_a, a->apex), ref_b);
	for (int k = 0; k < 3; k++)
		pc->ref_b[k] = moved(pc, ref_b[k]);
	for (int x = 0; x < 4; x++) {
		if (!marked_a(pc, x))
			continue;
		for (int y = 0; y < 4; y++)
			if (marked_b(pc, y) && pair(pc, x, y))
				return true;
	}
	/* No edges meet: one may hold the other (erratum 11). */
	return contains_within_pair(a, moved(pc, b->covering->triangles[0].a), NULL, pc->stats, NULL) ||
	       inside_moved_b(pc, a->covering->triangles[0].a);
}

bool col_tritree_intersects_tritree(const col_tritree *a, const col_tritree *b, col_transform2 b_to_a,
                                    col_method method, col_covering_cache *cache, col_query_stats *stats,
                                    col_tritree_trace *trace)
{
	if (a == NULL || b == NULL || !col_vec2_is_finite(b_to_a.translation) || !isfinite(b_to_a.rotation.c) ||
	    !isfinite(b_to_a.rotation.s))
		return false;
	if (method == COL_METHOD_COVERING)
		return col_covering_intersects_covering(a->covering, b->covering, b_to_a, cache, stats);
	const col_covering *cova = a->covering, *covb = b->covering;
	double scale = cova->scale + covb->scale + fabs(b_to_a.translation.x) + fabs(b_to_a.translation.y);
	if (stats != NULL)
		stats->queries++;
	if (!col_discs_may_meet(cova->bounds.center, cova->bounds.radius,
	                        col_transform2_apply(b_to_a, covb->bounds.center), covb->bounds.radius, scale))
		return false;
	pair_context pc = {.a = a, .b = b, .b_to_a = b_to_a, .cache = col_covering_cache_usable(cova, cache),
	                   .stats = stats, .trace = trace};
	if (method == COL_METHOD_CONE_LIST)
		return cone_list(&pc);
	return tree_pair(&pc);
}
