/* Versors: translators, rotors, motors, dilators and reflections, and the sandwich that applies one
 * to any conformal object (source 003, II and A.4, with errata 6 and 9 of docs/sources.md). */
#include "collide/cga.h"

#include "cga_internal.h"
#include "error.h"

void col_cga_translator(col_vec3 t, col_multivector *out)
{
	/* 1 - t ni / 2, and t ni = t ^ ni puts t_i on e_i4 and on e_i5. */
	*out = (col_multivector){0};
	out->c[0] = 1.0;
	double half[3] = {-0.5 * t.x, -0.5 * t.y, -0.5 * t.z};
	for (int i = 0; i < 3; i++) {
		out->c[(1 << i) | 8] = half[i];
		out->c[(1 << i) | 16] = half[i];
	}
}

void col_cga_rotor(col_vec3 axis, double angle, col_multivector *out)
{
	*out = (col_multivector){0};
	double length = col_vec3_length(axis);
	if (!(length > 0.0) || !isfinite(length) || !isfinite(angle)) {
		out->c[0] = 1.0;
		return;
	}
	col_vec3 a = col_vec3_scale(axis, 1.0 / length);
	double s = sin(0.5 * angle);
	/* B = a_x e23 + a_y e31 + a_z e12, and e31 = -e13. */
	out->c[0] = cos(0.5 * angle);
	out->c[3] = -s * a.z;
	out->c[5] = s * a.y;
	out->c[6] = -s * a.x;
}

/* T_p a ~T_p: a moved by p (for a versor, the versor moved to act about p). */
void cga_translate(const col_multivector *v, col_vec3 p, col_multivector *out)
{
	col_multivector t, t_reverse;
	col_cga_translator(p, &t);
	col_cga_reverse(&t, &t_reverse);
	col_cga_geometric_product(&t, v, out);
	col_cga_geometric_product(out, &t_reverse, out);
}

void col_cga_motor(col_vec3 axis, double angle, col_vec3 through, col_vec3 translation, col_multivector *out)
{
	col_multivector rotor, moved;
	col_cga_rotor(axis, angle, &rotor);
	cga_translate(&rotor, through, out);
	col_cga_translator(translation, &moved);
	col_cga_geometric_product(&moved, out, out);
}

col_status col_cga_dilator(double factor, col_vec3 center, col_multivector *out, col_error *error)
{
	if (!isfinite(factor) || !(factor > 0.0))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: dilator: factor %g is not a positive number", factor);
	if (!col_vec3_is_finite(center))
		return col_fail(error, COL_ERROR_NOT_FINITE, "cga: dilator: the centre is not finite");
	col_status status = col_check_coordinate(error, factor, "cga: dilator: factor");
	if (!status)
		status = col_check_coordinate(error, center.x, "cga: dilator: centre x");
	if (!status)
		status = col_check_coordinate(error, center.y, "cga: dilator: centre y");
	if (!status)
		status = col_check_coordinate(error, center.z, "cga: dilator: centre z");
	if (status)
		return status;
	/* D = cosh(a/2) + sinh(a/2) e45 maps x to e^-a x, so a = -ln factor. */
	double half = -0.5 * log(factor);
	col_multivector d = {0};
	d.c[0] = cosh(half);
	d.c[24] = sinh(half);
	cga_translate(&d, center, out);
	return COL_OK;
}

col_status col_cga_apply(const col_multivector *v, const col_multivector *a, col_multivector *out, col_error *error)
{
	int grades = col_cga_grades(v);
	bool even = (grades & 0x15) != 0, odd = (grades & 0x2a) != 0;
	if (grades == 0 || (even && odd))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: apply: the versor %s", grades == 0 ? "is zero" : "mixes even and odd grades");
	col_multivector reversed, norm;
	col_cga_reverse(v, &reversed);
	col_cga_geometric_product(v, &reversed, &norm);
	double s = norm.c[0], scale = col_cga_magnitude(v);
	norm.c[0] = 0.0;
	if (!(fabs(s) > CGA_ZERO * scale * scale) || col_cga_magnitude(&norm) > CGA_ZERO * fabs(s) * 100.0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: apply: not a versor (v ~v is not a non-zero scalar)");
	col_multivector moved = *a;
	if (odd)
		col_cga_involute(&moved, &moved);
	col_cga_geometric_product(v, &moved, &moved);
	col_cga_geometric_product(&moved, &reversed, &moved);
	col_cga_scale(&moved, 1.0 / s, &moved);
	/* A versor made from numbers near the range's ends (a motor about a point 1e30 away) has
	 * coefficients near 1e154, and the sandwich's products overflow: refuse, out untouched. */
	if (!cga_all_finite(&moved))
		return col_fail(error, COL_ERROR_NOT_FINITE,
		                "cga: apply: the result overflows (versor or object too large)");
	*out = moved;
	return COL_OK;
}

col_status col_cga_reflect(const col_multivector *plane, const col_multivector *a, col_multivector *out,
                           col_error *error)
{
	col_cga_kind kind = col_cga_kind_of(plane);
	col_multivector mirror = *plane;
	if (kind == COL_CGA_PLANE)
		col_cga_dual(plane, &mirror);
	else if (kind != COL_CGA_DUAL_ROUND || fabs(mirror.c[16] - mirror.c[8]) > CGA_ZERO * col_cga_magnitude(&mirror))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "cga: reflect: the mirror is a %s, not a plane",
		                col_cga_kind_name(kind));
	return col_cga_apply(&mirror, a, out, error);
}
