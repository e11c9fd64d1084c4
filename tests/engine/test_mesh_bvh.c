/* The mesh BVH (mesh_bvh.h): every query against the brute-force oracles of mesh.h on random cases
 * of every mesh class, with leaves of 1, 4 and 16 triangles: points against the exact crossing
 * count, balls against col_mesh_intersects_sphere and every triangle's
 * col_triangle_intersects_sphere, nearest points against every triangle's
 * col_triangle_closest_point, rays against every triangle, pairs against col_mesh_intersects_mesh,
 * every triangle pair and col_mesh_contacts. Then the hierarchy's invariants; exact degenerate
 * cases (points and balls on faces, edges and vertices, coplanar and shared faces, one solid or one
 * piece inside the other, far and tiny meshes, triangles the split cannot separate); the
 * surface-only BVH of an open mesh; traces and statistics; bad input.
 *
 * Cases per class: 10^5 points (containment), 10^5 balls (solid and surface tests, contacts of
 * one in eight), 10^5 points (nearest point, signed distance), 2.5 10^4 rays; 10^5 random poses
 * over the class pairs, 2 10^4 small solids in and around them, 2 10^3 contact sets. A tenth of
 * all that with COLLIDE_FAST_TESTS (the sanitizer builds). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/mesh_bvh.h"

#include "mesh_cases.h"
#include "mesh_oracles.h"
#include "support.h"

/* ---- classes and builds ---- */

enum { CLASSES = CLASS_COUNT + 1 };

/* mesh_cases.h's classes at a few hundred triangles at most, so that the brute-force oracles stay
 * cheap at 10^5 cases per class: the bumpy sphere at level 2 (320 triangles, not 1280) and the
 * torus at 16 x 8 (256, not 576). One more: two unit boxes sharing a face, not welded, so the
 * face's two triangles are there twice, facing each other, with the same centroids. */
static void make_bvh_classes(mesh_class classes[CLASSES])
{
	make_classes(classes);
	col_error error;
	for (int k = 0; k < CLASS_COUNT; k++) {
		if (strcmp(classes[k].name, "bumpy sphere") == 0) {
			col_mesh_destroy(classes[k].mesh);
			check_ok(col_mesh_create_bumpy_sphere(2, &classes[k].mesh, &error), &error);
		} else if (strcmp(classes[k].name, "torus") == 0) {
			col_mesh_destroy(classes[k].mesh);
			check_ok(col_mesh_create_torus(1.0, 0.35, 16, 8, &classes[k].mesh, &error), &error);
		}
	}
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	add_box(&m, (col_vec3){1, 0, 0}, (col_vec3){2, 1, 1}, false);
	classes[CLASS_COUNT].name = "boxes sharing a face";
	classes[CLASS_COUNT].mesh = mesh_of(&m);
}

static void free_bvh_classes(mesh_class classes[CLASSES])
{
	for (int k = 0; k < CLASSES; k++)
		col_mesh_destroy(classes[k].mesh);
}

/* The leaf sizes every class is checked with: 0 stands for the default options (passed as NULL),
 * then 1 and 16. */
enum { LEAF_VARIANTS = 3 };
static const int leaf_sizes[LEAF_VARIANTS] = {0, 1, 16};

static int leaf_limit(int leaf_triangles)
{
	return leaf_triangles > 0 ? leaf_triangles : col_mesh_bvh_default_options().leaf_triangles;
}

static col_mesh_bvh *bvh_of(const col_mesh *mesh, int leaf_triangles, bool surface_only)
{
	col_mesh_bvh_options options = col_mesh_bvh_default_options();
	if (leaf_triangles > 0)
		options.leaf_triangles = leaf_triangles;
	options.surface_only = surface_only;
	bool defaults = leaf_triangles == 0 && !surface_only;
	col_mesh_bvh *bvh = NULL;
	col_error error;
	check_ok(col_mesh_bvh_build(mesh, defaults ? NULL : &options, &bvh, &error), &error);
	assert_non_null(bvh);
	return bvh;
}

/* One mesh's BVHs: a solid one per leaf size, and a surface-only one with the default leaves; and
 * its triangles for the oracles. */
typedef struct bvh_set {
	col_mesh_bvh *leaf[LEAF_VARIANTS];
	col_mesh_bvh *surface;
	mesh_oracle every;
} bvh_set;

static bvh_set bvh_set_of(const col_mesh *mesh)
{
	bvh_set set;
	for (int v = 0; v < LEAF_VARIANTS; v++)
		set.leaf[v] = bvh_of(mesh, leaf_sizes[v], false);
	set.surface = bvh_of(mesh, 0, true);
	set.every = mesh_oracle_make(mesh);
	return set;
}

static void bvh_set_destroy(bvh_set *set)
{
	for (int v = 0; v < LEAF_VARIANTS; v++)
		col_mesh_bvh_destroy(set->leaf[v]);
	col_mesh_bvh_destroy(set->surface);
	mesh_oracle_free(&set->every);
}

static double mesh_size(const col_mesh *mesh)
{
	col_aabb3 box = col_mesh_bounds(mesh);
	return col_vec3_distance(box.min, box.max);
}

/* ---- oracles ---- */

static bool contains_oracle(const col_mesh *mesh, col_vec3 p)
{
	return col_mesh_contains_point(mesh, p, COL_METHOD_CROSSING, NULL);
}

/* Whether the surfaces of a and of b (moved by pose) meet, by every pair of triangles. A pair whose
 * exact bounds (of the same rounded moved vertices) are apart cannot meet, so those are skipped. */
static bool surfaces_oracle(const col_mesh *a, const col_mesh *b, col_transform3 pose)
{
	int na = col_mesh_triangle_count(a), nb = col_mesh_triangle_count(b);
	col_triangle *moved = malloc(sizeof *moved * (size_t)nb);
	col_aabb3 *bounds = malloc(sizeof *bounds * (size_t)nb);
	int *near = malloc(sizeof *near * (size_t)nb);
	assert_non_null(moved);
	assert_non_null(bounds);
	assert_non_null(near);
	col_aabb3 all_a = col_aabb3_empty(), all_b = col_aabb3_empty();
	for (int i = 0; i < na; i++)
		all_a = col_aabb3_union(all_a, col_triangle_bounds(col_mesh_triangle(a, i)));
	/* b's triangles near a's bounds, moved. */
	int near_count = 0;
	for (int j = 0; j < nb; j++) {
		col_triangle moved_j = col_triangle_moved(col_mesh_triangle(b, j), pose);
		col_aabb3 box = col_triangle_bounds(moved_j);
		if (!col_aabb3_overlaps(box, all_a))
			continue;
		moved[near_count] = moved_j;
		bounds[near_count] = box;
		near[near_count++] = j;
		all_b = col_aabb3_union(all_b, box);
	}
	bool met = false;
	for (int i = 0; i < na && !met && near_count > 0; i++) {
		col_triangle ta = col_mesh_triangle(a, i);
		col_aabb3 box = col_triangle_bounds(ta);
		if (!col_aabb3_overlaps(box, all_b))
			continue;
		for (int j = 0; j < near_count && !met; j++)
			met = col_aabb3_overlaps(box, bounds[j]) &&
			      col_triangle_intersects_triangle(ta, moved[j]);
	}
	free(moved);
	free(bounds);
	free(near);
	return met;
}

/* The BVH's ray against every triangle's: a hit where every triangle says one (by a margin), no hit
 * nearer than any triangle's near miss, the point on the ray, a unit normal, a real triangle.
 * Returns whether it hit. */
static bool check_ray(rng *r, int i, const char *name, const mesh_oracle *every, const col_mesh_bvh *bvh,
                      col_vec3 o, col_vec3 d, double max_distance)
{
	const col_mesh *mesh = every->mesh;
	double size = mesh_size(mesh);
	double strict, loose;
	ray_oracle(every, o, d, &strict, &loose);
	col_ray_hit3 hit;
	bool got = col_mesh_bvh_ray_cast(bvh, o, d, max_distance, &hit, NULL);
	double scale = (size + col_vec3_length(o)) / col_vec3_length(d);
	if (strict < INFINITY && strict <= max_distance * (1 - 1e-9) && !got)
		FAIL_CASE(r, i,
		          "%s: the ray (%.17g %.17g %.17g) + t (%.17g %.17g %.17g) misses, but hits every "
		          "triangle's at %.17g",
		          name, o.x, o.y, o.z, d.x, d.y, d.z, strict);
	if (got &&
	    (!(hit.distance >= 0.0) || hit.distance < loose - 1e-9 * scale || hit.distance > max_distance ||
	     (strict < INFINITY && hit.distance > strict + 1e-9 * scale) || loose == INFINITY))
		FAIL_CASE(r, i,
		          "%s: the ray (%.17g %.17g %.17g) + t (%.17g %.17g %.17g) hits at %.17g, every "
		          "triangle says %.17g to %.17g",
		          name, o.x, o.y, o.z, d.x, d.y, d.z, hit.distance, loose, strict);
	if (got) {
		col_vec3 expect = col_vec3_add(o, col_vec3_scale(d, hit.distance));
		if (col_vec3_distance(expect, hit.point) >
		    1e-12 * (size + col_vec3_length(o)) + 1e-15 * hit.distance * col_vec3_length(d))
			FAIL_CASE(r, i,
			          "%s: hit point (%.17g %.17g %.17g) at %.17g, o + t d = (%.17g %.17g %.17g)",
			          name, hit.point.x, hit.point.y, hit.point.z, hit.distance, expect.x,
			          expect.y, expect.z);
		if (!(hit.feature >= 0 && hit.feature < col_mesh_triangle_count(mesh)))
			FAIL_CASE(r, i, "%s: the hit names triangle %d", name, hit.feature);
		if (fabs(col_vec3_length(hit.normal) - 1.0) > 1e-12)
			FAIL_CASE(r, i, "%s: the hit's normal has length %.17g", name,
			          col_vec3_length(hit.normal));
		/* The triangle named is hit there (within the loose oracle's margin). */
		double named_strict = INFINITY, named_loose = INFINITY;
		ray_hit_oracle(o, d, col_mesh_triangle(mesh, hit.feature), &named_strict, &named_loose);
		if (named_loose == INFINITY)
			FAIL_CASE(r, i, "%s: the hit names triangle %d, which the ray misses", name,
			          hit.feature);
		/* Without a hit record, the same answer. */
		assert_true(col_mesh_bvh_ray_cast(bvh, o, d, max_distance, NULL, NULL));
	}
	return got;
}

/* ---- random cases ---- */

/* A point on the surface or a rounding away from it: a vertex, an edge's midpoint, a point of an
 * edge or of a face, of a random triangle. */
static col_vec3 surface_point(rng *r, const col_mesh *mesh)
{
	col_triangle t = col_mesh_triangle(mesh, rng_int(r, 0, col_mesh_triangle_count(mesh) - 1));
	switch (rng_int(r, 0, 3)) {
	case 0: return t.a;
	case 1: return col_vec3_scale(col_vec3_add(t.a, t.b), 0.5);
	case 2: return col_vec3_add(t.a, col_vec3_scale(col_vec3_sub(t.b, t.a), rng_unit(r)));
	default: {
		double u = rng_unit(r), v = rng_unit(r);
		if (u + v > 1.0) {
			u = 1.0 - u;
			v = 1.0 - v;
		}
		return col_vec3_add(t.a, col_vec3_add(col_vec3_scale(col_vec3_sub(t.b, t.a), u),
		                                      col_vec3_scale(col_vec3_sub(t.c, t.a), v)));
	}
	}
}

/* A point on a random node's box: each coordinate the box's lower or upper side, or inside (so
 * corners, edges and faces of the single-precision boxes all come up). */
static col_vec3 node_box_point(rng *r, const col_mesh_bvh *bvh)
{
	col_mesh_bvh_node node;
	assert_true(col_mesh_bvh_node_at(bvh, rng_int(r, 0, col_mesh_bvh_node_count(bvh) - 1), &node));
	double lo[3] = {node.box.min.x, node.box.min.y, node.box.min.z};
	double hi[3] = {node.box.max.x, node.box.max.y, node.box.max.z};
	double p[3];
	for (int k = 0; k < 3; k++) {
		int side = rng_int(r, 0, 2);
		p[k] = side == 0 ? lo[k] : side == 1 ? hi[k] : rng_in(r, lo[k], hi[k]);
	}
	return (col_vec3){p[0], p[1], p[2]};
}

/* Each coordinate one of a random vertex's: on the planes of axis-aligned faces and edges. */
static col_vec3 vertex_grid_point(rng *r, const col_mesh *mesh)
{
	const col_vec3 *v = col_mesh_vertices(mesh);
	int n = col_mesh_vertex_count(mesh);
	col_vec3 p;
	p.x = v[rng_int(r, 0, n - 1)].x;
	p.y = v[rng_int(r, 0, n - 1)].y;
	p.z = v[rng_int(r, 0, n - 1)].z;
	return p;
}

/* The point of case i: one in eight on the surface, one on a node's box, one on the vertices'
 * planes; the rest anywhere in the mesh's box grown by 10%. */
static col_vec3 random_point(rng *r, const col_mesh *mesh, const col_mesh_bvh *bvh, int i)
{
	switch (i % 8) {
	case 0: return surface_point(r, mesh);
	case 1: return node_box_point(r, bvh);
	case 2: return vertex_grid_point(r, mesh);
	default: return rng_in_grown_box(r, col_mesh_bounds(mesh));
	}
}

/* The ball of case i: a tenth points (some on the surface), a tenth bigger than the mesh, a tenth
 * touching the surface to the last bit (the nearest point's distance, or one step either side; half
 * of them tiny, centred 2^-8 to 2^-40 of the mesh's size from the surface), a tenth as near to a
 * random triangle, the rest up to 15% of the mesh's size; a quarter centred near the surface. */
/* Queries take numbers in the engine's range (0, or magnitudes from COL_COORDINATE_MIN) and refuse
 * others: a generated number closer to 0 than that is made 0, as a caller's would have to be. */
static double in_range(double x)
{
	return fabs(x) < COL_COORDINATE_MIN ? 0.0 : x;
}

static col_sphere ball_in_range(col_vec3 c, double radius)
{
	return (col_sphere){{in_range(c.x), in_range(c.y), in_range(c.z)}, in_range(radius)};
}

static col_sphere random_ball(rng *r, const mesh_oracle *every, int i)
{
	const col_mesh *mesh = every->mesh;
	double size = mesh_size(mesh);
	col_vec3 c;
	if (i % 20 == 0)
		c = surface_point(r, mesh);
	else if (i % 20 == 12) /* a touching ball far smaller than the boxes around it */
		c = col_vec3_add(surface_point(r, mesh),
		                 col_vec3_scale(rng_vec3(r, -1, 1), ldexp(size, -rng_int(r, 8, 40))));
	else if (i % 4 == 3)
		c = col_vec3_add(surface_point(r, mesh), col_vec3_scale(rng_vec3(r, -1, 1), 0.05 * size));
	else
		c = rng_in_grown_box(r, col_mesh_bounds(mesh));
	double radius;
	switch (i % 10) {
	case 0: radius = 0.0; break;
	case 1: radius = rng_in(r, 0.5, 1.5) * size; break;
	case 2:
		radius = nearest_oracle(every, c, NULL, NULL);
		if (rng_coin(r))
			radius = nextafter(radius, rng_coin(r) ? INFINITY : 0.0);
		break;
	case 3: {
		col_triangle t = col_mesh_triangle(mesh, rng_int(r, 0, col_mesh_triangle_count(mesh) - 1));
		radius = col_vec3_distance(c, col_triangle_closest_point(t, c));
		int step = rng_int(r, -1, 1);
		if (step != 0)
			radius = nextafter(radius, step > 0 ? INFINITY : 0.0);
		break;
	}
	default: radius = rng_in(r, 0.0, 0.15) * size; break;
	}
	return ball_in_range(c, radius);
}

static col_quat random_rotation(rng *r)
{
	double x = rng_in(r, -1, 1), y = rng_in(r, -1, 1), z = rng_in(r, -1, 1), w = rng_in(r, -1, 1);
	double n = sqrt(x * x + y * y + z * z + w * w);
	if (n < 1e-3)
		return (col_quat){0, 0, 0, 1};
	return (col_quat){x / n, y / n, z / n, w / n};
}

/* b placed with its box's centre at a random offset from a's, up to `spread` times the mean of
 * their sizes, turned at random. */
static col_transform3 random_pose(rng *r, const col_mesh *ma, const col_mesh *mb, double spread)
{
	col_aabb3 box_a = col_mesh_bounds(ma), box_b = col_mesh_bounds(mb);
	double reach =
	    0.5 * (col_vec3_distance(box_a.min, box_a.max) + col_vec3_distance(box_b.min, box_b.max));
	col_vec3 center_a = col_vec3_scale(col_vec3_add(box_a.min, box_a.max), 0.5);
	col_vec3 center_b = col_vec3_scale(col_vec3_add(box_b.min, box_b.max), 0.5);
	col_quat rotation = random_rotation(r);
	col_vec3 offset = col_vec3_scale(rng_vec3(r, -1, 1), reach * spread);
	col_vec3 rotated_center = col_transform3_apply((col_transform3){rotation, {0, 0, 0}}, center_b);
	return (col_transform3){rotation, col_vec3_sub(col_vec3_add(center_a, offset), rotated_center)};
}

/* ---- structure ---- */

/* Whether box b holds box a (closed). */
static bool box_holds(col_aabb3 b, col_aabb3 a)
{
	return a.min.x >= b.min.x && a.min.y >= b.min.y && a.min.z >= b.min.z && a.max.x <= b.max.x &&
	       a.max.y <= b.max.y && a.max.z <= b.max.z;
}

/* Whether box, rounded outwards to single precision, is no bigger than that rounding makes the
 * exact box it bounds: a few single-precision units of the coordinates and of the extent. */
static bool box_within_rounding(col_aabb3 box, col_aabb3 exact)
{
	const double lo[3] = {box.min.x, box.min.y, box.min.z}, hi[3] = {box.max.x, box.max.y, box.max.z};
	const double xlo[3] = {exact.min.x, exact.min.y, exact.min.z},
	             xhi[3] = {exact.max.x, exact.max.y, exact.max.z};
	for (int k = 0; k < 3; k++) {
		double slack =
		    (fmax(fabs(xlo[k]), fabs(xhi[k])) + (xhi[k] - xlo[k])) * 0x1p-21 + FLT_TRUE_MIN;
		if (lo[k] < xlo[k] - slack || hi[k] > xhi[k] + slack)
			return false;
	}
	return true;
}

/* The hierarchy: the BVH's own copy of the mesh; every triangle in exactly one leaf and every leaf
 * slot used once; leaves of 1 to leaf_triangles triangles; a binary tree (each node but the root
 * one parent's child, nodes = 2 leaves - 1, depths counted from the root); every node's box holding
 * its subtree's triangle vertices, and no bigger than single-precision rounding makes it; the
 * statistics as counted here. Returns how many children's boxes poke out of their parent's (the
 * caller decides; test_structure requires none), and describes the first in `poke`. */
static int check_structure(const col_mesh_bvh *bvh, const col_mesh *mesh, int leaf_triangles,
                           bool surface_only, const char *name, char *poke, size_t poke_size)
{
	int limit = leaf_limit(leaf_triangles);
	int t = col_mesh_triangle_count(mesh), n = col_mesh_bvh_node_count(bvh);
	col_mesh_bvh_stats stats = col_mesh_bvh_get_stats(bvh);
	const col_mesh *copy = col_mesh_bvh_mesh(bvh);
	assert_non_null(copy);
	assert_true(copy != mesh);
	assert_int_equal(col_mesh_vertex_count(copy), col_mesh_vertex_count(mesh));
	assert_int_equal(col_mesh_triangle_count(copy), t);
	assert_memory_equal(col_mesh_vertices(copy), col_mesh_vertices(mesh),
	                    sizeof(col_vec3) * (size_t)col_mesh_vertex_count(mesh));
	assert_memory_equal(col_mesh_triangles(copy), col_mesh_triangles(mesh),
	                    sizeof(int32_t) * 3 * (size_t)t);
	assert_int_equal(col_mesh_bvh_is_solid(bvh), !surface_only);
	int listed = -1;
	const int32_t *order = col_mesh_bvh_leaf_triangles(bvh, &listed);
	assert_non_null(order);
	assert_int_equal(listed, t);
	if (n < 1 || n != stats.nodes)
		fail_msg("%s: %d nodes, the statistics say %d", name, n, stats.nodes);
	int *parent = malloc(sizeof *parent * (size_t)n);
	col_mesh_bvh_node *nodes = malloc(sizeof *nodes * (size_t)n);
	int *in_leaf = calloc((size_t)t, sizeof *in_leaf), *slot_used = calloc((size_t)t, sizeof *slot_used);
	assert_true(parent && nodes && in_leaf && slot_used);
	for (int i = 0; i < n; i++) {
		parent[i] = -1;
		assert_true(col_mesh_bvh_node_at(bvh, i, &nodes[i]));
	}
	int leaves = 0, max_leaf = 0, deepest = 0, poking_out = 0, poking_child = -1;
	double depth_sum = 0.0;
	for (int i = 0; i < n; i++) {
		const col_mesh_bvh_node *node = &nodes[i];
		if (col_aabb3_is_empty(node->box) || !col_vec3_is_finite(node->box.min) ||
		    !col_vec3_is_finite(node->box.max))
			fail_msg("%s: node %d's box is empty or not finite", name, i);
		if (i == 0 && node->depth != 0)
			fail_msg("%s: the root's depth is %d", name, node->depth);
		if (node->first_child >= 0) {
			int c = node->first_child;
			if (node->triangle_count != 0 || c < 1 || c + 1 >= n)
				fail_msg("%s: inner node %d has children %d, %d and %d triangles", name, i, c,
				         c + 1, node->triangle_count);
			col_aabb3 children = col_aabb3_union(nodes[c].box, nodes[c + 1].box);
			for (int k = 0; k < 2; k++) {
				if (parent[c + k] >= 0)
					fail_msg("%s: node %d is a child of %d and of %d", name, c + k,
					         parent[c + k], i);
				parent[c + k] = i;
				if (nodes[c + k].depth != node->depth + 1)
					fail_msg("%s: node %d at depth %d has a child at depth %d", name, i,
					         node->depth, nodes[c + k].depth);
				/* Reported after the other invariants, so that they are checked too. */
				if (!box_holds(node->box, nodes[c + k].box) && poking_out++ == 0)
					poking_child = c + k;
			}
			if (!box_within_rounding(node->box, children))
				fail_msg("%s: node %d's box is bigger than its children's together", name, i);
			continue;
		}
		if (node->triangle_count < 1 || node->triangle_count > limit || node->first_triangle < 0 ||
		    node->first_triangle + node->triangle_count > t)
			fail_msg("%s: leaf %d holds triangles %d to %d (leaves of at most %d, %d triangles)",
			         name, i, node->first_triangle,
			         node->first_triangle + node->triangle_count - 1, limit, t);
		leaves++;
		depth_sum += node->depth;
		if (node->depth > deepest)
			deepest = node->depth;
		if (node->triangle_count > max_leaf)
			max_leaf = node->triangle_count;
		col_aabb3 exact = col_aabb3_empty();
		for (int s = node->first_triangle; s < node->first_triangle + node->triangle_count; s++) {
			slot_used[s]++;
			if (order[s] < 0 || order[s] >= t)
				fail_msg("%s: leaf slot %d names triangle %d", name, s, order[s]);
			in_leaf[order[s]]++;
			exact =
			    col_aabb3_union(exact, col_triangle_bounds(col_mesh_triangle(mesh, order[s])));
		}
		if (!box_holds(node->box, exact))
			fail_msg("%s: leaf %d's box does not hold its triangles", name, i);
		if (!box_within_rounding(node->box, exact))
			fail_msg("%s: leaf %d's box is bigger than its triangles' by more than rounding",
			         name, i);
	}
	for (int i = 0; i < t; i++) {
		if (in_leaf[i] != 1)
			fail_msg("%s: triangle %d is in %d leaves", name, i, in_leaf[i]);
		if (slot_used[i] != 1)
			fail_msg("%s: leaf slot %d is used by %d leaves", name, i, slot_used[i]);
	}
	if (parent[0] != -1)
		fail_msg("%s: the root is node %d's child", name, parent[0]);
	/* Every node reaches the root through its parents, in as many steps as its depth, and every
	 * ancestor's box holds the triangle vertices of the leaves below it. */
	for (int i = 1; i < n; i++) {
		int steps = 0, at = i;
		while (at > 0 && steps <= n) {
			at = parent[at];
			steps++;
		}
		if (at != 0 || steps != nodes[i].depth)
			fail_msg("%s: node %d at depth %d does not reach the root in as many steps", name, i,
			         nodes[i].depth);
		if (nodes[i].first_child >= 0)
			continue;
		for (int s = nodes[i].first_triangle; s < nodes[i].first_triangle + nodes[i].triangle_count;
		     s++) {
			col_triangle tri = col_mesh_triangle(mesh, order[s]);
			const col_vec3 corners[3] = {tri.a, tri.b, tri.c};
			for (int a = i; a >= 0; a = parent[a])
				for (int k = 0; k < 3; k++)
					if (!col_aabb3_contains(nodes[a].box, corners[k]))
						fail_msg("%s: node %d's box leaves out a vertex of triangle "
						         "%d (leaf %d)",
						         name, a, order[s], i);
		}
	}
	if (n != 2 * leaves - 1)
		fail_msg("%s: %d nodes for %d leaves", name, n, leaves);
	assert_int_equal(stats.leaves, leaves);
	assert_int_equal(stats.depth, deepest);
	assert_int_equal(stats.max_leaf_triangles, max_leaf);
	assert_true(stats.max_leaf_triangles <= limit);
	if (fabs(stats.mean_leaf_depth - depth_sum / leaves) > 1e-12 * (1.0 + deepest))
		fail_msg("%s: mean leaf depth %.17g, counted %.17g", name, stats.mean_leaf_depth,
		         depth_sum / leaves);
	/* Memory: at least the copy of the mesh, the octree, a box per node and the leaves' triangles. */
	if (surface_only)
		assert_true(stats.octree_bytes == 0);
	else
		assert_true(stats.octree_bytes > 0);
	size_t least = stats.octree_bytes + col_mesh_memory_bytes(copy) + (size_t)n * 6 * sizeof(float) +
	               (size_t)t * sizeof(col_triangle);
	if (stats.memory_bytes < least)
		fail_msg("%s: %zu bytes, less than the %zu its parts take", name, stats.memory_bytes, least);
	assert_true(stats.build_seconds >= 0.0 && stats.build_seconds < 60.0);
	/* Out of range. */
	col_mesh_bvh_node node;
	assert_false(col_mesh_bvh_node_at(bvh, -1, &node));
	assert_false(col_mesh_bvh_node_at(bvh, n, &node));
	if (poking_out > 0 && poke != NULL) {
		const col_aabb3 c = nodes[poking_child].box, p = nodes[parent[poking_child]].box;
		snprintf(poke, poke_size,
		         "%s: %d child boxes poke out of their parent's, e.g. node %d "
		         "(%.9g %.9g %.9g)-(%.9g %.9g %.9g) out of node %d (%.9g %.9g %.9g)-(%.9g %.9g %.9g)",
		         name, poking_out, poking_child, c.min.x, c.min.y, c.min.z, c.max.x, c.max.y, c.max.z,
		         parent[poking_child], p.min.x, p.min.y, p.min.z, p.max.x, p.max.y, p.max.z);
	}
	free(parent);
	free(nodes);
	free(in_leaf);
	free(slot_used);
	return poking_out;
}

/* Every class, leaves of 1, 4 (the default, with options and without), 16 and the most, solid and
 * surface-only: the invariants, and each child's box within its parent's (checked last, over all
 * of them). The BVH keeps its own copy: it answers after the mesh is gone. */
static void test_structure(void **state)
{
	(void)state;
	col_mesh_bvh_options defaults = col_mesh_bvh_default_options();
	assert_int_equal(defaults.leaf_triangles, 4);
	assert_false(defaults.surface_only);
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	const int sizes[] = {0, 1, 4, 16, COL_MESH_BVH_MAX_LEAF_TRIANGLES};
	int poking_out = 0;
	char poke[512] = "";
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
			for (int surface_only = 0; surface_only < 2; surface_only++) {
				col_mesh_bvh *bvh = bvh_of(mesh, sizes[s], surface_only);
				char name[128];
				snprintf(name, sizeof name, "%s, leaves of %d%s", classes[k].name,
				         leaf_limit(sizes[s]), surface_only ? ", surface only" : "");
				poking_out += check_structure(bvh, mesh, sizes[s], surface_only, name,
				                              poking_out ? NULL : poke, sizeof poke);
				/* Leaves of one triangle: as many leaves as triangles. */
				if (sizes[s] == 1)
					assert_int_equal(col_mesh_bvh_get_stats(bvh).leaves,
					                 col_mesh_triangle_count(mesh));
				col_mesh_bvh_destroy(bvh);
			}
	}
	/* The copy: build, destroy the mesh, query. */
	col_mesh *icosphere = NULL;
	col_error error;
	check_ok(col_mesh_create_icosphere(2, 1.0, &icosphere, &error), &error);
	col_mesh_bvh *bvh = bvh_of(icosphere, 0, false);
	mesh_oracle icosphere_oracle = mesh_oracle_make(icosphere);
	double want = nearest_oracle(&icosphere_oracle, (col_vec3){0, 0, 3}, NULL, NULL);
	mesh_oracle_free(&icosphere_oracle);
	col_mesh_destroy(icosphere);
	assert_int_equal(col_mesh_triangle_count(col_mesh_bvh_mesh(bvh)), 320);
	assert_true(col_mesh_bvh_contains(bvh, (col_vec3){0, 0, 0}, NULL));
	assert_false(col_mesh_bvh_contains(bvh, (col_vec3){0, 0, 1.5}, NULL));
	assert_true(col_mesh_bvh_sphere_meets_surface(bvh, (col_sphere){{0, 0, 1.5}, 0.6}, NULL, NULL));
	assert_true(col_mesh_bvh_closest_point(bvh, (col_vec3){0, 0, 3}, NULL, NULL, NULL) == want);
	col_mesh_bvh_destroy(bvh);
	free_bvh_classes(classes);
	if (poking_out > 0)
		fail_msg("%d children in all; the first: %s", poking_out, poke);
}

/* ---- point queries ---- */

/* COLLIDE_RANDOM_CASES points per class, spread over the leaf sizes: the BVH's containment is the
 * crossing count's; in batches too; a surface-only BVH holds nothing. */
static void test_random_points(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	enum { BATCH = 50 };
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		bvh_set set = bvh_set_of(mesh);
		rng r = rng_make(rng_env_seed(0xB7C0000u + (uint64_t)k));
		int inside = 0, cases = COLLIDE_RANDOM_CASES, batched = 0;
		col_query_stats stats = {0}, batch_stats = {0};
		col_vec3 batch[BATCH];
		bool want[BATCH], got_batch[BATCH];
		for (int i = 0; i < cases; i++) {
			int v = i % LEAF_VARIANTS;
			col_vec3 p = random_point(&r, mesh, set.leaf[v], i);
			bool expected = contains_oracle(mesh, p),
			     got = col_mesh_bvh_contains(set.leaf[v], p, &stats);
			if (got != expected)
				FAIL_CASE(
				    &r, i,
				    "%s (leaves of %d): BVH %d, crossing count %d at (%.17g, %.17g, %.17g)",
				    classes[k].name, leaf_limit(leaf_sizes[v]), got, expected, p.x, p.y, p.z);
			if (i % 16 == 0 && col_mesh_bvh_contains(set.surface, p, NULL))
				FAIL_CASE(&r, i, "%s: a surface-only BVH holds (%.17g, %.17g, %.17g)",
				          classes[k].name, p.x, p.y, p.z);
			inside += expected;
			batch[i % BATCH] = p;
			want[i % BATCH] = expected;
			if (i % BATCH == BATCH - 1) {
				int w = (i / BATCH) % LEAF_VARIANTS;
				col_mesh_bvh_contains_points(set.leaf[w], batch, BATCH, got_batch,
				                             &batch_stats);
				batched += BATCH;
				for (int j = 0; j < BATCH; j++)
					if (got_batch[j] != want[j])
						FAIL_CASE(&r, i,
						          "%s: batch point %d: BVH %d, crossing count %d",
						          classes[k].name, j, got_batch[j], want[j]);
			}
		}
		if (!(inside > cases / 50 && inside < cases * 49 / 50))
			fail_msg("%s: %d of %d points inside", classes[k].name, inside, cases);
		assert_int_equal(stats.queries, cases);
		assert_int_equal(batch_stats.queries, batched);
		/* A surface-only BVH's batch: all outside. */
		bool answers[BATCH];
		memset(answers, 1, sizeof answers);
		col_mesh_bvh_contains_points(set.surface, batch, BATCH, answers, NULL);
		for (int j = 0; j < BATCH; j++)
			assert_false(answers[j]);
		bvh_set_destroy(&set);
	}
	free_bvh_classes(classes);
}

/* Every vertex, edge midpoint and face centroid: inside, as the oracle says, at distance 0 (up to
 * the centroid's rounding) from the surface, and no further from it than the nearest vertex. */
static void test_surface_points(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	rng r = rng_make(3);
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		double size = mesh_size(mesh);
		bvh_set set = bvh_set_of(mesh);
		for (int i = 0; i < col_mesh_triangle_count(mesh); i++) {
			col_triangle t = col_mesh_triangle(mesh, i);
			col_vec3 points[4] = {
			    t.a, col_vec3_scale(col_vec3_add(t.a, t.b), 0.5),
			    col_vec3_scale(col_vec3_add(col_vec3_add(t.a, t.b), t.c), 1.0 / 3.0),
			    col_vec3_scale(col_vec3_add(t.b, t.c), 0.5)};
			for (int j = 0; j < 4; j++) {
				bool expected = contains_oracle(mesh, points[j]);
				for (int v = 0; v < LEAF_VARIANTS; v++) {
					bool got = col_mesh_bvh_contains(set.leaf[v], points[j], NULL);
					if (got != expected || (j == 0 && !got))
						FAIL_CASE(
						    &r, i,
						    "%s: surface point %d of triangle %d: BVH %d, oracle %d",
						    classes[k].name, j, i, got, expected);
					double d = col_mesh_bvh_closest_point(set.leaf[v], points[j], NULL,
					                                      NULL, NULL);
					double want = nearest_oracle(&set.every, points[j], NULL, NULL);
					if (j == 0 ? d != 0.0 : !(d == want && d <= 1e-12 * size))
						FAIL_CASE(&r, i,
						          "%s: surface point %d of triangle %d is %.17g from "
						          "the surface",
						          classes[k].name, j, i, d);
					/* A ball of radius 0 there meets the surface (exactly when the point
					 * is on it). */
					col_sphere ball = {points[j], 0.0};
					if (col_mesh_bvh_sphere_meets_surface(
					        set.leaf[v], ball, NULL, NULL) != surface_oracle(&set.every, ball))
						FAIL_CASE(&r, i, "%s: point ball %d of triangle %d",
						          classes[k].name, j, i);
				}
			}
		}
		bvh_set_destroy(&set);
	}
	free_bvh_classes(classes);
}

/* Integer meshes on a half-integer grid: points on faces, edges and vertices, and balls of radius
 * 0, 1/2, 1 and 3/2 centred there (touching faces, edges and vertices exactly), against the
 * oracles, for every leaf size; nearest distances too. */
static void test_integer_grid(void **state)
{
	(void)state;
	mesh_arrays boxes = {0}, prism = {0}, shells = {0}, shared = {0}, edge = {0};
	add_box(&boxes, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	add_l_prism(&prism);
	add_box(&shells, (col_vec3){-3, -3, -3}, (col_vec3){3, 3, 3}, false);
	add_box(&shells, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, true);
	add_box(&shells, (col_vec3){-1, -1, -1}, (col_vec3){1, 1, 1}, false);
	add_box(&shared, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	add_box(&shared, (col_vec3){1, 0, 0}, (col_vec3){2, 1, 1}, false);
	add_box(&edge, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	add_box(&edge, (col_vec3){1, 1, 0}, (col_vec3){2, 2, 1}, false);
	const mesh_arrays *meshes[5] = {&boxes, &prism, &shells, &shared, &edge};
	const double radii[4] = {0.0, 0.5, 1.0, 1.5};
	rng r = rng_make(4);
	long checked = 0, touching = 0;
	for (int m = 0; m < 5; m++) {
		col_mesh *mesh = mesh_of(meshes[m]);
		bvh_set set = bvh_set_of(mesh);
		col_aabb3 box = col_mesh_bounds(mesh);
		for (double x = box.min.x - 1; x <= box.max.x + 1; x += 0.5)
			for (double y = box.min.y - 1; y <= box.max.y + 1; y += 0.5)
				for (double z = box.min.z - 1; z <= box.max.z + 1; z += 0.5, checked++) {
					col_vec3 p = {x, y, z};
					const col_mesh_bvh *bvh = set.leaf[checked % LEAF_VARIANTS];
					bool expected = contains_oracle(mesh, p);
					if (col_mesh_bvh_contains(bvh, p, NULL) != expected)
						FAIL_CASE(&r, (int)checked,
						          "grid (mesh %d): BVH %d, oracle %d at (%g, %g, %g)",
						          m, !expected, expected, x, y, z);
					double want = nearest_oracle(&set.every, p, NULL, NULL);
					double d = col_mesh_bvh_closest_point(bvh, p, NULL, NULL, NULL);
					if (d != want)
						FAIL_CASE(&r, (int)checked,
						          "grid (mesh %d): nearest at %.17g, oracle %.17g at "
						          "(%g, %g, %g)",
						          m, d, want, x, y, z);
					double signed_distance = col_mesh_bvh_signed_distance(bvh, p, NULL);
					if (fabs(signed_distance) != want ||
					    (want > 0.0 && (signed_distance < 0.0) != expected))
						FAIL_CASE(
						    &r, (int)checked,
						    "grid (mesh %d): signed distance %.17g at (%g, %g, %g)",
						    m, signed_distance, x, y, z);
					for (int k = 0; k < 4; k++) {
						col_sphere ball = {p, radii[k]};
						bool solid = col_mesh_intersects_sphere(mesh, ball, NULL),
						     surface = surface_oracle(&set.every, ball);
						bool got =
						    col_mesh_bvh_intersects_sphere(bvh, ball, NULL, NULL);
						bool surface_got =
						    col_mesh_bvh_sphere_meets_surface(bvh, ball, NULL, NULL);
						bool surface_only = col_mesh_bvh_intersects_sphere(
						    set.surface, ball, NULL, NULL);
						if (got != solid || surface_got != surface ||
						    surface_only != surface)
							FAIL_CASE(
							    &r, (int)checked,
							    "grid (mesh %d): ball (%g, %g, %g) r %g: solid "
							    "%d (oracle %d), surface %d (oracle %d), "
							    "surface-only BVH %d",
							    m, x, y, z, radii[k], got, solid, surface_got,
							    surface, surface_only);
						touching += surface && want == radii[k];
					}
				}
		bvh_set_destroy(&set);
		col_mesh_destroy(mesh);
	}
	assert_true(checked > 5000);
	assert_true(touching > 500); /* balls that only touch */
}

/* ---- balls ---- */

/* The contact of a ball that meets the solid (or, for a surface-only BVH, the surface): the
 * nearest surface point, a unit normal that moves the ball out, the depth, the triangle. */
static void check_contact(rng *r, int i, const char *name, const mesh_oracle *every, const col_mesh_bvh *bvh,
                          col_sphere ball, bool expected, bool solid)
{
	const col_mesh *mesh = every->mesh;
	double size = mesh_size(mesh);
	col_contact3 contact;
	bool got = col_mesh_bvh_sphere_contact(bvh, ball, &contact, NULL);
	if (got != expected)
		FAIL_CASE(r, i, "%s: sphere contact %d, oracle %d", name, got, expected);
	assert_int_equal(col_mesh_bvh_sphere_contact(bvh, ball, NULL, NULL), expected);
	if (!got)
		return;
	col_vec3 c = ball.center, nearest;
	double d = nearest_oracle(every, c, &nearest, NULL);
	bool inside = solid && contains_oracle(mesh, c);
	double want = inside ? ball.radius + d : ball.radius - d;
	double tolerance = 1e-12 * (size + col_vec3_length(c));
	if (fabs(col_vec3_distance(contact.point, c) - d) > tolerance ||
	    fabs(contact.depth - fmax(0.0, want)) > tolerance ||
	    fabs(col_vec3_length(contact.normal) - 1.0) > 1e-12)
		FAIL_CASE(r, i,
		          "%s: contact point at %.17g (nearest %.17g), depth %.17g (want %.17g), normal "
		          "length %.17g",
		          name, col_vec3_distance(contact.point, c), d, contact.depth, want,
		          col_vec3_length(contact.normal));
	if (!(contact.feature >= 0 && contact.feature < col_mesh_triangle_count(mesh)))
		FAIL_CASE(r, i, "%s: the contact names triangle %d", name, contact.feature);
	col_triangle t = col_mesh_triangle(mesh, contact.feature);
	if (col_vec3_distance(col_triangle_closest_point(t, contact.point), contact.point) > tolerance)
		FAIL_CASE(r, i, "%s: the contact point is not on its triangle %d", name, contact.feature);
	if (d > 1e-9 * size) {
		/* Moving the centre along the normal goes away from the contact point when outside, towards
		 * it (and through it) when inside. */
		double along = col_vec3_dot(col_vec3_sub(contact.point, c), contact.normal);
		if (inside ? !(along > 0.0) : !(along < 0.0))
			FAIL_CASE(r, i, "%s: the normal points the wrong way (centre %s)", name,
			          inside ? "inside" : "outside");
	}
}

/* COLLIDE_RANDOM_CASES balls per class over the leaf sizes: the solid test is
 * col_mesh_intersects_sphere's, the surface test every triangle's, exactly; the contacts of one in
 * eight; the surface-only BVH answers for the surface. */
static void test_random_spheres(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	long inside_only_all = 0;
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		bvh_set set = bvh_set_of(mesh);
		rng r = rng_make(rng_env_seed(0x5B40000u + (uint64_t)k));
		int hits = 0, surface_hits = 0, inside_only = 0, near_misses = 0,
		    cases = COLLIDE_RANDOM_CASES;
		col_query_stats stats = {0}, surface_stats = {0};
		for (int i = 0; i < cases; i++) {
			int v = i % LEAF_VARIANTS;
			col_sphere ball = random_ball(&r, &set.every, i);
			/* The solid oracle is col_mesh_intersects_sphere: the surface test, or else the
			 * centre's crossing count. Written out, so that the triangles are looped over once,
			 * not twice; every 16th ball asks it too. */
			bool surface_expected = surface_oracle(&set.every, ball);
			bool expected = surface_expected || contains_oracle(mesh, ball.center);
			if (i % 16 == 8 && col_mesh_intersects_sphere(mesh, ball, NULL) != expected)
				FAIL_CASE(&r, i, "%s: col_mesh_intersects_sphere differs from its definition",
				          classes[k].name);
			bool got = col_mesh_bvh_intersects_sphere(set.leaf[v], ball, &stats, NULL);
			bool surface_got =
			    col_mesh_bvh_sphere_meets_surface(set.leaf[v], ball, &surface_stats, NULL);
			if (got != expected || surface_got != surface_expected)
				FAIL_CASE(&r, i,
				          "%s (leaves of %d): ball (%.17g, %.17g, %.17g) r %.17g: solid %d "
				          "(oracle %d), surface %d "
				          "(oracle %d)",
				          classes[k].name, leaf_limit(leaf_sizes[v]), ball.center.x,
				          ball.center.y, ball.center.z, ball.radius, got, expected,
				          surface_got, surface_expected);
			if (surface_expected && !expected)
				FAIL_CASE(&r, i, "%s: the oracles disagree", classes[k].name);
			if (i % 16 == 0) {
				bool a = col_mesh_bvh_intersects_sphere(set.surface, ball, NULL, NULL);
				bool b = col_mesh_bvh_sphere_meets_surface(set.surface, ball, NULL, NULL);
				if (a != surface_expected || b != surface_expected)
					FAIL_CASE(&r, i,
					          "%s: surface-only BVH: solid %d, surface %d, oracle %d",
					          classes[k].name, a, b, surface_expected);
			}
			if (i % 8 == 0)
				check_contact(&r, i, classes[k].name, &set.every, set.leaf[v], ball, expected,
				              true);
			else if (i % 8 == 4 &&
			         col_mesh_bvh_sphere_contact(set.leaf[v], ball, NULL, NULL) != expected)
				FAIL_CASE(&r, i, "%s: sphere contact says %d, oracle %d", classes[k].name,
				          !expected, expected);
			if (i % 32 == 1)
				check_contact(&r, i, classes[k].name, &set.every, set.surface, ball,
				              surface_expected, false);
			hits += expected;
			surface_hits += surface_expected;
			inside_only += expected && !surface_expected;
			near_misses += i % 10 == 2 && !surface_expected;
		}
		/* Each kind of answer is common; the near-tangent balls go both ways. */
		if (!(hits > cases / 20 && hits < cases * 19 / 20 && surface_hits > cases / 40 &&
		      near_misses > cases / 200))
			fail_msg("%s: %d hits, %d on the surface, %d near misses of %d", classes[k].name,
			         hits, surface_hits, near_misses, cases);
		inside_only_all += inside_only;
		assert_int_equal(stats.queries, cases);
		assert_int_equal(surface_stats.queries, cases);
		/* The boxes prune: far fewer triangles tested than every triangle of every query. */
		uint64_t flat = (uint64_t)cases * (uint64_t)col_mesh_triangle_count(mesh);
		if (col_mesh_triangle_count(mesh) > 200 && surface_stats.primitives_tested > flat / 4)
			fail_msg("%s: the surface test tested %.1f of %d triangles per ball", classes[k].name,
			         (double)surface_stats.primitives_tested / cases,
			         col_mesh_triangle_count(mesh));
		bvh_set_destroy(&set);
	}
	free_bvh_classes(classes);
	/* Balls wholly inside, which only the solid test sees. */
	assert_true(inside_only_all > COLLIDE_RANDOM_CASES / 40);
}

/* Touching, exactly: balls that reach a face, an edge or a vertex of the box [-2, 2]^3, of a box
 * whose sides (0.1, 1/3, 0.3 ...) single precision cannot hold, so the BVH's rounded boxes must
 * still let them through, and tiny balls (10^-6 down to 2^-40 of the box) touching the unit box;
 * one step smaller they part. Every leaf size, every query. */
static void test_touching_spheres(void **state)
{
	(void)state;
	mesh_arrays m = {0}, odd = {0};
	add_box(&m, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	const double third = 1.0 / 3.0;
	add_box(&odd, (col_vec3){-0.1, -third, -0.7}, (col_vec3){0.1, third, 0.3}, false);
	col_mesh *box = mesh_of(&m), *odd_box = mesh_of(&odd);
	mesh_oracle oracles[2] = {mesh_oracle_make(box), mesh_oracle_make(odd_box)};
	const struct {
		const col_mesh *mesh;
		col_sphere ball;
		int expected; /* 1 touching, 0 apart, -1 whatever the oracle says (a rounded radius) */
	} cases[] = {
	    {box, {{0, 0, 5}, 3}, 1},               /* a face */
	    {box, {{0, 0, 5}, nextafter(3, 0)}, 0}, /* a hair smaller */
	    {box, {{5, 6, 2}, 5}, 1},               /* the edge x = 2, y = 2 at distance sqrt(9 + 16) */
	    {box, {{5, 6, 2}, nextafter(5, 0)}, 0},
	    {box, {{3, 2, 2}, 1}, 1}, /* a vertex along an axis */
	    {box, {{3, 2, 2}, nextafter(1, 0)}, 0},
	    {box, {{2, 2, 7}, 5}, 1},                    /* a vertex from above */
	    {box, {{5, 5, 0}, 4.24264068711928521}, -1}, /* an edge at 3 sqrt 2, rounded */
	    {box, {{4, 4, 4}, 3.4641016151377544}, -1},  /* a vertex at 2 sqrt 3, rounded */
	    {box, {{0, 0, 0}, 0.5}, 1},                  /* inside: the solid yes, the surface no */
	    {box, {{0, 0, 0}, 2}, 1},                    /* inside, touching every face from within */
	    {box, {{2, 0, 0}, 0}, 1},                    /* a point ball on a face */
	    {box, {{2, 2, 2}, 0}, 1},                    /* on a vertex */
	    {box, {{0, 0, nextafter(2, 3)}, 0}, 0},      /* a hair above a face */
	    {odd_box, {{0.1 + 0.1, 0, 0}, 0.1}, 1},      /* the face x = 0.1 */
	    {odd_box, {{0.1 + 0.1, 0, 0}, nextafter(0.1, 0)}, 0},
	    {odd_box, {{0, third + third, 0}, third}, 1}, /* the face y = 1/3 */
	    {odd_box, {{0, third + third, 0}, nextafter(third, 0)}, 0},
	    {odd_box, {{0, 0, 0.3 + 0.3}, 0.3}, 1},                          /* the face z = 0.3 */
	    {odd_box, {{0, 0, -0.7 - 0.7}, 0.7}, 1},                         /* the face z = -0.7 */
	    {odd_box, {{0.1, third, 0.3}, 0}, 1},                            /* a point ball on a corner */
	    {odd_box, {{0.2, third + third, 0.6}, 0.37267799624996495}, -1}, /* a corner, rounded */
	    {odd_box, {{-0.2, 0, 0.6}, 0.31622776601683794}, -1},            /* an edge, rounded */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const col_mesh *mesh = cases[i].mesh;
		col_sphere ball = cases[i].ball;
		bool solid = col_mesh_intersects_sphere(mesh, ball, NULL),
		     surface = surface_oracle(&oracles[mesh == box ? 0 : 1], ball);
		if (cases[i].expected >= 0 && solid != (cases[i].expected == 1))
			fail_msg("touching case %zu: the oracle says %d", i, solid);
		for (int leaf = 0; leaf <= 16; leaf = leaf == 0 ? 1 : leaf * 4) {
			for (int surface_only = 0; surface_only < 2; surface_only++) {
				col_mesh_bvh *bvh = bvh_of(mesh, leaf, surface_only);
				/* The rounded radii also one step either way. */
				for (int step = -1; step <= 1; step++) {
					col_sphere b = ball;
					if (cases[i].expected < 0 && step != 0)
						b.radius = nextafter(b.radius, step > 0 ? INFINITY : 0.0);
					else if (step != 0)
						continue;
					bool want_solid =
					    step == 0 ? solid : col_mesh_intersects_sphere(mesh, b, NULL);
					bool want_surface =
					    step == 0 ? surface : surface_oracle(&oracles[mesh == box ? 0 : 1], b);
					if (surface_only)
						want_solid = want_surface;
					bool got = col_mesh_bvh_intersects_sphere(bvh, b, NULL, NULL);
					bool got_surface =
					    col_mesh_bvh_sphere_meets_surface(bvh, b, NULL, NULL);
					bool got_contact = col_mesh_bvh_sphere_contact(bvh, b, NULL, NULL);
					if (got != want_solid || got_surface != want_surface ||
					    got_contact != want_solid)
						fail_msg("touching case %zu (step %d, leaves of %d%s): solid "
						         "%d (oracle %d), surface %d (oracle "
						         "%d), contact %d",
						         i, step, leaf_limit(leaf),
						         surface_only ? ", surface only" : "", got,
						         want_solid, got_surface, want_surface, got_contact);
				}
				col_mesh_bvh_destroy(bvh);
			}
		}
	}
	/* Tiny balls touching the unit box's faces, edges and corner at 0 from outside (centres -d from
	 * them, radius d: the distance is exact), far smaller than the box, so a box test that rounds
	 * |centre - box centre| loses them; one step smaller they part. */
	mesh_arrays u = {0};
	add_box(&u, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	col_mesh *unit = mesh_of(&u);
	mesh_oracle unit_oracle = mesh_oracle_make(unit);
	for (int leaf = 0; leaf <= 16; leaf = leaf == 0 ? 1 : leaf * 4) {
		col_mesh_bvh *solid = bvh_of(unit, leaf, false), *surface_only = bvh_of(unit, leaf, true);
		for (int k = 1; k <= 60; k++) {
			double d = k <= 30 ? k * 1e-6 : ldexp(k, -(k - 10));
			const col_vec3 centres[4] = {
			    {-d, 0.5, 0.5}, {0.25, -d, 0.75}, {0.5, 0.125, -d}, {-d, -d, 0.5}};
			for (int c = 0; c < 4; c++)
				for (int step = -1; step <= 0; step++) {
					double radius = c < 3 ? d : col_vec3_length((col_vec3){d, d, 0});
					col_sphere ball = {centres[c],
					                   step ? nextafter(radius, 0.0) : radius};
					bool want = surface_oracle(&unit_oracle, ball);
					if (c < 3 && want != (step == 0))
						fail_msg("tiny ball %d at %g: the oracle says %d", c, d,
						         want);
					bool got = col_mesh_bvh_intersects_sphere(solid, ball, NULL, NULL);
					bool got_surface =
					    col_mesh_bvh_sphere_meets_surface(solid, ball, NULL, NULL);
					bool got_surface_only =
					    col_mesh_bvh_intersects_sphere(surface_only, ball, NULL, NULL);
					if (got != want || got_surface != want || got_surface_only != want ||
					    col_mesh_intersects_sphere(unit, ball, NULL) != want)
						fail_msg("unit box [0, 1]^3 (leaves of %d), ball (%.17g, "
						         "%.17g, %.17g) radius %.17g: "
						         "solid %d, surface %d, surface-only %d; oracle %d",
						         leaf_limit(leaf), ball.center.x, ball.center.y,
						         ball.center.z, ball.radius, got, got_surface,
						         got_surface_only, want);
				}
		}
		col_mesh_bvh_destroy(solid);
		col_mesh_bvh_destroy(surface_only);
	}
	mesh_oracle_free(&unit_oracle);
	col_mesh_destroy(unit);
	/* The contacts of two of them. */
	col_mesh_bvh *bvh = bvh_of(box, 0, false);
	col_contact3 contact;
	assert_true(col_mesh_bvh_sphere_contact(bvh, cases[0].ball, &contact, NULL));
	assert_true(contact.depth == 0.0 && contact.normal.z > 0.999 && contact.point.z == 2.0);
	assert_true(col_mesh_bvh_sphere_contact(bvh, cases[9].ball, &contact, NULL));
	assert_true(fabs(contact.depth - 2.5) < 1e-12);
	/* A ball centred on the surface: no direction of its own, the face's outward normal. */
	assert_true(col_mesh_bvh_sphere_contact(bvh, (col_sphere){{2, 0.5, 0.25}, 0.5}, &contact, NULL));
	assert_true(fabs(contact.depth - 0.5) < 1e-12 && fabs(contact.normal.x - 1.0) < 1e-12);
	col_mesh_bvh_destroy(bvh);
	mesh_oracle_free(&oracles[0]);
	mesh_oracle_free(&oracles[1]);
	col_mesh_destroy(box);
	col_mesh_destroy(odd_box);
}

/* ---- nearest points ---- */

/* COLLIDE_RANDOM_CASES points per class (a sixth a hair off the surface): the nearest point and
 * its distance are every triangle's (tight: the same triangle tests), the signed distance's sign is
 * the containment's. */
static void test_nearest(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		bvh_set set = bvh_set_of(mesh);
		col_aabb3 box = col_mesh_bounds(mesh);
		double size = mesh_size(mesh);
		rng r = rng_make(rng_env_seed(0xD1570000u + (uint64_t)k));
		col_query_stats stats = {0};
		int cases = COLLIDE_RANDOM_CASES, signs = 0;
		for (int i = 0; i < cases; i++) {
			int v = i % LEAF_VARIANTS;
			/* Far, on the surface, the boxes and the vertices' planes, a hair (2^-8 to 2^-40 of
			 * the size) off the surface, anywhere in the box. */
			col_vec3 p;
			if (i % 3 == 0)
				p = rng_vec3(&r, -2.0 * size, 2.0 * size);
			else if (i % 3 == 1)
				p = random_point(&r, mesh, set.leaf[v], i / 3);
			else if (i % 6 == 5)
				p = col_vec3_add(
				    surface_point(&r, mesh),
				    col_vec3_scale(rng_vec3(&r, -1, 1), ldexp(size, -rng_int(&r, 8, 40))));
			else
				p = rng_in_grown_box(&r, box);
			col_vec3 nearest, want_point;
			int triangle = -1, want_triangle = -1;
			double d = col_mesh_bvh_closest_point(set.leaf[v], p, &nearest, &triangle, &stats);
			double want = nearest_oracle(&set.every, p, &want_point, &want_triangle);
			double tolerance = 1e-12 * (size + want);
			if (fabs(d - want) > tolerance ||
			    !(triangle >= 0 && triangle < col_mesh_triangle_count(mesh)) ||
			    fabs(col_vec3_distance(nearest, p) - d) > tolerance)
				FAIL_CASE(&r, i,
				          "%s (leaves of %d): nearest at %.17g (triangle %d), every triangle "
				          "says %.17g (%d) for "
				          "(%.17g, %.17g, %.17g)",
				          classes[k].name, leaf_limit(leaf_sizes[v]), d, triangle, want,
				          want_triangle, p.x, p.y, p.z);
			/* The triangle named holds the point (it is that triangle's nearest point). */
			col_vec3 again = col_triangle_closest_point(col_mesh_triangle(mesh, triangle), p);
			if (col_vec3_distance(again, nearest) > tolerance)
				FAIL_CASE(&r, i, "%s: the nearest point is not triangle %d's",
				          classes[k].name, triangle);
			double signed_distance = col_mesh_bvh_signed_distance(set.leaf[v], p, NULL);
			if (fabs(fabs(signed_distance) - want) > tolerance)
				FAIL_CASE(&r, i, "%s: signed distance %.17g, nearest %.17g", classes[k].name,
				          signed_distance, want);
			if (want > 0.0) {
				bool inside = col_mesh_bvh_contains(set.leaf[v], p, NULL);
				if (i % 4 == 0) {
					inside = contains_oracle(mesh, p);
					signs++;
				}
				if ((signed_distance < 0.0) != inside)
					FAIL_CASE(
					    &r, i,
					    "%s: signed distance %.17g at (%.17g, %.17g, %.17g), inside %d",
					    classes[k].name, signed_distance, p.x, p.y, p.z, inside);
			}
			if (i % 16 == 0) {
				/* Without outputs, and surface-only (unsigned), the same distance. */
				double bare = col_mesh_bvh_closest_point(set.leaf[v], p, NULL, NULL, NULL);
				double surface = col_mesh_bvh_closest_point(set.surface, p, NULL, NULL, NULL);
				double unsigned_distance = col_mesh_bvh_signed_distance(set.surface, p, NULL);
				if (bare != d || fabs(surface - want) > tolerance ||
				    unsigned_distance != surface)
					FAIL_CASE(&r, i,
					          "%s: bare %.17g, surface-only %.17g and %.17g, want %.17g",
					          classes[k].name, bare, surface, unsigned_distance, want);
			}
		}
		assert_true(signs > cases / 10);
		assert_int_equal(stats.queries, cases);
		/* Pruning: a fraction of the triangles per query. */
		uint64_t flat = (uint64_t)cases * (uint64_t)col_mesh_triangle_count(mesh);
		if (col_mesh_triangle_count(mesh) > 200 && stats.primitives_tested > flat / 2)
			fail_msg("%s: the nearest-point search tested %.1f of %d triangles per query",
			         classes[k].name, (double)stats.primitives_tested / cases,
			         col_mesh_triangle_count(mesh));
		bvh_set_destroy(&set);
	}
	free_bvh_classes(classes);
}

/* ---- rays ---- */

/* Rays from inside and outside in random directions, a quarter of them along an axis from a point
 * on the vertices' planes (along faces and edges, through the slabs' sides): the BVH's first hit is
 * every triangle's, up to rays that graze an edge (decided with a tolerance both ways). */
static void test_rays(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		bvh_set set = bvh_set_of(mesh);
		col_aabb3 box = col_mesh_bounds(mesh);
		double size = mesh_size(mesh);
		rng r = rng_make(rng_env_seed(0xA7B0000u + (uint64_t)k));
		int hits = 0, cases = COLLIDE_RANDOM_CASES / 4;
		for (int i = 0; i < cases; i++) {
			int v = i % LEAF_VARIANTS;
			col_vec3 o, d;
			if (i % 4 == 3) {
				o = vertex_grid_point(&r, mesh);
				double axis[3] = {0, 0, 0};
				axis[rng_int(&r, 0, 2)] = rng_coin(&r) ? 1.0 : -0.5;
				d = (col_vec3){axis[0], axis[1], axis[2]};
				/* Back off along the ray now and then, so it starts outside. */
				if (rng_coin(&r))
					o = col_vec3_sub(o, col_vec3_scale(d, 2.0 * size));
			} else {
				o = rng_in_grown_box(&r, box);
				d = col_vec3_scale(rng_vec3(&r, -1.0, 1.0), i % 2 ? 1.0 : 7.5);
			}
			double max_distance = i % 5 == 0 ? 0.3 * size : INFINITY;
			bool got = check_ray(&r, i, classes[k].name, &set.every, set.leaf[v], o, d, max_distance);
			hits += got;
			if (i % 8 == 0) {
				/* The surface-only BVH of the same leaves casts the same ray. */
				col_ray_hit3 a, b;
				bool solid = col_mesh_bvh_ray_cast(set.leaf[0], o, d, max_distance, &a, NULL);
				bool surface =
				    col_mesh_bvh_ray_cast(set.surface, o, d, max_distance, &b, NULL);
				if (solid != surface ||
				    (solid && (a.distance != b.distance || a.feature != b.feature)))
					FAIL_CASE(&r, i, "%s: the surface-only BVH's ray differs",
					          classes[k].name);
			}
		}
		if (!(hits > cases / 10 && hits < cases * 19 / 20))
			fail_msg("%s: %d of %d rays hit", classes[k].name, hits, cases);
		bvh_set_destroy(&set);
	}
	free_bvh_classes(classes);
}

/* Rays with known answers: straight onto a face, from inside, short of the surface, away from it,
 * through a torus's hole (inside its box, missing every triangle), along a face's plane. */
static void test_known_rays(void **state)
{
	(void)state;
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	col_mesh *box = mesh_of(&m), *torus = NULL;
	col_error error;
	check_ok(col_mesh_create_torus(1.0, 0.35, 16, 8, &torus, &error), &error);
	for (int v = 0; v < LEAF_VARIANTS; v++) {
		col_mesh_bvh *bvh = bvh_of(box, leaf_sizes[v], false);
		col_ray_hit3 hit;
		assert_true(col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, -2},
		                                  INFINITY, &hit, NULL));
		assert_true(hit.distance == 4.0 && hit.point.z == 2.0 && hit.normal.z == 1.0);
		assert_true(col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, -2}, 4.0,
		                                  &hit, NULL));
		assert_false(col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, -2}, 3.5,
		                                   &hit, NULL));
		assert_false(col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.25, 10}, (col_vec3){0, 0, 1},
		                                   INFINITY, &hit, NULL));
		/* From inside, the first wall. */
		assert_true(col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.25, 0}, (col_vec3){1, 0, 0},
		                                  INFINITY, &hit, NULL));
		assert_true(hit.distance == 1.5 && hit.normal.x == 1.0 && hit.point.x == 2.0);
		/* From the surface: distance 0. */
		assert_true(col_mesh_bvh_ray_cast(bvh, (col_vec3){2, 0.5, 0.5}, (col_vec3){1, 0, 0}, INFINITY,
		                                  &hit, NULL));
		assert_true(hit.distance == 0.0);
		/* In the plane of the top face (z = 2, the box's own side), from outside: the side wall's
		 * edge at x = -2. */
		assert_true(col_mesh_bvh_ray_cast(bvh, (col_vec3){-5, 0.5, 2}, (col_vec3){1, 0, 0}, INFINITY,
		                                  &hit, NULL));
		assert_true(hit.distance == 3.0);
		/* Above that plane (by more than Moller-Trumbore's rounding): a miss. */
		for (int limit = 0; limit < 2; limit++)
			if (col_mesh_bvh_ray_cast(bvh, (col_vec3){-5, 0.5, 2 + 1e-9}, (col_vec3){1, 0, 0},
			                          limit ? 100.0 : INFINITY, &hit, NULL))
				fail_msg("leaves of %d: a ray above the box (max distance %s) hits triangle "
				         "%d at %g",
				         leaf_limit(leaf_sizes[v]), limit ? "100" : "infinite", hit.feature,
				         hit.distance);
		col_mesh_bvh_destroy(bvh);
		/* Through the torus's hole along its axis: in its box, missing every triangle. */
		bvh = bvh_of(torus, leaf_sizes[v], false);
		for (int limit = 0; limit < 2; limit++) {
			double max_distance = limit ? 100.0 : INFINITY;
			if (col_mesh_bvh_ray_cast(bvh, (col_vec3){0, 0, 5}, (col_vec3){0, 0, -1},
			                          max_distance, &hit, NULL))
				fail_msg("leaves of %d: a ray through the torus's hole (max distance %g) "
				         "hits triangle %d at %g",
				         leaf_limit(leaf_sizes[v]), max_distance, hit.feature, hit.distance);
			if (col_mesh_bvh_ray_cast(bvh, (col_vec3){0.1, 0.2, 0}, (col_vec3){0.3, -0.1, 0.0},
			                          max_distance, &hit, NULL) == false)
				fail_msg("leaves of %d: a ray from the hole out to the tube misses",
				         leaf_limit(leaf_sizes[v]));
		}
		col_mesh_bvh_destroy(bvh);
	}
	col_mesh_destroy(box);
	col_mesh_destroy(torus);
}

/* ---- the surface-only BVH ---- */

/* Open meshes (a box missing a triangle, one triangle, a flat grid) and a closed one built
 * surface-only: the solid queries answer for the surface, containment is false everywhere, the
 * distance is unsigned, a ball wholly inside meets nothing; pairs answer for the surfaces; contacts
 * are refused. The same open mesh without surface_only is refused. */
static void test_surface_only(void **state)
{
	(void)state;
	col_error error;
	mesh_arrays open_box = {0};
	add_box(&open_box, (col_vec3){-1, -1, -1}, (col_vec3){1, 1, 1}, false);
	open_box.nt--;
	const col_vec3 one_v[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0.5}};
	const int32_t one_t[3] = {0, 1, 2};
	/* A 6 x 6 grid of squares in z = 0.25 sin x cos y: a wavy open sheet. */
	col_vec3 grid_v[49];
	int32_t grid_t[6 * 6 * 6];
	int nt = 0;
	for (int y = 0; y < 7; y++)
		for (int x = 0; x < 7; x++)
			grid_v[7 * y + x] = (col_vec3){x * 0.5, y * 0.5, 0.25 * sin(x * 0.5) * cos(y * 0.5)};
	for (int y = 0; y < 6; y++)
		for (int x = 0; x < 6; x++) {
			int a = 7 * y + x;
			const int32_t quad[6] = {a, a + 1, a + 8, a, a + 8, a + 7};
			memcpy(&grid_t[3 * nt], quad, sizeof quad);
			nt += 2;
		}
	col_mesh *meshes[4] = {mesh_of(&open_box), NULL, NULL, NULL};
	check_ok(col_mesh_create(one_v, 3, one_t, 1, &meshes[1], &error), &error);
	check_ok(col_mesh_create(grid_v, 49, grid_t, nt, &meshes[2], &error), &error);
	check_ok(col_mesh_create_bumpy_sphere(1, &meshes[3], &error), &error);
	const char *names[4] = {"open box", "one triangle", "wavy sheet", "bumpy sphere (closed)"};
	col_mesh_bvh *surfaces[4];
	for (int k = 0; k < 4; k++) {
		const col_mesh *mesh = meshes[k];
		col_mesh_bvh *solid = NULL;
		if (k < 3) {
			assert_int_equal(col_mesh_bvh_build(mesh, NULL, &solid, &error), COL_ERROR_TOPOLOGY);
			assert_null(solid);
			assert_true(strlen(error.message) > 10);
		}
		for (int leaf = 1; leaf <= 16; leaf *= 4) {
			col_mesh_bvh *bvh = bvh_of(mesh, leaf, true);
			char name[96];
			snprintf(name, sizeof name, "%s, surface only, leaves of %d", names[k], leaf);
			check_structure(bvh, mesh, leaf, true, name, NULL, 0);
			assert_false(col_mesh_bvh_is_solid(bvh));
			assert_int_equal(col_mesh_bvh_get_stats(bvh).octree_bytes, 0);
			col_aabb3 box = col_mesh_bounds(mesh);
			double size = mesh_size(mesh);
			rng r = rng_make(rng_env_seed(0x50F0000u + (uint64_t)(4 * k + leaf)));
			int cases = COLLIDE_RANDOM_CASES / 50, hits = 0;
			mesh_oracle every = mesh_oracle_make(mesh);
			for (int i = 0; i < cases; i++) {
				col_sphere ball = random_ball(&r, &every, i);
				bool want = surface_oracle(&every, ball);
				bool a = col_mesh_bvh_intersects_sphere(bvh, ball, NULL, NULL);
				bool b = col_mesh_bvh_sphere_meets_surface(bvh, ball, NULL, NULL);
				if (a != want || b != want)
					FAIL_CASE(&r, i, "%s: solid %d, surface %d, every triangle %d", name,
					          a, b, want);
				if (i % 4 == 0)
					check_contact(&r, i, name, &every, bvh, ball, want, false);
				hits += want;
				col_vec3 p = random_point(&r, mesh, bvh, i);
				if (col_mesh_bvh_contains(bvh, p, NULL))
					FAIL_CASE(&r, i, "%s: holds (%.17g, %.17g, %.17g)", name, p.x, p.y,
					          p.z);
				double d = col_mesh_bvh_closest_point(bvh, p, NULL, NULL, NULL),
				       want_d = nearest_oracle(&every, p, NULL, NULL);
				double s = col_mesh_bvh_signed_distance(bvh, p, NULL);
				if (fabs(d - want_d) > 1e-12 * (size + want_d) || s != d)
					FAIL_CASE(&r, i,
					          "%s: nearest %.17g, signed %.17g, every triangle %.17g",
					          name, d, s, want_d);
				if (i % 4 == 0) {
					col_vec3 o = rng_in_grown_box(&r, box), dir = rng_vec3(&r, -1, 1);
					check_ray(&r, i, name, &every, bvh, o, dir, INFINITY);
				}
			}
			mesh_oracle_free(&every);
			assert_true(hits > cases / 20);
			if (leaf == 4)
				surfaces[k] = bvh;
			else
				col_mesh_bvh_destroy(bvh);
		}
	}
	/* Pairs: surface-only on either side answers for the surfaces alone. */
	col_mesh *inner = NULL;
	check_ok(col_mesh_create_box((col_vec3){0.25, 0.25, 0.25}, &inner, &error), &error);
	col_mesh_bvh *inner_solid = bvh_of(inner, 0, false), *bumpy_solid = bvh_of(meshes[3], 0, false);
	col_transform3 identity = col_transform3_identity();
	/* A small box inside the bumpy sphere: the solids meet, the surfaces do not. */
	assert_true(col_mesh_bvh_intersects(bumpy_solid, inner_solid, identity, NULL, NULL));
	assert_false(col_mesh_bvh_intersects(surfaces[3], inner_solid, identity, NULL, NULL));
	assert_false(col_mesh_bvh_intersects(inner_solid, surfaces[3], identity, NULL, NULL));
	assert_false(col_mesh_bvh_surfaces_meet(bumpy_solid, inner_solid, identity, NULL, NULL));
	/* Random poses of the open meshes against each other and the closed one. */
	rng r = rng_make(rng_env_seed(0x50F1000u));
	int met = 0, cases = COLLIDE_RANDOM_CASES / 100;
	for (int i = 0; i < cases; i++) {
		int ka = i % 4, kb = (i / 4) % 4;
		col_transform3 pose = random_pose(&r, meshes[ka], meshes[kb], 0.4);
		bool want = surfaces_oracle(meshes[ka], meshes[kb], pose);
		const col_mesh_bvh *b = kb == 3 && i % 2 ? bumpy_solid : surfaces[kb];
		bool got = col_mesh_bvh_surfaces_meet(surfaces[ka], b, pose, NULL, NULL);
		bool solid = col_mesh_bvh_intersects(surfaces[ka], b, pose, NULL, NULL);
		if (got != want || solid != want)
			FAIL_CASE(&r, i, "%s vs %s: surfaces %d, solids %d, every triangle pair %d",
			          names[ka], names[kb], got, solid, want);
		met += want;
	}
	assert_true(met > cases / 10 && met < cases * 9 / 10);
	/* Contacts need two solids. */
	col_mesh_contact contacts[8];
	col_mesh_contact_summary summary;
	assert_int_equal(
	    col_mesh_bvh_contacts(surfaces[3], inner_solid, identity, contacts, 8, &summary, NULL, &error),
	    COL_ERROR_INVALID_ARGUMENT);
	assert_true(strlen(error.message) > 10);
	assert_int_equal(
	    col_mesh_bvh_contacts(inner_solid, surfaces[0], identity, contacts, 8, &summary, NULL, &error),
	    COL_ERROR_INVALID_ARGUMENT);
	check_ok(
	    col_mesh_bvh_contacts(bumpy_solid, inner_solid, identity, contacts, 8, &summary, NULL, &error),
	    &error);
	assert_int_equal(summary.count, 8);
	/* The surface-only BVH of an inconsistently oriented mesh: built; the solid one refused. */
	mesh_arrays flipped = {0};
	add_box(&flipped, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	int32_t swap = flipped.t[1];
	flipped.t[1] = flipped.t[2];
	flipped.t[2] = swap;
	col_mesh *misoriented = mesh_of(&flipped);
	col_mesh_bvh *refused = NULL;
	assert_int_equal(col_mesh_bvh_build(misoriented, NULL, &refused, &error), COL_ERROR_TOPOLOGY);
	assert_null(refused);
	col_mesh_bvh *accepted = bvh_of(misoriented, 0, true);
	assert_true(
	    col_mesh_bvh_sphere_meets_surface(accepted, (col_sphere){{0.5, 0.5, 1.5}, 0.5}, NULL, NULL));
	assert_false(
	    col_mesh_bvh_intersects_sphere(accepted, (col_sphere){{0.5, 0.5, 0.5}, 0.25}, NULL, NULL));
	col_mesh_bvh_destroy(accepted);
	col_mesh_destroy(misoriented);
	for (int k = 0; k < 4; k++) {
		col_mesh_bvh_destroy(surfaces[k]);
		col_mesh_destroy(meshes[k]);
	}
	col_mesh_bvh_destroy(inner_solid);
	col_mesh_bvh_destroy(bumpy_solid);
	col_mesh_destroy(inner);
}

/* ---- meshes the split finds hard; far and tiny meshes ---- */

/* Triangles whose centroids coincide (a stack of copies of one triangle) or shrink geometrically
 * towards a point (each split by area peels off one or two): leaves still hold at most
 * leaf_triangles, and the answers are the oracles'. Surface-only: these are no solids. */
static void test_hard_splits(void **state)
{
	(void)state;
	enum { COPIES = 64, LEVELS = 96, CHAIN = 2 * LEVELS };
	static col_vec3 v[3 * CHAIN];
	static int32_t t[3 * CHAIN];
	col_mesh *meshes[2] = {NULL, NULL};
	col_error error;
	for (int i = 0; i < COPIES; i++) {
		v[3 * i] = (col_vec3){0, 0, 0};
		v[3 * i + 1] = (col_vec3){1, 0, 0.5};
		v[3 * i + 2] = (col_vec3){0, 1, 0.25};
		for (int k = 0; k < 3; k++)
			t[3 * i + k] = 3 * i + k;
	}
	check_ok(col_mesh_create(v, 3 * COPIES, t, COPIES, &meshes[0], &error), &error);
	for (int i = 0; i < CHAIN; i++) {
		double s = ldexp(1.0, -(i / 2)); /* two triangles per scale, down to 2^-95 */
		v[3 * i] = (col_vec3){s, 0, 0};
		v[3 * i + 1] = (col_vec3){2 * s, s, 0};
		v[3 * i + 2] = (col_vec3){s, i % 2 ? 2 * s : s, s};
		for (int k = 0; k < 3; k++)
			t[3 * i + k] = 3 * i + k;
	}
	check_ok(col_mesh_create(v, 3 * CHAIN, t, CHAIN, &meshes[1], &error), &error);
	const char *names[2] = {"copies of one triangle", "shrinking chain"};
	for (int k = 0; k < 2; k++) {
		const col_mesh *mesh = meshes[k];
		for (int leaf = 1; leaf <= 16; leaf *= 4) {
			col_mesh_bvh *bvh = bvh_of(mesh, leaf, true);
			char name[96];
			snprintf(name, sizeof name, "%s, leaves of %d", names[k], leaf);
			check_structure(bvh, mesh, leaf, true, name, NULL, 0);
			rng r = rng_make(rng_env_seed(0x4A7D000u + (uint64_t)(8 * k + leaf)));
			int cases = COLLIDE_RANDOM_CASES / 50, hits = 0;
			mesh_oracle every = mesh_oracle_make(mesh);
			for (int i = 0; i < cases; i++) {
				/* Centres and radii at every scale of the chain. */
				double scale = ldexp(1.0, -rng_int(&r, 0, k ? LEVELS : 2));
				col_vec3 c = col_vec3_scale(rng_vec3(&r, -1.0, 3.0), scale);
				col_sphere ball = ball_in_range(c, rng_in(&r, 0.0, 2.0) * scale);
				c = ball.center;
				bool want = surface_oracle(&every, ball);
				bool got = col_mesh_bvh_sphere_meets_surface(bvh, ball, NULL, NULL);
				if (got != want ||
				    col_mesh_bvh_intersects_sphere(bvh, ball, NULL, NULL) != want)
					FAIL_CASE(
					    &r, i,
					    "%s: ball (%.17g, %.17g, %.17g) r %.17g: %d, every triangle %d",
					    name, c.x, c.y, c.z, ball.radius, got, want);
				hits += want;
				double d = col_mesh_bvh_closest_point(bvh, c, NULL, NULL, NULL),
				       want_d = nearest_oracle(&every, c, NULL, NULL);
				if (fabs(d - want_d) > 1e-12 * (scale + want_d))
					FAIL_CASE(&r, i, "%s: nearest %.17g, every triangle %.17g", name, d,
					          want_d);
				if (i % 8 == 0)
					check_ray(&r, i, name, &every, bvh, c, rng_vec3(&r, -1, 1), INFINITY);
			}
			mesh_oracle_free(&every);
			assert_true(hits > cases / 20);
			col_mesh_bvh_destroy(bvh);
		}
	}
	col_mesh_destroy(meshes[0]);
	col_mesh_destroy(meshes[1]);
}

/* Meshes far from the origin (an integer L prism moved to 2^46, where single precision keeps 24 of
 * the coordinates' 47 bits) and scaled to 2^-60 and 2^60: the rounded boxes still hold what they
 * bound, and every answer is the oracles'. */
static void test_far_and_scaled(void **state)
{
	(void)state;
	mesh_arrays m = {0};
	add_l_prism(&m);
	const double shift = 0x1p46;
	for (int i = 0; i < m.nv; i++)
		m.v[i] = col_vec3_add(m.v[i], (col_vec3){shift, -shift, shift + 1});
	col_mesh *far = mesh_of(&m);
	mesh_oracle far_oracle = mesh_oracle_make(far);
	rng r = rng_make(rng_env_seed(0xFA40000u));
	for (int v = 0; v < LEAF_VARIANTS; v++) {
		col_mesh_bvh *bvh = bvh_of(far, leaf_sizes[v], false);
		check_structure(bvh, far, leaf_sizes[v], false, "far L prism", NULL, 0);
		col_aabb3 box = col_mesh_bounds(far);
		int checked = 0;
		for (double x = box.min.x - 1; x <= box.max.x + 1; x += 0.5)
			for (double y = box.min.y - 1; y <= box.max.y + 1; y += 0.5)
				for (double z = box.min.z - 1; z <= box.max.z + 1; z += 0.5, checked++) {
					col_vec3 p = {x, y, z};
					bool inside = contains_oracle(far, p);
					if (col_mesh_bvh_contains(bvh, p, NULL) != inside)
						FAIL_CASE(&r, checked, "far: BVH %d, oracle %d", !inside,
						          inside);
					col_sphere ball = {p, checked % 3 * 0.5};
					if (col_mesh_bvh_intersects_sphere(bvh, ball, NULL, NULL) !=
					        col_mesh_intersects_sphere(far, ball, NULL) ||
					    col_mesh_bvh_sphere_meets_surface(bvh, ball, NULL, NULL) !=
					        surface_oracle(&far_oracle, ball))
						FAIL_CASE(&r, checked, "far: ball r %g at a grid point",
						          ball.radius);
					double d = col_mesh_bvh_closest_point(bvh, p, NULL, NULL, NULL),
					       want = nearest_oracle(&far_oracle, p, NULL, NULL);
					if (d != want)
						FAIL_CASE(&r, checked,
						          "far: nearest %.17g, every triangle %.17g", d,
						          want);
					if (checked % 7 == 0) {
						double axis[3] = {0, 0, 0};
						axis[checked % 3] = checked % 2 ? 1.0 : -1.0;
						check_ray(&r, checked, "far L prism", &far_oracle, bvh, p,
						          (col_vec3){axis[0], axis[1], axis[2]}, INFINITY);
					}
				}
		col_mesh_bvh_destroy(bvh);
	}
	mesh_oracle_free(&far_oracle);
	col_mesh_destroy(far);
	/* Scaled icospheres. */
	const double scales[2] = {0x1p-60, 0x1p60};
	for (int s = 0; s < 2; s++) {
		col_mesh *sphere = NULL;
		col_error error;
		check_ok(col_mesh_create_icosphere(2, scales[s], &sphere, &error), &error);
		col_mesh_bvh *bvh = bvh_of(sphere, 0, false);
		check_structure(bvh, sphere, 0, false, "scaled icosphere", NULL, 0);
		mesh_oracle every = mesh_oracle_make(sphere);
		int cases = COLLIDE_RANDOM_CASES / 50;
		for (int i = 0; i < cases; i++) {
			col_sphere ball = random_ball(&r, &every, i);
			if (col_mesh_bvh_intersects_sphere(bvh, ball, NULL, NULL) !=
			        col_mesh_intersects_sphere(sphere, ball, NULL) ||
			    col_mesh_bvh_sphere_meets_surface(bvh, ball, NULL, NULL) !=
			        surface_oracle(&every, ball))
				FAIL_CASE(&r, i, "icosphere scaled by %g: ball r %.17g", scales[s],
				          ball.radius);
			col_vec3 p = random_point(&r, sphere, bvh, i);
			if (col_mesh_bvh_contains(bvh, p, NULL) != contains_oracle(sphere, p))
				FAIL_CASE(&r, i, "icosphere scaled by %g: containment", scales[s]);
			double d = col_mesh_bvh_closest_point(bvh, p, NULL, NULL, NULL),
			       want = nearest_oracle(&every, p, NULL, NULL);
			if (fabs(d - want) > 1e-12 * (scales[s] + want))
				FAIL_CASE(&r, i,
				          "icosphere scaled by %g: nearest %.17g, every triangle %.17g",
				          scales[s], d, want);
		}
		mesh_oracle_free(&every);
		col_mesh_bvh_destroy(bvh);
		col_mesh_destroy(sphere);
	}
}

/* ---- traces ---- */

/* Where each triangle's leaf is, for the trace checks. */
static int *leaf_of_triangles(const col_mesh_bvh *bvh)
{
	int t = 0;
	const int32_t *order = col_mesh_bvh_leaf_triangles(bvh, &t);
	int *leaf = malloc(sizeof *leaf * (size_t)t);
	assert_non_null(leaf);
	for (int i = 0; i < col_mesh_bvh_node_count(bvh); i++) {
		col_mesh_bvh_node node;
		assert_true(col_mesh_bvh_node_at(bvh, i, &node));
		for (int s = node.first_triangle; s < node.first_triangle + node.triangle_count; s++)
			leaf[order[s]] = i;
	}
	return leaf;
}

enum { TRACE_CAPACITY = 8192 };

/* One query traced four ways (none, capacity 0 with NULL arrays, room for all, room for a few):
 * the same answer, the same counts, the few a prefix of the all. `which`: 0 the surface test,
 * 1 the solid one. */
static bool traced_ball(const col_mesh_bvh *bvh, col_sphere ball, int which, col_mesh_bvh_trace *full)
{
	bool (*query)(const col_mesh_bvh *, col_sphere, col_query_stats *, col_mesh_bvh_trace *) =
	    which == 0 ? col_mesh_bvh_sphere_meets_surface : col_mesh_bvh_intersects_sphere;
	bool plain = query(bvh, ball, NULL, NULL);
	col_mesh_bvh_trace empty = {NULL, 0, 0, NULL, 0, 0};
	bool counted = query(bvh, ball, NULL, &empty);
	full->node_capacity = full->triangle_capacity = TRACE_CAPACITY;
	full->node_count = full->triangle_count = 0;
	bool all = query(bvh, ball, NULL, full);
	int few_nodes[3], few_triangles[2];
	col_mesh_bvh_trace few = {few_nodes, 3, 0, few_triangles, 2, 0};
	bool some = query(bvh, ball, NULL, &few);
	if (plain != counted || plain != all || plain != some)
		fail_msg("a trace changes the answer");
	if (empty.node_count != full->node_count || empty.triangle_count != full->triangle_count ||
	    few.node_count != full->node_count || few.triangle_count != full->triangle_count)
		fail_msg(
		    "trace counts: %d/%d with no room, %d/%d with room for all, %d/%d with room for a few",
		    empty.node_count, empty.triangle_count, full->node_count, full->triangle_count,
		    few.node_count, few.triangle_count);
	assert_true(full->node_count <= TRACE_CAPACITY && full->triangle_count <= TRACE_CAPACITY);
	for (int k = 0; k < 3 && k < full->node_count; k++)
		assert_int_equal(few_nodes[k], full->nodes[k]);
	for (int k = 0; k < 2 && k < full->triangle_count; k++)
		assert_int_equal(few_triangles[k], full->triangles[k]);
	return plain;
}

/* Balls traced: the nodes visited are nodes (the root first, none twice), the triangles tested are
 * the mesh's and lie in visited leaves; a meeting surface test stops at the first triangle that
 * meets, a missing one tested none that meets. Stats count what the trace lists. Pairs trace a's
 * nodes and triangles. */
static void test_trace(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	static int nodes[TRACE_CAPACITY], triangles[TRACE_CAPACITY];
	col_mesh_bvh_trace full = {nodes, TRACE_CAPACITY, 0, triangles, TRACE_CAPACITY, 0};
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		bvh_set set = bvh_set_of(mesh);
		rng r = rng_make(rng_env_seed(0x7ACE000u + (uint64_t)k));
		int cases = COLLIDE_RANDOM_CASES / 100, met = 0;
		for (int v = 0; v < LEAF_VARIANTS; v++) {
			const col_mesh_bvh *bvh = set.leaf[v];
			int *leaf = leaf_of_triangles(bvh);
			int n = col_mesh_bvh_node_count(bvh), t = col_mesh_triangle_count(mesh);
			char *seen = malloc((size_t)n);
			assert_non_null(seen);
			for (int i = 0; i < cases; i++) {
				col_sphere ball = random_ball(&r, &set.every, i);
				bool answer = traced_ball(bvh, ball, 0, &full);
				met += answer;
				memset(seen, 0, (size_t)n);
				if (full.node_count > 0 && nodes[0] != 0)
					FAIL_CASE(&r, i, "%s: the trace starts at node %d, not the root",
					          classes[k].name, nodes[0]);
				for (int j = 0; j < full.node_count; j++) {
					if (nodes[j] < 0 || nodes[j] >= n || seen[nodes[j]])
						FAIL_CASE(&r, i,
						          "%s: traced node %d (of %d) out of range or twice",
						          classes[k].name, nodes[j], n);
					seen[nodes[j]] = 1;
				}
				for (int j = 0; j < full.triangle_count; j++) {
					if (triangles[j] < 0 || triangles[j] >= t ||
					    !seen[leaf[triangles[j]]])
						FAIL_CASE(&r, i,
						          "%s: traced triangle %d is not in a visited leaf",
						          classes[k].name, triangles[j]);
					bool meets = col_triangle_intersects_sphere(
					    col_mesh_triangle(mesh, triangles[j]), ball);
					bool last = j == full.triangle_count - 1;
					if (meets != (answer && last))
						FAIL_CASE(&r, i,
						          "%s: traced triangle %d of %d meets the ball %d "
						          "(answer %d)",
						          classes[k].name, j, full.triangle_count, meets,
						          answer);
				}
				/* The counts are the statistics'. */
				col_query_stats stats = {0};
				col_mesh_bvh_sphere_meets_surface(bvh, ball, &stats, NULL);
				if (stats.nodes_visited != (uint64_t)full.node_count ||
				    stats.primitives_tested != (uint64_t)full.triangle_count)
					FAIL_CASE(&r, i, "%s: stats %llu nodes %llu triangles, trace %d %d",
					          classes[k].name, (unsigned long long)stats.nodes_visited,
					          (unsigned long long)stats.primitives_tested,
					          full.node_count, full.triangle_count);
				/* The solid test traces too (what it traces is its own affair); consistently.
				 */
				traced_ball(bvh, ball, 1, &full);
			}
			/* A ball far away: at most the root, no triangle. */
			col_aabb3 box = col_mesh_bounds(mesh);
			col_sphere far = {col_vec3_add(box.max, (col_vec3){10, 10, 10}), 1.0};
			assert_false(traced_ball(bvh, far, 0, &full));
			assert_true(full.node_count <= 1 && full.triangle_count == 0);
			free(seen);
			free(leaf);
		}
		assert_true(met > 0);
		bvh_set_destroy(&set);
	}
	/* Pairs: a's nodes and triangles, the same counts with no room and with room. */
	bvh_set sets[CLASSES];
	for (int k = 0; k < CLASSES; k++)
		sets[k] = bvh_set_of(classes[k].mesh);
	rng r = rng_make(rng_env_seed(0x7ACF000u));
	for (int i = 0; i < COLLIDE_RANDOM_CASES / 20; i++) {
		int ka = i % CLASSES, kb = (i / CLASSES) % CLASSES;
		const col_mesh *ma = classes[ka].mesh, *mb = classes[kb].mesh;
		const col_mesh_bvh *a = sets[ka].leaf[i % LEAF_VARIANTS],
		                   *b = sets[kb].leaf[(i / 7) % LEAF_VARIANTS];
		col_transform3 pose = random_pose(&r, ma, mb, 0.5);
		for (int which = 0; which < 2; which++) {
			bool (*query)(const col_mesh_bvh *, const col_mesh_bvh *, col_transform3,
			              col_query_stats *, col_mesh_bvh_trace *) =
			    which ? col_mesh_bvh_intersects : col_mesh_bvh_surfaces_meet;
			col_mesh_bvh_trace empty = {NULL, 0, 0, NULL, 0, 0};
			full.node_count = full.triangle_count = 0;
			bool x = query(a, b, pose, NULL, &empty), y = query(a, b, pose, NULL, &full);
			assert_int_equal(x, y);
			assert_int_equal(x, query(a, b, pose, NULL, NULL));
			if (empty.node_count != full.node_count ||
			    empty.triangle_count != full.triangle_count)
				FAIL_CASE(&r, i,
				          "%s vs %s: pair trace counts %d/%d with no room, %d/%d with room",
				          classes[ka].name, classes[kb].name, empty.node_count,
				          empty.triangle_count, full.node_count, full.triangle_count);
			for (int j = 0; j < full.node_count && j < TRACE_CAPACITY; j++)
				if (nodes[j] < 0 || nodes[j] >= col_mesh_bvh_node_count(a))
					FAIL_CASE(&r, i, "pair trace: node %d is not a's", nodes[j]);
			for (int j = 0; j < full.triangle_count && j < TRACE_CAPACITY; j++)
				if (triangles[j] < 0 || triangles[j] >= col_mesh_triangle_count(ma))
					FAIL_CASE(&r, i, "pair trace: triangle %d is not a's", triangles[j]);
			if (y && which == 0 && full.triangle_count == 0)
				FAIL_CASE(&r, i,
				          "pair trace: the surfaces meet but no triangle of a is listed");
		}
	}
	for (int k = 0; k < CLASSES; k++)
		bvh_set_destroy(&sets[k]);
	free_bvh_classes(classes);
}

/* ---- pairs ---- */

/* Random poses of every pair of classes, about half of them meeting, over the leaf sizes of both:
 * the solids meet exactly when col_mesh_intersects_mesh says so, the surfaces exactly when a
 * triangle pair does; with a surface-only BVH on either side, the surfaces alone. Then small solids
 * dropped in and around every class, where containment alone often decides. */
static void test_random_poses(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	bvh_set sets[CLASSES];
	for (int k = 0; k < CLASSES; k++)
		sets[k] = bvh_set_of(classes[k].mesh);
	rng r = rng_make(rng_env_seed(0x9A1B00u));
	long met = 0, apart = 0, inside_only = 0, cases = 0;
	long per_pair = COLLIDE_RANDOM_CASES / (CLASSES * CLASSES) + 1;
	col_query_stats stats = {0};
	long queries = 0;
	for (int ka = 0; ka < CLASSES; ka++)
		for (int kb = 0; kb < CLASSES; kb++) {
			const col_mesh *ma = classes[ka].mesh, *mb = classes[kb].mesh;
			for (long i = 0; i < per_pair; i++, cases++) {
				/* Now and then b shrunk into a: near the centre, small offsets. */
				col_transform3 pose = random_pose(&r, ma, mb, i % 7 == 0 ? 0.1 : 0.6);
				bool expected = col_mesh_intersects_mesh(ma, mb, pose, NULL);
				bool surfaces = surfaces_oracle(ma, mb, pose);
				if (surfaces && !expected)
					FAIL_CASE(&r, (int)cases, "%s vs %s: the oracles disagree",
					          classes[ka].name, classes[kb].name);
				int va = (int)(i % LEAF_VARIANTS),
				    vb = (int)((i / LEAF_VARIANTS) % LEAF_VARIANTS);
				const col_mesh_bvh *a = sets[ka].leaf[va], *b = sets[kb].leaf[vb];
				bool got = col_mesh_bvh_intersects(a, b, pose, &stats, NULL);
				bool got_surfaces = col_mesh_bvh_surfaces_meet(a, b, pose, &stats, NULL);
				queries += 2;
				if (got != expected || got_surfaces != surfaces)
					FAIL_CASE(&r, (int)cases,
					          "%s vs %s (leaves of %d and %d): solids %d (oracle %d), "
					          "surfaces %d (oracle %d)",
					          classes[ka].name, classes[kb].name,
					          leaf_limit(leaf_sizes[va]), leaf_limit(leaf_sizes[vb]), got,
					          expected, got_surfaces, surfaces);
				if (i % 4 == 0) {
					bool x =
					    col_mesh_bvh_intersects(sets[ka].surface, b, pose, NULL, NULL);
					bool y =
					    col_mesh_bvh_intersects(a, sets[kb].surface, pose, NULL, NULL);
					bool z = col_mesh_bvh_surfaces_meet(
					    sets[ka].surface, sets[kb].surface, pose, NULL, NULL);
					if (x != surfaces || y != surfaces || z != surfaces)
						FAIL_CASE(&r, (int)cases,
						          "%s vs %s, surface-only: %d %d %d, every triangle "
						          "pair %d",
						          classes[ka].name, classes[kb].name, x, y, z,
						          surfaces);
				}
				met += expected;
				apart += !expected;
				inside_only += expected && !surfaces;
			}
		}
	assert_true(met > cases / 10 && apart > cases / 10);
	assert_int_equal(stats.queries, queries);
	/* Small solids (a box, an icosphere, a torus) dropped at random points of every class's box,
	 * inside, touching or outside, each way round: many poses where only a piece's containment
	 * decides. */
	col_mesh *smalls[3] = {NULL, NULL, NULL};
	col_error error;
	check_ok(col_mesh_create_box((col_vec3){0.05, 0.1, 0.075}, &smalls[0], &error), &error);
	check_ok(col_mesh_create_icosphere(1, 0.08, &smalls[1], &error), &error);
	check_ok(col_mesh_create_torus(0.1, 0.03, 8, 6, &smalls[2], &error), &error);
	bvh_set small_sets[3];
	for (int s = 0; s < 3; s++)
		small_sets[s] = bvh_set_of(smalls[s]);
	long small_cases = 0;
	for (int k = 0; k < CLASSES; k++) {
		const col_mesh *mesh = classes[k].mesh;
		for (int i = 0; i < COLLIDE_RANDOM_CASES / (5 * CLASSES); i++, small_cases++) {
			int s = i % 3, v = (i / 3) % LEAF_VARIANTS;
			col_transform3 pose = {random_rotation(&r),
			                       random_point(&r, mesh, sets[k].leaf[v], i)};
			bool swap = (i / 9) % 2;
			const col_mesh *ma = swap ? smalls[s] : mesh, *mb = swap ? mesh : smalls[s];
			const col_mesh_bvh *a = swap ? small_sets[s].leaf[v] : sets[k].leaf[v];
			const col_mesh_bvh *b =
			    swap ? sets[k].leaf[(v + 1) % LEAF_VARIANTS] : small_sets[s].leaf[v];
			if (swap)
				pose = col_transform3_inverse(pose);
			bool expected = col_mesh_intersects_mesh(ma, mb, pose, NULL),
			     surfaces = surfaces_oracle(ma, mb, pose);
			bool got = col_mesh_bvh_intersects(a, b, pose, NULL, NULL);
			bool got_surfaces = col_mesh_bvh_surfaces_meet(a, b, pose, NULL, NULL);
			if (got != expected || got_surfaces != surfaces)
				FAIL_CASE(&r, (int)small_cases,
				          "%s with a small solid (%d, swapped %d): solids %d (oracle %d), "
				          "surfaces %d (oracle %d)",
				          classes[k].name, s, swap, got, expected, got_surfaces, surfaces);
			inside_only += expected && !surfaces;
		}
	}
	if (!(inside_only > small_cases / 10))
		fail_msg("%ld of %ld small-solid poses with one solid inside the other", inside_only,
		         small_cases);
	for (int s = 0; s < 3; s++) {
		bvh_set_destroy(&small_sets[s]);
		col_mesh_destroy(smalls[s]);
	}
	for (int k = 0; k < CLASSES; k++)
		bvh_set_destroy(&sets[k]);
	free_bvh_classes(classes);
}

/* Exact poses: boxes touching on a face (coplanar triangles), an edge, a vertex, a hair apart;
 * boxes sharing a face exactly, turned by a half turn (exact); a thin plate lying on a box; a small
 * box inside a big one and inside the cavity of the nested shells (apart), and a big box holding a
 * small one. Every leaf size. */
static void test_touching_and_inside(void **state)
{
	(void)state;
	mesh_arrays big = {0}, small = {0}, shells = {0}, unit = {0}, plate = {0}, slab = {0}, huge = {0};
	add_box(&big, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	add_box(&small, (col_vec3){-0.5, -0.5, -0.5}, (col_vec3){0.5, 0.5, 0.5}, false);
	add_box(&shells, (col_vec3){-3, -3, -3}, (col_vec3){3, 3, 3}, false);
	add_box(&shells, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, true);
	add_box(&unit, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	add_l_prism_of_width(&plate, 0.1);
	add_box(&slab, (col_vec3){-1, -1, -1}, (col_vec3){5, 5, 0}, false);
	add_box(&huge, (col_vec3){-5, -5, -5}, (col_vec3){5, 5, 5}, false);
	col_mesh *meshes[7] = {mesh_of(&big),   mesh_of(&small), mesh_of(&shells), mesh_of(&unit),
	                       mesh_of(&plate), mesh_of(&slab),  mesh_of(&huge)};
	enum { BIG, SMALL, SHELLS, UNIT, PLATE, SLAB, HUGE };
	col_quat identity = {0, 0, 0, 1}, half_turn = {0, 0, 1, 0}; /* about z: (x, y, z) to (-x, -y, z) */
	const struct {
		int a, b;
		col_quat rotation;
		col_vec3 shift;
		int expected; /* 1 meet, 0 apart */
		int surfaces; /* 1 the surfaces meet, 0 not */
	} cases[] = {
	    {BIG, SMALL, identity, {2.5, 0, 0}, 1, 1},                  /* face on face */
	    {BIG, SMALL, identity, {2.5, 2.5, 0}, 1, 1},                /* edge on edge */
	    {BIG, SMALL, identity, {2.5, 2.5, 2.5}, 1, 1},              /* corner on corner */
	    {BIG, SMALL, identity, {0x1.4000000000001p+1, 0, 0}, 0, 0}, /* a hair apart */
	    {BIG, SMALL, identity, {0.25, 0.5, -0.125}, 1, 0},          /* small inside big */
	    {SMALL, BIG, identity, {0.25, 0.5, -0.125}, 1, 0},          /* big around small */
	    {BIG, SMALL, identity, {1.5, 0, 0}, 1, 1},    /* inside, touching a wall from within */
	    {SHELLS, SMALL, identity, {0.5, 0, 0}, 0, 0}, /* in the cavity, apart */
	    {SHELLS, SMALL, identity, {1.5, 0, 0}, 1, 1}, /* touching the cavity's wall */
	    {SMALL, SHELLS, identity, {0, 0, 0}, 0, 0},   /* the shells around the small box */
	    {UNIT, UNIT, identity, {1, 0, 0}, 1, 1},      /* sharing a face */
	    {UNIT, UNIT, identity, {1, 0.5, 0.25}, 1, 1}, /* sharing part of a face */
	    {UNIT, UNIT, identity, {0, 0, 0}, 1, 1},      /* the same box */
	    {UNIT, UNIT, half_turn, {2, 1, 0}, 1, 1},     /* turned, sharing the face x = 1 */
	    {UNIT, UNIT, half_turn, {0x1.0000000000001p+1, 1, 0}, 0, 0},
	    {UNIT, UNIT, half_turn, {1, 1, 0}, 1, 1}, /* turned, sharing an edge */
	    {SLAB, PLATE, identity, {0, 0, 0}, 1, 1}, /* the thin plate lying on the slab */
	    {PLATE, SLAB, identity, {0, 0, 0}, 1, 1},
	    {SLAB, PLATE, identity, {0.5, 0.5, 0x1p-52}, 0, 0}, /* just above it */
	    {SLAB, PLATE, identity, {0.5, 0.5, -0.5}, 1, 1},    /* sunk in it */
	    {HUGE, PLATE, identity, {-5, -1, -1}, 1, 1},        /* the plate inside, touching a face */
	    {HUGE, PLATE, identity, {-1.9, -1.95, -1}, 1, 0},   /* the plate inside */
	    {PLATE, HUGE, identity, {1.9, 1.95, 1}, 1, 0},      /* around the plate */
	    {BIG, PLATE, identity, {-1, -1, -1}, 1, 1},         /* the plate through a box */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const col_mesh *ma = meshes[cases[i].a], *mb = meshes[cases[i].b];
		col_transform3 pose = {cases[i].rotation, cases[i].shift};
		if (col_mesh_intersects_mesh(ma, mb, pose, NULL) != (cases[i].expected == 1) ||
		    surfaces_oracle(ma, mb, pose) != (cases[i].surfaces == 1))
			fail_msg("pose %zu: the oracles say %d and %d", i,
			         col_mesh_intersects_mesh(ma, mb, pose, NULL), surfaces_oracle(ma, mb, pose));
		for (int va = 0; va < LEAF_VARIANTS; va++)
			for (int vb = 0; vb < LEAF_VARIANTS; vb++) {
				col_mesh_bvh *a = bvh_of(ma, leaf_sizes[va], false),
				             *b = bvh_of(mb, leaf_sizes[vb], false);
				bool got = col_mesh_bvh_intersects(a, b, pose, NULL, NULL);
				bool got_surfaces = col_mesh_bvh_surfaces_meet(a, b, pose, NULL, NULL);
				if (got != (cases[i].expected == 1) ||
				    got_surfaces != (cases[i].surfaces == 1))
					fail_msg("pose %zu (leaves of %d and %d): solids %d, surfaces %d; "
					         "expected %d and %d",
					         i, leaf_limit(leaf_sizes[va]), leaf_limit(leaf_sizes[vb]),
					         got, got_surfaces, cases[i].expected, cases[i].surfaces);
				col_mesh_bvh_destroy(a);
				col_mesh_bvh_destroy(b);
			}
	}
	for (int k = 0; k < 7; k++)
		col_mesh_destroy(meshes[k]);
}

/* A mesh of several pieces, one of them inside the other solid and the rest far away: the surfaces
 * never meet, so only a containment test per piece finds it (one vertex per mesh misses it). */
static void test_piece_inside(void **state)
{
	(void)state;
	mesh_arrays pair_big = {0}, pair_small = {0};
	add_box(&pair_big, (col_vec3){-6, -1, -1}, (col_vec3){-4, 1, 1}, false);
	add_box(&pair_big, (col_vec3){4, -1, -1}, (col_vec3){6, 1, 1}, false);
	add_box(&pair_small, (col_vec3){99.7, -0.3, -0.3}, (col_vec3){100.3, 0.3, 0.3}, false);
	add_box(&pair_small, (col_vec3){4.7, -0.3, -0.3}, (col_vec3){5.3, 0.3, 0.3}, false);
	col_mesh *big = mesh_of(&pair_big), *small = mesh_of(&pair_small);
	col_transform3 identity = col_transform3_identity(), away = {col_quat_identity(), {0, 0, 50}};
	/* Turned a half turn about y and moved back: the inside piece is inside again, the far piece
	 * at x = -100. */
	col_transform3 turned = {{0, 1, 0, 0}, {10, 0, 0}};
	assert_true(col_mesh_intersects_mesh(big, small, identity, NULL));
	assert_true(col_mesh_intersects_mesh(small, big, identity, NULL));
	assert_false(col_mesh_intersects_mesh(big, small, away, NULL));
	assert_true(col_mesh_intersects_mesh(big, small, turned, NULL));
	for (int va = 0; va < LEAF_VARIANTS; va++)
		for (int vb = 0; vb < LEAF_VARIANTS; vb++) {
			col_mesh_bvh *tb = bvh_of(big, leaf_sizes[va], false),
			             *ts = bvh_of(small, leaf_sizes[vb], false);
			assert_true(col_mesh_bvh_intersects(tb, ts, identity, NULL, NULL));
			assert_true(col_mesh_bvh_intersects(ts, tb, identity, NULL, NULL));
			assert_true(col_mesh_bvh_intersects(tb, ts, turned, NULL, NULL));
			assert_false(col_mesh_bvh_surfaces_meet(tb, ts, identity, NULL, NULL));
			assert_false(col_mesh_bvh_intersects(tb, ts, away, NULL, NULL));
			col_mesh_contact_summary summary;
			col_error error;
			check_ok(col_mesh_bvh_contacts(tb, ts, identity, NULL, 0, &summary, NULL, &error),
			         &error);
			assert_int_equal(summary.count, 8); /* the inner box's corners, 0.7 deep */
			assert_true(fabs(summary.deepest.depth - 0.7) < 1e-12);
			check_ok(col_mesh_bvh_contacts(ts, tb, identity, NULL, 0, &summary, NULL, &error),
			         &error);
			assert_int_equal(summary.count, 8);
			assert_int_equal(summary.deepest.kind, COL_CONTACT_VERTEX_OF_A);
			col_mesh_bvh_destroy(tb);
			col_mesh_bvh_destroy(ts);
		}
	col_mesh_destroy(big);
	col_mesh_destroy(small);
}

/* A torus sliding through a bumpy sphere (the tetra-tree's moving pair): every step's answers are
 * the oracles'. */
static void test_moving_pair(void **state)
{
	(void)state;
	col_mesh *sphere = NULL, *torus = NULL;
	col_error error;
	check_ok(col_mesh_create_bumpy_sphere(3, &sphere, &error), &error);
	check_ok(col_mesh_create_torus(0.8, 0.2, 32, 12, &torus, &error), &error);
	col_mesh_bvh *ta = bvh_of(sphere, 0, false), *tb = bvh_of(torus, 1, false);
	int steps = COLLIDE_RANDOM_CASES / 100, hits = 0, crossing = 0;
	for (int i = 0; i < steps; i++) {
		double t = (double)i / steps;
		double angle = 6.0 * t;
		col_quat rotation = {sin(angle / 2) * 0.6, sin(angle / 2) * 0.8, 0, cos(angle / 2)};
		col_transform3 pose = {rotation, {3.0 * cos(6.28318 * t), 1.2 * sin(6.28318 * t), 0.3}};
		bool expected = col_mesh_intersects_mesh(sphere, torus, pose, NULL);
		bool surfaces = surfaces_oracle(sphere, torus, pose);
		bool got = col_mesh_bvh_intersects(ta, tb, pose, NULL, NULL);
		bool got_surfaces = col_mesh_bvh_surfaces_meet(ta, tb, pose, NULL, NULL);
		if (got != expected || got_surfaces != surfaces)
			fail_msg("step %d: solids %d (oracle %d), surfaces %d (oracle %d)", i, got, expected,
			         got_surfaces, surfaces);
		hits += got;
		crossing += surfaces;
	}
	assert_true(hits > steps / 10 && hits < steps * 9 / 10 && crossing > steps / 20);
	col_mesh_bvh_destroy(ta);
	col_mesh_bvh_destroy(tb);
	col_mesh_destroy(sphere);
	col_mesh_destroy(torus);
}

/* ---- contacts ---- */

/* The BVH's contacts against the brute force's: the same crossings bit for bit (the same
 * computation on the same moved triangles), the same inner vertices, each at the same depth; where
 * two surface points are equally near, the BVH's must be one of them. */
static void compare_contacts(rng *r, long i, const char *names, const col_mesh *ma, const col_mesh *mb,
                             const col_mesh_bvh *ta, const col_mesh_bvh *tb, col_transform3 pose,
                             long *counted)
{
	enum { CAPACITY = 4096 };
	static col_mesh_contact want[CAPACITY], got[CAPACITY];
	col_mesh_contact_summary want_summary, got_summary;
	col_error error;
	check_ok(col_mesh_contacts(ma, mb, pose, want, CAPACITY, &want_summary, NULL, &error), &error);
	check_ok(col_mesh_bvh_contacts(ta, tb, pose, got, CAPACITY, &got_summary, NULL, &error), &error);
	if (want_summary.count != got_summary.count || want_summary.crossings != got_summary.crossings)
		FAIL_CASE(r, (int)i, "%s: %d contacts (%d crossings), oracle %d (%d)", names,
		          got_summary.count, got_summary.crossings, want_summary.count,
		          want_summary.crossings);
	if ((want_summary.count > 0) != col_mesh_intersects_mesh(ma, mb, pose, NULL))
		FAIL_CASE(r, (int)i, "%s: contacts exist %d against the yes/no oracle", names,
		          want_summary.count > 0);
	int n = want_summary.count < CAPACITY ? want_summary.count : CAPACITY;
	for (int k = 0; k < n; k++) {
		const col_mesh_contact *w = &want[k], *g = &got[k];
		if (w->kind != g->kind || w->vertex != g->vertex)
			FAIL_CASE(r, (int)i, "%s: contact %d is kind %d vertex %d, oracle %d %d", names, k,
			          g->kind, g->vertex, w->kind, w->vertex);
		if (w->kind == COL_CONTACT_CROSSING) {
			if (memcmp(w, g, sizeof *w) != 0)
				FAIL_CASE(r, (int)i, "%s: crossing %d differs (triangles %d %d)", names, k,
				          w->triangle_a, w->triangle_b);
			continue;
		}
		double scale = 1.0 + col_vec3_length(w->point);
		if (fabs(w->depth - g->depth) > 1e-12 * scale ||
		    col_vec3_distance(w->point, g->point) > 1e-12 * scale)
			FAIL_CASE(r, (int)i, "%s: vertex %d depth %.17g, oracle %.17g", names, w->vertex,
			          g->depth, w->depth);
		if (fabs(col_vec3_length(g->normal) - 1.0) > 1e-9 && g->depth > 0)
			FAIL_CASE(r, (int)i, "%s: vertex %d's normal is not a unit vector", names, w->vertex);
		/* The surface point each normal points at (for a's vertex, the normal points away from it).
		 */
		double sign = w->kind == COL_CONTACT_VERTEX_OF_B ? 1.0 : -1.0;
		col_vec3 at = col_vec3_add(g->point, col_vec3_scale(g->normal, sign * g->depth));
		const col_mesh *outer = w->kind == COL_CONTACT_VERTEX_OF_B ? ma : mb;
		int triangle = w->kind == COL_CONTACT_VERTEX_OF_B ? g->triangle_a : g->triangle_b;
		if (!(triangle >= 0 && triangle < col_mesh_triangle_count(outer)))
			FAIL_CASE(r, (int)i, "%s: vertex %d names triangle %d", names, w->vertex, triangle);
		col_triangle t = col_mesh_triangle(outer, triangle);
		if (w->kind == COL_CONTACT_VERTEX_OF_A)
			t = col_triangle_moved(t, pose);
		if (g->depth > 0 && col_vec3_distance(at, col_triangle_closest_point(t, at)) > 1e-9 * scale)
			FAIL_CASE(r, (int)i, "%s: vertex %d's normal misses its nearest triangle", names,
			          w->vertex);
	}
	if (want_summary.count > 0 && fabs(want_summary.deepest.depth - got_summary.deepest.depth) >
	                                  1e-12 * (1.0 + col_vec3_length(want_summary.deepest.point)))
		FAIL_CASE(r, (int)i, "%s: deepest %.17g, oracle %.17g", names, got_summary.deepest.depth,
		          want_summary.deepest.depth);
	for (int k = 0; k < n; k++)
		assert_true(got[k].depth <= got_summary.deepest.depth);
	/* The summary alone, and a short buffer, count the same. */
	col_mesh_contact_summary alone, short_summary;
	check_ok(col_mesh_bvh_contacts(ta, tb, pose, NULL, 0, &alone, NULL, &error), &error);
	check_ok(col_mesh_bvh_contacts(ta, tb, pose, got, 3, &short_summary, NULL, &error), &error);
	assert_int_equal(alone.count, got_summary.count);
	assert_int_equal(short_summary.count, got_summary.count);
	*counted += want_summary.count;
}

static void test_contacts(void **state)
{
	(void)state;
	mesh_class classes[CLASSES];
	make_bvh_classes(classes);
	bvh_set sets[CLASSES];
	for (int k = 0; k < CLASSES; k++)
		sets[k] = bvh_set_of(classes[k].mesh);
	rng r = rng_make(rng_env_seed(0xC0B7AC75u));
	long cases = 0, contacts = 0;
	long per_pair = COLLIDE_RANDOM_CASES / (CLASSES * CLASSES * 50) + 1;
	for (int ka = 0; ka < CLASSES; ka++)
		for (int kb = 0; kb < CLASSES; kb++) {
			const col_mesh *ma = classes[ka].mesh, *mb = classes[kb].mesh;
			char names[96];
			snprintf(names, sizeof names, "%s vs %s", classes[ka].name, classes[kb].name);
			for (long i = 0; i < per_pair; i++, cases++) {
				col_transform3 pose = random_pose(&r, ma, mb, i % 5 == 0 ? 0.1 : 0.5);
				compare_contacts(&r, cases, names, ma, mb, sets[ka].leaf[i % LEAF_VARIANTS],
				                 sets[kb].leaf[(i + 1) % LEAF_VARIANTS], pose, &contacts);
			}
		}
	assert_true(contacts > cases);
	for (int k = 0; k < CLASSES; k++)
		bvh_set_destroy(&sets[k]);
	free_bvh_classes(classes);
}

/* Known contacts: a box resting 0.1 deep on another, a box wholly inside another, boxes apart,
 * and bad input. */
static void test_contacts_known(void **state)
{
	(void)state;
	mesh_arrays big = {0}, unit = {0};
	add_box(&big, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, false);
	add_box(&unit, (col_vec3){-1, -1, -1}, (col_vec3){1, 1, 1}, false);
	col_mesh *mb = mesh_of(&big), *mu = mesh_of(&unit);
	col_mesh_bvh *tb = bvh_of(mb, 0, false), *tu = bvh_of(mu, 1, false);
	col_quat identity = {0, 0, 0, 1};
	col_mesh_contact contacts[64];
	col_mesh_contact_summary summary;
	col_error error;
	/* Resting: the second unit box at (0.3, 0.2, 1.9) sinks 0.1 into the first. One corner of each
	 * is inside the other, both 0.1 deep along z; b must move up. */
	col_transform3 resting = {identity, {0.3, 0.2, 1.9}};
	check_ok(col_mesh_bvh_contacts(tu, tu, resting, contacts, 64, &summary, NULL, &error), &error);
	assert_true(summary.crossings > 0 && summary.count == summary.crossings + 2);
	assert_true(fabs(summary.deepest.depth - 0.1) < 1e-12);
	for (int k = summary.crossings; k < summary.count; k++) {
		assert_true(fabs(contacts[k].depth - 0.1) < 1e-12);
		assert_true(fabs(contacts[k].normal.z - 1.0) < 1e-12);
	}
	assert_int_equal(contacts[summary.crossings].kind, COL_CONTACT_VERTEX_OF_B);
	assert_int_equal(contacts[summary.crossings + 1].kind, COL_CONTACT_VERTEX_OF_A);
	/* Inside: no crossing, all 8 corners of the unit box inside the big one, the deepest 1. */
	col_transform3 inside = {identity, {0.5, 0, 0}};
	check_ok(col_mesh_bvh_contacts(tb, tu, inside, contacts, 64, &summary, NULL, &error), &error);
	assert_int_equal(summary.crossings, 0);
	assert_int_equal(summary.count, 8);
	assert_true(fabs(summary.deepest.depth - 1.0) < 1e-12);
	for (int k = 0; k < 8; k++)
		assert_true(fabs(contacts[k].depth - (contacts[k].point.x > 1.0 ? 0.5 : 1.0)) < 1e-12);
	/* Big around small (a inside b): a's 8 corners. */
	check_ok(col_mesh_bvh_contacts(tu, tb, inside, contacts, 64, &summary, NULL, &error), &error);
	assert_int_equal(summary.count, 8);
	assert_int_equal(contacts[0].kind, COL_CONTACT_VERTEX_OF_A);
	/* Apart; touching face to face (coplanar: crossings only, no depth). */
	col_transform3 apart = {identity, {5, 0, 0}}, touching = {identity, {3, 0.5, 0}};
	check_ok(col_mesh_bvh_contacts(tb, tu, apart, contacts, 64, &summary, NULL, &error), &error);
	assert_int_equal(summary.count, 0);
	check_ok(col_mesh_bvh_contacts(tb, tu, touching, contacts, 64, &summary, NULL, &error), &error);
	col_mesh_contact_summary want;
	check_ok(col_mesh_contacts(mb, mu, touching, NULL, 0, &want, NULL, &error), &error);
	assert_true(summary.count > 0);
	assert_int_equal(summary.count, want.count);
	assert_int_equal(summary.crossings, want.crossings);
	/* The summary alone, and bad input. */
	check_ok(col_mesh_bvh_contacts(tu, tu, resting, NULL, 0, &summary, NULL, &error), &error);
	assert_true(summary.count > 0);
	check_ok(col_mesh_bvh_contacts(tu, tu, resting, contacts, 4, NULL, NULL, &error), &error);
	assert_int_equal(col_mesh_bvh_contacts(tu, tu, resting, NULL, 4, &summary, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_bvh_contacts(tu, tu, resting, contacts, -1, &summary, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_bvh_contacts(NULL, tu, resting, contacts, 4, &summary, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	assert_int_equal(col_mesh_bvh_contacts(tu, NULL, resting, contacts, 4, &summary, NULL, &error),
	                 COL_ERROR_INVALID_ARGUMENT);
	const col_transform3 bad[3] = {
	    {identity, {NAN, 0, 0}}, {{0, NAN, 0, 1}, {0, 0, 0}}, {identity, {0, INFINITY, 0}}};
	for (int k = 0; k < 3; k++) {
		col_status want_status =
		    col_mesh_contacts(mu, mu, bad[k], contacts, 4, &summary, NULL, &error);
		assert_int_equal(want_status, COL_ERROR_NOT_FINITE);
		assert_int_equal(col_mesh_bvh_contacts(tu, tu, bad[k], contacts, 4, &summary, NULL, &error),
		                 want_status);
	}
	col_mesh_bvh_destroy(tb);
	col_mesh_bvh_destroy(tu);
	col_mesh_destroy(mb);
	col_mesh_destroy(mu);
}

/* ---- bad input ---- */

static void test_bad_input(void **state)
{
	(void)state;
	col_mesh_bvh *bvh = NULL;
	col_error error;
	assert_int_equal(col_mesh_bvh_build(NULL, NULL, &bvh, &error), COL_ERROR_INVALID_ARGUMENT);
	assert_null(bvh);
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	col_mesh *box = mesh_of(&m);
	assert_int_equal(col_mesh_bvh_build(box, NULL, NULL, &error), COL_ERROR_INVALID_ARGUMENT);
	const int bad_leaves[] = {0, -1, COL_MESH_BVH_MAX_LEAF_TRIANGLES + 1, 1 << 30};
	for (size_t k = 0; k < sizeof bad_leaves / sizeof bad_leaves[0]; k++) {
		col_mesh_bvh_options o = col_mesh_bvh_default_options();
		o.leaf_triangles = bad_leaves[k];
		for (int surface_only = 0; surface_only < 2; surface_only++) {
			o.surface_only = surface_only;
			bvh = NULL;
			assert_int_equal(col_mesh_bvh_build(box, &o, &bvh, &error),
			                 COL_ERROR_INVALID_ARGUMENT);
			assert_null(bvh);
			assert_true(strlen(error.message) > 10);
		}
	}
	/* Open meshes are refused, saying why. */
	col_mesh *open = NULL;
	check_ok(col_mesh_create(m.v, m.nv, m.t, m.nt - 1, &open, &error), &error);
	assert_int_equal(col_mesh_bvh_build(open, NULL, &bvh, &error), COL_ERROR_TOPOLOGY);
	assert_null(bvh);
	assert_non_null(strstr(error.message, "boundary"));
	/* Queries and accessors on NULL and on points that are no points. */
	bvh = bvh_of(box, 0, false);
	const col_vec3 no_points[4] = {
	    {NAN, 0.5, 0.5}, {0.5, INFINITY, 0.5}, {0.5, 0.5, -INFINITY}, {NAN, NAN, NAN}};
	for (int k = 0; k < 4; k++) {
		col_vec3 p = no_points[k];
		assert_false(col_mesh_bvh_contains(bvh, p, NULL));
		assert_true(col_mesh_bvh_closest_point(bvh, p, NULL, NULL, NULL) == -1.0);
		assert_true(isnan(col_mesh_bvh_signed_distance(bvh, p, NULL)));
		assert_false(col_mesh_bvh_sphere_meets_surface(bvh, (col_sphere){p, 1}, NULL, NULL));
		assert_false(col_mesh_bvh_intersects_sphere(bvh, (col_sphere){p, 1}, NULL, NULL));
		assert_false(col_mesh_bvh_sphere_contact(bvh, (col_sphere){p, 1}, NULL, NULL));
		assert_false(col_mesh_bvh_ray_cast(bvh, p, (col_vec3){0, 0, 1}, INFINITY, NULL, NULL));
		assert_false(col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.5, 5}, p, INFINITY, NULL, NULL));
	}
	const double bad_radii[4] = {-1.0, -0x1p-1074, NAN, INFINITY};
	for (int k = 0; k < 4; k++) {
		col_sphere ball = {{0.5, 0.5, 0.5}, bad_radii[k]};
		bool want = col_mesh_intersects_sphere(box, ball, NULL);
		assert_false(want);
		assert_false(col_mesh_bvh_sphere_meets_surface(bvh, ball, NULL, NULL));
		assert_false(col_mesh_bvh_intersects_sphere(bvh, ball, NULL, NULL));
		assert_false(col_mesh_bvh_sphere_contact(bvh, ball, NULL, NULL));
	}
	/* A ray with no direction, or a negative reach. */
	col_ray_hit3 hit;
	assert_false(
	    col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.5, 5}, (col_vec3){0, 0, 0}, INFINITY, &hit, NULL));
	assert_false(
	    col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.5, 0.5}, (col_vec3){0, 0, 0}, INFINITY, &hit, NULL));
	assert_false(
	    col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.5, 5}, (col_vec3){0, 0, -1}, -1.0, &hit, NULL));
	assert_true(
	    col_mesh_bvh_ray_cast(bvh, (col_vec3){0.5, 0.5, 5}, (col_vec3){0, 0, -1}, 4.0, &hit, NULL));
	/* NULL BVH. */
	col_query_stats stats = {0};
	col_vec3 o = {0.5, 0.5, 0.5};
	assert_false(col_mesh_bvh_contains(NULL, o, &stats));
	assert_false(col_mesh_bvh_sphere_meets_surface(NULL, (col_sphere){o, 1}, &stats, NULL));
	assert_false(col_mesh_bvh_intersects_sphere(NULL, (col_sphere){o, 1}, &stats, NULL));
	assert_false(col_mesh_bvh_sphere_contact(NULL, (col_sphere){o, 1}, NULL, &stats));
	assert_true(col_mesh_bvh_closest_point(NULL, o, NULL, NULL, &stats) == -1.0);
	assert_true(isnan(col_mesh_bvh_signed_distance(NULL, o, &stats)));
	assert_false(col_mesh_bvh_ray_cast(NULL, o, (col_vec3){1, 0, 0}, INFINITY, NULL, &stats));
	col_transform3 identity = col_transform3_identity();
	assert_false(col_mesh_bvh_surfaces_meet(NULL, bvh, identity, &stats, NULL));
	assert_false(col_mesh_bvh_surfaces_meet(bvh, NULL, identity, &stats, NULL));
	assert_false(col_mesh_bvh_intersects(NULL, bvh, identity, &stats, NULL));
	assert_false(col_mesh_bvh_intersects(bvh, NULL, identity, &stats, NULL));
	assert_int_equal(stats.queries, 0);
	bool answers[3] = {true, true, true};
	const col_vec3 points[3] = {{0.5, 0.5, 0.5}, {0.25, 0.5, 0.75}, {0, 0, 0}};
	col_mesh_bvh_contains_points(NULL, points, 3, answers, NULL);
	assert_false(answers[0] || answers[1] || answers[2]);
	col_mesh_bvh_contains_points(bvh, points, 3, answers, NULL);
	assert_true(answers[0] && answers[1] && answers[2]);
	col_mesh_bvh_contains_points(bvh, points, 0, answers, NULL);
	/* Transforms that are no transforms. */
	const col_transform3 bad[4] = {{{0, 0, 0, 1}, {NAN, 0, 0}},
	                               {{0, NAN, 0, 1}, {0, 0, 0}},
	                               {{0, 0, 0, INFINITY}, {0, 0, 0}},
	                               {{0, 0, 0, 1}, {0, 0, -INFINITY}}};
	for (int k = 0; k < 4; k++) {
		assert_false(col_mesh_bvh_surfaces_meet(bvh, bvh, bad[k], NULL, NULL));
		assert_false(col_mesh_bvh_intersects(bvh, bvh, bad[k], NULL, NULL));
	}
	assert_true(col_mesh_bvh_intersects(bvh, bvh, identity, NULL, NULL));
	/* Accessors. */
	assert_null(col_mesh_bvh_mesh(NULL));
	assert_false(col_mesh_bvh_is_solid(NULL));
	assert_int_equal(col_mesh_bvh_get_stats(NULL).nodes, 0);
	assert_int_equal(col_mesh_bvh_node_count(NULL), 0);
	col_mesh_bvh_node node;
	assert_false(col_mesh_bvh_node_at(NULL, 0, &node));
	int count = 7;
	assert_null(col_mesh_bvh_leaf_triangles(NULL, &count));
	assert_int_equal(count, 0);
	col_mesh_bvh_destroy(bvh);
	col_mesh_bvh_destroy(NULL);
	col_mesh_destroy(box);
	col_mesh_destroy(open);
}

/* Each query counts itself once in stats.queries, whatever it does inside (point tests included),
 * and its work in nodes_visited and primitives_tested. */
static void test_query_stats(void **state)
{
	(void)state;
	col_mesh *sphere = NULL, *small = NULL;
	col_error error;
	check_ok(col_mesh_create_icosphere(2, 1.0, &sphere, &error), &error);
	check_ok(col_mesh_create_box((col_vec3){0.3, 0.2, 0.1}, &small, &error), &error);
	col_mesh_bvh *a = bvh_of(sphere, 0, false), *b = bvh_of(small, 1, false);
	const col_transform3 poses[3] = {{col_quat_identity(), {0, 0, 0}},   /* inside */
	                                 {col_quat_identity(), {0.9, 0, 0}}, /* crossing */
	                                 {col_quat_identity(), {5, 0, 0}}};  /* apart */
	const col_sphere balls[3] = {{{0, 0, 0}, 0.1}, {{0, 0, 1}, 0.1}, {{0, 0, 5}, 0.1}};
	char wrong[160] = ""; /* the first miscount, reported once everything is freed */
	for (int k = 0; k < 3; k++) {
		col_query_stats stats[10];
		memset(stats, 0, sizeof stats);
		col_contact3 contact;
		col_mesh_contact_summary summary;
		col_mesh_contact contacts[16];
		col_mesh_bvh_contains(a, balls[k].center, &stats[0]);
		col_mesh_bvh_sphere_meets_surface(a, balls[k], &stats[1], NULL);
		col_mesh_bvh_intersects_sphere(a, balls[k], &stats[2], NULL);
		col_mesh_bvh_sphere_contact(a, balls[k], &contact, &stats[3]);
		col_mesh_bvh_closest_point(a, balls[k].center, NULL, NULL, &stats[4]);
		col_mesh_bvh_signed_distance(a, balls[k].center, &stats[5]);
		col_mesh_bvh_ray_cast(a, balls[k].center, (col_vec3){1, 0.5, 0.25}, INFINITY, NULL,
		                      &stats[6]);
		col_mesh_bvh_surfaces_meet(a, b, poses[k], &stats[7], NULL);
		col_mesh_bvh_intersects(a, b, poses[k], &stats[8], NULL);
		check_ok(col_mesh_bvh_contacts(a, b, poses[k], contacts, 16, &summary, &stats[9], &error),
		         &error);
		const char *names[10] = {"contains",       "sphere_meets_surface", "intersects_sphere",
		                         "sphere_contact", "closest_point",        "signed_distance",
		                         "ray_cast",       "surfaces_meet",        "intersects",
		                         "contacts"};
		for (int q = 0; q < 10; q++)
			if (stats[q].queries != 1 && wrong[0] == '\0')
				snprintf(wrong, sizeof wrong, "case %d: col_mesh_bvh_%s counts %llu queries",
				         k, names[q], (unsigned long long)stats[q].queries);
		/* The nearest point and the pair descents do some work. */
		if (!(stats[4].primitives_tested > 0 && stats[4].nodes_visited > 0 &&
		      (k == 2 || stats[7].nodes_visited > 0)) &&
		    wrong[0] == '\0')
			snprintf(wrong, sizeof wrong, "case %d: no work counted", k);
	}
	col_mesh_bvh_destroy(a);
	col_mesh_bvh_destroy(b);
	col_mesh_destroy(sphere);
	col_mesh_destroy(small);
	if (wrong[0] != '\0')
		fail_msg("%s", wrong);
}

/* A point so far that its squared distance overflows (1e200): the distance is every triangle's
 * (infinite), and the nearest point is still a point of the surface, on a triangle named. */
static void test_far_query_point(void **state)
{
	(void)state;
	mesh_arrays m = {0};
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	col_mesh *box = mesh_of(&m);
	col_mesh_bvh *bvh = bvh_of(box, 0, false);
	col_vec3 far = {1e200, 0.5, 0.5}, nearest = far;
	int triangle = -1;
	double d = col_mesh_bvh_closest_point(bvh, far, &nearest, &triangle, NULL);
	mesh_oracle box_oracle = mesh_oracle_make(box);
	double want = nearest_oracle(&box_oracle, far, NULL, NULL);
	mesh_oracle_free(&box_oracle);
	col_mesh_bvh_destroy(bvh);
	col_mesh_destroy(box);
	/* At 1e200, 1e200 - 1 == 1e200: every face is as near as the others in floating point, so
	 * any triangle will do as long as one is named and the point is on the surface. */
	bool on_box = nearest.x >= 0.0 && nearest.x <= 1.0 && nearest.y >= 0.0 && nearest.y <= 1.0 && nearest.z >= 0.0 &&
	              nearest.z <= 1.0;
	if (!(d == want && triangle >= 0 && triangle < 12 && on_box))
		fail_msg("a point at 1e200: distance %g (every triangle %g), triangle %d, nearest x %g", d,
		         want, triangle, nearest.x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_structure),
	    cmocka_unit_test(test_random_points),
	    cmocka_unit_test(test_surface_points),
	    cmocka_unit_test(test_integer_grid),
	    cmocka_unit_test(test_random_spheres),
	    cmocka_unit_test(test_touching_spheres),
	    cmocka_unit_test(test_nearest),
	    cmocka_unit_test(test_rays),
	    cmocka_unit_test(test_known_rays),
	    cmocka_unit_test(test_surface_only),
	    cmocka_unit_test(test_hard_splits),
	    cmocka_unit_test(test_far_and_scaled),
	    cmocka_unit_test(test_trace),
	    cmocka_unit_test(test_random_poses),
	    cmocka_unit_test(test_touching_and_inside),
	    cmocka_unit_test(test_piece_inside),
	    cmocka_unit_test(test_moving_pair),
	    cmocka_unit_test(test_contacts),
	    cmocka_unit_test(test_contacts_known),
	    cmocka_unit_test(test_bad_input),
	    cmocka_unit_test(test_query_stats),
	    cmocka_unit_test(test_far_query_point),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
