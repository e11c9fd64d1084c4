/* Private: the 3D covering's storage, its coherence cache and the signed sum the tetra-tree runs
 * over one cone's tetrahedra. */
#ifndef COLLIDE_COVERING3D_INTERNAL_H
#define COLLIDE_COVERING3D_INTERNAL_H

#include "collide/covering3d.h"

struct col_covering3d {
	col_vec3 origin;
	bool origin_inside;
	bool positive;
	int count;
	col_covering3d_tetrahedron *tetrahedra;
	col_sphere bounds;
	col_mesh *mesh; /* a copy, for the crossing count where the covering's count is fragile */
	int32_t *piece_vertices; /* one vertex of each connected piece (col_mesh_pieces) */
	int piece_count;
};

/* Alg. 5.2's state for one moving point: which key (a tetra-tree leaf, or -1 for the whole
 * covering) the mask was taken over, the mask (2 bits per tetrahedron: the side of its face's
 * plane), and the answer that went with it. */
struct col_covering3d_cache {
	const col_covering3d *covering;
	int capacity;      /* tetrahedra the mask can hold */
	uint64_t *mask;
	uint64_t *scratch; /* the new point's mask while it is compared */
	int key;           /* -2: empty */
	int mask_count;
	bool state;
	int cone;          /* the tetra-tree leaf of the last point, -1 none */
	/* Tetrahedra already tested by the current query (stamp[i] == epoch), so that one held by
	 * several cones is tested once (Alg. 5.4). */
	unsigned *stamp;
	unsigned epoch;
	/* Heuristic 5.2's pair coherence: the triangles and leaves of the last hit. */
	bool last_hit;
	int hit_triangle_a, hit_triangle_b, hit_cone_a, hit_cone_b;
};

/* The cache, if it was made for this covering; NULL otherwise (a query then runs without it). */
col_covering3d_cache *col_covering3d_cache_usable(const col_covering3d *c, col_covering3d_cache *cache);

/* Inside or on the surface, summing only the tetrahedra listed (indices NULL: all count of them),
 * which must include every tetrahedron that can hold p besides at the origin (all of them, or a
 * tetra-tree cone's that holds p). key names the list for the cache. p must not be the origin. */
bool col_covering3d_sum_contains(const col_covering3d *c, const int *indices, int count, int key, col_vec3 p,
                                 col_covering3d_cache *cache, col_query_stats *stats);

#endif
