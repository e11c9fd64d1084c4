/* Ray casts and shape casts (contact.h): hand-made hits and misses of every closed form and of the
 * GJK ray cast, and random rays and motions against the brute-force oracle (shape_oracle.h):
 *
 * - a ray's hit at t: the segment from the origin to the hit point touches the shape (within 1e-9
 *   of the size: its end does, by formula for spheres, capsules and boxes), the segment to a point
 *   1e-9 of the size short of it does not, and the normal is the outward normal of a plane that
 *   supports the shape at the hit point; a miss: the whole segment up to max_t stays apart. 10^5
 *   rays per kind; cylinders: the first 50 so, the rest by formula in the cylinder's frame (a line
 *   meets a convex solid in one interval, so the hit point on the surface and the points before it
 *   outside prove the first hit); cones: 500;
 * - a shape cast's hit at t: the shapes moved to t touch, moved to just short of t they are apart
 *   (for polytopal cores, the whole sweep up to there: the hull of B's corners before and after the
 *   relative motion), the normal supports both at the contact point; a miss: the whole sweep stays
 *   apart (curved cores: at 4 times along it). 10^4 motions per pair class, 50 for cylinders and
 *   cones.
 *
 * On curved surfaces (cylinders, cones, and the rounding of rounded shapes when GJK does the cast)
 * the GJK ray cast's point and normal are checked to 1e-5 of the size: Johnson's round-off on the
 * thin simplices there stops it at about 1e-7. COLLIDE_SEED replays a stream; COLLIDE_DESCRIBE=i
 * prints case i's shapes and answer. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collide/contact.h"
#include "collide/convex.h"
#include "collide/hull.h"
#include "collide/shape_oracle.h"

#include "contact_checks.h"
#include "shape_corners.h"

/* ---- helpers ---- */

/* The casts, asserting the call succeeds. */
static col_cast_hit raycast(const col_shape *s, col_vec3 origin, col_vec3 direction, double max_t)
{
	col_cast_hit h;
	col_error error;
	if (col_raycast(s, origin, direction, max_t, &h, &error) != COL_OK)
		fail_msg("col_raycast failed: %s", error.message);
	return h;
}

static col_cast_hit raycast_gjk(const col_shape *s, col_vec3 origin, col_vec3 direction, double max_t)
{
	col_cast_hit h;
	col_error error;
	if (col_raycast_gjk(s, origin, direction, max_t, &h, &error) != COL_OK)
		fail_msg("col_raycast_gjk failed: %s", error.message);
	return h;
}

static col_cast_hit shapecast(const col_shape *a, col_vec3 ta, const col_shape *b, col_vec3 tb)
{
	col_cast_hit h;
	col_error error;
	if (col_shapecast(a, ta, b, tb, &h, &error) != COL_OK)
		fail_msg("col_shapecast failed: %s", error.message);
	return h;
}

static col_transform3 rng_pose2(rng *r, double spread)
{
	return col_shape_pose2((col_vec2){rng_in(r, -spread, spread), rng_in(r, -spread, spread)},
	                       rng_in(r, 0, 2 * COL_PI));
}

/* The oracle on the shape and the segment p q (a point when they coincide). */
static col_oracle_result segment_oracle(const col_shape *s, col_vec3 p, col_vec3 q)
{
	col_shape seg = col_vec3_equal(p, q) ? col_shape_point(p) : col_shape_segment(p, q);
	return col_shape_oracle(s, &seg);
}

/* How far the shape reaches beyond the plane through p with normal n (0 when the plane supports it
 * at p). */
static double beyond_plane(const col_shape *s, col_vec3 p, col_vec3 n)
{
	return col_vec3_dot(col_shape_support(s, n), n) - col_vec3_dot(p, n);
}

typedef struct cast_tally {
	int rays, hits, inside, misses;
	long iterations;
	double seconds;
} cast_tally;

static void check_ray(const rng *r, int i, const char *what, const col_shape *s, col_vec3 o, col_vec3 d,
                      double max_t, col_cast_hit h, cast_tally *t)
{
	if (getenv("COLLIDE_DESCRIBE") && atoi(getenv("COLLIDE_DESCRIBE")) == i)
		print_error("%s: kind %d r %.17g pose q (%.17g, %.17g, %.17g, %.17g) t (%.17g, %.17g, %.17g) "
		            "core %.17g %.17g "
		            "%.17g %.17g %.17g %.17g; o (%.17g, %.17g, %.17g) d (%.17g, %.17g, %.17g) max_t "
		            "%.17g: hit %d t %.17g "
		            "method %d\n",
		            what, s->kind, s->radius, s->pose.rotation.x, s->pose.rotation.y,
		            s->pose.rotation.z, s->pose.rotation.w, s->pose.translation.x,
		            s->pose.translation.y, s->pose.translation.z, s->core.segment.a.x,
		            s->core.segment.a.y, s->core.segment.a.z, s->core.segment.b.x,
		            s->core.segment.b.y, s->core.segment.b.z, o.x, o.y, o.z, d.x, d.y, d.z, max_t,
		            h.hit, h.t, h.method);
	double scale = fmax(1.0, fmax(bounds_scale(s), fmax(fabs(o.x), fmax(fabs(o.y), fabs(o.z)))));
	double tol = 1e-9 * scale, length = col_vec3_length(d);
	/* On a curved surface GJK gets within about 1e-7 of the size (Johnson's weights on the thin
	 * simplices of a cylinder's side lose the rest), and a normal there is as good as that. */
	double ctol = is_curved(s) ? 1e-5 * scale : tol;
	t->rays++;
	t->iterations += h.iterations;
	if (!h.hit) {
		t->misses++;
		col_oracle_result o_all = segment_oracle(s, o, col_vec3_add(o, col_vec3_scale(d, max_t)));
		if (o_all.intersect && o_all.certain)
			FAIL_CASE(r, i, "%s: missed, but the segment to max_t %g meets the shape", what,
			          max_t);
		return;
	}
	t->hits++;
	if (!(h.t >= 0 && h.t <= max_t))
		FAIL_CASE(r, i, "%s: t %.17g outside [0, %g]", what, h.t, max_t);
	col_vec3 at = col_vec3_add(o, col_vec3_scale(d, h.t));
	if (col_vec3_distance(at, h.point) > tol)
		FAIL_CASE(r, i, "%s: the point is not origin + t direction", what);
	/* The segment to the hit touches the shape: its end does (a formula where there is one). */
	double reach = formula_distance(s, at);
	if (reach < 0) {
		col_oracle_result touch = segment_oracle(s, o, at);
		reach = touch.intersect ? 0 : touch.distance_lo;
	}
	if (reach > (h.method == COL_CAST_GJK ? ctol : tol))
		FAIL_CASE(r, i, "%s: hit at t %.17g, but the segment to it is %.3g from the shape", what, h.t,
		          reach);
	if (h.t == 0) {
		t->inside++;
		if (col_vec3_length_squared(h.normal) != 0)
			FAIL_CASE(r, i, "%s: a hit at the start has no normal", what);
		return;
	}
	double shorter = h.t - tol / length;
	if (shorter > 0) {
		col_oracle_result early = segment_oracle(s, o, col_vec3_add(o, col_vec3_scale(d, shorter)));
		if (early.intersect && early.certain)
			FAIL_CASE(r, i, "%s: hit at t %.17g, but the ray meets the shape before", what, h.t);
	}
	if (fabs(col_vec3_length(h.normal) - 1) > 1e-12)
		FAIL_CASE(r, i, "%s: normal of length %.17g", what, col_vec3_length(h.normal));
	if (col_vec3_dot(h.normal, d) > ctol * length)
		FAIL_CASE(r, i, "%s: the ray leaves through the normal (n . d = %g)", what,
		          col_vec3_dot(h.normal, d));
	double beyond = beyond_plane(s, at, h.normal);
	if (fabs(beyond) > ctol)
		FAIL_CASE(r, i, "%s: the shape reaches %.3g beyond the hit's tangent plane", what, beyond);
}

/* The distance from x to a cylinder (radius 0 rounding) by formula in its frame. */
static double cylinder_distance(const col_shape *s, col_vec3 x)
{
	col_vec3 p = col_transform3_apply_inverse(s->pose, x);
	double dr = fmax(hypot(p.x, p.y) - s->core.cylinder.radius, 0.0);
	double dz = fmax(fabs(p.z) - s->core.cylinder.half_height, 0.0);
	return hypot(dr, dz);
}

/* A cylinder's ray checked by formula: a line meets a convex solid in one interval, so an origin
 * outside, a hit point on the surface and a point just short of it outside prove the first hit. */
static void check_ray_by_formula(const rng *r, int i, const col_shape *s, col_vec3 o, col_vec3 d,
                                 double max_t, col_cast_hit h, cast_tally *t)
{
	double scale = fmax(1.0, fmax(bounds_scale(s), fmax(fabs(o.x), fmax(fabs(o.y), fabs(o.z)))));
	double tol = 1e-9 * scale, length = col_vec3_length(d);
	t->rays++;
	if (!h.hit) {
		/* Missed: where the segment is within the caps' slab, it stays farther than the radius
		 * from the axis. */
		t->misses++;
		col_vec3 lo = col_transform3_apply_inverse(s->pose, o);
		col_vec3 ld = col_quat_apply(col_quat_conjugate(s->pose.rotation), d);
		double hh = s->core.cylinder.half_height, t0 = 0, t1 = max_t;
		if (ld.z != 0) {
			double a = (-hh - lo.z) / ld.z, b = (hh - lo.z) / ld.z;
			t0 = fmax(t0, fmin(a, b));
			t1 = fmin(t1, fmax(a, b));
		} else if (fabs(lo.z) > hh) {
			return;
		}
		if (t0 > t1)
			return;
		col_vec3 p0 = {lo.x + t0 * ld.x, lo.y + t0 * ld.y, 0},
		         p1 = {lo.x + t1 * ld.x, lo.y + t1 * ld.y, 0};
		col_vec3 e = col_vec3_sub(p1, p0);
		double ee = col_vec3_dot(e, e), u = ee > 0 ? -col_vec3_dot(p0, e) / ee : 0;
		u = fmin(fmax(u, 0), 1);
		double nearest = col_vec3_length(col_vec3_add(p0, col_vec3_scale(e, u)));
		if (nearest < s->core.cylinder.radius - tol)
			FAIL_CASE(r, i,
			          "cylinder: missed, but the segment to max_t %g comes %.3g within its side",
			          max_t, s->core.cylinder.radius - nearest);
		return;
	}
	t->hits++;
	col_vec3 at = col_vec3_add(o, col_vec3_scale(d, h.t));
	if (cylinder_distance(s, at) > tol)
		FAIL_CASE(r, i, "cylinder: the hit point is %.3g from it", cylinder_distance(s, at));
	if (h.t == 0) {
		t->inside++;
		return;
	}
	if (!(cylinder_distance(s, o) > 0))
		FAIL_CASE(r, i, "cylinder: the origin is in it, but the hit is at t %.17g", h.t);
	double shorter = h.t - tol / length;
	if (shorter > 0 && !(cylinder_distance(s, col_vec3_add(o, col_vec3_scale(d, shorter))) > 0))
		FAIL_CASE(r, i, "cylinder: hit at t %.17g, but the ray is in it before", h.t);
	if (fabs(beyond_plane(s, at, h.normal)) > tol || col_vec3_dot(h.normal, d) > tol * length)
		FAIL_CASE(r, i, "cylinder: the normal does not support it at the hit");
}

static void print_cast_tally(const char *what, const cast_tally *t)
{
	print_message("%-26s %6d: %6d hits (%d at the start), %6d misses, %.1f iterations; %.1f s\n", what,
	              t->rays, t->hits, t->inside, t->misses, t->rays ? (double)t->iterations / t->rays : 0.0,
	              t->seconds);
}

/* ---- hand-made rays ---- */

static void test_ray_sphere(void **state)
{
	(void)state;
	col_shape ball = col_shape_sphere((col_vec3){0, 0, 0}, 1);
	col_cast_hit h = raycast(&ball, (col_vec3){-5, 0, 0}, (col_vec3){1, 0, 0}, INFINITY);
	assert_true(h.hit);
	assert_int_equal(h.method, COL_CAST_SPHERE);
	assert_near(h.t, 4, 1e-15);
	assert_vec3_near(h.point, (col_vec3){-1, 0, 0}, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){-1, 0, 0}, 1e-15);
	/* t is in units of the direction. */
	h = raycast(&ball, (col_vec3){-5, 0, 0}, (col_vec3){2, 0, 0}, INFINITY);
	assert_near(h.t, 2, 1e-15);
	/* Short of it; grazing (touching counts); just past; inside. */
	assert_false(raycast(&ball, (col_vec3){-5, 0, 0}, (col_vec3){1, 0, 0}, 3.9).hit);
	h = raycast(&ball, (col_vec3){-5, 1, 0}, (col_vec3){1, 0, 0}, 10);
	assert_true(h.hit);
	assert_near(h.t, 5, 1e-15);
	assert_false(raycast(&ball, (col_vec3){-5, 1 + 1e-12, 0}, (col_vec3){1, 0, 0}, 10).hit);
	h = raycast(&ball, (col_vec3){0.1, 0.2, 0.3}, (col_vec3){1, 0, 0}, 10);
	assert_true(h.hit);
	assert_true(h.t == 0);
	assert_true(col_vec3_length_squared(h.normal) == 0);
	/* Pointing away, and no direction at all. */
	assert_false(raycast(&ball, (col_vec3){-5, 0, 0}, (col_vec3){-1, 0, 0}, 10).hit);
	assert_false(raycast(&ball, (col_vec3){-5, 0, 0}, (col_vec3){0, 0, 0}, 10).hit);
	assert_true(raycast(&ball, (col_vec3){0, 0, 0.5}, (col_vec3){0, 0, 0}, 10).hit);
	/* The GJK ray cast agrees, and a circle is the same in the plane. */
	h = raycast_gjk(&ball, (col_vec3){-5, 0.3, 0}, (col_vec3){1, 0, 0}, INFINITY);
	assert_true(h.hit);
	assert_int_equal(h.method, COL_CAST_GJK);
	assert_near(h.t, 5 - sqrt(1 - 0.09), 1e-9);
	col_shape circle = col_shape_circle((col_vec2){1, 1}, 0.5);
	h = raycast(&circle, (col_vec3){1, -2, 0}, (col_vec3){0, 1, 0}, INFINITY);
	assert_near(h.t, 2.5, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){0, -1, 0}, 1e-15);
}

static void test_ray_box(void **state)
{
	(void)state;
	col_shape box = col_shape_box((col_vec3){1, 2, 3});
	box.pose.rotation = col_quat_from_axis_angle((col_vec3){0, 0, 1}, COL_PI / 2);
	box.pose.translation = (col_vec3){10, 0, 0};
	/* Turned a quarter about z: its x extent is 2. */
	col_cast_hit h = raycast(&box, (col_vec3){0, 0.5, 1}, (col_vec3){1, 0, 0}, INFINITY);
	assert_true(h.hit);
	assert_int_equal(h.method, COL_CAST_BOX);
	assert_near(h.t, 8, 1e-14);
	assert_vec3_near(h.normal, (col_vec3){-1, 0, 0}, 1e-15);
	/* Along a face (touching the boundary all the way) counts. */
	h = raycast(&box, (col_vec3){0, 1, 3}, (col_vec3){1, 0, 0}, INFINITY);
	assert_true(h.hit);
	assert_false(raycast(&box, (col_vec3){0, 1, 3 + 1e-9}, (col_vec3){1, 0, 0}, INFINITY).hit);
	/* From above, onto the top face. */
	h = raycast(&box, (col_vec3){10.5, 0.5, 10}, (col_vec3){0, 0, -2}, INFINITY);
	assert_near(h.t, 3.5, 1e-14);
	assert_vec3_near(h.normal, (col_vec3){0, 0, 1}, 1e-15);
	/* Inside. */
	h = raycast(&box, (col_vec3){10, 0, 0}, (col_vec3){1, 0, 0}, 1);
	assert_true(h.hit && h.t == 0);
	/* A rounded box (GJK): the face is pushed out by the radius. */
	col_shape rounded = col_shape_rounded(col_shape_box((col_vec3){1, 1, 1}), 0.5);
	h = raycast(&rounded, (col_vec3){-5, 0.2, 0.1}, (col_vec3){1, 0, 0}, INFINITY);
	assert_true(h.hit);
	assert_int_equal(h.method, COL_CAST_GJK);
	assert_near(h.t, 3.5, 1e-9);
	assert_vec3_near(h.normal, (col_vec3){-1, 0, 0}, 1e-9);
	/* The same box by GJK. */
	h = raycast_gjk(&box, (col_vec3){0, 0.5, 1}, (col_vec3){1, 0, 0}, INFINITY);
	assert_near(h.t, 8, 1e-9);
	assert_vec3_near(h.normal, (col_vec3){-1, 0, 0}, 1e-9);
}

static void test_ray_capsule_cylinder(void **state)
{
	(void)state;
	col_shape cap = col_shape_capsule((col_vec3){0, 0, -1}, (col_vec3){0, 0, 1}, 0.5);
	/* The side, then the end sphere. */
	col_cast_hit h = raycast(&cap, (col_vec3){-5, 0, 0.3}, (col_vec3){1, 0, 0}, INFINITY);
	assert_int_equal(h.method, COL_CAST_CAPSULE);
	assert_near(h.t, 4.5, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){-1, 0, 0}, 1e-15);
	h = raycast(&cap, (col_vec3){0, 0, 5}, (col_vec3){0, 0, -1}, INFINITY);
	assert_near(h.t, 3.5, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){0, 0, 1}, 1e-15);
	h = raycast(&cap, (col_vec3){-5, 0, 1.3}, (col_vec3){1, 0, 0}, INFINITY);
	assert_near(h.t, 5 - sqrt(0.25 - 0.09), 1e-15);
	h = raycast_gjk(&cap, (col_vec3){-5, 0, 1.3}, (col_vec3){1, 0, 0}, INFINITY);
	assert_near(h.t, 5 - sqrt(0.25 - 0.09), 1e-9);
	/* A cylinder: the side, a cap, straight down its axis, and a miss past its rim. */
	col_shape cyl = col_shape_cylinder(1, 2);
	cyl.pose.translation = (col_vec3){0, 0, 1};
	h = raycast(&cyl, (col_vec3){-5, 0, 1.5}, (col_vec3){1, 0, 0}, INFINITY);
	assert_int_equal(h.method, COL_CAST_CYLINDER);
	assert_near(h.t, 4, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){-1, 0, 0}, 1e-15);
	h = raycast(&cyl, (col_vec3){0.5, 0.5, 10}, (col_vec3){0, 0, -1}, INFINITY);
	assert_near(h.t, 7, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){0, 0, 1}, 1e-15);
	h = raycast(&cyl, (col_vec3){-5, 0, 10}, (col_vec3){5, 0, -10}, INFINITY);
	assert_true(h.hit);
	assert_false(raycast(&cyl, (col_vec3){1.01, 0, 10}, (col_vec3){0, 0, -1}, INFINITY).hit);
	h = raycast_gjk(&cyl, (col_vec3){0.5, 0.5, 10}, (col_vec3){0, 0, -1}, INFINITY);
	assert_near(h.t, 7, 1e-9);
}

static void test_ray_general(void **state)
{
	(void)state;
	/* A cone from above onto its apex; from the side onto its slope. */
	col_shape cone = col_shape_cone(1, 1);
	col_cast_hit h = raycast(&cone, (col_vec3){0, 0, 5}, (col_vec3){0, 0, -1}, INFINITY);
	assert_int_equal(h.method, COL_CAST_GJK);
	assert_near(h.t, 4, 1e-9);
	h = raycast(&cone, (col_vec3){-5, 0, 0}, (col_vec3){1, 0, 0}, INFINITY);
	assert_near(h.t, 4.5, 1e-9); /* the slope is at x = -0.5 when z = 0 */
	assert_vec3_near(h.normal, col_vec3_normalize((col_vec3){-2, 0, 1}), 1e-6);
	/* A triangle, hit through its face and missed beside it. */
	col_shape tri = col_shape_triangle((col_vec3){0, 0, 0}, (col_vec3){2, 0, 0}, (col_vec3){0, 2, 0});
	h = raycast(&tri, (col_vec3){0.5, 0.5, 3}, (col_vec3){0, 0, -1}, INFINITY);
	assert_near(h.t, 3, 1e-9);
	assert_vec3_near(h.normal, (col_vec3){0, 0, 1}, 1e-9);
	assert_false(raycast(&tri, (col_vec3){1.5, 1.5, 3}, (col_vec3){0, 0, -1}, INFINITY).hit);
	/* A 2D polygon in the plane. */
	col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_shape poly = col_shape_polygon2(square, 4);
	poly.pose = col_shape_pose2((col_vec2){3, 0}, COL_PI / 4);
	h = raycast(&poly, (col_vec3){0, 0, 0}, (col_vec3){1, 0, 0}, INFINITY);
	assert_near(h.t, 3 - sqrt(2.0), 1e-9);
	assert_true(h.normal.z == 0);
}

/* A failing cast: the status, a message that contains `says`, and no hit left in out. */
static void expect_cast_failure(col_status status, const col_cast_hit *h, const col_error *error,
                                col_status code, const char *says)
{
	assert_int_equal(status, code);
	assert_int_equal(error->code, code);
	if (strstr(error->message, says) == NULL)
		fail_msg("message \"%s\" does not say \"%s\"", error->message, says);
	assert_false(h->hit);
}

/* NaN shapes, origins, directions and motions, a negative or NaN max_t, NULL arguments: errors. */
static void test_cast_errors(void **state)
{
	(void)state;
	col_cast_hit h;
	col_error e;
	col_vec3 o = {-5, 0, 0}, x = {1, 0, 0}, zero = {0, 0, 0};
	col_shape ball = col_shape_sphere((col_vec3){0, 0, 0}, 1);
	col_shape bad = col_shape_sphere((col_vec3){NAN, 0, 0}, 1);
	expect_cast_failure(col_raycast(&bad, o, x, 1, &h, &e), &h, &e, COL_ERROR_NOT_FINITE,
	                    "raycast: shape: sphere: a coordinate is not finite");
	col_shape negative = col_shape_box((col_vec3){1, 1, 1});
	negative.radius = -1;
	expect_cast_failure(col_raycast(&negative, o, x, 1, &h, &e), &h, &e, COL_ERROR_INVALID_ARGUMENT,
	                    "radius -1 is negative");
	expect_cast_failure(col_raycast(NULL, o, x, 1, &h, &e), &h, &e, COL_ERROR_INVALID_ARGUMENT,
	                    "raycast: shape is NULL");
	expect_cast_failure(col_raycast(&ball, (col_vec3){NAN, 0, 0}, x, 1, &h, &e), &h, &e,
	                    COL_ERROR_NOT_FINITE, "raycast: origin");
	expect_cast_failure(col_raycast(&ball, o, (col_vec3){INFINITY, 0, 0}, 1, &h, &e), &h, &e,
	                    COL_ERROR_NOT_FINITE, "raycast: direction");
	expect_cast_failure(col_raycast(&ball, o, x, -1, &h, &e), &h, &e, COL_ERROR_INVALID_ARGUMENT,
	                    "raycast: max_t -1 must be >= 0");
	expect_cast_failure(col_raycast(&ball, o, x, NAN, &h, &e), &h, &e, COL_ERROR_INVALID_ARGUMENT,
	                    "raycast: max_t");
	expect_cast_failure(col_raycast_gjk(&ball, o, x, NAN, &h, &e), &h, &e, COL_ERROR_INVALID_ARGUMENT,
	                    "raycast: max_t");
	assert_int_equal(col_raycast(&ball, o, x, 1, NULL, NULL), COL_ERROR_INVALID_ARGUMENT);
	/* error may be NULL. */
	assert_int_equal(col_raycast(&bad, o, x, 1, &h, NULL), COL_ERROR_NOT_FINITE);
	expect_cast_failure(col_shapecast(&bad, x, &ball, zero, &h, &e), &h, &e, COL_ERROR_NOT_FINITE,
	                    "shapecast: shape a: sphere: a coordinate is not finite");
	expect_cast_failure(col_shapecast(&ball, x, &bad, zero, &h, &e), &h, &e, COL_ERROR_NOT_FINITE,
	                    "shapecast: shape b");
	expect_cast_failure(col_shapecast(&ball, x, &ball, (col_vec3){0, NAN, 0}, &h, &e), &h, &e,
	                    COL_ERROR_NOT_FINITE, "shapecast: translation of b is not finite");
	expect_cast_failure(col_shapecast(&ball, x, NULL, zero, &h, &e), &h, &e, COL_ERROR_INVALID_ARGUMENT,
	                    "shapecast: shape b is NULL");
	/* An infinite max_t is no error. */
	assert_int_equal(col_raycast(&ball, o, x, INFINITY, &h, &e), COL_OK);
	assert_true(h.hit);
}

/* ---- random rays ---- */

typedef enum ray_class {
	RAY_SPHERE,
	RAY_CAPSULE,
	RAY_BOX,
	RAY_CYLINDER,
	RAY_ROUNDED_BOX,
	RAY_TRIANGLE,
	RAY_CONE,
	RAY_CONVEX,
	RAY_ROUNDED_CONVEX,
	RAY_CIRCLE,
	RAY_CAPSULE_2D,
	RAY_POLYGON,
	RAY_CLASS_COUNT
} ray_class;

static const char *ray_names[RAY_CLASS_COUNT] = {
    "sphere", "capsule",        "box",         "cylinder",     "rounded box", "triangle", "cone",
    "convex", "rounded convex", "circle (2D)", "capsule (2D)", "polygon (2D)"};

static col_convex *random_hull(rng *r)
{
	col_vec3 points[10];
	int n = rng_int(r, 6, 10);
	col_vec3 stretch = rng_vec3(r, 0.3, 1.2);
	for (int i = 0; i < n; i++) {
		col_vec3 d = rng_unit_vector3(r);
		points[i] = (col_vec3){d.x * stretch.x, d.y * stretch.y, d.z * stretch.z};
	}
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_hull(points, n, &c, &error), &error);
	return c;
}

static col_shape random_polygon(rng *r, col_vec2 *storage)
{
	col_shape s;
	col_error error;
	do {
		int n = random_polygon_points(r, storage);
		s = col_shape_polygon2(storage, n);
	} while (col_shape_validate(&s, &error) != COL_OK);
	return s;
}

static col_shape random_ray_shape(rng *r, ray_class k, col_convex *const *hulls, int hull_count,
                                  col_vec2 *storage)
{
	col_shape s;
	switch (k) {
	case RAY_SPHERE: s = col_shape_sphere(rng_vec3(r, -0.3, 0.3), rng_in(r, 0.1, 1.2)); break;
	case RAY_CAPSULE: {
		col_vec3 half = col_vec3_scale(rng_unit_vector3(r), rng_in(r, 0, 1));
		s = col_shape_capsule(col_vec3_scale(half, -1), half, rng_in(r, 0.05, 0.8));
		break;
	}
	case RAY_BOX: s = col_shape_box(rng_vec3(r, 0.1, 1.2)); break;
	case RAY_CYLINDER: s = col_shape_cylinder(rng_in(r, 0.1, 1), rng_in(r, 0.1, 1)); break;
	case RAY_ROUNDED_BOX:
		s = col_shape_rounded(col_shape_box(rng_vec3(r, 0.1, 1)), rng_in(r, 0.01, 0.4));
		break;
	case RAY_TRIANGLE:
		s = col_shape_triangle(rng_vec3(r, -1, 1), rng_vec3(r, -1, 1), rng_vec3(r, -1, 1));
		break;
	case RAY_CONE: s = col_shape_cone(rng_in(r, 0.1, 1), rng_in(r, 0.1, 1)); break;
	case RAY_CONVEX: s = col_shape_convex(hulls[rng_int(r, 0, hull_count - 1)]); break;
	case RAY_ROUNDED_CONVEX:
		s = col_shape_rounded(col_shape_convex(hulls[rng_int(r, 0, hull_count - 1)]),
		                      rng_in(r, 0.01, 0.3));
		break;
	case RAY_CIRCLE:
		s = col_shape_circle((col_vec2){rng_in(r, -0.3, 0.3), rng_in(r, -0.3, 0.3)},
		                     rng_in(r, 0.1, 1));
		break;
	case RAY_CAPSULE_2D:
		s = col_shape_capsule2((col_vec2){rng_in(r, -1, 0), rng_in(r, -0.5, 0.5)},
		                       (col_vec2){rng_in(r, 0, 1), rng_in(r, -0.5, 0.5)},
		                       rng_in(r, 0.05, 0.5));
		break;
	default: s = random_polygon(r, storage); break;
	}
	s.pose = s.dimension == 2 ? rng_pose2(r, 1) : rng_pose(r, 1);
	return s;
}

/* rays of the class; the first oracle_rays checked by the oracle, the rest (cylinders only) by
 * formula. */
enum { HULLS = 12 };

/* The hulls the random tests draw from: made before the tests and freed after them (so that a
 * failure leaks nothing). */
static col_convex *hulls[HULLS];

static int make_hulls(void **state)
{
	(void)state;
	rng r = rng_make(0xCA57B000u);
	for (int i = 0; i < HULLS; i++)
		hulls[i] = random_hull(&r);
	return 0;
}

static int free_hulls(void **state)
{
	(void)state;
	for (int i = 0; i < HULLS; i++)
		col_convex_destroy(hulls[i]);
	return 0;
}

static void random_rays(ray_class k, int rays, int oracle_rays, uint64_t seed)
{
	rng r = rng_make(rng_env_seed(seed));
	cast_tally t, gjk;
	memset(&t, 0, sizeof t);
	memset(&gjk, 0, sizeof gjk);
	col_vec2 storage[8];
	clock_t start = clock();
	for (int i = 0; i < rays; i++) {
		col_shape s = random_ray_shape(&r, k, hulls, HULLS, storage);
		bool planar = s.dimension == 2;
		col_vec3 o = rng_vec3(&r, -3, 3), target = rng_in_grown_box(&r, col_shape_bounds(&s));
		if (planar)
			o.z = target.z = 0;
		col_vec3 d = col_vec3_scale(col_vec3_sub(target, o), rng_in(&r, 0.3, 1.5));
		double max_t = rng_coin(&r) ? 1.0 : rng_in(&r, 0.2, 3);
		col_cast_hit h = raycast(&s, o, d, max_t);
		if (k == RAY_CYLINDER && i >= oracle_rays) {
			check_ray_by_formula(&r, i, &s, o, d, max_t, h, &t);
			continue;
		}
		check_ray(&r, i, ray_names[k], &s, o, d, max_t, h, &t);
		if (h.method != COL_CAST_GJK && i % 16 == 0) {
			/* A closed form: the GJK ray cast on the same ray agrees. */
			col_cast_hit g = raycast_gjk(&s, o, d, max_t);
			check_ray(&r, i, ray_names[k], &s, o, d, max_t, g, &gjk);
			double scale = fmax(1.0, bounds_scale(&s) + col_vec3_length(o));
			double agree = is_curved(&s) ? 1e-5 * scale : 1e-8 * scale;
			if (g.hit && h.hit && fabs(col_vec3_dot(h.normal, col_vec3_normalize(d))) > 0.1 &&
			    fabs(g.t - h.t) * col_vec3_length(d) > agree)
				FAIL_CASE(&r, i, "%s: closed form t %.17g, GJK %.17g", ray_names[k], h.t,
				          g.t);
		}
	}
	t.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_cast_tally(ray_names[k], &t);
	if (gjk.rays > 0)
		print_cast_tally("  the same by GJK", &gjk);
	assert_true(t.hits > rays / 10 && t.misses > rays / 10 && t.hits - t.inside > rays / 20);
}

/* Rays per class: 10^5, checked by the oracle, except: cylinders, 10^5 by the closed form checked
 * by formula, of which the first 50 also by the oracle (which takes tens of milliseconds to
 * certify a segment ending on a curved surface); cones, 500 by the oracle. */
static void test_random_rays(void **state)
{
	(void)state;
	for (int k = 0; k < RAY_CLASS_COUNT; k++) {
		int rays = k == RAY_CONE ? COLLIDE_RANDOM_CASES / 200 : COLLIDE_RANDOM_CASES;
		int by_oracle = k == RAY_CYLINDER ? COLLIDE_RANDOM_CASES / 2000 : rays;
		random_rays((ray_class)k, rays, by_oracle, 0xCA57A000u + (uint64_t)k);
	}
}

/* ---- shape casts ---- */

/* A polytopal core's world corners (false for curved cores). */
static bool core_corners(const col_shape *s, col_vec3 *out, int *count)
{
	col_vec3 local[64];
	int n = shape_core_corners(s, local);
	if (n < 0)
		return false;
	for (int i = 0; i < n; i++)
		out[i] = col_transform3_apply(s->pose, local[i]);
	*count = n;
	return true;
}

static col_shape moved(const col_shape *s, col_vec3 translation, double t)
{
	col_shape m = *s;
	m.pose.translation = col_vec3_add(m.pose.translation, col_vec3_scale(translation, t));
	return m;
}

/* Whether the shapes stay apart (certainly) while moving from 0 to t: for polytopal cores the
 * sweep of B relative to A (the hull of B's corners and of them moved), else the poses at 0, t/3,
 * 2t/3 and t. */
static bool apart_until(const col_shape *a, col_vec3 ta, const col_shape *b, col_vec3 tb, double t)
{
	col_vec3 va[64], vb[128];
	int na, nb;
	if (core_corners(a, va, &na) && core_corners(b, vb, &nb)) {
		col_vec3 motion = col_vec3_scale(col_vec3_sub(tb, ta), t);
		for (int i = 0; i < nb; i++)
			vb[nb + i] = col_vec3_add(vb[i], motion);
		col_oracle_result o = col_points_hulls_oracle(va, na, vb, 2 * nb);
		double radii = a->radius + b->radius;
		return !o.intersect && o.distance_hi > radii;
	}
	for (int k = 0; k <= 3; k++) {
		col_shape ma = moved(a, ta, t * k / 3), mb = moved(b, tb, t * k / 3);
		col_oracle_result o = col_shape_oracle(&ma, &mb);
		if (o.intersect && o.certain)
			return false;
	}
	return true;
}

static double shape_distance(const col_shape *s, col_vec3 p)
{
	col_shape q = col_shape_point(p);
	col_oracle_result o = col_shape_oracle(s, &q);
	return o.intersect ? 0 : o.distance_lo;
}

static void check_shapecast(const rng *r, int i, const char *what, const col_shape *a, col_vec3 ta,
                            const col_shape *b, col_vec3 tb, col_cast_hit h, cast_tally *t)
{
	if (getenv("COLLIDE_DESCRIBE") && atoi(getenv("COLLIDE_DESCRIBE")) == i) {
		const col_shape *sh[2] = {a, b};
		for (int k = 0; k < 2; k++)
			print_error("%c: kind %d r %.17g pose q (%.17g, %.17g, %.17g, %.17g) t (%.17g, "
			            "%.17g, %.17g) core %.17g %.17g "
			            "%.17g %.17g %.17g %.17g\n",
			            'a' + k, sh[k]->kind, sh[k]->radius, sh[k]->pose.rotation.x,
			            sh[k]->pose.rotation.y, sh[k]->pose.rotation.z, sh[k]->pose.rotation.w,
			            sh[k]->pose.translation.x, sh[k]->pose.translation.y,
			            sh[k]->pose.translation.z, sh[k]->core.segment.a.x,
			            sh[k]->core.segment.a.y, sh[k]->core.segment.a.z, sh[k]->core.segment.b.x,
			            sh[k]->core.segment.b.y, sh[k]->core.segment.b.z);
		print_error("ta (%.17g, %.17g, %.17g) tb (%.17g, %.17g, %.17g): hit %d t %.17g n (%.17g, "
		            "%.17g, %.17g) p (%.17g, "
		            "%.17g, %.17g)\n",
		            ta.x, ta.y, ta.z, tb.x, tb.y, tb.z, h.hit, h.t, h.normal.x, h.normal.y,
		            h.normal.z, h.point.x, h.point.y, h.point.z);
	}
	double scale =
	    fmax(1.0, fmax(bounds_scale(a), bounds_scale(b)) + col_vec3_length(ta) + col_vec3_length(tb));
	/* Curved surfaces (cylinders, cones, and the rounding of a rounded shape when GJK does the cast):
	 * GJK's precision there, about 1e-7 of the size. */
	bool curved = is_curved(a) || is_curved(b) || (h.method == COL_CAST_GJK && a->radius + b->radius > 0);
	double tol = 1e-9 * scale, ctol = curved ? 1e-5 * scale : tol;
	double speed = col_vec3_length(col_vec3_sub(tb, ta));
	t->rays++;
	t->iterations += h.iterations;
	if (!h.hit) {
		t->misses++;
		if (!apart_until(a, ta, b, tb, 1.0))
			FAIL_CASE(r, i, "%s: no hit, but they meet before t = 1", what);
		return;
	}
	t->hits++;
	if (!(h.t >= 0 && h.t <= 1))
		FAIL_CASE(r, i, "%s: t %.17g outside [0, 1]", what, h.t);
	col_shape ma = moved(a, ta, h.t), mb = moved(b, tb, h.t);
	col_oracle_result at = col_shape_oracle(&ma, &mb);
	if (!at.intersect && at.distance_lo > ctol)
		FAIL_CASE(r, i, "%s: hit at t %.17g, but there they are %.3g apart", what, h.t,
		          at.distance_lo);
	if (h.t == 0) {
		t->inside++;
		return;
	}
	double shorter = h.t - tol / speed;
	if (shorter > 0 && !apart_until(a, ta, b, tb, shorter))
		FAIL_CASE(r, i, "%s: hit at t %.17g, but they meet before", what, h.t);
	if (fabs(col_vec3_length(h.normal) - 1) > 1e-12)
		FAIL_CASE(r, i, "%s: normal of length %.17g", what, col_vec3_length(h.normal));
	/* The normal supports A and B at the contact point, and B was coming against it. */
	double beyond_a = beyond_plane(&ma, h.point, h.normal);
	double beyond_b = beyond_plane(&mb, h.point, col_vec3_scale(h.normal, -1));
	if (fabs(beyond_a) > ctol || fabs(beyond_b) > ctol)
		FAIL_CASE(r, i, "%s: the normal does not support both at the point (%.3g, %.3g)", what,
		          beyond_a, beyond_b);
	if (col_vec3_dot(h.normal, col_vec3_sub(tb, ta)) > ctol * speed)
		FAIL_CASE(r, i, "%s: B moves away along the normal", what);
	double da = shape_distance(&ma, h.point), db = shape_distance(&mb, h.point);
	if (da > ctol || db > ctol)
		FAIL_CASE(r, i, "%s: the point is %.3g from A and %.3g from B", what, da, db);
}

static void test_shapecast_hand(void **state)
{
	(void)state;
	/* Two unit spheres 5 apart, closing at 2 + 2: they touch when 3 has been closed, at t = 0.75. */
	col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 1), b = col_shape_sphere((col_vec3){5, 0, 0}, 1);
	col_cast_hit h = shapecast(&a, (col_vec3){2, 0, 0}, &b, (col_vec3){-2, 0, 0});
	assert_true(h.hit);
	assert_near(h.t, 0.75, 1e-15);
	assert_vec3_near(h.normal, (col_vec3){1, 0, 0}, 1e-15);
	assert_vec3_near(h.point, (col_vec3){2.5, 0, 0}, 1e-15);
	/* Moving apart, or not far enough. */
	assert_false(shapecast(&a, (col_vec3){-1, 0, 0}, &b, (col_vec3){0, 0, 0}).hit);
	assert_false(shapecast(&a, (col_vec3){1, 0, 0}, &b, (col_vec3){0, 0, 0}).hit);
	/* Already overlapping: t = 0. */
	b.core.point = (col_vec3){1, 0, 0};
	h = shapecast(&a, (col_vec3){1, 0, 0}, &b, (col_vec3){0, 0, 0});
	assert_true(h.hit && h.t == 0);
	/* A box dropped 3 onto a floor 1 below it: t = 1/3; normal up from the floor. */
	col_shape floor = col_shape_box((col_vec3){5, 5, 1});
	col_shape box = col_shape_box((col_vec3){0.5, 0.5, 0.5});
	box.pose.rotation = col_quat_from_axis_angle((col_vec3){0, 0, 1}, 0.3);
	box.pose.translation = (col_vec3){0.2, 0.1, 2.5};
	h = shapecast(&floor, (col_vec3){0, 0, 0}, &box, (col_vec3){0, 0, -3});
	assert_true(h.hit);
	assert_int_equal(h.method, COL_CAST_GJK);
	assert_near(h.t, 1.0 / 3, 1e-10);
	assert_vec3_near(h.normal, (col_vec3){0, 0, 1}, 1e-9);
	assert_near(h.point.z, 1, 1e-9);
	/* The floor rising instead: the same time, the normal still from the floor (A) to the box. */
	h = shapecast(&floor, (col_vec3){0, 0, 3}, &box, (col_vec3){0, 0, 0});
	assert_near(h.t, 1.0 / 3, 1e-10);
	/* A capsule rolling sideways into a wall; a ball thrown at a box's corner (GJK on a rounded
	 * box). */
	col_shape wall = col_shape_box((col_vec3){0.1, 5, 5});
	wall.pose.translation = (col_vec3){4, 0, 0};
	col_shape cap = col_shape_capsule((col_vec3){0, -1, 0}, (col_vec3){0, 1, 0}, 0.4);
	h = shapecast(&cap, (col_vec3){10, 0, 0}, &wall, (col_vec3){0, 0, 0});
	assert_near(h.t, 3.5 / 10, 1e-10);
	assert_vec3_near(h.normal, (col_vec3){1, 0, 0}, 1e-9);
	col_shape ball = col_shape_sphere((col_vec3){-3, -3, 0}, 0.5);
	col_shape cube = col_shape_box((col_vec3){1, 1, 1});
	h = shapecast(&ball, (col_vec3){4, 4, 0}, &cube, (col_vec3){0, 0, 0});
	assert_true(h.hit);
	assert_near(h.t, (2 * sqrt(2.0) - 0.5) / (4 * sqrt(2.0)), 1e-9);
	assert_vec3_near(h.normal, col_vec3_normalize((col_vec3){1, 1, 0}), 1e-6);
	/* 2D: a square sliding onto another. */
	col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_shape p = col_shape_polygon2(square, 4), q = col_shape_polygon2(square, 4);
	q.pose = col_shape_pose2((col_vec2){5, 0.5}, 0);
	h = shapecast(&p, (col_vec3){0, 0, 0}, &q, (col_vec3){-6, 0, 0});
	assert_near(h.t, 0.5, 1e-10);
	assert_vec3_near(h.normal, (col_vec3){1, 0, 0}, 1e-9);
}

typedef enum cast_class {
	CAST_SPHERES,
	CAST_SPHERE_BOX,
	CAST_CAPSULES,
	CAST_CAPSULE_BOX,
	CAST_BOXES,
	CAST_CONVEX,
	CAST_CYLINDER_BOX,
	CAST_CONE_CONVEX,
	CAST_CIRCLE_POLYGON,
	CAST_POLYGONS,
	CAST_CLASS_COUNT
} cast_class;

static const char *cast_names[CAST_CLASS_COUNT] = {
    "sphere/sphere",       "sphere/box",  "capsule/capsule",
    "capsule/box",         "box/box",     "convex/convex (rounded)",
    "cylinder/box",        "cone/convex", "circle/polygon (2D)",
    "polygon/polygon (2D)"};

static void random_casts(cast_class k, int cases, uint64_t seed)
{
	rng r = rng_make(rng_env_seed(seed));
	cast_tally t;
	memset(&t, 0, sizeof t);
	col_vec2 storage_a[8], storage_b[8];
	clock_t start = clock();
	for (int i = 0; i < cases; i++) {
		ray_class ka, kb;
		switch (k) {
		case CAST_SPHERES: ka = kb = RAY_SPHERE; break;
		case CAST_SPHERE_BOX: ka = RAY_SPHERE, kb = rng_coin(&r) ? RAY_BOX : RAY_ROUNDED_BOX; break;
		case CAST_CAPSULES: ka = kb = RAY_CAPSULE; break;
		case CAST_CAPSULE_BOX: ka = RAY_CAPSULE, kb = RAY_BOX; break;
		case CAST_BOXES: ka = RAY_BOX, kb = rng_coin(&r) ? RAY_BOX : RAY_ROUNDED_BOX; break;
		case CAST_CONVEX: ka = RAY_CONVEX, kb = RAY_ROUNDED_CONVEX; break;
		case CAST_CYLINDER_BOX: ka = RAY_CYLINDER, kb = RAY_BOX; break;
		case CAST_CONE_CONVEX: ka = RAY_CONE, kb = RAY_CONVEX; break;
		case CAST_CIRCLE_POLYGON: ka = RAY_CIRCLE, kb = RAY_POLYGON; break;
		default: ka = kb = RAY_POLYGON; break;
		}
		col_shape a = random_ray_shape(&r, ka, hulls, HULLS, storage_a);
		col_shape b = random_ray_shape(&r, kb, hulls, HULLS, storage_b);
		if (rng_coin(&r)) {
			col_shape s = a;
			a = b;
			b = s;
		}
		bool planar = a.dimension == 2 && b.dimension == 2;
		/* Start apart most of the time, B aimed roughly at A. */
		col_vec3 offset = col_vec3_scale(rng_unit_vector3(&r), rng_in(&r, 0.5, 4));
		if (planar)
			offset = col_vec3_scale(col_vec3_normalize((col_vec3){offset.x, offset.y, 0}),
			                        rng_in(&r, 0.5, 4));
		b.pose.translation = col_vec3_add(a.pose.translation, offset);
		col_vec3 aim = col_vec3_add(col_vec3_scale(offset, -rng_in(&r, 0.5, 2)), rng_vec3(&r, -1, 1));
		col_vec3 ta = col_vec3_scale(rng_vec3(&r, -1, 1), 0.5), tb = col_vec3_add(aim, ta);
		if (planar)
			ta.z = tb.z = 0;
		col_cast_hit h = shapecast(&a, ta, &b, tb);
		check_shapecast(&r, i, cast_names[k], &a, ta, &b, tb, h, &t);
	}
	t.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_cast_tally(cast_names[k], &t);
	/* Each kind of answer exercised (the curved classes are too few to ask that of). */
	if (cases >= 1000)
		assert_true(t.hits > cases / 10 && t.misses > cases / 50 && t.hits - t.inside > cases / 20);
}

static void test_random_shapecasts(void **state)
{
	(void)state;
	for (int k = 0; k < CAST_CLASS_COUNT; k++) {
		/* 10^4 per class; 50 (10 in the sanitizer builds) for the curved ones (the oracle certifies
		 * touching curved shapes slowly: tens of milliseconds a call). */
		int curved = COLLIDE_RANDOM_CASES >= 100000 ? 50 : 10;
		int cases =
		    k == CAST_CYLINDER_BOX || k == CAST_CONE_CONVEX ? curved : COLLIDE_RANDOM_CASES / 10;
		random_casts((cast_class)k, cases, 0x5CA57000u + (uint64_t)k);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ray_sphere),           cmocka_unit_test(test_ray_box),
	    cmocka_unit_test(test_ray_capsule_cylinder), cmocka_unit_test(test_ray_general),
	    cmocka_unit_test(test_cast_errors),          cmocka_unit_test(test_random_rays),
	    cmocka_unit_test(test_shapecast_hand),       cmocka_unit_test(test_random_shapecasts),
	};
	return cmocka_run_group_tests(tests, make_hulls, free_hulls);
}
