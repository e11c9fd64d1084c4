/* Private: the SDL2 window with an OpenGL 3.3 core context, and its input events in the viewer's
 * terms (pixels of the framebuffer, LOVE's button numbers and key names). */
#include <SDL.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "view_internal.h"

col_status col_platform_open_window(col_view *view, col_error *error)
{
	if (SDL_Init(SDL_INIT_VIDEO) != 0)
		return col_view_fail(error, COL_ERROR_UNSUPPORTED, "viewer: no display (%s)", SDL_GetError());
	view->platform.sdl_started = true;
	/* With no display server to reach (DISPLAY and WAYLAND_DISPLAY unset, or naming none that
	 * runs) SDL still starts, on a driver that shows nothing: a window there would render unseen
	 * for ever. */
	const char *driver = SDL_GetCurrentVideoDriver();
	if (driver == NULL || strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0) {
		col_platform_close_window(view);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED,
		                     "viewer: no display (SDL found no display server, only its '%s' video "
		                     "driver, which shows nothing)",
		                     driver ? driver : "(none)");
	}
	SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
	SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
	SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
	SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
	/* The window only receives finished frames (a blit), so it needs no depth or stencil. */
	SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
	SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
	SDL_Window *window = SDL_CreateWindow(
	    view->options.title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, view->options.width,
	    view->options.height, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
	if (window == NULL) {
		col_platform_close_window(view);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED, "viewer: cannot open a window (%s)",
		                     SDL_GetError());
	}
	view->platform.window = window;
	SDL_GLContext context = SDL_GL_CreateContext(window);
	if (context == NULL) {
		col_platform_close_window(view);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED, "viewer: no OpenGL 3.3 core context (%s)",
		                     SDL_GetError());
	}
	view->platform.gl_context = context;
	SDL_GL_SetSwapInterval(1);
	return COL_OK;
}

void col_platform_close_window(col_view *view)
{
	if (view->platform.gl_context)
		SDL_GL_DeleteContext(view->platform.gl_context);
	if (view->platform.window)
		SDL_DestroyWindow(view->platform.window);
	if (view->platform.sdl_started)
		SDL_QuitSubSystem(SDL_INIT_VIDEO);
	view->platform.gl_context = NULL;
	view->platform.window = NULL;
	view->platform.sdl_started = false;
}

void col_platform_swap(col_view *view)
{
	if (view->platform.window)
		SDL_GL_SwapWindow(view->platform.window);
}

void col_platform_drawable_size(col_view *view, int *width, int *height)
{
	SDL_GL_GetDrawableSize(view->platform.window, width, height);
}

double col_platform_seconds(void)
{
	return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

/* Window coordinates to framebuffer pixels: they differ on high-density screens. */
static void to_pixels(col_view *view, double *x, double *y)
{
	int ww = 0, wh = 0, dw = 0, dh = 0;
	SDL_GetWindowSize(view->platform.window, &ww, &wh);
	SDL_GL_GetDrawableSize(view->platform.window, &dw, &dh);
	if (ww > 0 && wh > 0) {
		*x *= (double)dw / ww;
		*y *= (double)dh / wh;
	}
}

/* SDL numbers the middle button 2; LOVE (and so the scripts) numbers it 3. */
static int love_button(Uint8 button)
{
	switch (button) {
	case SDL_BUTTON_LEFT: return 1;
	case SDL_BUTTON_RIGHT: return 2;
	case SDL_BUTTON_MIDDLE: return 3;
	default: return button;
	}
}

static void key_name(SDL_Keycode key, char *out, size_t size)
{
	const char *name = SDL_GetKeyName(key);
	size_t i = 0;
	for (; name[i] && i + 1 < size; i++)
		out[i] = name[i] == ' ' ? '_' : (char)tolower((unsigned char)name[i]);
	out[i] = '\0';
}

bool col_platform_poll(col_view *view, col_view_event *event)
{
	SDL_Event e;
	while (SDL_PollEvent(&e)) {
		memset(event, 0, sizeof *event);
		switch (e.type) {
		case SDL_QUIT: event->type = COL_VIEW_EVENT_QUIT; return true;
		case SDL_MOUSEBUTTONDOWN:
		case SDL_MOUSEBUTTONUP:
			event->type = e.type == SDL_MOUSEBUTTONDOWN ? COL_VIEW_EVENT_MOUSE_PRESSED
			                                            : COL_VIEW_EVENT_MOUSE_RELEASED;
			event->x = e.button.x;
			event->y = e.button.y;
			event->button = love_button(e.button.button);
			to_pixels(view, &event->x, &event->y);
			return true;
		case SDL_MOUSEMOTION:
			event->type = COL_VIEW_EVENT_MOUSE_MOVED;
			event->x = e.motion.x;
			event->y = e.motion.y;
			event->dx = e.motion.xrel;
			event->dy = e.motion.yrel;
			to_pixels(view, &event->x, &event->y);
			to_pixels(view, &event->dx, &event->dy);
			return true;
		case SDL_MOUSEWHEEL: {
			int mx = 0, my = 0;
			SDL_GetMouseState(&mx, &my);
			event->type = COL_VIEW_EVENT_WHEEL;
			event->x = mx;
			event->y = my;
			to_pixels(view, &event->x, &event->y);
			event->dx = e.wheel.x;
			event->dy = e.wheel.y;
			if (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) {
				event->dx = -event->dx;
				event->dy = -event->dy;
			}
			return true;
		}
		case SDL_KEYDOWN:
		case SDL_KEYUP:
			event->type =
			    e.type == SDL_KEYDOWN ? COL_VIEW_EVENT_KEY_PRESSED : COL_VIEW_EVENT_KEY_RELEASED;
			event->repeat = e.key.repeat != 0;
			key_name(e.key.keysym.sym, event->key, sizeof event->key);
			return true;
		case SDL_TEXTINPUT:
			event->type = COL_VIEW_EVENT_TEXT;
			snprintf(event->key, sizeof event->key, "%s", e.text.text);
			return true;
		default: break;
		}
	}
	return false;
}
