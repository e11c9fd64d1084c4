/* Private: the OpenGL 3.3 core renderer shared by the window and the headless context. It draws
 * a batch into a multisampled offscreen framebuffer, resolves it into a plain one (what
 * screenshots read) and, in a window, copies that to the screen. */
#ifndef COLLIDE_VIEWER_RENDERER_H
#define COLLIDE_VIEWER_RENDERER_H

#include <stdbool.h>

#include "collide/common.h"

#include "batch.h"

typedef struct col_renderer {
	unsigned programs[COL_PASS_COUNT - 1]; /* one per array's pass; the stencil pass uses FILL's */
	int u_matrix[COL_PASS_COUNT - 1];
	int u_viewport[COL_PASS_COUNT - 1];
	int u_light, u_atlas;
	unsigned vao[COL_ARRAY_COUNT], vbo[COL_ARRAY_COUNT];
	unsigned msaa_fbo, msaa_color, msaa_depth; /* what is drawn into */
	unsigned resolve_fbo, resolve_color;       /* single-sampled copy: screenshots, the window */
	unsigned font_texture;
	int width, height;
	int samples, max_samples;
	char name[128]; /* GL_RENDERER */
} col_renderer;

/* Needs a current GL 3.3 core context. */
col_status col_renderer_init(col_renderer *renderer, int samples, col_error *error);
void col_renderer_free(col_renderer *renderer);
/* (Re)makes the offscreen framebuffers when the size changed. */
col_status col_renderer_resize(col_renderer *renderer, int width, int height, col_error *error);
void col_renderer_upload_font(col_renderer *renderer, const unsigned char *atlas, int width, int height);

/* matrices: one per col_space; light: unit direction towards the light, world space. */
void col_renderer_draw(col_renderer *renderer, const col_batch *batch, const float matrices[3][16],
                       const float light[3], col_color background);
/* Copies the finished frame to framebuffer 0 (the window) of size width x height. */
void col_renderer_present(col_renderer *renderer, int width, int height);
/* RGBA8 pixels of the finished frame, top row first, alpha forced opaque; NULL out of memory. */
unsigned char *col_renderer_read(col_renderer *renderer);

#endif
