/* Private: gathering the contacts of two solids (col_mesh_contacts), shared by the brute-force
 * query (mesh_contact.c) and the tetra-tree's (tetratree_pair.c): the crossings, each triangle
 * pair once however many tree leaves list it, then the vertices of each solid inside the other. */
#ifndef COLLIDE_MESH_CONTACT_INTERNAL_H
#define COLLIDE_MESH_CONTACT_INTERNAL_H

#include "collide/mesh.h"

typedef struct mesh_contact_set {
	col_mesh_contact *items;
	int count, capacity;
	int crossings;
	uint64_t *keys; /* open addressing on (triangle_a, triangle_b) + 1; 0 is an empty slot */
	size_t key_capacity;
	bool out_of_memory;
} mesh_contact_set;

void mesh_contact_set_init(mesh_contact_set *set);
void mesh_contact_set_free(mesh_contact_set *set);
/* Adds the crossing of triangle i of a and triangle j of b (moved into a's frame) unless the pair
 * is in already; returns whether the triangles meet. Out of memory is remembered for finish. */
bool mesh_contact_set_add_crossing(mesh_contact_set *set, int i, int j, col_triangle ta, col_triangle tb);

/* One solid seen by the other's contact search: whether a point of its frame is inside, and its
 * nearest surface point (with the triangle and the distance). */
typedef struct mesh_contact_solid {
	const void *solid;
	bool (*contains)(const void *solid, col_vec3 p, col_query_stats *stats);
	double (*nearest)(const void *solid, col_vec3 p, col_vec3 *nearest, int *triangle);
	col_sphere bounds; /* holds the solid: points beyond it are outside */
	const col_mesh *mesh;
} mesh_contact_solid;

/* The sphere about the mesh's box, through its corners, a little widened for rounding: the
 * bounds of a mesh_contact_solid. */
col_sphere mesh_contact_bounds(const col_mesh *mesh);

/* Sorts the crossings, then adds the vertices of b inside a and of a inside b (b_vertices and
 * a_vertices are the meshes' own, in their frames). */
void mesh_contact_add_vertices(mesh_contact_set *set, const mesh_contact_solid *a, const mesh_contact_solid *b,
                               const col_mesh *mesh_a, const col_mesh *mesh_b, col_transform3 b_to_a,
                               col_query_stats *stats);

/* Writes the first capacity contacts and the summary. */
col_status mesh_contact_set_finish(mesh_contact_set *set, col_mesh_contact *contacts, int capacity,
                                   col_mesh_contact_summary *summary, col_error *error);

#endif
