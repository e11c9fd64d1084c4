/* The tetra-tree (source 000, 5.2): its point test against the mesh's exact crossing count on random
 * points of every mesh class and on integer grids, with and without temporal coherence; the tree's
 * invariants (children tile their parent exactly, every tetrahedron holding a point is in that
 * point's leaf, enclosing tetrahedra, spheres and regular envelopes hold what they must, the stop
 * rules, the statistics); bad input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/barycentric3d.h"
#include "collide/predicates.h"
#include "collide/tetratree.h"

#include "mesh_cases.h"
#include "mesh_oracles.h"
#include "support.h"

static col_tetratree *tree_of(const col_mesh *mesh, const col_tetratree_options *options)
{
	col_tetratree *tree = NULL;
	col_error error;
	check_ok(col_tetratree_build(mesh, options, &tree, &error), &error);
	return tree;
}

static bool oracle(const col_mesh *mesh, col_vec3 p)
{
	return col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING, NULL);
}

/* For qsort: by x, then y, then z. */
static int compare_vec3(const void *pa, const void *pb)
{
	const col_vec3 *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	return a->z < b->z ? -1 : a->z > b->z;
}

static bool vec3_same(col_vec3 a, col_vec3 b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* The option sets every class is checked with: the defaults, a shallow tree, a deep one split to
 * single tetrahedra, no fitting, and an origin away from the centroid (outside for most). */
enum { VARIANT_COUNT = 5 };

static col_tetratree_options variant(int v, const col_mesh *mesh)
{
	col_tetratree_options o = col_tetratree_default_options();
	switch (v) {
	case 1: o.max_depth = 1; break;
	case 2: o.max_depth = 7; o.min_tetrahedra = 0; break;
	case 3: o.fit_iterations = 0; o.min_tetrahedra = 2; break;
	case 4: {
		col_aabb3 box = col_mesh_bounds(mesh);
		o.has_origin = true;
		o.origin = col_vec3_add(box.max, col_vec3_scale(col_vec3_sub(box.max, box.min), 0.05));
		break;
	}
	default: break;
	}
	return o;
}

/* ---- invariants ---- */

/* Every tetrahedron of the covering that holds p (anywhere, its faces included) is listed in the
 * leaf p descends to, and that leaf's cone holds p. */
static void check_leaf_complete(const col_tetratree *tree, col_vec3 p, const char *name)
{
	int leaf = col_tetratree_locate(tree, p);
	assert_true(leaf >= 0);
	if (!col_tetratree_cone_holds(tree, leaf, p))
		fail_msg("%s: the leaf %d found for (%.17g, %.17g, %.17g) does not hold it", name, leaf, p.x, p.y, p.z);
	col_tetratree_cone cone;
	assert_true(col_tetratree_cone_at(tree, leaf, &cone));
	assert_int_equal(cone.first_child, -1);
	const col_covering3d *cov = col_tetratree_covering(tree);
	col_vec3 o = col_covering3d_origin(cov);
	if (vec3_same(p, o))
		return;
	int count = 0;
	const int *listed = col_tetratree_cone_tetrahedra(tree, leaf, &count);
	for (int i = 0; i < col_covering3d_tetrahedron_count(cov); i++) {
		col_covering3d_tetrahedron t = col_covering3d_tetrahedron_at(cov, i);
		bool holds = t.sign != 0 ? col_tetrahedron_locate(o, t.a, t.b, t.c, p) != COL_TETRAHEDRON_OUTSIDE
		                         : col_triangle_contains_point((col_triangle){t.a, t.b, t.c}, p);
		if (!holds)
			continue;
		bool found = false;
		for (int k = 0; k < count && !found; k++)
			found = listed[k] == i;
		if (!found)
			fail_msg("%s: tetrahedron %d holds (%.17g, %.17g, %.17g) but is not in its leaf %d", name, i, p.x,
			         p.y, p.z, leaf);
	}
}

/* The structure: children split their parent at exact midpoints and keep a subset of its
 * tetrahedra; enclosing tetrahedra hold every vertex of their tetrahedra (on the apex's side of the
 * outer plane), spheres too; stop rules; statistics. */
static void check_structure(const col_tetratree *tree, const col_tetratree_options *o, const char *name)
{
	const col_covering3d *cov = col_tetratree_covering(tree);
	col_vec3 apex = col_tetratree_apex(tree);
	assert_true(vec3_same(apex, col_covering3d_origin(cov)));
	col_tetratree_stats stats = col_tetratree_get_stats(tree);
	int n = col_tetratree_cone_count(tree), leaves = 0, max_leaf = 0, levels = 0;
	size_t stored = 0;
	int tetrahedra = col_covering3d_tetrahedron_count(cov);
	int *listed_by = malloc((size_t)(tetrahedra > 0 ? tetrahedra : 1) * sizeof *listed_by);
	assert_non_null(listed_by);
	for (int t = 0; t < tetrahedra; t++)
		listed_by[t] = -1;
	assert_int_equal(n, stats.cones);
	for (int i = 0; i < n; i++) {
		col_tetratree_cone c;
		assert_true(col_tetratree_cone_at(tree, i, &c));
		if (col_orient3d(apex, c.ray[0], c.ray[1], c.ray[2]) <= 0.0)
			fail_msg("%s: cone %d is not positively wound", name, i);
		assert_int_equal(c.level == 1, i < 8);
		if (c.level > levels)
			levels = c.level;
		int count = 0;
		const int *listed = col_tetratree_cone_tetrahedra(tree, i, &count);
		assert_int_equal(count, c.tetrahedron_count);
		/* The enclosing tetrahedron: legs on the rays' side, every vertex held (three orientations
		 * per listed tetrahedron and cone). */
		int apex_side = col_orient3d(c.envelope[0], c.envelope[1], c.envelope[2], apex) > 0.0 ? 1 : -1;
		int checked = collide_sampled_check(i, 8) ? count : 0;
		for (int k = 0; k < checked; k++) {
			col_covering3d_tetrahedron t = col_covering3d_tetrahedron_at(cov, listed[k]);
			const col_vec3 v[3] = {t.a, t.b, t.c};
			for (int j = 0; j < 3; j++) {
				double side = col_orient3d(c.envelope[0], c.envelope[1], c.envelope[2], v[j]);
				if (side * apex_side < 0.0)
					fail_msg("%s: cone %d's enclosing tetrahedron leaves out a vertex of tetrahedron %d",
					         name, i, listed[k]);
				if (col_sphere_point_side(c.sphere.center, c.sphere.radius, v[j]) > 0)
					fail_msg("%s: cone %d's sphere leaves out a vertex of tetrahedron %d", name, i, listed[k]);
			}
		}
		if (c.first_child < 0) {
			leaves++;
			stored += (size_t)count;
			if (count > max_leaf)
				max_leaf = count;
			/* A leaf above the deepest level stopped for its count. */
			if (c.level < o->max_depth && o->max_depth > 0 && count > o->min_tetrahedra)
				fail_msg("%s: leaf %d at level %d holds %d > %d tetrahedra", name, i, c.level, count,
				         o->min_tetrahedra);
			continue;
		}
		assert_true(count > o->min_tetrahedra);
		/* The split of Def. 5.4 at exact midpoints. */
		col_tetratree_cone child[4];
		for (int k = 0; k < 4; k++) {
			assert_true(col_tetratree_cone_at(tree, c.first_child + k, &child[k]));
			assert_int_equal(child[k].parent, i);
			assert_int_equal(child[k].level, c.level + 1);
		}
		col_vec3 m01 = child[3].ray[0], m12 = child[3].ray[1], m20 = child[3].ray[2];
		const col_vec3 ends[3][2] = {{c.ray[0], c.ray[1]}, {c.ray[1], c.ray[2]}, {c.ray[2], c.ray[0]}};
		const col_vec3 mids[3] = {m01, m12, m20};
		for (int k = 0; k < 3; k++) {
			col_vec3 a = ends[k][0], b = ends[k][1], m = mids[k];
			/* m - a == b - m exactly: the midpoint is exact, so the children tile the cone. */
			assert_true(vec3_same(col_vec3_sub(m, a), col_vec3_sub(b, m)));
			assert_true(col_orient3d(apex, a, m, b) == 0.0);
		}
		assert_true(vec3_same(child[0].ray[0], c.ray[0]) && vec3_same(child[1].ray[1], c.ray[1]) &&
		            vec3_same(child[2].ray[2], c.ray[2]));
		/* Each child's tetrahedra are among the parent's (marked by parent, so that lists of
		 * thousands are not compared pair by pair). */
		for (int b = 0; b < count; b++) {
			assert_true(listed[b] >= 0 && listed[b] < tetrahedra);
			listed_by[listed[b]] = i;
		}
		for (int k = 0; k < 4; k++) {
			int child_count = 0;
			const int *child_listed = col_tetratree_cone_tetrahedra(tree, c.first_child + k, &child_count);
			for (int a = 0; a < child_count; a++)
				assert_true(child_listed[a] >= 0 && child_listed[a] < tetrahedra &&
				            listed_by[child_listed[a]] == i);
		}
	}
	free(listed_by);
	assert_int_equal(leaves, stats.leaves);
	assert_int_equal(stored, stats.tetrahedra_stored);
	assert_int_equal(max_leaf, stats.max_leaf_tetrahedra);
	assert_int_equal(levels, stats.levels);
	assert_true(stats.duplicates <= stats.tetrahedra_stored);
	assert_true(stats.memory_bytes > (size_t)n * 100);
	assert_true(stats.build_seconds >= 0.0);
	/* Regular envelopes: each cone's outer triangle at the level's reach holds the mesh vertices in
	 * its cone on the apex's side (Def. 5.11), and every vertex is within the reach. */
	double far = fabs(apex.x) + fabs(apex.y) + fabs(apex.z);
	/* The mesh's vertices once each (a vertex is a corner of some six tetrahedra). */
	col_vec3 *corners = malloc(3 * (size_t)(tetrahedra > 0 ? tetrahedra : 1) * sizeof *corners);
	assert_non_null(corners);
	for (int t = 0; t < tetrahedra; t++) {
		col_covering3d_tetrahedron tet = col_covering3d_tetrahedron_at(cov, t);
		corners[3 * t] = tet.a;
		corners[3 * t + 1] = tet.b;
		corners[3 * t + 2] = tet.c;
	}
	qsort(corners, 3 * (size_t)tetrahedra, sizeof *corners, compare_vec3);
	int vertices = 0;
	for (int t = 0; t < 3 * tetrahedra; t++)
		if (vertices == 0 || !vec3_same(corners[vertices - 1], corners[t]))
			corners[vertices++] = corners[t];
	for (int level = 1; level <= stats.levels; level++) {
		int count = col_tetratree_regular_envelope(tree, level, NULL, 0);
		assert_true(count >= 8);
		col_vec3 *tri = malloc(3 * (size_t)count * sizeof *tri);
		assert_int_equal(col_tetratree_regular_envelope(tree, level, tri, count), count);
		double reach = col_tetratree_level_reach(tree, level);
		for (int k = 0; k < count; k++) {
			assert_true(fabs(col_vec3_distance(tri[3 * k], apex) - reach) <= 1e-12 * reach + 4e-16 * far);
			int apex_side = col_orient3d(tri[3 * k], tri[3 * k + 1], tri[3 * k + 2], apex) > 0.0 ? 1 : -1;
			/* The triangle's cone: the rays through its corners. */
			const col_vec3 rays[3] = {tri[3 * k], tri[3 * k + 1], tri[3 * k + 2]};
			for (int i = 0; i < vertices; i++) {
				col_vec3 v = corners[i];
				bool in_cone = col_orient3d(apex, v, rays[1], rays[2]) >= 0.0 &&
				               col_orient3d(apex, rays[0], v, rays[2]) >= 0.0 &&
				               col_orient3d(apex, rays[0], rays[1], v) >= 0.0;
				if (in_cone && col_orient3d(rays[0], rays[1], rays[2], v) * apex_side < 0.0)
					fail_msg("%s: level %d's envelope triangle %d leaves out a vertex in its cone", name, level, k);
			}
		}
		for (int i = 0; i < vertices; i++)
			if (col_vec3_distance(corners[i], apex) > reach)
				fail_msg("%s: a vertex lies beyond level %d's reach", name, level);
		free(tri);
	}
	free(corners);
}

/* ---- point queries ---- */

/* Every class, every option set: the tree's answer is the crossing count's on
 * COLLIDE_RANDOM_CASES random points per class (spread over the option sets), and every
 * tetrahedron holding the point is in its leaf. */
static void test_random_points(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		col_aabb3 box = col_mesh_bounds(mesh);
		col_tetratree *trees[VARIANT_COUNT];
		col_tetratree_options options[VARIANT_COUNT];
		for (int v = 0; v < VARIANT_COUNT; v++) {
			options[v] = variant(v, mesh);
			trees[v] = tree_of(mesh, &options[v]);
			char name[96];
			snprintf(name, sizeof name, "%s, options %d", classes[k].name, v);
			col_tetratree_options used = options[v];
			if (used.max_depth == 0)
				used.max_depth = col_tetratree_get_stats(trees[v]).levels;
			check_structure(trees[v], &used, name);
		}
		rng r = rng_make(rng_env_seed(0x7E7A0000u + (uint64_t)k));
		int inside = 0;
		col_query_stats stats = {0};
		for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
			col_vec3 p = rng_in_grown_box(&r, box);
			int v = i % VARIANT_COUNT;
			bool expected = oracle(mesh, p), got = col_tetratree_contains(trees[v], p, NULL, &stats, NULL);
			if (got != expected)
				FAIL_CASE(&r, i, "%s (options %d): tetra-tree %d, crossing count %d at (%.17g, %.17g, %.17g)",
				          classes[k].name, v, got, expected, p.x, p.y, p.z);
			if (i % 16 == 0)
				check_leaf_complete(trees[v], p, classes[k].name);
			inside += expected;
		}
		assert_true(inside > COLLIDE_RANDOM_CASES / 50 && inside < COLLIDE_RANDOM_CASES * 49 / 50);
		assert_int_equal(stats.queries, COLLIDE_RANDOM_CASES);
		/* The tree looks at fewer tetrahedra than the flat count would. */
		assert_true(stats.primitives_tested < (uint64_t)COLLIDE_RANDOM_CASES * (uint64_t)col_mesh_triangle_count(mesh));
		for (int v = 0; v < VARIANT_COUNT; v++)
			col_tetratree_destroy(trees[v]);
	}
	free_classes(classes);
}

/* Surface points (vertices, edge midpoints, face centroids) answer as the oracle does, the
 * vertices inside; the apex gives the origin's state. */
static void test_surface_points(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	rng r = rng_make(3);
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		col_tetratree *tree = tree_of(mesh, NULL);
		for (int i = 0; i < col_mesh_triangle_count(mesh); i++) {
			col_triangle t = col_mesh_triangle(mesh, i);
			col_vec3 points[4] = {t.a, col_vec3_scale(col_vec3_add(t.a, t.b), 0.5),
			                      col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0),
			                      col_vec3_scale(col_vec3_add(t.b, t.c), 0.5)};
			for (int j = 0; j < 4; j++) {
				bool expected = oracle(mesh, points[j]), got = col_tetratree_contains(tree, points[j], NULL, NULL, NULL);
				if (got != expected || (j == 0 && !got))
					FAIL_CASE(&r, i, "%s: surface point %d of triangle %d: tree %d, oracle %d", classes[k].name, j, i,
					          got, expected);
				check_leaf_complete(tree, points[j], classes[k].name);
			}
		}
		col_vec3 apex = col_tetratree_apex(tree);
		assert_int_equal(col_tetratree_contains(tree, apex, NULL, NULL, NULL), oracle(mesh, apex));
		col_tetratree_destroy(tree);
	}
	free_classes(classes);
}

/* Integer meshes on a half-integer grid from integer apexes: points on the cones' own faces and
 * rays, on the covering's original edges and triangles, on mesh faces, edges and vertices. */
static void test_integer_grid(void **state)
{
	(void)state;
	mesh_arrays boxes = {0};
	add_box(&boxes, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	mesh_arrays prism = {0};
	add_l_prism(&prism);
	mesh_arrays shells = {0};
	add_box(&shells, (col_vec3){-3, -3, -3}, (col_vec3){3, 3, 3}, false);
	add_box(&shells, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, true);
	add_box(&shells, (col_vec3){-1, -1, -1}, (col_vec3){1, 1, 1}, false);
	const mesh_arrays *meshes[3] = {&boxes, &prism, &shells};
	const col_vec3 origins[3][3] = {
	    {{0, 0, 0}, {2, 0, 0}, {1, 1, 0}},
	    {{1, 1, 1}, {2, 2, 1}, {3, 3, 1}},
	    {{0, 0, 0}, {-2, 0, 0}, {2, 2, 2}},
	};
	rng r = rng_make(4);
	long checked = 0;
	for (int m = 0; m < 3; m++) {
		col_mesh *mesh = mesh_of(meshes[m]);
		col_aabb3 box = col_mesh_bounds(mesh);
		for (int o = 0; o < 3; o++) {
			col_tetratree_options options = col_tetratree_default_options();
			options.has_origin = true;
			options.origin = origins[m][o];
			options.max_depth = 4;
			options.min_tetrahedra = 1;
			col_tetratree *tree = tree_of(mesh, &options);
			/* Integer origins are on the apex grid: the tree keeps them. */
			assert_true(vec3_same(col_tetratree_apex(tree), origins[m][o]));
			for (double x = box.min.x - 1; x <= box.max.x + 1; x += 0.5)
				for (double y = box.min.y - 1; y <= box.max.y + 1; y += 0.5)
					for (double z = box.min.z - 1; z <= box.max.z + 1; z += 0.5, checked++) {
						col_vec3 p = {x, y, z};
						bool expected = oracle(mesh, p), got = col_tetratree_contains(tree, p, NULL, NULL, NULL);
						if (got != expected)
							FAIL_CASE(&r, (int)checked, "grid (mesh %d, origin %d): tree %d, oracle %d at (%g, %g, %g)",
							          m, o, got, expected, x, y, z);
						check_leaf_complete(tree, p, "grid");
					}
			col_tetratree_destroy(tree);
		}
		col_mesh_destroy(mesh);
	}
	assert_true(checked > 5000);
}

/* A point moving in small steps, with a cache: the same answers as without, many kept by the mask
 * (Alg. 5.2), and the leaf reused (Heuristic 5.1). Passing through the surface and along it. */
static void test_coherence(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	int all_changes = 0;
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		col_tetratree *tree = tree_of(mesh, NULL);
		const col_covering3d *cov = col_tetratree_covering(tree);
		col_covering3d_cache *cache = NULL, *flat_cache = NULL;
		col_error error;
		check_ok(col_covering3d_cache_create(cov, &cache, &error), &error);
		check_ok(col_covering3d_cache_create(cov, &flat_cache, &error), &error);
		rng r = rng_make(rng_env_seed(0xC0E0000u + (uint64_t)k));
		col_aabb3 box = col_mesh_bounds(mesh);
		col_query_stats stats = {0}, flat_stats = {0};
		int steps = COLLIDE_RANDOM_CASES / CLASS_COUNT, changes = 0;
		bool last = false;
		col_vec3 p = rng_in_grown_box(&r, box), step = {0, 0, 0};
		double size = col_vec3_distance(box.min, box.max);
		for (int i = 0; i < steps; i++) {
			if (i % 200 == 0) {
				p = rng_in_grown_box(&r, box);
				step = col_vec3_scale(col_vec3_sub(rng_in_grown_box(&r, box), p), 1.0 / 200.0);
			}
			/* Now and then a surface vertex: the mask must not keep a stale answer on the surface. */
			col_vec3 q = i % 97 == 0 ? col_mesh_vertices(mesh)[i % col_mesh_vertex_count(mesh)] : p;
			bool expected = oracle(mesh, q);
			bool got = col_tetratree_contains(tree, q, cache, &stats, NULL);
			bool flat = col_covering3d_contains(cov, q, flat_cache, &flat_stats);
			if (got != expected || flat != expected)
				FAIL_CASE(&r, i, "%s: coherent tree %d, coherent covering %d, oracle %d at (%.17g, %.17g, %.17g)",
				          classes[k].name, got, flat, expected, q.x, q.y, q.z);
			changes += got != last;
			last = got;
			p = col_vec3_add(p, step);
			(void)size;
		}
		all_changes += changes;
		assert_true(stats.cache_hits > (uint64_t)steps / 10);
		assert_true(flat_stats.cache_hits > (uint64_t)steps / 10);
		col_covering3d_cache_destroy(cache);
		col_covering3d_cache_destroy(flat_cache);
		col_tetratree_destroy(tree);
	}
	free_classes(classes);
	/* The paths cross the surfaces many times (a thin plate's, sometimes never). */
	assert_true(all_changes > 4 * CLASS_COUNT);
}

/* A mesh far from 0 (2^46, some 10^13 of its sizes): the apex grid coarsens, the depth is capped
 * where the midpoints stay exact (7 levels here), and the answers stay exact. Integer vertices, so
 * the shift loses nothing. */
static void test_far_mesh(void **state)
{
	(void)state;
	mesh_arrays m = {0};
	add_l_prism(&m);
	const double shift = 0x1p46;
	for (int i = 0; i < m.nv; i++)
		m.v[i] = col_vec3_add(m.v[i], (col_vec3){shift, -shift, shift});
	col_mesh *far = mesh_of(&m);
	col_tetratree_options options = col_tetratree_default_options();
	options.max_depth = 12;
	options.min_tetrahedra = 0;
	col_tetratree *tree = tree_of(far, &options);
	col_tetratree_options used = options;
	used.max_depth = col_tetratree_get_stats(tree).levels;
	assert_true(used.max_depth >= 3 && used.max_depth < 12);
	check_structure(tree, &used, "far L prism");
	rng r = rng_make(5);
	col_aabb3 box = col_mesh_bounds(far);
	for (int i = 0; i < 20000; i++) {
		col_vec3 p = rng_in_grown_box(&r, box);
		if (i % 2)
			p = (col_vec3){round(p.x * 2) / 2, round(p.y * 2) / 2, round(p.z * 2) / 2};
		bool expected = oracle(far, p), got = col_tetratree_contains(tree, p, NULL, NULL, NULL);
		if (got != expected)
			FAIL_CASE(&r, i, "far mesh: tree %d, oracle %d", got, expected);
		if (i % 8 == 0)
			check_leaf_complete(tree, p, "far L prism");
	}
	col_tetratree_destroy(tree);
	col_mesh_destroy(far);
}

/* ---- spheres, nearest points, rays ---- */

/* Random balls of every size (a tenth of them points, a tenth bigger than the mesh) against the
 * brute-force oracles, half with a cache (each tetrahedron tested once per query); touching balls
 * built exactly on integer meshes. */
static void test_spheres(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	int inside_only_all = 0;
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		mesh_oracle every = mesh_oracle_make(mesh);
		col_tetratree *tree = tree_of(mesh, NULL);
		col_covering3d_cache *cache = NULL;
		col_error error;
		check_ok(col_covering3d_cache_create(col_tetratree_covering(tree), &cache, &error), &error);
		col_aabb3 box = col_mesh_bounds(mesh);
		double size = col_vec3_distance(box.min, box.max);
		rng r = rng_make(rng_env_seed(0x5FE0000u + (uint64_t)k));
		int hits = 0, surface_hits = 0, inside_only = 0;
		col_query_stats stats = {0};
		int cases = COLLIDE_RANDOM_CASES / 4;
		for (int i = 0; i < cases; i++) {
			col_vec3 c = rng_in_grown_box(&r, box);
			double radius = i % 10 == 0 ? 0.0 : i % 10 == 1 ? rng_in(&r, 0.5, 1.5) * size : rng_in(&r, 0.0, 0.15) * size;
			col_sphere ball = {c, radius};
			col_covering3d_cache *use = i % 2 ? cache : NULL;
			/* The solid oracle is col_mesh_intersects_sphere: the surface test, or else the centre's
			 * crossing count. Written out, so that the triangles are looped over once, not twice;
			 * every 16th ball asks it too. */
			bool surface_expected = surface_oracle(&every, ball);
			bool expected = surface_expected || oracle(mesh, c);
			if (i % 16 == 0)
				assert_int_equal(col_mesh_intersects_sphere(mesh, ball, NULL), expected);
			bool got = col_tetratree_intersects_sphere(tree, ball, use, &stats, NULL);
			bool surface_got = col_tetratree_sphere_meets_surface(tree, ball, use, NULL, NULL);
			if (got != expected || surface_got != surface_expected)
				FAIL_CASE(&r, i, "%s: ball (%.17g, %.17g, %.17g) r %.17g: solid %d (oracle %d), surface %d (oracle %d)",
				          classes[k].name, c.x, c.y, c.z, radius, got, expected, surface_got, surface_expected);
			hits += got;
			surface_hits += surface_got;
			inside_only += got && !surface_got;
			if (i % 8 == 0 && got) {
				/* The contact: the nearest surface point, a unit normal out of the mesh, the depth. */
				col_contact3 contact;
				assert_true(col_tetratree_sphere_contact(tree, ball, &contact, NULL));
				col_vec3 nearest;
				double d = nearest_oracle(&every, c, &nearest, NULL);
				bool inside = oracle(mesh, c);
				double want = inside ? radius + d : radius - d;
				if (fabs(col_vec3_distance(contact.point, c) - d) > 1e-12 * size ||
				    fabs(contact.depth - fmax(0.0, want)) > 1e-12 * size ||
				    fabs(col_vec3_length(contact.normal) - 1.0) > 1e-12)
					FAIL_CASE(&r, i, "%s: contact point at %.17g (nearest %.17g), depth %.17g (want %.17g)",
					          classes[k].name, col_vec3_distance(contact.point, c), d, contact.depth, want);
				if (d > 1e-9 * size) {
					/* Moving the centre along the normal goes away from the contact point when outside,
					 * towards it (and through it) when inside. */
					col_vec3 to_point = col_vec3_sub(contact.point, c);
					double along = col_vec3_dot(to_point, contact.normal);
					assert_true(inside ? along > 0.0 : along < 0.0);
				}
			} else if (i % 8 == 0) {
				assert_false(col_tetratree_sphere_contact(tree, ball, NULL, NULL));
			}
		}
		/* Each kind of answer is common. */
		assert_true(hits > cases / 20 && hits < cases * 19 / 20);
		inside_only_all += inside_only;
		assert_true(surface_hits > cases / 40);
		assert_int_equal(stats.queries, cases);
		col_covering3d_cache_destroy(cache);
		col_tetratree_destroy(tree);
		mesh_oracle_free(&every);
	}
	free_classes(classes);
	/* Balls wholly inside, which only the solid test sees. */
	assert_true(inside_only_all > COLLIDE_RANDOM_CASES / 400);

	/* Touching, exactly: the box [-2, 2]^3 and balls that reach a face, an edge, a vertex. */
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	col_mesh *box = mesh_of(&m);
	mesh_oracle box_oracle = mesh_oracle_make(box);
	col_tetratree *tree = tree_of(box, NULL);
	const col_sphere touching[] = {
	    {{0, 0, 5}, 3},          /* a face */
	    {{5, 5, 0}, 4.24264068711928521}, /* an edge, at distance 3 sqrt 2 (rounded: see below) */
	    {{5, 6, 2}, 5},          /* the edge x = 2, y = 2 at distance sqrt(9 + 16) */
	    {{4, 4, 4}, 3.4641016151377544}, /* a vertex at 2 sqrt 3, rounded */
	    {{3, 2, 2}, 1},          /* a vertex along an axis */
	    {{0, 0, 0}, 0.5},        /* inside: the solid yes, the surface no */
	};
	for (size_t i = 0; i < sizeof touching / sizeof touching[0]; i++) {
		col_sphere ball = touching[i];
		assert_int_equal(col_tetratree_intersects_sphere(tree, ball, NULL, NULL, NULL),
		                 col_mesh_intersects_sphere(box, ball, NULL));
		assert_int_equal(col_tetratree_sphere_meets_surface(tree, ball, NULL, NULL, NULL), surface_oracle(&box_oracle, ball));
	}
	assert_true(col_tetratree_intersects_sphere(tree, touching[0], NULL, NULL, NULL));
	assert_true(col_tetratree_intersects_sphere(tree, touching[2], NULL, NULL, NULL));
	assert_true(col_tetratree_intersects_sphere(tree, touching[4], NULL, NULL, NULL));
	/* A hair smaller, they part. */
	assert_false(col_tetratree_intersects_sphere(tree, (col_sphere){{0, 0, 5}, nextafter(3, 0)}, NULL, NULL, NULL));
	assert_false(col_tetratree_intersects_sphere(tree, (col_sphere){{5, 6, 2}, nextafter(5, 0)}, NULL, NULL, NULL));
	assert_true(col_tetratree_intersects_sphere(tree, touching[5], NULL, NULL, NULL));
	assert_false(col_tetratree_sphere_meets_surface(tree, touching[5], NULL, NULL, NULL));
	col_contact3 contact;
	assert_true(col_tetratree_sphere_contact(tree, touching[0], &contact, NULL));
	assert_true(contact.depth == 0.0 && contact.normal.z > 0.999 && contact.point.z == 2.0);
	assert_true(col_tetratree_sphere_contact(tree, touching[5], &contact, NULL));
	assert_true(fabs(contact.depth - 2.5) < 1e-12);
	/* Bad balls. */
	assert_false(col_tetratree_intersects_sphere(tree, (col_sphere){{0, 0, 0}, -1}, NULL, NULL, NULL));
	assert_false(col_tetratree_intersects_sphere(tree, (col_sphere){{NAN, 0, 0}, 1}, NULL, NULL, NULL));
	assert_false(col_tetratree_intersects_sphere(tree, (col_sphere){{0, 0, 0}, NAN}, NULL, NULL, NULL));
	assert_false(col_tetratree_intersects_sphere(NULL, (col_sphere){{0, 0, 0}, 1}, NULL, NULL, NULL));
	mesh_oracle_free(&box_oracle);
	col_tetratree_destroy(tree);
	col_mesh_destroy(box);
}

/* Nearest points and signed distances against every triangle. */
static void test_nearest(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		mesh_oracle every = mesh_oracle_make(mesh);
		col_tetratree *tree = tree_of(mesh, NULL);
		col_aabb3 box = col_mesh_bounds(mesh);
		double size = col_vec3_distance(box.min, box.max);
		rng r = rng_make(rng_env_seed(0xD15000u + (uint64_t)k));
		col_query_stats stats = {0};
		int cases = COLLIDE_RANDOM_CASES / 8;
		for (int i = 0; i < cases; i++) {
			col_vec3 p = i % 3 == 0 ? rng_vec3(&r, -2.0 * size, 2.0 * size) : rng_in_grown_box(&r, box);
			col_vec3 nearest, want_point;
			int triangle = -1;
			double d = col_tetratree_closest_point(tree, p, &nearest, &triangle, &stats);
			double want = nearest_oracle(&every, p, &want_point, NULL);
			if (fabs(d - want) > 1e-12 * (size + want) || triangle < 0 ||
			    fabs(col_vec3_distance(nearest, p) - d) > 1e-12 * (size + want))
				FAIL_CASE(&r, i, "%s: nearest at %.17g, every triangle says %.17g", classes[k].name, d, want);
			/* The triangle named holds the point (it is that triangle's nearest point). */
			col_vec3 again = col_triangle_closest_point(col_mesh_triangle(mesh, triangle), p);
			assert_true(col_vec3_distance(again, nearest) <= 1e-12 * size);
			double signed_distance = col_tetratree_signed_distance(tree, p, NULL);
			bool inside = oracle(mesh, p);
			assert_true(fabs(fabs(signed_distance) - want) <= 1e-12 * (size + want));
			if (want > 0.0)
				assert_int_equal(signed_distance < 0.0, inside);
		}
		/* Pruning works: fewer triangles than the leaves hold (a point at a sphere's centre is
		 * equally near every triangle, so the flat count is no bound). */
		size_t stored = col_tetratree_get_stats(tree).tetrahedra_stored;
		if (col_mesh_triangle_count(mesh) > 200 && stats.primitives_tested >= (uint64_t)cases * stored * 3 / 4)
			fail_msg("%s: the nearest-point search tested %.1f of the %zu stored tetrahedra per query",
			         classes[k].name, (double)stats.primitives_tested / cases, stored);
		col_tetratree_destroy(tree);
		mesh_oracle_free(&every);
	}
	free_classes(classes);
}

/* Rays from inside and outside in random directions: the tree's first hit is the first hit over
 * every triangle, up to rays that graze an edge (decided with a tolerance both ways). */
static void test_rays(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		mesh_oracle every = mesh_oracle_make(mesh);
		col_tetratree *tree = tree_of(mesh, NULL);
		col_aabb3 box = col_mesh_bounds(mesh);
		double size = col_vec3_distance(box.min, box.max);
		rng r = rng_make(rng_env_seed(0xA70000u + (uint64_t)k));
		int hits = 0, cases = COLLIDE_RANDOM_CASES / 8;
		for (int i = 0; i < cases; i++) {
			col_vec3 o = rng_in_grown_box(&r, box);
			col_vec3 d = col_vec3_scale(rng_vec3(&r, -1.0, 1.0), i % 2 ? 1.0 : 7.5);
			double max_distance = i % 5 == 0 ? 0.3 * size : INFINITY;
			double strict, loose;
			ray_oracle(&every, o, d, &strict, &loose);
			col_ray_hit3 hit;
			bool got = col_tetratree_ray_cast(tree, o, d, max_distance, &hit, NULL);
			double scale = size / col_vec3_length(d);
			if (strict < INFINITY && strict <= max_distance * (1 - 1e-9) && !got)
				FAIL_CASE(&r, i, "%s: the ray misses, but hits every triangle's at %.17g", classes[k].name, strict);
			if (got && (hit.distance < loose - 1e-9 * scale || hit.distance > max_distance ||
			            (strict < INFINITY && hit.distance > strict + 1e-9 * scale)))
				FAIL_CASE(&r, i, "%s: the ray hits at %.17g, every triangle says %.17g to %.17g", classes[k].name,
				          hit.distance, loose, strict);
			if (got) {
				hits++;
				col_vec3 expect = col_vec3_add(o, col_vec3_scale(d, hit.distance));
				if (col_vec3_distance(expect, hit.point) > 1e-12 * (size + col_vec3_length(o)) + 1e-15 * hit.distance * col_vec3_length(d))
					FAIL_CASE(&r, i, "%s: hit point (%.17g %.17g %.17g) at %.17g, o + t d = (%.17g %.17g %.17g)", classes[k].name,
					          hit.point.x, hit.point.y, hit.point.z, hit.distance, expect.x, expect.y, expect.z);
				assert_true(fabs(col_vec3_length(hit.normal) - 1.0) < 1e-12);
				assert_true(hit.feature >= 0 && hit.feature < col_mesh_triangle_count(mesh));
			}
		}
		assert_true(hits > cases / 10 && hits < cases * 19 / 20);
		col_tetratree_destroy(tree);
		mesh_oracle_free(&every);
	}
	free_classes(classes);
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	col_mesh *box = mesh_of(&m);
	col_tetratree *tree = tree_of(box, NULL);
	col_ray_hit3 hit;
	assert_true(col_tetratree_ray_cast(tree, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, -2}, INFINITY, &hit, NULL));
	assert_true(hit.distance == 4.0 && hit.point.z == 2.0 && hit.normal.z == 1.0);
	assert_false(col_tetratree_ray_cast(tree, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, -2}, 3.5, &hit, NULL));
	assert_false(col_tetratree_ray_cast(tree, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, 1}, INFINITY, &hit, NULL));
	assert_false(col_tetratree_ray_cast(tree, (col_vec3){0, 0, 10}, (col_vec3){0, 0, 0}, INFINITY, &hit, NULL));
	assert_false(col_tetratree_ray_cast(tree, (col_vec3){0, 0, NAN}, (col_vec3){0, 0, 1}, INFINITY, &hit, NULL));
	/* From inside, the first wall. */
	assert_true(col_tetratree_ray_cast(tree, (col_vec3){0.5, 0.25, 0}, (col_vec3){1, 0, 0}, INFINITY, &hit, NULL));
	assert_true(hit.distance == 1.5 && hit.normal.x == 1.0);
	assert_true(col_tetratree_closest_point(NULL, (col_vec3){0, 0, 0}, NULL, NULL, NULL) < 0.0);
	assert_true(isnan(col_tetratree_signed_distance(tree, (col_vec3){NAN, 0, 0}, NULL)));
	assert_true(col_tetratree_signed_distance(tree, (col_vec3){0, 0, 0}, NULL) == -2.0);
	assert_true(col_tetratree_signed_distance(tree, (col_vec3){0, 0, 5}, NULL) == 3.0);
	col_tetratree_destroy(tree);
	col_mesh_destroy(box);
}

static void test_bad_input(void **state)
{
	(void)state;
	col_tetratree *tree = NULL;
	col_error error;
	assert_int_equal(col_tetratree_build(NULL, NULL, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(tree);
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	col_mesh *box = mesh_of(&m);
	assert_int_equal(col_tetratree_build(box, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	col_tetratree_options bad[5];
	for (int k = 0; k < 5; k++)
		bad[k] = col_tetratree_default_options();
	bad[0].max_depth = 25;
	bad[1].min_tetrahedra = -1;
	bad[2].fit_iterations = 65;
	bad[3].leaf_cones = -8;
	bad[4].has_origin = true;
	bad[4].origin = (col_vec3){NAN, 0, 0};
	for (int k = 0; k < 5; k++) {
		assert_int_equal(col_tetratree_build(box, &bad[k], &tree, &error), COL_ERROR_INVALID_ARGUMENT);
		assert_null(tree);
		assert_true(strlen(error.message) > 10);
	}
	/* Open and inconsistently oriented meshes are refused, saying why. */
	col_mesh *open = NULL;
	check_ok(col_mesh_create(m.v, m.nv, m.t, m.nt - 1, &open, &error), &error);
	assert_int_equal(col_tetratree_build(open, NULL, &tree, &error), COL_ERROR_TOPOLOGY);
	assert_non_null(strstr(error.message, "boundary"));
	/* A memory budget too small for the tree. */
	col_mesh *bumpy = NULL;
	check_ok(col_mesh_create_bumpy_sphere(3, &bumpy, &error), &error);
	col_tetratree_options tiny = col_tetratree_default_options();
	tiny.max_memory = 4096;
	assert_int_equal(col_tetratree_build(bumpy, &tiny, &tree, &error), COL_ERROR_OUT_OF_MEMORY);
	assert_non_null(strstr(error.message, "budget"));
	assert_null(tree);
	/* Queries and accessors on NULL, NaN and out-of-range input. */
	tree = tree_of(box, NULL);
	assert_false(col_tetratree_contains(tree, (col_vec3){NAN, 0.5, 0.5}, NULL, NULL, NULL));
	assert_false(col_tetratree_contains(tree, (col_vec3){0.5, INFINITY, 0.5}, NULL, NULL, NULL));
	assert_false(col_tetratree_contains(NULL, (col_vec3){0.5, 0.5, 0.5}, NULL, NULL, NULL));
	assert_true(col_tetratree_contains(tree, (col_vec3){0.5, 0.5, 0.5}, NULL, NULL, NULL));
	assert_int_equal(col_tetratree_locate(tree, (col_vec3){NAN, 0, 0}), -1);
	assert_int_equal(col_tetratree_locate(NULL, (col_vec3){0, 0, 0}), -1);
	col_tetratree_cone cone;
	assert_false(col_tetratree_cone_at(tree, -1, &cone));
	assert_false(col_tetratree_cone_at(tree, col_tetratree_cone_count(tree), &cone));
	int count = 7;
	assert_null(col_tetratree_cone_tetrahedra(tree, 1 << 20, &count));
	assert_int_equal(count, 0);
	assert_int_equal(col_tetratree_regular_envelope(tree, 0, NULL, 0), 0);
	assert_int_equal(col_tetratree_regular_envelope(tree, 99, NULL, 0), 0);
	assert_true(col_tetratree_level_reach(tree, 99) == 0.0);
	bool answers[2] = {true, true};
	col_tetratree_contains_points(tree, NULL, 2, answers, NULL);
	assert_false(answers[0] || answers[1]);
	/* A cache made for another covering is ignored, not misused. */
	col_covering3d *other = NULL;
	check_ok(col_covering3d_build(bumpy, NULL, &other, &error), &error);
	col_covering3d_cache *foreign = NULL;
	check_ok(col_covering3d_cache_create(other, &foreign, &error), &error);
	assert_true(col_tetratree_contains(tree, (col_vec3){0.5, 0.5, 0.5}, foreign, NULL, NULL));
	assert_false(col_tetratree_contains(tree, (col_vec3){1.5, 0.5, 0.5}, foreign, NULL, NULL));
	col_covering3d_cache_destroy(foreign);
	col_covering3d_destroy(other);
	assert_null(col_tetratree_covering(NULL));
	assert_int_equal(col_tetratree_get_stats(NULL).cones, 0);
	col_tetratree_destroy(tree);
	col_tetratree_destroy(NULL);
	col_mesh_destroy(box);
	col_mesh_destroy(open);
	col_mesh_destroy(bumpy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_random_points), cmocka_unit_test(test_surface_points),
	    cmocka_unit_test(test_integer_grid),  cmocka_unit_test(test_coherence),
	    cmocka_unit_test(test_far_mesh),      cmocka_unit_test(test_spheres),
	    cmocka_unit_test(test_nearest),       cmocka_unit_test(test_rays),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
