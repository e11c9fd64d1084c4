/* Private to collide_io: what the OBJ, STL, PLY and OFF readers share. A mesh_input streams the
 * bytes of a file or a memory buffer through one bounded buffer, hands them out as lines, tokens
 * or raw bytes, and knows where it is (line number, byte offset) so every error can say so. A
 * mesh_builder gathers vertices and triangles under the element cap. Nothing here is global: each
 * load has its own input and builder, so loads on different threads do not meet. */
#ifndef COLLIDE_MESH_READER_H
#define COLLIDE_MESH_READER_H

#include "collide/io.h"

#include <stdint.h>
#include <stdio.h>

/* Bytes held at once; a text line longer than this is refused. */
#define MESH_INPUT_BUFFER ((size_t)1 << 16)
/* The most vertices, and the most triangles, a file may give (io.h says so too). */
#define MESH_MAX_ELEMENTS ((uint64_t)1 << 27)
/* Stream size when the source cannot tell (a pipe): the header checks then rely on the cap. */
#define MESH_SIZE_UNKNOWN UINT64_MAX

typedef struct mesh_input {
	FILE *file;                  /* the source, or NULL for memory */
	const unsigned char *memory; /* the source when file is NULL */
	size_t memory_size, memory_position;
	uint64_t size;    /* total bytes, or MESH_SIZE_UNKNOWN */
	const char *name; /* the file's path (or the caller's name for a buffer), for messages */
	col_error *error;
	col_status status; /* COL_OK until a failure fills error */

	unsigned char *buffer; /* MESH_INPUT_BUFFER + 1 bytes: room for a terminating NUL */
	size_t begin, end;     /* the unread bytes are buffer[begin, end) */
	uint64_t offset;       /* stream offset of buffer[begin]: the next byte to read */
	bool exhausted;        /* the source has nothing more (the buffer may still hold bytes) */

	/* The current text line (NUL-terminated, without its line break) and the reading position
	 * in it; valid until the next read of any kind. */
	char *line;
	size_t line_length, line_position;
	long line_number; /* of the current line, from 1; 0 before the first */
} mesh_input;

/* Reads the next line into in->line. Returns 1 for a line, 0 at the end of the input, -1 on a
 * failure (error filled: unreadable, or a line longer than the buffer). */
int mesh_input_line(mesh_input *in);

/* The next token of the current line (whitespace separated), as a pointer into the line and a
 * length; false at the line's end. A token is always followed by whitespace or the line's NUL. */
bool mesh_line_token(mesh_input *in, const char **token, size_t *length);

/* The next token across lines, skipping blank lines and, when comment is not 0, everything from
 * that character to the line's end. Returns 1, 0 at the end of the input, -1 on a failure. */
int mesh_next_token(mesh_input *in, char comment, const char **token, size_t *length);

/* Reads exactly n bytes (binary formats). Returns 1, 0 when the input ends first, -1 on a failure. */
int mesh_input_bytes(mesh_input *in, void *destination, size_t n);

/* The unread bytes at the start of the input, up to a full buffer, without consuming them: for
 * telling the format. Returns false on a read failure. */
bool mesh_input_peek(mesh_input *in, const unsigned char **bytes, size_t *length);

/* Bytes after the read position, or MESH_SIZE_UNKNOWN. */
uint64_t mesh_input_remaining(const mesh_input *in);

/* A whole token as a number: strtod's syntax in the C locale (the loader switches this thread
 * to it), every byte used. */
bool mesh_parse_double(const char *token, size_t length, double *value);
/* A whole token as a decimal integer with an optional sign; false on overflow. */
bool mesh_parse_integer(const char *token, size_t length, long long *value);

/* A whole token as a count (decimal digits only); a count beyond 2^64 - 1 saturates there, so it
 * is refused as too large rather than as not a number. */
bool mesh_parse_count(const char *token, size_t length, uint64_t *value);

/* Whether the token of `length` bytes is exactly `word`. */
bool mesh_token_is(const char *token, size_t length, const char *word);

/* A token fit for a message: at most 40 bytes, unprintable bytes shown as '?'. */
void mesh_quote(const char *token, size_t length, char *text, size_t size);

/* Fill in->error with "mesh: NAME: line N: ..." (the current line), "mesh: NAME: byte N: ..."
 * or "mesh: NAME: ..." and return code. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
col_status mesh_fail_line(mesh_input *in, col_status code, const char *format, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
col_status mesh_fail_byte(mesh_input *in, uint64_t offset, col_status code, const char *format, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
col_status mesh_fail(mesh_input *in, col_status code, const char *format, ...);

/* Where the builder's errors point: a text line or a byte offset. */
typedef struct mesh_where {
	bool binary;
	uint64_t offset; /* when binary; MESH_NOWHERE for data that came from no place in the file */
} mesh_where;
#define MESH_NOWHERE UINT64_MAX

typedef struct mesh_builder {
	col_vec3 *vertices;
	size_t vertex_count, vertex_capacity;
	int32_t *triangles; /* 3 per triangle */
	size_t triangle_count, triangle_capacity;
} mesh_builder;

/* Room for n more vertices at once (a header's checked count). */
col_status mesh_builder_reserve(mesh_input *in, mesh_builder *b, uint64_t n);
/* A vertex: refused when not finite or outside the coordinate range col_mesh_create accepts. */
col_status mesh_add_vertex(mesh_input *in, mesh_where where, mesh_builder *b, double x, double y,
                           double z);
/* A triangle of 0-based indices already checked against the vertex count; one that repeats an
 * index has no area and is dropped. */
col_status mesh_add_triangle(mesh_input *in, mesh_where where, mesh_builder *b, size_t a, size_t c,
                             size_t d);

/* The formats. Each reads the whole input into the builder or fails with in->error filled. */
col_status mesh_read_obj(mesh_input *in, mesh_builder *b);
col_status mesh_read_stl(mesh_input *in, mesh_builder *b); /* ASCII or binary, by size */
col_status mesh_read_ply(mesh_input *in, mesh_builder *b);
col_status mesh_read_off(mesh_input *in, mesh_builder *b);
/* Any other format, through assimp in a child process (assimp_child.c). */
col_status mesh_read_assimp(mesh_input *in, mesh_builder *b);

/* Whether the input's bytes have a binary STL's size: 84 + 50 n for the n at byte 80. */
bool mesh_stl_is_binary(const unsigned char *head, size_t head_length, uint64_t size);

#endif
