/* The gap suite of the exactness contract (docs/predicates.md): every pair of shape kinds with an
 * exact test, at scales 2^-40 to 2^40, placed a gap of +1e-12 of the scale apart (they must not
 * touch), exactly touching, and 1e-12 of the scale overlapping (they must touch), along the axes
 * and along directions whose lengths are exact (3-4-5 and 2-3-6 triangles, face diagonals of
 * octahedra). The answer is known by construction; intersects, GJK's overlap and the sign of its
 * distance, whether the contact manifold has points at margin 0 and the brute-force oracle must
 * all give it, in both argument orders: 0 wrong. Rotated pairs, whose rotated vertices are rounded,
 * are checked against the oracle (exact for the rounded vertices). Also the reported cases
 * themselves, and the one coordinate range every constructor refuses outside. */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "collide/contact.h"
#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/predicates.h"
#include "collide/shape.h"
#include "collide/shape_oracle.h"
#include "collide/shapes2d.h"
#include "collide/shapes3d.h"

/* Every power of 2 from 2^-40 to 2^40; every 4th in the sanitizer builds. */
#ifdef COLLIDE_FAST_TESTS
enum { SCALE_STEP = 4 };
#else
enum { SCALE_STEP = 1 };
#endif

static const double gap_factors[3] = {1e-12, 0.0, -1e-12};

typedef struct tally {
	int checked, wrong;
} tally;

/* The four answers for a in either order, against `meet`; prints the first few disagreements. */
static void expect_pair(tally *t, const char *name, double scale, double gap, const col_shape *a,
                        const col_shape *b, bool meet)
{
	for (int order = 0; order < 2; order++) {
		const col_shape *p = order ? b : a, *q = order ? a : b;
		bool intersects = col_gjk_intersect(p, q, NULL, NULL);
		col_gjk_result g = col_gjk_distance(p, q, NULL, NULL, NULL);
		bool gjk_meet = g.overlap && g.distance == 0.0;
		bool gjk_apart = !g.overlap && g.distance > 0.0;
		col_manifold m;
		col_error error;
		col_status status = col_contact(p, q, 0.0, &m, &error);
		col_oracle_result o = col_shape_oracle(p, q);
		const char *fault = NULL;
		if (intersects != meet)
			fault = "intersects";
		else if (meet ? !gjk_meet : !gjk_apart)
			fault = "gjk distance";
		else if (status != COL_OK || (m.count > 0) != meet)
			fault = "contact";
		else if (o.intersect != meet || !o.certain)
			fault = "oracle";
		t->checked++;
		if (fault != NULL) {
			/* COLLIDE_GAP_VERBOSE prints every one, for a tally by pair. */
			if (t->wrong < 20 || getenv("COLLIDE_GAP_VERBOSE") != NULL)
				print_message("%s (order %d) at scale %a, gap %a: %s wrong (meet %d, intersects %d, "
				              "gjk overlap %d distance %g, contact %d, oracle %d certain %d)\n",
				              name, order, scale, gap, fault, meet, intersects, g.overlap,
				              g.distance, m.count, o.intersect, o.certain);
			t->wrong++;
		}
	}
}

static col_shape at(col_shape s, double x, double y, double z)
{
	s.pose.translation = (col_vec3){x, y, z};
	return s;
}

/* The unit axes and their opposites. */
static const int axis_dirs[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

static col_convex *hull_of(const col_vec3 *points, int count)
{
	col_convex *c = NULL;
	col_error error;
	assert_int_equal(col_convex_hull(points, count, &c, &error), COL_OK);
	return c;
}

static col_convex *octahedron(double s)
{
	col_vec3 p[6] = {{s, 0, 0}, {-s, 0, 0}, {0, s, 0}, {0, -s, 0}, {0, 0, s}, {0, 0, -s}};
	return hull_of(p, 6);
}

static col_convex *cube(double s)
{
	col_vec3 p[8];
	for (int i = 0; i < 8; i++)
		p[i] = (col_vec3){i & 1 ? s : -s, i & 2 ? s : -s, i & 4 ? s : -s};
	return hull_of(p, 8);
}

/* ---- 3D ---- */

static void spheres_3d(tally *t, double s)
{
	for (int k = 0; k < 3; k++) {
		double g = gap_factors[k] * s;
		bool meet = gap_factors[k] <= 0.0;
		/* One centre in the core, the other in the pose, as C and Lua make them. */
		col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, s);
		for (int d = 0; d < 6; d++) {
			double c = 2.0 * s + g;
			col_shape b = at(col_shape_sphere((col_vec3){0, 0, 0}, s), c * axis_dirs[d][0],
			                 c * axis_dirs[d][1], c * axis_dirs[d][2]);
			expect_pair(t, "sphere/sphere axis", s, g, &a, &b, meet);
		}
		/* Centres 5s apart along (3, 4, 0) and its turns; radii 2.5s and 2.5s - gap. */
		double m[3][3] = {{3, 4, 0}, {0, -3, 4}, {-4, 0, 3}};
		for (int d = 0; d < 3; d++) {
			col_shape b = at(col_shape_sphere((col_vec3){0, 0, 0}, 2.5 * s - g), m[d][0] * s,
			                 m[d][1] * s, m[d][2] * s);
			col_shape c = col_shape_sphere((col_vec3){0, 0, 0}, 2.5 * s);
			expect_pair(t, "sphere/sphere diagonal", s, g, &c, &b, meet);
		}
	}
}

/* A ball (or point, radius 0) against a solid: the faces along the axes, an edge along (3, 4, 0)
 * from it, a corner along (2, 3, 6). */
static void ball_against(tally *t, const char *name, double s, col_shape solid, bool box)
{
	for (int k = 0; k < 3; k++) {
		double g = gap_factors[k] * s;
		bool meet = gap_factors[k] <= 0.0;
		for (int d = 0; d < 6; d++) {
			double c = 2.0 * s + g;
			col_shape b = at(col_shape_sphere((col_vec3){0, 0, 0}, s), c * axis_dirs[d][0],
			                 c * axis_dirs[d][1], c * axis_dirs[d][2]);
			expect_pair(t, name, s, g, &solid, &b, meet);
			col_shape p = col_shape_point(
			    (col_vec3){(s + g) * axis_dirs[d][0], (s + g) * axis_dirs[d][1], (s + g) * axis_dirs[d][2]});
			expect_pair(t, name, s, g, &solid, &p, meet);
		}
		if (box) {
			col_shape e = at(col_shape_sphere((col_vec3){0, 0, 0}, 5.0 * s - g), 4.0 * s, -5.0 * s, 0.0);
			expect_pair(t, name, s, g, &solid, &e, meet);
			col_shape c = at(col_shape_sphere((col_vec3){0, 0, 0}, 7.0 * s - g), -3.0 * s, 4.0 * s, 7.0 * s);
			expect_pair(t, name, s, g, &solid, &c, meet);
		} else {
			/* The octahedron's face x + y + z = s: a point on it, moved along x by the gap. */
			col_shape p = col_shape_point((col_vec3){0.5 * s + g, 0.25 * s, 0.25 * s});
			expect_pair(t, name, s, g, &solid, &p, meet);
		}
	}
}

static void boxes_3d(tally *t, double s)
{
	col_vec3 ha = {s, s, s}, hb = {s, 0.5 * s, 2.0 * s};
	col_shape a = col_shape_box(ha);
	double sum[3] = {ha.x + hb.x, ha.y + hb.y, ha.z + hb.z};
	for (int k = 0; k < 3; k++) {
		double g = gap_factors[k] * s;
		bool meet = gap_factors[k] <= 0.0;
		for (int d = 0; d < 6; d++) {
			int axis = d / 2;
			double c = sum[axis] + g;
			col_shape b = at(col_shape_box(hb), c * axis_dirs[d][0], c * axis_dirs[d][1], c * axis_dirs[d][2]);
			expect_pair(t, "box/box face", s, g, &a, &b, meet);
			/* Faces sliding past each other by half a face: still the gap decides. */
			col_shape slid = b;
			slid.pose.translation.x += axis == 0 ? 0.0 : 0.5 * s;
			slid.pose.translation.y += axis == 1 ? 0.0 : 0.25 * s;
			expect_pair(t, "box/box offset face", s, g, &a, &slid, meet);
		}
		/* Edge on edge (x gapped, y exactly touching) and corner on corner. */
		col_shape edge = at(col_shape_box(hb), sum[0] + g, -sum[1], 0.0);
		expect_pair(t, "box/box edge", s, g, &a, &edge, meet);
		col_shape corner = at(col_shape_box(hb), -(sum[0] + g), sum[1] + g, -(sum[2] + g));
		expect_pair(t, "box/box corner", s, g, &a, &corner, meet);
	}
}

static void hulls_3d(tally *t, double s)
{
	col_convex *oct = octahedron(s), *cub = cube(s);
	col_shape box = col_shape_box((col_vec3){s, s, s});
	col_shape o = col_shape_convex(oct), c = col_shape_convex(cub);
	ball_against(t, "sphere/box", s, box, true);
	ball_against(t, "sphere/cube hull", s, c, true);
	ball_against(t, "sphere/octahedron", s, o, false);
	for (int k = 0; k < 3; k++) {
		double g = gap_factors[k] * s;
		bool meet = gap_factors[k] <= 0.0;
		for (int d = 0; d < 6; d++) {
			double x = axis_dirs[d][0], y = axis_dirs[d][1], z = axis_dirs[d][2];
			/* Box face against the octahedron's tip, cube hull face against the box face. */
			double tip = 2.0 * s + g;
			col_shape b = at(col_shape_convex(oct), tip * x, tip * y, tip * z);
			expect_pair(t, "box/octahedron", s, g, &box, &b, meet);
			col_shape h = at(col_shape_convex(cub), tip * x, tip * y, tip * z);
			expect_pair(t, "box/cube hull", s, g, &box, &h, meet);
			expect_pair(t, "cube hull/octahedron", s, g, &c, &b, meet);
			expect_pair(t, "octahedron/octahedron tips", s, g, &o, &b, meet);
		}
		/* Face on face: B's face x + y + z = -s moved by (s + gap, s/2, s/2) against A's face
		 * x + y + z = s, the triangles overlapping in the plane. */
		col_shape f = at(col_shape_convex(oct), s + g, 0.5 * s, 0.5 * s);
		expect_pair(t, "octahedron/octahedron faces", s, g, &o, &f, meet);
		col_shape f2 = at(col_shape_convex(oct), -0.5 * s, -(s + g), -0.5 * s);
		expect_pair(t, "octahedron/octahedron faces", s, g, &o, &f2, meet);
	}
	col_convex_destroy(oct);
	col_convex_destroy(cub);
}

/* ---- 2D ---- */

static col_shape at2(col_shape s, double x, double y)
{
	s.pose.translation = (col_vec3){x, y, 0.0};
	return s;
}

static void plane_pairs(tally *t, double s)
{
	col_vec2 square[4] = {{-s, -s}, {s, -s}, {s, s}, {-s, s}};
	col_vec2 diamond[4] = {{s, 0}, {0, s}, {-s, 0}, {0, -s}};
	col_vec2 triangle[3] = {{-s, -s}, {s, -s}, {0, s}};
	col_shape sq = col_shape_polygon2(square, 4);
	const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
	for (int k = 0; k < 3; k++) {
		double g = gap_factors[k] * s;
		bool meet = gap_factors[k] <= 0.0;
		col_shape circle = col_shape_circle((col_vec2){0, 0}, s);
		for (int d = 0; d < 4; d++) {
			double x = dirs[d][0], y = dirs[d][1], c = 2.0 * s + g, e = s + g;
			col_shape other = at2(col_shape_circle((col_vec2){0, 0}, s), c * x, c * y);
			expect_pair(t, "circle/circle axis", s, g, &circle, &other, meet);
			expect_pair(t, "circle/polygon face", s, g, &sq, &other, meet);
			col_shape sq2 = at2(col_shape_polygon2(square, 4), c * x, c * y + 0.5 * s * x);
			expect_pair(t, "polygon/polygon face", s, g, &sq, &sq2, meet);
			col_shape tip = at2(col_shape_polygon2(diamond, 4), c * x + 0.25 * s * y, c * y);
			expect_pair(t, "polygon/diamond tip", s, g, &sq, &tip, meet);
			col_shape tri = at2(col_shape_polygon2(triangle, 3), c * x, c * y);
			expect_pair(t, "polygon/triangle", s, g, &sq, &tri, meet);
			/* A segment across the face's line, a segment along it end to end, a point. */
			col_shape seg = col_shape_capsule2((col_vec2){e * x - 0.5 * s * y, e * y - 0.5 * s * x},
			                                   (col_vec2){e * x + 0.5 * s * y, e * y + 0.5 * s * x}, 0.0);
			expect_pair(t, "segment/polygon", s, g, &sq, &seg, meet);
			expect_pair(t, "segment/circle", s, g, &circle, &seg, meet);
			col_shape along = col_shape_capsule2((col_vec2){e * x, e * y}, (col_vec2){3 * s * x, 3 * s * y}, 0.0);
			col_shape across = col_shape_capsule2((col_vec2){-s * x, -s * y}, (col_vec2){s * x, s * y}, 0.0);
			expect_pair(t, "segment/segment collinear", s, g, &across, &along, meet);
			col_shape point = col_shape_circle((col_vec2){e * x, e * y}, 0.0);
			expect_pair(t, "point/polygon", s, g, &sq, &point, meet);
			expect_pair(t, "point/circle", s, g, &circle, &point, meet);
		}
		/* Along (3, 4): circles 5s apart with radii 2.5s and 2.5s - gap; a circle at a square's
		 * corner (s, s) + (3s, 4s) of radius 5s - gap. */
		col_shape c1 = col_shape_circle((col_vec2){0, 0}, 2.5 * s);
		col_shape c2 = at2(col_shape_circle((col_vec2){0, 0}, 2.5 * s - g), -3 * s, 4 * s);
		expect_pair(t, "circle/circle diagonal", s, g, &c1, &c2, meet);
		col_shape c3 = at2(col_shape_circle((col_vec2){0, 0}, 5 * s - g), 4 * s, 5 * s);
		expect_pair(t, "circle/polygon corner", s, g, &sq, &c3, meet);
	}
}

/* ---- rotated: the oracle, exact for the rounded vertices, is the reference ---- */

static col_quat turn(double ax, double ay, double az, double radians)
{
	double n = sqrt(ax * ax + ay * ay + az * az), h = 0.5 * radians;
	return (col_quat){ax / n * sin(h), ay / n * sin(h), az / n * sin(h), cos(h)};
}

/* Both shapes turned by q about the origin, B's offset turned with it (and rounded). */
static void expect_turned(tally *t, const char *name, double s, double g, col_shape a, col_shape b, col_quat q)
{
	a.pose.rotation = q;
	a.pose.translation = col_quat_apply(q, a.pose.translation);
	b.pose.rotation = q;
	b.pose.translation = col_quat_apply(q, b.pose.translation);
	col_oracle_result o = col_shape_oracle(&a, &b);
	assert_true(o.certain);
	expect_pair(t, name, s, g, &a, &b, o.intersect);
}

static void rotated_pairs(tally *t, double s)
{
	col_convex *oct = octahedron(s), *cub = cube(s);
	col_quat q3 = turn(1, 2, 3, 0.7), qz = turn(0, 0, 1, 0.3);
	col_vec2 square[4] = {{-s, -s}, {s, -s}, {s, s}, {-s, s}};
	for (int k = 0; k < 3; k++) {
		double g = gap_factors[k] * s, c = 2.0 * s + g;
		col_shape box = col_shape_box((col_vec3){s, s, s});
		expect_turned(t, "turned box/box", s, g, box, at(box, c, 0.3 * s, 0), q3);
		expect_turned(t, "turned box/octahedron", s, g, box, at(col_shape_convex(oct), 0, c, 0), q3);
		expect_turned(t, "turned cube hull/box", s, g, col_shape_convex(cub), at(box, 0, 0, -c), q3);
		expect_turned(t, "turned octahedron faces", s, g, col_shape_convex(oct),
		              at(col_shape_convex(oct), s + g, 0.5 * s, 0.5 * s), q3);
		expect_turned(t, "turned sphere/box", s, g, box, at(col_shape_sphere((col_vec3){0, 0, 0}, s), c, 0, 0), q3);
		col_shape sq = col_shape_polygon2(square, 4);
		expect_turned(t, "turned polygon/polygon", s, g, sq, at2(col_shape_polygon2(square, 4), c, 0.5 * s), qz);
		expect_turned(t, "turned circle/polygon", s, g, sq, at2(col_shape_circle((col_vec2){0, 0}, s), 0, c), qz);
	}
	col_convex_destroy(oct);
	col_convex_destroy(cub);
}

static void test_gap_suite_every_kind(void **state)
{
	(void)state;
	tally t = {0, 0};
	for (int e = -40; e <= 40; e += SCALE_STEP) {
		double s = ldexp(1.0, e);
		spheres_3d(&t, s);
		boxes_3d(&t, s);
		hulls_3d(&t, s);
		plane_pairs(&t, s);
		rotated_pairs(&t, s);
	}
	print_message("gap suite: %d pairs checked (both orders), %d wrong\n", t.checked, t.wrong);
	assert_int_equal(t.wrong, 0);
	assert_true(t.checked > 1000);
}

/* The reported cases: at scale 100, shapes 1e-12 apart were said to touch (two boxes of half
 * extent 100 with centres 200 + 1e-12 apart, two spheres of radius 100, two circles), and along
 * random directions spheres and circles, and boxes slid across each other, were as often wrong. */
static void test_scale_100_gap_pairs(void **state)
{
	(void)state;
	tally t = {0, 0};
	col_shape box = col_shape_box((col_vec3){100, 100, 100});
	col_shape far_box = at(box, 200 + 1e-12, 0, 0);
	expect_pair(&t, "boxes at 100", 100, 1e-12, &box, &far_box, false);
	col_shape sphere = col_shape_sphere((col_vec3){0, 0, 0}, 100);
	col_shape far_sphere = at(sphere, 200 + 1e-12, 0, 0);
	expect_pair(&t, "spheres at 100", 100, 1e-12, &sphere, &far_sphere, false);
	col_shape circle = col_shape_circle((col_vec2){0, 0}, 100);
	col_shape far_circle = at2(circle, 0, -(200 + 1e-12));
	expect_pair(&t, "circles at 100", 100, 1e-12, &circle, &far_circle, false);
	/* Random directions: the centres' difference rounded, the truth its exact length against the
	 * radii's sum (the oracle and col_sphere_sphere_side on the same doubles). */
	rng r = rng_make(rng_env_seed(24007));
	for (int i = 0; i < 2000; i++) {
		col_vec3 d = rng_vec3(&r, -1, 1);
		double n = sqrt(col_vec3_length_squared(d));
		if (!(n > 0.1))
			continue;
		double length = 200.0 + (double)(i % 3 - 1) * 1e-12;
		col_vec3 c = col_vec3_scale(d, length / n);
		col_shape a = col_shape_sphere(c, 100), b = at(sphere, -c.x, -c.y, -c.z);
		bool meet = col_sphere_sphere_side(c, 100, col_vec3_scale(c, -1.0), 100) <= 0;
		expect_pair(&t, "spheres at 100, random direction", 100, length - 200, &a, &b, meet);
		col_shape p = col_shape_circle((col_vec2){c.x, c.y}, 100),
		          q = at2(col_shape_circle((col_vec2){0, 0}, 100), -c.x, -c.y);
		bool meet2 = col_circle_circle_side((col_vec2){c.x, c.y}, 100, (col_vec2){-c.x, -c.y}, 100) <= 0;
		expect_pair(&t, "circles at 100, random direction", 100, length - 200, &p, &q, meet2);
		/* Boxes of half extent 100, centres 200 + gap apart along an axis, slid across it. */
		int axis = i % 3;
		double slide[3] = {rng_in(&r, -150, 150), rng_in(&r, -150, 150), rng_in(&r, -150, 150)};
		slide[axis] = (i & 8 ? -1.0 : 1.0) * length;
		col_shape near_box = at(box, slide[0], slide[1], slide[2]);
		expect_pair(&t, "boxes at 100, slid", 100, length - 200, &box, &near_box, length <= 200.0);
	}
	print_message("scale 100: %d pairs checked (both orders), %d wrong\n", t.checked, t.wrong);
	if (t.wrong > 0)
		print_message("seed %llu\n", (unsigned long long)r.seed);
	assert_int_equal(t.wrong, 0);
}

/* Out of the one range: unit spheres 1e155 apart (which intersected, while contact said none) and
 * a coordinate of 1e-200 are refused by every constructor's validation, with the range named, and
 * the queries answer "nowhere" for such a shape made by hand. */
static void test_out_of_range_refused(void **state)
{
	(void)state;
	col_error error;
	col_shape a = col_shape_sphere((col_vec3){0, 0, 0}, 1), b = at(a, 1e155, 0, 0);
	assert_int_equal(col_shape_validate(&b, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "sphere: pose translation x 1e+155 is outside the supported range [1e-30, 1e+30] (or 0)");
	assert_false(col_gjk_intersect(&a, &b, NULL, NULL));
	assert_int_equal(col_gjk_distance(&a, &b, NULL, NULL, NULL).status, COL_GJK_INVALID);
	col_manifold m;
	assert_int_equal(col_contact(&a, &b, 0.0, &m, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "outside the supported range [1e-30, 1e+30]"));

	col_shape tiny = col_shape_sphere((col_vec3){1e-200, 0, 0}, 1);
	assert_int_equal(col_shape_validate(&tiny, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "sphere: centre x 1e-200 is outside the supported range [1e-30, 1e+30] (or 0)");
	assert_false(col_gjk_intersect(&a, &tiny, NULL, NULL));
	col_shape box = col_shape_box((col_vec3){1, 1e-200, 1});
	assert_int_equal(col_shape_validate(&box, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "box: half extent y 1e-200 is outside the supported range [1e-30, 1e+30] (or 0)");
	col_shape big = col_shape_sphere((col_vec3){0, 0, 0}, 1e31);
	assert_int_equal(col_shape_validate(&big, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "sphere: radius 1e+31 is outside the supported range [1e-30, 1e+30] (or 0)");
	col_vec2 square[4] = {{0, 0}, {1, 0}, {1, 1e300}, {0, 1}};
	col_shape poly = col_shape_polygon2(square, 4);
	assert_int_equal(col_shape_validate(&poly, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "polygon: point 3 y 1e+300 is outside the supported range [1e-30, 1e+30] (or 0)");

	assert_int_equal(col_sphere_validate((col_sphere){{1e155, 0, 0}, 1}, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "sphere: centre x 1e+155 is outside the supported range [1e-30, 1e+30] (or 0)");
	assert_int_equal(col_circle_validate((col_circle){{0, 0}, 1e-200}, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "circle: radius 1e-200 is outside the supported range [1e-30, 1e+30] (or 0)");
	assert_int_equal(col_segment_validate((col_segment){{0, 0}, {0, -1e40}}, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_string_equal(error.message,
	                    "segment: end point b y -1e+40 is outside the supported range [1e-30, 1e+30] (or 0)");
	assert_int_equal(col_check_coordinate(&error, NAN, "test: x"), COL_ERROR_NOT_FINITE);
	assert_string_equal(error.message, "test: x nan is not finite");

	/* The ends of the range and 0 are in it. */
	col_shape edge = col_shape_sphere((col_vec3){1e30, -1e-30, 0}, 1e-30);
	assert_int_equal(col_shape_validate(&edge, &error), COL_OK);
	assert_int_equal(col_sphere_validate((col_sphere){{0, -1e30, 1e-30}, 0}, &error), COL_OK);
}

/* The world points the exact tests use: moved, rounded, and below the range set to 0. */
static void test_world_point(void **state)
{
	(void)state;
	col_shape s = at(col_shape_box((col_vec3){1, 1, 1}), 200 + 1e-12, 0, 0);
	col_vec3 w = col_shape_world_point(&s, (col_vec3){-100, 0, 0});
	assert_true(w.x == (200 + 1e-12) - 100);
	col_shape t = at(col_shape_point((col_vec3){0, 0, 0}), 1e-30, 0, 0);
	w = col_shape_world_point(&t, (col_vec3){-1e-30 + 0x1p-150, 0, 0});
	assert_true(w.x == 0.0); /* 2^-150 is below the range */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_scale_100_gap_pairs),
	    cmocka_unit_test(test_out_of_range_refused),
	    cmocka_unit_test(test_world_point),
	    cmocka_unit_test(test_gap_suite_every_kind),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
