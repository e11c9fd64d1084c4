/* Mesh pairs by tetra-trees (source 000, 5.5): DC-TT, DC-List and the flat DC against the all-pairs
 * oracle (col_mesh_intersects_mesh) on random poses of every pair of mesh classes, exact touching
 * poses, one mesh inside the other, and a moving pair with the last-hit cache. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/tetratree.h"

#include "mesh_cases.h"
#include "support.h"

static col_tetratree *tree_of(const col_mesh *mesh)
{
	col_tetratree *tree = NULL;
	col_error error;
	check_ok(col_tetratree_build(mesh, NULL, &tree, &error), &error);
	return tree;
}

static col_quat random_rotation(rng *r)
{
	double x = rng_in(r, -1, 1), y = rng_in(r, -1, 1), z = rng_in(r, -1, 1), w = rng_in(r, -1, 1);
	double n = sqrt(x * x + y * y + z * z + w * w);
	if (n < 1e-3)
		return (col_quat){0, 0, 0, 1};
	return (col_quat){x / n, y / n, z / n, w / n};
}

static const col_method methods[3] = {COL_METHOD_TETRATREE, COL_METHOD_CONE_LIST, COL_METHOD_COVERING};

/* Random poses of b around a, at distances where about half the pairs meet; every method, and the
 * default, agree with the oracle. */
static void test_random_poses(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	col_tetratree *trees[CLASS_COUNT];
	for (int k = 0; k < CLASS_COUNT; k++)
		trees[k] = tree_of(classes[k].mesh);
	rng r = rng_make(rng_env_seed(0x9A1200u));
	long met = 0, apart = 0, contained = 0, cases = 0;
	long per_pair = COLLIDE_RANDOM_CASES / (CLASS_COUNT * CLASS_COUNT) + 1;
	for (int ka = 0; ka < CLASS_COUNT; ka++)
		for (int kb = 0; kb < CLASS_COUNT; kb++) {
			const col_mesh *ma = classes[ka].mesh, *mb = classes[kb].mesh;
			col_aabb3 box_a = col_mesh_bounds(ma), box_b = col_mesh_bounds(mb);
			double reach = 0.5 * (col_vec3_distance(box_a.min, box_a.max) + col_vec3_distance(box_b.min, box_b.max));
			col_vec3 center_a = col_vec3_scale(col_vec3_add(box_a.min, box_a.max), 0.5);
			col_vec3 center_b = col_vec3_scale(col_vec3_add(box_b.min, box_b.max), 0.5);
			for (long i = 0; i < per_pair; i++, cases++) {
				col_quat rotation = random_rotation(&r);
				/* b's centre placed at a random offset from a's, up to about the sum of the sizes. */
				col_vec3 offset = col_vec3_scale(rng_vec3(&r, -1, 1), reach * 0.6);
				col_vec3 rotated_center = col_transform3_apply((col_transform3){rotation, {0, 0, 0}}, center_b);
				col_transform3 pose = {rotation, col_vec3_sub(col_vec3_add(center_a, offset), rotated_center)};
				bool expected = col_mesh_intersects_mesh(ma, mb, pose, NULL);
				/* The flat DC is the oracle's own method, tree-less: every eighth pose is enough. */
				for (int m = 0; m < (i % 8 == 0 ? 3 : 2); m++) {
					bool got = col_tetratree_intersects_tetratree(trees[ka], trees[kb], pose, methods[m], NULL, NULL, NULL);
					if (got != expected)
						FAIL_CASE(&r, (int)cases, "%s vs %s, method %s: %d, oracle %d", classes[ka].name,
						          classes[kb].name, col_method_name(methods[m]), got, expected);
				}
				/* The default is DC-TT, checked above on this very pose: every eighth pose shows that
				 * the default still answers as the oracle. */
				if (i % 8 == 4)
					assert_int_equal(col_tetratree_intersects_tetratree(trees[ka], trees[kb], pose,
					                                                    COL_METHOD_DEFAULT, NULL, NULL, NULL),
					                 expected);
				met += expected;
				apart += !expected;
			}
			/* b shrunk to a point's size is the containment case: no surfaces meet. */
			(void)contained;
		}
	assert_true(met > cases / 10 && apart > cases / 10);
	for (int k = 0; k < CLASS_COUNT; k++)
		col_tetratree_destroy(trees[k]);
	free_classes(classes);
}

/* Exact poses: boxes touching on a face, an edge, a vertex, a hair apart; a small box inside a
 * big one and inside the cavity of the nested shells (apart), and a big box holding a small one. */
static void test_touching_and_inside(void **state)
{
	(void)state;
	mesh_arrays big = {0}, small = {0}, shells = {0};
	add_box(&big, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	add_box(&small, (col_vec3){-0.5, -0.5, -0.5}, (col_vec3){0.5, 0.5, 0.5}, false);
	add_box(&shells, (col_vec3){-3, -3, -3}, (col_vec3){3, 3, 3}, false);
	add_box(&shells, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, true);
	col_mesh *mb = mesh_of(&big), *ms = mesh_of(&small), *mh = mesh_of(&shells);
	col_tetratree *tb = tree_of(mb), *ts = tree_of(ms), *th = tree_of(mh);
	col_quat identity = {0, 0, 0, 1};
	const struct {
		col_tetratree *a, *b;
		const col_mesh *ma, *mb;
		col_vec3 shift;
		bool expected;
	} cases[] = {
	    {tb, ts, mb, ms, {2.5, 0, 0}, true},                    /* face on face */
	    {tb, ts, mb, ms, {2.5, 2.5, 0}, true},                  /* edge on edge */
	    {tb, ts, mb, ms, {2.5, 2.5, 2.5}, true},                /* corner on corner */
	    {tb, ts, mb, ms, {nextafter(2.5, 3), 0, 0}, false},     /* a hair apart */
	    {tb, ts, mb, ms, {0.25, 0.5, -0.125}, true},            /* small inside big */
	    {ts, tb, ms, mb, {0.25, 0.5, -0.125}, true},            /* big around small */
	    {th, ts, mh, ms, {0.5, 0, 0}, false},                   /* in the cavity, apart */
	    {th, ts, mh, ms, {1.5, 0, 0}, true},                    /* touching the cavity's wall */
	    {ts, th, ms, mh, {0, 0, 0}, false},                     /* the shells around the small box */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		col_transform3 pose = {identity, cases[i].shift};
		assert_int_equal(col_mesh_intersects_mesh(cases[i].ma, cases[i].mb, pose, NULL), cases[i].expected);
		for (int m = 0; m < 3; m++) {
			bool got = col_tetratree_intersects_tetratree(cases[i].a, cases[i].b, pose, methods[m], NULL, NULL, NULL);
			if (got != cases[i].expected)
				fail_msg("case %zu, method %s: %d, expected %d", i, col_method_name(methods[m]), got, cases[i].expected);
		}
	}
	/* Bad input. */
	col_transform3 bad = {identity, {NAN, 0, 0}};
	assert_false(col_tetratree_intersects_tetratree(tb, ts, bad, COL_METHOD_DEFAULT, NULL, NULL, NULL));
	assert_false(col_tetratree_intersects_tetratree(NULL, ts, (col_transform3){identity, {0, 0, 0}}, COL_METHOD_DEFAULT,
	                                                NULL, NULL, NULL));
	col_tetratree_destroy(tb);
	col_tetratree_destroy(ts);
	col_tetratree_destroy(th);
	col_mesh_destroy(mb);
	col_mesh_destroy(ms);
	col_mesh_destroy(mh);
}

/* A torus sliding through a bumpy sphere, the last-hit cache in use: the same answers as without
 * it, and the cached pair reused (Heuristic 5.2). The trace lists a's cones and triangles. */
static void test_moving_pair(void **state)
{
	(void)state;
	col_mesh *sphere = NULL, *torus = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(3, &sphere, &error), &error);
	check_ok(col_mesh_create_torus(0.8, 0.2, 32, 12, &torus, &error), &error);
	col_tetratree *ta = tree_of(sphere), *tb = tree_of(torus);
	col_covering3d_cache *cache = NULL;
	check_ok(col_covering3d_cache_create(col_tetratree_covering(ta), &cache, &error), &error);
	col_query_stats stats = {0};
	int steps = 2000, hits = 0;
	for (int i = 0; i < steps; i++) {
		double t = (double)i / steps;
		double angle = 6.0 * t;
		col_quat rotation = {sin(angle / 2) * 0.6, sin(angle / 2) * 0.8, 0, cos(angle / 2)};
		col_transform3 pose = {rotation, {3.0 * cos(6.28318 * t), 1.2 * sin(6.28318 * t), 0.3}};
		bool expected = col_mesh_intersects_mesh(sphere, torus, pose, NULL);
		int cones[64], triangles[256];
		col_tetratree_trace trace = {cones, 64, 0, triangles, 256, 0};
		bool got = col_tetratree_intersects_tetratree(ta, tb, pose, COL_METHOD_TETRATREE, cache, &stats, &trace);
		if (got != expected)
			fail_msg("step %d: %d, oracle %d", i, got, expected);
		hits += got;
		if (got && trace.cone_count > 0)
			assert_true(cones[0] >= 0 && cones[0] < col_tetratree_cone_count(ta));
	}
	assert_true(hits > steps / 10 && hits < steps * 9 / 10);
	assert_true(stats.cache_hits > (uint64_t)hits / 4);
	col_covering3d_cache_destroy(cache);
	col_tetratree_destroy(ta);
	col_tetratree_destroy(tb);
	col_mesh_destroy(sphere);
	col_mesh_destroy(torus);
}

/* The tree's contacts against the brute force's: the same crossings bit for bit (the same
 * computation on the same moved triangles), the same inner vertices, each at the same depth; where
 * two surface points are equally near, the tree's must be one of them. */
static void compare_contacts(rng *r, long i, const char *names, const col_mesh *ma, const col_mesh *mb,
                             const col_tetratree *ta, const col_tetratree *tb, col_transform3 pose, long *counted)
{
	enum { CAPACITY = 4096 };
	static col_mesh_contact want[CAPACITY], got[CAPACITY];
	col_mesh_contact_summary want_summary, got_summary;
	col_error error;
	check_ok(col_mesh_contacts(ma, mb, pose, want, CAPACITY, &want_summary, NULL, &error), &error);
	check_ok(col_tetratree_contacts(ta, tb, pose, got, CAPACITY, &got_summary, NULL, NULL, &error), &error);
	if (want_summary.count != got_summary.count || want_summary.crossings != got_summary.crossings)
		FAIL_CASE(r, (int)i, "%s: %d contacts (%d crossings), oracle %d (%d)", names, got_summary.count,
		          got_summary.crossings, want_summary.count, want_summary.crossings);
	if ((want_summary.count > 0) != col_mesh_intersects_mesh(ma, mb, pose, NULL))
		FAIL_CASE(r, (int)i, "%s: contacts exist %d against the yes/no oracle", names, want_summary.count > 0);
	int n = want_summary.count < CAPACITY ? want_summary.count : CAPACITY;
	for (int k = 0; k < n; k++) {
		const col_mesh_contact *w = &want[k], *g = &got[k];
		if (w->kind != g->kind || w->vertex != g->vertex)
			FAIL_CASE(r, (int)i, "%s: contact %d is kind %d vertex %d, oracle %d %d", names, k, g->kind, g->vertex,
			          w->kind, w->vertex);
		if (w->kind == COL_CONTACT_CROSSING) {
			if (memcmp(w, g, sizeof *w) != 0)
				FAIL_CASE(r, (int)i, "%s: crossing %d differs (triangles %d %d)", names, k, w->triangle_a,
				          w->triangle_b);
			continue;
		}
		double scale = 1.0 + col_vec3_length(w->point);
		if (fabs(w->depth - g->depth) > 1e-12 * scale || col_vec3_distance(w->point, g->point) > 1e-12 * scale)
			FAIL_CASE(r, (int)i, "%s: vertex %d depth %.17g, oracle %.17g", names, w->vertex, g->depth, w->depth);
		/* The surface point each normal points at (for a's vertex, the normal points away from it). */
		double sign = w->kind == COL_CONTACT_VERTEX_OF_B ? 1.0 : -1.0;
		col_vec3 at = col_vec3_add(g->point, col_vec3_scale(g->normal, sign * g->depth));
		const col_mesh *outer = w->kind == COL_CONTACT_VERTEX_OF_B ? ma : mb;
		int triangle = w->kind == COL_CONTACT_VERTEX_OF_B ? g->triangle_a : g->triangle_b;
		col_triangle t = col_mesh_triangle(outer, triangle);
		if (w->kind == COL_CONTACT_VERTEX_OF_A)
			t = (col_triangle){col_transform3_apply(pose, t.a), col_transform3_apply(pose, t.b), col_transform3_apply(pose, t.c)};
		if (g->depth > 0 && col_vec3_distance(at, col_triangle_closest_point(t, at)) > 1e-9 * scale)
			FAIL_CASE(r, (int)i, "%s: vertex %d's normal misses its nearest triangle", names, w->vertex);
	}
	/* The deepest is the deepest of the list. */
	for (int k = 0; k < n; k++)
		assert_true(got[k].depth <= got_summary.deepest.depth);
	*counted += want_summary.count;
}

static void test_contacts(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	col_tetratree *trees[CLASS_COUNT];
	for (int k = 0; k < CLASS_COUNT; k++)
		trees[k] = tree_of(classes[k].mesh);
	rng r = rng_make(rng_env_seed(0xC0A7AC75u));
	long cases = 0, contacts = 0;
	long per_pair = COLLIDE_RANDOM_CASES / (CLASS_COUNT * CLASS_COUNT * 50) + 1;
	for (int ka = 0; ka < CLASS_COUNT; ka++)
		for (int kb = 0; kb < CLASS_COUNT; kb++) {
			const col_mesh *ma = classes[ka].mesh, *mb = classes[kb].mesh;
			col_aabb3 box_a = col_mesh_bounds(ma), box_b = col_mesh_bounds(mb);
			double reach = 0.5 * (col_vec3_distance(box_a.min, box_a.max) + col_vec3_distance(box_b.min, box_b.max));
			col_vec3 center_a = col_vec3_scale(col_vec3_add(box_a.min, box_a.max), 0.5);
			col_vec3 center_b = col_vec3_scale(col_vec3_add(box_b.min, box_b.max), 0.5);
			char names[96];
			snprintf(names, sizeof names, "%s vs %s", classes[ka].name, classes[kb].name);
			for (long i = 0; i < per_pair; i++, cases++) {
				col_quat rotation = random_rotation(&r);
				col_vec3 offset = col_vec3_scale(rng_vec3(&r, -1, 1), reach * 0.5);
				col_vec3 rotated_center = col_transform3_apply((col_transform3){rotation, {0, 0, 0}}, center_b);
				col_transform3 pose = {rotation, col_vec3_sub(col_vec3_add(center_a, offset), rotated_center)};
				compare_contacts(&r, cases, names, ma, mb, trees[ka], trees[kb], pose, &contacts);
			}
		}
	assert_true(contacts > cases);
	for (int k = 0; k < CLASS_COUNT; k++)
		col_tetratree_destroy(trees[k]);
	free_classes(classes);
}

/* Known contacts: a box resting 0.1 deep on another, a box wholly inside another, boxes apart,
 * and bad input. */
static void test_contacts_known(void **state)
{
	(void)state;
	mesh_arrays big = {0}, unit = {0};
	add_box(&big, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	add_box(&unit, (col_vec3){-1, -1, -1}, (col_vec3){1, 1, 1}, false);
	col_mesh *mb = mesh_of(&big), *mu = mesh_of(&unit);
	col_tetratree *tb = tree_of(mb), *tu = tree_of(mu);
	col_quat identity = {0, 0, 0, 1};
	col_mesh_contact contacts[64];
	col_mesh_contact_summary summary;
	col_error error;
	/* Resting: the second unit box at (0.3, 0.2, 1.9) sinks 0.1 into the first. One corner of each
	 * is inside the other, both 0.1 deep along z; b must move up. */
	col_transform3 resting = {identity, {0.3, 0.2, 1.9}};
	check_ok(col_tetratree_contacts(tu, tu, resting, contacts, 64, &summary, NULL, NULL, &error), &error);
	assert_true(summary.crossings > 0 && summary.count == summary.crossings + 2);
	assert_true(fabs(summary.deepest.depth - 0.1) < 1e-12);
	for (int k = summary.crossings; k < summary.count; k++) {
		assert_true(fabs(contacts[k].depth - 0.1) < 1e-12);
		assert_true(fabs(contacts[k].normal.z - 1.0) < 1e-12);
	}
	assert_int_equal(contacts[summary.crossings].kind, COL_CONTACT_VERTEX_OF_B);
	assert_int_equal(contacts[summary.crossings + 1].kind, COL_CONTACT_VERTEX_OF_A);
	/* Inside: no crossing, all 8 corners of the unit box inside the big one. Shifted by 0.5 in x,
	 * the corners at x = 1.5 are 0.5 from the big box's face, those at x = -0.5 are 1 from the y
	 * and z faces: the deepest is 1. */
	col_transform3 inside = {identity, {0.5, 0, 0}};
	check_ok(col_tetratree_contacts(tb, tu, inside, contacts, 64, &summary, NULL, NULL, &error), &error);
	assert_int_equal(summary.crossings, 0);
	assert_int_equal(summary.count, 8);
	assert_true(fabs(summary.deepest.depth - 1.0) < 1e-12);
	for (int k = 0; k < 8; k++)
		assert_true(fabs(contacts[k].depth - (contacts[k].point.x > 1.0 ? 0.5 : 1.0)) < 1e-12);
	/* Big around small (a inside b): a's 8 corners, b must move so they come out. */
	check_ok(col_tetratree_contacts(tu, tb, inside, contacts, 64, &summary, NULL, NULL, &error), &error);
	assert_int_equal(summary.count, 8);
	assert_int_equal(contacts[0].kind, COL_CONTACT_VERTEX_OF_A);
	/* Apart. */
	col_transform3 apart = {identity, {5, 0, 0}};
	check_ok(col_tetratree_contacts(tb, tu, apart, contacts, 64, &summary, NULL, NULL, &error), &error);
	assert_int_equal(summary.count, 0);
	/* The summary alone, and bad input. */
	check_ok(col_tetratree_contacts(tu, tu, resting, NULL, 0, &summary, NULL, NULL, &error), &error);
	assert_true(summary.count > 0);
	assert_int_equal(col_tetratree_contacts(tu, tu, resting, NULL, 4, &summary, NULL, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_tetratree_contacts(NULL, tu, resting, contacts, 4, &summary, NULL, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	col_transform3 bad = {identity, {NAN, 0, 0}};
	assert_int_equal(col_tetratree_contacts(tu, tu, bad, contacts, 4, &summary, NULL, NULL, &error),
	                 COL_ERROR_NOT_FINITE);
	assert_int_equal(col_mesh_contacts(mu, mu, bad, contacts, 4, &summary, NULL, &error), COL_ERROR_NOT_FINITE);
	col_tetratree_destroy(tb);
	col_tetratree_destroy(tu);
	col_mesh_destroy(mb);
	col_mesh_destroy(mu);
}

/* A mesh of several pieces, one of them inside the other solid and the rest far away: the surfaces
 * never meet, so only a containment test per piece finds it (one vertex per mesh misses it). */
static void test_piece_inside(void **state)
{
	(void)state;
	mesh_arrays pair_big = {0}, pair_small = {0};
	add_box(&pair_big, (col_vec3){-6, -1, -1}, (col_vec3){-4, 1, 1}, false);
	add_box(&pair_big, (col_vec3){4, -1, -1}, (col_vec3){6, 1, 1}, false);
	add_box(&pair_small, (col_vec3){99.7, -0.3, -0.3}, (col_vec3){100.3, 0.3, 0.3}, false);
	add_box(&pair_small, (col_vec3){4.7, -0.3, -0.3}, (col_vec3){5.3, 0.3, 0.3}, false);
	col_mesh *big = mesh_of(&pair_big), *small = mesh_of(&pair_small);
	int32_t firsts[4];
	assert_int_equal(col_mesh_pieces(big, firsts, 4), 2);
	assert_int_equal(col_mesh_pieces(big, NULL, 0), 2);
	col_tetratree *tb = tree_of(big), *ts = tree_of(small);
	col_transform3 identity = col_transform3_identity(), away = {col_quat_identity(), {0, 0, 50}};
	assert_true(col_mesh_intersects_mesh(big, small, identity, NULL));
	assert_true(col_mesh_intersects_mesh(small, big, identity, NULL));
	assert_false(col_mesh_intersects_mesh(big, small, away, NULL));
	for (int m = 0; m < 3; m++) {
		assert_true(col_tetratree_intersects_tetratree(tb, ts, identity, methods[m], NULL, NULL, NULL));
		assert_true(col_tetratree_intersects_tetratree(ts, tb, identity, methods[m], NULL, NULL, NULL));
		assert_false(col_tetratree_intersects_tetratree(tb, ts, away, methods[m], NULL, NULL, NULL));
	}
	col_mesh_contact_summary summary;
	col_error error;
	check_ok(col_tetratree_contacts(tb, ts, identity, NULL, 0, &summary, NULL, NULL, &error), &error);
	assert_int_equal(summary.count, 8); /* the inner box's corners, 0.7 deep */
	assert_true(fabs(summary.deepest.depth - 0.7) < 1e-12);
	col_tetratree_destroy(tb);
	col_tetratree_destroy(ts);
	col_mesh_destroy(big);
	col_mesh_destroy(small);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_random_poses),
	    cmocka_unit_test(test_touching_and_inside),
	    cmocka_unit_test(test_moving_pair),
	    cmocka_unit_test(test_contacts),
	    cmocka_unit_test(test_contacts_known),
	    cmocka_unit_test(test_piece_inside),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
