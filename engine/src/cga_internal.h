/* Private to the cga files: the relative threshold below which a rounded coefficient, square or
 * wedge counts as zero when a blade's kind is read (flat or round, null or not). Blades built
 * directly are exact there; moved or met ones carry rounding of about 1e-15 of their scale. */
#ifndef COLLIDE_CGA_INTERNAL_H
#define COLLIDE_CGA_INTERNAL_H

#define CGA_ZERO 1e-12

#endif
