/* The tri- and tetra-trees' memory-budget message (cone_budget.h). */
#include "cone_budget.h"

#include <stdio.h>

#include "error.h"

col_status cone_budget_fail(const cone_budget *b, size_t cones, size_t entries, int level, double listed,
                            col_error *error)
{
	char depth[48];
	if (b->depth_given)
		snprintf(depth, sizeof depth, "max_depth");
	else if (b->leaf_cones > 0)
		snprintf(depth, sizeof depth, "depth from leaf_cones %d", b->leaf_cones);
	else
		snprintf(depth, sizeof depth, "depth from %d %s", b->total, b->elements);
	double cone_bytes = (double)cones * (double)b->cone_size, entry_bytes = (double)entries * sizeof(int);
	double repeats = b->total > 0 ? listed / b->total : 0.0;
	char cause[96];
	if (level <= 1)
		snprintf(cause, sizeof cause, "the root cones' lists alone pass it: raise max_memory");
	else if (cone_bytes >= entry_bytes)
		snprintf(cause, sizeof cause, "the cones alone fill it: lower the depth");
	else if (repeats > 2.0)
		snprintf(cause, sizeof cause, "each %s is listed %.1f times a level: far from star-shaped",
		         b->element, repeats);
	else
		snprintf(cause, sizeof cause, "lower the depth or raise max_memory");
	return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
	                "%s: over its memory budget of %zu bytes (options.max_memory) at level %d of %d "
	                "(%s): %zu cones list %zu %s, %.0f bytes; %s",
	                b->tree, b->max_memory, level, b->max_depth, depth, cones, entries, b->elements,
	                cone_bytes + entry_bytes, cause);
}
