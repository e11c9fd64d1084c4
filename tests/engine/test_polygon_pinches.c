/* Pinched polygons and holes touching the outer contour, against every 2D point structure: a
 * contour passing more than once through one point (also where that point is its lowest-leftmost
 * vertex, which decides its orientation) and holes sharing vertices with the outer contour, with
 * integer coordinates, near 1e15, and scaled by 1e15 and 1e-15. The crossing number, the winding
 * number, the covering (plain and with its best method and a cache), the tri-tree, the covering
 * grid and the quadtree must give one answer at every query point: random points, vertices, edge
 * midpoints and the half-integer lattice (exactly on edges and vertices of integer polygons).
 * Every failure prints the seed and the case. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/covering.h"
#include "collide/polygon.h"
#include "collide/polygon_grid.h"
#include "collide/quadtree.h"
#include "collide/tritree.h"

#include "polygon_classes.h"
#include "support.h"

#define V(x, y) ((col_vec2){(x), (y)})

/* Where the integer coordinates of a case go: x scale + offset (exact for the offset 1e15, which
 * keeps every integer below 2^53; rounded for the scales 1e15 and 1e-15, where the polygon is
 * then whatever the rounded points make, valid or not). */
typedef struct placement {
	const char *name;
	double scale, offset;
} placement;

static const placement placements[] = {
    {"integer", 1.0, 0.0},
    {"near 1e15", 1.0, 1e15},
    {"scaled by 1e15", 1e15, 0.0},
    {"scaled by 1e-15", 1e-15, 0.0},
};
enum { PLACEMENTS = sizeof placements / sizeof placements[0] };

static col_vec2 place(placement at, double x, double y)
{
	return V(x * at.scale + at.offset, y * at.scale + at.offset);
}

/* ---- every structure of one polygon ---- */

typedef struct structures {
	const col_polygon *polygon;
	col_covering *covering;
	col_covering_cache *cache;
	col_tritree *tritree;
	col_polygon_grid *grid;
	col_quadtree *quadtree;
} structures;

static structures build_all(const col_polygon *polygon)
{
	structures s = {polygon, NULL, NULL, NULL, NULL, NULL};
	col_error error = {0};
	if (col_covering_build(polygon, NULL, &s.covering, &error) != COL_OK ||
	    col_covering_cache_create(s.covering, &s.cache, &error) != COL_OK ||
	    col_tritree_build(polygon, NULL, &s.tritree, &error) != COL_OK ||
	    col_polygon_grid_build(polygon, NULL, &s.grid, &error) != COL_OK ||
	    col_quadtree_build(polygon, NULL, &s.quadtree, &error) != COL_OK)
		fail_msg("could not build a structure: %s", error.message);
	return s;
}

static void destroy_all(structures *s)
{
	col_covering_cache_destroy(s->cache);
	col_covering_destroy(s->covering);
	col_tritree_destroy(s->tritree);
	col_polygon_grid_destroy(s->grid);
	col_quadtree_destroy(s->quadtree);
}

/* The name of the first structure that disagrees with the crossing number at p, or NULL. */
static const char *disagreeing(const structures *s, col_vec2 p, bool *expected)
{
	bool crossing = col_polygon_contains(s->polygon, p, COL_METHOD_CROSSING, NULL);
	*expected = crossing;
	if (col_polygon_contains(s->polygon, p, COL_METHOD_WINDING, NULL) != crossing)
		return "winding number";
	if (col_covering_contains(s->covering, p, COL_METHOD_COVERING, NULL, NULL) != crossing)
		return "covering";
	if (col_covering_contains(s->covering, p, COL_METHOD_DEFAULT, s->cache, NULL) != crossing)
		return "covering (best method, cached)";
	if (col_tritree_contains(s->tritree, p, NULL, NULL, NULL) != crossing)
		return "tri-tree";
	if (col_polygon_grid_contains(s->grid, p, NULL) != crossing)
		return "grid";
	if (col_quadtree_contains(s->quadtree, p, NULL) != crossing)
		return "quadtree";
	return NULL;
}

static void describe_polygon(char *text, size_t size, const col_polygon *polygon)
{
	size_t len = 0;
	for (int c = 0; c < col_polygon_contour_count(polygon) && len < size; c++) {
		col_contour k = col_polygon_contour(polygon, c);
		len += (size_t)snprintf(text + len, size - len, "%s{", c == 0 ? "" : " hole ");
		for (int i = 0; i < k.count && len < size; i++)
			len += (size_t)snprintf(text + len, size - len, "(%.17g, %.17g)", k.points[i].x, k.points[i].y);
		if (len < size)
			len += (size_t)snprintf(text + len, size - len, "}");
	}
}

/* Every structure agrees at p; counts the points inside. */
static void expect_agreement(rng *r, int case_index, const structures *s, col_vec2 p, int *inside)
{
	bool expected;
	const char *who = disagreeing(s, p, &expected);
	if (who != NULL) {
		char text[2048];
		describe_polygon(text, sizeof text, s->polygon);
		FAIL_CASE(r, case_index, "(%.17g, %.17g) is %s by the crossing number, not by the %s; polygon %s", p.x,
		          p.y, expected ? "inside" : "outside", who, text);
	}
	*inside += expected;
}

/* `count` query points of the polygon whose integer coordinates were placed by `at`: random ones
 * (pc_query_point: its box, vertices, points along edges, some nudged by ulps), every vertex and
 * edge midpoint, and half-integer lattice points of its integer box. Returns the points inside. */
static int check_points(rng *r, int case_index, const col_polygon *polygon, placement at, int box_lo, int box_hi,
                        int count)
{
	structures s = build_all(polygon);
	int inside = 0, done = 0;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour k = col_polygon_contour(polygon, c);
		for (int i = 0; i < k.count; i++, done += 2) {
			expect_agreement(r, case_index, &s, k.points[i], &inside);
			expect_agreement(r, case_index, &s, col_vec2_lerp(k.points[i], k.points[(i + 1) % k.count], 0.5),
			                 &inside);
		}
	}
	for (; done < count; done++) {
		col_vec2 p = rng_coin(r) ? pc_query_point(r, polygon)
		                         : place(at, 0.5 * rng_int(r, 2 * box_lo - 2, 2 * box_hi + 2),
		                                 0.5 * rng_int(r, 2 * box_lo - 2, 2 * box_hi + 2));
		expect_agreement(r, case_index, &s, p, &inside);
	}
	destroy_all(&s);
	return inside;
}

/* ---- generators: fans of petals around a point, on the integer grid ---- */

/* Counter-clockwise order of integer directions from angle 0 (exact: the products stay below
 * 2^53 for the small radii used here). */
static int half_of(col_vec2 d)
{
	return d.y > 0 || (d.y == 0 && d.x > 0) ? 0 : 1;
}

static int by_angle(const void *pa, const void *pb)
{
	col_vec2 a = *(const col_vec2 *)pa, b = *(const col_vec2 *)pb;
	if (half_of(a) != half_of(b))
		return half_of(a) - half_of(b);
	double cross = a.x * b.y - a.y * b.x;
	return cross > 0 ? -1 : cross < 0 ? 1 : 0;
}

/* A contour of `petals` petals around the integer point o, written to out (returns its count),
 * from the `total` integer directions d (2 to 4 per petal, which it sorts): cut by angle into
 * runs, each run a petal (o, then its points by angle: a fan, counter-clockwise), the petals visited
 * in a random order (any order keeps the edges leaving and arriving at o in turn) and the contour
 * started at a random vertex and sometimes reversed. `twist` turns the first petal visited the
 * other way round, a figure eight: a contour crossing itself at o, though with the edges of other
 * contours there in between, the edges leaving and arriving at o can still alternate. The contour
 * may be invalid (two points on one ray from o, a petal wider than a half-turn, a twist); the
 * caller lets col_polygon_create decide. */
static int fan_of(rng *r, col_vec2 o, col_vec2 *d, int total, int petals, bool twist, col_vec2 *out)
{
	qsort(d, (size_t)total, sizeof *d, by_angle);
	int first[8], sizes[8], order[8];
	for (int i = 0, at = 0; i < petals; i++) {
		first[i] = at;
		sizes[i] = i + 1 < petals ? total / petals : total - at;
		at += sizes[i];
		order[i] = i;
	}
	for (int i = petals - 1; i > 0; i--) {
		int j = rng_int(r, 0, i), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	col_vec2 ring[4 * 8 + 8];
	int n = 0;
	for (int i = 0; i < petals; i++) {
		int petal = order[i];
		ring[n++] = o;
		for (int k = 0; k < sizes[petal]; k++) {
			int from = twist && i == 0 ? first[petal] + sizes[petal] - 1 - k : first[petal] + k;
			ring[n++] = V(o.x + d[from].x, o.y + d[from].y);
		}
	}
	int start = rng_int(r, 0, n - 1);
	bool reversed = rng_coin(r);
	for (int i = 0; i < n; i++)
		out[reversed ? n - 1 - i : i] = ring[(start + i) % n];
	return n;
}

/* A fan of random directions within `radius` of o (see fan_of). `upper` keeps every direction in
 * the upper half-turn, so o is the contour's lowest-leftmost vertex and the turn at one visit of o
 * is no guide to the orientation. */
static int make_fan(rng *r, col_vec2 o, int radius, int petals, bool upper, col_vec2 *out)
{
	col_vec2 d[4 * 8];
	int total = petals * rng_int(r, 2, 4);
	for (int i = 0; i < total; i++) {
		do {
			d[i] = V(rng_int(r, -radius, radius), rng_int(r, upper ? 0 : -radius, radius));
		} while ((d[i].x == 0 && d[i].y == 0) || (upper && half_of(d[i]) != 0));
	}
	return fan_of(r, o, d, total, petals, false, out);
}

static col_polygon *try_place(const col_contour *contours, int count, placement at)
{
	col_vec2 placed[8 * 40];
	col_contour moved[8];
	int used = 0;
	for (int c = 0; c < count; c++) {
		moved[c] = (col_contour){placed + used, contours[c].count};
		for (int i = 0; i < contours[c].count; i++)
			placed[used++] = place(at, contours[c].points[i].x, contours[c].points[i].y);
	}
	return pc_try(moved, count);
}

/* Whether some point occurs twice among the vertices of contours first..last. */
static bool shares_point(const col_polygon *polygon, int first_a, int last_a, int first_b, int last_b)
{
	for (int a = first_a; a <= last_a; a++) {
		col_contour ka = col_polygon_contour(polygon, a);
		for (int b = first_b; b <= last_b; b++) {
			col_contour kb = col_polygon_contour(polygon, b);
			for (int i = 0; i < ka.count; i++) {
				for (int j = a == b ? i + 1 : 0; j < kb.count; j++) {
					if (ka.points[i].x == kb.points[j].x && ka.points[i].y == kb.points[j].y)
						return true;
				}
			}
		}
	}
	return false;
}

/* A pinched contour: a fan of 2 or 3 petals (half the time with its pinch lowest-leftmost). */
static col_polygon *make_pinched(rng *r, placement at, int *tries)
{
	for (;; (*tries)++) {
		col_vec2 p[40];
		int n = make_fan(r, V(0, 0), rng_int(r, 2, 6), rng_int(r, 2, 3), rng_coin(r), p);
		col_contour contour = {p, n};
		col_polygon *polygon = try_place(&contour, 1, at);
		if (polygon != NULL && shares_point(polygon, 0, 0, 0, 0))
			return polygon;
		col_polygon_destroy(polygon);
	}
}

/* An outer contour (a fan of 1 or 2 petals around the origin) and 1 to 3 holes, each a fan of 1 or
 * 2 petals around an outer vertex (most often) or a point inside, made of points inside the outer
 * contour (most often) or of any directions. Some tries are refused (a hole's edge leaving a
 * concave outer contour, holes overlapping); the accepted ones with a hole sharing a point with the
 * outer contour are the class. */
static col_polygon *make_touching_holes(rng *r, placement at, int *tries)
{
	for (;; (*tries)++) {
		col_vec2 p[8][40];
		col_contour contours[8];
		int n = make_fan(r, V(0, 0), rng_int(r, 5, 9), rng_int(r, 1, 2), false, p[0]);
		contours[0] = (col_contour){p[0], n};
		col_polygon *outer = pc_try(contours, 1);
		if (outer == NULL)
			continue;
		int holes = rng_int(r, 1, 3);
		for (int h = 1; h <= holes; h++) {
			col_vec2 inner[4 * 2], o = p[0][rng_int(r, 0, n - 1)];
			int petals = rng_int(r, 1, 2), total = petals * rng_int(r, 2, 4);
			bool any = rng_int(r, 0, 3) == 0;
			for (int i = 0; i < total; i++) {
				col_vec2 q = V(0, 0);
				for (int draws = 0; draws < 100; draws++) { /* a thin outer contour may hold none */
					q = V(rng_int(r, -9, 9), rng_int(r, -9, 9));
					if (col_polygon_contains(outer, q, COL_METHOD_CROSSING, NULL) &&
					    !col_polygon_on_boundary(outer, q, NULL))
						break;
				}
				if (i == 0 && rng_int(r, 0, 3) == 0)
					o = q; /* a hole around a point inside, touching the others or nothing */
				inner[i] = any ? V(rng_int(r, -3, 3), rng_int(r, -3, 3)) : V(q.x - o.x, q.y - o.y);
				if (inner[i].x == 0 && inner[i].y == 0)
					inner[i] = V(1, 0);
			}
			contours[h] = (col_contour){p[h], fan_of(r, o, inner, total, petals, any && rng_coin(r), p[h])};
		}
		col_polygon_destroy(outer);
		col_polygon *polygon = try_place(contours, holes + 1, at);
		if (polygon != NULL && shares_point(polygon, 0, 0, 1, holes))
			return polygon;
		col_polygon_destroy(polygon);
	}
}

/* Query points per class and placement: COLLIDE_RANDOM_CASES / 2, so 2 10^5 per class over the
 * four placements (a tenth in the sanitizer build). */
static void check_class(col_polygon *(*make)(rng *, placement, int *), const char *name, uint64_t seed,
                        int box_radius)
{
	for (int k = 0; k < PLACEMENTS; k++) {
		rng r = rng_make(rng_env_seed(seed + (uint64_t)k));
		int points = 0, inside = 0, polygons = 0, tries = 0;
		while (points < COLLIDE_RANDOM_CASES / 2) {
			col_polygon *polygon = make(&r, placements[k], &tries);
			inside += check_points(&r, polygons, polygon, placements[k], -box_radius, box_radius, 100);
			points += 100;
			polygons++;
			col_polygon_destroy(polygon);
		}
		print_message("%s, %s: %d polygons (%d refused tries), %d query points, %d inside, 0 disagreements\n",
		              name, placements[k].name, polygons, tries, points, inside);
		assert_true(inside > points / 10 && inside < points - points / 10);
	}
}

static void test_pinched_contours_agree(void **state)
{
	(void)state;
	check_class(make_pinched, "pinched contours", 0x50494E4348ULL, 6);
}

static void test_holes_touching_the_outer_contour_agree(void **state)
{
	(void)state;
	check_class(make_touching_holes, "holes touching the outer contour", 0x544F554348ULL, 12);
}

/* ---- the reproducers of issue 24, at every placement ---- */

/* A contour through (-1, -1) twice, its lowest-leftmost point, was taken as clockwise: area -5614,
 * and the covering and the tri-tree said (-65, 47) was outside while the crossing number said
 * inside. */
static void test_pinch_at_the_lowest_vertex_is_oriented(void **state)
{
	(void)state;
	const double raw[][2] = {{-89, 0}, {-44, 127}, {-1, -1}, {-1, 6}, {0, -1}, {-1, -1}};
	for (int k = 0; k < PLACEMENTS; k++) {
		placement at = placements[k];
		col_vec2 p[6];
		for (int i = 0; i < 6; i++)
			p[i] = place(at, raw[i][0], raw[i][1]);
		for (int reversed = 0; reversed < 2; reversed++) {
			col_vec2 q[6];
			for (int i = 0; i < 6; i++)
				q[i] = p[reversed ? 5 - i : i];
			col_contour contour = {q, 6};
			col_polygon *polygon = pc_try(&contour, 1);
			if (polygon == NULL)
				fail_msg("%s: the pinched contour is refused", at.name);
			double area = col_polygon_area(polygon), expected = 5614.0 * at.scale * at.scale;
			if (!(area > 0.999 * expected && area < 1.001 * expected))
				fail_msg("%s%s: area %.17g, expected %.17g", at.name, reversed ? ", reversed" : "", area,
				         expected);
			if (k < 2)
				assert_true(area == 5614.0);
			structures s = build_all(polygon);
			bool inside;
			rng r = rng_make(0);
			const char *who = disagreeing(&s, place(at, -65, 47), &inside);
			if (who != NULL || !inside)
				fail_msg("%s: (-65, 47) is %s by the crossing number, %s", at.name, inside ? "inside" : "outside",
				         who != NULL ? who : "as it should not be");
			int in = 0;
			for (int i = -90; i <= 2; i++)
				for (int j = -2; j <= 128; j += 5)
					expect_agreement(&r, i, &s, place(at, i, j), &in);
			assert_true(in > 0);
			destroy_all(&s);
			col_polygon_destroy(polygon);
		}
	}
}

/* A hole sharing the outer contour's vertex (0, 0) and passing through it twice, one loop inside
 * and one outside, was accepted; the crossing number then said (2.5, 0) and (2, 1) were inside and
 * the grid and quadtree outside. It crosses itself at (0, 0): refused, at every placement. */
static void test_hole_leaving_through_a_shared_vertex_is_refused(void **state)
{
	(void)state;
	const double outer[][2] = {{-60, 66}, {-1, 12}, {0, 0}, {-9, -36}};
	const double hole[][2] = {{-1, -1}, {-1, 0}, {5, 0}, {4, 1}, {3, 4}, {1, 1}, {0, 0}};
	for (int k = 0; k < PLACEMENTS; k++) {
		placement at = placements[k];
		col_vec2 o[4], h[7];
		for (int i = 0; i < 4; i++)
			o[i] = place(at, outer[i][0], outer[i][1]);
		for (int i = 0; i < 7; i++)
			h[i] = place(at, hole[i][0], hole[i][1]);
		col_contour contours[] = {{o, 4}, {h, 7}};
		col_polygon *polygon = (col_polygon *)1;
		col_error error = {0};
		col_status status = col_polygon_create(contours, 2, &polygon, &error);
		if (status == COL_OK) {
			char text[2048];
			describe_polygon(text, sizeof text, polygon);
			fail_msg("%s: accepted %s", at.name, text);
		}
		assert_null(polygon);
		if (k < 2 && (status != COL_ERROR_SELF_INTERSECTION ||
		              strstr(error.message, "polygon: contour 1 passes through") == NULL ||
		              strstr(error.message, "twice, at vertices 1 and 6, and the passes cross there") == NULL))
			fail_msg("%s: %s: %s", at.name, col_status_name(status), error.message);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_pinch_at_the_lowest_vertex_is_oriented),
	    cmocka_unit_test(test_hole_leaving_through_a_shared_vertex_is_refused),
	    cmocka_unit_test(test_pinched_contours_agree),
	    cmocka_unit_test(test_holes_touching_the_outer_contour_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
