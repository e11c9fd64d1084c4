/* The exact meeting test of two convex shapes on their world points (docs/predicates.md,
 * "Exactness contract"). Every shape is reduced to what its world points span: a ball (centre and
 * radius), a solid polytope (its vertices and its faces' fan triangles, turned outward) or a plane
 * polygon (its vertices counter-clockwise, or a segment's two ends). Then, with the engine's exact
 * predicates and no rounded quantity in between:
 *   ball-ball        |ca - cb|^2 against (ra + rb)^2 (col_sphere_sphere_side);
 *   ball-polytope    the centre inside, or some face triangle (edge) within the radius;
 *   polytope pairs   a vertex of one inside the other, or a face triangle (edge) of one meeting one
 *                    of the other: two closed convex solids that share a point either have
 *                    boundaries that meet or one holds the other whole, with its vertices. */
#include "shape_exact.h"

#include <stdlib.h>
#include <string.h>

#include "collide/convex.h"
#include "collide/predicates.h"
#include "collide/shapes2d.h"
#include "collide/shapes3d.h"

typedef enum exact_class { EXACT_NONE, EXACT_BALL, EXACT_SOLID, EXACT_PLANE } exact_class;

static exact_class classify(const col_shape *s)
{
	if (s->kind == COL_SHAPE_POINT)
		return EXACT_BALL;
	if (s->radius != 0.0)
		return EXACT_NONE;
	if (s->dimension == 3) {
		if (s->kind == COL_SHAPE_BOX)
			return s->core.half_extents.x > 0.0 && s->core.half_extents.y > 0.0 &&
			               s->core.half_extents.z > 0.0
			           ? EXACT_SOLID
			           : EXACT_NONE;
		if (s->kind == COL_SHAPE_CONVEX)
			return s->core.convex != NULL && !col_convex_is_flat(s->core.convex) ? EXACT_SOLID
			                                                                        : EXACT_NONE;
		return EXACT_NONE;
	}
	switch (s->kind) {
	case COL_SHAPE_POLYGON:
	case COL_SHAPE_TRIANGLE:
	case COL_SHAPE_SEGMENT: return EXACT_PLANE;
	case COL_SHAPE_BOX:
		return s->core.half_extents.x > 0.0 && s->core.half_extents.y > 0.0 ? EXACT_PLANE : EXACT_NONE;
	default: return EXACT_NONE;
	}
}

bool shape_exact_supported(const col_shape *a, const col_shape *b)
{
	exact_class ca = classify(a), cb = classify(b);
	if (ca == EXACT_NONE || cb == EXACT_NONE)
		return false;
	if (ca == EXACT_BALL && cb == EXACT_BALL)
		return true;
	/* A polytope meets balls and polytopes of its own dimension. */
	return a->dimension == b->dimension && !(ca == EXACT_SOLID && cb == EXACT_PLANE) &&
	       !(ca == EXACT_PLANE && cb == EXACT_SOLID);
}

/* ---- solid polytopes ---- */

typedef struct solid {
	col_vec3 *v;
	int nv;
	int (*t)[3]; /* the hull's facets as triangles, counter-clockwise seen from outside */
	int nt;
	void *heap;
} solid;

/* Whether a face's world vertices still lie in one plane: at once when they share a coordinate
 * (an axis-aligned face, such as every face of a box that is not turned), else by the exact
 * orientation of each against the first three (when those are not collinear). A flat face needs only its fan; the exact orientations of coplanar points
 * are the predicates' slowest case, so this spares most of them. */
static bool face_is_flat(const col_vec3 *v, const int *f, int n)
{
	bool same_x = true, same_y = true, same_z = true;
	for (int i = 1; i < n; i++) {
		same_x = same_x && v[f[i]].x == v[f[0]].x;
		same_y = same_y && v[f[i]].y == v[f[0]].y;
		same_z = same_z && v[f[i]].z == v[f[0]].z;
	}
	if (same_x || same_y || same_z)
		return true;
	/* Rounding may have made the first three collinear, and then every orientation is 0. */
	if (col_triangle_is_degenerate((col_triangle){v[f[0]], v[f[1]], v[f[2]]}))
		return false;
	for (int i = 3; i < n; i++)
		if (col_orient3d(v[f[0]], v[f[1]], v[f[2]], v[f[i]]) != 0.0)
			return false;
	return true;
}

/* The facets of the hull of one face's world vertices f[0..n-1] (counter-clockwise from
 * outside): every triangle of them, in the face's order, with all the face's other vertices on or
 * behind it. Moved and rounded, a face of four or more vertices is no longer flat, and of its
 * triangulations only these bound the hull; a face still flat keeps all its triangles, which cover
 * it over and over, harmlessly. Returns how many were written to t (room: n choose 3). */
static int face_facets(const col_vec3 *v, const int *f, int n, int (*t)[3])
{
	if (n == 3) {
		memcpy(t[0], f, sizeof t[0]);
		return 1;
	}
	if (face_is_flat(v, f, n)) {
		for (int i = 1; i + 1 < n; i++) {
			t[i - 1][0] = f[0];
			t[i - 1][1] = f[i];
			t[i - 1][2] = f[i + 1];
		}
		return n - 2;
	}
	int count = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			for (int k = j + 1; k < n; k++) {
				bool facet = true;
				for (int m = 0; m < n && facet; m++)
					if (m != i && m != j && m != k &&
					    col_orient3d(v[f[i]], v[f[j]], v[f[k]], v[f[m]]) < 0.0)
						facet = false;
				if (facet) {
					t[count][0] = f[i];
					t[count][1] = f[j];
					t[count][2] = f[k];
					count++;
				}
			}
	return count;
}

static long long choose3(long long n)
{
	return n * (n - 1) * (n - 2) / 6;
}

/* Room for the world vertices and the facets of `faces` faces of the given sizes. */
static bool solid_alloc(solid *out, int nv, long long triangles)
{
	if (triangles > (1 << 24))
		return false;
	out->heap = malloc(sizeof(col_vec3) * (size_t)nv + sizeof(int[3]) * (size_t)triangles);
	if (out->heap == NULL)
		return false;
	out->v = out->heap;
	out->t = (int(*)[3])(void *)(out->v + nv);
	out->nv = nv;
	out->nt = 0;
	return true;
}

/* The box's corners (bit 0: +x, bit 1: +y, bit 2: +z) and the facets of its six faces. */
static bool solid_of_box(const col_shape *s, solid *out)
{
	if (!solid_alloc(out, 8, 6 * 4))
		return false;
	col_vec3 h = s->core.half_extents;
	for (int i = 0; i < 8; i++)
		out->v[i] = col_shape_world_point(
		    s, (col_vec3){i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z});
	for (int axis = 0; axis < 3; axis++) {
		int bit = 1 << axis, u = 1 << ((axis + 1) % 3), w = 1 << ((axis + 2) % 3);
		for (int side = 0; side < 2; side++) {
			int base = side ? bit : 0;
			/* Counter-clockwise seen from outside: u then w on the + side, w then u on the -. */
			int quad[4] = {base, base | (side ? u : w), base | u | w, base | (side ? w : u)};
			out->nt += face_facets(out->v, quad, 4, out->t + out->nt);
		}
	}
	return true;
}

/* A polytope's world vertices and the facets of its faces (counter-clockwise from outside in the
 * body frame, and a rotation keeps that). */
static bool solid_of_convex(const col_shape *s, solid *out)
{
	const col_convex *c = s->core.convex;
	int nv = col_convex_vertex_count(c), nf = col_convex_face_count(c);
	long long room = 0;
	for (int f = 0; f < nf; f++) {
		const int *face;
		room += choose3(col_convex_face(c, f, &face));
	}
	if (!solid_alloc(out, nv, room))
		return false;
	const col_vec3 *body = col_convex_vertices(c);
	for (int i = 0; i < nv; i++)
		out->v[i] = col_shape_world_point(s, body[i]);
	for (int f = 0; f < nf; f++) {
		const int *face;
		int n = col_convex_face(c, f, &face);
		out->nt += face_facets(out->v, face, n, out->t + out->nt);
	}
	return true;
}

static bool solid_make(const col_shape *s, solid *out)
{
	out->heap = NULL;
	return s->kind == COL_SHAPE_BOX ? solid_of_box(s, out) : solid_of_convex(s, out);
}

static col_triangle solid_triangle(const solid *p, int i)
{
	return (col_triangle){p->v[p->t[i][0]], p->v[p->t[i][1]], p->v[p->t[i][2]]};
}

/* Inside or on every face triangle's plane. */
static bool solid_contains(const solid *p, col_vec3 x)
{
	for (int i = 0; i < p->nt; i++)
		if (col_orient3d(p->v[p->t[i][0]], p->v[p->t[i][1]], p->v[p->t[i][2]], x) < 0.0)
			return false;
	return true;
}

static bool solid_meets_ball(const solid *p, col_vec3 centre, double radius)
{
	if (solid_contains(p, centre))
		return true;
	if (radius == 0.0)
		return false;
	col_sphere ball = {centre, radius};
	for (int i = 0; i < p->nt; i++)
		if (col_triangle_intersects_sphere(solid_triangle(p, i), ball))
			return true;
	return false;
}

static bool boxes_overlap(col_aabb3 a, col_aabb3 b)
{
	return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
	       a.min.z <= b.max.z && b.min.z <= a.max.z;
}

static bool solids_meet(const solid *a, const solid *b)
{
	for (int i = 0; i < a->nv; i++)
		if (solid_contains(b, a->v[i]))
			return true;
	for (int i = 0; i < b->nv; i++)
		if (solid_contains(a, b->v[i]))
			return true;
	for (int i = 0; i < a->nt; i++) {
		col_triangle t = solid_triangle(a, i);
		col_aabb3 tb = col_triangle_bounds(t); /* exact: the vertices' own coordinates */
		for (int j = 0; j < b->nt; j++) {
			col_triangle u = solid_triangle(b, j);
			if (boxes_overlap(tb, col_triangle_bounds(u)) && col_triangle_intersects_triangle(t, u))
				return true;
		}
	}
	return false;
}

/* ---- plane polygons ---- */

typedef struct plane_polygon {
	col_vec2 *p;
	int n; /* 2: a segment (its ends may coincide); >= 3: counter-clockwise */
	col_vec2 few[4];
	void *heap;
} plane_polygon;

static col_vec2 world_point2(const col_shape *s, col_vec2 p)
{
	col_vec3 w = col_shape_world_point(s, (col_vec3){p.x, p.y, 0.0});
	return (col_vec2){w.x, w.y};
}

/* False for a triangle that rounding has made collinear. */
static bool plane_polygon_make(const col_shape *s, plane_polygon *out)
{
	out->heap = NULL;
	out->p = out->few;
	switch (s->kind) {
	case COL_SHAPE_SEGMENT:
		out->n = 2;
		out->p[0] = world_point2(s, (col_vec2){s->core.segment.a.x, s->core.segment.a.y});
		out->p[1] = world_point2(s, (col_vec2){s->core.segment.b.x, s->core.segment.b.y});
		return true;
	case COL_SHAPE_BOX: {
		double hx = s->core.half_extents.x, hy = s->core.half_extents.y;
		out->n = 4;
		out->p[0] = world_point2(s, (col_vec2){-hx, -hy});
		out->p[1] = world_point2(s, (col_vec2){hx, -hy});
		out->p[2] = world_point2(s, (col_vec2){hx, hy});
		out->p[3] = world_point2(s, (col_vec2){-hx, hy});
		return true;
	}
	case COL_SHAPE_TRIANGLE: {
		out->n = 3;
		out->p[0] = world_point2(s, (col_vec2){s->core.triangle.a.x, s->core.triangle.a.y});
		out->p[1] = world_point2(s, (col_vec2){s->core.triangle.b.x, s->core.triangle.b.y});
		out->p[2] = world_point2(s, (col_vec2){s->core.triangle.c.x, s->core.triangle.c.y});
		double o = col_orient2d(out->p[0], out->p[1], out->p[2]);
		if (o == 0.0)
			return false;
		if (o < 0.0) {
			col_vec2 swap = out->p[1];
			out->p[1] = out->p[2];
			out->p[2] = swap;
		}
		return true;
	}
	default: { /* COL_SHAPE_POLYGON: counter-clockwise, validated */
		int n = s->core.polygon.count;
		if (n > 4) {
			out->heap = malloc(sizeof(col_vec2) * (size_t)n);
			if (out->heap == NULL)
				return false;
			out->p = out->heap;
		}
		out->n = n;
		for (int i = 0; i < n; i++)
			out->p[i] = world_point2(s, s->core.polygon.points[i]);
		return true;
	}
	}
}

static int plane_polygon_edge_count(const plane_polygon *g)
{
	return g->n == 2 ? 1 : g->n;
}

static col_segment plane_polygon_edge(const plane_polygon *g, int i)
{
	return (col_segment){g->p[i], g->p[i + 1 == g->n ? 0 : i + 1]};
}

/* Inside or on every edge's line (a segment: on it). */
static bool plane_polygon_contains(const plane_polygon *g, col_vec2 x)
{
	if (g->n == 2)
		return col_segment_contains_point(plane_polygon_edge(g, 0), x);
	for (int i = 0; i < g->n; i++)
		if (col_orient2d(g->p[i], g->p[i + 1 == g->n ? 0 : i + 1], x) < 0.0)
			return false;
	return true;
}

static bool plane_polygon_meets_ball(const plane_polygon *g, col_vec2 centre, double radius)
{
	if (plane_polygon_contains(g, centre))
		return true;
	if (radius == 0.0)
		return false;
	col_circle disc = {centre, radius};
	for (int i = 0; i < plane_polygon_edge_count(g); i++)
		if (col_circle_intersects_segment(disc, plane_polygon_edge(g, i)))
			return true;
	return false;
}

static bool plane_polygons_meet(const plane_polygon *a, const plane_polygon *b)
{
	for (int i = 0; i < a->n; i++)
		if (plane_polygon_contains(b, a->p[i]))
			return true;
	for (int i = 0; i < b->n; i++)
		if (plane_polygon_contains(a, b->p[i]))
			return true;
	for (int i = 0; i < plane_polygon_edge_count(a); i++)
		for (int j = 0; j < plane_polygon_edge_count(b); j++)
			if (col_segment_intersects_segment(plane_polygon_edge(a, i), plane_polygon_edge(b, j)))
				return true;
	return false;
}

/* ---- the pairs ---- */

static bool ball_meets(const col_shape *ball, const col_shape *other, bool *meet)
{
	col_vec3 c = col_shape_world_point(ball, ball->core.point);
	if (classify(other) == EXACT_BALL) {
		col_vec3 d = col_shape_world_point(other, other->core.point);
		*meet = col_sphere_sphere_side(c, ball->radius, d, other->radius) <= 0;
		return true;
	}
	if (other->dimension == 3) {
		solid p;
		bool ok = solid_make(other, &p);
		if (ok)
			*meet = solid_meets_ball(&p, c, ball->radius);
		free(p.heap);
		return ok;
	}
	plane_polygon g;
	bool ok = plane_polygon_make(other, &g);
	if (ok)
		*meet = plane_polygon_meets_ball(&g, (col_vec2){c.x, c.y}, ball->radius);
	free(g.heap);
	return ok;
}

bool shape_exact_meet(const col_shape *a, const col_shape *b, bool *meet)
{
	if (!shape_exact_supported(a, b))
		return false;
	if (classify(a) == EXACT_BALL)
		return ball_meets(a, b, meet);
	if (classify(b) == EXACT_BALL)
		return ball_meets(b, a, meet);
	bool ok;
	if (a->dimension == 3) {
		solid p, q;
		ok = solid_make(a, &p);
		if (ok) {
			ok = solid_make(b, &q);
			if (ok)
				*meet = solids_meet(&p, &q);
			free(q.heap);
		}
		free(p.heap);
		return ok;
	}
	plane_polygon g, h;
	ok = plane_polygon_make(a, &g);
	if (ok) {
		ok = plane_polygon_make(b, &h);
		if (ok)
			*meet = plane_polygons_meet(&g, &h);
		free(h.heap);
	}
	free(g.heap);
	return ok;
}
