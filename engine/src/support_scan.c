/* The support of a vertex list by comparing every vertex (support_scan.h). On the benchmark's
 * 28-vertex hulls GJK's supports are most of its time, and a scalar scan there is bound by the
 * chain of compares (and their mispredictions), not by the arithmetic: the vector scan takes two
 * branch-free passes instead, the first for the largest dot product and the second for the first
 * vertex that reaches it, which costs less than half as much. */
#include "support_scan.h"

#include <math.h>

#ifdef SUPPORT_SCAN_AVX2
#include <immintrin.h>
#endif

void support_scan_fill(double *rows, const col_vec3 *vertices, int count)
{
	int padded = support_scan_padded(count);
	for (int i = 0; i < padded; i++) {
		col_vec3 v = vertices[i < count ? i : 0];
		rows[i] = v.x;
		rows[padded + i] = v.y;
		rows[2 * padded + i] = v.z;
	}
}

int support_scan_scalar(const double *rows, int count, col_vec3 d)
{
	int padded = support_scan_padded(count);
	const double *x = rows, *y = rows + padded, *z = rows + 2 * padded;
	int best = 0;
	double best_dot = x[0] * d.x + y[0] * d.y + z[0] * d.z;
	for (int i = 1; i < count; i++) {
		double t = x[i] * d.x + y[i] * d.y + z[i] * d.z;
		if (t > best_dot) {
			best_dot = t;
			best = i;
		}
	}
	return best;
}

#ifdef SUPPORT_SCAN_AVX2
/* Only AVX2 is enabled, not FMA: x d.x + y d.y + z d.z must round as the scalar scan's does. */
__attribute__((target("avx2"))) static inline __m256d dots4(const double *x, const double *y, const double *z,
                                                            __m256d dx, __m256d dy, __m256d dz)
{
	__m256d t = _mm256_mul_pd(_mm256_loadu_pd(x), dx);
	t = _mm256_add_pd(t, _mm256_mul_pd(_mm256_loadu_pd(y), dy));
	return _mm256_add_pd(t, _mm256_mul_pd(_mm256_loadu_pd(z), dz));
}

/* Up to 32 vertices (8 vectors) in one pass: every dot product stays in a register while the
 * largest is found, then is compared with it. */
__attribute__((target("avx2"))) static int scan_registers(const double *rows, int padded, __m256d dx,
                                                          __m256d dy, __m256d dz)
{
	const double *x = rows, *y = rows + padded, *z = rows + 2 * padded;
	__m256d t[8];
	int vectors = padded / 4;
	for (int k = 0; k < 8; k++)
		t[k] = dots4(x + 4 * (k < vectors ? k : 0), y + 4 * (k < vectors ? k : 0),
		             z + 4 * (k < vectors ? k : 0), dx, dy, dz);
	__m256d top = _mm256_max_pd(_mm256_max_pd(_mm256_max_pd(t[0], t[1]), _mm256_max_pd(t[2], t[3])),
	                            _mm256_max_pd(_mm256_max_pd(t[4], t[5]), _mm256_max_pd(t[6], t[7])));
	top = _mm256_max_pd(top, _mm256_permute2f128_pd(top, top, 1));
	top = _mm256_max_pd(top, _mm256_permute_pd(top, 5));
	unsigned reach = 0;
	for (int k = 0; k < 8; k++)
		reach |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(t[k], top, _CMP_EQ_OQ)) << (4 * k);
	/* Vectors past the rows repeat the first, which a tie there cannot beat. */
	return reach != 0 ? __builtin_ctz(reach) : 0;
}

__attribute__((target("avx2"))) int support_scan_vector(const double *rows, int count, col_vec3 d)
{
	/* Non-finite directions keep the scalar rule (a NaN product never wins, except at vertex 0). */
	if (!isfinite(d.x) || !isfinite(d.y) || !isfinite(d.z))
		return support_scan_scalar(rows, count, d);
	int padded = support_scan_padded(count);
	const double *x = rows, *y = rows + padded, *z = rows + 2 * padded;
	__m256d dx = _mm256_set1_pd(d.x), dy = _mm256_set1_pd(d.y), dz = _mm256_set1_pd(d.z);
	if (padded <= 32)
		return scan_registers(rows, padded, dx, dy, dz);
	/* Larger lists in two passes: the largest dot product, then the first vertex that reaches
	 * it, 64 to a mask (no branch per block of four to mispredict). */
	__m256d top = _mm256_set1_pd(-INFINITY);
	for (int i = 0; i < padded; i += 4)
		top = _mm256_max_pd(dots4(x + i, y + i, z + i, dx, dy, dz), top);
	top = _mm256_max_pd(top, _mm256_permute2f128_pd(top, top, 1));
	top = _mm256_max_pd(top, _mm256_permute_pd(top, 5));
	for (int base = 0; base < padded; base += 64) {
		int end = padded - base < 64 ? padded : base + 64;
		unsigned long long reach = 0;
		for (int i = base; i < end; i += 4) {
			__m256d t = dots4(x + i, y + i, z + i, dx, dy, dz);
			unsigned hits = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(t, top, _CMP_EQ_OQ));
			reach |= (unsigned long long)hits << (i - base);
		}
		if (reach != 0)
			return base + __builtin_ctzll(reach);
	}
	return 0;
}
#else
int support_scan_vector(const double *rows, int count, col_vec3 d)
{
	return support_scan_scalar(rows, count, d);
}
#endif
