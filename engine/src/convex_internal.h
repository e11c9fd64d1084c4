/* Private: the convex polytope's record. convex.c builds and answers it; shape.c (the support
 * mappings) and the queries built on them read the vertices and the adjacency directly in their
 * hot loops. Everything lives in one allocation that starts with this struct; it never changes
 * after col_convex_create. */
#ifndef COLLIDE_CONVEX_INTERNAL_H
#define COLLIDE_CONVEX_INTERNAL_H

#include "collide/convex.h"

struct col_convex {
	int vertex_count;
	col_vec3 *vertices; /* vertex_count, as given */
	double *scan_rows;  /* the vertices as support_scan.h's rows, for the supports of small polytopes */

	/* Faces in CSR form: face f is face_vertices[face_start[f] .. face_start[f + 1] - 1], its
	 * vertex indices counter-clockwise seen from outside, as given. face_start has face_count + 1
	 * entries. The first three vertices of a face are never collinear (faces are strictly convex), so
	 * col_orient3d with them decides the side of the face's plane exactly. */
	int face_count;
	int *face_start;
	int *face_vertices;
	col_plane *planes; /* face_count: Newell's unit normal (summed exactly for slivers), offset
	                    * through the face's vertex mean */

	/* Undirected edges, sorted by (first, second) vertex, first < second: edge_faces[e][0] is on the
	 * left going first -> second seen from outside (the face that lists first, second in this
	 * order), edge_faces[e][1] on the right. */
	int edge_count;
	int (*edge_vertices)[2];
	int (*edge_faces)[2];

	/* Adjacency in CSR form: the vertices joined to v by an edge are neighbors[neighbor_start[v] ..
	 * neighbor_start[v + 1] - 1], counter-clockwise around v seen from outside (for a flat polytope:
	 * its two polygon neighbours). neighbor_start has vertex_count + 1 entries; neighbors has
	 * 2 * edge_count. */
	int *neighbor_start;
	int *neighbors;

	/* A flat polytope: two faces, the same vertex cycle in opposite orders, all vertices in one
	 * plane. flat_axis is the coordinate (0 x, 1 y, 2 z) whose dropping maps that plane onto a
	 * coordinate plane one to one (exact), flat_turn the sign (+1 or -1) of face 0's turn there. */
	bool flat;
	int flat_axis;
	int flat_turn;

	/* Volume and centroid: the divergence theorem over a fan of each face (its first vertex to
	 * every later edge) and a fixed point r (the vertex mean): the signed tetrahedra (r, x0, xi,
	 * xi+1) add up to the volume, their centroids weighted by their volumes to the centroid. When
	 * the rounded volume's error bound comes near it (a sliver of a solid), the same sum is redone
	 * exactly about the origin, so a solid's volume is always positive; a centroid that rounding
	 * puts outside the solid is replaced by the vertex mean, or else vertex 0. For a flat polytope
	 * volume is 0 and the centroid is the polygon's (face 0's triangles weighted by area). area
	 * sums the faces' areas (both sides of a flat polytope). bounds: the vertices' box. */
	double volume, area;
	col_vec3 centroid;
	/* Balls about the centroid: every vertex lies within outer_radius, and the ball of inner_radius
	 * is inside every face's plane (0 for a flat polytope); rounded outwards and inwards. */
	double outer_radius, inner_radius;
	col_aabb3 bounds;
};

#endif
