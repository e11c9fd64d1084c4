/* Closed meshes for the 3D tests: small integer ones built here (boxes, cavities, an L prism, a
 * folded plate) and the generators' (icosphere, bumpy sphere, torus, UV sphere), one of each class
 * the issue names. Header-only, like support.h: every test_*.c is its own program. */
#ifndef COLLIDE_TESTS_ENGINE_MESH_CASES_H
#define COLLIDE_TESTS_ENGINE_MESH_CASES_H

#include <string.h>

#include "collide/mesh.h"

#include "support.h"

typedef struct mesh_arrays {
	col_vec3 v[64];
	int32_t t[3 * 128];
	int nv, nt;
} mesh_arrays;

/* Appends the box [lo, hi], outward (or inward: a cavity's wall). */
static inline void add_box(mesh_arrays *m, col_vec3 lo, col_vec3 hi, bool inward)
{
	static const int32_t faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},
	                                     {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},
	                                     {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
	int first = m->nv;
	for (int k = 0; k < 8; k++)
		m->v[m->nv++] = (col_vec3){k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z};
	for (int f = 0; f < 12; f++, m->nt++) {
		m->t[3 * m->nt] = first + faces[f][0];
		m->t[3 * m->nt + 1] = first + (inward ? faces[f][2] : faces[f][1]);
		m->t[3 * m->nt + 2] = first + (inward ? faces[f][1] : faces[f][2]);
	}
}

/* The L-shaped prism: the L (0,0) (4,0) (4,w) (w,w) (w,4) (0,4) times z in [0, 2]; w = 2 is a
 * plain L, a small w a thin plate folded at a right angle. */
static inline void add_l_prism_of_width(mesh_arrays *m, double w)
{
	const double l[6][2] = {{0, 0}, {4, 0}, {4, w}, {w, w}, {w, 4}, {0, 4}};
	static const int32_t cap[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}};
	for (int i = 0; i < 6; i++) {
		m->v[i] = (col_vec3){l[i][0], l[i][1], 0};
		m->v[6 + i] = (col_vec3){l[i][0], l[i][1], 2};
	}
	m->nv = 12;
	for (int f = 0; f < 4; f++) {
		int32_t *top = &m->t[3 * m->nt++], *bottom = &m->t[3 * m->nt++];
		for (int k = 0; k < 3; k++) {
			top[k] = 6 + cap[f][k];
			bottom[k] = cap[f][2 - k];
		}
	}
	for (int i = 0; i < 6; i++) {
		int j = (i + 1) % 6;
		int32_t quad[2][3] = {{i, j, 6 + j}, {i, 6 + j, 6 + i}};
		for (int f = 0; f < 2; f++, m->nt++)
			memcpy(&m->t[3 * m->nt], quad[f], sizeof quad[f]);
	}
}

static inline void add_l_prism(mesh_arrays *m)
{
	add_l_prism_of_width(m, 2.0);
}

static inline col_mesh *mesh_of(const mesh_arrays *m)
{
	col_mesh *mesh = NULL;
	col_error error;
	check_ok(col_mesh_create(m->v, m->nv, m->t, m->nt, &mesh, &error), &error);
	return mesh;
}

/* The classes: name and mesh. */
typedef struct mesh_class {
	const char *name;
	col_mesh *mesh;
} mesh_class;

enum { CLASS_COUNT = 9 };

static inline void make_classes(mesh_class classes[CLASS_COUNT])
{
	col_error error;
	int k = 0;
	classes[k].name = "box";
	check_ok(col_mesh_create_box((col_vec3){1.5, 0.5, 1}, &classes[k++].mesh, &error), &error);
	classes[k].name = "icosphere";
	check_ok(col_mesh_create_icosphere(2, 1.0, &classes[k++].mesh, &error), &error);
	classes[k].name = "bumpy sphere";
	check_ok(col_mesh_create_bumpy_sphere(3, &classes[k++].mesh, &error), &error);
	/* The torus's centroid lies in its hole, outside the solid: the origin's state matters. */
	classes[k].name = "torus";
	check_ok(col_mesh_create_torus(1.0, 0.35, 24, 12, &classes[k++].mesh, &error), &error);
	classes[k].name = "uv sphere";
	check_ok(col_mesh_create_uv_sphere(1.0, 16, 9, &classes[k++].mesh, &error), &error);
	mesh_arrays m = {0};
	add_l_prism(&m);
	classes[k].name = "L prism";
	classes[k++].mesh = mesh_of(&m);
	/* Nested shells: a box with a box-shaped cavity, and an island box inside the cavity. */
	memset(&m, 0, sizeof m);
	add_box(&m, (col_vec3){-3, -3, -3}, (col_vec3){3, 3, 3}, false);
	add_box(&m, (col_vec3){-2, -2, -2}, (col_vec3){2, 2, 2}, true);
	add_box(&m, (col_vec3){-1, -1, -0.5}, (col_vec3){0.5, 1, 1}, false);
	classes[k].name = "nested shells";
	classes[k++].mesh = mesh_of(&m);
	/* Two cubes sharing an edge, welded: four triangles on that edge (non-manifold). */
	memset(&m, 0, sizeof m);
	add_box(&m, (col_vec3){0, 0, 0}, (col_vec3){1, 1, 1}, false);
	add_box(&m, (col_vec3){1, 1, 0}, (col_vec3){2, 2, 1}, false);
	col_mesh *pair = mesh_of(&m);
	assert_int_equal(col_mesh_weld(pair), 2);
	classes[k].name = "cubes sharing an edge";
	classes[k++].mesh = pair;
	memset(&m, 0, sizeof m);
	add_l_prism_of_width(&m, 0.1);
	classes[k].name = "thin folded plate";
	classes[k++].mesh = mesh_of(&m);
	assert_int_equal(k, CLASS_COUNT);
}

static inline void free_classes(mesh_class classes[CLASS_COUNT])
{
	for (int k = 0; k < CLASS_COUNT; k++)
		col_mesh_destroy(classes[k].mesh);
}

#endif
