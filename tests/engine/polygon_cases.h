/* What the covering and tri-tree tests add to polygon_classes.h: the classes by number and size,
 * the study's circular and linear trajectories (source 000, 4.8) and random rigid poses. */
#ifndef COLLIDE_TESTS_ENGINE_POLYGON_CASES_H
#define COLLIDE_TESTS_ENGINE_POLYGON_CASES_H

#include <math.h>
#include <stdlib.h>

#include <string.h>

#include "collide/polygon.h"

#include "polygon_classes.h"
#include "support.h"

#define POLYGONS_TWO_PI 6.283185307179586

/* The classes of polygon_classes.h (convex, star, irregular, holes, comb, spiral, random simple,
 * slivers, integer), by number. */
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
	col_polygon *moved = pc_try(c, contours);
	free(p);
	free(c);
	return moved;
}

#endif
