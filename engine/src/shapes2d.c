/* Points, segments and circles: the exact brute-force tests between them and against polygons.
 * Every sign comes from predicates.h, so the answers are exact for every input; the one piece of
 * rounded arithmetic, the circle's reach box, is widened so it can only let more edges through. */
#include "collide/shapes2d.h"

#include <math.h>

#include "collide/predicates.h"
#include "error.h"

static int sign_of(double value)
{
	return (value > 0.0) - (value < 0.0);
}

/* Whether p lies in the closed bounding box of a and b: exact, coordinates are only compared. */
static bool in_box(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= p.y &&
	       p.y <= fmax(a.y, b.y);
}

static col_status check_finite(col_vec2 p, const char *what, const char *name, col_error *error)
{
	if (isnan(p.x) || isnan(p.y))
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s: %s has a NaN coordinate", what, name);
	if (!col_vec2_is_finite(p))
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s: %s has an infinite coordinate", what, name);
	return COL_OK;
}

/* Both coordinates in the engine's one range (common.h). */
static col_status check_range(col_vec2 p, const char *what, const char *name, col_error *error)
{
	col_status status = col_check_coordinate(error, p.x, "%s: %s x", what, name);
	return status == COL_OK ? col_check_coordinate(error, p.y, "%s: %s y", what, name) : status;
}

/* The shapes the tests answer for: finite coordinates, a finite radius >= 0. Anything else (a
 * NaN above all, whose predicate signs read as 0, "touching") is nowhere: the tests say false. */
static bool segment_ok(col_segment s)
{
	return col_vec2_is_finite(s.a) && col_vec2_is_finite(s.b);
}

static bool circle_ok(col_circle c)
{
	return col_vec2_is_finite(c.center) && isfinite(c.radius) && c.radius >= 0.0;
}

col_status col_segment_validate(col_segment segment, col_error *error)
{
	col_status status = check_finite(segment.a, "segment", "end point a", error);
	if (status == COL_OK)
		status = check_finite(segment.b, "segment", "end point b", error);
	if (status == COL_OK)
		status = check_range(segment.a, "segment", "end point a", error);
	if (status == COL_OK)
		status = check_range(segment.b, "segment", "end point b", error);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}

col_status col_circle_validate(col_circle circle, col_error *error)
{
	col_status status = check_finite(circle.center, "circle", "the centre", error);
	if (status != COL_OK)
		return status;
	if (isnan(circle.radius))
		return col_fail(error, COL_ERROR_NOT_FINITE, "circle: the radius is NaN");
	if (isinf(circle.radius))
		return col_fail(error, COL_ERROR_NOT_FINITE, "circle: the radius is infinite");
	if (circle.radius < 0.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "circle: negative radius (%g)",
		                circle.radius);
	status = check_range(circle.center, "circle", "centre", error);
	if (status == COL_OK)
		status = col_check_coordinate(error, circle.radius, "circle: radius");
	if (status != COL_OK)
		return status;
	col_error_clear(error);
	return COL_OK;
}

bool col_segment_contains_point(col_segment segment, col_vec2 p)
{
	/* Collinear and inside the box is on the segment; a point segment has a zero orientation with
	 * everything, but its box holds only itself, so the same test serves. */
	return segment_ok(segment) && col_vec2_is_finite(p) && in_box(segment.a, segment.b, p) &&
	       col_orient2d(segment.a, segment.b, p) == 0.0;
}

bool col_segment_intersects_segment(col_segment s, col_segment t)
{
	if (!segment_ok(s) || !segment_ok(t))
		return false;
	/* Cheap rejection first; it is exact since it only compares coordinates. */
	if (fmax(s.a.x, s.b.x) < fmin(t.a.x, t.b.x) || fmax(t.a.x, t.b.x) < fmin(s.a.x, s.b.x) ||
	    fmax(s.a.y, s.b.y) < fmin(t.a.y, t.b.y) || fmax(t.a.y, t.b.y) < fmin(s.a.y, s.b.y))
		return false;
	int o1 = sign_of(col_orient2d(s.a, s.b, t.a));
	int o2 = sign_of(col_orient2d(s.a, s.b, t.b));
	int o3 = sign_of(col_orient2d(t.a, t.b, s.a));
	int o4 = sign_of(col_orient2d(t.a, t.b, s.b));
	if (o1 * o2 < 0 && o3 * o4 < 0)
		return true;
	/* Otherwise they meet only if an end point lies on the other segment; this also covers point
	 * segments and collinear overlaps. */
	return (o1 == 0 && in_box(s.a, s.b, t.a)) || (o2 == 0 && in_box(s.a, s.b, t.b)) ||
	       (o3 == 0 && in_box(t.a, t.b, s.a)) || (o4 == 0 && in_box(t.a, t.b, s.b));
}

/* Position of p along the line of s, for collinear points: exact, a coordinate comparison along
 * the segment's dominant axis, signed so that larger is further from s.a. */
static double along(col_segment s, col_vec2 p)
{
	double dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
	if (fabs(dx) >= fabs(dy))
		return dx >= 0.0 ? p.x : -p.x;
	return dy >= 0.0 ? p.y : -p.y;
}

bool col_segment_intersection_point(col_segment s, col_segment t, col_vec2 *point)
{
	if (!col_segment_intersects_segment(s, t))
		return false;
	if (point == NULL)
		return true;
	double o1 = col_orient2d(s.a, s.b, t.a), o2 = col_orient2d(s.a, s.b, t.b);
	double o3 = col_orient2d(t.a, t.b, s.a), o4 = col_orient2d(t.a, t.b, s.b);
	bool collinear = o1 == 0.0 && o2 == 0.0 && o3 == 0.0 && o4 == 0.0;
	if (!collinear) {
		/* A touching end point is returned exactly rather than recomputed. */
		if (o3 == 0.0 && in_box(t.a, t.b, s.a))
			*point = s.a;
		else if (o4 == 0.0 && in_box(t.a, t.b, s.b))
			*point = s.b;
		else if (o1 == 0.0 && in_box(s.a, s.b, t.a))
			*point = t.a;
		else if (o2 == 0.0 && in_box(s.a, s.b, t.b))
			*point = t.b;
		else {
			/* A proper crossing: o1 and o2 have opposite signs, so o1 - o2 is not zero. The
			 * predicates' magnitudes are twice the areas, which is all the weights need. */
			double w = o1 / (o1 - o2);
			col_vec2 p = col_vec2_lerp(t.a, t.b, w);
			/* Rounding may leave the boxes; the true point is in both. */
			p.x = fmax(p.x, fmax(fmin(s.a.x, s.b.x), fmin(t.a.x, t.b.x)));
			p.x = fmin(p.x, fmin(fmax(s.a.x, s.b.x), fmax(t.a.x, t.b.x)));
			p.y = fmax(p.y, fmax(fmin(s.a.y, s.b.y), fmin(t.a.y, t.b.y)));
			p.y = fmin(p.y, fmin(fmax(s.a.y, s.b.y), fmax(t.a.y, t.b.y)));
			*point = p;
		}
		return true;
	}
	/* Collinear overlap: of the end points lying on both segments, the one first along s. */
	col_vec2 candidates[4] = {s.a, s.b, t.a, t.b};
	bool found = false;
	col_vec2 best = s.a;
	for (int i = 0; i < 4; i++) {
		col_vec2 p = candidates[i];
		if (!in_box(s.a, s.b, p) || !in_box(t.a, t.b, p))
			continue;
		if (!found || along(s, p) < along(s, best))
			best = p;
		found = true;
	}
	*point = best;
	return true;
}

bool col_circle_contains_point(col_circle circle, col_vec2 p)
{
	return circle_ok(circle) && col_vec2_is_finite(p) &&
	       col_circle_point_side(circle.center, circle.radius, p) <= 0;
}

bool col_circle_intersects_segment(col_circle circle, col_segment segment)
{
	if (!circle_ok(circle) || !segment_ok(segment))
		return false;
	col_vec2 c = circle.center;
	double r = circle.radius;
	if (col_circle_point_side(c, r, segment.a) <= 0 || col_circle_point_side(c, r, segment.b) <= 0)
		return true;
	if (col_vec2_equal(segment.a, segment.b))
		return false;
	/* Both ends are outside: the disc can only reach the segment's interior, and only where the
	 * centre projects strictly between the ends; there the distance is the distance to the line. */
	if (col_dot2_sign(segment.a, segment.b, c) <= 0 || col_dot2_sign(segment.b, segment.a, c) <= 0)
		return false;
	return col_circle_line_side(c, r, segment.a, segment.b) <= 0;
}

bool col_circle_intersects_circle(col_circle a, col_circle b)
{
	return circle_ok(a) && circle_ok(b) &&
	       col_circle_circle_side(a.center, a.radius, b.center, b.radius) <= 0;
}

/* The brute-force shape/polygon test shared by circles and segments: the shape meets the region
 * when it meets some edge, or else when one of its points (probe) is inside, because with no
 * edge met the shape lies wholly inside or wholly outside. Edges whose box misses reach (a box
 * holding the whole shape) are skipped by two comparisons; primitives_tested counts the edges
 * that got the exact test, plus the containment test's. */
static bool shape_meets_polygon(const col_polygon *polygon, const void *shape, col_aabb2 reach,
                                bool (*meets_edge)(const void *shape, col_segment edge), col_vec2 probe,
                                col_query_stats *stats)
{
	if (polygon == NULL)
		return false;
	int contours = col_polygon_contour_count(polygon);
	uint64_t tested = 0;
	bool hit = false;
	for (int c = 0; c < contours && !hit; c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		for (int i = 0; i < contour.count && !hit; i++) {
			col_vec2 a = contour.points[i], b = contour.points[i + 1 < contour.count ? i + 1 : 0];
			if (fmax(a.x, b.x) < reach.min.x || fmin(a.x, b.x) > reach.max.x ||
			    fmax(a.y, b.y) < reach.min.y || fmin(a.y, b.y) > reach.max.y)
				continue;
			tested++;
			hit = meets_edge(shape, (col_segment){a, b});
		}
	}
	if (!hit) {
		col_query_stats inner = {0};
		hit = col_polygon_contains(polygon, probe, COL_METHOD_DEFAULT, &inner);
		tested += inner.primitives_tested;
	}
	if (stats != NULL) {
		stats->queries += 1;
		stats->primitives_tested += tested;
	}
	return hit;
}

static bool circle_meets_edge(const void *circle, col_segment edge)
{
	return col_circle_intersects_segment(*(const col_circle *)circle, edge);
}

static bool segment_meets_edge(const void *segment, col_segment edge)
{
	return col_segment_intersects_segment(*(const col_segment *)segment, edge);
}

bool col_circle_intersects_polygon(col_circle circle, const col_polygon *polygon, col_query_stats *stats)
{
	if (!circle_ok(circle)) {
		if (stats != NULL)
			stats->queries += 1;
		return false;
	}
	/* The disc's box, widened by one ulp each way because center -/+ radius is rounded, so it
	 * holds the whole true disc. */
	col_aabb2 reach = {{nextafter(circle.center.x - circle.radius, -INFINITY),
	                    nextafter(circle.center.y - circle.radius, -INFINITY)},
	                   {nextafter(circle.center.x + circle.radius, INFINITY),
	                    nextafter(circle.center.y + circle.radius, INFINITY)}};
	return shape_meets_polygon(polygon, &circle, reach, circle_meets_edge, circle.center, stats);
}

bool col_segment_intersects_polygon(col_segment segment, const col_polygon *polygon, col_query_stats *stats)
{
	if (!segment_ok(segment)) {
		if (stats != NULL)
			stats->queries += 1;
		return false;
	}
	col_aabb2 reach = col_aabb2_add_point(col_aabb2_add_point(col_aabb2_empty(), segment.a), segment.b);
	return shape_meets_polygon(polygon, &segment, reach, segment_meets_edge, segment.a, stats);
}
