/* Expansion arithmetic (see expansion.h). Every function keeps its inputs' invariants: the
 * result is nonoverlapping, ordered by increasing magnitude and free of zeros, provided the
 * inputs are and arithmetic rounds to nearest-even. Two-sum is used wherever Shewchuk's proofs
 * allow the cheaper fast-two-sum only under extra conditions: when those hold it computes the
 * same thing, and when they do not it is still exact. */
#include "expansion.h"

int col_expansion_grow(int n, const double *e, double b, double *h)
{
	double q = b;
	int k = 0;
	for (int i = 0; i < n; i++) {
		double s, t;
		col_two_sum(q, e[i], &s, &t);
		if (t != 0.0)
			h[k++] = t; /* k <= i: e[i] is already read when h aliases e */
		q = s;
	}
	if (q != 0.0)
		h[k++] = q;
	return k;
}

/* e + sign * f, sign being +1 or -1 (negating a double is exact). Merge both by magnitude, then
 * carry a running sum up from the smallest component: each two-sum leaves behind an error term too
 * small to overlap anything that follows. */
static int merge(int n, const double *e, int m, const double *f, double sign, double *h)
{
	int i = 0, j = 0, k = 0;
	double q;
	if (n == 0 && m == 0)
		return 0;
	if (j >= m || (i < n && fabs(e[i]) < fabs(f[j])))
		q = e[i++];
	else
		q = sign * f[j++];
	while (i < n || j < m) {
		double next, s, t;
		if (j >= m || (i < n && fabs(e[i]) < fabs(f[j])))
			next = e[i++];
		else
			next = sign * f[j++];
		col_two_sum(q, next, &s, &t);
		if (t != 0.0)
			h[k++] = t;
		q = s;
	}
	if (q != 0.0)
		h[k++] = q;
	return k;
}

int col_expansion_sum(int n, const double *e, int m, const double *f, double *h)
{
	return merge(n, e, m, f, 1.0, h);
}

int col_expansion_diff(int n, const double *e, int m, const double *f, double *h)
{
	/* f is read negated, so it need not be copied. */
	return merge(n, e, m, f, -1.0, h);
}

int col_expansion_scale(int n, const double *e, double b, double *h)
{
	/* Each e[i] * b is split into a product and its error; the error joins the running sum
	 * first (it is the smaller), then the product. */
	int k = 0;
	double q, t;
	if (n == 0 || b == 0.0)
		return 0;
	col_two_product(e[0], b, &q, &t);
	if (t != 0.0)
		h[k++] = t;
	for (int i = 1; i < n; i++) {
		double p_hi, p_lo, s;
		col_two_product(e[i], b, &p_hi, &p_lo);
		col_two_sum(q, p_lo, &s, &t);
		if (t != 0.0)
			h[k++] = t;
		col_two_sum(p_hi, s, &q, &t);
		if (t != 0.0)
			h[k++] = t;
	}
	if (q != 0.0)
		h[k++] = q;
	return k;
}

int col_expansion_mul(int n, const double *e, int m, const double *f, double *h, double *scratch)
{
	/* Sum of e * f[i] over i, accumulated in two buffers used in turn; the first one is picked
	 * so that the last sum lands in h. */
	if (n == 0 || m == 0)
		return 0;
	double *term = scratch;
	double *buffers[2] = {h, scratch + 2 * n};
	int current = (m - 1) & 1;
	int length = col_expansion_scale(n, e, f[0], buffers[current]);
	for (int i = 1; i < m; i++) {
		int term_length = col_expansion_scale(n, e, f[i], term);
		length = col_expansion_sum(length, buffers[current], term_length, term, buffers[current ^ 1]);
		current ^= 1;
	}
	return length;
}

int col_expansion_compress(int n, double *e)
{
	/* Top-down, fold each component into the running sum, keeping a result only when the sum
	 * can no longer absorb it; bottom-up, the same again, which leaves the components
	 * nonadjacent. Writes stay behind reads, so this works in place. */
	if (n == 0)
		return 0;
	int bottom = n - 1;
	double q = e[n - 1];
	for (int i = n - 2; i >= 0; i--) {
		double s, t;
		col_two_sum(q, e[i], &s, &t);
		if (t != 0.0) {
			e[bottom--] = s;
			q = t;
		} else {
			q = s;
		}
	}
	e[bottom] = q;
	int top = 0;
	q = e[bottom];
	for (int i = bottom + 1; i < n; i++) {
		double s, t;
		col_two_sum(e[i], q, &s, &t);
		if (t != 0.0)
			e[top++] = t;
		q = s;
	}
	if (q != 0.0)
		e[top++] = q;
	return top;
}

double col_expansion_estimate(int n, const double *e)
{
	if (n == 0)
		return 0.0;
	double sum = 0.0;
	for (int i = 0; i < n; i++)
		sum += e[i];
	/* Rounding the smaller components can, in rare ties, cancel a largest component that is a
	 * power of two; the largest component alone still has the right sign and size. */
	if ((sum > 0.0) != (e[n - 1] > 0.0) || sum == 0.0)
		return e[n - 1];
	return sum;
}
