/* Status names, method names and statistics: the vocabulary shared by every concept. */
#include "collide/common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

bool col_coordinate_in_range(double x)
{
	double a = fabs(x);
	return a == 0.0 || (a >= COL_COORDINATE_MIN && a <= COL_COORDINATE_MAX); /* NaN fails both */
}

col_status col_check_coordinate(col_error *error, double x, const char *format, ...)
{
	if (col_coordinate_in_range(x)) {
		col_error_clear(error);
		return COL_OK;
	}
	char name[COL_ERROR_MESSAGE_SIZE];
	va_list args;
	va_start(args, format);
	vsnprintf(name, sizeof name, format, args);
	va_end(args);
	if (!isfinite(x))
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s %g is not finite", name, x);
	return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
	                "%s %g is outside the supported range [%g, %g] (or 0)", name, x,
	                COL_COORDINATE_MIN, COL_COORDINATE_MAX);
}

const char *col_status_name(col_status status)
{
	switch (status) {
	case COL_OK: return "ok";
	case COL_ERROR_INVALID_ARGUMENT: return "invalid argument";
	case COL_ERROR_NOT_FINITE: return "not finite";
	case COL_ERROR_DEGENERATE: return "degenerate";
	case COL_ERROR_SELF_INTERSECTION: return "self-intersection";
	case COL_ERROR_TOPOLOGY: return "topology";
	case COL_ERROR_OUT_OF_MEMORY: return "out of memory";
	case COL_ERROR_IO: return "i/o";
	case COL_ERROR_FORMAT: return "format";
	case COL_ERROR_UNSUPPORTED: return "unsupported";
	}
	return "unknown status";
}

static const char *const method_names[COL_METHOD_COUNT] = {
	[COL_METHOD_DEFAULT] = "default",
	[COL_METHOD_CROSSING] = "crossing",
	[COL_METHOD_WINDING] = "winding",
	[COL_METHOD_LIST] = "list",
	[COL_METHOD_COVERING] = "covering",
	[COL_METHOD_CONVEX] = "convex",
	[COL_METHOD_STAR] = "star",
	[COL_METHOD_TRITREE] = "tritree",
	[COL_METHOD_CONE_LIST] = "cone_list",
	[COL_METHOD_QUADTREE] = "quadtree",
	[COL_METHOD_GRID] = "grid",
	[COL_METHOD_TETRATREE] = "tetratree",
	[COL_METHOD_OCTREE] = "octree",
	[COL_METHOD_CGA] = "cga",
	[COL_METHOD_EUCLIDEAN] = "euclidean",
};

const char *col_method_name(col_method method)
{
	if ((int)method < 0 || method >= COL_METHOD_COUNT)
		return NULL;
	return method_names[method];
}

bool col_method_from_name(const char *name, col_method *out)
{
	if (name == NULL)
		return false;
	for (int i = 0; i < COL_METHOD_COUNT; i++) {
		if (method_names[i] != NULL && strcmp(method_names[i], name) == 0) {
			*out = (col_method)i;
			return true;
		}
	}
	return false;
}

void col_query_stats_reset(col_query_stats *stats)
{
	if (stats != NULL)
		memset(stats, 0, sizeof *stats);
}

void col_query_stats_add(col_query_stats *sum, const col_query_stats *part)
{
	sum->queries += part->queries;
	sum->nodes_visited += part->nodes_visited;
	sum->primitives_tested += part->primitives_tested;
	sum->cache_hits += part->cache_hits;
}
