/* The convex polytope: its checks (every sign through col_orient3d and col_orient2d), the derived
 * data (planes, edges, adjacency, mass properties) and the two queries, the support mapping and
 * the point test. */
#include "convex_internal.h"

#include "collide/predicates.h"
#include "error.h"
#include "exact_plane.h"
#include "expansion.h"
#include "support_scan.h"

#include "indexed_point.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- exact helpers ---- */

/* An axis along which the triangle abc does not project to a segment (exact_plane.h: the rounded
 * normal's dominant axis first, the exact area decides); -1 when a, b, c are collinear. */
static int projection_axis(col_vec3 a, col_vec3 b, col_vec3 c)
{
	int orientation;
	return col_projection_axis(a, b, c, &orientation);
}

/* ---- reading the input ---- */

typedef struct build {
	const col_vec3 *v;
	int vertex_count, face_count, half_count;
	int *face_start; /* face_count + 1 (scratch copy until the result exists) */
	const int *fv;   /* face_vertices as given */
	int *half_face;  /* half-edge h (position in fv) -> its face */
	int *twin;       /* half-edge h -> the half-edge going the other way */
	struct half_key {
		uint64_t key; /* origin << 32 | destination */
		int half;
	} * sorted;     /* half-edges by (origin, destination) */
	int *out_start; /* vertex_count + 1: vertex v's outgoing half-edges in sorted[] */
} build;

static inline int half_next(const build *b, int h)
{
	int f = b->half_face[h];
	return h + 1 < b->face_start[f + 1] ? h + 1 : b->face_start[f];
}

static inline int half_prev(const build *b, int h)
{
	int f = b->half_face[h];
	return h > b->face_start[f] ? h - 1 : b->face_start[f + 1] - 1;
}

static inline int half_origin(const build *b, int h)
{
	return b->fv[h];
}

static inline int half_dest(const build *b, int h)
{
	return b->fv[half_next(b, h)];
}

static int compare_half_keys(const void *pa, const void *pb)
{
	const struct half_key *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->half > b->half) - (a->half < b->half);
}

static col_status check_arguments(const col_vec3 *vertices, int vertex_count, const int *face_vertices,
                                  const int *face_sizes, int face_count, col_convex **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "convex: out is NULL");
	if (vertices == NULL || face_vertices == NULL || face_sizes == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "convex: %s is NULL",
		                vertices == NULL        ? "vertices"
		                : face_vertices == NULL ? "face_vertices"
		                                        : "face_sizes");
	if (vertex_count < 3)
		return col_fail(error, COL_ERROR_DEGENERATE,
		                "convex: %d vertices: a polytope needs at least 4 (a flat one 3)",
		                vertex_count);
	if (face_count < 2)
		return col_fail(error, COL_ERROR_DEGENERATE,
		                "convex: %d faces: a polytope needs at least 4 (a flat one 2)", face_count);
	for (int i = 0; i < vertex_count; i++) {
		const double c[3] = {vertices[i].x, vertices[i].y, vertices[i].z};
		for (int k = 0; k < 3; k++) {
			if (!isfinite(c[k]))
				return col_fail(error, COL_ERROR_NOT_FINITE,
				                "convex: vertex %d has a%s coordinate", i,
				                isnan(c[k]) ? " NaN" : "n infinite");
			if (!col_coordinate_in_range(c[k]))
				return col_fail(
				    error, COL_ERROR_INVALID_ARGUMENT,
				    "convex: vertex %d coordinate %g is outside the supported range "
				    "[%g, %g] (or 0)",
				    i, c[k], COL_COORDINATE_MIN, COL_COORDINATE_MAX);
		}
	}
	long long total = 0;
	for (int f = 0; f < face_count; f++) {
		if (face_sizes[f] < 3)
			return col_fail(error, COL_ERROR_DEGENERATE,
			                "convex: face %d has %d vertices (at least 3)", f, face_sizes[f]);
		total += face_sizes[f];
		if (total > INT_MAX / 4)
			return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "convex: too many face vertices");
	}
	return COL_OK;
}

/* Indices in range, no vertex twice in a face, every vertex used. */
static col_status check_indices(build *b, int *stamp, col_error *error)
{
	for (int i = 0; i < b->vertex_count; i++)
		stamp[i] = -1;
	for (int f = 0; f < b->face_count; f++) {
		for (int h = b->face_start[f]; h < b->face_start[f + 1]; h++) {
			int x = b->fv[h];
			if (x < 0 || x >= b->vertex_count)
				return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
				                "convex: face %d refers to vertex %d (there are %d)", f, x,
				                b->vertex_count);
			if (stamp[x] == f)
				return col_fail(error, COL_ERROR_TOPOLOGY,
				                "convex: face %d visits vertex %d twice", f, x);
			stamp[x] = f;
			b->half_face[h] = f;
		}
	}
	for (int i = 0; i < b->vertex_count; i++)
		if (stamp[i] < 0)
			return col_fail(error, COL_ERROR_TOPOLOGY, "convex: vertex %d belongs to no face", i);
	return COL_OK;
}

static col_status check_coincident(const build *b, col_error *error)
{
	col_indexed_point *keys = malloc((size_t)b->vertex_count * sizeof *keys);
	if (keys == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "convex: out of memory for %d vertices",
		                b->vertex_count);
	for (int i = 0; i < b->vertex_count; i++)
		keys[i] = (col_indexed_point){b->v[i], i};
	qsort(keys, (size_t)b->vertex_count, sizeof *keys, col_indexed_point_compare);
	col_status status = COL_OK;
	for (int i = 1; i < b->vertex_count && status == COL_OK; i++)
		if (col_vec3_equal(keys[i - 1].p, keys[i].p))
			status = col_fail(error, COL_ERROR_DEGENERATE, "convex: vertices %d and %d coincide",
			                  keys[i - 1].index, keys[i].index);
	free(keys);
	return status;
}

/* One face: its first three vertices span a plane, the others lie in it, and seen along an axis
 * that keeps the plane one to one every turn has the same strict sign and the boundary goes round
 * once. */
static col_status check_face(const build *b, int f, col_error *error)
{
	const int *x = b->fv + b->face_start[f];
	int n = b->face_start[f + 1] - b->face_start[f];
	const col_vec3 *v = b->v;
	int axis = projection_axis(v[x[0]], v[x[1]], v[x[2]]);
	if (axis < 0)
		return col_fail(
		    error, COL_ERROR_DEGENERATE,
		    "convex: face %d is not strictly convex: vertices %d, %d and %d are collinear", f, x[0],
		    x[1], x[2]);
	for (int i = 3; i < n; i++)
		if (col_orient3d(v[x[0]], v[x[1]], v[x[2]], v[x[i]]) != 0)
			return col_fail(
			    error, COL_ERROR_DEGENERATE,
			    "convex: face %d is not planar: vertex %d is off the plane of vertices %d, "
			    "%d and %d",
			    f, x[i], x[0], x[1], x[2]);
	int turn = col_exact_sign(col_orient2d(col_project_dropping(v[x[0]], axis),
	                                       col_project_dropping(v[x[1]], axis),
	                                       col_project_dropping(v[x[2]], axis)));
	for (int i = 0; i < n; i++) {
		int a = x[(i + n - 1) % n], c = x[(i + 1) % n];
		double t = col_orient2d(col_project_dropping(v[a], axis), col_project_dropping(v[x[i]], axis),
		                        col_project_dropping(v[c], axis));
		if (t == 0)
			return col_fail(
			    error, COL_ERROR_DEGENERATE,
			    "convex: face %d is not strictly convex: vertices %d, %d and %d are collinear", f,
			    a, x[i], c);
		if (col_exact_sign(t) != turn)
			return col_fail(error, COL_ERROR_DEGENERATE,
			                "convex: face %d is not convex: it turns back at vertex %d", f, x[i]);
	}
	/* Turning one way throughout, the boundary still may go round twice (a pentagram): once round
	 * reverses its direction along the first projected coordinate exactly twice. */
	int first = 0, last = 0, reversals = 0;
	for (int i = 0; i < n; i++) {
		double u0 = col_project_dropping(v[x[i]], axis).x,
		       u1 = col_project_dropping(v[x[(i + 1) % n]], axis).x;
		int d = col_exact_sign(u1 - u0);
		if (d == 0)
			continue;
		if (last != 0 && d != last)
			reversals++;
		if (first == 0)
			first = d;
		last = d;
	}
	if (first != last)
		reversals++;
	if (reversals > 2)
		return col_fail(error, COL_ERROR_DEGENERATE, "convex: face %d winds around more than once",
		                f);
	return COL_OK;
}

/* Sorts a few half-edge keys in place (a vertex's outgoing ones: usually a handful). */
static void sort_half_keys(struct half_key *keys, int n)
{
	if (n > 16) {
		qsort(keys, (size_t)n, sizeof *keys, compare_half_keys);
		return;
	}
	for (int i = 1; i < n; i++) {
		struct half_key k = keys[i];
		int j = i;
		for (; j > 0 && compare_half_keys(&keys[j - 1], &k) > 0; j--)
			keys[j] = keys[j - 1];
		keys[j] = k;
	}
}

/* Every directed edge once, its reverse once: the half-edges grouped by origin (counting), each
 * group sorted by destination, and every half-edge's twin looked up in its destination's group.
 * cursor is scratch for vertex_count ints. */
static col_status check_closed(build *b, int *cursor, col_error *error)
{
	int nv = b->vertex_count;
	for (int v = 0; v <= nv; v++)
		b->out_start[v] = 0;
	for (int h = 0; h < b->half_count; h++)
		b->out_start[half_origin(b, h) + 1]++;
	for (int v = 0; v < nv; v++) {
		b->out_start[v + 1] += b->out_start[v];
		cursor[v] = b->out_start[v];
	}
	for (int h = 0; h < b->half_count; h++) {
		int from = half_origin(b, h);
		b->sorted[cursor[from]++] =
		    (struct half_key){(uint64_t)from << 32 | (uint64_t)half_dest(b, h), h};
	}
	for (int v = 0; v < nv; v++)
		sort_half_keys(b->sorted + b->out_start[v], b->out_start[v + 1] - b->out_start[v]);
	for (int i = 1; i < b->half_count; i++)
		if (b->sorted[i].key == b->sorted[i - 1].key) {
			int h = b->sorted[i - 1].half, g = b->sorted[i].half;
			return col_fail(
			    error, COL_ERROR_TOPOLOGY,
			    "convex: edge %d-%d is used twice in the same direction (faces %d and %d)",
			    half_origin(b, h), half_dest(b, h), b->half_face[h], b->half_face[g]);
		}
	for (int h = 0; h < b->half_count; h++) {
		int from = half_origin(b, h), to = half_dest(b, h);
		uint64_t want = (uint64_t)to << 32 | (uint64_t)from;
		int lo = b->out_start[to], hi = b->out_start[to + 1];
		while (lo < hi) {
			int mid = lo + (hi - lo) / 2;
			if (b->sorted[mid].key < want)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == b->out_start[to + 1] || b->sorted[lo].key != want)
			return col_fail(
			    error, COL_ERROR_TOPOLOGY,
			    "convex: edge %d-%d of face %d has no twin %d-%d: the faces are not closed", from,
			    to, b->half_face[h], to, from);
		b->twin[h] = b->sorted[lo].half;
	}
	return COL_OK;
}

static inline const int *face_of(const build *b, int f)
{
	return b->fv + b->face_start[f];
}

/* A linear-time proof of convexity (after Mehlhorn et al., "Checking geometric programs", 1999):
 * every edge is locally convex, a point o lies strictly behind every face, and the ray from o
 * through a point q of one face meets no other face. Then the faces, seen from o, cover the sphere
 * of directions exactly once, so they bound a solid star-shaped from o that is locally convex,
 * hence convex. o and q are rounded, so false means "not proved", not "not convex". */
static bool convexity_proved(const build *b)
{
	const col_vec3 *v = b->v;
	for (int f = 0; f < b->face_count; f++) {
		const int *x = face_of(b, f);
		for (int h = b->face_start[f]; h < b->face_start[f + 1]; h++) {
			/* The vertex after the twin in the neighbouring face is off this edge's line. */
			int w = half_dest(b, half_next(b, b->twin[h]));
			if (col_orient3d(v[x[0]], v[x[1]], v[x[2]], v[w]) < 0)
				return false;
		}
	}
	col_vec3 o = {0, 0, 0};
	for (int i = 0; i < b->vertex_count; i++)
		o = col_vec3_add(o, v[i]);
	o = col_vec3_scale(o, 1.0 / b->vertex_count);
	for (int f = 0; f < b->face_count; f++) {
		const int *x = face_of(b, f);
		if (!(col_orient3d(v[x[0]], v[x[1]], v[x[2]], o) > 0))
			return false;
	}
	/* q: the middle of the widest corner triangle of any face (a sliver's middle may round off
	 * it). Seen from o (behind every face), q is inside the cone over a face when it lies on the
	 * negative side of the plane through o and each of its edges. */
	int chosen = 0;
	double widest = -1;
	for (int f = 0; f < b->face_count; f++) {
		const int *x = face_of(b, f);
		double w = col_vec3_length_squared(
		    col_vec3_cross(col_vec3_sub(v[x[1]], v[x[0]]), col_vec3_sub(v[x[2]], v[x[0]])));
		if (w > widest) {
			widest = w;
			chosen = f;
		}
	}
	const int *xc = face_of(b, chosen);
	col_vec3 q = col_vec3_scale(col_vec3_add(col_vec3_add(v[xc[0]], v[xc[1]]), v[xc[2]]), 1.0 / 3.0);
	for (int f = 0; f < b->face_count; f++) {
		const int *x = face_of(b, f);
		int n = b->face_start[f + 1] - b->face_start[f];
		bool inside = true;
		for (int i = 0; i < n && inside; i++) {
			double s = col_orient3d(o, v[x[i]], v[x[(i + 1) % n]], q);
			inside = f == chosen ? s < 0 : s <= 0;
		}
		if (inside != (f == chosen))
			return false;
	}
	return true;
}

static col_status check_convex(const build *b, col_error *error)
{
	if (convexity_proved(b))
		return COL_OK;
	const col_vec3 *v = b->v;
	for (int f = 0; f < b->face_count; f++) {
		const int *x = face_of(b, f);
		for (int i = 0; i < b->vertex_count; i++)
			if (col_orient3d(v[x[0]], v[x[1]], v[x[2]], v[i]) < 0)
				return col_fail(
				    error, COL_ERROR_TOPOLOGY,
				    "convex: vertex %d lies in front of face %d (the polytope is not "
				    "convex, or its faces are listed clockwise)",
				    i, f);
	}
	return COL_OK; /* the proof's rounded points were unlucky; every pair checked instead */
}

/* ---- the record ---- */

static size_t align_up(size_t n)
{
	return (n + sizeof(double) - 1) / sizeof(double) * sizeof(double);
}

/* Newell's normal: the sum of the cross products of the face's consecutive vertices, taken about
 * their mean c (a common shift cancels from the sum, so c's rounding does not matter). When the
 * rounding error bound is not far below the result (a sliver, whose rounded cross products can
 * point anywhere) the sum is redone exactly, x_i x x_i+1 in expansions, and rounded once. Made
 * unit; the offset goes through c. */
enum { NEWELL_CAPACITY = 96 };

static col_vec3 exact_newell(const col_vec3 *v, const int *x, int n, col_vec3 rounded)
{
	double sum[3][NEWELL_CAPACITY], next[NEWELL_CAPACITY + 4];
	int length[3] = {0, 0, 0};
	for (int i = 0; i < n; i++) {
		col_vec3 a = v[x[i]], b = v[x[(i + 1) % n]];
		const double pairs[3][4] = {{a.y, b.z, a.z, b.y}, {a.z, b.x, a.x, b.z}, {a.x, b.y, a.y, b.x}};
		for (int k = 0; k < 3; k++) {
			double p[2], q[2], term[4];
			int np = col_expansion_product(pairs[k][0], pairs[k][1], p);
			int nq = col_expansion_product(pairs[k][2], pairs[k][3], q);
			int nt = col_expansion_diff(np, p, nq, q, term);
			int m = col_expansion_compress(col_expansion_sum(length[k], sum[k], nt, term, next),
			                               next);
			if (m > NEWELL_CAPACITY) /* never for coordinates in range */
				return rounded;
			memcpy(sum[k], next, (size_t)m * sizeof *next);
			length[k] = m;
		}
	}
	return (col_vec3){col_expansion_estimate(length[0], sum[0]),
	                  col_expansion_estimate(length[1], sum[1]),
	                  col_expansion_estimate(length[2], sum[2])};
}

static col_plane face_plane(const col_vec3 *v, const int *x, int n)
{
	col_vec3 c = {0, 0, 0};
	for (int i = 0; i < n; i++)
		c = col_vec3_add(c, v[x[i]]);
	c = col_vec3_scale(c, 1.0 / n);
	col_vec3 normal = {0, 0, 0};
	double size[3] = {0, 0, 0}; /* sums of the magnitudes of the products, per component */
	for (int i = 0; i < n; i++) {
		col_vec3 a = col_vec3_sub(v[x[i]], c), d = col_vec3_sub(v[x[(i + 1) % n]], c);
		normal = col_vec3_add(normal, col_vec3_cross(a, d));
		size[0] += fabs(a.y * d.z) + fabs(a.z * d.y);
		size[1] += fabs(a.z * d.x) + fabs(a.x * d.z);
		size[2] += fabs(a.x * d.y) + fabs(a.y * d.x);
	}
	double bound = (4.0 * n + 8) * DBL_EPSILON * fmax(size[0], fmax(size[1], size[2]));
	double largest = fmax(fabs(normal.x), fmax(fabs(normal.y), fabs(normal.z)));
	if (!(bound <= 0x1p-44 * largest))
		normal = exact_newell(v, x, n, normal);
	normal = col_vec3_scale(normal, 1.0 / col_vec3_length(normal));
	return (col_plane){normal, col_vec3_dot(normal, c)};
}

/* The neighbours of every vertex, counter-clockwise seen from outside: from the outgoing half-edge
 * h (v -> w in face f) the next one round v is the twin of the half-edge that enters v in f. */
static col_status fill_neighbors(const build *b, col_convex *c, col_error *error)
{
	int k = 0;
	for (int v = 0; v < b->vertex_count; v++) {
		c->neighbor_start[v] = k;
		int degree = b->out_start[v + 1] - b->out_start[v];
		int h0 = b->sorted[b->out_start[v]].half, h = h0, count = 0;
		do {
			c->neighbors[k + count++] = half_dest(b, h);
			h = b->twin[half_prev(b, h)];
		} while (h != h0 && count < degree);
		if (h != h0 || count != degree)
			return col_fail(error, COL_ERROR_TOPOLOGY,
			                "convex: the faces around vertex %d do not close up into one fan", v);
		k += degree;
	}
	c->neighbor_start[b->vertex_count] = k;
	return COL_OK;
}

/* Six times the volume, exactly: the determinants det(x0, xi, xi+1) of every face's fan in
 * expansions, rounded once, so that even a sliver of a solid gets its tiny positive volume.
 * rounded is the answer when the sum outgrows its room, which coordinates in range never make it
 * do. */
enum { VOLUME_CAPACITY = 96 };

static double exact_six_volume(const build *b, const col_vec3 *v, double rounded)
{
	double sum[VOLUME_CAPACITY], next[VOLUME_CAPACITY + 24];
	int length = 0;
	for (int f = 0; f < b->face_count; f++) {
		const int *x = face_of(b, f);
		int n = b->face_start[f + 1] - b->face_start[f];
		col_vec3 a = v[x[0]];
		for (int i = 1; i + 1 < n; i++) {
			col_vec3 p = v[x[i]], q = v[x[i + 1]];
			const double minors[3][5] = {
			    {a.x, p.y, q.z, p.z, q.y}, {a.y, p.z, q.x, p.x, q.z}, {a.z, p.x, q.y, p.y, q.x}};
			double term[24];
			int nt = 0;
			for (int k = 0; k < 3; k++) {
				double s1[2], s2[2], minor[4], scaled[8], merged[24];
				int n1 = col_expansion_product(minors[k][1], minors[k][2], s1);
				int n2 = col_expansion_product(minors[k][3], minors[k][4], s2);
				int nm = col_expansion_diff(n1, s1, n2, s2, minor);
				int ns = col_expansion_scale(nm, minor, minors[k][0], scaled);
				nt = col_expansion_sum(nt, term, ns, scaled, merged);
				memcpy(term, merged, (size_t)nt * sizeof *term);
			}
			int m = col_expansion_compress(col_expansion_sum(length, sum, nt, term, next), next);
			if (m > VOLUME_CAPACITY)
				return rounded;
			memcpy(sum, next, (size_t)m * sizeof *next);
			length = m;
		}
	}
	return col_expansion_estimate(length, sum);
}

static void fill_mass(const build *b, col_convex *c)
{
	const col_vec3 *v = c->vertices;
	col_vec3 r = {0, 0, 0};
	for (int i = 0; i < c->vertex_count; i++)
		r = col_vec3_add(r, v[i]);
	r = col_vec3_scale(r, 1.0 / c->vertex_count);
	double six_volume = 0, twice_area = 0, size = 0, magnitude = 0; /* for the error bound */
	int terms = 0;
	col_vec3 moment = {0, 0, 0}; /* sum of 6 V_t (a + b + c) over the tetrahedra (r, x0, xi, xi+1) */
	for (int f = 0; f < c->face_count; f++) {
		const int *x = face_of(b, f);
		int n = b->face_start[f + 1] - b->face_start[f];
		col_vec3 a = col_vec3_sub(v[x[0]], r);
		for (int i = 1; i + 1 < n; i++) {
			col_vec3 p = col_vec3_sub(v[x[i]], r), q = col_vec3_sub(v[x[i + 1]], r);
			double t = col_vec3_dot(a, col_vec3_cross(p, q));
			six_volume += t;
			size += fabs(a.x) * (fabs(p.y * q.z) + fabs(p.z * q.y)) +
			        fabs(a.y) * (fabs(p.z * q.x) + fabs(p.x * q.z)) +
			        fabs(a.z) * (fabs(p.x * q.y) + fabs(p.y * q.x));
			magnitude += fabs(t);
			terms++;
			moment = col_vec3_add(moment, col_vec3_scale(col_vec3_add(col_vec3_add(a, p), q), t));
			twice_area += col_vec3_length(col_vec3_cross(col_vec3_sub(p, a), col_vec3_sub(q, a)));
		}
	}
	c->area = twice_area / 2;
	if (c->flat) {
		/* The polygon's centroid: face 0's fan triangles weighted by their areas. */
		const int *x = face_of(b, 0);
		int n = b->face_start[1];
		double weight = 0;
		col_vec3 sum = {0, 0, 0};
		for (int i = 1; i + 1 < n; i++) {
			col_vec3 e1 = col_vec3_sub(v[x[i]], v[x[0]]), e2 = col_vec3_sub(v[x[i + 1]], v[x[0]]);
			double w = col_vec3_length(col_vec3_cross(e1, e2));
			col_vec3 g =
			    col_vec3_add(col_vec3_add(col_vec3_sub(v[x[0]], r), col_vec3_sub(v[x[i]], r)),
			                 col_vec3_sub(v[x[i + 1]], r));
			sum = col_vec3_add(sum, col_vec3_scale(g, w / 3));
			weight += w;
		}
		c->volume = 0;
		c->centroid = weight > 0 ? col_vec3_add(r, col_vec3_scale(sum, 1.0 / weight)) : r;
		return;
	}
	/* The rounded sum unless its error bound (each term's, then the summation's) comes near it; a
	 * common shift of r cancels from the sum again. */
	bool sure = (16 * size + (terms + 2.0) * magnitude) * DBL_EPSILON <= 0x1p-30 * six_volume;
	c->volume = (sure ? six_volume : exact_six_volume(b, v, six_volume)) / 6;
	/* The rounded centroid, unless rounding puts it outside (a solid thinner than rounding): then
	 * the vertex mean, or failing that vertex 0. */
	c->centroid = v[0];
	if (six_volume > 0) {
		col_vec3 g = col_vec3_add(r, col_vec3_scale(moment, 1.0 / (4 * six_volume)));
		if (col_convex_contains_point(c, g)) {
			c->centroid = g;
			return;
		}
	}
	if (col_convex_contains_point(c, r))
		c->centroid = r;
}

/* The balls about the centroid. The distances are rounded to a few ulps of the coordinates (the
 * planes' unit normals to a few ulps too), so a relative 1e-12 of the outer radius keeps both
 * on the safe side with a wide margin. */
static void fill_spheres(col_convex *c)
{
	double outer = 0.0, inner = INFINITY;
	for (int i = 0; i < c->vertex_count; i++)
		outer = fmax(outer, col_vec3_length(col_vec3_sub(c->vertices[i], c->centroid)));
	for (int f = 0; f < c->face_count; f++)
		inner = fmin(inner, c->planes[f].offset - col_vec3_dot(c->planes[f].normal, c->centroid));
	double slack = 1e-12 * (outer + col_vec3_length(c->centroid));
	c->outer_radius = outer + slack;
	c->inner_radius = c->flat || !(inner - slack > 0.0) ? 0.0 : inner - slack;
}

static col_status fill_record(const build *b, col_convex **out, col_error *error)
{
	int nv = b->vertex_count, nf = b->face_count, nh = b->half_count, ne = nh / 2;
	size_t size = align_up(sizeof(col_convex));
	size_t at_vertices = size;
	size += align_up((size_t)nv * sizeof(col_vec3));
	size_t at_rows = size;
	size += 3 * (size_t)support_scan_padded(nv) * sizeof(double);
	size_t at_planes = size;
	size += align_up((size_t)nf * sizeof(col_plane));
	size_t at_ints = size;
	size_t ints = (size_t)(nf + 1) + (size_t)nh + 4 * (size_t)ne + (size_t)(nv + 1) + 2 * (size_t)ne;
	size += ints * sizeof(int);
	char *block = malloc(size);
	if (block == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "convex: out of memory for %d vertices and %d faces", nv, nf);
	col_convex *c = (col_convex *)block;
	memset(c, 0, sizeof *c);
	c->vertex_count = nv;
	c->face_count = nf;
	c->edge_count = ne;
	c->vertices = (col_vec3 *)(block + at_vertices);
	c->scan_rows = (double *)(block + at_rows);
	c->planes = (col_plane *)(block + at_planes);
	int *ip = (int *)(block + at_ints);
	c->face_start = ip;
	ip += nf + 1;
	c->face_vertices = ip;
	ip += nh;
	c->edge_vertices = (int(*)[2])ip;
	ip += 2 * ne;
	c->edge_faces = (int(*)[2])ip;
	ip += 2 * ne;
	c->neighbor_start = ip;
	ip += nv + 1;
	c->neighbors = ip;

	memcpy(c->vertices, b->v, (size_t)nv * sizeof *c->vertices);
	support_scan_fill(c->scan_rows, c->vertices, nv);
	memcpy(c->face_start, b->face_start, (size_t)(nf + 1) * sizeof *c->face_start);
	memcpy(c->face_vertices, b->fv, (size_t)nh * sizeof *c->face_vertices);
	c->bounds = col_aabb3_from_points(c->vertices, nv);

	/* Undirected edges in the order of the sorted half-edges that run upward in index. */
	int e = 0;
	for (int i = 0; i < nh; i++) {
		int h = b->sorted[i].half, from = half_origin(b, h), to = half_dest(b, h);
		if (from < to) {
			c->edge_vertices[e][0] = from;
			c->edge_vertices[e][1] = to;
			c->edge_faces[e][0] = b->half_face[h];
			c->edge_faces[e][1] = b->half_face[b->twin[h]];
			e++;
		}
	}
	col_status status = fill_neighbors(b, c, error);
	if (status != COL_OK) {
		free(block);
		return status;
	}

	c->flat = nf == 2;
	c->flat_axis = -1;
	if (c->flat) {
		const int *x = face_of(b, 0);
		c->flat_axis = projection_axis(c->vertices[x[0]], c->vertices[x[1]], c->vertices[x[2]]);
		c->flat_turn =
		    col_exact_sign(col_orient2d(col_project_dropping(c->vertices[x[0]], c->flat_axis),
		                                col_project_dropping(c->vertices[x[1]], c->flat_axis),
		                                col_project_dropping(c->vertices[x[2]], c->flat_axis)));
		c->planes[0] = face_plane(c->vertices, x, b->face_start[1]);
		/* The back face's plane is the front's turned round, exactly. */
		c->planes[1] = (col_plane){col_vec3_scale(c->planes[0].normal, -1), -c->planes[0].offset};
	} else {
		for (int f = 0; f < nf; f++)
			c->planes[f] =
			    face_plane(c->vertices, face_of(b, f), b->face_start[f + 1] - b->face_start[f]);
	}
	fill_mass(b, c);
	fill_spheres(c);
	*out = c;
	return COL_OK;
}

/* All vertices in face 0's plane: a flat polytope given with more than two faces. */
static bool all_coplanar(const build *b)
{
	const int *x = face_of(b, 0);
	for (int i = 0; i < b->vertex_count; i++)
		if (col_orient3d(b->v[x[0]], b->v[x[1]], b->v[x[2]], b->v[i]) != 0)
			return false;
	return true;
}

col_status col_convex_create(const col_vec3 *vertices, int vertex_count, const int *face_vertices,
                             const int *face_sizes, int face_count, col_convex **out, col_error *error)
{
	if (out != NULL)
		*out = NULL;
	col_status status =
	    check_arguments(vertices, vertex_count, face_vertices, face_sizes, face_count, out, error);
	if (status != COL_OK)
		return status;

	int total = 0;
	for (int f = 0; f < face_count; f++)
		total += face_sizes[f];
	build b = {.v = vertices,
	           .vertex_count = vertex_count,
	           .face_count = face_count,
	           .half_count = total,
	           .fv = face_vertices};
	size_t ints =
	    (size_t)(face_count + 1) + 2 * (size_t)total + (size_t)(vertex_count + 1) + (size_t)vertex_count;
	char *scratch = malloc((size_t)total * sizeof *b.sorted + ints * sizeof(int));
	if (scratch == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "convex: out of memory for %d vertices and %d faces", vertex_count,
		                face_count);
	b.sorted = (struct half_key *)scratch;
	int *ip = (int *)(scratch + (size_t)total * sizeof *b.sorted);
	b.face_start = ip;
	ip += face_count + 1;
	b.half_face = ip;
	ip += total;
	b.twin = ip;
	ip += total;
	b.out_start = ip;
	ip += vertex_count + 1;
	int *stamp = ip;

	b.face_start[0] = 0;
	for (int f = 0; f < face_count; f++)
		b.face_start[f + 1] = b.face_start[f] + face_sizes[f];

	status = check_indices(&b, stamp, error);
	if (status == COL_OK)
		status = check_coincident(&b, error);
	for (int f = 0; f < face_count && status == COL_OK; f++)
		status = check_face(&b, f, error);
	if (status == COL_OK)
		status = check_closed(&b, stamp, error);
	/* Two closed faces are one polygon in both orders (each lists the other's edges reversed), so
	 * they are flat; more faces must enclose a solid. */
	if (status == COL_OK && face_count > 2) {
		if (all_coplanar(&b))
			status = col_fail(
			    error, COL_ERROR_DEGENERATE,
			    "convex: all vertices lie in one plane: give a flat polytope as its polygon "
			    "twice (2 faces), not %d faces",
			    face_count);
		else
			status = check_convex(&b, error);
	}
	if (status == COL_OK)
		status = fill_record(&b, out, error);
	free(scratch);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}

void col_convex_destroy(col_convex *convex)
{
	free(convex); /* one block: the arrays follow the record */
}

/* ---- accessors ---- */

int col_convex_vertex_count(const col_convex *convex)
{
	return convex != NULL ? convex->vertex_count : 0;
}

const col_vec3 *col_convex_vertices(const col_convex *convex)
{
	return convex != NULL ? convex->vertices : NULL;
}

int col_convex_face_count(const col_convex *convex)
{
	return convex != NULL ? convex->face_count : 0;
}

int col_convex_face(const col_convex *convex, int face, const int **vertices)
{
	if (convex == NULL || face < 0 || face >= convex->face_count) {
		if (vertices != NULL)
			*vertices = NULL;
		return 0;
	}
	if (vertices != NULL)
		*vertices = convex->face_vertices + convex->face_start[face];
	return convex->face_start[face + 1] - convex->face_start[face];
}

col_plane col_convex_face_plane(const col_convex *convex, int face)
{
	if (convex == NULL || face < 0 || face >= convex->face_count)
		return (col_plane){{0, 0, 0}, 0};
	return convex->planes[face];
}

int col_convex_edge_count(const col_convex *convex)
{
	return convex != NULL ? convex->edge_count : 0;
}

void col_convex_edge(const col_convex *convex, int edge, int vertices[2], int faces[2])
{
	bool valid = convex != NULL && edge >= 0 && edge < convex->edge_count;
	for (int k = 0; k < 2; k++) {
		if (vertices != NULL)
			vertices[k] = valid ? convex->edge_vertices[edge][k] : -1;
		if (faces != NULL)
			faces[k] = valid ? convex->edge_faces[edge][k] : -1;
	}
}

int col_convex_neighbors(const col_convex *convex, int vertex, const int **neighbors)
{
	if (convex == NULL || vertex < 0 || vertex >= convex->vertex_count) {
		if (neighbors != NULL)
			*neighbors = NULL;
		return 0;
	}
	if (neighbors != NULL)
		*neighbors = convex->neighbors + convex->neighbor_start[vertex];
	return convex->neighbor_start[vertex + 1] - convex->neighbor_start[vertex];
}

bool col_convex_is_flat(const col_convex *convex)
{
	return convex != NULL && convex->flat;
}

double col_convex_volume(const col_convex *convex)
{
	return convex != NULL ? convex->volume : 0.0;
}

double col_convex_area(const col_convex *convex)
{
	return convex != NULL ? convex->area : 0.0;
}

col_vec3 col_convex_centroid(const col_convex *convex)
{
	return convex != NULL ? convex->centroid : (col_vec3){0, 0, 0};
}

col_aabb3 col_convex_bounds(const col_convex *convex)
{
	return convex != NULL ? convex->bounds : col_aabb3_empty();
}

/* ---- queries ---- */

int col_convex_support(const col_convex *convex, col_vec3 direction, int start)
{
	if (convex == NULL)
		return -1;
	const col_vec3 *v = convex->vertices;
	const double dx = direction.x, dy = direction.y, dz = direction.z;
	int n = convex->vertex_count;
	if (start < 0 || start >= n) {
		/* Every vertex; strict > keeps the lowest index on a tie (and 0 for a zero or NaN direction).
		 */
		int best = 0;
		double best_dot = v[0].x * dx + v[0].y * dy + v[0].z * dz;
		for (int i = 1; i < n; i++) {
			double t = v[i].x * dx + v[i].y * dy + v[i].z * dz;
			if (t > best_dot) {
				best_dot = t;
				best = i;
			}
		}
		return best;
	}
	/* Steepest ascent over the edges: each step strictly raises the value, so it ends. */
	const int *first = convex->neighbor_start, *adjacent = convex->neighbors;
	int current = start;
	double current_dot = v[current].x * dx + v[current].y * dy + v[current].z * dz;
	for (;;) {
		int best = current;
		double best_dot = current_dot;
		for (int k = first[current], end = first[current + 1]; k < end; k++) {
			int w = adjacent[k];
			double t = v[w].x * dx + v[w].y * dy + v[w].z * dz;
			if (t > best_dot) {
				best_dot = t;
				best = w;
			}
		}
		if (best == current)
			return current;
		current = best;
		current_dot = best_dot;
	}
}

bool col_convex_contains_point(const col_convex *convex, col_vec3 p)
{
	if (convex == NULL || !col_vec3_is_finite(p) || !col_aabb3_contains(convex->bounds, p))
		return false;
	const col_vec3 *v = convex->vertices;
	const int *start = convex->face_start, *fv = convex->face_vertices;
	if (convex->flat) {
		/* In the polygon's plane, then inside every edge seen along the axis that keeps the plane
		 * one to one (dropping a coordinate is exact). */
		int n = start[1], axis = convex->flat_axis;
		if (col_orient3d(v[fv[0]], v[fv[1]], v[fv[2]], p) != 0)
			return false;
		col_vec2 q = col_project_dropping(p, axis);
		for (int i = 0; i < n; i++) {
			double t = col_orient2d(col_project_dropping(v[fv[i]], axis),
			                        col_project_dropping(v[fv[(i + 1) % n]], axis), q);
			if (col_exact_sign(t) == -convex->flat_turn)
				return false;
		}
		return true;
	}
	for (int f = 0; f < convex->face_count; f++) {
		const int *x = fv + start[f];
		if (col_orient3d(v[x[0]], v[x[1]], v[x[2]], p) < 0)
			return false;
	}
	return true;
}
