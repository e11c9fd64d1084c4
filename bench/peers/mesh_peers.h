/* The point-in-polyhedron peers of bench/bench_mesh_point.c behind one C interface, so that the
 * timing loop is the same for every library. Each adapter is a C++ file in bench/peers/, compiled
 * only when CMake finds its library (COLLIDE_BENCH_HAVE_CGAL, COLLIDE_BENCH_HAVE_EMBREE); the
 * benchmark reports a missing one as "skipped: not found".
 *
 * Every peer answers the question of collide's col_mesh_contains_point: is the point inside the solid
 * a closed, consistently oriented triangle mesh bounds, or on its surface? The exact ones must give
 * collide's answer at every point; the ones that work in float (Embree) have their disagreements
 * counted and reported, not called failures. */
#ifndef COLLIDE_BENCH_MESH_PEERS_H
#define COLLIDE_BENCH_MESH_PEERS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_mesh_index bench_mesh_index; /* the peer's own structure, opaque */

typedef struct bench_mesh_peer {
	const char *library;          /* "cgal", "embree" */
	const char *method;           /* "cgal.side_of_triangle_mesh": the name in tables and CSV */
	const char *(*version)(void); /* "CGAL 5.5.1, g++ 12.2.0; Epick, Surface_mesh, AABB tree" */
	int exact;                    /* 1: exact predicates, its answers must equal collide's */
	/* Builds the peer's structure from vertex_count xyz triples and triangle_count index triples
	 * (0-based, counter-clockwise seen from outside), everything it needs to answer (its own copy
	 * of the mesh included). NULL when memory runs out or the library refuses the mesh. */
	bench_mesh_index *(*build)(const double *xyz, int vertex_count, const int32_t *triangles,
	                           int triangle_count);
	void (*destroy)(bench_mesh_index *index);
	/* inside[i] = 1 when point i (interleaved xyz) is inside or on the surface. Returns how many
	 * are. */
	size_t (*contains)(const bench_mesh_index *index, const double *xyz, size_t count, unsigned char *inside);
	/* Bytes the structure holds, by the library's own account (Embree's memory monitor); NULL when
	 * the library keeps none, and the benchmark measures malloc's in-use bytes instead. */
	long long (*memory_bytes)(const bench_mesh_index *index);
} bench_mesh_peer;

/* Defined by the adapters when CMake built them:
 *   peer_cgal_mesh.cpp    cgal.side_of_triangle_mesh  Side_of_triangle_mesh over a Surface_mesh
 *                                                     (Epick: exact predicates), AABB tree built
 *                                                     before the first query
 *   peer_embree_mesh.cpp  embree.ray_parity           one ray per point in a fixed direction, every
 *                                                     hit counted (float) */
extern const bench_mesh_peer bench_mesh_peer_cgal_side;
extern const bench_mesh_peer bench_mesh_peer_embree_parity;

#ifdef __cplusplus
}
#endif

#endif
