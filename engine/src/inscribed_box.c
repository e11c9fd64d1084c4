/* The largest box inside a convex polytope given by planes (source 001, section 4): a start from the
 * polytope's Chebyshev centre (a small linear program), then the primal log-barrier Newton method that
 * replaces the paper's KNITRO. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "collide/obb.h"
#include "error.h"

/* ---- a small dense simplex: min c . x, A x = b, x >= 0, with at most 4 rows ---- */

enum { LP_MAX_ROWS = 4 };

typedef enum lp_result { LP_OPTIMAL, LP_INFEASIBLE, LP_UNBOUNDED, LP_STALLED } lp_result;

typedef struct lp {
	int rows;               /* k <= LP_MAX_ROWS equality rows */
	int columns;            /* m problem columns; the k artificial columns follow them */
	int width;              /* m + k + 1: the right-hand side is the last column */
	double *t;              /* (k + 1) x width tableau, the objective row last */
	int basis[LP_MAX_ROWS]; /* the column basic in each row */
	double sign[LP_MAX_ROWS];
} lp;

static double *lp_at(const lp *p, int row, int column)
{
	return p->t + (size_t)row * (size_t)p->width + column;
}

static void lp_pivot(lp *p, int row, int column)
{
	double *pivot_row = lp_at(p, row, 0);
	double inverse = 1.0 / pivot_row[column];
	for (int c = 0; c < p->width; ++c)
		pivot_row[c] *= inverse;
	pivot_row[column] = 1.0;
	for (int r = 0; r <= p->rows; ++r) {
		if (r == row)
			continue;
		double *other = lp_at(p, r, 0);
		double f = other[column];
		if (f == 0.0)
			continue;
		for (int c = 0; c < p->width; ++c)
			other[c] -= f * pivot_row[c];
		other[column] = 0.0;
	}
	p->basis[row] = column;
}

/* Simplex iterations on the current objective row, entering only columns below `enter_limit`.
 * Bland's rule (lowest entering column, lowest leaving basic column on a tie) cannot cycle. */
static lp_result lp_iterate(lp *p, int enter_limit, double cost_tolerance)
{
	const double pivot_tolerance = 1e-11;
	int rhs = p->width - 1;
	int limit = 200 + 20 * (p->columns + p->rows);
	for (int iteration = 0; iteration < limit; ++iteration) {
		const double *objective = lp_at(p, p->rows, 0);
		int enter = -1;
		for (int c = 0; c < enter_limit; ++c)
			if (objective[c] < -cost_tolerance) {
				enter = c;
				break;
			}
		if (enter < 0)
			return LP_OPTIMAL;
		int leave = -1;
		double best = 0.0;
		for (int r = 0; r < p->rows; ++r) {
			double a = *lp_at(p, r, enter);
			if (a <= pivot_tolerance)
				continue;
			double ratio = fmax(*lp_at(p, r, rhs), 0.0) / a;
			if (leave < 0 || ratio < best || (ratio == best && p->basis[r] < p->basis[leave])) {
				leave = r;
				best = ratio;
			}
		}
		if (leave < 0)
			return LP_UNBOUNDED;
		lp_pivot(p, leave, enter);
	}
	return LP_STALLED;
}

/* Solves min cost . x subject to sum_i x_i column_i = b, x >= 0, where column i is (columns[i * k],
 * ..., columns[i * k + k - 1]). On LP_OPTIMAL, *value is the minimum and y (if not NULL) the dual
 * solution: the y maximising b . y subject to column_i . y <= cost_i. tableau holds
 * (k + 1) (m + k + 1) doubles. */
static lp_result lp_solve(int k, int m, const double *columns, const double *b, const double *cost,
                          double *tableau, double *value, double *y)
{
	lp p = {.rows = k, .columns = m, .width = m + k + 1, .t = tableau};
	int rhs = p.width - 1;
	double cost_scale = 1.0;
	for (int i = 0; i < m; ++i)
		cost_scale = fmax(cost_scale, fabs(cost[i]));
	for (int r = 0; r < k; ++r) {
		p.sign[r] = b[r] < 0.0 ? -1.0 : 1.0;
		double *row = lp_at(&p, r, 0);
		for (int i = 0; i < m; ++i)
			row[i] = p.sign[r] * columns[i * k + r];
		for (int a = 0; a < k; ++a)
			row[m + a] = a == r ? 1.0 : 0.0;
		row[rhs] = p.sign[r] * b[r];
		p.basis[r] = m + r;
	}
	/* Phase 1: minimise the artificials' sum. */
	double *objective = lp_at(&p, k, 0);
	for (int c = 0; c < p.width; ++c) {
		double sum = 0.0;
		if (c < m || c == rhs)
			for (int r = 0; r < k; ++r)
				sum += *lp_at(&p, r, c);
		objective[c] = -sum;
	}
	lp_result result = lp_iterate(&p, m, 1e-12);
	if (result == LP_STALLED)
		return result;
	/* The columns are unit-sized and b is O(1), but a thin polytope needs large multipliers, whose
	 * rounding leaves a residual in proportion: only a residual beyond that is infeasibility. */
	double basic_sum = 1.0;
	for (int r = 0; r < k; ++r)
		basic_sum += fabs(*lp_at(&p, r, rhs));
	if (-objective[rhs] > 1e-9 * basic_sum)
		return LP_INFEASIBLE;
	/* Drive artificials out of the basis; a row where none can leave is redundant and stays at 0. */
	for (int r = 0; r < k; ++r) {
		if (p.basis[r] < m)
			continue;
		int best = -1;
		for (int c = 0; c < m; ++c)
			if (fabs(*lp_at(&p, r, c)) > 1e-9 &&
			    (best < 0 || fabs(*lp_at(&p, r, c)) > fabs(*lp_at(&p, r, best))))
				best = c;
		if (best >= 0)
			lp_pivot(&p, r, best);
	}
	/* Phase 2: the reduced costs of the real objective, artificials kept (they give the duals). */
	for (int c = 0; c < p.width; ++c) {
		double sum = c < m ? cost[c] : 0.0;
		for (int r = 0; r < k; ++r) {
			int basic = p.basis[r];
			double cb = basic < m ? cost[basic] : 0.0;
			sum -= cb * *lp_at(&p, r, c);
		}
		objective[c] = sum;
	}
	result = lp_iterate(&p, m, 1e-12 * cost_scale);
	if (result != LP_OPTIMAL)
		return result;
	*value = -objective[rhs];
	if (y != NULL)
		for (int r = 0; r < k; ++r)
			y[r] = -p.sign[r] * objective[m + r]; /* an artificial's reduced cost is -y_r */
	return LP_OPTIMAL;
}

/* ---- the problem in frame coordinates ---- */

typedef struct problem {
	int m;
	double (*n)[3]; /* unit normals in frame coordinates */
	double *d;      /* offsets, after the shifts below */
	double *lp_columns;
	double *lp_cost;
	double *tableau;
} problem;

/* max s subject to n_i . x + weight_i s <= d_i: the Chebyshev centre (weight 1) or the fixed-aspect
 * box (weight |n_i| . h). Returns LP_INFEASIBLE when s is unbounded (the normals do not surround the
 * origin, so the polytope holds a ray). */
static lp_result center_lp(const problem *p, const double *weight, double center[3], double *scale)
{
	for (int i = 0; i < p->m; ++i) {
		for (int j = 0; j < 3; ++j)
			p->lp_columns[i * 4 + j] = p->n[i][j];
		p->lp_columns[i * 4 + 3] = weight[i];
		p->lp_cost[i] = p->d[i];
	}
	double b[4] = {0.0, 0.0, 0.0, 1.0}, y[4], value;
	lp_result result = lp_solve(4, p->m, p->lp_columns, b, p->lp_cost, p->tableau, &value, y);
	if (result == LP_OPTIMAL) {
		for (int j = 0; j < 3; ++j)
			center[j] = y[j];
		*scale = value;
	}
	return result;
}

/* max direction . x subject to n_i . x <= d_i; LP_INFEASIBLE when unbounded that way. */
static lp_result extent_lp(const problem *p, const double direction[3], double *value)
{
	for (int i = 0; i < p->m; ++i) {
		for (int j = 0; j < 3; ++j)
			p->lp_columns[i * 3 + j] = p->n[i][j];
		p->lp_cost[i] = p->d[i];
	}
	return lp_solve(3, p->m, p->lp_columns, direction, p->lp_cost, p->tableau, value, NULL);
}

static void shift(problem *p, const double c[3])
{
	for (int i = 0; i < p->m; ++i)
		p->d[i] -= p->n[i][0] * c[0] + p->n[i][1] * c[1] + p->n[i][2] * c[2];
}

/* ---- the barrier ---- */

/* Cholesky of the 6x6 symmetric h (lower triangle used) and the solution of h x = rhs. */
static bool solve6(double h[6][6], const double rhs[6], double x[6])
{
	double l[6][6] = {{0}};
	for (int j = 0; j < 6; ++j) {
		double diagonal = h[j][j];
		for (int k = 0; k < j; ++k)
			diagonal -= l[j][k] * l[j][k];
		if (!(diagonal > 0.0))
			return false;
		l[j][j] = sqrt(diagonal);
		for (int i = j + 1; i < 6; ++i) {
			double sum = h[i][j];
			for (int k = 0; k < j; ++k)
				sum -= l[i][k] * l[j][k];
			l[i][j] = sum / l[j][j];
		}
	}
	double y[6];
	for (int i = 0; i < 6; ++i) {
		double sum = rhs[i];
		for (int k = 0; k < i; ++k)
			sum -= l[i][k] * y[k];
		y[i] = sum / l[i][i];
	}
	for (int i = 5; i >= 0; --i) {
		double sum = y[i];
		for (int k = i + 1; k < 6; ++k)
			sum -= l[k][i] * x[k];
		x[i] = sum / l[i][i];
	}
	return true;
}

/* Constraint i is G_i . z <= d_i with z = (lo, hi): G_i holds n_ij at hi_j when n_ij > 0 (the box's
 * corner reaches furthest with hi) and at lo_j otherwise. */
static int g_index(double n, int j)
{
	return n > 0.0 ? 3 + j : j;
}

static double g_dot(const double n[3], const double z[6])
{
	return n[0] * z[g_index(n[0], 0)] + n[1] * z[g_index(n[1], 1)] + n[2] * z[g_index(n[2], 2)];
}

typedef struct barrier_result {
	int steps, rounds;
	double gap;
	bool converged;
} barrier_result;

/* Minimises t (-sum_j log w_j) - sum_i log s_i for t = 1, 10, 100, ... from the strictly feasible z.
 * slack holds m doubles. */
static barrier_result barrier(const problem *p, double z[6], double tolerance, int max_steps, double *slack)
{
	barrier_result out = {0, 0, HUGE_VAL, false};
	const double armijo = 0.25, decrement_tolerance = 1e-12;
	double t = 1.0;
	for (;;) {
		double previous = HUGE_VAL; /* the last step's decrement in this round */
		for (;;) {
			if (out.steps >= max_steps)
				return out;
			double w[3], g[6] = {0}, h[6][6] = {{0}};
			for (int j = 0; j < 3; ++j) {
				w[j] = z[3 + j] - z[j];
				double a = t / w[j], b = t / (w[j] * w[j]);
				g[j] += a;
				g[3 + j] -= a;
				h[j][j] += b;
				h[3 + j][3 + j] += b;
				h[3 + j][j] -= b;
			}
			for (int i = 0; i < p->m; ++i) {
				const double *n = p->n[i];
				double s = p->d[i] - g_dot(n, z);
				slack[i] = s;
				double inverse = 1.0 / s, inverse2 = inverse * inverse;
				int c[3] = {g_index(n[0], 0), g_index(n[1], 1), g_index(n[2], 2)};
				for (int j = 0; j < 3; ++j) {
					g[c[j]] += n[j] * inverse;
					for (int k = 0; k <= j; ++k) {
						/* c[j] > c[k] or both on one side; the lower triangle needs
						 * row >= column. */
						int row = c[j] > c[k] ? c[j] : c[k],
						    column = c[j] > c[k] ? c[k] : c[j];
						h[row][column] += n[j] * n[k] * inverse2;
					}
				}
			}
			double step[6], minus_g[6];
			for (int k = 0; k < 6; ++k)
				minus_g[k] = -g[k];
			double largest = 0.0;
			for (int k = 0; k < 6; ++k)
				largest = fmax(largest, h[k][k]);
			bool solved = solve6(h, minus_g, step);
			/* Rounding can cost the last digits of definiteness at extreme t: lift the diagonal.
			 */
			for (int attempt = 0; !solved && attempt < 8; ++attempt) {
				for (int k = 0; k < 6; ++k)
					h[k][k] += largest * 1e-14 * pow(10.0, attempt);
				solved = solve6(h, minus_g, step);
			}
			if (!solved)
				return out;
			double decrement2 = 0.0;
			for (int k = 0; k < 6; ++k)
				decrement2 -= g[k] * step[k];
			if (!(decrement2 * 0.5 > decrement_tolerance))
				break;
			/* At large t the curvature 1/s^2 is so high that rounding alone (one unit in the last
			 * place of z, or of the gradient's large cancelling terms) shows as a decrement above
			 * the tolerance. Two signs that rounding is all that is left: a step below the
			 * resolution of z; or, where Newton's method is in its quadratic phase (the objective
			 * is self-concordant, so a decrement below 1e-6 must fall to about its square), a
			 * decrement that did not even fall by three quarters. */
			bool resolvable = false;
			for (int k = 0; k < 6; ++k)
				resolvable |= fabs(step[k]) > 4.0 * DBL_EPSILON * (1.0 + fabs(z[k]));
			if (!resolvable || (decrement2 < 1e-6 && decrement2 > 0.25 * previous))
				break;
			previous = decrement2;
			/* Relative changes of each width and slack per unit step. */
			double dw[3];
			for (int j = 0; j < 3; ++j)
				dw[j] = (step[3 + j] - step[j]) / w[j];
			double size = 1.0;
			for (int j = 0; j < 3; ++j)
				if (dw[j] < 0.0)
					size = fmin(size, -0.99 / dw[j]);
			for (int i = 0; i < p->m; ++i) {
				double ds = g_dot(p->n[i], step) / slack[i];
				if (ds > 0.0)
					size = fmin(size, 0.99 / ds);
			}
			/* Backtrack until Armijo holds; the change of the objective is a sum of log1p terms,
			 * exact where the objective itself (about t log w, large) would lose it to
			 * cancellation. */
			bool moved = false;
			for (int halving = 0; halving < 60; ++halving, size *= 0.5) {
				double change = 0.0;
				for (int j = 0; j < 3; ++j)
					change -= t * log1p(size * dw[j]);
				for (int i = 0; i < p->m; ++i)
					change -= log1p(-size * g_dot(p->n[i], step) / slack[i]);
				if (change <= -armijo * size * decrement2) {
					moved = true;
					break;
				}
			}
			if (!moved)
				break; /* centred as far as rounding lets it */
			for (int k = 0; k < 6; ++k)
				z[k] += size * step[k];
			out.steps++;
		}
		out.rounds++;
		out.gap = p->m / t;
		if (out.gap < tolerance) {
			out.converged = true;
			return out;
		}
		t *= 10.0;
	}
}

/* ---- the public call ---- */

col_inscribed_box_options col_inscribed_box_default_options(void)
{
	return (col_inscribed_box_options){COL_INSCRIBED_BOX_BARRIER, 1e-10, 5000, {0.0, 0.0, 0.0}};
}

static bool frame_is_orthonormal(const col_frame *f)
{
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
			if (fabs(col_vec3_dot(f->axes[i], f->axes[j]) - (i == j ? 1.0 : 0.0)) > 1e-9)
				return false;
	return true;
}

static double volume_of(col_vec3 lo, col_vec3 hi)
{
	return (hi.x - lo.x) * (hi.y - lo.y) * (hi.z - lo.z);
}

/* How far the box's worst corner lies past the plane, in the world as the caller evaluates it. */
static double worst_excess(const col_plane *planes, int m, const col_frame *frame, col_vec3 lo, col_vec3 hi)
{
	double worst = -HUGE_VAL;
	for (int k = 0; k < 8; ++k) {
		col_vec3 local = {(k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z};
		col_vec3 corner = col_frame_to_world(frame, local);
		for (int i = 0; i < m; ++i)
			worst = fmax(worst, col_vec3_dot(planes[i].normal, corner) - planes[i].offset);
	}
	return worst;
}

col_status col_inscribed_box(const col_plane *planes, int plane_count, const col_frame *frame,
                             const col_inscribed_box_options *options, col_vec3 *lo, col_vec3 *hi,
                             col_inscribed_box_info *info, col_error *error)
{
	if (planes == NULL || lo == NULL || hi == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "inscribed box: %s is NULL",
		                planes == NULL ? "planes"
		                : lo == NULL   ? "lo"
		                               : "hi");
	if (plane_count < 1)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "inscribed box: plane_count is %d (at least 1)", plane_count);
	col_inscribed_box_options o = col_inscribed_box_default_options();
	if (options != NULL) {
		if (options->method != COL_INSCRIBED_BOX_BARRIER &&
		    options->method != COL_INSCRIBED_BOX_FIXED_ASPECT)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "inscribed box: unknown method %d",
			                (int)options->method);
		if (!(options->tolerance >= 0.0) || !isfinite(options->tolerance) ||
		    options->max_newton_steps < 0)
			return col_fail(
			    error, COL_ERROR_INVALID_ARGUMENT,
			    "inscribed box: tolerance %g and max_newton_steps %d must not be negative",
			    options->tolerance, options->max_newton_steps);
		col_vec3 h = options->aspect;
		bool zero = h.x == 0.0 && h.y == 0.0 && h.z == 0.0;
		if (!zero && !(h.x > 0.0 && h.y > 0.0 && h.z > 0.0 && col_vec3_is_finite(h)))
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "inscribed box: aspect (%g, %g, %g) must be all positive, or all 0",
			                h.x, h.y, h.z);
		o.method = options->method;
		o.aspect = h;
		if (options->tolerance > 0.0)
			o.tolerance = options->tolerance;
		if (options->max_newton_steps > 0)
			o.max_newton_steps = options->max_newton_steps;
	}
	col_frame model = col_frame_identity();
	if (frame == NULL)
		frame = &model;
	if (!col_vec3_is_finite(frame->origin) || !col_vec3_is_finite(frame->axes[0]) ||
	    !col_vec3_is_finite(frame->axes[1]) || !col_vec3_is_finite(frame->axes[2]))
		return col_fail(error, COL_ERROR_NOT_FINITE,
		                "inscribed box: the frame has a NaN or infinite component");
	if (!frame_is_orthonormal(frame))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "inscribed box: the frame's axes are not orthonormal");
	for (int i = 0; i < plane_count; ++i) {
		if (!col_vec3_is_finite(planes[i].normal) || !isfinite(planes[i].offset))
			return col_fail(error, COL_ERROR_NOT_FINITE,
			                "inscribed box: plane %d has a NaN or infinite normal or offset", i);
		if (col_vec3_length(planes[i].normal) == 0.0)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
			                "inscribed box: plane %d has a zero normal", i);
	}
	if (plane_count < 4)
		return col_fail(
		    error, COL_ERROR_DEGENERATE,
		    "inscribed box: the polytope is unbounded: %d planes cannot enclose a solid (4 at "
		    "least)",
		    plane_count);

	int m = plane_count;
	problem p = {.m = m};
	size_t tableau_size = (size_t)(LP_MAX_ROWS + 1) * (size_t)(m + LP_MAX_ROWS + 1);
	double *memory =
	    malloc(sizeof(double) * ((size_t)m * 3 + (size_t)m * 4 + (size_t)m * 4 + tableau_size));
	if (memory == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "inscribed box: out of memory for %d planes",
		                m);
	p.n = (double(*)[3])memory;
	p.d = memory + (size_t)m * 3;
	p.lp_columns = p.d + m;
	p.lp_cost = p.lp_columns + (size_t)m * 4;
	double *weight = p.lp_cost + m;
	double *slack = weight + m; /* the barrier's slacks */
	p.tableau = slack + m;
	col_status status = COL_OK;

	/* The planes in frame coordinates, unit normals. */
	double offset_scale = 0.0;
	for (int i = 0; i < m; ++i) {
		col_plane local = col_frame_plane_to_local(frame, planes[i]);
		double length = col_vec3_length(local.normal);
		p.n[i][0] = local.normal.x / length;
		p.n[i][1] = local.normal.y / length;
		p.n[i][2] = local.normal.z / length;
		p.d[i] = local.offset / length;
		offset_scale = fmax(offset_scale, fabs(p.d[i]));
		weight[i] = 1.0;
	}

	/* The Chebyshev centre: strictly inside when its radius is positive. */
	double center[3], radius;
	lp_result result = center_lp(&p, weight, center, &radius);
	if (result == LP_INFEASIBLE) {
		status = col_fail(
		    error, COL_ERROR_DEGENERATE,
		    "inscribed box: the polytope is unbounded (no plane faces some direction: it holds a "
		    "ray)");
		goto done;
	}
	if (result != LP_OPTIMAL) {
		status = col_fail(error, COL_ERROR_DEGENERATE,
		                  "inscribed box: the start point's linear program failed");
		goto done;
	}
	if (!(radius > 0.0)) {
		if (radius < -1e-12 * offset_scale)
			status = col_fail(
			    error, COL_ERROR_DEGENERATE,
			    "inscribed box: the polytope is empty (no point satisfies every plane; the "
			    "deepest point misses by %g)",
			    -radius);
		else
			status = col_fail(
			    error, COL_ERROR_DEGENERATE,
			    "inscribed box: the polytope is flat (its largest inner ball has radius %g)",
			    radius);
		goto done;
	}
	shift(&p, center);
	double interior = HUGE_VAL;
	for (int i = 0; i < m; ++i)
		interior = fmin(interior, p.d[i]);
	if (!(interior > 0.0)) {
		status = col_fail(error, COL_ERROR_DEGENERATE,
		                  "inscribed box: the start point is not strictly inside "
		                  "(the polytope is too thin for its linear program)");
		goto done;
	}
	radius = fmin(radius, interior);

	/* The polytope's extent along the frame's axes, about the centre; unbounded if any is infinite. */
	double bounds[2][3];
	for (int j = 0; j < 3; ++j)
		for (int side = 0; side < 2; ++side) {
			double direction[3] = {0.0, 0.0, 0.0}, value = 0.0;
			direction[j] = side ? 1.0 : -1.0;
			result = extent_lp(&p, direction, &value);
			if (result == LP_INFEASIBLE) {
				status = col_fail(
				    error, COL_ERROR_DEGENERATE,
				    "inscribed box: the polytope is unbounded along %s frame axis %d",
				    side ? "+" : "-", j);
				goto done;
			}
			if (result != LP_OPTIMAL) {
				status = col_fail(
				    error, COL_ERROR_DEGENERATE,
				    "inscribed box: the extent's linear program failed along axis %d", j);
				goto done;
			}
			bounds[side][j] = side ? value : -value;
		}
	double size = 0.0;
	for (int j = 0; j < 3; ++j)
		size = fmax(size, fmax(-bounds[0][j], bounds[1][j]));
	if (!(radius > 1e-12 * size)) {
		status = col_fail(
		    error, COL_ERROR_DEGENERATE,
		    "inscribed box: the polytope is flat (its largest inner ball has radius %g for a size "
		    "of %g)",
		    radius, size);
		goto done;
	}

	/* Work in units of the polytope's size about the centre, so every number is O(1). */
	for (int i = 0; i < m; ++i)
		p.d[i] /= size;
	double z[6];
	barrier_result run = {0, 0, 0.0, true};
	if (o.method == COL_INSCRIBED_BOX_BARRIER) {
		/* The start: the cube about the centre at half the room its tightest plane leaves. */
		double delta = HUGE_VAL;
		for (int i = 0; i < m; ++i)
			delta = fmin(delta, p.d[i] / (fabs(p.n[i][0]) + fabs(p.n[i][1]) + fabs(p.n[i][2])));
		delta *= 0.5;
		for (int j = 0; j < 3; ++j) {
			z[j] = -delta;
			z[3 + j] = delta;
		}
		run = barrier(&p, z, o.tolerance, o.max_newton_steps, slack);
	} else {
		double h[3] = {o.aspect.x, o.aspect.y, o.aspect.z};
		if (h[0] == 0.0 && h[1] == 0.0 && h[2] == 0.0)
			for (int j = 0; j < 3; ++j)
				h[j] = 0.5 * (bounds[1][j] - bounds[0][j]);
		double largest = fmax(h[0], fmax(h[1], h[2]));
		for (int j = 0; j < 3; ++j)
			h[j] /= largest;
		for (int i = 0; i < m; ++i)
			weight[i] = fabs(p.n[i][0]) * h[0] + fabs(p.n[i][1]) * h[1] + fabs(p.n[i][2]) * h[2];
		double c[3], s;
		result = center_lp(&p, weight, c, &s);
		if (result != LP_OPTIMAL || !(s > 0.0)) {
			status = col_fail(error, COL_ERROR_DEGENERATE,
			                  "inscribed box: the fixed-aspect linear program failed");
			goto done;
		}
		for (int j = 0; j < 3; ++j) {
			z[j] = c[j] - s * h[j];
			z[3 + j] = c[j] + s * h[j];
		}
	}
	col_vec3 l = {center[0] + size * z[0], center[1] + size * z[1], center[2] + size * z[2]};
	col_vec3 u = {center[0] + size * z[3], center[1] + size * z[4], center[2] + size * z[5]};
	/* The barrier keeps every slack positive; mapped back to the caller's planes, rounding could still
	 * put a corner a hair out. Shrink about the centre until none is. */
	for (int attempt = 0; attempt < 64 && worst_excess(planes, m, frame, l, u) > 0.0; ++attempt) {
		double f = 1e-15 * pow(2.0, attempt);
		col_vec3 mid = col_vec3_scale(col_vec3_add(l, u), 0.5),
		         half = col_vec3_scale(col_vec3_sub(u, l), 0.5);
		half = col_vec3_scale(half, 1.0 - f);
		l = col_vec3_sub(mid, half);
		u = col_vec3_add(mid, half);
	}
	*lo = l;
	*hi = u;
	if (info != NULL) {
		info->newton_steps = run.steps;
		info->outer_iterations = run.rounds;
		info->gap = o.method == COL_INSCRIBED_BOX_BARRIER ? run.gap : 0.0;
		info->converged = run.converged;
		info->volume = volume_of(l, u);
		info->start_center = (col_vec3){center[0], center[1], center[2]};
		info->start_radius = radius;
		info->bounds_lo =
		    (col_vec3){center[0] + bounds[0][0], center[1] + bounds[0][1], center[2] + bounds[0][2]};
		info->bounds_hi =
		    (col_vec3){center[0] + bounds[1][0], center[1] + bounds[1][1], center[2] + bounds[1][2]};
	}
done:
	free(memory);
	return status;
}
