/* What the covering and tri-tree tests add to polygon_classes.h: the classes by number and size,
 * the study's circular and linear trajectories (source 000, 4.8), random rigid poses, and circles
 * and poses within a hair of touching or touching exactly, with small polygons for the pairs. */
#ifndef COLLIDE_TESTS_ENGINE_POLYGON_CASES_H
#define COLLIDE_TESTS_ENGINE_POLYGON_CASES_H

#include <math.h>
#include <stdlib.h>

#include <string.h>

#include "collide/polygon.h"
#include "collide/shapes2d.h"

#include "polygon_classes.h"
#include "support.h"

#define POLYGONS_TWO_PI 6.283185307179586

/* The classes of polygon_classes.h (convex, star, irregular, holes, comb, spiral, random simple,
 * slivers, integer, pinched), by number. */
enum { POLYGONS_CLASS_COUNT = PC_CLASS_COUNT };
typedef int polygons_class;

static inline const char *polygons_class_name(polygons_class k)
{
	return pc_class_at(k).name;
}

/* A polygon of class k; size 0, 1, 2, ... picks a growing fraction of the class's default size
 * (vertices, teeth, spikes or holes per side), so loops over size cover small and large ones. */
static inline col_polygon *polygons_make(rng *r, polygons_class k, int size)
{
	static const double fractions[6] = {0.02, 0.06, 0.15, 0.35, 0.7, 1.0};
	pc_class c = pc_class_at(k);
	int n = (int)lround(c.size * fractions[size % 6]);
	int least = strcmp(c.name, "spiral") == 0 ? 200 : strcmp(c.name, "holes") == 0 ? 1 : 5;
	return c.make(r, n < least ? least : n);
}

/* Every vertex of every contour, in order; *count gets how many. The caller frees. */
static inline col_vec2 *polygons_vertices(const col_polygon *polygon, int *count)
{
	int n = col_polygon_vertex_count(polygon), k = 0;
	col_vec2 *v = malloc((size_t)n * sizeof *v);
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		for (int i = 0; i < contour.count; i++)
			v[k++] = contour.points[i];
	}
	*count = n;
	return v;
}

/* A query point: vertices, edge points and near misses as well as the open plane. */
static inline col_vec2 polygons_random_query(rng *r, const col_polygon *polygon)
{
	return pc_query_point(r, polygon);
}

/* The study's trajectories: kind 0 circles the box's centre just around the polygon with a small
 * jitter; kind 1 crosses the box along x at a random height with a small jitter in y. */
static inline void polygons_trajectory(rng *r, const col_polygon *polygon, int kind, col_vec2 *path, int frames)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	col_vec2 c = {0.5 * (box.min.x + box.max.x), 0.5 * (box.min.y + box.max.y)};
	double rx = 0.5 * (box.max.x - box.min.x), ry = 0.5 * (box.max.y - box.min.y);
	double radius = rng_in(r, 0.6, 1.0) * sqrt(rx * rx + ry * ry), jitter = 0.002 * (rx + ry);
	double height = rng_in(r, box.min.y, box.max.y);
	for (int i = 0; i < frames; i++) {
		double s = (double)i / frames;
		if (kind == 0)
			path[i] = (col_vec2){c.x + radius * cos(POLYGONS_TWO_PI * s), c.y + radius * sin(POLYGONS_TWO_PI * s)};
		else
			path[i] = (col_vec2){box.min.x - 0.1 * rx + 2.2 * rx * s, height};
		path[i].x += jitter * rng_in(r, -1, 1);
		path[i].y += jitter * rng_in(r, -1, 1);
	}
}

/* A random rigid pose putting b near a (their boxes' centres within the sum of their half
 * diagonals). */
static inline col_transform2 polygons_random_pose(rng *r, const col_polygon *a, const col_polygon *b)
{
	col_aabb2 ba = col_polygon_bounds(a), bb = col_polygon_bounds(b);
	double ra = 0.5 * col_vec2_length(col_vec2_sub(ba.max, ba.min));
	double rb = 0.5 * col_vec2_length(col_vec2_sub(bb.max, bb.min));
	col_vec2 ca = col_vec2_scale(col_vec2_add(ba.min, ba.max), 0.5);
	col_vec2 cb = col_vec2_scale(col_vec2_add(bb.min, bb.max), 0.5);
	double angle = rng_in(r, 0, POLYGONS_TWO_PI), d = rng_in(r, 0, 1.1 * (ra + rb)), t = rng_in(r, 0, POLYGONS_TWO_PI);
	col_rot2 q = col_rot2_from_angle(angle);
	col_vec2 target = {ca.x + d * cos(t), ca.y + d * sin(t)};
	return (col_transform2){q, col_vec2_sub(target, col_rot2_apply(q, cb))};
}

/* Prints the polygon's contours to the test's error output, to replay a failing case by hand. */
static inline void polygons_print(const char *label, const col_polygon *polygon)
{
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		print_error("%s contour %d:", label, c);
		for (int i = 0; i < contour.count; i++)
			print_error(" {%.17g, %.17g}", contour.points[i].x, contour.points[i].y);
		print_error("\n");
	}
}

/* ---- near-touching cases ----
 *
 * Random circles and poses are mostly clearly apart or clearly overlapping. The generators below
 * also put a good share of the cases within a hair of touching (a relative gap from 1e-3 down to
 * below rounding, on either side), and some exactly touching where the construction is exact: a
 * circle through a vertex (an offset from a Pythagorean triple scaled by a power of two, checked to
 * add without rounding), a circle tangent to an axis-parallel edge, a polygon whose extreme vertex
 * is placed exactly on a vertex of the other (checked on the moved point the oracle sees). */

/* How a generated case was made. */
typedef enum polygons_closeness {
	POLYGONS_RANDOM,  /* anywhere: mostly clearly apart or clearly overlapping */
	POLYGONS_NEAR,    /* within a hair of touching, on either side, or touching up to rounding */
	POLYGONS_TOUCHING /* touching exactly (the exact oracle must say they meet) */
} polygons_closeness;

static inline const char *polygons_closeness_name(polygons_closeness how)
{
	return how == POLYGONS_TOUCHING ? "touching" : how == POLYGONS_NEAR ? "near" : "random";
}

/* The polygon's size: half its box's diagonal. */
static inline double polygons_size(const col_polygon *polygon)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	return 0.5 * col_vec2_length(col_vec2_sub(box.max, box.min));
}

/* Distance from p to the closed segment ab (floating point). */
static inline double polygons_segment_distance(col_vec2 a, col_vec2 b, col_vec2 p)
{
	col_vec2 d = col_vec2_sub(b, a), e = col_vec2_sub(p, a);
	double dd = col_vec2_dot(d, d), t = dd > 0 ? col_vec2_dot(e, d) / dd : 0.0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return col_vec2_length(col_vec2_sub(e, col_vec2_scale(d, t)));
}

/* Distance from p to the polygon's boundary (floating point, brute force). */
static inline double polygons_boundary_distance(const col_polygon *polygon, col_vec2 p)
{
	double best = INFINITY;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++) {
		col_contour contour = col_polygon_contour(polygon, c);
		for (int i = 0; i < contour.count; i++)
			best = fmin(best, polygons_segment_distance(
			                      contour.points[i], contour.points[(i + 1) % contour.count], p));
	}
	return best;
}

/* A random relative gap: 0 a fifth of the time (touching up to rounding), else +-10^U(-15, -3). */
static inline double polygons_hair(rng *r)
{
	if (rng_int(r, 0, 4) == 0)
		return 0.0;
	return (rng_coin(r) ? 1.0 : -1.0) * pow(10.0, rng_in(r, -15.0, -3.0));
}

/* a + b, and whether it was exact (Knuth's two-sum: the rounding error is zero). */
static inline bool polygons_add_exact(double a, double b, double *sum)
{
	double s = a + b, bb = s - a, error = (a - (s - bb)) + (b - bb);
	*sum = s;
	return error == 0.0;
}

/* The outward unit direction at vertex i of a contour: the bisector of its edges' outward normals
 * (the interior is on the left of every edge). */
static inline col_vec2 polygons_vertex_outward(col_contour c, int i)
{
	col_vec2 prev = c.points[(i + c.count - 1) % c.count], v = c.points[i],
	         next = c.points[(i + 1) % c.count];
	col_vec2 in = col_vec2_sub(v, prev), out = col_vec2_sub(next, v);
	double li = col_vec2_length(in), lo = col_vec2_length(out);
	col_vec2 n = {in.y / li + out.y / lo, -in.x / li - out.x / lo};
	double ln = col_vec2_length(n);
	if (!(ln > 1e-12)) /* a needle: straight on along the incoming edge */
		return col_vec2_scale(in, 1.0 / li);
	return col_vec2_scale(n, 1.0 / ln);
}

/* The integer direction (x, y) with x^2 + y^2 = h^2 (h an integer) closest to the unit vector n,
 * from the primitive Pythagorean triples with h < 100 and the axes (no two more than 9 degrees
 * apart). */
static inline void polygons_pythagorean(col_vec2 n, double *x, double *y, double *h)
{
	static const int triples[][3] = {{1, 0, 1},    {3, 4, 5},    {5, 12, 13},  {8, 15, 17},  {7, 24, 25},
	                                 {20, 21, 29}, {12, 35, 37}, {9, 40, 41},  {28, 45, 53}, {11, 60, 61},
	                                 {33, 56, 65}, {16, 63, 65}, {48, 55, 73}, {13, 84, 85}, {36, 77, 85},
	                                 {39, 80, 89}, {65, 72, 97}};
	double best = -INFINITY;
	*x = 1.0, *y = 0.0, *h = 1.0;
	for (size_t t = 0; t < sizeof triples / sizeof triples[0]; t++) {
		for (int v = 0; v < 8; v++) {
			double a = triples[t][0], b = triples[t][1], c = triples[t][2];
			double px = v & 4 ? b : a, py = v & 4 ? a : b;
			px = v & 1 ? -px : px;
			py = v & 2 ? -py : py;
			double score = (px * n.x + py * n.y) / c;
			if (score > best) {
				best = score;
				*x = px;
				*y = py;
				*h = c;
			}
		}
	}
}

/* A random circle for the circle queries: a third anywhere (a random query point, vertices and
 * edges included, and a radius from 1e-4 of the polygon's size to twice it, or 0), a third within
 * a hair of the boundary (a centre near a random boundary point, preferably outside, and a radius
 * of its distance to the boundary times 1 + polygons_hair), a third touching a vertex or an
 * axis-parallel edge exactly (and the same a double's step smaller or larger). *how says which. */
static inline col_circle polygons_random_circle(rng *r, const col_polygon *polygon, polygons_closeness *how)
{
	double size = polygons_size(polygon);
	int kind = rng_int(r, 0, 5);
	*how = POLYGONS_RANDOM;
	if (kind <= 1) {
		col_vec2 centre = pc_query_point(r, polygon);
		double radius = rng_int(r, 0, 7) == 0 ? 0.0 : size * pow(10.0, rng_in(r, -4.0, 0.3));
		return (col_circle){centre, radius};
	}
	col_contour c = col_polygon_contour(polygon, rng_int(r, 0, col_polygon_contour_count(polygon) - 1));
	int i = rng_int(r, 0, c.count - 1);
	col_vec2 a = c.points[i], b = c.points[(i + 1) % c.count];
	*how = POLYGONS_NEAR;
	if (kind <= 3) {
		col_vec2 on = col_vec2_lerp(a, b, rng_unit(r));
		double angle = rng_in(r, 0.0, POLYGONS_TWO_PI),
		       length = size * pow(10.0, rng_in(r, -6.0, -0.5));
		col_vec2 offset = {length * cos(angle), length * sin(angle)};
		col_vec2 centre = col_vec2_add(on, offset);
		if (col_polygon_contains(polygon, centre, COL_METHOD_CROSSING, NULL))
			centre = col_vec2_sub(on, offset);
		double distance = polygons_boundary_distance(polygon, centre);
		return (col_circle){centre, distance * (1.0 + polygons_hair(r))};
	}
	/* Exactly touching: a power of two k from 1e-4 to 0.2 of the size scales the offset. */
	double k = exp2(floor(log2(size * pow(10.0, rng_in(r, -4.0, -0.7))))), radius;
	col_vec2 centre;
	bool exact;
	if ((a.x == b.x || a.y == b.y) && rng_coin(r)) {
		/* Tangent to the axis-parallel edge ab from outside, at its midpoint's abscissa. */
		radius = k * rng_int(r, 1, 8);
		if (a.y == b.y) {
			centre.x = 0.5 * (a.x + b.x);
			exact = polygons_add_exact(a.y, b.x > a.x ? -radius : radius, &centre.y);
		} else {
			centre.y = 0.5 * (a.y + b.y);
			exact = polygons_add_exact(a.x, b.y > a.y ? radius : -radius, &centre.x);
		}
	} else {
		/* Through vertex a, from its outward side: offset (x, y) k with x^2 + y^2 = (h k)^2. */
		double x, y, h;
		polygons_pythagorean(polygons_vertex_outward(c, i), &x, &y, &h);
		radius = h * k;
		exact = polygons_add_exact(a.x, x * k, &centre.x);
		exact = polygons_add_exact(a.y, y * k, &centre.y) && exact;
	}
	if (exact)
		*how = POLYGONS_TOUCHING;
	int step = rng_int(r, 0, 2);
	if (step != 0) {
		radius = nextafter(radius, step == 1 ? 0.0 : INFINITY);
		*how = POLYGONS_NEAR;
	}
	return (col_circle){centre, radius};
}

/* A pair of polygons as the pair tests pose it: what every pose of b against a reuses (their
 * vertices, a's box, how far b's rounding may go before it could fold b) and room to move b. */
typedef struct polygons_pair {
	const col_polygon *a, *b;
	col_vec2 *va, *vb; /* every vertex of each, in order (polygons_vertices) */
	int na, nb;
	col_aabb2 box_a;
	/* The least distance from a vertex of b to an edge of b that it does not end (the same point
	 * again at a pinch ends it too): 0 at a T, where rounding may fold the moved b. */
	double clearance;
	double extent;         /* the largest |x| plus the largest |y| over b's vertices */
	col_vec2 *moved;       /* b's vertices moved by the pose at hand */
	col_contour *contours; /* b's contours over `moved` */
} polygons_pair;

static inline polygons_pair polygons_pair_make(const col_polygon *a, const col_polygon *b)
{
	polygons_pair pair = {a, b, NULL, NULL, 0, 0, col_polygon_bounds(a), INFINITY, 0.0, NULL, NULL};
	pair.va = polygons_vertices(a, &pair.na);
	pair.vb = polygons_vertices(b, &pair.nb);
	int contours = col_polygon_contour_count(b);
	pair.moved = malloc((size_t)pair.nb * sizeof *pair.moved);
	pair.contours = malloc((size_t)contours * sizeof *pair.contours);
	if (pair.va == NULL || pair.vb == NULL || pair.moved == NULL || pair.contours == NULL)
		fail_msg("polygon cases: out of memory");
	double most_x = 0.0, most_y = 0.0;
	for (int j = 0; j < pair.nb; j++) {
		most_x = fmax(most_x, fabs(pair.vb[j].x));
		most_y = fmax(most_y, fabs(pair.vb[j].y));
	}
	pair.extent = most_x + most_y;
	for (int c = 0, start = 0; c < contours; c++) {
		int count = col_polygon_contour(b, c).count;
		pair.contours[c] = (col_contour){pair.moved + start, count};
		for (int i = 0; i < count; i++) {
			int e0 = start + i, e1 = start + (i + 1) % count;
			for (int j = 0; j < pair.nb; j++)
				if (!col_vec2_equal(pair.vb[j], pair.vb[e0]) &&
				    !col_vec2_equal(pair.vb[j], pair.vb[e1]))
					pair.clearance = fmin(
					    pair.clearance,
					    polygons_segment_distance(pair.vb[e0], pair.vb[e1], pair.vb[j]));
		}
		start += count;
	}
	return pair;
}

static inline void polygons_pair_free(polygons_pair *pair)
{
	free(pair->va);
	free(pair->vb);
	free(pair->moved);
	free(pair->contours);
}

/* The offset s along u at which b, rotated by q and moved by t0 + s u, first touches a as it comes
 * from far along u: the largest s where a vertex of either meets an edge of the other (floating
 * point, brute force over vertex-edge pairs). For larger s the two are apart. false when no such
 * contact exists (no vertex's line along u meets an edge). */
static inline bool polygons_contact_offset(polygons_pair *pair, col_rot2 q, col_vec2 t0, col_vec2 u, double *s)
{
	int na = pair->na, nb = pair->nb;
	col_vec2 *va = pair->va, *vb = pair->moved;
	for (int j = 0; j < nb; j++)
		vb[j] = col_vec2_add(col_rot2_apply(q, pair->vb[j]), t0);
	bool found = false;
	double best = -INFINITY;
	for (int pass = 0; pass < 2; pass++) {
		/* pass 0: vertices of b against edges of a; pass 1: vertices of a against edges of b. */
		const col_polygon *edges = pass == 0 ? pair->a : pair->b;
		col_vec2 *own = pass == 0 ? va : vb, *other = pass == 0 ? vb : va;
		int other_count = pass == 0 ? nb : na, start = 0;
		for (int ci = 0; ci < col_polygon_contour_count(edges); ci++) {
			int count = col_polygon_contour(edges, ci).count;
			for (int i = 0; i < count; i++) {
				col_vec2 e0 = own[start + i], e1 = own[start + (i + 1) % count],
				         d = col_vec2_sub(e1, e0);
				double den = col_vec2_cross(u, d);
				if (den == 0.0)
					continue;
				for (int j = 0; j < other_count; j++) {
					/* Its line along u meets the edge at lambda = along / den. */
					col_vec2 w = col_vec2_sub(e0, other[j]);
					double along = col_vec2_cross(w, u);
					if (den > 0.0 ? along < 0.0 || along > den
					              : along > 0.0 || along < den)
						continue;
					double t = col_vec2_cross(w, d) / den;
					/* a's vertex meets b's edge when b has moved by -t */
					t = pass == 0 ? t : -t;
					if (t > best)
						best = t;
					found = true;
				}
			}
			start += count;
		}
	}
	*s = best;
	return found;
}

/* Rotations that keep integer coordinates integer: quarter turns, exactly. */
static inline col_rot2 polygons_quarter_turn(rng *r)
{
	static const col_rot2 turns[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
	return turns[rng_int(r, 0, 3)];
}

/* A pose of b against a for the pair queries. Two fifths as polygons_random_pose; the rest within
 * a hair of touching, on either side (polygons_hair of the pair's size, or a few double steps), or
 * touching exactly:
 * - swept: b comes along a random direction to where a vertex of one first meets an edge of the
 *   other (in a's pockets too), then goes a hair further or stops a hair short;
 * - supported: b's extreme vertex towards a placed a hair beyond a's extreme vertex in a random
 *   direction (a line then separates them, or they share a vertex, or b's vertex pokes in);
 * - at a vertex: b's extreme vertex towards a placed on a random vertex of a, from its outward
 *   side, or a few double steps away.
 * A case is touching when the moved vertex lands exactly on a's (checked on the moved point the
 * oracle sees). Rotations are quarter turns half the time when both polygons have integer
 * coordinates (`integer`), so nothing is rounded. *how says which. */
static inline col_transform2 polygons_pair_pose(rng *r, polygons_pair *pair, bool integer, polygons_closeness *how)
{
	const col_polygon *a = pair->a, *b = pair->b;
	int kind = rng_int(r, 0, 4);
	*how = POLYGONS_RANDOM;
	if (kind <= 1)
		return polygons_random_pose(r, a, b);
	col_rot2 q = integer && rng_coin(r) ? polygons_quarter_turn(r)
	                                    : col_rot2_from_angle(rng_in(r, 0, POLYGONS_TWO_PI));
	double reach = polygons_size(a) + polygons_size(b);
	*how = POLYGONS_NEAR;
	if (kind == 2) {
		col_aabb2 ba = col_polygon_bounds(a), bb = col_polygon_bounds(b);
		col_vec2 ca = col_vec2_scale(col_vec2_add(ba.min, ba.max), 0.5);
		col_vec2 cb = col_vec2_scale(col_vec2_add(bb.min, bb.max), 0.5);
		col_vec2 t0 = col_vec2_sub(ca, col_rot2_apply(q, cb));
		double angle = rng_in(r, 0, POLYGONS_TWO_PI), s;
		col_vec2 u = {cos(angle), sin(angle)};
		if (!polygons_contact_offset(pair, q, t0, u, &s))
			return polygons_random_pose(r, a, b);
		return (col_transform2){q, col_vec2_add(t0, col_vec2_scale(u, s + polygons_hair(r) * reach))};
	}
	col_vec2 p, n;
	col_contour outer = col_polygon_contour(a, 0);
	if (kind == 3) {
		double angle = rng_in(r, 0, POLYGONS_TWO_PI);
		n = (col_vec2){cos(angle), sin(angle)};
		p = outer.points[0];
		for (int i = 1; i < outer.count; i++)
			if (col_vec2_dot(outer.points[i], n) > col_vec2_dot(p, n))
				p = outer.points[i];
	} else {
		col_contour c = col_polygon_contour(a, rng_int(r, 0, col_polygon_contour_count(a) - 1));
		int i = rng_int(r, 0, c.count - 1);
		p = c.points[i];
		n = polygons_vertex_outward(c, i);
	}
	/* b's vertex farthest along -n, rotated. */
	outer = col_polygon_contour(b, 0);
	col_vec2 w = col_rot2_apply(q, outer.points[0]);
	for (int j = 1; j < outer.count; j++) {
		col_vec2 v = col_rot2_apply(q, outer.points[j]);
		if (col_vec2_dot(v, n) < col_vec2_dot(w, n))
			w = v;
	}
	col_transform2 pose = {q, col_vec2_sub(p, w)};
	if (kind == 3) {
		pose.translation = col_vec2_add(pose.translation, col_vec2_scale(n, polygons_hair(r) * reach));
	} else if (rng_coin(r)) {
		for (int k = rng_int(r, 1, 3); k > 0; k--) {
			if (rng_coin(r))
				pose.translation.x = pc_nudge(pose.translation.x, rng_coin(r));
			else
				pose.translation.y = pc_nudge(pose.translation.y, rng_coin(r));
		}
	}
	if (col_vec2_equal(col_vec2_add(w, pose.translation), p))
		*how = POLYGONS_TOUCHING;
	return pose;
}

/* Whether a and b moved by pose (in pair->moved, its box `box`) share a point, by brute force
 * over all edge pairs as col_polygon_intersects_polygon decides it: an edge pair that meets
 * (col_segment_intersects_segment), else a vertex of either inside the other. A box apart from the
 * other polygon's box holds no point of it, so the pairs it would test, and the vertex tests, are
 * skipped there; those prefilters are exact. *moved_polygon is the moved b as a polygon, made here
 * when the vertex test needs it and NULL then. */
static inline bool polygons_pair_meets(const polygons_pair *pair, col_aabb2 box, col_polygon **moved_polygon)
{
	col_aabb2 box_a = pair->box_a;
	if (!col_aabb2_overlaps(box_a, box))
		return false;
	int contours_b = col_polygon_contour_count(pair->b);
	for (int ca = 0; ca < col_polygon_contour_count(pair->a); ca++) {
		col_contour ka = col_polygon_contour(pair->a, ca);
		for (int i = 0; i < ka.count; i++) {
			col_segment s = {ka.points[i], ka.points[i + 1 < ka.count ? i + 1 : 0]};
			col_aabb2 sb = {{fmin(s.a.x, s.b.x), fmin(s.a.y, s.b.y)},
			                {fmax(s.a.x, s.b.x), fmax(s.a.y, s.b.y)}};
			if (!col_aabb2_overlaps(sb, box))
				continue;
			for (int cb = 0; cb < contours_b; cb++) {
				col_contour kb = pair->contours[cb];
				for (int j = 0; j < kb.count; j++) {
					col_vec2 t0 = kb.points[j], t1 = kb.points[j + 1 < kb.count ? j + 1 : 0];
					if (fmax(t0.x, t1.x) < sb.min.x || fmin(t0.x, t1.x) > sb.max.x ||
					    fmax(t0.y, t1.y) < sb.min.y || fmin(t0.y, t1.y) > sb.max.y)
						continue;
					if (col_segment_intersects_segment(s, (col_segment){t0, t1}))
						return true;
				}
			}
		}
	}
	/* The boundaries do not meet: each polygon lies wholly inside or wholly outside the other's
	 * region, so one vertex each way decides; a inside b needs a's box inside b's. */
	if (col_polygon_contains(pair->a, pair->moved[0], COL_METHOD_CROSSING, NULL))
		return true;
	if (!(box.min.x <= box_a.min.x && box.min.y <= box_a.min.y && box_a.max.x <= box.max.x &&
	      box_a.max.y <= box.max.y))
		return false;
	if (*moved_polygon == NULL)
		*moved_polygon = pc_try(pair->contours, contours_b);
	if (*moved_polygon == NULL)
		fail_msg("polygon cases: a moved polygon certified valid was refused");
	return col_polygon_contains(*moved_polygon, pair->va[0], COL_METHOD_CROSSING, NULL);
}

/* The oracle's answer for b moved by pose: whether it meets a (polygons_pair_meets on the same
 * rounded points the engine's pair queries see); false when rounding folded the moved polygon,
 * which leaves no oracle. Making the moved b as a polygon to find that out costs more than the rest
 * of a case, so it is made only where rounding could have folded it. The exact motion (a rotation
 * by a q of norm 1 up to rounding: a similarity) keeps b valid; each rounded coordinate lies within
 * 4 units in the last place of |x| + |y| + |t| of the exact one, and equal points stay equal. A
 * vertex moved by less than half of b's clearance never meets an edge it does not end on its way
 * there, so no edge crosses, touches or turns past another, and col_polygon_create accepts the
 * moved b if its coordinates are in range. That leaves poses of a b with a T. */
static inline bool polygons_pair_oracle(polygons_pair *pair, col_transform2 pose, bool *expected)
{
	col_aabb2 box = col_aabb2_empty();
	bool in_range = true;
	for (int j = 0; j < pair->nb; j++) {
		col_vec2 p = col_transform2_apply(pose, pair->vb[j]);
		pair->moved[j] = p;
		box = col_aabb2_add_point(box, p);
		in_range = in_range && col_coordinate_in_range(p.x) && col_coordinate_in_range(p.y);
	}
	double rounding = 0x1p-50 * (pair->extent + fabs(pose.translation.x) + fabs(pose.translation.y));
	col_polygon *moved_polygon = NULL;
	if (!in_range || !(pair->clearance > 1024 * rounding)) {
		moved_polygon = pc_try(pair->contours, col_polygon_contour_count(pair->b));
		if (moved_polygon == NULL)
			return false;
	}
	*expected = polygons_pair_meets(pair, box, &moved_polygon);
	col_polygon_destroy(moved_polygon);
	return true;
}

/* Small polygons of class k for the pair queries, whose brute force is O(nm): 8 to 24 vertices
 * (`tiny`, for the second polygon of a pair: 6 to 12). The irregular class's swirl seldom makes a
 * simple polygon of 10 to 22 vertices, nor the spiral's band of 3 to 5 turns one of fewer than
 * 22: they get 24 to 28 (`tiny`: 8) and 32 to 40 (`tiny`: 22 to 26); a pinched polygon needs two
 * petals (16 to 20 vertices) for a pinch. */
static inline col_polygon *polygons_make_small(rng *r, polygons_class k, bool tiny)
{
	pc_class c = pc_class_at(k);
	if (strcmp(c.name, "holes") == 0) /* 1 or 4 holes: 7 to 10 or 16 to 28 vertices */
		return c.make(r, tiny ? 1 : rng_int(r, 1, 2));
	if (strcmp(c.name, "comb") == 0) /* 6 vertices a tooth, and 2 */
		return c.make(r, tiny ? 1 : rng_int(r, 1, 4));
	if (strcmp(c.name, "slivers") == 0) /* 3 vertices a spike */
		return c.make(r, tiny ? rng_int(r, 3, 4) : rng_int(r, 3, 8));
	if (strcmp(c.name, "spiral") == 0)
		return c.make(r, tiny ? rng_int(r, 11, 13) * 2 : rng_int(r, 16, 20) * 2);
	if (strcmp(c.name, "irregular") == 0)
		return c.make(r, tiny ? 8 : rng_int(r, 24, 28));
	if (strcmp(c.name, "pinched") == 0) /* 8 to 10 vertices a petal */
		return c.make(r, tiny ? 2 : rng_int(r, 2, 3));
	return c.make(r, tiny ? rng_int(r, 6, 12) : rng_int(r, 8, 24));
}

/* Fails a pair case, printing both polygons and the pose first so that it can be replayed. */
static inline void polygons_fail_pair(rng *r, int i, const char *what, const col_polygon *a, const col_polygon *b,
                                      const char *names[2], col_transform2 pose, polygons_closeness how, bool expected)
{
	polygons_print("a", a);
	polygons_print("b", b);
	FAIL_CASE(r, i, "pair %s / %s at pose (c %.17g, s %.17g, t (%.17g, %.17g)), %s case: %s (oracle: %d)",
	          names[0], names[1], pose.rotation.c, pose.rotation.s, pose.translation.x,
	          pose.translation.y, polygons_closeness_name(how), what, expected);
}

/* Draw i of a pair test over class k: a of class k (polygons_make_small, but of the middle size 3
 * every 100th, for deeper structures), then b, tiny, of class i % POLYGONS_CLASS_COUNT; their class
 * names, and whether both have integer coordinates (quarter-turn poses keep them exact). */
static inline void polygons_draw_pair(rng *r, polygons_class k, int i, col_polygon **a, col_polygon **b,
                                      const char *names[2], bool *integer)
{
	polygons_class kb = (polygons_class)(i % POLYGONS_CLASS_COUNT);
	names[0] = polygons_class_name(k);
	names[1] = polygons_class_name(kb);
	*a = i % 100 == 99 ? polygons_make(r, k, 3) : polygons_make_small(r, k, false);
	*b = polygons_make_small(r, kb, true);
	*integer = pc_class_at(k).integer && pc_class_at(kb).integer;
}

/* Case number i of a pair test: a pose of b (polygons_pair_pose) and the oracle's answer there.
 * false when rounding folded the moved polygon, which leaves no oracle: draw again. A touching
 * pose that the oracle calls apart fails the test. */
static inline bool polygons_pair_case(rng *r, int i, polygons_pair *pair, bool integer, const char *names[2],
                                      col_transform2 *pose, polygons_closeness *how, bool *expected)
{
	*pose = polygons_pair_pose(r, pair, integer, how);
	if (!polygons_pair_oracle(pair, *pose, expected))
		return false;
	if (*how == POLYGONS_TOUCHING && !*expected)
		polygons_fail_pair(r, i, "b's vertex lies on a's", pair->a, pair->b, names, *pose, *how, *expected);
	return true;
}

#endif
