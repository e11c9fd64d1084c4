/* The octree baseline: a cubic root box split in eight while a cell holds too many triangles; every
 * cell has an origin of known state, and a point's state is its leaf origin's, flipped once per
 * triangle the segment between them crosses.
 *
 * Why the count is exact. The descent compares the query point with each cell's centre, the very
 * value the build split the cell at, so the point lies in the closed box of the leaf it reaches;
 * the origin lies in that box too, and so does the segment between them. A cell keeps exactly the
 * triangles that meet its closed box (an exact test), so every triangle the segment can meet, and
 * every triangle the point can lie on, is in the leaf's list. The origin lies in the plane of none
 * of them (nor on a zero-area one), so each triangle is met in one of four ways, each decided by
 * col_orient3d signs: not at all; at the query point only (it lies on the surface: inside); at a
 * point inside the triangle, where the segment passes from one side of the surface to the other
 * (a crossing); or at a point of an edge or a vertex, where the count cannot tell a crossing from
 * a touch. In the last case the count is made again along two segments through another point of
 * the leaf, and where those touch too, the mesh's own crossing count answers. Zero-area triangles
 * bound nothing and are only looked at for a point lying on them, as in the mesh oracle.
 *
 * The parity of the crossings between two points off the surface is the difference of their
 * states when every edge is used by an even number of triangles (the surface is then a cycle
 * mod 2), which the build requires. An origin's state is its parent's origin's, flipped by the
 * crossings of the segment between them, which lies in the parent's box; the root's comes from the
 * mesh's crossing count, and so does that of an origin no candidate point could reach cleanly. */
#include "collide/octree.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "collide/predicates.h"
#include "error.h"
#include "mesh_internal.h"

enum {
	CELL_INSIDE = 1,    /* the origin is inside the solid */
	CELL_NO_ORIGIN = 2, /* no origin could be placed: the cell is answered by brute force */
};

/* A cell. Its box is not kept: it follows from the root's and the path (box_of). */
typedef struct oct_node {
	col_vec3 origin;
	int first_child; /* the first of eight consecutive children, -1 for a leaf */
	int first;       /* a leaf's first reference in tree->references */
	int count;       /* triangles that meet the box */
	int parent;      /* -1 for the root */
	int level;
	int state; /* CELL_INSIDE, CELL_NO_ORIGIN */
} oct_node;

/* The descent's first levels in one step: the cells of level `level` form a grid of side 2^level
 * per axis over the root, each pointing to the deepest node of level <= `level` that holds it. A
 * descent is a chain of dependent loads, one level after another; the grid replaces the first
 * `level` of them by a computed index. Its bounds are the build's own split values (the same
 * halvings of the same doubles), and the index a product guesses is corrected against them, so a
 * point lands in the node the plain descent would reach. */
typedef struct jump_grid {
	int level;         /* 0: no grid, the descent starts at the root */
	int side;          /* 2^level */
	double *splits[3]; /* per axis the side + 1 cell bounds, lowest first */
	double scale[3];   /* side / the root's width: the guess of a cell index */
	int first[3];      /* per axis the cells that the mesh's box meets (the root, a cube, may */
	int span[3];       /* reach far beyond it on its shorter axes): first .. first + span - 1 */
	int *cells;        /* span[0] span[1] span[2] node indices, x fastest */
} jump_grid;

/* What a query reads of a leaf that holds triangles. Queries read these and `links`, never the
 * nodes, whose boxes make them three times as large: a descent is a chain of dependent loads, and
 * small arrays keep them in cache. */
typedef struct leaf_record {
	col_vec3 origin;
	int first; /* its first reference in tree->references */
	int count;
	int state; /* CELL_INSIDE, CELL_NO_ORIGIN */
} leaf_record;

/* A triangle's plane as n . p - k, whose sign is col_orient3d(a, b, c, p)'s wherever |n . p - k|
 * exceeds `bound`, for every p in the mesh's box (see plane_of). Most triangles of a leaf are
 * settled by it alone, in four products instead of an orientation from scratch. */
typedef struct triangle_plane {
	double n[3];
	double k;
	double bound;
} triangle_plane;

/* links[i]: node i's first child when >= 0; else an empty leaf's state, or a leaf record. */
enum { LINK_EMPTY_OUTSIDE = -1, LINK_EMPTY_INSIDE = -2, LINK_FIRST_RECORD = -3 };

struct col_octree {
	col_aabb3 bounds; /* the mesh's box: anything outside is outside */
	oct_node *nodes;
	int node_count;
	int *links;
	leaf_record *records; /* LINK_FIRST_RECORD - links[i] is leaf i's */
	jump_grid grid;
	col_aabb3 root;          /* the cubic box of node 0 */
	col_triangle *triangles; /* the mesh's, as it winds them */
	triangle_plane *planes;  /* per triangle, the leaf loop's first test */
	int *references;         /* the leaves' lists: 2 id + 1 where the leaf's origin lies in front of
	                            triangle id (the leaf's loop turns it), 2 id where it lies behind */
	col_mesh *mesh;          /* a copy, for the brute-force count */
	col_octree_info info;
};

col_octree_options col_octree_default_options(void)
{
	return (col_octree_options){8, 8, 0, false};
}

/* The build and the descent both split at this point, computed the same way. */
static inline col_vec3 centre(col_aabb3 box)
{
	return (col_vec3){0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y),
	                  0.5 * (box.min.z + box.max.z)};
}

/* Child k of a box split at c: bit 0 the upper half in x, bit 1 in y, bit 2 in z. */
static col_aabb3 child_box(col_aabb3 box, col_vec3 c, int k)
{
	col_aabb3 child = box;
	if (k & 1)
		child.min.x = c.x;
	else
		child.max.x = c.x;
	if (k & 2)
		child.min.y = c.y;
	else
		child.max.y = c.y;
	if (k & 4)
		child.min.z = c.z;
	else
		child.max.z = c.z;
	return child;
}

static inline int sign_of(double v)
{
	return (v > 0.0) - (v < 0.0);
}

/* The projection that drops axis j, with the two others in cyclic order (y z, z x, x y), so that
 * col_orient2d of a triangle's projection is component j of its normal (b - a) x (c - a). */
static inline col_vec2 drop(col_vec3 v, int j)
{
	return (col_vec2){col_vec3_component(v, (j + 1) % 3), col_vec3_component(v, (j + 2) % 3)};
}

/* ---- triangles and boxes ---- */

static inline double lesser3(double a, double b, double c)
{
	return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

static inline double greater3(double a, double b, double c)
{
	return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

/* Whether the closed triangle meets the closed box, exactly. Two convex bodies are apart exactly
 * when a separating axis exists among the box's three, the triangle's normal and the nine cross
 * products of an edge and a box axis. The normal: the box lies strictly on one side of the plane,
 * which its two corners extreme along the normal tell (the normal's component signs are exact
 * orient2d signs). Edge e times axis j: that axis lies in the plane that drops coordinate j, so it
 * separates exactly when the projections dropping j are apart, and two convex polygons that are
 * apart are separated by the line of an edge of one of them: an edge of the projected box (an
 * axis again) or of the projected triangle, with the box strictly on the far side from the third
 * vertex (either side when the projected triangle is flat). Its extreme corner tells. */
static bool triangle_meets_box(const col_triangle *t, col_aabb3 box)
{
	if (greater3(t->a.x, t->b.x, t->c.x) < box.min.x || lesser3(t->a.x, t->b.x, t->c.x) > box.max.x ||
	    greater3(t->a.y, t->b.y, t->c.y) < box.min.y || lesser3(t->a.y, t->b.y, t->c.y) > box.max.y ||
	    greater3(t->a.z, t->b.z, t->c.z) < box.min.z || lesser3(t->a.z, t->b.z, t->c.z) > box.max.z)
		return false;
	if (col_aabb3_contains(box, t->a) || col_aabb3_contains(box, t->b) || col_aabb3_contains(box, t->c))
		return true;
	int normal[3];
	for (int j = 0; j < 3; j++)
		normal[j] = sign_of(col_orient2d(drop(t->a, j), drop(t->b, j), drop(t->c, j)));
	col_vec3 top = {normal[0] > 0 ? box.max.x : box.min.x, normal[1] > 0 ? box.max.y : box.min.y,
	                normal[2] > 0 ? box.max.z : box.min.z};
	col_vec3 bottom = {normal[0] > 0 ? box.min.x : box.max.x, normal[1] > 0 ? box.min.y : box.max.y,
	                   normal[2] > 0 ? box.min.z : box.max.z};
	/* orient3d(a, b, c, x) is minus the normal's dot product with x - a. */
	if (col_orient3d(t->a, t->b, t->c, top) > 0.0 || col_orient3d(t->a, t->b, t->c, bottom) < 0.0)
		return false;
	const col_vec3 v[3] = {t->a, t->b, t->c};
	for (int j = 0; j < 3; j++) {
		int u = (j + 1) % 3, w = (j + 2) % 3;
		double lo_u = col_vec3_component(box.min, u), hi_u = col_vec3_component(box.max, u);
		double lo_w = col_vec3_component(box.min, w), hi_w = col_vec3_component(box.max, w);
		for (int e = 0; e < 3; e++) {
			col_vec2 p = drop(v[e], j), q = drop(v[(e + 1) % 3], j);
			/* Rounded differences keep their exact signs. The edge's left normal is
			 * (-dw, du), and orient2d(p, q, x) has the sign of its dot product with x - p. */
			double du = q.x - p.x, dw = q.y - p.y;
			if (du == 0.0 && dw == 0.0)
				continue; /* the edge runs along axis j: no axis here */
			col_vec2 most_left = {dw < 0.0 ? hi_u : lo_u, du > 0.0 ? hi_w : lo_w};
			col_vec2 most_right = {dw < 0.0 ? lo_u : hi_u, du > 0.0 ? lo_w : hi_w};
			/* The third vertex is on the left (normal[j] > 0), right, or on the line. */
			if (normal[j] >= 0 && col_orient2d(p, q, most_left) < 0.0)
				return false;
			if (normal[j] <= 0 && col_orient2d(p, q, most_right) > 0.0)
				return false;
		}
	}
	return true;
}

/* Whether p lies in the plane of no triangle (and on no zero-area one, whose "plane" is
 * everything): an origin that every triangle can be turned to have behind it. */
static bool off_every_plane(const col_triangle *triangles, const int *ids, int shift, int count, col_vec3 p)
{
	for (int k = 0; k < count; k++) {
		const col_triangle *t = triangles + (ids[k] >> shift);
		if (col_orient3d(t->a, t->b, t->c, p) == 0.0 &&
		    (!col_triangle_is_degenerate(*t) || col_triangle_contains_point(*t, p)))
			return false;
	}
	return true;
}

/* What a crossing count returns besides a parity (0 or 1). */
enum {
	COUNT_GRAZE = -1,   /* the segment met an edge or a vertex: no parity */
	COUNT_SURFACE = -2, /* the end point lies on a triangle */
};

/* The general count, for the build and the detours: the parity of the triangles
 * triangles[ids[k] >> shift] (shift 1 skips a reference's mark) that the segment from-to crosses,
 * or COUNT_SURFACE or COUNT_GRAZE. `from` must lie off every plane (off_every_plane). */
static int crossings(const col_triangle *triangles, const int *ids, int shift, int count, col_vec3 from,
                     col_vec3 to)
{
	int parity = 0;
	bool grazed = false;
	for (int k = 0; k < count; k++) {
		const col_triangle *t = triangles + (ids[k] >> shift);
		double side_to = col_orient3d(t->a, t->b, t->c, to);
		if (side_to == 0.0) {
			if (col_triangle_contains_point(*t, to))
				return COUNT_SURFACE;
			continue; /* the segment meets the plane only at `to`, off the triangle */
		}
		double side_from = col_orient3d(t->a, t->b, t->c, from);
		if (!(side_from > 0.0 ? side_to < 0.0 : side_from < 0.0 && side_to > 0.0))
			continue;
		int e1 = sign_of(col_orient3d(t->a, t->b, from, to));
		int e2 = sign_of(col_orient3d(t->b, t->c, from, to));
		int e3 = sign_of(col_orient3d(t->c, t->a, from, to));
		if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0))
			continue; /* the line passes beside an edge */
		if (e1 == 0 || e2 == 0 || e3 == 0)
			grazed = true; /* go on: `to` may still lie on a later triangle */
		else
			parity ^= 1;
	}
	return grazed ? COUNT_GRAZE : parity;
}

/* Candidate points of a box: the centre first, then the additive recurrence of the 3D golden
 * ratio (the "R3" sequence), spread evenly over the box. The centre falls in a triangle's plane in
 * structured input (integer meshes, symmetric ones); these points, with their irrational steps,
 * practically never do. Origins try the first ORIGIN_CANDIDATES; detours take the following ones,
 * which are off the origin. */
enum { ORIGIN_CANDIDATES = 64, DETOUR_TRIES = 8 };

static col_vec3 candidate(col_aabb3 box, int k)
{
	if (k == 0)
		return centre(box);
	const double step[3] = {0.8191725133961645, 0.6710436067037893, 0.5497004779019703};
	double f[3];
	for (int i = 0; i < 3; i++) {
		f[i] = 0.5 + step[i] * k;
		f[i] -= floor(f[i]);
	}
	/* Rounding may step over the far side; the clamp keeps the point in the box. */
	return (col_vec3){fmin(box.min.x + (box.max.x - box.min.x) * f[0], box.max.x),
	                  fmin(box.min.y + (box.max.y - box.min.y) * f[1], box.max.y),
	                  fmin(box.min.z + (box.max.z - box.min.z) * f[2], box.max.z)};
}

/* ---- the build ---- */

typedef struct id_array {
	int *data;
	size_t count, capacity;
} id_array;

/* Makes room for extra more ids; false when memory runs out (the array is left as it was). */
static bool ids_reserve(id_array *ids, size_t extra)
{
	if (extra <= ids->capacity - ids->count)
		return true;
	if (extra > SIZE_MAX / sizeof *ids->data / 2 - ids->count)
		return false;
	size_t capacity = ids->capacity < 64 ? 64 : ids->capacity;
	while (capacity - ids->count < extra)
		capacity *= 2;
	int *data = realloc(ids->data, capacity * sizeof *data);
	if (data == NULL)
		return false;
	ids->data = data;
	ids->capacity = capacity;
	return true;
}

typedef struct builder {
	col_octree *tree;
	const col_mesh *mesh;
	col_triangle *triangles; /* the mesh's, by index */
	int triangle_count;
	col_octree_options options;
	int capacity;
	size_t *id_first; /* per node: where its triangle ids start in ids */
	col_aabb3 *boxes; /* per node */
	id_array ids;
	double min_split[3]; /* a box narrower than this on an axis is not split */
} builder;

static bool grow_nodes(builder *b, int extra)
{
	col_octree *tree = b->tree;
	if (extra > INT_MAX - tree->node_count)
		return false;
	int need = tree->node_count + extra;
	if (need <= b->capacity)
		return true;
	int capacity = b->capacity < 64 ? 64 : b->capacity;
	while (capacity < need)
		capacity = capacity > INT_MAX / 2 ? INT_MAX : capacity * 2;
	oct_node *nodes = realloc(tree->nodes, (size_t)capacity * sizeof *nodes);
	if (nodes == NULL)
		return false;
	tree->nodes = nodes;
	size_t *id_first = realloc(b->id_first, (size_t)capacity * sizeof *id_first);
	if (id_first == NULL)
		return false;
	b->id_first = id_first;
	col_aabb3 *boxes = realloc(b->boxes, (size_t)capacity * sizeof *boxes);
	if (boxes == NULL)
		return false;
	b->boxes = boxes;
	b->capacity = capacity;
	return true;
}

/* Places node i's origin and finds its state: from its parent's origin when a candidate off every
 * plane is reached from there without touching an edge, else from the mesh's crossing count. */
static void settle(builder *b, int i)
{
	col_octree *tree = b->tree;
	oct_node *node = &tree->nodes[i];
	const int *ids = b->ids.data + b->id_first[i];
	int p = node->parent;
	const oct_node *parent = p >= 0 ? &tree->nodes[p] : NULL;
	bool from_parent = parent != NULL && !(parent->state & CELL_NO_ORIGIN);
	bool found = false;
	col_vec3 first_free = {0.0, 0.0, 0.0};
	for (int k = 0; k < ORIGIN_CANDIDATES; k++) {
		col_vec3 c = candidate(b->boxes[i], k);
		if (!off_every_plane(b->triangles, ids, 0, node->count, c))
			continue;
		if (!found)
			first_free = c;
		found = true;
		if (!from_parent)
			break;
		/* The segment lies in the parent's box: the parent's list holds all it can meet. */
		int parity = crossings(b->triangles, b->ids.data + b->id_first[p], 0, parent->count,
		                       parent->origin, c);
		if (parity >= 0) {
			node->origin = c;
			node->state = (parent->state & CELL_INSIDE) ^ parity;
			return;
		}
	}
	if (!found) {
		node->origin = centre(b->boxes[i]);
		node->state = CELL_NO_ORIGIN;
		return;
	}
	node->origin = first_free;
	node->state =
	    col_mesh_contains_point(b->mesh, first_free, COL_METHOD_CROSSING, NULL) ? CELL_INSIDE : 0;
}

/* Splits node i in eight, each child with the parent's triangles that meet its box. */
static col_status split(builder *b, int i, col_error *error)
{
	if (!grow_nodes(b, 8))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for more cells");
	col_octree *tree = b->tree;
	oct_node *node = &tree->nodes[i];
	col_vec3 c = centre(b->boxes[i]);
	int count = node->count;
	if (!ids_reserve(&b->ids, 8 * (size_t)count))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "octree: out of memory for %zu triangle references", 8 * (size_t)count);
	node->first_child = tree->node_count;
	for (int k = 0; k < 8; k++) {
		int child = tree->node_count++;
		col_aabb3 box = child_box(b->boxes[i], c, k);
		const int *ids = b->ids.data + b->id_first[i];
		size_t first = b->ids.count;
		int n = 0;
		for (int e = 0; e < count; e++)
			if (triangle_meets_box(&b->triangles[ids[e]], box))
				b->ids.data[first + (size_t)n++] = ids[e];
		b->ids.count += (size_t)n;
		b->id_first[child] = first;
		b->boxes[child] = box;
		tree->nodes[child] = (oct_node){{0.0, 0.0, 0.0}, -1, 0, n, i, node->level + 1, 0};
	}
	return COL_OK;
}

/* The plane of a, b, c with a bound on how far n . p - k, evaluated in doubles, can lie from the
 * exact orient3d(a, b, c, p) = N . (p - a), N = (c - a) x (b - a) exactly, for |p_i| <= reach_i.
 * With u the machine epsilon (2^-53):
 *   n_i, from rounded differences, two products and a difference: |n_i - N_i| <= d_i =
 *     4u (|u_j v_k| + |u_k v_j|), to first order;
 *   k = n . a rounded: |k - n . a| <= 3u sum |n_i a_i|;
 *   n . p - k rounded (fused or not): within 4u (sum |n_i| reach_i + |k|) of its exact value;
 *   (n - N) . (p - a) <= sum d_i (reach_i + |a_i|).
 * The sum, doubled for the second-order terms and the bound's own roundings. */
static triangle_plane plane_of(col_triangle t, col_vec3 reach)
{
	const double u = 0x1p-53;
	col_vec3 e = col_vec3_sub(t.c, t.a), f = col_vec3_sub(t.b, t.a);
	col_vec3 normal = col_vec3_cross(e, f);
	double n[3] = {normal.x, normal.y, normal.z};
	double d[3] = {4 * u * (fabs(e.y * f.z) + fabs(e.z * f.y)),
	               4 * u * (fabs(e.z * f.x) + fabs(e.x * f.z)),
	               4 * u * (fabs(e.x * f.y) + fabs(e.y * f.x))};
	double a[3] = {t.a.x, t.a.y, t.a.z}, r[3] = {reach.x, reach.y, reach.z};
	double k = n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
	double bound = 4 * u * fabs(k);
	for (int i = 0; i < 3; i++)
		bound += 4 * u * fabs(n[i]) * r[i] + 3 * u * fabs(n[i] * a[i]) + d[i] * (r[i] + fabs(a[i]));
	return (triangle_plane){{n[0], n[1], n[2]}, k, 2.0 * bound + 0x1p-1000};
}

/* Lists each leaf's triangles side by side, each marked with whether the leaf's origin lies in
 * front of it; the tree takes the builder's triangles. */
static col_status finish(builder *b, col_error *error)
{
	col_octree *tree = b->tree;
	col_octree_info *info = &tree->info;
	size_t total = 0;
	for (int i = 0; i < tree->node_count; i++)
		if (tree->nodes[i].first_child < 0)
			total += (size_t)tree->nodes[i].count;
	if (total > INT_MAX)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: too many triangle references (%zu)",
		                total);
	tree->references = malloc((total > 0 ? total : 1) * sizeof *tree->references);
	if (tree->references == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "octree: out of memory for %zu triangle references", total);
	int next = 0;
	for (int i = 0; i < tree->node_count; i++) {
		oct_node *node = &tree->nodes[i];
		if (node->level > info->depth)
			info->depth = node->level;
		if (node->first_child >= 0) {
			node->first = -1;
			continue;
		}
		info->leaves++;
		info->triangle_references += (size_t)node->count;
		if (node->count > info->max_leaf_triangles)
			info->max_leaf_triangles = node->count;
		node->first = next;
		const int *ids = b->ids.data + b->id_first[i];
		for (int k = 0; k < node->count; k++) {
			const col_triangle *t = &b->triangles[ids[k]];
			bool turned = !(node->state & CELL_NO_ORIGIN) &&
			              col_orient3d(t->a, t->b, t->c, node->origin) < 0.0;
			tree->references[next++] = 2 * ids[k] + turned;
		}
	}
	tree->planes = malloc((size_t)(b->triangle_count > 0 ? b->triangle_count : 1) * sizeof *tree->planes);
	if (tree->planes == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for %d planes",
		                b->triangle_count);
	col_aabb3 box = tree->bounds;
	col_vec3 reach = {fmax(fabs(box.min.x), fabs(box.max.x)), fmax(fabs(box.min.y), fabs(box.max.y)),
	                  fmax(fabs(box.min.z), fabs(box.max.z))};
	for (int k = 0; k < b->triangle_count; k++)
		tree->planes[k] = plane_of(b->triangles[k], reach);
	tree->triangles = b->triangles;
	b->triangles = NULL;
	info->cells = tree->node_count;
	const col_mesh *m = tree->mesh;
	info->memory_bytes = sizeof *tree + (size_t)tree->node_count * sizeof *tree->nodes +
	                     total * sizeof *tree->references +
	                     (size_t)b->triangle_count * (sizeof *tree->triangles + sizeof *tree->planes) +
	                     sizeof *m + (size_t)m->vertex_count * sizeof *m->vertices +
	                     3 * (size_t)m->triangle_count * sizeof *m->triangles;
	oct_node *nodes = realloc(tree->nodes, (size_t)tree->node_count * sizeof *nodes);
	if (nodes != NULL)
		tree->nodes = nodes;
	return COL_OK;
}

/* The grid's level: deep enough to skip most of the descent, at most GRID_MAX_LEVEL, and with at
 * most GRID_CELLS_PER_NODE cells a node, so that it stays small beside the tree. */
enum { GRID_MAX_LEVEL = 8, GRID_MIN_LEVEL = 2, GRID_CELLS_PER_NODE = 2 };

static inline int grid_index(const jump_grid *grid, int j, double v);

/* The grid of one level: its split values (the halvings of centre(), coarsest first, so each value
 * is the build's) and the cells the mesh's box meets. false when out of memory. */
static bool lay_grid(const col_octree *tree, int level, jump_grid *grid)
{
	int side = 1 << level;
	grid->level = level;
	grid->side = side;
	for (int j = 0; j < 3; j++) {
		double *splits = realloc(grid->splits[j], (size_t)(side + 1) * sizeof *splits);
		if (splits == NULL)
			return false;
		grid->splits[j] = splits;
		splits[0] = col_vec3_component(tree->root.min, j);
		splits[side] = col_vec3_component(tree->root.max, j);
		for (int step = side; step > 1; step /= 2)
			for (int i = 0; i < side; i += step)
				splits[i + step / 2] = 0.5 * (splits[i] + splits[i + step]);
		grid->scale[j] = side / (splits[side] - splits[0]);
		grid->first[j] = grid_index(grid, j, col_vec3_component(tree->bounds.min, j));
		grid->span[j] =
		    grid_index(grid, j, col_vec3_component(tree->bounds.max, j)) - grid->first[j] + 1;
	}
	return true;
}

static col_status build_grid(col_octree *tree, col_error *error)
{
	jump_grid *grid = &tree->grid;
	size_t budget = (size_t)GRID_CELLS_PER_NODE * (size_t)tree->node_count, cell_count = 0;
	int level = tree->info.depth < GRID_MAX_LEVEL ? tree->info.depth : GRID_MAX_LEVEL;
	for (; level >= GRID_MIN_LEVEL; level--) {
		if (!lay_grid(tree, level, grid))
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for a grid");
		cell_count = (size_t)grid->span[0] * (size_t)grid->span[1] * (size_t)grid->span[2];
		if (cell_count <= budget)
			break;
	}
	if (level < GRID_MIN_LEVEL) {
		grid->level = 0; /* a shallow tree: the plain descent is as quick */
		return COL_OK;
	}
	grid->level = 0; /* until the cells are filled */
	grid->cells = malloc(cell_count * sizeof *grid->cells);
	if (grid->cells == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "octree: out of memory for a grid of %zu cells", cell_count);
	size_t next = 0;
	for (int z = grid->first[2]; z < grid->first[2] + grid->span[2]; z++)
		for (int y = grid->first[1]; y < grid->first[1] + grid->span[1]; y++)
			for (int x = grid->first[0]; x < grid->first[0] + grid->span[0]; x++) {
				int i = 0;
				for (int bit = level - 1; bit >= 0 && tree->nodes[i].first_child >= 0; bit--)
					i = tree->nodes[i].first_child + ((x >> bit) & 1) +
					    2 * ((y >> bit) & 1) + 4 * ((z >> bit) & 1);
				grid->cells[next++] = i;
			}
	grid->level = level;
	tree->info.memory_bytes +=
	    cell_count * sizeof *grid->cells + 3 * (size_t)(grid->side + 1) * sizeof(double);
	return COL_OK;
}

/* The links, the leaf records and the grid. */
static col_status build_query_arrays(col_octree *tree, col_error *error)
{
	int records = 0;
	for (int i = 0; i < tree->node_count; i++)
		records += tree->nodes[i].first_child < 0 && tree->nodes[i].count > 0;
	tree->links = malloc((size_t)tree->node_count * sizeof *tree->links);
	tree->records = malloc((size_t)(records > 0 ? records : 1) * sizeof *tree->records);
	if (tree->links == NULL || tree->records == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for %d cells",
		                tree->node_count);
	int next = 0;
	for (int i = 0; i < tree->node_count; i++) {
		const oct_node *node = &tree->nodes[i];
		if (node->first_child >= 0) {
			tree->links[i] = node->first_child;
		} else if (node->count == 0) {
			tree->links[i] = node->state & CELL_INSIDE ? LINK_EMPTY_INSIDE : LINK_EMPTY_OUTSIDE;
		} else {
			tree->records[next] =
			    (leaf_record){node->origin, node->first, node->count, node->state};
			tree->links[i] = LINK_FIRST_RECORD - next++;
		}
	}
	tree->info.memory_bytes +=
	    (size_t)tree->node_count * sizeof *tree->links + (size_t)records * sizeof *tree->records;
	return build_grid(tree, error);
}

/* Options with the defaults filled in, or a failure naming the bad one. */
static col_status resolve_options(const col_octree_options *options, col_octree_options *out,
                                  col_error *error)
{
	*out = col_octree_default_options();
	if (options == NULL)
		return COL_OK;
	if (options->max_depth < 0 || options->max_triangles < 0 || options->leaf_cells < 0)
		return col_fail(
		    error, COL_ERROR_INVALID_ARGUMENT,
		    "octree: max_depth, max_triangles and leaf_cells must be >= 0 (got %d, %d and %d)",
		    options->max_depth, options->max_triangles, options->leaf_cells);
	if (options->max_depth > 0)
		out->max_depth = options->max_depth;
	if (options->max_triangles > 0)
		out->max_triangles = options->max_triangles;
	out->full_depth = options->full_depth;
	if (options->leaf_cells > 0) {
		int depth = 0;
		int64_t cells = 1;
		while (cells < options->leaf_cells) {
			cells *= 8;
			depth++;
		}
		if (cells != options->leaf_cells)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "octree: leaf_cells must be a power of 8 (8, 64, 512 ...), got %d",
			                options->leaf_cells);
		if (options->max_depth > 0 && options->max_depth != depth)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "octree: max_depth %d disagrees with leaf_cells %d (depth %d)",
			                options->max_depth, options->leaf_cells, depth);
		out->max_depth = depth;
		out->leaf_cells = options->leaf_cells;
	}
	if (out->full_depth && out->max_depth > COL_OCTREE_MAX_FULL_DEPTH)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "octree: full_depth to level %d is more than %d levels (8^%d leaves)",
		                out->max_depth, COL_OCTREE_MAX_FULL_DEPTH, out->max_depth);
	return COL_OK;
}

/* Closed and consistently oriented (col_mesh_validate), and every edge used an even number of
 * times: validate lets an edge of three or more uses pass as non-manifold, and an odd one makes
 * the crossing parity depend on the path. */
static col_status check_mesh(const col_mesh *mesh, col_error *error)
{
	col_mesh_report report;
	col_status status = col_mesh_validate(mesh, &report, error);
	if (status != COL_OK)
		return status;
	if (!report.closed || !report.consistently_oriented) {
		char what[1024];
		col_mesh_report_format(&report, what, sizeof what);
		return col_fail(error, COL_ERROR_TOPOLOGY,
		                "octree: the mesh must be closed and consistently oriented: %s", what);
	}
	if (report.nonmanifold_edge_count == 0)
		return COL_OK;
	col_mesh_edge_use *uses = col_mesh_edge_uses(mesh);
	if (uses == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for %d triangles",
		                mesh->triangle_count);
	size_t n = 3 * (size_t)mesh->triangle_count;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && uses[j].a == uses[i].a && uses[j].b == uses[i].b; j++)
			;
		if ((j - i) % 2 != 0) {
			int a = uses[i].a, b = uses[i].b;
			free(uses);
			return col_fail(
			    error, COL_ERROR_TOPOLOGY,
			    "octree: edge %d-%d is used by %zu triangles: an odd number leaves the "
			    "inside undefined",
			    a, b, j - i);
		}
	}
	free(uses);
	return COL_OK;
}

col_status col_octree_build(const col_mesh *mesh, const col_octree_options *options, col_octree **out,
                            col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "octree: the output pointer is NULL");
	*out = NULL;
	if (mesh == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "octree: the mesh is NULL");
	builder b = {0};
	col_status status = resolve_options(options, &b.options, error);
	if (status == COL_OK)
		status = check_mesh(mesh, error);
	if (status != COL_OK)
		return status;

	int n = col_mesh_triangle_count(mesh);
	col_octree *tree = calloc(1, sizeof *tree);
	b.triangles = malloc((size_t)n * sizeof *b.triangles);
	if (tree == NULL || b.triangles == NULL) {
		free(b.triangles);
		free(tree);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for %d triangles", n);
	}
	status = col_mesh_create(col_mesh_vertices(mesh), col_mesh_vertex_count(mesh),
	                         col_mesh_triangles(mesh), n, &tree->mesh, error);
	if (status != COL_OK) {
		free(b.triangles);
		free(tree);
		return status;
	}
	for (int k = 0; k < n; k++)
		b.triangles[k] = col_mesh_triangle(mesh, k);
	b.tree = tree;
	b.mesh = mesh;
	b.triangle_count = n;

	/* The root: the mesh's box made cubic, growing from its lower corner (and never short of the
	 * box, whatever the rounding). */
	col_aabb3 bounds = col_mesh_bounds(mesh);
	tree->bounds = bounds;
	double side =
	    fmax(fmax(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y), bounds.max.z - bounds.min.z);
	col_aabb3 root = {bounds.min,
	                  {fmax(bounds.min.x + side, bounds.max.x), fmax(bounds.min.y + side, bounds.max.y),
	                   fmax(bounds.min.z + side, bounds.max.z)}};
	/* Every rounding the build makes in a coordinate is far below 2^-48 of the axis's scale (its
	 * largest magnitude or width), so a cell 2^-24 of it wide has room for 2^28 distinct doubles
	 * across: an origin off every plane is found in it. */
	for (int j = 0; j < 3; j++) {
		double lo = col_vec3_component(root.min, j), hi = col_vec3_component(root.max, j);
		b.min_split[j] = 2.0 * 0x1p-24 * (fmax(fabs(lo), fabs(hi)) + (hi - lo));
	}

	if (!grow_nodes(&b, 1) || !ids_reserve(&b.ids, (size_t)n)) {
		status =
		    col_fail(error, COL_ERROR_OUT_OF_MEMORY, "octree: out of memory for %d triangles", n);
	} else {
		for (int k = 0; k < n; k++)
			b.ids.data[k] = k;
		b.ids.count = (size_t)n;
		b.id_first[0] = 0;
		b.boxes[0] = root;
		tree->root = root;
		tree->nodes[0] = (oct_node){{0.0, 0.0, 0.0}, -1, 0, n, -1, 0, 0};
		tree->node_count = 1;
	}
	/* Children are appended after their parent, so one pass in order settles each parent first. */
	for (int i = 0; status == COL_OK && i < tree->node_count; i++) {
		settle(&b, i);
		const oct_node *node = &tree->nodes[i];
		bool wide = true;
		for (int j = 0; j < 3; j++) {
			double width =
			    col_vec3_component(b.boxes[i].max, j) - col_vec3_component(b.boxes[i].min, j);
			wide = wide && width > 0.0 && width >= b.min_split[j];
		}
		if (wide && node->level < b.options.max_depth &&
		    (b.options.full_depth || node->count > b.options.max_triangles))
			status = split(&b, i, error);
	}
	if (status == COL_OK)
		status = finish(&b, error);
	if (status == COL_OK)
		status = build_query_arrays(tree, error);

	free(b.id_first);
	free(b.boxes);
	free(b.ids.data);
	free(b.triangles);
	if (status != COL_OK) {
		col_octree_destroy(tree);
		return status;
	}
	col_error_clear(error);
	*out = tree;
	return COL_OK;
}

void col_octree_destroy(col_octree *tree)
{
	if (tree == NULL)
		return;
	free(tree->nodes);
	free(tree->links);
	free(tree->records);
	free(tree->grid.cells);
	for (int j = 0; j < 3; j++)
		free(tree->grid.splits[j]);
	free(tree->triangles);
	free(tree->planes);
	free(tree->references);
	col_mesh_destroy(tree->mesh);
	free(tree);
}

/* ---- queries ---- */

/* Node i's box: the root's, split along the path down to i as the build split it. */
static col_aabb3 box_of(const col_octree *tree, int i)
{
	int path[64], length = 0;
	for (int j = i; tree->nodes[j].parent >= 0 && length < 64; j = tree->nodes[j].parent)
		path[length++] = j - tree->nodes[tree->nodes[j].parent].first_child;
	col_aabb3 box = tree->root;
	while (length > 0)
		box = child_box(box, centre(box), path[--length]);
	return box;
}

/* col_orient3d's filter, inlined: a triple product of coordinate differences evaluated as the same
 * tree of roundings as col_orient3d's fast path (predicates.c: d = 8, trusted beyond 9u times the
 * permanent), so its sign is exact whenever it passes the bound; otherwise col_orient3d decides.
 * Only here so the leaf loop shares the differences to p, and two of the cross products, among
 * its four signs. */
#define ORIENT3D_BOUND (9.0 * 0x1p-53)

/* x cross y, with each component's two products kept in absolute value for the permanent. */
typedef struct cross3 {
	col_vec3 v, abs;
} cross3;

static inline cross3 cross_of(col_vec3 x, col_vec3 y)
{
	double x1 = x.y * y.z, x2 = x.z * y.y;
	double y1 = x.z * y.x, y2 = x.x * y.z;
	double z1 = x.x * y.y, z2 = x.y * y.x;
	return (cross3){{x1 - x2, y1 - y2, z1 - z2},
	                {fabs(x1) + fabs(x2), fabs(y1) + fabs(y2), fabs(z1) + fabs(z2)}};
}

/* d . c, or NAN when the filter cannot decide its sign. */
static inline double dot_filtered(col_vec3 d, cross3 c)
{
	double det = d.x * c.v.x + d.y * c.v.y + d.z * c.v.z;
	double permanent = fabs(d.x) * c.abs.x + fabs(d.y) * c.abs.y + fabs(d.z) * c.abs.z;
	double bound = ORIENT3D_BOUND * permanent;
	return det > bound || -det > bound ? det : NAN;
}

/* The leaf loop: the parity of the crossings of the segment origin-p, COUNT_SURFACE or
 * COUNT_GRAZE. Every triangle, turned where its reference says, has the origin behind it:
 * orient3d(a, b, c, origin) > 0. Turning a triangle (swapping b and c) negates the first sign below
 * and turns the three others into the negated three in another order, which the test of one strict
 * sign does not see: only the first needs the mark.
 *
 * With A, B, C, D the differences a - p, b - p, c - p, origin - p: orient3d(a, b, c, p) is
 * C . (A x B); when p is across the plane from the origin, the segment passes through the
 * triangle exactly when orient3d(a, b, origin, p) = D . (A x B), orient3d(b, c, origin, p) =
 * D . (B x C) and orient3d(c, a, origin, p) = D . (C x A) have one strict sign, and through an
 * edge or a vertex when some are zero and the others agree. */
static int leaf_parity(const col_octree *tree, const int *references, int count, col_vec3 origin, col_vec3 p)
{
	col_vec3 d = col_vec3_sub(origin, p);
	int parity = 0;
	bool grazed = false;
	for (int k = 0; k < count; k++) {
		int id = references[k] >> 1;
		const triangle_plane *plane = tree->planes + id;
		double side = plane->n[0] * p.x + plane->n[1] * p.y + plane->n[2] * p.z - plane->k;
		const col_triangle *t = tree->triangles + id;
		if (!(side > plane->bound || -side > plane->bound))
			side = col_orient3d(t->a, t->b, t->c, p);
		if (references[k] & 1)
			side = -side;
		if (side > 0.0)
			continue; /* on the origin's side of the plane */
		if (side == 0.0) {
			if (col_triangle_contains_point(*t, p))
				return COUNT_SURFACE;
			continue; /* also every zero-area triangle p is not on */
		}
		col_vec3 a = col_vec3_sub(t->a, p), b = col_vec3_sub(t->b, p), c = col_vec3_sub(t->c, p);
		cross3 ab = cross_of(a, b), bc = cross_of(b, c), ca = cross_of(c, a);
		double e1 = dot_filtered(d, ab), e2 = dot_filtered(d, bc), e3 = dot_filtered(d, ca);
		if (isnan(e1))
			e1 = col_orient3d(t->a, t->b, origin, p);
		if (isnan(e2))
			e2 = col_orient3d(t->b, t->c, origin, p);
		if (isnan(e3))
			e3 = col_orient3d(t->c, t->a, origin, p);
		if ((e1 > 0.0 || e2 > 0.0 || e3 > 0.0) && (e1 < 0.0 || e2 < 0.0 || e3 < 0.0))
			continue;
		if (e1 == 0.0 || e2 == 0.0 || e3 == 0.0)
			grazed = true; /* go on: p may still lie on a later triangle */
		else
			parity ^= 1;
	}
	return grazed ? COUNT_GRAZE : parity;
}

static bool brute_force(const col_octree *tree, col_vec3 p, uint64_t *tested)
{
	col_query_stats stats = {0};
	bool inside = col_mesh_contains_point(tree->mesh, p, COL_METHOD_CROSSING, &stats);
	*tested += stats.primitives_tested;
	return inside;
}

/* The grid cell of coordinate v on axis j: the one the descent's comparisons (upper half when
 * v >= the split) would pick, guessed by a product and corrected against the split values. v lies
 * in the root's span; the cell of a v in the mesh's box lies in the grid's range, as the cells of
 * the box's ends bound it and the index grows with v. */
static inline int grid_index(const jump_grid *grid, int j, double v)
{
	const double *splits = grid->splits[j];
	double guess = (v - splits[0]) * grid->scale[j];
	int i = guess < 1.0 ? 0 : guess >= grid->side - 1 ? grid->side - 1 : (int)guess;
	while (i > 0 && v < splits[i])
		i--;
	while (i < grid->side - 1 && v >= splits[i + 1])
		i++;
	return i;
}

static bool query(const col_octree *tree, col_vec3 p, col_octree_query *how, uint64_t *visited,
                  uint64_t *tested)
{
	/* false for NaN too; an infinite or huge coordinate is simply outside. */
	if (!col_aabb3_contains(tree->bounds, p)) {
		*how = (col_octree_query){COL_OCTREE_ROUTE_OUTSIDE_BOX, -1};
		return false;
	}
	/* The descent keeps its cell's box: each split is centre() of it, as in the build. */
	const jump_grid *grid = &tree->grid;
	col_aabb3 cell = tree->root;
	int i = 0;
	if (grid->level > 0) {
		int x = grid_index(grid, 0, p.x), y = grid_index(grid, 1, p.y), z = grid_index(grid, 2, p.z);
		size_t index =
		    ((size_t)(z - grid->first[2]) * (size_t)grid->span[1] + (size_t)(y - grid->first[1])) *
		        (size_t)grid->span[0] +
		    (size_t)(x - grid->first[0]);
		i = grid->cells[index];
		cell = (col_aabb3){{grid->splits[0][x], grid->splits[1][y], grid->splits[2][z]},
		                   {grid->splits[0][x + 1], grid->splits[1][y + 1], grid->splits[2][z + 1]}};
	}
	uint64_t n = 1;
	int link;
	while ((link = tree->links[i]) >= 0) {
		col_vec3 c = centre(cell);
		int upper_x = p.x >= c.x, upper_y = p.y >= c.y, upper_z = p.z >= c.z;
		/* child_box's halves, without its branches */
		cell.min.x = upper_x ? c.x : cell.min.x, cell.max.x = upper_x ? cell.max.x : c.x;
		cell.min.y = upper_y ? c.y : cell.min.y, cell.max.y = upper_y ? cell.max.y : c.y;
		cell.min.z = upper_z ? c.z : cell.min.z, cell.max.z = upper_z ? cell.max.z : c.z;
		i = link + upper_x + 2 * upper_y + 4 * upper_z;
		n++;
	}
	*visited += n;
	how->leaf = i;
	how->route = COL_OCTREE_ROUTE_COUNT;
	if (link > LINK_FIRST_RECORD)
		return link == LINK_EMPTY_INSIDE;
	const leaf_record *leaf = &tree->records[LINK_FIRST_RECORD - link];
	bool inside = (leaf->state & CELL_INSIDE) != 0;
	how->route = COL_OCTREE_ROUTE_BRUTE_FORCE;
	if (leaf->state & CELL_NO_ORIGIN)
		return brute_force(tree, p, tested);
	const int *references = tree->references + leaf->first;
	*tested += (uint64_t)leaf->count;
	int parity = leaf_parity(tree, references, leaf->count, leaf->origin, p);
	if (parity == COUNT_SURFACE) {
		how->route = COL_OCTREE_ROUTE_SURFACE;
		return true;
	}
	if (parity >= 0) {
		how->route = COL_OCTREE_ROUTE_COUNT;
		return inside ^ parity;
	}
	col_aabb3 box = box_of(tree, i); /* for the detour points */
	/* A detour through a point q of the leaf: origin-q and q-p lie in the box too, and p is off
	 * the surface (the loop above found it on no triangle). */
	for (int k = 0; k < DETOUR_TRIES; k++) {
		col_vec3 q = candidate(box, ORIGIN_CANDIDATES + k);
		*tested += 3 * (uint64_t)leaf->count;
		if (!off_every_plane(tree->triangles, references, 1, leaf->count, q))
			continue;
		int to_q = crossings(tree->triangles, references, 1, leaf->count, leaf->origin, q);
		int to_p =
		    to_q >= 0 ? crossings(tree->triangles, references, 1, leaf->count, q, p) : COUNT_GRAZE;
		if (to_p >= 0) {
			how->route = COL_OCTREE_ROUTE_DETOUR;
			return inside ^ to_q ^ to_p;
		}
	}
	how->route = COL_OCTREE_ROUTE_BRUTE_FORCE;
	return brute_force(tree, p, tested);
}

bool col_octree_contains_explained(const col_octree *tree, col_vec3 point, col_octree_query *query_out,
                                   col_query_stats *stats)
{
	col_octree_query how = {COL_OCTREE_ROUTE_OUTSIDE_BOX, -1};
	bool inside = false;
	uint64_t visited = 0, tested = 0;
	if (tree != NULL)
		inside = query(tree, point, &how, &visited, &tested);
	if (query_out != NULL)
		*query_out = how;
	if (stats != NULL && tree != NULL) {
		stats->queries += 1;
		stats->nodes_visited += visited;
		stats->primitives_tested += tested;
	}
	return inside;
}

bool col_octree_contains(const col_octree *tree, col_vec3 point, col_query_stats *stats)
{
	return col_octree_contains_explained(tree, point, NULL, stats);
}

void col_octree_contains_points(const col_octree *tree, const col_vec3 *points, size_t count, bool *inside,
                                col_query_stats *stats)
{
	if (inside == NULL)
		return;
	if (tree == NULL || points == NULL) {
		for (size_t i = 0; i < count; i++)
			inside[i] = false;
		return;
	}
	uint64_t visited = 0, tested = 0;
	col_octree_query how;
	for (size_t i = 0; i < count; i++)
		inside[i] = query(tree, points[i], &how, &visited, &tested);
	if (stats != NULL) {
		stats->queries += count;
		stats->nodes_visited += visited;
		stats->primitives_tested += tested;
	}
}

col_octree_info col_octree_get_info(const col_octree *tree)
{
	if (tree == NULL)
		return (col_octree_info){0, 0, 0, 0, 0, 0};
	return tree->info;
}

bool col_octree_cell_at(const col_octree *tree, int index, col_octree_cell *cell)
{
	if (tree == NULL || cell == NULL || index < 0 || index >= tree->node_count)
		return false;
	const oct_node *node = &tree->nodes[index];
	*cell = (col_octree_cell){.box = box_of(tree, index),
	                          .level = node->level,
	                          .first_child = node->first_child,
	                          .origin = node->origin,
	                          .origin_inside = (node->state & CELL_INSIDE) != 0,
	                          .has_origin = !(node->state & CELL_NO_ORIGIN),
	                          .triangle_count = node->count};
	return true;
}

bool col_octree_cell_triangle(const col_octree *tree, int index, int k, col_triangle *triangle)
{
	if (tree == NULL || triangle == NULL || index < 0 || index >= tree->node_count)
		return false;
	const oct_node *node = &tree->nodes[index];
	if (node->first_child >= 0 || k < 0 || k >= node->count)
		return false;
	int reference = tree->references[node->first + k];
	const col_triangle *t = &tree->triangles[reference >> 1];
	*triangle = reference & 1 ? (col_triangle){t->a, t->c, t->b} : *t;
	return true;
}

int col_octree_cell_triangle_index(const col_octree *tree, int index, int k, bool *turned)
{
	if (tree == NULL || index < 0 || index >= tree->node_count)
		return -1;
	const oct_node *node = &tree->nodes[index];
	if (node->first_child >= 0 || k < 0 || k >= node->count)
		return -1;
	int reference = tree->references[node->first + k];
	if (turned != NULL)
		*turned = (reference & 1) != 0;
	return reference >> 1;
}
