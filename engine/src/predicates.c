/* Robust predicates: a floating-point filter, then exact expansion arithmetic.
 *
 * The filter. Each determinant is evaluated in doubles from coordinate differences, as a tree of
 * +, - and *. Expanding the tree, the computed value is a sum of monomials in the exact
 * differences, each carrying at most d factors (1 + delta) with |delta| <= u = 2^-53, where d is
 * the number of roundings on the deepest path (a product counts the roundings of both factors
 * plus its own). So |computed - exact| <= gamma_d * P, where P is the same sum with every
 * monomial made positive (the permanent). The filter computes P with the same tree on absolute
 * values, which can only underestimate it by (1 - u)^d, and trusts the sign when
 * |computed| > (d + 1) u P: the extra u covers gamma_d, the (1 - u)^d and the rounding of the
 * bound itself with a large margin. Inputs outside the documented range (products that underflow
 * or overflow) void the bound.
 *
 * The exact path. A determinant of coordinates is a polynomial of products of input doubles, and
 * each product is exactly two doubles (two_product), so the determinant is an exact expansion.
 * When every coordinate difference to the last point is exact in floating point (points close
 * together, or on a common grid), the points are first translated so the last one is the origin:
 * the determinant does not change and most of its terms vanish. */
#include "collide/predicates.h"

#include <stdbool.h>

#include "expansion.h"

#define U 0x1p-53 /* unit roundoff of double */

static const double orient2d_bound = 5.0 * U;      /* d = 4 */
static const double orient3d_bound = 9.0 * U;      /* d = 8 */
static const double incircle_bound = 12.0 * U;     /* d = 11 */
static const double insphere_bound = 17.0 * U;     /* d = 16 */
static const double dot2_bound = 5.0 * U;          /* d = 4 */
static const double dot3_bound = 6.0 * U;          /* d = 5 */
static const double circle_point_bound = 6.0 * U;  /* d = 5 */
static const double circle_line_bound = 11.0 * U;  /* d = 10 */
static const double circle_circle_bound = 6.0 * U; /* d = 5 */
static const double sphere_point_bound = 7.0 * U;  /* d = 6 */
static const double sphere_sphere_bound = 7.0 * U; /* d = 6 */
static const double sphere_line_bound = 13.0 * U;  /* d = 12 */
static const double sphere_plane_bound = 19.0 * U; /* d = 18 */
static const double prism_bound = 12.0 * U;        /* d = 11 */

/* The exact paths stay out of line so their large buffers never enlarge the fast path's frame. */
#if defined(__GNUC__)
#define COL_NOINLINE __attribute__((noinline))
#else
#define COL_NOINLINE
#endif

static int sign_of(double v)
{
	return (v > 0.0) - (v < 0.0);
}

/* ---- exact building blocks ---- */

/* px * qy - py * qx: at most 4 components. */
static int cross_exact(double px, double py, double qx, double qy, double *h)
{
	double a[2], b[2];
	int na = col_expansion_product(px, qy, a);
	int nb = col_expansion_product(py, qx, b);
	return col_expansion_diff(na, a, nb, b, h);
}

/* x^2 + y^2 (+ z^2): at most 6 components. */
static int lift_exact(double x, double y, double z, double *h)
{
	double a[2], b[2], c[2], ab[4];
	int na = col_expansion_product(x, x, a);
	int nb = col_expansion_product(y, y, b);
	int nc = col_expansion_product(z, z, c);
	int nab = col_expansion_sum(na, a, nb, b, ab);
	return col_expansion_sum(nab, ab, nc, c, h);
}

/* (a1 - b1) * (a2 - b2): at most 8 components. */
static int diff_product_exact(double a1, double b1, double a2, double b2, double *h)
{
	double d1[2], d2[2], scratch[12];
	int n1 = col_expansion_difference(a1, b1, d1);
	int n2 = col_expansion_difference(a2, b2, d2);
	return col_expansion_mul(n1, d1, n2, d2, h, scratch);
}

/* Translates the points so the last is the origin, when every difference is exact. */
static bool translate2(const col_vec2 *p, int count, col_vec2 *out)
{
	col_vec2 o = p[count - 1];
	for (int i = 0; i < count; i++) {
		double x, y, ex, ey;
		col_two_diff(p[i].x, o.x, &x, &ex);
		col_two_diff(p[i].y, o.y, &y, &ey);
		if (ex != 0.0 || ey != 0.0)
			return false;
		out[i] = (col_vec2){x, y};
	}
	return true;
}

static bool translate3(const col_vec3 *p, int count, col_vec3 *out)
{
	col_vec3 o = p[count - 1];
	for (int i = 0; i < count; i++) {
		double x, y, z, ex, ey, ez;
		col_two_diff(p[i].x, o.x, &x, &ex);
		col_two_diff(p[i].y, o.y, &y, &ey);
		col_two_diff(p[i].z, o.z, &z, &ez);
		if (ex != 0.0 || ey != 0.0 || ez != 0.0)
			return false;
		out[i] = (col_vec3){x, y, z};
	}
	return true;
}

/* orient2d as det [p 1; q 1; r 1] = X(p,q) - X(p,r) + X(q,r), X the 2D cross product of the raw
 * coordinates: at most 12 components. */
static int orient2d_exact(col_vec2 p, col_vec2 q, col_vec2 r, double *h)
{
	double pq[4], pr[4], qr[4], t[8];
	int npq = cross_exact(p.x, p.y, q.x, q.y, pq);
	int npr = cross_exact(p.x, p.y, r.x, r.y, pr);
	int nqr = cross_exact(q.x, q.y, r.x, r.y, qr);
	int nt = col_expansion_diff(npq, pq, npr, pr, t);
	return col_expansion_sum(nt, t, nqr, qr, h);
}

/* det [p; q; r] of raw xyz, expanded along z: pz X(q,r) - qz X(p,r) + rz X(p,q). At most 24. */
static int det3_exact(col_vec3 p, col_vec3 q, col_vec3 r, double *h)
{
	double m[4], a[8], b[8], c[8], ab[16];
	int nm = cross_exact(q.x, q.y, r.x, r.y, m);
	int na = col_expansion_scale(nm, m, p.z, a);
	nm = cross_exact(p.x, p.y, r.x, r.y, m);
	int nb = col_expansion_scale(nm, m, -q.z, b);
	nm = cross_exact(p.x, p.y, q.x, q.y, m);
	int nc = col_expansion_scale(nm, m, r.z, c);
	int nab = col_expansion_sum(na, a, nb, b, ab);
	return col_expansion_sum(nab, ab, nc, c, h);
}

/* orient3d as det [p 1; q 1; r 1; s 1], expanded along the column of ones:
 * -D(q,r,s) + D(p,r,s) - D(p,q,s) + D(p,q,r). At most 96 components. */
static int orient3d_exact(col_vec3 p, col_vec3 q, col_vec3 r, col_vec3 s, double *h)
{
	double d1[24], d2[24], left[48], right[48];
	int n1 = det3_exact(p, r, s, d1);
	int n2 = det3_exact(q, r, s, d2);
	int nl = col_expansion_diff(n1, d1, n2, d2, left);
	n1 = det3_exact(p, q, r, d1);
	n2 = det3_exact(p, q, s, d2);
	int nr = col_expansion_diff(n1, d1, n2, d2, right);
	return col_expansion_sum(nl, left, nr, right, h);
}

/* incircle as the lifted det [p |p|^2 1; ...] expanded along the lift column:
 * La O(b,c,d) - Lb O(a,c,d) + Lc O(a,b,d) - Ld O(a,b,c). At most 384 components. */
static int incircle_exact(const col_vec2 *p, double *h)
{
	static const int others[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
	double o[12], lift[4], term[96], scratch[120], acc[2][384];
	int length = 0, current = 0;
	for (int i = 0; i < 4; i++) {
		const int *k = others[i];
		int no = orient2d_exact(p[k[0]], p[k[1]], p[k[2]], o);
		no = col_expansion_compress(no, o);
		int nl = lift_exact(p[i].x, p[i].y, 0.0, lift);
		if (i & 1)
			col_expansion_negate(nl, lift);
		int nt = col_expansion_mul(no, o, nl, lift, term, scratch);
		length = col_expansion_sum(length, acc[current], nt, term, acc[current ^ 1]);
		current ^= 1;
	}
	for (int i = 0; i < length; i++)
		h[i] = acc[current][i];
	return length;
}

/* insphere translated so that e is the origin: the lifted 5x5 determinant keeps four terms,
 * -La D(b,c,d) + Lb D(a,c,d) - Lc D(a,b,d) + Ld D(a,b,c). At most 1152 components. */
static int insphere_translated_exact(const col_vec3 *p, double *h)
{
	static const int others[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
	double d[24], lift[6], term[288], scratch[336], acc[2][1152];
	int length = 0, current = 0;
	for (int i = 0; i < 4; i++) {
		const int *k = others[i];
		int nd = det3_exact(p[k[0]], p[k[1]], p[k[2]], d);
		nd = col_expansion_compress(nd, d);
		int nl = lift_exact(p[i].x, p[i].y, p[i].z, lift);
		if (!(i & 1))
			col_expansion_negate(nl, lift);
		int nt = col_expansion_mul(nd, d, nl, lift, term, scratch);
		length = col_expansion_sum(length, acc[current], nt, term, acc[current ^ 1]);
		current ^= 1;
	}
	for (int i = 0; i < length; i++)
		h[i] = acc[current][i];
	return length;
}

/* insphere of raw coordinates: the lifted det [p |p|^2 1; ...] expanded along the lift column,
 * -La O(b,c,d,e) + Lb O(a,c,d,e) - Lc O(a,b,d,e) + Ld O(a,b,c,e) - Le O(a,b,c,d), O the raw
 * orient3d. Only when the translated form is not exact; its buffers (about 110 KB of stack) are
 * sized for the worst case, which compression makes rare in practice. */
static COL_NOINLINE double insphere_raw_estimate(const col_vec3 *p)
{
	static const int others[5][4] = {
	    {1, 2, 3, 4}, {0, 2, 3, 4}, {0, 1, 3, 4}, {0, 1, 2, 4}, {0, 1, 2, 3}};
	double o[96], lift[6], term[1152], scratch[1344], acc[2][5760];
	int length = 0, current = 0;
	for (int i = 0; i < 5; i++) {
		const int *k = others[i];
		int no = orient3d_exact(p[k[0]], p[k[1]], p[k[2]], p[k[3]], o);
		no = col_expansion_compress(no, o);
		int nl = lift_exact(p[i].x, p[i].y, p[i].z, lift);
		if (!(i & 1))
			col_expansion_negate(nl, lift);
		int nt = col_expansion_mul(no, o, nl, lift, term, scratch);
		length = col_expansion_sum(length, acc[current], nt, term, acc[current ^ 1]);
		current ^= 1;
	}
	return col_expansion_estimate(length, acc[current]);
}

/* ---- the exact paths of the four determinants ---- */

static COL_NOINLINE double orient2d_slow(col_vec2 a, col_vec2 b, col_vec2 c)
{
	col_vec2 p[3] = {a, b, c}, t[3];
	double h[12];
	/* With c at the origin the determinant is the cross product of the other two alone. */
	int n = translate2(p, 3, t) ? cross_exact(t[0].x, t[0].y, t[1].x, t[1].y, h)
	                            : orient2d_exact(a, b, c, h);
	return col_expansion_estimate(n, h);
}

/* orient3d between the filter and the full expansion, for points whose differences are not exact
 * (rotated vertices of one face: coplanar up to rounding). Write each exact difference as its
 * rounded value plus a tail, D = R + T with |T| <= u |R| entrywise. Then
 *   det D = det R + sum_ij T_ij cof_ij(R) + (terms with two or three tails),
 * the last below (3 u^2 + u^3) P, P the permanent of R. det R is an exact expansion, estimated to
 * 2 u of itself. The first-order sum is taken in doubles: each cofactor and product rounded (9 u^2 P
 * in all, every monomial of P sitting in three of its terms) and eight additions (24 u^2 P). With
 * the estimate's error that is under 42 u^2 P + 3 u |det|, so the sign of det = det R + first order
 * is exact once |det| exceeds 48 u^2 P + 4 u |det| (the margin also covers P's own rounding). When
 * all tails vanish det R is the determinant itself. */
static const double orient3d_tail_bound = 48.0 * U * U;

static COL_NOINLINE double orient3d_slow(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, double permanent)
{
	double adx, bdx, cdx, ady, bdy, cdy, adz, bdz, cdz;
	double adxt, bdxt, cdxt, adyt, bdyt, cdyt, adzt, bdzt, cdzt;
	col_two_diff(a.x, d.x, &adx, &adxt), col_two_diff(b.x, d.x, &bdx, &bdxt);
	col_two_diff(c.x, d.x, &cdx, &cdxt), col_two_diff(a.y, d.y, &ady, &adyt);
	col_two_diff(b.y, d.y, &bdy, &bdyt), col_two_diff(c.y, d.y, &cdy, &cdyt);
	col_two_diff(a.z, d.z, &adz, &adzt), col_two_diff(b.z, d.z, &bdz, &bdzt);
	col_two_diff(c.z, d.z, &cdz, &cdzt);
	double h[96];
	double rounded = col_expansion_estimate(
	    det3_exact((col_vec3){adx, ady, adz}, (col_vec3){bdx, bdy, bdz}, (col_vec3){cdx, cdy, cdz}, h), h);
	if (adxt == 0.0 && bdxt == 0.0 && cdxt == 0.0 && adyt == 0.0 && bdyt == 0.0 && cdyt == 0.0 &&
	    adzt == 0.0 && bdzt == 0.0 && cdzt == 0.0)
		return rounded; /* d at the origin exactly: the one minor left is the determinant */
	/* Each tail times its cofactor in R (rows a - d, b - d, c - d). */
	double first = adxt * (bdy * cdz - bdz * cdy) + adyt * (bdz * cdx - bdx * cdz) +
	               adzt * (bdx * cdy - bdy * cdx) + bdxt * (cdy * adz - cdz * ady) +
	               bdyt * (cdz * adx - cdx * adz) + bdzt * (cdx * ady - cdy * adx) +
	               cdxt * (ady * bdz - adz * bdy) + cdyt * (adz * bdx - adx * bdz) +
	               cdzt * (adx * bdy - ady * bdx);
	double det = rounded + first;
	double bound = orient3d_tail_bound * permanent + 4.0 * U * fabs(det);
	if (det > bound || -det > bound)
		return det;
	return col_expansion_estimate(orient3d_exact(a, b, c, d, h), h);
}

static COL_NOINLINE double incircle_slow(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	col_vec2 p[4] = {a, b, c, d}, t[4];
	double h[384];
	int n = incircle_exact(translate2(p, 4, t) ? t : p, h);
	return col_expansion_estimate(n, h);
}

static COL_NOINLINE double insphere_slow(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, col_vec3 e)
{
	col_vec3 p[5] = {a, b, c, d, e}, t[5];
	if (!translate3(p, 5, t))
		return insphere_raw_estimate(p);
	double h[1152];
	int n = insphere_translated_exact(t, h);
	return col_expansion_estimate(n, h);
}

/* ---- the four determinants ---- */

double col_orient2d(col_vec2 a, col_vec2 b, col_vec2 c)
{
	double acx = a.x - c.x, bcx = b.x - c.x;
	double acy = a.y - c.y, bcy = b.y - c.y;
	double left = acx * bcy, right = acy * bcx;
	double det = left - right;
	double bound = orient2d_bound * (fabs(left) + fabs(right));
	if (det > bound || -det > bound)
		return det;
	return orient2d_slow(a, b, c);
}

double col_orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	double adx = a.x - d.x, bdx = b.x - d.x, cdx = c.x - d.x;
	double ady = a.y - d.y, bdy = b.y - d.y, cdy = c.y - d.y;
	double adz = a.z - d.z, bdz = b.z - d.z, cdz = c.z - d.z;
	double bdycdz = bdy * cdz, bdzcdy = bdz * cdy;
	double cdyadz = cdy * adz, cdzady = cdz * ady;
	double adybdz = ady * bdz, adzbdy = adz * bdy;
	double det = adx * (bdycdz - bdzcdy) + bdx * (cdyadz - cdzady) + cdx * (adybdz - adzbdy);
	double permanent = fabs(adx) * (fabs(bdycdz) + fabs(bdzcdy)) +
	                   fabs(bdx) * (fabs(cdyadz) + fabs(cdzady)) +
	                   fabs(cdx) * (fabs(adybdz) + fabs(adzbdy));
	double bound = orient3d_bound * permanent;
	if (det > bound || -det > bound)
		return det;
	return orient3d_slow(a, b, c, d, permanent);
}

double col_incircle(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	double adx = a.x - d.x, bdx = b.x - d.x, cdx = c.x - d.x;
	double ady = a.y - d.y, bdy = b.y - d.y, cdy = c.y - d.y;
	double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
	double cdxady = cdx * ady, adxcdy = adx * cdy;
	double adxbdy = adx * bdy, bdxady = bdx * ady;
	double alift = adx * adx + ady * ady;
	double blift = bdx * bdx + bdy * bdy;
	double clift = cdx * cdx + cdy * cdy;
	double det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
	double permanent = alift * (fabs(bdxcdy) + fabs(cdxbdy)) + blift * (fabs(cdxady) + fabs(adxcdy)) +
	                   clift * (fabs(adxbdy) + fabs(bdxady));
	double bound = incircle_bound * permanent;
	if (det > bound || -det > bound)
		return det;
	return incircle_slow(a, b, c, d);
}

double col_insphere(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, col_vec3 e)
{
	double aex = a.x - e.x, bex = b.x - e.x, cex = c.x - e.x, dex = d.x - e.x;
	double aey = a.y - e.y, bey = b.y - e.y, cey = c.y - e.y, dey = d.y - e.y;
	double aez = a.z - e.z, bez = b.z - e.z, cez = c.z - e.z, dez = d.z - e.z;

	/* 2D cross products of the xy parts, X(p,q) = px qy - py qx, and their two halves. */
	double ab1 = aex * bey, ab2 = aey * bex, ab = ab1 - ab2;
	double ac1 = aex * cey, ac2 = aey * cex, ac = ac1 - ac2;
	double ad1 = aex * dey, ad2 = aey * dex, ad = ad1 - ad2;
	double bc1 = bex * cey, bc2 = bey * cex, bc = bc1 - bc2;
	double bd1 = bex * dey, bd2 = bey * dex, bd = bd1 - bd2;
	double cd1 = cex * dey, cd2 = cey * dex, cd = cd1 - cd2;
	double abp = fabs(ab1) + fabs(ab2), acp = fabs(ac1) + fabs(ac2), adp = fabs(ad1) + fabs(ad2);
	double bcp = fabs(bc1) + fabs(bc2), bdp = fabs(bd1) + fabs(bd2), cdp = fabs(cd1) + fabs(cd2);

	/* D(p,q,r) = pz X(q,r) - qz X(p,r) + rz X(p,q). */
	double bcd = bez * cd - cez * bd + dez * bc;
	double acd = aez * cd - cez * ad + dez * ac;
	double abd = aez * bd - bez * ad + dez * ab;
	double abc = aez * bc - bez * ac + cez * ab;
	double bcdp = fabs(bez) * cdp + fabs(cez) * bdp + fabs(dez) * bcp;
	double acdp = fabs(aez) * cdp + fabs(cez) * adp + fabs(dez) * acp;
	double abdp = fabs(aez) * bdp + fabs(bez) * adp + fabs(dez) * abp;
	double abcp = fabs(aez) * bcp + fabs(bez) * acp + fabs(cez) * abp;

	double alift = aex * aex + aey * aey + aez * aez;
	double blift = bex * bex + bey * bey + bez * bez;
	double clift = cex * cex + cey * cey + cez * cez;
	double dlift = dex * dex + dey * dey + dez * dez;

	double det = (dlift * abc - clift * abd) + (blift * acd - alift * bcd);
	double permanent = (dlift * abcp + clift * abdp) + (blift * acdp + alift * bcdp);
	double bound = insphere_bound * permanent;
	if (det > bound || -det > bound)
		return det;
	return insphere_slow(a, b, c, d, e);
}

/* ---- exact comparisons for circles and spheres ---- */

int col_dot2_sign(col_vec2 a, col_vec2 b, col_vec2 c)
{
	double x = (b.x - a.x) * (c.x - a.x), y = (b.y - a.y) * (c.y - a.y);
	double dot = x + y;
	double bound = dot2_bound * (fabs(x) + fabs(y));
	if (dot > bound || -dot > bound)
		return sign_of(dot);

	double ex[8], ey[8], h[16];
	int nx = diff_product_exact(b.x, a.x, c.x, a.x, ex);
	int ny = diff_product_exact(b.y, a.y, c.y, a.y, ey);
	return col_expansion_sign(col_expansion_sum(nx, ex, ny, ey, h), h);
}

int col_dot3_sign(col_vec3 a, col_vec3 b, col_vec3 c)
{
	double x = (b.x - a.x) * (c.x - a.x), y = (b.y - a.y) * (c.y - a.y), z = (b.z - a.z) * (c.z - a.z);
	double dot = x + y + z;
	double bound = dot3_bound * (fabs(x) + fabs(y) + fabs(z));
	if (dot > bound || -dot > bound)
		return sign_of(dot);

	double ex[8], ey[8], ez[8], xy[16], h[24];
	int nx = diff_product_exact(b.x, a.x, c.x, a.x, ex);
	int ny = diff_product_exact(b.y, a.y, c.y, a.y, ey);
	int nz = diff_product_exact(b.z, a.z, c.z, a.z, ez);
	int nxy = col_expansion_sum(nx, ex, ny, ey, xy);
	return col_expansion_sign(col_expansion_sum(nxy, xy, nz, ez, h), h);
}

int col_circle_point_side(col_vec2 center, double radius, col_vec2 p)
{
	double dx = p.x - center.x, dy = p.y - center.y;
	double d2 = dx * dx + dy * dy, r2 = radius * radius;
	double side = d2 - r2;
	double bound = circle_point_bound * (d2 + r2);
	if (side > bound || -side > bound)
		return sign_of(side);

	double ex[8], ey[8], e[16], r[2], h[18];
	int nx = diff_product_exact(p.x, center.x, p.x, center.x, ex);
	int ny = diff_product_exact(p.y, center.y, p.y, center.y, ey);
	int ne = col_expansion_sum(nx, ex, ny, ey, e);
	int nr = col_expansion_product(radius, radius, r);
	return col_expansion_sign(col_expansion_diff(ne, e, nr, r, h), h);
}

int col_sphere_point_side(col_vec3 center, double radius, col_vec3 p)
{
	double dx = p.x - center.x, dy = p.y - center.y, dz = p.z - center.z;
	double d2 = dx * dx + dy * dy + dz * dz, r2 = radius * radius;
	double side = d2 - r2;
	double bound = sphere_point_bound * (d2 + r2);
	if (side > bound || -side > bound)
		return sign_of(side);

	double ex[8], ey[8], ez[8], exy[16], e[24], r[2], h[26];
	int nx = diff_product_exact(p.x, center.x, p.x, center.x, ex);
	int ny = diff_product_exact(p.y, center.y, p.y, center.y, ey);
	int nz = diff_product_exact(p.z, center.z, p.z, center.z, ez);
	int nxy = col_expansion_sum(nx, ex, ny, ey, exy);
	int ne = col_expansion_sum(nxy, exy, nz, ez, e);
	int nr = col_expansion_product(radius, radius, r);
	return col_expansion_sign(col_expansion_diff(ne, e, nr, r, h), h);
}

static int circle_line_slow(col_vec2 center, double radius, col_vec2 a, col_vec2 b);

int col_circle_line_side(col_vec2 center, double radius, col_vec2 a, col_vec2 b)
{
	/* orient2d(a, b, center)^2 against radius^2 |b - a|^2, the distance test without a root. */
	double acx = a.x - center.x, bcx = b.x - center.x;
	double acy = a.y - center.y, bcy = b.y - center.y;
	double left = acx * bcy, right = acy * bcx;
	double o = left - right, op = fabs(left) + fabs(right);
	double abx = b.x - a.x, aby = b.y - a.y;
	double len2 = abx * abx + aby * aby;
	double rr = radius * radius * len2;
	double side = o * o - rr;
	double bound = circle_line_bound * (op * op + rr);
	if (side > bound || -side > bound)
		return sign_of(side);
	return circle_line_slow(center, radius, a, b);
}

static COL_NOINLINE int circle_line_slow(col_vec2 center, double radius, col_vec2 a, col_vec2 b)
{
	col_vec2 p[3] = {a, b, center}, t[3];
	double oe[12], o2[288], scratch[312], lx[8], ly[8], l[16], r[2], rl[64], h[352];
	int no =
	    translate2(p, 3, t) ? orient2d_exact(t[0], t[1], t[2], oe) : orient2d_exact(a, b, center, oe);
	no = col_expansion_compress(no, oe);
	int no2 = col_expansion_mul(no, oe, no, oe, o2, scratch);
	int nx = diff_product_exact(b.x, a.x, b.x, a.x, lx);
	int ny = diff_product_exact(b.y, a.y, b.y, a.y, ly);
	int nl = col_expansion_sum(nx, lx, ny, ly, l);
	int nr = col_expansion_product(radius, radius, r);
	int nrl = col_expansion_mul(nl, l, nr, r, rl, scratch);
	return col_expansion_sign(col_expansion_diff(no2, o2, nrl, rl, h), h);
}

/* Sign of |ca - cb|^2 - (ra + rb)^2 for discs (dim 2) and balls (dim 3). The exact path expands
 * (ra + rb)^2 = ra^2 + 2 ra rb + rb^2, each product exact, so the sum is never rounded. */
static int ball_ball_side(const double *ca, const double *cb, int dim, double ra, double rb, double bound_factor)
{
	double d2 = 0.0;
	for (int i = 0; i < dim; i++)
		d2 += (ca[i] - cb[i]) * (ca[i] - cb[i]);
	double s = ra + rb, sp = fabs(ra) + fabs(rb);
	double side = d2 - s * s;
	double bound = bound_factor * (d2 + sp * sp);
	if (side > bound || -side > bound)
		return sign_of(side);

	double term[8], e[2][24], a2[2], b2[2], ab[2], r1[4], r[6], h[30];
	int ne = 0, current = 0;
	for (int i = 0; i < dim; i++) {
		int nt = diff_product_exact(ca[i], cb[i], ca[i], cb[i], term);
		ne = col_expansion_sum(ne, e[current], nt, term, e[current ^ 1]);
		current ^= 1;
	}
	int na2 = col_expansion_product(ra, ra, a2);
	int nb2 = col_expansion_product(rb, rb, b2);
	int nab = col_expansion_product(2.0 * ra, rb, ab);
	int nr1 = col_expansion_sum(na2, a2, nb2, b2, r1);
	int nr = col_expansion_sum(nr1, r1, nab, ab, r);
	return col_expansion_sign(col_expansion_diff(ne, e[current], nr, r, h), h);
}

int col_circle_circle_side(col_vec2 ca, double ra, col_vec2 cb, double rb)
{
	return ball_ball_side((const double[]){ca.x, ca.y}, (const double[]){cb.x, cb.y}, 2, ra, rb,
	                      circle_circle_bound);
}

int col_sphere_sphere_side(col_vec3 ca, double ra, col_vec3 cb, double rb)
{
	return ball_ball_side((const double[]){ca.x, ca.y, ca.z}, (const double[]){cb.x, cb.y, cb.z}, 3, ra,
	                      rb, sphere_sphere_bound);
}

/* ---- exact comparisons for spheres against lines, planes and triangles ---- */

/* Room for a product accumulated by product_compressed. Compressed expansions are nonadjacent, so
 * one of a degree-6 value of inputs in the exact range (a multiple of 2^-912 below 2^622) has at
 * most 767 components, and one partial product (2 * 96) is added before each compression. Beyond
 * the range the capacity is checked, never exceeded: the sign then falls back to the rounded one. */
#define PRODUCT_CAPACITY 1280
#define FACTOR_CAPACITY  96

/* h = e * f, compressing after each partial product so that h stays short whatever the lengths
 * of e and f (e at most FACTOR_CAPACITY). Returns the length of h, or -1 when it would not fit
 * (only when an input overflowed to an infinity or a NaN: outside the exact range). */
static int product_compressed(int ne, const double *e, int nf, const double *f, double *h)
{
	double scaled[2 * FACTOR_CAPACITY], sum[PRODUCT_CAPACITY];
	int nh = 0;
	if (ne > FACTOR_CAPACITY)
		return -1;
	for (int j = 0; j < nf; j++) {
		int ns = col_expansion_scale(ne, e, f[j], scaled);
		if (nh + ns > PRODUCT_CAPACITY)
			return -1;
		int nsum = col_expansion_sum(nh, h, ns, scaled, sum);
		nh = col_expansion_compress(nsum, sum);
		for (int i = 0; i < nh; i++)
			h[i] = sum[i];
	}
	return nh;
}

/* h += e^2 (h has PRODUCT_CAPACITY room); e is compressed in place first. -1 when it does not
 * fit. */
static int add_square(int nh, double *h, int ne, double *e)
{
	double square[PRODUCT_CAPACITY], sum[2 * PRODUCT_CAPACITY];
	ne = col_expansion_compress(ne, e);
	int ns = product_compressed(ne, e, ne, e, square);
	if (nh < 0 || ns < 0)
		return -1;
	int nsum = col_expansion_sum(nh, h, ns, square, sum);
	nsum = col_expansion_compress(nsum, sum);
	if (nsum > PRODUCT_CAPACITY)
		return -1;
	for (int i = 0; i < nsum; i++)
		h[i] = sum[i];
	return nsum;
}

/* The three components of (q - p) x (r - p), each exactly: at most 16 components each. */
static void cross_difference_exact(col_vec3 p, col_vec3 q, col_vec3 r, double h[3][16], int n[3])
{
	double s[8], t[8];
	/* x: (qy - py)(rz - pz) - (qz - pz)(ry - py), and cyclically */
	int ns = diff_product_exact(q.y, p.y, r.z, p.z, s), nt = diff_product_exact(q.z, p.z, r.y, p.y, t);
	n[0] = col_expansion_diff(ns, s, nt, t, h[0]);
	ns = diff_product_exact(q.z, p.z, r.x, p.x, s), nt = diff_product_exact(q.x, p.x, r.z, p.z, t);
	n[1] = col_expansion_diff(ns, s, nt, t, h[1]);
	ns = diff_product_exact(q.x, p.x, r.y, p.y, s), nt = diff_product_exact(q.y, p.y, r.x, p.x, t);
	n[2] = col_expansion_diff(ns, s, nt, t, h[2]);
}

/* |(q - p) x (r - p)|^2 into h (PRODUCT_CAPACITY); -1 when it does not fit. */
static int cross_length2_exact(col_vec3 p, col_vec3 q, col_vec3 r, double *h)
{
	double m[3][16];
	int nm[3], nh = 0;
	cross_difference_exact(p, q, r, m, nm);
	for (int i = 0; i < 3 && nh >= 0; i++)
		nh = add_square(nh, h, nm[i], m[i]);
	return nh;
}

/* radius^2 * e, e compressed in place first; into h (PRODUCT_CAPACITY). -1 when it does not fit. */
static int radius2_times(double radius, int ne, double *e, double *h)
{
	double r[2];
	int nr = col_expansion_product(radius, radius, r);
	ne = col_expansion_compress(ne, e);
	return product_compressed(nr, r, ne, e, h); /* the short factor is the one scaled */
}

/* Sign of a - b for two expansions of PRODUCT_CAPACITY; `fallback` when either did not fit. */
static int difference_sign(int na, const double *a, int nb, const double *b, int fallback)
{
	static const int capacity = 2 * PRODUCT_CAPACITY;
	double h[2 * PRODUCT_CAPACITY];
	if (na < 0 || nb < 0 || na + nb > capacity)
		return fallback;
	return col_expansion_sign(col_expansion_diff(na, a, nb, b, h), h);
}

static COL_NOINLINE int sphere_line_slow(col_vec3 center, double radius, col_vec3 a, col_vec3 b, int fallback)
{
	double m2[PRODUCT_CAPACITY], rl[PRODUCT_CAPACITY], ex[8], ey[8], ez[8], exy[16], l[24];
	int nm2 = cross_length2_exact(a, b, center, m2);
	int nx = diff_product_exact(b.x, a.x, b.x, a.x, ex);
	int ny = diff_product_exact(b.y, a.y, b.y, a.y, ey);
	int nz = diff_product_exact(b.z, a.z, b.z, a.z, ez);
	int nxy = col_expansion_sum(nx, ex, ny, ey, exy);
	int nl = col_expansion_sum(nxy, exy, nz, ez, l);
	int nrl = radius2_times(radius, nl, l, rl);
	return difference_sign(nm2, m2, nrl, rl, fallback);
}

int col_sphere_line_side(col_vec3 center, double radius, col_vec3 a, col_vec3 b)
{
	/* |(b - a) x (center - a)|^2 against radius^2 |b - a|^2: the distance test without a root. */
	double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
	double vx = center.x - a.x, vy = center.y - a.y, vz = center.z - a.z;
	double x1 = uy * vz, x2 = uz * vy, y1 = uz * vx, y2 = ux * vz, z1 = ux * vy, z2 = uy * vx;
	double mx = x1 - x2, my = y1 - y2, mz = z1 - z2;
	double px = fabs(x1) + fabs(x2), py = fabs(y1) + fabs(y2), pz = fabs(z1) + fabs(z2);
	double m2 = mx * mx + my * my + mz * mz;
	double rl = radius * radius * (ux * ux + uy * uy + uz * uz);
	double side = m2 - rl;
	double bound = sphere_line_bound * ((px * px + py * py + pz * pz) + rl);
	if (side > bound || -side > bound)
		return sign_of(side);
	return sphere_line_slow(center, radius, a, b, sign_of(side));
}

/* The exact orient3d expansion, translated first when that is exact: at most 96 components. */
static int orient3d_expansion(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, double *h)
{
	col_vec3 p[4] = {a, b, c, d}, t[4];
	return translate3(p, 4, t) ? det3_exact(t[0], t[1], t[2], h) : orient3d_exact(a, b, c, d, h);
}

static COL_NOINLINE int sphere_plane_slow(col_vec3 center, double radius, col_vec3 a, col_vec3 b, col_vec3 c,
                                          int fallback)
{
	double o[96], o2[PRODUCT_CAPACITY], n2[PRODUCT_CAPACITY], rn[PRODUCT_CAPACITY];
	int no = orient3d_expansion(a, b, c, center, o);
	int no2 = add_square(0, o2, no, o);
	int nn2 = cross_length2_exact(a, b, c, n2);
	int nrn = nn2 < 0 ? -1 : radius2_times(radius, nn2, n2, rn);
	return difference_sign(no2, o2, nrn, rn, fallback);
}

int col_sphere_plane_side(col_vec3 center, double radius, col_vec3 a, col_vec3 b, col_vec3 c)
{
	/* orient3d(a, b, c, center)^2 against radius^2 |n|^2, n = (b - a) x (c - a). */
	double adx = a.x - center.x, bdx = b.x - center.x, cdx = c.x - center.x;
	double ady = a.y - center.y, bdy = b.y - center.y, cdy = c.y - center.y;
	double adz = a.z - center.z, bdz = b.z - center.z, cdz = c.z - center.z;
	double bdycdz = bdy * cdz, bdzcdy = bdz * cdy;
	double cdyadz = cdy * adz, cdzady = cdz * ady;
	double adybdz = ady * bdz, adzbdy = adz * bdy;
	double o = adx * (bdycdz - bdzcdy) + bdx * (cdyadz - cdzady) + cdx * (adybdz - adzbdy);
	double op = fabs(adx) * (fabs(bdycdz) + fabs(bdzcdy)) + fabs(bdx) * (fabs(cdyadz) + fabs(cdzady)) +
	            fabs(cdx) * (fabs(adybdz) + fabs(adzbdy));

	double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
	double vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
	double x1 = uy * vz, x2 = uz * vy, y1 = uz * vx, y2 = ux * vz, z1 = ux * vy, z2 = uy * vx;
	double nx = x1 - x2, ny = y1 - y2, nz = z1 - z2;
	double px = fabs(x1) + fabs(x2), py = fabs(y1) + fabs(y2), pz = fabs(z1) + fabs(z2);
	double r2 = radius * radius;
	double rn = r2 * (nx * nx + ny * ny + nz * nz), rnp = r2 * (px * px + py * py + pz * pz);
	double side = o * o - rn;
	double bound = sphere_plane_bound * (op * op + rnp);
	if (side > bound || -side > bound)
		return sign_of(side);
	return sphere_plane_slow(center, radius, a, b, c, sign_of(side));
}

static COL_NOINLINE int prism_slow(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 p, int fallback)
{
	double m[3][16], n[3][16], term[PRODUCT_CAPACITY], acc[PRODUCT_CAPACITY], sum[2 * PRODUCT_CAPACITY];
	int nm[3], nn[3], length = 0;
	cross_difference_exact(a, b, p, m, nm);
	cross_difference_exact(a, b, c, n, nn);
	for (int i = 0; i < 3; i++) {
		nm[i] = col_expansion_compress(nm[i], m[i]);
		nn[i] = col_expansion_compress(nn[i], n[i]);
		int nt = product_compressed(nm[i], m[i], nn[i], n[i], term);
		if (nt < 0)
			return fallback;
		int nsum = col_expansion_compress(col_expansion_sum(length, acc, nt, term, sum), sum);
		if (nsum > PRODUCT_CAPACITY)
			return fallback;
		for (int k = 0; k < nsum; k++)
			acc[k] = sum[k];
		length = nsum;
	}
	return col_expansion_sign(length, acc);
}

int col_prism_side(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 p)
{
	double ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
	double vx = p.x - a.x, vy = p.y - a.y, vz = p.z - a.z;
	double wx = c.x - a.x, wy = c.y - a.y, wz = c.z - a.z;
	double mx1 = uy * vz, mx2 = uz * vy, my1 = uz * vx, my2 = ux * vz, mz1 = ux * vy, mz2 = uy * vx;
	double nx1 = uy * wz, nx2 = uz * wy, ny1 = uz * wx, ny2 = ux * wz, nz1 = ux * wy, nz2 = uy * wx;
	double dot = (mx1 - mx2) * (nx1 - nx2) + (my1 - my2) * (ny1 - ny2) + (mz1 - mz2) * (nz1 - nz2);
	double permanent = (fabs(mx1) + fabs(mx2)) * (fabs(nx1) + fabs(nx2)) +
	                   (fabs(my1) + fabs(my2)) * (fabs(ny1) + fabs(ny2)) +
	                   (fabs(mz1) + fabs(mz2)) * (fabs(nz1) + fabs(nz2));
	double bound = prism_bound * permanent;
	if (dot > bound || -dot > bound)
		return sign_of(dot);
	return prism_slow(a, b, c, p, sign_of(dot));
}
