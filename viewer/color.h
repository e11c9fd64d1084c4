/* Colours for drawing: straight (not premultiplied) RGBA in 0..1, and the names scripts use. */
#ifndef COLLIDE_VIEWER_COLOR_H
#define COLLIDE_VIEWER_COLOR_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_color {
	float r, g, b, a;
} col_color;

static inline col_color col_color_make(float r, float g, float b, float a)
{
	return (col_color){r, g, b, a};
}
static inline col_color col_color_with_alpha(col_color c, float a)
{
	return (col_color){c.r, c.g, c.b, a};
}

/* "red", "green", "orange", "grey" ... (see color.c for the list), "#rrggbb" or "#rrggbbaa".
 * Case-insensitive; returns false and leaves out alone for an unknown name. */
bool col_color_from_name(const char *name, col_color *out);

/* The names col_color_from_name knows, NULL-terminated: for error messages and docs. */
const char *const *col_color_names(void);

#ifdef __cplusplus
}
#endif

#endif
