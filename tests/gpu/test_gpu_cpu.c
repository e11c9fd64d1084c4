/* The large-scene backend's public API (gpu.h, gpu_mesh.h, gpu_broadphase.h, gpu_particles.h) on the
 * CPU backend, against the engine's oracles:
 * - contexts and buffers: the machine's info, device names, refused options (the GPU without one,
 *   more than COL_GPU_MAX_CPU_THREADS workers), copies in and out, ranges beyond a buffer's end, the
 *   memory a context counts (back to zero once everything is destroyed, in every test);
 * - points inside a mesh at a pose: col_octree_contains (every point) and col_mesh_contains_point
 *   (crossing, a share of them) on the point moved into the mesh's frame, for 10^5 random points in
 *   and around bumpy spheres and a torus, on and beside their surfaces, exact points on an integer
 *   box's vertices, edges and faces (inside, handed back) and non-finite points (outside); other
 *   octree layouts (16 levels deep, full depth; 17 refused); 1 and 4 workers give the same bytes;
 * - distances (buffers and host arrays): col_mesh_bvh_closest_point's, the sign from the octree, the
 *   nearest point on the returned triangle; surface-only and open meshes;
 * - segments, triangles and spheres against a mesh, both forms and both searches: col_cga_mesh_query's
 *   counts and hit flags, with degenerate queries on an integer box and invalid ones;
 * - meshes far from the origin, tiny and huge: points, distances and queries as above;
 * - mesh against mesh: col_cga_mesh_mesh's pairs and hit flags, small against large and large against
 *   small (the two sides of the walks), apart, nested, a mesh against itself, and boxes touching face
 *   to face, edge to edge, corner to corner, exactly and after rounded quarter turns;
 * - the broad phase: the all-pairs oracle on random, identical, touching, flat, huge and tiny boxes,
 *   capacities, bad boxes;
 * - particles against one and two moving meshes: 1 and 4 workers and a replay give the same bits;
 *   NONE counts what lies inside and what entered, STICK moves with the mesh, REFLECT puts particles
 *   back outside, respawns land in the spawn box; bad options and steps change nothing;
 * - a context of COL_GPU_MAX_CPU_THREADS workers: right answers and stats.
 *
 * Random streams start from fixed seeds (COLLIDE_SEED replaces them) and name them on failure. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/cga_collide.h"
#include "collide/gpu.h"
#include "collide/gpu_broadphase.h"
#include "collide/gpu_mesh.h"
#include "collide/gpu_particles.h"
#include "collide/mesh.h"
#include "collide/mesh_bvh.h"
#include "collide/octree.h"

#include "support.h"

/* ---- shared helpers ---- */

/* A CPU context with `threads` workers (0: all cores). */
static col_gpu *cpu_context(int threads)
{
	col_gpu_options options = col_gpu_default_options();
	options.device = COL_DEVICE_CPU;
	options.cpu_threads = threads;
	col_gpu *gpu = NULL;
	col_error error;
	check_ok(col_gpu_create(&options, &gpu, &error), &error);
	assert_non_null(gpu);
	assert_int_equal(col_gpu_device(gpu), COL_DEVICE_CPU);
	if (threads > 0)
		assert_int_equal(col_gpu_cpu_threads(gpu), threads);
	return gpu;
}

/* Every object of the context destroyed: its memory count must be back to zero. */
static void destroy_context(col_gpu *gpu)
{
	if (col_gpu_memory_in_use(gpu) != 0)
		fail_msg("the context still counts %zu bytes after every object was destroyed",
		         col_gpu_memory_in_use(gpu));
	col_gpu_destroy(gpu);
}

static col_mesh *bumpy_sphere(int level)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(level, &mesh, &error), &error);
	return mesh;
}

static col_mesh *torus(void)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_torus(1.0, 0.4, 32, 16, &mesh, &error), &error);
	return mesh;
}

static col_mesh *icosphere(int level, double radius)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_icosphere(level, radius, &mesh, &error), &error);
	return mesh;
}

/* An axis-aligned box with integer (or dyadic) corners: every vertex, edge midpoint and face centre
 * is a double, so points and queries can lie exactly on them. */
static col_mesh *box_mesh(double hx, double hy, double hz)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_box((col_vec3){hx, hy, hz}, &mesh, &error), &error);
	return mesh;
}

/* The box with half extents 1, each face split into 2 x 2 squares (48 triangles, outward): vertices on
 * the integer grid {-1, 0, 1}^3, so it touches box_mesh(1, 1, 1) exactly where that one is. */
static col_mesh *subdivided_box(void)
{
	/* the grid {-1, 0, 1}^3 but its centre (13), which no face uses */
	col_vec3 vertices[26];
	int32_t triangles[48 * 3], t = 0;
	for (int i = 0, n = 0; i < 27; i++)
		if (i != 13)
			vertices[n++] = (col_vec3){i % 3 - 1.0, i / 3 % 3 - 1.0, i / 9 - 1.0};
	for (int axis = 0; axis < 3; axis++)
		for (int side = -1; side <= 1; side += 2) {
			/* u, v span the face with u x v along +axis: counter-clockwise seen from outside when
			 * side is +1, reversed when -1 */
			int u = (axis + 1) % 3, v = (axis + 2) % 3;
			for (int a = -1; a < 1; a++)
				for (int b = -1; b < 1; b++) {
					int corner[4][3], index[4];
					const int du[4] = {0, 1, 1, 0}, dv[4] = {0, 0, 1, 1};
					for (int k = 0; k < 4; k++) {
						corner[k][axis] = side;
						corner[k][u] = a + du[k];
						corner[k][v] = b + dv[k];
						index[k] = (corner[k][0] + 1) + 3 * (corner[k][1] + 1) +
						           9 * (corner[k][2] + 1);
						index[k] -= index[k] > 13;
					}
					const int order[2][6] = {{0, 1, 2, 0, 2, 3}, {0, 2, 1, 0, 3, 2}};
					for (int k = 0; k < 6; k++)
						triangles[t++] = index[order[side < 0][k]];
				}
		}
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create(vertices, 26, triangles, 48, &mesh, &error), &error);
	col_mesh_report report;
	check_ok(col_mesh_validate(mesh, &report, &error), &error);
	assert_true(report.closed && report.consistently_oriented && report.outward);
	return mesh;
}

static col_gpu_mesh *upload(col_gpu *gpu, const col_mesh *mesh, bool solid)
{
	col_gpu_mesh_options options = col_gpu_mesh_default_options();
	options.solid = solid;
	col_gpu_mesh *m = NULL;
	col_error error;
	check_ok(col_gpu_mesh_create(gpu, mesh, &options, &m, &error), &error);
	assert_non_null(m);
	return m;
}

static col_gpu_buffer *buffer_of(col_gpu *gpu, size_t bytes, const void *data)
{
	col_gpu_buffer *buffer = NULL;
	col_error error;
	check_ok(col_gpu_buffer_create(gpu, bytes, &buffer, &error), &error);
	if (data != NULL)
		check_ok(col_gpu_buffer_upload(buffer, 0, data, bytes, &error), &error);
	return buffer;
}

static void download(const col_gpu_buffer *buffer, void *data, size_t bytes)
{
	col_error error;
	check_ok(col_gpu_buffer_download(buffer, 0, data, bytes, &error), &error);
}

/* A call that must fail with `expected`, saying why. */
static void expect_failure(col_status status, const col_error *error, col_status expected, const char *what)
{
	if (status != expected)
		fail_msg("%s: got %s, expected %s (message \"%s\")", what, col_status_name(status),
		         col_status_name(expected), error->message);
	if (error->code != expected || error->message[0] == '\0')
		fail_msg("%s: the error record holds %s, \"%s\"", what, col_status_name(error->code),
		         error->message);
}

/* A call that must fail, where the contract does not name the code. */
static void expect_some_failure(col_status status, const col_error *error, const char *what)
{
	if (status == COL_OK)
		fail_msg("%s: accepted", what);
	if (error->message[0] == '\0')
		fail_msg("%s: failed (%s) without a message", what, col_status_name(status));
}

static col_transform3 random_pose(rng *r, double reach)
{
	col_transform3 pose;
	pose.rotation = rng_unit_quat(r);
	pose.translation = rng_vec3(r, -reach, reach);
	return pose;
}

static col_vec3 local_of(const col_transform3 *pose, col_vec3 p)
{
	return pose != NULL ? col_transform3_apply_inverse(*pose, p) : p;
}

static double mesh_size(const col_mesh *mesh)
{
	col_aabb3 b = col_mesh_bounds(mesh);
	return col_vec3_distance(b.min, b.max);
}

/* The largest coordinate magnitude of the mesh's box: a mesh far from the origin rounds on its scale. */
static double mesh_reach(const col_mesh *mesh)
{
	col_aabb3 b = col_mesh_bounds(mesh);
	return fmax(fmax(fmax(fabs(b.min.x), fabs(b.max.x)), fmax(fabs(b.min.y), fabs(b.max.y))),
	            fmax(fabs(b.min.z), fabs(b.max.z)));
}

/* A random point of triangle t (barycentric), so on or within rounding of the surface. */
static col_vec3 point_on_triangle(rng *r, col_triangle t)
{
	double u = rng_unit(r), v = rng_unit(r);
	if (u + v > 1.0) {
		u = 1.0 - u;
		v = 1.0 - v;
	}
	return col_vec3_add(t.a, col_vec3_add(col_vec3_scale(col_vec3_sub(t.b, t.a), u),
	                                      col_vec3_scale(col_vec3_sub(t.c, t.a), v)));
}

/* count world points for a mesh placed by pose (NULL: identity): most uniform in its box grown by
 * 10%, one in four on a random triangle and one in 32 exactly at a vertex (in the mesh's frame,
 * then moved by the pose), and the first four not finite. */
static void make_points(rng *r, const col_mesh *mesh, const col_transform3 *pose, col_vec3 *points,
                        size_t count)
{
	col_aabb3 box = col_mesh_bounds(mesh);
	int triangles = col_mesh_triangle_count(mesh), vertices = col_mesh_vertex_count(mesh);
	for (size_t i = 0; i < count; i++) {
		int pick = rng_int(r, 0, 31);
		col_vec3 local;
		if (pick == 0)
			local = col_mesh_vertices(mesh)[rng_int(r, 0, vertices - 1)];
		else if (pick < 9)
			local = point_on_triangle(r, col_mesh_triangle(mesh, rng_int(r, 0, triangles - 1)));
		else
			local = rng_in_grown_box(r, box);
		points[i] = pose != NULL ? col_transform3_apply(*pose, local) : local;
	}
	const col_vec3 bad[4] = {
	    {NAN, 0.0, 0.0}, {0.0, NAN, 0.0}, {INFINITY, 0.0, 0.0}, {0.0, 0.0, -INFINITY}};
	for (size_t i = 0; i < 4 && i < count; i++)
		points[i] = bad[i];
}

/* ---- 1. contexts and buffers ---- */

/* The info of a machine without a usable GPU: CPU threads, a reason; names round trip; a GPU context
 * is refused with a message; bad options are refused. */
static void test_context(void **state)
{
	(void)state;
	col_gpu_info info;
	memset(&info, 0x5a, sizeof info);
	col_gpu_get_info(&info);
	assert_true(info.cpu_threads >= 1);
	assert_int_equal(col_gpu_available(), info.available);
#ifndef COLLIDE_HAVE_CUDA
	assert_false(info.compiled); /* no kernels in this build */
#endif
	if (!info.compiled)
		assert_false(info.available);
	if (!info.available)
		assert_true(info.reason[0] != '\0' && memchr(info.reason, '\0', sizeof info.reason) != NULL);
	col_gpu_get_info(NULL); /* never fails */

	/* names */
	const col_device devices[3] = {COL_DEVICE_AUTO, COL_DEVICE_GPU, COL_DEVICE_CPU};
	const char *names[3] = {"auto", "gpu", "cpu"};
	for (int k = 0; k < 3; k++) {
		assert_non_null(col_device_name(devices[k]));
		assert_string_equal(col_device_name(devices[k]), names[k]);
		col_device back = (col_device)99;
		assert_true(col_device_from_name(col_device_name(devices[k]), &back));
		assert_int_equal(back, devices[k]);
	}
	assert_null(col_device_name((col_device)3));
	assert_null(col_device_name((col_device)-1));
	col_device untouched = COL_DEVICE_CPU;
	assert_false(col_device_from_name("tpu", &untouched));
	assert_false(col_device_from_name("", &untouched));
	assert_false(col_device_from_name("CPU ", &untouched));
	assert_false(col_device_from_name(NULL, &untouched));
	assert_int_equal(untouched, COL_DEVICE_CPU);

	/* the GPU asked for, on a machine without one: refused, saying why */
	col_error error;
	col_gpu *gpu = (col_gpu *)&error; /* any non-NULL value: a failure must set it to NULL */
	col_gpu_options options = col_gpu_default_options();
	assert_int_equal(options.device, COL_DEVICE_AUTO);
	assert_int_equal(options.cpu_threads, 0);
	options.device = COL_DEVICE_GPU;
	col_status status = col_gpu_create(&options, &gpu, &error);
	if (info.available) {
		check_ok(status, &error);
		assert_int_equal(col_gpu_device(gpu), COL_DEVICE_GPU);
		col_gpu_destroy(gpu);
	} else {
		expect_failure(status, &error, COL_ERROR_UNSUPPORTED, "a GPU context without a GPU");
		assert_null(gpu);
	}

	/* bad options */
	options = col_gpu_default_options();
	options.device = COL_DEVICE_CPU;
	options.cpu_threads = -1;
	gpu = (col_gpu *)&error;
	expect_failure(col_gpu_create(&options, &gpu, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "cpu_threads -1");
	assert_null(gpu);
	options.cpu_threads = COL_GPU_MAX_CPU_THREADS + 1;
	expect_failure(col_gpu_create(&options, &gpu, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "cpu_threads past COL_GPU_MAX_CPU_THREADS");
	assert_null(gpu);
	options.cpu_threads = 0;
	options.device = (col_device)7;
	expect_failure(col_gpu_create(&options, &gpu, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "an unknown device");
	expect_failure(col_gpu_create(NULL, NULL, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a NULL output pointer");

	/* NULL options: AUTO, all cores; here AUTO is the CPU unless a GPU can be used */
	check_ok(col_gpu_create(NULL, &gpu, &error), &error);
	assert_int_equal(col_gpu_device(gpu), info.available ? COL_DEVICE_GPU : COL_DEVICE_CPU);
	assert_int_equal(col_gpu_cpu_threads(gpu), info.cpu_threads);
	assert_int_equal(col_gpu_memory_in_use(gpu), 0);
	col_gpu_destroy(gpu);
	options = col_gpu_default_options();
	options.cpu_threads = 3;
	check_ok(col_gpu_create(&options, &gpu, &error), &error);
	assert_int_equal(col_gpu_cpu_threads(gpu), 3);
	col_gpu_destroy(gpu);

	/* NULL objects read as nothing */
	col_gpu_destroy(NULL);
	assert_int_equal(col_gpu_memory_in_use(NULL), 0);
}

/* Copies in and out, ranges beyond the end (refused, the buffer unchanged), and the memory the
 * context counts: up by each buffer and mesh, back to the start when they are gone. */
static void test_buffers(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(2);
	col_error error;
	size_t start = col_gpu_memory_in_use(gpu);
	assert_int_equal(start, 0);

	enum { SIZE = 1000 };
	uint8_t data[SIZE], back[SIZE], expected[SIZE];
	for (int i = 0; i < SIZE; i++)
		data[i] = (uint8_t)(i * 7 + 3);
	col_gpu_buffer *a = NULL, *b = NULL, *empty = NULL;
	check_ok(col_gpu_buffer_create(gpu, SIZE, &a, &error), &error);
	assert_int_equal(col_gpu_buffer_size(a), SIZE);
	assert_int_equal(col_gpu_memory_in_use(gpu), start + SIZE);
	check_ok(col_gpu_buffer_create(gpu, 24, &b, &error), &error);
	assert_int_equal(col_gpu_memory_in_use(gpu), start + SIZE + 24);
	check_ok(col_gpu_buffer_create(gpu, 0, &empty, &error), &error);
	assert_int_equal(col_gpu_buffer_size(empty), 0);
	assert_int_equal(col_gpu_memory_in_use(gpu), start + SIZE + 24);

	/* the whole buffer, then a part of it */
	check_ok(col_gpu_buffer_upload(a, 0, data, SIZE, &error), &error);
	memset(back, 0, SIZE);
	download(a, back, SIZE);
	assert_memory_equal(back, data, SIZE);
	uint8_t patch[50];
	memset(patch, 0xc3, sizeof patch);
	check_ok(col_gpu_buffer_upload(a, 100, patch, sizeof patch, &error), &error);
	memcpy(expected, data, SIZE);
	memcpy(expected + 100, patch, sizeof patch);
	download(a, back, SIZE);
	assert_memory_equal(back, expected, SIZE);
	uint8_t tail[10];
	check_ok(col_gpu_buffer_download(a, SIZE - 10, tail, 10, &error), &error);
	assert_memory_equal(tail, expected + SIZE - 10, 10);
	/* empty ranges up to the end are fine */
	check_ok(col_gpu_buffer_upload(a, SIZE, data, 0, &error), &error);
	check_ok(col_gpu_buffer_download(empty, 0, back, 0, &error), &error);

	/* beyond the end: refused, nothing written either way */
	expect_failure(col_gpu_buffer_upload(a, SIZE - 10, data, 20, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "upload of 990 .. 1010 into 1000 bytes");
	expect_failure(col_gpu_buffer_upload(a, SIZE + 1, data, 0, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "upload at offset 1001 of 1000 bytes");
	expect_failure(col_gpu_buffer_upload(a, 10, data, SIZE_MAX, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "upload of SIZE_MAX bytes (offset + bytes wraps)");
	expect_failure(col_gpu_buffer_upload(empty, 0, data, 1, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "upload of one byte into an empty buffer");
	download(a, back, SIZE);
	assert_memory_equal(back, expected, SIZE);
	memset(back, 0x77, SIZE);
	expect_failure(col_gpu_buffer_download(a, 1, back, SIZE, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "download of 1 .. 1001 from 1000 bytes");
	for (int i = 0; i < SIZE; i++)
		assert_int_equal(back[i], 0x77);
	expect_failure(col_gpu_buffer_upload(NULL, 0, data, 1, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "upload into a NULL buffer");
	expect_failure(col_gpu_buffer_upload(a, 0, NULL, 1, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "upload from NULL data");
	expect_failure(col_gpu_buffer_download(a, 0, NULL, 1, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "download to NULL data");
	col_gpu_buffer *none = (col_gpu_buffer *)&error;
	expect_failure(col_gpu_buffer_create(NULL, 8, &none, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a buffer of a NULL context");
	assert_null(none);
	expect_failure(col_gpu_buffer_create(gpu, 8, NULL, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a buffer without an output pointer");
	assert_int_equal(col_gpu_memory_in_use(gpu), start + SIZE + 24);

	/* a mesh counts what it uploaded, and gives it back */
	col_mesh *mesh = bumpy_sphere(2);
	size_t before = col_gpu_memory_in_use(gpu);
	col_gpu_mesh *m = upload(gpu, mesh, true);
	col_gpu_mesh_info mi = col_gpu_mesh_get_info(m);
	assert_int_equal(mi.triangles, col_mesh_triangle_count(mesh));
	assert_true(mi.solid);
	assert_true(mi.device_bytes > 0);
	assert_true(mi.octree_cells >= 1 && mi.octree_leaves >= 1 && mi.bvh_nodes >= 1);
	assert_int_equal(col_gpu_memory_in_use(gpu), before + mi.device_bytes);
	assert_int_equal(col_mesh_triangle_count(col_gpu_mesh_source(m)), col_mesh_triangle_count(mesh));
	col_gpu_mesh_destroy(m);
	assert_int_equal(col_gpu_memory_in_use(gpu), before);
	col_gpu_mesh *bad = (col_gpu_mesh *)&error;
	expect_failure(col_gpu_mesh_create(NULL, mesh, NULL, &bad, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a mesh on a NULL context");
	assert_null(bad);
	expect_failure(col_gpu_mesh_create(gpu, NULL, NULL, &bad, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a NULL mesh");
	col_mesh_destroy(mesh);

	col_gpu_buffer_destroy(a);
	col_gpu_buffer_destroy(b);
	col_gpu_buffer_destroy(empty);
	col_gpu_buffer_destroy(NULL);
	assert_int_equal(col_gpu_buffer_size(NULL), 0);
	assert_int_equal(col_gpu_memory_in_use(gpu), start);
	destroy_context(gpu);
}

/* ---- 2. points inside ---- */

/* col_mesh_contains_point's crossing count, the brute force: a point outside the mesh's box is
 * outside it (exact), which spares the pass over every triangle for a good third of the points. */
static bool crossing_contains(const col_mesh *mesh, col_vec3 q)
{
	return col_aabb3_contains(col_mesh_bounds(mesh), q) &&
	       col_mesh_contains_point(mesh, q, COL_METHOD_CROSSING, NULL);
}

/* Every way in (device buffers on a 1-worker context, host arrays and buffers on a 4-worker one)
 * gives the same bytes, and each is col_octree_contains's answer on the point moved into the mesh's
 * frame, and col_mesh_contains_point's (crossing) on every stride-th point (the brute-force count
 * costs a pass over the triangles a point). Returns the 1-worker call's stats. */
static col_gpu_stats check_contains(col_gpu *one, col_gpu *four, const col_mesh *mesh,
                                    const col_transform3 *pose, const col_vec3 *points, size_t count,
                                    size_t stride, const rng *r, const char *what)
{
	col_error error;
	col_gpu_mesh *m1 = upload(one, mesh, true), *m4 = upload(four, mesh, true);
	const col_octree *tree = col_gpu_mesh_octree(m1);
	assert_non_null(tree);
	uint8_t *a = malloc(count), *b = malloc(count), *c = malloc(count);
	assert_true(a != NULL && b != NULL && c != NULL);
	memset(a, 0xee, count);
	memset(b, 0xee, count);
	memset(c, 0xee, count);
	col_gpu_stats s1, s4, s4b;
	memset(&s1, 0, sizeof s1);
	memset(&s4, 0, sizeof s4);
	memset(&s4b, 0, sizeof s4b);

	col_gpu_buffer *in1 = buffer_of(one, count * sizeof *points, points),
	               *out1 = buffer_of(one, count, NULL);
	check_ok(col_gpu_mesh_contains(m1, pose, in1, count, out1, &s1, &error), &error);
	download(out1, a, count);
	check_ok(col_gpu_mesh_contains_points(m4, pose, points, count, b, &s4, &error), &error);
	col_gpu_buffer *in4 = buffer_of(four, count * sizeof *points, points),
	               *out4 = buffer_of(four, count, NULL);
	check_ok(col_gpu_mesh_contains(m4, pose, in4, count, out4, &s4b, &error), &error);
	download(out4, c, count);

	uint64_t inside = 0;
	for (size_t i = 0; i < count; i++) {
		col_vec3 q = local_of(pose, points[i]);
		bool expected = col_octree_contains(tree, q, NULL);
		if (a[i] != expected)
			FAIL_CASE(r, (int)i, "%s: contains says %d for (%.17g, %.17g, %.17g), the octree %d",
			          what, a[i], points[i].x, points[i].y, points[i].z, expected);
		if (b[i] != a[i] || c[i] != a[i])
			FAIL_CASE(r, (int)i,
			          "%s: 1 worker says %d, 4 workers %d (host arrays) and %d (buffers)", what,
			          a[i], b[i], c[i]);
		if (i % stride == 0 &&
		    crossing_contains(mesh, q) != expected)
			FAIL_CASE(r, (int)i,
			          "%s: the octree and the crossing count disagree at (%.17g, %.17g, %.17g)",
			          what, q.x, q.y, q.z);
		if (!col_vec3_is_finite(points[i]) && a[i] != 0)
			FAIL_CASE(r, (int)i, "%s: a non-finite point is inside", what);
		inside += a[i];
	}
	/* the stats: every point counted, the insides, the same hand-backs whatever the workers */
	assert_int_equal(s1.queries, count);
	assert_int_equal(s1.hits, inside);
	assert_int_equal(s4.queries, count);
	assert_int_equal(s4.hits, inside);
	assert_int_equal(s4.handed_back, s1.handed_back);
	assert_int_equal(s4b.handed_back, s1.handed_back);
	assert_true(s1.handed_back <= count);
	assert_true(s1.compute_ms >= 0.0);

	col_gpu_buffer_destroy(in1);
	col_gpu_buffer_destroy(out1);
	col_gpu_buffer_destroy(in4);
	col_gpu_buffer_destroy(out4);
	col_gpu_mesh_destroy(m1);
	col_gpu_mesh_destroy(m4);
	free(a);
	free(b);
	free(c);
	return s1;
}

/* 10^5 random world points around a bumpy sphere and a torus at random poses (and unposed), against
 * the engine on the points moved into the mesh's frame. */
static void test_contains_random(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *meshes[3] = {bumpy_sphere(3), torus(), bumpy_sphere(4)};
	const char *names[3] = {"bumpy sphere level 3", "torus 32 x 16", "bumpy sphere level 4"};
	size_t count = COLLIDE_RANDOM_CASES;
	col_vec3 *points = malloc(count * sizeof *points);
	assert_non_null(points);
	for (int k = 0; k < 3; k++) {
		rng r = rng_make(rng_env_seed(0x6770750001ULL + (uint64_t)k));
		col_transform3 pose = random_pose(&r, 2.0);
		/* the crossing count on a quarter of the points (a sixteenth on the level-4 sphere, whose
		 * triangles are 4 times more): the octree is checked on all */
		make_points(&r, meshes[k], &pose, points, count);
		col_gpu_stats stats =
		    check_contains(one, four, meshes[k], &pose, points, count, k == 2 ? 16 : 4, &r, names[k]);
		assert_true(stats.hits > count / 20); /* both answers are common */
		assert_true(stats.hits < count - count / 20);
		/* unposed (the identity given as NULL): the vertices and points on triangles exactly there */
		make_points(&r, meshes[k], NULL, points, count / 4);
		check_contains(one, four, meshes[k], NULL, points, count / 4, k == 2 ? 16 : 4, &r, names[k]);
	}
	for (int k = 0; k < 3; k++)
		col_mesh_destroy(meshes[k]);
	free(points);
	destroy_context(one);
	destroy_context(four);
}

/* The box with half extents 1 and the points of the grid {-2, -1.5, .., 2}^3: inside exactly where
 * every |coordinate| <= 1, the 98 of them on the surface included; its vertices and edge points are
 * handed back to the engine. Placed by a whole-number translation, so the world points are exact. */
static void test_contains_exact(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *box = box_mesh(1.0, 1.0, 1.0);
	enum { SIDE = 9, GRID = SIDE * SIDE * SIDE };
	col_vec3 points[GRID + 2];
	bool expected[GRID + 2];
	int on_vertices_and_edges = 0, on_surface = 0;
	const col_transform3 shift = {col_quat_identity(), {3.0, -2.0, 5.0}};
	for (int i = 0; i < GRID; i++) {
		double x = -2.0 + 0.5 * (i % SIDE), y = -2.0 + 0.5 * (i / SIDE % SIDE),
		       z = -2.0 + 0.5 * (i / SIDE / SIDE);
		points[i] = col_vec3_add((col_vec3){x, y, z}, shift.translation);
		expected[i] = fabs(x) <= 1.0 && fabs(y) <= 1.0 && fabs(z) <= 1.0;
		int faces = (fabs(x) == 1.0) + (fabs(y) == 1.0) + (fabs(z) == 1.0);
		on_vertices_and_edges += expected[i] && faces >= 2;
		on_surface += expected[i] && faces >= 1;
	}
	assert_int_equal(on_vertices_and_edges, 8 + 12 * 3);
	assert_int_equal(on_surface, 98);
	points[GRID] = (col_vec3){NAN, NAN, NAN};
	expected[GRID] = false;
	points[GRID + 1] = (col_vec3){3.0, -2.0, INFINITY};
	expected[GRID + 1] = false;

	rng r = rng_make(0); /* no randomness: the seed is only for the messages */
	col_gpu_stats stats = check_contains(one, four, box, &shift, points, GRID + 2, 1, &r, "integer box");
	assert_true(stats.handed_back >= (uint64_t)on_vertices_and_edges);
	col_gpu_mesh *m = upload(four, box, true);
	uint8_t inside[GRID + 2];
	col_gpu_stats s4;
	memset(&s4, 0, sizeof s4);
	col_error error;
	check_ok(col_gpu_mesh_contains_points(m, &shift, points, GRID + 2, inside, &s4, &error), &error);
	for (int i = 0; i < GRID + 2; i++)
		if (inside[i] != expected[i])
			fail_msg("integer box: point %d (%g, %g, %g) comes out %d, expected %d", i,
			         points[i].x, points[i].y, points[i].z, inside[i], expected[i]);
	assert_true(s4.handed_back >= (uint64_t)on_vertices_and_edges);
	assert_int_equal(s4.hits, 125);
	/* stats add up over calls */
	check_ok(col_gpu_mesh_contains_points(m, &shift, points, GRID + 2, inside, &s4, &error), &error);
	assert_int_equal(s4.queries, 2 * (GRID + 2));
	assert_int_equal(s4.hits, 250);
	/* no points: fine, nothing written */
	check_ok(col_gpu_mesh_contains_points(m, NULL, NULL, 0, NULL, NULL, &error), &error);
	col_gpu_mesh_destroy(m);
	col_mesh_destroy(box);
	destroy_context(one);
	destroy_context(four);
}

/* Bad calls: a surface mesh, a buffer too small, a buffer of another context, a non-finite pose. */
static void test_contains_bad_calls(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(2), *other = cpu_context(1);
	col_mesh *mesh = bumpy_sphere(2);
	col_gpu_mesh *solid = upload(gpu, mesh, true), *surface = upload(gpu, mesh, false);
	col_error error;
	col_vec3 points[8] = {{0, 0, 0}};
	uint8_t inside[8];
	col_gpu_buffer *in = buffer_of(gpu, sizeof points, points), *out = buffer_of(gpu, 8, NULL);
	col_gpu_buffer *small = buffer_of(gpu, 7, NULL), *foreign = buffer_of(other, 8, NULL);
	expect_failure(col_gpu_mesh_contains(surface, NULL, in, 8, out, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "contains on a surface mesh");
	expect_failure(col_gpu_mesh_contains_points(surface, NULL, points, 8, inside, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "contains_points on a surface mesh");
	expect_failure(col_gpu_mesh_contains(solid, NULL, in, 8, small, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "an inside buffer of 7 bytes for 8 points");
	expect_failure(col_gpu_mesh_contains(solid, NULL, in, 9, out, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "9 points in a buffer of 8");
	expect_failure(col_gpu_mesh_contains(solid, NULL, in, 8, foreign, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a buffer of another context");
	expect_failure(col_gpu_mesh_contains(NULL, NULL, in, 8, out, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a NULL mesh");
	/* a pose with a NaN or infinite component: not finite (gpu_mesh.h), nothing written */
	col_transform3 nan_pose = col_transform3_identity(), inf_pose = col_transform3_identity();
	nan_pose.translation.y = NAN;
	inf_pose.rotation.x = INFINITY;
	memset(inside, 0x5a, sizeof inside);
	expect_failure(col_gpu_mesh_contains(solid, &nan_pose, in, 8, out, NULL, &error), &error,
	               COL_ERROR_NOT_FINITE, "contains with a NaN pose");
	expect_failure(col_gpu_mesh_contains_points(solid, &nan_pose, points, 8, inside, NULL, &error),
	               &error, COL_ERROR_NOT_FINITE, "contains_points with a NaN pose");
	expect_failure(col_gpu_mesh_contains_points(solid, &inf_pose, points, 8, inside, NULL, &error),
	               &error, COL_ERROR_NOT_FINITE, "contains_points with an infinite rotation");
	for (int i = 0; i < 8; i++)
		assert_int_equal(inside[i], 0x5a);
	double distance[8];
	expect_some_failure(
	    col_gpu_mesh_distance_points(solid, &nan_pose, points, 8, distance, NULL, NULL, NULL, &error),
	    &error, "distance_points with a NaN pose");
	assert_null(col_gpu_mesh_octree(surface));
	assert_false(col_gpu_mesh_get_info(surface).solid);
	col_gpu_buffer_destroy(in);
	col_gpu_buffer_destroy(out);
	col_gpu_buffer_destroy(small);
	col_gpu_buffer_destroy(foreign);
	col_gpu_mesh_destroy(solid);
	col_gpu_mesh_destroy(surface);
	col_mesh_destroy(mesh);
	destroy_context(gpu);
	destroy_context(other);
}

/* Other octree layouts: as deep as the layout goes (16 levels), a full-depth tree, and one level
 * more (refused as unsupported); an open mesh (refused as solid, fine as a surface). Points against
 * the engine as above. */
static void test_contains_layouts(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *mesh = bumpy_sphere(2);
	col_error error;
	size_t count = COLLIDE_RANDOM_CASES / 10;
	col_vec3 *points = malloc(count * sizeof *points);
	uint8_t *inside = malloc(count);
	assert_true(points != NULL && inside != NULL);
	rng r = rng_make(rng_env_seed(0x6770750011ULL));
	const struct {
		const char *name;
		col_octree_options octree;
		int depth; /* the tree's expected depth; -1 for a refused one */
	} layouts[] = {
	    {"16 levels", {16, 2, 0, false}, 16},
	    {"full depth 3", {0, 0, 512, true}, 3},
	    {"one triangle a leaf, 6 levels", {6, 1, 0, false}, 6},
	    {"17 levels", {17, 2, 0, false}, -1},
	};
	for (int k = 0; k < (int)(sizeof layouts / sizeof *layouts); k++) {
		col_gpu_mesh_options options = col_gpu_mesh_default_options();
		options.octree = layouts[k].octree;
		col_gpu_mesh *m1 = (col_gpu_mesh *)&error, *m4 = NULL;
		col_status status = col_gpu_mesh_create(one, mesh, &options, &m1, &error);
		if (layouts[k].depth < 0) {
			expect_failure(status, &error, COL_ERROR_UNSUPPORTED, layouts[k].name);
			assert_null(m1);
			assert_int_equal(col_gpu_memory_in_use(one), 0);
			continue;
		}
		check_ok(status, &error);
		check_ok(col_gpu_mesh_create(four, mesh, &options, &m4, &error), &error);
		assert_int_equal(col_gpu_mesh_get_info(m1).octree_depth, layouts[k].depth);
		col_transform3 pose = random_pose(&r, 1.0);
		make_points(&r, mesh, &pose, points, count);
		uint8_t *other = malloc(count);
		assert_non_null(other);
		check_ok(col_gpu_mesh_contains_points(m1, &pose, points, count, inside, NULL, &error),
		         &error);
		check_ok(col_gpu_mesh_contains_points(m4, &pose, points, count, other, NULL, &error), &error);
		assert_memory_equal(inside, other, count);
		for (size_t i = 0; i < count; i++) {
			col_vec3 q = col_transform3_apply_inverse(pose, points[i]);
			bool expected = crossing_contains(mesh, q);
			if (inside[i] != expected)
				FAIL_CASE(
				    &r, (int)i,
				    "%s: contains says %d at (%.17g, %.17g, %.17g), the crossing count %d",
				    layouts[k].name, inside[i], q.x, q.y, q.z, expected);
		}
		free(other);
		col_gpu_mesh_destroy(m1);
		col_gpu_mesh_destroy(m4);
	}

	/* the box without its last triangle: open */
	col_mesh *box = box_mesh(1.0, 1.0, 1.0), *open = NULL;
	check_ok(col_mesh_create(col_mesh_vertices(box), 8, col_mesh_triangles(box), 11, &open, &error),
	         &error);
	col_gpu_mesh *bad = (col_gpu_mesh *)&error;
	expect_failure(col_gpu_mesh_create(four, open, NULL, &bad, &error), &error, COL_ERROR_TOPOLOGY,
	               "a solid of an open mesh");
	assert_null(bad);
	assert_int_equal(col_gpu_memory_in_use(four), 0);
	col_gpu_mesh_options surface = col_gpu_mesh_default_options();
	surface.solid = false;
	col_gpu_mesh *m = NULL;
	check_ok(col_gpu_mesh_create(four, open, &surface, &m, &error), &error);
	/* its distances are the engine's surface-only BVH's, never negative */
	col_mesh_bvh_options bvh_options = col_mesh_bvh_default_options();
	bvh_options.surface_only = true;
	col_mesh_bvh *bvh = NULL;
	check_ok(col_mesh_bvh_build(open, &bvh_options, &bvh, &error), &error);
	enum { N = 1000 };
	col_vec3 p[N];
	double d[N];
	for (int i = 0; i < N; i++)
		p[i] = rng_in_grown_box(&r, col_mesh_bounds(open));
	col_gpu_buffer *in = buffer_of(four, sizeof p, p), *out = buffer_of(four, sizeof d, NULL);
	check_ok(col_gpu_mesh_distance(m, NULL, in, N, out, NULL, NULL, NULL, &error), &error);
	download(out, d, sizeof d);
	for (int i = 0; i < N; i++) {
		double engine = col_mesh_bvh_closest_point(bvh, p[i], NULL, NULL, NULL);
		if (signbit(d[i]) || !(fabs(d[i] - engine) <= 1e-12 * mesh_size(open)))
			FAIL_CASE(&r, i, "open box: distance %.17g, the engine's %.17g", d[i], engine);
	}
	col_gpu_buffer_destroy(in);
	col_gpu_buffer_destroy(out);
	col_mesh_bvh_destroy(bvh);
	col_gpu_mesh_destroy(m);
	col_mesh_destroy(open);
	col_mesh_destroy(box);
	free(points);
	free(inside);
	col_mesh_destroy(mesh);
	destroy_context(one);
	destroy_context(four);
}

/* ---- 3. distances ---- */

/* Distances on a 1-worker and a 4-worker context (the same bits), each against the engine's BVH:
 * the magnitude is col_mesh_bvh_closest_point's to 1e-12 of the mesh's size (or of its coordinates'
 * magnitude, for a mesh far from the origin), the sign is the octree's (a zero only on the
 * surface), the nearest point lies on the returned triangle. */
static void check_distances(col_gpu *one, col_gpu *four, const col_mesh *mesh, const col_transform3 *pose,
                            const col_vec3 *points, size_t count, const rng *r, const char *what)
{
	col_error error;
	col_gpu_mesh *m1 = upload(one, mesh, true), *m4 = upload(four, mesh, true),
	             *s4 = upload(four, mesh, false);
	const col_octree *tree = col_gpu_mesh_octree(m1);
	col_mesh_bvh *bvh = NULL;
	check_ok(col_mesh_bvh_build(mesh, NULL, &bvh, &error), &error);
	double tolerance = 1e-12 * fmax(mesh_size(mesh), mesh_reach(mesh));
	int triangles = col_mesh_triangle_count(mesh);

	double *d1 = malloc(count * sizeof *d1), *d4 = malloc(count * sizeof *d4),
	       *ds = malloc(count * sizeof *ds);
	col_vec3 *c1 = malloc(count * sizeof *c1), *c4 = malloc(count * sizeof *c4);
	int32_t *t1 = malloc(count * sizeof *t1), *t4 = malloc(count * sizeof *t4);
	assert_true(d1 && d4 && ds && c1 && c4 && t1 && t4);
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	col_gpu_buffer *p1 = buffer_of(one, count * sizeof *points, points),
	               *bd1 = buffer_of(one, count * 8, NULL);
	col_gpu_buffer *bc1 = buffer_of(one, count * sizeof(col_vec3), NULL),
	               *bt1 = buffer_of(one, count * 4, NULL);
	check_ok(col_gpu_mesh_distance(m1, pose, p1, count, bd1, bc1, bt1, &stats, &error), &error);
	download(bd1, d1, count * 8);
	download(bc1, c1, count * sizeof(col_vec3));
	download(bt1, t1, count * 4);
	col_gpu_buffer *p4 = buffer_of(four, count * sizeof *points, points),
	               *bd4 = buffer_of(four, count * 8, NULL);
	col_gpu_buffer *bc4 = buffer_of(four, count * sizeof(col_vec3), NULL),
	               *bt4 = buffer_of(four, count * 4, NULL);
	check_ok(col_gpu_mesh_distance(m4, pose, p4, count, bd4, bc4, bt4, NULL, &error), &error);
	download(bd4, d4, count * 8);
	download(bc4, c4, count * sizeof(col_vec3));
	download(bt4, t4, count * 4);
	assert_memory_equal(d1, d4, count * sizeof *d1);
	assert_memory_equal(c1, c4, count * sizeof *c1);
	assert_memory_equal(t1, t4, count * sizeof *t1);
	/* the host-array form: the same bits */
	memset(d4, 0xee, count * sizeof *d4);
	memset(c4, 0xee, count * sizeof *c4);
	memset(t4, 0xee, count * sizeof *t4);
	check_ok(col_gpu_mesh_distance_points(m4, pose, points, count, d4, c4, t4, NULL, &error), &error);
	assert_memory_equal(d1, d4, count * sizeof *d1);
	assert_memory_equal(c1, c4, count * sizeof *c1);
	assert_memory_equal(t1, t4, count * sizeof *t1);
	/* the surface mesh, without the nearest points: unsigned distances */
	check_ok(col_gpu_mesh_distance(s4, pose, p4, count, bd4, NULL, NULL, NULL, &error), &error);
	download(bd4, ds, count * 8);
	assert_int_equal(stats.queries, count);

	for (size_t i = 0; i < count; i++) {
		if (!col_vec3_is_finite(points[i]))
			continue; /* the contract does not say what a non-finite point's distance is */
		col_vec3 q = local_of(pose, points[i]), engine_point;
		int engine_triangle = -1;
		double engine = col_mesh_bvh_closest_point(bvh, q, &engine_point, &engine_triangle, NULL);
		bool inside = col_octree_contains(tree, q, NULL);
		double d = d1[i];
		if (!(fabs(fabs(d) - engine) <= tolerance))
			FAIL_CASE(r, (int)i,
			          "%s: |distance| %.17g, the engine's %.17g at (%.17g, %.17g, %.17g)", what,
			          d, engine, q.x, q.y, q.z);
		if (d != 0.0 ? (d < 0.0) != inside : engine > tolerance)
			FAIL_CASE(r, (int)i,
			          "%s: distance %.17g, but the octree says %s (engine distance %.17g)", what,
			          d, inside ? "inside" : "outside", engine);
		if (t1[i] < 0 || t1[i] >= triangles)
			FAIL_CASE(r, (int)i, "%s: nearest triangle %d of %d", what, t1[i], triangles);
		col_vec3 on = col_triangle_closest_point(col_mesh_triangle(mesh, t1[i]), q);
		if (!(col_vec3_distance(on, c1[i]) <= tolerance))
			FAIL_CASE(r, (int)i,
			          "%s: nearest point (%.17g, %.17g, %.17g) is %.3g off its triangle %d", what,
			          c1[i].x, c1[i].y, c1[i].z, col_vec3_distance(on, c1[i]), t1[i]);
		if (!(fabs(col_vec3_distance(c1[i], q) - fabs(d)) <= tolerance))
			FAIL_CASE(r, (int)i, "%s: the nearest point is %.17g away, the distance says %.17g",
			          what, col_vec3_distance(c1[i], q), d);
		if (!(ds[i] >= 0.0) || signbit(ds[i]) || !(fabs(ds[i] - engine) <= tolerance))
			FAIL_CASE(r, (int)i, "%s: surface mesh distance %.17g, the engine's %.17g", what,
			          ds[i], engine);
	}
	col_gpu_buffer *buffers[] = {p1, bd1, bc1, bt1, p4, bd4, bc4, bt4};
	for (size_t k = 0; k < sizeof buffers / sizeof *buffers; k++)
		col_gpu_buffer_destroy(buffers[k]);
	free(d1);
	free(d4);
	free(ds);
	free(c1);
	free(c4);
	free(t1);
	free(t4);
	col_mesh_bvh_destroy(bvh);
	col_gpu_mesh_destroy(m1);
	col_gpu_mesh_destroy(m4);
	col_gpu_mesh_destroy(s4);
}

static void test_distance(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *meshes[2] = {bumpy_sphere(3), torus()};
	const char *names[2] = {"bumpy sphere", "torus"};
	size_t count = COLLIDE_RANDOM_CASES;
	col_vec3 *points = malloc(count * sizeof *points);
	assert_non_null(points);
	for (int k = 0; k < 2; k++) {
		rng r = rng_make(rng_env_seed(0x6770750101ULL + (uint64_t)k));
		col_transform3 pose = random_pose(&r, 3.0);
		make_points(&r, meshes[k], &pose, points, count);
		/* a few far away */
		for (size_t i = 4; i < 64; i++)
			points[i] = col_transform3_apply(
			    pose, col_vec3_scale(rng_unit_vector3(&r), rng_in(&r, 5, 100)));
		check_distances(one, four, meshes[k], &pose, points, count, &r, names[k]);
		/* unposed: vertices and points on triangles lie exactly where the mesh is */
		make_points(&r, meshes[k], NULL, points, count / 4);
		check_distances(one, four, meshes[k], NULL, points, count / 4, &r, names[k]);
	}
	/* the integer box: on its faces, edges and vertices the distance is 0 */
	col_mesh *box = box_mesh(1.0, 1.0, 1.0);
	col_vec3 exact[27];
	for (int i = 0; i < 27; i++)
		exact[i] = (col_vec3){-1.0 + (i % 3), -1.0 + (i / 3 % 3), -1.0 + (i / 9)};
	rng r = rng_make(0);
	check_distances(one, four, box, NULL, exact, 27, &r, "integer box");

	/* a surface mesh has no inside to test */
	col_gpu_mesh *surface = upload(four, meshes[0], false);
	col_error error;
	col_gpu_buffer *in = buffer_of(four, sizeof exact, exact), *out = buffer_of(four, 27, NULL);
	expect_failure(col_gpu_mesh_contains(surface, NULL, in, 27, out, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "contains on a surface mesh");
	col_gpu_buffer *small = buffer_of(four, 26 * sizeof(double), NULL);
	expect_failure(col_gpu_mesh_distance(surface, NULL, in, 27, small, NULL, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a distance buffer of 26 doubles for 27 points");
	col_gpu_buffer_destroy(in);
	col_gpu_buffer_destroy(out);
	col_gpu_buffer_destroy(small);
	col_gpu_mesh_destroy(surface);
	col_mesh_destroy(box);
	for (int k = 0; k < 2; k++)
		col_mesh_destroy(meshes[k]);
	free(points);
	destroy_context(one);
	destroy_context(four);
}

/* ---- 4. primitives against a mesh ---- */

static void describe_query(const col_cga_query *q, char *text, size_t size)
{
	snprintf(
	    text, size,
	    "kind %d, (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g), radius %.17g, %s",
	    (int)q->kind, q->p[0].x, q->p[0].y, q->p[0].z, q->p[1].x, q->p[1].y, q->p[1].z, q->p[2].x,
	    q->p[2].y, q->p[2].z, q->radius, q->mode == COL_CGA_SOLID ? "solid" : "surface");
}

/* A segment, triangle or sphere in and around the box of a roughly round mesh, sized by the box's
 * half width u: short (0.3 u) and long segments, small triangles, balls and spheres of radius 0 to
 * 0.4 u, and one in sixteen spheres around the whole mesh. */
static col_cga_query random_query(rng *r, col_aabb3 box, col_cga_query_kind kind)
{
	col_vec3 centre = col_vec3_scale(col_vec3_add(box.min, box.max), 0.5);
	double u = 0.5 * fmax(fmax(box.max.x - box.min.x, box.max.y - box.min.y), box.max.z - box.min.z);
	col_cga_query q;
	memset(&q, 0, sizeof q);
	q.kind = kind;
	q.mode = rng_coin(r) ? COL_CGA_SOLID : COL_CGA_SURFACE;
	q.p[0] = rng_in_grown_box(r, box);
	switch (kind) {
	case COL_CGA_QUERY_SEGMENT:
		q.p[1] = rng_coin(r) ? col_vec3_add(q.p[0], rng_vec3(r, -0.3 * u, 0.3 * u))
		                     : rng_in_grown_box(r, box);
		break;
	case COL_CGA_QUERY_TRIANGLE:
		q.p[1] = col_vec3_add(q.p[0], rng_vec3(r, -0.4 * u, 0.4 * u));
		q.p[2] = col_vec3_add(q.p[0], rng_vec3(r, -0.4 * u, 0.4 * u));
		break;
	case COL_CGA_QUERY_SPHERE: {
		int pick = rng_int(r, 0, 15);
		q.radius = pick == 0 ? 0.0 : rng_in(r, 0.0, 0.4 * u);
		if (pick == 1) {
			q.p[0] = col_vec3_add(centre, rng_vec3(r, -0.1 * u, 0.1 * u));
			q.radius = rng_in(r, 1.8 * u,
			                  2.5 * u); /* around the whole mesh: only the solid ball meets it */
		}
		break;
	}
	}
	return q;
}

/* col_cga_mesh_query per query, its flags or-ed over the queries. */
static void query_oracle(const col_mesh *mesh, const col_cga_query *queries, size_t count, col_method form,
                         uint32_t *counts, uint8_t *hits)
{
	int n = col_mesh_triangle_count(mesh);
	uint8_t *one = malloc((size_t)n);
	assert_non_null(one);
	memset(hits, 0, (size_t)n);
	for (size_t i = 0; i < count; i++) {
		memset(one, 0xee, (size_t)n);
		counts[i] = (uint32_t)col_cga_mesh_query(mesh, &queries[i], form, 0, n, one, NULL);
		for (int t = 0; t < n; t++)
			hits[t] |= one[t];
	}
	free(one);
}

/* Both forms and both searches on both contexts against the oracle; returns the hand-backs of all
 * the calls. */
static uint64_t check_queries(col_gpu *one, col_gpu *four, const col_mesh *mesh, const col_cga_query *queries,
                              size_t count, const rng *r, const char *what)
{
	col_error error;
	int n = col_mesh_triangle_count(mesh);
	col_gpu_mesh *meshes[2] = {upload(one, mesh, true), upload(four, mesh, false)};
	uint32_t *expected = malloc(count * sizeof *expected + 1),
	         *counts = malloc(count * sizeof *counts + 1);
	uint8_t *expected_hits = malloc((size_t)n), *hits = malloc((size_t)n);
	assert_true(expected && counts && expected_hits && hits);
	uint64_t handed_back = 0;
	const col_method forms[2] = {COL_METHOD_CGA, COL_METHOD_EUCLIDEAN};
	const col_gpu_search searches[2] = {COL_GPU_BRUTE_FORCE, COL_GPU_BVH};
	char text[512];
	for (int f = 0; f < 2; f++) {
		query_oracle(mesh, queries, count, forms[f], expected, expected_hits);
		for (int s = 0; s < 2; s++)
			for (int c = 0; c < 2; c++) {
				col_gpu_query_options options = {forms[f], searches[s]};
				col_gpu_stats stats;
				memset(&stats, 0, sizeof stats);
				memset(counts, 0xee, count * sizeof *counts);
				memset(hits, 0xee, (size_t)n);
				check_ok(col_gpu_mesh_query(meshes[c], queries, count, &options, counts, hits,
				                            &stats, &error),
				         &error);
				for (size_t i = 0; i < count; i++)
					if (counts[i] != expected[i]) {
						describe_query(&queries[i], text, sizeof text);
						FAIL_CASE(r, (int)i,
						          "%s, %s, %s, %d workers: query meets %u triangles, "
						          "the engine %u: %s",
						          what, col_method_name(forms[f]),
						          s ? "bvh" : "brute force", c ? 4 : 1, counts[i],
						          expected[i], text);
					}
				for (int t = 0; t < n; t++)
					if (hits[t] != expected_hits[t])
						fail_msg("%s, %s, %s, %d workers: triangle %d hit flag %d, "
						         "the engine's %d",
						         what, col_method_name(forms[f]),
						         s ? "bvh" : "brute force", c ? 4 : 1, t, hits[t],
						         expected_hits[t]);
				assert_int_equal(stats.queries, count);
				uint64_t total = 0;
				for (size_t i = 0; i < count; i++)
					total += expected[i];
				assert_int_equal(stats.hits, total);
				handed_back += stats.handed_back;
				/* without the flags: the same counts */
				check_ok(col_gpu_mesh_query(meshes[c], queries, count, &options, counts, NULL,
				                            NULL, &error),
				         &error);
				assert_memory_equal(counts, expected, count * sizeof *counts);
			}
	}
	free(expected);
	free(counts);
	free(expected_hits);
	free(hits);
	col_gpu_mesh_destroy(meshes[0]);
	col_gpu_mesh_destroy(meshes[1]);
	return handed_back;
}

/* A few hundred random segments, triangles and spheres (solid and surface) against a bumpy sphere,
 * with queries through its vertices, and invalid ones among them. */
static void test_query_random(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *mesh = bumpy_sphere(3);
	rng r = rng_make(rng_env_seed(0x6770750201ULL));
	col_aabb3 box = col_mesh_bounds(mesh);
	enum { PER_KIND = 300, EXTRA = 40, COUNT = 3 * PER_KIND + EXTRA };
	col_cga_query *queries = calloc(COUNT, sizeof *queries);
	assert_non_null(queries);
	size_t n = 0;
	for (int kind = 0; kind < 3; kind++)
		for (int i = 0; i < PER_KIND; i++)
			queries[n++] = random_query(&r, box, (col_cga_query_kind)kind);
	/* through or at vertices of the mesh: the exact signs are zero there */
	const col_vec3 *v = col_mesh_vertices(mesh);
	int vertices = col_mesh_vertex_count(mesh);
	for (int i = 0; i < 10; i++) {
		col_vec3 a = v[rng_int(&r, 0, vertices - 1)], b = v[rng_int(&r, 0, vertices - 1)];
		queries[n++] =
		    (col_cga_query){COL_CGA_QUERY_SEGMENT, {a, col_vec3_scale(a, 2.0), {0, 0, 0}}, 0, 0};
		queries[n++] = (col_cga_query){COL_CGA_QUERY_SEGMENT, {a, b, {0, 0, 0}}, 0, 0};
		queries[n++] = (col_cga_query){
		    COL_CGA_QUERY_TRIANGLE, {a, col_vec3_scale(a, 1.5), col_vec3_scale(b, 1.5)}, 0, 0};
		queries[n++] =
		    (col_cga_query){COL_CGA_QUERY_SPHERE, {a, {0, 0, 0}, {0, 0, 0}}, 0.0, COL_CGA_SURFACE};
	}
	assert_int_equal(n, COUNT);
	/* invalid ones meet nothing */
	queries[7].p[1].y = NAN;
	queries[PER_KIND + 3].p[2].z = INFINITY;
	queries[2 * PER_KIND + 5].radius = -0.25;
	queries[2 * PER_KIND + 6].radius = NAN;
	queries[2 * PER_KIND + 7].p[0].x = NAN;
	check_queries(one, four, mesh, queries, n, &r, "bumpy sphere");

	/* no queries: fine, every flag cleared */
	col_gpu_mesh *m = upload(four, mesh, true);
	int triangles = col_mesh_triangle_count(mesh);
	uint8_t *hits = malloc((size_t)triangles);
	memset(hits, 1, (size_t)triangles);
	col_error error;
	check_ok(col_gpu_mesh_query(m, NULL, 0, NULL, NULL, hits, NULL, &error), &error);
	for (int t = 0; t < triangles; t++)
		assert_int_equal(hits[t], 0);
	/* NULL options: CGA through the BVH */
	uint32_t counts[COUNT], expected[COUNT];
	query_oracle(mesh, queries, n, COL_METHOD_CGA, expected, hits);
	check_ok(col_gpu_mesh_query(m, queries, n, NULL, counts, NULL, NULL, &error), &error);
	assert_memory_equal(counts, expected, sizeof counts);
	/* bad calls */
	col_gpu_query_options options = {COL_METHOD_CROSSING, COL_GPU_BVH};
	expect_some_failure(col_gpu_mesh_query(m, queries, n, &options, counts, NULL, NULL, &error), &error,
	                    "the crossing method as a query form");
	options = (col_gpu_query_options){COL_METHOD_CGA, (col_gpu_search)5};
	expect_some_failure(col_gpu_mesh_query(m, queries, n, &options, counts, NULL, NULL, &error), &error,
	                    "an unknown search");
	expect_failure(col_gpu_mesh_query(m, queries, n, NULL, NULL, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "NULL counts");
	expect_failure(col_gpu_mesh_query(NULL, queries, n, NULL, counts, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a NULL mesh");
	free(hits);
	col_gpu_mesh_destroy(m);
	free(queries);
	col_mesh_destroy(mesh);
	destroy_context(one);
	destroy_context(four);
}

/* Queries exactly through the vertices, edges and faces of the box with half extents 1, whose exact
 * signs are zero (the filter cannot tell: handed back), degenerate queries and invalid ones. */
static void test_query_exact(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *box = box_mesh(1.0, 1.0, 1.0);
	const col_vec3 o = {0, 0, 0};
	const col_cga_query queries[] = {
	    /* segments: a space diagonal through two vertices, along an edge, ending at a vertex, in a face's
	     * plane, ending on an edge, a point on a vertex, a point inside, a point outside */
	    {COL_CGA_QUERY_SEGMENT, {{-2, -2, -2}, {2, 2, 2}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{1, 1, -2}, {1, 1, 2}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{1, 1, 1}, {3, 3, 3}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{1, -2, 0}, {1, 2, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{2, 2, 0}, {1, 1, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{1, 0, 0}, {2, 0, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{1, 1, 1}, {1, 1, 1}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{0.5, 0, 0}, {0.5, 0, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{1, 0.5, 0}, {1, 0.5, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{3, 0, 0}, {3, 0, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{-0.5, 0, 0}, {0.5, 0, 0}, o}, 0, 0},
	    {COL_CGA_QUERY_SEGMENT, {{2, 2, 2}, {3, 2, 2}, o}, 0, 0},
	    /* triangles: in a face's plane overlapping it, touching a vertex, an edge, cutting a corner, a
	     * degenerate one (a segment) through a vertex, one inside */
	    {COL_CGA_QUERY_TRIANGLE, {{0, 0, 1}, {2, 0, 1}, {0, 2, 1}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{1, 1, 1}, {2, 1, 1}, {1, 2, 2}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{1, 1, -0.5}, {2, 2, 0}, {1, 1, 0.5}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{0.5, 1, 1}, {1, 0.5, 1}, {1, 1, 0.5}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{3, 3, 3}, {3, 3, 3}, {3, 3, 3}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{-0.5, 0, 0}, {0.5, 0, 0}, {0, 0.5, 0}}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{2, 0, 0}, {2, 1, 0}, {1, 0.5, 2}}, 0, 0},
	    /* spheres: touching a face, an edge, a vertex from outside; tangent to every face from inside;
	     * radius zero on a vertex, on a face, inside; around everything */
	    {COL_CGA_QUERY_SPHERE, {{2, 0, 0}, o, o}, 1.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{2, 0, 0}, o, o}, 1.0, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{2, 2, 0}, o, o}, 1.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{1, 1, 3}, o, o}, 2.0, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}, o, o}, 1.0, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}, o, o}, 1.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{1, 1, 1}, o, o}, 0.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{1, 0.5, 0}, o, o}, 0.0, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}, o, o}, 0.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}, o, o}, 2.0, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}, o, o}, 2.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}, o, o}, 3.0, COL_CGA_SURFACE},
	    /* invalid: they meet nothing */
	    {COL_CGA_QUERY_SEGMENT, {{NAN, 0, 0}, {1, 1, 1}, o}, 0, 0},
	    {COL_CGA_QUERY_TRIANGLE, {{0, 0, 0}, {1, 1, 1}, {0, INFINITY, 0}}, 0, 0},
	    {COL_CGA_QUERY_SPHERE, {{1, 1, 1}, o, o}, -1.0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{1, 1, 1}, o, o}, NAN, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{1, 1, 1}, o, o}, INFINITY, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{0, NAN, 0}, o, o}, 1.0, COL_CGA_SOLID},
	    {(col_cga_query_kind)7, {{0, 0, 0}, {1, 1, 1}, {1, 0, 0}}, 1.0, COL_CGA_SOLID},
	};
	size_t count = sizeof queries / sizeof *queries;
	uint32_t expected[64];
	uint8_t hits[12];
	query_oracle(box, queries, count, COL_METHOD_CGA, expected, hits);
	/* the oracle itself on the plain cases: the diagonal meets the triangles at both ends, the invalid
	 * queries and the point inside meet nothing */
	assert_true(expected[0] > 0 && expected[1] > 0 && expected[2] > 0 && expected[6] > 0);
	assert_int_equal(expected[7], 0);
	assert_int_equal(expected[9], 0);
	for (size_t i = count - 7; i < count; i++)
		assert_int_equal(expected[i], 0);
	rng r = rng_make(0);
	uint64_t handed_back = check_queries(one, four, box, queries, count, &r, "integer box");
	assert_true(handed_back > 0);
	col_mesh_destroy(box);
	destroy_context(one);
	destroy_context(four);
}

/* A bumpy sphere moved far from the origin, shrunk and blown up: the filters' error bounds scale with
 * the coordinates, and the answers must still be the engine's (points, distances, queries). */
static void test_far_and_scaled(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *unit = bumpy_sphere(2);
	const struct {
		const char *name;
		double scale;
		col_vec3 offset;
	} cases[] = {
	    {"far", 1.0, {1e5, -3e5, 7e4}},
	    {"tiny", 1e-6, {3e-6, 0.0, -1e-6}},
	    {"huge", 1e8, {-2e9, 1e9, 0.0}},
	};
	int nv = col_mesh_vertex_count(unit);
	col_vec3 *v = malloc((size_t)nv * sizeof *v);
	size_t count = COLLIDE_RANDOM_CASES / 10;
	col_vec3 *points = malloc(count * sizeof *points);
	assert_true(v != NULL && points != NULL);
	col_error error;
	for (int k = 0; k < 3; k++) {
		rng r = rng_make(rng_env_seed(0x6770750021ULL + (uint64_t)k));
		for (int i = 0; i < nv; i++)
			v[i] = col_vec3_add(col_vec3_scale(col_mesh_vertices(unit)[i], cases[k].scale),
			                    cases[k].offset);
		col_mesh *mesh = NULL;
		check_ok(col_mesh_create(v, nv, col_mesh_triangles(unit), col_mesh_triangle_count(unit),
		                         &mesh, &error),
		         &error);
		/* placed back near the origin by a pose, and unposed */
		col_transform3 pose = {rng_unit_quat(&r), col_vec3_scale(cases[k].offset, -1.0)};
		make_points(&r, mesh, &pose, points, count);
		check_contains(one, four, mesh, &pose, points, count, 1, &r, cases[k].name);
		check_distances(one, four, mesh, &pose, points, count, &r, cases[k].name);
		make_points(&r, mesh, NULL, points, count);
		check_contains(one, four, mesh, NULL, points, count, 1, &r, cases[k].name);
		check_distances(one, four, mesh, NULL, points, count, &r, cases[k].name);
		enum { PER_KIND = 100 };
		col_cga_query queries[3 * PER_KIND];
		for (int i = 0; i < 3 * PER_KIND; i++)
			queries[i] = random_query(&r, col_mesh_bounds(mesh), (col_cga_query_kind)(i % 3));
		check_queries(one, four, mesh, queries, 3 * PER_KIND, &r, cases[k].name);
		col_mesh_destroy(mesh);
	}
	free(v);
	free(points);
	col_mesh_destroy(unit);
	destroy_context(one);
	destroy_context(four);
}

/* ---- 5. mesh against mesh ---- */

/* col_cga_mesh_mesh's pairs and flags against every form, search and context. Returns the
 * hand-backs. */
static uint64_t check_mesh_pair(col_gpu_mesh *const ga[2], col_gpu_mesh *const gb[2], const col_mesh *a,
                                const col_mesh *b, col_transform3 pose, uint64_t *pairs_found, const rng *r,
                                int k, const char *what)
{
	col_error error;
	int na = col_mesh_triangle_count(a), nb = col_mesh_triangle_count(b);
	uint8_t *ea = malloc((size_t)na), *eb = malloc((size_t)nb), *ha = malloc((size_t)na),
	        *hb = malloc((size_t)nb);
	assert_true(ea && eb && ha && hb);
	uint64_t handed_back = 0;
	const col_method forms[2] = {COL_METHOD_CGA, COL_METHOD_EUCLIDEAN};
	for (int f = 0; f < 2; f++) {
		memset(eb, 0, (size_t)nb);
		uint64_t expected = col_cga_mesh_mesh(a, b, pose, forms[f], 0, na, ea, eb, NULL);
		*pairs_found = expected;
		for (int s = 0; s < 2; s++)
			for (int c = 0; c < 2; c++) {
				col_gpu_query_options options = {forms[f],
				                                 s ? COL_GPU_BVH : COL_GPU_BRUTE_FORCE};
				col_gpu_stats stats;
				memset(&stats, 0, sizeof stats);
				memset(ha, 0xee, (size_t)na);
				memset(hb, 0xee, (size_t)nb);
				uint64_t pairs = 12345;
				check_ok(col_gpu_mesh_mesh(ga[c], gb[c], pose, &options, &pairs, ha, hb,
				                           &stats, &error),
				         &error);
				if (pairs != expected)
					FAIL_CASE(r, k, "%s, %s, %s, %d workers: %llu pairs, the engine %llu",
					          what, col_method_name(forms[f]), s ? "bvh" : "brute force",
					          c ? 4 : 1, (unsigned long long)pairs,
					          (unsigned long long)expected);
				for (int i = 0; i < na; i++)
					if (ha[i] != ea[i])
						FAIL_CASE(
						    r, k,
						    "%s, %s, %s, %d workers: hit_a[%d] = %d, the engine's %d",
						    what, col_method_name(forms[f]),
						    s ? "bvh" : "brute force", c ? 4 : 1, i, ha[i], ea[i]);
				for (int j = 0; j < nb; j++)
					if (hb[j] != eb[j])
						FAIL_CASE(
						    r, k,
						    "%s, %s, %s, %d workers: hit_b[%d] = %d, the engine's %d",
						    what, col_method_name(forms[f]),
						    s ? "bvh" : "brute force", c ? 4 : 1, j, hb[j], eb[j]);
				assert_int_equal(stats.hits, expected);
				handed_back += stats.handed_back;
				/* without the flags */
				pairs = 12345;
				check_ok(col_gpu_mesh_mesh(ga[c], gb[c], pose, &options, &pairs, NULL, NULL,
				                           NULL, &error),
				         &error);
				assert_int_equal(pairs, expected);
			}
	}
	free(ea);
	free(eb);
	free(ha);
	free(hb);
	return handed_back;
}

/* A small sphere against a bumpy sphere and the other way round (the workers then take the other
 * side in each search), at random poses that make them overlap in part, and apart. */
static void test_mesh_mesh_random(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *small = icosphere(2, 0.45), *large = bumpy_sphere(3);
	col_gpu_mesh *gs[2] = {upload(one, small, true), upload(four, small, false)};
	col_gpu_mesh *gl[2] = {upload(one, large, false), upload(four, large, true)};
	rng r = rng_make(rng_env_seed(0x6770750301ULL));
	enum { POSES = 6 };
	for (int k = 0; k < POSES; k++) {
		/* the small one's centre about the large one's surface, so they cross */
		col_transform3 small_in_large = {rng_unit_quat(&r),
		                                 col_vec3_scale(rng_unit_vector3(&r), rng_in(&r, 0.8, 1.2))};
		uint64_t pairs = 0;
		check_mesh_pair(gl, gs, large, small, small_in_large, &pairs, &r, k, "large against small");
		assert_true(pairs > 0);
		col_transform3 large_in_small = col_transform3_inverse(small_in_large);
		check_mesh_pair(gs, gl, small, large, large_in_small, &pairs, &r, k, "small against large");
		assert_true(pairs > 0);
	}
	/* apart: no pair, no flag */
	col_transform3 apart = {rng_unit_quat(&r), {3.0, 0.5, -0.2}};
	uint64_t pairs = 1;
	check_mesh_pair(gl, gs, large, small, apart, &pairs, &r, POSES, "apart");
	assert_int_equal(pairs, 0);
	check_mesh_pair(gs, gl, small, large, col_transform3_inverse(apart), &pairs, &r, POSES, "apart");
	assert_int_equal(pairs, 0);
	/* the small one wholly inside the large one: the surfaces do not meet */
	col_transform3 nested = {rng_unit_quat(&r), {0.05, 0.0, 0.0}};
	check_mesh_pair(gl, gs, large, small, nested, &pairs, &r, POSES + 1, "nested");
	assert_int_equal(pairs, 0);
	/* one mesh object on both sides, turned and shifted against itself */
	col_transform3 self = {rng_unit_quat(&r), {0.3, -0.2, 0.1}};
	check_mesh_pair(gs, gs, small, small, self, &pairs, &r, POSES + 2, "the small one against itself");
	assert_true(pairs > 0);

	/* bad calls */
	col_error error;
	col_transform3 nan_pose = col_transform3_identity();
	nan_pose.rotation.w = NAN;
	expect_some_failure(col_gpu_mesh_mesh(gl[1], gs[1], nan_pose, NULL, &pairs, NULL, NULL, NULL, &error),
	                    &error, "mesh_mesh with a NaN pose");
	expect_failure(col_gpu_mesh_mesh(gl[0], gs[1], apart, NULL, &pairs, NULL, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "mesh_mesh across two contexts");
	col_gpu_query_options options = {COL_METHOD_WINDING, COL_GPU_BVH};
	expect_some_failure(
	    col_gpu_mesh_mesh(gl[1], gs[1], apart, &options, &pairs, NULL, NULL, NULL, &error), &error,
	    "mesh_mesh with the winding method");
	for (int c = 0; c < 2; c++) {
		col_gpu_mesh_destroy(gs[c]);
		col_gpu_mesh_destroy(gl[c]);
	}
	col_mesh_destroy(small);
	col_mesh_destroy(large);
	destroy_context(one);
	destroy_context(four);
}

/* Integer boxes exactly touching: face to face (the same size, and a half-size one whose face lies in
 * the other's), edge to edge, corner to corner, and the same box on itself. The pairs lie in common
 * planes: the filter hands them back, and the engine says they meet. */
static void test_mesh_mesh_touching(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *meshes[3] = {box_mesh(1.0, 1.0, 1.0), box_mesh(0.5, 0.5, 0.5), subdivided_box()};
	col_gpu_mesh *g[3][2];
	for (int m = 0; m < 3; m++) {
		g[m][0] = upload(one, meshes[m], true);
		g[m][1] = upload(four, meshes[m], true);
	}
	enum { BOX, HALF, FINE };
	const col_quat id = col_quat_identity();
	/* quarter turns: rounded, so the faces meet or miss by a rounding, as the moved vertices say */
	const col_quat quarter_z = col_quat_from_axis_angle((col_vec3){0, 0, 1}, 0.5 * COL_PI);
	const col_quat quarter_xy = col_quat_from_axis_angle((col_vec3){1, 1, 0}, COL_PI);
	const struct {
		const char *name;
		int b;
		col_transform3 pose;
		int expect; /* 1: pairs, 0: none, -1: whatever the engine says */
	} cases[] = {
	    {"face to face", BOX, {id, {2, 0, 0}}, 1},
	    {"face to face, offset", BOX, {id, {0, 2, 1}}, 1},
	    {"edge to edge", BOX, {id, {2, 2, 0}}, 1},
	    {"corner to corner", BOX, {id, {-2, 2, -2}}, 1},
	    {"coincident", BOX, {id, {0, 0, 0}}, 1},
	    {"a half box on a face", HALF, {id, {1.5, 0, 0}}, 1},
	    {"a half box on an edge", HALF, {id, {1.5, 1.5, 0.25}}, 1},
	    {"a half box on a corner", HALF, {id, {1.5, 1.5, 1.5}}, 1},
	    {"a half box just apart", HALF, {id, {1.5 + 0x1p-40, 0, 0}}, 0},
	    {"a subdivided box face to face", FINE, {id, {0, 0, -2}}, 1},
	    {"a subdivided box edge to edge", FINE, {id, {0, -2, 2}}, 1},
	    {"a subdivided box coincident", FINE, {id, {0, 0, 0}}, 1},
	    {"face to face, a quarter turn", BOX, {quarter_z, {2, 0, 0}}, -1},
	    {"a subdivided box, a quarter turn", FINE, {quarter_z, {0, 2, 0}}, -1},
	    {"a subdivided box, a half turn", FINE, {quarter_xy, {2, 0, 0}}, -1},
	    {"a half box on a face, a quarter turn", HALF, {quarter_z, {0, 1.5, 0}}, -1},
	};
	rng r = rng_make(0);
	for (int k = 0; k < (int)(sizeof cases / sizeof *cases); k++) {
		int b = cases[k].b;
		uint64_t pairs = 0;
		uint64_t handed_back = check_mesh_pair(g[BOX], g[b], meshes[BOX], meshes[b], cases[k].pose,
		                                       &pairs, &r, k, cases[k].name);
		if (cases[k].expect >= 0 && (pairs != 0) != (cases[k].expect != 0))
			fail_msg("%s: the engine finds %llu pairs", cases[k].name, (unsigned long long)pairs);
		if (cases[k].expect > 0 && handed_back == 0)
			fail_msg("%s: nothing was handed back, but every pair lies in a common plane",
			         cases[k].name);
		/* and the other way round (the subdivided box has more triangles: the other walk) */
		check_mesh_pair(g[b], g[BOX], meshes[b], meshes[BOX], col_transform3_inverse(cases[k].pose),
		                &pairs, &r, k, cases[k].name);
	}
	for (int m = 0; m < 3; m++) {
		col_gpu_mesh_destroy(g[m][0]);
		col_gpu_mesh_destroy(g[m][1]);
		col_mesh_destroy(meshes[m]);
	}
	destroy_context(one);
	destroy_context(four);
}

/* ---- 6. the broad phase ---- */

/* Every pair (i, j), i < j, whose closed boxes overlap, in (i, j) order: their number, and in
 * *pairs (NULL: not kept) an array of them (one more than their number) that the caller frees. */
static size_t all_pairs(const col_aabb3 *boxes, size_t count, col_gpu_pair **pairs)
{
	size_t n = 0, capacity = 0;
	col_gpu_pair *list = NULL;
	for (size_t i = 0; i < count; i++)
		for (size_t j = i + 1; j < count; j++)
			if (col_aabb3_overlaps(boxes[i], boxes[j])) {
				if (pairs != NULL && n == capacity) {
					capacity = capacity ? 2 * capacity : 1024;
					list = realloc(list, (capacity + 1) * sizeof *list);
					assert_non_null(list);
				}
				if (pairs != NULL)
					list[n] = (col_gpu_pair){(uint32_t)i, (uint32_t)j};
				n++;
			}
	if (pairs != NULL) {
		*pairs = list != NULL ? list : malloc(sizeof *list);
		assert_non_null(*pairs);
	}
	return n;
}

/* The host-array form on both broad phases (1 and 4 workers) and the buffer form on the second,
 * whose context is gpu, against the oracle: exactly the oracle's list. Returns the number of pairs. */
static size_t check_broadphase(col_gpu_broadphase *const bp[2], col_gpu *gpu, const col_aabb3 *boxes,
                               size_t count, const char *what)
{
	col_error error;
	col_gpu_pair *oracle;
	size_t expected = all_pairs(boxes, count, &oracle);
	col_gpu_pair *pairs = malloc((expected + 1) * sizeof *pairs);
	assert_non_null(pairs);
	for (int c = 0; c < 2; c++) {
		size_t n = 777;
		col_gpu_stats stats;
		memset(&stats, 0, sizeof stats);
		/* counting only */
		check_ok(col_gpu_broadphase_find_pairs(bp[c], boxes, count, NULL, 0, &n, &stats, &error),
		         &error);
		if (n != expected)
			fail_msg("%s, %d workers: %zu pairs counted, the oracle has %zu", what, c ? 4 : 1, n,
			         expected);
		memset(pairs, 0xab, (expected + 1) * sizeof *pairs);
		check_ok(col_gpu_broadphase_find_pairs(bp[c], boxes, count, pairs, expected + 1, &n, &stats,
		                                       &error),
		         &error);
		assert_int_equal(n, expected);
		for (size_t k = 0; k < expected; k++)
			if (pairs[k].a != oracle[k].a || pairs[k].b != oracle[k].b)
				fail_msg("%s, %d workers: pair %zu is (%u, %u), the oracle's (%u, %u)", what,
				         c ? 4 : 1, k, pairs[k].a, pairs[k].b, oracle[k].a, oracle[k].b);
		assert_int_equal(pairs[expected].a, 0xabababab); /* nothing past the pairs */
		assert_int_equal(stats.queries, 2 * count);
		assert_int_equal(stats.hits, 2 * expected);
		if (expected > 0) {
			/* one short: the count, and nothing written */
			memset(pairs, 0xab, (expected + 1) * sizeof *pairs);
			n = 0;
			check_ok(col_gpu_broadphase_find_pairs(bp[c], boxes, count, pairs, expected - 1, &n,
			                                       NULL, &error),
			         &error);
			assert_int_equal(n, expected);
			for (size_t k = 0; k <= expected; k++)
				if (pairs[k].a != 0xabababab || pairs[k].b != 0xabababab)
					fail_msg("%s, %d workers: capacity %zu for %zu pairs, but pair %zu "
					         "was written",
					         what, c ? 4 : 1, expected - 1, expected, k);
		}
	}
	/* through buffers */
	col_gpu_buffer *in = buffer_of(gpu, count * sizeof *boxes + 1, NULL);
	if (count > 0)
		check_ok(col_gpu_buffer_upload(in, 0, boxes, count * sizeof *boxes, &error), &error);
	col_gpu_buffer *out = buffer_of(gpu, (expected + 1) * sizeof *pairs, NULL);
	size_t n = 0;
	check_ok(col_gpu_broadphase_find(bp[1], in, count, out, expected + 1, &n, NULL, &error), &error);
	assert_int_equal(n, expected);
	if (expected > 0) {
		download(out, pairs, expected * sizeof *pairs);
		assert_memory_equal(pairs, oracle, expected * sizeof *pairs);
	}
	col_gpu_buffer_destroy(in);
	col_gpu_buffer_destroy(out);
	free(oracle);
	free(pairs);
	return expected;
}

/* A box on the 1/8 grid: corners in [0, 12), sides of 0 to 1 (flat and point boxes included), so
 * that boxes often touch exactly. */
static col_aabb3 grid_box(rng *r, double extent)
{
	col_vec3 min = {floor(rng_in(r, 0, extent) * 8) / 8, floor(rng_in(r, 0, extent) * 8) / 8,
	                floor(rng_in(r, 0, extent) * 8) / 8};
	col_vec3 size = {rng_int(r, 0, 8) / 8.0, rng_int(r, 0, 8) / 8.0, rng_int(r, 0, 8) / 8.0};
	return (col_aabb3){min, col_vec3_add(min, size)};
}

static void test_broadphase(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_error error;
	col_gpu_broadphase *bp[2] = {NULL, NULL};
	check_ok(col_gpu_broadphase_create(one, &bp[0], &error), &error);
	check_ok(col_gpu_broadphase_create(four, &bp[1], &error), &error);
	rng r = rng_make(rng_env_seed(0x6770750401ULL));

	/* random boxes on a grid, several scenes */
	enum { MANY = 3000 };
	col_aabb3 *boxes = malloc(MANY * sizeof *boxes);
	assert_non_null(boxes);
	for (int scene = 0; scene < 3; scene++) {
		for (int i = 0; i < MANY; i++)
			boxes[i] = grid_box(&r, 12.0 + 4.0 * scene);
		size_t pairs = check_broadphase(bp, four, boxes, MANY, "random grid boxes");
		assert_true(pairs > 200); /* about 2600, 1100 and 560 */
	}
	/* boxes of every size from points to a tenth of the scene, off the grid */
	for (int i = 0; i < MANY; i++) {
		col_vec3 c = rng_vec3(&r, -100, 100), h = rng_vec3(&r, 0, 10 * rng_unit(&r) * rng_unit(&r));
		boxes[i] = (col_aabb3){col_vec3_sub(c, h), col_vec3_add(c, h)};
	}
	check_broadphase(bp, four, boxes, MANY, "random boxes");

	/* identical boxes: every pair, and keys that never differ */
	for (int i = 0; i < 40; i++)
		boxes[i] = (col_aabb3){{1, 2, 3}, {4, 5, 6}};
	assert_int_equal(check_broadphase(bp, four, boxes, 40, "identical boxes"), 40 * 39 / 2);
	/* identical points */
	for (int i = 0; i < 5; i++)
		boxes[i] = (col_aabb3){{1, 1, 1}, {1, 1, 1}};
	assert_int_equal(check_broadphase(bp, four, boxes, 5, "identical points"), 10);
	/* a 5 x 5 x 5 block of unit cubes sharing faces, edges and corners: each meets its 26 neighbours */
	int n = 0;
	for (int x = 0; x < 5; x++)
		for (int y = 0; y < 5; y++)
			for (int z = 0; z < 5; z++)
				boxes[n++] = (col_aabb3){{x, y, z}, {x + 1, y + 1, z + 1}};
	check_broadphase(bp, four, boxes, (size_t)n, "touching cubes");
	/* flat boxes: squares in planes z = k, and segments along x, touching at their ends */
	n = 0;
	for (int k = 0; k < 20; k++) {
		boxes[n++] = (col_aabb3){{0, 0, k * 0.5}, {1, 1, k * 0.5}};
		boxes[n++] = (col_aabb3){{k, 0.5, 0.5}, {k + 1, 0.5, 0.5}};
		boxes[n++] = (col_aabb3){{0.25 * k, 0.25 * k, 1}, {0.25 * k, 0.25 * k, 1}};
	}
	check_broadphase(bp, four, boxes, (size_t)n, "flat boxes");
	/* coordinates far apart in magnitude: a huge box over tiny ones */
	boxes[0] = (col_aabb3){{-1e300, -1e300, -1e300}, {1e300, 1e300, 1e300}};
	boxes[1] = (col_aabb3){{1e-300, 0, 0}, {2e-300, 0, 0}};
	boxes[2] = (col_aabb3){{0, 0, 0}, {1e-300, 0, 0}};
	boxes[3] = (col_aabb3){{1e299, 1e299, 1e299}, {1e300, 1e300, 1e300}};
	boxes[4] = (col_aabb3){{-DBL_MAX, 0, 0}, {-DBL_MAX, 0, 0}};
	/* (0, 1), (0, 2), (0, 3) and (1, 2), touching at x = 1e-300; -DBL_MAX is beyond the huge box */
	assert_int_equal(check_broadphase(bp, four, boxes, 5, "huge and tiny boxes"), 4);
	/* 0, 1 and 2 boxes */
	assert_int_equal(check_broadphase(bp, four, boxes, 0, "no boxes"), 0);
	size_t none = 99;
	check_ok(col_gpu_broadphase_find_pairs(bp[1], NULL, 0, NULL, 0, &none, NULL, &error), &error);
	assert_int_equal(none, 0);
	boxes[0] = (col_aabb3){{0, 0, 0}, {1, 1, 1}};
	assert_int_equal(check_broadphase(bp, four, boxes, 1, "one box"), 0);
	boxes[1] = (col_aabb3){{1, 1, 1}, {2, 2, 2}};
	assert_int_equal(check_broadphase(bp, four, boxes, 2, "two boxes touching at a corner"), 1);
	boxes[1].min.x = nextafter(1.0, 2.0);
	assert_int_equal(check_broadphase(bp, four, boxes, 2, "two boxes just apart"), 0);
	assert_true(col_gpu_broadphase_device_bytes(bp[1]) > 0);

	/* bad boxes: refused, naming the box */
	for (int i = 0; i < 2000; i++)
		boxes[i] = grid_box(&r, 12.0);
	col_aabb3 kept = boxes[1234];
	boxes[1234].max.y = NAN;
	for (int c = 0; c < 2; c++) {
		size_t count = 5;
		expect_failure(
		    col_gpu_broadphase_find_pairs(bp[c], boxes, 2000, NULL, 0, &count, NULL, &error), &error,
		    COL_ERROR_INVALID_ARGUMENT, "a NaN box");
		if (strstr(error.message, "1234") == NULL)
			fail_msg("a NaN box at 1234: the message does not name it: \"%s\"", error.message);
	}
	boxes[1234] = kept;
	boxes[777].min.z = boxes[777].max.z + 1.0;
	for (int c = 0; c < 2; c++) {
		size_t count = 5;
		expect_failure(
		    col_gpu_broadphase_find_pairs(bp[c], boxes, 2000, NULL, 0, &count, NULL, &error), &error,
		    COL_ERROR_INVALID_ARGUMENT, "a box with min > max");
		if (strstr(error.message, "777") == NULL)
			fail_msg("min > max at 777: the message does not name it: \"%s\"", error.message);
	}
	boxes[777].min.z = -INFINITY;
	size_t count = 5;
	expect_failure(col_gpu_broadphase_find_pairs(bp[1], boxes, 2000, NULL, 0, &count, NULL, &error),
	               &error, COL_ERROR_INVALID_ARGUMENT, "an infinite box");
	boxes[777].min.z = boxes[777].max.z;
	/* after the refusals, the same broad phase still answers */
	check_broadphase(bp, four, boxes, 2000, "after refusals");

	/* buffers too small, of another context */
	col_gpu_buffer *in = buffer_of(four, 10 * sizeof *boxes, boxes),
	               *out = buffer_of(four, 4 * sizeof(col_gpu_pair), NULL);
	col_gpu_buffer *foreign = buffer_of(one, 10 * sizeof *boxes, boxes);
	expect_failure(col_gpu_broadphase_find(bp[1], in, 11, NULL, 0, &count, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "11 boxes in a buffer of 10");
	expect_failure(col_gpu_broadphase_find(bp[1], in, 10, out, 5, &count, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "room for 5 pairs in a buffer of 4");
	expect_failure(col_gpu_broadphase_find(bp[1], foreign, 10, NULL, 0, &count, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "boxes of another context");
	expect_failure(col_gpu_broadphase_find_pairs(bp[1], boxes, 10, NULL, 0, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a NULL pair count");
	col_gpu_broadphase *bad = NULL;
	expect_failure(col_gpu_broadphase_create(NULL, &bad, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a broad phase of a NULL context");
	col_gpu_buffer_destroy(in);
	col_gpu_buffer_destroy(out);
	col_gpu_buffer_destroy(foreign);

	free(boxes);
	col_gpu_broadphase_destroy(bp[0]);
	col_gpu_broadphase_destroy(bp[1]);
	col_gpu_broadphase_destroy(NULL);
	destroy_context(one);
	destroy_context(four);
}

/* ---- 7. particles ---- */

typedef struct cloud {
	size_t count;
	col_vec3 *p, *v;
	uint32_t *flags;
} cloud;

static cloud cloud_make(size_t count)
{
	cloud c = {count, malloc(count * sizeof(col_vec3)), malloc(count * sizeof(col_vec3)),
	           malloc(count * sizeof(uint32_t))};
	assert_true(c.p != NULL && c.v != NULL && c.flags != NULL);
	return c;
}

static void cloud_free(cloud *c)
{
	free(c->p);
	free(c->v);
	free(c->flags);
}

static void cloud_read(const col_gpu_particles *ps, cloud *c)
{
	col_error error;
	check_ok(col_gpu_particles_read(ps, 0, c->count, c->p, c->v, c->flags, &error), &error);
}

static bool cloud_equal(const cloud *a, const cloud *b)
{
	return memcmp(a->p, b->p, a->count * sizeof *a->p) == 0 &&
	       memcmp(a->v, b->v, a->count * sizeof *a->v) == 0 &&
	       memcmp(a->flags, b->flags, a->count * sizeof *a->flags) == 0;
}

/* Mesh m's pose at step k, below the spawn box: the bumpy sphere (mesh 0) turning about a tilted axis
 * and swaying about the origin; the torus (mesh 1, outer radius 1.4, 0.4 thick) tilted, spinning about
 * its axis at x = 0.9, z = -1, through the sphere's side. */
static col_transform3 particle_pose(int m, int k)
{
	double t = k / 60.0;
	col_transform3 pose;
	if (m == 0) {
		pose.rotation = col_quat_from_axis_angle((col_vec3){0.3, 0.5, 1.0}, 1.5 * t);
		pose.translation =
		    (col_vec3){0.3 * sin(2.0 * t), 0.2 * cos(3.0 * t) - 0.2, -0.2 + 0.1 * sin(t)};
	} else {
		pose.rotation =
		    col_quat_compose(col_quat_from_axis_angle((col_vec3){1.0, 0.0, 0.0}, 0.4),
		                     col_quat_from_axis_angle((col_vec3){0.0, 0.0, 1.0}, 2.0 * t));
		pose.translation = (col_vec3){0.9, 0.1 * sin(4.0 * t), -1.0};
	}
	return pose;
}

/* Falling particles over the meshes (the sphere's top below z = 1.05, the torus's below 0.2): the spawn
 * box [-1, 1] x [-1, 1] x [1.4, 2.2] stays clear of them, so a respawned particle is never inside. */
static col_gpu_particles_options particle_options(size_t count, col_gpu_response response)
{
	col_gpu_particles_options o = col_gpu_particles_default_options();
	o.count = count;
	o.seed = rng_env_seed(0x6770750501ULL);
	o.spawn = (col_aabb3){{-1.0, -1.0, 1.4}, {1.0, 1.0, 2.2}};
	o.spawn_velocity = (col_vec3){0.0, 0.0, -4.0};
	o.wind = (col_vec3){0.5, -0.25, 0.0};
	o.drag = 0.2;
	o.jitter = 0.02;
	o.response = response;
	o.restitution = 0.5;
	return o;
}

static void assert_stats_equal(const col_gpu_step_stats *a, const col_gpu_step_stats *b, const char *what,
                               int k)
{
	if (a->inside != b->inside || a->entered != b->entered || a->stuck != b->stuck ||
	    a->respawned != b->respawned || a->handed_back != b->handed_back ||
	    a->cache_hits != b->cache_hits)
		fail_msg(
		    "%s, step %d: stats differ: inside %llu / %llu, entered %llu / %llu, stuck %llu / %llu, "
		    "respawned %llu / %llu, handed back %llu / %llu, cache hits %llu / %llu",
		    what, k, (unsigned long long)a->inside, (unsigned long long)b->inside,
		    (unsigned long long)a->entered, (unsigned long long)b->entered,
		    (unsigned long long)a->stuck, (unsigned long long)b->stuck,
		    (unsigned long long)a->respawned, (unsigned long long)b->respawned,
		    (unsigned long long)a->handed_back, (unsigned long long)b->handed_back,
		    (unsigned long long)a->cache_hits, (unsigned long long)b->cache_hits);
}

enum { MAX_TEST_MESHES = 2 };

/* One response against mesh_count meshes (particle_pose's): 1 worker, 4 workers and a replay on 4
 * step together and stay bit-identical; each step is checked against the octrees at the step's
 * poses. */
static void run_particles(col_gpu *one, col_gpu *four, const col_mesh *const *meshes, int mesh_count,
                          col_gpu_response response, size_t count, int steps)
{
	const char *names[3] = {"none", "reflect", "stick"};
	char what[64];
	snprintf(what, sizeof what, "%s, %d mesh%s", names[response], mesh_count, mesh_count > 1 ? "es" : "");
	col_error error;
	col_gpu_mesh *m1[MAX_TEST_MESHES], *m4[MAX_TEST_MESHES];
	const col_octree *tree[MAX_TEST_MESHES];
	col_mesh_bvh *bvh[MAX_TEST_MESHES];
	for (int m = 0; m < mesh_count; m++) {
		m1[m] = upload(one, meshes[m], true);
		m4[m] = upload(four, meshes[m], true);
		tree[m] = col_gpu_mesh_octree(m1[m]);
		check_ok(col_mesh_bvh_build(meshes[m], NULL, &bvh[m], &error), &error);
	}
	col_gpu_particles_options options = particle_options(count, response);
	col_gpu_particles *ps[3] = {NULL, NULL, NULL};
	check_ok(col_gpu_particles_create(one, &options, &ps[0], &error), &error);
	check_ok(col_gpu_particles_create(four, &options, &ps[1], &error), &error);
	check_ok(col_gpu_particles_create(four, &options, &ps[2], &error), &error);
	assert_int_equal(col_gpu_particles_count(ps[0]), count);
	assert_true(col_gpu_particles_device_bytes(ps[0]) > 0);
	cloud c[3] = {cloud_make(count), cloud_make(count), cloud_make(count)}, before = cloud_make(count);

	/* the start: in the spawn box at the spawn velocity, nothing inside or stuck */
	cloud_read(ps[0], &c[0]);
	for (size_t i = 0; i < count; i++)
		if (!col_aabb3_contains(options.spawn, c[0].p[i]) ||
		    !col_vec3_equal(c[0].v[i], options.spawn_velocity) || c[0].flags[i] != 0)
			fail_msg("%s: particle %zu starts at (%g, %g, %g), flags %u", what, i, c[0].p[i].x,
			         c[0].p[i].y, c[0].p[i].z, c[0].flags[i]);

	uint64_t hits = 0, inside_after = 0, respawned = 0, stuck_to[MAX_TEST_MESHES] = {0};
	for (int k = 1; k <= steps; k++) {
		col_transform3 pose[MAX_TEST_MESHES], previous[MAX_TEST_MESHES];
		for (int m = 0; m < mesh_count; m++) {
			pose[m] = particle_pose(m, k);
			previous[m] = particle_pose(m, k - 1);
		}
		col_gpu_step_stats stats[3];
		memcpy(before.p, c[0].p, count * sizeof *before.p);
		memcpy(before.flags, c[0].flags, count * sizeof *before.flags);
		for (int j = 0; j < 3; j++) {
			memset(&stats[j], 0, sizeof stats[j]);
			check_ok(col_gpu_particles_step(ps[j], 1.0 / 60.0, j == 0 ? m1 : m4, pose, mesh_count,
			                                &stats[j], &error),
			         &error);
			cloud_read(ps[j], &c[j]);
		}
		assert_int_equal(col_gpu_particles_steps(ps[0]), (uint64_t)k);
		assert_stats_equal(&stats[0], &stats[1], what, k);
		assert_stats_equal(&stats[0], &stats[2], what, k);
		if (!cloud_equal(&c[0], &c[1]))
			fail_msg("%s, step %d: 1 worker and 4 workers differ", what, k);
		if (!cloud_equal(&c[1], &c[2]))
			fail_msg("%s, step %d: a replay from the same seed differs", what, k);

		uint64_t inside = 0, stuck = 0, entered = 0;
		for (size_t i = 0; i < count; i++) {
			bool in = false;
			for (int m = 0; m < mesh_count && !in; m++)
				in = col_octree_contains(
				    tree[m], col_transform3_apply_inverse(pose[m], c[0].p[i]), NULL);
			inside += in;
			entered += in && (before.flags[i] & 1) == 0;
			uint32_t mesh_plus_one = c[0].flags[i] >> 8;
			stuck += mesh_plus_one != 0;
			if (response == COL_GPU_RESPONSE_NONE && (c[0].flags[i] & 1) != in)
				fail_msg("%s, step %d: particle %zu has flags %u, the octrees say %s", what,
				         k, i, c[0].flags[i], in ? "inside" : "outside");
			if (response != COL_GPU_RESPONSE_STICK && mesh_plus_one != 0)
				fail_msg("%s, step %d: particle %zu is stuck (flags %u)", what, k, i,
				         c[0].flags[i]);
			if (response == COL_GPU_RESPONSE_STICK && mesh_plus_one != 0) {
				if (mesh_plus_one > (uint32_t)mesh_count)
					fail_msg("%s, step %d: particle %zu stuck to mesh %u of %d", what, k,
					         i, mesh_plus_one - 1, mesh_count);
				int m = (int)mesh_plus_one - 1;
				stuck_to[m]++;
				/* on its mesh's surface, and moving with it: the same local point as a step
				 * before */
				col_vec3 local = col_transform3_apply_inverse(pose[m], c[0].p[i]);
				double off = col_mesh_bvh_closest_point(bvh[m], local, NULL, NULL, NULL);
				if (!(off <= 1e-12))
					fail_msg("%s, step %d: stuck particle %zu is %.3g off the surface",
					         what, k, i, off);
				if (before.flags[i] >> 8 != 0) {
					if (before.flags[i] >> 8 != mesh_plus_one)
						fail_msg("%s, step %d: particle %zu went from mesh %u to %u",
						         what, k, i, (before.flags[i] >> 8) - 1, m);
					col_vec3 was = col_transform3_apply_inverse(previous[m], before.p[i]);
					if (!(col_vec3_distance(was, local) <= 1e-12))
						fail_msg(
						    "%s, step %d: stuck particle %zu slid %.3g over the mesh",
						    what, k, i, col_vec3_distance(was, local));
				}
			}
		}
		if (response == COL_GPU_RESPONSE_NONE && inside != stats[0].inside)
			fail_msg("%s, step %d: the step counts %llu inside, the octrees %llu", what, k,
			         (unsigned long long)stats[0].inside, (unsigned long long)inside);
		/* passing through, the flags a step before say who was outside then */
		if (response == COL_GPU_RESPONSE_NONE && entered != stats[0].entered)
			fail_msg("%s, step %d: the step counts %llu entered, the octrees %llu", what, k,
			         (unsigned long long)stats[0].entered, (unsigned long long)entered);
		if (stuck != stats[0].stuck)
			fail_msg("%s, step %d: the step counts %llu stuck, the flags %llu", what, k,
			         (unsigned long long)stats[0].stuck, (unsigned long long)stuck);
		assert_true(stats[0].entered <= stats[0].inside);
		hits += stats[0].inside;
		inside_after += inside;
		respawned += stats[0].respawned;
	}
	/* every response saw particles reach the meshes */
	if (hits == 0)
		fail_msg("%s: no particle reached a mesh in %d steps", what, steps);
	/* reflected particles were put back outside, but for a few in the bumps' hollows */
	if (response == COL_GPU_RESPONSE_REFLECT && inside_after * 10 > hits)
		fail_msg("%s: %llu particles inside after their steps, of %llu that hit", what,
		         (unsigned long long)inside_after, (unsigned long long)hits);
	if (response == COL_GPU_RESPONSE_STICK)
		for (int m = 0; m < mesh_count; m++)
			if (stuck_to[m] == 0)
				fail_msg("%s: no particle stuck to mesh %d", what, m);
	/* passing through, the first ones fall out of the domain below within 40 steps */
	if (response == COL_GPU_RESPONSE_NONE && steps >= 40 && respawned == 0)
		fail_msg("%s: no particle fell through and out of the domain", what);

	for (int j = 0; j < 3; j++) {
		col_gpu_particles_destroy(ps[j]);
		cloud_free(&c[j]);
	}
	cloud_free(&before);
	for (int m = 0; m < mesh_count; m++) {
		col_mesh_bvh_destroy(bvh[m]);
		col_gpu_mesh_destroy(m1[m]);
		col_gpu_mesh_destroy(m4[m]);
	}
}

static void test_particles_responses(void **state)
{
	(void)state;
	col_gpu *one = cpu_context(1), *four = cpu_context(4);
	col_mesh *meshes[2] = {bumpy_sphere(3), torus()};
	size_t count = COLLIDE_RANDOM_CASES / 5;
	run_particles(one, four, (const col_mesh *const *)meshes, 1, COL_GPU_RESPONSE_REFLECT, count, 40);
	run_particles(one, four, (const col_mesh *const *)meshes, 1, COL_GPU_RESPONSE_STICK, count, 40);
	run_particles(one, four, (const col_mesh *const *)meshes, 1, COL_GPU_RESPONSE_NONE, count, 40);
	/* two meshes: the first that holds a particle responds */
	run_particles(one, four, (const col_mesh *const *)meshes, 2, COL_GPU_RESPONSE_NONE, count / 2, 30);
	run_particles(one, four, (const col_mesh *const *)meshes, 2, COL_GPU_RESPONSE_STICK, count / 2, 30);
	col_mesh_destroy(meshes[0]);
	col_mesh_destroy(meshes[1]);
	destroy_context(one);
	destroy_context(four);
}

/* A particle pushed out of the domain reappears in the spawn box at the spawn velocity; the others
 * only move. */
static void test_particles_respawn(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(2);
	col_error error;
	col_gpu_particles_options options = particle_options(8, COL_GPU_RESPONSE_REFLECT);
	options.gravity = (col_vec3){0, 0, 0};
	options.drag = 0.0;
	options.jitter = 0.0;
	col_gpu_particles *ps = NULL;
	check_ok(col_gpu_particles_create(gpu, &options, &ps, &error), &error);
	col_vec3 p[8], v[8];
	for (int i = 0; i < 8; i++) {
		p[i] = (col_vec3){-1.5 + 0.25 * i, 0.0, 0.0};
		v[i] = (col_vec3){0.0, 0.0, 0.0};
	}
	/* particle 0 across the -x face, particle 5 across the top, within one step of 0.01 s */
	p[0] = (col_vec3){-1.99, 0.5, 0.5};
	v[0] = (col_vec3){-100.0, 0.0, 0.0};
	p[5].z = 2.49;
	v[5] = (col_vec3){0.0, 0.0, 10.0};
	check_ok(col_gpu_particles_write(ps, 0, 8, p, v, NULL, &error), &error);
	col_gpu_step_stats stats;
	memset(&stats, 0, sizeof stats);
	check_ok(col_gpu_particles_step(ps, 0.01, NULL, NULL, 0, &stats, &error), &error);
	assert_int_equal(stats.respawned, 2);
	assert_int_equal(stats.inside, 0);
	cloud c = cloud_make(8);
	cloud_read(ps, &c);
	for (int i = 0; i < 8; i++) {
		if (i == 0 || i == 5) {
			if (!col_aabb3_contains(options.spawn, c.p[i]) ||
			    !col_vec3_equal(c.v[i], options.spawn_velocity))
				fail_msg("particle %d left the domain and reappears at (%g, %g, %g), "
				         "velocity (%g, %g, %g)",
				         i, c.p[i].x, c.p[i].y, c.p[i].z, c.v[i].x, c.v[i].y, c.v[i].z);
			assert_int_equal(c.flags[i], 0);
		} else {
			/* at rest, no force: it stays where it was */
			assert_true(col_vec3_equal(c.p[i], p[i]));
		}
	}
	/* the float copy for drawing */
	float xyz[24];
	check_ok(col_gpu_particles_read_float(ps, 0, 8, xyz, &error), &error);
	for (int i = 0; i < 8; i++)
		assert_true(xyz[3 * i] == (float)c.p[i].x && xyz[3 * i + 1] == (float)c.p[i].y &&
		            xyz[3 * i + 2] == (float)c.p[i].z);
	cloud_free(&c);
	col_gpu_particles_destroy(ps);
	destroy_context(gpu);
}

/* Bad options are refused with a message; bad steps, reads and writes are refused and leave every
 * particle as it was. */
static void test_particles_bad_input(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(2), *other = cpu_context(1);
	col_error error;
	col_gpu_particles *ps = (col_gpu_particles *)&error;
	col_gpu_particles_options good = particle_options(500, COL_GPU_RESPONSE_REFLECT), o;

	/* the documented defaults */
	o = col_gpu_particles_default_options();
	assert_int_equal(o.count, 100000);
	assert_true(o.gravity.z == -9.81 && o.response == COL_GPU_RESPONSE_REFLECT && o.restitution == 0.5);
	assert_true(o.domain.min.z == -2.0 && o.domain.max.z == 2.5 && o.spawn.min.z == 1.0 &&
	            o.spawn.max.z == 2.0);

	o = good;
	o.count = 0;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "no particles");
	assert_null(ps);
	o = good;
	o.spawn.max.z = 3.0;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a spawn box outside the domain");
	o = good;
	o.restitution = 2.0;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "restitution 2");
	o = good;
	o.restitution = NAN;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "restitution NaN");
	o = good;
	o.gravity.y = NAN;
	expect_some_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, "NaN gravity");
	o = good;
	o.drag = -1.0;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "negative drag");
	o = good;
	o.jitter = -0.5;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "negative jitter");
	o = good;
	o.domain.min.x = 3.0;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "an empty domain");
	o = good;
	o.spawn.min.y = NAN;
	expect_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "a NaN spawn box");
	o = good;
	o.response = (col_gpu_response)9;
	expect_some_failure(col_gpu_particles_create(gpu, &o, &ps, &error), &error, "an unknown response");
	expect_failure(col_gpu_particles_create(NULL, &good, &ps, &error), &error, COL_ERROR_INVALID_ARGUMENT,
	               "particles on a NULL context");
	assert_null(ps);
	assert_int_equal(col_gpu_memory_in_use(gpu), 0);

	/* a good cloud, stepped once against a solid mesh, then bad steps */
	col_mesh *mesh = bumpy_sphere(2), *other_mesh = torus();
	col_gpu_mesh *solid = upload(gpu, mesh, true), *surface = upload(gpu, mesh, false);
	col_gpu_mesh *second = upload(gpu, other_mesh, true), *foreign = upload(other, mesh, true);
	check_ok(col_gpu_particles_create(gpu, &good, &ps, &error), &error);
	col_transform3 pose = particle_pose(0, 0);
	check_ok(col_gpu_particles_step(ps, 0.02, &solid, &pose, 1, NULL, &error), &error);
	cloud was = cloud_make(500), now = cloud_make(500);
	cloud_read(ps, &was);
	const struct {
		const char *what;
		double dt;
		col_gpu_mesh *mesh;
		bool nan_pose;
	} bad[] = {
	    {"dt 0", 0.0, NULL, false},
	    {"dt -0.01", -0.01, NULL, false},
	    {"dt NaN", NAN, NULL, false},
	    {"dt infinite", INFINITY, NULL, false},
	    {"a surface mesh", 0.02, NULL, false},
	    {"a mesh of another context", 0.02, NULL, false},
	    {"another mesh without reset_meshes", 0.02, NULL, false},
	    {"a NaN pose", 0.02, NULL, true},
	};
	col_gpu_mesh *meshes_for[] = {solid, solid, solid, solid, surface, foreign, second, solid};
	for (int k = 0; k < (int)(sizeof bad / sizeof *bad); k++) {
		col_transform3 p = pose;
		if (bad[k].nan_pose)
			p.translation.x = NAN;
		col_gpu_mesh *m = meshes_for[k];
		expect_some_failure(col_gpu_particles_step(ps, bad[k].dt, &m, &p, 1, NULL, &error), &error,
		                    bad[k].what);
		if (k < 7 && error.code != COL_ERROR_INVALID_ARGUMENT)
			fail_msg("%s: %s, expected invalid argument", bad[k].what,
			         col_status_name(error.code));
		assert_int_equal(col_gpu_particles_steps(ps), 1);
		cloud_read(ps, &now);
		if (!cloud_equal(&was, &now))
			fail_msg("%s: refused, but the particles changed", bad[k].what);
	}
	expect_failure(col_gpu_particles_step(ps, 0.02, NULL, &pose, 1, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "one mesh without an array");
	expect_failure(col_gpu_particles_step(NULL, 0.02, &solid, &pose, 1, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "NULL particles");
	/* after reset_meshes, another mesh is fine */
	col_gpu_particles_reset_meshes(ps);
	check_ok(col_gpu_particles_step(ps, 0.02, &second, &pose, 1, NULL, &error), &error);
	assert_int_equal(col_gpu_particles_steps(ps), 2);
	cloud_read(ps, &was);

	/* reads and writes out of range, non-finite writes: refused, nothing changed */
	col_vec3 p[2] = {{0, 0, 0}, {NAN, 0, 0}};
	expect_failure(col_gpu_particles_read(ps, 499, 2, now.p, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a read past the end");
	expect_failure(col_gpu_particles_read(ps, 501, 0, now.p, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a read starting past the end");
	expect_failure(col_gpu_particles_write(ps, 499, 2, p, NULL, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a write past the end");
	expect_some_failure(col_gpu_particles_write(ps, 10, 2, p, NULL, NULL, &error), &error,
	                    "a NaN position");
	expect_some_failure(col_gpu_particles_write(ps, 10, 2, NULL, p, NULL, &error), &error,
	                    "a NaN velocity");
	expect_failure(col_gpu_particles_read_float(ps, 0, 2, NULL, &error), &error,
	               COL_ERROR_INVALID_ARGUMENT, "a float read to NULL");
	cloud_read(ps, &now);
	if (!cloud_equal(&was, &now))
		fail_msg("refused writes changed the particles");
	assert_int_equal(col_gpu_particles_count(NULL), 0);
	assert_int_equal(col_gpu_particles_steps(NULL), 0);
	col_gpu_particles_reset_meshes(NULL);
	col_gpu_particles_destroy(NULL);

	cloud_free(&was);
	cloud_free(&now);
	col_gpu_particles_destroy(ps);
	col_gpu_mesh_destroy(solid);
	col_gpu_mesh_destroy(surface);
	col_gpu_mesh_destroy(second);
	col_gpu_mesh_destroy(foreign);
	col_mesh_destroy(mesh);
	col_mesh_destroy(other_mesh);
	destroy_context(gpu);
	destroy_context(other);
}

/* ---- the most workers ---- */

/* A context of COL_GPU_MAX_CPU_THREADS workers (one more is refused: test_context) answers right, its
 * stats included: the CPU backend sums per worker, and every worker's sums must have their place.
 * Several calls of 10^6 points, so that the last workers (woken afresh each call) get chunks too. */
static void test_most_workers(void **state)
{
	(void)state;
	col_gpu *gpu = cpu_context(COL_GPU_MAX_CPU_THREADS);
	col_error error;
	col_mesh *mesh = bumpy_sphere(2);
	col_gpu_mesh *m = upload(gpu, mesh, true);
	size_t count = COLLIDE_RANDOM_CASES * 10;
	enum { CALLS = 4 };
	col_vec3 *points = malloc(count * sizeof *points);
	uint8_t *inside = malloc(count);
	assert_true(points != NULL && inside != NULL);
	rng r = rng_make(rng_env_seed(0x6770750601ULL));
	col_aabb3 box = col_mesh_bounds(mesh);
	for (size_t i = 0; i < count; i++)
		points[i] = rng_in_grown_box(&r, box);
	col_gpu_stats stats;
	memset(&stats, 0, sizeof stats);
	uint64_t hits = 0;
	size_t wrong = count;
	/* the octree's answers once: every call gets the same points */
	const col_octree *tree = col_gpu_mesh_octree(m);
	uint8_t *expected_inside = malloc(count);
	assert_non_null(expected_inside);
	for (size_t i = 0; i < count; i++)
		expected_inside[i] = col_octree_contains(tree, points[i], NULL);
	for (int call = 0; call < CALLS; call++) {
		check_ok(col_gpu_mesh_contains_points(m, NULL, points, count, inside, &stats, &error),
		         &error);
		for (size_t i = 0; i < count; i++) {
			if (inside[i] != expected_inside[i] && wrong == count)
				wrong = i;
			hits += inside[i];
		}
	}
	free(expected_inside);
	/* the broad phase's per-worker sums too */
	col_gpu_broadphase *bp = NULL;
	check_ok(col_gpu_broadphase_create(gpu, &bp, &error), &error);
	col_aabb3 *boxes = malloc(20000 * sizeof *boxes);
	assert_non_null(boxes);
	for (int i = 0; i < 20000; i++)
		boxes[i] = grid_box(&r, 40.0);
	size_t pairs = 0, expected = all_pairs(boxes, 20000, NULL);
	check_ok(col_gpu_broadphase_find_pairs(bp, boxes, 20000, NULL, 0, &pairs, NULL, &error), &error);
	/* clean up first: a failure then leaks nothing */
	free(boxes);
	col_gpu_broadphase_destroy(bp);
	free(points);
	free(inside);
	col_gpu_mesh_destroy(m);
	col_mesh_destroy(mesh);
	destroy_context(gpu);
	if (wrong < count)
		FAIL_CASE(&r, (int)wrong, "%d workers: point %zu comes out wrong", COL_GPU_MAX_CPU_THREADS,
		          wrong);
	if (stats.hits != hits || stats.queries != CALLS * count)
		FAIL_CASE(
		    &r, 0,
		    "%d workers: stats say %llu queries, %llu inside and %llu handed back; %llu are inside",
		    COL_GPU_MAX_CPU_THREADS, (unsigned long long)stats.queries,
		    (unsigned long long)stats.hits, (unsigned long long)stats.handed_back,
		    (unsigned long long)hits);
	if (pairs != expected)
		fail_msg("%d workers: %zu pairs, the oracle %zu", COL_GPU_MAX_CPU_THREADS, pairs, expected);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_context),
	    cmocka_unit_test(test_buffers),
	    cmocka_unit_test(test_contains_random),
	    cmocka_unit_test(test_contains_exact),
	    cmocka_unit_test(test_contains_bad_calls),
	    cmocka_unit_test(test_contains_layouts),
	    cmocka_unit_test(test_distance),
	    cmocka_unit_test(test_query_random),
	    cmocka_unit_test(test_query_exact),
	    cmocka_unit_test(test_far_and_scaled),
	    cmocka_unit_test(test_mesh_mesh_random),
	    cmocka_unit_test(test_mesh_mesh_touching),
	    cmocka_unit_test(test_broadphase),
	    cmocka_unit_test(test_particles_responses),
	    cmocka_unit_test(test_particles_respawn),
	    cmocka_unit_test(test_particles_bad_input),
	    cmocka_unit_test(test_most_workers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
