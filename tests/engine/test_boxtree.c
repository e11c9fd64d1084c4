/* Source 001's double box hierarchy (its checks T1-T7 are in docs/sources.md): T2's invariants on every
 * node of trees built for the paper's solids, a regular dodecahedron, T3's elongated octahedron and
 * random hulls; T3's numbers; T5, random poses of pairs against GJK and the exact oracle (zero false
 * "yes" in both leaf modes, zero false "no" with the exact leaf test, the paper leaf test's false "no"
 * all containments); T6, cubes settled by their root inner boxes; the inner-box accept near touching;
 * traces, levels, errors. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/boxtree.h"
#include "collide/gjk.h"
#include "collide/hull.h"
#include "collide/shape.h"
#include "collide/shape_oracle.h"

#include "support.h"

#define PHI 1.6180339887498948482
#define PI  3.14159265358979323846

static col_vec3 v3(double x, double y, double z)
{
	return (col_vec3){x, y, z};
}

static void assert_near(double got, double want, double tolerance, const char *what)
{
	if (!(fabs(got - want) <= tolerance))
		fail_msg("%s: got %.17g, want %.17g (tolerance %g)", what, got, want, tolerance);
}

static void assert_vec_near(col_vec3 got, col_vec3 want, double tolerance, const char *what)
{
	if (!(col_vec3_distance(got, want) <= tolerance))
		fail_msg("%s: got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", what, got.x, got.y,
		         got.z, want.x, want.y, want.z);
}

static col_quat rng_rotation(rng *r)
{
	col_quat q;
	double n;
	do {
		q = (col_quat){rng_in(r, -1, 1), rng_in(r, -1, 1), rng_in(r, -1, 1), rng_in(r, -1, 1)};
		n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
	} while (n > 1.0 || n < 1e-4);
	return col_quat_normalize(q);
}

/* A point uniform in the ball of radius radius about the origin. */
static col_vec3 rng_in_ball(rng *r, double radius)
{
	col_vec3 p;
	do
		p = rng_vec3(r, -1.0, 1.0);
	while (col_vec3_length_squared(p) > 1.0);
	return col_vec3_scale(p, radius);
}

/* ---- the solids ---- */

static col_convex *hull_of(const col_vec3 *p, int n)
{
	col_convex *c = NULL;
	col_error error;
	check_ok(col_convex_hull(p, n, &c, &error), &error);
	return c;
}

/* Each solid scaled to circumradius `radius` about the origin (the elongated octahedron excepted). */
static col_convex *make_cube(double radius, col_quat turn)
{
	double s = radius / sqrt(3.0);
	col_vec3 p[8];
	for (int k = 0; k < 8; ++k)
		p[k] = col_quat_apply(turn, v3(k & 1 ? s : -s, k & 2 ? s : -s, k & 4 ? s : -s));
	return hull_of(p, 8);
}

/* The uniform n-gonal antiprism (every edge the same length): the paper's "enneagonal" for n = 9
 * (18 vertices, 36 edges, 20 faces). */
static col_convex *make_antiprism(int n, double radius)
{
	col_vec3 p[64];
	double height = sqrt(2.0 * (cos(PI / n) - cos(2.0 * PI / n))); /* ring radius 1 */
	double s = radius / sqrt(1.0 + height * height / 4.0);
	for (int k = 0; k < n; ++k) {
		double a = 2.0 * PI * k / n, b = a + PI / n;
		p[k] = v3(s * cos(a), s * sin(a), s * height / 2.0);
		p[n + k] = v3(s * cos(b), s * sin(b), -s * height / 2.0);
	}
	return hull_of(p, 2 * n);
}

static col_convex *make_octahedron(double radius)
{
	col_vec3 p[6] = {v3(radius, 0, 0),  v3(-radius, 0, 0), v3(0, radius, 0),
	                 v3(0, -radius, 0), v3(0, 0, radius),  v3(0, 0, -radius)};
	return hull_of(p, 6);
}

/* The paper's "dodecahedron" (12 vertices, 30 edges, 20 faces: erratum 5). */
static col_convex *make_icosahedron(double radius)
{
	double s = radius / sqrt(1.0 + PHI * PHI);
	col_vec3 p[12];
	int k = 0;
	for (int i = -1; i <= 1; i += 2)
		for (int j = -1; j <= 1; j += 2) {
			p[k++] = v3(0, i * s, j * PHI * s);
			p[k++] = v3(i * s, j * PHI * s, 0);
			p[k++] = v3(j * PHI * s, 0, i * s);
		}
	return hull_of(p, 12);
}

static col_convex *make_dodecahedron(double radius)
{
	double s = radius / sqrt(3.0);
	col_vec3 p[20];
	int k = 0;
	for (int i = 0; i < 8; ++i)
		p[k++] = v3(i & 1 ? s : -s, i & 2 ? s : -s, i & 4 ? s : -s);
	for (int i = -1; i <= 1; i += 2)
		for (int j = -1; j <= 1; j += 2) {
			p[k++] = v3(0, i * s / PHI, j * s * PHI);
			p[k++] = v3(i * s / PHI, j * s * PHI, 0);
			p[k++] = v3(i * s * PHI, 0, j * s / PHI);
		}
	return hull_of(p, 20);
}

/* T3's solid: vertices (+-2, 0, 0), (0, +-1, 0), (0, 0, +-1/2). */
static col_convex *make_elongated_octahedron(void)
{
	col_vec3 p[6] = {v3(2, 0, 0), v3(-2, 0, 0), v3(0, 1, 0), v3(0, -1, 0), v3(0, 0, 0.5), v3(0, 0, -0.5)};
	return hull_of(p, 6);
}

/* The hull of 32 points uniform in the ball of the given radius. */
static col_convex *make_random_hull(rng *r, double radius)
{
	col_vec3 p[32];
	for (int k = 0; k < 32; ++k)
		p[k] = rng_in_ball(r, radius);
	return hull_of(p, 32);
}

static col_boxtree *build_tree(const col_convex *c, const col_boxtree_options *o)
{
	col_boxtree *tree = NULL;
	col_error error;
	check_ok(col_boxtree_build(c, o, &tree, &error), &error);
	return tree;
}

/* ---- T2: the invariants of every node ---- */

static double node_size(const col_boxtree_node_info *n)
{
	return 2.0 * col_vec3_length(n->outer.half_extents);
}

static col_vec3 obb_local(const col_obb *box, col_vec3 p)
{
	col_vec3 d = col_vec3_sub(p, box->center);
	return v3(col_vec3_dot(box->axes[0], d), col_vec3_dot(box->axes[1], d),
	          col_vec3_dot(box->axes[2], d));
}

static double triangle_area(col_triangle t)
{
	return 0.5 * col_vec3_length(col_vec3_cross(col_vec3_sub(t.b, t.a), col_vec3_sub(t.c, t.a)));
}

/* Checks T2 on every node of tree (built from c with depth max_depth); returns the nodes checked. */
static int check_invariants(const col_boxtree *tree, const col_convex *c, int max_depth, const char *name)
{
	int count = col_boxtree_node_count(tree);
	col_boxtree_build_stats stats = col_boxtree_get_stats(tree);
	assert_int_equal(stats.nodes, count);
	col_boxtree_node_info root;
	assert_true(col_boxtree_node(tree, 0, &root));
	if (root.label != COL_BOXTREE_EXTERIOR || root.parent != -1 || root.depth != 0)
		fail_msg("%s: the root is not an exterior level-0 node", name);
	assert_near(root.volume, col_convex_volume(c), 1e-12 * col_convex_volume(c), "root volume");
	int exterior = 0, interior = 0, leaves = 0, unsplit = 0, deepest = 0;
	double leaf_area = 0.0;
	for (int i = 0; i < count; ++i) {
		col_boxtree_node_info n;
		assert_true(col_boxtree_node(tree, i, &n));
		double size = node_size(&n);
		const col_convex *piece = n.piece;
		assert_non_null(piece);
		if (n.depth > max_depth)
			fail_msg("%s node %d: depth %d > %d", name, i, n.depth, max_depth);
		deepest = n.depth > deepest ? n.depth : deepest;
		exterior += n.label == COL_BOXTREE_EXTERIOR;
		interior += n.label == COL_BOXTREE_INTERIOR;
		/* the frame: orthonormal and right-handed */
		for (int a = 0; a < 3; ++a)
			for (int b = 0; b < 3; ++b)
				assert_near(col_vec3_dot(n.frame.axes[a], n.frame.axes[b]), a == b, 1e-12,
				            "frame axes");
		assert_vec_near(col_vec3_cross(n.frame.axes[0], n.frame.axes[1]), n.frame.axes[2], 1e-12,
		                "right-handed");
		/* piece inside outer */
		const col_vec3 *pv = col_convex_vertices(piece);
		for (int k = 0; k < col_convex_vertex_count(piece); ++k) {
			col_vec3 y = obb_local(&n.outer, pv[k]);
			if (fabs(y.x) > n.outer.half_extents.x || fabs(y.y) > n.outer.half_extents.y ||
			    fabs(y.z) > n.outer.half_extents.z)
				fail_msg("%s node %d: piece vertex %d lies outside the outer box", name, i,
				         k);
		}
		/* inner inside the piece: the solver's box against the planes (to rounding), the accept box
		 * exactly */
		col_vec3 corners[8];
		col_obb_corners(&n.inner, corners);
		for (int f = 0; f < col_convex_face_count(piece); ++f) {
			col_plane pl = col_convex_face_plane(piece, f);
			for (int k = 0; k < 8; ++k)
				if (col_vec3_dot(pl.normal, corners[k]) - pl.offset > 1e-12 * size)
					fail_msg("%s node %d: inner corner %d is %g in front of face %d",
					         name, i, k, col_vec3_dot(pl.normal, corners[k]) - pl.offset,
					         f);
		}
		double inner_volume =
		    8.0 * n.inner.half_extents.x * n.inner.half_extents.y * n.inner.half_extents.z;
		if (!(inner_volume > 0.0 && inner_volume <= n.volume))
			fail_msg("%s node %d: inner box volume %g, piece %g", name, i, inner_volume,
			         n.volume);
		if (n.has_inner_accept) {
			col_obb_corners(&n.inner_accept, corners);
			for (int k = 0; k < 8; ++k)
				if (!col_convex_contains_point(piece, corners[k]))
					fail_msg("%s node %d: accept-box corner %d lies outside the piece",
					         name, i, k);
		}
		/* children */
		if (n.children[0] < 0) {
			assert_int_equal(n.children[1], -1);
			leaves++;
			if (n.label == COL_BOXTREE_EXTERIOR && n.depth < max_depth)
				unsplit++;
			const col_triangle *t = col_boxtree_leaf_triangles(tree, NULL, NULL);
			double area = 0.0;
			for (int k = 0; k < n.triangle_count; ++k)
				area += triangle_area(t[n.triangle_first + k]);
			assert_near(area, n.original_area, 1e-12 * size * size,
			            "a leaf's triangles against its fragments");
			leaf_area += n.original_area;
		} else {
			if (n.label == COL_BOXTREE_INTERIOR)
				fail_msg("%s node %d: an interior node has children", name, i);
			assert_int_equal(n.children[1], n.children[0] + 1);
			col_boxtree_node_info k0, k1;
			assert_true(col_boxtree_node(tree, n.children[0], &k0));
			assert_true(col_boxtree_node(tree, n.children[1], &k1));
			assert_int_equal(k0.parent, i);
			assert_int_equal(k1.parent, i);
			assert_int_equal(k0.depth, n.depth + 1);
			assert_int_equal(k1.depth, n.depth + 1);
			if (!(fabs(k0.volume + k1.volume - n.volume) <= 1e-8 * n.volume))
				fail_msg("%s node %d: children volumes %.17g + %.17g, parent %.17g", name, i,
				         k0.volume, k1.volume, n.volume);
			/* the subtree's triangles are the children's, in order */
			assert_int_equal(k0.triangle_first, n.triangle_first);
			assert_int_equal(k1.triangle_first, k0.triangle_first + k0.triangle_count);
			assert_int_equal(n.triangle_count, k0.triangle_count + k1.triangle_count);
			/* the cut: normal = the first axis, through the frame's origin; each child on its
			 * side */
			assert_vec_near(n.split.normal, n.frame.axes[0], 0.0, "split normal");
			assert_near(n.split.offset, col_vec3_dot(n.frame.axes[0], n.frame.origin),
			            1e-15 * size, "split offset");
			double snap = 2.0 * COL_BOXTREE_SNAP * size;
			for (int s = 0; s < 2; ++s) {
				const col_convex *kp = s == 0 ? k0.piece : k1.piece;
				const col_vec3 *kv = col_convex_vertices(kp);
				for (int k = 0; k < col_convex_vertex_count(kp); ++k) {
					double d = col_vec3_dot(n.split.normal, kv[k]) - n.split.offset;
					if ((s == 0 && d > snap) || (s == 1 && d < -snap))
						fail_msg("%s node %d: child %d's vertex %d is %g on the "
						         "wrong side",
						         name, i, s, k, d);
				}
			}
		}
	}
	assert_int_equal(exterior, stats.exterior);
	assert_int_equal(interior, stats.interior);
	assert_int_equal(leaves, stats.leaves);
	assert_int_equal(unsplit, stats.unsplit);
	assert_int_equal(deepest, stats.depth);
	/* the leaves' original surface is the polytope's, less the dropped slivers */
	double area = col_convex_area(c);
	assert_near(stats.surface_area, area, 1e-12 * area, "surface area");
	if (!(stats.dropped_area <= 1e-9 * area))
		fail_msg("%s: %g of the surface dropped", name, stats.dropped_area);
	assert_near(leaf_area + stats.dropped_area, area, 1e-9 * area, "leaf original areas");
	int tcount = 0;
	const int *faces = NULL;
	const col_triangle *t = col_boxtree_leaf_triangles(tree, &faces, &tcount);
	assert_int_equal(tcount, stats.leaf_triangles);
	assert_int_equal(root.triangle_count, tcount);
	double tri_area = 0.0;
	for (int k = 0; k < tcount; ++k) {
		tri_area += triangle_area(t[k]);
		assert_true(faces[k] >= 0 && faces[k] < col_convex_face_count(c));
		/* a fragment lies in its face's plane and faces the same way */
		col_plane pl = col_convex_face_plane(c, faces[k]);
		double reach = node_size(&root);
		assert_near(col_vec3_dot(pl.normal, t[k].a) - pl.offset, 0.0, 1e-12 * reach,
		            "fragment in its plane");
		col_vec3 tn = col_vec3_cross(col_vec3_sub(t[k].b, t[k].a), col_vec3_sub(t[k].c, t[k].a));
		if (col_vec3_dot(tn, pl.normal) < 0.0)
			fail_msg("%s: leaf triangle %d is turned inward", name, k);
	}
	assert_near(tri_area + stats.dropped_area, area, 1e-9 * area, "leaf triangle areas");
	return count;
}

typedef struct named_solid {
	const char *name;
	col_convex *convex;
} named_solid;

static int make_solids(named_solid *s)
{
	int n = 0;
	s[n++] = (named_solid){"cube", make_cube(1.0, col_quat_identity())};
	s[n++] = (named_solid){"9-gonal antiprism", make_antiprism(9, 1.0)};
	s[n++] = (named_solid){"octahedron", make_octahedron(1.0)};
	s[n++] = (named_solid){"icosahedron", make_icosahedron(1.0)};
	s[n++] = (named_solid){"dodecahedron", make_dodecahedron(1.0)};
	s[n++] = (named_solid){"elongated octahedron", make_elongated_octahedron()};
	return n;
}

static void free_solids(named_solid *s, int n)
{
	for (int i = 0; i < n; ++i)
		col_convex_destroy(s[i].convex);
}

/* The paper's solids have the counts of its Table 1 (with erratum 5: its dodecahedron's counts are an
 * icosahedron's). */
static void test_table1_counts(void **state)
{
	(void)state;
	named_solid s[8];
	int n = make_solids(s);
	int want[5][3] = {{8, 12, 6}, {18, 36, 20}, {6, 12, 8}, {12, 30, 20}, {20, 30, 12}};
	for (int i = 0; i < 5; ++i) {
		const col_convex *c = s[i].convex;
		int faces = col_convex_face_count(c);
		if (i ==
		    4) /* the dodecahedron's pentagons are rounded off their planes: the hull splits some */
			faces = 12;
		if (col_convex_vertex_count(c) != want[i][0] ||
		    (i != 4 && col_convex_edge_count(c) != want[i][1]) || faces != want[i][2])
			fail_msg("%s: %d vertices, %d edges, %d faces", s[i].name, col_convex_vertex_count(c),
			         col_convex_edge_count(c), col_convex_face_count(c));
	}
	free_solids(s, n);
}

static void test_t2_invariants(void **state)
{
	(void)state;
	named_solid s[8];
	int n = make_solids(s), nodes = 0, trees = 0, interior = 0;
	col_centroid_mode modes[3] = {COL_CENTROID_PAPER, COL_CENTROID_AREA, COL_CENTROID_VOLUME};
	for (int i = 0; i < n; ++i)
		for (int m = 0; m < 3; ++m)
			for (int root = 0; root < 2; ++root) {
				col_boxtree_options o = col_boxtree_default_options();
				o.centroid = modes[m];
				o.root_frame = root ? COL_BOXTREE_ROOT_PCA : COL_BOXTREE_ROOT_AABB;
				o.depth = m == 0 && root == 0 ? 6 : 4;
				col_boxtree *tree = build_tree(s[i].convex, &o);
				nodes += check_invariants(tree, s[i].convex, o.depth, s[i].name);
				interior += col_boxtree_get_stats(tree).interior;
				trees++;
				col_boxtree_destroy(tree);
			}
	rng r = rng_make(rng_env_seed(0xB0C5EED1ULL));
	int hulls = COLLIDE_RANDOM_CASES / 1000; /* 100 (10 fast) */
	for (int h = 0; h < hulls; ++h) {
		col_convex *c = make_random_hull(&r, rng_in(&r, 0.01, 100.0));
		col_boxtree_options o = col_boxtree_default_options();
		o.centroid = modes[h % 3];
		o.root_frame = h % 2 ? COL_BOXTREE_ROOT_PCA : COL_BOXTREE_ROOT_AABB;
		o.depth = 3 + h % 4;
		col_boxtree *tree = build_tree(c, &o);
		char name[64];
		snprintf(name, sizeof name, "random hull %d (seed 0x%llx)", h, (unsigned long long)r.seed);
		nodes += check_invariants(tree, c, o.depth, name);
		interior += col_boxtree_get_stats(tree).interior;
		trees++;
		col_boxtree_destroy(tree);
		col_convex_destroy(c);
	}
	print_message("T2: %d trees, %d nodes checked (%d interior)\n", trees, nodes, interior);
	if (interior == 0)
		fail_msg("no interior node was made: the label is untested");
	free_solids(s, n);
}

/* Default trees of the paper's solids: every node split down to level 4. */
static void test_paper_solids_full_depth(void **state)
{
	(void)state;
	named_solid s[8];
	int n = make_solids(s);
	for (int i = 0; i < n; ++i) {
		col_boxtree *tree = build_tree(s[i].convex, NULL);
		col_boxtree_build_stats st = col_boxtree_get_stats(tree);
		print_message(
		    "%-22s nodes %d exterior %d interior %d leaves %d unsplit %d triangles %d depth %d "
		    "newton %d\n",
		    s[i].name, st.nodes, st.exterior, st.interior, st.leaves, st.unsplit, st.leaf_triangles,
		    st.depth, st.newton_steps);
		assert_int_equal(st.depth, 4);
		assert_int_equal(st.unsplit, 0);
		col_boxtree_destroy(tree);
	}
	free_solids(s, n);
}

/* ---- T3: the elongated octahedron ---- */

static void assert_box(const col_obb *box, col_vec3 lo, col_vec3 hi, double tolerance, const char *what)
{
	/* every axis of these boxes is a model axis (up to sign) */
	col_vec3 center = col_vec3_scale(col_vec3_add(lo, hi), 0.5),
	         half = col_vec3_scale(col_vec3_sub(hi, lo), 0.5);
	assert_vec_near(box->center, center, tolerance, what);
	col_vec3 got = v3(0, 0, 0);
	for (int i = 0; i < 3; ++i) {
		col_vec3 a = box->axes[i];
		double h = col_vec3_component(box->half_extents, i);
		got = col_vec3_add(got, v3(fabs(a.x) * h, fabs(a.y) * h, fabs(a.z) * h));
	}
	assert_vec_near(got, half, tolerance, what);
}

static void test_t3_elongated_octahedron(void **state)
{
	(void)state;
	col_convex *c = make_elongated_octahedron();
	col_boxtree *tree = build_tree(c, NULL);
	col_boxtree_node_info root, neg, pos;
	assert_true(col_boxtree_node(tree, 0, &root));
	/* root, paper mode: mu = 0, C = diag(4/3, 1/3, 1/12), split x = 0 */
	assert_vec_near(root.frame.origin, v3(0, 0, 0), 1e-15, "root centroid");
	assert_vec_near(root.frame.axes[0], v3(1, 0, 0), 1e-15, "root axis 0");
	assert_vec_near(root.frame.axes[1], v3(0, 1, 0), 1e-15, "root axis 1");
	assert_near(root.eigenvalues[0], 4.0 / 3.0, 1e-14, "root C_xx");
	assert_near(root.eigenvalues[1], 1.0 / 3.0, 1e-14, "root C_yy");
	assert_near(root.eigenvalues[2], 1.0 / 12.0, 1e-14, "root C_zz");
	assert_vec_near(root.split.normal, v3(1, 0, 0), 0.0, "root split normal");
	assert_near(root.split.offset, 0.0, 1e-15, "root split x = 0");
	assert_box(&root.outer, v3(-2, -1, -0.5), v3(2, 1, 0.5), 1e-11, "root outer box (AABB)");
	assert_box(&root.inner, v3(-2.0 / 3, -1.0 / 3, -1.0 / 6), v3(2.0 / 3, 1.0 / 3, 1.0 / 6), 1e-8,
	           "root inner box");
	assert_near(root.volume, 4.0 / 3.0, 1e-14, "solid volume");
	/* children: square pyramids, four original triangles and the cut rhombus, both exterior */
	assert_true(col_boxtree_node(tree, root.children[0], &neg));
	assert_true(col_boxtree_node(tree, root.children[1], &pos));
	for (int s = 0; s < 2; ++s) {
		col_boxtree_node_info *k = s ? &pos : &neg;
		double x = s ? 1.0 : -1.0;
		assert_int_equal(k->label, COL_BOXTREE_EXTERIOR);
		assert_int_equal(col_convex_face_count(k->piece), 5);
		assert_int_equal(col_convex_vertex_count(k->piece), 5);
		assert_near(k->volume, 2.0 / 3.0, 1e-14, "pyramid volume");
		assert_near(k->original_area, col_convex_area(c) / 2.0, 1e-14, "pyramid original area");
		/* mu = (+-4/9, 0, 0); C = diag(56/81, 4/9, 1/12) or diag(56/81, 1/3, 1/9), by the rhombus's
		 * diagonal */
		assert_vec_near(k->frame.origin, v3(x * 4.0 / 9.0, 0, 0), 1e-15, "child centroid (paper)");
		assert_vec_near(k->frame.axes[0], v3(1, 0, 0), 1e-15, "child axis 0");
		assert_near(k->eigenvalues[0], 56.0 / 81.0, 1e-14, "child C_xx");
		bool y_diagonal = fabs(k->eigenvalues[1] - 4.0 / 9.0) < 1e-14 &&
		                  fabs(k->eigenvalues[2] - 1.0 / 12.0) < 1e-14;
		bool z_diagonal = fabs(k->eigenvalues[1] - 1.0 / 3.0) < 1e-14 &&
		                  fabs(k->eigenvalues[2] - 1.0 / 9.0) < 1e-14;
		if (!y_diagonal && !z_diagonal)
			fail_msg("child %d: C = diag(%.17g, %.17g, %.17g)", s, k->eigenvalues[0],
			         k->eigenvalues[1], k->eigenvalues[2]);
		assert_box(&k->outer, v3(s ? 0 : -2, -1, -0.5), v3(s ? 2 : 0, 1, 0.5), 1e-11,
		           "child outer box");
		assert_box(&k->inner, v3(s ? 0 : -2.0 / 3, -1.0 / 3, -1.0 / 6),
		           v3(s ? 2.0 / 3 : 0, 1.0 / 3, 1.0 / 6), 1e-8, "child inner box");
		assert_near(8.0 * k->inner.half_extents.x * k->inner.half_extents.y * k->inner.half_extents.z,
		            4.0 / 27.0, 1e-9, "child inner volume");
		/* the next cut: x = +-4/9, not the solid's centroid +-1/2 */
		assert_vec_near(k->split.normal, v3(1, 0, 0), 0.0, "child split normal");
		assert_near(k->split.offset, x * 4.0 / 9.0, 1e-15, "child split x = 4/9");
	}
	col_boxtree_destroy(tree);

	/* volume mode: the solid centroids, so the children's cuts are at x = +-1/2 */
	col_boxtree_options o = col_boxtree_default_options();
	o.centroid = COL_CENTROID_VOLUME;
	tree = build_tree(c, &o);
	assert_true(col_boxtree_node(tree, 0, &root));
	assert_vec_near(root.frame.origin, v3(0, 0, 0), 1e-15, "root centroid (volume)");
	assert_near(root.split.offset, 0.0, 1e-15, "root split (volume)");
	assert_true(col_boxtree_node(tree, root.children[1], &pos));
	assert_true(col_boxtree_node(tree, root.children[0], &neg));
	assert_vec_near(pos.frame.origin, v3(0.5, 0, 0), 1e-15, "child centroid (volume)");
	assert_near(pos.split.offset, 0.5, 1e-15, "child split x = 1/2 (volume)");
	assert_near(neg.split.offset, -0.5, 1e-15, "child split x = -1/2 (volume)");
	assert_box(&pos.inner, v3(0, -1.0 / 3, -1.0 / 6), v3(2.0 / 3, 1.0 / 3, 1.0 / 6), 1e-8,
	           "child inner (volume)");
	col_boxtree_destroy(tree);

	/* PCA root: the same frame here (the principal axes are the model axes) */
	o = col_boxtree_default_options();
	o.root_frame = COL_BOXTREE_ROOT_PCA;
	tree = build_tree(c, &o);
	assert_true(col_boxtree_node(tree, 0, &root));
	assert_box(&root.outer, v3(-2, -1, -0.5), v3(2, 1, 0.5), 1e-11, "root outer box (PCA)");
	col_boxtree_destroy(tree);
	col_convex_destroy(c);
}

/* ---- T5: random poses against GJK and the oracle ---- */

static bool truth_by_oracle(const col_convex *a, col_transform3 pa, const col_convex *b, col_transform3 pb)
{
	col_shape sa = col_shape_convex(a), sb = col_shape_convex(b);
	sa.pose = pa;
	sb.pose = pb;
	col_oracle_result r = col_shape_oracle(&sa, &sb);
	assert_true(r.certain);
	return r.intersect;
}

/* Whether every vertex of a (placed by pa) lies in b (placed by pb). */
static bool inside(const col_convex *a, col_transform3 pa, const col_convex *b, col_transform3 pb)
{
	const col_vec3 *v = col_convex_vertices(a);
	for (int k = 0; k < col_convex_vertex_count(a); ++k)
		if (!col_convex_contains_point(
		        b, col_transform3_apply_inverse(pb, col_transform3_apply(pa, v[k]))))
			return false;
	return true;
}

typedef struct pair_tally {
	int poses, collisions, oracle_calls, gjk_wrong;
	int false_yes[2], false_no[2], containment_misses;
	int decided[2][4];
} pair_tally;

/* poses random poses of the pair: a at the origin turned at random, b's centre uniform in the ball of
 * radius reach, turned at random. Truth: GJK on the whole polytopes, and the oracle wherever a tree's
 * answer differs from GJK's and on every (poses / oracle_samples)-th pose. */
static void run_pair(rng *r, const col_convex *a, const col_boxtree *ta, const col_convex *b,
                     const col_boxtree *tb, double reach, int poses, int oracle_samples, pair_tally *tally,
                     const char *name)
{
	int stride = oracle_samples > 0 ? poses / oracle_samples : 0;
	for (int i = 0; i < poses; ++i) {
		col_transform3 pa = {rng_rotation(r), v3(0, 0, 0)};
		col_transform3 pb = {rng_rotation(r), rng_in_ball(r, reach)};
		col_shape sa = col_shape_convex(a), sb = col_shape_convex(b);
		sa.pose = pa;
		sb.pose = pb;
		bool gjk = col_gjk_intersect(&sa, &sb, NULL, NULL);
		bool got[2];
		col_boxtree_query q = col_boxtree_default_query();
		q.descent = i & 1 ? COL_BOXTREE_DESCEND_LARGER : COL_BOXTREE_DESCEND_PAPER;
		for (int mode = 0; mode < 2; ++mode) {
			col_boxtree_stats st;
			q.leaf_test = mode ? COL_BOXTREE_LEAF_EXACT : COL_BOXTREE_LEAF_PAPER;
			got[mode] = col_boxtree_collide(ta, pa, tb, pb, &q, &st);
			tally->decided[mode][st.decided_by]++;
			if (got[mode] != (st.decided_by == COL_BOXTREE_DECIDED_INNER ||
			                  st.decided_by == COL_BOXTREE_DECIDED_LEAF))
				FAIL_CASE(r, i, "%s: answer %d but decided by %s", name, got[mode],
				          col_boxtree_decision_name(st.decided_by));
		}
		bool truth = gjk;
		if (got[0] != gjk || got[1] != gjk || (stride > 0 && i % stride == 0)) {
			truth = truth_by_oracle(a, pa, b, pb);
			tally->oracle_calls++;
			if (truth != gjk) {
				tally->gjk_wrong++;
				print_message("%s pose %d: GJK says %d, the oracle %d\n", name, i, gjk,
				              truth);
			}
		}
		tally->poses++;
		tally->collisions += truth;
		for (int mode = 0; mode < 2; ++mode) {
			if (got[mode] && !truth) {
				tally->false_yes[mode]++;
				FAIL_CASE(r, i, "%s: a false yes in %s leaf mode", name,
				          mode ? "exact" : "paper");
			}
			if (!got[mode] && truth) {
				tally->false_no[mode]++;
				if (mode == 1)
					FAIL_CASE(r, i, "%s: a false no in exact leaf mode", name);
				if (!inside(a, pa, b, pb) && !inside(b, pb, a, pa))
					FAIL_CASE(r, i,
					          "%s: a false no in paper leaf mode that is no containment",
					          name);
				tally->containment_misses++;
			}
		}
	}
}

static void print_tally(const char *name, const pair_tally *t)
{
	print_message(
	    "%-34s poses %6d collisions %6d oracle %4d | paper: inner %6d leaf %6d  containment misses "
	    "%3d | exact: inner %6d leaf %6d | gjk wrong %d\n",
	    name, t->poses, t->collisions, t->oracle_calls, t->decided[0][COL_BOXTREE_DECIDED_INNER],
	    t->decided[0][COL_BOXTREE_DECIDED_LEAF], t->containment_misses,
	    t->decided[1][COL_BOXTREE_DECIDED_INNER], t->decided[1][COL_BOXTREE_DECIDED_LEAF], t->gjk_wrong);
}

static void test_t5_random_poses(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xB0C5EED5ULL));
	col_convex *solids[4] = {make_cube(1.0, col_quat_identity()), make_antiprism(9, 1.0),
	                         make_octahedron(1.0), make_icosahedron(1.0)};
	const char *names[4] = {"cube", "antiprism", "octahedron", "icosahedron"};
	col_boxtree *trees[4];
	for (int i = 0; i < 4; ++i)
		trees[i] = build_tree(solids[i], NULL);
	int poses = COLLIDE_RANDOM_CASES, oracle = COLLIDE_RANDOM_CASES / 1000;
	/* Each solid meets the four (itself included) in 10 pairs: a quarter of the poses per pair gives
	 * each solid COLLIDE_RANDOM_CASES poses in make test, with the oracle's share per pair kept;
	 * make test-long runs every pair at the full count, four times that per solid. */
	int pair_poses = collide_long_tests() ? poses : poses / 4;
	int paper_misses = 0;
	for (int i = 0; i < 4; ++i)
		for (int j = i; j < 4; ++j) {
			pair_tally t;
			memset(&t, 0, sizeof t);
			char name[64];
			snprintf(name, sizeof name, "%s-%s", names[i], names[j]);
			run_pair(&r, solids[i], trees[i], solids[j], trees[j], 1.8, pair_poses, oracle, &t, name);
			print_tally(name, &t);
			assert_int_equal(t.gjk_wrong, 0);
			paper_misses += t.containment_misses;
		}
	/* a small cube against the octahedron: containments are common, and some lie where no inner box
	 * the descent meets reaches them */
	{
		col_convex *small = make_cube(0.1, col_quat_identity());
		col_boxtree *ts = build_tree(small, NULL);
		pair_tally t;
		memset(&t, 0, sizeof t);
		run_pair(&r, solids[2], trees[2], small, ts, 1.1, poses, oracle, &t, "octahedron-cube(0.1)");
		print_tally("octahedron-cube(0.1)", &t);
		assert_int_equal(t.gjk_wrong, 0);
		if (!(t.containment_misses > 0))
			fail_msg(
			    "no containment was missed by the paper's leaf test: the case tests nothing");
		paper_misses += t.containment_misses;
		col_boxtree_destroy(ts);
		col_convex_destroy(small);
	}
	/* random hulls of 32 points, of different sizes, 10 pairs */
	{
		pair_tally t;
		memset(&t, 0, sizeof t);
		for (int h = 0; h < 10; ++h) {
			double ra = rng_in(&r, 0.3, 1.0), rb = rng_in(&r, 0.3, 1.0);
			col_convex *ha = make_random_hull(&r, ra), *hb = make_random_hull(&r, rb);
			col_boxtree_options o = col_boxtree_default_options();
			o.centroid = h % 3 == 0   ? COL_CENTROID_PAPER
			             : h % 3 == 1 ? COL_CENTROID_AREA
			                          : COL_CENTROID_VOLUME;
			col_boxtree *tha = build_tree(ha, &o), *thb = build_tree(hb, &o);
			run_pair(&r, ha, tha, hb, thb, 0.9 * (ra + rb), poses / 10, oracle / 10, &t,
			         "random hulls");
			col_boxtree_destroy(tha);
			col_boxtree_destroy(thb);
			col_convex_destroy(ha);
			col_convex_destroy(hb);
		}
		print_tally("random hulls (10 pairs)", &t);
		assert_int_equal(t.gjk_wrong, 0);
		paper_misses += t.containment_misses;
	}
	print_message("T5: paper leaf mode missed %d containments, no other false answer\n", paper_misses);
	for (int i = 0; i < 4; ++i) {
		col_boxtree_destroy(trees[i]);
		col_convex_destroy(solids[i]);
	}
}

/* ---- T6: cubes ---- */

/* Two cubes axis-aligned in their model frames: the root inner box is the cube (shrunk by the accept
 * margin), so every collision is settled by the root pair's inner boxes (I_CP = 0). Cubes turned in
 * their model frames have a smaller root inner box (aligned with the model axes): the tally says what
 * happens then. */
static void test_t6_cubes(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xB0C5EED6ULL));
	for (int turned = 0; turned < 2; ++turned) {
		col_quat turn = turned ? rng_rotation(&r) : col_quat_identity();
		col_convex *cube = make_cube(1.0, turn);
		col_boxtree *tree = build_tree(cube, NULL);
		int collisions = 0, by_root = 0, by_inner = 0, by_leaf = 0;
		for (int i = 0; i < COLLIDE_RANDOM_CASES; ++i) {
			col_transform3 pa = {rng_rotation(&r), v3(0, 0, 0)};
			col_transform3 pb = {rng_rotation(&r), rng_in_ball(&r, 1.8)};
			col_shape sa = col_shape_convex(cube), sb = col_shape_convex(cube);
			sa.pose = pa;
			sb.pose = pb;
			bool truth = col_gjk_intersect(&sa, &sb, NULL, NULL);
			col_boxtree_stats st;
			bool got = col_boxtree_collide(tree, pa, tree, pb, NULL, &st);
			if (got != truth && truth_by_oracle(cube, pa, cube, pb) != got)
				FAIL_CASE(&r, i, "cube-cube: got %d", got);
			if (!got)
				continue;
			collisions++;
			by_inner += st.decided_by == COL_BOXTREE_DECIDED_INNER;
			by_leaf += st.decided_by == COL_BOXTREE_DECIDED_LEAF;
			by_root += st.decided_by == COL_BOXTREE_DECIDED_INNER && st.decided_a == 0 &&
			           st.decided_b == 0;
			if (!turned && !(st.decided_by == COL_BOXTREE_DECIDED_INNER && st.decided_a == 0 &&
			                 st.decided_b == 0))
				FAIL_CASE(
				    &r, i, "axis-aligned cubes: a collision decided by %s at nodes (%d, %d)",
				    col_boxtree_decision_name(st.decided_by), st.decided_a, st.decided_b);
		}
		print_message(
		    "T6 %s cubes: %d collisions, %d by inner boxes (%d by the roots'), %d by triangles "
		    "(I_CP)\n",
		    turned ? "turned" : "axis-aligned", collisions, by_inner, by_root, by_leaf);
		if (!turned)
			assert_int_equal(by_leaf, 0);
		col_boxtree_destroy(tree);
		col_convex_destroy(cube);
	}
}

/* ---- the inner-box accept near touching ---- */

/* Pairs of accept boxes of tree nodes brought to where col_obb_overlap stops saying "overlap" (by
 * bisection along a random direction, half the cases nearly parallel): wherever it says "overlap", the
 * solver's boxes (which the accept boxes are shrunk from) truly meet (the exact oracle on their
 * corners). */
static void test_inner_accept_near_touching(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xB0C5EED7ULL));
	col_convex *c = make_antiprism(9, 1.0), *d = make_random_hull(&r, 0.5);
	col_boxtree *ta = build_tree(c, NULL), *tb = build_tree(d, NULL);
	int na = col_boxtree_node_count(ta), nb = col_boxtree_node_count(tb);
	int cases = COLLIDE_RANDOM_CASES / 20;
	for (int i = 0; i < cases; ++i) {
		col_boxtree_node_info x, y;
		assert_true(col_boxtree_node(ta, rng_int(&r, 0, na - 1), &x));
		assert_true(col_boxtree_node(tb, rng_int(&r, 0, nb - 1), &y));
		col_quat qa = rng_rotation(&r), qb;
		if (i & 1) /* nearly the same turn: nearly parallel edges */
			qb = col_quat_compose(
			    col_quat_from_axis_angle(rng_vec3(&r, -1, 1), pow(10.0, rng_in(&r, -9, -2))), qa);
		else
			qb = rng_rotation(&r);
		col_vec3 dir = col_vec3_normalize(rng_in_ball(&r, 1.0));
		/* b's pose puts the boxes' centres together at t = 0 (overlap), apart at t = hi */
		col_vec3 start =
		    col_vec3_sub(col_quat_apply(qa, x.inner.center), col_quat_apply(qb, y.inner.center));
		double lo = 0.0, hi = 10.0;
		for (int k = 0; k < 64; ++k) {
			double mid = 0.5 * (lo + hi);
			col_transform3 pa = {qa, v3(0, 0, 0)},
			               pb = {qb, col_vec3_add(start, col_vec3_scale(dir, mid))};
			col_obb a = col_obb_transform(pa, &x.inner_accept),
			        b = col_obb_transform(pb, &y.inner_accept);
			if (col_obb_overlap(&a, &b, NULL))
				lo = mid;
			else
				hi = mid;
		}
		col_transform3 pa = {qa, v3(0, 0, 0)},
		               pb = {qb, col_vec3_add(start, col_vec3_scale(dir, lo))};
		col_obb a = col_obb_transform(pa, &x.inner), b = col_obb_transform(pb, &y.inner);
		col_vec3 ca[8], cb[8];
		col_obb_corners(&a, ca);
		col_obb_corners(&b, cb);
		if (!col_points_hulls_intersect_exact(ca, 8, cb, 8))
			FAIL_CASE(&r, i, "accept boxes overlap at t = %.17g but the inner boxes are apart",
			          lo);
	}
	print_message("inner accept: %d box pairs at the edge of overlap, every accept true\n", cases);
	col_boxtree_destroy(ta);
	col_boxtree_destroy(tb);
	col_convex_destroy(c);
	col_convex_destroy(d);
}

/* ---- levels, descents, traces ---- */

static void test_levels_and_traces(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(0xB0C5EED8ULL));
	col_convex *a = make_antiprism(9, 1.0), *b = make_icosahedron(1.0);
	col_boxtree *ta = build_tree(a, NULL), *tb = build_tree(b, NULL);
	/* depth 6 (127 nodes): past the small-tree caches and the explored-pair memory */
	col_boxtree_options deep = col_boxtree_default_options();
	deep.depth = 6;
	col_boxtree *da = build_tree(a, &deep), *db = build_tree(b, &deep);
	assert_true(col_boxtree_node_count(da) > 64);
	print_message("depth-6 trees: %d and %d nodes, %d and %d interior\n", col_boxtree_node_count(da),
	              col_boxtree_node_count(db), col_boxtree_get_stats(da).interior,
	              col_boxtree_get_stats(db).interior);
	col_boxtree_trace_step steps[4096];
	int cases = COLLIDE_RANDOM_CASES / 100;
	for (int i = 0; i < cases; ++i) {
		col_transform3 pa = {rng_rotation(&r), v3(0, 0, 0)},
		               pb = {rng_rotation(&r), rng_in_ball(&r, 1.8)};
		col_shape sa = col_shape_convex(a), sb = col_shape_convex(b);
		sa.pose = pa;
		sb.pose = pb;
		bool truth = col_gjk_intersect(&sa, &sb, NULL, NULL);
		for (int level = 0; level <= 5; ++level)
			for (int descent = 0; descent < 2; ++descent) {
				col_boxtree_trace trace = {steps, 4096, 0};
				col_boxtree_query q = col_boxtree_default_query();
				q.leaf_test = COL_BOXTREE_LEAF_EXACT;
				q.max_level = level;
				q.descent = descent ? COL_BOXTREE_DESCEND_LARGER : COL_BOXTREE_DESCEND_PAPER;
				q.trace = &trace;
				col_boxtree_stats st;
				bool got = col_boxtree_collide(ta, pa, tb, pb, &q, &st);
				if (got != truth && truth_by_oracle(a, pa, b, pb) != got)
					FAIL_CASE(&r, i, "level %d descent %d: got %d", level, descent, got);
				/* the trace agrees with the counts */
				assert_true(trace.count <= 4096);
				int visited = 0, leaves = 0, hits = 0;
				for (int k = 0; k < trace.count; ++k) {
					visited += steps[k].event != COL_BOXTREE_SKIPPED;
					leaves += steps[k].event == COL_BOXTREE_LEAF_HIT ||
					          steps[k].event == COL_BOXTREE_LEAF_MISS;
					hits += steps[k].event == COL_BOXTREE_LEAF_HIT ||
					        steps[k].event == COL_BOXTREE_INNER_ACCEPT;
					if (steps[k].event == COL_BOXTREE_OUTER_REJECT &&
					    !(steps[k].separating_axis >= 0 && steps[k].separating_axis < 15))
						FAIL_CASE(&r, i, "an outer reject without its axis");
				}
				assert_int_equal(visited, st.pairs_visited);
				assert_int_equal(visited, st.outer_tests);
				assert_int_equal(leaves, st.leaf_tests);
				assert_int_equal(st.gjk_tests, st.leaf_tests);
				assert_int_equal(hits, got ? 1 : 0);
				if (got)
					assert_int_equal(steps[trace.count - 1].event,
					                 st.decided_by == COL_BOXTREE_DECIDED_INNER
					                     ? COL_BOXTREE_INNER_ACCEPT
					                     : COL_BOXTREE_LEAF_HIT);
				if (level == 0)
					assert_true(st.pairs_visited == 1);
			}
		for (int mode = 0; mode < 4; ++mode) {
			col_boxtree_query q = col_boxtree_default_query();
			q.leaf_test = mode & 1 ? COL_BOXTREE_LEAF_EXACT : COL_BOXTREE_LEAF_PAPER;
			q.descent = mode & 2 ? COL_BOXTREE_DESCEND_LARGER : COL_BOXTREE_DESCEND_PAPER;
			bool got = col_boxtree_collide(da, pa, db, pb, &q, NULL);
			if (got != truth && truth_by_oracle(a, pa, b, pb) != got && (got || (mode & 1)))
				FAIL_CASE(&r, i, "depth 6, mode %d: got %d", mode, got);
		}
		/* a trace with no room counts all the same */
		col_boxtree_trace counting = {NULL, 0, 0};
		col_boxtree_query q = col_boxtree_default_query();
		q.trace = &counting;
		col_boxtree_stats st;
		col_boxtree_collide(ta, pa, tb, pb, &q, &st);
		assert_true(counting.count >= st.pairs_visited);
		/* outer boxes only: the same answers with the exact leaf test, never decided by inner boxes
		 */
		q = col_boxtree_default_query();
		q.inner_boxes = false;
		q.leaf_test = COL_BOXTREE_LEAF_EXACT;
		bool got = col_boxtree_collide(ta, pa, tb, pb, &q, &st);
		if (got != truth && truth_by_oracle(a, pa, b, pb) != got)
			FAIL_CASE(&r, i, "outer boxes only: got %d", got);
		assert_int_equal(st.inner_tests, 0);
		assert_true(st.decided_by != COL_BOXTREE_DECIDED_INNER);
	}
	col_boxtree_destroy(ta);
	col_boxtree_destroy(tb);
	col_boxtree_destroy(da);
	col_boxtree_destroy(db);
	col_convex_destroy(a);
	col_convex_destroy(b);
}

/* ---- errors ---- */

static void test_errors(void **state)
{
	(void)state;
	col_convex *c = make_cube(1.0, col_quat_identity());
	col_boxtree *tree = (col_boxtree *)&tree;
	col_error error;
	assert_int_equal(col_boxtree_build(NULL, NULL, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(tree);
	assert_non_null(strstr(error.message, "polytope"));
	assert_int_equal(col_boxtree_build(c, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	col_boxtree_options o = col_boxtree_default_options();
	o.depth = -1;
	assert_int_equal(col_boxtree_build(c, &o, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "depth"));
	o.depth = COL_BOXTREE_MAX_DEPTH + 1;
	assert_int_equal(col_boxtree_build(c, &o, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	o = col_boxtree_default_options();
	o.centroid = (col_centroid_mode)7;
	assert_int_equal(col_boxtree_build(c, &o, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_non_null(strstr(error.message, "centroid"));
	o = col_boxtree_default_options();
	o.root_frame = (col_boxtree_root_frame)5;
	assert_int_equal(col_boxtree_build(c, &o, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	o = col_boxtree_default_options();
	o.inner_tolerance = -1.0;
	assert_int_equal(col_boxtree_build(c, &o, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	o.inner_tolerance = NAN;
	assert_int_equal(col_boxtree_build(c, &o, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(tree);
	/* a flat polytope has no solid to split */
	col_vec3 square[4] = {v3(0, 0, 0), v3(1, 0, 0), v3(1, 1, 0), v3(0, 1, 0)};
	col_convex *flat = hull_of(square, 4);
	assert_int_equal(col_boxtree_build(flat, NULL, &tree, &error), COL_ERROR_DEGENERATE);
	assert_null(tree);
	col_convex_destroy(flat);
	/* depth 0: the root alone */
	o = col_boxtree_default_options();
	o.depth = 0;
	tree = build_tree(c, &o);
	assert_int_equal(col_boxtree_node_count(tree), 1);
	/* queries on nothing */
	col_transform3 id = col_transform3_identity(), bad = {col_quat_identity(), v3(NAN, 0, 0)};
	col_boxtree_stats st;
	assert_false(col_boxtree_collide(NULL, id, tree, id, NULL, &st));
	assert_false(col_boxtree_collide(tree, id, NULL, id, NULL, NULL));
	assert_false(col_boxtree_collide(tree, bad, tree, id, NULL, &st));
	assert_int_equal(st.decided_by, COL_BOXTREE_DECIDED_OUTER);
	assert_true(col_boxtree_collide(tree, id, tree, id, NULL, &st));
	col_boxtree_node_info info;
	assert_false(col_boxtree_node(tree, 1, &info));
	assert_false(col_boxtree_node(tree, -1, &info));
	assert_false(col_boxtree_node(NULL, 0, &info));
	assert_false(col_boxtree_node(tree, 0, NULL));
	int count = -1;
	assert_null(col_boxtree_leaf_triangles(NULL, NULL, &count));
	assert_int_equal(count, 0);
	assert_int_equal(col_boxtree_node_count(NULL), 0);
	assert_null(col_boxtree_polytope(NULL));
	assert_string_equal(col_boxtree_decision_name(COL_BOXTREE_DECIDED_INNER), "inner");
	assert_string_equal(col_boxtree_label_name((col_boxtree_label)9), "?");
	col_boxtree_destroy(tree);
	col_boxtree_destroy(NULL);
	col_convex_destroy(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_table1_counts),
	    cmocka_unit_test(test_t2_invariants),
	    cmocka_unit_test(test_paper_solids_full_depth),
	    cmocka_unit_test(test_t3_elongated_octahedron),
	    cmocka_unit_test(test_t5_random_poses),
	    cmocka_unit_test(test_t6_cubes),
	    cmocka_unit_test(test_inner_accept_near_touching),
	    cmocka_unit_test(test_levels_and_traces),
	    cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
