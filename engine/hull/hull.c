/* The convex hull of a point set. qhull (reentrant, merging coplanar facets) proposes the faces;
 * the answer is accepted only when it passes col_convex_create and two exact checks (every edge
 * strictly convex, every input point inside). Otherwise, and for large inputs where checking would
 * cost more than building, an exact quickhull (every sign from col_orient3d) builds triangles whose
 * exactly coplanar neighbours are then merged into polygons. Flat input takes a 2D hull in the
 * points' plane. */
#define _POSIX_C_SOURCE 200809L /* open_memstream: qhull's messages go to memory, never to stderr */

#include "hull_internal.h"

#include "../src/error.h"
#include "../src/exact_plane.h"
#include "collide/predicates.h"

#include <libqhull_r/libqhull_r.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../src/indexed_point.h"

/* Checking qhull's answer costs one col_orient3d per (point, face) pair, about 5 ns each. Above this
 * many pairs (some 20 ms) the exact build, which needs no check and measured faster on every large
 * cloud we tried, is taken instead. */
#define CHECK_BUDGET (1 << 22)

/* ---- small tools ---- */

typedef struct int_list {
	int *items;
	size_t count, capacity;
} int_list;

static bool list_push(int_list *list, int x)
{
	if (list->count == list->capacity) {
		size_t capacity = list->capacity ? 2 * list->capacity : 64;
		int *items = realloc(list->items, capacity * sizeof *items);
		if (items == NULL)
			return false;
		list->items = items;
		list->capacity = capacity;
	}
	list->items[list->count++] = x;
	return true;
}

/* Faces as polygons: face f is vertices[start .. start + sizes[f] - 1], indices of unique points. */
typedef struct polygons {
	int_list vertices, sizes;
} polygons;

static void polygons_free(polygons *p)
{
	free(p->vertices.items);
	free(p->sizes.items);
	*p = (polygons){0};
}

/* Exactly: the cross product of b - a and c - a is zero, seen along all three axes. */
static bool collinear(col_vec3 a, col_vec3 b, col_vec3 c)
{
	for (int axis = 0; axis < 3; axis++)
		if (col_orient2d(col_project_dropping(a, axis), col_project_dropping(b, axis),
		                 col_project_dropping(c, axis)) != 0)
			return false;
	return true;
}

static int compare_ints(const void *pa, const void *pb)
{
	int a = *(const int *)pa, b = *(const int *)pb;
	return (a > b) - (a < b);
}


/* ---- the answer: polygons over unique points -> col_convex ---- */

typedef struct face_key {
	int first, second, face;
} face_key;

static int compare_face_keys(const void *pa, const void *pb)
{
	const face_key *a = pa, *b = pb;
	if (a->first != b->first)
		return (a->first > b->first) - (a->first < b->first);
	return (a->second > b->second) - (a->second < b->second);
}

/* Numbers the used points in input order (unique points are already in that order), starts every
 * face at its lowest vertex, sorts the faces, and lets col_convex_create check it all. */
static col_status make_convex(const col_vec3 *points, int point_count, const polygons *faces,
                              col_convex **out, col_error *error)
{
	int face_count = (int)faces->sizes.count, total = (int)faces->vertices.count;
	int *number = malloc((size_t)point_count * sizeof *number);
	int *start = malloc(((size_t)face_count + 1) * sizeof *start);
	face_key *keys = malloc((size_t)face_count * sizeof *keys);
	int *face_vertices = malloc((size_t)total * sizeof *face_vertices);
	int *sizes = malloc((size_t)face_count * sizeof *sizes);
	col_vec3 *vertices = malloc((size_t)point_count * sizeof *vertices);
	col_status status = COL_OK;
	if (!number || !start || !keys || !face_vertices || !sizes || !vertices) {
		status =
		    col_fail(error, COL_ERROR_OUT_OF_MEMORY, "hull: out of memory for %d faces", face_count);
		goto done;
	}
	for (int i = 0; i < point_count; i++)
		number[i] = -1;
	for (int k = 0; k < total; k++)
		number[faces->vertices.items[k]] = 0;
	int vertex_count = 0;
	for (int i = 0; i < point_count; i++)
		if (number[i] == 0) {
			vertices[vertex_count] = points[i];
			number[i] = vertex_count++;
		}
	start[0] = 0;
	for (int f = 0; f < face_count; f++)
		start[f + 1] = start[f] + faces->sizes.items[f];
	for (int f = 0; f < face_count; f++) {
		const int *x = faces->vertices.items + start[f];
		int n = faces->sizes.items[f], lowest = 0;
		for (int i = 1; i < n; i++)
			if (number[x[i]] < number[x[lowest]])
				lowest = i;
		keys[f] = (face_key){number[x[lowest]], number[x[(lowest + 1) % n]], f};
	}
	qsort(keys, (size_t)face_count, sizeof *keys, compare_face_keys);
	int k = 0;
	for (int j = 0; j < face_count; j++) {
		int f = keys[j].face, n = faces->sizes.items[f];
		const int *x = faces->vertices.items + start[f];
		int lowest = 0;
		for (int i = 1; i < n; i++)
			if (number[x[i]] < number[x[lowest]])
				lowest = i;
		for (int i = 0; i < n; i++)
			face_vertices[k++] = number[x[(lowest + i) % n]];
		sizes[j] = n;
	}
	status = col_convex_create(vertices, vertex_count, face_vertices, sizes, face_count, out, error);
done:
	free(number);
	free(start);
	free(keys);
	free(face_vertices);
	free(sizes);
	free(vertices);
	return status;
}

/* ---- flat input: the polygon in the points' plane ---- */

typedef struct flat_key {
	col_vec2 q;
	int index;
} flat_key;

static int compare_flat_keys(const void *pa, const void *pb)
{
	const flat_key *a = pa, *b = pb;
	if (a->q.x != b->q.x)
		return a->q.x < b->q.x ? -1 : 1;
	if (a->q.y != b->q.y)
		return a->q.y < b->q.y ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

/* Andrew's monotone chain seen along axis (which maps the plane onto a coordinate plane one to
 * one, so every turn is exact), keeping only strict turns; the polygon once in each order. */
static col_status flat_hull(const col_vec3 *points, int count, int axis, polygons *faces, col_error *error)
{
	flat_key *keys = malloc((size_t)count * sizeof *keys);
	int *chain = malloc(((size_t)count + 1) * 2 * sizeof *chain);
	if (keys == NULL || chain == NULL) {
		free(keys);
		free(chain);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "hull: out of memory for %d points", count);
	}
	for (int i = 0; i < count; i++)
		keys[i] = (flat_key){col_project_dropping(points[i], axis), i};
	qsort(keys, (size_t)count, sizeof *keys, compare_flat_keys);
	int size = 0;
	for (int j = 0; j < count; j++) { /* the lower chain, left to right */
		while (size >= 2 &&
		       col_orient2d(keys[chain[size - 2]].q, keys[chain[size - 1]].q, keys[j].q) <= 0)
			size--;
		chain[size++] = j;
	}
	for (int j = count - 2, lower = size + 1; j >= 0; j--) { /* the upper one, back */
		while (size >= lower &&
		       col_orient2d(keys[chain[size - 2]].q, keys[chain[size - 1]].q, keys[j].q) <= 0)
			size--;
		chain[size++] = j;
	}
	size--; /* the last point is the first again */
	col_status status = COL_OK;
	bool ok = true;
	for (int i = 0; i < size && ok; i++)
		ok = list_push(&faces->vertices, keys[chain[i]].index);
	for (int i = size - 1; i >= 0 && ok; i--)
		ok = list_push(&faces->vertices, keys[chain[i]].index);
	ok = ok && list_push(&faces->sizes, size) && list_push(&faces->sizes, size);
	if (!ok)
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "hull: out of memory for %d points", count);
	free(keys);
	free(chain);
	return status;
}

/* ---- qhull ---- */

/* qhull's facets as polygons counter-clockwise from outside. qhull's own order is clockwise
 * (qh_ORIENTclock 0, see qh_facet3vertex): a simplicial facet's vertices as listed when toporient is
 * true (the first two swapped when false), a ridge from its first to its second vertex in its top
 * facet. So we take a simplicial facet's first two swapped when toporient is true, and a ridge from
 * its second vertex to its first in its top facet. Vertices are numbered by their place in
 * coordinates. false when a facet does not close up (or memory runs out). */
typedef struct edge_pair {
	int from, to;
} edge_pair;

static int compare_edge_pairs(const void *pa, const void *pb)
{
	const edge_pair *a = pa, *b = pb;
	return (a->from > b->from) - (a->from < b->from);
}

static bool read_facets(qhT *qh, const coordT *coordinates, int count, polygons *faces)
{
	facetT *facet;
	edge_pair *edges = NULL;
	size_t edge_capacity = 0;
	bool ok = true;
	FORALLfacets
	{
		if (!ok)
			break;
		if (facet->simplicial) {
			vertexT *v[3] = {SETfirstt_(facet->vertices, vertexT),
			                 SETsecondt_(facet->vertices, vertexT),
			                 SETelemt_(facet->vertices, 2, vertexT)};
			int order[3] = {facet->toporient ? 1 : 0, facet->toporient ? 0 : 1, 2};
			for (int i = 0; i < 3 && ok; i++) {
				ptrdiff_t id = (v[order[i]]->point - coordinates) / 3;
				ok = id >= 0 && id < count && list_push(&faces->vertices, (int)id);
			}
			ok = ok && list_push(&faces->sizes, 3);
			continue;
		}
		ridgeT *ridge, **ridgep;
		int n = 0;
		FOREACHridge_(facet->ridges) /* a NULL set has none */
		{
			n++;
		}
		if (n < 3) {
			ok = false;
			break;
		}
		if ((size_t)n > edge_capacity) {
			free(edges);
			edge_capacity = (size_t)n;
			edges = malloc(edge_capacity * sizeof *edges);
			if (edges == NULL) {
				ok = false;
				break;
			}
		}
		int k = 0;
		FOREACHridge_(facet->ridges)
		{
			ptrdiff_t a = (SETfirstt_(ridge->vertices, vertexT)->point - coordinates) / 3;
			ptrdiff_t b = (SETsecondt_(ridge->vertices, vertexT)->point - coordinates) / 3;
			if (ridge->top == facet) {
				ptrdiff_t t = a;
				a = b;
				b = t;
			}
			edges[k++] = (edge_pair){(int)a, (int)b};
		}
		qsort(edges, (size_t)n, sizeof *edges, compare_edge_pairs);
		/* Walk the boundary: each vertex starts exactly one edge. */
		int at = 0, walked = 0;
		do {
			ok = list_push(&faces->vertices, edges[at].from);
			int to = edges[at].to, lo = 0, hi = n;
			while (lo < hi) {
				int mid = lo + (hi - lo) / 2;
				if (edges[mid].from < to)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo == n || edges[lo].from != to || (lo + 1 < n && edges[lo + 1].from == to))
				ok = false;
			at = lo;
			walked++;
		} while (ok && at != 0 && walked < n);
		ok = ok && at == 0 && walked == n && list_push(&faces->sizes, n);
	}
	free(edges);
	return ok;
}

/* Runs qhull; true and the polygons when it succeeds. Its text (warnings, errors) goes to a memory
 * stream; on failure the first line lands in message. */
static bool run_qhull(const col_vec3 *points, int count, polygons *faces, char *message, size_t message_size)
{
	coordT *coordinates = malloc((size_t)count * 3 * sizeof *coordinates);
	qhT *qh = calloc(1, sizeof *qh);
	char *text = NULL;
	size_t text_length = 0;
	FILE *errfile = coordinates && qh ? open_memstream(&text, &text_length) : NULL;
	bool ok = false;
	if (errfile != NULL) {
		for (int i = 0; i < count; i++) {
			coordinates[3 * i] = points[i].x;
			coordinates[3 * i + 1] = points[i].y;
			coordinates[3 * i + 2] = points[i].z;
		}
		char options[] = "qhull Qs"; /* merged facets (no Qt); Qs: the widest initial simplex */
		qh_zero(qh, errfile);
		int code = qh_new_qhull(qh, 3, count, coordinates, False, options, NULL, errfile);
		ok = code == 0 && read_facets(qh, coordinates, count, faces);
		qh_freeqhull(qh, !qh_ALL);
		int long_count, long_bytes;
		qh_memfreeshort(qh, &long_count, &long_bytes);
		fclose(errfile);
		if (!ok && message_size > 0) {
			size_t n = text != NULL ? strcspn(text, "\n") : 0;
			if (n >= message_size)
				n = message_size - 1;
			if (n > 0)
				memcpy(message, text, n);
			message[n] = '\0';
		}
	}
	free(text);
	free(qh);
	free(coordinates);
	return ok;
}

/* qhull rounds: its answer stands only when every edge is strictly convex (so no vertex is inside
 * a face or an edge) and every point lies in the polytope, both exactly. */
static bool hull_exact(const col_convex *convex, const col_vec3 *points, int count, const polygons *faces)
{
	int edges = col_convex_edge_count(convex);
	const col_vec3 *v = col_convex_vertices(convex);
	for (int e = 0; e < edges; e++) {
		int ends[2], sides[2];
		col_convex_edge(convex, e, ends, sides);
		const int *left, *right;
		col_convex_face(convex, sides[0], &left);
		int n = col_convex_face(convex, sides[1], &right), w = 0;
		while (right[w] == ends[0] || right[w] == ends[1])
			w = (w + 1) % n;
		if (!(col_orient3d(v[left[0]], v[left[1]], v[left[2]], v[right[w]]) > 0))
			return false;
	}
	bool *vertex = calloc((size_t)count, sizeof *vertex);
	if (vertex == NULL)
		return false;
	for (size_t k = 0; k < faces->vertices.count; k++)
		vertex[faces->vertices.items[k]] = true;
	bool inside = true;
	for (int i = 0; i < count && inside; i++)
		inside = vertex[i] || col_convex_contains_point(convex, points[i]);
	free(vertex);
	return inside;
}

/* ---- the exact quickhull ---- */

typedef struct tri {
	int v[3];   /* counter-clockwise from outside */
	int adj[3]; /* adj[i]: the triangle across the edge v[i] -> v[i + 1] */
	int head;   /* first point outside it (the points' list runs through next[]), -1: none */
	int far;    /* the point of its list farthest out */
	double far_height;
	int stamp; /* visit marks */
	bool visible, dead;
} tri;

typedef struct xhull {
	const col_vec3 *p;
	int n;
	tri *t;
	int count, capacity;
	int free_head;   /* dead triangles to reuse, linked through head */
	int *next;       /* n: next point in the same outside list */
	int *slot;       /* n: horizon vertex -> the new triangle that starts there, -1 */
	int_list stack;  /* triangles that may have points outside */
	int_list work;   /* visible triangles of the current step */
	int_list search; /* their search stack */
	int_list fresh;  /* the new triangles of the current step */
	int stamp;
	bool broken; /* a step found the triangles inconsistent (exact signs rule it out: a bug) */
} xhull;

static inline double height_above(const xhull *h, const tri *t, int q)
{
	return -col_orient3d(h->p[t->v[0]], h->p[t->v[1]], h->p[t->v[2]],
	                     h->p[q]); /* > 0: strictly outside */
}

static int new_tri(xhull *h, int a, int b, int c)
{
	int id;
	if (h->free_head >= 0) {
		id = h->free_head;
		h->free_head = h->t[id].head;
	} else {
		if (h->count == h->capacity) {
			int capacity = h->capacity ? 2 * h->capacity : 64;
			tri *t = realloc(h->t, (size_t)capacity * sizeof *t);
			if (t == NULL)
				return -1;
			h->t = t;
			h->capacity = capacity;
		}
		id = h->count++;
	}
	h->t[id] = (tri){{a, b, c}, {-1, -1, -1}, -1, -1, 0.0, 0, false, false};
	return id;
}

static void add_outside(xhull *h, int id, int q, double height)
{
	tri *t = &h->t[id];
	h->next[q] = t->head;
	t->head = q;
	if (t->far < 0 || height > t->far_height) {
		t->far = q;
		t->far_height = height;
	}
}

/* The index of the edge of t that runs a -> b. */
static int edge_index(const tri *t, int a, int b)
{
	for (int i = 0; i < 3; i++)
		if (t->v[i] == a && t->v[(i + 1) % 3] == b)
			return i;
	return -1;
}

/* Four points spanning space: far apart along the axes and from each other (any four would do;
 * wide ones leave fewer points outside). */
static bool initial_simplex(const xhull *h, int s[4])
{
	const col_vec3 *p = h->p;
	int a = 0, b = -1, c = -1, d = -1;
	for (int i = 1; i < h->n; i++)
		if (p[i].x < p[a].x)
			a = i;
	double best = -1;
	for (int i = 0; i < h->n; i++) {
		double l = col_vec3_length_squared(col_vec3_sub(p[i], p[a]));
		if (i != a && l > best) {
			best = l;
			b = i;
		}
	}
	best = -1;
	for (int i = 0; i < h->n; i++) {
		double l = col_vec3_length_squared(
		    col_vec3_cross(col_vec3_sub(p[b], p[a]), col_vec3_sub(p[i], p[a])));
		if (l > best && !collinear(p[a], p[b], p[i])) {
			best = l;
			c = i;
		}
	}
	if (c < 0)
		return false;
	best = 0;
	for (int i = 0; i < h->n; i++) {
		double l = fabs(col_orient3d(p[a], p[b], p[c], p[i]));
		if (l > best) {
			best = l;
			d = i;
		}
	}
	if (d < 0)
		return false;
	if (col_orient3d(p[a], p[b], p[c], p[d]) < 0) {
		int t = b;
		b = c;
		c = t;
	}
	s[0] = a;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	return true;
}

/* Adds the far point of triangle start: removes the triangles that see it, fans the horizon to it,
 * and hands the removed triangles' points to the new ones (a point that sees none of them is in
 * the new hull). false: out of memory, or a broken horizon (which exact signs rule out). */
static bool add_point(xhull *h, int start)
{
	int apex = h->t[start].far;
	int stamp = ++h->stamp;
	h->work.count = h->search.count = h->fresh.count = 0;
	h->t[start].stamp = stamp;
	h->t[start].visible = true;
	if (!list_push(&h->search, start))
		return false;
	while (h->search.count > 0) {
		int id = h->search.items[--h->search.count];
		if (!list_push(&h->work, id))
			return false;
		for (int i = 0; i < 3; i++) {
			int u = h->t[id].adj[i];
			if (h->t[u].stamp == stamp)
				continue;
			h->t[u].stamp = stamp;
			h->t[u].visible = height_above(h, &h->t[u], apex) > 0;
			if (h->t[u].visible && !list_push(&h->search, u))
				return false;
		}
	}
	/* The horizon: edges of visible triangles whose neighbour stays. */
	for (size_t w = 0; w < h->work.count; w++) {
		int id = h->work.items[w];
		for (int i = 0; i < 3; i++) {
			int u = h->t[id].adj[i];
			if (h->t[u].visible && h->t[u].stamp == stamp)
				continue;
			int a = h->t[id].v[i], b = h->t[id].v[(i + 1) % 3];
			if (h->slot[a] >= 0)
				return !(h->broken = true);
			int nt = new_tri(h, a, b, apex);
			if (nt < 0 || !list_push(&h->fresh, nt))
				return false;
			h->t[nt].adj[0] = u;
			int j = edge_index(&h->t[u], b, a);
			if (j < 0)
				return !(h->broken = true);
			h->t[u].adj[j] = nt;
			h->slot[a] = nt;
		}
	}
	bool ok = true;
	for (size_t k = 0; k < h->fresh.count; k++) {
		int nt = h->fresh.items[k], b = h->t[nt].v[1];
		int m = h->slot[b];
		if (m < 0) {
			ok = false;
			continue;
		}
		h->t[nt].adj[1] = m;
		h->t[m].adj[2] = nt;
	}
	for (size_t k = 0; k < h->fresh.count; k++)
		h->slot[h->t[h->fresh.items[k]].v[0]] = -1;
	if (!ok)
		return !(h->broken = true);
	/* The visible triangles' points go to the first new triangle they are strictly outside of. */
	for (size_t w = 0; w < h->work.count; w++) {
		int id = h->work.items[w];
		for (int q = h->t[id].head; q >= 0;) {
			int after = h->next[q];
			for (size_t k = 0; k < h->fresh.count && q != apex;
			     k++) { /* the apex is on them all */
				int nt = h->fresh.items[k];
				double height = height_above(h, &h->t[nt], q);
				if (height > 0) {
					add_outside(h, nt, q, height);
					break;
				}
			}
			q = after;
		}
	}
	for (size_t w = 0; w < h->work.count; w++) {
		int id = h->work.items[w];
		h->t[id].dead = true;
		h->t[id].visible = false;
		h->t[id].head = h->free_head;
		h->free_head = id;
	}
	for (size_t k = 0; k < h->fresh.count; k++)
		if (h->t[h->fresh.items[k]].head >= 0 && !list_push(&h->stack, h->fresh.items[k]))
			return false;
	return true;
}

static bool quickhull(xhull *h)
{
	int s[4];
	if (!initial_simplex(h, s))
		return false;
	int faces[4][3] = {{s[0], s[1], s[2]}, {s[0], s[3], s[1]}, {s[1], s[3], s[2]}, {s[2], s[3], s[0]}};
	for (int f = 0; f < 4; f++)
		if (new_tri(h, faces[f][0], faces[f][1], faces[f][2]) != f)
			return false;
	for (int f = 0; f < 4; f++)
		for (int i = 0; i < 3; i++) {
			int a = h->t[f].v[i], b = h->t[f].v[(i + 1) % 3];
			for (int g = 0; g < 4; g++)
				if (g != f && edge_index(&h->t[g], b, a) >= 0)
					h->t[f].adj[i] = g;
		}
	for (int q = 0; q < h->n; q++) {
		if (q == s[0] || q == s[1] || q == s[2] || q == s[3])
			continue;
		for (int f = 0; f < 4; f++) {
			double height = height_above(h, &h->t[f], q);
			if (height > 0) {
				add_outside(h, f, q, height);
				break;
			}
		}
	}
	for (int f = 0; f < 4; f++)
		if (h->t[f].head >= 0 && !list_push(&h->stack, f))
			return false;
	while (h->stack.count > 0) {
		int id = h->stack.items[--h->stack.count];
		if (h->t[id].dead || h->t[id].head < 0)
			continue;
		if (!add_point(h, id))
			return false;
	}
	return true;
}

static int find_root(int *parent, int i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

typedef struct boundary_edge {
	int region, from, to;
} boundary_edge;

static int compare_boundary_edges(const void *pa, const void *pb)
{
	const boundary_edge *a = pa, *b = pb;
	if (a->region != b->region)
		return (a->region > b->region) - (a->region < b->region);
	return (a->from > b->from) - (a->from < b->from);
}

/* The live triangles as polygons: exactly coplanar neighbours merge into one region, whose
 * boundary is traced; a vertex collinear with its two boundary neighbours lies inside an edge and
 * is dropped (in a convex polygon its neighbours in the traced boundary lie on the same line). */
static bool merge_coplanar(xhull *h, polygons *faces)
{
	int *parent = malloc((size_t)h->count * sizeof *parent);
	boundary_edge *edges = malloc((size_t)h->count * 3 * sizeof *edges);
	int *succ = malloc((size_t)h->n * sizeof *succ);
	int_list cycle = {0};
	bool ok = parent && edges && succ;
	if (!ok)
		goto done;
	for (int i = 0; i < h->count; i++)
		parent[i] = i;
	for (int i = 0; i < h->n; i++)
		succ[i] = -1;
	for (int id = 0; id < h->count; id++) {
		const tri *t = &h->t[id];
		if (t->dead)
			continue;
		for (int i = 0; i < 3; i++) {
			const tri *u = &h->t[t->adj[i]];
			int j = edge_index(u, t->v[(i + 1) % 3], t->v[i]);
			int c = u->v[(j + 2) % 3];
			if (t->adj[i] > id &&
			    col_orient3d(h->p[t->v[0]], h->p[t->v[1]], h->p[t->v[2]], h->p[c]) == 0) {
				int a = find_root(parent, id), b = find_root(parent, t->adj[i]);
				parent[a > b ? a : b] = a < b ? a : b;
			}
		}
	}
	size_t count = 0;
	for (int id = 0; id < h->count; id++) {
		const tri *t = &h->t[id];
		if (t->dead)
			continue;
		int r = find_root(parent, id);
		for (int i = 0; i < 3; i++)
			if (find_root(parent, t->adj[i]) != r)
				edges[count++] = (boundary_edge){r, t->v[i], t->v[(i + 1) % 3]};
	}
	qsort(edges, count, sizeof *edges, compare_boundary_edges);
	for (size_t i = 0; i < count && ok;) {
		size_t j = i;
		while (j < count && edges[j].region == edges[i].region)
			j++;
		for (size_t k = i; k < j; k++) {
			if (succ[edges[k].from] >= 0)
				ok = !(h->broken = true);
			succ[edges[k].from] = edges[k].to;
		}
		cycle.count = 0;
		int at = edges[i].from;
		do {
			ok = ok && list_push(&cycle, at);
			at = succ[at];
		} while (ok && at >= 0 && at != edges[i].from && cycle.count <= j - i);
		if (ok && (at != edges[i].from || cycle.count != j - i))
			ok = !(h->broken = true);
		for (size_t k = i; k < j; k++)
			succ[edges[k].from] = -1;
		int kept = 0, n = (int)cycle.count;
		for (int k = 0; k < n && ok; k++) {
			int a = cycle.items[(k + n - 1) % n], b = cycle.items[k],
			    c = cycle.items[(k + 1) % n];
			if (!collinear(h->p[a], h->p[b], h->p[c])) {
				ok = list_push(&faces->vertices, b);
				kept++;
			}
		}
		if (ok && kept < 3)
			ok = !(h->broken = true);
		ok = ok && list_push(&faces->sizes, kept);
		i = j;
	}
done:
	free(parent);
	free(edges);
	free(succ);
	free(cycle.items);
	return ok;
}

static col_status exact_hull(const col_vec3 *points, int count, polygons *faces, col_error *error)
{
	xhull h = {.p = points, .n = count, .free_head = -1};
	h.next = malloc((size_t)count * sizeof *h.next);
	h.slot = malloc((size_t)count * sizeof *h.slot);
	bool ok = h.next && h.slot;
	if (ok) {
		for (int i = 0; i < count; i++)
			h.slot[i] = -1;
		ok = quickhull(&h) && merge_coplanar(&h, faces);
	}
	free(h.t);
	free(h.next);
	free(h.slot);
	free(h.stack.items);
	free(h.work.items);
	free(h.search.items);
	free(h.fresh.items);
	if (ok)
		return COL_OK;
	if (h.broken)
		return col_fail(error, COL_ERROR_TOPOLOGY,
		                "hull: internal error: the exact hull of %d points lost its "
		                "topology (please report the points)",
		                count);
	return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "hull: out of memory for %d points", count);
}

/* ---- the entry point ---- */

static col_status check_points(const col_vec3 *points, int count, col_convex **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "hull: out is NULL");
	if (points == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "hull: points is NULL");
	if (count <= 0)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "hull: %d points", count);
	for (int i = 0; i < count; i++) {
		const double c[3] = {points[i].x, points[i].y, points[i].z};
		for (int k = 0; k < 3; k++) {
			if (!isfinite(c[k]))
				return col_fail(error, COL_ERROR_NOT_FINITE,
				                "hull: point %d has a%s coordinate", i,
				                isnan(c[k]) ? " NaN" : "n infinite");
			if (!col_coordinate_in_range(c[k]))
				return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
				                "hull: point %d coordinate %g is outside the supported range "
				                "[%g, %g] (or 0)",
				                i, c[k], COL_COORDINATE_MIN, COL_COORDINATE_MAX);
		}
	}
	return COL_OK;
}

/* The points without repeats, each at its first appearance, in input order. */
static col_vec3 *unique_points(const col_vec3 *points, int count, int *unique_count)
{
	col_indexed_point *keys = malloc((size_t)count * sizeof *keys);
	int *first = malloc((size_t)count * sizeof *first);
	col_vec3 *unique = malloc((size_t)count * sizeof *unique);
	if (!keys || !first || !unique) {
		free(keys);
		free(first);
		free(unique);
		return NULL;
	}
	for (int i = 0; i < count; i++)
		keys[i] = (col_indexed_point){points[i], i};
	qsort(keys, (size_t)count, sizeof *keys, col_indexed_point_compare);
	int n = 0;
	for (int i = 0; i < count; i++)
		if (i == 0 || !col_vec3_equal(keys[i].p, keys[i - 1].p))
			first[n++] = keys[i].index;
	qsort(first, (size_t)n, sizeof *first, compare_ints);
	for (int i = 0; i < n; i++)
		unique[i] = points[first[i]];
	free(keys);
	free(first);
	*unique_count = n;
	return unique;
}

col_status col_convex_hull(const col_vec3 *points, int count, col_convex **out, col_error *error)
{
	return col_convex_hull_using(points, count, COL_HULL_AUTO, out, error);
}

col_status col_convex_hull_using(const col_vec3 *points, int count, col_hull_builder builder,
                                 col_convex **out, col_error *error)
{
	if (out != NULL)
		*out = NULL;
	col_status status = check_points(points, count, out, error);
	if (status != COL_OK)
		return status;
	int n;
	col_vec3 *p = unique_points(points, count, &n);
	if (p == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "hull: out of memory for %d points", count);

	/* The dimension, exactly: a second point, a third off their line, a fourth off their plane. */
	int c = -1, d = -1;
	for (int i = 2; i < n && c < 0; i++)
		if (!collinear(p[0], p[1], p[i]))
			c = i;
	for (int i = 3; c >= 0 && i < n && d < 0; i++)
		if (col_orient3d(p[0], p[1], p[c], p[i]) != 0)
			d = i;
	polygons faces = {0};
	if (n == 1) {
		status = col_fail(error, COL_ERROR_DEGENERATE, "hull: the points coincide: use a point");
	} else if (c < 0) {
		status =
		    col_fail(error, COL_ERROR_DEGENERATE, "hull: the points are collinear: use a segment");
	} else if (d < 0) {
		/* Flat: seen along the axis the plane's normal points most along that keeps it one to one. */
		col_vec3 normal = col_vec3_cross(col_vec3_sub(p[1], p[0]), col_vec3_sub(p[c], p[0]));
		double m[3] = {fabs(normal.x), fabs(normal.y), fabs(normal.z)};
		int axis = -1;
		for (int k = 0; k < 3; k++)
			if (col_orient2d(col_project_dropping(p[0], k), col_project_dropping(p[1], k),
			                 col_project_dropping(p[c], k)) != 0 &&
			    (axis < 0 || m[k] > m[axis]))
				axis = k;
		status = flat_hull(p, n, axis, &faces, error);
		if (status == COL_OK)
			status = make_convex(p, n, &faces, out, error);
	} else {
		char message[COL_ERROR_MESSAGE_SIZE / 2] = "";
		bool done = false;
		if (builder != COL_HULL_EXACT && run_qhull(p, n, &faces, message, sizeof message)) {
			col_error ignored;
			col_convex *convex = NULL;
			int vertex_count = 0;
			if (make_convex(p, n, &faces, &convex, &ignored) == COL_OK) {
				vertex_count = col_convex_vertex_count(convex);
				double pairs = (double)(n - vertex_count) * col_convex_face_count(convex);
				done = (pairs <= CHECK_BUDGET || builder == COL_HULL_QHULL) &&
				       hull_exact(convex, p, n, &faces);
			}
			if (done)
				*out = convex;
			else
				col_convex_destroy(convex);
		}
		if (!done && builder == COL_HULL_QHULL) {
			status =
			    col_fail(error, COL_ERROR_UNSUPPORTED, "hull: qhull's answer is not exact%s%s",
			             message[0] ? ": " : "", message);
		} else if (!done) {
			polygons_free(&faces);
			status = exact_hull(p, n, &faces, error);
			if (status == COL_OK)
				status = make_convex(p, n, &faces, out, error);
			if (status != COL_OK && message[0] != '\0' && error != NULL) {
				size_t used = strlen(error->message);
				snprintf(error->message + used, sizeof error->message - used, " (qhull: %s)",
				         message);
			}
		}
	}
	polygons_free(&faces);
	free(p);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}
