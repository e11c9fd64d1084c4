/* The brute-force 3D oracles: every triangle, every time. Slow on purpose and simple enough to
 * trust; the accelerated structures are checked against them. */
#include "mesh_internal.h"

#include <float.h>
#include <stdlib.h>

#include "collide/predicates.h"

/* A mesh seen through a rigid motion, so a moved mesh is queried without copying it. */
typedef struct mesh_view {
	const col_mesh *mesh;
	col_transform3 transform;
	bool moved;
} mesh_view;

/* col_mesh_triangle's values read straight from the arrays, without its call and range check:
 * the loops below run over every triangle of every query. */
static inline col_triangle plain_triangle(const col_vec3 *vertices, const int32_t *corners, int index)
{
	const int32_t *corner = corners + 3 * (size_t)index;
	return (col_triangle){vertices[corner[0]], vertices[corner[1]], vertices[corner[2]]};
}

static col_triangle view_triangle(const mesh_view *view, int index)
{
	col_triangle t = plain_triangle(view->mesh->vertices, view->mesh->triangles, index);
	return view->moved ? col_triangle_moved(t, view->transform) : t;
}

static col_aabb3 view_bounds(const mesh_view *view)
{
	col_aabb3 box = col_mesh_bounds(view->mesh);
	return view->moved ? col_aabb3_transform(box, view->transform) : box;
}

static int sign_of(double v)
{
	return (v > 0.0) - (v < 0.0);
}

static void count(col_query_stats *stats, uint64_t primitives)
{
	if (stats != NULL) {
		stats->queries++;
		stats->primitives_tested += primitives;
	}
}

/* ---- winding number ---- */

/* Solid angle of triangle abc seen from the origin (Van Oosterom and Strackee). */
static double solid_angle(col_vec3 a, col_vec3 b, col_vec3 c)
{
	double la = col_vec3_length(a), lb = col_vec3_length(b), lc = col_vec3_length(c);
	double numerator = col_vec3_dot(a, col_vec3_cross(b, c));
	double denominator =
	    la * lb * lc + col_vec3_dot(a, b) * lc + col_vec3_dot(a, c) * lb + col_vec3_dot(b, c) * la;
	return 2.0 * atan2(numerator, denominator);
}

/* Whether p lies on triangle t, given s = col_orient3d(t.a, t.b, t.c, p): most triangles are
 * settled by that sign alone. */
static bool on_triangle(col_triangle t, double s, col_vec3 p)
{
	return s == 0.0 && col_triangle_contains_point(t, p);
}

static bool view_contains_winding(const mesh_view *view, col_vec3 p, uint64_t *tested)
{
	int n = view->mesh->triangle_count;
	double sum = 0.0;
	*tested += (uint64_t)n;
	for (int i = 0; i < n; ++i) {
		col_triangle t = view_triangle(view, i);
		/* Box tests are exact comparisons: outside the triangle's box, p is off the triangle. */
		if (col_aabb3_contains(col_triangle_bounds(t), p) &&
		    on_triangle(t, col_orient3d(t.a, t.b, t.c, p), p))
			return true; /* on the surface counts as inside, exactly */
		sum += solid_angle(col_vec3_sub(t.a, p), col_vec3_sub(t.b, p), col_vec3_sub(t.c, p));
	}
	/* 4 pi inside, 0 outside; the sign only says which way the mesh is oriented. */
	return fabs(sum) > 2.0 * 3.14159265358979323846;
}

/* ---- crossing number ---- */

/* Directions for the rays: the first is arbitrary and irrational-looking so that axis-aligned
 * models rarely hit an edge with it; later ones come from a splitmix64 stream. */
static col_vec3 ray_direction(int attempt)
{
	if (attempt == 0)
		return col_vec3_normalize(
		    (col_vec3){0.5403023058681398, 0.8414709848078965, 0.3183098861837907});
	uint64_t s = 0x6A09E667F3BCC909u * (uint64_t)attempt;
	double u[2];
	for (int i = 0; i < 2; ++i) {
		s += 0x9E3779B97F4A7C15u;
		uint64_t z = s;
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
		z ^= z >> 31;
		u[i] = (double)(z >> 11) * 0x1.0p-53;
	}
	double z = 2.0 * u[0] - 1.0, phi = 2.0 * 3.14159265358979323846 * u[1], r = sqrt(1.0 - z * z);
	return (col_vec3){r * cos(phi), r * sin(phi), z};
}

/* How the segment pq (p off the triangle, q outside the bounds) meets triangle t, given
 * sp = col_orient3d(t.a, t.b, t.c, p): 1 it crosses the inside, 0 it misses, -1 it grazes an
 * edge, a vertex or lies in the plane (cast another ray). */
static int segment_crossing(col_triangle t, int sp, col_vec3 p, col_vec3 q)
{
	int sq = sign_of(col_orient3d(t.a, t.b, t.c, q));
	if (sp * sq > 0)
		return 0;
	if (sp == 0 && sq == 0)
		return col_triangle_is_degenerate(t) ? 0 : -1; /* a zero-area triangle bounds nothing */
	if (sp == 0 || sq == 0)
		return 0; /* touches the plane only at an end: p is off the triangle, q beyond the bounds */
	int e1 = sign_of(col_orient3d(p, q, t.a, t.b));
	int e2 = sign_of(col_orient3d(p, q, t.b, t.c));
	int e3 = sign_of(col_orient3d(p, q, t.c, t.a));
	if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0))
		return 0;
	return e1 == 0 || e2 == 0 || e3 == 0 ? -1 : 1;
}

enum { MAX_RAYS = 64 };

/* Whether the closed segment pq and a closed triangle may share a point, by exact rejections
 * only: a triangle apart from the segment's box, or with every vertex strictly beyond the segment's
 * extent [lo, hi] along a direction n1 or n2 across it (a separating plane), meets neither the
 * segment nor p. The extents are grown by twice `margin` |n|_1, more than the rounding of any of the
 * dot products (see view_contains_crossing), so false is exact and true only means "test it". Such a
 * triangle cannot make the ray graze either, except one in the segment's plane, which the exact
 * test would call a graze though it is apart: skipping it, as the box test always did for those
 * apart from the box, leaves the count right. */
typedef struct segment_filter {
	col_aabb3 box;
	col_vec3 n1, n2;
	double lo1, hi1, lo2, hi2;
} segment_filter;

static segment_filter segment_filter_make(col_vec3 p, col_vec3 q, col_vec3 d, double margin)
{
	/* Across d: d x (the axis d leans on least), then d x that. Any directions would be exact;
	 * these make the segment's extent along them a sliver. */
	col_vec3 axis = fabs(d.x) <= fabs(d.y) && fabs(d.x) <= fabs(d.z) ? (col_vec3){1, 0, 0}
	                : fabs(d.y) <= fabs(d.z)                         ? (col_vec3){0, 1, 0}
	                                                                 : (col_vec3){0, 0, 1};
	segment_filter f;
	f.box = col_triangle_bounds((col_triangle){p, q, q});
	f.n1 = col_vec3_cross(d, axis);
	f.n2 = col_vec3_cross(d, f.n1);
	double p1 = col_vec3_dot(f.n1, p), q1 = col_vec3_dot(f.n1, q);
	double p2 = col_vec3_dot(f.n2, p), q2 = col_vec3_dot(f.n2, q);
	double m1 = margin * (fabs(f.n1.x) + fabs(f.n1.y) + fabs(f.n1.z)) + DBL_MIN;
	double m2 = margin * (fabs(f.n2.x) + fabs(f.n2.y) + fabs(f.n2.z)) + DBL_MIN;
	f.lo1 = fmin(p1, q1) - 2.0 * m1;
	f.hi1 = fmax(p1, q1) + 2.0 * m1;
	f.lo2 = fmin(p2, q2) - 2.0 * m2;
	f.hi2 = fmax(p2, q2) + 2.0 * m2;
	return f;
}

/* Whether all of a, b, c lie beyond [lo, hi] along n, on one side: a NaN compares false and keeps
 * the triangle. */
static bool beyond(col_vec3 n, double lo, double hi, col_vec3 a, col_vec3 b, col_vec3 c)
{
	double x = col_vec3_dot(n, a), y = col_vec3_dot(n, b), z = col_vec3_dot(n, c);
	return (x < lo && y < lo && z < lo) || (x > hi && y > hi && z > hi);
}

static bool segment_may_meet(const segment_filter *f, col_triangle t)
{
	return col_aabb3_overlaps(col_triangle_bounds(t), f->box) && !beyond(f->n1, f->lo1, f->hi1, t.a, t.b, t.c) &&
	       !beyond(f->n2, f->lo2, f->hi2, t.a, t.b, t.c);
}

/* Inside or on the surface by counting crossings. The first ray's pass also looks for p on a
 * triangle (it needs the same sign), so a point on the surface costs no extra pass; later rays
 * know p is off the surface and stop at the first graze. */
static bool view_contains_crossing(const mesh_view *view, col_vec3 p, uint64_t *tested)
{
	col_aabb3 box = view_bounds(view);
	double reach = fmax(fmax(fabs(p.x), fabs(p.y)), fabs(p.z));
	reach = fmax(reach, fmax(fmax(fabs(box.min.x), fabs(box.min.y)), fabs(box.min.z)));
	reach = fmax(reach, fmax(fmax(fabs(box.max.x), fabs(box.max.y)), fabs(box.max.z)));
	double length = 4.0 * reach + 1.0; /* q = p + length d lies outside the bounds */
	int n = view->mesh->triangle_count;
	if (!isfinite(length))
		return view_contains_winding(view, p,
		                             tested); /* coordinates near overflow: no room for a ray */
	/* In locals, which the stores through `tested` cannot change: kept in registers. */
	const col_vec3 *vertices = view->mesh->vertices;
	const int32_t *corners = view->mesh->triangles;
	bool moved = view->moved;
	for (int attempt = 0; attempt < MAX_RAYS; ++attempt) {
		col_vec3 d = ray_direction(attempt);
		col_vec3 q = col_vec3_add(p, col_vec3_scale(d, length));
		/* A dot product n.x is off by at most 3.4e-16 |n|_1 M (three roundings) for coordinates up to
		 * M in magnitude; p, q and the vertices are within M = 6 reach + 1 (q within 5 reach + 1),
		 * and 1e-14 M leaves a wide allowance for the other roundings. */
		segment_filter filter = segment_filter_make(p, q, d, 1e-14 * (6.0 * reach + 1.0));
		int crossings = 0;
		bool grazed = false;
		for (int i = 0; i < n; ++i) {
			col_triangle t = moved ? view_triangle(view, i) : plain_triangle(vertices, corners, i);
			*tested += 1;
			if (!segment_may_meet(&filter, t))
				continue;
			double sp = col_orient3d(t.a, t.b, t.c, p);
			if (attempt == 0 && on_triangle(t, sp, p))
				return true;
			if (grazed)
				continue; /* this ray is spent; the pass goes on only to look for p on the
				             surface */
			int c = segment_crossing(t, sign_of(sp), p, q);
			grazed = c < 0;
			crossings += c > 0;
			if (grazed && attempt > 0)
				break;
		}
		if (!grazed)
			return crossings % 2 == 1;
	}
	/* 64 rays each grazing something exactly does not happen with real input; answer anyway. */
	return view_contains_winding(view, p, tested);
}

static bool view_contains(const mesh_view *view, col_vec3 p, col_method method, uint64_t *tested)
{
	if (method == COL_METHOD_WINDING)
		return view_contains_winding(view, p, tested);
	return view_contains_crossing(view, p, tested);
}

bool col_mesh_contains_point(const col_mesh *mesh, col_vec3 p, col_method method, col_query_stats *stats)
{
	if (mesh == NULL || !col_vec3_is_finite(p))
		return false; /* NaN is nowhere */
	mesh_view view = {mesh, col_transform3_identity(), false};
	uint64_t tested = 0;
	bool inside = view_contains(&view, p, method, &tested);
	count(stats, tested);
	return inside;
}

void col_mesh_contains_points(const col_mesh *mesh, const col_vec3 *points, size_t count,
                              col_method method, bool *inside, col_query_stats *stats)
{
	if (inside == NULL)
		return;
	for (size_t i = 0; i < count; i++)
		inside[i] = points != NULL && col_mesh_contains_point(mesh, points[i], method, stats);
}

bool col_mesh_intersects_sphere(const col_mesh *mesh, col_sphere sphere, col_query_stats *stats)
{
	if (mesh == NULL || !col_vec3_is_finite(sphere.center) || !isfinite(sphere.radius) ||
	    !(sphere.radius >= 0.0))
		return false; /* a NaN or negative ball is nowhere */
	int n = mesh->triangle_count;
	for (int i = 0; i < n; ++i) {
		if (col_triangle_intersects_sphere(plain_triangle(mesh->vertices, mesh->triangles, i), sphere)) {
			count(stats, (uint64_t)i + 1);
			return true;
		}
	}
	/* No triangle within reach: the ball is wholly inside or wholly outside, as its centre is. */
	uint64_t tested = (uint64_t)n;
	mesh_view view = {mesh, col_transform3_identity(), false};
	bool inside = view_contains(&view, sphere.center, COL_METHOD_CROSSING, &tested);
	count(stats, tested);
	return inside;
}

/* Whether some piece of `inner` (its vertices moved by motion when move) lies inside outer's
 * solid: one vertex per piece. Out of memory: every triangle's first corner is tried instead. */
static bool piece_inside(const mesh_view *outer, const col_mesh *inner, col_transform3 motion, bool move,
                         uint64_t *tested)
{
	int count = col_mesh_pieces(inner, NULL, 0);
	int32_t *firsts = count > 0 ? malloc((size_t)count * sizeof *firsts) : NULL;
	if (firsts != NULL)
		col_mesh_pieces(inner, firsts, count);
	int n = firsts != NULL ? count : inner->triangle_count;
	bool inside = false;
	for (int k = 0; k < n && !inside; k++) {
		col_vec3 v = inner->vertices[firsts != NULL ? firsts[k] : inner->triangles[3 * k]];
		inside = view_contains(outer, move ? col_transform3_apply(motion, v) : v, COL_METHOD_CROSSING, tested);
	}
	free(firsts);
	return inside;
}

bool col_mesh_intersects_mesh(const col_mesh *a, const col_mesh *b, col_transform3 b_to_a,
                              col_query_stats *stats)
{
	if (a == NULL || b == NULL)
		return false;
	mesh_view view_a = {a, col_transform3_identity(), false};
	mesh_view view_b = {b, b_to_a, true};
	uint64_t tested = 0;
	/* Boxes of exact coordinates reject exactly, and touching boxes still go to the exact test. */
	col_aabb3 bounds_a = col_mesh_bounds(a);
	for (int j = 0; j < b->triangle_count; ++j) {
		col_triangle tb = view_triangle(&view_b, j);
		col_aabb3 box_b = col_triangle_bounds(tb);
		if (!col_aabb3_overlaps(box_b, bounds_a)) {
			tested += (uint64_t)a->triangle_count;
			continue;
		}
		for (int i = 0; i < a->triangle_count; ++i) {
			col_triangle ta = plain_triangle(a->vertices, a->triangles, i);
			++tested;
			if (col_aabb3_overlaps(col_triangle_bounds(ta), box_b) &&
			    col_triangle_intersects_triangle(ta, tb)) {
				count(stats, tested);
				return true;
			}
		}
	}
	/* The surfaces are apart: the solids meet only if a piece of one lies inside the other. */
	bool inside = piece_inside(&view_a, b, b_to_a, true, &tested) || piece_inside(&view_b, a, b_to_a, false, &tested);
	count(stats, tested);
	return inside;
}
