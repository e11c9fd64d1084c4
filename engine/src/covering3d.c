/* The simplicial covering of a closed triangle mesh and the point test of source 000, Alg. 5.1. */
#include "collide/covering3d.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/barycentric3d.h"
#include "collide/predicates.h"
#include "covering3d_internal.h"
#include "error.h"


static int sign_of(double value)
{
	return (value > 0.0) - (value < 0.0);
}

col_status col_covering3d_build(const col_mesh *mesh, const col_vec3 *origin, col_covering3d **out,
                                col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering3d: the output pointer is NULL");
	*out = NULL;
	if (mesh == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering3d: the mesh is NULL");
	if (origin != NULL && !col_vec3_is_finite(*origin))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "covering3d: the origin (%g, %g, %g) is not finite", origin->x, origin->y,
		                origin->z);
	col_mesh_report report;
	col_status status = col_mesh_validate(mesh, &report, error);
	if (status != COL_OK)
		return status;
	if (!report.closed || !report.consistently_oriented) {
		char what[1024];
		col_mesh_report_format(&report, what, sizeof what);
		return col_fail(error, COL_ERROR_TOPOLOGY,
		                "covering3d: the mesh must be closed and consistently oriented: %s", what);
	}

	col_covering3d *c = calloc(1, sizeof *c);
	int n = col_mesh_triangle_count(mesh);
	if (c != NULL)
		c->tetrahedra = malloc((size_t)n * sizeof *c->tetrahedra);
	if (c == NULL || c->tetrahedra == NULL) {
		col_covering3d_destroy(c);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "covering3d: out of memory for %d triangles",
		                n);
	}
	status = col_mesh_create(col_mesh_vertices(mesh), col_mesh_vertex_count(mesh),
	                         col_mesh_triangles(mesh), n, &c->mesh, error);
	if (status != COL_OK) {
		col_covering3d_destroy(c);
		return status;
	}
	c->piece_count = col_mesh_pieces(mesh, NULL, 0);
	c->piece_vertices = c->piece_count > 0 ? malloc((size_t)c->piece_count * sizeof *c->piece_vertices) : NULL;
	if (c->piece_count < 0 || (c->piece_count > 0 && c->piece_vertices == NULL)) {
		col_covering3d_destroy(c);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "covering3d: out of memory");
	}
	col_mesh_pieces(mesh, c->piece_vertices, c->piece_count);
	c->origin = origin != NULL ? *origin : col_mesh_centroid(mesh);
	c->count = n;
	c->positive = true;
	for (int i = 0; i < n; i++) {
		col_triangle t = col_mesh_triangle(mesh, i);
		int sign = sign_of(col_orient3d(t.a, t.b, t.c, c->origin));
		c->tetrahedra[i] = (col_covering3d_tetrahedron){t.a, t.b, t.c, sign};
		c->positive &= sign > 0;
	}
	double radius = 0.0;
	const col_vec3 *v = col_mesh_vertices(mesh);
	for (int i = 0; i < col_mesh_vertex_count(mesh); i++)
		radius = fmax(radius, col_vec3_distance(v[i], c->origin));
	/* Rounded up by more than the few roundings of the distance, so no vertex pokes out. */
	c->bounds = (col_sphere){c->origin, radius * (1.0 + 8.0 * DBL_EPSILON)};
	c->origin_inside = col_mesh_contains_point(c->mesh, c->origin, COL_METHOD_CROSSING, NULL);
	col_error_clear(error);
	*out = c;
	return COL_OK;
}

void col_covering3d_destroy(col_covering3d *covering)
{
	if (covering == NULL)
		return;
	col_mesh_destroy(covering->mesh);
	free(covering->piece_vertices);
	free(covering->tetrahedra);
	free(covering);
}

col_vec3 col_covering3d_origin(const col_covering3d *covering)
{
	return covering != NULL ? covering->origin : (col_vec3){0.0, 0.0, 0.0};
}

bool col_covering3d_origin_inside(const col_covering3d *covering)
{
	return covering != NULL && covering->origin_inside;
}

int col_covering3d_tetrahedron_count(const col_covering3d *covering)
{
	return covering != NULL ? covering->count : 0;
}

col_covering3d_tetrahedron col_covering3d_tetrahedron_at(const col_covering3d *covering, int index)
{
	if (covering == NULL || index < 0 || index >= covering->count)
		return (col_covering3d_tetrahedron){{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0};
	return covering->tetrahedra[index];
}

bool col_covering3d_is_positive(const col_covering3d *covering)
{
	return covering != NULL && covering->positive;
}

col_sphere col_covering3d_bounding_sphere(const col_covering3d *covering)
{
	if (covering == NULL)
		return (col_sphere){{0.0, 0.0, 0.0}, 0.0};
	return covering->bounds;
}

/* What one tetrahedron says of p (Alg. 5.1), p being off the origin. */
enum { COUNT_ON, COUNT_SURFACE, COUNT_FRAGILE };

static int count_in(const col_covering3d *c, const col_covering3d_tetrahedron *t, col_vec3 p, int *sum)
{
	if (t->sign == 0) {
		/* The origin lies in the face's plane: the tetrahedron is flat and adds nothing, unless p
		 * lies on the face, or in its plane, where the rays of the count run along the face. */
		if (col_orient3d(t->a, t->b, t->c, p) != 0.0)
			return COUNT_ON;
		return col_triangle_contains_point((col_triangle){t->a, t->b, t->c}, p) ? COUNT_SURFACE
		                                                                        : COUNT_FRAGILE;
	}
	/* t->sign is that of orient3d(a, b, c, O); moving O to the front is an odd permutation. */
	col_tetrahedron_position where =
	    col_tetrahedron_locate_signed(c->origin, t->a, t->b, t->c, -t->sign, p);
	switch (where) {
	case COL_TETRAHEDRON_OUTSIDE: return COUNT_ON;
	case COL_TETRAHEDRON_INTERIOR: *sum += 2 * t->sign; return COUNT_ON;
	case COL_TETRAHEDRON_FACE012:
	case COL_TETRAHEDRON_FACE013:
	case COL_TETRAHEDRON_FACE023:
		/* An original triangle O-a-b: the count's ray from p passes through edge ab, which two
		 * faces share. Same signs: the ray crosses the surface there (2 in all); opposite: it
		 * grazes a fold (0). A third face on the edge, or a flat neighbour, leaves the sum odd. */
		*sum += t->sign;
		return COUNT_ON;
	case COL_TETRAHEDRON_EDGE01:
	case COL_TETRAHEDRON_EDGE02:
	case COL_TETRAHEDRON_EDGE03:
		/* An original edge O-v: the ray passes through vertex v, shared by a whole fan of faces
		 * whose signs alone do not say whether it crosses (the source's once-per-sign rule
		 * misses folded fans). */
		return COUNT_FRAGILE;
	case COL_TETRAHEDRON_VERTEX0: /* p is the origin: handled before */ return COUNT_FRAGILE;
	default: return COUNT_SURFACE; /* a feature without the origin: on the face triangle */
	}
}

/* The mesh oracle's exact crossing count, where the covering's own count is fragile. */
static bool crossing_count(const col_covering3d *c, col_vec3 p, uint64_t *tested)
{
	col_query_stats crossing = {0};
	bool inside = col_mesh_contains_point(c->mesh, p, COL_METHOD_CROSSING, &crossing);
	*tested += crossing.primitives_tested;
	return inside;
}

static bool sum_plain(const col_covering3d *c, const int *indices, int count, col_vec3 p, uint64_t *tested)
{
	int sum = 0;
	for (int k = 0; k < count; k++) {
		int what = count_in(c, &c->tetrahedra[indices != NULL ? indices[k] : k], p, &sum);
		if (what == COUNT_ON)
			continue;
		*tested += (uint64_t)k + 1;
		return what == COUNT_SURFACE || crossing_count(c, p, tested);
	}
	*tested += (uint64_t)count;
	if (sum % 2 != 0)
		return crossing_count(c, p, tested);
	/* sum is twice the winding number; inside is odd, as for the crossing count. */
	return (sum / 2) % 2 != 0;
}

col_status col_covering3d_cache_create(const col_covering3d *covering, col_covering3d_cache **out,
                                       col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering3d cache: no place for the result");
	*out = NULL;
	if (covering == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "covering3d cache: no covering");
	col_covering3d_cache *cache = calloc(1, sizeof *cache);
	size_t words = ((size_t)covering->count * 2 + 63) / 64;
	if (cache != NULL) {
		cache->mask = calloc(words, sizeof *cache->mask);
		cache->scratch = calloc(words, sizeof *cache->scratch);
		cache->stamp = calloc((size_t)covering->count, sizeof *cache->stamp);
	}
	if (cache == NULL || cache->mask == NULL || cache->scratch == NULL || cache->stamp == NULL) {
		col_covering3d_cache_destroy(cache);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "covering3d cache: out of memory");
	}
	cache->covering = covering;
	cache->capacity = covering->count;
	col_covering3d_cache_reset(cache);
	*out = cache;
	col_error_clear(error);
	return COL_OK;
}

void col_covering3d_cache_destroy(col_covering3d_cache *cache)
{
	if (cache == NULL)
		return;
	free(cache->mask);
	free(cache->scratch);
	free(cache->stamp);
	free(cache);
}

void col_covering3d_cache_reset(col_covering3d_cache *cache)
{
	if (cache == NULL)
		return;
	cache->key = -2;
	cache->mask_count = 0;
	cache->state = false;
	cache->cone = -1;
	cache->last_hit = false;
	cache->hit_triangle_a = cache->hit_triangle_b = cache->hit_cone_a = cache->hit_cone_b = -1;
}

col_covering3d_cache *col_covering3d_cache_usable(const col_covering3d *c, col_covering3d_cache *cache)
{
	return cache != NULL && cache->covering == c && cache->capacity >= c->count ? cache : NULL;
}

bool col_covering3d_sum_contains(const col_covering3d *c, const int *indices, int count, int key, col_vec3 p,
                                 col_covering3d_cache *cache, col_query_stats *stats)
{
	uint64_t tested = 0;
	bool inside;
	cache = col_covering3d_cache_usable(c, cache);
	if (cache == NULL) {
		inside = sum_plain(c, indices, count, p, &tested);
	} else {
		/* Alg. 5.2 (Lemma 5.1) with three states per tetrahedron, the side of its face's plane:
		 * an equal mask puts both points in one cell of the arrangement of face planes, where the
		 * answer cannot change, even for a point that reaches a face (source 000's 2D erratum 12). */
		size_t words = ((size_t)count * 2 + 63) / 64;
		memset(cache->scratch, 0, words * sizeof *cache->scratch);
		for (int k = 0; k < count; k++) {
			const col_covering3d_tetrahedron *t = &c->tetrahedra[indices != NULL ? indices[k] : k];
			double side = col_orient3d(t->a, t->b, t->c, p);
			cache->scratch[k / 32] |= (uint64_t)((side > 0.0) - (side < 0.0) + 1) << (2 * (k % 32));
		}
		tested += (uint64_t)count;
		if (cache->key == key && cache->mask_count == count &&
		    memcmp(cache->mask, cache->scratch, words * sizeof *cache->mask) == 0) {
			if (stats != NULL) {
				stats->cache_hits++;
				stats->primitives_tested += tested;
			}
			return cache->state;
		}
		inside = sum_plain(c, indices, count, p, &tested);
		memcpy(cache->mask, cache->scratch, words * sizeof *cache->mask);
		cache->key = key;
		cache->mask_count = count;
		cache->state = inside;
	}
	if (stats != NULL)
		stats->primitives_tested += tested;
	return inside;
}

bool col_covering3d_contains(const col_covering3d *covering, col_vec3 point, col_covering3d_cache *cache,
                             col_query_stats *stats)
{
	if (covering == NULL || !col_vec3_is_finite(point))
		return false;
	if (stats != NULL)
		stats->queries++;
	if (col_vec3_equal(point, covering->origin))
		return covering->origin_inside;
	if (!col_sphere_contains_point(covering->bounds, point)) {
		return false;
	}
	return col_covering3d_sum_contains(covering, NULL, covering->count, -1, point, cache, stats);
}

void col_covering3d_contains_points(const col_covering3d *covering, const col_vec3 *points, size_t count,
                                    bool *inside, col_query_stats *stats)
{
	if (inside == NULL)
		return;
	for (size_t i = 0; i < count; i++)
		inside[i] = points != NULL && col_covering3d_contains(covering, points[i], NULL, stats);
}
