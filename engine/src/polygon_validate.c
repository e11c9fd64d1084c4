/* Validating a polygon on creation: no two edges may meet except at a shared vertex (consecutive
 * edges, or a pinch: a point where contours, or one contour twice, pass without crossing), and
 * every hole must lie inside the outer contour and outside the other holes.
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

#include <math.h>
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

/* Whether segments s and t have a common end point and meet nowhere else: a non-manifold vertex
 * (a pinch), allowed. Two segments from one point meet elsewhere only when they run along the same
 * ray. */
static bool shares_end_only(col_segment s, col_segment t)
{
	col_vec2 shared, s_other, t_other;
	if (col_vec2_equal(s.a, t.a) || col_vec2_equal(s.a, t.b)) {
		shared = s.a;
		s_other = s.b;
		t_other = col_vec2_equal(s.a, t.a) ? t.b : t.a;
	} else if (col_vec2_equal(s.b, t.a) || col_vec2_equal(s.b, t.b)) {
		shared = s.b;
		s_other = s.a;
		t_other = col_vec2_equal(s.b, t.a) ? t.b : t.a;
	} else {
		return false;
	}
	return col_orient2d(shared, s_other, t_other) != 0.0 || col_dot2_sign(shared, s_other, t_other) < 0;
}

/* Whether p lies on segment ab strictly between its ends (exact). */
static bool inside_segment(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return col_orient2d(a, b, p) == 0.0 && col_dot2_sign(p, a, b) < 0;
}

/* Records that a vertex at `point` lies inside `edge`, from a to b; false when memory runs out. Its
 * order along the edge is the dominant coordinate, negated where it decreases (exact). */
static bool add_touch(col_polygon_touches *touches, int edge, col_vec2 a, col_vec2 b, col_vec2 point)
{
	if (touches->count == touches->capacity) {
		size_t capacity = touches->capacity ? 2 * touches->capacity : 16;
		col_polygon_touch *grown = realloc(touches->items, capacity * sizeof *grown);
		if (grown == NULL)
			return false;
		touches->items = grown;
		touches->capacity = capacity;
	}
	bool by_x = fabs(b.x - a.x) >= fabs(b.y - a.y);
	double key = by_x ? point.x : point.y;
	double along = (by_x ? b.x < a.x : b.y < a.y) ? -key : key;
	touches->items[touches->count++] = (col_polygon_touch){edge, point, along};
	return true;
}

/* The edges the line cuts, bottom to top, as a treap (a binary search tree kept balanced by random
 * priorities) over edge indices; -1 is no node. Parent links give each edge's neighbours. */
typedef struct sweep {
	const col_polygon_layout *layout;
	const int *contour_of;
	col_polygon_touches *touches; /* NULL: a T is an error */
	col_vec2 *lo, *hi; /* each edge's ends in sweep order */
	int *left, *right, *parent;
	int root;
} sweep;

/* Reports edges e and f if they meet where they must not. A vertex of one lying inside the other (a
 * T) is recorded in w->touches instead, when the sweep collects them. */
static col_status check_pair(const sweep *w, int e, int f, col_error *error)
{
	const col_polygon_layout *layout = w->layout;
	const int *contour_of = w->contour_of;
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
		if (shares_end_only(s, t))
			return COL_OK; /* a pinch: col_polygon_check_pinches looks at the whole vertex */
		int o1 = sign_of(col_orient2d(s.a, s.b, t.a)), o2 = sign_of(col_orient2d(s.a, s.b, t.b));
		int o3 = sign_of(col_orient2d(t.a, t.b, s.a)), o4 = sign_of(col_orient2d(t.a, t.b, s.b));
		if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) {
			verb = "overlap";
		} else if (o1 * o2 < 0 && o3 * o4 < 0) {
			verb = "cross";
		} else {
			verb = "touch";
			/* Not collinear, so they meet at one point: an end of one inside the other. */
			if (w->touches != NULL) {
				bool recorded = inside_segment(t.a, t.b, s.a)   ? add_touch(w->touches, f, t.a, t.b, s.a)
				                : inside_segment(t.a, t.b, s.b) ? add_touch(w->touches, f, t.a, t.b, s.b)
				                : inside_segment(s.a, s.b, t.a) ? add_touch(w->touches, e, s.a, s.b, t.a)
				                                                : add_touch(w->touches, e, s.a, s.b, t.b);
				if (!recorded)
					return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon: out of memory for its touches");
				return COL_OK;
			}
		}
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

/* For s starting inside t (a T the sweep records), the side its other end takes: the side s lies
 * on all along, as it meets t only there. 0 only for collinear edges, which check_pair refuses. */
static int side_beyond(const sweep *w, int s, int t)
{
	double o = col_orient2d(w->lo[t], w->hi[t], w->hi[s]);
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
			col_status status = check_pair(w, s, node, error);
			if (status != COL_OK)
				return status;
			side = side_beyond(w, s, node);
			if (side == 0)
				side = s > node ? 1 : -1; /* cannot happen: check_pair refuses collinear contacts */
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
		status = check_pair(w, s, under, error);
	if (status == COL_OK && over >= 0)
		status = check_pair(w, s, over, error);
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
		return check_pair(w, under, over, error);
	return COL_OK;
}

col_status col_polygon_check_crossings(const col_polygon_layout *layout, col_polygon_touches *touches,
                                       col_error *error)
{
	int edges = layout->starts[layout->contour_count];
	size_t n = (size_t)edges;
	sweep w = {.layout = layout, .touches = touches, .root = -1};
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

/* ---- pinches: a point where a contour passes more than once, or where contours meet ---- */

/* One of the two edges at an occurrence of a pinch point, seen from the point. */
typedef struct spoke {
	col_vec2 center, end; /* the pinch point and the edge's other end */
	int occurrence;       /* the occurrence of the point it belongs to */
	int contour;          /* the contour of that occurrence */
	bool leaves;          /* the edge leaves the point (it starts there, interior on its left) */
} spoke;

/* Whether p lies in the upper half-turn around c: angles [0, pi). */
static bool upper_half(col_vec2 c, col_vec2 p)
{
	return p.y > c.y || (p.y == c.y && p.x > c.x);
}

/* Counter-clockwise order of spokes around their common center, from angle 0; exact. */
static int compare_spokes(const void *pa, const void *pb)
{
	const spoke *a = pa, *b = pb;
	bool ua = upper_half(a->center, a->end), ub = upper_half(b->center, b->end);
	if (ua != ub)
		return ua ? -1 : 1;
	double o = col_orient2d(a->center, a->end, b->end);
	return o > 0.0 ? -1 : o < 0.0 ? 1 : 0;
}

/* A vertex, sorted by its point so that the occurrences of one point lie side by side. */
typedef struct occurrence {
	col_vec2 point;
	int vertex;
} occurrence;

static int compare_occurrences(const void *pa, const void *pb)
{
	const occurrence *a = pa, *b = pb;
	if (sweeps_before(a->point, b->point))
		return -1;
	if (sweeps_before(b->point, a->point))
		return 1;
	return (a->vertex > b->vertex) - (a->vertex < b->vertex);
}

/* Reports that the passes of spokes a and b through their point cross there (verb "cross") or run
 * along one ray ("overlap"): one vertex's two edges, one contour passing twice, or two contours. */
static col_status report_pinch(const col_polygon_layout *layout, const occurrence *occurrences, const spoke *a,
                               const spoke *b, const char *verb, col_error *error)
{
	int va = occurrences[a->occurrence].vertex, vb = occurrences[b->occurrence].vertex;
	if (va == vb)
		return col_fail(error, COL_ERROR_SELF_INTERSECTION, "polygon: contour %d edges at vertex %d %s at (%g, %g)",
		                a->contour, layout->labels[va], verb, a->center.x, a->center.y);
	int lo = va < vb ? va : vb, hi = va < vb ? vb : va;
	int clo = va < vb ? a->contour : b->contour, chi = va < vb ? b->contour : a->contour;
	if (clo == chi)
		return col_fail(error, COL_ERROR_SELF_INTERSECTION,
		                "polygon: contour %d passes through (%g, %g) twice, at vertices %d and %d, "
		                "and the passes %s there",
		                clo, a->center.x, a->center.y, layout->labels[lo], layout->labels[hi], verb);
	return col_fail(error, COL_ERROR_SELF_INTERSECTION,
	                "polygon: contour %d vertex %d and contour %d vertex %d meet at (%g, %g) and %s there", clo,
	                layout->labels[lo], chi, layout->labels[hi], a->center.x, a->center.y, verb);
}

/* The last of contour c's spokes in the counter-clockwise order (c has some). */
static int last_spoke_of(const spoke *spokes, int count, int c)
{
	int s = count - 1;
	while (spokes[s].contour != c)
		s--;
	return s;
}

/* Checks the occurrences of one point (count >= 2): COL_OK, COL_ERROR_SELF_INTERSECTION, or
 * COL_ERROR_TOPOLOGY (a contour lying on the wrong side of another there: a hole outside the outer
 * contour or inside another hole; the caller reports it only if no crossing turns up anywhere).
 * spokes and positions have room for 2 count entries.
 *
 * With the interior on the left of every edge, turning counter-clockwise around the point, one
 * enters a contour's side of the interior across each of its leaving edges and leaves it across
 * each arriving one. So each contour's own spokes must alternate (or its passes cross), and every
 * spoke of another contour must lie in one of its sectors that open at a leaving spoke, on the
 * polygon's side of it: a contour with spokes on both sides crosses it there, one with all of them
 * on the other side is misplaced. This must hold contour by contour, not only for all spokes
 * together: a hole passing twice can make the spokes alternate as a whole while it crosses itself
 * and leaves the outer contour. */
static col_status check_pinch(const col_polygon_layout *layout, const int *contour_of, const bool *flipped,
                              const occurrence *occurrences, int count, spoke *spokes, int *positions,
                              col_error *error)
{
	const col_vec2 *p = layout->points;
	for (int k = 0; k < count; k++) {
		int v = occurrences[k].vertex, c = contour_of[v];
		int next = next_vertex(layout, contour_of, v);
		int prev = v > layout->starts[c] ? v - 1 : layout->starts[c + 1] - 1;
		if (flipped[c]) { /* the contour will be turned around: its edges swap roles */
			int t = next;
			next = prev;
			prev = t;
		}
		spokes[2 * k] = (spoke){p[v], p[next], k, c, true};
		spokes[2 * k + 1] = (spoke){p[v], p[prev], k, c, false};
	}
	int n = 2 * count;
	qsort(spokes, (size_t)n, sizeof *spokes, compare_spokes);
	/* Two edges along one ray overlap. */
	for (int k = 0; k < n; k++) {
		const spoke *a = &spokes[k], *b = &spokes[(k + 1) % n];
		if (compare_spokes(a, b) == 0 && upper_half(a->center, a->end) == upper_half(b->center, b->end))
			return report_pinch(layout, occurrences, a, b, "overlap", error);
	}
	/* All is well exactly when every arriving spoke is followed at once by a leaving spoke of its
	 * own contour: then each contour alternates, and no spoke lies in another contour's sector
	 * that opens at an arriving spoke. That takes one look per spoke; the loops below, which cost
	 * more, only find out what is wrong. */
	bool well = true;
	for (int s = 0; s < n && well; s++) {
		const spoke *after = &spokes[(s + 1) % n];
		well = spokes[s].leaves || (after->leaves && after->contour == spokes[s].contour);
	}
	if (well)
		return COL_OK;
	/* Each contour's own spokes alternate. Occurrences are sorted by vertex, so those of one contour
	 * lie side by side; k runs over the first of each. */
	for (int k = 0; k < count; k++) {
		int c = contour_of[occurrences[k].vertex];
		if (k > 0 && contour_of[occurrences[k - 1].vertex] == c)
			continue;
		int previous = last_spoke_of(spokes, n, c);
		for (int s = 0; s < n; s++) {
			if (spokes[s].contour != c)
				continue;
			if (spokes[s].leaves == spokes[previous].leaves)
				return report_pinch(layout, occurrences, &spokes[previous], &spokes[s], "cross", error);
			previous = s;
		}
	}
	/* Every other contour's spokes lie on contour c's polygon side. side[s] is 1 when spoke s lies
	 * in a sector of c opening at a leaving spoke, 0 otherwise, -1 for c's own spokes. */
	int *side = positions;
	col_status misplaced = COL_OK;
	for (int k = 0; k < count; k++) {
		int c = contour_of[occurrences[k].vertex];
		if (k > 0 && contour_of[occurrences[k - 1].vertex] == c)
			continue;
		int opening = last_spoke_of(spokes, n, c);
		for (int s = 0; s < n; s++) {
			if (spokes[s].contour == c) {
				opening = s;
				side[s] = -1;
			} else {
				side[s] = spokes[opening].leaves;
			}
		}
		for (int s = 0; s < n; s++) {
			if (side[s] != 0)
				continue;
			/* Spoke s lies on c's other side: contour d crosses c here if another of its spokes
			 * lies on c's polygon side, else all of d lies on c's other side. */
			int d = spokes[s].contour, right = -1;
			for (int t = 0; t < n && right < 0; t++) {
				if (spokes[t].contour == d && side[t] == 1)
					right = t;
			}
			if (right >= 0) {
				int of_c = s;
				while (spokes[of_c].contour != c)
					of_c = (of_c + n - 1) % n; /* the spoke of c that opens s's sector */
				return report_pinch(layout, occurrences, &spokes[of_c], &spokes[s], "cross", error);
			}
			if (misplaced != COL_OK)
				continue;
			/* Outer and hole on wrong sides: the hole does not lie inside the outer contour (it
			 * lies outside, or holds the outer contour). */
			if (c == 0 || d == 0)
				misplaced = col_fail(error, COL_ERROR_TOPOLOGY,
				                     "polygon: hole %d lies outside the outer contour (they touch at (%g, %g))",
				                     c == 0 ? d : c, spokes[s].center.x, spokes[s].center.y);
			else
				misplaced = col_fail(error, COL_ERROR_TOPOLOGY,
				                     "polygon: hole %d lies inside hole %d (they touch at (%g, %g))", d, c,
				                     spokes[s].center.x, spokes[s].center.y);
		}
	}
	return misplaced;
}

col_status col_polygon_check_pinches(const col_polygon_layout *layout, const bool *flipped, col_error *error)
{
	int n = layout->starts[layout->contour_count];
	occurrence *occurrences = malloc((size_t)n * sizeof *occurrences);
	int *contour_of = malloc((size_t)n * sizeof *contour_of);
	spoke *spokes = NULL;
	int *positions = NULL, capacity = 0;
	col_status status = COL_OK;
	bool misplaced = false;
	col_error deferred = {0};
	if (occurrences == NULL || contour_of == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon: out of memory while checking %d vertices", n);
		goto done;
	}
	for (int c = 0; c < layout->contour_count; c++) {
		for (int v = layout->starts[c]; v < layout->starts[c + 1]; v++)
			contour_of[v] = c;
	}
	for (int v = 0; v < n; v++)
		occurrences[v] = (occurrence){layout->points[v], v};
	qsort(occurrences, (size_t)n, sizeof *occurrences, compare_occurrences);
	for (int i = 0; i < n && status == COL_OK;) {
		int end = i + 1;
		while (end < n && col_vec2_equal(occurrences[end].point, occurrences[i].point))
			end++;
		if (end - i >= 2 && end - i > capacity) {
			free(spokes);
			free(positions);
			capacity = end - i;
			spokes = malloc(2 * (size_t)capacity * sizeof *spokes);
			positions = malloc(2 * (size_t)capacity * sizeof *positions);
			if (spokes == NULL || positions == NULL) {
				status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon: out of memory");
				break;
			}
		}
		if (end - i >= 2) {
			col_error found = {0};
			col_status why = check_pinch(layout, contour_of, flipped, occurrences + i, end - i, spokes,
			                             positions, &found);
			/* A misplaced contour is reported only when no crossing turns up at a later pinch. */
			if (why == COL_ERROR_TOPOLOGY && !misplaced) {
				misplaced = true;
				deferred = found;
			} else if (why != COL_OK && why != COL_ERROR_TOPOLOGY) {
				if (error != NULL)
					*error = found;
				status = why;
			}
		}
		i = end;
	}
	if (status == COL_OK && misplaced) {
		if (error != NULL)
			*error = deferred;
		status = deferred.code;
	}
done:
	free(spokes);
	free(positions);
	free(occurrences);
	free(contour_of);
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

/* Whether q lies above the horizontal line through a + t (b - a) for every small t > 0. */
static bool above_near(col_vec2 q, col_vec2 a, col_vec2 b)
{
	return q.y > a.y || (q.y == a.y && b.y < a.y);
}

/* col_polygon_chain_encloses for the points just after a on the segment ab, a + t (b - a) for
 * every small t > 0 (which must lie on no edge of the chain): exact with a on the chain, which a
 * pinch allows. orient2d is affine in its last point, so where a lies on an edge's line the sign
 * for the points after it is orient2d's at b. */
static bool chain_encloses_near(const col_vec2 *points, int count, col_vec2 a, col_vec2 b)
{
	bool inside = false;
	col_vec2 c = points[count - 1];
	for (int i = 0; i < count; i++) {
		col_vec2 d = points[i];
		if (above_near(c, a, b) != above_near(d, a, b)) {
			double o = col_orient2d(c, d, a);
			if (o == 0.0)
				o = col_orient2d(c, d, b);
			if ((o > 0.0) == (d.y > c.y))
				inside = !inside;
		}
		c = d;
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
	/* The contours meet at most at shared vertices, and col_polygon_check_pinches has made sure
	 * that no contour passes there from one side of another to the other, so the points just after
	 * a hole's first vertex along its first edge, which lie on no other contour, tell where the
	 * whole hole lies. A point outside a closed box has its neighbours outside too. */
	col_status status = COL_OK;
	for (int h = 1; h <= holes && status == COL_OK; h++) {
		col_vec2 v = p[s[h]], w = p[s[h] + 1];
		if (!col_aabb2_contains(boxes[0], v) || !chain_encloses_near(p, s[1], v, w)) {
			status = col_fail(error, COL_ERROR_TOPOLOGY,
			                  "polygon: hole %d lies outside the outer contour", h);
			break;
		}
		for (int g = 1; g <= holes; g++) {
			if (g != h && col_aabb2_contains(boxes[g], v) &&
			    chain_encloses_near(p + s[g], s[g + 1] - s[g], v, w)) {
				status = col_fail(error, COL_ERROR_TOPOLOGY,
				                  "polygon: hole %d lies inside hole %d", h, g);
				break;
			}
		}
	}
	free(boxes);
	return status;
}
