/* A polyhedron with polygonal faces (source 000, chapter 3): reading and validating the faces,
 * checking the surface is closed, and building the signed covering S_ij = O W_i Q_ij Q_i,j+1. */
#include "polyhedron_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/predicates.h"
#include "error.h"
#include "exact_plane.h"

col_polyhedron_options col_polyhedron_default_options(void)
{
	return (col_polyhedron_options){false, {0.0, 0.0, 0.0}, 1e-6, true};
}

void col_polyhedron_destroy(col_polyhedron *polyhedron)
{
	if (polyhedron == NULL)
		return;
	free(polyhedron->vertices);
	free(polyhedron->faces);
	free(polyhedron->loop_starts);
	free(polyhedron->loop_indices);
	free(polyhedron->ring);
	free(polyhedron->ring_false);
	free(polyhedron->edges);
	free(polyhedron->tetrahedra);
	free(polyhedron);
}

/* ---- reading the face list ---- */

static col_status check_vertices(const col_vec3 *vertices, int count, col_error *error)
{
	for (int i = 0; i < count; i++) {
		const double c[3] = {vertices[i].x, vertices[i].y, vertices[i].z};
		for (int k = 0; k < 3; k++) {
			if (!isfinite(c[k]))
				return col_fail(error, COL_ERROR_NOT_FINITE,
				                "polyhedron: vertex %d has a%s coordinate", i,
				                isnan(c[k]) ? " NaN" : "n infinite");
			if (!col_coordinate_in_range(c[k]))
				return col_fail(
				    error, COL_ERROR_INVALID_ARGUMENT,
				    "polyhedron: vertex %d coordinate %g is outside the supported range "
				    "[%g, %g] (or 0)",
				    i, c[k], COL_COORDINATE_MIN, COL_COORDINATE_MAX);
		}
	}
	return COL_OK;
}

/* The list's last entry is a separator: it closes the last loop instead of opening an empty one. */
static int used_length(const int32_t *indices, int count)
{
	return count > 0 && indices[count - 1] < 0 ? count - 1 : count;
}

/* Splits the list into loops and faces: a first pass to count (and check every entry), a second to
 * fill. Loops may come out empty or short; the faces' own checks say so. */
static col_status read_faces(col_polyhedron *p, const int32_t *indices, int count, col_error *error)
{
	int n = used_length(indices, count);
	int loops = 1, faces = 1, vertices = 0;
	for (int i = 0; i < n; i++) {
		int32_t x = indices[i];
		if (x >= p->vertex_count || x < COL_POLYHEDRON_NEXT_FACE)
			return col_fail(
			    error, COL_ERROR_INVALID_ARGUMENT,
			    "polyhedron: face list entry %d is %d: neither a vertex (0..%d) nor a "
			    "separator (-1 next loop, -2 next face)",
			    i, (int)x, p->vertex_count - 1);
		loops += x < 0;
		faces += x == COL_POLYHEDRON_NEXT_FACE;
		vertices += x >= 0;
	}
	p->loop_starts = malloc(((size_t)loops + 1) * sizeof *p->loop_starts);
	p->loop_indices = malloc(((size_t)vertices + 1) * sizeof *p->loop_indices);
	p->faces = calloc((size_t)faces, sizeof *p->faces);
	if (p->loop_starts == NULL || p->loop_indices == NULL || p->faces == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: out of memory for %d faces",
		                faces);
	p->loop_count = loops;
	p->face_count = faces;
	int loop = 0, face = 0, k = 0;
	p->loop_starts[0] = 0;
	p->faces[0].first_loop = 0;
	for (int i = 0; i < n; i++) {
		int32_t x = indices[i];
		if (x >= 0) {
			p->loop_indices[k++] = x;
			continue;
		}
		p->loop_starts[++loop] = k;
		if (x == COL_POLYHEDRON_NEXT_FACE) {
			p->faces[face].loop_count = loop - p->faces[face].first_loop;
			p->faces[++face].first_loop = loop;
		}
	}
	p->loop_starts[++loop] = k;
	p->faces[face].loop_count = loop - p->faces[face].first_loop;
	return COL_OK;
}

/* ---- closed surface ---- */

typedef struct directed_edge {
	int32_t low, high; /* the vertices, low < high */
	int forward;       /* walked from low to high */
} directed_edge;

static int by_vertices(const void *pa, const void *pb)
{
	const directed_edge *a = pa, *b = pb;
	if (a->low != b->low)
		return a->low < b->low ? -1 : 1;
	return (a->high > b->high) - (a->high < b->high);
}

/* Every real directed edge walked as often the other way: then the signed fan triangles sum to a
 * closed surface and the covering's sum to a solid (false edges are walked both ways by
 * construction). Fills the list of real undirected edges. */
static col_status check_closed(col_polyhedron *p, col_error *error)
{
	int n = p->loop_starts[p->loop_count];
	directed_edge *uses = malloc((size_t)n * sizeof *uses);
	p->edges = malloc((size_t)2 * (size_t)n * sizeof *p->edges);
	if (uses == NULL || p->edges == NULL) {
		free(uses);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: out of memory for %d edges", n);
	}
	for (int l = 0, k = 0; l < p->loop_count; l++) {
		int first = p->loop_starts[l], size = p->loop_starts[l + 1] - first;
		for (int i = 0; i < size; i++, k++) {
			int32_t a = p->loop_indices[first + i], b = p->loop_indices[first + (i + 1) % size];
			uses[k] = a < b ? (directed_edge){a, b, 1} : (directed_edge){b, a, 0};
		}
	}
	qsort(uses, (size_t)n, sizeof *uses, by_vertices);
	p->edge_count = 0;
	for (int i = 0; i < n;) {
		int j = i, forward = 0;
		for (; j < n && uses[j].low == uses[i].low && uses[j].high == uses[i].high; j++)
			forward += uses[j].forward;
		int backward = j - i - forward;
		if (forward != backward) {
			col_status status =
			    col_fail(error, COL_ERROR_TOPOLOGY,
			             "polyhedron: the surface is not closed: edge %d-%d is walked %d time%s "
			             "from its first vertex to its second and %d the other way (a missing face, "
			             "or one wound backwards)",
			             (int)uses[i].low, (int)uses[i].high, forward, forward == 1 ? "" : "s",
			             backward);
			free(uses);
			return status;
		}
		p->edges[2 * p->edge_count] = uses[i].low;
		p->edges[2 * p->edge_count + 1] = uses[i].high;
		p->edge_count++;
		i = j;
	}
	free(uses);
	return COL_OK;
}

/* ---- the covering ---- */

static poly_face_input face_input(const col_polyhedron *p, int f)
{
	return (poly_face_input){p->vertices,
	                         p->loop_starts,
	                         p->loop_indices,
	                         p->faces[f].first_loop,
	                         p->faces[f].loop_count,
	                         f,
	                         p->options.planarity_tolerance,
	                         !p->options.triangle_fast_path};
}

static col_status build_faces(col_polyhedron *p, col_error *error)
{
	for (int f = 0; f < p->face_count; f++) {
		poly_face_input in = face_input(p, f);
		col_status status = col_poly_face_prepare(&in, &p->faces[f], error);
		if (status != COL_OK)
			return status;
	}
	col_status status = check_closed(p, error);
	if (status != COL_OK)
		return status;
	int length = 0, tetrahedra = 0;
	for (int f = 0; f < p->face_count; f++) {
		poly_face *face = &p->faces[f];
		int holes = face->loop_count - 1;
		face->ring_first = length;
		face->ring_count = p->loop_starts[face->first_loop + face->loop_count] -
		                   p->loop_starts[face->first_loop] + 2 * holes;
		face->tetra_first = tetrahedra;
		face->tetra_count = face->fanned ? face->ring_count : 1;
		length += face->ring_count;
		tetrahedra += face->tetra_count;
	}
	p->ring_length = length;
	p->ring = malloc(((size_t)length + 1) * sizeof *p->ring);
	p->ring_false = malloc(((size_t)length + 1) * sizeof *p->ring_false);
	p->tetrahedra = malloc(((size_t)tetrahedra + 1) * sizeof *p->tetrahedra);
	if (p->ring == NULL || p->ring_false == NULL || p->tetrahedra == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: out of memory for %d tetrahedra",
		                tetrahedra);
	p->tetra_count = tetrahedra;
	for (int f = 0; f < p->face_count; f++) {
		poly_face_input in = face_input(p, f);
		poly_face *face = &p->faces[f];
		status = col_poly_face_ring(&in, face, p->ring + face->ring_first,
		                            p->ring_false + face->ring_first, error);
		if (status != COL_OK)
			return status;
		col_poly_face_centre(&in, face);
	}
	return COL_OK;
}

/* The tetrahedra with their vertices; signs come once O is known. */
static void fill_tetrahedra(col_polyhedron *p)
{
	for (int f = 0; f < p->face_count; f++) {
		const poly_face *face = &p->faces[f];
		const int32_t *ring = p->ring + face->ring_first;
		for (int k = 0; k < face->tetra_count; k++) {
			col_polyhedron_tetrahedron *t = &p->tetrahedra[face->tetra_first + k];
			if (!face->fanned) {
				*t = (col_polyhedron_tetrahedron){p->vertices[ring[0]],
				                                  p->vertices[ring[1]],
				                                  p->vertices[ring[2]],
				                                  f,
				                                  ring[0],
				                                  ring[1],
				                                  ring[2],
				                                  0,
				                                  1,
				                                  COL_POLYHEDRON_TRIANGLE_FACE};
				continue;
			}
			int32_t a = ring[k], b = ring[(k + 1) % face->ring_count];
			unsigned flags = p->ring_false[face->ring_first + k] ? COL_POLYHEDRON_FALSE_EDGE : 0u;
			if (col_triangle_is_degenerate(
			        (col_triangle){face->centre, p->vertices[a], p->vertices[b]}))
				flags |= COL_POLYHEDRON_DEGENERATE_FAN;
			col_vec2 w2 = col_project_dropping(face->centre, face->axis);
			col_vec2 a2 = col_project_dropping(p->vertices[a], face->axis);
			col_vec2 b2 = col_project_dropping(p->vertices[b], face->axis);
			int turn = col_exact_sign(col_orient2d(w2, a2, b2)) * face->orientation;
			*t = (col_polyhedron_tetrahedron){
			    face->centre, p->vertices[a], p->vertices[b], f, -1, a, b, 0, turn, flags};
		}
	}
}

/* The centroid of the solid, summed over the covering from the box's centre (the signed fan
 * triangles' cones; a false edge's pair cancels); the box's centre when the volume is 0. */
static void measure(col_polyhedron *p)
{
	col_aabb3 box = col_aabb3_empty();
	for (int f = 0; f < p->face_count; f++)
		box = col_aabb3_union(box, p->faces[f].box);
	p->bounds = box;
	col_vec3 c = col_vec3_scale(col_vec3_add(box.min, box.max), 0.5);
	double six_volume = 0.0;
	col_vec3 moment = {0.0, 0.0, 0.0};
	for (int i = 0; i < p->tetra_count; i++) {
		const col_polyhedron_tetrahedron *t = &p->tetrahedra[i];
		col_vec3 w = col_vec3_sub(t->centre, c), a = col_vec3_sub(t->a, c), b = col_vec3_sub(t->b, c);
		double v = col_vec3_dot(w, col_vec3_cross(a, b));
		six_volume += v;
		moment = col_vec3_add(moment, col_vec3_scale(col_vec3_add(col_vec3_add(w, a), b), v / 4.0));
	}
	p->volume = six_volume / 6.0;
	col_vec3 centroid = col_vec3_add(c, col_vec3_scale(moment, 1.0 / six_volume));
	if (!p->options.has_origin)
		p->origin = six_volume != 0.0 && col_vec3_is_finite(centroid) ? centroid : c;
}

/* Signs against O, each face's sign(H), and the state of each face's W. */
static void sign_covering(col_polyhedron *p)
{
	const col_vec3 *v = p->vertices;
	for (int i = 0; i < p->tetra_count; i++) {
		col_polyhedron_tetrahedron *t = &p->tetrahedra[i];
		t->sign = col_exact_sign(col_orient3d(t->centre, t->a, t->b, p->origin));
	}
	for (int f = 0; f < p->face_count; f++) {
		poly_face *face = &p->faces[f];
		face->side = 0;
		if (face->planar) {
			col_vec3 r0 = v[face->plane[0]], r1 = v[face->plane[1]], r2 = v[face->plane[2]];
			int turn = col_exact_sign(col_orient2d(col_project_dropping(r0, face->axis),
			                                       col_project_dropping(r1, face->axis),
			                                       col_project_dropping(r2, face->axis)));
			face->side =
			    col_exact_sign(col_orient3d(r0, r1, r2, p->origin)) * turn * face->orientation;
		}
		face->centre_position =
		    face->fanned ? col_poly_face_locate_2d(p, face, face->centre) : FACE_BOUNDARY;
	}
}

static col_status finish(col_polyhedron *p, col_error *error)
{
	col_status status = build_faces(p, error);
	if (status != COL_OK)
		return status;
	fill_tetrahedra(p);
	measure(p);
	sign_covering(p);
	uint64_t tested = 0;
	p->origin_inside = col_poly_crossing_contains(p, p->origin, &tested);
	return COL_OK;
}

col_status col_polyhedron_create(const col_vec3 *vertices, int vertex_count, const int32_t *face_indices,
                                 int index_count, const col_polyhedron_options *options, col_polyhedron **out,
                                 col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polyhedron: the output pointer is NULL");
	*out = NULL;
	col_polyhedron_options o = options != NULL ? *options : col_polyhedron_default_options();
	if (vertices == NULL || vertex_count < 4)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polyhedron: needs at least 4 vertices (got %d)",
		                vertices == NULL ? 0 : vertex_count);
	if (face_indices == NULL || used_length(face_indices, index_count) <= 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polyhedron: no faces");
	if (!(o.planarity_tolerance >= 0.0) || !isfinite(o.planarity_tolerance))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polyhedron: planarity_tolerance %g must be finite and >= 0",
		                o.planarity_tolerance);
	if (o.has_origin && !col_vec3_is_finite(o.origin))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "polyhedron: the origin (%g, %g, %g) is not finite", o.origin.x, o.origin.y,
		                o.origin.z);
	col_status status = check_vertices(vertices, vertex_count, error);
	if (status != COL_OK)
		return status;
	col_polyhedron *p = calloc(1, sizeof *p);
	if (p == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: out of memory");
	p->options = o;
	p->origin = o.origin;
	p->vertex_count = vertex_count;
	p->vertices = malloc((size_t)vertex_count * sizeof *p->vertices);
	if (p->vertices == NULL) {
		col_polyhedron_destroy(p);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: out of memory for %d vertices",
		                vertex_count);
	}
	memcpy(p->vertices, vertices, (size_t)vertex_count * sizeof *p->vertices);
	status = read_faces(p, face_indices, index_count, error);
	if (status == COL_OK)
		status = finish(p, error);
	if (status != COL_OK) {
		col_polyhedron_destroy(p);
		return status;
	}
	col_error_clear(error);
	*out = p;
	return COL_OK;
}

col_status col_polyhedron_from_mesh(const col_mesh *mesh, const col_polyhedron_options *options,
                                    col_polyhedron **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polyhedron: the output pointer is NULL");
	*out = NULL;
	if (mesh == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "polyhedron: the mesh is NULL");
	int n = col_mesh_triangle_count(mesh);
	const int32_t *triangles = col_mesh_triangles(mesh);
	int32_t *list = malloc((size_t)4 * (size_t)n * sizeof *list);
	if (list == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "polyhedron: out of memory for %d triangles",
		                n);
	for (int i = 0; i < n; i++) {
		memcpy(list + 4 * i, triangles + 3 * i, 3 * sizeof *list);
		list[4 * i + 3] = COL_POLYHEDRON_NEXT_FACE;
	}
	col_status status = col_polyhedron_create(col_mesh_vertices(mesh), col_mesh_vertex_count(mesh), list,
	                                          4 * n, options, out, error);
	free(list);
	return status;
}

/* ---- accessors ---- */

int col_polyhedron_vertex_count(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->vertex_count : 0;
}

const col_vec3 *col_polyhedron_vertices(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->vertices : NULL;
}

int col_polyhedron_face_count(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->face_count : 0;
}

int col_polyhedron_edge_count(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->edge_count : 0;
}

bool col_polyhedron_edge(const col_polyhedron *polyhedron, int index, int32_t *a, int32_t *b)
{
	if (polyhedron == NULL || index < 0 || index >= polyhedron->edge_count)
		return false;
	if (a != NULL)
		*a = polyhedron->edges[2 * index];
	if (b != NULL)
		*b = polyhedron->edges[2 * index + 1];
	return true;
}

col_aabb3 col_polyhedron_bounds(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->bounds : col_aabb3_empty();
}

double col_polyhedron_volume(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->volume : 0.0;
}

col_vec3 col_polyhedron_origin(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->origin : (col_vec3){0.0, 0.0, 0.0};
}

bool col_polyhedron_origin_inside(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL && polyhedron->origin_inside;
}

col_polyhedron_options col_polyhedron_options_used(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->options : col_polyhedron_default_options();
}

col_polyhedron_face col_polyhedron_face_at(const col_polyhedron *polyhedron, int face)
{
	if (polyhedron == NULL || face < 0 || face >= polyhedron->face_count)
		return (col_polyhedron_face){0};
	const poly_face *f = &polyhedron->faces[face];
	int first = polyhedron->loop_starts[f->first_loop];
	int last = polyhedron->loop_starts[f->first_loop + f->loop_count];
	return (col_polyhedron_face){f->loop_count,  last - first,       f->ring_count, f->tetra_first,
	                             f->tetra_count, f->centre,          f->fanned,     f->planar,
	                             f->fan_planar,  f->centre_position, f->side};
}

int col_polyhedron_face_loop(const col_polyhedron *polyhedron, int face, int loop, const int32_t **indices)
{
	if (indices != NULL)
		*indices = NULL;
	if (polyhedron == NULL || face < 0 || face >= polyhedron->face_count || loop < 0 ||
	    loop >= polyhedron->faces[face].loop_count)
		return 0;
	int l = polyhedron->faces[face].first_loop + loop;
	if (indices != NULL)
		*indices = polyhedron->loop_indices + polyhedron->loop_starts[l];
	return polyhedron->loop_starts[l + 1] - polyhedron->loop_starts[l];
}

int col_polyhedron_face_ring(const col_polyhedron *polyhedron, int face, const int32_t **indices,
                             const bool **false_edges)
{
	if (indices != NULL)
		*indices = NULL;
	if (false_edges != NULL)
		*false_edges = NULL;
	if (polyhedron == NULL || face < 0 || face >= polyhedron->face_count)
		return 0;
	const poly_face *f = &polyhedron->faces[face];
	if (indices != NULL)
		*indices = polyhedron->ring + f->ring_first;
	if (false_edges != NULL)
		*false_edges = polyhedron->ring_false + f->ring_first;
	return f->ring_count;
}

int col_polyhedron_tetrahedron_count(const col_polyhedron *polyhedron)
{
	return polyhedron != NULL ? polyhedron->tetra_count : 0;
}

col_polyhedron_tetrahedron col_polyhedron_tetrahedron_at(const col_polyhedron *polyhedron, int index)
{
	if (polyhedron == NULL || index < 0 || index >= polyhedron->tetra_count)
		return (col_polyhedron_tetrahedron){
		    {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, -1, -1, -1, -1, 0, 0, 0u};
	return polyhedron->tetrahedra[index];
}
