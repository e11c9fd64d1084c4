/* The tetra-tree (source 000, 5.2): its point test against the mesh's exact crossing count on random
 * points of every mesh class and on integer grids, with and without temporal coherence; the tree's
 * invariants (children tile their parent exactly, every tetrahedron holding a point is in that
 * point's leaf, enclosing tetrahedra, spheres and regular envelopes hold what they must, the stop
 * rules, the statistics); bad input. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/barycentric3d.h"
#include "collide/predicates.h"
#include "collide/tetratree.h"

#include "mesh_cases.h"
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
		/* The enclosing tetrahedron: legs on the rays' side, every vertex held. */
		int apex_side = col_orient3d(c.envelope[0], c.envelope[1], c.envelope[2], apex) > 0.0 ? 1 : -1;
		for (int k = 0; k < count; k++) {
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
		/* Each child's tetrahedra are among the parent's. */
		for (int k = 0; k < 4; k++) {
			int child_count = 0;
			const int *child_listed = col_tetratree_cone_tetrahedra(tree, c.first_child + k, &child_count);
			for (int a = 0; a < child_count; a++) {
				bool found = false;
				for (int b = 0; b < count && !found; b++)
					found = listed[b] == child_listed[a];
				assert_true(found);
			}
		}
	}
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
	for (int level = 1; level <= stats.levels; level++) {
		int count = col_tetratree_regular_envelope(tree, level, NULL, 0);
		assert_true(count >= 8);
		col_vec3 *tri = malloc(3 * (size_t)count * sizeof *tri);
		assert_int_equal(col_tetratree_regular_envelope(tree, level, tri, count), count);
		double reach = col_tetratree_level_reach(tree, level);
		for (int k = 0; k < count; k++) {
			assert_true(fabs(col_vec3_distance(tri[3 * k], apex) - reach) <= 1e-12 * reach + 4e-16 * far);
			int apex_side = col_orient3d(tri[3 * k], tri[3 * k + 1], tri[3 * k + 2], apex) > 0.0 ? 1 : -1;
			for (int i = 0; i < col_covering3d_tetrahedron_count(cov); i++) {
				col_covering3d_tetrahedron t = col_covering3d_tetrahedron_at(cov, i);
				const col_vec3 v[3] = {t.a, t.b, t.c};
				for (int j = 0; j < 3; j++) {
					/* The triangle's cone: the rays through its corners. */
					const col_vec3 rays[3] = {tri[3 * k], tri[3 * k + 1], tri[3 * k + 2]};
					bool in_cone = col_orient3d(apex, v[j], rays[1], rays[2]) >= 0.0 &&
					               col_orient3d(apex, rays[0], v[j], rays[2]) >= 0.0 &&
					               col_orient3d(apex, rays[0], rays[1], v[j]) >= 0.0;
					if (in_cone && col_orient3d(rays[0], rays[1], rays[2], v[j]) * apex_side < 0.0)
						fail_msg("%s: level %d's envelope triangle %d leaves out a vertex in its cone", name, level,
						         k);
					if (col_vec3_distance(v[j], apex) > reach)
						fail_msg("%s: a vertex lies beyond level %d's reach", name, level);
				}
			}
		}
		free(tri);
	}
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
		assert_true(changes > 10);
		assert_true(stats.cache_hits > (uint64_t)steps / 10);
		assert_true(flat_stats.cache_hits > (uint64_t)steps / 10);
		col_covering3d_cache_destroy(cache);
		col_covering3d_cache_destroy(flat_cache);
		col_tetratree_destroy(tree);
	}
	free_classes(classes);
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
	    cmocka_unit_test(test_far_mesh),      cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
