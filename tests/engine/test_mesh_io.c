/* Mesh files through collide's own readers: every format's happy path keeps doubles exactly; the
 * files that crashed, aborted or hung the assimp-based loader are refused with the file and the
 * line or byte named; malformed files are refused without leaks; headers with absurd counts are
 * refused before anything is allocated; what col_mesh_save writes reads back. The models of the
 * Debian package assimp-testmodels (OBJ, STL, PLY and OFF files, used here as data) load with the
 * right counts, and every file of its "invalid" collection is refused clearly; without the
 * package those tests are skipped. */
/* mkdtemp, opendir and access are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

	static char lines[64][512];
	int errors = 0;
	for (int i = 0; i < files; ++i)
		errors += check_invalid_file(paths[i], lines[i], sizeof lines[i]);
	for (int i = 0; i < files; ++i)
		fputs(lines[i], stdout);
	printf("  %d invalid files, %d refused\n", files, errors);
	/* None of them is a mesh: the empty files, the malformed OBJ files, the OFF whose counts
	 * overrun it, and the files of formats collide does not read. */
	assert_int_equal(errors, files);
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

/* ---- files written by the tests ---- */

/* A private folder for the files a test writes; removed by remove_scratch. */
static char scratch[64];

static const char *scratch_path(const char *name)
{
	static char path[256];
	if (scratch[0] == '\0') {
		snprintf(scratch, sizeof scratch, "/tmp/collide_mesh_io_XXXXXX");
		assert_non_null(mkdtemp(scratch));
	}
	snprintf(path, sizeof path, "%s/%s", scratch, name);
	return path;
}

static int remove_scratch(void **state)
{
	(void)state;
	if (scratch[0] == '\0')
		return 0;
	DIR *dir = opendir(scratch);
	struct dirent *entry;
	while (dir != NULL && (entry = readdir(dir)) != NULL) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s", scratch, entry->d_name);
		if (entry->d_name[0] != '.')
			remove(path);
	}
	if (dir != NULL)
		closedir(dir);
	rmdir(scratch);
	scratch[0] = '\0';
	return 0;
}

/* Set while loading files whose format only assimp reads: those load from files only. */
static bool file_only;

/* Writes the bytes to a file named `name` in the scratch folder and loads it from the file and
 * (unless file_only) from memory, told by content, with the same name: both must give the same
 * answer. */
static col_status load_bytes(const char *name, const void *bytes, size_t size, col_mesh **out,
                             col_error *error)
{
	const char *path = scratch_path(name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, size, f), size);
	assert_int_equal(fclose(f), 0);
	col_status status = col_mesh_load(path, out, error);
	if (file_only)
		return status;
	col_mesh *again = NULL;
	col_error memory_error;
	col_status memory_status =
	    col_mesh_load_memory(bytes, size, COL_MESH_FORMAT_AUTO, path, &again, &memory_error);
	if (memory_status != status || strcmp(memory_error.message, error->message) != 0)
		fail_msg("%s: the file gives %s '%s', memory %s '%s'", name, col_status_name(status),
		         error->message, col_status_name(memory_status), memory_error.message);
	if (status == COL_OK) {
		assert_int_equal(col_mesh_vertex_count(again), col_mesh_vertex_count(*out));
		assert_memory_equal(col_mesh_vertices(again), col_mesh_vertices(*out),
		                    (size_t)col_mesh_vertex_count(again) * sizeof(col_vec3));
	}
	col_mesh_destroy(again);
	return status;
}

static col_status load_text(const char *name, const char *text, col_mesh **out, col_error *error)
{
	return load_bytes(name, text, strlen(text), out, error);
}

static col_mesh *text_ok(const char *name, const char *text)
{
	col_mesh *mesh = NULL;
	col_error error;
	if (load_text(name, text, &mesh, &error) != COL_OK)
		fail_msg("%s: %s", name, error.message);
	return mesh;
}

/* The file is refused with `code` and a message holding "NAME: " and `expected`. */
static void refused_bytes(const char *name, const void *bytes, size_t size, col_status code,
                          const char *expected)
{
	col_mesh *mesh = NULL;
	col_error error = {0};
	col_status status = load_bytes(name, bytes, size, &mesh, &error);
	char named[256];
	snprintf(named, sizeof named, "%s: ", scratch_path(name));
	if (status != code || strstr(error.message, named) == NULL ||
	    strstr(error.message, expected) == NULL)
		fail_msg("%s: expected %s with '%s', got %s: %s", name, col_status_name(code), expected,
		         col_status_name(status), error.message);
	assert_null(mesh);
	assert_int_equal(error.code, code);
}

static void refused(const char *name, const char *text, col_status code, const char *expected)
{
	refused_bytes(name, text, strlen(text), code, expected);
}

/* Growing byte strings for the binary files. */
typedef struct bytes {
	unsigned char data[4096];
	size_t size;
	bool big_endian;
} bytes;

static void put(bytes *b, const void *p, size_t n)
{
	assert_true(b->size + n <= sizeof b->data);
	memcpy(b->data + b->size, p, n);
	b->size += n;
}

static void put_text(bytes *b, const char *text)
{
	put(b, text, strlen(text));
}

/* n bytes of value's little-endian form, reversed for a big-endian file. */
static void put_number(bytes *b, uint64_t value, size_t n)
{
	unsigned char p[8];
	for (size_t i = 0; i < n; ++i)
		p[b->big_endian ? n - 1 - i : i] = (unsigned char)(value >> (8 * i));
	put(b, p, n);
}

static void put_f32(bytes *b, float f)
{
	uint32_t bits;
	memcpy(&bits, &f, sizeof bits);
	put_number(b, bits, 4);
}

static void put_f64(bytes *b, double d)
{
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	put_number(b, bits, 8);
}

/* A binary STL of the given triangles (9 floats each). */
static void put_stl(bytes *b, const float (*corners)[9], uint32_t count, uint32_t declared)
{
	unsigned char header[80] = "solid but binary";
	put(b, header, sizeof header);
	put_number(b, declared, 4);
	for (uint32_t i = 0; i < count; ++i) {
		for (int k = 0; k < 3; ++k)
			put_f32(b, 0.0f); /* the normal, unread */
		for (int k = 0; k < 9; ++k)
			put_f32(b, corners[i][k]);
		put_number(b, 0, 2);
	}
}

/* ---- the files that broke the assimp loader ---- */

/* Three inputs that crashed, aborted or hung the process through assimp 5.2.5 (Debian): a 20-byte
 * PLY whose format word runs into NUL bytes (a segmentation fault), a binary PLY with a face of
 * no vertices (the assertion of TriangulateProcess.cpp, line 238: abort), and a PLY header that
 * stops after its format line (an endless loop in DefaultIOStream::Seek). Each is refused, with
 * the line or byte that is wrong. */
static void test_assimp_reproducers(void **state)
{
	(void)state;
	static const char segfault[] = "ply\nformat binary_\0\0";
	refused_bytes("segfault.ply", segfault, sizeof segfault - 1, COL_ERROR_FORMAT,
	              "line 2: unknown format 'binary_?" "?'");
	assert_int_equal(sizeof segfault - 1, 20);

	bytes b = {.size = 0};
	put_text(&b, "ply\nformat binary_little_endian 1.0\nelement vertex 8\nproperty float x\n"
	             "property float y\nproperty float z\nelement face 2\n"
	             "property list uchar int vertex_indices\nend_header\n");
	size_t body = b.size;
	for (int i = 0; i < 8; ++i) {
		put_f32(&b, (float)(i & 1));
		put_f32(&b, (float)(i >> 1 & 1));
		put_f32(&b, (float)(i >> 2 & 1));
	}
	put_number(&b, 3, 1);
	for (int k = 0; k < 3; ++k)
		put_number(&b, (uint64_t)k, 4);
	size_t empty_face = b.size;
	put_number(&b, 0, 1); /* the face with no vertices */
	char expected[64];
	snprintf(expected, sizeof expected, "byte %zu: face 2 has 0 vertices, needs at least 3",
	         empty_face);
	refused_bytes("abort.ply", b.data, b.size, COL_ERROR_FORMAT, expected);
	assert_int_equal(empty_face, body + 8 * 12 + 13);

	refused("hang.ply", "ply\nformat ascii 1.0\n", COL_ERROR_FORMAT,
	        "the header ends without 'end_header'");
}

/* ---- every format keeps doubles ---- */

static const double exact[] = {0.1, 123456789.123456789, 1e-30, -7.25e29};

static void assert_vertex(const col_mesh *mesh, int index, double x, double y, double z)
{
	col_vec3 v = col_mesh_vertices(mesh)[index];
	if (!(v.x == x && v.y == y && v.z == z))
		fail_msg("vertex %d is (%.17g, %.17g, %.17g), expected (%.17g, %.17g, %.17g)", index, v.x,
		         v.y, v.z, x, y, z);
}

/* One triangle (0.1, 123456789.123456789, 1e-30), (-7.25e29, 0, 0), (0, 1, 0) in each text format,
 * the numbers written as decimal text: each must come back as the double nearest its text, bit for
 * bit (assimp rounded them to float). */
static void test_exact_text_coordinates(void **state)
{
	(void)state;
	static const char *const files[][2] = {
	    {"exact.obj", "v 0.1 123456789.123456789 1e-30\nv -7.25e29 0 0\nv 0 1 0\nf 1 2 3\n"},
	    {"exact.stl", "solid exact\nfacet normal 0 0 1\nouter loop\nvertex 0.1 123456789.123456789 "
	                  "1e-30\nvertex -7.25e29 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid exact\n"},
	    {"exact.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty double x\nproperty double y\n"
	                  "property double z\nelement face 1\nproperty list uchar int vertex_indices\n"
	                  "end_header\n0.1 123456789.123456789 1e-30\n-7.25e29 0 0\n0 1 0\n3 0 1 2\n"},
	    {"exact.off", "OFF\n3 1 0\n0.1 123456789.123456789 1e-30\n-7.25e29 0 0\n0 1 0\n3 0 1 2\n"},
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
		col_mesh *mesh = text_ok(files[i][0], files[i][1]);
		assert_int_equal(col_mesh_vertex_count(mesh), 3);
		assert_int_equal(col_mesh_triangle_count(mesh), 1);
		assert_vertex(mesh, 0, exact[0], exact[1], exact[2]);
		assert_vertex(mesh, 1, exact[3], 0, 0);
		assert_vertex(mesh, 2, 0, 1, 0);
		col_mesh_destroy(mesh);
	}
}

/* The same triangle as binary PLY doubles, little and big endian, and as binary STL floats. */
static void test_exact_binary_coordinates(void **state)
{
	(void)state;
	for (int big = 0; big <= 1; ++big) {
		bytes b = {.big_endian = big};
		put_text(&b, big ? "ply\nformat binary_big_endian 1.0\n" : "ply\nformat binary_little_endian 1.0\n");
		put_text(&b, "element vertex 3\nproperty double x\nproperty double y\nproperty double z\n"
		             "element face 1\nproperty list uchar int vertex_indices\nend_header\n");
		double v[9] = {exact[0], exact[1], exact[2], exact[3], 0, 0, 0, 1, 0};
		for (int k = 0; k < 9; ++k)
			put_f64(&b, v[k]);
		put_number(&b, 3, 1);
		for (int k = 0; k < 3; ++k)
			put_number(&b, (uint64_t)k, 4);
		col_mesh *mesh = NULL;
		col_error error;
		if (load_bytes(big ? "exact_be.ply" : "exact_le.ply", b.data, b.size, &mesh, &error) != COL_OK)
			fail_msg("%s", error.message);
		assert_vertex(mesh, 0, exact[0], exact[1], exact[2]);
		assert_vertex(mesh, 1, exact[3], 0, 0);
		col_mesh_destroy(mesh);
	}
	/* Binary STL stores floats: each comes back as that float, exactly. */
	static const float corners[2][9] = {{0.1f, 1.5e-30f, 3e29f, 1, 0, 0, 0, 1, 0},
	                                    {0.1f, 1.5e-30f, 3e29f, 0, 1, 0, 0, 0, 1}};
	bytes b = {.size = 0};
	put_stl(&b, corners, 2, 2);
	col_mesh *mesh = NULL;
	col_error error;
	if (load_bytes("binary.stl", b.data, b.size, &mesh, &error) != COL_OK)
		fail_msg("%s", error.message);
	assert_int_equal(col_mesh_triangle_count(mesh), 2);
	assert_int_equal(col_mesh_vertex_count(mesh), 4); /* the shared corner welded */
	assert_vertex(mesh, 0, (double)0.1f, (double)1.5e-30f, (double)3e29f);
	col_mesh_destroy(mesh);
}

/* A big-endian PLY as exporters write them: extra vertex properties of every type (normals,
 * colours, a list of weights), an element the reader does not know, the faces before the
 * vertices, and ushort/uint face lists with a quad. */
static void test_big_endian_ply(void **state)
{
	(void)state;
	bytes b = {.big_endian = true};
	put_text(&b, "ply\nformat binary_big_endian 1.0\ncomment made by test_mesh_io\n"
	             "element face 2\nproperty uchar flags\nproperty list ushort uint vertex_indices\n"
	             "element material 1\nproperty list int char name\n"
	             "element vertex 5\nproperty short id\nproperty float x\nproperty float y\n"
	             "property int8 tag\nproperty double z\nproperty uchar red\nproperty uint16 green\n"
	             "property list uchar float weights\nproperty int32 last\nend_header\n");
	put_number(&b, 7, 1);
	put_number(&b, 4, 2);
	for (int k = 0; k < 4; ++k)
		put_number(&b, (uint64_t)k, 4);
	put_number(&b, 0, 1);
	put_number(&b, 3, 2);
	put_number(&b, 0, 4);
	put_number(&b, 3, 4);
	put_number(&b, 4, 4);
	put_number(&b, 3, 4); /* material name: 3 chars */
	put_text(&b, "abc");
	static const double xyz[5][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0.1}, {0, 1, 0}, {0, 0.5, 2.5}};
	for (int i = 0; i < 5; ++i) {
		put_number(&b, (uint64_t)i, 2);
		put_f32(&b, (float)xyz[i][0]);
		put_f32(&b, (float)xyz[i][1]);
		put_number(&b, 0xFF, 1);
		put_f64(&b, xyz[i][2]);
		put_number(&b, 200, 1);
		put_number(&b, 60000, 2);
		put_number(&b, 2, 1);
		put_f32(&b, 0.25f);
		put_f32(&b, 0.75f);
		put_number(&b, 0xFFFFFFFF, 4);
	}
	col_mesh *mesh = NULL;
	col_error error;
	if (load_bytes("big_endian.ply", b.data, b.size, &mesh, &error) != COL_OK)
		fail_msg("%s", error.message);
	assert_int_equal(col_mesh_vertex_count(mesh), 5);
	assert_int_equal(col_mesh_triangle_count(mesh), 3); /* the quad as a fan of 2, and 1 */
	for (int i = 0; i < 5; ++i)
		assert_vertex(mesh, i, xyz[i][0], xyz[i][1], xyz[i][2]);
	const int32_t *t = col_mesh_triangles(mesh);
	static const int32_t fan[9] = {0, 1, 2, 0, 2, 3, 0, 3, 4};
	assert_memory_equal(t, fan, sizeof fan);
	col_mesh_destroy(mesh);
}

/* OBJ as files come: comments, objects and groups, materials, smoothing, texture coordinates and
 * normals, the v/vt, v//vn and v/vt/vn forms, negative (relative) indices, a quad and a pentagon
 * cut into fans, a line and a point statement (no surface), a vertex with w and a colour, CRLF
 * line ends and no line break at the end. */
static void test_obj_forms(void **state)
{
	(void)state;
	col_mesh *mesh = text_ok("forms.obj",
	                         "# a square and a pentagon\r\nmtllib forms.mtl\r\no first\r\n"
	                         "v 0 0 0\r\nv 1 0 0 1.0\r\nv 1 1 0 1 0.5 0.5 0.5\r\nv 0 1 0\r\n"
	                         "vt 0 0\r\nvn 0 0 1\r\ng square\r\nusemtl red\r\ns 1\r\n"
	                         "f 1/1 2/1/1 3//1 4\r\n"
	                         "o second\r\nv 0 0 1\r\nv 1 0 1\r\nv 2 1 1\r\nv 1 2 1\r\nv 0 1 1\r\n"
	                         "l 1 2\r\np 3\r\n"
	                         "f -5 -4/1 -3//1 -2/1/1 -1");
	assert_int_equal(col_mesh_vertex_count(mesh), 9);
	assert_int_equal(col_mesh_triangle_count(mesh), 2 + 3);
	static const int32_t fans[15] = {0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 4, 7, 8};
	assert_memory_equal(col_mesh_triangles(mesh), fans, sizeof fans);
	col_mesh_destroy(mesh);

	refused("zero.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n", COL_ERROR_FORMAT,
	        "line 4: face has vertex index 0, but there are 3 vertices so far");
	refused("behind.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n", COL_ERROR_FORMAT,
	        "line 4: face has vertex index -4, but there are 3 vertices so far");
	refused("short.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n\nf 1 2\n", COL_ERROR_FORMAT,
	        "line 5: face has 2 vertices, needs at least 3");
	refused("word.obj", "v 0 0 0\nv 1 0 zero\n", COL_ERROR_FORMAT,
	        "line 2: vertex 2: 'zero' is not a number");
	refused("two.obj", "v 0 0\n", COL_ERROR_FORMAT, "line 1: vertex 1 has 2 coordinates, needs 3");
}

/* OFF's header variants: comments, the counts on the keyword's line or without a keyword, COFF's
 * colours and NOFF's normals after the coordinates, a coloured face; 4OFF refused. */
static void test_off_variants(void **state)
{
	(void)state;
	static const char *const files[][2] = {
	    {"comment.off", "# a comment first\nOFF # and one here\n\n4 2 0\n0 0 0\n1 0 0\n1 1 0\n"
	                    "# between\n0 1 0\n4 0 1 2 3 255 0 0\n3 0 2 3\n"},
	    {"inline.off", "OFF 4 2 5\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n3 0 2 3\n"},
	    {"bare.off", "4 2 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n3 0 2 3\n"},
	    {"colour.off", "COFF\n4 2 0\n0 0 0 1 0 0 1\n1 0 0 0 1 0 1\n1 1 0 0 0 1 1\n0 1 0 1 1 1 1\n"
	                   "4 0 1 2 3\n3 0 2 3\n"},
	    {"normal.off", "NOFF\n4 2 0\n0 0 0 0 0 1\n1 0 0 0 0 1\n1 1 0 0 0 1\n0 1 0 0 0 1\n"
	                   "4 0 1 2 3\n3 0 2 3\n"},
	    {"both.off", "CNOFF\n4 2 0\n0 0 0 0 0 1 9 9 9\n1 0 0 0 0 1 9 9 9\n1 1 0 0 0 1 9 9 9\n"
	                 "0 1 0 0 0 1 9 9 9\n4 0 1 2 3\n3 0 2 3\n"},
	    {"dimension.off", "nOFF 3\n4 2 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n3 0 2 3\n"},
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
		col_mesh *mesh = text_ok(files[i][0], files[i][1]);
		if (col_mesh_vertex_count(mesh) != 4 || col_mesh_triangle_count(mesh) != 3)
			fail_msg("%s: %d vertices, %d triangles", files[i][0], col_mesh_vertex_count(mesh),
			         col_mesh_triangle_count(mesh));
		assert_vertex(mesh, 2, 1, 1, 0);
		col_mesh_destroy(mesh);
	}
	refused("four.off", "4OFF\n3 1 0\n0 0 0 1\n1 0 0 1\n0 1 0 1\n3 0 1 2\n", COL_ERROR_FORMAT,
	        "line 1: '4OFF': 4D OFF is not read");
	refused("range.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n", COL_ERROR_FORMAT,
	        "line 6: face 1 has vertex index 3, but there are 3 vertices");
	refused("cut.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 # the last index is missing\n",
	        COL_ERROR_FORMAT,
	        "the file ends before the face's last index");
}

/* The messages name the file and the line or byte where the reader stopped. */
static void test_error_positions(void **state)
{
	(void)state;
	refused("mesh.ply",
	        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
	        "property float z\nelement face 2\nproperty list uchar int vertex_indices\nend_header\n"
	        "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 0 1 12\n",
	        COL_ERROR_FORMAT, "line 14: face 2 has vertex index 12, but there are 3 vertices");
	refused("type.ply",
	        "ply\nformat ascii 1.0\nelement vertex 3\nproperty real x\nend_header\n",
	        COL_ERROR_FORMAT, "line 4: unknown property type 'real'");
	refused("noz.ply",
	        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
	        "element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0\n1 0\n0 1\n3 0 1 2\n",
	        COL_ERROR_FORMAT, "the vertex element lacks one of the properties x, y, z");
	refused("facet.stl", "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
	                     "vertex 0 1 0\nendloop\nendfacet\nfacet normal 0 0 1\nouter loop\n"
	                     "vertex 0 0 0\nvertex 1 0 x\n",
	        COL_ERROR_FORMAT, "line 12: vertex: 'x' is not a number");
	refused("keyword.stl", "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
	                       "vertex 0 1 0\nendloop\nendfacet\nfacet normal 0 0 1\ninner loop\n",
	        COL_ERROR_FORMAT, "line 10: expected 'outer', found 'inner'");

	/* Binary: a PLY float that is not finite, a truncated binary STL. */
	bytes b = {.size = 0};
	put_text(&b, "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
	             "property float y\nproperty float z\nelement face 1\n"
	             "property list uchar int vertex_indices\nend_header\n");
	size_t second = b.size + 12;
	float v[9] = {0, 0, 0, 1, (float)INFINITY, 0, 0, 1, 0};
	for (int k = 0; k < 9; ++k)
		put_f32(&b, v[k]);
	put_number(&b, 3, 1);
	for (int k = 0; k < 3; ++k)
		put_number(&b, (uint64_t)k, 4);
	char expected[96];
	snprintf(expected, sizeof expected, "byte %zu: vertex 2 has a coordinate that is not finite (inf)",
	         second);
	refused_bytes("inf.ply", b.data, b.size, COL_ERROR_NOT_FINITE, expected);

	refused("nan.obj", "v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n", COL_ERROR_NOT_FINITE,
	        "line 3: vertex 3 has a coordinate that is not finite (nan)");
	refused("overflow.off", "OFF\n3 1 0\n0 0 0\n1e999 0 0\n0 1 0\n3 0 1 2\n", COL_ERROR_NOT_FINITE,
	        "line 4: vertex 2 has a coordinate that is not finite (inf)");
	/* Below collide's coordinate range: refused by name, not rounded to 0. */
	refused("tiny.obj", "v 0 0 0\nv 1e-300 0 0\nv 0 1 0\nf 1 2 3\n", COL_ERROR_FORMAT,
	        "line 2: vertex 2 has coordinate 1e-300, outside collide's range");
}

/* Malformed STL and PLY files: each refused, and (in the sanitizer build) nothing leaks. */
static void test_malformed_stl_ply(void **state)
{
	(void)state;
	static const float one[1][9] = {{0, 0, 0, 1, 0, 0, 0, 1, 0}};
	bytes b = {.size = 0};
	put_stl(&b, one, 1, 1);
	/* Its header begins with "solid", as many binary files do: no facets as ASCII either. */
	refused_bytes("short.stl", b.data, b.size - 1, COL_ERROR_FORMAT,
	              "ASCII STL without facets, and not binary STL (133 bytes, but its 1 triangles "
	              "need 134)");
	b.data[0] = 'S';
	refused_bytes("short_header.stl", b.data, b.size - 1, COL_ERROR_FORMAT,
	              "neither ASCII STL (no 'solid') nor binary STL (133 bytes, but its 1 triangles "
	              "need 134)");
	refused_bytes("header.stl", b.data, 40, COL_ERROR_FORMAT,
	              "neither ASCII STL (no 'solid') nor binary STL (40 bytes, less than its 84-byte "
	              "header)");
	static const float nan_corner[1][9] = {{0, 0, 0, 1, 0, 0, 0, NAN, 0}};
	bytes c = {.size = 0};
	put_stl(&c, nan_corner, 1, 1);
	refused_bytes("nan.stl", c.data, c.size, COL_ERROR_NOT_FINITE,
	              "byte 120: vertex 3 has a coordinate that is not finite");
	refused("noloop.stl", "solid s\nfacet normal 0 0 1\nvertex 0 0 0\n", COL_ERROR_FORMAT,
	        "line 3: expected 'outer', found 'vertex'");
	refused("endless.stl", "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\n",
	        COL_ERROR_FORMAT, "the file ends inside a facet");
	refused("two.stl", "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
	                   "endloop\nendfacet\nendsolid\n",
	        COL_ERROR_FORMAT, "line 6: facet has 2 vertices, needs at least 3");
	refused("no_faces.stl", "solid s\nendsolid s\n", COL_ERROR_FORMAT, "no triangles (0 vertices)");

	static const char *const plies[][3] = {
	    {"magic.ply", "plyx\nformat ascii 1.0\n", "line 1: a PLY file begins with 'ply'"},
	    {"noformat.ply", "ply\nelement vertex 0\nend_header\n", "line 3: the header has no 'format' line"},
	    {"prop.ply", "ply\nformat ascii 1.0\nproperty float x\nend_header\n",
	     "line 3: a property before any element"},
	    {"listcount.ply", "ply\nformat ascii 1.0\nelement face 1\nproperty list float int vertex_indices\n",
	     "line 4: a list's count must be an integer type"},
	    {"noface.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\n"
	                   "property float z\nend_header\n0 0 0\n",
	     "no face element: no triangles to read"},
	    {"cut.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
	                "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
	                "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1\n",
	     "the file ends before its last record"},
	    {"twice.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float x\n",
	     "line 5: a property given twice"},
	    {"index.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
	                  "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
	                  "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 1.5\n",
	     "line 13: face 1 has vertex index 1.5, but there are 3 vertices"},
	};
	for (size_t i = 0; i < sizeof plies / sizeof plies[0]; ++i)
		refused(plies[i][0], plies[i][1], COL_ERROR_FORMAT, plies[i][2]);

	/* Words after end_header on its line are not the first record's values. */
	col_mesh *mesh = text_ok("after_header.ply",
	                         "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
	                         "property float y\nproperty float z\nelement face 1\n"
	                         "property list uchar int vertex_indices\nend_header here\n"
	                         "0.5 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
	assert_vertex(mesh, 0, 0.5, 0, 0);
	col_mesh_destroy(mesh);

	/* A binary PLY cut inside a face's list. */
	bytes d = {.size = 0};
	put_text(&d, "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
	             "property float y\nproperty float z\nelement face 1\n"
	             "property list uchar int vertex_indices\nend_header\n");
	for (int k = 0; k < 9; ++k)
		put_f32(&d, (float)(k == 3 || k == 7));
	put_number(&d, 3, 1);
	put_number(&d, 0, 4);
	put_number(&d, 1, 2);
	char expected[64];
	snprintf(expected, sizeof expected, "byte %zu: the file ends before its last record", d.size - 2);
	refused_bytes("cut_binary.ply", d.data, d.size, COL_ERROR_FORMAT, expected);
}

/* Headers claiming 2^40 elements (and counts beyond 2^64) are refused by the counts' check before
 * anything is allocated: the message says what was declared. */
static void test_huge_declared_counts(void **state)
{
	(void)state;
	refused("huge.ply",
	        "ply\nformat ascii 1.0\nelement vertex 1099511627776\nproperty float x\n"
	        "property float y\nproperty float z\nelement face 1\n"
	        "property list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
	        COL_ERROR_FORMAT,
	        "line 3: element vertex declares 1099511627776 records, more than collide reads (2^27)");
	refused("bytes.ply",
	        "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
	        "property float y\nproperty float z\nelement face 100000000\n"
	        "property list uchar int vertex_indices\nend_header\n",
	        COL_ERROR_FORMAT,
	        "line 9: the header's elements need at least 100000036 bytes, but only 0 follow");
	refused("huge.off", "OFF\n1099511627776 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", COL_ERROR_FORMAT,
	        "line 2: declares 1099511627776 vertices and 1 faces, more than collide reads (2^27)");
	refused("huger.off", "OFF\n3 18446744073709551616 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
	        COL_ERROR_FORMAT, "more than collide reads (2^27)");
	refused("bytes.off", "OFF\n100 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", COL_ERROR_FORMAT,
	        "line 2: declares 100 vertices and 1 faces, but only 26 bytes follow");
	/* A binary STL whose count says 2^32 - 1 triangles: its size does not match, so it is not
	 * taken for binary at all. */
	bytes b = {.size = 0};
	static const float one[1][9] = {{0, 0, 0, 1, 0, 0, 0, 1, 0}};
	put_stl(&b, one, 1, 0xFFFFFFFF);
	refused_bytes("huge.stl", b.data, b.size, COL_ERROR_FORMAT, "but its 4294967295 triangles need");
}

/* Files of formats collide does not read itself, and assimp cannot read either, are refused with
 * the formats collide reads named. */
static void test_other_formats_refused(void **state)
{
	(void)state;
	file_only = true;
	refused("model.3ds", "MM\x10\0\0\0binary 3ds", COL_ERROR_FORMAT, "OBJ, STL, PLY or OFF");
	refused("noext", "<?xml version=\"1.0\"?>\n<COLLADA/>\n", COL_ERROR_FORMAT,
	        "OBJ, STL, PLY or OFF");
	file_only = false;
	/* Told by content: an OBJ without its extension, a PLY named .obj. */
	col_mesh *mesh = text_ok("obj_no_extension", "# c\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
	col_mesh_destroy(mesh);
	mesh = text_ok("really_ply.obj",
	               "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
	               "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
	               "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
	col_mesh_destroy(mesh);
}

/* assimp runs in a child process for the other formats: a model of assimp's test set loads
 * through it, and an importer that crashes, hangs or answers nonsense (stand-ins named by
 * COLLIDE_ASSIMP_HELPER) gives an error naming the file while this process goes on. */
static void test_assimp_in_child(void **state)
{
	(void)state;
	if (have_models()) {
		col_mesh *mesh = load_ok(MODELS "/NFF/NFF/tetrahedron.nff");
		assert_int_equal(col_mesh_triangle_count(mesh), 4);
		col_mesh_destroy(mesh);
		/* A caller that ignores SIGCHLD cannot wait for the child: the answer still counts. */
		void (*previous)(int) = signal(SIGCHLD, SIG_IGN);
		mesh = load_ok(MODELS "/NFF/NFF/tetrahedron.nff");
		signal(SIGCHLD, previous);
		assert_int_equal(col_mesh_triangle_count(mesh), 4);
		col_mesh_destroy(mesh);
	}
	static const char *const helpers[][3] = {
	    {"crash.sh", "#!/bin/sh\nkill -SEGV $$\n", "assimp's importer crashed reading it (signal 11"},
	    {"hang.sh", "#!/bin/sh\nexec sleep 60\n", "assimp's importer took longer than 0.5 s and was stopped"},
	    {"garbage.sh", "#!/bin/sh\nprintf 'nonsense and more nonsense'\n", "assimp's importer gave a malformed answer"},
	    {"huge.sh", "#!/bin/sh\nprintf 'CAI1\\377\\377\\377\\377\\377\\377\\377\\0'\n",
	     "assimp's importer gave a malformed answer"},
	    {"silent.sh", "#!/bin/sh\nexit 3\n", "assimp's importer failed (exit status 3)"},
	};
	char model[256];
	snprintf(model, sizeof model, "%s", scratch_path("model.3ds"));
	FILE *f = fopen(model, "wb");
	assert_non_null(f);
	fputs("MM not read by collide itself", f);
	fclose(f);
	setenv("COLLIDE_ASSIMP_SECONDS", "0.5", 1);
	for (size_t i = 0; i < sizeof helpers / sizeof helpers[0]; ++i) {
		const char *helper = scratch_path(helpers[i][0]);
		f = fopen(helper, "w");
		assert_non_null(f);
		fputs(helpers[i][1], f);
		fclose(f);
		assert_int_equal(chmod(helper, 0700), 0);
		setenv("COLLIDE_ASSIMP_HELPER", helper, 1);
		col_mesh *mesh = NULL;
		col_error error;
		col_status status = col_mesh_load(model, &mesh, &error);
		char named[300];
		snprintf(named, sizeof named, "mesh: %s: %s", model, helpers[i][2]);
		if (status != COL_ERROR_FORMAT || strstr(error.message, named) == NULL)
			fail_msg("%s: got %s: %s", helpers[i][0], col_status_name(status), error.message);
		assert_null(mesh);
	}
	unsetenv("COLLIDE_ASSIMP_HELPER");
	unsetenv("COLLIDE_ASSIMP_SECONDS");
	/* From memory there is no file to hand the child. */
	col_mesh *mesh = NULL;
	col_error error;
	assert_int_equal(col_mesh_load_memory("MM 3ds", 6, COL_MESH_FORMAT_AUTO, "m.3ds", &mesh, &error),
	                 COL_ERROR_FORMAT);
	assert_non_null(strstr(error.message, "mesh: m.3ds: not a mesh file collide reads (OBJ, STL, PLY or OFF"));
}

/* col_mesh_load_memory: the format given outright, no name, bad arguments. */
static void test_load_memory(void **state)
{
	(void)state;
	static const char off[] = "3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
	col_mesh *mesh = NULL;
	col_error error;
	assert_int_equal(col_mesh_load_memory(off, sizeof off - 1, COL_MESH_FORMAT_OFF, NULL, &mesh, &error),
	                 COL_OK);
	assert_int_equal(col_mesh_triangle_count(mesh), 1);
	col_mesh_destroy(mesh);
	assert_int_equal(col_mesh_load_memory(off, sizeof off - 1, COL_MESH_FORMAT_STL, NULL, &mesh, &error),
	                 COL_ERROR_FORMAT);
	assert_non_null(strstr(error.message, "mesh: (memory): "));
	assert_null(mesh);
	assert_int_equal(col_mesh_load_memory(NULL, 0, COL_MESH_FORMAT_AUTO, "x.obj", &mesh, &error),
	                 COL_ERROR_FORMAT);
	assert_string_equal(error.message, "mesh: x.obj: the file is empty");
	assert_int_equal(col_mesh_load_memory(NULL, 5, COL_MESH_FORMAT_AUTO, NULL, &mesh, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_load_memory(off, 5, (col_mesh_format)99, NULL, &mesh, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_load_memory(off, 5, COL_MESH_FORMAT_OFF, NULL, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
}

/* The readers share no state: four threads load four formats at once, over and over, and each
 * gets the mesh a lone load gives. */
typedef struct concurrent_load {
	const char *text;
	col_mesh *reference;
	int mismatches;
} concurrent_load;

static void *load_repeatedly(void *argument)
{
	concurrent_load *job = argument;
	for (int i = 0; i < 50; ++i) {
		col_mesh *mesh = NULL;
		col_error error;
		if (col_mesh_load_memory(job->text, strlen(job->text), COL_MESH_FORMAT_AUTO, "t", &mesh,
		                         &error) != COL_OK ||
		    col_mesh_vertex_count(mesh) != col_mesh_vertex_count(job->reference) ||
		    memcmp(col_mesh_vertices(mesh), col_mesh_vertices(job->reference),
		           (size_t)col_mesh_vertex_count(mesh) * sizeof(col_vec3)) != 0)
			job->mismatches++;
		col_mesh_destroy(mesh);
	}
	return NULL;
}

static void test_concurrent_loads(void **state)
{
	(void)state;
	concurrent_load jobs[4] = {
	    {"v 0.1 0.2 0.3\nv 1e-30 0 0\nv 0 123456789.123456789 0\nf 1 2 3\n", NULL, 0},
	    {"solid s\nfacet normal 0 0 1\nouter loop\nvertex 0.7 0 0\nvertex 1 0.3 0\nvertex 0 1 0.9\n"
	     "endloop\nendfacet\nendsolid s\n", NULL, 0},
	    {"ply\nformat ascii 1.0\nelement vertex 3\nproperty double x\nproperty double y\n"
	     "property double z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n"
	     "0.25 0 0\n1 0.5 0\n0 1 0.125\n3 0 1 2\n", NULL, 0},
	    {"OFF\n3 1 0\n1.1 0 0\n0 2.2 0\n0 0 3.3\n3 0 1 2\n", NULL, 0},
	};
	pthread_t threads[4];
	for (int i = 0; i < 4; ++i) {
		col_error error;
		assert_int_equal(col_mesh_load_memory(jobs[i].text, strlen(jobs[i].text), COL_MESH_FORMAT_AUTO,
		                                      "t", &jobs[i].reference, &error),
		                 COL_OK);
	}
	for (int i = 0; i < 4; ++i)
		assert_int_equal(pthread_create(&threads[i], NULL, load_repeatedly, &jobs[i]), 0);
	for (int i = 0; i < 4; ++i) {
		assert_int_equal(pthread_join(threads[i], NULL), 0);
		assert_int_equal(jobs[i].mismatches, 0);
		col_mesh_destroy(jobs[i].reference);
	}
}

/* A long file streams through the bounded buffer: 20,000 facets of ASCII STL (about 2.6 MB, forty
 * times the buffer) read whole; a line longer than the buffer is refused. */
static void test_streaming(void **state)
{
	(void)state;
	enum { FACETS = 20000 };
	size_t capacity = 140 * (size_t)FACETS + 64;
	char *text = malloc(capacity);
	assert_non_null(text);
	size_t n = (size_t)snprintf(text, capacity, "solid strip\n");
	for (int i = 0; i < FACETS; ++i)
		n += (size_t)snprintf(text + n, capacity - n,
		                      "facet normal 0 0 1\n outer loop\n  vertex %d 0 0\n  vertex %d 1 0\n"
		                      "  vertex %d 0 0\n endloop\nendfacet\n",
		                      i, i, i + 1);
	n += (size_t)snprintf(text + n, capacity - n, "endsolid strip\n");
	assert_true(n < capacity);
	col_mesh *mesh = text_ok("strip.stl", text);
	assert_int_equal(col_mesh_triangle_count(mesh), FACETS);
	assert_int_equal(col_mesh_vertex_count(mesh), 2 * FACETS + 1);
	assert_vertex(mesh, col_mesh_vertex_count(mesh) - 1, FACETS, 0, 0);
	col_mesh_destroy(mesh);

	size_t long_line = 70000;
	memset(text, ' ', long_line);
	memcpy(text, "v 0 0 0 ", 8);
	text[long_line] = '\0';
	refused("long.obj", text, COL_ERROR_FORMAT, "line 1: longer than 65536 bytes");
	free(text);
}

/* What col_mesh_save writes reads back: the OBJ bit for bit (17 digits), the binary STL as the
 * floats it stores. */
static void test_save_round_trip(void **state)
{
	(void)state;
	col_mesh *sphere = NULL;
	col_error error;
	assert_int_equal(col_mesh_create_bumpy_sphere(2, &sphere, &error), COL_OK);
	const char *obj_path = scratch_path("sphere.obj");
	char obj[256];
	snprintf(obj, sizeof obj, "%s", obj_path);
	char stl[256];
	snprintf(stl, sizeof stl, "%s", scratch_path("sphere.STL"));
	assert_int_equal(col_mesh_save(sphere, obj, &error), COL_OK);
	assert_int_equal(col_mesh_save(sphere, stl, &error), COL_OK);

	int nv = col_mesh_vertex_count(sphere), nt = col_mesh_triangle_count(sphere);
	col_mesh *back = load_ok(obj);
	assert_int_equal(col_mesh_vertex_count(back), nv);
	assert_int_equal(col_mesh_triangle_count(back), nt);
	assert_memory_equal(col_mesh_vertices(back), col_mesh_vertices(sphere), (size_t)nv * sizeof(col_vec3));
	assert_memory_equal(col_mesh_triangles(back), col_mesh_triangles(sphere), 3 * (size_t)nt * sizeof(int32_t));
	col_mesh_destroy(back);

	back = load_ok(stl);
	assert_int_equal(col_mesh_vertex_count(back), nv);
	assert_int_equal(col_mesh_triangle_count(back), nt);
	for (int i = 0; i < nt; ++i) {
		col_triangle a = col_mesh_triangle(sphere, i), r = col_mesh_triangle(back, i);
		col_vec3 written[3] = {a.a, a.b, a.c}, read[3] = {r.a, r.b, r.c};
		for (int k = 0; k < 3; ++k)
			assert_true(read[k].x == (double)(float)written[k].x &&
			            read[k].y == (double)(float)written[k].y &&
			            read[k].z == (double)(float)written[k].z);
	}
	col_mesh_report report = validate(back);
	assert_true(report.closed && report.consistently_oriented && report.outward);
	col_mesh_destroy(back);

	assert_int_equal(col_mesh_save(sphere, "/nonexistent/dir/x.obj", &error), COL_ERROR_IO);
	assert_non_null(strstr(error.message, "/nonexistent/dir/x.obj"));
	col_mesh_destroy(sphere);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cubes),
	    cmocka_unit_test(test_wuson),
	    cmocka_unit_test(test_other_models),
	    cmocka_unit_test(test_invalid_files),
	    cmocka_unit_test(test_missing_and_empty),
	    cmocka_unit_test_teardown(test_assimp_reproducers, remove_scratch),
	    cmocka_unit_test_teardown(test_exact_text_coordinates, remove_scratch),
	    cmocka_unit_test_teardown(test_exact_binary_coordinates, remove_scratch),
	    cmocka_unit_test_teardown(test_big_endian_ply, remove_scratch),
	    cmocka_unit_test_teardown(test_obj_forms, remove_scratch),
	    cmocka_unit_test_teardown(test_off_variants, remove_scratch),
	    cmocka_unit_test_teardown(test_error_positions, remove_scratch),
	    cmocka_unit_test_teardown(test_malformed_stl_ply, remove_scratch),
	    cmocka_unit_test_teardown(test_huge_declared_counts, remove_scratch),
	    cmocka_unit_test_teardown(test_other_formats_refused, remove_scratch),
	    cmocka_unit_test_teardown(test_assimp_in_child, remove_scratch),
	    cmocka_unit_test(test_load_memory),
	    cmocka_unit_test(test_concurrent_loads),
	    cmocka_unit_test_teardown(test_streaming, remove_scratch),
	    cmocka_unit_test_teardown(test_save_round_trip, remove_scratch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
