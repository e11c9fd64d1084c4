/* Private: the mesh record shared by mesh.c, mesh_validate.c, mesh_generators.c and
 * mesh_queries.c, and the edge list they build. */
#ifndef COLLIDE_MESH_INTERNAL_H
#define COLLIDE_MESH_INTERNAL_H

#include "collide/mesh.h"

struct col_mesh {
	int vertex_count;
	int triangle_count;
	col_vec3 *vertices; /* vertex_count */
	int32_t *triangles; /* 3 * triangle_count, counter-clockwise seen from outside */
	col_aabb3 bounds;   /* kept with the vertices so queries need not rescan them */
};

/* Takes ownership of vertices and triangles (malloc'd) without checking the topology: for
 * generators, whose output is valid by construction. Sets coordinates below COL_COORDINATE_MIN in
 * magnitude to 0 and fails (COL_ERROR_INVALID_ARGUMENT) for one above COL_COORDINATE_MAX. Frees
 * both on failure. */
col_status col_mesh_adopt(col_vec3 *vertices, int vertex_count, int32_t *triangles, int triangle_count,
                          col_mesh **out, col_error *error);

/* One directed use of an undirected edge: triangle `triangle` runs from a to b when forward,
 * from b to a otherwise (a < b always). Sorting these groups the uses of each edge. */
typedef struct col_mesh_edge_use {
	int32_t a, b;
	int32_t triangle;
	int8_t slot; /* which edge of the triangle: slot k runs from vertex k to vertex k+1 */
	int8_t forward;
} col_mesh_edge_use;

/* 3 * triangle_count uses, sorted by (a, b, triangle); NULL when out of memory. */
col_mesh_edge_use *col_mesh_edge_uses(const col_mesh *mesh);

#endif
