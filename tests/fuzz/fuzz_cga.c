/* fuzz-links: collide */
/* The CGA constructors, meets and versors on arbitrary doubles (NaN, infinities, huge, tiny,
 * coincident and collinear points). Each input is a little program: an opcode byte, then the
 * numbers it needs, each one a selector byte (special values, small integers, a coordinate of an
 * earlier point, or eight raw bytes). It checks:
 *   - a constructor either succeeds with every coefficient finite and every input in the engine's
 *     range (common.h), or fails with its error code and a message, writing nothing;
 *   - an input out of range or not finite is always refused;
 *   - col_cga_intersect of two objects succeeds with a finite square, and for sphere and plane
 *     pairs clearly apart, clearly crossing or clearly nested agrees with Euclidean geometry:
 *     clearly meaning by more than 1e-4 of the pair's size (the meet counts squares within 1e-10
 *     of the unit frame as 0, about 1e-5 of the size in distance) and not far from the origin
 *     beside that size (there the meet widens its zero by the rounding of the squared distance);
 *   - versors applied to objects give finite results when they claim success.
 * A disagreement calls __builtin_trap() so that libFuzzer reports it. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "collide/cga.h"
#include "collide/common.h"

enum { SLOTS = 8 };

typedef struct reader {
	const uint8_t *data;
	size_t size, at;
	double recent[16]; /* the last coordinates read, for coincident and collinear points */
	int recent_count;
} reader;

static uint8_t next_byte(reader *r)
{
	return r->at < r->size ? r->data[r->at++] : 0;
}

static double next_number(reader *r)
{
	static const double specials[16] = {0.0,  -0.0, 1.0,   -1.0,   0.5,   2.0,      3.0,       1e-30,
	                                    -1e-30, 1e30, -1e30, 1e-31, 1e31, NAN, INFINITY, -INFINITY};
	uint8_t s = next_byte(r);
	double x;
	if (s < 16) {
		x = specials[s];
	} else if (s < 48) {
		x = (double)((int)s - 32);
	} else if (s < 64) {
		x = r->recent_count > 0 ? r->recent[(s - 48) % r->recent_count] : 0.0;
	} else if (s < 80) {
		x = ldexp(1.0, (int)s - 72) * (s & 1 ? -1.0 : 1.0);
	} else {
		uint64_t bits = 0;
		for (int i = 0; i < 8; i++)
			bits = bits << 8 | next_byte(r);
		memcpy(&x, &bits, sizeof x);
	}
	r->recent[r->recent_count % 16] = x;
	if (r->recent_count < 16)
		r->recent_count++;
	return x;
}

static col_vec3 next_vec3(reader *r)
{
	col_vec3 v;
	v.x = next_number(r);
	v.y = next_number(r);
	v.z = next_number(r);
	return v;
}

static void check(bool ok)
{
	if (!ok)
		__builtin_trap();
}

static bool vec3_in_range(col_vec3 v)
{
	return col_coordinate_in_range(v.x) && col_coordinate_in_range(v.y) && col_coordinate_in_range(v.z);
}

/* n points from the input; whether all are in the engine's range. */
static bool next_points(reader *r, col_vec3 *p, int n)
{
	bool in_range = true;
	for (int i = 0; i < n; i++) {
		p[i] = next_vec3(r);
		in_range = in_range && vec3_in_range(p[i]);
	}
	return in_range;
}

static bool multivector_finite(const col_multivector *m)
{
	for (int i = 0; i < COL_CGA_BLADES; i++)
		if (!isfinite(m->c[i]))
			return false;
	return true;
}

/* What an object is in Euclidean terms, where the fuzzer can check its meets. */
typedef enum euclid_kind { EUCLID_NONE, EUCLID_SPHERE, EUCLID_PLANE } euclid_kind;

typedef struct slot {
	bool used;
	col_multivector m;
	euclid_kind kind;
	col_vec3 centre, normal; /* sphere: centre, radius; plane: normal . x = offset */
	double radius, offset;
} slot;

/* Runs a constructor's outcome through the contract: success means finite coefficients and
 * in-range inputs; failure means an error code and message, and the output left as it was. */
static bool constructed(col_status status, const col_error *error, const col_multivector *out,
                        const col_multivector *before, bool inputs_ok)
{
	if (status == COL_OK) {
		check(inputs_ok);
		check(multivector_finite(out));
		return true;
	}
	check(error->code == status && error->message[0] != '\0');
	check(memcmp(out, before, sizeof *out) == 0);
	return false;
}

static double norm3(col_vec3 v)
{
	return sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

/* Sphere and plane pairs against Euclidean geometry, where the case is clear by more than 1e-4 of
 * the pair's size and the pair lies within 100 sizes of the origin (the meet decides near cases
 * with its own tolerance, cga.h). */
static void check_euclid(const slot *a, const slot *b, const col_cga_intersection *x)
{
	if (a->kind == EUCLID_SPHERE && b->kind == EUCLID_SPHERE) {
		col_vec3 d = {a->centre.x - b->centre.x, a->centre.y - b->centre.y, a->centre.z - b->centre.z};
		double distance = norm3(d);
		double size = fmax(distance + b->radius, a->radius);
		double margin = 1e-4 * size;
		double far = fmax(norm3(a->centre), norm3(b->centre));
		if (!(margin > 0.0) || !isfinite(distance) || !isfinite(far * far) || far > 100.0 * size)
			return;
		if (distance > a->radius + b->radius + margin)
			check(!x->surfaces_meet && !x->solids_meet);
		else if (distance + fmin(a->radius, b->radius) < fmax(a->radius, b->radius) - margin)
			check(!x->surfaces_meet && x->solids_meet);
		else if (distance < a->radius + b->radius - margin &&
		         distance > fabs(a->radius - b->radius) + margin)
			check(x->surfaces_meet && x->solids_meet);
		return;
	}
	const slot *s = a->kind == EUCLID_SPHERE ? a : b, *p = a->kind == EUCLID_PLANE ? a : b;
	if (s->kind != EUCLID_SPHERE || p->kind != EUCLID_PLANE)
		return;
	double n = norm3(p->normal);
	double height = fabs((p->normal.x * s->centre.x + p->normal.y * s->centre.y + p->normal.z * s->centre.z) -
	                     p->offset) / n;
	double size = fmax(height, s->radius);
	double margin = 1e-4 * size;
	double far = fmax(norm3(s->centre), fabs(p->offset) / n);
	if (!(margin > 0.0) || !isfinite(height) || !isfinite(far * far) || far > 100.0 * size)
		return;
	if (height > s->radius + margin)
		check(!x->surfaces_meet);
	else if (height < s->radius - margin)
		check(x->surfaces_meet);
}

static void construct(reader *r, uint8_t op, slot *out)
{
	col_multivector m, before;
	memset(&m, 0x5a, sizeof m); /* a pattern a failing constructor must leave alone */
	before = m;
	col_error error;
	memset(&error, 0, sizeof error);
	col_status status;
	bool inputs_ok;
	slot s = {0};
	switch (op % 10) {
	case 0: {
		col_vec3 p = next_vec3(r);
		inputs_ok = vec3_in_range(p);
		status = col_cga_point(p, &m, &error);
		break;
	}
	case 1: {
		col_vec3 c = next_vec3(r);
		double radius = next_number(r);
		inputs_ok = vec3_in_range(c) && col_coordinate_in_range(radius) && radius >= 0.0;
		status = op & 16 ? col_cga_dual_sphere(c, radius, &m, &error) : col_cga_sphere(c, radius, &m, &error);
		if (status == COL_OK && !(op & 16)) {
			s.kind = EUCLID_SPHERE;
			s.centre = c;
			s.radius = radius;
		}
		break;
	}
	case 2: {
		col_vec3 p[4];
		inputs_ok = next_points(r, p, 4);
		status = col_cga_sphere_through(p, &m, &error);
		break;
	}
	case 3: {
		col_vec3 n = next_vec3(r);
		double d = next_number(r);
		inputs_ok = vec3_in_range(n) && col_coordinate_in_range(d);
		status = op & 16 ? col_cga_dual_plane(n, d, &m, &error) : col_cga_plane(n, d, &m, &error);
		if (status == COL_OK && !(op & 16)) {
			s.kind = EUCLID_PLANE;
			s.normal = n;
			s.offset = d;
		}
		break;
	}
	case 4: {
		col_vec3 p[3];
		inputs_ok = next_points(r, p, 3);
		status = col_cga_plane_through(p, &m, &error);
		break;
	}
	case 5:
	case 8: {
		col_vec3 p = next_vec3(r), q = next_vec3(r);
		inputs_ok = vec3_in_range(p) && vec3_in_range(q);
		status = op % 10 == 5 ? col_cga_line(p, q, &m, &error) : col_cga_point_pair(p, q, &m, &error);
		break;
	}
	case 6: {
		col_vec3 p[3];
		p[0] = next_vec3(r);
		p[1] = next_vec3(r);
		if (op & 16) {
			/* On the line through the first two: collinear by construction (up to rounding). */
			double t = next_number(r);
			p[2] = (col_vec3){p[0].x + t * (p[1].x - p[0].x), p[0].y + t * (p[1].y - p[0].y),
			                  p[0].z + t * (p[1].z - p[0].z)};
		} else {
			p[2] = next_vec3(r);
		}
		inputs_ok = vec3_in_range(p[0]) && vec3_in_range(p[1]) && vec3_in_range(p[2]);
		status = col_cga_circle(p, &m, &error);
		break;
	}
	case 7: {
		col_vec3 c = next_vec3(r), n = next_vec3(r);
		double radius = next_number(r);
		inputs_ok = vec3_in_range(c) && vec3_in_range(n) && col_coordinate_in_range(radius) && radius >= 0.0;
		status = col_cga_circle_around(c, n, radius, &m, &error);
		break;
	}
	default: {
		double factor = next_number(r);
		col_vec3 c = next_vec3(r);
		inputs_ok = vec3_in_range(c) && col_coordinate_in_range(factor) && factor > 0.0;
		status = col_cga_dilator(factor, c, &m, &error);
		break;
	}
	}
	if (constructed(status, &error, &m, &before, inputs_ok)) {
		s.used = true;
		s.m = m;
		*out = s;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	reader r = {data, size, 0, {0}, 0};
	slot slots[SLOTS];
	memset(slots, 0, sizeof slots);
	int steps = 0;
	while (r.at < r.size && steps++ < 64) {
		uint8_t op = next_byte(&r);
		uint8_t target = next_byte(&r) % SLOTS;
		if ((op & 0xC0) == 0) {
			construct(&r, op, &slots[target]);
			continue;
		}
		slot *a = &slots[target], *b = &slots[next_byte(&r) % SLOTS];
		if (!a->used || !b->used)
			continue;
		col_error error;
		if ((op & 0xC0) == 0x40) {
			col_cga_intersection x;
			col_status status = col_cga_intersect(&a->m, &b->m, &x, &error);
			if (status != COL_OK) {
				check(error.code == status && error.message[0] != '\0');
				continue;
			}
			check(isfinite(x.square) && multivector_finite(&x.meet));
			check((unsigned)x.relation < COL_CGA_RELATION_COUNT);
			check(!x.surfaces_meet || x.solids_meet);
			check_euclid(a, b, &x);
		} else {
			/* A versor made from raw numbers, applied to an object. */
			col_multivector v, moved;
			col_vec3 u = next_vec3(&r);
			double angle = next_number(&r);
			switch (op & 3) {
			case 0: col_cga_translator(u, &v); break;
			case 1: col_cga_rotor(u, angle, &v); break;
			case 2: {
				/* read one after the other: the order of a call's arguments is unspecified (gcc
				 * and clang differ), and a kept input must mean the same in every build */
				col_vec3 through = next_vec3(&r);
				col_vec3 translation = next_vec3(&r);
				col_cga_motor(u, angle, through, translation, &v);
				break;
			}
			default: v = b->m; break; /* an object as a versor: a reflection, or refused */
			}
			col_status status = col_cga_apply(&v, &a->m, &moved, &error);
			if (status == COL_OK)
				check(!multivector_finite(&v) || !multivector_finite(&a->m) || multivector_finite(&moved) ||
				      !vec3_in_range(u));
			else
				check(error.code == status && error.message[0] != '\0');
		}
	}
	return 0;
}
