/* Private: the HUD font, baked once at start-up from a TrueType file into a one-channel atlas
 * (printable ASCII), and the layout of strings into glyph quads. */
#ifndef COLLIDE_VIEWER_TEXT_H
#define COLLIDE_VIEWER_TEXT_H

#include <stdbool.h>

#include <stb_truetype.h>

#include "batch.h"

#define COL_FONT_FIRST  32
#define COL_FONT_GLYPHS 95 /* ' ' .. '~' */

typedef struct col_font {
	bool loaded;       /* false: no font file; every text call draws nothing */
	float size;        /* pixel height asked for */
	float ascent;      /* baseline below the top of a line, pixels */
	float line_height; /* pixels from one baseline to the next */
	int atlas_width, atlas_height;
	unsigned char *atlas; /* coverage bytes; freed once the renderer has uploaded them */
	stbtt_bakedchar glyphs[COL_FONT_GLYPHS];
} col_font;

/* Reads and bakes the font; a missing or unreadable file leaves font->loaded false. */
void col_font_load(col_font *font, const char *path, float size);
void col_font_free(col_font *font);

/* Appends glyph quads with the top-left of the first line at (x, y); returns the widest line. */
float col_font_draw(const col_font *font, col_batch *batch, float x, float y, const char *text,
                    col_color color);
float col_font_width(const col_font *font, const char *text);

#endif
