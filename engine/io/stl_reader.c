/* STL, binary or ASCII. A file is binary when its size is 84 + 50 n bytes for the n its bytes 80 to
 * 83 give (little-endian), whatever its first bytes say: many binary files begin with "solid" too.
 * Binary triangles are three float corners each, widened to double exactly; ASCII facets may have
 * more than three vertices (a fan from the first) and a file may hold several solids. Normals are
 * not read: the corners' order gives the orientation. */
#include "mesh_reader.h"

#include <string.h>

static uint32_t get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static double get_f32(const unsigned char *p)
{
	uint32_t bits = get_u32(p);
	float f;
	memcpy(&f, &bits, sizeof f);
	return (double)f;
}

bool mesh_stl_is_binary(const unsigned char *head, size_t head_length, uint64_t size)
{
	if (head_length < 84 || size == MESH_SIZE_UNKNOWN)
		return false;
	return size == 84 + 50 * (uint64_t)get_u32(head + 80);
}

static col_status read_binary(mesh_input *in, mesh_builder *b)
{
	unsigned char header[84];
	if (mesh_input_bytes(in, header, sizeof header) != 1)
		return in->status != COL_OK ? in->status
		                            : mesh_fail(in, COL_ERROR_FORMAT, "shorter than an STL header");
	uint64_t count = get_u32(header + 80);
	if (3 * count > MESH_MAX_ELEMENTS)
		return mesh_fail_byte(in, 80, COL_ERROR_FORMAT,
		                      "%llu triangles, more than collide reads (2^27 corners)",
		                      (unsigned long long)count);
	col_status status = mesh_builder_reserve(in, b, 3 * count);
	if (status != COL_OK)
		return status;
	for (uint64_t i = 0; i < count; ++i) {
		mesh_where where = {true, in->offset};
		unsigned char record[50];
		int got = mesh_input_bytes(in, record, sizeof record);
		if (got != 1)
			return got < 0 ? in->status
			               : mesh_fail_byte(in, where.offset, COL_ERROR_FORMAT,
			                                "triangle %llu of %llu is cut short",
			                                (unsigned long long)i + 1, (unsigned long long)count);
		size_t first = b->vertex_count;
		for (int k = 1; k <= 3; ++k) {
			where.offset = in->offset - 50 + 12 * (uint64_t)k;
			status = mesh_add_vertex(in, where, b, get_f32(record + 12 * k),
			                         get_f32(record + 12 * k + 4), get_f32(record + 12 * k + 8));
			if (status != COL_OK)
				return status;
		}
		status = mesh_add_triangle(in, where, b, first, first + 1, first + 2);
		if (status != COL_OK)
			return status;
	}
	return COL_OK;
}

/* The next token, which must be `word`. */
static col_status expect(mesh_input *in, const char *word)
{
	const char *token;
	size_t length;
	int got = mesh_next_token(in, 0, &token, &length);
	if (got < 0)
		return in->status;
	if (got == 0)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "the file ends where '%s' should be", word);
	if (!mesh_token_is(token, length, word)) {
		char quoted[48];
		mesh_quote(token, length, quoted, sizeof quoted);
		return mesh_fail_line(in, COL_ERROR_FORMAT, "expected '%s', found '%s'", word, quoted);
	}
	return COL_OK;
}

static col_status read_numbers(mesh_input *in, const char *what, double *xyz)
{
	for (int k = 0; k < 3; ++k) {
		const char *token;
		size_t length;
		int got = mesh_next_token(in, 0, &token, &length);
		if (got < 0)
			return in->status;
		if (got == 0)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "the file ends inside a %s", what);
		if (!mesh_parse_double(token, length, &xyz[k])) {
			char quoted[48];
			mesh_quote(token, length, quoted, sizeof quoted);
			return mesh_fail_line(in, COL_ERROR_FORMAT, "%s: '%s' is not a number", what, quoted);
		}
	}
	return COL_OK;
}

static col_status read_facet(mesh_input *in, mesh_builder *b)
{
	double xyz[3];
	col_status status = expect(in, "normal");
	if (status == COL_OK)
		status = read_numbers(in, "facet normal", xyz);
	if (status == COL_OK)
		status = expect(in, "outer");
	if (status == COL_OK)
		status = expect(in, "loop");
	size_t first = b->vertex_count, corners = 0;
	while (status == COL_OK) {
		const char *token;
		size_t length;
		int got = mesh_next_token(in, 0, &token, &length);
		if (got < 0)
			return in->status;
		if (got == 0)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "the file ends inside a facet");
		if (mesh_token_is(token, length, "endloop"))
			break;
		if (!mesh_token_is(token, length, "vertex")) {
			char quoted[48];
			mesh_quote(token, length, quoted, sizeof quoted);
			return mesh_fail_line(in, COL_ERROR_FORMAT, "expected 'vertex' or 'endloop', found '%s'",
			                      quoted);
		}
		status = read_numbers(in, "vertex", xyz);
		if (status == COL_OK)
			status = mesh_add_vertex(in, (mesh_where){0}, b, xyz[0], xyz[1], xyz[2]);
		if (status == COL_OK && ++corners >= 3)
			status = mesh_add_triangle(in, (mesh_where){0}, b, first, b->vertex_count - 2,
			                           b->vertex_count - 1);
	}
	if (status != COL_OK)
		return status;
	if (corners < 3)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "facet has %zu vertices, needs at least 3",
		                      corners);
	return expect(in, "endfacet");
}

static col_status read_ascii(mesh_input *in, mesh_builder *b)
{
	bool inside = false, any = false;
	for (;;) {
		const char *token;
		size_t length;
		int got = mesh_next_token(in, 0, &token, &length);
		if (got < 0)
			return in->status;
		if (got == 0)
			break; /* a missing last "endsolid" is forgiven */
		col_status status = COL_OK;
		if (!inside && mesh_token_is(token, length, "solid")) {
			inside = any = true;
			in->line_position = in->line_length; /* the solid's name */
		} else if (inside && mesh_token_is(token, length, "facet")) {
			status = read_facet(in, b);
		} else if (inside && mesh_token_is(token, length, "endsolid")) {
			inside = false;
			in->line_position = in->line_length;
		} else {
			char quoted[48];
			mesh_quote(token, length, quoted, sizeof quoted);
			status = mesh_fail_line(in, COL_ERROR_FORMAT, "expected '%s', found '%s'",
			                        inside ? "facet' or 'endsolid" : "solid", quoted);
		}
		if (status != COL_OK)
			return status;
	}
	if (!any)
		return mesh_fail(in, COL_ERROR_FORMAT, "an STL file without 'solid' and not binary");
	return COL_OK;
}

col_status mesh_read_stl(mesh_input *in, mesh_builder *b)
{
	const unsigned char *head;
	size_t length;
	if (!mesh_input_peek(in, &head, &length))
		return in->status;
	if (mesh_stl_is_binary(head, length, in->size))
		return read_binary(in, b);
	/* What the size says if this was meant to be binary, for the messages below. */
	char binary[160];
	if (length >= 84)
		snprintf(binary, sizeof binary, "%llu bytes, but its %llu triangles need %llu",
		         (unsigned long long)in->size, (unsigned long long)get_u32(head + 80),
		         84 + 50 * (unsigned long long)get_u32(head + 80));
	else
		snprintf(binary, sizeof binary, "%zu bytes, less than its 84-byte header", length);
	size_t i = 0;
	while (i < length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n'))
		i++;
	if (length - i < 5 || memcmp(head + i, "solid", 5) != 0)
		return mesh_fail(in, COL_ERROR_FORMAT,
		                 "neither ASCII STL (no 'solid') nor binary STL (%s)", binary);
	bool long_enough = length >= 84;
	col_status status = read_ascii(in, b);
	if (status == COL_OK && b->triangle_count == 0 && b->vertex_count == 0 && long_enough)
		return mesh_fail(in, COL_ERROR_FORMAT,
		                 "ASCII STL without facets, and not binary STL (%s)", binary);
	return status;
}
