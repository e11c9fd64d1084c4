/* Polyhedra with polygonal faces for the tests (source 000's 3D check 13, docs/sources.md): the
 * unit cube as squares, a concave L-prism, a box with a pocket (a face with a hole), two cubes
 * sharing an edge (non-manifold), a U-prism whose centroid is outside it, a T-prism whose centroid
 * lies in the plane of two faces, and the engine's two complex models. And the oracle they are
 * checked against, which shares nothing with the covering: every face triangulated by ear clipping
 * (its hole joined by a diagonal found by brute force), the triangles made a col_mesh, and the
 * mesh's exact oracles asked (crossing count, all-pairs triangle tests). Header-only, like
 * support.h. */
#ifndef COLLIDE_TESTS_ENGINE_POLYHEDRON_CASES_H
#define COLLIDE_TESTS_ENGINE_POLYHEDRON_CASES_H

#include <math.h>
#include <string.h>

#include "collide/intersect3d.h"
#include "collide/mesh.h"
#include "collide/polyhedron.h"
#include "collide/predicates.h"
#include "collide/shapes3d.h"

#include "support.h"

/* ---- models as input arrays ---- */

typedef struct poly_model {
	col_vec3 v[96];
	int32_t list[640];
	int nv, n;
} poly_model;

static inline void model_put(poly_model *m, int32_t index)
{
	m->list[m->n++] = index;
}

static inline void model_next_face(poly_model *m)
{
	model_put(m, COL_POLYHEDRON_NEXT_FACE);
}

/* The box [lo, hi] as six squares, outward. */
static inline void model_add_box(poly_model *m, col_vec3 lo, col_vec3 hi)
{
	static const int32_t squares[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
	                                      {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
	int first = m->nv;
	for (int k = 0; k < 8; k++)
		m->v[m->nv++] = (col_vec3){k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z};
	for (int f = 0; f < 6; f++) {
		for (int k = 0; k < 4; k++)
			model_put(m, first + squares[f][k]);
		model_next_face(m);
	}
}

/* The outline (counter-clockwise, count vertices) with holes (each clockwise, hole_sizes[h]
 * vertices), extruded over z in [z0, z1]: two caps and a wall per edge. */
static inline void model_add_prism_with_holes(poly_model *m, const double (*outline)[2], int count,
                                              const double (*const *holes)[2], const int *hole_sizes,
                                              int hole_count, double z0, double z1)
{
	int first = m->nv, ring = count;
	for (int h = 0; h < hole_count; h++)
		ring += hole_sizes[h];
	for (int level = 0; level < 2; level++) {
		for (int i = 0; i < count; i++)
			m->v[m->nv++] = (col_vec3){outline[i][0], outline[i][1], level ? z1 : z0};
		for (int h = 0; h < hole_count; h++)
			for (int i = 0; i < hole_sizes[h]; i++)
				m->v[m->nv++] = (col_vec3){holes[h][i][0], holes[h][i][1], level ? z1 : z0};
	}
	int top = first + ring;
	for (int level = 1; level >= 0; level--) {
		/* the top as given; the bottom, seen from below, every loop reversed */
		int base = level ? top : first, start = count;
		for (int i = 0; i < count; i++)
			model_put(m, base + (level ? i : count - 1 - i));
		for (int h = 0; h < hole_count; h++) {
			model_put(m, COL_POLYHEDRON_NEXT_LOOP);
			for (int i = 0; i < hole_sizes[h]; i++)
				model_put(m, base + start + (level ? i : hole_sizes[h] - 1 - i));
			start += hole_sizes[h];
		}
		model_next_face(m);
	}
	for (int loop = 0, start = 0; loop <= hole_count; loop++) {
		int n = loop == 0 ? count : hole_sizes[loop - 1];
		for (int i = 0; i < n; i++) {
			int a = first + start + i, b = first + start + (i + 1) % n;
			model_put(m, a), model_put(m, b), model_put(m, b + ring), model_put(m, a + ring);
			model_next_face(m);
		}
		start += n;
	}
}

static inline void model_add_prism(poly_model *m, const double (*outline)[2], int count, double z0, double z1)
{
	model_add_prism_with_holes(m, outline, count, NULL, NULL, 0, z0, z1);
}

/* A box [0, 4]^2 x [0, 2] with a pocket [1, 3]^2 x [1, 2] sunk into its top: the top face has a hole. */
static inline void model_add_pocket_box(poly_model *m)
{
	int first = m->nv;
	const col_vec3 corners[16] = {{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}, {0, 0, 2}, {4, 0, 2},
	                              {4, 4, 2}, {0, 4, 2}, {1, 1, 2}, {3, 1, 2}, {3, 3, 2}, {1, 3, 2},
	                              {1, 1, 1}, {3, 1, 1}, {3, 3, 1}, {1, 3, 1}};
	for (int k = 0; k < 16; k++)
		m->v[m->nv++] = corners[k];
	/* the floor, the four outer walls, the pocket's four walls and its floor */
	static const int32_t faces[][4] = {
	    {0, 3, 2, 1},   {0, 1, 5, 4},    {1, 2, 6, 5},     {2, 3, 7, 6},    {3, 0, 4, 7},
	    {8, 9, 13, 12}, {9, 10, 14, 13}, {10, 11, 15, 14}, {11, 8, 12, 15}, {12, 13, 14, 15},
	};
	for (size_t f = 0; f < sizeof faces / sizeof faces[0]; f++) {
		for (int k = 0; k < 4; k++)
			model_put(m, first + faces[f][k]);
		model_next_face(m);
	}
	/* The top: the outer square counter-clockwise from above, the pocket's rim clockwise. */
	const int32_t top[4] = {4, 5, 6, 7}, rim[4] = {8, 11, 10, 9};
	for (int k = 0; k < 4; k++)
		model_put(m, first + top[k]);
	model_put(m, COL_POLYHEDRON_NEXT_LOOP);
	for (int k = 0; k < 4; k++)
		model_put(m, first + rim[k]);
	model_next_face(m);
}

/* Two unit cubes sharing the edge x = y = 1: its two vertices are shared, so four faces meet there. */
static inline void model_add_cubes_sharing_an_edge(poly_model *m)
{
	model_add_box(m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1});
	int second = m->nv, first_index = m->n;
	model_add_box(m, (col_vec3){1, 1, 0}, (col_vec3){2, 2, 1});
	/* The second cube's corners (1, 1, 0) and (1, 1, 1) are the first cube's 3 and 7. */
	for (int i = first_index; i < m->n; i++) {
		if (m->list[i] == second + 0)
			m->list[i] = 3;
		else if (m->list[i] == second + 4)
			m->list[i] = 7;
	}
}

static inline col_polyhedron *polyhedron_of(const poly_model *m, const col_polyhedron_options *options)
{
	col_polyhedron *p = NULL;
	col_error error;
	check_ok(col_polyhedron_create(m->v, m->nv, m->list, m->n, options, &p, &error), &error);
	return p;
}

/* ---- the model classes ---- */

enum { POLY_CLASS_COUNT = 9 };

typedef struct poly_class {
	const char *name;
	col_polyhedron *polyhedron;
} poly_class;

static const double l_outline[6][2] = {{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}};
static const double u_outline[8][2] = {{0, 0}, {6, 0}, {6, 6}, {4, 6}, {4, 2}, {2, 2}, {2, 6}, {0, 6}};
/* Stem [-1, 1] x [0, 2] and bar [-4, 4] x [2, 3]: areas 4 and 8, centroids at y = 1 and 2.5, so the
 * solid's centroid has y = 2, the plane of the bar's two undersides. */
static const double t_outline[8][2] = {{-1, 0}, {1, 0}, {1, 2}, {4, 2}, {4, 3}, {-4, 3}, {-4, 2}, {-1, 2}};
/* A square plate with a spike notched into it from below and three holes: hole B's nearest vertex,
 * the spike's tip, is hidden behind hole D, and D is joined to B, not to the outer loop. */
static const double plate_outline[7][2] = {{0, 0}, {8, 0}, {10, 12}, {12, 0}, {20, 0}, {20, 20}, {0, 20}};
static const double plate_hole_b[4][2] = {{13, 13}, {13, 15}, {15, 15}, {15, 13}};
static const double plate_hole_d[4][2] = {{11, 12}, {11, 14}, {12, 14}, {12, 12}};
static const double plate_hole_e[4][2] = {{3, 14}, {3, 17}, {6, 17}, {6, 14}};

static inline void make_poly_class(int k, poly_class *c, const col_polyhedron_options *options)
{
	poly_model m = {.nv = 0, .n = 0};
	col_error error;
	c->polyhedron = NULL;
	switch (k) {
	case 0:
		c->name = "unit cube";
		model_add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1});
		break;
	case 1:
		c->name = "L prism";
		model_add_prism(&m, l_outline, 6, 0, 2);
		break;
	case 2:
		c->name = "pocket box";
		model_add_pocket_box(&m);
		break;
	case 3:
		c->name = "cubes sharing an edge";
		model_add_cubes_sharing_an_edge(&m);
		break;
	case 4:
		c->name = "U prism";
		model_add_prism(&m, u_outline, 8, 0, 2);
		break;
	case 5:
		c->name = "T prism";
		model_add_prism(&m, t_outline, 8, 0, 2);
		break;
	case 6: {
		c->name = "plate with three holes";
		const double(*holes[3])[2] = {plate_hole_b, plate_hole_d, plate_hole_e};
		const int sizes[3] = {4, 4, 4};
		model_add_prism_with_holes(&m, plate_outline, 7, holes, sizes, 3, 0, 2);
		break;
	}
	case 7:
		c->name = "complex I";
		check_ok(col_polyhedron_create_complex(1, options, &c->polyhedron, &error), &error);
		return;
	default:
		c->name = "complex II";
		check_ok(col_polyhedron_create_complex(2, options, &c->polyhedron, &error), &error);
		return;
	}
	c->polyhedron = polyhedron_of(&m, options);
}

static inline void make_poly_classes(poly_class classes[POLY_CLASS_COUNT],
                                     const col_polyhedron_options *options)
{
	for (int k = 0; k < POLY_CLASS_COUNT; k++)
		make_poly_class(k, &classes[k], options);
}

static inline void free_poly_classes(poly_class classes[POLY_CLASS_COUNT])
{
	for (int k = 0; k < POLY_CLASS_COUNT; k++)
		col_polyhedron_destroy(classes[k].polyhedron);
}

/* ---- the oracle: every face triangulated ---- */

typedef struct oracle_point {
	col_vec2 p;
	int32_t id;
} oracle_point;

static inline col_vec2 oracle_view(col_vec3 p, int axis)
{
	return axis == 0 ? (col_vec2){p.y, p.z} : axis == 1 ? (col_vec2){p.z, p.x} : (col_vec2){p.x, p.y};
}

static inline int oracle_sign(double x)
{
	return (x > 0) - (x < 0);
}

/* c lies in the box of a and b: with c on the line ab, on the segment. */
static inline bool oracle_between(col_vec2 a, col_vec2 b, col_vec2 c)
{
	return fmin(a.x, b.x) <= c.x && c.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= c.y &&
	       c.y <= fmax(a.y, b.y);
}

/* Closed segments ab and cd share a point (exact). */
static inline bool oracle_segments_meet(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d)
{
	int o1 = oracle_sign(col_orient2d(a, b, c)), o2 = oracle_sign(col_orient2d(a, b, d));
	int o3 = oracle_sign(col_orient2d(c, d, a)), o4 = oracle_sign(col_orient2d(c, d, b));
	if (o1 * o2 < 0 && o3 * o4 < 0)
		return true;
	return (o1 == 0 && oracle_between(a, b, c)) || (o2 == 0 && oracle_between(a, b, d)) ||
	       (o3 == 0 && oracle_between(c, d, a)) || (o4 == 0 && oracle_between(c, d, b));
}

/* p strictly inside the polygon with holes given by its loops (crossing number; false on an edge). */
static inline bool oracle_strictly_inside(const oracle_point *const *loops, const int *sizes, int count,
                                          col_vec2 p)
{
	bool inside = false;
	for (int l = 0; l < count; l++) {
		for (int i = 0; i < sizes[l]; i++) {
			col_vec2 a = loops[l][i].p, b = loops[l][(i + 1) % sizes[l]].p;
			double o = col_orient2d(a, b, p);
			if (o == 0.0 && oracle_between(a, b, p))
				return false;
			if ((a.y > p.y) != (b.y > p.y) && (o > 0.0) == (b.y > a.y))
				inside = !inside;
		}
	}
	return inside;
}

/* Whether direction x -> t leaves corner (prev, x, next) of a loop into its left side (s = 1) or
 * right side (s = -1), strictly. */
static inline bool oracle_in_corner(col_vec2 prev, col_vec2 x, col_vec2 next, col_vec2 t, int s)
{
	bool convex = s * col_orient2d(prev, x, next) > 0;
	bool l1 = s * col_orient2d(x, next, t) > 0, l2 = s * col_orient2d(prev, x, t) > 0;
	return convex ? l1 && l2 : l1 || l2;
}

/* Ear clipping of one face into triangles (vertex index triples, wound as the face) appended at
 * *out. Each hole is joined to the ring first by the first pair (hole vertex, ring vertex) whose
 * segment touches no edge but at its ends and whose midpoint lies inside the face. */
static inline int oracle_triangulate(const col_polyhedron *p, int face, int32_t *out)
{
	enum { MAX_LOOPS = 8, MAX_LOOP = 64, MAX_RING = 320 };
	const col_vec3 *v = col_polyhedron_vertices(p);
	col_polyhedron_face info = col_polyhedron_face_at(p, face);
	assert_true(info.loop_count >= 1 && info.loop_count <= MAX_LOOPS);
	int sizes[MAX_LOOPS] = {0};
	const int32_t *indices[MAX_LOOPS] = {NULL};
	for (int l = 0; l < info.loop_count; l++) {
		sizes[l] = col_polyhedron_face_loop(p, face, l, &indices[l]);
		assert_true(sizes[l] <= MAX_LOOP);
	}
	/* Newell's normal picks the view. */
	col_vec3 normal = {0, 0, 0};
	for (int i = 0; i < sizes[0]; i++) {
		col_vec3 a = v[indices[0][i]], b = v[indices[0][(i + 1) % sizes[0]]];
		normal.x += (a.y - b.y) * (a.z + b.z);
		normal.y += (a.z - b.z) * (a.x + b.x);
		normal.z += (a.x - b.x) * (a.y + b.y);
	}
	double ax = fabs(normal.x), ay = fabs(normal.y), az = fabs(normal.z);
	int axis = ax >= ay && ax >= az ? 0 : (ay >= az ? 1 : 2);
	oracle_point loops[MAX_LOOPS][MAX_LOOP], ring[MAX_RING];
	const oracle_point *loop_list[MAX_LOOPS];
	for (int l = 0; l < info.loop_count; l++) {
		for (int i = 0; i < sizes[l]; i++)
			loops[l][i] = (oracle_point){oracle_view(v[indices[l][i]], axis), indices[l][i]};
		loop_list[l] = loops[l];
	}
	double area = 0;
	for (int i = 0; i < sizes[0]; i++)
		area += loops[0][i].p.x * loops[0][(i + 1) % sizes[0]].p.y -
		        loops[0][(i + 1) % sizes[0]].p.x * loops[0][i].p.y;
	int s = area > 0 ? 1 : -1;
	int count = sizes[0];
	memcpy(ring, loops[0], (size_t)count * sizeof *ring);
	bool joined[MAX_LOOPS] = {false};
	for (int round = 1; round < info.loop_count; round++) {
		bool found = false;
		for (int h = 1; h < info.loop_count && !found; h++) {
			if (joined[h])
				continue;
			for (int i = 0; i < sizes[h] && !found; i++) {
				for (int j = 0; j < count && !found; j++) {
					oracle_point a = loops[h][i], b = ring[j];
					bool clear = true;
					for (int k = 0; k < count && clear; k++) {
						oracle_point c = ring[k], d = ring[(k + 1) % count];
						if (c.id != a.id && d.id != a.id && c.id != b.id &&
						    d.id != b.id)
							clear = !oracle_segments_meet(a.p, b.p, c.p, d.p);
					}
					for (int g = 1; g < info.loop_count && clear; g++) {
						for (int k = 0; k < sizes[g] && !joined[g] && clear; k++) {
							oracle_point c = loops[g][k],
							             d = loops[g][(k + 1) % sizes[g]];
							if (c.id != a.id && d.id != a.id && c.id != b.id &&
							    d.id != b.id)
								clear =
								    !oracle_segments_meet(a.p, b.p, c.p, d.p);
						}
					}
					col_vec2 mid = {(a.p.x + b.p.x) / 2, (a.p.y + b.p.y) / 2};
					if (!clear ||
					    !oracle_strictly_inside(loop_list, sizes, info.loop_count, mid) ||
					    !oracle_in_corner(ring[(j + count - 1) % count].p, b.p,
					                      ring[(j + 1) % count].p, a.p, s))
						continue;
					/* ring: up to b, the hole from a around to a, b again, the rest. */
					assert_true(count + sizes[h] + 2 <= MAX_RING);
					memmove(ring + j + sizes[h] + 2, ring + j,
					        (size_t)(count - j) * sizeof *ring);
					for (int k = 0; k <= sizes[h]; k++)
						ring[j + 1 + k] = loops[h][(i + k) % sizes[h]];
					count += sizes[h] + 2;
					joined[h] = found = true;
				}
			}
		}
		assert_true(found);
	}
	int triangles = 0;
	while (count > 3) {
		bool clipped = false;
		for (int i = 0; i < count && !clipped; i++) {
			oracle_point a = ring[(i + count - 1) % count], b = ring[i],
			             c = ring[(i + 1) % count];
			int turn = s * oracle_sign(col_orient2d(a.p, b.p, c.p));
			if (turn < 0)
				continue;
			bool ear = true;
			for (int k = 0; k < count && ear; k++) {
				col_vec2 q = ring[k].p;
				if (col_vec2_equal(q, a.p) || col_vec2_equal(q, b.p) ||
				    col_vec2_equal(q, c.p))
					continue;
				ear = !(s * col_orient2d(a.p, b.p, q) >= 0 &&
				        s * col_orient2d(b.p, c.p, q) >= 0 &&
				        s * col_orient2d(c.p, a.p, q) >= 0);
			}
			if (!ear)
				continue;
			/* A straight corner makes a zero-area triangle: kept, so the mesh stays closed. */
			out[3 * triangles] = a.id, out[3 * triangles + 1] = b.id,
			        out[3 * triangles + 2] = c.id;
			triangles++;
			memmove(ring + i, ring + i + 1, (size_t)(count - i - 1) * sizeof *ring);
			count--;
			clipped = true;
		}
		assert_true(clipped);
	}
	out[3 * triangles] = ring[0].id, out[3 * triangles + 1] = ring[1].id,
	        out[3 * triangles + 2] = ring[2].id;
	return triangles + 1;
}

/* The oracle's surface: every face triangulated, face_first[f] .. face_first[f + 1] - 1 being face
 * f's triangles. */
typedef struct poly_oracle {
	col_mesh *mesh;
	int face_count;
	int face_first[128];
} poly_oracle;

static inline poly_oracle oracle_make(const col_polyhedron *p)
{
	poly_oracle o = {NULL, col_polyhedron_face_count(p), {0}};
	assert_true(o.face_count < 128);
	int32_t *triangles = malloc(sizeof(int32_t) * 3 * 4096);
	int t = 0;
	for (int f = 0; f < o.face_count; f++) {
		o.face_first[f] = t;
		t += oracle_triangulate(p, f, triangles + 3 * t);
		assert_true(t < 4000);
	}
	o.face_first[o.face_count] = t;
	col_error error;
	check_ok(col_mesh_create(col_polyhedron_vertices(p), col_polyhedron_vertex_count(p), triangles, t,
	                         &o.mesh, &error),
	         &error);
	free(triangles);
	col_mesh_report report;
	check_ok(col_mesh_validate(o.mesh, &report, &error), &error);
	assert_true(report.closed && report.consistently_oriented && col_mesh_volume(o.mesh) > 0);
	return o;
}

static inline void oracle_free(poly_oracle *o)
{
	col_mesh_destroy(o->mesh);
}

static inline bool oracle_contains(const poly_oracle *o, col_vec3 p)
{
	return col_mesh_contains_point(o->mesh, p, COL_METHOD_CROSSING, NULL);
}

static inline bool oracle_segment_hits_face(const poly_oracle *o, int face, col_vec3 q1, col_vec3 q2)
{
	for (int t = o->face_first[face]; t < o->face_first[face + 1]; t++)
		if (col_segment_intersects_triangle(q1, q2, col_mesh_triangle(o->mesh, t)))
			return true;
	return false;
}

static inline bool oracle_segment_hits_surface(const poly_oracle *o, col_vec3 q1, col_vec3 q2)
{
	for (int f = 0; f < o->face_count; f++)
		if (oracle_segment_hits_face(o, f, q1, q2))
			return true;
	return false;
}

#endif
