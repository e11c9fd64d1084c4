/* Mesh import through assimp: OBJ, STL (ASCII and binary), PLY, OFF and whatever else assimp
 * reads. A separate library (collide_io) so the engine core stays free of dependencies. */
#ifndef COLLIDE_IO_H
#define COLLIDE_IO_H

#include "collide/common.h"
#include "collide/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Loads every mesh in the file into one col_mesh (node transforms applied), triangulating
 * polygons and merging vertices with identical positions. Fails with COL_ERROR_IO for a missing
 * or unreadable file, COL_ERROR_FORMAT for a malformed one (assimp's reason in the message) or
 * one with no triangles, COL_ERROR_NOT_FINITE for NaN/Inf coordinates. A header that declares
 * more elements than the file has bytes (OFF, PLY) is refused before assimp allocates for it.
 * assimp reads positions in single precision, so coordinates arrive rounded to float. */
col_status col_mesh_load(const char *path, col_mesh **out, col_error *error);

/* Writes an OBJ (or, for a path ending in .stl, a binary STL) file. */
col_status col_mesh_save(const col_mesh *mesh, const char *path, col_error *error);

#ifdef __cplusplus
}
#endif

#endif
