/* The host program: `collide SCRIPT.lua [options] [script arguments]` runs a script LOVE-style
 * (load, update(dt), draw(g), input callbacks) in a window that reloads the script when it is
 * saved, or headless with a fixed time step and a synthetic mouse, writing PNG pictures. */
#define _POSIX_C_SOURCE 200809L

#include <lauxlib.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "host.h"

/* The default time budgets (--budget): generous, so that a slow machine or a sanitizer build never
 * stops an honest script, and short enough that a stuck one is noticed. */
#define DEFAULT_BUDGET_SECONDS 5.0
#define LOAD_BUDGET_FACTOR     4.0 /* the main chunk and load() build things once: 4 budgets */

/* Seconds a clean shutdown after SIGINT or SIGTERM may take before the process just ends: the
 * watchdog cannot reach a script inside a long C call or a finalizer (Lua runs __gc with hooks
 * off), and the user asked for an end. */
#define SHUTDOWN_GRACE_SECONDS 2

volatile sig_atomic_t col_host_signal;

static void say(const char *text)
{
	ssize_t written = write(STDERR_FILENO, text, strlen(text));
	(void)written;
}

/* SIGINT and SIGTERM end the host cleanly: the flag stops the main loop and, through the watchdog,
 * a script stuck in a loop. A second one while that shutdown is under way ends the process now,
 * and so does the alarm when the shutdown is still not done after the grace time. */
static void on_signal(int number)
{
	if (number == SIGALRM) {
		say("collide: the script did not stop after the signal: exiting\n");
		_exit(128 + col_host_signal);
	}
	if (col_host_signal)
		_exit(128 + number);
	col_host_signal = number;
	alarm(SHUTDOWN_GRACE_SECONDS);
}

int col_host_signal_status(void)
{
	return col_host_signal ? 128 + col_host_signal : 0;
}

/* Installed before SDL starts, which then keeps its own handlers out (it only replaces defaults). */
static void install_signal_handlers(void)
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_signal;
	sigemptyset(&action.sa_mask);
	sigaction(SIGINT, &action, NULL);
	sigaction(SIGTERM, &action, NULL);
	sigaction(SIGALRM, &action, NULL);
}

/* Address space the process holds now (its virtual size), or 0 when it cannot be read. */
static double address_space_in_use(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	if (f == NULL)
		return 0.0;
	unsigned long pages = 0;
	int read = fscanf(f, "%lu", &pages);
	fclose(f);
	long page_size = sysconf(_SC_PAGESIZE);
	return read == 1 && page_size > 0 ? (double)pages * (double)page_size : 0.0;
}

/* The default cap on the script's memory, taken once the view is open: half of the physical
 * memory, and when `ulimit -v` limits the address space, half of what the view left of it, so
 * that the renderer (Mesa's buffers, the shaders LLVM compiles on first use) keeps room after a
 * script has taken all it may. */
static size_t default_memory_limit(void)
{
	double limit = 0.0;
	long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
	if (pages > 0 && page_size > 0)
		limit = 0.5 * (double)pages * (double)page_size;
	struct rlimit address_space;
	if (getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) {
		double left = (double)address_space.rlim_cur - address_space_in_use();
		double half = left > 0.0 ? 0.5 * left : 1.0; /* nothing left: the script gets nothing */
		if (limit == 0.0 || half < limit)
			limit = half;
	}
	if (limit > (double)(SIZE_MAX / 2))
		limit = (double)(SIZE_MAX / 2);
	return (size_t)limit;
}

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
	      "  --budget SECONDS      time a callback may run before it is stopped with an error (default "
	      "5;\n"
	      "                        the main chunk and load() get 4 times it; 0: no limit)\n"
	      "  --memory MB           memory the script may allocate (default: half of the machine's, or of\n"
	      "                        `ulimit -v`; 0: no limit)\n"
	      "  --help                this text\n"
	      "Arguments after the script that are not options reach it as arg[1..] and as `...`;\n"
	      "everything after `--` goes to the script unchanged.\n"
	      "In the window: Esc quits, F5 reloads, Home fits the camera to the scene.\n"
	      "Exit status: 0; 1 script error (headless); 2 bad command line; 3 no display or GL;\n"
	      "130 SIGINT, 143 SIGTERM.\n",
	      out);
}

typedef struct host_options {
	int frames;
	const char *screenshot;
	int screenshot_every;
	int width, height;
	bool size_given;
	bool memory_given;
} host_options;

static bool parse_number(const char *text, double max, double *out)
{
	char *end = NULL;
	double value = strtod(text, &end);
	if (end == text || *end != '\0' || !(value >= 0.0 && value <= max))
		return false;
	*out = value;
	return true;
}

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
		} else if (strcmp(a, "--budget") == 0 && value) {
			if (!parse_number(value, 1e6, &host->budget)) {
				fprintf(stderr, "collide: --budget wants seconds >= 0 (0: no limit), got '%s'\n",
				        value);
				return COL_HOST_EXIT_USAGE;
			}
			host->load_budget = LOAD_BUDGET_FACTOR * host->budget;
			i++;
		} else if (strcmp(a, "--memory") == 0 && value) {
			double megabytes = 0.0;
			if (!parse_number(value, 1e9, &megabytes)) {
				fprintf(stderr, "collide: --memory wants megabytes >= 0 (0: no limit), got '%s'\n",
				        value);
				return COL_HOST_EXIT_USAGE;
			}
			host->memory_limit = (size_t)(megabytes * 1048576.0);
			options->memory_given = true;
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
	if (host->L && !host->failed)
		col_host_call(host, "draw", 0);
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
	for (int frame = 0; frame < options->frames && !col_host_signal; frame++) {
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
		if (host->failed || col_host_signal)
			break;
		if (options->screenshot && options->screenshot_every &&
		    (frame + 1) % options->screenshot_every == 0) {
			char path[4096];
			numbered_path(options->screenshot, frame + 1, path, sizeof path);
			status |= write_screenshot(host, path);
		}
	}
	if (col_host_signal)
		return col_host_signal_status(); /* no quit(), no picture: stop as asked */
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
	while (running && !col_host_signal) {
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
	if (col_host_signal)
		return col_host_signal_status();
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
	host.budget = DEFAULT_BUDGET_SECONDS;
	host.load_budget = LOAD_BUDGET_FACTOR * DEFAULT_BUDGET_SECONDS;
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
	install_signal_handlers();
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
		fprintf(stderr, "collide: %s%s\n", error.message,
		        host.headless ? "" : "; use --headless to render without a display");
		free(rest);
		return COL_HOST_EXIT_NO_DISPLAY;
	}
	if (!options.memory_given)
		host.memory_limit = default_memory_limit();
	if (!col_view_has_text(host.view))
		fprintf(stderr, "collide: no font found (install fonts-dejavu-core or set COLLIDE_FONT): HUD "
		                "text is off\n");
	col_host_script_load(&host);
	status = host.headless ? run_headless(&host, &options) : run_window(&host, &options);
	if (col_host_signal)
		fprintf(stderr, "collide: interrupted by %s\n", col_host_signal == SIGINT ? "SIGINT" : "SIGTERM");
	col_host_script_close(&host);
	col_view_destroy(host.view);
	free(rest);
	return status;
}
