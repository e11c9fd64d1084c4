/* Vectors, transforms and boxes: the identities every later structure relies on when it moves a
 * query into its local frame instead of rebuilding. */
#include "collide/common.h"
#include "collide/math.h"

#include "support.h"

/* One stream runs through the random tests in the order main lists them. */
static rng stream = {0x4D415448ULL, 0x4D415448ULL}; /* "MATH" */

static void assert_vec2_near(col_vec2 a, col_vec2 b, double tolerance)
{
	if (fabs(a.x - b.x) > tolerance || fabs(a.y - b.y) > tolerance)
		fail_msg("(%.17g, %.17g) != (%.17g, %.17g), seed 0x4D415448", a.x, a.y, b.x, b.y);
}

static void assert_vec3_near(col_vec3 a, col_vec3 b, double tolerance)
{
	if (fabs(a.x - b.x) > tolerance || fabs(a.y - b.y) > tolerance || fabs(a.z - b.z) > tolerance)
		fail_msg("(%.17g, %.17g, %.17g) != (%.17g, %.17g, %.17g), seed 0x4D415448", a.x, a.y, a.z, b.x,
		         b.y, b.z);
}

/* A quarter turn maps x to y; its inverse maps a world point back to the body frame. */
static void test_transform2_quarter_turn(void **state)
{
	(void)state;
	col_transform2 t = col_transform2_make((col_vec2){3, 4}, COL_PI / 2);
	assert_vec2_near(col_transform2_apply(t, (col_vec2){1, 0}), (col_vec2){3, 5}, 1e-15);
	assert_vec2_near(col_transform2_apply_inverse(t, (col_vec2){3, 5}), (col_vec2){1, 0}, 1e-15);
	assert_true(fabs(col_rot2_angle(t.rotation) - COL_PI / 2) < 1e-15);
}

/* compose(b, a) applies a first, and inverse undoes a transform, on random poses. */
static void test_transform2_compose_and_inverse(void **state)
{
	(void)state;
	for (int i = 0; i < 10000; i++) {
		col_transform2 a = col_transform2_make(
		    (col_vec2){rng_in(&stream, -9, 9), rng_in(&stream, -9, 9)}, rng_in(&stream, -4, 4));
		col_transform2 b = col_transform2_make(
		    (col_vec2){rng_in(&stream, -9, 9), rng_in(&stream, -9, 9)}, rng_in(&stream, -4, 4));
		col_vec2 p = {rng_in(&stream, -5, 5), rng_in(&stream, -5, 5)};
		col_vec2 twice = col_transform2_apply(b, col_transform2_apply(a, p));
		assert_vec2_near(col_transform2_apply(col_transform2_compose(b, a), p), twice, 1e-12);
		assert_vec2_near(col_transform2_apply(col_transform2_inverse(a), col_transform2_apply(a, p)), p, 1e-12);
		assert_vec2_near(col_transform2_apply_inverse(a, col_transform2_apply(a, p)), p, 1e-12);
	}
}

/* Quaternion rotation agrees with its matrix, keeps lengths, and composes like the transforms. */
static void test_quaternion_rotation(void **state)
{
	(void)state;
	col_quat quarter_z = col_quat_from_axis_angle((col_vec3){0, 0, 2}, COL_PI / 2);
	assert_vec3_near(col_quat_apply(quarter_z, (col_vec3){1, 0, 0}), (col_vec3){0, 1, 0}, 1e-15);
	assert_vec3_near(col_quat_apply(col_quat_from_axis_angle((col_vec3){0, 0, 0}, 1.0), (col_vec3){1, 2, 3}),
	                 (col_vec3){1, 2, 3}, 0.0);

	for (int i = 0; i < 10000; i++) {
		col_quat q = col_quat_from_axis_angle(rng_vec3(&stream, -1, 1), rng_in(&stream, -4, 4));
		col_quat r = col_quat_normalize((col_quat){rng_in(&stream, -1, 1), rng_in(&stream, -1, 1),
		                                           rng_in(&stream, -1, 1), rng_in(&stream, -1, 1)});
		col_vec3 v = rng_vec3(&stream, -5, 5);
		double m[9];
		col_quat_to_matrix(q, m);
		col_vec3 by_matrix = {m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
		                      m[6] * v.x + m[7] * v.y + m[8] * v.z};
		assert_vec3_near(col_quat_apply(q, v), by_matrix, 1e-12);
		assert_true(fabs(col_vec3_length(col_quat_apply(q, v)) - col_vec3_length(v)) < 1e-12);
		assert_vec3_near(col_quat_apply(col_quat_compose(r, q), v), col_quat_apply(r, col_quat_apply(q, v)), 1e-12);

		col_transform3 t = {q, rng_vec3(&stream, -9, 9)};
		col_transform3 u = {r, rng_vec3(&stream, -9, 9)};
		assert_vec3_near(col_transform3_apply(col_transform3_inverse(t), col_transform3_apply(t, v)), v, 1e-12);
		assert_vec3_near(col_transform3_apply_inverse(t, col_transform3_apply(t, v)), v, 1e-12);
		assert_vec3_near(col_transform3_apply(col_transform3_compose(u, t), v),
		                 col_transform3_apply(u, col_transform3_apply(t, v)), 1e-11);
	}
	col_quat zero = col_quat_normalize((col_quat){0, 0, 0, 0});
	assert_true(zero.w == 1.0 && zero.x == 0.0);
}

/* Boxes are closed (touching overlaps), start empty, and a transformed box holds every moved point. */
/* Normalising scales by the largest component first: {1e200, 0, 0, 0} used to overflow to an
 * infinite length (and come back as zero), {1e-200, 0, 0, 0} to underflow to the identity. */
static void test_quaternion_normalize_extremes(void **state)
{
	(void)state;
	double scales[] = {1e200, 1e-200, 0x1p-1074, 1.7e308, 1.0};
	for (int i = 0; i < 5; ++i) {
		double s = scales[i];
		col_quat q = col_quat_normalize((col_quat){s, 0, 0, 0});
		assert_true(q.x == 1.0 && q.y == 0.0 && q.z == 0.0 && q.w == 0.0);
		q = col_quat_normalize((col_quat){0, -s, 0, s});
		assert_true(fabs(q.y + sqrt(0.5)) < 1e-15 && fabs(q.w - sqrt(0.5)) < 1e-15 && q.x == 0.0);
		q = col_quat_normalize((col_quat){s, s, s, s});
		assert_true(q.x == 0.5 && q.y == 0.5 && q.z == 0.5 && q.w == 0.5);
		col_quat r = col_quat_from_axis_angle((col_vec3){0, 0, s}, 1.0);
		assert_true(fabs(r.z - sin(0.5)) < 1e-15 && fabs(r.w - cos(0.5)) < 1e-15 && r.x == 0.0);
	}
	col_quat id = col_quat_normalize((col_quat){0, 0, 0, 0});
	assert_true(id.w == 1.0 && id.x == 0.0);
	id = col_quat_normalize((col_quat){NAN, 0, 0, 1});
	assert_true(id.w == 1.0 && id.x == 0.0);
	id = col_quat_normalize((col_quat){INFINITY, 0, 0, 1});
	assert_true(id.w == 1.0 && id.x == 0.0);
	id = col_quat_from_axis_angle((col_vec3){NAN, 0, 1}, 1.0);
	assert_true(id.w == 1.0 && id.x == 0.0);
}

static void test_boxes(void **state)
{
	(void)state;
	col_aabb2 empty = col_aabb2_empty();
	assert_true(col_aabb2_is_empty(empty));
	col_vec2 corners[] = {{0, 0}, {2, 1}, {1, -1}};
	col_aabb2 box = col_aabb2_from_points(corners, 3);
	assert_false(col_aabb2_is_empty(box));
	assert_true(box.min.x == 0 && box.min.y == -1 && box.max.x == 2 && box.max.y == 1);
	assert_true(col_aabb2_contains(box, (col_vec2){2, 1}));
	assert_false(col_aabb2_contains(box, (col_vec2){2.0000001, 1}));
	col_aabb2 touching = {{2, 1}, {3, 3}};
	assert_true(col_aabb2_overlaps(box, touching));
	col_aabb2 apart = {{2.5, 1}, {3, 3}};
	assert_false(col_aabb2_overlaps(box, apart));
	assert_true(col_aabb2_is_empty(col_aabb2_transform(empty, col_transform2_identity())));

	for (int i = 0; i < 1000; i++) {
		col_transform2 t = col_transform2_make(
		    (col_vec2){rng_in(&stream, -3, 3), rng_in(&stream, -3, 3)}, rng_in(&stream, -4, 4));
		col_aabb2 moved = col_aabb2_transform(box, t);
		col_vec2 p = {rng_in(&stream, 0, 2), rng_in(&stream, -1, 1)};
		col_vec2 q = col_transform2_apply(t, p);
		assert_true(q.x >= moved.min.x - 1e-12 && q.x <= moved.max.x + 1e-12);
		assert_true(q.y >= moved.min.y - 1e-12 && q.y <= moved.max.y + 1e-12);

		col_aabb3 cube = {{-1, -1, -1}, {1, 1, 1}};
		col_transform3 u = {
		    col_quat_from_axis_angle(rng_vec3(&stream, -1, 1), rng_in(&stream, -4, 4)),
		    rng_vec3(&stream, -3, 3)};
		col_aabb3 moved3 = col_aabb3_transform(cube, u);
		col_vec3 w = col_transform3_apply(u, rng_vec3(&stream, -1, 1));
		assert_true(w.x >= moved3.min.x - 1e-12 && w.x <= moved3.max.x + 1e-12);
		assert_true(w.z >= moved3.min.z - 1e-12 && w.z <= moved3.max.z + 1e-12);
	}
	col_vec3 points[] = {{1, 2, 3}, {-1, 5, 0}};
	col_aabb3 box3 = col_aabb3_from_points(points, 2);
	assert_true(box3.min.x == -1 && box3.max.y == 5 && box3.min.z == 0);
	assert_true(col_aabb3_overlaps(box3, (col_aabb3){{1, 5, 3}, {2, 6, 4}}));
	assert_false(col_aabb3_overlaps(box3, (col_aabb3){{1, 5, 3.5}, {2, 6, 4}}));
	assert_true(col_aabb3_is_empty(col_aabb3_empty()));
}

/* Status and method names are the vocabulary of error messages and of the Lua API. */
static void test_names(void **state)
{
	(void)state;
	assert_string_equal(col_status_name(COL_ERROR_SELF_INTERSECTION), "self-intersection");
	assert_string_equal(col_status_name((col_status)999), "unknown status");
	assert_string_equal(col_method_name(COL_METHOD_WINDING), "winding");
	assert_null(col_method_name(COL_METHOD_COUNT));
	col_method method = COL_METHOD_DEFAULT;
	assert_true(col_method_from_name("crossing", &method));
	assert_int_equal(method, COL_METHOD_CROSSING);
	assert_false(col_method_from_name("bogus", &method));
	assert_false(col_method_from_name(NULL, &method));

	assert_true(col_method_from_name("cone_list", &method));
	assert_int_equal(method, COL_METHOD_CONE_LIST);
	col_query_stats sum, part = {1, 2, 3, 4};
	col_query_stats_reset(&sum);
	col_query_stats_add(&sum, &part);
	col_query_stats_add(&sum, &part);
	assert_true(sum.queries == 2 && sum.nodes_visited == 4 && sum.primitives_tested == 6 &&
	            sum.cache_hits == 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_transform2_quarter_turn),
		cmocka_unit_test(test_transform2_compose_and_inverse),
		cmocka_unit_test(test_quaternion_rotation),
		cmocka_unit_test(test_quaternion_normalize_extremes),
		cmocka_unit_test(test_boxes),
		cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
