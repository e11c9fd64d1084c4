/* Segments against polyhedra (source 000, 5.5.3-5.5.6): the modified segment/triangle test of
 * Alg. 5.7, segment/face by the signed sum of Thm 5.4 (Alg. 5.6), segment/polyhedron and the naive
 * polyhedron/polyhedron test. Every sign is an exact orientation. */
#include "polyhedron_internal.h"

#include "collide/intersect3d.h"
#include "collide/predicates.h"
#include "exact_plane.h"

/* Thm 5.3 in the auxiliary tetrahedron (apex, W, a, b), whose volume has sign `side`, with `far`
 * on the other side of the plane or on it: the segment meets the closed triangle exactly when far's
 * coordinates beta, gamma, delta are >= 0, and those that are positive name the feature hit.
 * Alg. 5.5's t (Q2 in place of V1) is beta, u gamma, and erratum 8's w - (s + t + u) delta, here
 * its own determinant: the rounded difference of rounded volumes has no exact sign. */
static col_triangle_feature fan_feature(col_vec3 apex, col_vec3 far, col_vec3 w, col_vec3 a, col_vec3 b,
                                        int side)
{
	int beta = side * col_exact_sign(col_orient3d(apex, far, a, b));
	if (beta < 0)
		return COL_TRIANGLE_NONE;
	int gamma = side * col_exact_sign(col_orient3d(apex, w, far, b));
	if (gamma < 0)
		return COL_TRIANGLE_NONE;
	int delta = side * col_exact_sign(col_orient3d(apex, w, a, far));
	if (delta < 0)
		return COL_TRIANGLE_NONE;
	return (col_triangle_feature)((beta > 0) | (gamma > 0) << 1 | (delta > 0) << 2);
}

/* Alg. 5.7's code for a feature of the fan triangle W a b. */
static col_fan_hit code_of(col_triangle_feature feature)
{
	switch (feature) {
	case COL_TRIANGLE_INTERIOR: return COL_FAN_INTERIOR;
	case COL_TRIANGLE_EDGE12:
	case COL_TRIANGLE_EDGE31: return COL_FAN_INNER_EDGE;
	case COL_TRIANGLE_EDGE23:
	case COL_TRIANGLE_VERTEX2:
	case COL_TRIANGLE_VERTEX3: return COL_FAN_FACE_EDGE;
	case COL_TRIANGLE_VERTEX1: return COL_FAN_CENTRE;
	default: return COL_FAN_MISS;
	}
}

col_fan_hit col_segment_fan_triangle_hit(col_vec3 q1, col_vec3 q2, col_vec3 w, col_vec3 a, col_vec3 b)
{
	if (!col_vec3_is_finite(q1) || !col_vec3_is_finite(q2) || !col_vec3_is_finite(w) ||
	    !col_vec3_is_finite(a) || !col_vec3_is_finite(b))
		return COL_FAN_MISS;
	if (col_triangle_is_degenerate((col_triangle){w, a, b}))
		return COL_FAN_COPLANAR;
	int s1 = col_exact_sign(col_orient3d(w, a, b, q1)), s2 = col_exact_sign(col_orient3d(w, a, b, q2));
	if (s1 * s2 > 0)
		return COL_FAN_MISS; /* both ends strictly on one side */
	if (s1 == 0 && s2 == 0)
		return COL_FAN_COPLANAR;
	/* Alg. 5.5's roles: the end off the plane is the apex (Q1 in the plane swaps them, erratum 7). */
	col_vec3 apex = s1 != 0 ? q1 : q2, far = s1 != 0 ? q2 : q1;
	int side = col_exact_sign(col_orient3d(apex, w, a, b));
	return code_of(fan_feature(apex, far, w, a, b, side));
}

/* ---- segment / face ---- */

static bool finite_segment(col_vec3 q1, col_vec3 q2)
{
	return col_vec3_is_finite(q1) && col_vec3_is_finite(q2);
}

static col_aabb3 segment_box(col_vec3 q1, col_vec3 q2)
{
	return (col_aabb3){{fmin(q1.x, q2.x), fmin(q1.y, q2.y), fmin(q1.z, q2.z)},
	                   {fmax(q1.x, q2.x), fmax(q1.y, q2.y), fmax(q1.z, q2.z)}};
}

/* Both ends in the face's plane: the 2D fallback on the face's view. The segment meets the closed
 * face when it meets a real edge, or else lies wholly inside or outside, as q1 does. */
static bool coplanar_hit(const col_polyhedron *p, const poly_face *face, col_vec3 q1, col_vec3 q2)
{
	col_vec2 a = col_project_dropping(q1, face->axis), b = col_project_dropping(q2, face->axis);
	for (int l = face->first_loop; l < face->first_loop + face->loop_count; l++) {
		const int32_t *loop = p->loop_indices + p->loop_starts[l];
		int n = p->loop_starts[l + 1] - p->loop_starts[l];
		for (int i = 0; i < n; i++) {
			col_vec2 u = col_project_dropping(p->vertices[loop[i]], face->axis);
			col_vec2 v = col_project_dropping(p->vertices[loop[(i + 1) % n]], face->axis);
			if (col_segments_meet_2d(a, b, u, v))
				return true;
		}
	}
	return col_poly_face_locate_2d(p, face, q1) != FACE_OUTSIDE;
}

/* Alg. 5.6 on a face whose fan lies exactly in its plane (Thm 5.4): the plane test once, then the
 * fan's codes summed with each triangle's turn in the plane. The sum is twice the face's winding
 * number at the crossing point: 2 inside, 0 outside. */
static bool planar_hit(const col_polyhedron *p, const poly_face *face, col_vec3 q1, col_vec3 q2)
{
	const col_vec3 *v = p->vertices;
	col_vec3 r0 = v[face->plane[0]], r1 = v[face->plane[1]], r2 = v[face->plane[2]];
	int s1 = col_exact_sign(col_orient3d(r0, r1, r2, q1)),
	    s2 = col_exact_sign(col_orient3d(r0, r1, r2, q2));
	if (s1 * s2 > 0)
		return false;
	if (s1 == 0 && s2 == 0)
		return coplanar_hit(p, face, q1, q2);
	col_vec3 apex = s1 != 0 ? q1 : q2, far = s1 != 0 ? q2 : q1;
	int sum = 0;
	for (int k = 0; k < face->tetra_count; k++) {
		const col_polyhedron_tetrahedron *t = &p->tetrahedra[face->tetra_first + k];
		bool false_edge = (t->flags & COL_POLYHEDRON_FALSE_EDGE) != 0;
		if (t->flags & COL_POLYHEDRON_DEGENERATE_FAN) {
			/* W on the line of a b: the triangle is only its edge, which counts if it is real. */
			if (!false_edge && col_aabb3_overlaps(segment_box(t->a, t->b), segment_box(q1, q2)) &&
			    col_segment_triangle_locate(q1, q2, t->a, t->b, t->b).hit)
				return true;
			continue;
		}
		int side = col_exact_sign(col_orient3d(apex, t->centre, t->a, t->b));
		switch (fan_feature(apex, far, t->centre, t->a, t->b, side)) {
		case COL_TRIANGLE_NONE: break;
		case COL_TRIANGLE_INTERIOR: sum += 2 * t->fan_orientation; break;
		case COL_TRIANGLE_EDGE12:
		case COL_TRIANGLE_EDGE31: sum += t->fan_orientation; break;
		case COL_TRIANGLE_EDGE23:
			if (!false_edge)
				return true;       /* code 3 on a real edge: boundary */
			sum += t->fan_orientation; /* a false edge is inside the face, shared by its twin */
			break;
		case COL_TRIANGLE_VERTEX2:
		case COL_TRIANGLE_VERTEX3: return true; /* a vertex of the polyhedron */
		case COL_TRIANGLE_VERTEX1: return face->centre_position != FACE_OUTSIDE; /* code 4: W */
		}
	}
	return sum == 2;
}

static bool face_hit(const col_polyhedron *p, const poly_face *face, col_vec3 q1, col_vec3 q2)
{
	const col_polyhedron_tetrahedron *first = &p->tetrahedra[face->tetra_first];
	if (!face->fanned) /* 5.6: plain segment/triangle (Alg. 5.5) */
		return col_segment_triangle_locate(q1, q2, first->centre, first->a, first->b).hit;
	if (face->fan_planar)
		return planar_hit(p, face, q1, q2);
	/* A fan that is not exactly planar is the union of its real triangles. */
	for (int k = 0; k < face->tetra_count; k++) {
		const col_polyhedron_tetrahedron *t = first + k;
		if (!(t->flags & COL_POLYHEDRON_FALSE_EDGE) &&
		    col_segment_triangle_locate(q1, q2, t->centre, t->a, t->b).hit)
			return true;
	}
	return false;
}

bool col_polyhedron_segment_hits_face(const col_polyhedron *polyhedron, int face, col_vec3 q1, col_vec3 q2)
{
	if (polyhedron == NULL || face < 0 || face >= polyhedron->face_count || !finite_segment(q1, q2))
		return false;
	const poly_face *f = &polyhedron->faces[face];
	return col_aabb3_overlaps(f->box, segment_box(q1, q2)) && face_hit(polyhedron, f, q1, q2);
}

static bool hits_surface(const col_polyhedron *p, col_vec3 q1, col_vec3 q2, int *face, uint64_t *tested)
{
	col_aabb3 box = segment_box(q1, q2);
	if (!col_aabb3_overlaps(box, p->bounds))
		return false;
	for (int f = 0; f < p->face_count; f++) {
		*tested += 1;
		if (col_aabb3_overlaps(p->faces[f].box, box) && face_hit(p, &p->faces[f], q1, q2)) {
			if (face != NULL)
				*face = f;
			return true;
		}
	}
	return false;
}

static void add_stats(col_query_stats *stats, uint64_t tested)
{
	if (stats != NULL) {
		stats->queries++;
		stats->primitives_tested += tested;
	}
}

bool col_polyhedron_segment_hits_surface(const col_polyhedron *polyhedron, col_vec3 q1, col_vec3 q2,
                                         int *face, col_query_stats *stats)
{
	if (face != NULL)
		*face = -1;
	if (polyhedron == NULL || !finite_segment(q1, q2))
		return false;
	uint64_t tested = 0;
	bool hit = hits_surface(polyhedron, q1, q2, face, &tested);
	add_stats(stats, tested);
	return hit;
}

bool col_polyhedron_intersects_segment(const col_polyhedron *polyhedron, col_vec3 q1, col_vec3 q2,
                                       col_query_stats *stats)
{
	if (polyhedron == NULL || !finite_segment(q1, q2))
		return false;
	uint64_t tested = 0;
	bool hit = hits_surface(polyhedron, q1, q2, NULL, &tested);
	add_stats(stats, tested);
	/* No face met: the segment is wholly inside or wholly outside. */
	return hit || col_polyhedron_contains(polyhedron, q1, COL_METHOD_COVERING, stats);
}

/* ---- polyhedron / polyhedron ---- */

/* Whether a real edge of `edges`, moved by `move`, meets a face of `faces`. */
static bool edges_hit_faces(const col_polyhedron *edges, col_transform3 move, const col_polyhedron *faces,
                            uint64_t *tested)
{
	for (int e = 0; e < edges->edge_count; e++) {
		col_vec3 q1 = col_transform3_apply(move, edges->vertices[edges->edges[2 * e]]);
		col_vec3 q2 = col_transform3_apply(move, edges->vertices[edges->edges[2 * e + 1]]);
		if (hits_surface(faces, q1, q2, NULL, tested))
			return true;
	}
	return false;
}

/* Whether the first vertex of some loop of inner, moved by move, lies inside outer. */
static bool loop_vertex_inside(const col_polyhedron *outer, const col_polyhedron *inner, col_transform3 move,
                               col_query_stats *stats)
{
	for (int l = 0; l < inner->loop_count; l++) {
		col_vec3 p = col_transform3_apply(move, inner->vertices[inner->loop_indices[inner->loop_starts[l]]]);
		if (col_polyhedron_contains(outer, p, COL_METHOD_COVERING, stats))
			return true;
	}
	return false;
}

bool col_polyhedron_intersects_polyhedron(const col_polyhedron *a, const col_polyhedron *b,
                                          col_transform3 b_to_a, col_query_stats *stats)
{
	if (a == NULL || b == NULL)
		return false;
	col_transform3 a_to_b = col_transform3_inverse(b_to_a);
	uint64_t tested = 0;
	bool hit = edges_hit_faces(b, b_to_a, a, &tested) || edges_hit_faces(a, a_to_b, b, &tested);
	add_stats(stats, tested);
	if (hit)
		return true;
	/* No edge meets a face: the surfaces are apart, so the solids meet only if a piece of one lies
	 * inside the other, and then it holds every vertex of that piece. A polyhedron may have several
	 * pieces: one vertex of every loop covers them all. */
	return loop_vertex_inside(a, b, b_to_a, stats) || loop_vertex_inside(b, a, a_to_b, stats);
}
