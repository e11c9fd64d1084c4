/* The HUD: a translucent panel of "label  value" lines at the top-left corner (frame time first),
 * and the error panel in red across the bottom. Both are drawn after the frame's own batches so
 * they stay on top. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "view_internal.h"

#define MARGIN  10.0f
#define PADDING 8.0f

static char *copy_string(const char *text)
{
	size_t length = strlen(text);
	char *copy = malloc(length + 1);
	if (copy)
		memcpy(copy, text, length + 1);
	return copy;
}

void col_draw_hud(col_view *view, const char *label, const char *value)
{
	if (view->hud_count >= COL_HUD_LINES)
		return;
	col_hud_line *line = &view->hud[view->hud_count];
	snprintf(line->label, sizeof line->label, "%s", label ? label : "");
	line->value = copy_string(value ? value : "");
	if (line->value)
		view->hud_count++;
}

void col_hud_clear(col_view *view)
{
	for (int i = 0; i < view->hud_count; i++)
		free(view->hud[i].value);
	view->hud_count = 0;
}

static int count_lines(const char *text)
{
	int lines = 1;
	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	return lines;
}

/* Breaks text into lines of at most columns characters (the font is monospace), keeping at most
 * max_rows lines (the last one ends with "..." when cut). Returns a malloc'd string. */
static char *wrap_text(const char *text, int columns, int max_rows)
{
	size_t length = strlen(text);
	char *wrapped = malloc(length * 2 + 8);
	if (wrapped == NULL)
		return NULL;
	size_t o = 0;
	int rows = 1, column = 0;
	for (const char *p = text; *p; p++) {
		if (*p == '\n' || column >= columns) {
			if (rows == max_rows) {
				memcpy(wrapped + o, "...", 3);
				o += 3;
				break;
			}
			wrapped[o++] = '\n';
			rows++;
			column = 0;
			if (*p == '\n')
				continue;
		}
		wrapped[o++] = *p == '\t' ? ' ' : *p;
		column++;
	}
	while (o > 0 && wrapped[o - 1] == '\n') /* a value ending in a newline takes no empty row */
		o--;
	wrapped[o] = '\0';
	return wrapped;
}

static float advance_of(const col_font *font)
{
	return font->glyphs[0].xadvance > 0.0f ? font->glyphs[0].xadvance : 8.0f;
}

static void draw_panel(col_view *view)
{
	col_font *font = &view->font;
	char frame_value[64];
	snprintf(frame_value, sizeof frame_value, "%.1f ms", view->frame_ms);
	int first = view->show_frame_time ? -1 : 0; /* -1: the frame-time line */
	if (first == 0 && view->hud_count == 0 && !view->batch.out_of_memory)
		return;
	float label_width = 0.0f, value_width = 0.0f;
	for (int i = first; i < view->hud_count; i++) {
		float lw = col_font_width(font, i < 0 ? "frame" : view->hud[i].label);
		label_width = lw > label_width ? lw : label_width;
	}
	float gap = advance_of(font) * 2.0f;
	int columns =
	    (int)(((float)view->width - 2.0f * (MARGIN + PADDING) - label_width - gap) / advance_of(font));
	if (columns < 12)
		columns = 12;
	int rows = 0;
	char *values[COL_HUD_LINES + 1] = {NULL};
	for (int i = first; i < view->hud_count; i++) {
		values[i + 1] = wrap_text(i < 0 ? frame_value : view->hud[i].value, columns, 12);
		const char *value = values[i + 1] ? values[i + 1] : "";
		float vw = col_font_width(font, value);
		value_width = vw > value_width ? vw : value_width;
		rows += count_lines(value);
	}
	if (view->batch.out_of_memory)
		rows++;
	float width = label_width + gap + value_width + 2.0f * PADDING;
	float height = (float)rows * font->line_height + 2.0f * PADDING - 2.0f;
	col_draw_rect_screen(view, MARGIN, MARGIN, width, height,
	                     col_color_make(0.05f, 0.055f, 0.06f, 0.72f));
	col_color label_color = col_color_make(0.55f, 0.68f, 0.82f, 1.0f);
	col_color value_color = col_color_make(0.93f, 0.94f, 0.95f, 1.0f);
	float x = MARGIN + PADDING, y = MARGIN + PADDING;
	for (int i = first; i < view->hud_count; i++) {
		const char *value = values[i + 1] ? values[i + 1] : "";
		col_font_draw(font, &view->batch, x, y, i < 0 ? "frame" : view->hud[i].label, label_color);
		col_font_draw(font, &view->batch, x + label_width + gap, y, value, value_color);
		y += (float)count_lines(value) * font->line_height;
		free(values[i + 1]);
	}
	if (view->batch.out_of_memory)
		col_font_draw(font, &view->batch, x, y, "out of memory: some shapes were dropped",
		              col_color_make(1.0f, 0.45f, 0.4f, 1.0f));
}

/* The error text, wrapped to the window, in at most the lower half of it. */
static void draw_error(col_view *view)
{
	col_font *font = &view->font;
	int columns = (int)(((float)view->width - 2.0f * (MARGIN + PADDING) - 4.0f) / advance_of(font));
	int max_rows = (int)((float)view->height * 0.5f / font->line_height);
	if (columns < 10)
		columns = 10;
	if (max_rows < 2)
		max_rows = 2;
	char *wrapped = wrap_text(view->error_text, columns, max_rows);
	if (wrapped == NULL)
		return;
	int rows = count_lines(wrapped);
	float height = (float)rows * font->line_height + 2.0f * PADDING;
	float top = (float)view->height - MARGIN - height;
	col_draw_rect_screen(view, MARGIN, top, (float)view->width - 2.0f * MARGIN, height,
	                     col_color_make(0.16f, 0.03f, 0.03f, 0.88f));
	col_draw_rect_screen(view, MARGIN, top, 4.0f, height, col_color_make(0.95f, 0.3f, 0.25f, 1.0f));
	col_font_draw(font, &view->batch, MARGIN + PADDING + 4.0f, top + PADDING, wrapped,
	              col_color_make(1.0f, 0.42f, 0.38f, 1.0f));
	free(wrapped);
}

void col_hud_draw(col_view *view)
{
	if (!view->font.loaded)
		return;
	draw_panel(view);
	if (view->error_text)
		draw_error(view);
}
