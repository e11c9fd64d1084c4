/* The large-scene backend's per-element code (the COL_HD functions of gpu/src/element, what one GPU
 * thread runs, compiled here by the C compiler) against the engine's exact routines.
 *
 * The filtered tests answer yes, no or unsure (a sign: +1, -1 or unsure), and an unsure element is
 * handed to the engine's exact routine. So the contract checked here: every certified answer is the
 * engine's exact one; exactly degenerate input (coplanar, touching, tangent, on an edge or a vertex)
 * gets either the exact answer or unsure, never the wrong one; and on random input in general
 * position unsure is rare (under 1%). Every pair is drawn in five classes: general position; a
 * small integer grid, where touching, coplanar and collinear configurations are common; that grid
 * nudged by a few ulps; the grid moved by 2^0 to 2^44 ulps, so that the exact values sweep through
 * each rounding bound from below it to far above it; and that banded grid with each point and radius
 * at its own scale (2^-12 to 2^12 of the others), so that the bounds meet lengths of unlike sizes.
 * Scales run from 2^-66 (about 1e-20) to 2^66 (about 1e20), offsets to 1e6. Unsure answers are
 * counted and printed per class.
 *
 * Then the mesh queries and the posed triangle pairs as the kernels run them, the rigid motion bit
 * for bit, the LBVH's nodes and walks against brute force, and the closest-point routines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/cga_collide.h"
#include "collide/intersect3d.h"
#include "collide/mesh.h"
#include "collide/predicates.h"
#include "collide/shapes3d.h"
#include "element/closest.h"
#include "element/queries.h"

#include "mesh_oracles.h" /* box_distance_squared */
#include "support.h"

#define SEED 0x4850454C454D454EULL

_Static_assert(sizeof(hd_vec3) == sizeof(col_vec3), "hd_vec3 is read as col_vec3");
_Static_assert(sizeof(hd_pose) == sizeof(col_transform3), "hd_pose is read as col_transform3");

static col_vec3 v3(double x, double y, double z)
{
	return (col_vec3){x, y, z};
}

static hd_vec3 hv(col_vec3 v)
{
	return hd_v3(v.x, v.y, v.z);
}

static col_vec3 cv(hd_vec3 v)
{
	return v3(v.x, v.y, v.z);
}

static col_triangle tri(col_vec3 a, col_vec3 b, col_vec3 c)
{
	return (col_triangle){a, b, c};
}

/* s v + d, exact for the dyadic scales and integer offsets used below. */
static col_vec3 placed(col_vec3 v, double s, col_vec3 d)
{
	return v3(v.x * s + d.x, v.y * s + d.y, v.z * s + d.z);
}

static col_triangle tri_placed(col_triangle t, double s, col_vec3 d)
{
	return tri(placed(t.a, s, d), placed(t.b, s, d), placed(t.c, s, d));
}

static hd_octree_triangle octree_triangle(col_triangle t)
{
	/* hd_query_test and the pair tests read only the vertices */
	hd_octree_triangle record;
	memset(&record, 0, sizeof record);
	record.a = hv(t.a);
	record.b = hv(t.b);
	record.c = hv(t.c);
	return record;
}

static hd_pose pose_of(col_transform3 t)
{
	hd_pose p;
	p.qx = t.rotation.x;
	p.qy = t.rotation.y;
	p.qz = t.rotation.z;
	p.qw = t.rotation.w;
	p.t = hv(t.translation);
	return p;
}

static int sign_of(double x)
{
	return x > 0 ? 1 : x < 0 ? -1 : 0;
}

static int yes_no(bool b)
{
	return b ? HD_YES : HD_NO;
}

/* ---- counting answers ---- */

typedef enum case_class {
	CLASS_GENERAL,
	CLASS_GRID,
	CLASS_NUDGED,
	CLASS_BAND,
	CLASS_MIXED,
	CLASS_COUNT
} case_class;

static const char *const class_names[CLASS_COUNT] = {"general", "grid", "nudged grid", "banded grid",
                                                     "mixed scales"};

/* One filtered routine's answers: per class, the cases, how many the engine said yes (or +1) to,
 * how many the filter left unsure. The first class is general position: under 1% unsure there. */
typedef struct tally {
	const char *name;
	const char *const *classes;
	int cases[CLASS_COUNT], yes[CLASS_COUNT], unsure[CLASS_COUNT];
} tally;

static tally tally_make(const char *name, const char *const *classes)
{
	tally t;
	memset(&t, 0, sizeof t);
	t.name = name;
	t.classes = classes;
	return t;
}

/* Counts one answer; false when it is certified and not the exact one (exact: +1, -1 or 0, where 0
 * leaves only unsure right). */
static bool tally_add(tally *t, case_class k, int answer, int exact)
{
	t->cases[k]++;
	t->yes[k] += exact > 0;
	t->unsure[k] += answer == HD_UNSURE;
	return answer == HD_UNSURE || ((answer == 1 || answer == -1) && answer == exact);
}

static void tally_report(const tally *t)
{
	for (int k = 0; k < CLASS_COUNT; k++)
		if (t->cases[k] > 0)
			print_message("%-34s %-18s %7d cases, %7d yes, %6d unsure (%.3f%%)\n", t->name,
			              t->classes[k], t->cases[k], t->yes[k], t->unsure[k],
			              100.0 * t->unsure[k] / t->cases[k]);
	if (t->cases[CLASS_GENERAL] > 0 && 100 * t->unsure[CLASS_GENERAL] >= t->cases[CLASS_GENERAL])
		fail_msg("%s: %d of %d cases in general position left unsure (under 1%% expected)", t->name,
		         t->unsure[CLASS_GENERAL], t->cases[CLASS_GENERAL]);
}

/* A random case's inputs, printed in hex floats on failure so that it can be replayed exactly. */
typedef struct shape_case {
	col_vec3 p[6];
	int points;
	double radius[2];
	int radii;
	bool posed;
	col_transform3 pose;
} shape_case;

static shape_case shape_case_make(int points, int radii)
{
	shape_case c;
	memset(&c, 0, sizeof c);
	c.points = points;
	c.radii = radii;
	return c;
}

static void describe(const shape_case *c, char *text, size_t size)
{
	size_t used = 0;
	text[0] = '\0';
	for (int k = 0; k < c->points && used < size; k++)
		used += (size_t)snprintf(text + used, size - used, "p%d (%a, %a, %a) ", k, c->p[k].x,
		                         c->p[k].y, c->p[k].z);
	for (int k = 0; k < c->radii && used < size; k++)
		used += (size_t)snprintf(text + used, size - used, "r%d %a ", k, c->radius[k]);
	if (c->posed && used < size) {
		col_quat q = c->pose.rotation;
		col_vec3 d = c->pose.translation;
		snprintf(text + used, size - used, "pose q (%a, %a, %a, %a) t (%a, %a, %a)", q.x, q.y, q.z,
		         q.w, d.x, d.y, d.z);
	}
}

/* Counts the answer, and fails naming the seed, the case and its inputs when a certified answer is
 * not the engine's. */
static void judge(tally *t, case_class k, int answer, int exact, const rng *r, int i, const shape_case *c)
{
	if (tally_add(t, k, answer, exact))
		return;
	char text[1200];
	describe(c, text, sizeof text);
	FAIL_CASE(r, i, "%s (%s): the filter certifies %d, the engine says %d, for %s\n", t->name,
	          t->classes[k], answer, exact, text);
}

/* The hand-made cases of one test. */
typedef struct hand {
	int answers, unsure;
} hand;

/* A hand-made case: the filter answers `exact` or unsure. */
static void hand_expect(hand *h, const char *routine, const char *label, int answer, int exact)
{
	h->answers++;
	h->unsure += answer == HD_UNSURE;
	if (answer != HD_UNSURE && answer != exact)
		fail_msg("%s, %s: the filter certifies %d, the exact answer is %d", routine, label, answer,
		         exact);
}

static void hand_report(const hand *h, const char *what)
{
	print_message("%-34s %4d hand-made answers, %4d unsure\n", what, h->answers, h->unsure);
}

/* ---- random cases ---- */

/* Where a case's points are drawn: scale times (offset + a point of the class's set). Scales are
 * powers of two and offsets integers, so a grid point stays exact however far it is moved. */
typedef struct frame {
	case_class kind;
	double scale;
	col_vec3 offset; /* in units of scale */
	int grid;        /* the points lie in [-grid, grid]^3 around the offset */
} frame;

static frame frame_draw(rng *r, case_class kind)
{
	static const double scales[] = {0x1p-66, 0x1p-10, 1.0, 0x1p10, 0x1p20, 0x1p66};
	static const double offsets[] = {0.0, 1e3, 1e6};
	/* one draw per statement, so that the order of draws is the seed's */
	frame f = {kind, 1.0, {0, 0, 0}, 1};
	f.scale = scales[rng_int(r, 0, 5)];
	f.grid = rng_int(r, 1, 2);
	double offset = offsets[rng_int(r, 0, 2)];
	/* at 2^-66 an offset would take the grid past 2^53 units */
	double units = f.scale < 0x1p-20 ? 0.0 : round(offset / f.scale);
	f.offset.x = rng_coin(r) ? units : -units;
	f.offset.y = rng_coin(r) ? units : -units;
	f.offset.z = round(0.5 * units);
	return f;
}

/* A grid value x, or, in the nudged classes (half the time), x moved by a few ulps (nudged) or by 2^0
 * to 2^44 of them (banded, mixed). */
static double perturb(rng *r, const frame *f, double x)
{
	if (f->kind == CLASS_GRID || f->kind == CLASS_GENERAL || !rng_coin(r))
		return x;
	double ulp = (fabs(x) + f->scale) * 0x1p-52;
	if (f->kind == CLASS_NUDGED)
		return x + rng_int(r, -3, 3) * ulp;
	double sign = rng_coin(r) ? 1.0 : -1.0;
	return x + sign * ldexp(ulp, rng_int(r, 0, 44));
}

static double coordinate(rng *r, const frame *f, double offset, double factor)
{
	if (f->kind == CLASS_GENERAL)
		return (offset + rng_in(r, -1.0, 1.0) * f->grid) * f->scale;
	double x = (offset + rng_int(r, -f->grid, f->grid) * factor) * f->scale;
	return perturb(r, f, x);
}

/* In the mixed class, each point and radius its own power of two. */
static double factor_draw(rng *r, const frame *f)
{
	return f->kind == CLASS_MIXED ? ldexp(1.0, rng_int(r, -12, 12)) : 1.0;
}

static col_vec3 point_draw(rng *r, const frame *f)
{
	double factor = factor_draw(r, f);
	col_vec3 p;
	p.x = coordinate(r, f, f->offset.x, factor);
	p.y = coordinate(r, f, f->offset.y, factor);
	p.z = coordinate(r, f, f->offset.z, factor);
	return p;
}

/* Half-integers on the grid classes (0 included), so that tangent spheres are common there. */
static double radius_draw(rng *r, const frame *f)
{
	if (f->kind == CLASS_GENERAL)
		return rng_unit(r) * f->grid * f->scale;
	double factor = factor_draw(r, f);
	double x = rng_int(r, 0, 2 * f->grid) * 0.5 * factor * f->scale;
	return fabs(perturb(r, f, x));
}

/* ---- 1. orient3d ---- */

static int filtered_orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	return hd_orient3d_sign(hv(a), hv(b), hv(c), hv(d));
}

static void hand_orient3d(hand *h, const char *label, col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d,
                          int expected)
{
	assert_int_equal(sign_of(col_orient3d(a, b, c, d)), expected);
	hand_expect(h, "hd_orient3d_sign", label, filtered_orient3d(a, b, c, d), expected);
	/* an odd permutation flips the sign */
	hand_expect(h, "hd_orient3d_sign (b a c d)", label, filtered_orient3d(b, a, c, d), -expected);
}

static void test_orient3d_cases(void **state)
{
	(void)state;
	hand h = {0, 0};
	col_vec3 o = v3(0, 0, 0), x = v3(1, 0, 0), y = v3(0, 1, 0);
	/* d below the plane of a counter-clockwise a b c (seen from +z) is positive */
	hand_orient3d(&h, "below a counter-clockwise triangle: +1", o, x, y, v3(0.25, 0.25, -1), 1);
	hand_orient3d(&h, "above it: -1", o, x, y, v3(0.25, 0.25, 1), -1);
	assert_int_equal(filtered_orient3d(o, x, y, v3(0.25, 0.25, -1)), 1); /* clear-cut: certified */
	hand_orient3d(&h, "2^-60 below its plane: +1", o, x, y, v3(0.25, 0.25, -0x1p-60), 1);
	hand_orient3d(&h, "in its plane: 0", o, x, y, v3(0.3, 0.7, 0), 0);
	hand_orient3d(&h, "on its edge: 0", o, x, y, v3(0.5, 0, 0), 0);
	hand_orient3d(&h, "collinear a, b, c: 0", o, x, v3(2, 0, 0), v3(5, 7, 9), 0);
	hand_orient3d(&h, "d repeats a: 0", o, x, y, o, 0);
	hand_orient3d(&h, "all four the same point: 0", x, x, x, x, 0);
	/* a slanted plane through the origin, dyadic, so d = b + c exactly */
	col_vec3 b = v3(1, 0.5, 0.25), c = v3(0.5, 1, 0.75), d = v3(1.5, 1.5, 1);
	hand_orient3d(&h, "slanted plane, dyadic: 0", o, b, c, d, 0);
	static const double scales[] = {0x1p66, 0x1p-66, 0x1p-10, 0x1p20};
	for (int k = 0; k < 4; k++) {
		double s = scales[k];
		col_vec3 none = v3(0, 0, 0), far = v3(1 << 20, -(1 << 19), 3 << 18);
		hand_orient3d(&h, "slanted plane scaled: 0", o, placed(b, s, none), placed(c, s, none),
		              placed(d, s, none), 0);
		hand_orient3d(&h, "slanted plane scaled, offset: 0", placed(o, s, placed(far, s, none)),
		              placed(b, s, placed(far, s, none)), placed(c, s, placed(far, s, none)),
		              placed(d, s, placed(far, s, none)), 0);
		hand_orient3d(&h, "below, scaled: +1", o, placed(x, s, none), placed(y, s, none),
		              placed(v3(0.25, 0.25, -1), s, none), 1);
	}
	/* 1e20 and 1e-20 (not powers of two): the signs are the engine's */
	static const double decimal[] = {1e20, 1e-20};
	for (int k = 0; k < 2; k++) {
		double s = decimal[k];
		col_vec3 none = v3(0, 0, 0), p = placed(v3(0.3, 0.2, -0.7), s, none);
		hand_orient3d(&h, "below at 1e20 / 1e-20: +1", o, placed(x, s, none), placed(y, s, none), p,
		              1);
		hand_orient3d(&h, "in the plane z = 0 at 1e20 / 1e-20: 0", placed(v3(0.1, 0.2, 0), s, none),
		              placed(x, s, none), placed(y, s, none), placed(v3(0.7, 0.3, 0), s, none), 0);
	}
	/* The plane z = 1e6 and a point one ulp above it. */
	hand_orient3d(&h, "one ulp above the plane z = 1e6: -1", v3(0, 0, 1e6), v3(1, 0, 1e6), v3(0, 1, 1e6),
	              v3(0.25, 0.25, nextafter(1e6, 2e6)), -1);
	hand_orient3d(&h, "on the plane z = 1e6: 0", v3(0, 0, 1e6), v3(1, 0, 1e6), v3(0, 1, 1e6),
	              v3(0.25, 0.25, 1e6), 0);
	hand_report(&h, "hd_orient3d_sign");
}

static void test_orient3d_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 1));
	tally t = tally_make("hd_orient3d_sign", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(4, 0);
		for (int k = 0; k < 4; k++)
			c.p[k] = point_draw(&r, &f);
		int exact = sign_of(col_orient3d(c.p[0], c.p[1], c.p[2], c.p[3]));
		judge(&t, kind, filtered_orient3d(c.p[0], c.p[1], c.p[2], c.p[3]), exact, &r, i, &c);
	}
	tally_report(&t);

	/* General position at about 1e20 and 1e-20 (decimal scales, so nothing is dyadic). */
	static const char *const at_1e20[CLASS_COUNT] = {"general, at 1e20"};
	static const char *const at_1e_20[CLASS_COUNT] = {"general, at 1e-20"};
	tally large = tally_make("hd_orient3d_sign", at_1e20),
	      tiny = tally_make("hd_orient3d_sign", at_1e_20);
	for (int i = 0; i < 2 * COLLIDE_RANDOM_CASES; i++) {
		tally *which = i % 2 == 0 ? &large : &tiny;
		double s = i % 2 == 0 ? 1e20 : 1e-20;
		shape_case c = shape_case_make(4, 0);
		for (int k = 0; k < 4; k++)
			c.p[k] = placed(rng_vec3(&r, -1, 1), s, v3(0, 0, 0));
		int exact = sign_of(col_orient3d(c.p[0], c.p[1], c.p[2], c.p[3]));
		judge(which, CLASS_GENERAL, filtered_orient3d(c.p[0], c.p[1], c.p[2], c.p[3]), exact, &r, i,
		      &c);
	}
	tally_report(&large);
	tally_report(&tiny);
}

/* Exactly coplanar points (d = a + s (b - a) + t (c - a) with dyadic s, t, or a, b, c collinear) on
 * integer coordinates, scaled by powers of two and offset: the exact sign is 0, so a certified sign
 * would be a wrong one. */
static void test_orient3d_coplanar(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 2));
	static const double scales[] = {0x1p-66, 0x1p-10, 1.0, 0x1p10, 0x1p66};
	int unsure = 0;
	for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
		col_vec3 p[4];
		for (int k = 0; k < 3; k++) {
			p[k].x = rng_int(&r, -64, 64);
			p[k].y = rng_int(&r, -64, 64);
			p[k].z = rng_int(&r, -64, 64);
		}
		double s = rng_int(&r, -16, 16) * 0.125;
		double t = rng_int(&r, -16, 16) * 0.125;
		col_vec3 e = col_vec3_sub(p[1], p[0]), f = col_vec3_sub(p[2], p[0]);
		p[3] = col_vec3_add(p[0], col_vec3_add(col_vec3_scale(e, s), col_vec3_scale(f, t)));
		if (rng_int(&r, 0, 3) == 0) /* c on the line ab instead: then any d is coplanar */
			p[2] = col_vec3_add(p[0], col_vec3_scale(e, t));
		double scale = scales[rng_int(&r, 0, 4)];
		double units = scale < 1.0 ? 0.0 : (double)rng_int(&r, -(1 << 20), 1 << 20);
		col_vec3 offset = v3(units * scale, -units * scale, 0.5 * units * scale);
		shape_case c = shape_case_make(4, 0);
		int roles = rng_int(&r, 0, 3); /* which point is the dependent one */
		for (int k = 0; k < 4; k++)
			c.p[k] = placed(p[(k + roles) % 4], scale, offset);
		if (col_orient3d(c.p[0], c.p[1], c.p[2], c.p[3]) != 0.0)
			FAIL_CASE(&r, i, "the coplanar case is not coplanar: a bug in the test\n");
		int answer = filtered_orient3d(c.p[0], c.p[1], c.p[2], c.p[3]);
		if (answer != HD_UNSURE) {
			char text[1200];
			describe(&c, text, sizeof text);
			FAIL_CASE(&r, i, "hd_orient3d_sign certifies %d for coplanar points %s\n", answer,
			          text);
		}
		unsure++;
	}
	print_message("%-34s %-18s %7d cases, all exactly coplanar, %7d unsure (all required)\n",
	              "hd_orient3d_sign", "coplanar, dyadic", COLLIDE_RANDOM_CASES, unsure);
}

/* ---- 2. segment against triangle ---- */

static void hand_segment_triangle(hand *h, const char *label, col_vec3 p, col_vec3 q, col_triangle t,
                                  bool expected)
{
	assert_int_equal(col_segment_intersects_triangle(p, q, t), expected);
	assert_int_equal(col_cga_segment_triangle(p, q, t), expected);
	/* both ends first, and the triangle turned and reversed */
	col_triangle turns[3] = {t, tri(t.b, t.c, t.a), tri(t.a, t.c, t.b)};
	for (int k = 0; k < 3; k++) {
		col_triangle u = turns[k];
		hd_cga_triangle prepared = hd_cga_prepare(hv(u.a), hv(u.b), hv(u.c));
		hand_expect(h, "hd_segment_triangle", label,
		            hd_segment_triangle(hv(p), hv(q), hv(u.a), hv(u.b), hv(u.c)), yes_no(expected));
		hand_expect(h, "hd_segment_triangle (q p)", label,
		            hd_segment_triangle(hv(q), hv(p), hv(u.a), hv(u.b), hv(u.c)), yes_no(expected));
		hand_expect(h, "hd_cga_segment_triangle", label,
		            hd_cga_segment_triangle(hv(p), hv(q), &prepared), yes_no(expected));
		hand_expect(h, "hd_cga_segment_triangle (q p)", label,
		            hd_cga_segment_triangle(hv(q), hv(p), &prepared), yes_no(expected));
	}
}

static void test_segment_triangle_cases(void **state)
{
	(void)state;
	hand h = {0, 0};
	col_triangle t = tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0));
	hand_segment_triangle(&h, "through the face: yes", v3(0.2, 0.2, -1), v3(0.2, 0.2, 1), t, true);
	hd_cga_triangle prepared = hd_cga_prepare(hv(t.a), hv(t.b), hv(t.c));
	assert_int_equal(
	    hd_segment_triangle(hd_v3(0.2, 0.2, -1), hd_v3(0.2, 0.2, 1), hv(t.a), hv(t.b), hv(t.c)),
	    HD_YES); /* clear-cut: certified */
	assert_int_equal(hd_cga_segment_triangle(hd_v3(0.2, 0.2, -1), hd_v3(0.2, 0.2, 1), &prepared), HD_YES);
	hand_segment_triangle(&h, "through a vertex: yes", v3(0, 0, -1), v3(0, 0, 1), t, true);
	hand_segment_triangle(&h, "through an edge: yes", v3(0.5, 0, -1), v3(0.5, 0, 1), t, true);
	hand_segment_triangle(&h, "through the hypotenuse: yes", v3(0.5, 0.5, -1), v3(0.5, 0.5, 1), t, true);
	hand_segment_triangle(&h, "an ulp beside the hypotenuse: no", v3(0.5, nextafter(0.5, 1), -1),
	                      v3(0.5, nextafter(0.5, 1), 1), t, false);
	hand_segment_triangle(&h, "an end on the face: yes", v3(0.2, 0.2, 0), v3(0.2, 0.2, 1), t, true);
	hand_segment_triangle(&h, "an end 1e-20 above the face: no", v3(0.2, 0.2, 1e-20), v3(0.2, 0.2, 1), t,
	                      false);
	hand_segment_triangle(&h, "in the plane, inside: yes", v3(0.1, 0.1, 0), v3(0.2, 0.2, 0), t, true);
	hand_segment_triangle(&h, "in the plane, crossing: yes", v3(-1, 0.5, 0), v3(2, 0.5, 0), t, true);
	hand_segment_triangle(&h, "along an edge: yes", v3(-1, 0, 0), v3(2, 0, 0), t, true);
	hand_segment_triangle(&h, "in the plane, apart: no", v3(1, 1, 0), v3(2, 2, 0), t, false);
	hand_segment_triangle(&h, "in the plane, from a vertex: yes", v3(1, 0, 0), v3(2, 2, 0), t, true);
	hand_segment_triangle(&h, "parallel above: no", v3(0, 0, 1), v3(1, 1, 1), t, false);
	hand_segment_triangle(&h, "zero length, on the face: yes", v3(0.2, 0.2, 0), v3(0.2, 0.2, 0), t, true);
	hand_segment_triangle(&h, "zero length, above the face: no", v3(0.2, 0.2, 1), v3(0.2, 0.2, 1), t,
	                      false);
	hand_segment_triangle(&h, "zero length, on a vertex: yes", v3(1, 0, 0), v3(1, 0, 0), t, true);
	/* A collinear triangle is the segment its vertices span. */
	col_triangle flat = tri(v3(0, 0, 0), v3(2, 0, 0), v3(1, 0, 0));
	hand_segment_triangle(&h, "collinear triangle, crossed: yes", v3(1.5, -1, 0), v3(1.5, 1, 0), flat,
	                      true);
	hand_segment_triangle(&h, "collinear triangle, passed: no", v3(1.5, -1, 1), v3(1.5, 1, 0), flat,
	                      false);
	hand_segment_triangle(&h, "collinear triangle, end to end: yes", v3(2, 0, 0), v3(3, 0, 0), flat,
	                      true);
	col_triangle point = tri(v3(1, 0, 0), v3(1, 0, 0), v3(1, 0, 0));
	hand_segment_triangle(&h, "point triangle on the segment: yes", v3(0, 0, 0), v3(2, 0, 0), point,
	                      true);
	hand_segment_triangle(&h, "point triangle beside it: no", v3(0, 1, 0), v3(2, 1, 0), point, false);
	/* Far and at the extreme scales: through the face and through an edge. */
	static const double scales[] = {1.0, 0x1p66, 0x1p-66, 0x1p-10};
	static const col_vec3 offsets[] = {{-7e5, 3e5, 1e6}, {0, 0, 0}, {0, 0, 0}, {-7e5, 3e5, 1e6}};
	for (int k = 0; k < 4; k++) {
		double s = scales[k];
		col_vec3 d = offsets[k];
		hand_segment_triangle(&h, "moved, through the face: yes", placed(v3(0.25, 0.25, -1), s, d),
		                      placed(v3(0.25, 0.25, 1), s, d), tri_placed(t, s, d), true);
		hand_segment_triangle(&h, "moved, through the hypotenuse: yes",
		                      placed(v3(0.5, 0.5, -1), s, d), placed(v3(0.5, 0.5, 1), s, d),
		                      tri_placed(t, s, d), true);
		hand_segment_triangle(&h, "moved, past a vertex: no", placed(v3(-0.5, -0.5, -1), s, d),
		                      placed(v3(-0.5, -0.5, 1), s, d), tri_placed(t, s, d), false);
	}
	hand_report(&h, "segment/triangle (both forms)");
}

static void test_segment_triangle_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 3));
	tally euclid = tally_make("hd_segment_triangle", class_names);
	tally cga = tally_make("hd_cga_segment_triangle", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(5, 0);
		for (int k = 0; k < 5; k++)
			c.p[k] = point_draw(&r, &f);
		col_triangle t = tri(c.p[2], c.p[3], c.p[4]);
		hd_cga_triangle prepared = hd_cga_prepare(hv(t.a), hv(t.b), hv(t.c));
		judge(&euclid, kind, hd_segment_triangle(hv(c.p[0]), hv(c.p[1]), hv(t.a), hv(t.b), hv(t.c)),
		      yes_no(col_segment_intersects_triangle(c.p[0], c.p[1], t)), &r, i, &c);
		judge(&cga, kind, hd_cga_segment_triangle(hv(c.p[0]), hv(c.p[1]), &prepared),
		      yes_no(col_cga_segment_triangle(c.p[0], c.p[1], t)), &r, i, &c);
	}
	tally_report(&euclid);
	tally_report(&cga);
}

/* ---- 3. triangle against triangle ---- */

static int filtered_triangle_triangle(col_triangle t, col_triangle u, bool cga)
{
	hd_vec3 tv[3] = {hv(t.a), hv(t.b), hv(t.c)}, uv[3] = {hv(u.a), hv(u.b), hv(u.c)};
	if (!cga)
		return hd_triangle_triangle(tv, uv);
	hd_cga_triangle pt = hd_cga_prepare(tv[0], tv[1], tv[2]), pu = hd_cga_prepare(uv[0], uv[1], uv[2]);
	return hd_cga_triangle_triangle(&pt, &pu);
}

static void hand_triangle_triangle(hand *h, const char *label, col_triangle t, col_triangle u, bool expected)
{
	assert_int_equal(col_triangle_intersects_triangle(t, u), expected);
	assert_int_equal(col_cga_triangle_triangle(t, u), expected);
	col_triangle turned = tri(t.b, t.c, t.a), reversed = tri(u.c, u.b, u.a);
	for (int cga = 0; cga < 2; cga++) {
		const char *routine = cga ? "hd_cga_triangle_triangle" : "hd_triangle_triangle";
		hand_expect(h, routine, label, filtered_triangle_triangle(t, u, cga), yes_no(expected));
		hand_expect(h, routine, label, filtered_triangle_triangle(u, t, cga), yes_no(expected));
		hand_expect(h, routine, label, filtered_triangle_triangle(turned, reversed, cga),
		            yes_no(expected));
	}
}

static void test_triangle_triangle_cases(void **state)
{
	(void)state;
	hand h = {0, 0};
	col_triangle t = tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0));
	col_triangle pierce = tri(v3(0.25, 0.25, -1), v3(0.25, 0.25, 1), v3(2, 2, 0));
	hand_triangle_triangle(&h, "one pierces the other: yes", t, pierce, true);
	assert_int_equal(filtered_triangle_triangle(t, pierce, false), HD_YES); /* clear-cut: certified */
	assert_int_equal(filtered_triangle_triangle(t, pierce, true), HD_YES);
	col_triangle big = tri(v3(-10, -10, 0), v3(10, -10, 0), v3(0, 10, 0));
	col_triangle post = tri(v3(0, 0, -1), v3(0, 0, 1), v3(1, 0, 1));
	hand_triangle_triangle(&h, "a post through a big one: yes", big, post, true);
	hand_triangle_triangle(&h, "one unit above: no", t, tri_placed(t, 1, v3(0, 0, 1)), false);
	hand_triangle_triangle(&h, "coplanar, crossing edges: yes", t,
	                       tri(v3(0.5, -0.5, 0), v3(0.5, 0.5, 0), v3(-0.5, 0.5, 0)), true);
	col_triangle inner = tri(v3(0.1, 0.1, 0), v3(0.3, 0.1, 0), v3(0.1, 0.3, 0));
	hand_triangle_triangle(&h, "coplanar, one inside the other: yes", t, inner, true);
	hand_triangle_triangle(&h, "coplanar, apart: no", t, tri(v3(2, 2, 0), v3(3, 2, 0), v3(2, 3, 0)),
	                       false);
	hand_triangle_triangle(&h, "coplanar, sharing a vertex: yes", t,
	                       tri(v3(1, 0, 0), v3(2, 0, 0), v3(1, 1, 0)), true);
	hand_triangle_triangle(&h, "coplanar, along the hypotenuse: yes", t,
	                       tri(v3(0.5, 0.5, 0), v3(1, 1, 0), v3(2, 0, 0)), true);
	hand_triangle_triangle(&h, "the same triangle: yes", t, t, true);
	hand_triangle_triangle(&h, "touching at a vertex, out of the plane: yes", t,
	                       tri(v3(1, 0, 0), v3(2, 0, 1), v3(2, 1, 1)), true);
	hand_triangle_triangle(&h, "sharing an edge, at right angles: yes", t,
	                       tri(v3(0, 0, 0), v3(1, 0, 0), v3(0, 0, 1)), true);
	hand_triangle_triangle(&h, "a vertex on the hypotenuse: yes", t,
	                       tri(v3(0.5, 0.5, 0), v3(1, 1, 1), v3(1, 1, -1)), true);
	hand_triangle_triangle(&h, "that vertex an ulp off: no", t,
	                       tri(v3(0.5, nextafter(0.5, 1), 0), v3(1, 1, 1), v3(1, 1, -1)), false);
	hand_triangle_triangle(&h, "a vertex on the face: yes", t,
	                       tri(v3(0.2, 0.2, 0), v3(1, 1, 1), v3(1, 2, 1)), true);
	hand_triangle_triangle(&h, "a collinear one piercing: yes", t,
	                       tri(v3(0.2, 0.2, -1), v3(0.2, 0.2, 1), v3(0.2, 0.2, 0)), true);
	hand_triangle_triangle(&h, "a collinear one passing: no", t,
	                       tri(v3(1, 1, -1), v3(1, 1, 1), v3(1, 1, 0)), false);
	hand_triangle_triangle(&h, "two collinear ones crossing: yes",
	                       tri(v3(-1, 0, 0), v3(1, 0, 0), v3(0, 0, 0)),
	                       tri(v3(0, -1, 0), v3(0, 1, 0), v3(0, 0.5, 0)), true);
	hand_triangle_triangle(&h, "two collinear ones skew: no", tri(v3(-1, 0, 0), v3(1, 0, 0), v3(0, 0, 0)),
	                       tri(v3(0, -1, 1), v3(0, 1, 1), v3(0, 0.5, 1)), false);
	col_vec3 p = v3(0.2, 0.3, 0), above = v3(0.2, 0.3, 1);
	hand_triangle_triangle(&h, "a point triangle on the face: yes", t, tri(p, p, p), true);
	hand_triangle_triangle(&h, "a point triangle above it: no", t, tri(above, above, above), false);
	static const double scales[] = {1.0, 0x1p66, 0x1p-66, 0x1p-10};
	static const col_vec3 offsets[] = {{3e5, 1e6, -6e5}, {0, 0, 0}, {0, 0, 0}, {3e5, 1e6, -6e5}};
	for (int k = 0; k < 4; k++) {
		double s = scales[k];
		col_vec3 d = offsets[k];
		hand_triangle_triangle(&h, "moved, a post through a big one: yes", tri_placed(big, s, d),
		                       tri_placed(post, s, d), true);
		hand_triangle_triangle(&h, "moved, coplanar, inside: yes", tri_placed(t, s, d),
		                       tri_placed(inner, s, d), true);
		hand_triangle_triangle(&h, "moved, one piercing: yes", tri_placed(t, s, d),
		                       tri_placed(pierce, s, d), true);
	}
	hand_triangle_triangle(&h, "far, parallel 1e-9 apart: no", tri_placed(t, 1, v3(3e5, 1e6, -6e5)),
	                       tri_placed(t, 1, v3(3e5, 1e6, -6e5 + 1e-9)), false);
	hand_report(&h, "triangle/triangle (both forms)");
}

static void test_triangle_triangle_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 4));
	tally euclid = tally_make("hd_triangle_triangle", class_names);
	tally cga = tally_make("hd_cga_triangle_triangle", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(6, 0);
		for (int k = 0; k < 6; k++)
			c.p[k] = point_draw(&r, &f);
		col_triangle t = tri(c.p[0], c.p[1], c.p[2]), u = tri(c.p[3], c.p[4], c.p[5]);
		judge(&euclid, kind, filtered_triangle_triangle(t, u, false),
		      yes_no(col_triangle_intersects_triangle(t, u)), &r, i, &c);
		judge(&cga, kind, filtered_triangle_triangle(t, u, true),
		      yes_no(col_cga_triangle_triangle(t, u)), &r, i, &c);
	}
	tally_report(&euclid);
	tally_report(&cga);
}

/* ---- 4. triangle against sphere ---- */

static bool strictly_inside(col_sphere s, col_vec3 p)
{
	return col_sphere_point_side(s.center, s.radius, p) < 0;
}

/* The Euclidean surface rule: meets the ball and not all three vertices strictly inside. */
static bool euclid_triangle_sphere(col_triangle t, col_sphere s, bool solid)
{
	if (!col_triangle_intersects_sphere(t, s))
		return false;
	return solid || !(strictly_inside(s, t.a) && strictly_inside(s, t.b) && strictly_inside(s, t.c));
}

static int filtered_triangle_sphere(col_triangle t, col_sphere s, bool solid, bool cga)
{
	hd_vec3 v[3] = {hv(t.a), hv(t.b), hv(t.c)};
	if (!cga)
		return hd_triangle_sphere(v, hv(s.center), s.radius, solid);
	hd_cga_triangle prepared = hd_cga_prepare(v[0], v[1], v[2]);
	return hd_cga_triangle_sphere(&prepared, hv(s.center), s.radius, solid);
}

static void hand_triangle_sphere(hand *h, const char *label, col_triangle t, col_sphere s, bool surface,
                                 bool solid)
{
	assert_int_equal(euclid_triangle_sphere(t, s, false), surface);
	assert_int_equal(euclid_triangle_sphere(t, s, true), solid);
	assert_int_equal(col_cga_triangle_sphere(t, s, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_triangle_sphere(t, s, COL_CGA_SOLID), solid);
	col_triangle turned = tri(t.c, t.a, t.b), reversed = tri(t.c, t.b, t.a);
	for (int cga = 0; cga < 2; cga++) {
		const char *routine = cga ? "hd_cga_triangle_sphere" : "hd_triangle_sphere";
		hand_expect(h, routine, label, filtered_triangle_sphere(t, s, false, cga), yes_no(surface));
		hand_expect(h, routine, label, filtered_triangle_sphere(t, s, true, cga), yes_no(solid));
		hand_expect(h, routine, label, filtered_triangle_sphere(turned, s, true, cga), yes_no(solid));
		hand_expect(h, routine, label, filtered_triangle_sphere(reversed, s, false, cga),
		            yes_no(surface));
	}
}

static void test_triangle_sphere_cases(void **state)
{
	(void)state;
	hand h = {0, 0};
	col_sphere unit = {{0, 0, 0}, 1};
	col_triangle cap = tri(v3(-10, -10, 0.5), v3(10, -10, 0.5), v3(0, 10, 0.5));
	hand_triangle_sphere(&h, "the cap through the face: yes, yes", cap, unit, true, true);
	hand_triangle_sphere(&h, "the face above the ball: no, no",
	                     tri(v3(-10, -10, 1.5), v3(10, -10, 1.5), v3(0, 10, 1.5)), unit, false, false);
	hand_triangle_sphere(&h, "the face tangent: yes, yes",
	                     tri(v3(-10, -10, 1), v3(10, -10, 1), v3(0, 10, 1)), unit, true, true);
	double z = nextafter(1, 2);
	hand_triangle_sphere(&h, "the face an ulp off tangent: no, no",
	                     tri(v3(-10, -10, z), v3(10, -10, z), v3(0, 10, z)), unit, false, false);
	col_triangle small = tri(v3(0, 0, 0), v3(0.5, 0, 0), v3(0, 0.5, 0));
	hand_triangle_sphere(&h, "strictly inside: surface no, solid yes", small, unit, false, true);
	hand_triangle_sphere(&h, "a vertex inside, two out: yes, yes",
	                     tri(v3(0, 0, 0), v3(2, 0, 0), v3(0, 2, 0)), unit, true, true);
	hand_triangle_sphere(&h, "a vertex on the sphere: yes, yes",
	                     tri(v3(1, 0, 0), v3(2, 0, 0), v3(2, 1, 0)), unit, true, true);
	hand_triangle_sphere(&h, "two inside, one on the sphere: yes, yes",
	                     tri(v3(0, 0, 0), v3(0.5, 0, 0), v3(0, 1, 0)), unit, true, true);
	hand_triangle_sphere(&h, "an edge crossing: yes, yes",
	                     tri(v3(-2, 0.5, 0), v3(2, 0.5, 0), v3(0, 5, 0)), unit, true, true);
	hand_triangle_sphere(&h, "an edge tangent: yes, yes", tri(v3(-2, 1, 0), v3(2, 1, 0), v3(0, 5, 0)),
	                     unit, true, true);
	hand_triangle_sphere(&h, "an edge an ulp off tangent: no, no",
	                     tri(v3(-2, nextafter(1, 2), 0), v3(2, nextafter(1, 2), 0), v3(0, 5, 0)), unit,
	                     false, false);
	hand_triangle_sphere(&h, "collinear, through the ball: yes, yes",
	                     tri(v3(-2, 0, 0), v3(2, 0, 0), v3(0, 0, 0)), unit, true, true);
	hand_triangle_sphere(&h, "collinear, past the ball: no, no",
	                     tri(v3(-2, 2, 0), v3(2, 2, 0), v3(0, 2, 0)), unit, false, false);
	hand_triangle_sphere(&h, "collinear, tangent: yes, yes", tri(v3(-2, 1, 0), v3(2, 1, 0), v3(0, 1, 0)),
	                     unit, true, true);
	hand_triangle_sphere(&h, "zero radius on the face: yes, yes", small, (col_sphere){{0.1, 0.1, 0}, 0},
	                     true, true);
	hand_triangle_sphere(&h, "zero radius on a vertex: yes, yes", small, (col_sphere){{0.5, 0, 0}, 0},
	                     true, true);
	hand_triangle_sphere(&h, "zero radius 1e-20 above the face: no, no", small,
	                     (col_sphere){{0.1, 0.1, 1e-20}, 0}, false, false);
	static const double scales[] = {1.0, 0x1p66, 0x1p-66, 0x1p-10};
	static const col_vec3 offsets[] = {{-2e5, 5e5, 1e6}, {0, 0, 0}, {0, 0, 0}, {-2e5, 5e5, 1e6}};
	for (int k = 0; k < 4; k++) {
		double s = scales[k];
		col_vec3 d = offsets[k];
		col_sphere ball = {d, s};
		hand_triangle_sphere(&h, "moved, the cap through the face: yes, yes", tri_placed(cap, s, d),
		                     ball, true, true);
		hand_triangle_sphere(&h, "moved, the face tangent: yes, yes",
		                     tri_placed(tri(v3(-10, -10, 1), v3(10, -10, 1), v3(0, 10, 1)), s, d),
		                     ball, true, true);
		hand_triangle_sphere(&h, "moved, strictly inside: no, yes", tri_placed(small, s, d), ball,
		                     false, true);
	}
	hand_report(&h, "triangle/sphere (both forms)");
}

static void test_triangle_sphere_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 5));
	tally euclid_solid = tally_make("hd_triangle_sphere solid", class_names);
	tally euclid_surface = tally_make("hd_triangle_sphere surface", class_names);
	tally cga_solid = tally_make("hd_cga_triangle_sphere solid", class_names);
	tally cga_surface = tally_make("hd_cga_triangle_sphere surface", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(4, 1);
		for (int k = 0; k < 4; k++)
			c.p[k] = point_draw(&r, &f);
		c.radius[0] = radius_draw(&r, &f);
		col_triangle t = tri(c.p[0], c.p[1], c.p[2]);
		col_sphere s = {c.p[3], c.radius[0]};
		judge(&euclid_solid, kind, filtered_triangle_sphere(t, s, true, false),
		      yes_no(col_triangle_intersects_sphere(t, s)), &r, i, &c);
		judge(&euclid_surface, kind, filtered_triangle_sphere(t, s, false, false),
		      yes_no(euclid_triangle_sphere(t, s, false)), &r, i, &c);
		judge(&cga_solid, kind, filtered_triangle_sphere(t, s, true, true),
		      yes_no(col_cga_triangle_sphere(t, s, COL_CGA_SOLID)), &r, i, &c);
		judge(&cga_surface, kind, filtered_triangle_sphere(t, s, false, true),
		      yes_no(col_cga_triangle_sphere(t, s, COL_CGA_SURFACE)), &r, i, &c);
	}
	tally_report(&euclid_solid);
	tally_report(&euclid_surface);
	tally_report(&cga_solid);
	tally_report(&cga_surface);
}

/* ---- 5. segment against sphere, sphere against sphere ---- */

static int filtered_segment_sphere(col_vec3 p, col_vec3 q, col_sphere s, bool solid, bool cga)
{
	return cga ? hd_cga_segment_sphere(hv(p), hv(q), hv(s.center), s.radius, solid)
	           : hd_segment_sphere(hv(p), hv(q), hv(s.center), s.radius, solid);
}

static void hand_segment_sphere(hand *h, const char *label, col_vec3 p, col_vec3 q, col_sphere s,
                                bool surface, bool solid)
{
	assert_int_equal(col_cga_segment_sphere(p, q, s, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_segment_sphere(p, q, s, COL_CGA_SOLID), solid);
	assert_int_equal(col_segment_intersects_sphere(p, q, s), solid);
	for (int cga = 0; cga < 2; cga++) {
		const char *routine = cga ? "hd_cga_segment_sphere" : "hd_segment_sphere";
		hand_expect(h, routine, label, filtered_segment_sphere(p, q, s, false, cga), yes_no(surface));
		hand_expect(h, routine, label, filtered_segment_sphere(q, p, s, false, cga), yes_no(surface));
		hand_expect(h, routine, label, filtered_segment_sphere(p, q, s, true, cga), yes_no(solid));
		hand_expect(h, routine, label, filtered_segment_sphere(q, p, s, true, cga), yes_no(solid));
	}
}

static void test_segment_sphere_cases(void **state)
{
	(void)state;
	hand h = {0, 0};
	col_sphere unit = {{0, 0, 0}, 1};
	hand_segment_sphere(&h, "through the centre: yes, yes", v3(-2, 0, 0), v3(2, 0, 0), unit, true, true);
	hand_segment_sphere(&h, "beyond, on the line: no, no", v3(2, 0, 0), v3(3, 0, 0), unit, false, false);
	hand_segment_sphere(&h, "strictly inside: no, yes", v3(-0.1, 0, 0), v3(0.1, 0, 0), unit, false, true);
	hand_segment_sphere(&h, "from the centre out: yes, yes", v3(0, 0, 0), v3(2, 0, 0), unit, true, true);
	hand_segment_sphere(&h, "tangent: yes, yes", v3(-1, 1, 0), v3(1, 1, 0), unit, true, true);
	hand_segment_sphere(&h, "an ulp off tangent: no, no", v3(-1, nextafter(1, 2), 0),
	                    v3(1, nextafter(1, 2), 0), unit, false, false);
	hand_segment_sphere(&h, "an end on the sphere: yes, yes", v3(1, 0, 0), v3(2, 0, 0), unit, true, true);
	hand_segment_sphere(&h, "an end on it, the other inside: yes, yes", v3(1, 0, 0), v3(0.5, 0, 0), unit,
	                    true, true);
	hand_segment_sphere(&h, "zero length on the sphere: yes, yes", v3(0, 1, 0), v3(0, 1, 0), unit, true,
	                    true);
	hand_segment_sphere(&h, "zero length inside: no, yes", v3(0, 0.5, 0), v3(0, 0.5, 0), unit, false,
	                    true);
	hand_segment_sphere(&h, "zero length outside: no, no", v3(0, 2, 0), v3(0, 2, 0), unit, false, false);
	hand_segment_sphere(&h, "the line hits, not the segment: no, no", v3(1.5, 0, 0), v3(3, 0, 0), unit,
	                    false, false);
	col_sphere point = {{1, 2, 3}, 0};
	hand_segment_sphere(&h, "zero radius on the segment: yes, yes", v3(0, 2, 3), v3(2, 2, 3), point, true,
	                    true);
	hand_segment_sphere(&h, "zero radius beside it: no, no", v3(0, 2, 3), v3(2, 2, nextafter(3, 4)),
	                    point, false, false);
	hand_segment_sphere(&h, "zero radius at an end: yes, yes", v3(1, 2, 3), v3(2, 2, 3), point, true,
	                    true);
	col_sphere far = {{4e5, -1e6, 2.5e5}, 3};
	hand_segment_sphere(&h, "far, tangent: yes, yes", v3(4e5 - 5, -1e6 + 3, 2.5e5),
	                    v3(4e5 + 5, -1e6 + 3, 2.5e5), far, true, true);
	hand_segment_sphere(&h, "far, crossing: yes, yes", v3(4e5 - 5, -1e6 + 2, 2.5e5),
	                    v3(4e5 + 5, -1e6 + 2, 2.5e5), far, true, true);
	hand_segment_sphere(&h, "far, a hair off tangent: no, no", v3(4e5 - 5, nextafter(-1e6 + 3, 0), 2.5e5),
	                    v3(4e5 + 5, nextafter(-1e6 + 3, 0), 2.5e5), far, false, false);
	static const double scales[] = {0x1p66, 0x1p-66};
	for (int k = 0; k < 2; k++) {
		double s = scales[k];
		col_vec3 none = v3(0, 0, 0);
		col_sphere ball = {none, s};
		hand_segment_sphere(&h, "scaled, tangent: yes, yes", placed(v3(-1, 1, 0), s, none),
		                    placed(v3(1, 1, 0), s, none), ball, true, true);
		hand_segment_sphere(&h, "scaled, inside: no, yes", placed(v3(-0.1, 0, 0), s, none),
		                    placed(v3(0.1, 0, 0), s, none), ball, false, true);
	}
	hand_report(&h, "segment/sphere (both forms)");
}

static int filtered_sphere_sphere(col_sphere a, col_sphere b, bool solid, bool cga)
{
	return cga ? hd_cga_sphere_sphere(hv(a.center), a.radius, hv(b.center), b.radius, solid)
	           : hd_sphere_sphere(hv(a.center), a.radius, hv(b.center), b.radius, solid);
}

static void hand_sphere_sphere(hand *h, const char *label, col_sphere a, col_sphere b, bool surface,
                               bool solid)
{
	assert_int_equal(col_cga_sphere_sphere(a, b, COL_CGA_SURFACE), surface);
	assert_int_equal(col_cga_sphere_sphere(a, b, COL_CGA_SOLID), solid);
	assert_int_equal(col_sphere_sphere_side(a.center, a.radius, b.center, b.radius) <= 0, solid);
	for (int cga = 0; cga < 2; cga++) {
		const char *routine = cga ? "hd_cga_sphere_sphere" : "hd_sphere_sphere";
		hand_expect(h, routine, label, filtered_sphere_sphere(a, b, false, cga), yes_no(surface));
		hand_expect(h, routine, label, filtered_sphere_sphere(b, a, false, cga), yes_no(surface));
		hand_expect(h, routine, label, filtered_sphere_sphere(a, b, true, cga), yes_no(solid));
		hand_expect(h, routine, label, filtered_sphere_sphere(b, a, true, cga), yes_no(solid));
	}
}

static void test_sphere_sphere_cases(void **state)
{
	(void)state;
	hand h = {0, 0};
	col_sphere unit = {{0, 0, 0}, 1};
	hand_sphere_sphere(&h, "overlapping: yes, yes", unit, (col_sphere){{1, 0, 0}, 1}, true, true);
	hand_sphere_sphere(&h, "tangent outside: yes, yes", unit, (col_sphere){{2, 0, 0}, 1}, true, true);
	hand_sphere_sphere(&h, "an ulp apart: no, no", unit, (col_sphere){{nextafter(2, 3), 0, 0}, 1}, false,
	                   false);
	hand_sphere_sphere(&h, "apart: no, no", unit, (col_sphere){{3, 0, 0}, 1}, false, false);
	hand_sphere_sphere(&h, "tangent inside: yes, yes", (col_sphere){{0, 0, 0}, 2},
	                   (col_sphere){{1, 0, 0}, 1}, true, true);
	hand_sphere_sphere(&h, "nested: no, yes", (col_sphere){{0, 0, 0}, 3}, (col_sphere){{0.5, 0, 0}, 1},
	                   false, true);
	hand_sphere_sphere(&h, "concentric: no, yes", (col_sphere){{0, 0, 0}, 3}, unit, false, true);
	hand_sphere_sphere(&h, "the same sphere: yes, yes", unit, unit, true, true);
	col_vec3 f = v3(1e6 + 0.5, -3e6, 2e6), g = col_vec3_add(f, v3(3, 4, 0));
	hand_sphere_sphere(&h, "far, tangent (3-4-5): yes, yes", (col_sphere){f, 2}, (col_sphere){g, 3}, true,
	                   true);
	hand_sphere_sphere(&h, "far, a hair apart: no, no", (col_sphere){f, 2},
	                   (col_sphere){g, nextafter(3, 0)}, false, false);
	hand_sphere_sphere(&h, "far, tangent inside: yes, yes", (col_sphere){f, 10}, (col_sphere){g, 5}, true,
	                   true);
	hand_sphere_sphere(&h, "far, a hair nested: no, yes", (col_sphere){f, 10},
	                   (col_sphere){g, nextafter(5, 0)}, false, true);
	hand_sphere_sphere(&h, "zero radius on the sphere: yes, yes", (col_sphere){{0, 1, 0}, 0}, unit, true,
	                   true);
	hand_sphere_sphere(&h, "zero radius inside: no, yes", (col_sphere){{0, 0.5, 0}, 0}, unit, false,
	                   true);
	hand_sphere_sphere(&h, "two equal points: yes, yes", (col_sphere){{0, 0.5, 0}, 0},
	                   (col_sphere){{0, 0.5, 0}, 0}, true, true);
	hand_sphere_sphere(&h, "two points 1e-20 apart: no, no", (col_sphere){{0, 0.5, 0}, 0},
	                   (col_sphere){{0, 0.5, 1e-20}, 0}, false, false);
	static const double scales[] = {0x1p66, 0x1p-66};
	for (int k = 0; k < 2; k++) {
		double s = scales[k];
		col_vec3 none = v3(0, 0, 0);
		hand_sphere_sphere(&h, "scaled, tangent: yes, yes", (col_sphere){none, s},
		                   (col_sphere){placed(v3(2, 0, 0), s, none), s}, true, true);
		hand_sphere_sphere(&h, "scaled, nested: no, yes", (col_sphere){none, 3 * s},
		                   (col_sphere){placed(v3(0.5, 0, 0), s, none), s}, false, true);
	}
	/* Source 003's failing case (3.8): two balls of radius 8 about 596 apart. Both forms must
	 * certify no, in both modes and both orders: no exact fallback is needed. */
	col_sphere near_one = {{0, 0, 0}, 8}, far_one = {{558.93, 206.351, 38.258}, 8};
	hand_sphere_sphere(&h, "source 003's far pair: no, no", near_one, far_one, false, false);
	for (int solid = 0; solid < 2; solid++)
		for (int cga = 0; cga < 2; cga++) {
			assert_int_equal(filtered_sphere_sphere(near_one, far_one, solid, cga), HD_NO);
			assert_int_equal(filtered_sphere_sphere(far_one, near_one, solid, cga), HD_NO);
		}
	hand_report(&h, "sphere/sphere (both forms)");
}

static void test_segment_sphere_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 6));
	tally euclid_solid = tally_make("hd_segment_sphere solid", class_names);
	tally euclid_surface = tally_make("hd_segment_sphere surface", class_names);
	tally cga_solid = tally_make("hd_cga_segment_sphere solid", class_names);
	tally cga_surface = tally_make("hd_cga_segment_sphere surface", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(3, 1);
		for (int k = 0; k < 3; k++)
			c.p[k] = point_draw(&r, &f);
		c.radius[0] = radius_draw(&r, &f);
		col_sphere s = {c.p[2], c.radius[0]};
		int solid = yes_no(col_cga_segment_sphere(c.p[0], c.p[1], s, COL_CGA_SOLID));
		int surface = yes_no(col_cga_segment_sphere(c.p[0], c.p[1], s, COL_CGA_SURFACE));
		if (solid != yes_no(col_segment_intersects_sphere(c.p[0], c.p[1], s)))
			FAIL_CASE(&r, i, "the engine's CGA and Euclidean segment/sphere tests disagree\n");
		judge(&euclid_solid, kind, filtered_segment_sphere(c.p[0], c.p[1], s, true, false), solid, &r,
		      i, &c);
		judge(&euclid_surface, kind, filtered_segment_sphere(c.p[0], c.p[1], s, false, false),
		      surface, &r, i, &c);
		judge(&cga_solid, kind, filtered_segment_sphere(c.p[0], c.p[1], s, true, true), solid, &r, i,
		      &c);
		judge(&cga_surface, kind, filtered_segment_sphere(c.p[0], c.p[1], s, false, true), surface,
		      &r, i, &c);
	}
	tally_report(&euclid_solid);
	tally_report(&euclid_surface);
	tally_report(&cga_solid);
	tally_report(&cga_surface);
}

static void test_sphere_sphere_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 7));
	tally euclid_solid = tally_make("hd_sphere_sphere solid", class_names);
	tally euclid_surface = tally_make("hd_sphere_sphere surface", class_names);
	tally cga_solid = tally_make("hd_cga_sphere_sphere solid", class_names);
	tally cga_surface = tally_make("hd_cga_sphere_sphere surface", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(2, 2);
		c.p[0] = point_draw(&r, &f);
		c.p[1] = point_draw(&r, &f);
		c.radius[0] = radius_draw(&r, &f);
		c.radius[1] = radius_draw(&r, &f);
		col_sphere a = {c.p[0], c.radius[0]}, b = {c.p[1], c.radius[1]};
		int solid = yes_no(col_cga_sphere_sphere(a, b, COL_CGA_SOLID));
		int surface = yes_no(col_cga_sphere_sphere(a, b, COL_CGA_SURFACE));
		if (solid != yes_no(col_sphere_sphere_side(a.center, a.radius, b.center, b.radius) <= 0))
			FAIL_CASE(&r, i, "col_cga_sphere_sphere and col_sphere_sphere_side disagree\n");
		judge(&euclid_solid, kind, filtered_sphere_sphere(a, b, true, false), solid, &r, i, &c);
		judge(&euclid_surface, kind, filtered_sphere_sphere(a, b, false, false), surface, &r, i, &c);
		judge(&cga_solid, kind, filtered_sphere_sphere(a, b, true, true), solid, &r, i, &c);
		judge(&cga_surface, kind, filtered_sphere_sphere(a, b, false, true), surface, &r, i, &c);
	}
	tally_report(&euclid_solid);
	tally_report(&euclid_surface);
	tally_report(&cga_solid);
	tally_report(&cga_surface);
}

/* ---- 6. a query against a mesh's triangles, as the kernels run it ---- */

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

static hd_query hd_query_of(const col_cga_query *q)
{
	hd_query h;
	memset(&h, 0, sizeof h);
	h.kind = q->kind == COL_CGA_QUERY_SEGMENT    ? HD_QUERY_SEGMENT
	         : q->kind == COL_CGA_QUERY_TRIANGLE ? HD_QUERY_TRIANGLE
	                                             : HD_QUERY_SPHERE;
	h.solid = q->mode == COL_CGA_SOLID;
	for (int k = 0; k < 3; k++)
		h.p[k] = hv(q->p[k]);
	h.radius = q->radius;
	return h;
}

/* The four query kinds of this test: a sphere's two modes apart. */
enum { QUERY_SEGMENT, QUERY_TRIANGLE, QUERY_SOLID_SPHERE, QUERY_SURFACE_SPHERE, QUERY_KINDS };

static col_cga_query query_make(int kind)
{
	col_cga_query q;
	memset(&q, 0, sizeof q);
	q.kind = kind == QUERY_SEGMENT    ? COL_CGA_QUERY_SEGMENT
	         : kind == QUERY_TRIANGLE ? COL_CGA_QUERY_TRIANGLE
	                                  : COL_CGA_QUERY_SPHERE;
	q.mode = kind == QUERY_SURFACE_SPHERE ? COL_CGA_SURFACE : COL_CGA_SOLID;
	return q;
}

/* g + s (a uniform point of [-reach, reach]^3) */
static col_vec3 near_point(rng *r, col_vec3 g, double s, double reach)
{
	return col_vec3_add(g, col_vec3_scale(rng_vec3(r, -reach, reach), s));
}

/* A query in general position near triangle t. */
static col_cga_query query_near(rng *r, int kind, col_triangle t)
{
	col_cga_query q = query_make(kind);
	col_vec3 g = col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0);
	double s =
	    fmax(col_vec3_distance(t.a, t.b), fmax(col_vec3_distance(t.b, t.c), col_vec3_distance(t.c, t.a)));
	for (int k = 0; k < 3; k++)
		q.p[k] = near_point(r, g, s, 1.5);
	q.radius = rng_unit(r) * 1.5 * s;
	return q;
}

/* A query through t's vertices or along its edges: touching, coplanar or tangent up to rounding. */
static col_cga_query query_on_vertices(rng *r, int kind, col_triangle t)
{
	col_cga_query q = query_make(kind);
	col_vec3 v[3] = {t.a, t.b, t.c};
	col_vec3 g = col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0);
	double s = col_vec3_distance(t.a, t.b);
	int first = rng_int(r, 0, 2), second = (first + 1) % 3, variant = rng_int(r, 0, 3);
	col_vec3 x = near_point(r, g, s, 1.5);
	switch (kind) {
	case QUERY_SEGMENT:
		q.p[0] = variant <= 1 ? v[first] : x;
		q.p[1] = variant == 0   ? x         /* from a vertex */
		         : variant == 1 ? v[second] /* along an edge */
		         : variant == 2
		             ? col_vec3_lerp(v[first], v[second], 0.5)         /* to an edge */
		             : col_vec3_sub(col_vec3_scale(v[first], 2.0), x); /* through a vertex */
		break;
	case QUERY_TRIANGLE:
		q.p[0] = v[first];
		q.p[1] = variant >= 1 ? v[second] : near_point(r, g, s, 1.5);
		q.p[2] = variant == 3 ? v[(first + 2) % 3] : x;
		break;
	default:
		q.p[0] = variant <= 1 ? v[first] : x;
		q.radius = variant == 0   ? col_vec3_distance(v[first], v[second])
		           : variant == 1 ? 0.0
		                          : col_vec3_distance(x, v[rng_int(r, 0, 2)]);
		break;
	}
	return q;
}

/* A query on the half-integer grid around the box [-1, 1]^3, nudged as the frame says. */
static col_cga_query query_on_grid(rng *r, int kind, const frame *f)
{
	col_cga_query q = query_make(kind);
	for (int k = 0; k < 3; k++) {
		q.p[k].x = perturb(r, f, rng_int(r, -4, 4) * 0.5);
		q.p[k].y = perturb(r, f, rng_int(r, -4, 4) * 0.5);
		q.p[k].z = perturb(r, f, rng_int(r, -4, 4) * 0.5);
	}
	q.radius = fabs(perturb(r, f, rng_int(r, 0, 6) * 0.5));
	return q;
}

static hd_octree_triangle *mesh_records(const col_mesh *mesh)
{
	int n = col_mesh_triangle_count(mesh);
	hd_octree_triangle *records = malloc(sizeof *records * (size_t)n);
	assert_non_null(records);
	for (int i = 0; i < n; i++)
		records[i] = octree_triangle(col_mesh_triangle(mesh, i));
	return records;
}

static void test_mesh_queries(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 8));
	col_error error;
	col_mesh *bumpy_here = NULL, *box = NULL;
	check_ok(col_mesh_create_bumpy_sphere(2, &bumpy_here, &error), &error);
	check_ok(col_mesh_create_box(v3(1, 1, 1), &box, &error), &error);
	/* away from the origin, so the local frames matter */
	col_mesh *bumpy = mesh_moved(bumpy_here, v3(-300.5, 1200.25, 40));
	hd_octree_triangle *bumpy_records = mesh_records(bumpy), *box_records = mesh_records(box);
	/* four classes of its own: the first in general position */
	static const char *const classes[CLASS_COUNT] = {"near a triangle", "box, grid", "on mesh vertices",
	                                                 "box, banded grid", ""};
	enum { MESH_CLASSES = 4 };
	static const char *const names[2][QUERY_KINDS] = {
	    {"hd_query_test segment", "hd_query_test triangle", "hd_query_test solid sphere",
	     "hd_query_test surface sphere"},
	    {"hd_query_test CGA segment", "hd_query_test CGA triangle", "hd_query_test CGA solid sphere",
	     "hd_query_test CGA surface sphere"}};
	tally tallies[2][QUERY_KINDS];
	for (int m = 0; m < 2; m++)
		for (int k = 0; k < QUERY_KINDS; k++)
			tallies[m][k] = tally_make(names[m][k], classes);
	for (int i = 0; i < MESH_CLASSES * QUERY_KINDS * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % MESH_CLASSES);
		int query_kind = (i / MESH_CLASSES) % QUERY_KINDS;
		bool on_box = kind == CLASS_GRID || kind == CLASS_BAND;
		const col_mesh *mesh = on_box ? box : bumpy;
		const hd_octree_triangle *records = on_box ? box_records : bumpy_records;
		int t = rng_int(&r, 0, col_mesh_triangle_count(mesh) - 1);
		col_triangle triangle = col_mesh_triangle(mesh, t);
		frame f = {kind, 1.0, {0, 0, 0}, 2};
		col_cga_query q = kind == CLASS_GENERAL  ? query_near(&r, query_kind, triangle)
		                  : kind == CLASS_NUDGED ? query_on_vertices(&r, query_kind, triangle)
		                                         : query_on_grid(&r, query_kind, &f);
		hd_query hq = hd_query_of(&q);
		shape_case c = shape_case_make(6, 1);
		for (int k = 0; k < 3; k++)
			c.p[k] = q.p[k];
		c.p[3] = triangle.a;
		c.p[4] = triangle.b;
		c.p[5] = triangle.c;
		c.radius[0] = q.radius;
		bool any = false;
		for (int m = 0; m < 2; m++) {
			col_method method = m ? COL_METHOD_CGA : COL_METHOD_EUCLIDEAN;
			bool exact = col_cga_mesh_query(mesh, &q, method, t, t + 1, NULL, NULL) > 0;
			any = any || exact;
			judge(&tallies[m][query_kind], kind, hd_query_test(&hq, &records[t], m == 1),
			      yes_no(exact), &r, i, &c);
		}
		/* the walk's probe reaches every triangle the query meets */
		hd_lbvh_probe probe = hd_query_probe(&hq);
		if (any &&
		    !hd_probe_meets(&probe, hd_box_of_triangle(records[t].a, records[t].b, records[t].c))) {
			char text[1200];
			describe(&c, text, sizeof text);
			FAIL_CASE(&r, i, "hd_query_probe misses a triangle the query meets: %s\n", text);
		}
	}
	for (int m = 0; m < 2; m++)
		for (int k = 0; k < QUERY_KINDS; k++)
			tally_report(&tallies[m][k]);
	free(bumpy_records);
	free(box_records);
	col_mesh_destroy(bumpy);
	col_mesh_destroy(bumpy_here);
	col_mesh_destroy(box);
}

/* ---- 7. triangle pairs of two meshes under a rigid motion ---- */

/* A rigid motion: random in general position; in the grid classes a rotation that maps the grid
 * onto itself exactly (the identity, half turns, thirds of a turn about the diagonal), so that the
 * moved triangle lands exactly where it was placed. */
static col_transform3 pose_draw(rng *r, const frame *f)
{
	static const col_quat exact[] = {{0, 0, 0, 1},         {1, 0, 0, 0},         {0, 1, 0, 0},
	                                 {0, 0, 1, 0},         {0.5, 0.5, 0.5, 0.5}, {-0.5, -0.5, -0.5, 0.5},
	                                 {0.5, -0.5, 0.5, 0.5}};
	col_transform3 pose;
	if (f->kind == CLASS_GENERAL)
		pose.rotation = rng_unit_quat(r);
	else
		pose.rotation = exact[rng_int(r, 0, 6)];
	pose.translation = point_draw(r, f);
	return pose;
}

static void fail_bits(const rng *r, int i, const char *what, const void *mine, const void *engine,
                      size_t size, const shape_case *c)
{
	if (memcmp(mine, engine, size) == 0)
		return;
	char text[1200];
	describe(c, text, sizeof text);
	FAIL_CASE(r, i, "%s differs from the engine's in its bits, for %s\n", what, text);
}

static void test_posed_pairs(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 9));
	tally euclid = tally_make("hd_pair_test", class_names),
	      cga = tally_make("hd_pair_test CGA", class_names);
	for (int i = 0; i < CLASS_COUNT * COLLIDE_RANDOM_CASES; i++) {
		case_class kind = (case_class)(i % CLASS_COUNT);
		frame f = frame_draw(&r, kind);
		shape_case c = shape_case_make(6, 0);
		c.posed = true;
		c.pose = pose_draw(&r, &f);
		hd_pose motion = pose_of(c.pose);
		/* a's triangle, then where b's is to land in a's frame */
		col_vec3 target[3];
		for (int k = 0; k < 3; k++)
			c.p[k] = point_draw(&r, &f);
		for (int k = 0; k < 3; k++)
			target[k] = point_draw(&r, &f);
		/* b's triangle in b's frame: the target taken back by the motion */
		for (int k = 0; k < 3; k++) {
			c.p[3 + k] = col_transform3_apply_inverse(c.pose, target[k]);
			hd_vec3 mine = hd_pose_apply_inverse(motion, hv(target[k]));
			fail_bits(&r, i, "hd_pose_apply_inverse", &mine, &c.p[3 + k], sizeof mine, &c);
		}
		col_triangle t = tri(c.p[0], c.p[1], c.p[2]), u = tri(c.p[3], c.p[4], c.p[5]);
		col_triangle moved = col_triangle_moved(u, c.pose);
		hd_octree_triangle a_record = octree_triangle(t), b_record = octree_triangle(u);
		hd_octree_triangle moved_record = hd_moved_triangle(&b_record, motion);
		fail_bits(&r, i, "hd_moved_triangle's a", &moved_record.a, &moved.a, sizeof moved.a, &c);
		fail_bits(&r, i, "hd_moved_triangle's b", &moved_record.b, &moved.b, sizeof moved.b, &c);
		fail_bits(&r, i, "hd_moved_triangle's c", &moved_record.c, &moved.c, sizeof moved.c, &c);
		hd_pose a_in_b = hd_pose_inverse(motion);
		col_transform3 engine_inverse = col_transform3_inverse(c.pose);
		fail_bits(&r, i, "hd_pose_inverse", &a_in_b, &engine_inverse, sizeof a_in_b, &c);

		bool meets_cga = col_cga_triangle_triangle(t, moved);
		bool meets = col_triangle_intersects_triangle(t, moved);
		hd_pair_side x = hd_pair_prepare(&a_record, true), y = hd_pair_prepare(&moved_record, true);
		judge(&cga, kind, hd_pair_test(&x, &y, true), yes_no(meets_cga), &r, i, &c);
		x = hd_pair_prepare(&a_record, false);
		y = hd_pair_prepare(&moved_record, false);
		judge(&euclid, kind, hd_pair_test(&x, &y, false), yes_no(meets), &r, i, &c);
		/* the probe of a's triangle in b's frame reaches b's triangle whenever they meet */
		hd_lbvh_probe probe = hd_pair_probe_in_b(&a_record, a_in_b);
		if ((meets || meets_cga) &&
		    !hd_probe_meets(&probe, hd_box_of_triangle(b_record.a, b_record.b, b_record.c))) {
			char text[1200];
			describe(&c, text, sizeof text);
			FAIL_CASE(&r, i, "hd_pair_probe_in_b misses a triangle that meets: %s\n", text);
		}
	}
	tally_report(&euclid);
	tally_report(&cga);
}

/* ---- 8. the LBVH ---- */

/* A tree built as gpu_lbvh.c builds it, plainly: the box of the centres, the Morton keys, a stable
 * sort of (key, index), every internal node from hd_lbvh_node, the boxes bottom up. */
typedef struct test_tree {
	int32_t n;
	hd_box *boxes;     /* 2n - 1 nodes: internal 0 .. n-2, leaf k at n-1+k */
	int32_t *children; /* 2 per internal node */
	int32_t *order;    /* leaf k holds primitive order[k] */
	uint64_t *keys;    /* sorted */
	hd_lbvh tree;
} test_tree;

typedef struct keyed {
	uint64_t key;
	int32_t index;
} keyed;

static int keyed_compare(const void *x, const void *y)
{
	const keyed *a = x, *b = y;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

/* The node's box from its children's (post-order); fails on a child out of range or a path too deep,
 * which is also what a cycle would give. */
static hd_box fill_boxes(test_tree *t, int32_t node, int depth)
{
	if (node < 0 || node >= 2 * t->n - 1 || depth >= HD_LBVH_STACK)
		fail_msg("lbvh of %d: node %d at depth %d is out of range or too deep", t->n, node, depth);
	if (node >= t->n - 1)
		return t->boxes[node];
	hd_box left = fill_boxes(t, t->children[2 * node], depth + 1);
	hd_box right = fill_boxes(t, t->children[2 * node + 1], depth + 1);
	t->boxes[node] = hd_box_union(left, right);
	return t->boxes[node];
}

static void tree_build(test_tree *t, const hd_box *input, int32_t n)
{
	t->n = n;
	t->boxes = malloc(sizeof *t->boxes * (size_t)(2 * n - 1));
	t->children = malloc(sizeof *t->children * (size_t)(n > 1 ? 2 * (n - 1) : 2));
	t->order = malloc(sizeof *t->order * (size_t)n);
	t->keys = malloc(sizeof *t->keys * (size_t)n);
	keyed *sorted = malloc(sizeof *sorted * (size_t)n);
	assert_true(t->boxes && t->children && t->order && t->keys && sorted);
	hd_box scene;
	scene.min = hd_v3(INFINITY, INFINITY, INFINITY);
	scene.max = hd_v3(-INFINITY, -INFINITY, -INFINITY);
	for (int32_t i = 0; i < n; i++) {
		hd_box centre;
		centre.min =
		    hd_v3(0.5 * (input[i].min.x + input[i].max.x), 0.5 * (input[i].min.y + input[i].max.y),
		          0.5 * (input[i].min.z + input[i].max.z));
		centre.max = centre.min;
		scene = hd_box_union(scene, centre);
	}
	hd_vec3 scale = hd_v3(scene.max.x > scene.min.x ? 2097152.0 / (scene.max.x - scene.min.x) : 0.0,
	                      scene.max.y > scene.min.y ? 2097152.0 / (scene.max.y - scene.min.y) : 0.0,
	                      scene.max.z > scene.min.z ? 2097152.0 / (scene.max.z - scene.min.z) : 0.0);
	for (int32_t i = 0; i < n; i++) {
		sorted[i].key = hd_morton_key(input[i], scene.min, scale);
		sorted[i].index = i;
	}
	qsort(sorted, (size_t)n, sizeof *sorted, keyed_compare);
	for (int32_t k = 0; k < n; k++) {
		t->keys[k] = sorted[k].key;
		t->order[k] = sorted[k].index;
		t->boxes[n - 1 + k] = input[sorted[k].index];
	}
	for (int32_t i = 0; i + 1 < n; i++)
		hd_lbvh_node(t->keys, n, i, &t->children[2 * i], &t->children[2 * i + 1]);
	if (n > 1)
		fill_boxes(t, 0, 0);
	free(sorted);
	t->tree.count = n;
	t->tree.boxes = t->boxes;
	t->tree.children = t->children;
	t->tree.order = t->order;
}

static void tree_free(test_tree *t)
{
	free(t->boxes);
	free(t->children);
	free(t->order);
	free(t->keys);
}

/* Visits the subtree: each node counted, its leaves a contiguous run of the sorted order (first ..
 * last) that starts or ends at an internal node's own index (Karras), left run before right run, an
 * internal box the union of its children's. Returns the deepest depth below. */
static int tree_visit(const test_tree *t, int32_t node, int depth, int *seen, int32_t *first, int32_t *last)
{
	if (node < 0 || node >= 2 * t->n - 1 || depth >= HD_LBVH_STACK)
		fail_msg("lbvh of %d: node %d at depth %d is out of range or too deep", t->n, node, depth);
	seen[node]++;
	if (node >= t->n - 1) {
		*first = *last = node - (t->n - 1);
		return depth;
	}
	int32_t left = t->children[2 * node], right = t->children[2 * node + 1], lf, ll, rf, rl;
	int dl = tree_visit(t, left, depth + 1, seen, &lf, &ll),
	    dr = tree_visit(t, right, depth + 1, seen, &rf, &rl);
	if (ll + 1 != rf || (node != lf && node != rl))
		fail_msg("lbvh of %d: internal node %d covers leaves %d..%d and %d..%d", t->n, node, lf, ll,
		         rf, rl);
	hd_box u = hd_box_union(t->boxes[left], t->boxes[right]);
	if (memcmp(&u, &t->boxes[node], sizeof u) != 0)
		fail_msg("lbvh of %d: internal node %d's box is not its children's union", t->n, node);
	*first = lf;
	*last = rl;
	return dl > dr ? dl : dr;
}

static int tree_check(const test_tree *t)
{
	int nodes = 2 * t->n - 1;
	int *seen = calloc((size_t)nodes, sizeof *seen);
	assert_non_null(seen);
	int32_t first, last;
	int depth = tree_visit(t, 0, 0, seen, &first, &last);
	assert_int_equal(first, 0);
	assert_int_equal(last, t->n - 1);
	for (int i = 0; i < nodes; i++)
		if (seen[i] != 1)
			fail_msg("lbvh of %d: node %d reached %d times from the root", t->n, i, seen[i]);
	free(seen);
	return depth;
}

/* Whether the segment pq meets the closed box, by slabs in long double: a box reported met is one the
 * segment reaches to within far less than the probe's margin. */
static bool segment_meets_box(hd_vec3 p, hd_vec3 q, hd_box b)
{
	long double t0 = 0.0L, t1 = 1.0L;
	for (int axis = 0; axis < 3; axis++) {
		long double from = hd_comp(p, axis), d = (long double)hd_comp(q, axis) - from;
		long double lo = hd_comp(b.min, axis), hi = hd_comp(b.max, axis);
		if (d == 0.0L) {
			if (from < lo || from > hi)
				return false;
			continue;
		}
		long double a0 = (lo - from) / d, a1 = (hi - from) / d;
		if (a0 > a1) {
			long double swap = a0;
			a0 = a1;
			a1 = swap;
		}
		t0 = a0 > t0 ? a0 : t0;
		t1 = a1 < t1 ? a1 : t1;
		if (t0 > t1)
			return false;
	}
	return true;
}

/* A point of the scene's box grown by 10% on each side. */
static hd_vec3 scene_point(rng *r, hd_box scene)
{
	hd_vec3 size = hd_sub(scene.max, scene.min);
	double x = scene.min.x + rng_in(r, -0.1, 1.1) * size.x;
	double y = scene.min.y + rng_in(r, -0.1, 1.1) * size.y;
	double z = scene.min.z + rng_in(r, -0.1, 1.1) * size.z;
	return hd_v3(x, y, z);
}

/* A corner of box b, each coordinate its min or max. */
static hd_vec3 box_corner(rng *r, hd_box b)
{
	double x = rng_coin(r) ? b.min.x : b.max.x;
	double y = rng_coin(r) ? b.min.y : b.max.y;
	double z = rng_coin(r) ? b.min.z : b.max.z;
	return hd_v3(x, y, z);
}

static hd_box box_around(hd_vec3 a, hd_vec3 b)
{
	hd_box box;
	box.min = hd_v3(fmin(a.x, b.x), fmin(a.y, b.y), fmin(a.z, b.z));
	box.max = hd_v3(fmax(a.x, b.x), fmax(a.y, b.y), fmax(a.z, b.z));
	return box;
}

/* Box probes: random ones, an input box itself, a corner of one (touching), one sharing a face. */
static hd_box probe_box_draw(rng *r, const hd_box *input, int32_t n, hd_box scene)
{
	const hd_box *b = &input[rng_int(r, 0, n - 1)];
	hd_box probe;
	switch (rng_int(r, 0, 4)) {
	case 0: return *b;
	case 1: {
		hd_vec3 corner = box_corner(r, *b);
		return box_around(corner, corner);
	}
	case 2:
		probe = *b;
		probe.min.x = b->max.x;
		probe.max.x = b->max.x + rng_unit(r) * (scene.max.x - scene.min.x + 1.0);
		return probe;
	default: {
		hd_vec3 p = scene_point(r, scene);
		hd_vec3 size = hd_scale(hd_sub(scene.max, scene.min), 0.3 * rng_unit(r));
		return box_around(p, hd_add(p, size));
	}
	}
}

/* Segment probes: random ones, axis-parallel, zero-length at a corner, from a corner, in a face's
 * plane. */
static void probe_segment_draw(rng *r, const hd_box *input, int32_t n, hd_box scene, hd_vec3 *p, hd_vec3 *q)
{
	const hd_box *b = &input[rng_int(r, 0, n - 1)];
	int variant = rng_int(r, 0, 5);
	*p = variant == 2 || variant == 3 ? box_corner(r, *b) : scene_point(r, scene);
	*q = scene_point(r, scene);
	if (variant == 1) { /* parallel to an axis */
		int axis = rng_int(r, 0, 2);
		*q = hd_v3(axis == 0 ? q->x : p->x, axis == 1 ? q->y : p->y, axis == 2 ? q->z : p->z);
	} else if (variant == 2) {
		*q = *p;
	} else if (variant == 4) { /* in the plane of b's top face */
		p->z = b->max.z;
		q->z = b->max.z;
	}
}

enum { TREE_RANDOM, TREE_IDENTICAL, TREE_PLANE, TREE_CLUSTERED, TREE_LINE, TREE_FAR };

static void lbvh_inputs(rng *r, int shape, hd_box *boxes, int32_t n)
{
	static const hd_vec3 clusters[4] = {
	    {-0.5, 0.25, 0.75}, {0.5, 0.5, 0.5}, {-0.25, -0.75, 0}, {0.125, 0, -1}};
	for (int32_t i = 0; i < n; i++) {
		hd_vec3 c = hv(rng_vec3(r, -1, 1));
		hd_vec3 h = hv(rng_vec3(r, 0, 0.05));
		if (rng_int(r, 0, 7) == 0)
			h = hd_v3(0, 0, 0); /* a point */
		switch (shape) {
		case TREE_IDENTICAL:
			c = hd_v3(-0.1, 0.2, 0.3);
			h = hd_v3(0.25, 0.125, 0.5);
			break;
		case TREE_PLANE:
			c.z = 0.25;
			h.z = 0.0;
			break;
		case TREE_CLUSTERED: c = clusters[rng_int(r, 0, 3)]; break;
		case TREE_LINE:
			c.y = c.z = 0.0;
			h.y = h.z = 0.0;
			break;
		case TREE_FAR:
			c = hd_add(hd_v3(1e6, -2e6, 5e5), hd_scale(c, 1e-3));
			h = hd_scale(h, 1e-3);
			break;
		default: break;
		}
		boxes[i].min = hd_sub(c, h);
		boxes[i].max = hd_add(c, h);
	}
}

static void test_lbvh(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 10));
	static const struct {
		const char *name;
		int shape;
		int32_t n;
	} trees[] = {
	    {"random, n = 1", TREE_RANDOM, 1},
	    {"random, n = 2", TREE_RANDOM, 2},
	    {"random, n = 3", TREE_RANDOM, 3},
	    {"random, n = 5", TREE_RANDOM, 5},
	    {"random, n = 100", TREE_RANDOM, 100},
	    {"random, n = 2000", TREE_RANDOM, 2000},
	    {"identical, n = 2", TREE_IDENTICAL, 2},
	    {"identical, n = 3", TREE_IDENTICAL, 3},
	    {"identical, n = 1000", TREE_IDENTICAL, 1000},
	    {"on a plane, n = 1000", TREE_PLANE, 1000},
	    {"4 centres, n = 1500", TREE_CLUSTERED, 1500},
	    {"on a line, n = 600", TREE_LINE, 600},
	    {"far, n = 1000", TREE_FAR, 1000},
	};
	int tree_count = (int)(sizeof trees / sizeof trees[0]);
	int probes = COLLIDE_RANDOM_CASES / tree_count + 1;
	long long box_probes = 0, segment_probes = 0, extra = 0, met = 0;
	for (int k = 0; k < tree_count; k++) {
		int32_t n = trees[k].n;
		hd_box *input = malloc(sizeof *input * (size_t)n);
		uint8_t *returned = malloc((size_t)n);
		assert_true(input && returned);
		lbvh_inputs(&r, trees[k].shape, input, n);
		test_tree t;
		tree_build(&t, input, n);
		int depth = tree_check(&t);
		assert_true(depth < HD_LBVH_STACK);
		hd_box scene = input[0];
		for (int32_t i = 1; i < n; i++)
			scene = hd_box_union(scene, input[i]);
		for (int i = 0; i < 2 * probes; i++) {
			bool segment = i % 2 == 1;
			hd_lbvh_probe probe;
			hd_vec3 p = hd_v3(0, 0, 0), q = p;
			if (segment) {
				probe_segment_draw(&r, input, n, scene, &p, &q);
				probe = hd_probe_segment(p, q);
			} else {
				probe = hd_probe_box(probe_box_draw(&r, input, n, scene));
			}
			memset(returned, 0, (size_t)n);
			hd_lbvh_walk walk;
			hd_walk_start(&walk, &t.tree);
			uint64_t visited = 0;
			int32_t id;
			while ((id = hd_walk_next(&walk, &t.tree, &probe, &visited)) >= 0) {
				if (id >= n || returned[id])
					FAIL_CASE(&r, i,
					          "lbvh %s: the walk returns %d twice or out of range\n",
					          trees[k].name, id);
				returned[id] = 1;
			}
			for (int32_t j = 0; j < n; j++) {
				bool overlaps = hd_box_overlaps(probe.box, input[j]);
				if (!segment && returned[j] != overlaps)
					FAIL_CASE(&r, i,
					          "lbvh %s: box (%a, %a, %a) .. (%a, %a, %a) is %s by the "
					          "walk, and "
					          "the probe box (%a, %a, %a) .. (%a, %a, %a) %s it\n",
					          trees[k].name, input[j].min.x, input[j].min.y,
					          input[j].min.z, input[j].max.x, input[j].max.y,
					          input[j].max.z, returned[j] ? "returned" : "not returned",
					          probe.box.min.x, probe.box.min.y, probe.box.min.z,
					          probe.box.max.x, probe.box.max.y, probe.box.max.z,
					          overlaps ? "overlaps" : "misses");
				if (!segment)
					continue;
				if (returned[j] && !overlaps)
					FAIL_CASE(
					    &r, i,
					    "lbvh %s: the segment's walk returns a box off its bounds\n",
					    trees[k].name);
				bool meets = overlaps && segment_meets_box(p, q, input[j]);
				met += meets;
				extra += returned[j] && !meets;
				if (meets && !returned[j])
					FAIL_CASE(
					    &r, i,
					    "lbvh %s: the walk misses box (%a, %a, %a) .. (%a, %a, %a) that "
					    "segment (%a, %a, %a) (%a, %a, %a) meets\n",
					    trees[k].name, input[j].min.x, input[j].min.y, input[j].min.z,
					    input[j].max.x, input[j].max.y, input[j].max.z, p.x, p.y, p.z,
					    q.x, q.y, q.z);
			}
			segment_probes += segment;
			box_probes += !segment;
		}
		print_message(
		    "lbvh %-22s depth %3d: the structure holds, %d box and %d segment probes agree\n",
		    trees[k].name, depth, probes, probes);
		tree_free(&t);
		free(input);
		free(returned);
	}
	print_message("lbvh walks: %lld box probes exact, %lld segment probes: %lld boxes met, none missed, "
	              "%lld extra (allowed)\n",
	              box_probes, segment_probes, met, extra);
}

/* ---- 9. closest points ---- */

static double longest_edge(col_triangle t)
{
	return fmax(col_vec3_distance(t.a, t.b),
	            fmax(col_vec3_distance(t.b, t.c), col_vec3_distance(t.c, t.a)));
}

static void test_closest_point(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 11));
	static const char *const classes[] = {
	    "general",           "grid", "nudged grid", "collinear along an axis", "collinear, rounded",
	    "two vertices equal"};
	enum { CLOSEST_CLASSES = 6 };
	int cases[CLOSEST_CLASSES] = {0}, same_bits[CLOSEST_CLASSES] = {0}, wrong[CLOSEST_CLASSES] = {0},
	    nans[CLOSEST_CLASSES] = {0};
	double worst[CLOSEST_CLASSES] = {0};
	char first_wrong[CLOSEST_CLASSES][1600];
	for (int i = 0; i < CLOSEST_CLASSES * COLLIDE_RANDOM_CASES; i++) {
		int kind = i % CLOSEST_CLASSES;
		shape_case c = shape_case_make(4, 0);
		if (kind <= CLASS_NUDGED) {
			frame f = frame_draw(&r, (case_class)kind);
			f.offset = v3(0, 0, 0); /* distances are compared relative to the triangle's size */
			for (int k = 0; k < 4; k++)
				c.p[k] = point_draw(&r, &f);
		} else {
			for (int k = 0; k < 4; k++)
				c.p[k] = rng_vec3(&r, -1, 1);
			if (kind == 3) { /* on a line parallel to x: the cross product is exactly 0 */
				c.p[1].y = c.p[2].y = c.p[0].y;
				c.p[1].z = c.p[2].z = c.p[0].z;
			} else if (kind == 4) { /* a + s e, a + t e, rounded */
				col_vec3 e = col_vec3_sub(c.p[1], c.p[0]);
				c.p[2] = col_vec3_add(c.p[0], col_vec3_scale(e, rng_in(&r, -2, 2)));
			} else {
				c.p[rng_int(&r, 1, 2)] = c.p[0];
			}
		}
		col_triangle t = tri(c.p[0], c.p[1], c.p[2]);
		col_vec3 p = c.p[3];
		col_vec3 engine = col_triangle_closest_point(t, p);
		hd_vec3 mine = hd_triangle_closest_point(hv(t.a), hv(t.b), hv(t.c), hv(p));
		double d_engine = col_vec3_distance(p, engine), d_mine = sqrt(hd_distance2(mine, hv(p)));
		double size = fmax(longest_edge(t), d_engine);
		cases[kind]++;
		same_bits[kind] += memcmp(&mine, &engine, sizeof mine) == 0;
		nans[kind] += isnan(d_mine);
		double difference = fabs(d_mine - d_engine);
		if (size > 0 && difference / size > worst[kind])
			worst[kind] = difference / size;
		if (difference <= 1e-12 * size)
			continue;
		if (wrong[kind]++ == 0) {
			char text[1200];
			describe(&c, text, sizeof text);
			snprintf(first_wrong[kind], sizeof first_wrong[kind],
			         "case %d: hd_triangle_closest_point is %.17g from p (point (%a, %a, %a)), "
			         "col_triangle_closest_point %.17g (point (%a, %a, %a)), for triangle p0 p1 "
			         "p2 and p = p3: "
			         "%s",
			         i, d_mine, mine.x, mine.y, mine.z, d_engine, engine.x, engine.y, engine.z,
			         text);
		}
	}
	int classes_wrong = 0;
	for (int k = 0; k < CLOSEST_CLASSES; k++) {
		print_message(
		    "hd_triangle_closest_point %-24s %7d cases, %7d the engine's bits, %6d differ by more "
		    "than 1e-12 of the size (%d NaN, largest other %.3g)\n",
		    classes[k], cases[k], same_bits[k], wrong[k], nans[k], worst[k]);
		classes_wrong += wrong[k] > 0;
	}
	for (int k = 0; k < CLOSEST_CLASSES; k++)
		if (wrong[k] > 0)
			print_error("seed 0x%016llx, %s, %s\n", (unsigned long long)r.seed, classes[k],
			            first_wrong[k]);
	if (classes_wrong > 0)
		fail_msg("hd_triangle_closest_point and col_triangle_closest_point disagree in %d classes",
		         classes_wrong);
}

/* A soup of small random triangles, and the bumpy sphere's. */
static hd_octree_triangle *nearest_triangles(rng *r, int which, int32_t *count)
{
	if (which == 0) {
		int32_t n = 200;
		hd_octree_triangle *soup = malloc(sizeof *soup * (size_t)n);
		assert_non_null(soup);
		for (int32_t i = 0; i < n; i++) {
			col_vec3 g = rng_vec3(r, -1, 1);
			col_vec3 a = near_point(r, g, 0.2, 1.0);
			col_vec3 b = near_point(r, g, 0.2, 1.0);
			col_vec3 c = near_point(r, g, 0.2, 1.0);
			soup[i] = octree_triangle(tri(a, b, c));
		}
		*count = n;
		return soup;
	}
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(2, &mesh, &error), &error);
	hd_octree_triangle *records = mesh_records(mesh);
	*count = col_mesh_triangle_count(mesh);
	col_mesh_destroy(mesh);
	return records;
}

static void test_lbvh_nearest(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 12));
	static const char *const names[] = {"a soup of 200 triangles", "the bumpy sphere"};
	for (int which = 0; which < 2; which++) {
		int32_t n = 0;
		hd_octree_triangle *triangles = nearest_triangles(&r, which, &n);
		hd_box *boxes = malloc(sizeof *boxes * (size_t)n);
		assert_non_null(boxes);
		for (int32_t i = 0; i < n; i++)
			boxes[i] = hd_box_of_triangle(triangles[i].a, triangles[i].b, triangles[i].c);
		test_tree t;
		tree_build(&t, boxes, n);
		tree_check(&t);
		/* the brute force's own boxes of the triangles, to skip those that cannot be nearer */
		col_aabb3 *bounds = malloc(sizeof *bounds * (size_t)n);
		assert_non_null(bounds);
		for (int32_t j = 0; j < n; j++)
			bounds[j] = col_triangle_bounds(
			    tri(cv(triangles[j].a), cv(triangles[j].b), cv(triangles[j].c)));
		hd_box scene = t.boxes[0];
		double size = sqrt(hd_distance2(scene.min, scene.max));
		int same = 0;
		uint64_t visited = 0;
		for (int i = 0; i < COLLIDE_RANDOM_CASES; i++) {
			int variant = i % 4;
			hd_vec3 p = scene_point(&r, scene);
			if (variant == 1) /* on a vertex: distance 0 */
				p = triangles[rng_int(&r, 0, n - 1)].b;
			else if (variant == 2) /* far away */
				p = hd_scale(hd_sub(p, hd_scale(hd_add(scene.min, scene.max), 0.5)), 50.0);
			hd_vec3 closest;
			int32_t id = -1;
			double best = hd_lbvh_nearest(&t.tree, triangles, p, &closest, &id, &visited);
			double brute = INFINITY;
			for (int32_t j = 0; j < n; j++) {
				/* A triangle whose box is farther than the nearest so far (by more than
				 * rounding) cannot be nearer: exact, and it spares most of them. */
				if (box_distance_squared(bounds[j], cv(p)) > brute * brute * (1.0 + 1e-9))
					continue;
				col_triangle u =
				    tri(cv(triangles[j].a), cv(triangles[j].b), cv(triangles[j].c));
				brute = fmin(brute,
				             col_vec3_distance(cv(p), col_triangle_closest_point(u, cv(p))));
			}
			double found = sqrt(best);
			same += found == brute;
			if (id < 0 || id >= n || !(fabs(found - brute) <= 1e-12 * (size + brute)))
				FAIL_CASE(
				    &r, i,
				    "hd_lbvh_nearest on %s: distance %.17g (triangle %d), brute force %.17g, "
				    "for p (%a, %a, %a)\n",
				    names[which], found, id, brute, p.x, p.y, p.z);
			hd_vec3 own =
			    hd_triangle_closest_point(triangles[id].a, triangles[id].b, triangles[id].c, p);
			if (memcmp(&own, &closest, sizeof own) != 0 || hd_distance2(own, p) != best)
				FAIL_CASE(&r, i,
				          "hd_lbvh_nearest's point is not its triangle's closest point\n");
		}
		print_message(
		    "hd_lbvh_nearest on %-24s %7d points agree with brute force (%d to the bit), %.1f "
		    "nodes a point\n",
		    names[which], COLLIDE_RANDOM_CASES, same, (double)visited / COLLIDE_RANDOM_CASES);
		tree_free(&t);
		free(bounds);
		free(boxes);
		free(triangles);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_orient3d_cases),
	    cmocka_unit_test(test_orient3d_random),
	    cmocka_unit_test(test_orient3d_coplanar),
	    cmocka_unit_test(test_segment_triangle_cases),
	    cmocka_unit_test(test_segment_triangle_random),
	    cmocka_unit_test(test_triangle_triangle_cases),
	    cmocka_unit_test(test_triangle_triangle_random),
	    cmocka_unit_test(test_triangle_sphere_cases),
	    cmocka_unit_test(test_triangle_sphere_random),
	    cmocka_unit_test(test_segment_sphere_cases),
	    cmocka_unit_test(test_segment_sphere_random),
	    cmocka_unit_test(test_sphere_sphere_cases),
	    cmocka_unit_test(test_sphere_sphere_random),
	    cmocka_unit_test(test_mesh_queries),
	    cmocka_unit_test(test_posed_pairs),
	    cmocka_unit_test(test_lbvh),
	    cmocka_unit_test(test_closest_point),
	    cmocka_unit_test(test_lbvh_nearest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
