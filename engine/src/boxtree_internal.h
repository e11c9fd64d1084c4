/* Private: the double box hierarchy's storage, shared by its build (boxtree.c) and its pair query
 * (boxtree_collide.c). */
#ifndef COLLIDE_BOXTREE_INTERNAL_H
#define COLLIDE_BOXTREE_INTERNAL_H

#include <math.h>

#include "collide/boxtree.h"

typedef struct boxtree_node {
	int depth;
	col_boxtree_label label;
	int parent;
	int children[2];
	col_frame frame;
	col_frame box_frame;
	double eigenvalues[3];
	col_obb outer;
	col_obb inner;
	col_obb inner_accept;
	bool has_inner_accept;
	double outer_volume; /* of outer: the larger-volume descent's key */
	col_plane split;
	col_convex *piece;
	double volume;
	double original_area;
	int triangle_first, triangle_count;
} boxtree_node;

struct col_boxtree {
	col_boxtree_options options;
	boxtree_node *nodes;
	int node_count;
	col_triangle *triangles; /* leaf ORIGINAL fragments, body frame */
	int *triangle_faces;
	col_aabb3 *triangle_boxes; /* each triangle's box (the paper leaf test's quick reject) */
	int triangle_count;
	col_boxtree_build_stats stats;
};

static inline col_aabb3 boxtree_triangle_box(col_triangle t)
{
	return (col_aabb3){{fmin(t.a.x, fmin(t.b.x, t.c.x)), fmin(t.a.y, fmin(t.b.y, t.c.y)),
	                    fmin(t.a.z, fmin(t.b.z, t.c.z))},
	                   {fmax(t.a.x, fmax(t.b.x, t.c.x)), fmax(t.a.y, fmax(t.b.y, t.c.y)),
	                    fmax(t.a.z, fmax(t.b.z, t.c.z))}};
}

#endif
