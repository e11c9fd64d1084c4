/* fuzz-links: collide collide_io */
/* The mesh readers on any bytes. The first byte picks the format (told by content, OBJ, STL, PLY,
 * OFF), the rest is the file, read from memory. Every input must give either a mesh or an error
 * whose message names the input; a mesh must be one col_mesh_validate accepts, with every
 * coordinate finite and in collide's range, and every triangle three distinct vertices in range.
 * Anything else traps, so libFuzzer reports it with the input. */
#include "collide/io.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_mesh(const col_mesh *mesh)
{
	int nv = col_mesh_vertex_count(mesh), nt = col_mesh_triangle_count(mesh);
	if (nv < 3 || nt < 1)
		__builtin_trap();
	const col_vec3 *v = col_mesh_vertices(mesh);
	for (int i = 0; i < nv; ++i)
		if (!col_coordinate_in_range(v[i].x) || !col_coordinate_in_range(v[i].y) ||
		    !col_coordinate_in_range(v[i].z))
			__builtin_trap();
	const int32_t *t = col_mesh_triangles(mesh);
	for (int i = 0; i < 3 * nt; i += 3) {
		for (int k = 0; k < 3; ++k)
			if (t[i + k] < 0 || t[i + k] >= nv)
				__builtin_trap();
		if (t[i] == t[i + 1] || t[i + 1] == t[i + 2] || t[i + 2] == t[i])
			__builtin_trap();
	}
	col_mesh_report report;
	col_error error;
	if (col_mesh_validate(mesh, &report, &error) != COL_OK || report.triangle_count != nt)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	col_mesh_format format = (col_mesh_format)(data[0] % 5);
	col_mesh *mesh = NULL;
	col_error error;
	col_status status = col_mesh_load_memory(data + 1, size - 1, format, "fuzz", &mesh, &error);
	if (status == COL_OK) {
		if (mesh == NULL)
			__builtin_trap();
		check_mesh(mesh);
		col_mesh_destroy(mesh);
		return 0;
	}
	if (mesh != NULL || error.code != status || strncmp(error.message, "mesh: fuzz: ", 12) != 0)
		__builtin_trap();
	return 0;
}
