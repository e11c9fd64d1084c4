/* The covering grid against the exact crossing number (col_polygon_contains, COL_METHOD_CROSSING)
 * on every polygon class of polygon_classes.h, with three option sets (the defaults, deep nesting,
 * a coarse grid), on uniform points, vertices, edge points and near misses, and on the grid's own
 * cell boundaries and origins; then hand-made degenerate cases, the structure's own promises
 * (origins off the boundary with the oracle's state), statistics and bad input. Every failure
 * prints the seed and the case. */
#include <math.h>
#include <stdlib.h>

#include "collide/polygon_grid.h"

#include "point_structure_checks.h"

#define SEED 0x47524944ULL /* "GRID" */

static col_polygon_grid *build(const col_polygon *polygon, const col_polygon_grid_options *options)
{
	col_polygon_grid *grid = NULL;
	col_error error = {0};
	if (col_polygon_grid_build(polygon, options, &grid, &error) != COL_OK)
		fail_msg("could not build a grid: %s", error.message);
	return grid;
}

/* The grid as point_structure_checks.h sees it. */
static int grid_cell_count(const void *grid)
{
	return col_polygon_grid_get_info(grid).cells;
}

static bool grid_cell_at(const void *grid, int index, psc_cell *out)
{
	col_polygon_grid_cell cell;
	if (!col_polygon_grid_cell_at(grid, index, &cell))
		return false;
	*out = (psc_cell){.box = cell.box,
	                  .origin = cell.origin,
	                  .has_origin = cell.has_origin,
	                  .origin_inside = cell.origin_inside,
	                  .leaf = cell.first_child < 0,
	                  .level = cell.level,
	                  .edge_count = cell.edge_count};
	return true;
}

static bool grid_contains(const void *grid, col_vec2 p, col_query_stats *stats)
{
	return col_polygon_grid_contains(grid, p, stats);
}

static void grid_contains_points(const void *grid, const col_vec2 *points, size_t count, bool *inside,
                                 col_query_stats *stats)
{
	col_polygon_grid_contains_points(grid, points, count, inside, stats);
}

static const psc_kind grid_kind = {"grid", grid_cell_count, grid_cell_at, grid_contains,
                                   grid_contains_points};

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

/* psc_check_points over grids[0..grid_count), grid g built with option set g. */
static int check_points(rng *r, const char *name, const col_polygon *polygon, col_polygon_grid **grids,
                        int grid_count, bool integer, int count)
{
	const void *structures[OPTION_SETS];
	assert_true(grid_count <= OPTION_SETS);
	for (int g = 0; g < grid_count; g++)
		structures[g] = grids[g];
	return psc_check_points(r, &grid_kind, name, polygon, structures, grid_count, integer, count);
}

/* What the grid promises about itself: each cell's origin lies in its box, off the boundary, with
 * the state the oracle gives it; leaves hold at most max_cell_edges edges unless they could not be
 * split; the counts in the info add up. */
static void check_structure(const char *name, const col_polygon *polygon, const col_polygon_grid *grid)
{
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	assert_true(info.columns >= 1 && info.rows >= 1 && info.columns * info.rows <= info.cells);
	psc_cells_tally tally = psc_check_cells(&grid_kind, name, polygon, grid);
	int nested = 0;
	for (int i = 0; i < info.cells; i++) {
		col_polygon_grid_cell cell;
		assert_true(col_polygon_grid_cell_at(grid, i, &cell));
		col_aabb2 b = cell.box;
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
		}
	}
	assert_int_equal(nested, info.nested_grids);
	assert_int_equal(tally.empty_leaves, info.empty_cells);
	assert_int_equal(tally.most_leaf_edges, info.max_cell_edges);
	assert_int_equal(tally.depth, info.depth);
	assert_true(tally.edge_references == info.edge_references);
	assert_true(info.memory_bytes > 0);
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
	psc_check_both_answers_common(inside, COLLIDE_RANDOM_CASES);
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
 * slivers, integer, pinched. Slivers crowd near their core and the spiral's edges shrink towards its
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
CLASS_TEST(test_pinched, 9, false)

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
	psc_check_lattice(&grid_kind, "diagonal triangle", polygon, grid,
	                  (psc_lattice){{0, 0}, 1.0, 12.0, -15, 15, -15, 15});
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
	psc_check_lattice(&grid_kind, "notched square", polygon, grid,
	                  (psc_lattice){{0, 0}, 1.0, 4.0, -4, 20, -4, 20});
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
	/* The holes class has its COLLIDE_RANDOM_CASES points per option set in test_holes; this larger
	 * polygon of the class adds a tenth as many in make test (each costs the oracle a pass over its
	 * 4,000 edges or so), and as many in make test-long. */
	int points = collide_long_tests() ? COLLIDE_RANDOM_CASES : COLLIDE_RANDOM_CASES / 10;
	int inside = check_points(&stream, "900 holes", polygon, grids, 2, false, points);
	assert_true(inside > points / 4);
	col_polygon_grid_destroy(grids[0]);
	col_polygon_grid_destroy(grids[1]);
	col_polygon_destroy(polygon);
}

/* A square of 4 edges with a grid of one cell: the whole box answered from one origin. */
static void test_square_one_cell(void **state)
{
	(void)state;
	col_polygon *polygon = psc_square();
	col_polygon_grid_options options = {0.25, 0, 0, 0};
	col_polygon_grid *grid = build(polygon, &options);
	col_polygon_grid_info info = col_polygon_grid_get_info(grid);
	assert_int_equal(info.cells, 1);
	assert_int_equal(info.nested_grids, 0);
	assert_int_equal(info.max_cell_edges, 4);
	check_structure("square", polygon, grid);
	psc_check_square_points(&grid_kind, grid);
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
	psc_lattice_tally tally = psc_check_lattice(&grid_kind, "ulp comb", polygon, grid,
	                                            (psc_lattice){{1.0, 1.0}, u, 1.0, -3, 10, -3, 20});
	/* The case is only worth something if the box holds points off the boundary both ways. */
	assert_true(tally.inside > 0 && tally.outside > 0 && tally.boundary > 0);
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
	col_vec2 *points = psc_query_points(&stream, polygon, N);
	col_query_stats batch =
	    psc_check_batch(&grid_kind, grid, polygon, points, N, info.depth, info.max_cell_edges);
	assert_int_equal(batch.cache_hits, 0);
	for (int i = 0; i < N; i++) {
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
	free(points);
	col_polygon_grid_destroy(grid);
	col_polygon_destroy(polygon);
}

/* A convex polygon of at most 8 edges is answered by its half-planes, each sign from a
 * floating-point line equation with an error bound, exact where the bound does not decide: random
 * convex polygons of 3 to 8 vertices at scales from 1e-20 to 1e20, integer ones with points exactly
 * on their edges and vertices, a straight vertex, a thin sliver, single queries and batches against
 * the crossing number. 9 vertices take the cells. */
static void test_small_convex(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 104));
	const double scales[] = {1e-20, 1e-3, 1.0, 1e6, 1e20};
	int cases = 0, inside = 0;
	enum { N = 2000 };
	bool answers[N];
	for (int round = 0; cases < COLLIDE_RANDOM_CASES; round++) {
		int n = 3 + round % 7; /* 3 .. 9 */
		col_polygon *polygon = NULL;
		bool integer = round % 4 == 3;
		if (integer) {
			polygon = pc_integer(&stream, n, 6);
		} else {
			/* pc_convex around the origin at scale 1, then scaled: exact for powers of two only,
			 * so rebuild from the scaled points (still convex: scaling keeps every turn's sign
			 * unless a rounding makes one straight, which is allowed). */
			col_polygon *unit = pc_convex(&stream, n);
			col_contour c = col_polygon_contour(unit, 0);
			col_vec2 p[16];
			double scale = scales[round % 5];
			for (int i = 0; i < c.count; i++)
				p[i] = (col_vec2){c.points[i].x * scale, c.points[i].y * scale};
			assert_int_equal(col_polygon_create_simple(p, c.count, &polygon, NULL), COL_OK);
			col_polygon_destroy(unit);
		}
		col_polygon_grid *grid = build(polygon, NULL);
		bool convex = true;
		col_contour c = col_polygon_contour(polygon, 0);
		for (int i = 0; i < c.count; i++)
			convex &= col_orient2d(c.points[i], c.points[(i + 1) % c.count], c.points[(i + 2) % c.count]) >= 0.0;
		assert_int_equal(col_polygon_grid_get_info(grid).half_planes, convex && c.count <= 8);
		const void *structures[] = {grid};
		inside += psc_check_points(&stream, &grid_kind, "small convex", polygon, structures, 1, integer, N);
		col_vec2 *points = psc_query_points(&stream, polygon, N);
		col_polygon_grid_contains_points(grid, points, N, answers, NULL);
		for (int i = 0; i < N; i++) {
			if (answers[i] != psc_oracle(polygon, points[i]))
				FAIL_CASE(&stream, i, "small convex batch: (%.17g, %.17g)", points[i].x, points[i].y);
		}
		free(points);
		cases += 2 * N;
		col_polygon_grid_destroy(grid);
		col_polygon_destroy(polygon);
	}
	psc_check_both_answers_common(inside, cases / 2);

	/* A square with a straight vertex in the middle of its bottom edge, and a sliver. */
	const col_vec2 straight[] = {{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}};
	const col_vec2 sliver[] = {{0, 0}, {1, 1e-9}, {2, 0}};
	const col_vec2 *shapes[] = {straight, sliver};
	const int counts[] = {5, 3};
	for (int s = 0; s < 2; s++) {
		col_polygon *polygon = NULL;
		assert_int_equal(col_polygon_create_simple(shapes[s], counts[s], &polygon, NULL), COL_OK);
		col_polygon_grid *grid = build(polygon, NULL);
		assert_true(col_polygon_grid_get_info(grid).half_planes);
		const void *structures[] = {grid};
		psc_check_points(&stream, &grid_kind, s == 0 ? "straight vertex" : "sliver", polygon, structures, 1,
		                 s == 0, N);
		assert_true(col_polygon_grid_contains(grid, (col_vec2){1, 0}, NULL));
		assert_true(col_polygon_grid_contains(grid, (col_vec2){0, 0}, NULL));
		assert_false(col_polygon_grid_contains(grid, (col_vec2){1, nextafter(0, -1)}, NULL));
		col_polygon_grid_destroy(grid);
		col_polygon_destroy(polygon);
	}
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

	/* Queries that are no points, or far away, and a NULL grid: false, never a crash. */
	psc_check_odd_points(&grid_kind, grid);
	for (int i = 0; i < PSC_ODD_POINTS; i++)
		assert_int_equal(col_polygon_grid_locate(grid, psc_odd_points[i]), -1);
	assert_int_equal(col_polygon_grid_locate(NULL, (col_vec2){0, 0}), -1);
	col_polygon_grid_cell cell;
	assert_false(col_polygon_grid_cell_at(NULL, 0, &cell));
	assert_false(col_polygon_grid_cell_at(grid, 0, NULL));
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
	    cmocka_unit_test(test_pinched),
	    cmocka_unit_test(test_origin_on_edge_is_moved),
	    cmocka_unit_test(test_edges_on_grid_lines),
	    cmocka_unit_test(test_nine_hundred_holes),
	    cmocka_unit_test(test_square_one_cell),
	    cmocka_unit_test(test_no_room_for_an_origin),
	    cmocka_unit_test(test_stats_and_batches),
	    cmocka_unit_test(test_small_convex),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
