/* Polygons with holes: creation (copy, clean, validate, orient) and the brute-force queries,
 * crossing number and winding number, that every accelerated 2D structure is tested against.
 * Sign decisions use predicates.h only; coordinates are compared, never subtracted, to decide. */
#include "polygon_internal.h"

#include "collide/predicates.h"
#include "collide/shapes2d.h"
#include "error.h"
#include "expansion.h"

#include <limits.h>
#include <stdlib.h>

/* Copies contour c into out without consecutive duplicates (the closing one included) and returns
 * how many vertices remain. Of a run of equal vertices the last one is kept, so the edge leaving
 * kept vertex k is the caller's edge labels[k]. */
static int copy_without_duplicates(col_contour contour, col_vec2 *out, int *labels)
{
	int n = contour.count, kept = 0;
	for (int j = 0; j < n; j++) {
		col_vec2 p = contour.points[j];
		if (n > 1 && col_vec2_equal(p, contour.points[j + 1 < n ? j + 1 : 0]))
			continue;
		out[kept] = p;
		labels[kept] = j;
		kept++;
	}
	return kept;
}

/* A contour whose vertices are all collinear has zero area (and would overlap itself); it is
 * reported as such, or as too few vertices when only two distinct points occur. */
static col_status check_collinear(const col_vec2 *p, int n, int index, col_error *error)
{
	/* Consecutive vertices differ, so p[0] != p[1] and they span a line. */
	for (int i = 2; i < n; i++) {
		if (col_orient2d(p[0], p[1], p[i]) != 0.0)
			return COL_OK;
	}
	for (int i = 2; i < n; i++) {
		if (!col_vec2_equal(p[i], p[0]) && !col_vec2_equal(p[i], p[1]))
			return col_fail(error, COL_ERROR_DEGENERATE,
			                "polygon: zero area in contour %d (all its vertices are collinear)",
			                index);
	}
	return col_fail(error, COL_ERROR_DEGENERATE, "polygon: fewer than 3 distinct vertices in contour %d",
	                index);
}

/* Exact orientation of a contour that crosses nowhere (edges meet only at shared vertices, which
 * col_polygon_check_crossings has made sure of). Below its lowest-leftmost point lies only the
 * outside, so turning counter-clockwise from angle 0 there, the first edge met enters the inside:
 * the contour is counter-clockwise exactly when that edge leaves the point. The point may be a
 * pinch, visited more than once, so every visit's two edges take part; the turn at one visit alone
 * can have either sign. All the edges point into the upper half-turn [0, pi), where orient2d
 * orders directions, and no two point the same way (that would be an overlap). */
static bool is_counter_clockwise(const col_vec2 *p, int n)
{
	int m = 0;
	for (int i = 1; i < n; i++) {
		if (p[i].y < p[m].y || (p[i].y == p[m].y && p[i].x < p[m].x))
			m = i;
	}
	col_vec2 center = p[m], first = p[m + 1 < n ? m + 1 : 0];
	bool first_leaves = true;
	for (int i = m; i < n; i++) {
		if (!col_vec2_equal(p[i], center))
			continue;
		col_vec2 leaving = p[i + 1 < n ? i + 1 : 0], arriving = p[i > 0 ? i - 1 : n - 1];
		if (col_orient2d(center, leaving, first) > 0.0) {
			first = leaving;
			first_leaves = true;
		}
		if (col_orient2d(center, arriving, first) > 0.0) {
			first = arriving;
			first_leaves = false;
		}
	}
	return first_leaves;
}

static void reverse(col_vec2 *p, int n)
{
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		col_vec2 t = p[i];
		p[i] = p[j];
		p[j] = t;
	}
}

/* Room for the exact shoelace sum. Coordinates are 0 or of magnitude in [2^-100, 2^100], so
 * multiples of 2^-152; their products are multiples of 2^-304 below 2^200, and a sum of fewer than
 * 2^31 of them lies below 2^231. A compressed expansion has nonoverlapping components, at most one
 * per bit of that span (535), plus the 4 of the term being added. */
enum { AREA_CAPACITY = 544 };

/* The polygon's area: the shoelace sum over every contour's edges (x_a y_b - x_b y_a), held exactly
 * and rounded once. Summed in doubles it can cancel to 0, or to the wrong sign, for a thin
 * polygon far from the origin (a triangle with one vertex near -2^52 and two near 0). */
static double exact_area(const col_polygon *polygon)
{
	double sum[AREA_CAPACITY], grown[AREA_CAPACITY];
	int length = 0;
	for (int c = 0; c < polygon->contour_count; c++) {
		const col_vec2 *p = polygon->points + polygon->starts[c];
		int n = polygon->starts[c + 1] - polygon->starts[c];
		for (int i = 0; i < n; i++) {
			col_vec2 a = p[i], b = p[i + 1 < n ? i + 1 : 0];
			double forward[2], backward[2], term[4];
			int f = col_expansion_product(a.x, b.y, forward), g = col_expansion_product(b.x, a.y, backward);
			int t = col_expansion_diff(f, forward, g, backward, term);
			length = col_expansion_sum(length, sum, t, term, grown);
			length = col_expansion_compress(length, grown);
			for (int k = 0; k < length; k++)
				sum[k] = grown[k];
		}
	}
	return 0.5 * col_expansion_estimate(length, sum);
}

static int by_edge_then_along(const void *pa, const void *pb)
{
	const col_polygon_touch *a = pa, *b = pb;
	if (a->edge != b->edge)
		return (a->edge > b->edge) - (a->edge < b->edge);
	return (a->along > b->along) - (a->along < b->along);
}

/* Splits each edge at the vertices lying inside it (touches, from col_polygon_check_crossings), so
 * that every T becomes a pinch: a point where the contours share a vertex. The new vertices lie on
 * their edges exactly (they are the touching vertices themselves), and each takes the caller's
 * label of the edge it splits. */
static col_status split_at_touches(col_polygon *polygon, int **labels, col_polygon_touches *touches,
                                   col_error *error)
{
	qsort(touches->items, touches->count, sizeof *touches->items, by_edge_then_along);
	size_t unique = 0;
	for (size_t k = 0; k < touches->count; k++) {
		if (unique == 0 || touches->items[unique - 1].edge != touches->items[k].edge ||
		    !col_vec2_equal(touches->items[unique - 1].point, touches->items[k].point))
			touches->items[unique++] = touches->items[k];
	}
	touches->count = unique;
	if (unique > (size_t)(INT_MAX - 1 - polygon->vertex_count))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon: too many vertices");
	int total = polygon->vertex_count + (int)unique;
	col_vec2 *points = malloc(((size_t)total + 1) * sizeof *points);
	int *new_labels = malloc(((size_t)total + 1) * sizeof *new_labels);
	if (points == NULL || new_labels == NULL) {
		free(points);
		free(new_labels);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon: out of memory for %d vertices", total);
	}
	int kept = 0;
	size_t k = 0;
	for (int c = 0; c < polygon->contour_count; c++) {
		int first = polygon->starts[c], end = polygon->starts[c + 1];
		polygon->starts[c] = kept;
		for (int v = first; v < end; v++) {
			points[kept] = polygon->points[v];
			new_labels[kept++] = (*labels)[v];
			for (; k < unique && touches->items[k].edge == v; k++) {
				points[kept] = touches->items[k].point;
				new_labels[kept++] = (*labels)[v];
			}
		}
	}
	polygon->starts[polygon->contour_count] = kept;
	polygon->vertex_count = kept;
	free(polygon->points);
	free(*labels);
	polygon->points = points;
	*labels = new_labels;
	return COL_OK;
}

col_status col_polygon_create(const col_contour *contours, int contour_count, col_polygon **out,
                              col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon: the output pointer is NULL");
	*out = NULL;
	if (contours == NULL || contour_count < 1)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polygon: needs at least one contour (got %d)",
		                contours == NULL ? 0 : contour_count);
	if (contour_count > INT_MAX - 1)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon: too many contours (%d)",
		                contour_count);
	int total = 0;
	for (int c = 0; c < contour_count; c++) {
		col_contour contour = contours[c];
		if (contour.count < 0 || (contour.count > 0 && contour.points == NULL))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "polygon: contour %d has count %d and %s points", c, contour.count,
			                contour.points == NULL ? "no" : "some");
		if (contour.count > INT_MAX - total)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon: too many vertices");
		total += contour.count;
		for (int v = 0; v < contour.count; v++) {
			col_vec2 p = contour.points[v];
			if (isnan(p.x) || isnan(p.y))
				return col_fail(error, COL_ERROR_NOT_FINITE,
				                "polygon: contour %d vertex %d has a NaN coordinate", c, v);
			if (!col_vec2_is_finite(p))
				return col_fail(error, COL_ERROR_NOT_FINITE,
				                "polygon: contour %d vertex %d has an infinite coordinate", c,
				                v);
			for (int axis = 0; axis < 2; axis++) {
				double x = axis == 0 ? p.x : p.y;
				if (!col_coordinate_in_range(x))
					return col_fail(
					    error, COL_ERROR_INVALID_ARGUMENT,
					    "polygon: contour %d vertex %d coordinate %g is outside the "
					    "supported range [%g, %g] (or 0)",
					    c, v, x, COL_COORDINATE_MIN, COL_COORDINATE_MAX);
			}
		}
	}

	col_polygon *polygon = calloc(1, sizeof *polygon);
	int *labels = malloc(((size_t)total + 1) * sizeof *labels);
	if (polygon != NULL) {
		polygon->points = malloc(((size_t)total + 1) * sizeof *polygon->points);
		polygon->starts = malloc(((size_t)contour_count + 1) * sizeof *polygon->starts);
	}
	if (polygon == NULL || labels == NULL || polygon->points == NULL || polygon->starts == NULL) {
		free(labels);
		col_polygon_destroy(polygon);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon: out of memory for %d vertices",
		                total);
	}

	col_status status = COL_OK;
	int kept = 0;
	for (int c = 0; c < contour_count && status == COL_OK; c++) {
		polygon->starts[c] = kept;
		int n = copy_without_duplicates(contours[c], polygon->points + kept, labels + kept);
		if (n < 3)
			status = col_fail(error, COL_ERROR_DEGENERATE,
			                  "polygon: fewer than 3 distinct vertices in contour %d", c);
		else
			status = check_collinear(polygon->points + kept, n, c, error);
		kept += n;
	}
	polygon->starts[contour_count] = kept;
	polygon->contour_count = contour_count;
	polygon->vertex_count = kept;

	col_polygon_layout layout = {polygon->points, polygon->starts, labels, contour_count};
	bool *flipped = status == COL_OK ? malloc((size_t)contour_count * sizeof *flipped) : NULL;
	if (status == COL_OK && flipped == NULL)
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polygon: out of memory for %d contours",
		                  contour_count);
	col_polygon_touches touches = {0};
	if (status == COL_OK)
		status = col_polygon_check_crossings(&layout, &touches, error);
	if (status == COL_OK && touches.count > 0) {
		/* A vertex inside another edge: split that edge there and check again, the T now a pinch. */
		status = split_at_touches(polygon, &labels, &touches, error);
		layout = (col_polygon_layout){polygon->points, polygon->starts, labels, contour_count};
		if (status == COL_OK)
			status = col_polygon_check_crossings(&layout, NULL, error);
	}
	free(touches.items);
	if (status == COL_OK) {
		/* Interior on the left of every edge: outer counter-clockwise, holes clockwise. */
		for (int c = 0; c < contour_count; c++) {
			int n = polygon->starts[c + 1] - polygon->starts[c];
			flipped[c] = is_counter_clockwise(polygon->points + polygon->starts[c], n) != (c == 0);
		}
		status = col_polygon_check_pinches(&layout, flipped, error);
	}
	if (status == COL_OK)
		status = col_polygon_check_nesting(&layout, error);
	free(labels);
	if (status != COL_OK) {
		free(flipped);
		col_polygon_destroy(polygon);
		return status;
	}

	for (int c = 0; c < contour_count; c++) {
		if (flipped[c])
			reverse(polygon->points + polygon->starts[c], polygon->starts[c + 1] - polygon->starts[c]);
	}
	free(flipped);
	polygon->area = exact_area(polygon);
	polygon->bounds = col_aabb2_from_points(polygon->points, polygon->starts[1]);
	col_error_clear(error);
	*out = polygon;
	return COL_OK;
}

col_status col_polygon_create_simple(const col_vec2 *points, int count, col_polygon **out, col_error *error)
{
	col_contour contour = {points, count};
	return col_polygon_create(&contour, 1, out, error);
}

void col_polygon_destroy(col_polygon *polygon)
{
	if (polygon == NULL)
		return;
	free(polygon->points);
	free(polygon->starts);
	free(polygon);
}

int col_polygon_contour_count(const col_polygon *polygon)
{
	return polygon != NULL ? polygon->contour_count : 0;
}

col_contour col_polygon_contour(const col_polygon *polygon, int index)
{
	if (polygon == NULL || index < 0 || index >= polygon->contour_count)
		return (col_contour){NULL, 0};
	int start = polygon->starts[index];
	return (col_contour){polygon->points + start, polygon->starts[index + 1] - start};
}

int col_polygon_vertex_count(const col_polygon *polygon)
{
	return polygon != NULL ? polygon->vertex_count : 0;
}

double col_polygon_area(const col_polygon *polygon)
{
	return polygon != NULL ? polygon->area : 0.0;
}

col_aabb2 col_polygon_bounds(const col_polygon *polygon)
{
	return polygon != NULL ? polygon->bounds : col_aabb2_empty();
}

/* Whether p, known to lie on the horizontal line through a vertex of edge ab and within its y
 * range, lies on the edge. */
static bool on_edge(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && col_orient2d(a, b, p) == 0.0;
}

/* Crossing number: the parity of the edges a rightward ray from p crosses. An edge counts when its
 * end points lie on opposite sides of the ray's line, the upper side closed and the lower one open,
 * so a ray through a vertex counts it once or not at all, as it must. Points on the boundary are
 * found in the same loop: they make orient2d zero on an edge whose box holds them. */
static bool contains_crossing(const col_polygon *polygon, col_vec2 p)
{
	bool inside = false;
	for (int c = 0; c < polygon->contour_count; c++) {
		const col_vec2 *v = polygon->points + polygon->starts[c];
		int n = polygon->starts[c + 1] - polygon->starts[c];
		col_vec2 a = v[n - 1];
		for (int i = 0; i < n; i++) {
			col_vec2 b = v[i];
			if ((a.y > p.y) != (b.y > p.y)) {
				if (p.x < a.x && p.x < b.x) {
					inside =
					    !inside; /* the crossing is right of p, and p is off the edge */
				} else if (p.x <= a.x || p.x <= b.x) {
					double o = col_orient2d(a, b, p);
					if (o == 0.0)
						return true;
					if ((o > 0.0) == (b.y > a.y))
						inside = !inside;
				}
			} else if ((p.y == a.y || p.y == b.y) && on_edge(a, b, p)) {
				return true; /* a horizontal edge, or the upper end of an edge */
			}
			a = b;
		}
	}
	return inside;
}

/* Winding number: upward crossings with p on their left add one, downward ones with p on their
 * right subtract one. Holes are clockwise, so a point in a hole winds 1 - 1 = 0. */
static bool contains_winding(const col_polygon *polygon, col_vec2 p)
{
	int winding = 0;
	for (int c = 0; c < polygon->contour_count; c++) {
		const col_vec2 *v = polygon->points + polygon->starts[c];
		int n = polygon->starts[c + 1] - polygon->starts[c];
		for (int i = 0; i < n; i++) {
			col_vec2 a = v[i], b = v[i + 1 < n ? i + 1 : 0];
			if (a.y <= p.y && b.y > p.y) {
				double o = col_orient2d(a, b, p);
				if (o > 0.0)
					winding++;
				else if (o == 0.0)
					return true;
			} else if (a.y > p.y && b.y <= p.y) {
				double o = col_orient2d(a, b, p);
				if (o < 0.0)
					winding--;
				else if (o == 0.0)
					return true;
			} else if ((p.y == a.y || p.y == b.y) && on_edge(a, b, p)) {
				return true;
			}
		}
	}
	return winding != 0;
}

bool col_polygon_contains(const col_polygon *polygon, col_vec2 point, col_method method,
                          col_query_stats *stats)
{
	if (polygon == NULL)
		return false;
	if (stats != NULL) {
		stats->queries += 1;
		stats->primitives_tested += (uint64_t)polygon->vertex_count;
	}
	if (method == COL_METHOD_WINDING)
		return contains_winding(polygon, point);
	return contains_crossing(polygon, point);
}

void col_polygon_contains_points(const col_polygon *polygon, const col_vec2 *points, size_t count,
                                 col_method method, bool *inside, col_query_stats *stats)
{
	for (size_t i = 0; i < count; i++)
		inside[i] = col_polygon_contains(polygon, points[i], method, stats);
}

/* Whether p lies outside the box of edge ab: such an edge cannot hold it. */
static inline bool outside_edge_box(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return p.x < (a.x < b.x ? a.x : b.x) || p.x > (a.x < b.x ? b.x : a.x) || p.y < (a.y < b.y ? a.y : b.y) ||
	       p.y > (a.y < b.y ? b.y : a.y);
}

bool col_polygon_on_boundary(const col_polygon *polygon, col_vec2 point, col_query_stats *stats)
{
	if (polygon == NULL)
		return false;
	uint64_t tested = 0;
	bool on = false;
	for (int c = 0; c < polygon->contour_count && !on; c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		for (int i = 0; i < contour.count; i++) {
			tested++;
			col_segment edge = {contour.points[i],
			                    contour.points[i + 1 < contour.count ? i + 1 : 0]};
			/* col_segment_contains_point asks the box too, but after checks a validated
			 * polygon's edges need not repeat, and as a call: most edges stop here. */
			if (outside_edge_box(edge.a, edge.b, point))
				continue;
			if (col_segment_contains_point(edge, point)) {
				on = true;
				break;
			}
		}
	}
	if (stats != NULL) {
		stats->queries += 1;
		stats->primitives_tested += tested;
	}
	return on;
}

bool col_polygon_intersects_polygon(const col_polygon *a, const col_polygon *b, col_query_stats *stats)
{
	if (a == NULL || b == NULL)
		return false;
	uint64_t tested = 0;
	bool hit = false;
	for (int ca = 0; ca < a->contour_count && !hit; ca++) {
		col_contour ka = col_polygon_contour(a, ca);
		for (int i = 0; i < ka.count && !hit; i++) {
			col_segment s = {ka.points[i], ka.points[i + 1 < ka.count ? i + 1 : 0]};
			for (int cb = 0; cb < b->contour_count && !hit; cb++) {
				col_contour kb = col_polygon_contour(b, cb);
				for (int j = 0; j < kb.count; j++) {
					tested++;
					col_segment t = {kb.points[j],
					                 kb.points[j + 1 < kb.count ? j + 1 : 0]};
					if (col_segment_intersects_segment(s, t)) {
						hit = true;
						break;
					}
				}
			}
		}
	}
	/* The boundaries do not meet, so each polygon lies wholly inside or wholly outside the
	 * other's region; one vertex each way decides. A polygon inside a hole of the other fails
	 * both tests, as it should. */
	if (!hit) {
		col_query_stats inner = {0};
		hit = col_polygon_contains(b, a->points[0], COL_METHOD_DEFAULT, &inner) ||
		      col_polygon_contains(a, b->points[0], COL_METHOD_DEFAULT, &inner);
		tested += inner.primitives_tested;
	}
	if (stats != NULL) {
		stats->queries += 1;
		stats->primitives_tested += tested;
	}
	return hit;
}
