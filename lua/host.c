/* The host program: `collide SCRIPT.lua [options] [script arguments]` runs a script LOVE-style
 * (load, update(dt), draw(g), input callbacks) in a window that reloads the script when it is
 * saved, or headless with a fixed time step and a synthetic mouse, writing PNG pictures. */
#define _POSIX_C_SOURCE 200809L

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host.h"

static void usage(FILE *out)
{
	fputs("usage: collide SCRIPT.lua [options] [arguments for the script]\n"
	      "  --headless            no window: render offscreen (EGL), fixed dt = 1/60, synthetic mouse\n"
	      "  --frames N            headless: frames to run (default 120)\n"
	      "  --screenshot FILE     write the last frame as PNG (headless, or when a window closes)\n"
	      "  --screenshot-every K  headless: also write FILE-<frame>.png every K frames\n"
	      "  --size WxH            view size in pixels (default 1280x800; headless 960x640)\n"
	      "  --watch               headless: reload the script when its file changes (always on in a "
	      "window)\n"
	      "  --help                this text\n"
	      "Arguments after the script that are not options reach it as arg[1..] and as `...`;\n"
	      "everything after `--` goes to the script unchanged.\n"
	      "In the window: Esc quits, F5 reloads, Home fits the camera to the scene.\n",
	      out);
}

typedef struct host_options {
	int frames;
	const char *screenshot;
	int screenshot_every;
	int width, height;
	bool size_given;
} host_options;

static bool parse_int(const char *text, int min, int max, int *out)
{
	char *end = NULL;
	long value = strtol(text, &end, 10);
	if (end == text || *end != '\0' || value < min || value > max)
		return false;
	*out = (int)value;
	return true;
}

/* Returns 0, or the exit status for a bad command line (-1 for --help). */
static int parse_arguments(int argc, char **argv, col_host *host, host_options *options, char **rest)
{
	bool options_done = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *value = i + 1 < argc ? argv[i + 1] : NULL;
		if (options_done || a[0] != '-' || a[1] != '-') {
			if (host->script == NULL)
				host->script = a;
			else
				rest[host->script_arg_count++] = argv[i];
			continue;
		}
		if (strcmp(a, "--") == 0) {
			options_done = true;
		} else if (strcmp(a, "--help") == 0) {
			usage(stdout);
			return -1;
		} else if (strcmp(a, "--headless") == 0) {
			host->headless = true;
		} else if (strcmp(a, "--watch") == 0) {
			host->watch = true;
		} else if (strcmp(a, "--frames") == 0 && value) {
			if (!parse_int(value, 1, 100000000, &options->frames)) {
				fprintf(stderr, "collide: --frames wants a count >= 1, got '%s'\n", value);
				return COL_HOST_EXIT_USAGE;
			}
			i++;
		} else if (strcmp(a, "--screenshot") == 0 && value) {
			options->screenshot = value;
			i++;
		} else if (strcmp(a, "--screenshot-every") == 0 && value) {
			if (!parse_int(value, 1, 100000000, &options->screenshot_every)) {
				fprintf(stderr, "collide: --screenshot-every wants a count >= 1, got '%s'\n",
				        value);
				return COL_HOST_EXIT_USAGE;
			}
			i++;
		} else if (strcmp(a, "--size") == 0 && value) {
			int w = 0, h = 0;
			char tail = 0;
			if (sscanf(value, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 8192 ||
			    h > 8192) {
				fprintf(stderr,
				        "collide: --size wants WxH between 16x16 and 8192x8192, got '%s'\n",
				        value);
				return COL_HOST_EXIT_USAGE;
			}
			options->width = w;
			options->height = h;
			options->size_given = true;
			i++;
		} else {
			fprintf(stderr, "collide: unknown option '%s' (or it needs a value)\n", a);
			usage(stderr);
			return COL_HOST_EXIT_USAGE;
		}
	}
	if (host->script == NULL) {
		usage(stderr);
		return COL_HOST_EXIT_USAGE;
	}
	return 0;
}

/* The mouse callbacks get script coordinates (2D world, or pixels in 3D mode). */
static void send_mouse_moved(col_host *host, double sx, double sy, double dsx, double dsy)
{
	double x, y, px, py;
	col_host_mouse_coordinates(host, sx, sy, &x, &y);
	col_host_mouse_coordinates(host, sx - dsx, sy - dsy, &px, &py);
	host->mouse_x = sx;
	host->mouse_y = sy;
	if (host->L == NULL || host->failed)
		return;
	lua_pushnumber(host->L, x);
	lua_pushnumber(host->L, y);
	lua_pushnumber(host->L, x - px);
	lua_pushnumber(host->L, y - py);
	col_host_call(host, "mousemoved", 4);
}

static void send_mouse_button(col_host *host, const char *name, double sx, double sy, int button)
{
	double x, y;
	col_host_mouse_coordinates(host, sx, sy, &x, &y);
	host->mouse_x = sx;
	host->mouse_y = sy;
	bool pressed = strcmp(name, "mousepressed") == 0;
	if (button == 1 && !pressed)
		col_view_claim_left_drag(host->view, false);
	if (host->L == NULL || host->failed)
		return;
	lua_pushnumber(host->L, x);
	lua_pushnumber(host->L, y);
	lua_pushinteger(host->L, button);
	col_host_call(host, name, 3);
	/* A script that returns true from mousepressed takes the left drag: the 3D camera stays. */
	if (button == 1 && pressed)
		col_view_claim_left_drag(host->view, host->returned_true);
}

static void send_key(col_host *host, const char *name, const char *key, bool repeat)
{
	if (host->L == NULL || host->failed)
		return;
	lua_pushstring(host->L, key);
	lua_pushboolean(host->L, repeat);
	col_host_call(host, name, 2);
}

static void reload(col_host *host)
{
	fprintf(stderr, "collide: reloading %s\n", host->script);
	col_view_claim_left_drag(host->view, false);
	col_host_script_load(host);
}

/* The first frame with something in it is framed, unless the script chose a camera. */
static void fit_to_scene(col_host *host)
{
	col_view *view = host->view;
	int width, height;
	col_view_size(view, &width, &height);
	col_aabb2 box2 = col_view_drawn_bounds2d(view);
	col_aabb3 box3 = col_view_drawn_bounds3d(view);
	if (!host->camera_requested && col_aabb2_is_empty(box2) && !col_aabb3_is_empty(box3))
		col_view_set_mode(view, COL_VIEW_3D);
	if (col_view_get_mode(view) == COL_VIEW_2D)
		col_camera2d_fit(col_view_camera2d(view), box2, width, height, 0.05);
	else
		col_camera3d_fit(col_view_camera3d(view), box3, width, height);
}

/* One frame: update(dt), draw(g), and the picture. */
static void run_frame(col_host *host, double dt)
{
	col_view *view = host->view;
	if (host->L && !host->failed) {
		lua_pushnumber(host->L, dt);
		col_host_call(host, "update", 1);
	}
	if (host->L && !host->failed) {
		col_host_push_graphics(host);
		col_host_call(host, "draw", 1);
	}
	if (!host->auto_fitted && !host->camera_requested) {
		col_aabb2 box2 = col_view_drawn_bounds2d(view);
		col_aabb3 box3 = col_view_drawn_bounds3d(view);
		if (!col_aabb2_is_empty(box2) || !col_aabb3_is_empty(box3)) {
			fit_to_scene(host);
			host->auto_fitted = true;
		}
	}
	col_view_end_frame(view);
	host->frame++;
}

static int write_screenshot(col_host *host, const char *path)
{
	col_error error = {0};
	if (col_view_screenshot(host->view, path, &error) != COL_OK) {
		fprintf(stderr, "collide: %s\n", error.message);
		return 1;
	}
	return 0;
}

/* FILE.png -> FILE-0060.png */
static void numbered_path(const char *path, int frame, char *out, size_t size)
{
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	if (dot == NULL || (slash && dot < slash))
		dot = path + strlen(path);
	snprintf(out, size, "%.*s-%04d%s", (int)(dot - path), path, frame, dot);
}

static int run_headless(col_host *host, const host_options *options)
{
	const double dt = 1.0 / 60.0;
	int width, height;
	col_view_size(host->view, &width, &height);
	int status = 0;
	for (int frame = 0; frame < options->frames; frame++) {
		col_view_begin_frame(host->view);
		if (host->watch && col_host_script_changed(host))
			reload(host);
		/* A Lissajous path over the view, so mouse-following scripts move as if someone played. */
		double u = 2.0 * 3.14159265358979323846 * frame / 360.0;
		double sx = width * (0.5 + 0.36 * sin(3.0 * u + 0.5)),
		       sy = height * (0.5 + 0.36 * sin(2.0 * u));
		double dsx = frame ? sx - host->mouse_x : 0.0, dsy = frame ? sy - host->mouse_y : 0.0;
		send_mouse_moved(host, sx, sy, dsx, dsy);
		run_frame(host, dt);
		if (host->failed)
			break;
		if (options->screenshot && options->screenshot_every &&
		    (frame + 1) % options->screenshot_every == 0) {
			char path[4096];
			numbered_path(options->screenshot, frame + 1, path, sizeof path);
			status |= write_screenshot(host, path);
		}
	}
	if (host->failed) {
		/* One more frame, without the script, so the picture shows the error. */
		col_view_begin_frame(host->view);
		col_view_end_frame(host->view);
	} else {
		col_host_call(host, "quit", 0);
	}
	if (options->screenshot) {
		status |= write_screenshot(host, options->screenshot);
		if (status == 0)
			fprintf(stderr, "collide: wrote %s\n", options->screenshot);
	}
	if (host->failed)
		return COL_HOST_EXIT_SCRIPT;
	return status;
}

static double seconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static int run_window(col_host *host, const host_options *options)
{
	double last = seconds(), last_poll = 0.0;
	bool running = true;
	while (running) {
		col_view_begin_frame(host->view);
		double now = seconds();
		/* The file is looked at four times a second: cheap, and fast enough to feel instant. */
		if (now - last_poll > 0.25) {
			last_poll = now;
			if (col_host_script_changed(host))
				reload(host);
		}
		col_view_event e;
		while (col_view_poll_event(host->view, &e)) {
			switch (e.type) {
			case COL_VIEW_EVENT_QUIT: running = false; break;
			case COL_VIEW_EVENT_MOUSE_PRESSED:
				send_mouse_button(host, "mousepressed", e.x, e.y, e.button);
				break;
			case COL_VIEW_EVENT_MOUSE_RELEASED:
				send_mouse_button(host, "mousereleased", e.x, e.y, e.button);
				break;
			case COL_VIEW_EVENT_MOUSE_MOVED: send_mouse_moved(host, e.x, e.y, e.dx, e.dy); break;
			case COL_VIEW_EVENT_WHEEL:
				if (host->L && !host->failed) {
					lua_pushnumber(host->L, e.dx);
					lua_pushnumber(host->L, e.dy);
					col_host_call(host, "wheelmoved", 2);
				}
				break;
			case COL_VIEW_EVENT_KEY_PRESSED:
				if (strcmp(e.key, "escape") == 0) {
					running = false;
				} else if (strcmp(e.key, "f5") == 0) {
					reload(host);
				} else if (strcmp(e.key, "home") == 0) {
					fit_to_scene(host);
				}
				send_key(host, "keypressed", e.key, e.repeat);
				break;
			case COL_VIEW_EVENT_KEY_RELEASED: send_key(host, "keyreleased", e.key, false); break;
			case COL_VIEW_EVENT_TEXT:
				if (host->L && !host->failed) {
					lua_pushstring(host->L, e.key);
					col_host_call(host, "textinput", 1);
				}
				break;
			}
		}
		now = seconds();
		double dt = now - last;
		last = now;
		if (dt > 0.25) /* after a pause (a breakpoint, a dragged window) do not leap */
			dt = 0.25;
		run_frame(host, dt);
	}
	col_host_call(host, "quit", 0);
	if (options->screenshot)
		return write_screenshot(host, options->screenshot);
	return 0;
}

int main(int argc, char **argv)
{
	/* Script prints and the host's messages interleave in order when piped. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	col_host host = {0};
	host.program = argv[0];
	host_options options = {.frames = 120, .width = 1280, .height = 800};
	char **rest = calloc((size_t)argc + 1, sizeof *rest);
	if (rest == NULL)
		return 1;
	host.script_args = rest;
	int status = parse_arguments(argc, argv, &host, &options, rest);
	if (status != 0) {
		free(rest);
		return status < 0 ? 0 : status;
	}
	if (host.headless && !options.size_given) {
		options.width = 960;
		options.height = 640;
	}
	col_view_options view_options = col_view_default_options();
	view_options.width = options.width;
	view_options.height = options.height;
	view_options.headless = host.headless;
	char title[256];
	snprintf(title, sizeof title, "collide - %s", host.script);
	view_options.title = title;
	col_error error = {0};
	if (col_view_create(&view_options, &host.view, &error) != COL_OK) {
		fprintf(stderr, "collide: %s\n", error.message);
		free(rest);
		return COL_HOST_EXIT_NO_DISPLAY;
	}
	if (!col_view_has_text(host.view))
		fprintf(stderr, "collide: no font found (install fonts-dejavu-core or set COLLIDE_FONT): HUD "
		                "text is off\n");
	col_host_script_load(&host);
	status = host.headless ? run_headless(&host, &options) : run_window(&host, &options);
	col_host_script_close(&host);
	col_view_destroy(host.view);
	free(rest);
	return status;
}
