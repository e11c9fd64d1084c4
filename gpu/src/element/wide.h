/* The LBVH collapsed to eight children a node, for walks by a whole warp: the eight lanes of a node
 * test its eight children at once, from one stretch of memory, so a walk takes a third of the
 * binary tree's dependent loads. The children's boxes are floats rounded outwards: they only prune,
 * so a box a little larger than the binary tree's costs a few more tests and never a missed one. */
#ifndef COLLIDE_GPU_ELEMENT_WIDE_H
#define COLLIDE_GPU_ELEMENT_WIDE_H

#include "lbvh.h"

#define HD_WIDE 8
/* An unused child slot. A leaf's slot holds -1 - its primitive. */
#define HD_WIDE_EMPTY INT32_MIN

typedef struct hd_wide_node {
	float lo[3][HD_WIDE]; /* the children's boxes, axis by axis (lane k reads entry k) */
	float hi[3][HD_WIDE];
	int32_t child[HD_WIDE]; /* a wide node's index, -1 - a primitive, or HD_WIDE_EMPTY */
} hd_wide_node;

/* Child slot k's box in doubles (exactly the floats). */
COL_HD hd_box hd_wide_box(const hd_wide_node *node, int k)
{
	hd_box b;
	b.min = hd_v3(node->lo[0][k], node->lo[1][k], node->lo[2][k]);
	b.max = hd_v3(node->hi[0][k], node->hi[1][k], node->hi[2][k]);
	return b;
}

#endif
