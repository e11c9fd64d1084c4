/* The clearance grid (engine/src/clearance_grid.h): its bound never exceeds the distance to the
 * nearest triangle (every triangle's col_triangle_closest_point, the oracle), on 10^5 random
 * points per mesh class in and around its box, on points placed exactly on cell faces and
 * corners, on the classes moved a million units away (where the index arithmetic rounds most),
 * on flat and single-triangle sets; it is positive wherever a point is far enough that its cell
 * cannot be marked; and it is 0 outside the box, for NaN and for no grid. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clearance_grid.h"
#include "collide/mesh.h"

#include "mesh_cases.h"
#include "support.h"

static col_triangle *triangles_of(const col_mesh *mesh, int *count)
{
	*count = col_mesh_triangle_count(mesh);
	col_triangle *t = malloc(sizeof *t * (size_t)*count);
	assert_non_null(t);
	for (int i = 0; i < *count; i++)
		t[i] = col_mesh_triangle(mesh, i);
	return t;
}

static col_aabb3 bounds_of(const col_triangle *t, int count)
{
	col_aabb3 box = col_triangle_bounds(t[0]);
	for (int i = 1; i < count; i++) {
		col_aabb3 b = col_triangle_bounds(t[i]);
		box.min =
		    (col_vec3){fmin(box.min.x, b.min.x), fmin(box.min.y, b.min.y), fmin(box.min.z, b.min.z)};
		box.max =
		    (col_vec3){fmax(box.max.x, b.max.x), fmax(box.max.y, b.max.y), fmax(box.max.z, b.max.z)};
	}
	return box;
}

static double oracle_distance(const col_triangle *t, int count, col_vec3 p)
{
	double best = INFINITY;
	for (int i = 0; i < count; i++)
		best = fmin(best, col_vec3_length(col_vec3_sub(p, col_triangle_closest_point(t[i], p))));
	return best;
}

/* The bound against the oracle at p; returns the bound. */
static double check_point(const char *name, const clearance_grid *grid, const col_triangle *t, int count,
                          col_vec3 p)
{
	double bound = clearance_grid_bound(grid, p);
	assert_true(bound >= 0.0);
	if (bound == 0.0)
		return 0.0;
	double distance = oracle_distance(t, count, p);
	if (!(bound <= distance * (1.0 + 1e-12)))
		fail_msg("%s: bound %.17g exceeds the distance %.17g at (%.17g, %.17g, %.17g)", name, bound,
		         distance, p.x, p.y, p.z);
	return bound;
}

static double largest_triangle_box(const col_triangle *t, int count)
{
	double largest = 0.0;
	for (int i = 0; i < count; i++) {
		col_aabb3 b = col_triangle_bounds(t[i]);
		largest = fmax(largest, col_vec3_length(col_vec3_sub(b.max, b.min)));
	}
	return largest;
}

/* Random points in the box grown by a fifth on every side, then points on cell faces and corners. */
static void check_set(const char *name, const col_triangle *t, int count, int cells_per_triangle, rng *r,
                      int cases)
{
	col_aabb3 box = bounds_of(t, count);
	clearance_grid grid;
	col_error error;
	check_ok(clearance_grid_build(&grid, t, count, box, cells_per_triangle, &error), &error);
	assert_non_null(grid.rings);
	assert_true(clearance_grid_bytes(&grid) > 0);
	col_vec3 size = col_vec3_sub(box.max, box.min), grow = col_vec3_scale(size, 0.2);
	col_vec3 lo = col_vec3_sub(box.min, grow), hi = col_vec3_add(box.max, grow);
	/* A point farther than this from every triangle has an unmarked cell two rings in. */
	double far = largest_triangle_box(t, count) + 4.0 * sqrt(3.0) * grid.cell;
	int positive = 0, far_points = 0;
	for (int k = 0; k < cases; k++) {
		col_vec3 p = {rng_in(r, lo.x, hi.x), rng_in(r, lo.y, hi.y), rng_in(r, lo.z, hi.z)};
		double bound = check_point(name, &grid, t, count, p);
		positive += bound > 0.0;
		if (col_aabb3_contains(box, p) && oracle_distance(t, count, p) > far) {
			far_points++;
			if (!(bound > 0.0))
				fail_msg("%s: no clearance at (%.17g, %.17g, %.17g), %g from every triangle",
				         name, p.x, p.y, p.z, oracle_distance(t, count, p));
		}
	}
	/* Exactly on cell faces, edges and corners (the index arithmetic's edge cases). */
	for (int k = 0; k < cases / 10; k++) {
		int i[3];
		double c[3];
		for (int j = 0; j < 3; j++) {
			i[j] = rng_int(r, 0, grid.size[j]);
			c[j] = grid.min[j] + i[j] * grid.cell;
		}
		col_vec3 p = {c[0], c[1], c[2]};
		if (rng_coin(r))
			p.x = rng_in(r, box.min.x, box.max.x);
		check_point(name, &grid, t, count, p);
	}
	printf("%s: %d triangles, %d x %d x %d cells of %.3g; bound > 0 at %d of %d points (%d far ones)\n",
	       name, count, grid.size[0], grid.size[1], grid.size[2], grid.cell, positive, cases, far_points);
	assert_true(positive > 0);
	clearance_grid_destroy(&grid);
	assert_null(grid.rings);
	assert_true(clearance_grid_bound(&grid, box.min) == 0.0);
}

static void test_mesh_classes(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	rng r = rng_make(rng_env_seed(0xc1ea7a9cefULL));
	for (int c = 0; c < CLASS_COUNT; c++) {
		int count;
		col_triangle *t = triangles_of(classes[c].mesh, &count);
		check_set(classes[c].name, t, count, 16, &r, COLLIDE_RANDOM_CASES / 10);
		free(t);
	}
	free_classes(classes);
}

/* 10^5 points on the bumpy sphere, at two cell densities. */
static void test_bumpy_sphere(void **state)
{
	(void)state;
	col_mesh *mesh;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(2, &mesh, &error), &error);
	int count;
	col_triangle *t = triangles_of(mesh, &count);
	rng r = rng_make(rng_env_seed(0xb0b5ULL));
	check_set("bumpy sphere, 16 a triangle", t, count, 16, &r, COLLIDE_RANDOM_CASES);
	check_set("bumpy sphere, 256 a triangle", t, count, 256, &r, COLLIDE_RANDOM_CASES / 4);
	free(t);
	col_mesh_destroy(mesh);
}

/* A million units away, where (p - min) / cell rounds by a few millionths of a cell. */
static void test_far_from_the_origin(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	rng r = rng_make(rng_env_seed(0xfa7ULL));
	const col_vec3 offset = {1e6, -3e6, 2.5e6};
	for (int c = 0; c < CLASS_COUNT; c += 2) {
		int count;
		col_triangle *t = triangles_of(classes[c].mesh, &count);
		for (int i = 0; i < count; i++)
			t[i] = (col_triangle){col_vec3_add(t[i].a, offset), col_vec3_add(t[i].b, offset),
			                      col_vec3_add(t[i].c, offset)};
		char name[96];
		snprintf(name, sizeof name, "%s moved 10^6 away", classes[c].name);
		check_set(name, t, count, 64, &r, COLLIDE_RANDOM_CASES / 20);
		free(t);
	}
	free_classes(classes);
}

/* Triangles in the plane z = 0: a box of no height still gets cells, and points above it are
 * outside the box (bound 0). One triangle alone. No triangles, no volume, NaN. */
static void test_degenerate_sets(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xf1a7ULL));
	enum { FLAT = 200 };
	col_triangle flat[FLAT];
	for (int i = 0; i < FLAT; i++) {
		col_vec3 a = {rng_in(&r, -1, 1), rng_in(&r, -1, 1), 0.0};
		flat[i] = (col_triangle){a, col_vec3_add(a, (col_vec3){0.05, 0.0, 0.0}),
		                         col_vec3_add(a, (col_vec3){0.0, 0.05, 0.0})};
	}
	clearance_grid grid;
	col_error error;
	check_ok(clearance_grid_build(&grid, flat, FLAT, bounds_of(flat, FLAT), 16, &error), &error);
	assert_non_null(grid.rings);
	assert_true(clearance_grid_bound(&grid, (col_vec3){0.0, 0.0, 0.5}) == 0.0);
	int positive = 0;
	for (int k = 0; k < COLLIDE_RANDOM_CASES / 10; k++)
		positive += check_point("flat set", &grid, flat, FLAT,
		                        (col_vec3){rng_in(&r, -1.2, 1.2), rng_in(&r, -1.2, 1.2), 0.0}) > 0.0;
	printf("flat set: %d x %d x %d cells; bound > 0 at %d points\n", grid.size[0], grid.size[1],
	       grid.size[2], positive);
	assert_true(positive > 0);
	assert_true(clearance_grid_bound(&grid, (col_vec3){NAN, 0.0, 0.0}) == 0.0);
	assert_true(clearance_grid_bound(&grid, (col_vec3){INFINITY, 0.0, 0.0}) == 0.0);
	clearance_grid_destroy(&grid);

	col_triangle one = {{0, 0, 0}, {1, 0, 0}, {0, 1, 1}};
	check_ok(clearance_grid_build(&grid, &one, 1, col_triangle_bounds(one), 4096, &error), &error);
	for (int k = 0; k < COLLIDE_RANDOM_CASES / 10; k++)
		check_point("one triangle", &grid, &one, 1, rng_vec3(&r, 0.0, 1.0));
	clearance_grid_destroy(&grid);

	/* no triangles; a box of no volume at all: no grid, every bound 0 */
	check_ok(clearance_grid_build(&grid, &one, 0, col_triangle_bounds(one), 16, &error), &error);
	assert_null(grid.rings);
	assert_true(clearance_grid_bound(&grid, (col_vec3){0.5, 0.5, 0.5}) == 0.0);
	assert_true(clearance_grid_bytes(&grid) == 0);
	col_triangle point = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
	check_ok(clearance_grid_build(&grid, &point, 1, col_triangle_bounds(point), 16, &error), &error);
	assert_null(grid.rings);
	clearance_grid_destroy(&grid);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mesh_classes),
	    cmocka_unit_test(test_bumpy_sphere),
	    cmocka_unit_test(test_far_from_the_origin),
	    cmocka_unit_test(test_degenerate_sets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
