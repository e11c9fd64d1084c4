/* A triangle mesh: shared vertices and index triples, with the validation every 3D structure
 * needs (closed, edge-manifold, consistently oriented) and the generators used by scripts and
 * benchmarks. Also the brute-force point and sphere queries that are the 3D oracles.
 *
 * Thread safety: the queries (the oracles, validation, measures) take the mesh as const and write
 * only to what the caller passes, so any number of threads may query one mesh at once.
 * col_mesh_fix_orientation and col_mesh_weld change it, and col_mesh_destroy frees it: each needs
 * the mesh to itself (no other call on it running). Structures built from a mesh copy it, so they
 * do not depend on it afterwards. Distinct meshes share no state. */
#ifndef COLLIDE_MESH_H
#define COLLIDE_MESH_H

#include "collide/common.h"
#include "collide/math.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_mesh col_mesh; /* opaque */

/* Makes a mesh from vertex_count vertices and triangle_count index triples (0-based,
 * counter-clockwise seen from outside). Data are copied. Fails for: no triangles, an index out of
 * range, a NaN/Inf coordinate (COL_ERROR_NOT_FINITE), a non-zero coordinate whose magnitude is
 * outside [COL_COORDINATE_MIN, COL_COORDINATE_MAX] = [1e-30, 1e30] (COL_ERROR_INVALID_ARGUMENT;
 * the generators below fail the same way, and set coordinates below the range to 0), a triangle that repeats a vertex index
 * (COL_ERROR_DEGENERATE); each message names the triangle. A mesh that is open, non-manifold or
 * inconsistently oriented is still created: col_mesh_validate says what is wrong with it. */
col_status col_mesh_create(const col_vec3 *vertices, int vertex_count, const int32_t *triangles,
                           int triangle_count, col_mesh **out, col_error *error);
void col_mesh_destroy(col_mesh *mesh);

/* The accessors and measures read a NULL mesh as an empty one (0, NULL, empty bounds, zero
 * volume); col_mesh_triangle gives the zero triangle for NULL or an index out of range. */
int col_mesh_vertex_count(const col_mesh *mesh);
int col_mesh_triangle_count(const col_mesh *mesh);
/* The arrays belong to the mesh: 3 * triangle_count indices. */
const col_vec3 *col_mesh_vertices(const col_mesh *mesh);
const int32_t *col_mesh_triangles(const col_mesh *mesh);
col_triangle col_mesh_triangle(const col_mesh *mesh, int index);
col_aabb3 col_mesh_bounds(const col_mesh *mesh);
/* Signed volume by the divergence theorem; positive for a closed outward-oriented mesh. */
double col_mesh_volume(const col_mesh *mesh);
double col_mesh_surface_area(const col_mesh *mesh);
/* The centroid of the solid a closed mesh bounds (the source's covering origin); the centre of the
 * bounds when the volume is zero. */
col_vec3 col_mesh_centroid(const col_mesh *mesh);
/* Bytes the mesh holds (its record, vertices and triangles). */
size_t col_mesh_memory_bytes(const col_mesh *mesh);
/* The connected pieces (triangles joined through shared vertices): returns how many, and writes
 * one vertex of each (its smallest index) to first_vertices, up to capacity (NULL with 0
 * to count only). -1 when memory runs out. Two solids whose surfaces do not meet overlap exactly
 * when a piece of one lies inside the other, which one vertex of that piece decides. */
int col_mesh_pieces(const col_mesh *mesh, int32_t *first_vertices, int capacity);

/* An undirected edge, as the vertex pair with a < b. */
typedef struct col_mesh_edge {
	int32_t a, b;
} col_mesh_edge;

/* How far a mesh is from a closed, oriented 2-manifold. Lists are capped at
 * COL_MESH_REPORT_LIMIT entries each; the counts are complete. */
#define COL_MESH_REPORT_LIMIT 16
typedef struct col_mesh_report {
	int vertex_count, triangle_count, edge_count;
	int boundary_edge_count;      /* edges used by one triangle: the mesh is open there */
	int nonmanifold_edge_count;   /* edges used by three or more triangles */
	int misoriented_edge_count;   /* edges two triangles traverse in the same direction */
	int degenerate_triangle_count;/* zero-area triangles (exact: collinear vertices) */
	int component_count;          /* connected pieces (through shared edges) */
	bool closed;                  /* has triangles and no boundary edges */
	bool edge_manifold;           /* every edge used by at most two triangles */
	bool consistently_oriented;   /* no misoriented edges */
	bool outward;                 /* closed and oriented with positive volume */
	col_mesh_edge boundary_edges[COL_MESH_REPORT_LIMIT];
	col_mesh_edge nonmanifold_edges[COL_MESH_REPORT_LIMIT];
	col_mesh_edge misoriented_edges[COL_MESH_REPORT_LIMIT];
} col_mesh_report;

/* Fails with COL_ERROR_INVALID_ARGUMENT when mesh or report is NULL. A mesh without triangles
 * (only a weld could have made one) is reported neither closed, oriented nor outward. */
col_status col_mesh_validate(const col_mesh *mesh, col_mesh_report *report, col_error *error);

/* One line per problem, as a person would read it: "412 boundary edges (open mesh), e.g. 3-17".
 * Writes at most size bytes (always terminated); returns the length it needed (0 and an empty
 * buffer when report is NULL). */
size_t col_mesh_report_format(const col_mesh_report *report, char *buffer, size_t size);

/* Makes the orientation consistent where the mesh is edge-manifold (flood-fill through shared
 * edges, flipping triangles as needed) and, for closed components, facing away from the solid:
 * outward for a piece inside an even number of other closed pieces (a ball, the outer wall of a
 * hollow ball, an island in a cavity), inward for one inside an odd number (the cavity's wall).
 * Fails with COL_ERROR_TOPOLOGY when a component cannot be oriented (a Moebius strip, a
 * non-manifold edge); flipped_count, when not NULL, gets how many triangles were flipped. */
col_status col_mesh_fix_orientation(col_mesh *mesh, int *flipped_count, col_error *error);

/* Merges vertices with identical positions (exact equality) and drops triangles that become
 * degenerate, in place. Returns how many vertices were merged (0 for a NULL mesh), or one of the
 * negative codes below with the mesh unchanged. Survivors keep their order. */
int col_mesh_weld(col_mesh *mesh);
#define COL_MESH_WELD_OUT_OF_MEMORY (-1)
#define COL_MESH_WELD_COLLAPSED     (-2) /* every triangle would collapse: nothing would be left */

/* ---- generators (closed, outward, consistently oriented) ---- */

/* An axis-aligned box centred at the origin with the given half extents: 8 vertices, 12 triangles. */
col_status col_mesh_create_box(col_vec3 half_extents, col_mesh **out, col_error *error);
/* A UV sphere of the given radius with `slices` around the axis (>= 3) and `stacks` from pole to
 * pole (>= 2). */
col_status col_mesh_create_uv_sphere(double radius, int slices, int stacks, col_mesh **out,
                                     col_error *error);
/* Unit icosphere: the icosahedron subdivided `level` times (0..8), 20 * 4^level triangles,
 * vertices in the order of docs/benchmarks.md, scaled to `radius`. */
col_status col_mesh_create_icosphere(int level, double radius, col_mesh **out, col_error *error);
/* A torus around the z axis: major radius R, minor radius r < R. */
col_status col_mesh_create_torus(double major_radius, double minor_radius, int major_segments,
                                 int minor_segments, col_mesh **out, col_error *error);
/* The benchmarks' "bumpy sphere": the unit icosphere at `level`, each vertex scaled by
 * 1 + 0.15 sin(5x) sin(5y) sin(5z). Bit-identical to docs/benchmarks.md. */
col_status col_mesh_create_bumpy_sphere(int level, col_mesh **out, col_error *error);

/* ---- brute-force queries: the 3D oracles ---- */

/* The queries answer false for a NULL mesh, and for a NaN or infinite point, centre or radius
 * or a negative radius; col_mesh_contains_points then fills inside with false.
 *
 * Inside or on the surface of a closed mesh. COL_METHOD_CROSSING casts a ray and counts exact
 * crossings (re-casting in another direction when the ray hits an edge or vertex);
 * COL_METHOD_WINDING sums solid angles (generalised winding number), a floating-point
 * cross-check. Points on the surface count as inside (exact test over all triangles first).
 * Answers are meaningful only for closed meshes. stats may be NULL. */
bool col_mesh_contains_point(const col_mesh *mesh, col_vec3 p, col_method method,
                             col_query_stats *stats);
/* col_mesh_contains_point for count points at once; inside[i] gets the answer for points[i]. */
void col_mesh_contains_points(const col_mesh *mesh, const col_vec3 *points, size_t count,
                              col_method method, bool *inside, col_query_stats *stats);
/* Whether the ball meets the solid (the closed mesh and its interior); touching counts. Exact:
 * col_triangle_intersects_sphere on every triangle, then the crossing test for the centre. */
bool col_mesh_intersects_sphere(const col_mesh *mesh, col_sphere sphere, col_query_stats *stats);
/* Whether two solids (closed meshes and their interiors) meet; b moved by b_to_a. All pairs of
 * triangles, then containment of one vertex of each piece (col_mesh_pieces) in the other. b's vertices are moved in
 * floating point; the tests on the moved coordinates are exact. */
bool col_mesh_intersects_mesh(const col_mesh *a, const col_mesh *b, col_transform3 b_to_a,
                              col_query_stats *stats);

/* Where two solids (closed meshes) touch or overlap, in a's frame. Two kinds:
 * - CROSSING: triangle_a of a and triangle_b of b (moved) meet; point is the middle of their
 *   common part (col_triangle_contact), depth 0, normal the mean of a's outward and b's inward
 *   face normals. These mark where the surfaces cross.
 * - VERTEX_OF_B / VERTEX_OF_A: vertex `vertex` of one mesh lies inside the other solid; point is
 *   that vertex, depth its distance to the other's surface, normal the unit direction in which b
 *   must move to bring it out there (towards the nearest surface point for b's vertex, away from
 *   it for a's), triangle_a or triangle_b the triangle holding that nearest point. The deepest of
 *   these is the deepest point of the overlap among the vertices; a solid wholly inside the other
 *   gives only these. */
typedef enum col_mesh_contact_kind {
	COL_CONTACT_CROSSING,
	COL_CONTACT_VERTEX_OF_B,
	COL_CONTACT_VERTEX_OF_A,
} col_mesh_contact_kind;

typedef struct col_mesh_contact {
	col_vec3 point;
	col_vec3 normal;
	double depth;
	col_mesh_contact_kind kind;
	int triangle_a, triangle_b; /* -1 where the kind has none */
	int vertex;                 /* the penetrating vertex; -1 for a crossing */
} col_mesh_contact;

typedef struct col_mesh_contact_summary {
	int count;                /* every contact; the buffer holds the first min(count, capacity) */
	int crossings;            /* of them, triangle pairs that meet (listed first) */
	col_mesh_contact deepest; /* the contact of greatest depth, when count > 0 */
} col_mesh_contact_summary;

/* Every contact of two solids, b moved by b_to_a, in a fixed order: the crossings sorted by
 * (triangle_a, triangle_b), then b's vertices inside a, then a's inside b, by vertex index. No
 * contact (count 0) exactly when the solids are apart. Brute force (every triangle pair, every
 * vertex against every triangle): the oracle of col_tetratree_contacts. contacts may be NULL when
 * capacity is 0 (the summary alone); summary and stats may be NULL. Fails with
 * COL_ERROR_INVALID_ARGUMENT (NULL mesh, negative capacity, NULL buffer), COL_ERROR_NOT_FINITE
 * (transform), COL_ERROR_OUT_OF_MEMORY. */
col_status col_mesh_contacts(const col_mesh *a, const col_mesh *b, col_transform3 b_to_a, col_mesh_contact *contacts,
                             int capacity, col_mesh_contact_summary *summary, col_query_stats *stats, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
