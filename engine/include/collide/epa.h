/* Penetration: how far two overlapping convex shapes reach into each other, and which way to part
 * them. Two answers:
 *
 * - EPA, the expanding polytope algorithm: GJK leaves a simplex of K = A - B around the origin; EPA
 *   grows it, one support point at a time, towards K's boundary nearest the origin. That distance is
 *   the penetration depth (the shortest translation of B that leaves the shapes only touching), its
 *   direction the contact normal, and the nearest face's support points the witnesses.
 * - Source 004's lower bound (eq. 1.14): GJK's final tetrahedron holds the origin, so the distance
 *   from the origin to its nearest facet plane bounds the depth from below, at no cost beyond GJK.
 *   docs/convex.md compares the two.
 *
 * Both work on the cores (shape.h) and add the radii: rounded shapes whose cores are apart need no
 * EPA at all (depth = radii - core distance, along GJK's normal). 2D shapes grow a polygon.
 *
 * Thread safety: the queries read their shapes only and keep no state of their own (their work
 * memory is on the stack), so any number of threads may run them at once; a col_epa_trace is
 * written by the query given it: one per thread. */
#ifndef COLLIDE_EPA_H
#define COLLIDE_EPA_H

#include "collide/common.h"
#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_epa_options {
	/* Stop when the support along the nearest face's normal reaches no farther than the face by this
	 * relative amount (of the depth, or of the shapes' size when the depth is near 0). */
	double relative_tolerance; /* default 1e-12 */
	int max_iterations;        /* default 128 */
} col_epa_options;

col_epa_options col_epa_default_options(void);

typedef enum col_penetration_status {
	COL_PENETRATION_APART,          /* the shapes do not overlap: depth 0, nothing else set */
	COL_PENETRATION_CONVERGED,      /* the depth is known to the tolerance */
	COL_PENETRATION_MAX_ITERATIONS, /* stopped by the limit: depth is an upper bound */
	COL_PENETRATION_FLAT,           /* K has no volume (flat shapes in 3D): depth 0 across their plane */
	COL_PENETRATION_INVALID,        /* a shape failed col_shape_is_placed */
} col_penetration_status;

typedef struct col_penetration {
	col_penetration_status status;
	double depth;    /* how far B must move along normal to leave A only touching; 0 when touching */
	col_vec3 normal; /* unit, from A towards B */
	col_vec3
	    point_a; /* A's deepest point in B, and B's deepest in A: point_a - point_b = depth * normal */
	col_vec3 point_b;
	double lower_bound; /* source 004's eq. 1.14 bound on depth from GJK's final simplex (radii added); 0
	                       when that simplex is not a tetrahedron around the origin */
	int iterations;     /* EPA's support points */
	int gjk_iterations;
} col_penetration;

/* One EPA iteration, for teaching: the face nearest the origin, the support point found along its
 * normal, and the polytope's faces at that moment (triangles of K, world directions as K's points
 * are: w = a - b, rotated into the world frame). */
typedef struct col_epa_step {
	col_vec3 nearest[3]; /* the nearest face's points */
	col_vec3 normal;     /* its outward unit normal */
	double distance;     /* its plane's distance from the origin: a lower bound on the depth so far */
	col_vec3 support;    /* K's support point along normal */
	double reach;        /* normal . support: an upper bound on the depth */
	int first_face;      /* this step's polytope: faces[first_face .. first_face + face_count) */
	int face_count;
} col_epa_step;

/* Caller-owned buffers (DESIGN "traces"): steps and a pool of triangles that the steps' polytopes
 * are written into; either may be NULL with capacity 0. count and faces_used say how many were
 * needed, even past capacity (a step whose faces did not fit has face_count 0). */
typedef struct col_epa_trace {
	col_epa_step *steps;
	int capacity;
	int count;
	col_vec3 (*faces)[3];
	int face_capacity;
	int faces_used;
} col_epa_trace;

/* The penetration of two shapes by GJK then EPA. options and trace may be NULL. */
col_penetration col_penetration_depth(const col_shape *a, const col_shape *b, const col_epa_options *options,
                                      col_epa_trace *trace);

/* Source 004's lower bound alone (eq. 1.14): GJK, then the nearest facet plane of its final simplex
 * when that is a tetrahedron around the origin (the radii added). depth is that bound; normal its
 * facet's outward normal; point_a and point_b are not set; status CONVERGED, or APART. */
col_penetration col_penetration_lower_bound(const col_shape *a, const col_shape *b);

/* eq. 1.14 on a simplex of K: the least distance from the origin to the affine hull of any 3 of its
 * 4 points (by eq. 1.15); 0 unless count is 4 and the origin lies inside. */
double col_simplex_penetration_bound(const col_simplex *simplex);

#ifdef __cplusplus
}
#endif

#endif
