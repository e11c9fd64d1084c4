/* PLY (ASCII, binary_little_endian, binary_big_endian): any elements in any order, properties of
 * every PLY type (char/int8 ... double/float64) and list properties of any count and item type.
 * The "vertex" element gives x, y, z; the "face" element's list "vertex_indices" (or
 * "vertex_index") gives polygons, each a fan from its first vertex; every other element and
 * property is read past, and so is a header line the format does not define. The header's counts are checked against the bytes that follow before
 * anything is allocated for them. */
#include "mesh_reader.h"

#include <stdlib.h>
#include <string.h>

enum {
	MAX_ELEMENTS = 32,
	MAX_PROPERTIES = 256, /* per element */
};

typedef enum ply_type {
	PLY_NONE, /* a scalar property's count type */
	PLY_INT8,
	PLY_UINT8,
	PLY_INT16,
	PLY_UINT16,
	PLY_INT32,
	PLY_UINT32,
	PLY_FLOAT32,
	PLY_FLOAT64,
} ply_type;

typedef enum ply_role { ROLE_SKIP, ROLE_X, ROLE_Y, ROLE_Z, ROLE_INDICES } ply_role;

typedef struct ply_property {
	ply_type type;       /* of the value, or of a list's items */
	ply_type count_type; /* PLY_NONE for a scalar */
	ply_role role;
} ply_property;

typedef enum ply_kind { KIND_OTHER, KIND_VERTEX, KIND_FACE } ply_kind;

typedef struct ply_element {
	ply_kind kind;
	uint64_t count;
	int property_count;
	ply_property properties[MAX_PROPERTIES];
} ply_element;

typedef enum ply_format { FORMAT_ASCII, FORMAT_LITTLE, FORMAT_BIG } ply_format;

typedef struct ply_header {
	ply_format format;
	int element_count;
	ply_element elements[MAX_ELEMENTS];
	uint64_t vertex_count; /* of the vertex element */
} ply_header;

static const struct {
	const char *name;
	ply_type type;
} type_names[] = {
    {"char", PLY_INT8},     {"int8", PLY_INT8},       {"uchar", PLY_UINT8},   {"uint8", PLY_UINT8},
    {"short", PLY_INT16},   {"int16", PLY_INT16},     {"ushort", PLY_UINT16}, {"uint16", PLY_UINT16},
    {"int", PLY_INT32},     {"int32", PLY_INT32},     {"uint", PLY_UINT32},   {"uint32", PLY_UINT32},
    {"float", PLY_FLOAT32}, {"float32", PLY_FLOAT32}, {"double", PLY_FLOAT64}, {"float64", PLY_FLOAT64},
};

static const unsigned type_sizes[] = {0, 1, 1, 2, 2, 4, 4, 4, 8};

static ply_type type_of(const char *token, size_t length)
{
	for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; ++i)
		if (mesh_token_is(token, length, type_names[i].name))
			return type_names[i].type;
	return PLY_NONE;
}

static col_status header_type(mesh_input *in, ply_type *type)
{
	const char *token;
	size_t length;
	if (!mesh_line_token(in, &token, &length))
		return mesh_fail_line(in, COL_ERROR_FORMAT, "property without a type");
	*type = type_of(token, length);
	if (*type == PLY_NONE) {
		char quoted[48];
		mesh_quote(token, length, quoted, sizeof quoted);
		return mesh_fail_line(in, COL_ERROR_FORMAT, "unknown property type '%s'", quoted);
	}
	return COL_OK;
}

static col_status header_property(mesh_input *in, ply_header *h)
{
	if (h->element_count == 0)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "a property before any element");
	ply_element *e = &h->elements[h->element_count - 1];
	if (e->property_count == MAX_PROPERTIES)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "more than %d properties in one element",
		                      MAX_PROPERTIES);
	ply_property p = {PLY_NONE, PLY_NONE, ROLE_SKIP};
	const char *token;
	size_t length;
	size_t position = in->line_position;
	if (mesh_line_token(in, &token, &length) && mesh_token_is(token, length, "list")) {
		col_status status = header_type(in, &p.count_type);
		if (status == COL_OK && (p.count_type == PLY_FLOAT32 || p.count_type == PLY_FLOAT64))
			status = mesh_fail_line(in, COL_ERROR_FORMAT, "a list's count must be an integer type");
		if (status != COL_OK)
			return status;
	} else {
		in->line_position = position;
	}
	col_status status = header_type(in, &p.type);
	if (status != COL_OK)
		return status;
	if (!mesh_line_token(in, &token, &length))
		return mesh_fail_line(in, COL_ERROR_FORMAT, "property without a name");
	bool list = p.count_type != PLY_NONE;
	if (e->kind == KIND_VERTEX && !list) {
		if (mesh_token_is(token, length, "x"))
			p.role = ROLE_X;
		else if (mesh_token_is(token, length, "y"))
			p.role = ROLE_Y;
		else if (mesh_token_is(token, length, "z"))
			p.role = ROLE_Z;
	}
	if (e->kind == KIND_FACE && list &&
	    (mesh_token_is(token, length, "vertex_indices") || mesh_token_is(token, length, "vertex_index")))
		p.role = ROLE_INDICES;
	for (int i = 0; i < e->property_count && p.role != ROLE_SKIP; ++i)
		if (e->properties[i].role == p.role)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "a property given twice");
	e->properties[e->property_count++] = p;
	return COL_OK;
}

static col_status header_element(mesh_input *in, ply_header *h)
{
	if (h->element_count == MAX_ELEMENTS)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "more than %d elements", MAX_ELEMENTS);
	const char *name, *token;
	size_t name_length, length;
	uint64_t count;
	if (!mesh_line_token(in, &name, &name_length) || !mesh_line_token(in, &token, &length))
		return mesh_fail_line(in, COL_ERROR_FORMAT, "an element needs a name and a count");
	if (!mesh_parse_count(token, length, &count)) {
		char quoted[48];
		mesh_quote(token, length, quoted, sizeof quoted);
		return mesh_fail_line(in, COL_ERROR_FORMAT, "element count '%s' is not a count", quoted);
	}
	char quoted[48];
	mesh_quote(name, name_length, quoted, sizeof quoted);
	if (count > MESH_MAX_ELEMENTS) {
		char count_text[48];
		mesh_quote(token, length, count_text, sizeof count_text);
		return mesh_fail_line(in, COL_ERROR_FORMAT,
		                      "element %s declares %s records, more than collide reads (2^27)",
		                      quoted, count_text);
	}
	ply_element *e = &h->elements[h->element_count++];
	e->kind = mesh_token_is(name, name_length, "vertex") ? KIND_VERTEX
	          : mesh_token_is(name, name_length, "face") ? KIND_FACE
	                                               : KIND_OTHER;
	e->count = count;
	e->property_count = 0;
	for (int i = 0; i < h->element_count - 1 && e->kind != KIND_OTHER; ++i)
		if (h->elements[i].kind == e->kind)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "a second '%s' element", quoted);
	if (e->kind == KIND_VERTEX)
		h->vertex_count = e->count;
	return COL_OK;
}

/* The fewest bytes a record of e takes: a byte and a separator per ASCII value, the fixed sizes in
 * binary (a list may be empty). */
static uint64_t record_min_bytes(const ply_element *e, ply_format format)
{
	uint64_t bytes = 0;
	for (int i = 0; i < e->property_count; ++i) {
		const ply_property *p = &e->properties[i];
		if (format == FORMAT_ASCII)
			bytes += 2;
		else
			bytes += type_sizes[p->count_type != PLY_NONE ? p->count_type : p->type];
	}
	return bytes;
}

static col_status read_header(mesh_input *in, ply_header *h)
{
	bool have_format = false;
	int got;
	while ((got = mesh_input_line(in)) > 0) {
		const char *keyword;
		size_t length;
		if (in->line_number == 1) {
			if (!mesh_token_is(in->line, in->line_length, "ply"))
				return mesh_fail_line(in, COL_ERROR_FORMAT, "a PLY file begins with 'ply'");
			continue;
		}
		if (!mesh_line_token(in, &keyword, &length))
			continue;
		col_status status = COL_OK;
		if (mesh_token_is(keyword, length, "comment") || mesh_token_is(keyword, length, "obj_info"))
			continue;
		if (mesh_token_is(keyword, length, "format")) {
			const char *token;
			if (!mesh_line_token(in, &token, &length))
				length = 0;
			if (mesh_token_is(token, length, "ascii"))
				h->format = FORMAT_ASCII;
			else if (mesh_token_is(token, length, "binary_little_endian"))
				h->format = FORMAT_LITTLE;
			else if (mesh_token_is(token, length, "binary_big_endian"))
				h->format = FORMAT_BIG;
			else {
				char quoted[48];
				mesh_quote(token, length, quoted, sizeof quoted);
				return mesh_fail_line(in, COL_ERROR_FORMAT,
				                      "unknown format '%s' (ascii, binary_little_endian or "
				                      "binary_big_endian)",
				                      quoted);
			}
			have_format = true;
		} else if (mesh_token_is(keyword, length, "element")) {
			status = header_element(in, h);
		} else if (mesh_token_is(keyword, length, "property")) {
			status = header_property(in, h);
		} else if (mesh_token_is(keyword, length, "end_header")) {
			in->line_position = in->line_length; /* the ASCII records start on the next line */
			break;
		}
		/* Any other header line is read past as a comment: exporters write free text there
		 * (Blender 2.47: "Created by Blender3D ..."). */
		if (status != COL_OK)
			return status;
	}
	if (got < 0)
		return in->status;
	if (got == 0)
		return mesh_fail(in, COL_ERROR_FORMAT, "the header ends without 'end_header'");
	if (!have_format)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "the header has no 'format' line");
	/* The parts of the mesh must all be there before any record is read. */
	bool vertex = false, face = false;
	for (int i = 0; i < h->element_count; ++i) {
		const ply_element *e = &h->elements[i];
		int roles = 0;
		for (int k = 0; k < e->property_count; ++k)
			roles |= 1 << e->properties[k].role;
		if (e->kind == KIND_VERTEX) {
			vertex = true;
			if ((roles & (1 << ROLE_X | 1 << ROLE_Y | 1 << ROLE_Z)) !=
			    (1 << ROLE_X | 1 << ROLE_Y | 1 << ROLE_Z))
				return mesh_fail_line(in, COL_ERROR_FORMAT,
				                      "the vertex element lacks one of the properties x, y, z");
		}
		if (e->kind == KIND_FACE) {
			face = true;
			if (!(roles & 1 << ROLE_INDICES))
				return mesh_fail_line(in, COL_ERROR_FORMAT,
				                      "the face element has no list 'vertex_indices'");
		}
	}
	if (!vertex || !face)
		return mesh_fail_line(in, COL_ERROR_FORMAT, "no %s element: no triangles to read",
		                      vertex ? "face" : "vertex");
	uint64_t needed = 0, remaining = mesh_input_remaining(in);
	for (int i = 0; i < h->element_count; ++i)
		needed += h->elements[i].count * record_min_bytes(&h->elements[i], h->format);
	if (remaining != MESH_SIZE_UNKNOWN && needed > remaining + 1)
		return mesh_fail_line(in, COL_ERROR_FORMAT,
		                      "the header's elements need at least %llu bytes, but only %llu follow",
		                      (unsigned long long)needed, (unsigned long long)remaining);
	return COL_OK;
}

/* ---- values ---- */

typedef struct ply_reader {
	mesh_input *in;
	const ply_header *h;
	uint64_t value_offset; /* binary: where the last value began */
} ply_reader;

static col_status value_error(ply_reader *r, const char *format, const char *detail)
{
	if (r->h->format == FORMAT_ASCII)
		return mesh_fail_line(r->in, COL_ERROR_FORMAT, format, detail);
	return mesh_fail_byte(r->in, r->value_offset, COL_ERROR_FORMAT, format, detail);
}

static col_status read_value(ply_reader *r, ply_type type, double *value)
{
	mesh_input *in = r->in;
	if (r->h->format == FORMAT_ASCII) {
		const char *token;
		size_t length;
		int got = mesh_next_token(in, 0, &token, &length);
		if (got < 0)
			return in->status;
		if (got == 0)
			return mesh_fail_line(in, COL_ERROR_FORMAT, "the file ends before its last record");
		if (!mesh_parse_double(token, length, value)) {
			char quoted[48];
			mesh_quote(token, length, quoted, sizeof quoted);
			return value_error(r, "'%s' is not a number", quoted);
		}
		return COL_OK;
	}
	unsigned char bytes[8];
	unsigned size = type_sizes[type];
	r->value_offset = in->offset;
	int got = mesh_input_bytes(in, bytes, size);
	if (got < 0)
		return in->status;
	if (got == 0)
		return mesh_fail_byte(in, r->value_offset, COL_ERROR_FORMAT,
		                      "the file ends before its last record");
	uint64_t bits = 0;
	for (unsigned i = 0; i < size; ++i) {
		unsigned from = r->h->format == FORMAT_BIG ? size - 1 - i : i;
		bits |= (uint64_t)bytes[from] << (8 * i);
	}
	switch (type) {
	case PLY_INT8: *value = (int8_t)(uint8_t)bits; break;
	case PLY_UINT8: *value = (uint8_t)bits; break;
	case PLY_INT16: *value = (int16_t)(uint16_t)bits; break;
	case PLY_UINT16: *value = (uint16_t)bits; break;
	case PLY_INT32: *value = (int32_t)(uint32_t)bits; break;
	case PLY_UINT32: *value = (uint32_t)bits; break;
	case PLY_FLOAT32: {
		uint32_t b32 = (uint32_t)bits;
		float f;
		memcpy(&f, &b32, sizeof f);
		*value = f;
		break;
	}
	case PLY_FLOAT64: memcpy(value, &bits, sizeof *value); break;
	case PLY_NONE: *value = 0; break;
	}
	return COL_OK;
}

/* A list's length or a vertex index: a whole number in [0, limit). */
static col_status read_whole(ply_reader *r, ply_type type, uint64_t limit, const char *what,
                             uint64_t *value)
{
	double v;
	col_status status = read_value(r, type, &v);
	if (status != COL_OK)
		return status;
	if (!(v >= 0 && v < (double)limit && v == (double)(uint64_t)v)) {
		char detail[96];
		snprintf(detail, sizeof detail, "%s %.17g", what, v);
		return value_error(r, "%s is out of range", detail);
	}
	*value = (uint64_t)v;
	return COL_OK;
}

static col_status read_face(ply_reader *r, const ply_property *p, uint64_t face, mesh_builder *b)
{
	uint64_t corners;
	col_status status = read_whole(r, p->count_type, UINT64_C(1) << 32, "face list length", &corners);
	mesh_where where = {r->h->format != FORMAT_ASCII, r->value_offset};
	if (status == COL_OK && corners < 3) {
		char detail[96];
		snprintf(detail, sizeof detail, "face %llu has %llu vertices", (unsigned long long)face + 1,
		         (unsigned long long)corners);
		status = value_error(r, "%s, needs at least 3", detail);
	}
	size_t first = 0, previous = 0;
	for (uint64_t k = 0; k < corners && status == COL_OK; ++k) {
		double v;
		status = read_value(r, p->type, &v);
		if (status != COL_OK)
			break;
		if (!(v >= 0 && v < (double)r->h->vertex_count && v == (double)(uint64_t)v)) {
			char detail[160];
			snprintf(detail, sizeof detail, "face %llu has vertex index %.17g, but there are %llu",
			         (unsigned long long)face + 1, v, (unsigned long long)r->h->vertex_count);
			return value_error(r, "%s vertices", detail);
		}
		size_t index = (size_t)v;
		if (k == 0)
			first = index;
		else if (k >= 2)
			status = mesh_add_triangle(r->in, where, b, first, previous, index);
		previous = index;
	}
	return status;
}

static col_status read_records(ply_reader *r, const ply_element *e, mesh_builder *b)
{
	if (e->property_count == 0)
		return COL_OK; /* empty records: nothing to read */
	for (uint64_t i = 0; i < e->count; ++i) {
		double xyz[3] = {0, 0, 0};
		mesh_where where = {r->h->format != FORMAT_ASCII, r->in->offset};
		for (int k = 0; k < e->property_count; ++k) {
			const ply_property *p = &e->properties[k];
			col_status status;
			if (p->role == ROLE_INDICES) {
				status = read_face(r, p, i, b);
			} else if (p->count_type != PLY_NONE) {
				uint64_t length;
				status = read_whole(r, p->count_type, UINT64_C(1) << 32, "list length", &length);
				double ignored;
				for (uint64_t j = 0; j < length && status == COL_OK; ++j)
					status = read_value(r, p->type, &ignored);
			} else {
				double v;
				status = read_value(r, p->type, &v);
				if (p->role >= ROLE_X && p->role <= ROLE_Z)
					xyz[p->role - ROLE_X] = v;
			}
			if (status != COL_OK)
				return status;
		}
		if (e->kind == KIND_VERTEX) {
			col_status status = mesh_add_vertex(r->in, where, b, xyz[0], xyz[1], xyz[2]);
			if (status != COL_OK)
				return status;
		}
	}
	return COL_OK;
}

col_status mesh_read_ply(mesh_input *in, mesh_builder *b)
{
	ply_header *h = calloc(1, sizeof *h);
	if (h == NULL)
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory");
	col_status status = read_header(in, h);
	if (status == COL_OK)
		status = mesh_builder_reserve(in, b, h->vertex_count);
	ply_reader r = {in, h, 0};
	/* Faces may come before the vertices: their indices are checked against the declared count,
	 * and the vertex element's records are the mesh's vertices in order either way. */
	for (int i = 0; i < h->element_count && status == COL_OK; ++i)
		status = read_records(&r, &h->elements[i], b);
	free(h);
	return status;
}
