/* Source 000's 3D timing study (5.8: Figs. 5.41-5.57, Tables 5.2-5.6), reproduced: the tetra-tree
 * against the octree (build time and memory at equal subdivision counts, with and without fitting);
 * point queries along the study's circular and contour trajectories by DC, DC-TT, Inc-TT and the
 * octree's crossing count; sphere queries at four radii; polyhedron pairs by DC-TT and DC-List at
 * size ratios 1:1 to 1:32. The study ranks methods (it reports plots and ranking tables, no
 * numbers); this program prints the same rankings with our figures, and one line per check
 * 22-25 (source 000's 3D checks, docs/sources.md) saying whether the source's ordering holds here.
 *
 * Usage: bench_tetratree_study [--csv PATH] [--quick] [--case NAME]...
 *   --csv PATH   where the results go (default bench/results/tetratree_study3d.csv)
 *   --quick      a hundredth of the frames and a tenth of each time budget: a smoke test of the
 *                harness, not a measurement
 *   --case NAME  only these models (complex1, complex2, cat, horse, golf) and/or these parts (build,
 *                point, sphere, pair, ratio); may be repeated. Pairs run when both models are chosen.
 *
 * Models. The source's are not available; each is replaced by a generated closed triangle mesh of
 * about its size (the table at the top of the output says which has how many vertices and faces):
 *   complex1  Complex Polyhedron I (32 vertices, 18 polygon faces, holed faces): a bumpy torus of
 *             8 x 4 segments (32 vertices, 64 triangles); its centroid lies in the hole
 *   complex2  Complex Polyhedron II (44 vertices, 29 faces): a bumpy UV sphere of 7 slices x 7
 *             stacks (44 vertices, 84 triangles)
 *   cat       Gato (382 vertices, 760 faces): a bumpy UV sphere of 20 x 20 (382, 760)
 *   horse     Caballo (3,582 vertices, 7,172 faces): a bumpy torus of 95 x 38 (3,610, 7,220)
 *   golf      Golf (23,363 vertices, 46,205 faces): a bumpy UV sphere of 150 x 155 (23,102, 46,200)
 * The bumps follow docs/benchmarks.md (the radius times 1 + 0.15 sin 5x sin 5y sin 5z; the
 * torus's along its tube's normal, as bench/mesh_classes.h). Every model is moved to its solid's
 * centroid and scaled to a bounding radius of 1 about it; each is validated (closed, oriented).
 * The source's complex polyhedra have polygon faces (fanned into more tetrahedra than faces), which
 * these stand-ins do not.
 *
 * Trajectories (source 000, 5.3), deterministic (fixed seeds, splitmix64 of bench/cases.h), the same
 * curves with --quick (fewer frames; tuned on a quarter of the positions, so the levels differ a little):
 *   circular  a circle about the centroid in a random plane, each position jittered by up to 0.002
 *             per coordinate. Its radius is tuned against the exact answers of the query in
 *             question on CALIBRATION_POINTS positions (CALIBRATION_PAIRS poses for pairs): scanned
 *             inward from twice the reach in SCAN_STEPS steps to the first radius where more than 4%
 *             collide, then bisected (BISECTION_STEPS; PAIR_BISECTION_STEPS for pairs) against the step
 * before. So under 5% of the frames collide and the path comes as close to the model as that allows (from
 * outside). contour   a walk over the surface: from the vertex farthest out in a random direction, along the
 *             mesh edges, each step to the neighbour best aligned with the current heading
 *             (projected onto the tangent plane and turned a little at random: the "small random
 *             deviation"), until the walk is 2 pi long (a great circle of the bounding sphere). A
 *             frame is a point of that polyline, pushed out along the interpolated vertex normal
 *             (area-weighted) by an offset, then jittered as above; frames are spaced evenly by arc
 *             length. For points the offset is the smallest of 0.01 * 2^k with no frame inside (the
 *             source: "never collides, almost always inside some enclosing tetrahedron"); for a
 *             sphere of radius r it is that offset + r; for a pair it is doubled from 1/8 of the
 *             moving body's radius to the first offset where at most 7.5% of the poses collide, then
 *             bisected (the source: 5-10% on the contour, under 5% on the circle). On the torus
 *             stand-ins the inner wall's normals point across the hole, so large offsets cross it.
 * 10^5 frames a path (--quick: 10^3); polyhedron pairs fewer where a pilot (both methods, 200 frames
 * spread over the path) says 10^5 would take longer than PAIR_CELL_SECONDS, at least PAIR_MIN_FRAMES
 * (the frames column says how many; the path is the same curve, sampled more sparsely).
 *
 * Methods:
 *   point   dc       col_covering3d_contains over the whole covering, with a cache (the source's DC:
 *                    temporal coherence, no tree)
 *           inc      the same without a cache (Alg. 5.1 over every tetrahedron)
 *           dc-tt    col_tetratree_contains with a cache (Alg. 5.2, the source's DC-TT)
 *           inc-tt   the same without a cache (the source's Inc-TT)
 *           inc-oct  col_octree_contains (crossing count in an octree cell, the source's Inc-Oct)
 *           dc-tt.s512, inc-tt.s512, inc-oct.s512: the same at 512 subdivisions (tetra-tree level 4,
 *                    octree level 3, both stopping at 3 tetrahedra / faces), Fig. 5.50's setting
 *   sphere  dc-tt    col_tetratree_intersects_sphere with a cache (Alg. 5.4), radii 1/1024, 1/64,
 *                    1/16 and 1/4 of the bounding radius; brute (col_mesh_intersects_sphere) on the
 *                    models of at most BRUTE_SPHERE_MAX_TRIANGLES triangles
 *   pair    dc-tt    col_tetratree_intersects_tetratree, COL_METHOD_TETRATREE (Alg. 5.10), a cache
 *           dc-list  the same with COL_METHOD_CONE_LIST (Alg. 5.11), a cache of its own
 *           The moving body's centre follows the path and it turns once about a random axis over
 *           the path; at 1:k its tree is built from the model scaled by 1/k.
 * Trees for queries: the source's settings, 8 fitting iterations, minimum 3 tetrahedra a cone, the
 * depth from the triangle count (col_tetratree_default_options, leaf_cones 0). Octree: its defaults.
 *   build   tetra-tree levels 1, 4, 7 against octree levels 1, 3, 5 (8, 512, 32,768 cells): (a) full
 *           depth (min_tetrahedra 0: every cone that holds a tetrahedron is split, an empty one is
 *           not; the octree's full_depth splits every cell), no fitting; (b) stopping at 5
 *           tetrahedra / faces, no fitting; (c) as (b) with 8 fitting iterations; (d) the horse
 *           stand-in at full depth, levels 1-7, by fitting iterations 0, 1, 2, 4, 8. CPU ms, best of
 *           BUILD_RUNS builds; memory from col_tetratree_get_stats / col_octree_get_info.
 *
 * The CSV (one row per model x query set x method) starts with bench_common.h's columns (case,
 * vertices, query_set, queries = frames answered, method, library), then ns_per_query, build_ms,
 * memory_bytes, leaves, hit_rate, disagreements, table (build, point, sphere, pair, ratio),
 * triangles, path, x (the table's variable: cells, radius or ratio denominator, fit iterations),
 * frames (of the path), parameter (how the frames were run; the moving model of a pair).
 *
 * Timing: process CPU time. A method with a cache runs the frames in order (coherence needs it),
 * repeated while the runs total less than MIN_SECONDS (at most MAX_RUNS), best run kept; a run that
 * passes CELL_SECONDS stops there (a prefix: the answered column says how many frames). A method
 * without a cache answers each frame independently of the others, so a slow one runs every s-th
 * frame (a stride s from a pilot, to fit CELL_SECONDS): its ns per frame is that of the whole path.
 *
 * Checks (after the clock): every point method's answer against inc-tt at every frame it answered,
 * and inc-tt against the crossing count (col_mesh_contains_point) at a stride that keeps that
 * oracle within ORACLE_VISITS triangle tests; the sphere answers against the uncached query at every
 * frame and against col_mesh_intersects_sphere at such a stride; the pair answers DC-TT against
 * DC-List at every frame and against col_mesh_intersects_mesh at such a stride. Disagreements are
 * counted in the disagreements column; any makes the run fail (exit status 1). */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BENCH_PROGRAM "bench_tetratree_study"
#include "bench_common.h"
#include "cases.h"
#include "collide/covering3d.h"
#include "collide/mesh.h"
#include "collide/octree.h"
#include "collide/predicates.h"
#include "collide/tetratree.h"
#include "mesh_classes.h"

#define FRAMES                     100000 /* a path's frames (--quick: a hundredth) */
#define CELL_SECONDS               0.5 /* a method's run stops here (a prefix, or a stride without a cache) */
#define MIN_SECONDS                0.2 /* runs repeat while they total less (best kept) */
#define MAX_RUNS                   10
#define PAIR_CELL_SECONDS          2.0  /* a pair cell's two methods together, from the pilot */
#define PAIR_PILOT_SECONDS         0.15 /* a pair pilot's time for each method */
#define PAIR_MIN_FRAMES            200
#define CALIBRATION_POINTS         1000  /* positions a point or sphere path is tuned on */
#define CALIBRATION_PAIRS          120   /* poses a pair path is tuned on */
#define SCAN_STEPS                 40    /* a circle's radius: scanned inward from twice the reach ... */
#define BISECTION_STEPS            12    /* ... then bisected */
#define PAIR_BISECTION_STEPS       8     /* (pairs: each pose may cost milliseconds) */
#define CIRCULAR_TARGET            0.04  /* hit fraction the circle is tuned to (< 5% on the full path) */
#define CONTOUR_PAIR_TARGET        0.075 /* the contour's for pairs (5-10%) */
#define JITTER                     0.002 /* per coordinate, the bounding radius being 1 */
#define ORACLE_VISITS              2e7 /* brute-force triangle tests (pairs: triangle pairs) a check may spend */
#define BRUTE_SPHERE_MAX_TRIANGLES 1000
#define BUILD_RUNS                 3

static bool quick;

/* Positions (poses) a path is tuned on: a quarter with --quick, whose levels are then a little off
 * the full run's. */
static int calibration_points(void)
{
	return quick ? CALIBRATION_POINTS / 4 : CALIBRATION_POINTS;
}

static int calibration_pairs(void)
{
	return quick ? CALIBRATION_PAIRS / 4 : CALIBRATION_PAIRS;
}

/* What a check may spend on the brute force (a tenth with --quick). */
static double oracle_visits(void)
{
	return quick ? ORACLE_VISITS / 10 : ORACLE_VISITS;
}

static unsigned long total_disagreements;

/* ---- models ---- */

typedef enum standin_kind { STANDIN_TORUS, STANDIN_SPHERE } standin_kind;

typedef struct model_spec {
	const char *name;        /* the --case name */
	const char *source_name; /* the source's model */
	int source_vertices, source_faces;
	standin_kind kind;
	int segments_a, segments_b; /* torus: around the axis, around the tube; sphere: slices, stacks */
} model_spec;

#define MODEL_COUNT 5
static const model_spec model_specs[MODEL_COUNT] = {
    {"complex1", "Complex Polyhedron I", 32, 18, STANDIN_TORUS, 8, 4},
    {"complex2", "Complex Polyhedron II", 44, 29, STANDIN_SPHERE, 7, 7},
    {"cat", "Gato (cat)", 382, 760, STANDIN_SPHERE, 20, 20},
    {"horse", "Caballo (horse)", 3582, 7172, STANDIN_TORUS, 95, 38},
    {"golf", "Golf", 23363, 46205, STANDIN_SPHERE, 150, 155},
};

typedef struct model {
	const model_spec *spec;
	col_mesh *mesh; /* centred at its solid's centroid, bounding radius 1 */
	int vertices, triangles;
	char standin[64];
	/* built on first use */
	col_tetratree *tree;
	col_covering3d *covering;
	col_octree *octree;
	col_tetratree *tree512; /* at the source's Fig. 5.50 setting: 512 subdivisions */
	col_octree *octree512;
} model;

static model models[MODEL_COUNT];

/* The mesh (vertices as col_vec3) moved to the centroid of its solid and scaled by scale / its
 * farthest vertex's distance from it. NULL (and a message) when the mesh is refused. */
static col_mesh *normalised_mesh(const col_vec3 *v, int nv, const int32_t *t, int nt, double scale)
{
	col_mesh *raw = NULL, *mesh = NULL;
	col_error error;
	if (col_mesh_create(v, nv, t, nt, &raw, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": a model was refused: %s\n", error.message);
		return NULL;
	}
	col_vec3 c = col_mesh_centroid(raw);
	double far = 0.0;
	for (int i = 0; i < nv; i++)
		far = fmax(far, col_vec3_length(col_vec3_sub(v[i], c)));
	col_vec3 *moved = bench_checked_malloc((size_t)nv * sizeof *moved);
	for (int i = 0; i < nv; i++)
		moved[i] = col_vec3_scale(col_vec3_sub(v[i], c), scale / far);
	if (col_mesh_create(moved, nv, t, nt, &mesh, &error) != COL_OK)
		fprintf(stderr, BENCH_PROGRAM ": a model was refused: %s\n", error.message);
	free(moved);
	col_mesh_destroy(raw);
	return mesh;
}

static bool make_model(int index)
{
	static const double zero[3] = {0.0, 0.0, 0.0};
	const model_spec *s = &model_specs[index];
	model *m = &models[index];
	m->spec = s;
	col_vec3 *v = NULL;
	int32_t *t = NULL;
	int nv = 0, nt = 0;
	if (s->kind == STANDIN_TORUS) {
		bench_mesh arrays;
		if (bench_mesh_alloc(&arrays, s->segments_a * s->segments_b,
		                     2 * s->segments_a * s->segments_b) != 0)
			return false;
		bench_bumpy_torus_into(&arrays, 0, 0, 1.0, 0.4, s->segments_a, s->segments_b, 0, zero);
		nv = arrays.vertex_count;
		nt = arrays.triangle_count;
		v = bench_checked_malloc((size_t)nv * sizeof *v);
		t = bench_checked_malloc(3 * (size_t)nt * sizeof *t);
		for (int i = 0; i < nv; i++)
			v[i] = (col_vec3){arrays.vertices[3 * i], arrays.vertices[3 * i + 1],
			                  arrays.vertices[3 * i + 2]};
		memcpy(t, arrays.triangles, 3 * (size_t)nt * sizeof *t);
		bench_mesh_free(&arrays);
		snprintf(m->standin, sizeof m->standin, "bumpy torus %dx%d", s->segments_a, s->segments_b);
	} else {
		col_mesh *sphere = NULL;
		if (col_mesh_create_uv_sphere(1.0, s->segments_a, s->segments_b, &sphere, NULL) != COL_OK)
			return false;
		nv = col_mesh_vertex_count(sphere);
		nt = col_mesh_triangle_count(sphere);
		v = bench_checked_malloc((size_t)nv * sizeof *v);
		t = bench_checked_malloc(3 * (size_t)nt * sizeof *t);
		memcpy(v, col_mesh_vertices(sphere), (size_t)nv * sizeof *v);
		memcpy(t, col_mesh_triangles(sphere), 3 * (size_t)nt * sizeof *t);
		col_mesh_destroy(sphere);
		for (int i = 0; i < nv; i++) { /* bench_bump's rule */
			double r = 1.0 + 0.15 * sin(5.0 * v[i].x) * sin(5.0 * v[i].y) * sin(5.0 * v[i].z);
			v[i] = col_vec3_scale(v[i], r);
		}
		snprintf(m->standin, sizeof m->standin, "bumpy UV sphere %dx%d", s->segments_a,
		         s->segments_b);
	}
	m->mesh = normalised_mesh(v, nv, t, nt, 1.0);
	free(v);
	free(t);
	if (m->mesh == NULL)
		return false;
	col_mesh_report report;
	col_mesh_validate(m->mesh, &report, NULL);
	if (!report.closed || !report.consistently_oriented || !report.outward || !report.edge_manifold) {
		char text[512];
		col_mesh_report_format(&report, text, sizeof text);
		fprintf(stderr, BENCH_PROGRAM ": model %s is not a closed outward mesh: %s\n", s->name, text);
		return false;
	}
	m->vertices = col_mesh_vertex_count(m->mesh);
	m->triangles = col_mesh_triangle_count(m->mesh);
	return true;
}

/* The tree the queries use: the source's settings (8 fitting iterations, min 3 tetrahedra); depth 0
 * derives it from the triangle count. */
static col_tetratree *query_tree_at(const col_mesh *mesh, int depth)
{
	col_tetratree_options options = col_tetratree_default_options();
	options.max_depth = depth;
	options.min_tetrahedra = 3;
	options.fit_iterations = 8;
	col_tetratree *tree = NULL;
	col_error error;
	if (col_tetratree_build(mesh, &options, &tree, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": tetratree_build: %s\n", error.message);
		exit(1);
	}
	return tree;
}

static col_tetratree *query_tree(const col_mesh *mesh)
{
	return query_tree_at(mesh, 0);
}

static void model_structures(model *m)
{
	col_error error;
	if (m->tree == NULL)
		m->tree = query_tree(m->mesh);
	if (m->covering == NULL && col_covering3d_build(m->mesh, NULL, &m->covering, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": covering3d_build: %s\n", error.message);
		exit(1);
	}
	if (m->octree == NULL && col_octree_build(m->mesh, NULL, &m->octree, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": octree_build: %s\n", error.message);
		exit(1);
	}
	/* 512 subdivisions: tetra-tree level 4, octree level 3, both stopping at 3 (tetrahedra, faces) */
	if (m->tree512 == NULL)
		m->tree512 = query_tree_at(m->mesh, 4);
	col_octree_options options = col_octree_default_options();
	options.leaf_cells = 512;
	options.max_depth = 0; /* set by leaf_cells */
	options.max_triangles = 3;
	if (m->octree512 == NULL && col_octree_build(m->mesh, &options, &m->octree512, &error) != COL_OK) {
		fprintf(stderr, BENCH_PROGRAM ": octree_build (512 cells): %s\n", error.message);
		exit(1);
	}
}

static col_covering3d_cache *tree_cache(const col_tetratree *tree)
{
	col_covering3d_cache *cache = NULL;
	if (col_covering3d_cache_create(col_tetratree_covering(tree), &cache, NULL) != COL_OK)
		exit(1);
	return cache;
}

/* ---- trajectories ---- */

typedef enum path_kind { PATH_CIRCULAR, PATH_CONTOUR } path_kind;

static const char *path_name(path_kind kind)
{
	return kind == PATH_CIRCULAR ? "circular" : "contour";
}

/* The jitter of frame i of a path: up to JITTER per coordinate, from the path's own stream. */
static col_vec3 jitter_at(uint64_t seed, size_t i)
{
	uint64_t state = seed ^ ((uint64_t)i * UINT64_C(0xD1B54A32D192ED03));
	double x = bench_draw(&state), y = bench_draw(&state), z = bench_draw(&state);
	return (col_vec3){JITTER * (2.0 * x - 1.0), JITTER * (2.0 * y - 1.0), JITTER * (2.0 * z - 1.0)};
}

static col_vec3 unit_from(uint64_t *state)
{
	double d[3];
	bench_unit_direction(state, d);
	return (col_vec3){d[0], d[1], d[2]};
}

/* A path: the circle's plane, or the contour's walk over the surface, and the jitter's stream. */
typedef struct path {
	path_kind kind;
	uint64_t seed;
	col_vec3 u, v;              /* circular: the plane's axes */
	col_vec3 *points, *normals; /* contour: the walk's vertices and their normals */
	double *arc;                /* contour: the arc length at each point */
	int count;
	double length;
	col_vec3 axis; /* the moving body's turning axis (pairs) */
} path;

static void circle_make(path *p, uint64_t seed)
{
	memset(p, 0, sizeof *p);
	p->kind = PATH_CIRCULAR;
	p->seed = seed;
	uint64_t state = seed;
	col_vec3 n = unit_from(&state);
	col_vec3 e = fabs(n.x) < 0.6 ? (col_vec3){1, 0, 0} : (col_vec3){0, 1, 0};
	p->u = col_vec3_normalize(col_vec3_cross(n, e));
	p->v = col_vec3_cross(n, p->u);
	p->axis = unit_from(&state);
}

/* The contour's walk (see the top of the file). */
static void contour_make(path *p, const col_mesh *mesh, uint64_t seed)
{
	memset(p, 0, sizeof *p);
	p->kind = PATH_CONTOUR;
	p->seed = seed;
	int nv = col_mesh_vertex_count(mesh), nt = col_mesh_triangle_count(mesh);
	const col_vec3 *v = col_mesh_vertices(mesh);
	const int32_t *t = col_mesh_triangles(mesh);
	col_vec3 *normal = calloc((size_t)nv, sizeof *normal);
	int *first = calloc((size_t)nv + 1, sizeof *first), *fill = calloc((size_t)nv, sizeof *fill);
	int *adjacent = malloc(3 * (size_t)nt * sizeof *adjacent);
	if (normal == NULL || first == NULL || fill == NULL || adjacent == NULL)
		exit(1);
	for (int k = 0; k < nt; k++) {
		const int32_t *f = t + 3 * k;
		col_vec3 n = col_vec3_cross(col_vec3_sub(v[f[1]], v[f[0]]), col_vec3_sub(v[f[2]], v[f[0]]));
		for (int j = 0; j < 3; j++) {
			normal[f[j]] = col_vec3_add(normal[f[j]], n);
			first[f[j] +
			      1]++; /* the directed edge f[j] -> f[j+1]: each neighbour once (closed mesh) */
		}
	}
	for (int i = 0; i < nv; i++) {
		normal[i] = col_vec3_normalize(normal[i]);
		first[i + 1] += first[i];
	}
	for (int k = 0; k < nt; k++) {
		const int32_t *f = t + 3 * k;
		for (int j = 0; j < 3; j++)
			adjacent[first[f[j]] + fill[f[j]]++] = f[(j + 1) % 3];
	}
	uint64_t state = seed;
	col_vec3 out = unit_from(&state);
	int current = 0;
	for (int i = 1; i < nv; i++)
		if (col_vec3_dot(v[i], out) > col_vec3_dot(v[current], out))
			current = i;
	col_vec3 heading = col_vec3_cross(normal[current], unit_from(&state));
	int capacity = 0, previous = -1;
	p->length = 0.0;
	for (;;) {
		if (p->count == capacity) { /* the three arrays grow together */
			capacity = capacity ? 2 * capacity : 64;
			p->points = realloc(p->points, (size_t)capacity * sizeof *p->points);
			p->normals = realloc(p->normals, (size_t)capacity * sizeof *p->normals);
			p->arc = realloc(p->arc, (size_t)capacity * sizeof *p->arc);
			if (p->points == NULL || p->normals == NULL || p->arc == NULL)
				exit(1);
		}
		p->points[p->count] = v[current];
		p->normals[p->count] = normal[current];
		p->arc[p->count] = p->length;
		p->count++;
		if (p->length >= 2.0 * COL_PI || p->count > 1000000)
			break;
		col_vec3 n = normal[current], r = unit_from(&state);
		col_vec3 tangent = col_vec3_sub(heading, col_vec3_scale(n, col_vec3_dot(heading, n)));
		col_vec3 turn = col_vec3_sub(r, col_vec3_scale(n, col_vec3_dot(r, n)));
		tangent = col_vec3_add(col_vec3_normalize(tangent), col_vec3_scale(turn, 0.25));
		int best = -1;
		double best_dot = -INFINITY;
		for (int k = first[current]; k < first[current + 1]; k++) {
			int w = adjacent[k];
			if (w == previous)
				continue;
			double d = col_vec3_dot(col_vec3_normalize(col_vec3_sub(v[w], v[current])), tangent);
			if (d > best_dot) {
				best_dot = d;
				best = w;
			}
		}
		if (best < 0)
			best = previous;
		heading = col_vec3_normalize(col_vec3_sub(v[best], v[current]));
		p->length += col_vec3_length(col_vec3_sub(v[best], v[current]));
		previous = current;
		current = best;
	}
	p->axis = unit_from(&state);
	free(normal);
	free(first);
	free(fill);
	free(adjacent);
}

static void path_free(path *p)
{
	free(p->points);
	free(p->normals);
	free(p->arc);
	memset(p, 0, sizeof *p);
}

/* frames positions of the path at parameter level (the circle's radius, the contour's offset). */
static void path_fill(const path *p, double level, size_t frames, col_vec3 *out)
{
	if (p->kind == PATH_CIRCULAR) {
		for (size_t i = 0; i < frames; i++) {
			double a = 2.0 * COL_PI * (double)i / (double)frames;
			col_vec3 q = col_vec3_add(col_vec3_scale(p->u, level * cos(a)),
			                          col_vec3_scale(p->v, level * sin(a)));
			out[i] = col_vec3_add(q, jitter_at(p->seed, i));
		}
		return;
	}
	int k = 0;
	for (size_t i = 0; i < frames; i++) {
		double s = p->length * (double)i / (double)frames;
		while (k + 2 < p->count && p->arc[k + 1] <= s)
			k++;
		double span = p->arc[k + 1] - p->arc[k], f = span > 0.0 ? (s - p->arc[k]) / span : 0.0;
		f = fmin(fmax(f, 0.0), 1.0);
		col_vec3 q = col_vec3_lerp(p->points[k], p->points[k + 1], f);
		col_vec3 n = col_vec3_normalize(col_vec3_lerp(p->normals[k], p->normals[k + 1], f));
		out[i] = col_vec3_add(col_vec3_add(q, col_vec3_scale(n, level)), jitter_at(p->seed, i));
	}
}

/* The moving body's pose at frame i: turned about the path's axis by 2 pi i / frames, centred on
 * the path. */
static col_transform3 pose_at(const path *p, const col_vec3 *positions, size_t frames, size_t i)
{
	col_transform3 pose;
	pose.rotation = col_quat_from_axis_angle(p->axis, 2.0 * COL_PI * (double)i / (double)frames);
	pose.translation = positions[i];
	return pose;
}

static uint64_t path_seed(int model_index, path_kind kind, int salt)
{
	return UINT64_C(0x5454535455445900) ^ ((uint64_t)model_index << 16) ^ ((uint64_t)kind << 8) ^
	       (uint64_t)salt;
}

/* How a path is tuned: hits(context, level, target) is the fraction of the calibration positions
 * at that level that collide; it may stop counting (and return more than target) once past it. */
typedef double (*hit_fn)(void *context, double level, double target);

/* A circle's radius: scanned inward from `far` in SCAN_STEPS equal steps to the first radius with a
 * hit fraction above target, then bisected between it and the step before: the outermost radius
 * where the fraction reaches target, so the path is as close as the hit rate lets it come. */
static double calibrate_inward(hit_fn hits, void *context, double far, double target, int bisections)
{
	double safe = far, busy = -1.0;
	for (int k = 1; k <= SCAN_STEPS; k++) {
		double level = far * (1.0 - (double)k / SCAN_STEPS);
		if (hits(context, level, target) > target) {
			busy = level;
			break;
		}
		safe = level;
	}
	if (busy < 0.0)
		return safe;
	for (int step = 0; step < bisections; step++) {
		double mid = 0.5 * (busy + safe);
		if (hits(context, mid, target) > target)
			busy = mid;
		else
			safe = mid;
	}
	return safe;
}

/* A contour's offset: doubled from `start` to the first with a hit fraction at most target, then
 * bisected between it and the one before: the smallest offset from the surface out (a larger one
 * could reach round to the far side of a torus's hole). */
static double calibrate_outward(hit_fn hits, void *context, double start, double limit, double target,
                                int bisections)
{
	double level = start, busy = -1.0;
	while (hits(context, level, target) > target) {
		if (level >= limit)
			return level;
		busy = level;
		level *= 2.0;
	}
	if (busy < 0.0)
		return level;
	for (int step = 0; step < bisections; step++) {
		double mid = 0.5 * (busy + level);
		if (hits(context, mid, target) > target)
			busy = mid;
		else
			level = mid;
	}
	return level;
}

/* ---- results: one row per model x query set x method ---- */

typedef struct row {
	char table[12];
	char model[12];
	int vertices, triangles;
	char query_set[48];
	char path[12];
	char method[24];
	char parameter[48];
	double x; /* the table's variable: subdivisions, radius or ratio denominator, fit iterations */
	size_t frames, answered;
	double ns, build_ms, hit_rate;
	long long memory_bytes, leaves;
	unsigned long disagreements;
} row;

static row *rows;
static int row_count, row_capacity;

static row *add_row(const char *table, const model *m, const char *query_set, const char *path_label,
                    const char *method)
{
	rows = bench_reserve(rows, row_count, &row_capacity, sizeof *rows, 256);
	row *r = &rows[row_count++];
	memset(r, 0, sizeof *r);
	snprintf(r->table, sizeof r->table, "%s", table);
	snprintf(r->model, sizeof r->model, "%s", m->spec->name);
	r->vertices = m->vertices;
	r->triangles = m->triangles;
	snprintf(r->query_set, sizeof r->query_set, "%s", query_set);
	snprintf(r->path, sizeof r->path, "%s", path_label);
	snprintf(r->method, sizeof r->method, "%s", method);
	r->ns = r->build_ms = r->hit_rate = NAN;
	r->memory_bytes = r->leaves = -1;
	return r;
}

static const row *find_row(const char *table, const char *model_name, const char *query_set,
                           const char *method)
{
	for (int i = 0; i < row_count; i++)
		if (strcmp(rows[i].table, table) == 0 && strcmp(rows[i].model, model_name) == 0 &&
		    strcmp(rows[i].query_set, query_set) == 0 && strcmp(rows[i].method, method) == 0)
			return &rows[i];
	return NULL;
}

static void write_row(FILE *f, int i)
{
	const row *r = &rows[i];
	bench_write_csv_start(f, r->model, r->vertices, r->query_set, r->answered, r->method, "collide");
	bench_write_csv_number(f, r->ns, "%.2f");
	bench_write_csv_number(f, r->build_ms, "%.4f");
	bench_write_csv_integer(f, r->memory_bytes);
	bench_write_csv_integer(f, r->leaves);
	bench_write_csv_number(f, r->hit_rate, "%.5f");
	bench_write_csv_integer(f, (long long)r->disagreements);
	fprintf(f, "%s,%d,%s,%g,%zu,%s\n", r->table, r->triangles, r->path, r->x, r->frames, r->parameter);
}

#define CSV_HEADER                                                                                           \
	"case,vertices,query_set,queries,method,library,ns_per_query,build_ms,memory_bytes,leaves,hit_rate," \
	"disagreements,table,triangles,path,x,frames,parameter"

/* ---- timing a method along a path ---- */

typedef bool (*frame_fn)(void *context, size_t i);

typedef struct timing {
	double ns;       /* per frame answered */
	size_t answered; /* frames answered (a prefix, or every stride-th) */
	size_t stride;
	bool prefix; /* a cached run stopped at the time limit */
	size_t hits;
} timing;

/* answers[i]: 0 or 1 where frame i was answered by the last run, 2 where it was not. limit: the
 * time a run may take (0: CELL_SECONDS; a tenth with --quick). */
static timing time_method(frame_fn fn, void *context, void (*reset)(void *), size_t frames, bool cached,
                          double limit, unsigned char *answers)
{
	timing result = {INFINITY, 0, 1, false, 0};
	double minimum = quick ? MIN_SECONDS / 10 : MIN_SECONDS;
	if (limit <= 0.0)
		limit = CELL_SECONDS;
	if (quick)
		limit /= 10;
	if (!cached) { /* a pilot on 32 frames spread over the path sets the stride */
		double start = bench_cpu_seconds();
		size_t pilot = frames < 32 ? frames : 32;
		for (size_t k = 0; k < pilot; k++)
			(void)fn(context, k * frames / pilot);
		double per_frame = (bench_cpu_seconds() - start) / (double)pilot;
		double whole = per_frame * (double)frames;
		if (whole > limit)
			result.stride = (size_t)ceil(whole / limit);
	}
	double total = 0.0;
	for (int run = 0; run < MAX_RUNS; run++) {
		memset(answers, 2, frames);
		if (reset != NULL)
			reset(context);
		size_t answered = 0, hits = 0;
		double start = bench_cpu_seconds(), elapsed = 0.0;
		bool cut = false;
		for (size_t i = 0; i < frames;) {
			size_t end = i + 256 * result.stride < frames ? i + 256 * result.stride : frames;
			for (; i < end; i += result.stride) {
				bool a = fn(context, i);
				answers[i] = a;
				hits += a;
				answered++;
			}
			elapsed = bench_cpu_seconds() - start;
			if (cached && elapsed > limit && i < frames) {
				cut = true;
				break;
			}
		}
		total += elapsed;
		double ns = answered ? 1e9 * elapsed / (double)answered : INFINITY;
		if (run == 0 || ns < result.ns) {
			result.ns = ns;
			result.answered = answered;
			result.hits = hits;
			result.prefix = cut;
		}
		if (cut || total >= minimum || elapsed > limit)
			break;
	}
	return result;
}

static void timing_parameter(char *out, size_t size, const timing *t, size_t frames)
{
	if (t->prefix)
		snprintf(out, size, "prefix %zu", t->answered);
	else if (t->stride > 1)
		snprintf(out, size, "every %zu", t->stride);
	else
		snprintf(out, size, "all %zu", frames);
}

/* ---- Figs. 5.41-5.45: building ---- */

typedef struct build_result {
	double ms;
	size_t memory;
	int leaves;
	int levels;
} build_result;

static build_result build_tetratree(const col_mesh *mesh, int depth, int min_tetrahedra, int fit)
{
	build_result r = {INFINITY, 0, 0, 0};
	col_tetratree_options options = col_tetratree_default_options();
	options.max_depth = depth;
	options.min_tetrahedra = min_tetrahedra;
	options.fit_iterations = fit;
	for (int run = 0; run < (quick ? 1 : BUILD_RUNS); run++) {
		col_tetratree *tree = NULL;
		col_error error;
		double start = bench_cpu_seconds();
		col_status status = col_tetratree_build(mesh, &options, &tree, &error);
		double ms = 1e3 * (bench_cpu_seconds() - start);
		if (status != COL_OK) {
			fprintf(stderr, BENCH_PROGRAM ": tetratree_build (depth %d): %s\n", depth,
			        error.message);
			return r;
		}
		col_tetratree_stats stats = col_tetratree_get_stats(tree);
		r.ms = fmin(r.ms, ms);
		r.memory = stats.memory_bytes;
		r.leaves = stats.leaves;
		r.levels = stats.levels;
		col_tetratree_destroy(tree);
	}
	return r;
}

static build_result build_octree(const col_mesh *mesh, int depth, bool full, int max_triangles)
{
	build_result r = {INFINITY, 0, 0, 0};
	col_octree_options options = col_octree_default_options();
	options.max_depth = depth;
	options.full_depth = full;
	if (max_triangles > 0)
		options.max_triangles = max_triangles;
	for (int run = 0; run < (quick ? 1 : BUILD_RUNS); run++) {
		col_octree *tree = NULL;
		col_error error;
		double start = bench_cpu_seconds();
		col_status status = col_octree_build(mesh, &options, &tree, &error);
		double ms = 1e3 * (bench_cpu_seconds() - start);
		if (status != COL_OK) {
			fprintf(stderr, BENCH_PROGRAM ": octree_build (depth %d): %s\n", depth,
			        error.message);
			return r;
		}
		col_octree_info info = col_octree_get_info(tree);
		r.ms = fmin(r.ms, ms);
		r.memory = info.memory_bytes;
		r.leaves = info.leaves;
		r.levels = info.depth;
		col_octree_destroy(tree);
	}
	return r;
}

static void build_row(const model *m, const char *condition, int subdivisions, const char *method,
                      const char *parameter, double x, build_result b)
{
	char query_set[48];
	snprintf(query_set, sizeof query_set, "build.%s.%d", condition, subdivisions);
	row *r = add_row("build", m, query_set, "-", method);
	snprintf(r->parameter, sizeof r->parameter, "%s", parameter);
	r->x = x;
	r->build_ms = b.ms;
	r->memory_bytes = (long long)b.memory;
	r->leaves = b.leaves;
}

static void table_build(bool selected[MODEL_COUNT])
{
	static const int octree_levels[3] = {1, 3, 5}, tetratree_levels[3] = {1, 4, 7};
	static const char *const conditions[3] = {"full", "stop5", "stop5aa8"};
	static const char *const titles[3] = {"(a) full depth, no fitting (Fig. 5.41)",
	                                      "(b) stop at 5 tetrahedra / faces, no fitting (Fig. 5.42)",
	                                      "(c) stop at 5, 8 fitting iterations (Fig. 5.45)"};
	printf(
	    "\nFigs. 5.41-5.45: build time, tetra-tree vs octree at equal subdivision counts (octree levels "
	    "1, 3, 5 = tetra-tree levels 1, 4, 7 = 8, 512, 32768 cells); CPU ms, best of %d; memory in KiB\n",
	    quick ? 1 : BUILD_RUNS);
	printf(
	    "  tetra-tree full depth = min_tetrahedra 0 (every cone holding a tetrahedron is split; an empty "
	    "cone is not); octree full depth = full_depth (every cell split)\n");
	for (int c = 0; c < 3; c++) {
		printf("  %s\n", titles[c]);
		printf("  %-9s %6s %5s | %9s %9s %7s | %9s %9s %7s | %s\n", "model", "faces", "cells",
		       "tt ms", "tt KiB", "leaves", "oct ms", "oct KiB", "leaves", "oct/tt time");
		for (int i = 0; i < MODEL_COUNT; i++) {
			if (!selected[i])
				continue;
			const model *m = &models[i];
			for (int l = 0; l < 3; l++) {
				int cells = 8 << (3 * (octree_levels[l] - 1));
				build_result tt = build_tetratree(m->mesh, tetratree_levels[l],
				                                  c == 0 ? 0 : 5, c == 2 ? 8 : 0);
				build_result oc =
				    build_octree(m->mesh, octree_levels[l], c == 0, c == 0 ? 0 : 5);
				printf("  %-9s %6d %5d | %9.3f %9.1f %7d | %9.3f %9.1f %7d | %6.2f %s\n",
				       m->spec->name, m->triangles, cells, tt.ms, tt.memory / 1024.0,
				       tt.leaves, oc.ms, oc.memory / 1024.0, oc.leaves, oc.ms / tt.ms,
				       tt.ms < oc.ms ? "tetra-tree faster" : "octree faster");
				char parameter[48];
				snprintf(parameter, sizeof parameter, "level=%d", tetratree_levels[l]);
				build_row(m, conditions[c], cells, "tetratree", parameter, cells, tt);
				snprintf(parameter, sizeof parameter, "level=%d", octree_levels[l]);
				build_row(m, conditions[c], cells, "octree", parameter, cells, oc);
			}
		}
	}
	int horse = 3;
	if (!selected[horse])
		return;
	static const int fits[5] = {0, 1, 2, 4, 8};
	printf("  (d) the horse stand-in, full depth, by fitting iterations (Fig. 5.44): CPU ms (KiB)\n");
	printf("  %-6s %8s |", "level", "cones");
	for (int f = 0; f < 5; f++)
		printf("       AA=%d        ", fits[f]);
	printf("\n");
	for (int level = 1; level <= 7; level++) {
		int cells = 8 << (2 * (level - 1));
		printf("  %-6d %8d |", level, cells);
		for (int f = 0; f < 5; f++) {
			build_result tt = build_tetratree(models[horse].mesh, level, 0, fits[f]);
			printf(" %9.3f (%6.0f) ", tt.ms, tt.memory / 1024.0);
			char method[24], parameter[48];
			snprintf(method, sizeof method, "tetratree.aa%d", fits[f]);
			snprintf(parameter, sizeof parameter, "level=%d", level);
			build_row(&models[horse], "fit", cells, method, parameter, fits[f], tt);
		}
		printf("\n");
	}
}

/* ---- Table 5.2: points ---- */

typedef struct point_context {
	model *m;
	const col_vec3 *positions;
	col_covering3d_cache *cache; /* the method's own, or NULL */
	int method;
	col_query_stats *stats; /* NULL while timed */
} point_context;

enum {
	POINT_DC,
	POINT_INC,
	POINT_DC_TT,
	POINT_INC_TT,
	POINT_INC_OCT,
	POINT_DC_TT_512,
	POINT_INC_TT_512,
	POINT_INC_OCT_512,
	POINT_METHODS
};
static const char *const point_method_names[POINT_METHODS] = {
    "dc", "inc", "dc-tt", "inc-tt", "inc-oct", "dc-tt.s512", "inc-tt.s512", "inc-oct.s512"};

static bool point_query(void *context, size_t i)
{
	point_context *pc = context;
	col_vec3 p = pc->positions[i];
	switch (pc->method) {
	case POINT_DC:
	case POINT_INC: return col_covering3d_contains(pc->m->covering, p, pc->cache, pc->stats);
	case POINT_DC_TT:
	case POINT_INC_TT: return col_tetratree_contains(pc->m->tree, p, pc->cache, pc->stats, NULL);
	case POINT_DC_TT_512:
	case POINT_INC_TT_512: return col_tetratree_contains(pc->m->tree512, p, pc->cache, pc->stats, NULL);
	case POINT_INC_OCT_512: return col_octree_contains(pc->m->octree512, p, NULL);
	default: return col_octree_contains(pc->m->octree, p, NULL);
	}
}

static void point_reset(void *context)
{
	point_context *pc = context;
	if (pc->cache != NULL)
		col_covering3d_cache_reset(pc->cache);
}

/* Calibration of a point path: the fraction of n positions inside. */
typedef struct point_calibration {
	const path *p;
	const col_tetratree *tree;
	col_vec3 *buffer;
} point_calibration;

static double point_hit_fraction(void *context, double level, double target)
{
	point_calibration *c = context;
	path_fill(c->p, level, calibration_points(), c->buffer);
	int hits = 0;
	for (int i = 0; i < calibration_points() && hits <= target * calibration_points(); i++)
		hits += col_tetratree_contains(c->tree, c->buffer[i], NULL, NULL, NULL);
	return hits / (double)calibration_points();
}

/* The level of a point path: the circle's radius by bisection; the contour's offset, the smallest
 * of 0.01 * 2^k with no frame inside. */
static double point_level(const path *p, const model *m, size_t frames, col_vec3 *positions)
{
	if (p->kind == PATH_CIRCULAR) {
		point_calibration c = {p, m->tree, positions};
		return calibrate_inward(point_hit_fraction, &c, 2.0, CIRCULAR_TARGET, BISECTION_STEPS);
	}
	double offset = 0.01;
	for (int k = 0; k < 10; k++, offset *= 2.0) {
		path_fill(p, offset, frames, positions);
		size_t inside = 0;
		for (size_t i = 0; i < frames && inside == 0; i++)
			inside += col_tetratree_contains(m->tree, positions[i], NULL, NULL, NULL);
		if (inside == 0)
			return offset;
	}
	return offset / 2.0;
}

/* The fraction of positions that lie in some leaf's enclosing tetrahedron (the source: under 40% on
 * the circle, almost always on the contour). */
static double in_envelope_fraction(const col_tetratree *tree, const col_vec3 *positions, size_t frames)
{
	size_t step = frames > 4000 ? frames / 4000 : 1, in = 0, n = 0;
	col_vec3 apex = col_tetratree_apex(tree);
	for (size_t i = 0; i < frames; i += step, n++) {
		int leaf = col_tetratree_locate(tree, positions[i]);
		col_tetratree_cone cone;
		if (leaf < 0 || !col_tetratree_cone_at(tree, leaf, &cone) || cone.tetrahedron_count == 0)
			continue;
		/* inside the tetrahedron (apex, envelope) = in the cone and behind the envelope's face */
		double side =
		    col_orient3d(cone.envelope[0], cone.envelope[1], cone.envelope[2], positions[i]);
		double apex_side = col_orient3d(cone.envelope[0], cone.envelope[1], cone.envelope[2], apex);
		in += (side == 0.0) || ((side > 0.0) == (apex_side > 0.0));
	}
	return n ? (double)in / (double)n : 0.0;
}

static int compare_by_ns(const void *a, const void *b)
{
	const row *const *x = a, *const *y = b;
	return ((*x)->ns > (*y)->ns) - ((*x)->ns < (*y)->ns);
}

/* "a < b < c" by ns of the rows given. */
static void print_ranking(const char *what, const row **ranked, int n)
{
	qsort(ranked, (size_t)n, sizeof *ranked, compare_by_ns);
	printf("    ranking%s (fastest first): ", what);
	for (int k = 0; k < n; k++)
		printf("%s%s", k ? " < " : "", ranked[k]->method);
	printf("\n");
}

static unsigned char *answers[8];
static unsigned char *reference;

static unsigned long count_disagreements(const unsigned char *a, const unsigned char *b, size_t frames)
{
	unsigned long d = 0;
	for (size_t i = 0; i < frames; i++)
		d += a[i] != 2 && b[i] != 2 && a[i] != b[i];
	return d;
}

/* The fraction of the answered frames a cached method answered from its cache (an untimed pass
 * over the same frames). */
static double cache_hit_fraction(point_context *pc, const unsigned char *answered, size_t frames)
{
	col_query_stats stats = {0};
	pc->stats = &stats;
	point_reset(pc);
	for (size_t i = 0; i < frames; i++)
		if (answered[i] != 2)
			(void)point_query(pc, i);
	pc->stats = NULL;
	return stats.queries ? (double)stats.cache_hits / (double)stats.queries : NAN;
}

static void table_points(bool selected[MODEL_COUNT], size_t frames, col_vec3 *positions)
{
	printf("\nTable 5.2: point in polyhedron along the trajectories (ns per frame). The source's four: "
	       "DC (covering, "
	       "cache), DC-TT (tree, cache), Inc-TT (tree), Inc-Oct (octree); inc = the covering without a "
	       "cache.\n"
	       "  Trees: min 3 tetrahedra, AA 8, depth from the triangle count; octree: its defaults (depth "
	       "8, 8 faces a "
	       "leaf). .s512: both at 512 subdivisions (tetra-tree level 4, octree level 3, stop at 3), Fig. "
	       "5.50's setting\n");
	for (int i = 0; i < MODEL_COUNT; i++) {
		if (!selected[i])
			continue;
		model *m = &models[i];
		model_structures(m);
		col_tetratree_stats ts = col_tetratree_get_stats(m->tree),
		                    ts512 = col_tetratree_get_stats(m->tree512);
		col_octree_info oi = col_octree_get_info(m->octree),
		                oi512 = col_octree_get_info(m->octree512);
		printf("  %s: tree %d levels, %d leaves, %.0f KiB; octree %d leaves, %.0f KiB; .s512: tree "
		       "%d leaves, octree "
		       "%d leaves\n",
		       m->spec->name, ts.levels, ts.leaves, ts.memory_bytes / 1024.0, oi.leaves,
		       oi.memory_bytes / 1024.0, ts512.leaves, oi512.leaves);
		for (int k = 0; k < 2; k++) {
			path p;
			uint64_t seed = path_seed(i, (path_kind)k, 1);
			if (k == PATH_CIRCULAR)
				circle_make(&p, seed);
			else
				contour_make(&p, m->mesh, seed);
			double level = point_level(&p, m, frames, positions);
			path_fill(&p, level, frames, positions);
			/* the reference: inc-tt at every frame; it against the crossing count at a stride */
			size_t ref_hits = 0;
			for (size_t f = 0; f < frames; f++) {
				reference[f] =
				    col_tetratree_contains(m->tree, positions[f], NULL, NULL, NULL);
				ref_hits += reference[f];
			}
			size_t oracle_stride = (size_t)ceil((double)frames * m->triangles / oracle_visits());
			if (oracle_stride < 1)
				oracle_stride = 1;
			unsigned long oracle_disagreements = 0;
			for (size_t f = 0; f < frames; f += oracle_stride)
				oracle_disagreements +=
				    reference[f] !=
				    col_mesh_contains_point(m->mesh, positions[f], COL_METHOD_CROSSING, NULL);
			double envelope = in_envelope_fraction(m->tree, positions, frames);
			printf("  %s, %s path (%s %.4f): %zu frames, %.2f%% inside, %.0f%% in a leaf's "
			       "enclosing tetrahedron; "
			       "crossing-count check every %zu: %lu disagreements\n",
			       m->spec->name, path_name((path_kind)k),
			       k == PATH_CIRCULAR ? "radius" : "offset", level, frames,
			       100.0 * (double)ref_hits / (double)frames, 100.0 * envelope, oracle_stride,
			       oracle_disagreements);
			total_disagreements += oracle_disagreements;
			const row *ranked[POINT_METHODS];
			for (int method = 0; method < POINT_METHODS; method++) {
				point_context pc = {m, positions, NULL, method, NULL};
				if (method == POINT_DC &&
				    col_covering3d_cache_create(m->covering, &pc.cache, NULL) != COL_OK)
					exit(1);
				if (method == POINT_DC_TT)
					pc.cache = tree_cache(m->tree);
				if (method == POINT_DC_TT_512)
					pc.cache = tree_cache(m->tree512);
				timing t = time_method(point_query, &pc, point_reset, frames,
				                       pc.cache != NULL, 0.0, answers[0]);
				double cache_hits =
				    pc.cache != NULL ? cache_hit_fraction(&pc, answers[0], frames) : NAN;
				col_covering3d_cache_destroy(pc.cache);
				unsigned long d = count_disagreements(answers[0], reference, frames);
				total_disagreements += d;
				if (method == POINT_INC_TT)
					d += oracle_disagreements;
				char query_set[48];
				snprintf(query_set, sizeof query_set, "point.%s", path_name((path_kind)k));
				row *r = add_row("point", m, query_set, path_name((path_kind)k),
				                 point_method_names[method]);
				timing_parameter(r->parameter, sizeof r->parameter, &t, frames);
				r->frames = frames;
				r->answered = t.answered;
				r->ns = t.ns;
				r->hit_rate = t.answered ? (double)t.hits / (double)t.answered : NAN;
				r->disagreements = d;
				const col_tetratree_stats *tree_stats =
				    method == POINT_DC_TT || method == POINT_INC_TT           ? &ts
				    : method == POINT_DC_TT_512 || method == POINT_INC_TT_512 ? &ts512
				                                                              : NULL;
				const col_octree_info *octree_info = method == POINT_INC_OCT       ? &oi
				                                     : method == POINT_INC_OCT_512 ? &oi512
				                                                                   : NULL;
				if (tree_stats != NULL) {
					r->memory_bytes = (long long)tree_stats->memory_bytes;
					r->leaves = tree_stats->leaves;
				} else if (octree_info != NULL) {
					r->memory_bytes = (long long)octree_info->memory_bytes;
					r->leaves = octree_info->leaves;
				}
				char cache_text[32] = "";
				if (!isnan(cache_hits))
					snprintf(cache_text, sizeof cache_text, "  cache hits %5.1f%%",
					         100.0 * cache_hits);
				printf("    %-12s %10.1f ns  %-16s hits %6.2f%%  disagreements %lu%s\n",
				       r->method, r->ns, r->parameter, 100.0 * r->hit_rate, d, cache_text);
				ranked[method] = r;
			}
			/* the source's four (DC, DC-TT, Inc-TT, Inc-Oct); inc is ours, beside them */
			const row *four[4] = {ranked[POINT_DC], ranked[POINT_DC_TT], ranked[POINT_INC_TT],
			                      ranked[POINT_INC_OCT]};
			print_ranking("", four, 4);
			const row *at512[4] = {ranked[POINT_DC], ranked[POINT_DC_TT_512],
			                       ranked[POINT_INC_TT_512], ranked[POINT_INC_OCT_512]};
			print_ranking(" at 512 subdivisions", at512, 4);
			path_free(&p);
		}
	}
}

/* ---- Table 5.4: spheres ---- */

typedef struct sphere_context {
	model *m;
	const col_vec3 *positions;
	double radius;
	col_covering3d_cache *cache;
	bool brute;
} sphere_context;

static bool sphere_query(void *context, size_t i)
{
	sphere_context *sc = context;
	col_sphere s = {sc->positions[i], sc->radius};
	if (sc->brute)
		return col_mesh_intersects_sphere(sc->m->mesh, s, NULL);
	return col_tetratree_intersects_sphere(sc->m->tree, s, sc->cache, NULL, NULL);
}

static void sphere_reset(void *context)
{
	sphere_context *sc = context;
	if (sc->cache != NULL)
		col_covering3d_cache_reset(sc->cache);
}

typedef struct sphere_calibration {
	const path *p;
	const col_tetratree *tree;
	double radius;
	col_vec3 *buffer;
} sphere_calibration;

static double sphere_hit_fraction(void *context, double level, double target)
{
	sphere_calibration *c = context;
	path_fill(c->p, level, calibration_points(), c->buffer);
	int hits = 0;
	for (int i = 0; i < calibration_points() && hits <= target * calibration_points(); i++)
		hits += col_tetratree_intersects_sphere(c->tree, (col_sphere){c->buffer[i], c->radius}, NULL,
		                                        NULL, NULL);
	return hits / (double)calibration_points();
}

static void table_spheres(bool selected[MODEL_COUNT], size_t frames, col_vec3 *positions)
{
	static const int denominators[4] = {1024, 64, 16, 4};
	printf(
	    "\nTable 5.4: sphere vs polyhedron (ns per frame; radius = bounding radius / k; the circle tuned "
	    "per radius to < 5%% hits, the contour at the point offset + radius)\n");
	for (int i = 0; i < MODEL_COUNT; i++) {
		if (!selected[i])
			continue;
		model *m = &models[i];
		model_structures(m);
		double reach = col_covering3d_bounding_sphere(col_tetratree_covering(m->tree)).radius;
		for (int k = 0; k < 2; k++) {
			path p;
			uint64_t seed = path_seed(i, (path_kind)k, 1); /* the point paths' curves */
			if (k == PATH_CIRCULAR)
				circle_make(&p, seed);
			else
				contour_make(&p, m->mesh, seed);
			double point_offset = k == PATH_CONTOUR ? point_level(&p, m, frames, positions) : 0.0;
			printf("  %s, %s path:\n", m->spec->name, path_name((path_kind)k));
			for (int q = 0; q < 4; q++) {
				double radius = reach / denominators[q], level;
				if (k == PATH_CIRCULAR) {
					sphere_calibration c = {&p, m->tree, radius, positions};
					level =
					    calibrate_inward(sphere_hit_fraction, &c, 2.0 * (reach + radius),
					                     CIRCULAR_TARGET, BISECTION_STEPS);
				} else {
					level = point_offset + radius;
				}
				path_fill(&p, level, frames, positions);
				char query_set[48], parameter[32];
				snprintf(query_set, sizeof query_set, "sphere.%s.1/%d",
				         path_name((path_kind)k), denominators[q]);
				sphere_context sc = {m, positions, radius, tree_cache(m->tree), false};
				timing t = time_method(sphere_query, &sc, sphere_reset, frames, true, 0.0,
				                       answers[0]);
				/* checks: the uncached query at every answered frame, the brute force at a
				 * stride */
				unsigned long d = 0;
				size_t stride = (size_t)ceil((double)frames * m->triangles / oracle_visits());
				for (size_t f = 0; f < frames; f++) {
					if (answers[0][f] == 2)
						continue;
					col_sphere s = {positions[f], radius};
					bool plain =
					    col_tetratree_intersects_sphere(m->tree, s, NULL, NULL, NULL);
					d += plain != answers[0][f];
					if (f % stride == 0)
						d += col_mesh_intersects_sphere(m->mesh, s, NULL) != plain;
				}
				col_covering3d_cache_destroy(sc.cache);
				total_disagreements += d;
				row *r = add_row("sphere", m, query_set, path_name((path_kind)k), "dc-tt");
				timing_parameter(parameter, sizeof parameter, &t, frames);
				snprintf(r->parameter, sizeof r->parameter, "%s; level %.4f", parameter,
				         level);
				r->x = denominators[q];
				r->frames = frames;
				r->answered = t.answered;
				r->ns = t.ns;
				r->hit_rate = t.answered ? (double)t.hits / (double)t.answered : NAN;
				r->disagreements = d;
				printf("    1/%-5d %-7s %10.1f ns  %-16s hits %6.2f%%  disagreements %lu "
				       "(brute check every %zu)\n",
				       denominators[q], "dc-tt", t.ns, parameter, 100.0 * r->hit_rate, d,
				       stride);
				if (m->triangles <= BRUTE_SPHERE_MAX_TRIANGLES) {
					sc.brute = true;
					sc.cache = NULL;
					t = time_method(sphere_query, &sc, NULL, frames, false, 0.0,
					                answers[1]);
					unsigned long db =
					    count_disagreements(answers[0], answers[1], frames);
					total_disagreements += db;
					row *b =
					    add_row("sphere", m, query_set, path_name((path_kind)k), "brute");
					timing_parameter(b->parameter, sizeof b->parameter, &t, frames);
					b->x = denominators[q];
					b->frames = frames;
					b->answered = t.answered;
					b->ns = t.ns;
					b->hit_rate = t.answered ? (double)t.hits / (double)t.answered : NAN;
					b->disagreements = db;
					printf("    1/%-5d %-7s %10.1f ns  %-16s hits %6.2f%%  disagreements "
					       "%lu\n",
					       denominators[q], "brute", t.ns, b->parameter,
					       100.0 * b->hit_rate, db);
				}
			}
			path_free(&p);
		}
	}
}

/* ---- Tables 5.5, 5.6: polyhedron pairs ---- */

typedef struct pair_context {
	const col_tetratree *a, *b;
	const path *p;
	const col_vec3 *positions;
	size_t frames;
	col_method method;
	col_covering3d_cache *cache;
} pair_context;

static bool pair_query(void *context, size_t i)
{
	pair_context *pc = context;
	return col_tetratree_intersects_tetratree(pc->a, pc->b, pose_at(pc->p, pc->positions, pc->frames, i),
	                                          pc->method, pc->cache, NULL, NULL);
}

static void pair_reset(void *context)
{
	pair_context *pc = context;
	if (pc->cache != NULL)
		col_covering3d_cache_reset(pc->cache);
}

typedef struct pair_calibration {
	const path *p;
	const col_tetratree *a, *b;
	col_method method; /* the faster for the size ratio: both are exact */
	col_vec3 *buffer;
} pair_calibration;

static double pair_hit_fraction(void *context, double level, double target)
{
	pair_calibration *c = context;
	path_fill(c->p, level, calibration_pairs(), c->buffer);
	int hits = 0;
	for (int i = 0; i < calibration_pairs() && hits <= target * calibration_pairs(); i++)
		hits += col_tetratree_intersects_tetratree(
		    c->a, c->b, pose_at(c->p, c->buffer, calibration_pairs(), (size_t)i), c->method, NULL,
		    NULL, NULL);
	return hits / (double)calibration_pairs();
}

/* One cell: b (made from moving's mesh scaled by 1/ratio) along both paths around a. */
static void pair_cell(const char *table, int fixed, int moving, int ratio, size_t max_frames,
                      col_vec3 *positions)
{
	model *a = &models[fixed], *mb = &models[moving];
	model_structures(a);
	col_tetratree *scaled = NULL;
	const col_tetratree *b;
	col_mesh *small = NULL;
	if (ratio == 1) {
		model_structures(mb);
		b = mb->tree;
	} else {
		small = normalised_mesh(col_mesh_vertices(mb->mesh), mb->vertices,
		                        col_mesh_triangles(mb->mesh), mb->triangles, 1.0 / ratio);
		if (small == NULL)
			exit(1);
		scaled = query_tree(small);
		b = scaled;
	}
	const col_mesh *b_mesh = small != NULL ? small : mb->mesh;
	double reach = col_covering3d_bounding_sphere(col_tetratree_covering(a->tree)).radius +
	               col_covering3d_bounding_sphere(col_tetratree_covering(b)).radius;
	for (int k = 0; k < 2; k++) {
		path p;
		uint64_t seed = path_seed(fixed, (path_kind)k, 2 + 16 * moving + 256 * ratio);
		if (k == PATH_CIRCULAR)
			circle_make(&p, seed);
		else
			contour_make(&p, a->mesh, seed);
		pair_calibration c = {&p, a->tree, b,
		                      ratio >= 8 ? COL_METHOD_CONE_LIST : COL_METHOD_TETRATREE, positions};
		double rb = col_covering3d_bounding_sphere(col_tetratree_covering(b)).radius;
		double level = k == PATH_CIRCULAR
		                   ? calibrate_inward(pair_hit_fraction, &c, 2.0 * reach, CIRCULAR_TARGET,
		                                      PAIR_BISECTION_STEPS)
		                   : calibrate_outward(pair_hit_fraction, &c, 0.125 * rb, 2.0 * reach,
		                                       CONTOUR_PAIR_TARGET, PAIR_BISECTION_STEPS);
		/* the pilot: both methods with caches on a 200-frame version of the path (all of it, or what
		 * PAIR_PILOT_SECONDS allows) gives the frames that fit PAIR_CELL_SECONDS */
		size_t frames = max_frames;
		{
			size_t pilot_frames = quick ? 100 : 200;
			path_fill(&p, level, pilot_frames, positions);
			double cost = 0.0, pilot_limit = quick ? PAIR_PILOT_SECONDS / 5 : PAIR_PILOT_SECONDS;
			for (int method = 0; method < 2; method++) {
				pair_context pc = {a->tree,
				                   b,
				                   &p,
				                   positions,
				                   pilot_frames,
				                   method == 0 ? COL_METHOD_TETRATREE : COL_METHOD_CONE_LIST,
				                   tree_cache(a->tree)};
				double start = bench_cpu_seconds(), elapsed = 0.0;
				size_t done = 0;
				while (done < pilot_frames && elapsed < pilot_limit) {
					(void)pair_query(&pc, done++);
					elapsed = bench_cpu_seconds() - start;
				}
				cost += elapsed / (double)done;
				col_covering3d_cache_destroy(pc.cache);
			}
			double budget = quick ? PAIR_CELL_SECONDS / 10 : PAIR_CELL_SECONDS;
			if (cost * (double)frames > budget) {
				size_t fit = (size_t)(budget / cost) / 100 * 100;
				size_t floor_frames = quick ? PAIR_MIN_FRAMES / 10 : PAIR_MIN_FRAMES;
				frames = fit > floor_frames ? fit : floor_frames;
				if (frames > max_frames)
					frames = max_frames;
			}
		}
		path_fill(&p, level, frames, positions);
		char query_set[48], tag[32];
		if (strcmp(table, "pair") == 0)
			snprintf(tag, sizeof tag, "%s", mb->spec->name);
		else
			snprintf(tag, sizeof tag, "1:%d", ratio);
		snprintf(query_set, sizeof query_set, "%s.%s.%s", table, path_name((path_kind)k), tag);
		timing t[2];
		for (int method = 0; method < 2; method++) {
			pair_context pc = {a->tree,
			                   b,
			                   &p,
			                   positions,
			                   frames,
			                   method == 0 ? COL_METHOD_TETRATREE : COL_METHOD_CONE_LIST,
			                   tree_cache(a->tree)};
			t[method] = time_method(pair_query, &pc, pair_reset, frames, true, PAIR_CELL_SECONDS,
			                        answers[method]);
			col_covering3d_cache_destroy(pc.cache);
		}
		unsigned long d = count_disagreements(answers[0], answers[1], frames);
		/* the brute force on a stride, within ORACLE_VISITS triangle pairs */
		double per_call = (double)a->triangles * (double)col_mesh_triangle_count(b_mesh);
		size_t checks = (size_t)(oracle_visits() / per_call), brute_stride = 0;
		if (checks > 0) {
			brute_stride = frames / checks + 1;
			for (size_t f = 0; f < frames; f += brute_stride) {
				unsigned char known = answers[0][f] != 2 ? answers[0][f] : answers[1][f];
				if (known == 2)
					continue;
				bool brute = col_mesh_intersects_mesh(
				    a->mesh, b_mesh, pose_at(&p, positions, frames, f), NULL);
				d += brute != known;
			}
		}
		total_disagreements += d;
		printf("  %-5s %-8s %-8s 1:%-3d %-8s %-6s %.4f %6zu frames", table, a->spec->name,
		       mb->spec->name, ratio, path_name((path_kind)k),
		       k == PATH_CIRCULAR ? "radius" : "offset", level, frames);
		for (int method = 0; method < 2; method++) {
			row *r = add_row(table, a, query_set, path_name((path_kind)k),
			                 method == 0 ? "dc-tt" : "dc-list");
			char parameter[32];
			timing_parameter(parameter, sizeof parameter, &t[method], frames);
			snprintf(r->parameter, sizeof r->parameter, "moving=%s; %s", mb->spec->name,
			         parameter);
			r->x = ratio;
			r->frames = frames;
			r->answered = t[method].answered;
			r->ns = t[method].ns;
			r->hit_rate =
			    t[method].answered ? (double)t[method].hits / (double)t[method].answered : NAN;
			r->disagreements = d;
			printf("  %s %10.1f ns (%5.2f%%)", r->method, r->ns, 100.0 * r->hit_rate);
		}
		char brute_text[32] = "no brute check";
		if (brute_stride)
			snprintf(brute_text, sizeof brute_text, "brute every %zu", brute_stride);
		printf("  list/tt %6.2f  %s, disagreements %lu\n", t[1].ns / t[0].ns, brute_text, d);
		path_free(&p);
	}
	col_tetratree_destroy(scaled);
	col_mesh_destroy(small);
}

static void table_pairs(bool selected[MODEL_COUNT], size_t frames, col_vec3 *positions)
{
	printf("\nTable 5.5: polyhedron pairs at 1:1 (the fixed model, the moving one; ns per frame; moving "
	       "body scaled to the same bounding radius)\n");
	for (int j = 0; j < 4; j++)
		for (int i = 0; i <= j; i++)
			if (selected[i] && selected[j])
				pair_cell("pair", j, i, 1, frames, positions);
}

static void table_ratios(bool selected[MODEL_COUNT], size_t frames, col_vec3 *positions)
{
	static const int ratios[6] = {1, 2, 4, 8, 16, 32};
	if (!selected[3])
		return;
	printf("\nTable 5.6: horse stand-in vs a copy scaled down by 1:k (ns per frame)\n");
	for (int q = 0; q < 6; q++) {
		/* 1:1 is Table 5.5's horse-horse cell when that ran: its rows are copied, not measured again
		 */
		int copied = 0;
		for (int i = 0, n = row_count; q == 0 && i < n; i++) {
			if (strcmp(rows[i].table, "pair") != 0 || strcmp(rows[i].model, "horse") != 0 ||
			    strncmp(rows[i].parameter, "moving=horse;", 13) != 0)
				continue;
			row copy = rows[i];
			snprintf(copy.table, sizeof copy.table, "ratio");
			snprintf(copy.query_set, sizeof copy.query_set, "ratio.%s.1:1", copy.path);
			rows = bench_reserve(rows, row_count, &row_capacity, sizeof *rows, 256);
			rows[row_count++] = copy;
			copied++;
			printf("  ratio horse    horse    1:1   %-8s (Table 5.5's cell) %s %10.1f ns "
			       "(%5.2f%%)\n",
			       copy.path, copy.method, copy.ns, 100.0 * copy.hit_rate);
		}
		if (copied == 0)
			pair_cell("ratio", 3, 3, ratios[q], frames, positions);
	}
}

/* ---- acceptance items 22-25 ---- */

static void acceptance(bool selected[MODEL_COUNT])
{
	printf("\nSource 000's 3D checks 22-25 (docs/sources.md), the source's orderings against ours:\n");
	/* 22 */
	static const char *const variants[2][4] = {{"dc-tt", "dc", "inc-tt", "inc-oct"},
	                                           {"dc-tt.s512", "dc", "inc-tt.s512", "inc-oct.s512"}};
	for (int v = 0; v < 2; v++) {
		int held = 0, cells = 0, circ_faster = 0, circ_cells = 0;
		for (int i = 0; i < MODEL_COUNT; i++) {
			if (!selected[i])
				continue;
			const char *name = model_specs[i].name;
			double tt_ns[2] = {NAN, NAN};
			for (int k = 0; k < 2; k++) {
				char qs[48];
				snprintf(qs, sizeof qs, "point.%s", path_name((path_kind)k));
				const row *tt = find_row("point", name, qs, variants[v][0]);
				if (tt == NULL)
					continue;
				tt_ns[k] = tt->ns;
				const row *fastest_other = NULL;
				for (int o = 1; o < 4; o++) {
					const row *r = find_row("point", name, qs, variants[v][o]);
					if (r != NULL && (fastest_other == NULL || r->ns < fastest_other->ns))
						fastest_other = r;
				}
				cells++;
				if (fastest_other == NULL || tt->ns < fastest_other->ns)
					held++;
				else
					printf("    22: %s %s: %s %.1f ns, %s %.1f ns (%.2fx)\n", name,
					       path_name((path_kind)k), variants[v][0], tt->ns,
					       fastest_other->method, fastest_other->ns,
					       tt->ns / fastest_other->ns);
			}
			if (!isnan(tt_ns[0]) && !isnan(tt_ns[1])) {
				circ_cells++;
				circ_faster += tt_ns[0] < tt_ns[1];
			}
		}
		if (cells > 0)
			printf("  22 points%s: DC-TT fastest of DC, DC-TT, Inc-TT, Inc-Oct in %d of %d model "
			       "x path cells: %s; "
			       "circular faster than contour (DC-TT) for %d of %d models: %s\n",
			       v ? " at 512 subdivisions" : " (trees at their default depth)", held, cells,
			       held == cells ? "HOLDS" : "DOES NOT HOLD", circ_faster, circ_cells,
			       circ_faster == circ_cells ? "holds" : "does not hold everywhere");
	}
	/* 23 */
	int mono = 0, mono_loose = 0, series = 0;
	static const int denominators[4] = {4, 16, 64, 1024};
	for (int i = 0; i < MODEL_COUNT; i++) {
		if (!selected[i])
			continue;
		for (int k = 0; k < 2; k++) {
			double ns[4];
			bool have = true;
			for (int q = 0; q < 4; q++) {
				char qs[48];
				snprintf(qs, sizeof qs, "sphere.%s.1/%d", path_name((path_kind)k),
				         denominators[q]);
				const row *r = find_row("sphere", model_specs[i].name, qs, "dc-tt");
				have = have && r != NULL;
				ns[q] = r != NULL ? r->ns : NAN;
			}
			if (!have)
				continue;
			series++;
			bool strict = ns[0] > ns[1] && ns[1] > ns[2] && ns[2] > ns[3];
			bool loose = ns[0] * 1.1 > ns[1] && ns[1] * 1.1 > ns[2] && ns[2] * 1.1 > ns[3];
			mono += strict;
			mono_loose += loose;
			if (!strict)
				printf(
				    "    23: %s %s: ns at 1/4, 1/16, 1/64, 1/1024 = %.0f, %.0f, %.0f, %.0f\n",
				    model_specs[i].name, path_name((path_kind)k), ns[0], ns[1], ns[2], ns[3]);
		}
	}
	if (series > 0)
		printf("  23 spheres: faster as the radius shrinks (1/4 > 1/16 > 1/64 > 1/1024 ns) in %d of "
		       "%d model x path "
		       "series (%d within 10%%): %s\n",
		       mono, series, mono_loose, mono == series ? "HOLDS" : "DOES NOT HOLD everywhere");
	/* 24 */
	{
		int tt_wins = 0, pair_cells = 0;
		double slowest = 0.0;
		const row *slowest_row = NULL;
		for (int i = 0; i < row_count; i++) {
			const row *r = &rows[i];
			if (strcmp(r->table, "pair") != 0 || strcmp(r->method, "dc-tt") != 0)
				continue;
			const row *list = find_row("pair", r->model, r->query_set, "dc-list");
			if (list == NULL)
				continue;
			pair_cells++;
			tt_wins += r->ns < list->ns;
			if (r->ns > slowest) {
				slowest = r->ns;
				slowest_row = r;
			}
		}
		if (pair_cells > 0)
			printf("  24 pairs at 1:1 (Table 5.5): DC-TT beats DC-List in %d of %d pair x path "
			       "cells: %s; every pair real "
			       "time (> 50 frames/s) with DC-TT: %s (slowest %s %s, %.0f frames/s)\n",
			       tt_wins, pair_cells,
			       tt_wins == pair_cells ? "HOLDS" : "DOES NOT HOLD everywhere",
			       slowest < 2e7 ? "yes" : "no", slowest_row->model, slowest_row->query_set,
			       1e9 / slowest);
	}
	if (selected[3]) {
		static const int ratios[6] = {1, 2, 4, 8, 16, 32};
		for (int k = 0; k < 2; k++) {
			double quotient[6];
			int crossover = 0;
			bool have = true;
			for (int q = 0; q < 6; q++) {
				char qs[48];
				snprintf(qs, sizeof qs, "ratio.%s.1:%d", path_name((path_kind)k), ratios[q]);
				const row *tt = find_row("ratio", "horse", qs, "dc-tt"),
				          *list = find_row("ratio", "horse", qs, "dc-list");
				have = have && tt != NULL && list != NULL;
				quotient[q] = have ? list->ns / tt->ns : NAN;
				if (have && crossover == 0 && quotient[q] < 1.0)
					crossover = ratios[q];
			}
			if (!have)
				continue;
			printf("  24 pairs, horse stand-in, %s: DC-List/DC-TT time at 1:1..1:32 =",
			       path_name((path_kind)k));
			for (int q = 0; q < 6; q++)
				printf(" %.2f", quotient[q]);
			bool at_one = quotient[0] > 1.0, near_four = quotient[2] > 0.67 && quotient[2] < 1.5;
			bool above = quotient[3] < 1.0 && quotient[4] < 1.0 && quotient[5] < 1.0;
			printf("\n     DC-TT wins at 1:1: %s; about equal (within 1.5x) at 1:4: %s; DC-List "
			       "wins at 1:8 and "
			       "above: %s; DC-List first overtakes at %s%d => source's ordering %s\n",
			       at_one ? "yes" : "no", near_four ? "yes" : "no", above ? "yes" : "no",
			       crossover ? "1:" : "", crossover,
			       at_one && near_four && above ? "HOLDS" : "DOES NOT HOLD");
		}
		char qs[48];
		for (int k = 0; k < 2; k++) {
			snprintf(qs, sizeof qs, "pair.%s.horse", path_name((path_kind)k));
			const row *r = find_row("pair", "horse", qs, "dc-tt");
			if (r != NULL)
				printf("  24 real time: horse stand-in pair at 1:1, %s, DC-TT %.1f us a "
				       "frame = %.0f frames/s (> 50: "
				       "%s)\n",
				       path_name((path_kind)k), r->ns / 1e3, 1e9 / r->ns,
				       1e9 / r->ns > 50 ? "yes" : "no");
		}
	}
	/* 25 */
	int big = 0, big_faster = 0, tiny = 0, tiny_slower = 0;
	for (int i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->table, "build") != 0 || strcmp(r->method, "tetratree") != 0 ||
		    strncmp(r->query_set, "build.fit", 9) == 0)
			continue;
		const row *o = find_row("build", r->model, r->query_set, "octree");
		if (o == NULL)
			continue;
		if (r->triangles >= 700) {
			big++;
			big_faster += r->build_ms < o->build_ms;
		} else if (r->triangles <= 100) {
			tiny++;
			tiny_slower += r->build_ms > o->build_ms;
		}
	}
	if (big > 0)
		printf("  25 build: tetra-tree faster than the octree at equal subdivisions for the models "
		       "of >= 700 faces in "
		       "%d of %d (model x condition x level) cells: %s\n",
		       big_faster, big, big_faster == big ? "HOLDS" : "DOES NOT HOLD");
	if (tiny > 0)
		printf("  25 build: tetra-tree slower than the octree for the tiny models (<= 100 faces) in "
		       "%d of %d cells: %s "
		       "(ours are triangle meshes: no face fanning, the source's reason)\n",
		       tiny_slower, tiny, tiny_slower == tiny ? "HOLDS" : "DOES NOT HOLD");
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/tetratree_study3d.csv";
	bool selected[MODEL_COUNT] = {false}, any_model = false;
	bool parts[5] = {false}, any_part = false; /* build, point, sphere, pair, ratio */
	static const char *const part_names[5] = {"build", "point", "sphere", "pair", "ratio"};
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = true;
		else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc)
			csv_path = argv[++i];
		else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) {
			const char *name = argv[++i];
			bool known = false;
			for (int m = 0; m < MODEL_COUNT; m++)
				if (strcmp(name, model_specs[m].name) == 0)
					selected[m] = any_model = known = true;
			for (int p = 0; p < 5; p++)
				if (strcmp(name, part_names[p]) == 0)
					parts[p] = any_part = known = true;
			if (!known) {
				fprintf(stderr,
				        BENCH_PROGRAM
				        ": unknown case %s (models: complex1 complex2 cat horse golf; parts: "
				        "build point sphere pair ratio)\n",
				        name);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: " BENCH_PROGRAM " [--csv PATH] [--quick] [--case NAME]...\n");
			return 2;
		}
	}
	for (int m = 0; m < MODEL_COUNT; m++)
		selected[m] = selected[m] || !any_model;
	for (int p = 0; p < 5; p++)
		parts[p] = parts[p] || !any_part;

	char machine[512];
	bench_describe_machine(machine, sizeof machine);
	printf("machine: %s%s\n", machine, quick ? " (quick: figures mean little)" : "");
	size_t frames = quick ? FRAMES / 100 : FRAMES;
	printf("source 000's 3D study (5.8); %zu frames a path; CPU time\n", frames);
	printf("models (stand-ins for the source's; bounding radius 1 about the centroid):\n");
	for (int m = 0; m < MODEL_COUNT; m++) {
		if (!selected[m])
			continue;
		if (!make_model(m))
			return 1;
		printf("  %-9s %-22s %6d vertices %6d faces -> %-22s %6d vertices %6d triangles\n",
		       model_specs[m].name, model_specs[m].source_name, model_specs[m].source_vertices,
		       model_specs[m].source_faces, models[m].standin, models[m].vertices,
		       models[m].triangles);
	}
	col_vec3 *positions = bench_checked_malloc(FRAMES * sizeof *positions);
	for (int k = 0; k < 8; k++)
		answers[k] = bench_checked_malloc(FRAMES);
	reference = bench_checked_malloc(FRAMES);

	double started = bench_cpu_seconds(), wall = bench_now_seconds(), times[5] = {0};
	for (int part = 0; part < 5; part++) {
		if (!parts[part])
			continue;
		double t = bench_cpu_seconds();
		switch (part) {
		case 0: table_build(selected); break;
		case 1: table_points(selected, frames, positions); break;
		case 2: table_spheres(selected, frames, positions); break;
		case 3: table_pairs(selected, frames, positions); break;
		default: table_ratios(selected, frames, positions); break;
		}
		times[part] = bench_cpu_seconds() - t;
	}
	acceptance(selected);
	printf("\nCPU seconds: build %.1f, point %.1f, sphere %.1f, pair %.1f, ratio %.1f; total %.1f (wall "
	       "%.1f)\n",
	       times[0], times[1], times[2], times[3], times[4], bench_cpu_seconds() - started,
	       bench_now_seconds() - wall);

	int status = bench_write_csv(csv_path, CSV_HEADER, row_count, write_row);
	printf("disagreements: %lu\n", total_disagreements);
	for (int m = 0; m < MODEL_COUNT; m++) {
		col_tetratree_destroy(models[m].tree);
		col_covering3d_destroy(models[m].covering);
		col_octree_destroy(models[m].octree);
		col_tetratree_destroy(models[m].tree512);
		col_octree_destroy(models[m].octree512);
		col_mesh_destroy(models[m].mesh);
	}
	free(positions);
	for (int k = 0; k < 8; k++)
		free(answers[k]);
	free(reference);
	free(rows);
	return status != 0 ? 1 : total_disagreements == 0 ? 0 : 1;
}
