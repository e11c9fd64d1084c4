/* The viewer: an SDL2 window or a headless EGL context (no display, no GPU: Mesa's software
 * rasteriser), one OpenGL 3.3 core renderer for both, a 2D and a 3D camera driven by the mouse,
 * a text HUD and PNG screenshots. Drawing goes through draw.h between col_view_begin_frame and
 * col_view_end_frame. */
#ifndef COLLIDE_VIEWER_VIEWER_H
#define COLLIDE_VIEWER_VIEWER_H

#include "collide/common.h"
#include "collide/math.h"

#include "camera2d.h"
#include "camera3d.h"
#include "color.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_view col_view; /* opaque: create it, draw frames into it, destroy it */

typedef struct col_view_options {
	int width, height;     /* framebuffer size in pixels; default 1280 x 800 */
	bool headless;         /* no window: EGL surfaceless (or device) platform, render to PNG only */
	int samples;           /* multisampling for smooth edges; default 4, lowered to what GL offers */
	const char *title;     /* window title; default "collide" */
	const char *font_path; /* TrueType font for text; NULL: $COLLIDE_FONT, else DejaVu Sans Mono */
	float font_size;       /* text height in pixels; default 16 */
	col_color background;  /* default dark grey */
} col_view_options;

col_view_options col_view_default_options(void);

/* Fails with COL_ERROR_UNSUPPORTED when no window or GL 3.3 context can be made (no display, no
 * EGL/Mesa); the message says which step failed. A missing font is not an error: text is off. */
col_status col_view_create(const col_view_options *options, col_view **out, col_error *error);
void col_view_destroy(col_view *view);

bool col_view_is_headless(const col_view *view);
/* Current framebuffer size in pixels (changes when the window is resized). */
void col_view_size(const col_view *view, int *width, int *height);
/* GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)". */
const char *col_view_renderer_name(const col_view *view);
/* Whether the font was found: without it text calls draw nothing. */
bool col_view_has_text(const col_view *view);

/* ---- input (windowed; a headless view has no events) ---- */

typedef enum col_view_event_type {
	COL_VIEW_EVENT_QUIT = 1, /* the window was closed */
	COL_VIEW_EVENT_MOUSE_PRESSED,
	COL_VIEW_EVENT_MOUSE_RELEASED,
	COL_VIEW_EVENT_MOUSE_MOVED,
	COL_VIEW_EVENT_WHEEL, /* dx, dy: wheel steps, dy > 0 away from the user */
	COL_VIEW_EVENT_KEY_PRESSED,
	COL_VIEW_EVENT_KEY_RELEASED,
	COL_VIEW_EVENT_TEXT, /* key holds the UTF-8 text typed */
} col_view_event_type;

typedef struct col_view_event {
	col_view_event_type type;
	double x, y;   /* mouse position in pixels, origin at the top-left corner */
	double dx, dy; /* mouse motion in pixels, or wheel steps */
	int button;    /* 1 left, 2 right, 3 middle (LOVE's numbering) */
	bool repeat;   /* a key held down */
	char key[32];  /* lower-case key name as LOVE spells most: "a", "space", "escape", "left" */
} col_view_event;

/* Next pending event, or false when there is none. Camera controls are applied on the way: in 2D
 * the right or middle button drags the view and the wheel zooms about the cursor; in 3D the left
 * button orbits, right or middle pans, the wheel zooms. The event is still returned. */
bool col_view_poll_event(col_view *view, col_view_event *event);

/* ---- cameras ---- */

typedef enum col_view_mode {
	COL_VIEW_2D, /* the mouse drives the 2D camera */
	COL_VIEW_3D, /* the mouse drives the 3D camera */
} col_view_mode;

col_view_mode col_view_get_mode(const col_view *view);
void col_view_set_mode(col_view *view, col_view_mode mode);
col_camera2d *col_view_camera2d(col_view *view);
col_camera3d *col_view_camera3d(col_view *view);
/* While claimed (a script took a left-button press to drag something), a left drag no longer
 * orbits the 3D camera; the host claims on a press the script accepts and releases on release. */
void col_view_claim_left_drag(col_view *view, bool claimed);
/* World point under pixel (sx, sy) for the 2D camera. */
col_vec2 col_view_to_world(const col_view *view, double sx, double sy);
/* Bounds of what was drawn so far this frame (or, between frames, in the last frame). */
col_aabb2 col_view_drawn_bounds2d(const col_view *view);
col_aabb3 col_view_drawn_bounds3d(const col_view *view);

/* ---- frames ---- */

/* Starts a frame: empties the batches and the HUD. */
void col_view_begin_frame(col_view *view);
/* Draws the frame's batches in call order, then the HUD and the error panel on top, and shows
 * the result in the window (if any). The picture stays readable until the next end_frame. */
void col_view_end_frame(col_view *view);

/* Forgets what was drawn so far this frame (and the HUD lines) and hands the batches' memory back:
 * after a script failed halfway through a frame, or ran out of memory, the next picture shows
 * the error panel alone. */
void col_view_drop_frame(col_view *view);

/* Text in red over the bottom of every frame until cleared with NULL: the host's script errors. */
void col_view_set_error(col_view *view, const char *text);
/* The first HUD line: "frame 16.7 ms"; on by default. */
void col_view_show_frame_time(col_view *view, bool show);

/* RGBA8 pixels of the last finished frame, top row first; free() them. NULL when out of memory. */
unsigned char *col_view_read_pixels(col_view *view, int *width, int *height);
/* Writes the last finished frame as a PNG file. */
col_status col_view_screenshot(col_view *view, const char *path, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
