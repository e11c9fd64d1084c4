/* The peer libraries the polygon benchmark compares against, behind one C interface so that the
 * timing loop (bench/bench_polygon.c) is the same for every library. Each adapter is a C++ file in
 * bench/peers/, compiled only when CMake finds its library; a peer that is missing is reported as
 * "skipped: not found" by the benchmark. */
#ifndef COLLIDE_BENCH_PEERS_H
#define COLLIDE_BENCH_PEERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_peer_polygon bench_peer_polygon; /* the peer's own polygon, opaque */

typedef struct bench_peer {
	const char *name;             /* "boost", "cgal" */
	const char *contains_method;  /* the call that answers point in polygon: "boost.covered_by" */
	const char *circle_method;    /* the calls that answer circle vs polygon: "boost.circle" */
	const char *(*version)(void); /* "Boost 1.74, g++ 12.2.0" */
	/* Copies count counter-clockwise xy vertices (no repeated closing vertex) into the peer's
	 * polygon type and runs the peer's own validity check; *valid gets its verdict. NULL when
	 * memory runs out. */
	bench_peer_polygon *(*build)(const double *xy, int count, int *valid);
	void (*destroy)(bench_peer_polygon *polygon);
	/* inside[i] = 1 when point i (interleaved xy) is inside or on the boundary. Returns how many
	 * are inside. */
	size_t (*contains)(const bench_peer_polygon *polygon, const double *xy, size_t count,
	                   unsigned char *inside);
	/* hit[i] = 1 when the closed disc of the given radius around centre i meets the polygon's
	 * region. Returns how many do. */
	size_t (*circles)(const bench_peer_polygon *polygon, const double *centres, size_t count,
	                  double radius, unsigned char *hit);
} bench_peer;

/* Defined by bench/peers/peer_boost.cpp and peer_cgal.cpp when CMake built them
 * (COLLIDE_BENCH_HAVE_BOOST, COLLIDE_BENCH_HAVE_CGAL). */
extern const bench_peer bench_peer_boost;
extern const bench_peer bench_peer_cgal;

#ifdef __cplusplus
}
#endif

#endif
