/* The memory-budget refusal shared by the tri-tree and the tetra-tree: both grow cones listing
 * their elements level by level, and both must say what made the build pass options.max_memory. */
#ifndef COLLIDE_CONE_BUDGET_H
#define COLLIDE_CONE_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#include "collide/common.h"

typedef struct cone_budget {
	const char *tree;     /* "tritree" */
	const char *elements; /* "triangles" */
	const char *element;  /* "triangle" */
	size_t max_memory;
	int max_depth;
	int leaf_cones;   /* the option, when the depth came from it (> 0) */
	bool depth_given; /* max_depth set by the caller */
	int total;        /* elements of the covering */
	size_t cone_size; /* bytes of one cone */
} cone_budget;

/* Fails with COL_ERROR_OUT_OF_MEMORY: `cones` cones listing `entries` elements were needed at
 * `level`, the tiling of level - 1 listed `listed` elements. The message names what grew: the root
 * cones' lists, the cones themselves (the depth), or lists that repeat the elements (each is listed
 * about once a level when the shape is star-shaped from the apex, many times when it is far from
 * it, since deeper cones then shed nothing). */
col_status cone_budget_fail(const cone_budget *b, size_t cones, size_t entries, int level, double listed,
                            col_error *error);

#endif
