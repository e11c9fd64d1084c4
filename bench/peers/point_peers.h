/* The point-location peers of bench/bench_point_location.c behind one C interface, so that the
 * timing loop is the same for every library. Each adapter is a C++ file in bench/peers/, compiled
 * only when CMake finds its library (COLLIDE_BENCH_HAVE_CGAL, _BOOST, _BOX2D); the benchmark
 * reports a missing one as "skipped: not found".
 *
 * Every peer answers the same question as collide's col_polygon_contains: is the point inside the
 * polygon (outer contour minus holes) or on its boundary? A point on an edge or a vertex counts as
 * inside. Box2D, which works in float, is the one exception the benchmark tolerates: see its entry. */
#ifndef COLLIDE_BENCH_POINT_PEERS_H
#define COLLIDE_BENCH_POINT_PEERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_point_index bench_point_index; /* the peer's own structure, opaque */

/* How the cost of one query grows with the polygon's vertex count n: the benchmark gives a method
 * all 10^6 queries of a set when it is fast, and fewer (a prefix of the set) when it is not. */
typedef enum bench_point_cost {
	BENCH_COST_LOG = 0, /* about log n or constant: all queries */
	BENCH_COST_SQRT,    /* a walk across about sqrt n triangles */
	BENCH_COST_LINEAR   /* every edge, every query */
} bench_point_cost;

typedef struct bench_point_peer {
	const char *library;          /* "cgal", "boost", "box2d" */
	const char *method;           /* "cgal.cdt_hierarchy": the name in tables and CSV */
	const char *(*version)(void); /* "CGAL 5.5.1, g++ 12.2.0; trapezoid RIC" */
	bench_point_cost cost_uniform, cost_walk;
	/* Whether the peer can take this polygon at all (Box2D: one convex contour of at most 8
	 * vertices). NULL: every polygon. */
	int (*accepts)(const double *xy, const int *counts, int contour_count);
	/* Builds the peer's structure from contour_count contours: counts[0] vertices of the outer
	 * contour (counter-clockwise), then one count per hole (clockwise), xy holding them all
	 * interleaved in that order, no repeated closing vertex. NULL when memory runs out or the
	 * library refuses the polygon. */
	bench_point_index *(*build)(const double *xy, const int *counts, int contour_count);
	void (*destroy)(bench_point_index *index);
	/* inside[i] = 1 when point i (interleaved xy) is inside or on the boundary, each point located
	 * on its own. Returns how many are inside. */
	size_t (*contains)(const bench_point_index *index, const double *xy, size_t count,
	                   unsigned char *inside);
	/* The same for a trajectory: point i may start its search from where point i - 1 was found
	 * (CGAL's locate with a hint face). NULL: contains is used. */
	size_t (*contains_walk)(const bench_point_index *index, const double *xy, size_t count,
	                        unsigned char *inside);
} bench_point_peer;

/* Defined by the adapters when CMake built them:
 *   peer_cgal_location.cpp   cgal.cdt_hierarchy  constrained Delaunay triangulation with a
 *                                                Triangulation_hierarchy_2, locate(p)
 *                            cgal.cdt_walk       plain constrained Delaunay triangulation,
 *                                                locate(p, hint) from the previous answer's face
 *                            cgal.arrangement    Arrangement_2 of the edges, point location by
 *                                                the method its version string names
 *                            cgal.bounded_side_2 bounded_side_2 on the outer contour and each hole
 *   peer_boost_location.cpp  boost.covered_by    covered_by on a polygon with inner rings
 *   peer_box2d.cpp           box2d.test_point    b2PolygonShape::TestPoint, identity transform */
extern const bench_point_peer bench_point_peer_cgal_cdt_hierarchy;
extern const bench_point_peer bench_point_peer_cgal_cdt_walk;
extern const bench_point_peer bench_point_peer_cgal_arrangement;
extern const bench_point_peer bench_point_peer_cgal_bounded_side;
extern const bench_point_peer bench_point_peer_boost_covered_by;
extern const bench_point_peer bench_point_peer_box2d;

#ifdef __cplusplus
}
#endif

#endif
