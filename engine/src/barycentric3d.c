/* Signed barycentric coordinates with respect to a tetrahedron, as signs (source 000, 5.1). */
#include "collide/barycentric3d.h"

#include "collide/predicates.h"

static int sign_of(double value)
{
	return (value > 0.0) - (value < 0.0);
}

/* The sign of coordinate k: the volume with p in place of vertex k, times the whole volume's sign. */
static int coordinate_sign(const col_vec3 v[4], int volume, int k, col_vec3 p)
{
	col_vec3 w[4] = {v[0], v[1], v[2], v[3]};
	w[k] = p;
	return volume * sign_of(col_orient3d(w[0], w[1], w[2], w[3]));
}

void col_barycentric3d_signs(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3, col_vec3 p, int signs[4])
{
	const col_vec3 v[4] = {v0, v1, v2, v3};
	int volume = sign_of(col_orient3d(v0, v1, v2, v3));
	for (int k = 0; k < 4; k++)
		signs[k] = coordinate_sign(v, volume, k, p);
}

col_tetrahedron_position col_tetrahedron_locate(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3,
                                                col_vec3 p)
{
	int volume = sign_of(col_orient3d(v0, v1, v2, v3));
	if (volume == 0)
		return COL_TETRAHEDRON_OUTSIDE;
	return col_tetrahedron_locate_signed(v0, v1, v2, v3, volume, p);
}

col_tetrahedron_position col_tetrahedron_locate_signed(col_vec3 v0, col_vec3 v1, col_vec3 v2, col_vec3 v3,
                                                       int volume_sign, col_vec3 p)
{
	const col_vec3 v[4] = {v0, v1, v2, v3};
	int positive = 0;
	for (int k = 0; k < 4; k++) {
		/* Any negative coordinate: outside (source 000's 3D erratum 1, docs/sources.md). */
		int s = coordinate_sign(v, volume_sign, k, p);
		if (s < 0)
			return COL_TETRAHEDRON_OUTSIDE;
		positive |= (s > 0) << k;
	}
	/* The coordinates sum to 1, so at least one is positive and the pattern is never 0. */
	return (col_tetrahedron_position)positive;
}

const char *col_tetrahedron_position_name(col_tetrahedron_position position)
{
	static const char *const names[16] = {
	    "outside",  "vertex 0", "vertex 1", "edge 01",  "vertex 2", "edge 02",  "edge 12",  "face 012",
	    "vertex 3", "edge 03",  "edge 13",  "face 013", "edge 23",  "face 023", "face 123", "interior",
	};
	if ((int)position < 0 || (int)position > 15)
		return "unknown";
	return names[position];
}
