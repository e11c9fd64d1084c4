/* Private: what a col_view holds, shared by the files of the viewer. */
#ifndef COLLIDE_VIEWER_VIEW_INTERNAL_H
#define COLLIDE_VIEWER_VIEW_INTERNAL_H

#include "batch.h"
#include "renderer.h"
#include "text.h"
#include "viewer.h"

#define COL_HUD_LINES 64

typedef struct col_hud_line {
	char label[64];
	char *value; /* owned */
} col_hud_line;

/* The platform half: a window or a headless context. */
typedef struct col_platform {
	void *window;      /* SDL_Window */
	void *gl_context;  /* SDL_GLContext */
	void *egl_display; /* EGLDisplay */
	void *egl_context; /* EGLContext */
	bool sdl_started;
	bool buttons[4]; /* which mouse buttons are down, for camera drags */
	bool left_drag_claimed; /* the script drags with the left button: no orbit */
} col_platform;

struct col_view {
	col_view_options options;
	col_platform platform;
	col_renderer renderer;
	col_batch batch;
	col_font font;
	col_camera2d camera2d;
	col_camera3d camera3d;
	col_view_mode mode;
	int width, height;
	col_aabb2 last_bounds2d; /* of the last finished frame */
	col_aabb3 last_bounds3d;
	bool in_frame;
	col_hud_line hud[COL_HUD_LINES];
	int hud_count;
	bool show_frame_time;
	double frame_ms;        /* smoothed time between frames */
	double last_frame_time; /* seconds */
	char *error_text;       /* owned; shown in red */
};

/* Formats into error (may be NULL) and returns code. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
col_status
col_view_fail(col_error *error, col_status code, const char *format, ...);

/* window.c */
col_status col_platform_open_window(col_view *view, col_error *error);
void col_platform_close_window(col_view *view);
void col_platform_swap(col_view *view);
void col_platform_drawable_size(col_view *view, int *width, int *height);
bool col_platform_poll(col_view *view, col_view_event *event);
double col_platform_seconds(void);

/* headless.c */
col_status col_platform_open_headless(col_view *view, col_error *error);
void col_platform_close_headless(col_view *view);

/* view.c: the mouse drives the camera of the current mode (col_view_poll_event applies it to each
 * event; the event still goes to the caller). */
void col_view_steer_camera(col_view *view, const col_view_event *e);

/* hud.c: appends the HUD panel and the error panel to the batch. */
void col_hud_draw(col_view *view);
void col_hud_clear(col_view *view);

#endif
