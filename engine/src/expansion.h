/* Exact floating-point expansion arithmetic, private to the engine.
 *
 * An expansion is an array of doubles whose exact (unrounded) sum is the number it stands for.
 * The components are nonoverlapping and sorted by increasing magnitude, and zeros are removed,
 * so a length of 0 means the number zero and the sign of the number is the sign of the last
 * (largest) component. This is the arithmetic of J. R. Shewchuk, "Adaptive Precision
 * Floating-Point Arithmetic and Fast Robust Geometric Predicates" (1997), written anew here.
 *
 * What it needs from the machine, checked below where a compiler can tell: IEEE 754 doubles
 * with round-to-nearest-even, every operation rounded to double (no x87 extended precision, no
 * -ffast-math), and no overflow or underflow anywhere. For inputs of magnitude 0 or in
 * [2^-100, 2^100] (about 1e-30 to 1e30), every exact product of up to five of them, and every
 * error term along the way, is a multiple of 2^-760 below 2^520: a normal double, never
 * subnormal, never infinite. That is the range the predicates promise exact signs for.
 *
 * Every function writes its result to h and returns its length. Capacities h must have:
 *   grow n+1, sum and diff n+m, scale 2n, mul 2nm (scratch 2nm + 2n), compress in place.
 * Only grow and compress may work in place; elsewhere h must not overlap an input. */
#ifndef COLLIDE_EXPANSION_H
#define COLLIDE_EXPANSION_H

#include <float.h>
#include <math.h>

#if defined(__FAST_MATH__)
#error "collide's exact predicates need IEEE arithmetic: do not build the engine with -ffast-math"
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 2
#error "collide's exact predicates need every operation rounded to double (use SSE2, not x87)"
#endif
#if defined(__clang__)
/* A fused multiply-add would change what Dekker's splitting below computes. GCC does not know
 * this pragma; it contracts only in GNU mode and only with FMA hardware, where FP_FAST_FMA
 * selects the fma path and the splitting is not compiled. */
#pragma STDC FP_CONTRACT OFF
#endif

/* ---- error-free transformations of two doubles: hi is the rounded result, lo its error ---- */

/* a + b = hi + lo exactly, for any a and b. */
static inline void col_two_sum(double a, double b, double *hi, double *lo)
{
	double s = a + b;
	double bv = s - a;
	double av = s - bv;
	*hi = s;
	*lo = (a - av) + (b - bv);
}

/* a + b = hi + lo exactly; cheaper, but needs |a| >= |b| (or a == 0). */
static inline void col_fast_two_sum(double a, double b, double *hi, double *lo)
{
	double s = a + b;
	*hi = s;
	*lo = b - (s - a);
}

/* a - b = hi + lo exactly. */
static inline void col_two_diff(double a, double b, double *hi, double *lo)
{
	double s = a - b;
	double bv = a - s;
	double av = s + bv;
	*hi = s;
	*lo = (a - av) + (bv - b);
}

#if !defined(FP_FAST_FMA)
/* Splits a into two halves of at most 26 significant bits each, a = hi + lo, so that products of
 * halves are exact (Dekker). */
static inline void col_split(double a, double *hi, double *lo)
{
	double c = 134217729.0 * a; /* 2^27 + 1 */
	double big = c - a;
	double h = c - big;
	*hi = h;
	*lo = a - h;
}
#endif

/* a * b = hi + lo exactly. With a hardware fused multiply-add the error is one instruction;
 * without one, Dekker's splitting keeps every partial product exact. */
static inline void col_two_product(double a, double b, double *hi, double *lo)
{
	double p = a * b;
	*hi = p;
#if defined(FP_FAST_FMA)
	*lo = fma(a, b, -p);
#else
	double ahi, alo, bhi, blo;
	col_split(a, &ahi, &alo);
	col_split(b, &bhi, &blo);
	double e1 = p - ahi * bhi;
	double e2 = e1 - alo * bhi;
	double e3 = e2 - ahi * blo;
	*lo = alo * blo - e3;
#endif
}

/* ---- expansions from doubles ---- */

/* The expansion of a * b: at most 2 components. */
static inline int col_expansion_product(double a, double b, double *h)
{
	double hi, lo;
	int n = 0;
	col_two_product(a, b, &hi, &lo);
	if (lo != 0.0)
		h[n++] = lo;
	if (hi != 0.0)
		h[n++] = hi;
	return n;
}

/* The expansion of a - b: at most 2 components. */
static inline int col_expansion_difference(double a, double b, double *h)
{
	double hi, lo;
	int n = 0;
	col_two_diff(a, b, &hi, &lo);
	if (lo != 0.0)
		h[n++] = lo;
	if (hi != 0.0)
		h[n++] = hi;
	return n;
}

/* ---- operations on expansions ---- */

/* e + b. h may be e. */
int col_expansion_grow(int n, const double *e, double b, double *h);

/* e + f. */
int col_expansion_sum(int n, const double *e, int m, const double *f, double *h);

/* e - f. */
int col_expansion_diff(int n, const double *e, int m, const double *f, double *h);

/* e * b. */
int col_expansion_scale(int n, const double *e, double b, double *h);

/* e * f; scratch holds 2nm + 2n doubles. Cheaper when f is the shorter one. */
int col_expansion_mul(int n, const double *e, int m, const double *f, double *h, double *scratch);

/* Rewrites e in place as an expansion of the same value, usually much shorter, whose largest
 * component is a close approximation of the whole. Worth it before a product. */
int col_expansion_compress(int n, double *e);

/* -e, in place. */
static inline void col_expansion_negate(int n, double *e)
{
	for (int i = 0; i < n; i++)
		e[i] = -e[i];
}

/* -1, 0 or +1: exact, since the largest component outweighs all the others together. */
static inline int col_expansion_sign(int n, const double *e)
{
	return n == 0 ? 0 : (e[n - 1] > 0.0) - (e[n - 1] < 0.0);
}

/* The value rounded to a double (within a few ulps), with the exact sign. */
double col_expansion_estimate(int n, const double *e);

#endif
