/* A point in a polyhedron: the signed count of source 000, Alg. 5.1 (after Feito and Torres), over
 * the 15 positions of Table 5.1, and the exact crossing count it falls back on where the source's
 * count is fragile. Counts are doubled so that they stay integers: a tetrahedron that holds the
 * point inside adds 2 sign(T), one that holds it on a feature it shares with one other tetrahedron
 * adds sign(T); the sum is twice the winding number. */
#include "polyhedron_internal.h"

#include <math.h>

#include "collide/barycentric3d.h"
#include "collide/predicates.h"
#include "exact_plane.h"

/* What one tetrahedron says: go on, the point is on the boundary, or the count cannot decide. */
enum { STEP_ON, STEP_INSIDE, STEP_FRAGILE };

/* The count so far, and what it remembers about the face whose tetrahedra it is summing (they come
 * one after another): whether that face holds the point, and the once-only features. */
typedef struct count_state {
	int sum;
	int face;
	int holds;            /* -1 not asked yet */
	bool centre_counted;  /* V0V1, once per face */
	bool centre_positive; /* V1, once per sign set (erratum 10's sets, keyed by the face) */
	bool centre_negative;
} count_state;

static bool face_holds(const col_polyhedron *p, count_state *st, const poly_face *face, col_vec3 x)
{
	if (st->holds < 0)
		st->holds = col_poly_face_holds(p, face, x);
	return st->holds != 0;
}

static int count_tetrahedron(const col_polyhedron *p, const col_polyhedron_tetrahedron *t, col_vec3 x,
                             count_state *st)
{
	const poly_face *face = &p->faces[t->face];
	bool triangle = (t->flags & COL_POLYHEDRON_TRIANGLE_FACE) != 0;
	if (t->flags & COL_POLYHEDRON_DEGENERATE_FAN) {
		/* W on the line of a b: a fan triangle without area adds nothing to its face, so the
		 * tetrahedron, flat, adds nothing either; its neighbours weigh the triangles it shares. */
		if (!col_aabb3_contains(col_triangle_bounds((col_triangle){t->centre, t->a, t->b}), x) ||
		    !col_triangle_contains_point((col_triangle){t->centre, t->a, t->b}, x))
			return STEP_ON;
		return face_holds(p, st, face, x) ? STEP_INSIDE : STEP_ON;
	}
	if (t->sign == 0) {
		/* O lies in the outer triangle's plane: the tetrahedron is flat and adds nothing, unless x
		 * lies in that plane too, where the count's ray runs along the face. */
		if (col_orient3d(t->centre, t->a, t->b, x) != 0.0)
			return STEP_ON;
		return face_holds(p, st, face, x) ? STEP_INSIDE : STEP_FRAGILE;
	}
	int s = t->sign;
	/* t->sign is that of orient3d(W, a, b, O); moving O to the front is an odd permutation. */
	col_tetrahedron_position where =
	    col_tetrahedron_locate_signed(p->origin, t->centre, t->a, t->b, -s, x);
	switch (where) {
	case COL_TETRAHEDRON_OUTSIDE: return STEP_ON;
	case COL_TETRAHEDRON_INTERIOR: st->sum += 2 * s; return STEP_ON;
	case COL_TETRAHEDRON_FACE012: /* O W a and O W b: shared with the next fan tetrahedron of the face */
	case COL_TETRAHEDRON_FACE013:
	case COL_TETRAHEDRON_FACE023: /* O a b: shared with the face across edge ab (or the false twin) */
		st->sum += s;
		return STEP_ON;
	case COL_TETRAHEDRON_EDGE02:
	case COL_TETRAHEDRON_EDGE03:
		/* An original edge O-v: the ray passes through vertex v, whose fan of faces the signs alone
		 * cannot judge (the source's once-per-sign rule, erratum 10, misses folded fans). */
		return STEP_FRAGILE;
	case COL_TETRAHEDRON_EDGE01:
		/* O-W: the ray crosses the face's plane at W, through the face exactly when W is inside it.
		 * The source adds 2 sign(T) once per sign set, which a fan that folds over gets wrong; the
		 * face's own state of W decides instead, once per face. */
		if (triangle || !face->fan_planar || face->centre_position == FACE_BOUNDARY)
			return STEP_FRAGILE;
		if (!st->centre_counted && face->centre_position == FACE_INTERIOR)
			st->sum += 2 * face->side;
		st->centre_counted = true;
		return STEP_ON;
	case COL_TETRAHEDRON_VERTEX0: return STEP_FRAGILE; /* x is O: answered before */
	case COL_TETRAHEDRON_VERTEX2:
	case COL_TETRAHEDRON_VERTEX3: return STEP_INSIDE; /* a vertex of the polyhedron */
	default: break;
	}
	/* x is on the outer triangle, so in the face's fan. */
	if (triangle)
		return STEP_INSIDE; /* the fast path of 5.6: all of a triangle face is boundary */
	if (where == COL_TETRAHEDRON_EDGE23 && !(t->flags & COL_POLYHEDRON_FALSE_EDGE))
		return STEP_INSIDE; /* a real edge */
	/* A fan feature, or a false edge: on the face, unless the face's fan folds over there (a hole,
	 * beyond a non-convex outline), where the face's own tetrahedra cancel as the table weighs
	 * them. */
	if (face_holds(p, st, face, x))
		return STEP_INSIDE;
	switch (where) {
	case COL_TETRAHEDRON_FACE123: st->sum += 2 * s; break;
	case COL_TETRAHEDRON_EDGE12:
	case COL_TETRAHEDRON_EDGE13:
	case COL_TETRAHEDRON_EDGE23: st->sum += s; break;
	case COL_TETRAHEDRON_VERTEX1:
		/* x is W outside its face: the fan around W turns both ways, so the sets add +2 and -2. */
		if (s > 0 && !st->centre_positive)
			st->sum += 2;
		else if (s < 0 && !st->centre_negative)
			st->sum -= 2;
		st->centre_positive |= s > 0;
		st->centre_negative |= s < 0;
		break;
	default: break;
	}
	return STEP_ON;
}

/* Alg. 5.1 over every tetrahedron; x is not O and lies in the bounds. */
static bool covering_contains(const col_polyhedron *p, col_vec3 x, uint64_t *tested)
{
	count_state st = {0, -1, -1, false, false, false};
	for (int i = 0; i < p->tetra_count; i++) {
		const col_polyhedron_tetrahedron *t = &p->tetrahedra[i];
		if (t->face != st.face)
			st = (count_state){st.sum, t->face, -1, false, false, false};
		int step = count_tetrahedron(p, t, x, &st);
		if (step == STEP_ON)
			continue;
		*tested += (uint64_t)i + 1;
		return step == STEP_INSIDE || col_poly_crossing_contains(p, x, tested);
	}
	*tested += (uint64_t)p->tetra_count;
	/* An odd sum: a vertex with an odd fan, or a flat neighbour on an original triangle. */
	if (st.sum % 2 != 0)
		return col_poly_crossing_contains(p, x, tested);
	return (st.sum / 2) % 2 != 0;
}

/* ---- the crossing count ---- */

/* Directions for the rays: the first irrational-looking, the rest from a splitmix64 stream. */
static col_vec3 ray_direction(int attempt)
{
	if (attempt == 0)
		return col_vec3_normalize(
		    (col_vec3){0.6174481290498498, 0.7218626195451539, 0.3125827519103843});
	uint64_t s = 0x243F6A8885A308D3u * (uint64_t)attempt;
	double u[2];
	for (int i = 0; i < 2; ++i) {
		s += 0x9E3779B97F4A7C15u;
		uint64_t z = s;
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
		z ^= z >> 31;
		u[i] = (double)(z >> 11) * 0x1.0p-53;
	}
	double z = 2.0 * u[0] - 1.0, phi = 2.0 * COL_PI * u[1], r = sqrt(1.0 - z * z);
	return (col_vec3){r * cos(phi), r * sin(phi), z};
}

/* Solid angle of triangle abc seen from the origin (Van Oosterom and Strackee). */
static double solid_angle(col_vec3 a, col_vec3 b, col_vec3 c)
{
	double la = col_vec3_length(a), lb = col_vec3_length(b), lc = col_vec3_length(c);
	double numerator = col_vec3_dot(a, col_vec3_cross(b, c));
	double denominator =
	    la * lb * lc + col_vec3_dot(a, b) * lc + col_vec3_dot(a, c) * lb + col_vec3_dot(b, c) * la;
	return 2.0 * atan2(numerator, denominator);
}

/* The last resort, for coordinates too large for a ray or 64 rays that all graze: the winding
 * number of the fan triangles in floating point. */
static bool winding_contains(const col_polyhedron *p, col_vec3 x)
{
	double sum = 0.0;
	for (int i = 0; i < p->tetra_count; i++) {
		const col_polyhedron_tetrahedron *t = &p->tetrahedra[i];
		if (!(t->flags & COL_POLYHEDRON_FALSE_EDGE))
			sum += solid_angle(col_vec3_sub(t->centre, x), col_vec3_sub(t->a, x),
			                   col_vec3_sub(t->b, x));
	}
	return fabs(sum) > 2.0 * COL_PI;
}

enum { MAX_RAYS = 64 };

bool col_poly_crossing_contains(const col_polyhedron *p, col_vec3 x, uint64_t *tested)
{
	/* On a face: inside. Off the surface the winding number is the signed crossings of any ray. */
	*tested += (uint64_t)p->face_count;
	for (int f = 0; f < p->face_count; f++)
		if (col_poly_face_holds(p, &p->faces[f], x))
			return true;
	col_aabb3 box = p->bounds;
	double reach = fmax(fmax(fabs(x.x), fabs(x.y)), fabs(x.z));
	reach = fmax(reach, fmax(fmax(fabs(box.min.x), fabs(box.min.y)), fabs(box.min.z)));
	reach = fmax(reach, fmax(fmax(fabs(box.max.x), fabs(box.max.y)), fabs(box.max.z)));
	double length = 4.0 * reach + 1.0;
	if (!isfinite(length))
		return winding_contains(p, x);
	for (int attempt = 0; attempt < MAX_RAYS; attempt++) {
		col_vec3 q = col_vec3_add(x, col_vec3_scale(ray_direction(attempt), length));
		col_aabb3 ray_box = col_triangle_bounds((col_triangle){x, q, q});
		int winding = 0;
		bool grazed = false;
		for (int i = 0; i < p->tetra_count && !grazed; i++) {
			const col_polyhedron_tetrahedron *t = &p->tetrahedra[i];
			*tested += 1;
			/* A false edge's two triangles cancel, a triangle without area bounds nothing, and a
			 * box apart from the ray's is not crossed. */
			if ((t->flags & (COL_POLYHEDRON_FALSE_EDGE | COL_POLYHEDRON_DEGENERATE_FAN)) ||
			    !col_aabb3_overlaps(col_triangle_bounds((col_triangle){t->centre, t->a, t->b}), ray_box))
				continue;
			int sx = col_exact_sign(col_orient3d(t->centre, t->a, t->b, x));
			/* x in the triangle's plane (x is off the surface): the ray leaves the plane at x,
			 * where any triangle holding x is one of a set that cancels. */
			if (sx == 0)
				continue;
			int sq = col_exact_sign(col_orient3d(t->centre, t->a, t->b, q));
			if (sx * sq > 0)
				continue;
			int e1 = col_exact_sign(col_orient3d(x, q, t->centre, t->a));
			int e2 = col_exact_sign(col_orient3d(x, q, t->a, t->b));
			int e3 = col_exact_sign(col_orient3d(x, q, t->b, t->centre));
			if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0))
				continue;
			grazed =
			    sq == 0 || e1 == 0 || e2 == 0 || e3 == 0; /* an edge, a vertex, the far end */
			winding += sx;
		}
		if (!grazed)
			return winding % 2 != 0;
	}
	return winding_contains(p, x);
}

bool col_polyhedron_contains(const col_polyhedron *polyhedron, col_vec3 point, col_method method,
                             col_query_stats *stats)
{
	if (polyhedron == NULL || !col_vec3_is_finite(point))
		return false;
	uint64_t tested = 0;
	bool inside;
	if (method == COL_METHOD_CROSSING) {
		inside = col_aabb3_contains(polyhedron->bounds, point) &&
		         col_poly_crossing_contains(polyhedron, point, &tested);
	} else if (col_vec3_equal(point, polyhedron->origin)) {
		inside = polyhedron->origin_inside;
	} else {
		inside = col_aabb3_contains(polyhedron->bounds, point) &&
		         covering_contains(polyhedron, point, &tested);
	}
	if (stats != NULL) {
		stats->queries++;
		stats->primitives_tested += tested;
	}
	return inside;
}

void col_polyhedron_contains_points(const col_polyhedron *polyhedron, const col_vec3 *points, size_t count,
                                    col_method method, bool *inside, col_query_stats *stats)
{
	if (inside == NULL)
		return;
	for (size_t i = 0; i < count; i++)
		inside[i] = points != NULL && col_polyhedron_contains(polyhedron, points[i], method, stats);
}

int col_polyhedron_tetrahedron_locate(const col_polyhedron *polyhedron, int index, col_vec3 point)
{
	if (polyhedron == NULL || index < 0 || index >= polyhedron->tetra_count || !col_vec3_is_finite(point))
		return COL_TETRAHEDRON_OUTSIDE;
	const col_polyhedron_tetrahedron *t = &polyhedron->tetrahedra[index];
	if (t->sign == 0)
		return COL_TETRAHEDRON_OUTSIDE;
	return col_tetrahedron_locate_signed(polyhedron->origin, t->centre, t->a, t->b, -t->sign, point);
}
