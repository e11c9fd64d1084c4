/* Private: the exact yes/no of "do these two shapes share a point", for the pairs that have one
 * (docs/predicates.md, "Exactness contract"). GJK, its distance and the contact queries answer
 * from floating point with round-off bands; where their answer came from inside such a band they
 * ask this one instead, so that shapes a hair apart are apart and touching ones touch. */
#ifndef COLLIDE_SHAPE_EXACT_H
#define COLLIDE_SHAPE_EXACT_H

#include <stdbool.h>

#include "collide/shape.h"

/* Whether the pair has an exact test: balls (points, spheres, circles) with each other, and with
 * sharp polytopes (solid boxes and solid col_convex in 3D; polygons, 2D boxes, triangles and
 * segments in the plane), and sharp polytopes with each other in the same dimension. Capsules,
 * cylinders, cones, rounded polytopes, flat polytopes in 3D, and a 2D shape with a 3D one have
 * none. Both shapes must pass col_shape_is_placed. */
bool shape_exact_supported(const col_shape *a, const col_shape *b);

/* Whether the two shapes share a point (touching counts), decided exactly on their world points
 * (col_shape_world_point). Returns false, leaving *meet alone, where the pair has no exact test
 * (shape_exact_supported) or the memory for a large polytope's points was not to be had. */
bool shape_exact_meet(const col_shape *a, const col_shape *b, bool *meet);

#endif
