/* Points in a polygon on the CPU backend of gpu_polygon.h: the flat copy of the covering grid,
 * counted with filtered signs, must give col_polygon_contains's answer for every point of every
 * class of polygon (convex, star, irregular, holes, comb, spiral, random simple, slivers, integer,
 * pinched), at a pose; points on vertices and edges are handed back and still come out right. */
#include "support.h"

#include <string.h>

#include "collide/gpu_polygon.h"
#include "polygon_cases.h"

static col_gpu *cpu_context(int threads)
{
	col_gpu_options o = col_gpu_default_options();
	o.device = COL_DEVICE_CPU;
	o.cpu_threads = threads;
	col_gpu *gpu;
	col_error error;
	assert_int_equal(col_gpu_create(&o, &gpu, &error), COL_OK);
	return gpu;
}

/* Every class, polygons of growing size, COLLIDE_RANDOM_CASES points of the class in all. */
static void test_every_class_against_the_oracle(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(0);
	rng r = rng_make(rng_env_seed(0x706f6c79));
	for (polygons_class k = 0; k < POLYGONS_CLASS_COUNT; k++) {
		size_t total = 0, handed = 0;
		for (int size = 0; size < 3; size++) {
			col_polygon *polygon = polygons_make(&r, k, size);
			assert_non_null(polygon);
			col_gpu_polygon *gp;
			col_error error;
			assert_int_equal(col_gpu_polygon_create(gpu, polygon, NULL, &gp, &error), COL_OK);
			size_t n = (size_t)COLLIDE_RANDOM_CASES / 3 + 1;
			col_vec2 *points = malloc(n * sizeof *points), *world = malloc(n * sizeof *world);
			uint8_t *inside = malloc(n);
			double angle = rng_in(&r, -3.0, 3.0);
			col_transform2 pose =
			    col_transform2_make((col_vec2){rng_in(&r, -5, 5), rng_in(&r, -5, 5)}, angle);
			for (size_t i = 0; i < n; i++) {
				points[i] = polygons_random_query(&r, polygon);
				world[i] = col_transform2_apply(pose, points[i]);
			}
			col_gpu_stats stats = {0};
			assert_int_equal(
			    col_gpu_polygon_contains_points(gp, &pose, world, n, inside, &stats, &error),
			    COL_OK);
			for (size_t i = 0; i < n; i++) {
				/* the oracle on the point as the polygon's frame sees it: moved back, rounded
				 */
				col_vec2 local = col_transform2_apply_inverse(pose, world[i]);
				bool expected =
				    col_polygon_contains(polygon, local, COL_METHOD_CROSSING, NULL);
				if (inside[i] != expected)
					fail_msg("%s (size %d): point %zu (%a, %a) is %s, the oracle says %s "
					         "(seed %llu)",
					         polygons_class_name(k), size, i, local.x, local.y,
					         inside[i] ? "inside" : "outside",
					         expected ? "inside" : "outside", (unsigned long long)r.seed);
			}
			total += n;
			handed += stats.handed_back;
			free(points);
			free(world);
			free(inside);
			col_gpu_polygon_destroy(gp);
			col_polygon_destroy(polygon);
		}
		print_message("%-14s %zu points, %zu handed back\n", polygons_class_name(k), total, handed);
	}
	col_gpu_destroy(gpu);
}

/* The vertices and edge midpoints of an integer square with a hole, untransformed: on the boundary,
 * inside; the filter cannot certify them, so every one is handed back. */
static void test_boundary_points_are_inside(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(1);
	col_vec2 outer[] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}}, hole[] = {{1, 1}, {1, 3}, {3, 3}, {3, 1}};
	col_contour contours[] = {{outer, 4}, {hole, 4}};
	col_polygon *polygon;
	col_error error;
	assert_int_equal(col_polygon_create(contours, 2, &polygon, &error), COL_OK);
	col_gpu_polygon *gp;
	assert_int_equal(col_gpu_polygon_create(gpu, polygon, NULL, &gp, &error), COL_OK);
	col_vec2 points[] = {{0, 0}, {2, 0}, {4, 2},     {1, 1}, {2, 3},
	                     {3, 2}, {2, 2}, {0.5, 0.5}, {5, 5}, {NAN, 1}};
	const uint8_t expected[] = {1, 1, 1, 1, 1, 1, 0, 1, 0, 0};
	uint8_t inside[10];
	col_gpu_stats stats = {0};
	assert_int_equal(col_gpu_polygon_contains_points(gp, NULL, points, 10, inside, &stats, &error),
	                 COL_OK);
	assert_memory_equal(inside, expected, 10);
	assert_true(stats.handed_back >= 6);
	/* a bad pose and a short buffer are refused, with a message */
	col_transform2 bad = col_transform2_make((col_vec2){NAN, 0}, 0);
	assert_int_equal(col_gpu_polygon_contains_points(gp, &bad, points, 10, inside, NULL, &error),
	                 COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "pose"));
	col_gpu_buffer *small;
	assert_int_equal(col_gpu_buffer_create(gpu, 8, &small, &error), COL_OK);
	assert_int_equal(col_gpu_polygon_contains(gp, NULL, small, 10, small, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	col_gpu_buffer_destroy(small);
	col_gpu_polygon_info info = col_gpu_polygon_get_info(gp);
	assert_int_equal(info.edges, 8);
	assert_true(info.cells > 0 && info.device_bytes > 0);
	col_gpu_polygon_destroy(gp);
	col_polygon_destroy(polygon);
	col_gpu_destroy(gpu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_class_against_the_oracle),
	    cmocka_unit_test(test_boundary_points_are_inside),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
