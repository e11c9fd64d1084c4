/* Mesh files: collide's own readers for OBJ, STL (ASCII and binary), PLY (ASCII, binary little and
 * big endian) and OFF, and writers for OBJ and binary STL. A separate library (collide_io) so the
 * engine core stays free of file handling.
 *
 * What is read. The format is told from the content (PLY's and OFF's keywords, a binary STL's size
 * of 84 + 50 n bytes whatever its first bytes say, an ASCII STL's "solid"), then from the name's
 * extension. Positions and faces only: normals, texture coordinates, colours, materials, groups,
 * lines and points are read past. Polygons are cut into a fan from their first vertex, which is
 * right for convex polygons (a concave one may come out overlapping itself); a face that repeats a
 * vertex has no area and is dropped; vertices with identical positions are merged
 * (col_mesh_weld). OBJ faces may use negative indices and the v/vt/vn forms and must refer to
 * vertices given before them; PLY elements may come in any order, with properties of any type and
 * extra properties or elements skipped; OFF takes [ST][C][N][n]OFF headers and '#' comments.
 *
 * Other formats (from a file, not from memory) are read by assimp in a child process,
 * collide-assimp-import, built beside collide where assimp is found (the environment variable
 * COLLIDE_ASSIMP_HELPER names another copy): assimp crashes, aborts or loops on some malformed
 * files, and there that ends the child only. The child is stopped after 60 s
 * (COLLIDE_ASSIMP_SECONDS sets another limit) and limits itself to 4 GiB of address space; a crash,
 * a timeout or assimp's refusal comes back as COL_ERROR_FORMAT saying which. assimp reads
 * positions as floats, so those formats' coordinates arrive rounded to float. Without assimp,
 * these formats are refused with a message naming the four collide reads.
 *
 * Numbers are parsed as strtod parses them in the C locale, whatever the caller's locale, and kept
 * as doubles: a text coordinate comes back as the double nearest its decimal text, a binary float
 * or double exactly. A coordinate must be finite (else COL_ERROR_NOT_FINITE) and 0 or of a
 * magnitude in [COL_COORDINATE_MIN, COL_COORDINATE_MAX] (else COL_ERROR_FORMAT), as col_mesh_create
 * requires.
 *
 * Bounds. The input is streamed through one 64 KiB buffer (a text line must fit in it); a file
 * gives at most 2^27 vertices and 2^27 triangles; a header's counts (PLY, OFF, binary STL) are
 * checked against the bytes that follow before anything is allocated for them, so a corrupt count
 * is refused, not allocated. Errors: COL_ERROR_IO for a file that cannot be opened or read,
 * COL_ERROR_FORMAT for a malformed one or one with no triangles, COL_ERROR_NOT_FINITE for NaN or
 * infinity; the message names the file and the line (text) or byte offset (binary):
 * "mesh: m.ply: line 7: face 3 has vertex index 12, but there are 8 vertices".
 *
 * Thread safety: the readers share no state (each load has its own buffer, and the C locale is set for
 * the calling thread only), so loads of different files on different threads are safe; a load
 * through assimp waits for its own child by process id. col_mesh_save may run on several threads at
 * once on distinct files. */
#ifndef COLLIDE_IO_H
#define COLLIDE_IO_H

#include "collide/common.h"
#include "collide/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum col_mesh_format {
	COL_MESH_FORMAT_AUTO = 0, /* told from the content, then the name's extension */
	COL_MESH_FORMAT_OBJ,
	COL_MESH_FORMAT_STL, /* ASCII or binary, told by the size */
	COL_MESH_FORMAT_PLY,
	COL_MESH_FORMAT_OFF,
} col_mesh_format;

/* Loads the mesh in the file at path (see above). */
col_status col_mesh_load(const char *path, col_mesh **out, col_error *error);

/* The same from size bytes in memory. name (may be NULL) stands for the file in messages and, with
 * COL_MESH_FORMAT_AUTO, gives the extension to fall back on. */
col_status col_mesh_load_memory(const void *data, size_t size, col_mesh_format format,
                                const char *name, col_mesh **out, col_error *error);

/* Writes an OBJ file (coordinates with 17 significant digits: they read back bit for bit) or, for
 * a path ending in .stl, a binary STL (coordinates rounded to float, as the format stores them). */
col_status col_mesh_save(const col_mesh *mesh, const char *path, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
