/* The readers' shared input: a bounded buffer over a file or memory, lines, tokens, numbers,
 * positioned error messages, and the builder that gathers the mesh under the element cap. */
#include "mesh_reader.h"

#include "../src/error.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Tops the buffer up from the source. False on a read error (error filled). */
static bool input_fill(mesh_input *in)
{
	if (in->exhausted)
		return true;
	if (in->begin > 0 && in->begin == in->end)
		in->begin = in->end = 0;
	size_t room = MESH_INPUT_BUFFER - in->end;
	if (room == 0)
		return true;
	size_t got;
	if (in->file != NULL) {
		got = fread(in->buffer + in->end, 1, room, in->file);
		if (got < room) {
			if (ferror(in->file)) {
				mesh_fail(in, COL_ERROR_IO, "read failed: %s", strerror(errno));
				return false;
			}
			in->exhausted = true;
		}
	} else {
		size_t left = in->memory_size - in->memory_position;
		got = left < room ? left : room;
		memcpy(in->buffer + in->end, in->memory + in->memory_position, got);
		in->memory_position += got;
		if (in->memory_position == in->memory_size)
			in->exhausted = true;
	}
	in->end += got;
	return true;
}

int mesh_input_line(mesh_input *in)
{
	for (;;) {
		unsigned char *start = in->buffer + in->begin;
		size_t available = in->end - in->begin;
		unsigned char *newline = available > 0 ? memchr(start, '\n', available) : NULL;
		size_t length, taken;
		if (newline != NULL) {
			length = (size_t)(newline - start);
			taken = length + 1;
		} else if (in->exhausted) {
			if (available == 0)
				return 0;
			length = taken = available; /* the last line has no line break */
		} else {
			if (in->begin > 0) {
				memmove(in->buffer, start, available);
				in->begin = 0;
				in->end = available;
			}
			if (in->end == MESH_INPUT_BUFFER) {
				in->line_number++;
				mesh_fail_line(in, COL_ERROR_FORMAT, "longer than %zu bytes", MESH_INPUT_BUFFER);
				return -1;
			}
			if (!input_fill(in))
				return -1;
			continue;
		}
		in->line_number++;
		in->begin += taken;
		in->offset += taken;
		if (length > 0 && start[length - 1] == '\r')
			length--;
		start[length] = '\0'; /* over the '\n', or the spare byte after the buffer */
		in->line = (char *)start;
		in->line_length = length;
		in->line_position = 0;
		return 1;
	}
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool mesh_line_token(mesh_input *in, const char **token, size_t *length)
{
	size_t p = in->line_position;
	while (p < in->line_length && is_space(in->line[p]))
		p++;
	size_t start = p;
	while (p < in->line_length && !is_space(in->line[p]))
		p++;
	in->line_position = p;
	*token = in->line + start;
	*length = p - start;
	return p > start;
}

int mesh_next_token(mesh_input *in, char comment, const char **token, size_t *length)
{
	for (;;) {
		if (in->line != NULL && mesh_line_token(in, token, length)) {
			if (comment == 0 || (*token)[0] != comment)
				return 1;
			in->line_position = in->line_length; /* a comment runs to the line's end */
			continue;
		}
		int got = mesh_input_line(in);
		if (got <= 0) {
			in->line = NULL;
			return got;
		}
	}
}

int mesh_input_bytes(mesh_input *in, void *destination, size_t n)
{
	unsigned char *out = destination;
	while (n > 0) {
		if (in->begin == in->end) {
			if (in->exhausted)
				return 0;
			if (!input_fill(in))
				return -1;
			continue;
		}
		size_t take = in->end - in->begin < n ? in->end - in->begin : n;
		memcpy(out, in->buffer + in->begin, take);
		in->begin += take;
		in->offset += take;
		out += take;
		n -= take;
	}
	return 1;
}

bool mesh_input_peek(mesh_input *in, const unsigned char **bytes, size_t *length)
{
	while (!in->exhausted && in->end < MESH_INPUT_BUFFER) {
		if (in->begin > 0) {
			memmove(in->buffer, in->buffer + in->begin, in->end - in->begin);
			in->end -= in->begin;
			in->begin = 0;
		}
		if (!input_fill(in))
			return false;
	}
	*bytes = in->buffer + in->begin;
	*length = in->end - in->begin;
	return true;
}

uint64_t mesh_input_remaining(const mesh_input *in)
{
	if (in->size == MESH_SIZE_UNKNOWN)
		return MESH_SIZE_UNKNOWN;
	return in->size > in->offset ? in->size - in->offset : 0;
}

bool mesh_parse_double(const char *token, size_t length, double *value)
{
	if (length == 0)
		return false;
	char *end = NULL;
	errno = 0;
	double v = strtod(token, &end);
	if (end != token + length)
		return false;
	*value = v; /* an overflow gives an infinity, which the vertex check refuses by name */
	return true;
}

bool mesh_parse_integer(const char *token, size_t length, long long *value)
{
	size_t i = 0;
	bool negative = false;
	if (i < length && (token[i] == '-' || token[i] == '+'))
		negative = token[i++] == '-';
	if (i == length)
		return false;
	unsigned long long v = 0;
	for (; i < length; ++i) {
		if (token[i] < '0' || token[i] > '9')
			return false;
		unsigned digit = (unsigned)(token[i] - '0');
		if (v > ((unsigned long long)LLONG_MAX - digit) / 10)
			return false;
		v = v * 10 + digit;
	}
	*value = negative ? -(long long)v : (long long)v;
	return true;
}

bool mesh_parse_count(const char *token, size_t length, uint64_t *value)
{
	if (length == 0)
		return false;
	uint64_t v = 0;
	for (size_t i = 0; i < length; ++i) {
		if (token[i] < '0' || token[i] > '9')
			return false;
		unsigned digit = (unsigned)(token[i] - '0');
		v = v > (UINT64_MAX - digit) / 10 ? UINT64_MAX : v * 10 + digit;
	}
	*value = v;
	return true;
}

bool mesh_token_is(const char *token, size_t length, const char *word)
{
	return length == strlen(word) && memcmp(token, word, length) == 0;
}

void mesh_quote(const char *token, size_t length, char *text, size_t size)
{
	size_t n = 0;
	for (size_t i = 0; i < length && i < 40 && n + 1 < size; ++i) {
		unsigned char c = (unsigned char)token[i];
		text[n++] = c >= 32 && c < 127 ? (char)c : '?';
	}
	if (length > 40 && n + 4 < size) {
		memcpy(text + n, "...", 3);
		n += 3;
	}
	if (size > 0)
		text[n] = '\0';
}

static col_status fail_at(mesh_input *in, const char *where, col_status code, const char *format,
                          va_list arguments)
{
	char detail[COL_ERROR_MESSAGE_SIZE];
	vsnprintf(detail, sizeof detail, format, arguments);
	in->status = code;
	return col_fail(in->error, code, "mesh: %s: %s%s", in->name, where, detail);
}

col_status mesh_fail_line(mesh_input *in, col_status code, const char *format, ...)
{
	char where[48];
	snprintf(where, sizeof where, "line %ld: ", in->line_number);
	va_list arguments;
	va_start(arguments, format);
	col_status status = fail_at(in, where, code, format, arguments);
	va_end(arguments);
	return status;
}

col_status mesh_fail_byte(mesh_input *in, uint64_t offset, col_status code, const char *format, ...)
{
	char where[48];
	snprintf(where, sizeof where, "byte %llu: ", (unsigned long long)offset);
	va_list arguments;
	va_start(arguments, format);
	col_status status = fail_at(in, where, code, format, arguments);
	va_end(arguments);
	return status;
}

col_status mesh_fail(mesh_input *in, col_status code, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	col_status status = fail_at(in, "", code, format, arguments);
	va_end(arguments);
	return status;
}

/* ---- the builder ---- */

static col_status fail_where(mesh_input *in, mesh_where where, col_status code, const char *detail)
{
	if (where.binary && where.offset == MESH_NOWHERE)
		return mesh_fail(in, code, "%s", detail);
	if (where.binary)
		return mesh_fail_byte(in, where.offset, code, "%s", detail);
	return mesh_fail_line(in, code, "%s", detail);
}

static bool grow(void **array, size_t *capacity, size_t needed, size_t element)
{
	if (needed <= *capacity)
		return true;
	size_t grown = *capacity > 0 ? *capacity : 64;
	while (grown < needed)
		grown *= 2;
	void *p = realloc(*array, grown * element);
	if (p == NULL)
		return false;
	*array = p;
	*capacity = grown;
	return true;
}

col_status mesh_builder_reserve(mesh_input *in, mesh_builder *b, uint64_t n)
{
	if (n > MESH_MAX_ELEMENTS - b->vertex_count)
		return mesh_fail(in, COL_ERROR_FORMAT, "more than %llu vertices",
		                 (unsigned long long)MESH_MAX_ELEMENTS);
	if (!grow((void **)&b->vertices, &b->vertex_capacity, b->vertex_count + (size_t)n,
	          sizeof *b->vertices))
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory for %llu vertices",
		                 (unsigned long long)n);
	return COL_OK;
}

col_status mesh_add_vertex(mesh_input *in, mesh_where where, mesh_builder *b, double x, double y,
                           double z)
{
	double v[3] = {x, y, z};
	for (int k = 0; k < 3; ++k) {
		char detail[160];
		if (v[k] != v[k] || v[k] - v[k] != 0.0) {
			snprintf(detail, sizeof detail, "vertex %zu has a coordinate that is not finite (%g)",
			         b->vertex_count + 1, v[k]);
			return fail_where(in, where, COL_ERROR_NOT_FINITE, detail);
		}
		if (!col_coordinate_in_range(v[k])) {
			snprintf(detail, sizeof detail,
			         "vertex %zu has coordinate %.17g, outside collide's range (0 or a magnitude "
			         "from %g to %g)",
			         b->vertex_count + 1, v[k], COL_COORDINATE_MIN, COL_COORDINATE_MAX);
			return fail_where(in, where, COL_ERROR_FORMAT, detail);
		}
	}
	if (b->vertex_count >= MESH_MAX_ELEMENTS)
		return fail_where(in, where, COL_ERROR_FORMAT, "more vertices than collide reads (2^27)");
	if (!grow((void **)&b->vertices, &b->vertex_capacity, b->vertex_count + 1, sizeof *b->vertices))
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory");
	b->vertices[b->vertex_count++] = (col_vec3){x, y, z};
	return COL_OK;
}

col_status mesh_add_triangle(mesh_input *in, mesh_where where, mesh_builder *b, size_t a, size_t c,
                             size_t d)
{
	if (a == c || c == d || d == a)
		return COL_OK;
	if (b->triangle_count >= MESH_MAX_ELEMENTS)
		return fail_where(in, where, COL_ERROR_FORMAT, "more triangles than collide reads (2^27)");
	if (!grow((void **)&b->triangles, &b->triangle_capacity, 3 * (b->triangle_count + 1),
	          sizeof *b->triangles))
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory");
	int32_t *t = b->triangles + 3 * b->triangle_count++;
	t[0] = (int32_t)a;
	t[1] = (int32_t)c;
	t[2] = (int32_t)d;
	return COL_OK;
}
