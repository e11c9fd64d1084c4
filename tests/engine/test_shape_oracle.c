/* The shape oracle (shape_oracle.h) against answers known by hand, by formula, and by the engine's
 * own exact tetrahedron test (intersect3d.h), which shares no code with it. */
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/intersect3d.h"
#include "collide/shape_oracle.h"
#include "collide/shapes3d.h"

#if __has_include("convex_internal.h")
#define HAVE_CONVEX 1 /* convex.c has landed: the COL_SHAPE_CONVEX tests run */
#include "collide/convex.h"
#endif

/* ---- shapes, made by hand (the engine's constructors live in shape.c, which the oracle must not
 * depend on) ---- */

static col_shape shape_of(col_shape_kind kind)
{
	col_shape s;
	memset(&s, 0, sizeof s);
	s.kind = kind;
	s.dimension = 3;
	s.pose = col_transform3_identity();
	return s;
}

static col_transform3 pose(col_vec3 translation, col_quat rotation)
{
	return (col_transform3){rotation, translation};
}

static col_transform3 moved(double x, double y, double z)
{
	return pose((col_vec3){x, y, z}, col_quat_identity());
}

static col_shape sphere(col_vec3 center, double radius)
{
	col_shape s = shape_of(COL_SHAPE_POINT);
	s.core.point = center;
	s.radius = radius;
	return s;
}

static col_shape capsule(col_vec3 a, col_vec3 b, double radius)
{
	col_shape s = shape_of(COL_SHAPE_SEGMENT);
	s.core.segment.a = a;
	s.core.segment.b = b;
	s.radius = radius;
	return s;
}

static col_shape triangle(col_vec3 a, col_vec3 b, col_vec3 c)
{
	col_shape s = shape_of(COL_SHAPE_TRIANGLE);
	s.core.triangle.a = a;
	s.core.triangle.b = b;
	s.core.triangle.c = c;
	return s;
}

static col_shape box(col_vec3 half, col_transform3 where)
{
	col_shape s = shape_of(COL_SHAPE_BOX);
	s.core.half_extents = half;
	s.pose = where;
	return s;
}

static col_shape cylinder(double radius, double half_height, col_transform3 where)
{
	col_shape s = shape_of(COL_SHAPE_CYLINDER);
	s.core.cylinder.radius = radius;
	s.core.cylinder.half_height = half_height;
	s.pose = where;
	return s;
}

static col_shape cone(double radius, double half_height, col_transform3 where)
{
	col_shape s = cylinder(radius, half_height, where);
	s.kind = COL_SHAPE_CONE;
	return s;
}

static col_shape polygon2(const col_vec2 *points, int count, col_transform3 where)
{
	col_shape s = shape_of(COL_SHAPE_POLYGON);
	s.dimension = 2;
	s.core.polygon.points = points;
	s.core.polygon.count = count;
	s.pose = where;
	return s;
}

static col_shape circle2(col_vec2 center, double radius)
{
	col_shape s = sphere((col_vec3){center.x, center.y, 0.0}, radius);
	s.dimension = 2;
	return s;
}

static col_quat about(double x, double y, double z, double radians)
{
	return col_quat_from_axis_angle((col_vec3){x, y, z}, radians);
}

/* ---- expectations ---- */

static void print_result(const char *what, col_oracle_result r)
{
	print_error("%s: intersect %d certain %d distance %.17g in [%.17g, %.17g], a (%.17g, %.17g, %.17g), "
	            "b (%.17g, %.17g, %.17g)\n",
	            what, r.intersect, r.certain, r.distance, r.distance_lo, r.distance_hi, r.point_a.x,
	            r.point_a.y, r.point_a.z, r.point_b.x, r.point_b.y, r.point_b.z);
}

/* Both orders of the pair meet, for certain. */
static void expect_meet(const char *what, const col_shape *a, const col_shape *b)
{
	for (int order = 0; order < 2; order++) {
		col_oracle_result r = order ? col_shape_oracle(b, a) : col_shape_oracle(a, b);
		if (!r.intersect || !r.certain || r.distance != 0.0 || r.distance_lo != 0.0 ||
		    r.distance_hi != 0.0) {
			print_result(what, r);
			fail_msg("%s (order %d): expected a certain intersection", what, order);
		}
	}
}

/* Both orders are apart by distance (known to within tolerance), for certain; the certified interval
 * holds it, and the witnesses are within tolerance of pa and pb where those are given (not NULL). */
static void expect_apart(const char *what, const col_shape *a, const col_shape *b, double distance,
                         double tolerance, const col_vec3 *pa, const col_vec3 *pb)
{
	for (int order = 0; order < 2; order++) {
		col_oracle_result r = order ? col_shape_oracle(b, a) : col_shape_oracle(a, b);
		col_vec3 wa = order ? r.point_b : r.point_a, wb = order ? r.point_a : r.point_b;
		bool ok = !r.intersect && r.certain && fabs(r.distance - distance) <= tolerance &&
		          r.distance_lo <= distance + tolerance && distance - tolerance <= r.distance_hi &&
		          r.distance_lo <= r.distance && r.distance <= r.distance_hi &&
		          fabs(col_vec3_distance(r.point_a, r.point_b) - r.distance) <= tolerance;
		if (pa)
			ok = ok && col_vec3_distance(wa, *pa) <= tolerance;
		if (pb)
			ok = ok && col_vec3_distance(wb, *pb) <= tolerance;
		if (!ok) {
			print_result(what, r);
			fail_msg("%s (order %d): expected apart by %.17g", what, order, distance);
		}
	}
}

static void expect_nowhere(const char *what, const col_shape *a, const col_shape *b)
{
	for (int order = 0; order < 2; order++) {
		col_oracle_result r = order ? col_shape_oracle(b, a) : col_shape_oracle(a, b);
		if (r.intersect || !r.certain || r.distance != INFINITY || r.distance_lo != INFINITY ||
		    r.distance_hi != INFINITY || !isnan(r.point_a.x) || !isnan(r.point_b.x)) {
			print_result(what, r);
			fail_msg("%s (order %d): expected nowhere", what, order);
		}
	}
}

static const col_vec3 unit_cube[8] = {{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1},
                                      {1, 0, 0}, {1, 0, 1}, {1, 1, 0}, {1, 1, 1}};

static void expect_points_apart(const char *what, const col_vec3 *a, int na, const col_vec3 *b, int nb,
                                double distance, col_vec3 pa, col_vec3 pb)
{
	col_vec3 wa, wb;
	double d = col_points_hulls_distance(a, na, b, nb, &wa, &wb);
	col_oracle_result r = col_points_hulls_oracle(a, na, b, nb);
	if (col_points_hulls_intersect_exact(a, na, b, nb) || fabs(d - distance) > 1e-12 ||
	    col_vec3_distance(wa, pa) > 1e-12 || col_vec3_distance(wb, pb) > 1e-12 ||
	    r.distance_lo > distance || distance > r.distance_hi || r.distance_hi - r.distance_lo > 1e-11 ||
	    !r.certain) {
		print_result(what, r);
		fail_msg("%s: expected %.17g between (%g, %g, %g) and (%g, %g, %g)", what, distance, pa.x,
		         pa.y, pa.z, pb.x, pb.y, pb.z);
	}
}

/* ---- source 004's worked examples and check vectors (docs/sources.md) ---- */

static void test_source_004_examples(void **state)
{
	(void)state;
	/* Source 004's Example 2: two unit squares in z = 0. */
	const col_vec3 square_a[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
	const col_vec3 square_b[4] = {{2, 2, 0}, {3, 2, 0}, {3, 3, 0}, {2, 3, 0}};
	expect_points_apart("source 004's squares", square_a, 4, square_b, 4, sqrt(2.0), (col_vec3){1, 1, 0},
	                    (col_vec3){2, 2, 0});
	/* G1 vertex-vertex, G2 edge-edge, G4 vertex-face against the unit cube. */
	const col_vec3 g1[4] = {{2, 2, 2}, {3, 2, 2}, {2, 3, 2}, {2, 2, 3}};
	expect_points_apart("G1", unit_cube, 8, g1, 4, sqrt(3.0), (col_vec3){1, 1, 1}, (col_vec3){2, 2, 2});
	const col_vec3 g2[4] = {{1.5, 2.5, 0.5}, {2.5, 1.5, 0.5}, {3, 3, 0}, {3, 3, 1}};
	expect_points_apart("G2", unit_cube, 8, g2, 4, sqrt(2.0), (col_vec3){1, 1, 0.5},
	                    (col_vec3){2, 2, 0.5});
	const col_vec3 g4[4] = {{0.5, 0.5, 1.5}, {-1, -1, 3}, {2, -1, 3}, {0.5, 2, 3}};
	expect_points_apart("G4", unit_cube, 8, g4, 4, 0.5, (col_vec3){0.5, 0.5, 1},
	                    (col_vec3){0.5, 0.5, 1.5});
	/* G3: the cube against itself moved by (1/2, 1/2, 1/2) overlaps. */
	col_vec3 g3[8];
	for (int i = 0; i < 8; i++)
		g3[i] = col_vec3_add(unit_cube[i], (col_vec3){0.5, 0.5, 0.5});
	assert_true(col_points_hulls_intersect_exact(unit_cube, 8, g3, 8));
	assert_true(col_points_hulls_distance(unit_cube, 8, g3, 8, NULL, NULL) == 0.0);
	/* The same as shapes: unit boxes (half extents 1/2) centred at (1/2, 1/2, 1/2). */
	col_shape a = box((col_vec3){0.5, 0.5, 0.5}, moved(0.5, 0.5, 0.5));
	col_shape b3 = box((col_vec3){0.5, 0.5, 0.5}, moved(1, 1, 1));
	expect_meet("G3 boxes", &a, &b3);
	col_shape square2a =
	    polygon2((const col_vec2[]){{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 4, col_transform3_identity());
	col_shape square2b =
	    polygon2((const col_vec2[]){{2, 2}, {3, 2}, {3, 3}, {2, 3}}, 4, col_transform3_identity());
	col_vec3 pa = {1, 1, 0}, pb = {2, 2, 0};
	expect_apart("source 004's squares as 2D polygons", &square2a, &square2b, sqrt(2.0), 1e-12, &pa, &pb);
}

/* ---- every pair of kinds, by hand ---- */

static void test_sphere_sphere(void **state)
{
	(void)state;
	col_shape a = sphere((col_vec3){0, 0, 0}, 1), b = sphere((col_vec3){3, 0, 0}, 2);
	expect_meet("spheres touching exactly", &a, &b);
	b.core.point.x = 3.5;
	col_vec3 pa = {1, 0, 0}, pb = {1.5, 0, 0};
	expect_apart("spheres apart", &a, &b, 0.5, 1e-12, &pa, &pb);
	b.core.point = (col_vec3){1, 1, 1};
	expect_meet("spheres overlapping", &a, &b);
	/* Radii whose sum is no double: the doubles 0.1 and 0.2 add up to 0.3000000000000000166...,
	 * which rounds to 0.30000000000000004. Centres that far apart are apart (though the rounded sum
	 * says touching); at the double below 0.3000000000000000166..., 0.3, they overlap. */
	a = sphere((col_vec3){0, 0, 0}, 0.1);
	b = sphere((col_vec3){0.30000000000000004, 0, 0}, 0.2);
	col_oracle_result r = col_shape_oracle(&a, &b);
	assert_false(r.intersect);
	assert_true(r.certain);
	b.core.point.x = 0.3;
	expect_meet("spheres 0.1 and 0.2 at 0.3", &a, &b);
	/* The same against a point core's partner that is a box face (one radius, so exact). */
	col_shape face = box((col_vec3){1, 1, 1}, moved(-1, 0, 0));
	col_shape ball = sphere((col_vec3){0.30000000000000004, 0, 0}, 0.30000000000000004);
	expect_meet("sphere touching a face exactly", &face, &ball);
	ball.radius = 0.3;
	r = col_shape_oracle(&face, &ball);
	assert_false(r.intersect);
	assert_true(r.certain);
	/* 2D circles, one placed by a pose. */
	col_shape c1 = circle2((col_vec2){0, 0}, 1), c2 = circle2((col_vec2){0, 0}, 1);
	c2.pose = moved(0, 2, 0);
	expect_meet("circles touching", &c1, &c2);
	c2.pose = moved(0, 2.5, 0);
	expect_apart("circles apart", &c1, &c2, 0.5, 1e-12, NULL, NULL);
}

static void test_sphere_box(void **state)
{
	(void)state;
	col_shape b = box((col_vec3){1, 1, 1}, col_transform3_identity());
	col_shape s = sphere((col_vec3){3, 0, 0}, 1);
	col_vec3 pa = {1, 0, 0}, pb = {2, 0, 0};
	expect_apart("sphere before a face", &b, &s, 1, 1e-12, &pa, &pb);
	s.core.point.x = 2;
	expect_meet("sphere touching a face", &b, &s);
	s.core.point = (col_vec3){2, 2, 0};
	pa = (col_vec3){1, 1, 0};
	pb = (col_vec3){2 - sqrt(0.5), 2 - sqrt(0.5), 0};
	expect_apart("sphere before an edge", &b, &s, sqrt(2.0) - 1, 1e-12, &pa, &pb);
	s.core.point = (col_vec3){1 + 0.75, 1 + 1, 0.5}; /* 1.25 from the edge x = y = 1, exactly */
	s.radius = 1.25;
	expect_meet("sphere touching an edge", &b, &s);
	s.core.point.x = nextafter(1.75, 2.0);
	col_oracle_result r = col_shape_oracle(&b, &s);
	assert_false(r.intersect);
	assert_true(r.certain);
	s.core.point = (col_vec3){2, 2, 2};
	s.radius = 2; /* sqrt(3) < 2 from the corner */
	expect_meet("sphere over a corner", &b, &s);
	s.radius = 1;
	pa = (col_vec3){1, 1, 1};
	expect_apart("sphere before a corner", &b, &s, sqrt(3.0) - 1, 1e-12, &pa, NULL);
	s.core.point = (col_vec3){0.5, 0.5, 0};
	expect_meet("sphere inside", &b, &s);
	/* A rotated box: the face normal (1, 1, 0)/sqrt(2) after a quarter turn about z. */
	b.pose = pose((col_vec3){0, 0, 0}, about(0, 0, 1, COL_PI / 4));
	s.core.point = (col_vec3){2, 2, 0}; /* sqrt(8) - 1 from the face */
	expect_apart("sphere before a turned face", &b, &s, sqrt(8.0) - 2, 1e-12, NULL, NULL);
}

static void test_box_box(void **state)
{
	(void)state;
	col_vec3 unit = {1, 1, 1};
	col_shape a = box(unit, col_transform3_identity());
	col_shape b = box(unit, moved(3, 0.5, 0.25));
	expect_apart("face to face", &a, &b, 1, 1e-12, NULL, NULL);
	b.pose = moved(2, 0.5, 0.25);
	expect_meet("faces touching exactly", &a, &b);
	b.pose = moved(2, 2, 2);
	expect_meet("corners touching exactly", &a, &b);
	b.pose = moved(2, 2, 0);
	expect_meet("edges touching exactly", &a, &b);
	b.pose = moved(nextafter(2.0, 3.0), 0, 0);
	col_oracle_result r = col_shape_oracle(&a, &b);
	assert_false(r.intersect);
	assert_true(r.certain);
	/* Edge against edge: a turned 45 degrees about y has its top edge along y at height sqrt(2); b
	 * turned about x has its bottom edge along x. */
	a.pose = pose((col_vec3){0, 0, 0}, about(0, 1, 0, COL_PI / 4));
	b.pose = pose((col_vec3){0, 0, 2 * sqrt(2.0) + 0.5}, about(1, 0, 0, COL_PI / 4));
	col_vec3 pa = {0, 0, sqrt(2.0)}, pb = {0, 0, sqrt(2.0) + 0.5};
	expect_apart("edge to edge", &a, &b, 0.5, 1e-12, &pa, &pb);
	b.pose.translation.z = 2 * sqrt(2.0) - 0.1;
	expect_meet("edges crossing", &a, &b);
	/* Vertex against face: b's corner (1, 1, 1) turned to point straight down. */
	a.pose = col_transform3_identity();
	b.pose = pose((col_vec3){0, 0, 1 + sqrt(3.0) + 0.25}, about(-1, 1, 0, acos(-1.0 / sqrt(3.0))));
	pa = (col_vec3){0, 0, 1};
	pb = (col_vec3){0, 0, 1.25};
	expect_apart("vertex to face", &a, &b, 0.25, 1e-12, &pa, &pb);
	b.pose.translation.z -= 0.3;
	expect_meet("vertex into face", &a, &b);
	/* One inside the other. */
	col_shape small = box((col_vec3){0.1, 0.2, 0.3}, pose((col_vec3){0.2, -0.1, 0}, about(1, 2, 3, 0.7)));
	expect_meet("box inside box", &a, &small);
}

static void test_capsules(void **state)
{
	(void)state;
	col_shape a = capsule((col_vec3){0, 0, 0}, (col_vec3){2, 0, 0}, 0.5);
	col_shape b = capsule((col_vec3){1, 1, 0}, (col_vec3){3, 1, 0}, 0.25);
	expect_apart("parallel capsules", &a, &b, 0.25, 1e-12, NULL, NULL);
	b.core.segment.a.y = b.core.segment.b.y = 0.5;
	expect_meet("parallel capsules overlapping", &a, &b);
	a = capsule((col_vec3){-1, 0, 0}, (col_vec3){1, 0, 0}, 0.5);
	b = capsule((col_vec3){0, -1, 2}, (col_vec3){0, 1, 2}, 0.5);
	col_vec3 pa = {0, 0, 0.5}, pb = {0, 0, 1.5};
	expect_apart("skew capsules", &a, &b, 1, 1e-12, &pa, &pb);
	/* Exactly touching skew capsules: cores 2 apart, radii 1 and 1. Segment cores have no exact
	 * test here, so the answer may be uncertain, but never certain and wrong. */
	a.radius = b.radius = 1;
	col_oracle_result r = col_shape_oracle(&a, &b);
	assert_true(r.intersect || !r.certain);
	assert_true(r.distance_lo == 0.0 && r.distance_hi < 1e-12);
	/* A sphere against a capsule is exact (a point core): touching its side. */
	col_shape s = sphere((col_vec3){0.25, 3, 2}, 1.5);
	b.radius = 0.5; /* b's segment runs along y at z = 2: the sphere touches its end cap */
	s.core.point = (col_vec3){0, 3, 2};
	expect_meet("sphere touching a capsule's cap", &b, &s);
	s.core.point = (col_vec3){2, 0.5, 2};
	expect_meet("sphere touching a capsule's side", &b, &s);
	s.core.point.x = nextafter(2.0, 3.0);
	r = col_shape_oracle(&b, &s);
	assert_false(r.intersect);
	assert_true(r.certain);
}

static void test_segment_triangle(void **state)
{
	(void)state;
	col_shape t = triangle((col_vec3){0, 0, 0}, (col_vec3){2, 0, 0}, (col_vec3){0, 2, 0});
	col_shape s = capsule((col_vec3){0.5, 0.5, -1}, (col_vec3){0.5, 0.5, 1}, 0);
	expect_meet("segment through a triangle", &t, &s);
	s = capsule((col_vec3){0.5, 0.5, 1}, (col_vec3){0.5, 0.5, 2}, 0);
	col_vec3 pa = {0.5, 0.5, 0}, pb = {0.5, 0.5, 1};
	expect_apart("segment above a triangle", &t, &s, 1, 1e-12, &pa, &pb);
	s = capsule((col_vec3){1, -1, 0}, (col_vec3){1, 0, 0}, 0);
	expect_meet("segment in the plane ending on an edge", &t, &s);
	s = capsule((col_vec3){2, 0, -1}, (col_vec3){2, 0, 1}, 0);
	expect_meet("segment through a corner", &t, &s);
	s = capsule((col_vec3){1, -1, 0}, (col_vec3){1, -0x1p-40, 0}, 0);
	expect_apart("segment in the plane, just short", &t, &s, 0x1p-40, 1e-20, NULL, NULL);
	s = capsule((col_vec3){1.5, 1.5, 0}, (col_vec3){2, 1, 0}, 0);
	expect_apart("segment in the plane beside the long edge", &t, &s, sqrt(0.5), 1e-12, NULL, NULL);
	s = capsule((col_vec3){-1, 1, 1}, (col_vec3){3, 1, -1}, 0); /* crosses the plane at (1, 1, 0) */
	expect_meet("segment through the long edge", &t, &s);
	s = capsule((col_vec3){-1, 1.5, 1}, (col_vec3){3, 1.5, -1}, 0); /* crosses at (1, 1.5, 0) */
	col_oracle_result r = col_shape_oracle(&t, &s);
	assert_false(r.intersect);
	assert_true(r.certain);
}

static void test_points_on_boundaries(void **state)
{
	(void)state;
	col_shape b = box((col_vec3){1, 1, 1}, col_transform3_identity());
	const col_vec3 on[] = {{1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {-1, 0.5, -0.25}, {0, 0, 0}};
	for (size_t i = 0; i < sizeof on / sizeof *on; i++) {
		col_shape p = sphere(on[i], 0);
		expect_meet("point on or in a box", &b, &p);
	}
	col_shape p = sphere((col_vec3){1 + 0x1p-52, 0, 0}, 0);
	expect_apart("point just off a face", &b, &p, 0x1p-52, 1e-30, NULL, NULL);
	col_shape t = triangle((col_vec3){0, 0, 0}, (col_vec3){2, 0, 0}, (col_vec3){0, 2, 0});
	p = sphere((col_vec3){0.5, 0.5, 0}, 0);
	expect_meet("point on a triangle", &t, &p);
	p = sphere((col_vec3){1, 1, 0}, 0);
	expect_meet("point on a triangle's edge", &t, &p);
	p = sphere((col_vec3){0.5, 0.5, 0x1p-60}, 0);
	expect_apart("point just above a triangle", &t, &p, 0x1p-60, 1e-30, NULL, NULL);
	col_shape s = capsule((col_vec3){0, 0, 0}, (col_vec3){4, 4, 4}, 0);
	p = sphere((col_vec3){1, 1, 1}, 0);
	expect_meet("point on a segment", &s, &p);
	p = sphere((col_vec3){1, 1, nextafter(1.0, 2.0)}, 0);
	col_oracle_result r = col_shape_oracle(&s, &p);
	assert_false(r.intersect);
	assert_true(r.certain);
	/* A tetrahedron as a point set: inside, on a face, outside by an ulp. */
	const col_vec3 tet[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	const col_vec3 inside = {0.125, 0.25, 0.125}, face = {0.25, 0.25, 0.5},
	               off = {0.25, 0.25, 0.5 + 0x1p-53};
	assert_true(col_points_hulls_intersect_exact(tet, 4, &inside, 1));
	assert_true(col_points_hulls_intersect_exact(tet, 4, &face, 1));
	assert_false(col_points_hulls_intersect_exact(tet, 4, &off, 1));
}

/* The distance from p to the cylinder of radius r and half height h about z (body frame). */
static double cylinder_point_distance(double r, double h, col_vec3 p)
{
	double dr = fmax(hypot(p.x, p.y) - r, 0.0), dz = fmax(fabs(p.z) - h, 0.0);
	return hypot(dr, dz);
}

/* The distance from p to the cone (base disc radius r at z = -h, apex at +h): a solid of revolution,
 * so the distance in its meridian half-plane (rho, z) to the triangle (0, -h), (r, -h), (0, h). */
static double cone_point_distance(double r, double h, col_vec3 p)
{
	col_triangle t = {{0, -h, 0}, {r, -h, 0}, {0, h, 0}};
	col_vec3 q = {hypot(p.x, p.y), p.z, 0};
	return col_vec3_distance(q, col_triangle_closest_point(t, q));
}

/* On a curved surface the distance is flat along the surface, so a witness there is only as exact as
 * the square root of the interval's width: check it to 1e-5. */
static void expect_near_witness(const char *what, const col_shape *curved, const col_shape *other,
                                col_vec3 expected)
{
	col_oracle_result r = col_shape_oracle(curved, other);
	if (col_vec3_distance(r.point_a, expected) > 1e-5) {
		print_result(what, r);
		fail_msg("%s: the witness on the curved shape is off (expected (%g, %g, %g))", what,
		         expected.x, expected.y, expected.z);
	}
}

static void test_cylinders(void **state)
{
	(void)state;
	col_shape c = cylinder(1, 1, col_transform3_identity());
	col_shape b = box((col_vec3){1, 1, 1}, moved(3, 0, 0));
	expect_apart("cylinder beside a box", &c, &b, 1, 1e-10, NULL, NULL);
	b.pose = moved(1.5, 0, 0);
	expect_meet("cylinder into a box", &c, &b);
	/* Lying along x (a quarter turn about y), under a box. */
	c.pose = pose((col_vec3){0, 0, 0}, about(0, 1, 0, COL_PI / 2));
	b.pose = moved(0, 0, 3);
	expect_apart("lying cylinder under a box", &c, &b, 1, 1e-10, NULL, NULL);
	/* Points near the rim, at angles between the inscribed polygon's corners. */
	c.pose = col_transform3_identity();
	for (int i = 0; i < 8; i++) {
		double angle = 0.3 + 0.77 * i;
		col_vec3 q = {2 * cos(angle), 2 * sin(angle), 2};
		col_shape p = sphere(q, 0);
		col_vec3 rim = {cos(angle), sin(angle), 1};
		expect_apart("point beyond a rim", &c, &p, sqrt(2.0), 1e-10, NULL, &q);
		expect_near_witness("point beyond a rim", &c, &p, rim);
		p.radius = 0.25;
		expect_apart("sphere beyond a rim", &c, &p, sqrt(2.0) - 0.25, 1e-10, NULL, NULL);
	}
	/* A turned, moved cylinder against a point: by formula in its frame. */
	c.pose = pose((col_vec3){0.3, -0.2, 0.1}, about(1, 2, 3, 0.9));
	col_vec3 q = {2.1, 1.3, -0.4};
	col_shape p = sphere(q, 0);
	double d = cylinder_point_distance(1, 1, col_transform3_apply_inverse(c.pose, q));
	expect_apart("turned cylinder and a point", &c, &p, d, 1e-10, NULL, &q);
	/* Two cylinders side by side, parallel axes 2.5 apart. */
	col_shape c2 = cylinder(1, 1, moved(2.5, 0, 0.5));
	c.pose = col_transform3_identity();
	expect_apart("parallel cylinders", &c, &c2, 0.5, 1e-10, NULL, NULL);
	c2.pose = moved(1.5, 0.3, 0.5);
	expect_meet("overlapping cylinders", &c, &c2);
	/* A box face 1e-6 into and 1e-6 off a turned cylinder's side (between the first polygon's
	 * corners): the refined corners around the contact must decide both, for certain. */
	c.pose = pose((col_vec3){0, 0, 0}, about(0, 0, 1, 0.3));
	col_shape face = box((col_vec3){1, 1, 1}, moved(2 - 1e-6, 0.2, 0.1));
	expect_meet("box face 1e-6 into a cylinder", &c, &face);
	face.pose = moved(2 + 1e-6, 0.2, 0.1);
	expect_apart("box face 1e-6 off a cylinder", &c, &face, 1e-6, 1e-10, NULL, NULL);
	col_shape k = cone(1, 1, pose((col_vec3){0, 0, 0}, about(0, 0, 1, 0.3)));
	face.pose = moved(2 - 1e-6, 0.2, -1);
	expect_meet("box face 1e-6 into a cone's rim", &k, &face);
	/* A rounded cylinder (radius 0.5) by a point 2 from the side. */
	col_shape rounded = cylinder(1, 1, col_transform3_identity());
	rounded.radius = 0.5;
	p = sphere((col_vec3){0, 3, 0.5}, 0);
	expect_apart("rounded cylinder", &rounded, &p, 1.5, 1e-10, NULL, NULL);
}

static void test_cones(void **state)
{
	(void)state;
	col_shape k = cone(1, 1, col_transform3_identity());
	col_shape slab = box((col_vec3){5, 5, 0.5}, moved(0, 0, -1.75));
	expect_apart("cone standing on a slab", &k, &slab, 0.25, 1e-10, NULL, NULL);
	slab.pose = moved(0, 0, -1.4);
	expect_meet("cone sunk into a slab", &k, &slab);
	/* Upside down: the apex is nearest. */
	k.pose = pose((col_vec3){0, 0, 0}, about(1, 0, 0, COL_PI));
	slab.pose = moved(0, 0, -1.75);
	expect_apart("cone on its apex", &k, &slab, 0.25, 1e-10, NULL, NULL);
	expect_near_witness("cone on its apex", &k, &slab, (col_vec3){0, 0, -1});
	/* Tilted by alpha about y: the base rim's lowest point is at -cos(alpha) - sin(alpha). */
	double alpha = 0.6;
	k.pose = pose((col_vec3){0, 0, 0}, about(0, 1, 0, alpha));
	slab.pose = moved(0, 0, -cos(alpha) - sin(alpha) - 0.5 - 0.3);
	expect_apart("tilted cone over a slab", &k, &slab, 0.3, 1e-10, NULL, NULL);
	/* Points around the side: by formula in the meridian plane. */
	k.pose = col_transform3_identity();
	for (int i = 0; i < 6; i++) {
		double angle = 0.7 + 1.1 * i;
		col_vec3 q = {1.5 * cos(angle), 1.5 * sin(angle), 0};
		col_shape p = sphere(q, 0);
		expect_apart("point beside a cone", &k, &p, 2 / sqrt(5.0), 1e-10, NULL, &q);
	}
	col_shape p = sphere((col_vec3){0, 0, 0}, 0);
	expect_meet("point inside a cone", &k, &p);
}

static void test_polygons_2d(void **state)
{
	(void)state;
	const col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_shape s = polygon2(square, 4, col_transform3_identity());
	col_shape c = circle2((col_vec2){3, 0}, 2);
	expect_meet("circle touching a polygon's edge", &s, &c);
	c.radius = 1.5;
	col_vec3 pa = {1, 0, 0}, pb = {1.5, 0, 0};
	expect_apart("circle beside a polygon", &s, &c, 0.5, 1e-12, &pa, &pb);
	c = circle2((col_vec2){2, 2}, 1);
	pa = (col_vec3){1, 1, 0};
	expect_apart("circle off a corner", &s, &c, sqrt(2.0) - 1, 1e-12, &pa, NULL);
	/* Turned by 45 degrees about z (a 2D pose): its corner reaches sqrt(2) along x. */
	s.pose = pose((col_vec3){0, 0, 0}, about(0, 0, 1, COL_PI / 4));
	c = circle2((col_vec2){3, 0}, 1);
	expect_apart("circle off a turned polygon's corner", &s, &c, 2 - sqrt(2.0), 1e-12, NULL, NULL);
	/* Polygon against polygon: touching at a corner, along an edge, apart, overlapping. */
	const col_vec2 unit[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
	const col_vec2 corner[3] = {{1, 1}, {2, 1.5}, {1.5, 2}};
	const col_vec2 beside[4] = {{1, 0.25}, {2, 0.25}, {2, 0.75}, {1, 0.75}};
	const col_vec2 apart[3] = {{1 + 0x1p-50, 0}, {2, 0}, {2, 1}};
	const col_vec2 across[3] = {{0.5, 0.5}, {3, 0}, {3, 1}};
	col_shape u = polygon2(unit, 4, col_transform3_identity());
	col_shape v = polygon2(corner, 3, col_transform3_identity());
	expect_meet("polygons touching at a corner", &u, &v);
	v = polygon2(beside, 4, col_transform3_identity());
	expect_meet("polygons touching along an edge", &u, &v);
	v = polygon2(apart, 3, col_transform3_identity());
	expect_apart("polygons an ulp apart", &u, &v, 0x1p-50, 1e-25, NULL, NULL);
	v = polygon2(across, 3, col_transform3_identity());
	expect_meet("polygons overlapping", &u, &v);
	/* A 2D polygon against a 3D box standing on its plane, and one floating above. */
	col_shape b = box((col_vec3){0.5, 0.5, 0.5}, moved(0.5, 0.5, 0.5));
	expect_meet("box standing on a polygon", &u, &b);
	b.pose = moved(0.5, 0.5, 1.25);
	expect_apart("box above a polygon", &u, &b, 0.75, 1e-12, NULL, NULL);
}

/* Every pair of kinds with a known answer: each canonical shape below has its extreme points along
 * +x and -x on the x axis, at +extent and -extent (dyadic numbers). A turn about x keeps every x
 * coordinate exactly (col_quat_apply adds nothing to x then), so with a at the origin and b moved by
 * extent_a + extent_b + gap along x, the distance is exactly max(gap, 0): x separates them, and the
 * two extreme points on the axis are a pair at that distance. */
enum { CANONICAL_KINDS = 13 };

typedef struct canonical {
	col_shape shape;
	double extent;   /* the extreme points are (+-extent, 0, 0) */
	bool point_core; /* a sphere or circle: exact against any polyhedral core */
	bool polyhedral; /* its core is a polytope (exact decisions) */
	const char *name;
} canonical;

static canonical canonical_shape(int kind, double turn, double shift, const col_convex *cube)
{
	static const col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_quat q = about(1, 0, 0, turn);
	canonical c = {shape_of(COL_SHAPE_POINT), 1.0, false, true, ""};
	col_vec3 body_offset = {0, 0, 0};
	switch (kind) {
	case 0: c = (canonical){sphere((col_vec3){0, 0, 0}, 0), 0.0, true, true, "point"}; break;
	case 1: c = (canonical){sphere((col_vec3){0, 0, 0}, 0.75), 0.75, true, true, "sphere"}; break;
	case 2:
		c = (canonical){capsule((col_vec3){-1, 0, 0}, (col_vec3){1, 0, 0}, 0), 1, false, true,
		                "segment"};
		break;
	case 3:
		c = (canonical){capsule((col_vec3){-0.5, 0, 0}, (col_vec3){0.5, 0, 0}, 0.5), 1, false, true,
		                "capsule"};
		break;
	case 4:
		c = (canonical){triangle((col_vec3){1, 0, 0}, (col_vec3){-1, 1, 0}, (col_vec3){-1, -1, 0}), 1,
		                false, true, "triangle"};
		break;
	case 5:
		c = (canonical){box((col_vec3){1, 0.5, 0.25}, col_transform3_identity()), 1, false, true,
		                "box"};
		break;
	case 6:
		c = (canonical){box((col_vec3){1, 0.5, 0.25}, col_transform3_identity()), 1.25, false, true,
		                "rounded box"};
		c.shape.radius = 0.25;
		break;
	case 7:
		c = (canonical){cylinder(1, 0.5, col_transform3_identity()), 1, false, false, "cylinder"};
		break;
	case 8: /* the base rim at z = 0: its points (+-1, 0, 0) are the extremes */
		c = (canonical){cone(1, 0.5, col_transform3_identity()), 1, false, false, "cone"};
		body_offset.z = 0.5;
		break;
	case 9:
		c = (canonical){polygon2(square, 4, col_transform3_identity()), 1, false, true, "polygon"};
		q = col_quat_identity(); /* 2D shapes turn about z only */
		break;
	case 10:
		c = (canonical){circle2((col_vec2){0, 0}, 1), 1, true, true, "circle"};
		q = col_quat_identity();
		break;
	case 11:
		c = (canonical){capsule((col_vec3){0, 0, -2}, (col_vec3){0, 0, 2}, 0.5), 0.5, false, true,
		                "capsule across"};
		break;
	default:
		c = (canonical){box((col_vec3){1, 1, 1}, col_transform3_identity()), 1, false, true,
		                "polytope"};
		if (cube) {
			c.shape = shape_of(COL_SHAPE_CONVEX);
			c.shape.core.convex = cube;
		}
		break;
	}
	c.shape.pose = pose(col_vec3_add(col_quat_apply(q, body_offset), (col_vec3){shift, 0, 0}), q);
	return c;
}

/* The cone's extremes along x are on its base rim, so the x axis runs across its base: a point or
 * segment on that axis only touches it. */
static bool on_cone_base(int i, int j)
{
	return (i == 8 && (j == 0 || j == 2)) || (j == 8 && (i == 0 || i == 2));
}

static void test_every_pair_of_kinds(void **state)
{
	(void)state;
	const col_convex *cube = NULL;
#ifdef HAVE_CONVEX
	const col_vec3 v[8] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
	                       {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};
	const int faces[24] = {0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4, 1, 2, 6, 5, 2, 3, 7, 6, 3, 0, 4, 7};
	const int sizes[6] = {4, 4, 4, 4, 4, 4};
	col_convex *made = NULL;
	col_error error;
	check_ok(col_convex_create(v, 8, faces, sizes, 6, &made, &error), &error);
	cube = made;
#endif
	const double gaps[3] = {0.5, 0.0, -0.125};
	for (int i = 0; i < CANONICAL_KINDS; i++) {
		for (int j = 0; j < CANONICAL_KINDS; j++) {
			for (int g = 0; g < 3; g++) {
				canonical a = canonical_shape(i, 0.3 + 0.4 * j, 0, cube);
				canonical b0 = canonical_shape(j, 0, 0, cube);
				canonical b =
				    canonical_shape(j, 1.1 + 0.5 * i, a.extent + b0.extent + gaps[g], cube);
				char what[96];
				snprintf(what, sizeof what, "%s then %s, gap %g", a.name, b.name, gaps[g]);
				double tolerance = a.polyhedral && b.polyhedral ? 1e-12 : 1e-10;
				if (gaps[g] > 0.0) {
					col_vec3 pa = {a.extent, 0, 0}, pb = {a.extent + gaps[g], 0, 0};
					/* The nearest pair is unique when a's +x extreme set or b's -x one is
					 * a single point (not a face, edge or generator); check witnesses
					 * then, on polyhedral cores (curved ones place them to about 1e-5
					 * only). */
					bool unique = a.polyhedral && b.polyhedral &&
					              (i <= 4 || i == 10 || j <= 3 || j == 10);
					expect_apart(what, &a.shape, &b.shape, gaps[g], tolerance,
					             unique ? &pa : NULL, unique ? &pb : NULL);
				} else if (gaps[g] < 0.0 && i == 0 &&
				           j == 0) { /* two points do not overlap */
					expect_apart(what, &a.shape, &b.shape, -gaps[g], tolerance, NULL,
					             NULL);
				} else if (gaps[g] < 0.0 &&
				           !on_cone_base(i, j)) { /* every shape holds its axis segment */
					expect_meet(what, &a.shape, &b.shape);
				} else if (gaps[g] == 0.0 && a.polyhedral && b.polyhedral &&
				           ((a.shape.radius == 0 && b.shape.radius == 0) || a.point_core ||
				            b.point_core)) {
					expect_meet(what, &a.shape, &b.shape);
				} else { /* touching curved or rounded: maybe uncertain, never certain and
					    wrong */
					col_oracle_result r = col_shape_oracle(&a.shape, &b.shape);
					if ((!r.intersect && r.certain) || r.distance_lo != 0.0 ||
					    r.distance_hi > tolerance) {
						print_result(what, r);
						fail_msg("%s: touching shapes", what);
					}
				}
			}
		}
	}
#ifdef HAVE_CONVEX
	col_convex_destroy(made);
#endif
}

/* Touching by construction, exactly, on planes and lines that are not coordinate planes. */
static void test_exact_touching(void **state)
{
	(void)state;
	/* A vertex of b exactly on the face x + y + z = 1 of a; then an ulp beyond it. */
	const col_vec3 tet[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	col_vec3 b[4] = {{0.25, 0.25, 0.5}, {1, 1, 1}, {2, 1, 1}, {1, 2, 1}};
	assert_true(col_points_hulls_intersect_exact(tet, 4, b, 4));
	b[0].z = nextafter(0.5, 1.0);
	assert_false(col_points_hulls_intersect_exact(tet, 4, b, 4));
	assert_true(col_points_hulls_oracle(tet, 4, b, 4).certain);
	/* Two skew edges crossing at (1, 1, 0): a lies below z = 0, b above; then b lifted by 2^-50. */
	const col_vec3 a2[4] = {{0, 0, 0}, {2, 2, 0}, {1, 0, -1}, {0, 1, -1}};
	col_vec3 b2[4] = {{0, 2, 0}, {2, 0, 0}, {1, 1, 1}, {0.5, 0.5, 2}};
	assert_true(col_points_hulls_intersect_exact(a2, 4, b2, 4));
	for (int i = 0; i < 4; i++)
		b2[i].z += 0x1p-50;
	assert_false(col_points_hulls_intersect_exact(a2, 4, b2, 4));
	/* The same crossing as shapes: two triangles. */
	col_shape t1 = triangle(a2[0], a2[1], a2[2]);
	col_shape t2 = triangle((col_vec3){0, 2, 0}, (col_vec3){2, 0, 0}, (col_vec3){1, 1, 1});
	expect_meet("triangles touching edge on edge", &t1, &t2);
	/* Coplanar triangles sharing only a corner, in a tilted plane x + 2y + 3z = 6 (integer points). */
	col_shape t3 = triangle((col_vec3){6, 0, 0}, (col_vec3){0, 3, 0}, (col_vec3){0, 0, 2});
	col_shape t4 = triangle((col_vec3){6, 0, 0}, (col_vec3){12, 0, -2}, (col_vec3){9, 3, -3});
	expect_meet("coplanar triangles sharing a corner", &t3, &t4);
	/* A box resting on another, turned about the vertical: face on face (exact: the turn leaves z). */
	col_shape lower = box((col_vec3){1, 1, 1}, col_transform3_identity());
	col_shape upper = box((col_vec3){0.5, 0.5, 0.5}, moved(0.25, 0.25, 1.5));
	expect_meet("box resting on a box", &lower, &upper);
}

static void test_degenerate(void **state)
{
	(void)state;
	/* Identical shapes meet. */
	col_shape b = box((col_vec3){1, 2, 3}, pose((col_vec3){1, 2, 3}, about(1, 1, 0, 0.4)));
	expect_meet("box and itself", &b, &b);
	col_shape c = cylinder(1, 2, pose((col_vec3){1, 2, 3}, about(1, 1, 0, 0.4)));
	expect_meet("cylinder and itself", &c, &c);
	col_shape k = cone(1, 2, pose((col_vec3){-1, 2, 3}, about(0, 1, 1, 2.4)));
	expect_meet("cone and itself", &k, &k);
	col_shape t = triangle((col_vec3){0.1, 0.2, 0.3}, (col_vec3){1.1, 0.7, 0.3}, (col_vec3){0.3, 2, 1});
	expect_meet("triangle and itself", &t, &t);
	col_shape s = capsule((col_vec3){0.1, 0.2, 0.3}, (col_vec3){1.1, 0.7, 0.3}, 0);
	expect_meet("segment and itself", &s, &s);
	/* Coincident vertices: a "tetrahedron" that is a triangle, a segment, a point. */
	const col_vec3 flat[4] = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 0, 0}};
	const col_vec3 line[4] = {{0, 0, 0}, {1, 1, 1}, {1, 1, 1}, {0, 0, 0}};
	const col_vec3 dot[3] = {{3, 3, 3}, {3, 3, 3}, {3, 3, 3}};
	const col_vec3 above = {0.5, 0.5, 2};
	assert_true(fabs(col_points_hulls_distance(flat, 4, &above, 1, NULL, NULL) - 2) < 1e-12);
	assert_true(fabs(col_points_hulls_distance(line, 4, dot, 3, NULL, NULL) - sqrt(12.0)) < 1e-12);
	assert_true(col_points_hulls_intersect_exact(dot, 3, dot, 1));
	/* A box with a zero extent is a rectangle; with all zero, a point. */
	col_shape rect = box((col_vec3){1, 1, 0}, col_transform3_identity());
	col_shape p = sphere((col_vec3){0.5, 0.5, 2}, 0);
	col_vec3 pa = {0.5, 0.5, 0};
	expect_apart("flat box and a point above", &rect, &p, 2, 1e-12, &pa, NULL);
	col_shape lying = box((col_vec3){0.5, 0.5, 0.5}, moved(0, 0, 0.5));
	expect_meet("box standing on a flat box", &rect, &lying);
	col_shape dot_box = box((col_vec3){0, 0, 0}, moved(1, 0, 0));
	col_shape unit_sphere = sphere((col_vec3){0, 0, 0}, 1);
	expect_meet("box of size 0 on a sphere", &dot_box, &unit_sphere);
	dot_box.pose = moved(1.5, 0, 0);
	expect_apart("box of size 0 beside a sphere", &dot_box, &unit_sphere, 0.5, 1e-12, NULL, NULL);
	/* Radius 0 cylinder and cone: their axes; height 0: a disc. */
	col_shape needle = cylinder(0, 1, col_transform3_identity());
	p = sphere((col_vec3){1, 0, 0.5}, 0);
	expect_apart("cylinder of radius 0", &needle, &p, 1, 1e-12, NULL, NULL);
	col_shape disc = cylinder(1, 0, col_transform3_identity());
	p = sphere((col_vec3){0.3, 0.2, 2}, 0);
	expect_apart("disc and a point above", &disc, &p, 2, 1e-10, NULL, NULL);
	col_shape flat_cone = cone(1, 0, col_transform3_identity());
	expect_apart("flat cone and a point above", &flat_cone, &p, 2, 1e-10, NULL, NULL);
	/* A disc through a box: flat, so no polytope fits inside it with a margin; the answer may be
	 * uncertain, but not certain and wrong. */
	col_shape cube = box((col_vec3){0.5, 0.5, 0.5}, col_transform3_identity());
	col_oracle_result r = col_shape_oracle(&disc, &cube);
	assert_true(r.intersect || !r.certain);
	/* Nowhere. */
	col_shape bad = b;
	bad.pose.translation.x = NAN;
	expect_nowhere("NaN translation", &bad, &b);
	bad = b;
	bad.pose.rotation.w = INFINITY;
	expect_nowhere("infinite rotation", &bad, &b);
	bad = unit_sphere;
	bad.radius = -1;
	expect_nowhere("negative radius", &bad, &b);
	bad.radius = NAN;
	expect_nowhere("NaN radius", &bad, &b);
	bad = box((col_vec3){1, -1, 1}, col_transform3_identity());
	expect_nowhere("negative extent", &bad, &b);
	bad = cylinder(NAN, 1, col_transform3_identity());
	expect_nowhere("NaN cylinder", &bad, &b);
	bad = polygon2(NULL, 3, col_transform3_identity());
	expect_nowhere("polygon without points", &bad, &b);
	bad = shape_of(COL_SHAPE_CONVEX);
	expect_nowhere("NULL polytope", &bad, &b);
	bad = triangle((col_vec3){0, 0, 0}, (col_vec3){1, NAN, 0}, (col_vec3){0, 1, 0});
	expect_nowhere("NaN vertex", &bad, &b);
	bad = box((col_vec3){1e308, 1e308, 1e308}, moved(1e308, 0, 0));
	expect_nowhere("overflowing world coordinates", &bad, &b);
	bad = shape_of(COL_SHAPE_KIND_COUNT);
	expect_nowhere("unknown kind", &bad, &b);
	col_oracle_result none = col_shape_oracle(NULL, &b);
	assert_true(none.distance == INFINITY && !none.intersect);
	assert_false(col_points_hulls_intersect_exact(NULL, 1, dot, 1));
	assert_false(col_points_hulls_intersect_exact(dot, 0, dot, 1));
	assert_true(col_points_hulls_distance(dot, 1, NULL, 3, NULL, NULL) == INFINITY);
}

#ifdef HAVE_CONVEX
/* Polytopes built by col_convex_create answer as the same sets given otherwise. */
static void test_convex_polytopes(void **state)
{
	(void)state;
	const col_vec3 cube_vertices[8] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
	                                   {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};
	const int cube_faces[24] = {0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4, 1, 2, 6, 5, 2, 3, 7, 6, 3, 0, 4, 7};
	const int cube_sizes[6] = {4, 4, 4, 4, 4, 4};
	const col_vec3 tet_vertices[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	const int tet_faces[12] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
	const int tet_sizes[4] = {3, 3, 3, 3};
	col_convex *cube_polytope = NULL, *tet_polytope = NULL;
	col_error error;
	check_ok(col_convex_create(cube_vertices, 8, cube_faces, cube_sizes, 6, &cube_polytope, &error),
	         &error);
	check_ok(col_convex_create(tet_vertices, 4, tet_faces, tet_sizes, 4, &tet_polytope, &error), &error);
	col_shape cube = shape_of(COL_SHAPE_CONVEX), tet = shape_of(COL_SHAPE_CONVEX);
	cube.core.convex = cube_polytope;
	tet.core.convex = tet_polytope;
	col_shape same_cube = box((col_vec3){1, 1, 1}, col_transform3_identity());
	rng r = rng_make(rng_env_seed(0xC0FFEE));
	for (int i = 0; i < 200; i++) {
		col_transform3 where;
		where.translation = rng_vec3(&r, -3, 3);
		where.rotation.x = rng_in(&r, -1, 1);
		where.rotation.y = rng_in(&r, -1, 1);
		where.rotation.z = rng_in(&r, -1, 1);
		where.rotation.w = rng_in(&r, -1, 1);
		where.rotation = col_quat_normalize(where.rotation);
		cube.pose = same_cube.pose = rng_coin(&r) ? where : col_transform3_identity();
		tet.pose = pose(rng_vec3(&r, -3, 3), where.rotation);
		col_vec3 moved_tet[4];
		for (int j = 0; j < 4; j++)
			moved_tet[j] = col_transform3_apply(tet.pose, tet_vertices[j]);
		col_oracle_result a = col_shape_oracle(&cube, &tet), b = col_shape_oracle(&same_cube, &tet);
		col_vec3 moved_cube[8];
		for (int j = 0; j < 8; j++)
			moved_cube[j] = col_transform3_apply(cube.pose, cube_vertices[j]);
		col_oracle_result c = col_points_hulls_oracle(moved_cube, 8, moved_tet, 4);
		if (a.intersect != b.intersect || a.intersect != c.intersect ||
		    fabs(a.distance - b.distance) > 1e-12 || fabs(a.distance - c.distance) > 1e-12)
			FAIL_CASE(&r, i, "the polytope cube and the box disagree: %.17g %.17g %.17g",
			          a.distance, b.distance, c.distance);
	}
	/* Exactly touching: the tetrahedron's corner on the cube's face. */
	cube.pose = col_transform3_identity();
	tet.pose = moved(1, 0, 0);
	expect_meet("polytope corner on a polytope face", &cube, &tet);
	tet.pose = moved(nextafter(1.0, 2.0), 0, 0);
	col_oracle_result apart = col_shape_oracle(&cube, &tet);
	assert_false(apart.intersect);
	assert_true(apart.certain);
	/* A rounded polytope: the cube swept by 0.5, against a sphere touching its face exactly. */
	cube.radius = 0.5;
	col_shape s = sphere((col_vec3){2, 0.25, 0.25}, 0.5);
	expect_meet("rounded polytope touching a sphere", &cube, &s);
	col_convex_destroy(cube_polytope);
	col_convex_destroy(tet_polytope);
}
#endif

/* ---- random checks ---- */

/* Draws happen one statement after another: C leaves the order of a call's arguments open, and a
 * seed must replay the same cases everywhere. */
static col_quat random_rotation(rng *r)
{
	col_quat q;
	q.x = rng_in(r, -1, 1);
	q.y = rng_in(r, -1, 1);
	q.z = rng_in(r, -1, 1);
	q.w = rng_in(r, -1, 1);
	return col_quat_normalize(q);
}

static col_transform3 random_pose(rng *r, double spread)
{
	col_transform3 t;
	t.translation = rng_vec3(r, -spread, spread);
	t.rotation = random_rotation(r);
	return t;
}

/* Random 4-point sets on a small integer grid (full of coincident, collinear, coplanar and touching
 * configurations), some nudged by an ulp, against col_tetrahedra_intersect (exact, and it takes a
 * flat tetrahedron as the hull of its vertices). */
static col_vec3 grid_point(rng *r, int mode)
{
	col_vec3 p;
	p.x = rng_int(r, -2, 2);
	p.y = rng_int(r, -2, 2);
	p.z = rng_int(r, -2, 2);
	if (mode == 1)
		p.z = 0; /* all in one plane */
	else if (mode == 2)
		p.y = p.z = 0; /* all on one line */
	else if (mode == 3)
		p.z = p.x + p.y;     /* one tilted plane */
	if (rng_int(r, 0, 7) == 0) { /* an ulp off (a zero moves to +-2^-60: subnormals are out of range) */
		double *c = rng_coin(r) ? &p.x : rng_coin(r) ? &p.y : &p.z;
		bool up = rng_coin(r);
		*c = *c == 0.0 ? (up ? 0x1p-60 : -0x1p-60) : nextafter(*c, up ? INFINITY : -INFINITY);
	}
	return p;
}

static void test_random_grid_sets(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EED0001));
	int meetings = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		int mode = rng_int(&r, 0, 3);
		col_vec3 a[4], b[4];
		for (int j = 0; j < 4; j++)
			a[j] = grid_point(&r, mode);
		for (int j = 0; j < 4; j++)
			b[j] = grid_point(&r, mode);
		if (rng_coin(&r)) { /* a power of two keeps every relation exact: try the range's ends */
			double scale = ldexp(1.0, rng_int(&r, -35, 35));
			for (int j = 0; j < 4; j++) {
				a[j] = col_vec3_scale(a[j], scale);
				b[j] = col_vec3_scale(b[j], scale);
			}
		}
		bool expected = col_tetrahedra_intersect(a, b);
		bool got = col_points_hulls_intersect_exact(a, 4, b, 4);
		meetings += expected;
		if (got != expected)
			FAIL_CASE(&r, i, "grid sets (mode %d): oracle %d, col_tetrahedra_intersect %d", mode,
			          got, expected);
		if (!expected) {
			col_oracle_result o = col_points_hulls_oracle(a, 4, b, 4);
			if (o.intersect || !(o.distance_hi > 0.0) || o.distance_lo > o.distance_hi)
				FAIL_CASE(&r, i, "grid sets apart but the distance is [%g, %g]",
				          o.distance_lo, o.distance_hi);
		}
	}
	/* Both answers must be common for the check to mean anything. */
	assert_true(meetings > COLLIDE_RANDOM_CASES / 10 && meetings < COLLIDE_RANDOM_CASES * 9 / 10);
}

/* Axis-aligned boxes: they meet iff their intervals overlap on every axis, and their distance is the
 * length of the vector of gaps. */
static void test_random_aabb(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EED0002));
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 10; i++) {
		col_vec3 ha = rng_vec3(&r, 0, 2), hb = rng_vec3(&r, 0, 2), ca = rng_vec3(&r, -3, 3),
		         cb = rng_vec3(&r, -3, 3);
		if (rng_int(&r, 0, 3) == 0) /* make some touch: b's x interval starts where a's ends */
			cb.x = (ca.x + ha.x) + hb.x;
		col_shape a = box(ha, moved(ca.x, ca.y, ca.z)), b = box(hb, moved(cb.x, cb.y, cb.z));
		/* The boxes' world corners are c +- h rounded: the truth is on those. */
		double gap2 = 0.0;
		bool overlap = true;
		for (int axis = 0; axis < 3; axis++) {
			double alo = col_vec3_component(ca, axis) - col_vec3_component(ha, axis);
			double ahi = col_vec3_component(ca, axis) + col_vec3_component(ha, axis);
			double blo = col_vec3_component(cb, axis) - col_vec3_component(hb, axis);
			double bhi = col_vec3_component(cb, axis) + col_vec3_component(hb, axis);
			double gap = fmax(blo - ahi, alo - bhi);
			if (gap > 0.0) {
				overlap = false;
				gap2 += gap * gap;
			}
		}
		col_oracle_result o = col_shape_oracle(&a, &b);
		double d = sqrt(gap2);
		if (o.intersect != overlap || !o.certain ||
		    (!overlap && (fabs(o.distance - d) > 1e-12 || o.distance_lo > d || d > o.distance_hi)))
			FAIL_CASE(&r, i, "boxes: oracle %d %.17g, formula %d %.17g", o.intersect, o.distance,
			          overlap, d);
	}
}

/* A random shape of any kind (curved ones rarely: they are slow), placed at random. */
static col_shape random_shape(rng *r, col_vec2 polygon[8])
{
	col_transform3 where = random_pose(r, 1);
	col_shape s;
	int kind = rng_int(r, 0, 99);
	if (kind < 12) {
		col_vec3 c = rng_vec3(r, -1, 1);
		s = sphere(c, rng_coin(r) ? 0 : rng_in(r, 0, 1));
		s.pose = where;
	} else if (kind < 27) {
		col_vec3 a = rng_vec3(r, -1, 1), b = rng_vec3(r, -1, 1);
		s = capsule(a, b, rng_coin(r) ? 0 : rng_in(r, 0, 0.5));
		s.pose = where;
	} else if (kind < 42) {
		col_vec3 a = rng_vec3(r, -1, 1), b = rng_vec3(r, -1, 1), c = rng_vec3(r, -1, 1);
		s = triangle(a, b, c);
		s.radius = rng_coin(r) ? 0 : rng_in(r, 0, 0.3);
		s.pose = where;
	} else if (kind < 72) {
		s = box(rng_vec3(r, 0, 1), where);
		s.radius = rng_int(r, 0, 3) ? 0 : rng_in(r, 0, 0.3);
	} else if (kind < 94) { /* a 2D shape: a polygon (a regular one, squeezed) or a circle */
		if (rng_coin(r)) {
			int n = rng_int(r, 3, 8);
			double sx = rng_in(r, 0.2, 1.5), sy = rng_in(r, 0.2, 1.5), turn = rng_in(r, 0, 6.3);
			for (int i = 0; i < n; i++)
				polygon[i] = (col_vec2){sx * cos(turn + 2 * COL_PI * i / n),
				                        sy * sin(turn + 2 * COL_PI * i / n)};
			s = polygon2(polygon, n, col_transform3_identity());
		} else {
			double x = rng_in(r, -1, 1), y = rng_in(r, -1, 1);
			s = circle2((col_vec2){x, y}, rng_in(r, 0, 1));
		}
		double x = rng_in(r, -1, 1), y = rng_in(r, -1, 1), angle = rng_in(r, 0, 6.3);
		s.pose = pose((col_vec3){x, y, 0}, about(0, 0, 1, angle));
	} else {
		double radius = rng_in(r, 0.1, 1), half_height = rng_in(r, 0.1, 1);
		s = kind < 97 ? cylinder(radius, half_height, where) : cone(radius, half_height, where);
	}
	return s;
}

/* d(a, b) = d(b, a): the same answer, distance and bounds in both orders (the witnesses need not
 * be unique, so they are not compared). */
static void test_random_symmetry(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EED0003));
	int meetings = 0, uncertain = 0, cases = COLLIDE_RANDOM_CASES / 10;
	for (int i = 0; i < cases; i++) {
		col_vec2 pa[8], pb[8];
		col_shape a = random_shape(&r, pa), b = random_shape(&r, pb);
		col_oracle_result ab = col_shape_oracle(&a, &b), ba = col_shape_oracle(&b, &a);
		meetings += ab.intersect;
		uncertain += !ab.certain;
		double tolerance =
		    1e-12 + fmax(ab.distance_hi - ab.distance_lo, ba.distance_hi - ba.distance_lo);
		bool ok = ab.intersect == ba.intersect && fabs(ab.distance - ba.distance) <= tolerance &&
		          ab.distance_lo <= ba.distance_hi + 1e-15 &&
		          ba.distance_lo <= ab.distance_hi + 1e-15;
		if (ab.certain && ba.certain && !ab.intersect)
			ok = ok && ab.distance_lo <= ab.distance && ab.distance <= ab.distance_hi;
		if (!ok) {
			print_result("a, b", ab);
			print_result("b, a", ba);
			FAIL_CASE(&r, i, "kinds %d and %d answer differently in the two orders", a.kind,
			          b.kind);
		}
	}
	print_message("symmetry: %d of %d pairs meet, %d uncertain\n", meetings, cases, uncertain);
	assert_true(meetings > cases / 10 && meetings < cases * 9 / 10);
	assert_true(uncertain < cases / 100 + 1);
}

/* The distance from p to a box shape (in its frame), and whether a witness lies in a random
 * polytope: formulas from outside the oracle. */
static double box_point_distance(const col_shape *b, col_vec3 p)
{
	col_vec3 q = col_transform3_apply_inverse(b->pose, p), h = b->core.half_extents;
	double dx = fmax(fabs(q.x) - h.x, 0), dy = fmax(fabs(q.y) - h.y, 0), dz = fmax(fabs(q.z) - h.z, 0);
	return sqrt(dx * dx + dy * dy + dz * dz);
}

/* The distance from p to the tetrahedron t (non-degenerate): 0 inside (exact region code), else the
 * nearest of its faces (col_triangle_closest_point). */
static double tetrahedron_point_distance(const col_vec3 t[4], col_vec3 p)
{
	if (col_tetrahedron_region_code(t[0], t[1], t[2], t[3], p) == 0)
		return 0.0;
	double best = INFINITY;
	for (int skip = 0; skip < 4; skip++) {
		col_vec3 v[3];
		for (int j = 0, k = 0; j < 4; j++) {
			if (j != skip)
				v[k++] = t[j];
		}
		col_triangle face = {v[0], v[1], v[2]};
		best = fmin(best, col_vec3_distance(p, col_triangle_closest_point(face, p)));
	}
	return best;
}

static double segment_point_distance(col_vec3 a, col_vec3 b, col_vec3 p)
{
	col_vec3 d = col_vec3_sub(b, a);
	double t = fmin(1.0, fmax(0.0, col_vec3_dot(col_vec3_sub(p, a), d) / col_vec3_dot(d, d)));
	return col_vec3_distance(p, col_vec3_add(a, col_vec3_scale(d, t)));
}

/* Random polytope pairs (boxes, tetrahedra, triangles, segments, points): the witnesses lie in their
 * sets, |pa - pb| is the distance, and the certified interval is narrow and holds it. */
static void test_random_consistency(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EED0004));
	int apart = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 10; i++) {
		col_vec3 sets[2][8];
		int counts[2];
		col_shape boxes[2];
		bool is_box[2];
		for (int s = 0; s < 2; s++) {
			int kind = rng_int(&r, 0, 4);
			col_vec3 c = rng_vec3(&r, -3, 3);
			is_box[s] = kind == 0;
			if (is_box[s]) {
				col_vec3 half = rng_vec3(&r, 0.05, 1);
				boxes[s] = box(half, pose(c, random_rotation(&r)));
				counts[s] = 8;
				for (int j = 0; j < 8; j++) {
					col_vec3 h = boxes[s].core.half_extents;
					sets[s][j] = col_transform3_apply(
					    boxes[s].pose, (col_vec3){j & 1 ? h.x : -h.x, j & 2 ? h.y : -h.y,
					                              j & 4 ? h.z : -h.z});
				}
			} else {
				counts[s] = kind == 1 ? 4 : kind == 2 ? 3 : kind == 3 ? 2 : 1;
				for (int j = 0; j < counts[s]; j++)
					sets[s][j] = col_vec3_add(c, rng_vec3(&r, -1, 1));
			}
		}
		col_oracle_result o = col_points_hulls_oracle(sets[0], counts[0], sets[1], counts[1]);
		if (!o.certain)
			FAIL_CASE(&r, i, "point sets: uncertain");
		if (o.intersect)
			continue;
		apart++;
		col_vec3 w[2] = {o.point_a, o.point_b};
		double scale = 8.0;
		if (fabs(col_vec3_distance(o.point_a, o.point_b) - o.distance) > 1e-12 * scale ||
		    !(o.distance_lo <= o.distance && o.distance <= o.distance_hi) ||
		    o.distance_hi - o.distance_lo > 1e-11 * scale)
			FAIL_CASE(&r, i, "distance %.17g, witnesses %.17g apart, interval [%.17g, %.17g]",
			          o.distance, col_vec3_distance(o.point_a, o.point_b), o.distance_lo,
			          o.distance_hi);
		for (int s = 0; s < 2; s++) {
			double off;
			if (is_box[s]) {
				off = box_point_distance(&boxes[s], w[s]);
			} else if (counts[s] == 4) {
				off = tetrahedron_point_distance(sets[s], w[s]);
			} else if (counts[s] == 3) {
				col_triangle t = {sets[s][0], sets[s][1], sets[s][2]};
				off = col_vec3_distance(w[s], col_triangle_closest_point(t, w[s]));
			} else if (counts[s] == 2) {
				off = segment_point_distance(sets[s][0], sets[s][1], w[s]);
			} else {
				off = col_vec3_distance(w[s], sets[s][0]);
			}
			if (off > 1e-9)
				FAIL_CASE(&r, i, "witness %d lies %.3g from its set (%d points)", s, off,
				          counts[s]);
		}
	}
	assert_true(apart > COLLIDE_RANDOM_CASES / 100);
}

/* Points and spheres against turned cylinders and cones: the distance by formula in the shape's
 * frame lies in the certified interval. */
static void test_random_curved(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EED0005));
	int cases = COLLIDE_RANDOM_CASES / 500;
	for (int i = 0; i < cases; i++) {
		double radius = rng_in(&r, 0.1, 2), half_height = rng_in(&r, 0.1, 2);
		col_transform3 where = random_pose(&r, 2);
		bool is_cone = rng_coin(&r);
		col_shape c =
		    is_cone ? cone(radius, half_height, where) : cylinder(radius, half_height, where);
		col_vec3 q = rng_vec3(&r, -5, 5);
		double ball = rng_coin(&r) ? 0 : rng_in(&r, 0, 0.5);
		col_shape p = sphere(q, ball);
		col_vec3 local = col_transform3_apply_inverse(where, q);
		double d = is_cone ? cone_point_distance(radius, half_height, local)
		                   : cylinder_point_distance(radius, half_height, local);
		double expected = fmax(0.0, d - p.radius);
		col_oracle_result o = col_shape_oracle(&c, &p);
		if (d - p.radius > 1e-9) {
			if (o.intersect || !o.certain || fabs(o.distance - expected) > 1e-9 ||
			    o.distance_lo > expected + 1e-12 || expected > o.distance_hi + 1e-12)
				FAIL_CASE(&r, i, "%s: oracle %.17g in [%.17g, %.17g], formula %.17g",
				          is_cone ? "cone" : "cylinder", o.distance, o.distance_lo,
				          o.distance_hi, expected);
		} else if (d - p.radius < -1e-3) {
			if (!o.intersect || !o.certain)
				FAIL_CASE(&r, i, "%s: overlapping by %.3g but oracle says %d (certain %d)",
				          is_cone ? "cone" : "cylinder", p.radius - d, o.intersect,
				          o.certain);
		}
	}
}

static bool same_double(double x, double y)
{
	return (isnan(x) && isnan(y)) || memcmp(&x, &y, sizeof x) == 0;
}

static bool same_result(col_oracle_result x, col_oracle_result y)
{
	return x.intersect == y.intersect && x.certain == y.certain && same_double(x.distance, y.distance) &&
	       same_double(x.distance_lo, y.distance_lo) && same_double(x.distance_hi, y.distance_hi) &&
	       same_double(x.point_a.x, y.point_a.x) && same_double(x.point_a.y, y.point_a.y) &&
	       same_double(x.point_a.z, y.point_a.z) && same_double(x.point_b.x, y.point_b.x) &&
	       same_double(x.point_b.y, y.point_b.y) && same_double(x.point_b.z, y.point_b.z);
}

/* col_shape_oracle_points answers, bit for bit, what col_shape_oracle says of the shape and each
 * point on its own: on random shapes of every kind (curved ones, which the oracle refines per
 * question, included) with points near, on and in them, a non-finite point, and an invalid shape. */
static void test_points_at_once(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0x5EED0006));
	int cases = COLLIDE_RANDOM_CASES / 500;
	for (int i = 0; i < cases; i++) {
		col_vec2 polygon[8];
		col_shape s = random_shape(&r, polygon);
		if (i % 50 == 0)
			s.radius = -1; /* nowhere */
		col_vec3 points[6];
		col_aabb3 bounds = col_shape_bounds(&s);
		for (int k = 0; k < 6; k++)
			points[k] = rng_in_grown_box(&r, bounds);
		points[1] = s.pose.translation;
		if (i % 7 == 0)
			points[4].y = NAN;
		col_oracle_result at_once[6];
		col_shape_oracle_points(&s, points, 6, at_once);
		for (int k = 0; k < 6; k++) {
			col_shape point = col_shape_point(points[k]);
			col_oracle_result alone = col_shape_oracle(&s, &point);
			if (!same_result(at_once[k], alone)) {
				print_result("at once", at_once[k]);
				print_result("alone", alone);
				FAIL_CASE(&r, i, "kind %d, point %d: the answers differ", s.kind, k);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_source_004_examples),
	    cmocka_unit_test(test_sphere_sphere),
	    cmocka_unit_test(test_sphere_box),
	    cmocka_unit_test(test_box_box),
	    cmocka_unit_test(test_capsules),
	    cmocka_unit_test(test_segment_triangle),
	    cmocka_unit_test(test_points_on_boundaries),
	    cmocka_unit_test(test_cylinders),
	    cmocka_unit_test(test_cones),
	    cmocka_unit_test(test_polygons_2d),
	    cmocka_unit_test(test_every_pair_of_kinds),
	    cmocka_unit_test(test_exact_touching),
	    cmocka_unit_test(test_degenerate),
#ifdef HAVE_CONVEX
	    cmocka_unit_test(test_convex_polytopes),
#endif
	    cmocka_unit_test(test_random_grid_sets),
	    cmocka_unit_test(test_random_aabb),
	    cmocka_unit_test(test_random_symmetry),
	    cmocka_unit_test(test_random_consistency),
	    cmocka_unit_test(test_random_curved),
	    cmocka_unit_test(test_points_at_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
