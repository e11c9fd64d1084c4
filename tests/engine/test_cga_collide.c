/* The CGA bounded collision tests of source 003 (ch. IV): its bounded-test cases (docs/sources.md)
 * with the errata's regressions, degenerate cases (touching at a vertex or along an edge, coplanar,
 * collinear, parallel, zero area, zero length, zero radius, NaN), and each routine against the
 * engine's exact Euclidean test on random cases of three classes: general position, a small integer
 * grid where touching and coplanar configurations are common, and that grid nudged by a few ulps so
 * that the rounding bounds cannot decide and the exact fallbacks must. Every class is drawn at scales
 * 2^-10 to 2^20 and offsets 0 to about 1e6. The cases the bounds left to the exact predicates are
 * counted and printed, not excluded. Then the brute-force mesh queries: CGA and Euclidean methods
 * give the same flags, and a range split the same as one call. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/cga_collide.h"
#include "collide/intersect3d.h"
#include "collide/mesh.h"
#include "collide/predicates.h"
#include "collide/shapes3d.h"

#include "support.h"

#define SEED 0x434741434F4C4C44ULL

static col_vec3 v3(double x, double y, double z)
{
	return (col_vec3){x, y, z};
}

static col_triangle tri(col_vec3 a, col_vec3 b, col_vec3 c)
{
	return (col_triangle){a, b, c};
}

static col_triangle tri_moved(col_triangle t, col_vec3 d)
{
	return (col_triangle){col_vec3_add(t.a, d), col_vec3_add(t.b, d), col_vec3_add(t.c, d)};
}

/* ---- the Euclidean references (the engine's exact tests; surface mode from them) ---- */

static bool strictly_inside(col_sphere s, col_vec3 p)
{
	return col_sphere_point_side(s.center, s.radius, p) < 0;
}

static bool ref_segment_sphere(col_vec3 a, col_vec3 b, col_sphere s, col_cga_mode mode)
{
	/* The surface meets the segment when the segment meets the ball and is not wholly in the open
	 * ball, which (being convex) holds it wholly when it holds both ends. */
	if (!col_segment_intersects_sphere(a, b, s))
		return false;
	return mode == COL_CGA_SOLID || !(strictly_inside(s, a) && strictly_inside(s, b));
}

static bool ref_triangle_sphere(col_triangle t, col_sphere s, col_cga_mode mode)
{
	if (!col_triangle_intersects_sphere(t, s))
		return false;
	return mode == COL_CGA_SOLID ||
	       !(strictly_inside(s, t.a) && strictly_inside(s, t.b) && strictly_inside(s, t.c));
}

/* Each sphere solid or not; the spheres' sets meet. */
static bool ref_sphere_sphere(col_sphere a, col_cga_mode ma, col_sphere b, col_cga_mode mb)
{
	if (!col_sphere_intersects_sphere(a, b))
		return false;
	/* Strictly nested: |ca - cb| < |ra - rb|; then only a solid outer one meets the inner one. */
	bool nested = col_sphere_sphere_side(a.center, a.radius, b.center, -b.radius) < 0;
	if (!nested)
		return true;
	return (a.radius > b.radius ? ma : mb) == COL_CGA_SOLID;
}

/* ---- source 003's bounded-test cases (docs/sources.md) and degenerate ones ---- */

static void check_segment_segment(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, bool expected)
{
	assert_int_equal(col_segment_intersects_segment3(a, b, c, d), expected);
	assert_int_equal(col_cga_segment_segment(a, b, c, d), expected);
	assert_int_equal(col_cga_segment_segment(c, d, a, b), expected);
	assert_int_equal(col_cga_segment_segment(b, a, d, c), expected);
}

static void test_segment_segment_cases(void **state)
{
	(void)state;
	col_vec3 o = v3(0, 0, 0);
	check_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), v3(0, -1, 0), v3(0, 1, 0), true);      /* crossing */
	check_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), v3(0.5, -1, 1), v3(0.5, 1, 1), false); /* skew */
	check_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), v3(-1, 1, 0), v3(1, 1, 0), false);     /* parallel */
	check_segment_segment(o, v3(2, 0, 0), v3(1, 0, 0), v3(3, 0, 0), true);  /* collinear overlapping */
	check_segment_segment(o, v3(1, 0, 0), v3(1, 0, 0), v3(2, 0, 0), true);  /* end to end */
	check_segment_segment(o, v3(1, 0, 0), v3(2, 0, 0), v3(3, 0, 0), false); /* collinear apart */
	check_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), o, v3(0, 1, 0), true); /* T: an end on the other */
	check_segment_segment(o, v3(1, 0, 0), v3(2, 1, 0), v3(3, -1, 0),
	                      false); /* coplanar, lines cross beyond */
	check_segment_segment(o, v3(1, 0, 0), v3(0.5, 0, 0), v3(0.5, 0, 0), true); /* a point on it */
	check_segment_segment(o, v3(1, 0, 0), v3(0.5, 1e-20, 0), v3(0.5, 1e-20, 0), false);
	check_segment_segment(o, o, o, o, true);
	check_segment_segment(o, o, v3(0, 0, 1), v3(0, 0, 1), false);
	/* Far from the origin: a crossing and a near miss one ulp away. */
	col_vec3 f = v3(1e6, -2e6, 3e6);
	check_segment_segment(col_vec3_add(f, v3(-1, 0, 0)), col_vec3_add(f, v3(1, 0, 0)),
	                      col_vec3_add(f, v3(0, -1, 0)), col_vec3_add(f, v3(0, 1, 0)), true);
	check_segment_segment(col_vec3_add(f, v3(-1, 0, 0)), col_vec3_add(f, v3(1, 0, 0)),
	                      v3(f.x, f.y - 1, nextafter(f.z, 0)), v3(f.x, f.y + 1, nextafter(f.z, 4e6)),
	                      true);
	check_segment_segment(col_vec3_add(f, v3(-1, 0, 0)), col_vec3_add(f, v3(1, 0, 0)),
	                      v3(f.x, f.y - 1, nextafter(f.z, 4e6)), v3(f.x, f.y + 1, nextafter(f.z, 4e6)),
	                      false);
	assert_false(col_cga_segment_segment(v3(NAN, 0, 0), v3(1, 0, 0), v3(0, -1, 0), v3(0, 1, 0)));
	assert_false(col_cga_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), v3(0, -1, 0), v3(0, INFINITY, 0)));
}

static void check_segment_triangle(col_vec3 p, col_vec3 q, col_triangle t, bool expected)
{
	assert_int_equal(col_segment_intersects_triangle(p, q, t), expected);
	assert_int_equal(col_cga_segment_triangle(p, q, t), expected);
	assert_int_equal(col_cga_segment_triangle(q, p, t), expected);
	assert_int_equal(col_cga_segment_triangle(p, q, tri(t.b, t.c, t.a)), expected);
	assert_int_equal(col_cga_segment_triangle(p, q, tri(t.a, t.c, t.b)), expected);
}

static void test_segment_triangle_cases(void **state)
{
	(void)state;
	col_triangle t = tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0));
	check_segment_triangle(v3(0.2, 0.2, -1), v3(0.2, 0.2, 1), t, true); /* through the face */
	check_segment_triangle(v3(0, 0, -1), v3(0, 0, 1), t, true);         /* through a vertex */
	check_segment_triangle(v3(0.5, 0, -1), v3(0.5, 0, 1), t, true);     /* through an edge */
	check_segment_triangle(v3(0.5, 0.5, -1), v3(0.5, 0.5, 1), t, true); /* through the hypotenuse */
	check_segment_triangle(v3(0.5, nextafter(0.5, 1), -1), v3(0.5, nextafter(0.5, 1), 1), t, false);
	check_segment_triangle(v3(0.2, 0.2, 0), v3(0.2, 0.2, 1), t, true); /* ends on the face */
	check_segment_triangle(v3(0.2, 0.2, 1e-20), v3(0.2, 0.2, 1), t, false);
	check_segment_triangle(v3(0.1, 0.1, 0), v3(0.2, 0.2, 0), t,
	                       true);                                   /* in the plane, inside (erratum) */
	check_segment_triangle(v3(-1, 0.5, 0), v3(2, 0.5, 0), t, true); /* in the plane, crossing */
	check_segment_triangle(v3(-1, 0, 0), v3(2, 0, 0), t, true);     /* along an edge */
	check_segment_triangle(v3(1, 1, 0), v3(2, 2, 0), t, false);     /* in the plane, apart */
	check_segment_triangle(v3(1, 0, 0), v3(2, 2, 0), t, true);      /* in the plane, a vertex */
	check_segment_triangle(v3(0, 0, 1), v3(1, 1, 1), t, false);     /* parallel above */
	check_segment_triangle(v3(0.2, 0.2, 0), v3(0.2, 0.2, 0), t, true); /* a point on the face */
	check_segment_triangle(v3(0.2, 0.2, 1), v3(0.2, 0.2, 1), t, false);
	/* A zero-area triangle is the segment its vertices span. */
	col_triangle flat = tri(v3(0, 0, 0), v3(2, 0, 0), v3(1, 0, 0));
	check_segment_triangle(v3(1.5, -1, 0), v3(1.5, 1, 0), flat, true);
	check_segment_triangle(v3(1.5, -1, 1), v3(1.5, 1, 0), flat, false);
	check_segment_triangle(v3(2, 0, 0), v3(3, 0, 0), flat, true);
	check_segment_triangle(v3(1, 0, 0), v3(1, 0, 0), tri(v3(1, 0, 0), v3(1, 0, 0), v3(1, 0, 0)), true);
	/* Far from the origin, large and small. */
	col_vec3 f = v3(-7e5, 3e5, 1e6);
	check_segment_triangle(col_vec3_add(f, v3(0.25, 0.25, -1)), col_vec3_add(f, v3(0.25, 0.25, 1)),
	                       tri_moved(t, f), true);
	check_segment_triangle(col_vec3_add(f, v3(0.5, 0.5, -1)), col_vec3_add(f, v3(0.5, 0.5, 1)),
	                       tri_moved(t, f), true);
	assert_false(col_cga_segment_triangle(v3(0.2, 0.2, NAN), v3(0.2, 0.2, 1), t));
	assert_false(col_cga_segment_triangle(v3(0.2, 0.2, -1), v3(0.2, 0.2, 1),
	                                      tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, NAN, 0))));
}

static void check_segment_sphere(col_vec3 a, col_vec3 b, col_sphere s, bool surface, bool solid)
{
	assert_int_equal(ref_segment_sphere(a, b, s, COL_CGA_SURFACE), surface);
	assert_int_equal(ref_segment_sphere(a, b, s, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_segment_sphere(a, b, s, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_segment_sphere(b, a, s, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_segment_sphere(a, b, s, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_segment_sphere(b, a, s, COL_CGA_SOLID), solid);
}

static void test_segment_sphere_cases(void **state)
{
	(void)state;
	col_sphere unit = {{0, 0, 0}, 1};
	check_segment_sphere(v3(-2, 0, 0), v3(2, 0, 0), unit, true, true);
	/* Erratum 1: both angles obtuse never happens; one obtuse angle must reject. */
	check_segment_sphere(v3(2, 0, 0), v3(3, 0, 0), unit, false, false);
	check_segment_sphere(v3(-0.1, 0, 0), v3(0.1, 0, 0), unit, false, true); /* erratum 5: inside */
	check_segment_sphere(v3(0, 0, 0), v3(2, 0, 0), unit, true, true);
	check_segment_sphere(v3(-1, 1, 0), v3(1, 1, 0), unit, true, true); /* tangent */
	check_segment_sphere(v3(-1, nextafter(1, 2), 0), v3(1, nextafter(1, 2), 0), unit, false, false);
	check_segment_sphere(v3(1, 0, 0), v3(2, 0, 0), unit, true, true);      /* an end on the sphere */
	check_segment_sphere(v3(0, 1, 0), v3(0, 1, 0), unit, true, true);      /* a point on it */
	check_segment_sphere(v3(0, 0.5, 0), v3(0, 0.5, 0), unit, false, true); /* a point inside */
	check_segment_sphere(v3(0, 2, 0), v3(0, 2, 0), unit, false, false);
	check_segment_sphere(v3(1.5, 0, 0), v3(3, 0, 0), unit, false,
	                     false); /* the line hits, not the segment */
	col_sphere point = {{1, 2, 3}, 0};
	check_segment_sphere(v3(0, 2, 3), v3(2, 2, 3), point, true, true);
	check_segment_sphere(v3(0, 2, 3), v3(2, 2, nextafter(3, 4)), point, false, false);
	/* Far: tangent, crossing and a hair off. */
	col_sphere far = {{4e5, -1e6, 2.5e5}, 3};
	check_segment_sphere(v3(4e5 - 5, -1e6 + 3, 2.5e5), v3(4e5 + 5, -1e6 + 3, 2.5e5), far, true, true);
	check_segment_sphere(v3(4e5 - 5, -1e6 + 2, 2.5e5), v3(4e5 + 5, -1e6 + 2, 2.5e5), far, true, true);
	check_segment_sphere(v3(4e5 - 5, nextafter(-1e6 + 3, 0), 2.5e5),
	                     v3(4e5 + 5, nextafter(-1e6 + 3, 0), 2.5e5), far, false, false);
	assert_false(
	    col_cga_segment_sphere(v3(-2, 0, 0), v3(2, 0, 0), (col_sphere){{0, 0, 0}, -1}, COL_CGA_SOLID));
	assert_false(
	    col_cga_segment_sphere(v3(-2, 0, 0), v3(2, 0, 0), (col_sphere){{0, 0, 0}, NAN}, COL_CGA_SOLID));
	assert_false(col_cga_segment_sphere(v3(-2, NAN, 0), v3(2, 0, 0), unit, COL_CGA_SOLID));
}

static void check_triangle_triangle(col_triangle t, col_triangle u, bool expected)
{
	assert_int_equal(col_triangle_intersects_triangle(t, u), expected);
	assert_int_equal(col_cga_triangle_triangle(t, u), expected);
	assert_int_equal(col_cga_triangle_triangle(u, t), expected);
	assert_int_equal(col_cga_triangle_triangle(tri(t.b, t.c, t.a), tri(u.c, u.b, u.a)), expected);
}

static col_cga_query triangle_query(col_triangle t)
{
	return (col_cga_query){COL_CGA_QUERY_TRIANGLE, {t.a, t.b, t.c}, 0.0, COL_CGA_SURFACE};
}

static void test_triangle_triangle_cases(void **state)
{
	(void)state;
	col_triangle t = tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0));
	check_triangle_triangle(t, tri(v3(0.25, 0.25, -1), v3(0.25, 0.25, 1), v3(2, 2, 0)), true);
	/* Found only through the second triangle's edges: both orders. */
	col_triangle big = tri(v3(-10, -10, 0), v3(10, -10, 0), v3(0, 10, 0));
	col_triangle post = tri(v3(0, 0, -1), v3(0, 0, 1), v3(1, 0, 1));
	check_triangle_triangle(big, post, true);
	check_triangle_triangle(post, big, true);
	/* One unit above: the early-out settles it. */
	col_cga_stats stats = {0};
	col_cga_query a = triangle_query(t), b = triangle_query(tri_moved(t, v3(0, 0, 1)));
	assert_false(col_cga_collide(&a, &b, &stats));
	assert_int_equal(stats.plane_rejects, 1);
	check_triangle_triangle(t, tri_moved(t, v3(0, 0, 1)), false);
	/* Coplanar: crossing edges, containment (erratum 4, both orders), apart, touching. */
	check_triangle_triangle(t, tri(v3(0.5, -0.5, 0), v3(0.5, 0.5, 0), v3(-0.5, 0.5, 0)), true);
	col_triangle inner = tri(v3(0.1, 0.1, 0), v3(0.3, 0.1, 0), v3(0.1, 0.3, 0));
	check_triangle_triangle(t, inner, true);
	check_triangle_triangle(inner, t, true);
	stats = (col_cga_stats){0};
	b = triangle_query(inner);
	assert_true(col_cga_collide(&a, &b, &stats));
	assert_true(stats.coplanar > 0);
	check_triangle_triangle(t, tri(v3(2, 2, 0), v3(3, 2, 0), v3(2, 3, 0)), false);
	check_triangle_triangle(t, tri(v3(1, 0, 0), v3(2, 0, 0), v3(1, 1, 0)), true); /* a vertex */
	check_triangle_triangle(t, tri(v3(0.5, 0.5, 0), v3(1, 1, 0), v3(2, 0, 0)),
	                        true); /* along the hypotenuse */
	check_triangle_triangle(t, t, true);
	/* Touching at a vertex and along an edge, out of the plane. */
	check_triangle_triangle(t, tri(v3(1, 0, 0), v3(2, 0, 1), v3(2, 1, 1)), true);
	check_triangle_triangle(t, tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, 0, 1)), true);
	check_triangle_triangle(t, tri(v3(0.5, 0.5, 0), v3(1, 1, 1), v3(1, 1, -1)),
	                        true); /* a hypotenuse point */
	check_triangle_triangle(t, tri(v3(0.5, nextafter(0.5, 1), 0), v3(1, 1, 1), v3(1, 1, -1)), false);
	check_triangle_triangle(t, tri(v3(0.2, 0.2, 0), v3(1, 1, 1), v3(1, 2, 1)),
	                        true); /* a vertex on the face */
	/* Zero-area triangles: a segment piercing, one passing by, two crossing, points. */
	check_triangle_triangle(t, tri(v3(0.2, 0.2, -1), v3(0.2, 0.2, 1), v3(0.2, 0.2, 0)), true);
	check_triangle_triangle(t, tri(v3(1, 1, -1), v3(1, 1, 1), v3(1, 1, 0)), false);
	check_triangle_triangle(tri(v3(-1, 0, 0), v3(1, 0, 0), v3(0, 0, 0)),
	                        tri(v3(0, -1, 0), v3(0, 1, 0), v3(0, 0.5, 0)), true);
	check_triangle_triangle(tri(v3(-1, 0, 0), v3(1, 0, 0), v3(0, 0, 0)),
	                        tri(v3(0, -1, 1), v3(0, 1, 1), v3(0, 0.5, 1)), false);
	col_vec3 p = v3(0.2, 0.3, 0);
	check_triangle_triangle(t, tri(p, p, p), true);
	check_triangle_triangle(t, tri(v3(0.2, 0.3, 1), v3(0.2, 0.3, 1), v3(0.2, 0.3, 1)), false);
	/* Far from the origin. */
	col_vec3 f = v3(3e5, 1e6, -6e5);
	check_triangle_triangle(tri_moved(big, f), tri_moved(post, f), true);
	check_triangle_triangle(tri_moved(t, f), tri_moved(inner, f), true);
	check_triangle_triangle(tri_moved(t, f), tri_moved(t, col_vec3_add(f, v3(0, 0, 1e-9))), false);
	assert_false(col_cga_triangle_triangle(t, tri(v3(NAN, 0, 0), v3(1, 0, 0), v3(0, 1, 0))));
}

static void check_triangle_sphere(col_triangle t, col_sphere s, bool surface, bool solid)
{
	assert_int_equal(ref_triangle_sphere(t, s, COL_CGA_SURFACE), surface);
	assert_int_equal(ref_triangle_sphere(t, s, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_triangle_sphere(t, s, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_triangle_sphere(t, s, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_triangle_sphere(tri(t.c, t.a, t.b), s, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_triangle_sphere(tri(t.c, t.b, t.a), s, COL_CGA_SURFACE), surface);
}

static void test_triangle_sphere_cases(void **state)
{
	(void)state;
	col_sphere unit = {{0, 0, 0}, 1};
	/* The cap through the face (no vertex inside, no edge hit): the closest-point branch. */
	check_triangle_sphere(tri(v3(-10, -10, 0.5), v3(10, -10, 0.5), v3(0, 10, 0.5)), unit, true, true);
	check_triangle_sphere(tri(v3(-10, -10, 1.5), v3(10, -10, 1.5), v3(0, 10, 1.5)), unit, false, false);
	check_triangle_sphere(tri(v3(-10, -10, 1), v3(10, -10, 1), v3(0, 10, 1)), unit, true,
	                      true); /* tangent */
	check_triangle_sphere(
	    tri(v3(-10, -10, nextafter(1, 2)), v3(10, -10, nextafter(1, 2)), v3(0, 10, nextafter(1, 2))),
	    unit, false, false);
	/* Inside (erratum 5), a vertex inside, a vertex on the sphere. */
	col_triangle small = tri(v3(0, 0, 0), v3(0.5, 0, 0), v3(0, 0.5, 0));
	check_triangle_sphere(small, unit, false, true);
	check_triangle_sphere(tri(v3(0, 0, 0), v3(2, 0, 0), v3(0, 2, 0)), unit, true, true);
	check_triangle_sphere(tri(v3(1, 0, 0), v3(2, 0, 0), v3(2, 1, 0)), unit, true, true);
	/* An edge crossing, an edge tangent, an edge a hair off. */
	check_triangle_sphere(tri(v3(-2, 0.5, 0), v3(2, 0.5, 0), v3(0, 5, 0)), unit, true, true);
	check_triangle_sphere(tri(v3(-2, 1, 0), v3(2, 1, 0), v3(0, 5, 0)), unit, true, true);
	check_triangle_sphere(tri(v3(-2, nextafter(1, 2), 0), v3(2, nextafter(1, 2), 0), v3(0, 5, 0)), unit,
	                      false, false);
	/* Zero area: a segment through the ball, one past it. */
	check_triangle_sphere(tri(v3(-2, 0, 0), v3(2, 0, 0), v3(0, 0, 0)), unit, true, true);
	check_triangle_sphere(tri(v3(-2, 2, 0), v3(2, 2, 0), v3(0, 2, 0)), unit, false, false);
	check_triangle_sphere(tri(v3(-2, 1, 0), v3(2, 1, 0), v3(0, 1, 0)), unit, true, true);
	/* Zero radius: the centre on the face, beside it. */
	check_triangle_sphere(small, (col_sphere){{0.1, 0.1, 0}, 0}, true, true);
	check_triangle_sphere(small, (col_sphere){{0.1, 0.1, 1e-20}, 0}, false, false);
	/* Far. */
	col_vec3 f = v3(-2e5, 5e5, 1e6);
	col_sphere far = {f, 1};
	check_triangle_sphere(tri_moved(tri(v3(-10, -10, 0.5), v3(10, -10, 0.5), v3(0, 10, 0.5)), f), far,
	                      true, true);
	check_triangle_sphere(tri_moved(tri(v3(-10, -10, 1), v3(10, -10, 1), v3(0, 10, 1)), f), far, true,
	                      true);
	check_triangle_sphere(tri_moved(small, f), far, false, true);
	assert_false(col_cga_triangle_sphere(small, (col_sphere){{0, 0, 0}, -0.5}, COL_CGA_SOLID));
	assert_false(
	    col_cga_triangle_sphere(tri(v3(0, 0, 0), v3(INFINITY, 0, 0), v3(0, 1, 0)), unit, COL_CGA_SOLID));
}

static void check_sphere_sphere(col_sphere a, col_sphere b, bool surface, bool solid)
{
	assert_int_equal(ref_sphere_sphere(a, COL_CGA_SURFACE, b, COL_CGA_SURFACE), surface);
	assert_int_equal(ref_sphere_sphere(a, COL_CGA_SOLID, b, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_sphere_sphere(a, b, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_sphere_sphere(b, a, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_sphere_sphere(a, b, COL_CGA_SOLID), solid);
	assert_int_equal(col_cga_sphere_sphere(b, a, COL_CGA_SOLID), solid);
}

static col_cga_query sphere_query(col_sphere s, col_cga_mode mode)
{
	return (col_cga_query){COL_CGA_QUERY_SPHERE, {s.center}, s.radius, mode};
}

static void test_sphere_sphere_cases(void **state)
{
	(void)state;
	col_sphere unit = {{0, 0, 0}, 1};
	check_sphere_sphere(unit, (col_sphere){{1, 0, 0}, 1}, true, true);
	check_sphere_sphere(unit, (col_sphere){{0.5, 0, 0}, 1}, true, true);
	check_sphere_sphere(unit, (col_sphere){{2, 0, 0}, 1}, true, true); /* tangent */
	check_sphere_sphere(unit, (col_sphere){{nextafter(2, 3), 0, 0}, 1}, false, false);
	check_sphere_sphere(unit, (col_sphere){{3, 0, 0}, 1}, false, false);
	check_sphere_sphere((col_sphere){{0, 0, 0}, 2}, (col_sphere){{1, 0, 0}, 1}, true,
	                    true); /* inside, tangent */
	check_sphere_sphere((col_sphere){{0, 0, 0}, 3}, (col_sphere){{0.5, 0, 0}, 1}, false,
	                    true); /* nested */
	check_sphere_sphere(unit, unit, true, true);
	/* The source's far pair (3.8): no intersection in either mode, and in the local frame the meet
	 * square (about -3.17e10) needs no exact fallback. */
	check_sphere_sphere((col_sphere){{0, 0, 0}, 8}, (col_sphere){{558.93, 206.351, 38.258}, 8}, false,
	                    false);
	col_cga_stats stats = {0};
	col_cga_query near = sphere_query((col_sphere){{0, 0, 0}, 8}, COL_CGA_SURFACE),
	              far_one = sphere_query((col_sphere){{558.93, 206.351, 38.258}, 8}, COL_CGA_SURFACE);
	assert_false(col_cga_collide(&near, &far_one, &stats));
	assert_int_equal(stats.exact_fallbacks, 0);
	/* Far from the origin: tangent (3-4-5), a hair apart, overlapping, internally tangent. */
	col_vec3 f = v3(1e6 + 0.5, -3e6, 2e6);
	col_vec3 g = col_vec3_add(f, v3(3, 4, 0));
	check_sphere_sphere((col_sphere){f, 2}, (col_sphere){g, 3}, true, true);
	/* Tangent: the meet square is exactly 0, which only the exact predicates can say. */
	near = sphere_query((col_sphere){f, 2}, COL_CGA_SURFACE);
	far_one = sphere_query((col_sphere){g, 3}, COL_CGA_SURFACE);
	assert_true(col_cga_collide(&near, &far_one, &stats));
	assert_int_equal(stats.exact_fallbacks, 1);
	check_sphere_sphere((col_sphere){f, 2}, (col_sphere){g, nextafter(3, 0)}, false, false);
	check_sphere_sphere((col_sphere){f, 2}, (col_sphere){g, 3.5}, true, true);
	check_sphere_sphere((col_sphere){f, 10}, (col_sphere){g, 5}, true, true);
	check_sphere_sphere((col_sphere){f, 10}, (col_sphere){g, nextafter(5, 0)}, false, true);
	/* Zero radii. */
	check_sphere_sphere((col_sphere){{0, 1, 0}, 0}, unit, true, true);
	check_sphere_sphere((col_sphere){{0, 0.5, 0}, 0}, unit, false, true);
	check_sphere_sphere((col_sphere){{0, 0.5, 0}, 0}, (col_sphere){{0, 0.5, 0}, 0}, true, true);
	check_sphere_sphere((col_sphere){{0, 0.5, 0}, 0}, (col_sphere){{0, 0.5, 1e-20}, 0}, false, false);
	/* Each sphere its own mode: a surface inside a solid ball meets it, a ball inside a surface does
	 * not. */
	col_cga_query big = sphere_query((col_sphere){{0, 0, 0}, 3}, COL_CGA_SOLID);
	col_cga_query little = sphere_query((col_sphere){{0.5, 0, 0}, 1}, COL_CGA_SURFACE);
	assert_true(col_cga_collide(&big, &little, NULL));
	assert_true(col_cga_collide(&little, &big, NULL));
	big.mode = COL_CGA_SURFACE;
	little.mode = COL_CGA_SOLID;
	assert_false(col_cga_collide(&big, &little, NULL));
	assert_false(col_cga_collide(&little, &big, NULL));
	assert_false(col_cga_sphere_sphere(unit, (col_sphere){{0, 0, 0}, -1}, COL_CGA_SOLID));
	assert_false(col_cga_sphere_sphere(unit, (col_sphere){{0, NAN, 0}, 1}, COL_CGA_SOLID));
	assert_false(col_cga_sphere_sphere(unit, (col_sphere){{0, 0, 0}, INFINITY}, COL_CGA_SOLID));
	assert_false(col_cga_collide(NULL, &big, NULL));
}

/* ---- random cases against the Euclidean references ---- */

typedef enum case_class { CLASS_GENERAL, CLASS_GRID, CLASS_NUDGED, CLASS_COUNT } case_class;

static const char *const class_names[CLASS_COUNT] = {"general", "grid", "nudged grid"};

/* Where a case's points are drawn: scale times (offset + a point of the class's set). Scales are
 * powers of two and offsets integers, so a grid point stays exact however far it is moved. */
typedef struct frame {
	case_class kind;
	double scale;
	col_vec3 offset; /* in units of scale */
	int grid;        /* the grid is [-grid, grid]^3 */
} frame;

static frame frame_draw(rng *r, case_class kind)
{
	static const double scales[] = {0x1p-10, 1.0, 0x1p10, 0x1p20};
	static const double offsets[] = {0.0, 1e3, 1e6};
	/* One draw per statement, so that the order of draws is the seed's. */
	frame f = {kind, 1.0, {0, 0, 0}, 1};
	f.scale = scales[rng_int(r, 0, 3)];
	f.grid = rng_int(r, 1, 2);
	double units = round(offsets[rng_int(r, 0, 2)] / f.scale);
	f.offset.x = rng_coin(r) ? units : -units;
	f.offset.y = rng_coin(r) ? units : -units;
	f.offset.z = round(0.5 * units);
	return f;
}

/* A few ulps of x (or of the scale, near 0). */
static double nudge(rng *r, double x, double scale)
{
	return x + rng_int(r, -3, 3) * (fabs(x) + scale) * 0x1p-51;
}

static double coordinate(rng *r, const frame *f, double offset)
{
	if (f->kind == CLASS_GENERAL)
		return (offset + rng_in(r, -1.0, 1.0) * f->grid) * f->scale;
	double x = (offset + rng_int(r, -f->grid, f->grid)) * f->scale;
	return f->kind == CLASS_NUDGED && rng_coin(r) ? nudge(r, x, f->scale) : x;
}

static col_vec3 point_draw(rng *r, const frame *f)
{
	col_vec3 p;
	p.x = coordinate(r, f, f->offset.x);
	p.y = coordinate(r, f, f->offset.y);
	p.z = coordinate(r, f, f->offset.z);
	return p;
}

static double radius_draw(rng *r, const frame *f)
{
	if (f->kind == CLASS_GENERAL)
		return rng_unit(r) * f->grid * f->scale;
	double x = rng_int(r, 0, 2 * f->grid) * 0.5 * f->scale;
	return f->kind == CLASS_NUDGED && rng_coin(r) ? fabs(nudge(r, x, f->scale)) : x;
}

static col_cga_query query_draw(rng *r, const frame *f, col_cga_query_kind kind, col_cga_mode mode)
{
	col_cga_query q = {kind, {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, 0.0, mode};
	int points = kind == COL_CGA_QUERY_TRIANGLE ? 3 : kind == COL_CGA_QUERY_SEGMENT ? 2 : 1;
	for (int i = 0; i < points; i++)
		q.p[i] = point_draw(r, f);
	if (kind == COL_CGA_QUERY_SPHERE)
		q.radius = radius_draw(r, f);
	return q;
}

static col_triangle as_triangle(const col_cga_query *q)
{
	return (col_triangle){q->p[0], q->p[1], q->p[2]};
}

static col_sphere as_sphere(const col_cga_query *q)
{
	return (col_sphere){q->p[0], q->radius};
}

/* The engine's Euclidean answer for any pair of the kinds drawn here. */
static bool reference(const col_cga_query *a, const col_cga_query *b)
{
	if (a->kind > b->kind)
		return reference(b, a);
	switch (a->kind * 3 + b->kind) {
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SEGMENT:
		return col_segment_intersects_segment3(a->p[0], a->p[1], b->p[0], b->p[1]);
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_TRIANGLE:
		return col_segment_intersects_triangle(a->p[0], a->p[1], as_triangle(b));
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SPHERE:
		return ref_segment_sphere(a->p[0], a->p[1], as_sphere(b), b->mode);
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_TRIANGLE:
		return col_triangle_intersects_triangle(as_triangle(a), as_triangle(b));
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_SPHERE:
		return ref_triangle_sphere(as_triangle(a), as_sphere(b), b->mode);
	default: return ref_sphere_sphere(as_sphere(a), a->mode, as_sphere(b), b->mode);
	}
}

/* The named routine for the pair (checks the public entry points, not only col_cga_collide). */
static bool named_routine(const col_cga_query *a, const col_cga_query *b)
{
	switch (a->kind * 3 + b->kind) {
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SEGMENT:
		return col_cga_segment_segment(a->p[0], a->p[1], b->p[0], b->p[1]);
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_TRIANGLE:
		return col_cga_segment_triangle(a->p[0], a->p[1], as_triangle(b));
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SPHERE:
		return col_cga_segment_sphere(a->p[0], a->p[1], as_sphere(b), b->mode);
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_TRIANGLE:
		return col_cga_triangle_triangle(as_triangle(a), as_triangle(b));
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_SPHERE:
		return col_cga_triangle_sphere(as_triangle(a), as_sphere(b), b->mode);
	default: return col_cga_sphere_sphere(as_sphere(a), as_sphere(b), b->mode);
	}
}

/* Draws COLLIDE_RANDOM_CASES pairs of the two kinds (spread over the classes), asserts that the CGA
 * answers (both argument orders, and the named routine) equal the reference, and prints per class
 * how many cases met, how many needed the exact fallback (near-degenerate for the rounding bounds),
 * how many were decided in a common plane, and how many the plane-side early-out settled. */
static void compare_random(const char *name, col_cga_query_kind ka, col_cga_query_kind kb, col_cga_mode mode,
                           uint64_t seed)
{
	rng r = rng_make(rng_env_seed(seed));
	int cases[CLASS_COUNT] = {0}, hits[CLASS_COUNT] = {0}, fallback_cases[CLASS_COUNT] = {0};
	col_cga_stats totals[CLASS_COUNT];
	memset(totals, 0, sizeof totals);
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		col_cga_query a = query_draw(&r, &f, ka, mode), b = query_draw(&r, &f, kb, mode);
		bool expected = reference(&a, &b);
		col_cga_stats stats = {0};
		bool ab = col_cga_collide(&a, &b, &stats);
		bool ba = col_cga_collide(&b, &a, NULL);
		bool named = named_routine(&a, &b);
		if (ab != expected || ba != expected || named != expected)
			FAIL_CASE(&r, i,
			          "%s (%s): CGA says %d (swapped %d, named %d), Euclidean %d for a = (%.17g "
			          "%.17g %.17g) "
			          "(%.17g %.17g %.17g) (%.17g %.17g %.17g) r %.17g, b = (%.17g %.17g %.17g) "
			          "(%.17g %.17g "
			          "%.17g) (%.17g %.17g %.17g) r %.17g\n",
			          name, class_names[kind], ab, ba, named, expected, a.p[0].x, a.p[0].y,
			          a.p[0].z, a.p[1].x, a.p[1].y, a.p[1].z, a.p[2].x, a.p[2].y, a.p[2].z,
			          a.radius, b.p[0].x, b.p[0].y, b.p[0].z, b.p[1].x, b.p[1].y, b.p[1].z,
			          b.p[2].x, b.p[2].y, b.p[2].z, b.radius);
		cases[kind]++;
		hits[kind] += expected;
		fallback_cases[kind] += stats.exact_fallbacks > 0;
		totals[kind].exact_fallbacks += stats.exact_fallbacks;
		totals[kind].coplanar += stats.coplanar;
		totals[kind].plane_rejects += stats.plane_rejects;
	}
	for (int k = 0; k < CLASS_COUNT; k++)
		print_message(
		    "%-22s %-11s %6d cases, %6d meet, %5d near-degenerate (%llu exact fallbacks), %5llu "
		    "coplanar tests, %6llu plane rejects: 0 disagreements\n",
		    name, class_names[k], cases[k], hits[k], fallback_cases[k],
		    (unsigned long long)totals[k].exact_fallbacks, (unsigned long long)totals[k].coplanar,
		    (unsigned long long)totals[k].plane_rejects);
}

static void test_random_segment_segment(void **state)
{
	(void)state;
	compare_random("segment/segment", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_SEGMENT, COL_CGA_SURFACE,
	               SEED + 1);
}

static void test_random_segment_triangle(void **state)
{
	(void)state;
	compare_random("segment/triangle", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_TRIANGLE, COL_CGA_SURFACE,
	               SEED + 2);
}

static void test_random_segment_sphere(void **state)
{
	(void)state;
	compare_random("segment/sphere surface", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_SPHERE, COL_CGA_SURFACE,
	               SEED + 3);
	compare_random("segment/sphere solid", COL_CGA_QUERY_SEGMENT, COL_CGA_QUERY_SPHERE, COL_CGA_SOLID,
	               SEED + 4);
}

static void test_random_triangle_triangle(void **state)
{
	(void)state;
	compare_random("triangle/triangle", COL_CGA_QUERY_TRIANGLE, COL_CGA_QUERY_TRIANGLE, COL_CGA_SURFACE,
	               SEED + 5);
}

static void test_random_triangle_sphere(void **state)
{
	(void)state;
	compare_random("triangle/sphere surface", COL_CGA_QUERY_TRIANGLE, COL_CGA_QUERY_SPHERE,
	               COL_CGA_SURFACE, SEED + 6);
	compare_random("triangle/sphere solid", COL_CGA_QUERY_TRIANGLE, COL_CGA_QUERY_SPHERE, COL_CGA_SOLID,
	               SEED + 7);
}

static void test_random_sphere_sphere(void **state)
{
	(void)state;
	compare_random("sphere/sphere surface", COL_CGA_QUERY_SPHERE, COL_CGA_QUERY_SPHERE, COL_CGA_SURFACE,
	               SEED + 8);
	compare_random("sphere/sphere solid", COL_CGA_QUERY_SPHERE, COL_CGA_QUERY_SPHERE, COL_CGA_SOLID,
	               SEED + 9);
}

/* Spheres of mixed modes (col_cga_collide gives each its own). */
static void test_random_sphere_modes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 10));
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 10; i++) {
		frame f = frame_draw(&r, (case_class)(i % CLASS_COUNT));
		col_cga_query a =
		    query_draw(&r, &f, COL_CGA_QUERY_SPHERE, rng_coin(&r) ? COL_CGA_SOLID : COL_CGA_SURFACE);
		col_cga_query b =
		    query_draw(&r, &f, COL_CGA_QUERY_SPHERE, rng_coin(&r) ? COL_CGA_SOLID : COL_CGA_SURFACE);
		bool expected = reference(&a, &b);
		if (col_cga_collide(&a, &b, NULL) != expected || col_cga_collide(&b, &a, NULL) != expected)
			FAIL_CASE(&r, i, "spheres of modes %d and %d: expected %d\n", a.mode, b.mode,
			          expected);
	}
}

/* ---- meshes ---- */

/* The mesh's vertices moved by d (a new mesh). */
static col_mesh *mesh_moved(const col_mesh *mesh, col_vec3 d)
{
	int n = col_mesh_vertex_count(mesh);
	col_vec3 *moved = malloc(sizeof *moved * (size_t)n);
	assert_non_null(moved);
	for (int i = 0; i < n; i++)
		moved[i] = col_vec3_add(col_mesh_vertices(mesh)[i], d);
	col_mesh *out = NULL;
	col_error error;
	check_ok(
	    col_mesh_create(moved, n, col_mesh_triangles(mesh), col_mesh_triangle_count(mesh), &out, &error),
	    &error);
	free(moved);
	return out;
}

/* One query by both methods and in three ranges: the same flags and counts. */
static void check_mesh_query(const col_mesh *mesh, const col_cga_query *q, int *hits_seen,
                             col_cga_stats *stats)
{
	int n = col_mesh_triangle_count(mesh);
	uint8_t *cga = malloc((size_t)n), *euclid = malloc((size_t)n), *split = malloc((size_t)n);
	assert_true(cga && euclid && split);
	memset(split, 7, (size_t)n);
	size_t c = col_cga_mesh_query(mesh, q, COL_METHOD_CGA, 0, n, cga, stats);
	size_t e = col_cga_mesh_query(mesh, q, COL_METHOD_EUCLIDEAN, 0, n, euclid, NULL);
	int third = n / 3;
	size_t s = col_cga_mesh_query(mesh, q, COL_METHOD_DEFAULT, 0, third, split, NULL) +
	           col_cga_mesh_query(mesh, q, COL_METHOD_CGA, third, 2 * third, split, NULL) +
	           col_cga_mesh_query(mesh, q, COL_METHOD_CGA, 2 * third, n, split, NULL);
	assert_int_equal(c, e);
	assert_int_equal(c, s);
	assert_memory_equal(cga, euclid, (size_t)n);
	assert_memory_equal(cga, split, (size_t)n);
	size_t count = 0;
	for (int i = 0; i < n; i++)
		count += cga[i];
	assert_int_equal(count, c);
	*hits_seen += (int)c;
	free(cga);
	free(euclid);
	free(split);
}

static void test_mesh_queries(void **state)
{
	(void)state;
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(3, &mesh, &error), &error);
	rng r = rng_make(rng_env_seed(SEED + 11));
#ifdef COLLIDE_FAST_TESTS
	const int queries = 10;
#else
	const int queries = 60;
#endif
	int hits[4] = {0};
	col_cga_stats stats[4];
	memset(stats, 0, sizeof stats);
	const col_vec3 *vertices = col_mesh_vertices(mesh);
	int vertex_count = col_mesh_vertex_count(mesh);
	for (int i = 0; i < queries; i++) {
		/* Segments from outside to inside and across; some through a mesh vertex exactly. */
		col_cga_query q = {COL_CGA_QUERY_SEGMENT, {{0, 0, 0}}, 0, COL_CGA_SOLID};
		q.p[0] = rng_vec3(&r, -1.5, 1.5); /* one draw per statement: the order is the seed's */
		q.p[1] = rng_vec3(&r, -1.5, 1.5);
		if (i % 4 == 0)
			q.p[1] = vertices[rng_int(&r, 0, vertex_count - 1)];
		check_mesh_query(mesh, &q, &hits[0], &stats[0]);
		/* Triangles, some sharing a mesh vertex or lying on one of its triangles. */
		q.kind = COL_CGA_QUERY_TRIANGLE;
		for (int k = 0; k < 3; k++)
			q.p[k] = rng_vec3(&r, -1.3, 1.3);
		if (i % 3 == 0)
			q.p[0] = vertices[rng_int(&r, 0, vertex_count - 1)];
		if (i % 5 == 1) {
			col_triangle t =
			    col_mesh_triangle(mesh, rng_int(&r, 0, col_mesh_triangle_count(mesh) - 1));
			q.p[0] = t.a;
			q.p[1] = t.b;
			q.p[2] = col_vec3_lerp(t.a, t.c, 0.5);
		}
		check_mesh_query(mesh, &q, &hits[1], &stats[1]);
		/* Spheres of both modes, some centred on a vertex with a radius reaching another. */
		q.kind = COL_CGA_QUERY_SPHERE;
		q.p[0] = rng_vec3(&r, -1, 1);
		q.radius = rng_in(&r, 0.05, 1.2);
		q.mode = rng_coin(&r) ? COL_CGA_SOLID : COL_CGA_SURFACE;
		if (i % 3 == 0) {
			q.p[0] = vertices[rng_int(&r, 0, vertex_count - 1)];
			q.radius = col_vec3_distance(q.p[0], vertices[rng_int(&r, 0, vertex_count - 1)]);
		}
		check_mesh_query(mesh, &q, &hits[2 + (q.mode == COL_CGA_SURFACE)],
		                 &stats[2 + (q.mode == COL_CGA_SURFACE)]);
	}
	static const char *const names[4] = {"segments", "triangles", "solid spheres", "surface spheres"};
	for (int k = 0; k < 4; k++)
		print_message(
		    "mesh (%d triangles) vs %-15s: %5d hits, %llu pairs, %llu plane rejects, %llu exact "
		    "fallbacks, %llu coplanar: CGA = Euclidean\n",
		    col_mesh_triangle_count(mesh), names[k], hits[k], (unsigned long long)stats[k].pairs,
		    (unsigned long long)stats[k].plane_rejects, (unsigned long long)stats[k].exact_fallbacks,
		    (unsigned long long)stats[k].coplanar);

	/* Bad arguments answer 0; a query that is nowhere clears its range. */
	col_cga_query q = {COL_CGA_QUERY_SEGMENT, {{-2, 0, 0}, {2, 0, 0}}, 0, COL_CGA_SOLID};
	int n = col_mesh_triangle_count(mesh);
	uint8_t *flags = malloc((size_t)n);
	assert_non_null(flags);
	assert_true(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, 0, n, flags, NULL) > 0);
	assert_int_equal(col_cga_mesh_query(NULL, &q, COL_METHOD_CGA, 0, n, flags, NULL), 0);
	assert_int_equal(col_cga_mesh_query(mesh, NULL, COL_METHOD_CGA, 0, n, flags, NULL), 0);
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, -1, n, flags, NULL), 0);
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, 0, n + 1, flags, NULL), 0);
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, 5, 4, flags, NULL), 0);
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_TRITREE, 0, n, flags, NULL), 0);
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, 3, 3, flags, NULL), 0);
	q.p[1].y = NAN;
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, 0, n, flags, NULL), 0);
	for (int i = 0; i < n; i++)
		assert_int_equal(flags[i], 0);
	q.kind = (col_cga_query_kind)7;
	assert_int_equal(col_cga_mesh_query(mesh, &q, COL_METHOD_CGA, 0, n, NULL, NULL), 0);
	free(flags);
	col_mesh_destroy(mesh);
}

/* Mesh against mesh, both methods, and a's range split in three with hit_b or-ed: the same flags
 * and pair counts. */
static void check_mesh_mesh(const char *name, const col_mesh *a, const col_mesh *b)
{
	int na = col_mesh_triangle_count(a), nb = col_mesh_triangle_count(b);
	uint8_t *ca = calloc((size_t)na, 1), *cb = calloc((size_t)nb, 1), *ea = calloc((size_t)na, 1),
	        *eb = calloc((size_t)nb, 1), *sa = calloc((size_t)na, 1), *sb = calloc((size_t)nb, 1);
	assert_true(ca && cb && ea && eb && sa && sb);
	col_cga_stats stats = {0};
	size_t c = col_cga_mesh_mesh(a, b, col_transform3_identity(), COL_METHOD_CGA, 0, na, ca, cb, &stats);
	size_t e =
	    col_cga_mesh_mesh(a, b, col_transform3_identity(), COL_METHOD_EUCLIDEAN, 0, na, ea, eb, NULL);
	size_t s = 0;
	int cut[4] = {0, na / 4, na / 2 + 1, na};
	for (int k = 0; k < 3; k++)
		s += col_cga_mesh_mesh(a, b, col_transform3_identity(), COL_METHOD_CGA, cut[k], cut[k + 1],
		                       sa, sb, NULL);
	assert_int_equal(c, e);
	assert_int_equal(c, s);
	assert_memory_equal(ca, ea, (size_t)na);
	assert_memory_equal(cb, eb, (size_t)nb);
	assert_memory_equal(ca, sa, (size_t)na);
	assert_memory_equal(cb, sb, (size_t)nb);
	int hit_a = 0, hit_b = 0;
	for (int i = 0; i < na; i++)
		hit_a += ca[i];
	for (int i = 0; i < nb; i++)
		hit_b += cb[i];
	assert_int_equal(stats.pairs, (uint64_t)na * (uint64_t)nb);
	assert_int_equal(stats.hits, c);
	print_message(
	    "%-30s %5d x %5d: %6zu pairs meet (%d and %d triangles), %llu plane rejects, %llu coplanar, %llu "
	    "exact fallbacks: CGA = Euclidean\n",
	    name, na, nb, c, hit_a, hit_b, (unsigned long long)stats.plane_rejects,
	    (unsigned long long)stats.coplanar, (unsigned long long)stats.exact_fallbacks);
	free(ca);
	free(cb);
	free(ea);
	free(eb);
	free(sa);
	free(sb);
}

static void test_mesh_mesh(void **state)
{
	(void)state;
	col_error error;
	col_mesh *bumpy = NULL, *small = NULL, *box = NULL;
	check_ok(col_mesh_create_bumpy_sphere(2, &bumpy, &error), &error);
	check_ok(col_mesh_create_bumpy_sphere(1, &small, &error), &error);
	check_ok(col_mesh_create_box((col_vec3){1, 1, 1}, &box, &error), &error);
	col_mesh *moved = mesh_moved(bumpy, (col_vec3){0.7, 0.3, -0.2});
	col_mesh *small_moved = mesh_moved(small, (col_vec3){0.4, -0.9, 0.5});
	col_mesh *box_touching = mesh_moved(box, (col_vec3){2, 0.5, 0.25}); /* face to face at x = 1 */
	col_mesh *box_apart = mesh_moved(box, (col_vec3){0x1.0000000000001p1, 0.5, 0.25});
	check_mesh_mesh("bumpy vs moved bumpy", bumpy, moved);
	check_mesh_mesh("small bumpy vs moved bumpy", small_moved, bumpy);
	check_mesh_mesh("bumpy vs itself", bumpy, bumpy);
	check_mesh_mesh("box vs box, faces touching", box, box_touching);
	check_mesh_mesh("box vs box, a hair apart", box, box_apart);
	check_mesh_mesh("box vs bumpy", box, bumpy);
	assert_int_equal(col_cga_mesh_mesh(box, box_apart, col_transform3_identity(), COL_METHOD_CGA, 0, 12,
	                                   NULL, NULL, NULL),
	                 0);
	assert_true(col_cga_mesh_mesh(box, box_touching, col_transform3_identity(), COL_METHOD_CGA, 0, 12,
	                              NULL, NULL, NULL) > 0);
	assert_int_equal(
	    col_cga_mesh_mesh(NULL, box, col_transform3_identity(), COL_METHOD_CGA, 0, 12, NULL, NULL, NULL),
	    0);
	assert_int_equal(
	    col_cga_mesh_mesh(box, NULL, col_transform3_identity(), COL_METHOD_CGA, 0, 12, NULL, NULL, NULL),
	    0);
	assert_int_equal(
	    col_cga_mesh_mesh(box, box, col_transform3_identity(), COL_METHOD_CGA, 0, 13, NULL, NULL, NULL),
	    0);
	assert_int_equal(
	    col_cga_mesh_mesh(box, box, col_transform3_identity(), COL_METHOD_CGA, 2, 1, NULL, NULL, NULL),
	    0);
	assert_int_equal(col_cga_mesh_mesh(box, box, col_transform3_identity(), COL_METHOD_OCTREE, 0, 12,
	                                   NULL, NULL, NULL),
	                 0);
	col_mesh_destroy(bumpy);
	col_mesh_destroy(small);
	col_mesh_destroy(box);
	col_mesh_destroy(moved);
	col_mesh_destroy(small_moved);
	col_mesh_destroy(box_touching);
	col_mesh_destroy(box_apart);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_segment_segment_cases),
	    cmocka_unit_test(test_segment_triangle_cases),
	    cmocka_unit_test(test_segment_sphere_cases),
	    cmocka_unit_test(test_triangle_triangle_cases),
	    cmocka_unit_test(test_triangle_sphere_cases),
	    cmocka_unit_test(test_sphere_sphere_cases),
	    cmocka_unit_test(test_random_segment_segment),
	    cmocka_unit_test(test_random_segment_triangle),
	    cmocka_unit_test(test_random_segment_sphere),
	    cmocka_unit_test(test_random_triangle_triangle),
	    cmocka_unit_test(test_random_triangle_sphere),
	    cmocka_unit_test(test_random_sphere_sphere),
	    cmocka_unit_test(test_random_sphere_modes),
	    cmocka_unit_test(test_mesh_queries),
	    cmocka_unit_test(test_mesh_mesh),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
