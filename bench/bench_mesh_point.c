/* The point-in-polyhedron benchmark: "is this point inside the solid a closed triangle mesh bounds?"
 * Our structures (collide.tetratree, collide.octree) and our brute force (collide.crossing) beside
 * the peers CMake found (CGAL's Side_of_triangle_mesh, exact; Embree's ray parity, float), on the
 * bumpy sphere of docs/benchmarks.md (star-shaped) and on four solids that are not star-shaped
 * (bench/mesh_classes.h: a bumpy torus, two interlocked tori, a thin folded plate, nested shells),
 * each at the bumpy sphere's sizes L3, L5, L6, L7, L8 (about 1.3k to 1.3M triangles).
 *
 * Usage: bench_mesh_point [--csv PATH] [--quick] [--queries N] [--case NAME]...
 *   --csv PATH   where the results go (default bench/results/mesh_point.csv)
 *   --quick      a hundredth of the queries: a smoke test of the harness, not a measurement
 *   --queries N  the first N points of the query set instead of all 10^6 (also a smoke test)
 *   --case NAME  only these cases: a mesh ("torus_L5"; any level 2..8), a class ("plate": its five
 *                sizes) or a size ("L3": every class at it); may be repeated
 *
 * Queries: the 10^6 uniform points of docs/benchmarks.md (stream Q3), mapped to each mesh's vertex
 * bounding box. Every method gets all of them, except collide.crossing, which visits every triangle
 * per query: it runs only on meshes of at most CROSSING_MAX_TRIANGLES triangles and gets the first
 * CROSSING_TRIANGLE_VISITS / n points; and a method that turns out slower than one run of about
 * MAX_RUN_SECONDS for all the points (pilot runs say) gets the prefix such a run covers. The queries
 * column says how many each got.
 *
 * Every answer is checked point by point. The reference is the answer of the first exact method of
 * the table that answered every point (the tetra-tree, or the next one if it could not build);
 * where any exact method disagrees with it, collide's crossing count (col_mesh_contains_point,
 * COL_METHOD_CROSSING, the engine's oracle) decides the point. A point on the surface counts as
 * inside. The exact methods (ours and CGAL's) must all agree: a disagreement makes the run fail
 * (exit status 2). Embree rounds the mesh and the points to float: its disagreements are counted
 * and reported (with how many of them lie within NEAR_DISTANCE of the surface), not called failures.
 *
 * Reported per method: build time (CPU ms, best of builds, from the raw vertex and index arrays to a
 * structure that answers: collide's col_mesh_create and build, CGAL's Surface_mesh and AABB tree,
 * Embree's buffers and BVH), memory of the built structure (ours: what col_tetratree_get_stats and
 * col_octree_get_info say the structure holds, its own copy of the mesh included; Embree: its memory
 * monitor; CGAL: the change of glibc's mallinfo2() in-use bytes across one build, Surface_mesh
 * included, in a child process without malloc's thread cache), bytes per triangle, ns per query
 * (CPU time, best of runs over TIMING_ROUNDS rounds, each round every method in turn). At the end,
 * per mesh, collide's best method against Embree (the goal: at least 2x faster at every size and
 * kind, reported, not asserted) and against CGAL. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define BENCH_PROGRAM "bench_mesh_point"
#include "bench_common.h"
#include "cases.h"
#include "collide/mesh.h"
#include "collide/tetratree.h"
#include "mesh_classes.h"
#include "peers/mesh_peers.h"
#ifdef COLLIDE_BENCH_HAVE_OCTREE
#include "collide/octree.h"
#endif

#define MAX_QUERIES 1000000
/* collide.crossing (every triangle, every query) runs on meshes up to this size, on the first
 * CROSSING_TRIANGLE_VISITS / n points. */
#define CROSSING_MAX_TRIANGLES   25000
#define CROSSING_TRIANGLE_VISITS 2e7
/* A method that would take more than twice MAX_RUN_SECONDS for its points (measured on a few first)
 * gets the prefix that one run of about MAX_RUN_SECONDS covers. */
#define MAX_RUN_SECONDS 4.0
#define PILOT_QUERIES   200
/* As in bench_point_location: this class of machine (a 2-core VM) drifts between speeds for
 * seconds at a time, so every method of a mesh is timed in TIMING_ROUNDS rounds, each round all
 * methods in turn, and keeps its best. A method whose run takes longer than ROUND_MAX_SECONDS is
 * timed in the first round only. */
#define TIMING_ROUNDS     5
#define ROUND_MAX_SECONDS 1.0
/* Disputed points the crossing count decides (each costs a pass over the mesh). */
#define ADJUDICATE_MAX 20000
/* Embree's disagreements whose distance to the surface is measured (each a pass over the mesh), and
 * the distance under which one is put down to float rounding of the point. */
#define NEAR_CHECK_MAX 200
#define NEAR_DISTANCE  1e-6
/* Disagreements between exact methods printed point by point. */
#define SHOW_DISPUTES 5

/* ---- memory ---- */

/* Bytes in use by malloc (the heap and the big blocks it maps); -1 where glibc's mallinfo2 is
 * missing. C++'s operator new takes its memory from malloc, so this measures the peers too. */
static long long heap_in_use(void)
{
#ifdef __GLIBC__
	struct mallinfo2 info = mallinfo2();
	return (long long)(info.uordblks + info.hblkhd);
#else
	return -1;
#endif
}

/* ---- the case: a mesh of a class and size, as arrays and as a validated collide mesh ---- */

typedef struct case_data {
	char name[32];
	bench_mesh_class mesh_class;
	int level;
	bench_mesh arrays;
	col_vec3 *vertices; /* arrays.vertices as col_vec3, for col_mesh_create */
	col_mesh *mesh;     /* validated: closed, manifold, oriented outward, as many pieces as the class */
	double box[6];
} case_data;

static const char *case_kind(const case_data *c)
{
	return bench_mesh_class_is_star(c->mesh_class) ? "star" : "non-star";
}

/* ---- the methods: ours and the peers' behind one table ---- */

typedef struct method {
	const char *name;    /* "collide.tetratree" */
	const char *library; /* "collide", "cgal", "embree" */
	const char *missing; /* NULL when built; else the note ("skipped: not found") */
	bool exact;          /* must agree with every other exact method */
	bool linear;         /* visits every triangle per query: small meshes, a prefix of the points */
	const bench_mesh_peer *peer; /* NULL for ours */
	/* ours */
	void *(*build)(const case_data *c, char *error, size_t error_size);
	void (*destroy)(void *structure);
	void (*contains)(const void *structure, const col_vec3 *points, size_t count, bool *inside);
	long long (*memory)(const void *structure);                         /* bytes it holds */
	void (*describe)(const void *structure, char *note, size_t size); /* NULL: nothing to say */
} method;

/* A collide mesh of the case's arrays (each of our builds starts from the raw arrays, as the
 * peers' do). NULL and the message when collide refuses it. */
static col_mesh *mesh_from_arrays(const case_data *c, char *error, size_t error_size)
{
	col_mesh *mesh = NULL;
	col_error err;
	if (col_mesh_create(c->vertices, c->arrays.vertex_count, c->arrays.triangles, c->arrays.triangle_count, &mesh,
	                    &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		return NULL;
	}
	return mesh;
}

/* collide.tetratree: col_tetratree_build with default options, col_tetratree_contains_points. */
static void *build_tetratree(const case_data *c, char *error, size_t error_size)
{
	col_mesh *mesh = mesh_from_arrays(c, error, error_size);
	col_tetratree *tree = NULL;
	col_error err;
	if (mesh == NULL)
		return NULL;
	if (col_tetratree_build(mesh, NULL, &tree, &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		tree = NULL;
	}
	col_mesh_destroy(mesh); /* the tree keeps its own copy */
	return tree;
}

static void destroy_tetratree(void *structure)
{
	col_tetratree_destroy((col_tetratree *)structure);
}

static void contains_tetratree(const void *structure, const col_vec3 *points, size_t count, bool *inside)
{
	col_tetratree_contains_points((const col_tetratree *)structure, points, count, inside, NULL);
}

static long long memory_tetratree(const void *structure)
{
	return (long long)col_tetratree_get_stats((const col_tetratree *)structure).memory_bytes;
}

static void describe_tetratree(const void *structure, char *note, size_t size)
{
	col_tetratree_stats s = col_tetratree_get_stats((const col_tetratree *)structure);
	snprintf(note, size,
	         "%d levels; %d leaves; %zu tetrahedra in leaves (%zu duplicates); at most %d a leaf; built in %.1f ms "
	         "by its own (wall) clock",
	         s.levels, s.leaves, s.tetrahedra_stored, s.duplicates, s.max_leaf_tetrahedra, 1e3 * s.build_seconds);
}

#ifdef COLLIDE_BENCH_HAVE_OCTREE
/* collide.octree: col_octree_build with default options, col_octree_contains_points. */
static void *build_octree(const case_data *c, char *error, size_t error_size)
{
	col_mesh *mesh = mesh_from_arrays(c, error, error_size);
	col_octree *tree = NULL;
	col_error err;
	if (mesh == NULL)
		return NULL;
	if (col_octree_build(mesh, NULL, &tree, &err) != COL_OK) {
		snprintf(error, error_size, "%s", err.message);
		tree = NULL;
	}
	col_mesh_destroy(mesh); /* the tree keeps what it needs */
	return tree;
}

static void destroy_octree(void *structure)
{
	col_octree_destroy((col_octree *)structure);
}

static void contains_octree(const void *structure, const col_vec3 *points, size_t count, bool *inside)
{
	col_octree_contains_points((const col_octree *)structure, points, count, inside, NULL);
}

static long long memory_octree(const void *structure)
{
	return (long long)col_octree_get_info((const col_octree *)structure).memory_bytes;
}

static void describe_octree(const void *structure, char *note, size_t size)
{
	col_octree_info s = col_octree_get_info((const col_octree *)structure);
	snprintf(note, size, "depth %d; %d leaves; %zu triangle references; at most %d a leaf", s.depth, s.leaves,
	         s.triangle_references, s.max_leaf_triangles);
}
#endif

/* collide.crossing: col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING), the engine's oracle. */
static void *build_crossing(const case_data *c, char *error, size_t error_size)
{
	return mesh_from_arrays(c, error, error_size);
}

static void destroy_crossing(void *structure)
{
	col_mesh_destroy((col_mesh *)structure);
}

static void contains_crossing(const void *structure, const col_vec3 *points, size_t count, bool *inside)
{
	col_mesh_contains_points((const col_mesh *)structure, points, count, COL_METHOD_CROSSING, inside, NULL);
}

static long long memory_crossing(const void *structure)
{
	return (long long)col_mesh_memory_bytes((const col_mesh *)structure);
}

/* One entry per method: ours first, then the peers. */
#define OURS(NAME, LINEAR, PREFIX, DESCRIBE)                                                                 \
	{                                                                                                    \
		NAME, "collide", NULL, true, LINEAR, NULL, build_##PREFIX, destroy_##PREFIX, contains_##PREFIX, \
		    memory_##PREFIX, DESCRIBE                                                                \
	}
#define OURS_MISSING(NAME, WHY)                                                                              \
	{                                                                                                    \
		NAME, "collide", WHY, true, false, NULL, NULL, NULL, NULL, NULL, NULL                        \
	}
/* A peer's exactness is copied from its entry by main (C wants constants here). */
#define PEER(NAME, LIBRARY, SYMBOL)                                                                          \
	{                                                                                                    \
		NAME, LIBRARY, NULL, false, false, &SYMBOL, NULL, NULL, NULL, NULL, NULL                     \
	}
#define PEER_MISSING(NAME, LIBRARY)                                                                          \
	{                                                                                                    \
		NAME, LIBRARY, "skipped: not found", false, false, NULL, NULL, NULL, NULL, NULL, NULL        \
	}

static method methods[] = {
    OURS("collide.tetratree", false, tetratree, describe_tetratree),
#ifdef COLLIDE_BENCH_HAVE_OCTREE
    OURS("collide.octree", false, octree, describe_octree),
#else
    OURS_MISSING("collide.octree", "skipped: not built (engine/src/octree.c)"),
#endif
    OURS("collide.crossing", true, crossing, NULL),
#ifdef COLLIDE_BENCH_HAVE_CGAL
    PEER("cgal.side_of_triangle_mesh", "cgal", bench_mesh_peer_cgal_side),
#else
    PEER_MISSING("cgal.side_of_triangle_mesh", "cgal"),
#endif
#ifdef COLLIDE_BENCH_HAVE_EMBREE
    PEER("embree.ray_parity", "embree", bench_mesh_peer_embree_parity),
#else
    PEER_MISSING("embree.ray_parity", "embree"),
#endif
};
#define METHOD_COUNT (int)(sizeof methods / sizeof methods[0])
#define EMBREE_METHOD "embree.ray_parity"
#define CGAL_METHOD   "cgal.side_of_triangle_mesh"

/* ---- results: one CSV row per mesh x method ---- */

typedef struct row {
	char mesh[32];
	const char *kind;       /* "star", "non-star" */
	const char *mesh_class; /* "bumpy", "torus", ... */
	int level, triangles, vertices, components;
	size_t queries;
	const char *method;
	const char *library;
	double ns_per_query; /* NAN when not measured */
	double build_ms;
	long long memory_bytes; /* -1 when not measured */
	double bytes_per_triangle;
	long long inside;
	long long disagreements;              /* with the reference; -1 when nothing compared */
	long long near_surface, near_checked; /* of the disagreements measured, those near the surface */
	double embree_over_this;              /* Embree's ns / this method's (ours only) */
	char note[256];
} row;

static row *rows;
static int row_count, row_capacity;

static row *add_row(const case_data *c, const method *m)
{
	row *r;
	rows = (row *)bench_reserve(rows, row_count, &row_capacity, sizeof *rows, 64);
	r = &rows[row_count++];
	memset(r, 0, sizeof *r);
	snprintf(r->mesh, sizeof r->mesh, "%s", c->name);
	r->kind = case_kind(c);
	r->mesh_class = bench_mesh_class_name(c->mesh_class);
	r->level = c->level;
	r->triangles = c->arrays.triangle_count;
	r->vertices = c->arrays.vertex_count;
	r->components = bench_mesh_class_components(c->mesh_class);
	r->method = m->name;
	r->library = m->library;
	r->ns_per_query = r->build_ms = r->bytes_per_triangle = r->embree_over_this = NAN;
	r->memory_bytes = r->inside = r->disagreements = r->near_surface = -1;
	r->near_checked = 0;
	return r;
}

static const row *find_row(const char *mesh, const char *method_name)
{
	int i;
	for (i = 0; i < row_count; i++)
		if (strcmp(rows[i].mesh, mesh) == 0 && strcmp(rows[i].method, method_name) == 0)
			return &rows[i];
	return NULL;
}

/* ---- one measured method ---- */

typedef struct built {
	void *ours;             /* our structure, or */
	bench_mesh_index *peer; /* the peer's */
	bool ok;
	char error[COL_ERROR_MESSAGE_SIZE];
} built;

static void build_once(const method *m, const case_data *c, built *b)
{
	memset(b, 0, sizeof *b);
	if (m->peer != NULL) {
		b->peer = m->peer->build(c->arrays.vertices, c->arrays.vertex_count, c->arrays.triangles,
		                         c->arrays.triangle_count);
		b->ok = b->peer != NULL;
		if (!b->ok)
			snprintf(b->error, sizeof b->error, "the library refused the mesh or ran out of memory");
	} else {
		b->ours = m->build(c, b->error, sizeof b->error);
		b->ok = b->ours != NULL;
	}
}

static void destroy_built(const method *m, built *b)
{
	if (m->peer != NULL && b->peer != NULL)
		m->peer->destroy(b->peer);
	else if (m->peer == NULL && b->ours != NULL)
		m->destroy(b->ours);
	b->peer = NULL;
	b->ours = NULL;
}

/* The in-use bytes a peer's build adds, measured in a child process: this program again, run as
 * `bench_mesh_point --memory-of CASE METHOD` with malloc's per-thread cache of small free chunks
 * turned off (GLIBC_TUNABLES=glibc.malloc.tcache_count=0), as bench_point_location does (see there
 * why). The child builds the method's structure of a small mesh once first, so that what a library
 * sets up once per process is not counted. Returns -1 when the child cannot run. */
static long long memory_in_child(const char *case_name, const char *method_name)
{
#ifdef __GLIBC__
	int fd[2], status;
	pid_t child;
	char text[64] = "";
	ssize_t got, length = 0;
	if (pipe(fd) != 0)
		return -1;
	fflush(stdout);
	child = fork();
	if (child < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (child == 0) {
		char *args[5];
		args[0] = (char *)BENCH_PROGRAM;
		args[1] = (char *)"--memory-of";
		args[2] = (char *)case_name;
		args[3] = (char *)method_name;
		args[4] = NULL;
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
		execv("/proc/self/exe", args);
		_exit(127);
	}
	close(fd[1]);
	while (length < (ssize_t)sizeof text - 1 &&
	       (got = read(fd[0], text + length, sizeof text - 1 - (size_t)length)) > 0)
		length += got;
	text[length] = '\0';
	close(fd[0]);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return -1;
	return strtoll(text, NULL, 10);
#else
	(void)case_name;
	(void)method_name;
	return -1;
#endif
}

/* Build time (CPU ms, best of builds until they took BENCH_MIN_SECONDS, at least one) and memory
 * (see the head of the file). The last build is kept in *b for the queries. */
static void measure_build(const method *m, const case_data *c, built *b, double *ms, long long *bytes)
{
	double best = INFINITY, total = 0.0;
	long long before = heap_in_use(), after = -1;
	int runs = 0;
	for (;;) {
		double start = bench_cpu_seconds(), elapsed;
		build_once(m, c, b);
		elapsed = bench_cpu_seconds() - start;
		if (runs == 0)
			after = heap_in_use();
		if (elapsed < best)
			best = elapsed;
		total += elapsed;
		runs++;
		if (!b->ok || total >= BENCH_MIN_SECONDS || runs >= BENCH_MAX_RUNS)
			break;
		destroy_built(m, b);
	}
	if (!b->ok) {
		*ms = NAN;
		*bytes = -1;
		return;
	}
	*ms = 1e3 * best;
	if (m->peer == NULL)
		*bytes = m->memory(b->ours);
	else if (m->peer->memory_bytes != NULL)
		*bytes = m->peer->memory_bytes(b->peer);
	else {
		*bytes = memory_in_child(c->name, m->name);
		if (*bytes < 0 && before >= 0)
			*bytes = after - before; /* in this process, malloc's cache and all */
	}
}

/* One batch of queries: ours into bool_out, a peer's into byte_out. */
static void run_queries(const method *m, const built *b, const col_vec3 *points, const double *xyz, size_t count,
                        bool *bool_out, unsigned char *byte_out)
{
	if (m->peer == NULL)
		m->contains(b->ours, points, count, bool_out);
	else
		m->peer->contains(b->peer, xyz, count, byte_out);
}

/* How many of count queries one run of about MAX_RUN_SECONDS covers, from pilot runs on the first
 * PILOT_QUERIES and 2 PILOT_QUERIES points (their difference leaves out cold caches); all of them
 * when that would take less than twice that long. */
static size_t affordable_queries(const method *m, const built *b, const col_vec3 *points, const double *xyz,
                                 size_t count, bool *bool_out, unsigned char *byte_out)
{
	size_t pilot = count < 2 * PILOT_QUERIES ? count / 2 : PILOT_QUERIES;
	double seconds[2], per_query;
	int run;
	if (pilot == 0)
		return count;
	for (run = 0; run < 2; run++) {
		double start = bench_cpu_seconds();
		run_queries(m, b, points, xyz, (size_t)(run + 1) * pilot, bool_out, byte_out);
		seconds[run] = bench_cpu_seconds() - start;
	}
	per_query = (seconds[1] - seconds[0]) / (double)pilot;
	if (per_query <= 0.0)
		per_query = seconds[1] / (double)(2 * pilot);
	if (per_query * (double)count <= 2.0 * MAX_RUN_SECONDS)
		return count;
	return (size_t)fmax((double)(2 * pilot), MAX_RUN_SECONDS / per_query);
}

typedef struct query_batch {
	const method *m;
	const built *b;
	const col_vec3 *points;
	const double *xyz;
	size_t count;
	bool *bool_out;
	unsigned char *byte_out;
} query_batch;

static void run_batch(void *context)
{
	const query_batch *q = (const query_batch *)context;
	run_queries(q->m, q->b, q->points, q->xyz, q->count, q->bool_out, q->byte_out);
}

/* Runs the queries until BENCH_MIN_SECONDS of CPU time (at least once); the best run's seconds. The
 * answers of the last run are left in bool_out (ours) or byte_out (peers). */
static double time_queries(const method *m, const built *b, const col_vec3 *points, const double *xyz, size_t count,
                           bool *bool_out, unsigned char *byte_out)
{
	query_batch batch = {m, b, points, xyz, count, bool_out, byte_out};
	return bench_best_seconds(run_batch, &batch);
}

/* ---- distance to the surface (for Embree's disagreements) ---- */

static double dot3(const double a[3], const double b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Squared distance from p to triangle abc (the closest point by its Voronoi regions, Ericson 5.1.5). */
static double triangle_distance2(const double p[3], const double a[3], const double b[3], const double c[3])
{
	double ab[3], ac[3], ap[3], bp[3], cp[3], q[3], d1, d2, d3, d4, d5, d6, va, vb, vc, v, w, denom;
	int k;
	for (k = 0; k < 3; k++) {
		ab[k] = b[k] - a[k];
		ac[k] = c[k] - a[k];
		ap[k] = p[k] - a[k];
		bp[k] = p[k] - b[k];
		cp[k] = p[k] - c[k];
	}
	d1 = dot3(ab, ap);
	d2 = dot3(ac, ap);
	d3 = dot3(ab, bp);
	d4 = dot3(ac, bp);
	d5 = dot3(ab, cp);
	d6 = dot3(ac, cp);
	vc = d1 * d4 - d3 * d2;
	vb = d5 * d2 - d1 * d6;
	va = d3 * d6 - d5 * d4;
	if (d1 <= 0.0 && d2 <= 0.0) {
		v = w = 0.0;
	} else if (d3 >= 0.0 && d4 <= d3) {
		v = 1.0, w = 0.0;
	} else if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
		v = d1 / (d1 - d3), w = 0.0;
	} else if (d6 >= 0.0 && d5 <= d6) {
		v = 0.0, w = 1.0;
	} else if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
		v = 0.0, w = d2 / (d2 - d6);
	} else if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
		w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
		v = 1.0 - w;
	} else {
		denom = 1.0 / (va + vb + vc);
		v = vb * denom;
		w = vc * denom;
	}
	for (k = 0; k < 3; k++)
		q[k] = a[k] + v * ab[k] + w * ac[k] - p[k];
	return dot3(q, q);
}

static double surface_distance(const bench_mesh *mesh, const double p[3])
{
	double best = INFINITY;
	int t;
	for (t = 0; t < mesh->triangle_count; t++) {
		const int32_t *f = mesh->triangles + 3 * t;
		double d = triangle_distance2(p, mesh->vertices + 3 * f[0], mesh->vertices + 3 * f[1],
		                              mesh->vertices + 3 * f[2]);
		if (d < best)
			best = d;
	}
	return sqrt(best);
}

/* ---- output ---- */

static void format_bytes(char *out, size_t size, long long bytes)
{
	if (bytes < 0)
		snprintf(out, size, "-");
	else if (bytes >= 10 * 1024 * 1024)
		snprintf(out, size, "%.0f MiB", (double)bytes / 1048576.0);
	else if (bytes >= 10 * 1024)
		snprintf(out, size, "%.0f KiB", (double)bytes / 1024.0);
	else
		snprintf(out, size, "%lld B", bytes);
}

static void print_row(const row *r)
{
	char ns[32], build[32], memory[32], per_triangle[32], agree[160];
	if (isnan(r->ns_per_query)) {
		printf("  %-27s %8s  %s\n", r->method, "-", r->note);
		return;
	}
	bench_format_value(ns, sizeof ns, r->ns_per_query, "%.1f");
	bench_format_value(build, sizeof build, r->build_ms, "%.2f");
	format_bytes(memory, sizeof memory, r->memory_bytes);
	bench_format_value(per_triangle, sizeof per_triangle, r->bytes_per_triangle, "%.0f");
	if (r->disagreements < 0)
		snprintf(agree, sizeof agree, "-");
	else if (r->disagreements == 0)
		snprintf(agree, sizeof agree, "yes");
	else if (r->near_checked > 0)
		snprintf(agree, sizeof agree, "%s: %lld differ (%lld of %lld checked within %g of the surface)",
		         strcmp(r->library, "embree") == 0 ? "float" : "NO", r->disagreements, r->near_surface,
		         r->near_checked, NEAR_DISTANCE);
	else
		snprintf(agree, sizeof agree, "NO: %lld differ", r->disagreements);
	printf("  %-27s %8zu %10s %10s %9s %6s %8lld  %s\n", r->method, r->queries, ns, build, memory, per_triangle,
	       r->inside, agree);
	if (r->note[0] != '\0')
		printf("  %-27s %8s  %s\n", "", "", r->note);
	fflush(stdout);
}

/* The columns of the results file, as write_csv_row writes them (the first six as every results
 * file of collide: the mesh, its size, the query set, queries, method, library). */
static const char csv_header[] =
    "mesh,triangles,query_set,queries,method,library,ns_per_query,build_ms,memory_bytes,bytes_per_triangle,"
    "inside_count,disagreements,near_surface,embree_over_this,kind,class,level,vertices,components,note";

static void write_csv_row(FILE *f, int i)
{
	const row *r = &rows[i];
	bench_write_csv_start(f, r->mesh, r->triangles, "unif", r->queries, r->method, r->library);
	bench_write_csv_number(f, r->ns_per_query, "%.2f");
	bench_write_csv_number(f, r->build_ms, "%.4f");
	bench_write_csv_integer(f, r->memory_bytes);
	bench_write_csv_number(f, r->bytes_per_triangle, "%.1f");
	bench_write_csv_integer(f, r->inside);
	bench_write_csv_integer(f, r->disagreements);
	bench_write_csv_integer(f, r->near_checked > 0 ? r->near_surface : -1);
	bench_write_csv_number(f, r->embree_over_this, "%.3f");
	fprintf(f, "%s,%s,%d,%d,%d,%s\n", r->kind, r->mesh_class, r->level, r->vertices, r->components, r->note);
}

/* ---- the cases ---- */

/* Makes the mesh of this name ("torus_L5"): generated, copied into a collide mesh and validated.
 * false (and says why) for an unknown name, no memory, or a mesh that is not closed, manifold,
 * oriented outward and of the class's number of pieces: a bug in mesh_classes.h. */
static bool make_case(const char *name, case_data *c)
{
	char class_name[16], rest[8];
	col_mesh_report report;
	col_error error;
	int level, k, expected;
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	if (sscanf(name, "%15[a-z]_L%d%1s", class_name, &level, rest) != 2) {
		fprintf(stderr, BENCH_PROGRAM ": no mesh %s (names are CLASS_Ln: bumpy_L3, torus_L5, ...)\n", name);
		return false;
	}
	for (k = 0; k < BENCH_MESH_CLASS_COUNT; k++)
		if (strcmp(class_name, bench_mesh_class_name((bench_mesh_class)k)) == 0)
			break;
	if (k == BENCH_MESH_CLASS_COUNT || level < 2 || level > 8) {
		fprintf(stderr, BENCH_PROGRAM ": no mesh %s (classes bumpy, torus, tori, plate, shells; levels 2..8)\n",
		        name);
		return false;
	}
	c->mesh_class = (bench_mesh_class)k;
	c->level = level;
	if (bench_mesh_class_make(c->mesh_class, level, &c->arrays) != 0) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory for mesh %s\n", name);
		return false;
	}
	c->vertices = (col_vec3 *)bench_checked_malloc((size_t)c->arrays.vertex_count * sizeof *c->vertices);
	for (k = 0; k < c->arrays.vertex_count; k++) {
		c->vertices[k].x = c->arrays.vertices[3 * k];
		c->vertices[k].y = c->arrays.vertices[3 * k + 1];
		c->vertices[k].z = c->arrays.vertices[3 * k + 2];
	}
	bench_bbox3(c->arrays.vertices, (size_t)c->arrays.vertex_count, c->box);
	if (col_mesh_create(c->vertices, c->arrays.vertex_count, c->arrays.triangles, c->arrays.triangle_count,
	                    &c->mesh, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": collide refused mesh %s: %s\n", name, error.message);
		return false;
	}
	if (col_mesh_validate(c->mesh, &report, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": mesh %s: validation failed: %s\n", name, error.message);
		return false;
	}
	expected = bench_mesh_class_components(c->mesh_class);
	if (!report.closed || !report.edge_manifold || !report.consistently_oriented || !report.outward ||
	    report.degenerate_triangle_count != 0 || report.component_count != expected) {
		char text[1024];
		col_mesh_report_format(&report, text, sizeof text);
		fprintf(stderr,
		        BENCH_PROGRAM ": mesh %s is not a closed, oriented, outward mesh of %d piece%s (a bug in "
		                      "bench/mesh_classes.h): %d pieces, %d degenerate triangles; %s\n",
		        name, expected, expected == 1 ? "" : "s", report.component_count,
		        report.degenerate_triangle_count, text);
		return false;
	}
	return true;
}

static void free_case(case_data *c)
{
	col_mesh_destroy(c->mesh);
	free(c->vertices);
	bench_mesh_free(&c->arrays);
	memset(c, 0, sizeof *c);
}

/* The benchmark's meshes, class after class, size after size; with selections, those that match one
 * (its name, its class or its size "Ln"; a name of a level outside the list is taken as it is). */
static int list_cases(char names[][32], int capacity, const char *const *selected, int selected_count)
{
	static const int levels[] = {3, 5, 6, 7, 8};
	int count = 0, k, l, s;
	bool *used = (bool *)calloc((size_t)selected_count + 1, sizeof(bool));
	for (k = 0; k < BENCH_MESH_CLASS_COUNT; k++)
		for (l = 0; l < (int)(sizeof levels / sizeof levels[0]); l++) {
			char name[32], size[8];
			bool take = selected_count == 0;
			snprintf(name, sizeof name, "%s_L%d", bench_mesh_class_name((bench_mesh_class)k), levels[l]);
			snprintf(size, sizeof size, "L%d", levels[l]);
			for (s = 0; s < selected_count; s++)
				if (strcmp(selected[s], name) == 0 ||
				    strcmp(selected[s], bench_mesh_class_name((bench_mesh_class)k)) == 0 ||
				    strcmp(selected[s], size) == 0) {
					take = true;
					used[s] = true;
				}
			if (take && count < capacity)
				snprintf(names[count++], 32, "%s", name);
		}
	for (s = 0; s < selected_count; s++)
		if (!used[s] && count < capacity)
			snprintf(names[count++], 32, "%s", selected[s]); /* make_case says if it is no mesh */
	free(used);
	return count;
}

/* ---- one mesh ---- */

/* Measures every method on one mesh; returns the number of disagreements between exact methods. */
static long long bench_case(case_data *c, const double *unit, size_t query_count)
{
	built structures[METHOD_COUNT];
	int shown[METHOD_COUNT]; /* the method's row (index: rows[] grows), or -1 */
	bool timed[METHOD_COUNT];
	unsigned char *answers[METHOD_COUNT];
	double build_ms[METHOD_COUNT];
	long long memory[METHOD_COUNT];
	long long problems = 0;
	int n = c->arrays.triangle_count, i, round, reference_method = -1;
	double *xyz = (double *)bench_checked_malloc(3 * query_count * sizeof *xyz);
	col_vec3 *points = (col_vec3 *)bench_checked_malloc(query_count * sizeof *points);
	unsigned char *reference = (unsigned char *)bench_checked_malloc(query_count);
	unsigned char *byte_out = (unsigned char *)bench_checked_malloc(query_count);
	bool *bool_out = (bool *)bench_checked_malloc(query_count * sizeof *bool_out);
	size_t k, reference_count = 0, disputed = 0, settled = 0;

	printf("\n%s (%s): %d triangles, %d vertices, %d piece%s, bbox [%.4f, %.4f] x [%.4f, %.4f] x [%.4f, %.4f]\n",
	       c->name, case_kind(c), n, c->arrays.vertex_count, bench_mesh_class_components(c->mesh_class),
	       bench_mesh_class_components(c->mesh_class) == 1 ? "" : "s", c->box[0], c->box[3], c->box[1], c->box[4],
	       c->box[2], c->box[5]);
	bench_map3(unit, query_count, c->box, xyz);
	for (k = 0; k < query_count; k++) {
		points[k].x = xyz[3 * k];
		points[k].y = xyz[3 * k + 1];
		points[k].z = xyz[3 * k + 2];
	}

	for (i = 0; i < METHOD_COUNT; i++) {
		memset(&structures[i], 0, sizeof structures[i]);
		answers[i] = NULL;
		build_ms[i] = NAN;
		memory[i] = -1;
		if (methods[i].missing != NULL || (methods[i].linear && n > CROSSING_MAX_TRIANGLES))
			continue;
		measure_build(&methods[i], c, &structures[i], &build_ms[i], &memory[i]);
		if (!structures[i].ok)
			printf("  %s could not build it: %s\n", methods[i].name, structures[i].error);
	}

	/* The first round: every method, its answers kept. */
	for (i = 0; i < METHOD_COUNT; i++) {
		const method *m = &methods[i];
		row *r = add_row(c, m);
		size_t count = query_count, inside = 0;
		shown[i] = (int)(r - rows);
		timed[i] = false;
		if (m->missing != NULL) {
			snprintf(r->note, sizeof r->note, "%s", m->missing);
			continue;
		}
		if (m->linear && n > CROSSING_MAX_TRIANGLES) {
			snprintf(r->note, sizeof r->note,
			         "skipped: visits every triangle per query; run on meshes of at most %d triangles",
			         CROSSING_MAX_TRIANGLES);
			continue;
		}
		if (!structures[i].ok) {
			snprintf(r->note, sizeof r->note, "build failed: %s", structures[i].error);
			/* the message may hold commas: the CSV note must not */
			for (char *p = r->note; *p != '\0'; p++)
				if (*p == ',')
					*p = ';';
			continue;
		}
		if (m->linear) {
			double q = CROSSING_TRIANGLE_VISITS / (double)n * (double)query_count / (double)MAX_QUERIES;
			count = q < 1.0 ? 1 : q < (double)query_count ? (size_t)q : query_count;
		}
		count = affordable_queries(m, &structures[i], points, xyz, count, bool_out, byte_out);
		r->queries = count;
		r->build_ms = build_ms[i];
		r->memory_bytes = memory[i];
		if (memory[i] >= 0)
			r->bytes_per_triangle = (double)memory[i] / (double)n;
		r->ns_per_query =
		    1e9 * time_queries(m, &structures[i], points, xyz, count, bool_out, byte_out) / (double)count;
		answers[i] = (unsigned char *)bench_checked_malloc(count);
		for (k = 0; k < count; k++) {
			answers[i][k] = m->peer == NULL ? (unsigned char)bool_out[k] : (unsigned char)(byte_out[k] != 0);
			inside += answers[i][k];
		}
		r->inside = (long long)inside;
		if (m->linear && count < query_count)
			snprintf(r->note, sizeof r->note, "the first %zu points only (O(n) a query)", count);
		else if (count < query_count)
			snprintf(r->note, sizeof r->note, "the first %zu points only (one run of about %g s)", count,
			         MAX_RUN_SECONDS);
		if (m->describe != NULL) {
			size_t used = strlen(r->note);
			m->describe(structures[i].ours, r->note + used + (used ? 2 : 0),
			            sizeof r->note - used - (used ? 2 : 0));
			if (used)
				memcpy(r->note + used, "; ", 2);
		}
		timed[i] = true;
	}

	/* The reference: the first exact method that answered every point (else the one that answered
	 * the most); where an exact method disagrees with it, the crossing count decides. */
	for (i = 0; i < METHOD_COUNT; i++) {
		const row *r = &rows[shown[i]];
		if (!timed[i] || !methods[i].exact)
			continue;
		if (reference_method < 0 || r->queries > reference_count) {
			reference_method = i;
			reference_count = r->queries;
		}
		if (reference_count == query_count)
			break;
	}
	if (reference_method >= 0) {
		int shown_disputes = 0;
		memcpy(reference, answers[reference_method], reference_count);
		for (k = 0; k < reference_count; k++) {
			bool dispute = false;
			for (i = 0; i < METHOD_COUNT; i++)
				if (timed[i] && i != reference_method && methods[i].exact &&
				    k < rows[shown[i]].queries && answers[i][k] != reference[k])
					dispute = true;
			if (!dispute)
				continue;
			disputed++;
			if (settled < ADJUDICATE_MAX) {
				bool oracle = col_mesh_contains_point(c->mesh, points[k], COL_METHOD_CROSSING, NULL);
				settled++;
				if (shown_disputes++ < SHOW_DISPUTES) {
					printf("  exact methods disagree at point %zu (%.17g, %.17g, %.17g): crossing count "
					       "says %s;",
					       k, points[k].x, points[k].y, points[k].z, oracle ? "in" : "out");
					for (i = 0; i < METHOD_COUNT; i++)
						if (timed[i] && k < rows[shown[i]].queries)
							printf(" %s %s", methods[i].name, answers[i][k] ? "in" : "out");
					printf("\n");
				}
				reference[k] = (unsigned char)oracle;
			}
		}
		if (disputed > 0)
			printf("  %zu point%s disputed between exact methods; the crossing count decided %zu\n", disputed,
			       disputed == 1 ? "" : "s", settled);
	}
	for (i = 0; i < METHOD_COUNT; i++) {
		row *r = &rows[shown[i]];
		size_t limit;
		bool exact = methods[i].exact;
		if (!timed[i] || reference_method < 0)
			continue;
		limit = r->queries < reference_count ? r->queries : reference_count;
		r->disagreements = 0;
		r->near_surface = 0;
		for (k = 0; k < limit; k++) {
			if (answers[i][k] == reference[k])
				continue;
			r->disagreements++;
			if (!exact && r->near_checked < NEAR_CHECK_MAX) {
				double d = surface_distance(&c->arrays, xyz + 3 * k);
				r->near_checked++;
				if (d <= NEAR_DISTANCE)
					r->near_surface++;
				if (r->near_checked <= SHOW_DISPUTES)
					printf("  %s differs at point %zu (%.17g, %.17g, %.17g): the exact answer is %s; "
					       "%.3g from the surface\n",
					       methods[i].name, k, points[k].x, points[k].y, points[k].z,
					       reference[k] ? "in" : "out", d);
			}
		}
		if (exact)
			problems += r->disagreements;
		if (limit < r->queries) {
			size_t used = strlen(r->note);
			snprintf(r->note + used, sizeof r->note - used, "%scompared on the first %zu points",
			         used ? "; " : "", limit);
		}
	}

	/* The later rounds: every method again, in turn; each keeps its best. */
	for (round = 1; round < TIMING_ROUNDS; round++)
		for (i = 0; i < METHOD_COUNT; i++) {
			row *r = &rows[shown[i]];
			double ns;
			if (!timed[i] || r->ns_per_query * (double)r->queries > ROUND_MAX_SECONDS * 1e9)
				continue;
			ns = 1e9 * time_queries(&methods[i], &structures[i], points, xyz, r->queries, bool_out, byte_out) /
			     (double)r->queries;
			if (ns < r->ns_per_query)
				r->ns_per_query = ns;
		}

	printf("  %-27s %8s %10s %10s %9s %6s %8s  %s\n", "method", "queries", "ns/query", "build ms", "memory",
	       "B/tri", "inside", "agrees with the exact answer");
	for (i = 0; i < METHOD_COUNT; i++)
		print_row(&rows[shown[i]]);

	for (i = 0; i < METHOD_COUNT; i++) {
		destroy_built(&methods[i], &structures[i]);
		free(answers[i]);
	}
	free(xyz);
	free(points);
	free(reference);
	free(byte_out);
	free(bool_out);
	return problems;
}

/* ---- the summary: collide's best against Embree and CGAL ---- */

/* The fastest collide method of a mesh that answered every point (the crossing count, on a prefix,
 * is left out), or NULL. */
static const row *best_ours(const char *mesh, size_t query_count)
{
	const row *best = NULL;
	int i;
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->mesh, mesh) != 0 || strcmp(r->library, "collide") != 0 || isnan(r->ns_per_query) ||
		    r->queries < query_count)
			continue;
		if (best == NULL || r->ns_per_query < best->ns_per_query)
			best = r;
	}
	return best;
}

static void print_summary(size_t query_count)
{
	int i, goals = 0, met = 0;
	for (i = 0; i < row_count; i++) {
		row *r = &rows[i];
		const row *embree = find_row(r->mesh, EMBREE_METHOD);
		if (strcmp(r->library, "collide") == 0 && !isnan(r->ns_per_query) && embree != NULL &&
		    !isnan(embree->ns_per_query))
			r->embree_over_this = embree->ns_per_query / r->ns_per_query;
	}
	printf("\nns per query, and the peers' ns / collide's best (> 1: collide is faster)\n");
	printf("  %-10s %-8s %9s", "mesh", "kind", "triangles");
	for (i = 0; i < METHOD_COUNT; i++)
		printf(" %11.11s", strchr(methods[i].name, '.') + 1);
	printf("  %-18s %7s %7s\n", "collide's best", "embree", "cgal");
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i], *best, *embree, *cgal;
		char a[32], b[32];
		int m;
		if (strcmp(r->method, methods[0].name) != 0)
			continue; /* one line per mesh */
		printf("  %-10s %-8s %9d", r->mesh, r->kind, r->triangles);
		for (m = 0; m < METHOD_COUNT; m++) {
			const row *x = find_row(r->mesh, methods[m].name);
			char text[32];
			bench_format_value(text, sizeof text, x ? x->ns_per_query : NAN, "%.0f");
			printf(" %11s", text);
		}
		best = best_ours(r->mesh, query_count);
		embree = find_row(r->mesh, EMBREE_METHOD);
		cgal = find_row(r->mesh, CGAL_METHOD);
		bench_format_value(a, sizeof a, best && embree ? embree->ns_per_query / best->ns_per_query : NAN, "%.2f");
		bench_format_value(b, sizeof b, best && cgal ? cgal->ns_per_query / best->ns_per_query : NAN, "%.2f");
		printf("  %-18s %7s %7s\n", best ? best->method + strlen("collide.") : "-", a, b);
	}

	printf("\ngoal: collide's best method at least 2x faster than Embree's ray parity at every size and kind\n");
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i], *best, *embree;
		if (strcmp(r->method, methods[0].name) != 0)
			continue;
		best = best_ours(r->mesh, query_count);
		embree = find_row(r->mesh, EMBREE_METHOD);
		goals++;
		if (best == NULL || embree == NULL || isnan(embree->ns_per_query)) {
			printf("  %-10s %-8s %9d  collide best method vs Embree: NOT MEASURED (%s)\n", r->mesh, r->kind,
			       r->triangles, best == NULL ? "no collide method answered every point" : "no Embree");
			continue;
		}
		{
			double ratio = embree->ns_per_query / best->ns_per_query;
			bool ok = ratio >= 2.0;
			met += ok;
			printf("  %-10s %-8s %9d  collide best method vs Embree: %.2fx (%s %.1f ns, Embree %.1f ns)  %s\n",
			       r->mesh, r->kind, r->triangles, ratio, best->method, best->ns_per_query, embree->ns_per_query,
			       ok ? "MET" : "NOT MET");
		}
	}
	printf("  %d of %d goals met\n", met, goals);
}

/* The child of memory_in_child: builds the method's structure of a small mesh once (to leave out
 * what a library sets up once per process), then prints the in-use bytes its structure of the case
 * adds. */
static int memory_of(const char *case_name, const char *method_name)
{
	const method *m = NULL;
	case_data c, warm;
	built b;
	long long before;
	int i;
	for (i = 0; i < METHOD_COUNT; i++)
		if (strcmp(methods[i].name, method_name) == 0)
			m = &methods[i];
	if (m == NULL || m->missing != NULL || !make_case(case_name, &c))
		return 1;
	if (make_case("bumpy_L2", &warm)) {
		build_once(m, &warm, &b);
		destroy_built(m, &b);
	}
	free_case(&warm);
	before = heap_in_use();
	build_once(m, &c, &b);
	if (!b.ok || before < 0)
		return 1;
	printf("%lld\n", heap_in_use() - before);
	return 0;
}

/* ---- main ---- */

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/mesh_point.csv";
	const char *selected[64];
	char names[64][32];
	size_t query_count = MAX_QUERIES;
	char machine[512];
	double *unit;
	long long problems = 0;
	int failed_cases = 0;
	double start = bench_now_seconds();
	int i, j, selected_count = 0, case_count;

	for (i = 0; i < METHOD_COUNT; i++)
		if (methods[i].peer != NULL)
			methods[i].exact = methods[i].peer->exact != 0;
	if (argc == 4 && strcmp(argv[1], "--memory-of") == 0)
		return memory_of(argv[2], argv[3]);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
			csv_path = argv[++i];
		} else if (strcmp(argv[i], "--quick") == 0) {
			query_count = MAX_QUERIES / 100;
		} else if (strcmp(argv[i], "--queries") == 0 && i + 1 < argc) {
			char *end;
			long long q = strtoll(argv[++i], &end, 10);
			if (*end != '\0' || q < 1 || q > MAX_QUERIES) {
				fprintf(stderr, BENCH_PROGRAM ": --queries takes 1 .. %d\n", MAX_QUERIES);
				return 2;
			}
			query_count = (size_t)q;
		} else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc &&
		           selected_count < (int)(sizeof selected / sizeof selected[0])) {
			selected[selected_count++] = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--csv PATH] [--quick] [--queries N] [--case NAME]...\n", argv[0]);
			return 2;
		}
	}
	case_count = list_cases(names, (int)(sizeof names / sizeof names[0]), selected, selected_count);

	bench_describe_machine(machine, sizeof machine);
	printf("collide point-in-polyhedron benchmark: star-shaped and non-star-shaped closed meshes\n");
	printf("machine: %s%s\n", machine,
	       query_count < MAX_QUERIES ? " [fewer queries (--quick or --queries): not a measurement]" : "");
	for (i = 0; i < METHOD_COUNT; i++) {
		const method *m = &methods[i];
		printf("method %-27s %s\n", m->name,
		       m->missing ? m->missing
		       : m->peer  ? m->peer->version()
		                  : "collide (this build)");
	}
	printf("queries: the first %zu of the 3D uniform set of docs/benchmarks.md, mapped to each mesh's vertex "
	       "bbox; collide.crossing runs on meshes of at most %d triangles, on the first %g / n of them\n",
	       query_count, CROSSING_MAX_TRIANGLES, CROSSING_TRIANGLE_VISITS);
	printf("times: CPU ns per query, best of runs over %d rounds, and CPU ms per build from the raw arrays, "
	       "best of builds; memory: ours by their own statistics, Embree by its memory monitor, CGAL by "
	       "mallinfo2() in-use bytes added by one build (in a child process without malloc's thread cache)\n",
	       TIMING_ROUNDS);

	unit = bench_queries3_uniform(query_count);
	if (unit == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory for the query set\n");
		return 1;
	}
	for (j = 0; j < case_count; j++) {
		case_data c;
		if (!make_case(names[j], &c)) {
			free_case(&c);
			failed_cases++;
			continue;
		}
		problems += bench_case(&c, unit, query_count);
		free_case(&c);
	}
	free(unit);

	print_summary(query_count);
	if (bench_write_csv(csv_path, csv_header, row_count, write_csv_row) != 0)
		return 1;
	if (problems == 0)
		printf("\nall exact answers agree");
	else
		printf("\n%lld DISAGREEMENTS between exact methods: see the rows marked NO", problems);
	if (failed_cases > 0)
		printf("; %d mesh%s could not be made (see above)", failed_cases, failed_cases == 1 ? "" : "es");
	printf("; results in %s (%.0f s)\n", csv_path, bench_now_seconds() - start);
	free(rows);
	if (problems > 0)
		return 2; /* a wrong answer fails the run */
	return failed_cases > 0 ? 1 : 0;
}
