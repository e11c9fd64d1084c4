/* Spheres and triangles in 3D. Every yes/no answer about touching is decided by the exact
 * predicates; only the closest point itself is computed in floating point. A NaN or infinite
 * coordinate or radius, or a negative radius, is nowhere: every test with one answers false. */
#include "collide/shapes3d.h"

#include "collide/predicates.h"
#include "exact_plane.h"
#include "error.h"

/* ---- spheres ---- */

col_status col_sphere_validate(col_sphere sphere, col_error *error)
{
	if (!col_vec3_is_finite(sphere.center))
		return col_fail(error, COL_ERROR_NOT_FINITE, "sphere: centre (%g, %g, %g) is not finite",
		                sphere.center.x, sphere.center.y, sphere.center.z);
	if (!isfinite(sphere.radius))
		return col_fail(error, COL_ERROR_NOT_FINITE, "sphere: radius %g is not finite",
		                sphere.radius);
	if (sphere.radius < 0.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "sphere: radius %g is negative",
		                sphere.radius);
	col_error_clear(error);
	return COL_OK;
}

/* Finite centre and radius, radius >= 0: the spheres the tests answer for. */
static bool sphere_is_valid(col_sphere s)
{
	return col_vec3_is_finite(s.center) && isfinite(s.radius) && s.radius >= 0.0;
}

static bool triangle_is_finite(col_triangle t)
{
	return col_vec3_is_finite(t.a) && col_vec3_is_finite(t.b) && col_vec3_is_finite(t.c);
}

bool col_sphere_contains_point(col_sphere sphere, col_vec3 p)
{
	return sphere_is_valid(sphere) && col_vec3_is_finite(p) &&
	       col_sphere_point_side(sphere.center, sphere.radius, p) <= 0;
}

bool col_sphere_intersects_sphere(col_sphere a, col_sphere b)
{
	return sphere_is_valid(a) && sphere_is_valid(b) &&
	       col_sphere_sphere_side(a.center, a.radius, b.center, b.radius) <= 0;
}

/* ---- triangles: measures ---- */

col_vec3 col_triangle_normal(col_triangle t)
{
	return col_vec3_normalize(col_vec3_cross(col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.a)));
}

double col_triangle_area(col_triangle t)
{
	return 0.5 * col_vec3_length(col_vec3_cross(col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.a)));
}

static col_vec3 segment_closest_point(col_vec3 a, col_vec3 b, col_vec3 p)
{
	col_vec3 ab = col_vec3_sub(b, a);
	double length2 = col_vec3_dot(ab, ab);
	if (!(length2 > 0.0))
		return a;
	double s = col_vec3_dot(col_vec3_sub(p, a), ab) / length2;
	s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
	return col_vec3_add(a, col_vec3_scale(ab, s));
}

static col_vec3 nearer(col_vec3 p, col_vec3 x, col_vec3 y)
{
	return col_vec3_length_squared(col_vec3_sub(x, p)) <= col_vec3_length_squared(col_vec3_sub(y, p)) ? x
	                                                                                                  : y;
}

/* A zero-area triangle is the union of its edges; the region test would divide by zero. */
static col_vec3 degenerate_closest_point(col_triangle t, col_vec3 p)
{
	col_vec3 best = segment_closest_point(t.a, t.b, p);
	best = nearer(p, best, segment_closest_point(t.b, t.c, p));
	return nearer(p, best, segment_closest_point(t.c, t.a, p));
}

col_vec3 col_triangle_closest_point(col_triangle t, col_vec3 p)
{
	/* Which Voronoi region of the triangle holds p: a vertex, an edge or the face (Ericson,
	 * Real-Time Collision Detection 5.1.5). */
	col_vec3 ab = col_vec3_sub(t.b, t.a), ac = col_vec3_sub(t.c, t.a);
	col_vec3 ap = col_vec3_sub(p, t.a);
	double d1 = col_vec3_dot(ab, ap), d2 = col_vec3_dot(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0)
		return t.a;

	col_vec3 bp = col_vec3_sub(p, t.b);
	double d3 = col_vec3_dot(ab, bp), d4 = col_vec3_dot(ac, bp);
	if (d3 >= 0.0 && d4 <= d3)
		return t.b;

	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
		double denominator = d1 - d3;
		if (!(denominator > 0.0))
			return degenerate_closest_point(t, p);
		return col_vec3_add(t.a, col_vec3_scale(ab, d1 / denominator));
	}

	col_vec3 cp = col_vec3_sub(p, t.c);
	double d5 = col_vec3_dot(ab, cp), d6 = col_vec3_dot(ac, cp);
	if (d6 >= 0.0 && d5 <= d6)
		return t.c;

	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
		double denominator = d2 - d6;
		if (!(denominator > 0.0))
			return degenerate_closest_point(t, p);
		return col_vec3_add(t.a, col_vec3_scale(ac, d2 / denominator));
	}

	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {
		double denominator = (d4 - d3) + (d5 - d6);
		if (!(denominator > 0.0))
			return degenerate_closest_point(t, p);
		return col_vec3_add(t.b, col_vec3_scale(col_vec3_sub(t.c, t.b), (d4 - d3) / denominator));
	}

	double sum = va + vb + vc;
	if (!(sum > 0.0) || !isfinite(sum))
		return degenerate_closest_point(t, p);
	double v = vb / sum, w = vc / sum;
	return col_vec3_add(t.a, col_vec3_add(col_vec3_scale(ab, v), col_vec3_scale(ac, w)));
}

/* ---- exact tests: segments and triangles ---- */

bool col_triangle_is_degenerate(col_triangle t)
{
	int orientation;
	return col_projection_axis(t.a, t.b, t.c, &orientation) < 0;
}

/* The closed segment pq (possibly a single point) shares a point with the closed triangle t. */
static bool segment_intersects_triangle(col_vec3 p, col_vec3 q, col_triangle t)
{
	int orientation;
	int axis = col_projection_axis(t.a, t.b, t.c, &orientation);
	if (axis < 0) /* a zero-area triangle is the union of its edges */
		return col_segments_meet_3d(p, q, t.a, t.b) || col_segments_meet_3d(p, q, t.b, t.c) ||
		       col_segments_meet_3d(p, q, t.c, t.a);

	int sp = col_exact_sign(col_orient3d(t.a, t.b, t.c, p)), sq = col_exact_sign(col_orient3d(t.a, t.b, t.c, q));
	if (sp * sq > 0)
		return false; /* both strictly on one side */
	if (sp == 0 && sq == 0) {
		col_vec2 a = col_project_dropping(t.a, axis), b = col_project_dropping(t.b, axis), c = col_project_dropping(t.c, axis);
		col_vec2 p2 = col_project_dropping(p, axis), q2 = col_project_dropping(q, axis);
		return col_triangle_holds_2d(a, b, c, orientation, p2) ||
		       col_triangle_holds_2d(a, b, c, orientation, q2) ||
		       col_segments_meet_2d(p2, q2, a, b) || col_segments_meet_2d(p2, q2, b, c) ||
		       col_segments_meet_2d(p2, q2, c, a);
	}
	/* The line pq crosses the plane once, inside the segment: it lands in the closed triangle
	 * when it passes no edge on the outer side, i.e. the three edge signs never disagree. */
	int e1 = col_exact_sign(col_orient3d(p, q, t.a, t.b));
	int e2 = col_exact_sign(col_orient3d(p, q, t.b, t.c));
	int e3 = col_exact_sign(col_orient3d(p, q, t.c, t.a));
	bool positive = e1 > 0 || e2 > 0 || e3 > 0, negative = e1 < 0 || e2 < 0 || e3 < 0;
	return !(positive && negative);
}

bool col_triangle_contains_point(col_triangle t, col_vec3 p)
{
	return triangle_is_finite(t) && col_vec3_is_finite(p) && segment_intersects_triangle(p, p, t);
}

/* The closed segment ab (a != b) comes within the radius of the centre at a point strictly
 * between its ends: the centre projects strictly inside it, and the line is near enough. The
 * ends themselves are tested on their own. */
static bool edge_interior_meets_sphere(col_vec3 a, col_vec3 b, col_sphere s)
{
	return !col_vec3_equal(a, b) && col_dot3_sign(a, b, s.center) > 0 &&
	       col_dot3_sign(b, a, s.center) > 0 && col_sphere_line_side(s.center, s.radius, a, b) <= 0;
}

bool col_triangle_intersects_sphere(col_triangle t, col_sphere s)
{
	if (!sphere_is_valid(s) || !triangle_is_finite(t))
		return false;
	/* The ball's box, widened by one ulp each way because centre -/+ radius is rounded: apart
	 * from the triangle's box, the ball is apart from the triangle (exact comparisons). */
	col_vec3 c = s.center;
	double r = s.radius;
	if (fmax(fmax(t.a.x, t.b.x), t.c.x) < nextafter(c.x - r, -INFINITY) ||
	    fmin(fmin(t.a.x, t.b.x), t.c.x) > nextafter(c.x + r, INFINITY) ||
	    fmax(fmax(t.a.y, t.b.y), t.c.y) < nextafter(c.y - r, -INFINITY) ||
	    fmin(fmin(t.a.y, t.b.y), t.c.y) > nextafter(c.y + r, INFINITY) ||
	    fmax(fmax(t.a.z, t.b.z), t.c.z) < nextafter(c.z - r, -INFINITY) ||
	    fmin(fmin(t.a.z, t.b.z), t.c.z) > nextafter(c.z + r, INFINITY))
		return false;
	/* The point of the triangle nearest the centre is a vertex, a point inside an edge or a
	 * point inside the face; each candidate below is a true point of the triangle, so the ball
	 * meets the triangle exactly when one of them is within the radius. All exact. */
	if (col_sphere_point_side(c, r, t.a) <= 0 || col_sphere_point_side(c, r, t.b) <= 0 ||
	    col_sphere_point_side(c, r, t.c) <= 0)
		return true;
	if (edge_interior_meets_sphere(t.a, t.b, s) || edge_interior_meets_sphere(t.b, t.c, s) ||
	    edge_interior_meets_sphere(t.c, t.a, s))
		return true;
	/* The face: the centre projects into the closed triangle and the plane is near enough. A
	 * zero-area triangle is the union of its edges, already tested. */
	return !col_triangle_is_degenerate(t) && col_prism_side(t.a, t.b, t.c, c) >= 0 &&
	       col_prism_side(t.b, t.c, t.a, c) >= 0 && col_prism_side(t.c, t.a, t.b, c) >= 0 &&
	       col_sphere_plane_side(c, r, t.a, t.b, t.c) <= 0;
}

/* Every vertex strictly on one side of the other triangle's plane: the cheap rejection that
 * settles most pairs (Moller). A zero-area triangle has no plane and rejects nothing. */
static bool separated_by_plane(col_triangle t, col_triangle u)
{
	int a = col_exact_sign(col_orient3d(t.a, t.b, t.c, u.a));
	int b = col_exact_sign(col_orient3d(t.a, t.b, t.c, u.b));
	int c = col_exact_sign(col_orient3d(t.a, t.b, t.c, u.c));
	return (a > 0 && b > 0 && c > 0) || (a < 0 && b < 0 && c < 0);
}

bool col_triangle_intersects_triangle(col_triangle t, col_triangle u)
{
	if (!triangle_is_finite(t) || !triangle_is_finite(u))
		return false;
	if (separated_by_plane(t, u) || separated_by_plane(u, t))
		return false;
	/* Two closed triangles meet exactly when an edge of one meets the other: their common part is
	 * convex, and a point of it on the boundary of one of them lies on that one's edge. */
	return segment_intersects_triangle(t.a, t.b, u) || segment_intersects_triangle(t.b, t.c, u) ||
	       segment_intersects_triangle(t.c, t.a, u) || segment_intersects_triangle(u.a, u.b, t) ||
	       segment_intersects_triangle(u.b, u.c, t) || segment_intersects_triangle(u.c, u.a, t);
}
