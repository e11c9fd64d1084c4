/* The viewer's C API rendered headless: known 2D and 3D scenes, pixels checked where the shapes
 * must be. Skipped (77) when no headless GL context can be made. */
#include <string.h>

#include "draw.h"
#include "view_internal.h"
#include "viewer.h"
#include "viewer_test.h"

#define W 320
#define H 240

/* world (x, y) -> pixel (160 + 15 x, 120 - 15 y) */
static void set_camera(col_view *view)
{
	col_camera2d *camera = col_view_camera2d(view);
	camera->center = (col_vec2){0.0, 0.0};
	camera->scale = 15.0;
}

static int px(double x)
{
	return (int)(160 + 15 * x);
}
static int py(double y)
{
	return (int)(120 - 15 * y);
}

/* An even-odd fill with a hole, a translucent overlay, a disc, a thick segment and a round point. */
static void test_2d_scene(col_view *view)
{
	col_view_show_frame_time(view, false);
	set_camera(view);
	col_view_begin_frame(view);
	col_vec2 outer[] = {{-6, -6}, {6, -6}, {6, 6}, {-6, 6}};
	col_vec2 hole[] = {{-2, -2}, {2, -2}, {2, 2}, {-2, 2}};
	/* a concave notch: the L-shaped outline must fill exactly, not its convex hull */
	col_vec2 notch[] = {{-9, 4}, {-7, 4}, {-7, 6}, {-8, 6}, {-8, 5}, {-9, 5}};
	col_contour contours[] = {{outer, 4}, {hole, 4}};
	col_contour notch_contour = {notch, 6};
	col_draw_contours_fill(view, contours, 2, col_color_make(1, 0, 0, 1));
	col_draw_contours_fill(view, &notch_contour, 1, col_color_make(0, 1, 0, 1));
	col_draw_rect_screen(view, (float)px(3), (float)py(1), 30.0f, 30.0f, col_color_make(1, 1, 1, 0.5f));
	col_draw_circle_fill(view, (col_vec2){8.5, -5}, 1.0, col_color_make(0, 0, 1, 1));
	col_draw_segment(view, (col_vec2){-9, -7}, (col_vec2){-3, -7}, 6.0f, col_color_make(1, 1, 0, 1));
	col_draw_point(view, (col_vec2){9, 6}, 12.0f, col_color_make(0, 1, 1, 1));
	col_view_end_frame(view);

	int width = 0, height = 0;
	unsigned char *pixels = col_view_read_pixels(view, &width, &height);
	CHECK(pixels && width == W && height == H, "read back %dx%d", width, height);
	if (pixels == NULL)
		return;
	rgba p = pixel_at(pixels, W, px(4), py(-3));
	CHECK(near(p, 255, 0, 0, 2), "inside the square: expected red, got %d %d %d", p.r, p.g, p.b);
	p = pixel_at(pixels, W, px(0), py(0));
	CHECK(near(p, BG_R, BG_G, BG_B, 2), "inside the hole: expected background, got %d %d %d", p.r, p.g,
	      p.b);
	p = pixel_at(pixels, W, px(-9.5), py(-1));
	CHECK(near(p, BG_R, BG_G, BG_B, 2), "outside: expected background, got %d %d %d", p.r, p.g, p.b);
	p = pixel_at(pixels, W, px(-8.5), py(4.5));
	CHECK(near(p, 0, 255, 0, 2), "in the L's foot: expected green, got %d %d %d", p.r, p.g, p.b);
	p = pixel_at(pixels, W, px(-8.5), py(5.6));
	CHECK(near(p, BG_R, BG_G, BG_B, 2), "in the L's notch: expected background, got %d %d %d", p.r, p.g,
	      p.b);
	p = pixel_at(pixels, W, px(3) + 15, py(1) + 15);
	CHECK(near(p, 255, 128, 128, 4), "white at half alpha over red: expected 255 128 128, got %d %d %d",
	      p.r, p.g, p.b);
	p = pixel_at(pixels, W, px(8.5), py(-5));
	CHECK(near(p, 0, 0, 255, 2), "disc centre: expected blue, got %d %d %d", p.r, p.g, p.b);
	p = pixel_at(pixels, W, px(-6), py(-7) + 2);
	CHECK(near(p, 255, 255, 0, 2), "6 px segment, 2 px off its axis: expected yellow, got %d %d %d", p.r,
	      p.g, p.b);
	p = pixel_at(pixels, W, px(-6), py(-7) + 6);
	CHECK(near(p, BG_R, BG_G, BG_B, 2),
	      "6 px segment, 6 px off its axis: expected background, got %d %d %d", p.r, p.g, p.b);
	p = pixel_at(pixels, W, px(9), py(6));
	CHECK(near(p, 0, 255, 255, 2), "point centre: expected cyan, got %d %d %d", p.r, p.g, p.b);
	free(pixels);
}

/* A flat-shaded ball in front of the 3D camera: ball in the middle, background in the corners. */
static void test_3d_scene(col_view *view)
{
	col_camera3d *camera = col_view_camera3d(view);
	*camera = col_camera3d_default();
	camera->yaw = 0.0;
	camera->pitch = 0.0;
	camera->distance = 4.0;
	col_view_set_mode(view, COL_VIEW_3D);
	col_view_begin_frame(view);
	col_draw_sphere(view, (col_vec3){0, 0, 0}, 1.0, col_color_make(0.95f, 0.5f, 0.1f, 1.0f));
	col_view_end_frame(view);
	unsigned char *pixels = col_view_read_pixels(view, NULL, NULL);
	CHECK(pixels != NULL, "read back");
	if (pixels == NULL)
		return;
	rgba centre = pixel_at(pixels, W, W / 2, H / 2);
	CHECK(centre.r > 150 && centre.r > centre.b + 80, "sphere centre: expected lit orange, got %d %d %d",
	      centre.r, centre.g, centre.b);
	int corners[4][2] = {{2, 2}, {W - 3, 2}, {2, H - 3}, {W - 3, H - 3}};
	for (int i = 0; i < 4; i++) {
		rgba p = pixel_at(pixels, W, corners[i][0], corners[i][1]);
		CHECK(near(p, BG_R, BG_G, BG_B, 2), "corner %d: expected background, got %d %d %d", i, p.r,
		      p.g, p.b);
	}
	col_aabb3 box = col_view_drawn_bounds3d(view);
	CHECK(box.min.x <= -0.99 && box.max.x >= 0.99, "bounds of the drawn sphere");
	free(pixels);
}

/* Text lands where asked when the font exists; nothing breaks when it does not. */
/* Picking: a point drawn off-centre under a turned camera shows at col_camera3d_to_screen's pixel,
 * and the ray col_camera3d_ray casts through that pixel passes through the point. */
static void test_3d_picking(col_view *view)
{
	col_camera3d *camera = col_view_camera3d(view);
	*camera = col_camera3d_default();
	camera->yaw = 0.7;
	camera->pitch = -0.3;
	camera->target = (col_vec3){0.5, -0.2, 0.1};
	col_view_set_mode(view, COL_VIEW_3D);
	const col_vec3 points[3] = {{1.1, 0.4, -0.3}, {-0.2, -0.9, 0.6}, {0.5, -0.2, 0.1}};
	for (int i = 0; i < 3; i++) {
		double depth;
		col_vec2 s = col_camera3d_to_screen(camera, W, H, points[i], &depth);
		CHECK(depth > 0.0 && s.x > 8 && s.x < W - 8 && s.y > 8 && s.y < H - 8, "point %d on screen at %g %g", i,
		      s.x, s.y);
		col_view_begin_frame(view);
		col_draw_point3d(view, points[i], 9.0f, col_color_make(0.0f, 1.0f, 0.0f, 1.0f));
		col_view_end_frame(view);
		unsigned char *pixels = col_view_read_pixels(view, NULL, NULL);
		CHECK(pixels != NULL, "read back");
		if (pixels == NULL)
			return;
		rgba p = pixel_at(pixels, W, (int)s.x, (int)s.y);
		CHECK(near(p, 0, 255, 0, 2), "point %d at its projected pixel (%g, %g): expected green, got %d %d %d", i, s.x,
		      s.y, p.r, p.g, p.b);
		free(pixels);
		col_vec3 origin, direction;
		col_camera3d_ray(camera, W, H, s.x, s.y, &origin, &direction);
		col_vec3 to_point = col_vec3_sub(points[i], origin);
		double off_ray = col_vec3_length(col_vec3_cross(to_point, direction)) / col_vec3_length(to_point);
		CHECK(off_ray < 1e-12 && fabs(col_vec3_length(direction) - 1.0) < 1e-12 && col_vec3_dot(to_point, direction) > 0,
		      "point %d: the ray through its pixel misses it by %g (relative)", i, off_ray);
	}
	double depth;
	col_vec3 forward, right, up;
	col_camera3d_basis(camera, &forward, &right, &up);
	col_camera3d_to_screen(camera, W, H, col_vec3_sub(col_camera3d_eye(camera), forward), &depth);
	CHECK(depth < 0.0, "a point behind the eye has a negative depth: %g", depth);
}

/* A left drag orbits the 3D camera, unless a script claimed it (it drags something), until release. */
static void test_left_drag_claim(col_view *view)
{
	col_camera3d *camera = col_view_camera3d(view);
	*camera = col_camera3d_default();
	col_view_set_mode(view, COL_VIEW_3D);
	col_view_event press = {.type = COL_VIEW_EVENT_MOUSE_PRESSED, .x = 50, .y = 50, .button = 1};
	col_view_event move = {.type = COL_VIEW_EVENT_MOUSE_MOVED, .x = 90, .y = 60, .dx = 40, .dy = 10};
	col_view_event release = {.type = COL_VIEW_EVENT_MOUSE_RELEASED, .x = 90, .y = 60, .button = 1};
	double yaw = camera->yaw;
	col_view_steer_camera(view, &press);
	col_view_claim_left_drag(view, true);
	col_view_steer_camera(view, &move);
	CHECK(camera->yaw == yaw, "a claimed left drag turned the camera");
	col_view_steer_camera(view, &release);
	col_view_claim_left_drag(view, false);
	col_view_steer_camera(view, &press);
	col_view_steer_camera(view, &move);
	CHECK(camera->yaw != yaw, "an unclaimed left drag did not orbit");
	col_view_steer_camera(view, &release);
}

static void test_text(col_view *view)
{
	col_view_begin_frame(view);
	float width = col_draw_text(view, 20, 100, "collide HUD", col_color_make(1, 1, 1, 1));
	col_view_end_frame(view);
	unsigned char *pixels = col_view_read_pixels(view, NULL, NULL);
	if (pixels == NULL)
		return;
	int lit = 0;
	for (int y = 100; y < 124; y++)
		for (int x = 20; x < 140; x++)
			lit += pixel_at(pixels, W, x, y).r > 128;
	if (col_view_has_text(view))
		CHECK(width > 50.0f && lit > 40, "text drawn: width %.0f, %d bright pixels", width, lit);
	else
		CHECK(width == 0.0f && lit == 0, "no font: nothing drawn");
	free(pixels);
}

/* A missing font file only turns the text off. */
static void test_missing_font(void)
{
	col_view_options options = col_view_default_options();
	options.headless = true;
	options.width = 64;
	options.height = 64;
	options.font_path = "/nonexistent/font.ttf";
	col_view *view = NULL;
	col_error error = {0};
	CHECK(col_view_create(&options, &view, &error) == COL_OK, "view without a font: %s", error.message);
	if (view == NULL)
		return;
	CHECK(!col_view_has_text(view), "no text without a font");
	col_view_begin_frame(view);
	col_draw_hud(view, "label", "value");
	col_view_set_error(view, "an error that cannot be shown");
	col_view_end_frame(view);
	col_view_destroy(view);
}

int main(void)
{
	col_view_options options = col_view_default_options();
	options.headless = true;
	options.width = W;
	options.height = H;
	col_view *view = NULL;
	col_error error = {0};
	if (col_view_create(&options, &view, &error) != COL_OK) {
		printf("skipped: %s\n", error.message);
		return TEST_SKIP;
	}
	printf("renderer: %s\n", col_view_renderer_name(view));
	test_2d_scene(view);
	test_3d_scene(view);
	test_3d_picking(view);
	test_left_drag_claim(view);
	test_text(view);
	col_view_destroy(view);
	test_missing_font();
	if (test_failures)
		fprintf(stderr, "%d check(s) failed\n", test_failures);
	return test_failures ? 1 : 0;
}
