/* The Lua face of source 001's double box hierarchy (boxtree.h): collide.boxtree(polytope [, options])
 * builds it over a convex polytope (a shape made by collide.convex); the tree answers its statistics,
 * its nodes (outer and inner boxes, label, piece) level by level, its leaves' triangles, and whether
 * it collides with another tree under a relative pose, with the query's statistics and, on request,
 * its trace. Nodes are numbered from 1 here, as Lua is; a node's depth is the engine's (0 at the
 * root). Everything is in the polytope's own (body) frame: the shape's pose is not applied.
 *
 * A node's piece (tree:piece(i), tree:polytope()) is a convex shape whose polytope the tree owns: the
 * shape keeps the tree alive, and refuses to work once the tree is closed. */
#include "collide_lua_internal.h"

#include <string.h>

#include "collide/boxtree.h"

/* The most trace steps one query records (40 MiB of steps). */
#define TRACE_LIMIT (1 << 21)

/* The userdata: the engine's tree, NULL until built (so __gc after a failed build frees nothing) and
 * once closed. */
typedef struct boxtree_box {
	col_boxtree *tree;
} boxtree_box;

static const col_boxtree *check_tree(lua_State *L, int arg)
{
	boxtree_box *box = luaL_checkudata(L, arg, COL_LUA_BOXTREE);
	if (box->tree == NULL) /* closed: a failed build leaves one too, but scripts never see it */
		luaL_argerror(L, arg, "boxtree is closed");
	return box->tree;
}

/* ---- options by name ---- */

/* The string field key of the options table at idx as one of names (the index into names; absent:
 * fallback). Anything else raises "<what>: <key> must be one of 'a', 'b', got 'c'". */
static int option_name(lua_State *L, int idx, const char *key, int arg, const char *what,
                       const char *const names[], int fallback)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type == LUA_TNIL) {
		lua_pop(L, 1);
		return fallback;
	}
	if (type == LUA_TSTRING) {
		const char *name = lua_tostring(L, -1);
		for (int i = 0; names[i] != NULL; i++)
			if (strcmp(name, names[i]) == 0) {
				lua_pop(L, 1);
				return i;
			}
	}
	/* the field's value stays at -1 while the message is built above it */
	int base = lua_gettop(L);
	lua_pushfstring(L, "%s: %s must be one of ", what, key);
	for (int i = 0; names[i] != NULL; i++)
		lua_pushfstring(L, "%s'%s'", i > 0 ? ", " : "", names[i]);
	if (type == LUA_TSTRING)
		lua_pushfstring(L, ", got '%s'", lua_tostring(L, base));
	else
		lua_pushfstring(L, ", got %s", lua_typename(L, type));
	lua_concat(L, lua_gettop(L) - base);
	return luaL_argerror(L, arg, lua_tostring(L, -1));
}

/* Indexed as the engine's enums. */
static const char *const centroid_names[] = {"paper", "area", "volume", NULL};
static const char *const root_frame_names[] = {"aabb", "pca", NULL};
static const char *const descent_names[] = {"paper", "larger", NULL};
static const char *const leaf_test_names[] = {"paper", "exact", NULL};

/* ---- collide.boxtree ---- */

/* The convex polytope shape at arg: a collide.convex shape, sharp. */
static const col_shape *check_polytope(lua_State *L, int arg)
{
	const col_shape *s = col_lua_to_shape(L, arg);
	if (s == NULL || s->kind != COL_SHAPE_CONVEX || s->core.convex == NULL)
		col_lua_typeerror(L, arg, "convex polytope (collide.convex)");
	if (s->radius > 0.0)
		luaL_argerror(L, arg,
		              "boxtree: a rounded polytope's rounding is not a polytope (build the tree "
		              "over the sharp one)");
	return s;
}

/* collide.boxtree(polytope [, {depth =, centroid =, root_frame =, inner_tolerance =}]) */
static int boxtree_new(lua_State *L)
{
	static const char *const names[] = {"depth", "centroid", "root_frame", "inner_tolerance", NULL};
	const col_shape *s = check_polytope(L, 1);
	col_boxtree_options options = col_boxtree_default_options();
	bool has_options = !lua_isnoneornil(L, 2);
	if (has_options) {
		if (!lua_istable(L, 2))
			return col_lua_typeerror(L, 2, "options table");
		col_lua_check_options(L, 2, 2, "boxtree", names);
		col_lua_option_int(L, 2, "depth", 2, "boxtree", &options.depth);
		options.centroid = (col_centroid_mode)option_name(L, 2, "centroid", 2, "boxtree",
		                                                  centroid_names, (int)options.centroid);
		options.root_frame = (col_boxtree_root_frame)option_name(
		    L, 2, "root_frame", 2, "boxtree", root_frame_names, (int)options.root_frame);
		col_lua_option_nonnegative(L, 2, "inner_tolerance", 2, "boxtree", &options.inner_tolerance);
	}
	lua_settop(L, 2);
	boxtree_box *box = lua_newuserdatauv(L, sizeof *box, 0);
	box->tree = NULL;
	luaL_setmetatable(L, COL_LUA_BOXTREE);
	col_error error;
	if (col_boxtree_build(s->core.convex, &options, &box->tree, &error) != COL_OK) {
		box->tree = NULL;
		return col_lua_arg_fail(L, has_options && error.code == COL_ERROR_INVALID_ARGUMENT ? 2 : 1,
		                        &error);
	}
	return 1;
}

/* ---- structure ---- */

static void set_integer(lua_State *L, const char *key, lua_Integer value)
{
	lua_pushinteger(L, value);
	lua_setfield(L, -2, key);
}

static void set_number(lua_State *L, const char *key, double value)
{
	lua_pushnumber(L, value);
	lua_setfield(L, -2, key);
}

static void set_vec3(lua_State *L, const char *key, col_vec3 v)
{
	col_lua_push_vec3(L, v);
	lua_setfield(L, -2, key);
}

/* tree:stats() -> {nodes, exterior, interior, leaves, unsplit, leaf_triangles, depth, newton_steps,
 * dropped_area, surface_area} */
static int boxtree_stats(lua_State *L)
{
	col_boxtree_build_stats s = col_boxtree_get_stats(check_tree(L, 1));
	lua_createtable(L, 0, 10);
	set_integer(L, "nodes", s.nodes);
	set_integer(L, "exterior", s.exterior);
	set_integer(L, "interior", s.interior);
	set_integer(L, "leaves", s.leaves);
	set_integer(L, "unsplit", s.unsplit);
	set_integer(L, "leaf_triangles", s.leaf_triangles);
	set_integer(L, "depth", s.depth);
	set_integer(L, "newton_steps", s.newton_steps);
	set_number(L, "dropped_area", s.dropped_area);
	set_number(L, "surface_area", s.surface_area);
	return 1;
}

/* tree:options() -> {depth, centroid, root_frame, inner_tolerance}: as built, defaults filled in */
static int boxtree_options(lua_State *L)
{
	col_boxtree_options o = col_boxtree_get_options(check_tree(L, 1));
	lua_createtable(L, 0, 4);
	set_integer(L, "depth", o.depth);
	lua_pushstring(L, (unsigned)o.centroid < 3 ? centroid_names[o.centroid] : "?");
	lua_setfield(L, -2, "centroid");
	lua_pushstring(L, (unsigned)o.root_frame < 2 ? root_frame_names[o.root_frame] : "?");
	lua_setfield(L, -2, "root_frame");
	set_number(L, "inner_tolerance", o.inner_tolerance);
	return 1;
}

/* #tree, tree:node_count() -> the number of nodes */
static int boxtree_len(lua_State *L)
{
	lua_pushinteger(L, col_boxtree_node_count(check_tree(L, 1)));
	return 1;
}

/* tree:depth() -> the deepest level reached (the root is level 0), so levels 0..depth */
static int boxtree_depth(lua_State *L)
{
	lua_pushinteger(L, col_boxtree_get_stats(check_tree(L, 1)).depth);
	return 1;
}

/* The 0-based node of a 1-based index at arg. */
static int check_node(lua_State *L, int arg, const col_boxtree *tree)
{
	lua_Integer i = luaL_checkinteger(L, arg);
	int count = col_boxtree_node_count(tree);
	if (i < 1 || i > count)
		luaL_argerror(L, arg, lua_pushfstring(L, "node %I out of range 1..%d", i, count));
	return (int)(i - 1);
}

static col_boxtree_node_info node_at(lua_State *L, const col_boxtree *tree, int index)
{
	col_boxtree_node_info info;
	if (!col_boxtree_node(tree, index, &info)) /* the index is checked: an engine fault */
		luaL_error(L, "boxtree: node %d is missing", index + 1);
	return info;
}

/* {origin = {x, y, z}, axes = { {x, y, z}, {x, y, z}, {x, y, z} }} */
static void push_frame(lua_State *L, const col_frame *frame)
{
	lua_createtable(L, 0, 2);
	set_vec3(L, "origin", frame->origin);
	lua_createtable(L, 3, 0);
	for (int k = 0; k < 3; k++) {
		col_lua_push_vec3(L, frame->axes[k]);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "axes");
}

/* {center = {x, y, z}, axes = { {x, y, z}, ... }, half = {hx, hy, hz}} */
static void push_obb(lua_State *L, const col_obb *box)
{
	lua_createtable(L, 0, 3);
	set_vec3(L, "center", box->center);
	lua_createtable(L, 3, 0);
	for (int k = 0; k < 3; k++) {
		col_lua_push_vec3(L, box->axes[k]);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "axes");
	set_vec3(L, "half", box->half_extents);
}

/* The node table (see tree:node). */
static void push_node(lua_State *L, int index, const col_boxtree_node_info *n)
{
	bool leaf = n->children[0] < 0;
	lua_createtable(L, 0, 20);
	set_integer(L, "index", (lua_Integer)index + 1);
	set_integer(L, "depth", n->depth);
	lua_pushstring(L, col_boxtree_label_name(n->label));
	lua_setfield(L, -2, "label");
	lua_pushboolean(L, leaf);
	lua_setfield(L, -2, "leaf");
	if (n->parent >= 0)
		set_integer(L, "parent", (lua_Integer)n->parent + 1);
	if (!leaf) {
		lua_createtable(L, 2, 0);
		for (int k = 0; k < 2; k++) {
			lua_pushinteger(L, (lua_Integer)n->children[k] + 1);
			lua_rawseti(L, -2, k + 1);
		}
		lua_setfield(L, -2, "children");
		lua_createtable(L, 0, 2);
		set_vec3(L, "normal", n->split.normal);
		set_number(L, "offset", n->split.offset);
		lua_setfield(L, -2, "split");
	}
	push_frame(L, &n->frame);
	lua_setfield(L, -2, "frame");
	push_frame(L, &n->box_frame);
	lua_setfield(L, -2, "box_frame");
	lua_createtable(L, 3, 0);
	for (int k = 0; k < 3; k++) {
		lua_pushnumber(L, n->eigenvalues[k]);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "eigenvalues");
	push_obb(L, &n->outer);
	lua_setfield(L, -2, "outer");
	push_obb(L, &n->inner);
	lua_setfield(L, -2, "inner");
	if (n->has_inner_accept) {
		push_obb(L, &n->inner_accept);
		lua_setfield(L, -2, "inner_accept");
	}
	set_number(L, "volume", n->volume);
	set_number(L, "original_area", n->original_area);
	set_integer(L, "triangle_count", n->triangle_count);
	/* the piece: its vertices and faces (1-based, counter-clockwise from outside) */
	int count = col_convex_vertex_count(n->piece);
	const col_vec3 *v = col_convex_vertices(n->piece);
	lua_createtable(L, count, 0);
	for (int i = 0; i < count; i++) {
		col_lua_push_vec3(L, v[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "vertices");
	int faces = col_convex_face_count(n->piece);
	lua_createtable(L, faces, 0);
	for (int f = 0; f < faces; f++) {
		const int *vertices;
		int size = col_convex_face(n->piece, f, &vertices);
		col_lua_push_indices(L, vertices, size);
		lua_rawseti(L, -2, f + 1);
	}
	lua_setfield(L, -2, "faces");
}

/* tree:node(i) -> {index, depth, label = "exterior" | "interior", leaf, parent (not at the root),
 * children = {c1, c2} and split = {normal, offset} (split nodes), frame = {origin, axes}, box_frame,
 * eigenvalues, outer = {center, axes, half}, inner = {...}, inner_accept = {...} (when it has one),
 * volume, original_area, triangle_count, vertices = { {x, y, z}, ... }, faces = { {i, j, k, ...}, ...
 * }}: node 1 is the root */
static int boxtree_node(lua_State *L)
{
	const col_boxtree *tree = check_tree(L, 1);
	int index = check_node(L, 2, tree);
	col_boxtree_node_info info = node_at(L, tree, index);
	push_node(L, index, &info);
	return 1;
}

/* tree:nodes(level [, cut]) -> the node tables at that level (0 = the root alone), in index order;
 * with cut true, the leaves above it too, so that their pieces make up the whole solid once */
static int boxtree_nodes(lua_State *L)
{
	const col_boxtree *tree = check_tree(L, 1);
	int deepest = col_boxtree_get_stats(tree).depth;
	lua_Integer level = luaL_checkinteger(L, 2);
	if (level < 0 || level > deepest)
		luaL_argerror(L, 2, lua_pushfstring(L, "level %I out of range 0..%d", level, deepest));
	bool cut = false;
	if (!lua_isnoneornil(L, 3)) {
		luaL_checktype(L, 3, LUA_TBOOLEAN);
		cut = lua_toboolean(L, 3);
	}
	int count = col_boxtree_node_count(tree);
	lua_newtable(L);
	lua_Integer n = 0;
	for (int i = 0; i < count; i++) {
		col_boxtree_node_info info = node_at(L, tree, i);
		if (info.depth == level || (cut && info.depth < level && info.children[0] < 0)) {
			push_node(L, i, &info);
			lua_rawseti(L, -2, ++n);
		}
	}
	return 1;
}

/* tree:triangles([i]) -> { { {x, y, z}, {x, y, z}, {x, y, z}, face = f }, ... }: the ORIGINAL
 * fragments node i's subtree keeps (default: every leaf's), as triangles turned outward, each with
 * the 1-based face of the polytope it came from */
static int boxtree_triangles(lua_State *L)
{
	const col_boxtree *tree = check_tree(L, 1);
	const int *faces = NULL;
	int stored = 0;
	const col_triangle *triangles = col_boxtree_leaf_triangles(tree, &faces, &stored);
	int first = 0, count = stored;
	if (!lua_isnoneornil(L, 2)) {
		col_boxtree_node_info info = node_at(L, tree, check_node(L, 2, tree));
		first = info.triangle_first;
		count = info.triangle_count;
		if (first < 0 || count < 0 || first > stored - count)
			return luaL_error(L, "boxtree: node %d lists triangles %d..%d of %d",
			                  (int)lua_tointeger(L, 2), first, first + count - 1, stored);
	}
	lua_createtable(L, count, 0);
	for (int k = 0; k < count; k++) {
		const col_triangle *t = &triangles[first + k];
		lua_createtable(L, 3, 1);
		col_lua_push_vec3(L, t->a);
		lua_rawseti(L, -2, 1);
		col_lua_push_vec3(L, t->b);
		lua_rawseti(L, -2, 2);
		col_lua_push_vec3(L, t->c);
		lua_rawseti(L, -2, 3);
		if (faces != NULL)
			set_integer(L, "face", (lua_Integer)faces[first + k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

/* Pushes the convex shape of a polytope the tree at 1 owns, the tree kept alive by the shape. */
static int push_piece(lua_State *L, const col_convex *piece)
{
	col_shape s = col_shape_convex(piece);
	col_lua_push_shape(L, &s, 1);
	return 1;
}

/* tree:piece(i) -> node i's piece as a convex shape (collide.convex's kind), body frame */
static int boxtree_piece(lua_State *L)
{
	const col_boxtree *tree = check_tree(L, 1);
	col_boxtree_node_info info = node_at(L, tree, check_node(L, 2, tree));
	return push_piece(L, info.piece);
}

/* tree:polytope() -> the tree's own copy of the polytope, as a convex shape at the identity pose */
static int boxtree_polytope(lua_State *L)
{
	return push_piece(L, col_boxtree_polytope(check_tree(L, 1)));
}

/* ---- pairs ---- */

/* {descent =, leaf_test =, max_level =, inner_boxes =, trace =} at arg */
static col_boxtree_query check_query(lua_State *L, int arg, bool *trace)
{
	static const char *const names[] = {"descent",     "leaf_test", "max_level",
	                                    "inner_boxes", "trace",     NULL};
	col_boxtree_query q = col_boxtree_default_query();
	*trace = false;
	if (lua_isnoneornil(L, arg))
		return q;
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg, "options table");
	col_lua_check_options(L, arg, arg, "collides", names);
	q.descent = (col_boxtree_descent)option_name(L, arg, "descent", arg, "collides", descent_names,
	                                             (int)q.descent);
	q.leaf_test = (col_boxtree_leaf_test)option_name(L, arg, "leaf_test", arg, "collides",
	                                                 leaf_test_names, (int)q.leaf_test);
	if (col_lua_option_int(L, arg, "max_level", arg, "collides", &q.max_level) &&
	    (q.max_level < 0 || q.max_level > COL_BOXTREE_MAX_DEPTH))
		luaL_argerror(L, arg,
		              lua_pushfstring(L, "collides: max_level must be in 0..%d, got %d",
		                              COL_BOXTREE_MAX_DEPTH, q.max_level));
	col_lua_option_bool(L, arg, "inner_boxes", arg, "collides", &q.inner_boxes);
	col_lua_option_bool(L, arg, "trace", arg, "collides", trace);
	return q;
}

/* A node index of a stats or trace field: 1-based, or nil for -1. */
static void set_node(lua_State *L, const char *key, int node)
{
	if (node >= 0)
		set_integer(L, key, (lua_Integer)node + 1);
}

/* {a, b, event, axis (outer_reject: 0..14), tests (leaf_*)} */
static void push_step(lua_State *L, const col_boxtree_trace_step *s)
{
	lua_createtable(L, 0, 5);
	set_node(L, "a", s->node_a);
	set_node(L, "b", s->node_b);
	lua_pushstring(L, col_boxtree_event_name(s->event));
	lua_setfield(L, -2, "event");
	if (s->separating_axis >= 0)
		set_integer(L, "axis", s->separating_axis);
	set_integer(L, "tests", s->tests);
}

/* tree:collides(other [, pose [, options]]) -> hit, stats: whether this tree's solid meets other's
 * placed by pose ({position =, rotation =}: other's body frame into this one's; none or nil the
 * identity), by col_boxtree_collide. stats = {decided_by = "outer" | "inner" | "leaf" | "exhausted",
 * decided_a, decided_b (the pair that said "yes"), pairs_visited, outer_tests, inner_tests,
 * triangle_tests, gjk_tests, leaf_tests, trace = { {a, b, event, axis, tests}, ... } (with
 * options.trace; truncated = true when it was cut short)}. */
static int boxtree_collides(lua_State *L)
{
	const col_boxtree *a = check_tree(L, 1);
	const col_boxtree *b = check_tree(L, 2);
	col_transform3 pose = col_lua_check_pose3(L, 3);
	bool traced;
	col_boxtree_query q = check_query(L, 4, &traced);
	if (!lua_isnone(L, 5))
		luaL_argerror(L, 5, "collides takes nothing after the options");
	col_boxtree_trace trace = {NULL, 0, 0};
	if (traced) {
		/* One run to count the steps, then the real one into a buffer of that size (the query keeps
		 * no state, so it answers the same). */
		q.trace = &trace;
		col_boxtree_collide(a, col_transform3_identity(), b, pose, &q, NULL);
		int room = trace.count < TRACE_LIMIT ? trace.count : TRACE_LIMIT;
		trace.steps = lua_newuserdatauv(L, sizeof *trace.steps * (size_t)(room > 0 ? room : 1), 0);
		trace.capacity = room;
		trace.count = 0;
	}
	col_boxtree_stats s;
	memset(&s, 0, sizeof s);
	bool hit = col_boxtree_collide(a, col_transform3_identity(), b, pose, &q, &s);
	lua_pushboolean(L, hit);
	lua_createtable(L, 0, 10);
	lua_pushstring(L, col_boxtree_decision_name(s.decided_by));
	lua_setfield(L, -2, "decided_by");
	set_node(L, "decided_a", s.decided_a);
	set_node(L, "decided_b", s.decided_b);
	set_integer(L, "pairs_visited", s.pairs_visited);
	set_integer(L, "outer_tests", s.outer_tests);
	set_integer(L, "inner_tests", s.inner_tests);
	set_integer(L, "triangle_tests", s.triangle_tests);
	set_integer(L, "gjk_tests", s.gjk_tests);
	set_integer(L, "leaf_tests", s.leaf_tests);
	if (traced) {
		int count = trace.count < trace.capacity ? trace.count : trace.capacity;
		lua_createtable(L, count, 0);
		for (int k = 0; k < count; k++) {
			push_step(L, &trace.steps[k]);
			lua_rawseti(L, -2, k + 1);
		}
		if (count < trace.count) {
			lua_pushboolean(L, true);
			lua_setfield(L, -2, "truncated");
		}
		lua_setfield(L, -2, "trace");
	}
	return 2;
}

/* ---- lifetime ---- */

static int boxtree_tostring(lua_State *L)
{
	boxtree_box *box = luaL_checkudata(L, 1, COL_LUA_BOXTREE);
	if (box->tree == NULL) {
		lua_pushliteral(L, "boxtree(closed)");
		return 1;
	}
	col_boxtree_build_stats s = col_boxtree_get_stats(box->tree);
	lua_pushfstring(L, "boxtree(%d nodes, depth %d, %d leaves, %d interior)", s.nodes, s.depth, s.leaves,
	                s.interior);
	return 1;
}

/* __gc, __close and close(): frees the tree once; its pieces refuse to work afterwards. */
static int boxtree_gc(lua_State *L)
{
	boxtree_box *box = luaL_checkudata(L, 1, COL_LUA_BOXTREE);
	if (box->tree != NULL)
		col_boxtree_destroy(box->tree);
	box->tree = NULL;
	return 0;
}

static const luaL_Reg boxtree_methods[] = {
    {"stats", boxtree_stats},
    {"options", boxtree_options},
    {"node_count", boxtree_len},
    {"depth", boxtree_depth},
    {"node", boxtree_node},
    {"nodes", boxtree_nodes},
    {"triangles", boxtree_triangles},
    {"piece", boxtree_piece},
    {"polytope", boxtree_polytope},
    {"collides", boxtree_collides},
    {"close", boxtree_gc},
    {"__close", boxtree_gc},
    {"__len", boxtree_len},
    {"__tostring", boxtree_tostring},
    {"__gc", boxtree_gc},
    {"__closed", col_lua_owner_closed},
    {NULL, NULL},
};

void col_lua_open_boxtree(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_BOXTREE, boxtree_methods, true);
	lua_pop(L, 1);
	lua_pushcfunction(L, boxtree_new);
	lua_setfield(L, -2, "boxtree");
}
