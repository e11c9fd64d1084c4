/* Robust geometric predicates: the sign of each result is always exact. Each one first evaluates
 * in floating point with an error bound (the fast path) and falls back to exact expansion
 * arithmetic only when the bound cannot decide the sign. Every sign decision in collide goes
 * through these, so degenerate input (a point on an edge, coplanar faces) has one answer.
 *
 * Exact means: for finite inputs (coordinates and radii) that are zero or of magnitude between
 * about 1e-30 and 1e30 (2^-100 to 2^100), where no intermediate product can overflow or
 * underflow. The arithmetic must be IEEE double with round-to-nearest (the default; not x87
 * extended precision, not -ffast-math). Outside that range a sign may be wrong, and a NaN or
 * infinite input gives no meaningful answer. The functions are pure: no state, thread-safe.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). The exact fallback works in stack memory and needs no initialisation
 * call (unlike Shewchuk's exactinit). */
#ifndef COLLIDE_PREDICATES_H
#define COLLIDE_PREDICATES_H

#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Positive when a, b, c turn counter-clockwise, negative when clockwise, zero when collinear.
 * The magnitude approximates twice the signed triangle area; only the sign is exact. */
double col_orient2d(col_vec2 a, col_vec2 b, col_vec2 c);

/* Positive when d lies below the plane through a, b, c, where "above" is the side from which
 * a, b, c appear counter-clockwise; zero when coplanar. Approximates six times the signed
 * volume of the tetrahedron abcd. */
double col_orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);

/* Positive when d lies inside the circle through a, b, c (which must be counter-clockwise),
 * negative outside, zero on it. The sign flips when a, b, c are clockwise. */
double col_incircle(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d);

/* Positive when e lies inside the sphere through a, b, c, d (with col_orient3d(a,b,c,d) > 0),
 * negative outside, zero on it. The sign flips when the orientation is negative. */
double col_insphere(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, col_vec3 e);

/* Exact comparisons the circle and sphere baselines need; each returns -1, 0 or +1. */

/* Sign of (b - a) . (c - a): whether c projects ahead of a along ab. */
int col_dot2_sign(col_vec2 a, col_vec2 b, col_vec2 c);

/* Sign of |p - center|^2 - radius^2: -1 inside the circle, 0 on it, +1 outside. */
int col_circle_point_side(col_vec2 center, double radius, col_vec2 p);

/* Sign of dist(center, line ab)^2 - radius^2, computed exactly as
 * orient2d(a, b, center)^2 - radius^2 |b - a|^2. a and b must differ. */
int col_circle_line_side(col_vec2 center, double radius, col_vec2 a, col_vec2 b);

/* Sign of |ca - cb|^2 - (ra + rb)^2: -1 when two discs overlap, 0 when they touch, +1 apart.
 * The sum ra + rb is not rounded: the comparison is exact. */
int col_circle_circle_side(col_vec2 ca, double ra, col_vec2 cb, double rb);

/* The same in 3D, for spheres. */
int col_dot3_sign(col_vec3 a, col_vec3 b, col_vec3 c);
int col_sphere_point_side(col_vec3 center, double radius, col_vec3 p);
/* Sign of |ca - cb|^2 - (ra + rb)^2 for balls, exact like col_circle_circle_side. */
int col_sphere_sphere_side(col_vec3 ca, double ra, col_vec3 cb, double rb);

/* Sign of dist(center, line ab)^2 - radius^2 in 3D, computed exactly as
 * |(b - a) x (center - a)|^2 - radius^2 |b - a|^2. a and b must differ. */
int col_sphere_line_side(col_vec3 center, double radius, col_vec3 a, col_vec3 b);

/* Sign of dist(center, plane abc)^2 - radius^2, computed exactly as
 * orient3d(a, b, c, center)^2 - radius^2 |(b - a) x (c - a)|^2. a, b, c must not be collinear
 * (for collinear points both terms are zero and so is the answer). */
int col_sphere_plane_side(col_vec3 center, double radius, col_vec3 a, col_vec3 b, col_vec3 c);

/* Sign of ((b - a) x (p - a)) . ((b - a) x (c - a)): +1 when p, seen along the normal of the
 * triangle abc, lies on c's side of the line ab, 0 on the line (or when abc is degenerate). p
 * projects into the closed triangle exactly when col_prism_side(a, b, c, p),
 * col_prism_side(b, c, a, p) and col_prism_side(c, a, b, p) are all >= 0. */
int col_prism_side(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 p);

#ifdef __cplusplus
}
#endif

#endif
