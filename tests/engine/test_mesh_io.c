/* Mesh files through assimp: the formats the viewer offers load with the right counts, every file
 * of assimp's own "invalid" collection gives a clear error or a valid mesh (never a crash), and
 * what col_mesh_save writes reads back. The assimp test models come from the Debian package
 * assimp-testmodels; without it those tests are skipped. */
/* mkdtemp, opendir and access are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collide/io.h"

#define MODELS "/usr/share/assimp/models"

static bool have_models(void)
{
	return access(MODELS "/PLY/Wuson.ply", R_OK) == 0;
}

static col_mesh *load_ok(const char *path)
{
	col_mesh *mesh = NULL;
	col_error error;
	col_status status = col_mesh_load(path, &mesh, &error);
	if (status != COL_OK)
		fail_msg("%s: %s", path, error.message);
	return mesh;
}

static col_mesh_report validate(const col_mesh *mesh)
{
	col_mesh_report report;
	col_error error;
	if (col_mesh_validate(mesh, &report, &error) != COL_OK)
		fail_msg("%s", error.message);
	return report;
}

/* A unit cube in OBJ, ASCII STL, binary STL, PLY (ASCII and binary) and OFF: 8 corners and 12
 * triangles once identical positions are merged, closed. */
static void test_cubes(void **state)
{
	(void)state;
	if (!have_models())
		skip();
	const char *files[] = {MODELS "/OBJ/box.obj", MODELS "/PLY/cube.ply", MODELS "/PLY/cube_binary.ply",
	                       MODELS "/OFF/Cube.off"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
		col_mesh *mesh = load_ok(files[i]);
		col_mesh_report r = validate(mesh);
		if (col_mesh_vertex_count(mesh) != 8 || col_mesh_triangle_count(mesh) != 12 || !r.closed)
			fail_msg("%s: %d vertices, %d triangles, closed %d", files[i],
			         col_mesh_vertex_count(mesh), col_mesh_triangle_count(mesh), r.closed);
		col_mesh_destroy(mesh);
	}
}

/* docs/benchmarks.md: Wuson after welding has 2117 vertices, 3732 triangles and 412 edges without
 * a twin; its directed edges are consistent. PLY and binary STL give the same mesh. */
static void test_wuson(void **state)
{
	(void)state;
	if (!have_models())
		skip();
	const char *files[] = {MODELS "/PLY/Wuson.ply", MODELS "/STL/Wuson.stl"};
	for (size_t i = 0; i < 2; ++i) {
		col_mesh *mesh = load_ok(files[i]);
		col_mesh_report r = validate(mesh);
		if (col_mesh_vertex_count(mesh) != 2117 || col_mesh_triangle_count(mesh) != 3732 ||
		    r.boundary_edge_count != 412 || r.nonmanifold_edge_count != 0 ||
		    r.misoriented_edge_count != 0) {
			char text[2048];
			col_mesh_report_format(&r, text, sizeof text);
			fail_msg("%s:\n%s", files[i], text);
		}
		assert_false(r.closed);
		col_mesh_destroy(mesh);
	}
}

static void test_other_models(void **state)
{
	(void)state;
	if (!have_models())
		skip();
	/* ASCII and binary STL of the same spider; an OBJ of the same. */
	col_mesh *ascii = load_ok(MODELS "/STL/Spider_ascii.stl");
	col_mesh *binary = load_ok(MODELS "/STL/Spider_binary.stl");
	assert_int_equal(col_mesh_triangle_count(ascii), col_mesh_triangle_count(binary));
	assert_int_equal(col_mesh_vertex_count(ascii), col_mesh_vertex_count(binary));
	col_mesh_destroy(ascii);
	col_mesh_destroy(binary);
	col_mesh *spider = load_ok(MODELS "/OBJ/spider.obj");
	assert_true(col_mesh_triangle_count(spider) > 100);
	col_mesh_destroy(spider);
	/* A single triangle in ASCII STL. */
	col_mesh *triangle = load_ok(MODELS "/STL/triangle.stl");
	assert_int_equal(col_mesh_triangle_count(triangle), 1);
	assert_int_equal(col_mesh_vertex_count(triangle), 3);
	col_mesh_destroy(triangle);
	/* A PLY of points only has no triangles: a format error that says so. */
	col_mesh *mesh = NULL;
	col_error error;
	assert_int_equal(col_mesh_load(MODELS "/PLY/points.ply", &mesh, &error), COL_ERROR_FORMAT);
	assert_null(mesh);
	assert_non_null(strstr(error.message, "points.ply"));
}

/* Every file in assimp's invalid collection: an error naming the file, or a valid mesh. Returns
 * whether it was refused and describes the outcome in `line`. */
static int check_invalid_file(const char *path, char *line, size_t size)
{
	col_mesh *mesh = NULL;
	col_error error = {0};
	col_status status = col_mesh_load(path, &mesh, &error);
	if (status == COL_OK) {
		assert_non_null(mesh);
		col_mesh_report r = validate(mesh);
		assert_true(r.triangle_count > 0);
		snprintf(line, size, "  %-20s loads: %d vertices, %d triangles\n", strrchr(path, '/') + 1,
		         r.vertex_count, r.triangle_count);
		col_mesh_destroy(mesh);
		return 0;
	}
	assert_null(mesh);
	if (strstr(error.message, path) == NULL || error.code != status)
		fail_msg("%s: unclear error '%s'", path, error.message);
	assert_true(status == COL_ERROR_FORMAT || status == COL_ERROR_IO || status == COL_ERROR_NOT_FINITE);
	snprintf(line, size, "  %-20s %s: %s\n", strrchr(path, '/') + 1, col_status_name(status),
	         error.message);
	return 1;
}

static void test_invalid_files(void **state)
{
	(void)state;
	if (!have_models())
		skip();
	char paths[64][512];
	int files = 0;
	DIR *dir = opendir(MODELS "/invalid");
	assert_non_null(dir);
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL && files < 63) {
		if (entry->d_name[0] != '.')
			snprintf(paths[files++], sizeof paths[0], "%s/%s", MODELS "/invalid", entry->d_name);
	}
	closedir(dir);
	snprintf(paths[files++], sizeof paths[0], "%s", MODELS "/OFF/invalid.off");

	/* assimp must not write to our stdout: point it at a file while loading, then look. */
	fflush(stdout);
	int saved = dup(1);
	FILE *capture = tmpfile();
	assert_true(saved >= 0 && capture != NULL);
	dup2(fileno(capture), 1);
	static char lines[64][512];
	int errors = 0;
	for (int i = 0; i < files; ++i)
		errors += check_invalid_file(paths[i], lines[i], sizeof lines[i]);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	fseek(capture, 0, SEEK_END);
	long printed = ftell(capture);
	fclose(capture);
	for (int i = 0; i < files; ++i)
		fputs(lines[i], stdout);
	printf("  %d invalid files, %d refused; assimp wrote %ld bytes to stdout\n", files, errors, printed);
	assert_int_equal(printed, 0);
	assert_true(files >= 16);
}

static void test_missing_and_empty(void **state)
{
	(void)state;
	col_mesh *mesh = NULL;
	col_error error;
	assert_int_equal(col_mesh_load("/nonexistent/x.obj", &mesh, &error), COL_ERROR_IO);
	assert_null(mesh);
	assert_non_null(strstr(error.message, "mesh: cannot open '/nonexistent/x.obj': "));

	char dir[] = "/tmp/collide_mesh_io_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/empty.obj", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(col_mesh_load(path, &mesh, &error), COL_ERROR_FORMAT);
	assert_non_null(strstr(error.message, "empty"));

	/* Not a mesh at all. */
	f = fopen(path, "w");
	fputs("this is not a mesh file\n", f);
	fclose(f);
	assert_int_equal(col_mesh_load(path, &mesh, &error), COL_ERROR_FORMAT);

	/* A NaN coordinate. */
	snprintf(path, sizeof path, "%s/nan.obj", dir);
	f = fopen(path, "w");
	fputs("v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n", f);
	fclose(f);
	col_status status = col_mesh_load(path, &mesh, &error);
	assert_true(status == COL_ERROR_NOT_FINITE || status == COL_ERROR_FORMAT);
	assert_null(mesh);
	remove(path);
	snprintf(path, sizeof path, "%s/empty.obj", dir);
	remove(path);
	rmdir(dir);
}

/* A header declaring 9999999999999999999 elements (above 2^63) is refused by the size check: the
 * count must not wrap to a negative number and slip past it to assimp's allocation. */
static void test_huge_declared_counts(void **state)
{
	(void)state;
	static const char *const files[][2] = {
	    {"huge.off", "OFF\n9999999999999999999 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"},
	    {"huge_faces.off", "OFF\n3 18446744073709551616 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"},
	    {"huge.ply", "ply\nformat ascii 1.0\nelement vertex 9999999999999999999\nproperty float x\n"
	                 "property float y\nproperty float z\nelement face 1\n"
	                 "property list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n"
	                 "3 0 1 2\n"},
	};
	char dir[] = "/tmp/collide_mesh_io_XXXXXX";
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s", dir, files[i][0]);
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(files[i][1], f);
		fclose(f);
		col_mesh *mesh = NULL;
		col_error error;
		col_status status = col_mesh_load(path, &mesh, &error);
		remove(path);
		if (status != COL_ERROR_FORMAT || strstr(error.message, "declares") == NULL)
			fail_msg("%s: expected the size check to refuse it, got %s: %s", files[i][0],
			         col_status_name(status), error.message);
		assert_null(mesh);
	}
	rmdir(dir);
}

/* What col_mesh_save writes reads back. assimp (as Debian builds it) reads positions as floats, so
 * the positions come back rounded to float either way; the topology comes back whole. */
static void test_save_round_trip(void **state)
{
	(void)state;
	col_mesh *sphere = NULL;
	col_error error;
	assert_int_equal(col_mesh_create_bumpy_sphere(2, &sphere, &error), COL_OK);
	char dir[] = "/tmp/collide_mesh_io_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char obj[256], stl[256];
	snprintf(obj, sizeof obj, "%s/sphere.obj", dir);
	snprintf(stl, sizeof stl, "%s/sphere.STL", dir);
	assert_int_equal(col_mesh_save(sphere, obj, &error), COL_OK);
	assert_int_equal(col_mesh_save(sphere, stl, &error), COL_OK);

	/* The OBJ text itself holds the doubles exactly (17 digits). */
	FILE *f = fopen(obj, "r");
	assert_non_null(f);
	char line[256];
	assert_non_null(fgets(line, sizeof line, f));
	assert_non_null(fgets(line, sizeof line, f));
	double x, y, z;
	assert_int_equal(sscanf(line, "v %lf %lf %lf", &x, &y, &z), 3);
	const col_vec3 *v = col_mesh_vertices(sphere);
	assert_true(x == v[0].x && y == v[0].y && z == v[0].z);
	fclose(f);

	col_mesh *back = load_ok(obj);
	assert_int_equal(col_mesh_vertex_count(back), col_mesh_vertex_count(sphere));
	assert_int_equal(col_mesh_triangle_count(back), col_mesh_triangle_count(sphere));
	col_mesh_report r = validate(back);
	assert_true(r.closed && r.consistently_oriented && r.outward);
	assert_true(fabs(col_mesh_volume(back) - col_mesh_volume(sphere)) < 1e-5);
	col_mesh_destroy(back);

	back = load_ok(stl);
	assert_int_equal(col_mesh_vertex_count(back), col_mesh_vertex_count(sphere));
	assert_int_equal(col_mesh_triangle_count(back), col_mesh_triangle_count(sphere));
	r = validate(back);
	assert_true(r.closed && r.consistently_oriented && r.outward);
	assert_true(fabs(col_mesh_volume(back) - col_mesh_volume(sphere)) < 1e-5);
	col_mesh_destroy(back);

	assert_int_equal(col_mesh_save(sphere, "/nonexistent/dir/x.obj", &error), COL_ERROR_IO);
	assert_non_null(strstr(error.message, "/nonexistent/dir/x.obj"));
	col_mesh_destroy(sphere);
	remove(obj);
	remove(stl);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cubes),
	    cmocka_unit_test(test_wuson),
	    cmocka_unit_test(test_other_models),
	    cmocka_unit_test(test_invalid_files),
	    cmocka_unit_test(test_missing_and_empty),
	    cmocka_unit_test(test_huge_declared_counts),
	    cmocka_unit_test(test_save_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
