/* The view: opens the window or the headless context, owns the renderer, the cameras and the
 * frame's batch, and turns mouse input into camera motion. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view_internal.h"

#ifndef COLLIDE_FONT_PATH
#define COLLIDE_FONT_PATH "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
#endif

col_status col_view_fail(col_error *error, col_status code, const char *format, ...)
{
	if (error) {
		va_list args;
		va_start(args, format);
		error->code = code;
		vsnprintf(error->message, sizeof error->message, format, args);
		va_end(args);
	}
	return code;
}

col_view_options col_view_default_options(void)
{
	return (col_view_options){
	    .width = 1280,
	    .height = 800,
	    .headless = false,
	    .samples = 4,
	    .title = "collide",
	    .font_path = NULL,
	    .font_size = 16.0f,
	    .background = {0.125f, 0.13f, 0.14f, 1.0f},
	};
}

static void load_font(col_view *view)
{
	const char *path = view->options.font_path;
	if (path == NULL)
		path = getenv("COLLIDE_FONT");
	if (path == NULL || path[0] == '\0')
		path = COLLIDE_FONT_PATH;
	col_font_load(&view->font, path, view->options.font_size > 4.0f ? view->options.font_size : 16.0f);
	if (view->font.loaded) {
		col_renderer_upload_font(&view->renderer, view->font.atlas, view->font.atlas_width,
		                         view->font.atlas_height);
		free(view->font.atlas); /* the GPU has it now */
		view->font.atlas = NULL;
	}
}

col_status col_view_create(const col_view_options *options, col_view **out, col_error *error)
{
	*out = NULL;
	col_view *view = calloc(1, sizeof *view);
	if (view == NULL)
		return col_view_fail(error, COL_ERROR_OUT_OF_MEMORY, "viewer: out of memory");
	view->options = options ? *options : col_view_default_options();
	if (view->options.width <= 0 || view->options.height <= 0 || view->options.width > 16384 ||
	    view->options.height > 16384) {
		free(view);
		return col_view_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                     "viewer: size %dx%d out of range 1..16384", options->width,
		                     options->height);
	}
	if (view->options.title == NULL)
		view->options.title = "collide";
	col_status status = view->options.headless ? col_platform_open_headless(view, error)
	                                           : col_platform_open_window(view, error);
	if (status) {
		free(view);
		return status;
	}
	view->width = view->options.width;
	view->height = view->options.height;
	if (!view->options.headless)
		col_platform_drawable_size(view, &view->width, &view->height);
	status = col_renderer_init(&view->renderer, view->options.samples, error);
	if (status == COL_OK)
		status = col_renderer_resize(&view->renderer, view->width, view->height, error);
	if (status) {
		col_view_destroy(view);
		return status;
	}
	load_font(view);
	col_batch_init(&view->batch);
	view->camera2d = col_camera2d_default();
	view->camera3d = col_camera3d_default();
	view->mode = COL_VIEW_2D;
	view->last_bounds2d = col_aabb2_empty();
	view->last_bounds3d = col_aabb3_empty();
	view->show_frame_time = true;
	view->last_frame_time = -1.0; /* the first frame starts the clock: loading is not a frame */
	*out = view;
	return COL_OK;
}

void col_view_destroy(col_view *view)
{
	if (view == NULL)
		return;
	col_hud_clear(view);
	free(view->error_text);
	col_batch_free(&view->batch);
	col_font_free(&view->font);
	if (view->renderer.programs[0])
		col_renderer_free(&view->renderer);
	if (view->options.headless)
		col_platform_close_headless(view);
	else
		col_platform_close_window(view);
	free(view);
}

bool col_view_is_headless(const col_view *view)
{
	return view->options.headless;
}

void col_view_size(const col_view *view, int *width, int *height)
{
	if (width)
		*width = view->width;
	if (height)
		*height = view->height;
}

const char *col_view_renderer_name(const col_view *view)
{
	return view->renderer.name;
}
bool col_view_has_text(const col_view *view)
{
	return view->font.loaded;
}
col_view_mode col_view_get_mode(const col_view *view)
{
	return view->mode;
}
void col_view_set_mode(col_view *view, col_view_mode mode)
{
	view->mode = mode;
}
col_camera2d *col_view_camera2d(col_view *view)
{
	return &view->camera2d;
}
col_camera3d *col_view_camera3d(col_view *view)
{
	return &view->camera3d;
}

col_vec2 col_view_to_world(const col_view *view, double sx, double sy)
{
	return col_camera2d_to_world(&view->camera2d, view->width, view->height, sx, sy);
}

col_aabb2 col_view_drawn_bounds2d(const col_view *view)
{
	return view->in_frame ? view->batch.bounds2d : view->last_bounds2d;
}

col_aabb3 col_view_drawn_bounds3d(const col_view *view)
{
	return view->in_frame ? view->batch.bounds3d : view->last_bounds3d;
}

void col_view_claim_left_drag(col_view *view, bool claimed) { view->platform.left_drag_claimed = claimed; }

void col_view_steer_camera(col_view *view, const col_view_event *e)
{
	bool *buttons = view->platform.buttons;
	switch (e->type) {
	case COL_VIEW_EVENT_MOUSE_PRESSED:
	case COL_VIEW_EVENT_MOUSE_RELEASED:
		if (e->button >= 1 && e->button <= 3)
			buttons[e->button] = e->type == COL_VIEW_EVENT_MOUSE_PRESSED;
		break;
	case COL_VIEW_EVENT_MOUSE_MOVED:
		if (view->mode == COL_VIEW_2D) {
			if (buttons[2] || buttons[3])
				col_camera2d_pan(&view->camera2d, e->dx, e->dy);
		} else if (buttons[1] && !view->platform.left_drag_claimed) {
			col_camera3d_orbit(&view->camera3d, e->dx, e->dy);
		} else if (buttons[2] || buttons[3]) {
			col_camera3d_pan(&view->camera3d, e->dx, e->dy, view->height);
		}
		break;
	case COL_VIEW_EVENT_WHEEL:
		if (view->mode == COL_VIEW_2D)
			col_camera2d_zoom_at(&view->camera2d, view->width, view->height, e->x, e->y,
			                     pow(1.15, e->dy));
		else
			col_camera3d_zoom(&view->camera3d, pow(0.87, e->dy));
		break;
	default: break;
	}
}

bool col_view_poll_event(col_view *view, col_view_event *event)
{
	if (view->options.headless)
		return false;
	if (!col_platform_poll(view, event))
		return false;
	col_view_steer_camera(view, event);
	return true;
}

void col_view_begin_frame(col_view *view)
{
	col_batch_clear(&view->batch);
	col_hud_clear(view);
	if (!view->options.headless) {
		int width = 0, height = 0;
		col_platform_drawable_size(view, &width, &height);
		if (width > 0 && height > 0 &&
		    col_renderer_resize(&view->renderer, width, height, NULL) == COL_OK) {
			view->width = width;
			view->height = height;
		}
	}
	if (view->last_frame_time < 0.0)
		view->last_frame_time = col_platform_seconds();
	view->in_frame = true;
}

static void screen_matrix(int width, int height, float m[16])
{
	memset(m, 0, 16 * sizeof m[0]);
	m[0] = 2.0f / (float)width;
	m[5] = -2.0f / (float)height;
	m[10] = 1.0f;
	m[12] = -1.0f;
	m[13] = 1.0f;
	m[15] = 1.0f;
}

void col_view_end_frame(col_view *view)
{
	if (!view->in_frame)
		col_view_begin_frame(view);
	view->last_bounds2d = view->batch.bounds2d;
	view->last_bounds3d = view->batch.bounds3d;
	col_hud_draw(view);

	float matrices[3][16];
	screen_matrix(view->renderer.width, view->renderer.height, matrices[COL_SPACE_SCREEN]);
	col_camera2d_matrix(&view->camera2d, view->renderer.width, view->renderer.height,
	                    matrices[COL_SPACE_2D]);
	col_camera3d_matrix(&view->camera3d, view->renderer.width, view->renderer.height,
	                    matrices[COL_SPACE_3D]);
	/* A headlight a little above and to the right of the eye: faces towards the viewer are lit,
	 * and neighbouring faces still differ. */
	col_vec3 forward, right, up;
	col_camera3d_basis(&view->camera3d, &forward, &right, &up);
	col_vec3 towards = col_vec3_normalize(
	    col_vec3_add(col_vec3_scale(forward, -1.0),
	                 col_vec3_add(col_vec3_scale(up, 0.5), col_vec3_scale(right, 0.3))));
	float light[3] = {(float)towards.x, (float)towards.y, (float)towards.z};

	col_renderer_draw(&view->renderer, &view->batch, (const float(*)[16])matrices, light,
	                  view->options.background);
	if (!view->options.headless) {
		col_renderer_present(&view->renderer, view->width, view->height);
		col_platform_swap(view);
	}
	view->in_frame = false;

	double now = col_platform_seconds();
	double ms = (now - view->last_frame_time) * 1000.0;
	view->frame_ms = view->frame_ms > 0.0 ? 0.9 * view->frame_ms + 0.1 * ms : ms;
	view->last_frame_time = now;
}

void col_view_drop_frame(col_view *view)
{
	col_batch_free(&view->batch);
	col_batch_init(&view->batch);
	col_hud_clear(view);
}

void col_view_set_error(col_view *view, const char *text)
{
	free(view->error_text);
	view->error_text = NULL;
	if (text) {
		size_t length = strlen(text);
		view->error_text = malloc(length + 1);
		if (view->error_text)
			memcpy(view->error_text, text, length + 1);
	}
}

void col_view_show_frame_time(col_view *view, bool show)
{
	view->show_frame_time = show;
}
