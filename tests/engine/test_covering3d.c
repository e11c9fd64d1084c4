/* The 3D simplicial covering (source 000, 5.1): the 15 positions of Table 5.1, and the point test
 * of Alg. 5.1 against the exact crossing count of the mesh oracle on random points for every mesh
 * class, on integer grids that hit the covering's own edges and triangles, and on the surface. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/barycentric3d.h"
#include "collide/covering3d.h"
#include "collide/mesh.h"
#include "collide/predicates.h"

#include "mesh_cases.h"
#include "support.h"

/* ---- Table 5.1 ---- */

/* Every feature of an integer tetrahedron, at the centroid of the vertices spanning it (integer:
 * the coordinates are multiples of 12), is found; a step out of it through a face is outside. Both
 * windings, and vertex orders permuted. */
static void test_table_5_1(void **state)
{
	(void)state;
	const col_vec3 base[4] = {{0, 0, 0}, {24, 0, 0}, {0, 24, 0}, {0, 0, 24}};
	const int orders[3][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {3, 0, 2, 1}};
	for (int o = 0; o < 3; o++) {
		col_vec3 v[4];
		for (int k = 0; k < 4; k++)
			v[k] = base[orders[o][k]];
		for (int mask = 1; mask < 16; mask++) {
			col_vec3 sum = {0, 0, 0};
			int n = 0;
			for (int k = 0; k < 4; k++) {
				if (mask & (1 << k)) {
					sum = col_vec3_add(sum, v[k]);
					n++;
				}
			}
			col_vec3 p = col_vec3_scale(sum, 1.0 / n);
			col_tetrahedron_position got = col_tetrahedron_locate(v[0], v[1], v[2], v[3], p);
			if ((int)got != mask)
				fail_msg("order %d: the centroid of feature %s is located on %s", o,
				         col_tetrahedron_position_name((col_tetrahedron_position)mask),
				         col_tetrahedron_position_name(got));
			int signs[4];
			col_barycentric3d_signs(v[0], v[1], v[2], v[3], p, signs);
			for (int k = 0; k < 4; k++)
				assert_int_equal(signs[k], (mask >> k) & 1);
		}
		/* Beyond each face, opposite its vertex k: the face's centroid pushed away from vertex k. */
		for (int k = 0; k < 4; k++) {
			col_vec3 c = {0, 0, 0};
			for (int j = 0; j < 4; j++)
				if (j != k)
					c = col_vec3_add(c, col_vec3_scale(v[j], 1.0 / 3.0));
			col_vec3 p = col_vec3_add(c, col_vec3_scale(col_vec3_sub(c, v[k]), 0.125));
			assert_int_equal(col_tetrahedron_locate(v[0], v[1], v[2], v[3], p),
			                 COL_TETRAHEDRON_OUTSIDE);
		}
	}
	/* A flat tetrahedron locates nothing. */
	assert_int_equal(
	    col_tetrahedron_locate(base[0], base[1], base[2], (col_vec3){24, 24, 0}, (col_vec3){6, 6, 0}),
	    COL_TETRAHEDRON_OUTSIDE);
	assert_string_equal(col_tetrahedron_position_name(COL_TETRAHEDRON_FACE123), "face 123");
	assert_string_equal(col_tetrahedron_position_name((col_tetrahedron_position)99), "unknown");
	/* Source 000's 3D check 1: orient(0, e_z, e_x, e_y) is positive in the convention of 3D erratum 2,
	 * (B - A) . ((C - A) x (D - A)), which is col_orient3d with the first point last. */
	assert_true(col_orient3d((col_vec3){0, 0, 1}, (col_vec3){1, 0, 0}, (col_vec3){0, 1, 0},
	                         (col_vec3){0, 0, 0}) > 0.0);
}

static col_covering3d *covering_of(const col_mesh *mesh, const col_vec3 *origin)
{
	col_covering3d *covering = NULL;
	col_error error;
	check_ok(col_covering3d_build(mesh, origin, &covering, &error), &error);
	return covering;
}

static bool oracle(const col_mesh *mesh, col_vec3 p)
{
	return col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING, NULL);
}

static void check_point(rng *r, int i, const char *name, const col_covering3d *covering, const col_mesh *mesh,
                        col_vec3 p)
{
	bool expected = oracle(mesh, p), got = col_covering3d_contains(covering, p, NULL, NULL);
	if (got != expected)
		FAIL_CASE(r, i, "%s: covering %d, crossing count %d at (%.17g, %.17g, %.17g)", name, got,
		          expected, p.x, p.y, p.z);
}

/* COLLIDE_RANDOM_CASES random points per class, from the centroid and from a second origin (a
 * vertex of the mesh moved off it, which makes many tetrahedra negative). */
static void test_random_points(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	for (int k = 0; k < CLASS_COUNT; k++) {
		rng r = rng_make(rng_env_seed(0xC03D0000u + (uint64_t)k));
		const col_mesh *mesh = classes[k].mesh;
		col_aabb3 box = col_mesh_bounds(mesh);
		col_vec3 corner = col_vec3_add(box.max, col_vec3_scale(col_vec3_sub(box.max, box.min), 0.05));
		col_covering3d *coverings[2] = {covering_of(mesh, NULL), covering_of(mesh, &corner)};
		int inside = 0;
		col_query_stats stats = {0};
		for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
			col_vec3 p = rng_in_grown_box(&r, box);
			const col_covering3d *covering = coverings[i % 2];
			bool expected = oracle(mesh, p), got = col_covering3d_contains(covering, p, NULL, &stats);
			if (got != expected)
				FAIL_CASE(
				    &r, i,
				    "%s (origin %d): covering %d, crossing count %d at (%.17g, %.17g, %.17g)",
				    classes[k].name, i % 2, got, expected, p.x, p.y, p.z);
			inside += expected;
		}
		/* Both answers common, and every tetrahedron looked at for every point. */
		assert_true(inside > COLLIDE_RANDOM_CASES / 50 && inside < COLLIDE_RANDOM_CASES * 49 / 50);
		assert_int_equal(stats.queries, COLLIDE_RANDOM_CASES);
		assert_true(stats.primitives_tested >=
		            (uint64_t)COLLIDE_RANDOM_CASES * (uint64_t)col_mesh_triangle_count(mesh) / 2);
		col_covering3d_destroy(coverings[0]);
		col_covering3d_destroy(coverings[1]);
	}
	free_classes(classes);
}

/* Every vertex, edge midpoint and face centroid of every class is inside; the origin gives its
 * own state. */
static void test_surface_points(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	rng r = rng_make(1);
	for (int k = 0; k < CLASS_COUNT; k++) {
		col_covering3d *covering = covering_of(classes[k].mesh, NULL);
		for (int i = 0; i < col_mesh_triangle_count(classes[k].mesh); i++) {
			col_triangle t = col_mesh_triangle(classes[k].mesh, i);
			col_vec3 points[4] = {
			    t.a, col_vec3_scale(col_vec3_add(t.a, t.b), 0.5),
			    col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0),
			    col_vec3_scale(col_vec3_add(t.b, t.c), 0.5)};
			for (int j = 0; j < 4; j++) {
				/* Rounding may move a midpoint off the surface: the oracle is the judge. */
				check_point(&r, i, classes[k].name, covering, classes[k].mesh, points[j]);
				if (j == 0 && !col_covering3d_contains(covering, points[j], NULL, NULL))
					fail_msg("%s: vertex of triangle %d not inside", classes[k].name, i);
			}
		}
		col_vec3 o = col_covering3d_origin(covering);
		assert_int_equal(col_covering3d_contains(covering, o, NULL, NULL), oracle(classes[k].mesh, o));
		assert_int_equal(col_covering3d_origin_inside(covering), oracle(classes[k].mesh, o));
		col_covering3d_destroy(covering);
	}
	free_classes(classes);
}

/* Which way Alg. 5.1 takes for p: the plain count, the count with an original triangle in it (weight
 * 1), the crossing count (an original edge, a flat tetrahedron in whose plane p lies, or an odd
 * sum), or the surface. Read from the tetrahedra and the statistics, for the coverage check below. */
enum { PATH_PLAIN, PATH_ORIGINAL_TRIANGLE, PATH_CROSSING, PATH_SURFACE, PATH_COUNT };

static void count_paths(const col_covering3d *covering, col_vec3 p, long paths[PATH_COUNT])
{
	col_query_stats stats = {0};
	col_covering3d_contains(covering, p, NULL, &stats);
	int n = col_covering3d_tetrahedron_count(covering);
	bool on_surface = false, original_triangle = false;
	for (int i = 0; i < n; i++) {
		col_covering3d_tetrahedron t = col_covering3d_tetrahedron_at(covering, i);
		col_triangle face = {t.a, t.b, t.c};
		on_surface |= col_triangle_contains_point(face, p);
		col_tetrahedron_position where =
		    col_tetrahedron_locate(col_covering3d_origin(covering), t.a, t.b, t.c, p);
		original_triangle |= where == COL_TETRAHEDRON_FACE012 || where == COL_TETRAHEDRON_FACE013 ||
		                     where == COL_TETRAHEDRON_FACE023;
	}
	if (stats.primitives_tested > (uint64_t)n)
		paths[PATH_CROSSING]++;
	else if (on_surface)
		paths[PATH_SURFACE]++;
	else
		paths[original_triangle ? PATH_ORIGINAL_TRIANGLE : PATH_PLAIN]++;
}

/* Integer meshes and every point of a half-integer grid around them, from integer origins: the
 * points hit the covering's original triangles (the count's ray through a mesh edge), original
 * edges (through a vertex), faces, edges and vertices, and flat tetrahedra (an origin in a face's
 * plane, or on the surface). */
static void test_integer_grid(void **state)
{
	(void)state;
	mesh_arrays boxes = {0};
	add_box(&boxes, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	mesh_arrays prism = {0};
	add_l_prism(&prism);
	mesh_arrays pair = {0};
	add_box(&pair, (col_vec3){0, 0, 0}, (col_vec3){2, 2, 2}, false);
	add_box(&pair, (col_vec3){2, 2, 0}, (col_vec3){4, 4, 2}, false);
	const mesh_arrays *meshes[3] = {&boxes, &prism, &pair};
	const col_vec3 origins[3][4] = {
	    {{0, 0, 0}, {2, 0, 0}, {2, 2, 2}, {1, 1, 0}}, /* centre, on a face, a vertex, inside */
	    {{1, 1, 1}, {2, 2, 1}, {3, 3, 1}, {0, 0, 0}}, /* inside, the L's inner edge, outside, vertex */
	    {{1, 1, 1}, {2, 2, 1}, {3, 3, 1}, {2, 1, 1}}, /* in one cube, on the shared edge, ... */
	};
	rng r = rng_make(2);
	long checked = 0, paths[PATH_COUNT] = {0};
	for (int m = 0; m < 3; m++) {
		col_mesh *mesh = mesh_of(meshes[m]);
		if (m == 2)
			assert_int_equal(col_mesh_weld(mesh), 2);
		col_aabb3 box = col_mesh_bounds(mesh);
		for (int o = 0; o < 4; o++) {
			col_covering3d *covering = covering_of(mesh, &origins[m][o]);
			for (double x = box.min.x - 1; x <= box.max.x + 1; x += 0.5)
				for (double y = box.min.y - 1; y <= box.max.y + 1; y += 0.5)
					for (double z = box.min.z - 1; z <= box.max.z + 1;
					     z += 0.5, checked++) {
						col_vec3 p = {x, y, z};
						check_point(&r, (int)checked, "integer grid", covering, mesh,
						            p);
						count_paths(covering, p, paths);
					}
			col_covering3d_destroy(covering);
		}
		col_mesh_destroy(mesh);
	}
	assert_true(checked > 10000);
	/* Each way through Alg. 5.1 was taken, many times. */
	for (int k = 0; k < PATH_COUNT; k++)
		if (paths[k] < 20)
			fail_msg("path %d taken only %ld times", k, paths[k]);
}

static void test_bad_input(void **state)
{
	(void)state;
	col_covering3d *covering = NULL;
	col_error error;
	assert_int_equal(col_covering3d_build(NULL, NULL, &covering, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(covering);
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	col_mesh *box = mesh_of(&m);
	col_vec3 nan_origin = {NAN, 0, 0};
	assert_int_equal(col_covering3d_build(box, &nan_origin, &covering, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "not finite"));
	assert_int_equal(col_covering3d_build(box, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	/* An open mesh (one triangle fewer) and a flipped triangle are refused, saying why. */
	col_mesh *open = NULL;
	check_ok(col_mesh_create(m.v, m.nv, m.t, m.nt - 1, &open, &error), &error);
	assert_int_equal(col_covering3d_build(open, NULL, &covering, &error), COL_ERROR_TOPOLOGY);
	assert_non_null(strstr(error.message, "boundary"));
	int32_t swap = m.t[0];
	m.t[0] = m.t[1];
	m.t[1] = swap;
	col_mesh *flipped = mesh_of(&m);
	assert_int_equal(col_covering3d_build(flipped, NULL, &covering, &error), COL_ERROR_TOPOLOGY);
	assert_null(covering);
	/* Queries on NULL, NaN and infinite points answer false; the accessors take NULL. */
	covering = covering_of(box, NULL);
	assert_false(col_covering3d_contains(covering, (col_vec3){NAN, 0.5, 0.5}, NULL, NULL));
	assert_false(col_covering3d_contains(covering, (col_vec3){INFINITY, 0.5, 0.5}, NULL, NULL));
	assert_false(col_covering3d_contains(NULL, (col_vec3){0.5, 0.5, 0.5}, NULL, NULL));
	assert_true(col_covering3d_contains(covering, (col_vec3){0.5, 0.5, 0.5}, NULL, NULL));
	bool answers[2] = {true, true};
	col_covering3d_contains_points(covering, NULL, 2, answers, NULL);
	assert_false(answers[0] || answers[1]);
	assert_int_equal(col_covering3d_tetrahedron_count(NULL), 0);
	assert_int_equal(col_covering3d_tetrahedron_at(covering, 12).sign, 0);
	assert_int_equal(col_covering3d_tetrahedron_count(covering), 12);
	assert_true(col_covering3d_is_positive(covering));
	col_sphere s = col_covering3d_bounding_sphere(covering);
	assert_true(s.radius >= sqrt(0.75));
	col_covering3d_destroy(covering);
	col_covering3d_destroy(NULL);
	col_mesh_destroy(box);
	col_mesh_destroy(open);
	col_mesh_destroy(flipped);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_table_5_1),      cmocka_unit_test(test_random_points),
	    cmocka_unit_test(test_surface_points), cmocka_unit_test(test_integer_grid),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
