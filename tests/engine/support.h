/* What the engine tests share: cmocka, the number of random cases, and a seeded random generator
 * (splitmix64) that keeps its seed for the failure message, so a failing case can be replayed.
 * Header-only: every test_*.c is its own program, and a .c file here would become a test. */
#ifndef COLLIDE_TESTS_ENGINE_SUPPORT_H
#define COLLIDE_TESTS_ENGINE_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <math.h>
#include <stdlib.h>

#include "collide/common.h"
#include "collide/math.h"

/* Random cases per randomized check; COLLIDE_FAST_TESTS (the sanitizer builds) runs a tenth. */
#ifdef COLLIDE_FAST_TESTS
enum { COLLIDE_RANDOM_CASES = 10000 };
#else
enum { COLLIDE_RANDOM_CASES = 100000 };
#endif

/* Whether the i-th of a structure's exhaustive self-checks runs: every one in the normal build;
 * every `every`-th in the sanitizer builds, which are there for memory errors and where each check
 * costs several times more (the random-case counts above are cut the same way). */
static inline bool collide_sampled_check(long i, int every)
{
	return COLLIDE_RANDOM_CASES == 100000 || i % every == 0;
}

/* Whether this is `make test-long` (COLLIDE_LONG_TESTS set and not "0" in the environment): the
 * sweeps beyond what make test needs (more than 10^5 random cases per shape class, every pose of
 * every model, every combination) run only there, so make test stays within its time on 2 cores. */
static inline bool collide_long_tests(void)
{
	const char *text = getenv("COLLIDE_LONG_TESTS");
	return text && *text && !(text[0] == '0' && text[1] == '\0');
}

typedef struct rng {
	uint64_t seed;  /* where the stream started: print it when a case fails */
	uint64_t state; /* advances by one step per draw */
} rng;

static inline rng rng_make(uint64_t seed)
{
	return (rng){seed, seed};
}

/* `fallback`, unless the environment variable COLLIDE_SEED holds a seed (decimal or 0x hex). */
static inline uint64_t rng_env_seed(uint64_t fallback)
{
	const char *text = getenv("COLLIDE_SEED");
	return text && *text ? strtoull(text, NULL, 0) : fallback;
}

/* One step of splitmix64: every draw below takes exactly one. */
static inline uint64_t rng_next(rng *r)
{
	uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* In [0, 1), on the 2^-53 grid. */
static inline double rng_unit(rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

/* In [lo, hi). */
static inline double rng_in(rng *r, double lo, double hi)
{
	return lo + (hi - lo) * rng_unit(r);
}

/* In [lo, hi], both ends included. */
static inline int rng_int(rng *r, int lo, int hi)
{
	return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

static inline bool rng_coin(rng *r)
{
	return rng_next(r) & 1;
}

/* Each coordinate in [lo, hi), drawn x first. */
static inline col_vec3 rng_vec3(rng *r, double lo, double hi)
{
	col_vec3 v;
	v.x = rng_in(r, lo, hi);
	v.y = rng_in(r, lo, hi);
	v.z = rng_in(r, lo, hi);
	return v;
}

/* A point of box b grown by 10% of its size on each side, so that both "inside" and "outside"
 * are common answers for a solid that fills b; drawn x first. */
static inline col_vec3 rng_in_grown_box(rng *r, col_aabb3 b)
{
	col_vec3 grow = col_vec3_scale(col_vec3_sub(b.max, b.min), 0.1);
	col_vec3 lo = col_vec3_sub(b.min, grow), hi = col_vec3_add(b.max, grow);
	return (col_vec3){rng_in(r, lo.x, hi.x), rng_in(r, lo.y, hi.y), rng_in(r, lo.z, hi.z)};
}

/* A uniform unit direction from 2 draws (z = 2u - 1, phi = 2 pi v), as docs/benchmarks.md draws it. */
static inline col_vec3 rng_unit_vector3(rng *r)
{
	double z = 2 * rng_unit(r) - 1, phi = 2 * COL_PI * rng_unit(r), s = sqrt(1 - z * z);
	return (col_vec3){s * cos(phi), s * sin(phi), z};
}

/* A uniform rotation from 3 draws (Shoemake), as docs/benchmarks.md draws it. */
static inline col_quat rng_unit_quat(rng *r)
{
	double u1 = rng_unit(r), u2 = rng_unit(r), u3 = rng_unit(r);
	double a = sqrt(1 - u1), b = sqrt(u1);
	return (col_quat){a * sin(2 * COL_PI * u2), a * cos(2 * COL_PI * u2), b * sin(2 * COL_PI * u3),
	                  b * cos(2 * COL_PI * u3)};
}

/* Fails the test with the engine's message when a call that must succeed does not. */
static inline void check_ok(col_status status, const col_error *error)
{
	if (status != COL_OK)
		fail_msg("unexpected failure: %s", error->message);
}

/* Fails the running test, first naming the stream's seed and the case's index. */
#define FAIL_CASE(r, i, ...)                                                                                 \
	do {                                                                                                 \
		print_error("seed 0x%016llx, case %d: ", (unsigned long long)(r)->seed, (i));                \
		fail_msg(__VA_ARGS__);                                                                       \
	} while (0)

#endif
