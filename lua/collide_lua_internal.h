/* Private to lua/: the metatable names, the openers of each wrap_<concept>.c and the small
 * conversions they share (numbers, points, methods, statistics, engine errors). */
#ifndef COLLIDE_LUA_INTERNAL_H
#define COLLIDE_LUA_INTERNAL_H

#include <lauxlib.h>
#include <lua.h>

#include "collide/cga_collide.h"
#include "collide/convex.h"
#include "collide/covering.h"
#include "collide/covering3d.h"
#include "collide/mesh_bvh.h"
#include "collide/polygon_grid.h"
#include "collide/quadtree.h"
#include "collide/shape.h"
#include "collide/tetratree.h"
#include "collide/tritree.h"
#include "collide_lua.h"

/* Registry names of the metatables; luaL_newmetatable also stores them as __name, so lauxlib's
 * type errors read "collide.polygon expected, got string". */
#define COL_LUA_POLYGON "collide.polygon"
#define COL_LUA_SEGMENT "collide.segment"
#define COL_LUA_CIRCLE  "collide.circle"
#define COL_LUA_SPHERE  "collide.sphere"
#define COL_LUA_MESH    "collide.mesh"
#define COL_LUA_POINTS  "collide.points"
#define COL_LUA_RESULTS "collide.results"

/* Coverings, their caches, tri-trees, covering grids and quadtrees. */
#define COL_LUA_COVERING "collide.covering"
#define COL_LUA_CACHE    "collide.cache"
#define COL_LUA_TRITREE  "collide.tritree"
#define COL_LUA_GRID     "collide.grid"
#define COL_LUA_QUADTREE "collide.quadtree"

/* 3D coverings, their caches and tetra-trees. */
#define COL_LUA_COVERING3D "collide.covering3d"
#define COL_LUA_CACHE3D    "collide.cache3d"
#define COL_LUA_TETRATREE  "collide.tetratree"

/* Polyhedra with polygonal faces. */
#define COL_LUA_POLYHEDRON "collide.polyhedron"

/* Bounding volume hierarchies over meshes. */
#define COL_LUA_BVH "collide.bvh"

/* Convex shapes (shape.h). Every shape userdata holds a col_shape; its metatable says what it is:
 * a ball is a collide.sphere (3D) or collide.circle (2D), a sharp 2D segment a collide.segment,
 * anything else a collide.shape. The polytope behind a convex shape is a collide.polytope (not
 * made by scripts: it owns the col_convex), kept alive as the shape's uservalue 1. */
#define COL_LUA_SHAPE     "collide.shape"
#define COL_LUA_POLYTOPE  "collide.polytope"
#define COL_LUA_GJK_CACHE "collide.gjk_cache"

/* Source 001's double box hierarchy over a convex polytope. */
#define COL_LUA_BOXTREE "collide.boxtree"

/* Each opener creates its metatables and adds its constructors to the module table on top of
 * the stack. */
void col_lua_open_polygon(lua_State *L);
void col_lua_open_shapes2d(lua_State *L);
void col_lua_open_points(lua_State *L);
void col_lua_open_shapes3d(lua_State *L);
void col_lua_open_mesh(lua_State *L);
void col_lua_open_covering(lua_State *L); /* collide.covering, collide.barycentric */
void col_lua_open_tritree(lua_State *L);
void col_lua_open_grid(lua_State *L); /* collide.grid, collide.quadtree */
void col_lua_open_trajectory(lua_State *L);
/* collide.covering3d, collide.tetrahedron_locate, collide.tetrahedron_signs */
void col_lua_open_covering3d(lua_State *L);
void col_lua_open_tetratree(lua_State *L);
/* collide.polyhedron, polyhedron_from_mesh, complex_polyhedron, fan_triangle_hit */
void col_lua_open_polyhedron(lua_State *L);
void col_lua_open_mesh_bvh(lua_State *L); /* collide.bvh */
/* collide.box, capsule, cylinder, cone, segment3, triangle, point3, capsule2, polygon2 and the
 * collide.shape type; opened after shapes2d and shapes3d */
void col_lua_open_shape(lua_State *L);
void col_lua_open_convex(lua_State *L);  /* collide.convex (hulls and checked polytopes) */
void col_lua_open_gjk(lua_State *L);     /* collide.gjk, gjk_cache, intersects, johnson */
void col_lua_open_epa(lua_State *L);     /* collide.penetration, penetration_bound */
void col_lua_open_boxtree(lua_State *L); /* collide.boxtree; opened after convex */
void col_lua_open_contact(lua_State *L); /* collide.contact, raycast, shapecast */
void col_lua_open_cga(lua_State *L);     /* collide.cga (conformal geometric algebra) */
/* adds the bounded tests and mesh queries to collide.cga (wrap_cga_collide.c); opened after cga */
void col_lua_open_cga_collide(lua_State *L);
void col_lua_open_gpu(lua_State *L); /* collide.gpu (the large-scene backend) */

/* Creates the metatable `name` with methods (and metamethods) from `functions`. When index_self
 * is true, __index is the metatable itself; otherwise the caller sets __index. Leaves the
 * metatable on the stack. */
void col_lua_new_type(lua_State *L, const char *name, const luaL_Reg *functions, bool index_self);

/* A value type (segment, circle, sphere): metamethods in the metatable, __index a closure
 * `index` with the methods table as its upvalue (it answers fields first, then methods). */
void col_lua_new_value_type(lua_State *L, const char *name, const luaL_Reg *metamethods,
                            const luaL_Reg *methods, lua_CFunction index);

/* ---- raw reads ----
 *
 * A script's tables are read raw, so that no script code (__index, __len) runs inside a binding
 * and closes what the binding holds; see the note at the top of collide_lua.c. */

/* Pushes t[key] of the table at idx without metamethods and returns its type, as lua_getfield
 * does. idx must hold a table (check it first, with a message for the script). */
int col_lua_rawfield(lua_State *L, int idx, const char *key);
/* The raw length (border) of the table at idx. */
lua_Integer col_lua_rawlen(lua_State *L, int idx);

/* ---- lifetime ----
 *
 * Every userdata type can be closed (close(), <close>, an explicit __gc) and then refuses to work:
 * its metatable's __closed answers whether a value is closed. A value that borrows memory from
 * another (a boxtree's piece, a shape over a polytope, a covering view, a cache, a GPU object)
 * keeps its owner alive as a uservalue and refuses to work once the owner is closed. */

/* __closed for the types whose userdata starts with the pointer to the engine object they own,
 * NULL until built and once closed. */
int col_lua_owner_closed(lua_State *L);
/* Whether the value at idx is a closed collide userdata (its metatable's __closed says so; only
 * collide's own metatables are asked, so no script code runs). */
bool col_lua_is_closed(lua_State *L, int idx);
/* luaL_typeerror, except that a closed value of the right kind reads "<expected> expected, got
 * closed collide.mesh" instead of the puzzling "collide.mesh expected, got collide.mesh". */
int col_lua_typeerror(lua_State *L, int arg, const char *expected);
/* Raises "<type name>: used after close" for the value at idx. Does not return. */
int col_lua_used_after_close(lua_State *L, int idx);

/* ---- numbers ---- */

/* A finite number at arg (lauxlib's message for a non-number, "coordinate is NaN" style for
 * NaN or infinity). */
double col_lua_check_finite(lua_State *L, int arg);
double col_lua_opt_finite(lua_State *L, int arg, double fallback);
/* An integer in [min, max] at arg. */
int col_lua_check_int_range(lua_State *L, int arg, int min, int max);

/* The raw length of the table at idx (a __len metamethod is not consulted) as a count in 0..max;
 * otherwise luaL_argerror(arg, "<what>: too many (n, at most max)"), or "<what>: table expected,
 * got ..." for anything but a table; with arg 0 a plain error. Check every length before sizing
 * anything by it. */
lua_Integer col_lua_check_length(lua_State *L, int idx, int arg, lua_Integer max, const char *what);

/* Moves the values from index `from` up to the top into the table at `keeper` (appended) and pops
 * them. A loop whose iterations leave values that must live until a later C call (a contour copied
 * into a buffer, say) keeps them referenced there instead of on the stack, which then stays the same
 * height however many iterations there are. */
void col_lua_keep_above(lua_State *L, int keeper, int from);

/* Reads a point given as separate numbers or as one table at arg: {x, y} or {x = .., y = ..}
 * (and {x, y, z} for 3D). Returns the first argument index after the point. */
int col_lua_check_point2(lua_State *L, int arg, col_vec2 *out);
int col_lua_check_point3(lua_State *L, int arg, col_vec3 *out);

/* Reads the table at stack index idx as a point {x, y} / {x = .., y = ..} (or 3D). On a wrong
 * shape raises luaL_argerror(arg, "<what>: <reason>"), or with arg 0 a plain error (for field
 * assignments such as c.center = {x, y}). */
void col_lua_table_point2(lua_State *L, int idx, int arg, const char *what, col_vec2 *out);
void col_lua_table_point3(lua_State *L, int idx, int arg, const char *what, col_vec3 *out);

/* Reads the table field `key` of the table at idx as a finite number (absent: false). */
bool col_lua_field_number(lua_State *L, int idx, const char *key, int arg, const char *what, double *out);

/* The value at idx being assigned to field `key` of a `type` (c.x = ...), as a finite number;
 * otherwise an error at the script's line: "circle.x: expected a finite number, got nan". */
double col_lua_assigned_number(lua_State *L, int idx, const char *type, const char *key);

void col_lua_push_vec2(lua_State *L, col_vec2 p);
void col_lua_push_vec3(lua_State *L, col_vec3 p);
/* t[key] = {x, y, z} and t[key] = x, for the table on top of the stack. */
void col_lua_set_vec3(lua_State *L, const char *key, col_vec3 v);
void col_lua_set_number(lua_State *L, const char *key, double x);
/* A pose {position = {x, y, z}, rotation = {x, y, z, w}} at arg, both optional (mesh pairs). */
col_transform3 col_lua_check_pose3(lua_State *L, int arg);
/* The same from the table at idx (a field of an options table), errors blaming arg and naming
 * what ("options: pose"). */
col_transform3 col_lua_table_pose3(lua_State *L, int idx, int arg, const char *what);
/* The table at idx as a rotation quaternion {x, y, z, w} (finite, not zero), normalised; errors
 * "<what>: expected a quaternion {x, y, z, w}, got ..." at arg (0: a plain error). */
col_quat col_lua_table_quat(lua_State *L, int idx, int arg, const char *what);

/* ---- methods, statistics, errors ---- */

/* An optional method name at arg ("crossing", "winding", ...); absent or nil gives fallback. */
col_method col_lua_opt_method(lua_State *L, int arg, col_method fallback);
/* Pushes {queries =, nodes_visited =, primitives_tested =, cache_hits =}. */
void col_lua_push_stats(lua_State *L, const col_query_stats *stats);
/* Raises the engine's message as "bad argument #arg to 'f' (message)". Does not return. */
int col_lua_arg_fail(lua_State *L, int arg, const col_error *error);
/* Raises the engine's message as it is. Does not return. */
int col_lua_fail(lua_State *L, const col_error *error);
/* The engine numbers contours, edges, vertices, triangles and faces from 0 in its messages, as C
 * indexes its arrays ("contour 0 edges 0 and 2 cross"); scripts number them from 1. Copies message
 * into out (size bytes) with one added to every number that follows one of those words, singular
 * or plural, to the second of "edges 0 and 2" and to both ends of "edge 0-1": "contour 1 edges 1 and 3
 * cross at (0.5, 1)". */
void col_lua_renumber(const char *message, char *out, size_t size);
/* col_lua_arg_fail with the message renumbered: for engine calls whose messages count from 0. */
int col_lua_arg_fail_renumbered(lua_State *L, int arg, const col_error *error);

/* ---- buffers (wrap_points.c) ---- */

/* A new points buffer of count rows of dim (2 or 3) coordinates, zeroed, pushed on the stack.
 * More than COL_LUA_MAX_POINTS rows raises "too many points". */
col_lua_points *col_lua_push_points(lua_State *L, size_t count, int dim);
/* A new results buffer of count answers (false), pushed on the stack; at most
 * COL_LUA_MAX_POINTS, like points. */
col_lua_results *col_lua_push_results(lua_State *L, size_t count);
/* The points at arg as a buffer of dimension dim: a collide.points userdata, or a table of rows
 * that is copied into a new buffer (pushed on the stack and left there to keep it alive). */
col_lua_points *col_lua_check_points(lua_State *L, int arg, int dim);

/* ---- the contains triple: x:contains, x:contains_stats, x:contains_all ---- */

/* Reads the arguments of x:contains(...) (the object at 1, the point at 2, then its options) and
 * answers, adding to stats when it is not NULL. */
typedef bool (*col_lua_contains_fn)(lua_State *L, col_query_stats *stats);

/* x:contains(...) -> inside, or with with_stats x:contains_stats(...) -> inside, stats. */
int col_lua_contains(lua_State *L, col_lua_contains_fn contains, bool with_stats);

/* Answers every point of the buffer into inside[], adding to stats, for the query whose object
 * and options the binding has read. */
typedef void (*col_lua_contains_points_fn)(const void *query, const col_lua_points *points, bool *inside,
                                           col_query_stats *stats);

/* x:contains_all(points, ...) -> results, stats: keeps the first `top` arguments, reads the
 * points at 2 as a buffer of dimension dim and answers them in one call of contains_points (none
 * for an empty buffer). The binding reads its object and options into query first, so that their
 * errors come before those of the points. */
int col_lua_contains_all(lua_State *L, int top, int dim, col_lua_contains_points_fn contains_points,
                         const void *query);

/* ---- shapes shared between concepts ---- */

/* The live polygon at arg (an error if it was closed). */
col_polygon *col_lua_check_polygon(lua_State *L, int arg);
col_mesh *col_lua_check_mesh(lua_State *L, int arg);

/* Whether the 2D shape at index a (polygon, circle or segment) meets the one at arg; raises
 * a type error at arg for anything else. */
bool col_lua_intersects2d(lua_State *L, int a, int arg);

/* ---- coverings, tri-trees, grids (wrap_covering.c, wrap_tritree.c, wrap_grid.c) ---- */

/* The engine object behind the value at idx, or NULL when it is something else or closed. A
 * tri-tree's covering (tree:covering()) answers its tree's covering while the tree is open. */
const col_covering *col_lua_to_covering(lua_State *L, int idx);
col_tritree *col_lua_to_tritree(lua_State *L, int idx);
col_polygon_grid *col_lua_to_polygon_grid(lua_State *L, int idx);
col_quadtree *col_lua_to_quadtree(lua_State *L, int idx);

/* The live covering at arg ("covering is closed" otherwise). */
const col_covering *col_lua_check_covering(lua_State *L, int arg);
/* Pushes the collide.covering that views the covering of the tri-tree at tree_idx (its
 * uservalue keeps the tree alive; it is never freed on its own). */
void col_lua_push_covering_view(lua_State *L, int tree_idx);

/* Pushes a new collide.cache for covering, made for the object at owner_idx (a collide.covering
 * or a collide.tritree, kept alive by the cache). */
void col_lua_push_cache(lua_State *L, const col_covering *covering, int owner_idx);
/* Whether the value at idx is a collide.cache. */
bool col_lua_is_cache(lua_State *L, int idx);
/* The cache at arg for use with covering: NULL for none or nil; an argument error for a closed
 * cache or one made for another covering or tri-tree. expected names what else the argument may
 * be, for the type error ("collide.cache" when nothing else). */
col_covering_cache *col_lua_opt_cache(lua_State *L, int arg, const col_covering *covering,
                                      const char *expected);

/* A pose {x =, y =, angle =} (radians; each optional, 0 by default) at arg, as the transform that
 * places the other object in this one's frame; none or nil gives the identity. */
col_transform2 col_lua_opt_pose(lua_State *L, int arg);

/* Pushes a collide.circle (wrap_shapes2d.c). */
void col_lua_push_circle(lua_State *L, col_circle circle);

/* ---- 3D coverings and tetra-trees (wrap_covering3d.c, wrap_tetratree.c) ---- */

/* The engine object behind the value at idx, or NULL when it is something else or closed. A
 * tetra-tree's covering (tree:covering()) answers its tree's covering while the tree is open. */
const col_covering3d *col_lua_to_covering3d(lua_State *L, int idx);
col_tetratree *col_lua_to_tetratree(lua_State *L, int idx);
/* The live 3D covering at arg ("covering3d is closed" otherwise). */
const col_covering3d *col_lua_check_covering3d(lua_State *L, int arg);
/* Pushes the collide.covering3d that views the covering of the tetra-tree at tree_idx. */
void col_lua_push_covering3d_view(lua_State *L, int tree_idx);
/* Pushes a new collide.cache3d for covering, made for the object at owner_idx (a
 * collide.covering3d or a collide.tetratree, kept alive by the cache). */
void col_lua_push_cache3d(lua_State *L, const col_covering3d *covering, int owner_idx);
/* The cache3d at arg for use with covering: NULL for none or nil; an argument error for a closed
 * cache or one made for another covering or tetra-tree. */
col_covering3d_cache *col_lua_opt_cache3d(lua_State *L, int arg, const col_covering3d *covering,
                                          const char *expected);
/* Pushes a collide.sphere (wrap_shapes3d.c). */
void col_lua_push_sphere(lua_State *L, col_sphere sphere);

/* ---- convex shapes (wrap_shape.c, wrap_convex.c) ---- */

/* The shape behind any shape userdata at idx (sphere, circle, segment or collide.shape), or NULL. */
col_shape *col_lua_to_shape(lua_State *L, int idx);
/* s (the shape userdata at idx, or NULL) after checking it is usable: raises "collide.shape: used
 * after close" for a closed shape and "... used after its collide.boxtree was closed" when what its
 * core points into was closed. col_lua_to_shape checks; col_lua_to_shape_unchecked does not (for
 * close() and tostring, which never read what the core points to). */
col_shape *col_lua_live_shape(lua_State *L, int idx, col_shape *s);
col_shape *col_lua_to_shape_unchecked(lua_State *L, int idx);
/* For a shape's __tostring: pushes "<name>(closed)" or "<name>(its owner closed)" and returns true
 * when the shape at idx cannot be used (false for anything that is not a shape). */
bool col_lua_closed_tostring(lua_State *L, int idx, const char *name);
/* The shape at arg, or a type error "convex shape expected, got ...". */
col_shape *col_lua_check_shape(lua_State *L, int arg);
/* Pushes a new shape userdata holding a copy of shape, its metatable chosen by what the shape is
 * (a point's core is moved into its pose first, so that a ball's centre is its position).
 * keeper_idx (0 for none) is the value the core points into, kept alive as uservalue 1. */
col_shape *col_lua_push_shape(lua_State *L, const col_shape *shape, int keeper_idx);
/* Creates the metatable of a shape type: metamethods, then an __index closure `index` whose
 * upvalue 1 is a table of the shape methods every shape has (rounded, set_pose, support, ...)
 * with `methods` added (they win). */
void col_lua_new_shape_type(lua_State *L, const char *name, const luaL_Reg *metamethods,
                            const luaL_Reg *methods, lua_CFunction index);
/* The methods of a convex shape's polytope (vertices, faces, volume, ...), which collide.shape's
 * __index offers when the shape is a polytope (wrap_convex.c). */
extern const luaL_Reg col_lua_polytope_methods[];

/* ---- mesh BVHs (wrap_mesh_bvh.c) ---- */

/* The engine BVH behind the value at idx, or NULL when it is something else or closed. */
col_mesh_bvh *col_lua_to_mesh_bvh(lua_State *L, int idx);

/* The 3D query wrappers' shared arguments and results (wrap_query3d.c). */
int col_lua_check_vector3(lua_State *L, int arg, const char *what, col_vec3 *out); /* returns the next arg */
int col_lua_check_ball(lua_State *L, int arg, col_sphere *out);                    /* returns the next arg */
void col_lua_push_mesh_contact(lua_State *L, const col_mesh_contact *contact);
void col_lua_set_triangle(lua_State *L, const char *key, int triangle); /* 1-based; -1 leaves it out */
void col_lua_push_indices(lua_State *L, const int *indices, int count); /* 1-based */
int col_lua_check_ray(lua_State *L, int arg, col_vec3 *origin, col_vec3 *direction,
                      double *max_distance);                      /* returns the next arg */
void col_lua_push_ray_hit(lua_State *L, const col_ray_hit3 *hit); /* {distance, point, normal, triangle} */

/* ---- source 003's primitives (wrap_cga_collide.c) ---- */

/* The table at idx as a query: exactly one of segment = {p, q}, triangle = {a, b, c} or sphere =
 * S, and for a sphere mode = "surface" | "solid"; errors blame arg and start with what. */
void col_lua_table_cga_query(lua_State *L, int idx, int arg, const char *what, col_cga_query *out);
/* Pushes the 1-based indices i with flags[i - 1] set, as a list. */
void col_lua_push_flagged(lua_State *L, const uint8_t *flags, size_t n);
/* Field key of the options table at idx: "cga" (absent too) or "euclidean". */
col_method col_lua_read_cga_method(lua_State *L, int idx, int arg, const char *key);
/* Field pose of the options table at idx, placing mesh b in the other's frame (identity when
 * absent); refused when it moves a vertex of b beyond COL_COORDINATE_MAX. */
col_transform3 col_lua_read_mesh_pose(lua_State *L, int idx, int arg, const col_mesh *b);

/* ---- option tables ---- */

/* Raises luaL_argerror(arg, "<what>: unknown option 'name' (expected a, b, ...)") for any key of
 * the table at idx that is not in names (NULL-terminated). */
void col_lua_check_options(lua_State *L, int idx, int arg, const char *what, const char *const names[]);
/* Reads field key of the table at idx as an int (absent: false). A non-integer or a value
 * outside int raises luaL_argerror(arg, "<what>: <key> must be an integer, got ..."); the range
 * is the engine's to check. */
bool col_lua_option_int(lua_State *L, int idx, const char *key, int arg, const char *what, int *out);
/* Reads field key of the table at idx as a boolean (absent: false); anything else raises
 * luaL_argerror(arg, "<what>: <key> must be a boolean, got number"). */
bool col_lua_option_bool(lua_State *L, int idx, const char *key, int arg, const char *what, bool *out);
/* Reads field key as a finite number >= 0 (absent: false); otherwise luaL_argerror(arg, "<what>:
 * <key> must be a finite number >= 0, got -1.0"). */
bool col_lua_option_nonnegative(lua_State *L, int idx, const char *key, int arg, const char *what,
                                double *out);

#endif
