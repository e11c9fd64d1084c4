/* OFF (Object File Format): an optional keyword ([ST][C][N][n]OFF; 4OFF and binary OFF are refused),
 * the counts "vertices faces edges", then one vertex per line and one face per line
 * ("n i1 ... in", 0-based). '#' starts a comment. What follows a vertex's three coordinates on its
 * line (normal, colour, texture coordinates) and a face's indices on its line (colour) is skipped.
 * A polygon becomes a fan from its first vertex. */
#include "mesh_reader.h"

#include <string.h>

enum {
	VERTEX_MIN_BYTES = 6, /* "0 0 0\n" */
	FACE_MIN_BYTES = 8,   /* "3 0 1 2\n" */
};

/* The next token, or a clear error when the file ends before `what`. */
static col_status next(mesh_input *in, const char *what, const char **token, size_t *length)
{
	int got = mesh_next_token(in, '#', token, length);
	if (got < 0)
		return in->status;
	if (got == 0)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "the file ends before %s", what);
	return COL_OK;
}

/* A count (vertices, faces, a face's corners) or a vertex index. */
static col_status next_count(mesh_input *in, const char *what, uint64_t *value)
{
	const char *token;
	size_t length;
	col_status status = next(in, what, &token, &length);
	if (status != COL_OK)
		return status;
	if (!mesh_parse_count(token, length, value)) {
		char quoted[48];
		mesh_quote(token, length, quoted, sizeof quoted);
		return mesh_fail_line(in, COL_ERROR_FORMAT, "%s: '%s' is not a count", what, quoted);
	}
	return COL_OK;
}

/* The keyword, if any: whether it is there, and whether its variant is one collide reads. */
static col_status read_keyword(mesh_input *in, bool *present)
{
	const char *token;
	size_t length;
	col_status status = next(in, "the vertex count", &token, &length);
	if (status != COL_OK)
		return status;
	uint64_t ignored;
	if (mesh_parse_count(token, length, &ignored)) {
		*present = false; /* no keyword: this is the vertex count; read it again */
		in->line_position = (size_t)(token - in->line);
		return COL_OK;
	}
	*present = true;
	char quoted[48];
	mesh_quote(token, length, quoted, sizeof quoted);
	size_t i = 0;
	if (i + 2 <= length && memcmp(token + i, "ST", 2) == 0)
		i += 2;
	if (i < length && token[i] == 'C')
		i++;
	if (i < length && token[i] == 'N')
		i++;
	if (i < length && token[i] == '4')
		return mesh_fail_line(in, COL_ERROR_FORMAT, "'%s': 4D OFF is not read", quoted);
	bool dimension = i < length && token[i] == 'n';
	if (dimension)
		i++;
	if (length - i != 3 || memcmp(token + i, "OFF", 3) != 0)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "'%s' is not an OFF keyword", quoted);
	if (dimension) {
		uint64_t d;
		status = next_count(in, "the dimension", &d);
		if (status != COL_OK)
			return status;
		if (d != 3)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "dimension %llu: only 3D OFF is read",
			                      (unsigned long long)d);
	}
	if (mesh_line_token(in, &token, &length)) {
		if (length == 6 && memcmp(token, "BINARY", 6) == 0)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "binary OFF is not read");
		in->line_position = (size_t)(token - in->line); /* the counts, on the keyword's line */
	}
	return COL_OK;
}

col_status mesh_read_off(mesh_input *in, mesh_builder *b)
{
	bool keyword;
	col_status status = read_keyword(in, &keyword);
	uint64_t vertices, faces;
	if (status == COL_OK)
		status = next_count(in, "the vertex count", &vertices);
	if (status == COL_OK)
		status = next_count(in, "the face count", &faces);
	if (status != COL_OK)
		return status;
	in->line_position = in->line_length; /* the edge count, which nothing needs */
	/* Counts are checked against the bytes left before anything is allocated for them. */
	uint64_t remaining = mesh_input_remaining(in);
	if (vertices > MESH_MAX_ELEMENTS || faces > MESH_MAX_ELEMENTS)
		return mesh_fail_line(in, COL_ERROR_FORMAT,
		                      "declares %llu vertices and %llu faces, more than collide reads (2^27)",
		                      (unsigned long long)vertices, (unsigned long long)faces);
	if (remaining != MESH_SIZE_UNKNOWN &&
	    VERTEX_MIN_BYTES * vertices + FACE_MIN_BYTES * faces > remaining + 1)
		return mesh_fail_line(in, COL_ERROR_FORMAT,
		                      "declares %llu vertices and %llu faces, but only %llu bytes follow",
		                      (unsigned long long)vertices, (unsigned long long)faces,
		                      (unsigned long long)remaining);
	status = mesh_builder_reserve(in, b, vertices);
	for (uint64_t v = 0; v < vertices && status == COL_OK; ++v) {
		double xyz[3];
		for (int k = 0; k < 3 && status == COL_OK; ++k) {
			const char *token;
			size_t length;
			status = next(in, "the last vertex", &token, &length);
			if (status == COL_OK && !mesh_parse_double(token, length, &xyz[k])) {
				char quoted[48];
				mesh_quote(token, length, quoted, sizeof quoted);
				status = mesh_fail_line(in, COL_ERROR_FORMAT, "vertex %llu: '%s' is not a number",
				                        (unsigned long long)v + 1, quoted);
			}
		}
		if (status == COL_OK)
			status = mesh_add_vertex(in, (mesh_where){0}, b, xyz[0], xyz[1], xyz[2]);
		in->line_position = in->line_length;
	}
	for (uint64_t f = 0; f < faces && status == COL_OK; ++f) {
		uint64_t corners;
		status = next_count(in, "the last face", &corners);
		if (status == COL_OK && corners < 3)
			status = mesh_fail_line(in, COL_ERROR_FORMAT, "face %llu has %llu vertices, needs 3",
			                        (unsigned long long)f + 1, (unsigned long long)corners);
		size_t first = 0, previous = 0;
		for (uint64_t k = 0; k < corners && status == COL_OK; ++k) {
			uint64_t index;
			status = next_count(in, "the face's last index", &index);
			if (status == COL_OK && index >= vertices)
				status = mesh_fail_line(in, COL_ERROR_FORMAT,
				                        "face %llu has vertex index %llu, but there are %llu "
				                        "vertices",
				                        (unsigned long long)f + 1, (unsigned long long)index,
				                        (unsigned long long)vertices);
			if (status != COL_OK)
				break;
			if (k == 0)
				first = (size_t)index;
			else if (k >= 2)
				status = mesh_add_triangle(in, (mesh_where){0}, b, first, previous, (size_t)index);
			previous = (size_t)index;
		}
		in->line_position = in->line_length;
	}
	return status;
}
