/* Triangle meshes: the generators give closed, outward 2-manifolds with the promised counts (the
 * benchmark spheres bit for bit), validation names exactly the broken edges of hand-made meshes,
 * orientation repair fixes what can be fixed and refuses a Moebius strip, welding merges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/mesh.h"
#include "mesh_internal.h" /* to build the empty mesh no public call makes */
#include "support.h"

static const double pi = 3.14159265358979323846;

static col_mesh *make(const col_vec3 *v, int nv, const int32_t *t, int nt)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create(v, nv, t, nt, &mesh, &error), &error);
	return mesh;
}

static col_mesh_report validate(const col_mesh *mesh)
{
	col_mesh_report report;
	col_error error;
	check_ok(col_mesh_validate(mesh, &report, &error), &error);
	return report;
}

/* Closed, edge-manifold, consistently oriented, outward, one piece, with V - E + F = euler. */
static void assert_good_solid(const col_mesh *mesh, int euler)
{
	col_mesh_report r = validate(mesh);
	char text[1024];
	col_mesh_report_format(&r, text, sizeof text);
	if (!(r.closed && r.edge_manifold && r.consistently_oriented && r.outward && r.component_count == 1 &&
	      r.degenerate_triangle_count == 0))
		fail_msg("not a good solid:\n%s", text);
	assert_int_equal(r.edge_count * 2, r.triangle_count * 3);
	assert_int_equal(r.vertex_count - r.edge_count + r.triangle_count, euler);
}

/* ---- generators ---- */

static void test_box(void **state)
{
	(void)state;
	col_mesh *box = NULL;
	col_error error;
	check_ok(col_mesh_create_box((col_vec3){1, 2, 3}, &box, &error), &error);
	assert_int_equal(col_mesh_vertex_count(box), 8);
	assert_int_equal(col_mesh_triangle_count(box), 12);
	assert_good_solid(box, 2);
	/* Axis-aligned with small integers: volume and area come out exact. */
	assert_true(col_mesh_volume(box) == 48.0);
	assert_true(col_mesh_surface_area(box) == 88.0);
	col_aabb3 b = col_mesh_bounds(box);
	assert_true(b.min.x == -1 && b.min.y == -2 && b.min.z == -3 && b.max.x == 1 && b.max.y == 2 &&
	            b.max.z == 3);
	col_mesh_destroy(box);

	assert_int_equal(col_mesh_create_box((col_vec3){1, 0, 1}, &box, &error), COL_ERROR_DEGENERATE);
	assert_null(box);
	assert_int_equal(col_mesh_create_box((col_vec3){NAN, 1, 1}, &box, &error), COL_ERROR_NOT_FINITE);
}

static void test_uv_sphere(void **state)
{
	(void)state;
	col_mesh *sphere = NULL;
	col_error error;
	check_ok(col_mesh_create_uv_sphere(2.0, 32, 16, &sphere, &error), &error);
	assert_int_equal(col_mesh_vertex_count(sphere), 2 + 15 * 32);
	assert_int_equal(col_mesh_triangle_count(sphere), 2 * 32 * 15);
	assert_good_solid(sphere, 2);
	double exact = 4.0 / 3.0 * pi * 8.0;
	double volume = col_mesh_volume(sphere);
	assert_true(volume < exact && volume > 0.97 * exact);
	col_mesh_destroy(sphere);

	check_ok(col_mesh_create_uv_sphere(1.0, 3, 2, &sphere, &error), &error);
	assert_good_solid(sphere, 2); /* the smallest: two triangular pyramids */
	col_mesh_destroy(sphere);
	assert_int_equal(col_mesh_create_uv_sphere(1.0, 2, 8, &sphere, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "slices"));
}

static void test_icosphere(void **state)
{
	(void)state;
	for (int level = 0; level <= 5; ++level) {
		col_mesh *sphere = NULL;
		col_error error;
		check_ok(col_mesh_create_icosphere(level, 1.5, &sphere, &error), &error);
		assert_int_equal(col_mesh_triangle_count(sphere), 20 << (2 * level));
		assert_int_equal(col_mesh_vertex_count(sphere), 10 * (1 << (2 * level)) + 2);
		assert_good_solid(sphere, 2);
		for (int i = 0; i < col_mesh_vertex_count(sphere); ++i)
			assert_true(fabs(col_vec3_length(col_mesh_vertices(sphere)[i]) - 1.5) < 1e-14);
		double exact = 4.0 / 3.0 * pi * 1.5 * 1.5 * 1.5;
		double volume = col_mesh_volume(sphere);
		assert_true(volume < exact);
		if (level == 5)
			assert_true(volume > 0.999 * exact); /* the error shrinks by 4 per level */
		col_mesh_destroy(sphere);
	}
	col_mesh *sphere = NULL;
	col_error error;
	assert_int_equal(col_mesh_create_icosphere(9, 1.0, &sphere, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_create_icosphere(2, -1.0, &sphere, &error), COL_ERROR_INVALID_ARGUMENT);
}

static void test_torus(void **state)
{
	(void)state;
	col_mesh *torus = NULL;
	col_error error;
	check_ok(col_mesh_create_torus(2.0, 0.5, 48, 24, &torus, &error), &error);
	assert_int_equal(col_mesh_vertex_count(torus), 48 * 24);
	assert_int_equal(col_mesh_triangle_count(torus), 2 * 48 * 24);
	assert_good_solid(torus, 0); /* genus one */
	double exact = 2.0 * pi * pi * 2.0 * 0.25;
	double volume = col_mesh_volume(torus);
	assert_true(volume < exact && volume > 0.98 * exact);
	col_mesh_destroy(torus);
	assert_int_equal(col_mesh_create_torus(1.0, 1.0, 8, 8, &torus, &error), COL_ERROR_INVALID_ARGUMENT);
}

/* FNV-1a-64 over little-endian bytes, as docs/benchmarks.md hashes arrays. */
static uint64_t fnv_bytes(uint64_t h, uint64_t value, int bytes)
{
	for (int i = 0; i < bytes; ++i) {
		h ^= (value >> (8 * i)) & 0xFF;
		h *= 0x100000001b3ULL;
	}
	return h;
}

typedef struct bumpy_expectation {
	int level, nv;
	uint64_t vertex_hash, triangle_hash;
	double first, last, extent;
} bumpy_expectation;

static void check_bumpy(bumpy_expectation e)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(e.level, &mesh, &error), &error);
	int nv = col_mesh_vertex_count(mesh), nt = col_mesh_triangle_count(mesh);
	assert_int_equal(nv, e.nv);
	assert_int_equal(nt, 20 << (2 * e.level));
	const col_vec3 *v = col_mesh_vertices(mesh);
	uint64_t h = 0xcbf29ce484222325ULL;
	for (int i = 0; i < nv; ++i) {
		double xyz[3] = {v[i].x, v[i].y, v[i].z};
		for (int k = 0; k < 3; ++k) {
			uint64_t bits;
			memcpy(&bits, &xyz[k], sizeof bits);
			h = fnv_bytes(h, bits, 8);
		}
	}
	const int32_t *t = col_mesh_triangles(mesh);
	uint64_t ht = 0xcbf29ce484222325ULL;
	for (int i = 0; i < 3 * nt; ++i)
		ht = fnv_bytes(ht, (uint32_t)t[i], 4);
	if (h != e.vertex_hash || ht != e.triangle_hash)
		fail_msg("bumpy L%d: vertices fnv1a=%016llx (want %016llx), triangles fnv1a=%016llx (want "
		         "%016llx)",
		         e.level, (unsigned long long)h, (unsigned long long)e.vertex_hash,
		         (unsigned long long)ht, (unsigned long long)e.triangle_hash);
	assert_true(v[0].x == e.first);
	assert_true(v[nv - 1].z == e.last);
	col_aabb3 b = col_mesh_bounds(mesh);
	assert_true(b.max.x == e.extent && b.min.x == -e.extent);
	if (e.level <= 5)
		assert_good_solid(mesh, 2);
	col_mesh_destroy(mesh);
}

/* docs/benchmarks.md: the benchmark spheres must be these bits exactly. */
static void test_bumpy_sphere_hashes(void **state)
{
	(void)state;
	check_bumpy((bumpy_expectation){3, 642, 0xd69fdbd00cffedfdULL, 0x30888c7ffdd951c9ULL,
	                                -0.52573111211913359, 0.077875921104859719, 1.0511289936021038});
	check_bumpy((bumpy_expectation){5, 10242, 0x5e9519fcaa6d5ec1ULL, 0x313f8b0cb729edd1ULL,
	                                -0.52573111211913359, 0.0, 1.0631862104885645});
	check_bumpy((bumpy_expectation){6, 40962, 0x57559be4aaff628dULL, 0xf5a6cc525df7950dULL,
	                                -0.52573111211913359, -0.01041520946016682, 1.0637658053972696});
}

/* ---- creation errors ---- */

static const col_vec3 box_vertices[8] = {
    {-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1},
};
static const int32_t box_triangles[36] = {
    0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4,
    2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5,
};

static void test_create_errors(void **state)
{
	(void)state;
	col_mesh *mesh = NULL;
	col_error error;
	int32_t bad_index[36];
	memcpy(bad_index, box_triangles, sizeof bad_index);
	bad_index[3 * 4 + 1] = 8;
	assert_int_equal(col_mesh_create(box_vertices, 8, bad_index, 12, &mesh, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_null(mesh);
	assert_non_null(strstr(error.message, "triangle 4"));

	int32_t repeated[36];
	memcpy(repeated, box_triangles, sizeof repeated);
	repeated[3 * 7 + 2] = repeated[3 * 7];
	assert_int_equal(col_mesh_create(box_vertices, 8, repeated, 12, &mesh, &error), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "triangle 7"));

	col_vec3 nan_vertices[8];
	memcpy(nan_vertices, box_vertices, sizeof nan_vertices);
	nan_vertices[5].y = NAN;
	assert_int_equal(col_mesh_create(nan_vertices, 8, box_triangles, 12, &mesh, &error),
	                 COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "vertex 5"));
	nan_vertices[5].y = INFINITY;
	assert_int_equal(col_mesh_create(nan_vertices, 8, box_triangles, 12, &mesh, &error),
	                 COL_ERROR_NOT_FINITE);

	assert_int_not_equal(col_mesh_create(box_vertices, 8, box_triangles, 0, &mesh, &error), COL_OK);
	assert_int_equal(col_mesh_create(box_vertices, 8, box_triangles, -1, &mesh, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_create(NULL, 8, box_triangles, 12, &mesh, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_null(mesh);
}

/* ---- validation of broken meshes ---- */

static bool has_edge(const col_mesh_edge *edges, int count, int32_t a, int32_t b)
{
	for (int i = 0; i < count && i < COL_MESH_REPORT_LIMIT; ++i) {
		if (edges[i].a == a && edges[i].b == b)
			return true;
	}
	return false;
}

/* The box without its +z face (triangles 2 and 3): open along exactly that square's four sides. */
static void test_validate_open_box(void **state)
{
	(void)state;
	int32_t t[30];
	memcpy(t, box_triangles, 6 * sizeof *t);
	memcpy(t + 6, box_triangles + 12, 24 * sizeof *t);
	col_mesh *mesh = make(box_vertices, 8, t, 10);
	col_mesh_report r = validate(mesh);
	assert_false(r.closed);
	assert_false(r.outward);
	assert_true(r.edge_manifold);
	assert_true(r.consistently_oriented);
	assert_int_equal(r.boundary_edge_count, 4);
	assert_int_equal(r.edge_count, 17);
	assert_true(has_edge(r.boundary_edges, 4, 4, 5));
	assert_true(has_edge(r.boundary_edges, 4, 5, 7));
	assert_true(has_edge(r.boundary_edges, 4, 6, 7));
	assert_true(has_edge(r.boundary_edges, 4, 4, 6));
	char text[512];
	size_t needed = col_mesh_report_format(&r, text, sizeof text);
	assert_true(needed < sizeof text);
	assert_int_equal(strlen(text), needed);
	assert_non_null(strstr(text, "4 boundary edges (open mesh), e.g. 4-5, 4-6, 5-7, 6-7"));

	/* A small buffer is cut and terminated; the returned length is still the whole text's. */
	char small[10];
	assert_int_equal(col_mesh_report_format(&r, small, sizeof small), needed);
	assert_int_equal(strlen(small), sizeof small - 1);
	col_mesh_destroy(mesh);
}

/* Three triangles on edge 0-1 (a book with three pages). */
static void test_validate_nonmanifold(void **state)
{
	(void)state;
	col_vec3 v[5] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
	int32_t t[9] = {0, 1, 2, 1, 0, 3, 0, 1, 4};
	col_mesh *mesh = make(v, 5, t, 3);
	col_mesh_report r = validate(mesh);
	assert_int_equal(r.nonmanifold_edge_count, 1);
	assert_true(has_edge(r.nonmanifold_edges, 1, 0, 1));
	assert_false(r.edge_manifold);
	assert_int_equal(r.boundary_edge_count, 6);
	assert_int_equal(r.misoriented_edge_count, 0);
	assert_int_equal(r.component_count, 1);
	char text[512];
	col_mesh_report_format(&r, text, sizeof text);
	assert_non_null(strstr(text, "1 non-manifold edge (used by 3 or more triangles), e.g. 0-1"));

	int flipped = -1;
	col_error error;
	assert_int_equal(col_mesh_fix_orientation(mesh, &flipped, &error), COL_ERROR_TOPOLOGY);
	assert_non_null(strstr(error.message, "0-1"));
	assert_int_equal(flipped, 0);
	col_mesh_destroy(mesh);
}

/* The box with triangle 0 (0, 2, 3) turned over: its three edges, and only those, run the same way
 * as their neighbours. */
static void test_validate_misoriented(void **state)
{
	(void)state;
	int32_t t[36];
	memcpy(t, box_triangles, sizeof t);
	t[1] = 3;
	t[2] = 2;
	col_mesh *mesh = make(box_vertices, 8, t, 12);
	col_mesh_report r = validate(mesh);
	assert_true(r.closed);
	assert_false(r.consistently_oriented);
	assert_false(r.outward);
	assert_int_equal(r.misoriented_edge_count, 3);
	assert_true(has_edge(r.misoriented_edges, 3, 0, 2));
	assert_true(has_edge(r.misoriented_edges, 3, 0, 3));
	assert_true(has_edge(r.misoriented_edges, 3, 2, 3));
	char text[512];
	col_mesh_report_format(&r, text, sizeof text);
	assert_non_null(strstr(text, "3 misoriented edges"));
	col_mesh_destroy(mesh);
}

static void test_validate_degenerate_and_components(void **state)
{
	(void)state;
	/* Two boxes side by side, plus a sliver (collinear) and a triangle of three equal points. */
	col_vec3 v[19];
	int32_t t[78];
	for (int i = 0; i < 8; ++i) {
		v[i] = box_vertices[i];
		v[8 + i] = col_vec3_add(box_vertices[i], (col_vec3){5, 0, 0});
	}
	for (int i = 0; i < 36; ++i) {
		t[i] = box_triangles[i];
		t[36 + i] = box_triangles[i] + 8;
	}
	/* Vertex 16 lies on the space diagonal from vertex 0 to vertex 7; 17 and 18 coincide with it. */
	v[16] = v[17] = v[18] = (col_vec3){0.5, 0.5, 0.5};
	int32_t extra[6] = {0, 7, 16, 16, 17, 18};
	memcpy(t + 72, extra, sizeof extra);
	col_mesh *mesh = make(v, 19, t, 26);
	col_mesh_report r = validate(mesh);
	assert_int_equal(r.degenerate_triangle_count, 2);
	assert_int_equal(r.component_count, 4);
	char text[1024];
	col_mesh_report_format(&r, text, sizeof text);
	assert_non_null(strstr(text, "2 degenerate triangles"));
	col_mesh_destroy(mesh);

	/* Two boxes only: closed, outward, two components. */
	mesh = make(v, 16, t, 24);
	r = validate(mesh);
	assert_int_equal(r.component_count, 2);
	assert_true(r.closed && r.edge_manifold && r.consistently_oriented && r.outward);
	assert_int_equal(r.degenerate_triangle_count, 0);
	col_mesh_destroy(mesh);
}

/* ---- orientation repair ---- */

static void test_fix_flipped_box(void **state)
{
	(void)state;
	int32_t t[36];
	memcpy(t, box_triangles, sizeof t);
	int turn[3] = {0, 5, 9};
	for (int i = 0; i < 3; ++i) {
		int32_t s = t[3 * turn[i] + 1];
		t[3 * turn[i] + 1] = t[3 * turn[i] + 2];
		t[3 * turn[i] + 2] = s;
	}
	col_mesh *mesh = make(box_vertices, 8, t, 12);
	int flipped = -1;
	col_error error;
	check_ok(col_mesh_fix_orientation(mesh, &flipped, &error), &error);
	assert_int_equal(flipped, 3);
	assert_good_solid(mesh, 2);
	assert_memory_equal(col_mesh_triangles(mesh), box_triangles, sizeof box_triangles);
	col_mesh_destroy(mesh);

	/* Wholly inside-out: consistent already, but inward; all twelve turn. */
	for (int i = 0; i < 12; ++i) {
		t[3 * i] = box_triangles[3 * i];
		t[3 * i + 1] = box_triangles[3 * i + 2];
		t[3 * i + 2] = box_triangles[3 * i + 1];
	}
	mesh = make(box_vertices, 8, t, 12);
	assert_true(col_mesh_volume(mesh) == -8.0);
	check_ok(col_mesh_fix_orientation(mesh, &flipped, &error), &error);
	assert_int_equal(flipped, 12);
	assert_good_solid(mesh, 2);
	col_mesh_destroy(mesh);

	/* A good icosphere needs nothing. */
	col_mesh *sphere = NULL;
	check_ok(col_mesh_create_icosphere(3, 1.0, &sphere, &error), &error);
	check_ok(col_mesh_fix_orientation(sphere, &flipped, &error), &error);
	assert_int_equal(flipped, 0);
	col_mesh_destroy(sphere);
}

/* Concentric icospheres of radius 1, 0.6 and 0.3: a hollow ball with a ball in its cavity. */
static col_mesh *nested_spheres(int pieces, bool all_outward)
{
	col_vec3 vertices[3 * 162];
	int32_t triangles[3 * 3 * 320];
	double radius[3] = {1.0, 0.6, 0.3};
	col_error error;
	for (int k = 0; k < pieces; ++k) {
		col_mesh *ball = NULL;
		check_ok(col_mesh_create_icosphere(2, radius[k], &ball, &error), &error);
		assert_int_equal(col_mesh_vertex_count(ball), 162);
		memcpy(vertices + 162 * k, col_mesh_vertices(ball), 162 * sizeof *vertices);
		const int32_t *t = col_mesh_triangles(ball);
		for (int i = 0; i < 320; ++i) {
			bool turn = !all_outward && k == 1; /* the cavity's wall, facing into the cavity */
			triangles[3 * (320 * k + i)] = t[3 * i] + 162 * k;
			triangles[3 * (320 * k + i) + 1] = t[3 * i + (turn ? 2 : 1)] + 162 * k;
			triangles[3 * (320 * k + i) + 2] = t[3 * i + (turn ? 1 : 2)] + 162 * k;
		}
		col_mesh_destroy(ball);
	}
	return make(vertices, 162 * pieces, triangles, 320 * pieces);
}

/* The wall of a cavity faces into the cavity; an island inside it faces out again. */
static void test_fix_hollow_ball(void **state)
{
	(void)state;
	col_error error;
	int flipped = -1;
	/* Both shells outward, as a careless exporter writes them: the inner one must turn. */
	col_mesh *hollow = nested_spheres(2, true);
	double shells = col_mesh_volume(hollow);
	check_ok(col_mesh_fix_orientation(hollow, &flipped, &error), &error);
	assert_int_equal(flipped, 320);
	assert_true(col_mesh_volume(hollow) < shells); /* outer minus inner, no longer plus */
	assert_true(col_mesh_volume(hollow) > 0.0);
	col_mesh_report report;
	check_ok(col_mesh_validate(hollow, &report, &error), &error);
	assert_true(report.outward && report.consistently_oriented && report.component_count == 2);
	assert_true(col_mesh_contains_point(hollow, (col_vec3){0.8, 0, 0}, COL_METHOD_WINDING, NULL));
	assert_false(col_mesh_contains_point(hollow, (col_vec3){0.1, 0, 0}, COL_METHOD_WINDING, NULL));
	/* Already right: nothing to do. */
	check_ok(col_mesh_fix_orientation(hollow, &flipped, &error), &error);
	assert_int_equal(flipped, 0);
	col_mesh_destroy(hollow);

	/* With an island in the cavity, written correctly: nothing turns; the island stays outward. */
	col_mesh *island = nested_spheres(3, false);
	check_ok(col_mesh_fix_orientation(island, &flipped, &error), &error);
	assert_int_equal(flipped, 0);
	col_mesh_destroy(island);
	/* Written all outward: only the middle shell turns. */
	island = nested_spheres(3, true);
	check_ok(col_mesh_fix_orientation(island, &flipped, &error), &error);
	assert_int_equal(flipped, 320);
	const int32_t *t = col_mesh_triangles(island); /* the shells share one triangle pattern */
	assert_int_equal(t[3 * 320 + 1], t[2] + 162); /* middle shell: reversed */
	assert_int_equal(t[3 * 320 + 2], t[1] + 162);
	assert_int_equal(t[3 * 640 + 1], t[1] + 324); /* island: as the outer wall */
	assert_true(col_mesh_contains_point(island, (col_vec3){0.1, 0, 0}, COL_METHOD_WINDING, NULL));
	assert_false(col_mesh_contains_point(island, (col_vec3){0.45, 0, 0}, COL_METHOD_WINDING, NULL));
	col_mesh_destroy(island);
}

/* An open mesh is made consistent, but has no inside to point away from. */
static void test_fix_open_mesh(void **state)
{
	(void)state;
	int32_t t[30];
	memcpy(t, box_triangles, 6 * sizeof *t);
	memcpy(t + 6, box_triangles + 12, 24 * sizeof *t);
	int32_t s = t[3 * 4 + 1];
	t[3 * 4 + 1] = t[3 * 4 + 2];
	t[3 * 4 + 2] = s;
	col_mesh *mesh = make(box_vertices, 8, t, 10);
	int flipped = -1;
	col_error error;
	check_ok(col_mesh_fix_orientation(mesh, &flipped, &error), &error);
	col_mesh_report r = validate(mesh);
	assert_true(r.consistently_oriented);
	assert_int_equal(r.boundary_edge_count, 4);
	assert_true(flipped == 1 || flipped == 9);
	col_mesh_destroy(mesh);
}

static void test_fix_rejects_moebius(void **state)
{
	(void)state;
	enum { N = 12 };
	col_vec3 v[2 * N];
	int32_t t[6 * N];
	for (int i = 0; i < N; ++i) {
		double u = 2.0 * pi * i / N;
		for (int side = 0; side < 2; ++side) {
			double s = side == 0 ? 0.3 : -0.3;
			double ring = 1.0 + s * cos(u / 2);
			v[2 * i + side] = (col_vec3){ring * cos(u), ring * sin(u), s * sin(u / 2)};
		}
	}
	for (int i = 0; i < N; ++i) {
		int32_t a = 2 * i, b = 2 * i + 1, c, d;
		if (i + 1 < N) {
			c = 2 * (i + 1) + 1;
			d = 2 * (i + 1);
		} else { /* half a turn: the top edge comes back as the bottom one */
			c = 0;
			d = 1;
		}
		int32_t quad[6] = {a, b, c, a, c, d};
		memcpy(t + 6 * i, quad, sizeof quad);
	}
	col_mesh *mesh = make(v, 2 * N, t, 2 * N);
	col_mesh_report r = validate(mesh);
	assert_true(r.edge_manifold);
	assert_int_equal(r.boundary_edge_count, 2 * N); /* a Moebius strip has one boundary loop */
	int32_t before[6 * N];
	memcpy(before, col_mesh_triangles(mesh), sizeof before);
	int flipped = -1;
	col_error error;
	assert_int_equal(col_mesh_fix_orientation(mesh, &flipped, &error), COL_ERROR_TOPOLOGY);
	assert_non_null(strstr(error.message, "Moebius"));
	assert_memory_equal(col_mesh_triangles(mesh), before, sizeof before); /* untouched on failure */
	col_mesh_destroy(mesh);
}

/* ---- welding ---- */

static void test_weld(void **state)
{
	(void)state;
	/* The box as a soup: every triangle with its own three vertices, as STL stores it. */
	col_vec3 v[36];
	int32_t t[36];
	for (int i = 0; i < 36; ++i) {
		v[i] = box_vertices[box_triangles[i]];
		t[i] = i;
	}
	col_mesh *mesh = make(v, 36, t, 12);
	col_mesh_report r = validate(mesh);
	assert_int_equal(r.boundary_edge_count, 36);
	assert_int_equal(col_mesh_weld(mesh), 28);
	assert_int_equal(col_mesh_vertex_count(mesh), 8);
	assert_int_equal(col_mesh_triangle_count(mesh), 12);
	assert_good_solid(mesh, 2);
	assert_true(col_mesh_volume(mesh) == 8.0);
	assert_int_equal(col_mesh_weld(mesh), 0); /* welding twice changes nothing */
	col_mesh_destroy(mesh);

	/* Vertices 1 and 2 share a position: triangle (0, 1, 2) collapses and goes. -0 equals +0. */
	col_vec3 w[4] = {{0, 0, 0}, {1, 0, 0}, {1, -0.0, 0}, {0, 1, 0}};
	int32_t u[6] = {0, 1, 2, 0, 2, 3};
	mesh = make(w, 4, u, 2);
	assert_int_equal(col_mesh_weld(mesh), 1);
	assert_int_equal(col_mesh_vertex_count(mesh), 3);
	assert_int_equal(col_mesh_triangle_count(mesh), 1);
	const int32_t *f = col_mesh_triangles(mesh);
	assert_int_equal(f[0], 0);
	assert_int_equal(f[1], 1);
	assert_int_equal(f[2], 2);
	assert_true(col_mesh_vertices(mesh)[2].y == 1.0);
	col_mesh_destroy(mesh);
}

/* Coordinates outside the predicates' exact range are refused, naming the vertex; the generators
 * refuse a size that would leave the range, and set rounding noise below it to 0. */
static void test_coordinate_range(void **state)
{
	(void)state;
	col_mesh *mesh = NULL;
	col_error error;
	col_vec3 v[8];
	memcpy(v, box_vertices, sizeof v);
	v[6].z = 1e200;
	assert_int_equal(col_mesh_create(v, 8, box_triangles, 12, &mesh, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(mesh);
	assert_non_null(
	    strstr(error.message, "mesh: vertex 6 coordinate 1e+200 is outside the supported range"));
	v[6].z = -1e-200;
	assert_int_equal(col_mesh_create(v, 8, box_triangles, 12, &mesh, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "vertex 6 coordinate -1e-200"));
	v[6].z = 1e30; /* the ends of the range are accepted */
	v[5].x = -1e-30;
	check_ok(col_mesh_create(v, 8, box_triangles, 12, &mesh, &error), &error);
	col_mesh_destroy(mesh);

	assert_int_equal(col_mesh_create_icosphere(1, 1e40, &mesh, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(mesh);
	check_ok(col_mesh_create_uv_sphere(1e-20, 8, 4, &mesh, &error), &error);
	const col_vec3 *p = col_mesh_vertices(mesh);
	for (int i = 0; i < col_mesh_vertex_count(mesh); ++i)
		assert_true(col_coordinate_in_range(p[i].x) && col_coordinate_in_range(p[i].y) &&
		            col_coordinate_in_range(p[i].z));
	col_mesh_destroy(mesh);
}

/* A NULL mesh reads as an empty one, and every call that reports errors reports it. */
static void test_null_mesh(void **state)
{
	(void)state;
	col_error error;
	assert_int_equal(col_mesh_vertex_count(NULL), 0);
	assert_int_equal(col_mesh_triangle_count(NULL), 0);
	assert_null(col_mesh_vertices(NULL));
	assert_null(col_mesh_triangles(NULL));
	col_aabb3 box = col_mesh_bounds(NULL);
	assert_true(box.min.x > box.max.x); /* empty */
	assert_true(col_mesh_volume(NULL) == 0.0);
	assert_true(col_mesh_surface_area(NULL) == 0.0);
	col_triangle t = col_mesh_triangle(NULL, 0);
	assert_true(t.a.x == 0.0 && t.c.z == 0.0);
	assert_int_equal(col_mesh_weld(NULL), 0);
	col_mesh_report report;
	assert_int_equal(col_mesh_validate(NULL, &report, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "mesh is NULL"));
	int flipped = 7;
	assert_int_equal(col_mesh_fix_orientation(NULL, &flipped, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(flipped, 0);
	char text[16] = "x";
	assert_int_equal(col_mesh_report_format(NULL, text, sizeof text), 0);
	assert_string_equal(text, "");

	col_mesh *mesh = make(box_vertices, 8, box_triangles, 12);
	assert_int_equal(col_mesh_validate(mesh, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	t = col_mesh_triangle(mesh, 12); /* out of range */
	assert_true(t.a.x == 0.0 && t.b.y == 0.0);
	col_mesh_destroy(mesh);
}

/* A weld that would collapse every triangle is refused and leaves the mesh as it was; a mesh is
 * never left without triangles, and validate never calls an empty mesh closed or outward. */
static void test_weld_collapsing_everything(void **state)
{
	(void)state;
	col_vec3 v[4] = {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {1, 0, 0}};
	int32_t t[6] = {0, 1, 2, 1, 2, 3};
	col_mesh *mesh = make(v, 4, t, 2);
	assert_int_equal(col_mesh_weld(mesh), COL_MESH_WELD_COLLAPSED);
	assert_int_equal(col_mesh_vertex_count(mesh), 4);
	assert_int_equal(col_mesh_triangle_count(mesh), 2);
	assert_memory_equal(col_mesh_triangles(mesh), t, sizeof t);
	assert_memory_equal(col_mesh_vertices(mesh), v, sizeof v);
	col_mesh_report r = validate(mesh);
	assert_false(r.closed);
	col_mesh_destroy(mesh);

	/* No public call makes a mesh without triangles; built by hand, it is nothing good. */
	struct col_mesh empty = {0, 0, NULL, NULL, col_aabb3_empty()};
	r = validate(&empty);
	assert_int_equal(r.triangle_count, 0);
	assert_false(r.closed);
	assert_false(r.consistently_oriented);
	assert_false(r.outward);
	char text[256];
	col_mesh_report_format(&r, text, sizeof text);
	assert_null(strstr(text, "closed"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_box),
	    cmocka_unit_test(test_uv_sphere),
	    cmocka_unit_test(test_icosphere),
	    cmocka_unit_test(test_torus),
	    cmocka_unit_test(test_bumpy_sphere_hashes),
	    cmocka_unit_test(test_create_errors),
	    cmocka_unit_test(test_validate_open_box),
	    cmocka_unit_test(test_validate_nonmanifold),
	    cmocka_unit_test(test_validate_misoriented),
	    cmocka_unit_test(test_validate_degenerate_and_components),
	    cmocka_unit_test(test_fix_flipped_box),
	    cmocka_unit_test(test_fix_hollow_ball),
	    cmocka_unit_test(test_fix_open_mesh),
	    cmocka_unit_test(test_fix_rejects_moebius),
	    cmocka_unit_test(test_weld),
	    cmocka_unit_test(test_coordinate_range),
	    cmocka_unit_test(test_null_mesh),
	    cmocka_unit_test(test_weld_collapsing_everything),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
