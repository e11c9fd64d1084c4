/* A polygon on a compute context: the engine's covering grid laid out flat (cells with their boxes,
 * origins and nested grids, the leaves' edges), points tested on either backend, the hand-backs
 * decided by col_polygon_grid_contains. */
#include <stdlib.h>
#include <string.h>

#include "collide/gpu_polygon.h"
#include "gpu_internal.h"

_Static_assert(sizeof(hd_vec2) == sizeof(col_vec2), "hd_vec2 is col_vec2");

struct col_gpu_polygon {
	col_gpu *gpu;
	col_polygon_grid *grid; /* the engine's: the hand-backs' */
	hd_grid flat;           /* device pointers */
	size_t cells_bytes, edges_bytes;
	col_gpu_buffer *buffers[2]; /* points and answers of contains_points on a GPU, kept */
	col_gpu_polygon_info info;
};

void col_gpu_polygon_destroy(col_gpu_polygon *p)
{
	if (p == NULL)
		return;
	gpu_release(p->gpu, (void *)p->flat.cells, p->cells_bytes);
	gpu_release(p->gpu, (void *)p->flat.edges, p->edges_bytes);
	col_gpu_buffer_destroy(p->buffers[0]);
	col_gpu_buffer_destroy(p->buffers[1]);
	col_polygon_grid_destroy(p->grid);
	free(p);
}

col_gpu_polygon_info col_gpu_polygon_get_info(const col_gpu_polygon *p)
{
	col_gpu_polygon_info none;
	memset(&none, 0, sizeof none);
	return p == NULL ? none : p->info;
}

const col_polygon_grid *col_gpu_polygon_grid(const col_gpu_polygon *p)
{
	return p == NULL ? NULL : p->grid;
}

/* The grid's cells and edges as hd_grid's arrays. */
static col_status lay_out(col_gpu_polygon *p, col_error *error)
{
	col_polygon_grid_info info = col_polygon_grid_get_info(p->grid);
	int cells = info.cells;
	size_t references = 0;
	col_polygon_grid_cell cell;
	for (int i = 0; i < cells; i++)
		if (col_polygon_grid_cell_at(p->grid, i, &cell) && cell.first_child < 0)
			references += (size_t)cell.edge_count;
	p->cells_bytes = (size_t)cells * sizeof(hd_grid_cell);
	p->edges_bytes = 4 * references * sizeof(double);
	hd_grid_cell *flat = malloc(p->cells_bytes + 1);
	double *edges = malloc(p->edges_bytes + 1);
	if (flat == NULL || edges == NULL) {
		free(flat);
		free(edges);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu polygon: out of memory for %d cells",
		                cells);
	}
	size_t next = 0;
	for (int i = 0; i < cells; i++) {
		col_polygon_grid_cell_at(p->grid, i, &cell);
		hd_grid_cell *c = &flat[i];
		memset(c, 0, sizeof *c);
		c->lo_x = cell.box.min.x, c->lo_y = cell.box.min.y, c->hi_x = cell.box.max.x,
		c->hi_y = cell.box.max.y;
		c->origin_x = cell.origin.x, c->origin_y = cell.origin.y;
		c->state =
		    (cell.origin_inside ? HD_CELL_INSIDE : 0) | (cell.has_origin ? 0 : HD_CELL_NO_ORIGIN);
		c->child = cell.first_child;
		c->columns = cell.child_columns;
		c->rows = cell.child_rows;
		if (cell.first_child >= 0)
			continue;
		c->first = (int32_t)next;
		c->count = cell.edge_count;
		for (int k = 0; k < cell.edge_count; k++) {
			col_vec2 a, b;
			col_polygon_grid_cell_edge(p->grid, i, k, &a, &b);
			edges[4 * next] = a.x, edges[4 * next + 1] = a.y, edges[4 * next + 2] = b.x,
			          edges[4 * next + 3] = b.y;
			next++;
		}
	}
	p->flat.lo_x = info.bounds.min.x, p->flat.lo_y = info.bounds.min.y;
	p->flat.hi_x = info.bounds.max.x, p->flat.hi_y = info.bounds.max.y;
	p->flat.columns = info.columns, p->flat.rows = info.rows;
	void *device;
	col_status status = gpu_adopt(p->gpu, (void **)&flat, p->cells_bytes, &device, error);
	p->flat.cells = device;
	if (status == COL_OK) {
		status = gpu_adopt(p->gpu, (void **)&edges, p->edges_bytes, &device, error);
		p->flat.edges = device;
	}
	free(flat);
	free(edges);
	p->info.cells = cells;
	p->info.edge_references = references;
	return status;
}

col_status col_gpu_polygon_create(col_gpu *gpu, const col_polygon *polygon,
                                  const col_polygon_grid_options *options, col_gpu_polygon **out,
                                  col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu polygon: the output pointer is NULL");
	*out = NULL;
	if (gpu == NULL || polygon == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu polygon: NULL context or polygon");
	double start = gpu_now_ms();
	col_gpu_polygon *p = calloc(1, sizeof *p);
	if (p == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu polygon: out of memory");
	p->gpu = gpu;
	size_t before = gpu->memory_in_use;
	col_status status = col_polygon_grid_build(polygon, options, &p->grid, error);
	if (status == COL_OK)
		status = lay_out(p, error);
	if (status != COL_OK) {
		col_gpu_polygon_destroy(p);
		return status;
	}
	int edges = 0;
	for (int c = 0; c < col_polygon_contour_count(polygon); c++)
		edges += col_polygon_contour(polygon, c).count;
	p->info.edges = edges;
	p->info.device_bytes = gpu->memory_in_use - before;
	p->info.build_ms = gpu_now_ms() - start;
	col_error_clear(error);
	*out = p;
	return COL_OK;
}

/* ---- the query ---- */

typedef struct polygon_job {
	const col_gpu_polygon *polygon;
	double pose[4];
	const hd_vec2 *points;
	uint8_t *inside;
	uint64_t hits[COL_GPU_MAX_CPU_THREADS], handed_back[COL_GPU_MAX_CPU_THREADS],
	    cells[COL_GPU_MAX_CPU_THREADS], tested[COL_GPU_MAX_CPU_THREADS];
} polygon_job;

static bool exact_inside(const col_gpu_polygon *p, hd_vec2 local)
{
	return col_polygon_grid_contains(p->grid, (col_vec2){local.x, local.y}, NULL);
}

static void polygon_task(void *context, size_t begin, size_t end, int worker)
{
	polygon_job *job = context;
	uint64_t hits = 0, handed_back = 0, cells = 0, tested = 0;
	for (size_t i = begin; i < end; i++) {
		hd_vec2 q = hd_pose2_apply_inverse(job->pose[0], job->pose[1], job->pose[2], job->pose[3],
		                                   job->points[i]);
		int answer = hd_grid_contains(&job->polygon->flat, q, &cells, &tested);
		if (answer == HD_POLYGON_UNSURE) {
			answer = exact_inside(job->polygon, q);
			handed_back++;
		}
		job->inside[i] = (uint8_t)answer;
		hits += (uint64_t)answer;
	}
	job->hits[worker] += hits;
	job->handed_back[worker] += handed_back;
	job->cells[worker] += cells;
	job->tested[worker] += tested;
}

static col_status check_buffer(const col_gpu_polygon *p, const col_gpu_buffer *buffer, size_t count,
                               size_t element, const char *what, col_error *error)
{
	return gpu_check_buffer(p->gpu, buffer, count, element, "gpu polygon", what, error);
}

col_status col_gpu_polygon_contains(col_gpu_polygon *p, const col_transform2 *pose,
                                    const col_gpu_buffer *points, size_t count, col_gpu_buffer *inside,
                                    col_gpu_stats *stats, col_error *error)
{
	if (p == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu polygon: NULL polygon");
	col_transform2 t = pose != NULL ? *pose : col_transform2_identity();
	if (!isfinite(t.rotation.c) || !isfinite(t.rotation.s) || !col_vec2_is_finite(t.translation))
		return col_fail(error, COL_ERROR_NOT_FINITE, "gpu polygon contains: the pose is not finite");
	col_status status = check_buffer(p, points, count, sizeof(col_vec2), "points", error);
	if (status == COL_OK)
		status = check_buffer(p, inside, count, 1, "inside", error);
	if (status != COL_OK)
		return status;
	col_gpu *gpu = p->gpu;
	double start = gpu_now_ms();
	double pose4[4] = {t.rotation.c, t.rotation.s, t.translation.x, t.translation.y};
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	if (gpu->device == COL_DEVICE_CPU) {
		polygon_job *job = calloc(1, sizeof *job);
		if (job == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu polygon: out of memory");
		job->polygon = p;
		memcpy(job->pose, pose4, sizeof pose4);
		job->points = points->data;
		job->inside = inside->data;
		thread_pool_run(gpu->pool, count, 0, polygon_task, job);
		for (int w = 0; w < COL_GPU_MAX_CPU_THREADS; w++) {
			local.hits += job->hits[w];
			local.handed_back += job->handed_back[w];
			local.nodes_visited += job->cells[w];
			local.primitives_tested += job->tested[w];
		}
		free(job);
	} else {
		gpu_handback handback;
		memset(&handback, 0, sizeof handback);
		double ms = 0.0;
		status = cuda_polygon_contains(gpu, &p->flat, pose4, points->data, count, inside->data,
		                               &local.hits, &handback, &ms, error);
		local.compute_ms = ms;
		local.handed_back = handback.count;
		if (status == COL_OK && handback.count > handback.capacity)
			status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
			                  "gpu polygon: %llu points on or near an edge are more than the "
			                  "hand-back list holds (%zu)",
			                  (unsigned long long)handback.count, handback.capacity);
		if (status == COL_OK && handback.count > 0) {
			size_t n = (size_t)handback.count;
			uint32_t *list = malloc(n * sizeof *list);
			hd_vec2 *host = malloc(n * sizeof *host);
			uint8_t *values = malloc(n);
			if (list == NULL || host == NULL || values == NULL)
				status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                  "gpu polygon: out of memory for hand-backs");
			if (status == COL_OK)
				status = gpu_to_host(gpu, list, handback.indices, n * sizeof *list, error);
			if (status == COL_OK)
				status = cuda_gather(gpu, points->data, sizeof *host, list, host, n, error);
			for (size_t k = 0; status == COL_OK && k < n; k++) {
				values[k] =
				    exact_inside(p, hd_pose2_apply_inverse(pose4[0], pose4[1], pose4[2],
				                                           pose4[3], host[k]));
				local.hits += values[k];
			}
			if (status == COL_OK)
				status = cuda_scatter(gpu, inside->data, 1, list, values, n, error);
			free(list);
			free(host);
			free(values);
		}
	}
	if (status != COL_OK)
		return status;
	return gpu_finish_call(gpu, &local, count, start, stats, error);
}

/* A buffer of the polygon's kept between calls, grown to at least bytes. */
static col_status keep_buffer(col_gpu_polygon *p, col_gpu_buffer **buffer, size_t bytes, col_error *error)
{
	if (*buffer != NULL && (*buffer)->bytes >= bytes)
		return COL_OK;
	col_gpu_buffer_destroy(*buffer);
	*buffer = NULL;
	return col_gpu_buffer_create(p->gpu, bytes > 0 ? bytes : 1, buffer, error);
}

col_status col_gpu_polygon_contains_points(col_gpu_polygon *p, const col_transform2 *pose,
                                           const col_vec2 *points, size_t count, uint8_t *inside,
                                           col_gpu_stats *stats, col_error *error)
{
	if (p == NULL || (count > 0 && (points == NULL || inside == NULL)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu polygon contains_points: NULL polygon, points or inside");
	col_gpu *gpu = p->gpu;
	if (gpu->device == COL_DEVICE_CPU) {
		col_gpu_buffer in = {gpu, count * sizeof *points, (void *)points}, out = {gpu, count, inside};
		return col_gpu_polygon_contains(p, pose, &in, count, &out, stats, error);
	}
	double start = gpu_now_ms();
	col_status status = keep_buffer(p, &p->buffers[0], count * sizeof *points, error);
	if (status == COL_OK)
		status = keep_buffer(p, &p->buffers[1], count, error);
	if (status == COL_OK)
		status = gpu_to_device(gpu, p->buffers[0]->data, points, count * sizeof *points, error);
	double moved = gpu_now_ms() - start;
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	if (status == COL_OK)
		status =
		    col_gpu_polygon_contains(p, pose, p->buffers[0], count, p->buffers[1], &local, error);
	double back = gpu_now_ms();
	if (status == COL_OK)
		status = gpu_to_host(gpu, inside, p->buffers[1]->data, count, error);
	if (status != COL_OK)
		return status;
	local.transfer_ms = moved + gpu_now_ms() - back;
	local.wall_ms = gpu_now_ms() - start;
	gpu_add_stats(stats, &local);
	return COL_OK;
}
