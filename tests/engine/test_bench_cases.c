/* The benchmark case generator (bench/cases.h) reproduces every hash, first and last value and
 * bounding box of docs/benchmarks.md bit for bit, and the engine's bumpy sphere generator gives the
 * same bytes as the benchmarks' one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bench/cases.h"
#include "collide/mesh.h"

/* Checks an array of doubles against its published hash and its first and last values; says which
 * one differs and by how much. */
static void check_doubles(const char *name, const double *values, size_t count, uint64_t hash, double first,
                          double last)
{
	uint64_t got = bench_fnv1a_doubles(BENCH_FNV_OFFSET, values, count);
	if (got != hash || values[0] != first || values[count - 1] != last) {
		print_error("%s: fnv1a=%016llx first=%.17g last=%.17g, expected fnv1a=%016llx first=%.17g "
		            "last=%.17g\n",
		            name, (unsigned long long)got, values[0], values[count - 1],
		            (unsigned long long)hash, first, last);
		fail();
	}
}

/* Checks a bounding box (2 or 3 dimensions: mins then maxes) against the published one. */
static void check_box(const char *name, const double *box, const double *expected, int size)
{
	int i;
	for (i = 0; i < size; i++) {
		if (box[i] != expected[i]) {
			print_error("%s: bbox[%d] = %.17g, expected %.17g\n", name, i, box[i], expected[i]);
			fail();
		}
	}
}

/* ---- 2.1 ---- */

/* splitmix64 from seed 0 gives the published first outputs of the reference implementation. */
static void test_splitmix64_reference_outputs(void **state)
{
	uint64_t s = 0;
	(void)state;
	assert_int_equal(bench_next(&s), UINT64_C(0xe220a8397b1dcdaf));
	assert_int_equal(bench_next(&s), UINT64_C(0x6e789e6aa1b965f4));
	assert_int_equal(bench_next(&s), UINT64_C(0x06c45d188009454f));
}

/* A rotation's matrix is orthonormal and its quaternion has unit length (to rounding). */
static void test_rotations_are_orthonormal(void **state)
{
	uint64_t s = BENCH_SEED_MM_POSES;
	int i, r, c;
	(void)state;
	for (i = 0; i < 1000; i++) {
		double q[4], R[9];
		bench_rotation(&s, q, R);
		assert_true(fabs(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] - 1.0) < 1e-14);
		for (r = 0; r < 3; r++)
			for (c = 0; c < 3; c++) {
				double dot = R[3 * r] * R[3 * c] + R[3 * r + 1] * R[3 * c + 1] +
				             R[3 * r + 2] * R[3 * c + 2];
				assert_true(fabs(dot - (r == c ? 1.0 : 0.0)) < 1e-14);
			}
	}
}

/* ---- 2.2 polygons ---- */

static void check_star(int n, uint64_t hash, double first, double last, const double box_expected[4])
{
	char name[32];
	double box[4];
	double *xy = bench_star_polygon(n);
	assert_non_null(xy);
	snprintf(name, sizeof name, "star%d", n);
	check_doubles(name, xy, 2 * (size_t)n, hash, first, last);
	bench_bbox2(xy, (size_t)n, box);
	check_box(name, box, box_expected, 4);
	free(xy);
}

static void test_star_polygons(void **state)
{
	static const double box1000[4] = {-1.4750863220922674, -1.4899611035721221, 1.4895245781689017,
	                                  1.4645891579334787};
	static const double box10000[4] = {-1.4981182295680746, -1.4959324019222535, 1.496670748271393,
	                                   1.4946337472293172};
	static const double box100000[4] = {-1.499674059408558, -1.4994558344393774, 1.4993285046915656,
	                                    1.4997259124299955};
	(void)state;
	check_star(1000, UINT64_C(0xc194a62c169a5d05), 1.3678944578312635, -0.0081421866792849174, box1000);
	check_star(10000, UINT64_C(0x6bf3b52bc1dd3fac), 1.2917189308598649, -0.00074871950182391945,
	           box10000);
	check_star(100000, UINT64_C(0x1957eaf97dc70b0a), 1.3353425840543232, -8.9978516004859878e-05,
	           box100000);
}

static void test_regular_polygons(void **state)
{
	double *xy;
	(void)state;
	xy = bench_regular_polygon(8);
	assert_non_null(xy);
	check_doubles("regular8", xy, 16, UINT64_C(0xc00868f3237cb51c), 1, -0.70710678118654768);
	free(xy);
	xy = bench_regular_polygon(1000);
	assert_non_null(xy);
	check_doubles("regular1000", xy, 2000, UINT64_C(0xc980b8eedd4a4253), 1, -0.0062831439655596935);
	free(xy);
}

/* ---- 2.3 2D query sets ---- */

static void test_query_sets_2d(void **state)
{
	double *uv;
	size_t i;
	(void)state;
	uv = bench_queries2_uniform(BENCH_QUERY_COUNT);
	assert_non_null(uv);
	check_doubles("uniform2_unit(1e6)", uv, 2 * (size_t)BENCH_QUERY_COUNT, UINT64_C(0x3e883ee3e44de51d),
	              0.94419351140116037, 0.2059788573573863);
	free(uv);

	uv = bench_queries2_trajectory(BENCH_QUERY_COUNT);
	assert_non_null(uv);
	check_doubles("traj2_unit(1e6)", uv, 2 * (size_t)BENCH_QUERY_COUNT, UINT64_C(0x139fff013cddebc1), 0.5,
	              0.6551680657205573);
	/* The walk stays in the unit square. */
	for (i = 0; i < 2 * (size_t)BENCH_QUERY_COUNT; i++)
		assert_true(uv[i] >= 0.0 && uv[i] <= 1.0);
	free(uv);
}

/* A shorter query set is the prefix of the full one, and mapping to a box is xmin + u (xmax - xmin). */
static void test_query_prefix_and_mapping(void **state)
{
	static const double box[4] = {-2, 1, 2, 5};
	double *full = bench_queries2_trajectory(1000), *part = bench_queries2_trajectory(10);
	double mapped[20];
	(void)state;
	assert_non_null(full);
	assert_non_null(part);
	assert_memory_equal(full, part, 20 * sizeof(double));
	bench_map2(part, 10, box, mapped);
	assert_true(mapped[0] == -2 + 0.5 * 4 && mapped[1] == 1 + 0.5 * 4);
	free(full);
	free(part);
}

/* ---- 2.4 bumpy icospheres ---- */

typedef struct mesh_expectation {
	int level;
	uint64_t vertex_hash, triangle_hash;
	double first, last;
	int vertex_count;
	double box[6];
} mesh_expectation;

/* clang-format off */
static const mesh_expectation mesh_expectations[] = {
	{3, UINT64_C(0xd69fdbd00cffedfd), UINT64_C(0x30888c7ffdd951c9), -0.52573111211913359,
	 0.077875921104859719, 642,
	 {-1.0511289936021038, -1.0511289936021038, -1.0511289936021038, 1.0511289936021038, 1.0511289936021038,
	  1.0511289936021038}},
	{5, UINT64_C(0x5e9519fcaa6d5ec1), UINT64_C(0x313f8b0cb729edd1), -0.52573111211913359, 0, 10242,
	 {-1.0631862104885645, -1.0631862104885645, -1.0631862104885645, 1.0631862104885645, 1.0631862104885645,
	  1.0631862104885645}},
	{6, UINT64_C(0x57559be4aaff628d), UINT64_C(0xf5a6cc525df7950d), -0.52573111211913359,
	 -0.01041520946016682, 40962,
	 {-1.0637658053972696, -1.0637658053972698, -1.0637658053972696, 1.0637658053972696, 1.0637658053972698,
	  1.0637658053972696}},
	{7, UINT64_C(0xcf6e399fb79e8e3d), UINT64_C(0x0a79dede18ba41f5), -0.52573111211913359,
	 -0.0051880338390596038, 163842,
	 {-1.0637658053972696, -1.0637658053972698, -1.0637658053972696, 1.0637658053972696, 1.0637658053972698,
	  1.0637658053972696}},
	{8, UINT64_C(0x4c51876f439b60ad), UINT64_C(0xccc4732ebcce67b1), -0.52573111211913359, 0, 655362,
	 {-1.0637890404761281, -1.0637890404761279, -1.0637890404761281, 1.0637890404761281, 1.0637890404761279,
	  1.0637890404761281}},
};
/* clang-format on */

/* Each published level: vertex and triangle hashes, counts, first and last coordinates, bbox.
 * L8 (1.3 million triangles) takes about 0.2 s, so every level runs in every build. */
static void test_bumpy_spheres(void **state)
{
	size_t k;
	(void)state;
	for (k = 0; k < sizeof mesh_expectations / sizeof mesh_expectations[0]; k++) {
		const mesh_expectation *e = &mesh_expectations[k];
		bench_mesh mesh;
		char name[32];
		uint64_t triangle_hash;
		double box[6];
		snprintf(name, sizeof name, "bumpy_ico L%d", e->level);
		assert_int_equal(bench_bumpy_sphere(e->level, &mesh), 0);
		assert_int_equal(mesh.triangle_count, 20 << (2 * e->level));
		assert_int_equal(mesh.vertex_count, e->vertex_count);
		check_doubles(name, mesh.vertices, 3 * (size_t)mesh.vertex_count, e->vertex_hash, e->first,
		              e->last);
		triangle_hash =
		    bench_fnv1a_int32s(BENCH_FNV_OFFSET, mesh.triangles, 3 * (size_t)mesh.triangle_count);
		if (triangle_hash != e->triangle_hash) {
			print_error("%s: tris fnv1a=%016llx, expected %016llx\n", name,
			            (unsigned long long)triangle_hash, (unsigned long long)e->triangle_hash);
			fail();
		}
		bench_bbox3(mesh.vertices, (size_t)mesh.vertex_count, box);
		check_box(name, box, e->box, 6);
		bench_mesh_free(&mesh);
	}
}

/* The engine's col_mesh_create_bumpy_sphere gives the same vertices and triangles, byte for byte. */
static void test_engine_bumpy_sphere_matches(void **state)
{
	static const int levels[] = {3, 5};
	size_t k;
	(void)state;
	for (k = 0; k < sizeof levels / sizeof levels[0]; k++) {
		bench_mesh expected;
		col_mesh *mesh = NULL;
		col_error error;
		col_status status;
		assert_int_equal(bench_bumpy_sphere(levels[k], &expected), 0);
		status = col_mesh_create_bumpy_sphere(levels[k], &mesh, &error);
		if (status != COL_OK) {
			print_error("col_mesh_create_bumpy_sphere(%d): %s\n", levels[k], error.message);
			fail();
		}
		assert_int_equal(col_mesh_vertex_count(mesh), expected.vertex_count);
		assert_int_equal(col_mesh_triangle_count(mesh), expected.triangle_count);
		assert_memory_equal(col_mesh_vertices(mesh), expected.vertices,
		                    3 * (size_t)expected.vertex_count * sizeof(double));
		assert_memory_equal(col_mesh_triangles(mesh), expected.triangles,
		                    3 * (size_t)expected.triangle_count * sizeof(int32_t));
		col_mesh_destroy(mesh);
		bench_mesh_free(&expected);
	}
}

/* The plain icosphere keeps every vertex on the unit sphere and the counts of docs/benchmarks.md. */
static void test_icosphere_counts(void **state)
{
	int level;
	(void)state;
	for (level = 0; level <= 4; level++) {
		bench_mesh mesh;
		int i;
		assert_int_equal(bench_icosphere(level, &mesh), 0);
		assert_int_equal(mesh.triangle_count, 20 << (2 * level));
		assert_int_equal(mesh.vertex_count, 10 * (1 << (2 * level)) + 2);
		for (i = 0; i < mesh.vertex_count; i++) {
			const double *p = mesh.vertices + 3 * i;
			assert_true(fabs(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - 1.0) < 1e-15);
		}
		bench_mesh_free(&mesh);
	}
	assert_int_equal(bench_icosphere(-1, &(bench_mesh){0}), -1);
}

/* ---- 2.5 - 2.7 ---- */

static void test_query_set_3d(void **state)
{
	double *uvw = bench_queries3_uniform(BENCH_QUERY_COUNT);
	(void)state;
	assert_non_null(uvw);
	check_doubles("uniform3_unit(1e6)", uvw, 3 * (size_t)BENCH_QUERY_COUNT, UINT64_C(0x6e23c87451f987f9),
	              0.20554365655829321, 0.71689688537017571);
	free(uvw);
}

/* The published first and last values of mm_poses are q.x and q.w of pose 0. */
static void test_mm_poses(void **state)
{
	bench_pose *poses = bench_mm_poses(BENCH_MM_POSE_COUNT);
	uint64_t hash;
	(void)state;
	assert_non_null(poses);
	hash = bench_fnv1a_poses(BENCH_FNV_OFFSET, poses, BENCH_MM_POSE_COUNT);
	assert_int_equal(hash, UINT64_C(0x224d589bd0b14cd1));
	assert_true(poses[0].q[0] == 0.5576525865562153);
	assert_true(poses[0].q[3] == 0.69564091837369313);
	free(poses);
}

static void test_hull_clouds(void **state)
{
	double *xyz = bench_hull_clouds(BENCH_HULL_COUNT, BENCH_HULL_POINTS);
	(void)state;
	assert_non_null(xyz);
	check_doubles("hull_clouds(256x32)", xyz, 3 * (size_t)BENCH_HULL_COUNT * BENCH_HULL_POINTS,
	              UINT64_C(0x6eaba627db703a29), -0.17201556814364513, 0.4340403415504569);
	free(xyz);
}

/* The published first and last values of cvx_pairs are the x and z of pair 0's B translation. */
static void test_cvx_pairs(void **state)
{
	bench_cvx_pair *pairs = bench_cvx_pairs(BENCH_CVX_PAIR_COUNT, BENCH_HULL_COUNT);
	uint64_t hash;
	(void)state;
	assert_non_null(pairs);
	hash = bench_fnv1a_cvx_pairs(BENCH_FNV_OFFSET, pairs, BENCH_CVX_PAIR_COUNT);
	assert_int_equal(hash, UINT64_C(0xcfd43975781b8c06));
	assert_int_equal(pairs[0].a, 113);
	assert_int_equal(pairs[0].b, 89);
	assert_true(pairs[0].pose_b.t[0] == -0.26017152137925575);
	assert_true(pairs[0].pose_b.t[2] == -0.0020448168710961198);
	assert_true(pairs[0].pose_a.t[0] == 0 && pairs[0].pose_a.t[1] == 0 && pairs[0].pose_a.t[2] == 0);
	free(pairs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_splitmix64_reference_outputs),
	    cmocka_unit_test(test_rotations_are_orthonormal),
	    cmocka_unit_test(test_star_polygons),
	    cmocka_unit_test(test_regular_polygons),
	    cmocka_unit_test(test_query_sets_2d),
	    cmocka_unit_test(test_query_prefix_and_mapping),
	    cmocka_unit_test(test_icosphere_counts),
	    cmocka_unit_test(test_bumpy_spheres),
	    cmocka_unit_test(test_engine_bumpy_sphere_matches),
	    cmocka_unit_test(test_query_set_3d),
	    cmocka_unit_test(test_mm_poses),
	    cmocka_unit_test(test_hull_clouds),
	    cmocka_unit_test(test_cvx_pairs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
