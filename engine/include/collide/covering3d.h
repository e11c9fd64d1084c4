/* The simplicial covering of a polyhedron (source 000, chapters 3 and 5.1): one signed tetrahedron
 * from a reference point O, the origin, to every face triangle of a closed triangle mesh. Their
 * signed sum is the solid, so a point's winding number is half the sum over the tetrahedra that
 * hold it, weighted 2 in the interior and 1 on an original triangle O-a-b (shared by the two faces
 * of edge ab). Concave meshes, cavities and several pieces need nothing special. Every sign is
 * exact (predicates.h). Triangle faces are not fanned (source 000, 3: a triangle is its own
 * covering), so every tetrahedron is (O, a, b, c) for a mesh triangle abc.
 *
 * The query here is the study's "DC" point method (Alg. 5.1). Where the source's count is fragile
 * (a point on an original edge O-v, shared by every face around vertex v, or in the plane of a
 * face that passes through O) the answer comes from the exact crossing count of the mesh oracle,
 * so it is always exact. A point on the surface counts as inside.
 *
 * Thread safety: a built col_covering3d is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_covering3d at
 * once. Only col_covering3d_destroy needs it to itself (no query running). Distinct structures
 * share no state. A col_covering3d_cache is written by every query given one: keep one per thread
 * (and per moving body), never one shared by threads running at once. */
#ifndef COLLIDE_COVERING3D_H
#define COLLIDE_COVERING3D_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_covering3d col_covering3d; /* opaque: build it, query it, destroy it */

/* Covering tetrahedron i is (origin, a, b, c) with abc = mesh triangle i, as the mesh winds it. */
typedef struct col_covering3d_tetrahedron {
	col_vec3 a, b, c;
	int sign; /* +1 when the origin lies behind the face (on the side its winding does not face
	             from), -1 in front, 0 when the origin is in the face's plane */
} col_covering3d_tetrahedron;

/* Builds the covering of a closed, consistently oriented mesh from origin (NULL: the centroid of
 * the solid, the source's choice). The covering copies what it needs. Fails with
 * COL_ERROR_INVALID_ARGUMENT for a NULL mesh or an origin that is not finite, COL_ERROR_TOPOLOGY
 * for a mesh that is open or inconsistently oriented (the message says what col_mesh_validate
 * found), COL_ERROR_OUT_OF_MEMORY. */
col_status col_covering3d_build(const col_mesh *mesh, const col_vec3 *origin, col_covering3d **out,
                                col_error *error);
void col_covering3d_destroy(col_covering3d *covering);

col_vec3 col_covering3d_origin(const col_covering3d *covering);
/* The origin's own state, found once with the crossing count: the covering cannot decide it. */
bool col_covering3d_origin_inside(const col_covering3d *covering);
int col_covering3d_tetrahedron_count(const col_covering3d *covering);
/* The zero tetrahedron for an index out of range. */
col_covering3d_tetrahedron col_covering3d_tetrahedron_at(const col_covering3d *covering, int index);
/* Every tetrahedron positive: the solid is star-shaped from the origin. */
bool col_covering3d_is_positive(const col_covering3d *covering);
/* The sphere around the origin that holds the mesh (radius: the farthest vertex, rounded up). */
col_sphere col_covering3d_bounding_sphere(const col_covering3d *covering);

/* Temporal coherence for one moving point (Alg. 5.2), owned by the caller: the side of every face
 * plane at the last point and the answer that went with it. While no plane is crossed the answer
 * cannot change, so it is returned without the count; it costs one orientation per tetrahedron,
 * against up to four for the count. Made for one covering (or the covering of a tetra-tree); with
 * another it is ignored. */
typedef struct col_covering3d_cache col_covering3d_cache;

col_status col_covering3d_cache_create(const col_covering3d *covering, col_covering3d_cache **out,
                                       col_error *error);
void col_covering3d_cache_destroy(col_covering3d_cache *cache);
/* Forgets the last point (the next query counts). */
void col_covering3d_cache_reset(col_covering3d_cache *cache);

/* Inside or on the surface (Alg. 5.1 over every tetrahedron; Alg. 5.2 with a cache); false for a
 * NaN or infinite point or a NULL covering. cache and stats may be NULL: primitives_tested counts
 * the tetrahedra looked at (and the triangles of the crossing count when it was needed),
 * cache_hits the answers the cache kept. */
bool col_covering3d_contains(const col_covering3d *covering, col_vec3 point, col_covering3d_cache *cache,
                             col_query_stats *stats);
void col_covering3d_contains_points(const col_covering3d *covering, const col_vec3 *points, size_t count,
                                    bool *inside, col_query_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
