/* Private to the host program `collide`: the running script, its callbacks, the drawing table
 * `g` handed to draw(g), and what the host remembers across reloads (the cameras). */
#ifndef COLLIDE_HOST_H
#define COLLIDE_HOST_H

#include <lua.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "draw.h"
#include "viewer.h"

/* Exit statuses: 0 fine, 1 a script error (headless), 2 bad command line, 3 no window or GL;
 * ended by a signal: 128 + its number (130 SIGINT, 143 SIGTERM), as a shell reports it. */
enum { COL_HOST_EXIT_SCRIPT = 1, COL_HOST_EXIT_USAGE = 2, COL_HOST_EXIT_NO_DISPLAY = 3 };

/* The number of the SIGINT or SIGTERM received (0: none yet). Set by the signal handler (host.c),
 * read by the main loops and by the watchdog hook, which interrupts a script stuck in a loop. */
extern volatile sig_atomic_t col_host_signal;

typedef struct col_host {
	col_view *view;
	const char *program; /* argv[0], for arg[-1] */
	const char *script;  /* path of the script */
	char **script_args;  /* arguments after the script that are not host options */
	int script_arg_count;
	bool headless;
	bool watch; /* reload when the script file changes (always on in a window) */

	lua_State *L; /* NULL when no script is loaded (or after it failed: its memory is freed) */
	bool failed;  /* a script error: no callbacks until a successful reload */

	/* The watchdog: a callback running longer than its budget (seconds; 0 = no limit) is stopped
	 * with an error. The main chunk and load() get load_budget, every other callback budget. */
	double budget, load_budget;
	double deadline;           /* of the running callback, monotonic seconds; 0 = none running */
	const char *running;       /* name of the running callback, for the message */
	double running_budget;     /* its budget, for the message */
	int budget_errors;         /* budget errors raised in the running callback (a pcall may eat one) */
	bool interrupt_raised;     /* the hook raised the "interrupted" error for col_host_signal */

	/* The Lua state's memory: a script may allocate up to memory_limit bytes (0 = no limit), so
	 * that running out of memory is the script's error, not the renderer's crash. */
	size_t memory_limit, memory_used;
	bool warnings_on, warning_open; /* warn(): "@on" given; a message continues */
	long long mtime_sec, mtime_nsec, size;

	double mouse_x, mouse_y;    /* last mouse position, pixels */
	bool returned_true;         /* the last callback returned a true value */
	bool camera_requested;      /* the script chose a camera with g.camera2d / g.camera3d */
	bool auto_fitted;           /* the first frame with content has been framed */
	double camera2d_request[8]; /* the last request applied, so calling it every frame does not */
	int camera2d_request_size;  /* fight the mouse */
	double camera3d_request[12];
	int camera3d_request_size;
	int frame;
} col_host;

/* host_script.c */
/* (Re)loads the script into a fresh Lua state and calls load(). False on any error, which is
 * reported (stderr and the view's error panel). */
bool col_host_script_load(col_host *host);
void col_host_script_close(col_host *host);
/* Calls the global function name with the nargs values on top of the stack (popped either way);
 * "draw" gets the drawing table `g` first. A missing function is fine. False when it raised an
 * error (then reported, and the script's state closed) or was interrupted by a signal. Whether
 * the function returned a true value is left in host->returned_true. */
bool col_host_call(col_host *host, const char *name, int nargs);
/* Whether the file's modification time or size differs from when it was loaded. */
bool col_host_script_changed(col_host *host);
/* Reports a script error: stderr, the view's error panel, and no more callbacks. */
void col_host_fail(col_host *host, const char *where, const char *message);
/* The exit status for the signal received, or 0 when none was. */
int col_host_signal_status(void);

/* host_graphics.c */
/* Pushes the drawing table `g` of the current Lua state (made once per state). May raise (out of
 * memory): call it inside a protected call. */
void col_host_push_graphics(col_host *host);
/* The mouse position in the coordinates scripts get: 2D world, or pixels in 3D mode. */
void col_host_mouse_coordinates(const col_host *host, double sx, double sy, double *x, double *y);

#endif
