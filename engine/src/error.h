/* Private: filling a col_error. Every failing engine call goes through col_fail, and so do the
 * project's other libraries (io, hull, the GPU backend, whose CUDA side is C++). */
#ifndef COLLIDE_ERROR_H
#define COLLIDE_ERROR_H

#include "collide/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sets error->code and a printf-formatted message (error may be NULL) and returns code, so a
 * failure reads `return col_fail(error, COL_ERROR_DEGENERATE, "polygon: zero area");`. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
col_status col_fail(col_error *error, col_status code, const char *format, ...);

/* Marks error as success (code COL_OK, empty message). */
void col_error_clear(col_error *error);

#ifdef __cplusplus
}
#endif

#endif
