/* The mesh classes of the point-in-polyhedron benchmark (bench/bench_mesh_point.c): the bumpy sphere
 * of docs/benchmarks.md (star-shaped) and four solids that are not star-shaped, each at the sizes of
 * the bumpy sphere's levels (level l: about 20 4^l triangles; l = 3, 5, 6, 7, 8 from about 1.3k to
 * 1.3M triangles):
 *
 *   bumpy    the bumpy sphere of docs/benchmarks.md (bench_bumpy_sphere), 20 4^l triangles. Star-shaped
 *            about the origin. The reference the others are compared with.
 *   torus    a bumpy torus around the z axis: major radius 1, tube radius 0.4 scaled at each vertex by
 *            1 + 0.15 sin(5x) sin(5y) sin(5z) of its unbumped position (the bumpy sphere's rule),
 *            the vertex moving along the tube's normal. 5 2^l segments around the axis, 2^(l+1)
 *            around the tube: 20 4^l triangles. A hole through it: no point sees all of it.
 *   tori     two interlocked bumpy tori, one mesh of two components: torus A as above but with tube
 *            radius 0.3 in the xy plane, torus B the same turned into the xz plane (rotation by +90
 *            degrees about x) and moved to (1, 0, 0), so that each core circle passes through the
 *            other's centre. Every point of one core circle lies at distance exactly 1 from the
 *            other's, and the tubes reach at most 0.345 from their cores: 0.31 apart at least.
 *            5 2^l by 2^l segments each: 20 4^l triangles in all.
 *   plate    a thin folded plate: the slab |z - f(x, y)| <= 0.01 over [-1.25, 1.25] x [-0.25, 0.25],
 *            f(x, y) = zigzag(x) (1 + 0.5 y), where zigzag has amplitude 0.2, period 0.5 and its folds
 *            on the grid lines (x = -1.25 + 0.125 k). Its top and bottom are graphs over a grid of
 *            5 2^l x 2^l square cells (each split in two triangles) and vertical walls close its
 *            rim: 20 4^l + 24 2^l triangles. A slab between two graphs of one function is embedded
 *            whatever the function; 0.02 thick vertically, about 0.011 across the folds' faces.
 *   shells   nested shells, one mesh of three components: the bumpy sphere of level l (the outer
 *            wall), a spherical cavity (the icosphere of level l - 2, radius 0.6, centre (0.1, 0, 0),
 *            wound inward) and an island in it (the icosphere of level l - 2, radius 0.3, centre
 *            (0.2, 0.05, 0), outward): 22.5 4^l triangles. The cavity reaches 0.7 from the origin,
 *            inside the outer wall (at least 0.85 less the faceting); the island reaches 0.42 from
 *            the cavity's centre, inside the cavity's faces (at least 0.6 x 0.79, an icosahedron's
 *            inradius). The solid's centroid lies in the cavity, outside the solid.
 *
 * Every mesh is closed, edge-manifold and consistently oriented, facing away from the solid (the
 * benchmark checks each with col_mesh_validate and stops if one is not). No randomness: every
 * coordinate is a fixed formula of the indices (sin, cos and sqrt of the C library, as cases.h).
 *
 * Header-only (static inline), plain C11 that also compiles as C++; allocation by malloc; the
 * generators return 0, or -1 (mesh zeroed) for a bad level or when memory runs out; free a mesh with
 * bench_mesh_free (cases.h). */
#ifndef COLLIDE_BENCH_MESH_CLASSES_H
#define COLLIDE_BENCH_MESH_CLASSES_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"

typedef enum bench_mesh_class {
	BENCH_MESH_BUMPY = 0,
	BENCH_MESH_TORUS,
	BENCH_MESH_TORI,
	BENCH_MESH_PLATE,
	BENCH_MESH_SHELLS,
	BENCH_MESH_CLASS_COUNT
} bench_mesh_class;

/* The levels the benchmark uses (docs/benchmarks.md: L3 .. L8). */
#define BENCH_MESH_MIN_LEVEL 3
#define BENCH_MESH_MAX_LEVEL 8

static inline const char *bench_mesh_class_name(bench_mesh_class c)
{
	static const char *const names[BENCH_MESH_CLASS_COUNT] = {"bumpy", "torus", "tori", "plate", "shells"};
	return (int)c >= 0 && c < BENCH_MESH_CLASS_COUNT ? names[c] : "?";
}

/* 1 for the star-shaped class (the bumpy sphere), 0 for the others. */
static inline int bench_mesh_class_is_star(bench_mesh_class c)
{
	return c == BENCH_MESH_BUMPY;
}

/* The connected pieces a mesh of the class has. */
static inline int bench_mesh_class_components(bench_mesh_class c)
{
	return c == BENCH_MESH_TORI ? 2 : c == BENCH_MESH_SHELLS ? 3 : 1;
}

/* Allocates vertex_count vertices and triangle_count triangles (contents left to the caller).
 * Returns 0, or -1 with the mesh zeroed. */
static inline int bench_mesh_alloc(bench_mesh *mesh, int vertex_count, int triangle_count)
{
	mesh->vertices = (double *)malloc(3 * (size_t)vertex_count * sizeof(double));
	mesh->triangles = (int32_t *)malloc(3 * (size_t)triangle_count * sizeof(int32_t));
	mesh->vertex_count = vertex_count;
	mesh->triangle_count = triangle_count;
	if (mesh->vertices == NULL || mesh->triangles == NULL) {
		bench_mesh_free(mesh);
		return -1;
	}
	return 0;
}

/* Appends part to mesh (whose arrays have room for it after its first *vertex_count vertices and
 * *triangle_count triangles): every vertex scaled by scale, then moved by offset; triangles wound
 * the other way when inward (a cavity's wall). */
static inline void bench_mesh_append(bench_mesh *mesh, int *vertex_count, int *triangle_count,
                                     const bench_mesh *part, double scale, const double offset[3], int inward)
{
	int i, k;
	for (i = 0; i < part->vertex_count; i++)
		for (k = 0; k < 3; k++)
			mesh->vertices[3 * (*vertex_count + i) + k] = scale * part->vertices[3 * i + k] + offset[k];
	for (i = 0; i < part->triangle_count; i++) {
		int32_t *t = mesh->triangles + 3 * (*triangle_count + i);
		const int32_t *s = part->triangles + 3 * i;
		t[0] = s[0] + *vertex_count;
		t[1] = (inward ? s[2] : s[1]) + *vertex_count;
		t[2] = (inward ? s[1] : s[2]) + *vertex_count;
	}
	*vertex_count += part->vertex_count;
	*triangle_count += part->triangle_count;
}

/* Writes a bumpy torus around the z axis into mesh from vertex first_vertex and triangle
 * first_triangle: major radius R, tube radius r scaled by 1 + 0.15 sin(5x) sin(5y) sin(5z) of the
 * unbumped point (x, y, z), major_segments x minor_segments vertices (vertex (i, j) at angle
 * TWO_PI i / major_segments around the axis and TWO_PI j / minor_segments around the tube), two
 * triangles per cell, outward (the engine's col_mesh_create_torus winding). Then turned by +90
 * degrees about x when turn is set ((x, y, z) -> (x, -z, y)) and moved by offset. */
static inline void bench_bumpy_torus_into(bench_mesh *mesh, int first_vertex, int first_triangle, double R, double r,
                                          int major_segments, int minor_segments, int turn, const double offset[3])
{
	int i, j, t = first_triangle;
	for (i = 0; i < major_segments; i++) {
		double u = bench_angle((size_t)i, (size_t)major_segments);
		double cu = cos(u), su = sin(u);
		for (j = 0; j < minor_segments; j++) {
			double w = bench_angle((size_t)j, (size_t)minor_segments);
			double cw = cos(w), sw = sin(w);
			double n[3], p[3], q[3], bump;
			double *out = mesh->vertices + 3 * (first_vertex + i * minor_segments + j);
			n[0] = cw * cu;
			n[1] = cw * su;
			n[2] = sw;
			p[0] = R * cu + r * n[0];
			p[1] = R * su + r * n[1];
			p[2] = r * n[2];
			bump = r * (1.0 + 0.15 * sin(5.0 * p[0]) * sin(5.0 * p[1]) * sin(5.0 * p[2]));
			q[0] = R * cu + bump * n[0];
			q[1] = R * su + bump * n[1];
			q[2] = bump * n[2];
			if (turn) {
				out[0] = q[0] + offset[0];
				out[1] = -q[2] + offset[1];
				out[2] = q[1] + offset[2];
			} else {
				out[0] = q[0] + offset[0];
				out[1] = q[1] + offset[1];
				out[2] = q[2] + offset[2];
			}
		}
	}
	for (i = 0; i < major_segments; i++) {
		int i1 = (i + 1) % major_segments;
		for (j = 0; j < minor_segments; j++) {
			int j1 = (j + 1) % minor_segments;
			int32_t a = first_vertex + i * minor_segments + j, b = first_vertex + i1 * minor_segments + j;
			int32_t c = first_vertex + i1 * minor_segments + j1, d = first_vertex + i * minor_segments + j1;
			int32_t *f = mesh->triangles + 3 * t;
			/* u grows along a -> b, w along a -> d: (du x dw) points away from the tube's core */
			f[0] = a, f[1] = b, f[2] = c;
			f[3] = a, f[4] = c, f[5] = d;
			t += 2;
		}
	}
}

static inline int bench_mesh_torus(int level, bench_mesh *mesh)
{
	static const double zero[3] = {0.0, 0.0, 0.0};
	int minor = 2 << level, major = 5 << level; /* 2.5 : 1, as R : r, so the cells are about square */
	if (bench_mesh_alloc(mesh, major * minor, 2 * major * minor) != 0)
		return -1;
	bench_bumpy_torus_into(mesh, 0, 0, 1.0, 0.4, major, minor, 0, zero);
	return 0;
}

static inline int bench_mesh_tori(int level, bench_mesh *mesh)
{
	static const double zero[3] = {0.0, 0.0, 0.0}, moved[3] = {1.0, 0.0, 0.0};
	int minor = 1 << level, major = 5 * minor, nv = major * minor;
	if (bench_mesh_alloc(mesh, 2 * nv, 4 * nv) != 0)
		return -1;
	bench_bumpy_torus_into(mesh, 0, 0, 1.0, 0.3, major, minor, 0, zero);
	bench_bumpy_torus_into(mesh, nv, 2 * nv, 1.0, 0.3, major, minor, 1, moved);
	return 0;
}

/* The plate's fold line: a zigzag of amplitude 0.2 and period 0.5, its corners at
 * x = -1.25 + 0.125 k (0.2 at k = 1, 5, 9, ...; -0.2 at k = 3, 7, ...; 0 at even k). */
static inline double bench_plate_zigzag(double x)
{
	double t = (x + 1.25) / 0.5; /* periods from the left end */
	double f = t - floor(t);     /* [0, 1) */
	double tri = f < 0.25 ? 4.0 * f : f < 0.75 ? 2.0 - 4.0 * f : 4.0 * f - 4.0;
	return 0.2 * tri;
}

static inline int bench_mesh_plate(int level, bench_mesh *mesh)
{
	const double half_thickness = 0.01;
	int ny = 1 << level, nx = 5 * ny, i, j, t = 0;
	int row = nx + 1, layer = (nx + 1) * (ny + 1);
	double cell = 0.5 / (double)ny;
	if (bench_mesh_alloc(mesh, 2 * layer, 4 * nx * ny + 4 * (nx + ny)) != 0)
		return -1;
	/* vertex (i, j) of the top is j * row + i, of the bottom layer + j * row + i */
	for (j = 0; j <= ny; j++) {
		double y = -0.25 + cell * (double)j;
		for (i = 0; i <= nx; i++) {
			double x = -1.25 + cell * (double)i;
			double f = bench_plate_zigzag(x) * (1.0 + 0.5 * y);
			double *top = mesh->vertices + 3 * (j * row + i), *bottom = top + 3 * layer;
			top[0] = bottom[0] = x;
			top[1] = bottom[1] = y;
			top[2] = f + half_thickness;
			bottom[2] = f - half_thickness;
		}
	}
	for (j = 0; j < ny; j++)
		for (i = 0; i < nx; i++) {
			int32_t a = j * row + i, b = a + 1, c = a + row + 1, d = a + row;
			int32_t *f = mesh->triangles + 3 * t;
			/* top: counter-clockwise seen from +z */
			f[0] = a, f[1] = b, f[2] = c;
			f[3] = a, f[4] = c, f[5] = d;
			/* bottom: clockwise seen from +z (it faces down) */
			f[6] = layer + a, f[7] = layer + c, f[8] = layer + b;
			f[9] = layer + a, f[10] = layer + d, f[11] = layer + c;
			t += 4;
		}
	/* The rim, walked counter-clockwise seen from +z (the plate on its left): for each rim edge
	 * p -> q of the top, the wall p, q, q', p' (primes on the bottom) faces out. */
	{
		int k, steps = 2 * (nx + ny);
		int32_t p = 0; /* (0, 0) */
		for (k = 0; k < steps; k++) {
			int32_t q;
			int32_t *f = mesh->triangles + 3 * t;
			if (k < nx)
				q = p + 1; /* along y = -0.25, +x */
			else if (k < nx + ny)
				q = p + row; /* along x = 1.25, +y */
			else if (k < 2 * nx + ny)
				q = p - 1; /* along y = 0.25, -x */
			else
				q = p - row; /* along x = -1.25, -y */
			f[0] = p, f[1] = layer + q, f[2] = q;
			f[3] = p, f[4] = layer + p, f[5] = layer + q;
			t += 2;
			p = q;
		}
	}
	return 0;
}

static inline int bench_mesh_shells(int level, bench_mesh *mesh)
{
	static const double cavity_centre[3] = {0.1, 0.0, 0.0}, island_centre[3] = {0.2, 0.05, 0.0};
	static const double zero[3] = {0.0, 0.0, 0.0};
	bench_mesh outer, ball;
	int nv = 0, nt = 0;
	if (level < 2 || bench_bumpy_sphere(level, &outer) != 0)
		return -1;
	if (bench_icosphere(level - 2, &ball) != 0) {
		bench_mesh_free(&outer);
		return -1;
	}
	if (bench_mesh_alloc(mesh, outer.vertex_count + 2 * ball.vertex_count,
	                     outer.triangle_count + 2 * ball.triangle_count) == 0) {
		bench_mesh_append(mesh, &nv, &nt, &outer, 1.0, zero, 0);
		bench_mesh_append(mesh, &nv, &nt, &ball, 0.6, cavity_centre, 1);
		bench_mesh_append(mesh, &nv, &nt, &ball, 0.3, island_centre, 0);
	}
	bench_mesh_free(&outer);
	bench_mesh_free(&ball);
	return mesh->vertices != NULL ? 0 : -1;
}

/* The mesh of class c at level (BENCH_MESH_MIN_LEVEL .. BENCH_MESH_MAX_LEVEL; the generators take 2 .. 8,
 * shells and the bumpy sphere down to their own limits). Returns 0, or -1 with the mesh zeroed. */
static inline int bench_mesh_class_make(bench_mesh_class c, int level, bench_mesh *mesh)
{
	memset(mesh, 0, sizeof *mesh);
	if (level < 2 || level > 8)
		return -1;
	switch (c) {
	case BENCH_MESH_BUMPY: return bench_bumpy_sphere(level, mesh);
	case BENCH_MESH_TORUS: return bench_mesh_torus(level, mesh);
	case BENCH_MESH_TORI: return bench_mesh_tori(level, mesh);
	case BENCH_MESH_PLATE: return bench_mesh_plate(level, mesh);
	case BENCH_MESH_SHELLS: return bench_mesh_shells(level, mesh);
	default: return -1;
	}
}

#endif
