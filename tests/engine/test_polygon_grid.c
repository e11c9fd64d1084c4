/* The covering grid against the exact crossing number (col_polygon_contains, COL_METHOD_CROSSING)
 * on every polygon class of polygon_classes.h, with three option sets (the defaults, deep nesting,
 * a coarse grid), on uniform points, vertices, edge points and near misses, and on the grid's own
 * cell boundaries and origins; then hand-made degenerate cases, the structure's own promises
 * (origins off the boundary with the oracle's state), statistics and bad input. Every failure
 * prints the seed and the case. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/polygon_grid.h"

#include "polygon_classes.h"

#define SEED 0x47524944ULL /* "GRID" */

static col_polygon_grid *build(const col_polygon *polygon, const col_polygon_grid_options *options)
{
	col_polygon_grid *grid = NULL;
	col_error error = {0};
	if (col_polygon_grid_build(polygon, options, &grid, &error) != COL_OK)
		fail_msg("could not build a grid: %s", error.message);
	return grid;
}

static bool oracle(const col_polygon *polygon, col_vec2 p)
{
	return col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
}

/* The option sets every class is checked with. */
enum { OPTION_SETS = 3 };

static col_polygon_grid_options option_set(int i)
{
	switch (i) {
	case 1: /* deep nesting: coarse cells, split as soon as they hold 2 edges, 6 levels */
		return (col_polygon_grid_options){0.5, 2, 6, 256.0};
	case 2: /* a coarse grid that never nests */ return (col_polygon_grid_options){0.05, 1000000, 1, 0.0};
	default: return col_polygon_grid_default_options();
	}
}

/* A point where the grid is delicate: a random cell's origin, corner, a point on a side of its
 * box, or its centre (the first candidate origin, and a nested grid's inner corner). */
static col_vec2 cell_point(rng *r, const col_polygon_grid *grid)
{
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	col_polygon_grid_cell cell;
	assert_true(col_polygon_grid_cell_at(grid, rng_int(r, 0, info.cells - 1), &cell));
	col_aabb2 b = cell.box;
	switch (rng_int(r, 0, 3)) {
	case 0: return cell.origin;
	case 1: return (col_vec2){rng_coin(r) ? b.min.x : b.max.x, rng_coin(r) ? b.min.y : b.max.y};
	case 2:
		if (rng_coin(r))
			return (col_vec2){rng_coin(r) ? b.min.x : b.max.x, rng_in(r, b.min.y, b.max.y)};
		return (col_vec2){rng_in(r, b.min.x, b.max.x), rng_coin(r) ? b.min.y : b.max.y};
	default: return (col_vec2){0.5 * (b.min.x + b.max.x), 0.5 * (b.min.y + b.max.y)};
	}
}

/* Every grid must give the oracle's answer on `count` points: 3/5 from pc_query_point, 1/5 on
 * cells of the grids, 1/5 on the half-integer lattice (exactly on edges and vertices of integer
 * polygons) or, for the others, from pc_query_point again. Returns the number inside. */
static int check_points(rng *r, const char *name, const col_polygon *polygon, col_polygon_grid **grids,
                        int grid_count, bool integer, int count)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	int inside = 0;
	for (int k = 0; k < count; k++) {
		col_vec2 p;
		int kind = rng_int(r, 0, 4);
		if (kind == 3)
			p = cell_point(r, grids[rng_int(r, 0, grid_count - 1)]);
		else if (kind == 4 && integer)
			p = (col_vec2){0.5 * rng_int(r, 2 * (int)box.min.x - 2, 2 * (int)box.max.x + 2),
			               0.5 * rng_int(r, 2 * (int)box.min.y - 2, 2 * (int)box.max.y + 2)};
		else
			p = pc_query_point(r, polygon);
		bool expected = oracle(polygon, p);
		inside += expected;
		for (int g = 0; g < grid_count; g++) {
			bool got = col_polygon_grid_contains(grids[g], p, NULL);
			if (got != expected)
				FAIL_CASE(r, k, "%s, option set %d: (%.17g, %.17g) is %s, the grid says %s",
				          name, g, p.x, p.y, expected ? "inside" : "outside",
				          got ? "inside" : "outside");
		}
	}
	return inside;
}

/* What the grid promises about itself: each cell's origin lies in its box, off the boundary, with
 * the state the oracle gives it; leaves hold at most max_cell_edges edges unless they could not be
 * split; the counts in the info add up. */
static void check_structure(const char *name, const col_polygon *polygon, const col_polygon_grid *grid)
{
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	assert_true(info.columns >= 1 && info.rows >= 1 && info.columns * info.rows <= info.cells);
	int nested = 0, empty = 0, most = 0, deepest = 0;
	size_t references = 0;
	for (int i = 0; i < info.cells; i++) {
		col_polygon_grid_cell cell;
		assert_true(col_polygon_grid_cell_at(grid, i, &cell));
		col_aabb2 b = cell.box;
		if (!cell.has_origin)
			fail_msg("%s: cell %d has no origin", name, i);
		if (!(cell.origin.x >= b.min.x && cell.origin.x <= b.max.x && cell.origin.y >= b.min.y &&
		      cell.origin.y <= b.max.y))
			fail_msg("%s: cell %d's origin (%.17g, %.17g) is outside its box", name, i,
			         cell.origin.x, cell.origin.y);
		if (col_polygon_on_boundary(polygon, cell.origin, NULL))
			fail_msg("%s: cell %d's origin (%.17g, %.17g) lies on the boundary", name, i,
			         cell.origin.x, cell.origin.y);
		if (cell.origin_inside != oracle(polygon, cell.origin))
			fail_msg("%s: cell %d's origin (%.17g, %.17g) has the wrong state", name, i,
			         cell.origin.x, cell.origin.y);
		if (cell.first_child >= 0) {
			nested++;
			assert_true(cell.first_child > i && cell.child_columns * cell.child_rows >= 2);
			col_polygon_grid_cell first, last;
			assert_true(col_polygon_grid_cell_at(grid, cell.first_child, &first));
			assert_true(col_polygon_grid_cell_at(
			    grid, cell.first_child + cell.child_columns * cell.child_rows - 1, &last));
			/* The nested grid covers exactly its parent's box. */
			assert_true(first.box.min.x == b.min.x && first.box.min.y == b.min.y);
			assert_true(last.box.max.x == b.max.x && last.box.max.y == b.max.y);
			assert_int_equal(first.level, cell.level + 1);
		} else {
			empty += cell.edge_count == 0;
			most = cell.edge_count > most ? cell.edge_count : most;
			references += (size_t)cell.edge_count;
		}
		deepest = cell.level > deepest ? cell.level : deepest;
	}
	assert_int_equal(nested, info.nested_grids);
	assert_int_equal(empty, info.empty_cells);
	assert_int_equal(most, info.max_cell_edges);
	assert_int_equal(deepest, info.depth);
	assert_true(references == info.edge_references);
	assert_true(info.memory_bytes > 0);
	col_polygon_grid_cell none;
	assert_false(col_polygon_grid_cell_at(grid, -1, &none));
	assert_false(col_polygon_grid_cell_at(grid, info.cells, &none));
}

/* ---- the classes ---- */

static void check_class(rng *r, pc_class c, bool expect_nesting)
{
	col_polygon *polygon = c.make(r, c.size);
	col_polygon_grid *grids[OPTION_SETS];
	for (int g = 0; g < OPTION_SETS; g++) {
		col_polygon_grid_options options = option_set(g);
		grids[g] = build(polygon, &options);
		check_structure(c.name, polygon, grids[g]);
	}
	if (expect_nesting && col_polygon_grid_get_info(grids[0]).nested_grids == 0)
		fail_msg("%s: the default grid has no nested grid", c.name);
	assert_true(col_polygon_grid_get_info(grids[1]).nested_grids > 0);
	int inside = check_points(r, c.name, polygon, grids, OPTION_SETS, c.integer, COLLIDE_RANDOM_CASES);
	/* Both answers must be common, or the class tests little. */
	assert_true(inside > COLLIDE_RANDOM_CASES / 20 &&
	            inside < COLLIDE_RANDOM_CASES - COLLIDE_RANDOM_CASES / 20);
	for (int g = 0; g < OPTION_SETS; g++)
		col_polygon_grid_destroy(grids[g]);
	col_polygon_destroy(polygon);
}

#define CLASS_TEST(function, index, nesting)                                                                 \
	static void function(void **state)                                                                   \
	{                                                                                                    \
		(void)state;                                                                                 \
		rng stream = rng_make(rng_env_seed(SEED + (index)));                                         \
		check_class(&stream, pc_class_at(index), nesting);                                           \
	}

/* The class order of pc_class_at: convex, star, irregular, holes, comb, spiral, random simple,
 * slivers, integer. Slivers crowd near their core and the spiral's edges shrink towards its
 * centre: the default grid must nest there. */
CLASS_TEST(test_convex, 0, false)
CLASS_TEST(test_star, 1, false)
CLASS_TEST(test_irregular, 2, false)
CLASS_TEST(test_holes, 3, false)
CLASS_TEST(test_comb, 4, false)
CLASS_TEST(test_spiral, 5, true)
CLASS_TEST(test_random_simple, 6, false)
CLASS_TEST(test_slivers, 7, true)
CLASS_TEST(test_integer, 8, false)

/* ---- hand-made degenerate cases ---- */

/* A 3 x 3 grid over the triangle (-1, -1), (1, -1), (1, 1): the centres of the diagonal cells lie
 * on the long edge, so those cells must move their origin off it, and still answer exactly. */
static void test_origin_on_edge_is_moved(void **state)
{
	(void)state;
	col_polygon *polygon = pc_diagonal_triangle();
	col_polygon_grid_options options = {3.0, 0, 0, 0}; /* 3 cells per edge, 3 edges: 3 x 3 */
	col_polygon_grid *grid = build(polygon, &options);
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	assert_int_equal(info.columns, 3);
	assert_int_equal(info.rows, 3);
	int moved = 0;
	for (int i = 0; i < 3; i++) {
		col_polygon_grid_cell cell;
		assert_true(col_polygon_grid_cell_at(grid, 4 * i, &cell)); /* cells (i, i) */
		col_vec2 centre = {0.5 * (cell.box.min.x + cell.box.max.x),
		                   0.5 * (cell.box.min.y + cell.box.max.y)};
		assert_true(col_polygon_on_boundary(polygon, centre, NULL));
		moved += !col_vec2_equal(cell.origin, centre);
		assert_false(col_polygon_on_boundary(polygon, cell.origin, NULL));
		/* The centre itself is on the boundary, so inside. */
		assert_true(col_polygon_grid_contains(grid, centre, NULL));
	}
	assert_int_equal(moved, 3);
	check_structure("diagonal triangle", polygon, grid);
	/* Every point of a 1/12 lattice over the box and around it. */
	for (int i = -15; i <= 15; i++) {
		for (int j = -15; j <= 15; j++) {
			col_vec2 p = {i / 12.0, j / 12.0};
			if (col_polygon_grid_contains(grid, p, NULL) != oracle(polygon, p))
				fail_msg("diagonal triangle: (%.17g, %.17g)", p.x, p.y);
		}
	}
	rng stream = rng_make(rng_env_seed(SEED + 100));
	check_points(&stream, "diagonal triangle", polygon, &grid, 1, false, COLLIDE_RANDOM_CASES / 10);
	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

/* A 2 x 2 grid over the notched square: a horizontal edge on the bottom row's middle line (where
 * the walk that finds the origins' states runs), vertical edges on the columns' middle lines,
 * vertices on the grid lines and at cell centres. Every quarter-integer point must be right. */
static void test_edges_on_grid_lines(void **state)
{
	(void)state;
	col_polygon *polygon = pc_notched_square();
	col_polygon_grid_options options = {4.0 / 11.0, 0, 0, 0}; /* 4 cells for 11 edges */
	col_polygon_grid *grid = build(polygon, &options);
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	assert_int_equal(info.columns, 2);
	assert_int_equal(info.rows, 2);
	col_polygon_grid_cell cell;
	assert_true(col_polygon_grid_cell_at(grid, 0, &cell));
	assert_true(0.5 * (cell.box.min.y + cell.box.max.y) == 1.0); /* the notch's bottom edge */
	assert_true(cell.box.max.x == 2.0 && cell.box.max.y == 2.0); /* (2, 0) and (0, 2) on lines */
	check_structure("notched square", polygon, grid);
	for (int i = -4; i <= 20; i++) {
		for (int j = -4; j <= 20; j++) {
			col_vec2 p = {i / 4.0, j / 4.0};
			bool expected = oracle(polygon, p);
			if (col_polygon_grid_contains(grid, p, NULL) != expected)
				fail_msg("notched square: (%g, %g) should be %s", p.x, p.y,
				         expected ? "inside" : "outside");
		}
	}
	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

/* The square [0, 30]^2 with 900 holes, one per unit cell: many contours, and cells whose whole
 * list is a hole or two. */
static void test_nine_hundred_holes(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 101));
	col_polygon *polygon = pc_holes(&stream, 30);
	assert_int_equal(col_polygon_contour_count(polygon), 901);
	col_polygon_grid *grids[2] = {build(polygon, NULL), NULL};
	col_polygon_grid_options deep = option_set(1);
	grids[1] = build(polygon, &deep);
	check_structure("900 holes", polygon, grids[0]);
	int inside = check_points(&stream, "900 holes", polygon, grids, 2, false, COLLIDE_RANDOM_CASES);
	assert_true(inside > COLLIDE_RANDOM_CASES / 4);
	col_polygon_grid_destroy(grids[0]);
	col_polygon_grid_destroy(grids[1]);
	col_polygon_destroy(polygon);
}

/* A square of 4 edges with a grid of one cell: the whole box answered from one origin. */
static void test_square_one_cell(void **state)
{
	(void)state;
	const col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_polygon *polygon = NULL;
	assert_int_equal(col_polygon_create_simple(square, 4, &polygon, NULL), COL_OK);
	col_polygon_grid_options options = {0.25, 0, 0, 0};
	col_polygon_grid *grid = build(polygon, &options);
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	assert_int_equal(info.cells, 1);
	assert_int_equal(info.nested_grids, 0);
	assert_int_equal(info.max_cell_edges, 4);
	check_structure("square", polygon, grid);
	assert_true(col_polygon_grid_contains(grid, (col_vec2){0, 0}, NULL));
	assert_true(col_polygon_grid_contains(grid, (col_vec2){1, 1}, NULL));     /* a vertex */
	assert_true(col_polygon_grid_contains(grid, (col_vec2){-1, 0.25}, NULL)); /* an edge */
	assert_false(col_polygon_grid_contains(grid, (col_vec2){1.5, 0}, NULL));
	assert_false(col_polygon_grid_contains(grid, (col_vec2){nextafter(1.0, 2.0), 0}, NULL));
	assert_int_equal(col_polygon_grid_locate(grid, (col_vec2){0.3, -0.7}), 0);
	rng stream = rng_make(rng_env_seed(SEED + 102));
	check_points(&stream, "square", polygon, &grid, 1, true, COLLIDE_RANDOM_CASES / 10);
	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

/* A comb drawn on consecutive doubles: every double point of its box lies on an edge's line, so no
 * origin can be placed and the grid falls back to the crossing number; it must still be exact,
 * inside the teeth, beyond their ends and on the boundary. */
static void test_no_room_for_an_origin(void **state)
{
	(void)state;
	double u;
	col_polygon *polygon = pc_ulp_comb(&u);
	col_polygon_grid *grid = build(polygon, NULL);
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	col_polygon_grid_cell cell;
	assert_true(col_polygon_grid_cell_at(grid, 0, &cell));
	assert_int_equal(info.cells, 1);
	assert_false(cell.has_origin);
	int inside = 0, outside = 0, boundary = 0;
	for (int i = -3; i <= 10; i++) {
		for (int j = -3; j <= 20; j++) {
			col_vec2 p = {1.0 + i * u, 1.0 + j * u};
			bool expected = oracle(polygon, p);
			if (col_polygon_grid_contains(grid, p, NULL) != expected)
				fail_msg("ulp comb: (1 + %d u, 1 + %d u) should be %s", i, j,
				         expected ? "inside" : "outside");
			bool on = col_polygon_on_boundary(polygon, p, NULL);
			boundary += on;
			inside += expected && !on;
			outside += !expected && col_aabb2_contains(info.bounds, p);
		}
	}
	/* The case is only worth something if the box holds points off the boundary both ways. */
	assert_true(inside > 0 && outside > 0 && boundary > 0);
	col_query_stats stats = {0};
	col_polygon_grid_contains(grid, (col_vec2){1.0 + 2 * u, 1.0 + u}, &stats);
	assert_int_equal(stats.primitives_tested, col_polygon_vertex_count(polygon));
	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

/* ---- statistics, batches, locate ---- */

static void test_stats_and_batches(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 103));
	col_polygon *polygon = pc_slivers(&stream, 64);
	col_polygon_grid *grid = build(polygon, NULL);
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	enum { N = 2000 };
	col_vec2 *points = malloc(N * sizeof *points);
	bool *inside = malloc(N * sizeof *inside);
	assert_non_null(points);
	assert_non_null(inside);
	for (int i = 0; i < N; i++)
		points[i] = pc_query_point(&stream, polygon);
	col_query_stats batch = {0}, single = {0};
	col_polygon_grid_contains_points(grid, points, N, inside, &batch);
	for (int i = 0; i < N; i++) {
		col_query_stats one = {0};
		assert_int_equal(inside[i], col_polygon_grid_contains(grid, points[i], &one));
		assert_int_equal(one.queries, 1);
		/* A point in the box visits one cell per level down to its leaf; one outside none. */
		if (col_aabb2_contains(info.bounds, points[i]))
			assert_true(one.nodes_visited >= 1 && one.nodes_visited <= (uint64_t)info.depth + 1);
		else
			assert_true(one.nodes_visited == 0 && one.primitives_tested == 0);
		assert_true(one.primitives_tested <= (uint64_t)info.max_cell_edges);
		col_query_stats_add(&single, &one);
		/* locate names the leaf the query used, and its box holds the point up to rounding. */
		int c = col_polygon_grid_locate(grid, points[i]);
		if (!col_aabb2_contains(info.bounds, points[i])) {
			assert_int_equal(c, -1);
			continue;
		}
		col_polygon_grid_cell cell;
		assert_true(col_polygon_grid_cell_at(grid, c, &cell));
		assert_int_equal(cell.first_child, -1);
		double slack = 1e-9 * (info.bounds.max.x - info.bounds.min.x);
		assert_true(points[i].x >= cell.box.min.x - slack && points[i].x <= cell.box.max.x + slack);
		assert_true(points[i].y >= cell.box.min.y - slack && points[i].y <= cell.box.max.y + slack);
	}
	assert_int_equal(batch.queries, N);
	assert_int_equal(batch.queries, single.queries);
	assert_int_equal(batch.nodes_visited, single.nodes_visited);
	assert_int_equal(batch.primitives_tested, single.primitives_tested);
	assert_int_equal(batch.cache_hits, 0);
	/* stats may be NULL. */
	col_polygon_grid_contains_points(grid, points, N, inside, NULL);
	free(points);
	free(inside);
	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

/* ---- bad input ---- */

static void test_bad_input(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 104));
	col_polygon *polygon = pc_star(&stream, 50);
	col_polygon_grid *grid = (col_polygon_grid *)&stream; /* must be overwritten with NULL */
	col_error error = {0};

	assert_int_equal(col_polygon_grid_build(NULL, NULL, &grid, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(grid);
	assert_int_equal(error.code, COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_polygon_grid_build(polygon, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);

	const col_polygon_grid_options bad[] = {
	    {-1.0, 0, 0, 0}, {NAN, 0, 0, 0},  {INFINITY, 0, 0, 0}, {0, -1, 0, 0},
	    {0, 0, -1, 0},   {0, 0, 0, -1.0}, {0, 0, 0, NAN},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		grid = (col_polygon_grid *)&stream;
		error = (col_error){0};
		assert_int_equal(col_polygon_grid_build(polygon, &bad[i], &grid, &error),
		                 COL_ERROR_INVALID_ARGUMENT);
		assert_null(grid);
		assert_true(error.message[0] != '\0');
	}

	/* All-zero options are the defaults; huge ones are bounded. */
	col_polygon_grid_options zero = {0, 0, 0, 0}, huge = {1e300, 1, 1000000, 1e300};
	col_polygon_grid *a = build(polygon, &zero), *b = build(polygon, &huge);
	grid = build(polygon, NULL);
	assert_int_equal(col_polygon_grid_get_info(a).cells, col_polygon_grid_get_info(grid).cells);
	check_points(&stream, "huge options", polygon, &b, 1, false, 1000);
	col_polygon_grid_destroy(a);
	col_polygon_grid_destroy(b);

	/* Queries that are no points, or far away: false, never a crash. */
	col_vec2 odd[] = {{NAN, 0},       {0, NAN},       {NAN, NAN},    {INFINITY, 0},
	                  {0, -INFINITY}, {1e300, 1e300}, {-1e308, 0.1}, {0.1, DBL_MAX}};
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		col_query_stats stats = {0};
		assert_false(col_polygon_grid_contains(grid, odd[i], &stats));
		assert_int_equal(stats.queries, 1);
		assert_int_equal(stats.nodes_visited, 0);
		assert_int_equal(col_polygon_grid_locate(grid, odd[i]), -1);
	}
	/* A tiny coordinate near the centre is an ordinary point. */
	assert_true(col_polygon_grid_contains(grid, (col_vec2){1e-200, -1e-200}, NULL));

	/* A NULL grid answers nothing and reports nothing. */
	assert_false(col_polygon_grid_contains(NULL, (col_vec2){0, 0}, NULL));
	assert_int_equal(col_polygon_grid_locate(NULL, (col_vec2){0, 0}), -1);
	assert_int_equal(col_polygon_grid_get_info(NULL).cells, 0);
	col_polygon_grid_cell cell;
	assert_false(col_polygon_grid_cell_at(NULL, 0, &cell));
	assert_false(col_polygon_grid_cell_at(grid, 0, NULL));
	bool answers[2] = {true, true};
	col_vec2 two[2] = {{0, 0}, {0, 0}};
	col_polygon_grid_contains_points(NULL, two, 2, answers, NULL);
	assert_false(answers[0] || answers[1]);
	col_polygon_grid_destroy(NULL);

	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_convex),
	    cmocka_unit_test(test_star),
	    cmocka_unit_test(test_irregular),
	    cmocka_unit_test(test_holes),
	    cmocka_unit_test(test_comb),
	    cmocka_unit_test(test_spiral),
	    cmocka_unit_test(test_random_simple),
	    cmocka_unit_test(test_slivers),
	    cmocka_unit_test(test_integer),
	    cmocka_unit_test(test_origin_on_edge_is_moved),
	    cmocka_unit_test(test_edges_on_grid_lines),
	    cmocka_unit_test(test_nine_hundred_holes),
	    cmocka_unit_test(test_square_one_cell),
	    cmocka_unit_test(test_no_room_for_an_origin),
	    cmocka_unit_test(test_stats_and_batches),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
