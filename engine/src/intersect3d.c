/* Segments, triangles and tetrahedra meeting in 3D (source 000, 5.5: Thm 5.3, Alg. 5.5, 5.8, 5.9).
 * Every decision is the exact sign of col_orient3d or col_orient2d; the source's comparisons
 * against +-epsilon become comparisons of exact signs with 0. */
#include "collide/intersect3d.h"

#include "collide/predicates.h"
#include "exact_plane.h"

/* The segment in the plane of the non-degenerate triangle v1 v2 v3, seen on `axis`. */
static bool coplanar_hit(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2, col_vec3 v3, int axis,
                         int orientation)
{
	col_vec2 a = col_project_dropping(v1, axis), b = col_project_dropping(v2, axis), c = col_project_dropping(v3, axis);
	col_vec2 p = col_project_dropping(q1, axis), q = col_project_dropping(q2, axis);
	/* A segment meeting the triangle has an end in it, or enters and leaves it through two edges
	 * (a touch is at a vertex, on two edges; a run along an edge leaves at a vertex): two edges
	 * suffice. */
	return col_triangle_holds_2d(a, b, c, orientation, p) ||
	       col_triangle_holds_2d(a, b, c, orientation, q) || col_segments_meet_2d(p, q, a, b) ||
	       col_segments_meet_2d(p, q, b, c);
}

/* A degenerate triangle is the segment or point its vertices span: the union of any two of its
 * edges, which share a vertex and so reach both extremes. */
static bool degenerate_hit(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2, col_vec3 v3)
{
	return col_segments_meet_3d(q1, q2, v1, v2) || col_segments_meet_3d(q1, q2, v2, v3);
}

/* ---- segment / triangle (Thm 5.3, Alg. 5.5) ---- */

/* The determinants behind an answer, kept for the hit point. */
typedef struct crossing {
	double w, s;    /* apex and far end against the triangle's plane */
	double b, g, d; /* numerators of beta, gamma, delta: the far end in the apex's cone */
} crossing;

/* Thm 5.3: with the apex off the plane and p on the far side of it or on it, the segment meets the
 * closed triangle exactly when p lies in the closed cone from the apex over the triangle, i.e. its
 * coordinates beta, gamma, delta in the tetrahedron (apex, v1, v2, v3) are >= 0. Each numerator is
 * the orientation with p in place of v1, v2 or v3; putting the vertex back gives the whole volume,
 * whose sign is `side`. beta = 0 puts the hit on v2v3 and so on, hence the feature. delta is its
 * own determinant, not w - s - t - u of rounded values (erratum 8's numerator, with exact sign). */
static col_triangle_feature cone_feature(col_vec3 apex, col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 v3,
                                         int side, crossing *c)
{
	c->b = col_orient3d(apex, p, v2, v3);
	int b = side * col_exact_sign(c->b);
	if (b < 0)
		return COL_TRIANGLE_NONE;
	c->g = col_orient3d(apex, v1, p, v3);
	int g = side * col_exact_sign(c->g);
	if (g < 0)
		return COL_TRIANGLE_NONE;
	c->d = col_orient3d(apex, v1, v2, p);
	int d = side * col_exact_sign(c->d);
	if (d < 0)
		return COL_TRIANGLE_NONE;
	/* beta + gamma + delta = 1 - alpha >= 1: one at least is positive, the feature is never NONE. */
	return (col_triangle_feature)((b > 0) | (g > 0) << 1 | (d > 0) << 2);
}

static bool finite3(col_vec3 a, col_vec3 b, col_vec3 c)
{
	return col_vec3_is_finite(a) && col_vec3_is_finite(b) && col_vec3_is_finite(c);
}

static col_segment3_triangle_hit locate(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2, col_vec3 v3,
                                        crossing *c)
{
	col_segment3_triangle_hit hit = {false, false, COL_TRIANGLE_NONE, 0};
	if (!finite3(q1, q2, v1) || !col_vec3_is_finite(v2) || !col_vec3_is_finite(v3))
		return hit;
	c->w = col_orient3d(q1, v1, v2, v3);
	c->s = col_orient3d(q2, v1, v2, v3);
	int w = col_exact_sign(c->w), s = col_exact_sign(c->s);
	if (w * s > 0)
		return hit; /* both ends strictly on one side */
	if (w != 0) {
		/* Alg. 5.5's w > eps branch and its mirror: Q1 is the apex. */
		hit.feature = cone_feature(q1, q2, v1, v2, v3, w, c);
		hit.endpoint = s == 0 ? 2 : 0;
	} else if (s != 0) {
		/* Q1 in the plane: Q2 becomes the apex and Q1 the point tested, so the hit is Q1 itself.
		 * The source's printed code compares -s with t + u here; the swapped delta is s - t - u
		 * (erratum 7), which the exact delta determinant of cone_feature gives. */
		hit.feature = cone_feature(q2, q1, v1, v2, v3, s, c);
		hit.endpoint = 1;
	} else {
		/* Both ends in the plane, or no plane: the 2D case the source leaves to its caller. */
		hit.coplanar = true;
		int orientation, axis = col_projection_axis(v1, v2, v3, &orientation);
		hit.hit = axis < 0 ? degenerate_hit(q1, q2, v1, v2, v3)
		                   : coplanar_hit(q1, q2, v1, v2, v3, axis, orientation);
		return hit;
	}
	hit.hit = hit.feature != COL_TRIANGLE_NONE;
	if (!hit.hit)
		hit.endpoint = 0;
	return hit;
}

col_segment3_triangle_hit col_segment_triangle_locate(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2,
                                                      col_vec3 v3)
{
	crossing c;
	return locate(q1, q2, v1, v2, v3, &c);
}

bool col_segment_intersects_triangle(col_vec3 q1, col_vec3 q2, col_triangle t)
{
	return col_segment_triangle_locate(q1, q2, t.a, t.b, t.c).hit;
}

bool col_segment_intersects_segment3(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	return finite3(a, b, c) && col_vec3_is_finite(d) && col_segments_meet_3d(a, b, c, d);
}

static double clamp01(double x)
{
	return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0; /* NaN (never expected) becomes 0 */
}

/* Where, along q1 -> q2, the segment first meets the closed segment ab in their common plane,
 * given that they meet (rounded). Crossing lines: the parameter of the crossing point;
 * overlapping or parallel: the nearer end of ab on the line, or q1 when q1 is inside ab. */
static double edge_entry(col_vec3 q1, col_vec3 q2, col_vec3 a, col_vec3 b)
{
	col_vec3 d = col_vec3_sub(q2, q1), e = col_vec3_sub(b, a);
	col_vec3 n = col_vec3_cross(d, e);
	double nn = col_vec3_dot(n, n);
	if (nn > 0.0)
		return clamp01(col_vec3_dot(col_vec3_cross(col_vec3_sub(a, q1), e), n) / nn);
	double dd = col_vec3_dot(d, d);
	if (dd == 0.0)
		return 0.0;
	double ta = col_vec3_dot(col_vec3_sub(a, q1), d) / dd, tb = col_vec3_dot(col_vec3_sub(b, q1), d) / dd;
	return clamp01(fmin(ta, tb));
}

/* The coplanar entry parameter: 0 when q1 is on the triangle, else where the segment first reaches
 * an edge it meets. For a non-degenerate triangle this is Cyrus-Beck clipping on the projection:
 * each edge whose outer side holds q1 (exact sign) must be crossed, at f1 / (f1 - f2). */
static double coplanar_entry(col_vec3 q1, col_vec3 q2, col_vec3 v1, col_vec3 v2, col_vec3 v3)
{
	int orientation, axis = col_projection_axis(v1, v2, v3, &orientation);
	if (axis < 0) {
		const col_vec3 v[3] = {v1, v2, v3};
		double entry = 1.0;
		for (int k = 0; k < 3; k++) {
			col_vec3 a = v[k], b = v[(k + 1) % 3];
			if (col_segments_meet_3d(q1, q1, a, b))
				return 0.0;
			if (col_segments_meet_3d(q1, q2, a, b))
				entry = fmin(entry, edge_entry(q1, q2, a, b));
		}
		return entry;
	}
	const col_vec2 v[3] = {col_project_dropping(v1, axis), col_project_dropping(v2, axis), col_project_dropping(v3, axis)};
	col_vec2 p = col_project_dropping(q1, axis), q = col_project_dropping(q2, axis);
	double entry = 0.0;
	for (int k = 0; k < 3; k++) {
		double f1 = orientation * col_orient2d(v[k], v[(k + 1) % 3], p);
		double f2 = orientation * col_orient2d(v[k], v[(k + 1) % 3], q);
		if (f1 < 0.0) /* the segment meets the triangle, so f2 >= 0 here */
			entry = fmax(entry, f1 / (f1 - f2));
	}
	return clamp01(entry);
}

bool col_segment_triangle_hit_point(col_vec3 q1, col_vec3 q2, col_triangle t, double *t_param,
                                    col_vec3 *point)
{
	crossing c;
	col_segment3_triangle_hit hit = locate(q1, q2, t.a, t.b, t.c, &c);
	if (!hit.hit)
		return false;
	double param;
	col_vec3 x;
	if (hit.coplanar) {
		param = coplanar_entry(q1, q2, t.a, t.b, t.c);
		x = param == 1.0 ? q2 : col_vec3_lerp(q1, q2, param);
	} else if (hit.endpoint != 0) {
		param = hit.endpoint == 1 ? 0.0 : 1.0;
		x = hit.endpoint == 1 ? q1 : q2;
	} else {
		/* The source's k = 1 / (w - s): w and s have opposite signs here, so no cancellation. The
		 * weights share one sign and are normalised by their own sum, so x is a convex
		 * combination of the vertices (an exact vertex when two weights are 0). */
		param = clamp01(c.w / (c.w - c.s));
		double sum = c.b + c.g + c.d;
		x = col_vec3_add(col_vec3_add(col_vec3_scale(t.a, c.b / sum), col_vec3_scale(t.b, c.g / sum)),
		                 col_vec3_scale(t.c, c.d / sum));
	}
	if (t_param)
		*t_param = param;
	if (point)
		*point = x;
	return true;
}

/* ---- tetrahedra (Alg. 5.8, 5.9) ---- */

typedef struct tetrahedron {
	col_vec3 v[4];
	int volume; /* sign of col_orient3d(v0, v1, v2, v3); 0 for a flat one */
} tetrahedron;

/* False, with nothing computed, when a vertex is NaN or infinite. */
static bool tetrahedron_init(tetrahedron *t, col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3)
{
	if (!finite3(v0, v1, v2) || !col_vec3_is_finite(v3))
		return false;
	*t = (tetrahedron){{v0, v1, v2, v3}, col_exact_sign(col_orient3d(v0, v1, v2, v3))};
	return true;
}

/* Bit k: coordinate k negative, its sign being the volume with p in place of vk times the
 * volume's own sign (Def 5.1). t must not be flat. */
static int region_code(const tetrahedron *t, col_vec3 p)
{
	int code = 0;
	for (int k = 0; k < 4; k++) {
		col_vec3 w[4] = {t->v[0], t->v[1], t->v[2], t->v[3]};
		w[k] = p;
		if (t->volume * col_exact_sign(col_orient3d(w[0], w[1], w[2], w[3])) < 0)
			code |= 1 << k;
	}
	return code;
}

/* The closed face opposite vk. */
static bool face_hit(col_vec3 q1, col_vec3 q2, const tetrahedron *t, int k)
{
	return col_segment_triangle_locate(q1, q2, t->v[(k + 1) & 3], t->v[(k + 2) & 3], t->v[(k + 3) & 3])
	    .hit;
}

/* A flat tetrahedron is the convex hull of four coplanar points, and every point of it lies in a
 * triangle of three of them (Caratheodory in the plane): it is the union of its faces. Any three
 * faces do: if v3 lies in face 3 the other three tile it, and otherwise face 3 is covered by the
 * faces sharing the other diagonal, or is not the hull's largest triangle. */
static bool flat_hit(col_vec3 q1, col_vec3 q2, const tetrahedron *t)
{
	return face_hit(q1, q2, t, 0) || face_hit(q1, q2, t, 1) || face_hit(q1, q2, t, 2);
}

static int bit_count(int code)
{
	return (code & 1) + (code >> 1 & 1) + (code >> 2 & 1) + (code >> 3 & 1);
}

/* Alg. 5.8 on a solid tetrahedron, given the ends' region codes. A segment entering the closed
 * solid from an outside end first touches a face whose plane that end is beyond (the coordinate
 * that becomes 0 there was negative all the way from the end), so that end's faces suffice; the
 * code with fewer bits has at most two. */
static bool crosses_coded(col_vec3 q1, col_vec3 q2, const tetrahedron *t, int c1, int c2)
{
	if (c1 & c2)
		return false; /* both beyond one face plane */
	if (c1 == 0 || c2 == 0)
		return c1 != c2; /* one end in, one out; or both in: no crossing, by definition */
	int code = bit_count(c1) <= bit_count(c2) ? c1 : c2;
	for (int k = 0; k < 4; k++)
		if ((code >> k & 1) && face_hit(q1, q2, t, k))
			return true;
	return false;
}

int col_tetrahedron_region_code(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3, col_vec3 p)
{
	tetrahedron t;
	if (!tetrahedron_init(&t, v0, v1, v2, v3) || !col_vec3_is_finite(p) || t.volume == 0)
		return -1;
	return region_code(&t, p);
}

bool col_segment_crosses_tetrahedron_boundary(col_vec3 q1, col_vec3 q2, col_vec3 v0, col_vec3 v1, col_vec3 v2,
                                              col_vec3 v3)
{
	tetrahedron t;
	if (!tetrahedron_init(&t, v0, v1, v2, v3) || !col_vec3_is_finite(q1) || !col_vec3_is_finite(q2))
		return false;
	if (t.volume == 0) /* all boundary: met, and not both ends on it */
		return flat_hit(q1, q2, &t) && !(flat_hit(q1, q1, &t) && flat_hit(q2, q2, &t));
	return crosses_coded(q1, q2, &t, region_code(&t, q1), region_code(&t, q2));
}

/* The closed segment meets the closed tetrahedron, flat or not. */
static bool segment_meets(col_vec3 q1, col_vec3 q2, const tetrahedron *t)
{
	if (t->volume == 0)
		return flat_hit(q1, q2, t);
	int c1 = region_code(t, q1);
	if (c1 == 0)
		return true;
	int c2 = region_code(t, q2);
	return c2 == 0 || crosses_coded(q1, q2, t, c1, c2);
}

bool col_segment_intersects_tetrahedron(col_vec3 q1, col_vec3 q2, col_vec3 v0, col_vec3 v1, col_vec3 v2,
                                        col_vec3 v3)
{
	tetrahedron t;
	if (!tetrahedron_init(&t, v0, v1, v2, v3) || !col_vec3_is_finite(q1) || !col_vec3_is_finite(q2))
		return false;
	return segment_meets(q1, q2, &t);
}

static const int tetrahedron_edges[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

/* Codes of u's vertices against the solid t: whether they settle the pair (a face plane of t
 * separates: false; a vertex of u inside t: true), returned in *answer. */
static bool codes_settle(const tetrahedron *t, const tetrahedron *u, int codes[4], bool *answer)
{
	int all = 15;
	for (int i = 0; i < 4; i++) {
		codes[i] = region_code(t, u->v[i]);
		all &= codes[i];
	}
	if (all) {
		*answer = false;
		return true;
	}
	for (int i = 0; i < 4; i++) {
		if (codes[i] == 0) {
			*answer = true;
			return true;
		}
	}
	return false;
}

/* Whether an edge of u meets t; the vertices of u are known to lie outside t when t is solid. */
static bool edges_meet(const tetrahedron *u, const tetrahedron *t, const int codes[4])
{
	for (int e = 0; e < 6; e++) {
		int i = tetrahedron_edges[e][0], j = tetrahedron_edges[e][1];
		bool meets = t->volume != 0 ? crosses_coded(u->v[i], u->v[j], t, codes[i], codes[j])
		                            : flat_hit(u->v[i], u->v[j], t);
		if (meets)
			return true;
	}
	return false;
}

/* Alg. 5.9, with both sets of codes taken before any edge test, so that a separating face plane of
 * either tetrahedron settles the pair before the dearer face tests. Two closed convex polytopes
 * meet exactly when an edge of one meets the other (a vertex of their common part lies on an edge
 * of one of them: where two faces of dimension >= 2 meet in 3D, a line through it stays in both),
 * and this holds for flat ones too, so a flat tetrahedron only changes how an edge is tested. */
bool col_tetrahedra_intersect(const col_vec3 a[4], const col_vec3 b[4])
{
	tetrahedron ta, tb;
	if (!tetrahedron_init(&ta, a[0], a[1], a[2], a[3]) || !tetrahedron_init(&tb, b[0], b[1], b[2], b[3]))
		return false;
	int codes_b[4] = {0, 0, 0, 0}, codes_a[4] = {0, 0, 0, 0};
	bool answer;
	if (ta.volume != 0 && codes_settle(&ta, &tb, codes_b, &answer))
		return answer;
	if (tb.volume != 0 && codes_settle(&tb, &ta, codes_a, &answer))
		return answer;
	return edges_meet(&tb, &ta, codes_b) || edges_meet(&ta, &tb, codes_a);
}
