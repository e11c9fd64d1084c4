/* The peers of the convex benchmark (docs/benchmarks.md: hulls of 32-point clouds, 10^6 pose pairs)
 * behind one C interface, so that the timing loop is the same for every library. Each adapter is a
 * C or C++ file in bench/peers/, compiled only when CMake finds its library (COLLIDE_BENCH_HAVE_CCD,
 * _FCL, _BULLET, _BOX2D); the benchmark reports a missing one as "skipped: not found".
 *
 * Three questions, each asked of a batch of pairs so that the loop (and its overhead) is the peer's
 * own: does body A at pose A meet body B at pose B (intersect); how far apart are they and where are
 * the closest points (distance, with witnesses); how deep do they overlap and along which direction
 * (penetration, for overlapping pairs). A peer that lacks a question leaves its pointer NULL.
 *
 * Poses: each adapter turns a pair's two poses into its library's own transform once per pair,
 * inside the timed loop, from the form its library's users hold (the rotation matrix R and t for
 * FCL, Bullet and libccd; cos and sin for Box2D), as an application does when it updates a body's
 * transform before asking. The adapters' files say which form and why.
 *
 * Conventions shared by every peer (convex_peers_check.c checks them on cubes and real pairs):
 *   - all points and directions are in world coordinates;
 *   - a penetration normal n and depth d mean: translating B by d n makes the bodies touch, so n
 *     points from A towards B;
 *   - a distance's witnesses are the closest points, witness_a on A and witness_b on B. */
#ifndef COLLIDE_BENCH_CONVEX_PEERS_H
#define COLLIDE_BENCH_CONVEX_PEERS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 3D ---- */

/* A 3D pose as the peers get it: 16 doubles, the layout of cases.h's bench_pose: the quaternion q
 * (x, y, z, w; w the scalar part), the same rotation as a row-major matrix R (9) and the translation
 * t (3). The pose maps a body-local point p to R p + t. */
#define BENCH_CONVEX_POSE_DOUBLES 16
#define BENCH_CONVEX_POSE_Q       0  /* offset of q in the 16 doubles */
#define BENCH_CONVEX_POSE_R       4  /* offset of R */
#define BENCH_CONVEX_POSE_T       13 /* offset of t */

/* The pairs a batch call answers. Record i starts i * stride bytes after records and holds: int32 a
 * and int32 b (indices into the bodies array), then pose A (16 doubles at byte 8) and pose B (16
 * doubles at byte 136). cases.h's bench_cvx_pair array has this layout, with stride
 * sizeof(bench_cvx_pair) = 264; a benchmark that asks only some pairs (penetration asks the
 * overlapping ones) copies them into an array of its own. stride is a multiple of 8, records 8-byte
 * aligned. The view does not own the records. */
typedef struct bench_convex_pair_view {
	const void *records;
	size_t stride; /* bytes from one record to the next, >= 264 */
} bench_convex_pair_view;

#define BENCH_CONVEX_PAIR_POSE_A 8   /* byte offset of pose A in a record */
#define BENCH_CONVEX_PAIR_POSE_B 136 /* byte offset of pose B */
#define BENCH_CONVEX_PAIR_BYTES  264 /* the smallest stride */

/* Index of body A (which = 0) or body B (which = 1) of record i. */
static inline int32_t bench_convex_pair_body(bench_convex_pair_view view, size_t i, int which)
{
	int32_t index;
	memcpy(&index, (const unsigned char *)view.records + i * view.stride + 4 * (size_t)which,
	       sizeof index);
	return index;
}

/* Pose A (which = 0) or pose B (which = 1) of record i: BENCH_CONVEX_POSE_DOUBLES doubles. */
static inline const double *bench_convex_pair_pose(bench_convex_pair_view view, size_t i, int which)
{
	return (const double *)((const unsigned char *)view.records + i * view.stride +
	                        (which ? BENCH_CONVEX_PAIR_POSE_B : BENCH_CONVEX_PAIR_POSE_A));
}

typedef struct bench_convex_body bench_convex_body; /* the peer's own shape, opaque */

typedef struct bench_convex_peer {
	const char *library;          /* "libccd", "fcl", "bullet" */
	const char *method;           /* "fcl.indep": the name in tables and CSV */
	const char *(*version)(void); /* library version, compiler, the algorithms of each question and
	                               * the tolerances the adapter set */
	/* Builds the peer's shape of a convex body from its hull: vertex_count xyz triples (the hull's
	 * vertices, body-local) and triangle_count index triples (0-based, counter-clockwise seen from
	 * outside: qhull "Qt"'s facets turned outward). Peers that use only the vertices ignore the
	 * triangles. The shape holds its own copy. NULL when memory runs out or the library refuses. */
	bench_convex_body *(*build)(const double *xyz, int vertex_count, const int32_t *triangles,
	                            int triangle_count);
	void (*destroy)(bench_convex_body *body);

	/* hit[i] = 1 when the bodies of pair i meet (touching counts where the peer can tell), else 0.
	 * Returns how many meet. NULL: the peer has no boolean test. */
	size_t (*intersect)(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
	                    size_t count, unsigned char *hit);

	/* distance[i] >= 0: the bodies of pair i are apart by this much (0: touching). distance[i] < 0:
	 * the peer says they overlap; the value is -depth when signed_distance is 1, else -1. NAN: the
	 * peer's algorithm gave no answer (Bullet reports such ends), its witnesses NAN too.
	 * witness_a[3 i..3 i+2] and witness_b[...] are the closest points on A and on B (on overlap: the
	 * peer's own points where signed_distance is 1, else unspecified). witness_a and witness_b are
	 * both NULL or neither; NULL asks for the distance alone (FCL then skips its nearest points).
	 * Returns how many pairs the peer says overlap. NULL: the peer has no distance. */
	size_t (*distance)(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
	                   double *distance, double *witness_a, double *witness_b);
	int signed_distance; /* 1: distance reports -depth on overlap (see above) */

	/* For overlapping pairs: depth[i] >= 0 and normal[3 i..3 i+2] (unit) such that translating B by
	 * depth normal makes the bodies touch. EPA gives the smallest such translation; MPR gives a
	 * depth along its own direction, which may be larger (the method's version string says which).
	 * A pair the peer finds apart, or gives no depth, gets depth -1 and normal 0. Returns how many got
	 * a depth. NULL: the peer has no penetration query. */
	size_t (*penetration)(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
	                      size_t count, double *depth, double *normal);
} bench_convex_peer;

/* Defined by the adapters when CMake built them:
 *   peer_ccd_convex.c      libccd.gjk          ccdGJKIntersect; ccdGJKPenetration (GJK + EPA)
 *                          libccd.mpr          ccdMPRIntersect; ccdMPRPenetration (MPR)
 *   peer_fcl_convex.cpp    fcl.libccd          fcl::Convex, fcl::collide and fcl::distance with
 *                                              GST_LIBCCD: intersect by MPR, distance by FCL's
 *                                              libccd GJK, penetration by collide with one contact
 *                                              (MPR)
 *                          fcl.libccd_signed   fcl::distance with GST_LIBCCD and
 *                                              enable_signed_distance: GJK, and EPA on overlap
 *                                              (distance and penetration)
 *                          fcl.indep           the same calls with GST_INDEP: FCL's own GJK, and
 *                                              EPA for the contact's depth
 *                          fcl.libccd_solver   fcl::detail::GJKSolver_libccd used directly
 *                          fcl.indep_solver    fcl::detail::GJKSolver_indep used directly
 *   peer_bullet_convex.cpp bullet.gjk_pair     btConvexHullShape (margin 0), btGjkPairDetector with
 *                                              btVoronoiSimplexSolver and
 *                                              btGjkEpaPenetrationDepthSolver
 *                          bullet.gjk_epa2     btGjkEpaSolver2::Distance and ::Penetration */
extern const bench_convex_peer bench_convex_peer_ccd_gjk;
extern const bench_convex_peer bench_convex_peer_ccd_mpr;
extern const bench_convex_peer bench_convex_peer_fcl_libccd;
extern const bench_convex_peer bench_convex_peer_fcl_libccd_signed;
extern const bench_convex_peer bench_convex_peer_fcl_indep;
extern const bench_convex_peer bench_convex_peer_fcl_libccd_solver;
extern const bench_convex_peer bench_convex_peer_fcl_indep_solver;
extern const bench_convex_peer bench_convex_peer_bullet_gjk_pair;
extern const bench_convex_peer bench_convex_peer_bullet_gjk_epa2;

/* ---- 2D ---- */

/* A 2D pose: 5 doubles, the angle in radians (counter-clockwise), its cosine c and sine s, and the
 * translation (x, y). The pose maps a body-local point p to (c px - s py + x, s px + c py + y). Like
 * the 3D pose it carries the rotation in both forms, so that no peer pays for a sin and a cos that
 * its users would have computed once per body. */
#define BENCH_CONVEX2_POSE_DOUBLES 5
#define BENCH_CONVEX2_POSE_ANGLE   0
#define BENCH_CONVEX2_POSE_C       1
#define BENCH_CONVEX2_POSE_S       2
#define BENCH_CONVEX2_POSE_T       3

/* 2D pairs: record i starts i * stride bytes after records: int32 a, int32 b, pose A (5 doubles at
 * byte 8), pose B (5 doubles at byte 48); stride >= 88, a multiple of 8. */
typedef struct bench_convex2_pair_view {
	const void *records;
	size_t stride;
} bench_convex2_pair_view;

#define BENCH_CONVEX2_PAIR_POSE_A 8
#define BENCH_CONVEX2_PAIR_POSE_B 48
#define BENCH_CONVEX2_PAIR_BYTES  88

static inline int32_t bench_convex2_pair_body(bench_convex2_pair_view view, size_t i, int which)
{
	int32_t index;
	memcpy(&index, (const unsigned char *)view.records + i * view.stride + 4 * (size_t)which,
	       sizeof index);
	return index;
}

static inline const double *bench_convex2_pair_pose(bench_convex2_pair_view view, size_t i, int which)
{
	return (const double *)((const unsigned char *)view.records + i * view.stride +
	                        (which ? BENCH_CONVEX2_PAIR_POSE_B : BENCH_CONVEX2_PAIR_POSE_A));
}

typedef struct bench_convex2_body bench_convex2_body; /* the peer's own shape, opaque */

/* The 2D peers: the same three questions (same meanings, 2 coordinates a point or a normal). */
typedef struct bench_convex2_peer {
	const char *library; /* "box2d" */
	const char *method;  /* "box2d.distance" */
	const char *(*version)(void);
	int max_vertices; /* the largest polygon the peer takes (Box2D: b2_maxPolygonVertices = 8) */
	/* A convex polygon of vertex_count (3..max_vertices) xy pairs, counter-clockwise, body-local, no
	 * repeated closing vertex. NULL when the library refuses it or memory runs out. */
	bench_convex2_body *(*build)(const double *xy, int vertex_count);
	void (*destroy)(bench_convex2_body *body);
	size_t (*intersect)(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs,
	                    size_t count, unsigned char *hit);
	size_t (*distance)(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs,
	                   size_t count, double *distance, double *witness_a, double *witness_b);
	int signed_distance;
	size_t (*penetration)(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs,
	                      size_t count, double *depth, double *normal);
} bench_convex2_peer;

/* Defined when CMake built it:
 *   peer_box2d_convex.cpp  box2d.distance  b2PolygonShape (radius 0, float): b2TestOverlap,
 *                                          b2Distance (GJK), b2CollidePolygons (SAT) for the depth */
extern const bench_convex2_peer bench_convex2_peer_box2d;

#ifdef __cplusplus
}
#endif

#endif
