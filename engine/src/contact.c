/* Contact manifolds (contact.h): the dispatch, the general path for any pair of shapes, and the
 * clipping and point reduction the closed forms (contact_closed.c) share.
 *
 * The general path. GJK on the cores gives their nearest points when they are apart (the normal
 * along them), EPA the penetration normal and deepest points when they overlap. Each shape then
 * offers the feature that faces the other along that normal: a face (a polygon) when one faces it
 * within about 84 degrees, else an edge nearly across it, else a vertex; a cylinder its cap (the
 * inscribed octagon of its rim) or the segment of its side, a cone its base or its side's segment.
 * Both features are projected onto the plane across the normal and intersected there
 * (Sutherland-Hodgman for two polygons, a segment clipped by a polygon, the overlap of two parallel
 * segments); each point of the intersection is lifted back along the normal onto each feature, so
 * that it is a point of each shape, and its depth is measured between the two. Points whose gap
 * exceeds the margin are dropped; the GJK/EPA pair joins when the clipped points fall short of its
 * depth (a vertex, crossing edges, or a face that did not hold the deepest point). */
#include "collide/contact.h"

#include <float.h>
#include <string.h>

#include "collide/convex.h"
#include "collide/epa.h"
#include "collide/gjk.h"
#include "contact_internal.h"
#include "error.h"
#include "shape_exact.h"

const char *col_contact_method_name(col_contact_method method)
{
	switch (method) {
	case COL_CONTACT_NONE: return "none";
	case COL_CONTACT_SPHERES: return "spheres";
	case COL_CONTACT_SPHERE_CAPSULE: return "sphere-capsule";
	case COL_CONTACT_CAPSULES: return "capsules";
	case COL_CONTACT_SPHERE_BOX: return "sphere-box";
	case COL_CONTACT_CAPSULE_BOX: return "capsule-box";
	case COL_CONTACT_BOXES: return "boxes";
	case COL_CONTACT_POLYGONS_2D: return "polygons-2d";
	case COL_CONTACT_GJK_CLIPPED: return "gjk+clipping";
	case COL_CONTACT_EPA_CLIPPED: return "epa+clipping";
	default: return "unknown";
	}
}

/* ---- shared helpers ---- */

void contact_basis(col_vec3 n, col_vec3 *t1, col_vec3 *t2)
{
	/* Cross n with the axis it leans on least: the result is never short. */
	double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
	col_vec3 axis = ax <= ay && ax <= az ? (col_vec3){1, 0, 0}
	                : ay <= az           ? (col_vec3){0, 1, 0}
	                                     : (col_vec3){0, 0, 1};
	*t1 = col_vec3_normalize(col_vec3_cross(n, axis));
	*t2 = col_vec3_cross(n, *t1);
}

static double clamp01(double x)
{
	return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
}

double contact_segment_nearest(col_vec3 p0, col_vec3 p1, col_vec3 x)
{
	col_vec3 d = col_vec3_sub(p1, p0);
	double dd = col_vec3_dot(d, d);
	return dd > 0.0 ? clamp01(col_vec3_dot(col_vec3_sub(x, p0), d) / dd) : 0.0;
}

void contact_segments_nearest(col_vec3 p0, col_vec3 p1, col_vec3 q0, col_vec3 q1, double *s, double *t)
{
	/* Minimise |p0 + s d1 - q0 - t d2|^2 over the unit square: the free minimum clamped in s, t
	 * found for it and clamped, and s found again when t was clamped. */
	col_vec3 d1 = col_vec3_sub(p1, p0), d2 = col_vec3_sub(q1, q0), r = col_vec3_sub(p0, q0);
	double a = col_vec3_dot(d1, d1), e = col_vec3_dot(d2, d2), f = col_vec3_dot(d2, r);
	if (a == 0.0 && e == 0.0) {
		*s = *t = 0.0;
		return;
	}
	if (a == 0.0) {
		*s = 0.0;
		*t = clamp01(f / e);
		return;
	}
	double c = col_vec3_dot(d1, r);
	if (e == 0.0) {
		*t = 0.0;
		*s = clamp01(-c / a);
		return;
	}
	double b = col_vec3_dot(d1, d2), denom = a * e - b * b;
	/* Parallel (to rounding): any s will do; 0, then the rest follows from it. */
	double ss = denom > 1e-14 * a * e ? clamp01((b * f - c * e) / denom) : 0.0;
	double tt = (b * ss + f) / e;
	if (tt < 0.0) {
		tt = 0.0;
		ss = clamp01(-c / a);
	} else if (tt > 1.0) {
		tt = 1.0;
		ss = clamp01((b - c) / a);
	}
	*s = ss;
	*t = tt;
}

static clip_vertex clip_between(const clip_vertex *p, const clip_vertex *q, double fp, double fq)
{
	double s = fp / (fp - fq);
	clip_vertex v;
	v.x = p->x + s * (q->x - p->x);
	v.y = p->y + s * (q->y - p->y);
	v.point = col_vec3_lerp(p->point, q->point, s);
	v.in = v.out = 0;
	return v;
}

int contact_clip_polygon(const clip_vertex *subject, int count, const col_vec2 *clipper, int clipper_count,
                         clip_vertex *out, clip_vertex *scratch)
{
	const clip_vertex *src = subject;
	int n = count;
	for (int c = 0; c < clipper_count && n > 0; c++) {
		col_vec2 c0 = clipper[c], c1 = clipper[(c + 1) % clipper_count];
		double ex = c1.x - c0.x, ey = c1.y - c0.y;
		clip_vertex *dst = src == out ? scratch : out;
		int m = 0;
		for (int i = 0; i < n; i++) {
			const clip_vertex *p = &src[(i + n - 1) % n], *q = &src[i];
			double fp = ex * (p->y - c0.y) - ey * (p->x - c0.x);
			double fq = ex * (q->y - c0.y) - ey * (q->x - c0.x);
			bool p_in = fp >= 0.0, q_in = fq >= 0.0;
			if (q_in) {
				if (!p_in) { /* entering along clipper edge c, then on along p -> q */
					clip_vertex v = clip_between(p, q, fp, fq);
					v.in = (uint8_t)(CLIP_EDGE + c);
					v.out = p->out;
					dst[m++] = v;
				}
				dst[m++] = *q;
			} else if (p_in) { /* leaving p -> q across clipper edge c */
				clip_vertex v = clip_between(p, q, fp, fq);
				v.in = p->out;
				v.out = (uint8_t)(CLIP_EDGE + c);
				dst[m++] = v;
			}
		}
		src = dst;
		n = m;
	}
	if (src != out && n > 0)
		memcpy(out, src, sizeof(clip_vertex) * (size_t)n);
	return n;
}

bool contact_clip_segment(col_vec2 p0, col_vec2 p1, const col_vec2 *clipper, int clipper_count, double *s0,
                          double *s1, int *edge0, int *edge1)
{
	double lo = 0.0, hi = 1.0;
	int e0 = -1, e1 = -1;
	for (int c = 0; c < clipper_count; c++) {
		col_vec2 c0 = clipper[c], c1 = clipper[(c + 1) % clipper_count];
		double ex = c1.x - c0.x, ey = c1.y - c0.y;
		double f0 = ex * (p0.y - c0.y) - ey * (p0.x - c0.x);
		double f1 = ex * (p1.y - c0.y) - ey * (p1.x - c0.x);
		if (f0 < 0.0 && f1 < 0.0)
			return false;
		if (f0 >= 0.0 && f1 >= 0.0)
			continue;
		double s = f0 / (f0 - f1);
		if (f0 < 0.0) {
			if (s > lo) {
				lo = s;
				e0 = c;
			}
		} else if (s < hi) {
			hi = s;
			e1 = c;
		}
	}
	if (lo > hi)
		return false;
	*s0 = lo;
	*s1 = hi;
	*edge0 = e0;
	*edge1 = e1;
	return true;
}

/* The component of p across n: where p lies in the contact plane. */
static col_vec3 in_plane(col_vec3 p, col_vec3 n)
{
	return col_vec3_sub(p, col_vec3_scale(n, col_vec3_dot(p, n)));
}

void contact_finish(col_manifold *m, col_vec3 normal, const contact_candidate *candidates, int count,
                    double ra, double rb, double margin, int max_points, col_contact_method method)
{
	memset(m, 0, sizeof *m);
	enum { CAP = CONTACT_MAX_CANDIDATES + 4 };
	int kept[CAP];
	double depth[CAP];
	double scale = ra + rb;
	for (int i = 0; i < count && i < CAP; i++) {
		const col_vec3 *p[2] = {&candidates[i].a, &candidates[i].b};
		for (int k = 0; k < 2; k++)
			scale = fmax(scale, fmax(fabs(p[k]->x), fmax(fabs(p[k]->y), fabs(p[k]->z))));
	}
	double same = 1e-24 * scale * scale; /* squared: points this close are one */
	int n = 0;
	for (int i = 0; i < count && i < CAP; i++) {
		const contact_candidate *c = &candidates[i];
		double d = col_vec3_dot(col_vec3_sub(c->a, c->b), normal) + ra + rb;
		if (!(d >= -margin))
			continue;
		int twin = -1;
		for (int j = 0; j < n && twin < 0; j++) {
			const contact_candidate *o = &candidates[kept[j]];
			if (col_vec3_length_squared(col_vec3_sub(c->a, o->a)) <= same &&
			    col_vec3_length_squared(col_vec3_sub(c->b, o->b)) <= same)
				twin = j;
		}
		if (twin >= 0) {
			if (d > depth[twin]) {
				kept[twin] = i;
				depth[twin] = d;
			}
			continue;
		}
		kept[n] = i;
		depth[n] = d;
		n++;
	}
	if (n == 0)
		return;
	/* The deepest first (the first of equals), then the rest as they came, or, when there are too
	 * many, the farthest from it, the farthest from their line, and the one that widens the
	 * triangle most. */
	int chosen[COL_MANIFOLD_MAX_POINTS];
	int chosen_count = 0;
	int deepest = 0;
	for (int j = 1; j < n; j++)
		if (depth[j] > depth[deepest])
			deepest = j;
	chosen[chosen_count++] = deepest;
	col_vec3 flat[CAP];
	for (int j = 0; j < n; j++)
		flat[j] = in_plane(
		    col_vec3_scale(col_vec3_add(candidates[kept[j]].a, candidates[kept[j]].b), 0.5), normal);
	if (max_points > COL_MANIFOLD_MAX_POINTS)
		max_points = COL_MANIFOLD_MAX_POINTS;
	if (n <= max_points) {
		for (int j = 0; j < n; j++)
			if (j != deepest)
				chosen[chosen_count++] = j;
	} else {
		col_vec3 p0 = flat[deepest];
		int far = -1;
		double far_d = same;
		for (int j = 0; j < n; j++) {
			double d = col_vec3_length_squared(col_vec3_sub(flat[j], p0));
			if (d > far_d) {
				far_d = d;
				far = j;
			}
		}
		if (far >= 0 && max_points >= 2) {
			chosen[chosen_count++] = far;
			col_vec3 p1 = flat[far], e = col_vec3_sub(p1, p0);
			int third = -1;
			double third_area = 0.0, third_sign = 0.0;
			for (int j = 0; j < n; j++) {
				double area =
				    col_vec3_dot(col_vec3_cross(e, col_vec3_sub(flat[j], p0)), normal);
				if (fabs(area) > third_area) {
					third_area = fabs(area);
					third_sign = area > 0.0 ? 1.0 : -1.0;
					third = j;
				}
			}
			if (third >= 0 && third_area > 1e-12 * far_d && max_points >= 3) {
				chosen[chosen_count++] = third;
				/* The fourth: farthest outside the triangle (p0, p1, p2), counter-clockwise
				 * about the normal when third_sign is positive. */
				col_vec3 tri[3] = {p0, p1, flat[third]};
				int fourth = -1;
				double fourth_out = 1e-12 * far_d;
				for (int j = 0; j < n && max_points >= 4; j++) {
					double out = 0.0;
					for (int k = 0; k < 3; k++) {
						col_vec3 u = col_vec3_sub(tri[(k + 1) % 3], tri[k]);
						double side =
						    third_sign *
						    col_vec3_dot(
						        col_vec3_cross(u, col_vec3_sub(flat[j], tri[k])),
						        normal);
						if (-side > out)
							out = -side;
					}
					if (out > fourth_out) {
						fourth_out = out;
						fourth = j;
					}
				}
				if (fourth >= 0)
					chosen[chosen_count++] = fourth;
			}
		}
	}
	m->normal = normal;
	m->method = method;
	m->count = chosen_count;
	for (int k = 0; k < chosen_count; k++) {
		const contact_candidate *c = &candidates[kept[chosen[k]]];
		col_manifold_point *p = &m->points[k];
		p->point_a = col_vec3_add(c->a, col_vec3_scale(normal, ra));
		p->point_b = col_vec3_sub(c->b, col_vec3_scale(normal, rb));
		p->point = col_vec3_scale(col_vec3_add(p->point_a, p->point_b), 0.5);
		p->depth = depth[chosen[k]];
		p->id = c->id;
	}
}

/* ---- the general path: features facing along the normal ---- */

/* A face is used when its normal is within acos(0.1), about 84 degrees, of the direction; the
 * lifting along the normal onto its plane then magnifies rounding at most tenfold. An edge is used
 * when its direction is within that of square to it. */
#define FACE_MIN_DOT 0.1

typedef struct feature {
	int count;                       /* 1 a vertex, 2 a segment, >= 3 a convex planar polygon */
	col_vec3 p[CONTACT_MAX_FEATURE]; /* core points, body frame until feature_to_world, then world */
	col_vec3 normal;                 /* the polygon's plane normal (count >= 3), facing the direction */
	unsigned code;                   /* which feature, for ids */
} feature;

static void feature_vertex(feature *f, col_vec3 p, unsigned code)
{
	f->count = 1;
	f->p[0] = p;
	f->code = code;
}

/* A segment, or its end farther along u when it points nearly along u (its projection across u
 * would be too short to clip with). */
static void feature_segment(feature *f, col_vec3 p0, col_vec3 p1, col_vec3 u, unsigned code)
{
	col_vec3 e = col_vec3_sub(p1, p0);
	double ee = col_vec3_dot(e, e), eu = col_vec3_dot(e, u);
	if (ee > 0.0 && eu * eu <= (1.0 - FACE_MIN_DOT * FACE_MIN_DOT) * ee) {
		f->count = 2;
		f->p[0] = p0;
		f->p[1] = p1;
		f->code = code;
		return;
	}
	feature_vertex(f, eu > 0.0 ? p1 : p0, code | (eu > 0.0));
}

/* A flat convex polygon v (counter-clockwise about nz, unit): itself when it faces u, else the edge
 * whose outward normal within the plane leans most towards u. */
static void feature_flat(feature *f, const col_vec3 *v, int n, col_vec3 nz, col_vec3 u, unsigned code)
{
	double c = col_vec3_dot(nz, u);
	if (fabs(c) >= FACE_MIN_DOT && n <= CONTACT_MAX_FEATURE) {
		f->count = n;
		memcpy(f->p, v, sizeof(col_vec3) * (size_t)n);
		f->normal = c > 0.0 ? nz : col_vec3_scale(nz, -1.0);
		f->code = code | (c > 0.0);
		return;
	}
	int best = 0;
	double best_dot = -INFINITY;
	for (int i = 0; i < n; i++) {
		col_vec3 e = col_vec3_sub(v[(i + 1) % n], v[i]);
		double dot = col_vec3_dot(col_vec3_normalize(col_vec3_cross(e, nz)), u);
		if (dot > best_dot) {
			best_dot = dot;
			best = i;
		}
	}
	feature_segment(f, v[best], v[(best + 1) % n], u, (code + 2 + 2 * (unsigned)best) & 0x7Fu);
}

/* The octagon inscribed in a disc of radius r at height z (counter-clockwise about +z). */
static void octagon(col_vec3 *v, double r, double z)
{
	for (int k = 0; k < 8; k++) {
		double angle = k * (COL_PI / 4.0);
		v[k] = (col_vec3){r * cos(angle), r * sin(angle), z};
	}
}

static void feature_box(feature *f, col_vec3 h, col_vec3 u)
{
	int zero = (h.x == 0.0) + (h.y == 0.0) + (h.z == 0.0);
	if (zero == 3) {
		feature_vertex(f, (col_vec3){0, 0, 0}, 0);
		return;
	}
	if (zero == 2) {
		col_vec3 e = {h.x, h.y, h.z};
		feature_segment(f, col_vec3_scale(e, -1.0), e, u, 0);
		return;
	}
	double hk[3] = {h.x, h.y, h.z}, uk[3] = {u.x, u.y, u.z};
	int k = 0;
	if (zero == 1) {
		k = h.x == 0.0 ? 0 : h.y == 0.0 ? 1 : 2;
	} else {
		for (int i = 1; i < 3; i++)
			if (fabs(uk[i]) > fabs(uk[k]))
				k = i;
	}
	int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
	double s = zero == 1 || uk[k] >= 0.0 ? 1.0 : -1.0;
	/* The face's corners, counter-clockwise about s e_k. */
	static const double signs[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
	col_vec3 v[4];
	for (int i = 0; i < 4; i++) {
		double c[3];
		c[k] = s * hk[k];
		c[k1] = signs[i][0] * hk[k1];
		c[k2] = s * signs[i][1] * hk[k2];
		v[i] = (col_vec3){c[0], c[1], c[2]};
	}
	col_vec3 axis = {k == 0 ? s : 0.0, k == 1 ? s : 0.0, k == 2 ? s : 0.0};
	if (zero == 1) {
		feature_flat(f, v, 4, axis, u, 8);
		return;
	}
	f->count = 4;
	memcpy(f->p, v, sizeof v);
	f->normal = axis;
	f->code = (unsigned)(2 * k + (s > 0.0));
}

static void feature_cylinder(feature *f, double r, double h, col_vec3 u, bool cone)
{
	if (r == 0.0) {
		feature_segment(f, (col_vec3){0, 0, -h}, (col_vec3){0, 0, h}, u, 0);
		return;
	}
	col_vec3 v[8];
	if (h == 0.0) {
		octagon(v, r, 0.0);
		feature_flat(f, v, 8, (col_vec3){0, 0, 1}, u, 4);
		return;
	}
	double rho = sqrt(u.x * u.x + u.y * u.y);
	double cap = cone ? -u.z : fabs(u.z);
	double side = cone ? (2.0 * h * rho + r * u.z) / sqrt(4.0 * h * h + r * r) : rho;
	if (cap >= side) {
		double z = cone || u.z < 0.0 ? -h : h;
		octagon(v, r, z);
		f->count = 8;
		memcpy(f->p, v, sizeof v);
		f->normal = (col_vec3){0, 0, z > 0.0 ? 1.0 : -1.0};
		f->code = z > 0.0;
		return;
	}
	if (!(rho > 0.0)) {
		feature_vertex(f, (col_vec3){0, 0, h}, 2);
		return;
	}
	col_vec3 rim = {r * u.x / rho, r * u.y / rho, -h};
	col_vec3 top = cone ? (col_vec3){0, 0, h} : (col_vec3){rim.x, rim.y, h};
	feature_segment(f, rim, top, u, 4);
}

static void feature_convex(feature *f, const col_convex *c, col_vec3 u)
{
	int faces = col_convex_face_count(c);
	const int *idx;
	const col_vec3 *v = col_convex_vertices(c);
	if (col_convex_is_flat(c)) {
		int n = col_convex_face(c, 0, &idx);
		col_vec3 poly[CONTACT_MAX_FEATURE];
		if (n > CONTACT_MAX_FEATURE) {
			feature_vertex(f, v[col_convex_support(c, u, -1)], 0x40);
			return;
		}
		for (int i = 0; i < n; i++)
			poly[i] = v[idx[i]];
		feature_flat(f, poly, n, col_convex_face_plane(c, 0).normal, u, 0);
		return;
	}
	int best = -1;
	double best_dot = -INFINITY;
	for (int i = 0; i < faces; i++) {
		double dot = col_vec3_dot(col_convex_face_plane(c, i).normal, u);
		if (dot > best_dot) {
			best_dot = dot;
			best = i;
		}
	}
	if (best >= 0 && best_dot >= FACE_MIN_DOT) {
		int n = col_convex_face(c, best, &idx);
		if (n <= CONTACT_MAX_FEATURE) {
			f->count = n;
			for (int i = 0; i < n; i++)
				f->p[i] = v[idx[i]];
			f->normal = col_convex_face_plane(c, best).normal;
			f->code = (unsigned)best & 0x7Fu;
			return;
		}
	}
	/* No face faces u: an edge at the support vertex nearly square to it, or the vertex. */
	int s = col_convex_support(c, u, -1);
	const int *around;
	int count = col_convex_neighbors(c, s, &around);
	int edge = -1;
	double edge_dot = FACE_MIN_DOT;
	for (int i = 0; i < count; i++) {
		double dot = fabs(col_vec3_dot(col_vec3_normalize(col_vec3_sub(v[around[i]], v[s])), u));
		if (dot <= edge_dot) {
			edge_dot = dot;
			edge = around[i];
		}
	}
	if (edge >= 0) {
		f->count = 2;
		f->p[0] = v[s];
		f->p[1] = v[edge];
		f->code = 0x80u | ((unsigned)s & 0x3Fu);
		return;
	}
	feature_vertex(f, v[s], 0xC0u | ((unsigned)s & 0x3Fu));
}

/* The feature of the shape's core facing the world direction u (unit), in world coordinates. */
static void feature_of(const col_shape *s, col_vec3 u, feature *f)
{
	col_vec3 local = col_quat_apply(col_quat_conjugate(s->pose.rotation), u);
	f->normal = (col_vec3){0, 0, 0};
	switch (s->kind) {
	case COL_SHAPE_POINT: feature_vertex(f, s->core.point, 0); break;
	case COL_SHAPE_SEGMENT: feature_segment(f, s->core.segment.a, s->core.segment.b, local, 0); break;
	case COL_SHAPE_TRIANGLE: {
		col_vec3 v[3] = {s->core.triangle.a, s->core.triangle.b, s->core.triangle.c};
		col_vec3 nz = col_vec3_cross(col_vec3_sub(v[1], v[0]), col_vec3_sub(v[2], v[0]));
		if (col_vec3_length_squared(nz) > 0.0) {
			feature_flat(f, v, 3, col_vec3_normalize(nz), local, 0);
		} else {
			/* Collinear corners: the longest side is the triangle. */
			int best = 0;
			double longest = -1.0;
			for (int i = 0; i < 3; i++) {
				double d = col_vec3_length_squared(col_vec3_sub(v[(i + 1) % 3], v[i]));
				if (d > longest) {
					longest = d;
					best = i;
				}
			}
			feature_segment(f, v[best], v[(best + 1) % 3], local, 0);
		}
		break;
	}
	case COL_SHAPE_BOX: feature_box(f, s->core.half_extents, local); break;
	case COL_SHAPE_CYLINDER:
	case COL_SHAPE_CONE:
		feature_cylinder(f, s->core.cylinder.radius, s->core.cylinder.half_height, local,
		                 s->kind == COL_SHAPE_CONE);
		break;
	case COL_SHAPE_CONVEX: feature_convex(f, s->core.convex, local); break;
	case COL_SHAPE_POLYGON: {
		int n = s->core.polygon.count;
		if (n > CONTACT_MAX_FEATURE) {
			int found = -1;
			col_vec3 p = col_shape_support_local(s, local, &found);
			feature_vertex(f, p, 0x40);
			break;
		}
		col_vec3 v[CONTACT_MAX_FEATURE];
		for (int i = 0; i < n; i++)
			v[i] = (col_vec3){s->core.polygon.points[i].x, s->core.polygon.points[i].y, 0.0};
		if (n <= 2)
			feature_segment(f, v[0], v[n - 1], local, 0);
		else
			feature_flat(f, v, n, (col_vec3){0, 0, 1}, local, 0);
		break;
	}
	default: feature_vertex(f, (col_vec3){0, 0, 0}, 0); break;
	}
	for (int i = 0; i < f->count; i++)
		f->p[i] = col_transform3_apply(s->pose, f->p[i]);
	if (f->count >= 3)
		f->normal = col_quat_apply(s->pose.rotation, f->normal);
}

/* y moved along n onto the plane of the polygon feature f. */
static col_vec3 lift_onto(const feature *f, col_vec3 y, col_vec3 n)
{
	double along = col_vec3_dot(f->normal, n);
	double mu = col_vec3_dot(f->normal, col_vec3_sub(f->p[0], y)) / along;
	return col_vec3_add(y, col_vec3_scale(n, mu));
}

typedef struct plane_frame {
	col_vec3 t1, t2;
} plane_frame;

static col_vec2 project(const plane_frame *pf, col_vec3 p)
{
	return (col_vec2){col_vec3_dot(p, pf->t1), col_vec3_dot(p, pf->t2)};
}

/* The polygon feature projected, counter-clockwise; false when it projects to (nearly) nothing. */
static bool project_polygon(const plane_frame *pf, const feature *f, col_vec2 *out, int *order)
{
	int n = f->count;
	double area = 0.0, extent = 0.0;
	for (int i = 0; i < n; i++)
		out[i] = project(pf, f->p[i]);
	for (int i = 0; i < n; i++) {
		col_vec2 a = out[i], b = out[(i + 1) % n];
		area += a.x * b.y - a.y * b.x;
		extent = fmax(extent, col_vec2_length_squared(col_vec2_sub(b, a)));
	}
	if (!(fabs(area) > 1e-12 * extent))
		return false;
	for (int i = 0; i < n; i++)
		order[i] = area > 0.0 ? i : n - 1 - i;
	if (area < 0.0)
		for (int i = 0; i < n / 2; i++) {
			col_vec2 t = out[i];
			out[i] = out[n - 1 - i];
			out[n - 1 - i] = t;
		}
	return true;
}

/* The points where the two features overlap seen along n, each lifted onto both: candidates. */
static int clip_features(const feature *fa, const feature *fb, col_vec3 n, contact_candidate *out)
{
	if (fa->count == 1 || fb->count == 1)
		return 0;
	plane_frame pf;
	contact_basis(n, &pf.t1, &pf.t2);
	unsigned ca = fa->code, cb = fb->code;
	if (fa->count == 2 && fb->count == 2) {
		/* Two segments: they meet at most at one point unless parallel across n; then the overlap. */
		col_vec2 a0 = project(&pf, fa->p[0]), a1 = project(&pf, fa->p[1]);
		col_vec2 b0 = project(&pf, fb->p[0]), b1 = project(&pf, fb->p[1]);
		col_vec2 da = col_vec2_sub(a1, a0), db = col_vec2_sub(b1, b0);
		double aa = col_vec2_dot(da, da), bb = col_vec2_dot(db, db), cross = col_vec2_cross(da, db);
		if (!(aa > 0.0) || !(bb > 0.0) || cross * cross > 1e-4 * aa * bb)
			return 0;
		double u0 = col_vec2_dot(col_vec2_sub(b0, a0), da) / aa,
		       u1 = col_vec2_dot(col_vec2_sub(b1, a0), da) / aa;
		double lo = fmax(0.0, fmin(u0, u1)), hi = fmin(1.0, fmax(u0, u1));
		if (lo > hi)
			return 0;
		int k = 0;
		double ends[2] = {lo, hi};
		for (int e = 0; e < (hi > lo ? 2 : 1); e++) {
			col_vec2 x = col_vec2_add(a0, col_vec2_scale(da, ends[e]));
			double t = clamp01(col_vec2_dot(col_vec2_sub(x, b0), db) / bb);
			out[k].a = col_vec3_lerp(fa->p[0], fa->p[1], ends[e]);
			out[k].b = col_vec3_lerp(fb->p[0], fb->p[1], t);
			/* Which ends bound the overlap: A's own (0, 1) or B's (2, 3). */
			unsigned end = ends[e] == 0.0 ? 0u : ends[e] == 1.0 ? 1u : (ends[e] == u0) ? 2u : 3u;
			out[k].id = contact_id(ca, cb, 0, end);
			k++;
		}
		return k;
	}
	if (fa->count == 2 || fb->count == 2) {
		/* A segment clipped by the other's polygon, each end lifted onto the polygon's plane. */
		bool seg_is_a = fa->count == 2;
		const feature *seg = seg_is_a ? fa : fb, *poly = seg_is_a ? fb : fa;
		col_vec2 clipper[CONTACT_MAX_FEATURE];
		int order[CONTACT_MAX_FEATURE];
		if (!project_polygon(&pf, poly, clipper, order))
			return 0;
		col_vec2 p0 = project(&pf, seg->p[0]), p1 = project(&pf, seg->p[1]);
		if (!(col_vec2_length_squared(col_vec2_sub(p1, p0)) > 0.0))
			return 0;
		double s0, s1;
		int e0, e1;
		if (!contact_clip_segment(p0, p1, clipper, poly->count, &s0, &s1, &e0, &e1))
			return 0;
		double ends[2] = {s0, s1};
		int edges[2] = {e0, e1};
		int k = 0;
		for (int e = 0; e < (s1 > s0 ? 2 : 1); e++) {
			col_vec3 y = col_vec3_lerp(seg->p[0], seg->p[1], ends[e]);
			col_vec3 z = lift_onto(poly, y, n);
			out[k].a = seg_is_a ? y : z;
			out[k].b = seg_is_a ? z : y;
			unsigned tag = edges[e] < 0 ? (unsigned)e : CLIP_EDGE + (unsigned)order[edges[e]];
			out[k].id = contact_id(ca, cb, 1, tag);
			k++;
		}
		return k;
	}
	/* Two polygons: B's clipped by A's, lifted onto A's plane. */
	col_vec2 clipper[CONTACT_MAX_FEATURE];
	int order[CONTACT_MAX_FEATURE];
	if (!project_polygon(&pf, fa, clipper, order))
		return 0;
	clip_vertex subject[CONTACT_MAX_FEATURE], result[CONTACT_MAX_CANDIDATES],
	    scratch[CONTACT_MAX_CANDIDATES];
	int nb = fb->count;
	for (int i = 0; i < nb; i++) {
		col_vec2 p = project(&pf, fb->p[i]);
		subject[i].x = p.x;
		subject[i].y = p.y;
		subject[i].point = fb->p[i];
		subject[i].in = (uint8_t)((i + nb - 1) % nb);
		subject[i].out = (uint8_t)i;
	}
	int count = contact_clip_polygon(subject, nb, clipper, fa->count, result, scratch);
	for (int i = 0; i < count; i++) {
		out[i].b = result[i].point;
		out[i].a = lift_onto(fa, result[i].point, n);
		/* Map clipper tags back to A's own vertex order. */
		unsigned in = result[i].in, o = result[i].out;
		if (in >= CLIP_EDGE)
			in = CLIP_EDGE + (unsigned)order[in - CLIP_EDGE];
		if (o >= CLIP_EDGE)
			o = CLIP_EDGE + (unsigned)order[o - CLIP_EDGE];
		out[i].id = contact_id(ca, cb, in, o);
	}
	return count;
}

static double shape_scale(const col_shape *s)
{
	col_aabb3 b = col_shape_bounds(s);
	return fmax(fmax(fmax(fabs(b.min.x), fabs(b.max.x)), fmax(fabs(b.min.y), fabs(b.max.y))),
	            fmax(fabs(b.min.z), fabs(b.max.z)));
}

col_status contact_check_shape(const col_shape *shape, const char *query, const char *name, col_error *error)
{
	if (shape == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "%s: %s is NULL", query, name);
	if (col_shape_is_placed(shape))
		return COL_OK;
	/* The full validation only now, for its message: it names the fault. */
	col_error why;
	col_status code = col_shape_validate(shape, &why);
	if (code == COL_OK)
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s: %s is not placed", query, name);
	return col_fail(error, code, "%s: %s: %s", query, name, why.message);
}

/* The arguments every manifold query checks, in order; out is zeroed first so that a failure
 * leaves no points behind. */
static col_status check_contact_arguments(const col_shape *a, const col_shape *b, double margin,
                                          col_manifold *out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "contact: out is NULL");
	memset(out, 0, sizeof *out);
	col_status status = contact_check_shape(a, "contact", "shape a", error);
	if (status == COL_OK)
		status = contact_check_shape(b, "contact", "shape b", error);
	if (status == COL_OK && !(margin >= 0.0))
		status =
		    col_fail(error, COL_ERROR_INVALID_ARGUMENT, "contact: margin %g must be >= 0", margin);
	return status;
}

/* The general path on shapes and a margin already checked. */
static void contact_general(const col_shape *a, const col_shape *b, double margin, col_manifold *out)
{
	memset(out, 0, sizeof *out);
	double ra = a->radius, rb = b->radius;
	col_gjk_result g = col_gjk_distance(a, b, NULL, NULL, NULL);
	if (g.status == COL_GJK_INVALID)
		return;
	double scale = fmax(shape_scale(a), shape_scale(b));
	col_vec3 n, wa, wb;
	col_contact_method method;
	if (g.status != COL_GJK_INTERSECTING) {
		if (!(g.core_distance - ra - rb <= margin))
			return;
		n = g.normal;
		wa = col_vec3_sub(g.point_a, col_vec3_scale(n, ra));
		wb = col_vec3_add(g.point_b, col_vec3_scale(n, rb));
		method = COL_CONTACT_GJK_CLIPPED;
		if (g.core_distance < 1e-9 * scale) {
			/* Cores within rounding of touching: GJK's gap and its direction are noise (and the
			 * cores may in fact overlap a little). EPA on the cores with B pushed towards A by a
			 * little more than the gap, so that they certainly overlap, takes the normal from K's
			 * facets; the push is then undone on B's point. */
			col_vec3 push = col_vec3_scale(n, g.core_distance + 1e-7 * scale);
			col_shape ca = *a, cb = *b;
			ca.radius = cb.radius = 0.0;
			cb.pose.translation = col_vec3_sub(cb.pose.translation, push);
			col_penetration p = col_penetration_depth(&ca, &cb, NULL, NULL);
			if (p.status == COL_PENETRATION_CONVERGED || p.status == COL_PENETRATION_FLAT) {
				n = p.normal;
				wa = p.point_a;
				wb = col_vec3_add(p.point_b, push);
				method = COL_CONTACT_EPA_CLIPPED;
			}
		}
	} else {
		col_penetration p = col_penetration_depth(a, b, NULL, NULL);
		if (p.status == COL_PENETRATION_INVALID || p.status == COL_PENETRATION_APART)
			return;
		n = p.normal;
		wa = col_vec3_sub(p.point_a, col_vec3_scale(n, ra));
		wb = col_vec3_add(p.point_b, col_vec3_scale(n, rb));
		method = COL_CONTACT_EPA_CLIPPED;
	}
	bool planar = a->dimension == 2 && b->dimension == 2;
	if (planar) {
		/* 2D shapes part within their plane (a flat K may give its plane's normal instead). */
		n.z = 0.0;
		n = col_vec3_normalize(n);
	}
	if (!(col_vec3_length_squared(n) > 0.5))
		n = planar ? (col_vec3){0, 1, 0} : (col_vec3){0, 0, 1};
	feature fa, fb;
	feature_of(a, n, &fa);
	feature_of(b, col_vec3_scale(n, -1.0), &fb);
	contact_candidate c[CONTACT_MAX_CANDIDATES + 1];
	int k = clip_features(&fa, &fb, n, c);
	double witness = col_vec3_dot(col_vec3_sub(wa, wb), n), deepest = -INFINITY;
	for (int i = 0; i < k; i++)
		deepest = fmax(deepest, col_vec3_dot(col_vec3_sub(c[i].a, c[i].b), n));
	if (k == 0 || deepest < witness - 1e-12 * scale) {
		c[k].a = wa;
		c[k].b = wb;
		c[k].id = contact_id(0xFF, 0xFF, 0xFF, 0xFF);
		k++;
	}
	contact_finish(out, n, c, k, ra, rb, margin, planar ? 2 : 4, method);
}

/* The manifold on checked arguments: the closed form first where `closed` and the pair has one. */
static void contact_run(const col_shape *a, const col_shape *b, double margin, col_manifold *out,
                        bool closed)
{
	if (!closed || !contact_closed_form(a, b, margin, out))
		contact_general(a, b, margin, out);
}

/* Whether the world boxes of the shapes, each widened by band, are apart: then so are the shapes,
 * whatever the round-off of the boxes (far below band). */
static bool bounds_apart(const col_shape *a, const col_shape *b, double band)
{
	col_aabb3 p = col_shape_bounds(a), q = col_shape_bounds(b);
	return p.max.x + band < q.min.x || q.max.x + band < p.min.x || p.max.y + band < q.min.y ||
	       q.max.y + band < p.min.y || p.max.z + band < q.min.z || q.max.z + band < p.min.z;
}

/* At margin 0 a manifold has points exactly when the shapes touch or overlap, where the pair has
 * an exact test (shape_exact.h): the closed forms and GJK/EPA measure from rounded numbers, so a
 * manifold whose deepest point lies within round-off of touching, or an empty one for shapes that
 * may touch, is checked against it. A pair it finds apart loses its points; a touching pair left
 * without points gets those of a margin just above the round-off, their gaps (round-off) read as 0. */
static void contact_settle(const col_shape *a, const col_shape *b, col_manifold *out, bool closed)
{
	if (!shape_exact_supported(a, b))
		return;
	double band = 1e-9 * (fmax(shape_scale(a), shape_scale(b)) + a->radius + b->radius);
	if (out->count > 0) {
		bool meet;
		if (out->points[0].depth <= band && shape_exact_meet(a, b, &meet) && !meet)
			memset(out, 0, sizeof *out);
		return;
	}
	if (bounds_apart(a, b, band) || !col_gjk_intersect(a, b, NULL, NULL))
		return;
	col_manifold near;
	contact_run(a, b, band, &near, closed);
	for (int i = 0; i < near.count; i++)
		if (near.points[i].depth < 0.0)
			near.points[i].depth = 0.0;
	*out = near;
}

col_status col_contact_general(const col_shape *a, const col_shape *b, double margin, col_manifold *out,
                               col_error *error)
{
	col_status status = check_contact_arguments(a, b, margin, out, error);
	if (status == COL_OK) {
		contact_general(a, b, margin, out);
		if (margin == 0.0)
			contact_settle(a, b, out, false);
	}
	return status;
}

col_status col_contact(const col_shape *a, const col_shape *b, double margin, col_manifold *out,
                       col_error *error)
{
	col_status status = check_contact_arguments(a, b, margin, out, error);
	if (status == COL_OK) {
		contact_run(a, b, margin, out, true);
		if (margin == 0.0)
			contact_settle(a, b, out, true);
	}
	return status;
}
