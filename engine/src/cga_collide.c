/* The bounded collision tests of source 003 (ch. IV) in CGA, exact.
 *
 * Each test evaluates its CGA quantities in a local frame, in floating point, beside a static bound
 * on their rounding error, and takes the sign of a quantity only when its magnitude exceeds the
 * bound; otherwise the engine's exact predicate of the same quantity decides (an "exact fallback").
 *
 * The bounds. A quantity is a polynomial in coordinate differences (each rounded once: the local
 * frame's translation, or an edge vector), evaluated as a tree of + - *. Expanded, the computed value
 * is a sum of the exact monomials, each times at most k factors (1 + delta), |delta| <= u = 2^-53,
 * where k counts the roundings of a monomial's path (a product adds the roundings of both factors
 * plus its own; a sum adds one). So |computed - exact| <= gamma_k P, P the sum of the monomials'
 * magnitudes (the permanent), gamma_k = k u / (1 - k u) < (k + 1) u. P is bounded from the largest
 * coordinate magnitude of each kind of factor (E: edge vectors, L: local positions and the radius, D:
 * a segment's direction), and the bound used is (k + 2) u times that, rounded up to a round number:
 * the spare u covers gamma_k, the rounding of the bound itself and the maxima being taken of rounded
 * differences (each at most u relative). The derivation of each is beside it: "k 8, P <= 6 E^2 L".
 *
 * No rounding may underflow or overflow for this to hold. Each maximum is checked to lie within
 * [2^-150, 2^150]: a product of up to six such factors neither overflows nor leaves the normal range,
 * and an underflow in a partial product of j <= 6 factors (an absolute error of at most 2^-1075,
 * carried by the remaining factors) is at most 2^-1022 / (their maxima's product >= 2^-900) = 2^-122
 * of the bound. A maximum outside is replaced by infinity, which makes every bound it enters
 * infinite, so every sign that depends on it goes to the exact predicates. */
#include "collide/cga_collide.h"

#include "collide/intersect3d.h"
#include "collide/predicates.h"
#include "exact_plane.h"

#define U 0x1p-53

#if defined(__GNUC__)
#define CGA_NOINLINE __attribute__((noinline))
#else
#define CGA_NOINLINE
#endif

/* What a test did beyond its answer, added into col_cga_stats by the callers that keep one. */
typedef struct cga_counts {
	uint64_t plane_rejects, coplanar, fallbacks;
} cga_counts;

static inline int sign_of(double v)
{
	return (v > 0.0) - (v < 0.0);
}

static inline double larger(double a, double b)
{
	return a > b ? a : b;
}

static inline double max_abs3(col_vec3 v)
{
	return col_max3(fabs(v.x), fabs(v.y), fabs(v.z));
}

/* m itself when the bounds may use it, infinity otherwise (see the top of the file). */
static inline double scale_of(double m)
{
	return m >= 0x1p-150 && m <= 0x1p150 ? m : INFINITY;
}

static inline bool finite_triangle(col_triangle t)
{
	return col_vec3_is_finite(t.a) && col_vec3_is_finite(t.b) && col_vec3_is_finite(t.c);
}

static inline bool valid_sphere(col_sphere s)
{
	return col_vec3_is_finite(s.center) && isfinite(s.radius) && s.radius >= 0.0;
}

/* ---- exact fallbacks: the same quantities from the engine's predicates ---- */

/* The dual plane of t = (v0, v1, v2) with the point x: N . (x - v0) = -orient3d(v0, v1, v2, x). */
static CGA_NOINLINE int exact_plane_side(const col_vec3 *v, col_vec3 x, cga_counts *c)
{
	c->fallbacks++;
	return -sign_of(col_orient3d(v[0], v[1], v[2], x));
}

/* The side product of the lines pq and xy (the scalar of their meet): -orient3d(p, q, x, y). */
static CGA_NOINLINE int exact_line_side(col_vec3 p, col_vec3 q, col_vec3 x, col_vec3 y, cga_counts *c)
{
	c->fallbacks++;
	return -sign_of(col_orient3d(p, q, x, y));
}

/* ---- triangles, prepared once: the dual plane and the edges' Plucker lines ---- */

/* In the frame of v[0], the edge lines are (e[0], 0), (e[1], n) and (e[2], 0): the direction and the
 * moment v[i]' x v[j]', which vanishes for the two edges through the frame's origin and is the
 * plane's normal for the third. The dual plane is n + (n . v[0]) ni, n + 0 ni in the frame. */
typedef struct cga_triangle {
	col_vec3 v[3];
	col_vec3 e[3]; /* v1 - v0, v2 - v1, v0 - v2, each rounded once */
	col_vec3 n;    /* (v1 - v0) x (v2 - v0), from e[0] and -e[2] */
	double e_max;  /* the largest |coordinate| of e[], through scale_of */
} cga_triangle;

static inline cga_triangle prepare_triangle(col_vec3 a, col_vec3 b, col_vec3 c)
{
	cga_triangle t;
	t.v[0] = a;
	t.v[1] = b;
	t.v[2] = c;
	t.e[0] = col_vec3_sub(b, a);
	t.e[1] = col_vec3_sub(c, b);
	t.e[2] = col_vec3_sub(a, c);
	t.n = col_vec3_cross(t.e[2], t.e[0]); /* = e[0] x (c - a), fl(c - a) being -e[2] exactly */
	t.e_max = scale_of(larger(larger(max_abs3(t.e[0]), max_abs3(t.e[1])), max_abs3(t.e[2])));
	return t;
}

/* The segment in the plane of t, or t degenerate (every segment is then "in its plane"): exact 2D
 * tests on the coordinate plane where t shows area (dropping a coordinate keeps every incidence),
 * the thesis's in-plane segment-segment tests against the edges plus the ends inside (erratum 4's
 * containment). A degenerate triangle is the union of two of its edges. */
static CGA_NOINLINE bool coplanar_segment_triangle(col_vec3 p, col_vec3 q, const col_vec3 *v, cga_counts *c)
{
	c->coplanar++;
	int orientation, axis = col_projection_axis(v[0], v[1], v[2], &orientation);
	if (axis < 0)
		return col_segments_meet_3d(p, q, v[0], v[1]) || col_segments_meet_3d(p, q, v[1], v[2]);
	col_vec2 a = col_project_dropping(v[0], axis), b = col_project_dropping(v[1], axis),
	         d = col_project_dropping(v[2], axis);
	col_vec2 p2 = col_project_dropping(p, axis), q2 = col_project_dropping(q, axis);
	return col_triangle_holds_2d(a, b, d, orientation, p2) ||
	       col_triangle_holds_2d(a, b, d, orientation, q2) || col_segments_meet_2d(p2, q2, a, b) ||
	       col_segments_meet_2d(p2, q2, b, d) || col_segments_meet_2d(p2, q2, d, a);
}

/* The segment p q, whose ends have the certified plane sides side_p and side_q, against t: pl is p
 * in t's frame and l_max bounds its coordinates, d = q - p (rounded once), d_max bounds d's. */
static inline bool segment_crosses(col_vec3 p, col_vec3 q, col_vec3 pl, int side_p, int side_q, col_vec3 d,
                                   double d_max, double l_max, const cga_triangle *t, cga_counts *c)
{
	if (side_p * side_q > 0)
		return false; /* both ends strictly on one side */
	if (side_p == 0 && side_q == 0)
		return coplanar_segment_triangle(p, q, t->v, c); /* the line-plane meet vanishes whole */
	/* The segment's line (d, m) crosses the plane inside the segment: it meets the closed triangle
	 * when it passes no edge line on the outer side, i.e. the side products d . m_e + d_e . m of the
	 * three line-line meets never disagree in sign (0: it meets that edge's line). */
	col_cga_plucker line = {d, col_vec3_cross(pl, d)};
	double e = t->e_max;
	/* col_cga_plucker_side with the edges (e[0], 0), (e[1], n), (e[2], 0); the zero moments dropped. */
	double s0 = col_vec3_dot(t->e[0], line.moment);
	double s1 = col_cga_plucker_side(line, (col_cga_plucker){t->e[1], t->n});
	double s2 = col_vec3_dot(t->e[2], line.moment);
	/* s0, s2: k 8, P <= 6 E L D. s1: k 9, P <= 6 E^2 D + 6 E L D. */
	double b02 = 64.0 * U * e * l_max * d_max;
	double b1 = 72.0 * U * e * d_max * (e + l_max);
	if (fabs(s0) > b02 && fabs(s1) > b1 && fabs(s2) > b02)
		return (s0 > 0.0) == (s1 > 0.0) && (s1 > 0.0) == (s2 > 0.0);
	int k0 = fabs(s0) > b02 ? sign_of(s0) : exact_line_side(p, q, t->v[0], t->v[1], c);
	int k1 = fabs(s1) > b1 ? sign_of(s1) : exact_line_side(p, q, t->v[1], t->v[2], c);
	int k2 = fabs(s2) > b02 ? sign_of(s2) : exact_line_side(p, q, t->v[2], t->v[0], c);
	bool positive = k0 > 0 || k1 > 0 || k2 > 0, negative = k0 < 0 || k1 < 0 || k2 < 0;
	return !(positive && negative);
}

/* IV.2 on a prepared triangle; d = q - p, d_max = scale_of(max |d|). */
static inline bool segment_triangle(col_vec3 p, col_vec3 q, col_vec3 d, double d_max, const cga_triangle *t,
                                    cga_counts *c)
{
	col_vec3 pl = col_vec3_sub(p, t->v[0]), ql = col_vec3_sub(q, t->v[0]);
	double l_max = scale_of(larger(max_abs3(pl), max_abs3(ql)));
	/* X . pi for the ends: N . x' (the thesis's straddle determinants). k 8, P <= 6 E^2 L. */
	double bound = 64.0 * U * t->e_max * t->e_max * l_max;
	double sp = col_vec3_dot(t->n, pl), sq = col_vec3_dot(t->n, ql);
	if ((sp > bound && sq > bound) || (sp < -bound && sq < -bound))
		return false;
	int side_p = fabs(sp) > bound ? sign_of(sp) : exact_plane_side(t->v, p, c);
	int side_q = fabs(sq) > bound ? sign_of(sq) : exact_plane_side(t->v, q, c);
	return segment_crosses(p, q, pl, side_p, side_q, d, d_max, l_max, t, c);
}

/* The certified signs of N_t . (x - t.v0) for u's vertices x: ul gets the vertices in t's frame,
 * *l_max their bound. Returns false when u lies strictly on one side of t's plane (the early-out),
 * seen from the rounded values alone whenever they can tell. */
static inline bool plane_sides(const cga_triangle *t, const cga_triangle *u, col_vec3 *ul, double *l_max,
                               int *side, cga_counts *c)
{
	ul[0] = col_vec3_sub(u->v[0], t->v[0]);
	ul[1] = col_vec3_sub(u->v[1], t->v[0]);
	ul[2] = col_vec3_sub(u->v[2], t->v[0]);
	*l_max = scale_of(col_max3(max_abs3(ul[0]), max_abs3(ul[1]), max_abs3(ul[2])));
	double bound = 64.0 * U * t->e_max * t->e_max * *l_max; /* k 8, P <= 6 E^2 L */
	double s0 = col_vec3_dot(t->n, ul[0]), s1 = col_vec3_dot(t->n, ul[1]), s2 = col_vec3_dot(t->n, ul[2]);
	if ((s0 > bound && s1 > bound && s2 > bound) || (s0 < -bound && s1 < -bound && s2 < -bound))
		return false;
	side[0] = fabs(s0) > bound ? sign_of(s0) : exact_plane_side(t->v, u->v[0], c);
	side[1] = fabs(s1) > bound ? sign_of(s1) : exact_plane_side(t->v, u->v[1], c);
	side[2] = fabs(s2) > bound ? sign_of(s2) : exact_plane_side(t->v, u->v[2], c);
	return !((side[0] > 0 && side[1] > 0 && side[2] > 0) || (side[0] < 0 && side[1] < 0 && side[2] < 0));
}

/* u's three edges against t, their ends' plane sides known. */
static inline bool edges_cross(const cga_triangle *t, const cga_triangle *u, const col_vec3 *ul, double l_max,
                               const int *side, cga_counts *c)
{
	for (int i = 0; i < 3; i++) {
		int j = i == 2 ? 0 : i + 1;
		if (side[i] * side[j] > 0)
			continue;
		if (segment_crosses(u->v[i], u->v[j], ul[i], side[i], side[j], u->e[i], u->e_max, l_max, t,
		                    c))
			return true;
	}
	return false;
}

/* IV.4 on prepared triangles. Two closed triangles meet exactly when an edge of one meets the other
 * (their common part is convex; a point of it on one's boundary lies on that one's edge), which
 * holds for coplanar and degenerate ones too. */
static inline bool triangle_triangle(const cga_triangle *t, const cga_triangle *u, cga_counts *c)
{
	col_vec3 ul[3], tl[3];
	double ul_max, tl_max;
	int u_side[3], t_side[3];
	if (!plane_sides(t, u, ul, &ul_max, u_side, c) || !plane_sides(u, t, tl, &tl_max, t_side, c)) {
		c->plane_rejects++;
		return false;
	}
	return edges_cross(t, u, ul, ul_max, u_side, c) || edges_cross(u, t, tl, tl_max, t_side, c);
}

/* ---- spheres: the dual sphere at the frame's origin, s = no - r^2 ni / 2 ---- */

/* The point X of x' = x - centre against the dual sphere s (centre at the frame's origin): X . s =
 * (r^2 - |x'|^2) / 2, +1 strictly inside, 0 on, -1 outside. k 6, and the permanent is the rounded
 * (|x'|^2 + r^2) / 2 itself, taken when not below 2^-900 (no underflow can matter) nor infinite. */
static inline int inside_sign(col_vec3 xl, col_cga_vector sphere, col_vec3 x, col_vec3 center, double r,
                              cga_counts *c)
{
	col_cga_vector point = col_cga_vector_point(xl);
	double v = col_cga_vector_inner(point, sphere);
	double p = point.ni - sphere.ni; /* (|x'|^2 + r^2) / 2 */
	if (fabs(v) > 8.0 * U * p && p > 0x1p-900)
		return sign_of(v);
	c->fallbacks++;
	return -col_sphere_point_side(center, r, x);
}

/* The edge p q (q - p = e, rounded once; p == q is a point, false) in the frame of the sphere (pl = p -
 * centre): the line-sphere meet square |e|^2 (r^2 - h^2) = r^2 |e|^2 - |m|^2 for the moment m = pl x e, then
 * both angles at the ends acute (erratum 1: either obtuse one rejects). Both ends strictly outside:
 * the segment meets the ball exactly when the line's point nearest the centre lies strictly between
 * them and within the radius. m is returned for the face test. */
static inline bool edge_meets_ball(col_vec3 p, col_vec3 q, col_vec3 pl, col_vec3 ql, col_vec3 e, double l_max,
                                   double e_max, col_vec3 center, double r, double r2, col_vec3 *m_out,
                                   cga_counts *c)
{
	col_vec3 m = col_vec3_cross(pl, e);
	*m_out = m;
	if (col_vec3_equal(p, q))
		return false; /* a point: its end was tested */
	double meet = r2 * col_vec3_dot(e, e) - col_vec3_dot(m, m);
	double bound = 224.0 * U * l_max * l_max * e_max * e_max; /* k 12, P <= 15 L^2 E^2 (L >= r) */
	int s;
	if (fabs(meet) > bound) {
		s = sign_of(meet);
	} else {
		c->fallbacks++;
		s = -col_sphere_line_side(center, r, p, q);
	}
	if (s < 0)
		return false; /* the line passes the ball by */
	/* (c - p) . e > 0 and (c - q) . (p - q) > 0: k 5, P <= 3 L E each. */
	double cos_p = -col_vec3_dot(pl, e), cos_q = col_vec3_dot(ql, e);
	double cos_bound = 24.0 * U * l_max * e_max;
	int kp, kq;
	if (fabs(cos_p) > cos_bound) {
		kp = sign_of(cos_p);
	} else {
		c->fallbacks++;
		kp = col_dot3_sign(p, q, center);
	}
	if (kp <= 0)
		return false;
	if (fabs(cos_q) > cos_bound) {
		kq = sign_of(cos_q);
	} else {
		c->fallbacks++;
		kq = col_dot3_sign(q, p, center);
	}
	return kq > 0;
}

/* IV.3 with the errata: ends by inner product with the dual sphere (mode decides a segment wholly
 * inside), then the line-sphere meet and the two angles. */
static bool segment_sphere(col_vec3 p, col_vec3 q, col_vec3 center, double r, col_cga_mode mode,
                           cga_counts *c)
{
	col_vec3 pl = col_vec3_sub(p, center), ql = col_vec3_sub(q, center);
	double r2 = r * r;
	col_cga_vector sphere = col_cga_vector_sphere((col_vec3){0.0, 0.0, 0.0}, r);
	int in_p = inside_sign(pl, sphere, p, center, r, c), in_q = inside_sign(ql, sphere, q, center, r, c);
	if (in_p > 0 && in_q > 0)
		return mode == COL_CGA_SOLID; /* strictly inside: the ball holds it, the sphere misses it */
	if (in_p >= 0 || in_q >= 0)
		return true; /* an end on the sphere, or one in and one out: it crosses the surface */
	col_vec3 e = col_vec3_sub(q, p), m;
	double l_max = scale_of(larger(larger(max_abs3(pl), max_abs3(ql)), r));
	return edge_meets_ball(p, q, pl, ql, e, l_max, scale_of(max_abs3(e)), center, r, r2, &m, c);
}

/* IV.5 on a prepared triangle. */
static bool triangle_sphere(const cga_triangle *t, col_vec3 center, double r, col_cga_mode mode,
                            cga_counts *c)
{
	col_vec3 l[3] = {col_vec3_sub(t->v[0], center), col_vec3_sub(t->v[1], center),
	                 col_vec3_sub(t->v[2], center)};
	double r2 = r * r;
	col_cga_vector sphere = col_cga_vector_sphere((col_vec3){0.0, 0.0, 0.0}, r);
	int in0 = inside_sign(l[0], sphere, t->v[0], center, r, c),
	    in1 = inside_sign(l[1], sphere, t->v[1], center, r, c),
	    in2 = inside_sign(l[2], sphere, t->v[2], center, r, c);
	if (in0 > 0 && in1 > 0 && in2 > 0)
		return mode == COL_CGA_SOLID;
	if (in0 >= 0 || in1 >= 0 || in2 >= 0)
		return true;
	/* Every vertex strictly outside. The plane-sphere meet square |N|^2 (r^2 - h^2): negative, the
	 * plane (so the triangle) passes the ball by. k 18, P <= 48 E^4 L^2 (L >= r). */
	double e = t->e_max;
	double l_max = scale_of(larger(col_max3(max_abs3(l[0]), max_abs3(l[1]), max_abs3(l[2])), r));
	double nl = col_vec3_dot(t->n, l[0]);
	double plane = r2 * col_vec3_dot(t->n, t->n) - nl * nl;
	double plane_bound = 1024.0 * U * e * e * e * e * l_max * l_max;
	int plane_side;
	if (fabs(plane) > plane_bound) {
		plane_side = sign_of(plane);
	} else {
		c->fallbacks++;
		plane_side = -col_sphere_plane_side(center, r, t->v[0], t->v[1], t->v[2]);
	}
	if (plane_side < 0)
		return false;
	/* The edges (Fig. IV.5a), their moments kept for the face. */
	col_vec3 m[3];
	for (int i = 0; i < 3; i++) {
		int j = i == 2 ? 0 : i + 1;
		if (edge_meets_ball(t->v[i], t->v[j], l[i], l[j], t->e[i], l_max, e, center, r, r2, &m[i], c))
			return true;
	}
	/* The cap through the face (Fig. IV.5b): the line through the centre along N passes inside the
	 * triangle, i.e. its side products with the edge lines, N . m_i (= the prism sides of the centre),
	 * are all >= 0; the plane is near enough already. k 11, P <= 12 E^3 L. */
	double w_bound = 160.0 * U * e * e * e * l_max;
	double w[3] = {col_vec3_dot(t->n, m[0]), col_vec3_dot(t->n, m[1]), col_vec3_dot(t->n, m[2])};
	if (w[0] > w_bound && w[1] > w_bound && w[2] > w_bound)
		return true; /* certified positive: N is not 0 */
	for (int i = 0; i < 3; i++) {
		int j = i == 2 ? 0 : i + 1, k = j == 2 ? 0 : j + 1;
		int s;
		if (fabs(w[i]) > w_bound) {
			s = sign_of(w[i]);
		} else {
			c->fallbacks++;
			s = col_prism_side(t->v[i], t->v[j], t->v[k], center);
		}
		if (s < 0)
			return false;
	}
	/* All >= 0 with a zero among them: a zero-area triangle gives zeros everywhere, and is the union
	 * of its edges, already tested. */
	return !col_triangle_is_degenerate((col_triangle){t->v[0], t->v[1], t->v[2]});
}

/* IV.6 in the frame of a's centre: the dual spheres sa = no - ra^2 ni / 2 and sb at c = cb - ca, the
 * meet square Delta = sa^2 sb^2 - (sa . sb)^2 = ra^2 rb^2 - (ra^2 + rb^2 - d^2)^2 / 4. Delta >= 0: the
 * spheres meet in a circle (tangent for 0); Delta < 0: apart, or nested, which sa . sb > 0 tells.
 * Nested, the pair meets when the larger one is a solid ball. */
static bool sphere_sphere(col_vec3 ca, double ra, col_cga_mode mode_a, col_vec3 cb, double rb,
                          col_cga_mode mode_b, cga_counts *c)
{
	col_vec3 d = col_vec3_sub(cb, ca);
	col_cga_vector sa = col_cga_vector_sphere((col_vec3){0.0, 0.0, 0.0}, ra),
	               sb = col_cga_vector_sphere(d, rb);
	double delta = col_cga_sphere_meet_square(sa, sb);
	/* P = d^2 + ra^2 + rb^2. Delta: k 16, permanent <= 3 P^2 / 4; sa . sb: k 7, permanent P / 2. In
	 * [2^-400, 2^500] no underflow comes within 2^-200 of the bounds, and nothing overflows. */
	double p = col_vec3_dot(d, d) + ra * ra + rb * rb;
	bool scaled = p >= 0x1p-400 && p <= 0x1p500;
	int s;
	if (scaled && fabs(delta) > 16.0 * U * p * p) {
		s = sign_of(delta);
	} else {
		/* Delta = (d^2 - (ra - rb)^2) ((ra + rb)^2 - d^2) / 4: two exact ball-ball sides. */
		c->fallbacks++;
		s = col_sphere_sphere_side(ca, ra, cb, -rb) * -col_sphere_sphere_side(ca, ra, cb, rb);
	}
	if (s >= 0)
		return true;
	double ab = col_cga_vector_inner(sa, sb);
	bool nested;
	if (scaled && fabs(ab) > 8.0 * U * p) {
		nested = ab > 0.0;
	} else {
		c->fallbacks++;
		nested = col_sphere_sphere_side(ca, ra, cb, -rb) < 0; /* d < |ra - rb| */
	}
	if (!nested)
		return false;
	return (ra > rb ? mode_a : mode_b) == COL_CGA_SOLID;
}

/* ---- the public tests ---- */

/* Adds a batch's counts into stats (when not NULL). */
static void add_batch(col_cga_stats *stats, const cga_counts *c, uint64_t pairs, uint64_t hits)
{
	if (stats == NULL)
		return;
	stats->pairs += pairs;
	stats->plane_rejects += c->plane_rejects;
	stats->coplanar += c->coplanar;
	stats->exact_fallbacks += c->fallbacks;
	stats->hits += hits;
}

/* IV.1: in a's frame, the line ab is (b', 0) and cd is (d - c, c' x (d - c)), so their meet's scalar
 * is b' . (c' x (d - c)) = -orient3d(a, b, c, d). */
static bool segment_segment(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, cga_counts *counts)
{
	col_vec3 bl = col_vec3_sub(b, a), cl = col_vec3_sub(c, a), e = col_vec3_sub(d, c);
	double side = col_vec3_dot(bl, col_vec3_cross(cl, e));
	/* k 8, P <= 6 |b'| |c'| |e| (maxima) */
	double bound = 64.0 * U * scale_of(max_abs3(bl)) * scale_of(max_abs3(cl)) * scale_of(max_abs3(e));
	int s;
	if (fabs(side) > bound) {
		s = sign_of(side);
	} else {
		counts->fallbacks++;
		s = -sign_of(col_orient3d(a, b, c, d));
	}
	if (s != 0)
		return false; /* skew lines */
	/* Coplanar (crossing, parallel or collinear lines, or a point): the segments meet exactly when
	 * their shadows meet on all three coordinate planes, one of which is a faithful copy. */
	counts->coplanar++;
	for (int axis = 0; axis < 3; axis++)
		if (!col_segments_meet_2d(col_project_dropping(a, axis), col_project_dropping(b, axis),
		                          col_project_dropping(c, axis), col_project_dropping(d, axis)))
			return false;
	return true;
}

bool col_cga_segment_segment(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	cga_counts counts = {0};
	return col_vec3_is_finite(a) && col_vec3_is_finite(b) && col_vec3_is_finite(c) &&
	       col_vec3_is_finite(d) && segment_segment(a, b, c, d, &counts);
}

bool col_cga_segment_triangle(col_vec3 q1, col_vec3 q2, col_triangle t)
{
	if (!col_vec3_is_finite(q1) || !col_vec3_is_finite(q2) || !finite_triangle(t))
		return false;
	cga_counts counts = {0};
	cga_triangle prepared = prepare_triangle(t.a, t.b, t.c);
	col_vec3 d = col_vec3_sub(q2, q1);
	return segment_triangle(q1, q2, d, scale_of(max_abs3(d)), &prepared, &counts);
}

bool col_cga_segment_sphere(col_vec3 a, col_vec3 b, col_sphere s, col_cga_mode mode)
{
	if (!col_vec3_is_finite(a) || !col_vec3_is_finite(b) || !valid_sphere(s))
		return false;
	cga_counts counts = {0};
	return segment_sphere(a, b, s.center, s.radius, mode, &counts);
}

bool col_cga_triangle_triangle(col_triangle t, col_triangle u)
{
	if (!finite_triangle(t) || !finite_triangle(u))
		return false;
	cga_counts counts = {0};
	cga_triangle pt = prepare_triangle(t.a, t.b, t.c), pu = prepare_triangle(u.a, u.b, u.c);
	return triangle_triangle(&pt, &pu, &counts);
}

bool col_cga_triangle_sphere(col_triangle t, col_sphere s, col_cga_mode mode)
{
	if (!finite_triangle(t) || !valid_sphere(s))
		return false;
	cga_counts counts = {0};
	cga_triangle prepared = prepare_triangle(t.a, t.b, t.c);
	return triangle_sphere(&prepared, s.center, s.radius, mode, &counts);
}

bool col_cga_sphere_sphere(col_sphere a, col_sphere b, col_cga_mode mode)
{
	if (!valid_sphere(a) || !valid_sphere(b))
		return false;
	cga_counts counts = {0};
	return sphere_sphere(a.center, a.radius, mode, b.center, b.radius, mode, &counts);
}

/* ---- any pair ---- */

static bool query_is_valid(const col_cga_query *q)
{
	switch (q->kind) {
	case COL_CGA_QUERY_SEGMENT: return col_vec3_is_finite(q->p[0]) && col_vec3_is_finite(q->p[1]);
	case COL_CGA_QUERY_TRIANGLE:
		return col_vec3_is_finite(q->p[0]) && col_vec3_is_finite(q->p[1]) &&
		       col_vec3_is_finite(q->p[2]);
	case COL_CGA_QUERY_SPHERE:
		return col_vec3_is_finite(q->p[0]) && isfinite(q->radius) && q->radius >= 0.0;
	default: return false;
	}
}

/* a and b valid, a's kind not after b's. */
static bool collide_ordered(const col_cga_query *a, const col_cga_query *b, cga_counts *c)
{
	switch (a->kind * 3 + b->kind) {
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SEGMENT:
		return segment_segment(a->p[0], a->p[1], b->p[0], b->p[1], c);
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_TRIANGLE: {
		cga_triangle t = prepare_triangle(b->p[0], b->p[1], b->p[2]);
		col_vec3 d = col_vec3_sub(a->p[1], a->p[0]);
		return segment_triangle(a->p[0], a->p[1], d, scale_of(max_abs3(d)), &t, c);
	}
	case COL_CGA_QUERY_SEGMENT * 3 + COL_CGA_QUERY_SPHERE:
		return segment_sphere(a->p[0], a->p[1], b->p[0], b->radius, b->mode, c);
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_TRIANGLE: {
		cga_triangle t = prepare_triangle(a->p[0], a->p[1], a->p[2]),
		             u = prepare_triangle(b->p[0], b->p[1], b->p[2]);
		return triangle_triangle(&t, &u, c);
	}
	case COL_CGA_QUERY_TRIANGLE * 3 + COL_CGA_QUERY_SPHERE: {
		cga_triangle t = prepare_triangle(a->p[0], a->p[1], a->p[2]);
		return triangle_sphere(&t, b->p[0], b->radius, b->mode, c);
	}
	case COL_CGA_QUERY_SPHERE * 3 + COL_CGA_QUERY_SPHERE:
		return sphere_sphere(a->p[0], a->radius, a->mode, b->p[0], b->radius, b->mode, c);
	default: return false;
	}
}

bool col_cga_collide(const col_cga_query *a, const col_cga_query *b, col_cga_stats *stats)
{
	if (a == NULL || b == NULL)
		return false;
	cga_counts counts = {0};
	bool hit = false;
	if (query_is_valid(a) && query_is_valid(b))
		hit = a->kind <= b->kind ? collide_ordered(a, b, &counts) : collide_ordered(b, a, &counts);
	add_batch(stats, &counts, 1, hit);
	return hit;
}

/* ---- meshes ---- */

/* The engine's Euclidean tests, with the surface rule (not strictly inside the open ball) added. */
static bool euclidean_triangle_sphere(col_triangle t, col_sphere s, col_cga_mode mode)
{
	if (!col_triangle_intersects_sphere(t, s))
		return false;
	return mode == COL_CGA_SOLID || col_sphere_point_side(s.center, s.radius, t.a) >= 0 ||
	       col_sphere_point_side(s.center, s.radius, t.b) >= 0 ||
	       col_sphere_point_side(s.center, s.radius, t.c) >= 0;
}

static inline col_triangle mesh_triangle(const col_vec3 *vertices, const int32_t *index, int i)
{
	return (col_triangle){vertices[index[3 * i]], vertices[index[3 * i + 1]], vertices[index[3 * i + 2]]};
}

static inline cga_triangle mesh_prepared(const col_vec3 *vertices, const int32_t *index, int i)
{
	return prepare_triangle(vertices[index[3 * i]], vertices[index[3 * i + 1]],
	                        vertices[index[3 * i + 2]]);
}

static bool method_is_known(col_method *method)
{
	if (*method == COL_METHOD_DEFAULT)
		*method = COL_METHOD_CGA;
	return *method == COL_METHOD_CGA || *method == COL_METHOD_EUCLIDEAN;
}

size_t col_cga_mesh_query(const col_mesh *mesh, const col_cga_query *query, col_method method, int first,
                          int end, uint8_t *hit, col_cga_stats *stats)
{
	if (mesh == NULL || query == NULL || !method_is_known(&method) || first < 0 || first > end ||
	    end > col_mesh_triangle_count(mesh))
		return 0;
	const col_vec3 *vertices = col_mesh_vertices(mesh);
	const int32_t *index = col_mesh_triangles(mesh);
	bool cga = method == COL_METHOD_CGA;
	cga_counts counts = {0};
	size_t hits = 0;
	if (!query_is_valid(query)) {
		if (hit != NULL)
			for (int i = first; i < end; i++)
				hit[i] = 0;
		add_batch(stats, &counts, (uint64_t)(end - first), 0);
		return 0;
	}
	/* Mesh coordinates are finite (col_mesh_create refuses others): the loops test no input. */
	const col_vec3 *p = query->p;
	switch (query->kind) {
	case COL_CGA_QUERY_SEGMENT: {
		col_vec3 d = col_vec3_sub(p[1], p[0]);
		double d_max = scale_of(max_abs3(d));
		for (int i = first; i < end; i++) {
			bool h;
			if (cga) {
				cga_triangle t = mesh_prepared(vertices, index, i);
				h = segment_triangle(p[0], p[1], d, d_max, &t, &counts);
			} else {
				h = col_segment_intersects_triangle(p[0], p[1],
				                                    mesh_triangle(vertices, index, i));
			}
			hits += h;
			if (hit != NULL)
				hit[i] = (uint8_t)h;
		}
		break;
	}
	case COL_CGA_QUERY_TRIANGLE: {
		cga_triangle q = prepare_triangle(p[0], p[1], p[2]);
		col_triangle qt = {p[0], p[1], p[2]};
		for (int i = first; i < end; i++) {
			bool h;
			if (cga) {
				cga_triangle t = mesh_prepared(vertices, index, i);
				h = triangle_triangle(&q, &t, &counts);
			} else {
				h = col_triangle_intersects_triangle(qt, mesh_triangle(vertices, index, i));
			}
			hits += h;
			if (hit != NULL)
				hit[i] = (uint8_t)h;
		}
		break;
	}
	case COL_CGA_QUERY_SPHERE: {
		col_sphere s = {p[0], query->radius};
		for (int i = first; i < end; i++) {
			bool h;
			if (cga) {
				cga_triangle t = mesh_prepared(vertices, index, i);
				h = triangle_sphere(&t, s.center, s.radius, query->mode, &counts);
			} else {
				h = euclidean_triangle_sphere(mesh_triangle(vertices, index, i), s,
				                              query->mode);
			}
			hits += h;
			if (hit != NULL)
				hit[i] = (uint8_t)h;
		}
		break;
	}
	}
	add_batch(stats, &counts, (uint64_t)(end - first), hits);
	return hits;
}

/* b's triangles are moved into a's frame and prepared a block at a time, and each of a's triangles of
 * the range meets the whole block before the next: each of b's is moved and prepared once, each of
 * a's once per block, and the block stays in cache. */
enum { MESH_BLOCK = 64 };

size_t col_cga_mesh_mesh(const col_mesh *a, const col_mesh *b, col_transform3 b_to_a, col_method method,
                         int first_a, int end_a, uint8_t *hit_a, uint8_t *hit_b, col_cga_stats *stats)
{
	if (a == NULL || b == NULL || !col_transform3_is_finite(b_to_a) || !method_is_known(&method) ||
	    first_a < 0 || first_a > end_a || end_a > col_mesh_triangle_count(a))
		return 0;
	const col_vec3 *va = col_mesh_vertices(a), *vb = col_mesh_vertices(b);
	const int32_t *ia = col_mesh_triangles(a), *ib = col_mesh_triangles(b);
	int count_b = col_mesh_triangle_count(b);
	bool cga = method == COL_METHOD_CGA;
	cga_counts counts = {0};
	size_t hits = 0;
	if (hit_a != NULL)
		for (int i = first_a; i < end_a; i++)
			hit_a[i] = 0;
	col_triangle moved[MESH_BLOCK];
	cga_triangle block[MESH_BLOCK];
	for (int start = 0; start < count_b; start += MESH_BLOCK) {
		int size = count_b - start < MESH_BLOCK ? count_b - start : MESH_BLOCK;
		for (int j = 0; j < size; j++) {
			col_triangle u = mesh_triangle(vb, ib, start + j);
			moved[j] = (col_triangle){col_transform3_apply(b_to_a, u.a),
			                          col_transform3_apply(b_to_a, u.b),
			                          col_transform3_apply(b_to_a, u.c)};
			if (cga)
				block[j] = prepare_triangle(moved[j].a, moved[j].b, moved[j].c);
		}
		for (int i = first_a; i < end_a; i++) {
			col_triangle tt = mesh_triangle(va, ia, i);
			cga_triangle t = cga ? prepare_triangle(tt.a, tt.b, tt.c) : (cga_triangle){0};
			for (int j = 0; j < size; j++) {
				bool h = cga ? triangle_triangle(&t, &block[j], &counts)
				             : col_triangle_intersects_triangle(tt, moved[j]);
				if (!h)
					continue;
				hits++;
				if (hit_a != NULL)
					hit_a[i] = 1;
				if (hit_b != NULL)
					hit_b[start + j] = 1;
			}
		}
	}
	add_batch(stats, &counts, (uint64_t)(end_a - first_a) * (uint64_t)count_b, hits);
	return hits;
}
