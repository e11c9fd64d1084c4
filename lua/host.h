/* Private to the host program `collide`: the running script, its callbacks, the drawing table
 * `g` handed to draw(g), and what the host remembers across reloads (the cameras). */
#ifndef COLLIDE_HOST_H
#define COLLIDE_HOST_H

#include <lua.h>
#include <stdbool.h>

#include "draw.h"
#include "viewer.h"

/* Exit statuses: 0 fine, 1 a script error (headless), 2 bad command line, 3 no window or GL. */
enum { COL_HOST_EXIT_SCRIPT = 1, COL_HOST_EXIT_USAGE = 2, COL_HOST_EXIT_NO_DISPLAY = 3 };

typedef struct col_host {
	col_view *view;
	const char *program; /* argv[0], for arg[-1] */
	const char *script;  /* path of the script */
	char **script_args;  /* arguments after the script that are not host options */
	int script_arg_count;
	bool headless;
	bool watch; /* reload when the script file changes (always on in a window) */

	lua_State *L; /* NULL when no script is loaded */
	bool failed;  /* a script error: no callbacks until a successful reload */
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
/* Calls the global function name with the nargs values on top of the stack (popped either way).
 * A missing function is fine. False when it raised an error (then reported). Whether the function
 * returned a true value is left in host->returned_true. */
bool col_host_call(col_host *host, const char *name, int nargs);
/* Whether the file's modification time or size differs from when it was loaded. */
bool col_host_script_changed(col_host *host);
/* Reports a script error: stderr, the view's error panel, and no more callbacks. */
void col_host_fail(col_host *host, const char *where, const char *message);

/* host_graphics.c */
/* Pushes the drawing table `g` of the current Lua state (made once per state). */
void col_host_push_graphics(col_host *host);
/* The mouse position in the coordinates scripts get: 2D world, or pixels in 3D mode. */
void col_host_mouse_coordinates(const col_host *host, double sx, double sy, double *x, double *y);

#endif
