/* Convex polytopes (convex.h) and their hulls (hull.h): hand-made solids with known volumes,
 * areas, planes, edges and adjacency; every fault col_convex_create refuses, with the message that
 * names it; the point test against an exact integer computation; the support mapping against a
 * scan of every vertex; and hulls of random and degenerate clouds, each checked to hold every
 * point, to keep only extreme input points as vertices and to agree between qhull and the exact
 * build. */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/convex.h"
#include "collide/hull.h"
#include "collide/predicates.h"
#include "engine/hull/hull_internal.h"

#include "support.h"

/* ---- helpers ---- */

static col_convex *make(const col_vec3 *v, int nv, const int *fv, const int *sizes, int nf)
{
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_create(v, nv, fv, sizes, nf, &c, &error), &error);
	assert_non_null(c);
	return c;
}

/* col_convex_create must refuse with code and a message containing needle. */
static void expect_refused(const col_vec3 *v, int nv, const int *fv, const int *sizes, int nf,
                           col_status code, const char *needle)
{
	col_convex *c = (col_convex *)&c; /* must come back NULL */
	col_error error = {0};
	col_status status = col_convex_create(v, nv, fv, sizes, nf, &c, &error);
	if (status != code || strstr(error.message, needle) == NULL)
		fail_msg("expected %s with \"%s\", got %s: \"%s\"", col_status_name(code), needle,
		         col_status_name(status), error.message);
	assert_null(c);
	assert_int_equal(error.code, code);
}

static double dot(col_vec3 a, col_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* Whether face f lists a then b (cyclically). */
static bool face_has_edge(const col_convex *c, int f, int a, int b)
{
	const int *x;
	int n = col_convex_face(c, f, &x);
	for (int i = 0; i < n; i++)
		if (x[i] == a && x[(i + 1) % n] == b)
			return true;
	return false;
}

/* What every polytope must satisfy: Euler's count, edges sorted with their faces on the right
 * sides, neighbours that are edges and run counter-clockwise, unit planes through their faces with
 * every vertex behind. */
static void check_structure(const col_convex *c)
{
	int nv = col_convex_vertex_count(c), nf = col_convex_face_count(c), ne = col_convex_edge_count(c);
	const col_vec3 *v = col_convex_vertices(c);
	assert_int_equal(ne, nv + nf - 2);
	double scale = 0;
	for (int i = 0; i < nv; i++)
		scale = fmax(scale, fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z))));
	int previous[2] = {-1, -1};
	for (int e = 0; e < ne; e++) {
		int ends[2], faces[2];
		col_convex_edge(c, e, ends, faces);
		assert_true(ends[0] < ends[1]);
		assert_true(ends[0] > previous[0] || (ends[0] == previous[0] && ends[1] > previous[1]));
		previous[0] = ends[0];
		previous[1] = ends[1];
		assert_true(face_has_edge(c, faces[0], ends[0], ends[1]));
		assert_true(face_has_edge(c, faces[1], ends[1], ends[0]));
	}
	int total = 0;
	for (int i = 0; i < nv; i++) {
		const int *nb;
		int n = col_convex_neighbors(c, i, &nb);
		total += n;
		for (int k = 0; k < n; k++) {
			bool edge = false;
			for (int f = 0; f < nf && !edge; f++)
				edge = face_has_edge(c, f, i, nb[k]);
			assert_true(edge);
			if (col_convex_is_flat(c))
				continue;
			/* Two neighbours in turn span a corner of a face: counter-clockwise from outside,
			 * every vertex lies on or behind it, and some strictly. */
			int behind = 0;
			for (int w = 0; w < nv; w++) {
				double o = col_orient3d(v[i], v[nb[k]], v[nb[(k + 1) % n]], v[w]);
				if (o < 0)
					fail_msg("vertex %d: neighbours %d, %d run clockwise", i, nb[k],
					         nb[(k + 1) % n]);
				behind += o > 0;
			}
			assert_true(behind > 0);
		}
	}
	if (!col_convex_is_flat(c)) {
		assert_true(col_convex_volume(c) > 0);
		assert_true(col_convex_contains_point(c, col_convex_centroid(c)));
	}
	assert_int_equal(total, 2 * ne);
	for (int f = 0; f < nf; f++) {
		col_plane p = col_convex_face_plane(c, f);
		assert_true(fabs(col_vec3_length(p.normal) - 1) < 1e-12);
		const int *x;
		int n = col_convex_face(c, f, &x);
		for (int i = 0; i < n; i++)
			if (!(fabs(dot(p.normal, v[x[i]]) - p.offset) <= 1e-12 * scale)) {
				for (int k = 0; k < n; k++)
					print_error("  %d: %.17g %.17g %.17g\n", x[k], v[x[k]].x, v[x[k]].y,
					            v[x[k]].z);
				print_error("  plane %.17g %.17g %.17g | %.17g\n", p.normal.x, p.normal.y,
				            p.normal.z, p.offset);
				fail_msg("face %d (%d vertices): vertex %d is %g off its plane", f, n, x[i],
				         dot(p.normal, v[x[i]]) - p.offset);
			}
		for (int i = 0; i < nv; i++)
			assert_true(dot(p.normal, v[i]) - p.offset <= 1e-12 * scale);
	}
}

static void assert_near(double a, double b)
{
	if (!(fabs(a - b) <= 1e-12 * fmax(1, fabs(b))))
		fail_msg("%.17g is not %.17g", a, b);
}

static void assert_vec_near(col_vec3 a, col_vec3 b)
{
	assert_near(a.x, b.x);
	assert_near(a.y, b.y);
	assert_near(a.z, b.z);
}

/* ---- the hand-made solids ---- */

/* The cube [0, 2]^3: vertex i = (2 bit0, 2 bit1, 2 bit2). */
static const col_vec3 cube_vertices[8] = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 2, 0},
                                          {0, 0, 2}, {2, 0, 2}, {0, 2, 2}, {2, 2, 2}};
static const int cube_faces[24] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
static const int cube_sizes[6] = {4, 4, 4, 4, 4, 4};

static col_convex *make_cube(void)
{
	return make(cube_vertices, 8, cube_faces, cube_sizes, 6);
}

static void test_cube(void **state)
{
	(void)state;
	col_convex *c = make_cube();
	check_structure(c);
	assert_int_equal(col_convex_vertex_count(c), 8);
	assert_int_equal(col_convex_face_count(c), 6);
	assert_int_equal(col_convex_edge_count(c), 12);
	assert_false(col_convex_is_flat(c));
	assert_near(col_convex_volume(c), 8);
	assert_near(col_convex_area(c), 24);
	assert_vec_near(col_convex_centroid(c), (col_vec3){1, 1, 1});
	col_aabb3 b = col_convex_bounds(c);
	assert_true(col_vec3_equal(b.min, (col_vec3){0, 0, 0}) && col_vec3_equal(b.max, (col_vec3){2, 2, 2}));
	const col_plane expected[6] = {{{-1, 0, 0}, 0}, {{1, 0, 0}, 2},  {{0, -1, 0}, 0},
	                               {{0, 1, 0}, 2},  {{0, 0, -1}, 0}, {{0, 0, 1}, 2}};
	for (int f = 0; f < 6; f++) {
		col_plane p = col_convex_face_plane(c, f);
		assert_vec_near(p.normal, expected[f].normal);
		assert_near(p.offset, expected[f].offset);
		const int *x;
		assert_int_equal(col_convex_face(c, f, &x), 4);
		assert_memory_equal(x, cube_faces + 4 * f, 4 * sizeof *x);
	}
	/* Edge 0-1 (along x at y = z = 0): the face y = 0 (2) on its left, z = 0 (4) on its right. */
	int ends[2], faces[2];
	col_convex_edge(c, 0, ends, faces);
	assert_int_equal(ends[0], 0);
	assert_int_equal(ends[1], 1);
	assert_int_equal(faces[0], 2);
	assert_int_equal(faces[1], 4);
	/* Vertex 0's neighbours, counter-clockwise seen from outside (from -x-y-z): 1, 4, 2 in turn. */
	const int *nb;
	assert_int_equal(col_convex_neighbors(c, 0, &nb), 3);
	int start = nb[0] == 1 ? 0 : nb[1] == 1 ? 1 : 2;
	assert_int_equal(nb[start], 1);
	assert_int_equal(nb[(start + 1) % 3], 4);
	assert_int_equal(nb[(start + 2) % 3], 2);
	/* Out-of-range questions answer nothing. */
	assert_int_equal(col_convex_face(c, 6, &nb), 0);
	assert_null(nb);
	col_convex_edge(c, 12, ends, faces);
	assert_int_equal(ends[0], -1);
	assert_int_equal(col_convex_neighbors(c, -1, &nb), 0);
	col_convex_destroy(c);
	col_convex_destroy(NULL);
	assert_int_equal(col_convex_vertex_count(NULL), 0);
	assert_int_equal(col_convex_support(NULL, (col_vec3){1, 0, 0}, -1), -1);
	assert_false(col_convex_contains_point(NULL, (col_vec3){0, 0, 0}));
}

static void test_tetrahedron(void **state)
{
	(void)state;
	const col_vec3 v[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	const int fv[12] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
	const int sizes[4] = {3, 3, 3, 3};
	col_convex *c = make(v, 4, fv, sizes, 4);
	check_structure(c);
	assert_int_equal(col_convex_edge_count(c), 6);
	assert_near(col_convex_volume(c), 1.0 / 6);
	assert_near(col_convex_area(c), 1.5 + sqrt(3) / 2);
	assert_vec_near(col_convex_centroid(c), (col_vec3){0.25, 0.25, 0.25});
	col_plane slanted = col_convex_face_plane(c, 3);
	assert_vec_near(slanted.normal, (col_vec3){1 / sqrt(3), 1 / sqrt(3), 1 / sqrt(3)});
	assert_near(slanted.offset, 1 / sqrt(3));
	for (int i = 0; i < 4; i++) {
		const int *nb;
		assert_int_equal(col_convex_neighbors(c, i, &nb), 3);
	}
	col_convex_destroy(c);
}

static void test_octahedron(void **state)
{
	(void)state;
	const col_vec3 v[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
	int fv[24], sizes[8];
	for (int o = 0; o < 8; o++) {
		int x = o & 1 ? 1 : 0, y = o & 2 ? 3 : 2, z = o & 4 ? 5 : 4;
		bool flip =
		    ((o & 1) != 0) ^ ((o & 2) != 0) ^ ((o & 4) != 0); /* an odd number of minus signs */
		fv[3 * o] = x;
		fv[3 * o + 1] = flip ? z : y;
		fv[3 * o + 2] = flip ? y : z;
		sizes[o] = 3;
	}
	col_convex *c = make(v, 6, fv, sizes, 8);
	check_structure(c);
	assert_int_equal(col_convex_edge_count(c), 12);
	assert_near(col_convex_volume(c), 4.0 / 3);
	assert_near(col_convex_area(c), 4 * sqrt(3));
	assert_vec_near(col_convex_centroid(c), (col_vec3){0, 0, 0});
	for (int i = 0; i < 6; i++) {
		const int *nb;
		assert_int_equal(col_convex_neighbors(c, i, &nb), 4);
	}
	col_convex_destroy(c);
}

/* The icosahedron (0, +-1, +-phi) and its cyclic turns; its faces are the triples at distance 2. */
static col_convex *make_icosahedron(void)
{
	double phi = (1 + sqrt(5)) / 2;
	col_vec3 v[12];
	for (int i = 0; i < 4; i++) {
		double a = i & 1 ? -1 : 1, b = i & 2 ? -phi : phi;
		v[i] = (col_vec3){0, a, b};
		v[4 + i] = (col_vec3){a, b, 0};
		v[8 + i] = (col_vec3){b, 0, a};
	}
	int fv[60], sizes[20], nf = 0;
	for (int i = 0; i < 12; i++)
		for (int j = i + 1; j < 12; j++)
			for (int k = j + 1; k < 12; k++) {
				if (fabs(col_vec3_distance(v[i], v[j]) - 2) > 1e-9 ||
				    fabs(col_vec3_distance(v[j], v[k]) - 2) > 1e-9 ||
				    fabs(col_vec3_distance(v[i], v[k]) - 2) > 1e-9)
					continue;
				bool out = col_orient3d(v[i], v[j], v[k], (col_vec3){0, 0, 0}) > 0;
				fv[3 * nf] = i;
				fv[3 * nf + 1] = out ? j : k;
				fv[3 * nf + 2] = out ? k : j;
				sizes[nf++] = 3;
			}
	assert_int_equal(nf, 20);
	return make(v, 12, fv, sizes, 20);
}

static void test_icosahedron(void **state)
{
	(void)state;
	col_convex *c = make_icosahedron();
	check_structure(c);
	assert_int_equal(col_convex_edge_count(c), 30);
	assert_near(col_convex_volume(c), 5.0 / 12 * (3 + sqrt(5)) * 8);
	assert_near(col_convex_area(c), 20 * sqrt(3));
	col_vec3 g = col_convex_centroid(c);
	assert_true(fabs(g.x) < 1e-14 && fabs(g.y) < 1e-14 && fabs(g.z) < 1e-14);
	for (int i = 0; i < 12; i++) {
		const int *nb;
		assert_int_equal(col_convex_neighbors(c, i, &nb), 5);
	}
	col_convex_destroy(c);
}

/* A triangular prism: the right triangle (0,0), (2,0), (0,2) from z = 0 to z = 3. */
static const col_vec3 prism_vertices[6] = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 3}, {2, 0, 3}, {0, 2, 3}};
static const int prism_faces[18] = {0, 2, 1, 3, 4, 5, 0, 1, 4, 3, 1, 2, 5, 4, 2, 0, 3, 5};
static const int prism_sizes[5] = {3, 3, 4, 4, 4};

static void test_prism(void **state)
{
	(void)state;
	col_convex *c = make(prism_vertices, 6, prism_faces, prism_sizes, 5);
	check_structure(c);
	assert_int_equal(col_convex_edge_count(c), 9);
	assert_near(col_convex_volume(c), 6);
	assert_near(col_convex_area(c), 16 + 6 * sqrt(2));
	assert_vec_near(col_convex_centroid(c), (col_vec3){2.0 / 3, 2.0 / 3, 1.5});
	col_plane slanted = col_convex_face_plane(c, 3);
	assert_vec_near(slanted.normal, (col_vec3){1 / sqrt(2), 1 / sqrt(2), 0});
	assert_near(slanted.offset, sqrt(2));
	/* Edge 1-4 (the vertical edge at (2, 0)): face y = 0 (2) lists 1 -> 4, so it lies on the left;
	 * the slanted face (3) lists 4 -> 1, on the right. */
	bool found = false;
	for (int e = 0; e < 9; e++) {
		int ends[2], faces[2];
		col_convex_edge(c, e, ends, faces);
		if (ends[0] == 1 && ends[1] == 4) {
			assert_int_equal(faces[0], 2);
			assert_int_equal(faces[1], 3);
			found = true;
		}
	}
	assert_true(found);
	col_convex_destroy(c);
}

static void test_flat_square(void **state)
{
	(void)state;
	const col_vec3 v[4] = {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
	const int fv[8] = {0, 1, 2, 3, 3, 2, 1, 0};
	const int sizes[2] = {4, 4};
	col_convex *c = make(v, 4, fv, sizes, 2);
	check_structure(c);
	assert_true(col_convex_is_flat(c));
	assert_near(col_convex_volume(c), 0);
	assert_near(col_convex_area(c), 2);
	assert_vec_near(col_convex_centroid(c), (col_vec3){0.5, 0.5, 1});
	assert_vec_near(col_convex_face_plane(c, 0).normal, (col_vec3){0, 0, 1});
	assert_vec_near(col_convex_face_plane(c, 1).normal, (col_vec3){0, 0, -1});
	assert_near(col_convex_face_plane(c, 1).offset, -1);
	assert_true(col_convex_contains_point(c, (col_vec3){0.5, 0.5, 1}));
	assert_true(col_convex_contains_point(c, (col_vec3){1, 0.25, 1})); /* on an edge */
	assert_true(col_convex_contains_point(c, (col_vec3){0, 1, 1}));    /* a corner */
	assert_false(col_convex_contains_point(c, (col_vec3){0.5, 0.5, nextafter(1, 2)}));
	assert_false(col_convex_contains_point(c, (col_vec3){nextafter(1, 2), 0.5, 1}));
	/* A slanted triangle, seen along its dominant axis. */
	const col_vec3 w[3] = {{0, 0, 0}, {4, 1, 1}, {1, 4, 2}};
	const int tv[6] = {0, 1, 2, 2, 1, 0};
	const int ts[2] = {3, 3};
	col_convex *t = make(w, 3, tv, ts, 2);
	check_structure(t);
	assert_true(col_convex_contains_point(t, (col_vec3){2, 0.5, 0.5})); /* middle of edge 0-1 */
	assert_true(col_convex_contains_point(t, (col_vec3){5.0 / 3, 5.0 / 3, 1}) ==
	            (col_orient3d(w[0], w[1], w[2], (col_vec3){5.0 / 3, 5.0 / 3, 1}) == 0));
	assert_false(
	    col_convex_contains_point(t, (col_vec3){-2, -0.5, -0.5})); /* on the edge's line, beyond */
	col_convex_destroy(t);
	col_convex_destroy(c);
}

/* ---- what col_convex_create refuses ---- */

static void test_refusals(void **state)
{
	(void)state;
	const col_vec3 *v = cube_vertices;
	col_error error;
	assert_int_equal(col_convex_create(v, 8, cube_faces, cube_sizes, 6, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	expect_refused(NULL, 8, cube_faces, cube_sizes, 6, COL_ERROR_INVALID_ARGUMENT, "vertices is NULL");
	expect_refused(v, 8, NULL, cube_sizes, 6, COL_ERROR_INVALID_ARGUMENT, "face_vertices is NULL");
	expect_refused(v, 8, cube_faces, NULL, 6, COL_ERROR_INVALID_ARGUMENT, "face_sizes is NULL");
	expect_refused(v, 2, cube_faces, cube_sizes, 6, COL_ERROR_DEGENERATE, "2 vertices");
	expect_refused(v, 8, cube_faces, cube_sizes, 1, COL_ERROR_DEGENERATE, "1 faces");

	/* Coordinates. */
	col_vec3 bad[8];
	memcpy(bad, v, sizeof bad);
	bad[5].y = NAN;
	expect_refused(bad, 8, cube_faces, cube_sizes, 6, COL_ERROR_NOT_FINITE, "vertex 5 has a NaN");
	bad[5].y = INFINITY;
	expect_refused(bad, 8, cube_faces, cube_sizes, 6, COL_ERROR_NOT_FINITE, "vertex 5 has an infinite");
	bad[5].y = 1e31;
	expect_refused(bad, 8, cube_faces, cube_sizes, 6, COL_ERROR_INVALID_ARGUMENT, "vertex 5 coordinate");
	bad[5].y = 1e-31;
	expect_refused(bad, 8, cube_faces, cube_sizes, 6, COL_ERROR_INVALID_ARGUMENT,
	               "outside the supported range");

	/* Faces and indices. */
	int fv[32], sizes[8];
	memcpy(fv, cube_faces, sizeof cube_faces);
	memcpy(sizes, cube_sizes, sizeof cube_sizes);
	sizes[3] = 2;
	expect_refused(v, 8, fv, sizes, 6, COL_ERROR_DEGENERATE, "face 3 has 2 vertices");
	sizes[3] = 4;
	fv[13] = 8;
	expect_refused(v, 8, fv, sizes, 6, COL_ERROR_INVALID_ARGUMENT, "face 3 refers to vertex 8");
	fv[13] = -1;
	expect_refused(v, 8, fv, sizes, 6, COL_ERROR_INVALID_ARGUMENT, "face 3 refers to vertex -1");
	fv[13] = 2;
	expect_refused(v, 8, fv, sizes, 6, COL_ERROR_TOPOLOGY, "face 3 visits vertex 2 twice");
	memcpy(fv, cube_faces, sizeof cube_faces);
	col_vec3 nine[9];
	memcpy(nine, v, 8 * sizeof *v);
	nine[8] = (col_vec3){5, 5, 5};
	expect_refused(nine, 9, fv, sizes, 6, COL_ERROR_TOPOLOGY, "vertex 8 belongs to no face");

	/* Two vertices at one place (the tetrahedron with its apex given twice). */
	const col_vec3 t[5] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 1}};
	const int tv[12] = {0, 2, 1, 0, 1, 3, 0, 4, 2, 1, 2, 3};
	const int ts[4] = {3, 3, 3, 3};
	expect_refused(t, 5, tv, ts, 4, COL_ERROR_DEGENERATE, "vertices 3 and 4 coincide");

	/* A face off its plane: the cube's top corner raised (the sides x = 2 and y = 2 stay planar). */
	memcpy(bad, v, sizeof bad);
	bad[7].z = 2.5;
	expect_refused(bad, 8, cube_faces, cube_sizes, 6, COL_ERROR_DEGENERATE,
	               "face 5 is not planar: vertex 6 is off the plane of vertices 4, 5 and 7");

	/* A vertex in the middle of an edge: the cube with (1, 0, 0) in faces y = 0 and z = 0. */
	col_vec3 mid[9];
	memcpy(mid, v, 8 * sizeof *v);
	mid[8] = (col_vec3){1, 0, 0};
	const int mf[26] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 8, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 8, 4, 5, 7, 6};
	const int ms[6] = {4, 4, 5, 4, 5, 4};
	expect_refused(mid, 9, mf, ms, 6, COL_ERROR_DEGENERATE,
	               "face 2 is not strictly convex: vertices 0, 8 and 1");

	/* A reflex corner: an L-shaped prism. */
	const col_vec3 l[12] = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0},
	                        {0, 0, 1}, {2, 0, 1}, {2, 1, 1}, {1, 1, 1}, {1, 2, 1}, {0, 2, 1}};
	int lf[36], ls[8], k = 0;
	for (int i = 5; i >= 0; i--)
		lf[k++] = i;
	for (int i = 6; i < 12; i++)
		lf[k++] = i;
	ls[0] = ls[1] = 6;
	for (int i = 0; i < 6; i++) {
		int j = (i + 1) % 6;
		lf[k++] = i;
		lf[k++] = j;
		lf[k++] = j + 6;
		lf[k++] = i + 6;
		ls[2 + i] = 4;
	}
	expect_refused(l, 12, lf, ls, 8, COL_ERROR_DEGENERATE,
	               "face 0 is not convex: it turns back at vertex 3");

	/* A pentagram turns one way throughout but goes round twice. */
	col_vec3 star[5];
	for (int i = 0; i < 5; i++)
		star[i] = (col_vec3){cos(2 * COL_PI * i / 5), sin(2 * COL_PI * i / 5), 0};
	const int sf[10] = {0, 2, 4, 1, 3, 3, 1, 4, 2, 0};
	const int ss[2] = {5, 5};
	expect_refused(star, 5, sf, ss, 2, COL_ERROR_DEGENERATE, "face 0 winds around more than once");

	/* Closedness: a square given twice in the same order; the cube without its top. */
	const col_vec3 sq[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
	const int same[8] = {0, 1, 2, 3, 0, 1, 2, 3};
	const int sqs[2] = {4, 4};
	expect_refused(sq, 4, same, sqs, 2, COL_ERROR_TOPOLOGY,
	               "edge 0-1 is used twice in the same direction");
	expect_refused(v, 8, cube_faces, cube_sizes, 5, COL_ERROR_TOPOLOGY, "has no twin");

	/* Not convex: the cube turned inside out, and an octahedron with one apex pushed in. */
	int inward[24];
	for (int f = 0; f < 6; f++)
		for (int i = 0; i < 4; i++)
			inward[4 * f + i] = cube_faces[4 * f + 3 - i];
	expect_refused(v, 8, inward, cube_sizes, 6, COL_ERROR_TOPOLOGY, "lies in front of face");
	const col_vec3 dent[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, 0.5}};
	int of[24], os[8];
	for (int o = 0; o < 8; o++) {
		int x = o & 1 ? 1 : 0, y = o & 2 ? 3 : 2, z = o & 4 ? 5 : 4;
		bool flip = ((o & 1) != 0) ^ ((o & 2) != 0) ^ ((o & 4) != 0);
		of[3 * o] = x;
		of[3 * o + 1] = flip ? z : y;
		of[3 * o + 2] = flip ? y : z;
		os[o] = 3;
	}
	expect_refused(dent, 6, of, os, 8, COL_ERROR_TOPOLOGY, "vertex 1 lies in front of face 4");

	/* A flat square given as three faces. */
	const int split[10] = {0, 1, 2, 0, 2, 3, 3, 2, 1, 0};
	const int splits[3] = {3, 3, 4};
	expect_refused(sq, 4, split, splits, 3, COL_ERROR_DEGENERATE, "all vertices lie in one plane");

	/* A failure leaves no stale message behind a later success. */
	col_convex *c = NULL;
	assert_int_equal(col_convex_create(v, 8, cube_faces, cube_sizes, 6, &c, &error), COL_OK);
	assert_int_equal(error.code, COL_OK);
	col_convex_destroy(c);
}

/* Valid hulls spoiled at random (a vertex moved, pushed in or swapped with another, a face turned
 * round): col_convex_create either refuses, naming the fault, or accepts a polytope that passes the
 * slow check of every vertex against every face (its linear-time proof of convexity is sound). */
static void test_spoiled_hulls(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5B01ULL));
	int cases = COLLIDE_RANDOM_CASES / 20, accepted = 0;
	for (int i = 0; i < cases; i++) {
		col_vec3 cloud[32];
		int n = rng_int(&r, 5, 32);
		for (int k = 0; k < n; k++)
			cloud[k] =
			    col_vec3_scale(col_vec3_normalize(rng_vec3(&r, -1, 1)), rng_in(&r, 0.8, 1));
		col_convex *c = NULL;
		col_error error;
		check_ok(col_convex_hull(cloud, n, &c, &error), &error);
		int nv = col_convex_vertex_count(c), nf = col_convex_face_count(c), total = 0;
		col_vec3 v[32];
		int fv[192], sizes[64];
		memcpy(v, col_convex_vertices(c), (size_t)nv * sizeof *v);
		for (int f = 0; f < nf; f++) {
			const int *x;
			sizes[f] = col_convex_face(c, f, &x);
			memcpy(fv + total, x, (size_t)sizes[f] * sizeof *x);
			total += sizes[f];
		}
		col_convex_destroy(c);
		int a = rng_int(&r, 0, nv - 1), b = rng_int(&r, 0, nv - 1);
		switch (rng_int(&r, 0, 3)) {
		case 0: v[a] = rng_vec3(&r, -1, 1); break;
		case 1: v[a] = col_vec3_scale(v[a], rng_in(&r, 0, 1)); break;
		case 2: {
			col_vec3 t = v[a];
			v[a] = v[b];
			v[b] = t;
			break;
		}
		default: {
			int f = rng_int(&r, 0, nf - 1), at = 0;
			for (int g = 0; g < f; g++)
				at += sizes[g];
			for (int k = 0; k < sizes[f] / 2; k++) {
				int t = fv[at + k];
				fv[at + k] = fv[at + sizes[f] - 1 - k];
				fv[at + sizes[f] - 1 - k] = t;
			}
		}
		}
		col_status status = col_convex_create(v, nv, fv, sizes, nf, &c, &error);
		if (status != COL_OK) {
			if (strncmp(error.message, "convex: ", 8) != 0)
				FAIL_CASE(&r, i, "refused without a message: %s", error.message);
			continue;
		}
		accepted++;
		for (int f = 0, at = 0; f < nf; at += sizes[f++])
			for (int k = 0; k < nv; k++) {
				double o = col_orient3d(v[fv[at]], v[fv[at + 1]], v[fv[at + 2]], v[k]);
				bool on_face = false;
				for (int m = 0; m < sizes[f]; m++)
					on_face = on_face || fv[at + m] == k;
				if (o < 0 || (on_face && o != 0))
					FAIL_CASE(&r, i, "accepted, but vertex %d is %s face %d", k,
					          o < 0 ? "in front of" : "off the plane of", f);
			}
		col_convex_destroy(c);
	}
	print_message("spoiled: %d of %d accepted\n", accepted, cases);
	assert_true(accepted > 0);
}

/* ---- the point test ---- */

/* The side of d against the plane through a, b, c in exact integer arithmetic (coordinates are
 * small multiples of 1/2, doubled here): the sign col_orient3d must give. */
static int integer_orient(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	int64_t m[3][3];
	const col_vec3 r[3] = {a, b, c};
	for (int i = 0; i < 3; i++) {
		m[i][0] = (int64_t)(2 * r[i].x) - (int64_t)(2 * d.x);
		m[i][1] = (int64_t)(2 * r[i].y) - (int64_t)(2 * d.y);
		m[i][2] = (int64_t)(2 * r[i].z) - (int64_t)(2 * d.z);
	}
	int64_t det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
	              m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
	              m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
	return (det > 0) - (det < 0);
}

/* Inside or on: behind or on every face's plane, taken through the face's last three vertices; for a
 * flat polytope, in its plane and on the inner side of each edge's plane square to it. */
static bool integer_contains(const col_convex *c, col_vec3 p)
{
	const col_vec3 *v = col_convex_vertices(c);
	if (col_convex_is_flat(c)) {
		const int *x;
		int n = col_convex_face(c, 0, &x);
		if (integer_orient(v[x[0]], v[x[1]], v[x[2]], p) != 0)
			return false;
		col_vec3 normal =
		    col_vec3_cross(col_vec3_sub(v[x[1]], v[x[0]]), col_vec3_sub(v[x[2]], v[x[0]]));
		for (int i = 0; i < n; i++) {
			col_vec3 a = v[x[i]], b = v[x[(i + 1) % n]], up = col_vec3_add(a, normal);
			if (integer_orient(a, b, up, p) * integer_orient(a, b, up, v[x[(i + 2) % n]]) < 0)
				return false;
		}
		return true;
	}
	for (int f = 0; f < col_convex_face_count(c); f++) {
		const int *x;
		int n = col_convex_face(c, f, &x);
		if (integer_orient(v[x[n - 3]], v[x[n - 2]], v[x[n - 1]], p) < 0)
			return false;
	}
	return true;
}

static void test_contains_cube(void **state)
{
	(void)state;
	col_convex *c = make_cube();
	for (int i = 0; i < 8; i++)
		assert_true(col_convex_contains_point(c, cube_vertices[i]));
	assert_true(col_convex_contains_point(c, (col_vec3){1, 0, 0})); /* an edge */
	assert_true(col_convex_contains_point(c, (col_vec3){1, 1, 2})); /* a face */
	assert_true(col_convex_contains_point(c, (col_vec3){1, 1, 1})); /* inside */
	assert_false(col_convex_contains_point(c, (col_vec3){1, 1, nextafter(2, 3)}));
	assert_false(col_convex_contains_point(c, (col_vec3){-0x1p-1000, 1, 1}));
	assert_false(col_convex_contains_point(c, (col_vec3){NAN, 1, 1}));
	assert_false(col_convex_contains_point(c, (col_vec3){INFINITY, 1, 1}));
	col_convex_destroy(c);
}

/* Hulls of small integer clouds against points of the half-integer grid: faces, edges and corners
 * are hit often, and the integer computation says exactly where each point lies. */
static void test_contains_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xC0E7E5ULL));
	int per_hull = 1000, hulls = COLLIDE_RANDOM_CASES / per_hull, inside = 0, boundary = 0;
	for (int h = 0; h < hulls; h++) {
		col_vec3 cloud[24];
		int n = rng_int(&r, 4, 24);
		for (int i = 0; i < n; i++)
			cloud[i] = (col_vec3){rng_int(&r, -4, 4), rng_int(&r, -4, 4), rng_int(&r, -4, 4)};
		col_convex *c = NULL;
		col_error error;
		if (col_convex_hull(cloud, n, &c, &error) != COL_OK)
			continue; /* a flat or collinear draw */
		for (int i = 0; i < per_hull; i++) {
			col_vec3 p = {rng_int(&r, -10, 10) / 2.0, rng_int(&r, -10, 10) / 2.0,
			              rng_int(&r, -10, 10) / 2.0};
			bool expected = integer_contains(c, p);
			if (col_convex_contains_point(c, p) != expected)
				FAIL_CASE(&r, h * per_hull + i, "(%g, %g, %g): expected %d", p.x, p.y, p.z,
				          expected);
			inside += expected;
			if (expected && !col_convex_contains_point(c, (col_vec3){p.x, p.y, p.z + 0.5}))
				boundary++;
		}
		col_convex_destroy(c);
	}
	assert_true(inside > hulls * 10);
	assert_true(boundary > 0);
}

/* Exact rationals for the random real points: the sign of orient3d. */
static int gmp_orient(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	mpq_t m[3][3], t, u, det;
	const col_vec3 r[3] = {a, b, c};
	mpq_inits(t, u, det, NULL);
	for (int i = 0; i < 3; i++) {
		const double rc[3] = {r[i].x, r[i].y, r[i].z}, dc[3] = {d.x, d.y, d.z};
		for (int k = 0; k < 3; k++) {
			mpq_init(m[i][k]);
			mpq_set_d(m[i][k], rc[k]);
			mpq_set_d(t, dc[k]);
			mpq_sub(m[i][k], m[i][k], t);
		}
	}
	for (int k = 0; k < 3; k++) {
		int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
		mpq_mul(t, m[1][k1], m[2][k2]);
		mpq_mul(u, m[1][k2], m[2][k1]);
		mpq_sub(t, t, u);
		mpq_mul(t, t, m[0][k]);
		mpq_add(det, det, t);
	}
	int s = mpq_sgn(det);
	for (int i = 0; i < 3; i++)
		for (int k = 0; k < 3; k++)
			mpq_clear(m[i][k]);
	mpq_clears(t, u, det, NULL);
	return s;
}

/* Real hulls (32 points near the unit sphere) against points drawn near them, and against points on
 * their faces' planes: GMP says where each lies. */
static void test_contains_real(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EA1ULL));
	int cases = COLLIDE_RANDOM_CASES / 10, per_hull = 100;
	for (int h = 0; h < cases / per_hull; h++) {
		col_vec3 cloud[32];
		for (int i = 0; i < 32; i++)
			cloud[i] =
			    col_vec3_scale(col_vec3_normalize(rng_vec3(&r, -1, 1)), rng_in(&r, 0.9, 1.1));
		col_convex *c = NULL;
		col_error error;
		check_ok(col_convex_hull(cloud, 32, &c, &error), &error);
		const col_vec3 *v = col_convex_vertices(c);
		for (int i = 0; i < per_hull; i++) {
			col_vec3 p = rng_vec3(&r, -1.2, 1.2);
			if (i % 4 == 0) { /* on an edge's line, rounded: just off it or on it */
				int e = rng_int(&r, 0, col_convex_edge_count(c) - 1), ends[2];
				col_convex_edge(c, e, ends, NULL);
				p = col_vec3_lerp(v[ends[0]], v[ends[1]], rng_unit(&r));
			}
			bool expected = true;
			for (int f = 0; f < col_convex_face_count(c) && expected; f++) {
				const int *x;
				int n = col_convex_face(c, f, &x);
				expected = gmp_orient(v[x[n - 3]], v[x[n - 2]], v[x[n - 1]], p) >= 0;
			}
			if (col_convex_contains_point(c, p) != expected)
				FAIL_CASE(&r, h * per_hull + i, "(%.17g, %.17g, %.17g): expected %d", p.x,
				          p.y, p.z, expected);
		}
		col_convex_destroy(c);
	}
}

/* ---- the support mapping ---- */

static void test_support_ties(void **state)
{
	(void)state;
	col_convex *c = make_cube();
	/* Along +x four vertices tie (1, 3, 5, 7): a scan answers the lowest. */
	assert_int_equal(col_convex_support(c, (col_vec3){1, 0, 0}, -1), 1);
	assert_int_equal(col_convex_support(c, (col_vec3){-1, 0, 0}, -1), 0);
	assert_int_equal(col_convex_support(c, (col_vec3){0, 1, 0}, -1), 2);
	assert_int_equal(col_convex_support(c, (col_vec3){0, 0, 1}, -1), 4);
	assert_int_equal(col_convex_support(c, (col_vec3){0, 1, 1}, -1), 6);
	assert_int_equal(col_convex_support(c, (col_vec3){1, 1, 1}, -1), 7);
	assert_int_equal(col_convex_support(c, (col_vec3){1, 1, 1}, 0), 7);
	/* A climb stops at the first vertex no neighbour beats: a tied one stays. */
	assert_int_equal(col_convex_support(c, (col_vec3){1, 0, 0}, 7), 7);
	int climbed = col_convex_support(c, (col_vec3){1, 0, 0}, 0);
	assert_true(climbed == 1 || climbed == 3 || climbed == 5 || climbed == 7);
	/* A zero or NaN direction: the start, or 0. */
	assert_int_equal(col_convex_support(c, (col_vec3){0, 0, 0}, -1), 0);
	assert_int_equal(col_convex_support(c, (col_vec3){0, 0, 0}, 5), 5);
	assert_int_equal(col_convex_support(c, (col_vec3){NAN, 0, 0}, 3), 3);
	assert_int_equal(col_convex_support(c, (col_vec3){NAN, 0, 0}, -1), 0);
	/* A start beyond the last vertex scans. */
	assert_int_equal(col_convex_support(c, (col_vec3){0, 0, 1}, 99), 4);
	col_convex_destroy(c);
}

/* Hulls of 32 points on the unit sphere: from any start the climb reaches a vertex as far along the
 * direction as the farthest, and the scan answers the first farthest one. */
static void test_support_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5077ULL));
	int per_hull = 1000, hulls = COLLIDE_RANDOM_CASES / per_hull;
	for (int h = 0; h < hulls; h++) {
		col_vec3 cloud[32];
		for (int i = 0; i < 32; i++)
			cloud[i] = col_vec3_normalize(rng_vec3(&r, -1, 1));
		col_convex *c = NULL;
		col_error error;
		check_ok(col_convex_hull(cloud, 32, &c, &error), &error);
		const col_vec3 *v = col_convex_vertices(c);
		int n = col_convex_vertex_count(c);
		for (int i = 0; i < per_hull; i++) {
			col_vec3 d = rng_vec3(&r, -1, 1);
			if (i % 10 == 0) /* an axis or a diagonal: ties become likely on other clouds */
				d = (col_vec3){rng_int(&r, -1, 1), rng_int(&r, -1, 1), rng_int(&r, -1, 1)};
			int first = 0;
			double best = v[0].x * d.x + v[0].y * d.y + v[0].z * d.z;
			for (int k = 1; k < n; k++) {
				double t = v[k].x * d.x + v[k].y * d.y + v[k].z * d.z;
				if (t > best) {
					best = t;
					first = k;
				}
			}
			int start = rng_int(&r, 0, n - 1);
			int climbed = col_convex_support(c, d, start);
			double got = v[climbed].x * d.x + v[climbed].y * d.y + v[climbed].z * d.z;
			if (got != best)
				FAIL_CASE(&r, h * per_hull + i,
				          "climb from %d reached %d at %.17g, the farthest is %.17g", start,
				          climbed, got, best);
			if (col_convex_support(c, d, -1) != first)
				FAIL_CASE(&r, h * per_hull + i,
				          "scan did not answer the first farthest vertex %d", first);
		}
		col_convex_destroy(c);
	}
}

/* ---- hulls ---- */

/* Everything a hull promises: a valid polytope, vertices among the points and numbered in their
 * order of appearance, every point inside, every edge strictly convex (so no vertex lies inside a
 * face or an edge). */
static void check_hull(const col_convex *c, const col_vec3 *points, int count, rng *r, int case_index)
{
	check_structure(c);
	const col_vec3 *v = col_convex_vertices(c);
	int n = col_convex_vertex_count(c), last = -1;
	for (int i = 0; i < n; i++) {
		int first = -1;
		for (int j = 0; j < count && first < 0; j++)
			if (col_vec3_equal(points[j], v[i]))
				first = j;
		if (first <= last)
			FAIL_CASE(r, case_index, "vertex %d is point %d, after point %d", i, first, last);
		last = first;
	}
	for (int j = 0; j < count; j++)
		if (!col_convex_contains_point(c, points[j]))
			FAIL_CASE(r, case_index, "point %d is outside", j);
	if (col_convex_is_flat(c))
		return;
	for (int e = 0; e < col_convex_edge_count(c); e++) {
		int ends[2], sides[2];
		col_convex_edge(c, e, ends, sides);
		const int *left, *right;
		col_convex_face(c, sides[0], &left);
		int m = col_convex_face(c, sides[1], &right);
		for (int k = 0; k < m; k++)
			if (right[k] != ends[0] && right[k] != ends[1] &&
			    !(col_orient3d(v[left[0]], v[left[1]], v[left[2]], v[right[k]]) > 0))
				FAIL_CASE(r, case_index, "edge %d-%d is not strictly convex", ends[0],
				          ends[1]);
	}
}

/* Every vertex is extreme: the hull of the other points leaves it outside. */
static void check_extreme(const col_convex *c, const col_vec3 *points, int count, rng *r, int case_index)
{
	const col_vec3 *v = col_convex_vertices(c);
	col_vec3 *others = malloc((size_t)count * sizeof *others);
	for (int i = 0; i < col_convex_vertex_count(c); i++) {
		int m = 0;
		for (int j = 0; j < count; j++)
			if (!col_vec3_equal(points[j], v[i]))
				others[m++] = points[j];
		col_convex *rest = NULL;
		col_error error;
		if (col_convex_hull(others, m, &rest, &error) == COL_OK &&
		    col_convex_contains_point(rest, v[i]))
			FAIL_CASE(r, case_index, "vertex %d lies in the hull of the other points", i);
		col_convex_destroy(rest);
	}
	free(others);
}

/* Two hulls are the same polytope, numbered the same way. */
static bool same_hull(const col_convex *a, const col_convex *b)
{
	if (col_convex_vertex_count(a) != col_convex_vertex_count(b) ||
	    col_convex_face_count(a) != col_convex_face_count(b))
		return false;
	if (memcmp(col_convex_vertices(a), col_convex_vertices(b),
	           (size_t)col_convex_vertex_count(a) * sizeof(col_vec3)) != 0)
		return false;
	for (int f = 0; f < col_convex_face_count(a); f++) {
		const int *x, *y;
		int n = col_convex_face(a, f, &x);
		if (col_convex_face(b, f, &y) != n || memcmp(x, y, (size_t)n * sizeof *x) != 0)
			return false;
	}
	return true;
}

typedef enum cloud_kind {
	CLOUD_BALL,     /* uniform in a ball, with repeats */
	CLOUD_SHELL,    /* the benchmark's: radius 1 +- 0.1 */
	CLOUD_SPHERE,   /* on the unit sphere (rounded) */
	CLOUD_GRID,     /* small integers: many coplanar and collinear points */
	CLOUD_BOX,      /* in a box, with points on its faces and edges */
	CLOUD_ROTATED,  /* a grid turned by a random rotation: nearly coplanar, never exactly */
	CLOUD_SLAB,     /* a slanted plane's rounded points, lifted a little or not at all */
	CLOUD_CYLINDER, /* two circles, exactly in their planes: two large polygonal faces */
	CLOUD_KIND_COUNT
} cloud_kind;

static int make_cloud(rng *r, cloud_kind kind, int n, col_vec3 *p)
{
	col_quat q = col_quat_from_axis_angle(col_vec3_normalize(rng_vec3(r, -1, 1)), rng_in(r, 0, 3));
	for (int i = 0; i < n; i++) {
		switch (kind) {
		case CLOUD_BALL: {
			col_vec3 x;
			do
				x = rng_vec3(r, -1, 1);
			while (col_vec3_length_squared(x) > 1);
			p[i] = x;
			break;
		}
		case CLOUD_SHELL:
			p[i] = col_vec3_scale(col_vec3_normalize(rng_vec3(r, -1, 1)), rng_in(r, 0.9, 1.1));
			break;
		case CLOUD_SPHERE: p[i] = col_vec3_normalize(rng_vec3(r, -1, 1)); break;
		case CLOUD_GRID:
			p[i] = (col_vec3){rng_int(r, -3, 3), rng_int(r, -3, 3), rng_int(r, -3, 3)};
			break;
		case CLOUD_BOX: {
			col_vec3 x = rng_vec3(r, 0, 4);
			int axis = rng_int(r, 0, 3); /* 3: inside */
			if (axis < 3) {
				double side = rng_coin(r) ? 4 : 0;
				if (axis == 0)
					x.x = side;
				else if (axis == 1)
					x.y = side;
				else
					x.z = side;
				if (rng_coin(r)) /* on an edge too */
					x.y = axis == 1 ? x.y : (rng_coin(r) ? 4 : 0);
			}
			p[i] = x;
			break;
		}
		case CLOUD_SLAB: {
			double x = rng_in(r, -1, 1), y = rng_in(r, -1, 1);
			p[i] = (col_vec3){x, y, 0.1 * x + 0.3 * y + (rng_int(r, 0, 20) == 0 ? 1e-12 : 0)};
			break;
		}
		case CLOUD_CYLINDER: {
			double t = rng_in(r, 0, 2 * COL_PI);
			p[i] = (col_vec3){cos(t), sin(t), rng_coin(r) ? 1 : -1};
			break;
		}
		case CLOUD_ROTATED:
		default:
			p[i] = col_quat_apply(
			    q, (col_vec3){rng_int(r, 0, 4), rng_int(r, 0, 4), rng_int(r, 0, 4)});
			break;
		}
		if (i > 0 && rng_int(r, 0, 9) == 0) /* a repeat */
			p[i] = p[rng_int(r, 0, i - 1)];
	}
	return n;
}

static void test_hull_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x4B11ULL));
	int clouds = COLLIDE_RANDOM_CASES / 250, by_qhull = 0;
	col_vec3 *p = malloc(1000 * sizeof *p);
	for (int i = 0; i < clouds; i++) {
		cloud_kind kind = (cloud_kind)(i % CLOUD_KIND_COUNT);
		int n = i % 5 == 0 ? rng_int(&r, 100, 1000) : rng_int(&r, 4, 64);
		if (kind == CLOUD_SHELL && i % 2)
			n = 32;
		make_cloud(&r, kind, n, p);
		col_convex *c = NULL, *exact = NULL, *quick = NULL;
		col_error error;
		col_status status = col_convex_hull(p, n, &c, &error);
		if (status == COL_ERROR_DEGENERATE)
			continue; /* a small grid draw on one line */
		if (status != COL_OK)
			FAIL_CASE(&r, i, "hull of %d points failed: %s", n, error.message);
		check_hull(c, p, n, &r, i);
		if (n <= 64 && i % 3 == 0)
			check_extreme(c, p, n, &r, i);
		check_ok(col_convex_hull_using(p, n, COL_HULL_EXACT, &exact, &error), &error);
		if (!same_hull(c, exact))
			FAIL_CASE(&r, i, "the exact build differs (%d points, kind %d)", n, kind);
		if (col_convex_hull_using(p, n, COL_HULL_QHULL, &quick, &error) == COL_OK) {
			by_qhull++;
			if (!same_hull(c, quick))
				FAIL_CASE(&r, i, "qhull's accepted answer differs (%d points, kind %d)", n,
				          kind);
		}
		col_convex_destroy(c);
		col_convex_destroy(exact);
		col_convex_destroy(quick);
	}
	print_message("hull: qhull's answer was exact for %d of %d clouds\n", by_qhull, clouds);
	assert_true(by_qhull > 0);
	free(p);
}

/* A cube with points on its faces and edges and inside: six square faces, eight corners. */
static void test_hull_cube_with_face_points(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xCBEULL));
	col_vec3 p[1000];
	for (int round = 0; round < 20; round++) {
		int n = 0;
		for (int x = 0; x <= 4; x++)
			for (int y = 0; y <= 4; y++)
				for (int z = 0; z <= 4; z++)
					if (round % 2 == 0 || x == 0 || x == 4 || y == 0 || y == 4 ||
					    z == 0 || z == 4 || rng_coin(&r))
						p[n++] = (col_vec3){x - 2.0, y - 2.0, z - 2.0};
		while (n < 400) { /* more points on the faces and edges, real ones */
			make_cloud(&r, CLOUD_BOX, 1, p + n);
			p[n] = col_vec3_sub(p[n], (col_vec3){2, 2, 2});
			n++;
		}
		for (int i = n - 1; i > 0; i--) { /* shuffle: the corners come anywhere */
			int j = rng_int(&r, 0, i);
			col_vec3 t = p[i];
			p[i] = p[j];
			p[j] = t;
		}
		for (int builder = COL_HULL_AUTO; builder <= COL_HULL_EXACT; builder++) {
			col_convex *c = NULL;
			col_error error;
			col_status status =
			    col_convex_hull_using(p, n, (col_hull_builder)builder, &c, &error);
			if (builder == COL_HULL_QHULL && status == COL_ERROR_UNSUPPORTED)
				continue;
			check_ok(status, &error);
			check_hull(c, p, n, &r, round);
			assert_int_equal(col_convex_vertex_count(c), 8);
			assert_int_equal(col_convex_face_count(c), 6);
			for (int f = 0; f < 6; f++)
				assert_int_equal(col_convex_face(c, f, NULL), 4);
			assert_near(col_convex_volume(c), 64);
			assert_near(col_convex_area(c), 96);
			col_convex_destroy(c);
		}
	}
}

/* Points in one plane: the flat polytope of their polygon. */
static void test_hull_flat(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xF1A7ULL));
	col_vec3 p[200];
	for (int round = 0; round < 200; round++) {
		int n = rng_int(&r, 3, 200);
		for (int i = 0; i < n; i++) {
			double x = rng_int(&r, -6, 6), y = rng_int(&r, -6, 6);
			/* the plane z = x + 2y - 1, or a real slanted plane's rounded points on a grid of it
			 */
			p[i] = round % 2 ? (col_vec3){x, y, x + 2 * y - 1} : (col_vec3){x, 0.5 * y, 3};
		}
		col_convex *c = NULL;
		col_error error;
		col_status status = col_convex_hull(p, n, &c, &error);
		if (status == COL_ERROR_DEGENERATE) {
			assert_non_null(strstr(error.message, "collinear"));
			continue;
		}
		check_ok(status, &error);
		assert_true(col_convex_is_flat(c));
		assert_int_equal(col_convex_face_count(c), 2);
		check_hull(c, p, n, &r, round);
		/* Every corner is a strict turn (col_convex_create checked it), and off-plane points are out.
		 */
		col_vec3 g = col_convex_centroid(c);
		assert_true(col_convex_contains_point(c, col_convex_vertices(c)[0]));
		assert_false(col_convex_contains_point(c, (col_vec3){g.x, g.y, g.z + 0.5}));
		col_convex_destroy(c);
	}
}

static void test_hull_refusals(void **state)
{
	(void)state;
	col_convex *c = NULL;
	col_error error;
	const col_vec3 line[5] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {1, 1, 1}, {-3, -3, -3}};
	assert_int_equal(col_convex_hull(line, 5, &c, &error), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "hull: the points are collinear: use a segment"));
	assert_null(c);
	const col_vec3 same[3] = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
	assert_int_equal(col_convex_hull(same, 3, &c, &error), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "coincide"));
	assert_int_equal(col_convex_hull(line, 2, &c, &error), COL_ERROR_DEGENERATE);
	assert_non_null(strstr(error.message, "collinear"));
	const col_vec3 nan[4] = {{0, 0, 0}, {1, 0, 0}, {0, NAN, 0}, {0, 0, 1}};
	assert_int_equal(col_convex_hull(nan, 4, &c, &error), COL_ERROR_NOT_FINITE);
	assert_non_null(strstr(error.message, "point 2 has a NaN"));
	const col_vec3 huge[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1e31, 0}, {0, 0, 1}};
	assert_int_equal(col_convex_hull(huge, 4, &c, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_convex_hull(line, 0, &c, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_convex_hull(NULL, 4, &c, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_convex_hull(line, 4, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(c);
	/* The four corners of a tetrahedron, each repeated: the tetrahedron. */
	const col_vec3 t[8] = {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, 1, 0},
	                       {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	check_ok(col_convex_hull(t, 8, &c, &error), &error);
	assert_int_equal(col_convex_vertex_count(c), 4);
	assert_true(col_vec3_equal(col_convex_vertices(c)[2], (col_vec3){0, 1, 0}));
	assert_near(col_convex_volume(c), 1.0 / 6);
	col_convex_destroy(c);
}

/* A large cloud (most points on its hull) takes the exact build without the costly check. */
static void test_hull_large(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x1A46EULL));
	int n = COLLIDE_RANDOM_CASES / 5;
	col_vec3 *p = malloc((size_t)n * sizeof *p);
	for (int i = 0; i < n; i++)
		p[i] = col_vec3_scale(col_vec3_normalize(rng_vec3(&r, -1, 1)),
		                      i % 2 ? 1 : rng_in(&r, 0.5, 0.999));
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_hull(p, n, &c, &error), &error);
	int vertices = col_convex_vertex_count(c);
	assert_true(vertices > n / 4);
	assert_int_equal(col_convex_edge_count(c), vertices + col_convex_face_count(c) - 2);
	for (int i = 0; i < 1000; i++) /* a sample of the points: inside */
		assert_true(col_convex_contains_point(c, p[rng_int(&r, 0, n - 1)]));
	col_convex_destroy(c);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cube),
	    cmocka_unit_test(test_tetrahedron),
	    cmocka_unit_test(test_octahedron),
	    cmocka_unit_test(test_icosahedron),
	    cmocka_unit_test(test_prism),
	    cmocka_unit_test(test_flat_square),
	    cmocka_unit_test(test_refusals),
	    cmocka_unit_test(test_spoiled_hulls),
	    cmocka_unit_test(test_contains_cube),
	    cmocka_unit_test(test_contains_random),
	    cmocka_unit_test(test_contains_real),
	    cmocka_unit_test(test_support_ties),
	    cmocka_unit_test(test_support_random),
	    cmocka_unit_test(test_hull_random),
	    cmocka_unit_test(test_hull_cube_with_face_points),
	    cmocka_unit_test(test_hull_flat),
	    cmocka_unit_test(test_hull_refusals),
	    cmocka_unit_test(test_hull_large),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
