/* Validating a polygon on creation: no two edges may meet except consecutive ones at their shared
 * vertex, and every hole must lie inside the outer contour and outside the other holes.
 *
 * Testing every pair of edges is quadratic, too slow for the 100,000-vertex benchmark polygons, and
 * a grid of cells does not help much there: their long radial edges lie side by side in thin
 * bundles. So the edges are swept (Shamos and Hoey): a line moves over the vertices in order of x
 * (then y), keeping the edges it cuts sorted from bottom to top in a balanced tree, and each edge is
 * tested only against the edges that become its neighbours in that order. The leftmost bad contact
 * always makes its two edges neighbours before the line passes it, so one is found whenever there
 * is any; O(n log n) in all cases. Orders and tests come from orient2d, so the answer is exact. */
#include "polygon_internal.h"

#include "collide/predicates.h"
#include "collide/shapes2d.h"
#include "error.h"

#include <stdlib.h>

/* The vertex after v in its contour (contour_of maps vertex to contour). */
static int next_vertex(const col_polygon_layout *layout, const int *contour_of, int v)
{
	int c = contour_of[v];
	return v + 1 < layout->starts[c + 1] ? v + 1 : layout->starts[c];
}

static int sign_of(double value)
{
	return (value > 0.0) - (value < 0.0);
}

/* Reports edges e and f if they meet where they must not. */
static col_status check_pair(const col_polygon_layout *layout, const int *contour_of, int e, int f,
                             col_error *error)
{
	const col_vec2 *p = layout->points;
	int ce = contour_of[e], cf = contour_of[f];
	int e_next = next_vertex(layout, contour_of, e), f_next = next_vertex(layout, contour_of, f);
	const char *verb = NULL;
	col_vec2 where;
	if (e_next == f || f_next == e) {
		/* Consecutive edges share one vertex; they are wrong only when the contour doubles back
		 * along itself there (collinear, the other ends on the same side of the shared vertex). */
		int first = e_next == f ? e : f, second = e_next == f ? f : e;
		col_vec2 before = p[first], shared = p[second],
		         after = p[next_vertex(layout, contour_of, second)];
		if (col_orient2d(before, shared, after) != 0.0 || col_dot2_sign(shared, before, after) <= 0)
			return COL_OK;
		verb = "overlap";
		where = shared;
	} else {
		col_segment s = {p[e], p[e_next]}, t = {p[f], p[f_next]};
		if (!col_segment_intersection_point(s, t, &where))
			return COL_OK;
		int o1 = sign_of(col_orient2d(s.a, s.b, t.a)), o2 = sign_of(col_orient2d(s.a, s.b, t.b));
		int o3 = sign_of(col_orient2d(t.a, t.b, s.a)), o4 = sign_of(col_orient2d(t.a, t.b, s.b));
		if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0)
			verb = "overlap";
		else if (o1 * o2 < 0 && o3 * o4 < 0)
			verb = "cross";
		else
			verb = "touch";
	}
	int le = layout->labels[e], lf = layout->labels[f];
	if (ce == cf) {
		int lo = le < lf ? le : lf, hi = le < lf ? lf : le;
		return col_fail(error, COL_ERROR_SELF_INTERSECTION,
		                "polygon: contour %d edges %d and %d %s at (%g, %g)", ce, lo, hi, verb,
		                where.x, where.y);
	}
	if (ce > cf) {
		int t = ce;
		ce = cf;
		cf = t;
		t = le;
		le = lf;
		lf = t;
	}
	return col_fail(error, COL_ERROR_SELF_INTERSECTION,
	                "polygon: contour %d edge %d and contour %d edge %d %s at (%g, %g)", ce, le, cf, lf,
	                verb, where.x, where.y);
}

/* An end of an edge, as the sweep line meets it. */
typedef struct sweep_event {
	col_vec2 point;
	int edge;
	int starts; /* 1 where the edge begins (its lower end in sweep order), 0 where it ends */
} sweep_event;

/* The sweep order of points: by x, then by y, as if the line were turned a hair clockwise. */
static bool sweeps_before(col_vec2 a, col_vec2 b)
{
	return a.x < b.x || (a.x == b.x && a.y < b.y);
}

static int compare_events(const void *pa, const void *pb)
{
	const sweep_event *a = pa, *b = pb;
	if (sweeps_before(a->point, b->point))
		return -1;
	if (sweeps_before(b->point, a->point))
		return 1;
	if (a->starts != b->starts)
		return a->starts - b->starts; /* edges ending at a point leave before new ones enter */
	return (a->edge > b->edge) - (a->edge < b->edge);
}

/* The edges the line cuts, bottom to top, as a treap (a binary search tree kept balanced by random
 * priorities) over edge indices; -1 is no node. Parent links give each edge's neighbours. */
typedef struct sweep {
	const col_polygon_layout *layout;
	const int *contour_of;
	col_vec2 *lo, *hi; /* each edge's ends in sweep order */
	int *left, *right, *parent;
	int root;
} sweep;

static uint32_t priority_of(int edge)
{
	uint32_t z = (uint32_t)edge * 0x9E3779B9u + 0x7F4A7C15u;
	z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
	z = (z ^ (z >> 13)) * 0xC2B2AE35u;
	return z ^ (z >> 16);
}

/* Whether edge s, entering at its lower end, lies above (+1) or below (-1) edge t already in the
 * tree, or 0 when it starts on t or along t: a contact that check_pair reports. */
static int side_of(const sweep *w, int s, int t)
{
	col_vec2 p = w->lo[s];
	double o = col_vec2_equal(w->lo[t], p) ? col_orient2d(p, w->hi[t], w->hi[s])
	                                       : col_orient2d(w->lo[t], w->hi[t], p);
	return (o > 0.0) - (o < 0.0);
}

static void rotate_up(sweep *w, int x)
{
	int p = w->parent[x], g = w->parent[p];
	if (w->left[p] == x) {
		w->left[p] = w->right[x];
		if (w->right[x] >= 0)
			w->parent[w->right[x]] = p;
		w->right[x] = p;
	} else {
		w->right[p] = w->left[x];
		if (w->left[x] >= 0)
			w->parent[w->left[x]] = p;
		w->left[x] = p;
	}
	w->parent[p] = x;
	w->parent[x] = g;
	if (g < 0)
		w->root = x;
	else if (w->left[g] == p)
		w->left[g] = x;
	else
		w->right[g] = x;
}

static int neighbour(const sweep *w, int x, bool above)
{
	const int *down = above ? w->right : w->left, *up = above ? w->left : w->right;
	if (down[x] >= 0) {
		x = down[x];
		while (up[x] >= 0)
			x = up[x];
		return x;
	}
	int p = w->parent[x];
	while (p >= 0 && down[p] == x) {
		x = p;
		p = w->parent[x];
	}
	return p;
}

static col_status sweep_insert(sweep *w, int s, col_error *error)
{
	int parent = -1, node = w->root;
	bool below = false;
	while (node >= 0) {
		int side = side_of(w, s, node);
		if (side == 0) {
			col_status status = check_pair(w->layout, w->contour_of, s, node, error);
			if (status != COL_OK)
				return status;
			side = s > node ? 1 : -1; /* cannot happen for a contact; any fixed order will do */
		}
		parent = node;
		below = side < 0;
		node = below ? w->left[node] : w->right[node];
	}
	w->left[s] = w->right[s] = -1;
	w->parent[s] = parent;
	if (parent < 0)
		w->root = s;
	else if (below)
		w->left[parent] = s;
	else
		w->right[parent] = s;
	while (w->parent[s] >= 0 && priority_of(w->parent[s]) < priority_of(s))
		rotate_up(w, s);
	/* A new edge can only meet its neighbours first. */
	int under = neighbour(w, s, false), over = neighbour(w, s, true);
	col_status status = COL_OK;
	if (under >= 0)
		status = check_pair(w->layout, w->contour_of, s, under, error);
	if (status == COL_OK && over >= 0)
		status = check_pair(w->layout, w->contour_of, s, over, error);
	return status;
}

static col_status sweep_remove(sweep *w, int s, col_error *error)
{
	int under = neighbour(w, s, false), over = neighbour(w, s, true);
	/* Rotate s down to a leaf, keeping the heap order of priorities, then cut it off. */
	while (w->left[s] >= 0 || w->right[s] >= 0) {
		int l = w->left[s], r = w->right[s];
		int child = r < 0 || (l >= 0 && priority_of(l) > priority_of(r)) ? l : r;
		rotate_up(w, child);
	}
	int p = w->parent[s];
	if (p < 0)
		w->root = -1;
	else if (w->left[p] == s)
		w->left[p] = -1;
	else
		w->right[p] = -1;
	/* Its two neighbours now face each other. */
	if (under >= 0 && over >= 0)
		return check_pair(w->layout, w->contour_of, under, over, error);
	return COL_OK;
}

col_status col_polygon_check_crossings(const col_polygon_layout *layout, col_error *error)
{
	int edges = layout->starts[layout->contour_count];
	size_t n = (size_t)edges;
	sweep w = {.layout = layout, .root = -1};
	int *contour_of = malloc(n * sizeof *contour_of);
	sweep_event *events = malloc(2 * n * sizeof *events);
	w.lo = malloc(n * sizeof *w.lo);
	w.hi = malloc(n * sizeof *w.hi);
	w.left = malloc(n * sizeof *w.left);
	w.right = malloc(n * sizeof *w.right);
	w.parent = malloc(n * sizeof *w.parent);
	col_status status = COL_OK;
	if (contour_of == NULL || events == NULL || w.lo == NULL || w.hi == NULL || w.left == NULL ||
	    w.right == NULL || w.parent == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                  "polygon: out of memory while checking %d edges", edges);
		goto done;
	}
	w.contour_of = contour_of;
	for (int c = 0; c < layout->contour_count; c++) {
		for (int v = layout->starts[c]; v < layout->starts[c + 1]; v++)
			contour_of[v] = c;
	}
	for (int e = 0; e < edges; e++) {
		col_vec2 a = layout->points[e], b = layout->points[next_vertex(layout, contour_of, e)];
		bool forward = sweeps_before(a, b);
		w.lo[e] = forward ? a : b;
		w.hi[e] = forward ? b : a;
		events[2 * e] = (sweep_event){w.lo[e], e, 1};
		events[2 * e + 1] = (sweep_event){w.hi[e], e, 0};
	}
	qsort(events, 2 * n, sizeof *events, compare_events);
	for (size_t i = 0; i < 2 * n && status == COL_OK; i++) {
		/* Edges that end where others start never meet in the tree, so a point shared by more
		 * than one vertex is caught here: 3 or more edges at one point means two occurrences of
		 * the point, and the first edge cannot be consecutive to the edges of both. */
		if (i == 0 || !col_vec2_equal(events[i - 1].point, events[i].point)) {
			size_t end = i + 1;
			while (end < 2 * n && end < i + 3 &&
			       col_vec2_equal(events[end].point, events[i].point))
				end++;
			for (size_t j = i + 1; end - i >= 3 && j < end && status == COL_OK; j++)
				status =
				    check_pair(layout, contour_of, events[i].edge, events[j].edge, error);
			if (status != COL_OK)
				break;
		}
		if (events[i].starts)
			status = sweep_insert(&w, events[i].edge, error);
		else
			status = sweep_remove(&w, events[i].edge, error);
	}
done:
	free(contour_of);
	free(events);
	free(w.lo);
	free(w.hi);
	free(w.left);
	free(w.right);
	free(w.parent);
	return status;
}

bool col_polygon_chain_encloses(const col_vec2 *points, int count, col_vec2 p)
{
	bool inside = false;
	col_vec2 a = points[count - 1];
	for (int i = 0; i < count; i++) {
		col_vec2 b = points[i];
		if ((a.y > p.y) != (b.y > p.y)) {
			double o = col_orient2d(a, b, p);
			if ((o > 0.0) == (b.y > a.y))
				inside = !inside;
		}
		a = b;
	}
	return inside;
}

col_status col_polygon_check_nesting(const col_polygon_layout *layout, col_error *error)
{
	const col_vec2 *p = layout->points;
	const int *s = layout->starts;
	int holes = layout->contour_count - 1;
	if (holes <= 0)
		return COL_OK;
	col_aabb2 *boxes = malloc((size_t)layout->contour_count * sizeof *boxes);
	if (boxes == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "polygon: out of memory while checking %d holes", holes);
	for (int c = 0; c < layout->contour_count; c++)
		boxes[c] = col_aabb2_from_points(p + s[c], s[c + 1] - s[c]);
	/* The contours do not meet, so one vertex tells where a whole hole lies, and it lies on no
	 * other contour: the parity is exact. */
	col_status status = COL_OK;
	for (int h = 1; h <= holes && status == COL_OK; h++) {
		col_vec2 v = p[s[h]];
		if (!col_aabb2_contains(boxes[0], v) || !col_polygon_chain_encloses(p, s[1], v)) {
			status = col_fail(error, COL_ERROR_TOPOLOGY,
			                  "polygon: hole %d lies outside the outer contour", h);
			break;
		}
		for (int g = 1; g <= holes; g++) {
			if (g != h && col_aabb2_contains(boxes[g], v) &&
			    col_polygon_chain_encloses(p + s[g], s[g + 1] - s[g], v)) {
				status = col_fail(error, COL_ERROR_TOPOLOGY,
				                  "polygon: hole %d lies inside hole %d", h, g);
				break;
			}
		}
	}
	free(boxes);
	return status;
}
