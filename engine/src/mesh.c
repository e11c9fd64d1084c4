/* Triangle meshes: creation with checks, accessors, measures and welding. Validation lives in
 * mesh_validate.c, generators in mesh_generators.c, the brute-force queries in mesh_queries.c. */
#include "mesh_internal.h"

#include "error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "indexed_point.h"

col_status col_mesh_adopt(col_vec3 *vertices, int vertex_count, int32_t *triangles, int triangle_count,
                          col_mesh **out, col_error *error)
{
	/* The generators' vertices: a coordinate below the supported range is rounding noise (a sine
	 * that should be 0) and becomes 0; one above it is refused like col_mesh_create refuses it. */
	for (int i = 0; i < vertex_count; ++i) {
		double *c[3] = {&vertices[i].x, &vertices[i].y, &vertices[i].z};
		for (int axis = 0; axis < 3; ++axis) {
			if (fabs(*c[axis]) < COL_COORDINATE_MIN)
				*c[axis] = 0.0;
			if (!col_coordinate_in_range(*c[axis])) {
				double x = *c[axis];
				free(vertices);
				free(triangles);
				return col_fail(
				    error, COL_ERROR_INVALID_ARGUMENT,
				    "mesh: vertex %d coordinate %g is outside the supported range "
				    "[%g, %g] (or 0)",
				    i, x, COL_COORDINATE_MIN, COL_COORDINATE_MAX);
			}
		}
	}
	col_mesh *mesh = malloc(sizeof *mesh);
	if (mesh == NULL) {
		free(vertices);
		free(triangles);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh: out of memory");
	}
	mesh->vertex_count = vertex_count;
	mesh->triangle_count = triangle_count;
	mesh->vertices = vertices;
	mesh->triangles = triangles;
	mesh->bounds = col_aabb3_from_points(vertices, vertex_count);
	*out = mesh;
	col_error_clear(error);
	return COL_OK;
}

col_status col_mesh_create(const col_vec3 *vertices, int vertex_count, const int32_t *triangles,
                           int triangle_count, col_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh: out is NULL");
	*out = NULL;
	if (vertex_count < 0 || triangle_count < 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "mesh: negative count (%d vertices, %d triangles)", vertex_count,
		                triangle_count);
	if (triangle_count == 0)
		return col_fail(error, COL_ERROR_DEGENERATE, "mesh: no triangles");
	if (vertices == NULL || triangles == NULL || vertex_count == 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh: %s",
		                triangles == NULL ? "triangles is NULL" : "no vertices");
	if ((size_t)triangle_count > SIZE_MAX / (3 * sizeof(int32_t)) ||
	    (size_t)vertex_count > SIZE_MAX / sizeof(col_vec3))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh: too large");

	for (int i = 0; i < vertex_count; ++i) {
		col_vec3 v = vertices[i];
		if (!col_vec3_is_finite(v))
			return col_fail(error, COL_ERROR_NOT_FINITE,
			                "mesh: vertex %d is not finite (%g, %g, %g)", i, v.x, v.y, v.z);
		for (int axis = 0; axis < 3; ++axis) {
			double x = col_vec3_component(v, axis);
			if (!col_coordinate_in_range(x))
				return col_fail(
				    error, COL_ERROR_INVALID_ARGUMENT,
				    "mesh: vertex %d coordinate %g is outside the supported range "
				    "[%g, %g] (or 0)",
				    i, x, COL_COORDINATE_MIN, COL_COORDINATE_MAX);
		}
	}
	for (int t = 0; t < triangle_count; ++t) {
		const int32_t *tri = triangles + 3 * (size_t)t;
		for (int k = 0; k < 3; ++k) {
			if (tri[k] < 0 || tri[k] >= vertex_count)
				return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
				                "mesh: triangle %d uses vertex %d, but there are %d vertices",
				                t, (int)tri[k], vertex_count);
		}
		if (tri[0] == tri[1] || tri[1] == tri[2] || tri[2] == tri[0])
			return col_fail(error, COL_ERROR_DEGENERATE,
			                "mesh: triangle %d (%d, %d, %d) repeats a vertex", t, (int)tri[0],
			                (int)tri[1], (int)tri[2]);
	}

	col_vec3 *v = malloc((size_t)vertex_count * sizeof *v);
	int32_t *f = malloc(3 * (size_t)triangle_count * sizeof *f);
	if (v == NULL || f == NULL) {
		free(v);
		free(f);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh: out of memory for %d triangles",
		                triangle_count);
	}
	memcpy(v, vertices, (size_t)vertex_count * sizeof *v);
	memcpy(f, triangles, 3 * (size_t)triangle_count * sizeof *f);
	return col_mesh_adopt(v, vertex_count, f, triangle_count, out, error);
}

void col_mesh_destroy(col_mesh *mesh)
{
	if (mesh == NULL)
		return;
	free(mesh->vertices);
	free(mesh->triangles);
	free(mesh);
}

/* A NULL mesh reads as an empty one: no vertices, no triangles, empty bounds. */
int col_mesh_vertex_count(const col_mesh *mesh)
{
	return mesh != NULL ? mesh->vertex_count : 0;
}
int col_mesh_triangle_count(const col_mesh *mesh)
{
	return mesh != NULL ? mesh->triangle_count : 0;
}
const col_vec3 *col_mesh_vertices(const col_mesh *mesh)
{
	return mesh != NULL ? mesh->vertices : NULL;
}
const int32_t *col_mesh_triangles(const col_mesh *mesh)
{
	return mesh != NULL ? mesh->triangles : NULL;
}
col_aabb3 col_mesh_bounds(const col_mesh *mesh)
{
	return mesh != NULL ? mesh->bounds : col_aabb3_empty();
}

col_triangle col_mesh_triangle(const col_mesh *mesh, int index)
{
	if (mesh == NULL || index < 0 || index >= mesh->triangle_count)
		return (col_triangle){{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
	const int32_t *tri = mesh->triangles + 3 * (size_t)index;
	return (col_triangle){mesh->vertices[tri[0]], mesh->vertices[tri[1]], mesh->vertices[tri[2]]};
}

double col_mesh_volume(const col_mesh *mesh)
{
	if (mesh == NULL)
		return 0.0;
	/* Sum of the tetrahedra (origin, a, b, c); relative to the bounds' centre so that a mesh far
	 * from the origin does not lose its digits to cancellation. */
	col_vec3 o = col_vec3_scale(col_vec3_add(mesh->bounds.min, mesh->bounds.max), 0.5);
	double six_volume = 0.0;
	for (int i = 0; i < mesh->triangle_count; ++i) {
		col_triangle t = col_mesh_triangle(mesh, i);
		col_vec3 a = col_vec3_sub(t.a, o), b = col_vec3_sub(t.b, o), c = col_vec3_sub(t.c, o);
		six_volume += col_vec3_dot(a, col_vec3_cross(b, c));
	}
	return six_volume / 6.0;
}

/* The volume-weighted centres of the tetrahedra from a vertex of the mesh to every triangle (taken
 * from a vertex, not from 0, so that a mesh far from 0 loses no digits). */
col_vec3 col_mesh_centroid(const col_mesh *mesh)
{
	if (mesh == NULL || mesh->triangle_count == 0)
		return (col_vec3){0.0, 0.0, 0.0};
	col_vec3 r = mesh->vertices[mesh->triangles[0]], sum = {0.0, 0.0, 0.0};
	double volume = 0.0;
	for (int i = 0; i < mesh->triangle_count; i++) {
		col_triangle t = col_mesh_triangle(mesh, i);
		col_vec3 a = col_vec3_sub(t.a, r), b = col_vec3_sub(t.b, r), c = col_vec3_sub(t.c, r);
		double w = col_vec3_dot(a, col_vec3_cross(b, c));
		sum = col_vec3_add(sum, col_vec3_scale(col_vec3_add(a, col_vec3_add(b, c)), w));
		volume += w;
	}
	/* Each tetrahedron's centre is (r + a + b + c) / 4 with a, b, c taken from r. */
	col_vec3 centroid = col_vec3_add(r, col_vec3_scale(sum, 0.25 / volume));
	if (volume != 0.0 && col_vec3_is_finite(centroid))
		return centroid;
	return col_vec3_scale(col_vec3_add(mesh->bounds.min, mesh->bounds.max), 0.5);
}

size_t col_mesh_memory_bytes(const col_mesh *mesh)
{
	if (mesh == NULL)
		return 0;
	return sizeof *mesh + (size_t)mesh->vertex_count * sizeof *mesh->vertices +
	       (size_t)mesh->triangle_count * 3 * sizeof *mesh->triangles;
}

static int32_t find_root(int32_t *parent, int32_t v)
{
	while (parent[v] != v) {
		parent[v] = parent[parent[v]]; /* path halving */
		v = parent[v];
	}
	return v;
}

int col_mesh_pieces(const col_mesh *mesh, int32_t *first_vertices, int capacity)
{
	if (mesh == NULL || mesh->triangle_count == 0)
		return 0;
	int32_t *parent = malloc((size_t)mesh->vertex_count * sizeof *parent);
	if (parent == NULL)
		return -1;
	for (int32_t v = 0; v < mesh->vertex_count; v++)
		parent[v] = v;
	for (int t = 0; t < mesh->triangle_count; t++) {
		const int32_t *k = &mesh->triangles[3 * t];
		for (int e = 1; e < 3; e++) {
			int32_t x = find_root(parent, k[0]), y = find_root(parent, k[e]);
			/* The smaller index as the root: each piece's root is its first vertex. */
			if (x < y)
				parent[y] = x;
			else if (y < x)
				parent[x] = y;
		}
	}
	/* A vertex no triangle uses is its own root but no piece: only triangle corners count. */
	int count = 0;
	for (int t = 0; t < mesh->triangle_count; t++)
		for (int e = 0; e < 3; e++) {
			int32_t v = mesh->triangles[3 * t + e];
			if (parent[v] == v) {
				if (count < capacity && first_vertices != NULL)
					first_vertices[count] = v;
				count++;
				parent[v] = -1 - v; /* counted; find_root is not called again */
			}
		}
	free(parent);
	return count;
}

double col_mesh_surface_area(const col_mesh *mesh)
{
	double area = 0.0;
	for (int i = 0; mesh != NULL && i < mesh->triangle_count; ++i)
		area += col_triangle_area(col_mesh_triangle(mesh, i));
	return area;
}

/* ---- edges ---- */

static int compare_edge_uses(const void *pa, const void *pb)
{
	const col_mesh_edge_use *a = pa, *b = pb;
	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;
	if (a->triangle != b->triangle)
		return a->triangle < b->triangle ? -1 : 1;
	return (a->slot > b->slot) - (a->slot < b->slot);
}

col_mesh_edge_use *col_mesh_edge_uses(const col_mesh *mesh)
{
	size_t n = 3 * (size_t)mesh->triangle_count;
	col_mesh_edge_use *uses = malloc((n > 0 ? n : 1) * sizeof *uses);
	if (uses == NULL)
		return NULL;
	for (int t = 0; t < mesh->triangle_count; ++t) {
		const int32_t *tri = mesh->triangles + 3 * (size_t)t;
		for (int k = 0; k < 3; ++k) {
			int32_t from = tri[k], to = tri[(k + 1) % 3];
			col_mesh_edge_use *u = &uses[3 * (size_t)t + (size_t)k];
			u->a = from < to ? from : to;
			u->b = from < to ? to : from;
			u->triangle = t;
			u->slot = (int8_t)k;
			u->forward = (int8_t)(from < to);
		}
	}
	qsort(uses, n, sizeof *uses, compare_edge_uses);
	return uses;
}

/* ---- welding ---- */

int col_mesh_weld(col_mesh *mesh)
{
	if (mesh == NULL)
		return 0;
	int n = mesh->vertex_count;
	col_indexed_point *keys = malloc((n > 0 ? (size_t)n : 1) * sizeof *keys);
	int32_t *remap = malloc((n > 0 ? (size_t)n : 1) * sizeof *remap);
	if (keys == NULL || remap == NULL) {
		free(keys);
		free(remap);
		return COL_MESH_WELD_OUT_OF_MEMORY;
	}
	for (int i = 0; i < n; ++i)
		keys[i] = (col_indexed_point){mesh->vertices[i], i};
	qsort(keys, (size_t)n, sizeof *keys, col_indexed_point_compare);

	/* Each vertex first points at the lowest index with its position (first in its sorted run);
	 * survivors keep their relative order, so welding an already welded mesh changes nothing. */
	for (int i = 0; i < n;) {
		int j = i;
		while (j < n && col_vec3_equal(keys[j].p, keys[i].p))
			++j;
		for (int k = i; k < j; ++k)
			remap[keys[k].index] = keys[i].index;
		i = j;
	}
	free(keys);

	/* A weld that would leave no triangle is refused before anything moves: an empty mesh is no
	 * mesh (col_mesh_create refuses one too). Triangles are compared by representative. */
	int survivors = 0;
	for (int t = 0; t < mesh->triangle_count; ++t) {
		const int32_t *tri = mesh->triangles + 3 * (size_t)t;
		int32_t a = remap[tri[0]], b = remap[tri[1]], c = remap[tri[2]];
		survivors += a != b && b != c && c != a;
	}
	if (survivors == 0) {
		free(remap);
		return COL_MESH_WELD_COLLAPSED;
	}

	int kept = 0;
	for (int i = 0; i < n; ++i) {
		if (remap[i] == i) {
			mesh->vertices[kept] = mesh->vertices[i];
			remap[i] = kept++;
		} else {
			remap[i] = remap[remap[i]]; /* remap[i] < i, already renumbered */
		}
	}
	int merged = n - kept;

	int triangles = 0;
	for (int t = 0; t < mesh->triangle_count; ++t) {
		const int32_t *tri = mesh->triangles + 3 * (size_t)t;
		int32_t a = remap[tri[0]], b = remap[tri[1]], c = remap[tri[2]];
		if (a == b || b == c || c == a)
			continue; /* collapsed by the merge */
		int32_t *out = mesh->triangles + 3 * (size_t)triangles++;
		out[0] = a;
		out[1] = b;
		out[2] = c;
	}
	free(remap);
	mesh->vertex_count = kept;
	mesh->triangle_count = triangles;
	return merged;
}
