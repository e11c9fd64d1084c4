/* Mesh files: import through assimp's C API, export as OBJ or binary STL with plain stdio. */
#include "collide/io.h"

#include "../src/error.h"

#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- import ---- */

/* Growing arrays of positions and index triples, gathered over the scene's nodes. */
typedef struct gather {
	col_vec3 *vertices;
	int32_t *triangles;
	size_t vertex_count, vertex_capacity;
	size_t triangle_count, triangle_capacity;
	size_t dropped; /* faces that repeated a vertex index */
} gather;

static bool reserve(void **array, size_t *capacity, size_t needed, size_t element)
{
	if (needed <= *capacity)
		return true;
	size_t grown = *capacity > 0 ? *capacity : 256;
	while (grown < needed)
		grown *= 2;
	void *p = realloc(*array, grown * element);
	if (p == NULL)
		return false;
	*array = p;
	*capacity = grown;
	return true;
}

/* Row-major 4x4 affine transform in doubles: a node's placement in the scene. */
typedef struct affine {
	double m[3][4];
} affine;

static affine affine_from_ai(const struct aiMatrix4x4 *a)
{
	return (affine){{
	    {a->a1, a->a2, a->a3, a->a4},
	    {a->b1, a->b2, a->b3, a->b4},
	    {a->c1, a->c2, a->c3, a->c4},
	}};
}

/* parent * child: the child's frame expressed in the parent's parent. */
static affine affine_compose(const affine *parent, const affine *child)
{
	affine r;
	for (int i = 0; i < 3; ++i) {
		for (int j = 0; j < 4; ++j) {
			double s = j == 3 ? parent->m[i][3] : 0.0;
			for (int k = 0; k < 3; ++k)
				s += parent->m[i][k] * child->m[k][j];
			r.m[i][j] = s;
		}
	}
	return r;
}

static col_vec3 affine_apply(const affine *t, double x, double y, double z)
{
	return (col_vec3){
	    t->m[0][0] * x + t->m[0][1] * y + t->m[0][2] * z + t->m[0][3],
	    t->m[1][0] * x + t->m[1][1] * y + t->m[1][2] * z + t->m[1][3],
	    t->m[2][0] * x + t->m[2][1] * y + t->m[2][2] * z + t->m[2][3],
	};
}

static bool gather_mesh(gather *g, const struct aiMesh *mesh, const affine *t)
{
	if (mesh == NULL || mesh->mVertices == NULL || mesh->mNumVertices == 0 || mesh->mFaces == NULL)
		return true;
	size_t first = g->vertex_count;
	if (first + mesh->mNumVertices > INT32_MAX ||
	    !reserve((void **)&g->vertices, &g->vertex_capacity, first + mesh->mNumVertices,
	             sizeof *g->vertices))
		return false;
	for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
		struct aiVector3D v = mesh->mVertices[i];
		g->vertices[g->vertex_count++] = affine_apply(t, v.x, v.y, v.z);
	}
	for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
		const struct aiFace *face = &mesh->mFaces[f];
		if (face->mNumIndices != 3 || face->mIndices == NULL)
			continue; /* points and lines carry no surface */
		unsigned a = face->mIndices[0], b = face->mIndices[1], c = face->mIndices[2];
		if (a >= mesh->mNumVertices || b >= mesh->mNumVertices || c >= mesh->mNumVertices)
			continue;
		if (a == b || b == c || c == a) {
			g->dropped++;
			continue;
		}
		if (g->triangle_count + 1 > INT32_MAX / 3 ||
		    !reserve((void **)&g->triangles, &g->triangle_capacity, 3 * (g->triangle_count + 1),
		             sizeof *g->triangles))
			return false;
		int32_t *out = g->triangles + 3 * g->triangle_count++;
		out[0] = (int32_t)(first + a);
		out[1] = (int32_t)(first + b);
		out[2] = (int32_t)(first + c);
	}
	return true;
}

enum { MAX_NODE_DEPTH = 256 };

/* Every mesh a node refers to, placed by the node's accumulated transform. */
static col_status gather_node(gather *g, const struct aiScene *scene, const struct aiNode *node,
                              const affine *parent, int depth, const char *path, col_error *error)
{
	if (depth > MAX_NODE_DEPTH)
		return col_fail(error, COL_ERROR_FORMAT, "mesh: '%s' nests nodes deeper than %d", path,
		                MAX_NODE_DEPTH);
	affine local = affine_from_ai(&node->mTransformation);
	affine t = affine_compose(parent, &local);
	for (unsigned i = 0; i < node->mNumMeshes; ++i) {
		unsigned index = node->mMeshes[i];
		if (index >= scene->mNumMeshes)
			continue;
		if (!gather_mesh(g, scene->mMeshes[index], &t))
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh: out of memory reading '%s'",
			                path);
	}
	for (unsigned i = 0; i < node->mNumChildren; ++i) {
		if (node->mChildren[i] == NULL)
			continue;
		col_status status = gather_node(g, scene, node->mChildren[i], &t, depth + 1, path, error);
		if (status != COL_OK)
			return status;
	}
	return COL_OK;
}

static col_status gather_scene(gather *g, const struct aiScene *scene, const char *path, col_error *error)
{
	affine identity = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}};
	if (scene->mRootNode != NULL) {
		col_status status = gather_node(g, scene, scene->mRootNode, &identity, 0, path, error);
		if (status != COL_OK)
			return status;
	}
	if (g->vertex_count == 0 && scene->mMeshes != NULL) {
		/* No node places any mesh: take the meshes as they are. */
		for (unsigned i = 0; i < scene->mNumMeshes; ++i) {
			if (!gather_mesh(g, scene->mMeshes[i], &identity))
				return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                "mesh: out of memory reading '%s'", path);
		}
	}
	return COL_OK;
}

/* ---- header counts ---- */

/* The next whitespace-separated token of an OFF header, skipping '#' comments. */
static const char *off_token(const char *p, const char *end, size_t *length)
{
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
			++p;
		if (p < end && *p == '#') {
			while (p < end && *p != '\n')
				++p;
			continue;
		}
		break;
	}
	const char *start = p;
	while (p < end && !(*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '#'))
		++p;
	*length = (size_t)(p - start);
	return start;
}

static unsigned long long parse_count(const char *token, size_t length)
{
	unsigned long long value = 0;
	for (size_t i = 0; i < length && token[i] >= '0' && token[i] <= '9'; ++i) {
		unsigned long long digit = (unsigned long long)(token[i] - '0');
		/* saturates at ULLONG_MAX, never wraps */
		value = value > (ULLONG_MAX - digit) / 10 ? ULLONG_MAX : value * 10 + digit;
	}
	return value;
}

/* OFF and PLY headers declare element counts that assimp allocates for before reading them; a
 * corrupt count (assimp's own OutOfMemory.off declares 353535235358 vertices) would ask for
 * gigabytes. Every element takes at least a byte of the file, so a count above the file's size
 * is refused here. Returns false and fills what/count for such a header. */
static bool header_counts_plausible(const char *head, size_t length, long long file_size, const char **what,
                                    unsigned long long *count)
{
	/* Compared unsigned: a count of 2^63 or more must not turn negative (file_size > 0 here). */
	unsigned long long limit = (unsigned long long)file_size;
	const char *end = head + length;
	size_t n;
	const char *token = off_token(head, end, &n);
	if (n >= 3 && n <= 8 && memcmp(token + n - 3, "OFF", 3) == 0) {
		static const char *const names[3] = {"vertices", "faces", "edges"};
		for (int i = 0; i < 2; ++i) {
			token = off_token(token + n, end, &n);
			unsigned long long c = parse_count(token, n);
			if (c > limit || c == ULLONG_MAX) {
				*what = names[i];
				*count = c;
				return false;
			}
		}
		return true;
	}
	if (length >= 3 && memcmp(head, "ply", 3) == 0) {
		const char *p = head;
		while (p < end) {
			const char *line_end = memchr(p, '\n', (size_t)(end - p));
			if (line_end == NULL)
				line_end = end;
			if ((size_t)(line_end - p) > 8 && memcmp(p, "element ", 8) == 0) {
				const char *name = p + 8;
				const char *space = memchr(name, ' ', (size_t)(line_end - name));
				if (space != NULL) {
					unsigned long long c =
					    parse_count(space + 1, (size_t)(line_end - space - 1));
					if (c > limit || c == ULLONG_MAX) {
						*what = "elements";
						*count = c;
						return false;
					}
				}
			}
			if ((size_t)(line_end - p) >= 10 && memcmp(p, "end_header", 10) == 0)
				break;
			p = line_end + 1;
		}
	}
	return true;
}

col_status col_mesh_load(const char *path, col_mesh **out, col_error *error)
{
	if (out == NULL || path == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_load: %s is NULL",
		                path == NULL ? "path" : "out");
	*out = NULL;

	/* Our own check first: assimp's message for a missing file does not say why. */
	FILE *file = fopen(path, "rb");
	if (file == NULL)
		return col_fail(error, COL_ERROR_IO, "mesh: cannot open '%s': %s", path, strerror(errno));
	char head[4096];
	size_t head_length = fread(head, 1, sizeof head, file);
	bool unreadable = ferror(file) != 0;
	int saved = errno;
	long long file_size = -1;
	if (!unreadable && fseek(file, 0, SEEK_END) == 0)
		file_size = ftell(file);
	fclose(file);
	if (unreadable)
		return col_fail(error, COL_ERROR_IO, "mesh: cannot read '%s': %s", path, strerror(saved));
	if (head_length == 0)
		return col_fail(error, COL_ERROR_FORMAT, "mesh: '%s' is empty", path);
	const char *what = NULL;
	unsigned long long declared = 0;
	if (file_size > 0 && !header_counts_plausible(head, head_length, file_size, &what, &declared))
		return col_fail(error, COL_ERROR_FORMAT,
		                "mesh: '%s' declares %llu %s but has only %lld bytes", path, declared, what,
		                file_size);

	/* No log stream is attached, so assimp stays silent; ValidateDataStructure makes it refuse a
	 * scene with dangling indices instead of handing it to us. */
	const struct aiScene *scene =
	    aiImportFile(path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
	                           aiProcess_SortByPType | aiProcess_ValidateDataStructure);
	if (scene == NULL) {
		const char *reason = aiGetErrorString();
		return col_fail(error, COL_ERROR_FORMAT, "mesh: cannot import '%s': %s", path,
		                reason != NULL && reason[0] != '\0' ? reason : "unknown assimp error");
	}

	gather g = {0};
	col_status status = gather_scene(&g, scene, path, error);
	aiReleaseImport(scene);
	if (status == COL_OK) {
		for (size_t i = 0; i < g.vertex_count; ++i) {
			if (!col_vec3_is_finite(g.vertices[i])) {
				status = col_fail(error, COL_ERROR_NOT_FINITE,
				                  "mesh: '%s': vertex %zu is not finite (%g, %g, %g)", path,
				                  i, g.vertices[i].x, g.vertices[i].y, g.vertices[i].z);
				break;
			}
		}
	}
	if (status == COL_OK && g.triangle_count == 0)
		status = col_fail(error, COL_ERROR_FORMAT,
		                  "mesh: '%s' has no triangles (%zu vertices, only points or lines)", path,
		                  g.vertex_count);
	col_mesh *mesh = NULL;
	if (status == COL_OK)
		status = col_mesh_create(g.vertices, (int)g.vertex_count, g.triangles, (int)g.triangle_count,
		                         &mesh, error);
	free(g.vertices);
	free(g.triangles);
	if (status != COL_OK)
		return status;

	/* Files often repeat a position per face (STL always does): one vertex per position. */
	int welded = col_mesh_weld(mesh);
	if (welded == COL_MESH_WELD_OUT_OF_MEMORY) {
		col_mesh_destroy(mesh);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh: out of memory welding '%s'", path);
	}
	if (welded == COL_MESH_WELD_COLLAPSED) {
		col_mesh_destroy(mesh);
		return col_fail(error, COL_ERROR_FORMAT, "mesh: '%s' has only zero-size triangles", path);
	}
	*out = mesh;
	col_error_clear(error);
	return COL_OK;
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
