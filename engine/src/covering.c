/* The simplicial covering and its "DC" queries (source 000, 3.3 and 4.1-4.4). Signs come from
 * predicates.h; the only rounded arithmetic is in the filters (bounding circles, areas of
 * influence), which are widened so that they can only let more work through. */
#include "covering_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/barycentric.h"
#include "error.h"

/* ---- building ---- */

/* The area centroid of all contours (holes are clockwise, so they subtract), taken relative to
 * the first vertex so that a polygon far from the origin loses no precision. */
static col_vec2 area_centroid(const col_polygon *polygon)
{
	col_contour first = col_polygon_contour(polygon, 0);
	col_vec2 ref = first.points[0];
	double sx = 0.0, sy = 0.0, twice_area = 0.0;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		for (int i = 0; i < contour.count; i++) {
			col_vec2 p = col_vec2_sub(contour.points[i], ref);
			col_vec2 q = col_vec2_sub(contour.points[(i + 1) % contour.count], ref);
			double cross = p.x * q.y - p.y * q.x;
			twice_area += cross;
			sx += (p.x + q.x) * cross;
			sy += (p.y + q.y) * cross;
		}
	}
	col_vec2 centroid = {ref.x + sx / (3.0 * twice_area), ref.y + sy / (3.0 * twice_area)};
	/* For a thin polygon far from the origin these sums cancel to nothing, even to 0 / 0. The
	 * centroid lies in the polygon's box, so a point outside it (or NaN) is replaced by the box's
	 * centre; any point there is a good origin, as long as its coordinates are in the range where
	 * the predicates are exact, so one below it is taken as 0. */
	col_aabb2 box = col_polygon_bounds(polygon);
	if (!col_aabb2_contains(box, centroid))
		centroid = (col_vec2){0.5 * box.min.x + 0.5 * box.max.x, 0.5 * box.min.y + 0.5 * box.max.y};
	if (!col_coordinate_in_range(centroid.x))
		centroid.x = 0.0;
	if (!col_coordinate_in_range(centroid.y))
		centroid.y = 0.0;
	return centroid;
}

static double distance_to_segment(col_vec2 p, col_vec2 a, col_vec2 b)
{
	col_vec2 d = col_vec2_sub(b, a), ap = col_vec2_sub(p, a);
	double len2 = col_vec2_dot(d, d);
	double t = len2 > 0.0 ? col_vec2_dot(ap, d) / len2 : 0.0;
	t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
	return col_vec2_length(col_vec2_sub(ap, col_vec2_scale(d, t)));
}

/* Rounds a radius up so that discs built from it hold what it was measured to. */
static double round_up(double radius, double scale)
{
	return radius * (1.0 + 1e-12) + col_rounding_margin(scale);
}

static void classify_shape(col_covering *c)
{
	c->positive = true;
	for (int i = 0; i < c->count; i++)
		if (c->triangles[i].sign <= 0)
			c->positive = false;
	c->convex = c->positive && c->contour_count == 1;
	for (int i = 0; c->convex && i < c->count; i++) {
		const col_covering_triangle *t = &c->triangles[i];
		const col_covering_triangle *next = &c->triangles[(i + 1) % c->count];
		if (col_orient2d(t->a, t->b, next->b) < 0.0)
			c->convex = false;
	}
}

static void measure(col_covering *c)
{
	double far = 0.0, scale = fmax(fabs(c->origin.x), fabs(c->origin.y));
	c->box = col_aabb2_empty();
	for (int i = 0; i < c->count; i++) {
		col_vec2 a = c->triangles[i].a;
		far = fmax(far, col_vec2_length(col_vec2_sub(a, c->origin)));
		scale = fmax(scale, fmax(fabs(a.x), fabs(a.y)));
		c->box = col_aabb2_add_point(c->box, a);
	}
	c->scale = scale;
	c->bounds = (col_circle){c->origin, round_up(far, scale)};

	/* Alg. 4.7 needs a point inside the polygon. The origin serves when it is inside and not so
	 * near the boundary that moving the polygon (a rounded transform) could carry it across. */
	double clearance = INFINITY;
	for (int i = 0; i < c->count; i++)
		clearance = fmin(clearance, distance_to_segment(c->origin, c->triangles[i].a, c->triangles[i].b));
	c->inner_point = (c->origin_inside && clearance > 1e-6 * c->bounds.radius) ? c->origin : c->triangles[0].a;
	double reach = 0.0;
	for (int i = 0; i < c->count; i++)
		reach = fmax(reach, col_vec2_length(col_vec2_sub(c->triangles[i].a, c->inner_point)));
	c->inner_radius = round_up(reach, scale);
}

col_status col_covering_build(const col_polygon *polygon, const col_vec2 *origin, col_covering **out,
                              col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering: no place for the result");
	*out = NULL;
	if (polygon == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering: no polygon");
	if (origin != NULL && !(col_vec2_is_finite(*origin) && col_coordinate_in_range(origin->x) &&
	                        col_coordinate_in_range(origin->y)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "covering: the origin (%g, %g) is not a finite coordinate in range",
		                origin != NULL ? origin->x : 0.0, origin != NULL ? origin->y : 0.0);

	int n = col_polygon_vertex_count(polygon), contours = col_polygon_contour_count(polygon);
	col_covering *c = calloc(1, sizeof *c);
	if (c == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "covering: out of memory");
	c->triangles = malloc((size_t)n * sizeof *c->triangles);
	c->edge_length = malloc((size_t)n * sizeof *c->edge_length);
	c->contour_start = malloc((size_t)(contours + 1) * sizeof *c->contour_start);
	if (c->triangles == NULL || c->edge_length == NULL || c->contour_start == NULL) {
		col_covering_destroy(c);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "covering: out of memory for %d triangles", n);
	}
	c->count = n;
	c->contour_count = contours;
	c->origin = origin != NULL ? *origin : area_centroid(polygon);

	int k = 0;
	for (int ci = 0; ci < contours; ci++) {
		col_contour contour = col_polygon_contour(polygon, ci);
		c->contour_start[ci] = k;
		for (int i = 0; i < contour.count; i++, k++) {
			col_vec2 a = contour.points[i], b = contour.points[(i + 1) % contour.count];
			c->triangles[k] = (col_covering_triangle){
			    a, b, col_sign_of(col_orient2d(c->origin, a, b)), ci};
			c->edge_length[k] = col_vec2_length(col_vec2_sub(b, a));
		}
	}
	c->contour_start[contours] = k;
	/* The covering cannot decide its own origin (every triangle meets there): ask the crossing
	 * number once (Alg. 4.1's precomputed flag). */
	c->origin_inside = col_polygon_contains(polygon, c->origin, COL_METHOD_CROSSING, NULL);
	classify_shape(c);
	measure(c);
	*out = c;
	col_error_clear(error);
	return COL_OK;
}

void col_covering_destroy(col_covering *covering)
{
	if (covering == NULL)
		return;
	free(covering->triangles);
	free(covering->edge_length);
	free(covering->contour_start);
	free(covering);
}

col_vec2 col_covering_origin(const col_covering *covering)
{
	return covering->origin;
}

bool col_covering_origin_inside(const col_covering *covering)
{
	return covering->origin_inside;
}

int col_covering_triangle_count(const col_covering *covering)
{
	return covering != NULL ? covering->count : 0;
}

col_covering_triangle col_covering_triangle_at(const col_covering *covering, int index)
{
	if (covering == NULL || index < 0 || index >= covering->count)
		return (col_covering_triangle){{0, 0}, {0, 0}, 0, -1};
	return covering->triangles[index];
}

bool col_covering_is_positive(const col_covering *covering)
{
	return covering->positive;
}

bool col_covering_is_convex(const col_covering *covering)
{
	return covering->convex;
}

col_circle col_covering_bounding_circle(const col_covering *covering)
{
	return covering->bounds;
}

bool col_covering_supports(const col_covering *covering, col_method method)
{
	switch (method) {
	case COL_METHOD_DEFAULT:
	case COL_METHOD_COVERING: return true;
	case COL_METHOD_CONVEX: return covering->convex;
	case COL_METHOD_STAR: return covering->positive;
	default: return false;
	}
}

/* ---- the cache ---- */

col_status col_covering_cache_create(const col_covering *covering, col_covering_cache **out,
                                     col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering cache: no place for the result");
	*out = NULL;
	if (covering == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering cache: no covering");
	col_covering_cache *cache = calloc(1, sizeof *cache);
	size_t words = ((size_t)covering->count * 2 + 63) / 64;
	if (cache != NULL) {
		cache->mask = calloc(words, sizeof *cache->mask);
		cache->scratch = calloc(words, sizeof *cache->scratch);
		cache->stamp = calloc((size_t)covering->count, sizeof *cache->stamp);
	}
	if (cache == NULL || cache->mask == NULL || cache->scratch == NULL || cache->stamp == NULL) {
		col_covering_cache_destroy(cache);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "covering cache: out of memory");
	}
	cache->covering = covering;
	cache->capacity = covering->count;
	col_covering_cache_reset(cache);
	*out = cache;
	col_error_clear(error);
	return COL_OK;
}

void col_covering_cache_destroy(col_covering_cache *cache)
{
	if (cache == NULL)
		return;
	free(cache->mask);
	free(cache->scratch);
	free(cache->stamp);
	free(cache);
}

void col_covering_cache_reset(col_covering_cache *cache)
{
	if (cache == NULL)
		return;
	cache->key = -2;
	cache->mask_count = 0;
	cache->state = false;
	cache->witness = 0;
	cache->cone = -1;
	cache->last_hit = false;
	cache->hit_edge_a = cache->hit_edge_b = cache->hit_cone_a = cache->hit_cone_b = -1;
}

/* A cache made for another covering (or too small) is not used. */
col_covering_cache *col_covering_cache_usable(const col_covering *c, col_covering_cache *cache)
{
	return cache != NULL && cache->covering == c && cache->capacity >= c->count ? cache : NULL;
}

/* ---- point queries ---- */

static bool sum_plain(const col_covering *c, const int *indices, int count, col_vec2 p,
                      col_query_stats *stats)
{
	int sum = 0;
	bool boundary = false;
	for (int k = 0; k < count; k++) {
		sum += col_covering_term(c, indices != NULL ? indices[k] : k, p, &boundary);
		if (boundary) {
			if (stats != NULL)
				stats->primitives_tested += (uint64_t)k + 1;
			return true;
		}
	}
	if (stats != NULL)
		stats->primitives_tested += (uint64_t)count;
	return sum == 2; /* twice the winding number: 1 inside, 0 outside */
}

bool col_covering_sum_contains(const col_covering *c, const int *indices, int count, int key,
                               col_vec2 p, col_covering_cache *cache, col_query_stats *stats)
{
	cache = col_covering_cache_usable(c, cache);
	if (cache == NULL)
		return sum_plain(c, indices, count, p, stats);

	/* Alg. 4.2 with three states per triangle (side of the edge's line: 0 below, 1 on, 2 above):
	 * an equal mask means the same face of the arrangement of edge lines, where the answer cannot
	 * change, even for a point that reaches an edge (erratum 12). */
	size_t words = ((size_t)count * 2 + 63) / 64;
	memset(cache->scratch, 0, words * sizeof *cache->scratch);
	for (int k = 0; k < count; k++) {
		const col_covering_triangle *t = &c->triangles[indices != NULL ? indices[k] : k];
		uint64_t side = (uint64_t)(col_sign_of(col_orient2d(t->a, t->b, p)) + 1);
		cache->scratch[k / 32] |= side << (2 * (k % 32));
	}
	if (stats != NULL)
		stats->primitives_tested += (uint64_t)count;
	if (cache->key == key && cache->mask_count == count &&
	    memcmp(cache->mask, cache->scratch, words * sizeof *cache->mask) == 0) {
		if (stats != NULL)
			stats->cache_hits++;
		return cache->state;
	}
	uint64_t *swap = cache->mask;
	cache->mask = cache->scratch;
	cache->scratch = swap;
	cache->key = key;
	cache->mask_count = count;

	/* Only triangles whose alpha is not negative can hold p: beta and gamma for them alone. */
	int sum = 0;
	bool boundary = false;
	for (int k = 0; k < count && !boundary; k++) {
		int i = indices != NULL ? indices[k] : k;
		const col_covering_triangle *t = &c->triangles[i];
		int side = (int)((cache->mask[k / 32] >> (2 * (k % 32))) & 3u) - 1;
		if (t->sign == 0) {
			if (side == 0 && col_on_segment(t->a, t->b, p))
				boundary = true;
			continue;
		}
		if (side * t->sign < 0)
			continue;
		sum += col_covering_term(c, i, p, &boundary);
	}
	cache->state = boundary || sum == 2;
	return cache->state;
}

static int alpha_sign(const col_covering *c, int i, col_vec2 p)
{
	const col_covering_triangle *t = &c->triangles[i];
	return t->sign * col_sign_of(col_orient2d(p, t->a, t->b));
}

/* Whether p is in the closed tri-cone of positive triangle i; *beta < 0 says p is past ray
 * origin->b (the next triangle's side), else past ray origin->a. */
static bool in_cone(const col_covering *c, int i, col_vec2 p, int *beta)
{
	const col_covering_triangle *t = &c->triangles[i];
	*beta = col_sign_of(col_orient2d(p, t->b, c->origin));
	if (*beta < 0)
		return false;
	return col_orient2d(p, c->origin, t->a) >= 0.0;
}

/* Alg. 4.3 with Heuristic 4.1: p is outside a convex polygon iff some alpha is negative; start at
 * the witness and walk towards the neighbour across the ray p has passed (erratum 5). */
static bool contains_convex(const col_covering *c, col_vec2 p, col_covering_cache *cache,
                            col_query_stats *stats)
{
	int n = c->count, k = cache != NULL ? cache->witness % n : 0, tested = 1;
	bool inside = true;
	int beta;
	if (alpha_sign(c, k, p) < 0) {
		inside = false;
	} else if (!in_cone(c, k, p, &beta)) {
		int step = beta < 0 ? 1 : n - 1;
		for (int j = (k + step) % n; j != k; j = (j + step) % n) {
			tested++;
			if (alpha_sign(c, j, p) < 0) {
				inside = false;
				k = j;
				break;
			}
			if (in_cone(c, j, p, &beta)) {
				k = j;
				break;
			}
		}
	}
	if (cache != NULL)
		cache->witness = k;
	if (stats != NULL)
		stats->primitives_tested += (uint64_t)tested;
	return inside;
}

/* Alg. 4.4 (with its loop-variable typo fixed, erratum 6): the cones of a positive covering tile
 * the plane, so walk to the one holding p; p is inside iff it is not beyond that triangle's edge. */
static bool contains_star(const col_covering *c, col_vec2 p, col_covering_cache *cache,
                          col_query_stats *stats)
{
	int n = c->count, k = cache != NULL ? cache->witness % n : 0, tested = 1, beta;
	if (!in_cone(c, k, p, &beta)) {
		int step = beta < 0 ? 1 : n - 1;
		for (int j = (k + step) % n; j != k; j = (j + step) % n) {
			tested++;
			if (in_cone(c, j, p, &beta)) {
				k = j;
				break;
			}
		}
	}
	if (cache != NULL)
		cache->witness = k;
	if (stats != NULL)
		stats->primitives_tested += (uint64_t)tested;
	return alpha_sign(c, k, p) >= 0;
}

static col_method best_point_method(const col_covering *c, col_method method)
{
	if (method == COL_METHOD_DEFAULT)
		return c->convex ? COL_METHOD_CONVEX : c->positive ? COL_METHOD_STAR : COL_METHOD_COVERING;
	return col_covering_supports(c, method) ? method : COL_METHOD_COVERING;
}

bool col_covering_contains(const col_covering *covering, col_vec2 point, col_method method,
                           col_covering_cache *cache, col_query_stats *stats)
{
	if (covering == NULL || !col_vec2_is_finite(point))
		return false;
	if (stats != NULL)
		stats->queries++;
	if (!col_covering_in_bounds(covering, point))
		return false;
	if (point.x == covering->origin.x && point.y == covering->origin.y)
		return covering->origin_inside;
	cache = col_covering_cache_usable(covering, cache);
	switch (best_point_method(covering, method)) {
	case COL_METHOD_CONVEX: return contains_convex(covering, point, cache, stats);
	case COL_METHOD_STAR: return contains_star(covering, point, cache, stats);
	default: return col_covering_sum_contains(covering, NULL, covering->count, -1, point, cache, stats);
	}
}

/* ---- areas of influence ---- */

bool col_covering_may_touch_edge(const col_covering *c, int i, col_vec2 p, double r, col_influence kind)
{
	const col_covering_triangle *t = &c->triangles[i];
	double dx = t->b.x - t->a.x, dy = t->b.y - t->a.y;
	double cross = dx * (p.y - t->a.y) - dy * (p.x - t->a.x);
	/* cross = |b - a| times the signed distance (positive on the interior side, the left). Its
	 * rounding error is below a few ulps of the products' magnitudes. */
	double magnitude = (fabs(dx) + fabs(dy)) * (fabs(p.x) + fabs(p.y) + fabs(t->a.x) + fabs(t->a.y));
	double reach = r * c->edge_length[i] * (1.0 + 1e-12) + 1e-14 * magnitude;
	if (kind == COL_INFLUENCE_PLAIN)
		return cross <= 1e-14 * magnitude && cross >= -reach;
	if (fabs(cross) > reach)
		return false;
	if (kind == COL_INFLUENCE_EXTENDED)
		return true;
	double slack = r * (1.0 + 1e-12) + col_rounding_margin(c->scale + fabs(p.x) + fabs(p.y));
	if (fabs(dy) > fabs(dx))
		return p.y >= fmin(t->a.y, t->b.y) - slack && p.y <= fmax(t->a.y, t->b.y) + slack;
	return p.x >= fmin(t->a.x, t->b.x) - slack && p.x <= fmax(t->a.x, t->b.x) + slack;
}

bool col_covering_in_influence(const col_covering *covering, int index, col_vec2 p, double r,
                               col_influence kind)
{
	if (covering == NULL || index < 0 || index >= covering->count || !col_vec2_is_finite(p) ||
	    !(r >= 0.0))
		return false;
	return col_covering_may_touch_edge(covering, index, p, r, kind);
}

bool col_covering_influence_corners(const col_covering *covering, int index, double r,
                                    col_influence kind, col_vec2 corners[4])
{
	if (covering == NULL || index < 0 || index >= covering->count || !(r >= 0.0))
		return false;
	const col_covering_triangle *t = &covering->triangles[index];
	double len = covering->edge_length[index];
	col_vec2 d = col_vec2_scale(col_vec2_sub(t->b, t->a), 1.0 / len);
	col_vec2 out = {d.y, -d.x}; /* the interior is on the left */
	col_vec2 a = t->a, b = t->b;
	if (kind == COL_INFLUENCE_PLAIN) {
		corners[0] = a;
		corners[1] = col_vec2_add(a, col_vec2_scale(out, r));
		corners[2] = col_vec2_add(b, col_vec2_scale(out, r));
		corners[3] = b;
		return true;
	}
	double s0, s1; /* the strip runs along a + d s, s in [s0, s1] */
	if (kind == COL_INFLUENCE_EXTENDED) {
		double mid = col_vec2_dot(col_vec2_sub(covering->bounds.center, a), d);
		s0 = mid - covering->bounds.radius - r;
		s1 = mid + covering->bounds.radius + r;
	} else {
		s0 = -r;
		s1 = len + r;
	}
	col_vec2 off[2] = {col_vec2_scale(out, r), col_vec2_scale(out, -r)};
	for (int side = 0; side < 2; side++) {
		for (int end = 0; end < 2; end++) {
			double s = end == 0 ? s0 : s1;
			if (kind == COL_INFLUENCE_LIMITED) {
				/* Cut by the axis line r beyond the end: y for a steep edge, else x. */
				bool steep = fabs(d.y) > fabs(d.x);
				double axis_end = steep ? (end == 0 ? fmin(a.y, b.y) - r : fmax(a.y, b.y) + r)
				                        : (end == 0 ? fmin(a.x, b.x) - r : fmax(a.x, b.x) + r);
				double start = steep ? a.y + off[side].y : a.x + off[side].x;
				double dir = steep ? d.y : d.x;
				if (dir < 0.0) /* walking against the axis: the far cut is the low one */
					axis_end = steep ? (end == 0 ? fmax(a.y, b.y) + r : fmin(a.y, b.y) - r)
					                 : (end == 0 ? fmax(a.x, b.x) + r : fmin(a.x, b.x) - r);
				s = (axis_end - start) / dir;
			}
			col_vec2 p = col_vec2_add(col_vec2_add(a, off[side]), col_vec2_scale(d, s));
			/* counter-clockwise: outer side a->b, then inner side b->a */
			corners[side == 0 ? end : 3 - end] = p;
		}
	}
	return true;
}

/* ---- circles and polygons ---- */

static bool circle_ok(col_circle circle)
{
	return col_vec2_is_finite(circle.center) && isfinite(circle.radius) && circle.radius >= 0.0;
}

/* Whether two discs may meet, widened for rounding. */
bool col_discs_may_meet(col_vec2 a, double ra, col_vec2 b, double rb, double scale)
{
	double reach = (ra + rb) * (1.0 + 1e-12) + col_rounding_margin(scale);
	double dx = a.x - b.x, dy = a.y - b.y;
	return dx * dx + dy * dy <= reach * reach;
}

bool col_covering_intersects_circle(const col_covering *covering, col_circle circle,
                                    col_covering_cache *cache, col_query_stats *stats)
{
	if (covering == NULL || !circle_ok(circle))
		return false;
	double scale = covering->scale + fabs(circle.center.x) + fabs(circle.center.y);
	if (!col_discs_may_meet(covering->bounds.center, covering->bounds.radius, circle.center,
	                        circle.radius, scale)) {
		if (stats != NULL)
			stats->queries++;
		return false;
	}
	/* Lemma 4.4: a centre inside collides; otherwise some edge must come within r. */
	if (col_covering_contains(covering, circle.center, COL_METHOD_DEFAULT, cache, stats))
		return true;
	for (int i = 0; i < covering->count; i++) {
		if (!col_covering_may_touch_edge(covering, i, circle.center, circle.radius,
		                                 COL_INFLUENCE_LIMITED))
			continue;
		if (stats != NULL)
			stats->primitives_tested++;
		const col_covering_triangle *t = &covering->triangles[i];
		if (col_circle_intersects_segment(circle, (col_segment){t->a, t->b}))
			return true;
	}
	return false;
}

/* Crossing parity of p against the edges of c moved by transform (the same rounded points every
 * other test of the pair sees); true on the boundary. */
bool col_covering_transformed_contains(const col_covering *c, col_transform2 transform, col_vec2 p)
{
	bool inside = false;
	for (int i = 0; i < c->count; i++) {
		col_vec2 a = col_transform2_apply(transform, c->triangles[i].a);
		col_vec2 b = col_transform2_apply(transform, c->triangles[i].b);
		if ((a.y > p.y) != (b.y > p.y)) {
			double o = col_orient2d(a, b, p);
			if (o == 0.0)
				return true;
			if ((o > 0.0) == (b.y > a.y))
				inside = !inside;
		} else if ((p.y == a.y || p.y == b.y) && col_on_segment(a, b, p)) {
			return true;
		}
	}
	return inside;
}

/* Whether edge (ea, eb) of one polygon meets an edge of c (moved by transform), testing only the
 * edges whose ends change side of the line ea-eb (Alg. 4.7; a zero side counts as a change).
 * *hit (when not NULL) gets the index of the edge of c that met it. */
bool col_covering_edge_meets(const col_covering *c, col_transform2 transform, col_vec2 ea, col_vec2 eb,
                             bool by_sign_change, col_query_stats *stats, int *hit)
{
	for (int ci = 0; ci < c->contour_count; ci++) {
		int first = c->contour_start[ci], last = c->contour_start[ci + 1];
		col_vec2 prev = col_transform2_apply(transform, c->triangles[first].a);
		int prev_side = col_sign_of(col_orient2d(ea, eb, prev));
		for (int i = first; i < last; i++) {
			col_vec2 next = col_transform2_apply(transform, c->triangles[i].b);
			int side = col_sign_of(col_orient2d(ea, eb, next));
			if (!by_sign_change || side != prev_side || side == 0) {
				if (stats != NULL)
					stats->primitives_tested++;
				if (col_barycentric_segments_intersect(ea, eb, prev, next)) {
					if (hit != NULL)
						*hit = i;
					return true;
				}
			}
			prev = next;
			prev_side = side;
		}
	}
	return false;
}

bool col_covering_intersects_covering(const col_covering *a, const col_covering *b,
                                      col_transform2 b_to_a, col_covering_cache *cache,
                                      col_query_stats *stats)
{
	if (a == NULL || b == NULL)
		return false;
	col_vec2 inner = col_transform2_apply(b_to_a, b->inner_point);
	col_vec2 b_center = col_transform2_apply(b_to_a, b->bounds.center);
	double scale = a->scale + b->scale + fabs(b_to_a.translation.x) + fabs(b_to_a.translation.y);
	if (!col_discs_may_meet(a->bounds.center, a->bounds.radius, b_center, b->bounds.radius, scale)) {
		if (stats != NULL)
			stats->queries++;
		return false;
	}
	/* b as a disc around a point inside it (Alg. 4.7): that point inside a is a common point. */
	if (col_covering_contains(a, inner, COL_METHOD_DEFAULT, cache, stats))
		return true;
	double reach = b->inner_radius * (1.0 + 1e-12) + col_rounding_margin(scale);
	for (int i = 0; i < a->count; i++) {
		if (!col_covering_may_touch_edge(a, i, inner, reach, COL_INFLUENCE_LIMITED))
			continue;
		const col_covering_triangle *t = &a->triangles[i];
		if (col_covering_edge_meets(b, b_to_a, t->a, t->b, t->sign != 0, stats, NULL))
			return true;
	}
	/* No edges meet: the polygons are disjoint unless one holds the other (erratum 11), which
	 * shows at any vertex. b's inner point being outside a does not settle it: it may lie in a
	 * hole of a that b surrounds. */
	return col_covering_contains(a, col_transform2_apply(b_to_a, b->triangles[0].a), COL_METHOD_DEFAULT,
	                             NULL, stats) ||
	       col_covering_transformed_contains(b, b_to_a, a->triangles[0].a);
}
