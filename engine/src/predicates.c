/* placeholder (plain floating point): the predicates helper replaces this file */
#include "collide/predicates.h"
double col_orient2d(col_vec2 a, col_vec2 b, col_vec2 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }
double col_orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d)
{
	col_vec3 ad = col_vec3_sub(a, d), bd = col_vec3_sub(b, d), cd = col_vec3_sub(c, d);
	return col_vec3_dot(ad, col_vec3_cross(bd, cd));
}
double col_incircle(col_vec2 a, col_vec2 b, col_vec2 c, col_vec2 d) { (void)a; (void)b; (void)c; (void)d; return 0; }
double col_insphere(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d, col_vec3 e) { (void)a; (void)b; (void)c; (void)d; (void)e; return 0; }
static int sgn(double v) { return (v > 0) - (v < 0); }
int col_dot2_sign(col_vec2 a, col_vec2 b, col_vec2 c) { return sgn(col_vec2_dot(col_vec2_sub(b, a), col_vec2_sub(c, a))); }
int col_circle_point_side(col_vec2 c, double r, col_vec2 p) { return sgn(col_vec2_length_squared(col_vec2_sub(p, c)) - r * r); }
int col_circle_line_side(col_vec2 c, double r, col_vec2 a, col_vec2 b) { double o = col_orient2d(a, b, c); return sgn(o * o - r * r * col_vec2_length_squared(col_vec2_sub(b, a))); }
int col_circle_circle_side(col_vec2 ca, double ra, col_vec2 cb, double rb) { return sgn(col_vec2_length_squared(col_vec2_sub(ca, cb)) - (ra + rb) * (ra + rb)); }
int col_dot3_sign(col_vec3 a, col_vec3 b, col_vec3 c) { return sgn(col_vec3_dot(col_vec3_sub(b, a), col_vec3_sub(c, a))); }
int col_sphere_point_side(col_vec3 c, double r, col_vec3 p) { return sgn(col_vec3_length_squared(col_vec3_sub(p, c)) - r * r); }
