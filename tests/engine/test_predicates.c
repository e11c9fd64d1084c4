/* The robust predicates against exact rational arithmetic (GMP).
 *
 * Every case is a list of doubles. GMP evaluates each predicate's defining polynomial exactly:
 * all inputs are multiplied by one power of two that makes them integers (an exact, positive
 * scaling, so signs do not change) and the determinants are taken by fraction-free (Bareiss)
 * elimination, a method independent of the cofactor formulas the engine uses. Cases are random
 * doubles, and near-degenerate ones built to defeat the floating-point filter: exactly
 * collinear, coplanar, cocircular and cospherical points on integer and scaled grids, points
 * rounded onto lines, circles and spheres, points a few ulps off, large offsets. Failures print
 * the seed and the input in %a, so they can be replayed: COLLIDE_SEED=<seed> ./test_predicates */
#include <gmp.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide/predicates.h"

#include "support.h"

#define MAX_INPUTS         16
#define MAX_FAILURES_SHOWN 8

static uint64_t seed = 0x636f6c6c69646521ull; /* "collide!" */

/* ---- random inputs: support.h's generator, plus grids and ulp nudges ---- */

/* In [-1, 1). */
static double uniform(rng *r)
{
	return rng_in(r, -1.0, 1.0);
}
static double grid(rng *r, int span)
{
	return (double)rng_int(r, -span, span);
}

/* x moved by 1 to 3 ulps either way; zero stays zero, so no input becomes subnormal. */
static double nudge(rng *r, double x)
{
	if (x == 0.0)
		return x;
	double to = rng_coin(r) ? INFINITY : -INFINITY;
	for (int k = rng_int(r, 1, 3); k > 0; k--)
		x = nextafter(x, to);
	return x;
}

/* Half the time, nudge one or two of the inputs. */
static void nudge_some(rng *r, double *in, int n)
{
	if (rng_coin(r))
		return;
	for (int k = rng_int(r, 1, 2); k > 0; k--) {
		int i = rng_int(r, 0, n - 1);
		in[i] = nudge(r, in[i]);
	}
}

/* A change of frame for grid cases: a power-of-two scale (exact) and an offset that is either
 * exact too or large (1e6 and up), whose rounding makes the points only nearly degenerate. */
typedef struct frame {
	double scale, offset[3];
} frame;

static frame random_frame(rng *r)
{
	frame f = {ldexp(1.0, rng_int(r, -20, 20)), {0.0, 0.0, 0.0}};
	int kind = rng_int(r, 0, 3);
	for (int i = 0; i < 3; i++) {
		if (kind == 1)
			f.offset[i] = grid(r, 1000) * f.scale;
		else if (kind == 2)
			f.offset[i] = 1e6 + uniform(r);
		else if (kind == 3)
			f.offset[i] = ldexp(grid(r, 1000), 30) + uniform(r) * 1e-3;
	}
	return f;
}

static double place(const frame *f, int axis, double x)
{
	return f->offset[axis] + f->scale * x;
}

/* ---- lattice points on circles and spheres ---- */

#define CIRCLE_RADII 5
#define SPHERE_RADII 6
#define MAX_LATTICE  1024

static const int circle_radius[CIRCLE_RADII] = {5, 25, 65, 85, 325};
static const int sphere_radius[SPHERE_RADII] = {3, 7, 9, 11, 15, 21};
static int circle_points[CIRCLE_RADII][MAX_LATTICE][2], circle_count[CIRCLE_RADII];
static int sphere_points[SPHERE_RADII][MAX_LATTICE][3], sphere_count[SPHERE_RADII];

static int integer_root(long v)
{
	if (v < 0)
		return -1;
	long s = lround(sqrt((double)v));
	return s * s == v ? (int)s : -1;
}

static void find_lattice_points(void)
{
	for (int k = 0; k < CIRCLE_RADII; k++) {
		long rr = (long)circle_radius[k] * circle_radius[k];
		circle_count[k] = 0;
		for (int x = -circle_radius[k]; x <= circle_radius[k]; x++) {
			int y = integer_root(rr - (long)x * x);
			for (int s = -1; y >= 0 && s <= 1 && circle_count[k] < MAX_LATTICE; s += 2) {
				circle_points[k][circle_count[k]][0] = x;
				circle_points[k][circle_count[k]++][1] = s * y;
				if (y == 0)
					break;
			}
		}
	}
	for (int k = 0; k < SPHERE_RADII; k++) {
		int R = sphere_radius[k];
		sphere_count[k] = 0;
		for (int x = -R; x <= R; x++) {
			for (int y = -R; y <= R; y++) {
				int z = integer_root((long)R * R - (long)x * x - (long)y * y);
				for (int s = -1; z >= 0 && s <= 1 && sphere_count[k] < MAX_LATTICE; s += 2) {
					int *p = sphere_points[k][sphere_count[k]++];
					p[0] = x, p[1] = y, p[2] = s * z;
					if (z == 0)
						break;
				}
			}
		}
	}
}

/* Pythagorean triples (p, q, h), p^2 + q^2 = h^2, for exact distances. */
static const int triples[][3] = {{3, 4, 5},    {5, 12, 13}, {8, 15, 17}, {7, 24, 25},
                                 {20, 21, 29}, {0, 1, 1},   {1, 0, 1}};

static void random_triple(rng *r, int *p, int *q, int *h)
{
	const int *t = triples[rng_int(r, 0, (int)(sizeof triples / sizeof triples[0]) - 1)];
	*p = t[0] * (rng_coin(r) ? 1 : -1), *q = t[1] * (rng_coin(r) ? 1 : -1), *h = t[2];
	if (rng_coin(r)) {
		int s = *p;
		*p = *q, *q = s;
	}
}

/* ---- exact evaluation with GMP ---- */

static mpz_t z[MAX_INPUTS];     /* the inputs, scaled to integers */
static mpz_t m[16];             /* a matrix for Bareiss, row-major */
static mpz_t ta, tb, tc, pivot; /* temporaries */
static int scale_exponent;      /* z[i] = input[i] * 2^-scale_exponent */

static void load(const double *in, int n)
{
	int k = INT_MAX;
	for (int i = 0; i < n; i++) {
		int e;
		if (in[i] != 0.0 && (frexp(in[i], &e), e - 53 < k))
			k = e - 53;
	}
	scale_exponent = k == INT_MAX ? 0 : k;
	for (int i = 0; i < n; i++) {
		int e;
		double f = frexp(in[i], &e);
		mpz_set_d(z[i], ldexp(f, 53)); /* an integer below 2^53: exact */
		if (in[i] != 0.0)
			mpz_mul_2exp(z[i], z[i], (mp_bitcnt_t)(e - 53 - scale_exponent));
	}
}

/* Sign of det(m) (n x n) by fraction-free elimination; m is destroyed. *value is the determinant
 * in the inputs' units, for a polynomial of the given degree. */
static int bareiss(int n, int degree, double *value)
{
	int sign = 1;
	mpz_set_ui(pivot, 1);
	*value = 0.0;
	for (int k = 0; k < n - 1; k++) {
		if (mpz_sgn(m[k * n + k]) == 0) {
			int p = k + 1;
			while (p < n && mpz_sgn(m[p * n + k]) == 0)
				p++;
			if (p == n)
				return 0;
			for (int j = 0; j < n; j++)
				mpz_swap(m[k * n + j], m[p * n + j]);
			sign = -sign;
		}
		for (int i = k + 1; i < n; i++) {
			for (int j = k + 1; j < n; j++) {
				mpz_mul(ta, m[i * n + j], m[k * n + k]);
				mpz_mul(tb, m[i * n + k], m[k * n + j]);
				mpz_sub(ta, ta, tb);
				mpz_divexact(m[i * n + j], ta, pivot);
			}
		}
		mpz_set(pivot, m[k * n + k]);
	}
	long e;
	double d = mpz_get_d_2exp(&e, m[n * n - 1]);
	*value = sign * ldexp(d, (int)e + degree * scale_exponent);
	return sign * mpz_sgn(m[n * n - 1]);
}

/* out = (z[a] - z[b])^2 + ... over the given pairs of indices. */
static void squared_distance(mpz_t out, int dim, int a, int b)
{
	mpz_set_ui(out, 0);
	for (int i = 0; i < dim; i++) {
		mpz_sub(tc, z[a + i], z[b + i]);
		mpz_addmul(out, tc, tc);
	}
}

/* Rows of coordinate differences p_i - p_last (and their squared length when lifted). */
static void difference_rows(int rows, int dim, bool lifted)
{
	int n = dim + lifted, last = rows * dim;
	for (int i = 0; i < rows; i++) {
		for (int j = 0; j < dim; j++)
			mpz_sub(m[i * n + j], z[i * dim + j], z[last + j]);
		if (lifted)
			squared_distance(m[i * n + dim], dim, i * dim, last);
	}
}

static int exact_orient2d(const double *in, double *value)
{
	load(in, 6);
	difference_rows(2, 2, false);
	return bareiss(2, 2, value);
}

static int exact_orient3d(const double *in, double *value)
{
	load(in, 12);
	difference_rows(3, 3, false);
	return bareiss(3, 3, value);
}

static int exact_incircle(const double *in, double *value)
{
	load(in, 8);
	difference_rows(3, 2, true);
	return bareiss(3, 4, value);
}

static int exact_insphere(const double *in, double *value)
{
	load(in, 15);
	difference_rows(4, 3, true);
	return bareiss(4, 5, value);
}

/* (b - a) . (c - a) */
static int exact_dot(const double *in, int dim)
{
	load(in, 3 * dim);
	mpz_set_ui(ta, 0);
	for (int i = 0; i < dim; i++) {
		mpz_sub(tb, z[dim + i], z[i]);
		mpz_sub(tc, z[2 * dim + i], z[i]);
		mpz_addmul(ta, tb, tc);
	}
	return mpz_sgn(ta);
}

static int exact_dot2(const double *in, double *value)
{
	return (void)value, exact_dot(in, 2);
}
static int exact_dot3(const double *in, double *value)
{
	return (void)value, exact_dot(in, 3);
}

/* |p - c|^2 - r^2 with inputs {c, r, p}. */
static int exact_point_side(const double *in, int dim)
{
	load(in, 2 * dim + 1);
	squared_distance(ta, dim, 0, dim + 1);
	mpz_submul(ta, z[dim], z[dim]);
	return mpz_sgn(ta);
}

static int exact_circle_point(const double *in, double *value)
{
	return (void)value, exact_point_side(in, 2);
}
static int exact_sphere_point(const double *in, double *value)
{
	return (void)value, exact_point_side(in, 3);
}

/* {c, r, a, b}: orient2d(a, b, c)^2 - r^2 |b - a|^2 */
static int exact_circle_line(const double *in, double *value)
{
	(void)value;
	load(in, 7);
	mpz_sub(ta, z[3], z[0]), mpz_sub(tb, z[6], z[1]);
	mpz_mul(pivot, ta, tb);
	mpz_sub(ta, z[4], z[1]), mpz_sub(tb, z[5], z[0]);
	mpz_submul(pivot, ta, tb); /* (ax - cx)(by - cy) - (ay - cy)(bx - cx) */
	mpz_mul(pivot, pivot, pivot);
	squared_distance(ta, 2, 5, 3);
	mpz_mul(ta, ta, z[2]);
	mpz_mul(ta, ta, z[2]);
	mpz_sub(pivot, pivot, ta);
	return mpz_sgn(pivot);
}

/* {ca, ra, cb, rb}: |ca - cb|^2 - (ra + rb)^2, in 2D or 3D */
static int exact_ball_ball(const double *in, int dim)
{
	load(in, 2 * dim + 2);
	squared_distance(ta, dim, 0, dim + 1);
	mpz_add(tb, z[dim], z[2 * dim + 1]);
	mpz_submul(ta, tb, tb);
	return mpz_sgn(ta);
}
static int exact_circle_circle(const double *in, double *value)
{
	return (void)value, exact_ball_ball(in, 2);
}
static int exact_sphere_sphere(const double *in, double *value)
{
	return (void)value, exact_ball_ball(in, 3);
}

/* ---- the engine's answers, from the same lists of doubles ---- */

static col_vec2 v2(const double *in, int i)
{
	return (col_vec2){in[i], in[i + 1]};
}
static col_vec3 v3(const double *in, int i)
{
	return (col_vec3){in[i], in[i + 1], in[i + 2]};
}
static int sgn(double v)
{
	return (v > 0.0) - (v < 0.0);
}

static double eval_orient2d(const double *in)
{
	return col_orient2d(v2(in, 0), v2(in, 2), v2(in, 4));
}
static double eval_orient3d(const double *in)
{
	return col_orient3d(v3(in, 0), v3(in, 3), v3(in, 6), v3(in, 9));
}
static double eval_incircle(const double *in)
{
	return col_incircle(v2(in, 0), v2(in, 2), v2(in, 4), v2(in, 6));
}
static double eval_insphere(const double *in)
{
	return col_insphere(v3(in, 0), v3(in, 3), v3(in, 6), v3(in, 9), v3(in, 12));
}
static double eval_dot2(const double *in)
{
	return col_dot2_sign(v2(in, 0), v2(in, 2), v2(in, 4));
}
static double eval_dot3(const double *in)
{
	return col_dot3_sign(v3(in, 0), v3(in, 3), v3(in, 6));
}
static double eval_circle_point(const double *in)
{
	return col_circle_point_side(v2(in, 0), in[2], v2(in, 3));
}
static double eval_sphere_point(const double *in)
{
	return col_sphere_point_side(v3(in, 0), in[3], v3(in, 4));
}
static double eval_circle_line(const double *in)
{
	return col_circle_line_side(v2(in, 0), in[2], v2(in, 3), v2(in, 5));
}
static double eval_circle_circle(const double *in)
{
	return col_circle_circle_side(v2(in, 0), in[2], v2(in, 3), in[5]);
}
static double eval_sphere_line(const double *in)
{
	return col_sphere_line_side(v3(in, 0), in[3], v3(in, 4), v3(in, 7));
}
static double eval_sphere_plane(const double *in)
{
	return col_sphere_plane_side(v3(in, 0), in[3], v3(in, 4), v3(in, 7), v3(in, 10));
}
static double eval_prism(const double *in)
{
	return col_prism_side(v3(in, 0), v3(in, 3), v3(in, 6), v3(in, 9));
}
static double eval_sphere_sphere(const double *in)
{
	return col_sphere_sphere_side(v3(in, 0), in[3], v3(in, 4), in[7]);
}

/* Exact 3D vector helpers on the scaled inputs: out = z[i..i+2] - z[j..j+2]. */
static void mpz_diff3(mpz_t out[3], int i, int j)
{
	for (int k = 0; k < 3; k++)
		mpz_sub(out[k], z[i + k], z[j + k]);
}
static void mpz_cross3(mpz_t out[3], mpz_t u[3], mpz_t v[3])
{
	for (int k = 0; k < 3; k++) {
		int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
		mpz_mul(out[k], u[k1], v[k2]);
		mpz_submul(out[k], u[k2], v[k1]);
	}
}
static void mpz_dot3(mpz_t out, mpz_t u[3], mpz_t v[3])
{
	mpz_set_ui(out, 0);
	for (int k = 0; k < 3; k++)
		mpz_addmul(out, u[k], v[k]);
}

/* {c, r, a, b}: |(b - a) x (c - a)|^2 - r^2 |b - a|^2 */
static int exact_sphere_line(const double *in, double *value)
{
	(void)value;
	mpz_t u[3], v[3], w[3], s, t;
	for (int k = 0; k < 3; k++)
		mpz_inits(u[k], v[k], w[k], NULL);
	mpz_inits(s, t, NULL);
	load(in, 10);
	mpz_diff3(u, 7, 4), mpz_diff3(v, 0, 4), mpz_cross3(w, u, v);
	mpz_dot3(s, w, w), mpz_dot3(t, u, u);
	mpz_mul(t, t, z[3]), mpz_mul(t, t, z[3]);
	mpz_sub(s, s, t);
	int sign = mpz_sgn(s);
	for (int k = 0; k < 3; k++)
		mpz_clears(u[k], v[k], w[k], NULL);
	mpz_clears(s, t, NULL);
	return sign;
}

/* {c, r, a, b, d}: orient3d(a, b, d, c)^2 - r^2 |(b - a) x (d - a)|^2; orient3d is the triple
 * product (a - c) . ((b - c) x (d - c)), computed here as (c - a) . n with n = (b - a) x (d - a)
 * up to sign, which the square removes. */
static int exact_sphere_plane(const double *in, double *value)
{
	(void)value;
	mpz_t u[3], v[3], n[3], o, s, t;
	for (int k = 0; k < 3; k++)
		mpz_inits(u[k], v[k], n[k], NULL);
	mpz_inits(o, s, t, NULL);
	load(in, 13);
	mpz_diff3(u, 7, 4), mpz_diff3(v, 10, 4), mpz_cross3(n, u, v);
	mpz_diff3(u, 0, 4), mpz_dot3(o, u, n);
	mpz_mul(s, o, o), mpz_dot3(t, n, n);
	mpz_mul(t, t, z[3]), mpz_mul(t, t, z[3]);
	mpz_sub(s, s, t);
	int sign = mpz_sgn(s);
	for (int k = 0; k < 3; k++)
		mpz_clears(u[k], v[k], n[k], NULL);
	mpz_clears(o, s, t, NULL);
	return sign;
}

/* {a, b, c, p}: ((b - a) x (p - a)) . ((b - a) x (c - a)) */
static int exact_prism(const double *in, double *value)
{
	(void)value;
	mpz_t u[3], v[3], m[3], n[3], s;
	for (int k = 0; k < 3; k++)
		mpz_inits(u[k], v[k], m[k], n[k], NULL);
	mpz_init(s);
	load(in, 12);
	mpz_diff3(u, 3, 0), mpz_diff3(v, 9, 0), mpz_cross3(m, u, v);
	mpz_diff3(v, 6, 0), mpz_cross3(n, u, v);
	mpz_dot3(s, m, n);
	int sign = mpz_sgn(s);
	for (int k = 0; k < 3; k++)
		mpz_clears(u[k], v[k], m[k], n[k], NULL);
	mpz_clear(s);
	return sign;
}

/* ---- symmetries: permutations and reflections with a known effect on the sign ---- */

/* A rearrangement of the inputs, out[i] = in[source[i]], and its effect on the sign. */
typedef struct symmetry {
	int source[MAX_INPUTS];
	int flip; /* the sign is multiplied by this */
} symmetry;

/* Exchanges points i and j (each of dim doubles) in a layout of n doubles. */
static symmetry swap_points(int n, int dim, int i, int j, int flip)
{
	symmetry s = {{0}, flip};
	for (int k = 0; k < n; k++)
		s.source[k] = k;
	for (int k = 0; k < dim; k++)
		s.source[i * dim + k] = j * dim + k, s.source[j * dim + k] = i * dim + k;
	return s;
}

/* Exchanges the x and y axes of every point (a reflection). */
static symmetry swap_axes(int n, int dim, int flip)
{
	symmetry s = {{0}, flip};
	for (int k = 0; k < n; k++)
		s.source[k] = k - k % dim + (k % dim == 0 ? 1 : k % dim == 1 ? 0 : k % dim);
	return s;
}

/* ---- the predicates under test ---- */

typedef struct predicate {
	const char *name;
	int inputs;
	unsigned radius_slots; /* bit i: input i is a radius (not a coordinate) */
	double (*eval)(const double *in);
	int (*exact)(const double *in, double *value);
	bool magnitude; /* the value approximates the determinant (not only its sign) */
	int degree;
	void (*degenerate)(rng *r, double *in);
	int symmetries;
	symmetry symmetry[4];
} predicate;

/* -- generators of near-degenerate cases -- */

static void degenerate_orient2d(rng *r, double *in)
{
	int kind = rng_int(r, 0, 5);
	if (kind == 0) { /* on an integer line, in a scaled and offset frame */
		frame f = random_frame(r);
		double ax = grid(r, 100), ay = grid(r, 100), vx = grid(r, 20), vy = grid(r, 20);
		for (int i = 0; i < 3; i++) {
			double t = i == 0 ? 0.0 : grid(r, 10);
			in[2 * i] = place(&f, 0, ax + t * vx), in[2 * i + 1] = place(&f, 1, ay + t * vy);
		}
	} else if (kind == 1) { /* on y = x / 3, rounded */
		bool fine = rng_coin(r);
		double offset = rng_coin(r) ? 0.0 : 1e6;
		for (int i = 0; i < 3; i++) {
			double x = fine ? grid(r, 1 << 20) * 0x1p-20 : uniform(r);
			in[2 * i] = x + offset, in[2 * i + 1] = x / 3.0 + offset;
		}
	} else if (kind == 2) { /* c interpolated between a and b, rounded */
		double s = ldexp(1.0, rng_int(r, -10, 10));
		for (int i = 0; i < 4; i++)
			in[i] = uniform(r) * s;
		double t = rng_coin(r) ? rng_unit(r) : 1.0 + rng_unit(r);
		in[4] = in[0] + t * (in[2] - in[0]), in[5] = in[1] + t * (in[3] - in[1]);
	} else if (kind == 3) { /* a few ulps apart */
		in[0] = uniform(r) * 1e3, in[1] = uniform(r) * 1e3;
		for (int i = 2; i < 6; i++)
			in[i] = nudge(r, in[i % 2]);
	} else if (kind == 4) { /* repeated points */
		for (int i = 0; i < 6; i++)
			in[i] = rng_coin(r) ? 0.0 : grid(r, 3) * 0.1;
		int i = rng_int(r, 0, 2), j = rng_int(r, 0, 2);
		in[2 * i] = in[2 * j], in[2 * i + 1] = in[2 * j + 1];
	} else { /* large coordinates, small triangle */
		double base = ldexp(1.0, rng_int(r, 20, 50)) * (1.0 + rng_unit(r));
		for (int i = 0; i < 6; i++)
			in[i] = base + grid(r, 8) * ldexp(base, -50);
	}
	nudge_some(r, in, 6);
}

static void degenerate_orient3d(rng *r, double *in)
{
	int kind = rng_int(r, 0, 5);
	if (kind == 5) { /* a rotated rectangle's corners, rounded: a box face as a hull sees it */
		double q[4], norm = 0.0;
		for (int k = 0; k < 4; k++)
			q[k] = uniform(r), norm += q[k] * q[k];
		norm = sqrt(norm);
		double x = q[0] / norm, y = q[1] / norm, z = q[2] / norm, w = q[3] / norm;
		double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
		                  {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
		                  {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
		double scale = ldexp(1.0, rng_int(r, -20, 20)), offset = rng_coin(r) ? 0.0 : 1e6 * uniform(r);
		double hx = uniform(r) * scale, hy = uniform(r) * scale, hz = uniform(r) * scale;
		double corner[4][3] = {{hx, hy, hz}, {-hx, hy, hz}, {-hx, -hy, hz}, {hx, -hy, hz}};
		for (int i = 0; i < 4; i++)
			for (int k = 0; k < 3; k++)
				in[3 * i + k] = m[k][0] * corner[i][0] + m[k][1] * corner[i][1] +
				                m[k][2] * corner[i][2] + offset;
		nudge_some(r, in, 12);
		return;
	}
	if (kind == 0) { /* on an integer plane a + s u + t v */
		frame f = random_frame(r);
		double a[3], u[3], v[3];
		for (int k = 0; k < 3; k++)
			a[k] = grid(r, 100), u[k] = grid(r, 10), v[k] = grid(r, 10);
		if (rng_coin(r)) /* sometimes degenerate further: a line */
			for (int k = 0; k < 3; k++)
				v[k] = u[k] * 2.0;
		for (int i = 0; i < 4; i++) {
			double s = i == 0 ? 0.0 : grid(r, 10), t = i == 0 ? 0.0 : grid(r, 10);
			for (int k = 0; k < 3; k++)
				in[3 * i + k] = place(&f, k, a[k] + s * u[k] + t * v[k]);
		}
	} else if (kind == 1) { /* d = a + s (b - a) + t (c - a), rounded */
		double scale = ldexp(1.0, rng_int(r, -10, 10));
		for (int i = 0; i < 9; i++)
			in[i] = uniform(r) * scale;
		double s = uniform(r), t = uniform(r);
		for (int k = 0; k < 3; k++)
			in[9 + k] = in[k] + s * (in[3 + k] - in[k]) + t * (in[6 + k] - in[k]);
	} else if (kind == 2) { /* on z = x / 3 + y / 7, rounded */
		double offset = rng_coin(r) ? 0.0 : 1e6;
		for (int i = 0; i < 4; i++) {
			double x = uniform(r), y = uniform(r);
			in[3 * i] = x + offset, in[3 * i + 1] = y + offset,
			       in[3 * i + 2] = x / 3.0 + y / 7.0 + offset;
		}
	} else if (kind == 3) { /* a few ulps apart */
		for (int k = 0; k < 3; k++)
			in[k] = uniform(r) * 1e3;
		for (int i = 3; i < 12; i++)
			in[i] = nudge(r, in[i % 3]);
	} else { /* repeated points */
		for (int i = 0; i < 12; i++)
			in[i] = rng_coin(r) ? 0.0 : grid(r, 3) * 0.1;
		int i = rng_int(r, 0, 3), j = rng_int(r, 0, 3);
		for (int k = 0; k < 3; k++)
			in[3 * i + k] = in[3 * j + k];
	}
	nudge_some(r, in, 12);
}

static void degenerate_incircle(rng *r, double *in)
{
	int kind = rng_int(r, 0, 3);
	if (kind == 0) { /* lattice points of one circle, scaled and offset */
		frame f = random_frame(r);
		int k = rng_int(r, 0, CIRCLE_RADII - 1);
		double cx = grid(r, 100), cy = grid(r, 100);
		for (int i = 0; i < 4; i++) {
			const int *p = circle_points[k][rng_int(r, 0, circle_count[k] - 1)];
			in[2 * i] = place(&f, 0, cx + p[0]), in[2 * i + 1] = place(&f, 1, cy + p[1]);
		}
	} else if (kind == 1) { /* points rounded onto a circle */
		double cx = uniform(r), cy = uniform(r),
		       radius = ldexp(rng_unit(r) + 0.5, rng_int(r, -10, 10));
		for (int i = 0; i < 4; i++) {
			double angle = 6.283185307179586 * rng_unit(r);
			in[2 * i] = cx + radius * cos(angle), in[2 * i + 1] = cy + radius * sin(angle);
		}
	} else if (kind == 2) { /* collinear or repeated points */
		degenerate_orient2d(r, in);
		in[6] = in[rng_int(r, 0, 5)], in[7] = in[rng_int(r, 0, 5)];
	} else { /* a few ulps apart */
		in[0] = uniform(r) * 1e3, in[1] = uniform(r) * 1e3;
		for (int i = 2; i < 8; i++)
			in[i] = nudge(r, in[i % 2]);
	}
	nudge_some(r, in, 8);
}

static void degenerate_insphere(rng *r, double *in)
{
	int kind = rng_int(r, 0, 3);
	if (kind == 0) { /* lattice points of one sphere, scaled and offset */
		frame f = random_frame(r);
		int k = rng_int(r, 0, SPHERE_RADII - 1);
		double c[3] = {grid(r, 100), grid(r, 100), grid(r, 100)};
		for (int i = 0; i < 5; i++) {
			const int *p = sphere_points[k][rng_int(r, 0, sphere_count[k] - 1)];
			for (int j = 0; j < 3; j++)
				in[3 * i + j] = place(&f, j, c[j] + p[j]);
		}
	} else if (kind == 1) { /* points rounded onto a sphere */
		double radius = ldexp(rng_unit(r) + 0.5, rng_int(r, -10, 10));
		double c[3] = {uniform(r), uniform(r), uniform(r)};
		for (int i = 0; i < 5; i++) {
			double t = 6.283185307179586 * rng_unit(r), zc = uniform(r), s = sqrt(1.0 - zc * zc);
			in[3 * i] = c[0] + radius * s * cos(t), in[3 * i + 1] = c[1] + radius * s * sin(t);
			in[3 * i + 2] = c[2] + radius * zc;
		}
	} else if (kind == 2) { /* coplanar or repeated points */
		degenerate_orient3d(r, in);
		for (int j = 0; j < 3; j++)
			in[12 + j] = in[3 * rng_int(r, 0, 3) + j];
	} else { /* a few ulps apart */
		for (int k = 0; k < 3; k++)
			in[k] = uniform(r) * 1e3;
		for (int i = 3; i < 15; i++)
			in[i] = nudge(r, in[i % 3]);
	}
	nudge_some(r, in, 15);
}

static void degenerate_dot2(rng *r, double *in)
{
	int kind = rng_int(r, 0, 2);
	if (kind == 0) { /* c - a exactly perpendicular to b - a */
		frame f = random_frame(r);
		double ax = grid(r, 100), ay = grid(r, 100), vx = grid(r, 50), vy = grid(r, 50),
		       t = grid(r, 5);
		in[0] = place(&f, 0, ax), in[1] = place(&f, 1, ay);
		in[2] = place(&f, 0, ax + vx), in[3] = place(&f, 1, ay + vy);
		in[4] = place(&f, 0, ax - t * vy), in[5] = place(&f, 1, ay + t * vx);
	} else if (kind == 1) { /* perpendicular, rounded */
		for (int i = 0; i < 4; i++)
			in[i] = uniform(r);
		double t = uniform(r);
		in[4] = in[0] - t * (in[3] - in[1]), in[5] = in[1] + t * (in[2] - in[0]);
	} else { /* repeated points */
		for (int i = 0; i < 6; i++)
			in[i] = grid(r, 2) * 0.5;
		int i = rng_int(r, 0, 2), j = rng_int(r, 0, 2);
		in[2 * i] = in[2 * j], in[2 * i + 1] = in[2 * j + 1];
	}
	nudge_some(r, in, 6);
}

static void degenerate_dot3(rng *r, double *in)
{
	int kind = rng_int(r, 0, 2);
	double a[3], v[3], q[3], w[3];
	for (int k = 0; k < 3; k++)
		a[k] = grid(r, 100), v[k] = grid(r, 20), q[k] = grid(r, 20);
	w[0] = v[1] * q[2] - v[2] * q[1], w[1] = v[2] * q[0] - v[0] * q[2], w[2] = v[0] * q[1] - v[1] * q[0];
	if (kind == 0) { /* w = v x q is exactly perpendicular to v */
		frame f = random_frame(r);
		for (int k = 0; k < 3; k++)
			in[k] = place(&f, k, a[k]), in[3 + k] = place(&f, k, a[k] + v[k]),
			in[6 + k] = place(&f, k, a[k] + w[k]);
	} else if (kind == 1) { /* the same with random doubles, rounded */
		double b[3], c[3];
		for (int k = 0; k < 9; k++)
			in[k] = uniform(r);
		for (int k = 0; k < 3; k++)
			b[k] = in[3 + k] - in[k], c[k] = in[6 + k];
		double n[3] = {b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2],
		               b[0] * c[1] - b[1] * c[0]};
		for (int k = 0; k < 3; k++)
			in[6 + k] = in[k] + n[k];
	} else { /* repeated points */
		for (int i = 0; i < 9; i++)
			in[i] = grid(r, 2) * 0.5;
		int i = rng_int(r, 0, 2), j = rng_int(r, 0, 2);
		for (int k = 0; k < 3; k++)
			in[3 * i + k] = in[3 * j + k];
	}
	nudge_some(r, in, 9);
}

/* {c, r, p} with p on (or near) the circle or sphere of dimension dim. */
static void degenerate_point_side(rng *r, double *in, int dim)
{
	int kind = rng_int(r, 0, 2);
	if (kind == 0) { /* a lattice point: (3, 4) on the circle of radius 5 and the like */
		frame f = random_frame(r);
		int k = rng_int(r, 0, dim == 2 ? CIRCLE_RADII - 1 : SPHERE_RADII - 1);
		const int *p = dim == 2 ? circle_points[k][rng_int(r, 0, circle_count[k] - 1)]
		                        : sphere_points[k][rng_int(r, 0, sphere_count[k] - 1)];
		for (int j = 0; j < dim; j++) {
			double c = grid(r, 100);
			in[j] = place(&f, j, c), in[dim + 1 + j] = place(&f, j, c + p[j]);
		}
		in[dim] = f.scale * (dim == 2 ? circle_radius[k] : sphere_radius[k]);
	} else if (kind == 1) { /* rounded onto the circle or sphere */
		double radius = ldexp(rng_unit(r) + 0.5, rng_int(r, -10, 10)), u[3], length = 0.0;
		for (int j = 0; j < dim; j++)
			u[j] = uniform(r), length += u[j] * u[j];
		length = sqrt(length);
		for (int j = 0; j < dim; j++)
			in[j] = uniform(r), in[dim + 1 + j] = in[j] + radius * u[j] / length;
		in[dim] = radius;
	} else { /* a point circle */
		for (int j = 0; j < dim; j++)
			in[j] = uniform(r), in[dim + 1 + j] = in[j];
		in[dim] = 0.0;
	}
	nudge_some(r, in, 2 * dim + 1);
}

static void degenerate_circle_point(rng *r, double *in)
{
	degenerate_point_side(r, in, 2);
}
static void degenerate_sphere_point(rng *r, double *in)
{
	degenerate_point_side(r, in, 3);
}

/* {c, r, a, b}: the line ab at distance r from c, or nearly. */
static void degenerate_circle_line(rng *r, double *in)
{
	int kind = rng_int(r, 0, 2);
	if (kind == 0) { /* b - a = m (p, q), c - a = t (p, q) + k (-q, p): distance |k| h exactly */
		frame f = random_frame(r);
		int p, q, h;
		random_triple(r, &p, &q, &h);
		double ax = grid(r, 100), ay = grid(r, 100), mm = grid(r, 10), t = grid(r, 10),
		       k = grid(r, 10);
		if (mm == 0.0)
			mm = 1.0;
		in[0] = place(&f, 0, ax + t * p - k * q), in[1] = place(&f, 1, ay + t * q + k * p);
		in[2] = f.scale * fabs(k) * h;
		in[3] = place(&f, 0, ax), in[4] = place(&f, 1, ay);
		in[5] = place(&f, 0, ax + mm * p), in[6] = place(&f, 1, ay + mm * q);
	} else if (kind == 1) { /* rounded distance */
		for (int i = 3; i < 7; i++)
			in[i] = uniform(r);
		double dx = in[5] - in[3], dy = in[6] - in[4], t = uniform(r), s = uniform(r);
		in[0] = in[3] + t * dx - s * dy, in[1] = in[4] + t * dy + s * dx;
		in[2] = fabs(s) * sqrt(dx * dx + dy * dy);
	} else { /* a point circle on the line */
		for (int i = 3; i < 7; i++)
			in[i] = grid(r, 50) * 0.25;
		double t = grid(r, 8) * 0.125;
		in[0] = in[3] + t * (in[5] - in[3]), in[1] = in[4] + t * (in[6] - in[4]), in[2] = 0.0;
	}
	nudge_some(r, in, 7);
}

/* {ca, ra, cb, rb}: tangent circles, or nearly. */
static void degenerate_circle_circle(rng *r, double *in)
{
	int kind = rng_int(r, 0, 3);
	if (kind == 0) { /* |ca - cb| = m h = ra + rb exactly */
		frame f = random_frame(r);
		int p, q, h;
		random_triple(r, &p, &q, &h);
		double cx = grid(r, 100), cy = grid(r, 100), mm = grid(r, 10);
		double ra = fabs(mm) * h * rng_int(r, 0, 1024) * 0x1p-10;
		in[0] = place(&f, 0, cx), in[1] = place(&f, 1, cy), in[2] = f.scale * ra;
		in[3] = place(&f, 0, cx + mm * p), in[4] = place(&f, 1, cy + mm * q),
		in[5] = f.scale * (fabs(mm) * h - ra);
	} else if (kind == 1) { /* rounded */
		double ra = rng_unit(r), rb = rng_unit(r), angle = 6.283185307179586 * rng_unit(r);
		in[0] = uniform(r), in[1] = uniform(r), in[2] = ra, in[5] = rb;
		in[3] = in[0] + (ra + rb) * cos(angle), in[4] = in[1] + (ra + rb) * sin(angle);
	} else if (kind == 2) { /* decimal radii whose sum is not a double: 0.1 + 0.2 against 0.3 */
		double ra = rng_int(r, 1, 9) / 10.0, rb = rng_int(r, 1, 9) / 10.0;
		in[0] = grid(r, 10), in[1] = grid(r, 10), in[2] = ra, in[5] = rb;
		in[3] = in[0] + ra + rb, in[4] = in[1];
	} else { /* concentric point circles */
		in[0] = in[3] = uniform(r), in[1] = in[4] = uniform(r), in[2] = in[5] = 0.0;
	}
	nudge_some(r, in, 6);
}

/* {ca, ra, cb, rb} in 3D: tangent balls, or nearly; the 2D cases lifted to a random height. */
static void degenerate_sphere_sphere(rng *r, double *in)
{
	double flat[6];
	degenerate_circle_circle(r, flat);
	double z = rng_coin(r) ? 0.0 : uniform(r);
	in[0] = flat[0], in[1] = flat[1], in[2] = z, in[3] = flat[2];
	in[4] = flat[3], in[5] = flat[4], in[6] = z, in[7] = flat[5];
	if (rng_coin(r)) { /* rotate the axes so the gap is not always horizontal */
		double t = in[0];
		in[0] = in[2], in[2] = in[1], in[1] = t;
		t = in[4], in[4] = in[6], in[6] = in[5], in[5] = t;
	}
	nudge_some(r, in, 8);
}

/* Integer vectors: p, q from a Pythagorean triple with |(p, q)| = h, placed in the coordinate
 * plane `axis` leaves out, and (-q, p) beside it, and e the axis itself: an orthogonal frame
 * with exact lengths h, h and 1. */
static void lattice_frame(rng *r, double u[3], double w[3], double e[3], int *h)
{
	int p, q, axis = rng_int(r, 0, 2);
	random_triple(r, &p, &q, h);
	for (int k = 0; k < 3; k++)
		u[k] = w[k] = e[k] = 0.0;
	u[(axis + 1) % 3] = p, u[(axis + 2) % 3] = q;
	w[(axis + 1) % 3] = -q, w[(axis + 2) % 3] = p;
	e[axis] = 1.0;
}

/* {c, r, a, b}: the line ab at distance r from c in 3D, or nearly. */
static void degenerate_sphere_line(rng *r, double *in)
{
	int kind = rng_int(r, 0, 2);
	if (kind == 0) { /* b - a = m u, c - a = t u + k w: distance |k| h exactly */
		frame f = random_frame(r);
		double u[3], w[3], e[3];
		int h;
		lattice_frame(r, u, w, e, &h);
		double mm = grid(r, 10), t = grid(r, 10), k = grid(r, 10), s = grid(r, 10);
		if (mm == 0.0)
			mm = 1.0;
		bool along_e = rng_coin(r); /* the offset along w or along e (distance |s|) */
		for (int j = 0; j < 3; j++) {
			double a = grid(r, 100);
			in[4 + j] = place(&f, j, a);
			in[7 + j] = place(&f, j, a + mm * u[j]);
			in[j] = place(&f, j, a + t * u[j] + (along_e ? s * e[j] : k * w[j]));
		}
		in[3] = f.scale * (along_e ? fabs(s) : fabs(k) * h);
	} else if (kind == 1) { /* rounded distance */
		double d[3], v[3], t = uniform(r), s = uniform(r);
		for (int i = 4; i < 10; i++)
			in[i] = uniform(r);
		for (int j = 0; j < 3; j++)
			d[j] = in[7 + j] - in[4 + j], v[j] = uniform(r);
		/* v minus its component along d: a perpendicular offset */
		double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2], vd = v[0] * d[0] + v[1] * d[1] + v[2] * d[2];
		double length = 0.0;
		for (int j = 0; j < 3; j++)
			v[j] -= vd / dd * d[j], length += v[j] * v[j];
		length = sqrt(length);
		for (int j = 0; j < 3; j++)
			in[j] = in[4 + j] + t * d[j] + s * v[j] / length;
		in[3] = fabs(s);
	} else { /* a point sphere on the line */
		for (int i = 4; i < 10; i++)
			in[i] = grid(r, 50) * 0.25;
		double t = grid(r, 8) * 0.125;
		for (int j = 0; j < 3; j++)
			in[j] = in[4 + j] + t * (in[7 + j] - in[4 + j]);
		in[3] = 0.0;
	}
	nudge_some(r, in, 10);
}

/* {c, r, a, b, d}: the plane abd at distance r from c, or nearly. */
static void degenerate_sphere_plane(rng *r, double *in)
{
	int kind = rng_int(r, 0, 2);
	if (kind == 0) { /* a, b, d in the plane spanned by w and e through a; c off it by k u */
		frame f = random_frame(r);
		double u[3], w[3], e[3];
		int h;
		lattice_frame(r, u, w, e, &h);
		double k = grid(r, 10), coef[4][2];
		for (int i = 0; i < 4; i++)
			coef[i][0] = grid(r, 10), coef[i][1] = grid(r, 10);
		for (int j = 0; j < 3; j++) {
			double a = grid(r, 100);
			in[j] = place(&f, j, a + coef[0][0] * w[j] + coef[0][1] * e[j] + k * u[j]);
			in[4 + j] = place(&f, j, a);
			in[7 + j] = place(&f, j, a + coef[1][0] * w[j] + coef[1][1] * e[j]);
			in[10 + j] = place(&f, j, a + coef[2][0] * w[j] + coef[2][1] * e[j]);
		}
		in[3] = f.scale * fabs(k) * h;
	} else if (kind == 1) { /* rounded distance */
		for (int i = 4; i < 13; i++)
			in[i] = uniform(r);
		double u[3], v[3], n[3];
		for (int j = 0; j < 3; j++)
			u[j] = in[7 + j] - in[4 + j], v[j] = in[10 + j] - in[4 + j];
		n[0] = u[1] * v[2] - u[2] * v[1], n[1] = u[2] * v[0] - u[0] * v[2], n[2] = u[0] * v[1] - u[1] * v[0];
		double length = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), s = uniform(r), t = uniform(r),
		       q = uniform(r);
		for (int j = 0; j < 3; j++)
			in[j] = in[4 + j] + t * u[j] + q * v[j] + s * n[j] / length;
		in[3] = fabs(s);
	} else { /* a point sphere in the plane */
		for (int i = 4; i < 13; i++)
			in[i] = grid(r, 50) * 0.25;
		double t = grid(r, 8) * 0.125, q = grid(r, 8) * 0.125;
		for (int j = 0; j < 3; j++)
			in[j] = in[4 + j] + t * (in[7 + j] - in[4 + j]) + q * (in[10 + j] - in[4 + j]);
		in[3] = 0.0;
	}
	nudge_some(r, in, 13);
}

/* {a, b, c, p}: p in the plane through ab perpendicular to the triangle abc, or nearly. */
static void degenerate_prism(rng *r, double *in)
{
	int kind = rng_int(r, 0, 2);
	double ab[3], ac[3], n[3];
	if (kind == 0) { /* p = a + t (b - a) + s n, n = (b - a) x (c - a): exact on a small grid */
		frame f = random_frame(r);
		double a[3], b[3], c[3], t = grid(r, 10), sc = grid(r, 10);
		for (int j = 0; j < 3; j++)
			a[j] = grid(r, 30), b[j] = grid(r, 30), c[j] = grid(r, 30);
		for (int j = 0; j < 3; j++)
			ab[j] = b[j] - a[j], ac[j] = c[j] - a[j];
		n[0] = ab[1] * ac[2] - ab[2] * ac[1], n[1] = ab[2] * ac[0] - ab[0] * ac[2],
		n[2] = ab[0] * ac[1] - ab[1] * ac[0];
		for (int j = 0; j < 3; j++) {
			in[j] = place(&f, j, a[j]), in[3 + j] = place(&f, j, b[j]), in[6 + j] = place(&f, j, c[j]);
			in[9 + j] = place(&f, j, a[j] + t * ab[j] + sc * n[j]);
		}
	} else if (kind == 1) { /* rounded onto that plane */
		for (int i = 0; i < 9; i++)
			in[i] = uniform(r);
		for (int j = 0; j < 3; j++)
			ab[j] = in[3 + j] - in[j], ac[j] = in[6 + j] - in[j];
		n[0] = ab[1] * ac[2] - ab[2] * ac[1], n[1] = ab[2] * ac[0] - ab[0] * ac[2],
		n[2] = ab[0] * ac[1] - ab[1] * ac[0];
		double t = uniform(r), sc = uniform(r);
		for (int j = 0; j < 3; j++)
			in[9 + j] = in[j] + t * ab[j] + sc * n[j];
	} else { /* a degenerate triangle: collinear a, b, c on a grid, everything is zero */
		double t = grid(r, 8) * 0.125;
		for (int i = 0; i < 6; i++)
			in[i] = grid(r, 50) * 0.25;
		for (int j = 0; j < 3; j++)
			in[6 + j] = in[j] + t * (in[3 + j] - in[j]), in[9 + j] = uniform(r);
	}
	nudge_some(r, in, 12);
}

/* -- the table -- */

static predicate predicates[14];
static int predicate_count;

/* degree: of the determinant whose value eval returns; 0 for the helpers, which return a sign. */
static predicate *add(const char *name, int inputs, unsigned radius_slots, double (*eval)(const double *),
                      int (*exact)(const double *, double *), int degree, void (*degenerate)(rng *, double *))
{
	predicate *p = &predicates[predicate_count++];
	*p = (predicate){name,       inputs, radius_slots, eval, exact,
	                 degree > 0, degree, degenerate,   0,    {{{0}, 0}}};
	return p;
}

static void add_symmetry(predicate *p, symmetry s)
{
	p->symmetry[p->symmetries++] = s;
}

static void make_table(void)
{
	predicate *p;
	/* determinants: any exchange of two points, or of two axes, flips the sign */
	p = add("orient2d", 6, 0, eval_orient2d, exact_orient2d, 2, degenerate_orient2d);
	add_symmetry(p, swap_points(6, 2, 0, 1, -1));
	add_symmetry(p, swap_points(6, 2, 1, 2, -1));
	add_symmetry(p, swap_points(6, 2, 0, 2, -1));
	add_symmetry(p, swap_axes(6, 2, -1));
	p = add("orient3d", 12, 0, eval_orient3d, exact_orient3d, 3, degenerate_orient3d);
	add_symmetry(p, swap_points(12, 3, 0, 1, -1));
	add_symmetry(p, swap_points(12, 3, 2, 3, -1));
	add_symmetry(p, swap_points(12, 3, 0, 3, -1));
	add_symmetry(p, swap_axes(12, 3, -1));
	p = add("incircle", 8, 0, eval_incircle, exact_incircle, 4, degenerate_incircle);
	add_symmetry(p, swap_points(8, 2, 0, 1, -1));
	add_symmetry(p, swap_points(8, 2, 2, 3, -1));
	add_symmetry(p, swap_points(8, 2, 0, 3, -1));
	add_symmetry(p, swap_axes(8, 2, -1));
	p = add("insphere", 15, 0, eval_insphere, exact_insphere, 5, degenerate_insphere);
	add_symmetry(p, swap_points(15, 3, 0, 1, -1));
	add_symmetry(p, swap_points(15, 3, 3, 4, -1));
	add_symmetry(p, swap_points(15, 3, 1, 4, -1));
	add_symmetry(p, swap_axes(15, 3, -1));

	/* helpers: symmetric in the two ends or the two circles, unchanged by exchanging axes (the
	 * layouts {c, r, p}, {c, r, a, b} and {ca, ra, cb, rb} keep a radius in its slot) */
	p = add("dot2_sign", 6, 0, eval_dot2, exact_dot2, 0, degenerate_dot2);
	add_symmetry(p, swap_points(6, 2, 1, 2, 1));
	add_symmetry(p, swap_axes(6, 2, 1));
	p = add("dot3_sign", 9, 0, eval_dot3, exact_dot3, 0, degenerate_dot3);
	add_symmetry(p, swap_points(9, 3, 1, 2, 1));
	add_symmetry(p, swap_axes(9, 3, 1));
	p = add("circle_point_side", 5, 1u << 2, eval_circle_point, exact_circle_point, 0,
	        degenerate_circle_point);
	add_symmetry(p, (symmetry){{1, 0, 2, 4, 3}, 1});
	p = add("sphere_point_side", 7, 1u << 3, eval_sphere_point, exact_sphere_point, 0,
	        degenerate_sphere_point);
	add_symmetry(p, (symmetry){{1, 0, 2, 3, 5, 4, 6}, 1});
	p = add("circle_line_side", 7, 1u << 2, eval_circle_line, exact_circle_line, 0,
	        degenerate_circle_line);
	add_symmetry(p, (symmetry){{0, 1, 2, 5, 6, 3, 4}, 1});
	add_symmetry(p, (symmetry){{1, 0, 2, 4, 3, 6, 5}, 1});
	p = add("circle_circle_side", 6, (1u << 2) | (1u << 5), eval_circle_circle, exact_circle_circle, 0,
	        degenerate_circle_circle);
	add_symmetry(p, (symmetry){{3, 4, 5, 0, 1, 2}, 1});
	add_symmetry(p, (symmetry){{1, 0, 2, 4, 3, 5}, 1});
	p = add("sphere_sphere_side", 8, (1u << 3) | (1u << 7), eval_sphere_sphere, exact_sphere_sphere, 0,
	        degenerate_sphere_sphere);
	add_symmetry(p, (symmetry){{4, 5, 6, 7, 0, 1, 2, 3}, 1});
	add_symmetry(p, (symmetry){{2, 0, 1, 3, 6, 4, 5, 7}, 1});
	p = add("sphere_line_side", 10, 1u << 3, eval_sphere_line, exact_sphere_line, 0,
	        degenerate_sphere_line);
	add_symmetry(p, (symmetry){{0, 1, 2, 3, 7, 8, 9, 4, 5, 6}, 1});
	add_symmetry(p, (symmetry){{1, 0, 2, 3, 5, 4, 6, 8, 7, 9}, 1});
	p = add("sphere_plane_side", 13, 1u << 3, eval_sphere_plane, exact_sphere_plane, 0,
	        degenerate_sphere_plane);
	add_symmetry(p, (symmetry){{0, 1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12}, 1});
	add_symmetry(p, (symmetry){{0, 1, 2, 3, 10, 11, 12, 4, 5, 6, 7, 8, 9}, 1});
	add_symmetry(p, (symmetry){{2, 0, 1, 3, 6, 4, 5, 9, 7, 8, 12, 10, 11}, 1});
	/* exchanging a and b negates both cross products; c and p enter symmetrically */
	p = add("prism_side", 12, 0, eval_prism, exact_prism, 0, degenerate_prism);
	add_symmetry(p, swap_points(12, 3, 0, 1, 1));
	add_symmetry(p, swap_points(12, 3, 2, 3, 1));
	add_symmetry(p, swap_axes(12, 3, 1));
}

/* ---- the checks ---- */

typedef struct tally {
	long cases, zeros, failures;
} tally;

static void report(const predicate *p, const char *what, long index, const double *in, const char *detail)
{
	fprintf(stderr, "%s: %s case %ld failed (seed 0x%016llx): %s\n  input:", p->name, what, index,
	        (unsigned long long)seed, detail);
	for (int i = 0; i < p->inputs; i++)
		fprintf(stderr, " %a", in[i]);
	fprintf(stderr, "\n");
}

/* The engine's sign against GMP's, the value against the exact one (for the determinants),
 * and every symmetry of the predicate. */
static void check_case(const predicate *p, const char *what, long index, const double *in, tally *t)
{
	double exact_value, value = p->eval(in);
	int expected = p->exact(in, &exact_value), got = sgn(value);
	char detail[160];
	t->cases++;
	t->zeros += expected == 0;
	bool ok = got == expected;
	if (!ok)
		snprintf(detail, sizeof detail, "sign %d, exact sign %d (value %a)", got, expected, value);
	/* The value: within a few ulps once the exact path is taken, within the filter's bound
	 * otherwise; both are far inside this tolerance, relative to the size of the differences
	 * between the points (the determinants do not change under translation). */
	if (ok && p->magnitude && value != exact_value) {
		int dim = p->degree == 2 || p->degree == 4 ? 2 : 3, last = p->inputs - dim;
		double size = 0.0;
		for (int i = 0; i < last; i++)
			size = fmax(size, fabs(in[i] - in[last + i % dim]));
		if (!(fabs(value - exact_value) <= 1e-12 * pow(size, p->degree))) {
			ok = false;
			snprintf(detail, sizeof detail, "value %a, exact %a", value, exact_value);
		}
	}
	for (int s = 0; ok && s < p->symmetries; s++) {
		double moved[MAX_INPUTS];
		for (int i = 0; i < p->inputs; i++)
			moved[i] = in[p->symmetry[s].source[i]];
		int other = sgn(p->eval(moved));
		if (other != p->symmetry[s].flip * got) {
			ok = false;
			snprintf(detail, sizeof detail, "symmetry %d gives sign %d, expected %d", s, other,
			         p->symmetry[s].flip * got);
		}
	}
	if (!ok && t->failures++ < MAX_FAILURES_SHOWN)
		report(p, what, index, in, detail);
}

static void run_predicate(int index)
{
	const predicate *p = &predicates[index];
	rng r = rng_make(seed + (uint64_t)(index + 1) * 0xd1b54a32d192ed03ull); /* one stream per predicate */
	tally random_cases = {0, 0, 0}, degenerate_cases = {0, 0, 0};
	double in[MAX_INPUTS];
	for (long n = 0; n < COLLIDE_RANDOM_CASES; n++) {
		/* uniform in [-1, 1), sometimes all scaled by one power of two, sometimes each its own */
		int kind = rng_int(&r, 0, 2), common = rng_int(&r, -30, 30);
		for (int i = 0; i < p->inputs; i++) {
			in[i] = uniform(&r);
			if (kind == 1)
				in[i] = ldexp(in[i], common);
			else if (kind == 2)
				in[i] = ldexp(in[i], rng_int(&r, -30, 30));
			if (p->radius_slots >> i & 1)
				in[i] = fabs(in[i]);
		}
		check_case(p, "random", n, in, &random_cases);
	}
	for (long n = 0; n < COLLIDE_RANDOM_CASES; n++) {
		p->degenerate(&r, in);
		check_case(p, "near-degenerate", n, in, &degenerate_cases);
	}
	print_message("%-18s %7ld random, %7ld near-degenerate cases (%ld exactly degenerate), %ld failed\n",
	              p->name, random_cases.cases, degenerate_cases.cases, degenerate_cases.zeros,
	              random_cases.failures + degenerate_cases.failures);
	assert_int_equal(random_cases.failures + degenerate_cases.failures, 0);
	/* the generators must really reach the degenerate cases they are there for */
	assert_true(degenerate_cases.zeros > degenerate_cases.cases / 20);
}

static void test_orient2d(void **state)
{
	(void)state, run_predicate(0);
}
static void test_orient3d(void **state)
{
	(void)state, run_predicate(1);
}
static void test_incircle(void **state)
{
	(void)state, run_predicate(2);
}
static void test_insphere(void **state)
{
	(void)state, run_predicate(3);
}
static void test_dot2_sign(void **state)
{
	(void)state, run_predicate(4);
}
static void test_dot3_sign(void **state)
{
	(void)state, run_predicate(5);
}
static void test_circle_point_side(void **state)
{
	(void)state, run_predicate(6);
}
static void test_sphere_point_side(void **state)
{
	(void)state, run_predicate(7);
}
static void test_circle_line_side(void **state)
{
	(void)state, run_predicate(8);
}
static void test_circle_circle_side(void **state)
{
	(void)state, run_predicate(9);
}
static void test_sphere_line_side(void **state)
{
	(void)state, run_predicate(11);
	col_vec3 o = {0, 0, 0}, x = {1, 0, 0};
	assert_int_equal(col_sphere_line_side((col_vec3){5, 3, 4}, 5, o, x), 0); /* distance 5 */
	assert_int_equal(col_sphere_line_side((col_vec3){5, 3, 4}, nextafter(5, 0), o, x), 1);
	/* 0.6 and 0.8 are not 3/5 and 4/5: as doubles, 0.6^2 + 0.8^2 exceeds 1 */
	assert_int_equal(col_sphere_line_side((col_vec3){-9, 0.6, 0.8}, 1, o, x), 1);
}
static void test_sphere_plane_side(void **state)
{
	(void)state, run_predicate(12);
	col_vec3 a = {0, 0, 0}, b = {40, -30, 0}, c = {0, 0, 50}; /* the plane 3x + 4y = 0 */
	assert_int_equal(col_sphere_plane_side((col_vec3){3, 4, 7}, 5, a, b, c), 0);
	assert_int_equal(col_sphere_plane_side((col_vec3){3, 4, 7}, nextafter(5, 0), a, b, c), 1);
	assert_int_equal(col_sphere_plane_side((col_vec3){3, 4, 7}, nextafter(5, 6), a, b, c), -1);
}
static void test_prism_side(void **state)
{
	(void)state, run_predicate(13);
	col_vec3 a = {0, 0, 0}, b = {1, 0, 0}, c = {0, 1, 0};
	assert_int_equal(col_prism_side(a, b, c, (col_vec3){0.5, 0.25, 9}), 1); /* c's side of ab */
	assert_int_equal(col_prism_side(a, b, c, (col_vec3){7, 0, -3}), 0);     /* above the line ab */
	assert_int_equal(col_prism_side(a, b, c, (col_vec3){0.5, -0x1p-60, 1}), -1);
	assert_int_equal(col_prism_side(a, b, (col_vec3){2, 0, 0}, (col_vec3){0, 1, 0}), 0); /* degenerate */
}
static void test_sphere_sphere_side(void **state)
{
	(void)state, run_predicate(10);
	col_vec3 o = {0, 0, 0};
	assert_int_equal(col_sphere_sphere_side(o, 2, (col_vec3){2, 3, 6}, 5), 0); /* |(2,3,6)| = 7 */
	assert_int_equal(col_sphere_sphere_side(o, 2, (col_vec3){2, 3, nextafter(6, 7)}, 5), 1);
	assert_int_equal(col_sphere_sphere_side(o, 0.1, (col_vec3){0, 0.3, 0}, 0.2), -1); /* 0.1 + 0.2 > 0.3 */
}

/* ---- hand-made cases: the conventions of the header, in its own words ---- */

static void test_orientation_conventions(void **state)
{
	(void)state;
	col_vec2 o = {0, 0}, x = {1, 0}, y = {0, 1};
	assert_true(col_orient2d(o, x, y) == 1.0); /* counter-clockwise: twice the area */
	assert_true(col_orient2d(o, y, x) == -1.0);
	assert_true(col_orient2d(o, x, (col_vec2){2, 0}) == 0.0);
	assert_true(col_orient2d(o, o, o) == 0.0);
	assert_true(col_orient2d(x, x, y) == 0.0);

	/* d below the plane of a, b, c, which turn counter-clockwise seen from above (+z) */
	col_vec3 a = {0, 0, 0}, b = {1, 0, 0}, c = {0, 1, 0};
	assert_true(col_orient3d(a, b, c, (col_vec3){0, 0, -1}) == 1.0);
	assert_true(col_orient3d(a, b, c, (col_vec3){0.25, 0.25, 1}) < 0.0);
	assert_true(col_orient3d(a, b, c, (col_vec3){5, -7, 0}) == 0.0);
	assert_true(col_orient3d(a, a, a, a) == 0.0);
}

static void test_in_circle_and_sphere_conventions(void **state)
{
	(void)state;
	col_vec2 a = {5, 0}, b = {0, 5}, c = {-5, 0}; /* counter-clockwise on the circle of radius 5 */
	assert_true(col_incircle(a, b, c, (col_vec2){0, 0}) > 0.0);
	assert_true(col_incircle(a, b, c, (col_vec2){0, -5}) == 0.0);
	assert_true(col_incircle(a, b, c, (col_vec2){3, -4}) == 0.0);
	assert_true(col_incircle(a, b, c, (col_vec2){3, nextafter(-4, 0)}) > 0.0);
	assert_true(col_incircle(a, b, c, (col_vec2){0.6, -0.8}) >
	            0.0); /* not 3/5, -4/5: a double is dyadic */
	assert_true(col_incircle(a, b, c, (col_vec2){0, -6}) < 0.0);
	assert_true(col_incircle(c, b, a, (col_vec2){0, 0}) < 0.0); /* clockwise flips the sign */
	assert_true(col_incircle(a, a, a, a) == 0.0);

	col_vec3 p = {3, 0, 0}, q = {0, 3, 0}, r = {-3, 0, 0}, s = {0, 0, -3}; /* on the sphere of radius 3 */
	assert_true(col_orient3d(p, q, r, s) > 0.0);
	assert_true(col_insphere(p, q, r, s, (col_vec3){0, 0, 0}) > 0.0);
	assert_true(col_insphere(p, q, r, s, (col_vec3){0, 0, 3}) == 0.0);
	assert_true(col_insphere(p, q, r, s, (col_vec3){1, 2, -2}) == 0.0);
	assert_true(col_insphere(p, q, r, s, (col_vec3){1, 2, nextafter(-2, -3)}) < 0.0);
	assert_true(col_insphere(p, q, r, s, (col_vec3){0, 0, 4}) < 0.0);
	assert_true(col_insphere(q, p, r, s, (col_vec3){0, 0, 0}) < 0.0);
	assert_true(col_insphere(p, p, p, p, p) == 0.0);
}

static void test_helper_conventions(void **state)
{
	(void)state;
	col_vec2 o = {0, 0};
	assert_int_equal(col_dot2_sign(o, (col_vec2){1, 0}, (col_vec2){2, 5}), 1);
	assert_int_equal(col_dot2_sign(o, (col_vec2){1, 0}, (col_vec2){0, 5}), 0);
	assert_int_equal(col_dot2_sign(o, (col_vec2){1, 0}, (col_vec2){-2, 5}), -1);
	assert_int_equal(col_dot3_sign((col_vec3){1, 1, 1}, (col_vec3){2, 1, 1}, (col_vec3){1, 9, 9}), 0);

	/* (3, 4) lies on the circle of radius 5, scaled by powers of two */
	for (int k = -40; k <= 40; k += 8) {
		double s = ldexp(1.0, k);
		col_vec2 center = {7 * s, -3 * s};
		assert_int_equal(col_circle_point_side(center, 5 * s, (col_vec2){10 * s, s}), 0);
		assert_int_equal(col_circle_point_side(center, 5 * s, (col_vec2){nextafter(10 * s, 0), s}),
		                 -1);
		assert_int_equal(col_circle_point_side(center, nextafter(5 * s, 0), (col_vec2){10 * s, s}),
		                 1);
		assert_int_equal(
		    col_sphere_point_side((col_vec3){0, 0, 0}, 3 * s, (col_vec3){s, 2 * s, -2 * s}), 0);
		assert_int_equal(col_sphere_point_side((col_vec3){0, 0, 0}, 3 * s,
		                                       (col_vec3){s, 2 * s, nextafter(-2 * s, 0)}),
		                 -1);
	}

	/* the line through (0, 0) and (4, 3) is 5 from (-3, 4) */
	col_vec2 a = {0, 0}, b = {4, 3};
	assert_int_equal(col_circle_line_side((col_vec2){-3, 4}, 5, a, b), 0);
	assert_int_equal(col_circle_line_side((col_vec2){-3, 4}, nextafter(5, 6), a, b), -1);
	assert_int_equal(col_circle_line_side((col_vec2){-3, 4}, nextafter(5, 4), a, b), 1);

	/* tangent discs, and radii whose double sum rounds: 0.1 + 0.2 is not the double 0.3 */
	assert_int_equal(col_circle_circle_side(o, 2, (col_vec2){3, 4}, 3), 0);
	assert_int_equal(col_circle_circle_side(o, 2, (col_vec2){3, nextafter(4, 5)}, 3), 1);
	assert_int_equal(col_circle_circle_side(o, 0.5, (col_vec2){0.75, 0}, 0.25), 0);
	/* exactly, double(0.1) + double(0.2) > double(0.3); and 1 + 2^-60 rounds to 1 but overlaps */
	assert_int_equal(col_circle_circle_side(o, 0.1, (col_vec2){0.3, 0}, 0.2), -1);
	assert_int_equal(col_circle_circle_side(o, 1, (col_vec2){1, 0}, 0x1p-60), -1);
	assert_int_equal(col_circle_circle_side(o, 1, (col_vec2){nextafter(1, 2), 0}, 0x1p-60), 1);
	assert_int_equal(col_circle_circle_side(o, 0, o, 0), 0);
}

/* A classic: the points (0.5 + i ulp, 0.5 + j ulp) against the diagonal through (12, 12) and
 * (24, 24), where plain floating point answers inconsistently (Kettner et al. 2008). */
static void test_diagonal_grid(void **state)
{
	(void)state;
	tally t = {0, 0, 0};
	double in[6] = {0, 0, 12, 12, 24, 24};
	for (int i = 0; i < 256; i++) {
		for (int j = 0; j < 256; j++) {
			in[0] = 0.5 + i * 0x1p-53, in[1] = 0.5 + j * 0x1p-53;
			check_case(&predicates[0], "diagonal", i * 256 + j, in, &t);
		}
	}
	assert_int_equal(t.failures, 0);
	assert_true(t.zeros == 256); /* exactly the diagonal i == j */
}

/* Far below the filter's bound the exact path answers, and its value is the determinant rounded
 * once, not merely of the right sign. */
static void assert_exact_value(int index, const double *in)
{
	double exact_value, value = predicates[index].eval(in);
	predicates[index].exact(in, &exact_value);
	if (!(fabs(value - exact_value) <= 0x1p-50 * fabs(exact_value)) ||
	    (exact_value == 0.0) != (value == 0.0)) {
		report(&predicates[index], "exact value", 0, in, "value off");
		fprintf(stderr, "  value %a, exact %a\n", value, exact_value);
		fail();
	}
}

static void test_exact_values(void **state)
{
	(void)state;
	double wiggle = nextafter(-4, 0), below = nextafter(-2, -3);
	for (int k = 1; k <= 64; k++) {
		double diagonal[6] = {0.5, 0.5 + k * 0x1p-53, 12, 12, 24, 24};
		assert_exact_value(0, diagonal);
	}
	double plane[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.25, 0.5, 0x1p-60};
	assert_exact_value(1, plane);
	double circle[8] = {5, 0, 0, 5, -5, 0, 3, wiggle};
	assert_exact_value(2, circle);
	double sphere[15] = {3, 0, 0, 0, 3, 0, -3, 0, 0, 0, 0, -3, 1, 2, below};
	assert_exact_value(3, sphere);
}

static int setup(void **state)
{
	(void)state;
	seed = rng_env_seed(seed);
	for (int i = 0; i < MAX_INPUTS; i++)
		mpz_init(z[i]), mpz_init(m[i]);
	mpz_inits(ta, tb, tc, pivot, NULL);
	find_lattice_points();
	make_table();
	print_message("seed 0x%016llx (COLLIDE_SEED replays), %d cases per kind\n", (unsigned long long)seed,
	              COLLIDE_RANDOM_CASES);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (int i = 0; i < MAX_INPUTS; i++)
		mpz_clear(z[i]), mpz_clear(m[i]);
	mpz_clears(ta, tb, tc, pivot, NULL);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_orientation_conventions),
	    cmocka_unit_test(test_in_circle_and_sphere_conventions),
	    cmocka_unit_test(test_helper_conventions),
	    cmocka_unit_test(test_diagonal_grid),
	    cmocka_unit_test(test_exact_values),
	    cmocka_unit_test(test_orient2d),
	    cmocka_unit_test(test_orient3d),
	    cmocka_unit_test(test_incircle),
	    cmocka_unit_test(test_insphere),
	    cmocka_unit_test(test_dot2_sign),
	    cmocka_unit_test(test_dot3_sign),
	    cmocka_unit_test(test_circle_point_side),
	    cmocka_unit_test(test_sphere_point_side),
	    cmocka_unit_test(test_circle_line_side),
	    cmocka_unit_test(test_circle_circle_side),
	    cmocka_unit_test(test_sphere_sphere_side),
	    cmocka_unit_test(test_sphere_line_side),
	    cmocka_unit_test(test_sphere_plane_side),
	    cmocka_unit_test(test_prism_side),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
