/* A convex polytope: the collider of source 001's box hierarchy and of the convex benchmark cases
 * (the hull of a point cloud). It is built from its vertices and faces, which are checked (closed,
 * planar and convex faces, turned outward, every sign exact), or from any point set by the hull
 * library (hull.h, through qhull). Once built it is immutable: shapes refer to it (shape.h), so any
 * number of bodies share one polytope, each with its own pose.
 *
 * A flat point set makes a flat polytope: one convex polygon seen from both sides (two faces with
 * the same vertices in opposite orders, volume 0). Support mappings, GJK and the contact queries
 * take it as they take a solid one.
 *
 * Thread safety: a created col_convex is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_convex at
 * once. Only col_convex_destroy needs it to itself (no query running). Distinct structures share no
 * state. */
#ifndef COLLIDE_CONVEX_H
#define COLLIDE_CONVEX_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_convex col_convex; /* opaque: create it, query it, destroy it */

/* A face's plane: the points x with normal . x == offset; normal is unit and points out. */
typedef struct col_plane {
	col_vec3 normal;
	double offset;
} col_plane;

/* Builds a polytope from vertex_count vertices (0-based indices) and face_count faces: face f has
 * face_sizes[f] >= 3 vertices, listed one face after another in face_vertices, counter-clockwise
 * seen from outside. Checked exactly (col_orient3d): finite coordinates in the engine's range, every
 * vertex used, each face planar and strictly convex (no three consecutive vertices collinear), every
 * directed edge used once and its reverse once (closed), no two vertices at one place, and every
 * vertex on or behind every face's plane (convex, outward). A flat polytope is given as its polygon
 * twice, once in each order: it is recognised by having exactly two faces (closed, they are one
 * vertex cycle in both orders, so all vertices lie in one plane); more faces with every vertex in
 * one plane are refused. Adjacent faces may share a plane. The error names the first fault:
 * "convex: vertex 7 lies in front of face 2". */
col_status col_convex_create(const col_vec3 *vertices, int vertex_count, const int *face_vertices,
                             const int *face_sizes, int face_count, col_convex **out, col_error *error);
void col_convex_destroy(col_convex *convex);

int col_convex_vertex_count(const col_convex *convex);
const col_vec3 *col_convex_vertices(const col_convex *convex);
int col_convex_face_count(const col_convex *convex);
/* Face f's vertex indices, counter-clockwise from outside; returns their count. */
int col_convex_face(const col_convex *convex, int face, const int **vertices);
/* Face f's plane (unit normal, rounded; the face's sign decisions use col_orient3d instead). */
col_plane col_convex_face_plane(const col_convex *convex, int face);
/* Undirected edges, each once, sorted by their vertices (first < second): its two vertices, and the
 * faces on its left and right (seen from outside, going from first to second vertex). */
int col_convex_edge_count(const col_convex *convex);
void col_convex_edge(const col_convex *convex, int edge, int vertices[2], int faces[2]);
/* The vertices joined to v by an edge, counter-clockwise round v seen from outside; returns their
 * count. */
int col_convex_neighbors(const col_convex *convex, int vertex, const int **neighbors);
/* True when the polytope is flat (its two faces are one polygon). */
bool col_convex_is_flat(const col_convex *convex);

double col_convex_volume(const col_convex *convex);
/* The sum of the faces' areas: for a flat polytope both sides, twice its polygon's area. */
double col_convex_area(const col_convex *convex);
/* The solid's centroid (for a flat polytope, its polygon's), rounded. A solid so thin that the
 * rounded centroid falls outside it answers a point of it instead (its vertex mean, or vertex 0). */
col_vec3 col_convex_centroid(const col_convex *convex);
col_aabb3 col_convex_bounds(const col_convex *convex);

/* The vertex farthest along direction: the support mapping (source 004, 3.1). start >= 0 begins
 * a hill climb over the edges at that vertex (temporal coherence: pass the last answer; on a convex
 * polytope a vertex no neighbour beats is a farthest one); start < 0 compares every vertex and, on a
 * tie, answers the lowest index (as source 004's worked examples do, for reproducible traces). A
 * start beyond the last vertex compares every vertex too. A zero (or NaN) direction answers start,
 * or 0 when start < 0. -1 for a NULL polytope. */
int col_convex_support(const col_convex *convex, col_vec3 direction, int start);

/* Whether p lies in the closed solid (exact: col_orient3d against every face). A flat polytope
 * holds the points of its polygon. */
bool col_convex_contains_point(const col_convex *convex, col_vec3 p);

#ifdef __cplusplus
}
#endif

#endif
