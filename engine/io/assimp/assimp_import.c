/* collide-assimp-import PATH: reads a mesh file with assimp and writes its triangles to stdout for
 * collide_io (engine/io/assimp_child.c), which runs this program as a child process for the formats
 * collide's own readers do not take. assimp can crash, abort or loop on a malformed file; here
 * that ends this process only, under the limits set below, and the caller reports it.
 *
 * Output, in the machine's byte order: "CAI1", vertex count and triangle count (uint64), the
 * vertices (3 doubles each), the triangles (3 int32 indices each); or "CAIE", a uint32 length and
 * assimp's message. Nodes' transforms are applied; faces that are not triangles are left out. */
#define _POSIX_C_SOURCE 200809L
#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* Address space the import may use: generous for real models, a wall for corrupt counts. */
#define MEMORY_LIMIT ((rlim_t)4 << 30)
#define MAX_ELEMENTS ((size_t)1 << 27)

typedef struct gather {
	double *vertices; /* 3 per vertex */
	int32_t *triangles;
	size_t vertex_count, vertex_capacity;
	size_t triangle_count, triangle_capacity;
} gather;

static int reserve(void **array, size_t *capacity, size_t needed, size_t element)
{
	if (needed <= *capacity)
		return 1;
	size_t grown = *capacity > 0 ? *capacity : 256;
	while (grown < needed)
		grown *= 2;
	void *p = realloc(*array, grown * element);
	if (p == NULL)
		return 0;
	*array = p;
	*capacity = grown;
	return 1;
}

typedef struct affine {
	double m[3][4];
} affine;

static affine affine_compose(const affine *parent, const struct aiMatrix4x4 *a)
{
	const double child[3][4] = {{a->a1, a->a2, a->a3, a->a4},
	                            {a->b1, a->b2, a->b3, a->b4},
	                            {a->c1, a->c2, a->c3, a->c4}};
	affine r;
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 4; ++j) {
			double s = j == 3 ? parent->m[i][3] : 0.0;
			for (int k = 0; k < 3; ++k)
				s += parent->m[i][k] * child[k][j];
			r.m[i][j] = s;
		}
	return r;
}

static int gather_mesh(gather *g, const struct aiMesh *mesh, const affine *t)
{
	if (mesh == NULL || mesh->mVertices == NULL || mesh->mNumVertices == 0 || mesh->mFaces == NULL)
		return 1;
	size_t first = g->vertex_count;
	if (first + mesh->mNumVertices > MAX_ELEMENTS ||
	    !reserve((void **)&g->vertices, &g->vertex_capacity, 3 * (first + mesh->mNumVertices),
	             sizeof *g->vertices))
		return 0;
	for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
		struct aiVector3D v = mesh->mVertices[i];
		double *out = g->vertices + 3 * g->vertex_count++;
		for (int r = 0; r < 3; ++r)
			out[r] = t->m[r][0] * v.x + t->m[r][1] * v.y + t->m[r][2] * v.z + t->m[r][3];
	}
	for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
		const struct aiFace *face = &mesh->mFaces[f];
		if (face->mNumIndices != 3 || face->mIndices == NULL)
			continue; /* points and lines carry no surface */
		unsigned a = face->mIndices[0], b = face->mIndices[1], c = face->mIndices[2];
		if (a >= mesh->mNumVertices || b >= mesh->mNumVertices || c >= mesh->mNumVertices)
			continue;
		if (g->triangle_count + 1 > MAX_ELEMENTS ||
		    !reserve((void **)&g->triangles, &g->triangle_capacity, 3 * (g->triangle_count + 1),
		             sizeof *g->triangles))
			return 0;
		int32_t *out = g->triangles + 3 * g->triangle_count++;
		out[0] = (int32_t)(first + a);
		out[1] = (int32_t)(first + b);
		out[2] = (int32_t)(first + c);
	}
	return 1;
}

static int gather_node(gather *g, const struct aiScene *scene, const struct aiNode *node,
                       const affine *parent, int depth)
{
	if (depth > 256)
		return 1;
	affine t = affine_compose(parent, &node->mTransformation);
	for (unsigned i = 0; i < node->mNumMeshes; ++i)
		if (node->mMeshes[i] < scene->mNumMeshes && !gather_mesh(g, scene->mMeshes[node->mMeshes[i]], &t))
			return 0;
	for (unsigned i = 0; i < node->mNumChildren; ++i)
		if (node->mChildren[i] != NULL && !gather_node(g, scene, node->mChildren[i], &t, depth + 1))
			return 0;
	return 1;
}

static int fail(const char *message)
{
	uint32_t length = (uint32_t)strlen(message);
	fwrite("CAIE", 1, 4, stdout);
	fwrite(&length, sizeof length, 1, stdout);
	fwrite(message, 1, length, stdout);
	return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return fail("usage: collide-assimp-import PATH");
	struct rlimit limit = {MEMORY_LIMIT, MEMORY_LIMIT};
	setrlimit(RLIMIT_AS, &limit);
	/* No log stream is attached, so assimp stays silent; ValidateDataStructure makes it refuse a
	 * scene with dangling indices. */
	const struct aiScene *scene =
	    aiImportFile(argv[1], aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
	                              aiProcess_SortByPType | aiProcess_ValidateDataStructure);
	if (scene == NULL) {
		const char *reason = aiGetErrorString();
		return fail(reason != NULL && reason[0] != '\0' ? reason : "unknown assimp error");
	}
	gather g = {0};
	const affine identity = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}};
	int ok = 1;
	if (scene->mRootNode != NULL)
		ok = gather_node(&g, scene, scene->mRootNode, &identity, 0);
	if (ok && g.vertex_count == 0 && scene->mMeshes != NULL) /* no node places a mesh */
		for (unsigned i = 0; i < scene->mNumMeshes && ok; ++i)
			ok = gather_mesh(&g, scene->mMeshes[i], &identity);
	aiReleaseImport(scene);
	if (!ok)
		return fail("out of memory, or more than 2^27 vertices or triangles");
	uint64_t counts[2] = {g.vertex_count, g.triangle_count};
	fwrite("CAI1", 1, 4, stdout);
	fwrite(counts, sizeof counts[0], 2, stdout);
	if (g.vertex_count > 0)
		fwrite(g.vertices, sizeof *g.vertices, 3 * g.vertex_count, stdout);
	if (g.triangle_count > 0)
		fwrite(g.triangles, sizeof *g.triangles, 3 * g.triangle_count, stdout);
	free(g.vertices);
	free(g.triangles);
	return fflush(stdout) == 0 ? 0 : 1;
}
