/* The complex test models of source 000 (Fig 5.39, 6.6), reconstructed to the source's counts:
 * both are prisms over non-convex outlines, so every face is exactly planar on integer
 * coordinates. The source's originals are not available; see polyhedron.h for what they are. */
#include "polyhedron_internal.h"

#include "error.h"

enum { MAX_MODEL_VERTICES = 44, MAX_MODEL_INDICES = 256 };

typedef struct model {
	col_vec3 v[MAX_MODEL_VERTICES];
	int32_t list[MAX_MODEL_INDICES];
	int nv, n;
} model;

static void put(model *m, int32_t index)
{
	m->list[m->n++] = index;
}

/* The wall over outline edge i -> j (bottom vertices i, j, top ones i + top, j + top), as one
 * quadrilateral or, split along its diagonal, as two triangles. Seen from outside, the bottom edge
 * runs left to right. */
static void wall(model *m, int i, int j, int top, bool split)
{
	if (split) {
		put(m, i), put(m, j), put(m, j + top), put(m, COL_POLYHEDRON_NEXT_FACE);
		put(m, i), put(m, j + top), put(m, i + top), put(m, COL_POLYHEDRON_NEXT_FACE);
	} else {
		put(m, i), put(m, j), put(m, j + top), put(m, i + top), put(m, COL_POLYHEDRON_NEXT_FACE);
	}
}

/* Complex Polyhedron I: the plus-shaped outline with a square hole, over z in [0, 4]. */
static void complex_one(model *m)
{
	static const double outline[12][2] = {{-2, -6}, {2, -6}, {2, -2}, {6, -2}, {6, 2},   {2, 2},
	                                      {2, 6},   {-2, 6}, {-2, 2}, {-6, 2}, {-6, -2}, {-2, -2}};
	static const double hole[4][2] = {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}}; /* clockwise */
	for (int level = 0; level < 2; level++) {
		for (int i = 0; i < 12; i++)
			m->v[m->nv++] = (col_vec3){outline[i][0], outline[i][1], 4.0 * level};
		for (int i = 0; i < 4; i++)
			m->v[m->nv++] = (col_vec3){hole[i][0], hole[i][1], 4.0 * level};
	}
	enum { TOP = 16 };
	for (int i = 0; i < 12; i++) /* the top cap: outline counter-clockwise, hole clockwise */
		put(m, TOP + i);
	put(m, COL_POLYHEDRON_NEXT_LOOP);
	for (int i = 0; i < 4; i++)
		put(m, TOP + 12 + i);
	put(m, COL_POLYHEDRON_NEXT_FACE);
	for (int i = 11; i >= 0; i--) /* the bottom cap, seen from below */
		put(m, i);
	put(m, COL_POLYHEDRON_NEXT_LOOP);
	for (int i = 3; i >= 0; i--)
		put(m, 12 + i);
	put(m, COL_POLYHEDRON_NEXT_FACE);
	for (int i = 0; i < 12; i++)
		wall(m, i, (i + 1) % 12, TOP, false);
	/* The tunnel: the hole runs clockwise, so the solid lies left of its edges as of the outline's. */
	for (int i = 0; i < 4; i++)
		wall(m, 12 + i, 12 + (i + 1) % 4, TOP, false);
}

/* Complex Polyhedron II: the notched, stepped L under a sloping roof. */
static void complex_two(model *m)
{
	static const double outline[22][2] = {
	    {0, 0},  {2, 0},  {3, 2}, {4, 0}, {7, 0}, {7, 2},  {9, 2},  {9, 0}, {12, 0}, {12, 1}, {10, 2},
	    {12, 3}, {12, 4}, {8, 4}, {8, 8}, {4, 8}, {4, 12}, {0, 12}, {0, 7}, {2, 7},  {2, 5},  {0, 5},
	};
	for (int i = 0; i < 22; i++)
		m->v[m->nv++] = (col_vec3){outline[i][0], outline[i][1], 0.0};
	for (int i = 0; i < 22; i++)
		m->v[m->nv++] =
		    (col_vec3){outline[i][0], outline[i][1], 10.0 - (outline[i][0] + outline[i][1]) / 2.0};
	enum { TOP = 22 };
	for (int i = 0; i < 22; i++) /* the roof */
		put(m, TOP + i);
	put(m, COL_POLYHEDRON_NEXT_FACE);
	for (int i = 21; i >= 0; i--) /* the floor, seen from below */
		put(m, i);
	put(m, COL_POLYHEDRON_NEXT_FACE);
	/* The walls of both V-notches and of the riser (8, 4)-(8, 8) come as triangle pairs. */
	for (int i = 0; i < 22; i++) {
		bool split = i == 1 || i == 2 || i == 9 || i == 10 || i == 13;
		wall(m, i, (i + 1) % 22, TOP, split);
	}
}

col_status col_polyhedron_create_complex(int which, const col_polyhedron_options *options,
                                         col_polyhedron **out, col_error *error)
{
	if (out != NULL)
		*out = NULL;
	if (which != 1 && which != 2)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polyhedron: complex model %d does not exist (1 or 2)", which);
	model m = {.nv = 0, .n = 0};
	if (which == 1)
		complex_one(&m);
	else
		complex_two(&m);
	return col_polyhedron_create(m.v, m.nv, m.list, m.n, options, out, error);
}
