/* Random polygon classes for the tests of the 2D point-in-polygon structures, and a query point
 * generator that hits vertices, edges and near misses as well as the open plane. Header-only, like
 * support.h; every generator takes its randomness from an rng stream, so a failing case replays
 * from its seed, and returns a valid polygon (it retries until col_polygon_create accepts one; the
 * caller destroys it). Every class is also reachable through pc_class_at, for loops over all. */
#ifndef COLLIDE_TESTS_ENGINE_POLYGON_CLASSES_H
#define COLLIDE_TESTS_ENGINE_POLYGON_CLASSES_H

#include <math.h>
#include <stdlib.h>

#include "collide/polygon.h"
#include "collide/predicates.h"

#include "support.h"

#define PC_TWO_PI 6.283185307179586

/* The polygon of the contours, or NULL when col_polygon_create refuses it. */
static inline col_polygon *pc_try(const col_contour *contours, int count)
{
	col_polygon *polygon = NULL;
	if (col_polygon_create(contours, count, &polygon, NULL) != COL_OK)
		return NULL;
	return polygon;
}

static inline col_vec2 *pc_points(int n)
{
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	if (p == NULL)
		fail_msg("polygon classes: out of memory for %d points", n);
	return p;
}

/* The single-contour polygon of p[0..n), freeing p; NULL when it is not valid. */
static inline col_polygon *pc_take(col_vec2 *p, int n)
{
	col_contour contour = {p, n};
	col_polygon *polygon = pc_try(&contour, 1);
	free(p);
	return polygon;
}

/* Fails the test when a generator keeps making invalid polygons (a bug in the generator). */
static inline col_polygon *pc_check(col_polygon *polygon, int tries, const char *name)
{
	if (polygon == NULL && tries >= 1000)
		fail_msg("polygon classes: %s: no valid polygon in %d tries", name, tries);
	return polygon;
}

/* Convex: a regular n-gon around a random centre, each radius jittered by less than the turn at a
 * vertex allows, so it stays strictly convex (min radius > max radius * cos(2 pi / n)). */
static inline col_polygon *pc_convex(rng *r, int n)
{
	double turn = PC_TWO_PI / n, jitter = n > 4 ? 0.5 * (1.0 / cos(turn) - 1.0) : 0.5;
	double scale = rng_in(r, 1.0, 3.0), phase = rng_in(r, 0.0, PC_TWO_PI);
	col_vec2 centre = {rng_in(r, -5.0, 5.0), rng_in(r, -5.0, 5.0)};
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		col_vec2 *p = pc_points(n);
		for (int i = 0; i < n; i++) {
			double radius = scale * (1.0 + jitter * rng_unit(r)), t = phase + turn * i;
			p[i] = (col_vec2){centre.x + radius * cos(t), centre.y + radius * sin(t)};
		}
		polygon = pc_check(pc_take(p, n), tries, "convex");
	}
	return polygon;
}

/* Star-shaped: n vertices at increasing (jittered) angles around the origin, radii random in
 * [0.25, 1], so it is star-shaped from the origin, with deep spikes. */
static inline col_polygon *pc_star(rng *r, int n)
{
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		col_vec2 *p = pc_points(n);
		for (int i = 0; i < n; i++) {
			double radius = rng_in(r, 0.25, 1.0), t = PC_TWO_PI * (i + 0.4 * rng_unit(r)) / n;
			p[i] = (col_vec2){radius * cos(t), radius * sin(t)};
		}
		polygon = pc_check(pc_take(p, n), tries, "star");
	}
	return polygon;
}

/* Non-convex irregular: a smooth random blob (a few random harmonics of the radius) twisted by a
 * swirl, the angle turning by up to ~1.3 turns with the radius: curved arms that wrap around each
 * other, not star-shaped from any point. */
static inline col_polygon *pc_irregular(rng *r, int n)
{
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		double amplitude[5], phase[5], twist = rng_in(r, 6.0, 8.0);
		for (int j = 0; j < 5; j++) {
			amplitude[j] = rng_in(r, 0.0, 1.0) / (j + 1);
			phase[j] = rng_in(r, 0.0, PC_TWO_PI);
		}
		double *radius = malloc((size_t)n * sizeof *radius), lo = INFINITY, hi = -INFINITY;
		if (radius == NULL)
			fail_msg("polygon classes: out of memory");
		for (int i = 0; i < n; i++) {
			double t = PC_TWO_PI * i / n, s = 0.0;
			for (int j = 0; j < 5; j++)
				s += amplitude[j] * sin((j + 2) * t + phase[j]);
			radius[i] = s;
			lo = fmin(lo, s);
			hi = fmax(hi, s);
		}
		col_vec2 *p = pc_points(n);
		for (int i = 0; i < n; i++) {
			double rho = 0.3 + 0.7 * (radius[i] - lo) / (hi - lo + 1e-300);
			double t = PC_TWO_PI * i / n + twist * rho;
			p[i] = (col_vec2){rho * cos(t), rho * sin(t)};
		}
		free(radius);
		polygon = pc_check(pc_take(p, n), tries, "irregular");
	}
	return polygon;
}

/* With holes: the square [0, k]^2 with k x k holes, one small random convex polygon (3 to 6
 * vertices, radius 0.1 to 0.4) in each unit cell. */
static inline col_polygon *pc_holes(rng *r, int k)
{
	int holes = k * k;
	col_vec2 *storage = pc_points(4 + 6 * holes);
	col_contour *contours = malloc((size_t)(holes + 1) * sizeof *contours);
	if (contours == NULL)
		fail_msg("polygon classes: out of memory");
	col_vec2 *p = storage;
	p[0] = (col_vec2){0, 0};
	p[1] = (col_vec2){k, 0};
	p[2] = (col_vec2){k, k};
	p[3] = (col_vec2){0, k};
	contours[0] = (col_contour){p, 4};
	p += 4;
	for (int h = 0; h < holes; h++) {
		int m = rng_int(r, 3, 6);
		double radius = rng_in(r, 0.1, 0.4), phase = rng_in(r, 0.0, PC_TWO_PI);
		col_vec2 c = {h % k + 0.5 + rng_in(r, -0.05, 0.05), h / k + 0.5 + rng_in(r, -0.05, 0.05)};
		for (int i = 0; i < m; i++)
			p[i] = (col_vec2){c.x + radius * cos(phase + PC_TWO_PI * i / m),
			                  c.y + radius * sin(phase + PC_TWO_PI * i / m)};
		contours[1 + h] = (col_contour){p, m};
		p += m;
	}
	col_polygon *polygon = pc_check(pc_try(contours, holes + 1), 1000, "holes");
	free(contours);
	free(storage);
	return polygon;
}

/* Comb: `teeth` unit-wide teeth of height 2 on a spine, a zig-zag underneath; integer coordinates,
 * many horizontal edges on common lines (the rng is not used). */
static inline col_polygon *pc_comb(rng *r, int teeth)
{
	(void)r;
	col_vec2 *p = pc_points(6 * teeth + 2);
	int n = 0;
	for (int i = teeth - 1; i >= 0; i--) {
		p[n++] = (col_vec2){2.0 * i + 1.0, 1.0};
		p[n++] = (col_vec2){2.0 * i + 1.0, 3.0};
		p[n++] = (col_vec2){2.0 * i, 3.0};
		p[n++] = (col_vec2){2.0 * i, 1.0};
	}
	for (int i = 0; i < teeth; i++) {
		p[n++] = (col_vec2){2.0 * i, 0.0};
		p[n++] = (col_vec2){2.0 * i + 1.0, -1.0};
	}
	p[n++] = (col_vec2){2.0 * teeth, 0.0};
	p[n++] = (col_vec2){2.0 * teeth, 1.0};
	return pc_check(pc_take(p, n), 1000, "comb");
}

/* Spiral band: a band about 0.6 wide along an Archimedean spiral with arms 1 apart, 3 to 5 turns,
 * n vertices at equal angle steps (so its edges are short near the centre and long outside). */
static inline col_polygon *pc_spiral(rng *r, int n)
{
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		int half = n / 2;
		double turns = rng_in(r, 3.0, 5.0), width = rng_in(r, 0.25, 0.35),
		       phase = rng_in(r, 0.0, PC_TWO_PI);
		col_vec2 *p = pc_points(2 * half);
		for (int i = 0; i < half; i++) {
			double t = PC_TWO_PI * turns * i / (half - 1), centre = 0.5 + t / PC_TWO_PI;
			p[i] =
			    (col_vec2){(centre + width) * cos(t + phase), (centre + width) * sin(t + phase)};
			p[2 * half - 1 - i] =
			    (col_vec2){(centre - width) * cos(t + phase), (centre - width) * sin(t + phase)};
		}
		polygon = pc_check(pc_take(p, 2 * half), tries, "spiral");
	}
	return polygon;
}

/* Whether segments ab and cd share a point (exact). */
static inline bool pc_segments_meet(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	double o1 = col_orient2d(a, b, c), o2 = col_orient2d(a, b, d);
	double o3 = col_orient2d(c, d, a), o4 = col_orient2d(c, d, b);
	if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
		return true;
	return o1 == 0 || o2 == 0 || o3 == 0 || o4 == 0; /* collinear triples: treat as meeting */
}

/* Random simple polygon: n random points in the unit square, untangled by 2-opt moves (reversing
 * the chain between two crossing edges shortens it, so the moves end) into a simple polygon
 * through all of them. */
static inline col_polygon *pc_random_simple(rng *r, int n)
{
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		col_vec2 *p = pc_points(n);
		for (int i = 0; i < n; i++)
			p[i] = (col_vec2){rng_unit(r), rng_unit(r)};
		for (bool changed = true; changed;) {
			changed = false;
			for (int i = 0; i < n; i++) {
				for (int j = i + 2; j < n; j++) {
					if (i == 0 && j == n - 1)
						continue; /* adjacent through the closing edge */
					if (!pc_segments_meet(p[i], p[i + 1], p[j], p[(j + 1) % n]))
						continue;
					for (int a = i + 1, b = j; a < b; a++, b--) {
						col_vec2 t = p[a];
						p[a] = p[b];
						p[b] = t;
					}
					changed = true;
				}
			}
		}
		polygon = pc_check(pc_take(p, n), tries, "random simple");
	}
	return polygon;
}

/* Thin slivers: `spikes` very long thin triangles (length 0.5 to 1, about 0.005 wide at the
 * base) around a tiny core of radius 0.05; the spikes crowd together near the core. */
static inline col_polygon *pc_slivers(rng *r, int spikes)
{
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		col_vec2 *p = pc_points(3 * spikes);
		double base = 0.45 * PC_TWO_PI / spikes, core = 0.05;
		for (int i = 0; i < spikes; i++) {
			double t = PC_TWO_PI * i / spikes, tip = rng_in(r, 0.5, 1.0);
			p[3 * i] = (col_vec2){core * cos(t - base), core * sin(t - base)};
			p[3 * i + 1] = (col_vec2){tip * cos(t), tip * sin(t)};
			p[3 * i + 2] = (col_vec2){core * cos(t + base), core * sin(t + base)};
		}
		polygon = pc_check(pc_take(p, 3 * spikes), tries, "slivers");
	}
	return polygon;
}

/* Integer coordinates: a star-shaped polygon of n vertices with integer coordinates of magnitude up
 * to `radius`, so integer and half-integer query points fall exactly on its edges and vertices. */
static inline col_polygon *pc_integer(rng *r, int n, int radius)
{
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		col_vec2 *p = pc_points(n);
		for (int i = 0; i < n; i++) {
			double rho = rng_int(r, radius / 3, radius),
			       t = PC_TWO_PI * (i + 0.3 * rng_unit(r)) / n;
			p[i] = (col_vec2){round(rho * cos(t)), round(rho * sin(t))};
		}
		polygon = pc_check(pc_take(p, n), tries, "integer");
	}
	return polygon;
}

/* Non-manifold (pinched): one contour of `petals` petals around a point O that it passes through
 * once per petal, each petal star-shaped from O in its own sector; about half of the neighbouring
 * petals also meet at their common sector line, which closes off a thin pocket of outside between
 * them: at a shared vertex, or (half of those) at a T, a vertex of the next petal lying exactly in
 * the middle of an edge of the first along the line (its ends rounded to multiples of 2^-30, so
 * the middle is exact). Every pinch is a vertex where edges leave and arrive in turn. */
static inline col_polygon *pc_pinched(rng *r, int petals)
{
	enum { MIDS = 5 };
	col_polygon *polygon = NULL;
	for (int tries = 0; polygon == NULL; tries++) {
		col_vec2 *p = pc_points(petals * (MIDS + 6));
		col_vec2 o = {rng_in(r, -0.3, 0.3), rng_in(r, -0.3, 0.3)};
		double phase = rng_in(r, 0.0, PC_TWO_PI), width = PC_TWO_PI / petals;
		bool *touch = malloc((size_t)petals * sizeof *touch); /* petal i touches petal i + 1 */
		bool *tee = malloc((size_t)petals * sizeof *tee);     /* ... at a T */
		col_vec2 *tip = malloc((size_t)petals * 3 * sizeof *tip);
		if (touch == NULL || tee == NULL || tip == NULL)
			fail_msg("polygon classes: out of memory");
		for (int i = 0; i < petals; i++) {
			double t = phase + width * (i + 1);
			touch[i] = petals > 1 && rng_coin(r);
			tee[i] = touch[i] && rng_coin(r);
			/* The T's edge from outside in along the line, and its exact middle. */
			col_vec2 outer = {ldexp(round(ldexp(o.x + 0.95 * cos(t), 30)), -30),
			                  ldexp(round(ldexp(o.y + 0.95 * sin(t), 30)), -30)};
			col_vec2 inner = {ldexp(round(ldexp(o.x + 0.85 * cos(t), 30)), -30),
			                  ldexp(round(ldexp(o.y + 0.85 * sin(t), 30)), -30)};
			tip[3 * i] = (col_vec2){0.5 * (outer.x + inner.x), 0.5 * (outer.y + inner.y)};
			tip[3 * i + 1] = outer;
			tip[3 * i + 2] = inner;
		}
		int n = 0;
		for (int i = 0; i < petals; i++) {
			double start = phase + width * i, end = start + width;
			p[n++] = o;
			p[n++] = (col_vec2){o.x + 0.15 * cos(start + 0.08 * width), o.y + 0.15 * sin(start + 0.08 * width)};
			if (touch[(i + petals - 1) % petals])
				p[n++] = tip[3 * ((i + petals - 1) % petals)];
			for (int k = 0; k < MIDS; k++) {
				double t = start + width * (0.2 + 0.6 * (k + rng_unit(r)) / MIDS), rho = rng_in(r, 0.4, 1.0);
				p[n++] = (col_vec2){o.x + rho * cos(t), o.y + rho * sin(t)};
			}
			if (tee[i]) {
				p[n++] = tip[3 * i + 1];
				p[n++] = tip[3 * i + 2];
			} else if (touch[i]) {
				p[n++] = tip[3 * i];
			}
			p[n++] = (col_vec2){o.x + 0.15 * cos(end - 0.08 * width), o.y + 0.15 * sin(end - 0.08 * width)};
		}
		free(touch);
		free(tee);
		free(tip);
		polygon = pc_check(pc_take(p, n), tries, "pinched");
	}
	return polygon;
}

/* ---- all classes, for loops ---- */

typedef struct pc_class {
	const char *name;
	col_polygon *(*make)(rng *r, int size);
	int size;     /* the size the tests use by default: vertices, teeth, spikes or holes per side */
	bool integer; /* integer coordinates: half-integer points lie exactly on edges */
} pc_class;

static inline col_polygon *pc_integer_40(rng *r, int n)
{
	return pc_integer(r, n, 40);
}

enum { PC_CLASS_COUNT = 10 };

/* Class i, 0 <= i < PC_CLASS_COUNT (a function, so a test using none of them has no unused table). */
static inline pc_class pc_class_at(int i)
{
	static const pc_class classes[PC_CLASS_COUNT] = {
	    {"convex", pc_convex, 200, false},
	    {"star", pc_star, 1000, false},
	    {"irregular", pc_irregular, 400, false},
	    {"holes", pc_holes, 10, false},
	    {"comb", pc_comb, 100, true},
	    {"spiral", pc_spiral, 1200, false},
	    {"random simple", pc_random_simple, 80, false},
	    {"slivers", pc_slivers, 64, false},
	    {"integer", pc_integer_40, 40, true},
	    {"pinched", pc_pinched, 8, false},
	};
	return classes[i];
}

/* ---- hand-made degenerate polygons ---- */

/* The triangle (-1, -1), (1, -1), (1, 1): its long edge runs along the diagonal y = x of its box,
 * through the centre of every diagonal cell of any n x n grid over the box. */
static inline col_polygon *pc_diagonal_triangle(void)
{
	col_vec2 *p = pc_points(3);
	p[0] = (col_vec2){-1, -1};
	p[1] = (col_vec2){1, -1};
	p[2] = (col_vec2){1, 1};
	return pc_check(pc_take(p, 3), 1000, "diagonal triangle");
}

/* The square [0, 4]^2 with a notch [1, 3] x [1, 4] cut from its top, and vertices in the middle
 * of three sides: on a 2 x 2 grid over its box the vertices (2, 0), (0, 2), (4, 2) lie on grid
 * lines, the notch's bottom edge runs along the middle line y = 1 of the bottom row, its sides
 * along the middle lines x = 1 and x = 3 of the columns, and (1, 1), (3, 1) are cell centres. */
static inline col_polygon *pc_notched_square(void)
{
	static const col_vec2 v[] = {{0, 0}, {2, 0}, {4, 0}, {4, 2}, {4, 4}, {3, 4},
	                             {3, 1}, {1, 1}, {1, 4}, {0, 4}, {0, 2}};
	col_vec2 *p = pc_points(11);
	for (int i = 0; i < 11; i++)
		p[i] = v[i];
	return pc_check(pc_take(p, 11), 1000, "notched square");
}

/* A comb at the resolution of doubles: coordinates 1 + i u with u = 2^-52 (consecutive doubles),
 * a spine in the first column and six teeth three rows high, each ending in a step, so that every
 * row of the box holds a horizontal edge: every double point whose y lies in the box lies on the
 * line of some edge, and no cell over the box (nor any box as tall) can have an origin off every
 * edge line. The box still holds points off the boundary, inside (the teeth's middle rows before
 * the step) and outside (beyond it). *unit gets u. */
static inline col_polygon *pc_ulp_comb(double *unit)
{
	const double u = 0x1p-52;
	col_vec2 *p = pc_points(6 * 6 + 1);
	int n = 0;
	p[n++] = (col_vec2){1.0, 1.0};
	for (int k = 0; k < 6; k++) {
		double a = 1.0 + (2 + k % 3) * u, b = a + (2 + k % 2) * u, y = 1.0 + 3 * k * u;
		if (k > 0)
			p[n++] = (col_vec2){1.0 + u, y};
		p[n++] = (col_vec2){a, y};
		p[n++] = (col_vec2){a, y + u};
		p[n++] = (col_vec2){b, y + u};
		p[n++] = (col_vec2){b, y + 2 * u};
		p[n++] = (col_vec2){k < 5 ? 1.0 + u : 1.0, y + 2 * u};
	}
	*unit = u;
	return pc_check(pc_take(p, n), 1000, "ulp comb");
}

/* ---- query points ---- */

/* A coordinate one double away from x, towards +infinity or -infinity; x itself when that would
 * leave the range where the predicates are exact (a nonzero magnitude below COL_COORDINATE_MIN,
 * such as the subnormal next to 0): there no exact answer is promised, by the oracle either. */
static inline double pc_nudge(double x, bool up)
{
	double y = nextafter(x, up ? INFINITY : -INFINITY);
	return col_coordinate_in_range(y) ? y : x;
}

/* A query point for polygon: uniform over its box enlarged by 10% on each side (half the draws),
 * or exactly a vertex, or an edge's midpoint (exactly on the edge for integer polygons), or a
 * point along an edge, the last three sometimes moved by a few ulps. */
static inline col_vec2 pc_query_point(rng *r, const col_polygon *polygon)
{
	col_aabb2 box = col_polygon_bounds(polygon);
	double w = box.max.x - box.min.x, h = box.max.y - box.min.y;
	int kind = rng_int(r, 0, 5);
	if (kind <= 2)
		return (col_vec2){rng_in(r, box.min.x - 0.1 * w, box.max.x + 0.1 * w),
		                  rng_in(r, box.min.y - 0.1 * h, box.max.y + 0.1 * h)};
	col_contour c = col_polygon_contour(polygon, rng_int(r, 0, col_polygon_contour_count(polygon) - 1));
	int i = rng_int(r, 0, c.count - 1);
	col_vec2 a = c.points[i], b = c.points[(i + 1) % c.count];
	col_vec2 p = kind == 3 ? a : kind == 4 ? col_vec2_lerp(a, b, 0.5) : col_vec2_lerp(a, b, rng_unit(r));
	if (rng_int(r, 0, 2) == 0) {
		for (int k = rng_int(r, 1, 3); k > 0; k--) {
			if (rng_coin(r))
				p.x = pc_nudge(p.x, rng_coin(r));
			else
				p.y = pc_nudge(p.y, rng_coin(r));
		}
	}
	return p;
}

#endif
