/* The Lua face of the covering grid (col_polygon_grid, the fast general point method) and of the
 * quadtree (col_quadtree, the crossing-number baseline of source 000's study):
 * collide.grid(poly [, {cells_per_edge =, max_cell_edges =, max_depth =, memory_per_edge =}]),
 * collide.quadtree(poly [, {depth =, max_edges =}]). Both answer contains, contains_stats and
 * contains_all, and show their cells (1-based) for the viewer. */
#include "collide_lua_internal.h"

/* The userdata: the engine object, NULL once closed. */
typedef struct grid_box {
	col_polygon_grid *grid;
} grid_box;

typedef struct quadtree_box {
	col_quadtree *tree;
} quadtree_box;

col_polygon_grid *col_lua_to_polygon_grid(lua_State *L, int idx)
{
	grid_box *box = luaL_testudata(L, idx, COL_LUA_GRID);
	return box != NULL ? box->grid : NULL;
}

col_quadtree *col_lua_to_quadtree(lua_State *L, int idx)
{
	quadtree_box *box = luaL_testudata(L, idx, COL_LUA_QUADTREE);
	return box != NULL ? box->tree : NULL;
}

static col_polygon_grid *check_grid(lua_State *L, int arg)
{
	grid_box *box = luaL_checkudata(L, arg, COL_LUA_GRID);
	if (box->grid == NULL)
		luaL_argerror(L, arg, "grid is closed");
	return box->grid;
}

static col_quadtree *check_quadtree(lua_State *L, int arg)
{
	quadtree_box *box = luaL_checkudata(L, arg, COL_LUA_QUADTREE);
	if (box->tree == NULL)
		luaL_argerror(L, arg, "quadtree is closed");
	return box->tree;
}

/* The 0-based cell of a 1-based index at arg. */
static int check_cell(lua_State *L, int arg, int count)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "cell %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

static void set_integer(lua_State *L, const char *key, lua_Integer value)
{
	lua_pushinteger(L, value);
	lua_setfield(L, -2, key);
}

static void set_box(lua_State *L, const char *key, col_aabb2 box)
{
	lua_createtable(L, 4, 0);
	lua_pushnumber(L, box.min.x);
	lua_rawseti(L, -2, 1);
	lua_pushnumber(L, box.min.y);
	lua_rawseti(L, -2, 2);
	lua_pushnumber(L, box.max.x);
	lua_rawseti(L, -2, 3);
	lua_pushnumber(L, box.max.y);
	lua_rawseti(L, -2, 4);
	lua_setfield(L, -2, key);
}

/* origin = {x, y}, origin_inside, has_origin */
static void set_origin(lua_State *L, col_vec2 origin, bool inside, bool has_origin)
{
	col_lua_push_vec2(L, origin);
	lua_setfield(L, -2, "origin");
	lua_pushboolean(L, inside);
	lua_setfield(L, -2, "origin_inside");
	lua_pushboolean(L, has_origin);
	lua_setfield(L, -2, "has_origin");
}

/* children = {first =, columns =, rows =} (first 1-based) */
static void set_children(lua_State *L, int first, int columns, int rows)
{
	lua_createtable(L, 0, 3);
	set_integer(L, "first", first + 1);
	set_integer(L, "columns", columns);
	set_integer(L, "rows", rows);
	lua_setfield(L, -2, "children");
}

/* ---- grids ---- */

static const char *const grid_options[] = {
    "cells_per_edge", "max_cell_edges", "max_depth", "memory_per_edge", NULL,
};

/* collide.grid(poly [, options]) */
static int grid_new(lua_State *L)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	col_polygon_grid_options options = col_polygon_grid_default_options();
	bool has_options = !lua_isnoneornil(L, 2);
	if (has_options) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "grid", grid_options);
		col_lua_field_number(L, 2, "cells_per_edge", 2, "grid", &options.cells_per_edge);
		col_lua_option_int(L, 2, "max_cell_edges", 2, "grid", &options.max_cell_edges);
		col_lua_option_int(L, 2, "max_depth", 2, "grid", &options.max_depth);
		col_lua_field_number(L, 2, "memory_per_edge", 2, "grid", &options.memory_per_edge);
	}
	grid_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->grid = NULL;
	luaL_setmetatable(L, COL_LUA_GRID);
	col_error error;
	if (col_polygon_grid_build(polygon, &options, &box->grid, &error) != COL_OK) {
		box->grid = NULL;
		return col_lua_arg_fail(L, has_options && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* grid:contains(x, y) / grid:contains({x, y}) */
static bool grid_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_polygon_grid *grid = check_grid(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	return col_polygon_grid_contains(grid, p, stats);
}

static void grid_contains_points(const void *grid, const col_lua_points *points, bool *inside,
                                 col_query_stats *stats)
{
	col_polygon_grid_contains_points(grid, (const col_vec2 *)points->data, points->count, inside, stats);
}

static int grid_contains(lua_State *L)
{
	return col_lua_contains(L, grid_contains_point, false);
}

static int grid_contains_stats(lua_State *L)
{
	return col_lua_contains(L, grid_contains_point, true);
}

static int grid_contains_all(lua_State *L)
{
	return col_lua_contains_all(L, 2, 2, grid_contains_points, check_grid(L, 1));
}

/* grid:info() -> the fields of col_polygon_grid_info, bounds as {minx, miny, maxx, maxy} */
static int grid_info(lua_State *L)
{
	col_polygon_grid_info info = col_polygon_grid_get_info(check_grid(L, 1));
	lua_createtable(L, 0, 11);
	set_box(L, "bounds", info.bounds);
	set_integer(L, "columns", info.columns);
	set_integer(L, "rows", info.rows);
	set_integer(L, "cells", info.cells);
	set_integer(L, "nested_grids", info.nested_grids);
	set_integer(L, "depth", info.depth);
	set_integer(L, "empty_cells", info.empty_cells);
	set_integer(L, "max_cell_edges", info.max_cell_edges);
	set_integer(L, "edge_references", (lua_Integer)info.edge_references);
	set_integer(L, "memory_bytes", (lua_Integer)info.memory_bytes);
	lua_pushboolean(L, info.half_planes);
	lua_setfield(L, -2, "half_planes");
	return 1;
}

/* grid:cell(i) -> {box, origin, origin_inside, has_origin, edges, level, children} */
static int grid_cell(lua_State *L)
{
	const col_polygon_grid *grid = check_grid(L, 1);
	int index = check_cell(L, 2, col_polygon_grid_get_info(grid).cells);
	col_polygon_grid_cell cell;
	col_polygon_grid_cell_at(grid, index, &cell);
	lua_createtable(L, 0, 7);
	set_box(L, "box", cell.box);
	set_origin(L, cell.origin, cell.origin_inside, cell.has_origin);
	set_integer(L, "edges", cell.edge_count);
	set_integer(L, "level", cell.level);
	if (cell.first_child >= 0)
		set_children(L, cell.first_child, cell.child_columns, cell.child_rows);
	return 1;
}

/* #grid -> cells over all levels */
static int grid_len(lua_State *L)
{
	lua_pushinteger(L, col_polygon_grid_get_info(check_grid(L, 1)).cells);
	return 1;
}

/* grid:locate(x, y) -> the 1-based deepest cell holding the point, nil outside the box */
static int grid_locate(lua_State *L)
{
	const col_polygon_grid *grid = check_grid(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	int cell = col_polygon_grid_locate(grid, p);
	if (cell < 0)
		lua_pushnil(L);
	else
		lua_pushinteger(L, cell + 1);
	return 1;
}

static int grid_tostring(lua_State *L)
{
	grid_box *box = luaL_checkudata(L, 1, COL_LUA_GRID);
	if (box->grid == NULL) {
		lua_pushliteral(L, "grid(closed)");
		return 1;
	}
	col_polygon_grid_info info = col_polygon_grid_get_info(box->grid);
	lua_pushfstring(L, "grid(%dx%d, %d cells, depth %d)", info.columns, info.rows, info.cells,
	                info.depth);
	return 1;
}

static int grid_release(lua_State *L)
{
	grid_box *box = luaL_checkudata(L, 1, COL_LUA_GRID);
	if (box->grid != NULL)
		col_polygon_grid_destroy(box->grid);
	box->grid = NULL;
	return 0;
}

static const luaL_Reg grid_methods[] = {
    {"contains", grid_contains},
    {"contains_stats", grid_contains_stats},
    {"contains_all", grid_contains_all},
    {"info", grid_info},
    {"cell", grid_cell},
    {"cell_count", grid_len},
    {"locate", grid_locate},
    {"close", grid_release},
    {"__len", grid_len},
    {"__tostring", grid_tostring},
    {"__gc", grid_release},
    {"__closed", col_lua_owner_closed},
    {"__close", grid_release},
    {NULL, NULL},
};

/* ---- quadtrees ---- */

static const char *const quadtree_options[] = {"depth", "max_edges", NULL};

/* collide.quadtree(poly [, {depth =, max_edges =}]) */
static int quadtree_new(lua_State *L)
{
	const col_polygon *polygon = col_lua_check_polygon(L, 1);
	col_quadtree_options options = col_quadtree_default_options();
	bool has_options = !lua_isnoneornil(L, 2);
	if (has_options) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "quadtree", quadtree_options);
		col_lua_option_int(L, 2, "depth", 2, "quadtree", &options.max_depth);
		col_lua_option_int(L, 2, "max_edges", 2, "quadtree", &options.max_edges);
	}
	quadtree_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->tree = NULL;
	luaL_setmetatable(L, COL_LUA_QUADTREE);
	col_error error;
	if (col_quadtree_build(polygon, &options, &box->tree, &error) != COL_OK) {
		box->tree = NULL;
		return col_lua_arg_fail(L, has_options && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

static bool quadtree_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_quadtree *tree = check_quadtree(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	return col_quadtree_contains(tree, p, stats);
}

static void quadtree_contains_points(const void *tree, const col_lua_points *points, bool *inside,
                                     col_query_stats *stats)
{
	col_quadtree_contains_points(tree, (const col_vec2 *)points->data, points->count, inside, stats);
}

static int quadtree_contains(lua_State *L)
{
	return col_lua_contains(L, quadtree_contains_point, false);
}

static int quadtree_contains_stats(lua_State *L)
{
	return col_lua_contains(L, quadtree_contains_point, true);
}

static int quadtree_contains_all(lua_State *L)
{
	return col_lua_contains_all(L, 2, 2, quadtree_contains_points, check_quadtree(L, 1));
}

/* qt:info() -> the fields of col_quadtree_info */
static int quadtree_info(lua_State *L)
{
	col_quadtree_info info = col_quadtree_get_info(check_quadtree(L, 1));
	lua_createtable(L, 0, 6);
	set_integer(L, "cells", info.cells);
	set_integer(L, "leaves", info.leaves);
	set_integer(L, "depth", info.depth);
	set_integer(L, "edge_references", (lua_Integer)info.edge_references);
	set_integer(L, "max_leaf_edges", info.max_leaf_edges);
	set_integer(L, "memory_bytes", (lua_Integer)info.memory_bytes);
	return 1;
}

/* qt:cell(i) -> {box, level, edges, children = {first, columns = 2, rows = 2} for an inner
 * cell; origin, origin_inside, has_origin for a leaf} */
static int quadtree_cell(lua_State *L)
{
	const col_quadtree *tree = check_quadtree(L, 1);
	int index = check_cell(L, 2, col_quadtree_get_info(tree).cells);
	col_quadtree_cell cell;
	col_quadtree_cell_at(tree, index, &cell);
	lua_createtable(L, 0, 7);
	set_box(L, "box", cell.box);
	set_integer(L, "level", cell.level);
	set_integer(L, "edges", cell.edge_count);
	if (cell.first_child >= 0)
		set_children(L, cell.first_child, 2, 2);
	else
		set_origin(L, cell.origin, cell.origin_inside, cell.has_origin);
	return 1;
}

static int quadtree_len(lua_State *L)
{
	lua_pushinteger(L, col_quadtree_get_info(check_quadtree(L, 1)).cells);
	return 1;
}

static int quadtree_tostring(lua_State *L)
{
	quadtree_box *box = luaL_checkudata(L, 1, COL_LUA_QUADTREE);
	if (box->tree == NULL) {
		lua_pushliteral(L, "quadtree(closed)");
		return 1;
	}
	col_quadtree_info info = col_quadtree_get_info(box->tree);
	lua_pushfstring(L, "quadtree(%d cells, %d leaves, depth %d)", info.cells, info.leaves, info.depth);
	return 1;
}

static int quadtree_release(lua_State *L)
{
	quadtree_box *box = luaL_checkudata(L, 1, COL_LUA_QUADTREE);
	if (box->tree != NULL)
		col_quadtree_destroy(box->tree);
	box->tree = NULL;
	return 0;
}

static const luaL_Reg quadtree_methods[] = {
    {"contains", quadtree_contains},
    {"contains_stats", quadtree_contains_stats},
    {"contains_all", quadtree_contains_all},
    {"info", quadtree_info},
    {"cell", quadtree_cell},
    {"cell_count", quadtree_len},
    {"close", quadtree_release},
    {"__len", quadtree_len},
    {"__tostring", quadtree_tostring},
    {"__gc", quadtree_release},
    {"__closed", col_lua_owner_closed},
    {"__close", quadtree_release},
    {NULL, NULL},
};

void col_lua_open_grid(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_GRID, grid_methods, true);
	lua_pop(L, 1);
	col_lua_new_type(L, COL_LUA_QUADTREE, quadtree_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, grid_new);
	lua_setfield(L, -2, "grid");
	lua_pushcfunction(L, quadtree_new);
	lua_setfield(L, -2, "quadtree");
}
