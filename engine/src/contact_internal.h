/* Private: what the contact queries share. contact.c holds the dispatch, the general path (GJK/EPA
 * and feature clipping) and the helpers below; contact_closed.c the closed forms. */
#ifndef COLLIDE_CONTACT_INTERNAL_H
#define COLLIDE_CONTACT_INTERNAL_H

#include "collide/contact.h"

/* A candidate point of a manifold: a point of A's core and one of B's (world), before the radii
 * are added; its depth along a normal n is (a - b) . n + ra + rb. */
typedef struct contact_candidate {
	col_vec3 a, b;
	uint32_t id;
} contact_candidate;

/* Clipping in a plane (Sutherland-Hodgman) can leave at most subject + clipper vertices. Features
 * larger than this (a polytope face of more vertices) are not clipped: the deepest pair stands
 * alone. */
enum { CONTACT_MAX_FEATURE = 64, CONTACT_MAX_CANDIDATES = 2 * CONTACT_MAX_FEATURE + 4 };

/* Ids: a byte for each shape's feature and one for each edge a clipped point lies on. */
static inline uint32_t contact_id(unsigned feature_a, unsigned feature_b, unsigned in, unsigned out)
{
	return (feature_a & 0xFFu) << 24 | (feature_b & 0xFFu) << 16 | (in & 0xFFu) << 8 | (out & 0xFFu);
}

/* A vertex of a polygon being clipped: its coordinates in the plane of the clip, the 3D point it
 * stands for (interpolated with it), and the edges arriving at it and leaving it (tags: a subject
 * edge's number below 128, a clipper edge's number plus 128). */
typedef struct clip_vertex {
	double x, y;
	col_vec3 point;
	uint8_t in, out;
} clip_vertex;

enum { CLIP_EDGE = 128 };

/* Sutherland-Hodgman: the subject polygon (count >= 3, convex, either orientation) clipped by the
 * convex clipper (clipper_count >= 3, counter-clockwise). Points on a clipper edge count as inside.
 * out and scratch need room for count + clipper_count vertices. Returns the count left (0 when
 * they do not meet). */
int contact_clip_polygon(const clip_vertex *subject, int count, const col_vec2 *clipper, int clipper_count,
                         clip_vertex *out, clip_vertex *scratch);

/* The part of the segment p0 + s (p1 - p0), s in [0, 1], inside the convex counter-clockwise
 * clipper: false when none; else [*s0, *s1] and the clipper edges that cut each end (-1 where the
 * end is the segment's own). */
bool contact_clip_segment(col_vec2 p0, col_vec2 p1, const col_vec2 *clipper, int clipper_count, double *s0,
                          double *s1, int *edge0, int *edge1);

/* Fills m from the candidates: depths along normal with the radii added, those with a gap beyond
 * margin dropped, near duplicates merged, then at most max_points kept (the deepest, the farthest
 * from it, then the ones that widen the area most), deepest first. count 0 when none is left. */
void contact_finish(col_manifold *m, col_vec3 normal, const contact_candidate *candidates, int count,
                    double ra, double rb, double margin, int max_points, col_contact_method method);

/* The closed forms (contact_closed.c): true when the pair has one and it answered (m filled, count
 * possibly 0); false sends the pair to the general path (no closed form for these kinds, or a
 * degenerate configuration the closed form leaves to GJK/EPA). Both shapes are placed; margin >= 0. */
bool contact_closed_form(const col_shape *a, const col_shape *b, double margin, col_manifold *m);

/* A shape argument of a contact or cast query: NULL, or one failing col_shape_is_placed, fails
 * with col_shape_validate's message after "<query>: <name>: " (name: "shape a", "shape"). */
col_status contact_check_shape(const col_shape *shape, const char *query, const char *name, col_error *error);

/* A unit vector at right angles to n (n unit), and the third of a right-handed frame: t1 x t2 = n. */
void contact_basis(col_vec3 n, col_vec3 *t1, col_vec3 *t2);

/* Nearest points of the segments p0 p1 and q0 q1: parameters s and t in [0, 1] (either segment may
 * be a point). */
void contact_segments_nearest(col_vec3 p0, col_vec3 p1, col_vec3 q0, col_vec3 q1, double *s, double *t);

/* The parameter in [0, 1] of the point of segment p0 p1 nearest x. */
double contact_segment_nearest(col_vec3 p0, col_vec3 p1, col_vec3 x);

#endif
