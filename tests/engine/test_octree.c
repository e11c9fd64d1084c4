/* The octree baseline (source 000's "Inc-Oct") against the exact crossing count of the mesh oracle
 * (col_mesh_contains_point, COL_METHOD_CROSSING) on eight mesh classes with four option sets (the
 * defaults, a deep tree, a shallow one, the study's full depth at 512 leaves): random points, the
 * mesh's own vertices, edges and faces, the tree's cell boundaries and origins, integer lattices
 * on integer meshes, and points aimed so the segment from a leaf's origin passes through a mesh
 * vertex or edge (the detour and brute-force routes). Then the tree's promises: children tile their
 * parent at its centre, each cell holds exactly the triangles that meet its closed box (checked
 * against an independent exact test), origins lie off every plane of their leaf with the oracle's
 * state, the info adds up; full depth; statistics and batches; bad input. Failures print the seed
 * and the case. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/mesh.h"
#include "collide/octree.h"
#include "collide/predicates.h"

#include "support.h"

#define SEED 0x4F4354524545ULL /* "OCTREE" */

/* ---- meshes ---- */

typedef struct mesh_arrays {
	col_vec3 v[64];
	int32_t t[3 * 128];
	int nv, nt;
} mesh_arrays;

/* Appends the box [lo, hi], its triangles facing out (or in: a cavity's wall). */
static void add_box(mesh_arrays *m, col_vec3 lo, col_vec3 hi, bool inward)
{
	static const int32_t faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},
	                                     {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},
	                                     {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
	int first = m->nv;
	for (int k = 0; k < 8; k++)
		m->v[m->nv++] = (col_vec3){k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z};
	for (int f = 0; f < 12; f++, m->nt++) {
		m->t[3 * m->nt] = first + faces[f][0];
		m->t[3 * m->nt + 1] = first + faces[f][inward ? 2 : 1];
		m->t[3 * m->nt + 2] = first + faces[f][inward ? 1 : 2];
	}
}

static void add_triangle(mesh_arrays *m, int32_t a, int32_t b, int32_t c)
{
	m->t[3 * m->nt] = a;
	m->t[3 * m->nt + 1] = b;
	m->t[3 * m->nt + 2] = c;
	m->nt++;
}

/* The L (0,0) (4,0) (4,2) (2,2) (2,4) (0,4) swept over z in [0, 2]: a non-convex prism whose
 * faces lie on the first split planes of its cubic root box [0, 4]^3. */
static void add_l_prism(mesh_arrays *m)
{
	static const double l[6][2] = {{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}};
	for (int i = 0; i < 6; i++) {
		m->v[i] = (col_vec3){l[i][0], l[i][1], 0};
		m->v[6 + i] = (col_vec3){l[i][0], l[i][1], 2};
	}
	m->nv = 12;
	static const int32_t cap[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}};
	for (int f = 0; f < 4; f++) {
		add_triangle(m, 6 + cap[f][0], 6 + cap[f][1], 6 + cap[f][2]);
		add_triangle(m, cap[f][2], cap[f][1], cap[f][0]);
	}
	for (int i = 0; i < 6; i++) {
		int j = (i + 1) % 6;
		add_triangle(m, i, j, 6 + j);
		add_triangle(m, i, 6 + j, 6 + i);
	}
}

static col_mesh *mesh_of(const mesh_arrays *m)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create(m->v, m->nv, m->t, m->nt, &mesh, &error), &error);
	return mesh;
}

typedef struct mesh_class {
	const char *name;
	col_mesh *mesh;
	bool lattice; /* coordinates on the quarter-integer lattice */
} mesh_class;

enum { CLASS_COUNT = 8 };

static void make_classes(mesh_class classes[CLASS_COUNT])
{
	col_error error;
	int k = 0;
	classes[k] = (mesh_class){"box", NULL, true};
	check_ok(col_mesh_create_box((col_vec3){1.5, 0.5, 1}, &classes[k++].mesh, &error), &error);
	classes[k] = (mesh_class){"icosphere", NULL, false};
	check_ok(col_mesh_create_icosphere(2, 1.0, &classes[k++].mesh, &error), &error);
	/* Level 2, 320 triangles: the oracle's cost grows with the mesh (level 3 in test_full_depth). */
	classes[k] = (mesh_class){"bumpy sphere", NULL, false};
	check_ok(col_mesh_create_bumpy_sphere(2, &classes[k++].mesh, &error), &error);
	classes[k] = (mesh_class){"torus", NULL, false};
	check_ok(col_mesh_create_torus(1.0, 0.35, 16, 8, &classes[k++].mesh, &error), &error);
	/* Poles where 16 triangles meet: cells around them split down to max_depth. */
	classes[k] = (mesh_class){"uv sphere", NULL, false};
	check_ok(col_mesh_create_uv_sphere(1.0, 16, 9, &classes[k++].mesh, &error), &error);
	mesh_arrays m = {0};
	add_l_prism(&m);
	classes[k++] = (mesh_class){"L prism", mesh_of(&m), true};
	/* A box with a box-shaped cavity, and an island box inside the cavity. */
	memset(&m, 0, sizeof m);
	add_box(&m, (col_vec3){-3, -3, -3}, (col_vec3){3, 3, 3}, false);
	add_box(&m, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, true);
	add_box(&m, (col_vec3){-1, -1, -0.5}, (col_vec3){0.5, 1, 1}, false);
	classes[k++] = (mesh_class){"nested shells", mesh_of(&m), true};
	/* Two cubes sharing an edge, welded: four triangles on that edge (non-manifold, even). */
	memset(&m, 0, sizeof m);
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	add_box(&m, (col_vec3){1, 1, 0}, (col_vec3){2, 2, 1}, false);
	col_mesh *pair = mesh_of(&m);
	assert_int_equal(col_mesh_weld(pair), 2);
	classes[k++] = (mesh_class){"cubes sharing an edge", pair, true};
	assert_int_equal(k, CLASS_COUNT);
}

static void free_classes(mesh_class classes[CLASS_COUNT])
{
	for (int k = 0; k < CLASS_COUNT; k++)
		col_mesh_destroy(classes[k].mesh);
}

/* ---- trees ---- */

enum { OPTION_SETS = 4 };

static col_octree_options option_set(int i)
{
	switch (i) {
	case 1: /* deep: split wherever more than 2 triangles meet (around every vertex), 10 levels */
		return (col_octree_options){10, 2, 0, false};
	case 2: /* shallow: two levels, many triangles per leaf */
		return (col_octree_options){2, 0, 0, false};
	case 3: /* the study's full depth at 512 leaves (its level 3) */
		return (col_octree_options){0, 0, 512, true};
	default: return col_octree_default_options();
	}
}

/* Options with the defaults filled in, as the tree applies them. */
static col_octree_options resolved(col_octree_options options)
{
	col_octree_options defaults = col_octree_default_options();
	if (options.leaf_cells > 0) {
		int depth = 0;
		for (int cells = 1; cells < options.leaf_cells; cells *= 8)
			depth++;
		options.max_depth = depth;
	}
	if (options.max_depth == 0)
		options.max_depth = defaults.max_depth;
	if (options.max_triangles == 0)
		options.max_triangles = defaults.max_triangles;
	return options;
}

static col_octree *build(const col_mesh *mesh, const col_octree_options *options)
{
	col_octree *tree = NULL;
	col_error error = {0};
	if (col_octree_build(mesh, options, &tree, &error) != COL_OK)
		fail_msg("could not build an octree: %s", error.message);
	return tree;
}

static bool oracle(const col_mesh *mesh, col_vec3 p)
{
	return col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING, NULL);
}

/* How often each route answered, over a test. */
typedef struct route_tally {
	long count[COL_OCTREE_ROUTE_BRUTE_FORCE + 1];
} route_tally;

/* The tree must give the oracle's answer at p; its route is tallied. */
static void check_point(rng *r, int i, const char *name, const col_octree *tree, bool expected, col_vec3 p,
                        route_tally *tally)
{
	col_octree_query how;
	bool got = col_octree_contains_explained(tree, p, &how, NULL);
	if (got != expected)
		FAIL_CASE(r, i,
		          "%s: octree %d, crossing count %d at (%.17g, %.17g, %.17g), route %d, leaf %d",
		          name, got, expected, p.x, p.y, p.z, (int)how.route, how.leaf);
	if (tally != NULL)
		tally->count[how.route]++;
}

/* ---- an independent exact test: does the closed triangle meet the closed box? ---- */

/* The closed segment ab meets the closed rectangle [lo, hi]: the boxes overlap and the rectangle
 * is not strictly on one side of the segment's line. */
static bool segment_meets_rectangle(col_vec2 a, col_vec2 b, col_vec2 lo, col_vec2 hi)
{
	if (fmax(a.x, b.x) < lo.x || fmin(a.x, b.x) > hi.x || fmax(a.y, b.y) < lo.y || fmin(a.y, b.y) > hi.y)
		return false;
	col_vec2 corners[4] = {lo, {hi.x, lo.y}, hi, {lo.x, hi.y}};
	bool left = false, right = false;
	for (int i = 0; i < 4; i++) {
		double side = col_orient2d(a, b, corners[i]);
		if (side == 0.0)
			return true;
		left |= side > 0.0;
		right |= side < 0.0;
	}
	return left && right;
}

/* A segment meets a box exactly when each of its three coordinate-plane shadows meets the box's. */
static bool segment_meets_box(col_vec3 a, col_vec3 b, col_aabb3 box)
{
	return segment_meets_rectangle((col_vec2){a.x, a.y}, (col_vec2){b.x, b.y},
	                               (col_vec2){box.min.x, box.min.y}, (col_vec2){box.max.x, box.max.y}) &&
	       segment_meets_rectangle((col_vec2){a.y, a.z}, (col_vec2){b.y, b.z},
	                               (col_vec2){box.min.y, box.min.z}, (col_vec2){box.max.y, box.max.z}) &&
	       segment_meets_rectangle((col_vec2){a.z, a.x}, (col_vec2){b.z, b.x},
	                               (col_vec2){box.min.z, box.min.x}, (col_vec2){box.max.z, box.max.x});
}

static int sign_of(double v)
{
	return (v > 0.0) - (v < 0.0);
}

/* The closed segment pq meets the closed triangle t, where a meeting inside both in t's plane
 * also puts an end of pq on t or pq across an edge of t (which the caller tests). */
static bool segment_pierces_triangle(col_vec3 p, col_vec3 q, col_triangle t)
{
	int sp = sign_of(col_orient3d(t.a, t.b, t.c, p)), sq = sign_of(col_orient3d(t.a, t.b, t.c, q));
	if (sp == 0 || sq == 0)
		return (sp == 0 && col_triangle_contains_point(t, p)) ||
		       (sq == 0 && col_triangle_contains_point(t, q));
	if (sp == sq)
		return false;
	int e1 = sign_of(col_orient3d(p, q, t.a, t.b)), e2 = sign_of(col_orient3d(p, q, t.b, t.c)),
	    e3 = sign_of(col_orient3d(p, q, t.c, t.a));
	return !((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0));
}

/* Two convex bodies meet when a vertex of the triangle is in the box, an edge of it meets the box,
 * or an edge of the box meets the triangle (their meeting's own vertices lie on one of these). */
static bool brute_meets(col_triangle t, col_aabb3 box)
{
	if (col_aabb3_contains(box, t.a) || col_aabb3_contains(box, t.b) || col_aabb3_contains(box, t.c))
		return true;
	if (segment_meets_box(t.a, t.b, box) || segment_meets_box(t.b, t.c, box) ||
	    segment_meets_box(t.c, t.a, box))
		return true;
	for (int k = 0; k < 8; k++) {
		col_vec3 p = {k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y,
		              k & 4 ? box.max.z : box.min.z};
		for (int bit = 1; bit < 8; bit <<= 1) {
			if (k & bit)
				continue;
			int j = k | bit;
			col_vec3 q = {j & 1 ? box.max.x : box.min.x, j & 2 ? box.max.y : box.min.y,
			              j & 4 ? box.max.z : box.min.z};
			if (segment_pierces_triangle(p, q, t))
				return true;
		}
	}
	return false;
}

/* A triangle as its three vertices sorted, so a leaf's turned copy matches the mesh's. */
typedef struct triangle_key {
	double c[9];
} triangle_key;

static int compare_doubles(const double *a, const double *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static triangle_key key_of(col_triangle t)
{
	col_vec3 v[3] = {t.a, t.b, t.c};
	for (int i = 0; i < 3; i++)
		for (int j = i + 1; j < 3; j++)
			if (compare_doubles(&v[j].x, &v[i].x, 3) < 0) {
				col_vec3 s = v[i];
				v[i] = v[j];
				v[j] = s;
			}
	triangle_key key;
	for (int i = 0; i < 3; i++) {
		key.c[3 * i] = v[i].x;
		key.c[3 * i + 1] = v[i].y;
		key.c[3 * i + 2] = v[i].z;
	}
	return key;
}

static int compare_keys(const void *a, const void *b)
{
	return compare_doubles(((const triangle_key *)a)->c, ((const triangle_key *)b)->c, 9);
}

/* Leaf i holds exactly the mesh's triangles that meet its closed box (as a multiset); an inner
 * cell, exactly as many. */
static void check_cell_contents(const char *name, const col_mesh *mesh, const col_octree *tree, int i)
{
	col_octree_cell cell;
	assert_true(col_octree_cell_at(tree, i, &cell));
	int n = col_mesh_triangle_count(mesh);
	triangle_key *expected = malloc((size_t)n * sizeof *expected);
	assert_non_null(expected);
	int m = 0;
	for (int k = 0; k < n; k++)
		if (brute_meets(col_mesh_triangle(mesh, k), cell.box))
			expected[m++] = key_of(col_mesh_triangle(mesh, k));
	if (m != cell.triangle_count)
		fail_msg("%s: cell %d (level %d) holds %d triangles, %d meet its box", name, i, cell.level,
		         cell.triangle_count, m);
	if (cell.first_child < 0) {
		triangle_key *got = malloc((size_t)(m > 0 ? m : 1) * sizeof *got);
		assert_non_null(got);
		for (int k = 0; k < m; k++) {
			col_triangle t;
			assert_true(col_octree_cell_triangle(tree, i, k, &t));
			got[k] = key_of(t);
		}
		assert_false(col_octree_cell_triangle(tree, i, m, &(col_triangle){0}));
		qsort(expected, (size_t)m, sizeof *expected, compare_keys);
		qsort(got, (size_t)m, sizeof *got, compare_keys);
		for (int k = 0; k < m; k++)
			if (compare_keys(&expected[k], &got[k]) != 0)
				fail_msg("%s: leaf %d does not hold the triangles that meet its box", name,
				         i);
		free(got);
	}
	free(expected);
}

/* What the tree promises about itself: the root box is cubic and holds the mesh; eight children
 * tile their parent at its centre; a cell is split only when its options say so, and a leaf holds
 * at most max_triangles unless it is at max_depth or too narrow to split; each leaf's origin lies
 * in its box, behind each of its triangles (so off every plane); the info adds up. On about
 * `sample` cells: a cell holds exactly the triangles meeting its box, a leaf's origin has the
 * oracle's state. */
static void check_structure(const char *name, const col_mesh *mesh, const col_octree *tree,
                            col_octree_options options, int sample)
{
	col_octree_info info = col_octree_get_info(tree);
	col_aabb3 bounds = col_mesh_bounds(mesh);
	col_octree_cell root;
	assert_true(col_octree_cell_at(tree, 0, &root));
	assert_int_equal(root.level, 0);
	assert_true(root.box.min.x <= bounds.min.x && root.box.min.y <= bounds.min.y &&
	            root.box.min.z <= bounds.min.z && root.box.max.x >= bounds.max.x &&
	            root.box.max.y >= bounds.max.y && root.box.max.z >= bounds.max.z);
	double sx = root.box.max.x - root.box.min.x, sy = root.box.max.y - root.box.min.y,
	       sz = root.box.max.z - root.box.min.z;
	double side = fmax(fmax(sx, sy), sz);
	assert_true(side - fmin(fmin(sx, sy), sz) <= 1e-12 * side);
	assert_int_equal(root.triangle_count, col_mesh_triangle_count(mesh));
	int leaves = 0, depth = 0, most = 0;
	size_t references = 0;
	int stride = info.cells / sample + 1;
	for (int i = 0; i < info.cells; i++) {
		col_octree_cell cell;
		assert_true(col_octree_cell_at(tree, i, &cell));
		col_aabb3 b = cell.box;
		if (cell.level > depth)
			depth = cell.level;
		if (i % stride == 0)
			check_cell_contents(name, mesh, tree, i);
		if (cell.first_child >= 0) {
			assert_true(cell.first_child > i && cell.first_child + 7 < info.cells);
			assert_true(cell.level < options.max_depth &&
			            (options.full_depth || cell.triangle_count > options.max_triangles));
			col_vec3 c = {0.5 * (b.min.x + b.max.x), 0.5 * (b.min.y + b.max.y),
			              0.5 * (b.min.z + b.max.z)};
			for (int k = 0; k < 8; k++) {
				col_octree_cell child;
				assert_true(col_octree_cell_at(tree, cell.first_child + k, &child));
				assert_int_equal(child.level, cell.level + 1);
				assert_true(child.triangle_count <= cell.triangle_count);
				assert_true(child.box.min.x == ((k & 1) ? c.x : b.min.x));
				assert_true(child.box.max.x == ((k & 1) ? b.max.x : c.x));
				assert_true(child.box.min.y == ((k & 2) ? c.y : b.min.y));
				assert_true(child.box.max.y == ((k & 2) ? b.max.y : c.y));
				assert_true(child.box.min.z == ((k & 4) ? c.z : b.min.z));
				assert_true(child.box.max.z == ((k & 4) ? b.max.z : c.z));
			}
			assert_false(col_octree_cell_triangle(tree, i, 0, &(col_triangle){0}));
			continue;
		}
		leaves++;
		references += (size_t)cell.triangle_count;
		if (cell.triangle_count > most)
			most = cell.triangle_count;
		double narrow = 0x1p-22 * (fabs(b.max.x) + fabs(b.max.y) + fabs(b.max.z) + side);
		if (cell.level < options.max_depth && b.max.x - b.min.x > narrow) {
			if (options.full_depth)
				fail_msg("%s: full depth, yet leaf %d is at level %d", name, i, cell.level);
			assert_true(cell.triangle_count <= options.max_triangles);
		}
		if (!cell.has_origin)
			continue;
		if (!col_aabb3_contains(b, cell.origin))
			fail_msg("%s: leaf %d's origin lies outside its box", name, i);
		for (int k = 0; k < cell.triangle_count; k++) {
			col_triangle t;
			assert_true(col_octree_cell_triangle(tree, i, k, &t));
			if (!col_triangle_is_degenerate(t) &&
			    !(col_orient3d(t.a, t.b, t.c, cell.origin) > 0.0))
				fail_msg("%s: leaf %d's triangle %d does not have the origin behind it", name,
				         i, k);
		}
		/* The oracle is slow, and origins are among the random points too: a sample. */
		if (i % stride == 0 && cell.origin_inside != oracle(mesh, cell.origin))
			fail_msg("%s: leaf %d's origin (%.17g, %.17g, %.17g) is stored %s", name, i,
			         cell.origin.x, cell.origin.y, cell.origin.z,
			         cell.origin_inside ? "inside" : "outside");
	}
	assert_int_equal(leaves, info.leaves);
	assert_int_equal(most, info.max_leaf_triangles);
	assert_int_equal(depth, info.depth);
	assert_true(references == info.triangle_references);
	assert_true(info.depth <= options.max_depth);
	/* at least its references (an int each) and its copy of the triangles */
	assert_true(info.memory_bytes >=
	            references * sizeof(int) + (size_t)col_mesh_triangle_count(mesh) * sizeof(col_triangle));
	assert_false(col_octree_cell_at(tree, info.cells, &root));
	assert_false(col_octree_cell_at(tree, -1, &root));
}

/* ---- query points ---- */

/* A point where a tree is delicate: a random cell's origin, corner, a point on a face of its box
 * (a split plane), or its centre (a split point, a candidate origin). */
static col_vec3 cell_point(rng *r, const col_octree *tree)
{
	col_octree_cell cell;
	assert_true(col_octree_cell_at(tree, rng_int(r, 0, col_octree_get_info(tree).cells - 1), &cell));
	col_aabb3 b = cell.box;
	col_vec3 p = {rng_in(r, b.min.x, b.max.x), rng_in(r, b.min.y, b.max.y), rng_in(r, b.min.z, b.max.z)};
	switch (rng_int(r, 0, 3)) {
	case 0: return cell.origin;
	case 1:
		return (col_vec3){rng_coin(r) ? b.min.x : b.max.x, rng_coin(r) ? b.min.y : b.max.y,
		                  rng_coin(r) ? b.min.z : b.max.z};
	case 2:
		switch (rng_int(r, 0, 2)) {
		case 0: p.x = rng_coin(r) ? b.min.x : b.max.x; break;
		case 1: p.y = rng_coin(r) ? b.min.y : b.max.y; break;
		default: p.z = rng_coin(r) ? b.min.z : b.max.z; break;
		}
		return p;
	default:
		return (col_vec3){0.5 * (b.min.x + b.max.x), 0.5 * (b.min.y + b.max.y),
		                  0.5 * (b.min.z + b.max.z)};
	}
}

/* A point on or near the surface: a vertex, a point of an edge, of a face (rounding may move the
 * last two off it: the oracle judges), or a vertex nudged by a few units in the last place. */
static col_vec3 surface_point(rng *r, const col_mesh *mesh)
{
	col_triangle t = col_mesh_triangle(mesh, rng_int(r, 0, col_mesh_triangle_count(mesh) - 1));
	switch (rng_int(r, 0, 3)) {
	case 0: return t.a;
	case 1: return col_vec3_lerp(t.a, t.b, rng_unit(r));
	case 2: {
		double u = rng_unit(r), v = rng_unit(r);
		if (u + v > 1.0) {
			u = 1.0 - u;
			v = 1.0 - v;
		}
		return col_vec3_add(t.a, col_vec3_add(col_vec3_scale(col_vec3_sub(t.b, t.a), u),
		                                      col_vec3_scale(col_vec3_sub(t.c, t.a), v)));
	}
	default: {
		col_vec3 p = t.b;
		for (int k = rng_int(r, 1, 4); k > 0; k--)
			p.x = nextafter(p.x, rng_coin(r) ? INFINITY : -INFINITY);
		p.z = nextafter(p.z, rng_coin(r) ? INFINITY : -INFINITY);
		return p;
	}
	}
}

/* A point of the quarter-integer lattice around the box. */
static col_vec3 lattice_point(rng *r, col_aabb3 box)
{
	return (col_vec3){0.25 * rng_int(r, 4 * (int)floor(box.min.x) - 4, 4 * (int)ceil(box.max.x) + 4),
	                  0.25 * rng_int(r, 4 * (int)floor(box.min.y) - 4, 4 * (int)ceil(box.max.y) + 4),
	                  0.25 * rng_int(r, 4 * (int)floor(box.min.z) - 4, 4 * (int)ceil(box.max.z) + 4)};
}

/* Every tree (trees[s] built with option set s) must give the oracle's answer on `count` points:
 * 3/5 uniform in the grown box, 1/5 on cells of the trees, 1/5 on or near the surface or, for
 * lattice meshes, on the quarter-integer lattice. Returns the number inside. */
static int check_points(rng *r, const char *name, const col_mesh *mesh, col_octree *const *trees,
                        int tree_count, bool lattice, int count, route_tally *tally)
{
	col_aabb3 box = col_mesh_bounds(mesh);
	int inside = 0;
	for (int i = 0; i < count; i++) {
		col_vec3 p;
		int kind = rng_int(r, 0, 4);
		if (kind == 3)
			p = cell_point(r, trees[rng_int(r, 0, tree_count - 1)]);
		else if (kind == 4)
			p = lattice && rng_coin(r) ? lattice_point(r, box) : surface_point(r, mesh);
		else
			p = rng_in_grown_box(r, box);
		bool expected = oracle(mesh, p);
		inside += expected;
		for (int t = 0; t < tree_count; t++) {
			char label[96];
			snprintf(label, sizeof label, "%s, option set %d", name, t);
			check_point(r, i, label, trees[t], expected, p, tally);
		}
	}
	return inside;
}

/* ---- the classes ---- */

static void check_class(int index)
{
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	mesh_class c = classes[index];
	rng stream = rng_make(rng_env_seed(SEED + (uint64_t)index));
	col_octree *trees[OPTION_SETS];
	for (int t = 0; t < OPTION_SETS; t++) {
		col_octree_options options = option_set(t);
		trees[t] = build(c.mesh, &options);
		check_structure(c.name, c.mesh, trees[t], resolved(options), 400);
	}
	route_tally tally = {{0}};
	int inside = check_points(&stream, c.name, c.mesh, trees, OPTION_SETS, c.lattice,
	                          COLLIDE_RANDOM_CASES, &tally);
	/* Both answers common, and the surface reached through the leaves. */
	assert_true(inside > COLLIDE_RANDOM_CASES / 20 && inside < COLLIDE_RANDOM_CASES * 19 / 20);
	assert_true(tally.count[COL_OCTREE_ROUTE_SURFACE] > 0 && tally.count[COL_OCTREE_ROUTE_COUNT] > 0);
	for (int t = 0; t < OPTION_SETS; t++)
		col_octree_destroy(trees[t]);
	free_classes(classes);
}

#define CLASS_TEST(function, index)                                                                          \
	static void function(void **state)                                                                   \
	{                                                                                                    \
		(void)state;                                                                                 \
		check_class(index);                                                                          \
	}

CLASS_TEST(test_box, 0)
CLASS_TEST(test_icosphere, 1)
CLASS_TEST(test_bumpy_sphere, 2)
CLASS_TEST(test_torus, 3)
CLASS_TEST(test_uv_sphere, 4)
CLASS_TEST(test_l_prism, 5)
CLASS_TEST(test_nested_shells, 6)
CLASS_TEST(test_cubes_sharing_an_edge, 7)

/* ---- degenerate routes ---- */

/* Points aimed through the mesh: for each leaf and each vertex or edge midpoint v of the mesh in
 * its box, p = v + (v - origin) / 2^k, the largest such step that stays in the box. On a lattice
 * mesh with a dyadic origin p is exact, so the segment from the origin to p passes exactly through
 * v: a vertex or an edge, where the count cannot decide. */
static void check_aimed_points(rng *r, const char *name, const col_mesh *mesh, const col_octree *tree,
                               route_tally *tally, long *checked)
{
	int n = col_mesh_triangle_count(mesh);
	col_octree_info info = col_octree_get_info(tree);
	for (int i = 0; i < info.cells; i++) {
		col_octree_cell cell;
		assert_true(col_octree_cell_at(tree, i, &cell));
		if (cell.first_child >= 0 || !cell.has_origin)
			continue;
		for (int k = 0; k < 2 * n; k++) {
			col_triangle t = col_mesh_triangle(mesh, k / 2);
			col_vec3 v = k % 2 == 0 ? t.a : col_vec3_scale(col_vec3_add(t.a, t.b), 0.5);
			if (!col_aabb3_contains(cell.box, v) || col_vec3_equal(v, cell.origin))
				continue;
			col_vec3 step = col_vec3_sub(v, cell.origin);
			for (double s = 1.0; s > 0x1p-12; s *= 0.5) {
				col_vec3 p = col_vec3_add(v, col_vec3_scale(step, s));
				if (col_aabb3_contains(cell.box, p)) {
					check_point(r, (int)(*checked)++, name, tree, oracle(mesh, p), p,
					            tally);
					break;
				}
			}
		}
	}
}

/* Lattice meshes and every point of the quarter-integer lattice around them, with every option
 * set: points on faces, edges and vertices, on split planes and cell corners; then points aimed
 * through vertices and edges. The detour must be taken, and be right. */
static void test_lattice_and_aimed_points(void **state)
{
	(void)state;
	mesh_class classes[CLASS_COUNT];
	make_classes(classes);
	rng r = rng_make(rng_env_seed(SEED + 100));
	route_tally grid = {{0}}, aimed = {{0}};
	long checked = 0, aimed_checked = 0;
	for (int k = 0; k < CLASS_COUNT; k++) {
		if (!classes[k].lattice)
			continue;
		const col_mesh *mesh = classes[k].mesh;
		col_aabb3 box = col_mesh_bounds(mesh);
		for (int t = 0; t < OPTION_SETS; t++) {
			col_octree_options options = option_set(t);
			col_octree *tree = build(mesh, &options);
			char name[96];
			snprintf(name, sizeof name, "%s, option set %d", classes[k].name, t);
			for (double x = floor(box.min.x) - 0.5; x <= box.max.x + 0.5; x += 0.25)
				for (double y = floor(box.min.y) - 0.5; y <= box.max.y + 0.5; y += 0.25)
					for (double z = floor(box.min.z) - 0.5; z <= box.max.z + 0.5;
					     z += 0.25) {
						col_vec3 p = {x, y, z};
						check_point(&r, (int)checked++, name, tree, oracle(mesh, p),
						            p, &grid);
					}
			check_aimed_points(&r, name, mesh, tree, &aimed, &aimed_checked);
			col_octree_destroy(tree);
		}
	}
	free_classes(classes);
	print_message("lattice: %ld points: %ld outside the box, %ld counted, %ld on the surface, %ld "
	              "detours, %ld brute force\n",
	              checked, grid.count[COL_OCTREE_ROUTE_OUTSIDE_BOX], grid.count[COL_OCTREE_ROUTE_COUNT],
	              grid.count[COL_OCTREE_ROUTE_SURFACE], grid.count[COL_OCTREE_ROUTE_DETOUR],
	              grid.count[COL_OCTREE_ROUTE_BRUTE_FORCE]);
	print_message("aimed: %ld points: %ld counted, %ld on the surface, %ld detours, %ld brute force\n",
	              aimed_checked, aimed.count[COL_OCTREE_ROUTE_COUNT],
	              aimed.count[COL_OCTREE_ROUTE_SURFACE], aimed.count[COL_OCTREE_ROUTE_DETOUR],
	              aimed.count[COL_OCTREE_ROUTE_BRUTE_FORCE]);
	assert_true(checked > 50000);
	assert_true(grid.count[COL_OCTREE_ROUTE_SURFACE] > 1000);
	assert_true(grid.count[COL_OCTREE_ROUTE_COUNT] > 1000);
	assert_true(aimed.count[COL_OCTREE_ROUTE_DETOUR] > 100);
}

/* The L prism's root box is [0, 4]^3: its centre (2, 2, 2) lies on the top face's plane and on the
 * L's inner walls, so the root's origin must move; the centre itself is on the surface. */
static void test_origin_on_a_plane_is_moved(void **state)
{
	(void)state;
	mesh_arrays m = {0};
	add_l_prism(&m);
	col_mesh *mesh = mesh_of(&m);
	col_octree_options options = {3, 1, 0, false};
	col_octree *tree = build(mesh, &options);
	check_structure("L prism", mesh, tree, options, 1000);
	col_octree_cell root;
	assert_true(col_octree_cell_at(tree, 0, &root));
	assert_true(root.box.min.x == 0 && root.box.max.x == 4 && root.box.max.z == 4);
	assert_false(col_vec3_equal(root.origin, (col_vec3){2, 2, 2}));
	col_octree_query how;
	assert_true(col_octree_contains_explained(tree, (col_vec3){2, 2, 2}, &how, NULL));
	assert_int_equal(how.route, COL_OCTREE_ROUTE_SURFACE);
	assert_false(col_octree_contains(tree, (col_vec3){3, 3, 1}, NULL)); /* in the L's notch */
	assert_true(col_octree_contains(tree, (col_vec3){1, 3, 1}, NULL));
	col_octree_destroy(tree);
	col_mesh_destroy(mesh);
}

/* A cube one unit in the last place wide: every double of its box is one of its corners, on the
 * planes of its faces, so the root has no origin and cannot be split; the brute force answers. */
static void test_no_room_for_an_origin(void **state)
{
	(void)state;
	double u = nextafter(1.0, 2.0);
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){1, 1, 1}, (col_vec3){u, u, u}, false);
	col_mesh *mesh = mesh_of(&m);
	col_octree *tree = build(mesh, NULL);
	col_octree_cell root;
	assert_true(col_octree_cell_at(tree, 0, &root));
	assert_int_equal(col_octree_get_info(tree).cells, 1);
	assert_false(root.has_origin);
	col_triangle t;
	assert_true(col_octree_cell_triangle(tree, 0, 11, &t));
	for (int k = 0; k < 8; k++) {
		col_vec3 p = {k & 1 ? u : 1, k & 2 ? u : 1, k & 4 ? u : 1};
		col_octree_query how;
		col_query_stats stats = {0};
		assert_true(col_octree_contains_explained(tree, p, &how, &stats));
		assert_int_equal(how.route, COL_OCTREE_ROUTE_BRUTE_FORCE);
		assert_int_equal(how.leaf, 0);
		assert_true(stats.primitives_tested >= 1);
	}
	assert_false(col_octree_contains(tree, (col_vec3){1, 1, nextafter(1.0, 0.0)}, NULL));
	assert_false(col_octree_contains(tree, (col_vec3){1, 1, nextafter(u, 2.0)}, NULL));
	col_octree_destroy(tree);
	col_mesh_destroy(mesh);
}

/* ---- the study's subdivision counts ---- */

/* Full depth at 8, 512 and 32768 leaves: every cell split down to the level, empty or not; without
 * full_depth the same leaf_cells only bounds the depth. */
static void test_full_depth(void **state)
{
	(void)state;
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(3, &mesh, &error), &error);
	rng r = rng_make(rng_env_seed(SEED + 101));
	const int counts[3] = {8, 512, 32768};
	for (int level = 1, i = 0; i < 3; i++, level += 2) {
		col_octree_options options = {0, 0, counts[i], true};
		col_octree *tree = build(mesh, &options);
		col_octree_info info = col_octree_get_info(tree);
		assert_int_equal(info.leaves, counts[i]);
		assert_int_equal(info.depth, level);
		assert_int_equal(info.cells, (8 * counts[i] - 1) / 7);
		check_structure("full depth", mesh, tree, resolved(options), 200);
		char name[64];
		snprintf(name, sizeof name, "full depth, %d leaves", counts[i]);
		check_points(&r, name, mesh, &tree, 1, false, COLLIDE_RANDOM_CASES / 10, NULL);
		col_octree_destroy(tree);

		options.full_depth = false;
		tree = build(mesh, &options);
		assert_true(col_octree_get_info(tree).depth <= level);
		assert_true(col_octree_get_info(tree).leaves <= counts[i]);
		check_structure("leaf_cells", mesh, tree, resolved(options), 200);
		col_octree_destroy(tree);
	}
	col_mesh_destroy(mesh);
}

/* ---- statistics and batches ---- */

static void test_stats_and_batches(void **state)
{
	(void)state;
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(3, &mesh, &error), &error);
	col_octree *tree = build(mesh, NULL);
	col_octree_info info = col_octree_get_info(tree);
	rng r = rng_make(rng_env_seed(SEED + 102));
	enum { N = 4000 };
	col_vec3 *points = malloc(N * sizeof *points);
	bool *inside = malloc(N * sizeof *inside);
	assert_true(points != NULL && inside != NULL);
	col_aabb3 box = col_mesh_bounds(mesh);
	for (int i = 0; i < N; i++)
		points[i] = (col_vec3){rng_in(&r, box.min.x, box.max.x), rng_in(&r, box.min.y, box.max.y),
		                       rng_in(&r, box.min.z, box.max.z)};
	col_query_stats batch = {0}, single = {0};
	col_octree_contains_points(tree, points, N, inside, &batch);
	for (int i = 0; i < N; i++) {
		col_octree_query how;
		bool one = col_octree_contains_explained(tree, points[i], &how, &single);
		if (inside[i] != one || one != oracle(mesh, points[i]))
			FAIL_CASE(&r, i, "batch %d, single %d", inside[i], one);
		col_octree_cell leaf;
		assert_true(col_octree_cell_at(tree, how.leaf, &leaf));
		assert_true(leaf.first_child < 0 && col_aabb3_contains(leaf.box, points[i]));
	}
	assert_true(batch.queries == N && single.queries == N);
	assert_true(batch.nodes_visited == single.nodes_visited);
	assert_true(batch.primitives_tested == single.primitives_tested);
	/* Every point is in the box: each descent visits the root and at most depth more cells. */
	assert_true(batch.nodes_visited > (uint64_t)N &&
	            batch.nodes_visited <= (uint64_t)N * (info.depth + 1));
	assert_true(batch.primitives_tested <= (uint64_t)N * (uint64_t)info.max_leaf_triangles);
	free(points);
	free(inside);
	col_octree_destroy(tree);
	col_mesh_destroy(mesh);
}

/* ---- bad input ---- */

static void expect_refused(const col_mesh *mesh, col_octree_options options, col_status code,
                           const char *what)
{
	col_octree *tree = (col_octree *)&options; /* must be overwritten with NULL */
	col_error error = {0};
	assert_int_equal(col_octree_build(mesh, &options, &tree, &error), code);
	assert_null(tree);
	assert_int_equal(error.code, code);
	if (strstr(error.message, what) == NULL)
		fail_msg("expected \"%s\" in \"%s\"", what, error.message);
}

static void test_bad_input(void **state)
{
	(void)state;
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	col_mesh *box = mesh_of(&m);
	col_octree *tree = (col_octree *)&m;
	col_error error = {0};
	assert_int_equal(col_octree_build(NULL, NULL, &tree, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(tree);
	assert_int_equal(col_octree_build(box, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);

	const col_octree_options negative[] = {{-1, 0, 0, false}, {0, -1, 0, false}, {0, 0, -8, false}};
	for (int i = 0; i < 3; i++)
		expect_refused(box, negative[i], COL_ERROR_INVALID_ARGUMENT, ">= 0");
	expect_refused(box, (col_octree_options){0, 0, 100, false}, COL_ERROR_INVALID_ARGUMENT, "power of 8");
	expect_refused(box, (col_octree_options){4, 0, 512, false}, COL_ERROR_INVALID_ARGUMENT, "disagrees");
	expect_refused(box, (col_octree_options){8, 0, 0, true}, COL_ERROR_INVALID_ARGUMENT, "full_depth");
	expect_refused(box, (col_octree_options){0, 0, 1 << 24, true}, COL_ERROR_INVALID_ARGUMENT,
	               "full_depth");

	/* An open mesh (one triangle fewer) and a flipped triangle are refused, saying why. */
	col_mesh *open = NULL;
	check_ok(col_mesh_create(m.v, m.nv, m.t, m.nt - 1, &open, &error), &error);
	expect_refused(open, col_octree_default_options(), COL_ERROR_TOPOLOGY, "boundary");
	mesh_arrays flipped_arrays = m;
	flipped_arrays.t[0] = m.t[1];
	flipped_arrays.t[1] = m.t[0];
	col_mesh *flipped = mesh_of(&flipped_arrays);
	expect_refused(flipped, col_octree_default_options(), COL_ERROR_TOPOLOGY, "misoriented");
	/* A bipyramid with its equator triangle as an inner wall: closed, and validate finds no
	 * misoriented edge, but each equator edge has three triangles and the inside is undefined. */
	mesh_arrays b = {0};
	b.v[0] = (col_vec3){0, 0, 0};
	b.v[1] = (col_vec3){2, 0, 0};
	b.v[2] = (col_vec3){0, 2, 0};
	b.v[3] = (col_vec3){0.5, 0.5, 1};
	b.v[4] = (col_vec3){0.5, 0.5, -1};
	b.nv = 5;
	add_triangle(&b, 3, 0, 1);
	add_triangle(&b, 3, 1, 2);
	add_triangle(&b, 3, 2, 0);
	add_triangle(&b, 4, 1, 0);
	add_triangle(&b, 4, 2, 1);
	add_triangle(&b, 4, 0, 2);
	add_triangle(&b, 0, 1, 2);
	col_mesh *book = mesh_of(&b);
	expect_refused(book, col_octree_default_options(), COL_ERROR_TOPOLOGY, "used by 3");

	/* A huge depth is bounded by the cells' size, not by the option. */
	col_mesh *sphere = NULL;
	check_ok(col_mesh_create_icosphere(1, 1.0, &sphere, &error), &error);
	col_octree_options huge = {1000000, 4, 0, false};
	tree = build(sphere, &huge);
	assert_true(col_octree_get_info(tree).depth < 80);
	assert_true(col_octree_get_info(tree).depth > 20);
	rng r = rng_make(rng_env_seed(SEED + 103));
	check_points(&r, "huge depth", sphere, &tree, 1, false, 2000, NULL);
	col_octree_destroy(tree);

	/* Points that are no points, NULL trees and indices out of range. */
	tree = build(box, NULL);
	const col_vec3 odd[] = {{NAN, 0.5, 0.5},      {0.5, NAN, 0.5},       {0.5, 0.5, NAN},
	                        {INFINITY, 0.5, 0.5}, {-INFINITY, 0.5, 0.5}, {0.5, 0.5, 1e300}};
	for (int i = 0; i < 6; i++) {
		col_octree_query how = {COL_OCTREE_ROUTE_COUNT, 7};
		assert_false(col_octree_contains_explained(tree, odd[i], &how, NULL));
		assert_int_equal(how.route, COL_OCTREE_ROUTE_OUTSIDE_BOX);
		assert_int_equal(how.leaf, -1);
	}
	assert_true(col_octree_contains(tree, (col_vec3){0.5, 0.5, 0.5}, NULL));
	assert_true(col_octree_contains(tree, (col_vec3){1, 1, 1}, NULL));
	assert_false(col_octree_contains(NULL, (col_vec3){0.5, 0.5, 0.5}, NULL));
	bool answers[2] = {true, true};
	col_octree_contains_points(tree, NULL, 2, answers, NULL);
	assert_false(answers[0] || answers[1]);
	answers[0] = answers[1] = true;
	col_query_stats stats = {0};
	col_octree_contains_points(NULL, odd, 2, answers, &stats);
	assert_false(answers[0] || answers[1]);
	assert_true(stats.queries == 0);
	col_octree_contains_points(tree, odd, 2, NULL, NULL); /* nowhere to answer: nothing happens */
	col_octree_cell cell;
	col_triangle t;
	assert_false(col_octree_cell_at(NULL, 0, &cell));
	assert_false(col_octree_cell_at(tree, 0, NULL));
	assert_false(col_octree_cell_triangle(NULL, 0, 0, &t));
	assert_false(col_octree_cell_triangle(tree, 0, -1, &t));
	assert_false(col_octree_cell_triangle(tree, 0, 12, &t));
	assert_false(col_octree_cell_triangle(tree, 0, 0, NULL));
	assert_int_equal(col_octree_get_info(NULL).cells, 0);
	col_octree_destroy(NULL);

	col_octree_destroy(tree);
	col_mesh_destroy(box);
	col_mesh_destroy(open);
	col_mesh_destroy(flipped);
	col_mesh_destroy(book);
	col_mesh_destroy(sphere);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_box),
	    cmocka_unit_test(test_icosphere),
	    cmocka_unit_test(test_bumpy_sphere),
	    cmocka_unit_test(test_torus),
	    cmocka_unit_test(test_uv_sphere),
	    cmocka_unit_test(test_l_prism),
	    cmocka_unit_test(test_nested_shells),
	    cmocka_unit_test(test_cubes_sharing_an_edge),
	    cmocka_unit_test(test_lattice_and_aimed_points),
	    cmocka_unit_test(test_origin_on_a_plane_is_moved),
	    cmocka_unit_test(test_no_room_for_an_origin),
	    cmocka_unit_test(test_full_depth),
	    cmocka_unit_test(test_stats_and_batches),
	    cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
