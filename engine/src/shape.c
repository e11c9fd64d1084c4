/* Support mappings of the convex colliders (source 004, 3.1): for each core, its farthest point
 * along a direction, in closed form where the core is curved or a box, by comparing vertices (or
 * climbing a polytope's edges) where it is a polytope. */
#include "collide/shape.h"

#include <string.h>

#include "collide/predicates.h"
#include "convex_internal.h"
#include "error.h"
#include "shape_internal.h"
#include "support_scan.h"

/* ---- constructors ---- */

static col_shape shape_make(col_shape_kind kind, int dimension, double radius)
{
	/* Field by field: zeroing the whole struct first costs gcc a string store and a copy, and
	 * this runs once per shape per query in many callers. */
	col_shape s;
	s.kind = kind;
	s.dimension = dimension;
	s.radius = radius;
	s.pose = col_transform3_identity();
	memset(&s.core, 0, sizeof s.core);
	return s;
}

col_shape col_shape_point(col_vec3 p)
{
	col_shape s = shape_make(COL_SHAPE_POINT, 3, 0.0);
	s.core.point = p;
	return s;
}

col_shape col_shape_sphere(col_vec3 center, double radius)
{
	col_shape s = col_shape_point(center);
	s.radius = radius;
	return s;
}

col_shape col_shape_segment(col_vec3 a, col_vec3 b)
{
	col_shape s = shape_make(COL_SHAPE_SEGMENT, 3, 0.0);
	s.core.segment.a = a;
	s.core.segment.b = b;
	return s;
}

col_shape col_shape_capsule(col_vec3 a, col_vec3 b, double radius)
{
	col_shape s = col_shape_segment(a, b);
	s.radius = radius;
	return s;
}

col_shape col_shape_triangle(col_vec3 a, col_vec3 b, col_vec3 c)
{
	col_shape s = shape_make(COL_SHAPE_TRIANGLE, 3, 0.0);
	s.core.triangle.a = a;
	s.core.triangle.b = b;
	s.core.triangle.c = c;
	return s;
}

col_shape col_shape_box(col_vec3 half_extents)
{
	col_shape s = shape_make(COL_SHAPE_BOX, 3, 0.0);
	s.core.half_extents = half_extents;
	return s;
}

col_shape col_shape_cylinder(double radius, double half_height)
{
	col_shape s = shape_make(COL_SHAPE_CYLINDER, 3, 0.0);
	s.core.cylinder.radius = radius;
	s.core.cylinder.half_height = half_height;
	return s;
}

col_shape col_shape_cone(double radius, double half_height)
{
	col_shape s = col_shape_cylinder(radius, half_height);
	s.kind = COL_SHAPE_CONE;
	return s;
}

col_shape col_shape_convex(const col_convex *convex)
{
	col_shape s = shape_make(COL_SHAPE_CONVEX, 3, 0.0);
	s.core.convex = convex;
	return s;
}

col_shape col_shape_circle(col_vec2 center, double radius)
{
	col_shape s = col_shape_sphere((col_vec3){center.x, center.y, 0.0}, radius);
	s.dimension = 2;
	return s;
}

col_shape col_shape_capsule2(col_vec2 a, col_vec2 b, double radius)
{
	col_shape s = col_shape_capsule((col_vec3){a.x, a.y, 0.0}, (col_vec3){b.x, b.y, 0.0}, radius);
	s.dimension = 2;
	return s;
}

col_shape col_shape_polygon2(const col_vec2 *points, int count)
{
	col_shape s = shape_make(COL_SHAPE_POLYGON, 2, 0.0);
	s.core.polygon.points = points;
	s.core.polygon.count = count;
	return s;
}

col_shape col_shape_rounded(col_shape shape, double radius)
{
	shape.radius += radius;
	return shape;
}

col_transform3 col_shape_pose2(col_vec2 translation, double radians)
{
	/* A turn about z: the quaternion (0, 0, sin(a/2), cos(a/2)). */
	return (col_transform3){{0.0, 0.0, sin(0.5 * radians), cos(0.5 * radians)},
	                        {translation.x, translation.y, 0.0}};
}

const char *col_shape_name(const col_shape *shape)
{
	bool round = shape->radius > 0.0;
	bool flat = shape->dimension == 2;
	switch (shape->kind) {
	case COL_SHAPE_POINT: return round ? (flat ? "circle" : "sphere") : "point";
	case COL_SHAPE_SEGMENT: return round ? "capsule" : "segment";
	case COL_SHAPE_TRIANGLE: return round ? "rounded triangle" : "triangle";
	case COL_SHAPE_BOX: return round ? "rounded box" : "box";
	case COL_SHAPE_CYLINDER: return round ? "rounded cylinder" : "cylinder";
	case COL_SHAPE_CONE: return round ? "rounded cone" : "cone";
	case COL_SHAPE_CONVEX: return round ? "rounded convex" : "convex";
	case COL_SHAPE_POLYGON: return round ? "rounded polygon" : "polygon";
	default: return "unknown shape";
	}
}

/* ---- validation ---- */

static bool pose_is_finite(col_transform3 pose)
{
	return col_transform3_is_finite(pose);
}

static bool core_is_finite(const col_shape *s)
{
	switch (s->kind) {
	case COL_SHAPE_POINT: return col_vec3_is_finite(s->core.point);
	case COL_SHAPE_SEGMENT:
		return col_vec3_is_finite(s->core.segment.a) && col_vec3_is_finite(s->core.segment.b);
	case COL_SHAPE_TRIANGLE:
		return col_vec3_is_finite(s->core.triangle.a) && col_vec3_is_finite(s->core.triangle.b) &&
		       col_vec3_is_finite(s->core.triangle.c);
	case COL_SHAPE_BOX: return col_vec3_is_finite(s->core.half_extents);
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		return isfinite(s->core.cylinder.radius) && isfinite(s->core.cylinder.half_height);
	case COL_SHAPE_CONVEX: return s->core.convex != NULL;
	case COL_SHAPE_POLYGON: return s->core.polygon.points != NULL && s->core.polygon.count >= 1;
	default: return false;
	}
}

static bool vec3_in_range(col_vec3 v)
{
	return col_coordinate_in_range(v.x) && col_coordinate_in_range(v.y) && col_coordinate_in_range(v.z);
}

/* The core's numbers in the engine's range (which implies finite); a polygon's points and a
 * polytope's vertices are checked when they are made. */
static bool core_in_range(const col_shape *s)
{
	switch (s->kind) {
	case COL_SHAPE_POINT: return vec3_in_range(s->core.point);
	case COL_SHAPE_SEGMENT: return vec3_in_range(s->core.segment.a) && vec3_in_range(s->core.segment.b);
	case COL_SHAPE_TRIANGLE:
		return vec3_in_range(s->core.triangle.a) && vec3_in_range(s->core.triangle.b) &&
		       vec3_in_range(s->core.triangle.c);
	case COL_SHAPE_BOX: return vec3_in_range(s->core.half_extents);
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		return col_coordinate_in_range(s->core.cylinder.radius) &&
		       col_coordinate_in_range(s->core.cylinder.half_height);
	default: return core_is_finite(s);
	}
}

bool col_shape_is_placed(const col_shape *shape)
{
	return shape != NULL && (unsigned)shape->kind < COL_SHAPE_KIND_COUNT &&
	       col_coordinate_in_range(shape->radius) && shape->radius >= 0.0 &&
	       pose_is_finite(shape->pose) && vec3_in_range(shape->pose.translation) &&
	       core_in_range(shape);
}

col_vec3 col_shape_world_point(const col_shape *shape, col_vec3 body_point)
{
	col_vec3 w = col_transform3_apply(shape->pose, body_point);
	/* Below the range the predicates' products could underflow: such a coordinate is 0. */
	w.x = fabs(w.x) < COL_COORDINATE_MIN ? 0.0 : w.x;
	w.y = fabs(w.y) < COL_COORDINATE_MIN ? 0.0 : w.y;
	w.z = fabs(w.z) < COL_COORDINATE_MIN ? 0.0 : w.z;
	return w;
}

static col_status validate_polygon(const col_shape *s, col_error *error)
{
	const col_vec2 *p = s->core.polygon.points;
	int n = s->core.polygon.count;
	if (p == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon: no points");
	if (n < 3)
		return col_fail(error, COL_ERROR_DEGENERATE,
		                "polygon: %d points, a convex polygon needs at least 3", n);
	for (int i = 0; i < n; i++)
		if (!col_vec2_is_finite(p[i]))
			return col_fail(error, COL_ERROR_NOT_FINITE,
			                "polygon: point %d (%g, %g) is not finite", i + 1, p[i].x, p[i].y);
	for (int i = 0; i < n; i++) {
		col_status range = col_check_coordinate(error, p[i].x, "polygon: point %d x", i + 1);
		if (range == COL_OK)
			range = col_check_coordinate(error, p[i].y, "polygon: point %d y", i + 1);
		if (range != COL_OK)
			return range;
	}
	/* Strictly convex and counter-clockwise: every consecutive triple turns left, and the turns
	 * add up to one revolution (the edges' directions wind once), which rules out a star. */
	for (int i = 0; i < n; i++) {
		col_vec2 a = p[i], b = p[(i + 1) % n], c = p[(i + 2) % n];
		double turn = col_orient2d(a, b, c);
		if (turn < 0.0)
			return col_fail(
			    error, COL_ERROR_INVALID_ARGUMENT,
			    "polygon: turns clockwise at point %d: give a convex polygon counter-clockwise",
			    (i + 1) % n + 1);
		if (turn == 0.0)
			return col_fail(error, COL_ERROR_DEGENERATE,
			                "polygon: points %d, %d and %d are collinear", i + 1, (i + 1) % n + 1,
			                (i + 2) % n + 1);
	}
	/* All left turns, yet possibly winding twice (a pentagram): count the edges whose direction
	 * crosses the +x axis going counter-clockwise; a convex polygon has exactly one. */
	int crossings = 0;
	for (int i = 0; i < n; i++) {
		col_vec2 d0 = col_vec2_sub(p[(i + 1) % n], p[i]);
		col_vec2 d1 = col_vec2_sub(p[(i + 2) % n], p[(i + 1) % n]);
		bool below0 = d0.y < 0.0 || (d0.y == 0.0 && d0.x < 0.0);
		bool below1 = d1.y < 0.0 || (d1.y == 0.0 && d1.x < 0.0);
		if (below0 && !below1)
			crossings++;
	}
	if (crossings != 1)
		return col_fail(error, COL_ERROR_SELF_INTERSECTION,
		                "polygon: its edges wind %d times: it crosses itself", crossings);
	return COL_OK;
}

static col_status check_vec3_range(col_vec3 v, const char *name, const char *what, col_error *error)
{
	col_status status = col_check_coordinate(error, v.x, "%s: %s x", name, what);
	if (status == COL_OK)
		status = col_check_coordinate(error, v.y, "%s: %s y", name, what);
	if (status == COL_OK)
		status = col_check_coordinate(error, v.z, "%s: %s z", name, what);
	return status;
}

/* Every number of a finite shape in the engine's one range (common.h), the first fault named. */
static col_status check_ranges(const col_shape *s, const char *name, col_error *error)
{
	col_status status = col_check_coordinate(error, s->radius, "%s: radius", name);
	if (status == COL_OK)
		status = check_vec3_range(s->pose.translation, name, "pose translation", error);
	if (status != COL_OK)
		return status;
	switch (s->kind) {
	case COL_SHAPE_POINT: return check_vec3_range(s->core.point, name, "centre", error);
	case COL_SHAPE_SEGMENT:
		status = check_vec3_range(s->core.segment.a, name, "end a", error);
		return status == COL_OK ? check_vec3_range(s->core.segment.b, name, "end b", error) : status;
	case COL_SHAPE_TRIANGLE:
		status = check_vec3_range(s->core.triangle.a, name, "vertex a", error);
		if (status == COL_OK)
			status = check_vec3_range(s->core.triangle.b, name, "vertex b", error);
		return status == COL_OK ? check_vec3_range(s->core.triangle.c, name, "vertex c", error) : status;
	case COL_SHAPE_BOX: return check_vec3_range(s->core.half_extents, name, "half extent", error);
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		status = col_check_coordinate(error, s->core.cylinder.radius, "%s: core radius", name);
		return status == COL_OK ? col_check_coordinate(error, s->core.cylinder.half_height,
		                                               "%s: half height", name)
		                        : status;
	default: return COL_OK; /* a polytope's vertices were checked by col_convex_create */
	}
}

col_status col_shape_validate(const col_shape *shape, col_error *error)
{
	if (shape == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "shape: NULL");
	if ((unsigned)shape->kind >= COL_SHAPE_KIND_COUNT)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "shape: unknown kind %d",
		                (int)shape->kind);
	const char *name = col_shape_name(shape);
	if (shape->dimension != 2 && shape->dimension != 3)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "%s: dimension %d (2 or 3)", name,
		                shape->dimension);
	if (!isfinite(shape->radius))
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s: radius %g is not finite", name,
		                shape->radius);
	if (shape->radius < 0.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "%s: radius %g is negative", name,
		                shape->radius);
	if (!pose_is_finite(shape->pose))
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s: pose is not finite", name);
	col_quat q = shape->pose.rotation;
	double norm2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	if (fabs(norm2 - 1.0) > 2e-9)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "%s: pose rotation is not a unit quaternion (|q|^2 = %.17g)", name, norm2);
	if (shape->kind == COL_SHAPE_POLYGON && shape->dimension != 2)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polygon: a 2D shape (dimension 2)");
	if (shape->kind == COL_SHAPE_POLYGON) {
		col_status range = check_ranges(shape, name, error);
		return range != COL_OK ? range : validate_polygon(shape, error);
	}
	if (!core_is_finite(shape))
		return col_fail(
		    error,
		    shape->kind == COL_SHAPE_CONVEX ? COL_ERROR_INVALID_ARGUMENT : COL_ERROR_NOT_FINITE,
		    shape->kind == COL_SHAPE_CONVEX ? "%s: no polytope" : "%s: a coordinate is not finite",
		    name);
	col_status range = check_ranges(shape, name, error);
	if (range != COL_OK)
		return range;
	switch (shape->kind) {
	case COL_SHAPE_BOX: {
		col_vec3 h = shape->core.half_extents;
		if (h.x < 0.0 || h.y < 0.0 || h.z < 0.0)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "%s: half extents (%g, %g, %g) must be >= 0", name, h.x, h.y, h.z);
		break;
	}
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		if (shape->core.cylinder.radius < 0.0 || shape->core.cylinder.half_height < 0.0)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "%s: radius %g and half height %g must be >= 0", name,
			                shape->core.cylinder.radius, shape->core.cylinder.half_height);
		break;
	default: break;
	}
	if (shape->dimension == 2) {
		/* In z = 0 and turned about z only, so that the queries stay in the plane. */
		bool in_plane = fabs(q.x) == 0.0 && fabs(q.y) == 0.0 && shape->pose.translation.z == 0.0;
		switch (shape->kind) {
		case COL_SHAPE_POINT: in_plane = in_plane && shape->core.point.z == 0.0; break;
		case COL_SHAPE_SEGMENT:
			in_plane =
			    in_plane && shape->core.segment.a.z == 0.0 && shape->core.segment.b.z == 0.0;
			break;
		case COL_SHAPE_TRIANGLE:
			in_plane = in_plane && shape->core.triangle.a.z == 0.0 &&
			           shape->core.triangle.b.z == 0.0 && shape->core.triangle.c.z == 0.0;
			break;
		case COL_SHAPE_BOX: in_plane = in_plane && shape->core.half_extents.z == 0.0; break;
		default: in_plane = false;
		}
		if (!in_plane)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "%s: a 2D shape lies in z = 0 and turns about z only", name);
	}
	col_error_clear(error);
	return COL_OK;
}

/* ---- support mappings ---- */

static col_vec3 polygon_support(const col_vec2 *p, int n, col_vec3 d, int *feature)
{
	int best = 0;
	double best_dot = p[0].x * d.x + p[0].y * d.y;
	int i = *feature;
	if (i >= 0 && i < n) {
		/* Climb: a convex polygon's dot product rises to its maximum along one way round. */
		best = i;
		best_dot = p[i].x * d.x + p[i].y * d.y;
		for (int step = 0; step < n; step++) {
			int next = best + 1 == n ? 0 : best + 1;
			int prev = best == 0 ? n - 1 : best - 1;
			double dn = p[next].x * d.x + p[next].y * d.y;
			double dp = p[prev].x * d.x + p[prev].y * d.y;
			if (dn > best_dot && dn >= dp) {
				best = next;
				best_dot = dn;
			} else if (dp > best_dot) {
				best = prev;
				best_dot = dp;
			} else {
				break;
			}
		}
	} else {
		for (i = 1; i < n; i++) {
			double dot = p[i].x * d.x + p[i].y * d.y;
			if (dot > best_dot) {
				best = i;
				best_dot = dot;
			}
		}
	}
	*feature = best;
	return (col_vec3){p[best].x, p[best].y, 0.0};
}

/* A polytope's support, inlined here (GJK's hottest call). Small polytopes compare every vertex
 * (support_scan.h): on the benchmark's 28-vertex hulls that costs less than a climb and has no
 * branches to mispredict; larger ones climb the edges from the last answer (col_convex_support's
 * rule). */
enum { CONVEX_SCAN_LIMIT = 48 };

static col_vec3 convex_support(const col_convex *c, col_vec3 d, int *feature)
{
	if (c->vertex_count > CONVEX_SCAN_LIMIT && *feature >= 0) {
		*feature = col_convex_support(c, d, *feature);
		return c->vertices[*feature];
	}
	int best = support_scan(c->scan_rows, c->vertex_count, d);
	*feature = best;
	/* From the rows the scan just read, rather than from another cache line. */
	const double *rows = c->scan_rows;
	int padded = support_scan_padded(c->vertex_count);
	return (col_vec3){rows[best], rows[padded + best], rows[2 * padded + best]};
}

col_vec3 col_shape_support_from(const col_shape *shape, col_vec3 d, int *feature)
{
	switch (shape->kind) {
	case COL_SHAPE_POINT: *feature = 0; return shape->core.point;
	case COL_SHAPE_SEGMENT: {
		col_vec3 a = shape->core.segment.a, b = shape->core.segment.b;
		bool second = col_vec3_dot(d, b) > col_vec3_dot(d, a);
		*feature = second;
		return second ? b : a;
	}
	case COL_SHAPE_TRIANGLE: {
		col_vec3 a = shape->core.triangle.a, b = shape->core.triangle.b, c = shape->core.triangle.c;
		double da = col_vec3_dot(d, a), db = col_vec3_dot(d, b), dc = col_vec3_dot(d, c);
		if (db > da && db >= dc) {
			*feature = 1;
			return b;
		}
		if (dc > da && dc > db) {
			*feature = 2;
			return c;
		}
		*feature = 0;
		return a;
	}
	case COL_SHAPE_BOX: {
		/* Corner code: bit k set for the + side on axis k (a zero component takes the - side, so
		 * that ties go to the lowest code, as they go to the lowest vertex elsewhere). */
		col_vec3 h = shape->core.half_extents;
		int code = (d.x > 0.0) | (d.y > 0.0) << 1 | (d.z > 0.0) << 2;
		*feature = code;
		return (col_vec3){d.x > 0.0 ? h.x : -h.x, d.y > 0.0 ? h.y : -h.y, d.z > 0.0 ? h.z : -h.z};
	}
	case COL_SHAPE_CYLINDER: {
		double r = shape->core.cylinder.radius, hh = shape->core.cylinder.half_height;
		double radial = sqrt(d.x * d.x + d.y * d.y);
		*feature = -1;
		col_vec3 p = {0.0, 0.0, d.z > 0.0 ? hh : -hh};
		if (radial > 0.0) {
			p.x = r * (d.x / radial);
			p.y = r * (d.y / radial);
		}
		return p;
	}
	case COL_SHAPE_CONE: {
		/* The apex or a point of the base's rim, whichever reaches farther. */
		double r = shape->core.cylinder.radius, hh = shape->core.cylinder.half_height;
		double radial = sqrt(d.x * d.x + d.y * d.y);
		*feature = -1;
		if (d.z * hh >= r * radial - d.z * hh)
			return (col_vec3){0.0, 0.0, hh};
		col_vec3 p = {0.0, 0.0, -hh};
		if (radial > 0.0) {
			p.x = r * (d.x / radial);
			p.y = r * (d.y / radial);
		}
		return p;
	}
	case COL_SHAPE_CONVEX: return convex_support(shape->core.convex, d, feature);
	case COL_SHAPE_POLYGON:
		return polygon_support(shape->core.polygon.points, shape->core.polygon.count, d, feature);
	default: *feature = -1; return (col_vec3){0.0, 0.0, 0.0};
	}
}

col_vec3 col_shape_support_local(const col_shape *shape, col_vec3 direction, int *feature)
{
	int found = -1;
	col_vec3 p = col_shape_support_from(shape, direction, &found);
	if (feature != NULL)
		*feature = found;
	return p;
}

col_vec3 col_shape_support(const col_shape *shape, col_vec3 direction)
{
	double length = col_vec3_length(direction);
	col_vec3 unit = length > 0.0 ? col_vec3_scale(direction, 1.0 / length) : (col_vec3){1.0, 0.0, 0.0};
	col_quat inverse = col_quat_conjugate(shape->pose.rotation);
	col_vec3 local = col_shape_support_local(shape, col_quat_apply(inverse, unit), NULL);
	return col_vec3_add(col_transform3_apply(shape->pose, local), col_vec3_scale(unit, shape->radius));
}

col_aabb3 col_shape_bounds(const col_shape *shape)
{
	/* The support along each world axis and its opposite gives the exact box of the core. */
	static const col_vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	col_aabb3 box;
	col_quat inverse = col_quat_conjugate(shape->pose.rotation);
	for (int k = 0; k < 3; k++) {
		col_vec3 local = col_quat_apply(inverse, axes[k]);
		col_vec3 hi = col_transform3_apply(shape->pose, col_shape_support_local(shape, local, NULL));
		col_vec3 lo = col_transform3_apply(
		    shape->pose, col_shape_support_local(shape, col_vec3_scale(local, -1.0), NULL));
		double top = col_vec3_component(hi, k) + shape->radius;
		double bottom = col_vec3_component(lo, k) - shape->radius;
		if (k == 0) {
			box.max.x = top;
			box.min.x = bottom;
		} else if (k == 1) {
			box.max.y = top;
			box.min.y = bottom;
		} else {
			box.max.z = top;
			box.min.z = bottom;
		}
	}
	return box;
}

col_vec3 col_shape_local_center(const col_shape *shape)
{
	col_vec3 c = {0.0, 0.0, 0.0};
	switch (shape->kind) {
	case COL_SHAPE_POINT: c = shape->core.point; break;
	case COL_SHAPE_SEGMENT:
		c = col_vec3_scale(col_vec3_add(shape->core.segment.a, shape->core.segment.b), 0.5);
		break;
	case COL_SHAPE_TRIANGLE:
		c = col_vec3_scale(col_vec3_add(col_vec3_add(shape->core.triangle.a, shape->core.triangle.b),
		                                shape->core.triangle.c),
		                   1.0 / 3.0);
		break;
	case COL_SHAPE_CONVEX: c = col_convex_centroid(shape->core.convex); break;
	case COL_SHAPE_POLYGON: {
		const col_vec2 *p = shape->core.polygon.points;
		int n = shape->core.polygon.count;
		for (int i = 0; i < n; i++) {
			c.x += p[i].x;
			c.y += p[i].y;
		}
		c.x /= n;
		c.y /= n;
		break;
	}
	default: /* box, cylinder, cone: centred on the body origin */ break;
	}
	return c;
}

/* The core's balls about c, its col_shape_local_center; the radius is added by the callers. */
static void core_spheres(const col_shape *shape, col_vec3 c, double *outer, double *inner)
{
	*outer = *inner = 0.0;
	switch (shape->kind) {
	case COL_SHAPE_SEGMENT:
		*outer = 0.5 * col_vec3_length(col_vec3_sub(shape->core.segment.b, shape->core.segment.a));
		break;
	case COL_SHAPE_TRIANGLE: {
		*outer = sqrt(fmax(col_vec3_length_squared(col_vec3_sub(shape->core.triangle.a, c)),
		                   fmax(col_vec3_length_squared(col_vec3_sub(shape->core.triangle.b, c)),
		                        col_vec3_length_squared(col_vec3_sub(shape->core.triangle.c, c)))));
		break;
	}
	case COL_SHAPE_BOX: {
		col_vec3 h = shape->core.half_extents;
		*outer = col_vec3_length(h);
		*inner = fmin(h.x, fmin(h.y, h.z));
		break;
	}
	case COL_SHAPE_CYLINDER: {
		double r = shape->core.cylinder.radius, hh = shape->core.cylinder.half_height;
		*outer = hypot(r, hh);
		*inner = fmin(r, hh);
		break;
	}
	case COL_SHAPE_CONE: {
		/* About the axis's midpoint: the rim is farthest (or the apex, as far); the ball touches the
		 * base or the slant line from (0, hh) to (r, -hh), at r hh / sqrt(r^2 + 4 hh^2). */
		double r = shape->core.cylinder.radius, hh = shape->core.cylinder.half_height;
		*outer = hypot(r, hh);
		*inner = hh > 0.0 && r > 0.0 ? fmin(hh, r * hh / hypot(r, 2.0 * hh)) : 0.0;
		break;
	}
	case COL_SHAPE_CONVEX:
		*outer = shape->core.convex->outer_radius;
		*inner = shape->core.convex->inner_radius;
		return; /* rounded when the polytope was built */
	case COL_SHAPE_POLYGON: {
		const col_vec2 *p = shape->core.polygon.points;
		double farthest = 0.0; /* squared: one square root, not one per vertex */
		for (int i = 0; i < shape->core.polygon.count; i++) {
			double dx = p[i].x - c.x, dy = p[i].y - c.y, dd = dx * dx + dy * dy;
			farthest = dd > farthest ? dd : farthest;
		}
		*outer = sqrt(farthest);
		break;
	}
	default: break; /* a point */
	}
	/* A few ulps of error in each closed form: a relative 1e-12 covers them. */
	*outer *= 1.0 + 1e-12;
	*inner *= 1.0 - 1e-12;
}

void col_shape_spheres_about(const col_shape *shape, col_vec3 local_center, double *outer, double *inner)
{
	core_spheres(shape, local_center, outer, inner);
	*outer += shape->radius;
	*inner += shape->radius;
}

void col_shape_spheres(const col_shape *shape, double *outer, double *inner)
{
	col_shape_spheres_about(shape, col_shape_local_center(shape), outer, inner);
}

col_vec3 col_shape_center(const col_shape *shape)
{
	return col_transform3_apply(shape->pose, col_shape_local_center(shape));
}

/* ---- relative poses ---- */

col_relative_pose col_relative_pose_make(col_transform3 a, col_transform3 b)
{
	col_relative_pose p;
	col_matrix3 rb;
	col_quat_to_matrix(a.rotation, p.a_rotation.m);
	col_quat_to_matrix(b.rotation, rb.m);
	p.a_translation = a.translation;
	/* Ra^T Rb, and Ra^T (tb - ta). */
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			p.rotation.m[3 * i + j] = p.a_rotation.m[i] * rb.m[j] +
			                          p.a_rotation.m[3 + i] * rb.m[3 + j] +
			                          p.a_rotation.m[6 + i] * rb.m[6 + j];
	p.translation =
	    col_matrix3_apply_transpose(&p.a_rotation, col_vec3_sub(b.translation, a.translation));
	return p;
}
