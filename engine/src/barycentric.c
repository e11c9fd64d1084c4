/* Signed barycentric coordinates as signs only (source 000, 4.1-4.6). Each sign is the product of
 * two exact orientation signs, so these tests are exact for every input. */
#include "collide/barycentric.h"

#include <math.h>

#include "collide/predicates.h"

static int sign_of(double value)
{
	return (value > 0.0) - (value < 0.0);
}

void col_barycentric_signs(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p, int signs[3])
{
	/* alpha = |P V1 V2| / |V0 V1 V2|: the sign of a ratio is the product of the signs. */
	int area = sign_of(col_orient2d(v0, v1, v2));
	signs[0] = area * sign_of(col_orient2d(p, v1, v2));
	signs[1] = area * sign_of(col_orient2d(p, v2, v0));
	signs[2] = area * sign_of(col_orient2d(p, v0, v1));
}

col_triangle_position col_triangle_locate(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p)
{
	int s[3];
	col_barycentric_signs(v0, v1, v2, p, s);
	if (s[0] < 0 || s[1] < 0 || s[2] < 0)
		return COL_TRIANGLE_OUTSIDE; /* Prop. 4.2: any negative (source 000's 2D erratum 1) */
	if (s[0] == 0 && s[1] == 0 && s[2] == 0)
		return COL_TRIANGLE_OUTSIDE; /* degenerate triangle */
	int zeros = (s[0] == 0) + (s[1] == 0) + (s[2] == 0);
	if (zeros == 0)
		return COL_TRIANGLE_INTERIOR;
	if (zeros == 2)
		return s[0] > 0 ? COL_TRIANGLE_VERTEX0 : s[1] > 0 ? COL_TRIANGLE_VERTEX1 : COL_TRIANGLE_VERTEX2;
	return s[0] == 0 ? COL_TRIANGLE_EDGE12 : s[1] == 0 ? COL_TRIANGLE_EDGE02 : COL_TRIANGLE_EDGE01;
}

const char *col_triangle_position_name(col_triangle_position position)
{
	switch (position) {
	case COL_TRIANGLE_OUTSIDE: return "outside";
	case COL_TRIANGLE_INTERIOR: return "interior";
	case COL_TRIANGLE_EDGE12: return "edge 12";
	case COL_TRIANGLE_EDGE01: return "edge 01";
	case COL_TRIANGLE_EDGE02: return "edge 02";
	case COL_TRIANGLE_VERTEX0: return "vertex 0";
	case COL_TRIANGLE_VERTEX1: return "vertex 1";
	case COL_TRIANGLE_VERTEX2: return "vertex 2";
	}
	return "unknown";
}

bool col_tricone_contains(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p)
{
	int s[3];
	col_barycentric_signs(v0, v1, v2, p, s);
	return s[1] >= 0 && s[2] >= 0;
}

bool col_truncated_tricone_contains(col_vec2 v0, col_vec2 v1, col_vec2 v2, col_vec2 p)
{
	int s[3];
	col_barycentric_signs(v0, v1, v2, p, s);
	return s[0] <= 0 && s[1] >= 0 && s[2] >= 0;
}

/* Collinear segments meet when their intervals along the line overlap: compare on the axis where
 * the line is longer, which separates distinct points of the line. Exact: only comparisons. */
static bool collinear_overlap(col_vec2 p, col_vec2 q, col_vec2 t, col_vec2 u)
{
	double dx = fabs(q.x - p.x) + fabs(u.x - t.x), dy = fabs(q.y - p.y) + fabs(u.y - t.y);
	double p0 = dx >= dy ? p.x : p.y, p1 = dx >= dy ? q.x : q.y;
	double t0 = dx >= dy ? t.x : t.y, t1 = dx >= dy ? u.x : u.y;
	return fmax(fmin(p0, p1), fmin(t0, t1)) <= fmin(fmax(p0, p1), fmax(t0, t1));
}

bool col_barycentric_segments_intersect(col_vec2 p, col_vec2 q, col_vec2 t, col_vec2 u)
{
	/* Theorem 4.1: with t off line pq, segment tu meets pq iff u lies in the truncated tri-cone
	 * of (t, p, q): beyond line pq, between rays t->p and t->q. When t is on the line, swap the
	 * roles of t and u (erratum 4: the printed swap branch compares -s with t and always fails). */
	if (col_orient2d(p, q, t) != 0.0)
		return col_truncated_tricone_contains(t, p, q, u);
	if (col_orient2d(p, q, u) != 0.0)
		return col_truncated_tricone_contains(u, p, q, t);
	/* Both on the line: the 1D interval test of 4.4.2 (Alg. 4.10 would say false). A segment pq
	 * of one point makes every t, u "collinear"; then tu must pass through it. */
	if (p.x == q.x && p.y == q.y) {
		if (t.x == u.x && t.y == u.y)
			return p.x == t.x && p.y == t.y;
		if (col_orient2d(t, u, p) != 0.0)
			return false;
	}
	return collinear_overlap(p, q, t, u);
}

/* A degenerate triangle is the segment between its two farthest vertices. */
static bool triangle_degenerate(const col_vec2 t[3])
{
	return col_orient2d(t[0], t[1], t[2]) == 0.0;
}

static bool in_closed_triangle(const col_vec2 t[3], col_vec2 p)
{
	int s[3];
	col_barycentric_signs(t[0], t[1], t[2], p, s);
	return s[0] >= 0 && s[1] >= 0 && s[2] >= 0;
}

/* One direction of Alg. 4.12: region codes of b's vertices against a (bit 0: beyond line a1a2,
 * bit 1: beyond a2a0, bit 2: beyond a0a1). */
static bool half_test(const col_vec2 a[3], const col_vec2 b[3])
{
	int code[3];
	for (int i = 0; i < 3; i++) {
		int s[3];
		col_barycentric_signs(a[0], a[1], a[2], b[i], s);
		code[i] = (s[0] < 0) | (s[1] < 0) << 1 | (s[2] < 0) << 2;
		if (code[i] == 0)
			return true; /* a vertex of b in a */
	}
	if (code[0] & code[1] & code[2])
		return false; /* all of b beyond one line of a */
	for (int i = 0; i < 3; i++) {
		int ca = code[i], cb = code[(i + 1) % 3];
		if (ca & cb)
			continue; /* this edge lies beyond one line */
		/* The end with fewer bits is beyond exactly one line k; if the edge reaches a at all it
		 * crosses line k inside a's edge k first (why Alg. 4.12 is exact). */
		int c = __builtin_popcount((unsigned)ca) <= __builtin_popcount((unsigned)cb) ? ca : cb;
		int k = c == 1 ? 0 : c == 2 ? 1 : 2;
		if (col_barycentric_segments_intersect(a[(k + 1) % 3], a[(k + 2) % 3], b[i], b[(i + 1) % 3]))
			return true;
	}
	return false;
}

/* Fallback for a degenerate triangle: the closed sets meet iff some edges meet or a vertex of one
 * lies in the other (only a non-degenerate triangle can hold anything). */
static bool degenerate_test(const col_vec2 a[3], const col_vec2 b[3])
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			if (col_barycentric_segments_intersect(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3]))
				return true;
	if (!triangle_degenerate(a) && in_closed_triangle(a, b[0]))
		return true;
	if (!triangle_degenerate(b) && in_closed_triangle(b, a[0]))
		return true;
	return false;
}

bool col_barycentric_triangles_intersect(const col_vec2 a[3], const col_vec2 b[3])
{
	if (triangle_degenerate(a) || triangle_degenerate(b))
		return degenerate_test(a, b);
	return half_test(a, b) || half_test(b, a); /* the swap finds a inside b */
}
