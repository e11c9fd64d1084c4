/* The Lua face of col_polygon: collide.polygon(outer [, {holes = {...}}]) and its queries. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <stdio.h>

/* The userdata: a pointer the engine owns; NULL once closed (<close> or __gc). */
typedef struct polygon_box {
	col_polygon *polygon;
} polygon_box;

col_polygon *col_lua_to_polygon(lua_State *L, int idx)
{
	polygon_box *box = luaL_testudata(L, idx, COL_LUA_POLYGON);
	return box != NULL ? box->polygon : NULL;
}

col_polygon *col_lua_check_polygon(lua_State *L, int arg)
{
	polygon_box *box = luaL_checkudata(L, arg, COL_LUA_POLYGON);
	if (box->polygon == NULL)
		luaL_argerror(L, arg, "polygon is closed");
	return box->polygon;
}

/* The contour at idx (a table of {x, y} or a 2D points buffer) as a points buffer; a table is
 * copied into a new buffer pushed on the stack (and left there to keep it alive). */
static col_contour read_contour(lua_State *L, int idx, int arg, const char *label)
{
	idx = lua_absindex(L, idx);
	col_lua_points *points = col_lua_to_points(L, idx);
	if (points != NULL) {
		if (points->dim != 2)
			luaL_argerror(
			    L, arg,
			    lua_pushfstring(L, "%s: expected 2D points, got %dD points", label, points->dim));
	} else {
		if (!lua_istable(L, idx))
			luaL_argerror(L, arg,
			              lua_pushfstring(L, "%s: expected a table of points {x, y}, got %s",
			                              label, luaL_typename(L, idx)));
		char what[64];
		snprintf(what, sizeof what, "%s vertices", label);
		lua_Integer n = col_lua_check_length(L, idx, arg, INT_MAX, what);
		points = col_lua_push_points(L, (size_t)n, 2);
		for (lua_Integer i = 1; i <= n; i++) {
			lua_rawgeti(L, idx, i);
			snprintf(what, sizeof what, "%s vertex %lld", label, (long long)i);
			col_vec2 p;
			col_lua_table_point2(L, -1, arg, what, &p);
			points->data[2 * (i - 1)] = p.x;
			points->data[2 * (i - 1) + 1] = p.y;
			lua_pop(L, 1);
		}
	}
	if (points->count > INT_MAX)
		luaL_argerror(L, arg, lua_pushfstring(L, "%s: too many vertices", label));
	return (col_contour){(const col_vec2 *)points->data, (int)points->count};
}

/* collide.polygon(outer [, {holes = {hole1, hole2}}]) */
static int polygon_new(lua_State *L)
{
	luaL_argexpected(L, lua_istable(L, 1) || col_lua_to_points(L, 1) != NULL, 1, "table of points");
	int hole_count = 0;
	if (!lua_isnoneornil(L, 2)) {
		static const char *const names[] = {"holes", NULL};
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "polygon", names); /* {hole = ...} must not drop the hole */
		col_lua_rawfield(L, 2, "holes");
		if (!lua_isnil(L, -1)) {
			if (!lua_istable(L, -1))
				luaL_argerror(L, 2,
				              lua_pushfstring(L,
				                              "holes: expected a table of contours, got %s",
				                              luaL_typename(L, -1)));
			hole_count = (int)col_lua_check_length(L, -1, 2, INT_MAX - 1, "holes");
		}
		lua_replace(L, 2); /* slot 2 is now the holes table (or nil) */
	}
	lua_settop(L, 2);
	col_contour *contours = lua_newuserdatauv(L, sizeof(col_contour) * (size_t)(hole_count + 1), 0);
	lua_newtable(L); /* slot 4: each hole and its copied buffer, alive until col_polygon_create */
	contours[0] = read_contour(L, 1, 1, "outer");
	int kept_from = lua_gettop(L) + 1;
	char label[32];
	for (int h = 1; h <= hole_count; h++) {
		lua_rawgeti(L, 2, h);
		snprintf(label, sizeof label, "hole %d", h);
		contours[h] = read_contour(L, -1, 2, label);
		col_lua_keep_above(L, 4, kept_from);
	}

	polygon_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->polygon = NULL;
	luaL_setmetatable(L, COL_LUA_POLYGON);
	col_error error;
	if (col_polygon_create(contours, hole_count + 1, &box->polygon, &error) != COL_OK) {
		box->polygon = NULL;
		return col_lua_arg_fail_renumbered(L, 1, &error); /* contours, edges, vertices from 1 */
	}
	return 1;
}

/* p:contains(x, y [, method]) / p:contains({x, y} [, method]) */
static bool polygon_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	col_vec2 p;
	int next = col_lua_check_point2(L, 2, &p);
	col_method method = col_lua_opt_method(L, next, COL_METHOD_DEFAULT);
	return col_polygon_contains(polygon, p, method, stats);
}

static int polygon_contains(lua_State *L)
{
	return col_lua_contains(L, polygon_contains_point, false);
}

/* p:contains_stats(x, y [, method]) -> inside, {queries, nodes_visited, primitives_tested} */
static int polygon_contains_stats(lua_State *L)
{
	return col_lua_contains(L, polygon_contains_point, true);
}

/* What p:contains_all reads before the points. */
typedef struct polygon_query {
	const col_polygon *polygon;
	col_method method;
} polygon_query;

static void polygon_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                    col_query_stats *stats)
{
	const polygon_query *q = query;
	col_polygon_contains_points(q->polygon, (const col_vec2 *)points->data, points->count, q->method,
	                            inside, stats);
}

/* p:contains_all(points [, method]) -> results, stats: one engine call for the whole buffer. */
static int polygon_contains_all(lua_State *L)
{
	polygon_query query;
	query.polygon = col_lua_check_polygon(L, 1);
	query.method = col_lua_opt_method(L, 3, COL_METHOD_DEFAULT);
	return col_lua_contains_all(L, 2, 2, polygon_contains_points, &query);
}

/* p:on_boundary(x, y) */
static int polygon_on_boundary(lua_State *L)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	lua_pushboolean(L, col_polygon_on_boundary(polygon, p, NULL));
	return 1;
}

/* p:intersects(polygon | circle | segment) */
static int polygon_intersects(lua_State *L)
{
	col_lua_check_polygon(L, 1);
	lua_pushboolean(L, col_lua_intersects2d(L, 1, 2));
	return 1;
}

static int polygon_area(lua_State *L)
{
	lua_pushnumber(L, col_polygon_area(col_lua_check_polygon(L, 1)));
	return 1;
}

/* p:bounds() -> minx, miny, maxx, maxy */
static int polygon_bounds(lua_State *L)
{
	col_aabb2 box = col_polygon_bounds(col_lua_check_polygon(L, 1));
	lua_pushnumber(L, box.min.x);
	lua_pushnumber(L, box.min.y);
	lua_pushnumber(L, box.max.x);
	lua_pushnumber(L, box.max.y);
	return 4;
}

/* p:contours() -> { outer, hole1, ... }, each { {x, y}, ... } as normalised by the engine. */
static int polygon_contours(lua_State *L)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	int count = col_polygon_contour_count(polygon);
	lua_createtable(L, count, 0);
	for (int c = 0; c < count; c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		lua_createtable(L, contour.count, 0);
		for (int i = 0; i < contour.count; i++) {
			lua_createtable(L, 2, 0);
			lua_pushnumber(L, contour.points[i].x);
			lua_rawseti(L, -2, 1);
			lua_pushnumber(L, contour.points[i].y);
			lua_rawseti(L, -2, 2);
			lua_rawseti(L, -2, i + 1);
		}
		lua_rawseti(L, -2, c + 1);
	}
	return 1;
}

static int polygon_contour_count(lua_State *L)
{
	lua_pushinteger(L, col_polygon_contour_count(col_lua_check_polygon(L, 1)));
	return 1;
}

/* p:vertex_count() and #p: vertices over all contours. */
static int polygon_vertex_count(lua_State *L)
{
	lua_pushinteger(L, col_polygon_vertex_count(col_lua_check_polygon(L, 1)));
	return 1;
}

static int polygon_tostring(lua_State *L)
{
	polygon_box *box = luaL_checkudata(L, 1, COL_LUA_POLYGON);
	if (box->polygon == NULL) {
		lua_pushliteral(L, "polygon(closed)");
		return 1;
	}
	int contours = col_polygon_contour_count(box->polygon);
	lua_pushfstring(L, "polygon(%d vertices, %d hole%s, area %f)", col_polygon_vertex_count(box->polygon),
	                contours - 1, contours == 2 ? "" : "s", (lua_Number)col_polygon_area(box->polygon));
	return 1;
}

/* __gc and __close: release the engine object once; later calls see "polygon is closed". */
static int polygon_release(lua_State *L)
{
	polygon_box *box = luaL_checkudata(L, 1, COL_LUA_POLYGON);
	if (box->polygon != NULL)
		col_polygon_destroy(box->polygon);
	box->polygon = NULL;
	return 0;
}

static const luaL_Reg polygon_methods[] = {
    {"contains", polygon_contains},
    {"contains_stats", polygon_contains_stats},
    {"contains_all", polygon_contains_all},
    {"on_boundary", polygon_on_boundary},
    {"intersects", polygon_intersects},
    {"area", polygon_area},
    {"bounds", polygon_bounds},
    {"contours", polygon_contours},
    {"contour_count", polygon_contour_count},
    {"vertex_count", polygon_vertex_count},
    {"close", polygon_release},
    {"__len", polygon_vertex_count},
    {"__tostring", polygon_tostring},
    {"__gc", polygon_release},
    {"__closed", col_lua_owner_closed},
    {"__close", polygon_release},
    {NULL, NULL},
};

void col_lua_open_polygon(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_POLYGON, polygon_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, polygon_new);
	lua_setfield(L, -2, "polygon");
}
