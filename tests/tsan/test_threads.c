/* The thread-safety claims of the public headers, checked under ThreadSanitizer: one of each major
 * structure is built once, then four threads query the same structures at once (each with its own
 * caches, statistics and traces, as the headers ask), and every answer must equal the
 * single-threaded run's. TSan reports any data race and halts (TSAN_OPTIONS=halt_on_error=1);
 * a wrong answer is reported here, naming the structure and the query.
 *
 * Plain C with pthreads, not cmocka: the test must run threads, and the engine it links is a copy
 * built with -fsanitize=thread (tests/tsan/CMakeLists.txt). */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/boxtree.h"
#include "collide/cga.h"
#include "collide/cga_collide.h"
#include "collide/convex.h"
#include "collide/covering.h"
#include "collide/contact.h"
#include "collide/covering3d.h"
#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/mesh.h"
#include "collide/mesh_bvh.h"
#include "collide/octree.h"
#include "collide/polygon.h"
#include "collide/polygon_grid.h"
#include "collide/polyhedron.h"
#include "collide/quadtree.h"
#include "collide/shape.h"
#include "collide/tetratree.h"
#include "collide/tritree.h"

enum { THREADS = 4 };
/* Queries per structure and thread: enough for the threads to overlap, few enough for TSan's
 * slowdown to keep the whole test to seconds. */
enum { POINTS_2D = 2000, POINTS_3D = 400, SHAPE_PAIRS = 200, TREE_PAIRS = 60, CGA_QUERIES = 100 };

/* The shared structures: built once by main, then only read. */
typedef struct scene {
	col_polygon *polygon;
	col_covering *covering;
	col_tritree *tritree;
	col_polygon_grid *grid;
	col_quadtree *quadtree;
	col_mesh *torus;
	col_mesh_bvh *bvh;
	col_tetratree *tetratree;
	col_octree *octree;
	col_polyhedron *polyhedron; /* source 000's first complex model: polygonal faces */
	col_convex *octahedron;
	col_boxtree *boxtree;
	col_multivector cga_sphere, cga_plane;
	col_vec2 points2[POINTS_2D];
	col_vec3 points3[POINTS_3D];
} scene;

/* What one run answers: every query's result, in a fixed order, as numbers that compare exactly. */
typedef struct answers {
	uint8_t polygon[POINTS_2D], covering[POINTS_2D], covering_cached[POINTS_2D], tritree[POINTS_2D],
	    tritree_cached[POINTS_2D], grid[POINTS_2D], quadtree[POINTS_2D], tritree_circle[POINTS_2D];
	uint8_t mesh[POINTS_3D], bvh[POINTS_3D], tetratree[POINTS_3D], tetratree_cached[POINTS_3D],
	    tetratree_sphere[POINTS_3D], octree[POINTS_3D], polyhedron[POINTS_3D], polyhedron_crossing[POINTS_3D];
	double bvh_distance[POINTS_3D], tetratree_distance[POINTS_3D];
	double gjk_distance[SHAPE_PAIRS], epa_depth[SHAPE_PAIRS], contact_depth[SHAPE_PAIRS];
	int contact_count[SHAPE_PAIRS];
	int gjk_iterations_cached[SHAPE_PAIRS];
	uint8_t boxtree[TREE_PAIRS];
	int boxtree_pairs[TREE_PAIRS];
	double cga_square[CGA_QUERIES];
	size_t cga_mesh_hits[CGA_QUERIES];
	bool failed; /* a query that should not fail did (cache creation) */
} answers;

typedef struct worker {
	const scene *scene;
	answers *answers;
} worker;

/* A splitmix64 stream: the same points for every run. */
static double unit(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

static void query_2d(const scene *s, answers *a)
{
	col_covering_cache *covering_cache = NULL, *tritree_cache = NULL;
	col_error error;
	if (col_covering_cache_create(s->covering, &covering_cache, &error) != COL_OK ||
	    col_covering_cache_create(col_tritree_covering(s->tritree), &tritree_cache, &error) != COL_OK) {
		a->failed = true;
		col_covering_cache_destroy(covering_cache);
		return;
	}
	col_query_stats stats = {0};
	for (int i = 0; i < POINTS_2D; i++) {
		col_vec2 p = s->points2[i];
		a->polygon[i] = col_polygon_contains(s->polygon, p, COL_METHOD_CROSSING, &stats);
		a->covering[i] = col_covering_contains(s->covering, p, COL_METHOD_COVERING, NULL, &stats);
		a->covering_cached[i] = col_covering_contains(s->covering, p, COL_METHOD_COVERING, covering_cache, &stats);
		col_tritree_trace trace = {0};
		a->tritree[i] = col_tritree_contains(s->tritree, p, NULL, &stats, &trace);
		a->tritree_cached[i] = col_tritree_contains(s->tritree, p, tritree_cache, &stats, NULL);
		a->grid[i] = col_polygon_grid_contains(s->grid, p, &stats);
		a->quadtree[i] = col_quadtree_contains(s->quadtree, p, &stats);
		a->tritree_circle[i] =
		    col_tritree_intersects_circle(s->tritree, (col_circle){p, 0.05}, tritree_cache, &stats, NULL);
	}
	col_covering_cache_destroy(covering_cache);
	col_covering_cache_destroy(tritree_cache);
}

static void query_3d(const scene *s, answers *a)
{
	col_covering3d_cache *cache = NULL;
	col_error error;
	if (col_covering3d_cache_create(col_tetratree_covering(s->tetratree), &cache, &error) != COL_OK) {
		a->failed = true;
		return;
	}
	col_query_stats stats = {0};
	for (int i = 0; i < POINTS_3D; i++) {
		col_vec3 p = s->points3[i];
		a->mesh[i] = col_mesh_contains_point(s->torus, p, COL_METHOD_CROSSING, &stats);
		a->bvh[i] = col_mesh_bvh_contains(s->bvh, p, &stats);
		a->bvh_distance[i] = col_mesh_bvh_signed_distance(s->bvh, p, &stats);
		a->tetratree[i] = col_tetratree_contains(s->tetratree, p, NULL, &stats, NULL);
		a->tetratree_cached[i] = col_tetratree_contains(s->tetratree, p, cache, &stats, NULL);
		a->tetratree_sphere[i] =
		    col_tetratree_intersects_sphere(s->tetratree, (col_sphere){p, 0.1}, cache, &stats, NULL);
		a->tetratree_distance[i] = col_tetratree_signed_distance(s->tetratree, p, &stats);
		a->octree[i] = col_octree_contains(s->octree, p, &stats);
		/* the complex model spans about [-7, 7] x [-7, 7] x [-1, 5]: the same points, scaled */
		col_vec3 q = col_vec3_scale(p, 4.0);
		a->polyhedron[i] = col_polyhedron_contains(s->polyhedron, q, COL_METHOD_DEFAULT, &stats);
		a->polyhedron_crossing[i] = col_polyhedron_contains(s->polyhedron, q, COL_METHOD_CROSSING, &stats);
	}
	col_covering3d_cache_destroy(cache);
}

/* A shape's pose moved to a point of the stream. */
static col_shape placed(col_shape shape, col_vec3 at)
{
	shape.pose.translation = at;
	return shape;
}

static void query_convex(const scene *s, answers *a)
{
	col_shape octahedron = col_shape_convex(s->octahedron);
	col_shape box = col_shape_box((col_vec3){0.3, 0.2, 0.1});
	col_gjk_cache cache = {0}; /* one pair, followed frame after frame: this thread's own */
	for (int i = 0; i < SHAPE_PAIRS; i++) {
		col_shape moved = placed(box, s->points3[i]);
		a->gjk_distance[i] = col_gjk_distance(&octahedron, &moved, NULL, NULL, NULL).distance;
		a->gjk_iterations_cached[i] = col_gjk_distance(&octahedron, &moved, NULL, &cache, NULL).iterations;
		a->epa_depth[i] = col_penetration_depth(&octahedron, &moved, NULL, NULL).depth;
		col_manifold manifold;
		col_error error;
		if (col_contact(&octahedron, &moved, 0.1, &manifold, &error) != COL_OK) {
			a->failed = true;
			return;
		}
		a->contact_count[i] = manifold.count;
		a->contact_depth[i] = manifold.count > 0 ? manifold.points[0].depth : 0.0;
	}
	col_boxtree_query query = col_boxtree_default_query();
	query.leaf_test = COL_BOXTREE_LEAF_EXACT;
	for (int i = 0; i < TREE_PAIRS; i++) {
		col_transform3 pose_b = col_transform3_identity();
		pose_b.translation = col_vec3_scale(s->points3[i], 2.0);
		col_boxtree_stats stats;
		a->boxtree[i] =
		    col_boxtree_collide(s->boxtree, col_transform3_identity(), s->boxtree, pose_b, &query, &stats);
		a->boxtree_pairs[i] = stats.pairs_visited;
	}
}

static void query_cga(const scene *s, answers *a)
{
	for (int i = 0; i < CGA_QUERIES; i++) {
		col_multivector sphere, meet;
		col_error error;
		if (col_cga_sphere(s->points3[i], 0.5, &sphere, &error) != COL_OK) {
			a->failed = true;
			return;
		}
		col_cga_meet(&s->cga_sphere, &sphere, &meet);
		col_cga_intersection with_plane;
		if (col_cga_intersect(&s->cga_plane, &sphere, &with_plane, &error) != COL_OK) {
			a->failed = true;
			return;
		}
		a->cga_square[i] = col_cga_square(&meet) + with_plane.square;
		col_cga_query probe = {.kind = COL_CGA_QUERY_SPHERE, .p = {s->points3[i]}, .radius = 0.3};
		a->cga_mesh_hits[i] = col_cga_mesh_query(s->torus, &probe, COL_METHOD_CGA, 0,
		                                         col_mesh_triangle_count(s->torus), NULL, NULL);
	}
}

static void run_queries(const scene *s, answers *a)
{
	query_2d(s, a);
	query_3d(s, a);
	query_convex(s, a);
	query_cga(s, a);
}

static void *run_worker(void *argument)
{
	worker *w = argument;
	run_queries(w->scene, w->answers);
	return NULL;
}

/* A C-shaped polygon with a hole in its back: concave, so every method has real work. */
static col_status build_2d(scene *s, col_error *error)
{
	static const col_vec2 outer[] = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 2}, {3, 2}, {3, 3}, {0, 3}};
	static const col_vec2 hole[] = {{0.25, 0.5}, {0.25, 2.5}, {0.75, 2.5}, {0.75, 0.5}};
	col_contour contours[] = {{outer, 8}, {hole, 4}};
	col_status status = col_polygon_create(contours, 2, &s->polygon, error);
	if (status == COL_OK)
		status = col_covering_build(s->polygon, NULL, &s->covering, error);
	if (status == COL_OK)
		status = col_tritree_build(s->polygon, NULL, &s->tritree, error);
	if (status == COL_OK)
		status = col_polygon_grid_build(s->polygon, NULL, &s->grid, error);
	if (status == COL_OK)
		status = col_quadtree_build(s->polygon, NULL, &s->quadtree, error);
	return status;
}

static col_status build_3d(scene *s, col_error *error)
{
	static const col_vec3 corners[] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
	/* The eight faces of |x| + |y| + |z| <= 1, counter-clockwise seen from outside. */
	static const int faces[] = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
	static const int sizes[] = {3, 3, 3, 3, 3, 3, 3, 3};
	col_status status = col_mesh_create_torus(1.0, 0.4, 24, 12, &s->torus, error);
	if (status == COL_OK)
		status = col_mesh_bvh_build(s->torus, NULL, &s->bvh, error);
	if (status == COL_OK)
		status = col_tetratree_build(s->torus, NULL, &s->tetratree, error);
	if (status == COL_OK)
		status = col_octree_build(s->torus, NULL, &s->octree, error);
	if (status == COL_OK)
		status = col_polyhedron_create_complex(1, NULL, &s->polyhedron, error);
	if (status == COL_OK)
		status = col_convex_create(corners, 6, faces, sizes, 8, &s->octahedron, error);
	if (status == COL_OK)
		status = col_boxtree_build(s->octahedron, NULL, &s->boxtree, error);
	if (status == COL_OK)
		status = col_cga_sphere((col_vec3){0, 0, 0}, 1.0, &s->cga_sphere, error);
	if (status == COL_OK)
		status = col_cga_plane((col_vec3){0, 0, 1}, 0.25, &s->cga_plane, error);
	return status;
}

static void destroy_scene(scene *s)
{
	col_boxtree_destroy(s->boxtree);
	col_convex_destroy(s->octahedron);
	col_polyhedron_destroy(s->polyhedron);
	col_octree_destroy(s->octree);
	col_tetratree_destroy(s->tetratree);
	col_mesh_bvh_destroy(s->bvh);
	col_mesh_destroy(s->torus);
	col_quadtree_destroy(s->quadtree);
	col_polygon_grid_destroy(s->grid);
	col_tritree_destroy(s->tritree);
	col_covering_destroy(s->covering);
	col_polygon_destroy(s->polygon);
}

/* Compares one field of a thread's answers with the reference, byte for byte (doubles included:
 * the same query on the same structure must give the same bits). */
static int compare(const char *what, int thread, const void *got, const void *expected, size_t size)
{
	if (memcmp(got, expected, size) == 0)
		return 0;
	fprintf(stderr, "thread %d: %s differs from the single-threaded run\n", thread, what);
	return 1;
}

#define COMPARE(field) failures += compare(#field, t, &results[t].field, &reference->field, sizeof reference->field)

int main(void)
{
	static scene s; /* large arrays: not on the stack */
	col_error error;
	if (build_2d(&s, &error) != COL_OK || build_3d(&s, &error) != COL_OK) {
		fprintf(stderr, "building the scene failed: %s\n", error.message);
		destroy_scene(&s);
		return 1;
	}
	uint64_t state = 24;
	for (int i = 0; i < POINTS_2D; i++)
		s.points2[i] = (col_vec2){-0.5 + 4.0 * unit(&state), -0.5 + 4.0 * unit(&state)};
	for (int i = 0; i < POINTS_3D; i++)
		s.points3[i] = (col_vec3){-1.6 + 3.2 * unit(&state), -1.6 + 3.2 * unit(&state), -0.6 + 1.2 * unit(&state)};

	answers *reference = calloc(1, sizeof *reference);
	answers *results = calloc(THREADS, sizeof *results);
	if (reference == NULL || results == NULL) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}
	run_queries(&s, reference);

	pthread_t threads[THREADS];
	worker workers[THREADS];
	for (int t = 0; t < THREADS; t++) {
		workers[t] = (worker){&s, &results[t]};
		if (pthread_create(&threads[t], NULL, run_worker, &workers[t]) != 0) {
			fprintf(stderr, "cannot start thread %d\n", t);
			return 1;
		}
	}
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);

	int failures = reference->failed ? 1 : 0;
	for (int t = 0; t < THREADS; t++) {
		failures += results[t].failed;
		COMPARE(polygon);
		COMPARE(covering);
		COMPARE(covering_cached);
		COMPARE(tritree);
		COMPARE(tritree_cached);
		COMPARE(grid);
		COMPARE(quadtree);
		COMPARE(tritree_circle);
		COMPARE(mesh);
		COMPARE(bvh);
		COMPARE(tetratree);
		COMPARE(tetratree_cached);
		COMPARE(tetratree_sphere);
		COMPARE(octree);
		COMPARE(polyhedron);
		COMPARE(polyhedron_crossing);
		COMPARE(bvh_distance);
		COMPARE(tetratree_distance);
		COMPARE(gjk_distance);
		COMPARE(gjk_iterations_cached);
		COMPARE(epa_depth);
		COMPARE(contact_count);
		COMPARE(contact_depth);
		COMPARE(boxtree);
		COMPARE(boxtree_pairs);
		COMPARE(cga_square);
		COMPARE(cga_mesh_hits);
	}
	/* The answers must also be the right ones, not only the same: the accelerated structures agree
	 * with their oracles (the polygon's crossing number, the mesh's). */
	failures += compare("covering vs polygon", 0, reference->covering, reference->polygon, POINTS_2D);
	failures += compare("tritree vs polygon", 0, reference->tritree, reference->polygon, POINTS_2D);
	failures += compare("grid vs polygon", 0, reference->grid, reference->polygon, POINTS_2D);
	failures += compare("quadtree vs polygon", 0, reference->quadtree, reference->polygon, POINTS_2D);
	failures += compare("bvh vs mesh", 0, reference->bvh, reference->mesh, POINTS_3D);
	failures += compare("tetratree vs mesh", 0, reference->tetratree, reference->mesh, POINTS_3D);
	failures += compare("cached tetratree vs mesh", 0, reference->tetratree_cached, reference->mesh, POINTS_3D);
	failures += compare("octree vs mesh", 0, reference->octree, reference->mesh, POINTS_3D);
	failures += compare("polyhedron covering vs crossing", 0, reference->polyhedron, reference->polyhedron_crossing, POINTS_3D);
	free(results);
	free(reference);
	destroy_scene(&s);
	if (failures == 0)
		printf("%d threads: every answer equals the single-threaded run's\n", THREADS);
	return failures == 0 ? 0 : 1;
}
