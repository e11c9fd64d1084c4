/* Batched drawing of 2D, 3D and screen-space primitives: each call turns its shape into vertices
 * of one of the renderer's passes. Widths stay in pixels: segments are stored with both ends and
 * widened by the vertex shader, after the camera is known. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "view_internal.h"

#define TWO_PI 6.28318530717958647692

static void set_fill(col_fill_vertex *v, double x, double y, double z, const uint8_t rgba[4])
{
	v->position[0] = (float)x;
	v->position[1] = (float)y;
	v->position[2] = (float)z;
	memcpy(v->color, rgba, 4);
}

static void grow2(col_view *view, col_vec2 p)
{
	view->batch.bounds2d = col_aabb2_add_point(view->batch.bounds2d, p);
}
static void grow3(col_view *view, col_vec3 p)
{
	view->batch.bounds3d = col_aabb3_add_point(view->batch.bounds3d, p);
}

/* Two triangles: corners a+n, a-n, b-n, b+n once the shader has pushed them sideways. */
static void push_line(col_view *view, col_space space, col_vec3 a, col_vec3 b, float width, col_color color)
{
	if (color.a <= 0.0f || !(width > 0.0f) || !col_vec3_is_finite(a) || !col_vec3_is_finite(b))
		return;
	col_line_vertex *v = col_batch_push(&view->batch, COL_PASS_LINE, space, 6);
	if (v == NULL)
		return;
	col_line_vertex corners[4];
	for (int i = 0; i < 4; i++) {
		col_vec3 p = i < 2 ? a : b, q = i < 2 ? b : a;
		corners[i] = (col_line_vertex){{(float)p.x, (float)p.y, (float)p.z},
		                               {(float)q.x, (float)q.y, (float)q.z},
		                               (i % 2 == 0) ? 1.0f : -1.0f,
		                               width,
		                               {0}};
		col_color_to_bytes(color, corners[i].color);
	}
	static const int order[6] = {0, 1, 2, 0, 2, 3};
	for (int i = 0; i < 6; i++)
		v[i] = corners[order[i]];
}

static void push_point(col_view *view, col_space space, col_vec3 p, float size, col_color color)
{
	if (color.a <= 0.0f || !(size > 0.0f) || !col_vec3_is_finite(p))
		return;
	col_point_vertex *v = col_batch_push(&view->batch, COL_PASS_POINT, space, 6);
	if (v == NULL)
		return;
	static const float corners[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
	for (int i = 0; i < 6; i++) {
		v[i] = (col_point_vertex){
		    {(float)p.x, (float)p.y, (float)p.z}, {corners[i][0], corners[i][1]}, size, {0}};
		col_color_to_bytes(color, v[i].color);
	}
}

static col_vec3 lift(col_vec2 p)
{
	return (col_vec3){p.x, p.y, 0.0};
}

/* ---- 2D ---- */

void col_draw_segment(col_view *view, col_vec2 a, col_vec2 b, float width, col_color color)
{
	if (color.a <= 0.0f)
		return;
	push_line(view, COL_SPACE_2D, lift(a), lift(b), width, color);
	grow2(view, a);
	grow2(view, b);
}

void col_draw_polyline(col_view *view, const col_vec2 *points, int count, bool closed, float width,
                       col_color color)
{
	if (points == NULL || count < 2)
		return;
	for (int i = 0; i + 1 < count; i++)
		col_draw_segment(view, points[i], points[i + 1], width, color);
	if (closed && count > 2)
		col_draw_segment(view, points[count - 1], points[0], width, color);
}

void col_draw_point(col_view *view, col_vec2 point, float size, col_color color)
{
	if (color.a <= 0.0f)
		return;
	push_point(view, COL_SPACE_2D, lift(point), size, color);
	grow2(view, point);
}

void col_draw_triangle(col_view *view, col_vec2 a, col_vec2 b, col_vec2 c, col_color color)
{
	if (color.a <= 0.0f)
		return;
	col_fill_vertex *v = col_batch_push(&view->batch, COL_PASS_FILL, COL_SPACE_2D, 3);
	if (v == NULL)
		return;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	set_fill(&v[0], a.x, a.y, 0.0, rgba);
	set_fill(&v[1], b.x, b.y, 0.0, rgba);
	set_fill(&v[2], c.x, c.y, 0.0, rgba);
	grow2(view, a);
	grow2(view, b);
	grow2(view, c);
}

/* Enough sides that the rim looks round at the current zoom, not so many that a thousand small
 * circles cost much. */
static int circle_sides(const col_view *view, double radius)
{
	double sides = radius * view->camera2d.scale * 0.75;
	/* clamp while still a double: a huge radius (1e300) does not fit an int, NaN fits nothing */
	if (!(sides >= 24.0))
		return 24;
	return sides > 256.0 ? 256 : (int)sides;
}

void col_draw_circle_fill(col_view *view, col_vec2 center, double radius, col_color color)
{
	if (color.a <= 0.0f || !(radius >= 0.0) || !col_vec2_is_finite(center))
		return;
	int sides = circle_sides(view, radius);
	col_fill_vertex *v = col_batch_push(&view->batch, COL_PASS_FILL, COL_SPACE_2D, 3 * sides);
	if (v == NULL)
		return;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	for (int i = 0; i < sides; i++) {
		double t0 = TWO_PI * i / sides, t1 = TWO_PI * (i + 1) / sides;
		set_fill(&v[3 * i], center.x, center.y, 0.0, rgba);
		set_fill(&v[3 * i + 1], center.x + radius * cos(t0), center.y + radius * sin(t0), 0.0, rgba);
		set_fill(&v[3 * i + 2], center.x + radius * cos(t1), center.y + radius * sin(t1), 0.0, rgba);
	}
	grow2(view, (col_vec2){center.x - radius, center.y - radius});
	grow2(view, (col_vec2){center.x + radius, center.y + radius});
}

void col_draw_circle_outline(col_view *view, col_vec2 center, double radius, float width, col_color color)
{
	if (color.a <= 0.0f || !(radius >= 0.0) || !col_vec2_is_finite(center))
		return;
	int sides = circle_sides(view, radius);
	col_vec2 previous = {center.x + radius, center.y};
	for (int i = 1; i <= sides; i++) {
		double t = TWO_PI * i / sides;
		col_vec2 next = {center.x + radius * cos(t), center.y + radius * sin(t)};
		push_line(view, COL_SPACE_2D, lift(previous), lift(next), width, color);
		previous = next;
	}
	grow2(view, (col_vec2){center.x - radius, center.y - radius});
	grow2(view, (col_vec2){center.x + radius, center.y + radius});
}

void col_draw_contours_fill(col_view *view, const col_contour *contours, int count, col_color color)
{
	if (color.a <= 0.0f || contours == NULL || count <= 0)
		return;
	int fan_count = 0;
	col_aabb2 box = col_aabb2_empty();
	for (int c = 0; c < count; c++) {
		if (contours[c].count >= 3)
			fan_count += 3 * (contours[c].count - 2);
		for (int i = 0; i < contours[c].count; i++)
			box = col_aabb2_add_point(box, contours[c].points[i]);
	}
	if (fan_count == 0 || col_aabb2_is_empty(box))
		return;
	col_fill_vertex *fan, *cover;
	if (!col_batch_push_stencil(&view->batch, COL_SPACE_2D, fan_count, &fan, &cover))
		return;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	/* A fan from each contour's first vertex: the parity of the triangles over a point equals the
	 * parity of the contour's winding around it, whatever the contour's shape. */
	for (int c = 0; c < count; c++) {
		const col_vec2 *p = contours[c].points;
		for (int i = 1; i + 1 < contours[c].count; i++) {
			set_fill(fan++, p[0].x, p[0].y, 0.0, rgba);
			set_fill(fan++, p[i].x, p[i].y, 0.0, rgba);
			set_fill(fan++, p[i + 1].x, p[i + 1].y, 0.0, rgba);
		}
	}
	double x0 = box.min.x, y0 = box.min.y, x1 = box.max.x, y1 = box.max.y;
	set_fill(&cover[0], x0, y0, 0.0, rgba);
	set_fill(&cover[1], x1, y0, 0.0, rgba);
	set_fill(&cover[2], x1, y1, 0.0, rgba);
	set_fill(&cover[3], x0, y0, 0.0, rgba);
	set_fill(&cover[4], x1, y1, 0.0, rgba);
	set_fill(&cover[5], x0, y1, 0.0, rgba);
	grow2(view, box.min);
	grow2(view, box.max);
}

void col_draw_polygon(col_view *view, const col_polygon *polygon, col_color fill, col_color line, float width)
{
	if (polygon == NULL)
		return;
	int count = col_polygon_contour_count(polygon);
	if (count <= 0)
		return;
	col_contour stack[16];
	col_contour *contours = count <= 16 ? stack : malloc((size_t)count * sizeof *contours);
	if (contours == NULL)
		return;
	for (int i = 0; i < count; i++)
		contours[i] = col_polygon_contour(polygon, i);
	col_draw_contours_fill(view, contours, count, fill);
	for (int i = 0; i < count; i++)
		col_draw_polyline(view, contours[i].points, contours[i].count, true, width, line);
	if (contours != stack)
		free(contours);
}

/* ---- 3D ---- */

void col_draw_segment3d(col_view *view, col_vec3 a, col_vec3 b, float width, col_color color)
{
	if (color.a <= 0.0f)
		return;
	push_line(view, COL_SPACE_3D, a, b, width, color);
	grow3(view, a);
	grow3(view, b);
}

void col_draw_point3d(col_view *view, col_vec3 point, float size, col_color color)
{
	if (color.a <= 0.0f)
		return;
	push_point(view, COL_SPACE_3D, point, size, color);
	grow3(view, point);
}

void col_draw_cloud3d(col_view *view, const float *xyz, size_t count, float size, col_color color)
{
	if (color.a <= 0.0f || xyz == NULL || count == 0 || count > (size_t)INT32_MAX)
		return;
	col_cloud_vertex *v = col_batch_push(&view->batch, COL_PASS_CLOUD, COL_SPACE_3D, (int)count);
	if (v == NULL)
		return;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	col_aabb3 box = col_aabb3_empty();
	for (size_t i = 0; i < count; i++) {
		memcpy(v[i].position, xyz + 3 * i, sizeof v[i].position);
		v[i].size = size;
		memcpy(v[i].color, rgba, sizeof rgba);
		box = col_aabb3_add_point(box, (col_vec3){xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]});
	}
	if (!col_aabb3_is_empty(box)) {
		grow3(view, box.min);
		grow3(view, box.max);
	}
}

void col_draw_triangles3d(col_view *view, const col_vec3 *corners, int count, col_color color)
{
	if (color.a <= 0.0f || corners == NULL || count <= 0)
		return;
	col_mesh_vertex *v = col_batch_push(&view->batch, COL_PASS_MESH, COL_SPACE_3D, 3 * count);
	if (v == NULL)
		return;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	for (int t = 0; t < count; t++) {
		const col_vec3 *p = &corners[3 * t];
		col_vec3 n =
		    col_vec3_normalize(col_vec3_cross(col_vec3_sub(p[1], p[0]), col_vec3_sub(p[2], p[0])));
		for (int k = 0; k < 3; k++) {
			col_mesh_vertex *out = &v[3 * t + k];
			*out = (col_mesh_vertex){{(float)p[k].x, (float)p[k].y, (float)p[k].z},
			                         {(float)n.x, (float)n.y, (float)n.z},
			                         {0}};
			memcpy(out->color, rgba, 4);
			grow3(view, p[k]);
		}
	}
}

void col_draw_sphere(col_view *view, col_vec3 center, double radius, col_color color)
{
	enum { SLICES = 32, STACKS = 16 };
	if (color.a <= 0.0f || !(radius >= 0.0) || !col_vec3_is_finite(center))
		return;
	col_vec3 corners[SLICES * STACKS * 6];
	int count = 0;
	for (int j = 0; j < STACKS; j++) {
		double p0 = TWO_PI * 0.5 * j / STACKS, p1 = TWO_PI * 0.5 * (j + 1) / STACKS;
		for (int i = 0; i < SLICES; i++) {
			double t0 = TWO_PI * i / SLICES, t1 = TWO_PI * (i + 1) / SLICES;
			col_vec3 q[4];
			double angles[4][2] = {{p0, t0}, {p1, t0}, {p1, t1}, {p0, t1}};
			for (int k = 0; k < 4; k++) {
				double s = sin(angles[k][0]);
				q[k] = col_vec3_add(center, col_vec3_scale((col_vec3){s * sin(angles[k][1]),
				                                                      cos(angles[k][0]),
				                                                      s * cos(angles[k][1])},
				                                           radius));
			}
			/* Counter-clockwise from outside; the pole rows need one triangle each. */
			if (j > 0) {
				corners[count++] = q[0];
				corners[count++] = q[1];
				corners[count++] = q[3];
			}
			if (j < STACKS - 1) {
				corners[count++] = q[1];
				corners[count++] = q[2];
				corners[count++] = q[3];
			}
		}
	}
	col_draw_triangles3d(view, corners, count / 3, color);
}

/* ---- screen ---- */

void col_draw_rect_screen(col_view *view, float x, float y, float width, float height, col_color color)
{
	if (color.a <= 0.0f)
		return;
	col_fill_vertex *v = col_batch_push(&view->batch, COL_PASS_FILL, COL_SPACE_SCREEN, 6);
	if (v == NULL)
		return;
	uint8_t rgba[4];
	col_color_to_bytes(color, rgba);
	set_fill(&v[0], x, y, 0.0, rgba);
	set_fill(&v[1], x + width, y, 0.0, rgba);
	set_fill(&v[2], x + width, y + height, 0.0, rgba);
	set_fill(&v[3], x, y, 0.0, rgba);
	set_fill(&v[4], x + width, y + height, 0.0, rgba);
	set_fill(&v[5], x, y + height, 0.0, rgba);
}

void col_draw_segment_screen(col_view *view, float x1, float y1, float x2, float y2, float width,
                             col_color color)
{
	push_line(view, COL_SPACE_SCREEN, (col_vec3){x1, y1, 0.0}, (col_vec3){x2, y2, 0.0}, width, color);
}

float col_draw_text(col_view *view, float x, float y, const char *text, col_color color)
{
	return col_font_draw(&view->font, &view->batch, x, y, text, color);
}

float col_draw_line_height(const col_view *view)
{
	return view->font.loaded ? view->font.line_height : 0.0f;
}

float col_draw_text_width(const col_view *view, const char *text)
{
	return col_font_width(&view->font, text);
}
