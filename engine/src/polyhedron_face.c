/* One face of a polyhedron (source 000, chapter 3): its validation, seen in 2D by dropping the
 * dominant axis of its normal (exact, and a bijection of its plane), the false edges that join its
 * holes to its outer loop, and its centre W. */
#include "polyhedron_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/polygon.h"
#include "collide/predicates.h"
#include "error.h"
#include "exact_plane.h"

static int loop_size(const poly_face_input *in, int loop)
{
	return in->loop_starts[in->first_loop + loop + 1] - in->loop_starts[in->first_loop + loop];
}

static const int32_t *loop_of(const poly_face_input *in, int loop)
{
	return in->loop_indices + in->loop_starts[in->first_loop + loop];
}

static int face_size(const poly_face_input *in)
{
	return in->loop_starts[in->first_loop + in->loop_count] - in->loop_starts[in->first_loop];
}

static int compare_int32(const void *pa, const void *pb)
{
	int32_t a = *(const int32_t *)pa, b = *(const int32_t *)pb;
	return (a > b) - (a < b);
}

/* The first vertex index the face uses twice, or -1. */
static int repeated_vertex(const int32_t *indices, int n, int32_t *scratch)
{
	memcpy(scratch, indices, (size_t)n * sizeof *scratch);
	qsort(scratch, (size_t)n, sizeof *scratch, compare_int32);
	for (int i = 1; i < n; i++)
		if (scratch[i] == scratch[i - 1])
			return scratch[i];
	return -1;
}

/* Three vertices spanning the plane: the first one, the farthest from it, and the one farthest from
 * their line (chosen in floating point, checked exactly); false when every vertex lies on one line. */
static bool spanning_triple(const col_vec3 *v, const int32_t *indices, int n, int32_t plane[3])
{
	int32_t a = indices[0], b = indices[0];
	double best = -1.0;
	for (int i = 1; i < n; i++) {
		double d = col_vec3_length_squared(col_vec3_sub(v[indices[i]], v[a]));
		if (d > best) {
			best = d;
			b = indices[i];
		}
	}
	int32_t c = -1;
	best = -1.0;
	for (int i = 0; i < n; i++) {
		col_vec3 cross = col_vec3_cross(col_vec3_sub(v[b], v[a]), col_vec3_sub(v[indices[i]], v[a]));
		double d = col_vec3_length_squared(cross);
		if (d > best) {
			best = d;
			c = indices[i];
		}
	}
	if (c >= 0 && !col_triangle_is_degenerate((col_triangle){v[a], v[b], v[c]})) {
		plane[0] = a, plane[1] = b, plane[2] = c;
		return true;
	}
	/* The rounded choice can miss on a sliver of a face: any exact witness will do. */
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++) {
			if (!col_triangle_is_degenerate(
			        (col_triangle){v[indices[0]], v[indices[i]], v[indices[j]]})) {
				plane[0] = indices[0], plane[1] = indices[i], plane[2] = indices[j];
				return true;
			}
		}
	}
	return false;
}

/* Exact turn of a simple loop: at its lowest-leftmost vertex it turns as the whole loop does. */
static int loop_orientation(const col_vec2 *p, int n)
{
	int m = 0;
	for (int i = 1; i < n; i++)
		if (p[i].y < p[m].y || (p[i].y == p[m].y && p[i].x < p[m].x))
			m = i;
	return col_exact_sign(col_orient2d(p[m > 0 ? m - 1 : n - 1], p[m], p[m + 1 < n ? m + 1 : 0]));
}

static int compare_points(const void *pa, const void *pb)
{
	const col_vec2 *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return (a->y > b->y) - (a->y < b->y);
}

/* The polygon module's message with its "polygon: " prefix dropped (contour k is loop k). */
static const char *polygon_reason(const col_error *e)
{
	const char *prefix = "polygon: ";
	size_t n = strlen(prefix);
	return strncmp(e->message, prefix, n) == 0 ? e->message + n : e->message;
}

/* The loops as a 2D polygon with holes: col_polygon_create decides crossings, touches and nesting
 * exactly. A loop may not touch another or itself even at a vertex, so the polygon must keep
 * every vertex, and no two may coincide. */
static col_status check_loops_2d(const poly_face_input *in, poly_face *face, col_vec2 *points,
                                 col_error *error)
{
	int n = face_size(in), f = in->face_number;
	col_contour *contours = malloc((size_t)in->loop_count * sizeof *contours);
	if (contours == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: face %d: out of memory", f);
	for (int l = 0, k = 0; l < in->loop_count; l++) {
		contours[l] = (col_contour){points + k, loop_size(in, l)};
		k += loop_size(in, l);
	}
	col_polygon *polygon = NULL;
	col_error why;
	col_status status = col_polygon_create(contours, in->loop_count, &polygon, &why);
	if (status != COL_OK) {
		free(contours);
		return col_fail(error, status, "polyhedron: face %d (in its plane, loop k as contour k): %s",
		                f, polygon_reason(&why));
	}
	bool kept = col_polygon_vertex_count(polygon) == n;
	col_polygon_destroy(polygon);
	if (!kept) {
		free(contours);
		return col_fail(error, COL_ERROR_SELF_INTERSECTION,
		                "polyhedron: face %d: a vertex lies on an edge of its loops", f);
	}
	for (int l = 0; l < in->loop_count; l++) {
		int turn = loop_orientation(contours[l].points, contours[l].count);
		if (l == 0) {
			face->orientation = turn;
		} else if (turn == face->orientation) {
			free(contours);
			return col_fail(
			    error, COL_ERROR_TOPOLOGY,
			    "polyhedron: face %d: hole %d turns the same way as its outer loop (holes run "
			    "clockwise seen from outside)",
			    f, l);
		}
	}
	free(contours);
	col_vec2 *sorted = malloc((size_t)n * sizeof *sorted);
	if (sorted == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: face %d: out of memory", f);
	memcpy(sorted, points, (size_t)n * sizeof *sorted);
	qsort(sorted, (size_t)n, sizeof *sorted, compare_points);
	for (int i = 1; i < n; i++) {
		if (col_vec2_equal(sorted[i], sorted[i - 1])) {
			free(sorted);
			return col_fail(
			    error, COL_ERROR_SELF_INTERSECTION,
			    "polyhedron: face %d: two of its vertices lie at one point, where its loops "
			    "touch",
			    f);
		}
	}
	free(sorted);
	return COL_OK;
}

/* Distance of v from the plane through a with normal n (rounded): for the tolerance only. */
static double plane_distance(col_vec3 a, col_vec3 n, col_vec3 v)
{
	double length = col_vec3_length(n);
	return length > 0.0 ? fabs(col_vec3_dot(col_vec3_sub(v, a), n)) / length : 0.0;
}

/* Newell's normal of the outer loop: the plane that fits a nearly planar loop best. */
static col_vec3 newell_normal(const col_vec3 *v, const int32_t *loop, int n)
{
	col_vec3 normal = {0.0, 0.0, 0.0}, c = v[loop[0]];
	for (int i = 0; i < n; i++) {
		col_vec3 a = col_vec3_sub(v[loop[i]], c), b = col_vec3_sub(v[loop[(i + 1) % n]], c);
		normal.x += (a.y - b.y) * (a.z + b.z);
		normal.y += (a.z - b.z) * (a.x + b.x);
		normal.z += (a.x - b.x) * (a.y + b.y);
	}
	return normal;
}

static col_status check_planar(const poly_face_input *in, poly_face *face, const int32_t *all, int n,
                               col_error *error)
{
	const col_vec3 *v = in->vertices;
	col_vec3 r0 = v[face->plane[0]], r1 = v[face->plane[1]], r2 = v[face->plane[2]];
	face->planar = true;
	for (int i = 0; i < n && face->planar; i++)
		face->planar = col_orient3d(r0, r1, r2, v[all[i]]) == 0.0;
	if (face->planar)
		return COL_OK;
	col_aabb3 box = col_aabb3_empty();
	for (int i = 0; i < n; i++)
		box = col_aabb3_add_point(box, v[all[i]]);
	double size = col_vec3_distance(box.min, box.max);
	col_vec3 normal = newell_normal(v, loop_of(in, 0), loop_size(in, 0));
	col_vec3 at = v[loop_of(in, 0)[0]];
	for (int i = 0; i < n; i++) {
		double d = plane_distance(at, normal, v[all[i]]);
		bool off = in->planarity_tolerance == 0.0 ? col_orient3d(r0, r1, r2, v[all[i]]) != 0.0
		                                          : !(d <= in->planarity_tolerance * size);
		if (off)
			return col_fail(
			    error, COL_ERROR_INVALID_ARGUMENT,
			    "polyhedron: face %d is not planar: vertex %d lies %g from its plane, more "
			    "than %g of its size %g",
			    in->face_number, all[i], d, in->planarity_tolerance, size);
	}
	return COL_OK;
}

col_status col_poly_face_prepare(const poly_face_input *in, poly_face *face, col_error *error)
{
	int f = in->face_number;
	for (int l = 0; l < in->loop_count; l++) {
		if (loop_size(in, l) < 3)
			return col_fail(error, COL_ERROR_DEGENERATE,
			                "polyhedron: face %d loop %d has %d vertices (a loop needs 3)", f, l,
			                loop_size(in, l));
	}
	int n = face_size(in);
	const int32_t *all = loop_of(in, 0);
	int32_t *scratch = malloc((size_t)n * sizeof *scratch);
	col_vec2 *points = malloc((size_t)n * sizeof *points);
	if (scratch == NULL || points == NULL) {
		free(scratch);
		free(points);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: face %d: out of memory", f);
	}
	col_status status = COL_OK;
	int twice = repeated_vertex(all, n, scratch);
	free(scratch);
	if (twice >= 0) {
		status = col_fail(error, COL_ERROR_SELF_INTERSECTION,
		                  "polyhedron: face %d uses vertex %d twice", f, twice);
	} else if (!spanning_triple(in->vertices, all, n, face->plane)) {
		status = col_fail(error, COL_ERROR_DEGENERATE,
		                  "polyhedron: face %d has zero area (its vertices are collinear)", f);
	} else {
		status = check_planar(in, face, all, n, error);
	}
	if (status == COL_OK) {
		const col_vec3 *v = in->vertices;
		int turn;
		face->axis =
		    col_projection_axis(v[face->plane[0]], v[face->plane[1]], v[face->plane[2]], &turn);
		for (int i = 0; i < n; i++)
			points[i] = col_project_dropping(v[all[i]], face->axis);
		face->fanned = in->loop_count > 1 || n > 3 || in->fan_triangles;
		/* A triangle is simple, and the axis shows it with area; a polygon's loops are decided in
		 * this one view (for a face only nearly planar, that view is the judge). */
		if (in->loop_count == 1 && n == 3)
			face->orientation = col_exact_sign(col_orient2d(points[0], points[1], points[2]));
		else
			status = check_loops_2d(in, face, points, error);
	}
	free(points);
	return status;
}

/* ---- false edges ---- */

/* The face's vertices seen in 2D, numbered locally: loop by loop, as given. */
typedef struct face_view {
	int n;
	col_vec2 *p;
	int *loop;        /* loop of each local vertex */
	int *prev, *next; /* neighbours in its loop */
	int orientation;  /* the interior lies left of every directed edge when +1, right when -1 */
} face_view;

/* Whether direction x -> t leaves x into the face, between the edges prev -> x and x -> next
 * (strictly; along an edge is settled by the edge tests). */
static bool in_wedge(const face_view *fv, int prev, int x, int next, col_vec2 t)
{
	int s = fv->orientation;
	int out_edge = s * col_exact_sign(col_orient2d(fv->p[x], fv->p[next], t));
	int in_edge = s * col_exact_sign(col_orient2d(fv->p[prev], fv->p[x], t));
	bool convex = s * col_exact_sign(col_orient2d(fv->p[prev], fv->p[x], fv->p[next])) > 0;
	return convex ? out_edge > 0 && in_edge > 0 : out_edge > 0 || in_edge > 0;
}

/* Whether segment st (s and t local vertices) and segment uw meet anywhere but at a shared end. */
static bool meets_elsewhere(const face_view *fv, int s, int t, int u, int w)
{
	int shared = -1, other_seg = -1, other_edge = -1;
	if (u == s || u == t)
		shared = u, other_edge = w;
	else if (w == s || w == t)
		shared = w, other_edge = u;
	if (shared < 0)
		return col_segments_meet_2d(fv->p[s], fv->p[t], fv->p[u], fv->p[w]);
	other_seg = shared == s ? t : s;
	if (other_edge == other_seg)
		return true; /* the same segment */
	/* From a common end two segments meet again only along one ray. */
	col_vec2 c = fv->p[shared];
	return col_orient2d(c, fv->p[other_seg], fv->p[other_edge]) == 0.0 &&
	       col_dot2_sign(c, fv->p[other_seg], fv->p[other_edge]) > 0;
}

/* A false edge m -> v is valid when it leaves both ends into the face and meets no loop edge and no
 * earlier false edge except at its ends: then its inside lies in the face's interior. */
static bool bridge_valid(const face_view *fv, int m, int v, const int *bridges, int bridge_count)
{
	if (!in_wedge(fv, fv->prev[m], m, fv->next[m], fv->p[v]) ||
	    !in_wedge(fv, fv->prev[v], v, fv->next[v], fv->p[m]))
		return false;
	for (int u = 0; u < fv->n; u++)
		if (meets_elsewhere(fv, m, v, u, fv->next[u]))
			return false;
	for (int k = 0; k < bridge_count; k++)
		if (meets_elsewhere(fv, m, v, bridges[2 * k], bridges[2 * k + 1]))
			return false;
	return true;
}

typedef struct candidate {
	int vertex;
	double distance;
} candidate;

static int by_distance(const void *pa, const void *pb)
{
	const candidate *a = pa, *b = pb;
	if (a->distance != b->distance)
		return a->distance < b->distance ? -1 : 1;
	return (a->vertex > b->vertex) - (a->vertex < b->vertex);
}

/* The hole's vertex with the largest x (then y): no other loop of the hole's own lies beyond it. */
static int extreme_vertex(const face_view *fv, int first, int count)
{
	int m = first;
	for (int i = first + 1; i < first + count; i++)
		if (fv->p[i].x > fv->p[m].x || (fv->p[i].x == fv->p[m].x && fv->p[i].y > fv->p[m].y))
			m = i;
	return m;
}

typedef struct hole_order {
	int loop, first, count, extreme;
} hole_order;

static int by_extreme(const void *pa, const void *pb, const face_view *fv)
{
	const hole_order *a = pa, *b = pb;
	col_vec2 p = fv->p[a->extreme], q = fv->p[b->extreme];
	if (p.x != q.x)
		return p.x > q.x ? -1 : 1;
	if (p.y != q.y)
		return p.y > q.y ? -1 : 1;
	return a->loop - b->loop;
}

/* qsort has no context argument in C11: the holes are few, so an insertion sort. */
static void sort_holes(hole_order *holes, int count, const face_view *fv)
{
	for (int i = 1; i < count; i++) {
		hole_order h = holes[i];
		int j = i;
		while (j > 0 && by_extreme(&holes[j - 1], &h, fv) > 0) {
			holes[j] = holes[j - 1];
			j--;
		}
		holes[j] = h;
	}
}

col_status col_poly_face_ring(const poly_face_input *in, const poly_face *face, int32_t *ring,
                              bool *ring_false, col_error *error)
{
	int n = face_size(in), f = in->face_number, holes = in->loop_count - 1;
	const int32_t *all = loop_of(in, 0);
	if (holes == 0) {
		memcpy(ring, all, (size_t)n * sizeof *ring);
		memset(ring_false, 0, (size_t)n * sizeof *ring_false);
		return COL_OK;
	}
	/* Eberly's order: holes by decreasing extreme x, each joined from its extreme vertex. Whatever
	 * the nearest boundary to the right of that vertex is, it belongs to the outer loop or to a hole
	 * already joined, so a visible vertex is always among the ring's. */
	int length = n + 2 * holes;
	face_view fv = {n,
	                malloc((size_t)n * sizeof(col_vec2)),
	                malloc((size_t)n * sizeof(int)),
	                malloc((size_t)n * sizeof(int)),
	                malloc((size_t)n * sizeof(int)),
	                face->orientation};
	int *local = malloc((size_t)length * sizeof *local);
	bool *is_false = malloc((size_t)length * sizeof *is_false);
	int *bridges = malloc((size_t)2 * (size_t)holes * sizeof *bridges);
	candidate *candidates = malloc((size_t)n * sizeof *candidates);
	bool *listed = calloc((size_t)n, sizeof *listed);
	hole_order *order = malloc((size_t)holes * sizeof *order);
	col_status status = COL_OK;
	if (fv.p == NULL || fv.loop == NULL || fv.prev == NULL || fv.next == NULL || local == NULL ||
	    is_false == NULL || bridges == NULL || candidates == NULL || listed == NULL || order == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: face %d: out of memory", f);
		goto done;
	}
	for (int l = 0, k = 0; l < in->loop_count; l++) {
		int size = loop_size(in, l);
		for (int i = 0; i < size; i++) {
			fv.p[k + i] = col_project_dropping(in->vertices[all[k + i]], face->axis);
			fv.loop[k + i] = l;
			fv.next[k + i] = k + (i + 1) % size;
			fv.prev[k + i] = k + (i + size - 1) % size;
		}
		if (l > 0)
			order[l - 1] = (hole_order){l, k, size, extreme_vertex(&fv, k, size)};
		k += size;
	}
	sort_holes(order, holes, &fv);
	int count = loop_size(in, 0);
	for (int i = 0; i < count; i++) {
		local[i] = i;
		is_false[i] = false;
	}
	for (int h = 0; h < holes; h++) {
		int m = order[h].extreme, candidate_count = 0;
		memset(listed, 0, (size_t)n * sizeof *listed);
		for (int i = 0; i < count; i++) {
			if (!listed[local[i]]) {
				listed[local[i]] = true;
				col_vec2 d = col_vec2_sub(fv.p[local[i]], fv.p[m]);
				candidates[candidate_count++] = (candidate){local[i], col_vec2_dot(d, d)};
			}
		}
		qsort(candidates, (size_t)candidate_count, sizeof *candidates, by_distance);
		int v = -1;
		for (int c = 0; c < candidate_count && v < 0; c++)
			if (bridge_valid(&fv, m, candidates[c].vertex, bridges, h))
				v = candidates[c].vertex;
		if (v < 0) {
			status =
			    col_fail(error, COL_ERROR_TOPOLOGY,
			             "polyhedron: face %d: hole %d cannot be joined to the rest of its face",
			             f, order[h].loop);
			goto done;
		}
		bridges[2 * h] = m;
		bridges[2 * h + 1] = v;
		/* Splice at the occurrence of v whose corner in the ring (false edges included) holds the
		 * direction to m, so the ring stays a simple walk around the face. */
		int at = -1;
		for (int i = 0; i < count && at < 0; i++)
			if (local[i] == v &&
			    in_wedge(&fv, local[(i + count - 1) % count], v, local[(i + 1) % count], fv.p[m]))
				at = i;
		for (int i = 0; i < count && at < 0; i++)
			if (local[i] == v)
				at = i;
		int inserted = order[h].count + 2;
		memmove(local + at + 1 + inserted, local + at + 1, (size_t)(count - at - 1) * sizeof *local);
		memmove(is_false + at + 1 + inserted, is_false + at + 1,
		        (size_t)(count - at - 1) * sizeof *is_false);
		bool after = is_false[at];
		is_false[at] = true; /* v -> m */
		int k = at + 1;
		for (int i = 0; i <= order[h].count; i++, k++) {
			int offset = (m - order[h].first + i) % order[h].count;
			local[k] = order[h].first + offset; /* m, the hole around, m again */
			is_false[k] = i == order[h].count;  /* m -> v */
		}
		local[k] = v;
		is_false[k] = after;
		count += inserted;
	}
	for (int i = 0; i < count; i++) {
		ring[i] = all[local[i]];
		ring_false[i] = is_false[i];
	}
done:
	free(fv.p);
	free(fv.loop);
	free(fv.prev);
	free(fv.next);
	free(local);
	free(is_false);
	free(bridges);
	free(candidates);
	free(listed);
	free(order);
	return status;
}

/* ---- the centre W ---- */

static bool on_plane(const col_vec3 *v, const poly_face *face, col_vec3 x)
{
	return col_orient3d(v[face->plane[0]], v[face->plane[1]], v[face->plane[2]], x) == 0.0;
}

static col_vec3 with_coordinate(col_vec3 p, int axis, double value)
{
	if (axis == 0)
		p.x = value;
	else if (axis == 1)
		p.y = value;
	else
		p.z = value;
	return p;
}

/* A double on the plane with the other two coordinates of guess: bisection over the doubles of the
 * axis coordinate (the orientation is linear, so monotonic, in it), which lands on the plane when a
 * double there lies on it. */
static bool snap_to_plane(const col_vec3 *v, const poly_face *face, col_vec3 guess, col_vec3 *out)
{
	int axis = face->axis;
	int s0 = col_exact_sign(col_orient3d(v[face->plane[0]], v[face->plane[1]], v[face->plane[2]], guess));
	if (s0 == 0) {
		*out = guess;
		return true;
	}
	double x0 = col_vec3_component(guess, axis), lo = x0, hi = x0;
	double step = fmax(fabs(x0), DBL_MIN) * DBL_EPSILON;
	bool bracketed = false;
	for (int k = 0; k < 80 && !bracketed; k++, step *= 2.0) {
		double tries[2] = {x0 - step, x0 + step};
		for (int t = 0; t < 2 && !bracketed; t++) {
			col_vec3 p = with_coordinate(guess, axis, tries[t]);
			int s = col_exact_sign(
			    col_orient3d(v[face->plane[0]], v[face->plane[1]], v[face->plane[2]], p));
			if (s == 0) {
				*out = p;
				return true;
			}
			if (s != s0) {
				lo = x0, hi = tries[t];
				bracketed = true;
			}
		}
	}
	if (!bracketed)
		return false;
	for (int k = 0; k < 2200; k++) {
		double mid = lo + (hi - lo) / 2.0;
		if (mid == lo || mid == hi)
			return false;
		col_vec3 p = with_coordinate(guess, axis, mid);
		int s =
		    col_exact_sign(col_orient3d(v[face->plane[0]], v[face->plane[1]], v[face->plane[2]], p));
		if (s == 0) {
			*out = p;
			return true;
		}
		if (s == s0)
			lo = mid;
		else
			hi = mid;
	}
	return false;
}

static col_vec3 clamp_to(col_aabb3 box, col_vec3 p)
{
	return (col_vec3){fmin(fmax(p.x, box.min.x), box.max.x), fmin(fmax(p.y, box.min.y), box.max.y),
	                  fmin(fmax(p.z, box.min.z), box.max.z)};
}

/* value rounded to a multiple of step (a power of two): exact. */
static double round_to(double value, double step)
{
	return nearbyint(value / step) * step;
}

/* An exact point of the plane near the average: the average moved along the axis onto the plane,
 * first as it is, then with its other two coordinates rounded to coarser binary grids (on a plane
 * with short coefficients the axis coordinate then comes out exact); failing that, averages whose
 * division is by 2 or 4 (exact when their sums are), then a vertex. */
static col_vec3 exact_centre(const poly_face_input *in, const poly_face *face, col_vec3 average, double size)
{
	const col_vec3 *v = in->vertices;
	if (on_plane(v, face, average))
		return average;
	col_vec3 snapped;
	if (snap_to_plane(v, face, average, &snapped))
		return snapped;
	for (int bits = 40; bits >= 4; bits -= 12) {
		double step = ldexp(1.0, ilogb(size) - bits);
		col_vec3 guess = average;
		for (int k = 0; k < 3; k++)
			if (k != face->axis)
				guess =
				    with_coordinate(guess, k, round_to(col_vec3_component(guess, k), step));
		if (snap_to_plane(v, face, guess, &snapped))
			return snapped;
	}
	const int32_t *outer = loop_of(in, 0);
	int n = loop_size(in, 0);
	col_vec3 q0 = v[outer[0]], q1 = v[outer[n / 3]], q2 = v[outer[2 * n / 3]];
	col_vec3 quarter = col_vec3_scale(col_vec3_add(col_vec3_add(q0, q1), col_vec3_scale(q2, 2.0)), 0.25);
	if (on_plane(v, face, quarter))
		return quarter;
	col_vec3 best = q0;
	double best_distance = INFINITY;
	for (int k = 1; k < n; k++) {
		col_vec3 mid = col_vec3_scale(col_vec3_add(q0, v[outer[k]]), 0.5);
		double d = col_vec3_distance(mid, average);
		if (d < best_distance && on_plane(v, face, mid)) {
			best = mid;
			best_distance = d;
		}
	}
	return best;
}

void col_poly_face_centre(const poly_face_input *in, poly_face *face)
{
	const col_vec3 *v = in->vertices;
	const int32_t *all = loop_of(in, 0);
	int n = face_size(in);
	col_aabb3 box = col_aabb3_empty();
	col_vec3 sum = {0.0, 0.0, 0.0}, base = v[all[0]];
	for (int i = 0; i < n; i++) {
		box = col_aabb3_add_point(box, v[all[i]]);
		sum = col_vec3_add(sum, col_vec3_sub(v[all[i]], base));
	}
	/* Clamped to the box, a face in a coordinate plane keeps that coordinate exactly. */
	col_vec3 average = clamp_to(box, col_vec3_add(base, col_vec3_scale(sum, 1.0 / n)));
	if (!face->fanned) {
		face->centre = base;
		face->fan_planar = true;
	} else if (face->planar) {
		face->centre =
		    exact_centre(in, face, average, fmax(col_vec3_distance(box.min, box.max), DBL_MIN));
		face->fan_planar = on_plane(v, face, face->centre);
	} else {
		face->centre = average;
		face->fan_planar = false;
	}
	face->box = col_aabb3_add_point(box, face->centre);
}

/* ---- a point against the face ---- */

int col_poly_face_locate_2d(const col_polyhedron *p, const poly_face *face, col_vec3 point)
{
	col_vec2 q = col_project_dropping(point, face->axis);
	bool inside = false;
	for (int l = face->first_loop; l < face->first_loop + face->loop_count; l++) {
		const int32_t *loop = p->loop_indices + p->loop_starts[l];
		int n = p->loop_starts[l + 1] - p->loop_starts[l];
		col_vec2 a = col_project_dropping(p->vertices[loop[n - 1]], face->axis);
		for (int i = 0; i < n; i++) {
			col_vec2 b = col_project_dropping(p->vertices[loop[i]], face->axis);
			/* Crossing number with the upper end closed; the boundary found on the way. */
			if ((a.y > q.y) != (b.y > q.y)) {
				double o = col_orient2d(a, b, q);
				if (o == 0.0)
					return FACE_BOUNDARY;
				if ((o > 0.0) == (b.y > a.y))
					inside = !inside;
			} else if ((q.y == a.y || q.y == b.y) && col_orient2d(a, b, q) == 0.0 &&
			           col_in_span(a, b, q)) {
				return FACE_BOUNDARY;
			}
			a = b;
		}
	}
	return inside ? FACE_INTERIOR : FACE_OUTSIDE;
}

bool col_poly_face_holds(const col_polyhedron *p, const poly_face *face, col_vec3 point)
{
	if (!col_aabb3_contains(face->box, point))
		return false;
	const col_vec3 *v = p->vertices;
	if (face->fan_planar)
		return on_plane(v, face, point) && col_poly_face_locate_2d(p, face, point) != FACE_OUTSIDE;
	for (int k = 0; k < face->ring_count; k++) {
		const col_polyhedron_tetrahedron *t = &p->tetrahedra[face->tetra_first + k];
		if (!(t->flags & COL_POLYHEDRON_FALSE_EDGE) &&
		    col_triangle_contains_point((col_triangle){t->centre, t->a, t->b}, point))
			return true;
	}
	return false;
}
