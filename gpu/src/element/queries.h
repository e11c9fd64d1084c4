/* A primitive (segment, triangle or sphere) against one mesh triangle, and one triangle pair of two
 * meshes: what a thread of the source 003 kernels runs, in the CGA or the Euclidean form
 * (primitives.h), and the probes their walks of a triangle LBVH take. */
#ifndef COLLIDE_GPU_ELEMENT_QUERIES_H
#define COLLIDE_GPU_ELEMENT_QUERIES_H

#include "lbvh.h"
#include "octree.h"

/* col_cga_query_kind's values; HD_QUERY_NONE for a query that meets nothing (an invalid one). */
enum { HD_QUERY_NONE = -1, HD_QUERY_SEGMENT = 0, HD_QUERY_TRIANGLE = 1, HD_QUERY_SPHERE = 2 };

typedef struct hd_query {
	int kind;
	int solid; /* a sphere: the ball (1) or its surface (0) */
	hd_vec3 p[3];
	double radius;
} hd_query;

/* The query against triangle t (in the mesh's frame). */
COL_HD int hd_query_test(const hd_query *q, const hd_octree_triangle *t, bool cga)
{
	hd_vec3 v[3];
	v[0] = t->a;
	v[1] = t->b;
	v[2] = t->c;
	if (q->kind == HD_QUERY_SEGMENT) {
		if (cga) {
			hd_cga_triangle prepared = hd_cga_prepare(t->a, t->b, t->c);
			return hd_cga_segment_triangle(q->p[0], q->p[1], &prepared);
		}
		return hd_segment_triangle(q->p[0], q->p[1], t->a, t->b, t->c);
	}
	if (q->kind == HD_QUERY_TRIANGLE) {
		if (cga) {
			hd_cga_triangle a = hd_cga_prepare(q->p[0], q->p[1], q->p[2]),
			                b = hd_cga_prepare(t->a, t->b, t->c);
			return hd_cga_triangle_triangle(&a, &b);
		}
		return hd_triangle_triangle(q->p, v);
	}
	if (q->kind == HD_QUERY_SPHERE) {
		if (cga) {
			hd_cga_triangle prepared = hd_cga_prepare(t->a, t->b, t->c);
			return hd_cga_triangle_sphere(&prepared, q->p[0], q->radius, q->solid != 0);
		}
		return hd_triangle_sphere(v, q->p[0], q->radius, q->solid != 0);
	}
	return HD_NO;
}

/* The walk's probe for a query: a segment's slab test, a triangle's exact box, a sphere's box widened
 * past the rounding of centre +- radius. */
COL_HD hd_lbvh_probe hd_query_probe(const hd_query *q)
{
	if (q->kind == HD_QUERY_SEGMENT)
		return hd_probe_segment(q->p[0], q->p[1]);
	if (q->kind == HD_QUERY_TRIANGLE)
		return hd_probe_box(hd_box_of_triangle(q->p[0], q->p[1], q->p[2]));
	hd_vec3 c = q->p[0];
	double r = q->radius + 0x1p-50 * (q->radius + hd_max3(fabs(c.x), fabs(c.y), fabs(c.z))) + HD_TINY;
	hd_box b;
	b.min = hd_v3(c.x - r, c.y - r, c.z - r);
	b.max = hd_v3(c.x + r, c.y + r, c.z + r);
	return hd_probe_box(b);
}

/* ---- any two primitives (col_cga_collide's pairs) ---- */

/* Two segments meet only when coplanar: certified skew lines say no, the rest is the engine's. */
COL_HD int hd_segment_segment(hd_vec3 a, hd_vec3 b, hd_vec3 c, hd_vec3 d, bool cga)
{
	if (!cga)
		return hd_orient3d_sign(a, b, c, d) != HD_UNSURE ? HD_NO : HD_UNSURE;
	/* IV.1: the line-line meet b' . (c' x (d - c)) in a's frame, with the engine's bound */
	hd_vec3 bl = hd_sub(b, a), cl = hd_sub(c, a), e = hd_sub(d, c);
	double side = hd_dot(bl, hd_cross(cl, e));
	double bound = 64.0 * HD_U * hd_scale_of(hd_max_abs3(bl)) * hd_scale_of(hd_max_abs3(cl)) *
	               hd_scale_of(hd_max_abs3(e));
	return hd_bounded_sign(side, bound) != HD_UNSURE ? HD_NO : HD_UNSURE;
}

/* Two spheres, each of its own mode: apart, no; surfaces meeting, yes; one strictly inside the other,
 * as the larger one's mode says (col_cga_collide's rule). */
COL_HD int hd_sphere_pair(hd_vec3 ca, double ra, int solid_a, hd_vec3 cb, double rb, int solid_b, bool cga)
{
	bool nested_meets = (ra > rb ? solid_a : solid_b) != 0;
	if (cga)
		return hd_cga_sphere_sphere(ca, ra, cb, rb, nested_meets);
	return hd_sphere_sphere(ca, ra, cb, rb, nested_meets);
}

/* Whether two valid primitives meet, by the form's tests; HD_NO when either is HD_QUERY_NONE. */
COL_HD int hd_collide(const hd_query *x, const hd_query *y, bool cga)
{
	if (x->kind == HD_QUERY_NONE || y->kind == HD_QUERY_NONE)
		return HD_NO;
	const hd_query *a = x->kind <= y->kind ? x : y, *b = x->kind <= y->kind ? y : x;
	if (a->kind == HD_QUERY_SEGMENT && b->kind == HD_QUERY_SEGMENT)
		return hd_segment_segment(a->p[0], a->p[1], b->p[0], b->p[1], cga);
	if (a->kind == HD_QUERY_SEGMENT && b->kind == HD_QUERY_SPHERE)
		return cga ? hd_cga_segment_sphere(a->p[0], a->p[1], b->p[0], b->radius, b->solid != 0)
		           : hd_segment_sphere(a->p[0], a->p[1], b->p[0], b->radius, b->solid != 0);
	if (a->kind == HD_QUERY_SPHERE && b->kind == HD_QUERY_SPHERE)
		return hd_sphere_pair(a->p[0], a->radius, a->solid, b->p[0], b->radius, b->solid, cga);
	/* a triangle against anything but a segment-segment or sphere pair: b is the triangle or the
	 * sphere, and a the segment or the triangle, as hd_query_test takes them */
	hd_octree_triangle t;
	t.a = b->kind == HD_QUERY_TRIANGLE ? b->p[0] : a->p[0];
	t.b = b->kind == HD_QUERY_TRIANGLE ? b->p[1] : a->p[1];
	t.c = b->kind == HD_QUERY_TRIANGLE ? b->p[2] : a->p[2];
	const hd_query *other = b->kind == HD_QUERY_TRIANGLE ? a : b;
	return hd_query_test(other, &t, cga);
}

/* ---- triangle pairs of two meshes: a's triangle against b's moved into a's frame ---- */

/* The triangle moved as col_transform3_apply moves each vertex. */
COL_HD hd_octree_triangle hd_moved_triangle(const hd_octree_triangle *t, hd_pose motion)
{
	hd_octree_triangle m = *t;
	m.a = hd_pose_apply(motion, t->a);
	m.b = hd_pose_apply(motion, t->b);
	m.c = hd_pose_apply(motion, t->c);
	return m;
}

/* A triangle made ready once for the many pairs it takes part in. */
typedef struct hd_pair_side {
	hd_cga_triangle cga;
	hd_vec3 v[3];
} hd_pair_side;

COL_HD hd_pair_side hd_pair_prepare(const hd_octree_triangle *t, bool cga)
{
	hd_pair_side p;
	p.v[0] = t->a;
	p.v[1] = t->b;
	p.v[2] = t->c;
	if (cga)
		p.cga = hd_cga_prepare(t->a, t->b, t->c);
	else
		p.cga.e_max = 0.0;
	return p;
}

/* a's triangle first, as col_cga_mesh_mesh orders them. */
COL_HD int hd_pair_test(const hd_pair_side *a, const hd_pair_side *b, bool cga)
{
	return cga ? hd_cga_triangle_triangle(&a->cga, &b->cga) : hd_triangle_triangle(a->v, b->v);
}

/* a's pose in b's frame: col_transform3_inverse of b_to_a. */
COL_HD hd_pose hd_pose_inverse(hd_pose p)
{
	hd_pose inverse;
	inverse.qx = -p.qx;
	inverse.qy = -p.qy;
	inverse.qz = -p.qz;
	inverse.qw = p.qw;
	inverse.t = hd_scale(hd_rotate(inverse.qx, inverse.qy, inverse.qz, inverse.qw, p.t), -1.0);
	return inverse;
}

/* The probe of a's triangle walking b's tree: moved into b's frame, its box widened far past the
 * rounding of that move, so every b triangle its exact test (in a's frame) can meet is reached. */
COL_HD hd_lbvh_probe hd_pair_probe_in_b(const hd_octree_triangle *t, hd_pose a_in_b)
{
	hd_octree_triangle in_b = hd_moved_triangle(t, a_in_b);
	hd_box box = hd_box_of_triangle(in_b.a, in_b.b, in_b.c);
	double margin = 0x1p-40 * (hd_max3(fabs(box.min.x), fabs(box.min.y), fabs(box.min.z)) +
	                           hd_max3(fabs(box.max.x), fabs(box.max.y), fabs(box.max.z)) +
	                           hd_max3(fabs(a_in_b.t.x), fabs(a_in_b.t.y), fabs(a_in_b.t.z))) +
	                HD_TINY;
	box.min = hd_sub(box.min, hd_v3(margin, margin, margin));
	box.max = hd_add(box.max, hd_v3(margin, margin, margin));
	return hd_probe_box(box);
}

#endif
