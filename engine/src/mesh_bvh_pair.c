/* Two mesh BVHs descended together: whether the surfaces meet, whether the solids do, and their
 * contacts. */
#include "mesh_bvh_internal.h"

#include <math.h>

#include "error.h"
#include "mesh_contact_internal.h"

typedef struct pair_query {
	const col_mesh_bvh *a, *b;
	col_transform3 b_to_a;
	double rotation[3][3];          /* b's frame to a's: column j is the image of axis j */
	double rotation_abs[3][3];
	double translation[3];
	bool orthonormal;               /* b's axes may be tried as separating axes too */
	bool roots_apart;               /* the root nodes themselves were found apart */
	double slack;                   /* absolute widening that covers every rounding of a box test */
	mesh_contact_set *contacts;     /* NULL: stop at the first crossing */
	col_query_stats *stats;
	col_mesh_bvh_trace *trace;
	uint64_t visited, tested;
} pair_query;

static pair_query pair_query_make(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                                  col_query_stats *stats, col_mesh_bvh_trace *trace)
{
	pair_query q = {.a = a, .b = b, .b_to_a = b_to_a, .stats = stats, .trace = trace};
	/* col_quat_apply is linear: its matrix is the images of the axes. (Poses are unit quaternions,
	 * math.h; b's own axes are tried only when the length is 1 to rounding.) */
	col_vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	for (int j = 0; j < 3; j++) {
		col_vec3 column = col_quat_apply(b_to_a.rotation, axes[j]);
		double c[3] = {column.x, column.y, column.z};
		for (int i = 0; i < 3; i++) {
			q.rotation[i][j] = c[i];
			q.rotation_abs[i][j] = fabs(c[i]);
		}
	}
	q.translation[0] = b_to_a.translation.x;
	q.translation[1] = b_to_a.translation.y;
	q.translation[2] = b_to_a.translation.z;
	col_quat r = b_to_a.rotation;
		/* Moved coordinates are at most |q|^2 sqrt(3) b->scale + |t|: the slack is far above their
	 * rounding and far below anything a box could usefully separate. */
	double length_squared = r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w;
	double reach = a->scale + 2.0 * (1.0 + length_squared) * b->scale +
	               col_max3(fabs(q.translation[0]), fabs(q.translation[1]), fabs(q.translation[2]));
	q.orthonormal = fabs(length_squared - 1.0) < 1e-12; /* R^T inverts R to far below the slack */
	q.slack = 1e-9 * reach + 1e-300;
	return q;
}

/* Whether a's node box and b's (moved) may overlap: separating axes along a's three axes, then
 * (for a rotation) along b's. Errs towards yes by the query's slack. */
static bool boxes_may_overlap(const pair_query *q, const bvh_node *na, const bvh_node *nb)
{
	double ca[3], ea[3], cb[3], eb[3];
	for (int k = 0; k < 3; k++) {
		ca[k] = na->center[k];
		ea[k] = na->half[k];
		cb[k] = nb->center[k];
		eb[k] = nb->half[k];
	}
	double d[3];
	for (int i = 0; i < 3; i++) {
		const double *row = q->rotation[i], *row_abs = q->rotation_abs[i];
		d[i] = row[0] * cb[0] + row[1] * cb[1] + row[2] * cb[2] + q->translation[i] - ca[i];
		double reach = ea[i] + row_abs[0] * eb[0] + row_abs[1] * eb[1] + row_abs[2] * eb[2] + q->slack;
		if (fabs(d[i]) > reach)
			return false;
	}
	if (!q->orthonormal)
		return true;
	for (int j = 0; j < 3; j++) {
		double along = q->rotation[0][j] * d[0] + q->rotation[1][j] * d[1] + q->rotation[2][j] * d[2];
		double reach = eb[j] + q->rotation_abs[0][j] * ea[0] + q->rotation_abs[1][j] * ea[1] +
		               q->rotation_abs[2][j] * ea[2] + q->slack;
		if (fabs(along) > reach)
			return false;
	}
	return true;
}

/* Whether a's slab and b's moved box may overlap, and b's moved slab and a's box (for a
 * rotation): the slabs' normals as two more separating axes. */
static bool slabs_may_overlap(const pair_query *q, int ia, int ib)
{
	const bvh_node *na = &q->a->nodes[ia], *nb = &q->b->nodes[ib];
	const bvh_slab *sa = &q->a->slabs[ia], *sb = &q->b->slabs[ib];
	/* a's normal in b's frame (R^T n): b's box projects on it, shifted by n . t. */
	double m[3], along = 0.0, reach = 0.0, shift = 0.0;
	for (int j = 0; j < 3; j++) {
		m[j] = q->rotation[0][j] * sa->normal[0] + q->rotation[1][j] * sa->normal[1] +
		       q->rotation[2][j] * sa->normal[2];
		double c = nb->center[j], e = nb->half[j];
		along += m[j] * c;
		reach += fabs(m[j]) * e;
		shift += sa->normal[j] * q->translation[j];
	}
	along += shift;
	if (along - reach > (double)sa->high + q->slack || along + reach < (double)sa->low - q->slack)
		return false;
	if (!q->orthonormal)
		return true;
	/* b's normal in a's frame (R n): a's box projects on it, shifted back by R n . t. */
	along = reach = shift = 0.0;
	for (int i = 0; i < 3; i++) {
		double n = q->rotation[i][0] * sb->normal[0] + q->rotation[i][1] * sb->normal[1] +
		           q->rotation[i][2] * sb->normal[2];
		double c = na->center[i], e = na->half[i];
		along += n * c;
		reach += fabs(n) * e;
		shift += n * q->translation[i];
	}
	along -= shift;
	return !(along - reach > (double)sb->high + q->slack || along + reach < (double)sb->low - q->slack);
}

static bool nodes_may_overlap(const pair_query *q, int ia, int ib)
{
	return boxes_may_overlap(q, &q->a->nodes[ia], &q->b->nodes[ib]) && slabs_may_overlap(q, ia, ib);
}

/* Every triangle of a's leaf against every moved triangle of b's: returns whether one pair meets
 * (with a contact set, records every meeting pair and returns false to go on). */
static bool leaf_pair(pair_query *q, const bvh_node *na, const bvh_node *nb)
{
	col_triangle moved[COL_MESH_BVH_MAX_LEAF_TRIANGLES];
	col_aabb3 moved_bounds[COL_MESH_BVH_MAX_LEAF_TRIANGLES];
	for (int j = 0; j < nb->count; j++) {
		moved[j] = col_triangle_moved(q->b->triangles[nb->first + j], q->b_to_a);
		moved_bounds[j] = col_triangle_bounds(moved[j]);
	}
	for (int i = na->first; i < na->first + na->count; i++) {
		col_triangle ta = q->a->triangles[i];
		col_aabb3 bounds = col_triangle_bounds(ta);
		bvh_trace_triangle(q->trace, q->a->ids[i]);
		for (int j = 0; j < nb->count; j++) {
			/* Exact comparisons on the same rounded vertices the triangle test takes. */
			if (!col_aabb3_overlaps(bounds, moved_bounds[j]))
				continue;
			q->tested++;
			if (q->contacts != NULL)
				mesh_contact_set_add_crossing(q->contacts, q->a->ids[i], q->b->ids[nb->first + j], ta, moved[j]);
			else if (col_triangle_intersects_triangle(ta, moved[j]))
				return true;
		}
	}
	return false;
}

static double node_size(const bvh_node *n)
{
	return (double)n->half[0] + n->half[1] + n->half[2];
}

/* The squared distance between a's node centre and b's moved one. */
static double centre_distance_squared(const pair_query *q, int ia, int ib)
{
	const bvh_node *na = &q->a->nodes[ia], *nb = &q->b->nodes[ib];
	double sum = 0.0;
	for (int i = 0; i < 3; i++) {
		const double *row = q->rotation[i];
		double d = row[0] * nb->center[0] + row[1] * nb->center[1] + row[2] * nb->center[2] + q->translation[i] -
		           na->center[i];
		sum += d * d;
	}
	return sum;
}

/* The descent: a stack of node pairs whose boxes may overlap; the bigger node of a pair is split. */
static bool surfaces_meet(pair_query *q)
{
	int stack[BVH_PAIR_STACK][2], top = 0;
	q->visited++;
	bvh_trace_node(q->trace, 0);
	if (!nodes_may_overlap(q, 0, 0)) {
		q->roots_apart = true;
		return false;
	}
	stack[top][0] = 0;
	stack[top++][1] = 0;
	while (top > 0) {
		top--;
		int ia = stack[top][0], ib = stack[top][1];
		const bvh_node *na = &q->a->nodes[ia], *nb = &q->b->nodes[ib];
		if (bvh_is_leaf(na) && bvh_is_leaf(nb)) {
			if (leaf_pair(q, na, nb))
				return true;
			continue;
		}
		bool split_a = !bvh_is_leaf(na) && (bvh_is_leaf(nb) || node_size(na) >= node_size(nb));
		int kept[2][2], count = 0;
		double closeness[2];
		for (int k = 0; k < 2; k++) {
			int ca = split_a ? na->first + k : ia, cb = split_a ? ib : nb->first + k;
			q->visited++;
			if (split_a)
				bvh_trace_node(q->trace, ca);
			if (nodes_may_overlap(q, ca, cb)) {
				kept[count][0] = ca;
				kept[count][1] = cb;
				closeness[count++] = centre_distance_squared(q, ca, cb);
			}
		}
		/* The pair whose centres are nearer is taken first: where the surfaces cross, it is
		 * likelier to hold the crossing, and the search stops there. */
		int first = count == 2 && closeness[1] < closeness[0] ? 1 : 0;
		for (int k = count - 1; k >= 0; k--) {
			int pick = k == 0 ? first : 1 - first;
			stack[top][0] = kept[pick][0];
			stack[top++][1] = kept[pick][1];
		}
	}
	return false;
}

static void finish_counts(pair_query *q)
{
	if (q->stats != NULL) {
		q->stats->nodes_visited += q->visited;
		q->stats->primitives_tested += q->tested;
	}
}

static bool pair_arguments_valid(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a)
{
	return a != NULL && b != NULL && col_transform3_is_finite(b_to_a);
}

bool col_mesh_bvh_surfaces_meet(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                                col_query_stats *stats, col_mesh_bvh_trace *trace)
{
	if (!pair_arguments_valid(a, b, b_to_a))
		return false;
	if (stats != NULL)
		stats->queries++;
	pair_query q = pair_query_make(a, b, b_to_a, stats, trace);
	bool met = surfaces_meet(&q);
	finish_counts(&q);
	return met;
}

/* The surfaces are apart: the solids meet only if a piece of one lies inside the other (one
 * vertex per connected piece, since a mesh of several pieces can have one inside and the others
 * away). */
static bool piece_inside(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                         col_query_stats *stats)
{
	const col_vec3 *vb = col_mesh_vertices(b->mesh), *va = col_mesh_vertices(a->mesh);
	for (int k = 0; k < b->piece_count; k++)
		if (col_octree_contains(a->octree, col_transform3_apply(b_to_a, vb[b->piece_vertices[k]]), stats))
			return true;
	for (int k = 0; k < a->piece_count; k++)
		if (col_octree_contains(b->octree, col_transform3_apply_inverse(b_to_a, va[a->piece_vertices[k]]), stats))
			return true;
	return false;
}

bool col_mesh_bvh_intersects(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                             col_query_stats *stats, col_mesh_bvh_trace *trace)
{
	if (!pair_arguments_valid(a, b, b_to_a))
		return false;
	if (stats != NULL)
		stats->queries++;
	pair_query q = pair_query_make(a, b, b_to_a, stats, trace);
	bool met = surfaces_meet(&q);
	finish_counts(&q);
	if (met || a->octree == NULL || b->octree == NULL)
		return met;
	/* Root boxes apart: neither holds a point of the other. */
	if (q.roots_apart)
		return false;
	/* The point tests count their own work but are part of this query. */
	col_query_stats inner = {0};
	bool inside = piece_inside(a, b, b_to_a, &inner);
	if (stats != NULL) {
		stats->nodes_visited += inner.nodes_visited;
		stats->primitives_tested += inner.primitives_tested;
	}
	return inside;
}

/* ---- contacts ---- */

static bool bvh_holds(const void *solid, col_vec3 p, col_query_stats *stats)
{
	return col_octree_contains(((const col_mesh_bvh *)solid)->octree, p, stats);
}

static double bvh_nearest_of(const void *solid, col_vec3 p, col_vec3 *nearest, int *triangle)
{
	return bvh_nearest(solid, p, nearest, triangle, NULL);
}

col_status col_mesh_bvh_contacts(const col_mesh_bvh *a, const col_mesh_bvh *b, col_transform3 b_to_a,
                                 col_mesh_contact *contacts, int capacity, col_mesh_contact_summary *summary,
                                 col_query_stats *stats, col_error *error)
{
	if (summary != NULL)
		*summary = (col_mesh_contact_summary){0};
	if (a == NULL || b == NULL || capacity < 0 || (capacity > 0 && contacts == NULL))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh bvh contacts: NULL BVH or contact buffer");
	if (a->octree == NULL || b->octree == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "mesh bvh contacts: both BVHs must be solid (built without surface_only)");
	if (!col_transform3_is_finite(b_to_a))
		return col_fail(error, COL_ERROR_NOT_FINITE, "mesh bvh contacts: the transform is not finite");
	if (stats != NULL)
		stats->queries++;
	mesh_contact_set set;
	mesh_contact_set_init(&set);
	pair_query q = pair_query_make(a, b, b_to_a, stats, NULL);
	q.contacts = &set;
	surfaces_meet(&q);
	finish_counts(&q);
	mesh_contact_solid solid_a = {a, bvh_holds, bvh_nearest_of, mesh_contact_bounds(a->mesh), a->mesh};
	mesh_contact_solid solid_b = {b, bvh_holds, bvh_nearest_of, mesh_contact_bounds(b->mesh), b->mesh};
	/* The vertex tests' point queries are this query's work, not queries of their own. */
	col_query_stats inner = {0};
	mesh_contact_add_vertices(&set, &solid_a, &solid_b, a->mesh, b->mesh, b_to_a, &inner);
	if (stats != NULL) {
		stats->nodes_visited += inner.nodes_visited;
		stats->primitives_tested += inner.primitives_tested;
	}
	col_status status = mesh_contact_set_finish(&set, contacts, capacity, summary, error);
	mesh_contact_set_free(&set);
	return status;
}
