/* Polyhedra with polygonal faces (source 000, chapter 3 and 5.1-5.5): the models and their
 * coverings (false edges, centres, signs), the 15 positions of Table 5.1 (source 000's 3D check 2 in
 * docs/sources.md), Alg. 5.7's codes (check 5), the point test of Alg. 5.1 against an oracle that
 * triangulates every face and counts crossings (check 13) on random points, integer grids and points
 * placed on every kind of feature, segment/face and segment/polyhedron and polyhedron/polyhedron
 * against the same triangles, rigid invariance (18), the fast path on and off (19), agreement with
 * covering3d on triangle meshes, and every validation failure. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/barycentric3d.h"
#include "collide/covering3d.h"
#include "collide/intersect3d.h"
#include "collide/polyhedron.h"
#include "collide/predicates.h"

#include "mesh_cases.h"
#include "polyhedron_cases.h"
#include "support.h"

static col_polyhedron_options options_with(bool fast_path)
{
	col_polyhedron_options o = col_polyhedron_default_options();
	o.triangle_fast_path = fast_path;
	return o;
}

static void check_point(const char *name, const col_polyhedron *p, const poly_oracle *o, col_vec3 x, rng *r,
                        int i)
{
	bool expected = oracle_contains(o, x);
	bool got = col_polyhedron_contains(p, x, COL_METHOD_COVERING, NULL);
	bool crossing = col_polyhedron_contains(p, x, COL_METHOD_CROSSING, NULL);
	if (got != expected || crossing != expected)
		FAIL_CASE(r, i, "%s: covering %d, crossing %d, oracle %d at (%.17g, %.17g, %.17g)", name, got,
		          crossing, expected, x.x, x.y, x.z);
}

/* Whether x lies on the oracle's surface (a triangle holds it exactly). */
static bool on_surface(const poly_oracle *o, col_vec3 x)
{
	for (int t = 0; t < col_mesh_triangle_count(o->mesh); t++)
		if (col_triangle_contains_point(col_mesh_triangle(o->mesh, t), x))
			return true;
	return false;
}

/* ---- the models ---- */

static int false_edge_count(const col_polyhedron *p)
{
	int count = 0;
	for (int f = 0; f < col_polyhedron_face_count(p); f++) {
		const bool *is_false;
		int n = col_polyhedron_face_ring(p, f, NULL, &is_false);
		for (int k = 0; k < n; k++)
			count += is_false[k];
	}
	return count;
}

static int triangle_face_count(const col_polyhedron *p)
{
	int count = 0;
	for (int f = 0; f < col_polyhedron_face_count(p); f++)
		count += col_polyhedron_face_at(p, f).vertex_count == 3;
	return count;
}

/* The source's counts (Fig 5.39): 32 vertices and 18 faces, 44 and 29; the covering's shape. */
static void test_complex_models(void **state)
{
	(void)state;
	col_polyhedron *one = NULL, *two = NULL;
	col_error error;
	check_ok(col_polyhedron_create_complex(1, NULL, &one, &error), &error);
	check_ok(col_polyhedron_create_complex(2, NULL, &two, &error), &error);
	assert_int_equal(col_polyhedron_vertex_count(one), 32);
	assert_int_equal(col_polyhedron_face_count(one), 18);
	assert_int_equal(col_polyhedron_edge_count(one), 48);
	assert_int_equal(col_polyhedron_vertex_count(two), 44);
	assert_int_equal(col_polyhedron_face_count(two), 29);
	assert_int_equal(col_polyhedron_edge_count(two), 71);
	assert_int_equal(triangle_face_count(two), 10);
	/* Two caps with a hole: each ring has two false edges, one each way. */
	assert_int_equal(false_edge_count(one), 4);
	assert_int_equal(false_edge_count(two), 0);
	int holed = 0;
	for (int f = 0; f < 18; f++) {
		col_polyhedron_face face = col_polyhedron_face_at(one, f);
		assert_true(face.planar && face.fan_planar && face.fanned);
		if (face.loop_count == 2) {
			holed++;
			assert_int_equal(face.vertex_count, 16);
			assert_int_equal(face.ring_count, 18);
			/* W is the average, (0, 0, z): in the hole, so off the face. */
			assert_int_equal(face.centre_position, 0);
			assert_true(face.centre.x == 0 && face.centre.y == 0);
		}
	}
	assert_int_equal(holed, 2);
	assert_int_equal(col_polyhedron_tetrahedron_count(one), 2 * 18 + 16 * 4);
	assert_int_equal(col_polyhedron_tetrahedron_count(two), 2 * 22 + 17 * 4 + 10);
	/* Complex I's centroid is in its tunnel; the volumes are the prisms'. */
	col_vec3 o = col_polyhedron_origin(one);
	assert_true(o.x == 0 && o.y == 0 && o.z == 2);
	assert_false(col_polyhedron_origin_inside(one));
	assert_true(fabs(col_polyhedron_volume(one) - 4.0 * (5 * 16 - 4)) < 1e-9);
	assert_true(col_polyhedron_origin_inside(two));
	poly_oracle oracle_two = oracle_make(two);
	assert_true(fabs(col_polyhedron_volume(two) - col_mesh_volume(oracle_two.mesh)) < 1e-9);
	/* The roof is tilted and its vertex average is not on it: W is still exactly in its plane. */
	for (int f = 0; f < 29; f++) {
		col_polyhedron_face face = col_polyhedron_face_at(two, f);
		assert_true(face.planar && face.fan_planar);
		assert_int_equal(face.fanned, face.vertex_count > 3);
	}
	oracle_free(&oracle_two);
	col_polyhedron_destroy(one);
	col_polyhedron_destroy(two);
}

/* Every class: the rings' false edges lie inside their faces, the signed volumes add up, and the
 * degenerate cases the classes were made for are there. */
static void test_classes(void **state)
{
	(void)state;
	col_polyhedron_options options = col_polyhedron_default_options();
	poly_class classes[POLY_CLASS_COUNT];
	make_poly_classes(classes, &options);
	for (int k = 0; k < POLY_CLASS_COUNT; k++) {
		const col_polyhedron *p = classes[k].polyhedron;
		poly_oracle o = oracle_make(p);
		assert_true(fabs(col_polyhedron_volume(p) - col_mesh_volume(o.mesh)) < 1e-9);
		const col_vec3 *v = col_polyhedron_vertices(p);
		for (int f = 0; f < col_polyhedron_face_count(p); f++) {
			const int32_t *ring;
			const bool *is_false;
			int n = col_polyhedron_face_ring(p, f, &ring, &is_false);
			for (int i = 0; i < n; i++) {
				if (!is_false[i])
					continue;
				/* Walked back somewhere in the ring, and its inside on the face, off its
				 * edges. */
				int32_t a = ring[i], b = ring[(i + 1) % n];
				bool back = false;
				for (int j = 0; j < n; j++)
					back |= is_false[j] && ring[j] == b && ring[(j + 1) % n] == a;
				assert_true(back);
				col_vec3 mid = col_vec3_scale(col_vec3_add(v[a], v[b]), 0.5);
				assert_true(col_polyhedron_face_loop(p, f, 1, NULL) > 0);
				assert_true(oracle_segment_hits_face(&o, f, mid, mid));
				assert_true(col_polyhedron_contains(p, mid, COL_METHOD_COVERING, NULL));
			}
		}
		oracle_free(&o);
	}
	/* The U's centroid is in its notch; the T's lies in the plane of two faces (flat tetrahedra). */
	assert_false(col_polyhedron_origin_inside(classes[4].polyhedron));
	col_vec3 t_origin = col_polyhedron_origin(classes[5].polyhedron);
	assert_true(t_origin.x == 0 && t_origin.y == 2 && t_origin.z == 1);
	int flat = 0;
	for (int i = 0; i < col_polyhedron_tetrahedron_count(classes[5].polyhedron); i++)
		flat += col_polyhedron_tetrahedron_at(classes[5].polyhedron, i).sign == 0;
	assert_true(flat >= 8);
	/* The pocket box's top face has a hole; the shared edge of the two cubes has four faces. */
	int holes = 0;
	for (int f = 0; f < col_polyhedron_face_count(classes[2].polyhedron); f++)
		holes += col_polyhedron_face_at(classes[2].polyhedron, f).loop_count - 1;
	assert_int_equal(holes, 1);
	/* The plate's caps: three holes, six false edges each; hole B (from its corner (15, 15)) is not
	 * joined to the spike's tip (10, 12), which hole D hides, and D is joined to B. */
	const col_polyhedron *plate = classes[6].polyhedron;
	assert_int_equal(false_edge_count(plate), 12);
	const col_vec3 *pv = col_polyhedron_vertices(plate);
	for (int f = 0; f < 2; f++) {
		const int32_t *ring;
		const bool *is_false;
		int n = col_polyhedron_face_ring(plate, f, &ring, &is_false);
		assert_int_equal(n, 7 + 12 + 6);
		for (int i = 0; i < n; i++) {
			if (!is_false[i])
				continue;
			col_vec3 a = pv[ring[i]], b = pv[ring[(i + 1) % n]];
			if (a.x == 15 && a.y == 15)
				assert_false(b.x == 10 && b.y == 12);
			if (a.x == 12 && a.y == 14)
				assert_true(b.x >= 13 && b.x <= 15 && b.y >= 13 && b.y <= 15);
		}
	}
	free_poly_classes(classes);
}

/* ---- Table 5.1 (source 000's 3D check 2) ---- */

/* A cube [-12, 12]^3 from O = 0: in every covering tetrahedron of the face x = 12, each of the 15
 * features at the average of its vertices (integer) is located exactly, and is inside the cube. */
static void test_table_5_1(void **state)
{
	(void)state;
	poly_model m = {.nv = 0, .n = 0};
	model_add_box(&m, (col_vec3){-12, -12, -12}, (col_vec3){12, 12, 12});
	col_polyhedron_options options = col_polyhedron_default_options();
	options.has_origin = true;
	options.origin = (col_vec3){0, 0, 0};
	col_polyhedron *p = polyhedron_of(&m, &options);
	int checked = 0;
	for (int i = 0; i < col_polyhedron_tetrahedron_count(p); i++) {
		col_polyhedron_tetrahedron t = col_polyhedron_tetrahedron_at(p, i);
		if (t.centre.x != 12)
			continue;
		assert_int_equal(t.sign, 1);
		assert_int_equal(t.centre_index, -1);
		const col_vec3 v[4] = {{0, 0, 0}, t.centre, t.a, t.b};
		for (int mask = 1; mask < 16; mask++) {
			col_vec3 sum = {0, 0, 0};
			int n = 0;
			for (int k = 0; k < 4; k++)
				if (mask & (1 << k))
					sum = col_vec3_add(sum, v[k]), n++;
			col_vec3 x = col_vec3_scale(sum, 1.0 / n);
			int got = col_polyhedron_tetrahedron_locate(p, i, x);
			if (got != mask)
				fail_msg("tetrahedron %d: the centre of %s is located on %s", i,
				         col_tetrahedron_position_name((col_tetrahedron_position)mask),
				         col_tetrahedron_position_name((col_tetrahedron_position)got));
			assert_true(col_polyhedron_contains(p, x, COL_METHOD_COVERING, NULL));
			checked++;
		}
		/* Erratum 1: one negative coordinate is enough to be outside. */
		assert_int_equal(col_polyhedron_tetrahedron_locate(p, i, (col_vec3){13, 0, 0}),
		                 COL_TETRAHEDRON_OUTSIDE);
		assert_int_equal(col_polyhedron_tetrahedron_locate(p, i, (col_vec3){-1, 0, 0}),
		                 COL_TETRAHEDRON_OUTSIDE);
	}
	assert_int_equal(checked, 4 * 15);
	assert_int_equal(col_polyhedron_tetrahedron_locate(p, -1, (col_vec3){0, 0, 0}),
	                 COL_TETRAHEDRON_OUTSIDE);
	col_polyhedron_destroy(p);
}

/* ---- Alg. 5.7 (source 000's 3D check 5) ---- */

static void test_fan_codes(void **state)
{
	(void)state;
	const col_vec3 w = {0, 0, 0}, a = {12, 0, 0}, b = {0, 12, 0};
	const struct {
		double x, y;
		col_fan_hit code;
	} cases[] = {
	    {3, 3, COL_FAN_INTERIOR},  {6, 0, COL_FAN_INNER_EDGE}, {0, 5, COL_FAN_INNER_EDGE},
	    {6, 6, COL_FAN_FACE_EDGE}, {12, 0, COL_FAN_FACE_EDGE}, {0, 12, COL_FAN_FACE_EDGE},
	    {0, 0, COL_FAN_CENTRE},    {7, 7, COL_FAN_MISS},       {-1, 3, COL_FAN_MISS},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double x = cases[i].x, y = cases[i].y;
		/* Through (x, y, 0): slanted, vertical, and ending on the plane (Alg. 5.5's swapped
		 * roles); each both ways round. */
		const col_vec3 segments[3][2] = {
		    {{x - 0.5, y + 0.5, -1}, {x + 1, y - 1, 2}},
		    {{x, y, -1}, {x, y, 3}},
		    {{x, y, 0}, {x + 1, y - 1, 2}},
		};
		for (int k = 0; k < 3; k++) {
			col_fan_hit got =
			    col_segment_fan_triangle_hit(segments[k][0], segments[k][1], w, a, b);
			if (got != cases[i].code)
				fail_msg("(%g, %g) segment %d: code %d, expected %d", x, y, k, got,
				         cases[i].code);
			assert_int_equal(
			    col_segment_fan_triangle_hit(segments[k][1], segments[k][0], w, a, b),
			    cases[i].code);
		}
	}
	/* Both ends on one side; in the plane; a degenerate triangle; NaN. */
	assert_int_equal(col_segment_fan_triangle_hit((col_vec3){3, 3, 1}, (col_vec3){3, 3, 2}, w, a, b),
	                 COL_FAN_MISS);
	assert_int_equal(col_segment_fan_triangle_hit((col_vec3){3, 3, 0}, (col_vec3){30, 3, 0}, w, a, b),
	                 COL_FAN_COPLANAR);
	assert_int_equal(col_segment_fan_triangle_hit((col_vec3){3, 3, -1}, (col_vec3){3, 3, 1}, w, a, a),
	                 COL_FAN_COPLANAR);
	assert_int_equal(col_segment_fan_triangle_hit((col_vec3){NAN, 3, -1}, (col_vec3){3, 3, 1}, w, a, b),
	                 COL_FAN_MISS);
}

/* ---- points ---- */

/* COLLIDE_RANDOM_CASES random points per class, from the centroid, against the oracle; the
 * crossing count is checked too. */
static void test_random_points(void **state)
{
	(void)state;
	col_polyhedron_options options = col_polyhedron_default_options();
	poly_class classes[POLY_CLASS_COUNT];
	make_poly_classes(classes, &options);
	for (int k = 0; k < POLY_CLASS_COUNT; k++) {
		const col_polyhedron *p = classes[k].polyhedron;
		poly_oracle o = oracle_make(p);
		rng r = rng_make(rng_env_seed(0x9017000u + (uint64_t)k));
		col_aabb3 box = col_polyhedron_bounds(p);
		int inside = 0;
		col_query_stats stats = {0};
		for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
			col_vec3 x = rng_in_grown_box(&r, box);
			bool expected = oracle_contains(&o, x);
			bool got = col_polyhedron_contains(p, x, COL_METHOD_COVERING, &stats);
			if (got != expected)
				FAIL_CASE(&r, i, "%s: covering %d, oracle %d at (%.17g, %.17g, %.17g)",
				          classes[k].name, got, expected, x.x, x.y, x.z);
			if (i % 8 == 0 &&
			    col_polyhedron_contains(p, x, COL_METHOD_CROSSING, NULL) != expected)
				FAIL_CASE(&r, i, "%s: crossing count %d, oracle %d", classes[k].name,
				          !expected, expected);
			inside += expected;
		}
		assert_true(inside > COLLIDE_RANDOM_CASES / 50 && inside < COLLIDE_RANDOM_CASES * 49 / 50);
		assert_int_equal(stats.queries, COLLIDE_RANDOM_CASES);
		oracle_free(&o);
	}
	free_poly_classes(classes);
}

/* Points on every kind of feature: vertices, real edges, false edges, fan edges W-Q, W itself, fan
 * triangles (on the face or where the fan folds over a hole), and the same nudged off by 2^-20.
 * Those on the surface are inside; all agree with the oracle. Returns how many were on it. */
static int check_feature_points(const char *name, const col_polyhedron *p, const poly_oracle *o)
{
	rng r = rng_make(7);
	int index = 0, on = 0;
	col_vec3 points[16];
	for (int i = 0; i < col_polyhedron_tetrahedron_count(p); i++) {
		col_polyhedron_tetrahedron t = col_polyhedron_tetrahedron_at(p, i);
		int n = 0;
		points[n++] = t.a;
		points[n++] = t.centre;
		points[n++] = col_vec3_scale(col_vec3_add(t.a, t.b), 0.5);      /* ring edge */
		points[n++] = col_vec3_scale(col_vec3_add(t.centre, t.a), 0.5); /* fan edge */
		points[n++] =
		    col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), col_vec3_scale(t.centre, 2)), 0.25);
		points[n++] =
		    col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.centre), col_vec3_scale(t.b, 2)), 0.25);
		points[n++] =
		    col_vec3_scale(col_vec3_add(col_vec3_scale(t.a, 3), t.b), 0.25); /* on the edge */
		int base = n;
		for (int j = 0; j < base; j++) {
			col_vec3 nudge = {rng_in(&r, -1, 1) * 0x1p-20, rng_in(&r, -1, 1) * 0x1p-20,
			                  rng_in(&r, -1, 1) * 0x1p-20};
			points[n++] = col_vec3_add(points[j], nudge);
		}
		for (int j = 0; j < n; j++, index++) {
			check_point(name, p, o, points[j], &r, index);
			if (j < base && on_surface(o, points[j])) {
				on++;
				assert_true(col_polyhedron_contains(p, points[j], COL_METHOD_COVERING, NULL));
			}
		}
	}
	check_point(name, p, o, col_polyhedron_origin(p), &r, index);
	return on;
}

static void test_feature_points(void **state)
{
	(void)state;
	col_polyhedron_options options = col_polyhedron_default_options();
	poly_class classes[POLY_CLASS_COUNT];
	make_poly_classes(classes, &options);
	for (int k = 0; k < POLY_CLASS_COUNT; k++) {
		poly_oracle o = oracle_make(classes[k].polyhedron);
		int on = check_feature_points(classes[k].name, classes[k].polyhedron, &o);
		assert_true(on > 3 * col_polyhedron_tetrahedron_count(classes[k].polyhedron));
		/* W is inside exactly when it lies on its face. */
		for (int f = 0; f < col_polyhedron_face_count(classes[k].polyhedron); f++) {
			col_polyhedron_face face = col_polyhedron_face_at(classes[k].polyhedron, f);
			if (face.fan_planar && face.centre_position != 0)
				assert_true(col_polyhedron_contains(classes[k].polyhedron, face.centre,
				                                    COL_METHOD_COVERING, NULL));
		}
		oracle_free(&o);
	}
	free_poly_classes(classes);
}

/* Which way Alg. 5.1 took, read from the statistics: the count alone, or the crossing count. */
static bool took_crossing(const col_polyhedron *p, col_vec3 x)
{
	col_query_stats stats = {0};
	col_polyhedron_contains(p, x, COL_METHOD_COVERING, &stats);
	return stats.primitives_tested > (uint64_t)col_polyhedron_tetrahedron_count(p);
}

/* Every point of a half-integer grid around each class, from several integer origins (the
 * centroid, a vertex, a point in a face's plane, one outside): the grid hits original triangles and
 * edges, faces, fan edges and W, flat tetrahedra and folded fans. */
static void test_integer_grid(void **state)
{
	(void)state;
	long checked = 0, fragile = 0;
	for (int k = 0; k < POLY_CLASS_COUNT; k++) {
		col_polyhedron_options options = col_polyhedron_default_options();
		poly_class c;
		make_poly_class(k, &c, &options);
		col_aabb3 box = col_polyhedron_bounds(c.polyhedron);
		/* After the centroid: a vertex, a point in the plane x = min x (a face's, mostly), and a
		 * point outside beyond a corner. */
		const col_vec3 origins[3] = {col_polyhedron_vertices(c.polyhedron)[0],
		                             {box.min.x, box.min.y + 1, box.min.z + 1},
		                             {box.max.x + 1, box.max.y + 1, box.min.z}};
		rng r = rng_make(3);
		for (int a = 0; a <= 3; a++) {
			if (a > 0) {
				col_polyhedron_destroy(c.polyhedron);
				options.has_origin = true;
				options.origin = origins[a - 1];
				make_poly_class(k, &c, &options);
			}
			poly_oracle o = oracle_make(c.polyhedron);
			double step = k >= 6 ? 1.0 : 0.5; /* the plate and the complex models are larger */
			for (double x = box.min.x - 1; x <= box.max.x + 1; x += step)
				for (double y = box.min.y - 1; y <= box.max.y + 1; y += step)
					for (double z = box.min.z - 1; z <= box.max.z + 1;
					     z += step, checked++) {
						col_vec3 q = {x, y, z};
						check_point(c.name, c.polyhedron, &o, q, &r, (int)checked);
						fragile += took_crossing(c.polyhedron, q);
					}
			oracle_free(&o);
		}
		col_polyhedron_destroy(c.polyhedron);
	}
	assert_true(checked > 20000);
	assert_true(fragile > 100); /* the fallback was exercised */
}

/* ---- segments ---- */

/* A random segment for class p: half free in the grown box, a quarter in the plane of a random
 * face (between points of its plane: vertices, their midpoints, or axis-plane points), a quarter
 * vertical or along the tunnel and pocket where the holes are. */
static void random_segment(rng *r, const col_polyhedron *p, col_vec3 *q1, col_vec3 *q2)
{
	col_aabb3 box = col_polyhedron_bounds(p);
	int kind = rng_int(r, 0, 3);
	if (kind <= 1) {
		*q1 = rng_in_grown_box(r, box);
		*q2 = kind == 0 ? rng_in_grown_box(r, box) : col_vec3_add(*q1, rng_vec3(r, -1, 1));
		return;
	}
	if (kind == 2) {
		int f = rng_int(r, 0, col_polyhedron_face_count(p) - 1);
		const int32_t *loop;
		int n = col_polyhedron_face_loop(p, f, 0, &loop);
		const col_vec3 *v = col_polyhedron_vertices(p);
		col_vec3 a = v[loop[rng_int(r, 0, n - 1)]], b = v[loop[rng_int(r, 0, n - 1)]],
		         c = v[loop[rng_int(r, 0, n - 1)]];
		/* Points of the plane exactly: a + (b - a) k / 4 with small integer k, when coordinates
		 * are integers; a lattice that reaches beyond the face. */
		col_vec3 e1 = col_vec3_sub(b, a), e2 = col_vec3_sub(c, a);
		double s1 = rng_int(r, -4, 8) / 4.0, t1 = rng_int(r, -4, 8) / 4.0;
		double s2 = rng_int(r, -4, 8) / 4.0, t2 = rng_int(r, -4, 8) / 4.0;
		*q1 = col_vec3_add(a, col_vec3_add(col_vec3_scale(e1, s1), col_vec3_scale(e2, t1)));
		*q2 = col_vec3_add(a, col_vec3_add(col_vec3_scale(e1, s2), col_vec3_scale(e2, t2)));
		return;
	}
	/* Vertical, at quarter-integer x and y: through holes, along walls, over vertices. */
	double x = rng_int(r, (int)(4 * box.min.x) - 4, (int)(4 * box.max.x) + 4) / 4.0;
	double y = rng_int(r, (int)(4 * box.min.y) - 4, (int)(4 * box.max.y) + 4) / 4.0;
	*q1 = (col_vec3){x, y, box.min.z - rng_int(r, -2, 2) * 0.5};
	*q2 = (col_vec3){x, y, box.max.z + rng_int(r, -2, 2) * 0.5};
}

static void check_segment(const char *name, const col_polyhedron *p, const poly_oracle *o, col_vec3 q1,
                          col_vec3 q2, rng *r, int i)
{
	bool any = false;
	for (int f = 0; f < col_polyhedron_face_count(p); f++) {
		bool expected = oracle_segment_hits_face(o, f, q1, q2);
		bool got = col_polyhedron_segment_hits_face(p, f, q1, q2);
		if (got != expected)
			FAIL_CASE(
			    r, i,
			    "%s face %d: segment/face %d, oracle %d for (%.17g, %.17g, %.17g)-(%.17g, %.17g, "
			    "%.17g)",
			    name, f, got, expected, q1.x, q1.y, q1.z, q2.x, q2.y, q2.z);
		any |= expected;
	}
	int face = -2;
	if (col_polyhedron_segment_hits_surface(p, q1, q2, &face, NULL) != any)
		FAIL_CASE(r, i, "%s: segment/surface %d, oracle %d", name, !any, any);
	assert_true(any ? face >= 0 : face == -1);
	bool solid = any || oracle_contains(o, q1);
	if (col_polyhedron_intersects_segment(p, q1, q2, NULL) != solid)
		FAIL_CASE(r, i, "%s: segment/solid %d, oracle %d", name, !solid, solid);
}

static void test_random_segments(void **state)
{
	(void)state;
	col_polyhedron_options options = col_polyhedron_default_options();
	poly_class classes[POLY_CLASS_COUNT];
	make_poly_classes(classes, &options);
	int per_class = COLLIDE_RANDOM_CASES / POLY_CLASS_COUNT + 1;
	long hits = 0, total = 0;
	for (int k = 0; k < POLY_CLASS_COUNT; k++) {
		const col_polyhedron *p = classes[k].polyhedron;
		poly_oracle o = oracle_make(p);
		rng r = rng_make(rng_env_seed(0x5E6000u + (uint64_t)k));
		for (int i = 0; i < per_class; i++, total++) {
			col_vec3 q1, q2;
			random_segment(&r, p, &q1, &q2);
			check_segment(classes[k].name, p, &o, q1, q2, &r, i);
			hits += col_polyhedron_segment_hits_surface(p, q1, q2, NULL, NULL);
		}
		/* Along every real edge and ring edge, from W to each vertex, and across the face through
		 * each ring edge's midpoint (false edges included), each fan edge's and W (codes 2, 3 and
		 * 4), in three directions; the offsets are short binary fractions, so those points lie on
		 * the segments exactly. */
		const col_vec3 across[3] = {{0.125, 0.25, 0.5}, {-0.5, 0.125, 0.25}, {0.25, -0.5, 0.125}};
		for (int i = 0; i < col_polyhedron_tetrahedron_count(p); i++) {
			col_polyhedron_tetrahedron t = col_polyhedron_tetrahedron_at(p, i);
			check_segment(classes[k].name, p, &o, t.a, t.b, &r, -i);
			check_segment(classes[k].name, p, &o, t.centre, t.a, &r, -i);
			const col_vec3 through[3] = {col_vec3_scale(col_vec3_add(t.a, t.b), 0.5), t.centre,
			                             col_vec3_scale(col_vec3_add(t.centre, t.a), 0.5)};
			for (int j = 0; j < 3; j++)
				for (int d = 0; d < 3; d++)
					check_segment(classes[k].name, p, &o,
					              col_vec3_sub(through[j], across[d]),
					              col_vec3_add(through[j], across[d]), &r, -i);
		}
		oracle_free(&o);
	}
	assert_true(hits > total / 5 && hits < total * 4 / 5);
	free_poly_classes(classes);
}

/* ---- pairs ---- */

static col_transform3 random_pose(rng *r, col_aabb3 box)
{
	col_vec3 axis = rng_vec3(r, -1, 1);
	col_quat q = col_quat_from_axis_angle(axis, rng_in(r, 0, 2 * COL_PI));
	col_vec3 size = col_vec3_sub(box.max, box.min);
	col_vec3 t = {rng_in(r, box.min.x - 0.3 * size.x, box.max.x),
	              rng_in(r, box.min.y - 0.3 * size.y, box.max.y),
	              rng_in(r, box.min.z - 0.3 * size.z, box.max.z)};
	return (col_transform3){q, t};
}

static void test_pairs(void **state)
{
	(void)state;
	col_polyhedron_options options = col_polyhedron_default_options();
	poly_class classes[POLY_CLASS_COUNT];
	make_poly_classes(classes, &options);
	poly_oracle oracles[POLY_CLASS_COUNT];
	for (int k = 0; k < POLY_CLASS_COUNT; k++)
		oracles[k] = oracle_make(classes[k].polyhedron);
	rng r = rng_make(rng_env_seed(0xBA125u));
	int hits = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		int ka = rng_int(&r, 0, POLY_CLASS_COUNT - 1), kb = rng_int(&r, 0, POLY_CLASS_COUNT - 1);
		const col_polyhedron *a = classes[ka].polyhedron, *b = classes[kb].polyhedron;
		col_transform3 pose = random_pose(&r, col_polyhedron_bounds(a));
		bool expected = col_mesh_intersects_mesh(oracles[ka].mesh, oracles[kb].mesh, pose, NULL);
		bool got = col_polyhedron_intersects_polyhedron(a, b, pose, NULL);
		if (got != expected)
			FAIL_CASE(&r, i, "%s with %s: %d, oracle %d", classes[ka].name, classes[kb].name, got,
			          expected);
		hits += expected;
	}
	/* Containment without any edge crossing: the unit cube deep inside complex II. */
	col_transform3 inside = {col_quat_from_axis_angle((col_vec3){1, 2, 3}, 0.3), {1.5, 9.0, 1.5}};
	assert_true(col_mesh_intersects_mesh(oracles[8].mesh, oracles[0].mesh, inside, NULL));
	assert_true(
	    col_polyhedron_intersects_polyhedron(classes[8].polyhedron, classes[0].polyhedron, inside, NULL));
	col_transform3 outside = col_transform3_inverse(inside);
	assert_true(col_polyhedron_intersects_polyhedron(classes[0].polyhedron, classes[8].polyhedron,
	                                                 outside, NULL));
	/* The cube through complex I's tunnel without touching it. */
	col_transform3 tunnel = {col_quat_identity(), {-0.5, -0.5, -1}};
	assert_false(
	    col_polyhedron_intersects_polyhedron(classes[7].polyhedron, classes[0].polyhedron, tunnel, NULL));
	tunnel.translation.x = 0; /* now it touches the tunnel wall x = 1 */
	assert_true(
	    col_polyhedron_intersects_polyhedron(classes[7].polyhedron, classes[0].polyhedron, tunnel, NULL));
	assert_true(hits > COLLIDE_RANDOM_CASES / 10 && hits < COLLIDE_RANDOM_CASES * 9 / 10);
	for (int k = 0; k < POLY_CLASS_COUNT; k++)
		oracle_free(&oracles[k]);
	free_poly_classes(classes);
}

/* ---- source 000's 3D checks 18 and 19 ---- */

/* One rigid motion applied to everything: points moved with their polyhedron, pairs both moved. */
static void test_rigid_invariance(void **state)
{
	(void)state;
	col_polyhedron_options options = col_polyhedron_default_options();
	poly_class classes[POLY_CLASS_COUNT];
	make_poly_classes(classes, &options);
	rng r = rng_make(rng_env_seed(0x516D0u));
	int cases = COLLIDE_RANDOM_CASES / 10;
	for (int i = 0; i < cases; i++) {
		int ka = rng_int(&r, 0, POLY_CLASS_COUNT - 1), kb = rng_int(&r, 0, POLY_CLASS_COUNT - 1);
		const col_polyhedron *a = classes[ka].polyhedron, *b = classes[kb].polyhedron;
		col_aabb3 box = col_polyhedron_bounds(a);
		col_transform3 g = random_pose(&r, box), pose_a = random_pose(&r, box),
		               pose_b = random_pose(&r, box);
		/* A point placed in the world by pose_a, and by g then pose_a: asked in a's frame. */
		col_vec3 x = rng_in_grown_box(&r, box);
		col_vec3 world = col_transform3_apply(pose_a, x);
		col_transform3 moved_a = col_transform3_compose(g, pose_a);
		col_vec3 back = col_transform3_apply_inverse(moved_a, col_transform3_apply(g, world));
		bool plain = col_polyhedron_contains(a, x, COL_METHOD_COVERING, NULL);
		if (col_polyhedron_contains(a, back, COL_METHOD_COVERING, NULL) != plain)
			FAIL_CASE(&r, i, "%s: a point changed its answer under a rigid motion",
			          classes[ka].name);
		col_transform3 b_to_a = col_transform3_compose(col_transform3_inverse(pose_a), pose_b);
		col_transform3 moved = col_transform3_compose(col_transform3_inverse(moved_a),
		                                              col_transform3_compose(g, pose_b));
		if (col_polyhedron_intersects_polyhedron(a, b, b_to_a, NULL) !=
		    col_polyhedron_intersects_polyhedron(a, b, moved, NULL))
			FAIL_CASE(&r, i, "%s with %s: a pair changed its answer under a rigid motion",
			          classes[ka].name, classes[kb].name);
	}
	free_poly_classes(classes);
}

/* The fast path of 5.6 on and off: the same answers for points (random and on every feature),
 * segments and pairs, on the classes with triangle faces and on triangle meshes. */
static void test_fast_path(void **state)
{
	(void)state;
	col_polyhedron_options on = options_with(true), off = options_with(false);
	mesh_class meshes[CLASS_COUNT];
	make_classes(meshes);
	enum { SOLIDS = 2 + CLASS_COUNT };
	col_polyhedron *fast[SOLIDS], *slow[SOLIDS];
	const char *names[SOLIDS];
	col_error error;
	check_ok(col_polyhedron_create_complex(2, &on, &fast[0], &error), &error);
	check_ok(col_polyhedron_create_complex(2, &off, &slow[0], &error), &error);
	names[0] = "complex II";
	check_ok(col_polyhedron_create_complex(1, &on, &fast[1], &error), &error);
	check_ok(col_polyhedron_create_complex(1, &off, &slow[1], &error), &error);
	names[1] = "complex I";
	for (int k = 0; k < CLASS_COUNT; k++) {
		check_ok(col_polyhedron_from_mesh(meshes[k].mesh, &on, &fast[2 + k], &error), &error);
		check_ok(col_polyhedron_from_mesh(meshes[k].mesh, &off, &slow[2 + k], &error), &error);
		names[2 + k] = meshes[k].name;
	}
	/* Off, every triangle is fanned: three tetrahedra, W exactly in its plane. */
	assert_int_equal(col_polyhedron_tetrahedron_count(slow[0]), 2 * 22 + 17 * 4 + 10 * 3);
	for (int f = 0; f < col_polyhedron_face_count(slow[0]); f++)
		assert_true(col_polyhedron_face_at(slow[0], f).fan_planar);
	rng r = rng_make(rng_env_seed(0xFA57u));
	int cases = COLLIDE_RANDOM_CASES / SOLIDS;
	for (int k = 0; k < SOLIDS; k++) {
		col_aabb3 box = col_polyhedron_bounds(fast[k]);
		int samples = k < 2 ? cases : cases / 10;
		for (int i = 0; i < samples; i++) {
			col_vec3 x = rng_in_grown_box(&r, box);
			if (col_polyhedron_contains(fast[k], x, COL_METHOD_COVERING, NULL) !=
			    col_polyhedron_contains(slow[k], x, COL_METHOD_COVERING, NULL))
				FAIL_CASE(&r, i, "%s: the fast path changed a point's answer", names[k]);
			col_vec3 q1, q2;
			random_segment(&r, fast[k], &q1, &q2);
			if (col_polyhedron_segment_hits_surface(fast[k], q1, q2, NULL, NULL) !=
			    col_polyhedron_segment_hits_surface(slow[k], q1, q2, NULL, NULL))
				FAIL_CASE(&r, i, "%s: the fast path changed a segment's answer", names[k]);
		}
		/* On the surface: vertices, edge midpoints, triangle centres (where exact), from the
		 * fast covering, asked of both. */
		for (int i = 0; i < col_polyhedron_tetrahedron_count(fast[k]); i++) {
			col_polyhedron_tetrahedron t = col_polyhedron_tetrahedron_at(fast[k], i);
			col_vec3 points[4] = {
			    t.a, col_vec3_scale(col_vec3_add(t.a, t.b), 0.5), t.centre,
			    col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), col_vec3_scale(t.centre, 2)),
			                   0.25)};
			for (int j = 0; j < 4; j++) {
				bool f =
				    col_polyhedron_contains(fast[k], points[j], COL_METHOD_COVERING, NULL);
				if (f !=
				    col_polyhedron_contains(slow[k], points[j], COL_METHOD_COVERING, NULL))
					fail_msg(
					    "%s: the fast path changed the answer at (%.17g, %.17g, %.17g)",
					    names[k], points[j].x, points[j].y, points[j].z);
				if (j == 0)
					assert_true(f); /* a vertex (a rounded midpoint may miss its edge) */
			}
		}
		for (int i = 0; i < samples / 20; i++) {
			col_transform3 pose = random_pose(&r, box);
			if (col_polyhedron_intersects_polyhedron(fast[k], fast[0], pose, NULL) !=
			    col_polyhedron_intersects_polyhedron(slow[k], slow[0], pose, NULL))
				FAIL_CASE(&r, i, "%s: the fast path changed a pair's answer", names[k]);
		}
	}
	for (int k = 0; k < SOLIDS; k++) {
		col_polyhedron_destroy(fast[k]);
		col_polyhedron_destroy(slow[k]);
	}
	free_classes(meshes);
}

/* ---- triangle meshes ---- */

/* From a mesh, the covering is covering3d's (one tetrahedron per triangle, the same signs) and so
 * are the answers. */
static void test_from_mesh(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	for (int k = 0; k < CLASS_COUNT; k++) {
		const col_mesh *mesh = classes[k].mesh;
		col_polyhedron *p = NULL;
		col_covering3d *covering = NULL;
		col_error error;
		check_ok(col_polyhedron_from_mesh(mesh, NULL, &p, &error), &error);
		check_ok(col_covering3d_build(mesh, NULL, &covering, &error), &error);
		assert_int_equal(col_polyhedron_tetrahedron_count(p), col_mesh_triangle_count(mesh));
		assert_int_equal(col_polyhedron_face_count(p), col_mesh_triangle_count(mesh));
		assert_int_equal(col_polyhedron_origin_inside(p), col_covering3d_origin_inside(covering));
		col_vec3 o = col_polyhedron_origin(p), oc = col_covering3d_origin(covering);
		assert_true(col_vec3_distance(o, oc) <= 1e-9 * (1 + col_vec3_length(oc)));
		rng r = rng_make(rng_env_seed(0xF50Au + (uint64_t)k));
		col_aabb3 box = col_mesh_bounds(mesh);
		int samples = COLLIDE_RANDOM_CASES / 20;
		for (int i = 0; i < samples; i++) {
			col_vec3 x = rng_in_grown_box(&r, box);
			bool expected = col_covering3d_contains(covering, x, NULL, NULL);
			if (col_polyhedron_contains(p, x, COL_METHOD_COVERING, NULL) != expected)
				FAIL_CASE(&r, i, "%s: polyhedron %d, covering3d %d at (%.17g, %.17g, %.17g)",
				          classes[k].name, !expected, expected, x.x, x.y, x.z);
		}
		for (int i = 0; i < col_mesh_triangle_count(mesh); i++) {
			col_triangle t = col_mesh_triangle(mesh, i);
			col_polyhedron_tetrahedron pt = col_polyhedron_tetrahedron_at(p, i);
			assert_true(col_vec3_equal(pt.centre, t.a) && col_vec3_equal(pt.a, t.b) &&
			            col_vec3_equal(pt.b, t.c));
			assert_true(pt.flags & COL_POLYHEDRON_TRIANGLE_FACE);
			assert_true(col_polyhedron_contains(p, t.a, COL_METHOD_COVERING, NULL));
			col_vec3 mid = col_vec3_scale(col_vec3_add(t.a, t.b), 0.5);
			assert_int_equal(col_polyhedron_contains(p, mid, COL_METHOD_COVERING, NULL),
			                 col_covering3d_contains(covering, mid, NULL, NULL));
		}
		col_covering3d_destroy(covering);
		col_polyhedron_destroy(p);
	}
	free_classes(classes);
}

/* ---- faces only nearly planar ---- */

/* A cube with a corner pulled out by 2^-24, within the tolerance: its three faces there are fanned
 * around their vertex averages, off their planes, and the surface is those fans, which the oracle's
 * triangles match but for a band 2^-24 thin that random cases miss. And the sliver the header
 * warns of: the pocket box with its top's corner lifted has its fan fold over the pocket's mouth. */
static void test_nearly_planar(void **state)
{
	(void)state;
	poly_model m = {.nv = 0, .n = 0};
	model_add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1});
	m.v[7] = col_vec3_add(m.v[7], (col_vec3){0x1p-24, 0x1p-24, 0x1p-24}); /* out of all three planes */
	col_polyhedron *p = polyhedron_of(&m, NULL);
	int tents = 0;
	for (int f = 0; f < 6; f++) {
		col_polyhedron_face face = col_polyhedron_face_at(p, f);
		tents += !face.planar;
		assert_int_equal(face.fan_planar, face.planar);
	}
	assert_int_equal(tents, 3);
	poly_oracle o = oracle_make(p);
	rng r = rng_make(rng_env_seed(0x7E47u));
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 10; i++) {
		col_vec3 x = rng_in_grown_box(&r, col_polyhedron_bounds(p));
		check_point("lifted cube", p, &o, x, &r, i);
		col_vec3 q1 = rng_in_grown_box(&r, col_polyhedron_bounds(p)),
		         q2 = rng_in_grown_box(&r, col_polyhedron_bounds(p));
		check_segment("lifted cube", p, &o, q1, q2, &r, i);
	}
	/* Its vertices, edges and fan centres are on it. */
	for (int i = 0; i < col_polyhedron_tetrahedron_count(p); i++) {
		col_polyhedron_tetrahedron t = col_polyhedron_tetrahedron_at(p, i);
		assert_true(col_polyhedron_contains(p, t.a, COL_METHOD_COVERING, NULL));
		assert_true(col_polyhedron_contains(p, t.centre, COL_METHOD_COVERING, NULL));
		assert_true(col_polyhedron_contains(p, col_vec3_scale(col_vec3_add(t.a, t.b), 0.5),
		                                    COL_METHOD_COVERING, NULL));
	}
	oracle_free(&o);
	col_polyhedron_destroy(p);
	poly_model pocket = {.nv = 0, .n = 0};
	model_add_pocket_box(&pocket);
	pocket.v[6].z += 0x1p-24; /* the top's corner (4, 4, 2) */
	p = polyhedron_of(&pocket, NULL);
	col_vec3 down[2] = {{2, 2, 3}, {2, 2, 1.5}};
	int top = col_polyhedron_face_count(p) - 1;
	assert_false(col_polyhedron_face_at(p, top).planar);
	assert_true(col_polyhedron_segment_hits_face(p, top, down[0], down[1]));
	col_polyhedron_destroy(p);
	pocket.v[6].z = 2;
	p = polyhedron_of(&pocket, NULL);
	assert_false(col_polyhedron_segment_hits_face(p, top, down[0], down[1]));
	col_polyhedron_destroy(p);
}

/* ---- bad input ---- */

static void expect_failure(const col_vec3 *v, int nv, const int32_t *list, int n,
                           const col_polyhedron_options *options, col_status status, const char *words)
{
	col_polyhedron *p = (col_polyhedron *)&p; /* not NULL: a failure must clear it */
	col_error error = {COL_OK, ""};
	col_status got = col_polyhedron_create(v, nv, list, n, options, &p, &error);
	if (got != status || strstr(error.message, words) == NULL)
		fail_msg("expected %s with \"%s\", got %s: %s", col_status_name(status), words,
		         col_status_name(got), error.message);
	assert_null(p);
}

static void test_bad_input(void **state)
{
	(void)state;
	poly_model cube = {.nv = 0, .n = 0};
	model_add_box(&cube, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1});
	col_polyhedron *p = NULL;
	col_error error;
	/* The cube itself is fine, with or without the trailing separator. */
	check_ok(col_polyhedron_create(cube.v, cube.nv, cube.list, cube.n - 1, NULL, &p, &error), &error);
	col_polyhedron_destroy(p);
	assert_int_equal(col_polyhedron_create(cube.v, cube.nv, cube.list, cube.n, NULL, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	expect_failure(NULL, 8, cube.list, cube.n, NULL, COL_ERROR_INVALID_ARGUMENT, "vertices");
	expect_failure(cube.v, 8, NULL, 0, NULL, COL_ERROR_INVALID_ARGUMENT, "no faces");
	expect_failure(cube.v, 8, cube.list, 1, NULL, COL_ERROR_DEGENERATE, "face 0 loop 0 has 1 vertices");
	/* Indices out of range and bad separators. */
	poly_model m = cube;
	m.list[2] = 8;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_INVALID_ARGUMENT, "entry 2 is 8");
	m.list[2] = -3;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_INVALID_ARGUMENT, "separator");
	/* Coordinates. */
	m = cube;
	m.v[5].y = NAN;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_NOT_FINITE, "vertex 5 has a NaN");
	m.v[5].y = INFINITY;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_NOT_FINITE, "infinite");
	m.v[5].y = 1e31;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_INVALID_ARGUMENT, "supported range");
	/* A loop of two vertices, two separators in a row. */
	const col_vec3 tetra[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	const int32_t short_loop[] = {0, 2, -2, 0, 1, 3, -2, 1, 2, 3, -2, 0, 3, 2};
	expect_failure(tetra, 4, short_loop, 14, NULL, COL_ERROR_DEGENERATE, "face 0 loop 0 has 2 vertices");
	const int32_t empty[] = {0, 2, 1, -2, -2, 0, 1, 3, -2, 1, 2, 3, -2, 0, 3, 2};
	expect_failure(tetra, 4, empty, 16, NULL, COL_ERROR_DEGENERATE, "face 1 loop 0 has 0 vertices");
	/* A vertex twice in a face; collinear vertices. */
	const int32_t twice[] = {0, 2, 1, 2, -2, 0, 1, 3, -2, 1, 2, 3, -2, 0, 3, 2};
	expect_failure(tetra, 4, twice, 16, NULL, COL_ERROR_SELF_INTERSECTION, "uses vertex 2 twice");
	const col_vec3 flat[4] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 1}};
	const int32_t tetra_faces[] = {0, 2, 1, -2, 0, 1, 3, -2, 1, 2, 3, -2, 0, 3, 2};
	expect_failure(flat, 4, tetra_faces, 15, NULL, COL_ERROR_DEGENERATE, "face 0 has zero area");
	/* Not planar: a cube corner lifted by 0.01 fails, by 1e-9 passes (and exact mode refuses it). */
	m = cube;
	m.v[7].z += 0.01;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_INVALID_ARGUMENT, "is not planar");
	m.v[7].z = 1 + 1e-9;
	check_ok(col_polyhedron_create(m.v, m.nv, m.list, m.n, NULL, &p, &error), &error);
	assert_false(col_polyhedron_face_at(p, 1).planar);
	assert_true(col_polyhedron_contains(p, (col_vec3){0.5, 0.5, 0.5}, COL_METHOD_COVERING, NULL));
	col_polyhedron_destroy(p);
	col_polyhedron_options exact = col_polyhedron_default_options();
	exact.planarity_tolerance = 0;
	expect_failure(m.v, m.nv, m.list, m.n, &exact, COL_ERROR_INVALID_ARGUMENT, "is not planar");
	exact.planarity_tolerance = -1;
	expect_failure(cube.v, cube.nv, cube.list, cube.n, &exact, COL_ERROR_INVALID_ARGUMENT,
	               "planarity_tolerance");
	exact.planarity_tolerance = 1e-6;
	exact.has_origin = true;
	exact.origin = (col_vec3){0, NAN, 0};
	expect_failure(cube.v, cube.nv, cube.list, cube.n, &exact, COL_ERROR_INVALID_ARGUMENT, "origin");
	/* A bow tie: the top square with two vertices swapped crosses itself. */
	m = cube;
	for (int i = 0; i < m.n; i++) {
		if (m.list[i] == 5 && m.list[i + 1] == 7) { /* face 1 is {4, 5, 7, 6} */
			m.list[i] = 7;
			m.list[i + 1] = 5;
			break;
		}
	}
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_SELF_INTERSECTION, "face 1");
	/* Open: a face missing; and one wound backwards. */
	int last = cube.n - 6; /* the last face and its separator */
	expect_failure(cube.v, cube.nv, cube.list, last, NULL, COL_ERROR_TOPOLOGY, "not closed");
	m = cube;
	int32_t swap = m.list[1];
	m.list[1] = m.list[3];
	m.list[3] = swap;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_TOPOLOGY, "walked 2 times");
	/* Holes: outside the face, wound like the outer loop, touching it. */
	poly_model pocket = {.nv = 0, .n = 0};
	model_add_pocket_box(&pocket);
	m = pocket;
	for (int i = 0; i < 4; i++)
		m.v[8 + i].x += 10; /* the rim moved off the top (and its walls with it) */
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_TOPOLOGY, "outside");
	m = pocket;
	int rim = m.n - 5; /* the rim {8, 11, 10, 9} */
	int32_t tmp = m.list[rim + 1];
	m.list[rim + 1] = m.list[rim + 3];
	m.list[rim + 3] = tmp;
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_TOPOLOGY, "hole 1 turns the same way");
	m = pocket;
	m.v[8] = (col_vec3){0, 0, 2}; /* the rim's corner on the outer loop's corner */
	m.v[12] = (col_vec3){0, 0, 1};
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_SELF_INTERSECTION, "face 10");
	m = pocket;
	m.v[8] = (col_vec3){0, 0.5, 2}; /* on the outer loop's edge */
	m.v[12] = (col_vec3){0, 0.5, 1};
	expect_failure(m.v, m.nv, m.list, m.n, NULL, COL_ERROR_SELF_INTERSECTION, "face 10");
	/* Complex models: only 1 and 2; NULL is harmless everywhere. */
	assert_int_equal(col_polyhedron_create_complex(3, NULL, &p, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(p);
	assert_int_equal(col_polyhedron_from_mesh(NULL, NULL, &p, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_false(col_polyhedron_contains(NULL, (col_vec3){0, 0, 0}, COL_METHOD_COVERING, NULL));
	assert_int_equal(col_polyhedron_face_count(NULL), 0);
	assert_int_equal(col_polyhedron_tetrahedron_at(NULL, 0).face, -1);
	assert_int_equal(col_polyhedron_face_loop(NULL, 0, 0, NULL), 0);
	assert_false(
	    col_polyhedron_segment_hits_surface(NULL, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, NULL, NULL));
	assert_false(col_polyhedron_intersects_polyhedron(NULL, NULL, col_transform3_identity(), NULL));
	col_polyhedron_destroy(NULL);
	/* Queries with NaN answer false. */
	check_ok(col_polyhedron_create(cube.v, cube.nv, cube.list, cube.n, NULL, &p, &error), &error);
	assert_false(col_polyhedron_contains(p, (col_vec3){NAN, 0.5, 0.5}, COL_METHOD_COVERING, NULL));
	assert_false(
	    col_polyhedron_intersects_segment(p, (col_vec3){NAN, 0.5, 0.5}, (col_vec3){0.5, 0.5, 0.5}, NULL));
	bool answers[2] = {true, true};
	col_polyhedron_contains_points(p, NULL, 2, COL_METHOD_COVERING, answers, NULL);
	assert_false(answers[0] || answers[1]);
	col_polyhedron_destroy(p);
}

/* Two pieces, one inside the other solid with the surfaces apart: found through a vertex of
 * every loop (one vertex per polyhedron misses it). */
static void test_piece_inside(void **state)
{
	(void)state;
	mesh_arrays two_big = {0}, two_small = {0};
	add_box(&two_big, (col_vec3){-6, -1, -1}, (col_vec3){-4, 1, 1}, false);
	add_box(&two_big, (col_vec3){4, -1, -1}, (col_vec3){6, 1, 1}, false);
	add_box(&two_small, (col_vec3){99.7, -0.3, -0.3}, (col_vec3){100.3, 0.3, 0.3}, false);
	add_box(&two_small, (col_vec3){4.7, -0.3, -0.3}, (col_vec3){5.3, 0.3, 0.3}, false);
	col_mesh *big = mesh_of(&two_big), *small = mesh_of(&two_small);
	col_polyhedron *pb = NULL, *ps = NULL;
	col_error error;
	check_ok(col_polyhedron_from_mesh(big, NULL, &pb, &error), &error);
	check_ok(col_polyhedron_from_mesh(small, NULL, &ps, &error), &error);
	col_transform3 identity = col_transform3_identity(), away = {col_quat_identity(), {0, 0, 50}};
	assert_true(col_polyhedron_intersects_polyhedron(pb, ps, identity, NULL));
	assert_true(col_polyhedron_intersects_polyhedron(ps, pb, identity, NULL));
	assert_false(col_polyhedron_intersects_polyhedron(pb, ps, away, NULL));
	col_polyhedron_destroy(pb);
	col_polyhedron_destroy(ps);
	col_mesh_destroy(big);
	col_mesh_destroy(small);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_complex_models), cmocka_unit_test(test_classes),
	    cmocka_unit_test(test_table_5_1),      cmocka_unit_test(test_fan_codes),
	    cmocka_unit_test(test_random_points),  cmocka_unit_test(test_feature_points),
	    cmocka_unit_test(test_integer_grid),   cmocka_unit_test(test_random_segments),
	    cmocka_unit_test(test_pairs),          cmocka_unit_test(test_rigid_invariance),
	    cmocka_unit_test(test_fast_path),      cmocka_unit_test(test_from_mesh),
	    cmocka_unit_test(test_nearly_planar),  cmocka_unit_test(test_bad_input),
	    cmocka_unit_test(test_piece_inside),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
