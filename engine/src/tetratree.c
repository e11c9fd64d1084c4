/* The tetra-tree (source 000, 5.2): tetra-cones around the covering's origin, split in four at the
 * midpoints of their defining triangle's edges, each holding the covering tetrahedra that overlap
 * it, an enclosing tetrahedron and an enclosing sphere.
 *
 * Exactness: the apex is rounded to a grid of 2^-G times a power of two s above the mesh's radius,
 * and the root rays are the apex moved by s along the axes. Every ray point is then the apex plus
 * s times a dyadic direction, so the midpoints are exact, the children of a cone tile it exactly,
 * and every membership test is an orientation sign on stored points. Enclosing tetrahedra and
 * spheres are checked exactly against every vertex they must hold. */
#include "collide/tetratree.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/predicates.h"
#include "covering3d_internal.h"
#include "cone_budget.h"
#include "error.h"
#include "wall_clock.h"
#include "exact_plane.h"
#include "tetratree_internal.h"

col_tetratree_options col_tetratree_default_options(void)
{
	return (col_tetratree_options){.leaf_cones = 0, .max_depth = 0, .min_tetrahedra = 4, .fit_iterations = 8,
	                               .max_memory = DEFAULT_MAX_MEMORY, .has_origin = false,
	                               .origin = {0.0, 0.0, 0.0}};
}

/* ---- exact cone geometry ---- */

/* Whether p lies in the closed cone spanned from o by r[0], r[1], r[2] (positively wound): its
 * barycentric beta, gamma and delta are all >= 0 (Def. 5.2). */
static bool cone_holds(col_vec3 o, const col_vec3 r[3], col_vec3 p)
{
	return col_orient3d(o, p, r[1], r[2]) >= 0.0 && col_orient3d(o, r[0], p, r[2]) >= 0.0 &&
	       col_orient3d(o, r[0], r[1], p) >= 0.0;
}

/* Whether q lies in the closed cone of covering tetrahedron (o, a, b, c), whose orient3d(o, a, b, c)
 * has sign volume_sign (+1 or -1): the same test with each sign corrected (5.2, test 2). */
static bool in_tetrahedron_cone(col_vec3 o, col_vec3 a, col_vec3 b, col_vec3 c, int volume_sign, col_vec3 q)
{
	return volume_sign * col_exact_sign(col_orient3d(o, q, b, c)) >= 0 &&
	       volume_sign * col_exact_sign(col_orient3d(o, a, q, c)) >= 0 &&
	       volume_sign * col_exact_sign(col_orient3d(o, a, b, q)) >= 0;
}

/* Theorem 5.1: whether segment pq meets the closed tri-cone (wedge) spanned from o by u and w.
 * With p off the wedge's plane, q must lie on the far side of it (or on it) and the line from p
 * through q must cross the plane inside the wedge: in the tetrahedron (p, o, u, w), q's gamma and
 * delta are >= 0. A segment lying in the plane answers `coplanar`: the caller knows whether the
 * other tests already cover it. */
static bool segment_meets_wedge(col_vec3 o, col_vec3 u, col_vec3 w, col_vec3 p, col_vec3 q, bool coplanar)
{
	int sp = col_exact_sign(col_orient3d(o, u, w, p)), sq = col_exact_sign(col_orient3d(o, u, w, q));
	if (sp * sq > 0)
		return false;
	if (sp == 0 && sq == 0)
		return coplanar;
	if (sp == 0) {
		col_vec3 t = p;
		p = q;
		q = t;
		sp = sq;
	}
	/* orient3d(p, o, u, w) = -sp: moving p to the front is an odd permutation. */
	int volume = -sp;
	return volume * col_exact_sign(col_orient3d(p, o, q, w)) >= 0 && volume * col_exact_sign(col_orient3d(p, o, u, q)) >= 0;
}

/* Whether covering tetrahedron t overlaps the closed cone anywhere but the apex (Defs. 5.5-5.8).
 * Two convex cones with one apex overlap iff an edge ray of one lies in the other, or a facet of
 * each cross; the facets of t's cone cross the cone's facet wedges through t's face edges.
 * Props. 5.3-5.5 in that order: a vertex of t in the cone, a ray of the cone in t's cone, an edge of
 * t's face across one of the cone's three facet wedges. A flat t (the origin in its face's plane) has
 * no cone: its vertices and edges decide, and an edge lying in a facet's plane counts (it may
 * overlap; a few extra tetrahedra cost time, a missed one would cost answers). */
static bool tetrahedron_overlaps_cone(const col_covering3d_tetrahedron *t, col_vec3 o, const col_vec3 r[3])
{
	const col_vec3 v[3] = {t->a, t->b, t->c};
	for (int k = 0; k < 3; k++)
		if (!col_vec3_equal(v[k], o) && cone_holds(o, r, v[k]))
			return true;
	bool flat = t->sign == 0;
	if (!flat) {
		/* t->sign is that of orient3d(a, b, c, o); o to the front is an odd permutation. */
		for (int k = 0; k < 3; k++)
			if (in_tetrahedron_cone(o, t->a, t->b, t->c, -t->sign, r[k]))
				return true;
	}
	for (int e = 0; e < 3; e++)
		for (int f = 0; f < 3; f++)
			if (segment_meets_wedge(o, r[f], r[(f + 1) % 3], v[e], v[(e + 1) % 3], flat))
				return true;
	return false;
}

/* Whether p is strictly beyond the plane of e0 e1 e2 from the apex. */
static bool beyond(col_vec3 apex, const col_vec3 e[3], col_vec3 p)
{
	int apex_side = col_exact_sign(col_orient3d(e[0], e[1], e[2], apex));
	return apex_side != 0 && col_exact_sign(col_orient3d(e[0], e[1], e[2], p)) == -apex_side;
}

/* ---- building ---- */

static double tree_bytes(size_t cones, size_t entries)
{
	return (double)cones * sizeof(tt_cone) + (double)entries * sizeof(int); /* no wrap on 32 bits */
}

/* The build needs `cones` cones listing `entries` tetrahedra, the newest at `level`, past
 * options.max_memory (or past what an int indexes): cone_budget.h words the refusal from what the
 * tiling of the last complete level lists (its cones and the leaves above it). */
static col_status over_budget(const col_tetratree *tree, size_t cones, size_t entries, int level,
                              col_error *error)
{
	const col_tetratree_options *o = &tree->options;
	double listed = 0.0;
	for (int i = 0; i < tree->cone_count; i++) {
		const tt_cone *c = &tree->cones[i];
		if (c->level == level - 1 || (c->first_child < 0 && c->level < level - 1))
			listed += c->count;
	}
	const cone_budget budget = {"tetratree", "tetrahedra", "tetrahedron", o->max_memory, o->max_depth,
	                            o->leaf_cones, tree->depth_given, tree->covering->count, sizeof(tt_cone)};
	return cone_budget_fail(&budget, cones, entries, level, listed, error);
}

/* Room for one more cone and its tetrahedra (at most those of its parent, `extra`). */
static col_status reserve_cone(col_tetratree *tree, size_t extra, int level, col_error *error)
{
	size_t budget = tree->options.max_memory;
	size_t cones = (size_t)tree->cone_count + 1, entries = tree->pool_count + extra;
	if (entries > (size_t)INT_MAX || cones > (size_t)INT_MAX / 4 || tree_bytes(cones, entries) > (double)budget)
		return over_budget(tree, cones, entries, level, error);
	if (cones > (size_t)tree->cone_capacity) {
		size_t capacity = tree->cone_capacity ? 2 * (size_t)tree->cone_capacity : 64;
		if (tree_bytes(capacity, entries) > (double)budget)
			capacity = cones;
		tt_cone *grown = realloc(tree->cones, capacity * sizeof *grown);
		if (grown == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "tetratree: out of memory for %zu cones", capacity);
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
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "tetratree: out of memory for %zu tetrahedron entries",
			                capacity);
		tree->pool = grown;
		tree->pool_capacity = capacity;
	}
	return COL_OK;
}

/* Appends a cone and classifies into it the tetrahedra of its parent (all of them for a root). */
static col_status add_cone(col_tetratree *tree, int parent, col_vec3 r0, col_vec3 r1, col_vec3 r2, int level,
                           col_error *error)
{
	const col_covering3d *cov = tree->covering;
	col_status status =
	    reserve_cone(tree, parent < 0 ? (size_t)cov->count : (size_t)tree->cones[parent].count, level, error);
	if (status != COL_OK)
		return status;
	tt_cone *cone = &tree->cones[tree->cone_count];
	*cone = (tt_cone){.ray = {r0, r1, r2}, .level = level, .parent = parent, .first_child = -1,
	                  .first = (int)tree->pool_count};
	int candidates = parent < 0 ? cov->count : tree->cones[parent].count;
	for (int k = 0; k < candidates; k++) {
		int i = parent < 0 ? k : tree->pool[tree->cones[parent].first + k];
		if (tetrahedron_overlaps_cone(&cov->tetrahedra[i], tree->apex, cone->ray))
			tree->pool[tree->pool_count++] = i;
	}
	cone->count = (int)tree->pool_count - cone->first;
	tree->cone_count++;
	return COL_OK;
}

/* Whether every vertex of the cone's tetrahedra is on the apex's side of the plane e0 e1 e2, or on
 * it (Def. 5.9: vertices outside the cone too, so the tetrahedron bounds all the cone's geometry). */
static bool encloses(const col_tetratree *tree, const tt_cone *cone, const col_vec3 e[3])
{
	const col_covering3d *cov = tree->covering;
	int apex_side = col_exact_sign(col_orient3d(e[0], e[1], e[2], tree->apex));
	if (apex_side == 0)
		return false;
	for (int k = 0; k < cone->count; k++) {
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[tree->pool[cone->first + k]];
		if (col_exact_sign(col_orient3d(e[0], e[1], e[2], t->a)) == -apex_side ||
		    col_exact_sign(col_orient3d(e[0], e[1], e[2], t->b)) == -apex_side ||
		    col_exact_sign(col_orient3d(e[0], e[1], e[2], t->c)) == -apex_side)
			return false;
	}
	return true;
}

static col_vec3 along(col_vec3 apex, col_vec3 direction, double length)
{
	return col_vec3_add(apex, col_vec3_scale(direction, length));
}

static void legs_at(const col_tetratree *tree, const col_vec3 d[3], const double l[3], col_vec3 e[3])
{
	for (int k = 0; k < 3; k++)
		e[k] = along(tree->apex, d[k], l[k]);
}

/* Def. 5.9 and the fitting of 5.2. The start: with each vertex written x d0 + y d1 + z d2 in the
 * cone's ray directions, the plane x + y + z = L holds them all for L = max(x + y + z) (source 000's
 * 2D erratum 10's safe start: equal legs at the farthest vertex's distance can leave one outside).
 * Then each leg is halved towards the apex while the tetrahedron still encloses, fit_iterations
 * steps of bisection per leg, every candidate checked exactly. */
static void fit_enclosing_tetrahedron(const col_tetratree *tree, tt_cone *cone, int iterations)
{
	const col_covering3d *cov = tree->covering;
	col_vec3 o = tree->apex;
	col_vec3 d[3];
	for (int k = 0; k < 3; k++)
		d[k] = col_vec3_sub(cone->ray[k], o);
	if (cone->count == 0) {
		for (int k = 0; k < 3; k++)
			cone->env[k] = cone->ray[k];
		return;
	}
	col_vec3 n0 = col_vec3_cross(d[1], d[2]), n1 = col_vec3_cross(d[2], d[0]), n2 = col_vec3_cross(d[0], d[1]);
	double det = col_vec3_dot(d[0], n0);
	double reach = 0.0;
	for (int k = 0; k < cone->count; k++) {
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[tree->pool[cone->first + k]];
		const col_vec3 v[3] = {t->a, t->b, t->c};
		for (int j = 0; j < 3; j++) {
			col_vec3 x = col_vec3_sub(v[j], o);
			reach = fmax(reach, (col_vec3_dot(x, n0) + col_vec3_dot(x, n1) + col_vec3_dot(x, n2)) / det);
		}
	}
	double start = reach > 0.0 ? reach * (1.0 + 1e-9) : 1e-9;
	double l[3] = {start, start, start};
	col_vec3 e[3];
	legs_at(tree, d, l, e);
	for (int tries = 0; tries < 64 && !encloses(tree, cone, e); tries++) {
		for (int k = 0; k < 3; k++)
			l[k] *= 2.0; /* rounding left a vertex a hair outside: widen until the exact check passes */
		legs_at(tree, d, l, e);
	}
	for (int leg = 0; leg < 3; leg++) {
		double failed = 0.0;
		for (int step = 0; step < iterations; step++) {
			double keep = l[leg];
			l[leg] = 0.5 * (failed + keep);
			legs_at(tree, d, l, e);
			if (!encloses(tree, cone, e)) {
				failed = l[leg];
				l[leg] = keep;
			}
		}
	}
	/* Widen a little so that the tetrahedron still holds its vertices after a rigid motion has
	 * rounded both; the exact check keeps the result enclosing. */
	double wide[3] = {l[0] * (1.0 + MOTION_MARGIN), l[1] * (1.0 + MOTION_MARGIN), l[2] * (1.0 + MOTION_MARGIN)};
	legs_at(tree, d, wide, e);
	if (!encloses(tree, cone, e))
		legs_at(tree, d, l, e);
	for (int k = 0; k < 3; k++)
		cone->env[k] = e[k];
}

/* Def. 5.12: centred at the mean of the mesh vertices of the cone's tetrahedra, reaching the
 * farthest one (checked exactly). */
static void fit_enclosing_sphere(const col_tetratree *tree, tt_cone *cone)
{
	const col_covering3d *cov = tree->covering;
	col_vec3 sum = {0.0, 0.0, 0.0};
	for (int k = 0; k < cone->count; k++) {
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[tree->pool[cone->first + k]];
		sum = col_vec3_add(sum, col_vec3_add(t->a, col_vec3_add(t->b, t->c)));
	}
	col_vec3 c = cone->count > 0 ? col_vec3_scale(sum, 1.0 / (3.0 * cone->count)) : tree->apex;
	double r = 0.0;
	for (int k = 0; k < cone->count; k++) {
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[tree->pool[cone->first + k]];
		r = fmax(r, fmax(col_vec3_distance(t->a, c), fmax(col_vec3_distance(t->b, c), col_vec3_distance(t->c, c))));
	}
	r = r * (1.0 + MOTION_MARGIN) + DBL_MIN;
	for (int k = 0; k < cone->count; k++) {
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[tree->pool[cone->first + k]];
		while (col_sphere_point_side(c, r, t->a) > 0 || col_sphere_point_side(c, r, t->b) > 0 ||
		       col_sphere_point_side(c, r, t->c) > 0)
			r *= 1.0 + 1e-12;
	}
	cone->sphere = (col_sphere){c, r};
}

static int depth_for(int leaf_cones)
{
	int depth = 1;
	while (depth < MAX_LEVELS && (8.0 * pow(4.0, depth - 1)) < (double)leaf_cones)
		depth++;
	return depth;
}

static col_status check_options(const col_tetratree_options *o, col_error *error)
{
	if (o->leaf_cones < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: leaf_cones is negative (%d)", o->leaf_cones);
	if (o->max_depth < 0 || o->max_depth > MAX_LEVELS)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: depth %d is outside 1..%d", o->max_depth,
		                MAX_LEVELS);
	if (o->min_tetrahedra < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: min_tetrahedra is negative (%d)",
		                o->min_tetrahedra);
	if (o->fit_iterations < 0 || o->fit_iterations > 64)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: fit_iterations %d is outside 0..64",
		                o->fit_iterations);
	if (o->has_origin && !(col_vec3_is_finite(o->origin) && col_coordinate_in_range(o->origin.x) &&
	                       col_coordinate_in_range(o->origin.y) && col_coordinate_in_range(o->origin.z)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: the origin is not a finite coordinate in range");
	return COL_OK;
}

static void compute_level_reach(col_tetratree *tree)
{
	col_vec3 o = tree->apex;
	for (int level = 1; level <= tree->levels; level++) {
		double d = 0.0;
		for (int i = 0; i < tree->cone_count; i++) {
			const tt_cone *c = &tree->cones[i];
			bool tiles = c->level == level || (c->first_child < 0 && c->level < level);
			if (tiles && c->count > 0)
				for (int k = 0; k < 3; k++)
					d = fmax(d, col_vec3_distance(c->env[k], o));
		}
		tree->reach[level] = d * (1.0 + MOTION_MARGIN);
	}
}

static void compute_stats(col_tetratree *tree)
{
	col_tetratree_stats *s = &tree->stats;
	double build_seconds = s->build_seconds;
	memset(s, 0, sizeof *s);
	s->build_seconds = build_seconds;
	s->levels = tree->levels;
	s->cones = tree->cone_count;
	unsigned char *seen = calloc((size_t)tree->covering->count, 1);
	size_t distinct = 0;
	for (int i = 0; i < tree->cone_count; i++) {
		const tt_cone *c = &tree->cones[i];
		if (c->first_child >= 0)
			continue;
		s->leaves++;
		s->tetrahedra_stored += (size_t)c->count;
		if (c->count > s->max_leaf_tetrahedra)
			s->max_leaf_tetrahedra = c->count;
		for (int k = 0; seen != NULL && k < c->count; k++) {
			int t = tree->pool[c->first + k];
			distinct += !seen[t];
			seen[t] = 1;
		}
	}
	free(seen);
	s->duplicates = s->tetrahedra_stored - distinct;
	const col_covering3d *cov = tree->covering;
	s->memory_bytes = sizeof *tree + (size_t)tree->cone_capacity * sizeof *tree->cones +
	                  tree->pool_capacity * sizeof *tree->pool + sizeof *cov +
	                  (size_t)cov->count * sizeof *cov->tetrahedra + col_mesh_memory_bytes(cov->mesh);
}

/* The smallest power of two at or above x (1 for x <= 0). */
static double power_of_two_above(double x)
{
	if (!(x > 0.0))
		return 1.0;
	int e;
	double m = frexp(x, &e); /* x = m 2^e, m in [0.5, 1) */
	return m == 0.5 ? x : ldexp(1.0, e);
}

/* Rounds the apex to the grid of spacing s 2^-G, G as fine as the sums of two ray points allow
 * (2 (|apex| + s) below 2^53 grid steps); returns the deepest level whose midpoints stay exact. */
static int snap_apex(col_vec3 *apex, double s)
{
	double far = fmax(fabs(apex->x), fmax(fabs(apex->y), fabs(apex->z))) + s;
	int bits = APEX_GRID_BITS;
	while (bits > 0 && 2.0 * far >= ldexp(s, 53 - bits))
		bits--;
	double grid = ldexp(s, -bits);
	apex->x = round(apex->x / grid) * grid;
	apex->y = round(apex->y / grid) * grid;
	apex->z = round(apex->z / grid) * grid;
	/* Level L's ray points are the apex plus multiples of s 2^-(L-1): on the grid while L <= G + 1. */
	return bits + 1 < MAX_LEVELS ? bits + 1 : MAX_LEVELS;
}

col_status col_tetratree_build(const col_mesh *mesh, const col_tetratree_options *options, col_tetratree **out,
                               col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: no place for the result");
	*out = NULL;
	if (mesh == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree: no mesh");
	col_tetratree_options o = options != NULL ? *options : col_tetratree_default_options();
	if (o.max_memory == 0)
		o.max_memory = DEFAULT_MAX_MEMORY;
	col_status status = check_options(&o, error);
	if (status != COL_OK)
		return status;
	double started = wall_seconds();

	col_tetratree *tree = calloc(1, sizeof *tree);
	if (tree == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "tetratree: out of memory");
	/* The apex first, so that the covering is built from the snapped point. */
	col_vec3 apex = o.has_origin ? o.origin : col_mesh_centroid(mesh);
	col_aabb3 box = col_mesh_bounds(mesh);
	col_vec3 farthest = {fmax(apex.x - box.min.x, box.max.x - apex.x), fmax(apex.y - box.min.y, box.max.y - apex.y),
	                     fmax(apex.z - box.min.z, box.max.z - apex.z)};
	double radius = col_vec3_length(farthest);
	double s = power_of_two_above(radius);
	int exact_depth = snap_apex(&apex, s);
	status = col_covering3d_build(mesh, &apex, &tree->covering, error);
	if (status != COL_OK) {
		col_tetratree_destroy(tree);
		return status;
	}
	const col_covering3d *cov = tree->covering;
	tree->apex = apex;
	int max_depth = o.max_depth > 0 ? o.max_depth : depth_for(o.leaf_cones > 0 ? o.leaf_cones : cov->count);
	if (max_depth > exact_depth)
		max_depth = exact_depth;
	tree->options = o;
	tree->options.max_depth = max_depth;
	tree->depth_given = o.max_depth > 0;

	/* The eight octants of the mesh's frame (Def. 5.4); ray points are the apex moved by s along
	 * the axes, so the octant tests of the descent are comparisons of coordinates. */
	for (int octant = 0; octant < 8 && status == COL_OK; octant++) {
		double sx = octant & 1 ? -s : s, sy = octant & 2 ? -s : s, sz = octant & 4 ? -s : s;
		col_vec3 r0 = {apex.x, apex.y, apex.z + sz}, r1 = {apex.x + sx, apex.y, apex.z},
		         r2 = {apex.x, apex.y + sy, apex.z};
		if (col_orient3d(apex, r0, r1, r2) < 0.0) {
			col_vec3 t = r1;
			r1 = r2;
			r2 = t;
		}
		status = add_cone(tree, -1, r0, r1, r2, 1, error);
	}
	/* Breadth first, so the four children of a cone are consecutive. */
	for (int i = 0; i < tree->cone_count && status == COL_OK; i++) {
		tt_cone cone = tree->cones[i];
		if (cone.level >= max_depth || cone.count <= o.min_tetrahedra)
			continue;
		/* Def. 5.4's split; exact midpoints (snap_apex), so the children tile the cone. */
		col_vec3 m01 = col_vec3_scale(col_vec3_add(cone.ray[0], cone.ray[1]), 0.5);
		col_vec3 m12 = col_vec3_scale(col_vec3_add(cone.ray[1], cone.ray[2]), 0.5);
		col_vec3 m20 = col_vec3_scale(col_vec3_add(cone.ray[2], cone.ray[0]), 0.5);
		int first_child = tree->cone_count;
		int level = cone.level + 1;
		status = add_cone(tree, i, cone.ray[0], m01, m20, level, error);
		if (status == COL_OK)
			status = add_cone(tree, i, m01, cone.ray[1], m12, level, error);
		if (status == COL_OK)
			status = add_cone(tree, i, m20, m12, cone.ray[2], level, error);
		if (status == COL_OK)
			status = add_cone(tree, i, m01, m12, m20, level, error);
		if (status == COL_OK)
			tree->cones[i].first_child = first_child;
	}
	if (status != COL_OK) {
		col_tetratree_destroy(tree);
		return status;
	}
	tree->levels = 1;
	for (int i = 0; i < tree->cone_count; i++) {
		tt_cone *cone = &tree->cones[i];
		if (cone->level > tree->levels)
			tree->levels = cone->level;
		fit_enclosing_tetrahedron(tree, cone, o.fit_iterations);
		fit_enclosing_sphere(tree, cone);
	}
	compute_level_reach(tree);
	tree->stats.build_seconds = wall_seconds() - started;
	compute_stats(tree);
	*out = tree;
	col_error_clear(error);
	return COL_OK;
}

void col_tetratree_destroy(col_tetratree *tree)
{
	if (tree == NULL)
		return;
	col_covering3d_destroy(tree->covering);
	free(tree->cones);
	free(tree->pool);
	free(tree);
}

const col_covering3d *col_tetratree_covering(const col_tetratree *tree)
{
	return tree != NULL ? tree->covering : NULL;
}

col_tetratree_stats col_tetratree_get_stats(const col_tetratree *tree)
{
	col_tetratree_stats none = {0};
	return tree != NULL ? tree->stats : none;
}

col_vec3 col_tetratree_apex(const col_tetratree *tree)
{
	return tree != NULL ? tree->apex : (col_vec3){0.0, 0.0, 0.0};
}

int col_tetratree_cone_count(const col_tetratree *tree)
{
	return tree != NULL ? tree->cone_count : 0;
}

bool col_tetratree_cone_at(const col_tetratree *tree, int index, col_tetratree_cone *cone)
{
	if (tree == NULL || cone == NULL || index < 0 || index >= tree->cone_count)
		return false;
	const tt_cone *c = &tree->cones[index];
	*cone = (col_tetratree_cone){.level = c->level, .parent = c->parent, .first_child = c->first_child,
	                             .ray = {c->ray[0], c->ray[1], c->ray[2]},
	                             .envelope = {c->env[0], c->env[1], c->env[2]}, .sphere = c->sphere,
	                             .tetrahedron_count = c->count};
	return true;
}

const int *col_tetratree_cone_tetrahedra(const col_tetratree *tree, int index, int *count)
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

bool col_tetratree_cone_holds(const col_tetratree *tree, int index, col_vec3 point)
{
	if (tree == NULL || index < 0 || index >= tree->cone_count || !col_vec3_is_finite(point))
		return false;
	return cone_holds(tree->apex, tree->cones[index].ray, point);
}

double col_tetratree_level_reach(const col_tetratree *tree, int level)
{
	if (tree == NULL || level < 1 || level > tree->levels)
		return 0.0;
	return tree->reach[level];
}

static col_vec3 at_reach(const col_tetratree *tree, col_vec3 ray_point, double reach)
{
	col_vec3 d = col_vec3_sub(ray_point, tree->apex);
	return along(tree->apex, d, reach / col_vec3_length(d));
}

static int envelope_walk(const col_tetratree *tree, int index, int level, col_vec3 *triangles, int capacity,
                         int written)
{
	const tt_cone *c = &tree->cones[index];
	if (c->level == level || c->first_child < 0) {
		if (written < capacity)
			for (int k = 0; k < 3; k++)
				triangles[3 * written + k] = at_reach(tree, c->ray[k], tree->reach[level]);
		return written + 1;
	}
	for (int k = 0; k < 4; k++)
		written = envelope_walk(tree, c->first_child + k, level, triangles, capacity, written);
	return written;
}

int col_tetratree_regular_envelope(const col_tetratree *tree, int level, col_vec3 *triangles, int capacity)
{
	if (tree == NULL || level < 1 || level > tree->levels || capacity < 0 || (triangles == NULL && capacity > 0))
		return 0;
	int written = 0;
	for (int root = 0; root < 8; root++)
		written = envelope_walk(tree, root, level, triangles, capacity, written);
	return written;
}

/* ---- point queries ---- */

/* Props. 5.8 and 5.9: every point is in a root cone, and in a child of every inner cone it is in.
 * The root from the signs of the coordinates; a child from at most three planes: given p in the
 * parent, it is in corner child k iff it is on ray k's side of the plane through the apex and the
 * two midpoints next to ray k. The first child that holds p wins on a shared face. */
static int descend(const col_tetratree *tree, col_vec3 p, col_query_stats *stats, col_tetratree_trace *trace)
{
	col_vec3 o = tree->apex;
	int i = (p.x < o.x) | (p.y < o.y) << 1 | (p.z < o.z) << 2;
	uint64_t visited = 1;
	tt_trace_cone(trace, i);
	while (tree->cones[i].first_child >= 0) {
		int first = tree->cones[i].first_child;
		const col_vec3 *middle = tree->cones[first + 3].ray; /* m01, m12, m20 */
		if (col_orient3d(o, p, middle[0], middle[2]) >= 0.0)
			i = first;
		else if (col_orient3d(o, middle[0], p, middle[1]) >= 0.0)
			i = first + 1;
		else if (col_orient3d(o, middle[2], middle[1], p) >= 0.0)
			i = first + 2;
		else
			i = first + 3;
		visited++;
		tt_trace_cone(trace, i);
	}
	if (stats != NULL)
		stats->nodes_visited += visited;
	return i;
}

int col_tetratree_locate(const col_tetratree *tree, col_vec3 point)
{
	if (tree == NULL || !col_vec3_is_finite(point))
		return -1;
	return descend(tree, point, NULL, NULL);
}

bool col_tetratree_contains(const col_tetratree *tree, col_vec3 point, col_covering3d_cache *cache,
                            col_query_stats *stats, col_tetratree_trace *trace)
{
	if (tree == NULL || !col_vec3_is_finite(point))
		return false;
	const col_covering3d *cov = tree->covering;
	if (stats != NULL)
		stats->queries++;
	if (col_vec3_equal(point, tree->apex))
		return cov->origin_inside;
	if (col_sphere_point_side(cov->bounds.center, cov->bounds.radius, point) > 0)
		return false;
	cache = col_covering3d_cache_usable(cov, cache);
	/* Alg. 5.2 (Heuristic 5.1): the last leaf first. */
	int leaf;
	if (cache != NULL && cache->cone >= 0 && cache->cone < tree->cone_count &&
	    tree->cones[cache->cone].first_child < 0 && cone_holds(tree->apex, tree->cones[cache->cone].ray, point)) {
		leaf = cache->cone;
		if (stats != NULL)
			stats->nodes_visited++;
		tt_trace_cone(trace, leaf);
	} else {
		leaf = descend(tree, point, stats, trace);
		if (cache != NULL)
			cache->cone = leaf;
	}
	const tt_cone *c = &tree->cones[leaf];
	/* Prop. 5.7: only this cone's tetrahedra can hold the point; its enclosing tetrahedron holds
	 * them all, so a point beyond it is out. */
	if (c->count == 0 || beyond(tree->apex, c->env, point))
		return false;
	tt_trace_tetrahedra(trace, tree->pool + c->first, c->count);
	return col_covering3d_sum_contains(cov, tree->pool + c->first, c->count, leaf, point, cache, stats);
}

bool tt_contains_within_query(const col_tetratree *tree, col_vec3 point, col_covering3d_cache *cache,
                              col_query_stats *stats, col_tetratree_trace *trace)
{
	col_query_stats part = {0};
	bool inside = col_tetratree_contains(tree, point, cache, stats != NULL ? &part : NULL, trace);
	if (stats != NULL) {
		part.queries = 0;
		col_query_stats_add(stats, &part);
	}
	return inside;
}

void col_tetratree_contains_points(const col_tetratree *tree, const col_vec3 *points, size_t count, bool *inside,
                                   col_query_stats *stats)
{
	if (inside == NULL)
		return;
	for (size_t i = 0; i < count; i++)
		inside[i] = points != NULL && col_tetratree_contains(tree, points[i], NULL, stats, NULL);
}

/* ---- spheres ---- */

/* Whether c is within r of the closed half-space {x : n . (x - base) >= 0}, allowing for the
 * rounding of n . (c - base) (n itself exact or nearly: the slack is relative). Errs towards yes. */
static bool within_of_half_space(col_vec3 n, col_vec3 base, col_vec3 c, double r)
{
	col_vec3 d = col_vec3_sub(c, base);
	double value = col_vec3_dot(n, d);
	double slack = 1e-13 * (fabs(n.x) * (fabs(d.x) + fabs(base.x)) + fabs(n.y) * (fabs(d.y) + fabs(base.y)) +
	                        fabs(n.z) * (fabs(d.z) + fabs(base.z)));
	return value >= -(r * col_vec3_length(n) * (1.0 + 1e-12) + slack);
}

/* Def. 5.17 and Prop. 5.15 (erratum 3): c within r of the cone, its three facet planes pushed out.
 * The facet normals are exact: ray points minus the apex are dyadic multiples of s. */
static bool in_extended_cone(const col_tetratree *tree, const tt_cone *cone, col_vec3 c, double r)
{
	col_vec3 o = tree->apex;
	col_vec3 d[3];
	for (int k = 0; k < 3; k++)
		d[k] = col_vec3_sub(cone->ray[k], o);
	/* Facet k is opposite ray k; its normal is d[k+1] x d[k+2], turned towards ray k. */
	for (int k = 0; k < 3; k++) {
		col_vec3 n = col_vec3_cross(d[(k + 1) % 3], d[(k + 2) % 3]);
		if (col_vec3_dot(n, d[k]) < 0.0)
			n = col_vec3_scale(n, -1.0);
		if (!within_of_half_space(n, o, c, r))
			return false;
	}
	return true;
}

/* c within r of the apex's side of the enclosing tetrahedron's outer plane (Prop. 5.14's alpha). */
static bool in_extended_envelope(const col_tetratree *tree, const tt_cone *cone, col_vec3 c, double r)
{
	col_vec3 n = col_vec3_cross(col_vec3_sub(cone->env[1], cone->env[0]), col_vec3_sub(cone->env[2], cone->env[0]));
	if (col_vec3_dot(n, col_vec3_sub(tree->apex, cone->env[0])) < 0.0)
		n = col_vec3_scale(n, -1.0);
	return within_of_half_space(n, cone->env[0], c, r);
}

/* Starts a query that marks the tetrahedra it tested in the cache (0 without one). */
static void begin_marking(col_covering3d_cache *cache)
{
	if (cache == NULL)
		return;
	if (++cache->epoch == 0) {
		memset(cache->stamp, 0, (size_t)cache->capacity * sizeof *cache->stamp);
		cache->epoch = 1;
	}
}

/* Whether tetrahedron i is new to this query (and marks it). Without a cache, every one is new. */
static bool first_visit(col_covering3d_cache *cache, int i)
{
	if (cache == NULL)
		return true;
	if (cache->stamp[i] == cache->epoch)
		return false;
	cache->stamp[i] = cache->epoch;
	return true;
}

typedef struct sphere_query {
	const col_tetratree *tree;
	col_sphere sphere;
	col_covering3d_cache *cache;
	col_query_stats *stats;
	col_tetratree_trace *trace;
} sphere_query;

/* Alg. 5.4's descent: the cones whose extended cone, extended enclosing tetrahedron and enclosing
 * sphere the ball reaches; in their leaves, each face triangle tested exactly. Sound because any
 * common point X of the ball and the surface lies in some leaf cone (they tile space), on a
 * triangle classified there, inside that cone's enclosing tetrahedron and sphere, and within r of
 * the centre. */
static bool sphere_visit(const sphere_query *q, int index)
{
	const col_tetratree *tree = q->tree;
	const tt_cone *c = &tree->cones[index];
	if (q->stats != NULL)
		q->stats->nodes_visited++;
	col_vec3 center = q->sphere.center;
	double r = q->sphere.radius;
	if (c->count == 0 || !in_extended_cone(tree, c, center, r) ||
	    col_sphere_sphere_side(c->sphere.center, c->sphere.radius, center, r) > 0 ||
	    !in_extended_envelope(tree, c, center, r))
		return false;
	tt_trace_cone(q->trace, index);
	if (c->first_child >= 0) {
		for (int k = 0; k < 4; k++)
			if (sphere_visit(q, c->first_child + k))
				return true;
		return false;
	}
	const col_covering3d *cov = tree->covering;
	for (int k = 0; k < c->count; k++) {
		int i = tree->pool[c->first + k];
		if (!first_visit(q->cache, i))
			continue;
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[i];
		if (q->stats != NULL)
			q->stats->primitives_tested++;
		tt_trace_tetrahedra(q->trace, &i, 1);
		if (col_triangle_intersects_sphere((col_triangle){t->a, t->b, t->c}, q->sphere))
			return true;
	}
	return false;
}

static bool sphere_is_usable(col_sphere s)
{
	return col_vec3_is_finite(s.center) && isfinite(s.radius) && s.radius >= 0.0;
}

/* Whether the ball reaches the surface: Alg. 5.4's descent from the eight roots. */
static bool surface_reached(const col_tetratree *tree, col_sphere sphere, col_covering3d_cache *cache,
                            col_query_stats *stats, col_tetratree_trace *trace)
{
	cache = col_covering3d_cache_usable(tree->covering, cache);
	begin_marking(cache);
	sphere_query q = {tree, sphere, cache, stats, trace};
	for (int root = 0; root < 8; root++)
		if (sphere_visit(&q, root))
			return true;
	return false;
}

/* The checks every sphere query starts with: a usable ball that reaches the mesh's bounding sphere
 * (the query is counted either way). */
static bool sphere_may_reach(const col_tetratree *tree, col_sphere sphere, col_query_stats *stats)
{
	if (tree == NULL || !sphere_is_usable(sphere))
		return false;
	if (stats != NULL)
		stats->queries++;
	const col_covering3d *cov = tree->covering;
	return col_sphere_sphere_side(cov->bounds.center, cov->bounds.radius, sphere.center, sphere.radius) <= 0;
}

static bool sphere_query_run(const col_tetratree *tree, col_sphere sphere, bool solid, col_covering3d_cache *cache,
                             col_query_stats *stats, col_tetratree_trace *trace)
{
	if (!sphere_may_reach(tree, sphere, stats))
		return false;
	/* Prop. 5.24: a centre inside means the ball is in or across the solid. */
	if (solid) {
		if (tt_contains_within_query(tree, sphere.center, cache, stats, trace))
			return true;
	}
	return surface_reached(tree, sphere, cache, stats, trace);
}

bool col_tetratree_intersects_sphere(const col_tetratree *tree, col_sphere sphere, col_covering3d_cache *cache,
                                     col_query_stats *stats, col_tetratree_trace *trace)
{
	return sphere_query_run(tree, sphere, true, cache, stats, trace);
}

bool col_tetratree_sphere_meets_surface(const col_tetratree *tree, col_sphere sphere, col_covering3d_cache *cache,
                                        col_query_stats *stats, col_tetratree_trace *trace)
{
	return sphere_query_run(tree, sphere, false, cache, stats, trace);
}

/* ---- nearest points and rays ---- */

typedef struct nearest_query {
	const col_tetratree *tree;
	col_vec3 point;
	double best_squared; /* squared distance of the best point so far */
	col_vec3 best;
	int triangle;
	col_query_stats *stats;
} nearest_query;

/* A lower bound of the distance from p to anything in the cone's enclosing sphere, squared. */
static double sphere_gap_squared(const tt_cone *c, col_vec3 p)
{
	double gap = col_vec3_distance(p, c->sphere.center) - c->sphere.radius;
	return gap > 0.0 ? gap * gap * (1.0 - 1e-12) : 0.0;
}

static void order_by(const double *keys, int *order, int n)
{
	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && keys[order[j]] < keys[order[j - 1]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

static void nearest_visit(nearest_query *q, int index)
{
	const col_tetratree *tree = q->tree;
	const tt_cone *c = &tree->cones[index];
	if (q->stats != NULL)
		q->stats->nodes_visited++;
	if (c->count == 0 || sphere_gap_squared(c, q->point) >= q->best_squared)
		return;
	if (c->first_child >= 0) {
		double gaps[4];
		int order[4];
		for (int k = 0; k < 4; k++)
			gaps[k] = sphere_gap_squared(&tree->cones[c->first_child + k], q->point);
		order_by(gaps, order, 4);
		for (int k = 0; k < 4; k++)
			if (gaps[order[k]] < q->best_squared)
				nearest_visit(q, c->first_child + order[k]);
		return;
	}
	const col_covering3d *cov = tree->covering;
	for (int k = 0; k < c->count; k++) {
		int i = tree->pool[c->first + k];
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[i];
		col_vec3 x = col_triangle_closest_point((col_triangle){t->a, t->b, t->c}, q->point);
		col_vec3 d = col_vec3_sub(x, q->point);
		double squared = col_vec3_dot(d, d);
		if (q->stats != NULL)
			q->stats->primitives_tested++;
		if (squared < q->best_squared) {
			q->best_squared = squared;
			q->best = x;
			q->triangle = i;
		}
	}
}

/* The nearest-point search, its work counted but not as a query. */
static double nearest_surface_point(const col_tetratree *tree, col_vec3 point, col_vec3 *closest, int *triangle,
                                    col_query_stats *stats)
{
	nearest_query q = {tree, point, INFINITY, point, -1, stats};
	double gaps[8];
	int order[8];
	for (int root = 0; root < 8; root++)
		gaps[root] = sphere_gap_squared(&tree->cones[root], point);
	order_by(gaps, order, 8);
	for (int k = 0; k < 8; k++)
		nearest_visit(&q, order[k]);
	if (closest != NULL)
		*closest = q.best;
	if (triangle != NULL)
		*triangle = q.triangle;
	return sqrt(q.best_squared);
}

double col_tetratree_closest_point(const col_tetratree *tree, col_vec3 point, col_vec3 *closest, int *triangle,
                                   col_query_stats *stats)
{
	if (tree == NULL || !col_vec3_is_finite(point))
		return -1.0;
	if (stats != NULL)
		stats->queries++;
	return nearest_surface_point(tree, point, closest, triangle, stats);
}

double col_tetratree_signed_distance(const col_tetratree *tree, col_vec3 point, col_query_stats *stats)
{
	if (tree == NULL || !col_vec3_is_finite(point))
		return NAN;
	double distance = col_tetratree_closest_point(tree, point, NULL, NULL, stats);
	return tt_contains_within_query(tree, point, NULL, stats, NULL) ? -distance : distance;
}

bool col_tetratree_sphere_contact(const col_tetratree *tree, col_sphere sphere, col_contact3 *contact,
                                  col_query_stats *stats)
{
	if (!sphere_may_reach(tree, sphere, stats))
		return false;
	/* The centre's state once: it decides the answer when inside, and the normal's direction. */
	bool inside = tt_contains_within_query(tree, sphere.center, NULL, stats, NULL);
	if (!inside && !surface_reached(tree, sphere, NULL, stats, NULL))
		return false;
	if (contact == NULL)
		return true;
	col_vec3 nearest;
	int triangle;
	double distance = nearest_surface_point(tree, sphere.center, &nearest, &triangle, stats);
	const col_covering3d_tetrahedron *t = &tree->covering->tetrahedra[triangle];
	*contact = col_sphere_solid_contact(sphere, nearest, distance, (col_triangle){t->a, t->b, t->c}, triangle, inside,
	                                    tree->covering->bounds.radius);
	return true;
}

typedef struct ray_query {
	const col_tetratree *tree;
	col_vec3 origin, direction;
	double best; /* nearest hit parameter so far (max_distance at first) */
	int triangle;
	col_query_stats *stats;
} ray_query;

/* The parameter where the ray enters the cone's enclosing sphere (0 when it starts inside), or
 * INFINITY when it misses it. The radius is widened so rounding never drops a cone. */
static double sphere_entry(const ray_query *q, const tt_cone *c)
{
	col_vec3 m = col_vec3_sub(q->origin, c->sphere.center);
	double r = c->sphere.radius * (1.0 + 1e-9) + 1e-12 * col_vec3_length(m);
	double a = col_vec3_dot(q->direction, q->direction), b = col_vec3_dot(m, q->direction);
	double cc = col_vec3_dot(m, m) - r * r;
	if (cc <= 0.0)
		return 0.0;
	if (b >= 0.0)
		return INFINITY; /* outside and moving away */
	double disc = b * b - a * cc;
	if (disc < 0.0)
		return INFINITY;
	return fmax(0.0, (-b - sqrt(disc)) / a);
}

static void ray_visit(ray_query *q, int index)
{
	const col_tetratree *tree = q->tree;
	const tt_cone *c = &tree->cones[index];
	if (q->stats != NULL)
		q->stats->nodes_visited++;
	if (c->first_child >= 0) {
		double entries[4];
		int order[4];
		for (int k = 0; k < 4; k++) {
			const tt_cone *child = &tree->cones[c->first_child + k];
			entries[k] = child->count > 0 ? sphere_entry(q, child) : INFINITY;
		}
		order_by(entries, order, 4);
		for (int k = 0; k < 4 && entries[order[k]] < INFINITY && entries[order[k]] <= q->best; k++)
			ray_visit(q, c->first_child + order[k]);
		return;
	}
	const col_covering3d *cov = tree->covering;
	for (int k = 0; k < c->count; k++) {
		int i = tree->pool[c->first + k];
		const col_covering3d_tetrahedron *t = &cov->tetrahedra[i];
		if (q->stats != NULL)
			q->stats->primitives_tested++;
		double hit = col_triangle_ray_parameter((col_triangle){t->a, t->b, t->c}, q->origin, q->direction);
		if (hit < INFINITY && hit <= q->best) {
			q->best = hit;
			q->triangle = i;
		}
	}
}

bool col_tetratree_ray_cast(const col_tetratree *tree, col_vec3 origin, col_vec3 direction, double max_distance,
                            col_ray_hit3 *hit, col_query_stats *stats)
{
	if (tree == NULL || !col_vec3_is_finite(origin) || !col_vec3_is_finite(direction) ||
	    col_vec3_dot(direction, direction) == 0.0 || !(max_distance >= 0.0))
		return false;
	if (stats != NULL)
		stats->queries++;
	ray_query q = {tree, origin, direction, max_distance, -1, stats};
	double entries[8];
	int order[8];
	for (int root = 0; root < 8; root++)
		entries[root] = tree->cones[root].count > 0 ? sphere_entry(&q, &tree->cones[root]) : INFINITY;
	order_by(entries, order, 8);
	for (int k = 0; k < 8 && entries[order[k]] < INFINITY && entries[order[k]] <= q.best; k++)
		ray_visit(&q, order[k]);
	if (q.triangle < 0)
		return false;
	if (hit != NULL) {
		const col_covering3d_tetrahedron *t = &tree->covering->tetrahedra[q.triangle];
		*hit = (col_ray_hit3){.distance = q.best, .point = col_vec3_add(origin, col_vec3_scale(direction, q.best)),
		                      .normal = col_triangle_normal((col_triangle){t->a, t->b, t->c}), .feature = q.triangle};
	}
	return true;
}
