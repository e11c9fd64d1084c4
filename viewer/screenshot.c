/* Pictures of the last finished frame: raw pixels for tests, PNG files through stb_image_write
 * (from libstb). */
#include <stb_image_write.h>
#include <stdlib.h>

#include "view_internal.h"

unsigned char *col_view_read_pixels(col_view *view, int *width, int *height)
{
	if (width)
		*width = view->renderer.width;
	if (height)
		*height = view->renderer.height;
	return col_renderer_read(&view->renderer);
}

col_status col_view_screenshot(col_view *view, const char *path, col_error *error)
{
	int width = 0, height = 0;
	unsigned char *pixels = col_view_read_pixels(view, &width, &height);
	if (pixels == NULL)
		return col_view_fail(error, COL_ERROR_OUT_OF_MEMORY, "screenshot: out of memory for %dx%d",
		                     width, height);
	int ok = stbi_write_png(path, width, height, 4, pixels, width * 4);
	free(pixels);
	if (!ok)
		return col_view_fail(error, COL_ERROR_IO, "screenshot: cannot write '%s'", path);
	return COL_OK;
}
