/* Private: the covering's storage and the per-triangle steps the tri-tree shares with it. */
#ifndef COLLIDE_COVERING_INTERNAL_H
#define COLLIDE_COVERING_INTERNAL_H

#include "collide/covering.h"
#include "collide/predicates.h"

struct col_covering {
	col_vec2 origin;
	bool origin_inside;
	bool positive, convex;
	int count;                        /* triangles = polygon edges */
	col_covering_triangle *triangles; /* (origin, a, b) */
	double *edge_length;              /* |b - a| */
	int contour_count;
	int *contour_start;               /* contour c owns triangles [start[c], start[c + 1]) */
	col_circle bounds;                /* around the origin, radius rounded up */
	col_aabb2 box;
	/* A point inside the polygon, well away from its boundary when the origin is (else vertex 0),
	 * and the radius around it that holds every vertex: Alg. 4.7 replaces the polygon by it. */
	col_vec2 inner_point;
	double inner_radius;
	double scale;                     /* the largest coordinate magnitude, for rounding margins */
};

/* A temporal-coherence cache (covering.h). Which covering and which key (a tri-tree cone, or -1
 * for the whole covering) the mask belongs to; 2 bits per triangle: side of its edge line. */
struct col_covering_cache {
	const col_covering *covering;
	int capacity;        /* triangles the mask can hold */
	uint64_t *mask;      /* the last point's mask */
	uint64_t *scratch;   /* the new point's mask while it is compared */
	int key;             /* -2: empty */
	int mask_count;      /* triangles in the mask */
	bool state;          /* the answer that goes with the mask */
	int witness;         /* Algs. 4.3 and 4.4: the last triangle used */
	int cone;            /* the tri-tree leaf of the last point, -1 none */
	/* Alg. 4.13's pair coherence: the edges and leaves of the last hit. */
	bool last_hit;
	int hit_edge_a, hit_edge_b, hit_cone_a, hit_cone_b;
	/* Triangles already tested by the current query (stamp[i] == epoch), so that a triangle held
	 * by several cones is tested once (Alg. 4.9 step 4). */
	unsigned *stamp;
	unsigned epoch;
};

static inline int col_sign_of(double value)
{
	return (value > 0.0) - (value < 0.0);
}

/* Whether p lies on the closed segment ab. Exact. */
static inline bool col_on_segment(col_vec2 a, col_vec2 b, col_vec2 p)
{
	return p.x >= (a.x < b.x ? a.x : b.x) && p.x <= (a.x < b.x ? b.x : a.x) &&
	       p.y >= (a.y < b.y ? a.y : b.y) && p.y <= (a.y < b.y ? b.y : a.y) &&
	       col_orient2d(a, b, p) == 0.0;
}

/* Triangle i's share of twice the winding number at p (p is not the origin): 2 sign inside, sign
 * on an original edge, 0 outside (source 000, Alg. 4.1). Sets *boundary when p is on edge i. */
static inline int col_covering_term(const col_covering *c, int i, col_vec2 p, bool *boundary)
{
	const col_covering_triangle *t = &c->triangles[i];
	if (t->sign == 0) {
		if (col_on_segment(t->a, t->b, p))
			*boundary = true;
		return 0;
	}
	int sa = t->sign * col_sign_of(col_orient2d(p, t->a, t->b));
	if (sa < 0)
		return 0;
	int sb = t->sign * col_sign_of(col_orient2d(p, t->b, c->origin));
	if (sb < 0)
		return 0;
	int sg = t->sign * col_sign_of(col_orient2d(p, c->origin, t->a));
	if (sg < 0)
		return 0;
	if (sa == 0) {
		*boundary = true; /* on the polygon edge, its ends included */
		return 0;
	}
	return (sb == 0 || sg == 0) ? t->sign : 2 * t->sign;
}

/* Alg. 4.2 over the triangles listed in indices (all of them when indices is NULL): with a cache,
 * the 3-state sign mask is compared with the last one under the same key, and an equal mask keeps
 * the last answer. p is not the origin. */
bool col_covering_sum_contains(const col_covering *c, const int *indices, int count, int key,
                               col_vec2 p, col_covering_cache *cache, col_query_stats *stats);

/* Whether p is in the closed disc around the bounding circle, with a margin for rounding. */
static inline bool col_covering_in_bounds(const col_covering *c, col_vec2 p)
{
	double dx = p.x - c->bounds.center.x, dy = p.y - c->bounds.center.y;
	return dx * dx + dy * dy <= c->bounds.radius * c->bounds.radius;
}

/* Whether the disc (centre p, radius r) may reach the line of triangle i's edge within its limited
 * area of influence (Def. 4.5); widened for rounding, so it never rejects a real contact. */
bool col_covering_may_touch_edge(const col_covering *c, int i, col_vec2 p, double r,
                                 col_influence kind);

/* A margin for floating-point tests near coordinates of magnitude scale. */
static inline double col_rounding_margin(double scale)
{
	return 1e-12 * scale;
}

/* Shared with the tri-tree (covering.c). */
col_covering_cache *col_covering_cache_usable(const col_covering *c, col_covering_cache *cache);
bool col_discs_may_meet(col_vec2 a, double ra, col_vec2 b, double rb, double scale);
bool col_covering_transformed_contains(const col_covering *c, col_transform2 transform, col_vec2 p);
bool col_covering_edge_meets(const col_covering *c, col_transform2 transform, col_vec2 ea, col_vec2 eb,
                             bool by_sign_change, col_query_stats *stats, int *hit);

#endif
