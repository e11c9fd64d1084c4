/* The quadtree baseline against the exact crossing number (col_polygon_contains,
 * COL_METHOD_CROSSING) on every polygon class of polygon_classes.h, with three option sets (the
 * defaults, a deep tree with one edge per leaf, a shallow one), on uniform points, vertices, edge
 * points and near misses, and on the tree's own cell boundaries, split points and origins; then
 * hand-made degenerate cases, the tree's own promises (origins off the boundary with the oracle's
 * state, children tiling their parent), statistics and bad input. Every failure prints the seed
 * and the case. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/quadtree.h"

#include "point_structure_checks.h"

#define SEED 0x5154524545ULL /* "QTREE" */

static col_quadtree *build(const col_polygon *polygon, const col_quadtree_options *options)
{
	col_quadtree *tree = NULL;
	col_error error = {0};
	if (col_quadtree_build(polygon, options, &tree, &error) != COL_OK)
		fail_msg("could not build a quadtree: %s", error.message);
	return tree;
}

/* The tree as point_structure_checks.h sees it. */
static int tree_cell_count(const void *tree)
{
	return col_quadtree_get_info(tree).cells;
}

static bool tree_cell_at(const void *tree, int index, psc_cell *out)
{
	col_quadtree_cell cell;
	if (!col_quadtree_cell_at(tree, index, &cell))
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

static bool tree_contains(const void *tree, col_vec2 p, col_query_stats *stats)
{
	return col_quadtree_contains(tree, p, stats);
}

static void tree_contains_points(const void *tree, const col_vec2 *points, size_t count, bool *inside,
                                 col_query_stats *stats)
{
	col_quadtree_contains_points(tree, points, count, inside, stats);
}

static const psc_kind tree_kind = {"quadtree", tree_cell_count, tree_cell_at, tree_contains,
                                   tree_contains_points};

enum { OPTION_SETS = 3 };

static col_quadtree_options option_set(int i)
{
	switch (i) {
	case 1: /* deep: split down to one edge per leaf, 12 levels */ return (col_quadtree_options){12, 1};
	case 2: /* shallow: two levels, many edges per leaf */ return (col_quadtree_options){2, 0};
	default: return col_quadtree_default_options();
	}
}

/* psc_check_points over trees[0..tree_count), tree t built with option set t. */
static int check_points(rng *r, const char *name, const col_polygon *polygon, col_quadtree **trees,
                        int tree_count, bool integer, int count)
{
	const void *structures[OPTION_SETS];
	assert_true(tree_count <= OPTION_SETS);
	for (int t = 0; t < tree_count; t++)
		structures[t] = trees[t];
	return psc_check_points(r, &tree_kind, name, polygon, structures, tree_count, integer, count);
}

/* What the tree promises about itself: the root's box is square-ish and holds the polygon; four
 * children tile their parent at its centre; each origin lies in its box, off the boundary, with the
 * oracle's state; leaves hold at most max_edges edges unless at max_depth; the info adds up. */
static void check_structure(const char *name, const col_polygon *polygon, const col_quadtree *tree,
                            col_quadtree_options options)
{
	col_quadtree_info info = col_quadtree_get_info(tree);
	col_aabb2 bounds = col_polygon_bounds(polygon);
	col_quadtree_cell root;
	assert_true(col_quadtree_cell_at(tree, 0, &root));
	assert_int_equal(root.level, 0);
	assert_true(root.box.min.x <= bounds.min.x && root.box.min.y <= bounds.min.y &&
	            root.box.max.x >= bounds.max.x && root.box.max.y >= bounds.max.y);
	double side_x = root.box.max.x - root.box.min.x, side_y = root.box.max.y - root.box.min.y;
	assert_true(fabs(side_x - side_y) <= 1e-12 * fmax(side_x, side_y));
	assert_int_equal(root.edge_count, col_polygon_vertex_count(polygon));
	psc_cells_tally tally = psc_check_cells(&tree_kind, name, polygon, tree);
	for (int i = 0; i < info.cells; i++) {
		col_quadtree_cell cell;
		assert_true(col_quadtree_cell_at(tree, i, &cell));
		col_aabb2 b = cell.box;
		if (cell.first_child >= 0) {
			assert_true(cell.first_child > i && cell.first_child + 3 < info.cells);
			assert_true(cell.edge_count > options.max_edges && cell.level < options.max_depth);
			col_vec2 c = {0.5 * (b.min.x + b.max.x), 0.5 * (b.min.y + b.max.y)};
			for (int k = 0; k < 4; k++) {
				col_quadtree_cell child;
				assert_true(col_quadtree_cell_at(tree, cell.first_child + k, &child));
				assert_int_equal(child.level, cell.level + 1);
				assert_true(child.edge_count <= cell.edge_count);
				assert_true(child.box.min.x == ((k & 1) ? c.x : b.min.x));
				assert_true(child.box.max.x == ((k & 1) ? b.max.x : c.x));
				assert_true(child.box.min.y == ((k & 2) ? c.y : b.min.y));
				assert_true(child.box.max.y == ((k & 2) ? b.max.y : c.y));
			}
		}
	}
	assert_int_equal(tally.leaves, info.leaves);
	assert_int_equal(tally.most_leaf_edges, info.max_leaf_edges);
	assert_int_equal(tally.depth, info.depth);
	assert_true(tally.edge_references == info.edge_references);
	assert_true(info.depth <= options.max_depth && info.memory_bytes > 0);
}

/* Options with the defaults filled in, as the tree applies them. */
static col_quadtree_options resolved(col_quadtree_options options)
{
	col_quadtree_options defaults = col_quadtree_default_options();
	if (options.max_depth == 0)
		options.max_depth = defaults.max_depth;
	if (options.max_edges == 0)
		options.max_edges = defaults.max_edges;
	return options;
}

/* ---- the classes ---- */

static void check_class(rng *r, pc_class c)
{
	col_polygon *polygon = c.make(r, c.size);
	col_quadtree *trees[OPTION_SETS];
	for (int t = 0; t < OPTION_SETS; t++) {
		col_quadtree_options options = option_set(t);
		trees[t] = build(polygon, &options);
		check_structure(c.name, polygon, trees[t], resolved(options));
	}
	int inside = check_points(r, c.name, polygon, trees, OPTION_SETS, c.integer, COLLIDE_RANDOM_CASES);
	psc_check_both_answers_common(inside, COLLIDE_RANDOM_CASES);
	for (int t = 0; t < OPTION_SETS; t++)
		col_quadtree_destroy(trees[t]);
	col_polygon_destroy(polygon);
}

#define CLASS_TEST(function, index)                                                                          \
	static void function(void **state)                                                                   \
	{                                                                                                    \
		(void)state;                                                                                 \
		rng stream = rng_make(rng_env_seed(SEED + (index)));                                         \
		check_class(&stream, pc_class_at(index));                                                    \
	}

CLASS_TEST(test_convex, 0)
CLASS_TEST(test_star, 1)
CLASS_TEST(test_irregular, 2)
CLASS_TEST(test_holes, 3)
CLASS_TEST(test_comb, 4)
CLASS_TEST(test_spiral, 5)
CLASS_TEST(test_random_simple, 6)
CLASS_TEST(test_slivers, 7)
CLASS_TEST(test_integer, 8)
CLASS_TEST(test_pinched, 9)

/* ---- hand-made degenerate cases ---- */

/* The triangle (-1, -1), (1, -1), (1, 1) in the square root box [-1, 1]^2: the root's centre, and
 * the centre of every cell on the diagonal at every level, lies on the long edge, so those origins
 * must move; the split points themselves are on the boundary. */
static void test_origin_on_edge_is_moved(void **state)
{
	(void)state;
	col_polygon *polygon = pc_diagonal_triangle();
	col_quadtree_options options = {4, 1};
	col_quadtree *tree = build(polygon, &options);
	check_structure("diagonal triangle", polygon, tree, options);
	col_quadtree_cell root;
	assert_true(col_quadtree_cell_at(tree, 0, &root));
	assert_false(col_vec2_equal(root.origin, (col_vec2){0, 0}));
	assert_true(col_quadtree_contains(tree, (col_vec2){0, 0}, NULL));
	psc_check_lattice(&tree_kind, "diagonal triangle", polygon, tree,
	                  (psc_lattice){{0, 0}, 1.0, 16.0, -20, 20, -20, 20});
	col_quadtree_destroy(tree);
	col_polygon_destroy(polygon);
}

/* The notched square [0, 4]^2: its edges and vertices lie on the split lines x = 1, 2, 3 and
 * y = 1, 2 of the first levels, and on cell centres. Every eighth-integer point must be right. */
static void test_edges_on_split_lines(void **state)
{
	(void)state;
	col_polygon *polygon = pc_notched_square();
	for (int t = 0; t < OPTION_SETS; t++) {
		col_quadtree_options options = option_set(t);
		col_quadtree *tree = build(polygon, &options);
		check_structure("notched square", polygon, tree, resolved(options));
		char name[64];
		snprintf(name, sizeof name, "notched square, option set %d", t);
		psc_check_lattice(&tree_kind, name, polygon, tree,
		                  (psc_lattice){{0, 0}, 1.0, 8.0, -8, 40, -8, 40});
		col_quadtree_destroy(tree);
	}
	col_polygon_destroy(polygon);
}

/* The square [0, 30]^2 with 900 holes. */
static void test_nine_hundred_holes(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 101));
	col_polygon *polygon = pc_holes(&stream, 30);
	col_quadtree *tree = build(polygon, NULL);
	check_structure("900 holes", polygon, tree, col_quadtree_default_options());
	/* The holes class has its COLLIDE_RANDOM_CASES points per option set in test_holes; this larger
	 * polygon of the class adds a tenth as many in make test (each costs the oracle a pass over its
	 * 4,000 edges or so), and as many in make test-long. */
	int points = collide_long_tests() ? COLLIDE_RANDOM_CASES : COLLIDE_RANDOM_CASES / 10;
	int inside = check_points(&stream, "900 holes", polygon, &tree, 1, false, points);
	assert_true(inside > points / 4);
	col_quadtree_destroy(tree);
	col_polygon_destroy(polygon);
}

/* A square of 4 edges: the root is the only cell (it holds max_edges = 4 edges, not more). */
static void test_square_one_cell(void **state)
{
	(void)state;
	col_polygon *polygon = psc_square();
	col_quadtree *tree = build(polygon, NULL);
	col_quadtree_info info = col_quadtree_get_info(tree);
	assert_int_equal(info.cells, 1);
	assert_int_equal(info.leaves, 1);
	assert_int_equal(info.depth, 0);
	check_structure("square", polygon, tree, col_quadtree_default_options());
	psc_check_square_points(&tree_kind, tree);
	rng stream = rng_make(rng_env_seed(SEED + 102));
	check_points(&stream, "square", polygon, &tree, 1, true, COLLIDE_RANDOM_CASES / 10);
	col_quadtree_destroy(tree);
	col_polygon_destroy(polygon);
}

/* The comb drawn on consecutive doubles (polygon_classes.h): no origin can be placed in the root,
 * which cannot be split; the fallback must still be exact. */
static void test_no_room_for_an_origin(void **state)
{
	(void)state;
	double u;
	col_polygon *polygon = pc_ulp_comb(&u);
	col_quadtree *tree = build(polygon, NULL);
	col_quadtree_cell root;
	assert_true(col_quadtree_cell_at(tree, 0, &root));
	assert_int_equal(col_quadtree_get_info(tree).cells, 1);
	assert_false(root.has_origin);
	psc_lattice_tally tally = psc_check_lattice(&tree_kind, "ulp comb", polygon, tree,
	                                            (psc_lattice){{1.0, 1.0}, u, 1.0, -3, 10, -3, 20});
	assert_true(tally.inside > 0 && tally.outside > 0);
	col_quadtree_destroy(tree);
	col_polygon_destroy(polygon);
}

/* ---- statistics and batches ---- */

static void test_stats_and_batches(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 103));
	col_polygon *polygon = pc_spiral(&stream, 400);
	col_quadtree *tree = build(polygon, NULL);
	col_quadtree_info info = col_quadtree_get_info(tree);
	enum { N = 2000 };
	col_vec2 *points = psc_query_points(&stream, polygon, N);
	col_query_stats batch =
	    psc_check_batch(&tree_kind, tree, polygon, points, N, info.depth, info.max_leaf_edges);
	assert_true(batch.nodes_visited > N); /* the tree is deeper than its root */
	free(points);
	col_quadtree_destroy(tree);
	col_polygon_destroy(polygon);
}

/* ---- bad input ---- */

static void test_bad_input(void **state)
{
	(void)state;
	rng stream = rng_make(rng_env_seed(SEED + 104));
	col_polygon *polygon = pc_star(&stream, 50);
	col_quadtree *tree = (col_quadtree *)&stream; /* must be overwritten with NULL */
	col_error error = {0};

	assert_int_equal(col_quadtree_build(NULL, NULL, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(tree);
	assert_int_equal(error.code, COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_quadtree_build(polygon, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	const col_quadtree_options bad[] = {{-1, 0}, {0, -1}, {-5, -5}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tree = (col_quadtree *)&stream;
		error = (col_error){0};
		assert_int_equal(col_quadtree_build(polygon, &bad[i], &tree, &error),
		                 COL_ERROR_INVALID_ARGUMENT);
		assert_null(tree);
		assert_true(error.message[0] != '\0');
	}

	/* A huge depth is bounded by the cells' size, not by the option. */
	col_quadtree_options huge = {1000000, 1};
	tree = build(polygon, &huge);
	assert_true(col_quadtree_get_info(tree).depth < 80);
	check_points(&stream, "huge depth", polygon, &tree, 1, false, 1000);
	col_quadtree_destroy(tree);

	tree = build(polygon, NULL);
	psc_check_odd_points(&tree_kind, tree);
	col_quadtree_cell cell;
	assert_false(col_quadtree_cell_at(NULL, 0, &cell));
	assert_false(col_quadtree_cell_at(tree, 0, NULL));
	col_quadtree_destroy(NULL);

	col_quadtree_destroy(tree);
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
	    cmocka_unit_test(test_edges_on_split_lines),
	    cmocka_unit_test(test_nine_hundred_holes),
	    cmocka_unit_test(test_square_one_cell),
	    cmocka_unit_test(test_no_room_for_an_origin),
	    cmocka_unit_test(test_stats_and_batches),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
