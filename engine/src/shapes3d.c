/* Spheres and triangles in 3D. Every yes/no answer about touching is decided by the exact
 * predicates; only the closest point itself is computed in floating point. A NaN or infinite
 * coordinate or radius, or a negative radius, is nowhere: every test with one answers false. */
#include "collide/shapes3d.h"

#include <float.h>

#include "collide/predicates.h"
#include "error.h"
#include "exact_plane.h"

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
	col_status status = col_check_coordinate(error, sphere.center.x, "sphere: centre x");
	if (status == COL_OK)
		status = col_check_coordinate(error, sphere.center.y, "sphere: centre y");
	if (status == COL_OK)
		status = col_check_coordinate(error, sphere.center.z, "sphere: centre z");
	if (status == COL_OK)
		status = col_check_coordinate(error, sphere.radius, "sphere: radius");
	if (status != COL_OK)
		return status;
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
	/* A zero-area triangle's regions overlap: the tests below could pick the wrong one. */
	if (col_vec3_length_squared(col_vec3_cross(ab, ac)) == 0.0)
		return degenerate_closest_point(t, p);
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

	int sp = col_exact_sign(col_orient3d(t.a, t.b, t.c, p)),
	    sq = col_exact_sign(col_orient3d(t.a, t.b, t.c, q));
	if (sp * sq > 0)
		return false; /* both strictly on one side */
	if (sp == 0 && sq == 0) {
		col_vec2 a = col_project_dropping(t.a, axis), b = col_project_dropping(t.b, axis),
		         c = col_project_dropping(t.c, axis);
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

bool col_segment_intersects_sphere(col_vec3 a, col_vec3 b, col_sphere sphere)
{
	if (!sphere_is_valid(sphere) || !col_vec3_is_finite(a) || !col_vec3_is_finite(b))
		return false;
	return col_sphere_point_side(sphere.center, sphere.radius, a) <= 0 ||
	       col_sphere_point_side(sphere.center, sphere.radius, b) <= 0 ||
	       edge_interior_meets_sphere(a, b, sphere);
}

/* Below (above) the exact value whose rounding is v: |v| 2^-52 is at least an ulp of v, so the
 * difference (sum), rounded, passes at least half an ulp beyond; the smallest subnormal covers
 * v = 0, and a subnormal v is exact anyway. */
static inline double widened_down(double v)
{
	return v - (fabs(v) * 0x1p-52 + DBL_TRUE_MIN);
}

static inline double widened_up(double v)
{
	return v + (fabs(v) * 0x1p-52 + DBL_TRUE_MIN);
}

static inline double larger(double a, double b)
{
	return a > b ? a : b;
}

/* A floating-point filter for col_triangle_intersects_sphere: 1 when the ball surely meets the
 * triangle, 0 when surely not, -1 when the exact tests must say. scale bounds every difference
 * used, so each rounding error is below 40 ulps of scale^3; the margin is 10^-12 scale^3, far
 * above that and far below what separates the cases a query meets in practice. */
static int sphere_triangle_filter(col_triangle t, col_vec3 c, double r)
{
	col_vec3 ab = col_vec3_sub(t.b, t.a), ac = col_vec3_sub(t.c, t.a), ap = col_vec3_sub(c, t.a);
	double scale = larger(larger(col_max3(fabs(ab.x), fabs(ab.y), fabs(ab.z)),
	                             col_max3(fabs(ac.x), fabs(ac.y), fabs(ac.z))),
	                      larger(col_max3(fabs(ap.x), fabs(ap.y), fabs(ap.z)), r));
	scale *= 2.0;
	double margin = 1e-12 * scale * scale * scale;
	if (!(margin > 1e-250 && margin < 1e250))
		return -1; /* tiny or huge: the products could underflow or overflow */
	col_vec3 n = col_vec3_cross(ab, ac);
	double n_length = col_vec3_length(n);
	double d = fabs(col_vec3_dot(n, ap));
	if (d > r * n_length + 2.0 * margin)
		return 0; /* the plane is farther than the radius */
	double r2 = r * r * (1.0 - 1e-9);
	col_vec3 bp = col_vec3_sub(c, t.b), cp = col_vec3_sub(c, t.c);
	if (col_vec3_dot(ap, ap) < r2 || col_vec3_dot(bp, bp) < r2 || col_vec3_dot(cp, cp) < r2)
		return 1; /* a corner inside the ball */
	if (d < r * n_length - 2.0 * margin) {
		/* The centre's projection strictly inside the triangle: the plane is near enough. */
		double wa = col_vec3_dot(n, col_vec3_cross(col_vec3_sub(t.b, c), col_vec3_sub(t.c, c)));
		double wb = col_vec3_dot(n, col_vec3_cross(col_vec3_sub(t.c, c), col_vec3_sub(t.a, c)));
		double wc = col_vec3_dot(n, col_vec3_cross(col_vec3_sub(t.a, c), col_vec3_sub(t.b, c)));
		double sure = 8.0 * margin * scale;
		if (wa > sure && wb > sure && wc > sure)
			return 1;
	}
	return -1;
}

bool col_triangle_intersects_sphere(col_triangle t, col_sphere s)
{
	if (!sphere_is_valid(s) || !triangle_is_finite(t))
		return false;
	/* The ball's box, widened by an ulp or more each way because centre -/+ radius is rounded:
	 * apart from the triangle's box, the ball is apart from the triangle (exact comparisons). No
	 * fmax or nextafter: they are library calls, and this runs for every triangle a query tests. */
	col_vec3 c = s.center;
	double r = s.radius;
	if (col_max3(t.a.x, t.b.x, t.c.x) < widened_down(c.x - r) ||
	    col_min3(t.a.x, t.b.x, t.c.x) > widened_up(c.x + r) ||
	    col_max3(t.a.y, t.b.y, t.c.y) < widened_down(c.y - r) ||
	    col_min3(t.a.y, t.b.y, t.c.y) > widened_up(c.y + r) ||
	    col_max3(t.a.z, t.b.z, t.c.z) < widened_down(c.z - r) ||
	    col_min3(t.a.z, t.b.z, t.c.z) > widened_up(c.z + r))
		return false;
	int clear = sphere_triangle_filter(t, c, r);
	if (clear >= 0)
		return clear == 1;
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

/* ---- the contact of two triangles ---- */

static col_vec3 triangle_centroid(col_triangle t)
{
	return col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0);
}

/* How far u must move along the unit axis d to leave t behind it: the overlap of their
 * projections on d, t's highest point minus u's lowest (0 when already apart along d). */
static double overlap_along(col_vec3 d, col_triangle t, col_triangle u)
{
	double t_high = fmax(col_vec3_dot(d, t.a), fmax(col_vec3_dot(d, t.b), col_vec3_dot(d, t.c)));
	double u_low = fmin(col_vec3_dot(d, u.a), fmin(col_vec3_dot(d, u.b), col_vec3_dot(d, u.c)));
	return fmax(t_high - u_low, 0.0);
}

/* Clips the parameter range [*lo, *hi] of the segment p + s (q - p) to the side of the edge e0 e1 of
 * a triangle of normal n where the triangle lies (n x edge points inwards). */
static void clip_to_edge(col_vec3 p, col_vec3 q, col_vec3 n, col_vec3 e0, col_vec3 e1, double *lo, double *hi)
{
	col_vec3 inward = col_vec3_cross(n, col_vec3_sub(e1, e0));
	double dp = col_vec3_dot(inward, col_vec3_sub(p, e0)), dq = col_vec3_dot(inward, col_vec3_sub(q, e0));
	if (dp >= 0.0 && dq >= 0.0)
		return;
	if (dp < 0.0 && dq < 0.0) {
		*lo = INFINITY; /* empty */
		return;
	}
	double s = dp / (dp - dq);
	if (dp < 0.0)
		*lo = fmax(*lo, s);
	else
		*hi = fmin(*hi, s);
}

/* Sutherland-Hodgman: the convex polygon poly (count <= 6 vertices in, up to count + 1 out) cut
 * to the inner side of the edge e0 e1 of a triangle of normal n. Returns the new count. */
static int clip_polygon_to_edge(col_vec3 *poly, int count, col_vec3 n, col_vec3 e0, col_vec3 e1)
{
	col_vec3 inward = col_vec3_cross(n, col_vec3_sub(e1, e0));
	col_vec3 out[9];
	int kept = 0;
	for (int k = 0; k < count; k++) {
		col_vec3 p = poly[k], q = poly[(k + 1) % count];
		double dp = col_vec3_dot(inward, col_vec3_sub(p, e0)),
		       dq = col_vec3_dot(inward, col_vec3_sub(q, e0));
		if (dp >= 0.0)
			out[kept++] = p;
		if ((dp >= 0.0) != (dq >= 0.0))
			out[kept++] = col_vec3_lerp(p, q, dp / (dp - dq));
	}
	for (int k = 0; k < kept; k++)
		poly[k] = out[k];
	return kept;
}

/* A zero-area triangle is the segment between its two farthest vertices. */
static void longest_edge(col_triangle t, col_vec3 *p, col_vec3 *q)
{
	double ab = col_vec3_distance(t.a, t.b), bc = col_vec3_distance(t.b, t.c),
	       ca = col_vec3_distance(t.c, t.a);
	*p = ab >= bc && ab >= ca ? t.a : (bc >= ca ? t.b : t.c);
	*q = ab >= bc && ab >= ca ? t.b : (bc >= ca ? t.c : t.a);
}

/* The middle of the nearest points of segments p0 p1 and q0 q1 (Ericson 5.1.9, clamped). */
static col_vec3 segments_middle(col_vec3 p0, col_vec3 p1, col_vec3 q0, col_vec3 q1)
{
	col_vec3 d1 = col_vec3_sub(p1, p0), d2 = col_vec3_sub(q1, q0), r = col_vec3_sub(p0, q0);
	double a = col_vec3_dot(d1, d1), e = col_vec3_dot(d2, d2), f = col_vec3_dot(d2, r);
	double s = 0.0, t = 0.0;
	if (a > 0.0 || e > 0.0) {
		if (!(a > 0.0)) {
			t = fmin(fmax(f / e, 0.0), 1.0);
		} else {
			double c = col_vec3_dot(d1, r);
			if (!(e > 0.0)) {
				s = fmin(fmax(-c / a, 0.0), 1.0);
			} else {
				double b = col_vec3_dot(d1, d2), denominator = a * e - b * b;
				s = denominator > 0.0 ? fmin(fmax((b * f - c * e) / denominator, 0.0), 1.0)
				                      : 0.0;
				t = (b * s + f) / e;
				if (t < 0.0) {
					t = 0.0;
					s = fmin(fmax(-c / a, 0.0), 1.0);
				} else if (t > 1.0) {
					t = 1.0;
					s = fmin(fmax((b - c) / a, 0.0), 1.0);
				}
			}
		}
	}
	return col_vec3_lerp(col_vec3_lerp(p0, p1, s), col_vec3_lerp(q0, q1, t), 0.5);
}

/* The point of the candidates nearest both triangles (the larger of its two distances least). */
static void keep_nearest_both(col_triangle t, col_triangle u, col_vec3 x, col_vec3 *best,
                              double *best_distance)
{
	double d = fmax(col_vec3_distance(x, col_triangle_closest_point(t, x)),
	                col_vec3_distance(x, col_triangle_closest_point(u, x)));
	if (d < *best_distance) {
		*best_distance = d;
		*best = x;
	}
}

/* Two triangles that only touch, at a point rounding can lose when clipping: it lies on an edge
 * of each, or is a vertex of one on the other, so the nearest points of edge pairs and the
 * vertices hold it. */
static col_vec3 touching_point(col_triangle t, col_triangle u)
{
	const col_vec3 tv[3] = {t.a, t.b, t.c}, uv[3] = {u.a, u.b, u.c};
	col_vec3 best = t.a;
	double best_distance = INFINITY;
	for (int i = 0; i < 3; i++) {
		keep_nearest_both(t, u, tv[i], &best, &best_distance);
		keep_nearest_both(t, u, uv[i], &best, &best_distance);
		for (int j = 0; j < 3; j++)
			keep_nearest_both(t, u,
			                  segments_middle(tv[i], tv[(i + 1) % 3], uv[j], uv[(j + 1) % 3]),
			                  &best, &best_distance);
	}
	return best;
}

/* A point of both triangles, given that they meet: the middle of their common part (a segment
 * in general, a polygon when coplanar), found in floating point. Rounding can empty the clipped
 * part of a touching pair; the point of t nearest u's piece in t's plane stands in then. */
static col_vec3 common_point(col_triangle t, col_triangle u)
{
	col_vec3 n = col_vec3_cross(col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.a));
	if (col_vec3_length_squared(n) == 0.0) {
		/* Two zero-area triangles (the caller puts a flat one second otherwise): two segments. */
		col_vec3 p0, p1, q0, q1;
		longest_edge(t, &p0, &p1);
		longest_edge(u, &q0, &q1);
		return segments_middle(p0, p1, q0, q1);
	}
	const col_vec3 uv[3] = {u.a, u.b, u.c};
	int side[3];
	double distance[3];
	for (int k = 0; k < 3; k++) {
		side[k] = col_exact_sign(col_orient3d(t.a, t.b, t.c, uv[k]));
		distance[k] = col_vec3_dot(n, col_vec3_sub(uv[k], t.a));
	}
	if (side[0] == 0 && side[1] == 0 && side[2] == 0) {
		col_vec3 poly[9] = {u.a, u.b, u.c};
		int count = 3;
		count = clip_polygon_to_edge(poly, count, n, t.a, t.b);
		count = clip_polygon_to_edge(poly, count, n, t.b, t.c);
		count = clip_polygon_to_edge(poly, count, n, t.c, t.a);
		if (count == 0)
			return touching_point(t, u);
		col_vec3 sum = {0.0, 0.0, 0.0};
		for (int k = 0; k < count; k++)
			sum = col_vec3_add(sum, poly[k]);
		return col_vec3_scale(sum, 1.0 / count);
	}
	/* u's piece in t's plane: its vertices on the plane and its edges that cross it. */
	col_vec3 piece[3];
	int found = 0;
	for (int k = 0; k < 3 && found < 2; k++) {
		int next = (k + 1) % 3;
		if (side[k] == 0)
			piece[found++] = uv[k];
		if (side[k] * side[next] < 0 && found < 2)
			piece[found++] =
			    col_vec3_lerp(uv[k], uv[next], distance[k] / (distance[k] - distance[next]));
	}
	if (found == 0)
		return touching_point(t, u);
	col_vec3 p = piece[0], q = found > 1 ? piece[1] : piece[0];
	double lo = 0.0, hi = 1.0;
	clip_to_edge(p, q, n, t.a, t.b, &lo, &hi);
	clip_to_edge(p, q, n, t.b, t.c, &lo, &hi);
	clip_to_edge(p, q, n, t.c, t.a, &lo, &hi);
	if (lo <= hi)
		return col_vec3_lerp(p, q, 0.5 * (lo + hi));
	return touching_point(t, u);
}

bool col_triangle_contact(col_triangle t, col_triangle u, col_contact3 *contact)
{
	if (!col_triangle_intersects_triangle(t, u))
		return false;
	if (contact == NULL)
		return true;
	col_vec3 nt = col_triangle_normal(t), nu = col_triangle_normal(u);
	bool t_flat = col_vec3_length_squared(nt) == 0.0, u_flat = col_vec3_length_squared(nu) == 0.0;
	contact->feature = -1;
	contact->point = t_flat && !u_flat ? common_point(u, t) : common_point(t, u);
	/* The shallowest way out along the separating-axis candidates of two triangles: t's front
	 * normal and u's back normal (u leaves the solid behind t, or its own solid leaves t), and the
	 * nine edge-by-edge directions, turned so that u moves away from t's centroid. Moving u by
	 * depth along normal parts the closed triangles but for touching. */
	contact->normal = (col_vec3){0.0, 0.0, 1.0};
	contact->depth = INFINITY;
	col_vec3 candidates[11];
	int count = 0;
	if (!t_flat)
		candidates[count++] = nt;
	if (!u_flat)
		candidates[count++] = col_vec3_scale(nu, -1.0);
	const col_vec3 te[3] = {col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.b), col_vec3_sub(t.a, t.c)};
	const col_vec3 ue[3] = {col_vec3_sub(u.b, u.a), col_vec3_sub(u.c, u.b), col_vec3_sub(u.a, u.c)};
	col_vec3 away = col_vec3_sub(triangle_centroid(u), triangle_centroid(t));
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			col_vec3 d = col_vec3_cross(te[i], ue[j]);
			double length = col_vec3_length(d);
			/* Near-parallel edges give no direction of their own (their plane's normal is a
			 * face's). */
			if (!(length > 1e-9 * col_vec3_length(te[i]) * col_vec3_length(ue[j])))
				continue;
			d = col_vec3_scale(d, (col_vec3_dot(d, away) < 0.0 ? -1.0 : 1.0) / length);
			candidates[count++] = d;
		}
	for (int k = 0; k < count; k++) {
		double depth = overlap_along(candidates[k], t, u);
		if (depth < contact->depth) {
			contact->depth = depth;
			contact->normal = candidates[k];
		}
	}
	if (count == 0)
		contact->depth = 0.0; /* two points or collinear slivers: nothing to push along */
	return true;
}

double col_triangle_ray_parameter(col_triangle t, col_vec3 origin, col_vec3 direction)
{
	col_vec3 e1 = col_vec3_sub(t.b, t.a), e2 = col_vec3_sub(t.c, t.a);
	col_vec3 p = col_vec3_cross(direction, e2);
	double det = col_vec3_dot(e1, p);
	if (det == 0.0)
		return INFINITY; /* parallel (a ray along the plane meets the neighbours' edges instead) */
	double inverse = 1.0 / det;
	col_vec3 s = col_vec3_sub(origin, t.a);
	double u = col_vec3_dot(s, p) * inverse;
	if (!(u >= 0.0 && u <= 1.0))
		return INFINITY;
	col_vec3 q = col_vec3_cross(s, e1);
	double v = col_vec3_dot(direction, q) * inverse;
	if (!(v >= 0.0 && u + v <= 1.0))
		return INFINITY;
	double hit = col_vec3_dot(e2, q) * inverse;
	return hit >= 0.0 ? hit : INFINITY;
}

col_contact3 col_sphere_solid_contact(col_sphere sphere, col_vec3 nearest, double distance,
                                      col_triangle surface, int feature, bool inside, double scale)
{
	col_vec3 away = col_vec3_sub(sphere.center, nearest);
	double length = col_vec3_length(away);
	double rounding = 1e-12 * (scale + col_vec3_length(sphere.center));
	col_vec3 normal = length > rounding && isfinite(1.0 / length)
	                      ? col_vec3_scale(away, (inside ? -1.0 : 1.0) / length)
	                      : col_triangle_normal(surface);
	return (col_contact3){.point = nearest,
	                      .normal = normal,
	                      .depth =
	                          fmax(0.0, inside ? sphere.radius + distance : sphere.radius - distance),
	                      .feature = feature};
}
