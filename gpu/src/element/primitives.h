/* Segments, triangles and spheres meeting in 3D, one pair per call: the tests a thread runs against
 * one mesh triangle (source 003's mapping), in two forms.
 *
 * - Euclidean: the engine's exact tests (col_segment_intersects_triangle,
 *   col_triangle_intersects_triangle, col_triangle_intersects_sphere, col_segment_intersects_sphere,
 *   col_sphere_sphere_side), each sign a filtered predicate (hd_certified_sign).
 * - CGA: the compact conformal forms of engine/src/cga_collide.c (the dual plane's and dual sphere's
 *   inner products, the Plucker side products of the line-line meets, the plane-, line- and
 *   sphere-sphere meet squares, in local frames), with the same static rounding bounds.
 *
 * Every answer is three-valued: HD_YES, HD_NO, or HD_UNSURE where a sign the answer needs lies
 * within its rounding bound (touching, coplanar, degenerate, or numerically too close to tell).
 * An unsure pair is handed back to the engine's routine of the same form (col_cga_mesh_query's), so
 * the final answers are the engine's, bit for bit, on both backends. */
#ifndef COLLIDE_GPU_ELEMENT_PRIMITIVES_H
#define COLLIDE_GPU_ELEMENT_PRIMITIVES_H

#include "hd.h"

/* Three-valued or and and: a certain answer wins where it settles the whole. */
COL_HD int hd_or(int a, int b)
{
	return a == HD_YES || b == HD_YES ? HD_YES : a == HD_NO && b == HD_NO ? HD_NO : HD_UNSURE;
}
COL_HD int hd_and(int a, int b)
{
	return a == HD_NO || b == HD_NO ? HD_NO : a == HD_YES && b == HD_YES ? HD_YES : HD_UNSURE;
}
COL_HD int hd_not(int a)
{
	return -a;
}
/* A sign that must be >= 0 (or > 0) read as an answer: a certified sign settles it, an unsure one
 * may be the zero on which the two differ. */
COL_HD int hd_nonnegative(int sign)
{
	return sign > 0 ? HD_YES : sign < 0 ? HD_NO : HD_UNSURE;
}

/* ---- Euclidean ---- */

/* col_orient3d's sign: (a - d) . ((b - d) x (c - d)); depth 8. */
COL_HD int hd_orient3d_sign(hd_vec3 a, hd_vec3 b, hd_vec3 c, hd_vec3 d)
{
	double adx = a.x - d.x, ady = a.y - d.y, adz = a.z - d.z;
	double bdx = b.x - d.x, bdy = b.y - d.y, bdz = b.z - d.z;
	double cdx = c.x - d.x, cdy = c.y - d.y, cdz = c.z - d.z;
	double bc1 = bdy * cdz, bc2 = bdz * cdy, ca1 = cdy * adz, ca2 = cdz * ady, ab1 = ady * bdz,
	       ab2 = adz * bdy;
	double det = adx * (bc1 - bc2) + bdx * (ca1 - ca2) + cdx * (ab1 - ab2);
	double magnitude = fabs(adx) * (fabs(bc1) + fabs(bc2)) + fabs(bdx) * (fabs(ca1) + fabs(ca2)) +
	                   fabs(cdx) * (fabs(ab1) + fabs(ab2));
	return hd_certified_sign(det, magnitude, 8);
}

/* The closed segment q1 q2 against the closed triangle abc: the segment straddles the plane and its
 * line passes no edge on the outer side. Touching, coplanar and degenerate cases are unsure. */
COL_HD int hd_segment_triangle(hd_vec3 q1, hd_vec3 q2, hd_vec3 a, hd_vec3 b, hd_vec3 c)
{
	int s1 = hd_orient3d_sign(a, b, c, q1), s2 = hd_orient3d_sign(a, b, c, q2);
	if (s1 != HD_UNSURE && s1 == s2)
		return HD_NO;
	if (s1 == HD_UNSURE || s2 == HD_UNSURE)
		return HD_UNSURE;
	int e1 = hd_orient3d_sign(q1, q2, a, b), e2 = hd_orient3d_sign(q1, q2, b, c),
	    e3 = hd_orient3d_sign(q1, q2, c, a);
	if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0))
		return HD_NO;
	return e1 == HD_UNSURE || e2 == HD_UNSURE || e3 == HD_UNSURE ? HD_UNSURE : HD_YES;
}

/* Whether u's vertices lie strictly on one side of t's plane, certified (the early-out). */
COL_HD bool hd_plane_separates(const hd_vec3 *t, const hd_vec3 *u)
{
	int s0 = hd_orient3d_sign(t[0], t[1], t[2], u[0]);
	int s1 = hd_orient3d_sign(t[0], t[1], t[2], u[1]);
	int s2 = hd_orient3d_sign(t[0], t[1], t[2], u[2]);
	return s0 != HD_UNSURE && s0 == s1 && s1 == s2;
}

/* Two closed triangles meet exactly when an edge of one meets the other. */
COL_HD int hd_triangle_triangle(const hd_vec3 *t, const hd_vec3 *u)
{
	if (hd_plane_separates(t, u) || hd_plane_separates(u, t))
		return HD_NO;
	int answer = HD_NO;
	for (int i = 0; i < 3 && answer != HD_YES; i++) {
		int j = i == 2 ? 0 : i + 1;
		answer = hd_or(answer, hd_segment_triangle(t[i], t[j], u[0], u[1], u[2]));
		if (answer != HD_YES)
			answer = hd_or(answer, hd_segment_triangle(u[i], u[j], t[0], t[1], t[2]));
	}
	return answer;
}

/* Sign of r^2 - |p - c|^2: +1 strictly inside the ball. Depth 6. */
COL_HD int hd_inside_ball_sign(hd_vec3 p, hd_vec3 c, double r)
{
	double dx = p.x - c.x, dy = p.y - c.y, dz = p.z - c.z;
	double d2 = dx * dx + dy * dy + dz * dz, r2 = r * r;
	return hd_certified_sign(r2 - d2, r2 + d2, 6);
}

/* Whether the closed segment pq reaches the ball at a point strictly between its ends: the line
 * within r of the centre (r^2 |e|^2 - |l x e|^2 >= 0, depth 12) and both angles at the ends acute
 * ((c - p) . e > 0, (c - q) . (p - q) > 0, depth 5). Where the nearest point is an end, the ends'
 * own tests answer. */
COL_HD int hd_segment_interior_meets_ball(hd_vec3 p, hd_vec3 q, hd_vec3 c, double r)
{
	hd_vec3 e = hd_sub(q, p), l = hd_sub(p, c), lq = hd_sub(q, c);
	if (e.x == 0.0 && e.y == 0.0 && e.z == 0.0)
		return HD_NO; /* a point: its end's test answers */
	hd_vec3 ea = hd_abs3(e), la = hd_abs3(l), lqa = hd_abs3(lq);
	hd_vec3 m = hd_cross(l, e);
	hd_vec3 ma = hd_v3(fabs(l.y * e.z) + fabs(l.z * e.y), fabs(l.z * e.x) + fabs(l.x * e.z),
	                   fabs(l.x * e.y) + fabs(l.y * e.x));
	double r2 = r * r;
	double line = r2 * hd_dot(e, e) - hd_dot(m, m);
	int near = hd_certified_sign(line, r2 * hd_dot(ea, ea) + hd_dot(ma, ma), 12);
	if (near < 0)
		return HD_NO;
	int at_p = hd_certified_sign(-hd_dot(l, e), hd_dot(la, ea), 5);
	int at_q = hd_certified_sign(hd_dot(lq, e), hd_dot(lqa, ea), 5);
	return hd_and(hd_nonnegative(near), hd_and(hd_nonnegative(at_p), hd_nonnegative(at_q)));
}

/* Whether the ball reaches the triangle's face at a point strictly inside it: the plane within r
 * (r^2 |N|^2 - (N . (c - a))^2 >= 0, depth 18) and the centre projecting into the triangle (the
 * three prism sides ((v_j - v_i) x (c - v_i)) . N > 0, depth 11). */
COL_HD int hd_face_meets_ball(const hd_vec3 *v, hd_vec3 c, double r)
{
	hd_vec3 e = hd_sub(v[1], v[0]), f = hd_sub(v[2], v[0]), w = hd_sub(c, v[0]);
	hd_vec3 n = hd_cross(e, f);
	hd_vec3 na = hd_v3(fabs(e.y * f.z) + fabs(e.z * f.y), fabs(e.z * f.x) + fabs(e.x * f.z),
	                   fabs(e.x * f.y) + fabs(e.y * f.x));
	double nw = hd_dot(n, w), nw_mag = hd_dot(na, hd_abs3(w));
	double r2 = r * r;
	int plane = hd_certified_sign(r2 * hd_dot(n, n) - nw * nw, r2 * hd_dot(na, na) + nw_mag * nw_mag, 18);
	if (plane < 0)
		return HD_NO;
	int answer = hd_nonnegative(plane);
	for (int i = 0; i < 3 && answer != HD_NO; i++) {
		int j = i == 2 ? 0 : i + 1;
		hd_vec3 g = hd_sub(v[j], v[i]), h = hd_sub(c, v[i]);
		hd_vec3 s = hd_cross(g, h);
		hd_vec3 sa = hd_v3(fabs(g.y * h.z) + fabs(g.z * h.y), fabs(g.z * h.x) + fabs(g.x * h.z),
		                   fabs(g.x * h.y) + fabs(g.y * h.x));
		answer = hd_and(answer, hd_nonnegative(hd_certified_sign(hd_dot(s, n), hd_dot(sa, na), 11)));
	}
	return answer;
}

/* solid: the closed triangle meets the closed ball; surface: and not all three vertices lie strictly
 * inside (col_cga_mesh_query's Euclidean rule). */
COL_HD int hd_triangle_sphere(const hd_vec3 *v, hd_vec3 c, double r, bool solid)
{
	int in0 = hd_inside_ball_sign(v[0], c, r), in1 = hd_inside_ball_sign(v[1], c, r),
	    in2 = hd_inside_ball_sign(v[2], c, r);
	int all_inside = hd_and(hd_nonnegative(in0), hd_and(hd_nonnegative(in1), hd_nonnegative(in2)));
	int meets = in0 > 0 || in1 > 0 || in2 > 0 ? HD_YES : HD_NO;
	for (int i = 0; i < 3 && meets != HD_YES; i++)
		meets = hd_or(meets, hd_segment_interior_meets_ball(v[i], v[i == 2 ? 0 : i + 1], c, r));
	if (meets != HD_YES)
		meets = hd_or(meets, hd_face_meets_ball(v, c, r));
	/* an end on the sphere is neither in nor out: unsure, unless something else settles it */
	if (meets == HD_NO && (in0 == HD_UNSURE || in1 == HD_UNSURE || in2 == HD_UNSURE))
		meets = HD_UNSURE;
	return solid ? meets : hd_and(meets, hd_not(all_inside));
}

/* The closed segment against the closed ball (solid), or its sphere (surface: not both ends strictly
 * inside). */
COL_HD int hd_segment_sphere(hd_vec3 p, hd_vec3 q, hd_vec3 c, double r, bool solid)
{
	int in_p = hd_inside_ball_sign(p, c, r), in_q = hd_inside_ball_sign(q, c, r);
	int meets = in_p > 0 || in_q > 0 ? HD_YES : hd_segment_interior_meets_ball(p, q, c, r);
	if (meets == HD_NO && (in_p == HD_UNSURE || in_q == HD_UNSURE))
		meets = HD_UNSURE;
	return solid ? meets : hd_and(meets, hd_not(hd_and(hd_nonnegative(in_p), hd_nonnegative(in_q))));
}

/* Balls (solid): |d|^2 <= (ra + rb)^2. Spheres (surface): (ra - rb)^2 <= |d|^2 <= (ra + rb)^2. The
 * squares expanded, so ra + rb is never rounded; depth 8. */
COL_HD int hd_sphere_sphere(hd_vec3 ca, double ra, hd_vec3 cb, double rb, bool solid)
{
	double dx = cb.x - ca.x, dy = cb.y - ca.y, dz = cb.z - ca.z;
	double d2 = dx * dx + dy * dy + dz * dz, a2 = ra * ra, b2 = rb * rb, ab = 2.0 * ra * rb;
	double magnitude = d2 + a2 + b2 + ab;
	int apart = hd_certified_sign(d2 - a2 - b2 - ab, magnitude, 8);  /* > 0: apart */
	int nested = hd_certified_sign(a2 + b2 - ab - d2, magnitude, 8); /* > 0: one strictly inside */
	int balls = hd_nonnegative(-apart);
	return solid ? balls : hd_and(balls, hd_nonnegative(-nested));
}

/* ---- CGA: engine/src/cga_collide.c's compact forms with its bounds ---- */

COL_HD double hd_max_abs3(hd_vec3 v)
{
	return hd_max3(fabs(v.x), fabs(v.y), fabs(v.z));
}
/* m where the bounds may use it, infinity outside [2^-150, 2^150] (its derivation's range). */
COL_HD double hd_scale_of(double m)
{
	return m >= 0x1p-150 && m <= 0x1p150 ? m : INFINITY;
}
COL_HD int hd_bounded_sign(double v, double bound)
{
	return v > bound ? 1 : v < -bound ? -1 : HD_UNSURE;
}

/* A triangle prepared once: its edges, the normal and the edges' bound. */
typedef struct hd_cga_triangle {
	hd_vec3 v[3];
	hd_vec3 e[3]; /* v1 - v0, v2 - v1, v0 - v2 */
	hd_vec3 n;    /* e[2] x e[0] = (v1 - v0) x (v2 - v0) */
	double e_max;
} hd_cga_triangle;

COL_HD hd_cga_triangle hd_cga_prepare(hd_vec3 a, hd_vec3 b, hd_vec3 c)
{
	hd_cga_triangle t;
	t.v[0] = a;
	t.v[1] = b;
	t.v[2] = c;
	t.e[0] = hd_sub(b, a);
	t.e[1] = hd_sub(c, b);
	t.e[2] = hd_sub(a, c);
	t.n = hd_cross(t.e[2], t.e[0]);
	t.e_max = hd_scale_of(hd_max3(hd_max_abs3(t.e[0]), hd_max_abs3(t.e[1]), hd_max_abs3(t.e[2])));
	return t;
}

/* The segment p q with certified plane sides: the Plucker side products of its line (d, pl x d)
 * with the edge lines (e0, 0), (e1, n), (e2, 0) in t's frame never disagree in sign. */
COL_HD int hd_cga_segment_crosses(hd_vec3 pl, int side_p, int side_q, hd_vec3 d, double d_max, double l_max,
                                  const hd_cga_triangle *t)
{
	if (side_p != HD_UNSURE && side_p == side_q)
		return HD_NO;
	if (side_p == HD_UNSURE || side_q == HD_UNSURE)
		return HD_UNSURE; /* an end in the plane (or the whole segment): the coplanar branch */
	hd_vec3 moment = hd_cross(pl, d);
	double e = t->e_max;
	double s0 = hd_dot(t->e[0], moment);
	double s1 = hd_dot(t->e[1], moment) + hd_dot(d, t->n);
	double s2 = hd_dot(t->e[2], moment);
	double b02 = 64.0 * HD_U * e * l_max * d_max, b1 = 72.0 * HD_U * e * d_max * (e + l_max);
	int k0 = hd_bounded_sign(s0, b02), k1 = hd_bounded_sign(s1, b1), k2 = hd_bounded_sign(s2, b02);
	if ((k0 > 0 || k1 > 0 || k2 > 0) && (k0 < 0 || k1 < 0 || k2 < 0))
		return HD_NO;
	return k0 == HD_UNSURE || k1 == HD_UNSURE || k2 == HD_UNSURE ? HD_UNSURE : HD_YES;
}

/* IV.2: the dual plane's inner products with the ends, then the line-line meets. */
COL_HD int hd_cga_segment_triangle(hd_vec3 p, hd_vec3 q, const hd_cga_triangle *t)
{
	hd_vec3 d = hd_sub(q, p);
	double d_max = hd_scale_of(hd_max_abs3(d));
	hd_vec3 pl = hd_sub(p, t->v[0]), ql = hd_sub(q, t->v[0]);
	double l_max = hd_scale_of(fmax(hd_max_abs3(pl), hd_max_abs3(ql)));
	double bound = 64.0 * HD_U * t->e_max * t->e_max * l_max;
	int side_p = hd_bounded_sign(hd_dot(t->n, pl), bound),
	    side_q = hd_bounded_sign(hd_dot(t->n, ql), bound);
	return hd_cga_segment_crosses(pl, side_p, side_q, d, d_max, l_max, t);
}

/* u's vertices against t's dual plane: HD_NO when all lie strictly on one side, else the sides. */
COL_HD int hd_cga_plane_sides(const hd_cga_triangle *t, const hd_cga_triangle *u, hd_vec3 *ul, double *l_max,
                              int *side)
{
	for (int i = 0; i < 3; i++)
		ul[i] = hd_sub(u->v[i], t->v[0]);
	*l_max = hd_scale_of(hd_max3(hd_max_abs3(ul[0]), hd_max_abs3(ul[1]), hd_max_abs3(ul[2])));
	double bound = 64.0 * HD_U * t->e_max * t->e_max * *l_max;
	for (int i = 0; i < 3; i++)
		side[i] = hd_bounded_sign(hd_dot(t->n, ul[i]), bound);
	if (side[0] != HD_UNSURE && side[0] == side[1] && side[1] == side[2])
		return HD_NO;
	return HD_UNSURE;
}

/* IV.4: the plane-side early-out both ways, then each edge of u against t and of t against u. */
COL_HD int hd_cga_triangle_triangle(const hd_cga_triangle *t, const hd_cga_triangle *u)
{
	hd_vec3 ul[3], tl[3];
	double ul_max, tl_max;
	int u_side[3], t_side[3];
	if (hd_cga_plane_sides(t, u, ul, &ul_max, u_side) == HD_NO ||
	    hd_cga_plane_sides(u, t, tl, &tl_max, t_side) == HD_NO)
		return HD_NO;
	int answer = HD_NO;
	for (int i = 0; i < 3 && answer != HD_YES; i++) {
		int j = i == 2 ? 0 : i + 1;
		answer = hd_or(answer, hd_cga_segment_crosses(ul[i], u_side[i], u_side[j], u->e[i], u->e_max,
		                                              ul_max, t));
	}
	for (int i = 0; i < 3 && answer != HD_YES; i++) {
		int j = i == 2 ? 0 : i + 1;
		answer = hd_or(answer, hd_cga_segment_crosses(tl[i], t_side[i], t_side[j], t->e[i], t->e_max,
		                                              tl_max, u));
	}
	return answer;
}

/* X . s for x' = x - centre and the dual sphere at the origin: (r^2 - |x'|^2) / 2. */
COL_HD int hd_cga_inside_sign(hd_vec3 xl, double r)
{
	double point_ni = 0.5 * hd_dot(xl, xl), sphere_ni = 0.5 * (0.0 - r * r);
	double v = 0.0 - point_ni - sphere_ni * 1.0; /* e.e (0) - no_X ni_s - ni_X no_s */
	double p = point_ni - sphere_ni;
	return fabs(v) > 8.0 * HD_U * p && p > 0x1p-900 ? (v > 0.0 ? 1 : -1) : HD_UNSURE;
}

/* The edge p q (e = q - p) with pl, ql in the sphere's frame: the line-sphere meet square and the two
 * angles; m gets the moment pl x e for the face test. */
COL_HD int hd_cga_edge_meets_ball(hd_vec3 p, hd_vec3 q, hd_vec3 pl, hd_vec3 ql, hd_vec3 e, double l_max,
                                  double e_max, double r2, hd_vec3 *m_out)
{
	hd_vec3 m = hd_cross(pl, e);
	*m_out = m;
	if (p.x == q.x && p.y == q.y && p.z == q.z)
		return HD_NO;
	int s =
	    hd_bounded_sign(r2 * hd_dot(e, e) - hd_dot(m, m), 224.0 * HD_U * l_max * l_max * e_max * e_max);
	if (s < 0)
		return HD_NO;
	double cos_bound = 24.0 * HD_U * l_max * e_max;
	int kp = hd_bounded_sign(-hd_dot(pl, e), cos_bound);
	if (kp < 0)
		return HD_NO;
	int kq = hd_bounded_sign(hd_dot(ql, e), cos_bound);
	if (kq < 0)
		return HD_NO;
	return s == HD_UNSURE || kp == HD_UNSURE || kq == HD_UNSURE ? HD_UNSURE : HD_YES;
}

/* IV.3 */
COL_HD int hd_cga_segment_sphere(hd_vec3 p, hd_vec3 q, hd_vec3 c, double r, bool solid)
{
	hd_vec3 pl = hd_sub(p, c), ql = hd_sub(q, c);
	int in_p = hd_cga_inside_sign(pl, r), in_q = hd_cga_inside_sign(ql, r);
	if (in_p > 0 && in_q > 0)
		return solid ? HD_YES : HD_NO;
	if ((in_p > 0 && in_q < 0) || (in_p < 0 && in_q > 0))
		return HD_YES;
	if (in_p == HD_UNSURE || in_q == HD_UNSURE)
		return HD_UNSURE;
	hd_vec3 e = hd_sub(q, p), m;
	double l_max = hd_scale_of(fmax(fmax(hd_max_abs3(pl), hd_max_abs3(ql)), r));
	return hd_cga_edge_meets_ball(p, q, pl, ql, e, l_max, hd_scale_of(hd_max_abs3(e)), r * r, &m);
}

/* IV.5 */
COL_HD int hd_cga_triangle_sphere(const hd_cga_triangle *t, hd_vec3 c, double r, bool solid)
{
	hd_vec3 l[3];
	int in[3];
	for (int i = 0; i < 3; i++) {
		l[i] = hd_sub(t->v[i], c);
		in[i] = hd_cga_inside_sign(l[i], r);
	}
	if (in[0] > 0 && in[1] > 0 && in[2] > 0)
		return solid ? HD_YES : HD_NO;
	bool some_in = in[0] > 0 || in[1] > 0 || in[2] > 0, some_out = in[0] < 0 || in[1] < 0 || in[2] < 0;
	if (some_in && some_out)
		return HD_YES;
	if (in[0] == HD_UNSURE || in[1] == HD_UNSURE || in[2] == HD_UNSURE)
		return HD_UNSURE; /* on the sphere, or all in with one too close to tell */
	double e = t->e_max, r2 = r * r;
	double l_max = hd_scale_of(fmax(hd_max3(hd_max_abs3(l[0]), hd_max_abs3(l[1]), hd_max_abs3(l[2])), r));
	double nl = hd_dot(t->n, l[0]);
	int plane =
	    hd_bounded_sign(r2 * hd_dot(t->n, t->n) - nl * nl, 1024.0 * HD_U * e * e * e * e * l_max * l_max);
	if (plane < 0)
		return HD_NO;
	if (plane == HD_UNSURE)
		return HD_UNSURE;
	int answer = HD_NO;
	hd_vec3 m[3];
	for (int i = 0; i < 3; i++) {
		int j = i == 2 ? 0 : i + 1;
		int edge = hd_cga_edge_meets_ball(t->v[i], t->v[j], l[i], l[j], t->e[i], l_max, e, r2, &m[i]);
		if (edge == HD_YES)
			return HD_YES;
		answer = hd_or(answer, edge);
	}
	double w_bound = 160.0 * HD_U * e * e * e * l_max;
	int face = HD_YES;
	for (int i = 0; i < 3; i++)
		face = hd_and(face, hd_nonnegative(hd_bounded_sign(hd_dot(t->n, m[i]), w_bound)));
	if (face == HD_YES)
		return HD_YES; /* all three certified positive: N is not 0 */
	return face == HD_NO ? answer : HD_UNSURE;
}

/* IV.6: the meet square Delta = ra^2 rb^2 - (ra^2 + rb^2 - d^2)^2 / 4 in a's frame. */
COL_HD int hd_cga_sphere_sphere(hd_vec3 ca, double ra, hd_vec3 cb, double rb, bool solid)
{
	hd_vec3 d = hd_sub(cb, ca);
	/* sa = (0, 1, -ra^2/2), sb = (d, 1, (d.d - rb^2)/2) as (e, no, ni) */
	double sa_ni = 0.5 * (0.0 - ra * ra), sb_ni = 0.5 * (hd_dot(d, d) - rb * rb);
	double aa = 0.0 - 1.0 * sa_ni - sa_ni * 1.0;
	double bb = hd_dot(d, d) - 1.0 * sb_ni - sb_ni * 1.0;
	double ab = 0.0 - 1.0 * sb_ni - sa_ni * 1.0;
	double delta = aa * bb - ab * ab;
	double p = hd_dot(d, d) + ra * ra + rb * rb;
	bool scaled = p >= 0x1p-400 && p <= 0x1p500;
	if (!scaled)
		return HD_UNSURE;
	int s = hd_bounded_sign(delta, 16.0 * HD_U * p * p);
	if (s > 0)
		return HD_YES; /* a real circle */
	if (s == HD_UNSURE)
		return HD_UNSURE;
	int nested = hd_bounded_sign(ab, 8.0 * HD_U * p);
	if (nested == HD_UNSURE)
		return HD_UNSURE;
	if (nested < 0)
		return HD_NO;
	return solid ? HD_YES : HD_NO; /* nested: the larger one's mode; both share it here */
}

#endif
