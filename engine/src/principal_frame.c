/* The principal (PCA) frame of a set of triangles (source 001, section 5): a mean, a covariance, its
 * eigenvectors by cyclic Jacobi, and deterministic rules for order, sign and ties. */
#include <math.h>

#include "collide/obb.h"
#include "error.h"

typedef double mat3[3][3];

static col_vec3 vec_of(const double v[3])
{
	return (col_vec3){v[0], v[1], v[2]};
}

/* m += weight (v v^T). */
static void add_outer(mat3 m, col_vec3 v, double weight)
{
	double c[3] = {v.x, v.y, v.z};
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			m[i][j] += weight * c[i] * c[j];
}

/* The measure, mean and covariance (about the mean) of the triangles in the given mode. Two passes:
 * the second sums about the mean found by the first, so no large products cancel. */
static double moments(const col_triangle *tri, int n, col_centroid_mode mode, col_vec3 *mean, mat3 cov)
{
	col_vec3 corner_sum = {0.0, 0.0, 0.0};
	for (int i = 0; i < n; ++i)
		corner_sum =
		    col_vec3_add(corner_sum, col_vec3_add(tri[i].a, col_vec3_add(tri[i].b, tri[i].c)));
	col_vec3 corner_mean = col_vec3_scale(corner_sum, 1.0 / (3.0 * n));
	/* The reach of the corners from their mean: what an area or a volume is small against. */
	double reach = 0.0;
	for (int i = 0; i < n; ++i) {
		col_vec3 c[3] = {tri[i].a, tri[i].b, tri[i].c};
		for (int k = 0; k < 3; ++k) {
			col_vec3 d = col_vec3_sub(c[k], corner_mean);
			reach = fmax(reach, fmax(fabs(d.x), fmax(fabs(d.y), fabs(d.z))));
		}
	}
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			cov[i][j] = 0.0;
	double measure = 0.0;
	col_vec3 mu = corner_mean;
	if (mode == COL_CENTROID_PAPER) {
		measure = 3.0 * n;
		for (int i = 0; i < n; ++i) {
			add_outer(cov, col_vec3_sub(tri[i].a, mu), 1.0);
			add_outer(cov, col_vec3_sub(tri[i].b, mu), 1.0);
			add_outer(cov, col_vec3_sub(tri[i].c, mu), 1.0);
		}
	} else if (mode == COL_CENTROID_AREA) {
		/* A triangle's first moment is area (a + b + c) / 3 and its second area/12 (a a^T + b b^T +
		 * c c^T + s s^T), s = a + b + c: the simplex formula V / ((d + 1)(d + 2)) for d = 2. */
		col_vec3 first = {0.0, 0.0, 0.0};
		for (int i = 0; i < n; ++i) {
			col_vec3 a = col_vec3_sub(tri[i].a, corner_mean),
			         b = col_vec3_sub(tri[i].b, corner_mean),
			         c = col_vec3_sub(tri[i].c, corner_mean);
			double area =
			    0.5 * col_vec3_length(col_vec3_cross(col_vec3_sub(b, a), col_vec3_sub(c, a)));
			measure += area;
			first = col_vec3_add(first,
			                     col_vec3_scale(col_vec3_add(a, col_vec3_add(b, c)), area / 3.0));
		}
		/* Rounding leaves an area of collinear corners at about 1e-16 reach^2, not 0. */
		if (!(measure > 1e-14 * reach * reach))
			return 0.0;
		mu = col_vec3_add(corner_mean, col_vec3_scale(first, 1.0 / measure));
		for (int i = 0; i < n; ++i) {
			col_vec3 a = col_vec3_sub(tri[i].a, mu), b = col_vec3_sub(tri[i].b, mu),
			         c = col_vec3_sub(tri[i].c, mu);
			double area =
			    0.5 * col_vec3_length(col_vec3_cross(col_vec3_sub(b, a), col_vec3_sub(c, a)));
			double w = area / 12.0;
			add_outer(cov, a, w);
			add_outer(cov, b, w);
			add_outer(cov, c, w);
			add_outer(cov, col_vec3_add(a, col_vec3_add(b, c)), w);
		}
	} else {
		/* Signed tetrahedra (o, a, b, c) from one point o: their volumes add up to the solid's when
		 * the surface is closed and turned outward, wherever o is. A tetrahedron's first moment is V
		 * (o + a + b + c) / 4, its second V/20 (sum of v v^T over its 4 corners + s s^T), s their sum
		 * (d = 3). */
		col_vec3 first = {0.0, 0.0, 0.0};
		for (int i = 0; i < n; ++i) {
			col_vec3 a = col_vec3_sub(tri[i].a, corner_mean),
			         b = col_vec3_sub(tri[i].b, corner_mean),
			         c = col_vec3_sub(tri[i].c, corner_mean);
			double volume = col_vec3_dot(a, col_vec3_cross(b, c)) / 6.0;
			measure += volume;
			first = col_vec3_add(
			    first, col_vec3_scale(col_vec3_add(a, col_vec3_add(b, c)), volume / 4.0));
		}
		/* Likewise a flat or open surface whose tetrahedra cancel: about 1e-16 reach^3 of rounding.
		 */
		if (!(measure > 1e-14 * reach * reach * reach))
			return measure > 0.0 ? 0.0 : measure;
		mu = col_vec3_add(corner_mean, col_vec3_scale(first, 1.0 / measure));
		col_vec3 o = col_vec3_sub(corner_mean, mu);
		for (int i = 0; i < n; ++i) {
			col_vec3 a = col_vec3_sub(tri[i].a, mu), b = col_vec3_sub(tri[i].b, mu),
			         c = col_vec3_sub(tri[i].c, mu);
			double volume = col_vec3_dot(col_vec3_sub(a, o),
			                             col_vec3_cross(col_vec3_sub(b, o), col_vec3_sub(c, o))) /
			                6.0;
			double w = volume / 20.0;
			add_outer(cov, o, w);
			add_outer(cov, a, w);
			add_outer(cov, b, w);
			add_outer(cov, c, w);
			add_outer(cov, col_vec3_add(o, col_vec3_add(a, col_vec3_add(b, c))), w);
		}
	}
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			cov[i][j] /= measure;
	/* Exactly symmetric, whatever the order of the sums. */
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < i; ++j)
			cov[i][j] = cov[j][i] = 0.5 * (cov[i][j] + cov[j][i]);
	*mean = mu;
	return measure;
}

/* Cyclic Jacobi on the symmetric a: on return a is (nearly) diagonal and the columns of v are the
 * eigenvectors. Deterministic: the pairs are visited in a fixed order. Returns the sweeps taken. */
static int jacobi(mat3 a, mat3 v)
{
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			v[i][j] = i == j ? 1.0 : 0.0;
	double norm = 0.0;
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			norm += a[i][j] * a[i][j];
	norm = sqrt(norm);
	static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
	int sweep = 0;
	for (; sweep < 50; ++sweep) {
		double off = fabs(a[0][1]) + fabs(a[0][2]) + fabs(a[1][2]);
		if (!(off > 1e-20 * norm))
			break;
		for (int k = 0; k < 3; ++k) {
			int p = pairs[k][0], q = pairs[k][1];
			if (!(fabs(a[p][q]) > 1e-20 * norm))
				continue;
			/* The rotation that zeroes a[p][q], the smaller of the two angles (Golub and Van
			 * Loan). */
			double tau = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
			double t = (tau >= 0.0 ? 1.0 : -1.0) / (fabs(tau) + sqrt(1.0 + tau * tau));
			double c = 1.0 / sqrt(1.0 + t * t), s = t * c;
			for (int r = 0; r < 3; ++r) {
				double arp = a[r][p], arq = a[r][q];
				a[r][p] = c * arp - s * arq;
				a[r][q] = s * arp + c * arq;
			}
			for (int r = 0; r < 3; ++r) {
				double apr = a[p][r], aqr = a[q][r];
				a[p][r] = c * apr - s * aqr;
				a[q][r] = s * apr + c * aqr;
			}
			a[p][q] = a[q][p] = 0.0;
			for (int r = 0; r < 3; ++r) {
				double vrp = v[r][p], vrq = v[r][q];
				v[r][p] = c * vrp - s * vrq;
				v[r][q] = s * vrp + c * vrq;
			}
		}
	}
	return sweep;
}

/* The vector with its largest-magnitude component (the first on an exact tie) made positive. */
static col_vec3 sign_fixed(col_vec3 v)
{
	double c[3] = {v.x, v.y, v.z};
	int best = 0;
	for (int i = 1; i < 3; ++i)
		if (fabs(c[i]) > fabs(c[best]))
			best = i;
	return c[best] < 0.0 ? col_vec3_scale(v, -1.0) : v;
}

/* The parent axis most nearly orthogonal to u; a later axis only when nearer by more than rounding. */
static int most_orthogonal(const col_frame *parent, col_vec3 u)
{
	int best = 0;
	double best_dot = fabs(col_vec3_dot(parent->axes[0], u));
	for (int k = 1; k < 3; ++k) {
		double d = fabs(col_vec3_dot(parent->axes[k], u));
		if (d < best_dot - 1e-12) {
			best = k;
			best_dot = d;
		}
	}
	return best;
}

static col_vec3 orthogonal_part(col_vec3 v, col_vec3 u)
{
	return col_vec3_normalize(col_vec3_sub(v, col_vec3_scale(u, col_vec3_dot(v, u))));
}

static bool frame_ok(const col_frame *f)
{
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			if (fabs(col_vec3_dot(f->axes[i], f->axes[j]) - (i == j ? 1.0 : 0.0)) > 1e-9)
				return false;
	return true;
}

col_status col_principal_frame(const col_triangle *triangles, int triangle_count, col_centroid_mode mode,
                               const col_frame *parent, col_frame *frame, col_principal_info *info,
                               col_error *error)
{
	if (triangles == NULL || frame == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "principal frame: %s is NULL",
		                triangles == NULL ? "triangles" : "frame");
	if (triangle_count < 1)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "principal frame: triangle_count is %d (at least 1)", triangle_count);
	if (mode != COL_CENTROID_PAPER && mode != COL_CENTROID_AREA && mode != COL_CENTROID_VOLUME)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "principal frame: unknown centroid mode %d", (int)mode);
	col_frame model = col_frame_identity();
	if (parent == NULL)
		parent = &model;
	if (!col_vec3_is_finite(parent->origin) || !col_vec3_is_finite(parent->axes[0]) ||
	    !col_vec3_is_finite(parent->axes[1]) || !col_vec3_is_finite(parent->axes[2]))
		return col_fail(error, COL_ERROR_NOT_FINITE,
		                "principal frame: the parent frame has a NaN or infinite component");
	if (!frame_ok(parent))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "principal frame: the parent's axes are not orthonormal");
	for (int i = 0; i < triangle_count; ++i)
		if (!col_vec3_is_finite(triangles[i].a) || !col_vec3_is_finite(triangles[i].b) ||
		    !col_vec3_is_finite(triangles[i].c))
			return col_fail(error, COL_ERROR_NOT_FINITE,
			                "principal frame: triangle %d has a NaN or infinite corner", i);

	col_vec3 mean;
	mat3 cov;
	double measure = moments(triangles, triangle_count, mode, &mean, cov);
	if (mode == COL_CENTROID_AREA && !(measure > 0.0))
		return col_fail(error, COL_ERROR_DEGENERATE, "principal frame: the triangles have no area");
	if (mode == COL_CENTROID_VOLUME && !(measure > 0.0))
		return col_fail(
		    error, COL_ERROR_DEGENERATE,
		    "principal frame: the triangles enclose no volume (signed volume %g): volume mode "
		    "needs a closed surface turned outward",
		    measure);
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			if (!isfinite(cov[i][j]))
				return col_fail(error, COL_ERROR_NOT_FINITE,
				                "principal frame: the covariance overflows");

	mat3 a, v;
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			a[i][j] = cov[i][j];
	int sweeps = jacobi(a, v);
	/* Descending eigenvalues; the sort is stable, so exact ties keep Jacobi's order. */
	int order[3] = {0, 1, 2};
	for (int i = 1; i < 3; ++i)
		for (int k = i; k > 0 && a[order[k]][order[k]] > a[order[k - 1]][order[k - 1]]; --k) {
			int swap = order[k];
			order[k] = order[k - 1];
			order[k - 1] = swap;
		}
	double lambda[3];
	col_vec3 e[3];
	for (int k = 0; k < 3; ++k) {
		lambda[k] = a[order[k]][order[k]];
		double column[3] = {v[0][order[k]], v[1][order[k]], v[2][order[k]]};
		e[k] = vec_of(column);
	}
	double tie = COL_PRINCIPAL_TIE * fabs(lambda[0]);
	bool tie01 = lambda[0] - lambda[1] <= tie, tie12 = lambda[1] - lambda[2] <= tie;

	col_vec3 axes[3];
	int distinct = 3;
	if (tie01 && tie12) {
		distinct = 1;
		for (int k = 0; k < 3; ++k)
			axes[k] = parent->axes[k];
	} else if (tie12) {
		/* The first axis stands alone; the tied plane takes the parent axis that lies most in it. */
		distinct = 2;
		axes[0] = sign_fixed(col_vec3_normalize(e[0]));
		axes[1] = orthogonal_part(parent->axes[most_orthogonal(parent, axes[0])], axes[0]);
		axes[2] = col_vec3_cross(axes[0], axes[1]);
	} else if (tie01) {
		/* The third axis stands alone; the first two span the tied plane, taken from the parent. */
		distinct = 2;
		col_vec3 u = col_vec3_normalize(e[2]);
		axes[0] = orthogonal_part(parent->axes[most_orthogonal(parent, u)], u);
		col_vec3 second = col_vec3_cross(u, axes[0]);
		int nearest = 0;
		for (int k = 1; k < 3; ++k)
			if (fabs(col_vec3_dot(parent->axes[k], second)) >
			    fabs(col_vec3_dot(parent->axes[nearest], second)))
				nearest = k;
		axes[1] =
		    col_vec3_dot(parent->axes[nearest], second) < 0.0 ? col_vec3_scale(second, -1.0) : second;
		axes[2] = col_vec3_cross(axes[0], axes[1]);
	} else {
		axes[0] = sign_fixed(col_vec3_normalize(e[0]));
		axes[1] = sign_fixed(orthogonal_part(e[1], axes[0]));
		axes[2] = col_vec3_cross(axes[0], axes[1]);
	}
	frame->origin = mean;
	for (int k = 0; k < 3; ++k)
		frame->axes[k] = axes[k];
	if (info != NULL) {
		info->mean = mean;
		for (int i = 0; i < 3; ++i)
			for (int j = 0; j < 3; ++j)
				info->covariance[i][j] = cov[i][j];
		for (int k = 0; k < 3; ++k) {
			double c[3] = {axes[k].x, axes[k].y, axes[k].z}, q = 0.0;
			for (int i = 0; i < 3; ++i)
				for (int j = 0; j < 3; ++j)
					q += c[i] * cov[i][j] * c[j];
			info->eigenvalues[k] = q;
		}
		info->measure = measure;
		info->degenerate = distinct < 3;
		info->distinct = distinct;
		info->sweeps = sweeps;
	}
	return COL_OK;
}
