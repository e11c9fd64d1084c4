/* The module entry (require "collide") and the conversions every binding shares. Bindings
 * convert and call; no algorithm lives in lua/.
 *
 * No script code runs inside a binding: a binding holds pointers into engine objects that a script
 * may free with close(), so a script must not get control between fetching them and using them.
 * Tables that come from scripts are read raw (col_lua_rawfield, lua_rawgeti, col_lua_rawlen: no
 * __index, no __len), after checking that they are tables; the only metamethod called is collide's
 * own __closed (col_lua_is_closed); __tostring runs only on the way to an error. What remains is the
 * collector, which may run finalizers at any allocation: close() refuses to run inside one
 * (guarded_close below). The lua_getfield and lua_call left in the bindings read and call the
 * module's own tables and functions (package.loaded, our metatables, the GPU contexts, mesh_new). */
#include "collide_lua_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef COLLIDE_VERSION /* set by lua/CMakeLists.txt from project(); this is for other builds */
#define COLLIDE_VERSION "0.1.0"
#endif

void col_lua_new_type(lua_State *L, const char *name, const luaL_Reg *functions, bool index_self)
{
	luaL_newmetatable(L, name);
	luaL_setfuncs(L, functions, 0);
	if (index_self) {
		lua_pushvalue(L, -1);
		lua_setfield(L, -2, "__index");
	}
}

void col_lua_new_value_type(lua_State *L, const char *name, const luaL_Reg *metamethods,
                            const luaL_Reg *methods, lua_CFunction index)
{
	col_lua_new_type(L, name, metamethods, false);
	lua_newtable(L);
	luaL_setfuncs(L, methods, 0);
	lua_pushcclosure(L, index, 1);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);
}

/* ---- raw reads ---- */

int col_lua_rawfield(lua_State *L, int idx, const char *key)
{
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx)) /* a binding's slip: lua_rawget on anything else is undefined */
		return luaL_error(L, "%s: table expected, got %s", key, luaL_typename(L, idx));
	lua_pushstring(L, key);
	return lua_rawget(L, idx);
}

lua_Integer col_lua_rawlen(lua_State *L, int idx)
{
	return (lua_Integer)lua_rawlen(L, idx);
}

/* ---- lifetime ---- */

int col_lua_owner_closed(lua_State *L)
{
	/* any userdata may be passed by a script: read the pointer only when the block holds one */
	void *const *owned = lua_touserdata(L, 1);
	bool closed = owned == NULL || lua_rawlen(L, 1) < sizeof *owned || *owned == NULL;
	lua_pushboolean(L, closed);
	return 1;
}

/* Whether the metatable at idx is one that collide registered: a script can make a metatable
 * named "collide.x", but not put it in the registry. */
static bool is_collide_metatable(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	bool ours = false;
	if (col_lua_rawfield(L, idx, "__name") == LUA_TSTRING &&
	    strncmp(lua_tostring(L, -1), "collide.", 8) == 0) {
		lua_rawget(L, LUA_REGISTRYINDEX);
		ours = lua_rawequal(L, -1, idx);
	}
	lua_pop(L, 1);
	return ours;
}

bool col_lua_is_closed(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx))
		return false;
	int metatable = lua_gettop(L);
	bool closed = false;
	/* only our own __closed, a C function: a foreign userdata's metatable runs nothing */
	if (is_collide_metatable(L, metatable) &&
	    col_lua_rawfield(L, metatable, "__closed") == LUA_TFUNCTION && lua_iscfunction(L, -1)) {
		lua_pushvalue(L, idx);
		lua_call(L, 1, 1);
		closed = lua_toboolean(L, -1);
	}
	lua_settop(L, metatable - 1);
	return closed;
}

int col_lua_typeerror(lua_State *L, int arg, const char *expected)
{
	if (col_lua_is_closed(L, arg)) {
		const char *name = luaL_getmetafield(L, arg, "__name") == LUA_TSTRING ? lua_tostring(L, -1)
		                                                                       : luaL_typename(L, arg);
		return luaL_argerror(L, arg, lua_pushfstring(L, "%s expected, got closed %s", expected, name));
	}
	return luaL_typeerror(L, arg, expected);
}

int col_lua_used_after_close(lua_State *L, int idx)
{
	const char *name = "collide object";
	if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING)
		name = lua_tostring(L, -1);
	return luaL_error(L, "%s: used after close", name);
}

/* ---- close() inside a finalizer ----
 *
 * The collector may run a script's finalizer at any allocation, in the middle of a binding that
 * holds a pointer into an engine object; a finalizer that closed that object would free it under
 * the binding. So close() and __close refuse to run inside a finalizer. __gc is left as it is: the
 * collector calls it only on values nothing can reach, which no binding holds (a script that calls
 * a __gc by hand from a finalizer is not stopped). */

static bool in_finalizer(lua_State *L)
{
#if LUA_VERSION_RELEASE_NUM >= 50404
	/* every lua_gc option answers -1 while a finalizer runs; a collector the script stopped answers 0 */
	return lua_gc(L, LUA_GCISRUNNING) < 0;
#else
	/* Before 5.4.4 lua_gc answers 0 in a finalizer as for collectgarbage("stop"), so ask the debug
	 * interface instead, which names a finalizer's frame the metamethod __gc (a call by hand is a
	 * field or a method). It sees only this thread: a coroutine resumed by a finalizer is missed. */
	lua_Debug ar;
	for (int level = 0; lua_getstack(L, level, &ar); level++)
		if (lua_getinfo(L, "n", &ar) && ar.namewhat != NULL &&
		    strcmp(ar.namewhat, "metamethod") == 0 && ar.name != NULL && strcmp(ar.name, "__gc") == 0)
			return true;
	return false;
#endif
}

/* close and __close of every type: upvalue 1 the type's release function, 2 the type's name. The
 * release function is called directly, in this frame, so its errors name the method as before. */
static int guarded_close(lua_State *L)
{
	if (in_finalizer(L))
		return luaL_error(
		    L,
		    "%s: close() inside a __gc finalizer is refused (finalizers run in the middle "
		    "of other calls); the collector will release it",
		    lua_tostring(L, lua_upvalueindex(2)));
	return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* Replaces the C functions close and __close of the table at idx with guarded ones. */
static void guard_table(lua_State *L, int idx, const char *name)
{
	static const char *const keys[] = {"close", "__close"};
	idx = lua_absindex(L, idx);
	for (int k = 0; k < 2; k++) {
		lua_CFunction release =
		    col_lua_rawfield(L, idx, keys[k]) == LUA_TFUNCTION ? lua_tocfunction(L, -1) : NULL;
		lua_pop(L, 1);
		if (release == NULL || release == guarded_close)
			continue;
		lua_pushcfunction(L, release);
		lua_pushstring(L, name);
		lua_pushcclosure(L, guarded_close, 2);
		lua_setfield(L, idx, keys[k]);
	}
}

/* Guards close and __close of every collide metatable, and close in its methods (the __index table,
 * or the tables an __index closure holds as upvalues), however the type was registered. */
static void guard_closes(lua_State *L)
{
	lua_pushnil(L);
	while (lua_next(L, LUA_REGISTRYINDEX) != 0) {
		int metatable = lua_gettop(L);
		if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE &&
		    is_collide_metatable(L, metatable)) {
			const char *name = lua_tostring(L, -2);
			guard_table(L, metatable, name);
			int index = col_lua_rawfield(L, metatable, "__index");
			if (index == LUA_TTABLE && !lua_rawequal(L, -1, metatable))
				guard_table(L, -1, name);
			for (int up = 1;
			     index == LUA_TFUNCTION && lua_getupvalue(L, metatable + 1, up) != NULL; up++) {
				if (lua_istable(L, -1))
					guard_table(L, -1, name);
				lua_pop(L, 1);
			}
		}
		lua_settop(L, metatable - 1);
	}
}

/* ---- numbers ---- */

/* A "what: reason" error: an argument error at arg, or (arg 0, for field assignments) a plain
 * error at the script's line. */
static int fail_at(lua_State *L, int arg, const char *message)
{
	if (arg > 0)
		return luaL_argerror(L, arg, message);
	return luaL_error(L, "%s", message);
}

static int not_finite(lua_State *L, int arg, double value)
{
	return fail_at(L, arg,
	               lua_pushfstring(L, "expected a finite number, got %s",
	                               isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf")));
}

double col_lua_check_finite(lua_State *L, int arg)
{
	double value = luaL_checknumber(L, arg);
	if (!isfinite(value))
		not_finite(L, arg, value);
	return value;
}

double col_lua_opt_finite(lua_State *L, int arg, double fallback)
{
	return lua_isnoneornil(L, arg) ? fallback : col_lua_check_finite(L, arg);
}

int col_lua_check_int_range(lua_State *L, int arg, int min, int max)
{
	lua_Integer value = luaL_checkinteger(L, arg);
	if (value < min || value > max)
		fail_at(L, arg, lua_pushfstring(L, "%I out of range %d..%d", value, min, max));
	return (int)value;
}

lua_Integer col_lua_check_length(lua_State *L, int idx, int arg, lua_Integer max, const char *what)
{
	if (!lua_istable(L, idx))
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: table expected, got %s", what, luaL_typename(L, idx)));
	lua_Integer n = col_lua_rawlen(L, idx);
	if (n > max)
		fail_at(L, arg, lua_pushfstring(L, "%s: too many (%I, at most %I)", what, n, max));
	return n;
}

void col_lua_keep_above(lua_State *L, int keeper, int from)
{
	keeper = lua_absindex(L, keeper);
	lua_Integer kept = (lua_Integer)lua_rawlen(L, keeper);
	int top = lua_gettop(L);
	for (int i = from; i <= top; i++) {
		lua_pushvalue(L, i);
		lua_rawseti(L, keeper, ++kept);
	}
	lua_settop(L, from - 1);
}

/* The number at idx (a field just fetched) or a "what: reason" argument error. */
static double table_number(lua_State *L, int idx, int arg, const char *what, const char *name)
{
	int type = lua_type(L, idx);
	if (type != LUA_TNUMBER)
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: %s must be a number, got %s", what, name,
		                        type == LUA_TNONE ? "no value" : lua_typename(L, type)));
	double value = lua_tonumber(L, idx);
	if (!isfinite(value))
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: %s is %s", what, name, isnan(value) ? "nan" : "infinite"));
	return value;
}

/* Reads n coordinates of the point table at idx: {x, y[, z]} or {x = .., y = ..[, z = ..]}. */
static void table_point(lua_State *L, int idx, int arg, const char *what, int n, double *out)
{
	static const char *const names[3] = {"x", "y", "z"};
	idx = lua_absindex(L, idx);
	int top = lua_gettop(L);
	if (!lua_istable(L, idx))
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: expected a point {%s}, got %s", what,
		                        n == 2 ? "x, y" : "x, y, z", luaL_typename(L, idx)));
	bool named = lua_rawgeti(L, idx, 1) == LUA_TNIL && col_lua_rawfield(L, idx, "x") != LUA_TNIL;
	lua_settop(L, top);
	if (!named && col_lua_rawlen(L, idx) != n)
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: expected a point {%s}, got a table of length %I", what,
		                        n == 2 ? "x, y" : "x, y, z", col_lua_rawlen(L, idx)));
	for (int i = 0; i < n; i++) {
		if (named)
			col_lua_rawfield(L, idx, names[i]);
		else
			lua_rawgeti(L, idx, i + 1);
		out[i] = table_number(L, -1, arg, what, names[i]);
		lua_pop(L, 1);
	}
}

void col_lua_table_point2(lua_State *L, int idx, int arg, const char *what, col_vec2 *out)
{
	double xy[2];
	table_point(L, idx, arg, what, 2, xy);
	*out = (col_vec2){xy[0], xy[1]};
}

void col_lua_table_point3(lua_State *L, int idx, int arg, const char *what, col_vec3 *out)
{
	double xyz[3];
	table_point(L, idx, arg, what, 3, xyz);
	*out = (col_vec3){xyz[0], xyz[1], xyz[2]};
}

int col_lua_check_point2(lua_State *L, int arg, col_vec2 *out)
{
	if (lua_istable(L, arg)) {
		col_lua_table_point2(L, arg, arg, "point", out);
		return arg + 1;
	}
	out->x = col_lua_check_finite(L, arg);
	out->y = col_lua_check_finite(L, arg + 1);
	return arg + 2;
}

int col_lua_check_point3(lua_State *L, int arg, col_vec3 *out)
{
	if (lua_istable(L, arg)) {
		col_lua_table_point3(L, arg, arg, "point", out);
		return arg + 1;
	}
	out->x = col_lua_check_finite(L, arg);
	out->y = col_lua_check_finite(L, arg + 1);
	out->z = col_lua_check_finite(L, arg + 2);
	return arg + 3;
}

bool col_lua_field_number(lua_State *L, int idx, const char *key, int arg, const char *what, double *out)
{
	if (col_lua_rawfield(L, idx, key) == LUA_TNIL) {
		lua_pop(L, 1);
		return false;
	}
	*out = table_number(L, -1, arg, what, key);
	lua_pop(L, 1);
	return true;
}

double col_lua_assigned_number(lua_State *L, int idx, const char *type, const char *key)
{
	if (lua_type(L, idx) != LUA_TNUMBER)
		luaL_error(L, "%s.%s: expected a number, got %s", type, key, luaL_typename(L, idx));
	double value = lua_tonumber(L, idx);
	if (!isfinite(value))
		luaL_error(L, "%s.%s: expected a finite number, got %s", type, key,
		           isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf"));
	return value;
}

void col_lua_push_vec2(lua_State *L, col_vec2 p)
{
	lua_createtable(L, 2, 0);
	lua_pushnumber(L, p.x);
	lua_rawseti(L, -2, 1);
	lua_pushnumber(L, p.y);
	lua_rawseti(L, -2, 2);
}

void col_lua_push_vec3(lua_State *L, col_vec3 p)
{
	lua_createtable(L, 3, 0);
	lua_pushnumber(L, p.x);
	lua_rawseti(L, -2, 1);
	lua_pushnumber(L, p.y);
	lua_rawseti(L, -2, 2);
	lua_pushnumber(L, p.z);
	lua_rawseti(L, -2, 3);
}

/* ---- methods, statistics, errors ---- */

col_method col_lua_opt_method(lua_State *L, int arg, col_method fallback)
{
	if (lua_isnoneornil(L, arg))
		return fallback;
	const char *name = luaL_checkstring(L, arg);
	col_method method;
	if (!col_method_from_name(name, &method)) {
		luaL_Buffer b;
		luaL_buffinit(L, &b);
		luaL_addstring(&b, "unknown method '");
		luaL_addstring(&b, name);
		luaL_addstring(&b, "' (expected");
		for (int i = 0; i < COL_METHOD_COUNT; i++) {
			const char *known = col_method_name((col_method)i);
			if (known == NULL)
				continue;
			luaL_addstring(&b, i == 0 ? " '" : ", '");
			luaL_addstring(&b, known);
			luaL_addchar(&b, '\'');
		}
		luaL_addchar(&b, ')');
		luaL_pushresult(&b);
		luaL_argerror(L, arg, lua_tostring(L, -1));
	}
	return method;
}

void col_lua_push_stats(lua_State *L, const col_query_stats *stats)
{
	lua_createtable(L, 0, 4);
	lua_pushinteger(L, (lua_Integer)stats->queries);
	lua_setfield(L, -2, "queries");
	lua_pushinteger(L, (lua_Integer)stats->nodes_visited);
	lua_setfield(L, -2, "nodes_visited");
	lua_pushinteger(L, (lua_Integer)stats->primitives_tested);
	lua_setfield(L, -2, "primitives_tested");
	lua_pushinteger(L, (lua_Integer)stats->cache_hits);
	lua_setfield(L, -2, "cache_hits");
}

int col_lua_contains(lua_State *L, col_lua_contains_fn contains, bool with_stats)
{
	col_query_stats stats;
	col_query_stats_reset(&stats);
	lua_pushboolean(L, contains(L, with_stats ? &stats : NULL));
	if (!with_stats)
		return 1;
	col_lua_push_stats(L, &stats);
	return 2;
}

int col_lua_contains_all(lua_State *L, int top, int dim, col_lua_contains_points_fn contains_points,
                         const void *query)
{
	lua_settop(L, top);
	/* read raw, and no finalizer may close anything: query still points into live objects after */
	const col_lua_points *points = col_lua_check_points(L, 2, dim);
	col_lua_results *results = col_lua_push_results(L, points->count);
	col_query_stats stats;
	col_query_stats_reset(&stats);
	if (points->count > 0)
		contains_points(query, points, results->data, &stats);
	col_lua_push_stats(L, &stats);
	return 2;
}

int col_lua_arg_fail(lua_State *L, int arg, const col_error *error)
{
	return luaL_argerror(L, arg, error->message[0] ? error->message : col_status_name(error->code));
}

int col_lua_fail(lua_State *L, const col_error *error)
{
	return luaL_error(L, "%s", error->message[0] ? error->message : col_status_name(error->code));
}

/* Whether word (length n) is one of names. */
static bool word_in(const char *word, size_t n, const char *const names[])
{
	for (int i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == n && strncmp(word, names[i], n) == 0)
			return true;
	return false;
}

/* Output that never passes its size: what does not fit is dropped, and it stays terminated. */
typedef struct text_out {
	char *text;
	size_t size, used;
} text_out;

static void put_text(text_out *out, const char *text, size_t n)
{
	size_t room = out->size - 1 - out->used;
	if (n > room)
		n = room;
	memcpy(out->text + out->used, text, n);
	out->used += n;
	out->text[out->used] = '\0';
}

/* Writes the number at *p plus one and moves *p past it. */
static void put_next_index(text_out *out, const char **p)
{
	char *end, digits[24];
	long long index = strtoll(*p, &end, 10);
	int n = snprintf(digits, sizeof digits, "%lld", index + 1);
	put_text(out, digits, n > 0 ? (size_t)n : 0);
	*p = end;
}

void col_lua_renumber(const char *message, char *text, size_t size)
{
	static const char *const singular[] = {"contour", "edge", "vertex", "triangle", "face", NULL};
	static const char *const plural[] = {"contours", "edges", "vertices", "triangles", "faces", NULL};
	static const char *const polygons[] = {"triangle", "face", NULL}; /* "triangle 0 (0, 1, 1)" */
	text_out out = {text, size, 0};
	if (size == 0)
		return;
	text[0] = '\0';
	/* counted: the word before names an index; list, in_list: "edges 0 and" may go on with another;
	 * corners: the word names a triangle or face, whose vertices may follow in parentheses */
	bool counted = false, list = false, in_list = false, corners = false;
	const char *p = message;
	while (*p != '\0') {
		if (isalpha((unsigned char)*p)) {
			const char *word = p;
			while (isalpha((unsigned char)*p))
				p++;
			size_t n = (size_t)(p - word);
			bool and_more = in_list && n == 3 && strncmp(word, "and", 3) == 0;
			list = word_in(word, n, plural) || and_more;
			corners = word_in(word, n, polygons);
			counted = list || word_in(word, n, singular);
			in_list = false;
			put_text(&out, word, n);
			continue;
		}
		char *end;
		if (isdigit((unsigned char)*p) && counted && p > message && p[-1] == ' ' &&
		    (strtoll(p, &end, 10), !(*end == '.' && isdigit((unsigned char)end[1])))) {
			put_next_index(&out, &p); /* a whole number, not the start of "0.5" */
			while (*p == '-' && isdigit((unsigned char)p[1])) { /* an edge by its ends: "edge 0-1" */
				put_text(&out, p++, 1);
				put_next_index(&out, &p);
			}
			if (corners && p[0] == ' ' && p[1] == '(' && isdigit((unsigned char)p[2])) {
				const char *q = p + 2; /* "(0, 1, 1)": integers only, or it is something else */
				while (isdigit((unsigned char)*q) || *q == ',' || *q == ' ')
					q++;
				if (*q == ')') {
					put_text(&out, p, 2);
					p += 2;
					while (p < q) {
						if (isdigit((unsigned char)*p))
							put_next_index(&out, &p);
						else
							put_text(&out, p++, 1);
					}
				}
			}
			in_list = list;
			counted = corners = false;
			continue;
		}
		if (*p != ' ')
			counted = in_list = false;
		put_text(&out, p++, 1);
	}
}

int col_lua_arg_fail_renumbered(lua_State *L, int arg, const col_error *error)
{
	if (error->message[0] == '\0')
		return col_lua_arg_fail(L, arg, error);
	col_error renumbered = *error;
	col_lua_renumber(error->message, renumbered.message, sizeof renumbered.message);
	return col_lua_arg_fail(L, arg, &renumbered);
}

/* ---- the module ---- */

/* package.loaded[name] = the table at idx, unless the name is taken. */
static void register_loaded(lua_State *L, int loaded, const char *name, int idx)
{
	idx = lua_absindex(L, idx);
	if (lua_getfield(L, loaded, name) == LUA_TNIL) {
		lua_pushvalue(L, idx);
		lua_setfield(L, loaded, name);
	}
	lua_pop(L, 1);
}

/* When Lua cannot tell a function's name from the call (pcall(f, ...), a call from C), lauxlib's
 * errors look it up in package.loaded, two levels deep, and print '?' if it is not there. So the
 * module's sub-tables are registered as "collide.mesh", "collide.cga", "collide.gpu" (require
 * finds them too), and each type's methods under its metatable's name ("collide.bvh"; a type whose
 * name a sub-table has taken, collide.mesh, as "collide.mesh object"): errors then name
 * 'collide.mesh.icosphere' or 'collide.bvh.contains'. */
static void register_names(lua_State *L, int module)
{
	module = lua_absindex(L, module);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	int loaded = lua_gettop(L);
	lua_pushnil(L);
	while (lua_next(L, module) != 0) {
		if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE &&
		    strcmp(lua_tostring(L, -2), "methods") != 0)
			register_loaded(L, loaded, lua_pushfstring(L, "collide.%s", lua_tostring(L, -2)), -2);
		lua_settop(L, loaded + 1); /* the key stays for lua_next */
	}
	lua_pushnil(L);
	while (lua_next(L, LUA_REGISTRYINDEX) != 0) {
		int metatable = lua_gettop(L);
		if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE &&
		    strncmp(lua_tostring(L, -2), "collide.", 8) == 0 &&
		    lua_getfield(L, metatable, "__name") == LUA_TSTRING) {
			const char *name = lua_tostring(L, -1);
			int index = lua_getfield(L, metatable, "__index");
			/* the methods: __index itself, or the table a field-reading __index closure holds */
			if (index == LUA_TFUNCTION && lua_getupvalue(L, -1, 1) == NULL)
				lua_pushnil(L);
			if (lua_istable(L, -1)) {
				lua_getfield(L, loaded, name);
				bool taken = !lua_isnil(L, -1) && !lua_rawequal(L, -1, -2);
				lua_pop(L, 1);
				register_loaded(L, loaded, taken ? lua_pushfstring(L, "%s object", name) : name,
				                taken ? -2 : -1);
			}
		}
		lua_settop(L, metatable - 1);
	}
	lua_pop(L, 1);
}

int luaopen_collide(lua_State *L)
{
	lua_newtable(L);
	lua_pushliteral(L, COLLIDE_VERSION);
	lua_setfield(L, -2, "version");

	lua_newtable(L);
	int n = 0;
	for (int i = 0; i < COL_METHOD_COUNT; i++) {
		const char *name = col_method_name((col_method)i);
		if (name != NULL) {
			lua_pushstring(L, name);
			lua_rawseti(L, -2, ++n);
		}
	}
	lua_setfield(L, -2, "methods");

	col_lua_open_points(L);
	col_lua_open_polygon(L);
	col_lua_open_shapes2d(L);
	col_lua_open_shapes3d(L);
	col_lua_open_mesh(L);
	col_lua_open_covering(L);
	col_lua_open_tritree(L);
	col_lua_open_grid(L);
	col_lua_open_trajectory(L);
	col_lua_open_covering3d(L);
	col_lua_open_tetratree(L);
	col_lua_open_polyhedron(L);
	col_lua_open_mesh_bvh(L);
	col_lua_open_shape(L);
	col_lua_open_convex(L);
	col_lua_open_gjk(L);
	col_lua_open_epa(L);
	col_lua_open_boxtree(L);
	col_lua_open_contact(L);
	col_lua_open_cga(L);
	col_lua_open_cga_collide(L);
	col_lua_open_gpu(L);
	guard_closes(L);
	register_names(L, -1);
	return 1;
}

/* A pose {position = {x, y, z}, rotation = {x, y, z, w}} at arg (both optional; the quaternion, w
 * its scalar part, is normalised and must not be zero): the second object is rotated, then moved,
 * into the first one's frame. None or nil is the identity; unknown keys are errors. */
col_transform3 col_lua_check_pose3(lua_State *L, int arg)
{
	if (lua_isnoneornil(L, arg))
		return col_transform3_identity();
	if (!lua_istable(L, arg))
		luaL_typeerror(L, arg, "pose {position =, rotation =}");
	return col_lua_table_pose3(L, arg, arg, "pose");
}

col_transform3 col_lua_table_pose3(lua_State *L, int idx, int arg, const char *what)
{
	static const char *const names[] = {"position", "rotation", NULL};
	col_transform3 pose = col_transform3_identity();
	char name[96];
	idx = lua_absindex(L, idx);
	col_lua_check_options(L, idx, arg, what, names);
	if (col_lua_rawfield(L, idx, "position") != LUA_TNIL) {
		snprintf(name, sizeof name, "%s: position", what);
		col_lua_table_point3(L, -1, arg, name, &pose.translation);
	}
	lua_pop(L, 1);
	if (col_lua_rawfield(L, idx, "rotation") != LUA_TNIL) {
		snprintf(name, sizeof name, "%s: rotation", what);
		pose.rotation = col_lua_table_quat(L, -1, arg, name);
	}
	lua_pop(L, 1);
	return pose;
}

col_quat col_lua_table_quat(lua_State *L, int idx, int arg, const char *what)
{
	idx = lua_absindex(L, idx);
	int type = lua_type(L, idx);
	if (type != LUA_TTABLE || col_lua_rawlen(L, idx) != 4)
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: expected a quaternion {x, y, z, w}, got %s", what,
		                        type == LUA_TTABLE ? "a table of another length"
		                                           : luaL_typename(L, idx)));
	static const char *const parts[4] = {"x", "y", "z", "w"};
	double q[4];
	for (int i = 0; i < 4; i++) {
		lua_rawgeti(L, idx, i + 1);
		if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1)))
			fail_at(L, arg,
			        lua_pushfstring(L, "%s: %s must be a finite number, got %s", what, parts[i],
			                        lua_type(L, -1) == LUA_TNUMBER ? "nan or inf"
			                                                       : luaL_typename(L, -1)));
		q[i] = lua_tonumber(L, -1);
		lua_pop(L, 1);
	}
	if (q[0] == 0.0 && q[1] == 0.0 && q[2] == 0.0 && q[3] == 0.0)
		fail_at(L, arg, lua_pushfstring(L, "%s: the zero quaternion is not a rotation", what));
	return col_quat_normalize((col_quat){q[0], q[1], q[2], q[3]});
}

bool col_lua_option_bool(lua_State *L, int idx, const char *key, int arg, const char *what, bool *out)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type == LUA_TNIL) {
		lua_pop(L, 1);
		return false;
	}
	if (type != LUA_TBOOLEAN)
		fail_at(
		    L, arg,
		    lua_pushfstring(L, "%s: %s must be a boolean, got %s", what, key, lua_typename(L, type)));
	*out = lua_toboolean(L, -1);
	lua_pop(L, 1);
	return true;
}

bool col_lua_option_nonnegative(lua_State *L, int idx, const char *key, int arg, const char *what,
                                double *out)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type == LUA_TNIL) {
		lua_pop(L, 1);
		return false;
	}
	if (type != LUA_TNUMBER)
		fail_at(
		    L, arg,
		    lua_pushfstring(L, "%s: %s must be a number, got %s", what, key, lua_typename(L, type)));
	double value = lua_tonumber(L, -1);
	if (!isfinite(value) || value < 0.0) {
		const char *shown = isnan(value) ? "nan" : isinf(value) ? (value > 0 ? "inf" : "-inf") : NULL;
		if (shown == NULL)
			shown = lua_pushfstring(L, "%f", value);
		fail_at(L, arg,
		        lua_pushfstring(L, "%s: %s must be a finite number >= 0, got %s", what, key, shown));
	}
	*out = value;
	lua_pop(L, 1);
	return true;
}

void col_lua_set_vec3(lua_State *L, const char *key, col_vec3 v)
{
	col_lua_push_vec3(L, v);
	lua_setfield(L, -2, key);
}

void col_lua_set_number(lua_State *L, const char *key, double x)
{
	lua_pushnumber(L, x);
	lua_setfield(L, -2, key);
}
