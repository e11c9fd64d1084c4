/* The Lua face of the simple 2D colliders: collide.segment and collide.circle. Both are convex
 * shapes (wrap_shape.c: a userdata holding a col_shape of dimension 2; a circle is a rounded point
 * whose centre is its pose's position, a segment a sharp one). Their fields read and write like a
 * table's (c.x, c.y, c.r, s.a, s.b ...), every write validated, so a script can move a circle with
 * the mouse each frame: `c.x, c.y = mx, my` or `c:move_to(mx, my)`. They have every shape's methods
 * too (support, rounded, set_pose, ...), and collide.gjk takes them like any convex shape. */
#include "collide_lua_internal.h"

#include <math.h>
#include <string.h>

/* The segment or circle at arg, refused once closed. */
static col_shape *check_segment(lua_State *L, int arg)
{
	return col_lua_live_shape(L, arg, luaL_checkudata(L, arg, COL_LUA_SEGMENT));
}

static col_shape *check_circle(lua_State *L, int arg)
{
	return col_lua_live_shape(L, arg, luaL_checkudata(L, arg, COL_LUA_CIRCLE));
}

/* The segment's ends in world coordinates. */
static col_segment segment_of(const col_shape *s)
{
	col_vec3 a = col_transform3_apply(s->pose, s->core.segment.a);
	col_vec3 b = col_transform3_apply(s->pose, s->core.segment.b);
	return (col_segment){{a.x, a.y}, {b.x, b.y}};
}

/* Sets the ends in world coordinates: the pose becomes the identity, so that what a script
 * assigns reads back exactly. */
static void set_segment(col_shape *s, col_segment segment)
{
	s->core.segment.a = (col_vec3){segment.a.x, segment.a.y, 0.0};
	s->core.segment.b = (col_vec3){segment.b.x, segment.b.y, 0.0};
	s->pose = col_transform3_identity();
}

static col_circle circle_of(const col_shape *s)
{
	return (col_circle){{s->pose.translation.x, s->pose.translation.y}, s->radius};
}

bool col_lua_to_segment(lua_State *L, int idx, col_segment *out)
{
	col_shape *shape = col_lua_live_shape(L, idx, luaL_testudata(L, idx, COL_LUA_SEGMENT));
	if (shape != NULL && out != NULL)
		*out = segment_of(shape);
	return shape != NULL;
}

bool col_lua_to_circle(lua_State *L, int idx, col_circle *out)
{
	col_shape *shape = col_lua_live_shape(L, idx, luaL_testudata(L, idx, COL_LUA_CIRCLE));
	if (shape != NULL && out != NULL)
		*out = circle_of(shape);
	return shape != NULL;
}

void col_lua_push_circle(lua_State *L, col_circle circle)
{
	col_shape s = col_shape_circle(circle.center, circle.radius);
	col_lua_push_shape(L, &s, 0);
}

/* ---- segments ---- */

/* collide.segment(x1, y1, x2, y2) / collide.segment{ {x1, y1}, {x2, y2} } / {a = .., b = ..} */
static int segment_new(lua_State *L)
{
	col_segment s;
	if (lua_istable(L, 1)) {
		if (col_lua_rawfield(L, 1, "a") != LUA_TNIL) {
			static const char *const names[] = {"a", "b", NULL};
			col_lua_check_options(L, 1, 1, "segment", names);
			col_lua_table_point2(L, -1, 1, "a", &s.a);
			col_lua_rawfield(L, 1, "b");
			col_lua_table_point2(L, -1, 1, "b", &s.b);
		} else {
			if (col_lua_rawlen(L, 1) != 2)
				luaL_argerror(L, 1,
				              lua_pushfstring(
				                  L,
				                  "expected { {x1, y1}, {x2, y2} }, got a table of length %I",
				                  col_lua_rawlen(L, 1)));
			lua_rawgeti(L, 1, 1);
			col_lua_table_point2(L, -1, 1, "end 1", &s.a);
			lua_rawgeti(L, 1, 2);
			col_lua_table_point2(L, -1, 1, "end 2", &s.b);
		}
	} else {
		s.a.x = col_lua_check_finite(L, 1);
		s.a.y = col_lua_check_finite(L, 2);
		s.b.x = col_lua_check_finite(L, 3);
		s.b.y = col_lua_check_finite(L, 4);
	}
	col_error error;
	if (col_segment_validate(s, &error) != COL_OK)
		return col_lua_arg_fail(L, 1, &error);
	col_shape shape = col_shape_capsule2(s.a, s.b, 0.0);
	col_lua_push_shape(L, &shape, 0);
	return 1;
}

/* s:contains(x, y): on the closed segment */
static int segment_contains(lua_State *L)
{
	col_segment s = segment_of(check_segment(L, 1));
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	lua_pushboolean(L, col_segment_contains_point(s, p));
	return 1;
}

static int shape_intersects(lua_State *L)
{
	lua_pushboolean(L, col_lua_intersects2d(L, 1, 2));
	return 1;
}

/* s:intersection(t) -> x, y where two segments meet, or nil */
static int segment_intersection(lua_State *L)
{
	col_segment s = segment_of(check_segment(L, 1));
	col_segment t = segment_of(check_segment(L, 2));
	col_vec2 p;
	if (!col_segment_intersection_point(s, t, &p)) {
		lua_pushnil(L);
		return 1;
	}
	lua_pushnumber(L, p.x);
	lua_pushnumber(L, p.y);
	return 2;
}

/* s:set(x1, y1, x2, y2): both ends at once */
static int segment_set(lua_State *L)
{
	col_shape *s = check_segment(L, 1);
	col_segment t;
	t.a.x = col_lua_check_finite(L, 2);
	t.a.y = col_lua_check_finite(L, 3);
	t.b.x = col_lua_check_finite(L, 4);
	t.b.y = col_lua_check_finite(L, 5);
	set_segment(s, t);
	lua_settop(L, 1);
	return 1;
}

static int segment_length(lua_State *L)
{
	col_segment s = segment_of(check_segment(L, 1));
	lua_pushnumber(L, col_vec2_distance(s.a, s.b));
	return 1;
}

static int segment_unpack(lua_State *L)
{
	col_segment s = segment_of(check_segment(L, 1));
	lua_pushnumber(L, s.a.x);
	lua_pushnumber(L, s.a.y);
	lua_pushnumber(L, s.b.x);
	lua_pushnumber(L, s.b.y);
	return 4;
}

static double *segment_field(col_segment *s, const char *key)
{
	if (strcmp(key, "x1") == 0)
		return &s->a.x;
	if (strcmp(key, "y1") == 0)
		return &s->a.y;
	if (strcmp(key, "x2") == 0)
		return &s->b.x;
	if (strcmp(key, "y2") == 0)
		return &s->b.y;
	return NULL;
}

/* s.a, s.b -> {x, y}; s.x1, s.y1, s.x2, s.y2 -> numbers; anything else: a method. */
static int segment_index(lua_State *L)
{
	luaL_checkudata(L, 1, COL_LUA_SEGMENT);
	lua_pushvalue(L, 2);
	if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) /* methods stay reachable once closed */
		return 1;
	col_segment s = segment_of(check_segment(L, 1));
	const char *key = lua_tostring(L, 2);
	if (key != NULL && lua_type(L, 2) == LUA_TSTRING) {
		double *field = segment_field(&s, key);
		if (field != NULL) {
			lua_pushnumber(L, *field);
			return 1;
		}
		if (strcmp(key, "a") == 0 || strcmp(key, "b") == 0) {
			col_lua_push_vec2(L, key[0] == 'a' ? s.a : s.b);
			return 1;
		}
	}
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(1));
	return 1;
}

static int segment_newindex(lua_State *L)
{
	col_shape *shape = check_segment(L, 1);
	col_segment segment = segment_of(shape), *s = &segment;
	const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
	if (key == NULL)
		return luaL_error(L, "segment: cannot set field %s", luaL_tolstring(L, 2, NULL));
	double *field = segment_field(s, key);
	if (field != NULL) {
		*field = col_lua_assigned_number(L, 3, "segment", key);
		set_segment(shape, segment);
		return 0;
	}
	if (strcmp(key, "a") == 0 || strcmp(key, "b") == 0) {
		col_vec2 p;
		if (!lua_istable(L, 3))
			return luaL_error(L, "segment.%s: expected a point {x, y}, got %s", key,
			                  luaL_typename(L, 3));
		col_lua_table_point2(L, 3, 0, key[0] == 'a' ? "segment.a" : "segment.b", &p);
		*(key[0] == 'a' ? &s->a : &s->b) = p;
		set_segment(shape, segment);
		return 0;
	}
	return luaL_error(L, "segment has no field '%s' (fields: a, b, x1, y1, x2, y2)", key);
}

static int segment_eq(lua_State *L)
{
	col_segment s = segment_of(check_segment(L, 1)), t = segment_of(check_segment(L, 2));
	lua_pushboolean(L, col_vec2_equal(s.a, t.a) && col_vec2_equal(s.b, t.b));
	return 1;
}

static int segment_tostring(lua_State *L)
{
	if (col_lua_closed_tostring(L, 1, "segment"))
		return 1;
	col_segment s = segment_of(check_segment(L, 1));
	lua_pushfstring(L, "segment((%f, %f), (%f, %f))", s.a.x, s.a.y, s.b.x, s.b.y);
	return 1;
}

static const luaL_Reg segment_methods[] = {
    {"contains", segment_contains},
    {"intersects", shape_intersects},
    {"intersection", segment_intersection},
    {"set", segment_set},
    {"length", segment_length},
    {"unpack", segment_unpack},
    {NULL, NULL},
};

static const luaL_Reg segment_metamethods[] = {
    {"__newindex", segment_newindex},
    {"__eq", segment_eq},
    {"__tostring", segment_tostring},
    {NULL, NULL},
};

/* ---- circles ---- */

/* collide.circle(x, y, r) / collide.circle{x, y, r} / collide.circle{center = {x, y}, radius = r} /
 * collide.circle({x, y}, r) */
static int circle_new(lua_State *L)
{
	col_circle c;
	int blame = 1;
	if (lua_istable(L, 1) && !lua_isnoneornil(L, 2)) {
		col_lua_table_point2(L, 1, 1, "center", &c.center);
		c.radius = col_lua_check_finite(L, 2);
		blame = 2;
	} else if (lua_istable(L, 1)) {
		if (col_lua_rawfield(L, 1, "center") != LUA_TNIL) {
			static const char *const names[] = {"center", "radius", NULL};
			col_lua_check_options(L, 1, 1, "circle", names);
			col_lua_table_point2(L, -1, 1, "center", &c.center);
			if (!col_lua_field_number(L, 1, "radius", 1, "circle", &c.radius))
				return luaL_argerror(L, 1, "circle: radius must be a number, got nil");
		} else {
			if (col_lua_rawlen(L, 1) != 3)
				return luaL_argerror(
				    L, 1,
				    lua_pushfstring(L,
				                    "expected {x, y, r} or {center = {x, y}, radius = r}, "
				                    "got a table of length %I",
				                    col_lua_rawlen(L, 1)));
			double v[3];
			static const char *const names[3] = {"x", "y", "r"};
			for (int i = 0; i < 3; i++) {
				lua_rawgeti(L, 1, i + 1);
				if (lua_type(L, -1) != LUA_TNUMBER)
					return luaL_argerror(
					    L, 1,
					    lua_pushfstring(L, "circle: %s must be a number, got %s",
					                    names[i], luaL_typename(L, -1)));
				v[i] = lua_tonumber(L, -1);
				if (!isfinite(v[i]))
					return luaL_argerror(
					    L, 1,
					    lua_pushfstring(L, "circle: %s is %s", names[i],
					                    isnan(v[i]) ? "nan" : "infinite"));
				lua_pop(L, 1);
			}
			c = (col_circle){{v[0], v[1]}, v[2]};
		}
	} else {
		c.center.x = col_lua_check_finite(L, 1);
		c.center.y = col_lua_check_finite(L, 2);
		c.radius = col_lua_check_finite(L, 3);
	}
	col_error error;
	if (col_circle_validate(c, &error) != COL_OK)
		return col_lua_arg_fail(L, blame, &error);
	col_lua_push_circle(L, c);
	return 1;
}

/* c:contains(x, y): in the closed disc */
static int circle_contains(lua_State *L)
{
	col_circle c = circle_of(check_circle(L, 1));
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	lua_pushboolean(L, col_circle_contains_point(c, p));
	return 1;
}

/* c:move_to(x, y) -> c */
static int circle_move_to(lua_State *L)
{
	col_shape *c = check_circle(L, 1);
	col_vec2 p;
	col_lua_check_point2(L, 2, &p);
	c->pose.translation.x = p.x;
	c->pose.translation.y = p.y;
	lua_settop(L, 1);
	return 1;
}

static int circle_unpack(lua_State *L)
{
	col_circle c = circle_of(check_circle(L, 1));
	lua_pushnumber(L, c.center.x);
	lua_pushnumber(L, c.center.y);
	lua_pushnumber(L, c.radius);
	return 3;
}

static double *circle_field(col_shape *c, const char *key)
{
	if (strcmp(key, "x") == 0)
		return &c->pose.translation.x;
	if (strcmp(key, "y") == 0)
		return &c->pose.translation.y;
	if (strcmp(key, "r") == 0 || strcmp(key, "radius") == 0)
		return &c->radius;
	return NULL;
}

/* c.x, c.y, c.r (= c.radius) -> numbers; c.center -> {x, y}; anything else: a method. */
static int circle_index(lua_State *L)
{
	luaL_checkudata(L, 1, COL_LUA_CIRCLE);
	lua_pushvalue(L, 2);
	if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) /* methods stay reachable once closed */
		return 1;
	col_shape *c = check_circle(L, 1);
	if (lua_type(L, 2) == LUA_TSTRING) {
		const char *key = lua_tostring(L, 2);
		double *field = circle_field(c, key);
		if (field != NULL) {
			lua_pushnumber(L, *field);
			return 1;
		}
		if (strcmp(key, "center") == 0) {
			col_lua_push_vec2(L, circle_of(c).center);
			return 1;
		}
	}
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(1));
	return 1;
}

static int circle_newindex(lua_State *L)
{
	col_shape *c = check_circle(L, 1);
	const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
	if (key == NULL)
		return luaL_error(L, "circle: cannot set field %s", luaL_tolstring(L, 2, NULL));
	double *field = circle_field(c, key);
	if (field != NULL) {
		double value = col_lua_assigned_number(L, 3, "circle", key);
		if (field == &c->radius) {
			col_circle t = circle_of(c);
			t.radius = value;
			col_error error;
			if (col_circle_validate(t, &error) != COL_OK)
				return col_lua_fail(L, &error);
		}
		*field = value;
		return 0;
	}
	if (strcmp(key, "center") == 0) {
		if (!lua_istable(L, 3))
			return luaL_error(L, "circle.center: expected a point {x, y}, got %s",
			                  luaL_typename(L, 3));
		col_vec2 p;
		col_lua_table_point2(L, 3, 0, "circle.center", &p);
		c->pose.translation.x = p.x;
		c->pose.translation.y = p.y;
		return 0;
	}
	return luaL_error(L, "circle has no field '%s' (fields: x, y, r, radius, center)", key);
}

static int circle_eq(lua_State *L)
{
	col_circle a = circle_of(check_circle(L, 1)), b = circle_of(check_circle(L, 2));
	lua_pushboolean(L, col_vec2_equal(a.center, b.center) && a.radius == b.radius);
	return 1;
}

static int circle_tostring(lua_State *L)
{
	if (col_lua_closed_tostring(L, 1, "circle"))
		return 1;
	col_circle c = circle_of(check_circle(L, 1));
	lua_pushfstring(L, "circle((%f, %f), r=%f)", c.center.x, c.center.y, c.radius);
	return 1;
}

static const luaL_Reg circle_methods[] = {
    {"contains", circle_contains},
    {"intersects", shape_intersects},
    {"move_to", circle_move_to},
    {"unpack", circle_unpack},
    {NULL, NULL},
};

static const luaL_Reg circle_metamethods[] = {
    {"__newindex", circle_newindex},
    {"__eq", circle_eq},
    {"__tostring", circle_tostring},
    {NULL, NULL},
};

/* ---- dispatch ---- */

typedef enum shape_kind { SHAPE_NONE, SHAPE_POLYGON, SHAPE_CIRCLE, SHAPE_SEGMENT } shape_kind;

typedef struct shape2d {
	shape_kind kind;
	const col_polygon *polygon;
	col_circle circle;
	col_segment segment;
} shape2d;

static shape2d check_shape2d(lua_State *L, int arg)
{
	shape2d s = {SHAPE_NONE, NULL, {{0, 0}, 0}, {{0, 0}, {0, 0}}};
	if (luaL_testudata(L, arg, COL_LUA_POLYGON) != NULL) {
		s.kind = SHAPE_POLYGON;
		s.polygon = col_lua_check_polygon(L, arg);
	} else if (col_lua_to_circle(L, arg, &s.circle)) {
		s.kind = SHAPE_CIRCLE;
	} else if (col_lua_to_segment(L, arg, &s.segment)) {
		s.kind = SHAPE_SEGMENT;
	} else {
		col_lua_typeerror(L, arg, "collide.polygon, collide.circle or collide.segment");
	}
	return s;
}

bool col_lua_intersects2d(lua_State *L, int a_idx, int arg)
{
	shape2d a = check_shape2d(L, a_idx);
	shape2d b = check_shape2d(L, arg);
	if (a.kind > b.kind) { /* order the pair: polygon < circle < segment */
		shape2d t = a;
		a = b;
		b = t;
	}
	switch (a.kind) {
	case SHAPE_POLYGON:
		switch (b.kind) {
		case SHAPE_POLYGON: return col_polygon_intersects_polygon(a.polygon, b.polygon, NULL);
		case SHAPE_CIRCLE: return col_circle_intersects_polygon(b.circle, a.polygon, NULL);
		default: return col_segment_intersects_polygon(b.segment, a.polygon, NULL);
		}
	case SHAPE_CIRCLE:
		if (b.kind == SHAPE_CIRCLE)
			return col_circle_intersects_circle(a.circle, b.circle);
		return col_circle_intersects_segment(a.circle, b.segment);
	default: return col_segment_intersects_segment(a.segment, b.segment);
	}
}

void col_lua_open_shapes2d(lua_State *L)
{
	col_lua_new_shape_type(L, COL_LUA_SEGMENT, segment_metamethods, segment_methods, segment_index);
	col_lua_new_shape_type(L, COL_LUA_CIRCLE, circle_metamethods, circle_methods, circle_index);
	lua_pushcfunction(L, segment_new);
	lua_setfield(L, -2, "segment");
	lua_pushcfunction(L, circle_new);
	lua_setfield(L, -2, "circle");
}
