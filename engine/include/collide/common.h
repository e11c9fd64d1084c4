/* What every collide header shares: status codes, the error record, query statistics and the
 * method selector.
 *
 * Thread safety: nothing here keeps state; an error record or a col_query_stats is the caller's,
 * written by the call it is given to, so give each thread its own (or add per-thread statistics
 * together afterwards with col_query_stats_add). */
#ifndef COLLIDE_COMMON_H
#define COLLIDE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result of anything that can fail. COL_OK is zero so `if (status)` reads as "if it failed". */
typedef enum col_status {
	COL_OK = 0,
	COL_ERROR_INVALID_ARGUMENT, /* NULL where an object is needed, a count or coordinate out of
	                               range */
	COL_ERROR_NOT_FINITE,       /* a NaN or infinite coordinate */
	COL_ERROR_DEGENERATE,       /* too few distinct vertices, zero area or length */
	COL_ERROR_SELF_INTERSECTION,/* contours that cross or touch */
	COL_ERROR_TOPOLOGY,         /* a hole outside its contour, a mesh that is not closed ... */
	COL_ERROR_OUT_OF_MEMORY,
	COL_ERROR_IO,               /* a file that is missing or unreadable */
	COL_ERROR_FORMAT,           /* a file that is readable but malformed or empty */
	COL_ERROR_UNSUPPORTED,      /* a method or option this object does not offer */
} col_status;

#define COL_ERROR_MESSAGE_SIZE 256

/* Filled by a failing call; message names the bad argument: "edges 3 and 7 cross at (0.5, 1)". */
typedef struct col_error {
	col_status code;
	char message[COL_ERROR_MESSAGE_SIZE];
} col_error;

/* The numbers every constructor accepts for a coordinate, a radius, a half extent or a pose's
 * translation: 0, or a magnitude in [COL_COORDINATE_MIN, COL_COORDINATE_MAX]. That is inside the
 * range where the predicates are exact (predicates.h: 2^-100 to 2^100, about 7.9e-31 to 1.27e30),
 * with room for the rays and boxes the queries build around the data; docs/predicates.md
 * ("Exactness contract") says what is exact inside it. Polygons, meshes, polyhedra, convex
 * shapes (col_shape_validate), circles, segments, spheres and the CGA constructors refuse anything
 * else, through col_check_coordinate. */
#define COL_COORDINATE_MIN 1e-30
#define COL_COORDINATE_MAX 1e30
/* Whether x is 0 or finite with a magnitude in that range (false for NaN). */
bool col_coordinate_in_range(double x);
/* The one range check with its message: COL_OK (error cleared) when col_coordinate_in_range(x);
 * otherwise fills error (may be NULL) and returns COL_ERROR_NOT_FINITE for a NaN or infinity,
 * COL_ERROR_INVALID_ARGUMENT for a magnitude out of range. The printf-style format names the
 * number: col_check_coordinate(e, r, "sphere: radius") fails with "sphere: radius 1e+155 is outside
 * the supported range [1e-30, 1e+30] (or 0)". */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
col_status col_check_coordinate(col_error *error, double x, const char *format, ...);

/* A short English name of a status code ("self-intersection"); never NULL. */
const char *col_status_name(col_status status);

/* Which algorithm answers a query. The seeds compare methods side by side, so every query that
 * has more than one takes this selector. Later issues add the accelerated ones. */
typedef enum col_method {
	COL_METHOD_DEFAULT = 0, /* the best one the object offers */
	COL_METHOD_CROSSING,    /* crossing number (ray casting), source 000 2.2 */
	COL_METHOD_WINDING,     /* winding number */
	COL_METHOD_LIST,        /* every primitive, one after another (all-pairs) */
	COL_METHOD_COVERING,    /* simplicial covering, signed barycentric sum (source 000, 4.2: DC) */
	COL_METHOD_CONVEX,      /* covering of a convex polygon, one witness triangle (000 Alg. 4.3) */
	COL_METHOD_STAR,        /* positive covering, star-shaped from its origin (000 Alg. 4.4) */
	COL_METHOD_TRITREE,     /* tri-tree descent (000 4.5: DC-TT) */
	COL_METHOD_CONE_LIST,   /* tri-tree leaf cones met by a bounding circle (000 Alg. 4.14: DC-List) */
	COL_METHOD_QUADTREE,    /* crossing number over a quadtree's cell (the study's baseline) */
	COL_METHOD_GRID,        /* covering grid: crossings from a cell's own origin (our fast method) */
	COL_METHOD_TETRATREE,   /* tetra-tree descent (000 5.2-5.5: DC-TT) */
	COL_METHOD_OCTREE,      /* crossing number over an octree's cell (the 3D study's baseline) */
	COL_METHOD_CGA,         /* conformal geometric algebra closed forms (source 003, ch. IV) */
	COL_METHOD_EUCLIDEAN,   /* the engine's Euclidean routine, the CGA routines' reference */
	COL_METHOD_COUNT
} col_method;

/* The name used in Lua and in benchmark tables ("crossing"); NULL for an unknown value. */
const char *col_method_name(col_method method);
/* Inverse of col_method_name; returns false when the name is unknown. */
bool col_method_from_name(const char *name, col_method *out);

/* What a query did, beside its answer: for teaching and for benchmarks. Counters add up, so one
 * struct can collect a whole batch; zero it with col_query_stats_reset. */
typedef struct col_query_stats {
	uint64_t queries;           /* queries answered */
	uint64_t nodes_visited;     /* tree nodes or cells looked at (0 for flat methods) */
	uint64_t primitives_tested; /* edges, triangles or shapes the query tested directly */
	uint64_t cache_hits;        /* answers taken from a temporal-coherence cache unchanged */
} col_query_stats;

void col_query_stats_reset(col_query_stats *stats);
void col_query_stats_add(col_query_stats *sum, const col_query_stats *part);

#ifdef __cplusplus
}
#endif

#endif
