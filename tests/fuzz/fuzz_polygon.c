/* fuzz-links: collide */
/* Polygons with holes from arbitrary bytes, and every 2D point structure checked against the
 * crossing number. An input is:
 *   byte 0      the scale 2^e of integer coordinates: e from {0, 0, -20, 20, -50, 50, -98, 98}
 *               (bits 0-2), and an offset added to them: 0, 2^30 or -2^52 (bits 3-4);
 *   byte 1      the number of contours, 1 to 4 (bits 0-1), then per contour a byte for its vertex
 *               count, 3 to 18;
 *   per vertex  a kind byte: small integers (most kinds, two bytes in [-8, 8]), integers in
 *               [-128, 127] (two bytes), an earlier vertex of any contour again (one byte: pinches
 *               and T's), or two raw doubles (16 bytes: NaN, infinities, huge and tiny values reach
 *               validation);
 *   the rest    query points, a kind byte each: a vertex, an edge's midpoint, a point along an
 *               edge, a half-integer lattice point (scaled and offset as the vertices), a vertex
 *               nudged by one ulp, or raw doubles.
 * A refused polygon is fine (the message must not be empty). An accepted one must have a positive
 * area, and then the winding number, the covering (from the centroid, plain and with its best
 * method and a cache, and from a query point), the tri-tree, the covering grid and the quadtree
 * must each give the crossing number's answer at every query point whose coordinates are in the
 * engine's range. A structure may refuse to be built only for lack of memory (the tri-tree's
 * budget); anything else, and any disagreement, calls __builtin_trap(). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collide/common.h"
#include "collide/covering.h"
#include "collide/polygon.h"
#include "collide/polygon_grid.h"
#include "collide/quadtree.h"
#include "collide/tritree.h"

enum { MAX_CONTOURS = 4, MAX_CONTOUR_VERTICES = 18, MAX_QUERIES = 256 };

typedef struct reader {
	const uint8_t *data;
	size_t size, at;
} reader;

static uint8_t next_byte(reader *r)
{
	return r->at < r->size ? r->data[r->at++] : 0;
}

static double next_raw_double(reader *r)
{
	uint64_t bits = 0;
	for (int i = 0; i < 8; i++)
		bits = bits << 8 | next_byte(r);
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

static bool in_range(col_vec2 p)
{
	return col_coordinate_in_range(p.x) && col_coordinate_in_range(p.y);
}

typedef struct placement {
	double scale, offset;
} placement;

static col_vec2 place(placement at, double x, double y)
{
	return (col_vec2){x * at.scale + at.offset, y * at.scale + at.offset};
}

/* Every structure of an accepted polygon; a member is NULL where its build ran out of memory. */
typedef struct structures {
	col_covering *covering, *covering_from_point;
	col_covering_cache *cache;
	col_tritree *tritree;
	col_polygon_grid *grid;
	col_quadtree *quadtree;
} structures;

/* A structure may be missing only for lack of memory. */
static void expect_built(col_status status, const col_error *error)
{
	if (status != COL_OK && (status != COL_ERROR_OUT_OF_MEMORY || error->message[0] == '\0'))
		__builtin_trap();
}

static void check_point(const col_polygon *polygon, const structures *s, col_vec2 p)
{
	if (!in_range(p))
		return;
	bool expected = col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
	if (col_polygon_contains(polygon, p, COL_METHOD_WINDING, NULL) != expected)
		__builtin_trap();
	if (s->covering != NULL &&
	    (col_covering_contains(s->covering, p, COL_METHOD_COVERING, NULL, NULL) != expected ||
	     col_covering_contains(s->covering, p, COL_METHOD_DEFAULT, s->cache, NULL) != expected))
		__builtin_trap();
	if (s->covering_from_point != NULL &&
	    col_covering_contains(s->covering_from_point, p, COL_METHOD_COVERING, NULL, NULL) != expected)
		__builtin_trap();
	if (s->tritree != NULL && col_tritree_contains(s->tritree, p, NULL, NULL, NULL) != expected)
		__builtin_trap();
	if (s->grid != NULL && col_polygon_grid_contains(s->grid, p, NULL) != expected)
		__builtin_trap();
	if (s->quadtree != NULL && col_quadtree_contains(s->quadtree, p, NULL) != expected)
		__builtin_trap();
	/* A point on the boundary is inside. */
	if (col_polygon_on_boundary(polygon, p, NULL) && !expected)
		__builtin_trap();
}

/* The next query point, from the polygon's vertices and edges or from the bytes. */
static col_vec2 next_query(reader *r, const col_polygon *polygon, placement at)
{
	int contours = col_polygon_contour_count(polygon);
	col_contour c = col_polygon_contour(polygon, next_byte(r) % contours);
	int i = next_byte(r) % c.count;
	col_vec2 a = c.points[i], b = c.points[(i + 1) % c.count];
	switch (next_byte(r) % 8) {
	case 0: return a;
	case 1: return col_vec2_lerp(a, b, 0.5);
	case 2: return col_vec2_lerp(a, b, next_byte(r) / 256.0);
	case 3:
	case 4: {
		int x = (int8_t)next_byte(r), y = (int8_t)next_byte(r);
		return place(at, 0.5 * (x % 40), 0.5 * (y % 40));
	}
	case 5: return (col_vec2){nextafter(a.x, next_byte(r) & 1 ? INFINITY : -INFINITY), a.y};
	case 6: return (col_vec2){a.x, nextafter(a.y, next_byte(r) & 1 ? INFINITY : -INFINITY)};
	default: {
		double x = next_raw_double(r);
		return (col_vec2){x, next_raw_double(r)};
	}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	reader r = {data, size, 0};
	static const int exponents[8] = {0, 0, -20, 20, -50, 50, -98, 98};
	static const double offsets[4] = {0.0, 0.0, 1073741824.0, -4503599627370496.0};
	uint8_t head = next_byte(&r);
	placement at = {ldexp(1.0, exponents[head & 7]), offsets[(head >> 3) & 3]};
	int contour_count = 1 + next_byte(&r) % MAX_CONTOURS;
	col_vec2 points[MAX_CONTOURS * MAX_CONTOUR_VERTICES];
	col_contour contours[MAX_CONTOURS];
	int total = 0;
	for (int c = 0; c < contour_count; c++) {
		int n = 3 + next_byte(&r) % (MAX_CONTOUR_VERTICES - 2);
		contours[c] = (col_contour){points + total, n};
		for (int i = 0; i < n; i++, total++) {
			uint8_t kind = next_byte(&r) % 16;
			if (kind < 11) {
				int x = next_byte(&r) % 17 - 8, y = next_byte(&r) % 17 - 8;
				points[total] = place(at, x, y);
			} else if (kind < 13) {
				int x = (int8_t)next_byte(&r), y = (int8_t)next_byte(&r);
				points[total] = place(at, x, y);
			} else if (kind < 15) {
				points[total] = total > 0 ? points[next_byte(&r) % total] : place(at, 0, 0);
			} else {
				double x = next_raw_double(&r);
				points[total] = (col_vec2){x, next_raw_double(&r)};
			}
		}
	}

	col_polygon *polygon = NULL;
	col_error error = {0};
	col_status status = col_polygon_create(contours, contour_count, &polygon, &error);
	if (status != COL_OK) {
		if (polygon != NULL || error.message[0] == '\0' || error.code != status)
			__builtin_trap();
		return 0;
	}
	if (!(col_polygon_area(polygon) > 0.0))
		__builtin_trap();

	structures s = {0};
	col_error build_error = {0};
	expect_built(col_covering_build(polygon, NULL, &s.covering, &build_error), &build_error);
	if (s.covering != NULL)
		expect_built(col_covering_cache_create(s.covering, &s.cache, &build_error), &build_error);
	col_vec2 origin = next_query(&r, polygon, at);
	if (in_range(origin))
		expect_built(col_covering_build(polygon, &origin, &s.covering_from_point, &build_error), &build_error);
	col_tritree_options tree_options = col_tritree_default_options();
	tree_options.max_memory = 64u << 20; /* far from star-shaped inputs may need more: skipped */
	expect_built(col_tritree_build(polygon, &tree_options, &s.tritree, &build_error), &build_error);
	expect_built(col_polygon_grid_build(polygon, NULL, &s.grid, &build_error), &build_error);
	expect_built(col_quadtree_build(polygon, NULL, &s.quadtree, &build_error), &build_error);

	/* Every vertex and edge midpoint, then the points the bytes ask for. */
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour k = col_polygon_contour(polygon, c);
		for (int i = 0; i < k.count; i++) {
			check_point(polygon, &s, k.points[i]);
			check_point(polygon, &s, col_vec2_lerp(k.points[i], k.points[(i + 1) % k.count], 0.5));
		}
	}
	for (int q = 0; q < MAX_QUERIES && r.at < r.size; q++)
		check_point(polygon, &s, next_query(&r, polygon, at));

	col_covering_cache_destroy(s.cache);
	col_covering_destroy(s.covering);
	col_covering_destroy(s.covering_from_point);
	col_tritree_destroy(s.tritree);
	col_polygon_grid_destroy(s.grid);
	col_quadtree_destroy(s.quadtree);
	col_polygon_destroy(polygon);
	return 0;
}
