/* A tetra-tree: the angular decomposition of a polyhedron's simplicial covering (source 000, 5.2),
 * the tri-tree lifted a dimension.
 *
 * Eight octant tetra-cones with their apex at the covering's origin are split in four, again and
 * again, at the midpoints of their defining triangle's edges. Each cone keeps the covering
 * tetrahedra that overlap it, an enclosing tetrahedron (fitted by halving) that holds all of them,
 * and an enclosing sphere of their mesh vertices; each level has a regular envelope, a convex
 * polyhedron around the whole mesh. A point is decided by the tetrahedra of the one leaf cone it
 * falls in (Prop. 5.7). The tree lives in the mesh's own frame: moving it never rebuilds the tree.
 *
 * Exact: every cone is spanned by stored points that split their parent's exactly, and every
 * membership test is an orientation sign (predicates.h), so the leaves tile space and a tetrahedron
 * is classified in every cone it touches.
 *
 * Thread safety: a built col_tetratree is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_tetratree at
 * once. Only col_tetratree_destroy needs it to itself (no query running). Distinct structures share
 * no state. A cache (col_covering3d_cache, made for col_tetratree_covering) is written by every
 * query given one: keep one per thread, never one shared by threads running at once. */
#ifndef COLLIDE_TETRATREE_H
#define COLLIDE_TETRATREE_H

#include "collide/common.h"
#include "collide/covering3d.h"
#include "collide/math.h"
#include "collide/mesh.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_tetratree col_tetratree; /* opaque: build it, query it, destroy it */

typedef struct col_tetratree_options {
	int leaf_cones;      /* cones wanted at the deepest level (rounded up to 8 * 4^k); 0 picks
	                        the triangle count */
	int max_depth;       /* levels, the 8 root cones being level 1; 0 derives it from leaf_cones
	                        (the source's study goes to 7: 32,768 leaves) */
	int min_tetrahedra;  /* a cone holding this many covering tetrahedra or fewer is not split
	                        (default 4; the source's study used 0 to 16, 3 by default) */
	int fit_iterations;  /* halving steps per leg when fitting enclosing tetrahedra; 0 keeps the
	                        raw ones (default 8, as in the study) */
	size_t max_memory;   /* bytes the cones and their tetrahedron lists may take; past it the build
	                        fails with COL_ERROR_OUT_OF_MEMORY (meshes far from star-shaped share
	                        most tetrahedra between cones); 0 picks the default (1 GiB) */
	bool has_origin;     /* false: the solid's volume centroid is the apex */
	col_vec3 origin;
} col_tetratree_options;

col_tetratree_options col_tetratree_default_options(void);

/* Builds the tree of a closed, consistently oriented mesh (copied: the mesh may be destroyed
 * after). options may be NULL. The apex is rounded to a grid fine enough for the cones' midpoints
 * to be exact (by less than 10^-9 of the mesh's size); the depth is capped where they no longer
 * would be (a mesh millions of its sizes away from 0). Fails with COL_ERROR_INVALID_ARGUMENT for a
 * NULL mesh or an option out of range (negative counts, more than 24 levels, a non-finite origin),
 * COL_ERROR_TOPOLOGY for an open or inconsistently oriented mesh, COL_ERROR_OUT_OF_MEMORY. */
col_status col_tetratree_build(const col_mesh *mesh, const col_tetratree_options *options, col_tetratree **out,
                               col_error *error);
void col_tetratree_destroy(col_tetratree *tree);

/* The covering the tree classifies (owned by the tree); caches for the tree's queries are made
 * for it with col_covering3d_cache_create. */
const col_covering3d *col_tetratree_covering(const col_tetratree *tree);

/* What the tree holds (the source's preprocessing study and the viewer's HUD). */
typedef struct col_tetratree_stats {
	int levels;                 /* deepest level (the root cones are level 1) */
	int cones;                  /* every cone, inner ones included */
	int leaves;
	size_t tetrahedra_stored;   /* covering tetrahedra over all leaves */
	size_t duplicates;          /* tetrahedra_stored minus the distinct tetrahedra in leaves */
	int max_leaf_tetrahedra;
	size_t memory_bytes;        /* everything the tree allocated, its covering included */
	double build_seconds;       /* covering, classification and fitting, wall clock */
} col_tetratree_stats;

col_tetratree_stats col_tetratree_get_stats(const col_tetratree *tree);

/* One cone for the viewer and the tests. The cone is spanned from the apex by the rays through
 * ray[0], ray[1], ray[2], wound positively (col_orient3d(apex, ray[0], ray[1], ray[2]) > 0). */
typedef struct col_tetratree_cone {
	int level;            /* 1 for the eight root cones */
	int parent;           /* -1 for a root cone */
	int first_child;      /* children are first_child .. first_child + 3; -1 for a leaf. Child k < 3
	                         keeps ray[k]; child 3 is the middle one */
	col_vec3 ray[3];      /* points on the three bounding rays */
	col_vec3 envelope[3]; /* the enclosing tetrahedron (apex, envelope[0..2]) after fitting */
	col_sphere sphere;    /* the enclosing sphere of the cone's mesh vertices */
	int tetrahedron_count; /* covering tetrahedra classified in the cone */
} col_tetratree_cone;

col_vec3 col_tetratree_apex(const col_tetratree *tree);
int col_tetratree_cone_count(const col_tetratree *tree);
/* false for an index out of range. Cones 0..7 are the roots. */
bool col_tetratree_cone_at(const col_tetratree *tree, int index, col_tetratree_cone *cone);
/* The covering tetrahedron indices (= mesh triangle indices) classified in cone index. */
const int *col_tetratree_cone_tetrahedra(const col_tetratree *tree, int index, int *count);
/* Whether point lies in the closed cone (the apex lies in every cone). */
bool col_tetratree_cone_holds(const col_tetratree *tree, int index, col_vec3 point);
/* The regular envelope of a level (Def. 5.11): every cone of the level (leaves above it taken as
 * they are) with its three legs stretched to the level's longest leg. Writes the outer triangle of
 * each (3 points, wound as its cone) for the first capacity of them and returns how many the level
 * has (call with NULL, 0 to size the array); 0 for a level that does not exist. The part of the
 * mesh in each cone lies on the apex's side of that cone's triangle, so the mesh lies in the ball
 * of radius col_tetratree_level_reach. (Unlike the 2D tri-tree's, the triangles need not bound a
 * convex set: where a leaf above the level meets split neighbours, their points on the sphere stand
 * out of its plane.) */
int col_tetratree_regular_envelope(const col_tetratree *tree, int level, col_vec3 *triangles, int capacity);
/* The longest leg of the level's enclosing tetrahedra: the regular envelope's radius. */
double col_tetratree_level_reach(const col_tetratree *tree, int level);
/* The leaf cone whose closed region holds point (the first child on a shared face); -1 for a NaN
 * point or a NULL tree. */
int col_tetratree_locate(const col_tetratree *tree, col_vec3 point);

/* What a query visited, for the viewer's step-through: the caller owns the arrays (either may be
 * NULL with capacity 0); the counts say how many entries there would have been. */
typedef struct col_tetratree_trace {
	int *cones;
	int cone_capacity, cone_count;
	int *tetrahedra;
	int tetrahedron_capacity, tetrahedron_count;
} col_tetratree_trace;

/* Inside or on the surface (Alg. 5.2: descend to the leaf, the cached one first; reject beyond its
 * enclosing tetrahedron; signed sum over its tetrahedra, kept while no face plane is crossed).
 * cache (made for col_tetratree_covering), stats and trace may be NULL. Answers as the mesh's
 * crossing count does (col_mesh_contains_point). */
bool col_tetratree_contains(const col_tetratree *tree, col_vec3 point, col_covering3d_cache *cache,
                            col_query_stats *stats, col_tetratree_trace *trace);
void col_tetratree_contains_points(const col_tetratree *tree, const col_vec3 *points, size_t count, bool *inside,
                                   col_query_stats *stats);

/* Whether the closed ball meets the solid (the mesh and its inside); touching counts (Alg. 5.4: the
 * centre's point test, then the leaves whose extended cone, extended enclosing tetrahedron and
 * sphere the ball reaches, each triangle of theirs tested exactly, once per query with a cache).
 * cache, stats and trace may be NULL; false for a NaN centre or radius, or a negative radius. */
bool col_tetratree_intersects_sphere(const col_tetratree *tree, col_sphere sphere, col_covering3d_cache *cache,
                                     col_query_stats *stats, col_tetratree_trace *trace);
/* Whether the closed ball meets the mesh's surface: a ball wholly inside does not (what FCL's
 * mesh/sphere test answers). */
bool col_tetratree_sphere_meets_surface(const col_tetratree *tree, col_sphere sphere, col_covering3d_cache *cache,
                                        col_query_stats *stats, col_tetratree_trace *trace);

/* The point of the surface nearest to point, by a depth-first search of the cones, nearest
 * enclosing sphere first, pruned by the best distance found. Writes it to *closest (may be NULL)
 * and returns its distance, rounded (col_triangle_closest_point); *triangle (may be NULL) gets its
 * triangle. -1 for a NaN point or a NULL tree. */
double col_tetratree_closest_point(const col_tetratree *tree, col_vec3 point, col_vec3 *closest, int *triangle,
                                   col_query_stats *stats);
/* The distance to the surface, negative inside (the sign exact, from col_tetratree_contains; on the
 * surface the rounded nearest point leaves a few ulps, of either sign). NaN for a NaN point or a NULL tree. */
double col_tetratree_signed_distance(const col_tetratree *tree, col_vec3 point, col_query_stats *stats);

/* Whether the ball meets the solid and, if so, the contact (Alg. 5.4 for the answer; the nearest
 * surface point for the contact): contact->point is the surface point nearest the centre,
 * contact->normal the direction that moves the ball out (away from the surface when the centre is
 * outside, towards it when inside), contact->depth the distance to move it (radius - distance
 * outside, radius + distance inside). contact may be NULL. */
bool col_tetratree_sphere_contact(const col_tetratree *tree, col_sphere sphere, col_contact3 *contact,
                                  col_query_stats *stats);

/* The first surface point on the ray origin + t direction, 0 <= t <= max_distance (direction need
 * not be unit; t is in its units): cones visited nearest entry first through their enclosing
 * spheres, each triangle hit in floating point (Moller-Trumbore). Returns false when the ray
 * misses, or for a zero or non-finite direction; hit may be NULL. */
bool col_tetratree_ray_cast(const col_tetratree *tree, col_vec3 origin, col_vec3 direction, double max_distance,
                            col_ray_hit3 *hit, col_query_stats *stats);

/* Whether mesh b, placed in a's frame by b_to_a, shares a point with mesh a (solids: one inside the
 * other counts; touching counts). method: COL_METHOD_TETRATREE (Alg. 5.10, DC-TT: cone pairs of
 * both trees whose enclosing spheres and tetrahedra may meet, descended together, the triangles of
 * leaf pairs tested exactly), COL_METHOD_CONE_LIST (Alg. 5.11, DC-List: a's leaves reached by b's
 * bounding sphere, their triangles against b's; for b much smaller than a), COL_METHOD_COVERING
 * or COL_METHOD_LIST (DC: every triangle pair); any other (DEFAULT) is TETRATREE. All three then test one vertex of each inside the
 * other, which the source leaves out. The triangle tests are exact on b's moved vertices, as
 * col_mesh_intersects_mesh's. cache (made for a's covering) keeps the last hit (Heuristic 5.2);
 * cache, stats and trace (a's cones and triangles) may be NULL. */
bool col_tetratree_intersects_tetratree(const col_tetratree *a, const col_tetratree *b, col_transform3 b_to_a,
                                        col_method method, col_covering3d_cache *cache, col_query_stats *stats,
                                        col_tetratree_trace *trace);

/* col_mesh_contacts through the trees: the crossings from the leaf pairs DC-TT reaches (no early
 * exit; each triangle pair tested once however many leaves list it), the vertices inside the other
 * solid by its tree's point test, their depths by its nearest-point search. The same contacts as
 * the brute-force query, in the same order (a nearest point may differ where two are equally
 * near). trace (a's cones and triangles) may be NULL, as may summary and stats. */
col_status col_tetratree_contacts(const col_tetratree *a, const col_tetratree *b, col_transform3 b_to_a,
                                  col_mesh_contact *contacts, int capacity, col_mesh_contact_summary *summary,
                                  col_query_stats *stats, col_tetratree_trace *trace, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
