/* A mesh on a compute context: the engine's octree laid out flat, an LBVH over the triangles, the
 * triangles with their planes; the queries on either backend, and the hand-backs decided by the
 * engine. */
#include <stdlib.h>
#include <string.h>

#include "collide/gpu_mesh.h"
#include "collide/intersect3d.h"
#include "gpu_internal.h"

struct col_gpu_mesh {
	col_gpu *gpu;
	col_mesh *mesh;     /* a copy: the hand-backs' and the oracles' */
	col_octree *octree; /* NULL for a surface mesh */
	int triangle_count;
	hd_octree_triangle *triangles; /* on the device: every triangle with its plane */
	hd_octree tree;                /* device pointers (solid only) */
	size_t splits_bytes, links_bytes, codes_bytes, leaves_bytes, references_bytes;
	gpu_lbvh lbvh;
	hd_wide_node *wide; /* the LBVH eight-wide, on the device (GPU contexts) */
	size_t wide_count;
	int wide_depth;
	col_gpu_mesh_info info;
	/* host copies of the device arrays, made on first use (gpu_mesh_host_element) */
	void *mirror[9];
	hd_particle_mesh mirrored;
	/* device buffers of the query calls, kept between calls: queries, counts, hits as a, hits as b,
	 * then points, distances, closest points and triangles of distance_points */
	col_gpu_buffer *query_buffers[8];
};

col_gpu_mesh_options col_gpu_mesh_default_options(void)
{
	col_gpu_mesh_options options;
	options.solid = true;
	options.octree = col_octree_default_options();
	return options;
}

const col_octree *col_gpu_mesh_octree(const col_gpu_mesh *mesh)
{
	return mesh == NULL ? NULL : mesh->octree;
}

const col_mesh *col_gpu_mesh_source(const col_gpu_mesh *mesh)
{
	return mesh == NULL ? NULL : mesh->mesh;
}

col_gpu_mesh_info col_gpu_mesh_get_info(const col_gpu_mesh *mesh)
{
	col_gpu_mesh_info none;
	memset(&none, 0, sizeof none);
	return mesh == NULL ? none : mesh->info;
}

void col_gpu_mesh_destroy(col_gpu_mesh *m)
{
	if (m == NULL)
		return;
	col_gpu *gpu = m->gpu;
	gpu_release(gpu, m->triangles, (size_t)m->triangle_count * sizeof *m->triangles);
	gpu_release(gpu, (void *)m->tree.splits, m->splits_bytes);
	gpu_release(gpu, (void *)m->tree.links, m->links_bytes);
	gpu_release(gpu, (void *)m->tree.codes, m->codes_bytes);
	gpu_release(gpu, (void *)m->tree.leaves, m->leaves_bytes);
	gpu_release(gpu, (void *)m->tree.references, m->references_bytes);
	gpu_lbvh_release(gpu, &m->lbvh);
	gpu_release(gpu, m->wide, m->wide_count * sizeof *m->wide);
	for (int k = 0; k < 9; k++)
		free(m->mirror[k]);
	for (int k = 0; k < 8; k++)
		col_gpu_buffer_destroy(m->query_buffers[k]);
	col_octree_destroy(m->octree);
	col_mesh_destroy(m->mesh);
	free(m);
}

/* ---- the layout ---- */

static hd_vec3 hd_of(col_vec3 v)
{
	return hd_v3(v.x, v.y, v.z);
}

/* The plane of a, b, c as engine/src/octree.c's plane_of makes it, with its bound for every point
 * whose coordinates are within reach. */
static void plane_of(hd_octree_triangle *t, hd_vec3 reach)
{
	const double u = 0x1p-53;
	hd_vec3 e = hd_sub(t->c, t->a), f = hd_sub(t->b, t->a);
	hd_vec3 normal = hd_cross(e, f);
	double n[3] = {normal.x, normal.y, normal.z};
	double d[3] = {4 * u * (fabs(e.y * f.z) + fabs(e.z * f.y)),
	               4 * u * (fabs(e.z * f.x) + fabs(e.x * f.z)),
	               4 * u * (fabs(e.x * f.y) + fabs(e.y * f.x))};
	double a[3] = {t->a.x, t->a.y, t->a.z}, r[3] = {reach.x, reach.y, reach.z};
	double k = n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
	double bound = 4 * u * fabs(k);
	for (int i = 0; i < 3; i++)
		bound += 4 * u * fabs(n[i]) * r[i] + 3 * u * fabs(n[i] * a[i]) + d[i] * (r[i] + fabs(a[i]));
	for (int i = 0; i < 3; i++)
		t->n[i] = n[i];
	t->k = k;
	t->bound = 2.0 * bound + 0x1p-1000;
}

/* The eight-wide tree for the GPU's warp walks: the binary tree read back, collapsed on the host. */
static col_status lay_out_wide(col_gpu_mesh *m, col_error *error)
{
	size_t n = (size_t)m->triangle_count;
	hd_lbvh host = m->lbvh.tree;
	hd_box *boxes = malloc((2 * n - 1) * sizeof *boxes);
	int32_t *children = malloc(2 * (n > 1 ? n - 1 : 1) * sizeof *children),
	        *order = malloc(n * sizeof *order);
	col_status status =
	    boxes == NULL || children == NULL || order == NULL
	        ? col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory for the wide tree")
	        : gpu_to_host(m->gpu, boxes, host.boxes, (2 * n - 1) * sizeof *boxes, error);
	if (status == COL_OK && n > 1)
		status = gpu_to_host(m->gpu, children, host.children, 2 * (n - 1) * sizeof *children, error);
	if (status == COL_OK)
		status = gpu_to_host(m->gpu, order, host.order, n * sizeof *order, error);
	hd_wide_node *wide = NULL;
	if (status == COL_OK) {
		host.boxes = boxes;
		host.children = children;
		host.order = order;
		status = gpu_wide_build(&host, &wide, &m->wide_count, &m->wide_depth, error);
	}
	void *device = NULL;
	if (status == COL_OK)
		status = gpu_adopt(m->gpu, (void **)&wide, m->wide_count * sizeof *wide, &device, error);
	m->wide = device;
	free(wide);
	free(boxes);
	free(children);
	free(order);
	return status;
}

static col_status lay_out_triangles(col_gpu_mesh *m, col_error *error)
{
	int n = m->triangle_count;
	col_aabb3 box = col_mesh_bounds(m->mesh);
	hd_vec3 reach = hd_v3(fmax(fabs(box.min.x), fabs(box.max.x)), fmax(fabs(box.min.y), fabs(box.max.y)),
	                      fmax(fabs(box.min.z), fabs(box.max.z)));
	hd_octree_triangle *triangles = malloc((size_t)n * sizeof *triangles);
	hd_box *boxes = malloc((size_t)n * sizeof *boxes);
	if (triangles == NULL || boxes == NULL) {
		free(triangles);
		free(boxes);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory for %d triangles",
		                n);
	}
	for (int i = 0; i < n; i++) {
		col_triangle t = col_mesh_triangle(m->mesh, i);
		triangles[i].a = hd_of(t.a);
		triangles[i].b = hd_of(t.b);
		triangles[i].c = hd_of(t.c);
		plane_of(&triangles[i], reach);
		boxes[i] = hd_box_of_triangle(triangles[i].a, triangles[i].b, triangles[i].c);
	}
	col_status status = gpu_adopt(m->gpu, (void **)&triangles, (size_t)n * sizeof *triangles,
	                              (void **)&m->triangles, error);
	void *device_boxes = NULL;
	if (status == COL_OK)
		status = gpu_adopt(m->gpu, (void **)&boxes, (size_t)n * sizeof *boxes, &device_boxes, error);
	free(triangles);
	free(boxes);
	double ms;
	if (status == COL_OK)
		status = gpu_lbvh_build(m->gpu, device_boxes, (size_t)n, &m->lbvh, &ms, error);
	gpu_release(m->gpu, device_boxes, (size_t)n * sizeof(hd_box));
	if (status == COL_OK && m->gpu->device == COL_DEVICE_GPU)
		status = lay_out_wide(m, error);
	return status;
}

/* The octree's cells as hd_octree's arrays: links, codes, leaf records, references, and the split
 * values, checked against every cell's box. */
static col_status lay_out_octree(col_gpu_mesh *m, col_error *error)
{
	col_octree_info info = col_octree_get_info(m->octree);
	if (info.depth > HD_OCTREE_MAX_DEPTH)
		return col_fail(error, COL_ERROR_UNSUPPORTED,
		                "gpu mesh: the octree is %d levels deep; at most %d are laid out", info.depth,
		                HD_OCTREE_MAX_DEPTH);
	int cells = info.cells, depth = info.depth;
	size_t side = (size_t)1 << depth;
	m->splits_bytes = 3 * (side + 1) * sizeof(double);
	m->links_bytes = (size_t)cells * sizeof(int32_t);
	m->codes_bytes = (size_t)cells * sizeof(uint64_t);
	int records = 0;
	col_octree_cell cell;
	for (int i = 0; i < cells; i++)
		if (col_octree_cell_at(m->octree, i, &cell) && cell.first_child < 0 &&
		    cell.triangle_count > 0)
			records++;
	m->leaves_bytes = (size_t)records * sizeof(hd_octree_leaf);
	m->references_bytes = info.triangle_references * sizeof(int32_t);
	double *splits = malloc(m->splits_bytes);
	int32_t *links = malloc(m->links_bytes);
	uint64_t *codes = malloc(m->codes_bytes);
	hd_octree_leaf *leaves = malloc(m->leaves_bytes + sizeof *leaves);
	int32_t *references = malloc(m->references_bytes + sizeof *references);
	col_status status = COL_OK;
	if (splits == NULL || links == NULL || codes == NULL || leaves == NULL || references == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                  "gpu mesh: out of memory for an octree of %d cells", cells);
		goto done;
	}
	col_octree_cell_at(m->octree, 0, &cell);
	double lo[3] = {cell.box.min.x, cell.box.min.y, cell.box.min.z},
	       hi[3] = {cell.box.max.x, cell.box.max.y, cell.box.max.z};
	/* the build's halvings: each split is 0.5 (lower + upper) of the two bounds around it */
	for (int j = 0; j < 3; j++) {
		double *s = splits + (size_t)j * (side + 1);
		s[0] = lo[j];
		s[side] = hi[j];
		for (size_t step = side; step > 1; step /= 2)
			for (size_t i = 0; i < side; i += step)
				s[i + step / 2] = 0.5 * (s[i] + s[i + step]);
	}
	m->tree.depth = depth;
	m->tree.splits = splits;
	codes[0] = hd_octree_code(0, 0, 0, 0);
	int next_record = 0;
	size_t next_reference = 0;
	for (int i = 0; i < cells && status == COL_OK; i++) {
		col_octree_cell_at(m->octree, i, &cell);
		uint64_t code = codes[i];
		/* the layout's box of this cell must be the engine's */
		hd_box box;
		box.min = hd_of(cell.box.min);
		box.max = hd_of(cell.box.max);
		if (!hd_octree_node_holds(&m->tree, code, box.min) ||
		    !hd_octree_node_holds(&m->tree, code, box.max)) {
			status = col_fail(error, COL_ERROR_UNSUPPORTED,
			                  "gpu mesh: octree cell %d does not match the split values", i);
			break;
		}
		if (cell.first_child >= 0) {
			links[i] = cell.first_child;
			int level = (int)(code >> 57);
			uint64_t x = (code >> 38) & 0x7ffff, y = (code >> 19) & 0x7ffff, z = code & 0x7ffff;
			for (int k = 0; k < 8; k++)
				codes[cell.first_child + k] =
				    hd_octree_code(level + 1, 2 * x + (k & 1), 2 * y + ((k >> 1) & 1),
				                   2 * z + ((k >> 2) & 1));
			continue;
		}
		if (cell.triangle_count == 0) {
			links[i] = cell.origin_inside ? HD_LINK_EMPTY_INSIDE : HD_LINK_EMPTY_OUTSIDE;
			continue;
		}
		hd_octree_leaf *leaf = &leaves[next_record];
		leaf->origin = hd_of(cell.origin);
		leaf->first = (int32_t)next_reference;
		leaf->count = cell.triangle_count;
		leaf->state =
		    (cell.origin_inside ? HD_LEAF_INSIDE : 0) | (cell.has_origin ? 0 : HD_LEAF_NO_ORIGIN);
		leaf->unused = 0;
		for (int k = 0; k < cell.triangle_count; k++) {
			bool turned = false;
			int id = col_octree_cell_triangle_index(m->octree, i, k, &turned);
			references[next_reference++] = 2 * id + (turned ? 1 : 0);
		}
		links[i] = HD_LINK_FIRST_LEAF - next_record++;
	}
	if (status != COL_OK)
		goto done;
	col_aabb3 bounds = col_mesh_bounds(m->mesh);
	m->tree.bounds.min = hd_of(bounds.min);
	m->tree.bounds.max = hd_of(bounds.max);
	void *out;
	status = gpu_adopt(m->gpu, (void **)&splits, m->splits_bytes, &out, error);
	m->tree.splits = out;
	if (status == COL_OK) {
		status = gpu_adopt(m->gpu, (void **)&links, m->links_bytes, &out, error);
		m->tree.links = out;
	}
	if (status == COL_OK) {
		status = gpu_adopt(m->gpu, (void **)&codes, m->codes_bytes, &out, error);
		m->tree.codes = out;
	}
	if (status == COL_OK) {
		status = gpu_adopt(m->gpu, (void **)&leaves, m->leaves_bytes, &out, error);
		m->tree.leaves = out;
	}
	if (status == COL_OK) {
		status = gpu_adopt(m->gpu, (void **)&references, m->references_bytes, &out, error);
		m->tree.references = out;
	}
	m->tree.triangles = m->triangles;
	m->info.octree_cells = cells;
	m->info.octree_leaves = info.leaves;
	m->info.octree_depth = depth;
	m->info.octree_references = info.triangle_references;
done:
	if (status != COL_OK && m->tree.splits == splits)
		m->tree.splits = NULL; /* still the host array, freed below */
	free(splits);
	free(links);
	free(codes);
	free(leaves);
	free(references);
	return status;
}

col_status col_gpu_mesh_create(col_gpu *gpu, const col_mesh *mesh, const col_gpu_mesh_options *options,
                               col_gpu_mesh **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu mesh: the output pointer is NULL");
	*out = NULL;
	if (gpu == NULL || mesh == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu mesh: NULL context or mesh");
	col_gpu_mesh_options o = options != NULL ? *options : col_gpu_mesh_default_options();
	double start = gpu_now_ms();
	col_gpu_mesh *m = calloc(1, sizeof *m);
	if (m == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory");
	m->gpu = gpu;
	m->triangle_count = col_mesh_triangle_count(mesh);
	size_t before = gpu->memory_in_use;
	col_status status = col_mesh_create(col_mesh_vertices(mesh), col_mesh_vertex_count(mesh),
	                                    col_mesh_triangles(mesh), m->triangle_count, &m->mesh, error);
	if (status == COL_OK && o.solid)
		status = col_octree_build(mesh, &o.octree, &m->octree, error);
	if (status == COL_OK)
		status = lay_out_triangles(m, error);
	if (status == COL_OK && o.solid)
		status = lay_out_octree(m, error);
	if (status != COL_OK) {
		col_gpu_mesh_destroy(m);
		return status;
	}
	m->info.triangles = m->triangle_count;
	m->info.solid = o.solid;
	m->info.bvh_nodes = 2 * m->triangle_count - 1;
	m->info.device_bytes = gpu->memory_in_use - before;
	m->info.build_ms = gpu_now_ms() - start;
	col_error_clear(error);
	*out = m;
	return COL_OK;
}

/* ---- for the particles ---- */

void gpu_mesh_element(const col_gpu_mesh *m, hd_particle_mesh *out)
{
	memset(out, 0, sizeof *out);
	out->octree = m->tree;
	out->bvh = m->lbvh.tree;
	out->triangles = m->triangles;
	col_aabb3 box = col_mesh_bounds(m->mesh);
	/* a reflected particle lands this far outside: far above rounding, far below any feature */
	out->skin = 1e-9 * col_vec3_distance(box.min, box.max) + 1e-300;
	out->normal_sign = col_mesh_volume(m->mesh) >= 0.0 ? 1.0 : -1.0;
	out->old_pose = out->new_pose = hd_pose_identity();
}

/* A host copy of a device array of `bytes` bytes, kept in mirror[k]. */
static col_status mirror_of(col_gpu_mesh *m, int k, const void *device, size_t bytes, const void **out,
                            col_error *error)
{
	*out = NULL;
	if (device == NULL || bytes == 0)
		return COL_OK;
	m->mirror[k] = malloc(bytes);
	if (m->mirror[k] == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory for a host copy");
	*out = m->mirror[k];
	return gpu_to_host(m->gpu, m->mirror[k], device, bytes, error);
}

col_status gpu_mesh_host_element(col_gpu_mesh *m, hd_particle_mesh *out, col_error *error)
{
	gpu_mesh_element(m, out);
	if (m->gpu->device == COL_DEVICE_CPU)
		return COL_OK;
	if (m->mirror[0] == NULL) {
		hd_particle_mesh h = *out;
		size_t n = (size_t)m->triangle_count;
		const void *p;
		col_status status = mirror_of(m, 0, m->triangles, n * sizeof *m->triangles, &p, error);
		h.triangles = p;
		h.octree.triangles = p;
		if (status == COL_OK)
			status = mirror_of(m, 1, m->tree.splits, m->splits_bytes, &p, error);
		h.octree.splits = p;
		if (status == COL_OK)
			status = mirror_of(m, 2, m->tree.links, m->links_bytes, &p, error);
		h.octree.links = p;
		if (status == COL_OK)
			status = mirror_of(m, 3, m->tree.codes, m->codes_bytes, &p, error);
		h.octree.codes = p;
		if (status == COL_OK)
			status = mirror_of(m, 4, m->tree.leaves, m->leaves_bytes, &p, error);
		h.octree.leaves = p;
		if (status == COL_OK)
			status = mirror_of(m, 5, m->tree.references, m->references_bytes, &p, error);
		h.octree.references = p;
		if (status == COL_OK)
			status = mirror_of(m, 6, m->lbvh.tree.boxes, (2 * n - 1) * sizeof(hd_box), &p, error);
		h.bvh.boxes = p;
		if (status == COL_OK)
			status = mirror_of(m, 7, m->lbvh.tree.children,
			                   2 * (n > 1 ? n - 1 : 1) * sizeof(int32_t), &p, error);
		h.bvh.children = p;
		if (status == COL_OK)
			status = mirror_of(m, 8, m->lbvh.tree.order, n * sizeof(int32_t), &p, error);
		h.bvh.order = p;
		if (status != COL_OK) {
			for (int k = 0; k < 9; k++) {
				free(m->mirror[k]);
				m->mirror[k] = NULL;
			}
			return status;
		}
		m->mirrored = h;
	}
	*out = m->mirrored;
	return COL_OK;
}

col_gpu *gpu_mesh_context(const col_gpu_mesh *m)
{
	return m->gpu;
}

bool gpu_mesh_is_solid(const col_gpu_mesh *m)
{
	return m->octree != NULL;
}

bool gpu_mesh_exact_inside(const col_gpu_mesh *m, hd_vec3 local)
{
	col_vec3 p = {local.x, local.y, local.z};
	return col_octree_contains(m->octree, p, NULL);
}

/* ---- shared checks ---- */

/* The mesh's wide tree for the warp walks; none when it is too deep for their stacks. */
static gpu_wide wide_of(const col_gpu_mesh *m)
{
	gpu_wide w = {NULL, m->wide_depth};
	if (m->wide != NULL && m->wide_depth <= GPU_WIDE_MAX_DEPTH)
		w.nodes = m->wide;
	return w;
}

/* A buffer of the mesh's kept for query calls, grown to at least bytes. */
static col_status keep_buffer(col_gpu_mesh *m, col_gpu_buffer **buffer, size_t bytes, col_error *error)
{
	if (*buffer != NULL && (*buffer)->bytes >= bytes)
		return COL_OK;
	col_gpu_buffer_destroy(*buffer);
	*buffer = NULL;
	return col_gpu_buffer_create(m->gpu, bytes > 0 ? bytes : 1, buffer, error);
}

static col_status check_pose(const col_transform3 *pose, const char *what, col_error *error)
{
	if (pose != NULL && !col_transform3_is_finite(*pose))
		return col_fail(error, COL_ERROR_NOT_FINITE, "%s: the pose is not finite", what);
	return COL_OK;
}

static col_status check_buffer(const col_gpu_mesh *m, const col_gpu_buffer *buffer, size_t count,
                               size_t element, const char *what, col_error *error)
{
	return gpu_check_buffer(m->gpu, buffer, count, element, "gpu mesh", what, error);
}

/* ---- points inside ---- */

typedef struct contains_job {
	const col_gpu_mesh *mesh;
	hd_pose pose;
	const hd_vec3 *points;
	uint8_t *inside;
	uint64_t hits[COL_GPU_MAX_CPU_THREADS], handed_back[COL_GPU_MAX_CPU_THREADS],
	    nodes[COL_GPU_MAX_CPU_THREADS], triangles[COL_GPU_MAX_CPU_THREADS];
} contains_job;

static void contains_task(void *context, size_t begin, size_t end, int worker)
{
	contains_job *job = context;
	hd_octree_counts counts = {0, 0, 0};
	uint64_t hits = 0, handed_back = 0;
	for (size_t i = begin; i < end; i++) {
		hd_vec3 q = hd_pose_apply_inverse(job->pose, job->points[i]);
		int answer = hd_octree_contains(&job->mesh->tree, q, NULL, &counts);
		if (answer == HD_OCTREE_UNSURE) {
			answer = gpu_mesh_exact_inside(job->mesh, q);
			handed_back++;
		}
		job->inside[i] = (uint8_t)answer;
		hits += (uint64_t)answer;
	}
	job->hits[worker] += hits;
	job->handed_back[worker] += handed_back;
	job->nodes[worker] += counts.nodes;
	job->triangles[worker] += counts.triangles;
}

static void add_job_counts(col_gpu_stats *stats, const uint64_t *hits, const uint64_t *handed_back,
                           const uint64_t *nodes, const uint64_t *triangles)
{
	for (int w = 0; w < COL_GPU_MAX_CPU_THREADS; w++) {
		stats->hits += hits[w];
		stats->handed_back += handed_back[w];
		stats->nodes_visited += nodes[w];
		stats->primitives_tested += triangles[w];
	}
}

/* The hand-back list a kernel filled: the indices when they all fit (else *list stays NULL: the
 * caller reads every result). */
static col_status read_handback(col_gpu *gpu, const gpu_handback *handback, size_t width, uint32_t **list,
                                col_error *error)
{
	*list = NULL;
	if (handback->count == 0 || handback->count > handback->capacity)
		return COL_OK;
	size_t n = (size_t)handback->count * width;
	*list = malloc(n * sizeof **list);
	if (*list == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu: out of memory for %zu hand-backs", n);
	col_status status = gpu_to_host(gpu, *list, handback->indices, n * sizeof **list, error);
	if (status != COL_OK) {
		free(*list);
		*list = NULL;
	}
	return status;
}

/* A point query's hand-backs on a GPU, decided by the engine and written back. */
static col_status resolve_points(col_gpu_mesh *m, hd_pose pose, const hd_vec3 *points, uint8_t *inside,
                                 size_t total, const gpu_handback *handback, uint64_t *hits, col_error *error)
{
	col_gpu *gpu = m->gpu;
	uint32_t *list = NULL;
	col_status status = read_handback(gpu, handback, 1, &list, error);
	if (status != COL_OK || handback->count == 0)
		return status;
	if (list == NULL) {
		/* the list overflowed: every result and point, scanned on the host */
		uint8_t *results = malloc(total);
		hd_vec3 *host_points = malloc(total * sizeof *host_points);
		status =
		    results == NULL || host_points == NULL
		        ? col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory for hand-backs")
		        : gpu_to_host(gpu, results, inside, total, error);
		if (status == COL_OK)
			status = gpu_to_host(gpu, host_points, points, total * sizeof *host_points, error);
		for (size_t i = 0; status == COL_OK && i < total; i++)
			if (results[i] == HD_OCTREE_UNSURE) {
				results[i] =
				    gpu_mesh_exact_inside(m, hd_pose_apply_inverse(pose, host_points[i]));
				*hits += results[i];
			}
		if (status == COL_OK)
			status = gpu_to_device(gpu, inside, results, total, error);
		free(results);
		free(host_points);
		return status;
	}
	size_t count = (size_t)handback->count;
	hd_vec3 *host_points = malloc(count * sizeof *host_points);
	uint8_t *values = malloc(count);
	status = host_points == NULL || values == NULL
	             ? col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory for hand-backs")
	             : cuda_gather(gpu, points, sizeof *host_points, list, host_points, count, error);
	for (size_t k = 0; status == COL_OK && k < count; k++) {
		values[k] = gpu_mesh_exact_inside(m, hd_pose_apply_inverse(pose, host_points[k]));
		*hits += values[k];
	}
	if (status == COL_OK)
		status = cuda_scatter(gpu, inside, 1, list, values, count, error);
	free(list);
	free(host_points);
	free(values);
	return status;
}

static col_status check_solid(const col_gpu_mesh *m, const char *what, col_error *error)
{
	if (m == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "%s: the mesh is NULL", what);
	if (m->octree == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "%s: a surface mesh has no inside (build it solid)", what);
	return COL_OK;
}

col_status col_gpu_mesh_contains(col_gpu_mesh *m, const col_transform3 *pose, const col_gpu_buffer *points,
                                 size_t count, col_gpu_buffer *inside, col_gpu_stats *stats, col_error *error)
{
	col_status status = check_solid(m, "gpu mesh contains", error);
	if (status == COL_OK)
		status = check_pose(pose, "gpu mesh contains", error);
	if (status == COL_OK)
		status = check_buffer(m, points, count, sizeof(col_vec3), "points", error);
	if (status == COL_OK)
		status = check_buffer(m, inside, count, 1, "inside", error);
	if (status != COL_OK)
		return status;
	col_gpu *gpu = m->gpu;
	hd_pose p = gpu_pose(pose);
	double start = gpu_now_ms();
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	if (gpu->device == COL_DEVICE_CPU) {
		contains_job *job = calloc(1, sizeof *job);
		if (job == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory");
		job->mesh = m;
		job->pose = p;
		job->points = points->data;
		job->inside = inside->data;
		thread_pool_run(gpu->pool, count, 0, contains_task, job);
		add_job_counts(&local, job->hits, job->handed_back, job->nodes, job->triangles);
		free(job);
	} else {
		gpu_handback handback;
		double ms = 0.0;
		status = cuda_mesh_contains(gpu, &m->tree, p, points->data, count, inside->data, &local.hits,
		                            &handback, &ms, error);
		if (status == COL_OK)
			status = resolve_points(m, p, points->data, inside->data, count, &handback,
			                        &local.hits, error);
		local.handed_back = handback.count;
		local.compute_ms = ms;
	}
	if (status != COL_OK)
		return status;
	return gpu_finish_call(gpu, &local, count, start, stats, error);
}

col_status col_gpu_mesh_contains_points(col_gpu_mesh *m, const col_transform3 *pose, const col_vec3 *points,
                                        size_t count, uint8_t *inside, col_gpu_stats *stats, col_error *error)
{
	col_status status = check_solid(m, "gpu mesh contains_points", error);
	if (status == COL_OK)
		status = check_pose(pose, "gpu mesh contains_points", error);
	if (status == COL_OK && count > 0 && (points == NULL || inside == NULL))
		status = col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                  "gpu mesh contains_points: NULL points or inside");
	if (status != COL_OK)
		return status;
	col_gpu *gpu = m->gpu;
	if (gpu->device == COL_DEVICE_CPU) {
		col_gpu_buffer in = {gpu, count * sizeof *points, (void *)points}, out = {gpu, count, inside};
		return col_gpu_mesh_contains(m, pose, &in, count, &out, stats, error);
	}
	hd_pose p = gpu_pose(pose);
	double start = gpu_now_ms();
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	uint64_t unsure = 0;
	status = cuda_mesh_contains_host(gpu, &m->tree, p, points, count, inside, &local.hits, &unsure,
	                                 &local.compute_ms, &local.transfer_ms, error);
	for (size_t i = 0; status == COL_OK && unsure > 0 && i < count; i++)
		if (inside[i] == HD_OCTREE_UNSURE) {
			inside[i] = gpu_mesh_exact_inside(m, hd_pose_apply_inverse(p, hd_of(points[i])));
			local.hits += inside[i];
		}
	if (status != COL_OK)
		return status;
	local.handed_back = unsure;
	local.queries = count;
	local.wall_ms = gpu_now_ms() - start;
	gpu_add_stats(stats, &local);
	col_error_clear(error);
	return COL_OK;
}

/* ---- distances ---- */

typedef struct distance_job {
	const col_gpu_mesh *mesh;
	hd_pose pose;
	const hd_vec3 *points;
	double *distance;
	hd_vec3 *closest;
	int32_t *triangle;
	uint64_t hits[COL_GPU_MAX_CPU_THREADS], handed_back[COL_GPU_MAX_CPU_THREADS],
	    nodes[COL_GPU_MAX_CPU_THREADS], triangles[COL_GPU_MAX_CPU_THREADS];
} distance_job;

static void distance_task(void *context, size_t begin, size_t end, int worker)
{
	distance_job *job = context;
	const col_gpu_mesh *m = job->mesh;
	hd_octree_counts counts = {0, 0, 0};
	uint64_t visited = 0, handed_back = 0;
	for (size_t i = begin; i < end; i++) {
		hd_vec3 q = hd_pose_apply_inverse(job->pose, job->points[i]), c;
		int32_t id;
		double d = sqrt(hd_lbvh_nearest(&m->lbvh.tree, m->triangles, q, &c, &id, &visited));
		if (m->octree != NULL) {
			int inside = hd_octree_contains(&m->tree, q, NULL, &counts);
			if (inside == HD_OCTREE_UNSURE) {
				inside = gpu_mesh_exact_inside(m, q);
				handed_back++;
			}
			if (inside)
				d = -d;
		}
		job->distance[i] = d;
		if (job->closest != NULL)
			job->closest[i] = c;
		if (job->triangle != NULL)
			job->triangle[i] = id;
	}
	job->handed_back[worker] += handed_back;
	job->nodes[worker] += visited + counts.nodes;
	job->triangles[worker] += counts.triangles;
}

col_status col_gpu_mesh_distance(col_gpu_mesh *m, const col_transform3 *pose, const col_gpu_buffer *points,
                                 size_t count, col_gpu_buffer *distance, col_gpu_buffer *closest,
                                 col_gpu_buffer *triangle, col_gpu_stats *stats, col_error *error)
{
	if (m == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu mesh distance: the mesh is NULL");
	col_status status = check_pose(pose, "gpu mesh distance", error);
	if (status == COL_OK)
		status = check_buffer(m, points, count, sizeof(col_vec3), "points", error);
	if (status == COL_OK)
		status = check_buffer(m, distance, count, sizeof(double), "distance", error);
	if (status == COL_OK && closest != NULL)
		status = check_buffer(m, closest, count, sizeof(col_vec3), "closest", error);
	if (status == COL_OK && triangle != NULL)
		status = check_buffer(m, triangle, count, sizeof(int32_t), "triangle", error);
	if (status != COL_OK)
		return status;
	col_gpu *gpu = m->gpu;
	hd_pose p = gpu_pose(pose);
	double start = gpu_now_ms();
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	if (gpu->device == COL_DEVICE_CPU) {
		distance_job *job = calloc(1, sizeof *job);
		if (job == NULL)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh: out of memory");
		job->mesh = m;
		job->pose = p;
		job->points = points->data;
		job->distance = distance->data;
		job->closest = closest != NULL ? closest->data : NULL;
		job->triangle = triangle != NULL ? triangle->data : NULL;
		thread_pool_run(gpu->pool, count, 0, distance_task, job);
		add_job_counts(&local, job->hits, job->handed_back, job->nodes, job->triangles);
		free(job);
	} else {
		gpu_handback handback;
		double ms = 0.0;
		status = cuda_mesh_distance(gpu, m->octree != NULL ? &m->tree : NULL, &m->lbvh.tree,
		                            m->triangles, p, points->data, count, distance->data,
		                            closest != NULL ? closest->data : NULL,
		                            triangle != NULL ? triangle->data : NULL, &handback, &ms, error);
		local.handed_back = handback.count;
		uint32_t *list = NULL;
		if (status == COL_OK)
			status = read_handback(gpu, &handback, 1, &list, error);
		if (status == COL_OK && handback.count > 0) {
			/* the listed distances are unsigned: the engine says which are inside */
			size_t n = list != NULL ? (size_t)handback.count : count;
			hd_vec3 *host_points = malloc(n * sizeof *host_points);
			double *values = malloc(n * sizeof *values);
			if (host_points == NULL || values == NULL)
				status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                  "gpu mesh: out of memory for hand-backs");
			else if (list != NULL)
				status = cuda_gather(gpu, points->data, sizeof *host_points, list,
				                     host_points, n, error);
			else
				status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                  "gpu mesh distance: %llu points on the surface are more "
				                  "than the hand-back list "
				                  "holds (%zu); query fewer at a time",
				                  (unsigned long long)handback.count, handback.capacity);
			if (status == COL_OK)
				status =
				    cuda_gather(gpu, distance->data, sizeof *values, list, values, n, error);
			for (size_t k = 0; status == COL_OK && k < n; k++)
				if (gpu_mesh_exact_inside(m, hd_pose_apply_inverse(p, host_points[k])))
					values[k] = -values[k];
			if (status == COL_OK)
				status =
				    cuda_scatter(gpu, distance->data, sizeof *values, list, values, n, error);
			free(host_points);
			free(values);
		}
		free(list);
		local.compute_ms = ms;
	}
	if (status != COL_OK)
		return status;
	return gpu_finish_call(gpu, &local, count, start, stats, error);
}

col_status col_gpu_mesh_distance_points(col_gpu_mesh *m, const col_transform3 *pose, const col_vec3 *points,
                                        size_t count, double *distance, col_vec3 *closest, int32_t *triangle,
                                        col_gpu_stats *stats, col_error *error)
{
	if (m == NULL || (count > 0 && (points == NULL || distance == NULL)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu mesh distance_points: NULL mesh, points or distance");
	col_gpu *gpu = m->gpu;
	if (gpu->device == COL_DEVICE_CPU) {
		col_gpu_buffer p = {gpu, count * sizeof *points, (void *)points},
		               d = {gpu, count * sizeof *distance, distance};
		col_gpu_buffer c = {gpu, count * sizeof *closest, closest},
		               t = {gpu, count * sizeof *triangle, triangle};
		return col_gpu_mesh_distance(m, pose, &p, count, &d, closest != NULL ? &c : NULL,
		                             triangle != NULL ? &t : NULL, stats, error);
	}
	double start = gpu_now_ms();
	col_status status = keep_buffer(m, &m->query_buffers[4], count * sizeof *points, error);
	if (status == COL_OK)
		status = keep_buffer(m, &m->query_buffers[5], count * sizeof *distance, error);
	if (status == COL_OK && closest != NULL)
		status = keep_buffer(m, &m->query_buffers[6], count * sizeof *closest, error);
	if (status == COL_OK && triangle != NULL)
		status = keep_buffer(m, &m->query_buffers[7], count * sizeof *triangle, error);
	if (status == COL_OK)
		status = gpu_to_device(gpu, m->query_buffers[4]->data, points, count * sizeof *points, error);
	double moved = gpu_now_ms() - start;
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	if (status == COL_OK)
		status = col_gpu_mesh_distance(m, pose, m->query_buffers[4], count, m->query_buffers[5],
		                               closest != NULL ? m->query_buffers[6] : NULL,
		                               triangle != NULL ? m->query_buffers[7] : NULL, &local, error);
	double back = gpu_now_ms();
	if (status == COL_OK)
		status =
		    gpu_to_host(gpu, distance, m->query_buffers[5]->data, count * sizeof *distance, error);
	if (status == COL_OK && closest != NULL)
		status = gpu_to_host(gpu, closest, m->query_buffers[6]->data, count * sizeof *closest, error);
	if (status == COL_OK && triangle != NULL)
		status =
		    gpu_to_host(gpu, triangle, m->query_buffers[7]->data, count * sizeof *triangle, error);
	if (status != COL_OK)
		return status;
	local.transfer_ms = moved + gpu_now_ms() - back;
	local.wall_ms = gpu_now_ms() - start;
	gpu_add_stats(stats, &local);
	return COL_OK;
}

/* ---- primitives against the triangles ---- */

/* A growable list of indices, one per worker, for hits that land on shared bytes. */
typedef struct index_list {
	uint32_t *data;
	size_t count, capacity;
	bool failed;
} index_list;

static void list_push(index_list *l, uint32_t v)
{
	if (l->count == l->capacity) {
		size_t capacity = l->capacity < 64 ? 64 : 2 * l->capacity;
		uint32_t *data = realloc(l->data, capacity * sizeof *data);
		if (data == NULL) {
			l->failed = true;
			return;
		}
		l->data = data;
		l->capacity = capacity;
	}
	l->data[l->count++] = v;
}

typedef struct query_job {
	const col_gpu_mesh *mesh;
	const hd_query *queries;
	const col_cga_query *originals;
	size_t count;
	bool cga, bvh;
	col_method method;
	uint32_t *counts;                              /* bvh: per query; brute force: per worker x query */
	index_list hit_lists[COL_GPU_MAX_CPU_THREADS]; /* triangles hit, per worker (bvh) */
	uint8_t *triangle_hits;                        /* brute force: written by the triangle's worker */
	uint64_t handed_back[COL_GPU_MAX_CPU_THREADS], nodes[COL_GPU_MAX_CPU_THREADS],
	    tested[COL_GPU_MAX_CPU_THREADS];
} query_job;

static bool exact_pair(const query_job *job, size_t query, int triangle)
{
	return col_cga_mesh_query(job->mesh->mesh, &job->originals[query], job->method, triangle,
	                          triangle + 1, NULL, NULL) > 0;
}

static void query_bvh_task(void *context, size_t begin, size_t end, int worker)
{
	query_job *job = context;
	const col_gpu_mesh *m = job->mesh;
	uint64_t visited = 0, tested = 0, handed_back = 0;
	for (size_t i = begin; i < end; i++) {
		const hd_query *q = &job->queries[i];
		uint32_t n = 0;
		if (q->kind >= 0) {
			hd_lbvh_probe probe = hd_query_probe(q);
			hd_lbvh_walk walk;
			hd_walk_start(&walk, &m->lbvh.tree);
			int32_t t;
			while ((t = hd_walk_next(&walk, &m->lbvh.tree, &probe, &visited)) >= 0) {
				tested++;
				int answer = hd_query_test(q, &m->triangles[t], job->cga);
				if (answer == HD_UNSURE) {
					handed_back++;
					answer = exact_pair(job, i, t) ? HD_YES : HD_NO;
				}
				if (answer == HD_YES) {
					n++;
					if (job->triangle_hits != NULL)
						list_push(&job->hit_lists[worker], (uint32_t)t);
				}
			}
		}
		job->counts[i] = n;
	}
	job->nodes[worker] += visited;
	job->tested[worker] += tested;
	job->handed_back[worker] += handed_back;
}

static void query_brute_task(void *context, size_t begin, size_t end, int worker)
{
	query_job *job = context;
	const col_gpu_mesh *m = job->mesh;
	uint32_t *counts = job->counts + (size_t)worker * job->count;
	uint64_t handed_back = 0;
	for (size_t t = begin; t < end; t++) {
		uint8_t hit = 0;
		for (size_t i = 0; i < job->count; i++) {
			if (job->queries[i].kind < 0)
				continue;
			int answer = hd_query_test(&job->queries[i], &m->triangles[t], job->cga);
			if (answer == HD_UNSURE) {
				handed_back++;
				answer = exact_pair(job, i, (int)t) ? HD_YES : HD_NO;
			}
			if (answer == HD_YES) {
				counts[i]++;
				hit = 1;
			}
		}
		if (job->triangle_hits != NULL)
			job->triangle_hits[t] = hit;
	}
	job->tested[worker] += (end - begin) * job->count;
	job->handed_back[worker] += handed_back;
}

static col_status check_options(const col_gpu_query_options *options, bool *cga, bool *bvh,
                                col_method *method, col_error *error)
{
	col_gpu_query_options o = {COL_METHOD_CGA, COL_GPU_BVH};
	if (options != NULL)
		o = *options;
	if (o.form == COL_METHOD_DEFAULT)
		o.form = COL_METHOD_CGA;
	if (o.form != COL_METHOD_CGA && o.form != COL_METHOD_EUCLIDEAN)
		return col_fail(error, COL_ERROR_UNSUPPORTED,
		                "gpu mesh query: form must be cga or euclidean, not %s",
		                col_method_name(o.form) != NULL ? col_method_name(o.form) : "unknown");
	if (o.search != COL_GPU_BRUTE_FORCE && o.search != COL_GPU_BVH)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu mesh query: unknown search %d",
		                (int)o.search);
	*cga = o.form == COL_METHOD_CGA;
	*bvh = o.search == COL_GPU_BVH;
	*method = o.form;
	return COL_OK;
}

/* The GPU's unsure pairs of a query call, decided by the engine, added to the host arrays. */
static col_status resolve_query_pairs(const query_job *job, const gpu_handback *handback, uint32_t *counts,
                                      uint8_t *triangle_hits, col_error *error)
{
	if (handback->count == 0)
		return COL_OK;
	if (handback->count > handback->capacity)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "gpu mesh query: %llu uncertain pairs are more than the hand-back list holds "
		                "(%zu); query "
		                "fewer at a time",
		                (unsigned long long)handback->count, handback->capacity);
	uint32_t *list;
	col_status status = read_handback(job->mesh->gpu, handback, 2, &list, error);
	for (size_t k = 0; status == COL_OK && k < handback->count; k++) {
		uint32_t query = list[2 * k], triangle = list[2 * k + 1];
		if (exact_pair(job, query, (int)triangle)) {
			counts[query]++;
			if (triangle_hits != NULL)
				triangle_hits[triangle] = 1;
		}
	}
	free(list);
	return status;
}

col_status col_gpu_mesh_query(col_gpu_mesh *m, const col_cga_query *queries, size_t count,
                              const col_gpu_query_options *options, uint32_t *counts, uint8_t *triangle_hits,
                              col_gpu_stats *stats, col_error *error)
{
	bool cga = true, bvh = true;
	col_method method = COL_METHOD_CGA;
	if (m == NULL || (count > 0 && (queries == NULL || counts == NULL)))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu mesh query: NULL mesh, queries or counts");
	if (count > UINT32_MAX)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu mesh query: %zu queries are too many",
		                count);
	col_status status = check_options(options, &cga, &bvh, &method, error);
	if (status != COL_OK)
		return status;
	col_gpu *gpu = m->gpu;
	double start = gpu_now_ms();
	query_job *job = calloc(1, sizeof *job);
	hd_query *converted = malloc((count > 0 ? count : 1) * sizeof *converted);
	if (job == NULL || converted == NULL) {
		free(job);
		free(converted);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh query: out of memory");
	}
	for (size_t i = 0; i < count; i++)
		converted[i] = gpu_query_of(&queries[i]);
	job->mesh = m;
	job->queries = converted;
	job->originals = queries;
	job->count = count;
	job->cga = cga;
	job->bvh = bvh;
	job->method = method;
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	size_t triangles = (size_t)m->triangle_count;
	if (gpu->device == COL_DEVICE_CPU) {
		int threads = thread_pool_threads(gpu->pool);
		if (bvh) {
			job->counts = counts;
			if (triangle_hits != NULL)
				memset(triangle_hits, 0, triangles);
			job->triangle_hits = triangle_hits;
			thread_pool_run(gpu->pool, count, 1, query_bvh_task, job);
			for (int w = 0; w < threads; w++) {
				index_list *l = &job->hit_lists[w];
				if (l->failed)
					status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
					                  "gpu mesh query: out of memory for hits");
				for (size_t k = 0; k < l->count; k++)
					triangle_hits[l->data[k]] = 1;
				free(l->data);
			}
		} else {
			job->counts = calloc((size_t)threads * (count > 0 ? count : 1), sizeof *job->counts);
			job->triangle_hits = triangle_hits;
			if (job->counts == NULL) {
				status =
				    col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh query: out of memory");
			} else {
				thread_pool_run(gpu->pool, triangles, 0, query_brute_task, job);
				for (size_t i = 0; i < count; i++) {
					counts[i] = 0;
					for (int w = 0; w < threads; w++)
						counts[i] += job->counts[(size_t)w * count + i];
				}
			}
			free(job->counts);
		}
		for (int w = 0; w < threads; w++) {
			local.handed_back += job->handed_back[w];
			local.nodes_visited += job->nodes[w];
			local.primitives_tested += job->tested[w];
		}
	} else if (count > 0) {
		/* the queries and results through the mesh's own device buffers, kept between calls */
		gpu_handback handback;
		memset(&handback, 0, sizeof handback);
		double ms = 0.0, moved = gpu_now_ms();
		status = keep_buffer(m, &m->query_buffers[0], count * sizeof *converted, error);
		if (status == COL_OK)
			status = keep_buffer(m, &m->query_buffers[1], count * sizeof *counts, error);
		if (status == COL_OK && triangle_hits != NULL)
			status = keep_buffer(m, &m->query_buffers[2], triangles, error);
		if (status == COL_OK)
			status = gpu_to_device(gpu, m->query_buffers[0]->data, converted,
			                       count * sizeof *converted, error);
		moved = gpu_now_ms() - moved;
		if (status == COL_OK)
			status = cuda_mesh_query(
			    gpu, &m->lbvh.tree, wide_of(m), m->triangles, m->triangle_count,
			    m->query_buffers[0]->data, count, cga, bvh, m->query_buffers[1]->data,
			    triangle_hits != NULL ? m->query_buffers[2]->data : NULL, &handback, &ms, error);
		double back = gpu_now_ms();
		if (status == COL_OK)
			status = gpu_to_host(gpu, counts, m->query_buffers[1]->data, count * sizeof *counts,
			                     error);
		if (status == COL_OK && triangle_hits != NULL)
			status = gpu_to_host(gpu, triangle_hits, m->query_buffers[2]->data, triangles, error);
		local.transfer_ms = moved + gpu_now_ms() - back;
		if (status == COL_OK)
			status = resolve_query_pairs(job, &handback, counts, triangle_hits, error);
		local.handed_back = handback.count;
		local.compute_ms = ms;
	} else if (triangle_hits != NULL) {
		memset(triangle_hits, 0, triangles);
	}
	free(converted);
	free(job);
	if (status != COL_OK)
		return status;
	for (size_t i = 0; i < count; i++)
		local.hits += counts[i];
	return gpu_finish_call(gpu, &local, count, start, stats, error);
}

/* ---- mesh against mesh ---- */

typedef struct pair_job {
	const col_gpu_mesh *a, *b;
	hd_pose b_to_a, a_in_b; /* b's frame to a's, and its inverse for walks in b's frame */
	col_transform3 motion;
	bool cga;
	col_method method;
	uint64_t pairs[COL_GPU_MAX_CPU_THREADS], handed_back[COL_GPU_MAX_CPU_THREADS],
	    nodes[COL_GPU_MAX_CPU_THREADS], tested[COL_GPU_MAX_CPU_THREADS];
	index_list hits_a[COL_GPU_MAX_CPU_THREADS],
	    hits_b[COL_GPU_MAX_CPU_THREADS]; /* hits on the side the workers share */
	uint8_t *hit_a, *hit_b;              /* the side each worker owns */
	hd_pair_side *prepared;              /* brute force: the inner loop's side, made ready once */
	bool prepared_is_b;
} pair_job;

/* The engine's answer for a_i against b_j moved: col_cga_mesh_mesh's own pair test. */
static bool exact_mesh_pair(const pair_job *job, int i, int j)
{
	col_triangle t = col_mesh_triangle(job->a->mesh, i);
	col_triangle u = col_triangle_moved(col_mesh_triangle(job->b->mesh, j), job->motion);
	return job->cga ? col_cga_triangle_triangle(t, u) : col_triangle_intersects_triangle(t, u);
}

/* One pair, counted where it meets. */
static inline void pair_found(pair_job *job, int worker, int i, int j, bool workers_own_a)
{
	job->pairs[worker]++;
	if (workers_own_a) {
		if (job->hit_a != NULL)
			job->hit_a[i] = 1;
		if (job->hit_b != NULL)
			list_push(&job->hits_b[worker], (uint32_t)j);
	} else {
		if (job->hit_b != NULL)
			job->hit_b[j] = 1;
		if (job->hit_a != NULL)
			list_push(&job->hits_a[worker], (uint32_t)i);
	}
}

/* a_i against b_j (moved), both made ready: the filtered test, else the engine. */
static inline void settle_pair(pair_job *job, int worker, int i, int j, const hd_pair_side *x,
                               const hd_pair_side *y, bool workers_own_a)
{
	int answer = hd_pair_test(x, y, job->cga);
	if (answer == HD_UNSURE) {
		job->handed_back[worker]++;
		answer = exact_mesh_pair(job, i, j) ? HD_YES : HD_NO;
	}
	if (answer == HD_YES)
		pair_found(job, worker, i, j, workers_own_a);
}

/* The smaller side made ready once, for brute force: b's triangles moved (and prepared), or a's. */
static void prepare_side_task(void *context, size_t begin, size_t end, int worker)
{
	pair_job *job = context;
	(void)worker;
	for (size_t k = begin; k < end; k++) {
		if (job->prepared_is_b) {
			hd_octree_triangle moved = hd_moved_triangle(&job->b->triangles[k], job->b_to_a);
			job->prepared[k] = hd_pair_prepare(&moved, job->cga);
		} else {
			job->prepared[k] = hd_pair_prepare(&job->a->triangles[k], job->cga);
		}
	}
}

/* Brute force, the workers over a's triangles, each against every one of b's (made ready). */
static void pairs_brute_a_task(void *context, size_t begin, size_t end, int worker)
{
	pair_job *job = context;
	int nb = job->b->triangle_count;
	for (size_t i = begin; i < end; i++) {
		hd_pair_side x = hd_pair_prepare(&job->a->triangles[i], job->cga);
		for (int j = 0; j < nb; j++)
			settle_pair(job, worker, (int)i, j, &x, &job->prepared[j], true);
	}
	job->tested[worker] += (end - begin) * (uint64_t)nb;
}

/* Brute force, the workers over b's triangles (moved once), each against every one of a's (made
 * ready). */
static void pairs_brute_b_task(void *context, size_t begin, size_t end, int worker)
{
	pair_job *job = context;
	int na = job->a->triangle_count;
	for (size_t j = begin; j < end; j++) {
		hd_octree_triangle moved = hd_moved_triangle(&job->b->triangles[j], job->b_to_a);
		hd_pair_side y = hd_pair_prepare(&moved, job->cga);
		for (int i = 0; i < na; i++)
			settle_pair(job, worker, i, (int)j, &job->prepared[i], &y, false);
	}
	job->tested[worker] += (end - begin) * (uint64_t)na;
}

/* Through a's tree: the workers over b's triangles, moved into a's frame, walking a's LBVH. */
static void pairs_walk_a_task(void *context, size_t begin, size_t end, int worker)
{
	pair_job *job = context;
	uint64_t visited = 0, tested = 0;
	for (size_t j = begin; j < end; j++) {
		hd_octree_triangle moved = hd_moved_triangle(&job->b->triangles[j], job->b_to_a);
		hd_pair_side y = hd_pair_prepare(&moved, job->cga);
		hd_lbvh_probe probe = hd_probe_box(hd_box_of_triangle(moved.a, moved.b, moved.c));
		hd_lbvh_walk walk;
		hd_walk_start(&walk, &job->a->lbvh.tree);
		int32_t i;
		while ((i = hd_walk_next(&walk, &job->a->lbvh.tree, &probe, &visited)) >= 0) {
			tested++;
			hd_pair_side x = hd_pair_prepare(&job->a->triangles[i], job->cga);
			settle_pair(job, worker, i, (int)j, &x, &y, false);
		}
	}
	job->nodes[worker] += visited;
	job->tested[worker] += tested;
}

/* Through b's tree: the workers over a's triangles, moved into b's frame (their box widened past
 * the rounding of that move) to walk b's LBVH; each pair is then tested as the engine tests it, a's
 * triangle against b's moved into a's frame. */
static void pairs_walk_b_task(void *context, size_t begin, size_t end, int worker)
{
	pair_job *job = context;
	uint64_t visited = 0, tested = 0;
	for (size_t i = begin; i < end; i++) {
		const hd_octree_triangle *t = &job->a->triangles[i];
		hd_pair_side x = hd_pair_prepare(t, job->cga);
		hd_lbvh_probe probe = hd_pair_probe_in_b(t, job->a_in_b);
		hd_lbvh_walk walk;
		hd_walk_start(&walk, &job->b->lbvh.tree);
		int32_t j;
		while ((j = hd_walk_next(&walk, &job->b->lbvh.tree, &probe, &visited)) >= 0) {
			tested++;
			hd_octree_triangle moved = hd_moved_triangle(&job->b->triangles[j], job->b_to_a);
			hd_pair_side y = hd_pair_prepare(&moved, job->cga);
			settle_pair(job, worker, (int)i, j, &x, &y, true);
		}
	}
	job->nodes[worker] += visited;
	job->tested[worker] += tested;
}

col_status col_gpu_mesh_mesh(col_gpu_mesh *a, col_gpu_mesh *b, col_transform3 b_to_a,
                             const col_gpu_query_options *options, uint64_t *pairs, uint8_t *hit_a,
                             uint8_t *hit_b, col_gpu_stats *stats, col_error *error)
{
	bool cga = true, bvh = true;
	col_method method = COL_METHOD_CGA;
	if (a == NULL || b == NULL || pairs == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu mesh_mesh: NULL mesh or pairs");
	if (a->gpu != b->gpu)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu mesh_mesh: the meshes are on different contexts");
	col_status status = check_pose(&b_to_a, "gpu mesh_mesh", error);
	if (status == COL_OK)
		status = check_options(options, &cga, &bvh, &method, error);
	if (status != COL_OK)
		return status;
	*pairs = 0;
	col_gpu *gpu = a->gpu;
	double start = gpu_now_ms();
	pair_job *job = calloc(1, sizeof *job);
	if (job == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu mesh_mesh: out of memory");
	job->a = a;
	job->b = b;
	job->motion = b_to_a;
	job->b_to_a = gpu_pose(&b_to_a);
	col_transform3 inverse = col_transform3_inverse(b_to_a);
	job->a_in_b = gpu_pose(&inverse);
	job->cga = cga;
	job->method = method;
	job->hit_a = hit_a;
	job->hit_b = hit_b;
	size_t na = (size_t)a->triangle_count, nb = (size_t)b->triangle_count;
	col_gpu_stats local;
	memset(&local, 0, sizeof local);
	if (gpu->device == COL_DEVICE_CPU) {
		if (hit_a != NULL)
			memset(hit_a, 0, na);
		if (hit_b != NULL)
			memset(hit_b, 0, nb);
		/* the workers take the larger side when they walk every pair, the smaller when they walk a
		 * tree */
		bool over_a = bvh ? na < nb : na >= nb;
		thread_pool_task task = bvh ? (over_a ? pairs_walk_b_task : pairs_walk_a_task)
		                            : (over_a ? pairs_brute_a_task : pairs_brute_b_task);
		if (!bvh) {
			job->prepared_is_b = over_a;
			size_t side = over_a ? nb : na;
			job->prepared = malloc((side > 0 ? side : 1) * sizeof *job->prepared);
			if (job->prepared == NULL) {
				free(job);
				return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                "gpu mesh_mesh: out of memory");
			}
			thread_pool_run(gpu->pool, side, 0, prepare_side_task, job);
		}
		thread_pool_run(gpu->pool, over_a ? na : nb, 0, task, job);
		free(job->prepared);
		int threads = thread_pool_threads(gpu->pool);
		for (int w = 0; w < threads; w++) {
			*pairs += job->pairs[w];
			local.handed_back += job->handed_back[w];
			local.nodes_visited += job->nodes[w];
			local.primitives_tested += job->tested[w];
			for (size_t k = 0; k < job->hits_a[w].count; k++)
				hit_a[job->hits_a[w].data[k]] = 1;
			for (size_t k = 0; k < job->hits_b[w].count; k++)
				hit_b[job->hits_b[w].data[k]] = 1;
			if (job->hits_a[w].failed || job->hits_b[w].failed)
				status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
				                  "gpu mesh_mesh: out of memory for hits");
			free(job->hits_a[w].data);
			free(job->hits_b[w].data);
		}
	} else {
		gpu_handback handback;
		memset(&handback, 0, sizeof handback);
		double ms = 0.0;
		if (hit_a != NULL)
			status = keep_buffer(a, &a->query_buffers[2], na, error);
		if (status == COL_OK && hit_b != NULL)
			status = keep_buffer(b, &b->query_buffers[3], nb, error);
		uint8_t *d_hit_a = hit_a != NULL ? a->query_buffers[2]->data : NULL;
		uint8_t *d_hit_b = hit_b != NULL ? b->query_buffers[3]->data : NULL;
		if (status == COL_OK)
			status = cuda_mesh_mesh(gpu, a->triangles, a->triangle_count, &a->lbvh.tree,
			                        wide_of(a), b->triangles, b->triangle_count, &b->lbvh.tree,
			                        wide_of(b), job->b_to_a, cga, bvh, pairs, d_hit_a, d_hit_b,
			                        &handback, &ms, error);
		double back = gpu_now_ms();
		if (status == COL_OK && hit_a != NULL)
			status = gpu_to_host(gpu, hit_a, d_hit_a, na, error);
		if (status == COL_OK && hit_b != NULL)
			status = gpu_to_host(gpu, hit_b, d_hit_b, nb, error);
		local.transfer_ms = gpu_now_ms() - back;
		local.handed_back = handback.count;
		local.compute_ms = ms;
		if (status == COL_OK && handback.count > handback.capacity)
			status = col_fail(error, COL_ERROR_OUT_OF_MEMORY,
			                  "gpu mesh_mesh: %llu uncertain pairs are more than the hand-back "
			                  "list holds (%zu)",
			                  (unsigned long long)handback.count, handback.capacity);
		uint32_t *list = NULL;
		if (status == COL_OK)
			status = read_handback(gpu, &handback, 2, &list, error);
		for (size_t k = 0; status == COL_OK && k < handback.count; k++) {
			int i = (int)list[2 * k], j = (int)list[2 * k + 1];
			if (exact_mesh_pair(job, i, j)) {
				(*pairs)++;
				if (hit_a != NULL)
					hit_a[i] = 1;
				if (hit_b != NULL)
					hit_b[j] = 1;
			}
		}
		free(list);
	}
	free(job);
	if (status != COL_OK)
		return status;
	local.hits = *pairs;
	return gpu_finish_call(gpu, &local, 1, start, stats, error);
}
