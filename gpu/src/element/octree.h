/* Point in a closed mesh, one point per call: the engine's octree (collide/octree.h) laid out in
 * flat arrays, queried as col_octree_contains queries it.
 *
 * The descent compares the point with each cell's centre, read from one array of split values per
 * axis (the root's span halved down to the deepest level, the same halvings of the same doubles as
 * the build), so it reaches the leaf the engine reaches. A leaf holds its reference point (origin),
 * whose state the build found, and the triangles that meet its closed box; the point's state is the
 * origin's, flipped once per triangle the segment between them crosses (engine/src/octree.c says
 * why that count is exact). Here every sign of the count is a filtered one: the triangle's plane
 * with the build's error bound first, then the orientation's. Where a sign cannot be certified
 * (the point on or within rounding of a triangle, the segment through an edge or a vertex), or the
 * leaf has no origin, the answer is HD_OCTREE_UNSURE: the caller hands the point back to
 * col_octree_contains, which decides it exactly. Otherwise the answer is col_octree_contains's.
 *
 * Temporal coherence: a caller that keeps the last leaf of a moving point passes it in; when the
 * point still lies in that leaf's closed box, the descent is skipped (any leaf whose box holds the
 * point gives the same exact answer). */
#ifndef COLLIDE_GPU_ELEMENT_OCTREE_H
#define COLLIDE_GPU_ELEMENT_OCTREE_H

#include "primitives.h"

/* The deepest tree laid out here: 2^16 + 1 split values per axis. */
#define HD_OCTREE_MAX_DEPTH 16

enum { HD_OCTREE_OUTSIDE = 0, HD_OCTREE_INSIDE = 1, HD_OCTREE_UNSURE = 2 };

/* links[i]: node i's first child when >= 0, else an empty leaf's state or a leaf record. */
enum { HD_LINK_EMPTY_OUTSIDE = -1, HD_LINK_EMPTY_INSIDE = -2, HD_LINK_FIRST_LEAF = -3 };
/* leaf states */
enum { HD_LEAF_INSIDE = 1, HD_LEAF_NO_ORIGIN = 2 };

/* A triangle with its plane: n . p - k has orient3d(a, b, c, p)'s sign wherever it exceeds bound
 * (for p in the mesh's box). The plane comes first: most triangles of a leaf are settled by it. */
typedef struct hd_octree_triangle {
	double n[3];
	double k;
	double bound;
	hd_vec3 a, b, c;
} hd_octree_triangle;

typedef struct hd_octree_leaf {
	hd_vec3 origin;
	int32_t first; /* its first entry in references */
	int32_t count;
	int32_t state; /* HD_LEAF_INSIDE, HD_LEAF_NO_ORIGIN */
	int32_t unused;
} hd_octree_leaf;

/* The arrays, on the device or in host memory alike. A node's code packs its level (bits 57-61) and
 * its cell coordinates at that level (19 bits each: x from bit 38, y from 19, z from 0). */
typedef struct hd_octree {
	hd_box bounds;        /* the mesh's box: anything outside is outside */
	int depth;            /* the deepest level */
	const double *splits; /* 3 (2^depth + 1) values: x's, then y's, then z's */
	const int32_t *links;
	const uint64_t *codes;
	const hd_octree_leaf *leaves;
	const int32_t *references; /* 2 triangle + 1 where the leaf's origin lies in front of it */
	const hd_octree_triangle *triangles;
} hd_octree;

/* What queries did, summed by the caller. */
typedef struct hd_octree_counts {
	uint64_t nodes, triangles, cache_hits;
} hd_octree_counts;

COL_HD double hd_octree_split(const hd_octree *t, int axis, int64_t index)
{
	return t->splits[(int64_t)axis * ((((int64_t)1) << t->depth) + 1) + index];
}

COL_HD uint64_t hd_octree_code(int level, uint64_t x, uint64_t y, uint64_t z)
{
	return ((uint64_t)level << 57) | (x << 38) | (y << 19) | z;
}

/* Whether p lies in the closed box of the node with this code. */
COL_HD bool hd_octree_node_holds(const hd_octree *t, uint64_t code, hd_vec3 p)
{
	int level = (int)(code >> 57), shift = t->depth - level;
	int64_t x = (int64_t)((code >> 38) & 0x7ffff), y = (int64_t)((code >> 19) & 0x7ffff),
	        z = (int64_t)(code & 0x7ffff);
	return p.x >= hd_octree_split(t, 0, x << shift) && p.x <= hd_octree_split(t, 0, (x + 1) << shift) &&
	       p.y >= hd_octree_split(t, 1, y << shift) && p.y <= hd_octree_split(t, 1, (y + 1) << shift) &&
	       p.z >= hd_octree_split(t, 2, z << shift) && p.z <= hd_octree_split(t, 2, (z + 1) << shift);
}

/* The leaf holding p (p in the root's box): upper half when p >= the centre, as the engine. */
COL_HD int32_t hd_octree_descend(const hd_octree *t, hd_vec3 p, uint64_t *visited)
{
	int32_t i = 0, link;
	int64_t x = 0, y = 0, z = 0;
	int level = 0;
	while ((link = t->links[i]) >= 0) {
		int shift = t->depth - level - 1;
		int ux = p.x >= hd_octree_split(t, 0, (2 * x + 1) << shift);
		int uy = p.y >= hd_octree_split(t, 1, (2 * y + 1) << shift);
		int uz = p.z >= hd_octree_split(t, 2, (2 * z + 1) << shift);
		x = 2 * x + ux;
		y = 2 * y + uy;
		z = 2 * z + uz;
		level++;
		i = link + ux + 2 * uy + 4 * uz;
		*visited += 1;
	}
	return i;
}

/* The sign of d . (x cross y), filtered: orient3d(.., .., origin, p) from the differences to p. */
COL_HD int hd_triple_sign(hd_vec3 d, hd_vec3 x, hd_vec3 y)
{
	double x1 = x.y * y.z, x2 = x.z * y.y, y1 = x.z * y.x, y2 = x.x * y.z, z1 = x.x * y.y, z2 = x.y * y.x;
	double det = d.x * (x1 - x2) + d.y * (y1 - y2) + d.z * (z1 - z2);
	double magnitude = fabs(d.x) * (fabs(x1) + fabs(x2)) + fabs(d.y) * (fabs(y1) + fabs(y2)) +
	                   fabs(d.z) * (fabs(z1) + fabs(z2));
	return hd_certified_sign(det, magnitude, 8);
}

/* The parity (0 or 1) of the leaf's triangles that the segment origin-p crosses, or -1 when a sign
 * cannot be certified. engine/src/octree.c's leaf_parity, sign for sign. */
COL_HD int hd_octree_leaf_parity(const hd_octree *t, const hd_octree_leaf *leaf, hd_vec3 p, uint64_t *tested)
{
	hd_vec3 d = hd_sub(leaf->origin, p);
	int parity = 0;
	*tested += (uint64_t)leaf->count;
	for (int32_t k = 0; k < leaf->count; k++) {
		int32_t reference = t->references[leaf->first + k];
		const hd_octree_triangle *tri = t->triangles + (reference >> 1);
		double side = tri->n[0] * p.x + tri->n[1] * p.y + tri->n[2] * p.z - tri->k;
		int s = side > tri->bound    ? 1
		        : -side > tri->bound ? -1
		                             : hd_orient3d_sign(tri->a, tri->b, tri->c, p);
		if (s == HD_UNSURE)
			return -1; /* p on, or within rounding of, the triangle's plane */
		if (reference & 1)
			s = -s;
		if (s > 0)
			continue; /* on the origin's side of the plane */
		hd_vec3 a = hd_sub(tri->a, p), b = hd_sub(tri->b, p), c = hd_sub(tri->c, p);
		int e1 = hd_triple_sign(d, a, b), e2 = hd_triple_sign(d, b, c), e3 = hd_triple_sign(d, c, a);
		if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0))
			continue; /* the line passes beside an edge */
		if (e1 == HD_UNSURE || e2 == HD_UNSURE || e3 == HD_UNSURE)
			return -1; /* through an edge or a vertex, or too close to tell */
		parity ^= 1;
	}
	return parity;
}

/* Inside (or on the surface), outside, or unsure. cache, when not NULL, holds the last leaf (or -1)
 * and gets the new one. */
COL_HD int hd_octree_contains(const hd_octree *t, hd_vec3 p, int32_t *cache, hd_octree_counts *counts)
{
	if (!hd_box_contains(t->bounds, p))
		return HD_OCTREE_OUTSIDE; /* NaN too */
	int32_t node;
	if (cache != NULL && *cache >= 0 && hd_octree_node_holds(t, t->codes[*cache], p)) {
		node = *cache;
		counts->cache_hits++;
	} else {
		node = hd_octree_descend(t, p, &counts->nodes);
		if (cache != NULL)
			*cache = node;
	}
	counts->nodes++;
	int32_t link = t->links[node];
	if (link == HD_LINK_EMPTY_OUTSIDE)
		return HD_OCTREE_OUTSIDE;
	if (link == HD_LINK_EMPTY_INSIDE)
		return HD_OCTREE_INSIDE;
	const hd_octree_leaf *leaf = t->leaves + (HD_LINK_FIRST_LEAF - link);
	if (leaf->state & HD_LEAF_NO_ORIGIN)
		return HD_OCTREE_UNSURE;
	int parity = hd_octree_leaf_parity(t, leaf, p, &counts->triangles);
	if (parity < 0)
		return HD_OCTREE_UNSURE;
	return (leaf->state & HD_LEAF_INSIDE) ^ parity;
}

#endif
