/* The box toolkit of source 001's double box hierarchy (sections 3 to 5): oriented boxes and
 * their 15-axis separating-axis test, frames, the largest box inside a convex polytope (the "inner
 * box"), and the principal (PCA) frame of a set of triangles.
 *
 * A frame is an origin and three orthonormal axes; a box given as lo..hi in a frame's coordinates is
 * the oriented box col_obb_from_frame_box makes. The hierarchy keeps both boxes of a node in its
 * principal frame, and moves them with the body's pose (col_obb_transform).
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). */
#ifndef COLLIDE_OBB_H
#define COLLIDE_OBB_H

#include "collide/common.h"
#include "collide/convex.h"
#include "collide/math.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- frames and oriented boxes ---- */

/* A right-handed orthonormal frame: the point origin + y0 axes[0] + y1 axes[1] + y2 axes[2] has frame
 * coordinates (y0, y1, y2). */
typedef struct col_frame {
	col_vec3 origin;
	col_vec3 axes[3];
} col_frame;

/* An oriented box: the closed set of points center + s0 axes[0] + s1 axes[1] + s2 axes[2] with
 * |s_i| <= half_extents_i. axes are orthonormal and right-handed; a half extent may be 0 (a flat box,
 * a segment, a point). */
typedef struct col_obb {
	col_vec3 center;
	col_vec3 axes[3];
	col_vec3 half_extents;
} col_obb;

/* The model frame: origin 0, axes x, y, z. */
col_frame col_frame_identity(void);
/* Frame coordinates to world point, and back (the back map uses the axes' transpose). */
col_vec3 col_frame_to_world(const col_frame *frame, col_vec3 local);
col_vec3 col_frame_to_local(const col_frame *frame, col_vec3 world);
/* The frame carried by a rigid motion: its origin moved, its axes turned. */
col_frame col_frame_transform(col_transform3 motion, const col_frame *frame);
/* A plane n . x <= d (world) as the same half-space in frame coordinates: (R^T n) . y <= d - n . origin. */
col_plane col_frame_plane_to_local(const col_frame *frame, col_plane plane);

/* The box lo..hi of frame coordinates (lo <= hi componentwise; a reversed pair is taken as given,
 * its half extent then negative, which the overlap test does not accept) as an oriented box. */
col_obb col_obb_from_frame_box(const col_frame *frame, col_vec3 lo, col_vec3 hi);
/* The box moved by a rigid motion (body frame -> world). */
col_obb col_obb_transform(col_transform3 motion, const col_obb *box);
/* The eight corners, corner k taking +half_extents_i on axis i when bit i of k is set, -otherwise. */
void col_obb_corners(const col_obb *box, col_vec3 corners[8]);

/* Every radius in the separating-axis test is padded by COL_OBB_EPSILON (sum of the six half extents
 * + |t0| + |t1| + |t2|), t the centres' offset in a's axes: see col_obb_overlap. */
#define COL_OBB_EPSILON 1e-12

/* The number of candidate separating axes: 3 face axes of a, 3 of b, 9 edge cross products. */
#define COL_OBB_AXIS_COUNT 15

/* Whether two oriented boxes overlap, by the separating-axis theorem over 15 axes, tried in this
 * order: a's axes (#0..2), b's axes (#3..5), then the cross products a.axes[i] x b.axes[j]
 * (#6 + 3 i + j). Touching counts as overlapping. separating_axis (may be NULL) gets the index of the
 * first axis that separates, or -1 when none does.
 *
 * What is guaranteed. Each axis L compares |T . L| with the boxes' projected radii r_a + r_b, computed
 * from R = A^T B (the axes' dot products) and its absolute values. The sum r_a + r_b is padded by
 * pad = COL_OBB_EPSILON * S, S = the six half extents + |t|_1 (t = the offset of b's centre in a's
 * axes). This is Ericson's epsilon (Real-Time Collision Detection, the OBB test), applied to the radius
 * as a whole instead of to each |R_ij|: a padded |R_ij| adds nothing to an axis whose extents are 0 (the
 * common normal of two segment boxes), the whole-radius pad covers every axis. Two cases it settles:
 *  - near-parallel edges: a cross axis of near-zero length has |T . L| and r_a + r_b both near 0 and
 *    rounding would decide between them; the pad makes such an axis separate only by a margin that
 *    rounding cannot produce;
 *  - touching boxes given by rotated (rounded) axes.
 * When both boxes' axes are orthonormal to within 1e-13 (|axes_i . axes_j - delta_ij| <= 1e-13;
 * col_quat_apply and col_principal_frame give about 1e-16), the rounding of every quantity compared is
 * below the pad (it is at most about 2e-15 S plus 3 S times that tolerance), so every axis reported as
 * separating does separate the boxes as given: boxes that touch or overlap are never reported
 * separated. The answer errs only towards "overlapping": a pair reported overlapping is apart, along
 * each axis L, by at most pad / |L| (|L| = 1 for a face axis, the sine of the edges' angle for a cross
 * axis). Nearly parallel edges make that the largest: two segments of half length 1 at 1e-6 radians
 * from parallel read as overlapping up to 1e-6 apart, the worst case (the smaller of pad / angle and
 * about the angle, where a face axis takes over); random solid boxes of size about 1 brought near
 * touching read so at most about 5e-8 apart. A use that must never over-report (an inner-box accept)
 * can shrink its boxes by 1e-6 of their size.
 *
 * A NaN or infinite center, axis or extent, or a negative extent, places its box nowhere: false, and
 * separating_axis is -1. Cost: the 9 dot products of R, 3 for t, and at most 15 comparisons. */
bool col_obb_overlap(const col_obb *a, const col_obb *b, int *separating_axis);

/* The gap between the boxes' projections on candidate axis `axis` (numbered as in col_obb_overlap),
 * computed directly in world coordinates with the axis normalised: |T . L| - r_a - r_b over |L|,
 * positive when the axis separates. A cross axis of exactly parallel edges (|L| = 0) separates
 * nothing: -HUGE_VAL. For teaching and tests; col_obb_overlap does not call it. NaN for an axis outside
 * 0..14 or non-finite boxes. */
double col_obb_axis_gap(const col_obb *a, const col_obb *b, int axis);

/* ---- the largest box inside a convex polytope (source 001, section 4) ---- */

typedef enum col_inscribed_box_method {
	/* The largest-volume box aligned with the frame: maximise sum_j log(hi_j - lo_j) under the
	 * containment constraints A+ hi - A- lo <= b (one per plane), by the primal log-barrier Newton
	 * method. The paper's problem (section 4), which it solved with KNITRO. */
	COL_INSCRIBED_BOX_BARRIER = 0,
	/* The largest box of a fixed aspect (options.aspect): centre c and scale s maximising s under
	 * A c + s |A| h <= b, a linear program. Cheaper, not the paper's problem. */
	COL_INSCRIBED_BOX_FIXED_ASPECT,
} col_inscribed_box_method;

typedef struct col_inscribed_box_options {
	col_inscribed_box_method method;
	/* The barrier stops when plane_count / t, its bound on the gap in sum_j log(width_j), is below
	 * tolerance: the volume is then within a relative tolerance of the largest. 0 picks 1e-10. */
	double tolerance;
	/* Newton steps, over all barrier rounds, before it gives up (info.converged false). 0 picks
	 * 5000. */
	int max_newton_steps;
	/* Half extents (frame coordinates) whose shape the fixed-aspect box keeps; all 0 picks the
	 * polytope's own bounding box in the frame (the outer box). */
	col_vec3 aspect;
} col_inscribed_box_options;

col_inscribed_box_options col_inscribed_box_default_options(void);

typedef struct col_inscribed_box_info {
	int newton_steps;      /* over all barrier rounds (0 for the fixed-aspect LP) */
	int outer_iterations;  /* barrier rounds (t = 1, 10, 100, ...) */
	double gap;            /* plane_count / t at the last round: the bound on the log-volume gap */
	bool converged;        /* the gap reached the tolerance within max_newton_steps */
	double volume;         /* of the box returned */
	col_vec3 start_center; /* the strictly interior start: the Chebyshev centre (frame coordinates) */
	double start_radius;   /* the radius of the largest ball inside the polytope */
	col_vec3 bounds_lo;    /* the polytope's bounding box in the frame (the tight outer box) */
	col_vec3 bounds_hi;
} col_inscribed_box_info;

/* The largest-volume box lo..hi (frame coordinates) whose every point lies in the polytope
 * {x : normal_i . x <= offset_i, i < plane_count}. frame NULL means the model frame; its axes must be
 * orthonormal (to 1e-9). Normals need not be unit (each plane is scaled to a unit normal).
 * options and info may be NULL.
 *
 * How. The planes are turned into the frame. A strictly interior start, which the barrier needs, is
 * the polytope's Chebyshev centre (the centre of its largest ball), found by a small linear program
 * (simplex on its dual, Bland's rule); six more tell the polytope's extent along the frame's axes
 * (and whether it is bounded). Then Newton's method on t * (-sum log widths) - sum log slacks, 6
 * variables, with t = 1, 10, 100, ... until plane_count / t < tolerance; each step solves a 6x6
 * positive definite system by Cholesky and backtracks (Armijo, 0.25) while staying strictly inside.
 * The maximiser's widths are unique, its position need not be (a prism lets the box slide).
 *
 * The box returned is checked: its eight corners, mapped to the world by col_frame_to_world, satisfy
 * normal_i . corner <= offset_i as evaluated in doubles (the box is shrunk about its centre in the
 * rare case where rounding puts a corner a hair outside).
 *
 * Fails with COL_ERROR_INVALID_ARGUMENT for NULL planes, lo or hi, plane_count < 1, a plane with a
 * zero normal, a frame whose axes are not orthonormal, or bad options; COL_ERROR_NOT_FINITE for a NaN
 * or infinite plane or frame; COL_ERROR_DEGENERATE when the planes bound no solid: an empty polytope,
 * a flat one (its largest ball is thinner than 1e-12 of its size), or an unbounded one (fewer than 4
 * planes, or a direction in which it never ends). The message says which. */
col_status col_inscribed_box(const col_plane *planes, int plane_count, const col_frame *frame,
                             const col_inscribed_box_options *options, col_vec3 *lo, col_vec3 *hi,
                             col_inscribed_box_info *info, col_error *error);

/* ---- the principal frame (source 001, section 5) ---- */

/* Which mean and covariance the principal frame diagonalises. */
typedef enum col_centroid_mode {
	/* The paper's formula (source 001, section 5): the mean of the 3n triangle corners, and their
	 * covariance, each corner counted once per triangle that uses it. It depends on how the faces were
	 * triangulated and is not the solid's centroid. */
	COL_CENTROID_PAPER = 0,
	/* The surface with uniform density: area-weighted mean and covariance of the triangles. */
	COL_CENTROID_AREA,
	/* The solid bounded by a closed triangulated surface turned outward: its centroid and covariance,
	 * summed over signed tetrahedra from one point (the divergence theorem). */
	COL_CENTROID_VOLUME,
} col_centroid_mode;

/* Eigenvalues within this relative distance of each other (relative to the largest) count as tied. */
#define COL_PRINCIPAL_TIE 1e-9

typedef struct col_principal_info {
	col_vec3 mean;           /* the frame's origin */
	double covariance[3][3]; /* about mean, normalised by the measure (symmetric) */
	double eigenvalues[3];   /* e_i^T C e_i for the frame's axes e_i: descending (to the tie tolerance) */
	double measure;          /* 3 n (the corners counted), the area, or the volume */
	bool degenerate;         /* some eigenvalues tied: those axes were taken from the parent */
	int distinct;            /* distinct eigenvalues: 3, 2 (a two-way tie) or 1 */
	int sweeps;              /* Jacobi sweeps taken */
} col_principal_info;

/* The principal frame of triangle_count triangles: origin at their mean, axes the covariance's
 * eigenvectors (cyclic Jacobi), sorted by descending eigenvalue, each with its largest-magnitude
 * component positive (the first such component on an exact tie of magnitudes), and right-handed:
 * axes[2] = axes[0] x axes[1] (so the third's sign follows from the first two).
 *
 * Ties (eigenvalues within COL_PRINCIPAL_TIE): the eigenvectors of a tied eigenspace are arbitrary,
 * so the parent's axes are kept there (parent NULL means the model axes). A three-way tie (a Platonic
 * solid) takes the parent's three axes as they are. A two-way tie keeps the distinct eigenvector u in
 * its place in the order; the tied plane (orthogonal to u) takes the parent axis most nearly in it
 * (the lowest-numbered on a near tie), projected onto the plane and normalised, as its first axis.
 * When u is first (sign rule as above) the plane's second axis is the right-handed completion; when u
 * is last, the second is u x the first, turned to point along the parent axis it is closest to. When
 * the parent's axes span the tied plane, the frame is the parent's (to rounding).
 *
 * info may be NULL. Fails with COL_ERROR_INVALID_ARGUMENT for NULL triangles or frame,
 * triangle_count < 1, an unknown mode or a parent whose axes are not orthonormal (to 1e-9);
 * COL_ERROR_NOT_FINITE for a NaN or infinite corner or parent, or a covariance that overflows;
 * COL_ERROR_DEGENERATE for a total area of at most 1e-14 r^2 (AREA) or a total signed volume of at
 * most 1e-14 r^3 (VOLUME), r the largest coordinate difference between a corner and the corners'
 * mean: a flat or inward-turned surface. Whether the surface is closed is not checked: an open one
 * gives a volume that depends on where its tetrahedra start (the corners' mean). */
col_status col_principal_frame(const col_triangle *triangles, int triangle_count, col_centroid_mode mode,
                               const col_frame *parent, col_frame *frame, col_principal_info *info,
                               col_error *error);

#ifdef __cplusplus
}
#endif

#endif
