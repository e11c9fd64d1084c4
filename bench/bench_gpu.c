/* The GPU benchmark: the kernels of gpu/ against the project's own CPU path on all cores of the same
 * machine, in the same run, as ratios (there is no GPU peer on the device machine). Every GPU answer
 * timed here is checked against the CPU's, so a figure never comes from a wrong answer.
 *
 * Usage: bench_gpu [--csv PATH] [--quick]
 *   --quick   small sizes: checks the harness in seconds; its figures mean little
 * Without a CUDA device it measures the CPU backend alone, at --quick sizes, and says so.
 *
 * Cases (docs/gpu.md gives the goals):
 *   contains   points in a closed mesh: the bumpy sphere at level 8 (1,310,720 triangles), 10^8 points of
 *              the 3D uniform set (docs/benchmarks.md) mapped to its box; GPU from device buffers and
 *              streamed from host memory, against the engine's octree on every core
 *   polygon    points in a polygon with holes: the square [0, 101]^2 with 100 x 100 square holes (40,004
 *              edges), 10^8 points of the 2D uniform set mapped to its box; GPU from device buffers, against
 *              the engine's covering grid on every core
 *   particles  10^7 particles raining on a moving, turning torus of 100,000 triangles, reflected;
 *              against the CPU backend (the same step) on 10^6 of them
 *   segment    source 003's segment against a torus of 4,000,000 triangles: every triangle (one thread
 *              each) and through the LBVH; a batch of 10^4 segments through the LBVH
 *   mesh pair  a torus of 1,024 triangles in shallow contact with the 4M torus: through the LBVH and
 *              brute force (4.1 x 10^9 pairs)
 *   broad      10^6 moving boxes to their overlapping pairs, per step over 8 steps
 * Times: GPU kernels by CUDA events (best of runs), and the whole call by the wall clock; the CPU
 * path by the wall clock on all cores. Memory: bytes on the device per triangle and per particle. */
#define _POSIX_C_SOURCE 200809L
#define BENCH_PROGRAM   "bench_gpu"
#include <pthread.h>
#include <stdint.h>

#include "bench_common.h"
#include "cases.h"
#include "collide/gpu.h"
#include "collide/gpu_broadphase.h"
#include "collide/gpu_mesh.h"
#include "collide/gpu_particles.h"
#include "collide/gpu_polygon.h"
#include "collide/octree.h"
#include "collide/polygon_grid.h"

static bool quick, have_gpu;
static FILE *csv;
static int failures;

static double now_ms(void)
{
	return bench_now_seconds() * 1e3;
}

#define MUST(call)                                                                                           \
	do {                                                                                                 \
		col_error must_error;                                                                        \
		memset(&must_error, 0, sizeof must_error);                                                   \
		if ((call) != COL_OK) {                                                                      \
			fprintf(stderr, BENCH_PROGRAM ": %s failed: %s\n", #call, must_error.message);       \
			exit(1);                                                                             \
		}                                                                                            \
	} while (0)

#define AGREE(condition, ...)                                                                                \
	do {                                                                                                 \
		if (!(condition)) {                                                                          \
			failures++;                                                                          \
			printf("  DISAGREEMENT: ");                                                          \
			printf(__VA_ARGS__);                                                                 \
			printf("\n");                                                                        \
		}                                                                                            \
	} while (0)

/* One result row: printed and written to the CSV. rate is in elements per second. */
/* The best of repeated runs: the lowest compute and wall times, and the last run's counters. */
typedef struct best_of {
	double compute_ms, wall_ms;
	col_gpu_stats last;
} best_of;

static void keep_best(best_of *b, const col_gpu_stats *s)
{
	b->compute_ms = s->compute_ms < b->compute_ms ? s->compute_ms : b->compute_ms;
	b->wall_ms = s->wall_ms < b->wall_ms ? s->wall_ms : b->wall_ms;
	b->last = *s;
}

/* How many of the first n device answers differ from the engine's. */
static size_t count_differing(const uint8_t *device, const bool *engine, size_t n)
{
	size_t differing = 0;
	for (size_t i = 0; i < n; i++)
		differing += device[i] != (uint8_t)engine[i];
	return differing;
}

static void row(const char *bench, const char *method, const char *device, double count, double ms,
                double wall_ms, double rate, double ratio, const char *note)
{
	printf("  %-10s %-30s %-4s %12.0f %12.4f %12.4f %12.4g %8.2f  %s\n", bench, method, device, count, ms,
	       wall_ms, rate, ratio, note);
	if (csv != NULL)
		fprintf(csv, "%s,\"%s\",%s,%.0f,%.6f,%.6f,%.6g,%.4f,\"%s\"\n", bench, method, device, count,
		        ms, wall_ms, rate, ratio, note);
}

/* ---- the engine's structures on every core: the CPU path of the point queries ---- */

/* Answers points begin .. end-1 of an engine structure into inside. */
typedef void (*part_fn)(const void *structure, const void *points, size_t begin, size_t end, bool *inside);

typedef struct share {
	part_fn part;
	const void *structure, *points;
	bool *inside;
	size_t begin, end;
} share;

static void *share_worker(void *argument)
{
	share *s = argument;
	s->part(s->structure, s->points, s->begin, s->end, s->inside);
	return NULL;
}

/* Wall-clock milliseconds of count points answered on `threads` threads, a contiguous share each. */
static double all_cores(part_fn part, const void *structure, const void *points, size_t count, bool *inside,
                        int threads)
{
	pthread_t handles[256];
	share shares[256];
	threads = threads < 256 ? threads : 256;
	double start = now_ms();
	for (int t = 0; t < threads; t++) {
		shares[t] = (share){part,
		                    structure,
		                    points,
		                    inside,
		                    count * (size_t)t / (size_t)threads,
		                    count * (size_t)(t + 1) / (size_t)threads};
		pthread_create(&handles[t], NULL, share_worker, &shares[t]);
	}
	for (int t = 0; t < threads; t++)
		pthread_join(handles[t], NULL);
	return now_ms() - start;
}

static void octree_part(const void *tree, const void *points, size_t begin, size_t end, bool *inside)
{
	col_octree_contains_points(tree, (const col_vec3 *)points + begin, end - begin, inside + begin, NULL);
}

static void grid_part(const void *grid, const void *points, size_t begin, size_t end, bool *inside)
{
	col_polygon_grid_contains_points(grid, (const col_vec2 *)points + begin, end - begin, inside + begin,
	                                 NULL);
}

static void bench_contains(col_gpu *gpu, int threads)
{
	int level = quick ? 5 : 8;
	size_t n = quick ? 2000000 : 100000000, n_cpu = quick ? 2000000 : 10000000;
	col_mesh *mesh;
	MUST(col_mesh_create_bumpy_sphere(level, &mesh, &must_error));
	col_gpu_mesh *gm;
	MUST(col_gpu_mesh_create(gpu, mesh, NULL, &gm, &must_error));
	col_gpu_mesh_info info = col_gpu_mesh_get_info(gm);
	printf("contains: bumpy sphere level %d, %d triangles, octree %d cells, depth %d; built and laid out "
	       "in %.0f ms; "
	       "%.0f device bytes a triangle\n",
	       level, info.triangles, info.octree_cells, info.octree_depth, info.build_ms,
	       (double)info.device_bytes / info.triangles);
	double *p = bench_queries3_uniform(n);
	if (p == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory for %zu points\n", n);
		exit(1);
	}
	col_aabb3 b = col_mesh_bounds(mesh);
	double box[6] = {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z};
	bench_map3(p, n, box, p);
	const col_vec3 *points = (const col_vec3 *)p;
	bool *cpu = bench_checked_malloc(n_cpu * sizeof *cpu);
	double cpu_ms = 1e300;
	for (int r = 0; r < 3; r++) {
		double ms = all_cores(octree_part, col_gpu_mesh_octree(gm), points, n_cpu, cpu, threads);
		cpu_ms = ms < cpu_ms ? ms : cpu_ms;
	}
	double cpu_rate = n_cpu / (cpu_ms * 1e-3);
	char note[160];
	snprintf(note, sizeof note, "col_octree_contains_points on %d threads, first %zu points", threads,
	         n_cpu);
	row("contains", "engine octree", "cpu", (double)n_cpu, cpu_ms, cpu_ms, cpu_rate, 1.0, note);
	uint8_t *answers = bench_checked_malloc(n);
	col_gpu_buffer *dp, *di;
	MUST(col_gpu_buffer_create(gpu, n * sizeof *points, &dp, &must_error));
	MUST(col_gpu_buffer_create(gpu, n, &di, &must_error));
	double upload = now_ms();
	MUST(col_gpu_buffer_upload(dp, 0, points, n * sizeof *points, &must_error));
	upload = now_ms() - upload;
	best_of runs = {1e300, 1e300, {0}};
	for (int r = 0; r < 3; r++) {
		col_gpu_stats s = {0};
		MUST(col_gpu_mesh_contains(gm, NULL, dp, n, di, &s, &must_error));
		keep_best(&runs, &s);
	}
	double best = runs.compute_ms, best_wall = runs.wall_ms;
	col_gpu_stats last = runs.last;
	MUST(col_gpu_buffer_download(di, 0, answers, n, &must_error));
	size_t wrong = count_differing(answers, cpu, n_cpu);
	AGREE(wrong == 0, "contains: %zu of the first %zu answers differ from the engine's octree", wrong,
	      n_cpu);
	const char *device = have_gpu ? "gpu" : "cpu";
	snprintf(note, sizeof note, "device buffers; %llu inside, %llu handed back; upload %.1f ms",
	         (unsigned long long)last.hits, (unsigned long long)last.handed_back, upload);
	row("contains", "gpu octree", device, (double)n, best, best_wall, n / (best * 1e-3),
	    (n / (best * 1e-3)) / cpu_rate, note);
	double stream = 1e300;
	for (int r = 0; r < 2; r++) {
		col_gpu_stats s = {0};
		MUST(col_gpu_mesh_contains_points(gm, NULL, points, n, answers, &s, &must_error));
		stream = s.wall_ms < stream ? s.wall_ms : stream;
	}
	wrong = count_differing(answers, cpu, n_cpu);
	AGREE(wrong == 0, "contains (streamed): %zu answers differ", wrong);
	row("contains", "gpu octree, streamed", device, (double)n, stream, stream, n / (stream * 1e-3),
	    (n / (stream * 1e-3)) / cpu_rate, "host arrays in, host array out: transfers overlapped");
	col_gpu_buffer_destroy(dp);
	col_gpu_buffer_destroy(di);
	free(answers);
	free(cpu);
	free(p);
	col_gpu_mesh_destroy(gm);
	col_mesh_destroy(mesh);
}

/* ---- points in a polygon ---- */

static void bench_polygon(col_gpu *gpu, int threads)
{
	int k = quick ? 20 : 100;
	size_t n = quick ? 2000000 : 100000000, n_cpu = quick ? 2000000 : 10000000;
	double side = k + 1.0;
	col_vec2 outer[4] = {{0, 0}, {side, 0}, {side, side}, {0, side}};
	col_contour *contours = bench_checked_malloc((size_t)(k * k + 1) * sizeof *contours);
	col_vec2 *corners = bench_checked_malloc((size_t)(k * k) * 4 * sizeof *corners);
	contours[0] = (col_contour){outer, 4};
	for (int h = 0; h < k * k; h++) {
		double x = 1.0 + h % k, y = 1.0 + h / k;
		col_vec2 *c = corners + 4 * h;
		c[0] = (col_vec2){x - 0.25, y - 0.25}, c[1] = (col_vec2){x - 0.25, y + 0.25};
		c[2] = (col_vec2){x + 0.25, y + 0.25}, c[3] = (col_vec2){x + 0.25, y - 0.25};
		contours[h + 1] = (col_contour){c, 4};
	}
	col_polygon *polygon;
	MUST(col_polygon_create(contours, k * k + 1, &polygon, &must_error));
	col_gpu_polygon *gp;
	MUST(col_gpu_polygon_create(gpu, polygon, NULL, &gp, &must_error));
	col_gpu_polygon_info info = col_gpu_polygon_get_info(gp);
	printf("polygon: a square with %d holes, %d edges, grid of %d cells; built and laid out in %.0f ms; "
	       "%.0f device "
	       "bytes an edge\n",
	       k * k, info.edges, info.cells, info.build_ms, (double)info.device_bytes / info.edges);
	double *p = bench_queries2_uniform(n);
	if (p == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory for %zu points\n", n);
		exit(1);
	}
	double box[4] = {0, 0, side, side};
	bench_map2(p, n, box, p);
	const col_vec2 *points = (const col_vec2 *)p;
	bool *cpu = bench_checked_malloc(n_cpu * sizeof *cpu);
	double cpu_ms = 1e300;
	for (int r = 0; r < 3; r++) {
		double ms = all_cores(grid_part, col_gpu_polygon_grid(gp), points, n_cpu, cpu, threads);
		cpu_ms = ms < cpu_ms ? ms : cpu_ms;
	}
	double cpu_rate = n_cpu / (cpu_ms * 1e-3);
	char note[160];
	snprintf(note, sizeof note, "col_polygon_grid_contains_points on %d threads, first %zu points",
	         threads, n_cpu);
	row("polygon", "engine grid", "cpu", (double)n_cpu, cpu_ms, cpu_ms, cpu_rate, 1.0, note);
	uint8_t *answers = bench_checked_malloc(n);
	col_gpu_buffer *dp, *di;
	MUST(col_gpu_buffer_create(gpu, n * sizeof *points, &dp, &must_error));
	MUST(col_gpu_buffer_create(gpu, n, &di, &must_error));
	MUST(col_gpu_buffer_upload(dp, 0, points, n * sizeof *points, &must_error));
	best_of runs = {1e300, 1e300, {0}};
	for (int r = 0; r < 3; r++) {
		col_gpu_stats s = {0};
		MUST(col_gpu_polygon_contains(gp, NULL, dp, n, di, &s, &must_error));
		keep_best(&runs, &s);
	}
	double best = runs.compute_ms, best_wall = runs.wall_ms;
	col_gpu_stats last = runs.last;
	MUST(col_gpu_buffer_download(di, 0, answers, n, &must_error));
	size_t wrong = count_differing(answers, cpu, n_cpu);
	AGREE(wrong == 0, "polygon: %zu of the first %zu answers differ from the engine's grid", wrong,
	      n_cpu);
	snprintf(note, sizeof note, "device buffers; %llu inside, %llu handed back",
	         (unsigned long long)last.hits, (unsigned long long)last.handed_back);
	row("polygon", "gpu grid", have_gpu ? "gpu" : "cpu", (double)n, best, best_wall, n / (best * 1e-3),
	    (n / (best * 1e-3)) / cpu_rate, note);
	col_gpu_buffer_destroy(dp);
	col_gpu_buffer_destroy(di);
	free(answers);
	free(cpu);
	free(p);
	free(contours);
	free(corners);
	col_gpu_polygon_destroy(gp);
	col_polygon_destroy(polygon);
}

/* ---- particles ---- */

static col_transform3 torus_pose(int step)
{
	double t = step / 120.0;
	return (col_transform3){col_quat_from_axis_angle((col_vec3){1, 0.3, 0}, 0.8 * t),
	                        {0.5 * sin(2.0 * t), 0, 0}};
}

static void bench_particles(col_gpu *gpu, col_gpu *cpu)
{
	col_mesh *torus;
	int major = quick ? 50 : 250, minor = quick ? 40 : 200;
	MUST(col_mesh_create_torus(1.0, 0.3, major, minor, &torus, &must_error));
	col_gpu_mesh *mg, *mc;
	MUST(col_gpu_mesh_create(gpu, torus, NULL, &mg, &must_error));
	MUST(col_gpu_mesh_create(cpu, torus, NULL, &mc, &must_error));
	col_gpu_particles_options o = col_gpu_particles_default_options();
	o.spawn = (col_aabb3){{-1.5, -1.5, 1.0}, {1.5, 1.5, 3.0}};
	o.domain = (col_aabb3){{-2.0, -2.0, -1.5}, {2.0, 2.0, 3.0}};
	o.spawn_velocity = (col_vec3){0, 0, -1};
	o.jitter = 0.01;
	o.response = COL_GPU_RESPONSE_REFLECT;
	o.restitution = 0.5;
	size_t n = quick ? 200000 : 10000000, n_cpu = quick ? 200000 : 1000000;
	int warm = 5, steps = quick ? 20 : 200, cpu_steps = quick ? 5 : 10;
	/* the CPU backend: n_cpu particles, a few steps after the same warm-up */
	o.count = n_cpu;
	col_gpu_particles *pc;
	MUST(col_gpu_particles_create(cpu, &o, &pc, &must_error));
	col_gpu_mesh *cm[1] = {mc};
	for (int s = 0; s < warm; s++) {
		col_transform3 pose = torus_pose(s);
		MUST(col_gpu_particles_step(pc, 1.0 / 120, cm, &pose, 1, NULL, &must_error));
	}
	double cpu_ms = now_ms();
	for (int s = warm; s < warm + cpu_steps; s++) {
		col_transform3 pose = torus_pose(s);
		MUST(col_gpu_particles_step(pc, 1.0 / 120, cm, &pose, 1, NULL, &must_error));
	}
	cpu_ms = (now_ms() - cpu_ms) / cpu_steps;
	double cpu_rate = n_cpu / (cpu_ms * 1e-3);
	char note[200];
	snprintf(note, sizeof note, "CPU backend, %d threads, %zu particles, ms per step",
	         col_gpu_cpu_threads(cpu), n_cpu);
	row("particles", "step, reflect", "cpu", (double)n_cpu, cpu_ms, cpu_ms, cpu_rate, 1.0, note);
	col_gpu_particles_destroy(pc);
	if (!have_gpu)
		goto done;
	o.count = n;
	col_gpu_particles *pg;
	MUST(col_gpu_particles_create(gpu, &o, &pg, &must_error));
	col_gpu_mesh *gm[1] = {mg};
	for (int s = 0; s < warm; s++) {
		col_transform3 pose = torus_pose(s);
		MUST(col_gpu_particles_step(pg, 1.0 / 120, gm, &pose, 1, NULL, &must_error));
	}
	double kernel = 0.0, wall = now_ms();
	uint64_t inside = 0, handed = 0, cache = 0;
	for (int s = warm; s < warm + steps; s++) {
		col_transform3 pose = torus_pose(s);
		col_gpu_step_stats st;
		MUST(col_gpu_particles_step(pg, 1.0 / 120, gm, &pose, 1, &st, &must_error));
		kernel += st.compute_ms;
		inside += st.inside;
		handed += st.handed_back;
		cache += st.cache_hits;
	}
	wall = (now_ms() - wall) / steps;
	kernel /= steps;
	snprintf(note, sizeof note,
	         "%.1f steps a second; %.0f collisions, %.2f cache hits, %.3f hand-backs a step; %zu "
	         "device bytes a particle",
	         1e3 / wall, (double)inside / steps, (double)cache / steps, (double)handed / steps,
	         col_gpu_particles_device_bytes(pg) / n);
	row("particles", "step, reflect", "gpu", (double)n, kernel, wall, n / (wall * 1e-3),
	    (n / (wall * 1e-3)) / cpu_rate, note);
	col_gpu_particles_destroy(pg);
done:
	col_gpu_mesh_destroy(mg);
	col_gpu_mesh_destroy(mc);
	col_mesh_destroy(torus);
}

/* ---- source 003: a segment, and a small mesh, against 4M triangles ---- */

typedef struct timing {
	double ms, wall;
	col_gpu_stats stats;
} timing;

static timing time_query(col_gpu_mesh *m, const col_cga_query *q, size_t count, col_gpu_query_options o,
                         int runs, uint32_t *counts)
{
	timing t = {1e300, 1e300, {0}};
	for (int r = 0; r < runs; r++) {
		col_gpu_stats s = {0};
		MUST(col_gpu_mesh_query(m, q, count, &o, counts, NULL, &s, &must_error));
		t.ms = s.compute_ms < t.ms ? s.compute_ms : t.ms;
		t.wall = s.wall_ms < t.wall ? s.wall_ms : t.wall;
		t.stats = s;
	}
	return t;
}

static timing time_pair(col_gpu_mesh *a, col_gpu_mesh *b, col_transform3 pose, col_gpu_query_options o,
                        int runs, uint64_t *pairs)
{
	timing t = {1e300, 1e300, {0}};
	for (int r = 0; r < runs; r++) {
		col_gpu_stats s = {0};
		MUST(col_gpu_mesh_mesh(a, b, pose, &o, pairs, NULL, NULL, &s, &must_error));
		t.ms = s.compute_ms < t.ms ? s.compute_ms : t.ms;
		t.wall = s.wall_ms < t.wall ? s.wall_ms : t.wall;
		t.stats = s;
	}
	return t;
}

static void bench_source003(col_gpu *gpu, col_gpu *cpu)
{
	int major = quick ? 200 : 2000, minor = quick ? 100 : 1000;
	col_mesh *big, *tool;
	MUST(col_mesh_create_torus(1.0, 0.3, major, minor, &big, &must_error));
	MUST(col_mesh_create_torus(0.1, 0.03, 32, 16, &tool, &must_error));
	col_gpu_mesh_options surface = col_gpu_mesh_default_options();
	surface.solid = false;
	col_gpu_mesh *bg, *bc, *tg, *tc;
	MUST(col_gpu_mesh_create(gpu, big, &surface, &bg, &must_error));
	MUST(col_gpu_mesh_create(cpu, big, &surface, &bc, &must_error));
	MUST(col_gpu_mesh_create(gpu, tool, &surface, &tg, &must_error));
	MUST(col_gpu_mesh_create(cpu, tool, &surface, &tc, &must_error));
	col_gpu_mesh_info info = col_gpu_mesh_get_info(bg);
	printf("source 003: a torus of %d triangles (%.0f device bytes a triangle, LBVH included; laid out "
	       "in %.0f ms), a "
	       "tool of %d\n",
	       info.triangles, (double)info.device_bytes / info.triangles, info.build_ms,
	       col_mesh_triangle_count(tool));
	const char *device = have_gpu ? "gpu" : "cpu";
	/* a segment across the torus, through its tube twice */
	col_cga_query segment = {
	    COL_CGA_QUERY_SEGMENT, {{-1.5, 0.01, 0.02}, {1.5, 0.013, -0.017}}, 0, COL_CGA_SOLID};
	uint32_t count_g = 0, count_c = 0;
	for (int form = 0; form < 2; form++) {
		col_method m = form ? COL_METHOD_EUCLIDEAN : COL_METHOD_CGA;
		const char *fname = form ? "euclidean" : "cga";
		for (int search = 0; search < 2; search++) {
			col_gpu_query_options o = {m, search ? COL_GPU_BVH : COL_GPU_BRUTE_FORCE};
			timing c = time_query(bc, &segment, 1, o, search ? 20 : 3, &count_c);
			timing g = time_query(bg, &segment, 1, o, search ? 200 : 20, &count_g);
			AGREE(count_g == count_c, "segment (%s): %u triangles on the GPU, %u on the CPU",
			      fname, count_g, count_c);
			char method[64], note[160];
			snprintf(method, sizeof method, "segment, %s, %s", search ? "bvh" : "brute force",
			         fname);
			snprintf(note, sizeof note, "%u triangles met; CPU backend %d threads", count_c,
			         col_gpu_cpu_threads(cpu));
			row("segment", method, "cpu", info.triangles, c.wall, c.wall, 1e3 / c.wall, 1.0,
			    note);
			snprintf(note, sizeof note, "%u triangles met; ratio of wall times", count_g);
			row("segment", method, device, info.triangles, g.ms, g.wall, 1e3 / g.wall,
			    c.wall / g.wall, note);
		}
	}
	/* a batch of segments through the LBVH */
	size_t batch = quick ? 1000 : 10000;
	col_cga_query *many = bench_checked_malloc(batch * sizeof *many);
	uint64_t state = 12345;
	for (size_t i = 0; i < batch; i++) {
		double d[3];
		bench_unit_direction(&state, d);
		double a = BENCH_TWO_PI * bench_draw(&state);
		col_vec3 c = {cos(a), sin(a), 0.0};
		many[i] = (col_cga_query){COL_CGA_QUERY_SEGMENT,
		                          {{c.x - 0.5 * d[0], c.y - 0.5 * d[1], c.z - 0.5 * d[2]},
		                           {c.x + 0.5 * d[0], c.y + 0.5 * d[1], c.z + 0.5 * d[2]}},
		                          0,
		                          COL_CGA_SOLID};
	}
	uint32_t *cg = bench_checked_malloc(batch * sizeof *cg),
	         *cc = bench_checked_malloc(batch * sizeof *cc);
	col_gpu_query_options bvh = {COL_METHOD_CGA, COL_GPU_BVH};
	timing c = time_query(bc, many, batch, bvh, 3, cc);
	timing g = time_query(bg, many, batch, bvh, 10, cg);
	AGREE(memcmp(cg, cc, batch * sizeof *cg) == 0, "segment batch: counts differ");
	row("segment", "batch of segments, bvh, cga", "cpu", (double)batch, c.wall, c.wall,
	    batch / (c.wall * 1e-3), 1.0, "segments a second");
	row("segment", "batch of segments, bvh, cga", device, (double)batch, g.ms, g.wall,
	    batch / (g.wall * 1e-3), c.wall / g.wall, "segments a second");
	free(many);
	free(cg);
	free(cc);
	/* the tool (b) placed in the torus's frame (a's) by pose, in shallow contact with its outer equator
	 */
	col_transform3 pose = {col_quat_from_axis_angle((col_vec3){0, 1, 0}, 0.4),
	                       {1.3 + 0.1 - 0.01, 0.0, 0.0}};
	for (int search = 1; search >= 0; search--) {
		col_gpu_query_options o = {COL_METHOD_CGA, search ? COL_GPU_BVH : COL_GPU_BRUTE_FORCE};
		uint64_t pg = 0, pc = 0;
		timing tc_ = time_pair(bc, tc, pose, o, search ? 5 : 1, &pc);
		timing tg_ = time_pair(bg, tg, pose, o, search ? 20 : 3, &pg);
		AGREE(pg == pc, "mesh pair (%s): %llu pairs on the GPU, %llu on the CPU",
		      search ? "bvh" : "brute force", (unsigned long long)pg, (unsigned long long)pc);
		char method[64], note[160];
		snprintf(method, sizeof method, "1K x 4M, %s, cga", search ? "bvh" : "brute force");
		snprintf(note, sizeof note, "%llu pairs meet; %.3g pairs tested by brute force",
		         (unsigned long long)pc, (double)info.triangles * col_mesh_triangle_count(tool));
		row("mesh pair", method, "cpu", (double)col_mesh_triangle_count(tool), tc_.wall, tc_.wall,
		    1e3 / tc_.wall, 1.0, note);
		row("mesh pair", method, device, (double)col_mesh_triangle_count(tool), tg_.ms, tg_.wall,
		    1e3 / tg_.wall, tc_.wall / tg_.wall, note);
	}
	col_gpu_mesh_destroy(bg);
	col_gpu_mesh_destroy(bc);
	col_gpu_mesh_destroy(tg);
	col_gpu_mesh_destroy(tc);
	col_mesh_destroy(big);
	col_mesh_destroy(tool);
}

/* ---- the broad phase ---- */

static void bench_broadphase(col_gpu *gpu, col_gpu *cpu)
{
	size_t n = quick ? 100000 : 1000000;
	int frames = 8;
	/* a cube whose density gives each box about one neighbour: side^3 = n (2 s)^3 / 1.5 */
	double size = 1.0, side = cbrt((double)n * 8.0 / 1.5) * size;
	uint64_t state = 777;
	col_aabb3 *frame = bench_checked_malloc(n * (size_t)frames * sizeof *frame);
	col_vec3 *position = bench_checked_malloc(n * sizeof *position),
	         *velocity = bench_checked_malloc(n * sizeof *velocity);
	double *extent = bench_checked_malloc(n * sizeof *extent);
	for (size_t i = 0; i < n; i++) {
		position[i] = (col_vec3){side * bench_draw(&state), side * bench_draw(&state),
		                         side * bench_draw(&state)};
		velocity[i] =
		    (col_vec3){bench_draw(&state) - 0.5, bench_draw(&state) - 0.5, bench_draw(&state) - 0.5};
		extent[i] = size * (0.5 + bench_draw(&state));
	}
	for (int f = 0; f < frames; f++)
		for (size_t i = 0; i < n; i++) {
			col_vec3 p = col_vec3_add(position[i], col_vec3_scale(velocity[i], 0.1 * f));
			double e = 0.5 * extent[i];
			frame[(size_t)f * n + i] =
			    (col_aabb3){{p.x - e, p.y - e, p.z - e}, {p.x + e, p.y + e, p.z + e}};
		}
	const char *device = have_gpu ? "gpu" : "cpu";
	double times[2][2] = {{0, 0}, {0, 0}};
	size_t pair_counts[2][8];
	col_gpu *contexts[2] = {cpu, gpu};
	for (int k = 0; k < (have_gpu ? 2 : 1); k++) {
		col_gpu_broadphase *bp;
		MUST(col_gpu_broadphase_create(contexts[k], &bp, &must_error));
		col_gpu_buffer *boxes, *pairs;
		size_t capacity = 4 * n;
		MUST(col_gpu_buffer_create(contexts[k], n * (size_t)frames * sizeof *frame, &boxes,
		                           &must_error));
		MUST(col_gpu_buffer_upload(boxes, 0, frame, n * (size_t)frames * sizeof *frame, &must_error));
		MUST(
		    col_gpu_buffer_create(contexts[k], capacity * sizeof(col_gpu_pair), &pairs, &must_error));
		/* the boxes of frame f: a buffer view is not part of the API, so each frame is copied to the
		 * front */
		col_gpu_buffer *step;
		MUST(col_gpu_buffer_create(contexts[k], n * sizeof *frame, &step, &must_error));
		for (int f = 0; f < frames; f++) {
			MUST(col_gpu_buffer_upload(step, 0, frame + (size_t)f * n, n * sizeof *frame,
			                           &must_error));
			col_gpu_stats s = {0};
			size_t found = 0;
			MUST(col_gpu_broadphase_find(bp, step, n, pairs, capacity, &found, &s, &must_error));
			pair_counts[k][f] = found;
			if (f > 0) { /* the first step allocates */
				times[k][0] += s.compute_ms / (frames - 1);
				times[k][1] += s.wall_ms / (frames - 1);
			}
		}
		col_gpu_buffer_destroy(step);
		col_gpu_buffer_destroy(boxes);
		col_gpu_buffer_destroy(pairs);
		col_gpu_broadphase_destroy(bp);
	}
	if (have_gpu)
		for (int f = 0; f < frames; f++)
			AGREE(pair_counts[0][f] == pair_counts[1][f],
			      "broad phase frame %d: %zu pairs on the GPU, %zu on the CPU", f,
			      pair_counts[1][f], pair_counts[0][f]);
	char note[160];
	snprintf(note, sizeof note,
	         "ms per step (LBVH build and pairs), %zu pairs a step; CPU backend %d threads",
	         pair_counts[0][frames - 1], col_gpu_cpu_threads(cpu));
	row("broad", "lbvh, pairs sorted", "cpu", (double)n, times[0][0], times[0][1],
	    n / (times[0][1] * 1e-3), 1.0, note);
	if (have_gpu)
		row("broad", "lbvh, pairs sorted", device, (double)n, times[1][0], times[1][1],
		    n / (times[1][1] * 1e-3), times[0][1] / times[1][1], "ms per step");
	free(frame);
	free(position);
	free(velocity);
	free(extent);
}

int main(int argc, char **argv)
{
	const char *csv_path = "bench/results/gpu.csv";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = true;
		else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc)
			csv_path = argv[++i];
	}
	col_gpu_info info;
	col_gpu_get_info(&info);
	have_gpu = info.available;
	if (!have_gpu)
		quick = true;
	time_t t = time(NULL);
	char date[64];
	strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&t));
	printf("collide GPU benchmark, %s\n", date);
	if (have_gpu)
		printf(
		    "device: %s, compute %d.%d, %d multiprocessors, %.1f GiB; CUDA runtime %d, driver %d\n",
		    info.name, info.compute_major, info.compute_minor, info.multiprocessors,
		    info.memory_total / 1073741824.0, info.runtime_version, info.driver_version);
	else
		printf("device: skipped: no CUDA device (%s); the CPU backend alone, at --quick sizes\n",
		       info.reason);
	printf("CPU: %d cores; %s build\n", info.cpu_threads, COLLIDE_BENCH_BUILD_TYPE);
	printf("columns: bench, method, device, elements, compute ms (GPU: kernels by events; CPU: wall), "
	       "wall ms, "
	       "elements a second, speed-up over the CPU row, note\n");
	csv = fopen(csv_path, "w");
	if (csv != NULL)
		fprintf(csv, "bench,method,device,elements,compute_ms,wall_ms,rate,ratio,note\n");
	col_gpu *gpu, *cpu;
	col_gpu_options o = col_gpu_default_options();
	o.device = have_gpu ? COL_DEVICE_GPU : COL_DEVICE_CPU;
	MUST(col_gpu_create(&o, &gpu, &must_error));
	o.device = COL_DEVICE_CPU;
	MUST(col_gpu_create(&o, &cpu, &must_error));
	bench_contains(gpu, info.cpu_threads);
	bench_polygon(gpu, info.cpu_threads);
	bench_particles(gpu, cpu);
	bench_source003(gpu, cpu);
	bench_broadphase(gpu, cpu);
	col_gpu_destroy(gpu);
	col_gpu_destroy(cpu);
	if (csv != NULL)
		fclose(csv);
	printf("%s\n",
	       failures == 0 ? "every GPU answer timed here equals the CPU's" : "DISAGREEMENTS: see above");
	return failures == 0 ? 0 : 1;
}
