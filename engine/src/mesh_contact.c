/* Mesh/mesh contacts (beyond source 000, which answers yes or no): where the surfaces cross, and
 * how deep each vertex of one solid lies inside the other. A triangle-pair depth would be local to
 * the two triangles (a face's inner diagonal would offer a short way out that the solid does not
 * have); a vertex's distance to the other surface is a property of the solids, exact to check,
 * and also covers one solid wholly inside the other. The brute-force query here is the tetra-tree's
 * oracle. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mesh_contact_internal.h"

void mesh_contact_set_init(mesh_contact_set *set)
{
	memset(set, 0, sizeof *set);
}

void mesh_contact_set_free(mesh_contact_set *set)
{
	free(set->items);
	free(set->keys);
	mesh_contact_set_init(set);
}

static uint64_t pair_key(int i, int j)
{
	return (((uint64_t)(uint32_t)i << 32) | (uint32_t)j) + 1u;
}

static size_t key_slot(uint64_t key, size_t capacity)
{
	uint64_t h = key * 0x9E3779B97F4A7C15u; /* Fibonacci hashing spreads consecutive pairs */
	return (size_t)(h >> 17) & (capacity - 1);
}

/* Whether the pair was new (and is now in); false when present, or when memory ran out. */
static bool insert_key(mesh_contact_set *set, uint64_t key)
{
	if (2 * ((size_t)set->count + 1) > set->key_capacity) {
		size_t capacity = set->key_capacity ? 2 * set->key_capacity : 64;
		uint64_t *keys = calloc(capacity, sizeof *keys);
		if (keys == NULL) {
			set->out_of_memory = true;
			return false;
		}
		for (size_t k = 0; k < set->key_capacity; k++)
			if (set->keys[k] != 0) {
				size_t s = key_slot(set->keys[k], capacity);
				while (keys[s] != 0)
					s = (s + 1) & (capacity - 1);
				keys[s] = set->keys[k];
			}
		free(set->keys);
		set->keys = keys;
		set->key_capacity = capacity;
	}
	size_t s = key_slot(key, set->key_capacity);
	while (set->keys[s] != 0) {
		if (set->keys[s] == key)
			return false;
		s = (s + 1) & (set->key_capacity - 1);
	}
	set->keys[s] = key;
	return true;
}

/* Room for one more contact; false (and remembered) when memory ran out. */
static bool reserve_one(mesh_contact_set *set)
{
	if (set->out_of_memory)
		return false;
	if (set->count < set->capacity)
		return true;
	int capacity = set->capacity ? 2 * set->capacity : 32;
	col_mesh_contact *items = realloc(set->items, (size_t)capacity * sizeof *items);
	if (items == NULL) {
		set->out_of_memory = true;
		return false;
	}
	set->items = items;
	set->capacity = capacity;
	return true;
}

bool mesh_contact_set_add_crossing(mesh_contact_set *set, int i, int j, col_triangle ta, col_triangle tb)
{
	col_contact3 contact;
	if (!col_triangle_contact(ta, tb, &contact))
		return false;
	if (set->out_of_memory || !insert_key(set, pair_key(i, j)) || !reserve_one(set))
		return true;
	/* The crossing's own direction: a's face out and b's face in, averaged (depth lives with the
	 * vertices). */
	col_vec3 normal = col_vec3_sub(col_triangle_normal(ta), col_triangle_normal(tb));
	double length = col_vec3_length(normal);
	normal = length > 1e-12 ? col_vec3_scale(normal, 1.0 / length) : col_triangle_normal(ta);
	set->items[set->count++] = (col_mesh_contact){contact.point, normal, 0.0, COL_CONTACT_CROSSING, i, j, -1};
	set->crossings++;
	return true;
}

static int by_triangles(const void *x, const void *y)
{
	const col_mesh_contact *a = x, *b = y;
	if (a->triangle_a != b->triangle_a)
		return a->triangle_a < b->triangle_a ? -1 : 1;
	return (a->triangle_b > b->triangle_b) - (a->triangle_b < b->triangle_b);
}

/* The vertices of `inner` (mesh, moved into outer's frame by motion) inside `outer`, as contacts
 * of kind; in_a_frame takes outer's frame to a's (identity for outer = a). */
static void add_inner_vertices(mesh_contact_set *set, const mesh_contact_solid *outer, const col_mesh *inner,
                               col_transform3 motion, bool inverse, col_mesh_contact_kind kind,
                               col_transform3 to_a, col_query_stats *stats)
{
	const col_vec3 *v = col_mesh_vertices(inner);
	for (int k = 0; k < col_mesh_vertex_count(inner); k++) {
		col_vec3 p = inverse ? col_transform3_apply_inverse(motion, v[k]) : col_transform3_apply(motion, v[k]);
		if (col_vec3_distance(p, outer->bounds.center) > outer->bounds.radius || !outer->contains(outer->solid, p, stats))
			continue;
		col_vec3 on_surface = p;
		int triangle = -1;
		double depth = outer->nearest(outer->solid, p, &on_surface, &triangle);
		/* Out along the way to the nearest surface point; for a vertex on the surface, along the
		 * surface's normal there. */
		col_vec3 out = col_vec3_sub(on_surface, p);
		double length = col_vec3_length(out);
		double rounding = 1e-12 * (outer->bounds.radius + col_vec3_length(p));
		col_vec3 direction = length > rounding ? col_vec3_scale(out, 1.0 / length)
		                                       : col_triangle_normal(col_mesh_triangle(outer->mesh, triangle));
		if (!reserve_one(set))
			return;
		col_mesh_contact c = {p, direction, depth, kind, -1, -1, k};
		if (kind == COL_CONTACT_VERTEX_OF_B) {
			c.triangle_a = triangle;
		} else {
			/* Found in b's frame with the way a's vertex leaves b: b moves the other way. */
			c.triangle_b = triangle;
			c.point = col_transform3_apply(to_a, p);
			c.normal = col_vec3_scale(col_quat_apply(to_a.rotation, direction), -1.0);
		}
		set->items[set->count++] = c;
	}
}

void mesh_contact_add_vertices(mesh_contact_set *set, const mesh_contact_solid *a, const mesh_contact_solid *b,
                               const col_mesh *mesh_a, const col_mesh *mesh_b, col_transform3 b_to_a,
                               col_query_stats *stats)
{
	/* The order in which a tree meets the pairs is its own; sorted, every method answers alike. */
	if (set->count > 1)
		qsort(set->items, (size_t)set->count, sizeof *set->items, by_triangles);
	add_inner_vertices(set, a, mesh_b, b_to_a, false, COL_CONTACT_VERTEX_OF_B, b_to_a, stats);
	add_inner_vertices(set, b, mesh_a, b_to_a, true, COL_CONTACT_VERTEX_OF_A, b_to_a, stats);
}

col_status mesh_contact_set_finish(mesh_contact_set *set, col_mesh_contact *contacts, int capacity,
                                   col_mesh_contact_summary *summary, col_error *error)
{
	if (set->out_of_memory)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh contacts: out of memory");
	int deepest = -1;
	for (int k = 0; k < set->count; k++) {
		if (k < capacity)
			contacts[k] = set->items[k];
		if (deepest < 0 || set->items[k].depth > set->items[deepest].depth)
			deepest = k;
	}
	if (summary != NULL) {
		summary->count = set->count;
		summary->crossings = set->crossings;
		if (deepest >= 0)
			summary->deepest = set->items[deepest];
	}
	return COL_OK;
}

/* ---- the brute-force query ---- */

static double nearest_on_mesh(const void *solid, col_vec3 p, col_vec3 *nearest, int *triangle)
{
	const col_mesh *mesh = solid;
	double best = INFINITY;
	for (int t = 0; t < col_mesh_triangle_count(mesh); t++) {
		col_vec3 q = col_triangle_closest_point(col_mesh_triangle(mesh, t), p);
		double d = col_vec3_distance(p, q);
		if (d < best) {
			best = d;
			*nearest = q;
			*triangle = t;
		}
	}
	return best;
}

static bool mesh_holds(const void *solid, col_vec3 p, col_query_stats *stats)
{
	return col_mesh_contains_point(solid, p, COL_METHOD_CROSSING, stats);
}

col_sphere mesh_contact_bounds(const col_mesh *mesh)
{
	col_aabb3 box = col_mesh_bounds(mesh);
	col_vec3 center = col_vec3_scale(col_vec3_add(box.min, box.max), 0.5);
	double radius = 0.5 * col_vec3_distance(box.min, box.max);
	return (col_sphere){center, radius * (1.0 + 1e-12) + 1e-300};
}

col_status col_mesh_contacts(const col_mesh *a, const col_mesh *b, col_transform3 b_to_a, col_mesh_contact *contacts,
                             int capacity, col_mesh_contact_summary *summary, col_query_stats *stats, col_error *error)
{
	if (summary != NULL)
		*summary = (col_mesh_contact_summary){0};
	if (a == NULL || b == NULL || capacity < 0 || (capacity > 0 && contacts == NULL))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh contacts: NULL mesh or contact buffer");
	if (!col_transform3_is_finite(b_to_a))
		return col_fail(error, COL_ERROR_NOT_FINITE, "mesh contacts: the transform is not finite");
	if (stats != NULL)
		stats->queries++;
	int na = col_mesh_triangle_count(a), nb = col_mesh_triangle_count(b);
	col_aabb3 *boxes = malloc((size_t)(na > 0 ? na : 1) * sizeof *boxes);
	if (boxes == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh contacts: out of memory");
	for (int i = 0; i < na; i++)
		boxes[i] = col_triangle_bounds(col_mesh_triangle(a, i));
	mesh_contact_set set;
	mesh_contact_set_init(&set);
	for (int j = 0; j < nb; j++) {
		col_triangle tb = col_triangle_moved(col_mesh_triangle(b, j), b_to_a);
		col_aabb3 box = col_triangle_bounds(tb);
		for (int i = 0; i < na; i++)
			if (col_aabb3_overlaps(boxes[i], box)) {
				if (stats != NULL)
					stats->primitives_tested++;
				mesh_contact_set_add_crossing(&set, i, j, col_mesh_triangle(a, i), tb);
			}
	}
	free(boxes);
	mesh_contact_solid solid_a = {a, mesh_holds, nearest_on_mesh, mesh_contact_bounds(a), a};
	mesh_contact_solid solid_b = {b, mesh_holds, nearest_on_mesh, mesh_contact_bounds(b), b};
	mesh_contact_add_vertices(&set, &solid_a, &solid_b, a, b, b_to_a, stats);
	col_status status = mesh_contact_set_finish(&set, contacts, capacity, summary, error);
	mesh_contact_set_free(&set);
	return status;
}
