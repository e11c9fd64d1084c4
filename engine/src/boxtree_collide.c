/* The double box hierarchy's pair query (source 001, section 6, rebuilt as docs/convex.md says): both
 * trees descended together, outer boxes rejecting, inner boxes accepting, leaf tests by triangles or
 * by GJK. */
#include <math.h>
#include <string.h>

#include "boxtree_internal.h"
#include "collide/gjk.h"
#include "collide/shape.h"

/* Trees up to this many nodes get their moved boxes cached and their explored pairs remembered. */
enum { SMALL_TREE = 64 };

typedef struct walk {
	const col_boxtree *a, *b;
	col_transform3 pose_a, pose_b;
	double r[9]; /* b's body frame -> a's: x_a = r x_b + t (row-major) */
	col_vec3 t;
	col_boxtree_descent descent;
	col_boxtree_leaf_test leaf_test;
	int max_level;
	bool inner_boxes;
	col_boxtree_trace *trace;
	col_boxtree_stats *stats;
	bool leaf_tested;
	bool small;                    /* both trees have at most SMALL_TREE nodes */
	uint64_t explored[SMALL_TREE]; /* bit nb of row na: pair (na, nb) found apart (paper descent) */
	uint64_t have_outer, have_inner;
	col_obb outer_b[SMALL_TREE], inner_b[SMALL_TREE]; /* b's boxes in a's frame */
} walk;

static col_vec3 rotate(const double r[9], col_vec3 v)
{
	return (col_vec3){r[0] * v.x + r[1] * v.y + r[2] * v.z, r[3] * v.x + r[4] * v.y + r[5] * v.z,
	                  r[6] * v.x + r[7] * v.y + r[8] * v.z};
}

static col_vec3 move(const walk *w, col_vec3 p)
{
	return col_vec3_add(rotate(w->r, p), w->t);
}

static col_obb move_box(const walk *w, const col_obb *box)
{
	col_obb out;
	out.center = move(w, box->center);
	for (int i = 0; i < 3; ++i)
		out.axes[i] = rotate(w->r, box->axes[i]);
	out.half_extents = box->half_extents;
	return out;
}

static col_obb outer_of_b(walk *w, int nb)
{
	if (!w->small)
		return move_box(w, &w->b->nodes[nb].outer);
	if (!(w->have_outer >> nb & 1)) {
		w->outer_b[nb] = move_box(w, &w->b->nodes[nb].outer);
		w->have_outer |= (uint64_t)1 << nb;
	}
	return w->outer_b[nb];
}

static col_obb inner_of_b(walk *w, int nb)
{
	if (!w->small)
		return move_box(w, &w->b->nodes[nb].inner_accept);
	if (!(w->have_inner >> nb & 1)) {
		w->inner_b[nb] = move_box(w, &w->b->nodes[nb].inner_accept);
		w->have_inner |= (uint64_t)1 << nb;
	}
	return w->inner_b[nb];
}

static void record(walk *w, int na, int nb, col_boxtree_event event, int axis, int tests)
{
	col_boxtree_trace *trace = w->trace;
	if (trace == NULL)
		return;
	if (trace->steps != NULL && trace->count < trace->capacity)
		trace->steps[trace->count] = (col_boxtree_trace_step){na, nb, event, axis, tests};
	trace->count++;
}

static bool terminal(const walk *w, const boxtree_node *node)
{
	return node->children[0] < 0 || node->depth >= w->max_level;
}

/* The leaf test of two terminal nodes; *tests gets the triangle pairs or GJK calls it ran. */
static bool leaf_test(walk *w, const boxtree_node *na, const boxtree_node *nb, int *tests)
{
	*tests = 0;
	w->stats->leaf_tests++;
	w->leaf_tested = true;
	if (w->leaf_test == COL_BOXTREE_LEAF_EXACT) {
		col_shape sa = col_shape_convex(na->piece), sb = col_shape_convex(nb->piece);
		sa.pose = w->pose_a;
		sb.pose = w->pose_b;
		*tests = 1;
		w->stats->gjk_tests++;
		return col_gjk_intersect(&sa, &sb, NULL, NULL);
	}
	/* The paper's: every pair of the two subtrees' original triangles, b's moved into a's frame. A pair
	 * whose boxes (of the same rounded coordinates) are apart cannot meet: that settles it without the
	 * exact test. */
	const col_triangle *ta = w->a->triangles + na->triangle_first;
	const col_aabb3 *boxes = w->a->triangle_boxes + na->triangle_first;
	const col_triangle *tb = w->b->triangles + nb->triangle_first;
	for (int j = 0; j < nb->triangle_count; ++j) {
		col_triangle u = {move(w, tb[j].a), move(w, tb[j].b), move(w, tb[j].c)};
		col_aabb3 ub = boxtree_triangle_box(u);
		for (int i = 0; i < na->triangle_count; ++i) {
			++*tests;
			if (col_aabb3_overlaps(boxes[i], ub) && col_triangle_intersects_triangle(ta[i], u)) {
				w->stats->triangle_tests += *tests;
				return true;
			}
		}
	}
	w->stats->triangle_tests += *tests;
	return false;
}

static bool visit(walk *w, int ia, int ib)
{
	if (w->small && w->descent == COL_BOXTREE_DESCEND_PAPER && (w->explored[ia] >> ib & 1)) {
		record(w, ia, ib, COL_BOXTREE_SKIPPED, -1, 0);
		return false;
	}
	const boxtree_node *na = &w->a->nodes[ia], *nb = &w->b->nodes[ib];
	w->stats->pairs_visited++;
	w->stats->outer_tests++;
	int axis = -1;
	col_obb outer = outer_of_b(w, ib);
	bool hit = false;
	if (!col_obb_overlap(&na->outer, &outer, &axis)) {
		record(w, ia, ib, COL_BOXTREE_OUTER_REJECT, axis, 0);
		goto apart;
	}
	if (w->inner_boxes && na->has_inner_accept && nb->has_inner_accept) {
		w->stats->inner_tests++;
		col_obb inner = inner_of_b(w, ib);
		if (col_obb_overlap(&na->inner_accept, &inner, NULL)) {
			record(w, ia, ib, COL_BOXTREE_INNER_ACCEPT, -1, 0);
			w->stats->decided_by = COL_BOXTREE_DECIDED_INNER;
			w->stats->decided_a = ia;
			w->stats->decided_b = ib;
			return true;
		}
	}
	bool ta = terminal(w, na), tb = terminal(w, nb);
	if (ta && tb) {
		int tests;
		if (leaf_test(w, na, nb, &tests)) {
			record(w, ia, ib, COL_BOXTREE_LEAF_HIT, -1, tests);
			w->stats->decided_by = COL_BOXTREE_DECIDED_LEAF;
			w->stats->decided_a = ia;
			w->stats->decided_b = ib;
			return true;
		}
		record(w, ia, ib, COL_BOXTREE_LEAF_MISS, -1, tests);
		goto apart;
	}
	record(w, ia, ib, COL_BOXTREE_DESCEND, -1, 0);
	if (ta)
		hit = visit(w, ia, nb->children[0]) || visit(w, ia, nb->children[1]);
	else if (tb)
		hit = visit(w, na->children[0], ib) || visit(w, na->children[1], ib);
	else if (w->descent == COL_BOXTREE_DESCEND_PAPER)
		hit = visit(w, na->children[0], ib) || visit(w, na->children[1], ib) ||
		      visit(w, ia, nb->children[0]) || visit(w, ia, nb->children[1]);
	else if (na->outer_volume >= nb->outer_volume)
		hit = visit(w, na->children[0], ib) || visit(w, na->children[1], ib);
	else
		hit = visit(w, ia, nb->children[0]) || visit(w, ia, nb->children[1]);
	if (hit)
		return true;
apart:
	if (w->small)
		w->explored[ia] |= (uint64_t)1 << ib;
	return false;
}

col_boxtree_query col_boxtree_default_query(void)
{
	return (col_boxtree_query){COL_BOXTREE_DESCEND_PAPER, COL_BOXTREE_LEAF_PAPER, COL_BOXTREE_MAX_DEPTH,
	                           true, NULL};
}

bool col_boxtree_collide(const col_boxtree *a, col_transform3 pose_a, const col_boxtree *b,
                         col_transform3 pose_b, const col_boxtree_query *query, col_boxtree_stats *stats)
{
	col_boxtree_stats scratch;
	if (stats == NULL)
		stats = &scratch;
	memset(stats, 0, sizeof *stats);
	stats->decided_by = COL_BOXTREE_DECIDED_OUTER;
	stats->decided_a = stats->decided_b = -1;
	col_boxtree_query q = query != NULL ? *query : col_boxtree_default_query();
	if (q.trace != NULL)
		q.trace->count = 0;
	if (a == NULL || b == NULL || !col_transform3_is_finite(pose_a) || !col_transform3_is_finite(pose_b))
		return false;
	walk w;
	w.a = a;
	w.b = b;
	w.pose_a = pose_a;
	w.pose_b = pose_b;
	col_transform3 b_to_a = col_transform3_compose(col_transform3_inverse(pose_a), pose_b);
	col_quat_to_matrix(b_to_a.rotation, w.r);
	w.t = b_to_a.translation;
	w.descent = q.descent;
	w.leaf_test = q.leaf_test;
	w.max_level = q.max_level;
	w.inner_boxes = q.inner_boxes;
	w.trace = q.trace;
	w.stats = stats;
	w.leaf_tested = false;
	w.small = a->node_count <= SMALL_TREE && b->node_count <= SMALL_TREE;
	w.have_outer = w.have_inner = 0;
	if (w.small)
		memset(w.explored, 0, (size_t)a->node_count * sizeof w.explored[0]);
	bool hit = visit(&w, 0, 0);
	if (!hit)
		stats->decided_by = w.leaf_tested ? COL_BOXTREE_DECIDED_EXHAUSTED : COL_BOXTREE_DECIDED_OUTER;
	return hit;
}
