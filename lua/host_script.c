/* The host's script: a fresh Lua state per (re)load, `require "collide"` preloaded, the script's
 * directory first on package.path, `arg` as stock lua sets it, and every callback run under
 * lua_pcall with a traceback, so no script can take the host down. The state's memory is capped
 * (--memory) and a watchdog hook stops a callback that runs past its time budget (--budget) or
 * when SIGINT or SIGTERM arrives. */
#define _POSIX_C_SOURCE 200809L

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "collide_lua.h"
#include "host.h"

/* The watchdog looks at the clock every this many Lua instructions: a few microseconds apart,
 * too rare to cost anything measurable. */
#define WATCHDOG_INSTRUCTIONS 10000

static double monotonic_seconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* ---- the state's memory ---- */

/* lua_Alloc with a cap: a script that grows without bound gets Lua's "not enough memory" error
 * while the process still has room for the renderer, instead of taking that room too. The host's
 * own few pushes between callbacks (running == NULL) are not capped, so they cannot fail. */
static void *limited_alloc(void *ud, void *block, size_t old_size, size_t new_size)
{
	col_host *host = ud;
	size_t old = block ? old_size : 0; /* without a block, old_size is the kind of object */
	if (new_size == 0) {
		free(block);
		host->memory_used -= old;
		return NULL;
	}
	if (host->memory_limit && host->running && new_size > old &&
	    (host->memory_used >= host->memory_limit ||
	     new_size - old > host->memory_limit - host->memory_used))
		return NULL;
	void *grown = realloc(block, new_size);
	if (grown == NULL)
		return new_size <= old ? block : NULL; /* Lua counts on shrinking never failing */
	host->memory_used = host->memory_used - old + new_size;
	return grown;
}

static col_host *host_of_state(lua_State *L)
{
	void *host = NULL;
	lua_getallocf(L, &host);
	return host;
}

/* Only reached when an error escapes every protected call, which the host never lets happen;
 * said instead of a silent abort, should that ever change. */
static int panic(lua_State *L)
{
	const char *message = lua_tostring(L, -1);
	fprintf(stderr, "collide: unprotected Lua error: %s\n", message ? message : "(not a string)");
	return 0;
}

/* The registry key of the standard library's load (a static's address: no string to make). */
static const char standard_load_key = 0;

/* warn(): off until "@on", as under stock lua (whose lauxlib warning function comes only with
 * luaL_newstate, which takes no allocator). */
static void warning(void *ud, const char *message, int continued)
{
	col_host *host = ud;
	if (!host->warning_open && message[0] == '@') {
		if (strcmp(message, "@on") == 0)
			host->warnings_on = true;
		else if (strcmp(message, "@off") == 0)
			host->warnings_on = false;
		return;
	}
	if (host->warnings_on) {
		fprintf(stderr, "%s%s%s", host->warning_open ? "" : "Lua warning: ", message,
		        continued ? "" : "\n");
		if (!continued)
			fflush(stderr);
	}
	host->warning_open = continued != 0;
}

/* ---- the watchdog ---- */

static const char *signal_name(int number)
{
	return number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "a signal";
}

/* The count hook. A signal interrupts whatever runs; a callback past its deadline gets an error
 * naming it. Raising from a count hook is allowed, and the error unwinds to the innermost pcall:
 * a script that catches it and keeps looping is caught again; once it has swallowed the
 * interruption, or run a whole second budget past its error, the host gives up on it and exits. */
static void watchdog(lua_State *L, lua_Debug *event)
{
	(void)event;
	col_host *host = host_of_state(L);
	if (col_host_signal) {
		if (host->interrupt_raised) {
			fprintf(stderr, "collide: the script kept running after %s: exiting\n",
			        signal_name(col_host_signal));
			fflush(NULL);
			_exit(col_host_signal_status());
		}
		host->interrupt_raised = true;
		luaL_where(L, 0);
		lua_pushfstring(L, "interrupted by %s", signal_name(col_host_signal));
		lua_concat(L, 2);
		lua_error(L);
	}
	if (host->deadline <= 0.0)
		return;
	double now = monotonic_seconds();
	if (now <= host->deadline)
		return;
	if (host->budget_errors > 0 && now > host->deadline + host->running_budget) {
		fprintf(stderr,
		        "collide: error in %s: still running %g s after exceeding its time budget (its "
		        "error was caught and the loop went on): exiting\n",
		        host->running, host->running_budget);
		fflush(NULL);
		_exit(COL_HOST_EXIT_SCRIPT);
	}
	host->budget_errors++;
	char budget[32]; /* lua_pushfstring knows no %g */
	snprintf(budget, sizeof budget, "%g", host->running_budget);
	/* level 0: inside a hook that is the Lua function the loop runs in, whose line is wanted */
	luaL_where(L, 0);
	lua_pushfstring(L, "%s exceeded its time budget of %s s (--budget)", host->running, budget);
	lua_concat(L, 2);
	lua_error(L);
}

/* Marks the start of a callback: its name for messages and the memory cap, and its deadline. */
static void start_running(col_host *host, const char *name, double budget)
{
	host->running = name;
	host->running_budget = budget;
	host->budget_errors = 0;
	host->deadline = budget > 0.0 ? monotonic_seconds() + budget : 0.0;
}

static void stop_running(col_host *host)
{
	host->running = NULL;
	host->deadline = 0.0;
}

/* Message handler: the error as text plus where it came from. Errors that are not strings (a
 * table thrown by error{...}) are shown by __tostring or by type. */
static int traceback(lua_State *L)
{
	const char *message = lua_tostring(L, 1);
	if (message == NULL) {
		if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
			message = lua_tostring(L, -1);
		else
			message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
	}
	luaL_traceback(L, L, message, 1);
	return 1;
}

void col_host_fail(col_host *host, const char *where, const char *message)
{
	char *text = NULL;
	if (message == NULL)
		message = "(no message)";
	size_t length = strlen(where) + strlen(message) + 32;
	text = malloc(length);
	if (text)
		snprintf(text, length, "error in %s: %s", where, message);
	fprintf(stderr, "collide: %s\n", text ? text : message);
	fflush(stderr);
	col_view_set_error(host->view, text ? text : message);
	free(text);
	host->failed = true;
}

/* After a failure the script gets no more callbacks until it reloads, so its state goes now: all
 * it allocated (a table grown until memory ran out, say) is handed back to the renderer, and what
 * the failed frame drew is dropped with it. */
static void release_failed_script(col_host *host)
{
	col_host_script_close(host);
	col_view_drop_frame(host->view);
}

/* An error that a signal caused is no script error: the main loop ends the host. */
static void fail_or_interrupted(col_host *host, const char *where, const char *message)
{
	if (col_host_signal) {
		host->failed = true;
		return;
	}
	col_host_fail(host, where, message);
}

static void read_mtime(col_host *host)
{
	struct stat info;
	if (stat(host->script, &info) == 0) {
		host->mtime_sec = (long long)info.st_mtim.tv_sec;
		host->mtime_nsec = (long long)info.st_mtim.tv_nsec;
		host->size = (long long)info.st_size;
	} else {
		host->mtime_sec = host->mtime_nsec = host->size = -1;
	}
}

bool col_host_script_changed(col_host *host)
{
	struct stat info;
	if (stat(host->script, &info) != 0)
		return false; /* being replaced by an editor: wait until it is back */
	return (long long)info.st_mtim.tv_sec != host->mtime_sec ||
	       (long long)info.st_mtim.tv_nsec != host->mtime_nsec || (long long)info.st_size != host->size;
}

/* Scripts can require modules that sit beside them: the script's own directory ("." for a bare
 * name) goes first on package.path, so `require "shapes"` finds shapes.lua next to the script
 * wherever the host was started from. Nothing needs clearing on reload: every (re)load makes a
 * fresh Lua state, so package.loaded starts empty and modules are required afresh. A directory
 * holding ';' or '?' cannot be written into a Lua path (they separate and stand for names there):
 * it is left out, and such a script can require only what the default path finds. */
static void add_script_dir_to_path(lua_State *L, const char *script)
{
	const char *slash = strrchr(script, '/');
	size_t dir_length = slash ? (size_t)(slash - script) : 1;
	const char *dir = slash ? script : ".";
	for (size_t i = 0; i < dir_length; i++) {
		if (dir[i] == ';' || dir[i] == '?')
			return;
	}
	lua_getglobal(L, "package");
	lua_getfield(L, -1, "path");
	lua_pushlstring(L, dir, dir_length); /* "" for a script in "/": then "/?.lua" */
	const char *d = lua_tostring(L, -1);
	lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;%s", d, d, lua_tostring(L, -2));
	lua_setfield(L, -4, "path");
	lua_pop(L, 3);
}

/* arg[0] the script, arg[1..] what follows it, arg[-1] the host: as stock lua does. */
static void set_arg(col_host *host)
{
	lua_State *L = host->L;
	lua_createtable(L, host->script_arg_count, 2);
	lua_pushstring(L, host->program);
	lua_rawseti(L, -2, -1);
	lua_pushstring(L, host->script);
	lua_rawseti(L, -2, 0);
	for (int i = 0; i < host->script_arg_count; i++) {
		lua_pushstring(L, host->script_args[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setglobal(L, "arg");
}

void col_host_script_close(col_host *host)
{
	if (host->L) {
		/* Closing runs the script's pending finalizers (__gc), which allocate under the cap as
		 * callbacks do. Lua runs them with hooks off: no budget reaches them (host.c's grace
		 * time after a signal does). */
		start_running(host, "a finalizer (__gc)", 0.0);
		lua_close(host->L);
		stop_running(host);
	}
	host->L = NULL;
	host->memory_used = 0;
}

/* Run under lua_pcall, so that nothing the host sets up can raise outside a protected call: the
 * standard libraries, `require "collide"`, package.path, arg. */
static int set_up_state(lua_State *L)
{
	col_host *host = host_of_state(L);
	luaL_openlibs(L);
	lua_getglobal(L, "load");
	lua_rawsetp(L, LUA_REGISTRYINDEX, &standard_load_key);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
	lua_pushcfunction(L, luaopen_collide);
	lua_setfield(L, -2, "collide");
	lua_pop(L, 1);
	add_script_dir_to_path(L, host->script);
	set_arg(host);
	return 0;
}

/* Runs the loaded main chunk (at 1) with the script arguments as `...`, as under stock lua. */
static int run_main_chunk(lua_State *L)
{
	col_host *host = host_of_state(L);
	luaL_checkstack(L, host->script_arg_count, "too many script arguments for Lua's stack");
	for (int i = 0; i < host->script_arg_count; i++)
		lua_pushstring(L, host->script_args[i]);
	lua_call(L, host->script_arg_count, 0);
	return 0;
}

bool col_host_script_load(col_host *host)
{
	col_host_script_close(host);
	read_mtime(host);
	host->failed = false;
	host->interrupt_raised = false;
	col_view_set_error(host->view, NULL);
	lua_State *L = lua_newstate(limited_alloc, host);
	if (L == NULL) {
		col_host_fail(host, "loading", "out of memory for a Lua state");
		return false;
	}
	host->L = L;
	lua_atpanic(L, panic);
	host->warnings_on = host->warning_open = false;
	lua_setwarnf(L, warning, host);
	lua_sethook(L, watchdog, LUA_MASKCOUNT, WATCHDOG_INSTRUCTIONS);

	start_running(host, "loading", 0.0);
	lua_pushcfunction(L, traceback);
	lua_pushcfunction(L, set_up_state);
	const char *where = "loading";
	/* luaL_loadfile reports (a syntax error, a missing file) rather than raising */
	int status = lua_pcall(L, 0, 0, 1);
	if (status == LUA_OK)
		status = luaL_loadfile(L, host->script);
	if (status == LUA_OK) {
		/* The main chunk, like load(), may build big structures: it gets the load budget. */
		where = "the main chunk";
		start_running(host, where, host->load_budget);
		lua_pushcfunction(L, run_main_chunk);
		lua_insert(L, -2);
		status = lua_pcall(L, 1, 0, 1);
	}
	stop_running(host);
	if (status != LUA_OK) {
		fail_or_interrupted(host, where, lua_tostring(L, -1));
		release_failed_script(host);
		return false;
	}
	lua_pop(L, 1);
	return col_host_call(host, "load", 0);
}


/* Run under lua_pcall: looks the callback up (through any metatable the script gave _G, which may
 * raise) and calls it; draw also gets `g`. Stack: the name as a light userdata, the arguments. */
static int run_callback(lua_State *L)
{
	const char *name = lua_touserdata(L, 1);
	if (strcmp(name, "draw") == 0)
		col_host_push_graphics(host_of_state(L));
	int nargs = lua_gettop(L) - 1;
	lua_getglobal(L, name);
	/* `load` is also the standard library's: a script without its own load() is not calling it. */
	lua_rawgetp(L, LUA_REGISTRYINDEX, &standard_load_key);
	bool standard = lua_rawequal(L, -1, -2);
	lua_pop(L, 1);
	if (standard || !lua_isfunction(L, -1))
		return 0; /* a missing callback is fine */
	lua_replace(L, 1);
	lua_call(L, nargs, 1);
	return 1;
}

bool col_host_call(col_host *host, const char *name, int nargs)
{
	lua_State *L = host->L;
	host->returned_true = false;
	if (L == NULL)
		return false;
	if (host->failed) {
		lua_pop(L, nargs);
		return false;
	}
	int base = lua_gettop(L) - nargs; /* the first argument is at base + 1 */
	/* handler, run_callback, name, arguments: the stack has room, as lua_call's caller promises
	 * LUA_MINSTACK free slots and the arguments took at most a few of them */
	lua_pushcfunction(L, traceback);
	lua_pushcfunction(L, run_callback);
	lua_pushlightuserdata(L, (void *)name);
	lua_rotate(L, base + 1, 3);
	bool loading = strcmp(name, "load") == 0;
	char where[64];
	snprintf(where, sizeof where, "%s()", name);
	start_running(host, where, loading ? host->load_budget : host->budget);
	int status = lua_pcall(L, nargs + 1, 1, base + 1);
	stop_running(host);
	if (status == LUA_OK) {
		host->returned_true = lua_toboolean(L, -1);
		lua_settop(L, base);
		return true;
	}
	fail_or_interrupted(host, where, lua_tostring(L, -1));
	lua_settop(L, base);
	release_failed_script(host);
	return false;
}
