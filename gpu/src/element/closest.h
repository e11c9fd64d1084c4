/* The surface point of a mesh nearest to a point, one point per call: the triangles' LBVH walked
 * nearest box first, pruned by the best distance found (Ericson, Real-Time Collision Detection,
 * 5.1.5, for the point of a triangle, as col_triangle_closest_point computes it, zero-area triangles
 * included). In floating point: the distance is rounded, not exact; the same code runs on both
 * backends, so their answers are the same bits. Ties go to the lower triangle index. */
#ifndef COLLIDE_GPU_ELEMENT_CLOSEST_H
#define COLLIDE_GPU_ELEMENT_CLOSEST_H

#include "lbvh.h"
#include "octree.h"

COL_HD hd_vec3 hd_segment_closest_point(hd_vec3 a, hd_vec3 b, hd_vec3 p)
{
	hd_vec3 ab = hd_sub(b, a);
	double length2 = hd_dot(ab, ab);
	if (!(length2 > 0.0))
		return a;
	double s = hd_dot(hd_sub(p, a), ab) / length2;
	s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
	return hd_add(a, hd_scale(ab, s));
}

COL_HD hd_vec3 hd_nearer(hd_vec3 p, hd_vec3 x, hd_vec3 y)
{
	hd_vec3 dx = hd_sub(x, p), dy = hd_sub(y, p);
	return hd_dot(dx, dx) <= hd_dot(dy, dy) ? x : y;
}

/* A zero-area triangle is the union of its edges; the region test would divide by zero. */
COL_HD hd_vec3 hd_degenerate_closest_point(hd_vec3 a, hd_vec3 b, hd_vec3 c, hd_vec3 p)
{
	hd_vec3 best = hd_segment_closest_point(a, b, p);
	best = hd_nearer(p, best, hd_segment_closest_point(b, c, p));
	return hd_nearer(p, best, hd_segment_closest_point(c, a, p));
}

/* col_triangle_closest_point, operation for operation (the same bits). */
COL_HD hd_vec3 hd_triangle_closest_point(hd_vec3 a, hd_vec3 b, hd_vec3 c, hd_vec3 p)
{
	hd_vec3 ab = hd_sub(b, a), ac = hd_sub(c, a);
	hd_vec3 n = hd_cross(ab, ac);
	if (hd_dot(n, n) == 0.0)
		return hd_degenerate_closest_point(a, b, c, p);
	hd_vec3 ap = hd_sub(p, a);
	double d1 = hd_dot(ab, ap), d2 = hd_dot(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0)
		return a;
	hd_vec3 bp = hd_sub(p, b);
	double d3 = hd_dot(ab, bp), d4 = hd_dot(ac, bp);
	if (d3 >= 0.0 && d4 <= d3)
		return b;
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
		double denominator = d1 - d3;
		if (!(denominator > 0.0))
			return hd_degenerate_closest_point(a, b, c, p);
		return hd_add(a, hd_scale(ab, d1 / denominator));
	}
	hd_vec3 cp = hd_sub(p, c);
	double d5 = hd_dot(ab, cp), d6 = hd_dot(ac, cp);
	if (d6 >= 0.0 && d5 <= d6)
		return c;
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
		double denominator = d2 - d6;
		if (!(denominator > 0.0))
			return hd_degenerate_closest_point(a, b, c, p);
		return hd_add(a, hd_scale(ac, d2 / denominator));
	}
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {
		double denominator = (d4 - d3) + (d5 - d6);
		if (!(denominator > 0.0))
			return hd_degenerate_closest_point(a, b, c, p);
		return hd_add(b, hd_scale(hd_sub(c, b), (d4 - d3) / denominator));
	}
	double sum = va + vb + vc;
	if (!(sum > 0.0) || !isfinite(sum))
		return hd_degenerate_closest_point(a, b, c, p);
	double v = vb / sum, w = vc / sum;
	return hd_add(a, hd_add(hd_scale(ab, v), hd_scale(ac, w)));
}

COL_HD double hd_distance2(hd_vec3 a, hd_vec3 b)
{
	hd_vec3 d = hd_sub(a, b);
	return hd_dot(d, d);
}

/* The squared distance to the nearest triangle (triangles[i]'s a, b, c), its point and index. */
COL_HD double hd_lbvh_nearest(const hd_lbvh *t, const hd_octree_triangle *triangles, hd_vec3 p,
                              hd_vec3 *closest, int32_t *triangle, uint64_t *visited)
{
	double best = INFINITY;
	int32_t best_triangle = -1;
	hd_vec3 best_point = p;
	if (t->count > 0) {
		int32_t stack[HD_LBVH_STACK];
		double distance[HD_LBVH_STACK];
		int top = 0;
		int32_t leaves_from = t->count - 1;
		stack[top] = 0;
		distance[top++] = hd_box_distance2(t->boxes[0], p);
		while (top > 0) {
			top--;
			int32_t node = stack[top];
			if (distance[top] > best)
				continue;
			*visited += 1;
			if (node >= leaves_from) {
				int32_t id = t->order[node - leaves_from];
				const hd_octree_triangle *tri = triangles + id;
				hd_vec3 q = hd_triangle_closest_point(tri->a, tri->b, tri->c, p);
				double d2 = hd_distance2(q, p);
				if (d2 < best || (d2 == best && id < best_triangle)) {
					best = d2;
					best_triangle = id;
					best_point = q;
				}
				continue;
			}
			int32_t left = t->children[2 * node], right = t->children[2 * node + 1];
			double dl = hd_box_distance2(t->boxes[left], p),
			       dr = hd_box_distance2(t->boxes[right], p);
			/* the nearer one on top, so it is walked first */
			int32_t first = dl <= dr ? left : right, second = dl <= dr ? right : left;
			double d_first = dl <= dr ? dl : dr, d_second = dl <= dr ? dr : dl;
			if (d_second <= best) {
				stack[top] = second;
				distance[top++] = d_second;
			}
			if (d_first <= best) {
				stack[top] = first;
				distance[top++] = d_first;
			}
		}
	}
	if (closest != NULL)
		*closest = best_point;
	if (triangle != NULL)
		*triangle = best_triangle;
	return best;
}

#endif
