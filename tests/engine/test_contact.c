/* Contact manifolds (contact.h): hand-made cases for every closed form (a box resting on a box: 4
 * points; tilted onto an edge: 2; onto a corner: 1; a sphere in a box's corner; capsules side by
 * side and crossed; 2D polygons), the general path on polytope, cylinder and cone pairs, and random
 * poses of every closed-form pair class (10^5 each, the general path on every 16th too), against
 * the brute-force oracle (shape_oracle.h), by check_manifold (contact_checks.h; test_contact_general.c
 * has the general path's random pairs):
 *
 * - count 0 exactly when the oracle says the shapes are apart by more than the margin;
 * - every point_a lies in A and every point_b in B (to 1e-9 of the shapes' size), by formula in
 *   the shape's frame for spheres, capsules and boxes and by the oracle for the rest (and for every
 *   16th case of those too), depth = (point_a - point_b) . normal, no gap beyond the margin, the
 *   deepest point first, ids distinct;
 * - apart: the deepest depth is minus the oracle's distance, and the normal is the direction of
 *   that distance (the shapes' separation along it is the distance);
 * - overlapping: the deepest depth is the penetration depth, and the shapes overlap along the
 *   normal by exactly that much (the normal is a penetration direction: EPA's, up to ties). The
 *   penetration depth is found here without EPA: the least overlap over the candidate axes of the
 *   polytopal cores (face normals, edge cross products) plus the radii, or the radii less the
 *   oracle's distance when the cores are apart; for cylinders and cones, the overlap along the
 *   normal must equal the depth (to EPA's precision there, 1e-5 of the size) and no sampled
 *   direction may do better.
 *
 * COLLIDE_SEED replays a stream; COLLIDE_DESCRIBE=i prints case i's shapes and answer. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collide/contact.h"
#include "collide/convex.h"
#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/shape_oracle.h"

#include "contact_checks.h"

/* ---- hand-made cases ---- */

/* Three boxes stacked on a floor, each sunk 0.01 into the one below: 4 points each, the corners of
 * the upper box's bottom face, at depth 0.01, normal up. */
static void test_resting_box_stack(void **state)
{
	(void)state;
	col_shape floor = col_shape_box((col_vec3){5, 5, 1});
	floor.pose.translation = (col_vec3){0, 0, -1};
	col_shape boxes[3];
	double z = 0;
	for (int k = 0; k < 3; k++) {
		double h = 0.5 - 0.1 * k;
		boxes[k] = col_shape_box((col_vec3){h, h, h});
		boxes[k].pose.translation = (col_vec3){0.05 * k, -0.03 * k, z + h - 0.01};
		z += 2 * h - 0.01;
	}
	for (int k = 0; k < 3; k++) {
		const col_shape *below = k == 0 ? &floor : &boxes[k - 1];
		col_manifold m = contact(below, &boxes[k], 0);
		check_hand("box stack", below, &boxes[k], 0, m);
		assert_int_equal(m.method, COL_CONTACT_BOXES);
		assert_int_equal(m.count, 4);
		assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-15);
		double h = boxes[k].core.half_extents.x;
		col_vec3 c = boxes[k].pose.translation;
		for (int q = 0; q < 4; q++) {
			assert_near(m.points[q].depth, 0.01, 1e-12);
			col_vec3 corner = {c.x + (q & 1 ? h : -h), c.y + (q & 2 ? h : -h), c.z - h};
			assert_true(has_point_b(m, corner));
		}
		/* The general path finds the same face polygon. */
		col_manifold g = contact_general(below, &boxes[k], 0);
		assert_int_equal(g.count, 4);
		assert_near(g.points[0].depth, 0.01, 1e-12);
	}
	/* Touching exactly counts: depth 0, still 4 points. */
	col_shape top = col_shape_box((col_vec3){0.5, 0.5, 0.5});
	top.pose.translation = (col_vec3){0.25, 0, 0.5};
	col_manifold m = contact(&floor, &top, 0);
	assert_int_equal(m.count, 4);
	assert_true(m.points[0].depth == 0);
	/* Hovering 0.05 above: nothing at margin 0.01, 4 points of depth -0.05 at margin 0.1. */
	top.pose.translation.z = 0.55;
	assert_int_equal(contact(&floor, &top, 0.01).count, 0);
	m = contact(&floor, &top, 0.1);
	check_hand("hovering box", &floor, &top, 0.1, m);
	assert_int_equal(m.count, 4);
	for (int q = 0; q < 4; q++)
		assert_near(m.points[q].depth, -0.05, 1e-12);
	/* A box bigger than the one it rests on: the clipped polygon is the smaller box's top face. */
	col_shape small = col_shape_box((col_vec3){0.3, 0.3, 0.3}),
	          big = col_shape_box((col_vec3){1, 1, 0.2});
	big.pose.translation = (col_vec3){0.1, 0.2, 0.3 + 0.2 - 0.02};
	m = contact(&small, &big, 0);
	check_hand("big on small", &small, &big, 0, m);
	assert_int_equal(m.count, 4);
	for (int q = 0; q < 4; q++)
		assert_near(fabs(m.points[q].point_a.x) + fabs(m.points[q].point_a.y), 0.6, 1e-12);
}

/* A unit cube tilted about x by 0.3 rad, its lowest edge 0.01 into the floor: 2 points (the edge's
 * ends); tilted about a diagonal, one corner 0.02 in: 1 point. A larger margin reaches more corners. */
static void test_tilted_box(void **state)
{
	(void)state;
	col_shape floor = col_shape_box((col_vec3){5, 5, 1});
	col_shape box = col_shape_box((col_vec3){0.5, 0.5, 0.5});
	box.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, 0.3);
	box.pose.translation = (col_vec3){0.3, 0.2, 1 + 0.5 * (cos(0.3) + sin(0.3)) - 0.01};
	col_manifold m = contact(&floor, &box, 0);
	check_hand("edge on face", &floor, &box, 0, m);
	assert_int_equal(m.count, 2);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-15);
	assert_near(m.points[0].depth, 0.01, 1e-12);
	assert_near(m.points[1].depth, 0.01, 1e-12);
	assert_near(fabs(m.points[0].point.x - m.points[1].point.x), 1.0, 1e-12);
	col_manifold wide = contact(&floor, &box, 0.5);
	check_hand("edge on face, wide margin", &floor, &box, 0.5, wide);
	assert_int_equal(wide.count, 4);
	col_manifold g = contact_general(&floor, &box, 0);
	assert_int_equal(g.count, 2);

	/* A corner down: the cube turned so that its diagonal (1, 1, 1) points straight down. */
	col_vec3 diagonal = col_vec3_normalize((col_vec3){1, 1, 1});
	col_vec3 axis = col_vec3_cross(diagonal, (col_vec3){0, 0, -1});
	box.pose.rotation = col_quat_from_axis_angle(axis, acos(-diagonal.z));
	box.pose.translation = (col_vec3){0, 0, 1 + 0.5 * sqrt(3.0) - 0.02};
	m = contact(&floor, &box, 0);
	check_hand("corner on face", &floor, &box, 0, m);
	assert_int_equal(m.count, 1);
	assert_near(m.points[0].depth, 0.02, 1e-12);
	assert_vec3_near(m.points[0].point_b, (col_vec3){0, 0, 0.98}, 1e-12);
	assert_int_equal(contact_general(&floor, &box, 0).count, 1);

	/* Edge across edge: two long bars crossed at right angles, each turned 45 degrees about its
	 * length, touching along their ridges: 1 point, normal along z. */
	col_shape bar = col_shape_box((col_vec3){2, 0.3, 0.3}), cross = bar;
	bar.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI / 4);
	cross.pose.rotation = col_quat_compose(col_quat_from_axis_angle((col_vec3){0, 0, 1}, COL_PI / 2),
	                                       col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI / 4));
	cross.pose.translation = (col_vec3){0.1, 0.2, 2 * 0.3 * sqrt(2.0) - 0.01};
	m = contact(&bar, &cross, 0);
	check_hand("edge across edge", &bar, &cross, 0, m);
	assert_int_equal(m.count, 1);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-9);
	assert_near(m.points[0].depth, 0.01, 1e-9);
}

/* A ball in the corner of a box: outside the corner (1 point, the normal along the diagonal) and
 * with its centre just inside the corner (the nearest face's normal). */
static void test_sphere_box_corner(void **state)
{
	(void)state;
	col_shape box = col_shape_box((col_vec3){1, 1, 1});
	box.pose.rotation = col_quat_from_axis_angle((col_vec3){0, 0, 1}, 0.5);
	col_vec3 corner = col_quat_apply(box.pose.rotation, (col_vec3){1, 1, 1});
	col_vec3 out = col_quat_apply(box.pose.rotation, col_vec3_normalize((col_vec3){1, 1, 1}));
	col_shape ball = col_shape_sphere(col_vec3_add(corner, col_vec3_scale(out, 0.2)), 0.25);
	col_manifold m = contact(&box, &ball, 0);
	check_hand("ball at a corner", &box, &ball, 0, m);
	assert_int_equal(m.method, COL_CONTACT_SPHERE_BOX);
	assert_int_equal(m.count, 1);
	assert_vec3_near(m.normal, out, 1e-12);
	assert_near(m.points[0].depth, 0.05, 1e-12);
	assert_vec3_near(m.points[0].point_a, corner, 1e-12);
	/* Centre inside, nearest the +y face (0.1 in), the others 0.2 in. */
	ball = col_shape_sphere(col_quat_apply(box.pose.rotation, (col_vec3){0.8, 0.9, 0.8}), 0.25);
	m = contact(&box, &ball, 0);
	check_hand("ball inside a corner", &box, &ball, 0, m);
	assert_vec3_near(m.normal, col_quat_apply(box.pose.rotation, (col_vec3){0, 1, 0}), 1e-12);
	assert_near(m.points[0].depth, 0.35, 1e-12);
	/* The sphere first: everything mirrored. */
	m = contact(&ball, &box, 0);
	assert_vec3_near(m.normal, col_quat_apply(box.pose.rotation, (col_vec3){0, -1, 0}), 1e-12);
	/* A rounded box is a box core with a radius: the same closed form. */
	col_shape rounded = col_shape_rounded(col_shape_box((col_vec3){0.9, 0.9, 0.9}), 0.1);
	ball = col_shape_sphere((col_vec3){0, 0, 1.2}, 0.25);
	m = contact(&rounded, &ball, 0);
	check_hand("ball on a rounded box", &rounded, &ball, 0, m);
	assert_near(m.points[0].depth, 0.05, 1e-12);
	/* Spheres: along the centres, and concentric (a tie: some unit normal, depth ra + rb). */
	col_shape s1 = col_shape_sphere((col_vec3){0, 0, 0}, 1),
	          s2 = col_shape_sphere((col_vec3){1.5, 0, 0}, 1);
	m = contact(&s1, &s2, 0);
	check_hand("spheres", &s1, &s2, 0, m);
	assert_int_equal(m.method, COL_CONTACT_SPHERES);
	assert_vec3_near(m.normal, (col_vec3){1, 0, 0}, 1e-15);
	assert_near(m.points[0].depth, 0.5, 1e-15);
	assert_vec3_near(m.points[0].point, (col_vec3){0.75, 0, 0}, 1e-15);
	s2.core.point = s1.core.point;
	m = contact(&s1, &s2, 0);
	assert_int_equal(m.count, 1);
	assert_near(m.points[0].depth, 2, 1e-15);
	/* Sphere and capsule. */
	col_shape cap = col_shape_capsule((col_vec3){-1, 0, 0}, (col_vec3){1, 0, 0}, 0.5);
	s1 = col_shape_sphere((col_vec3){0.3, 0, 0.8}, 0.5);
	m = contact(&cap, &s1, 0);
	check_hand("capsule and sphere", &cap, &s1, 0, m);
	assert_int_equal(m.method, COL_CONTACT_SPHERE_CAPSULE);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-15);
	assert_near(m.points[0].depth, 0.2, 1e-15);
}

static void test_capsules(void **state)
{
	(void)state;
	/* Parallel, side by side over x in [-0.5, 1]: 2 points at the stretch's ends. */
	col_shape c1 = col_shape_capsule((col_vec3){-1, 0, 0}, (col_vec3){1, 0, 0}, 0.2);
	col_shape c2 = col_shape_capsule((col_vec3){-0.5, 0, 0.35}, (col_vec3){1.5, 0, 0.35}, 0.2);
	col_manifold m = contact(&c1, &c2, 0);
	check_hand("parallel capsules", &c1, &c2, 0, m);
	assert_int_equal(m.method, COL_CONTACT_CAPSULES);
	assert_int_equal(m.count, 2);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-15);
	assert_near(m.points[0].depth, 0.05, 1e-15);
	assert_near(m.points[1].depth, 0.05, 1e-15);
	assert_near(fabs(m.points[0].point.x - m.points[1].point.x), 1.5, 1e-15);
	/* Crossed: 1 point. */
	c2 = col_shape_capsule((col_vec3){0.2, -1, 0.35}, (col_vec3){0.2, 1, 0.35}, 0.2);
	m = contact(&c1, &c2, 0);
	check_hand("crossed capsules", &c1, &c2, 0, m);
	assert_int_equal(m.count, 1);
	assert_vec3_near(m.points[0].point_a, (col_vec3){0.2, 0, 0.2}, 1e-15);
	/* Segments that cross (cores meet): the normal is their common normal, depth ra + rb. */
	c2 = col_shape_capsule((col_vec3){0.2, -1, 0}, (col_vec3){0.2, 1, 0}, 0.2);
	m = contact(&c1, &c2, 0);
	check_hand("crossing segments", &c1, &c2, 0, m);
	assert_near(fabs(m.normal.z), 1, 1e-15);
	assert_near(m.points[0].depth, 0.4, 1e-15);
	/* A capsule lying on a box: 2 points; standing on its end: 1. */
	col_shape box = col_shape_box((col_vec3){2, 2, 1});
	col_shape lying = col_shape_capsule((col_vec3){-1, 0, 1.15}, (col_vec3){1, 0.5, 1.15}, 0.2);
	m = contact(&box, &lying, 0);
	check_hand("capsule lying on a box", &box, &lying, 0, m);
	assert_int_equal(m.method, COL_CONTACT_CAPSULE_BOX);
	assert_int_equal(m.count, 2);
	assert_near(m.points[0].depth, 0.05, 1e-15);
	assert_near(m.points[1].depth, 0.05, 1e-15);
	col_shape standing = col_shape_capsule((col_vec3){0.5, 0.5, 1.15}, (col_vec3){0.5, 0.5, 3}, 0.2);
	m = contact(&box, &standing, 0);
	check_hand("capsule standing on a box", &box, &standing, 0, m);
	assert_int_equal(m.count, 1);
	/* Hanging over the box's edge: clipped at the edge. */
	lying = col_shape_capsule((col_vec3){1, 0, 1.15}, (col_vec3){3, 0, 1.15}, 0.2);
	m = contact(&box, &lying, 0);
	check_hand("capsule over an edge", &box, &lying, 0, m);
	assert_int_equal(m.count, 2);
	assert_near(fmax(m.points[0].point.x, m.points[1].point.x), 2, 1e-15);
	/* Crossing a box's edge diagonally, its segment inside the box: an edge axis. */
	col_shape diagonal = col_shape_capsule((col_vec3){1.5, -1, 1.45}, (col_vec3){2.5, 1, 0.45}, 0.1);
	m = contact(&box, &diagonal, 0);
	check_hand("capsule across an edge", &box, &diagonal, 0, m);
	assert_int_equal(m.count, 1);
}

/* Squares side by side: 2 points (a face); a square on its corner: 1; 2D capsules and circles. */
static void test_polygons_2d(void **state)
{
	(void)state;
	col_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	col_shape p = col_shape_polygon2(square, 4), q = col_shape_polygon2(square, 4);
	q.pose = col_shape_pose2((col_vec2){0.5, 1.95}, 0);
	col_manifold m = contact(&p, &q, 0);
	check_hand("squares", &p, &q, 0, m);
	assert_int_equal(m.method, COL_CONTACT_POLYGONS_2D);
	assert_int_equal(m.count, 2);
	assert_vec3_near(m.normal, (col_vec3){0, 1, 0}, 1e-15);
	assert_near(m.points[0].depth, 0.05, 1e-15);
	assert_near(m.points[1].depth, 0.05, 1e-15);
	/* On its corner. */
	q.pose = col_shape_pose2((col_vec2){0.3, 1 + sqrt(2.0) - 0.1}, COL_PI / 4);
	m = contact(&p, &q, 0);
	check_hand("square on its corner", &p, &q, 0, m);
	assert_int_equal(m.count, 1);
	assert_near(m.points[0].depth, 0.1, 1e-12);
	/* Slightly turned: one corner in, the other within a wide margin. */
	q.pose = col_shape_pose2((col_vec2){0.5, 2.05}, 0.1);
	m = contact(&p, &q, 0);
	check_hand("turned square", &p, &q, 0, m);
	assert_int_equal(m.count, 1);
	m = contact(&p, &q, 0.5);
	check_hand("turned square, margin", &p, &q, 0.5, m);
	assert_int_equal(m.count, 2);
	/* A 2D capsule on the square, and a circle in it. */
	col_shape cap = col_shape_capsule2((col_vec2){-2, 1.2}, (col_vec2){0, 1.2}, 0.25);
	m = contact(&p, &cap, 0);
	check_hand("capsule on a square", &p, &cap, 0, m);
	assert_int_equal(m.count, 2);
	assert_near(m.points[0].depth, 0.05, 1e-15);
	col_shape circle = col_shape_circle((col_vec2){0.9, 0.2}, 0.5);
	m = contact(&p, &circle, 0);
	check_hand("circle in a square", &p, &circle, 0, m);
	assert_int_equal(m.count, 1);
	assert_vec3_near(m.normal, (col_vec3){1, 0, 0}, 1e-15);
	assert_near(m.points[0].depth, 0.6, 1e-15);
	col_shape c2 = col_shape_circle((col_vec2){0.9, 1.0}, 0.5);
	m = contact(&circle, &c2, 0);
	check_hand("circles", &circle, &c2, 0, m);
	assert_int_equal(m.method, COL_CONTACT_SPHERES);
	assert_true(m.normal.z == 0);
	/* 2D manifolds stay in the plane. */
	for (int k = 0; k < m.count; k++)
		assert_true(m.points[k].point.z == 0);
}

/* The general path: hull cubes (4 points flat, 2 on an edge), a cylinder standing on its cap (rim
 * points) and lying on its side (2), a cone on its base and on its apex, a triangle on a box. */
static col_convex *hull_of(const col_vec3 *points, int n)
{
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_hull(points, n, &c, &error), &error);
	return c;
}

static col_convex *cube_hull(double half)
{
	col_vec3 v[8];
	for (int i = 0; i < 8; i++)
		v[i] = (col_vec3){i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half};
	return hull_of(v, 8);
}

static void test_general_path(void **state)
{
	(void)state;
	col_convex *cube = cube_hull(0.5), *slab = cube_hull(2);
	col_shape floor = col_shape_convex(slab), body = col_shape_convex(cube);
	floor.pose.translation = (col_vec3){0, 0, -2};
	body.pose.translation = (col_vec3){0.4, -0.3, 0.49};
	col_manifold m = contact(&floor, &body, 0);
	check_hand("hull on hull", &floor, &body, 0, m);
	assert_int_equal(m.method, COL_CONTACT_EPA_CLIPPED);
	assert_int_equal(m.count, 4);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-12);
	for (int q = 0; q < 4; q++)
		assert_near(m.points[q].depth, 0.01, 1e-12);
	/* Exactly touching, and hovering within the margin. */
	body.pose.translation.z = 0.5;
	m = contact(&floor, &body, 0);
	check_hand("hull touching hull", &floor, &body, 0, m);
	assert_int_equal(m.count, 4);
	assert_vec3_near(m.normal, (col_vec3){0, 0, 1}, 1e-12);
	body.pose.translation.z = 0.53;
	m = contact(&floor, &body, 0.05);
	check_hand("hull over hull", &floor, &body, 0.05, m);
	assert_int_equal(m.method, COL_CONTACT_GJK_CLIPPED);
	assert_int_equal(m.count, 4);
	assert_near(m.points[0].depth, -0.03, 1e-12);
	/* On an edge. */
	body.pose.rotation = col_quat_from_axis_angle((col_vec3){0, 1, 0}, 0.4);
	body.pose.translation.z = 0.5 * (cos(0.4) + sin(0.4)) - 0.01;
	m = contact(&floor, &body, 0);
	check_hand("hull on its edge", &floor, &body, 0, m);
	assert_int_equal(m.count, 2);
	/* A cylinder standing on the floor: points of its rim; lying: its side's segment. */
	col_shape cyl = col_shape_cylinder(0.5, 1);
	cyl.pose.translation = (col_vec3){0.2, 0.1, 0.99};
	m = contact(&floor, &cyl, 0);
	check_hand("cylinder standing", &floor, &cyl, 0, m);
	assert_int_equal(m.count, 4);
	for (int q = 0; q < 4; q++) {
		assert_near(m.points[q].depth, 0.01, 1e-12);
		col_vec3 rim = col_vec3_sub(m.points[q].point_b, cyl.pose.translation);
		assert_near(hypot(rim.x, rim.y), 0.5, 1e-12);
	}
	cyl.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI / 2);
	cyl.pose.translation = (col_vec3){0.2, 0.1, 0.49};
	m = contact(&floor, &cyl, 0);
	check_hand("cylinder lying", &floor, &cyl, 0, m);
	assert_int_equal(m.count, 2);
	assert_near(fabs(m.points[0].point.y - m.points[1].point.y), 2, 1e-9);
	/* Tipped onto its rim: the rim's deepest point. */
	cyl.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, 0.5);
	cyl.pose.translation.z = 0.5 * sin(0.5) + cos(0.5) - 0.01;
	m = contact(&floor, &cyl, 0);
	check_hand("cylinder on its rim", &floor, &cyl, 0, m);
	assert_near(m.points[0].depth, 0.01, 1e-9);
	/* A cone on its base (rim points) and on its apex (1 point). */
	col_shape cone = col_shape_cone(0.6, 0.8);
	cone.pose.translation = (col_vec3){0, 0, 0.79};
	m = contact(&floor, &cone, 0);
	check_hand("cone on its base", &floor, &cone, 0, m);
	assert_int_equal(m.count, 4);
	cone.pose.rotation = col_quat_from_axis_angle((col_vec3){1, 0, 0}, COL_PI);
	m = contact(&floor, &cone, 0);
	check_hand("cone on its apex", &floor, &cone, 0, m);
	assert_int_equal(m.count, 1);
	assert_near(m.points[0].depth, 0.01, 1e-12);
	/* A triangle lying on the floor, sunk: its 3 corners. */
	col_shape tri =
	    col_shape_triangle((col_vec3){0, 0, -0.01}, (col_vec3){1, 0, -0.01}, (col_vec3){0, 1, -0.01});
	m = contact(&floor, &tri, 0);
	check_hand("triangle on the floor", &floor, &tri, 0, m);
	assert_int_equal(m.count, 3);
	col_convex_destroy(cube);
	col_convex_destroy(slab);
}

/* A failing manifold: the status, a message that contains `says`, and no points left in out. */
static void expect_contact_failure(col_status status, const col_manifold *m, const col_error *error,
                                   col_status code, const char *says)
{
	assert_int_equal(status, code);
	assert_int_equal(error->code, code);
	if (strstr(error->message, says) == NULL)
		fail_msg("message \"%s\" does not say \"%s\"", error->message, says);
	assert_int_equal(m->count, 0);
	assert_int_equal(m->method, COL_CONTACT_NONE);
}

/* NaN and infinite poses, negative radii, NULL shapes, NaN or negative margins: errors that name
 * the fault, on both paths and either side. */
static void test_contact_errors(void **state)
{
	(void)state;
	col_manifold m;
	col_error e;
	col_shape a = col_shape_sphere((col_vec3){0, 0, NAN}, 1),
	          b = col_shape_sphere((col_vec3){0, 0, 0}, 1);
	expect_contact_failure(col_contact(&a, &b, 0, &m, &e), &m, &e, COL_ERROR_NOT_FINITE,
	                       "contact: shape a: sphere: a coordinate is not finite");
	expect_contact_failure(col_contact(&b, &a, 0, &m, &e), &m, &e, COL_ERROR_NOT_FINITE,
	                       "contact: shape b");
	expect_contact_failure(col_contact_general(&a, &b, 0, &m, &e), &m, &e, COL_ERROR_NOT_FINITE,
	                       "contact: shape a");
	expect_contact_failure(col_contact(NULL, &b, 0, &m, &e), &m, &e, COL_ERROR_INVALID_ARGUMENT,
	                       "contact: shape a is NULL");
	col_shape box = col_shape_box((col_vec3){1, 1, 1});
	box.pose.rotation.w = INFINITY;
	expect_contact_failure(col_contact(&box, &b, 0, &m, &e), &m, &e, COL_ERROR_NOT_FINITE, "box: pose");
	box = col_shape_box((col_vec3){1, 1, 1});
	box.radius = -1;
	expect_contact_failure(col_contact(&box, &b, 0, &m, &e), &m, &e, COL_ERROR_INVALID_ARGUMENT,
	                       "box: radius -1 is negative");
	box = col_shape_box((col_vec3){1, NAN, 1});
	assert_int_not_equal(col_contact(&b, &box, 0, &m, &e), COL_OK);
	assert_int_equal(m.count, 0);
	col_shape c = col_shape_sphere((col_vec3){1.5, 0, 0}, 1);
	expect_contact_failure(col_contact(&b, &c, NAN, &m, &e), &m, &e, COL_ERROR_INVALID_ARGUMENT,
	                       "contact: margin nan must be >= 0");
	expect_contact_failure(col_contact(&b, &c, -1, &m, &e), &m, &e, COL_ERROR_INVALID_ARGUMENT,
	                       "contact: margin -1 must be >= 0");
	assert_int_equal(col_contact(&b, &c, 0, NULL, &e), COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_contact(&a, &c, 0, &m, NULL), COL_ERROR_NOT_FINITE); /* error may be NULL */
	/* An infinite margin is no error: any two shapes get their nearest points. */
	c.pose.translation.x = 100;
	assert_int_equal(col_contact(&b, &c, INFINITY, &m, &e), COL_OK);
	assert_int_equal(m.count, 1);
	assert_near(m.points[0].depth, -99.5, 1e-12);
	assert_string_equal(col_contact_method_name(COL_CONTACT_BOXES), "boxes");
	assert_string_equal(col_contact_method_name((col_contact_method)99), "unknown");
}

/* ---- random poses per pair class ---- */

typedef enum pair_class {
	CLASS_SPHERES,
	CLASS_SPHERE_CAPSULE,
	CLASS_CAPSULES,
	CLASS_SPHERE_BOX,
	CLASS_CAPSULE_BOX,
	CLASS_BOXES,
	CLASS_CIRCLES,
	CLASS_CIRCLE_POLYGON,
	CLASS_POLYGONS,
	CLASS_COUNT
} pair_class;

static const char *class_names[CLASS_COUNT] = {"sphere/sphere", "sphere/capsule", "capsule/capsule",
                                               "sphere/box",    "capsule/box",    "box/box",
                                               "circle/circle", "circle/polygon", "polygon/polygon"};

static col_shape random_sphere(rng *r)
{
	col_shape s = col_shape_sphere(rng_vec3(r, -0.5, 0.5), rng_in(r, 0.05, 1.2));
	s.pose = rng_pose(r, 1.5);
	return s;
}

static col_shape random_capsule(rng *r)
{
	col_vec3 c = rng_vec3(r, -0.3, 0.3), half = col_vec3_scale(rng_unit_vector3(r), rng_in(r, 0, 1.2));
	col_shape s = col_shape_capsule(col_vec3_sub(c, half), col_vec3_add(c, half), rng_in(r, 0.05, 0.8));
	s.pose = rng_pose(r, 1.5);
	return s;
}

static col_shape random_box(rng *r)
{
	col_shape s = col_shape_box(rng_vec3(r, 0.1, 1.2));
	if (rng_int(r, 0, 3) == 0)
		s.radius = rng_in(r, 0, 0.3); /* a rounded box */
	s.pose = rng_pose(r, 1.5);
	return s;
}

static bool polygon_valid(const col_shape *s)
{
	col_error error;
	return col_shape_validate(s, &error) == COL_OK;
}

/* A random 2D shape of the polygon class: a polygon, a box or a capsule, sometimes rounded. */
static col_shape random_shape_2d(rng *r, col_vec2 *storage)
{
	col_shape s;
	int kind = rng_int(r, 0, 3);
	if (kind == 0) {
		col_vec2 p0 = {rng_in(r, -1, 0), rng_in(r, -0.5, 0.5)};
		col_vec2 p1 = {rng_in(r, 0, 1), rng_in(r, -0.5, 0.5)};
		s = col_shape_capsule2(p0, p1, rng_in(r, 0.05, 0.5));
	} else if (kind == 1) {
		s = col_shape_box((col_vec3){rng_in(r, 0.1, 1), rng_in(r, 0.1, 1), 0});
		s.dimension = 2;
	} else {
		int n;
		do {
			n = random_polygon_points(r, storage);
			s = col_shape_polygon2(storage, n);
		} while (!polygon_valid(&s));
	}
	if (kind >= 1 && rng_int(r, 0, 3) == 0)
		s.radius = rng_in(r, 0, 0.2);
	s.pose =
	    col_shape_pose2((col_vec2){rng_in(r, -1.5, 1.5), rng_in(r, -1.5, 1.5)}, rng_in(r, 0, 2 * COL_PI));
	return s;
}

static col_shape random_circle(rng *r)
{
	col_shape s =
	    col_shape_circle((col_vec2){rng_in(r, -0.3, 0.3), rng_in(r, -0.3, 0.3)}, rng_in(r, 0.05, 1));
	s.pose =
	    col_shape_pose2((col_vec2){rng_in(r, -1.5, 1.5), rng_in(r, -1.5, 1.5)}, rng_in(r, 0, 2 * COL_PI));
	return s;
}

static void random_class(pair_class k, uint64_t seed)
{
	rng r = rng_make(rng_env_seed(seed));
	tally t, general;
	memset(&t, 0, sizeof t);
	memset(&general, 0, sizeof general);
	int cases = COLLIDE_RANDOM_CASES;
	col_vec2 storage_a[8], storage_b[8];
	clock_t start = clock();
	for (int i = 0; i < cases; i++) {
		col_shape a, b;
		switch (k) {
		case CLASS_SPHERES: a = random_sphere(&r), b = random_sphere(&r); break;
		case CLASS_SPHERE_CAPSULE: a = random_sphere(&r), b = random_capsule(&r); break;
		case CLASS_CAPSULES: a = random_capsule(&r), b = random_capsule(&r); break;
		case CLASS_SPHERE_BOX: a = random_sphere(&r), b = random_box(&r); break;
		case CLASS_CAPSULE_BOX: a = random_capsule(&r), b = random_box(&r); break;
		case CLASS_BOXES: a = random_box(&r), b = random_box(&r); break;
		case CLASS_CIRCLES: a = random_circle(&r), b = random_circle(&r); break;
		case CLASS_CIRCLE_POLYGON: a = random_circle(&r), b = random_shape_2d(&r, storage_b); break;
		default: a = random_shape_2d(&r, storage_a), b = random_shape_2d(&r, storage_b); break;
		}
		if (rng_coin(&r)) {
			col_shape s = a;
			a = b;
			b = s;
		}
		double margin = rng_margin(&r);
		col_manifold m = contact(&a, &b, margin);
		pair_truth truth = {0};
		check_manifold_knowing(&r, i, class_names[k], &a, &b, margin, m, i % 16 == 0, &t, &truth);
		if (i % 16 == 0) {
			/* The general path on the same pair: the same checks (against the same truth), and
			 * the same deepest depth. */
			col_manifold g = contact_general(&a, &b, margin);
			check_manifold_knowing(&r, i, class_names[k], &a, &b, margin, g, false, &general,
			                       &truth);
			if (g.count > 0 && m.count > 0 &&
			    fabs(g.points[0].depth - m.points[0].depth) > 1e-9 * pair_scale(&a, &b))
				FAIL_CASE(&r, i, "%s: closed form depth %.17g, general path %.17g",
				          class_names[k], m.points[0].depth, g.points[0].depth);
		}
	}
	t.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_tally(class_names[k], &t);
	char what[64];
	snprintf(what, sizeof what, "  general path");
	print_tally(what, &general);
	/* Each kind of answer must have been exercised. */
	assert_true(t.overlapping > cases / 20);
	assert_true(t.apart > cases / 20);
	assert_true(t.within_margin > cases / 100);
	assert_true(t.closed_form >= (cases - t.counts[0]) * 99 / 100);
}

static void test_random_spheres(void **state)
{
	(void)state;
	random_class(CLASS_SPHERES, 0xC0A7AC71);
}
static void test_random_sphere_capsule(void **state)
{
	(void)state;
	random_class(CLASS_SPHERE_CAPSULE, 0xC0A7AC72);
}
static void test_random_capsules(void **state)
{
	(void)state;
	random_class(CLASS_CAPSULES, 0xC0A7AC73);
}
static void test_random_sphere_box(void **state)
{
	(void)state;
	random_class(CLASS_SPHERE_BOX, 0xC0A7AC74);
}
static void test_random_capsule_box(void **state)
{
	(void)state;
	random_class(CLASS_CAPSULE_BOX, 0xC0A7AC75);
}
static void test_random_boxes(void **state)
{
	(void)state;
	random_class(CLASS_BOXES, 0xC0A7AC76);
}
static void test_random_circles(void **state)
{
	(void)state;
	random_class(CLASS_CIRCLES, 0xC0A7AC77);
}
static void test_random_circle_polygon(void **state)
{
	(void)state;
	random_class(CLASS_CIRCLE_POLYGON, 0xC0A7AC78);
}
static void test_random_polygons(void **state)
{
	(void)state;
	random_class(CLASS_POLYGONS, 0xC0A7AC79);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_resting_box_stack),     cmocka_unit_test(test_tilted_box),
	    cmocka_unit_test(test_sphere_box_corner),     cmocka_unit_test(test_capsules),
	    cmocka_unit_test(test_polygons_2d),           cmocka_unit_test(test_general_path),
	    cmocka_unit_test(test_contact_errors),        cmocka_unit_test(test_random_spheres),
	    cmocka_unit_test(test_random_sphere_capsule), cmocka_unit_test(test_random_capsules),
	    cmocka_unit_test(test_random_sphere_box),     cmocka_unit_test(test_random_capsule_box),
	    cmocka_unit_test(test_random_boxes),          cmocka_unit_test(test_random_circles),
	    cmocka_unit_test(test_random_circle_polygon), cmocka_unit_test(test_random_polygons),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
