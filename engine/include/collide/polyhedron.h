/* A polyhedron with planar polygonal faces (source 000, chapter 3 and 5.1-5.5): faces may be
 * non-convex and have holes, and the solid may be non-manifold (two cubes sharing an edge). Each
 * face is fanned around its centre W into triangles W Q_j Q_j+1, its holes joined to its outer
 * loop by "false edges" walked once each way (not boundary), and every fan triangle is joined to
 * the origin O, the solid's centroid, to make the signed covering tetrahedra S_ij = O W Q_j Q_j+1
 * whose signed sum is the solid. A triangle face is not fanned (the fast path of 5.6): its
 * tetrahedron is O a b c and its whole outer triangle is boundary.
 *
 * Every sign is exact (predicates.h), and a point on the boundary (a face, a real edge, a vertex)
 * counts as inside. The queries: the point test of Alg. 5.1 with the 15 positions of Table 5.1,
 * segment/face (Thm 5.4, Alg. 5.6 with Alg. 5.7), segment/polyhedron and polyhedron/polyhedron
 * (the naive 5.5.5-5.5.6). Where the source's count is fragile (a point on an original edge O-V,
 * or in the plane of a face that passes through O) the answer comes from the exact crossing count
 * (COL_METHOD_CROSSING), so it is always exact.
 *
 * What the surface is, exactly: the fan triangles as stored. A face whose vertices are exactly
 * coplanar gets a centre W exactly in its plane (the average of its vertices when that is exact,
 * else the nearest double on the plane found along the normal, else another exact point of the
 * plane, at worst a vertex), so its fan is the face itself. A face that is only nearly planar
 * (within planarity_tolerance) keeps W at the average of its vertices: its fan is a very flat
 * pyramid, and where its fan triangles overlap with opposite orientations (over a hole, or beyond a
 * non-convex outline) they bound a sliver as thin as the face is out of plane, which counts as
 * solid. Exactly planar data has no slivers.
 *
 * Thread safety: a created col_polyhedron is read-only: every query takes it as const and writes
 * only through the pointers the caller passes, so any number of threads may query one
 * col_polyhedron at once. Only col_polyhedron_destroy needs it to itself (no query running).
 * Distinct structures share no state. */
#ifndef COLLIDE_POLYHEDRON_H
#define COLLIDE_POLYHEDRON_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_polyhedron col_polyhedron; /* opaque: create it, query it, destroy it */

/* Separators in the face index list of col_polyhedron_create: the loops of a face follow one
 * another, the outer loop first (counter-clockwise seen from outside the solid), then its holes
 * (clockwise seen from outside); NEXT_LOOP starts the next hole of the same face, NEXT_FACE the
 * next face. The end of the list ends the last face (a separator at the very end is ignored).
 * A cube's first two faces and a face with a hole:
 *   {0, 3, 2, 1, COL_POLYHEDRON_NEXT_FACE, 4, 5, 6, 7, COL_POLYHEDRON_NEXT_FACE,
 *    8, 9, 10, 11, COL_POLYHEDRON_NEXT_LOOP, 12, 15, 14, 13, ...} */
#define COL_POLYHEDRON_NEXT_LOOP (-1)
#define COL_POLYHEDRON_NEXT_FACE (-2)

typedef struct col_polyhedron_options {
	bool has_origin; /* use `origin` as O; false: the centroid of the solid (the source's O) */
	col_vec3 origin;
	/* How far a vertex may lie from its face's plane, as a fraction of the face's size (the
	 * diagonal of its box). 1e-6 by default; 0 demands exact coplanarity (orient3d = 0). A face
	 * within the tolerance but not exactly planar is accepted, its surface being its fan (above). */
	double planarity_tolerance;
	/* The triangle-mesh fast path of 5.6 (true by default): a triangle face is its own covering
	 * triangle, any hit of it is boundary at once, and segment/face is plain segment/triangle.
	 * false fans triangle faces like every other face and runs the general rules; the answers are
	 * the same (source 000's 3D check 19, docs/sources.md), so this exists to show it. */
	bool triangle_fast_path;
} col_polyhedron_options;

col_polyhedron_options col_polyhedron_default_options(void);

/* Makes a polyhedron from vertex_count vertices and a face index list of index_count entries
 * (0-based vertex indices and the separators above). Data are copied. options may be NULL (the
 * defaults). Fails, with a message naming the face, loop and vertex, for:
 *   COL_ERROR_INVALID_ARGUMENT  NULL arrays, no faces, an index out of range or below -2, a
 *                               coordinate whose magnitude is outside [1e-30, 1e30] (and not 0),
 *                               a face that is not planar within the tolerance, a negative or NaN
 *                               tolerance, an origin that is not finite;
 *   COL_ERROR_NOT_FINITE        a NaN or infinite coordinate;
 *   COL_ERROR_DEGENERATE        a loop with fewer than 3 vertices, a face with zero area (collinear
 *                               vertices);
 *   COL_ERROR_SELF_INTERSECTION a loop that crosses or touches itself or another loop of its face
 *                               (decided exactly on the face's projection), a vertex used twice in
 *                               one face;
 *   COL_ERROR_TOPOLOGY          a hole outside its outer loop or inside another hole, a hole wound
 *                               the same way as its outer loop, an open surface: every real
 *                               directed edge (i, j) must be walked as often from j to i (edges
 *                               are matched by vertex index; false edges are the engine's own);
 *   COL_ERROR_OUT_OF_MEMORY.
 * The engine joins each hole to the rest of its face itself: from the hole's extreme vertex (the
 * largest projected x) to the nearest vertex it sees, exactly, without touching any loop. */
col_status col_polyhedron_create(const col_vec3 *vertices, int vertex_count, const int32_t *face_indices,
                                 int index_count, const col_polyhedron_options *options, col_polyhedron **out,
                                 col_error *error);

/* Each triangle of a closed mesh one face (5.6). Fails as col_polyhedron_create does (an open or
 * misoriented mesh is COL_ERROR_TOPOLOGY, a zero-area triangle COL_ERROR_DEGENERATE). */
col_status col_polyhedron_from_mesh(const col_mesh *mesh, const col_polyhedron_options *options,
                                    col_polyhedron **out, col_error *error);

/* The source's complex test models (Fig 5.39), reconstructed, on integer coordinates:
 *   1  "Complex Polyhedron I": a cross-shaped frame, the plus-shaped 12-gon with arms 4 wide
 *      reaching 6 from the centre and a 2 x 2 square hole through its middle, extruded over
 *      z in [0, 4]: 32 vertices, 18 faces (two non-convex 16-vertex caps with a hole each, 12
 *      outer walls, 4 tunnel walls). Its centroid (0, 0, 2) lies in the tunnel, outside the solid.
 *   2  "Complex Polyhedron II": a stepped L-prism 12 x 12 with two V-notches and two slots cut
 *      into its outline (a non-convex 22-gon), over z = 0 and under the sloping roof
 *      z = 10 - (x + y) / 2: 44 vertices, 29 faces (two non-convex 22-gon caps, the roof tilted,
 *      17 quadrilateral walls and 10 triangles: the walls of the notches and of one step riser
 *      split along a diagonal).
 * COL_ERROR_INVALID_ARGUMENT for another number. */
col_status col_polyhedron_create_complex(int model, const col_polyhedron_options *options,
                                         col_polyhedron **out, col_error *error);

void col_polyhedron_destroy(col_polyhedron *polyhedron);

/* ---- what it is made of (NULL reads as empty; an index out of range gives zeros) ---- */

int col_polyhedron_vertex_count(const col_polyhedron *polyhedron);
const col_vec3 *col_polyhedron_vertices(const col_polyhedron *polyhedron);
int col_polyhedron_face_count(const col_polyhedron *polyhedron);
/* Real edges, each once (a < b): the boundary edges a pair test runs against the faces. */
int col_polyhedron_edge_count(const col_polyhedron *polyhedron);
bool col_polyhedron_edge(const col_polyhedron *polyhedron, int index, int32_t *a, int32_t *b);
col_aabb3 col_polyhedron_bounds(const col_polyhedron *polyhedron);
/* The signed sum of the covering's volumes: positive for outward faces. */
double col_polyhedron_volume(const col_polyhedron *polyhedron);
col_vec3 col_polyhedron_origin(const col_polyhedron *polyhedron);
/* O's own state, found once with the crossing count: the covering cannot decide it. */
bool col_polyhedron_origin_inside(const col_polyhedron *polyhedron);
col_polyhedron_options col_polyhedron_options_used(const col_polyhedron *polyhedron);

typedef struct col_polyhedron_face {
	int loop_count;        /* 1 + its holes */
	int vertex_count;      /* over all its loops */
	int ring_count;        /* edges of its ring, real and false (its vertex count + 2 per hole) */
	int first_tetrahedron; /* its covering tetrahedra: one per ring edge, one for a triangle face */
	int tetrahedron_count; /* that is not fanned */
	col_vec3 centre;       /* W; a triangle face that is not fanned has its first vertex here */
	bool fanned;           /* false: a triangle face covered by its own triangle */
	bool planar;           /* its vertices exactly coplanar */
	bool fan_planar;       /* and its centre too: the fan is exactly the face */
	int centre_position;   /* W against the closed face, in its plane: 0 outside, 1 on its boundary,
	                          2 inside (the source's inside_H(W)) */
	int side;              /* the source's sign(H): +1 when O lies behind the face (opposite its
	                          outward normal), -1 in front, 0 in its plane or for a face not planar */
} col_polyhedron_face;

col_polyhedron_face col_polyhedron_face_at(const col_polyhedron *polyhedron, int face);
/* Loop `loop` of the face (0 outer, then the holes) as given: its count, *indices pointing into
 * the polyhedron; 0 and NULL out of range. */
int col_polyhedron_face_loop(const col_polyhedron *polyhedron, int face, int loop, const int32_t **indices);
/* The face's ring, the source's single loop per face: its loops joined by false edges, each walked
 * once each way. Edge k runs from indices[k] to indices[k + 1] (the last back to the first); it is
 * false when false_edges[k]. Either pointer may be NULL. Returns the count. */
int col_polyhedron_face_ring(const col_polyhedron *polyhedron, int face, const int32_t **indices,
                             const bool **false_edges);

/* Covering tetrahedron (O, centre, a, b): V0 = O, V1 = the face's centre W (or a triangle face's
 * first vertex), V2 V3 = the ring edge a -> b, so alpha always belongs to the outer triangle. */
/* Flags: a -> b is a false edge (not boundary); the tetrahedron covers a whole triangle face, not
 * fanned (its outer triangle is all boundary); W lies exactly on the line of a b, so the outer
 * triangle has no area and the tetrahedron is flat. */
#define COL_POLYHEDRON_FALSE_EDGE     1u
#define COL_POLYHEDRON_TRIANGLE_FACE  2u
#define COL_POLYHEDRON_DEGENERATE_FAN 4u

typedef struct col_polyhedron_tetrahedron {
	col_vec3 centre, a, b;
	int face;
	int centre_index; /* the vertex at V1 for a triangle face, -1 for a face centre */
	int a_index, b_index;
	int sign;            /* the source's sign(T) (erratum 2: orient(O, V1, V2, V3) > 0): +1 when O lies
	                        behind the outer triangle as it is wound, -1 in front, 0 in its plane */
	int fan_orientation; /* the outer triangle's turn in its face's plane against the face's own:
	                        +1 same, -1 reversed (a fan folding over), 0 degenerate */
	unsigned flags;      /* COL_POLYHEDRON_FALSE_EDGE, _TRIANGLE_FACE, _DEGENERATE_FAN */
} col_polyhedron_tetrahedron;

int col_polyhedron_tetrahedron_count(const col_polyhedron *polyhedron);
col_polyhedron_tetrahedron col_polyhedron_tetrahedron_at(const col_polyhedron *polyhedron, int index);
/* Where point lies in covering tetrahedron `index` (Table 5.1; erratum 1: outside when any
 * coordinate is negative); OUTSIDE for a flat one or an index out of range. */
int col_polyhedron_tetrahedron_locate(const col_polyhedron *polyhedron, int index, col_vec3 point);

/* ---- queries ---- */

/* Inside or on the boundary. COL_METHOD_COVERING (or DEFAULT): Alg. 5.1 over every covering
 * tetrahedron, exact, with the crossing count where the source's count is fragile.
 * COL_METHOD_CROSSING: the brute-force oracle, an exact crossing count of a ray against the fan
 * triangles, after an exact test of the point against every face. Another method answers as
 * DEFAULT. False for a NULL polyhedron or a NaN or infinite point. stats may be NULL:
 * primitives_tested counts the tetrahedra or fan triangles looked at. */
bool col_polyhedron_contains(const col_polyhedron *polyhedron, col_vec3 point, col_method method,
                             col_query_stats *stats);
void col_polyhedron_contains_points(const col_polyhedron *polyhedron, const col_vec3 *points, size_t count,
                                    col_method method, bool *inside, col_query_stats *stats);

/* Alg. 5.7, the modified segment/triangle test for a fan triangle W a b of a face, with exact signs:
 * where the closed segment meets the closed triangle. Alg. 5.5's determinants map to the point's
 * coordinates in the tetrahedron (apex, W, a, b): t to beta (the hit's weight on W), u to gamma and
 * erratum 8's w - (s + t + u) to delta, each evaluated as its own exact determinant. A segment in
 * the triangle's plane (or a degenerate triangle) is the face's 2D case: COPLANAR. */
typedef enum col_fan_hit {
	COL_FAN_MISS = 0,
	COL_FAN_INTERIOR = 1,   /* code 1: inside the triangle */
	COL_FAN_INNER_EDGE = 2, /* code 2: on W a or b W (inside the face) */
	COL_FAN_FACE_EDGE = 3,  /* code 3: on the face edge a b, a or b included */
	COL_FAN_CENTRE = 4,     /* code 4: at W */
	COL_FAN_COPLANAR = 5,
} col_fan_hit;

col_fan_hit col_segment_fan_triangle_hit(col_vec3 q1, col_vec3 q2, col_vec3 w, col_vec3 a, col_vec3 b);

/* Whether the closed segment meets face `face` (Thm 5.4, Alg. 5.6): its fan's codes summed with
 * the in-plane orientation of each fan triangle (not sign(H) sign(T), which fails for a face whose
 * plane holds O), a hit on a real edge or vertex at once, W by the face's own state of W, false
 * edges never a hit feature; a segment in the face's plane is decided in 2D on the projection
 * dropping the dominant axis of its normal. A triangle face on the fast path is plain segment/
 * triangle (Alg. 5.5); a face that is not exactly planar is the union of its real fan triangles. */
bool col_polyhedron_segment_hits_face(const col_polyhedron *polyhedron, int face, col_vec3 q1, col_vec3 q2);

/* Whether the closed segment meets the surface: segment/face against every face (5.5.5). The
 * first face hit goes to *face when face is not NULL (-1 when none). */
bool col_polyhedron_segment_hits_surface(const col_polyhedron *polyhedron, col_vec3 q1, col_vec3 q2,
                                         int *face, col_query_stats *stats);

/* Whether the closed segment meets the solid: it meets the surface, or else it lies wholly inside
 * (a segment that meets no face is all on one side, so q1's state decides). */
bool col_polyhedron_intersects_segment(const col_polyhedron *polyhedron, col_vec3 q1, col_vec3 q2,
                                       col_query_stats *stats);

/* Whether two solids meet, b placed by b_to_a in a's frame (5.5.6, naive): every real edge of b
 * against every face of a, every real edge of a against every face of b, then one vertex of each
 * in the other, so containment collides. Touching counts. Each structure is queried in its own
 * frame (b's edges moved by b_to_a, a's by its inverse, in floating point), so faces stay exactly
 * planar; the tests on the moved coordinates are exact. */
bool col_polyhedron_intersects_polyhedron(const col_polyhedron *a, const col_polyhedron *b,
                                          col_transform3 b_to_a, col_query_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
