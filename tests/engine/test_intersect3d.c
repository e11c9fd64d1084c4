/* Segments, triangles and tetrahedra meeting in 3D (source 000, 5.5): Thm 5.3's segment/triangle
 * test with its feature classification, the region codes of Alg. 5.8, segment/tetrahedron and
 * tetrahedron/tetrahedron (Alg. 5.9), each checked against an oracle that shares nothing with the
 * engine: a separating-axis test on integer coordinates in exact 128-bit arithmetic, with an axis
 * set complete for convex hulls of any dimension (flat and collinear ones included). Every point is
 * an integer vector k scaled by 2^-e, a double exactly, so the engine and the oracle see the same
 * point. Three classes of cases: general position (29-bit coordinates), a small grid with the
 * degenerate configurations forced often (on a vertex, on an edge, coplanar, flat, shared vertices,
 * nested), and the same grid nudged by one unit in 2^20, so near-ties exercise the exact fallbacks. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide/intersect3d.h"
#include "collide/predicates.h"
#include "collide/shapes3d.h"

#include "support.h"

#define SEED 0x494E544552534543ULL

/* ---- exact integer geometry (the oracle) ---- */

/* 128-bit integers: a GCC/Clang extension, marked so that -Wpedantic accepts it. */
__extension__ typedef __int128 i128;

typedef struct ivec {
	i128 x, y, z;
} ivec;

static ivec isub(ivec a, ivec b)
{
	return (ivec){a.x - b.x, a.y - b.y, a.z - b.z};
}
static ivec iadd(ivec a, ivec b)
{
	return (ivec){a.x + b.x, a.y + b.y, a.z + b.z};
}
static ivec iscale(ivec a, int k)
{
	return (ivec){a.x * k, a.y * k, a.z * k};
}
static ivec icross(ivec a, ivec b)
{
	return (ivec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static i128 idot(ivec a, ivec b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}
static bool izero(ivec a)
{
	return a.x == 0 && a.y == 0 && a.z == 0;
}
static int isign(i128 v)
{
	return (v > 0) - (v < 0);
}

/* Coordinates stay below 2^28 in magnitude, so that every product below fits: an edge direction
 * is < 2^29, a cross product of two < 2^59, a triple one < 2^89, its dot product with a point
 * < 2^119. */
enum { COORDINATE_BITS = 28 };

/* How the axis a sees the hulls of p and q: 0 strictly apart, 1 touching (the projections share
 * one end only), 2 overlapping, or no information from a zero axis. */
static int axis_relation(ivec a, const ivec *p, int np, const ivec *q, int nq)
{
	if (izero(a))
		return 2;
	i128 lp = idot(a, p[0]), hp = lp, lq = idot(a, q[0]), hq = lq;
	for (int i = 1; i < np; i++) {
		i128 v = idot(a, p[i]);
		lp = v < lp ? v : lp;
		hp = v > hp ? v : hp;
	}
	for (int i = 1; i < nq; i++) {
		i128 v = idot(a, q[i]);
		lq = v < lq ? v : lq;
		hq = v > hq ? v : hq;
	}
	if (hp < lq || hq < lp)
		return 0;
	return hp == lq || hq == lp ? 1 : 2;
}

/* Relation of the convex hulls of p and q (at most 4 points each): 0 apart, 1 touching (they meet,
 * and a plane has them on its two closed sides), 2 overlapping. They are apart exactly when
 * 0 is not in the hull D of the differences p - q, which is then strictly separated from 0 along:
 * a facet normal of D, a cross product of two edge directions of p or q, when D is solid; the
 * normal n of D's plane, or n x e for an edge direction e, when D is flat; e or e x (s x e) (s any
 * point of D) when D is a segment on a line along e; s itself when D is a point. The rank of the
 * edge directions says which. (Touching is only told apart from overlapping when D is solid: a
 * flat D that holds 0 answers 1, a segment may answer 2.) */
static int hull_relation(const ivec *p, int np, const ivec *q, int nq)
{
	ivec dir[12];
	int nd = 0;
	for (int i = 0; i < np; i++)
		for (int j = i + 1; j < np; j++)
			if (!izero(isub(p[j], p[i])))
				dir[nd++] = isub(p[j], p[i]);
	for (int i = 0; i < nq; i++)
		for (int j = i + 1; j < nq; j++)
			if (!izero(isub(q[j], q[i])))
				dir[nd++] = isub(q[j], q[i]);
	int rank = nd > 0;
	for (int i = 0; i < nd && rank < 3; i++) {
		for (int j = i + 1; j < nd && rank < 3; j++) {
			ivec c = icross(dir[i], dir[j]);
			if (izero(c))
				continue;
			rank = 2;
			for (int k = 0; k < nd; k++) {
				if (idot(c, dir[k]) != 0) {
					rank = 3;
					break;
				}
			}
		}
	}
	int best = 2;
#define TRY_AXIS(axis)                                                                                       \
	do {                                                                                                 \
		int relation_ = axis_relation((axis), p, np, q, nq);                                         \
		if (relation_ == 0)                                                                          \
			return 0;                                                                            \
		best = relation_ < best ? relation_ : best;                                                  \
	} while (0)
	ivec s = isub(p[0], q[0]);
	if (rank == 0) {
		TRY_AXIS(s);
	} else if (rank == 1) {
		TRY_AXIS(dir[0]);
		TRY_AXIS(icross(dir[0], icross(s, dir[0])));
	} else {
		for (int i = 0; i < nd; i++) {
			for (int j = i + 1; j < nd; j++) {
				ivec c = icross(dir[i], dir[j]);
				TRY_AXIS(c);
				if (rank == 2 && !izero(c))
					for (int k = 0; k < nd; k++)
						TRY_AXIS(icross(c, dir[k]));
			}
		}
	}
#undef TRY_AXIS
	return best;
}

static bool hulls_meet(const ivec *p, int np, const ivec *q, int nq)
{
	return hull_relation(p, np, q, nq) > 0;
}

/* Region code by face planes: bit k when p and vk lie strictly on opposite sides of the plane of
 * the other three; -1 for a flat tetrahedron. */
static int oracle_region_code(const ivec v[4], ivec p)
{
	int code = 0;
	for (int k = 0; k < 4; k++) {
		ivec a = v[(k + 1) & 3], b = v[(k + 2) & 3], c = v[(k + 3) & 3];
		ivec n = icross(isub(b, a), isub(c, a));
		int sv = isign(idot(n, isub(v[k], a))), sp = isign(idot(n, isub(p, a)));
		if (sv == 0)
			return -1;
		if (sp * sv < 0)
			code |= 1 << k;
	}
	return code;
}

/* The engine's double of k * 2^-e. */
static col_vec3 to_double(ivec k, int e)
{
	return (col_vec3){ldexp((double)k.x, -e), ldexp((double)k.y, -e), ldexp((double)k.z, -e)};
}

/* ---- random cases ---- */

typedef enum case_class { CLASS_GENERAL, CLASS_GRID, CLASS_NUDGED, CLASS_COUNT } case_class;
static const char *const class_names[CLASS_COUNT] = {"general", "grid", "nudged"};
/* Binary exponent of each class's unit. */
static const int class_exponent[CLASS_COUNT] = {28, 0, 20};

static case_class class_of(int i)
{
	int m = i % 10;
	return m < 3 ? CLASS_GENERAL : (m < 7 ? CLASS_GRID : CLASS_NUDGED);
}

static ivec draw_grid(rng *r, int lo, int hi)
{
	return (ivec){rng_int(r, lo, hi), rng_int(r, lo, hi), rng_int(r, lo, hi)};
}

static ivec draw_general(rng *r)
{
	const int m = 1 << COORDINATE_BITS;
	return (ivec){rng_int(r, -m, m - 1), rng_int(r, -m, m - 1), rng_int(r, -m, m - 1)};
}

/* A grid point of the plane of a, b, c: a + i (b - a) + j (c - a). */
static ivec draw_in_plane(rng *r, ivec a, ivec b, ivec c)
{
	return iadd(a, iadd(iscale(isub(b, a), rng_int(r, -1, 2)), iscale(isub(c, a), rng_int(r, -1, 2))));
}

/* The finishing step of a grid case: general points are redrawn; nudged ones are scaled by 2^20 and
 * each coordinate moved by -1, 0 or +1 (one time in four), so ties become near-ties. */
static void finish_points(rng *r, case_class cls, ivec *p, int n)
{
	for (int i = 0; i < n; i++) {
		if (cls == CLASS_GENERAL) {
			p[i] = draw_general(r);
		} else if (cls == CLASS_NUDGED) {
			i128 *c[3] = {&p[i].x, &p[i].y, &p[i].z};
			for (int k = 0; k < 3; k++) {
				*c[k] *= (i128)1 << 20;
				if (rng_int(r, 0, 3) == 0)
					*c[k] += rng_int(r, -1, 1);
			}
		}
	}
}

static void swap_ivec(ivec *a, ivec *b)
{
	ivec t = *a;
	*a = *b;
	*b = t;
}

/* ---- segment / triangle ---- */

typedef struct expected_hit {
	bool hit, coplanar;
	int feature, endpoint;
} expected_hit;

static expected_hit oracle_segment_triangle(ivec q1, ivec q2, ivec v1, ivec v2, ivec v3)
{
	const ivec seg[2] = {q1, q2}, tri[3] = {v1, v2, v3};
	expected_hit e = {hulls_meet(seg, 2, tri, 3), false, 0, 0};
	ivec n = icross(isub(v2, v1), isub(v3, v1));
	e.coplanar = izero(n) || (idot(n, isub(q1, v1)) == 0 && idot(n, isub(q2, v1)) == 0);
	if (!e.hit || e.coplanar)
		return e;
	/* One common point: the vertex on the segment, else the edge it meets, else the interior. */
	for (int i = 0; i < 3 && !e.feature; i++)
		if (hulls_meet(seg, 2, &tri[i], 1))
			e.feature = 1 << i;
	for (int i = 0; i < 3 && !e.feature; i++) {
		const ivec edge[2] = {tri[i], tri[(i + 1) % 3]};
		if (hulls_meet(seg, 2, edge, 2))
			e.feature = 1 << i | 1 << (i + 1) % 3;
	}
	if (!e.feature)
		e.feature = 7;
	e.endpoint = hulls_meet(&q1, 1, tri, 3) ? 1 : (hulls_meet(&q2, 1, tri, 3) ? 2 : 0);
	return e;
}

/* p[0], p[1]: the segment; p[2..4]: the triangle. Grid patterns force the degenerate cases. */
static void draw_segment_triangle(rng *r, case_class cls, ivec p[5])
{
	for (int i = 2; i < 5; i++)
		p[i] = draw_grid(r, -3, 3);
	p[0] = draw_grid(r, -3, 3);
	p[1] = draw_grid(r, -3, 3);
	int i = rng_int(r, 2, 4), j = i == 4 ? 2 : i + 1, k = j == 4 ? 2 : j + 1;
	switch (rng_int(r, 0, 9)) {
	case 0: /* through a vertex */ p[1] = isub(iscale(p[i], 2), p[0]); break;
	case 1: /* through an edge's midpoint */ p[1] = isub(iadd(p[i], p[j]), p[0]); break;
	case 2: /* one end in the plane: erratum 7 when it is q1 */
		p[0] = draw_in_plane(r, p[i], p[j], p[k]);
		break;
	case 3: /* coplanar */
		p[0] = draw_in_plane(r, p[i], p[j], p[k]);
		p[1] = draw_in_plane(r, p[i], p[j], p[k]);
		break;
	case 4: /* an end on a vertex */ p[0] = p[i]; break;
	case 5: /* a degenerate triangle: collinear, or a point */
		p[k] = rng_coin(r) ? iadd(p[i], iscale(isub(p[j], p[i]), rng_int(r, -1, 2))) : p[i];
		if (rng_coin(r))
			p[0] = draw_in_plane(r, p[i], p[j], p[0]);
		break;
	case 6: /* a point */
		p[1] = rng_coin(r) ? p[0] : draw_in_plane(r, p[i], p[j], p[k]);
		p[0] = p[1];
		break;
	default: break;
	}
	if (rng_coin(r))
		swap_ivec(&p[0], &p[1]);
	finish_points(r, cls, p, 5);
}

static const char *feature_name(int feature)
{
	static const char *const names[8] = {"none",     "vertex 1", "vertex 2", "edge 12",
	                                     "vertex 3", "edge 31",  "edge 23",  "interior"};
	return feature >= 0 && feature < 8 ? names[feature] : "?";
}

/* Distance from x to the closed segment ab, in floating point. */
static double segment_distance(col_vec3 a, col_vec3 b, col_vec3 x)
{
	col_vec3 d = col_vec3_sub(b, a);
	double dd = col_vec3_dot(d, d);
	double t = dd > 0.0 ? col_vec3_dot(col_vec3_sub(x, a), d) / dd : 0.0;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return col_vec3_distance(x, col_vec3_lerp(a, b, t));
}

/* How far x lies outside the bounding box of the n points p. */
static double box_excess(col_vec3 x, const col_vec3 *p, int n)
{
	col_aabb3 box = col_aabb3_from_points(p, n);
	double e = fmax(fmax(box.min.x - x.x, x.x - box.max.x), fmax(box.min.y - x.y, x.y - box.max.y));
	return fmax(0.0, fmax(e, fmax(box.min.z - x.z, x.z - box.max.z)));
}

/* Distance of a hit point from the exact one (a crossing) or from the segment and the triangle (a
 * coplanar entry), and of a crossing's parameter from the exact w / (w - s), from the oracle's
 * integers rounded once to long double. */
static void hit_point_error(const ivec p[5], const col_vec3 d[5], bool coplanar, double param, col_vec3 x,
                            double *off, double *param_error)
{
	*param_error = 0.0;
	if (coplanar) {
		col_triangle t = {d[2], d[3], d[4]};
		*off = fmax(segment_distance(d[0], d[1], x),
		            col_vec3_distance(x, col_triangle_closest_point(t, x)));
		return;
	}
	ivec nrm = icross(isub(p[3], p[2]), isub(p[4], p[2]));
	i128 w = idot(nrm, isub(p[0], p[2])), s = idot(nrm, isub(p[1], p[2]));
	long double lambda = (long double)w / (long double)(w - s);
	*param_error = fabs(param - (double)lambda);
	long double e[3] = {d[0].x + lambda * ((long double)d[1].x - d[0].x) - x.x,
	                    d[0].y + lambda * ((long double)d[1].y - d[0].y) - x.y,
	                    d[0].z + lambda * ((long double)d[1].z - d[0].z) - x.z};
	*off = (double)sqrtl(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
}

/* Every answer of col_segment_triangle_locate (hit, coplanar, feature, end) against the oracle, on
 * 10^5 cases; col_segment_intersects_triangle and col_triangle_intersects_triangle with the segment
 * as a flat triangle agree with it. The hit point is the exact end or vertex where the hit is one,
 * and inside the triangle's box (a crossing) or the segment's (a coplanar entry); outside the
 * nudged class, a crossing's point and parameter are within 1e-9 (relative) of the exact ones and a
 * coplanar entry point lies on the segment and the triangle. Every degenerate category is met at
 * least a minimum number of times. */
static void test_segment_triangle_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED));
	enum {
		HIT,
		MISS,
		COPLANAR_HIT,
		COPLANAR_MISS,
		DEGENERATE,
		VERTEX,
		EDGE,
		INTERIOR,
		AT_Q1,
		AT_Q2,
		POINT,
		NCOUNT
	};
	static const char *const names[NCOUNT] = {
	    "hit",        "miss",     "coplanar hit", "coplanar miss", "degenerate triangle", "on a vertex",
	    "on an edge", "interior", "at q1",        "at q2",         "point segment"};
	long count[NCOUNT] = {0};
	double worst_param = 0.0, worst_distance = 0.0;
	for (int n = 0; n < COLLIDE_RANDOM_CASES; n++) {
		case_class cls = class_of(n);
		ivec p[5];
		draw_segment_triangle(&r, cls, p);
		col_vec3 d[5];
		for (int i = 0; i < 5; i++)
			d[i] = to_double(p[i], class_exponent[cls]);
		expected_hit want = oracle_segment_triangle(p[0], p[1], p[2], p[3], p[4]);
		col_segment3_triangle_hit got = col_segment_triangle_locate(d[0], d[1], d[2], d[3], d[4]);
		if (got.hit != want.hit || got.coplanar != want.coplanar ||
		    (int)got.feature != want.feature || got.endpoint != want.endpoint)
			FAIL_CASE(
			    &r, n,
			    "%s: segment (%g %g %g)-(%g %g %g), triangle (%g %g %g) (%g %g %g) (%g %g %g): "
			    "got hit %d coplanar %d %s end %d, want hit %d coplanar %d %s end %d",
			    class_names[cls], d[0].x, d[0].y, d[0].z, d[1].x, d[1].y, d[1].z, d[2].x, d[2].y,
			    d[2].z, d[3].x, d[3].y, d[3].z, d[4].x, d[4].y, d[4].z, got.hit, got.coplanar,
			    feature_name(got.feature), got.endpoint, want.hit, want.coplanar,
			    feature_name(want.feature), want.endpoint);
		col_triangle t = {d[2], d[3], d[4]};
		if (col_segment_intersects_triangle(d[0], d[1], t) != want.hit ||
		    col_triangle_intersects_triangle(t, (col_triangle){d[0], d[1], d[1]}) != want.hit)
			FAIL_CASE(&r, n, "%s: the boolean tests disagree with the oracle (%d)",
			          class_names[cls], want.hit);

		double param = -1.0;
		col_vec3 x = {NAN, NAN, NAN};
		if (col_segment_triangle_hit_point(d[0], d[1], t, &param, &x) != want.hit)
			FAIL_CASE(&r, n, "%s: hit point reports %d", class_names[cls], !want.hit);
		if (want.hit) {
			if (!(param >= 0.0 && param <= 1.0) || !col_vec3_is_finite(x))
				FAIL_CASE(&r, n, "%s: hit parameter %g", class_names[cls], param);
			double scale = 1.0;
			for (int i = 0; i < 5; i++)
				scale = fmax(scale, fmax(fabs(d[i].x), fmax(fabs(d[i].y), fabs(d[i].z))));
			bool at_vertex = want.feature == 1 || want.feature == 2 || want.feature == 4;
			if (want.endpoint && !col_vec3_equal(x, d[want.endpoint - 1]))
				FAIL_CASE(&r, n, "%s: the hit at an end is not that end", class_names[cls]);
			if (at_vertex &&
			    !col_vec3_equal(x, d[want.feature == 1 ? 2 : (want.feature == 2 ? 3 : 4)]))
				FAIL_CASE(&r, n, "%s: the hit at a vertex is not that vertex",
				          class_names[cls]);
			/* Always: a crossing point is a convex combination of the vertices, a coplanar
			 * entry point one of the ends, so each lies in that box (to rounding). */
			double outside = want.coplanar ? box_excess(x, &d[0], 2) : box_excess(x, &d[2], 3);
			if (outside > 1e-15 * scale)
				FAIL_CASE(&r, n, "%s: hit point %g outside the box of the %s",
				          class_names[cls], outside, want.coplanar ? "segment" : "triangle");
			/* Accuracy where the configuration is well conditioned: not in the nudged class,
			 * whose near-parallel segments and sliver triangles make any rounded hit point
			 * inaccurate (the answer's sensitivity to its input is ~2^20 there). */
			if (cls != CLASS_NUDGED) {
				double off, param_error;
				hit_point_error(p, d, want.coplanar, param, x, &off, &param_error);
				off /= scale;
				worst_distance = fmax(worst_distance, off);
				worst_param = fmax(worst_param, param_error);
				if (off > 1e-9 || param_error > 1e-9)
					FAIL_CASE(&r, n,
					          "%s: hit point %g from the true one, parameter %.17g off "
					          "by %g (%s)",
					          class_names[cls], off, param, param_error,
					          want.coplanar ? "coplanar" : feature_name(want.feature));
			}
		}
		count[want.hit ? HIT : MISS]++;
		if (want.coplanar)
			count[want.hit ? COPLANAR_HIT : COPLANAR_MISS]++;
		if (izero(icross(isub(p[3], p[2]), isub(p[4], p[2]))))
			count[DEGENERATE]++;
		if (want.hit && !want.coplanar) {
			int f = want.feature;
			count[f == 7 ? INTERIOR : (f == 1 || f == 2 || f == 4 ? VERTEX : EDGE)]++;
			if (want.endpoint)
				count[want.endpoint == 1 ? AT_Q1 : AT_Q2]++;
		}
		if (izero(isub(p[0], p[1])))
			count[POINT]++;
	}
	print_message("segment/triangle, %d cases:", COLLIDE_RANDOM_CASES);
	for (int i = 0; i < NCOUNT; i++)
		print_message(" %s %ld,", names[i], count[i]);
	print_message(" worst parameter error %.2g, worst distance %.2g\n", worst_param, worst_distance);
	for (int i = 0; i < NCOUNT; i++)
		if (count[i] < COLLIDE_RANDOM_CASES / 1000)
			fail_msg("only %ld cases of '%s'", count[i], names[i]);
}

/* The printed Alg. 5.5 for Q1 in the triangle's plane (w = 0): roles swapped, with the printed
 * comparison of -s against t + u, or the corrected one of s (erratum 7). Floating point. */
static bool alg55_q1_in_plane(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2, col_vec3 v3, bool corrected)
{
	col_vec3 a = col_vec3_sub(q1, v3), b = col_vec3_sub(v1, v3), c = col_vec3_sub(v2, v3),
	         d = col_vec3_sub(q2, v3);
	double s = col_vec3_dot(d, col_vec3_cross(b, c));
	col_vec3 w2 = col_vec3_cross(d, a);
	double t = col_vec3_dot(w2, c), u = -col_vec3_dot(w2, b);
	double lhs = corrected ? s : -s;
	if (s > 0.0)
		return !(t < 0.0 || u < 0.0 || lhs < t + u);
	if (s < 0.0)
		return !(t > 0.0 || u > 0.0 || lhs > t + u);
	return false;
}

static void check_locate(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2, col_vec3 v3, bool hit,
                         bool coplanar, col_triangle_feature feature, int endpoint, const char *what)
{
	col_segment3_triangle_hit got = col_segment_triangle_locate(q1, q2, v1, v2, v3);
	if (got.hit != hit || got.coplanar != coplanar || got.feature != feature || got.endpoint != endpoint)
		fail_msg("%s: got hit %d coplanar %d %s end %d, want hit %d coplanar %d %s end %d", what,
		         got.hit, got.coplanar, feature_name(got.feature), got.endpoint, hit, coplanar,
		         feature_name(feature), endpoint);
	/* The answer does not depend on the direction of the segment (the end swaps). */
	got = col_segment_triangle_locate(q2, q1, v1, v2, v3);
	if (got.hit != hit || got.coplanar != coplanar || got.feature != feature ||
	    got.endpoint != (endpoint ? 3 - endpoint : 0))
		fail_msg("%s, reversed: got hit %d %s end %d", what, got.hit, feature_name(got.feature),
		         got.endpoint);
}

/* Hand-made segment/triangle cases on the triangle (0,0,0) (4,0,0) (0,4,0): through each vertex
 * and edge, ends on the face, the erratum-7 case, coplanar ones, a hair outside, degenerate
 * triangles and segments, NaN. */
static void test_segment_triangle_cases(void **state)
{
	(void)state;
	const col_vec3 v1 = {0, 0, 0}, v2 = {4, 0, 0}, v3 = {0, 4, 0};
	const double above = 1, below = -1;
#define AT(x, y, z) ((col_vec3){(x), (y), (z)})
	check_locate(AT(1, 1, below), AT(1, 1, above), v1, v2, v3, true, false, COL_TRIANGLE_INTERIOR, 0,
	             "interior");
	check_locate(AT(0, 0, below), AT(0, 0, above), v1, v2, v3, true, false, COL_TRIANGLE_VERTEX1, 0,
	             "vertex 1");
	check_locate(AT(4, 0, below), AT(4, 0, above), v1, v2, v3, true, false, COL_TRIANGLE_VERTEX2, 0,
	             "vertex 2");
	check_locate(AT(-1, 5, below), AT(1, 3, above), v1, v2, v3, true, false, COL_TRIANGLE_VERTEX3, 0,
	             "slanted through vertex 3");
	check_locate(AT(2, 0, below), AT(2, 0, above), v1, v2, v3, true, false, COL_TRIANGLE_EDGE12, 0,
	             "edge 12");
	check_locate(AT(2, 2, below), AT(2, 2, above), v1, v2, v3, true, false, COL_TRIANGLE_EDGE23, 0,
	             "edge 23");
	check_locate(AT(0, 3, below), AT(0, 3, above), v1, v2, v3, true, false, COL_TRIANGLE_EDGE31, 0,
	             "edge 31");
	check_locate(AT(2, nextafter(2, 3), below), AT(2, nextafter(2, 3), above), v1, v2, v3, false, false,
	             COL_TRIANGLE_NONE, 0, "a hair beyond edge 23");
	check_locate(AT(1, 1, 0.5), AT(1, 1, above), v1, v2, v3, false, false, COL_TRIANGLE_NONE, 0,
	             "both ends above");
	check_locate(AT(1, 1, nextafter(0, 1)), AT(1, 1, above), v1, v2, v3, false, false, COL_TRIANGLE_NONE,
	             0, "a hair above the face");
	check_locate(AT(1, 1, 0), AT(1, 1, above), v1, v2, v3, true, false, COL_TRIANGLE_INTERIOR, 1,
	             "q1 on the face");
	check_locate(AT(1, 1, below), AT(3, 1, 0), v1, v2, v3, true, false, COL_TRIANGLE_EDGE23, 2,
	             "q2 on edge 23");
	check_locate(AT(0, 4, 0), AT(5, 5, above), v1, v2, v3, true, false, COL_TRIANGLE_VERTEX3, 1,
	             "q1 on vertex 3");
	check_locate(AT(5, 0, 0), AT(5, 0, above), v1, v2, v3, false, false, COL_TRIANGLE_NONE, 0,
	             "q1 in the plane, outside");
	check_locate(AT(1, 1, above), AT(2, 1, above), v1, v2, v3, false, false, COL_TRIANGLE_NONE, 0,
	             "parallel, above");

	/* Erratum 7: Q1 in the plane inside the face, Q2 above. The printed comparison (-s < t + u)
	 * rejects this hit; the corrected one (s < t + u) and the engine find it. */
	assert_false(alg55_q1_in_plane(AT(1, 1, 0), AT(1, 1, 2), v1, v2, v3, false));
	assert_true(alg55_q1_in_plane(AT(1, 1, 0), AT(1, 1, 2), v1, v2, v3, true));
	assert_true(alg55_q1_in_plane(AT(1, 1, 0), AT(1, 1, -2), v1, v2, v3, true));
	check_locate(AT(1, 1, 0), AT(1, 1, 2), v1, v2, v3, true, false, COL_TRIANGLE_INTERIOR, 1,
	             "erratum 7");
	check_locate(AT(1, 1, 0), AT(7, -3, -2), v1, v2, v3, true, false, COL_TRIANGLE_INTERIOR, 1,
	             "erratum 7, slanted below");
	check_locate(AT(2, 0, 0), AT(1, 1, 2), v1, v2, v3, true, false, COL_TRIANGLE_EDGE12, 1,
	             "erratum 7 on an edge");

	/* Coplanar: along an edge, overlapping, crossing, touching at a vertex, disjoint, a point. */
	check_locate(AT(-1, 0, 0), AT(5, 0, 0), v1, v2, v3, true, true, COL_TRIANGLE_NONE, 0,
	             "along edge 12");
	check_locate(AT(1, 1, 0), AT(2, 1, 0), v1, v2, v3, true, true, COL_TRIANGLE_NONE, 0,
	             "inside the face");
	check_locate(AT(-1, 1, 0), AT(5, 1, 0), v1, v2, v3, true, true, COL_TRIANGLE_NONE, 0,
	             "across the face");
	check_locate(AT(4, 0, 0), AT(6, -1, 0), v1, v2, v3, true, true, COL_TRIANGLE_NONE, 0,
	             "from vertex 2 out");
	check_locate(AT(3, 3, 0), AT(-1, 7, 0), v1, v2, v3, false, true, COL_TRIANGLE_NONE, 0,
	             "parallel to edge 23, outside");
	check_locate(AT(1, nextafter(3, 4), 0), AT(3, nextafter(1, 2), 0), v1, v2, v3, false, true,
	             COL_TRIANGLE_NONE, 0, "a hair outside edge 23, coplanar");
	check_locate(AT(1, 1, 0), AT(1, 1, 0), v1, v2, v3, true, true, COL_TRIANGLE_NONE, 0,
	             "a point on the face");
	check_locate(AT(1, 1, 1), AT(1, 1, 1), v1, v2, v3, false, false, COL_TRIANGLE_NONE, 0,
	             "a point above");

	/* Degenerate triangles: collinear (the segment v1-v2), and a single point. */
	const col_vec3 mid = {2, 0, 0};
	check_locate(AT(3, -1, 1), AT(3, 1, -1), v1, v2, mid, true, true, COL_TRIANGLE_NONE, 0,
	             "across a collinear triangle");
	check_locate(AT(5, -1, 1), AT(5, 1, -1), v1, v2, mid, false, true, COL_TRIANGLE_NONE, 0,
	             "past a collinear triangle");
	check_locate(AT(4, 0, 0), AT(9, 9, 9), v1, mid, v2, true, true, COL_TRIANGLE_NONE, 0,
	             "from the end of a collinear triangle");
	check_locate(AT(-1, -1, -1), AT(1, 1, 1), v1, v1, v1, true, true, COL_TRIANGLE_NONE, 0,
	             "through a point");
	check_locate(AT(-1, -1, -1), AT(1, 1, 2), v1, v1, v1, false, true, COL_TRIANGLE_NONE, 0,
	             "past a point");

	/* NaN and infinity: nowhere. */
	check_locate(AT(NAN, 1, below), AT(1, 1, above), v1, v2, v3, false, false, COL_TRIANGLE_NONE, 0,
	             "NaN end");
	check_locate(AT(1, 1, below), AT(1, 1, above), v1, AT(4, INFINITY, 0), v3, false, false,
	             COL_TRIANGLE_NONE, 0, "infinite vertex");
	assert_false(
	    col_segment_intersects_triangle(AT(1, 1, -1), AT(1, 1, NAN), (col_triangle){v1, v2, v3}));
#undef AT
}

/* The hit point of hand-made cases: a crossing (parameter and point), an end on the face (exactly
 * that end), a vertex (exactly it), a coplanar segment entering through an edge, a collinear
 * triangle; a miss writes nothing. */
static void test_segment_triangle_hit_point(void **state)
{
	(void)state;
	const col_triangle t = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
	double param;
	col_vec3 x;
	assert_true(col_segment_triangle_hit_point((col_vec3){1, 1, -1}, (col_vec3){1, 1, 3}, t, &param, &x));
	assert_float_equal(param, 0.25, 1e-15);
	assert_float_equal(x.x, 1.0, 1e-15);
	assert_float_equal(x.y, 1.0, 1e-15);
	assert_float_equal(x.z, 0.0, 1e-15);

	col_vec3 q1 = {0.3, 0.7, 0};
	assert_true(col_segment_triangle_hit_point(q1, (col_vec3){5, 5, 5}, t, &param, &x));
	assert_true(param == 0.0 && col_vec3_equal(x, q1));
	assert_true(col_segment_triangle_hit_point((col_vec3){5, 5, 5}, q1, t, &param, &x));
	assert_true(param == 1.0 && col_vec3_equal(x, q1));
	assert_true(
	    col_segment_triangle_hit_point((col_vec3){-1, 5, -1}, (col_vec3){1, 3, 1}, t, &param, &x));
	assert_true(col_vec3_equal(x, t.c));
	assert_float_equal(param, 0.5, 1e-15);

	/* Coplanar, entering across the edge x = 0 a third of the way. */
	assert_true(col_segment_triangle_hit_point((col_vec3){-1, 1, 0}, (col_vec3){2, 1, 0}, t, &param, &x));
	assert_float_equal(param, 1.0 / 3.0, 1e-15);
	assert_float_equal(x.x, 0.0, 1e-15);
	/* Coplanar from inside: q1 itself. */
	assert_true(col_segment_triangle_hit_point((col_vec3){1, 1, 0}, (col_vec3){9, 1, 0}, t, &param, &x));
	assert_true(param == 0.0 && col_vec3_equal(x, (col_vec3){1, 1, 0}));
	/* A collinear triangle (the segment from (0,0,0) to (4,0,0)) met at x = 3 and at its end. */
	const col_triangle flat = {{0, 0, 0}, {4, 0, 0}, {2, 0, 0}};
	assert_true(
	    col_segment_triangle_hit_point((col_vec3){3, -1, 1}, (col_vec3){3, 3, -3}, flat, &param, &x));
	assert_float_equal(param, 0.25, 1e-15);
	assert_float_equal(x.x, 3.0, 1e-15);
	assert_true(
	    col_segment_triangle_hit_point((col_vec3){6, 0, 0}, (col_vec3){2, 0, 0}, flat, &param, &x));
	assert_float_equal(param, 0.5, 1e-15);
	/* NULL outputs are allowed; a miss leaves the outputs alone. */
	assert_true(col_segment_triangle_hit_point((col_vec3){1, 1, -1}, (col_vec3){1, 1, 1}, t, NULL, NULL));
	param = 7.0;
	assert_false(
	    col_segment_triangle_hit_point((col_vec3){9, 1, -1}, (col_vec3){9, 1, 1}, t, &param, &x));
	assert_true(param == 7.0);
}

/* ---- tetrahedra ---- */

/* Four grid points, flat one time in `flat_one_in` (the last in the plane of the others). */
static void draw_tetrahedron_grid(rng *r, ivec v[4], int flat_one_in)
{
	for (int i = 0; i < 4; i++)
		v[i] = draw_grid(r, -3, 3);
	if (rng_int(r, 1, flat_one_in) == 1)
		v[3] = draw_in_plane(r, v[0], v[1], v[2]);
}

/* Region codes against the oracle's face-plane sides, on points drawn near random tetrahedra of
 * every class; a flat tetrahedron answers -1, and a code has at most three bits. Then segment/
 * tetrahedron: col_segment_intersects_tetrahedron against the hull oracle, and
 * col_segment_crosses_tetrahedron_boundary against "meets, and an end is outside". */
static void test_segment_tetrahedron_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 1));
	enum { MEETS, APART, FLAT, BOTH_IN, ONE_IN, THROUGH, END_ON_BOUNDARY, TOUCHING, ON_VERTEX, NCOUNT };
	static const char *const names[NCOUNT] = {"meets",
	                                          "apart",
	                                          "flat tetrahedron",
	                                          "both ends in",
	                                          "one end in",
	                                          "through, both ends out",
	                                          "an end on the boundary",
	                                          "touching from outside",
	                                          "through a vertex"};
	long count[NCOUNT] = {0};
	for (int n = 0; n < COLLIDE_RANDOM_CASES; n++) {
		case_class cls = class_of(n);
		ivec p[6]; /* the segment, then the tetrahedron */
		draw_tetrahedron_grid(&r, &p[2], 6);
		p[0] = draw_grid(&r, -3, 3);
		p[1] = draw_grid(&r, -3, 3);
		int i = rng_int(&r, 2, 5), j = i == 5 ? 2 : i + 1, k = j == 5 ? 2 : j + 1;
		switch (rng_int(&r, 0, 7)) {
		case 0: p[1] = isub(iscale(p[i], 2), p[0]); break;         /* through a vertex */
		case 1: p[1] = isub(iadd(p[i], p[j]), p[0]); break;        /* through an edge's midpoint */
		case 2: p[0] = draw_in_plane(&r, p[i], p[j], p[k]); break; /* an end in a face plane */
		case 3:                                                    /* in a face plane */
			p[0] = draw_in_plane(&r, p[i], p[j], p[k]);
			p[1] = draw_in_plane(&r, p[i], p[j], p[k]);
			break;
		case 4: p[0] = p[i]; break; /* an end on a vertex */
		default: break;
		}
		finish_points(&r, cls, p, 6);
		col_vec3 d[6];
		for (int m = 0; m < 6; m++)
			d[m] = to_double(p[m], class_exponent[cls]);

		int code1 = oracle_region_code(&p[2], p[0]);
		int got_code = col_tetrahedron_region_code(d[2], d[3], d[4], d[5], d[0]);
		if (got_code != code1)
			FAIL_CASE(&r, n, "%s: region code %d, want %d", class_names[cls], got_code, code1);
		if (code1 == 15 || (code1 >= 0 && (code1 == 0) != hulls_meet(&p[0], 1, &p[2], 4)))
			FAIL_CASE(&r, n, "%s: the oracle's code %d and its hull test disagree",
			          class_names[cls], code1);

		int relation = hull_relation(&p[0], 2, &p[2], 4);
		bool in1 = hulls_meet(&p[0], 1, &p[2], 4), in2 = hulls_meet(&p[1], 1, &p[2], 4);
		bool meets = relation > 0, crosses = meets && !(in1 && in2);
		if (col_segment_intersects_tetrahedron(d[0], d[1], d[2], d[3], d[4], d[5]) != meets)
			FAIL_CASE(&r, n, "%s: segment meets tetrahedron: want %d", class_names[cls], meets);
		if (col_segment_crosses_tetrahedron_boundary(d[0], d[1], d[2], d[3], d[4], d[5]) != crosses)
			FAIL_CASE(&r, n, "%s: segment crosses the boundary: want %d", class_names[cls],
			          crosses);

		bool flat = oracle_region_code(&p[2], p[2]) < 0;
		count[meets ? MEETS : APART]++;
		count[FLAT] += flat;
		count[BOTH_IN] += in1 && in2;
		count[ONE_IN] += in1 != in2;
		count[THROUGH] += meets && !in1 && !in2;
		if (!flat) {
			count[END_ON_BOUNDARY] += (in1 && hull_relation(&p[0], 1, &p[2], 4) == 1) ||
			                          (in2 && hull_relation(&p[1], 1, &p[2], 4) == 1);
			count[TOUCHING] += relation == 1 && !in1 && !in2;
		}
		for (int m = 2; m < 6; m++)
			if (meets && hulls_meet(&p[m], 1, &p[0], 2)) {
				count[ON_VERTEX]++;
				break;
			}
	}
	print_message("segment/tetrahedron, %d cases:", COLLIDE_RANDOM_CASES);
	for (int i = 0; i < NCOUNT; i++)
		print_message(" %s %ld,", names[i], count[i]);
	print_message("\n");
	for (int i = 0; i < NCOUNT; i++)
		if (count[i] < COLLIDE_RANDOM_CASES / 1000)
			fail_msg("only %ld cases of '%s'", count[i], names[i]);
}

/* The unit tetrahedron's region codes around it, in both windings; flat and NaN answer -1. */
static void test_region_code(void **state)
{
	(void)state;
	const col_vec3 o = {0, 0, 0}, x = {1, 0, 0}, y = {0, 1, 0}, z = {0, 0, 1};
	/* Coordinates of p: alpha = 1 - x - y - z (for o), beta = x, gamma = y, delta = z. */
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){0.25, 0.25, 0.25}), 0);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){0, 0, 0}), 0);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){0.5, 0.5, 0}), 0);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){1, 1, 1}), 1);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){-1, 0.5, 0.5}), 2);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){-1, -1, 0.5}), 6);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){-1, -1, -1}), 14);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){4, -1, -1}), 13);
	assert_int_equal(col_tetrahedron_region_code(o, y, x, z, (col_vec3){-1, 0.5, 0.5}),
	                 4); /* wound the other way */
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){nextafter(0, -1), 0.5, 0.25}), 2);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, (col_vec3){1, 1, 0}, (col_vec3){0, 0, 0}), -1);
	assert_int_equal(col_tetrahedron_region_code(o, x, y, z, (col_vec3){NAN, 0, 0}), -1);
	assert_int_equal(
	    col_tetrahedron_region_code(o, x, y, (col_vec3){0, 0, INFINITY}, (col_vec3){0, 0, 0}), -1);
}

/* Hand-made segment/tetrahedron cases around the unit tetrahedron and a flat one. */
static void test_segment_tetrahedron_cases(void **state)
{
	(void)state;
	const col_vec3 v[4] = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 4}};
	struct {
		col_vec3 q1, q2;
		bool meets, crosses;
		const char *what;
	} cases[] = {
	    {{1, 1, 1}, {1, 1, 0.5}, true, false, "both ends inside"},
	    {{1, 1, 0}, {2, 2, 0}, true, false, "both ends on a face"},
	    {{0, 0, 0}, {4, 0, 0}, true, false, "along an edge, end to end"},
	    {{1, 1, 1}, {9, 9, 9}, true, true, "from inside out"},
	    {{-1, 1, 1}, {9, 1, 1}, true, true, "through, both ends outside"},
	    {{-1, -1, 0}, {1, 1, 0}, true, true, "into a vertex from outside, in a face plane"},
	    {{-1, -1, -1}, {0, 0, 0}, true, true, "ending on a vertex"},
	    {{2, 2, -1}, {2, 2, 1}, true, true, "through edge 12's midpoint"},
	    {{-2, 0, 0}, {6, 0, 0}, true, true, "along an edge line, past both ends"},
	    {{-1, 1, 1}, {-1, 2, 1}, false, false, "beside a face"},
	    {{3, 3, -1}, {3, 3, 1}, false, false, "past an edge"},
	    {{2, 2, 0}, {2, 2, -1}, true, true, "from an edge out"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool meets =
		    col_segment_intersects_tetrahedron(cases[i].q1, cases[i].q2, v[0], v[1], v[2], v[3]);
		bool crosses = col_segment_crosses_tetrahedron_boundary(cases[i].q1, cases[i].q2, v[0], v[1],
		                                                        v[2], v[3]);
		if (meets != cases[i].meets || crosses != cases[i].crosses)
			fail_msg("%s: meets %d crosses %d, want %d %d", cases[i].what, meets, crosses,
			         cases[i].meets, cases[i].crosses);
	}
	/* One end on a face, the other outside, is a crossing. */
	assert_true(col_segment_crosses_tetrahedron_boundary((col_vec3){2, 1, 0}, (col_vec3){2, 1, -1}, v[0],
	                                                     v[1], v[2], v[3]));
	/* A flat tetrahedron: the square (0,0,0) (4,0,0) (4,4,0) (0,4,0), given in a crossed order. */
	const col_vec3 f[4] = {{0, 0, 0}, {4, 4, 0}, {4, 0, 0}, {0, 4, 0}};
	assert_true(col_segment_intersects_tetrahedron((col_vec3){3, 3, -1}, (col_vec3){3, 3, 1}, f[0], f[1],
	                                               f[2], f[3]));
	assert_true(col_segment_crosses_tetrahedron_boundary((col_vec3){3, 3, -1}, (col_vec3){3, 3, 1}, f[0],
	                                                     f[1], f[2], f[3]));
	assert_true(col_segment_intersects_tetrahedron((col_vec3){1, 3, 0}, (col_vec3){3, 1, 0}, f[0], f[1],
	                                               f[2], f[3]));
	assert_false(col_segment_crosses_tetrahedron_boundary((col_vec3){1, 3, 0}, (col_vec3){3, 1, 0}, f[0],
	                                                      f[1], f[2], f[3]));
	assert_true(col_segment_crosses_tetrahedron_boundary((col_vec3){1, 3, 0}, (col_vec3){5, 3, 0}, f[0],
	                                                     f[1], f[2], f[3]));
	assert_false(col_segment_intersects_tetrahedron((col_vec3){5, 5, -1}, (col_vec3){5, 5, 1}, f[0], f[1],
	                                                f[2], f[3]));
	/* NaN: nowhere. */
	assert_false(col_segment_intersects_tetrahedron((col_vec3){1, 1, 1}, (col_vec3){1, NAN, 1}, v[0],
	                                                v[1], v[2], v[3]));
	assert_false(col_segment_crosses_tetrahedron_boundary((col_vec3){1, 1, 1}, (col_vec3){9, 9, 9}, v[0],
	                                                      v[1], v[2], (col_vec3){0, 0, NAN}));
}

/* A random pair on the grid: B free, sharing 1 to 3 of A's vertices, A moved by a small step, A's
 * vertices permuted (identical), or A shrunk by half towards one of its vertices or its centroid
 * (nested); either may be flat; the pair is swapped half the time. */
static void draw_tetrahedra_grid(rng *r, ivec a[4], ivec b[4])
{
	draw_tetrahedron_grid(r, a, 8);
	draw_tetrahedron_grid(r, b, 8);
	switch (rng_int(r, 0, 6)) {
	case 0:
	case 1: break;
	case 2: /* shared vertices */
		for (int s = rng_int(r, 1, 3), i = 0; i < s; i++)
			b[i] = a[rng_int(r, 0, 3)];
		break;
	case 3: { /* a step away: shared faces and edges, touching */
		ivec step = draw_grid(r, -1, 1);
		for (int i = 0; i < 4; i++)
			b[i] = iadd(a[(i + 1) & 3], step);
		break;
	}
	case 4: /* identical */
		for (int i = 0; i < 4; i++)
			b[i] = a[3 - i];
		break;
	default: { /* nested: A scaled by 8, B halfway from it towards a vertex or the centroid */
		int c = rng_int(r, 0, 4);
		ivec sum = iadd(iadd(a[0], a[1]), iadd(a[2], a[3]));
		ivec centre = c < 4 ? iscale(a[c], 4) : sum;
		for (int i = 0; i < 4; i++) {
			b[i] = iadd(iscale(a[i], 4), centre);
			a[i] = iscale(a[i], 8);
		}
		break;
	}
	}
	if (rng_coin(r))
		for (int i = 0; i < 4; i++)
			swap_ivec(&a[i], &b[i]);
}

/* col_tetrahedra_intersect against the hull oracle on 10^5 pairs, both orders and a permuted
 * vertex order; touching, shared, nested, identical and flat pairs are each met. */
static void test_tetrahedra_random(void **state)
{
	(void)state;
	rng r = rng_make(rng_env_seed(SEED + 2));
	enum { MEET, APART, TOUCH, NESTED, FLAT, BOTH_FLAT, SHARED, NCOUNT };
	static const char *const names[NCOUNT] = {"meet",           "apart",      "touch (interiors apart)",
	                                          "nested",         "a flat one", "both flat",
	                                          "a shared vertex"};
	long count[NCOUNT] = {0};
	for (int n = 0; n < COLLIDE_RANDOM_CASES; n++) {
		case_class cls = class_of(n);
		ivec p[8];
		draw_tetrahedra_grid(&r, &p[0], &p[4]);
		finish_points(&r, cls, p, 8);
		col_vec3 d[8];
		for (int m = 0; m < 8; m++)
			d[m] = to_double(p[m], class_exponent[cls]);
		int relation = hull_relation(&p[0], 4, &p[4], 4);
		bool want = relation > 0;
		if (col_tetrahedra_intersect(&d[0], &d[4]) != want ||
		    col_tetrahedra_intersect(&d[4], &d[0]) != want)
			FAIL_CASE(
			    &r, n,
			    "%s: A (%g %g %g) (%g %g %g) (%g %g %g) (%g %g %g), B (%g %g %g) (%g %g %g) "
			    "(%g %g %g) (%g %g %g): want %d",
			    class_names[cls], d[0].x, d[0].y, d[0].z, d[1].x, d[1].y, d[1].z, d[2].x, d[2].y,
			    d[2].z, d[3].x, d[3].y, d[3].z, d[4].x, d[4].y, d[4].z, d[5].x, d[5].y, d[5].z,
			    d[6].x, d[6].y, d[6].z, d[7].x, d[7].y, d[7].z, want);
		const col_vec3 permuted[4] = {d[2], d[0], d[3], d[1]};
		if (col_tetrahedra_intersect(permuted, &d[4]) != want)
			FAIL_CASE(&r, n, "%s: the answer changes with A's vertex order", class_names[cls]);

		bool flat_a = oracle_region_code(&p[0], p[0]) < 0,
		     flat_b = oracle_region_code(&p[4], p[4]) < 0;
		count[want ? MEET : APART]++;
		count[FLAT] += flat_a || flat_b;
		count[BOTH_FLAT] += flat_a && flat_b;
		if (!flat_a && !flat_b) {
			count[TOUCH] += relation == 1;
			bool a_in_b = true, b_in_a = true;
			for (int i = 0; i < 4; i++) {
				a_in_b = a_in_b && oracle_region_code(&p[4], p[i]) == 0;
				b_in_a = b_in_a && oracle_region_code(&p[0], p[4 + i]) == 0;
			}
			count[NESTED] += a_in_b || b_in_a;
		}
		bool shared = false;
		for (int i = 0; i < 4; i++)
			for (int j = 4; j < 8; j++)
				shared = shared || izero(isub(p[i], p[j]));
		count[SHARED] += shared;
	}
	print_message("tetrahedron/tetrahedron, %d cases:", COLLIDE_RANDOM_CASES);
	for (int i = 0; i < NCOUNT; i++)
		print_message(" %s %ld,", names[i], count[i]);
	print_message("\n");
	for (int i = 0; i < NCOUNT; i++)
		if (count[i] < COLLIDE_RANDOM_CASES / 1000)
			fail_msg("only %ld cases of '%s'", count[i], names[i]);
}

static void check_pair(const col_vec3 a[4], const col_vec3 b[4], bool want, const char *what)
{
	if (col_tetrahedra_intersect(a, b) != want || col_tetrahedra_intersect(b, a) != want)
		fail_msg("%s: want %d", what, want);
}

/* Hand-made tetrahedron pairs: sharing a face, an edge, a vertex; nested; identical; apart by a
 * face plane; apart only along an edge-edge direction (no face plane separates them); crossed
 * ridges that touch; flat ones. */
static void test_tetrahedra_cases(void **state)
{
	(void)state;
	const col_vec3 a[4] = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 4}};
	const col_vec3 face[4] = {{4, 0, 0}, {0, 4, 0}, {0, 0, 4}, {4, 4, 4}};
	const col_vec3 edge[4] = {{4, 0, 0}, {0, 4, 0}, {4, 4, 0}, {4, 4, -4}};
	const col_vec3 vertex[4] = {{4, 0, 0}, {8, 0, 0}, {8, 4, 0}, {8, 0, 4}};
	const col_vec3 inner[4] = {{1, 1, 1}, {2, 1, 1}, {1, 2, 1}, {1, 1, 2}};
	const col_vec3 half[4] = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}};
	const col_vec3 same[4] = {{0, 0, 4}, {0, 4, 0}, {4, 0, 0}, {0, 0, 0}};
	const col_vec3 beyond[4] = {{4, 4, 4}, {8, 4, 4}, {4, 8, 4}, {4, 4, 8}};
	check_pair(a, face, true, "sharing a face");
	check_pair(a, edge, true, "sharing an edge");
	check_pair(a, vertex, true, "sharing a vertex");
	check_pair(a, inner, true, "one inside the other");
	check_pair(a, half, true, "nested, sharing a corner");
	check_pair(a, same, true, "identical, the other winding");
	check_pair(a, beyond, false, "beyond the slanted face");
	const col_vec3 shifted[4] = {
	    {4, 0, nextafter(0, 1)}, {8, 0, nextafter(0, 1)}, {8, 4, 0.5}, {8, 0, 4}};
	check_pair(a, shifted, false, "a hair from a vertex");

	/* Two wedges whose ridges cross at right angles: no face plane of either separates them, only
	 * the direction of the ridges' cross product does. Apart at height 1, touching at 0. */
	const col_vec3 lower[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, -1}, {0, 1, -1}};
	for (int h = 0; h <= 1; h++) {
		const col_vec3 upper[4] = {{0, -1, h}, {0, 1, h}, {-1, 0, 1 + h}, {1, 0, 1 + h}};
		int all = 15;
		for (int i = 0; i < 4; i++)
			all &= col_tetrahedron_region_code(lower[0], lower[1], lower[2], lower[3], upper[i]);
		assert_int_equal(all, 0); /* no shared bit: the codes cannot settle it */
		check_pair(lower, upper, h == 0, h == 0 ? "crossed ridges touching" : "crossed ridges apart");
	}

	/* Flat tetrahedra: a square in z = 0 (crossed vertex order) against solids and flats. */
	const col_vec3 square[4] = {{0, 0, 0}, {4, 4, 0}, {4, 0, 0}, {0, 4, 0}};
	const col_vec3 through[4] = {{3, 3, -1}, {5, 3, 1}, {3, 5, 1}, {3, 3, 5}};
	const col_vec3 above[4] = {{3, 3, 1}, {5, 3, 1}, {3, 5, 1}, {3, 3, 5}};
	const col_vec3 standing[4] = {{3, 3, 0}, {9, 3, 0}, {3, 9, 0}, {3, 3, 5}};
	const col_vec3 coplanar_in[4] = {{1, 1, 0}, {2, 1, 0}, {1, 2, 0}, {2, 2, 0}};
	const col_vec3 coplanar_out[4] = {{5, 0, 0}, {6, 0, 0}, {5, 4, 0}, {6, 4, 0}};
	const col_vec3 coplanar_edge[4] = {{4, 1, 0}, {6, 0, 0}, {5, 4, 0}, {6, 4, 0}};
	const col_vec3 stick[4] = {{2, 2, -3}, {2, 2, 3}, {2, 2, 0}, {2, 2, 1}};
	const col_vec3 stick_out[4] = {{5, 2, -3}, {5, 2, 3}, {5, 2, 0}, {5, 2, 1}};
	const col_vec3 dot[4] = {{4, 4, 0}, {4, 4, 0}, {4, 4, 0}, {4, 4, 0}};
	check_pair(square, through, true, "a solid through a flat square");
	check_pair(square, above, false, "a solid above a flat square");
	check_pair(square, standing, true, "a solid standing on a flat square");
	check_pair(square, coplanar_in, true, "a flat square inside a flat square");
	check_pair(square, coplanar_out, false, "coplanar flat squares apart");
	check_pair(square, coplanar_edge, true, "coplanar flat quads touching at a point");
	check_pair(square, stick, true, "a segment through a flat square");
	check_pair(square, stick_out, false, "a segment beside a flat square");
	check_pair(square, dot, true, "a point on a flat square's corner");
	check_pair(square, square, true, "identical flat squares");
	check_pair(a, dot, false, "a point outside a solid");
	check_pair(a, inner, true, "again, inside");

	/* NaN: nowhere. */
	const col_vec3 bad[4] = {{1, 1, 1}, {2, 1, 1}, {1, NAN, 1}, {1, 1, 2}};
	check_pair(a, bad, false, "NaN vertex");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_segment_triangle_cases),
	    cmocka_unit_test(test_segment_triangle_hit_point),
	    cmocka_unit_test(test_segment_triangle_random),
	    cmocka_unit_test(test_region_code),
	    cmocka_unit_test(test_segment_tetrahedron_cases),
	    cmocka_unit_test(test_segment_tetrahedron_random),
	    cmocka_unit_test(test_tetrahedra_cases),
	    cmocka_unit_test(test_tetrahedra_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
