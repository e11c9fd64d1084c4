/* Wavefront OBJ: "v x y z" positions and "f" faces (v, v/vt, v//vn, v/vt/vn; negative indices count
 * back from the latest vertex); everything else (texture coordinates, normals, objects, groups,
 * materials, smoothing, lines, points) carries no surface and is skipped. A face refers to
 * vertices given before it; a polygon becomes a fan from its first vertex. */
#include "mesh_reader.h"

#include <string.h>

static col_status read_vertex(mesh_input *in, mesh_builder *b)
{
	double xyz[3];
	for (int k = 0; k < 3; ++k) {
		const char *token;
		size_t length;
		if (!mesh_line_token(in, &token, &length))
			return mesh_fail_line(in, COL_ERROR_FORMAT, "vertex %zu has %d coordinates, needs 3",
			                      b->vertex_count + 1, k);
		if (!mesh_parse_double(token, length, &xyz[k])) {
			char quoted[48];
			mesh_quote(token, length, quoted, sizeof quoted);
			return mesh_fail_line(in, COL_ERROR_FORMAT, "vertex %zu: '%s' is not a number",
			                      b->vertex_count + 1, quoted);
		}
	}
	/* A fourth value (w) or a colour may follow: not part of the position. */
	return mesh_add_vertex(in, (mesh_where){0}, b, xyz[0], xyz[1], xyz[2]);
}

/* The 0-based vertex a face corner names: the text before its first '/'. */
static col_status corner_vertex(mesh_input *in, const mesh_builder *b, const char *token,
                                size_t length, size_t *vertex)
{
	const char *slash = memchr(token, '/', length);
	size_t digits = slash != NULL ? (size_t)(slash - token) : length;
	long long index;
	char quoted[48];
	mesh_quote(token, length, quoted, sizeof quoted);
	if (!mesh_parse_integer(token, digits, &index))
		return mesh_fail_line(in, COL_ERROR_FORMAT, "face corner '%s' is not a vertex index",
		                      quoted);
	long long count = (long long)b->vertex_count;
	long long resolved = index < 0 ? count + index : index - 1;
	if (index == 0 || resolved < 0 || resolved >= count)
		return mesh_fail_line(in, COL_ERROR_FORMAT,
		                      "face has vertex index %lld, but there are %lld vertices so far",
		                      index, count);
	*vertex = (size_t)resolved;
	return COL_OK;
}

static col_status read_face(mesh_input *in, mesh_builder *b)
{
	size_t first = 0, previous = 0, corners = 0;
	const char *token;
	size_t length;
	while (mesh_line_token(in, &token, &length)) {
		size_t vertex = 0;
		col_status status = corner_vertex(in, b, token, length, &vertex);
		if (status != COL_OK)
			return status;
		if (corners == 0)
			first = vertex;
		else if (corners >= 2) {
			status = mesh_add_triangle(in, (mesh_where){0}, b, first, previous, vertex);
			if (status != COL_OK)
				return status;
		}
		previous = vertex;
		corners++;
	}
	if (corners < 3)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "face has %zu vertices, needs at least 3",
		                      corners);
	return COL_OK;
}

col_status mesh_read_obj(mesh_input *in, mesh_builder *b)
{
	int got;
	while ((got = mesh_input_line(in)) > 0) {
		if (in->line_number == 1) {
			const unsigned char *start = (const unsigned char *)in->line;
			if (in->line_length >= 2 && ((start[0] == 0xFE && start[1] == 0xFF) ||
			                             (start[0] == 0xFF && start[1] == 0xFE)))
				return mesh_fail_line(in, COL_ERROR_FORMAT,
				                      "UTF-16 text; OBJ is read as ASCII or UTF-8");
			if (in->line_length >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF)
				in->line_position = 3; /* a UTF-8 byte order mark */
		}
		const char *keyword;
		size_t length;
		if (!mesh_line_token(in, &keyword, &length) || keyword[0] == '#')
			continue;
		col_status status = COL_OK;
		if (mesh_token_is(keyword, length, "v"))
			status = read_vertex(in, b);
		else if (mesh_token_is(keyword, length, "f"))
			status = read_face(in, b);
		if (status != COL_OK)
			return status;
	}
	return got < 0 ? in->status : COL_OK;
}
