/* Batched immediate-mode drawing. Each col_draw_* call appends vertices to the current frame;
 * col_view_end_frame draws everything in call order. Coordinates:
 *   - plain calls: 2D world coordinates, shown through the 2D camera;
 *   - *3d calls and col_draw_mesh: 3D world coordinates, through the 3D camera (depth-tested);
 *   - *_screen calls and text: pixels, origin at the top-left corner.
 * Widths and point sizes are in pixels whatever the zoom. A colour with alpha 0 draws nothing;
 * alpha below 1 blends over what is already drawn (translucent overlays). */
#ifndef COLLIDE_VIEWER_DRAW_H
#define COLLIDE_VIEWER_DRAW_H

#include "collide/mesh.h"
#include "collide/polygon.h"

#include "color.h"
#include "viewer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 2D (world) ---- */

void col_draw_segment(col_view *view, col_vec2 a, col_vec2 b, float width, col_color color);
/* count points joined in order; closed joins the last to the first. */
void col_draw_polyline(col_view *view, const col_vec2 *points, int count, bool closed, float width,
                       col_color color);
/* A round dot of diameter size pixels. */
void col_draw_point(col_view *view, col_vec2 point, float size, col_color color);
void col_draw_triangle(col_view *view, col_vec2 a, col_vec2 b, col_vec2 c, col_color color);
void col_draw_circle_fill(col_view *view, col_vec2 center, double radius, col_color color);
void col_draw_circle_outline(col_view *view, col_vec2 center, double radius, float width, col_color color);
/* Fills the region of the contours by the even-odd rule (stencil buffer), so holes stay empty
 * and any contour, convex or not, fills exactly. */
void col_draw_contours_fill(col_view *view, const col_contour *contours, int count, col_color color);
/* A polygon with its holes: filled with fill, every contour outlined with line. */
void col_draw_polygon(col_view *view, const col_polygon *polygon, col_color fill, col_color line,
                      float width);

/* ---- 3D (world) ---- */

void col_draw_segment3d(col_view *view, col_vec3 a, col_vec3 b, float width, col_color color);
void col_draw_point3d(col_view *view, col_vec3 point, float size, col_color color);
/* count dots at xyz (3 floats each), size pixels across: one vertex a dot in one GL buffer, for
 * clouds of millions (col_draw_point3d spends six corners a point). */
void col_draw_cloud3d(col_view *view, const float *xyz, size_t count, float size, col_color color);
/* Flat-shaded triangles: corners holds 3 * count points, each triple counter-clockwise seen from
 * its front. Back faces are drawn darker and reddish, so holes and flipped faces show. */
void col_draw_triangles3d(col_view *view, const col_vec3 *corners, int count, col_color color);

/* A flat-shaded ball (a UV sphere fine enough to look round). */
void col_draw_sphere(col_view *view, col_vec3 center, double radius, col_color color);

typedef struct col_draw_mesh_style {
	col_color fill;       /* face colour (flat shading, a light at the eye); alpha 0: no faces */
	col_color wire;       /* every edge; alpha 0: no wireframe */
	col_color boundary;   /* edges used by one triangle only (where the mesh is open); alpha 0: off */
	float wire_width;     /* pixels; default 1 */
	float boundary_width; /* pixels; default 3 */
} col_draw_mesh_style;

/* Light grey faces, no wireframe, red boundary edges. */
col_draw_mesh_style col_draw_mesh_style_default(void);
void col_draw_mesh(col_view *view, const col_mesh *mesh, const col_draw_mesh_style *style);

/* ---- screen (pixels) ---- */

void col_draw_rect_screen(col_view *view, float x, float y, float width, float height, col_color color);
void col_draw_segment_screen(col_view *view, float x1, float y1, float x2, float y2, float width,
                             col_color color);
/* Text with its top-left corner at (x, y); '\n' starts a new line. Returns the width drawn in
 * pixels (0 without a font). */
float col_draw_text(col_view *view, float x, float y, const char *text, col_color color);
/* Height of one line of text in pixels (0 without a font). */
float col_draw_line_height(const col_view *view);
/* Width in pixels of the longest line of text. */
float col_draw_text_width(const col_view *view, const char *text);

/* One line "label  value" in the HUD panel at the top-left corner (this frame only). A value
 * with '\n' takes several lines. */
void col_draw_hud(col_view *view, const char *label, const char *value);

#ifdef __cplusplus
}
#endif

#endif
