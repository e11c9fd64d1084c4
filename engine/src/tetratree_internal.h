/* Private: the tetra-tree's storage, shared by tetratree.c (building, points, spheres, rays) and
 * tetratree_pair.c (mesh pairs). */
#ifndef COLLIDE_TETRATREE_INTERNAL_H
#define COLLIDE_TETRATREE_INTERNAL_H

#include "collide/tetratree.h"
#include "covering3d_internal.h"

#define MAX_LEVELS 24
#define APEX_GRID_BITS 30 /* the apex moves by at most 2^-31 of s */
#define DEFAULT_MAX_MEMORY ((size_t)1 << 30)
/* Enclosing tetrahedra and spheres are widened by this much (relative) after fitting, so that they
 * still hold their geometry once a rigid motion has rounded both. */
#define MOTION_MARGIN 1e-9

typedef struct tt_cone {
	col_vec3 ray[3];      /* positively wound: orient3d(apex, ray0, ray1, ray2) > 0 */
	col_vec3 env[3];      /* enclosing tetrahedron (apex, env0, env1, env2) */
	col_sphere sphere;
	int level, parent, first_child;
	int first, count;     /* its tetrahedra: pool[first .. first + count) */
} tt_cone;

struct col_tetratree {
	col_covering3d *covering;
	col_vec3 apex;
	tt_cone *cones;
	int cone_count, cone_capacity;
	int *pool;
	size_t pool_count, pool_capacity;
	int levels;
	double reach[MAX_LEVELS + 1]; /* d_max of each level's tiling (Def. 5.11) */
	col_tetratree_stats stats;
	col_tetratree_options options; /* max_depth as derived */
	bool depth_given;              /* options.max_depth was given, not derived from leaf_cones */
};

static inline void tt_trace_cone(col_tetratree_trace *trace, int cone)
{
	if (trace == NULL)
		return;
	if (trace->cone_count < trace->cone_capacity && trace->cones != NULL)
		trace->cones[trace->cone_count] = cone;
	trace->cone_count++;
}

static inline void tt_trace_tetrahedra(col_tetratree_trace *trace, const int *indices, int count)
{
	if (trace == NULL)
		return;
	for (int k = 0; k < count; k++) {
		if (trace->tetrahedron_count < trace->tetrahedron_capacity && trace->tetrahedra != NULL)
			trace->tetrahedra[trace->tetrahedron_count] = indices[k];
		trace->tetrahedron_count++;
	}
}

/* col_tetratree_contains inside another query: its work counts in stats, but not as a query. */
bool tt_contains_within_query(const col_tetratree *tree, col_vec3 point, col_covering3d_cache *cache,
                              col_query_stats *stats, col_tetratree_trace *trace);

#endif
