/* The tests' own brute-force oracles over every triangle of a mesh (nearest point, ball against
 * surface, first ray hit), for test_mesh_bvh.c, test_tetratree.c and test_closed_models.c.
 * A mesh_oracle holds the mesh's triangles and their boxes, made once per mesh, so that each query
 * is a loop over arrays; the box tests below only skip triangles that cannot change the answer
 * (exact rejections with a margin past the rounding), so the answers are those of the plain loops.
 * Header-only, like support.h: every test_*.c is its own program. */
#ifndef COLLIDE_TESTS_ENGINE_MESH_ORACLES_H
#define COLLIDE_TESTS_ENGINE_MESH_ORACLES_H

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "collide/mesh.h"
#include "collide/shapes3d.h"

#include "support.h"

typedef struct mesh_oracle {
	const col_mesh *mesh;
	int count;
	col_triangle *triangles; /* col_mesh_triangle(mesh, i) */
	col_aabb3 *boxes;        /* col_triangle_bounds of each */
	double reach;            /* the largest coordinate magnitude of the mesh */
} mesh_oracle;

static inline mesh_oracle mesh_oracle_make(const col_mesh *mesh)
{
	mesh_oracle o = {mesh, col_mesh_triangle_count(mesh), NULL, NULL, 0.0};
	o.triangles = malloc(sizeof *o.triangles * (size_t)(o.count > 0 ? o.count : 1));
	o.boxes = malloc(sizeof *o.boxes * (size_t)(o.count > 0 ? o.count : 1));
	assert_non_null(o.triangles);
	assert_non_null(o.boxes);
	for (int i = 0; i < o.count; i++) {
		o.triangles[i] = col_mesh_triangle(mesh, i);
		o.boxes[i] = col_triangle_bounds(o.triangles[i]);
	}
	col_aabb3 b = col_mesh_bounds(mesh);
	o.reach = fmax(fmax(fmax(fabs(b.min.x), fabs(b.min.y)), fmax(fabs(b.min.z), fabs(b.max.x))),
	               fmax(fabs(b.max.y), fabs(b.max.z)));
	return o;
}

static inline void mesh_oracle_free(mesh_oracle *o)
{
	free(o->triangles);
	free(o->boxes);
	o->triangles = NULL;
	o->boxes = NULL;
}

/* The squared distance from p to box b (0 inside), as computed (no fmax: a library call). */
static inline double box_distance_squared(col_aabb3 b, col_vec3 p)
{
	double x = p.x < b.min.x ? b.min.x - p.x : p.x > b.max.x ? p.x - b.max.x : 0.0;
	double y = p.y < b.min.y ? b.min.y - p.y : p.y > b.max.y ? p.y - b.max.y : 0.0;
	double z = p.z < b.min.z ? b.min.z - p.z : p.z > b.max.z ? p.z - b.max.z : 0.0;
	return x * x + y * y + z * z;
}

/* The nearest surface point by every triangle's col_triangle_closest_point, the first nearest in
 * triangle order (nearest and triangle may be NULL). A triangle whose box is farther than the best
 * distance so far plus a margin cannot be strictly nearer, so it is skipped: the closest point lies
 * in the triangle's box up to a few ulps of the coordinates, and the margin (1e-12 of them, at least
 * 1e-150 so that its square is a normal number) is far past that and the squares' roundings. A
 * square that overflows to infinity only skips a box farther than 1e154, past any finite bound. */
static inline double nearest_oracle(const mesh_oracle *o, col_vec3 p, col_vec3 *nearest, int *triangle)
{
	double margin = 1e-12 * (o->reach + fmax(fmax(fabs(p.x), fabs(p.y)), fabs(p.z))) + 1e-150;
	double best = INFINITY, bound = INFINITY; /* bound: (best + margin)^2 */
	for (int i = 0; i < o->count; i++) {
		if (box_distance_squared(o->boxes[i], p) > bound)
			continue;
		col_vec3 x = col_triangle_closest_point(o->triangles[i], p);
		double d = col_vec3_distance(x, p);
		if (d < best) {
			best = d;
			bound = (best + margin) * (best + margin);
			if (nearest != NULL)
				*nearest = x;
			if (triangle != NULL)
				*triangle = i;
		}
	}
	return best;
}

/* Whether the ball meets the surface, by every triangle's col_triangle_intersects_sphere. A
 * triangle's box apart from the ball's box grown by far more than its rounding is apart from the
 * ball: skipped (col_triangle_intersects_sphere rejects it the same way). */
static inline bool surface_oracle(const mesh_oracle *o, col_sphere s)
{
	col_vec3 c = s.center;
	double grow = s.radius + 1e-12 * (s.radius + fmax(fmax(fabs(c.x), fabs(c.y)), fabs(c.z))) + DBL_MIN;
	col_aabb3 ball = {{c.x - grow, c.y - grow, c.z - grow}, {c.x + grow, c.y + grow, c.z + grow}};
	for (int i = 0; i < o->count; i++)
		if (col_aabb3_overlaps(o->boxes[i], ball) && col_triangle_intersects_sphere(o->triangles[i], s))
			return true;
	return false;
}

/* The ray o + h d against triangle t by Cramer's rule in long double (not the structures'
 * Moller-Trumbore): *strict becomes h if the hit is inside by 1e-9 (barycentric) and h > 1e-9, and
 * *loose h if it is inside loosened by 1e-9 and h >= -1e-9, each only when smaller (INFINITY when
 * none hits). One solve for both. */
static inline void ray_hit_oracle(col_vec3 o, col_vec3 d, col_triangle t, double *strict, double *loose)
{
	long double e1[3] = {t.b.x - t.a.x, t.b.y - t.a.y, t.b.z - t.a.z};
	long double e2[3] = {t.c.x - t.a.x, t.c.y - t.a.y, t.c.z - t.a.z};
	long double s[3] = {o.x - t.a.x, o.y - t.a.y, o.z - t.a.z}, nd[3] = {-d.x, -d.y, -d.z};
	/* s = u e1 + v e2 + h (-d) */
	long double det = e1[0] * (e2[1] * nd[2] - e2[2] * nd[1]) - e1[1] * (e2[0] * nd[2] - e2[2] * nd[0]) +
	                  e1[2] * (e2[0] * nd[1] - e2[1] * nd[0]);
	if (det == 0.0L)
		return;
	long double u = (s[0] * (e2[1] * nd[2] - e2[2] * nd[1]) - s[1] * (e2[0] * nd[2] - e2[2] * nd[0]) +
	                 s[2] * (e2[0] * nd[1] - e2[1] * nd[0])) /
	                det;
	long double v = (e1[0] * (s[1] * nd[2] - s[2] * nd[1]) - e1[1] * (s[0] * nd[2] - s[2] * nd[0]) +
	                 e1[2] * (s[0] * nd[1] - s[1] * nd[0])) /
	                det;
	long double h = (e1[0] * (e2[1] * s[2] - e2[2] * s[1]) - e1[1] * (e2[0] * s[2] - e2[2] * s[0]) +
	                 e1[2] * (e2[0] * s[1] - e2[1] * s[0])) /
	                det;
	const long double slack = 1e-9;
	if (!(u < -slack || v < -slack || u + v > 1.0L + slack || h < -slack))
		*loose = fmin(*loose, (double)h);
	if (!(u < slack || v < slack || u + v > 1.0L - slack || h < slack))
		*strict = fmin(*strict, (double)h);
}

/* The first hits of the ray o + h d over every triangle, strict and loose (ray_hit_oracle). */
static inline void ray_oracle(const mesh_oracle *m, col_vec3 o, col_vec3 d, double *strict, double *loose)
{
	*strict = INFINITY;
	*loose = INFINITY;
	for (int i = 0; i < m->count; i++)
		ray_hit_oracle(o, d, m->triangles[i], strict, loose);
}

#endif
