/* Meshes made from parameters: closed, outward and consistently oriented by construction. The
 * icosphere and the bumpy sphere follow docs/benchmarks.md to the bit, so the benchmarks and the
 * peers see the same input. */
#include "mesh_internal.h"

#include "error.h"

#include <stdlib.h>

/* M_PI is POSIX, not C11. */
static const double pi = 3.14159265358979323846;

/* Arrays for a generator; on failure frees both and reports. */
static col_status allocate(size_t vertex_count, size_t triangle_count, col_vec3 **vertices,
                           int32_t **triangles, col_error *error)
{
	*vertices = malloc(vertex_count * sizeof **vertices);
	*triangles = malloc(3 * triangle_count * sizeof **triangles);
	if (*vertices == NULL || *triangles == NULL) {
		free(*vertices);
		free(*triangles);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh: out of memory for %zu triangles",
		                triangle_count);
	}
	return COL_OK;
}

static void set_triangle(int32_t *triangles, size_t index, int32_t a, int32_t b, int32_t c)
{
	triangles[3 * index] = a;
	triangles[3 * index + 1] = b;
	triangles[3 * index + 2] = c;
}

col_status col_mesh_create_box(col_vec3 half_extents, col_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "box: out is NULL");
	*out = NULL;
	col_vec3 h = half_extents;
	if (!col_vec3_is_finite(h))
		return col_fail(error, COL_ERROR_NOT_FINITE, "box: half extents (%g, %g, %g) are not finite",
		                h.x, h.y, h.z);
	if (!(h.x > 0.0 && h.y > 0.0 && h.z > 0.0))
		return col_fail(error, COL_ERROR_DEGENERATE,
		                "box: half extents (%g, %g, %g) must be positive", h.x, h.y, h.z);
	col_vec3 *v;
	int32_t *f;
	col_status status = allocate(8, 12, &v, &f, error);
	if (status != COL_OK)
		return status;
	/* Vertex i has bit 0 for +x, bit 1 for +y, bit 2 for +z. */
	for (int i = 0; i < 8; ++i)
		v[i] = (col_vec3){(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z};
	static const int32_t faces[12][3] = {
	    {0, 2, 3}, {0, 3, 1}, /* -z */
	    {4, 5, 7}, {4, 7, 6}, /* +z */
	    {0, 1, 5}, {0, 5, 4}, /* -y */
	    {2, 6, 7}, {2, 7, 3}, /* +y */
	    {0, 4, 6}, {0, 6, 2}, /* -x */
	    {1, 3, 7}, {1, 7, 5}, /* +x */
	};
	for (size_t i = 0; i < 12; ++i)
		set_triangle(f, i, faces[i][0], faces[i][1], faces[i][2]);
	return col_mesh_adopt(v, 8, f, 12, out, error);
}

col_status col_mesh_create_uv_sphere(double radius, int slices, int stacks, col_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "uv_sphere: out is NULL");
	*out = NULL;
	if (!isfinite(radius) || !(radius > 0.0))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "uv_sphere: radius %g must be positive and finite", radius);
	if (slices < 3 || stacks < 2 || slices > 1 << 14 || stacks > 1 << 14)
		return col_fail(
		    error, COL_ERROR_INVALID_ARGUMENT,
		    "uv_sphere: %d slices and %d stacks (need slices >= 3, stacks >= 2, each <= 16384)",
		    slices, stacks);
	size_t rings = (size_t)stacks - 1;
	size_t nv = 2 + rings * (size_t)slices, nt = 2 * (size_t)slices * rings;
	col_vec3 *v;
	int32_t *f;
	col_status status = allocate(nv, nt, &v, &f, error);
	if (status != COL_OK)
		return status;
	/* North pole, rings from north to south, south pole. */
	v[0] = (col_vec3){0.0, 0.0, radius};
	for (size_t i = 0; i < rings; ++i) {
		double theta = pi * (double)(i + 1) / (double)stacks;
		for (int j = 0; j < slices; ++j) {
			double phi = 2.0 * pi * (double)j / (double)slices;
			v[1 + i * (size_t)slices + (size_t)j] =
			    (col_vec3){radius * sin(theta) * cos(phi), radius * sin(theta) * sin(phi),
			               radius * cos(theta)};
		}
	}
	int32_t south = (int32_t)(nv - 1);
	v[south] = (col_vec3){0.0, 0.0, -radius};

	size_t t = 0;
	for (int j = 0; j < slices; ++j) {
		int32_t j1 = (j + 1) % slices;
		set_triangle(f, t++, 0, 1 + j, 1 + j1);
		for (size_t i = 0; i + 1 < rings; ++i) {
			int32_t a = (int32_t)(1 + i * (size_t)slices) + j,
			        b = (int32_t)(1 + i * (size_t)slices) + j1;
			int32_t c = a + slices, d = b + slices;
			set_triangle(f, t++, a, c, d);
			set_triangle(f, t++, a, d, b);
		}
		int32_t last = (int32_t)(1 + (rings - 1) * (size_t)slices);
		set_triangle(f, t++, last + j, south, last + j1);
	}
	return col_mesh_adopt(v, (int)nv, f, (int)nt, out, error);
}

/* ---- icosphere (docs/benchmarks.md) ---- */

/* (x/len, y/len, z/len), exactly as the benchmark generator writes it. */
static col_vec3 normalise(col_vec3 p)
{
	double len = sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
	return (col_vec3){p.x / len, p.y / len, p.z / len};
}

/* Open-addressing table from an undirected edge to its midpoint vertex. */
typedef struct midpoint_table {
	uint64_t *keys; /* (min << 32 | max) + 1; 0 marks an empty slot */
	int32_t *values;
	size_t mask;
} midpoint_table;

static int32_t midpoint(midpoint_table *table, col_vec3 *v, int32_t *count, int32_t a, int32_t b)
{
	uint64_t lo = (uint64_t)(a < b ? a : b), hi = (uint64_t)(a < b ? b : a);
	uint64_t key = (lo << 32 | hi) + 1;
	size_t slot = (size_t)((key * 0x9E3779B97F4A7C15u) >> 20) & table->mask;
	while (table->keys[slot] != 0) {
		if (table->keys[slot] == key)
			return table->values[slot];
		slot = (slot + 1) & table->mask;
	}
	int32_t index = (*count)++;
	v[index] = normalise(col_vec3_add(v[a], v[b]));
	table->keys[slot] = key;
	table->values[slot] = index;
	return index;
}

/* The unit icosphere of docs/benchmarks.md (no radius applied). */
static col_status make_icosphere(int level, col_vec3 **out_vertices, int *out_nv, int32_t **out_triangles,
                                 int *out_nt, col_error *error)
{
	if (level < 0 || level > 8)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "icosphere: level %d is outside 0..8",
		                level);
	size_t final_nt = (size_t)20 << (2 * level), final_nv = (size_t)10 * ((size_t)1 << (2 * level)) + 2;
	col_vec3 *v;
	int32_t *f;
	col_status status = allocate(final_nv, final_nt, &v, &f, error);
	if (status != COL_OK)
		return status;
	int32_t *next = malloc(3 * final_nt * sizeof *next);
	midpoint_table table = {NULL, NULL, 0};
	size_t slots = 1;
	while (slots < 3 * final_nt) /* at least twice the edges of the last level */
		slots <<= 1;
	table.keys = malloc(slots * sizeof *table.keys);
	table.values = malloc(slots * sizeof *table.values);
	table.mask = slots - 1;
	if (next == NULL || table.keys == NULL || table.values == NULL) {
		free(v);
		free(f);
		free(next);
		free(table.keys);
		free(table.values);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "icosphere: out of memory for level %d",
		                level);
	}

	const double t = (1.0 + sqrt(5.0)) / 2.0;
	const col_vec3 base[12] = {
	    {-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
	    {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1},
	};
	static const int32_t faces[20][3] = {
	    {0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
	    {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
	    {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1},
	};
	for (int i = 0; i < 12; ++i)
		v[i] = normalise(base[i]);
	for (size_t i = 0; i < 20; ++i)
		set_triangle(f, i, faces[i][0], faces[i][1], faces[i][2]);

	int32_t nv = 12;
	size_t nt = 20;
	for (int l = 0; l < level; ++l) {
		for (size_t s = 0; s <= table.mask; ++s)
			table.keys[s] = 0;
		for (size_t i = 0; i < nt; ++i) {
			int32_t a = f[3 * i], b = f[3 * i + 1], c = f[3 * i + 2];
			int32_t ab = midpoint(&table, v, &nv, a, b);
			int32_t bc = midpoint(&table, v, &nv, b, c);
			int32_t ca = midpoint(&table, v, &nv, c, a);
			set_triangle(next, 4 * i, a, ab, ca);
			set_triangle(next, 4 * i + 1, b, bc, ab);
			set_triangle(next, 4 * i + 2, c, ca, bc);
			set_triangle(next, 4 * i + 3, ab, bc, ca);
		}
		nt *= 4;
		int32_t *swap = f;
		f = next;
		next = swap;
	}
	free(next);
	free(table.keys);
	free(table.values);
	*out_vertices = v;
	*out_nv = nv;
	*out_triangles = f;
	*out_nt = (int)nt;
	return COL_OK;
}

col_status col_mesh_create_icosphere(int level, double radius, col_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "icosphere: out is NULL");
	*out = NULL;
	if (!isfinite(radius) || !(radius > 0.0))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "icosphere: radius %g must be positive and finite", radius);
	col_vec3 *v;
	int32_t *f;
	int nv, nt;
	col_status status = make_icosphere(level, &v, &nv, &f, &nt, error);
	if (status != COL_OK)
		return status;
	if (radius != 1.0) { /* radius 1 keeps the benchmark's bits untouched */
		for (int i = 0; i < nv; ++i)
			v[i] = col_vec3_scale(v[i], radius);
	}
	return col_mesh_adopt(v, nv, f, nt, out, error);
}

col_status col_mesh_create_bumpy_sphere(int level, col_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "bumpy_sphere: out is NULL");
	*out = NULL;
	col_vec3 *v;
	int32_t *f;
	int nv, nt;
	col_status status = make_icosphere(level, &v, &nv, &f, &nt, error);
	if (status != COL_OK)
		return status;
	for (int i = 0; i < nv; ++i) {
		col_vec3 p = v[i];
		/* Left to right, as docs/benchmarks.md evaluates it. */
		double r = 1.0 + 0.15 * sin(5.0 * p.x) * sin(5.0 * p.y) * sin(5.0 * p.z);
		v[i] = (col_vec3){r * p.x, r * p.y, r * p.z};
	}
	return col_mesh_adopt(v, nv, f, nt, out, error);
}

/* ---- torus ---- */

col_status col_mesh_create_torus(double major_radius, double minor_radius, int major_segments,
                                 int minor_segments, col_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "torus: out is NULL");
	*out = NULL;
	if (!isfinite(major_radius) || !isfinite(minor_radius) || !(minor_radius > 0.0) ||
	    !(major_radius > minor_radius))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "torus: radii R = %g, r = %g (need 0 < r < R, both finite)", major_radius,
		                minor_radius);
	if (major_segments < 3 || minor_segments < 3 || major_segments > 1 << 14 || minor_segments > 1 << 14)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "torus: %d major and %d minor segments (need 3..16384 each)", major_segments,
		                minor_segments);
	size_t nv = (size_t)major_segments * (size_t)minor_segments, nt = 2 * nv;
	col_vec3 *v;
	int32_t *f;
	col_status status = allocate(nv, nt, &v, &f, error);
	if (status != COL_OK)
		return status;
	for (int i = 0; i < major_segments; ++i) {
		double u = 2.0 * pi * (double)i / (double)major_segments;
		for (int j = 0; j < minor_segments; ++j) {
			double w = 2.0 * pi * (double)j / (double)minor_segments;
			double ring = major_radius + minor_radius * cos(w);
			v[(size_t)i * (size_t)minor_segments + (size_t)j] =
			    (col_vec3){ring * cos(u), ring * sin(u), minor_radius * sin(w)};
		}
	}
	size_t t = 0;
	for (int i = 0; i < major_segments; ++i) {
		int i1 = (i + 1) % major_segments;
		for (int j = 0; j < minor_segments; ++j) {
			int j1 = (j + 1) % minor_segments;
			int32_t a = i * minor_segments + j, b = i1 * minor_segments + j;
			int32_t c = i1 * minor_segments + j1, d = i * minor_segments + j1;
			/* u grows along a->b, w along a->d: (du x dw) points away from the tube's axis. */
			set_triangle(f, t++, a, b, c);
			set_triangle(f, t++, a, c, d);
		}
	}
	return col_mesh_adopt(v, (int)nv, f, (int)nt, out, error);
}
