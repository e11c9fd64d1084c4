/* The eight-wide tree from a binary LBVH, on the host: each wide node takes a binary node's two
 * children and keeps opening the one of largest surface area until it has eight, as in the usual
 * collapse of a BVH to a wider one. */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

/* Rounded outwards to floats. */
static float float_down(double v)
{
	float f = (float)v;
	return (double)f > v ? nextafterf(f, -FLT_MAX * 2.0f) : f;
}

static float float_up(double v)
{
	float f = (float)v;
	return (double)f < v ? nextafterf(f, FLT_MAX * 2.0f) : f;
}

static double area(hd_box b)
{
	double x = b.max.x - b.min.x, y = b.max.y - b.min.y, z = b.max.z - b.min.z;
	return x * y + y * z + z * x;
}

typedef struct collapse {
	const hd_lbvh *tree;
	hd_wide_node *nodes;
	size_t count, capacity;
	int depth; /* the deepest wide node's level, the root 0 */
	bool failed;
} collapse;

/* The wide node of binary node b (internal, or the root leaf of a one-primitive tree). */
static int32_t wide_of(collapse *c, int32_t b, int level)
{
	if (level > c->depth)
		c->depth = level;
	if (c->count == c->capacity) {
		size_t capacity = c->capacity < 64 ? 64 : 2 * c->capacity;
		hd_wide_node *nodes = realloc(c->nodes, capacity * sizeof *nodes);
		if (nodes == NULL) {
			c->failed = true;
			return HD_WIDE_EMPTY;
		}
		c->nodes = nodes;
		c->capacity = capacity;
	}
	int32_t index = (int32_t)c->count++;
	const hd_lbvh *t = c->tree;
	int32_t leaves_from = t->count - 1;
	int32_t slot[HD_WIDE];
	int n = 0;
	if (b >= leaves_from) {
		slot[n++] = b;
	} else {
		slot[n++] = t->children[2 * b];
		slot[n++] = t->children[2 * b + 1];
	}
	while (n < HD_WIDE) {
		int open = -1;
		double largest = -1.0;
		for (int k = 0; k < n; k++)
			if (slot[k] < leaves_from && area(t->boxes[slot[k]]) > largest) {
				largest = area(t->boxes[slot[k]]);
				open = k;
			}
		if (open < 0)
			break;
		int32_t node = slot[open];
		slot[open] = t->children[2 * node];
		slot[n++] = t->children[2 * node + 1];
	}
	int32_t child[HD_WIDE];
	for (int k = 0; k < HD_WIDE; k++)
		child[k] = k >= n                   ? HD_WIDE_EMPTY
		           : slot[k] >= leaves_from ? -1 - t->order[slot[k] - leaves_from]
		                                    : wide_of(c, slot[k], level + 1);
	if (c->failed)
		return HD_WIDE_EMPTY;
	hd_wide_node *w = &c->nodes[index]; /* after the recursion: the array may have moved */
	for (int k = 0; k < HD_WIDE; k++) {
		w->child[k] = child[k];
		hd_box box = t->boxes[slot[k < n ? k : 0]];
		w->lo[0][k] = k < n ? float_down(box.min.x) : FLT_MAX;
		w->lo[1][k] = k < n ? float_down(box.min.y) : FLT_MAX;
		w->lo[2][k] = k < n ? float_down(box.min.z) : FLT_MAX;
		w->hi[0][k] = k < n ? float_up(box.max.x) : -FLT_MAX;
		w->hi[1][k] = k < n ? float_up(box.max.y) : -FLT_MAX;
		w->hi[2][k] = k < n ? float_up(box.max.z) : -FLT_MAX;
	}
	return index;
}

col_status gpu_wide_build(const hd_lbvh *tree, hd_wide_node **out, size_t *count, int *depth,
                          col_error *error)
{
	*out = NULL;
	*count = 0;
	*depth = 0;
	if (tree->count == 0)
		return COL_OK;
	collapse c = {tree, NULL, 0, 0, 0, false};
	wide_of(&c, 0, 0);
	*depth = c.depth;
	if (c.failed) {
		free(c.nodes);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory for the wide tree");
	}
	*out = c.nodes;
	*count = c.count;
	return COL_OK;
}
