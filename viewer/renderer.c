/* Private: the OpenGL 3.3 core renderer. Six small programs (fill, widened lines, round points,
 * lit mesh, text, point clouds), one vertex buffer each refilled every frame, and an even-odd
 * stencil fill for polygons with holes. */
#include "renderer.h"

#include <epoxy/gl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view_internal.h"

#define GLSL_HEADER "#version 330 core\n"

static const char *fill_vs =
    GLSL_HEADER "layout(location = 0) in vec3 a_position;\n"
                "layout(location = 1) in vec4 a_color;\n"
                "uniform mat4 u_matrix;\n"
                "out vec4 v_color;\n"
                "void main() { gl_Position = u_matrix * vec4(a_position, 1.0); v_color = a_color; }\n";

static const char *fill_fs = GLSL_HEADER "in vec4 v_color;\n"
                                         "out vec4 o_color;\n"
                                         "void main() { o_color = v_color; }\n";

/* Widths are in pixels, so each corner is pushed sideways in screen space after projection; the
 * push backwards along the segment by half the width gives square caps that close polyline
 * joints. */
static const char *line_vs =
    GLSL_HEADER "layout(location = 0) in vec3 a_position;\n"
                "layout(location = 1) in vec3 a_other;\n"
                "layout(location = 2) in vec2 a_side_width;\n"
                "layout(location = 3) in vec4 a_color;\n"
                "uniform mat4 u_matrix;\n"
                "uniform vec2 u_viewport;\n"
                "out vec4 v_color;\n"
                "void main() {\n"
                "	vec4 p = u_matrix * vec4(a_position, 1.0);\n"
                "	vec4 q = u_matrix * vec4(a_other, 1.0);\n"
                "	v_color = a_color;\n"
                "	if (p.w <= 0.0 || q.w <= 0.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }\n"
                "	vec2 half_view = 0.5 * u_viewport;\n"
                "	vec2 ps = p.xy / p.w * half_view, qs = q.xy / q.w * half_view;\n"
                "	vec2 d = qs - ps;\n"
                "	float len = length(d);\n"
                "	d = len > 1e-6 ? d / len : vec2(1.0, 0.0);\n"
                "	vec2 n = vec2(-d.y, d.x);\n"
                "	vec2 offset = (n * a_side_width.x - d) * (0.5 * a_side_width.y);\n"
                "	gl_Position = vec4((ps + offset) / half_view * p.w, p.z, p.w);\n"
                "}\n";

static const char *point_vs =
    GLSL_HEADER "layout(location = 0) in vec3 a_center;\n"
                "layout(location = 1) in vec2 a_corner;\n"
                "layout(location = 2) in float a_size;\n"
                "layout(location = 3) in vec4 a_color;\n"
                "uniform mat4 u_matrix;\n"
                "uniform vec2 u_viewport;\n"
                "out vec4 v_color;\n"
                "out vec2 v_offset;\n"
                "out float v_radius;\n"
                "void main() {\n"
                "	vec4 p = u_matrix * vec4(a_center, 1.0);\n"
                "	v_radius = 0.5 * a_size;\n"
                "	v_offset = a_corner * (v_radius + 1.0);\n"
                "	v_color = a_color;\n"
                "	gl_Position = p + vec4(v_offset / (0.5 * u_viewport) * p.w, 0.0, 0.0);\n"
                "}\n";

/* Coverage from the distance to the rim: a smooth edge one pixel wide. */
static const char *point_fs =
    GLSL_HEADER "in vec4 v_color;\n"
                "in vec2 v_offset;\n"
                "in float v_radius;\n"
                "out vec4 o_color;\n"
                "void main() {\n"
                "	float coverage = clamp(v_radius + 0.5 - length(v_offset), 0.0, 1.0);\n"
                "	if (coverage <= 0.0) discard;\n"
                "	o_color = vec4(v_color.rgb, v_color.a * coverage);\n"
                "}\n";

static const char *mesh_vs = GLSL_HEADER "layout(location = 0) in vec3 a_position;\n"
                                         "layout(location = 1) in vec3 a_normal;\n"
                                         "layout(location = 2) in vec4 a_color;\n"
                                         "uniform mat4 u_matrix;\n"
                                         "out vec3 v_normal;\n"
                                         "out vec4 v_color;\n"
                                         "void main() { gl_Position = u_matrix * vec4(a_position, 1.0); "
                                         "v_normal = a_normal; v_color = a_color; }\n";

/* A light near the eye, so whatever faces the viewer is lit; back faces (seen through holes or
 * flipped) are tinted so orientation problems show. */
static const char *mesh_fs =
    GLSL_HEADER "in vec3 v_normal;\n"
                "in vec4 v_color;\n"
                "uniform vec3 u_light;\n"
                "out vec4 o_color;\n"
                "void main() {\n"
                "	vec3 n = normalize(v_normal);\n"
                "	vec3 base = v_color.rgb;\n"
                "	if (!gl_FrontFacing) { n = -n; base = base * vec3(0.85, 0.45, 0.45); }\n"
                "	float diffuse = max(dot(n, u_light), 0.0);\n"
                "	o_color = vec4(base * (0.22 + 0.78 * diffuse), v_color.a);\n"
                "}\n";

/* A cloud: one vertex a dot, drawn as a GL point sprite of its size, rounded in the fragment. */
static const char *cloud_vs = GLSL_HEADER "layout(location = 0) in vec3 a_position;\n"
                                          "layout(location = 1) in float a_size;\n"
                                          "layout(location = 2) in vec4 a_color;\n"
                                          "uniform mat4 u_matrix;\n"
                                          "out vec4 v_color;\n"
                                          "void main() { gl_Position = u_matrix * vec4(a_position, 1.0); "
                                          "gl_PointSize = a_size; v_color = a_color; }\n";

static const char *cloud_fs = GLSL_HEADER "in vec4 v_color;\n"
                                          "out vec4 o_color;\n"
                                          "void main() {\n"
                                          "	if (length(gl_PointCoord - vec2(0.5)) > 0.5) discard;\n"
                                          "	o_color = v_color;\n"
                                          "}\n";

static const char *text_vs = GLSL_HEADER
    "layout(location = 0) in vec2 a_position;\n"
    "layout(location = 1) in vec2 a_uv;\n"
    "layout(location = 2) in vec4 a_color;\n"
    "uniform mat4 u_matrix;\n"
    "out vec2 v_uv;\n"
    "out vec4 v_color;\n"
    "void main() { gl_Position = u_matrix * vec4(a_position, 0.0, 1.0); v_uv = a_uv; v_color = a_color; }\n";

static const char *text_fs =
    GLSL_HEADER "in vec2 v_uv;\n"
                "in vec4 v_color;\n"
                "uniform sampler2D u_atlas;\n"
                "out vec4 o_color;\n"
                "void main() { o_color = vec4(v_color.rgb, v_color.a * texture(u_atlas, v_uv).r); }\n";

static col_status compile(GLenum type, const char *source, GLuint *out, col_error *error)
{
	GLuint shader = glCreateShader(type);
	glShaderSource(shader, 1, &source, NULL);
	glCompileShader(shader);
	GLint ok = 0;
	glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[512] = "";
		glGetShaderInfoLog(shader, sizeof log, NULL, log);
		glDeleteShader(shader);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED, "viewer: shader does not compile: %s",
		                     log);
	}
	*out = shader;
	return COL_OK;
}

static col_status link_program(const char *vs, const char *fs, GLuint *out, col_error *error)
{
	GLuint v = 0, f = 0;
	col_status status = compile(GL_VERTEX_SHADER, vs, &v, error);
	if (status)
		return status;
	status = compile(GL_FRAGMENT_SHADER, fs, &f, error);
	if (status) {
		glDeleteShader(v);
		return status;
	}
	GLuint program = glCreateProgram();
	glAttachShader(program, v);
	glAttachShader(program, f);
	glLinkProgram(program);
	glDeleteShader(v);
	glDeleteShader(f);
	GLint ok = 0;
	glGetProgramiv(program, GL_LINK_STATUS, &ok);
	if (!ok) {
		char log[512] = "";
		glGetProgramInfoLog(program, sizeof log, NULL, log);
		glDeleteProgram(program);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED, "viewer: program does not link: %s", log);
	}
	*out = program;
	return COL_OK;
}

/* Describes one float (or normalised byte) attribute of the bound VAO. */
static void attribute(GLuint index, GLint size, GLenum type, size_t stride, size_t offset)
{
	glEnableVertexAttribArray(index);
	glVertexAttribPointer(index, size, type, type == GL_UNSIGNED_BYTE ? GL_TRUE : GL_FALSE,
	                      (GLsizei)stride, (const void *)offset);
}

static void make_layouts(col_renderer *r)
{
	glGenVertexArrays(COL_ARRAY_COUNT, r->vao);
	glGenBuffers(COL_ARRAY_COUNT, r->vbo);
	for (int i = 0; i < COL_ARRAY_COUNT; i++) {
		glBindVertexArray(r->vao[i]);
		glBindBuffer(GL_ARRAY_BUFFER, r->vbo[i]);
		switch (i) {
		case COL_PASS_FILL:
			attribute(0, 3, GL_FLOAT, sizeof(col_fill_vertex),
			          offsetof(col_fill_vertex, position));
			attribute(1, 4, GL_UNSIGNED_BYTE, sizeof(col_fill_vertex),
			          offsetof(col_fill_vertex, color));
			break;
		case COL_PASS_LINE:
			attribute(0, 3, GL_FLOAT, sizeof(col_line_vertex),
			          offsetof(col_line_vertex, position));
			attribute(1, 3, GL_FLOAT, sizeof(col_line_vertex), offsetof(col_line_vertex, other));
			attribute(2, 2, GL_FLOAT, sizeof(col_line_vertex), offsetof(col_line_vertex, side));
			attribute(3, 4, GL_UNSIGNED_BYTE, sizeof(col_line_vertex),
			          offsetof(col_line_vertex, color));
			break;
		case COL_PASS_POINT:
			attribute(0, 3, GL_FLOAT, sizeof(col_point_vertex),
			          offsetof(col_point_vertex, center));
			attribute(1, 2, GL_FLOAT, sizeof(col_point_vertex),
			          offsetof(col_point_vertex, corner));
			attribute(2, 1, GL_FLOAT, sizeof(col_point_vertex), offsetof(col_point_vertex, size));
			attribute(3, 4, GL_UNSIGNED_BYTE, sizeof(col_point_vertex),
			          offsetof(col_point_vertex, color));
			break;
		case COL_PASS_MESH:
			attribute(0, 3, GL_FLOAT, sizeof(col_mesh_vertex),
			          offsetof(col_mesh_vertex, position));
			attribute(1, 3, GL_FLOAT, sizeof(col_mesh_vertex), offsetof(col_mesh_vertex, normal));
			attribute(2, 4, GL_UNSIGNED_BYTE, sizeof(col_mesh_vertex),
			          offsetof(col_mesh_vertex, color));
			break;
		case COL_PASS_TEXT:
			attribute(0, 2, GL_FLOAT, sizeof(col_text_vertex),
			          offsetof(col_text_vertex, position));
			attribute(1, 2, GL_FLOAT, sizeof(col_text_vertex), offsetof(col_text_vertex, uv));
			attribute(2, 4, GL_UNSIGNED_BYTE, sizeof(col_text_vertex),
			          offsetof(col_text_vertex, color));
			break;
		case COL_PASS_CLOUD:
			attribute(0, 3, GL_FLOAT, sizeof(col_cloud_vertex),
			          offsetof(col_cloud_vertex, position));
			attribute(1, 1, GL_FLOAT, sizeof(col_cloud_vertex), offsetof(col_cloud_vertex, size));
			attribute(2, 4, GL_UNSIGNED_BYTE, sizeof(col_cloud_vertex),
			          offsetof(col_cloud_vertex, color));
			break;
		}
	}
	glBindVertexArray(0);
}

col_status col_renderer_init(col_renderer *r, int samples, col_error *error)
{
	memset(r, 0, sizeof *r);
	const char *name = (const char *)glGetString(GL_RENDERER);
	snprintf(r->name, sizeof r->name, "%s", name ? name : "unknown");
	const char *sources[COL_PASS_COUNT - 1][2] = {
	    {fill_vs, fill_fs}, {line_vs, fill_fs}, {point_vs, point_fs},
	    {mesh_vs, mesh_fs}, {text_vs, text_fs}, {cloud_vs, cloud_fs},
	};
	for (int i = 0; i < COL_PASS_COUNT - 1; i++) {
		col_status status = link_program(sources[i][0], sources[i][1], &r->programs[i], error);
		if (status) {
			col_renderer_free(r);
			return status;
		}
		r->u_matrix[i] = glGetUniformLocation(r->programs[i], "u_matrix");
		r->u_viewport[i] = glGetUniformLocation(r->programs[i], "u_viewport");
	}
	r->u_light = glGetUniformLocation(r->programs[COL_PASS_MESH], "u_light");
	r->u_atlas = glGetUniformLocation(r->programs[COL_PASS_TEXT], "u_atlas");
	make_layouts(r);
	GLint max_samples = 0;
	glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
	r->max_samples = max_samples;
	r->samples = samples < 0 ? 0 : (samples > max_samples ? max_samples : samples);
	return COL_OK;
}

static void delete_framebuffers(col_renderer *r)
{
	glDeleteFramebuffers(1, &r->msaa_fbo);
	glDeleteRenderbuffers(1, &r->msaa_color);
	glDeleteRenderbuffers(1, &r->msaa_depth);
	glDeleteFramebuffers(1, &r->resolve_fbo);
	glDeleteRenderbuffers(1, &r->resolve_color);
	r->msaa_fbo = r->msaa_color = r->msaa_depth = r->resolve_fbo = r->resolve_color = 0;
	r->width = r->height = 0;
}

void col_renderer_free(col_renderer *r)
{
	delete_framebuffers(r);
	for (int i = 0; i < COL_PASS_COUNT - 1; i++)
		if (r->programs[i])
			glDeleteProgram(r->programs[i]);
	glDeleteVertexArrays(COL_ARRAY_COUNT, r->vao);
	glDeleteBuffers(COL_ARRAY_COUNT, r->vbo);
	if (r->font_texture)
		glDeleteTextures(1, &r->font_texture);
	memset(r, 0, sizeof *r);
}

static col_status make_framebuffers(col_renderer *r, int width, int height, int samples, col_error *error)
{
	glGenFramebuffers(1, &r->msaa_fbo);
	glGenRenderbuffers(1, &r->msaa_color);
	glGenRenderbuffers(1, &r->msaa_depth);
	glBindRenderbuffer(GL_RENDERBUFFER, r->msaa_color);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
	glBindRenderbuffer(GL_RENDERBUFFER, r->msaa_depth);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, width, height);
	glBindFramebuffer(GL_FRAMEBUFFER, r->msaa_fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r->msaa_color);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
	                          r->msaa_depth);
	GLenum complete = glCheckFramebufferStatus(GL_FRAMEBUFFER);

	glGenFramebuffers(1, &r->resolve_fbo);
	glGenRenderbuffers(1, &r->resolve_color);
	glBindRenderbuffer(GL_RENDERBUFFER, r->resolve_color);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
	glBindFramebuffer(GL_FRAMEBUFFER, r->resolve_fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r->resolve_color);
	GLenum resolve_complete = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	if (complete != GL_FRAMEBUFFER_COMPLETE || resolve_complete != GL_FRAMEBUFFER_COMPLETE) {
		delete_framebuffers(r);
		return col_view_fail(error, COL_ERROR_UNSUPPORTED,
		                     "viewer: framebuffer %dx%d with %d samples is incomplete (0x%x)", width,
		                     height, samples, (unsigned)complete);
	}
	r->width = width;
	r->height = height;
	return COL_OK;
}

col_status col_renderer_resize(col_renderer *r, int width, int height, col_error *error)
{
	if (width < 1)
		width = 1;
	if (height < 1)
		height = 1;
	if (r->msaa_fbo && r->width == width && r->height == height)
		return COL_OK;
	delete_framebuffers(r);
	col_status status = make_framebuffers(r, width, height, r->samples, error);
	if (status && r->samples > 0) { /* some drivers refuse multisampled depth-stencil: go without */
		r->samples = 0;
		status = make_framebuffers(r, width, height, 0, error);
	}
	return status;
}

void col_renderer_upload_font(col_renderer *r, const unsigned char *atlas, int width, int height)
{
	if (r->font_texture == 0)
		glGenTextures(1, &r->font_texture);
	glBindTexture(GL_TEXTURE_2D, r->font_texture);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, atlas);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

static void use_program(const col_renderer *r, int program, const float matrices[3][16], col_space space)
{
	glUseProgram(r->programs[program]);
	glUniformMatrix4fv(r->u_matrix[program], 1, GL_FALSE, matrices[space]);
	if (r->u_viewport[program] >= 0)
		glUniform2f(r->u_viewport[program], (float)r->width, (float)r->height);
}

/* Two passes: every fan triangle flips the stencil bits it covers, so a sample ends up set when it
 * lies inside an odd number of contours (even-odd rule); the covering quad then paints the set
 * samples and zeroes them for the next polygon. */
static void draw_stencil_polygon(const col_renderer *r, const col_command *c, const float matrices[3][16])
{
	use_program(r, COL_PASS_FILL, matrices, c->space);
	glBindVertexArray(r->vao[COL_PASS_FILL]);
	glEnable(GL_STENCIL_TEST);
	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	glDepthMask(GL_FALSE);
	glStencilFunc(GL_ALWAYS, 0, 0xff);
	glStencilOp(GL_KEEP, GL_KEEP, GL_INVERT);
	glStencilMask(0x01);
	glDrawArrays(GL_TRIANGLES, c->first, c->count);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glStencilFunc(GL_EQUAL, 1, 0x01);
	glStencilOp(GL_ZERO, GL_ZERO, GL_ZERO);
	glDrawArrays(GL_TRIANGLES, c->cover_first, 6);
	glDisable(GL_STENCIL_TEST);
	glDepthMask(GL_TRUE);
}

void col_renderer_draw(col_renderer *r, const col_batch *batch, const float matrices[3][16],
                       const float light[3], col_color background)
{
	glBindFramebuffer(GL_FRAMEBUFFER, r->msaa_fbo);
	glViewport(0, 0, r->width, r->height);
	glDisable(GL_SCISSOR_TEST);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glDepthMask(GL_TRUE);
	glStencilMask(0xff);
	glClearColor(background.r, background.g, background.b, 1.0f);
	glClearDepth(1.0);
	glClearStencil(0);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	if (r->samples > 0)
		glEnable(GL_MULTISAMPLE);
	glEnable(GL_BLEND);
	/* Straight alpha for colour; the destination alpha stays 1 so pictures come out opaque. */
	glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
	glDisable(GL_CULL_FACE);

	for (int i = 0; i < COL_ARRAY_COUNT; i++) {
		const col_vertex_array *a = &batch->arrays[i];
		glBindBuffer(GL_ARRAY_BUFFER, r->vbo[i]);
		/* Orphan and refill: the driver need not wait for last frame's draws. */
		glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(a->count * a->stride), a->count ? a->data : NULL,
		             GL_STREAM_DRAW);
	}

	for (size_t k = 0; k < batch->command_count; k++) {
		const col_command *c = &batch->commands[k];
		if (c->space == COL_SPACE_3D) {
			glEnable(GL_DEPTH_TEST);
			glDepthFunc(GL_LEQUAL);
		} else {
			glDisable(GL_DEPTH_TEST);
		}
		if (c->pass == COL_PASS_STENCIL) {
			draw_stencil_polygon(r, c, matrices);
			continue;
		}
		use_program(r, c->pass, matrices, c->space);
		if (c->pass == COL_PASS_MESH) {
			glUniform3f(r->u_light, light[0], light[1], light[2]);
			/* Faces sit slightly behind their own wireframe, which then wins the depth test. */
			glEnable(GL_POLYGON_OFFSET_FILL);
			glPolygonOffset(1.0f, 1.0f);
		}
		if (c->pass == COL_PASS_TEXT) {
			glActiveTexture(GL_TEXTURE0);
			glBindTexture(GL_TEXTURE_2D, r->font_texture);
			glUniform1i(r->u_atlas, 0);
		}
		glBindVertexArray(r->vao[c->pass]);
		if (c->pass == COL_PASS_CLOUD) {
			glEnable(GL_PROGRAM_POINT_SIZE);
			glDrawArrays(GL_POINTS, c->first, c->count);
			glDisable(GL_PROGRAM_POINT_SIZE);
		} else {
			glDrawArrays(GL_TRIANGLES, c->first, c->count);
		}
		if (c->pass == COL_PASS_MESH)
			glDisable(GL_POLYGON_OFFSET_FILL);
	}
	glBindVertexArray(0);
	glDisable(GL_DEPTH_TEST);

	glBindFramebuffer(GL_READ_FRAMEBUFFER, r->msaa_fbo);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, r->resolve_fbo);
	glBlitFramebuffer(0, 0, r->width, r->height, 0, 0, r->width, r->height, GL_COLOR_BUFFER_BIT,
	                  GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void col_renderer_present(col_renderer *r, int width, int height)
{
	glBindFramebuffer(GL_READ_FRAMEBUFFER, r->resolve_fbo);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
	glViewport(0, 0, width, height);
	glBlitFramebuffer(0, 0, r->width, r->height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

unsigned char *col_renderer_read(col_renderer *r)
{
	size_t row = (size_t)r->width * 4;
	unsigned char *pixels = malloc(row * (size_t)r->height);
	unsigned char *flipped = malloc(row * (size_t)r->height);
	if (pixels == NULL || flipped == NULL) {
		free(pixels);
		free(flipped);
		return NULL;
	}
	glBindFramebuffer(GL_READ_FRAMEBUFFER, r->resolve_fbo);
	glPixelStorei(GL_PACK_ALIGNMENT, 1);
	glReadPixels(0, 0, r->width, r->height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
	/* GL's first row is the bottom one; pictures start at the top. */
	for (int y = 0; y < r->height; y++)
		memcpy(flipped + (size_t)y * row, pixels + (size_t)(r->height - 1 - y) * row, row);
	for (size_t i = 3; i < row * (size_t)r->height; i += 4)
		flipped[i] = 255;
	free(pixels);
	return flipped;
}
