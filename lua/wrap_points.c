/* Points and results buffers: how bulk queries travel between Lua and the engine without a Lua
 * loop. collide.points{ {x, y}, ... } copies a table; collide.points(n, dim) makes a zeroed one;
 * contains_all returns a results buffer (r[i] a boolean, r:count() the number of true). */
#include "collide_lua_internal.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A buffer is one userdata: the public header struct, then its data. */
typedef struct points_block {
	col_lua_points header;
	double data[];
} points_block;

typedef struct results_block {
	col_lua_results header;
	bool data[];
} results_block;

/* Whether count items of size bytes fit after a header of head bytes without overflowing
 * size_t, within COL_LUA_MAX_POINTS (Lua's allocator then reports what it cannot give). */
static bool buffer_fits(size_t count, size_t size, size_t head)
{
	return count <= (size_t)COL_LUA_MAX_POINTS && count <= (SIZE_MAX - head) / size;
}

col_lua_points *col_lua_push_points(lua_State *L, size_t count, int dim)
{
	if (dim != 2 && dim != 3)
		luaL_error(L, "points: dimension must be 2 or 3, got %d", dim);
	size_t row = (size_t)dim * sizeof(double);
	if (!buffer_fits(count, row, sizeof(points_block)))
		luaL_error(L, "too many points (%I, at most %I)", (lua_Integer)count, COL_LUA_MAX_POINTS);
	points_block *block = lua_newuserdatauv(L, sizeof(points_block) + count * row, 0);
	block->header.dim = dim;
	block->header.count = count;
	block->header.data = block->data;
	if (count > 0)
		memset(block->data, 0, count * row);
	luaL_setmetatable(L, COL_LUA_POINTS);
	return &block->header;
}

col_lua_results *col_lua_push_results(lua_State *L, size_t count)
{
	if (!buffer_fits(count, sizeof(bool), sizeof(results_block)))
		luaL_error(L, "too many results (%I, at most %I)", (lua_Integer)count, COL_LUA_MAX_POINTS);
	results_block *block = lua_newuserdatauv(L, sizeof(results_block) + count * sizeof(bool), 0);
	block->header.count = count;
	block->header.data = block->data;
	if (count > 0)
		memset(block->data, 0, count * sizeof(bool));
	luaL_setmetatable(L, COL_LUA_RESULTS);
	return &block->header;
}

/* A closed buffer (close(), <close>, __gc) has no data and no rows; every use raises "used after
 * close". The memory is the userdata's own, so nothing is freed early. */
static void *live(lua_State *L, int idx, void *buffer, const void *data)
{
	if (buffer != NULL && data == NULL)
		col_lua_used_after_close(L, idx);
	return buffer;
}

col_lua_points *col_lua_to_points(lua_State *L, int idx)
{
	col_lua_points *points = luaL_testudata(L, idx, COL_LUA_POINTS);
	return live(L, idx, points, points != NULL ? points->data : NULL);
}

col_lua_results *col_lua_to_results(lua_State *L, int idx)
{
	col_lua_results *results = luaL_testudata(L, idx, COL_LUA_RESULTS);
	return live(L, idx, results, results != NULL ? results->data : NULL);
}

static col_lua_points *check_points(lua_State *L, int arg)
{
	col_lua_points *points = luaL_checkudata(L, arg, COL_LUA_POINTS);
	return live(L, arg, points, points->data);
}

static col_lua_results *check_results(lua_State *L, int arg)
{
	col_lua_results *results = luaL_checkudata(L, arg, COL_LUA_RESULTS);
	return live(L, arg, results, results->data);
}

static int points_close(lua_State *L)
{
	col_lua_points *points = luaL_checkudata(L, 1, COL_LUA_POINTS);
	points->data = NULL;
	points->count = 0;
	return 0;
}

static int points_closed(lua_State *L)
{
	col_lua_points *points = luaL_testudata(L, 1, COL_LUA_POINTS);
	lua_pushboolean(L, points != NULL && points->data == NULL);
	return 1;
}

static int results_close(lua_State *L)
{
	col_lua_results *results = luaL_checkudata(L, 1, COL_LUA_RESULTS);
	results->data = NULL;
	results->count = 0;
	return 0;
}

static int results_closed(lua_State *L)
{
	col_lua_results *results = luaL_testudata(L, 1, COL_LUA_RESULTS);
	lua_pushboolean(L, results != NULL && results->data == NULL);
	return 1;
}

/* The dimension of a row table: 2 or 3 (counted entries, or named x, y[, z]). */
static int row_dim(lua_State *L, int row, int arg)
{
	if (!lua_istable(L, row))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "row 1: expected a point {x, y} or {x, y, z}, got %s",
		                              luaL_typename(L, row)));
	lua_Integer n = col_lua_rawlen(L, row);
	if (n == 0) {
		bool has_z = col_lua_rawfield(L, row, "z") != LUA_TNIL;
		lua_pop(L, 1);
		return has_z ? 3 : 2;
	}
	if (n != 2 && n != 3)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(
		        L, "row 1: expected a point {x, y} or {x, y, z}, got a table of length %I", n));
	return (int)n;
}

/* Copies the array of rows at arg into a new buffer pushed on the stack. dim 0: from row 1. */
static col_lua_points *points_from_table(lua_State *L, int arg, int dim)
{
	lua_Integer n = col_lua_check_length(L, arg, arg, COL_LUA_MAX_POINTS, "points");
	if (dim == 0) {
		if (n == 0) {
			dim = 2;
		} else {
			lua_rawgeti(L, arg, 1);
			dim = row_dim(L, lua_gettop(L), arg);
			lua_pop(L, 1);
		}
	}
	col_lua_points *points = col_lua_push_points(L, (size_t)n, dim);
	char what[48];
	for (lua_Integer i = 1; i <= n; i++) {
		lua_rawgeti(L, arg, i);
		int row = lua_gettop(L);
		double *out = points->data + (size_t)(i - 1) * (size_t)dim;
		/* Fast path: a plain array of dim numbers. */
		if (lua_type(L, row) == LUA_TTABLE && col_lua_rawlen(L, row) == dim &&
		    lua_rawgeti(L, row, 1) == LUA_TNUMBER && lua_rawgeti(L, row, 2) == LUA_TNUMBER &&
		    (dim == 2 || lua_rawgeti(L, row, 3) == LUA_TNUMBER)) {
			for (int k = 0; k < dim; k++)
				out[k] = lua_tonumber(L, row + 1 + k);
			lua_settop(L, row - 1);
			if (isfinite(out[0]) && isfinite(out[1]) && (dim == 2 || isfinite(out[2])))
				continue;
			lua_rawgeti(L, arg, i); /* fall through to the slow path for its message */
		} else {
			lua_settop(L, row);
		}
		snprintf(what, sizeof what, "row %lld", (long long)i);
		if (dim == 2) {
			col_vec2 p;
			col_lua_table_point2(L, row, arg, what, &p);
			out[0] = p.x, out[1] = p.y;
		} else {
			col_vec3 p;
			col_lua_table_point3(L, row, arg, what, &p);
			out[0] = p.x, out[1] = p.y, out[2] = p.z;
		}
		lua_settop(L, row - 1);
	}
	return points;
}

col_lua_points *col_lua_check_points(lua_State *L, int arg, int dim)
{
	col_lua_points *points = col_lua_to_points(L, arg);
	if (points != NULL) {
		if (points->dim != dim)
			luaL_argerror(
			    L, arg,
			    lua_pushfstring(L, "expected %dD points, got %dD points", dim, points->dim));
		return points;
	}
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "collide.points or table of points");
	return points_from_table(L, arg, dim);
}

/* collide.points{ {x, y}, ... } / collide.points{ {x, y, z}, ... } / collide.points(n [, dim]) */
static int points_new(lua_State *L)
{
	if (lua_type(L, 1) == LUA_TNUMBER) {
		lua_Integer n = luaL_checkinteger(L, 1);
		luaL_argcheck(L, n >= 0 && n <= COL_LUA_MAX_POINTS, 1, "count out of range");
		lua_Integer dim = luaL_optinteger(L, 2, 2);
		luaL_argcheck(L, dim == 2 || dim == 3, 2, "dimension must be 2 or 3");
		col_lua_push_points(L, (size_t)n, (int)dim);
		return 1;
	}
	luaL_argexpected(L, lua_istable(L, 1), 1, "table of points or count");
	points_from_table(L, 1, 0);
	return 1;
}

/* The 0-based row of a 1-based index at arg, with a clear error out of range. */
static size_t check_index(lua_State *L, int arg, size_t count)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	if (i < 1 || (lua_Unsigned)i > count)
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "index %I out of range 1..%I", i, (lua_Integer)count));
	return (size_t)(i - 1);
}

/* pts:get(i) -> x, y[, z] */
static int points_get(lua_State *L)
{
	col_lua_points *points = check_points(L, 1);
	size_t row = check_index(L, 2, points->count);
	const double *p = points->data + row * (size_t)points->dim;
	for (int k = 0; k < points->dim; k++)
		lua_pushnumber(L, p[k]);
	return points->dim;
}

/* pts:set(i, x, y[, z]) */
static int points_set(lua_State *L)
{
	col_lua_points *points = check_points(L, 1);
	size_t row = check_index(L, 2, points->count);
	double value[3];
	for (int k = 0; k < points->dim; k++)
		value[k] = col_lua_check_finite(L, 3 + k);
	if (points->dim == 2)
		luaL_argcheck(L, lua_isnoneornil(L, 5), 5, "a 2D points buffer takes x, y only");
	memcpy(points->data + row * (size_t)points->dim, value, (size_t)points->dim * sizeof(double));
	return 0;
}

static int points_dim(lua_State *L)
{
	lua_pushinteger(L, check_points(L, 1)->dim);
	return 1;
}

static int points_len(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)check_points(L, 1)->count);
	return 1;
}

/* pts:to_table() -> { {x, y}, ... } */
static int points_to_table(lua_State *L)
{
	col_lua_points *points = check_points(L, 1);
	lua_createtable(L, points->count <= INT_MAX ? (int)points->count : 0, 0);
	for (size_t i = 0; i < points->count; i++) {
		lua_createtable(L, points->dim, 0);
		for (int k = 0; k < points->dim; k++) {
			lua_pushnumber(L, points->data[i * (size_t)points->dim + (size_t)k]);
			lua_rawseti(L, -2, k + 1);
		}
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

static int points_tostring(lua_State *L)
{
	if (((col_lua_points *)luaL_checkudata(L, 1, COL_LUA_POINTS))->data == NULL) {
		lua_pushliteral(L, "points(closed)");
		return 1;
	}
	col_lua_points *points = check_points(L, 1);
	lua_pushfstring(L, "points(%I, %dD)", (lua_Integer)points->count, points->dim);
	return 1;
}

static const luaL_Reg points_methods[] = {
    {"get", points_get},   {"set", points_set},
    {"dim", points_dim},   {"to_table", points_to_table},
    {"__len", points_len}, {"__tostring", points_tostring},
    {"close", points_close}, {"__close", points_close},
    {"__gc", points_close}, {"__closed", points_closed},
    {NULL, NULL},
};

/* ---- results ---- */

/* r:count() -> how many are true */
static int results_count(lua_State *L)
{
	col_lua_results *results = check_results(L, 1);
	size_t n = 0;
	for (size_t i = 0; i < results->count; i++)
		n += results->data[i];
	lua_pushinteger(L, (lua_Integer)n);
	return 1;
}

static int results_len(lua_State *L)
{
	lua_pushinteger(L, (lua_Integer)check_results(L, 1)->count);
	return 1;
}

/* r[i] -> boolean (nil outside 1..#r, as for a table, so ipairs works); r.name -> method. */
static int results_index(lua_State *L)
{
	luaL_checkudata(L, 1, COL_LUA_RESULTS);
	int isint = 0;
	lua_Integer i = lua_type(L, 2) == LUA_TNUMBER ? lua_tointegerx(L, 2, &isint) : 0;
	if (isint) {
		col_lua_results *results = check_results(L, 1);
		if (i >= 1 && (lua_Unsigned)i <= results->count)
			lua_pushboolean(L, results->data[i - 1]);
		else
			lua_pushnil(L);
		return 1;
	}
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(1));
	return 1;
}

/* r:to_table() -> { true, false, ... } */
static int results_to_table(lua_State *L)
{
	col_lua_results *results = check_results(L, 1);
	lua_createtable(L, results->count <= INT_MAX ? (int)results->count : 0, 0);
	for (size_t i = 0; i < results->count; i++) {
		lua_pushboolean(L, results->data[i]);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

static int results_tostring(lua_State *L)
{
	if (((col_lua_results *)luaL_checkudata(L, 1, COL_LUA_RESULTS))->data == NULL) {
		lua_pushliteral(L, "results(closed)");
		return 1;
	}
	col_lua_results *results = check_results(L, 1);
	size_t n = 0;
	for (size_t i = 0; i < results->count; i++)
		n += results->data[i];
	lua_pushfstring(L, "results(%I, %I true)", (lua_Integer)results->count, (lua_Integer)n);
	return 1;
}

static const luaL_Reg results_metamethods[] = {
    {"__len", results_len},
    {"__close", results_close},
    {"__gc", results_close},
    {"__closed", results_closed},
    {"__tostring", results_tostring},
    {NULL, NULL},
};

static const luaL_Reg results_methods[] = {
    {"count", results_count},
    {"to_table", results_to_table},
    {"close", results_close},
    {NULL, NULL},
};

void col_lua_open_points(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_POINTS, points_methods, true);
	lua_pop(L, 1);

	col_lua_new_type(L, COL_LUA_RESULTS, results_metamethods, false);
	luaL_newlib(L, results_methods);
	lua_pushcclosure(L, results_index, 1);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);

	lua_pushcfunction(L, points_new);
	lua_setfield(L, -2, "points");
}
