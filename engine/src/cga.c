/* Conformal geometric algebra: the 32-blade multivector, its products, the constructors of the
 * conformal objects and the geometry read back from them (source 003, ch. II; its conventions in
 * docs/cga.md). The meet and its classification are in cga_meet.c, the versors in cga_versor.c. */
#include "collide/cga.h"
#include "collide/predicates.h"
#include "collide/shapes3d.h"

#include "cga_internal.h"
#include "error.h"

#include <stdio.h>
#include <string.h>

/* ---- blades ---- */

int col_cga_blade_grade(int blade) { return __builtin_popcount((unsigned)blade & 31u); }

const char *col_cga_blade_name(int blade)
{
	static const char *const names[COL_CGA_BLADES] = {
	    "1",    "e1",   "e2",   "e12",   "e3",   "e13",   "e23",   "e123",   "e4",    "e14",   "e24",
	    "e124", "e34",  "e134", "e234",  "e1234", "e5",   "e15",   "e25",    "e125",  "e35",   "e135",
	    "e235", "e1235", "e45", "e145",  "e245",  "e1245", "e345", "e1345",  "e2345", "e12345"};
	return blade >= 0 && blade < COL_CGA_BLADES ? names[blade] : "?";
}

/* The sign of the product of basis blades a and b: the parity of the swaps that bring the vectors of
 * a b into increasing order (for each vector of a, the vectors of b below it), times e5^2 = -1 when
 * both hold e5. */
static inline double blade_product_sign(unsigned a, unsigned b)
{
	/* Only the parity counts: the parity of a sum of bit counts is the parity of the XOR of the
	 * words, folded to one bit by hand (without -mpopcnt, __builtin_popcount is a libgcc call, a
	 * third of the geometric product's time). */
	unsigned swapped = 0;
	for (unsigned rest = a >> 1; rest != 0; rest >>= 1)
		swapped ^= rest & b;
	swapped ^= swapped >> 4; /* blades are 5 bits */
	swapped ^= swapped >> 2;
	swapped ^= swapped >> 1;
	swapped ^= (a & b & 16u) >> 4;
	return swapped & 1u ? -1.0 : 1.0;
}

col_multivector col_cga_ni(void)
{
	col_multivector m = {0};
	m.c[8] = 1.0;
	m.c[16] = 1.0;
	return m;
}

col_multivector col_cga_no(void)
{
	col_multivector m = {0};
	m.c[8] = -0.5;
	m.c[16] = 0.5;
	return m;
}

col_multivector col_cga_pseudoscalar(void)
{
	col_multivector m = {0};
	m.c[COL_CGA_PSEUDOSCALAR] = 1.0;
	return m;
}

/* ---- products ---- */

/* Which pairs of blades a product keeps. */
enum product { GEOMETRIC, OUTER, LEFT_CONTRACTION };

static void product(const col_multivector *a, const col_multivector *b, enum product kind, col_multivector *out)
{
	col_multivector r = {0};
	/* Objects are sparse (a point has 5 of 32 coefficients): skipping zeros makes the general
	 * product cheap for them without a table per pair of kinds. */
	for (unsigned i = 0; i < COL_CGA_BLADES; i++) {
		double x = a->c[i];
		if (x == 0.0)
			continue;
		for (unsigned j = 0; j < COL_CGA_BLADES; j++) {
			double y = b->c[j];
			if (y == 0.0)
				continue;
			if (kind == OUTER && (i & j) != 0)
				continue;
			if (kind == LEFT_CONTRACTION && (i & ~j) != 0)
				continue;
			r.c[i ^ j] += blade_product_sign(i, j) * x * y;
		}
	}
	*out = r;
}

void col_cga_geometric_product(const col_multivector *a, const col_multivector *b, col_multivector *out)
{
	product(a, b, GEOMETRIC, out);
}

void col_cga_outer_product(const col_multivector *a, const col_multivector *b, col_multivector *out)
{
	product(a, b, OUTER, out);
}

void col_cga_left_contraction(const col_multivector *a, const col_multivector *b, col_multivector *out)
{
	product(a, b, LEFT_CONTRACTION, out);
}

double col_cga_scalar_product(const col_multivector *a, const col_multivector *b)
{
	double sum = 0.0;
	for (unsigned i = 0; i < COL_CGA_BLADES; i++)
		sum += blade_product_sign(i, i) * a->c[i] * b->c[i];
	return sum;
}

void col_cga_add(const col_multivector *a, const col_multivector *b, col_multivector *out)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		out->c[i] = a->c[i] + b->c[i];
}

void col_cga_subtract(const col_multivector *a, const col_multivector *b, col_multivector *out)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		out->c[i] = a->c[i] - b->c[i];
}

void col_cga_scale(const col_multivector *a, double s, col_multivector *out)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		out->c[i] = a->c[i] * s;
}

/* ---- unary operations ---- */

static double reverse_sign(int blade)
{
	int k = col_cga_blade_grade(blade);
	return (k * (k - 1) / 2) % 2 ? -1.0 : 1.0;
}

void col_cga_reverse(const col_multivector *a, col_multivector *out)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		out->c[i] = reverse_sign(i) * a->c[i];
}

void col_cga_involute(const col_multivector *a, col_multivector *out)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		out->c[i] = col_cga_blade_grade(i) % 2 ? -a->c[i] : a->c[i];
}

void col_cga_dual(const col_multivector *a, col_multivector *out)
{
	/* I b for each blade b is one blade, the complement of b: a permutation with signs. */
	col_multivector r;
	for (unsigned i = 0; i < COL_CGA_BLADES; i++)
		r.c[i ^ 31u] = blade_product_sign(31u, i) * a->c[i];
	*out = r;
}

void col_cga_undual(const col_multivector *a, col_multivector *out)
{
	col_cga_dual(a, out);
	col_cga_scale(out, -1.0, out);
}

void col_cga_grade_part(const col_multivector *a, int k, col_multivector *out)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		out->c[i] = col_cga_blade_grade(i) == k ? a->c[i] : 0.0;
}

int col_cga_grades(const col_multivector *a)
{
	int grades = 0;
	for (int i = 0; i < COL_CGA_BLADES; i++)
		if (a->c[i] != 0.0)
			grades |= 1 << col_cga_blade_grade(i);
	return grades;
}

double col_cga_magnitude(const col_multivector *a)
{
	double m = 0.0;
	for (int i = 0; i < COL_CGA_BLADES; i++) {
		double x = fabs(a->c[i]);
		m = x > m ? x : m;
	}
	return m;
}

int col_cga_grade_of(const col_multivector *a, double tolerance)
{
	double floor = tolerance * col_cga_magnitude(a);
	int grade = -1;
	for (int i = 0; i < COL_CGA_BLADES; i++) {
		if (!(fabs(a->c[i]) > floor) || a->c[i] == 0.0)
			continue;
		int k = col_cga_blade_grade(i);
		if (grade >= 0 && grade != k)
			return -1;
		grade = k;
	}
	return grade;
}

double col_cga_square(const col_multivector *a)
{
	col_multivector aa;
	col_cga_geometric_product(a, a, &aa);
	return aa.c[0];
}

double col_cga_norm2(const col_multivector *a)
{
	double sum = 0.0;
	for (unsigned i = 0; i < COL_CGA_BLADES; i++)
		sum += blade_product_sign(i, i) * reverse_sign((int)i) * a->c[i] * a->c[i];
	return sum;
}

double col_cga_norm(const col_multivector *a) { return sqrt(fabs(col_cga_norm2(a))); }

/* ---- inverse ---- */

/* Solves the 32 x 32 system of left multiplication by a, a x = 1, by Gaussian elimination with
 * partial pivoting. False when a pivot vanishes against the matrix's scale. */
static bool solve_inverse(const col_multivector *a, col_multivector *out)
{
	double m[COL_CGA_BLADES][COL_CGA_BLADES + 1];
	double scale = col_cga_magnitude(a);
	if (!(scale > 0.0) || !isfinite(scale))
		return false;
	/* Column j is a e_j: entry (i ^ j, j) gets sign(i, j) a_i. */
	for (unsigned r = 0; r < COL_CGA_BLADES; r++) {
		for (unsigned j = 0; j < COL_CGA_BLADES; j++) {
			unsigned i = r ^ j;
			m[r][j] = blade_product_sign(i, j) * a->c[i];
		}
		m[r][COL_CGA_BLADES] = r == 0 ? 1.0 : 0.0;
	}
	for (int col = 0; col < COL_CGA_BLADES; col++) {
		int pivot = col;
		for (int r = col + 1; r < COL_CGA_BLADES; r++)
			if (fabs(m[r][col]) > fabs(m[pivot][col]))
				pivot = r;
		if (!(fabs(m[pivot][col]) > 1e-12 * scale))
			return false;
		if (pivot != col)
			for (int k = 0; k <= COL_CGA_BLADES; k++) {
				double t = m[col][k];
				m[col][k] = m[pivot][k];
				m[pivot][k] = t;
			}
		for (int r = 0; r < COL_CGA_BLADES; r++) {
			if (r == col || m[r][col] == 0.0)
				continue;
			double f = m[r][col] / m[col][col];
			for (int k = col; k <= COL_CGA_BLADES; k++)
				m[r][k] -= f * m[col][k];
		}
	}
	for (int r = 0; r < COL_CGA_BLADES; r++)
		out->c[r] = m[r][COL_CGA_BLADES] / m[r][r];
	return true;
}

col_status col_cga_inverse(const col_multivector *a, col_multivector *out, col_error *error)
{
	if (!cga_all_finite(a))
		return col_fail(error, COL_ERROR_NOT_FINITE, "cga: inverse of a multivector with a NaN or infinite coefficient");
	/* Blades and versors: a ~a is a scalar, and ~a / (a ~a) is the inverse. */
	col_multivector reversed, product_with_reverse;
	col_cga_reverse(a, &reversed);
	col_cga_geometric_product(a, &reversed, &product_with_reverse);
	double s = product_with_reverse.c[0];
	double scale = col_cga_magnitude(a);
	product_with_reverse.c[0] = 0.0;
	if (fabs(s) > 1e-12 * scale * scale && col_cga_magnitude(&product_with_reverse) <= 1e-13 * fabs(s)) {
		col_cga_scale(&reversed, 1.0 / s, out);
		return COL_OK;
	}
	col_multivector solved;
	if (!solve_inverse(a, &solved))
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: the multivector has no inverse");
	*out = solved;
	return COL_OK;
}

/* ---- the null basis ---- */

/* Per Euclidean blade B (bits 0-2): e4 = ni/2 - no, e5 = ni/2 + no, e4 e5 = -no ^ ni. */
void col_cga_to_null_basis(const col_multivector *a, double out[COL_CGA_BLADES])
{
	for (int b = 0; b < 8; b++) {
		double c4 = a->c[b | 8], c5 = a->c[b | 16];
		out[b] = a->c[b];
		out[b | 8] = c5 - c4;          /* no */
		out[b | 16] = 0.5 * (c4 + c5); /* ni */
		out[b | 24] = -a->c[b | 24];
	}
}

void col_cga_from_null_basis(const double in[COL_CGA_BLADES], col_multivector *out)
{
	for (int b = 0; b < 8; b++) {
		double no = in[b | 8], ni = in[b | 16];
		out->c[b] = in[b];
		out->c[b | 8] = ni - 0.5 * no;
		out->c[b | 16] = ni + 0.5 * no;
		out->c[b | 24] = -in[b | 24];
	}
}

/* The name of null-basis blade k: Euclidean part "e12", then "^no", "^ni". */
static void null_blade_name(int k, char name[16])
{
	int at = 0;
	if (k & 7) {
		name[at++] = 'e';
		for (int i = 0; i < 3; i++)
			if (k & (1 << i))
				name[at++] = (char)('1' + i);
	}
	if (k & 8) {
		if (at)
			name[at++] = '^';
		memcpy(name + at, "no", 2);
		at += 2;
	}
	if (k & 16) {
		if (at)
			name[at++] = '^';
		memcpy(name + at, "ni", 2);
		at += 2;
	}
	name[at] = '\0';
}

size_t col_cga_format(const col_multivector *a, char *buffer, size_t size)
{
	double null[COL_CGA_BLADES];
	col_cga_to_null_basis(a, null);
	double largest = 0.0;
	for (int i = 0; i < COL_CGA_BLADES; i++)
		largest = fabs(null[i]) > largest ? fabs(null[i]) : largest;
	if (size > 0)
		buffer[0] = '\0';
	size_t length = 0;
	/* By grade, then by blade, so a point reads e1, e2, e3, no, ni. Rounding dust (below 1e-13 of
	 * the largest coefficient) is left out. */
	for (int grade = 0; grade <= 5; grade++) {
		for (int k = 0; k < COL_CGA_BLADES; k++) {
			double x = null[k];
			if (col_cga_blade_grade(k) != grade || x == 0.0 || (fabs(x) <= 1e-13 * largest))
				continue;
			char name[16], term[64];
			null_blade_name(k, name);
			const char *sign = length == 0 ? (x < 0.0 ? "-" : "") : (x < 0.0 ? " - " : " + ");
			int n = k != 0 && fabs(x) == 1.0 ? snprintf(term, sizeof term, "%s%s", sign, name)
			        : k == 0                 ? snprintf(term, sizeof term, "%s%.12g", sign, fabs(x))
			                                 : snprintf(term, sizeof term, "%s%.12g %s", sign, fabs(x), name);
			if (n <= 0)
				continue;
			if (length + (size_t)n < size)
				memcpy(buffer + length, term, (size_t)n + 1);
			else if (length + 1 < size) {
				memcpy(buffer + length, term, size - length - 1);
				buffer[size - 1] = '\0';
			}
			length += (size_t)n;
		}
	}
	if (length == 0) {
		if (size > 1)
			memcpy(buffer, "0", 2);
		return 1;
	}
	return length;
}

/* ---- kinds ---- */

const char *col_cga_kind_name(col_cga_kind kind)
{
	static const char *const names[COL_CGA_KIND_COUNT] = {
	    [COL_CGA_NONE] = "none",         [COL_CGA_SCALAR] = "scalar",         [COL_CGA_POINT] = "point",
	    [COL_CGA_DUAL_ROUND] = "dual round", [COL_CGA_POINT_PAIR] = "point pair", [COL_CGA_FLAT_POINT] = "flat point",
	    [COL_CGA_CIRCLE] = "circle",     [COL_CGA_LINE] = "line",             [COL_CGA_SPHERE] = "sphere",
	    [COL_CGA_PLANE] = "plane",       [COL_CGA_PSEUDO] = "pseudoscalar",   [COL_CGA_MIXED] = "mixed"};
	return (int)kind >= 0 && kind < COL_CGA_KIND_COUNT ? names[kind] : "unknown";
}

bool cga_all_finite(const col_multivector *a)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		if (!isfinite(a->c[i]))
			return false;
	return true;
}

col_cga_kind col_cga_kind_of(const col_multivector *a)
{
	if (!cga_all_finite(a))
		return COL_CGA_MIXED;
	double scale = col_cga_magnitude(a);
	if (scale == 0.0)
		return COL_CGA_NONE;
	int grade = col_cga_grade_of(a, CGA_ZERO);
	switch (grade) {
	case 0:
		return COL_CGA_SCALAR;
	case 5:
		return COL_CGA_PSEUDO;
	case 1: {
		double sum = 0.0;
		for (int i = 0; i < COL_CGA_BLADES; i++)
			sum += a->c[i] * a->c[i];
		return fabs(col_cga_square(a)) <= CGA_ZERO * sum ? COL_CGA_POINT : COL_CGA_DUAL_ROUND;
	}
	case 2:
	case 3:
	case 4: {
		/* Flat when ni ^ a = 0, i.e. when every null-basis coefficient lacking ni vanishes. A far
		 * round is nearly flat relative to its size (a unit sphere 10^6 from the origin has a no
		 * part 10^-12 of its ni part), so the threshold is close to rounding. */
		double null[COL_CGA_BLADES], largest = 0.0, without_ni = 0.0;
		col_cga_to_null_basis(a, null);
		for (int k = 0; k < COL_CGA_BLADES; k++) {
			largest = fmax(largest, fabs(null[k]));
			if (!(k & 16))
				without_ni = fmax(without_ni, fabs(null[k]));
		}
		bool flat = without_ni <= CGA_WEIGHT_ZERO * largest;
		static const col_cga_kind rounds[5] = {0, 0, COL_CGA_POINT_PAIR, COL_CGA_CIRCLE, COL_CGA_SPHERE};
		static const col_cga_kind flats[5] = {0, 0, COL_CGA_FLAT_POINT, COL_CGA_LINE, COL_CGA_PLANE};
		return flat ? flats[grade] : rounds[grade];
	}
	default:
		return COL_CGA_MIXED;
	}
}

/* ---- constructors ---- */

/* A vector's coordinates in the engine's one range (common.h), named "cga: <what> x". */
static col_status check_range3(col_vec3 v, const char *what, col_error *error)
{
	col_status status = col_check_coordinate(error, v.x, "cga: %s x", what);
	if (!status)
		status = col_check_coordinate(error, v.y, "cga: %s y", what);
	if (!status)
		status = col_check_coordinate(error, v.z, "cga: %s z", what);
	return status;
}

static col_status check_points(const col_vec3 *p, int count, const char *what, col_error *error)
{
	for (int i = 0; i < count; i++)
		if (!col_vec3_is_finite(p[i]))
			return col_fail(error, COL_ERROR_NOT_FINITE, "cga: %s: point %d is not finite", what, i + 1);
	for (int i = 0; i < count; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s: point %d", what, i + 1);
		col_status status = check_range3(p[i], name, error);
		if (status)
			return status;
	}
	return COL_OK;
}

static void point_blade(col_vec3 p, col_multivector *out) { col_cga_vector_to_multivector(col_cga_vector_point(p), out); }

/* X_1 ^ ... ^ X_count: the OPNS round through the points. */
static void points_wedge(const col_vec3 *p, int count, col_multivector *out)
{
	col_multivector x, result;
	point_blade(p[0], &result);
	for (int i = 1; i < count; i++) {
		point_blade(p[i], &x);
		col_cga_outer_product(&result, &x, &result);
	}
	*out = result;
}

/* A round's blade into out, unless rounding has made it a flat: a round small beside its distance
 * from the origin (a unit sphere 10^8 away) keeps a weight (its no part) below the rounding of its
 * other coefficients, and every later test would take it for a plane, line or flat point. */
static col_status round_or_fail(const col_multivector *made, col_cga_kind flat, const char *what,
                                col_multivector *out, col_error *error)
{
	if (col_cga_kind_of(made) == flat)
		return col_fail(error, COL_ERROR_DEGENERATE,
		                "cga: %s: too small for its distance from the origin: its blade cannot be told "
		                "from a %s",
		                what, col_cga_kind_name(flat));
	*out = *made;
	return COL_OK;
}

/* Whether a round's blade still holds the squared radius it was made with: its ni part, (|c|^2 -
 * r^2) / 2 beside a no part of 1, is lost to rounding for a round much smaller than 1 near the
 * origin (a sphere of radius 0 at 1e-10 reads back as one through the origin). Allowed: 1e-6 of
 * r^2, and 1e-9 of |c|^2 for the rounding of the ni part far away (the meet allows for that). */
static bool holds_radius(const col_multivector *made, double radius2)
{
	col_cga_geometry g;
	col_error ignored;
	if (col_cga_geometry_of(made, &g, &ignored) != COL_OK || !isfinite(g.radius2))
		return false;
	double slack = 1e-6 * radius2 + 1e-9 * col_vec3_dot(g.center, g.center);
	return fabs(g.radius2 - radius2) <= slack;
}

/* The same for a round made through points: each must lie on the round read back. */
static bool holds_points(const col_multivector *made, const col_vec3 *p, int count)
{
	col_cga_geometry g;
	col_error ignored;
	if (col_cga_geometry_of(made, &g, &ignored) != COL_OK || !isfinite(g.radius2))
		return false;
	double slack = 1e-6 * fabs(g.radius2) + 1e-9 * col_vec3_dot(g.center, g.center);
	for (int i = 0; i < count; i++) {
		col_vec3 d = col_vec3_sub(p[i], g.center);
		if (!(fabs(col_vec3_dot(d, d) - g.radius2) <= slack))
			return false;
	}
	return true;
}

static col_status lost_fail(const char *what, col_error *error)
{
	return col_fail(error, COL_ERROR_DEGENERATE,
	                "cga: %s: too small for the conformal blade to hold its radius (its size squared is "
	                "lost beside 1)",
	                what);
}

col_status col_cga_point(col_vec3 p, col_multivector *out, col_error *error)
{
	col_status status = check_points(&p, 1, "point", error);
	if (status)
		return status;
	point_blade(p, out);
	return COL_OK;
}

void col_cga_vector_to_multivector(col_cga_vector v, col_multivector *out)
{
	*out = (col_multivector){0};
	out->c[1] = v.e.x;
	out->c[2] = v.e.y;
	out->c[4] = v.e.z;
	out->c[8] = v.ni - 0.5 * v.no;
	out->c[16] = v.ni + 0.5 * v.no;
}

void col_cga_plucker_to_multivector(col_cga_plucker line, col_multivector *out)
{
	/* X_p ^ X_q ^ ni = (p ^ q) ^ ni + d ^ e45: the moment's bivector on e_ij ^ ni (equal e_ij4 and
	 * e_ij5 parts), the direction on e_i45. */
	*out = (col_multivector){0};
	col_vec3 m = line.moment, d = line.direction;
	out->c[3 | 8] = out->c[3 | 16] = m.z;   /* e12 */
	out->c[5 | 8] = out->c[5 | 16] = -m.y;  /* e13 = -e31 */
	out->c[6 | 8] = out->c[6 | 16] = m.x;   /* e23 */
	out->c[1 | 24] = d.x;
	out->c[2 | 24] = d.y;
	out->c[4 | 24] = d.z;
}

static col_status check_radius(double radius, const char *what, col_error *error)
{
	if (!isfinite(radius) || radius < 0.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: %s: radius %g is not a finite number >= 0", what,
		                radius);
	return col_check_coordinate(error, radius, "cga: %s: radius", what);
}

col_status col_cga_dual_sphere(col_vec3 center, double radius, col_multivector *out, col_error *error)
{
	col_status status = check_points(&center, 1, "sphere", error);
	if (!status)
		status = check_radius(radius, "sphere", error);
	if (status)
		return status;
	/* Its OPNS form must hold the sphere, as col_cga_sphere requires. */
	col_multivector dual, opns;
	col_cga_vector_to_multivector(col_cga_vector_sphere(center, radius), &dual);
	col_cga_undual(&dual, &opns);
	if (col_cga_kind_of(&opns) != COL_CGA_PLANE && !holds_radius(&opns, radius * radius))
		return lost_fail("sphere", error);
	status = round_or_fail(&opns, COL_CGA_PLANE, "sphere", &opns, error);
	if (!status)
		*out = dual;
	return status;
}

col_status col_cga_sphere(col_vec3 center, double radius, col_multivector *out, col_error *error)
{
	col_multivector made;
	col_status status = col_cga_dual_sphere(center, radius, &made, error);
	if (!status)
		col_cga_undual(&made, out);
	return status;
}

col_status col_cga_sphere_through(const col_vec3 p[4], col_multivector *out, col_error *error)
{
	col_status status = check_points(p, 4, "sphere", error);
	if (status)
		return status;
	if (col_orient3d(p[0], p[1], p[2], p[3]) == 0.0)
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: sphere: the four points are coplanar");
	col_multivector made;
	points_wedge(p, 4, &made);
	if (col_cga_kind_of(&made) != COL_CGA_PLANE && !holds_points(&made, p, 4))
		return lost_fail("sphere", error);
	return round_or_fail(&made, COL_CGA_PLANE, "sphere", out, error);
}

col_status col_cga_dual_plane(col_vec3 normal, double distance, col_multivector *out, col_error *error)
{
	if (!col_vec3_is_finite(normal) || !isfinite(distance))
		return col_fail(error, COL_ERROR_NOT_FINITE, "cga: plane: normal or distance is not finite");
	if (normal.x == 0.0 && normal.y == 0.0 && normal.z == 0.0)
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: plane: the normal is zero");
	col_status status = check_range3(normal, "plane: normal", error);
	if (!status)
		status = col_check_coordinate(error, distance, "cga: plane: distance");
	if (status)
		return status;
	col_cga_vector_to_multivector(col_cga_vector_plane(normal, distance), out);
	return COL_OK;
}

col_status col_cga_plane(col_vec3 normal, double distance, col_multivector *out, col_error *error)
{
	col_status status = col_cga_dual_plane(normal, distance, out, error);
	if (!status)
		col_cga_undual(out, out);
	return status;
}

static bool collinear(col_vec3 a, col_vec3 b, col_vec3 c) { return col_triangle_is_degenerate((col_triangle){a, b, c}); }

col_status col_cga_plane_through(const col_vec3 p[3], col_multivector *out, col_error *error)
{
	col_status status = check_points(p, 3, "plane", error);
	if (status)
		return status;
	if (collinear(p[0], p[1], p[2]))
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: plane: the three points are collinear");
	col_multivector circle, ni = col_cga_ni();
	points_wedge(p, 3, &circle);
	col_cga_outer_product(&circle, &ni, out);
	return COL_OK;
}

/* Two finite, distinct points: what a line and a point pair need. */
static col_status check_two_points(const col_vec3 both[2], const char *what, col_error *error)
{
	col_status status = check_points(both, 2, what, error);
	if (!status && col_vec3_equal(both[0], both[1]))
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: %s: the two points are equal", what);
	return status;
}

col_status col_cga_line(col_vec3 p, col_vec3 q, col_multivector *out, col_error *error)
{
	col_vec3 both[2] = {p, q};
	col_status status = check_two_points(both, "line", error);
	if (status)
		return status;
	col_cga_plucker_to_multivector(col_cga_plucker_through(p, q), out);
	return COL_OK;
}

/* Three finite points that span a circle (col_cga_circle and col_cga_round_circle). */
static col_status check_circle_points(const col_vec3 p[3], col_error *error)
{
	col_status status = check_points(p, 3, "circle", error);
	if (status)
		return status;
	if (collinear(p[0], p[1], p[2]))
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: circle: the three points are collinear");
	return COL_OK;
}

col_status col_cga_circle(const col_vec3 p[3], col_multivector *out, col_error *error)
{
	col_status status = check_circle_points(p, error);
	if (status)
		return status;
	col_multivector made;
	points_wedge(p, 3, &made);
	if (col_cga_kind_of(&made) != COL_CGA_LINE && !holds_points(&made, p, 3))
		return lost_fail("circle", error);
	return round_or_fail(&made, COL_CGA_LINE, "circle", out, error);
}

col_status col_cga_circle_around(col_vec3 center, col_vec3 normal, double radius, col_multivector *out,
                                 col_error *error)
{
	col_status status = check_points(&center, 1, "circle", error);
	if (!status)
		status = check_radius(radius, "circle", error);
	if (status)
		return status;
	if (!col_vec3_is_finite(normal))
		return col_fail(error, COL_ERROR_NOT_FINITE, "cga: circle: the normal is not finite");
	status = check_range3(normal, "circle: normal", error);
	if (status)
		return status;
	double length = col_vec3_length(normal);
	if (!(length > 0.0))
		return col_fail(error, COL_ERROR_DEGENERATE, "cga: circle: the normal is zero");
	/* The dual circle is the dual sphere ^ the dual plane through its centre; undual gives the OPNS
	 * circle, oriented (up to weight) as X1 ^ X2 ^ X3 for points counter-clockwise about normal. */
	col_vec3 n = col_vec3_scale(normal, 1.0 / length);
	col_multivector sphere, plane, dual_circle;
	col_cga_vector_to_multivector(col_cga_vector_sphere(center, radius), &sphere);
	col_cga_vector_to_multivector(col_cga_vector_plane(n, col_vec3_dot(n, center)), &plane);
	col_cga_outer_product(&sphere, &plane, &dual_circle);
	col_cga_undual(&dual_circle, &dual_circle);
	if (col_cga_kind_of(&dual_circle) != COL_CGA_LINE && !holds_radius(&dual_circle, radius * radius))
		return lost_fail("circle", error);
	return round_or_fail(&dual_circle, COL_CGA_LINE, "circle", out, error);
}

col_status col_cga_point_pair(col_vec3 p, col_vec3 q, col_multivector *out, col_error *error)
{
	col_vec3 both[2] = {p, q};
	col_status status = check_two_points(both, "point pair", error);
	if (status)
		return status;
	col_multivector made;
	points_wedge(both, 2, &made);
	if (col_cga_kind_of(&made) != COL_CGA_FLAT_POINT && !holds_points(&made, both, 2))
		return lost_fail("point pair", error);
	return round_or_fail(&made, COL_CGA_FLAT_POINT, "point pair", out, error);
}

/* ---- geometry ---- */

static col_vec3 euclidean_part(const col_multivector *a) { return (col_vec3){a->c[1], a->c[2], a->c[4]}; }

/* A dual sphere or plane (a grade-1 vector), read as centre and squared radius or as normal and
 * distance. */
static bool dual_round_geometry(const col_multivector *v, col_cga_geometry *g)
{
	double no = v->c[16] - v->c[8], ni = 0.5 * (v->c[8] + v->c[16]);
	col_vec3 e = euclidean_part(v);
	double scale = fmax(col_vec3_length(e), fabs(ni));
	if (fabs(no) <= CGA_WEIGHT_ZERO * scale) {
		double length = col_vec3_length(e);
		if (!(length > 0.0))
			return false;
		g->direction = col_vec3_scale(e, 1.0 / length);
		g->distance = ni / length;
		g->center = col_vec3_scale(g->direction, g->distance);
		g->weight = length;
		g->radius2 = 0.0;
		return true;
	}
	/* Normalised (no part 1): s = c + no + (|c|^2 - r^2)/2 ni, s^2 = r^2. */
	g->center = col_vec3_scale(e, 1.0 / no);
	g->radius2 = col_vec3_length_squared(g->center) - 2.0 * ni / no;
	g->weight = fabs(no);
	g->direction = (col_vec3){0.0, 0.0, 0.0};
	g->distance = 0.0;
	return true;
}

/* The centre of a round: A ni A is (a multiple of) a point or dual sphere there. */
static bool round_center(const col_multivector *a, col_vec3 *center)
{
	col_multivector ni = col_cga_ni(), t;
	col_cga_geometric_product(a, &ni, &t);
	col_cga_geometric_product(&t, a, &t);
	double no = t.c[16] - t.c[8];
	if (!(fabs(no) > 0.0))
		return false;
	*center = col_vec3_scale(euclidean_part(&t), 1.0 / no);
	return col_vec3_is_finite(*center);
}

/* Plucker coordinates of a line's blade (the inverse of col_cga_plucker_to_multivector). */
col_cga_plucker col_cga_plucker_of(const col_multivector *a)
{
	col_cga_plucker line;
	line.direction = (col_vec3){a->c[1 | 24], a->c[2 | 24], a->c[4 | 24]};
	line.moment = (col_vec3){0.5 * (a->c[6 | 8] + a->c[6 | 16]), -0.5 * (a->c[5 | 8] + a->c[5 | 16]),
	                         0.5 * (a->c[3 | 8] + a->c[3 | 16])};
	return line;
}

/* ---- compact rounds ---- */

/* The round's dual sphere s_c (its centre and radius2, unit weight) and its carrier flat. */
static void round_parts(col_cga_round round, col_multivector *sphere, col_multivector *carrier)
{
	col_cga_vector s = col_cga_vector_sphere(round.center, 0.0);
	s.ni -= 0.5 * round.radius2;
	col_cga_vector_to_multivector(s, sphere);
	if (round.grade == 3)
		col_cga_vector_to_multivector(
		    col_cga_vector_plane(round.direction, col_vec3_dot(round.direction, round.center)),
		    carrier);
	else
		col_cga_plucker_to_multivector(
		    (col_cga_plucker){round.direction, col_vec3_cross(round.center, round.direction)},
		    carrier);
}

void col_cga_round_to_multivector(col_cga_round round, col_multivector *out)
{
	col_multivector s, carrier, r = {0};
	round_parts(round, &s, &carrier);
	if (round.grade == 3) {
		/* undual(s ^ pi): the wedge of two vectors touches the 10 bivector blades only. */
		for (unsigned i = 1; i < 32u; i <<= 1)
			for (unsigned j = i << 1; j < 32u; j <<= 1)
				r.c[i | j] = s.c[i] * carrier.c[j] - s.c[j] * carrier.c[i];
		col_cga_undual(&r, out);
		return;
	}
	/* -(s _| L): each vector blade of s contracted out of each of the line's trivector blades that
	 * holds it, with the metric's sign. */
	for (unsigned i = 1; i < 32u; i <<= 1)
		for (unsigned t = 0; t < 32u; t++)
			if ((t & i) && __builtin_popcount(t) == 3)
				r.c[t ^ i] -= blade_product_sign(i, t) * s.c[i] * carrier.c[t];
	*out = r;
}

col_status col_cga_round_circle(const col_vec3 p[3], col_cga_round *out, col_error *error)
{
	col_status status = check_circle_points(p, error);
	if (status)
		return status;
	col_vec3 a = col_vec3_sub(p[1], p[0]), b = col_vec3_sub(p[2], p[0]), n = col_vec3_cross(a, b);
	double a2 = col_vec3_dot(a, a), b2 = col_vec3_dot(b, b), n2 = col_vec3_dot(n, n);
	col_vec3 offset = col_vec3_scale(
	    col_vec3_add(col_vec3_scale(col_vec3_cross(b, n), a2), col_vec3_scale(col_vec3_cross(n, a), b2)),
	    0.5 / n2);
	col_vec3 ab = col_vec3_sub(a, b);
	*out = (col_cga_round){col_vec3_add(p[0], offset), n, a2 * b2 * col_vec3_dot(ab, ab) / (4.0 * n2), 3};
	return COL_OK;
}

col_status col_cga_round_of(const col_multivector *a, col_cga_round *out, col_error *error)
{
	col_cga_geometry g;
	col_status status = col_cga_geometry_of(a, &g, error);
	if (status)
		return status;
	if (g.kind != COL_CGA_POINT_PAIR && g.kind != COL_CGA_CIRCLE)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "cga: a %s is not a round (point pair or circle)", col_cga_kind_name(g.kind));
	/* The unit-weight round with the geometry's centre, radius and direction; its largest
	 * coefficient gives a's weight and orientation. */
	col_cga_round round = {g.center, g.direction, g.radius2, g.kind == COL_CGA_CIRCLE ? 3 : 2};
	col_multivector unit;
	col_cga_round_to_multivector(round, &unit);
	int largest = 0;
	for (int k = 1; k < COL_CGA_BLADES; k++)
		if (fabs(unit.c[k]) > fabs(unit.c[largest]))
			largest = k;
	round.direction = col_vec3_scale(round.direction, a->c[largest] / unit.c[largest]);
	*out = round;
	return COL_OK;
}

static void line_geometry(col_cga_plucker line, col_cga_geometry *g)
{
	double length2 = col_vec3_length_squared(line.direction);
	g->weight = sqrt(length2);
	g->direction = col_vec3_scale(line.direction, 1.0 / g->weight);
	g->center = col_vec3_scale(col_vec3_cross(line.direction, line.moment), 1.0 / length2);
}

col_status col_cga_geometry_of(const col_multivector *a, col_cga_geometry *out, col_error *error)
{
	col_cga_geometry g = {0};
	g.kind = col_cga_kind_of(a);
	col_multivector ni = col_cga_ni();
	switch (g.kind) {
	case COL_CGA_POINT: {
		double weight = -col_cga_scalar_product(a, &ni);
		if (!(fabs(weight) > CGA_WEIGHT_ZERO * col_cga_magnitude(a)))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a point at infinity has no position");
		g.weight = weight;
		g.center = col_vec3_scale(euclidean_part(a), 1.0 / weight);
		g.points[0] = g.points[1] = g.center;
		break;
	}
	case COL_CGA_DUAL_ROUND:
		if (!dual_round_geometry(a, &g))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a dual round at infinity has no geometry");
		break;
	case COL_CGA_FLAT_POINT: {
		/* w (no ^ ni + x ^ ni): the no^ni coefficient is -c[e45]. */
		double weight = -a->c[24];
		if (!(fabs(weight) > CGA_WEIGHT_ZERO * col_cga_magnitude(a)))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a flat point at infinity has no position");
		g.weight = weight;
		g.center = (col_vec3){0.5 * (a->c[1 | 8] + a->c[1 | 16]) / weight, 0.5 * (a->c[2 | 8] + a->c[2 | 16]) / weight,
		                      0.5 * (a->c[4 | 8] + a->c[4 | 16]) / weight};
		g.points[0] = g.points[1] = g.center;
		break;
	}
	case COL_CGA_LINE: {
		col_cga_plucker line = col_cga_plucker_of(a);
		if (!(col_vec3_length_squared(line.direction) > 0.0))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a line at infinity has no position");
		line_geometry(line, &g);
		break;
	}
	case COL_CGA_PLANE:
	case COL_CGA_SPHERE: {
		col_multivector dual;
		col_cga_dual(a, &dual);
		col_cga_kind kind = g.kind;
		if (!dual_round_geometry(&dual, &g))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a %s at infinity has no geometry",
			                col_cga_kind_name(kind));
		break;
	}
	case COL_CGA_POINT_PAIR:
	case COL_CGA_CIRCLE: {
		col_multivector contracted;
		col_cga_left_contraction(&ni, a, &contracted);
		double weight2 = col_cga_square(&contracted);
		if (!(fabs(weight2) > 0.0) || !round_center(a, &g.center))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a %s at infinity has no geometry",
			                col_cga_kind_name(g.kind));
		double square = col_cga_square(a);
		g.radius2 = (g.kind == COL_CGA_CIRCLE ? -square : square) / weight2;
		g.weight = sqrt(fabs(weight2));
		/* The carrier: a ^ ni, a line for a pair, a plane for a circle. */
		col_multivector carrier;
		col_cga_outer_product(a, &ni, &carrier);
		if (g.kind == COL_CGA_POINT_PAIR) {
			col_vec3 d = col_cga_plucker_of(&carrier).direction;
			g.direction = col_vec3_normalize(d);
			g.points[0] = g.points[1] = g.center;
			if (g.radius2 > 0.0) {
				/* X+- = (P -+ sqrt(P^2)) (ni _| P), each a point up to weight. */
				double root = sqrt(square);
				for (int side = 0; side < 2; side++) {
					col_multivector p = *a, x;
					p.c[0] = side ? root : -root;
					col_cga_geometric_product(&p, &contracted, &x);
					double w = x.c[16] - x.c[8]; /* -x . ni */
					g.points[side] = col_vec3_scale(euclidean_part(&x), 1.0 / w);
				}
			}
		} else {
			col_multivector normal;
			col_cga_dual(&carrier, &normal);
			g.direction = col_vec3_normalize(euclidean_part(&normal));
			g.points[0] = g.points[1] = g.center;
		}
		break;
	}
	default:
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: a %s is not a geometric object",
		                col_cga_kind_name(g.kind));
	}
	if (!col_vec3_is_finite(g.center) || !isfinite(g.radius2))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: the %s's geometry is not finite",
		                col_cga_kind_name(g.kind));
	*out = g;
	return COL_OK;
}
