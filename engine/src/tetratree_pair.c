/* Mesh pairs with tetra-trees (source 000, 5.5): DC-TT (Alg. 5.10), DC-List (Alg. 5.11) and the
 * flat all-pairs DC, each with the containment check the source leaves out.
 *
 * Where this departs from the source, and why:
 * - No marking by regular envelopes (Theorem 5.5): in 3D a level's regular envelope is not convex
 *   once leaves stop at different levels (a big leaf's triangle is cut by its split neighbours'
 *   points on the sphere), so a cone beyond a reference triangle may still hold geometry.
 * - Enclosing tetrahedra are compared by their face planes with a rounding slack (a separating
 *   face plane rejects the pair), not exactly: b's tetrahedra are moved by a rounded motion, and
 *   the exact test on rounded corners could drop a touching contact.
 * - Leaf pairs test every triangle pair exactly (col_triangle_intersects_triangle on b's moved
 *   triangles, as the oracle does): with triangle meshes segment/face is segment/triangle (5.6), and
 *   the triangle test covers both directions at once. */
#include <math.h>
#include <stdlib.h>

#include "collide/predicates.h"
#include "error.h"
#include "mesh_contact_internal.h"
#include "tetratree_internal.h"

typedef struct pair_query {
	const col_tetratree *a, *b;
	col_transform3 b_to_a;
	col_covering3d_cache *cache;
	col_query_stats *stats;
	col_tetratree_trace *trace;
	double slack; /* rounding allowance for the filters, in a's frame */
	mesh_contact_set *contacts; /* gathering every contact: no early exit (NULL: yes or no) */
} pair_query;

static col_vec3 moved(const pair_query *q, col_vec3 p)
{
	return col_transform3_apply(q->b_to_a, p);
}

/* Whether every point of u lies more than slack beyond one face plane of t (t's fourth vertex on
 * the other side): a separating plane, so the two tetrahedra are apart. */
static bool separated_by_a_face(const col_vec3 t[4], const col_vec3 u[4], double slack)
{
	static const int faces[4][4] = {{1, 2, 3, 0}, {0, 3, 2, 1}, {0, 1, 3, 2}, {0, 2, 1, 3}};
	for (int f = 0; f < 4; f++) {
		col_vec3 a = t[faces[f][0]], b = t[faces[f][1]], c = t[faces[f][2]], inner = t[faces[f][3]];
		col_vec3 n = col_vec3_cross(col_vec3_sub(b, a), col_vec3_sub(c, a));
		double length = col_vec3_length(n);
		if (!(length > 0.0))
			continue;
		double inner_side = col_vec3_dot(n, col_vec3_sub(inner, a));
		if (inner_side == 0.0)
			continue;
		double sign = inner_side > 0.0 ? -1.0 : 1.0; /* towards the outside of face f */
		bool all_beyond = true;
		for (int k = 0; k < 4 && all_beyond; k++)
			all_beyond = sign * col_vec3_dot(n, col_vec3_sub(u[k], a)) > slack * length;
		if (all_beyond)
			return true;
	}
	return false;
}

/* The enclosing tetrahedra of a's cone ia and b's cone ib (moved) may meet (Prop. 5.25). */
static bool envelopes_may_meet(const pair_query *q, int ia, int ib)
{
	const tt_cone *ca = &q->a->cones[ia], *cb = &q->b->cones[ib];
	col_vec3 ta[4] = {q->a->apex, ca->env[0], ca->env[1], ca->env[2]};
	col_vec3 tb[4] = {moved(q, q->b->apex), moved(q, cb->env[0]), moved(q, cb->env[1]), moved(q, cb->env[2])};
	return !separated_by_a_face(ta, tb, q->slack) && !separated_by_a_face(tb, ta, q->slack);
}

/* Two balls of a's frame may meet, allowing for rounding. */
static bool balls_may_meet(const pair_query *q, col_vec3 ca, double ra, col_vec3 cb, double rb)
{
	return col_vec3_distance(ca, cb) <= (ra + rb) * (1.0 + 1e-12) + q->slack;
}

static bool spheres_may_meet(const pair_query *q, col_sphere sa, col_sphere sb)
{
	return balls_may_meet(q, sa.center, sa.radius, moved(q, sb.center), sb.radius);
}

static col_triangle triangle_a(const pair_query *q, int i)
{
	const col_covering3d_tetrahedron *t = &q->a->covering->tetrahedra[i];
	return (col_triangle){t->a, t->b, t->c};
}

static col_triangle moved_triangle_b(const pair_query *q, int j)
{
	const col_covering3d_tetrahedron *t = &q->b->covering->tetrahedra[j];
	return col_triangle_moved((col_triangle){t->a, t->b, t->c}, q->b_to_a);
}

static void remember_hit(const pair_query *q, int i, int j, int ia, int ib)
{
	if (q->cache == NULL)
		return;
	q->cache->last_hit = true;
	q->cache->hit_triangle_a = i;
	q->cache->hit_triangle_b = j;
	q->cache->hit_cone_a = ia;
	q->cache->hit_cone_b = ib;
}

/* Two triangles, exactly, after a box test (exact comparisons on the same coordinates). */
static bool triangles_meet(const pair_query *q, col_triangle ta, col_triangle tb)
{
	if (!col_aabb3_overlaps(col_triangle_bounds(ta), col_triangle_bounds(tb)))
		return false;
	if (q->stats != NULL)
		q->stats->primitives_tested++;
	return col_triangle_intersects_triangle(ta, tb);
}

/* Every triangle of leaf ia against every moved triangle of leaf ib. */
static bool detailed(const pair_query *q, int ia, int ib)
{
	const tt_cone *ca = &q->a->cones[ia], *cb = &q->b->cones[ib];
	for (int kb = 0; kb < cb->count; kb++) {
		int j = q->b->pool[cb->first + kb];
		col_triangle tb = moved_triangle_b(q, j);
		col_aabb3 box = col_triangle_bounds(tb);
		for (int ka = 0; ka < ca->count; ka++) {
			int i = q->a->pool[ca->first + ka];
			col_triangle ta = triangle_a(q, i);
			if (!col_aabb3_overlaps(col_triangle_bounds(ta), box))
				continue;
			tt_trace_tetrahedra(q->trace, &i, 1);
			if (q->contacts != NULL) {
				if (q->stats != NULL)
					q->stats->primitives_tested++;
				mesh_contact_set_add_crossing(q->contacts, i, j, ta, tb);
				continue;
			}
			if (triangles_meet(q, ta, tb)) {
				remember_hit(q, i, j, ia, ib);
				return true;
			}
		}
	}
	return false;
}

/* Alg. 5.10's simultaneous descent: pairs whose spheres and enclosing tetrahedra may meet. Any
 * common surface point lies in a leaf of each tree, inside both leaves' enclosing tetrahedra and
 * spheres, and so inside those of all their ancestors: no contact is pruned. */
static bool pair(const pair_query *q, int ia, int ib)
{
	const tt_cone *ca = &q->a->cones[ia], *cb = &q->b->cones[ib];
	if (q->stats != NULL)
		q->stats->nodes_visited++;
	if (ca->count == 0 || cb->count == 0 || !spheres_may_meet(q, ca->sphere, cb->sphere) ||
	    !envelopes_may_meet(q, ia, ib))
		return false;
	tt_trace_cone(q->trace, ia);
	bool leaf_a = ca->first_child < 0, leaf_b = cb->first_child < 0;
	if (leaf_a && leaf_b)
		return detailed(q, ia, ib);
	/* Descend the bigger cone (by sphere) first, the other only once it is a leaf or smaller. */
	bool split_a = !leaf_a && (leaf_b || ca->sphere.radius >= cb->sphere.radius);
	for (int k = 0; k < 4; k++)
		if (split_a ? pair(q, ca->first_child + k, ib) : pair(q, ia, cb->first_child + k))
			return true;
	return false;
}

/* Whether a point of a's frame lies inside moved b: b's tree in b's frame, the point moved back.
 * Only asked when no surfaces meet, so the point is off b's surface; the answer differs from the
 * oracle's (on b's moved triangles) only for a point within rounding of that surface. */
static bool inside_moved_b(const pair_query *q, col_vec3 p)
{
	return tt_contains_within_query(q->b, col_transform3_apply_inverse(q->b_to_a, p), NULL, q->stats, NULL);
}

/* The surfaces are apart: the solids meet only if a piece of one lies inside the other (the
 * footnote to Prop. 5.25 that Algs. 5.10 and 5.11 leave out; one vertex per connected piece, since
 * a mesh of several pieces can have one inside and the others away). */
static bool one_inside_other(const pair_query *q)
{
	const col_covering3d *ca = q->a->covering, *cb = q->b->covering;
	const col_vec3 *vb = col_mesh_vertices(cb->mesh), *va = col_mesh_vertices(ca->mesh);
	for (int k = 0; k < cb->piece_count; k++)
		if (tt_contains_within_query(q->a, moved(q, vb[cb->piece_vertices[k]]), NULL, q->stats, NULL))
			return true;
	for (int k = 0; k < ca->piece_count; k++)
		if (inside_moved_b(q, va[ca->piece_vertices[k]]))
			return true;
	return false;
}

static bool tree_pair(const pair_query *q)
{
	col_covering3d_cache *cache = q->cache;
	/* Heuristic 5.2: the triangle pair of the last hit, then its leaves. */
	if (cache != NULL && cache->last_hit && cache->hit_triangle_a >= 0 && cache->hit_triangle_a < q->a->covering->count &&
	    cache->hit_triangle_b >= 0 && cache->hit_triangle_b < q->b->covering->count && cache->hit_cone_a >= 0 &&
	    cache->hit_cone_a < q->a->cone_count && cache->hit_cone_b >= 0 && cache->hit_cone_b < q->b->cone_count) {
		if (triangles_meet(q, triangle_a(q, cache->hit_triangle_a), moved_triangle_b(q, cache->hit_triangle_b))) {
			if (q->stats != NULL)
				q->stats->cache_hits++;
			return true;
		}
		if (q->a->cones[cache->hit_cone_a].first_child < 0 && q->b->cones[cache->hit_cone_b].first_child < 0 &&
		    detailed(q, cache->hit_cone_a, cache->hit_cone_b))
			return true;
	}
	if (cache != NULL)
		cache->last_hit = false;
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++)
			if (pair(q, x, y))
				return true;
	return one_inside_other(q);
}

/* Alg. 5.11 (DC-List): b as its bounding sphere; a's leaves that the sphere reaches (their
 * extended cones, enclosing tetrahedra and spheres, as for Alg. 5.4) give the triangles of a to
 * test, each against every moved triangle of b near it. Fast when b is much smaller than a. */
static bool list_visit(const pair_query *q, int index, col_sphere reach, const col_triangle *moved_b,
                       const col_aabb3 *boxes_b, int count_b)
{
	const tt_cone *c = &q->a->cones[index];
	if (q->stats != NULL)
		q->stats->nodes_visited++;
	if (c->count == 0 || !balls_may_meet(q, c->sphere.center, c->sphere.radius, reach.center, reach.radius))
		return false;
	tt_trace_cone(q->trace, index);
	if (c->first_child >= 0) {
		for (int k = 0; k < 4; k++)
			if (list_visit(q, c->first_child + k, reach, moved_b, boxes_b, count_b))
				return true;
		return false;
	}
	col_aabb3 ball = {{reach.center.x - reach.radius, reach.center.y - reach.radius, reach.center.z - reach.radius},
	                  {reach.center.x + reach.radius, reach.center.y + reach.radius, reach.center.z + reach.radius}};
	ball.min = col_vec3_sub(ball.min, (col_vec3){q->slack, q->slack, q->slack});
	ball.max = col_vec3_add(ball.max, (col_vec3){q->slack, q->slack, q->slack});
	for (int k = 0; k < c->count; k++) {
		int i = q->a->pool[c->first + k];
		col_triangle ta = triangle_a(q, i);
		col_aabb3 box = col_triangle_bounds(ta);
		if (!col_aabb3_overlaps(box, ball))
			continue;
		tt_trace_tetrahedra(q->trace, &i, 1);
		for (int j = 0; j < count_b; j++)
			if (col_aabb3_overlaps(box, boxes_b[j]) && triangles_meet(q, ta, moved_b[j])) {
				remember_hit(q, i, j, index, -1);
				return true;
			}
	}
	return false;
}

static bool cone_list(const pair_query *q)
{
	const col_covering3d *cb = q->b->covering;
	int n = cb->count;
	col_triangle *moved_b = malloc((size_t)n * sizeof *moved_b);
	col_aabb3 *boxes = malloc((size_t)n * sizeof *boxes);
	bool met = false;
	if (moved_b != NULL && boxes != NULL) {
		for (int j = 0; j < n; j++) {
			moved_b[j] = moved_triangle_b(q, j);
			boxes[j] = col_triangle_bounds(moved_b[j]);
		}
		col_sphere reach = {moved(q, cb->bounds.center), cb->bounds.radius};
		for (int root = 0; root < 8 && !met; root++)
			met = list_visit(q, root, reach, moved_b, boxes, n);
	} else {
		/* No memory for b's moved triangles: the descent answers as well, only slower. */
		met = tree_pair(q);
	}
	free(moved_b);
	free(boxes);
	return met || one_inside_other(q);
}

/* DC without a tree: every triangle pair, with boxes (the flat covering's method). */
static bool all_pairs(const pair_query *q)
{
	const col_covering3d *ca = q->a->covering, *cb = q->b->covering;
	for (int j = 0; j < cb->count; j++) {
		col_triangle tb = moved_triangle_b(q, j);
		col_aabb3 box = col_triangle_bounds(tb);
		for (int i = 0; i < ca->count; i++) {
			col_triangle ta = triangle_a(q, i);
			if (col_aabb3_overlaps(col_triangle_bounds(ta), box) && triangles_meet(q, ta, tb))
				return true;
		}
	}
	return one_inside_other(q);
}

static pair_query pair_query_make(const col_tetratree *a, const col_tetratree *b, col_transform3 b_to_a,
                                  col_covering3d_cache *cache, col_query_stats *stats, col_tetratree_trace *trace)
{
	col_vec3 center_b = col_transform3_apply(b_to_a, b->covering->bounds.center);
	/* Rounding allowance: a few ulps of the largest coordinates involved. */
	double scale = a->covering->bounds.radius + b->covering->bounds.radius +
	               col_vec3_length(a->covering->bounds.center) + col_vec3_length(center_b);
	return (pair_query){a, b, b_to_a, cache, stats, trace, 1e-12 * scale, NULL};
}

/* The bounding spheres of both meshes may meet. */
static bool bounds_may_meet(const pair_query *q)
{
	const col_sphere sa = q->a->covering->bounds, sb = q->b->covering->bounds;
	return spheres_may_meet(q, sa, sb);
}

bool col_tetratree_intersects_tetratree(const col_tetratree *a, const col_tetratree *b, col_transform3 b_to_a,
                                        col_method method, col_covering3d_cache *cache, col_query_stats *stats,
                                        col_tetratree_trace *trace)
{
	if (a == NULL || b == NULL || !col_transform3_is_finite(b_to_a))
		return false;
	if (stats != NULL)
		stats->queries++;
	pair_query q = pair_query_make(a, b, b_to_a, col_covering3d_cache_usable(a->covering, cache), stats, trace);
	if (!bounds_may_meet(&q))
		return false;
	switch (method) {
	case COL_METHOD_CONE_LIST: return cone_list(&q);
	case COL_METHOD_COVERING:
	case COL_METHOD_LIST: return all_pairs(&q);
	default: return tree_pair(&q);
	}
}

/* A tree as the contact search sees it. */
static bool tree_holds(const void *solid, col_vec3 p, col_query_stats *stats)
{
	return tt_contains_within_query(solid, p, NULL, stats, NULL);
}

static double nearest_on_tree(const void *solid, col_vec3 p, col_vec3 *nearest, int *triangle)
{
	return col_tetratree_closest_point(solid, p, nearest, triangle, NULL);
}

col_status col_tetratree_contacts(const col_tetratree *a, const col_tetratree *b, col_transform3 b_to_a,
                                  col_mesh_contact *contacts, int capacity, col_mesh_contact_summary *summary,
                                  col_query_stats *stats, col_tetratree_trace *trace, col_error *error)
{
	if (summary != NULL)
		*summary = (col_mesh_contact_summary){0};
	if (a == NULL || b == NULL || capacity < 0 || (capacity > 0 && contacts == NULL))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "tetratree contacts: NULL tree or contact buffer");
	if (!col_transform3_is_finite(b_to_a))
		return col_fail(error, COL_ERROR_NOT_FINITE, "tetratree contacts: the transform is not finite");
	if (stats != NULL)
		stats->queries++;
	mesh_contact_set set;
	mesh_contact_set_init(&set);
	pair_query q = pair_query_make(a, b, b_to_a, NULL, stats, trace);
	q.contacts = &set;
	if (!bounds_may_meet(&q))
		return COL_OK;
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++)
			pair(&q, x, y);
	mesh_contact_solid solid_a = {a, tree_holds, nearest_on_tree, a->covering->bounds, a->covering->mesh};
	mesh_contact_solid solid_b = {b, tree_holds, nearest_on_tree, b->covering->bounds, b->covering->mesh};
	mesh_contact_add_vertices(&set, &solid_a, &solid_b, a->covering->mesh, b->covering->mesh, b_to_a, stats);
	col_status status = mesh_contact_set_finish(&set, contacts, capacity, summary, error);
	mesh_contact_set_free(&set);
	return status;
}
