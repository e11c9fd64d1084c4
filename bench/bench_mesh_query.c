/* The mesh query benchmark: sphere vs mesh and mesh vs mesh on collide's tetra-tree and its bounding
 * volume hierarchy (mesh_bvh.h), beside FCL and CGAL in the same run, on the meshes of
 * bench/mesh_classes.h (the bumpy sphere of docs/benchmarks.md, star-shaped, and four solids that are
 * not: a bumpy torus, two interlocked tori, a thin folded plate, nested shells).
 *
 * Usage: bench_mesh_query [--csv PATH] [--quick] [--case NAME]...
 *   --csv PATH   where the results go (default bench/results/mesh_query.csv)
 *   --quick      a hundredth of the sphere centres and of the poses: a smoke test of the harness, not
 *                a measurement
 *   --case NAME  only these cases: a sphere case ("torus_L5"; any level 2..8), a pair case
 *                ("torus_L5xL5"), a class ("plate": its sphere and pair cases), a size ("L5": every
 *                class's cases at it) or a part ("sphere", "pair"); may be repeated
 *
 * Sphere vs mesh (docs/benchmarks.md): balls of radius 0.05 around the 10^6 uniform points of the 3D
 * query set (stream Q3, the points bench_mesh_point asks), mapped to each mesh's vertex bounding box;
 * meshes of every class at levels 3, 5, 6, 7, 8 (about 1.3k to 1.3M triangles). Methods:
 *   collide.tetratree.solid    col_tetratree_intersects_sphere: the ball meets the solid (a ball
 *                              inside the mesh collides)
 *   collide.tetratree.surface  col_tetratree_sphere_meets_surface: the ball meets the surface (FCL's
 *                              question)
 *   collide.bvh.solid          col_mesh_bvh_intersects_sphere: the ball meets the solid (the centre by
 *                              the BVH's containment octree, then the surface)
 *   collide.bvh.surface        col_mesh_bvh_sphere_meets_surface: the ball meets the surface
 *   collide.brute              col_mesh_intersects_sphere, the engine's oracle (every triangle, then
 *                              the crossing count): meshes of at most BRUTE_SPHERE_MAX_TRIANGLES
 *                              triangles (L3), the first BRUTE_TRIANGLE_VISITS / n centres
 *   fcl                        FCL 0.7, BVHModel<OBBRSSd> vs Sphered (surface semantics)
 * Both tetra-tree methods use one covering cache each (it marks the triangles a query has tested, so
 * a triangle in several leaves is tested once); the BVH needs none.
 *
 * Mesh vs mesh (docs/benchmarks.md): mesh A at identity against mesh B, the same geometry, at each of
 * the 10^4 poses of stream MM (translations up to 4.2, calibrated for about 50% collisions of the
 * bumpy sphere; the other classes keep the same poses, and their collision rate is printed). Cases
 * CLASS_L5xL5 and CLASS_L6xL6. Methods:
 *   collide.dc_tt            col_tetratree_intersects_tetratree, COL_METHOD_TETRATREE (Alg. 5.10),
 *                            with a cache (reset at the start of every run)
 *   collide.dc_tt.no_cache   the same without one
 *   collide.dc_list          COL_METHOD_CONE_LIST (Alg. 5.11), with a cache
 *   collide.bvh              col_mesh_bvh_intersects: the two hierarchies descended together, then a
 *                            vertex of each piece inside the other by the octrees (solid semantics)
 *   collide.bvh.surface      col_mesh_bvh_surfaces_meet: the surfaces alone (FCL's semantics)
 *   collide.brute            col_mesh_intersects_mesh, the engine's oracle (every triangle pair), on
 *                            every ORACLE_STRIDE-th pose at levels up to ORACLE_MAX_LEVEL, for at most
 *                            ORACLE_SECONDS
 *   fcl                      FCL 0.7, BVHModel<OBBRSSd> pair (surface semantics)
 *   cgal.surface             CGAL Rigid_triangle_mesh_collision_detection::get_all_intersections
 *   cgal.solid               get_all_intersections_and_inclusions (solid semantics)
 * Collide's default semantics is solid: one mesh inside the other collides (collide.bvh.surface
 * answers the surface question, to compare with FCL like for like). The three tetra-tree methods
 * share one tree and the two BVH methods one BVH (mesh A and mesh B are the same structure); FCL and
 * CGAL likewise share one structure for both meshes. The BVH is a second structure: it has its own
 * build time and memory on its rows.
 *
 * A method that would take more than about MAX_RUN_SECONDS (PAIR_RUN_SECONDS) for all its centres
 * (poses) gets the prefix one run of that long covers: its first run stops there, and the queries
 * column says how many it got. Timing: CPU time; the first run (which also collects the answers and
 * our statistics) is the first round; then TIMING_ROUNDS - 1 more rounds, each every method of the
 * case in turn, each run repeated until BENCH_MIN_SECONDS; a method keeps its best. A method whose run
 * takes longer than ROUND_MAX_SECONDS is timed in the first round only.
 *
 * Answers are checked. Ours are exact, so any disagreement between our methods, with the oracle, between
 * solid and surface (solid = surface or the centre inside, on the first CONSISTENCY_MAX centres; each
 * structure's pair of methods so, with its own point test) or with the exact tests of the benchmark's own is
 * a wrong answer and fails the run (exit status 2). For spheres the BVH's answers are also compared with the
 * tetra-tree's on the centres both answered; for pairs, the solid methods with each other, and
 * collide.bvh.surface with the exact surface test, with the solid answer (the surfaces meeting implies the
 * solids meet) and with FCL's and cgal.surface's answers. The exact tests: for a ball, every triangle against
 * it exactly (col_triangle_intersects_sphere), then the crossing count for its centre; for a pose, every pair
 * of triangles whose boxes meet (found through a grid over mesh A) exactly (col_triangle_intersects_triangle
 * on B's moved triangles, as col_mesh_intersects_mesh does), then one vertex of each mesh in the other by the
 * crossing count (col_mesh_intersects_mesh's question, answered faster; the two are compared on the oracle's
 * poses). They check EXACT_CENTRES centres spread over each sphere case and every EXACT_POSE_STRIDE-th pose,
 * and decide every disagreement of a peer with ours (at most ADJUDICATE_MAX a case): "missed" (the peer says
 * no, the surfaces meet), "inclusion" (it says no, the surfaces are apart and one body holds the other: by
 * design for a surface-semantics peer), or a false positive (it says yes, the exact answer is no).
 *
 * Reported per method: build time (CPU ms, best of builds, from the raw vertex and index arrays to a
 * structure that answers), memory of the built structure (ours: col_tetratree_get_stats, its own copy of the
 * mesh included, the caches not; the BVH: col_mesh_bvh_get_stats, its copy of the mesh and its containment
 * octree included, the octree's share in its note; FCL: counted from its arrays; CGAL: the change of glibc's
 * mallinfo2() in-use bytes across one build, in a child process without malloc's thread cache), bytes per
 * triangle, time per query (sphere: ns; pose: us), hits. At the end, per case, FCL's time over ours on the
 * same centres (poses): where one of the two stopped at a prefix of the other's, the other is timed again on
 * that prefix. The goals: at least 10x for spheres, at least 2x for mesh pairs (reported, not asserted), each
 * judged on collide's best method of FCL's semantics (surface), with collide's best solid method shown beside
 * it. */
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

#define BENCH_PROGRAM "bench_mesh_query"
#include "bench_common.h"
#include "cases.h"
#include "collide/covering3d.h"
#include "collide/mesh.h"
#include "collide/mesh_bvh.h"
#include "collide/shapes3d.h"
#include "collide/tetratree.h"
#include "mesh_classes.h"
#include "peers/mesh_query_peers.h"

#define SPHERE_RADIUS 0.05
#define MAX_QUERIES   BENCH_QUERY_COUNT   /* sphere centres, docs/benchmarks.md */
#define MAX_POSES     BENCH_MM_POSE_COUNT /* mesh-vs-mesh poses */
/* The brute-force sphere query (every triangle) runs on meshes up to this size (L3), on the first
 * BRUTE_TRIANGLE_VISITS / n centres. */
#define BRUTE_SPHERE_MAX_TRIANGLES 5000
#define BRUTE_TRIANGLE_VISITS      2e7
/* The brute-force mesh pair (every triangle pair) runs at levels up to ORACLE_MAX_LEVEL, on poses
 * 0, ORACLE_STRIDE, 2 ORACLE_STRIDE, ... for at most ORACLE_SECONDS of CPU time. */
#define ORACLE_STRIDE    100
#define ORACLE_MAX_LEVEL 5
#define ORACLE_SECONDS   3.0
/* One run of a method covers at most about this much CPU time: a slower method gets the prefix of
 * the centres (poses) such a run covers. */
#define MAX_RUN_SECONDS  0.5
#define PAIR_RUN_SECONDS 1.5
/* The BVH's methods are fast enough for every centre and pose: their first run may take this long. */
#define BVH_SPHERE_RUN_SECONDS 2.0
#define BVH_PAIR_RUN_SECONDS   2.0
/* As in bench_mesh_point: this class of machine (a 2-core VM) drifts between speeds for seconds at a
 * time, so each method is timed in rounds, every method of the case in turn in each, and keeps its
 * best. A method whose run takes longer than ROUND_MAX_SECONDS is timed in the first round only. */
#define TIMING_ROUNDS     3
#define ROUND_MAX_SECONDS 0.5
/* Peer disagreements decided by the exact tests, per method and case (each costs a pass over the
 * mesh, or over its nearby triangle pairs), and the CPU time they may take. */
#define ADJUDICATE_MAX     200
#define ADJUDICATE_SECONDS 5.0
/* Centres on which solid = surface or centre inside is checked (a point query each). */
#define CONSISTENCY_MAX 100000
/* Our answers checked by the exact tests at every size: centres spread evenly over those answered
 * (each test a pass over the mesh), every EXACT_POSE_STRIDE-th pose; each for at most
 * EXACT_SECONDS a case. */
#define EXACT_CENTRES     200
#define EXACT_POSE_STRIDE 10
#define EXACT_SECONDS     0.5
/* Disagreements printed one by one. */
#define SHOW_DISPUTES 5
/* A class's collision rate this far from the bumpy sphere's 50% is pointed out. */
#define RATE_LOW  0.3
#define RATE_HIGH 0.7
/* The goals of the issue: FCL's time over ours. */
#define SPHERE_GOAL 10.0
#define PAIR_GOAL   2.0

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

/* ---- the cases ---- */

typedef enum case_part { PART_SPHERE, PART_PAIR } case_part;

typedef struct case_data {
	char name[40]; /* "torus_L5" (sphere) or "torus_L5xL5" (pair) */
	case_part part;
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

/* ---- the methods ---- */

typedef enum runner {
	RUN_NONE,
	RUN_SPHERE_SOLID,   /* col_tetratree_intersects_sphere */
	RUN_SPHERE_SURFACE, /* col_tetratree_sphere_meets_surface */
	RUN_SPHERE_BRUTE,   /* col_mesh_intersects_sphere */
	RUN_SPHERE_BVH_SOLID,   /* col_mesh_bvh_intersects_sphere */
	RUN_SPHERE_BVH_SURFACE, /* col_mesh_bvh_sphere_meets_surface */
	RUN_SPHERE_PEER,
	RUN_PAIR_DC_TT, /* col_tetratree_intersects_tetratree, COL_METHOD_TETRATREE, cache */
	RUN_PAIR_DC_TT_NO_CACHE,
	RUN_PAIR_DC_LIST, /* COL_METHOD_CONE_LIST, cache */
	RUN_PAIR_BRUTE,   /* col_mesh_intersects_mesh on every ORACLE_STRIDE-th pose */
	RUN_PAIR_BVH,         /* col_mesh_bvh_intersects */
	RUN_PAIR_BVH_SURFACE, /* col_mesh_bvh_surfaces_meet */
	RUN_PAIR_PEER_SURFACE,
	RUN_PAIR_PEER_SOLID
} runner;

typedef struct method {
	const char *name;      /* "collide.tetratree.solid": the name in tables and CSV */
	const char *label;     /* "solid": its column in the summary */
	const char *library;   /* "collide", "fcl", "cgal" */
	const char *semantics; /* "solid": a body inside the other collides; "surface": only surfaces */
	runner run;
	const bench_query_peer *peer; /* NULL for ours and for a missing peer */
	const char *missing;          /* NULL when built; else the note ("skipped: not found") */
} method;

#define OURS(NAME, LABEL, SEMANTICS, RUN)                                                                    \
	{                                                                                                    \
		NAME, LABEL, "collide", SEMANTICS, RUN, NULL, NULL                                           \
	}
#define PEER(NAME, LABEL, LIBRARY, SEMANTICS, RUN, SYMBOL)                                                   \
	{                                                                                                    \
		NAME, LABEL, LIBRARY, SEMANTICS, RUN, &SYMBOL, NULL                                          \
	}
#define PEER_MISSING(NAME, LABEL, LIBRARY, SEMANTICS)                                                        \
	{                                                                                                    \
		NAME, LABEL, LIBRARY, SEMANTICS, RUN_NONE, NULL, "skipped: not found"                        \
	}

static const method sphere_methods[] = {
    OURS("collide.tetratree.solid", "solid", "solid", RUN_SPHERE_SOLID),
    OURS("collide.tetratree.surface", "surface", "surface", RUN_SPHERE_SURFACE),
    OURS("collide.brute", "brute", "solid", RUN_SPHERE_BRUTE),
    OURS("collide.bvh.solid", "bvh.solid", "solid", RUN_SPHERE_BVH_SOLID),
    OURS("collide.bvh.surface", "bvh.surf", "surface", RUN_SPHERE_BVH_SURFACE),
#ifdef COLLIDE_BENCH_HAVE_FCL
    PEER("fcl", "fcl", "fcl", "surface", RUN_SPHERE_PEER, bench_query_peer_fcl),
#else
    PEER_MISSING("fcl", "fcl", "fcl", "surface"),
#endif
};

static const method pair_methods[] = {
    OURS("collide.dc_tt", "dc_tt", "solid", RUN_PAIR_DC_TT),
    OURS("collide.dc_tt.no_cache", "no_cache", "solid", RUN_PAIR_DC_TT_NO_CACHE),
    OURS("collide.dc_list", "dc_list", "solid", RUN_PAIR_DC_LIST),
    OURS("collide.brute", "brute", "solid", RUN_PAIR_BRUTE),
    OURS("collide.bvh", "bvh", "solid", RUN_PAIR_BVH),
    OURS("collide.bvh.surface", "bvh.surf", "surface", RUN_PAIR_BVH_SURFACE),
#ifdef COLLIDE_BENCH_HAVE_FCL
    PEER("fcl", "fcl", "fcl", "surface", RUN_PAIR_PEER_SURFACE, bench_query_peer_fcl),
#else
    PEER_MISSING("fcl", "fcl", "fcl", "surface"),
#endif
#ifdef COLLIDE_BENCH_HAVE_CGAL
    PEER("cgal.surface", "cgal.surf", "cgal", "surface", RUN_PAIR_PEER_SURFACE, bench_query_peer_cgal),
    PEER("cgal.solid", "cgal.sol", "cgal", "solid", RUN_PAIR_PEER_SOLID, bench_query_peer_cgal),
#else
    PEER_MISSING("cgal.surface", "cgal.surf", "cgal", "surface"),
    PEER_MISSING("cgal.solid", "cgal.sol", "cgal", "solid"),
#endif
};

#define SPHERE_METHOD_COUNT (int)(sizeof sphere_methods / sizeof sphere_methods[0])
#define PAIR_METHOD_COUNT   (int)(sizeof pair_methods / sizeof pair_methods[0])
#define MAX_METHODS         12

static bool is_ours(const method *m)
{
	return strcmp(m->library, "collide") == 0;
}

static bool is_brute(const method *m)
{
	return m->run == RUN_SPHERE_BRUTE || m->run == RUN_PAIR_BRUTE;
}

static bool is_bvh(const method *m)
{
	return m->run == RUN_SPHERE_BVH_SOLID || m->run == RUN_SPHERE_BVH_SURFACE || m->run == RUN_PAIR_BVH ||
	       m->run == RUN_PAIR_BVH_SURFACE;
}

static bool is_surface(const method *m)
{
	return strcmp(m->semantics, "surface") == 0;
}

static bool uses_cache(const method *m)
{
	return m->run == RUN_SPHERE_SOLID || m->run == RUN_SPHERE_SURFACE || m->run == RUN_PAIR_DC_TT ||
	       m->run == RUN_PAIR_DC_LIST;
}

/* ---- results: one CSV row per case x method ---- */

typedef struct row {
	char case_name[40];
	const char *part;       /* "sphere", "pair" */
	const char *kind;       /* "star", "non-star" */
	const char *mesh_class; /* "bumpy", "torus", ... */
	int level, triangles, vertices, components;
	const char *query_set; /* "sphere_r0.05", "mm_poses" */
	size_t queries;
	const char *method, *library, *semantics;
	double ns_per_query; /* NAN when not measured */
	double build_ms;
	long long memory_bytes; /* -1 when not measured */
	double bytes_per_triangle;
	long long hits;            /* -1 when not measured */
	long long disagreements;   /* with our answer (see the head of the file); -1 when nothing compared */
	long long missed;          /* peer: says no where the surfaces meet */
	long long inclusions;      /* peer: says no where the surfaces are apart and one holds the other */
	long long false_positives; /* peer: says yes where the exact answer is no */
	long long adjudicated;     /* disagreements decided by the exact tests */
	double fcl_over_this;      /* FCL's time / this method's (ours only) */
	double cones_per_query;    /* ours: tree nodes visited a query (first round) */
	double tests_per_query;    /* ours: triangles (pairs) tested exactly a query */
	char note[384];
} row;

static row *rows;
static int row_count, row_capacity;

static row *add_row(const case_data *c, const method *m)
{
	row *r;
	rows = (row *)bench_reserve(rows, row_count, &row_capacity, sizeof *rows, 64);
	r = &rows[row_count++];
	memset(r, 0, sizeof *r);
	snprintf(r->case_name, sizeof r->case_name, "%s", c->name);
	r->part = c->part == PART_SPHERE ? "sphere" : "pair";
	r->kind = case_kind(c);
	r->mesh_class = bench_mesh_class_name(c->mesh_class);
	r->level = c->level;
	r->triangles = c->arrays.triangle_count;
	r->vertices = c->arrays.vertex_count;
	r->components = bench_mesh_class_components(c->mesh_class);
	r->query_set = c->part == PART_SPHERE ? "sphere_r0.05" : "mm_poses";
	r->method = m->name;
	r->library = m->library;
	r->semantics = m->semantics;
	r->ns_per_query = r->build_ms = r->bytes_per_triangle = r->fcl_over_this = NAN;
	r->cones_per_query = r->tests_per_query = NAN;
	r->memory_bytes = r->hits = r->disagreements = -1;
	r->missed = r->inclusions = r->false_positives = r->adjudicated = -1;
	return r;
}

static const row *find_row(const char *case_name, const char *method_name)
{
	int i;
	for (i = 0; i < row_count; i++)
		if (strcmp(rows[i].case_name, case_name) == 0 && strcmp(rows[i].method, method_name) == 0)
			return &rows[i];
	return NULL;
}

/* Appends text to a row's note, after "; " when it has one. Commas would split the CSV field. */
static void add_note(row *r, const char *text)
{
	size_t used = strlen(r->note);
	char *p;
	snprintf(r->note + used, sizeof r->note - used, "%s%s", used ? "; " : "", text);
	for (p = r->note + used; *p != '\0'; p++)
		if (*p == ',')
			*p = ';';
}

/* ---- the structures of one case ---- */

typedef struct peer_built {
	const bench_query_peer *peer;
	bench_query_index *index;
	double ms;
	long long bytes;
} peer_built;

typedef struct case_run {
	case_data *c;
	const method *methods;
	int method_count;
	/* ours: one tree for every method (mesh A and B of a pair alike) */
	col_tetratree *tree;
	double tree_ms;
	long long tree_bytes;
	char tree_error[COL_ERROR_MESSAGE_SIZE];
	/* ours: one BVH for the BVH methods (mesh A and B alike), a second structure */
	col_mesh_bvh *bvh;
	double bvh_ms;
	long long bvh_bytes, bvh_octree_bytes;
	char bvh_error[COL_ERROR_MESSAGE_SIZE];
	/* the brute force's mesh (built from the arrays, as the tree) */
	col_mesh *mesh;
	double mesh_ms;
	long long mesh_bytes;
	/* one structure per peer library */
	peer_built peers[MAX_METHODS];
	int peer_count;
	/* per method */
	col_covering3d_cache *cache[MAX_METHODS];
	size_t total[MAX_METHODS]; /* items it may answer */
	size_t done[MAX_METHODS];  /* items it answered: its prefix */
	unsigned char *answers[MAX_METHODS];
	col_query_stats stats[MAX_METHODS];
	int shown[MAX_METHODS]; /* its row */
	bool timed[MAX_METHODS];
	double seconds[MAX_METHODS]; /* best run's CPU seconds */
	/* inputs */
	const col_vec3 *centres;
	const double *xyz;
	const bench_pose *poses;
	const col_transform3 *transforms;
	unsigned char *scratch;
} case_run;

/* Builds by build(context) until BENCH_MIN_SECONDS of CPU time (at least once, at most
 * BENCH_MAX_RUNS times, or until one fails); every build but the last is destroyed by destroy. Returns
 * the best build's CPU ms, or NAN when a build failed; the last build stays in the context. */
static double best_build_ms(bool (*build)(void *), void (*destroy)(void *), void *context)
{
	double best = INFINITY, total = 0.0;
	int runs = 0;
	for (;;) {
		double start = bench_cpu_seconds(), elapsed;
		bool ok = build(context);
		elapsed = bench_cpu_seconds() - start;
		if (!ok)
			return NAN;
		if (elapsed < best)
			best = elapsed;
		total += elapsed;
		runs++;
		if (total >= BENCH_MIN_SECONDS || runs >= BENCH_MAX_RUNS)
			break;
		destroy(context);
	}
	return 1e3 * best;
}

static bool build_tree(void *context)
{
	case_run *r = (case_run *)context;
	col_mesh *mesh = NULL;
	col_error err;
	r->tree = NULL;
	if (col_mesh_create(r->c->vertices, r->c->arrays.vertex_count, r->c->arrays.triangles,
	                    r->c->arrays.triangle_count, &mesh, &err) != COL_OK) {
		snprintf(r->tree_error, sizeof r->tree_error, "%s", err.message);
		return false;
	}
	if (col_tetratree_build(mesh, NULL, &r->tree, &err) != COL_OK) {
		snprintf(r->tree_error, sizeof r->tree_error, "%s", err.message);
		r->tree = NULL;
	}
	col_mesh_destroy(mesh); /* the tree keeps its own copy */
	return r->tree != NULL;
}

static void destroy_tree(void *context)
{
	case_run *r = (case_run *)context;
	col_tetratree_destroy(r->tree);
	r->tree = NULL;
}

/* The BVH as the tree is built: from the raw arrays, its octree included (a solid BVH). */
static bool build_bvh(void *context)
{
	case_run *r = (case_run *)context;
	col_mesh *mesh = NULL;
	col_error err;
	r->bvh = NULL;
	if (col_mesh_create(r->c->vertices, r->c->arrays.vertex_count, r->c->arrays.triangles,
	                    r->c->arrays.triangle_count, &mesh, &err) != COL_OK) {
		snprintf(r->bvh_error, sizeof r->bvh_error, "%s", err.message);
		return false;
	}
	if (col_mesh_bvh_build(mesh, NULL, &r->bvh, &err) != COL_OK) {
		snprintf(r->bvh_error, sizeof r->bvh_error, "%s", err.message);
		r->bvh = NULL;
	}
	col_mesh_destroy(mesh); /* the BVH keeps its own copy */
	return r->bvh != NULL;
}

static void destroy_bvh(void *context)
{
	case_run *r = (case_run *)context;
	col_mesh_bvh_destroy(r->bvh);
	r->bvh = NULL;
}

/* Whether our method m lacks its structure (the tree, or the BVH). */
static bool structure_missing(const case_run *r, const method *m)
{
	if (!is_ours(m) || is_brute(m))
		return false;
	return is_bvh(m) ? r->bvh == NULL : r->tree == NULL;
}

static bool build_mesh(void *context)
{
	case_run *r = (case_run *)context;
	col_error err;
	r->mesh = NULL;
	return col_mesh_create(r->c->vertices, r->c->arrays.vertex_count, r->c->arrays.triangles,
	                       r->c->arrays.triangle_count, &r->mesh, &err) == COL_OK;
}

static void destroy_mesh(void *context)
{
	case_run *r = (case_run *)context;
	col_mesh_destroy(r->mesh);
	r->mesh = NULL;
}

typedef struct peer_job {
	const case_data *c;
	peer_built *p;
} peer_job;

static bool build_peer(void *context)
{
	peer_job *job = (peer_job *)context;
	job->p->index = job->p->peer->build(job->c->arrays.vertices, job->c->arrays.vertex_count,
	                                    job->c->arrays.triangles, job->c->arrays.triangle_count);
	return job->p->index != NULL;
}

static void destroy_peer(void *context)
{
	peer_job *job = (peer_job *)context;
	job->p->peer->destroy(job->p->index);
	job->p->index = NULL;
}

/* The in-use bytes a peer's build adds, measured in a child process: this program again, run as
 * `bench_mesh_query --memory-of CASE LIBRARY` with malloc's per-thread cache of small free chunks
 * turned off (GLIBC_TUNABLES=glibc.malloc.tcache_count=0), as bench_mesh_point does. The child builds
 * the peer's structure of a small mesh once first, so that what a library sets up once per process
 * is not counted. Returns -1 when the child cannot run. */
static long long memory_in_child(const char *case_name, const char *library)
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
		args[3] = (char *)library;
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
	(void)library;
	return -1;
#endif
}

/* The peer built for method m's library, or NULL. */
static peer_built *peer_of(case_run *r, const method *m)
{
	int k;
	for (k = 0; k < r->peer_count; k++)
		if (r->peers[k].peer == m->peer && r->peers[k].index != NULL)
			return &r->peers[k];
	return NULL;
}

/* Builds what the case's methods need: the tree, the BVH, the brute force's mesh when a brute method
 * runs, one structure per peer library; and the caches. */
static void build_structures(case_run *r, bool brute)
{
	int i, k;
	bool bvh = false;
	r->tree_ms = best_build_ms(build_tree, destroy_tree, r);
	r->tree_bytes = r->tree != NULL ? (long long)col_tetratree_get_stats(r->tree).memory_bytes : -1;
	if (r->tree == NULL)
		printf("  collide could not build the tetra-tree: %s\n", r->tree_error);
	for (i = 0; i < r->method_count; i++)
		bvh = bvh || (is_bvh(&r->methods[i]) && r->methods[i].missing == NULL);
	r->bvh_bytes = r->bvh_octree_bytes = -1;
	r->bvh_ms = NAN;
	if (bvh) {
		r->bvh_ms = best_build_ms(build_bvh, destroy_bvh, r);
		if (r->bvh != NULL) {
			col_mesh_bvh_stats s = col_mesh_bvh_get_stats(r->bvh);
			r->bvh_bytes = (long long)s.memory_bytes;
			r->bvh_octree_bytes = (long long)s.octree_bytes;
		} else
			printf("  collide could not build the BVH: %s\n", r->bvh_error);
	}
	if (brute) {
		r->mesh_ms = best_build_ms(build_mesh, destroy_mesh, r);
		r->mesh_bytes = r->mesh != NULL ? (long long)col_mesh_memory_bytes(r->mesh) : -1;
	}
	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		peer_built *p;
		peer_job job;
		if (m->peer == NULL)
			continue;
		for (k = 0; k < r->peer_count; k++)
			if (r->peers[k].peer == m->peer)
				break;
		if (k < r->peer_count)
			continue; /* built for an earlier method of the same library */
		p = &r->peers[r->peer_count++];
		p->peer = m->peer;
		job.c = r->c;
		job.p = p;
		p->ms = best_build_ms(build_peer, destroy_peer, &job);
		if (p->index == NULL) {
			printf("  %s could not build the mesh's structure\n", m->library);
			p->bytes = -1;
			continue;
		}
		if (p->peer->memory_bytes != NULL)
			p->bytes = p->peer->memory_bytes(p->index);
		else
			p->bytes = memory_in_child(r->c->name, p->peer->library);
	}
	for (i = 0; i < r->method_count; i++) {
		col_error err;
		r->cache[i] = NULL;
		if (r->tree != NULL && uses_cache(&r->methods[i]) &&
		    col_covering3d_cache_create(col_tetratree_covering(r->tree), &r->cache[i], &err) !=
		        COL_OK) {
			printf("  no memory for %s's cache: it runs without one\n", r->methods[i].name);
			r->cache[i] = NULL;
		}
	}
}

static void destroy_structures(case_run *r)
{
	int i;
	for (i = 0; i < r->method_count; i++) {
		col_covering3d_cache_destroy(r->cache[i]);
		free(r->answers[i]);
	}
	for (i = 0; i < r->peer_count; i++)
		if (r->peers[i].index != NULL)
			r->peers[i].peer->destroy(r->peers[i].index);
	col_tetratree_destroy(r->tree);
	col_mesh_bvh_destroy(r->bvh);
	col_mesh_destroy(r->mesh);
}

/* ---- running a method ---- */

/* Items [first, first + count) of method i into out[0 .. count). stats may be NULL. A method's cache
 * is reset when it starts from the first item (each run starts cold). */
static void run_items(case_run *r, int i, size_t first, size_t count, unsigned char *out,
                      col_query_stats *stats)
{
	const method *m = &r->methods[i];
	col_covering3d_cache *cache = r->cache[i];
	size_t k;
	if (first == 0 && cache != NULL)
		col_covering3d_cache_reset(cache);
	switch (m->run) {
	case RUN_SPHERE_SOLID:
		for (k = 0; k < count; k++) {
			col_sphere s = {r->centres[first + k], SPHERE_RADIUS};
			out[k] =
			    (unsigned char)col_tetratree_intersects_sphere(r->tree, s, cache, stats, NULL);
		}
		break;
	case RUN_SPHERE_SURFACE:
		for (k = 0; k < count; k++) {
			col_sphere s = {r->centres[first + k], SPHERE_RADIUS};
			out[k] =
			    (unsigned char)col_tetratree_sphere_meets_surface(r->tree, s, cache, stats, NULL);
		}
		break;
	case RUN_SPHERE_BRUTE:
		for (k = 0; k < count; k++) {
			col_sphere s = {r->centres[first + k], SPHERE_RADIUS};
			out[k] = (unsigned char)col_mesh_intersects_sphere(r->mesh, s, stats);
		}
		break;
	case RUN_SPHERE_BVH_SOLID:
		for (k = 0; k < count; k++) {
			col_sphere s = {r->centres[first + k], SPHERE_RADIUS};
			out[k] = (unsigned char)col_mesh_bvh_intersects_sphere(r->bvh, s, stats, NULL);
		}
		break;
	case RUN_SPHERE_BVH_SURFACE:
		for (k = 0; k < count; k++) {
			col_sphere s = {r->centres[first + k], SPHERE_RADIUS};
			out[k] = (unsigned char)col_mesh_bvh_sphere_meets_surface(r->bvh, s, stats, NULL);
		}
		break;
	case RUN_SPHERE_PEER: {
		peer_built *p = peer_of(r, m);
		p->peer->spheres(p->index, r->xyz + 3 * first, count, SPHERE_RADIUS, out);
		break;
	}
	case RUN_PAIR_DC_TT:
	case RUN_PAIR_DC_TT_NO_CACHE:
	case RUN_PAIR_DC_LIST: {
		col_method how = m->run == RUN_PAIR_DC_LIST ? COL_METHOD_CONE_LIST : COL_METHOD_TETRATREE;
		for (k = 0; k < count; k++)
			out[k] = (unsigned char)col_tetratree_intersects_tetratree(
			    r->tree, r->tree, r->transforms[first + k], how, cache, stats, NULL);
		break;
	}
	case RUN_PAIR_BRUTE:
		for (k = 0; k < count; k++)
			out[k] = (unsigned char)col_mesh_intersects_mesh(
			    r->mesh, r->mesh, r->transforms[(first + k) * ORACLE_STRIDE], stats);
		break;
	case RUN_PAIR_BVH:
		for (k = 0; k < count; k++)
			out[k] = (unsigned char)col_mesh_bvh_intersects(
			    r->bvh, r->bvh, r->transforms[first + k], stats, NULL);
		break;
	case RUN_PAIR_BVH_SURFACE:
		for (k = 0; k < count; k++)
			out[k] = (unsigned char)col_mesh_bvh_surfaces_meet(
			    r->bvh, r->bvh, r->transforms[first + k], stats, NULL);
		break;
	case RUN_PAIR_PEER_SURFACE:
	case RUN_PAIR_PEER_SOLID: {
		peer_built *p = peer_of(r, m);
		p->peer->pairs(p->index, (const double *)(r->poses + first), count,
		               m->run == RUN_PAIR_PEER_SOLID, out);
		break;
	}
	case RUN_NONE: break;
	}
}

/* The first run of method i: its items in chunks until all are answered or the run has taken budget
 * seconds of CPU time; the answers kept, our statistics counted. Sets done[i] and seconds[i]. */
static void first_run(case_run *r, int i, double budget)
{
	size_t chunk = r->c->part == PART_SPHERE && !is_brute(&r->methods[i]) ? 256 : 1, done = 0;
	double start = bench_cpu_seconds();
	col_query_stats *stats = is_ours(&r->methods[i]) && !is_brute(&r->methods[i]) ? &r->stats[i] : NULL;
	if (stats != NULL)
		col_query_stats_reset(stats);
	r->answers[i] = (unsigned char *)bench_checked_malloc(r->total[i] ? r->total[i] : 1);
	while (done < r->total[i]) {
		size_t count = r->total[i] - done < chunk ? r->total[i] - done : chunk;
		run_items(r, i, done, count, r->answers[i] + done, stats);
		done += count;
		if (bench_cpu_seconds() - start > budget)
			break;
	}
	r->seconds[i] = bench_cpu_seconds() - start;
	r->done[i] = done;
}

typedef struct timed_run {
	case_run *r;
	int i;
} timed_run;

static void run_prefix(void *context)
{
	timed_run *t = (timed_run *)context;
	run_items(t->r, t->i, 0, t->r->done[t->i], t->r->scratch, NULL);
}

/* The later rounds: every method whose run is short enough again, in turn; each keeps its best. */
static void later_rounds(case_run *r)
{
	int round, i;
	for (round = 1; round < TIMING_ROUNDS; round++)
		for (i = 0; i < r->method_count; i++) {
			timed_run t = {r, i};
			double s;
			if (!r->timed[i] || r->seconds[i] > ROUND_MAX_SECONDS || r->done[i] == 0)
				continue;
			s = bench_best_seconds(run_prefix, &t);
			if (s < r->seconds[i])
				r->seconds[i] = s;
		}
}

/* Method i's CPU ns a query on its first count items: its measured figure when that is its prefix,
 * else a timing of those items (best of runs, as the rounds time). */
static double prefix_ns(case_run *r, int i, size_t count)
{
	timed_run t = {r, i};
	size_t done = r->done[i];
	double s;
	if (count >= done)
		return 1e9 * r->seconds[i] / (double)done;
	r->done[i] = count; /* run_prefix runs done[i] items */
	s = bench_best_seconds(run_prefix, &t);
	r->done[i] = done;
	return 1e9 * s / (double)count;
}

/* FCL's time over each of ours (not the brute force), on the same items: where one of the two
 * stopped at a prefix of the other's, the other is timed again on that prefix (per-query costs differ
 * a lot between poses, so two different prefixes would not compare). */
static void compare_with_fcl(case_run *r)
{
	int i, fcl = -1;
	for (i = 0; i < r->method_count; i++)
		if (r->timed[i] && r->methods[i].peer != NULL && strcmp(r->methods[i].library, "fcl") == 0)
			fcl = i;
	if (fcl < 0)
		return;
	for (i = 0; i < r->method_count; i++) {
		row *w = &rows[r->shown[i]];
		size_t count;
		double ours, theirs;
		if (!r->timed[i] || !is_ours(&r->methods[i]) || is_brute(&r->methods[i]) || r->done[i] == 0)
			continue;
		count = r->done[i] < r->done[fcl] ? r->done[i] : r->done[fcl];
		ours = prefix_ns(r, i, count);
		theirs = prefix_ns(r, fcl, count);
		w->fcl_over_this = theirs / ours;
		if (count < r->done[i] || count < r->done[fcl]) {
			char text[128];
			if (r->c->part == PART_SPHERE)
				snprintf(text, sizeof text,
				         "on the first %zu centres: FCL %.0f ns; this %.0f ns", count, theirs,
				         ours);
			else
				snprintf(text, sizeof text,
				         "on the first %zu poses: FCL %.2f us; this %.2f us", count,
				         1e-3 * theirs, 1e-3 * ours);
			add_note(w, text);
		}
	}
}

/* ---- exact tests of the benchmark's own, for the peers' disagreements ---- */

static double dot3(const double a[3], const double b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Squared distance from p to triangle abc (the closest point by its Voronoi regions, Ericson
 * 5.1.5; as bench_mesh_point's). */
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

/* The distance from p to the mesh's surface (every triangle). */
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

/* Whether the ball meets the mesh's surface: every triangle near it, exactly. The box test only
 * filters (with room for the rounding of centre +- radius). */
static bool ball_meets_surface(const col_mesh *mesh, col_sphere s)
{
	double reach = s.radius * (1.0 + 1e-9) + 1e-12;
	int i, n = col_mesh_triangle_count(mesh);
	for (i = 0; i < n; i++) {
		col_triangle t = col_mesh_triangle(mesh, i);
		if (fmin(t.a.x, fmin(t.b.x, t.c.x)) > s.center.x + reach ||
		    fmax(t.a.x, fmax(t.b.x, t.c.x)) < s.center.x - reach ||
		    fmin(t.a.y, fmin(t.b.y, t.c.y)) > s.center.y + reach ||
		    fmax(t.a.y, fmax(t.b.y, t.c.y)) < s.center.y - reach ||
		    fmin(t.a.z, fmin(t.b.z, t.c.z)) > s.center.z + reach ||
		    fmax(t.a.z, fmax(t.b.z, t.c.z)) < s.center.z - reach)
			continue;
		if (col_triangle_intersects_sphere(t, s))
			return true;
	}
	return false;
}

/* A grid over mesh A's triangles, for the exact pair test: cell (x, y, z) lists the triangles whose
 * boxes reach it. The cell of a coordinate is monotone in it, so two boxes that overlap share a
 * cell: the grid only spares box tests, every pair whose boxes meet is still tested. */
typedef struct pair_grid {
	const col_mesh *mesh;
	col_triangle *triangles;
	col_aabb3 *boxes, bounds;
	int cells[3];
	double cell_size;
	int *start, *items;
	uint32_t *stamp, epoch;
} pair_grid;

static col_aabb3 box_of(col_triangle t)
{
	col_aabb3 b = {{fmin(t.a.x, fmin(t.b.x, t.c.x)), fmin(t.a.y, fmin(t.b.y, t.c.y)),
	                fmin(t.a.z, fmin(t.b.z, t.c.z))},
	               {fmax(t.a.x, fmax(t.b.x, t.c.x)), fmax(t.a.y, fmax(t.b.y, t.c.y)),
	                fmax(t.a.z, fmax(t.b.z, t.c.z))}};
	return b;
}

static bool boxes_meet(col_aabb3 a, col_aabb3 b)
{
	return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
	       a.min.z <= b.max.z && b.min.z <= a.max.z;
}

static int grid_cell(const pair_grid *g, int axis, double v)
{
	double lo = axis == 0 ? g->bounds.min.x : axis == 1 ? g->bounds.min.y : g->bounds.min.z;
	double c = floor((v - lo) / g->cell_size);
	return c < 0.0 ? 0 : c >= (double)g->cells[axis] ? g->cells[axis] - 1 : (int)c;
}

static void grid_range(const pair_grid *g, col_aabb3 b, int lo[3], int hi[3])
{
	lo[0] = grid_cell(g, 0, b.min.x), hi[0] = grid_cell(g, 0, b.max.x);
	lo[1] = grid_cell(g, 1, b.min.y), hi[1] = grid_cell(g, 1, b.max.y);
	lo[2] = grid_cell(g, 2, b.min.z), hi[2] = grid_cell(g, 2, b.max.z);
}

static void grid_build(pair_grid *g, const col_mesh *mesh)
{
	int n = col_mesh_triangle_count(mesh), i, x, y, z, a, cell_count;
	double extent[3], volume;
	memset(g, 0, sizeof *g);
	g->mesh = mesh;
	g->bounds = col_mesh_bounds(mesh);
	g->triangles = (col_triangle *)bench_checked_malloc((size_t)n * sizeof *g->triangles);
	g->boxes = (col_aabb3 *)bench_checked_malloc((size_t)n * sizeof *g->boxes);
	g->stamp = (uint32_t *)calloc((size_t)n + 1, sizeof *g->stamp);
	if (g->stamp == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		exit(1);
	}
	for (i = 0; i < n; i++) {
		g->triangles[i] = col_mesh_triangle(mesh, i);
		g->boxes[i] = box_of(g->triangles[i]);
	}
	/* about 4 cells a triangle, cubic cells */
	extent[0] = g->bounds.max.x - g->bounds.min.x;
	extent[1] = g->bounds.max.y - g->bounds.min.y;
	extent[2] = g->bounds.max.z - g->bounds.min.z;
	volume = fmax(extent[0], 1e-9) * fmax(extent[1], 1e-9) * fmax(extent[2], 1e-9);
	g->cell_size = cbrt(volume / (4.0 * (double)n));
	for (a = 0; a < 3; a++) {
		double c = ceil(extent[a] / g->cell_size);
		g->cells[a] = c < 1.0 ? 1 : c > 1024.0 ? 1024 : (int)c;
	}
	cell_count = g->cells[0] * g->cells[1] * g->cells[2];
	g->start = (int *)calloc((size_t)cell_count + 1, sizeof *g->start);
	if (g->start == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		exit(1);
	}
	for (i = 0; i < n; i++) {
		int lo[3], hi[3];
		grid_range(g, g->boxes[i], lo, hi);
		for (z = lo[2]; z <= hi[2]; z++)
			for (y = lo[1]; y <= hi[1]; y++)
				for (x = lo[0]; x <= hi[0]; x++)
					g->start[(z * g->cells[1] + y) * g->cells[0] + x + 1]++;
	}
	for (i = 0; i < cell_count; i++)
		g->start[i + 1] += g->start[i];
	g->items = (int *)bench_checked_malloc((size_t)(g->start[cell_count] ? g->start[cell_count] : 1) *
	                                       sizeof *g->items);
	{
		int *fill = (int *)bench_checked_malloc((size_t)cell_count * sizeof *fill);
		memcpy(fill, g->start, (size_t)cell_count * sizeof *fill);
		for (i = 0; i < n; i++) {
			int lo[3], hi[3];
			grid_range(g, g->boxes[i], lo, hi);
			for (z = lo[2]; z <= hi[2]; z++)
				for (y = lo[1]; y <= hi[1]; y++)
					for (x = lo[0]; x <= hi[0]; x++)
						g->items[fill[(z * g->cells[1] + y) * g->cells[0] + x]++] = i;
		}
		free(fill);
	}
}

static void grid_free(pair_grid *g)
{
	free(g->triangles);
	free(g->boxes);
	free(g->stamp);
	free(g->start);
	free(g->items);
	memset(g, 0, sizeof *g);
}

/* Whether mesh A's surface (the grid's) and mesh B's (moved by b_to_a) meet: every pair of triangles
 * whose boxes meet, tested exactly on B's moved triangles (col_transform3_apply, as the engine moves
 * them). */
static bool surfaces_meet(pair_grid *g, const col_mesh *b, col_transform3 b_to_a)
{
	int j, n = col_mesh_triangle_count(b);
	for (j = 0; j < n; j++) {
		col_triangle t = col_mesh_triangle(b, j);
		col_aabb3 box;
		int lo[3], hi[3], x, y, z;
		t.a = col_transform3_apply(b_to_a, t.a);
		t.b = col_transform3_apply(b_to_a, t.b);
		t.c = col_transform3_apply(b_to_a, t.c);
		box = box_of(t);
		if (!boxes_meet(box, g->bounds))
			continue;
		if (++g->epoch == 0) {
			memset(g->stamp, 0, (size_t)col_mesh_triangle_count(g->mesh) * sizeof *g->stamp);
			g->epoch = 1;
		}
		grid_range(g, box, lo, hi);
		for (z = lo[2]; z <= hi[2]; z++)
			for (y = lo[1]; y <= hi[1]; y++)
				for (x = lo[0]; x <= hi[0]; x++) {
					int cell = (z * g->cells[1] + y) * g->cells[0] + x, k;
					for (k = g->start[cell]; k < g->start[cell + 1]; k++) {
						int i = g->items[k];
						if (g->stamp[i] == g->epoch)
							continue;
						g->stamp[i] = g->epoch;
						if (boxes_meet(g->boxes[i], box) &&
						    col_triangle_intersects_triangle(g->triangles[i], t))
							return true;
					}
				}
	}
	return false;
}

/* The exact answer for a pose: the surfaces meet, or one vertex of each mesh lies inside the other
 * (the crossing count), as col_mesh_intersects_mesh decides it. *surfaces says which. */
static bool pair_exact(pair_grid *g, const col_mesh *mesh, col_transform3 b_to_a, bool *surfaces)
{
	col_vec3 a0 = col_mesh_triangle(mesh, 0).a;
	*surfaces = surfaces_meet(g, mesh, b_to_a);
	if (*surfaces)
		return true;
	return col_mesh_contains_point(mesh, col_transform3_apply(b_to_a, a0), COL_METHOD_CROSSING, NULL) ||
	       col_mesh_contains_point(mesh, col_transform3_apply_inverse(b_to_a, a0), COL_METHOD_CROSSING,
	                               NULL);
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

static void print_row(const row *r, const char *agreement)
{
	char per_query[32], build[32], memory[32], per_triangle[32];
	if (isnan(r->ns_per_query)) {
		printf("  %-25s %8s  %s\n", r->method, "-", r->note);
		return;
	}
	if (strcmp(r->part, "sphere") == 0)
		bench_format_value(per_query, sizeof per_query, r->ns_per_query, "%.1f");
	else
		bench_format_value(per_query, sizeof per_query, 1e-3 * r->ns_per_query, "%.2f");
	bench_format_value(build, sizeof build, r->build_ms, "%.2f");
	format_bytes(memory, sizeof memory, r->memory_bytes);
	bench_format_value(per_triangle, sizeof per_triangle, r->bytes_per_triangle, "%.0f");
	printf("  %-25s %8zu %10s %10s %9s %6s %8lld  %s\n", r->method, r->queries, per_query, build, memory,
	       per_triangle, r->hits, agreement);
	if (r->note[0] != '\0')
		printf("  %-25s %8s  %s\n", "", "", r->note);
	fflush(stdout);
}

/* The columns of the results file, as write_csv_row writes them (the first six as every results file
 * of collide: the case, its size, the query set, queries, method, library). */
static const char csv_header[] = "case,triangles,query_set,queries,method,library,ns_per_query,build_ms,"
                                 "memory_bytes,bytes_per_triangle,hits,"
                                 "hit_rate,disagreements,missed,inclusions,false_positives,adjudicated,fcl_"
                                 "over_this,semantics,part,kind,class,"
                                 "level,vertices,components,cones_per_query,tests_per_query,note";

static void write_csv_row(FILE *f, int i)
{
	const row *r = &rows[i];
	bench_write_csv_start(f, r->case_name, r->triangles, r->query_set, r->queries, r->method, r->library);
	bench_write_csv_number(f, r->ns_per_query, "%.2f");
	bench_write_csv_number(f, r->build_ms, "%.4f");
	bench_write_csv_integer(f, r->memory_bytes);
	bench_write_csv_number(f, r->bytes_per_triangle, "%.1f");
	bench_write_csv_integer(f, r->hits);
	bench_write_csv_number(f, r->hits >= 0 && r->queries > 0 ? (double)r->hits / (double)r->queries : NAN,
	                       "%.4f");
	bench_write_csv_integer(f, r->disagreements);
	bench_write_csv_integer(f, r->missed);
	bench_write_csv_integer(f, r->inclusions);
	bench_write_csv_integer(f, r->false_positives);
	bench_write_csv_integer(f, r->adjudicated);
	bench_write_csv_number(f, r->fcl_over_this, "%.4g");
	fprintf(f, "%s,%s,%s,%s,%d,%d,%d,", r->semantics, r->part, r->kind, r->mesh_class, r->level,
	        r->vertices, r->components);
	bench_write_csv_number(f, r->cones_per_query, "%.2f");
	bench_write_csv_number(f, r->tests_per_query, "%.2f");
	fprintf(f, "%s\n", r->note);
}

/* ---- the cases: names, meshes ---- */

static const int sphere_levels[] = {3, 5, 6, 7, 8};
static const int pair_levels[] = {5, 6};

/* Makes the case of this name ("torus_L5", "torus_L5xL5"): the mesh generated, copied into a collide
 * mesh and validated. false (and says why) for an unknown name, no memory, or a mesh that is not
 * closed, manifold, oriented outward and of the class's number of pieces: a bug in mesh_classes.h. */
static bool make_case(const char *name, case_data *c)
{
	char class_name[16], rest[16], extra[2];
	col_mesh_report report;
	col_error error;
	int level, level_b, k, expected, got;
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	got = sscanf(name, "%15[a-z]_L%d%15s", class_name, &level, rest);
	if (got == 2)
		c->part = PART_SPHERE;
	else if (got == 3 && sscanf(rest, "xL%d%1s", &level_b, extra) == 1 && level_b == level)
		c->part = PART_PAIR;
	else {
		fprintf(stderr,
		        BENCH_PROGRAM
		        ": no case %s (names are CLASS_Ln for spheres, CLASS_LnxLn for pairs)\n",
		        name);
		return false;
	}
	for (k = 0; k < BENCH_MESH_CLASS_COUNT; k++)
		if (strcmp(class_name, bench_mesh_class_name((bench_mesh_class)k)) == 0)
			break;
	if (k == BENCH_MESH_CLASS_COUNT || level < 2 || level > 8) {
		fprintf(stderr,
		        BENCH_PROGRAM
		        ": no case %s (classes bumpy, torus, tori, plate, shells; levels 2..8)\n",
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
	if (col_mesh_create(c->vertices, c->arrays.vertex_count, c->arrays.triangles,
	                    c->arrays.triangle_count, &c->mesh, &error) != COL_OK) {
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
		fprintf(stderr,
		        BENCH_PROGRAM
		        ": mesh %s is not a closed, oriented, outward mesh of %d piece%s (a bug in "
		        "bench/mesh_classes.h): %d pieces, %d degenerate triangles\n",
		        name, expected, expected == 1 ? "" : "s", report.component_count,
		        report.degenerate_triangle_count);
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

/* Whether a selection takes the case (its name, its class, its size "Ln" or its part). */
static bool selection_takes(const char *selection, const char *name, const char *class_name, int level,
                            const char *part)
{
	char size[8];
	snprintf(size, sizeof size, "L%d", level);
	return strcmp(selection, name) == 0 || strcmp(selection, class_name) == 0 ||
	       strcmp(selection, size) == 0 || strcmp(selection, part) == 0;
}

/* The benchmark's cases: the sphere cases class after class, size after size, then the pair cases
 * likewise; with selections, those that match one (a name not in the list is taken as it is). */
static int list_cases(char names[][40], int capacity, const char *const *selected, int selected_count)
{
	int count = 0, part, k, l, s;
	bool *used = (bool *)calloc((size_t)selected_count + 1, sizeof(bool));
	for (part = 0; part < 2; part++) {
		const int *levels = part == 0 ? sphere_levels : pair_levels;
		int level_count = part == 0 ? (int)(sizeof sphere_levels / sizeof sphere_levels[0])
		                            : (int)(sizeof pair_levels / sizeof pair_levels[0]);
		for (k = 0; k < BENCH_MESH_CLASS_COUNT; k++)
			for (l = 0; l < level_count; l++) {
				const char *class_name = bench_mesh_class_name((bench_mesh_class)k);
				char name[40];
				bool take = selected_count == 0;
				if (part == 0)
					snprintf(name, sizeof name, "%s_L%d", class_name, levels[l]);
				else
					snprintf(name, sizeof name, "%s_L%dxL%d", class_name, levels[l],
					         levels[l]);
				for (s = 0; s < selected_count; s++)
					if (selection_takes(selected[s], name, class_name, levels[l],
					                    part == 0 ? "sphere" : "pair")) {
						take = true;
						used[s] = true;
					}
				if (take && count < capacity)
					snprintf(names[count++], 40, "%s", name);
			}
	}
	for (s = 0; s < selected_count; s++)
		if (!used[s] && count < capacity)
			snprintf(names[count++], 40, "%s", selected[s]); /* make_case says if it is no case */
	free(used);
	return count;
}

/* ---- rows of a case ---- */

/* Adds the rows of a case's methods and sets what every one has: build, memory, time, hits, our
 * statistics. */
static void fill_rows(case_run *r)
{
	int i;
	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		row *w = add_row(r->c, m);
		r->shown[i] = (int)(w - rows);
		if (m->missing != NULL) {
			snprintf(w->note, sizeof w->note, "%s", m->missing);
			continue;
		}
		if (!r->timed[i])
			continue;
		w->queries = r->done[i];
		w->ns_per_query = 1e9 * r->seconds[i] / (double)r->done[i];
		if (is_ours(m) && is_brute(m)) {
			w->build_ms = r->mesh_ms;
			w->memory_bytes = r->mesh_bytes;
		} else if (is_bvh(m)) {
			w->build_ms = r->bvh_ms;
			w->memory_bytes = r->bvh_bytes;
		} else if (is_ours(m)) {
			w->build_ms = r->tree_ms;
			w->memory_bytes = r->tree_bytes;
		} else {
			peer_built *p = peer_of(r, m);
			w->build_ms = p->ms;
			w->memory_bytes = p->bytes;
		}
		if (w->memory_bytes >= 0)
			w->bytes_per_triangle = (double)w->memory_bytes / (double)r->c->arrays.triangle_count;
		{
			size_t k;
			long long hits = 0;
			for (k = 0; k < r->done[i]; k++)
				hits += r->answers[i][k] != 0;
			w->hits = hits;
		}
		if (is_ours(m) && r->stats[i].queries > 0) {
			w->cones_per_query = (double)r->stats[i].nodes_visited / (double)r->stats[i].queries;
			w->tests_per_query =
			    (double)r->stats[i].primitives_tested / (double)r->stats[i].queries;
		}
	}
}

/* The row's note on our statistics: cones (the BVH's nodes; the CSV's cones_per_query column holds
 * them) and exact tests a query, cache hits. */
static void note_stats(case_run *r, int i, const char *tests)
{
	row *w = &rows[r->shown[i]];
	char text[160];
	if (isnan(w->cones_per_query))
		return;
	snprintf(text, sizeof text, "a query: %.1f %s visited and %.1f %s tested exactly", w->cones_per_query,
	         is_bvh(&r->methods[i]) ? "nodes" : "cones", w->tests_per_query, tests);
	add_note(w, text);
	if (r->cache[i] != NULL && r->c->part == PART_PAIR) {
		snprintf(text, sizeof text, "cache hits %llu of %llu",
		         (unsigned long long)r->stats[i].cache_hits, (unsigned long long)r->stats[i].queries);
		add_note(w, text);
	}
}

/* The row's note on the tree (the first of our methods). */
static void note_tree(case_run *r, int i)
{
	col_tetratree_stats s;
	char text[200];
	if (r->tree == NULL)
		return;
	s = col_tetratree_get_stats(r->tree);
	snprintf(text, sizeof text,
	         "tree: %d levels; %d leaves; %zu tetrahedra in leaves (%zu duplicates); at most %d a leaf",
	         s.levels, s.leaves, s.tetrahedra_stored, s.duplicates, s.max_leaf_tetrahedra);
	add_note(&rows[r->shown[i]], text);
}

/* The row's note on the BVH (the first BVH method of a case): its shape, and its memory with the
 * containment octree's share. */
static void note_bvh(case_run *r, int i)
{
	col_mesh_bvh_stats s;
	char text[320], total[32], octree[32];
	if (r->bvh == NULL)
		return;
	s = col_mesh_bvh_get_stats(r->bvh);
	format_bytes(total, sizeof total, (long long)s.memory_bytes);
	format_bytes(octree, sizeof octree, (long long)s.octree_bytes);
	snprintf(text, sizeof text,
	         "bvh: %d nodes; %d leaves; depth %d (mean leaf depth %.1f); at most %d triangles a leaf; "
	         "memory %s of which the containment octree %s (%.0f%%)",
	         s.nodes, s.leaves, s.depth, s.mean_leaf_depth, s.max_leaf_triangles, total, octree,
	         s.memory_bytes ? 100.0 * (double)s.octree_bytes / (double)s.memory_bytes : 0.0);
	add_note(&rows[r->shown[i]], text);
}

static int method_index(const case_run *r, runner run)
{
	int i;
	for (i = 0; i < r->method_count; i++)
		if (r->methods[i].run == run && r->timed[i])
			return i;
	return -1;
}

/* ---- sphere vs mesh ---- */

/* The checks of one structure's two sphere methods (the tetra-tree's, the BVH's), and what they
 * found. */
typedef struct sphere_check {
	int solid, surface;     /* method indices; -1 when not run */
	const char *point_test; /* the structure's point test, for the consistency check */
	long long brute_wrong;  /* solid against the brute force; -1 when not compared */
	size_t brute_compared;
	size_t checked;         /* centres checked by the exact tests */
	long long exact_wrong;
} sphere_check;

/* One structure's sphere methods checked as the head of the file says: solid against the brute
 * force, solid = surface or the centre inside (the structure's own point test), both against the
 * exact tests on centres spread over those answered. Returns the number of wrong answers. */
static long long check_sphere_methods(case_run *r, sphere_check *s, int brute, const case_data *c,
                                      const col_vec3 *centres)
{
	int solid = s->solid, surface = s->surface;
	long long problems = 0;
	size_t k;
	s->brute_wrong = -1;
	s->brute_compared = s->checked = 0;
	s->exact_wrong = 0;
	if (solid >= 0 && brute >= 0) {
		size_t limit = r->done[brute] < r->done[solid] ? r->done[brute] : r->done[solid];
		long long wrong = 0;
		for (k = 0; k < limit; k++)
			if (r->answers[solid][k] != r->answers[brute][k]) {
				if (wrong++ < SHOW_DISPUTES)
					printf("  WRONG: %s says %s at centre %zu (%.17g, %.17g, %.17g); the "
					       "brute "
					       "force says %s\n",
					       r->methods[solid].name, r->answers[solid][k] ? "yes" : "no", k,
					       centres[k].x, centres[k].y, centres[k].z,
					       r->answers[brute][k] ? "yes" : "no");
			}
		rows[r->shown[solid]].disagreements = wrong;
		s->brute_wrong = wrong;
		s->brute_compared = limit;
		problems += wrong;
	}
	if (solid >= 0 && surface >= 0) {
		size_t limit = r->done[solid] < r->done[surface] ? r->done[solid] : r->done[surface];
		bool *inside;
		long long wrong = 0;
		char text[160];
		if (limit > CONSISTENCY_MAX)
			limit = CONSISTENCY_MAX;
		inside = (bool *)bench_checked_malloc((limit ? limit : 1) * sizeof *inside);
		if (is_bvh(&r->methods[solid]))
			col_mesh_bvh_contains_points(r->bvh, centres, limit, inside, NULL);
		else
			col_tetratree_contains_points(r->tree, centres, limit, inside, NULL);
		for (k = 0; k < limit; k++) {
			bool expected = r->answers[surface][k] || inside[k];
			if ((r->answers[solid][k] != 0) != expected && wrong++ < SHOW_DISPUTES)
				printf("  WRONG: at centre %zu (%.17g, %.17g, %.17g) %s says %s, %s %s, the "
				       "centre is %s (%s)\n",
				       k, centres[k].x, centres[k].y, centres[k].z, r->methods[solid].name,
				       r->answers[solid][k] ? "yes" : "no", r->methods[surface].name,
				       r->answers[surface][k] ? "yes" : "no",
				       inside[k] ? "inside" : "outside", s->point_test);
		}
		free(inside);
		problems += wrong;
		rows[r->shown[surface]].disagreements = wrong;
		snprintf(text, sizeof text, "solid = surface or centre inside (%s): checked on %zu centres%s",
		         s->point_test, limit, wrong ? " and WRONG" : "");
		add_note(&rows[r->shown[surface]], text);
	}

	/* A sample of centres at every size: both answers against the exact tests (the ball against every
	 * triangle, then the crossing count for the centre). */
	if (solid >= 0 && surface >= 0) {
		size_t limit = r->done[solid] < r->done[surface] ? r->done[solid] : r->done[surface];
		size_t step = limit / EXACT_CENTRES > 0 ? limit / EXACT_CENTRES : 1;
		double started = bench_cpu_seconds();
		long long wrong = 0;
		char text[128];
		for (k = 0;
		     k < limit && s->checked < EXACT_CENTRES && bench_cpu_seconds() - started < EXACT_SECONDS;
		     k += step) {
			col_sphere ball = {centres[k], SPHERE_RADIUS};
			bool meets = ball_meets_surface(c->mesh, ball);
			bool exact_solid =
			    meets || col_mesh_contains_point(c->mesh, centres[k], COL_METHOD_CROSSING, NULL);
			s->checked++;
			if ((r->answers[surface][k] != 0) == meets &&
			    (r->answers[solid][k] != 0) == exact_solid)
				continue;
			if (wrong++ < SHOW_DISPUTES)
				printf("  WRONG: at centre %zu (%.17g, %.17g, %.17g) %s says %s, %s %s; the "
				       "exact "
				       "tests say %s, %s\n",
				       k, centres[k].x, centres[k].y, centres[k].z, r->methods[solid].name,
				       r->answers[solid][k] ? "yes" : "no", r->methods[surface].name,
				       r->answers[surface][k] ? "yes" : "no", exact_solid ? "yes" : "no",
				       meets ? "yes" : "no");
		}
		problems += wrong;
		s->exact_wrong = wrong;
		snprintf(text, sizeof text, "checked by the exact tests at %zu centres spread over the set%s",
		         s->checked, wrong ? ": WRONG" : "");
		add_note(&rows[r->shown[solid]], text);
	}
	return problems;
}

/* The tetra-tree's answers against the BVH's, solid with solid and surface with surface, on the
 * centres both answered: both are exact, so they must agree. Where they differ the exact tests say
 * which is wrong (beyond ADJUDICATE_MAX or ADJUDICATE_SECONDS, both count as wrong there). Fills
 * compared[i] and wrong[i] per method; returns the number of wrong answers. */
static long long cross_check_spheres(case_run *r, const sphere_check *a, const sphere_check *b,
                                     const case_data *c, const col_vec3 *centres, size_t *compared,
                                     long long *wrong)
{
	long long problems = 0;
	int pass;
	for (pass = 0; pass < 2; pass++) {
		int x = pass == 0 ? a->solid : a->surface, y = pass == 0 ? b->solid : b->surface;
		size_t limit, k;
		long long differ = 0, decided = 0;
		double start = bench_cpu_seconds();
		if (x < 0 || y < 0)
			continue;
		limit = r->done[x] < r->done[y] ? r->done[x] : r->done[y];
		compared[x] = compared[y] = limit;
		for (k = 0; k < limit; k++) {
			col_sphere ball = {centres[k], SPHERE_RADIUS};
			bool exact;
			if ((r->answers[x][k] != 0) == (r->answers[y][k] != 0))
				continue;
			differ++;
			if (decided >= ADJUDICATE_MAX || bench_cpu_seconds() - start > ADJUDICATE_SECONDS) {
				wrong[x]++;
				wrong[y]++;
				problems++;
				continue;
			}
			exact = ball_meets_surface(c->mesh, ball) ||
			        (pass == 0 &&
			         col_mesh_contains_point(c->mesh, centres[k], COL_METHOD_CROSSING, NULL));
			decided++;
			if ((r->answers[x][k] != 0) != exact)
				wrong[x]++;
			else
				wrong[y]++;
			problems++;
			if (differ <= SHOW_DISPUTES)
				printf("  WRONG: at centre %zu (%.17g, %.17g, %.17g) %s says %s, %s %s; the "
				       "exact "
				       "test says %s\n",
				       k, centres[k].x, centres[k].y, centres[k].z, r->methods[x].name,
				       r->answers[x][k] ? "yes" : "no", r->methods[y].name,
				       r->answers[y][k] ? "yes" : "no", exact ? "yes" : "no");
		}
		if (differ > 0)
			printf("  WRONG: %s and %s differ at %lld of %zu centres (%lld decided by the exact "
			       "tests)\n",
			       r->methods[x].name, r->methods[y].name, differ, limit, decided);
	}
	return problems;
}

/* Measures every sphere method on one mesh; returns the number of wrong answers of ours. */
static long long bench_sphere_case(case_data *c, const double *unit, size_t query_count)
{
	case_run run;
	case_run *r = &run;
	int n = c->arrays.triangle_count, i, brute, fcl, reference;
	sphere_check tt, bv;
	size_t cross_compared[MAX_METHODS] = {0};
	long long cross_wrong[MAX_METHODS] = {0};
	double *xyz = (double *)bench_checked_malloc(3 * query_count * sizeof *xyz);
	col_vec3 *centres = (col_vec3 *)bench_checked_malloc(query_count * sizeof *centres);
	long long problems = 0;
	size_t k;

	printf("\n%s (%s), sphere r = %g: %d triangles, %d vertices, %d piece%s, bbox [%.4f, %.4f] x [%.4f, "
	       "%.4f] x "
	       "[%.4f, %.4f]\n",
	       c->name, case_kind(c), SPHERE_RADIUS, n, c->arrays.vertex_count,
	       bench_mesh_class_components(c->mesh_class),
	       bench_mesh_class_components(c->mesh_class) == 1 ? "" : "s", c->box[0], c->box[3], c->box[1],
	       c->box[4], c->box[2], c->box[5]);
	bench_map3(unit, query_count, c->box, xyz);
	for (k = 0; k < query_count; k++) {
		centres[k].x = xyz[3 * k];
		centres[k].y = xyz[3 * k + 1];
		centres[k].z = xyz[3 * k + 2];
	}
	memset(r, 0, sizeof *r);
	r->c = c;
	r->methods = sphere_methods;
	r->method_count = SPHERE_METHOD_COUNT;
	r->centres = centres;
	r->xyz = xyz;
	r->scratch = (unsigned char *)bench_checked_malloc(query_count);
	build_structures(r, n <= BRUTE_SPHERE_MAX_TRIANGLES);

	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		double budget = is_bvh(m) ? BVH_SPHERE_RUN_SECONDS : MAX_RUN_SECONDS;
		r->total[i] = query_count;
		if (m->missing != NULL || structure_missing(r, m) ||
		    (m->peer != NULL && peer_of(r, m) == NULL))
			continue;
		if (is_brute(m)) {
			double q =
			    BRUTE_TRIANGLE_VISITS / (double)n * (double)query_count / (double)MAX_QUERIES;
			if (n > BRUTE_SPHERE_MAX_TRIANGLES || r->mesh == NULL)
				continue;
			r->total[i] = q < 1.0 ? 1 : q < (double)query_count ? (size_t)q : query_count;
			budget = INFINITY;
		}
		first_run(r, i, budget);
		r->timed[i] = true;
	}
	tt.solid = method_index(r, RUN_SPHERE_SOLID);
	tt.surface = method_index(r, RUN_SPHERE_SURFACE);
	tt.point_test = "col_tetratree_contains_points";
	bv.solid = method_index(r, RUN_SPHERE_BVH_SOLID);
	bv.surface = method_index(r, RUN_SPHERE_BVH_SURFACE);
	bv.point_test = "col_mesh_bvh_contains_points";
	brute = method_index(r, RUN_SPHERE_BRUTE);
	fcl = method_index(r, RUN_SPHERE_PEER);
	later_rounds(r);
	fill_rows(r);

	/* Ours: each structure's solid answer against the oracle, solid = surface or the centre inside,
	 * a sample against the exact tests; then the two structures against each other. */
	problems += check_sphere_methods(r, &tt, brute, c, centres);
	problems += check_sphere_methods(r, &bv, brute, c, centres);
	problems += cross_check_spheres(r, &tt, &bv, c, centres, cross_compared, cross_wrong);

	/* FCL against our surface answer (the surface method that answered the most centres: they agree,
	 * checked above); each disagreement decided by the exact test. */
	reference = bv.surface;
	if (reference < 0 || (tt.surface >= 0 && r->done[tt.surface] > r->done[reference]))
		reference = tt.surface;
	if (fcl >= 0 && reference >= 0) {
		row *w = &rows[r->shown[fcl]];
		size_t limit = r->done[fcl] < r->done[reference] ? r->done[fcl] : r->done[reference];
		double start = bench_cpu_seconds();
		long long ours_wrong = 0;
		char text[200];
		w->disagreements = w->missed = w->false_positives = w->adjudicated = 0;
		for (k = 0; k < limit; k++) {
			bool peer_says = r->answers[fcl][k] != 0, we_say = r->answers[reference][k] != 0,
			     exact;
			col_sphere s = {centres[k], SPHERE_RADIUS};
			if (peer_says == we_say)
				continue;
			w->disagreements++;
			if (w->adjudicated >= ADJUDICATE_MAX ||
			    bench_cpu_seconds() - start > ADJUDICATE_SECONDS)
				continue;
			exact = ball_meets_surface(r->mesh != NULL ? r->mesh : c->mesh, s);
			w->adjudicated++;
			if (exact != we_say)
				ours_wrong++;
			else if (exact)
				w->missed++;
			else
				w->false_positives++;
			if (w->adjudicated <= SHOW_DISPUTES) {
				double gap = surface_distance(&c->arrays, xyz + 3 * k) - SPHERE_RADIUS;
				printf("  fcl says %s at centre %zu (%.17g, %.17g, %.17g): the exact answer "
				       "is %s; distance to the "
				       "surface - r = %.3g\n",
				       peer_says ? "yes" : "no", k, centres[k].x, centres[k].y, centres[k].z,
				       exact ? "yes" : "no", gap);
			}
		}
		if (ours_wrong > 0) {
			printf("  WRONG: %s differs from the exact test at %lld centres\n",
			       r->methods[reference].name, ours_wrong);
			problems += ours_wrong;
		}
		snprintf(text, sizeof text, "compared with %s on the first %zu centres",
		         r->methods[reference].name, limit);
		add_note(w, text);
	}

	compare_with_fcl(r);

	/* notes */
	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		row *w = &rows[r->shown[i]];
		char text[160];
		if (m->missing != NULL)
			continue;
		if (!r->timed[i]) {
			if (is_brute(m))
				snprintf(w->note, sizeof w->note,
				         "skipped: visits every triangle per query; run on meshes of at most "
				         "%d triangles",
				         BRUTE_SPHERE_MAX_TRIANGLES);
			else
				snprintf(w->note, sizeof w->note,
				         "not run: its structure could not be built");
			continue;
		}
		if (r->done[i] < query_count) {
			snprintf(text, sizeof text,
			         is_brute(m) ? "the first %zu centres only (O(n) a query)"
			                     : "the first %zu centres only (one run of about %g s)",
			         r->done[i], is_bvh(m) ? BVH_SPHERE_RUN_SECONDS : MAX_RUN_SECONDS);
			add_note(w, text);
		}
		if (i == tt.solid)
			note_tree(r, i);
		if (i == (bv.solid >= 0 ? bv.solid : bv.surface))
			note_bvh(r, i);
		note_stats(r, i, "triangles");
	}

	printf("  %-25s %8s %10s %10s %9s %6s %8s  %s\n", "method", "centres", "ns/query", "build ms",
	       "memory", "B/tri", "hits", "agreement");
	for (i = 0; i < r->method_count; i++) {
		const row *w = &rows[r->shown[i]];
		const sphere_check *s = i == tt.solid || i == tt.surface   ? &tt
		                        : i == bv.solid || i == bv.surface ? &bv
		                                                           : NULL;
		char agreement[240];
		if (s != NULL && i == s->solid && s->brute_wrong > 0)
			snprintf(agreement, sizeof agreement,
			         "WRONG at %lld of %zu centres (the brute force)", s->brute_wrong,
			         s->brute_compared);
		else if (s != NULL && i == s->solid && s->brute_wrong == 0)
			snprintf(agreement, sizeof agreement, "yes (the brute force on %zu)",
			         s->brute_compared);
		else if (s != NULL && i == s->solid && s->exact_wrong == 0)
			snprintf(agreement, sizeof agreement, "yes (the exact tests at %zu centres)",
			         s->checked);
		else if (s != NULL && i == s->solid)
			snprintf(agreement, sizeof agreement,
			         "WRONG at %lld of %zu centres (the exact tests)", s->exact_wrong,
			         s->checked);
		else if (s != NULL && i == s->surface && w->disagreements >= 0)
			snprintf(agreement, sizeof agreement,
			         w->disagreements ? "WRONG: %lld not solid-consistent" : "consistent",
			         w->disagreements);
		else if (i == fcl && w->disagreements == 0)
			snprintf(agreement, sizeof agreement, "yes (with %s)", r->methods[reference].label);
		else if (i == fcl && w->disagreements > 0)
			snprintf(agreement, sizeof agreement,
			         "%lld differ from %s: %lld checked: %lld missed; %lld false positives",
			         w->disagreements, r->methods[reference].label, w->adjudicated, w->missed,
			         w->false_positives);
		else if (i == brute && r->timed[i])
			snprintf(agreement, sizeof agreement, "the oracle");
		else
			snprintf(agreement, sizeof agreement, "-");
		if (s != NULL && cross_compared[i] > 0) {
			size_t used = strlen(agreement);
			const char *other = s == &tt ? "the BVH" : "the tetra-tree";
			if (cross_wrong[i] > 0)
				snprintf(agreement + used, sizeof agreement - used,
				         "; WRONG at %lld where %s differs", cross_wrong[i], other);
			else
				snprintf(agreement + used, sizeof agreement - used, "; = %s on %zu", other,
				         cross_compared[i]);
		}
		print_row(w, agreement);
	}

	destroy_structures(r);
	free(r->scratch);
	free(xyz);
	free(centres);
	return problems;
}

/* ---- mesh vs mesh ---- */

/* Measures every pair method on one mesh against itself at the poses; returns the number of wrong
 * answers of ours. */
static long long bench_pair_case(case_data *c, const bench_pose *poses, const col_transform3 *transforms,
                                 size_t pose_count)
{
	case_run run;
	case_run *r = &run;
	pair_grid grid;
	int n = c->arrays.triangle_count, i, reference_method, brute, solid_peer, surface, tree_method,
	    bvh_method;
	long long problems = 0, disputed = 0, settled = 0;
	char surface_agreement[240] = "";
	size_t reference_count;
	bool no_cache_skipped = false;
	unsigned char *reference = (unsigned char *)bench_checked_malloc(pose_count);
	signed char *exact_surfaces = (signed char *)bench_checked_malloc(pose_count); /* -1: not decided */
	signed char *exact_answer = (signed char *)bench_checked_malloc(pose_count);
	double start;
	size_t k;

	printf("\n%s (%s), mesh vs mesh: %d triangles each, %d vertices, %d piece%s, bbox [%.4f, %.4f] x "
	       "[%.4f, %.4f] "
	       "x [%.4f, %.4f]\n",
	       c->name, case_kind(c), n, c->arrays.vertex_count, bench_mesh_class_components(c->mesh_class),
	       bench_mesh_class_components(c->mesh_class) == 1 ? "" : "s", c->box[0], c->box[3], c->box[1],
	       c->box[4], c->box[2], c->box[5]);
	memset(r, 0, sizeof *r);
	r->c = c;
	r->methods = pair_methods;
	r->method_count = PAIR_METHOD_COUNT;
	r->poses = poses;
	r->transforms = transforms;
	r->scratch = (unsigned char *)bench_checked_malloc(pose_count);
	build_structures(r, c->level <= ORACLE_MAX_LEVEL);
	grid_build(&grid, c->mesh);
	memset(exact_surfaces, -1, pose_count);
	memset(exact_answer, -1, pose_count);

	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		double budget = is_bvh(m) ? BVH_PAIR_RUN_SECONDS : PAIR_RUN_SECONDS;
		r->total[i] = pose_count;
		if (m->missing != NULL || structure_missing(r, m) ||
		    (m->peer != NULL && peer_of(r, m) == NULL))
			continue;
		if (is_brute(m)) {
			if (c->level > ORACLE_MAX_LEVEL || r->mesh == NULL)
				continue;
			r->total[i] = (pose_count + ORACLE_STRIDE - 1) / ORACLE_STRIDE;
			budget = ORACLE_SECONDS;
		}
		if (m->run == RUN_PAIR_DC_TT_NO_CACHE) {
			int with_cache = method_index(r, RUN_PAIR_DC_TT);
			if (with_cache >= 0 && r->done[with_cache] < pose_count) {
				no_cache_skipped = true; /* DC-TT itself ran out of time: not cheap */
				continue;
			}
		}
		first_run(r, i, budget);
		r->timed[i] = true;
	}
	brute = method_index(r, RUN_PAIR_BRUTE);
	surface = method_index(r, RUN_PAIR_BVH_SURFACE);
	later_rounds(r);
	fill_rows(r);

	/* The reference: the answers of the first of our solid methods that answered the most poses
	 * (collide.bvh, or DC-TT where the BVH is missing and DC-TT did not run out of time on a prefix);
	 * where one of ours disagrees with it, the exact test decides. Every disagreement of ours is a
	 * wrong answer. collide.bvh.surface answers the other question: it is checked on its own below. */
	reference_method = -1;
	for (i = 0; i < r->method_count; i++)
		if (r->timed[i] && is_ours(&r->methods[i]) && !is_brute(&r->methods[i]) &&
		    !is_surface(&r->methods[i]) &&
		    (reference_method < 0 || r->done[i] > r->done[reference_method]))
			reference_method = i;
	reference_count = reference_method >= 0 ? r->done[reference_method] : 0;
	start = bench_cpu_seconds();
	if (reference_method >= 0) {
		memcpy(reference, r->answers[reference_method], reference_count);
		for (k = 0; k < reference_count; k++) {
			bool dispute = false;
			for (i = 0; i < r->method_count; i++)
				if (r->timed[i] && is_ours(&r->methods[i]) && !is_brute(&r->methods[i]) &&
				    !is_surface(&r->methods[i]) && k < r->done[i] &&
				    r->answers[i][k] != reference[k])
					dispute = true;
			if (brute >= 0 && k % ORACLE_STRIDE == 0 && k / ORACLE_STRIDE < r->done[brute] &&
			    r->answers[brute][k / ORACLE_STRIDE] != reference[k])
				dispute = true;
			if (!dispute)
				continue;
			disputed++;
			if (settled < ADJUDICATE_MAX && bench_cpu_seconds() - start < ADJUDICATE_SECONDS) {
				bool surfaces, exact = pair_exact(&grid, c->mesh, transforms[k], &surfaces);
				exact_surfaces[k] = (signed char)surfaces;
				exact_answer[k] = (signed char)exact;
				settled++;
				if (settled <= SHOW_DISPUTES) {
					printf("  our methods disagree at pose %zu: the exact test says %s;",
					       k, exact ? "yes" : "no");
					for (i = 0; i < r->method_count; i++)
						if (r->timed[i] && is_ours(&r->methods[i]) &&
						    !is_surface(&r->methods[i])) {
							size_t at =
							    is_brute(&r->methods[i]) ? k / ORACLE_STRIDE : k;
							if (is_brute(&r->methods[i]) &&
							    k % ORACLE_STRIDE != 0)
								continue;
							if (at < r->done[i])
								printf(" %s %s", r->methods[i].name,
								       r->answers[i][at] ? "yes" : "no");
						}
					printf("\n");
				}
				reference[k] = (unsigned char)exact;
			}
		}
		if (disputed > 0)
			printf("  %lld pose%s disputed between our methods; the exact test decided %lld\n",
			       disputed, disputed == 1 ? "" : "s", settled);
		for (i = 0; i < r->method_count; i++) {
			row *w = &rows[r->shown[i]];
			if (!r->timed[i] || !is_ours(&r->methods[i]) || is_surface(&r->methods[i]))
				continue;
			w->disagreements = 0;
			for (k = 0; k < r->done[i]; k++) {
				size_t pose = is_brute(&r->methods[i]) ? k * ORACLE_STRIDE : k;
				if (pose < reference_count &&
				    (r->answers[i][k] != 0) != (reference[pose] != 0))
					w->disagreements++;
			}
			problems += w->disagreements;
		}
	}

	/* Our answer against the exact test on every EXACT_POSE_STRIDE-th pose (a wrong one is counted
	 * with the others at the end). */
	if (reference_method >= 0) {
		double started = bench_cpu_seconds();
		long long checked = 0;
		char text[128];
		for (k = 0; k < reference_count && bench_cpu_seconds() - started < EXACT_SECONDS;
		     k += EXACT_POSE_STRIDE) {
			bool surfaces;
			if (exact_answer[k] < 0) {
				exact_answer[k] =
				    (signed char)pair_exact(&grid, c->mesh, transforms[k], &surfaces);
				exact_surfaces[k] = (signed char)surfaces;
			}
			checked++;
		}
		snprintf(text, sizeof text,
		         "checked by the exact test at every %dth pose: %lld poses in %.1f s",
		         EXACT_POSE_STRIDE, checked, bench_cpu_seconds() - started);
		add_note(&rows[r->shown[reference_method]], text);
	}

	/* The benchmark's exact test against the engine's oracle on the oracle's poses (a check of the
	 * harness: they answer the same question the same way). */
	if (brute >= 0) {
		long long differ = 0;
		for (k = 0; k < r->done[brute]; k++) {
			size_t pose = k * ORACLE_STRIDE;
			bool surfaces, exact;
			if (exact_answer[pose] < 0) {
				exact = pair_exact(&grid, c->mesh, transforms[pose], &surfaces);
				exact_answer[pose] = (signed char)exact;
				exact_surfaces[pose] = (signed char)surfaces;
			}
			if ((exact_answer[pose] != 0) != (r->answers[brute][k] != 0)) {
				differ++;
				printf("  HARNESS: the benchmark's exact test says %s at pose %zu, "
				       "col_mesh_intersects_mesh %s\n",
				       exact_answer[pose] ? "yes" : "no", pose,
				       r->answers[brute][k] ? "yes" : "no");
			}
		}
		problems += differ;
	}

	/* The peers against our answer; each disagreement decided by the exact test. */
	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		row *w = &rows[r->shown[i]];
		long long shown = 0;
		size_t limit = r->done[i] < reference_count ? r->done[i] : reference_count;
		double peer_start = bench_cpu_seconds();
		char text[96];
		if (!r->timed[i] || is_ours(m) || reference_method < 0)
			continue;
		w->disagreements = w->missed = w->inclusions = w->false_positives = w->adjudicated = 0;
		for (k = 0; k < limit; k++) {
			bool peer_says = r->answers[i][k] != BENCH_QUERY_APART, we_say = reference[k] != 0,
			     exact, surfaces;
			if (peer_says == we_say)
				continue;
			w->disagreements++;
			if (exact_answer[k] < 0) {
				if (w->adjudicated >= ADJUDICATE_MAX ||
				    bench_cpu_seconds() - peer_start > ADJUDICATE_SECONDS)
					continue;
				exact = pair_exact(&grid, c->mesh, transforms[k], &surfaces);
				exact_answer[k] = (signed char)exact;
				exact_surfaces[k] = (signed char)surfaces;
			}
			exact = exact_answer[k] != 0;
			surfaces = exact_surfaces[k] != 0;
			w->adjudicated++;
			if (exact != we_say)
				continue; /* ours is wrong there: counted below */
			if (!peer_says && surfaces)
				w->missed++;
			else if (!peer_says)
				w->inclusions++;
			else
				w->false_positives++;
			if (shown++ < SHOW_DISPUTES)
				printf("  %s says %s at pose %zu: the exact answer is %s (the surfaces %s)\n",
				       m->name, peer_says ? "yes" : "no", k, exact ? "yes" : "no",
				       surfaces ? "meet" : "are apart");
		}
		if (r->done[i] < pose_count) {
			snprintf(text, sizeof text, "the first %zu poses only (one run of about %g s)",
			         r->done[i], PAIR_RUN_SECONDS);
			add_note(w, text);
		}
		if (limit < r->done[i]) {
			snprintf(text, sizeof text, "compared with collide on the first %zu poses", limit);
			add_note(w, text);
		}
		if (m->run == RUN_PAIR_PEER_SOLID) {
			long long included = 0;
			for (k = 0; k < r->done[i]; k++)
				included += r->answers[i][k] == BENCH_QUERY_INCLUDED;
			snprintf(text, sizeof text, "CGAL found %lld inclusions", included);
			add_note(w, text);
		}
	}

	/* collide.bvh.surface: against the exact surface test wherever it was asked, against the solid
	 * answer (where the surfaces meet the solids meet), and against the surface peers (FCL,
	 * cgal.surface), each disagreement decided by the exact test. */
	if (surface >= 0) {
		row *w = &rows[r->shown[surface]];
		long long wrong = 0, inconsistent = 0, exact_checked = 0;
		size_t used;
		for (k = 0; k < r->done[surface] && k < pose_count; k++)
			if (reference_method >= 0 && k < reference_count && r->answers[surface][k] &&
			    !reference[k] && inconsistent++ < SHOW_DISPUTES)
				printf("  WRONG: at pose %zu collide.bvh.surface says the surfaces meet, "
				       "collide's "
				       "solid answer says no\n",
				       k);
		for (i = 0; i < r->method_count; i++) {
			const method *m = &r->methods[i];
			size_t limit = r->done[i] < r->done[surface] ? r->done[i] : r->done[surface];
			long long differ = 0, decided = 0;
			double peer_start = bench_cpu_seconds();
			if (!r->timed[i] || m->run != RUN_PAIR_PEER_SURFACE)
				continue;
			for (k = 0; k < limit; k++) {
				bool peer_says = r->answers[i][k] != BENCH_QUERY_APART,
				     we_say = r->answers[surface][k] != 0, surfaces;
				if (peer_says == we_say)
					continue;
				differ++;
				if (exact_answer[k] < 0) {
					if (decided >= ADJUDICATE_MAX ||
					    bench_cpu_seconds() - peer_start > ADJUDICATE_SECONDS)
						continue;
					exact_answer[k] =
					    (signed char)pair_exact(&grid, c->mesh, transforms[k], &surfaces);
					exact_surfaces[k] = (signed char)surfaces;
				}
				decided++;
			}
			used = strlen(surface_agreement);
			if (differ == 0)
				snprintf(surface_agreement + used, sizeof surface_agreement - used,
				         "; %s same on %zu", m->label, limit);
			else
				snprintf(surface_agreement + used, sizeof surface_agreement - used,
				         "; %s differs at %lld (%lld decided)", m->label, differ, decided);
		}
		for (k = 0; k < r->done[surface] && k < pose_count; k++) {
			if (exact_surfaces[k] < 0)
				continue;
			exact_checked++;
			if ((exact_surfaces[k] != 0) != (r->answers[surface][k] != 0) &&
			    wrong++ < SHOW_DISPUTES)
				printf("  WRONG: at pose %zu collide.bvh.surface says %s; the exact test "
				       "says the "
				       "surfaces %s\n",
				       k, r->answers[surface][k] ? "yes" : "no",
				       exact_surfaces[k] ? "meet" : "are apart");
		}
		w->disagreements = wrong + inconsistent;
		problems += wrong + inconsistent;
		if (wrong > 0 || inconsistent > 0)
			snprintf(surface_agreement, sizeof surface_agreement,
			         "WRONG at %lld poses (the exact surface test), %lld not solid-consistent",
			         wrong, inconsistent);
		else {
			char tail[sizeof surface_agreement];
			snprintf(tail, sizeof tail, "%s", surface_agreement);
			snprintf(surface_agreement, sizeof surface_agreement,
			         "yes (exact at %lld; solid-consistent%.180s)", exact_checked, tail);
		}
	}

	/* Every pose where the exact test was asked (our checks, the peers' disagreements) and our answer
	 * differs from it: a wrong answer of all of our methods there. */
	{
		long long wrong = 0;
		for (k = 0; k < reference_count; k++)
			if (exact_answer[k] >= 0 && (exact_answer[k] != 0) != (reference[k] != 0) &&
			    wrong++ < SHOW_DISPUTES)
				printf("  WRONG: at pose %zu collide says %s; the exact test says %s (the "
				       "surfaces %s)\n",
				       k, reference[k] ? "yes" : "no", exact_answer[k] ? "yes" : "no",
				       exact_surfaces[k] ? "meet" : "are apart");
		if (wrong > 0)
			printf("  WRONG: collide's answer differs from the exact test at %lld poses\n",
			       wrong);
		problems += wrong;
	}

	compare_with_fcl(r);

	/* notes; the tree's on the first tetra-tree method, the BVH's on the first BVH method */
	tree_method = bvh_method = -1;
	for (i = r->method_count - 1; i >= 0; i--)
		if (r->timed[i] && is_ours(&r->methods[i]) && !is_brute(&r->methods[i])) {
			if (is_bvh(&r->methods[i]))
				bvh_method = i;
			else
				tree_method = i;
		}
	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		row *w = &rows[r->shown[i]];
		char text[160];
		if (m->missing != NULL || !is_ours(m))
			continue;
		if (!r->timed[i]) {
			if (is_brute(m))
				snprintf(w->note, sizeof w->note,
				         "skipped: every triangle pair; run at levels up to %d",
				         ORACLE_MAX_LEVEL);
			else if (m->run == RUN_PAIR_DC_TT_NO_CACHE && no_cache_skipped)
				snprintf(w->note, sizeof w->note,
				         "skipped: DC-TT with its cache stopped at a prefix (the poses are "
				         "unrelated: the cache "
				         "misses; timed where it is cheap)");
			else
				snprintf(w->note, sizeof w->note, "not run: the %s could not be built",
				         is_bvh(m) ? "BVH" : "tree");
			continue;
		}
		if (is_brute(m)) {
			snprintf(text, sizeof text, "every %dth pose: %zu of %zu (at most %g s)",
			         ORACLE_STRIDE, r->done[i], r->total[i], ORACLE_SECONDS);
			add_note(w, text);
		} else if (r->done[i] < pose_count) {
			snprintf(text, sizeof text, "the first %zu poses only (one run of about %g s)",
			         r->done[i], is_bvh(m) ? BVH_PAIR_RUN_SECONDS : PAIR_RUN_SECONDS);
			add_note(w, text);
		}
		if (i == tree_method)
			note_tree(r, i);
		if (i == bvh_method)
			note_bvh(r, i);
		note_stats(r, i, "triangle pairs");
	}

	printf("  %-25s %8s %10s %10s %9s %6s %8s  %s\n", "method", "poses", "us/pose", "build ms", "memory",
	       "B/tri", "hits", "agreement");
	for (i = 0; i < r->method_count; i++) {
		const method *m = &r->methods[i];
		const row *w = &rows[r->shown[i]];
		char agreement[320];
		if (!r->timed[i] || w->disagreements < 0)
			snprintf(agreement, sizeof agreement, "-");
		else if (i == surface)
			snprintf(agreement, sizeof agreement, "%s", surface_agreement);
		else if (is_ours(m))
			snprintf(agreement, sizeof agreement,
			         w->disagreements ? "WRONG at %lld poses" : "yes", w->disagreements);
		else if (w->disagreements == 0)
			snprintf(agreement, sizeof agreement, "yes");
		else
			snprintf(
			    agreement, sizeof agreement,
			    "%lld differ: %lld checked: %lld missed; %lld inclusions; %lld false positives",
			    w->disagreements, w->adjudicated, w->missed, w->inclusions, w->false_positives);
		print_row(w, agreement);
	}
	/* The collision rate: ours on the poses we answered; CGAL's solid answer on all of them where
	 * ours covers fewer. */
	solid_peer = method_index(r, RUN_PAIR_PEER_SOLID);
	if (reference_count > 0) {
		long long hits = 0, peer_hits = 0;
		double rate;
		for (k = 0; k < reference_count; k++)
			hits += reference[k] != 0;
		rate = (double)hits / (double)reference_count;
		printf("  collision rate (solid): collide %.1f%% of %zu poses", 100.0 * rate,
		       reference_count);
		if (reference_count < pose_count && solid_peer >= 0 &&
		    r->done[solid_peer] > reference_count) {
			for (k = 0; k < r->done[solid_peer]; k++)
				peer_hits += r->answers[solid_peer][k] != BENCH_QUERY_APART;
			rate = (double)peer_hits / (double)r->done[solid_peer];
			printf("; %s %.1f%% of %zu", r->methods[solid_peer].name, 100.0 * rate,
			       r->done[solid_peer]);
		}
		if (c->mesh_class != BENCH_MESH_BUMPY && (rate < RATE_LOW || rate > RATE_HIGH))
			printf(": far %s the 50%% the poses' 4.2 was calibrated for (the bumpy sphere); the "
			       "poses are kept",
			       rate < RATE_LOW ? "below" : "above");
		printf("\n");
	}

	grid_free(&grid);
	destroy_structures(r);
	free(r->scratch);
	free(reference);
	free(exact_surfaces);
	free(exact_answer);
	return problems;
}

/* ---- the summaries ---- */

/* Our method (not the brute force) of this semantics that fares best against FCL (FCL's time over its
 * own, on the same centres or poses) in a case, or NULL. */
static const row *best_ours(const char *case_name, const char *semantics)
{
	const row *best = NULL;
	int i;
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->case_name, case_name) != 0 || strcmp(r->library, "collide") != 0 ||
		    strcmp(r->method, "collide.brute") == 0 || strcmp(r->semantics, semantics) != 0 ||
		    isnan(r->fcl_over_this))
			continue;
		if (best == NULL || r->fcl_over_this > best->fcl_over_this)
			best = r;
	}
	return best;
}

/* The column head of FCL's time over an method of ours. */
static const char *ratio_head(const method *m)
{
	switch (m->run) {
	case RUN_SPHERE_SOLID: return "fcl/solid";
	case RUN_SPHERE_SURFACE: return "fcl/surf";
	case RUN_SPHERE_BVH_SOLID: return "fcl/bvh.so";
	case RUN_SPHERE_BVH_SURFACE: return "fcl/bvh.su";
	case RUN_PAIR_DC_TT: return "fcl/tt";
	case RUN_PAIR_BVH: return "fcl/bvh";
	case RUN_PAIR_BVH_SURFACE: return "fcl/bvh.su";
	default: return NULL; /* no column */
	}
}

/* "  surface 12.3x MET     (collide.bvh.surface 250 ns)": a goal line's verdict for one semantics. */
static void print_verdict(const char *semantics, const row *best, double goal, double unit, const char *units,
                          size_t all)
{
	char prefix[96] = "";
	if (best == NULL) {
		printf("  %s NOT MEASURED", semantics);
		return;
	}
	if (best->queries < all)
		snprintf(prefix, sizeof prefix, " on its first %zu (FCL timed on them too)", best->queries);
	printf("  %s %6.3gx %-7s (%s %.*f %s%s)", semantics, best->fcl_over_this,
	       best->fcl_over_this >= goal ? "MET" : "NOT MET", best->method, unit == 1.0 ? 0 : 2,
	       unit * best->ns_per_query, units, prefix);
}

/* Of two rows (either may be NULL or not measured), the one that answered more queries. */
static const row *most_answered(const row *a, const row *b)
{
	bool a_ok = a != NULL && a->hits >= 0 && a->queries > 0,
	     b_ok = b != NULL && b->hits >= 0 && b->queries > 0;
	if (!a_ok)
		return b_ok ? b : NULL;
	if (!b_ok)
		return a;
	return b->queries > a->queries ? b : a;
}

static void print_sphere_summary(size_t query_count)
{
	int i, m, goals = 0, met_surface = 0, met_solid = 0;
	bool any = false;
	for (i = 0; i < row_count; i++)
		any = any || strcmp(rows[i].part, "sphere") == 0;
	if (!any)
		return;
	printf("\nsphere (r = %g) vs mesh: ns per query; FCL's ns / ours (> 1: collide is faster); build ms "
	       "and bytes per triangle of the tetra-tree (tt), the BVH (its octree included) and FCL\n",
	       SPHERE_RADIUS);
	printf("  %-10s %-8s %9s", "mesh", "kind", "triangles");
	for (m = 0; m < SPHERE_METHOD_COUNT; m++)
		printf(" %9s", sphere_methods[m].label);
	for (m = 0; m < SPHERE_METHOD_COUNT; m++)
		if (is_ours(&sphere_methods[m]) && ratio_head(&sphere_methods[m]) != NULL)
			printf(" %10s", ratio_head(&sphere_methods[m]));
	printf(" %7s %7s %9s %9s %9s %6s %6s %6s\n", "solid%", "surf%", "tt build", "bvh build", "fcl build",
	       "tt B/t", "bvh B/t", "fcl");
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i], *solid, *surface, *bvh, *fcl;
		char c[32], d[32], e[32], f[32], g[32], h[32], x[32], y[32];
		if (strcmp(r->part, "sphere") != 0 || strcmp(r->method, sphere_methods[0].name) != 0)
			continue;
		printf("  %-10s %-8s %9d", r->case_name, r->kind, r->triangles);
		for (m = 0; m < SPHERE_METHOD_COUNT; m++) {
			const row *w = find_row(r->case_name, sphere_methods[m].name);
			char text[32];
			bench_format_value(text, sizeof text, w ? w->ns_per_query : NAN, "%.0f");
			printf(" %9s", text);
		}
		for (m = 0; m < SPHERE_METHOD_COUNT; m++) {
			const row *w = find_row(r->case_name, sphere_methods[m].name);
			char text[32];
			if (!is_ours(&sphere_methods[m]) || ratio_head(&sphere_methods[m]) == NULL)
				continue;
			bench_format_value(text, sizeof text, w ? w->fcl_over_this : NAN, "%.3g");
			printf(" %10s", text);
		}
		/* the hit rates over the most centres answered (the BVH's, where the tree got a prefix) */
		solid = most_answered(r, find_row(r->case_name, "collide.bvh.solid"));
		surface = most_answered(find_row(r->case_name, "collide.tetratree.surface"),
		                        find_row(r->case_name, "collide.bvh.surface"));
		bvh = find_row(r->case_name, "collide.bvh.solid");
		if (bvh == NULL || isnan(bvh->build_ms))
			bvh = find_row(r->case_name, "collide.bvh.surface");
		fcl = find_row(r->case_name, "fcl");
		bench_format_value(
		    c, sizeof c,
		    solid && solid->hits >= 0 ? 100.0 * (double)solid->hits / (double)solid->queries : NAN,
		    "%.1f");
		bench_format_value(d, sizeof d,
		                   surface && surface->hits >= 0
		                       ? 100.0 * (double)surface->hits / (double)surface->queries
		                       : NAN,
		                   "%.1f");
		bench_format_value(e, sizeof e, r->build_ms, "%.1f");
		bench_format_value(x, sizeof x, bvh ? bvh->build_ms : NAN, "%.1f");
		bench_format_value(f, sizeof f, fcl ? fcl->build_ms : NAN, "%.1f");
		bench_format_value(g, sizeof g, r->bytes_per_triangle, "%.0f");
		bench_format_value(y, sizeof y, bvh ? bvh->bytes_per_triangle : NAN, "%.0f");
		bench_format_value(h, sizeof h, fcl ? fcl->bytes_per_triangle : NAN, "%.0f");
		printf(" %7s %7s %9s %9s %9s %6s %6s %6s\n", c, d, e, x, f, g, y, h);
	}
	printf("  (centres: %zu a mesh; a method that would take more than about %g s for them (the BVH's: "
	       "%g s) got a prefix: the tables above say how many; solid%% and surf%%: the hit rates, over "
	       "the most centres a solid (surface) method of ours answered)\n",
	       query_count, MAX_RUN_SECONDS, BVH_SPHERE_RUN_SECONDS);

	printf("\ngoal: collide at least %gx faster than FCL at every size, sphere vs mesh, judged on "
	       "collide's best surface method (FCL answers the surface question); the best solid method "
	       "shown too\n",
	       SPHERE_GOAL);
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i], *surface, *solid, *fcl;
		if (strcmp(r->part, "sphere") != 0 || strcmp(r->method, sphere_methods[0].name) != 0)
			continue;
		surface = best_ours(r->case_name, "surface");
		solid = best_ours(r->case_name, "solid");
		fcl = find_row(r->case_name, "fcl");
		goals++;
		if (fcl == NULL || isnan(fcl->ns_per_query) || (surface == NULL && solid == NULL)) {
			printf("  %-10s %-8s %9d  NOT MEASURED (%s)\n", r->case_name, r->kind, r->triangles,
			       fcl == NULL || isnan(fcl->ns_per_query) ? "no FCL" : "no collide figure");
			continue;
		}
		met_surface += surface != NULL && surface->fcl_over_this >= SPHERE_GOAL;
		met_solid += solid != NULL && solid->fcl_over_this >= SPHERE_GOAL;
		printf("  %-10s %-8s %9d", r->case_name, r->kind, r->triangles);
		print_verdict("surface", surface, SPHERE_GOAL, 1.0, "ns", query_count);
		print_verdict("solid", solid, SPHERE_GOAL, 1.0, "ns", query_count);
		printf("  FCL %.0f ns\n", fcl->ns_per_query);
	}
	printf("  %d of %d goals met with the best surface method, %d of %d with the best solid one\n",
	       met_surface, goals, met_solid, goals);
}

/* The collision rate of a pair case: the solid answer over the most poses (ours, or CGAL's solid one
 * where ours stopped at a prefix). NAN when none. */
static double pair_rate(const char *case_name)
{
	const row *most = NULL;
	int i;
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i];
		if (strcmp(r->case_name, case_name) != 0 || strcmp(r->semantics, "solid") != 0 ||
		    strcmp(r->method, "collide.brute") == 0 || r->hits < 0 || r->queries == 0)
			continue;
		if (most == NULL || r->queries > most->queries)
			most = r;
	}
	return most != NULL ? (double)most->hits / (double)most->queries : NAN;
}

static void print_pair_summary(size_t pose_count)
{
	int i, m, goals = 0, met_surface = 0, met_solid = 0;
	bool any = false;
	for (i = 0; i < row_count; i++)
		any = any || strcmp(rows[i].part, "pair") == 0;
	if (!any)
		return;
	printf(
	    "\nmesh vs mesh: us per pose; FCL's time / ours (> 1: collide is faster); build ms and bytes "
	    "per triangle of the tetra-tree (tt), the BVH, FCL and CGAL (one structure for both meshes)\n");
	printf("  %-12s %-8s %9s %6s", "case", "kind", "triangles", "hit%");
	for (m = 0; m < PAIR_METHOD_COUNT; m++)
		printf(" %9s", pair_methods[m].label);
	for (m = 0; m < PAIR_METHOD_COUNT; m++)
		if (is_ours(&pair_methods[m]) && ratio_head(&pair_methods[m]) != NULL)
			printf(" %10s", ratio_head(&pair_methods[m]));
	printf(" %8s %8s %8s %8s %6s %6s %6s %6s\n", "tt build", "bvh", "fcl", "cgal", "tt B/t", "bvh", "fcl",
	       "cgal");
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i], *fcl, *cgal, *bvh;
		char c[32], d[32], e[32], f[32], g[32], h[32], x[32], y[32], rate[32];
		if (strcmp(r->part, "pair") != 0 || strcmp(r->method, pair_methods[0].name) != 0)
			continue;
		bench_format_value(rate, sizeof rate, 100.0 * pair_rate(r->case_name), "%.1f");
		printf("  %-12s %-8s %9d %6s", r->case_name, r->kind, r->triangles, rate);
		for (m = 0; m < PAIR_METHOD_COUNT; m++) {
			const row *w = find_row(r->case_name, pair_methods[m].name);
			char text[32];
			bench_format_value(text, sizeof text, w ? 1e-3 * w->ns_per_query : NAN, "%.2f");
			printf(" %9s", text);
		}
		for (m = 0; m < PAIR_METHOD_COUNT; m++) {
			const row *w = find_row(r->case_name, pair_methods[m].name);
			char text[32];
			if (!is_ours(&pair_methods[m]) || ratio_head(&pair_methods[m]) == NULL)
				continue;
			bench_format_value(text, sizeof text, w ? w->fcl_over_this : NAN, "%.3g");
			printf(" %10s", text);
		}
		fcl = find_row(r->case_name, "fcl");
		cgal = find_row(r->case_name, "cgal.surface");
		bvh = find_row(r->case_name, "collide.bvh");
		if (bvh == NULL || isnan(bvh->build_ms))
			bvh = find_row(r->case_name, "collide.bvh.surface");
		bench_format_value(c, sizeof c, r->build_ms, "%.1f");
		bench_format_value(x, sizeof x, bvh ? bvh->build_ms : NAN, "%.1f");
		bench_format_value(d, sizeof d, fcl ? fcl->build_ms : NAN, "%.1f");
		bench_format_value(e, sizeof e, cgal ? cgal->build_ms : NAN, "%.1f");
		bench_format_value(f, sizeof f, r->bytes_per_triangle, "%.0f");
		bench_format_value(y, sizeof y, bvh ? bvh->bytes_per_triangle : NAN, "%.0f");
		bench_format_value(g, sizeof g, fcl ? fcl->bytes_per_triangle : NAN, "%.0f");
		bench_format_value(h, sizeof h, cgal ? cgal->bytes_per_triangle : NAN, "%.0f");
		printf(" %8s %8s %8s %8s %6s %6s %6s %6s\n", c, x, d, e, f, y, g, h);
	}
	printf("  (hit%%: the collision rate, solid; poses: %zu a case; a method slower than about %g s for "
	       "them (the BVH's: %g s) got a prefix, collide.brute every %dth pose: the tables above say how "
	       "many)\n",
	       pose_count, PAIR_RUN_SECONDS, BVH_PAIR_RUN_SECONDS, ORACLE_STRIDE);

	printf("\ngoal: collide at least %gx faster than FCL at every size and class, mesh vs mesh, judged "
	       "like for like on collide's best surface method (FCL's semantics); the best solid method "
	       "shown too\n",
	       PAIR_GOAL);
	for (i = 0; i < row_count; i++) {
		const row *r = &rows[i], *fcl, *surface, *solid;
		if (strcmp(r->part, "pair") != 0 || strcmp(r->method, pair_methods[0].name) != 0)
			continue;
		fcl = find_row(r->case_name, "fcl");
		surface = best_ours(r->case_name, "surface");
		solid = best_ours(r->case_name, "solid");
		goals++;
		if (fcl == NULL || isnan(fcl->ns_per_query) || (surface == NULL && solid == NULL)) {
			printf("  %-12s %-8s %9d  NOT MEASURED (%s)\n", r->case_name, r->kind, r->triangles,
			       fcl == NULL || isnan(fcl->ns_per_query) ? "no FCL" : "no collide figure");
			continue;
		}
		met_surface += surface != NULL && surface->fcl_over_this >= PAIR_GOAL;
		met_solid += solid != NULL && solid->fcl_over_this >= PAIR_GOAL;
		printf("  %-12s %-8s %9d", r->case_name, r->kind, r->triangles);
		print_verdict("surface", surface, PAIR_GOAL, 1e-3, "us", pose_count);
		print_verdict("solid", solid, PAIR_GOAL, 1e-3, "us", pose_count);
		printf("  FCL %.2f us on all\n", 1e-3 * fcl->ns_per_query);
	}
	printf("  %d of %d goals met with the best surface method, %d of %d with the best solid one\n",
	       met_surface, goals, met_solid, goals);
}

/* The child of memory_in_child: builds the library's structure of a small mesh once (to leave out
 * what a library sets up once per process), then prints the in-use bytes its structure of the case
 * adds. */
static int memory_of(const char *case_name, const char *library)
{
	const bench_query_peer *peer = NULL;
	case_data c, warm;
	bench_query_index *index;
	long long before;
	int i;
	for (i = 0; i < SPHERE_METHOD_COUNT; i++)
		if (sphere_methods[i].peer != NULL && strcmp(sphere_methods[i].library, library) == 0)
			peer = sphere_methods[i].peer;
	for (i = 0; i < PAIR_METHOD_COUNT; i++)
		if (pair_methods[i].peer != NULL && strcmp(pair_methods[i].library, library) == 0)
			peer = pair_methods[i].peer;
	if (peer == NULL || !make_case(case_name, &c))
		return 1;
	if (make_case("bumpy_L2", &warm)) {
		index = peer->build(warm.arrays.vertices, warm.arrays.vertex_count, warm.arrays.triangles,
		                    warm.arrays.triangle_count);
		if (index != NULL)
			peer->destroy(index);
	}
	free_case(&warm);
	before = heap_in_use();
	index = peer->build(c.arrays.vertices, c.arrays.vertex_count, c.arrays.triangles,
	                    c.arrays.triangle_count);
	if (index == NULL || before < 0)
		return 1;
	printf("%lld\n", heap_in_use() - before);
	return 0;
}

/* ---- main ---- */

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/mesh_query.csv";
	const char *selected[64];
	char names[128][40];
	size_t query_count = MAX_QUERIES, pose_count = MAX_POSES;
	char machine[512];
	double *unit = NULL;
	bench_pose *poses = NULL;
	col_transform3 *transforms = NULL;
	long long problems = 0;
	int failed_cases = 0;
	double start = bench_now_seconds();
	int i, j, selected_count = 0, case_count;
	bool quick = false, any_sphere = false, any_pair = false;

	if (argc == 4 && strcmp(argv[1], "--memory-of") == 0)
		return memory_of(argv[2], argv[3]);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
			csv_path = argv[++i];
		} else if (strcmp(argv[i], "--quick") == 0) {
			quick = true;
			query_count = MAX_QUERIES / 100;
			pose_count = MAX_POSES / 100;
		} else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc &&
		           selected_count < (int)(sizeof selected / sizeof selected[0])) {
			selected[selected_count++] = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--csv PATH] [--quick] [--case NAME]...\n", argv[0]);
			return 2;
		}
	}
	case_count = list_cases(names, (int)(sizeof names / sizeof names[0]), selected, selected_count);
	for (j = 0; j < case_count; j++) {
		if (strchr(names[j], 'x') != NULL)
			any_pair = true;
		else
			any_sphere = true;
	}

	bench_describe_machine(machine, sizeof machine);
	printf("collide mesh query benchmark: sphere vs mesh and mesh vs mesh, star-shaped and "
	       "non-star-shaped meshes\n");
	printf("machine: %s%s\n", machine, quick ? " [--quick: fewer queries, not a measurement]" : "");
	printf("library collide  this build: the tetra-tree (col_tetratree_*), the BVH (col_mesh_bvh_*) and "
	       "the brute force (col_mesh_*)\n");
	for (i = 0; i < SPHERE_METHOD_COUNT + PAIR_METHOD_COUNT; i++) {
		const method *m =
		    i < SPHERE_METHOD_COUNT ? &sphere_methods[i] : &pair_methods[i - SPHERE_METHOD_COUNT];
		int k;
		bool seen = false;
		if (is_ours(m))
			continue;
		for (k = 0; k < i; k++) {
			const method *e = k < SPHERE_METHOD_COUNT ? &sphere_methods[k]
			                                          : &pair_methods[k - SPHERE_METHOD_COUNT];
			seen = seen || strcmp(e->library, m->library) == 0;
		}
		if (!seen)
			printf("library %-8s %s\n", m->library, m->missing ? m->missing : m->peer->version());
	}
	printf("sphere vs mesh: balls of radius %g around the first %zu points of the 3D uniform set of "
	       "docs/benchmarks.md, mapped to each mesh's vertex bbox; collide.brute on meshes of at most %d triangles, on "
	       "the first "
	       "%g / n centres; a method slower than about %g s a run gets a prefix\n",
	       SPHERE_RADIUS, query_count, BRUTE_SPHERE_MAX_TRIANGLES,
	       BRUTE_TRIANGLE_VISITS * (double)query_count / MAX_QUERIES, MAX_RUN_SECONDS);
	printf(
	    "mesh vs mesh: the mesh against itself at the first %zu poses of docs/benchmarks.md (mm_poses); "
	    "collide.brute on every %dth pose at levels up to %d, for at most %g s; a method slower than "
	    "about %g s a "
	    "run gets a prefix\n",
	    pose_count, ORACLE_STRIDE, ORACLE_MAX_LEVEL, ORACLE_SECONDS, PAIR_RUN_SECONDS);
	printf("times: CPU time a query, best of runs over %d rounds; build: CPU ms from the raw arrays, "
	       "best of builds; "
	       "memory: ours by col_tetratree_get_stats (caches not counted) and col_mesh_bvh_get_stats "
	       "(its containment octree included), FCL counted from its arrays "
	       "(its memUsage() "
	       "returns no figure), CGAL by mallinfo2() in-use bytes added by one build (in a child process "
	       "without "
	       "malloc's thread cache)\n",
	       TIMING_ROUNDS);

	if (any_sphere) {
		unit = bench_queries3_uniform(query_count);
		if (unit == NULL) {
			fprintf(stderr, BENCH_PROGRAM ": out of memory for the query set\n");
			return 1;
		}
	}
	if (any_pair) {
		poses = bench_mm_poses(pose_count);
		transforms = (col_transform3 *)bench_checked_malloc(pose_count * sizeof *transforms);
		if (poses == NULL) {
			fprintf(stderr, BENCH_PROGRAM ": out of memory for the poses\n");
			return 1;
		}
		for (j = 0; j < (int)pose_count; j++) {
			transforms[j].rotation =
			    (col_quat){poses[j].q[0], poses[j].q[1], poses[j].q[2], poses[j].q[3]};
			transforms[j].translation = (col_vec3){poses[j].t[0], poses[j].t[1], poses[j].t[2]};
		}
	}
	for (j = 0; j < case_count; j++) {
		case_data c;
		if (!make_case(names[j], &c)) {
			free_case(&c);
			failed_cases++;
			continue;
		}
		if (c.part == PART_SPHERE)
			problems += bench_sphere_case(&c, unit, query_count);
		else
			problems += bench_pair_case(&c, poses, transforms, pose_count);
		free_case(&c);
	}
	free(unit);
	free(poses);
	free(transforms);

	print_sphere_summary(query_count);
	print_pair_summary(pose_count);
	if (bench_write_csv(csv_path, csv_header, row_count, write_csv_row) != 0)
		return 1;
	if (problems == 0)
		printf("\nall of collide's answers agree with the exact tests");
	else
		printf("\n%lld WRONG ANSWERS of collide: see the lines marked WRONG", problems);
	if (failed_cases > 0)
		printf("; %d case%s could not be made (see above)", failed_cases,
		       failed_cases == 1 ? "" : "s");
	printf("; results in %s (%.0f s)\n", csv_path, bench_now_seconds() - start);
	free(rows);
	if (problems > 0)
		return 2; /* a wrong answer fails the run */
	return failed_cases > 0 ? 1 : 0;
}
