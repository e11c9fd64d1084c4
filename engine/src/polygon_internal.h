/* Private: the polygon's storage and the validation passes polygon.c runs on creation. */
#ifndef COLLIDE_POLYGON_INTERNAL_H
#define COLLIDE_POLYGON_INTERNAL_H

#include "collide/polygon.h"

struct col_polygon {
	int contour_count;
	int vertex_count; /* over all contours; equals the edge count */
	int *starts;      /* contour c owns points[starts[c] .. starts[c + 1]) */
	col_vec2 *points; /* outer contour counter-clockwise, holes clockwise */
	double area;
	col_aabb2 bounds;
};

/* Contours laid out as in col_polygon (starts has contour_count + 1 entries) but in the caller's
 * orientation, each with at least 3 vertices, no two consecutive ones equal. labels[v] is the
 * caller's index of the edge that starts at vertex v, so messages name what the caller wrote. */
typedef struct col_polygon_layout {
	const col_vec2 *points;
	const int *starts;
	const int *labels;
	int contour_count;
} col_polygon_layout;

/* A vertex lying inside another edge (a T: a contour touching an edge at one of its vertices). */
typedef struct col_polygon_touch {
	int edge;       /* the edge, by the vertex it starts at */
	col_vec2 point; /* the vertex, strictly between the edge's ends */
	double along;   /* orders the points along the edge (greater is farther from its start) */
} col_polygon_touch;

typedef struct col_polygon_touches {
	col_polygon_touch *items; /* malloc'd; free when done */
	size_t count, capacity;
} col_polygon_touches;

/* Fails with COL_ERROR_SELF_INTERSECTION when two edges share a point other than a vertex of both
 * (consecutive edges must not double back over each other; other edges that share an end point
 * must not run along one ray). A vertex inside another edge is an error too when touches is NULL;
 * otherwise the sweep goes on and records it there (a point may be recorded more than once), and
 * the caller splits the edge at it and checks again, so that the T becomes a pinch. Exact,
 * O(n log n) (a sweep). */
col_status col_polygon_check_crossings(const col_polygon_layout *layout, col_polygon_touches *touches,
                                       col_error *error);

/* Fails with COL_ERROR_SELF_INTERSECTION where contours, or one contour twice, pass through a
 * common vertex and cross there (or overlap), and with COL_ERROR_TOPOLOGY where a hole touches the
 * outer contour from outside (or holds it), or touches another hole from inside. flipped[c] tells
 * that contour c will be reversed (each must end with its interior on the left: outer
 * counter-clockwise, holes clockwise); around a pinch each contour's own leaving and arriving edges
 * must then alternate, and every other contour's edges must lie in its sectors that open at a
 * leaving edge. So no contour passes from one side of another to the other at a shared vertex,
 * and col_polygon_check_nesting may test one point per hole. Run after
 * col_polygon_check_crossings, which lets contacts at shared vertices through. */
col_status col_polygon_check_pinches(const col_polygon_layout *layout, const bool *flipped, col_error *error);

/* For contours that meet at most at pinches: fails with COL_ERROR_TOPOLOGY unless every hole lies inside the
 * outer contour and outside every other hole. */
col_status col_polygon_check_nesting(const col_polygon_layout *layout, col_error *error);

/* Crossing parity of the closed chain points[0..count) around p (p must not lie on it). */
bool col_polygon_chain_encloses(const col_vec2 *points, int count, col_vec2 p);

#endif
