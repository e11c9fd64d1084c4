/* The study's query paths (source 000, 4.8). splitmix64 gives the jitter, so a seed names a path. */
#include "collide/trajectory.h"

#include <math.h>

static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* Uniform in [-1, 1). */
static double symmetric(uint64_t *state)
{
	return 2.0 * (double)(next(state) >> 11) * 0x1p-53 - 1.0;
}

void col_trajectory_circular(col_vec2 center, double radius, double jitter, uint64_t seed, col_vec2 *out,
                             size_t count)
{
	uint64_t state = seed;
	for (size_t i = 0; i < count; i++) {
		double t = 2.0 * COL_PI * (double)i / (double)count;
		double jx = symmetric(&state), jy = symmetric(&state);
		out[i] = (col_vec2){center.x + radius * cos(t) + jitter * jx, center.y + radius * sin(t) + jitter * jy};
	}
}

void col_trajectory_linear(double x0, double x1, double y, double jitter, uint64_t seed, col_vec2 *out,
                           size_t count)
{
	uint64_t state = seed;
	for (size_t i = 0; i < count; i++) {
		double s = count > 1 ? (double)i / (double)(count - 1) : 0.0;
		out[i] = (col_vec2){x0 + (x1 - x0) * s, y + jitter * symmetric(&state)};
	}
}
