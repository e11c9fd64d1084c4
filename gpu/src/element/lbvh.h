/* A linear bounding volume hierarchy (Karras, "Maximizing parallelism in the construction of BVHs,
 * octrees, and k-d trees", HPG 2012): the primitives' boxes sorted along a Morton curve, and every
 * internal node found independently from the sorted keys, so the build is a sort and two parallel
 * passes. One structure serves the broad phase (boxes of bodies, rebuilt each step) and the meshes
 * (boxes of triangles, built once, queried in the mesh's frame).
 *
 * Deterministic: a key is the Morton code of the box's centre with the primitive's index as a tie
 * breaker, so the sorted order, the tree and (boxes being unions, exact) every node's box are the
 * same on both backends, whatever the order threads ran in. Nodes: internal 0 .. n-2 (the root is
 * 0), leaf k is node n-1+k and holds primitive order[k]. */
#ifndef COLLIDE_GPU_ELEMENT_LBVH_H
#define COLLIDE_GPU_ELEMENT_LBVH_H

#include "hd.h"

/* The deepest a walk can go: every level lengthens the common prefix of 63 key and 32 index bits. */
#define HD_LBVH_STACK 128

typedef struct hd_lbvh {
	int32_t count;           /* primitives (leaves); 0 for an empty tree */
	const hd_box *boxes;     /* 2 count - 1 node boxes */
	const int32_t *children; /* 2 per internal node: left, right (node indices) */
	const int32_t *order;    /* leaf k holds primitive order[k] */
} hd_lbvh;

COL_HD int hd_clz64(uint64_t x)
{
#ifdef __CUDA_ARCH__
	return __clzll((long long)x);
#else
	return x == 0 ? 64 : __builtin_clzll(x);
#endif
}

/* 21 bits of v spread to every third bit. */
COL_HD uint64_t hd_spread21(uint64_t v)
{
	v &= 0x1fffff;
	v = (v | v << 32) & 0x1f00000000ffffULL;
	v = (v | v << 16) & 0x1f0000ff0000ffULL;
	v = (v | v << 8) & 0x100f00f00f00f00fULL;
	v = (v | v << 4) & 0x10c30c30c30c30c3ULL;
	v = (v | v << 2) & 0x1249249249249249ULL;
	return v;
}

/* The cell (0 .. 2^21 - 1) of coordinate v in [lo, lo + 2^21 / scale]. */
COL_HD uint64_t hd_morton_cell(double v, double lo, double scale)
{
	double q = (v - lo) * scale;
	if (!(q > 0.0))
		return 0; /* NaN too */
	return q >= 2097151.0 ? 2097151 : (uint64_t)q;
}

/* The Morton key of a box's centre within the scene box (lo, scale per axis: 2^21 / extent, 0 for a
 * flat axis). */
COL_HD uint64_t hd_morton_key(hd_box b, hd_vec3 lo, hd_vec3 scale)
{
	double cx = 0.5 * (b.min.x + b.max.x), cy = 0.5 * (b.min.y + b.max.y), cz = 0.5 * (b.min.z + b.max.z);
	return hd_spread21(hd_morton_cell(cx, lo.x, scale.x)) << 2 |
	       hd_spread21(hd_morton_cell(cy, lo.y, scale.y)) << 1 |
	       hd_spread21(hd_morton_cell(cz, lo.z, scale.z));
}

/* The common prefix of sorted keys i and j, ties broken by the index; -1 outside 0 .. n-1. */
COL_HD int hd_lbvh_delta(const uint64_t *keys, int32_t n, int32_t i, int32_t j)
{
	if (j < 0 || j >= n)
		return -1;
	uint64_t a = keys[i], b = keys[j];
	return a == b ? 64 + hd_clz64((uint64_t)(uint32_t)(i ^ j)) - 32 : hd_clz64(a ^ b);
}

/* Internal node i's two children (Karras's Algorithm 4 with the index tie break). */
COL_HD void hd_lbvh_node(const uint64_t *keys, int32_t n, int32_t i, int32_t *left, int32_t *right)
{
	int d = hd_lbvh_delta(keys, n, i, i + 1) - hd_lbvh_delta(keys, n, i, i - 1) > 0 ? 1 : -1;
	int delta_min = hd_lbvh_delta(keys, n, i, i - d);
	int32_t l_max = 2;
	while (hd_lbvh_delta(keys, n, i, i + l_max * d) > delta_min)
		l_max *= 2;
	int32_t l = 0;
	for (int32_t t = l_max / 2; t >= 1; t /= 2)
		if (hd_lbvh_delta(keys, n, i, i + (l + t) * d) > delta_min)
			l += t;
	int32_t j = i + l * d;
	int delta_node = hd_lbvh_delta(keys, n, i, j);
	int32_t s = 0, t = l;
	do {
		t = (t + 1) >> 1;
		if (hd_lbvh_delta(keys, n, i, i + (s + t) * d) > delta_node)
			s += t;
	} while (t > 1);
	int32_t gamma = i + s * d + (d < 0 ? -1 : 0);
	int32_t lo = i < j ? i : j, hi = i < j ? j : i;
	*left = lo == gamma ? n - 1 + gamma : gamma;
	*right = hi == gamma + 1 ? n - 1 + gamma + 1 : gamma + 1;
}

/* ---- traversal ---- */

/* What a walk tests node boxes against: a box (closed overlap, exact) or a segment (the slab test on
 * the box widened by a margin far above the test's rounding, so it never drops a box the segment
 * reaches; it only prunes). */
typedef struct hd_lbvh_probe {
	hd_box box;   /* always: the query's bounds */
	bool segment; /* also the slab test of p + t d, 0 <= t <= 1 */
	hd_vec3 p, inverse_d;
	double margin;
} hd_lbvh_probe;

COL_HD hd_lbvh_probe hd_probe_box(hd_box b)
{
	hd_lbvh_probe probe;
	probe.box = b;
	probe.segment = false;
	probe.p = probe.inverse_d = hd_v3(0.0, 0.0, 0.0);
	probe.margin = 0.0;
	return probe;
}

COL_HD hd_lbvh_probe hd_probe_segment(hd_vec3 p, hd_vec3 q)
{
	hd_lbvh_probe probe;
	probe.box.min = hd_v3(fmin(p.x, q.x), fmin(p.y, q.y), fmin(p.z, q.z));
	probe.box.max = hd_v3(fmax(p.x, q.x), fmax(p.y, q.y), fmax(p.z, q.z));
	probe.segment = true;
	probe.p = p;
	hd_vec3 d = hd_sub(q, p);
	probe.inverse_d = hd_v3(1.0 / d.x, 1.0 / d.y, 1.0 / d.z); /* +-inf for a zero component */
	/* 2^-40 of the coordinates' scale: the slab parameters' rounding is a few units of 2^-53 */
	probe.margin =
	    0x1p-40 * (hd_max3(fabs(p.x), fabs(p.y), fabs(p.z)) + hd_max3(fabs(q.x), fabs(q.y), fabs(q.z))) +
	    HD_TINY;
	return probe;
}

COL_HD bool hd_slab(double p, double inverse_d, double lo, double hi, double *t0, double *t1)
{
	if (isinf(inverse_d))
		return p >= lo && p <= hi; /* parallel to the slab */
	double a = (lo - p) * inverse_d, b = (hi - p) * inverse_d;
	double near_t = fmin(a, b), far_t = fmax(a, b);
	/* relative slack on the parameters: the margin already covers the box's own rounding */
	double slack = 0x1p-40 * (fabs(near_t) + fabs(far_t));
	*t0 = fmax(*t0, near_t - slack);
	*t1 = fmin(*t1, far_t + slack);
	return *t0 <= *t1;
}

COL_HD bool hd_probe_meets(const hd_lbvh_probe *probe, hd_box b)
{
	if (!hd_box_overlaps(probe->box, b))
		return false;
	if (!probe->segment)
		return true;
	double m = probe->margin, t0 = 0.0, t1 = 1.0;
	return hd_slab(probe->p.x, probe->inverse_d.x, b.min.x - m, b.max.x + m, &t0, &t1) &&
	       hd_slab(probe->p.y, probe->inverse_d.y, b.min.y - m, b.max.y + m, &t0, &t1) &&
	       hd_slab(probe->p.z, probe->inverse_d.z, b.min.z - m, b.max.z + m, &t0, &t1);
}

/* A depth-first walk, left child first, yielding the leaves whose boxes the probe meets. */
typedef struct hd_lbvh_walk {
	int32_t stack[HD_LBVH_STACK];
	int top;
} hd_lbvh_walk;

COL_HD void hd_walk_start(hd_lbvh_walk *w, const hd_lbvh *t)
{
	w->top = 0;
	if (t->count > 0)
		w->stack[w->top++] = 0; /* the root: internal node 0, or the single leaf 0 = n - 1 */
}

/* The next primitive whose leaf box the probe meets, or -1 when the walk is over. */
COL_HD int32_t hd_walk_next(hd_lbvh_walk *w, const hd_lbvh *t, const hd_lbvh_probe *probe, uint64_t *visited)
{
	int32_t leaves_from = t->count - 1;
	while (w->top > 0) {
		int32_t node = w->stack[--w->top];
		*visited += 1;
		if (!hd_probe_meets(probe, t->boxes[node]))
			continue;
		if (node >= leaves_from)
			return t->order[node - leaves_from];
		w->stack[w->top++] = t->children[2 * node + 1];
		w->stack[w->top++] = t->children[2 * node];
	}
	return -1;
}

#endif
