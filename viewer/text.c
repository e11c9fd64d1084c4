/* Private: baking a TrueType font with stb_truetype (from libstb) and laying out ASCII text. */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *read_file(const char *path)
{
	FILE *file = fopen(path, "rb");
	if (file == NULL)
		return NULL;
	unsigned char *data = NULL;
	long size = -1;
	if (fseek(file, 0, SEEK_END) == 0)
		size = ftell(file);
	if (size > 0 && fseek(file, 0, SEEK_SET) == 0) {
		data = malloc((size_t)size);
		if (data && fread(data, 1, (size_t)size, file) != (size_t)size) {
			free(data);
			data = NULL;
		}
	}
	fclose(file);
	return data;
}

void col_font_load(col_font *font, const char *path, float size)
{
	memset(font, 0, sizeof *font);
	font->size = size;
	unsigned char *ttf = path ? read_file(path) : NULL;
	if (ttf == NULL)
		return;
	stbtt_fontinfo info;
	if (!stbtt_InitFont(&info, ttf, stbtt_GetFontOffsetForIndex(ttf, 0))) {
		free(ttf);
		return;
	}
	/* 95 glyphs at up to ~40 px fit in 512 x 512; larger sizes get a taller atlas. */
	font->atlas_width = 512;
	font->atlas_height = size <= 24.0f ? 256 : 1024;
	font->atlas = calloc((size_t)font->atlas_width * (size_t)font->atlas_height, 1);
	if (font->atlas == NULL) {
		free(ttf);
		return;
	}
	int baked = stbtt_BakeFontBitmap(ttf, 0, size, font->atlas, font->atlas_width, font->atlas_height,
	                                 COL_FONT_FIRST, COL_FONT_GLYPHS, font->glyphs);
	int ascent, descent, gap;
	stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
	float scale = stbtt_ScaleForPixelHeight(&info, size);
	free(ttf);
	if (baked == 0) { /* not one glyph fitted: the file is not a usable font */
		free(font->atlas);
		font->atlas = NULL;
		return;
	}
	font->ascent = (float)ascent * scale;
	font->line_height = (float)(ascent - descent + gap) * scale + 2.0f;
	font->loaded = true;
}

void col_font_free(col_font *font)
{
	free(font->atlas);
	memset(font, 0, sizeof *font);
}

static int glyph_index(char c)
{
	int code = (unsigned char)c;
	if (code < COL_FONT_FIRST || code >= COL_FONT_FIRST + COL_FONT_GLYPHS)
		return '?' - COL_FONT_FIRST; /* bytes of UTF-8 and control characters show as '?' */
	return code - COL_FONT_FIRST;
}

float col_font_width(const col_font *font, const char *text)
{
	if (!font->loaded || text == NULL)
		return 0.0f;
	float widest = 0.0f, x = 0.0f;
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			x = 0.0f;
			continue;
		}
		x += font->glyphs[glyph_index(*p == '\t' ? ' ' : *p)].xadvance * (*p == '\t' ? 4.0f : 1.0f);
		if (x > widest)
			widest = x;
	}
	return widest;
}

float col_font_draw(const col_font *font, col_batch *batch, float x, float y, const char *text,
                    col_color color)
{
	if (!font->loaded || text == NULL || color.a <= 0.0f)
		return 0.0f;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	float pen_x = x, pen_y = y + font->ascent, widest = 0.0f;
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			pen_x = x;
			pen_y += font->line_height;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\r') {
			pen_x += font->glyphs[0].xadvance * (*p == '\t' ? 4.0f : (*p == '\r' ? 0.0f : 1.0f));
			continue;
		}
		stbtt_aligned_quad q;
		stbtt_GetBakedQuad(font->glyphs, font->atlas_width, font->atlas_height, glyph_index(*p),
		                   &pen_x, &pen_y, &q, 1);
		col_text_vertex *v = col_batch_push(batch, COL_PASS_TEXT, COL_SPACE_SCREEN, 6);
		if (v == NULL)
			break;
		col_text_vertex corners[4] = {
		    {{q.x0, q.y0}, {q.s0, q.t0}, {0}},
		    {{q.x1, q.y0}, {q.s1, q.t0}, {0}},
		    {{q.x1, q.y1}, {q.s1, q.t1}, {0}},
		    {{q.x0, q.y1}, {q.s0, q.t1}, {0}},
		};
		static const int order[6] = {0, 1, 2, 0, 2, 3};
		for (int i = 0; i < 6; i++) {
			v[i] = corners[order[i]];
			memcpy(v[i].color, rgba, 4);
		}
		if (pen_x - x > widest)
			widest = pen_x - x;
	}
	return widest;
}
