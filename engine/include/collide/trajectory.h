/* The query paths of source 000's timing study (4.8, Fig. 4.49): a circular path around a shape,
 * dense and coherent (90,000 positions in the study), and a linear one across it (9,000). Each
 * position carries a small uniform jitter from a seeded generator, so a path is reproducible.
 *
 * Thread safety: every function here reads only its arguments and writes only through its output
 * pointers; there is no global or static state, so any number of threads may call them at once
 * (each with its own outputs). A path is a function of its seed: no shared generator. */
#ifndef COLLIDE_TRAJECTORY_H
#define COLLIDE_TRAJECTORY_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

#define COL_TRAJECTORY_CIRCULAR_COUNT 90000
#define COL_TRAJECTORY_LINEAR_COUNT   9000

/* count positions around the circle (center, radius), counter-clockwise from angle 0, ending one
 * step before where they started; each moved by jitter * (u, v), u and v uniform in [-1, 1]. */
void col_trajectory_circular(col_vec2 center, double radius, double jitter, uint64_t seed, col_vec2 *out,
                             size_t count);

/* count positions at height y, stepping along x from x0 to x1 (both included when count > 1),
 * each moved in y by jitter * v, v uniform in [-1, 1]. */
void col_trajectory_linear(double x0, double x1, double y, double jitter, uint64_t seed, col_vec2 *out,
                           size_t count);

#ifdef __cplusplus
}
#endif

#endif
