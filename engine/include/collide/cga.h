/* Conformal geometric algebra of 3D space (source 003, Roa 2011; docs/sources.md): points, spheres,
 * planes, lines, circles and point pairs as blades of one 32-dimensional algebra, whose single
 * "meet" intersects any two of them and whose versors move all of them alike.
 *
 * Conventions (written once, here and in docs/cga.md):
 *   - Basis e1, e2, e3, e4, e5 with e1^2 = e2^2 = e3^2 = e4^2 = +1 and e5^2 = -1 (the source's e
 *     and e-bar are e4 and e5). Blade k of a multivector is the product of the basis vectors whose
 *     bits are set in k, in increasing order: bit 0 e1, bit 1 e2, bit 2 e3, bit 3 e4, bit 4 e5
 *     (blade 5 is e1 e3, blade 24 is e4 e5, blade 31 is the pseudoscalar I = e12345, I^2 = -1).
 *   - ni = e4 + e5 is the point at infinity (the source's n); no = (e5 - e4) / 2 is the origin
 *     (the source's n-bar is -2 no). ni^2 = no^2 = 0, ni . no = -1.
 *   - A point is X = no + x + |x|^2 ni / 2 (Dorst's normalisation, half the source's F(x)), so
 *     X . ni = -1 and X . Y = -|x - y|^2 / 2.
 *   - OPNS ("outer") blades hold the points X with X ^ A = 0: a point pair is X1 ^ X2, a circle
 *     X1 ^ X2 ^ X3, a line X1 ^ X2 ^ ni, a sphere X1 ^ .. ^ X4, a plane X1 ^ X2 ^ X3 ^ ni.
 *     IPNS ("inner", dual) forms hold the points with X . a = 0 (X _| a = 0): a dual sphere is
 *     s = C - r^2 ni / 2 (C the centre's point), a dual plane is n + d ni (for n . x = d).
 *   - dual(A) = I A and undual(A) = -I A (I commutes with everything in this odd dimension), so
 *     undual(dual(A)) = A; the OPNS form of a dual vector a is undual(a).
 *   - The meet of A and B is dual(A) _| B, the source's B = (I A) . B'. Its square decides the
 *     intersection: positive real, zero tangent, negative imaginary (for OPNS inputs).
 *
 * The full multivector is the general, slow path; the compact types below (col_cga_vector,
 * col_cga_plucker, col_cga_round) carry the source's closed forms for the hot paths, and tests check that both
 * give the same numbers. Everything is double; no call allocates, prints or keeps state.
 *
 * Thread safety: a col_multivector is a value and every function here reads its arguments and
 * writes only its outputs; there is no global state, so any number of threads may call them at once
 * (an output may not be another thread's input meanwhile). */
#ifndef COLLIDE_CGA_H
#define COLLIDE_CGA_H

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the algebra ---- */

#define COL_CGA_BLADES 32
#define COL_CGA_PSEUDOSCALAR 31

/* A general multivector: c[k] is the coefficient of blade k (bit mask order, as above). Zero it
 * with (col_multivector){0}. */
typedef struct col_multivector {
	double c[COL_CGA_BLADES];
} col_multivector;

/* The grade of blade k (its number of basis vectors) and its name: "1", "e1", "e13", "e12345". */
int col_cga_blade_grade(int blade);
const char *col_cga_blade_name(int blade);

/* ni, no and the pseudoscalar I. */
col_multivector col_cga_ni(void);
col_multivector col_cga_no(void);
col_multivector col_cga_pseudoscalar(void);

/* The products. Every output may alias an input. */
void col_cga_geometric_product(const col_multivector *a, const col_multivector *b, col_multivector *out);
void col_cga_outer_product(const col_multivector *a, const col_multivector *b, col_multivector *out);
/* Left contraction a _| b: the grade-(s - r) part of a_r b_s, 0 when r > s (the "inner" product). */
void col_cga_left_contraction(const col_multivector *a, const col_multivector *b, col_multivector *out);
/* The scalar part of a b: for vectors, their inner product a . b. */
double col_cga_scalar_product(const col_multivector *a, const col_multivector *b);

void col_cga_add(const col_multivector *a, const col_multivector *b, col_multivector *out);
void col_cga_subtract(const col_multivector *a, const col_multivector *b, col_multivector *out);
void col_cga_scale(const col_multivector *a, double s, col_multivector *out);

/* Reverse (the order of every blade's vectors reversed: signs + + - - + + by grade 0..5), grade
 * involution (- for odd grades), dual (I a) and undual (-I a). */
void col_cga_reverse(const col_multivector *a, col_multivector *out);
void col_cga_involute(const col_multivector *a, col_multivector *out);
void col_cga_dual(const col_multivector *a, col_multivector *out);
void col_cga_undual(const col_multivector *a, col_multivector *out);
/* The grade-k part; k outside 0..5 gives 0. */
void col_cga_grade_part(const col_multivector *a, int k, col_multivector *out);
/* Bit g set when a has a non-zero coefficient of grade g; 0 for the zero multivector. */
int col_cga_grades(const col_multivector *a);
/* The grade of a homogeneous multivector, -1 for zero or mixed grades. Coefficients below
 * tolerance times the largest one count as zero (0 demands exact zeros). */
int col_cga_grade_of(const col_multivector *a, double tolerance);

/* The square <a a>_0 (for a blade, a a is this scalar; negative for Euclidean bivectors), and the
 * squared norm <a ~a>_0, which the metric lets be negative too. col_cga_norm is sqrt(|norm2|).
 * col_cga_magnitude is the largest |coefficient|, the scale tolerances are taken against. */
double col_cga_square(const col_multivector *a);
double col_cga_norm2(const col_multivector *a);
double col_cga_norm(const col_multivector *a);
double col_cga_magnitude(const col_multivector *a);

/* The inverse for the geometric product, a^-1 a = a a^-1 = 1. Blades and versors take the quick
 * path ~a / (a ~a); any other multivector solves its 32x32 left-multiplication matrix. Fails with
 * COL_ERROR_DEGENERATE for a multivector with no inverse (a null vector, 1 + e4, 0), nothing
 * written. */
col_status col_cga_inverse(const col_multivector *a, col_multivector *out, col_error *error);

/* Writes a readable form into buffer (always terminated, truncated to size) and returns the length
 * the whole text needs: coefficients in the null basis {e1, e2, e3, no, ni}, the basis in which
 * conformal objects read naturally: the point (1, 2, 3) prints "e1 + 2 e2 + 3 e3 + no + 7 ni",
 * the line through (1, 1, 0) and (1, 0, 0) "-e12^ni + e2^no^ni". Zero prints "0". */
size_t col_cga_format(const col_multivector *a, char *buffer, size_t size);
/* The coefficients of a in the null basis: out[k] multiplies the outer product of the basis
 * vectors in bit mask k, with bit 3 no and bit 4 ni (instead of e4 and e5), and the inverse. */
void col_cga_to_null_basis(const col_multivector *a, double out[COL_CGA_BLADES]);
void col_cga_from_null_basis(const double in[COL_CGA_BLADES], col_multivector *out);

/* ---- conformal objects: constructors (OPNS unless named dual) ---- */

/* What a blade is, read from its grade and from whether ni ^ A vanishes (a flat) or not. A
 * POINT is a null vector; a ROUND_POINT is the zero-radius round left where two objects touch. */
typedef enum col_cga_kind {
	COL_CGA_NONE = 0,   /* the zero multivector: an empty meet */
	COL_CGA_SCALAR,     /* grade 0 */
	COL_CGA_POINT,      /* grade 1, null: X = no + x + |x|^2 ni / 2 (times a weight) */
	COL_CGA_DUAL_ROUND, /* grade 1, not null: a dual sphere or dual plane (IPNS) */
	COL_CGA_POINT_PAIR, /* grade 2, round (may be imaginary or tangent) */
	COL_CGA_FLAT_POINT, /* grade 2, flat: X ^ ni, where a line crosses a plane */
	COL_CGA_CIRCLE,     /* grade 3, round (may be imaginary or tangent) */
	COL_CGA_LINE,       /* grade 3, flat */
	COL_CGA_SPHERE,     /* grade 4, round (may be imaginary) */
	COL_CGA_PLANE,      /* grade 4, flat */
	COL_CGA_PSEUDO,     /* grade 5 */
	COL_CGA_MIXED,      /* no single grade: a versor or a sum, not an object */
	COL_CGA_KIND_COUNT
} col_cga_kind;

/* "point pair", "circle", ... ; never NULL. */
const char *col_cga_kind_name(col_cga_kind kind);
/* The kind of an OPNS blade. Flatness and nullness are decided against 1e-12 times the blade's
 * magnitude (rounded blades, such as moved ones, are not exactly flat or null). */
col_cga_kind col_cga_kind_of(const col_multivector *a);

/* Each constructor fails with COL_ERROR_NOT_FINITE for a NaN or infinite input, with
 * COL_ERROR_INVALID_ARGUMENT for a negative or non-finite radius or for a coordinate, normal
 * component, distance or radius outside the engine's one range (0, or a magnitude in
 * [COL_COORDINATE_MIN, COL_COORDINATE_MAX], common.h: "cga: sphere: point 1 x 1e+155 is outside
 * the supported range [1e-30, 1e+30] (or 0)"), with COL_ERROR_DEGENERATE for a round (sphere,
 * circle, point pair) so small beside its distance from the origin that its blade reads as a flat
 * (col_cga_kind_of: a unit sphere about 10^7 or more from the origin), and with COL_ERROR_DEGENERATE
 * when its points do not span the object (equal points, collinear for a circle or plane,
 * coplanar for a sphere; decided exactly by the engine's predicates), writing nothing. */
col_status col_cga_point(col_vec3 p, col_multivector *out, col_error *error);
col_status col_cga_dual_sphere(col_vec3 center, double radius, col_multivector *out, col_error *error);
col_status col_cga_sphere(col_vec3 center, double radius, col_multivector *out, col_error *error);
col_status col_cga_sphere_through(const col_vec3 p[4], col_multivector *out, col_error *error);
/* The plane n . x = distance (n need not be unit, must not be 0), dual and OPNS. */
col_status col_cga_dual_plane(col_vec3 normal, double distance, col_multivector *out, col_error *error);
col_status col_cga_plane(col_vec3 normal, double distance, col_multivector *out, col_error *error);
col_status col_cga_plane_through(const col_vec3 p[3], col_multivector *out, col_error *error);
col_status col_cga_line(col_vec3 p, col_vec3 q, col_multivector *out, col_error *error);
col_status col_cga_circle(const col_vec3 p[3], col_multivector *out, col_error *error);
/* The circle of centre c, radius r >= 0, in the plane through c with normal n (not 0). */
col_status col_cga_circle_around(col_vec3 center, col_vec3 normal, double radius, col_multivector *out,
                                 col_error *error);
col_status col_cga_point_pair(col_vec3 p, col_vec3 q, col_multivector *out, col_error *error);

/* ---- the geometry of a blade ---- */

/* What can be read off a blade (col_cga_geometry): the Euclidean meaning of its coefficients.
 *   POINT: center is the point. FLAT_POINT: center is the point.
 *   POINT_PAIR, CIRCLE, SPHERE (rounds): center, radius2 (the signed squared radius:
 *     (-1)^k A^2 / (ni _| A)^2 for grade k; negative for an imaginary round, 0 for a tangent one),
 *     direction (the pair's axis, the circle's carrier-plane normal; unit; 0 for a sphere), and for
 *     a real pair points[0..1] (for a tangent one both are the centre).
 *   LINE: center is its point nearest the origin, direction its unit direction.
 *   PLANE: center is its point nearest the origin, direction its unit normal, distance n . x.
 *   DUAL_ROUND: read as the dual sphere or plane it is (radius2, or direction and distance).
 * weight is the blade's scale: -X . ni for a point, |d| for a line, |n| for a plane ... */
typedef struct col_cga_geometry {
	col_cga_kind kind;
	col_vec3 center;
	col_vec3 direction;
	double radius2;
	double distance;
	double weight;
	col_vec3 points[2];
} col_cga_geometry;

/* The geometry of a (rounded) OPNS blade. Fails with COL_ERROR_INVALID_ARGUMENT for a mixed or
 * zero multivector, a non-finite one, or a round at infinity (weight 0). */
col_status col_cga_geometry_of(const col_multivector *a, col_cga_geometry *out, col_error *error);

/* ---- meet and classification ---- */

/* The meet dual(a) _| b = (I a) _| b of two OPNS blades: a circle for two spheres, a point pair for
 * a line and a sphere, a flat point for a line and a plane, a line for two planes, a multiple of ni
 * for two lines (0 when coplanar). */
void col_cga_meet(const col_multivector *a, const col_multivector *b, col_multivector *out);

/* How two objects meet. REAL, TANGENT and IMAGINARY are the sign of the meet's square for rounds;
 * the rest name the cases where the meet degenerates, which the source conflated. */
typedef enum col_cga_relation {
	COL_CGA_REAL = 0,   /* a real common part: circle, point pair, line, flat point or point */
	COL_CGA_TANGENT,    /* touching: a zero-radius round (externally or internally tangent) */
	COL_CGA_IMAGINARY,  /* no common point, the meet an imaginary round (spheres apart, a line
	                       passing a sphere by) */
	COL_CGA_NESTED,     /* no common point of the surfaces, one round inside the other: a solid
	                       ball holds the other object */
	COL_CGA_PARALLEL,   /* distinct parallel flats: lines, planes, a line and a plane */
	COL_CGA_COINCIDENT, /* the same object twice (up to weight) */
	COL_CGA_CONTAINED,  /* one object lies in the other: a line in a plane, a point on a sphere,
	                       a circle on a sphere, ... */
	COL_CGA_SKEW,       /* lines (or a line or circle with a circle) in no common plane or sphere,
	                       not meeting */
	COL_CGA_DISJOINT,   /* no common point otherwise (a point off a line, circles on one sphere
	                       that do not cross) */
	COL_CGA_RELATION_COUNT
} col_cga_relation;

/* "real", "tangent", "imaginary", "nested", "parallel", "coincident", "contained", "skew",
 * "disjoint"; never NULL. */
const char *col_cga_relation_name(col_cga_relation relation);

/* Whether a ball counts as solid (it collides with what it holds) or as its surface only (the
 * source's semantics, in which a sphere inside a sphere does not collide). */
typedef enum col_cga_mode {
	COL_CGA_SURFACE = 0,
	COL_CGA_SOLID,
} col_cga_mode;

/* The whole answer for two objects. */
typedef struct col_cga_intersection {
	col_cga_kind kind_a, kind_b;  /* the inputs' kinds */
	col_cga_relation relation;
	/* The meet of the inputs normalised to unit weight (points -X.ni = 1, |d| = 1 for lines,
	 * |n| = 1 for planes), taken in a frame centred on the inputs so that far from the origin no
	 * precision is lost (source 003's precision notes, docs/sources.md), and moved back. */
	col_multivector meet;
	/* The meet's square in that frame: for spheres r1^2 r2^2 - (r1^2 + r2^2 - d^2)^2 / 4, for a
	 * sphere and a plane or line r^2 - h^2, for planes |n1 x n2|^2, for a line and a plane
	 * (n . d)^2; for two lines 0 when coplanar. Its sign is what the relation was read from. */
	double square;
	/* The common part (kind NONE when there is none); for an imaginary round, the round itself
	 * (radius2 < 0). */
	col_cga_geometry common;
	bool surfaces_meet;           /* the objects share a point (the source's answer) */
	bool solids_meet;             /* the same with spheres as solid balls */
} col_cga_intersection;

/* Meets a and b (OPNS blades of kind point, point pair, circle, line, sphere or plane) and
 * classifies the result. Fails with COL_ERROR_INVALID_ARGUMENT when an input is not such a blade,
 * naming it ("cga: argument 2 is mixed, not an object"). Decisions that rounding can blur (a
 * square or a meet that should be 0) count values within 1e-10 of the inputs' scale as zero. */
col_status col_cga_intersect(const col_multivector *a, const col_multivector *b, col_cga_intersection *out,
                             col_error *error);

/* ---- versors ---- */

/* The translator T = 1 - t ni / 2: moves everything by t. */
void col_cga_translator(col_vec3 t, col_multivector *out);
/* The rotor R = cos(angle/2) - B sin(angle/2), B the unit bivector dual to axis: a right-handed
 * turn by angle (radians) about axis through the origin (e12 turns +angle about z: the source's
 * A.97 had the sign wrong, erratum 6). A zero axis gives 1. */
void col_cga_rotor(col_vec3 axis, double angle, col_multivector *out);
/* The motor T_p R T_p~ then T_t: turn about the axis through p, then move by t. */
void col_cga_motor(col_vec3 axis, double angle, col_vec3 through, col_vec3 translation, col_multivector *out);
/* The dilator that scales by factor (> 0) about center: T_c D T_c~ with D = cosh(a/2) + sinh(a/2)
 * e45, a = -ln factor (the source's ln(0.33) = -1.108 for factor 3 was a rounding slip, erratum 9:
 * it is ln(1/3) = -1.0986). Fails for a factor that is not positive and finite, and for a factor
 * or centre coordinate outside the engine's one range (common.h). */
col_status col_cga_dilator(double factor, col_vec3 center, col_multivector *out, col_error *error);

/* Applies the versor v to any blade a: v a^ v^-1, where a^ is a itself for an even versor and its
 * grade involution for an odd one (a reflection), so that the result is the moved object with its
 * orientation (an outermorphism). Fails with COL_ERROR_INVALID_ARGUMENT when v is not a versor
 * (v ~v is not a non-zero scalar, or v mixes even and odd grades), and with COL_ERROR_NOT_FINITE
 * when the result overflows (a versor built from numbers near the range's ends); out is then left
 * as it was. */
col_status col_cga_apply(const col_multivector *v, const col_multivector *a, col_multivector *out,
                         col_error *error);
/* Reflection of a in the plane whose OPNS blade (or dual vector) is plane. */
col_status col_cga_reflect(const col_multivector *plane, const col_multivector *a, col_multivector *out,
                           col_error *error);

/* ---- compact forms: the source's closed forms, no 32 x 32 products ---- */

/* A vector in the null basis, e + no_part no + ni_part ni: a point (no_part 1, ni_part |x|^2/2),
 * a dual sphere (1, (|c|^2 - r^2)/2) or a dual plane (0, d). */
typedef struct col_cga_vector {
	col_vec3 e;
	double no, ni;
} col_cga_vector;

static inline col_cga_vector col_cga_vector_point(col_vec3 p)
{
	return (col_cga_vector){p, 1.0, 0.5 * col_vec3_dot(p, p)};
}
static inline col_cga_vector col_cga_vector_sphere(col_vec3 c, double r)
{
	return (col_cga_vector){c, 1.0, 0.5 * (col_vec3_dot(c, c) - r * r)};
}
static inline col_cga_vector col_cga_vector_plane(col_vec3 n, double d) { return (col_cga_vector){n, 0.0, d}; }
/* a . b = e_a . e_b - no_a ni_b - ni_a no_b. For normalised dual spheres, X . s = (r^2 - |x - c|^2)/2
 * (positive inside) and s1 . s2 = (r1^2 + r2^2 - d^2) / 2. */
static inline double col_cga_vector_inner(col_cga_vector a, col_cga_vector b)
{
	return col_vec3_dot(a.e, b.e) - a.no * b.ni - a.ni * b.no;
}
/* The square of the meet of the spheres undual(a), undual(b): a^2 b^2 - (a . b)^2, which is
 * r1^2 r2^2 - (r1^2 + r2^2 - d^2)^2 / 4 for normalised ones (source 2.7). */
static inline double col_cga_sphere_meet_square(col_cga_vector a, col_cga_vector b)
{
	double ab = col_cga_vector_inner(a, b);
	return col_cga_vector_inner(a, a) * col_cga_vector_inner(b, b) - ab * ab;
}
void col_cga_vector_to_multivector(col_cga_vector v, col_multivector *out);

/* A line in Plucker coordinates: through p and q, direction q - p and moment p x q; its OPNS blade
 * X_p ^ X_q ^ ni has the moment on e23^ni, e31^ni, e12^ni and the direction on e1^e45, e2^e45,
 * e3^e45 (the source's L(a,b) with its scale 4 dropped). */
typedef struct col_cga_plucker {
	col_vec3 direction, moment;
} col_cga_plucker;

static inline col_cga_plucker col_cga_plucker_through(col_vec3 p, col_vec3 q)
{
	return (col_cga_plucker){col_vec3_sub(q, p), col_vec3_cross(p, q)};
}
/* The meet of two lines is -side ni with side = d1 . m2 + d2 . m1: zero exactly when they are
 * coplanar, its sign the handedness of their twist. For lines p1 q1 and p2 q2 it equals
 * -orient3d(p1, q1, p2, q2), which is how exact callers decide it. */
static inline double col_cga_plucker_side(col_cga_plucker a, col_cga_plucker b)
{
	return col_vec3_dot(a.direction, b.moment) + col_vec3_dot(b.direction, a.moment);
}
void col_cga_plucker_to_multivector(col_cga_plucker line, col_multivector *out);
/* The Plucker coordinates of a line's OPNS blade (its e_i45 and e_ij^ni parts), the inverse. */
col_cga_plucker col_cga_plucker_of(const col_multivector *a);

/* A round (a point pair or a circle) as its centre, signed squared radius and carrier direction: the
 * pair's axis or the normal of the circle's plane, whose length is the blade's weight and whose sign
 * its orientation. Its OPNS blade is undual(s ^ pi) for a circle and -(s _| L) for a pair, with s the
 * dual sphere of centre and radius2, pi the dual plane through the centre normal to direction and L
 * the line through the centre along it; its IPNS form is s ^ pi, -(s ^ dual(L)). So X1 ^ X2 is the
 * pair ((p + q) / 2, q - p, |q - p|^2 / 4) and X1 ^ X2 ^ X3 the circle (circumcentre, (p2 - p1) x
 * (p3 - p1), circumradius^2): 64 bytes for what takes 10 of the 32 coefficients. */
typedef struct col_cga_round {
	col_vec3 center, direction;
	double radius2; /* negative for an imaginary round, 0 for a tangent one */
	int grade;      /* 2: a point pair; 3: a circle */
} col_cga_round;

static inline col_cga_round col_cga_round_pair(col_vec3 p, col_vec3 q)
{
	col_vec3 d = col_vec3_sub(q, p);
	return (col_cga_round){col_vec3_scale(col_vec3_add(p, q), 0.5), d, 0.25 * col_vec3_dot(d, d), 2};
}
/* The circle through three points, X1 ^ X2 ^ X3 in compact form. Fails as col_cga_circle does. */
col_status col_cga_round_circle(const col_vec3 p[3], col_cga_round *out, col_error *error);
/* The OPNS blade of a round, by closed forms on its 10 coefficients (no 32 x 32 product). */
void col_cga_round_to_multivector(col_cga_round round, col_multivector *out);
/* The compact form of an OPNS point pair or circle, the inverse of col_cga_round_to_multivector.
 * Fails with COL_ERROR_INVALID_ARGUMENT for any other blade or one with no geometry. */
col_status col_cga_round_of(const col_multivector *a, col_cga_round *out, col_error *error);

/* The round's square, radius2 |direction|^2: its sign says real, tangent or imaginary. */
static inline double col_cga_round_square(col_cga_round round)
{
	return round.radius2 * col_vec3_dot(round.direction, round.direction);
}
/* The square of the meet of the sphere or plane undual(s) with the round, in closed form (the
 * Gram determinant of s, the round's sphere and its carrier). With A = s . s, B = radius2, the
 * round's dual sphere s_c, sigma = s . s_c and g = s.e - s.no center (for a unit dual sphere the
 * offset of its centre from the round's, for a dual plane its normal):
 *   circle with normal n: (A B - sigma^2) |n|^2 - (n . g)^2 B, the pair of points where the circle
 *     crosses the surface: positive when it does, 0 when it touches, negative when it misses;
 *   pair with axis u: sigma^2 |u|^2 + B (|g x u|^2 - A |u|^2) = (s . X1)(s . X2) |u|^2 for a real
 *     pair of unit points: negative exactly when the surface separates the two points. */
static inline double col_cga_round_meet_square(col_cga_round round, col_cga_vector s)
{
	double a = col_cga_vector_inner(s, s), b = round.radius2;
	double sigma = col_cga_vector_inner(s, col_cga_vector_sphere(round.center, 0.0)) + 0.5 * b * s.no;
	col_vec3 g = col_vec3_sub(s.e, col_vec3_scale(round.center, s.no)), d = round.direction;
	double d2 = col_vec3_dot(d, d);
	if (round.grade == 3) {
		double ng = col_vec3_dot(d, g);
		return (a * b - sigma * sigma) * d2 - ng * ng * b;
	}
	col_vec3 gd = col_vec3_cross(g, d);
	return sigma * sigma * d2 + b * (col_vec3_dot(gd, gd) - a * d2);
}

#ifdef __cplusplus
}
#endif

#endif
