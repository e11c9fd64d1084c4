/* The drawing table `g` that draw(g) receives: engine objects and plain numbers drawn through
 * the viewer, style tables, the HUD, and the camera choice. Every function checks its arguments
 * with lauxlib, so a wrong call is a Lua error with the script's line, never a crash. */
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide_lua_internal.h" /* col_lua_check_length */
#include "host.h"

static col_host *host_of(lua_State *L)
{
	return lua_touserdata(L, lua_upvalueindex(1));
}

/* "g.circle: bad argument #3 (radius must be >= 0, got -1)": the function by the name the script
 * calls it, which lauxlib's messages cannot know for a field of `g`. */
static int arg_error(lua_State *L, const char *what, int arg, const char *reason)
{
	return luaL_error(L, "%s: bad argument #%d (%s)", what, arg, reason);
}

/* The name the script calls the running function by ("g.circle"): its second upvalue. */
static const char *g_name(lua_State *L)
{
	return lua_tostring(L, lua_upvalueindex(2));
}

/* "g.mesh: bad argument #1 (collide.mesh expected, got table)". */
static int type_error(lua_State *L, int arg, const char *expected)
{
	const char *got = luaL_typename(L, arg);
	if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING)
		got = lua_tostring(L, -1);
	return arg_error(L, g_name(L), arg, lua_pushfstring(L, "%s expected, got %s", expected, got));
}

static void check_table(lua_State *L, int arg)
{
	if (!lua_istable(L, arg))
		type_error(L, arg, "table");
}

/* A collide object of the expected type that was closed (:close(), or a to-be-closed variable)
 * reads as NULL through col_lua_to_*: say so, instead of "collide.mesh expected, got collide.mesh". */
static void check_not_closed(lua_State *L, int arg, const char *what, const char *type)
{
	if (luaL_testudata(L, arg, type) != NULL)
		arg_error(L, what, arg, lua_pushfstring(L, "closed %s", type));
}

/* A size that must be finite and >= 0 (a radius), at arg. */
static double check_size(lua_State *L, int arg, const char *what, const char *name)
{
	if (!lua_isnumber(L, arg))
		type_error(L, arg, "number");
	double value = lua_tonumber(L, arg);
	if (!isfinite(value) || value < 0.0) {
		char text[96];
		snprintf(text, sizeof text, "%s must be >= 0, got %g", name, isnan(value) ? NAN : value);
		arg_error(L, what, arg, text);
	}
	return value;
}

/* Refuses any key of the option or style table at idx that is neither in names nor in extra
 * (either may be NULL; both NULL-terminated), so a misspelt option is an error, not ignored. */
static void check_keys(lua_State *L, int idx, const char *what, const char *const names[],
                       const char *const extra[])
{
	idx = lua_absindex(L, idx);
	lua_pushnil(L);
	while (lua_next(L, idx) != 0) {
		lua_pop(L, 1);
		bool known = false;
		if (lua_type(L, -1) == LUA_TSTRING) {
			const char *key = lua_tostring(L, -1);
			for (int i = 0; names && names[i] && !known; i++)
				known = strcmp(key, names[i]) == 0;
			for (int i = 0; extra && extra[i] && !known; i++)
				known = strcmp(key, extra[i]) == 0;
			if (!known)
				luaL_error(L, "%s: unknown option '%s'", what, key);
		} else {
			luaL_error(L, "%s: an option table takes names as keys, got a %s key", what,
			           luaL_typename(L, -1));
		}
	}
}

/* ---- colours and styles ---- */

/* A colour at idx: a name ("red", "#ff8000"), a table {r, g, b [, a]} or {r=, g=, b=, a=} with
 * components in 0..1, a name with an alpha {"green", 0.3}, or false (nothing drawn). */
static col_color check_color(lua_State *L, int idx, const char *what)
{
	col_color color = {0.0f, 0.0f, 0.0f, 0.0f};
	int type = lua_type(L, idx);
	if (type == LUA_TBOOLEAN && !lua_toboolean(L, idx))
		return color;
	if (type == LUA_TSTRING) {
		const char *name = lua_tostring(L, idx);
		if (!col_color_from_name(name, &color))
			luaL_error(L,
			           "%s: unknown colour '%s' (try red, green, blue, orange, grey, white, "
			           "#rrggbb or {r, g, b, a})",
			           what, name);
		return color;
	}
	if (type != LUA_TTABLE)
		luaL_error(L, "%s: a colour is a name, {r, g, b [, a]} or false, got %s", what,
		           luaL_typename(L, idx));
	/* {"green", 0.3}: a named colour with its own alpha. */
	if (lua_rawgeti(L, idx, 1) == LUA_TSTRING) {
		color = check_color(L, lua_gettop(L), what);
		lua_pop(L, 1);
		if (lua_rawgeti(L, idx, 2) == LUA_TNIL) {
			lua_pop(L, 1);
			col_lua_rawfield(L, idx, "a");
		}
		if (!lua_isnil(L, -1)) {
			double alpha = lua_tonumber(L, -1);
			if (lua_type(L, -1) != LUA_TNUMBER || !(alpha >= 0.0 && alpha <= 1.0))
				luaL_error(L, "%s: the alpha of a colour must be a number in 0..1", what);
			color.a = (float)alpha;
		}
		lua_pop(L, 1);
		return color;
	}
	lua_pop(L, 1);
	static const char *const keys[4] = {"r", "g", "b", "a"};
	float c[4] = {0.0f, 0.0f, 0.0f, 1.0f};
	for (int i = 0; i < 4; i++) {
		if (lua_rawgeti(L, idx, i + 1) == LUA_TNIL) {
			lua_pop(L, 1);
			col_lua_rawfield(L, idx, keys[i]);
		}
		double value = lua_tonumber(L, -1);
		if (lua_type(L, -1) == LUA_TNUMBER && value >= 0.0 && value <= 1.0)
			c[i] = (float)value;
		else if (!lua_isnil(L, -1) || i < 3)
			luaL_error(L, "%s: component %s of a colour must be a number in 0..1", what, keys[i]);
		lua_pop(L, 1);
	}
	return (col_color){c[0], c[1], c[2], c[3]};
}

typedef struct host_style {
	col_color fill, line, boundary;
	float width; /* outline and segment width, pixels */
	float size;  /* point diameter, pixels */
	bool wireframe, closed;
} host_style;

static float field_float(lua_State *L, int idx, const char *key, float fallback, const char *what)
{
	float value = fallback;
	if (col_lua_rawfield(L, idx, key) != LUA_TNIL) {
		if (!lua_isnumber(L, -1) || !isfinite(lua_tonumber(L, -1)) || lua_tonumber(L, -1) < 0.0)
			luaL_error(L, "%s: style.%s must be a number >= 0", what, key);
		value = (float)lua_tonumber(L, -1);
	}
	lua_pop(L, 1);
	return value;
}

static void field_color(lua_State *L, int idx, const char *key, col_color *out, const char *what)
{
	if (col_lua_rawfield(L, idx, key) != LUA_TNIL) {
		char where[64];
		snprintf(where, sizeof where, "%s: style.%s", what, key);
		*out = check_color(L, lua_gettop(L), where);
	}
	lua_pop(L, 1);
}

/* The keys every style table may have; a function with more options passes them as extra. */
static const char *const style_keys[] = {"fill", "line", "color", "width", "size", "wireframe",
                                         "boundary", "closed", NULL};

static void field_boolean(lua_State *L, int idx, const char *key, bool *out, const char *what)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type != LUA_TNIL) {
		if (type != LUA_TBOOLEAN)
			luaL_error(L, "%s: style.%s must be a boolean, got %s", what, key, lua_typename(L, type));
		*out = lua_toboolean(L, -1);
	}
	lua_pop(L, 1);
}

/* A style at idx on top of the defaults: nil keeps them; a colour sets both fill and line; a
 * table sets what it names (fill, line, width, size, wireframe, boundary, closed; `color` is
 * another name for line) and may name nothing else but the extra keys of the function. */
static host_style check_style_with(lua_State *L, int idx, host_style style, const char *what,
                                   const char *const extra[])
{
	int type = lua_type(L, idx);
	if (type == LUA_TNONE || type == LUA_TNIL)
		return style;
	if (type == LUA_TSTRING) {
		style.fill = style.line = check_color(L, idx, what);
		return style;
	}
	if (type != LUA_TTABLE)
		luaL_error(L, "%s: a style is a table {fill=, line=, width=, ...} or a colour name, got %s",
		           what, luaL_typename(L, idx));
	idx = lua_absindex(L, idx);
	/* {r, g, b}, {r = .., g = .., b = ..} or {"green", 0.5} where a style is expected: a colour
	 * for both. */
	int first = lua_rawgeti(L, idx, 1);
	lua_pop(L, 1);
	col_lua_rawfield(L, idx, "r");
	bool named_color = !lua_isnil(L, -1);
	lua_pop(L, 1);
	if (first == LUA_TNUMBER || first == LUA_TSTRING || named_color) {
		style.fill = style.line = check_color(L, idx, what);
		return style;
	}
	check_keys(L, idx, what, style_keys, extra);
	field_color(L, idx, "fill", &style.fill, what);
	field_color(L, idx, "color", &style.line, what);
	field_color(L, idx, "line", &style.line, what);
	field_color(L, idx, "boundary", &style.boundary, what);
	style.width = field_float(L, idx, "width", style.width, what);
	style.size = field_float(L, idx, "size", style.size, what);
	field_boolean(L, idx, "wireframe", &style.wireframe, what);
	field_boolean(L, idx, "closed", &style.closed, what);
	return style;
}

static host_style check_style(lua_State *L, int idx, host_style style, const char *what)
{
	return check_style_with(L, idx, style, what, NULL);
}

static const host_style area_style = {
    .fill = {0.33f, 0.55f, 0.86f, 0.35f},
    .line = {0.60f, 0.78f, 1.0f, 1.0f},
    .width = 2.0f,
    .size = 8.0f,
};
static const host_style line_style = {.line = {0.9f, 0.9f, 0.92f, 1.0f}, .width = 2.0f, .size = 8.0f};
static const host_style point_style = {.fill = {1.0f, 1.0f, 1.0f, 1.0f}, .width = 2.0f, .size = 9.0f};
static const host_style mesh_style = {
    .fill = {0.70f, 0.73f, 0.78f, 1.0f},
    .line = {0.08f, 0.09f, 0.11f, 0.55f},
    .boundary = {0.95f, 0.22f, 0.2f, 1.0f},
    .width = 1.0f,
};

/* Point colour: the fill, or the line when the fill is off. */
static col_color point_color(const host_style *s)
{
	return s->fill.a > 0.0f ? s->fill : s->line;
}

/* ---- points from tables ---- */

/* {x, y} or {x = .., y = ..} at idx, by the binding's rules (collide.polygon reads the same). */
static col_vec2 check_point2(lua_State *L, int idx, const char *what)
{
	col_vec2 p;
	col_lua_table_point2(L, idx, 0, what, &p);
	return p;
}

static col_vec3 check_point3(lua_State *L, int idx, const char *what)
{
	col_vec3 p;
	col_lua_table_point3(L, idx, 0, what, &p);
	return p;
}

static double check_coordinate(lua_State *L, int arg)
{
	if (!lua_isnumber(L, arg))
		type_error(L, arg, "number");
	double value = lua_tonumber(L, arg);
	if (!isfinite(value))
		arg_error(L, g_name(L), arg, isnan(value) ? "expected a finite number, got nan"
		                                          : "expected a finite number, got inf");
	return value;
}

/* The most points in one contour and holes in one g.polygon: far beyond a useful picture, well
 * inside int and memory. */
#define MAX_CONTOUR_POINTS 100000000
#define MAX_HOLES          1000000

static void check_point_count(lua_State *L, lua_Integer count, int min_points, const char *what)
{
	if (count < min_points)
		luaL_error(L, "%s: needs at least %d points, got %I", what, min_points, count);
}

/* A contour of at least min_points points given as a table: {{x, y}, ...} or a flat {x1, y1, x2,
 * y2, ...}, or a points buffer. The points go into a userdata left on the stack (so an error
 * frees it). */
static col_contour check_contour(lua_State *L, int idx, int min_points, const char *what)
{
	idx = lua_absindex(L, idx);
	const col_lua_points *buffer = col_lua_to_points(L, idx);
	if (buffer != NULL) {
		if (buffer->dim != 2)
			luaL_error(L, "%s: a contour needs 2D points", what);
		if (buffer->count > MAX_CONTOUR_POINTS)
			luaL_error(L, "%s: too many points", what);
		check_point_count(L, (lua_Integer)buffer->count, min_points, what);
		col_vec2 *points = lua_newuserdatauv(L, buffer->count * sizeof(col_vec2) + 1, 0);
		for (size_t i = 0; i < buffer->count; i++) {
			points[i] = (col_vec2){buffer->data[2 * i], buffer->data[2 * i + 1]};
			if (!isfinite(points[i].x) || !isfinite(points[i].y))
				luaL_error(L, "%s: point %d is not finite", what, (int)(i + 1));
		}
		return (col_contour){points, (int)buffer->count};
	}
	if (!lua_istable(L, idx))
		luaL_error(L, "%s: a contour is a table of points {{x, y}, ...}, got %s", what,
		           luaL_typename(L, idx));
	bool flat = lua_rawgeti(L, idx, 1) == LUA_TNUMBER;
	lua_pop(L, 1);
	lua_Integer n = col_lua_check_length(L, idx, 0, (flat ? 2 : 1) * MAX_CONTOUR_POINTS, what);
	if (flat && n % 2 != 0)
		luaL_error(L, "%s: a flat contour {x1, y1, x2, y2, ...} needs an even count of numbers, got %I",
		           what, n);
	lua_Integer count = flat ? n / 2 : n;
	check_point_count(L, count, min_points, what);
	col_vec2 *points = lua_newuserdatauv(L, (size_t)count * sizeof(col_vec2) + 1, 0);
	for (lua_Integer i = 0; i < count; i++) {
		if (flat) {
			/* the rule of check_point2: numbers (not numeric strings), finite */
			double xy[2];
			for (int k = 0; k < 2; k++) {
				lua_Integer at = 2 * i + 1 + k;
				bool ok = lua_rawgeti(L, idx, at) == LUA_TNUMBER;
				xy[k] = lua_tonumber(L, -1);
				if (!ok || !isfinite(xy[k]))
					luaL_error(L, "%s: coordinate %I is not a finite number", what, at);
				lua_pop(L, 1);
			}
			points[i] = (col_vec2){xy[0], xy[1]};
		} else {
			lua_rawgeti(L, idx, i + 1);
			char where[80];
			snprintf(where, sizeof where, "%s: point %d", what, (int)(i + 1));
			points[i] = check_point2(L, -1, where);
			lua_pop(L, 1);
		}
	}
	return (col_contour){points, (int)count};
}

/* ---- 2D ---- */

/* g.polygon(p [, style]): a collide.polygon, or a table of points with an optional `holes`
 * field holding more tables of points. */
static int g_polygon(lua_State *L)
{
	col_host *host = host_of(L);
	host_style style = check_style(L, 2, area_style, "g.polygon");
	const col_polygon *polygon = col_lua_to_polygon(L, 1);
	if (polygon) {
		col_draw_polygon(host->view, polygon, style.fill, style.line, style.width);
		return 0;
	}
	check_not_closed(L, 1, "g.polygon", COL_LUA_POLYGON);
	if (!lua_istable(L, 1) && col_lua_to_points(L, 1) == NULL)
		return arg_error(L, "g.polygon", 1,
		                 lua_pushfstring(L, "collide.polygon or table of points expected, got %s",
		                                 luaL_typename(L, 1)));
	int holes = 0;
	int holes_type = lua_istable(L, 1) ? col_lua_rawfield(L, 1, "holes") : (lua_pushnil(L), LUA_TNIL);
	if (holes_type == LUA_TTABLE)
		holes = (int)col_lua_check_length(L, -1, 0, MAX_HOLES, "g.polygon: holes");
	else if (holes_type != LUA_TNIL)
		return luaL_error(L, "g.polygon: holes must be a table of contours, got %s",
		                  lua_typename(L, holes_type));
	int holes_index = lua_gettop(L);
	col_contour *contours = lua_newuserdatauv(L, (size_t)(holes + 1) * sizeof(col_contour), 0);
	lua_newtable(L); /* each hole and its points, alive until drawn */
	int keeper = lua_gettop(L);
	contours[0] = check_contour(L, 1, 3, "g.polygon");
	int kept_from = lua_gettop(L) + 1;
	for (int i = 0; i < holes; i++) {
		lua_rawgeti(L, holes_index, i + 1);
		contours[i + 1] = check_contour(L, -1, 3, "g.polygon: hole");
		col_lua_keep_above(L, keeper, kept_from);
	}
	col_draw_contours_fill(host->view, contours, holes + 1, style.fill);
	for (int i = 0; i <= holes; i++)
		col_draw_polyline(host->view, contours[i].points, contours[i].count, true, style.width,
		                  style.line);
	return 0;
}

/* g.circle(c [, style]) with a collide.circle, or g.circle(x, y, r [, style]). */
static int g_circle(lua_State *L)
{
	col_host *host = host_of(L);
	col_circle circle;
	int style_arg = 2;
	if (lua_type(L, 1) == LUA_TNUMBER) {
		circle.center = (col_vec2){check_coordinate(L, 1), check_coordinate(L, 2)};
		circle.radius = check_size(L, 3, "g.circle", "radius");
		style_arg = 4;
	} else if (!col_lua_to_circle(L, 1, &circle)) {
		check_not_closed(L, 1, "g.circle", COL_LUA_CIRCLE);
		return type_error(L, 1, "collide.circle or x, y, r");
	}
	host_style style = check_style(L, style_arg, area_style, "g.circle");
	col_draw_circle_fill(host->view, circle.center, circle.radius, style.fill);
	col_draw_circle_outline(host->view, circle.center, circle.radius, style.width, style.line);
	return 0;
}

/* g.segment(s [, style]) with a collide.segment, or g.segment(x1, y1, x2, y2 [, style]). */
static int g_segment(lua_State *L)
{
	col_host *host = host_of(L);
	col_segment segment;
	int style_arg = 2;
	if (lua_type(L, 1) == LUA_TNUMBER) {
		segment.a = (col_vec2){check_coordinate(L, 1), check_coordinate(L, 2)};
		segment.b = (col_vec2){check_coordinate(L, 3), check_coordinate(L, 4)};
		style_arg = 5;
	} else if (!col_lua_to_segment(L, 1, &segment)) {
		return type_error(L, 1, "collide.segment or x1, y1, x2, y2");
	}
	host_style style = check_style(L, style_arg, line_style, "g.segment");
	col_color color = style.line.a > 0.0f ? style.line : style.fill;
	col_draw_segment(host->view, segment.a, segment.b, style.width, color);
	return 0;
}

/* g.line(points [, style]): a polyline through a table of points; style.closed joins the ends. */
static int g_line(lua_State *L)
{
	col_host *host = host_of(L);
	host_style style = check_style(L, 2, line_style, "g.line");
	col_contour line = check_contour(L, 1, 2, "g.line");
	col_color color = style.line.a > 0.0f ? style.line : style.fill;
	col_draw_polyline(host->view, line.points, line.count, style.closed, style.width, color);
	return 0;
}

/* g.point(x, y [, style]) or g.point({x, y} [, style]). */
static int g_point(lua_State *L)
{
	col_host *host = host_of(L);
	col_vec2 p;
	int style_arg = 3;
	if (lua_istable(L, 1)) {
		p = check_point2(L, 1, "g.point");
		style_arg = 2;
	} else {
		p = (col_vec2){check_coordinate(L, 1), check_coordinate(L, 2)};
	}
	host_style style = check_style(L, style_arg, point_style, "g.point");
	col_draw_point(host->view, p, style.size, point_color(&style));
	return 0;
}

/* g.rect(x1, y1, x2, y2 [, style]): an axis-aligned box given by two corners. */
static int g_rect(lua_State *L)
{
	col_host *host = host_of(L);
	double x1 = check_coordinate(L, 1), y1 = check_coordinate(L, 2);
	double x2 = check_coordinate(L, 3), y2 = check_coordinate(L, 4);
	host_style style = check_style(L, 5, area_style, "g.rect");
	col_vec2 corners[4] = {{x1, y1}, {x2, y1}, {x2, y2}, {x1, y2}};
	col_draw_triangle(host->view, corners[0], corners[1], corners[2], style.fill);
	col_draw_triangle(host->view, corners[0], corners[2], corners[3], style.fill);
	col_draw_polyline(host->view, corners, 4, true, style.width, style.line);
	return 0;
}

/* g.triangle(x1, y1, x2, y2, x3, y3 [, style]). */
static int g_triangle(lua_State *L)
{
	col_host *host = host_of(L);
	col_vec2 p[3];
	for (int i = 0; i < 3; i++)
		p[i] = (col_vec2){check_coordinate(L, 2 * i + 1), check_coordinate(L, 2 * i + 2)};
	host_style style = check_style(L, 7, area_style, "g.triangle");
	col_draw_triangle(host->view, p[0], p[1], p[2], style.fill);
	col_draw_polyline(host->view, p, 3, true, style.width, style.line);
	return 0;
}

/* g.points(pts [, results [, style_in [, style_out]]]): a points buffer (2D or 3D) as dots;
 * with a results buffer, each dot takes style_in (default green) where its result is true and
 * style_out (default grey) where false. */
static int g_points(lua_State *L)
{
	col_host *host = host_of(L);
	const col_lua_points *points = col_lua_to_points(L, 1);
	if (points == NULL)
		return type_error(L, 1, "collide.points");
	const col_lua_results *results = NULL;
	if (!lua_isnoneornil(L, 2)) {
		results = col_lua_to_results(L, 2);
		if (results == NULL)
			return type_error(L, 2, "collide.results");
		if (results->count != points->count)
			return luaL_error(L, "g.points: %d points but %d results", (int)points->count,
			                  (int)results->count);
	}
	host_style in = point_style, out = point_style;
	in.size = out.size = 3.0f;
	if (results) {
		col_color_from_name("green", &in.fill);
		col_color_from_name("grey", &out.fill);
	}
	in = check_style(L, 3, in, "g.points: style_in");
	out = check_style(L, 4, out, "g.points: style_out");
	col_color colors[2] = {point_color(&out), point_color(&in)};
	float sizes[2] = {out.size, in.size};
	for (size_t i = 0; i < points->count; i++) {
		int k = results ? results->data[i] : 1;
		const double *p = &points->data[i * (size_t)points->dim];
		if (points->dim == 3)
			col_draw_point3d(host->view, (col_vec3){p[0], p[1], p[2]}, sizes[k], colors[k]);
		else
			col_draw_point(host->view, (col_vec2){p[0], p[1]}, sizes[k], colors[k]);
	}
	return 0;
}

/* g.cloud(pts [, style]): a 3D points buffer as dots of one colour (style.fill, default cyan)
 * and size (style.size, default 2), drawn one vertex a dot from one GL buffer: clouds of
 * millions of particles. */
static int g_cloud(lua_State *L)
{
	col_host *host = host_of(L);
	const col_lua_points *points = col_lua_to_points(L, 1);
	if (points == NULL || points->dim != 3)
		return type_error(L, 1, "3D collide.points");
	host_style style = point_style;
	style.size = 2.0f;
	col_color_from_name("cyan", &style.fill);
	style = check_style(L, 2, style, "g.cloud");
	/* the floats the GL buffer takes, in a block of Lua's so an error frees it */
	size_t n = points->count;
	float *xyz = lua_newuserdatauv(L, 3 * n * sizeof *xyz + 1, 0);
	for (size_t i = 0; i < 3 * n; i++)
		xyz[i] = (float)points->data[i];
	col_draw_cloud3d(host->view, xyz, n, style.size, point_color(&style));
	return 0;
}

/* ---- coverings, tri-trees, grids ---- */

/* Fill and outline of a convex polygon given by its corners. */
static void draw_convex(col_view *view, const col_vec2 *p, int count, col_color fill, float width,
                        col_color line)
{
	for (int i = 1; i + 1 < count; i++)
		col_draw_triangle(view, p[0], p[i], p[i + 1], fill);
	col_draw_polyline(view, p, count, true, width, line);
}

static void draw_box(col_view *view, col_aabb2 box, col_color fill, float width, col_color line)
{
	col_vec2 corners[4] = {box.min, {box.max.x, box.min.y}, box.max, {box.min.x, box.max.y}};
	draw_convex(view, corners, 4, fill, width, line);
}

/* g.covering(cov [, style]): each covering triangle (origin, a, b) filled and outlined in the
 * colour of its sign, style.positive (default green), style.negative (red) or style.degenerate
 * (yellow: the origin is on the edge's line, so it is drawn as lines); the colour given is the
 * fill, the outline the same colour opaque. The origin is a dot: style.inside (white) when the
 * origin is inside the polygon, style.outside (grey) when not; style.origin = false hides it. */
static int g_covering(lua_State *L)
{
	col_host *host = host_of(L);
	const col_covering *covering = col_lua_check_covering(L, 1);
	static const host_style covering_style = {.width = 1.5f, .size = 8.0f};
	static const char *const covering_keys[] = {"degenerate", "positive", "negative", "inside",
	                                            "outside",    "origin",   NULL};
	host_style style = check_style_with(L, 2, covering_style, "g.covering", covering_keys);
	col_color colors[3] = {{0.95f, 0.80f, 0.20f, 0.35f},  /* degenerate */
	                       {0.30f, 0.75f, 0.40f, 0.22f},  /* positive */
	                       {0.92f, 0.33f, 0.28f, 0.22f}}; /* negative */
	col_color inside = {1.0f, 1.0f, 1.0f, 1.0f}, outside = {0.55f, 0.55f, 0.58f, 1.0f};
	bool show_origin = true;
	if (lua_istable(L, 2)) {
		field_color(L, 2, "degenerate", &colors[0], "g.covering");
		field_color(L, 2, "positive", &colors[1], "g.covering");
		field_color(L, 2, "negative", &colors[2], "g.covering");
		field_color(L, 2, "inside", &inside, "g.covering");
		field_color(L, 2, "outside", &outside, "g.covering");
		if (col_lua_rawfield(L, 2, "origin") != LUA_TNIL)
			show_origin = lua_toboolean(L, -1);
		lua_pop(L, 1);
	}
	col_vec2 o = col_covering_origin(covering);
	int count = col_covering_triangle_count(covering);
	for (int i = 0; i < count; i++) {
		col_covering_triangle t = col_covering_triangle_at(covering, i);
		col_color fill = colors[t.sign > 0 ? 1 : t.sign < 0 ? 2 : 0];
		col_vec2 corners[3] = {o, t.a, t.b};
		draw_convex(host->view, corners, 3, fill, style.width, col_color_with_alpha(fill, 0.9f));
	}
	if (show_origin)
		col_draw_point(host->view, o, style.size,
		               col_covering_origin_inside(covering) ? inside : outside);
	return 0;
}

/* g.tritree(tree [, {level =, fitted =, raw =, circles =, envelope =, fill =, line =, width =}]):
 * the cones of a level's tiling (its cones and the leaves above it; default the deepest level) as
 * their fitted enclosing triangles (fitted, default true; neighbours alternate in shade), their
 * raw enclosing triangles (raw, orange outlines), the enclosing circles of their edges (circles,
 * cyan) and the level's regular envelope (envelope, yellow). Cones without triangles are left out. */
static int g_tritree(lua_State *L)
{
	static const char *const names[] = {"level", "fitted", "raw",   "circles", "envelope",
	                                    "fill",  "line",   "color", "width",   NULL};
	col_host *host = host_of(L);
	const col_tritree *tree = col_lua_to_tritree(L, 1);
	if (tree == NULL) {
		check_not_closed(L, 1, "g.tritree", COL_LUA_TRITREE);
		return type_error(L, 1, "collide.tritree");
	}
	col_tritree_stats stats = col_tritree_get_stats(tree);
	int level = stats.levels;
	bool fitted = true, raw = false, circles = false, envelope = false;
	if (!lua_isnoneornil(L, 2)) {
		check_table(L, 2);
		col_lua_check_options(L, 2, 2, "g.tritree", names);
		if (col_lua_option_int(L, 2, "level", 2, "g.tritree", &level) &&
		    (level < 1 || level > stats.levels))
			return luaL_error(L, "g.tritree: level %d out of range 1..%d", level, stats.levels);
		bool *flags[4] = {&fitted, &raw, &circles, &envelope};
		for (int k = 0; k < 4; k++) {
			if (col_lua_rawfield(L, 2, names[k + 1]) != LUA_TNIL)
				*flags[k] = lua_toboolean(L, -1);
			lua_pop(L, 1);
		}
	}
	host_style style = check_style_with(L, 2, area_style, "g.tritree", names);
	col_color shade = col_color_with_alpha(style.fill, style.fill.a * 0.5f);
	col_color orange = {1.0f, 0.6f, 0.2f, 0.9f}, cyan = {0.3f, 0.85f, 0.95f, 0.8f};
	col_vec2 apex = col_tritree_apex(tree);
	/* The tiling, counter-clockwise: a depth-first walk with an explicit stack (at most 30
	 * levels, so 2 per level plus the four roots). */
	int stack[64], top = 0, drawn = 0;
	for (int q = 3; q >= 0; q--)
		stack[top++] = q;
	while (top > 0) {
		int index = stack[--top];
		col_tritree_cone cone;
		if (!col_tritree_cone_at(tree, index, &cone))
			continue;
		if (cone.level < level && cone.first_child >= 0) {
			stack[top++] = cone.first_child + 1;
			stack[top++] = cone.first_child;
			continue;
		}
		if (cone.triangle_count == 0)
			continue;
		if (fitted) {
			col_vec2 t[3] = {apex, cone.env1, cone.env2};
			draw_convex(host->view, t, 3, drawn++ % 2 ? shade : style.fill, style.width,
			            style.line);
		}
		if (raw) {
			col_vec2 t[3] = {apex, cone.raw1, cone.raw2};
			col_draw_polyline(host->view, t, 3, true, 1.0f, orange);
		}
		if (circles)
			col_draw_circle_outline(host->view, cone.circle_center, cone.circle_radius, 1.0f,
			                        cyan);
	}
	if (envelope) {
		int capacity = col_tritree_cone_count(tree);
		col_vec2 *points = lua_newuserdatauv(L, (size_t)capacity * sizeof *points + 1, 0);
		int count = col_tritree_regular_envelope(tree, level, points, capacity);
		col_draw_polyline(host->view, points, count, true, style.width,
		                  (col_color){0.98f, 0.85f, 0.25f, 1.0f});
	}
	return 0;
}

/* g.grid(grid_or_quadtree [, style]): the cells that answer queries (a grid's cells without a
 * nested grid, a quadtree's leaves) outlined in style.line; a cell no edge crosses whose origin is
 * inside is filled (style.fill); each origin is a dot, style.inside (green) or style.outside (grey);
 * style.origins = false hides them. */
static int g_grid(lua_State *L)
{
	col_host *host = host_of(L);
	const col_polygon_grid *grid = col_lua_to_polygon_grid(L, 1);
	const col_quadtree *quadtree = col_lua_to_quadtree(L, 1);
	if (grid == NULL && quadtree == NULL) {
		check_not_closed(L, 1, "g.grid", COL_LUA_GRID);
		check_not_closed(L, 1, "g.grid", COL_LUA_QUADTREE);
		return type_error(L, 1, "collide.grid or collide.quadtree");
	}
	static const host_style grid_style = {
	    .fill = {0.30f, 0.75f, 0.40f, 0.18f},
	    .line = {0.60f, 0.65f, 0.75f, 0.6f},
	    .width = 1.0f,
	    .size = 4.0f,
	};
	static const char *const grid_keys[] = {"inside", "outside", "origins", NULL};
	host_style style = check_style_with(L, 2, grid_style, "g.grid", grid_keys);
	col_color inside = {0.30f, 0.85f, 0.40f, 1.0f}, outside = {0.55f, 0.55f, 0.58f, 1.0f};
	bool origins = true;
	if (lua_istable(L, 2)) {
		field_color(L, 2, "inside", &inside, "g.grid");
		field_color(L, 2, "outside", &outside, "g.grid");
		if (col_lua_rawfield(L, 2, "origins") != LUA_TNIL)
			origins = lua_toboolean(L, -1);
		lua_pop(L, 1);
	}
	int count =
	    grid != NULL ? col_polygon_grid_get_info(grid).cells : col_quadtree_get_info(quadtree).cells;
	col_color none = {0.0f, 0.0f, 0.0f, 0.0f};
	for (int i = 0; i < count; i++) {
		col_aabb2 box;
		col_vec2 origin;
		bool origin_inside, leaf;
		int edges;
		if (grid != NULL) {
			col_polygon_grid_cell cell;
			col_polygon_grid_cell_at(grid, i, &cell);
			box = cell.box, origin = cell.origin, origin_inside = cell.origin_inside;
			leaf = cell.first_child < 0, edges = cell.edge_count;
		} else {
			col_quadtree_cell cell;
			col_quadtree_cell_at(quadtree, i, &cell);
			box = cell.box, origin = cell.origin, origin_inside = cell.origin_inside;
			leaf = cell.first_child < 0, edges = cell.edge_count;
		}
		if (!leaf)
			continue;
		draw_box(host->view, box, edges == 0 && origin_inside ? style.fill : none, style.width,
		         style.line);
		if (origins)
			col_draw_point(host->view, origin, style.size, origin_inside ? inside : outside);
	}
	return 0;
}

/* ---- 3D ---- */

/* g.mesh(m [, style]): flat-shaded faces (fill), style.wireframe draws every edge in the line
 * colour, boundary edges (open mesh) in style.boundary (default red; false hides them). */
static int g_mesh(lua_State *L)
{
	col_host *host = host_of(L);
	const col_mesh *mesh = col_lua_to_mesh(L, 1);
	if (mesh == NULL) {
		check_not_closed(L, 1, "g.mesh", COL_LUA_MESH);
		return type_error(L, 1, "collide.mesh");
	}
	host_style style = check_style(L, 2, mesh_style, "g.mesh");
	col_draw_mesh_style draw = col_draw_mesh_style_default();
	draw.fill = style.fill;
	draw.wire = style.wireframe ? style.line : (col_color){0.0f, 0.0f, 0.0f, 0.0f};
	draw.wire_width = style.width;
	draw.boundary = style.boundary;
	col_draw_mesh(host->view, mesh, &draw);
	return 0;
}

/* g.line3d(x1, y1, z1, x2, y2, z2 [, style]) or g.line3d({x, y, z}, {x, y, z} [, style]). */
static int g_line3d(lua_State *L)
{
	col_host *host = host_of(L);
	col_vec3 a, b;
	int style_arg = 7;
	if (lua_istable(L, 1)) {
		a = check_point3(L, 1, "g.line3d");
		b = check_point3(L, 2, "g.line3d");
		style_arg = 3;
	} else {
		a = (col_vec3){check_coordinate(L, 1), check_coordinate(L, 2), check_coordinate(L, 3)};
		b = (col_vec3){check_coordinate(L, 4), check_coordinate(L, 5), check_coordinate(L, 6)};
	}
	host_style style = check_style(L, style_arg, line_style, "g.line3d");
	col_draw_segment3d(host->view, a, b, style.width, style.line.a > 0.0f ? style.line : style.fill);
	return 0;
}

/* g.point3d(x, y, z [, style]) or g.point3d({x, y, z} [, style]). */
static int g_point3d(lua_State *L)
{
	col_host *host = host_of(L);
	col_vec3 p;
	int style_arg = 4;
	if (lua_istable(L, 1)) {
		p = check_point3(L, 1, "g.point3d");
		style_arg = 2;
	} else {
		p = (col_vec3){check_coordinate(L, 1), check_coordinate(L, 2), check_coordinate(L, 3)};
	}
	host_style style = check_style(L, style_arg, point_style, "g.point3d");
	col_draw_point3d(host->view, p, style.size, point_color(&style));
	return 0;
}

/* g.sphere(s [, style]) with a collide.sphere, or g.sphere(x, y, z, r [, style]). */
static int g_sphere(lua_State *L)
{
	col_host *host = host_of(L);
	col_sphere sphere;
	int style_arg = 2;
	if (lua_type(L, 1) == LUA_TNUMBER) {
		sphere.center =
		    (col_vec3){check_coordinate(L, 1), check_coordinate(L, 2), check_coordinate(L, 3)};
		sphere.radius = check_size(L, 4, "g.sphere", "radius");
		style_arg = 5;
	} else if (!col_lua_to_sphere(L, 1, &sphere)) {
		check_not_closed(L, 1, "g.sphere", COL_LUA_SPHERE);
		return type_error(L, 1, "collide.sphere or x, y, z, r");
	}
	host_style style = check_style(L, style_arg, mesh_style, "g.sphere");
	col_draw_sphere(host->view, sphere.center, sphere.radius, style.fill);
	return 0;
}

/* ---- screen, HUD, cameras ---- */

/* g.text(x, y, text [, colour]): pixels from the top-left corner; returns the width drawn. */
static int g_text(lua_State *L)
{
	col_host *host = host_of(L);
	float x = (float)check_coordinate(L, 1), y = (float)check_coordinate(L, 2);
	const char *text = luaL_tolstring(L, 3, NULL);
	col_color color = {0.93f, 0.94f, 0.95f, 1.0f};
	if (!lua_isnoneornil(L, 4))
		color = check_color(L, 4, "g.text");
	lua_pushnumber(L, col_draw_text(host->view, x, y, text, color));
	return 1;
}

/* g.hud(label, value): one line of the HUD panel this frame. Numbers are shown with 6
 * significant digits, integers whole. */
static int g_hud(lua_State *L)
{
	col_host *host = host_of(L);
	const char *label = luaL_tolstring(L, 1, NULL);
	char number[64];
	const char *value;
	if (lua_isinteger(L, 2)) {
		snprintf(number, sizeof number, "%lld", (long long)lua_tointeger(L, 2));
		value = number;
	} else if (lua_type(L, 2) == LUA_TNUMBER) {
		snprintf(number, sizeof number, "%.6g", lua_tonumber(L, 2));
		value = number;
	} else if (lua_isnone(L, 2)) {
		value = "";
	} else {
		value = luaL_tolstring(L, 2, NULL);
	}
	col_draw_hud(host->view, label, value);
	return 0;
}

/* Reads the numbers of a request field into values; returns how many. */
static int read_numbers(lua_State *L, int idx, const char *key, int count, double *values, const char *what)
{
	int type = col_lua_rawfield(L, idx, key);
	if (type == LUA_TNIL) {
		lua_pop(L, 1);
		return 0;
	}
	if (count == 1) {
		if (type != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1)))
			luaL_error(L, "%s: %s must be a finite number", what, key);
		values[0] = lua_tonumber(L, -1);
	} else {
		if (type != LUA_TTABLE)
			luaL_error(L, "%s: %s must be a table of %d numbers", what, key, count);
		for (int i = 0; i < count; i++) {
			if (lua_rawgeti(L, -1, i + 1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1)))
				luaL_error(L, "%s: %s must be a table of %d finite numbers", what, key,
				           count);
			values[i] = lua_tonumber(L, -1);
			lua_pop(L, 1);
		}
	}
	lua_pop(L, 1);
	return count;
}

/* True when the request differs from the last one applied (and remembers it). */
static bool new_request(double *last, int *last_size, const double *request, int size)
{
	if (*last_size == size && memcmp(last, request, (size_t)size * sizeof *request) == 0)
		return false;
	memcpy(last, request, (size_t)size * sizeof *request);
	*last_size = size;
	return true;
}

/* g.camera2d{fit = {minx, miny, maxx, maxy}, center = {x, y}, scale = pixels_per_unit,
 * margin = 0.05}: the mouse then drives the 2D camera. A request is applied when it differs from
 * the previous one, so calling this every frame does not undo the user's pan and zoom. */
static int g_camera2d(lua_State *L)
{
	col_host *host = host_of(L);
	col_view *view = host->view;
	col_view_set_mode(view, COL_VIEW_2D);
	host->camera_requested = true;
	if (lua_isnoneornil(L, 1))
		return 0;
	check_table(L, 1);
	static const char *const camera2d_keys[] = {"fit", "center", "scale", "margin", NULL};
	check_keys(L, 1, "g.camera2d", camera2d_keys, NULL);
	double request[8] = {0};
	int has_fit = read_numbers(L, 1, "fit", 4, request, "g.camera2d");
	int has_center = read_numbers(L, 1, "center", 2, request + 4, "g.camera2d");
	int has_scale = read_numbers(L, 1, "scale", 1, request + 6, "g.camera2d");
	request[7] = 0.05;
	read_numbers(L, 1, "margin", 1, request + 7, "g.camera2d");
	if (!new_request(host->camera2d_request, &host->camera2d_request_size, request, 8))
		return 0;
	int width, height;
	col_view_size(view, &width, &height);
	col_camera2d *camera = col_view_camera2d(view);
	if (has_fit) {
		col_aabb2 box = {{request[0], request[1]}, {request[2], request[3]}};
		if (col_aabb2_is_empty(box))
			return luaL_error(L, "g.camera2d: fit box has min > max");
		col_camera2d_fit(camera, box, width, height, request[7]);
	}
	if (has_center)
		camera->center = (col_vec2){request[4], request[5]};
	if (has_scale) {
		if (!(request[6] > 0.0))
			return luaL_error(L, "g.camera2d: scale must be > 0");
		camera->scale = request[6];
	}
	return 0;
}

/* g.camera3d{fit = {minx, miny, minz, maxx, maxy, maxz}, target = {x, y, z}, distance = d,
 * yaw = degrees, pitch = degrees}: the mouse then drives the 3D orbit camera. Applied when it
 * differs from the previous request, as g.camera2d. */
static int g_camera3d(lua_State *L)
{
	col_host *host = host_of(L);
	col_view *view = host->view;
	col_view_set_mode(view, COL_VIEW_3D);
	host->camera_requested = true;
	if (lua_isnoneornil(L, 1))
		return 0;
	check_table(L, 1);
	static const char *const camera3d_keys[] = {"fit", "target", "distance", "yaw", "pitch", NULL};
	check_keys(L, 1, "g.camera3d", camera3d_keys, NULL);
	double request[12] = {0};
	int has_fit = read_numbers(L, 1, "fit", 6, request, "g.camera3d");
	int has_target = read_numbers(L, 1, "target", 3, request + 6, "g.camera3d");
	int has_distance = read_numbers(L, 1, "distance", 1, request + 9, "g.camera3d");
	int has_yaw = read_numbers(L, 1, "yaw", 1, request + 10, "g.camera3d");
	int has_pitch = read_numbers(L, 1, "pitch", 1, request + 11, "g.camera3d");
	if (!new_request(host->camera3d_request, &host->camera3d_request_size, request, 12))
		return 0;
	int width, height;
	col_view_size(view, &width, &height);
	col_camera3d *camera = col_view_camera3d(view);
	const double degrees = 3.14159265358979323846 / 180.0;
	if (has_yaw)
		camera->yaw = request[10] * degrees;
	if (has_pitch) {
		double pitch = request[11] * degrees;
		camera->pitch = pitch > 1.55 ? 1.55 : (pitch < -1.55 ? -1.55 : pitch);
	}
	if (has_fit) {
		col_aabb3 box = {{request[0], request[1], request[2]}, {request[3], request[4], request[5]}};
		if (col_aabb3_is_empty(box))
			return luaL_error(L, "g.camera3d: fit box has min > max");
		col_camera3d_fit(camera, box, width, height);
	}
	if (has_target)
		camera->target = (col_vec3){request[6], request[7], request[8]};
	if (has_distance) {
		if (!(request[9] > 0.0))
			return luaL_error(L, "g.camera3d: distance must be > 0");
		camera->distance = request[9];
	}
	return 0;
}

/* g.size() -> width, height of the view in pixels. */
static int g_size(lua_State *L)
{
	int width, height;
	col_view_size(host_of(L)->view, &width, &height);
	lua_pushinteger(L, width);
	lua_pushinteger(L, height);
	return 2;
}

/* g.mouse() -> the mouse position as the callbacks get it (2D world, or pixels in 3D). */
static int g_mouse(lua_State *L)
{
	col_host *host = host_of(L);
	double x, y;
	col_host_mouse_coordinates(host, host->mouse_x, host->mouse_y, &x, &y);
	lua_pushnumber(L, x);
	lua_pushnumber(L, y);
	return 2;
}

/* g.to_world(sx, sy) -> x, y and g.to_screen(x, y) -> sx, sy through the 2D camera. */
static int g_to_world(lua_State *L)
{
	col_vec2 p = col_view_to_world(host_of(L)->view, check_coordinate(L, 1), check_coordinate(L, 2));
	lua_pushnumber(L, p.x);
	lua_pushnumber(L, p.y);
	return 2;
}

static int g_to_screen(lua_State *L)
{
	col_view *view = host_of(L)->view;
	int width, height;
	col_view_size(view, &width, &height);
	col_vec2 p = col_camera2d_to_screen(col_view_camera2d(view), width, height,
	                                    (col_vec2){check_coordinate(L, 1), check_coordinate(L, 2)});
	lua_pushnumber(L, p.x);
	lua_pushnumber(L, p.y);
	return 2;
}

/* g.to_world3d(sx, sy) -> ox, oy, oz, dx, dy, dz: the ray from the eye through the pixel (unit
 * direction), along which a 3D script picks and drags. g.to_screen3d(x, y, z) -> sx, sy, depth:
 * where the point appears, and how far in front of the eye (<= 0: behind it, the pixel meaningless). */
static int g_to_world3d(lua_State *L)
{
	col_view *view = host_of(L)->view;
	int width, height;
	col_view_size(view, &width, &height);
	col_vec3 origin, direction;
	col_camera3d_ray(col_view_camera3d(view), width, height, check_coordinate(L, 1), check_coordinate(L, 2), &origin,
	                 &direction);
	const double values[6] = {origin.x, origin.y, origin.z, direction.x, direction.y, direction.z};
	for (int i = 0; i < 6; i++)
		lua_pushnumber(L, values[i]);
	return 6;
}

static int g_to_screen3d(lua_State *L)
{
	col_view *view = host_of(L)->view;
	int width, height;
	col_view_size(view, &width, &height);
	col_vec3 p = {check_coordinate(L, 1), check_coordinate(L, 2), check_coordinate(L, 3)};
	double depth;
	col_vec2 s = col_camera3d_to_screen(col_view_camera3d(view), width, height, p, &depth);
	lua_pushnumber(L, s.x);
	lua_pushnumber(L, s.y);
	lua_pushnumber(L, depth);
	return 3;
}

static const luaL_Reg graphics_functions[] = {
    {"polygon", g_polygon},   {"circle", g_circle},   {"segment", g_segment},   {"line", g_line},
    {"point", g_point},       {"points", g_points},   {"rect", g_rect},         {"triangle", g_triangle},
    {"cloud", g_cloud},
    {"mesh", g_mesh},         {"line3d", g_line3d},   {"point3d", g_point3d},   {"sphere", g_sphere},
    {"text", g_text},         {"hud", g_hud},         {"camera2d", g_camera2d}, {"camera3d", g_camera3d},
    {"size", g_size},         {"mouse", g_mouse},     {"to_world", g_to_world}, {"to_screen", g_to_screen},
    {"covering", g_covering}, {"tritree", g_tritree}, {"grid", g_grid},         {"to_world3d", g_to_world3d},
    {"to_screen3d", g_to_screen3d}, {NULL, NULL},
};

/* The registry key of `g` (a static's address: raw access, whatever the script does to the
 * registry through the debug library). */
static const char graphics_key = 0;

/* Made once per Lua state and kept in the registry, so a script may keep `g` between frames. */
void col_host_push_graphics(col_host *host)
{
	lua_State *L = host->L;
	if (lua_rawgetp(L, LUA_REGISTRYINDEX, &graphics_key) == LUA_TTABLE)
		return;
	lua_pop(L, 1);
	luaL_newlibtable(L, graphics_functions);
	/* upvalues: the host, and the name for messages (lauxlib's cannot name a field of g) */
	for (const luaL_Reg *f = graphics_functions; f->name; f++) {
		lua_pushlightuserdata(L, host);
		lua_pushfstring(L, "g.%s", f->name);
		lua_pushcclosure(L, f->func, 2);
		lua_setfield(L, -2, f->name);
	}
	lua_pushvalue(L, -1);
	lua_rawsetp(L, LUA_REGISTRYINDEX, &graphics_key);
}

void col_host_mouse_coordinates(const col_host *host, double sx, double sy, double *x, double *y)
{
	if (col_view_get_mode(host->view) == COL_VIEW_3D) {
		*x = sx;
		*y = sy;
		return;
	}
	col_vec2 p = col_view_to_world(host->view, sx, sy);
	*x = p.x;
	*y = p.y;
}
