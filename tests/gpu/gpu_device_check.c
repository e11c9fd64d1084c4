/* The device test: every GPU answer against the CPU backend's, bit for bit, on the same inputs.
 *
 * Both backends run the same per-element code and hand the same uncertain elements to the engine,
 * so their outputs must be identical arrays: memcmp, not tolerances. The inputs include the
 * near-degenerate ones (points on faces, edges and vertices of an integer box, touching boxes,
 * tangent and nested spheres, source 003's far-apart spheres), where hand-backs happen.
 *
 * It links only the engine and CUDA (no test framework), so it runs on the device machine:
 * tools/device-check.sh. Without a device it says "skipped: no CUDA device" and exits 77 (ctest's
 * skip code). --quick runs small sizes (for ctest and compute-sanitizer); --report FILE also writes
 * what it printed to FILE; --info only prints the device; --cpu puts a 3-thread CPU context where the GPU
 * would be (the harness itself, checked where there is no device: the CPU backend against itself on one
 * thread). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/gpu.h"
#include "collide/gpu_broadphase.h"
#include "collide/gpu_collide.h"
#include "collide/gpu_mesh.h"
#include "collide/gpu_particles.h"
#include "collide/gpu_polygon.h"

static int checks, failures;
static FILE *report;

static void say(const char *format, ...)
{
	va_list a;
	va_start(a, format);
	vprintf(format, a);
	va_end(a);
	if (report != NULL) {
		va_start(a, format);
		vfprintf(report, format, a);
		va_end(a);
	}
	fflush(stdout);
}

#define CHECK(condition, ...)                                                                                \
	do {                                                                                                 \
		checks++;                                                                                    \
		if (!(condition)) {                                                                          \
			failures++;                                                                          \
			say("FAIL %s:%d: ", __FILE__, __LINE__);                                             \
			say(__VA_ARGS__);                                                                    \
			say("\n");                                                                           \
		}                                                                                            \
	} while (0)

/* A call that must succeed: stops the program when it does not (nothing after it would mean much). */
#define MUST(call)                                                                                           \
	do {                                                                                                 \
		col_error must_error;                                                                        \
		memset(&must_error, 0, sizeof must_error);                                                   \
		col_status must_status = (call);                                                             \
		(void)must_error;                                                                            \
		if (must_status != COL_OK) {                                                                 \
			say("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call,                             \
			    col_status_name(must_status));                                                   \
			exit(1);                                                                             \
		}                                                                                            \
	} while (0)

static uint64_t random_state = 0x2545F4914F6CDD1DULL;

static double unit(void)
{
	uint64_t z = (random_state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

static double in(double lo, double hi)
{
	return lo + (hi - lo) * unit();
}

static col_vec3 in_box(col_aabb3 b)
{
	return (col_vec3){in(b.min.x, b.max.x), in(b.min.y, b.max.y), in(b.min.z, b.max.z)};
}

static col_transform3 random_pose(double reach)
{
	col_quat q = col_quat_normalize((col_quat){in(-1, 1), in(-1, 1), in(-1, 1), in(-1, 1)});
	return (col_transform3){q, {in(-reach, reach), in(-reach, reach), in(-reach, reach)}};
}

static col_aabb3 grown(col_aabb3 b, double f)
{
	col_vec3 d = col_vec3_scale(col_vec3_sub(b.max, b.min), f);
	return (col_aabb3){col_vec3_sub(b.min, d), col_vec3_add(b.max, d)};
}

typedef struct pair_of_contexts {
	col_gpu *gpu, *cpu;
} pair_of_contexts;

static bool quick, cpu_stand_in, info_only;

/* ---- points in a mesh, distances ---- */

/* Points around the mesh at a pose: random ones in its grown box, plus every vertex and every edge's
 * midpoint (on the surface: handed back where the filter cannot decide), in world coordinates. */
static col_vec3 *points_around(const col_mesh *mesh, col_transform3 pose, size_t random_count, size_t *count)
{
	int nv = col_mesh_vertex_count(mesh), nt = col_mesh_triangle_count(mesh);
	size_t n = random_count + (size_t)nv + 3 * (size_t)nt;
	col_vec3 *p = malloc(n * sizeof *p);
	col_aabb3 box = grown(col_mesh_bounds(mesh), 0.1);
	size_t k = 0;
	for (size_t i = 0; i < random_count; i++)
		p[k++] = col_transform3_apply(pose, in_box(box));
	const col_vec3 *v = col_mesh_vertices(mesh);
	for (int i = 0; i < nv; i++)
		p[k++] = col_transform3_apply(pose, v[i]);
	for (int t = 0; t < nt; t++) {
		col_triangle tri = col_mesh_triangle(mesh, t);
		p[k++] = col_transform3_apply(pose, col_vec3_scale(col_vec3_add(tri.a, tri.b), 0.5));
		p[k++] = col_transform3_apply(pose, col_vec3_scale(col_vec3_add(tri.b, tri.c), 0.5));
		p[k++] = col_transform3_apply(pose, col_vec3_scale(col_vec3_add(tri.c, tri.a), 0.5));
	}
	*count = k;
	return p;
}

static void check_points(pair_of_contexts c, const char *name, const col_mesh *mesh, bool identity_pose)
{
	col_gpu_mesh *on_gpu, *on_cpu;
	MUST(col_gpu_mesh_create(c.gpu, mesh, NULL, &on_gpu, &must_error));
	MUST(col_gpu_mesh_create(c.cpu, mesh, NULL, &on_cpu, &must_error));
	col_transform3 pose = identity_pose ? col_transform3_identity() : random_pose(2.0);
	size_t n;
	col_vec3 *points = points_around(mesh, pose, quick ? 20000 : 1000000, &n);
	uint8_t *in_gpu = malloc(n), *in_cpu = malloc(n), *in_stream = malloc(n);
	col_gpu_buffer *gp, *gi, *cp, *ci;
	MUST(col_gpu_buffer_create(c.gpu, n * sizeof *points, &gp, &must_error));
	MUST(col_gpu_buffer_create(c.gpu, n, &gi, &must_error));
	MUST(col_gpu_buffer_create(c.cpu, n * sizeof *points, &cp, &must_error));
	MUST(col_gpu_buffer_create(c.cpu, n, &ci, &must_error));
	MUST(col_gpu_buffer_upload(gp, 0, points, n * sizeof *points, &must_error));
	MUST(col_gpu_buffer_upload(cp, 0, points, n * sizeof *points, &must_error));
	col_gpu_stats sg = {0}, sc = {0}, ss = {0};
	MUST(col_gpu_mesh_contains(on_gpu, &pose, gp, n, gi, &sg, &must_error));
	MUST(col_gpu_mesh_contains(on_cpu, &pose, cp, n, ci, &sc, &must_error));
	MUST(col_gpu_buffer_download(gi, 0, in_gpu, n, &must_error));
	MUST(col_gpu_buffer_download(ci, 0, in_cpu, n, &must_error));
	MUST(col_gpu_mesh_contains_points(on_gpu, &pose, points, n, in_stream, &ss, &must_error));
	CHECK(memcmp(in_gpu, in_cpu, n) == 0, "%s: inside, GPU buffers vs CPU", name);
	CHECK(memcmp(in_stream, in_cpu, n) == 0, "%s: inside, GPU streamed vs CPU", name);
	CHECK(sg.hits == sc.hits && ss.hits == sc.hits, "%s: inside counts %llu %llu %llu", name,
	      (unsigned long long)sg.hits, (unsigned long long)ss.hits, (unsigned long long)sc.hits);
	/* the engine itself, on the points the CPU handed back and a sample of the rest */
	int wrong = 0;
	for (size_t i = 0; i < n; i += (i < n - 3 * (size_t)col_mesh_triangle_count(mesh) ? 97 : 1))
		wrong +=
		    in_gpu[i] != col_octree_contains(col_gpu_mesh_octree(on_cpu),
		                                     col_transform3_apply_inverse(pose, points[i]), NULL);
	CHECK(wrong == 0, "%s: %d answers differ from col_octree_contains", name, wrong);
	say("  inside   %-22s %9zu points  %8llu inside  handed back %llu (GPU) %llu (CPU)\n", name, n,
	    (unsigned long long)sg.hits, (unsigned long long)sg.handed_back,
	    (unsigned long long)sc.handed_back);

	/* distances on a tenth */
	size_t nd = n / 10 + 1;
	col_gpu_buffer *gd, *gc, *gt, *cd, *cc, *ct;
	MUST(col_gpu_buffer_create(c.gpu, nd * sizeof(double), &gd, &must_error));
	MUST(col_gpu_buffer_create(c.gpu, nd * sizeof(col_vec3), &gc, &must_error));
	MUST(col_gpu_buffer_create(c.gpu, nd * sizeof(int32_t), &gt, &must_error));
	MUST(col_gpu_buffer_create(c.cpu, nd * sizeof(double), &cd, &must_error));
	MUST(col_gpu_buffer_create(c.cpu, nd * sizeof(col_vec3), &cc, &must_error));
	MUST(col_gpu_buffer_create(c.cpu, nd * sizeof(int32_t), &ct, &must_error));
	/* the last tenth: surface points included */
	col_gpu_buffer *gq, *cq;
	MUST(col_gpu_buffer_create(c.gpu, nd * sizeof *points, &gq, &must_error));
	MUST(col_gpu_buffer_create(c.cpu, nd * sizeof *points, &cq, &must_error));
	MUST(col_gpu_buffer_upload(gq, 0, points + (n - nd), nd * sizeof *points, &must_error));
	MUST(col_gpu_buffer_upload(cq, 0, points + (n - nd), nd * sizeof *points, &must_error));
	col_gpu_stats dg = {0}, dc = {0};
	MUST(col_gpu_mesh_distance(on_gpu, &pose, gq, nd, gd, gc, gt, &dg, &must_error));
	MUST(col_gpu_mesh_distance(on_cpu, &pose, cq, nd, cd, cc, ct, &dc, &must_error));
	char *a = malloc(nd * sizeof(col_vec3)), *b = malloc(nd * sizeof(col_vec3));
	MUST(col_gpu_buffer_download(gd, 0, a, nd * sizeof(double), &must_error));
	MUST(col_gpu_buffer_download(cd, 0, b, nd * sizeof(double), &must_error));
	CHECK(memcmp(a, b, nd * sizeof(double)) == 0, "%s: distances differ", name);
	MUST(col_gpu_buffer_download(gc, 0, a, nd * sizeof(col_vec3), &must_error));
	MUST(col_gpu_buffer_download(cc, 0, b, nd * sizeof(col_vec3), &must_error));
	CHECK(memcmp(a, b, nd * sizeof(col_vec3)) == 0, "%s: closest points differ", name);
	MUST(col_gpu_buffer_download(gt, 0, a, nd * sizeof(int32_t), &must_error));
	MUST(col_gpu_buffer_download(ct, 0, b, nd * sizeof(int32_t), &must_error));
	CHECK(memcmp(a, b, nd * sizeof(int32_t)) == 0, "%s: nearest triangles differ", name);
	say("  distance %-22s %9zu points  handed back %llu (GPU) %llu (CPU)\n", name, nd,
	    (unsigned long long)dg.handed_back, (unsigned long long)dc.handed_back);
	free(a);
	free(b);
	col_gpu_buffer *all[] = {gp, gi, cp, ci, gd, gc, gt, cd, cc, ct, gq, cq};
	for (size_t k = 0; k < sizeof all / sizeof *all; k++)
		col_gpu_buffer_destroy(all[k]);
	free(points);
	free(in_gpu);
	free(in_cpu);
	free(in_stream);
	col_gpu_mesh_destroy(on_gpu);
	col_gpu_mesh_destroy(on_cpu);
}

/* ---- points in polygons ---- */

/* The square [0, k + 1]^2 with k x k square holes (integer corners), or a comb of k teeth. */
static col_polygon *make_polygon(int k, bool comb)
{
	size_t n = comb ? (size_t)(4 * k + 2) : 4;
	col_vec2 *outer = malloc(n * sizeof *outer);
	if (comb) {
		size_t m = 0;
		/* a spine [0, 2k - 1] x [0, 1], teeth [2t, 2t + 1] x [1, 3] */
		outer[m++] = (col_vec2){0, 0};
		outer[m++] = (col_vec2){2.0 * k - 1.0, 0};
		for (int t = k - 1; t >= 0; t--) {
			outer[m++] = (col_vec2){2.0 * t + 1.0, 1};
			outer[m++] = (col_vec2){2.0 * t + 1.0, 3};
			outer[m++] = (col_vec2){2.0 * t, 3};
			outer[m++] = (col_vec2){2.0 * t, 1};
		}
		n = m;
	} else {
		double side = k + 1.0;
		outer[0] = (col_vec2){0, 0}, outer[1] = (col_vec2){side, 0},
		outer[2] = (col_vec2){side, side};
		outer[3] = (col_vec2){0, side};
	}
	int holes = comb ? 0 : k * k;
	col_contour *contours = malloc((size_t)(holes + 1) * sizeof *contours);
	col_vec2 *corners = malloc((size_t)(holes > 0 ? holes : 1) * 4 * sizeof *corners);
	contours[0] = (col_contour){outer, (int)n};
	for (int h = 0; h < holes; h++) {
		double x = 1.0 + h % k, y = 1.0 + h / k;
		col_vec2 *c = corners + 4 * h;
		c[0] = (col_vec2){x - 0.25, y - 0.25}, c[1] = (col_vec2){x - 0.25, y + 0.25};
		c[2] = (col_vec2){x + 0.25, y + 0.25}, c[3] = (col_vec2){x + 0.25, y - 0.25};
		contours[h + 1] = (col_contour){c, 4};
	}
	col_polygon *polygon = NULL;
	MUST(col_polygon_create(contours, holes + 1, &polygon, &must_error));
	free(outer);
	free(contours);
	free(corners);
	return polygon;
}

static void check_polygon(pair_of_contexts c, const char *name, const col_polygon *polygon)
{
	col_gpu_polygon *pg, *pc;
	MUST(col_gpu_polygon_create(c.gpu, polygon, NULL, &pg, &must_error));
	MUST(col_gpu_polygon_create(c.cpu, polygon, NULL, &pc, &must_error));
	col_aabb2 box =
	    col_gpu_polygon_get_info(pg).edges > 0 ? col_polygon_bounds(polygon) : col_aabb2_empty();
	size_t random_count = quick ? 20000 : 1000000;
	int vertices = col_polygon_vertex_count(polygon);
	size_t n = random_count + 2 * (size_t)vertices;
	col_vec2 *points = malloc(n * sizeof *points);
	col_transform2 pose = col_transform2_make((col_vec2){in(-3, 3), in(-3, 3)}, in(-3, 3));
	size_t k = 0;
	double w = box.max.x - box.min.x, h = box.max.y - box.min.y;
	for (size_t i = 0; i < random_count; i++)
		points[k++] =
		    col_transform2_apply(pose, (col_vec2){in(box.min.x - 0.1 * w, box.max.x + 0.1 * w),
		                                          in(box.min.y - 0.1 * h, box.max.y + 0.1 * h)});
	for (int ci = 0; ci < col_polygon_contour_count(polygon); ci++) {
		col_contour contour = col_polygon_contour(polygon, ci);
		for (int v = 0; v < contour.count; v++) {
			col_vec2 a = contour.points[v], b = contour.points[(v + 1) % contour.count];
			points[k++] = col_transform2_apply(pose, a);
			points[k++] =
			    col_transform2_apply(pose, (col_vec2){0.5 * (a.x + b.x), 0.5 * (a.y + b.y)});
		}
	}
	uint8_t *ig = malloc(n), *ic = malloc(n);
	col_gpu_stats sg = {0}, sc = {0};
	MUST(col_gpu_polygon_contains_points(pg, &pose, points, n, ig, &sg, &must_error));
	MUST(col_gpu_polygon_contains_points(pc, &pose, points, n, ic, &sc, &must_error));
	CHECK(memcmp(ig, ic, n) == 0, "%s: polygon answers differ", name);
	int wrong = 0;
	for (size_t i = 0; i < n; i += (i < random_count ? 53 : 1))
		wrong += ig[i] != col_polygon_contains(polygon, col_transform2_apply_inverse(pose, points[i]),
		                                       COL_METHOD_CROSSING, NULL);
	CHECK(wrong == 0, "%s: %d answers differ from col_polygon_contains", name, wrong);
	say("  polygon  %-22s %9zu points  %8llu inside  handed back %llu (GPU) %llu (CPU)\n", name, n,
	    (unsigned long long)sg.hits, (unsigned long long)sg.handed_back,
	    (unsigned long long)sc.handed_back);
	free(points);
	free(ig);
	free(ic);
	col_gpu_polygon_destroy(pg);
	col_gpu_polygon_destroy(pc);
}

/* ---- primitives against a mesh (source 003) ---- */

static col_cga_query random_query(int kind, col_aabb3 box, double size)
{
	col_cga_query q;
	memset(&q, 0, sizeof q);
	q.kind = (col_cga_query_kind)kind;
	q.p[0] = in_box(box);
	for (int i = 1; i < 3; i++)
		q.p[i] = col_vec3_add(q.p[0], (col_vec3){in(-size, size), in(-size, size), in(-size, size)});
	q.radius = in(0.0, size);
	q.mode = unit() < 0.5 ? COL_CGA_SOLID : COL_CGA_SURFACE;
	return q;
}

static void check_queries(pair_of_contexts c, const char *name, const col_mesh *mesh,
                          const col_cga_query *extra, int extra_count)
{
	col_gpu_mesh_options o = col_gpu_mesh_default_options();
	o.solid = false;
	col_gpu_mesh *on_gpu, *on_cpu;
	MUST(col_gpu_mesh_create(c.gpu, mesh, &o, &on_gpu, &must_error));
	MUST(col_gpu_mesh_create(c.cpu, mesh, &o, &on_cpu, &must_error));
	int nt = col_mesh_triangle_count(mesh);
	size_t per_kind = quick ? 64 : 1000, n = 3 * per_kind + (size_t)extra_count;
	col_cga_query *q = malloc(n * sizeof *q);
	col_aabb3 box = grown(col_mesh_bounds(mesh), 0.2);
	double size = 0.3 * col_vec3_distance(box.min, box.max);
	for (size_t i = 0; i < 3 * per_kind; i++)
		q[i] = random_query((int)(i / per_kind), box, size);
	for (int i = 0; i < extra_count; i++)
		q[3 * per_kind + (size_t)i] = extra[i];
	uint32_t *cg = malloc(n * sizeof *cg), *cc = malloc(n * sizeof *cc);
	uint8_t *hg = malloc((size_t)nt), *hc = malloc((size_t)nt);
	for (int form = 0; form < 2; form++)
		for (int search = 0; search < 2; search++) {
			col_gpu_query_options qo = {form ? COL_METHOD_EUCLIDEAN : COL_METHOD_CGA,
			                            search ? COL_GPU_BVH : COL_GPU_BRUTE_FORCE};
			col_gpu_stats sg = {0}, sc = {0};
			MUST(col_gpu_mesh_query(on_gpu, q, n, &qo, cg, hg, &sg, &must_error));
			MUST(col_gpu_mesh_query(on_cpu, q, n, &qo, cc, hc, &sc, &must_error));
			CHECK(memcmp(cg, cc, n * sizeof *cg) == 0 && memcmp(hg, hc, (size_t)nt) == 0,
			      "%s: query counts or hits differ (%s, %s)", name, form ? "euclidean" : "cga",
			      search ? "bvh" : "brute force");
			say("  query    %-22s %9zu queries %8llu hits  handed back %llu (GPU) %llu (CPU)  %s "
			    "%s\n",
			    name, n, (unsigned long long)sg.hits, (unsigned long long)sg.handed_back,
			    (unsigned long long)sc.handed_back, form ? "euclidean" : "cga",
			    search ? "bvh" : "brute");
		}
	free(q);
	free(cg);
	free(cc);
	free(hg);
	free(hc);
	col_gpu_mesh_destroy(on_gpu);
	col_gpu_mesh_destroy(on_cpu);
}

static void check_mesh_pairs(pair_of_contexts c, const char *name, const col_mesh *a, const col_mesh *b,
                             col_transform3 b_to_a)
{
	col_gpu_mesh_options o = col_gpu_mesh_default_options();
	o.solid = false;
	col_gpu_mesh *ga, *gb, *ca, *cb;
	MUST(col_gpu_mesh_create(c.gpu, a, &o, &ga, &must_error));
	MUST(col_gpu_mesh_create(c.gpu, b, &o, &gb, &must_error));
	MUST(col_gpu_mesh_create(c.cpu, a, &o, &ca, &must_error));
	MUST(col_gpu_mesh_create(c.cpu, b, &o, &cb, &must_error));
	size_t na = (size_t)col_mesh_triangle_count(a), nb = (size_t)col_mesh_triangle_count(b);
	uint8_t *ha = malloc(na), *hb = malloc(nb), *ka = malloc(na), *kb = malloc(nb);
	for (int form = 0; form < 2; form++)
		for (int search = 0; search < 2; search++) {
			col_gpu_query_options qo = {form ? COL_METHOD_EUCLIDEAN : COL_METHOD_CGA,
			                            search ? COL_GPU_BVH : COL_GPU_BRUTE_FORCE};
			uint64_t pg = 0, pc = 0;
			col_gpu_stats sg = {0}, sc = {0};
			MUST(col_gpu_mesh_mesh(ga, gb, b_to_a, &qo, &pg, ha, hb, &sg, &must_error));
			MUST(col_gpu_mesh_mesh(ca, cb, b_to_a, &qo, &pc, ka, kb, &sc, &must_error));
			CHECK(pg == pc && memcmp(ha, ka, na) == 0 && memcmp(hb, kb, nb) == 0,
			      "%s: mesh pairs differ (%s, %s): %llu vs %llu", name,
			      form ? "euclidean" : "cga", search ? "bvh" : "brute force",
			      (unsigned long long)pg, (unsigned long long)pc);
			say("  pairs    %-22s %zu x %zu  %8llu pairs  handed back %llu (GPU) %llu (CPU)  %s "
			    "%s\n",
			    name, na, nb, (unsigned long long)pg, (unsigned long long)sg.handed_back,
			    (unsigned long long)sc.handed_back, form ? "euclidean" : "cga",
			    search ? "bvh" : "brute");
		}
	free(ha);
	free(hb);
	free(ka);
	free(kb);
	col_gpu_mesh_destroy(ga);
	col_gpu_mesh_destroy(gb);
	col_gpu_mesh_destroy(ca);
	col_gpu_mesh_destroy(cb);
}

/* ---- primitive pairs in bulk: touching, nested and far-apart spheres ---- */

static void check_collide_pairs(pair_of_contexts c)
{
	size_t n = quick ? 3000 : 300000;
	col_cga_query *a = malloc((n + 8) * sizeof *a), *b = malloc((n + 8) * sizeof *b);
	col_aabb3 box = {{-2, -2, -2}, {2, 2, 2}};
	for (size_t i = 0; i < n; i++) {
		a[i] = random_query((int)(i % 3), box, 1.0);
		b[i] = random_query((int)(i / 3 % 3), box, 1.0);
	}
	/* source 003's failure: r = 8 at the origin and at (558.93, 206.351, 38.258), far apart */
	col_cga_query far_a = {COL_CGA_QUERY_SPHERE, {{0, 0, 0}}, 8.0, COL_CGA_SURFACE};
	col_cga_query far_b = {COL_CGA_QUERY_SPHERE, {{558.93, 206.351, 38.258}}, 8.0, COL_CGA_SURFACE};
	/* tangent outside, tangent inside, nested, the same sphere */
	col_cga_query s1 = {COL_CGA_QUERY_SPHERE, {{0, 0, 0}}, 1.0, COL_CGA_SURFACE};
	col_cga_query s2 = {COL_CGA_QUERY_SPHERE, {{2, 0, 0}}, 1.0, COL_CGA_SURFACE};
	col_cga_query s3 = {COL_CGA_QUERY_SPHERE, {{0.5, 0, 0}}, 0.5, COL_CGA_SURFACE};
	col_cga_query s4 = {COL_CGA_QUERY_SPHERE, {{0.25, 0, 0}}, 0.25, COL_CGA_SOLID};
	a[n] = far_a, b[n] = far_b;
	a[n + 1] = s1, b[n + 1] = s2;
	a[n + 2] = s1, b[n + 2] = s3;
	a[n + 3] = s1, b[n + 3] = s4;
	a[n + 4] = s1, b[n + 4] = s1;
	far_a.mode = far_b.mode = COL_CGA_SOLID;
	a[n + 5] = far_a, b[n + 5] = far_b;
	/* a segment along a triangle's edge, a triangle touching another at a vertex */
	a[n + 6] = (col_cga_query){COL_CGA_QUERY_SEGMENT, {{0, 0, 0}, {1, 0, 0}}, 0, COL_CGA_SOLID};
	b[n + 6] =
	    (col_cga_query){COL_CGA_QUERY_TRIANGLE, {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}}, 0, COL_CGA_SOLID};
	a[n + 7] =
	    (col_cga_query){COL_CGA_QUERY_TRIANGLE, {{2, 0, 0}, {3, 0, 0}, {2, 1, 1}}, 0, COL_CGA_SOLID};
	b[n + 7] = b[n + 6];
	n += 8;
	uint8_t *hg = malloc(n), *hc = malloc(n);
	for (int form = 0; form < 2; form++) {
		col_method m = form ? COL_METHOD_EUCLIDEAN : COL_METHOD_CGA;
		col_gpu_stats sg = {0}, sc = {0};
		MUST(col_gpu_collide_pairs(c.gpu, a, b, n, m, hg, &sg, &must_error));
		MUST(col_gpu_collide_pairs(c.cpu, a, b, n, m, hc, &sc, &must_error));
		CHECK(memcmp(hg, hc, n) == 0, "collide pairs differ (%s)", form ? "euclidean" : "cga");
		CHECK(hg[n - 8] == 0 && hg[n - 3] == 0, "003's far spheres must not meet (%s)",
		      form ? "euclidean" : "cga");
		CHECK(hg[n - 7] == 1 && hg[n - 6] == 1 && hg[n - 5] == 0 && hg[n - 4] == 1,
		      "tangent spheres meet, a surface sphere nested in another does not, the same sphere "
		      "does");
		CHECK(hg[n - 2] == 1 && hg[n - 1] == 1, "touching segment and triangles meet");
		int wrong = 0;
		for (size_t i = 0; i < n; i += quick ? 1 : 37)
			wrong += hg[i] != col_cga_collide(&a[i], &b[i], NULL);
		CHECK(wrong == 0, "%d pairs differ from col_cga_collide", wrong);
		say("  collide  %-22s %9zu pairs   %8llu meet   handed back %llu (GPU) %llu (CPU)  %s\n",
		    "random + degenerate", n, (unsigned long long)sg.hits, (unsigned long long)sg.handed_back,
		    (unsigned long long)sc.handed_back, form ? "euclidean" : "cga");
	}
	free(a);
	free(b);
	free(hg);
	free(hc);
}

/* ---- broad phase ---- */

static void check_broadphase(pair_of_contexts c)
{
	size_t n = quick ? 20000 : 1000000;
	col_aabb3 *boxes = malloc(n * sizeof *boxes);
	double side = quick ? 30.0 : 110.0;
	for (size_t i = 0; i < n; i++) {
		col_vec3 p = {in(0, side), in(0, side), in(0, side)};
		double s = in(0.2, 1.0);
		boxes[i] = (col_aabb3){p, col_vec3_add(p, (col_vec3){s, s, s})};
	}
	/* identical boxes, boxes sharing a face, a flat box */
	for (size_t i = 0; i < 16; i++)
		boxes[i] = boxes[16];
	boxes[17] = (col_aabb3){boxes[18].max, col_vec3_add(boxes[18].max, (col_vec3){1, 1, 1})};
	boxes[19].max.z = boxes[19].min.z;
	col_gpu_broadphase *bg, *bc;
	MUST(col_gpu_broadphase_create(c.gpu, &bg, &must_error));
	MUST(col_gpu_broadphase_create(c.cpu, &bc, &must_error));
	size_t count_g = 0, count_c = 0;
	MUST(col_gpu_broadphase_find_pairs(bg, boxes, n, NULL, 0, &count_g, NULL, &must_error));
	MUST(col_gpu_broadphase_find_pairs(bc, boxes, n, NULL, 0, &count_c, NULL, &must_error));
	CHECK(count_g == count_c, "broad phase: %zu pairs on the GPU, %zu on the CPU", count_g, count_c);
	col_gpu_pair *pg = malloc((count_c + 1) * sizeof *pg), *pc = malloc((count_c + 1) * sizeof *pc);
	col_gpu_stats sg = {0};
	MUST(col_gpu_broadphase_find_pairs(bg, boxes, n, pg, count_c, &count_g, &sg, &must_error));
	MUST(col_gpu_broadphase_find_pairs(bc, boxes, n, pc, count_c, &count_c, NULL, &must_error));
	CHECK(count_g == count_c && memcmp(pg, pc, count_c * sizeof *pg) == 0,
	      "broad phase: pair lists differ");
	if (quick) {
		size_t brute = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				brute += col_aabb3_overlaps(boxes[i], boxes[j]);
		CHECK(brute == count_c, "broad phase: %zu pairs, the all-pairs oracle %zu", count_c, brute);
	}
	say("  broad    %-22s %9zu boxes   %8zu pairs  GPU %.3f ms (kernels)\n", "random + degenerate", n,
	    count_g, sg.compute_ms);
	free(boxes);
	free(pg);
	free(pc);
	col_gpu_broadphase_destroy(bg);
	col_gpu_broadphase_destroy(bc);
}

/* ---- particles ---- */

static void check_particles(pair_of_contexts c)
{
	col_mesh *mesh;
	MUST(col_mesh_create_torus(0.8, 0.3, 48, 24, &mesh, &must_error));
	col_gpu_mesh *mg, *mc;
	MUST(col_gpu_mesh_create(c.gpu, mesh, NULL, &mg, &must_error));
	MUST(col_gpu_mesh_create(c.cpu, mesh, NULL, &mc, &must_error));
	size_t n = quick ? 20000 : 1000000;
	int steps = quick ? 20 : 60;
	const col_gpu_response responses[3] = {COL_GPU_RESPONSE_REFLECT, COL_GPU_RESPONSE_STICK,
	                                       COL_GPU_RESPONSE_NONE};
	const char *names[3] = {"reflect", "stick", "none"};
	col_vec3 *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	uint32_t *fa = malloc(n * sizeof *fa), *fb = malloc(n * sizeof *fb);
	for (int r = 0; r < 3; r++) {
		col_gpu_particles_options o = col_gpu_particles_default_options();
		o.count = n;
		o.seed = 7 + (uint64_t)r;
		o.response = responses[r];
		o.jitter = 0.02;
		o.wind = (col_vec3){0.5, 0.0, 0.0};
		o.drag = 0.1;
		col_gpu_particles *pg, *pc;
		MUST(col_gpu_particles_create(c.gpu, &o, &pg, &must_error));
		MUST(col_gpu_particles_create(c.cpu, &o, &pc, &must_error));
		bool same_stats = true;
		uint64_t inside = 0, handed = 0;
		for (int s = 0; s < steps; s++) {
			double t = s / 60.0;
			col_transform3 pose = {col_quat_from_axis_angle((col_vec3){1, 1, 0}, 2.0 * t),
			                       {0.4 * sin(3 * t), 0, 0.2}};
			col_gpu_mesh *gm[1] = {mg}, *cm[1] = {mc};
			col_gpu_step_stats sg, sc;
			MUST(col_gpu_particles_step(pg, 1.0 / 60, gm, &pose, 1, &sg, &must_error));
			MUST(col_gpu_particles_step(pc, 1.0 / 60, cm, &pose, 1, &sc, &must_error));
			same_stats = same_stats && sg.inside == sc.inside && sg.entered == sc.entered &&
			             sg.stuck == sc.stuck && sg.respawned == sc.respawned;
			inside += sg.inside;
			handed += sg.handed_back;
		}
		CHECK(same_stats, "particles (%s): step counts differ", names[r]);
		MUST(col_gpu_particles_read(pg, 0, n, a, NULL, fa, &must_error));
		MUST(col_gpu_particles_read(pc, 0, n, b, NULL, fb, &must_error));
		CHECK(memcmp(a, b, n * sizeof *a) == 0, "particles (%s): positions differ", names[r]);
		CHECK(memcmp(fa, fb, n * sizeof *fa) == 0, "particles (%s): flags differ", names[r]);
		MUST(col_gpu_particles_read(pg, 0, n, NULL, a, NULL, &must_error));
		MUST(col_gpu_particles_read(pc, 0, n, NULL, b, NULL, &must_error));
		CHECK(memcmp(a, b, n * sizeof *a) == 0, "particles (%s): velocities differ", names[r]);
		say("  particles %-21s %9zu x %d steps  %8llu inside  handed back %llu\n", names[r], n, steps,
		    (unsigned long long)inside, (unsigned long long)handed);
		col_gpu_particles_destroy(pg);
		col_gpu_particles_destroy(pc);
	}
	free(a);
	free(b);
	free(fa);
	free(fb);
	col_gpu_mesh_destroy(mg);
	col_gpu_mesh_destroy(mc);
	col_mesh_destroy(mesh);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = true;
		else if (strcmp(argv[i], "--report") == 0 && i + 1 < argc)
			report = fopen(argv[++i], "w");
		else if (strcmp(argv[i], "--cpu") == 0)
			cpu_stand_in = true;
		else if (strcmp(argv[i], "--info") == 0)
			info_only = true;
	}
	col_gpu_info info;
	col_gpu_get_info(&info);
	if (cpu_stand_in) {
		info.available = true;
		snprintf(info.name, sizeof info.name, "CPU stand-in (3 threads)");
	}
	if (!info.available) {
		say("skipped: no CUDA device (%s)\n", info.reason);
		return 77;
	}
	say("gpu_device_check%s: %s, compute %d.%d, %d multiprocessors, %.1f GiB (%.1f free), CUDA runtime "
	    "%d, driver %d, "
	    "CPU backend %d threads\n",
	    quick ? " --quick" : "", info.name, info.compute_major, info.compute_minor, info.multiprocessors,
	    info.memory_total / 1073741824.0, info.memory_free / 1073741824.0, info.runtime_version,
	    info.driver_version, info.cpu_threads);
	if (info_only)
		return 0;
	pair_of_contexts c;
	col_gpu_options o = col_gpu_default_options();
	o.device = cpu_stand_in ? COL_DEVICE_CPU : COL_DEVICE_GPU;
	o.cpu_threads = cpu_stand_in ? 3 : 0;
	MUST(col_gpu_create(&o, &c.gpu, &must_error));
	o.device = COL_DEVICE_CPU;
	o.cpu_threads = cpu_stand_in ? 1 : 0;
	MUST(col_gpu_create(&o, &c.cpu, &must_error));

	col_mesh *bumpy, *torus, *box, *small;
	MUST(col_mesh_create_bumpy_sphere(quick ? 3 : 5, &bumpy, &must_error));
	MUST(col_mesh_create_torus(1.0, 0.35, quick ? 32 : 128, quick ? 16 : 64, &torus, &must_error));
	MUST(col_mesh_create_box((col_vec3){1, 1, 1}, &box, &must_error));
	MUST(col_mesh_create_bumpy_sphere(2, &small, &must_error));

	check_points(c, "bumpy sphere", bumpy, false);
	check_points(c, "torus", torus, false);
	check_points(c, "integer box (surface)", box, true);

	col_polygon *holes = make_polygon(quick ? 8 : 40, false),
	            *comb = make_polygon(quick ? 20 : 200, true);
	check_polygon(c, "square with holes", holes);
	check_polygon(c, "comb", comb);
	col_polygon_destroy(holes);
	col_polygon_destroy(comb);

	/* queries through the box's vertices and edges, and lying in its faces */
	col_cga_query extra[] = {
	    {COL_CGA_QUERY_SEGMENT, {{-2, -2, -2}, {2, 2, 2}}, 0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SEGMENT, {{-2, 0, 1}, {2, 0, 1}}, 0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_TRIANGLE, {{1, -2, -2}, {1, 2, -2}, {1, 0, 2}}, 0, COL_CGA_SOLID},
	    {COL_CGA_QUERY_SPHERE, {{2, 0, 0}}, 1.0, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}}, 0.5, COL_CGA_SURFACE},
	    {COL_CGA_QUERY_SPHERE, {{0, 0, 0}}, 0.5, COL_CGA_SOLID},
	};
	check_queries(c, "bumpy sphere", bumpy, extra, 0);
	check_queries(c, "integer box", box, extra, (int)(sizeof extra / sizeof *extra));

	col_transform3 pose = {col_quat_from_axis_angle((col_vec3){0, 0, 1}, 0.3), {0.9, 0.1, 0.05}};
	check_mesh_pairs(c, "small x bumpy", small, bumpy, pose);
	check_mesh_pairs(c, "bumpy x small", bumpy, small, pose);
	check_mesh_pairs(c, "torus x bumpy", torus, bumpy, pose);
	/* two integer boxes face to face, touching exactly */
	check_mesh_pairs(c, "touching boxes", box, box, (col_transform3){col_quat_identity(), {2, 0, 0}});

	check_collide_pairs(c);
	check_broadphase(c);
	check_particles(c);

	col_mesh_destroy(bumpy);
	col_mesh_destroy(torus);
	col_mesh_destroy(box);
	col_mesh_destroy(small);
	col_gpu_destroy(c.gpu);
	col_gpu_destroy(c.cpu);
	say("%d checks, %d failed\n", checks, failures);
	if (report != NULL)
		fclose(report);
	return failures == 0 ? 0 : 1;
}
