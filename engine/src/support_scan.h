/* Private: the support of a vertex list by comparing every vertex, over a structure-of-arrays copy
 * of the vertices (x, y, z rows of `padded` doubles each, padded past the count with copies of
 * vertex 0). Where the CPU has AVX2 four vertices are compared at once; the answer is the same
 * vertex as the scalar scan's on every input whose dot products are not NaN (the same products
 * summed in the same order, ties to the lowest index), so results never depend on the machine. */
#ifndef COLLIDE_SUPPORT_SCAN_H
#define COLLIDE_SUPPORT_SCAN_H

#include <stdbool.h>

#include "collide/math.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SUPPORT_SCAN_AVX2 1
#endif

/* Rows of the structure-of-arrays copy: count rounded up to the vector width. */
static inline int support_scan_padded(int count)
{
	return (count + 3) & ~3;
}

/* Fills rows (3 padded doubles) from count vertices. */
void support_scan_fill(double *rows, const col_vec3 *vertices, int count);

/* The index of the vertex with the largest dot product with d (the lowest such index on ties;
 * 0 when d has a NaN): vertex by vertex, and four at a time (AVX2 only; a non-finite d falls back
 * to the scalar scan). */
int support_scan_scalar(const double *rows, int count, col_vec3 d);
int support_scan_vector(const double *rows, int count, col_vec3 d);

static inline bool support_scan_has_vector(void)
{
#ifdef SUPPORT_SCAN_AVX2
	return __builtin_cpu_supports("avx2");
#else
	return false;
#endif
}

/* The same, by the vector scan where it pays (eight vertices or more) and the CPU has it. Inline,
 * so that a polytope's support calls the scan itself. */
static inline int support_scan(const double *rows, int count, col_vec3 d)
{
	if (count >= 8 && support_scan_has_vector())
		return support_scan_vector(rows, count, d);
	return support_scan_scalar(rows, count, d);
}

#endif
