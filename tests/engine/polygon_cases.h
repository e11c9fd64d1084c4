/* Random polygons of every class the 2D structures are checked on, and the queries to check them
 * with: random points (a third of them on the boundary), the study's circular and linear
 * trajectories (source 000, 4.8) and random rigid poses. Header-only, like support.h. */
#ifndef COLLIDE_TESTS_ENGINE_POLYGON_CASES_H
#define COLLIDE_TESTS_ENGINE_POLYGON_CASES_H

#include <math.h>
#include <stdlib.h>

#include "collide/polygon.h"

#include "support.h"

#define POLYGONS_TWO_PI 6.283185307179586

typedef enum polygons_class {
	POLYGONS_CONVEX,    /* a regular polygon with jittered radius, kept convex */
	POLYGONS_STAR,      /* random radii by angle: star-shaped from its centre */
	POLYGONS_IRREGULAR, /* a star polygon swirled (angle grows with radius): not star-shaped */
	POLYGONS_HOLES,     /* a square with a grid of square holes */
	POLYGONS_COMB,      /* a comb: a bar with thin teeth */
	POLYGONS_SPIRAL,    /* a thick spiral band */
	POLYGONS_SLIVERS,   /* long thin spikes around a small core */
	POLYGONS_INTEGER,   /* a star on integer coordinates: many points land exactly on edges */
	POLYGONS_CLASS_COUNT
} polygons_class;

static inline const char *polygons_class_name(polygons_class k)
{
	static const char *const names[POLYGONS_CLASS_COUNT] = {
	    "convex", "star", "irregular", "holes", "comb", "spiral", "slivers", "integer"};
	return names[k];
}

/* NULL when the contours do not make a valid polygon (the generators then try again). */
static inline col_polygon *polygons_try(const col_contour *contours, int count)
{
	col_polygon *polygon = NULL;
	return col_polygon_create(contours, count, &polygon, NULL) == COL_OK ? polygon : NULL;
}

static inline col_polygon *polygons_regular(rng *r, int n)
{
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	double phase = rng_unit(r);
	for (int i = 0; i < n; i++) {
		double t = POLYGONS_TWO_PI * (i + phase) / n;
		p[i] = (col_vec2){cos(t), sin(t)};
	}
	col_contour c = {p, n};
	col_polygon *polygon = polygons_try(&c, 1);
	free(p);
	return polygon;
}

/* radius(i) drawn in [lo, hi); swirl turns a point at radius rho by swirl * rho radians. */
static inline col_polygon *polygons_radial(rng *r, int n, double lo, double hi, double swirl, bool integer)
{
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	col_polygon *polygon = NULL;
	for (int attempt = 0; polygon == NULL; attempt++) {
		for (int i = 0; i < n; i++) {
			double rho = rng_in(r, lo, hi), t = POLYGONS_TWO_PI * i / n + swirl * rho;
			p[i] = (col_vec2){rho * cos(t), rho * sin(t)};
			if (integer)
				p[i] = (col_vec2){round(p[i].x), round(p[i].y)};
		}
		col_contour c = {p, n};
		polygon = polygons_try(&c, 1);
		swirl *= 0.7;
		if (attempt > 50 && polygon == NULL)
			break;
	}
	free(p);
	return polygon;
}

static inline col_polygon *polygons_convex(rng *r, int n)
{
	/* A regular polygon whose vertices move outwards by less than its sagitta stays convex. */
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	double sag = 1.0 - cos(POLYGONS_TWO_PI / n / 2);
	for (int i = 0; i < n; i++) {
		double t = POLYGONS_TWO_PI * i / n, rho = 1.0 + 0.4 * sag * rng_unit(r);
		p[i] = (col_vec2){rho * cos(t) + 0.3, rho * sin(t) - 0.2};
	}
	col_contour c = {p, n};
	col_polygon *polygon = polygons_try(&c, 1);
	free(p);
	return polygon != NULL ? polygon : polygons_regular(r, n);
}

/* A square of side 2k+1 with k x k square holes, each jittered inside its cell. */
static inline col_polygon *polygons_holes(rng *r, int k)
{
	int count = 1 + k * k;
	col_vec2 *p = malloc((size_t)(4 * count) * sizeof *p);
	col_contour *c = malloc((size_t)count * sizeof *c);
	double side = 2 * k + 1;
	p[0] = (col_vec2){0, 0};
	p[1] = (col_vec2){side, 0};
	p[2] = (col_vec2){side, side};
	p[3] = (col_vec2){0, side};
	c[0] = (col_contour){p, 4};
	for (int i = 0; i < k; i++) {
		for (int j = 0; j < k; j++) {
			col_vec2 *h = p + 4 * (1 + i * k + j);
			double x = 2 * i + 1 + 0.3 * rng_unit(r), y = 2 * j + 1 + 0.3 * rng_unit(r);
			double w = 0.3 + 0.4 * rng_unit(r);
			h[0] = (col_vec2){x, y};
			h[1] = (col_vec2){x, y + w};
			h[2] = (col_vec2){x + w, y + w};
			h[3] = (col_vec2){x + w, y};
			c[1 + i * k + j] = (col_contour){h, 4};
		}
	}
	col_polygon *polygon = polygons_try(c, count);
	free(p);
	free(c);
	return polygon;
}

/* A bar along y = 0..1 with `teeth` teeth of random heights rising from it. */
static inline col_polygon *polygons_comb(rng *r, int teeth)
{
	int n = 4 * teeth + 2;
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	int k = 0;
	p[k++] = (col_vec2){0, 0};
	p[k++] = (col_vec2){2.0 * teeth, 0};
	for (int t = teeth - 1; t >= 0; t--) {
		double height = 2 + 8 * rng_unit(r), width = 0.2 + 0.7 * rng_unit(r);
		p[k++] = (col_vec2){2.0 * t + 1 + width, 1};
		p[k++] = (col_vec2){2.0 * t + 1 + width, height};
		p[k++] = (col_vec2){2.0 * t + 1, height};
		p[k++] = (col_vec2){2.0 * t + 1, 1};
	}
	col_contour c = {p, n};
	col_polygon *polygon = polygons_try(&c, 1);
	free(p);
	return polygon;
}

/* A band between the spirals rho = a t and rho = a t + w, t over `turns` turns, n vertices. */
static inline col_polygon *polygons_spiral(rng *r, int n, double turns)
{
	int half = n / 2;
	col_vec2 *p = malloc((size_t)(2 * half) * sizeof *p);
	double a = 1.0 / POLYGONS_TWO_PI, w = 0.4 + 0.3 * rng_unit(r), t0 = POLYGONS_TWO_PI;
	for (int i = 0; i < half; i++) {
		double t = t0 + POLYGONS_TWO_PI * turns * i / (half - 1);
		double inner = a * t, outer = a * t + w;
		p[i] = (col_vec2){outer * cos(t), outer * sin(t)};
		p[2 * half - 1 - i] = (col_vec2){inner * cos(t), inner * sin(t)};
	}
	col_contour c = {p, 2 * half};
	col_polygon *polygon = polygons_try(&c, 1);
	free(p);
	return polygon;
}

/* Spikes: vertices alternate between a small core radius and a long, thin tip. */
static inline col_polygon *polygons_slivers(rng *r, int spikes)
{
	int n = 3 * spikes;
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	for (int s = 0; s < spikes; s++) {
		double t = POLYGONS_TWO_PI * s / spikes, step = POLYGONS_TWO_PI / spikes;
		double tip = 5 + 5 * rng_unit(r), thin = step * 0.02;
		p[3 * s] = (col_vec2){0.5 * cos(t), 0.5 * sin(t)};
		p[3 * s + 1] = (col_vec2){tip * cos(t + 0.5 * step - thin), tip * sin(t + 0.5 * step - thin)};
		p[3 * s + 2] = (col_vec2){tip * cos(t + 0.5 * step + thin), tip * sin(t + 0.5 * step + thin)};
	}
	col_contour c = {p, n};
	col_polygon *polygon = polygons_try(&c, 1);
	free(p);
	return polygon;
}

/* A polygon of the class; size picks the vertex count (larger size, more vertices). */
static inline col_polygon *polygons_make(rng *r, polygons_class k, int size)
{
	static const int counts[6] = {6, 16, 40, 120, 400, 1200};
	int n = counts[size % 6];
	col_polygon *polygon = NULL;
	for (int attempt = 0; polygon == NULL; attempt++) {
		if (attempt == 100)
			fail_msg("could not make a valid %s polygon", polygons_class_name(k));
		switch (k) {
		case POLYGONS_CONVEX: polygon = polygons_convex(r, n); break;
		case POLYGONS_STAR: polygon = polygons_radial(r, n, 0.5, 1.5, 0.0, false); break;
		case POLYGONS_IRREGULAR: polygon = polygons_radial(r, n < 12 ? 12 : n, 0.5, 1.5, 6.0, false); break;
		case POLYGONS_HOLES: polygon = polygons_holes(r, 1 + size % 6); break;
		case POLYGONS_COMB: polygon = polygons_comb(r, 1 + n / 4); break;
		case POLYGONS_SPIRAL: polygon = polygons_spiral(r, n < 60 ? 60 : n, 1.0 + 0.5 * (size % 4)); break;
		case POLYGONS_SLIVERS: polygon = polygons_slivers(r, 3 + n / 6); break;
		case POLYGONS_INTEGER: polygon = polygons_radial(r, n < 30 ? n : 30, 4, 12, 0.0, true); break;
		default: return NULL;
		}
	}
	return polygon;
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

/* A query point: a third on the boundary (a vertex, or an exact edge midpoint when it is
 * representable, as on integer polygons), the rest uniform in the box grown by a tenth. */
static inline col_vec2 polygons_random_query(rng *r, const col_polygon *polygon)
{
	int pick = rng_int(r, 0, 5);
	if (pick < 2) {
		int c = rng_int(r, 0, col_polygon_contour_count(polygon) - 1);
		col_contour contour = col_polygon_contour(polygon, c);
		int i = rng_int(r, 0, contour.count - 1);
		col_vec2 a = contour.points[i], b = contour.points[(i + 1) % contour.count];
		return pick == 0 ? a : (col_vec2){0.5 * (a.x + b.x), 0.5 * (a.y + b.y)};
	}
	col_aabb2 box = col_polygon_bounds(polygon);
	double dx = 0.1 * (box.max.x - box.min.x), dy = 0.1 * (box.max.y - box.min.y);
	col_vec2 p = {rng_in(r, box.min.x - dx, box.max.x + dx), rng_in(r, box.min.y - dy, box.max.y + dy)};
	if (pick == 5) /* integer polygons: integer and half-integer points hit edges and vertices */
		p = (col_vec2){round(2 * p.x) / 2, round(2 * p.y) / 2};
	return p;
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
 * diagonals), and b moved by it as a polygon of its own: the oracle's view of the pair. */
static inline col_polygon *polygons_random_pose(rng *r, const col_polygon *a, const col_polygon *b,
                                                col_transform2 *pose)
{
	col_aabb2 ba = col_polygon_bounds(a), bb = col_polygon_bounds(b);
	double ra = 0.5 * col_vec2_length(col_vec2_sub(ba.max, ba.min));
	double rb = 0.5 * col_vec2_length(col_vec2_sub(bb.max, bb.min));
	col_vec2 ca = col_vec2_scale(col_vec2_add(ba.min, ba.max), 0.5);
	col_vec2 cb = col_vec2_scale(col_vec2_add(bb.min, bb.max), 0.5);
	double angle = rng_in(r, 0, POLYGONS_TWO_PI), d = rng_in(r, 0, 1.1 * (ra + rb)), t = rng_in(r, 0, POLYGONS_TWO_PI);
	col_rot2 q = col_rot2_from_angle(angle);
	col_vec2 target = {ca.x + d * cos(t), ca.y + d * sin(t)};
	*pose = (col_transform2){q, col_vec2_sub(target, col_rot2_apply(q, cb))};
	int contours = col_polygon_contour_count(b), n = col_polygon_vertex_count(b), k = 0;
	col_vec2 *p = malloc((size_t)n * sizeof *p);
	col_contour *c = malloc((size_t)contours * sizeof *c);
	for (int ci = 0; ci < contours; ci++) {
		col_contour contour = col_polygon_contour(b, ci);
		c[ci] = (col_contour){p + k, contour.count};
		for (int i = 0; i < contour.count; i++)
			p[k++] = col_transform2_apply(*pose, contour.points[i]);
	}
	col_polygon *moved = polygons_try(c, contours);
	free(p);
	free(c);
	return moved;
}

#endif
