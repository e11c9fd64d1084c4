/* The double box hierarchy's build (source 001, section 3): principal frames, cuts through centroids,
 * clipped faces with their provenance, exact convex pieces, outer and inner boxes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "boxtree_internal.h"
#include "collide/predicates.h"
#include "error.h"

col_boxtree_options col_boxtree_default_options(void)
{
	return (col_boxtree_options){4, COL_CENTROID_PAPER, COL_BOXTREE_ROOT_AABB, 0.0};
}

/* ---- growable arrays ---- */

/* Makes room for `more` elements past `count`; false when memory runs out (the array is kept). */
static bool reserve(void **array, int *capacity, int count, int more, size_t size)
{
	if (count + more <= *capacity)
		return true;
	int grown = *capacity ? *capacity : 16;
	while (grown < count + more)
		grown *= 2;
	void *p = realloc(*array, (size_t)grown * size);
	if (p == NULL)
		return false;
	*array = p;
	*capacity = grown;
	return true;
}

/* ---- a piece while it is being cut: vertices and face polygons with their provenance ---- */

typedef struct polygon {
	int first, count; /* into piece.indices */
	int face;         /* the original face it is part of, or -1 for a cut */
} polygon;

typedef struct piece {
	col_vec3 *vertices;
	int vertex_count, vertex_capacity;
	int *indices;
	int index_count, index_capacity;
	polygon *polygons;
	int polygon_count, polygon_capacity;
} piece;

static void piece_free(piece *p)
{
	free(p->vertices);
	free(p->indices);
	free(p->polygons);
	memset(p, 0, sizeof *p);
}

static bool piece_add_polygon(piece *p, const int *ids, int count, int face)
{
	if (!reserve((void **)&p->indices, &p->index_capacity, p->index_count, count, sizeof(int)) ||
	    !reserve((void **)&p->polygons, &p->polygon_capacity, p->polygon_count, 1, sizeof(polygon)))
		return false;
	memcpy(p->indices + p->index_count, ids, (size_t)count * sizeof(int));
	p->polygons[p->polygon_count++] = (polygon){p->index_count, count, face};
	p->index_count += count;
	return true;
}

/* Twice the area vector of a polygon (Newell's sum about its first vertex). */
static col_vec3 polygon_area_vector(const col_vec3 *v, const int *ids, int count)
{
	col_vec3 sum = {0.0, 0.0, 0.0};
	col_vec3 o = v[ids[0]];
	for (int i = 1; i + 1 < count; ++i)
		sum = col_vec3_add(
		    sum, col_vec3_cross(col_vec3_sub(v[ids[i]], o), col_vec3_sub(v[ids[i + 1]], o)));
	return sum;
}

static double polygon_area(const col_vec3 *v, const int *ids, int count)
{
	return 0.5 * col_vec3_length(polygon_area_vector(v, ids, count));
}

static double piece_area(const piece *p, bool original_only)
{
	double area = 0.0;
	for (int k = 0; k < p->polygon_count; ++k)
		if (!original_only || p->polygons[k].face >= 0)
			area += polygon_area(p->vertices, p->indices + p->polygons[k].first,
			                     p->polygons[k].count);
	return area;
}

/* Every polygon fanned from its first vertex (the paper triangulates every face). */
static col_triangle *piece_triangles(const piece *p, int *count)
{
	int n = 0;
	for (int k = 0; k < p->polygon_count; ++k)
		n += p->polygons[k].count - 2;
	col_triangle *t = malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
	if (t == NULL)
		return NULL;
	n = 0;
	for (int k = 0; k < p->polygon_count; ++k) {
		const int *ids = p->indices + p->polygons[k].first;
		for (int i = 1; i + 1 < p->polygons[k].count; ++i)
			t[n++] =
			    (col_triangle){p->vertices[ids[0]], p->vertices[ids[i]], p->vertices[ids[i + 1]]};
	}
	*count = n;
	return t;
}

/* ---- the exact convex hull of a piece's vertices ---- */

static bool collinear3(col_vec3 a, col_vec3 b, col_vec3 c)
{
	return col_orient2d((col_vec2){a.x, a.y}, (col_vec2){b.x, b.y}, (col_vec2){c.x, c.y}) == 0.0 &&
	       col_orient2d((col_vec2){a.y, a.z}, (col_vec2){b.y, b.z}, (col_vec2){c.y, c.z}) == 0.0 &&
	       col_orient2d((col_vec2){a.z, a.x}, (col_vec2){b.z, b.x}, (col_vec2){c.z, c.x}) == 0.0;
}

static bool lexicographically_less(col_vec3 a, col_vec3 b)
{
	return a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.z < b.z)));
}

/* Whether c lies farther from a than b does, for c and b on one ray from a (exact: the comparison is
 * made on the coordinate along which b moves most from a). */
static bool farther_on_ray(col_vec3 a, col_vec3 b, col_vec3 c)
{
	col_vec3 d = col_vec3_sub(b, a);
	int axis = fabs(d.x) >= fabs(d.y) && fabs(d.x) >= fabs(d.z) ? 0 : fabs(d.y) >= fabs(d.z) ? 1 : 2;
	double ba = col_vec3_component(b, axis), aa = col_vec3_component(a, axis),
	       ca = col_vec3_component(c, axis);
	return ba > aa ? ca > ba : ca < ba;
}

/* The convex hull of n points as a col_convex, every sign by col_orient3d. Small point sets (a piece has
 * a few dozen vertices), so facets are found directly: a triple of points whose plane has no point on
 * one side is a supporting plane; the facet is every point on that plane, listed once (from its lowest
 * triple: its two lowest points and the lowest one off their line), ordered counter-clockwise seen from
 * outside by gift wrapping with collinear points left out, so every face is strictly convex and every
 * vertex extreme. COL_ERROR_DEGENERATE when the points are coplanar. */
static col_status exact_hull(const col_vec3 *input, int input_count, col_convex **out, col_error *error)
{
	*out = NULL;
	col_status status = COL_ERROR_OUT_OF_MEMORY;
	col_vec3 *p = malloc((size_t)(input_count > 0 ? input_count : 1) * sizeof *p);
	int *on = malloc((size_t)(input_count > 0 ? input_count : 1) * sizeof *on);
	int *face_vertices = NULL, *face_sizes = NULL, *used = NULL;
	int fv_count = 0, fv_capacity = 0, face_count = 0, face_capacity = 0;
	col_vec3 *vertices = NULL;
	if (p == NULL || on == NULL)
		goto done;
	int n = 0; /* distinct points */
	for (int i = 0; i < input_count; ++i) {
		bool seen = false;
		for (int j = 0; j < n && !seen; ++j)
			seen = col_vec3_equal(p[j], input[i]);
		if (!seen)
			p[n++] = input[i];
	}
	bool solid = false;
	for (int i = 2; i < n && !solid; ++i)
		if (!collinear3(p[0], p[1], p[i]))
			for (int j = 0; j < n && !solid; ++j)
				solid = col_orient3d(p[0], p[1], p[i], p[j]) != 0.0;
	if (!solid) {
		status =
		    col_fail(error, COL_ERROR_DEGENERATE, "boxtree: a piece's %d vertices are coplanar", n);
		goto done;
	}
	for (int i = 0; i < n; ++i)
		for (int j = i + 1; j < n; ++j)
			for (int k = j + 1; k < n; ++k) {
				if (collinear3(p[i], p[j], p[k]))
					continue;
				int side = 0, on_count = 0, behind = -1;
				bool supporting = true;
				for (int m = 0; m < n && supporting; ++m) {
					if (m == i || m == j || m == k)
						continue;
					double s = col_orient3d(p[i], p[j], p[k], p[m]);
					if (s == 0.0) {
						on[on_count++] = m;
						continue;
					}
					int sm = s > 0.0 ? 1 : -1;
					if (side == 0) {
						side = sm;
						behind = m;
					} else if (sm != side)
						supporting = false;
				}
				if (!supporting)
					continue;
				/* Listed from its lowest triple only. */
				bool lowest = true;
				for (int t = 0; t < on_count && lowest; ++t) {
					int m = on[t];
					if (m < j || (m < k && !collinear3(p[i], p[j], p[m])))
						lowest = false;
				}
				if (!lowest)
					continue;
				on[on_count++] = i;
				on[on_count++] = j;
				on[on_count++] = k;
				int start = on[0];
				for (int t = 1; t < on_count; ++t)
					if (lexicographically_less(p[on[t]], p[start]))
						start = on[t];
				if (!reserve((void **)&face_vertices, &fv_capacity, fv_count, on_count,
				             sizeof(int)) ||
				    !reserve((void **)&face_sizes, &face_capacity, face_count, 1,
				             sizeof(int)))
					goto done;
				/* Gift wrapping: (a, b, c) is counter-clockwise seen from outside when
				 * col_orient3d(a, b, c, q) > 0 for q behind the facet. */
				col_vec3 q = p[behind];
				int current = start, size = 0;
				do {
					face_vertices[fv_count + size++] = current;
					int next = -1;
					for (int t = 0; t < on_count; ++t) {
						int c = on[t];
						if (c == current)
							continue;
						if (next < 0) {
							next = c;
							continue;
						}
						double o = col_orient3d(p[current], p[next], p[c], q);
						if (o < 0.0 ||
						    (o == 0.0 && farther_on_ray(p[current], p[next], p[c])))
							next = c;
					}
					current = next;
				} while (current != start && size < on_count);
				if (current != start || size < 3) {
					status = col_fail(error, COL_ERROR_DEGENERATE,
					                  "boxtree: a piece's hull failed");
					goto done;
				}
				fv_count += size;
				face_sizes[face_count++] = size;
			}
	/* Only the extreme points are vertices. */
	used = malloc((size_t)n * sizeof *used);
	vertices = malloc((size_t)n * sizeof *vertices);
	if (used == NULL || vertices == NULL)
		goto done;
	for (int i = 0; i < n; ++i)
		used[i] = -1;
	int vertex_count = 0;
	for (int t = 0; t < fv_count; ++t) {
		int v = face_vertices[t];
		if (used[v] < 0) {
			used[v] = vertex_count;
			vertices[vertex_count++] = p[v];
		}
		face_vertices[t] = used[v];
	}
	status = col_convex_create(vertices, vertex_count, face_vertices, face_sizes, face_count, out, error);
done:
	if (status == COL_ERROR_OUT_OF_MEMORY)
		col_fail(error, status, "boxtree: out of memory");
	free(p);
	free(on);
	free(face_vertices);
	free(face_sizes);
	free(used);
	free(vertices);
	return status;
}

/* A copy of a polytope (the tree keeps its own). */
static col_status convex_copy(const col_convex *c, col_convex **out, col_error *error)
{
	int face_count = col_convex_face_count(c), total = 0;
	for (int f = 0; f < face_count; ++f) {
		const int *ids;
		total += col_convex_face(c, f, &ids);
	}
	int *sizes = malloc((size_t)face_count * sizeof *sizes),
	    *ids_all = malloc((size_t)total * sizeof *ids_all);
	if (sizes == NULL || ids_all == NULL) {
		free(sizes);
		free(ids_all);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	}
	total = 0;
	for (int f = 0; f < face_count; ++f) {
		const int *ids;
		sizes[f] = col_convex_face(c, f, &ids);
		memcpy(ids_all + total, ids, (size_t)sizes[f] * sizeof(int));
		total += sizes[f];
	}
	col_status status = col_convex_create(col_convex_vertices(c), col_convex_vertex_count(c), ids_all,
	                                      sizes, face_count, out, error);
	free(sizes);
	free(ids_all);
	return status;
}

/* ---- one node: frame, piece, boxes, label ---- */

typedef struct build {
	col_boxtree *tree;
	int node_capacity;
	int triangle_capacity, face_capacity;
} build;

/* Fills a node's frame, piece, boxes and measures from its faces. parent is the parent's principal
 * frame (NULL at the root); root is the input polytope at the root, NULL elsewhere. */
static col_status node_setup(const build *b, const piece *w, const col_frame *parent, const col_convex *root,
                             boxtree_node *node, col_error *error)
{
	const col_boxtree_options *o = &b->tree->options;
	int triangle_count = 0;
	col_triangle *triangles = piece_triangles(w, &triangle_count);
	if (triangles == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	col_principal_info pinfo;
	col_status status =
	    col_principal_frame(triangles, triangle_count, o->centroid, parent, &node->frame, &pinfo, error);
	free(triangles);
	if (status != COL_OK)
		return status;
	for (int i = 0; i < 3; ++i)
		node->eigenvalues[i] = pinfo.eigenvalues[i];
	status = root != NULL ? convex_copy(root, &node->piece, error)
	                      : exact_hull(w->vertices, w->vertex_count, &node->piece, error);
	if (status != COL_OK)
		return status;
	node->box_frame =
	    root != NULL && o->root_frame == COL_BOXTREE_ROOT_AABB ? col_frame_identity() : node->frame;

	/* Outer: the tight box of the piece in box_frame, grown by the margin. */
	const col_vec3 *v = col_convex_vertices(node->piece);
	int nv = col_convex_vertex_count(node->piece);
	col_vec3 lo = col_frame_to_local(&node->box_frame, v[0]), hi = lo;
	for (int i = 1; i < nv; ++i) {
		col_vec3 y = col_frame_to_local(&node->box_frame, v[i]);
		lo = (col_vec3){fmin(lo.x, y.x), fmin(lo.y, y.y), fmin(lo.z, y.z)};
		hi = (col_vec3){fmax(hi.x, y.x), fmax(hi.y, y.y), fmax(hi.z, y.z)};
	}
	double grow = COL_BOXTREE_OUTER_MARGIN * col_vec3_length(col_vec3_sub(hi, lo));
	lo = col_vec3_sub(lo, (col_vec3){grow, grow, grow});
	hi = col_vec3_add(hi, (col_vec3){grow, grow, grow});
	node->outer = col_obb_from_frame_box(&node->box_frame, lo, hi);
	node->outer_volume =
	    8.0 * node->outer.half_extents.x * node->outer.half_extents.y * node->outer.half_extents.z;

	/* Inner: the largest box in box_frame inside the piece's face planes. */
	int nf = col_convex_face_count(node->piece);
	col_plane *planes = malloc((size_t)nf * sizeof *planes);
	if (planes == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	for (int f = 0; f < nf; ++f)
		planes[f] = col_convex_face_plane(node->piece, f);
	col_inscribed_box_options io = col_inscribed_box_default_options();
	io.tolerance = o->inner_tolerance;
	col_inscribed_box_info iinfo;
	status = col_inscribed_box(planes, nf, &node->box_frame, &io, &lo, &hi, &iinfo, error);
	free(planes);
	if (status != COL_OK)
		return status;
	b->tree->stats.newton_steps += iinfo.newton_steps;
	node->inner = col_obb_from_frame_box(&node->box_frame, lo, hi);
	col_vec3 h = node->inner.half_extents;
	double shrink = COL_BOXTREE_INNER_MARGIN * fmax(h.x, fmax(h.y, h.z));
	node->inner_accept = node->inner;
	node->inner_accept.half_extents = (col_vec3){h.x - shrink, h.y - shrink, h.z - shrink};
	node->has_inner_accept = node->inner_accept.half_extents.x > 0.0 &&
	                         node->inner_accept.half_extents.y > 0.0 &&
	                         node->inner_accept.half_extents.z > 0.0;
	if (!node->has_inner_accept)
		node->inner_accept.half_extents = (col_vec3){0.0, 0.0, 0.0};

	node->volume = col_convex_volume(node->piece);
	node->original_area = piece_area(w, true);
	bool original = false;
	for (int k = 0; k < w->polygon_count && !original; ++k)
		original = w->polygons[k].face >= 0;
	node->label = root != NULL || original ? COL_BOXTREE_EXTERIOR : COL_BOXTREE_INTERIOR;
	node->children[0] = node->children[1] = -1;
	node->split = (col_plane){{0.0, 0.0, 0.0}, 0.0};
	return COL_OK;
}

/* ---- cutting a piece in two ---- */

typedef struct crossing {
	int lo, hi; /* the edge's ends (lo < hi) */
	int id;     /* the crossing point's index among the extended vertices */
} crossing;

typedef struct cutter {
	const piece *w;
	const int *side;        /* per vertex: -1, 0 (on the plane) or +1 */
	const double *distance; /* per vertex: signed distance to the plane */
	col_vec3 *extended;     /* the piece's vertices, then the crossing points */
	int extended_count, extended_capacity;
	crossing *crossings;
	int crossing_count, crossing_capacity;
} cutter;

/* The point where edge (a, b) crosses the plane, made once per edge from its ends in index order, so
 * both faces of the edge get the same point. -1 when memory runs out. */
static int crossing_point(cutter *c, int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;
	for (int k = 0; k < c->crossing_count; ++k)
		if (c->crossings[k].lo == lo && c->crossings[k].hi == hi)
			return c->crossings[k].id;
	if (!reserve((void **)&c->crossings, &c->crossing_capacity, c->crossing_count, 1, sizeof(crossing)) ||
	    !reserve((void **)&c->extended, &c->extended_capacity, c->extended_count, 1, sizeof(col_vec3)))
		return -1;
	double dl = c->distance[lo], dh = c->distance[hi];
	double t = dl / (dl - dh);
	t = fmin(fmax(t, 0.0), 1.0);
	col_vec3 pl = c->w->vertices[lo], ph = c->w->vertices[hi];
	c->extended[c->extended_count] = col_vec3_add(pl, col_vec3_scale(col_vec3_sub(ph, pl), t));
	c->crossings[c->crossing_count++] = (crossing){lo, hi, c->extended_count};
	return c->extended_count++;
}

/* The child's own vertex numbering: the extended vertices its polygons use, exact duplicates merged;
 * consecutive repeats left out of each polygon, and polygons of fewer than three vertices dropped. */
static bool compact_child(const col_vec3 *extended, int extended_count, const piece *raw, piece *child)
{
	int *map = malloc((size_t)(extended_count > 0 ? extended_count : 1) * sizeof *map);
	int *ids = malloc((size_t)(raw->index_count > 0 ? raw->index_count : 1) * sizeof *ids);
	bool ok = map != NULL && ids != NULL;
	for (int i = 0; ok && i < extended_count; ++i)
		map[i] = -1;
	for (int k = 0; ok && k < raw->polygon_count; ++k) {
		const polygon *pg = &raw->polygons[k];
		int n = 0;
		for (int t = 0; t < pg->count; ++t) {
			int e = raw->indices[pg->first + t];
			if (map[e] < 0) {
				int found = -1;
				for (int j = 0; j < child->vertex_count && found < 0; ++j)
					if (col_vec3_equal(child->vertices[j], extended[e]))
						found = j;
				if (found < 0) {
					if (!reserve((void **)&child->vertices, &child->vertex_capacity,
					             child->vertex_count, 1, sizeof(col_vec3))) {
						ok = false;
						break;
					}
					child->vertices[child->vertex_count] = extended[e];
					found = child->vertex_count++;
				}
				map[e] = found;
			}
			if (n == 0 || ids[n - 1] != map[e])
				ids[n++] = map[e];
		}
		while (n > 1 && ids[n - 1] == ids[0])
			n--;
		if (ok && n >= 3)
			ok = piece_add_polygon(child, ids, n, pg->face);
	}
	free(map);
	free(ids);
	return ok;
}

/* 2D hull (monotone chain, collinear points left out) of the cap points, counter-clockwise in the (u, w)
 * coordinates of the plane, which is counter-clockwise seen from the normal's side (normal = u x w).
 * Returns the hull's size (order holds ids into pts). */
typedef struct cap_point {
	col_vec2 uv;
	int id;
} cap_point;

static int compare_cap_points(const void *pa, const void *pb)
{
	const cap_point *a = pa, *b = pb;
	if (a->uv.x != b->uv.x)
		return a->uv.x < b->uv.x ? -1 : 1;
	if (a->uv.y != b->uv.y)
		return a->uv.y < b->uv.y ? -1 : 1;
	return 0;
}

static int cap_hull(cap_point *pts, int n, int *order)
{
	if (n < 3)
		return 0;
	qsort(pts, (size_t)n, sizeof *pts, compare_cap_points);
	int k = 0;
	for (int i = 0; i < n; ++i) {
		while (k >= 2 && col_orient2d(pts[order[k - 2]].uv, pts[order[k - 1]].uv, pts[i].uv) <= 0.0)
			k--;
		order[k++] = i;
	}
	for (int i = n - 2, lower = k + 1; i >= 0; --i) {
		while (k >= lower &&
		       col_orient2d(pts[order[k - 2]].uv, pts[order[k - 1]].uv, pts[i].uv) <= 0.0)
			k--;
		order[k++] = i;
	}
	return k - 1; /* the last repeats the first */
}

/* Cuts w by the plane normal . x = normal . point into neg (normal . x <= ...) and pos. A vertex within
 * snap of the plane lies on it and goes to both sides; polygons of area at most tiny are dropped (the
 * dropped original area is added to *dropped). false (children empty) when the plane leaves every
 * vertex on one side or makes a flat cross-section, or memory runs out (*oom set). */
static bool cut_piece(const piece *w, col_vec3 normal, col_vec3 point, double snap, double tiny, piece *neg,
                      piece *pos, double *dropped, bool *oom)
{
	memset(neg, 0, sizeof *neg);
	memset(pos, 0, sizeof *pos);
	*oom = false;
	int nv = w->vertex_count;
	int *side = malloc((size_t)nv * sizeof *side);
	double *distance = malloc((size_t)nv * sizeof *distance);
	int longest = 0;
	for (int k = 0; k < w->polygon_count; ++k)
		longest = w->polygons[k].count > longest ? w->polygons[k].count : longest;
	/* a clipped polygon gains at most one point per edge */
	int *buffer = malloc((size_t)(4 * longest + 2) * sizeof *buffer);
	cap_point *cap = NULL;
	int *order = NULL;
	piece raw[2];
	memset(raw, 0, sizeof raw);
	cutter c = {w, side, distance, NULL, 0, 0, NULL, 0, 0};
	bool ok = false;
	double dropped_here = 0.0;
	if (side == NULL || distance == NULL || buffer == NULL)
		goto fail_oom;
	int count[3] = {0, 0, 0};
	for (int i = 0; i < nv; ++i) {
		distance[i] = col_vec3_dot(normal, col_vec3_sub(w->vertices[i], point));
		side[i] = distance[i] > snap ? 1 : distance[i] < -snap ? -1 : 0;
		count[side[i] + 1]++;
	}
	if (count[0] == 0 || count[2] == 0)
		goto done;
	if (!reserve((void **)&c.extended, &c.extended_capacity, 0, nv, sizeof(col_vec3)))
		goto fail_oom;
	memcpy(c.extended, w->vertices, (size_t)nv * sizeof(col_vec3));
	c.extended_count = nv;

	/* Sutherland-Hodgman on each polygon, for both sides at once. */
	for (int k = 0; k < w->polygon_count; ++k) {
		const polygon *pg = &w->polygons[k];
		const int *ids = w->indices + pg->first;
		int *out[2] = {buffer, buffer + 2 * longest + 1};
		int n_out[2] = {0, 0};
		bool strict[2] = {false, false};
		for (int t = 0; t < pg->count; ++t) {
			int a = ids[t], b = ids[(t + 1) % pg->count];
			if (side[a] <= 0)
				out[0][n_out[0]++] = a;
			if (side[a] >= 0)
				out[1][n_out[1]++] = a;
			if (side[a] < 0)
				strict[0] = true;
			if (side[a] > 0)
				strict[1] = true;
			if (side[a] * side[b] < 0) {
				int x = crossing_point(&c, a, b);
				if (x < 0)
					goto fail_oom;
				out[0][n_out[0]++] = x;
				out[1][n_out[1]++] = x;
			}
		}
		for (int s = 0; s < 2; ++s) {
			if (!strict[s] || n_out[s] < 3)
				continue;
			double area = polygon_area(c.extended, out[s], n_out[s]);
			if (area <= tiny) {
				if (pg->face >= 0)
					dropped_here += area;
				continue;
			}
			if (!piece_add_polygon(&raw[s], out[s], n_out[s], pg->face))
				goto fail_oom;
		}
	}

	/* The cross-section: the points on the plane, in the plane's coordinates. */
	int on_count = 0;
	for (int i = 0; i < nv; ++i)
		on_count += side[i] == 0;
	int cap_count = on_count + c.crossing_count;
	cap = malloc((size_t)(cap_count + 1) * sizeof *cap);
	order = malloc((size_t)(2 * cap_count + 2) * sizeof *order);
	if (cap == NULL || order == NULL)
		goto fail_oom;
	/* u, w: two unit vectors completing normal to a right-handed frame (normal = u x w). */
	col_vec3 helper = fabs(normal.x) <= fabs(normal.y) && fabs(normal.x) <= fabs(normal.z)
	                      ? (col_vec3){1.0, 0.0, 0.0}
	                  : fabs(normal.y) <= fabs(normal.z) ? (col_vec3){0.0, 1.0, 0.0}
	                                                     : (col_vec3){0.0, 0.0, 1.0};
	col_vec3 u = col_vec3_normalize(col_vec3_cross(helper, normal));
	col_vec3 wv = col_vec3_cross(normal, u);
	int m = 0;
	for (int i = 0; i < c.extended_count; ++i)
		if (i >= nv || side[i] == 0) {
			col_vec3 d = col_vec3_sub(c.extended[i], point);
			cap[m++] = (cap_point){{col_vec3_dot(u, d), col_vec3_dot(wv, d)}, i};
		}
	int hull_count = cap_hull(cap, m, order);
	if (hull_count < 3)
		goto done;
	int *ring = order + hull_count + 1; /* order holds 2 cap_count + 2 */
	for (int t = 0; t < hull_count; ++t)
		ring[t] = cap[order[t]].id;
	double cap_area = polygon_area(c.extended, ring, hull_count);
	if (cap_area <= tiny)
		goto done;
	/* neg's outward normal is +normal: counter-clockwise as found; pos's the reverse. */
	if (!piece_add_polygon(&raw[0], ring, hull_count, -1))
		goto fail_oom;
	for (int t = 0; t < hull_count / 2; ++t) {
		int s = ring[t];
		ring[t] = ring[hull_count - 1 - t];
		ring[hull_count - 1 - t] = s;
	}
	if (!piece_add_polygon(&raw[1], ring, hull_count, -1))
		goto fail_oom;
	if (!compact_child(c.extended, c.extended_count, &raw[0], neg) ||
	    !compact_child(c.extended, c.extended_count, &raw[1], pos))
		goto fail_oom;
	ok = neg->polygon_count >= 4 && pos->polygon_count >= 4;
	goto done;
fail_oom:
	*oom = true;
done:
	if (ok)
		*dropped += dropped_here;
	else {
		piece_free(neg);
		piece_free(pos);
	}
	piece_free(&raw[0]);
	piece_free(&raw[1]);
	free(side);
	free(distance);
	free(buffer);
	free(cap);
	free(order);
	free(c.extended);
	free(c.crossings);
	return ok;
}

/* ---- the recursion ---- */

static bool append_leaf_triangles(build *b, const piece *w)
{
	col_boxtree *tree = b->tree;
	for (int k = 0; k < w->polygon_count; ++k) {
		const polygon *pg = &w->polygons[k];
		if (pg->face < 0)
			continue;
		const int *ids = w->indices + pg->first;
		int n = pg->count - 2;
		if (!reserve((void **)&tree->triangles, &b->triangle_capacity, tree->triangle_count, n,
		             sizeof(col_triangle)) ||
		    !reserve((void **)&tree->triangle_faces, &b->face_capacity, tree->triangle_count, n,
		             sizeof(int)))
			return false;
		for (int i = 1; i + 1 < pg->count; ++i) {
			tree->triangles[tree->triangle_count] =
			    (col_triangle){w->vertices[ids[0]], w->vertices[ids[i]], w->vertices[ids[i + 1]]};
			tree->triangle_faces[tree->triangle_count++] = pg->face;
		}
	}
	return true;
}

static void node_release(boxtree_node *node)
{
	col_convex_destroy(node->piece);
	node->piece = NULL;
}

/* Splits node index (whose piece is w) and its children in turn, down to the depth limit; a leaf keeps
 * w's original fragments. A split that degenerates (a flat child: no hull, frame or inner box) leaves
 * the node a leaf; only running out of memory fails. */
static col_status grow(build *b, int index, const piece *w, col_error *error)
{
	col_boxtree *tree = b->tree;
	boxtree_node *node = &tree->nodes[index];
	node->triangle_first = tree->triangle_count;
	if (node->depth > tree->stats.depth)
		tree->stats.depth = node->depth;
	bool split = false;
	if (node->depth < tree->options.depth && node->label == COL_BOXTREE_EXTERIOR) {
		col_vec3 n = node->frame.axes[0], mu = node->frame.origin;
		double diagonal = 2.0 * col_vec3_length(node->outer.half_extents);
		double tiny = COL_BOXTREE_TINY_AREA * piece_area(w, false);
		double dropped = 0.0;
		bool oom = false;
		piece kids[2];
		if (cut_piece(w, n, mu, COL_BOXTREE_SNAP * diagonal, tiny, &kids[0], &kids[1], &dropped,
		              &oom)) {
			boxtree_node made[2];
			memset(made, 0, sizeof made);
			col_status status = COL_OK;
			col_error child_error; /* a degenerate child is no error of the build's */
			for (int s = 0; s < 2 && status == COL_OK; ++s) {
				made[s].depth = node->depth + 1;
				made[s].parent = index;
				status = node_setup(b, &kids[s], &node->frame, NULL, &made[s], &child_error);
			}
			if (status == COL_OK) {
				int first = tree->node_count;
				tree->node_count += 2;
				tree->nodes[first] = made[0];
				tree->nodes[first + 1] = made[1];
				node->children[0] = first;
				node->children[1] = first + 1;
				node->split = (col_plane){n, col_vec3_dot(n, mu)};
				tree->stats.dropped_area += dropped;
				split = true;
				for (int s = 0; s < 2 && status == COL_OK; ++s)
					status = grow(b, first + s, &kids[s], error);
			} else {
				node_release(&made[0]);
				node_release(&made[1]);
				if (status == COL_ERROR_OUT_OF_MEMORY)
					col_fail(error, status, "%s", child_error.message);
				else
					tree->stats.unsplit++;
			}
			piece_free(&kids[0]);
			piece_free(&kids[1]);
			if (status == COL_ERROR_OUT_OF_MEMORY || (split && status != COL_OK))
				return status;
		} else if (oom)
			return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
		else
			tree->stats.unsplit++;
	}
	if (!split && !append_leaf_triangles(b, w))
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	node = &tree->nodes[index];
	node->triangle_count = tree->triangle_count - node->triangle_first;
	return COL_OK;
}

void col_boxtree_destroy(col_boxtree *tree)
{
	if (tree == NULL)
		return;
	for (int i = 0; i < tree->node_count; ++i)
		col_convex_destroy(tree->nodes[i].piece);
	free(tree->nodes);
	free(tree->triangles);
	free(tree->triangle_faces);
	free(tree->triangle_boxes);
	free(tree);
}

col_status col_boxtree_build(const col_convex *polytope, const col_boxtree_options *options,
                             col_boxtree **out, col_error *error)
{
	if (out != NULL)
		*out = NULL;
	if (polytope == NULL || out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "boxtree: %s is NULL",
		                polytope == NULL ? "polytope" : "out");
	col_boxtree_options o = options != NULL ? *options : col_boxtree_default_options();
	if (o.depth < 0 || o.depth > COL_BOXTREE_MAX_DEPTH)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "boxtree: depth %d is out of range (0 to %d)", o.depth,
		                COL_BOXTREE_MAX_DEPTH);
	if (o.centroid != COL_CENTROID_PAPER && o.centroid != COL_CENTROID_AREA &&
	    o.centroid != COL_CENTROID_VOLUME)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "boxtree: unknown centroid mode %d",
		                (int)o.centroid);
	if (o.root_frame != COL_BOXTREE_ROOT_AABB && o.root_frame != COL_BOXTREE_ROOT_PCA)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "boxtree: unknown root frame %d",
		                (int)o.root_frame);
	if (!(o.inner_tolerance >= 0.0) || !isfinite(o.inner_tolerance))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "boxtree: inner_tolerance %g must be finite and not negative",
		                o.inner_tolerance);
	if (col_convex_is_flat(polytope))
		return col_fail(error, COL_ERROR_DEGENERATE,
		                "boxtree: the polytope is flat (no solid to split)");

	if (o.inner_tolerance == 0.0) /* the solver's own default, so the tree reports what it used */
		o.inner_tolerance = col_inscribed_box_default_options().tolerance;
	col_boxtree *tree = calloc(1, sizeof *tree);
	if (tree == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	tree->options = o;
	build b = {tree, (1 << (o.depth + 1)) - 1, 0, 0};
	tree->nodes = calloc((size_t)b.node_capacity, sizeof *tree->nodes);
	piece root;
	memset(&root, 0, sizeof root);
	col_status status = COL_OK;
	if (tree->nodes == NULL)
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	/* The root piece: the polytope's faces, each its own original face. */
	int nv = col_convex_vertex_count(polytope);
	if (status == COL_OK &&
	    !reserve((void **)&root.vertices, &root.vertex_capacity, 0, nv, sizeof(col_vec3)))
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	if (status == COL_OK) {
		memcpy(root.vertices, col_convex_vertices(polytope), (size_t)nv * sizeof(col_vec3));
		root.vertex_count = nv;
		for (int f = 0; f < col_convex_face_count(polytope) && status == COL_OK; ++f) {
			const int *ids;
			int n = col_convex_face(polytope, f, &ids);
			if (!piece_add_polygon(&root, ids, n, f))
				status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
		}
	}
	if (status == COL_OK) {
		tree->node_count = 1;
		tree->nodes[0].depth = 0;
		tree->nodes[0].parent = -1;
		status = node_setup(&b, &root, NULL, polytope, &tree->nodes[0], error);
	}
	if (status == COL_OK)
		status = grow(&b, 0, &root, error);
	piece_free(&root);
	if (status != COL_OK) {
		col_boxtree_destroy(tree);
		return status;
	}
	tree->triangle_boxes = malloc((size_t)(tree->triangle_count > 0 ? tree->triangle_count : 1) *
	                              sizeof *tree->triangle_boxes);
	if (tree->triangle_boxes == NULL) {
		col_boxtree_destroy(tree);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "boxtree: out of memory");
	}
	for (int k = 0; k < tree->triangle_count; ++k)
		tree->triangle_boxes[k] = boxtree_triangle_box(tree->triangles[k]);
	col_boxtree_build_stats *s = &tree->stats;
	s->nodes = tree->node_count;
	s->leaf_triangles = tree->triangle_count;
	s->surface_area = col_convex_area(polytope);
	for (int i = 0; i < tree->node_count; ++i) {
		const boxtree_node *node = &tree->nodes[i];
		if (node->label == COL_BOXTREE_EXTERIOR)
			s->exterior++;
		else
			s->interior++;
		if (node->children[0] < 0)
			s->leaves++;
	}
	*out = tree;
	return COL_OK;
}

/* ---- access ---- */

col_boxtree_options col_boxtree_get_options(const col_boxtree *tree)
{
	return tree != NULL ? tree->options : col_boxtree_default_options();
}

const col_convex *col_boxtree_polytope(const col_boxtree *tree)
{
	return tree != NULL && tree->node_count > 0 ? tree->nodes[0].piece : NULL;
}

col_boxtree_build_stats col_boxtree_get_stats(const col_boxtree *tree)
{
	col_boxtree_build_stats none;
	memset(&none, 0, sizeof none);
	return tree != NULL ? tree->stats : none;
}

int col_boxtree_node_count(const col_boxtree *tree)
{
	return tree != NULL ? tree->node_count : 0;
}

bool col_boxtree_node(const col_boxtree *tree, int index, col_boxtree_node_info *info)
{
	if (tree == NULL || info == NULL || index < 0 || index >= tree->node_count)
		return false;
	const boxtree_node *n = &tree->nodes[index];
	info->depth = n->depth;
	info->label = n->label;
	info->parent = n->parent;
	info->children[0] = n->children[0];
	info->children[1] = n->children[1];
	info->frame = n->frame;
	for (int i = 0; i < 3; ++i)
		info->eigenvalues[i] = n->eigenvalues[i];
	info->box_frame = n->box_frame;
	info->outer = n->outer;
	info->inner = n->inner;
	info->inner_accept = n->inner_accept;
	info->has_inner_accept = n->has_inner_accept;
	info->split = n->split;
	info->piece = n->piece;
	info->volume = n->volume;
	info->original_area = n->original_area;
	info->triangle_first = n->triangle_first;
	info->triangle_count = n->triangle_count;
	return true;
}

const col_triangle *col_boxtree_leaf_triangles(const col_boxtree *tree, const int **faces, int *count)
{
	if (faces != NULL)
		*faces = tree != NULL ? tree->triangle_faces : NULL;
	if (count != NULL)
		*count = tree != NULL ? tree->triangle_count : 0;
	return tree != NULL ? tree->triangles : NULL;
}

const char *col_boxtree_label_name(col_boxtree_label label)
{
	switch (label) {
	case COL_BOXTREE_EXTERIOR: return "exterior";
	case COL_BOXTREE_INTERIOR: return "interior";
	}
	return "?";
}

const char *col_boxtree_decision_name(col_boxtree_decision decision)
{
	switch (decision) {
	case COL_BOXTREE_DECIDED_OUTER: return "outer";
	case COL_BOXTREE_DECIDED_INNER: return "inner";
	case COL_BOXTREE_DECIDED_LEAF: return "leaf";
	case COL_BOXTREE_DECIDED_EXHAUSTED: return "exhausted";
	}
	return "?";
}

const char *col_boxtree_event_name(col_boxtree_event event)
{
	switch (event) {
	case COL_BOXTREE_OUTER_REJECT: return "outer_reject";
	case COL_BOXTREE_INNER_ACCEPT: return "inner_accept";
	case COL_BOXTREE_DESCEND: return "descend";
	case COL_BOXTREE_LEAF_HIT: return "leaf_hit";
	case COL_BOXTREE_LEAF_MISS: return "leaf_miss";
	case COL_BOXTREE_SKIPPED: return "skipped";
	}
	return "?";
}
