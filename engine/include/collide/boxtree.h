/* Source 001's double box hierarchy (sections 3 and 6): a convex polytope cut in two again and
 * again by planes through each piece's centroid, perpendicular to its principal axis; every node keeps
 * an outer box (holding its piece) and an inner box (the largest box inside it). Two hierarchies are
 * descended together: outer boxes apart say "no" (the pieces cannot meet), inner boxes overlapping say
 * "yes" (the solids must meet), and only pairs neither settles go down to leaf tests.
 *
 * The build (col_boxtree_build) follows section 3: at each node the principal frame of its faces
 * (col_principal_frame, the parent's axes kept on ties), a cutting plane through the frame's origin
 * perpendicular to its first axis, every face polygon clipped by it (Sutherland-Hodgman) keeping where
 * it came from (a face of the original polytope, or a cut), the cut's cross-section added to both
 * children, tiny fragments dropped, and a label: EXTERIOR when the piece keeps some of the original
 * surface, INTERIOR (not split further) when it does not. The outer box is the tight box of the piece
 * in the node's frame (the root's: the axis-aligned box in the model frame, as the paper has it); the
 * inner box the largest box aligned with that frame inside the piece (col_inscribed_box). Each node
 * keeps its piece as a col_convex, and the hierarchy's leaves the original faces' fragments as
 * triangles. Everything is in the polytope's own (body) frame: a pose moves the tree without
 * rebuilding it.
 *
 * Robustness. A vertex within COL_BOXTREE_SNAP * L of a cutting plane (L the diagonal of the node's
 * outer box) counts as lying on it: it goes to both children unmoved, so no sliver thinner than that is
 * made and the two children overlap by at most that much. The point where an edge crosses the plane is
 * computed once per edge, from its two ends in a fixed order, so the faces on either side of the edge
 * share it exactly. A child's col_convex is the exact convex hull of its vertices (every sign by
 * col_orient3d; coplanar points make one face), so it always passes col_convex_create's exact checks
 * even though the crossing points are rounded off the planes they lie on. A fragment whose area is at
 * most COL_BOXTREE_TINY_AREA of the node's surface area is dropped (a CUT sliver, or an ORIGINAL one
 * whose area col_boxtree_build_stats.dropped_area counts). When a split would give a flat or empty
 * piece (no hull, no principal frame or no inner box), the node is not split: it stays a leaf above the
 * depth limit (col_boxtree_build_stats.unsplit).
 *
 * Thread safety: a built col_boxtree is read-only: every query takes it as const and writes only
 * through the pointers the caller passes, so any number of threads may query one col_boxtree at
 * once. Only col_boxtree_destroy needs it to itself (no query running). Distinct structures share
 * no state. The trace a col_boxtree_query points to, and the col_boxtree_stats, are written by the
 * query: give each thread its own. */
#ifndef COLLIDE_BOXTREE_H
#define COLLIDE_BOXTREE_H

#include "collide/common.h"
#include "collide/convex.h"
#include "collide/math.h"
#include "collide/obb.h"
#include "collide/shapes3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct col_boxtree col_boxtree; /* opaque: build it, query it, destroy it */

/* The deepest level a tree may have (the root is level 0): 2^13 - 1 nodes at most. */
#define COL_BOXTREE_MAX_DEPTH 12
/* A vertex this close to a cutting plane, relative to the node's outer-box diagonal, lies on it. */
#define COL_BOXTREE_SNAP 1e-9
/* A fragment of at most this share of the node's surface area is dropped. */
#define COL_BOXTREE_TINY_AREA 1e-12
/* The inner box the accept test uses is the solver's box with every half extent reduced by this share
 * of its largest half extent (1e-6 of its longest edge on every side): col_obb_overlap errs towards
 * "overlapping" by up to about 1e-6 of the boxes' size (obb.h), which for an accept would be a false
 * "yes". With both boxes shrunk so, boxes it reports overlapping come from solver's boxes that do meet
 * (test_boxtree checks this at the edge of overlap, nearly parallel edges included), and an accept is
 * always true. */
#define COL_BOXTREE_INNER_MARGIN 2e-6
/* Outer boxes are grown by this share of their diagonal on every side, so that no vertex lies outside
 * its box by the rounding of its frame coordinates: an outer-box reject is always true. */
#define COL_BOXTREE_OUTER_MARGIN 1e-12

/* Where the root's boxes are taken. */
typedef enum col_boxtree_root_frame {
	COL_BOXTREE_ROOT_AABB = 0, /* the model frame: the outer box is the axis-aligned bounding box and
	                              the inner box is aligned with the model axes (the paper, section 3) */
	COL_BOXTREE_ROOT_PCA,      /* the root's principal frame, like every other node */
} col_boxtree_root_frame;

typedef struct col_boxtree_options {
	int depth;                         /* the deepest level split down to, root = 0 (default 4, the
	                                      paper's: at most 31 nodes); 0..COL_BOXTREE_MAX_DEPTH */
	col_centroid_mode centroid;        /* the mean and covariance of each node's principal frame
	                                      (obb.h; default COL_CENTROID_PAPER, the paper's corner mean) */
	col_boxtree_root_frame root_frame; /* default COL_BOXTREE_ROOT_AABB (the paper's) */
	double inner_tolerance;            /* col_inscribed_box's tolerance (relative gap in log volume);
	                                      0 picks its default, 1e-10 */
} col_boxtree_options;

col_boxtree_options col_boxtree_default_options(void);

/* Builds the hierarchy of a solid polytope (copied: it may be destroyed after). options may be NULL
 * (the defaults). Fails with COL_ERROR_INVALID_ARGUMENT for a NULL polytope or out, a depth out of
 * range, an unknown centroid mode or root frame, or a negative or non-finite tolerance;
 * COL_ERROR_DEGENERATE for a flat polytope, or one whose root frame or inner box cannot be found (the
 * message says which); COL_ERROR_OUT_OF_MEMORY. *out is NULL on failure. */
col_status col_boxtree_build(const col_convex *polytope, const col_boxtree_options *options,
                             col_boxtree **out, col_error *error);
void col_boxtree_destroy(col_boxtree *tree);

/* The options the tree was built with (defaults filled in). */
col_boxtree_options col_boxtree_get_options(const col_boxtree *tree);
/* The tree's own copy of the polytope: the root's piece. */
const col_convex *col_boxtree_polytope(const col_boxtree *tree);

typedef struct col_boxtree_build_stats {
	int nodes;           /* every node, the root included */
	int exterior;        /* nodes labelled EXTERIOR (the root is one) */
	int interior;        /* nodes labelled INTERIOR (never split) */
	int leaves;          /* nodes without children, of both labels */
	int unsplit;         /* leaves above the depth limit that are EXTERIOR: their split degenerated */
	int leaf_triangles;  /* the ORIGINAL fragments the leaves keep, as triangles */
	int depth;           /* the deepest level reached */
	int newton_steps;    /* the inner-box solver's, over every node set up (a degenerate split's too) */
	double dropped_area; /* original surface dropped as tiny fragments (body units^2) */
	double surface_area; /* the polytope's, for comparison */
} col_boxtree_build_stats;

col_boxtree_build_stats col_boxtree_get_stats(const col_boxtree *tree);

typedef enum col_boxtree_label {
	COL_BOXTREE_EXTERIOR = 0, /* the piece keeps part of the original surface */
	COL_BOXTREE_INTERIOR,     /* every face of the piece comes from cuts: it lies inside the solid */
} col_boxtree_label;

/* One node, for the viewer and the tests. Node 0 is the root; a split node's children are
 * children[0] (the side the frame's first axis points away from: normal . x <= offset of split) and
 * children[1] (the other side), always two consecutive indices. Everything in the body frame. */
typedef struct col_boxtree_node_info {
	int depth; /* 0 for the root */
	col_boxtree_label label;
	int parent;            /* -1 for the root */
	int children[2];       /* -1, -1 for a leaf */
	col_frame frame;       /* the piece's principal frame (origin: its centroid in the tree's mode) */
	double eigenvalues[3]; /* of the covariance along frame's axes (col_principal_info) */
	col_frame box_frame;   /* the frame both boxes are aligned with: frame, or the model frame at an
	                          AABB root */
	col_obb outer;         /* holds the piece (grown by COL_BOXTREE_OUTER_MARGIN) */
	col_obb inner;         /* the largest box in box_frame inside the piece, as the solver found it */
	col_obb inner_accept;  /* inner shrunk by COL_BOXTREE_INNER_MARGIN: what the accept tests; its
	                          half extents are all 0 when it has none (never accepts) */
	bool has_inner_accept;
	col_plane split;         /* a split node's cutting plane, normal = frame.axes[0] through
	                            frame.origin; zero for a leaf */
	const col_convex *piece; /* the node's convex piece (owned by the tree) */
	double volume;           /* of piece */
	double original_area;    /* of the ORIGINAL fragments the piece kept */
	int triangle_first;      /* the ORIGINAL fragments of the node's subtree, as triangles: */
	int triangle_count;      /* col_boxtree_leaf_triangles [first, first + count) (a leaf's own) */
} col_boxtree_node_info;

int col_boxtree_node_count(const col_boxtree *tree);
/* false (info untouched) for a NULL tree or info, or an index out of range. */
bool col_boxtree_node(const col_boxtree *tree, int index, col_boxtree_node_info *info);
/* Every leaf's ORIGINAL fragments fanned into triangles (body frame, turned outward), leaf after leaf
 * in depth-first order, so that any node's subtree is one range. faces (may be NULL) receives each
 * triangle's original face (col_convex_face's numbering), count the number of triangles. */
const col_triangle *col_boxtree_leaf_triangles(const col_boxtree *tree, const int **faces, int *count);

/* ---- pairs ---- */

/* How a pair neither box test settles is split. */
typedef enum col_boxtree_descent {
	/* The paper's printed descent (section 6): a terminal node against the other's children; two inner
	 * nodes: each child of the first against the second, then the first against each child of the
	 * second. That reaches a pair of nodes along every order of descents; a pair already explored
	 * (and found apart) is not explored again (when both trees have at most 64 nodes), which changes
	 * the work, not the answer. */
	COL_BOXTREE_DESCEND_PAPER = 0,
	/* The usual rule of box hierarchies: split the node whose outer box has the larger volume. */
	COL_BOXTREE_DESCEND_LARGER,
} col_boxtree_descent;

/* What a pair of terminal nodes is tested by. */
typedef enum col_boxtree_leaf_test {
	/* The paper's: every pair of their ORIGINAL triangles, col_triangle_intersects_triangle (exact).
	 * It sees surfaces only: two solids one inside the other, whose surfaces never meet, are missed
	 * unless some inner boxes overlap (the containment gap, docs/convex.md); an INTERIOR node has no
	 * triangles. */
	COL_BOXTREE_LEAF_PAPER = 0,
	/* The two nodes' convex pieces by GJK (col_gjk_intersect): pieces are solids, so nothing is
	 * missed. */
	COL_BOXTREE_LEAF_EXACT,
} col_boxtree_leaf_test;

/* What a collision query did at one pair of nodes. */
typedef enum col_boxtree_event {
	COL_BOXTREE_OUTER_REJECT, /* the outer boxes are apart: the pair is done, "no" */
	COL_BOXTREE_INNER_ACCEPT, /* the inner boxes overlap: the query is done, "yes" */
	COL_BOXTREE_DESCEND,      /* neither: the pair is split (the steps that follow) */
	COL_BOXTREE_LEAF_HIT,     /* the leaf test found a contact: the query is done, "yes" */
	COL_BOXTREE_LEAF_MISS,    /* the leaf test found none: the pair is done, "no" */
	COL_BOXTREE_SKIPPED,      /* the pair was explored before (paper descent): done, "no" */
} col_boxtree_event;

typedef struct col_boxtree_trace_step {
	int node_a, node_b;
	col_boxtree_event event;
	int separating_axis; /* OUTER_REJECT: col_obb_overlap's axis (0..14); else -1 */
	int tests;           /* LEAF_*: triangle pairs or GJK calls run; else 0 */
} col_boxtree_trace_step;

/* A caller-owned buffer of the pairs a query visited, in order (DESIGN "traces"): steps may be NULL
 * with capacity 0 to count only; count is the number of steps taken, even past capacity. */
typedef struct col_boxtree_trace {
	col_boxtree_trace_step *steps;
	int capacity;
	int count;
} col_boxtree_trace;

typedef struct col_boxtree_query {
	col_boxtree_descent descent;     /* default COL_BOXTREE_DESCEND_PAPER */
	col_boxtree_leaf_test leaf_test; /* default COL_BOXTREE_LEAF_PAPER */
	int max_level;                   /* nodes at this depth are taken as terminal (their subtree's
	                                    triangles, their own piece); default COL_BOXTREE_MAX_DEPTH */
	bool inner_boxes;                /* default true; false: outer boxes only (a plain box hierarchy,
	                                    for comparison) */
	col_boxtree_trace *trace;        /* NULL (the default): no trace */
} col_boxtree_query;

col_boxtree_query col_boxtree_default_query(void);

/* How a query's answer was reached. */
typedef enum col_boxtree_decision {
	COL_BOXTREE_DECIDED_OUTER = 0, /* "no", every branch ended at apart outer boxes */
	COL_BOXTREE_DECIDED_INNER,     /* "yes" by overlapping inner boxes (the paper's I_CI) */
	COL_BOXTREE_DECIDED_LEAF,      /* "yes" by a leaf test (the paper's I_CP) */
	COL_BOXTREE_DECIDED_EXHAUSTED, /* "no" after at least one leaf test found nothing */
} col_boxtree_decision;

/* Statistics of one query (each query overwrites them). */
typedef struct col_boxtree_stats {
	col_boxtree_decision decided_by;
	int decided_a, decided_b; /* the node pair that gave a "yes"; -1 for a "no" */
	int pairs_visited;        /* node pairs whose boxes were tested (the trace also lists skipped ones) */
	int outer_tests;          /* outer box pairs tested (one per pair visited) */
	int inner_tests;          /* inner box pairs tested (pairs visited past the outer test, both nodes
	                             with an accept box) */
	int triangle_tests;       /* triangle pairs considered (paper leaf test; a pair whose axis-aligned
	                             boxes, in a's frame, are apart is settled without the exact test) */
	int gjk_tests;            /* piece pairs tested (exact leaf test) */
	int leaf_tests;           /* terminal pairs tested, either way */
} col_boxtree_stats;

/* Whether the solids of a and b, placed by their poses (body -> world), meet (touching counts, up to
 * what the leaf test sees: see col_boxtree_leaf_test). The traversal rebuilt from section 6: at
 * every pair visited, outer boxes apart reject it, inner boxes overlapping accept the query; a pair of
 * terminal nodes is settled by the leaf test; any other pair is split (query->descent). Sound: a "yes"
 * is always true (inner boxes and exact leaf tests), and with the exact leaf test a "no" is too.
 * query may be NULL (the defaults), stats too. false for a NULL tree or a non-finite pose. */
bool col_boxtree_collide(const col_boxtree *a, col_transform3 pose_a, const col_boxtree *b,
                         col_transform3 pose_b, const col_boxtree_query *query, col_boxtree_stats *stats);

/* Names for tables and for Lua: "exterior", "outer", "inner", "leaf", "exhausted", "paper", "larger",
 * "exact", "outer_reject", ... ("?" for a value out of range). */
const char *col_boxtree_label_name(col_boxtree_label label);
const char *col_boxtree_decision_name(col_boxtree_decision decision);
const char *col_boxtree_event_name(col_boxtree_event event);

#ifdef __cplusplus
}
#endif

#endif
