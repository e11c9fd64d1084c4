/* The trajectories of source 000's study (4.8, Fig. 4.49) as points buffers:
 * collide.trajectory(shape [, {kind =, count =, jitter =, radius =, y =, seed =}]).
 *
 * size is the larger side of the shape's bounding box, J = jitter * size (jitter 0.01 by default),
 * and every jitter is uniform in [-J, J).
 *
 * circular (count 90000 by default): positions on a circle around the centre of the box, from
 *   angle 0 once around counter-clockwise in even steps, the last one step before the first (the
 *   loop closes: the next step would be the start), each moved in x and in y by a jitter. The
 *   radius is by default just outside the shape: the distance from the centre to its farthest
 *   vertex (a circle's own radius) plus J, so the jittered path grazes the outermost points (hits:
 *   0 to 3 % for stars, convex and regular polygons; the source wants < 5 %).
 * linear (count 9000 by default): positions stepping evenly along x from 0.1 size left of the box
 *   to 0.1 size right of it, at height y, each moved in y by a jitter. y is by default 0.4 of the
 *   box's height above its centre (a tenth below the top), close to the shape's top (hits: about
 *   10 % on stars, more on shapes whose top is flat; the source wants 10-20 %).
 *
 * The binding chooses the circle or line from the shape and calls col_trajectory_circular or
 * col_trajectory_linear (collide/trajectory.h), whose jitter comes from splitmix64 seeded with
 * seed (default 1): a seed gives the same path on every machine, in Lua as in the benchmarks. */
#include "collide_lua_internal.h"

#include <math.h>
#include <string.h>

#include "collide/trajectory.h"

/* What the path is made around: the box of the shape, and how far its farthest point lies from
 * the box's centre. */
typedef struct trajectory_shape {
	col_aabb2 box;
	col_vec2 center;
	double size;
	double reach;
} trajectory_shape;

static trajectory_shape check_shape(lua_State *L, int arg)
{
	trajectory_shape s;
	col_circle circle;
	if (col_lua_to_circle(L, arg, &circle)) {
		s.center = circle.center;
		s.reach = circle.radius;
		s.box = (col_aabb2){{circle.center.x - circle.radius, circle.center.y - circle.radius},
		                    {circle.center.x + circle.radius, circle.center.y + circle.radius}};
	} else {
		if (luaL_testudata(L, arg, COL_LUA_POLYGON) == NULL)
			col_lua_typeerror(L, arg, "collide.polygon or collide.circle");
		const col_polygon *polygon = col_lua_check_polygon(L, arg);
		s.box = col_polygon_bounds(polygon);
		s.center = (col_vec2){0.5 * (s.box.min.x + s.box.max.x), 0.5 * (s.box.min.y + s.box.max.y)};
		s.reach = 0.0;
		col_contour outer = col_polygon_contour(polygon, 0); /* holes lie inside it */
		for (int i = 0; i < outer.count; i++)
			s.reach = fmax(s.reach, col_vec2_distance(outer.points[i], s.center));
	}
	s.size = fmax(s.box.max.x - s.box.min.x, s.box.max.y - s.box.min.y);
	return s;
}

static const char *const trajectory_options[] = {"kind", "count", "jitter", "radius", "y", "seed", NULL};

static double option_number(lua_State *L, const char *key, double fallback, double min)
{
	double value = fallback;
	if (col_lua_field_number(L, 2, key, 2, "trajectory", &value) && value < min)
		luaL_argerror(L, 2,
		              lua_pushfstring(L, "trajectory: %s must be >= %f, got %f", key, min, value));
	return value;
}

/* collide.trajectory(shape [, options]) -> a 2D collide.points buffer */
static int trajectory_new(lua_State *L)
{
	trajectory_shape shape = check_shape(L, 1);
	bool circular = true;
	lua_Integer count = -1;
	lua_Integer seed = 1;
	if (!lua_isnoneornil(L, 2)) {
		luaL_checktype(L, 2, LUA_TTABLE);
		col_lua_check_options(L, 2, 2, "trajectory", trajectory_options);
		int type = col_lua_rawfield(L, 2, "kind");
		if (type != LUA_TNIL) {
			const char *kind = lua_tostring(L, -1);
			if (type != LUA_TSTRING ||
			    (strcmp(kind, "circular") != 0 && strcmp(kind, "linear") != 0))
				luaL_argerror(
				    L, 2,
				    lua_pushfstring(L,
				                    "trajectory: kind must be 'circular' or 'linear', "
				                    "got %s",
				                    type == LUA_TSTRING ? lua_pushfstring(L, "'%s'", kind)
				                                        : lua_typename(L, type)));
			circular = strcmp(kind, "circular") == 0;
		}
		lua_pop(L, 1);
		type = col_lua_rawfield(L, 2, "count");
		if (type != LUA_TNIL) {
			int isint = 0;
			count = lua_tointegerx(L, -1, &isint);
			if (type != LUA_TNUMBER || !isint || count < 1 || count > COL_LUA_MAX_POINTS)
				luaL_argerror(L, 2,
				              lua_pushfstring(
				                  L, "trajectory: count must be an integer in 1..%I, got %s",
				                  COL_LUA_MAX_POINTS, luaL_tolstring(L, -1, NULL)));
		}
		lua_pop(L, 1);
		type = col_lua_rawfield(L, 2, "seed");
		if (type != LUA_TNIL) {
			int isint = 0;
			seed = lua_tointegerx(L, -1, &isint);
			if (type != LUA_TNUMBER || !isint)
				luaL_argerror(L, 2,
				              lua_pushfstring(L,
				                              "trajectory: seed must be an integer, got %s",
				                              luaL_tolstring(L, -1, NULL)));
		}
		lua_pop(L, 1);
	}
	if (count < 0)
		count = circular ? COL_TRAJECTORY_CIRCULAR_COUNT : COL_TRAJECTORY_LINEAR_COUNT;
	bool options = lua_istable(L, 2);
	double jitter = options ? option_number(L, "jitter", 0.01, 0.0) : 0.01;
	double amount = jitter * shape.size;
	double radius = shape.reach + amount;
	if (options)
		radius = option_number(L, "radius", radius, 0.0);
	double y = shape.center.y + 0.4 * (shape.box.max.y - shape.box.min.y);
	if (options) {
		col_lua_field_number(L, 2, "y", 2, "trajectory", &y);
		if (circular && (col_lua_rawfield(L, 2, "y") != LUA_TNIL))
			luaL_argerror(
			    L, 2, "trajectory: y is for a linear trajectory (a circular one takes radius)");
		if (!circular && (col_lua_rawfield(L, 2, "radius") != LUA_TNIL))
			luaL_argerror(
			    L, 2, "trajectory: radius is for a circular trajectory (a linear one takes y)");
		lua_settop(L, 2);
	}

	col_lua_points *points = col_lua_push_points(L, (size_t)count, 2);
	col_vec2 *out = (col_vec2 *)points->data;
	if (circular)
		col_trajectory_circular(shape.center, radius, amount, (uint64_t)seed, out, points->count);
	else
		col_trajectory_linear(shape.box.min.x - 0.1 * shape.size, shape.box.max.x + 0.1 * shape.size,
		                      y, amount, (uint64_t)seed, out, points->count);
	return 1;
}

void col_lua_open_trajectory(lua_State *L)
{
	lua_pushcfunction(L, trajectory_new);
	lua_setfield(L, -2, "trajectory");
}
