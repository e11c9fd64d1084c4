/* Private: a headless OpenGL 3.3 core context through EGL, with no window and no display. Mesa's
 * surfaceless platform works on any machine with Mesa (llvmpipe renders on the CPU); the device
 * platform and the default display are tried after it. Everything is drawn into the renderer's
 * offscreen framebuffer, so no EGL surface is needed. */
#include <dlfcn.h>
#include <epoxy/egl.h>
#include <stddef.h>

#include "view_internal.h"

/* Headless output never waits on a display: the surfaceless platform first. */
static EGLDisplay open_display(void)
{
	bool platform_base = epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_EXT_platform_base");
	if (platform_base && epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless")) {
		EGLDisplay display =
		    eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
		if (display != EGL_NO_DISPLAY && eglInitialize(display, NULL, NULL))
			return display;
	}
	if (platform_base && epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_EXT_platform_device") &&
	    epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_EXT_device_enumeration")) {
		EGLDeviceEXT devices[8];
		EGLint count = 0;
		if (eglQueryDevicesEXT(8, devices, &count)) {
			for (EGLint i = 0; i < count; i++) {
				EGLDisplay display =
				    eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
				if (display != EGL_NO_DISPLAY && eglInitialize(display, NULL, NULL))
					return display;
			}
		}
	}
	EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	if (display != EGL_NO_DISPLAY && eglInitialize(display, NULL, NULL))
		return display;
	return EGL_NO_DISPLAY;
}

col_status col_platform_open_headless(col_view *view, col_error *error)
{
	/* libepoxy aborts the process when it cannot load libEGL: look first, and fail politely. */
	void *library = dlopen("libEGL.so.1", RTLD_LAZY);
	if (library == NULL)
		return col_view_fail(error, COL_ERROR_UNSUPPORTED,
		                     "viewer: no libEGL.so.1 (install libegl1 and Mesa)");
	dlclose(library);
	EGLDisplay display = open_display();
	if (display == EGL_NO_DISPLAY)
		return col_view_fail(error, COL_ERROR_UNSUPPORTED,
		                     "viewer: no EGL display (is Mesa's libegl-mesa0 installed?)");
	if (!eglBindAPI(EGL_OPENGL_API)) {
		eglTerminate(display);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED, "viewer: EGL cannot bind desktop OpenGL");
	}
	/* A surfaceless context needs no particular config where EGL_KHR_no_config_context exists. */
	EGLConfig config = EGL_NO_CONFIG_KHR;
	if (!epoxy_has_egl_extension(display, "EGL_KHR_no_config_context")) {
		static const EGLint wanted[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
		EGLint found = 0;
		if (!eglChooseConfig(display, wanted, &config, 1, &found) || found < 1) {
			eglTerminate(display);
			return col_view_fail(error, COL_ERROR_UNSUPPORTED,
			                     "viewer: no EGL config for desktop OpenGL");
		}
	}
	static const EGLint attributes[] = {
	    EGL_CONTEXT_MAJOR_VERSION,
	    3,
	    EGL_CONTEXT_MINOR_VERSION,
	    3,
	    EGL_CONTEXT_OPENGL_PROFILE_MASK,
	    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
	    EGL_NONE,
	};
	EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
	if (context == EGL_NO_CONTEXT) {
		EGLint code = eglGetError();
		eglTerminate(display);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED,
		                     "viewer: EGL cannot create an OpenGL 3.3 core context (0x%x)",
		                     (unsigned)code);
	}
	if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
		EGLint code = eglGetError();
		eglDestroyContext(display, context);
		eglTerminate(display);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED,
		                     "viewer: EGL cannot make a surfaceless context current (0x%x)",
		                     (unsigned)code);
	}
	view->platform.egl_display = display;
	view->platform.egl_context = context;
	return COL_OK;
}

void col_platform_close_headless(col_view *view)
{
	EGLDisplay display = view->platform.egl_display;
	if (display == NULL)
		return;
	eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	if (view->platform.egl_context)
		eglDestroyContext(display, view->platform.egl_context);
	eglTerminate(display);
	view->platform.egl_display = NULL;
	view->platform.egl_context = NULL;
}
