/* The oracles checked against each other and against independent references on random cases:
 * crossing against winding number on five polygon classes; both against an exact integer
 * reference on integer polygons queried at integer and half-integer points (many exactly on edges
 * and vertices); circle-polygon and polygon-polygon tests against references written another way.
 * Every failure prints the seed and the case. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/polygon.h"
#include "collide/shapes2d.h"

#include "support.h"

#define SEED   0x4F5241434C45ULL /* "ORACLE" */
#define TWO_PI 6.283185307179586

static col_polygon *make(const col_contour *contours, int count)
{
	col_polygon *polygon = NULL;
	col_error error = {0};
	if (col_polygon_create(contours, count, &polygon, &error) != COL_OK)
		fail_msg("could not make a test polygon: %s", error.message);
	return polygon;
}

/* ---- the five classes ---- */

static col_polygon *make_regular(int n)
{
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	for (int i = 0; i < n; i++)
		p[i] = (col_vec2){cos(TWO_PI * i / n), sin(TWO_PI * i / n)};
	col_contour c = {p, n};
	col_polygon *polygon = make(&c, 1);
	free(p);
	return polygon;
}

static col_polygon *make_star(rng *stream, int n)
{
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	for (int i = 0; i < n; i++) {
		double r = 1.0 + 0.5 * rng_unit(stream), t = TWO_PI * i / n;
		p[i] = (col_vec2){r * cos(t), r * sin(t)};
	}
	col_contour c = {p, n};
	col_polygon *polygon = make(&c, 1);
	free(p);
	return polygon;
}

/* A disc-like 64-gon with five holes: four small regular ones and a triangle. */
static col_polygon *make_holes(void)
{
	static col_vec2 storage[64 + 4 * 12 + 3];
	col_contour contours[6];
	col_vec2 *p = storage;
	for (int i = 0; i < 64; i++)
		p[i] = (col_vec2){4 * cos(TWO_PI * i / 64), 4 * sin(TWO_PI * i / 64)};
	contours[0] = (col_contour){p, 64};
	p += 64;
	const col_vec2 centres[4] = {{-2, -2}, {2, -2}, {2, 2}, {-2, 2}};
	for (int h = 0; h < 4; h++) {
		for (int i = 0; i < 12; i++)
			p[i] = (col_vec2){centres[h].x + 0.7 * cos(TWO_PI * i / 12),
			                  centres[h].y + 0.7 * sin(TWO_PI * i / 12)};
		contours[1 + h] = (col_contour){p, 12};
		p += 12;
	}
	p[0] = (col_vec2){-0.5, -0.5};
	p[1] = (col_vec2){0.5, -0.5};
	p[2] = (col_vec2){0, 0.75};
	contours[5] = (col_contour){p, 3};
	return make(contours, 6);
}

/* A comb: teeth on top of a spine, then a zig-zag underneath; rays meet many horizontal edges. */
static col_polygon *make_comb(int teeth)
{
	col_vec2 *p = malloc((size_t)(4 * teeth + 2 * teeth + 4) * sizeof *p);
	int n = 0;
	for (int i = teeth - 1; i >= 0; i--) {
		p[n++] = (col_vec2){2.0 * i + 1.0, 1.0};
		p[n++] = (col_vec2){2.0 * i + 1.0, 3.0};
		p[n++] = (col_vec2){2.0 * i, 3.0};
		p[n++] = (col_vec2){2.0 * i, 1.0};
	}
	for (int i = 0; i < teeth; i++) {
		p[n++] = (col_vec2){2.0 * i, 0.0};
		p[n++] = (col_vec2){2.0 * i + 1.0, -1.0};
	}
	p[n++] = (col_vec2){2.0 * teeth, 0.0};
	p[n++] = (col_vec2){2.0 * teeth, 1.0};
	col_contour c = {p, n};
	col_polygon *polygon = make(&c, 1);
	free(p);
	return polygon;
}

/* A query point: uniform over the box, or on an edge or a vertex, or a few ulps from one. */
static col_vec2 random_query(rng *stream, const col_polygon *polygon)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	double w = box.max.x - box.min.x, h = box.max.y - box.min.y;
	int kind = rng_int(stream, 0, 3);
	if (kind <= 1)
		return (col_vec2){rng_in(stream, box.min.x - 0.1 * w, box.max.x + 0.1 * w),
		                  rng_in(stream, box.min.y - 0.1 * h, box.max.y + 0.1 * h)};
	col_contour c =
	    col_polygon_contour(polygon, rng_int(stream, 0, col_polygon_contour_count(polygon) - 1));
	int i = rng_int(stream, 0, c.count - 1);
	col_vec2 a = c.points[i], b = c.points[(i + 1) % c.count];
	col_vec2 p = kind == 2 ? a : col_vec2_lerp(a, b, rng_unit(stream));
	for (int k = rng_int(stream, 0, 3); k > 0; k--) {
		if (rng_coin(stream))
			p.x = nextafter(p.x, rng_coin(stream) ? INFINITY : -INFINITY);
		else
			p.y = nextafter(p.y, rng_coin(stream) ? INFINITY : -INFINITY);
	}
	return p;
}

static void check_crossing_equals_winding(rng *stream, const char *name, col_polygon *polygon)
{
	int inside = 0;
	for (int k = 0; k < COLLIDE_RANDOM_CASES; k++) {
		col_vec2 p = random_query(stream, polygon);
		bool crossing = col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
		bool winding = col_polygon_contains(polygon, p, COL_METHOD_WINDING, NULL);
		if (crossing != winding)
			fail_msg("%s, case %d (seed 0x%llx): (%.17g, %.17g) crossing %d, winding %d", name, k,
			         (unsigned long long)stream->seed, p.x, p.y, crossing, winding);
		inside += crossing;
	}
	/* Both answers must be common, or the class tests nothing. */
	assert_true(inside > COLLIDE_RANDOM_CASES / 10 &&
	            inside < COLLIDE_RANDOM_CASES - COLLIDE_RANDOM_CASES / 10);
	col_polygon_destroy(polygon);
}

static void test_crossing_equals_winding(void **state)
{
	(void)state;
	rng stream = rng_make(SEED);
	check_crossing_equals_winding(&stream, "regular 64-gon", make_regular(64));
	check_crossing_equals_winding(&stream, "star 500", make_star(&stream, 500));
	check_crossing_equals_winding(&stream, "disc with 5 holes", make_holes());
	check_crossing_equals_winding(&stream, "comb", make_comb(30));
}

/* ---- integer polygons against exact integer arithmetic ---- */

/* Coordinates are doubled so half-integer queries become integers; all products fit in int64. */
typedef struct ipoint {
	int64_t x, y;
} ipoint;

static int64_t icross(ipoint a, ipoint b, ipoint c)
{
	return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static bool ion_segment(ipoint a, ipoint b, ipoint p)
{
	return icross(a, b, p) == 0 && p.x >= (a.x < b.x ? a.x : b.x) && p.x <= (a.x > b.x ? a.x : b.x) &&
	       p.y >= (a.y < b.y ? a.y : b.y) && p.y <= (a.y > b.y ? a.y : b.y);
}

static ipoint doubled(col_vec2 p)
{
	return (ipoint){(int64_t)(2 * p.x), (int64_t)(2 * p.y)};
}

/* The reference: on any edge, else the parity of edges an upward vertical ray crosses (a different
 * ray from the engine's, with the half-open rule on x). */
static bool reference_contains(const col_polygon *polygon, ipoint p, bool *on_boundary)
{
	bool inside = false;
	*on_boundary = false;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour k = col_polygon_contour(polygon, c);
		for (int i = 0; i < k.count; i++) {
			ipoint a = doubled(k.points[i]), b = doubled(k.points[(i + 1) % k.count]);
			if (ion_segment(a, b, p)) {
				*on_boundary = true;
				return true;
			}
			if ((a.x > p.x) != (b.x > p.x)) {
				/* The edge crosses the vertical line; is the crossing above p? */
				int64_t o = icross(a, b, p);
				bool above = b.x > a.x ? o < 0 : o > 0;
				if (above)
					inside = !inside;
			}
		}
	}
	return inside;
}

/* A random star-shaped polygon with integer vertices, retried until valid. */
static col_polygon *make_integer_star(rng *stream, int n, int radius)
{
	col_vec2 p[64];
	for (;;) {
		for (int i = 0; i < n; i++) {
			double r = rng_int(stream, radius / 3, radius),
			       t = TWO_PI * (i + 0.3 * rng_unit(stream)) / n;
			p[i] = (col_vec2){round(r * cos(t)), round(r * sin(t))};
		}
		col_polygon *polygon = NULL;
		col_contour c = {p, n};
		if (col_polygon_create(&c, 1, &polygon, NULL) == COL_OK)
			return polygon;
	}
}

static col_polygon *make_integer_frame(void)
{
	static const col_vec2 outer[] = {{0, 0}, {12, 0}, {12, 12}, {6, 12},
	                                 {6, 9}, {5, 9},  {5, 12},  {0, 12}};
	static const col_vec2 hole_a[] = {{2, 2}, {4, 2}, {4, 5}, {3, 5}, {3, 4}, {2, 4}};
	static const col_vec2 hole_b[] = {{7, 2}, {10, 2}, {10, 7}, {7, 4}};
	col_contour contours[] = {{outer, 8}, {hole_a, 6}, {hole_b, 4}};
	return make(contours, 3);
}

static void check_against_integers(rng *stream, const char *name, const col_polygon *polygon,
                                   int *on_boundary_total)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	int x0 = (int)box.min.x * 2 - 2, x1 = (int)box.max.x * 2 + 2;
	int y0 = (int)box.min.y * 2 - 2, y1 = (int)box.max.y * 2 + 2;
	for (int k = 0; k < COLLIDE_RANDOM_CASES / 10; k++) {
		ipoint q = {rng_int(stream, x0, x1), rng_int(stream, y0, y1)};
		col_vec2 p = {0.5 * (double)q.x, 0.5 * (double)q.y};
		bool on;
		bool expected = reference_contains(polygon, q, &on);
		bool crossing = col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
		bool winding = col_polygon_contains(polygon, p, COL_METHOD_WINDING, NULL);
		bool boundary = col_polygon_on_boundary(polygon, p, NULL);
		if (crossing != expected || winding != expected || boundary != on)
			fail_msg(
			    "%s, case %d (seed 0x%llx): (%g, %g) expected %d (on boundary %d), crossing %d, "
			    "winding %d, on boundary %d",
			    name, k, (unsigned long long)stream->seed, p.x, p.y, expected, on, crossing,
			    winding, boundary);
		*on_boundary_total += on;
	}
}

static void test_integer_polygons_exact(void **state)
{
	(void)state;
	rng stream = rng_make(SEED + 1);
	int on_boundary = 0;
	col_polygon *frame = make_integer_frame();
	check_against_integers(&stream, "integer frame with holes", frame, &on_boundary);
	col_polygon_destroy(frame);
	col_polygon *comb = make_comb(12);
	check_against_integers(&stream, "comb", comb, &on_boundary);
	col_polygon_destroy(comb);
	for (int s = 0; s < 8; s++) {
		col_polygon *star = make_integer_star(&stream, 6 + 5 * s, 6 + 2 * s);
		check_against_integers(&stream, "integer star", star, &on_boundary);
		col_polygon_destroy(star);
	}
	/* Half-integer grids put a good share of the queries exactly on the boundary. */
	print_message("integer polygons: %d queries, %d exactly on the boundary\n", COLLIDE_RANDOM_CASES,
	              on_boundary);
	assert_true(on_boundary > COLLIDE_RANDOM_CASES / 50);
}

/* ---- circle against polygon ---- */

/* Distance from p to segment ab by projection, in floating point: a different formula from the
 * engine's exact comparisons, so it can only be trusted away from ties. */
static double distance_to_segment(col_vec2 p, col_vec2 a, col_vec2 b)
{
	col_vec2 d = col_vec2_sub(b, a);
	double t = col_vec2_dot(col_vec2_sub(p, a), d) / col_vec2_dot(d, d);
	t = fmin(fmax(t, 0.0), 1.0);
	return col_vec2_distance(p, col_vec2_lerp(a, b, t));
}

static double distance_to_boundary(const col_polygon *polygon, col_vec2 p)
{
	double best = INFINITY;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour k = col_polygon_contour(polygon, c);
		for (int i = 0; i < k.count; i++)
			best = fmin(best, distance_to_segment(p, k.points[i], k.points[(i + 1) % k.count]));
	}
	return best;
}

static void test_circle_polygon_random(void **state)
{
	(void)state;
	rng stream = rng_make(SEED + 2);
	col_polygon *polygons[3] = {make_star(&stream, 60), make_holes(), make_comb(8)};
	int ties = 0, hits = 0;
	for (int k = 0; k < COLLIDE_RANDOM_CASES; k++) {
		const col_polygon *polygon = polygons[k % 3];
		col_aabb2 box = col_polygon_bounds(polygon);
		double w = box.max.x - box.min.x;
		col_circle circle = {{rng_in(&stream, box.min.x - 0.2 * w, box.max.x + 0.2 * w),
		                      rng_in(&stream, box.min.y - 0.2 * w, box.max.y + 0.2 * w)},
		                     rng_unit(&stream) < 0.1 ? 0.0 : rng_in(&stream, 0, 0.2 * w)};
		double d = distance_to_boundary(polygon, circle.center);
		bool center_inside = col_polygon_contains(polygon, circle.center, COL_METHOD_WINDING, NULL);
		if (fabs(d - circle.radius) < 1e-9 * w) {
			ties++;
			continue;
		}
		bool expected = center_inside || d < circle.radius;
		bool got = col_circle_intersects_polygon(circle, polygon, NULL);
		if (got != expected)
			fail_msg("case %d (seed 0x%llx): circle (%.17g, %.17g) r %.17g: expected %d, got %d",
			         k, (unsigned long long)stream.seed, circle.center.x, circle.center.y,
			         circle.radius, expected, got);
		hits += got;
	}
	assert_true(ties < COLLIDE_RANDOM_CASES / 100);
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 &&
	            hits < COLLIDE_RANDOM_CASES - COLLIDE_RANDOM_CASES / 10);
	for (int i = 0; i < 3; i++)
		col_polygon_destroy(polygons[i]);
}

/* Integer centres and radii on integer polygons: tangency happens often and is decided exactly.
 * The reference compares squared distances in int64 (doubled coordinates are not needed). */
static bool reference_circle_segment(ipoint c, int64_t r, ipoint a, ipoint b)
{
	ipoint d = {b.x - a.x, b.y - a.y}, ca = {c.x - a.x, c.y - a.y}, cb = {c.x - b.x, c.y - b.y};
	int64_t along = ca.x * d.x + ca.y * d.y, length2 = d.x * d.x + d.y * d.y;
	if (along <= 0)
		return ca.x * ca.x + ca.y * ca.y <= r * r;
	if (along >= length2)
		return cb.x * cb.x + cb.y * cb.y <= r * r;
	int64_t cross = d.x * ca.y - d.y * ca.x;
	return cross * cross <= r * r * length2;
}

static void test_circle_polygon_integer(void **state)
{
	(void)state;
	rng stream = rng_make(SEED + 3);
	col_polygon *polygons[2] = {make_integer_frame(), make_integer_star(&stream, 20, 12)};
	int tangent = 0;
	for (int k = 0; k < COLLIDE_RANDOM_CASES; k++) {
		const col_polygon *polygon = polygons[k % 2];
		col_aabb2 box = col_polygon_bounds(polygon);
		ipoint c = {rng_int(&stream, (int)box.min.x - 3, (int)box.max.x + 3),
		            rng_int(&stream, (int)box.min.y - 3, (int)box.max.y + 3)};
		int64_t r = rng_int(&stream, 0, 4);
		bool on;
		bool expected = reference_contains(polygon, (ipoint){2 * c.x, 2 * c.y}, &on);
		bool touching = false;
		for (int ci = 0; ci < col_polygon_contour_count(polygon); ci++) {
			col_contour kc = col_polygon_contour(polygon, ci);
			for (int i = 0; i < kc.count; i++) {
				col_vec2 a = kc.points[i], b = kc.points[(i + 1) % kc.count];
				ipoint ia = {(int64_t)a.x, (int64_t)a.y}, ib = {(int64_t)b.x, (int64_t)b.y};
				expected = expected || reference_circle_segment(c, r, ia, ib);
				touching =
				    touching || (reference_circle_segment(c, r, ia, ib) &&
				                 (r == 0 || !reference_circle_segment(c, r - 1, ia, ib)));
			}
		}
		col_circle circle = {{(double)c.x, (double)c.y}, (double)r};
		bool got = col_circle_intersects_polygon(circle, polygon, NULL);
		if (got != expected)
			fail_msg("case %d (seed 0x%llx): circle (%lld, %lld) r %lld: expected %d, got %d", k,
			         (unsigned long long)stream.seed, (long long)c.x, (long long)c.y,
			         (long long)r, expected, got);
		tangent += touching;
	}
	print_message("integer circles: %d cases, %d reaching an edge at radius r but not at r - 1\n",
	              COLLIDE_RANDOM_CASES, tangent);
	for (int i = 0; i < 2; i++)
		col_polygon_destroy(polygons[i]);
}

/* ---- polygon against polygon ---- */

static bool reference_segments_meet(ipoint a, ipoint b, ipoint c, ipoint d)
{
	int64_t o1 = icross(a, b, c), o2 = icross(a, b, d), o3 = icross(c, d, a), o4 = icross(c, d, b);
	if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
		return true;
	return ion_segment(a, b, c) || ion_segment(a, b, d) || ion_segment(c, d, a) || ion_segment(c, d, b);
}

/* Integer polygons meet when some pair of edges does or when a vertex of one is in the other. */
static bool reference_polygons_meet(const col_polygon *a, const col_polygon *b)
{
	for (int ca = 0; ca < col_polygon_contour_count(a); ca++) {
		col_contour ka = col_polygon_contour(a, ca);
		for (int i = 0; i < ka.count; i++) {
			ipoint p = doubled(ka.points[i]), q = doubled(ka.points[(i + 1) % ka.count]);
			for (int cb = 0; cb < col_polygon_contour_count(b); cb++) {
				col_contour kb = col_polygon_contour(b, cb);
				for (int j = 0; j < kb.count; j++) {
					if (reference_segments_meet(p, q, doubled(kb.points[j]),
					                            doubled(kb.points[(j + 1) % kb.count])))
						return true;
				}
			}
		}
	}
	bool on;
	return reference_contains(b, doubled(col_polygon_contour(a, 0).points[0]), &on) ||
	       reference_contains(a, doubled(col_polygon_contour(b, 0).points[0]), &on);
}

/* A random small integer polygon at (ox, oy): a star, or a square frame with a square hole. */
static col_polygon *random_small_polygon(rng *stream, int ox, int oy)
{
	if (rng_int(stream, 0, 3) == 0) {
		int s = rng_int(stream, 3, 6), h = rng_int(stream, 1, s - 2);
		col_vec2 outer[] = {{ox - s, oy - s}, {ox + s, oy - s}, {ox + s, oy + s}, {ox - s, oy + s}};
		col_vec2 hole[] = {{ox - h, oy - h}, {ox + h, oy - h}, {ox + h, oy + h}, {ox - h, oy + h}};
		col_contour c[] = {{outer, 4}, {hole, 4}};
		return make(c, 2);
	}
	col_vec2 p[12];
	int n = rng_int(stream, 3, 9);
	for (;;) {
		for (int i = 0; i < n; i++) {
			double r = rng_int(stream, 1, 4), t = TWO_PI * (i + 0.4 * rng_unit(stream)) / n;
			p[i] = (col_vec2){ox + round(r * cos(t)), oy + round(r * sin(t))};
		}
		col_polygon *polygon = NULL;
		if (col_polygon_create_simple(p, n, &polygon, NULL) == COL_OK)
			return polygon;
	}
}

static void test_polygon_polygon_random(void **state)
{
	(void)state;
	rng stream = rng_make(SEED + 4);
	int hits = 0, nested = 0;
	for (int k = 0; k < COLLIDE_RANDOM_CASES; k++) {
		col_polygon *a = random_small_polygon(&stream, 0, 0);
		col_polygon *b =
		    random_small_polygon(&stream, rng_int(&stream, -9, 9), rng_int(&stream, -9, 9));
		bool expected = reference_polygons_meet(a, b);
		bool got = col_polygon_intersects_polygon(a, b, NULL);
		bool swapped = col_polygon_intersects_polygon(b, a, NULL);
		if (got != expected || swapped != expected)
			fail_msg("case %d (seed 0x%llx): expected %d, got %d and %d swapped", k,
			         (unsigned long long)stream.seed, expected, got, swapped);
		/* Sampling: a point inside both proves they meet. */
		if (!got) {
			for (int s = 0; s < 8; s++) {
				col_vec2 p = {rng_in(&stream, -5, 5), rng_in(&stream, -5, 5)};
				if (col_polygon_contains(a, p, COL_METHOD_DEFAULT, NULL) &&
				    col_polygon_contains(b, p, COL_METHOD_DEFAULT, NULL))
					fail_msg("case %d (seed 0x%llx): (%g, %g) lies in both, yet they do "
					         "not meet",
					         k, (unsigned long long)stream.seed, p.x, p.y);
			}
		}
		nested += !got && col_polygon_contour_count(a) == 2 &&
		          col_aabb2_overlaps(col_polygon_bounds(a), col_polygon_bounds(b));
		hits += got;
		col_polygon_destroy(a);
		col_polygon_destroy(b);
	}
	print_message("polygon pairs: %d cases, %d meet, %d apart with boxes overlapping a framed one\n",
	              COLLIDE_RANDOM_CASES, hits, nested);
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 &&
	            hits < COLLIDE_RANDOM_CASES - COLLIDE_RANDOM_CASES / 10);
	assert_true(nested > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_crossing_equals_winding), cmocka_unit_test(test_integer_polygons_exact),
	    cmocka_unit_test(test_circle_polygon_random),   cmocka_unit_test(test_circle_polygon_integer),
	    cmocka_unit_test(test_polygon_polygon_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
