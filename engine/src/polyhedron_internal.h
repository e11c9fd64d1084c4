/* Private: the polyhedron's record, shared by polyhedron.c (creation and accessors),
 * polyhedron_face.c (one face: validation, false edges, centre), polyhedron_contains.c (the point
 * tests), polyhedron_segment.c (segments and pairs) and polyhedron_models.c. */
#ifndef COLLIDE_POLYHEDRON_INTERNAL_H
#define COLLIDE_POLYHEDRON_INTERNAL_H

#include "collide/polyhedron.h"

/* Where a point of a face's plane lies against the closed face. */
enum { FACE_OUTSIDE = 0, FACE_BOUNDARY = 1, FACE_INTERIOR = 2 };

typedef struct poly_face {
	int first_loop, loop_count;   /* loops first_loop .. + loop_count - 1 of the polyhedron */
	int ring_first, ring_count;   /* its ring in ring[] and ring_false[] */
	int tetra_first, tetra_count; /* its covering tetrahedra: ring_count, or 1 when not fanned */
	int32_t plane[3];             /* three vertices spanning its plane (not collinear) */
	int axis;                     /* the coordinate dropped to see it in 2D (exact, bijective) */
	int orientation;              /* the outer loop's turn in that view: +1 or -1 */
	col_vec3 centre;              /* W */
	col_aabb3 box;                /* of its vertices and W */
	int side;                     /* sign(H); 0 when O is in its plane or it is not planar */
	int centre_position;          /* FACE_*: W against the face, in its plane */
	bool planar;                  /* its vertices exactly coplanar */
	bool fan_planar;              /* and W too */
	bool fanned;                  /* false: a triangle covered by its own triangle (fast path) */
} poly_face;

struct col_polyhedron {
	int vertex_count;
	col_vec3 *vertices;
	int face_count;
	poly_face *faces;
	int loop_count;
	int *loop_starts; /* loop_count + 1 offsets into loop_indices */
	int32_t *loop_indices;
	int ring_length;
	int32_t *ring; /* every face's ring, one after another */
	bool *ring_false;
	int edge_count;
	int32_t *edges; /* 2 * edge_count: real undirected edges, a < b */
	int tetra_count;
	col_polyhedron_tetrahedron *tetrahedra;
	col_vec3 origin;
	bool origin_inside;
	col_aabb3 bounds;
	double volume;
	col_polyhedron_options options;
};

/* ---- polyhedron_face.c ---- */

/* What building one face needs from the caller: the vertices, the face's loops (in the
 * polyhedron's loop arrays) and its number for the messages. */
typedef struct poly_face_input {
	const col_vec3 *vertices;
	const int *loop_starts;
	const int32_t *loop_indices;
	int first_loop, loop_count;
	int face_number;
	double planarity_tolerance;
	bool fan_triangles; /* fan a triangle face too (the fast path is off) */
} poly_face_input;

/* Validates one face (loops of >= 3 vertices, no vertex twice, not collinear, planar within the
 * tolerance, loops simple and disjoint in projection, holes inside and wound against the outer
 * loop) and fills *face except its ring and tetrahedra. Every message starts "polyhedron: face N". */
col_status col_poly_face_prepare(const poly_face_input *in, poly_face *face, col_error *error);

/* The face's ring: its outer loop with each hole spliced in through a false edge walked both ways.
 * Writes ring_count = vertex count + 2 * holes entries to ring and ring_false. */
col_status col_poly_face_ring(const poly_face_input *in, const poly_face *face, int32_t *ring,
                              bool *ring_false, col_error *error);

/* Chooses W (exactly in the plane when the face is planar) and sets centre, fan_planar and box. */
void col_poly_face_centre(const poly_face_input *in, poly_face *face);

/* Where p, a point of the face's plane, lies against the closed face, decided on its 2D view over
 * the real edges of its loops. */
int col_poly_face_locate_2d(const col_polyhedron *p, const poly_face *face, col_vec3 point);

/* Whether point lies on the face as a set: in its plane and on the closed face for a fan that is
 * exactly planar; on one of its real fan triangles otherwise. */
bool col_poly_face_holds(const col_polyhedron *p, const poly_face *face, col_vec3 point);

/* ---- polyhedron_contains.c ---- */

/* The exact crossing count (COL_METHOD_CROSSING); tested counts the primitives looked at. */
bool col_poly_crossing_contains(const col_polyhedron *p, col_vec3 point, uint64_t *tested);

#endif
