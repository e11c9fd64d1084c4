/* Private: wall-clock seconds for the build times the structures report (C11 timespec_get). */
#ifndef COLLIDE_WALL_CLOCK_H
#define COLLIDE_WALL_CLOCK_H

#include <time.h>

static inline double wall_seconds(void)
{
	struct timespec t;
	if (timespec_get(&t, TIME_UTC) == 0)
		return 0.0;
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#endif
