/* The deterministic benchmark cases, as docs/benchmarks.md (The cases) specifies them:
 * one splitmix64 stream per family, star and regular polygons, 2D and 3D query sets, bumpy
 * icospheres, mesh-vs-mesh poses, convex point clouds and convex pose pairs, and the FNV-1a-64 hash
 * that proves a re-implementation bit-exact.
 *
 * Header-only (every function is static inline) so that the C benchmarks, the C++ peer adapters and
 * the tests share one copy. Plain C11 that also compiles as C++ (no compound literals, casts on
 * malloc). Everything that allocates uses malloc and returns NULL (or -1) when memory runs out; the
 * caller frees the result with free() (bench_mesh_free for meshes).
 *
 * Bit-exactness needs IEEE doubles evaluated as written: no x87 excess precision and no fused
 * multiply-add contraction (-ffp-contract=off; GCC's default in ISO C mode, -std=c11). sin, cos and
 * sqrt come from the C library; the hashes of docs/benchmarks.md were made with glibc 2.36. */
#ifndef COLLIDE_BENCH_CASES_H
#define COLLIDE_BENCH_CASES_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The double equal to 2 * M_PI. Angles are BENCH_TWO_PI * i / n, evaluated left to right. */
#define BENCH_TWO_PI 6.283185307179586

/* One stream per family (docs/benchmarks.md). The star stream is BENCH_SEED_STAR ^ n. */
#define BENCH_SEED_STAR        UINT64_C(0x5354415200000000)
#define BENCH_SEED_UNIFORM2    UINT64_C(0x5132000000000001)
#define BENCH_SEED_TRAJECTORY2 UINT64_C(0x5452414A00000001)
#define BENCH_SEED_UNIFORM3    UINT64_C(0x5133000000000001)
#define BENCH_SEED_MM_POSES    UINT64_C(0x4D4D000000000001)
#define BENCH_SEED_HULLS       UINT64_C(0x48554C4C00000001)
#define BENCH_SEED_CVX         UINT64_C(0x4356580000000001)

/* The sizes the benchmarks use. */
#define BENCH_QUERY_COUNT      1000000 /* 2D and 3D query sets */
#define BENCH_MM_POSE_COUNT    10000   /* mesh-vs-mesh poses */
#define BENCH_HULL_COUNT       256     /* convex clouds ... */
#define BENCH_HULL_POINTS      32      /* ... of this many points each */
#define BENCH_CVX_PAIR_COUNT   1000000 /* convex pose pairs */
#define BENCH_MM_MAX_DISTANCE  4.2     /* mesh B's centre lies within this distance of A's */
#define BENCH_CVX_MAX_DISTANCE 3.6     /* convex body B's centre lies within this distance of A's */

/* ---- 2.1 PRNG and draws ---- */

/* splitmix64: advances *state and returns the next 64-bit output. */
static inline uint64_t bench_next(uint64_t *state)
{
	uint64_t z;
	*state += UINT64_C(0x9E3779B97F4A7C15);
	z = *state;
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* One draw in [0, 1): the top 53 bits of one output, times 2^-53. */
static inline double bench_draw(uint64_t *state)
{
	return (double)(bench_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* The angle of vertex i of n: TWO_PI * i / n, left to right. */
static inline double bench_angle(size_t i, size_t n)
{
	return BENCH_TWO_PI * (double)i / (double)n;
}

/* A unit direction from 2 draws (u, v): z = 2u - 1, phi = TWO_PI v, s = sqrt(1 - z^2),
 * d = (s cos phi, s sin phi, z). */
static inline void bench_unit_direction(uint64_t *state, double d[3])
{
	double u = bench_draw(state);
	double v = bench_draw(state);
	double z = 2.0 * u - 1.0;
	double phi = BENCH_TWO_PI * v;
	double s = sqrt(1.0 - z * z);
	d[0] = s * cos(phi);
	d[1] = s * sin(phi);
	d[2] = z;
}

/* A rotation and its pose: quaternion q = (x, y, z, w) (w the scalar part), the same rotation as
 * a row-major matrix R, and a translation t. The pose maps a body-local p to R p + t. The layout
 * (16 doubles, no padding) is the byte order the hashes use. */
typedef struct bench_pose {
	double q[4];
	double R[9];
	double t[3];
} bench_pose;

/* The standard unit-quaternion matrix of q = (x, y, z, w), row-major. */
static inline void bench_quat_to_matrix(const double q[4], double R[9])
{
	double x = q[0], y = q[1], z = q[2], w = q[3];
	R[0] = 1.0 - 2.0 * (y * y + z * z);
	R[1] = 2.0 * (x * y - z * w);
	R[2] = 2.0 * (x * z + y * w);
	R[3] = 2.0 * (x * y + z * w);
	R[4] = 1.0 - 2.0 * (x * x + z * z);
	R[5] = 2.0 * (y * z - x * w);
	R[6] = 2.0 * (x * z - y * w);
	R[7] = 2.0 * (y * z + x * w);
	R[8] = 1.0 - 2.0 * (x * x + y * y);
}

/* A uniformly distributed rotation from 3 draws (Shoemake): a = sqrt(1 - u1), b = sqrt(u1),
 * q = (a sin(TWO_PI u2), a cos(TWO_PI u2), b sin(TWO_PI u3), b cos(TWO_PI u3)); R is its matrix. */
static inline void bench_rotation(uint64_t *state, double q[4], double R[9])
{
	double u1 = bench_draw(state);
	double u2 = bench_draw(state);
	double u3 = bench_draw(state);
	double a = sqrt(1.0 - u1);
	double b = sqrt(u1);
	q[0] = a * sin(BENCH_TWO_PI * u2);
	q[1] = a * cos(BENCH_TWO_PI * u2);
	q[2] = b * sin(BENCH_TWO_PI * u3);
	q[3] = b * cos(BENCH_TWO_PI * u3);
	bench_quat_to_matrix(q, R);
}

/* out = R p + t (out may alias p). */
static inline void bench_pose_apply(const bench_pose *pose, const double p[3], double out[3])
{
	const double *R = pose->R;
	double x = R[0] * p[0] + R[1] * p[1] + R[2] * p[2] + pose->t[0];
	double y = R[3] * p[0] + R[4] * p[1] + R[5] * p[2] + pose->t[1];
	double z = R[6] * p[0] + R[7] * p[1] + R[8] * p[2] + pose->t[2];
	out[0] = x;
	out[1] = y;
	out[2] = z;
}

/* ---- 2.2 2D polygons: interleaved xy, counter-clockwise, no repeated closing vertex ---- */

/* The star polygon of n vertices: vertex i at radius 1 + 0.5 draw (stream BENCH_SEED_STAR ^ n) and
 * angle TWO_PI i / n. Simple and star-shaped about the origin, not convex. Returns 2n doubles
 * (free them), or NULL when n < 3 or memory runs out. */
static inline double *bench_star_polygon(int n)
{
	uint64_t state = BENCH_SEED_STAR ^ (uint64_t)n;
	double *xy;
	int i;
	if (n < 3)
		return NULL;
	xy = (double *)malloc(2 * (size_t)n * sizeof *xy);
	if (xy == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		double r = 1.0 + 0.5 * bench_draw(&state);
		double theta = bench_angle((size_t)i, (size_t)n);
		xy[2 * i] = r * cos(theta);
		xy[2 * i + 1] = r * sin(theta);
	}
	return xy;
}

/* The regular polygon of n vertices on the unit circle: (cos, sin) of TWO_PI i / n. Returns 2n
 * doubles (free them), or NULL when n < 3 or memory runs out. */
static inline double *bench_regular_polygon(int n)
{
	double *xy;
	int i;
	if (n < 3)
		return NULL;
	xy = (double *)malloc(2 * (size_t)n * sizeof *xy);
	if (xy == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		double theta = bench_angle((size_t)i, (size_t)n);
		xy[2 * i] = cos(theta);
		xy[2 * i + 1] = sin(theta);
	}
	return xy;
}

/* The bounding box of count interleaved xy points: box = (xmin, ymin, xmax, ymax). */
static inline void bench_bbox2(const double *xy, size_t count, double box[4])
{
	size_t i;
	box[0] = box[2] = xy[0];
	box[1] = box[3] = xy[1];
	for (i = 1; i < count; i++) {
		double x = xy[2 * i], y = xy[2 * i + 1];
		if (x < box[0])
			box[0] = x;
		if (x > box[2])
			box[2] = x;
		if (y < box[1])
			box[1] = y;
		if (y > box[3])
			box[3] = y;
	}
}

/* ---- 2.3 2D query sets, in unit coordinates [0,1)^2 ---- */

/* count uniform points: u = draw, then v = draw (stream BENCH_SEED_UNIFORM2). Returns 2 count
 * doubles (free them) or NULL. The benchmark set has BENCH_QUERY_COUNT points; a shorter set is its
 * prefix. */
static inline double *bench_queries2_uniform(size_t count)
{
	uint64_t state = BENCH_SEED_UNIFORM2;
	double *uv = (double *)malloc(2 * count * sizeof *uv + 1);
	size_t i;
	if (uv == NULL)
		return NULL;
	for (i = 0; i < 2 * count; i++)
		uv[i] = bench_draw(&state);
	return uv;
}

/* Reflects a coordinate of the trajectory back into [0, 1]. */
static inline double bench_reflect_unit(double c)
{
	if (c < 0.0)
		c = -c;
	if (c > 1.0)
		c = 2.0 - c;
	return c;
}

/* A random walk of count points (stream BENCH_SEED_TRAJECTORY2): it starts at (0.5, 0.5) and each
 * step moves 1e-3 in the direction TWO_PI draw, reflected at the unit square's sides. Returns
 * 2 count doubles (free them) or NULL. A shorter set is the prefix of the longer one. */
static inline double *bench_queries2_trajectory(size_t count)
{
	uint64_t state = BENCH_SEED_TRAJECTORY2;
	double *uv = (double *)malloc(2 * count * sizeof *uv + 1);
	double u = 0.5, v = 0.5;
	size_t i;
	if (uv == NULL)
		return NULL;
	for (i = 0; i < count; i++) {
		if (i > 0) {
			double phi = BENCH_TWO_PI * bench_draw(&state);
			u = bench_reflect_unit(u + 1e-3 * cos(phi));
			v = bench_reflect_unit(v + 1e-3 * sin(phi));
		}
		uv[2 * i] = u;
		uv[2 * i + 1] = v;
	}
	return uv;
}

/* Maps count unit points into box (xmin, ymin, xmax, ymax): x = xmin + u (xmax - xmin), and the
 * same for y. out may be unit itself. */
static inline void bench_map2(const double *unit, size_t count, const double box[4], double *out)
{
	double w = box[2] - box[0], h = box[3] - box[1];
	size_t i;
	for (i = 0; i < count; i++) {
		double u = unit[2 * i], v = unit[2 * i + 1];
		out[2 * i] = box[0] + u * w;
		out[2 * i + 1] = box[1] + v * h;
	}
}

/* ---- 2.4 icospheres ---- */

/* A triangle mesh: vertex_count xyz triples and triangle_count index triples (0-based,
 * counter-clockwise seen from outside). Free it with bench_mesh_free. */
typedef struct bench_mesh {
	double *vertices;
	int32_t *triangles;
	int vertex_count;
	int triangle_count;
} bench_mesh;

static inline void bench_mesh_free(bench_mesh *mesh)
{
	free(mesh->vertices);
	free(mesh->triangles);
	mesh->vertices = NULL;
	mesh->triangles = NULL;
	mesh->vertex_count = mesh->triangle_count = 0;
}

/* Writes (x/len, y/len, z/len), len = sqrt(x^2 + y^2 + z^2), into out. */
static inline void bench_normalise3(double x, double y, double z, double out[3])
{
	double len = sqrt(x * x + y * y + z * z);
	out[0] = x / len;
	out[1] = y / len;
	out[2] = z / len;
}

/* One slot of the midpoint table: the undirected edge (a < b) packed as a << 32 | b, and the index
 * of its midpoint vertex. Key 0 marks an empty slot: a real edge has b > a >= 0, so its key is > 0. */
typedef struct bench_edge_slot {
	uint64_t key;
	int32_t vertex;
} bench_edge_slot;

/* Finds the midpoint of edge (a, b) in the table, or appends it to vertices (normalise(a + b)) and
 * records it. The table has mask + 1 slots (a power of two, more than the edges of a level). */
static inline int32_t bench_midpoint(bench_edge_slot *table, uint64_t mask, double *vertices,
                                     int32_t *vertex_count, int32_t a, int32_t b)
{
	uint64_t key = a < b ? ((uint64_t)a << 32 | (uint64_t)b) : ((uint64_t)b << 32 | (uint64_t)a);
	uint64_t slot = (key * UINT64_C(0x9E3779B97F4A7C15)) >> 32 & mask;
	const double *pa = vertices + 3 * a, *pb = vertices + 3 * b;
	while (table[slot].key != 0) {
		if (table[slot].key == key)
			return table[slot].vertex;
		slot = (slot + 1) & mask;
	}
	table[slot].key = key;
	table[slot].vertex = *vertex_count;
	bench_normalise3(pa[0] + pb[0], pa[1] + pb[1], pa[2] + pb[2], vertices + 3 * *vertex_count);
	return (*vertex_count)++;
}

/* The unit icosphere at level 0..8 (as col_mesh_create_icosphere): the icosahedron of
 * docs/benchmarks.md, its faces subdivided level times in the specified order (midpoints ab, bc, ca
 * appended the first time their edge is met; face (a,b,c) replaced by (a,ab,ca), (b,bc,ab),
 * (c,ca,bc), (ab,bc,ca)). 20 4^level triangles, 10 4^level + 2 vertices. Returns 0, or -1 (mesh
 * zeroed) for a bad level or when memory runs out. */
static inline int bench_icosphere(int level, bench_mesh *mesh)
{
	/* clang-format off */
	static const int32_t base_faces[60] = {
		0, 11, 5,   0, 5, 1,    0, 1, 7,    0, 7, 10,   0, 10, 11,
		1, 5, 9,    5, 11, 4,   11, 10, 2,  10, 7, 6,   7, 1, 8,
		3, 9, 4,    3, 4, 2,    3, 2, 6,    3, 6, 8,    3, 8, 9,
		4, 9, 5,    2, 4, 11,   6, 2, 10,   8, 6, 7,    9, 8, 1};
	/* clang-format on */
	double t = (1.0 + sqrt(5.0)) / 2.0;
	double base[36];
	int32_t nv = 12, nt = 20, final_nv, final_nt;
	int32_t *next = NULL;
	bench_edge_slot *table = NULL;
	uint64_t table_size = 1;
	int i, l;

	mesh->vertices = NULL;
	mesh->triangles = NULL;
	mesh->vertex_count = mesh->triangle_count = 0;
	if (level < 0 || level > 8)
		return -1;
	final_nt = 20 << (2 * level);
	final_nv = 10 * (1 << (2 * level)) + 2;

	{
		/* clang-format off */
		const double raw[36] = {
			-1, t, 0,   1, t, 0,   -1, -t, 0,   1, -t, 0,
			0, -1, t,   0, 1, t,   0, -1, -t,   0, 1, -t,
			t, 0, -1,   t, 0, 1,   -t, 0, -1,   -t, 0, 1};
		/* clang-format on */
		memcpy(base, raw, sizeof base);
	}
	mesh->vertices = (double *)malloc(3 * (size_t)final_nv * sizeof(double));
	mesh->triangles = (int32_t *)malloc(3 * (size_t)final_nt * sizeof(int32_t));
	if (level > 0) {
		/* The last level meets 3/2 x final_nt / 4 edges: final_nt slots keep the load under 0.4. */
		while (table_size < (uint64_t)final_nt)
			table_size <<= 1;
		table = (bench_edge_slot *)malloc(table_size * sizeof *table);
		next = (int32_t *)malloc(3 * (size_t)final_nt * sizeof(int32_t));
	}
	if (mesh->vertices == NULL || mesh->triangles == NULL ||
	    (level > 0 && (table == NULL || next == NULL))) {
		free(table);
		free(next);
		bench_mesh_free(mesh);
		return -1;
	}
	for (i = 0; i < 12; i++)
		bench_normalise3(base[3 * i], base[3 * i + 1], base[3 * i + 2], mesh->vertices + 3 * i);
	memcpy(mesh->triangles, base_faces, sizeof base_faces);

	for (l = 0; l < level; l++) {
		int32_t *swap;
		int32_t f;
		memset(table, 0, table_size * sizeof *table);
		for (f = 0; f < nt; f++) {
			int32_t a = mesh->triangles[3 * f], b = mesh->triangles[3 * f + 1];
			int32_t c = mesh->triangles[3 * f + 2];
			int32_t ab = bench_midpoint(table, table_size - 1, mesh->vertices, &nv, a, b);
			int32_t bc = bench_midpoint(table, table_size - 1, mesh->vertices, &nv, b, c);
			int32_t ca = bench_midpoint(table, table_size - 1, mesh->vertices, &nv, c, a);
			int32_t *out = next + 12 * f;
			out[0] = a, out[1] = ab, out[2] = ca;
			out[3] = b, out[4] = bc, out[5] = ab;
			out[6] = c, out[7] = ca, out[8] = bc;
			out[9] = ab, out[10] = bc, out[11] = ca;
		}
		nt *= 4;
		swap = mesh->triangles;
		mesh->triangles = next;
		next = swap;
	}
	free(table);
	free(next);
	mesh->vertex_count = nv;
	mesh->triangle_count = nt;
	return 0;
}

/* Moves every vertex p along its ray to r p, r = 1 + 0.15 sin(5x) sin(5y) sin(5z) (left to right). */
static inline void bench_bump(bench_mesh *mesh)
{
	int i;
	for (i = 0; i < mesh->vertex_count; i++) {
		double *p = mesh->vertices + 3 * i;
		double r = 1.0 + 0.15 * sin(5.0 * p[0]) * sin(5.0 * p[1]) * sin(5.0 * p[2]);
		p[0] = r * p[0];
		p[1] = r * p[1];
		p[2] = r * p[2];
	}
}

/* The bumpy sphere of docs/benchmarks.md: the unit icosphere at level, then bumped. Closed,
 * embedded, star-shaped about the origin, not convex. Levels used: 3, 5, 6, 7, 8. Returns 0, or -1
 * (mesh zeroed) for a bad level or when memory runs out. */
static inline int bench_bumpy_sphere(int level, bench_mesh *mesh)
{
	if (bench_icosphere(level, mesh) != 0)
		return -1;
	bench_bump(mesh);
	return 0;
}

/* The bounding box of count xyz points: box = (xmin, ymin, zmin, xmax, ymax, zmax). */
static inline void bench_bbox3(const double *xyz, size_t count, double box[6])
{
	size_t i;
	int k;
	for (k = 0; k < 3; k++)
		box[k] = box[k + 3] = xyz[k];
	for (i = 1; i < count; i++)
		for (k = 0; k < 3; k++) {
			double c = xyz[3 * i + k];
			if (c < box[k])
				box[k] = c;
			if (c > box[k + 3])
				box[k + 3] = c;
		}
}

/* ---- 2.5 3D query set ---- */

/* count points of three draws u, v, w each (stream BENCH_SEED_UNIFORM3), in unit coordinates.
 * Also the centres of the sphere queries (radius 0.05 after mapping). Returns 3 count doubles
 * (free them) or NULL. */
static inline double *bench_queries3_uniform(size_t count)
{
	uint64_t state = BENCH_SEED_UNIFORM3;
	double *uvw = (double *)malloc(3 * count * sizeof *uvw + 1);
	size_t i;
	if (uvw == NULL)
		return NULL;
	for (i = 0; i < 3 * count; i++)
		uvw[i] = bench_draw(&state);
	return uvw;
}

/* Maps count unit points into box (xmin, ymin, zmin, xmax, ymax, zmax), coordinate by coordinate:
 * x = xmin + u (xmax - xmin). out may be unit itself. */
static inline void bench_map3(const double *unit, size_t count, const double box[6], double *out)
{
	double size[3];
	size_t i;
	int k;
	for (k = 0; k < 3; k++)
		size[k] = box[k + 3] - box[k];
	for (i = 0; i < count; i++)
		for (k = 0; k < 3; k++)
			out[3 * i + k] = box[k] + unit[3 * i + k] * size[k];
}

/* ---- 2.6 mesh vs mesh ---- */

/* count poses of mesh B relative to mesh A (stream BENCH_SEED_MM_POSES): rotation (3 draws),
 * direction d (2 draws), m = 4.2 draw, t = m d. About half of them collide for the bumpy spheres.
 * Returns count poses (free them) or NULL. A shorter set is the prefix of the longer one. */
static inline bench_pose *bench_mm_poses(size_t count)
{
	uint64_t state = BENCH_SEED_MM_POSES;
	bench_pose *poses = (bench_pose *)malloc(count * sizeof *poses + 1);
	size_t i;
	if (poses == NULL)
		return NULL;
	for (i = 0; i < count; i++) {
		double d[3], m;
		bench_rotation(&state, poses[i].q, poses[i].R);
		bench_unit_direction(&state, d);
		m = BENCH_MM_MAX_DISTANCE * bench_draw(&state);
		poses[i].t[0] = m * d[0];
		poses[i].t[1] = m * d[1];
		poses[i].t[2] = m * d[2];
	}
	return poses;
}

/* ---- 2.7 convex ---- */

/* cloud_count clouds of points_per_cloud points each (stream BENCH_SEED_HULLS), cloud after cloud:
 * direction d (2 draws), r = 1 + 0.1 (2 draw - 1), p = r d. The benchmark uses BENCH_HULL_COUNT
 * clouds of BENCH_HULL_POINTS. Returns 3 cloud_count points_per_cloud doubles (free them) or
 * NULL. */
static inline double *bench_hull_clouds(int cloud_count, int points_per_cloud)
{
	uint64_t state = BENCH_SEED_HULLS;
	size_t count = (size_t)cloud_count * (size_t)points_per_cloud, i;
	double *xyz;
	if (cloud_count <= 0 || points_per_cloud <= 0)
		return NULL;
	xyz = (double *)malloc(3 * count * sizeof *xyz);
	if (xyz == NULL)
		return NULL;
	for (i = 0; i < count; i++) {
		double d[3], r;
		bench_unit_direction(&state, d);
		r = 1.0 + 0.1 * (2.0 * bench_draw(&state) - 1.0);
		xyz[3 * i] = r * d[0];
		xyz[3 * i + 1] = r * d[1];
		xyz[3 * i + 2] = r * d[2];
	}
	return xyz;
}

/* A convex pair: cloud a at pose_a (translation 0) against cloud b at pose_b. Hashed as int32 a,
 * int32 b, then the two poses (the struct has no padding). */
typedef struct bench_cvx_pair {
	int32_t a, b;
	bench_pose pose_a, pose_b;
} bench_cvx_pair;

/* count pairs (stream BENCH_SEED_CVX): a = next() % cloud_count, b = next() % cloud_count, rotation
 * qa, rotation qb, direction d, m = 3.6 draw; A at (qa, 0), B at (qb, m d). The benchmark uses
 * BENCH_HULL_COUNT clouds and BENCH_CVX_PAIR_COUNT pairs. Returns count pairs (free them) or
 * NULL. */
static inline bench_cvx_pair *bench_cvx_pairs(size_t count, int cloud_count)
{
	uint64_t state = BENCH_SEED_CVX;
	bench_cvx_pair *pairs;
	size_t i;
	if (cloud_count <= 0)
		return NULL;
	pairs = (bench_cvx_pair *)malloc(count * sizeof *pairs + 1);
	if (pairs == NULL)
		return NULL;
	for (i = 0; i < count; i++) {
		bench_cvx_pair *p = pairs + i;
		double d[3], m;
		p->a = (int32_t)(bench_next(&state) % (uint64_t)cloud_count);
		p->b = (int32_t)(bench_next(&state) % (uint64_t)cloud_count);
		bench_rotation(&state, p->pose_a.q, p->pose_a.R);
		bench_rotation(&state, p->pose_b.q, p->pose_b.R);
		bench_unit_direction(&state, d);
		m = BENCH_CVX_MAX_DISTANCE * bench_draw(&state);
		p->pose_a.t[0] = p->pose_a.t[1] = p->pose_a.t[2] = 0.0;
		p->pose_b.t[0] = m * d[0];
		p->pose_b.t[1] = m * d[1];
		p->pose_b.t[2] = m * d[2];
	}
	return pairs;
}

/* ---- 2.8 FNV-1a-64 over little-endian bytes ---- */

#define BENCH_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define BENCH_FNV_PRIME  UINT64_C(0x100000001b3)

/* Feeds the low `bytes` bytes of value, least significant first (little-endian on any host). */
static inline uint64_t bench_fnv1a_word(uint64_t hash, uint64_t value, int bytes)
{
	int i;
	for (i = 0; i < bytes; i++) {
		hash ^= (value >> (8 * i)) & 0xff;
		hash *= BENCH_FNV_PRIME;
	}
	return hash;
}

/* Continues hash over count doubles, each as its 8 IEEE bytes, little-endian. Start from
 * BENCH_FNV_OFFSET. */
static inline uint64_t bench_fnv1a_doubles(uint64_t hash, const double *values, size_t count)
{
	size_t i;
	for (i = 0; i < count; i++) {
		uint64_t bits;
		memcpy(&bits, values + i, sizeof bits);
		hash = bench_fnv1a_word(hash, bits, 8);
	}
	return hash;
}

/* Continues hash over count int32 values, 4 bytes each, little-endian. */
static inline uint64_t bench_fnv1a_int32s(uint64_t hash, const int32_t *values, size_t count)
{
	size_t i;
	for (i = 0; i < count; i++)
		hash = bench_fnv1a_word(hash, (uint64_t)(uint32_t)values[i], 4);
	return hash;
}

/* Continues hash over poses, each as q[4], R[9], t[3]. */
static inline uint64_t bench_fnv1a_poses(uint64_t hash, const bench_pose *poses, size_t count)
{
	size_t i;
	for (i = 0; i < count; i++) {
		hash = bench_fnv1a_doubles(hash, poses[i].q, 4);
		hash = bench_fnv1a_doubles(hash, poses[i].R, 9);
		hash = bench_fnv1a_doubles(hash, poses[i].t, 3);
	}
	return hash;
}

/* Continues hash over convex pairs, each as int32 a, int32 b, pose A, pose B. */
static inline uint64_t bench_fnv1a_cvx_pairs(uint64_t hash, const bench_cvx_pair *pairs, size_t count)
{
	size_t i;
	for (i = 0; i < count; i++) {
		hash = bench_fnv1a_int32s(hash, &pairs[i].a, 1);
		hash = bench_fnv1a_int32s(hash, &pairs[i].b, 1);
		hash = bench_fnv1a_poses(hash, &pairs[i].pose_a, 1);
		hash = bench_fnv1a_poses(hash, &pairs[i].pose_b, 1);
	}
	return hash;
}

#endif
