/* Every 3D query on the closed meshes of assimp's test models (the Debian package
 * assimp-testmodels, /usr/share/assimp/models), against the brute-force oracles: the tetra-tree's
 * and the octree's point tests against the exact crossing count, the tetra-tree's ball tests, nearest
 * points, signed distances and rays against loops over every triangle, and its mesh pairs and
 * contacts against the all-pairs queries. Without the package every test says so and is skipped.
 *
 * The catalogue. Every file under the models folder but the "invalid" collection is loaded through
 * col_mesh_load (collide's own readers for OBJ, STL, PLY and OFF, assimp in a child process for the
 * other formats; files it refuses are counted and left out), welded (identical positions merged),
 * validated, and kept when it is closed and can be given a consistent orientation:
 * col_mesh_fix_orientation turns every piece outward where the mesh is edge-manifold; where it is
 * not (edges shared by four triangles), the mesh is kept as loaded if it is already consistently
 * oriented and every edge is used by an even number of triangles (otherwise the crossing count,
 * the oracle, has no defined inside). A kept mesh must bound a positive volume; the engine has no
 * other way to turn a mesh than fix_orientation, so one with a negative volume is left out, and the
 * table says so. Of the 580 files of assimp-testmodels 5.2.5, 313 load, 199 are closed after welding
 * and 193 are kept (110 distinct meshes: many files are the same cube in other formats); the 6 left
 * out have an edge used by an odd number of triangles, no volume, or no consistent orientation.
 *
 * Two tiers, to keep the run near 40 s (RelWithDebInfo, 2 cores):
 * - The full suite (every query below) on the models named in full_suite[], chosen to cover the
 *   variety: the simplest solids (tetrahedron, the unit cube with its axis-aligned faces, a
 *   dodecahedron of coplanar fans), many separate pieces (test9.amf, test1.3ds, ComputerKeyboard,
 *   ThomasFechten's 43 pieces, 64 cubes in anims_with_full_rotations_between_keys), pieces that
 *   overlap (man.mdl, molecule.cob), zero-area triangles (box_2vc_1unused.lwo), files wound inward
 *   that fix_orientation turns (animation_with_skeleton.fbx, the torus of TorusLightsCams), a torus
 *   (its centroid outside the solid), non-manifold edges kept as loaded (MirroredCube_252.blend,
 *   sample_official.xgl, cubes_with_outofrange_float.fbx), organic shapes (huesitos, PinkEgg, fels,
 *   holy_grailref, HelloX3dTrademark, CrazyEngine, UglyVertexColors, duck, HUMAN) and the largest
 *   single sphere (SphereWithLight.ac, 17664 triangles).
 * - The point tests (random points and surface points, both structures) with fewer cases on every
 *   other distinct kept mesh (duplicates of a mesh already checked are skipped), the largest ones
 *   (ManyEarthsNotJustOne.nff, 51200 triangles, and SphereWithLightUvScaling4X.ac, 70656) among them.
 *
 * Mesh pairs pose each model against itself and against two bumpy spheres, a third of its size and a
 * little bigger than it. Besides the trees against col_mesh_intersects_mesh, each pose where that
 * oracle says apart is checked for a piece of one solid wholly inside the other (one vertex of each
 * connected piece, by the crossing count), which an oracle testing one vertex per mesh would miss.
 *
 * Case counts. The oracles cost one test per triangle (per triangle pair for meshes), so each query
 * gets a budget of such tests per model: a small model runs COLLIDE_RANDOM_CASES cases (10^5; the
 * point test reaches it up to 100 triangles), a big one fewer, never fewer than a floor; the
 * sanitizer builds scale everything by COLLIDE_RANDOM_CASES / 10^5. Each test prints the counts it
 * ran per model. make test runs a share of the point, ball and ray budgets (see share()), still more
 * than 10^5 cases per query over the catalogue; make test-long (COLLIDE_LONG_TESTS=1) runs them all. */
/* opendir and stat are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "collide/io.h"
#include "collide/octree.h"
#include "collide/tetratree.h"

#include "mesh_oracles.h"
#include "support.h"

#define MODELS "/usr/share/assimp/models"

/* The models every query is checked on (paths under MODELS). */
static const char *const full_suite[] = {
    "NFF/NFF/tetrahedron.nff",
    "OBJ/box.obj",
    "NFF/NFF/dodecahedron.nff",
    "XGL/sample_official.xgl",
    "BLEND/MirroredCube_252.blend",
    "AMF/test9.amf",
    "X3D/ComputerKeyboard.x3d",
    "3DS/test1.3ds",
    "FBX/huesitos.fbx",
    "MDL/MDL (HL1)/man.mdl",
    "MS3D/twospheres.ms3d",
    "CSM/ThomasFechten.csm",
    "FBX/cubes_with_outofrange_float.fbx",
    "LWO/LWO2/box_2vc_1unused.lwo",
    "DXF/PinkEggFromLW.dxf",
    "Collada/anims_with_full_rotations_between_keys.DAE",
    "3DS/fels.3ds",
    "COB/molecule.cob",
    "SMD/holy_grailref.smd",
    "X3D/HelloX3dTrademark.x3d",
    "FBX/animation_with_skeleton.fbx",
    "LWO/LXOB_Modo/CrazyEngine.lxo",
    "LWO/LWO2/UglyVertexColors.lwo",
    "Collada/duck.dae",
    "BLEND/TorusLightsCams_250_compressed.blend",
    "BLEND/HUMAN.blend",
    "AC/SphereWithLight.ac",
};
enum { FULL_COUNT = sizeof full_suite / sizeof full_suite[0] };

/* ---- the catalogue ---- */

typedef enum tier { TIER_DROPPED, TIER_FULL, TIER_POINTS, TIER_DUPLICATE } tier;

typedef struct model {
	char name[200];        /* the path under MODELS */
	col_mesh *mesh;        /* NULL once dropped */
	int triangles, pieces; /* after welding */
	int merged, flipped;   /* vertices the weld merged, triangles fix_orientation turned (-1: not run) */
	bool as_loaded;        /* fix_orientation refused (non-manifold): kept with the file's winding */
	uint64_t hash;         /* of the welded, oriented mesh: equal meshes are checked once */
	tier tier;             /* what the tests do with it */
	int same_as;           /* for a duplicate: the model it repeats */
	char why[200];         /* for a dropped one: the reason */
	col_tetratree *tree;   /* the full suite's structures, built once */
	col_octree *octree;
	mesh_oracle every;             /* its triangles and boxes for the oracles, made once */
	struct partners *partners;     /* the pair tests' partners, made once */
} model;

static struct catalogue {
	bool present;
	int scanned, loaded, closed;
	model *models; /* the closed ones, in path order */
	int count, capacity;
	int full[FULL_COUNT]; /* indices into models */
} cat;

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file under dir (recursively), but the top-level "invalid" collection. */
static void collect(const char *dir, char ***paths, int *count, int *capacity)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return;
	struct dirent *entry;
	while ((entry = readdir(d)) != NULL) {
		if (entry->d_name[0] == '.')
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
		struct stat st;
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (strcmp(path, MODELS "/invalid") != 0)
				collect(path, paths, count, capacity);
			continue;
		}
		if (*count == *capacity) {
			*capacity = *capacity ? 2 * *capacity : 256;
			*paths = realloc(*paths, (size_t)*capacity * sizeof **paths);
			assert_non_null(*paths);
		}
		(*paths)[(*count)++] = strdup(path);
	}
	closedir(d);
}

static uint64_t fnv(uint64_t h, const void *data, size_t size)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < size; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h;
}

static int compare_edges(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* An edge used by an odd number of triangles, as "a-b", or false when there is none. */
static bool odd_edge(const col_mesh *mesh, char *text, size_t size)
{
	int n = col_mesh_triangle_count(mesh);
	const int32_t *t = col_mesh_triangles(mesh);
	int64_t *edges = malloc(3 * (size_t)n * sizeof *edges);
	assert_non_null(edges);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++) {
			int64_t a = t[3 * i + k], b = t[3 * i + (k + 1) % 3];
			edges[3 * i + k] = a < b ? (a << 32) | b : (b << 32) | a;
		}
	qsort(edges, 3 * (size_t)n, sizeof *edges, compare_edges);
	bool found = false;
	for (size_t i = 0; i < 3 * (size_t)n && !found;) {
		size_t j = i;
		while (j < 3 * (size_t)n && edges[j] == edges[i])
			j++;
		if ((j - i) % 2) {
			snprintf(text, size, "%d-%d (%zu triangles)", (int)(edges[i] >> 32),
			         (int)(edges[i] & 0xFFFFFFFF), j - i);
			found = true;
		}
		i = j;
	}
	free(edges);
	return found;
}

/* Loads, welds, validates and orients one file; a closed mesh gets a catalogue entry. */
static void catalogue_file(const char *path)
{
	cat.scanned++;
	col_mesh *mesh = NULL;
	col_error error;
	if (col_mesh_load(path, &mesh, &error) != COL_OK)
		return;
	cat.loaded++;
	model m = {0};
	snprintf(m.name, sizeof m.name, "%s", path + strlen(MODELS) + 1);
	m.flipped = -1;
	m.same_as = -1;
	m.merged = col_mesh_weld(mesh);
	col_mesh_report report;
	check_ok(col_mesh_validate(mesh, &report, &error), &error);
	if (m.merged < 0 || !report.closed) {
		col_mesh_destroy(mesh);
		return;
	}
	cat.closed++;
	m.triangles = report.triangle_count;
	m.pieces = report.component_count;
	m.tier = TIER_DROPPED;
	char edge[64];
	if (col_mesh_fix_orientation(mesh, &m.flipped, &error) != COL_OK) {
		m.flipped = -1;
		m.as_loaded = true;
		char why[COL_ERROR_MESSAGE_SIZE];
		snprintf(why, sizeof why, "%s", error.message);
		/* The mesh as it is now, whatever the refused fix left of it. */
		check_ok(col_mesh_validate(mesh, &report, &error), &error);
		if (!report.consistently_oriented)
			snprintf(m.why, sizeof m.why, "fix_orientation: %.120s; not oriented as loaded", why);
		else if (odd_edge(mesh, edge, sizeof edge))
			snprintf(m.why, sizeof m.why, "edge %s: the crossing count has no inside", edge);
	}
	double volume = col_mesh_volume(mesh);
	if (m.why[0] == '\0' && volume == 0.0)
		snprintf(m.why, sizeof m.why, "volume 0: no solid");
	else if (m.why[0] == '\0' && !(volume > 0.0))
		snprintf(m.why, sizeof m.why,
		         "volume %g as loaded, and fix_orientation cannot turn it (non-manifold)", volume);
	if (m.why[0] == '\0') {
		m.mesh = mesh;
		m.tier = TIER_POINTS;
		uint64_t h = fnv(1469598103934665603ULL, col_mesh_vertices(mesh),
		                 (size_t)col_mesh_vertex_count(mesh) * sizeof(col_vec3));
		m.hash = fnv(h, col_mesh_triangles(mesh), 3 * (size_t)m.triangles * sizeof(int32_t));
	} else {
		col_mesh_destroy(mesh);
	}
	if (cat.count == cat.capacity) {
		cat.capacity = cat.capacity ? 2 * cat.capacity : 128;
		cat.models = realloc(cat.models, (size_t)cat.capacity * sizeof *cat.models);
		assert_non_null(cat.models);
	}
	cat.models[cat.count++] = m;
}

static col_tetratree *tree_of(const col_mesh *mesh, const char *name)
{
	col_tetratree *tree = NULL;
	col_error error;
	if (col_tetratree_build(mesh, NULL, &tree, &error) != COL_OK)
		fail_msg("%s: tetra-tree: %s", name, error.message);
	return tree;
}

static col_octree *octree_of(const col_mesh *mesh, const char *name)
{
	col_octree *tree = NULL;
	col_error error;
	if (col_octree_build(mesh, NULL, &tree, &error) != COL_OK)
		fail_msg("%s: octree: %s", name, error.message);
	return tree;
}

static int setup(void **state)
{
	(void)state;
	memset(&cat, 0, sizeof cat);
	DIR *dir = opendir(MODELS);
	if (dir == NULL)
		return 0; /* each test says so and is skipped */
	closedir(dir);
	cat.present = true;
	char **paths = NULL;
	int count = 0, capacity = 0;
	collect(MODELS, &paths, &count, &capacity);
	qsort(paths, (size_t)count, sizeof *paths, compare_paths);
	for (int i = 0; i < count; i++) {
		catalogue_file(paths[i]);
		free(paths[i]);
	}
	free(paths);
	/* The full suite by name; then each distinct mesh once. */
	for (int k = 0; k < FULL_COUNT; k++) {
		cat.full[k] = -1;
		for (int i = 0; i < cat.count; i++)
			if (strcmp(cat.models[i].name, full_suite[k]) == 0 && cat.models[i].mesh != NULL) {
				cat.full[k] = i;
				cat.models[i].tier = TIER_FULL;
			}
	}
	for (int i = 0; i < cat.count; i++) {
		model *m = &cat.models[i];
		if (m->tier != TIER_POINTS)
			continue;
		for (int j = 0; j < cat.count && m->same_as < 0; j++)
			if (j != i && cat.models[j].mesh != NULL && cat.models[j].hash == m->hash &&
			    (cat.models[j].tier == TIER_FULL || (cat.models[j].tier == TIER_POINTS && j < i)))
				m->same_as = j;
		if (m->same_as >= 0)
			m->tier = TIER_DUPLICATE;
	}
	return 0;
}

static void partners_destroy(struct partners *p);

static int teardown(void **state)
{
	(void)state;
	for (int i = 0; i < cat.count; i++) {
		partners_destroy(cat.models[i].partners);
		mesh_oracle_free(&cat.models[i].every);
		col_tetratree_destroy(cat.models[i].tree);
		col_octree_destroy(cat.models[i].octree);
		col_mesh_destroy(cat.models[i].mesh);
	}
	free(cat.models);
	return 0;
}

/* The full suite's models, their trees built on first use; NULL for one the catalogue lacks (the
 * catalogue test says so). */
static model *full_model(int k)
{
	if (cat.full[k] < 0)
		return NULL;
	model *m = &cat.models[cat.full[k]];
	if (m->tree == NULL) {
		m->tree = tree_of(m->mesh, m->name);
		m->octree = octree_of(m->mesh, m->name);
		m->every = mesh_oracle_make(m->mesh);
	}
	return m;
}

static void skip_without_models(void)
{
	if (!cat.present) {
		printf("  skipped: %s is missing (install assimp-testmodels)\n", MODELS);
		skip();
	}
}

/* The table: what was scanned and loaded, every closed mesh and what became of it. */
static void test_catalogue(void **state)
{
	(void)state;
	skip_without_models();
	int kept = 0, distinct = 0, dropped = 0, merged = 0;
	printf("  %-62s %9s %6s  %s\n", "closed after welding", "triangles", "pieces", "outcome");
	for (int i = 0; i < cat.count; i++) {
		const model *m = &cat.models[i];
		char outcome[320];
		switch (m->tier) {
		case TIER_DROPPED: snprintf(outcome, sizeof outcome, "left out: %s", m->why); break;
		case TIER_FULL: snprintf(outcome, sizeof outcome, "every query"); break;
		case TIER_POINTS: snprintf(outcome, sizeof outcome, "point tests"); break;
		case TIER_DUPLICATE:
			snprintf(outcome, sizeof outcome, "same mesh as %s", cat.models[m->same_as].name);
			break;
		}
		char orientation[64] = "";
		if (m->tier != TIER_DROPPED) {
			if (m->as_loaded)
				snprintf(orientation, sizeof orientation, " (non-manifold: kept as loaded)");
			else if (m->flipped > 0)
				snprintf(orientation, sizeof orientation, " (%d triangles turned)",
				         m->flipped);
		}
		printf("  %-62s %9d %6d  %s%s\n", m->name, m->triangles, m->pieces, outcome, orientation);
		kept += m->tier != TIER_DROPPED;
		distinct += m->tier == TIER_FULL || m->tier == TIER_POINTS;
		dropped += m->tier == TIER_DROPPED;
		merged += m->merged > 0 ? m->merged : 0;
	}
	printf(
	    "  %d files scanned (the invalid collection left out), %d loaded, %d closed after welding:\n"
	    "  %d kept (%d distinct meshes, %d with every query), %d left out; the weld merged %d vertices\n",
	    cat.scanned, cat.loaded, cat.closed, kept, distinct, FULL_COUNT, dropped, merged);
	for (int k = 0; k < FULL_COUNT; k++)
		if (cat.full[k] < 0)
			fail_msg("%s, named in full_suite[], was not found or not kept: update the list",
			         full_suite[k]);
	assert_true(kept >= 100 && distinct >= 50);
}

/* ---- counts ---- */

/* COLLIDE_RANDOM_CASES / 10^5: 1, or 1/10 in the sanitizer builds. */
static double scale(void)
{
	return COLLIDE_RANDOM_CASES / 100000.0;
}

/* The share of a sweep's per-model budget and ceiling that make test runs; make test-long runs it
 * all. The models are not shape classes of their own (a big model always got fewer than 10^5
 * cases): each query's random cases over the whole catalogue are what count, and every share below
 * keeps those at 10^5 or more (10^4 in the sanitizer builds), on every model, each at least at its
 * floor. The sums are in each sweep's comment and printed by the test. */
static double share(double make_test_share)
{
	return collide_long_tests() ? 1.0 : make_test_share;
}

/* Cases for a query whose oracle costs `cost` triangle tests a case: budget (in triangle tests,
 * scaled) / cost, within [floor, ceiling] (both scaled, at least 1). */
static int cases_for(double budget, double cost, double floor, double ceiling)
{
	double lo = fmax(1.0, floor * scale()), hi = fmax(1.0, ceiling * scale());
	double n = budget * scale() / fmax(cost, 1.0);
	return (int)fmin(hi, fmax(lo, n));
}

static double percent(long part, long whole)
{
	return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0;
}

static col_aabb3 bounds_of(const model *m)
{
	return col_mesh_bounds(m->mesh);
}

static double size_of(const model *m)
{
	col_aabb3 b = bounds_of(m);
	return col_vec3_distance(b.min, b.max);
}

/* ---- points ---- */

static bool oracle(const col_mesh *mesh, col_vec3 p)
{
	return col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING, NULL);
}

typedef struct point_counts {
	int random, inside, vertices, on_surface, off_surface;
} point_counts;

/* Random points of the grown box against the crossing count, one at a time (the tetra-tree with
 * and without a cache) and in batches; then the surface points of the triangles (every one, or
 * evenly spaced ones past surface_triangles): the vertices and those of the edge midpoints and
 * centroids that lie exactly on the triangle (exact test) must be inside for both; the others,
 * rounded off the surface, answer as the crossing count does (up to surface_budget triangle tests
 * of it). */
static point_counts check_points(const char *name, const col_mesh *mesh, const col_tetratree *tree,
                                 const col_octree *octree, rng *r, int cases, double surface_triangles,
                                 double surface_budget)
{
	point_counts c = {0};
	col_aabb3 box = col_mesh_bounds(mesh);
	col_covering3d_cache *cache = NULL;
	col_error error;
	check_ok(col_covering3d_cache_create(col_tetratree_covering(tree), &cache, &error), &error);
	enum { BATCH = 256 };
	col_vec3 batch[BATCH];
	bool expected[BATCH], got_tree[BATCH], got_octree[BATCH];
	for (int i = 0; i < cases; i++) {
		col_vec3 p = rng_in_grown_box(r, box);
		bool want = oracle(mesh, p);
		bool tt = col_tetratree_contains(tree, p, i % 2 ? cache : NULL, NULL, NULL);
		bool oc = col_octree_contains(octree, p, NULL);
		if (tt != want || oc != want)
			FAIL_CASE(r, i,
			          "%s: (%.17g, %.17g, %.17g): tetra-tree %d, octree %d, crossing count %d",
			          name, p.x, p.y, p.z, tt, oc, want);
		c.inside += want;
		batch[i % BATCH] = p;
		expected[i % BATCH] = want;
		if (i % BATCH == BATCH - 1 || i == cases - 1) {
			int n = i % BATCH + 1;
			col_tetratree_contains_points(tree, batch, (size_t)n, got_tree, NULL);
			col_octree_contains_points(octree, batch, (size_t)n, got_octree, NULL);
			for (int k = 0; k < n; k++)
				if (got_tree[k] != expected[k] || got_octree[k] != expected[k])
					FAIL_CASE(
					    r, i - n + 1 + k,
					    "%s: in a batch: tetra-tree %d, octree %d, crossing count %d",
					    name, got_tree[k], got_octree[k], expected[k]);
		}
	}
	c.random = cases;
	int n = col_mesh_triangle_count(mesh);
	int every = (int)ceil(n / fmax(1.0, surface_triangles * scale())), visited = (n + every - 1) / every;
	int oracle_calls = (int)fmin(3.0 * visited, surface_budget * scale() / n);
	int stride = oracle_calls > 0 ? (int)ceil(3.0 * visited / oracle_calls) : visited + 1;
	for (int i = 0; i < n; i += every) {
		col_triangle t = col_mesh_triangle(mesh, i);
		const col_vec3 points[6] = {
		    t.a,
		    t.b,
		    t.c,
		    col_vec3_scale(col_vec3_add(t.a, t.b), 0.5),
		    col_vec3_scale(col_vec3_add(t.b, t.c), 0.5),
		    col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0)};
		for (int j = 0; j < 6; j++) {
			col_vec3 p = points[j];
			bool on = j < 3 || col_triangle_contains_point(t, p);
			if (!on && i / every % stride != 0)
				continue;
			bool want = on || oracle(mesh, p);
			bool tt = col_tetratree_contains(tree, p, j % 2 ? cache : NULL, NULL, NULL);
			bool oc = col_octree_contains(octree, p, NULL);
			if (tt != want || oc != want)
				FAIL_CASE(r, i,
				          "%s: surface point %d of triangle %d (%.17g, %.17g, %.17g), %s: "
				          "tetra-tree %d, "
				          "octree %d, expected %d",
				          name, j, i, p.x, p.y, p.z, on ? "on it exactly" : "rounded off it",
				          tt, oc, want);
			if (j < 3)
				c.vertices++;
			else if (on)
				c.on_surface++;
			else
				c.off_surface++;
		}
	}
	col_covering3d_cache_destroy(cache);
	return c;
}

static void print_points(const char *name, int triangles, point_counts c)
{
	printf("  %-52s %6d tri: %6d random (%5.1f%% in), %6d vertices, %6d on the surface, %5d rounded off "
	       "it\n",
	       name, triangles, c.random, percent(c.inside, c.random), c.vertices, c.on_surface,
	       c.off_surface);
}

static void test_points(void **state)
{
	(void)state;
	skip_without_models();
	long total = 0;
	for (int k = 0; k < FULL_COUNT; k++) {
		model *m = full_model(k);
		if (m == NULL)
			continue;
		rng r = rng_make(rng_env_seed(0xC105ED00u + (uint64_t)k));
		/* A tenth in make test: 119 350 random points over these models (1.14 10^6 in test-long). */
		int cases = cases_for(1e7 * share(0.1), m->triangles, 1000, COLLIDE_RANDOM_CASES * share(0.1));
		point_counts c = check_points(m->name, m->mesh, m->tree, m->octree, &r, cases, 5000, 2e6);
		print_points(m->name, m->triangles, c);
		total += c.random + c.vertices + c.on_surface + c.off_surface;
	}
	printf("  %ld point cases\n", total);
}

/* The other distinct meshes: fewer random points, the trees built and dropped one model at a time. */
static void test_points_other_models(void **state)
{
	(void)state;
	skip_without_models();
	long total = 0;
	int models = 0, seen = 0;
	for (int i = 0; i < cat.count; i++) {
		const model *m = &cat.models[i];
		if (m->tier != TIER_POINTS)
			continue;
		/* each model costs two tree builds, which no count of cases scales */
		if (!collide_sampled_check(seen++, 3))
			continue;
		col_tetratree *tree = tree_of(m->mesh, m->name);
		col_octree *octree = octree_of(m->mesh, m->name);
		rng r = rng_make(rng_env_seed(0x07E500u + (uint64_t)i));
		/* A tenth in make test: 125 640 random points over these models (1.22 10^6 in test-long). */
		int cases = cases_for(1e6 * share(0.1), m->triangles, 300, 20000 * share(0.1));
		point_counts c = check_points(m->name, m->mesh, tree, octree, &r, cases, 1000, 3e5);
		print_points(m->name, m->triangles, c);
		total += c.random + c.vertices + c.on_surface + c.off_surface;
		models++;
		col_tetratree_destroy(tree);
		col_octree_destroy(octree);
	}
	printf("  %ld point cases on %d models\n", total, models);
}

/* ---- balls ---- */

/* A unit vector, uniform on the sphere. */
static col_vec3 rng_direction(rng *r)
{
	for (;;) {
		col_vec3 v = rng_vec3(r, -1.0, 1.0);
		double n = col_vec3_length(v);
		if (n > 0.1 && n <= 1.0)
			return col_vec3_scale(v, 1.0 / n);
	}
}

/* Balls of radius R/1000 to R/4 (R the bounding radius, log-uniform), centred in the grown box or
 * (one in three) at about their radius from a random vertex, so that many just touch or just miss:
 * the solid test against col_mesh_intersects_sphere, the surface test against every triangle, half
 * with a cache; for one hit in eight, the contact against the nearest point by every triangle. */
static void test_spheres(void **state)
{
	(void)state;
	skip_without_models();
	long total = 0;
	for (int k = 0; k < FULL_COUNT; k++) {
		model *m = full_model(k);
		if (m == NULL)
			continue;
		const col_mesh *mesh = m->mesh;
		col_aabb3 box = bounds_of(m);
		double size = size_of(m), bounding = 0.5 * size;
		col_covering3d_cache *cache = NULL;
		col_error error;
		check_ok(col_covering3d_cache_create(col_tetratree_covering(m->tree), &cache, &error),
		         &error);
		rng r = rng_make(rng_env_seed(0xC105ED10u + (uint64_t)k));
		/* Half in make test: 108 449 balls over the models (215 650 in test-long). */
		int cases = cases_for(3e6 * share(0.5), 2.0 * m->triangles + 50, 300, COLLIDE_RANDOM_CASES / 4 * share(0.5));
		int solid = 0, surface = 0, contacts = 0;
		const col_vec3 *vertices = col_mesh_vertices(mesh);
		const int32_t *triangles = col_mesh_triangles(mesh);
		for (int i = 0; i < cases; i++) {
			double radius = bounding * exp(log(1e-3) + rng_unit(&r) * log(250.0));
			col_vec3 c;
			if (i % 3 == 2) {
				col_vec3 v = vertices[triangles[rng_int(&r, 0, 3 * m->triangles - 1)]];
				c = col_vec3_add(
				    v, col_vec3_scale(rng_direction(&r), radius * rng_in(&r, 0.9, 1.1)));
			} else {
				c = rng_in_grown_box(&r, box);
			}
			col_sphere ball = {c, radius};
			col_covering3d_cache *use = i % 2 ? cache : NULL;
			/* The solid oracle is col_mesh_intersects_sphere: the surface test, or else the centre's
			 * crossing count. Written out, so that the triangles are looped over once, not twice;
			 * every 16th ball asks it too. */
			bool surface_want = surface_oracle(&m->every, ball);
			bool want = surface_want || oracle(mesh, c);
			if (i % 16 == 0 && col_mesh_intersects_sphere(mesh, ball, NULL) != want)
				FAIL_CASE(&r, i, "%s: col_mesh_intersects_sphere differs from its definition", m->name);
			bool got = col_tetratree_intersects_sphere(m->tree, ball, use, NULL, NULL);
			bool surface_got = col_tetratree_sphere_meets_surface(m->tree, ball, use, NULL, NULL);
			if (got != want || surface_got != surface_want)
				FAIL_CASE(&r, i,
				          "%s: ball (%.17g, %.17g, %.17g) r %.17g: solid %d (oracle %d), "
				          "surface %d (oracle %d)",
				          m->name, c.x, c.y, c.z, radius, got, want, surface_got,
				          surface_want);
			solid += want;
			surface += surface_want;
			if (got && solid % 8 == 0) {
				col_contact3 contact;
				if (!col_tetratree_sphere_contact(m->tree, ball, &contact, NULL))
					FAIL_CASE(&r, i, "%s: the ball meets the solid but has no contact",
					          m->name);
				col_vec3 nearest;
				double d = nearest_oracle(&m->every, c, &nearest, NULL);
				double depth = oracle(mesh, c) ? radius + d : radius - d;
				if (fabs(col_vec3_distance(contact.point, c) - d) > 1e-12 * (size + d) ||
				    fabs(contact.depth - fmax(0.0, depth)) > 1e-12 * (size + d) ||
				    fabs(col_vec3_length(contact.normal) - 1.0) > 1e-12)
					FAIL_CASE(&r, i,
					          "%s: contact point at %.17g (nearest %.17g), depth %.17g "
					          "(want %.17g)",
					          m->name, col_vec3_distance(contact.point, c), d,
					          contact.depth, depth);
				contacts++;
			}
		}
		col_covering3d_cache_destroy(cache);
		printf(
		    "  %-52s %6d tri: %6d balls, %5.1f%% meet the solid, %5.1f%% the surface, %4d contacts\n",
		    m->name, m->triangles, cases, percent(solid, cases), percent(surface, cases), contacts);
		total += cases;
	}
	printf("  %ld ball cases\n", total);
}

/* ---- nearest points ---- */

/* The nearest surface point and the signed distance against every triangle and the crossing count,
 * from points of the grown box, points up to twice the model's size away, and points near a vertex. */
static void test_nearest(void **state)
{
	(void)state;
	skip_without_models();
	long total = 0;
	for (int k = 0; k < FULL_COUNT; k++) {
		model *m = full_model(k);
		if (m == NULL)
			continue;
		const col_mesh *mesh = m->mesh;
		col_aabb3 box = bounds_of(m);
		double size = size_of(m);
		col_vec3 centre = col_vec3_scale(col_vec3_add(box.min, box.max), 0.5);
		rng r = rng_make(rng_env_seed(0xC105ED20u + (uint64_t)k));
		int cases = cases_for(2e6, 2.0 * m->triangles + 500, 200, COLLIDE_RANDOM_CASES / 8);
		for (int i = 0; i < cases; i++) {
			col_vec3 p;
			if (i % 3 == 0)
				p = col_vec3_add(centre, rng_vec3(&r, -2.0 * size, 2.0 * size));
			else if (i % 3 == 1)
				p = rng_in_grown_box(&r, box);
			else
				p = col_vec3_add(
				    col_mesh_vertices(
				        mesh)[col_mesh_triangles(mesh)[rng_int(&r, 0, 3 * m->triangles - 1)]],
				    rng_vec3(&r, -0.01 * size, 0.01 * size));
			col_vec3 nearest, want_point;
			int triangle = -1;
			double d = col_tetratree_closest_point(m->tree, p, &nearest, &triangle, NULL);
			double want = nearest_oracle(&m->every, p, &want_point, NULL);
			double tolerance = 1e-12 * (size + want);
			if (fabs(d - want) > tolerance || triangle < 0 || triangle >= m->triangles ||
			    fabs(col_vec3_distance(nearest, p) - d) > tolerance)
				FAIL_CASE(&r, i,
				          "%s: (%.17g, %.17g, %.17g): nearest at %.17g (triangle %d), every "
				          "triangle says %.17g",
				          m->name, p.x, p.y, p.z, d, triangle, want);
			col_vec3 again = col_triangle_closest_point(col_mesh_triangle(mesh, triangle), p);
			if (col_vec3_distance(again, nearest) > 1e-12 * size)
				FAIL_CASE(&r, i, "%s: the nearest point is not triangle %d's", m->name,
				          triangle);
			double signed_distance = col_tetratree_signed_distance(m->tree, p, NULL);
			bool inside = oracle(mesh, p);
			if (fabs(fabs(signed_distance) - want) > tolerance ||
			    (want > 0.0 && (signed_distance < 0.0) != inside))
				FAIL_CASE(&r, i,
				          "%s: (%.17g, %.17g, %.17g): signed distance %.17g, distance %.17g, "
				          "inside %d",
				          m->name, p.x, p.y, p.z, signed_distance, want, inside);
		}
		printf("  %-52s %6d tri: %6d points\n", m->name, m->triangles, cases);
		total += cases;
	}
	printf("  %ld nearest-point cases\n", total);
}

/* ---- rays ---- */

/* Rays from the grown box in random directions, unbounded or up to 0.3 of the model's size: the
 * tree's first hit is the first over every triangle, up to rays that graze an edge (decided with a
 * tolerance both ways, as test_tetratree.c does). */
static void test_rays(void **state)
{
	(void)state;
	skip_without_models();
	long total = 0;
	for (int k = 0; k < FULL_COUNT; k++) {
		model *m = full_model(k);
		if (m == NULL)
			continue;
		col_aabb3 box = bounds_of(m);
		double size = size_of(m);
		rng r = rng_make(rng_env_seed(0xC105ED30u + (uint64_t)k));
		/* 0.65 in make test: 107 786 rays over the models (165 478 in test-long). */
		int cases = cases_for(2e6 * share(0.65), m->triangles, 300, COLLIDE_RANDOM_CASES / 8 * share(0.65)), hits = 0;
		for (int i = 0; i < cases; i++) {
			col_vec3 o = rng_in_grown_box(&r, box);
			col_vec3 d = col_vec3_scale(rng_vec3(&r, -1.0, 1.0), i % 2 ? 1.0 : 7.5 * size);
			double max_distance = i % 5 == 0 ? 0.3 * size / col_vec3_length(d) : INFINITY;
			double strict, loose;
			ray_oracle(&m->every, o, d, &strict, &loose);
			col_ray_hit3 hit;
			bool got = col_tetratree_ray_cast(m->tree, o, d, max_distance, &hit, NULL);
			double scale = size / col_vec3_length(d);
			if (strict < INFINITY && strict <= max_distance * (1 - 1e-9) && !got)
				FAIL_CASE(&r, i,
				          "%s: ray (%.17g, %.17g, %.17g) + t (%.17g, %.17g, %.17g) misses, "
				          "but hits every "
				          "triangle's at %.17g",
				          m->name, o.x, o.y, o.z, d.x, d.y, d.z, strict);
			if (got && (hit.distance < loose - 1e-9 * scale || hit.distance > max_distance ||
			            (strict < INFINITY && hit.distance > strict + 1e-9 * scale)))
				FAIL_CASE(&r, i,
				          "%s: the ray hits at %.17g, every triangle says %.17g to %.17g",
				          m->name, hit.distance, loose, strict);
			if (got) {
				hits++;
				col_vec3 expect = col_vec3_add(o, col_vec3_scale(d, hit.distance));
				if (col_vec3_distance(expect, hit.point) >
				    1e-12 * (size + col_vec3_length(o)) +
				        1e-15 * hit.distance * col_vec3_length(d))
					FAIL_CASE(&r, i,
					          "%s: hit point (%.17g %.17g %.17g) at %.17g, o + t d = "
					          "(%.17g %.17g %.17g)",
					          m->name, hit.point.x, hit.point.y, hit.point.z,
					          hit.distance, expect.x, expect.y, expect.z);
				if (fabs(col_vec3_length(hit.normal) - 1.0) > 1e-12 || hit.feature < 0 ||
				    hit.feature >= m->triangles)
					FAIL_CASE(&r, i, "%s: hit normal of length %.17g, triangle %d",
					          m->name, col_vec3_length(hit.normal), hit.feature);
			}
		}
		printf("  %-52s %6d tri: %6d rays, %5.1f%% hit\n", m->name, m->triangles, cases,
		       percent(hits, cases));
		total += cases;
	}
	printf("  %ld ray cases\n", total);
}

/* ---- mesh pairs ---- */

static col_quat random_rotation(rng *r)
{
	double x = rng_in(r, -1, 1), y = rng_in(r, -1, 1), z = rng_in(r, -1, 1), w = rng_in(r, -1, 1);
	double n = sqrt(x * x + y * y + z * z + w * w);
	if (n < 1e-3)
		return (col_quat){0, 0, 0, 1};
	return (col_quat){x / n, y / n, z / n, w / n};
}

/* b's box centre placed at a random offset from a's, up to `spread` of the sum of their half
 * diagonals, b turned at random. */
static col_transform3 random_pose(rng *r, const col_mesh *a, const col_mesh *b, double spread)
{
	col_aabb3 box_a = col_mesh_bounds(a), box_b = col_mesh_bounds(b);
	double reach =
	    0.5 * (col_vec3_distance(box_a.min, box_a.max) + col_vec3_distance(box_b.min, box_b.max));
	col_vec3 center_a = col_vec3_scale(col_vec3_add(box_a.min, box_a.max), 0.5);
	col_vec3 center_b = col_vec3_scale(col_vec3_add(box_b.min, box_b.max), 0.5);
	col_quat rotation = random_rotation(r);
	col_vec3 offset = col_vec3_scale(rng_vec3(r, -1, 1), reach * spread);
	col_vec3 rotated_center = col_transform3_apply((col_transform3){rotation, {0, 0, 0}}, center_b);
	return (col_transform3){rotation, col_vec3_sub(col_vec3_add(center_a, offset), rotated_center)};
}

/* The benchmarks' bumpy sphere (level 2, 320 triangles) scaled to `radius`. */
static col_mesh *bumpy_sphere(double radius)
{
	col_mesh *unit = NULL, *out = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(2, &unit, &error), &error);
	int n = col_mesh_vertex_count(unit);
	col_vec3 *v = malloc((size_t)n * sizeof *v);
	assert_non_null(v);
	for (int i = 0; i < n; i++)
		v[i] = col_vec3_scale(col_mesh_vertices(unit)[i], radius);
	check_ok(col_mesh_create(v, n, col_mesh_triangles(unit), col_mesh_triangle_count(unit), &out, &error),
	         &error);
	free(v);
	col_mesh_destroy(unit);
	return out;
}

/* One vertex of each connected piece of a surface (vertices joined through triangles). */
typedef struct pieces {
	int count;
	int *vertex;
} pieces;

static int find_root(int *parent, int v)
{
	while (parent[v] != v)
		v = parent[v] = parent[parent[v]];
	return v;
}

static pieces pieces_of(const col_mesh *mesh)
{
	int nv = col_mesh_vertex_count(mesh), nt = col_mesh_triangle_count(mesh);
	const int32_t *t = col_mesh_triangles(mesh);
	int *parent = malloc((size_t)nv * sizeof *parent);
	bool *used = calloc((size_t)nv, sizeof *used);
	assert_true(parent != NULL && used != NULL);
	for (int v = 0; v < nv; v++)
		parent[v] = v;
	for (int i = 0; i < 3 * nt; i++) {
		used[t[i]] = true;
		int a = find_root(parent, t[i]), b = find_root(parent, t[i - i % 3]);
		parent[a] = b;
	}
	pieces p = {0, malloc((size_t)nv * sizeof(int))};
	assert_non_null(p.vertex);
	for (int v = 0; v < nv; v++)
		if (used[v] && find_root(parent, v) == v)
			p.vertex[p.count++] = v;
	free(parent);
	free(used);
	return p;
}

/* Whether the solids also meet where no surfaces cross: a piece of a inside b's solid (1) or a
 * piece of b inside a's (2), by one vertex of each piece and the crossing count; 0 for neither. */
static int piece_inside(const col_mesh *a, const pieces *pa, const col_mesh *b, const pieces *pb,
                        col_transform3 pose, int *which)
{
	for (int k = 0; k < pa->count; k++)
		if (oracle(b, col_transform3_apply_inverse(pose, col_mesh_vertices(a)[pa->vertex[k]]))) {
			*which = pa->vertex[k];
			return 1;
		}
	for (int k = 0; k < pb->count; k++)
		if (oracle(a, col_transform3_apply(pose, col_mesh_vertices(b)[pb->vertex[k]]))) {
			*which = pb->vertex[k];
			return 2;
		}
	return 0;
}

/* A model's partners: itself, a bumpy sphere a third of its size (often wholly inside or wholly
 * outside) and one a little bigger than it (often holding it). */
enum { PARTNERS = 3 };
typedef struct partners {
	const char *names[PARTNERS];
	const col_mesh *meshes[PARTNERS];
	const col_tetratree *trees[PARTNERS];
	pieces pieces[PARTNERS], own_pieces; /* of the partners, of the model */
	col_mesh *own[PARTNERS];
	col_tetratree *own_trees[PARTNERS];
} partners;

/* A model's partners, made on its first pair test and kept for the contact test (the bumpy spheres'
 * trees are the costly part); freed at teardown. */
static const partners *partners_of(model *m)
{
	if (m->partners != NULL)
		return m->partners;
	partners *p = calloc(1, sizeof *p);
	assert_non_null(p);
	double bounding = 0.5 * size_of(m);
	p->names[0] = "itself";
	p->meshes[0] = m->mesh;
	p->trees[0] = m->tree;
	const double radii[2] = {0.3 * bounding, 1.2 * bounding};
	p->names[1] = "a small bumpy sphere";
	p->names[2] = "a big bumpy sphere";
	for (int k = 1; k < PARTNERS; k++) {
		p->own[k] = bumpy_sphere(radii[k - 1]);
		p->own_trees[k] = tree_of(p->own[k], p->names[k]);
		p->meshes[k] = p->own[k];
		p->trees[k] = p->own_trees[k];
	}
	for (int k = 0; k < PARTNERS; k++)
		p->pieces[k] = pieces_of(p->meshes[k]);
	p->own_pieces = pieces_of(m->mesh);
	m->partners = p;
	return p;
}

static void partners_destroy(partners *p)
{
	if (p == NULL)
		return;
	for (int k = 0; k < PARTNERS; k++) {
		col_tetratree_destroy(p->own_trees[k]);
		col_mesh_destroy(p->own[k]);
		free(p->pieces[k].vertex);
	}
	free(p->own_pieces.vertex);
	free(p);
}

/* The solids meet, yet col_mesh_intersects_mesh says apart: a piece of one wholly inside the
 * other. Printed (the first three per model) and counted, so that every model still runs; the test
 * fails at its end. */
static void report_piece_miss(rng *r, int i, const char *names, int inside, int vertex, long *misses)
{
	if ((*misses)++ < 3)
		print_error(
		    "seed 0x%016llx, case %d: %s: the solids meet (vertex %d of %s lies inside the other), "
		    "col_mesh_intersects_mesh says apart\n",
		    (unsigned long long)r->seed, i, names, vertex, inside == 1 ? "the model" : "the partner");
}

/* Random poses of each partner around the model: DC-TT and DC-List against the all-pairs oracle,
 * and the oracle against one vertex of every piece of each solid tested inside the other. */
static void test_pairs(void **state)
{
	(void)state;
	skip_without_models();
	static const col_method methods[2] = {COL_METHOD_TETRATREE, COL_METHOD_CONE_LIST};
	long total = 0, all_misses = 0;
	for (int k = 0; k < FULL_COUNT; k++) {
		model *m = full_model(k);
		if (m == NULL)
			continue;
		const partners *p = partners_of(m);
		rng r = rng_make(rng_env_seed(0xC105ED40u + (uint64_t)k));
		int cases[PARTNERS], met[PARTNERS];
		long misses = 0;
		for (int b = 0; b < PARTNERS; b++) {
			char names[320];
			snprintf(names, sizeof names, "%s vs %s", m->name, p->names[b]);
			/* Apart with overlapping boxes, the oracle tests every triangle pair. */
			double cost = (double)m->triangles * col_mesh_triangle_count(p->meshes[b]);
			cases[b] = cost > 1e8 ? 0 : cases_for(b == 0 ? 2e7 : 3e7, cost, 4, 400);
			met[b] = 0;
			for (int i = 0; i < cases[b]; i++) {
				col_transform3 pose = random_pose(&r, m->mesh, p->meshes[b], 0.6);
				bool want = col_mesh_intersects_mesh(m->mesh, p->meshes[b], pose, NULL);
				for (int j = 0; j < 2; j++) {
					bool got = col_tetratree_intersects_tetratree(
					    m->tree, p->trees[b], pose, methods[j], NULL, NULL, NULL);
					if (got != want)
						FAIL_CASE(&r, i,
						          "%s, %s: %d, oracle %d (pose: rotation (%.17g, "
						          "%.17g, %.17g, %.17g), "
						          "translation (%.17g, %.17g, %.17g))",
						          names, col_method_name(methods[j]), got, want,
						          pose.rotation.x, pose.rotation.y, pose.rotation.z,
						          pose.rotation.w, pose.translation.x,
						          pose.translation.y, pose.translation.z);
				}
				int vertex = -1,
				    inside = want ? 0
				                  : piece_inside(m->mesh, &p->own_pieces, p->meshes[b],
				                                 &p->pieces[b], pose, &vertex);
				if (inside)
					report_piece_miss(&r, i, names, inside, vertex, &misses);
				met[b] += want || inside;
			}
			total += cases[b];
		}
		printf("  %-52s %6d tri, %2d pieces: %4d poses with itself (%4.1f%% meet), %4d with a small "
		       "ball (%4.1f%%), "
		       "%4d with a big one (%4.1f%%)",
		       m->name, m->triangles, p->own_pieces.count, cases[0], percent(met[0], cases[0]),
		       cases[1], percent(met[1], cases[1]), cases[2], percent(met[2], cases[2]));
		printf(misses ? ": %ld missed by the oracle and the trees\n" : "\n", misses);
		all_misses += misses;
	}
	printf("  %ld pair cases\n", total);
	if (all_misses > 0)
		fail_msg(
		    "%ld poses where a piece of one solid lies wholly inside the other (no surfaces cross): "
		    "col_mesh_intersects_mesh and col_tetratree_intersects_tetratree say apart",
		    all_misses);
}

/* ---- contacts ---- */

/* The tree's contacts against the brute force's (as test_tetratree_pair.c compares them): the same
 * count and crossings, the crossings bit for bit, the same inner vertices at the same depth, each
 * normal pointing at its nearest triangle; contacts exist exactly when the solids meet. */
static void compare_contacts(rng *r, int i, const char *names, const col_mesh *ma, const col_mesh *mb,
                             const col_tetratree *ta, const col_tetratree *tb, const pieces *pa,
                             const pieces *pb, col_transform3 pose, long *counted, long *misses)
{
	enum { CAPACITY = 4096 };
	static col_mesh_contact want[CAPACITY], got[CAPACITY];
	col_mesh_contact_summary want_summary, got_summary;
	col_error error;
	check_ok(col_mesh_contacts(ma, mb, pose, want, CAPACITY, &want_summary, NULL, &error), &error);
	check_ok(col_tetratree_contacts(ta, tb, pose, got, CAPACITY, &got_summary, NULL, NULL, &error),
	         &error);
	if (want_summary.count != got_summary.count || want_summary.crossings != got_summary.crossings)
		FAIL_CASE(r, i, "%s: %d contacts (%d crossings), oracle %d (%d)", names, got_summary.count,
		          got_summary.crossings, want_summary.count, want_summary.crossings);
	bool meet = col_mesh_intersects_mesh(ma, mb, pose, NULL);
	int vertex = -1, inside = meet ? 0 : piece_inside(ma, pa, mb, pb, pose, &vertex);
	if ((want_summary.count > 0) != (meet || inside))
		FAIL_CASE(r, i, "%s: contacts exist %d, the solids meet %d", names, want_summary.count > 0,
		          meet || inside);
	if (inside)
		report_piece_miss(r, i, names, inside, vertex, misses);
	int n = want_summary.count < CAPACITY ? want_summary.count : CAPACITY;
	for (int k = 0; k < n; k++) {
		const col_mesh_contact *w = &want[k], *g = &got[k];
		if (w->kind != g->kind || w->vertex != g->vertex)
			FAIL_CASE(r, i, "%s: contact %d is kind %d vertex %d, oracle %d %d", names, k,
			          g->kind, g->vertex, w->kind, w->vertex);
		if (w->kind == COL_CONTACT_CROSSING) {
			if (memcmp(w, g, sizeof *w) != 0)
				FAIL_CASE(r, i, "%s: crossing %d differs (triangles %d %d)", names, k,
				          w->triangle_a, w->triangle_b);
			continue;
		}
		double scale = 1.0 + col_vec3_length(w->point);
		if (fabs(w->depth - g->depth) > 1e-12 * scale ||
		    col_vec3_distance(w->point, g->point) > 1e-12 * scale)
			FAIL_CASE(r, i, "%s: vertex %d depth %.17g, oracle %.17g", names, w->vertex, g->depth,
			          w->depth);
		double sign = w->kind == COL_CONTACT_VERTEX_OF_B ? 1.0 : -1.0;
		col_vec3 at = col_vec3_add(g->point, col_vec3_scale(g->normal, sign * g->depth));
		const col_mesh *outer = w->kind == COL_CONTACT_VERTEX_OF_B ? ma : mb;
		int triangle = w->kind == COL_CONTACT_VERTEX_OF_B ? g->triangle_a : g->triangle_b;
		col_triangle t = col_mesh_triangle(outer, triangle);
		if (w->kind == COL_CONTACT_VERTEX_OF_A)
			t = (col_triangle){col_transform3_apply(pose, t.a), col_transform3_apply(pose, t.b),
			                   col_transform3_apply(pose, t.c)};
		if (g->depth > 0 && col_vec3_distance(at, col_triangle_closest_point(t, at)) > 1e-9 * scale)
			FAIL_CASE(r, i, "%s: vertex %d's normal misses its nearest triangle", names,
			          w->vertex);
	}
	for (int k = 0; k < n; k++)
		if (got[k].depth > got_summary.deepest.depth)
			FAIL_CASE(r, i, "%s: contact %d is deeper than the deepest", names, k);
	*counted += want_summary.count;
}

/* A few random poses of each partner, closer than the pair test's (most overlap): the tree's
 * contacts against the brute force's. The brute force tests every triangle pair, so the poses are
 * fewer for big models, and none past 6 * 10^6 pairs (the bigger models with themselves). */
static void test_contacts(void **state)
{
	(void)state;
	skip_without_models();
	long total = 0, contacts = 0, all_misses = 0;
	for (int k = 0; k < FULL_COUNT; k++) {
		model *m = full_model(k);
		if (m == NULL)
			continue;
		const partners *p = partners_of(m);
		rng r = rng_make(rng_env_seed(0xC105ED50u + (uint64_t)k));
		int cases[PARTNERS];
		long misses = 0;
		for (int b = 0; b < PARTNERS; b++) {
			double cost = (double)m->triangles * col_mesh_triangle_count(p->meshes[b]);
			cases[b] = cost > 6e6 ? 0 : cases_for(3e6, cost, 1, 6);
			char names[320];
			snprintf(names, sizeof names, "%s vs %s", m->name, p->names[b]);
			for (int i = 0; i < cases[b]; i++) {
				col_transform3 pose = random_pose(&r, m->mesh, p->meshes[b], 0.4);
				compare_contacts(&r, i, names, m->mesh, p->meshes[b], m->tree, p->trees[b],
				                 &p->own_pieces, &p->pieces[b], pose, &contacts, &misses);
			}
			total += cases[b];
		}
		printf("  %-52s %6d tri: %2d poses with itself, %2d with a small ball, %2d with a big one",
		       m->name, m->triangles, cases[0], cases[1], cases[2]);
		printf(misses ? ": %ld missed by col_mesh_intersects_mesh\n" : "\n", misses);
		all_misses += misses;
	}
	printf("  %ld contact cases, %ld contacts\n", total, contacts);
	if (all_misses > 0)
		fail_msg("%ld poses where a piece of one solid lies wholly inside the other: "
		         "col_mesh_contacts finds the "
		         "contacts, col_mesh_intersects_mesh says apart",
		         all_misses);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_catalogue),
	    cmocka_unit_test(test_points),
	    cmocka_unit_test(test_points_other_models),
	    cmocka_unit_test(test_spheres),
	    cmocka_unit_test(test_nearest),
	    cmocka_unit_test(test_rays),
	    cmocka_unit_test(test_pairs),
	    cmocka_unit_test(test_contacts),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
