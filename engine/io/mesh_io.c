/* Mesh files: the format is told from the content (then the name), the matching reader fills a
 * builder, and the mesh is made and welded here; export as OBJ or binary STL with plain stdio. */
/* newlocale, uselocale and fstat are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "mesh_reader.h"

#include "../src/error.h"

#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- import ---- */

static bool has_extension(const char *name, const char *extension)
{
	size_t n = strlen(name), e = strlen(extension);
	if (n < e + 1 || name[n - e - 1] != '.')
		return false;
	for (size_t i = 0; i < e; ++i)
		if (tolower((unsigned char)name[n - e + i]) != extension[i])
			return false;
	return true;
}

/* The first token of the first line that is neither blank nor a '#' comment. */
static void first_token(const unsigned char *head, size_t length, const unsigned char **token,
                        size_t *token_length)
{
	size_t i = 0;
	for (;;) {
		while (i < length && isspace(head[i]))
			i++;
		if (i < length && head[i] == '#') {
			while (i < length && head[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	size_t start = i;
	while (i < length && !isspace(head[i]) && head[i] != '#')
		i++;
	*token = head + start;
	*token_length = i - start;
}

/* An OFF keyword: [ST][C][N][4][n]OFF. */
static bool is_off_keyword(const unsigned char *token, size_t length)
{
	if (length < 3 || length > 8 || memcmp(token + length - 3, "OFF", 3) != 0)
		return false;
	for (size_t i = 0; i + 3 < length; ++i)
		if (strchr("STCN4n", token[i]) == NULL)
			return false;
	return true;
}

/* The format from the content first (PLY's and OFF's keywords, a binary STL's size, an ASCII
 * STL's "solid", an OBJ statement), then from the name's extension. */
static col_mesh_format sniff(const unsigned char *head, size_t length, uint64_t size, const char *name)
{
	if (length >= 4 && memcmp(head, "ply", 3) == 0 && (head[3] == '\n' || head[3] == '\r'))
		return COL_MESH_FORMAT_PLY;
	if (mesh_stl_is_binary(head, length, size))
		return COL_MESH_FORMAT_STL;
	const unsigned char *token;
	size_t n;
	first_token(head, length, &token, &n);
	if (is_off_keyword(token, n))
		return COL_MESH_FORMAT_OFF;
	if (mesh_token_is((const char *)token, n, "solid"))
		return COL_MESH_FORMAT_STL;
	static const struct {
		const char *extension;
		col_mesh_format format;
	} extensions[] = {{"obj", COL_MESH_FORMAT_OBJ},
	                  {"stl", COL_MESH_FORMAT_STL},
	                  {"ply", COL_MESH_FORMAT_PLY},
	                  {"off", COL_MESH_FORMAT_OFF}};
	for (size_t i = 0; i < sizeof extensions / sizeof extensions[0]; ++i)
		if (has_extension(name, extensions[i].extension))
			return extensions[i].format;
	static const char *const obj_statements[] = {"v", "vt", "vn", "vp", "f", "o", "g", "s",
	                                             "l", "p", "mtllib", "usemtl"};
	for (size_t i = 0; i < sizeof obj_statements / sizeof obj_statements[0]; ++i)
		if (mesh_token_is((const char *)token, n, obj_statements[i]))
			return COL_MESH_FORMAT_OBJ;
	return COL_MESH_FORMAT_AUTO; /* none */
}

/* Reads the input with the given (or sniffed) format and makes the mesh: vertices with identical
 * positions merged, as every format repeats them (STL for each triangle). */
static col_status load(mesh_input *in, col_mesh_format format, col_mesh **out)
{
	in->buffer = malloc(MESH_INPUT_BUFFER + 1);
	if (in->buffer == NULL)
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory");
	const unsigned char *head;
	size_t length;
	if (!mesh_input_peek(in, &head, &length))
		return in->status;
	if (length == 0)
		return mesh_fail(in, COL_ERROR_FORMAT, "the file is empty");
	if (format == COL_MESH_FORMAT_AUTO)
		format = sniff(head, length, in->size, in->name);

	/* strtod reads "0.5" the same in every locale: this thread uses the C locale while reading. */
	locale_t c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (c_locale == (locale_t)0)
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "cannot make the C locale");
	locale_t caller_locale = uselocale(c_locale);
	mesh_builder b = {0};
	col_status status;
	switch (format) {
	case COL_MESH_FORMAT_OBJ: status = mesh_read_obj(in, &b); break;
	case COL_MESH_FORMAT_STL: status = mesh_read_stl(in, &b); break;
	case COL_MESH_FORMAT_PLY: status = mesh_read_ply(in, &b); break;
	case COL_MESH_FORMAT_OFF: status = mesh_read_off(in, &b); break;
	default: status = mesh_read_assimp(in, &b); break;
	}
	uselocale(caller_locale);
	freelocale(c_locale);

	if (status == COL_OK && b.triangle_count == 0)
		status = mesh_fail(in, COL_ERROR_FORMAT, "no triangles (%zu vertices)", b.vertex_count);
	col_mesh *mesh = NULL;
	if (status == COL_OK)
		status = col_mesh_create(b.vertices, (int)b.vertex_count, b.triangles, (int)b.triangle_count,
		                         &mesh, in->error);
	free(b.vertices);
	free(b.triangles);
	if (status != COL_OK)
		return status;
	int welded = col_mesh_weld(mesh);
	if (welded == COL_MESH_WELD_OUT_OF_MEMORY || welded == COL_MESH_WELD_COLLAPSED) {
		col_mesh_destroy(mesh);
		return welded == COL_MESH_WELD_COLLAPSED
		           ? mesh_fail(in, COL_ERROR_FORMAT, "only zero-size triangles")
		           : mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory welding");
	}
	*out = mesh;
	return COL_OK;
}

col_status col_mesh_load(const char *path, col_mesh **out, col_error *error)
{
	if (out == NULL || path == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_load: %s is NULL",
		                path == NULL ? "path" : "out");
	*out = NULL;
	FILE *file = fopen(path, "rb");
	if (file == NULL)
		return col_fail(error, COL_ERROR_IO, "mesh: cannot open '%s': %s", path, strerror(errno));
	struct stat info;
	if (fstat(fileno(file), &info) == 0 && S_ISDIR(info.st_mode)) {
		fclose(file);
		return col_fail(error, COL_ERROR_IO, "mesh: cannot read '%s': it is a directory", path);
	}
	mesh_input in = {.file = file, .name = path, .error = error};
	in.size = fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode) ? (uint64_t)info.st_size
	                                                                   : MESH_SIZE_UNKNOWN;
	col_status status = load(&in, COL_MESH_FORMAT_AUTO, out);
	free(in.buffer);
	fclose(file);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}

col_status col_mesh_load_memory(const void *data, size_t size, col_mesh_format format,
                                const char *name, col_mesh **out, col_error *error)
{
	if (out == NULL || (data == NULL && size > 0))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_load_memory: %s is NULL",
		                out == NULL ? "out" : "data");
	*out = NULL;
	if (format < COL_MESH_FORMAT_AUTO || format > COL_MESH_FORMAT_OFF)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_load_memory: unknown format %d",
		                (int)format);
	mesh_input in = {.memory = data, .memory_size = size, .size = size,
	                 .name = name != NULL ? name : "(memory)", .error = error};
	in.exhausted = size == 0;
	col_status status = load(&in, format, out);
	free(in.buffer);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}

/* ---- export ---- */

static bool ends_with_stl(const char *path)
{
	size_t n = strlen(path);
	if (n < 4)
		return false;
	const char *e = path + n - 4;
	return e[0] == '.' && (e[1] == 's' || e[1] == 'S') && (e[2] == 't' || e[2] == 'T') &&
	       (e[3] == 'l' || e[3] == 'L');
}

static void put_u32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; ++i)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* A float in little-endian byte order, whatever the host's. */
static void put_f32(unsigned char *p, double value)
{
	float f = (float)value;
	uint32_t bits;
	memcpy(&bits, &f, sizeof bits);
	put_u32(p, bits);
}

static bool write_stl(FILE *file, const col_mesh *mesh)
{
	unsigned char header[84] = "binary STL written by collide";
	int nt = col_mesh_triangle_count(mesh);
	put_u32(header + 80, (uint32_t)nt);
	if (fwrite(header, 1, sizeof header, file) != sizeof header)
		return false;
	for (int i = 0; i < nt; ++i) {
		col_triangle t = col_mesh_triangle(mesh, i);
		col_vec3 v[4] = {col_triangle_normal(t), t.a, t.b, t.c};
		unsigned char record[50] = {0}; /* the last two bytes: attribute count, zero */
		for (int k = 0; k < 4; ++k) {
			put_f32(record + 12 * k, v[k].x);
			put_f32(record + 12 * k + 4, v[k].y);
			put_f32(record + 12 * k + 8, v[k].z);
		}
		if (fwrite(record, 1, sizeof record, file) != sizeof record)
			return false;
	}
	return true;
}

static bool write_obj(FILE *file, const col_mesh *mesh)
{
	const col_vec3 *v = col_mesh_vertices(mesh);
	const int32_t *f = col_mesh_triangles(mesh);
	if (fprintf(file, "# written by collide: %d vertices, %d triangles\n", col_mesh_vertex_count(mesh),
	            col_mesh_triangle_count(mesh)) < 0)
		return false;
	/* 17 significant digits: the doubles read back bit for bit. */
	for (int i = 0; i < col_mesh_vertex_count(mesh); ++i) {
		if (fprintf(file, "v %.17g %.17g %.17g\n", v[i].x, v[i].y, v[i].z) < 0)
			return false;
	}
	for (int i = 0; i < col_mesh_triangle_count(mesh); ++i) {
		const int32_t *t = f + 3 * (size_t)i;
		if (fprintf(file, "f %d %d %d\n", (int)t[0] + 1, (int)t[1] + 1, (int)t[2] + 1) < 0)
			return false;
	}
	return true;
}

col_status col_mesh_save(const col_mesh *mesh, const char *path, col_error *error)
{
	if (mesh == NULL || path == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_save: %s is NULL",
		                path == NULL ? "path" : "mesh");
	bool stl = ends_with_stl(path);
	FILE *file = fopen(path, stl ? "wb" : "w");
	if (file == NULL)
		return col_fail(error, COL_ERROR_IO, "mesh: cannot write '%s': %s", path, strerror(errno));
	bool written = stl ? write_stl(file, mesh) : write_obj(file, mesh);
	int saved = errno;
	if (fclose(file) != 0 && written) {
		written = false;
		saved = errno;
	}
	if (!written)
		return col_fail(error, COL_ERROR_IO, "mesh: writing '%s' failed: %s", path, strerror(saved));
	col_error_clear(error);
	return COL_OK;
}
