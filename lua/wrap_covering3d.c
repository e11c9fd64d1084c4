/* The Lua face of the 3D simplicial covering (source 000, 3 and 5.1, the "DC" point method):
 * collide.covering3d(mesh [, {origin = {x, y, z}}]), its temporal-coherence caches
 * (collide.cache3d) and the position of a point in a tetrahedron (collide.tetrahedron_locate,
 * collide.tetrahedron_signs). Tetrahedra are numbered from 1 here, as Lua is; tetrahedron i is
 * (origin, a, b, c) over mesh triangle i. */
#include "collide_lua_internal.h"

#include "collide/barycentric3d.h"

/* The userdata: a covering it owns, or (view) the covering of a tetra-tree, which uservalue 1
 * holds; a view never frees anything. covering is NULL for a view and once closed. */
typedef struct covering3d_box {
	col_covering3d *covering;
	bool view;
} covering3d_box;

/* A cache: the engine's, NULL once closed. Uservalue 1 is the covering or tetra-tree it was made
 * for, kept alive so that "made for this one" can always be asked. */
typedef struct cache3d_box {
	col_covering3d_cache *cache;
} cache3d_box;

/* ---- coverings ---- */

/* The covering behind box at idx, NULL when closed (or its tree closed). */
static const col_covering3d *covering3d_of(lua_State *L, int idx, const covering3d_box *box)
{
	if (!box->view)
		return box->covering;
	lua_getiuservalue(L, idx, 1);
	const col_tetratree *tree = col_lua_to_tetratree(L, -1);
	lua_pop(L, 1); /* the view's uservalue keeps the tree alive */
	return tree != NULL ? col_tetratree_covering(tree) : NULL;
}

const col_covering3d *col_lua_to_covering3d(lua_State *L, int idx)
{
	covering3d_box *box = luaL_testudata(L, idx, COL_LUA_COVERING3D);
	return box != NULL ? covering3d_of(L, idx, box) : NULL;
}

const col_covering3d *col_lua_check_covering3d(lua_State *L, int arg)
{
	covering3d_box *box = luaL_checkudata(L, arg, COL_LUA_COVERING3D);
	const col_covering3d *covering = covering3d_of(L, arg, box);
	if (covering == NULL)
		luaL_argerror(L, arg,
		              box->view ? "covering3d: its tetra-tree is closed" : "covering3d is closed");
	return covering;
}

void col_lua_push_covering3d_view(lua_State *L, int tree_idx)
{
	tree_idx = lua_absindex(L, tree_idx);
	covering3d_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->covering = NULL;
	box->view = true;
	luaL_setmetatable(L, COL_LUA_COVERING3D);
	lua_pushvalue(L, tree_idx);
	lua_setiuservalue(L, -2, 1);
}

static const char *const covering3d_options[] = {"origin", NULL};

/* collide.covering3d(mesh [, {origin = {x, y, z}}]) */
static int covering3d_new(lua_State *L)
{
	const col_mesh *mesh = col_lua_check_mesh(L, 1);
	col_vec3 origin;
	bool has_origin = false;
	if (!lua_isnoneornil(L, 2)) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "covering3d", covering3d_options);
		if (col_lua_rawfield(L, 2, "origin") != LUA_TNIL) {
			col_lua_table_point3(L, -1, 2, "covering3d: origin", &origin);
			has_origin = true;
		}
		lua_pop(L, 1);
	}
	covering3d_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->covering = NULL;
	box->view = false;
	luaL_setmetatable(L, COL_LUA_COVERING3D);
	col_error error;
	if (col_covering3d_build(mesh, has_origin ? &origin : NULL, &box->covering, &error) != COL_OK) {
		box->covering = NULL;
		return col_lua_arg_fail(L, has_origin && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* The 0-based tetrahedron of a 1-based index at arg. */
static int check_tetrahedron(lua_State *L, int arg, const col_covering3d *covering)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	int count = col_covering3d_tetrahedron_count(covering);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "tetrahedron %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

/* cov:origin() -> x, y, z */
static int covering3d_origin(lua_State *L)
{
	col_vec3 o = col_covering3d_origin(col_lua_check_covering3d(L, 1));
	lua_pushnumber(L, o.x);
	lua_pushnumber(L, o.y);
	lua_pushnumber(L, o.z);
	return 3;
}

static int covering3d_origin_inside(lua_State *L)
{
	lua_pushboolean(L, col_covering3d_origin_inside(col_lua_check_covering3d(L, 1)));
	return 1;
}

/* #cov and cov:tetrahedron_count(): one tetrahedron per mesh triangle. */
static int covering3d_len(lua_State *L)
{
	lua_pushinteger(L, col_covering3d_tetrahedron_count(col_lua_check_covering3d(L, 1)));
	return 1;
}

static void push_tetrahedron(lua_State *L, col_covering3d_tetrahedron t)
{
	lua_createtable(L, 0, 4);
	col_lua_push_vec3(L, t.a);
	lua_setfield(L, -2, "a");
	col_lua_push_vec3(L, t.b);
	lua_setfield(L, -2, "b");
	col_lua_push_vec3(L, t.c);
	lua_setfield(L, -2, "c");
	lua_pushinteger(L, t.sign);
	lua_setfield(L, -2, "sign");
}

/* cov:tetrahedron(i) -> {a = {x, y, z}, b = ..., c = ..., sign = -1 | 0 | 1} (1-based; the fourth
 * vertex is the origin) */
static int covering3d_tetrahedron(lua_State *L)
{
	const col_covering3d *covering = col_lua_check_covering3d(L, 1);
	int i = check_tetrahedron(L, 2, covering);
	push_tetrahedron(L, col_covering3d_tetrahedron_at(covering, i));
	return 1;
}

/* cov:tetrahedra() -> array of what cov:tetrahedron(i) returns */
static int covering3d_tetrahedra(lua_State *L)
{
	const col_covering3d *covering = col_lua_check_covering3d(L, 1);
	int count = col_covering3d_tetrahedron_count(covering);
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		push_tetrahedron(L, col_covering3d_tetrahedron_at(covering, i));
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int covering3d_is_positive(lua_State *L)
{
	lua_pushboolean(L, col_covering3d_is_positive(col_lua_check_covering3d(L, 1)));
	return 1;
}

/* cov:bounding_sphere() -> collide.sphere around the origin holding the mesh */
static int covering3d_bounding_sphere(lua_State *L)
{
	col_lua_push_sphere(L, col_covering3d_bounding_sphere(col_lua_check_covering3d(L, 1)));
	return 1;
}

/* cov:cache() -> a new collide.cache3d for this covering */
static int covering3d_cache(lua_State *L)
{
	col_lua_push_cache3d(L, col_lua_check_covering3d(L, 1), 1);
	return 1;
}

/* cov:contains(x, y, z [, cache]) / cov:contains({x, y, z} [, cache]) */
static bool covering3d_contains_point(lua_State *L, col_query_stats *stats)
{
	const col_covering3d *covering = col_lua_check_covering3d(L, 1);
	col_vec3 p;
	int next = col_lua_check_point3(L, 2, &p);
	col_covering3d_cache *cache = col_lua_opt_cache3d(L, next, covering, NULL);
	return col_covering3d_contains(covering, p, cache, stats);
}

static int covering3d_contains(lua_State *L)
{
	return col_lua_contains(L, covering3d_contains_point, false);
}

/* cov:contains_stats(...) -> inside, stats */
static int covering3d_contains_stats(lua_State *L)
{
	return col_lua_contains(L, covering3d_contains_point, true);
}

/* What cov:contains_all reads before the points. */
typedef struct covering3d_query {
	const col_covering3d *covering;
	col_covering3d_cache *cache;
} covering3d_query;

static void covering3d_contains_points(const void *query, const col_lua_points *points, bool *inside,
                                       col_query_stats *stats)
{
	const covering3d_query *q = query;
	const col_vec3 *p = (const col_vec3 *)points->data;
	if (q->cache == NULL) {
		col_covering3d_contains_points(q->covering, p, points->count, inside, stats);
	} else {
		for (size_t i = 0; i < points->count; i++)
			inside[i] = col_covering3d_contains(q->covering, p[i], q->cache, stats);
	}
}

/* cov:contains_all(points [, cache]) -> results, stats: one C call over a 3D buffer; with a cache,
 * the points are taken in order and the cache carried along, as on a trajectory. */
static int covering3d_contains_all(lua_State *L)
{
	covering3d_query query;
	query.covering = col_lua_check_covering3d(L, 1);
	query.cache = col_lua_opt_cache3d(L, 3, query.covering, NULL);
	return col_lua_contains_all(L, 3, 3, covering3d_contains_points, &query);
}

static int covering3d_tostring(lua_State *L)
{
	covering3d_box *box = luaL_checkudata(L, 1, COL_LUA_COVERING3D);
	const col_covering3d *covering = covering3d_of(L, 1, box);
	if (covering == NULL) {
		lua_pushstring(L, box->view ? "covering3d(of a closed tetra-tree)" : "covering3d(closed)");
		return 1;
	}
	col_vec3 o = col_covering3d_origin(covering);
	lua_pushfstring(L, "covering3d(%d tetrahedra, origin (%f, %f, %f) %s%s)",
	                col_covering3d_tetrahedron_count(covering), o.x, o.y, o.z,
	                col_covering3d_origin_inside(covering) ? "inside" : "outside",
	                col_covering3d_is_positive(covering) ? ", positive" : "");
	return 1;
}

/* __gc, __close and close(): frees an owned covering once; a tetra-tree's covering goes with its
 * tree, so closing the view does nothing. */
static int covering3d_release(lua_State *L)
{
	covering3d_box *box = luaL_checkudata(L, 1, COL_LUA_COVERING3D);
	if (!box->view && box->covering != NULL)
		col_covering3d_destroy(box->covering);
	box->covering = NULL;
	return 0;
}

/* __closed: an owned covering once released, a view once its tetra-tree is closed. */
static int covering3d_closed(lua_State *L)
{
	luaL_checkudata(L, 1, COL_LUA_COVERING3D);
	lua_pushboolean(L, col_lua_to_covering3d(L, 1) == NULL);
	return 1;
}

static const luaL_Reg covering3d_methods[] = {
    {"origin", covering3d_origin},
    {"origin_inside", covering3d_origin_inside},
    {"tetrahedron_count", covering3d_len},
    {"tetrahedron", covering3d_tetrahedron},
    {"tetrahedra", covering3d_tetrahedra},
    {"is_positive", covering3d_is_positive},
    {"bounding_sphere", covering3d_bounding_sphere},
    {"cache", covering3d_cache},
    {"contains", covering3d_contains},
    {"contains_stats", covering3d_contains_stats},
    {"contains_all", covering3d_contains_all},
    {"close", covering3d_release},
    {"__len", covering3d_len},
    {"__tostring", covering3d_tostring},
    {"__gc", covering3d_release},
    {"__closed", covering3d_closed},
    {"__close", covering3d_release},
    {NULL, NULL},
};

/* ---- caches ---- */

void col_lua_push_cache3d(lua_State *L, const col_covering3d *covering, int owner_idx)
{
	owner_idx = lua_absindex(L, owner_idx);
	cache3d_box *box = lua_newuserdatauv(L, sizeof *box, 1);
	box->cache = NULL;
	luaL_setmetatable(L, COL_LUA_CACHE3D);
	lua_pushvalue(L, owner_idx);
	lua_setiuservalue(L, -2, 1);
	col_error error;
	if (col_covering3d_cache_create(covering, &box->cache, &error) != COL_OK) {
		box->cache = NULL;
		col_lua_fail(L, &error);
	}
}

/* The covering the cache at idx was made for, NULL when that object was closed since. */
static const col_covering3d *cache3d_owner(lua_State *L, int idx)
{
	lua_getiuservalue(L, idx, 1);
	const col_covering3d *covering = col_lua_to_covering3d(L, -1);
	if (covering == NULL) {
		const col_tetratree *tree = col_lua_to_tetratree(L, -1);
		covering = tree != NULL ? col_tetratree_covering(tree) : NULL;
	}
	lua_pop(L, 1);
	return covering;
}

col_covering3d_cache *col_lua_opt_cache3d(lua_State *L, int arg, const col_covering3d *covering,
                                          const char *expected)
{
	if (lua_isnoneornil(L, arg))
		return NULL;
	cache3d_box *box = luaL_testudata(L, arg, COL_LUA_CACHE3D);
	if (box == NULL)
		col_lua_typeerror(L, arg, expected != NULL ? expected : COL_LUA_CACHE3D);
	if (box->cache == NULL)
		luaL_argerror(L, arg, "cache3d is closed");
	const col_covering3d *owner = cache3d_owner(L, arg);
	if (owner == NULL)
		luaL_argerror(L, arg, "cache3d: the covering3d or tetra-tree it was made for is closed");
	if (owner != covering)
		luaL_argerror(
		    L, arg,
		    "cache3d: made for another covering3d or tetra-tree (make one with its :cache())");
	return box->cache;
}

static cache3d_box *check_open_cache3d(lua_State *L, int arg)
{
	cache3d_box *box = luaL_checkudata(L, arg, COL_LUA_CACHE3D);
	if (box->cache == NULL)
		luaL_argerror(L, arg, "cache3d is closed");
	return box;
}

/* cache:reset(): forget the last point; the next query counts. Returns the cache. */
static int cache3d_reset(lua_State *L)
{
	col_covering3d_cache_reset(check_open_cache3d(L, 1)->cache);
	lua_settop(L, 1);
	return 1;
}

static int cache3d_tostring(lua_State *L)
{
	cache3d_box *box = luaL_checkudata(L, 1, COL_LUA_CACHE3D);
	const col_covering3d *owner = box->cache != NULL ? cache3d_owner(L, 1) : NULL;
	lua_getiuservalue(L, 1, 1);
	bool tree = luaL_testudata(L, -1, COL_LUA_TETRATREE) != NULL;
	lua_pop(L, 1);
	if (box->cache == NULL)
		lua_pushliteral(L, "cache3d(closed)");
	else if (owner == NULL)
		lua_pushfstring(L, "cache3d(for a closed %s)", tree ? "tetra-tree" : "covering3d");
	else
		lua_pushfstring(L, "cache3d(for a %s of %d tetrahedra)", tree ? "tetra-tree" : "covering3d",
		                col_covering3d_tetrahedron_count(owner));
	return 1;
}

static int cache3d_release(lua_State *L)
{
	cache3d_box *box = luaL_checkudata(L, 1, COL_LUA_CACHE3D);
	col_covering3d_cache_destroy(box->cache);
	box->cache = NULL;
	return 0;
}

static const luaL_Reg cache3d_methods[] = {
    {"reset", cache3d_reset},
    {"close", cache3d_release},
    {"__tostring", cache3d_tostring},
    {"__gc", cache3d_release},
    {"__closed", col_lua_owner_closed},
    {"__close", cache3d_release},
    {NULL, NULL},
};

/* ---- a point in a tetrahedron ---- */

static col_vec3 check_vertex(lua_State *L, int arg, const char *what)
{
	col_vec3 p;
	col_lua_table_point3(L, arg, arg, what, &p);
	return p;
}

static void check_tetrahedron_points(lua_State *L, col_vec3 v[4], col_vec3 *p)
{
	static const char *const names[4] = {"v0", "v1", "v2", "v3"};
	for (int k = 0; k < 4; k++)
		v[k] = check_vertex(L, k + 1, names[k]);
	*p = check_vertex(L, 5, "p");
}

/* collide.tetrahedron_locate(v0, v1, v2, v3, p) -> "outside" | "interior" | "face 123" |
 * "edge 01" | "vertex 2" ... (points as {x, y, z}; "outside" for a degenerate tetrahedron) */
static int tetrahedron_locate(lua_State *L)
{
	col_vec3 v[4], p;
	check_tetrahedron_points(L, v, &p);
	lua_pushstring(L, col_tetrahedron_position_name(col_tetrahedron_locate(v[0], v[1], v[2], v[3], p)));
	return 1;
}

/* collide.tetrahedron_signs(v0, v1, v2, v3, p) -> the signs of alpha, beta, gamma, delta, each
 * -1, 0 or 1 (all 0 for a degenerate tetrahedron) */
static int tetrahedron_signs(lua_State *L)
{
	col_vec3 v[4], p;
	check_tetrahedron_points(L, v, &p);
	int signs[4];
	col_barycentric3d_signs(v[0], v[1], v[2], v[3], p, signs);
	for (int k = 0; k < 4; k++)
		lua_pushinteger(L, signs[k]);
	return 4;
}

void col_lua_open_covering3d(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_COVERING3D, covering3d_methods, true);
	lua_pop(L, 1);
	col_lua_new_type(L, COL_LUA_CACHE3D, cache3d_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, covering3d_new);
	lua_setfield(L, -2, "covering3d");
	lua_pushcfunction(L, tetrahedron_locate);
	lua_setfield(L, -2, "tetrahedron_locate");
	lua_pushcfunction(L, tetrahedron_signs);
	lua_setfield(L, -2, "tetrahedron_signs");
}
