/* The Lua face of the convex shapes of shape.h. One userdata layout, a col_shape, serves every
 * kind; its metatable says what the shape is to a script: a ball is a collide.sphere (3D) or a
 * collide.circle (2D), a sharp 2D segment a collide.segment (those three keep their fields, in
 * wrap_shapes3d.c and wrap_shapes2d.c), anything else a collide.shape. Every shape has the methods
 * here: rounded, set_pose, moved_to, pose, support, bounds, kind, dimension, rounding. This file
 * also has the constructors the older types lack: collide.box, capsule, cylinder, cone, segment3,
 * triangle, point3, capsule2 and polygon2 (collide.convex is in wrap_convex.c).
 *
 * A shape does not own what its core points to: a polygon's points live in a block, a polytope in
 * a collide.polytope (or a boxtree), kept alive as the shape's uservalue 1 and shared by the shapes
 * made from it (rounded, moved_to). Once that owner is closed the shape refuses to work; close()
 * sets the uservalue to false, which marks the shape itself closed. */
#include "collide_lua_internal.h"

#include <limits.h>
#include <math.h>
#include <string.h>

/* ---- the userdata ---- */

/* The metatable for what the shape is. Field writes never change the kind, dimension or (for a
 * segment) the radius, so a shape keeps its metatable for life. */
static const char *type_of(const col_shape *s)
{
	if (s->kind == COL_SHAPE_POINT)
		return s->dimension == 2 ? COL_LUA_CIRCLE : COL_LUA_SPHERE;
	if (s->kind == COL_SHAPE_SEGMENT && s->dimension == 2 && s->radius == 0.0)
		return COL_LUA_SEGMENT;
	return COL_LUA_SHAPE;
}

col_shape *col_lua_live_shape(lua_State *L, int idx, col_shape *s)
{
	if (s == NULL)
		return NULL;
	int kept = lua_getiuservalue(L, idx, 1);
	if (kept == LUA_TBOOLEAN)
		col_lua_used_after_close(L, idx);
	if (kept == LUA_TUSERDATA && col_lua_is_closed(L, -1)) {
		luaL_getmetafield(L, idx, "__name");
		luaL_getmetafield(L, -2, "__name");
		luaL_error(L, "%s: used after its %s was closed", lua_tostring(L, -2), lua_tostring(L, -1));
	}
	lua_pop(L, 1);
	return s;
}

col_shape *col_lua_to_shape(lua_State *L, int idx)
{
	static const char *const types[] = {COL_LUA_SHAPE, COL_LUA_SPHERE, COL_LUA_CIRCLE, COL_LUA_SEGMENT};
	for (int i = 0; i < 4; i++) {
		col_shape *s = luaL_testudata(L, idx, types[i]);
		if (s != NULL)
			return col_lua_live_shape(L, idx, s);
	}
	return NULL;
}

col_shape *col_lua_check_shape(lua_State *L, int arg)
{
	col_shape *s = col_lua_to_shape(L, arg);
	if (s == NULL)
		col_lua_typeerror(L, arg, "convex shape");
	return s;
}

col_shape *col_lua_push_shape(lua_State *L, const col_shape *shape, int keeper_idx)
{
	keeper_idx = keeper_idx != 0 ? lua_absindex(L, keeper_idx) : 0;
	col_shape *s = lua_newuserdatauv(L, sizeof *s, 1);
	*s = *shape;
	if (s->kind == COL_SHAPE_POINT) {
		/* A ball's centre is its position: the fields s.x, s.center and the pose agree. */
		s->pose.translation = col_transform3_apply(s->pose, s->core.point);
		s->core.point = (col_vec3){0.0, 0.0, 0.0};
	}
	if (keeper_idx != 0) {
		lua_pushvalue(L, keeper_idx);
		lua_setiuservalue(L, -2, 1);
	}
	luaL_setmetatable(L, type_of(s));
	return s;
}

/* Raises the engine's message at arg when the shape t is not one the queries take. */
static void check_valid(lua_State *L, const col_shape *t, int arg)
{
	col_error error;
	if (col_shape_validate(t, &error) != COL_OK)
		col_lua_arg_fail(L, arg, &error);
}

/* Validates t and pushes it as a new shape (keeper_idx as for col_lua_push_shape). */
static int push_valid(lua_State *L, const col_shape *t, int arg, int keeper_idx)
{
	check_valid(L, t, arg);
	col_lua_push_shape(L, t, keeper_idx);
	return 1;
}

/* A copy of the shape at 1 as a new userdata, sharing what its core points to. */
static int push_copy(lua_State *L, const col_shape *t)
{
	lua_getiuservalue(L, 1, 1);
	col_lua_push_shape(L, t, -1);
	return 1;
}

/* ---- arguments ---- */

/* A radius >= 0 at arg. */
static double check_radius(lua_State *L, int arg)
{
	double r = col_lua_check_finite(L, arg);
	if (r < 0.0)
		luaL_argerror(L, arg, lua_pushfstring(L, "radius must be >= 0, got %f", r));
	return r;
}

/* A 2D point or direction at arg named what: {x, y} / {x =, y =}, or two finite numbers. Returns
 * the argument after it. */
static int check_vector2(lua_State *L, int arg, const char *what, col_vec2 *out)
{
	if (lua_istable(L, arg)) {
		col_lua_table_point2(L, arg, arg, what, out);
		return arg + 1;
	}
	if (lua_type(L, arg) != LUA_TNUMBER)
		luaL_argerror(
		    L, arg,
		    lua_pushfstring(L, "%s: expected {x, y} or x, y, got %s", what, luaL_typename(L, arg)));
	return col_lua_check_point2(L, arg, out);
}

/* A pose table at arg for a shape of this dimension: 3D {position = {x, y, z}, rotation = {x, y,
 * z, w}} or {position =, axis = {x, y, z}, angle = radians}; 2D {position = {x, y}, angle =
 * radians} (turned about z). Every field is optional: what is left out is the identity's. */
static col_transform3 check_pose(lua_State *L, int arg, int dimension)
{
	static const char *const names3[] = {"position", "rotation", "axis", "angle", NULL};
	static const char *const names2[] = {"position", "angle", NULL};
	if (!lua_istable(L, arg))
		col_lua_typeerror(L, arg,
		               dimension == 2 ? "pose {position = {x, y}, angle =}"
		                              : "pose {position =, rotation = | axis =, angle =}");
	col_lua_check_options(L, arg, arg, "pose", dimension == 2 ? names2 : names3);
	col_transform3 pose = col_transform3_identity();
	if (col_lua_rawfield(L, arg, "position") != LUA_TNIL) {
		if (dimension == 2) {
			col_vec2 p;
			col_lua_table_point2(L, -1, arg, "pose: position", &p);
			pose.translation = (col_vec3){p.x, p.y, 0.0};
		} else {
			col_lua_table_point3(L, -1, arg, "pose: position", &pose.translation);
		}
	}
	lua_pop(L, 1);
	double angle = 0.0;
	bool has_angle = col_lua_field_number(L, arg, "angle", arg, "pose", &angle);
	if (dimension == 2) {
		pose.rotation = col_shape_pose2((col_vec2){0.0, 0.0}, angle).rotation;
		return pose;
	}
	bool has_rotation = col_lua_rawfield(L, arg, "rotation") != LUA_TNIL;
	if (has_rotation)
		pose.rotation = col_lua_table_quat(L, -1, arg, "pose: rotation");
	lua_pop(L, 1);
	if (col_lua_rawfield(L, arg, "axis") != LUA_TNIL) {
		if (has_rotation)
			luaL_argerror(L, arg, "pose: give rotation, or axis and angle, not both");
		col_vec3 axis;
		col_lua_table_point3(L, -1, arg, "pose: axis", &axis);
		if (axis.x == 0.0 && axis.y == 0.0 && axis.z == 0.0)
			luaL_argerror(L, arg, "pose: axis: the zero vector has no direction");
		if (!has_angle)
			luaL_argerror(L, arg, "pose: axis needs an angle (radians)");
		pose.rotation = col_quat_from_axis_angle(axis, angle);
	} else if (has_angle) {
		luaL_argerror(L, arg,
		              has_rotation ? "pose: angle goes with axis, not with rotation"
		                           : "pose: angle needs an axis in 3D");
	}
	lua_pop(L, 1);
	return pose;
}

/* ---- methods of every shape ---- */

/* shape:rounded(r) -> a new shape: this one swept by a further ball of radius r >= 0 */
static int shape_rounded(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	col_shape t = col_shape_rounded(*s, check_radius(L, 2));
	check_valid(L, &t, 2);
	lua_settop(L, 1);
	return push_copy(L, &t);
}

/* shape:set_pose(pose) -> shape, placed by pose (replacing its pose) */
static int shape_set_pose(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	col_shape t = *s;
	t.pose = check_pose(L, 2, s->dimension);
	check_valid(L, &t, 2);
	*s = t;
	lua_settop(L, 1);
	return 1;
}

/* shape:moved_to(pose) -> a new shape: this one placed by pose; this one is unchanged */
static int shape_moved_to(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	col_shape t = *s;
	t.pose = check_pose(L, 2, s->dimension);
	check_valid(L, &t, 2);
	lua_settop(L, 1);
	return push_copy(L, &t);
}

/* shape:pose() -> {position = {x, y, z}, rotation = {x, y, z, w}}, or in 2D {position = {x, y},
 * angle = radians in [-pi, pi]}: what set_pose takes back */
static int shape_pose(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	col_transform3 pose = s->pose;
	lua_createtable(L, 0, 2);
	if (s->dimension == 2) {
		col_lua_push_vec2(L, (col_vec2){pose.translation.x, pose.translation.y});
		lua_setfield(L, -2, "position");
		/* q and -q are one rotation: take w >= 0, so that the angle falls in [-pi, pi]. */
		double z = pose.rotation.z, w = pose.rotation.w;
		if (w < 0.0) {
			z = -z;
			w = -w;
		}
		lua_pushnumber(L, 2.0 * atan2(z, w));
		lua_setfield(L, -2, "angle");
		return 1;
	}
	col_lua_push_vec3(L, pose.translation);
	lua_setfield(L, -2, "position");
	const double q[4] = {pose.rotation.x, pose.rotation.y, pose.rotation.z, pose.rotation.w};
	lua_createtable(L, 4, 0);
	for (int i = 0; i < 4; i++) {
		lua_pushnumber(L, q[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "rotation");
	return 1;
}

/* shape:support(direction) -> the shape's farthest point along direction (world coordinates;
 * {x, y} for a 2D shape). A zero direction answers some point of the shape's boundary. */
static int shape_support(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	if (s->dimension == 2) {
		col_vec2 d;
		check_vector2(L, 2, "direction", &d);
		col_vec3 p = col_shape_support(s, (col_vec3){d.x, d.y, 0.0});
		col_lua_push_vec2(L, (col_vec2){p.x, p.y});
		return 1;
	}
	col_vec3 d;
	col_lua_check_vector3(L, 2, "direction", &d);
	col_lua_push_vec3(L, col_shape_support(s, d));
	return 1;
}

/* shape:bounds() -> minx, miny, minz, maxx, maxy, maxz (2D: minx, miny, maxx, maxy) */
static int shape_bounds(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	col_aabb3 box = col_shape_bounds(s);
	const double *lo = &box.min.x, *hi = &box.max.x;
	int n = s->dimension;
	for (int i = 0; i < n; i++)
		lua_pushnumber(L, lo[i]);
	for (int i = 0; i < n; i++)
		lua_pushnumber(L, hi[i]);
	return 2 * n;
}

/* shape:spheres() -> centre, outer, inner: balls about the centre that hold the whole shape and
 * that it holds (col_shape_spheres) */
static int shape_spheres(lua_State *L)
{
	col_shape *s = col_lua_check_shape(L, 1);
	double outer, inner;
	col_shape_spheres(s, &outer, &inner);
	col_vec3 c = col_shape_center(s);
	if (s->dimension == 2)
		col_lua_push_vec2(L, (col_vec2){c.x, c.y});
	else
		col_lua_push_vec3(L, c);
	lua_pushnumber(L, outer);
	lua_pushnumber(L, inner);
	return 3;
}

/* shape:kind() -> "sphere", "capsule", "box", "rounded box", "convex", "polygon", ... */
static int shape_kind(lua_State *L)
{
	lua_pushstring(L, col_shape_name(col_lua_check_shape(L, 1)));
	return 1;
}

static int shape_dimension(lua_State *L)
{
	lua_pushinteger(L, col_lua_check_shape(L, 1)->dimension);
	return 1;
}

/* shape:rounding() -> the radius of the ball swept over the core (0 for a sharp shape) */
static int shape_rounding(lua_State *L)
{
	lua_pushnumber(L, col_lua_check_shape(L, 1)->radius);
	return 1;
}

/* shape:close(), __close: marks the shape closed (its uservalue false) and lets go of what its core
 * points to; every later use raises "used after close". */
static int shape_close(lua_State *L)
{
	if (col_lua_to_shape_unchecked(L, 1) == NULL)
		return col_lua_typeerror(L, 1, "convex shape");
	lua_pushboolean(L, false);
	lua_setiuservalue(L, 1, 1);
	return 0;
}

static int shape_closed(lua_State *L)
{
	lua_pushboolean(L, col_lua_to_shape_unchecked(L, 1) != NULL &&
	                       lua_getiuservalue(L, 1, 1) == LUA_TBOOLEAN);
	return 1;
}

bool col_lua_closed_tostring(lua_State *L, int idx, const char *name)
{
	if (col_lua_to_shape_unchecked(L, idx) == NULL)
		return false; /* not a shape: the caller's own check says so */
	int kept = lua_getiuservalue(L, idx, 1);
	bool owner_closed = kept == LUA_TUSERDATA && col_lua_is_closed(L, -1);
	lua_pop(L, 1);
	if (kept == LUA_TBOOLEAN)
		lua_pushfstring(L, "%s(closed)", name);
	else if (owner_closed)
		lua_pushfstring(L, "%s(its owner closed)", name);
	return kept == LUA_TBOOLEAN || owner_closed;
}

col_shape *col_lua_to_shape_unchecked(lua_State *L, int idx)
{
	static const char *const types[] = {COL_LUA_SHAPE, COL_LUA_SPHERE, COL_LUA_CIRCLE, COL_LUA_SEGMENT};
	for (int i = 0; i < 4; i++) {
		col_shape *s = luaL_testudata(L, idx, types[i]);
		if (s != NULL)
			return s;
	}
	return NULL;
}

static const luaL_Reg shape_methods[] = {
    {"rounded", shape_rounded},   {"set_pose", shape_set_pose},
    {"moved_to", shape_moved_to}, {"pose", shape_pose},
    {"support", shape_support},   {"bounds", shape_bounds},
    {"kind", shape_kind},         {"dimension", shape_dimension},
    {"rounding", shape_rounding}, {"spheres", shape_spheres},
    {"close", shape_close},       {NULL, NULL},
};

void col_lua_new_shape_type(lua_State *L, const char *name, const luaL_Reg *metamethods,
                            const luaL_Reg *methods, lua_CFunction index)
{
	col_lua_new_type(L, name, metamethods, false);
	lua_pushcfunction(L, shape_close);
	lua_setfield(L, -2, "__close");
	lua_pushcfunction(L, shape_closed);
	lua_setfield(L, -2, "__closed");
	lua_newtable(L);
	luaL_setfuncs(L, shape_methods, 0);
	if (methods != NULL)
		luaL_setfuncs(L, methods, 0);
	lua_pushcclosure(L, index, 1);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);
}

/* ---- polygons ---- */

static const col_shape *check_polygon2(lua_State *L, int arg)
{
	col_shape *s = col_lua_live_shape(L, arg, luaL_checkudata(L, arg, COL_LUA_SHAPE));
	if (s->kind != COL_SHAPE_POLYGON)
		col_lua_typeerror(L, arg, "convex polygon (collide.polygon2)");
	return s;
}

/* polygon:vertices() -> { {x, y}, ... }: the corners, counter-clockwise, in world coordinates */
static int polygon2_vertices(lua_State *L)
{
	const col_shape *s = check_polygon2(L, 1);
	int n = s->core.polygon.count;
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		col_vec2 p = s->core.polygon.points[i];
		col_vec3 w = col_transform3_apply(s->pose, (col_vec3){p.x, p.y, 0.0});
		col_lua_push_vec2(L, (col_vec2){w.x, w.y});
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int polygon2_vertex_count(lua_State *L)
{
	lua_pushinteger(L, check_polygon2(L, 1)->core.polygon.count);
	return 1;
}

static const luaL_Reg polygon2_methods[] = {
    {"vertices", polygon2_vertices},
    {"vertex_count", polygon2_vertex_count},
    {NULL, NULL},
};

/* ---- collide.shape: the kinds without fields ---- */

/* Methods by kind (a polytope's and a polygon's, upvalues 2 and 3), then those of every shape
 * (upvalue 1). */
static int shape_index(lua_State *L)
{
	col_shape *s = luaL_checkudata(L, 1, COL_LUA_SHAPE); /* its kind only: the shape's own memory */
	int own = s->kind == COL_SHAPE_CONVEX ? 2 : s->kind == COL_SHAPE_POLYGON ? 3 : 0;
	if (own != 0) {
		lua_pushvalue(L, 2);
		if (lua_rawget(L, lua_upvalueindex(own)) != LUA_TNIL)
			return 1;
		lua_pop(L, 1);
	}
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(1));
	return 1;
}

static void push_point(lua_State *L, col_vec3 p, int dimension)
{
	if (dimension == 2)
		lua_pushfstring(L, "(%f, %f)", p.x, p.y);
	else
		lua_pushfstring(L, "(%f, %f, %f)", p.x, p.y, p.z);
}

/* "box(half extents (1.0, 2.0, 3.0), r=0.5, at (0.0, 0.0, 1.0), turned)": the kind, its core, the
 * rounding and the pose when they are not zero. */
static int shape_tostring(lua_State *L)
{
	col_shape *s = luaL_checkudata(L, 1, COL_LUA_SHAPE);
	if (col_lua_closed_tostring(L, 1, col_shape_name(s)))
		return 1;
	int top = lua_gettop(L);
	lua_pushfstring(L, "%s(", col_shape_name(s));
	switch (s->kind) {
	case COL_SHAPE_SEGMENT:
		push_point(L, s->core.segment.a, s->dimension);
		lua_pushliteral(L, ", ");
		push_point(L, s->core.segment.b, s->dimension);
		break;
	case COL_SHAPE_TRIANGLE:
		push_point(L, s->core.triangle.a, 3);
		lua_pushliteral(L, ", ");
		push_point(L, s->core.triangle.b, 3);
		lua_pushliteral(L, ", ");
		push_point(L, s->core.triangle.c, 3);
		break;
	case COL_SHAPE_BOX:
		lua_pushliteral(L, "half extents ");
		push_point(L, s->core.half_extents, s->dimension);
		break;
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		lua_pushfstring(L, "radius %f, half height %f", s->core.cylinder.radius,
		                s->core.cylinder.half_height);
		break;
	case COL_SHAPE_CONVEX:
		lua_pushfstring(L, "%d vertices, %d faces", col_convex_vertex_count(s->core.convex),
		                col_convex_face_count(s->core.convex));
		break;
	case COL_SHAPE_POLYGON: lua_pushfstring(L, "%d vertices", s->core.polygon.count); break;
	default: break;
	}
	if (s->radius > 0.0)
		lua_pushfstring(L, ", r=%f", s->radius);
	col_vec3 t = s->pose.translation;
	if (t.x != 0.0 || t.y != 0.0 || t.z != 0.0) {
		lua_pushliteral(L, ", at ");
		push_point(L, t, s->dimension);
	}
	if (s->pose.rotation.x != 0.0 || s->pose.rotation.y != 0.0 || s->pose.rotation.z != 0.0)
		lua_pushliteral(L, ", turned");
	lua_pushliteral(L, ")");
	lua_concat(L, lua_gettop(L) - top);
	return 1;
}

static const luaL_Reg shape_metamethods[] = {
    {"__tostring", shape_tostring},
    {NULL, NULL},
};

/* ---- constructors ---- */

/* collide.box{hx, hy, hz} / collide.box(hx, hy, hz): half extents, centred on the origin */
static int box_new(lua_State *L)
{
	col_vec3 h;
	col_lua_check_vector3(L, 1, "half extents", &h);
	col_shape s = col_shape_box(h);
	return push_valid(L, &s, 1, 0);
}

/* collide.capsule(a, b, r): the segment ab swept by a ball of radius r */
static int capsule_new(lua_State *L)
{
	col_vec3 a, b;
	int next = col_lua_check_vector3(L, 1, "a", &a);
	next = col_lua_check_vector3(L, next, "b", &b);
	col_shape s = col_shape_capsule(a, b, check_radius(L, next));
	return push_valid(L, &s, 1, 0);
}

/* collide.cylinder(r, half_height) / collide.cone(r, half_height): axis z, centred on the origin */
static int round_solid(lua_State *L, col_shape (*make)(double, double))
{
	double r = col_lua_check_finite(L, 1);
	double half_height = col_lua_check_finite(L, 2);
	col_shape s = make(r, half_height);
	return push_valid(L, &s, 1, 0);
}

static int cylinder_new(lua_State *L)
{
	return round_solid(L, col_shape_cylinder);
}

static int cone_new(lua_State *L)
{
	return round_solid(L, col_shape_cone);
}

/* collide.segment3(a, b) */
static int segment3_new(lua_State *L)
{
	col_vec3 a, b;
	int next = col_lua_check_vector3(L, 1, "a", &a);
	col_lua_check_vector3(L, next, "b", &b);
	col_shape s = col_shape_segment(a, b);
	return push_valid(L, &s, 1, 0);
}

/* collide.triangle(a, b, c) */
static int triangle_new(lua_State *L)
{
	col_vec3 a, b, c;
	int next = col_lua_check_vector3(L, 1, "a", &a);
	next = col_lua_check_vector3(L, next, "b", &b);
	col_lua_check_vector3(L, next, "c", &c);
	col_shape s = col_shape_triangle(a, b, c);
	return push_valid(L, &s, 1, 0);
}

/* collide.point3(p): a collide.sphere of radius 0 */
static int point3_new(lua_State *L)
{
	col_vec3 p;
	col_lua_check_vector3(L, 1, "point", &p);
	col_shape s = col_shape_point(p);
	return push_valid(L, &s, 1, 0);
}

/* collide.capsule2(a, b, r): a 2D capsule; radius 0 makes a collide.segment */
static int capsule2_new(lua_State *L)
{
	col_vec2 a, b;
	int next = check_vector2(L, 1, "a", &a);
	next = check_vector2(L, next, "b", &b);
	col_shape s = col_shape_capsule2(a, b, check_radius(L, next));
	return push_valid(L, &s, 1, 0);
}

/* collide.polygon2(points): a convex polygon, counter-clockwise, from a table of {x, y} or a 2D
 * points buffer (copied: the shape owns its points). */
static int polygon2_new(lua_State *L)
{
	lua_settop(L, 1);
	const col_lua_points *points = col_lua_check_points(L, 1, 2);
	if (points->count > INT_MAX / 2)
		return luaL_argerror(L, 1, "polygon: too many points");
	int n = (int)points->count;
	col_vec2 *copy = lua_newuserdatauv(L, sizeof *copy * (size_t)(n > 0 ? n : 1), 0);
	int keeper = lua_gettop(L);
	if (n > 0)
		memcpy(copy, points->data, sizeof *copy * (size_t)n);
	col_shape s = col_shape_polygon2(copy, n);
	return push_valid(L, &s, 1, keeper);
}

void col_lua_open_shape(lua_State *L)
{
	col_lua_new_type(L, COL_LUA_SHAPE, shape_metamethods, false);
	lua_pushcfunction(L, shape_close);
	lua_setfield(L, -2, "__close");
	lua_pushcfunction(L, shape_closed);
	lua_setfield(L, -2, "__closed");
	lua_newtable(L);
	luaL_setfuncs(L, shape_methods, 0);
	lua_newtable(L);
	luaL_setfuncs(L, col_lua_polytope_methods, 0);
	lua_newtable(L);
	luaL_setfuncs(L, polygon2_methods, 0);
	lua_pushcclosure(L, shape_index, 3);
	lua_setfield(L, -2, "__index");
	lua_pop(L, 1);

	static const luaL_Reg constructors[] = {
	    {"box", box_new},       {"capsule", capsule_new},   {"cylinder", cylinder_new},
	    {"cone", cone_new},     {"segment3", segment3_new}, {"triangle", triangle_new},
	    {"point3", point3_new}, {"capsule2", capsule2_new}, {"polygon2", polygon2_new},
	    {NULL, NULL},
	};
	luaL_setfuncs(L, constructors, 0);
}
