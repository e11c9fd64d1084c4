/* The quadtree baseline: a square root box split in four while a cell holds too many edges; every
 * cell has an origin of known state (polygon_cells.h tells why the counts from it are exact).
 *
 * The descent compares the query point with each cell's centre, the very value the build split
 * the cell at, so the point lies in the closed box of the leaf it reaches; and a cell keeps exactly
 * the edges that meet its closed box (an exact test). So no margin is needed: the segment from the
 * leaf's origin to the point lies in the leaf's box, and every edge it can cross is in its list.
 * An origin's state is its parent's origin's, flipped by the crossings of the segment between them,
 * which lies in the parent's box: the parent's list holds every edge it can cross. The root's
 * origin starts from a point left of the polygon's box. */
#include "collide/quadtree.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "error.h"
#include "polygon_cells.h"

enum {
	CELL_INSIDE = 1,    /* the origin is inside the polygon */
	CELL_NO_ORIGIN = 2, /* no origin could be placed: the cell is answered by brute force */
};

typedef struct qt_node {
	col_aabb2 box;
	col_vec2 origin;
	int first_child; /* the first of four consecutive children, -1 for a leaf */
	int first;       /* a leaf's first edge in tree->edges */
	int count;       /* edges that meet the box */
	int level;
	int state; /* CELL_INSIDE, CELL_NO_ORIGIN */
} qt_node;

struct col_quadtree {
	col_aabb2 bounds; /* the polygon's box: anything outside is outside */
	qt_node *nodes;
	int node_count;
	col_cell_edge *edges;     /* the leaves' lists, each turned to have the leaf's origin on its left */
	col_cell_edge *all_edges; /* kept only when some leaf has no origin (the brute-force fallback) */
	int all_count;
	col_quadtree_info info;
};

col_quadtree_options col_quadtree_default_options(void)
{
	return (col_quadtree_options){8, 4};
}

/* The build and the descent both split at this point, computed the same way. */
static inline col_vec2 centre(col_aabb2 box)
{
	return (col_vec2){0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y)};
}

/* Child k of a box split at c: bit 0 the right half, bit 1 the upper half. */
static col_aabb2 child_box(col_aabb2 box, col_vec2 c, int k)
{
	col_aabb2 child = box;
	if (k & 1)
		child.min.x = c.x;
	else
		child.max.x = c.x;
	if (k & 2)
		child.min.y = c.y;
	else
		child.max.y = c.y;
	return child;
}

/* ---- the build ---- */

typedef struct builder {
	col_quadtree *tree;
	const col_cell_edge *edges;
	int edge_count;
	col_quadtree_options options;
	int capacity;
	size_t *id_first; /* per node: where its edge ids start in ids */
	int *parent;      /* per node */
	col_cells_ids ids;
	double min_split_x, min_split_y; /* a box narrower than this is not split */
} builder;

static bool grow_nodes(builder *b, int extra)
{
	col_quadtree *tree = b->tree;
	if (extra > INT_MAX - tree->node_count)
		return false;
	int need = tree->node_count + extra;
	if (need <= b->capacity)
		return true;
	int capacity = b->capacity < 64 ? 64 : b->capacity;
	while (capacity < need)
		capacity = capacity > INT_MAX / 2 ? INT_MAX : capacity * 2;
	qt_node *nodes = realloc(tree->nodes, (size_t)capacity * sizeof *nodes);
	if (nodes == NULL)
		return false;
	tree->nodes = nodes;
	size_t *id_first = realloc(b->id_first, (size_t)capacity * sizeof *id_first);
	if (id_first == NULL)
		return false;
	b->id_first = id_first;
	int *parent = realloc(b->parent, (size_t)capacity * sizeof *parent);
	if (parent == NULL)
		return false;
	b->parent = parent;
	b->capacity = capacity;
	return true;
}

/* Places node i's origin and finds its state from its parent's. */
static void settle(builder *b, int i)
{
	col_quadtree *tree = b->tree;
	qt_node *node = &tree->nodes[i];
	const int *ids = b->ids.data + b->id_first[i];
	if (!col_cells_pick_origin(node->box, b->edges, ids, node->count, &node->origin)) {
		node->origin = centre(node->box);
		node->state = CELL_NO_ORIGIN;
		return;
	}
	int p = b->parent[i], parity = COL_CELLS_ON_EDGE;
	if (p >= 0 && !(tree->nodes[p].state & CELL_NO_ORIGIN))
		parity = col_cells_crossings(b->edges, b->ids.data + b->id_first[p], tree->nodes[p].count,
		                             tree->nodes[p].origin, node->origin, NULL, 0);
	/* ON_EDGE: no parent origin to start from (the root, or a parent without one). */
	if (parity >= 0)
		node->state = (tree->nodes[p].state & CELL_INSIDE) ^ parity;
	else
		node->state = col_cells_brute_state(b->edges, b->edge_count, tree->bounds, node->origin) != 0
		                  ? CELL_INSIDE
		                  : 0;
}

/* Splits node i in four, each child with the parent's edges that meet its box. */
static col_status split(builder *b, int i, col_error *error)
{
	if (!grow_nodes(b, 4))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "quadtree: out of memory for more cells");
	col_quadtree *tree = b->tree;
	qt_node *node = &tree->nodes[i];
	col_vec2 c = centre(node->box);
	int count = node->count;
	if (!col_cells_ids_reserve(&b->ids, 4 * (size_t)count))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "quadtree: out of memory for %zu edge references", 4 * (size_t)count);
	node->first_child = tree->node_count;
	for (int k = 0; k < 4; k++) {
		int child = tree->node_count++;
		col_aabb2 box = child_box(node->box, c, k);
		const int *ids = b->ids.data + b->id_first[i];
		size_t first = b->ids.count;
		int n = 0;
		for (int e = 0; e < count; e++) {
			const col_cell_edge *edge = &b->edges[ids[e]];
			if (col_cells_segment_meets_box(edge->a, edge->b, box))
				b->ids.data[first + (size_t)n++] = ids[e];
		}
		b->ids.count += (size_t)n;
		b->id_first[child] = first;
		b->parent[child] = i;
		tree->nodes[child] = (qt_node){box, {0.0, 0.0}, -1, 0, n, node->level + 1, 0};
	}
	return COL_OK;
}

static col_status finish(builder *b, col_error *error)
{
	col_quadtree *tree = b->tree;
	col_quadtree_info *info = &tree->info;
	size_t total = 0;
	bool fallback = false;
	for (int i = 0; i < tree->node_count; i++) {
		const qt_node *node = &tree->nodes[i];
		if (node->first_child >= 0)
			continue;
		if (node->state & CELL_NO_ORIGIN)
			fallback = true;
		else
			total += (size_t)node->count;
	}
	if (total > INT_MAX)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "quadtree: too many edge references (%zu)",
		                total);
	tree->edges = malloc((total > 0 ? total : 1) * sizeof *tree->edges);
	if (tree->edges == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "quadtree: out of memory for %zu edge references", total);
	int next = 0;
	for (int i = 0; i < tree->node_count; i++) {
		qt_node *node = &tree->nodes[i];
		if (node->level > info->depth)
			info->depth = node->level;
		if (node->first_child >= 0) {
			node->first = -1;
			continue;
		}
		info->leaves++;
		info->edge_references += (size_t)node->count;
		if (node->count > info->max_leaf_edges)
			info->max_leaf_edges = node->count;
		node->first = next;
		if (node->state & CELL_NO_ORIGIN)
			continue;
		col_cells_copy_oriented(b->edges, b->ids.data + b->id_first[i], node->count, node->origin,
		                        tree->edges + next);
		next += node->count;
	}
	if (fallback) {
		tree->all_edges = malloc((size_t)b->edge_count * sizeof *tree->all_edges);
		if (tree->all_edges == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "quadtree: out of memory");
		for (int k = 0; k < b->edge_count; k++)
			tree->all_edges[k] = b->edges[k];
		tree->all_count = b->edge_count;
	}
	info->cells = tree->node_count;
	info->memory_bytes = sizeof *tree + (size_t)tree->node_count * sizeof *tree->nodes +
	                     total * sizeof *tree->edges + (size_t)tree->all_count * sizeof *tree->all_edges;
	qt_node *nodes = realloc(tree->nodes, (size_t)tree->node_count * sizeof *nodes);
	if (nodes != NULL)
		tree->nodes = nodes;
	return COL_OK;
}

col_status col_quadtree_build(const col_polygon *polygon, const col_quadtree_options *options,
                              col_quadtree **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "quadtree: the output pointer is NULL");
	*out = NULL;
	if (polygon == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "quadtree: the polygon is NULL");
	builder b = {0};
	b.options = col_quadtree_default_options();
	if (options != NULL) {
		if (options->max_depth < 0 || options->max_edges < 0)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "quadtree: max_depth and max_edges must be >= 0 (got %d and %d)",
			                options->max_depth, options->max_edges);
		if (options->max_depth > 0)
			b.options.max_depth = options->max_depth;
		if (options->max_edges > 0)
			b.options.max_edges = options->max_edges;
	}

	col_quadtree *tree = calloc(1, sizeof *tree);
	int edge_count = 0;
	col_cell_edge *edges = col_cells_polygon_edges(polygon, &edge_count);
	if (tree == NULL || edges == NULL) {
		free(edges);
		free(tree);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "quadtree: out of memory for %d edges",
		                col_polygon_vertex_count(polygon));
	}
	b.tree = tree;
	b.edges = edges;
	b.edge_count = edge_count;

	/* The root: the polygon's box made square, growing up and right from its lower left corner
	 * (and never short of the box, whatever the rounding). */
	col_aabb2 bounds = col_polygon_bounds(polygon);
	tree->bounds = bounds;
	double side = fmax(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y);
	col_aabb2 root = {bounds.min,
	                  {fmax(bounds.min.x + side, bounds.max.x), fmax(bounds.min.y + side, bounds.max.y)}};
	b.min_split_x = 2.0 * COL_CELLS_MIN_CELL * col_cells_scale(root.min.x, root.max.x);
	b.min_split_y = 2.0 * COL_CELLS_MIN_CELL * col_cells_scale(root.min.y, root.max.y);

	col_status status = COL_OK;
	if (!grow_nodes(&b, 1) || !col_cells_ids_reserve(&b.ids, (size_t)edge_count)) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "quadtree: out of memory for %d edges",
		                  edge_count);
	} else {
		for (int k = 0; k < edge_count; k++)
			b.ids.data[k] = k;
		b.ids.count = (size_t)edge_count;
		b.id_first[0] = 0;
		b.parent[0] = -1;
		tree->nodes[0] = (qt_node){root, {0.0, 0.0}, -1, 0, edge_count, 0, 0};
		tree->node_count = 1;
	}
	/* Children are appended after their parent, so one pass in order settles each parent first. */
	for (int i = 0; status == COL_OK && i < tree->node_count; i++) {
		settle(&b, i);
		const qt_node *node = &tree->nodes[i];
		if (node->count > b.options.max_edges && node->level < b.options.max_depth &&
		    node->box.max.x - node->box.min.x >= b.min_split_x &&
		    node->box.max.y - node->box.min.y >= b.min_split_y)
			status = split(&b, i, error);
	}
	if (status == COL_OK)
		status = finish(&b, error);

	free(b.id_first);
	free(b.parent);
	col_cells_ids_free(&b.ids);
	free(edges);
	if (status != COL_OK) {
		col_quadtree_destroy(tree);
		return status;
	}
	col_error_clear(error);
	*out = tree;
	return COL_OK;
}

void col_quadtree_destroy(col_quadtree *tree)
{
	if (tree == NULL)
		return;
	free(tree->nodes);
	free(tree->edges);
	free(tree->all_edges);
	free(tree);
}

/* ---- queries ---- */

static inline bool query(const col_quadtree *tree, col_vec2 p, uint64_t *visited, uint64_t *tested)
{
	/* false for NaN too; an infinite or huge coordinate is simply outside. */
	if (!(p.x >= tree->bounds.min.x && p.x <= tree->bounds.max.x && p.y >= tree->bounds.min.y &&
	      p.y <= tree->bounds.max.y))
		return false;
	const qt_node *node = tree->nodes;
	uint64_t n = 1;
	while (node->first_child >= 0) {
		col_vec2 c = centre(node->box);
		node = tree->nodes + node->first_child + (p.x >= c.x) + 2 * (p.y >= c.y);
		n++;
	}
	*visited += n;
	if (node->count == 0)
		return node->state & CELL_INSIDE;
	if (node->state & CELL_NO_ORIGIN) {
		*tested += (uint64_t)tree->all_count;
		return col_cells_brute_state(tree->all_edges, tree->all_count, tree->bounds, p) != 0;
	}
	*tested += (uint64_t)node->count;
	int parity = col_cells_leaf_parity(tree->edges + node->first, node->count, node->origin, p);
	if (parity == COL_CELLS_ON_EDGE)
		return true;
	return ((node->state & CELL_INSIDE) ^ parity) != 0;
}

bool col_quadtree_contains(const col_quadtree *tree, col_vec2 point, col_query_stats *stats)
{
	if (tree == NULL)
		return false;
	uint64_t visited = 0, tested = 0;
	bool inside = query(tree, point, &visited, &tested);
	if (stats != NULL) {
		stats->queries += 1;
		stats->nodes_visited += visited;
		stats->primitives_tested += tested;
	}
	return inside;
}

void col_quadtree_contains_points(const col_quadtree *tree, const col_vec2 *points, size_t count,
                                  bool *inside, col_query_stats *stats)
{
	if (tree == NULL) {
		for (size_t i = 0; i < count; i++)
			inside[i] = false;
		return;
	}
	uint64_t visited = 0, tested = 0;
	for (size_t i = 0; i < count; i++)
		inside[i] = query(tree, points[i], &visited, &tested);
	if (stats != NULL) {
		stats->queries += count;
		stats->nodes_visited += visited;
		stats->primitives_tested += tested;
	}
}

col_quadtree_info col_quadtree_get_info(const col_quadtree *tree)
{
	if (tree == NULL)
		return (col_quadtree_info){0, 0, 0, 0, 0, 0};
	return tree->info;
}

bool col_quadtree_cell_at(const col_quadtree *tree, int index, col_quadtree_cell *cell)
{
	if (tree == NULL || cell == NULL || index < 0 || index >= tree->node_count)
		return false;
	const qt_node *node = &tree->nodes[index];
	*cell = (col_quadtree_cell){.box = node->box,
	                            .level = node->level,
	                            .first_child = node->first_child,
	                            .origin = node->origin,
	                            .origin_inside = (node->state & CELL_INSIDE) != 0,
	                            .has_origin = !(node->state & CELL_NO_ORIGIN),
	                            .edge_count = node->count};
	return true;
}
