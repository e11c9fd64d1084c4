/* What the host (and any C program embedding Lua) needs from the collide binding: the module
 * opener and access to the engine objects behind collide's userdata. */
#ifndef COLLIDE_LUA_H
#define COLLIDE_LUA_H

#include <lua.h>
#include <stdbool.h>

#include "collide/mesh.h"
#include "collide/polygon.h"
#include "collide/shapes2d.h"
#include "collide/shapes3d.h"

/* require "collide" */
int luaopen_collide(lua_State *L);

/* The engine object behind the value at idx, or NULL (false) when it is something else.
 * Pointers stay valid while the userdata is alive. */
col_polygon *col_lua_to_polygon(lua_State *L, int idx);
col_mesh *col_lua_to_mesh(lua_State *L, int idx);
bool col_lua_to_circle(lua_State *L, int idx, col_circle *out);
bool col_lua_to_segment(lua_State *L, int idx, col_segment *out);
bool col_lua_to_sphere(lua_State *L, int idx, col_sphere *out);

/* The most rows a points (or results) buffer holds: 2^34, more than any machine's memory holds
 * as doubles today, and far from the size_t overflow of count * 3 * sizeof(double). */
#define COL_LUA_MAX_POINTS ((lua_Integer)1 << 34)

/* A points buffer (collide.points): its dimension (2 or 3), count and packed doubles
 * (count <= COL_LUA_MAX_POINTS). */
typedef struct col_lua_points {
	int dim;
	size_t count;
	double *data; /* count * dim doubles, interleaved */
} col_lua_points;
col_lua_points *col_lua_to_points(lua_State *L, int idx);

/* A results buffer (what contains_all returns). */
typedef struct col_lua_results {
	size_t count;
	bool *data;
} col_lua_results;
col_lua_results *col_lua_to_results(lua_State *L, int idx);

#endif
