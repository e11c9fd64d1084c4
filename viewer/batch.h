/* Private: the frame's vertex arrays and the ordered list of draw commands over them. Every
 * col_draw_* call ends here; the renderer uploads the arrays once per frame and replays the
 * commands. Consecutive calls of one kind in one space share a command, so a frame of thousands
 * of segments is a handful of GL draw calls. */
#ifndef COLLIDE_VIEWER_BATCH_H
#define COLLIDE_VIEWER_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "collide/math.h"

#include "color.h"

/* Which program draws the vertices. */
typedef enum col_pass {
	COL_PASS_FILL,    /* coloured triangles */
	COL_PASS_LINE,    /* segments widened to quads in the vertex shader */
	COL_PASS_POINT,   /* round dots, smoothed in the fragment shader */
	COL_PASS_MESH,    /* lit triangles with a face normal */
	COL_PASS_TEXT,    /* glyph quads sampling the font atlas */
	COL_PASS_CLOUD,   /* one vertex a dot (GL_POINTS): clouds of 10^6 particles */
	COL_PASS_STENCIL, /* even-odd polygon: a fan into the stencil, then a covering quad (FILL array) */
	COL_PASS_COUNT
} col_pass;

#define COL_ARRAY_COUNT 6 /* the stencil pass shares the fill array */

/* Which matrix places the vertices. */
typedef enum col_space {
	COL_SPACE_SCREEN, /* pixels, origin top-left */
	COL_SPACE_2D,     /* 2D camera */
	COL_SPACE_3D,     /* 3D camera, depth-tested */
} col_space;

typedef struct col_fill_vertex {
	float position[3];
	uint8_t color[4];
} col_fill_vertex;

/* One corner of a widened segment: the shader pushes it sideways from position, away from other. */
typedef struct col_line_vertex {
	float position[3];
	float other[3];
	float side;  /* +1 or -1: which side of the segment */
	float width; /* pixels */
	uint8_t color[4];
} col_line_vertex;

typedef struct col_point_vertex {
	float center[3];
	float corner[2]; /* (+-1, +-1) */
	float size;      /* diameter in pixels */
	uint8_t color[4];
} col_point_vertex;

typedef struct col_mesh_vertex {
	float position[3];
	float normal[3];
	uint8_t color[4];
} col_mesh_vertex;

/* A dot of a cloud: a fifth of a point's six corners, for when there are very many. */
typedef struct col_cloud_vertex {
	float position[3];
	float size; /* diameter in pixels */
	uint8_t color[4];
} col_cloud_vertex;

typedef struct col_text_vertex {
	float position[2];
	float uv[2];
	uint8_t color[4];
} col_text_vertex;

typedef struct col_command {
	col_pass pass;
	col_space space;
	int first, count; /* vertices in the pass's array */
	int cover_first;  /* stencil pass: 6 fill vertices of the covering quad */
} col_command;

typedef struct col_vertex_array {
	unsigned char *data;
	size_t stride, count, capacity; /* in vertices */
} col_vertex_array;

typedef struct col_batch {
	col_vertex_array arrays[COL_ARRAY_COUNT];
	col_command *commands;
	size_t command_count, command_capacity;
	col_aabb2 bounds2d; /* of everything drawn in 2D world space this frame */
	col_aabb3 bounds3d;
	bool out_of_memory; /* something was dropped: said once in the HUD */
} col_batch;

void col_batch_init(col_batch *batch);
void col_batch_free(col_batch *batch);
void col_batch_clear(col_batch *batch);

/* Room for count vertices of pass in space, at the end of the current command (or a new one).
 * Returns NULL, and drops the primitive, when memory runs out. */
void *col_batch_push(col_batch *batch, col_pass pass, col_space space, int count);

/* An even-odd polygon: fan vertices (a multiple of 3) and the 6 vertices of a covering quad;
 * both returned for filling. False when out of memory. */
bool col_batch_push_stencil(col_batch *batch, col_space space, int fan_count, col_fill_vertex **fan,
                            col_fill_vertex **cover);

/* The array a pass draws from. */
static inline int col_pass_array(col_pass pass)
{
	return pass == COL_PASS_STENCIL ? COL_PASS_FILL : (int)pass;
}

static inline void col_color_to_bytes(col_color c, uint8_t out[4])
{
	float v[4] = {c.r, c.g, c.b, c.a};
	for (int i = 0; i < 4; i++) {
		float x = v[i] < 0.0f ? 0.0f : (v[i] > 1.0f ? 1.0f : v[i]);
		out[i] = (uint8_t)(x * 255.0f + 0.5f);
	}
}

#endif
