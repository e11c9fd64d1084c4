/* The host's script: a fresh Lua state per (re)load, `require "collide"` preloaded, the script's
 * directory first on package.path, `arg` as stock lua sets it, and every callback run under
 * lua_pcall with a traceback, so no script can take the host down. */
#define _POSIX_C_SOURCE 200809L

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collide_lua.h"
#include "host.h"

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
	if (host->L)
		lua_close(host->L);
	host->L = NULL;
}

bool col_host_script_load(col_host *host)
{
	col_host_script_close(host);
	read_mtime(host);
	host->failed = false;
	col_view_set_error(host->view, NULL);
	lua_State *L = luaL_newstate();
	if (L == NULL) {
		col_host_fail(host, "loading", "out of memory for a Lua state");
		return false;
	}
	host->L = L;
	luaL_openlibs(L);
	lua_getglobal(L, "load");
	lua_setfield(L, LUA_REGISTRYINDEX, "collide.host.stdload");
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
	lua_pushcfunction(L, luaopen_collide);
	lua_setfield(L, -2, "collide");
	lua_pop(L, 1);
	add_script_dir_to_path(L, host->script);
	set_arg(host);

	lua_pushcfunction(L, traceback);
	if (luaL_loadfile(L, host->script) != LUA_OK) {
		col_host_fail(host, "loading", lua_tostring(L, -1));
		lua_pop(L, 2);
		return false;
	}
	/* The chunk gets the script arguments as `...`, as under stock lua: room for them first
	 * (lua_checkstack, which reports instead of raising: this is no protected call). */
	if (!lua_checkstack(L, host->script_arg_count)) {
		col_host_fail(host, "loading", "too many script arguments for Lua's stack");
		lua_pop(L, 2);
		return false;
	}
	for (int i = 0; i < host->script_arg_count; i++)
		lua_pushstring(L, host->script_args[i]);
	if (lua_pcall(L, host->script_arg_count, 0, 1) != LUA_OK) {
		col_host_fail(host, "the main chunk", lua_tostring(L, -1));
		lua_pop(L, 2);
		return false;
	}
	lua_pop(L, 1);
	return col_host_call(host, "load", 0);
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
	lua_getglobal(L, name);
	/* `load` is also the standard library's: a script without its own load() is not calling it. */
	lua_getfield(L, LUA_REGISTRYINDEX, "collide.host.stdload");
	bool standard = lua_rawequal(L, -1, -2);
	lua_pop(L, 1);
	if (standard || !lua_isfunction(L, -1)) {
		lua_settop(L, base);
		return true;
	}
	lua_pushcfunction(L, traceback);
	lua_insert(L, base + 1);
	lua_insert(L, base + 2); /* handler, function, arguments */
	int status = lua_pcall(L, nargs, 1, base + 1);
	if (status == LUA_OK)
		host->returned_true = lua_toboolean(L, -1);
	else {
		char where[64];
		snprintf(where, sizeof where, "%s()", name);
		col_host_fail(host, where, lua_tostring(L, -1));
	}
	lua_settop(L, base);
	return status == LUA_OK;
}
