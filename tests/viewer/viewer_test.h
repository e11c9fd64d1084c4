/* Shared by the viewer's image tests: checks that say what failed, reading pictures back, and the
 * skip code ctest understands. */
#ifndef COLLIDE_VIEWER_TEST_H
#define COLLIDE_VIEWER_TEST_H

#include <stdio.h>
#include <stdlib.h>

/* ctest's SKIP_RETURN_CODE: no EGL/Mesa means the pictures cannot be made, which is not a pass. */
#define TEST_SKIP 77

static int test_failures;

#define CHECK(cond, ...)                                                                                     \
	do {                                                                                                 \
		if (!(cond)) {                                                                               \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                 \
			fprintf(stderr, __VA_ARGS__);                                                        \
			fputc('\n', stderr);                                                                 \
			test_failures++;                                                                     \
		}                                                                                            \
	} while (0)

typedef struct rgba {
	int r, g, b, a;
} rgba;

static inline rgba pixel_at(const unsigned char *pixels, int width, int x, int y)
{
	const unsigned char *p = pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
	return (rgba){p[0], p[1], p[2], p[3]};
}

static inline int near(rgba a, int r, int g, int b, int tolerance)
{
	return abs(a.r - r) <= tolerance && abs(a.g - g) <= tolerance && abs(a.b - b) <= tolerance;
}

/* The viewer's default background, dark grey (0.125, 0.13, 0.14). */
#define BG_R 32
#define BG_G 33
#define BG_B 36

#endif
