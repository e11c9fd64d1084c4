/* The peers of bench/bench_mesh_query.c (sphere vs mesh, mesh vs mesh) behind one C interface, so
 * that the timing loop is the same for every library. Each adapter is a C++ file in bench/peers/,
 * compiled only when CMake finds its library (COLLIDE_BENCH_HAVE_FCL, COLLIDE_BENCH_HAVE_CGAL); the
 * benchmark reports a missing one as "skipped: not found".
 *
 * A peer answers collide's questions in its own semantics, which the benchmark states beside its
 * figures: "surface" (only the two surfaces meeting counts: a ball or a mesh wholly inside the other
 * mesh does not collide, as in FCL) or "solid" (the closed mesh bounds a solid, and one body inside
 * the other collides, as in collide's col_tetratree_intersects_sphere and
 * col_tetratree_intersects_tetratree). Touching counts as colliding in both. */
#ifndef COLLIDE_BENCH_MESH_QUERY_PEERS_H
#define COLLIDE_BENCH_MESH_QUERY_PEERS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A pose of the mesh-vs-mesh cases as the peers get it: 16 doubles, the layout of cases.h's
 * bench_pose: the quaternion q (x, y, z, w), the row-major rotation R (9) and the translation t (3).
 * The pose maps a body-local point p to R p + t. */
#define BENCH_QUERY_POSE_DOUBLES 16

/* What a pair query answers (bench_query_peer.pairs). */
#define BENCH_QUERY_APART    0 /* no common point */
#define BENCH_QUERY_SURFACES 1 /* the surfaces meet (or the peer does not say how they collide) */
#define BENCH_QUERY_INCLUDED 2 /* the surfaces are apart and one mesh's solid holds the other */

typedef struct bench_query_index bench_query_index; /* the peer's own structure, opaque */

typedef struct bench_query_peer {
	const char *library;          /* "fcl", "cgal" */
	const char *(*version)(void); /* "FCL 0.7.0, g++ 12.2.0; BVHModel<OBBRSSd>, ..." */
	/* Builds the peer's structure of a closed mesh from vertex_count xyz triples and triangle_count
	 * index triples (0-based, counter-clockwise seen from outside): everything it needs to answer,
	 * its own copy of the mesh included. NULL when memory runs out or the library refuses the mesh. */
	bench_query_index *(*build)(const double *xyz, int vertex_count, const int32_t *triangles,
	                            int triangle_count);
	void (*destroy)(bench_query_index *index);
	/* Sphere queries, surface semantics (NULL when the peer has none): hit[i] = 1 when the closed
	 * ball of this radius around centre i (interleaved xyz) meets the mesh's surface. Returns how
	 * many do. */
	size_t (*spheres)(const bench_query_index *index, const double *centres, size_t count, double radius,
	                  unsigned char *hit);
	/* Mesh pairs (NULL when the peer has none): the mesh at identity against a copy of itself at
	 * each pose (BENCH_QUERY_POSE_DOUBLES doubles each); answer[i] is BENCH_QUERY_APART,
	 * BENCH_QUERY_SURFACES or BENCH_QUERY_INCLUDED. solid = 0 asks whether the surfaces meet; 1 (where
	 * pair_solid is set) also looks for a mesh inside the other. Returns how many collide. The
	 * structure may keep per-query state (a transformation), so it is not const. */
	size_t (*pairs)(bench_query_index *index, const double *poses, size_t count, int solid,
	                unsigned char *answer);
	int pair_solid; /* 1: pairs answers the solid question too */
	/* Bytes the structure holds, by the library's own account or counted from its arrays (FCL's);
	 * NULL when neither is available, and the benchmark measures malloc's in-use bytes instead. */
	long long (*memory_bytes)(const bench_query_index *index);
} bench_query_peer;

/* Defined by the adapters when CMake built them:
 *   peer_fcl_mesh.cpp        fcl   fcl::BVHModel<fcl::OBBRSSd> of the mesh; fcl::collide with a
 *                                  default CollisionRequest against an fcl::Sphered (translated) and
 *                                  against the same model at the pose. Surface semantics.
 *   peer_cgal_mesh_pair.cpp  cgal  CGAL::Rigid_triangle_mesh_collision_detection over a
 *                                  Surface_mesh (Epick): get_all_intersections (surface) and
 *                                  get_all_intersections_and_inclusions (solid). */
extern const bench_query_peer bench_query_peer_fcl;
extern const bench_query_peer bench_query_peer_cgal;

#ifdef __cplusplus
}
#endif

#endif
