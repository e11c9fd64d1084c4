/* Private to the cga files: the relative threshold below which a rounded coefficient, square or
 * wedge counts as zero when a blade's kind is read (flat or round, null or not). Blades built
 * directly are exact there; moved or met ones carry rounding of about 1e-15 of their scale. */
#ifndef COLLIDE_CGA_INTERNAL_H
#define COLLIDE_CGA_INTERNAL_H

#define CGA_ZERO 1e-12

/* Below this fraction of a blade's largest coefficient, a weight (a point's -X.ni, a round's no
 * part, the part of a blade lacking ni) counts as zero: the object is at infinity, or flat. A
 * round's no part is about 1 / |c|^2 of its ni part, so this lets objects about 10^6 of their sizes
 * from the origin keep their kind, while rounding (a few 1e-16) never makes a moved flat round. */
#define CGA_WEIGHT_ZERO 1e-14

#include <stdbool.h>

#include "collide/cga.h"

/* Whether every coefficient of a is finite (cga.c). */
bool cga_all_finite(const col_multivector *a);

/* T_t a ~T_t (cga_versor.c): a blade moved by t, or a versor moved to act about t. */
void cga_translate(const col_multivector *a, col_vec3 t, col_multivector *out);

#endif
