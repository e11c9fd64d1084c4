/* The simplicial covering and its DC queries (source 000, 4.1-4.4, 4.7): source 000's 2D checks
 * 4-6, 9, 17 and 18 (docs/sources.md), then every method against the foundation's oracles on each
 * polygon class, at random points and along the study's circular and linear trajectories (where the
 * coherence caches are exercised), circles and polygon pairs included. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/covering.h"
#include "collide/polygon.h"
#include "collide/shapes2d.h"

#include "polygon_cases.h"

#define SEED 0x434F564552ULL /* "COVER" */

static col_polygon *polygon_of(const col_vec2 *points, int count)
{
	col_polygon *polygon = NULL;
	col_error error = {0};
	if (col_polygon_create_simple(points, count, &polygon, &error) != COL_OK)
		fail_msg("test polygon refused: %s", error.message);
	return polygon;
}

static col_covering *covering_of(const col_polygon *polygon, const col_vec2 *origin)
{
	col_covering *covering = NULL;
	col_error error = {0};
	if (col_covering_build(polygon, origin, &covering, &error) != COL_OK)
		fail_msg("covering refused: %s", error.message);
	return covering;
}

static bool in(const col_covering *c, double x, double y)
{
	return col_covering_contains(c, (col_vec2){x, y}, COL_METHOD_COVERING, NULL, NULL);
}

/* Case 4: a square around its centroid, every triangle positive. */
static void test_square(void **state)
{
	(void)state;
	col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_polygon *polygon = polygon_of(square, 4);
	col_covering *c = covering_of(polygon, NULL);
	assert_true(col_covering_origin(c).x == 0 && col_covering_origin(c).y == 0);
	for (int i = 0; i < 4; i++)
		assert_int_equal(col_covering_triangle_at(c, i).sign, 1);
	assert_true(col_covering_is_positive(c));
	assert_true(col_covering_is_convex(c));
	assert_true(in(c, 0.5, 0.5)); /* on an original edge: 1 + 1 */
	assert_true(in(c, 0.2, 0.1));
	assert_true(in(c, 1, 0)); /* boundary */
	assert_false(in(c, 1.5, 0));
	assert_true(in(c, 0, 0)); /* the origin's stored flag */
	col_covering_destroy(c);
	col_polygon_destroy(polygon);
}

/* Case 5: a C whose vertex average lies outside, in the notch. */
static void test_c_shape_centroid_outside(void **state)
{
	(void)state;
	col_vec2 shape[8] = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 2}, {3, 2}, {3, 3}, {0, 3}};
	col_polygon *polygon = polygon_of(shape, 8);
	col_vec2 average = {1.75, 1.5};
	col_covering *c = covering_of(polygon, &average);
	int signs[8] = {1, 1, -1, -1, -1, 1, 1, 1};
	for (int i = 0; i < 8; i++)
		assert_int_equal(col_covering_triangle_at(c, i).sign, signs[i]);
	assert_false(col_covering_origin_inside(c));
	assert_false(col_covering_is_positive(c));
	assert_true(in(c, 0.5, 1.5));
	assert_false(in(c, 2, 1.5));
	assert_true(in(c, 2, 0.5));
	assert_true(in(c, 2, 2.5));
	assert_false(in(c, 4, 1.5));
	assert_true(in(c, 1, 1.5)); /* boundary */
	assert_true(in(c, 3, 3));   /* vertex */
	assert_false(in(c, 1.75, 1.5));
	col_covering_destroy(c);
	col_polygon_destroy(polygon);
}

/* Case 6: a square with a hole, the origin in the hole. Holes are contours of their own here, so
 * no false bridging edge is needed: the hole's triangles carry the opposite sign. */
static void test_square_with_hole(void **state)
{
	(void)state;
	col_vec2 outer[4] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}}, hole[4] = {{1, 1}, {1, 3}, {3, 3}, {3, 1}};
	col_contour contours[2] = {{outer, 4}, {hole, 4}};
	col_polygon *polygon = NULL;
	col_error error = {0};
	assert_int_equal(col_polygon_create(contours, 2, &polygon, &error), COL_OK);
	col_vec2 origin = {2, 2};
	col_covering *c = covering_of(polygon, &origin);
	assert_false(in(c, 2, 2));
	assert_true(in(c, 0.5, 2));
	assert_true(in(c, 3.5, 3.5));
	assert_true(in(c, 2, 0.5));
	assert_false(in(c, 5, 5));
	assert_true(in(c, 0.5, 0.5));
	assert_true(in(c, 1, 2)); /* on the hole's boundary */
	assert_false(in(c, 2.5, 2.9));
	col_covering_destroy(c);
	col_polygon_destroy(polygon);
}

/* The origin on an edge line (degenerate covering triangles), at a vertex, on the boundary. */
static void test_degenerate_origins(void **state)
{
	(void)state;
	col_vec2 shape[8] = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 2}, {3, 2}, {3, 3}, {0, 3}};
	col_polygon *polygon = polygon_of(shape, 8);
	col_vec2 origins[5] = {{2, 1}, {1, 1}, {5, 1}, {0, 1.5}, {-1, -1}};
	col_vec2 probes[9] = {{0.5, 1.5}, {2, 1.5}, {2, 0.5}, {2, 2.5}, {4, 1.5}, {1, 1.5}, {3, 3}, {2, 1}, {4, 1}};
	for (int o = 0; o < 5; o++) {
		col_covering *c = covering_of(polygon, &origins[o]);
		for (int k = 0; k < 9; k++)
			assert_int_equal(col_covering_contains(c, probes[k], COL_METHOD_COVERING, NULL, NULL),
			                 col_polygon_contains(polygon, probes[k], COL_METHOD_CROSSING, NULL));
		col_covering_destroy(c);
	}
	col_polygon_destroy(polygon);
}

/* Case 9: a point moving slowly outside a regular 1024-gon costs the convex walk a few triangles
 * per frame, not n. */
static void test_convex_walk_is_local(void **state)
{
	(void)state;
	col_vec2 *ring = malloc(1024 * sizeof *ring);
	for (int i = 0; i < 1024; i++)
		ring[i] = (col_vec2){cos(6.283185307179586 * i / 1024), sin(6.283185307179586 * i / 1024)};
	col_polygon *polygon = polygon_of(ring, 1024);
	free(ring);
	col_covering *c = covering_of(polygon, NULL);
	assert_true(col_covering_is_convex(c));
	col_covering_cache *cache = NULL;
	assert_int_equal(col_covering_cache_create(c, &cache, NULL), COL_OK);
	col_query_stats stats = {0};
	for (int i = 0; i < 9000; i++) {
		/* Just beyond edge k's midpoint, inside the bounding circle, moving one edge at a time. */
		double t = 6.283185307179586 * ((i * 1024 / 9000) + 0.5) / 1024;
		double r = 0.5 * (1.0 + cos(3.141592653589793 / 1024));
		col_vec2 p = {r * cos(t), r * sin(t)};
		assert_false(col_covering_contains(c, p, COL_METHOD_CONVEX, cache, &stats));
	}
	assert_true(stats.primitives_tested < 4 * 9000);
	col_covering_cache_destroy(cache);
	col_covering_destroy(c);
	col_polygon_destroy(polygon);
}

/* Case 17: circles against the square [-1, 1]^2. */
static void test_circle_square(void **state)
{
	(void)state;
	col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_polygon *polygon = polygon_of(square, 4);
	col_covering *c = covering_of(polygon, NULL);
	struct {
		double x, y, r;
		bool hit;
	} cases[] = {{1.5, 0, 0.5, true}, {1.5, 0, 0.49, false}, {1.5, 1.5, 0.70, false},
	             {1.5, 1.5, 0.71, true}, {0, 0, 0.1, true}, {3, 3, 0, false}, {1, 1, 0, true}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		col_circle circle = {{cases[i].x, cases[i].y}, cases[i].r};
		assert_int_equal(col_covering_intersects_circle(c, circle, NULL, NULL), cases[i].hit);
	}
	col_circle nan_circle = {{NAN, 0}, 1};
	assert_false(col_covering_intersects_circle(c, nan_circle, NULL, NULL));
	col_covering_destroy(c);
	col_polygon_destroy(polygon);
}

static bool pair_hit(const col_covering *a, const col_covering *b, double dx, double dy)
{
	col_transform2 t = col_transform2_make((col_vec2){dx, dy}, 0.0);
	return col_covering_intersects_covering(a, b, t, NULL, NULL);
}

/* Case 18: unit squares, and a small square inside the C's bottom bar (erratum 11). */
static void test_polygon_pairs(void **state)
{
	(void)state;
	col_vec2 unit[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
	col_vec2 small[4] = {{1.5, 0.25}, {2, 0.25}, {2, 0.75}, {1.5, 0.75}};
	col_vec2 shape[8] = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 2}, {3, 2}, {3, 3}, {0, 3}};
	col_polygon *pu = polygon_of(unit, 4), *ps = polygon_of(small, 4), *pc = polygon_of(shape, 8);
	col_covering *u = covering_of(pu, NULL), *s = covering_of(ps, NULL), *c = covering_of(pc, NULL);
	assert_true(pair_hit(u, u, 0.5, 0.5));
	assert_false(pair_hit(u, u, 3, 0));
	assert_true(pair_hit(u, u, 1, 1)); /* corners touching */
	assert_true(pair_hit(c, s, 0, 0)); /* the small square inside the C */
	assert_true(pair_hit(s, c, 0, 0)); /* the C around the small square */
	assert_false(pair_hit(c, s, 0, 1)); /* in the notch */
	col_covering_destroy(u);
	col_covering_destroy(s);
	col_covering_destroy(c);
	col_polygon_destroy(pu);
	col_polygon_destroy(ps);
	col_polygon_destroy(pc);
}

/* ---- random cases per class ---- */

/* Every point method, with and without caches, against the crossing number at independent random
 * points (about a third on the boundary: vertices and, for integer polygons, edge points). */
static void check_points(rng *r, const char *name, const col_polygon *polygon, int cases)
{
	col_covering *c = covering_of(polygon, NULL);
	col_covering_cache *cache = NULL;
	assert_int_equal(col_covering_cache_create(c, &cache, NULL), COL_OK);
	col_method methods[3] = {COL_METHOD_COVERING, COL_METHOD_CONVEX, COL_METHOD_STAR};
	for (int i = 0; i < cases; i++) {
		col_vec2 p = polygons_random_query(r, polygon);
		bool expected = col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
		for (int m = 0; m < 3; m++) {
			if (!col_covering_supports(c, methods[m]))
				continue;
			if (col_covering_contains(c, p, methods[m], NULL, NULL) != expected ||
			    col_covering_contains(c, p, methods[m], cache, NULL) != expected)
				FAIL_CASE(r, i, "%s: %s at (%.17g, %.17g): expected %d", name,
				          col_method_name(methods[m]), p.x, p.y, expected);
		}
	}
	col_covering_cache_destroy(cache);
	col_covering_destroy(c);
}

/* The study's trajectories (source 000, 4.8): a jittered circle just outside the polygon and a
 * jittered line across it. Caches are kept from frame to frame, as a game would. */
static void check_trajectories(rng *r, const char *name, const col_polygon *polygon, int frames)
{
	col_covering *c = covering_of(polygon, NULL);
	col_covering_cache *caches[3] = {NULL, NULL, NULL};
	for (int m = 0; m < 3; m++)
		assert_int_equal(col_covering_cache_create(c, &caches[m], NULL), COL_OK);
	col_method methods[3] = {COL_METHOD_COVERING, COL_METHOD_CONVEX, COL_METHOD_STAR};
	col_vec2 *path = malloc((size_t)frames * sizeof *path);
	col_query_stats stats = {0};
	for (int kind = 0; kind < 2; kind++) {
		polygons_trajectory(r, polygon, kind, path, frames);
		for (int i = 0; i < frames; i++) {
			bool expected = col_polygon_contains(polygon, path[i], COL_METHOD_CROSSING, NULL);
			for (int m = 0; m < 3; m++) {
				if (col_covering_supports(c, methods[m]) &&
				    col_covering_contains(c, path[i], methods[m], caches[m], &stats) != expected)
					FAIL_CASE(r, i, "%s: %s along trajectory %d at (%.17g, %.17g): expected %d",
					          name, col_method_name(methods[m]), kind, path[i].x, path[i].y, expected);
			}
			col_circle circle = {path[i], 0.05 * col_covering_bounding_circle(c).radius};
			bool hit = col_circle_intersects_polygon(circle, polygon, NULL);
			if (col_covering_intersects_circle(c, circle, caches[0], NULL) != hit)
				FAIL_CASE(r, i, "%s: circle along trajectory %d at (%.17g, %.17g): expected %d", name,
				          kind, path[i].x, path[i].y, hit);
		}
	}
	free(path);
	for (int m = 0; m < 3; m++)
		col_covering_cache_destroy(caches[m]);
	col_covering_destroy(c);
}

/* Random circles (polygons_random_circle: anywhere, within a hair of the boundary, touching
 * exactly) against the brute-force oracle, with a cache kept from circle to circle, and without
 * one at every fourth. seen[0] counts the circles apart from the polygon, seen[1] those that meet
 * it, seen[2] those that touch it exactly. */
static void check_circles(rng *r, const char *name, const col_polygon *polygon, int cases, int seen[3])
{
	col_covering *c = covering_of(polygon, NULL);
	col_covering_cache *cache = NULL;
	assert_int_equal(col_covering_cache_create(c, &cache, NULL), COL_OK);
	for (int i = 0; i < cases; i++) {
		polygons_closeness how;
		col_circle circle = polygons_random_circle(r, polygon, &how);
		bool expected = col_circle_intersects_polygon(circle, polygon, NULL);
		if (how == POLYGONS_TOUCHING && !expected)
			FAIL_CASE(
			    r, i,
			    "%s: circle (%.17g, %.17g) r %.17g touches the boundary, the oracle says apart",
			    name, circle.center.x, circle.center.y, circle.radius);
		seen[expected]++;
		seen[2] += how == POLYGONS_TOUCHING;
		if (col_covering_intersects_circle(c, circle, i % 4 == 0 ? NULL : cache, NULL) != expected) {
			polygons_print(name, polygon);
			FAIL_CASE(r, i, "%s: circle (%.17g, %.17g) r %.17g: expected %d", name, circle.center.x,
			          circle.center.y, circle.radius, expected);
		}
	}
	col_covering_cache_destroy(cache);
	col_covering_destroy(c);
}

/* A class's random cases must not be vacuous: both answers, each in a tenth of them at least, and
 * exact touches in a hundredth. */
static void check_spread(const char *what, const char *name, const int seen[3], int cases)
{
	if (seen[0] < cases / 10 || seen[1] < cases / 10 || seen[2] < cases / 100)
		fail_msg("%s, %s: %d apart and %d meeting (%d touching exactly) of %d cases", what, name,
		         seen[0], seen[1], seen[2], cases);
}

static void test_random_classes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 1));
	for (int k = 0; k < POLYGONS_CLASS_COUNT; k++) {
		/* Each class gets COLLIDE_RANDOM_CASES points and as many circles over several polygons
		 * of several sizes. */
		int polygons = 20, per = COLLIDE_RANDOM_CASES / polygons, seen[3] = {0, 0, 0};
		const char *name = polygons_class_name((polygons_class)k);
		for (int j = 0; j < polygons; j++) {
			col_polygon *polygon = polygons_make(&r, (polygons_class)k, j);
			check_points(&r, name, polygon, per);
			check_circles(&r, name, polygon, per, seen);
			col_polygon_destroy(polygon);
		}
		check_spread("circles", name, seen, polygons * per);
	}
}

static void test_trajectories(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 2));
	for (int k = 0; k < POLYGONS_CLASS_COUNT; k++) {
		col_polygon *polygon = polygons_make(&r, (polygons_class)k, 3);
		check_trajectories(&r, polygons_class_name((polygons_class)k), polygon, COLLIDE_RANDOM_CASES / 10);
		col_polygon_destroy(polygon);
	}
}

/* Polygon pairs against the brute-force oracle on the moved polygon: COLLIDE_RANDOM_CASES poses
 * with a polygon of each class as a, against small polygons of every class as b, many poses per
 * built pair (a pose never rebuilds a covering), three fifths of them within a hair of touching
 * or touching exactly (polygons_pair_pose); with a cache kept from pose to pose, and without one
 * at every fourth. a is small (polygons_make_small: the oracle is O(nm)), but every 100th is of
 * the middle size 3 (up to a few hundred vertices). */
static void test_pairs_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 3));
	enum { POSES = 100 };
	for (int k = 0; k < POLYGONS_CLASS_COUNT; k++) {
		int seen[3] = {0, 0, 0}, done = 0;
		for (int i = 0; done < COLLIDE_RANDOM_CASES; i++) {
			const char *names[2];
			col_polygon *a, *b;
			bool integer;
			polygons_draw_pair(&r, (polygons_class)k, i, &a, &b, names, &integer);
			polygons_pair pair = polygons_pair_make(a, b);
			col_covering *ca = covering_of(a, NULL), *cb = covering_of(b, NULL);
			col_covering_cache *cache = NULL;
			assert_int_equal(col_covering_cache_create(ca, &cache, NULL), COL_OK);
			for (int j = 0; j < POSES && done < COLLIDE_RANDOM_CASES; j++) {
				col_transform2 pose;
				polygons_closeness how;
				bool expected;
				if (!polygons_pair_case(&r, done, &pair, integer, names, &pose, &how, &expected))
					continue;
				if (col_covering_intersects_covering(ca, cb, pose, j % 4 == 0 ? NULL : cache,
				                                     NULL) != expected)
					polygons_fail_pair(&r, done, "the covering disagrees", a, b, names, pose, how,
					          expected);
				seen[expected]++;
				seen[2] += how == POLYGONS_TOUCHING;
				done++;
			}
			col_covering_cache_destroy(cache);
			col_covering_destroy(ca);
			col_covering_destroy(cb);
			polygons_pair_free(&pair);
			col_polygon_destroy(a);
			col_polygon_destroy(b);
		}
		check_spread("pairs", polygons_class_name((polygons_class)k), seen, done);
	}
}

static void test_bad_input(void **state)
{
	(void)state;
	col_covering *c = NULL;
	col_error error = {0};
	assert_int_equal(col_covering_build(NULL, NULL, &c, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(c);
	col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_polygon *polygon = polygon_of(square, 4);
	col_vec2 bad = {NAN, 0};
	assert_int_equal(col_covering_build(polygon, &bad, &c, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "origin"));
	c = covering_of(polygon, NULL);
	assert_false(col_covering_contains(c, (col_vec2){NAN, 0}, COL_METHOD_DEFAULT, NULL, NULL));
	assert_false(col_covering_contains(c, (col_vec2){INFINITY, 0}, COL_METHOD_DEFAULT, NULL, NULL));
	assert_false(col_covering_in_influence(c, 99, (col_vec2){0, 0}, 1, COL_INFLUENCE_PLAIN));
	col_vec2 corners[4];
	assert_false(col_covering_influence_corners(c, -1, 1, COL_INFLUENCE_PLAIN, corners));
	assert_true(col_covering_influence_corners(c, 0, 0.5, COL_INFLUENCE_LIMITED, corners));
	col_covering_destroy(c);
	col_polygon_destroy(polygon);
}

/* A thin triangle, one vertex near (-2^52, -2^52) and two near 0: the centroid's sums cancel to
 * 0 / 0 in doubles. The covering from its default origin must still answer like the crossing
 * number (it took a NaN origin and said the far vertex was outside; fuzz_polygon found it). */
static void test_centroid_of_a_thin_polygon_far_away(void **state)
{
	(void)state;
	const col_vec2 thin[] = {{-4503599627370504.0, -4503599627370504.0},
	                         {0.00047302316943796663, 0.0},
	                         {0.00047679227941176469, 0.00047679227941176469}};
	col_polygon *polygon = polygon_of(thin, 3);
	col_covering *covering = covering_of(polygon, NULL);
	col_vec2 origin = col_covering_origin(covering);
	assert_true(col_aabb2_contains(col_polygon_bounds(polygon), origin));
	for (int i = 0; i <= 64; i++) {
		for (int k = 0; k < 3; k++) {
			col_vec2 p = col_vec2_lerp(thin[k], thin[(k + 1) % 3], i / 64.0);
			col_vec2 probes[3] = {p, {p.x, nextafter(p.y, INFINITY)}, {p.x, nextafter(p.y, -INFINITY)}};
			for (int j = 0; j < 3; j++) {
				bool expected = col_polygon_contains(polygon, probes[j], COL_METHOD_CROSSING, NULL);
				if (col_covering_contains(covering, probes[j], COL_METHOD_COVERING, NULL, NULL) != expected)
					fail_msg("(%.17g, %.17g): the crossing number says %s", probes[j].x, probes[j].y,
					         expected ? "inside" : "outside");
			}
		}
	}
	col_covering_destroy(covering);
	col_polygon_destroy(polygon);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_square),
	    cmocka_unit_test(test_c_shape_centroid_outside),
	    cmocka_unit_test(test_centroid_of_a_thin_polygon_far_away),
	    cmocka_unit_test(test_square_with_hole),
	    cmocka_unit_test(test_degenerate_origins),
	    cmocka_unit_test(test_convex_walk_is_local),
	    cmocka_unit_test(test_circle_square),
	    cmocka_unit_test(test_polygon_pairs),
	    cmocka_unit_test(test_random_classes),
	    cmocka_unit_test(test_trajectories),
	    cmocka_unit_test(test_pairs_random),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
