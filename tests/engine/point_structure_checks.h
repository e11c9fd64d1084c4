/* Checks shared by the tests of the cell structures that answer point-in-polygon queries from
 * each cell's origin and the edges it holds (the covering grid, the quadtree): random points
 * against the exact crossing number, lattices of points on the delicate lines, each cell's origin,
 * batches against single queries, and points that are no points. Each test describes its structure
 * once in a psc_kind (functions that take the structure as `const void *`); the checks never build
 * or destroy one. Header-only, like support.h. */
#ifndef COLLIDE_TESTS_ENGINE_POINT_STRUCTURE_CHECKS_H
#define COLLIDE_TESTS_ENGINE_POINT_STRUCTURE_CHECKS_H

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "collide/polygon.h"

#include "polygon_classes.h"

/* What the checks read of a cell: its box, the origin it answers from, its place in the tree. */
typedef struct psc_cell {
	col_aabb2 box;
	col_vec2 origin;
	bool has_origin;    /* false where no point of the box could be placed off the boundary */
	bool origin_inside; /* the origin's state, as the structure stored it */
	bool leaf;          /* answers queries itself rather than passing them to its children */
	int level;          /* 0 at the top */
	int edge_count;     /* edges listed in the cell */
} psc_cell;

/* One structure's functions, each taking the structure as `const void *` (NULL allowed where
 * the engine's function allows it). */
typedef struct psc_kind {
	const char *noun; /* "grid", "quadtree": names the structure in failure messages */
	int (*cell_count)(const void *structure);
	bool (*cell_at)(const void *structure, int index, psc_cell *cell);
	bool (*contains)(const void *structure, col_vec2 p, col_query_stats *stats);
	void (*contains_points)(const void *structure, const col_vec2 *points, size_t count, bool *inside,
	                        col_query_stats *stats);
} psc_kind;

/* The answer every structure must give: the exact crossing number. */
static inline bool psc_oracle(const col_polygon *polygon, col_vec2 p)
{
	return col_polygon_contains(polygon, p, COL_METHOD_CROSSING, NULL);
}

/* A point where a structure is delicate: a random cell's origin, corner, a point on a side of its
 * box, or its centre (a split point, a candidate origin, a nested grid's inner corner). */
static inline col_vec2 psc_cell_point(rng *r, const psc_kind *kind, const void *structure)
{
	psc_cell cell;
	assert_true(kind->cell_at(structure, rng_int(r, 0, kind->cell_count(structure) - 1), &cell));
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

/* Every structure (structures[s] was built with option set s) must give the oracle's answer on
 * `count` points: 3/5 from pc_query_point, 1/5 on cells of the structures, 1/5 on the half-integer
 * lattice (exactly on edges and vertices of integer polygons) or, for the others, from
 * pc_query_point again. Returns the number inside. */
static inline int psc_check_points(rng *r, const psc_kind *kind, const char *name, const col_polygon *polygon,
                                   const void *const *structures, int structure_count, bool integer,
                                   int count)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	int inside = 0;
	for (int k = 0; k < count; k++) {
		col_vec2 p;
		int point_kind = rng_int(r, 0, 4);
		if (point_kind == 3)
			p = psc_cell_point(r, kind, structures[rng_int(r, 0, structure_count - 1)]);
		else if (point_kind == 4 && integer)
			p = (col_vec2){0.5 * rng_int(r, 2 * (int)box.min.x - 2, 2 * (int)box.max.x + 2),
			               0.5 * rng_int(r, 2 * (int)box.min.y - 2, 2 * (int)box.max.y + 2)};
		else
			p = pc_query_point(r, polygon);
		bool expected = psc_oracle(polygon, p);
		inside += expected;
		for (int s = 0; s < structure_count; s++) {
			bool got = kind->contains(structures[s], p, NULL);
			if (got != expected)
				FAIL_CASE(r, k, "%s, option set %d: (%.17g, %.17g) is %s, the %s says %s",
				          name, s, p.x, p.y, expected ? "inside" : "outside", kind->noun,
				          got ? "inside" : "outside");
		}
	}
	return inside;
}

/* Both answers must be common among a class's random points, or the class tests little. */
static inline void psc_check_both_answers_common(int inside, int count)
{
	assert_true(inside > count / 20 && inside < count - count / 20);
}

/* What every cell promises: an origin in its box, off the boundary, with the oracle's state. */
static inline void psc_check_origin(const psc_kind *kind, const char *name, const col_polygon *polygon,
                                    const void *structure, int index)
{
	psc_cell cell;
	assert_true(kind->cell_at(structure, index, &cell));
	if (!cell.has_origin)
		fail_msg("%s: cell %d has no origin", name, index);
	if (!col_aabb2_contains(cell.box, cell.origin))
		fail_msg("%s: cell %d's origin (%.17g, %.17g) is outside its box", name, index, cell.origin.x,
		         cell.origin.y);
	if (col_polygon_on_boundary(polygon, cell.origin, NULL))
		fail_msg("%s: cell %d's origin (%.17g, %.17g) lies on the boundary", name, index,
		         cell.origin.x, cell.origin.y);
	if (cell.origin_inside != psc_oracle(polygon, cell.origin))
		fail_msg("%s: cell %d's origin (%.17g, %.17g) has the wrong state", name, index,
		         cell.origin.x, cell.origin.y);
}

/* What the leaves add up to, for comparison with the structure's info. */
typedef struct psc_cells_tally {
	int leaves, empty_leaves, most_leaf_edges, depth;
	size_t edge_references; /* the sum of the leaves' edge counts */
} psc_cells_tally;

/* Every cell's origin (psc_check_origin), and the leaves' tally; cell_at refuses the indices just
 * outside the cells. Each origin costs the oracle two passes over every edge, and the deepest
 * structures have many more cells than random cases (the star's quadtree of one edge a leaf:
 * 320,000 cells, 1000 edges): where there are 2k times COLLIDE_RANDOM_CASES cells or more, make test
 * checks every k-th origin (k a power of two), so still more origins than COLLIDE_RANDOM_CASES, and
 * make test-long checks all. The sanitizer builds check every 16th (collide_sampled_check), or
 * every k-th if that is fewer. */
static inline psc_cells_tally psc_check_cells(const psc_kind *kind, const char *name,
                                              const col_polygon *polygon, const void *structure)
{
	psc_cells_tally tally = {0, 0, 0, 0, 0};
	int cells = kind->cell_count(structure), every = 1;
	while (!collide_long_tests() && cells / (2 * every) >= COLLIDE_RANDOM_CASES)
		every *= 2;
	for (int i = 0; i < cells; i++) {
		if (i % every == 0 && collide_sampled_check(i, 16))
			psc_check_origin(kind, name, polygon, structure, i);
		psc_cell cell;
		assert_true(kind->cell_at(structure, i, &cell));
		if (cell.leaf) {
			tally.leaves++;
			tally.empty_leaves += cell.edge_count == 0;
			tally.most_leaf_edges =
			    cell.edge_count > tally.most_leaf_edges ? cell.edge_count : tally.most_leaf_edges;
			tally.edge_references += (size_t)cell.edge_count;
		}
		tally.depth = cell.level > tally.depth ? cell.level : tally.depth;
	}
	psc_cell none;
	assert_false(kind->cell_at(structure, -1, &none));
	assert_false(kind->cell_at(structure, cells, &none));
	return tally;
}

/* The points origin + (i, j) * unit / per_unit for i in [first_i, last_i], j in [first_j,
 * last_j]: dividing last keeps i / 12.0 exact where a step of 1 / 12.0 would round. */
typedef struct psc_lattice {
	col_vec2 origin;
	double unit, per_unit;
	int first_i, last_i, first_j, last_j;
} psc_lattice;

/* What a lattice's points were: inside off the boundary, on it, and outside but in the
 * polygon's box (a case is only worth something where all three occur). */
typedef struct psc_lattice_tally {
	int inside, boundary, outside;
} psc_lattice_tally;

/* Every point of the lattice must get the oracle's answer. */
static inline psc_lattice_tally psc_check_lattice(const psc_kind *kind, const char *name,
                                                  const col_polygon *polygon, const void *structure,
                                                  psc_lattice lattice)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	psc_lattice_tally tally = {0, 0, 0};
	for (int i = lattice.first_i; i <= lattice.last_i; i++) {
		for (int j = lattice.first_j; j <= lattice.last_j; j++) {
			col_vec2 p = {lattice.origin.x + i * lattice.unit / lattice.per_unit,
			              lattice.origin.y + j * lattice.unit / lattice.per_unit};
			bool expected = psc_oracle(polygon, p);
			if (kind->contains(structure, p, NULL) != expected)
				fail_msg("%s: (%.17g, %.17g), lattice point (%d, %d), should be %s", name,
				         p.x, p.y, i, j, expected ? "inside" : "outside");
			bool on = col_polygon_on_boundary(polygon, p, NULL);
			tally.boundary += on;
			tally.inside += expected && !on;
			tally.outside += !expected && col_aabb2_contains(box, p);
		}
	}
	return tally;
}

/* `count` points from pc_query_point, in an array the caller frees. */
static inline col_vec2 *psc_query_points(rng *r, const col_polygon *polygon, int count)
{
	col_vec2 *points = malloc((size_t)count * sizeof *points);
	assert_non_null(points);
	for (int i = 0; i < count; i++)
		points[i] = pc_query_point(r, polygon);
	return points;
}

/* The batch query must give the single queries' answers and the sum of their statistics. Each
 * single query counts once; a point in the polygon's box visits one cell per level down to its
 * leaf (at most depth + 1), one outside visits none and tests nothing; no leaf tests more than
 * max_leaf_edges edges. Returns the batch's statistics. */
static inline col_query_stats psc_check_batch(const psc_kind *kind, const void *structure,
                                              const col_polygon *polygon, const col_vec2 *points, int count,
                                              int depth, int max_leaf_edges)
{
	bool *inside = malloc((size_t)count * sizeof *inside);
	assert_non_null(inside);
	col_aabb2 box = col_polygon_bounds(polygon);
	col_query_stats batch = {0}, single = {0};
	kind->contains_points(structure, points, (size_t)count, inside, &batch);
	for (int i = 0; i < count; i++) {
		col_query_stats one = {0};
		assert_int_equal(inside[i], kind->contains(structure, points[i], &one));
		assert_int_equal(one.queries, 1);
		if (col_aabb2_contains(box, points[i]))
			assert_true(one.nodes_visited >= 1 && one.nodes_visited <= (uint64_t)depth + 1);
		else
			assert_true(one.nodes_visited == 0 && one.primitives_tested == 0);
		assert_true(one.primitives_tested <= (uint64_t)max_leaf_edges);
		col_query_stats_add(&single, &one);
	}
	assert_int_equal(batch.queries, count);
	assert_int_equal(batch.nodes_visited, single.nodes_visited);
	assert_int_equal(batch.primitives_tested, single.primitives_tested);
	/* stats may be NULL. */
	kind->contains_points(structure, points, (size_t)count, inside, NULL);
	free(inside);
	return batch;
}

/* The square [-1, 1]^2, 4 edges: small enough for one cell. */
static inline col_polygon *psc_square(void)
{
	const col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_polygon *polygon = NULL;
	assert_int_equal(col_polygon_create_simple(square, 4, &polygon, NULL), COL_OK);
	return polygon;
}

/* A structure over psc_square: its centre, a vertex and an edge point are inside, points beyond
 * the right edge (by 0.5 and by one ulp) are not. */
static inline void psc_check_square_points(const psc_kind *kind, const void *structure)
{
	assert_true(kind->contains(structure, (col_vec2){0, 0}, NULL));
	assert_true(kind->contains(structure, (col_vec2){1, 1}, NULL));
	assert_true(kind->contains(structure, (col_vec2){-1, 0.25}, NULL));
	assert_false(kind->contains(structure, (col_vec2){1.5, 0}, NULL));
	assert_false(kind->contains(structure, (col_vec2){nextafter(1.0, 2.0), 0}, NULL));
}

/* Queries that are no points, or far away: false, counted, no cell visited, never a crash. */
static const col_vec2 psc_odd_points[] = {{NAN, 0},       {0, NAN},       {NAN, NAN},    {INFINITY, 0},
                                          {0, -INFINITY}, {1e300, 1e300}, {-1e308, 0.1}, {0.1, DBL_MAX}};
enum { PSC_ODD_POINTS = sizeof psc_odd_points / sizeof psc_odd_points[0] };

/* The structure, built over a polygon around the origin, must refuse the odd points and take a
 * tiny coordinate near the centre as an ordinary point; a NULL structure answers nothing. */
static inline void psc_check_odd_points(const psc_kind *kind, const void *structure)
{
	for (int i = 0; i < PSC_ODD_POINTS; i++) {
		col_query_stats stats = {0};
		assert_false(kind->contains(structure, psc_odd_points[i], &stats));
		assert_int_equal(stats.queries, 1);
		assert_int_equal(stats.nodes_visited, 0);
	}
	assert_true(kind->contains(structure, (col_vec2){1e-200, -1e-200}, NULL));

	assert_false(kind->contains(NULL, (col_vec2){0, 0}, NULL));
	assert_int_equal(kind->cell_count(NULL), 0);
	bool answers[2] = {true, true};
	col_vec2 two[2] = {{0, 0}, {0, 0}};
	kind->contains_points(NULL, two, 2, answers, NULL);
	assert_false(answers[0] || answers[1]);
}

#endif
