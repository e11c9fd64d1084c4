/* How far a mesh is from a closed, oriented 2-manifold, and the repair of its orientation. Both
 * work on the sorted list of edge uses: the uses of one undirected edge sit side by side. */
#include "mesh_internal.h"

#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- union-find over triangles, for components ---- */

static int32_t find_root(int32_t *parent, int32_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]]; /* path halving keeps the trees flat */
		i = parent[i];
	}
	return i;
}

static void unite(int32_t *parent, int32_t i, int32_t j)
{
	i = find_root(parent, i);
	j = find_root(parent, j);
	if (i != j)
		parent[i < j ? j : i] = i < j ? i : j;
}

static void add_edge(col_mesh_edge *list, int count, int32_t a, int32_t b)
{
	if (count < COL_MESH_REPORT_LIMIT)
		list[count] = (col_mesh_edge){a, b};
}

col_status col_mesh_validate(const col_mesh *mesh, col_mesh_report *report, col_error *error)
{
	if (mesh == NULL || report == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_validate: %s is NULL",
		                mesh == NULL ? "mesh" : "report");
	memset(report, 0, sizeof *report);
	int nt = mesh->triangle_count;
	col_mesh_edge_use *uses = col_mesh_edge_uses(mesh);
	int32_t *parent = malloc((nt > 0 ? (size_t)nt : 1) * sizeof *parent);
	if (uses == NULL || parent == NULL) {
		free(uses);
		free(parent);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY,
		                "mesh_validate: out of memory for %d triangles", nt);
	}
	for (int32_t t = 0; t < nt; ++t)
		parent[t] = t;

	report->vertex_count = mesh->vertex_count;
	report->triangle_count = nt;
	size_t n = 3 * (size_t)nt;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && uses[j].a == uses[i].a && uses[j].b == uses[i].b)
			++j;
		size_t k = j - i;
		int32_t a = uses[i].a, b = uses[i].b;
		report->edge_count++;
		if (k == 1) {
			add_edge(report->boundary_edges, report->boundary_edge_count++, a, b);
		} else if (k >= 3) {
			add_edge(report->nonmanifold_edges, report->nonmanifold_edge_count++, a, b);
		} else if (uses[i].forward == uses[i + 1].forward) {
			add_edge(report->misoriented_edges, report->misoriented_edge_count++, a, b);
		}
		for (size_t m = i + 1; m < j; ++m)
			unite(parent, uses[i].triangle, uses[m].triangle);
		i = j;
	}
	for (int32_t t = 0; t < nt; ++t) {
		if (find_root(parent, t) == t)
			report->component_count++;
		if (col_triangle_is_degenerate(col_mesh_triangle(mesh, t)))
			report->degenerate_triangle_count++;
	}
	free(uses);
	free(parent);

	/* With no triangles there is nothing closed, oriented or outward about the mesh. */
	report->closed = nt > 0 && report->boundary_edge_count == 0;
	report->edge_manifold = report->nonmanifold_edge_count == 0;
	report->consistently_oriented = nt > 0 && report->misoriented_edge_count == 0;
	report->outward = report->closed && report->edge_manifold && report->consistently_oriented &&
	                  col_mesh_volume(mesh) > 0.0;
	col_error_clear(error);
	return COL_OK;
}

/* ---- the report as text ---- */

typedef struct text {
	char *buffer;
	size_t size, length;
} text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
text_add(text *t, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	char *at = t->length < t->size ? t->buffer + t->length : NULL;
	size_t room = t->length < t->size ? t->size - t->length : 0;
	int written = vsnprintf(at, room, format, args);
	va_end(args);
	if (written > 0)
		t->length += (size_t)written;
}

static void text_edges(text *t, int count, const char *what, const char *why, const col_mesh_edge *edges)
{
	if (count == 0)
		return;
	text_add(t, "%d %s edge%s (%s), e.g.", count, what, count == 1 ? "" : "s", why);
	int shown = count < COL_MESH_REPORT_LIMIT ? count : COL_MESH_REPORT_LIMIT;
	for (int i = 0; i < shown; ++i)
		text_add(t, "%s %d-%d", i == 0 ? "" : ",", (int)edges[i].a, (int)edges[i].b);
	text_add(t, "%s\n", shown < count ? ", ..." : "");
}

size_t col_mesh_report_format(const col_mesh_report *report, char *buffer, size_t size)
{
	text t = {buffer, buffer != NULL ? size : 0, 0};
	if (t.size > 0)
		buffer[0] = '\0';
	if (report == NULL)
		return 0;
	text_add(&t, "%d vertices, %d triangles, %d edges, %d component%s\n", report->vertex_count,
	         report->triangle_count, report->edge_count, report->component_count,
	         report->component_count == 1 ? "" : "s");
	text_edges(&t, report->boundary_edge_count, "boundary", "open mesh", report->boundary_edges);
	text_edges(&t, report->nonmanifold_edge_count, "non-manifold", "used by 3 or more triangles",
	           report->nonmanifold_edges);
	text_edges(&t, report->misoriented_edge_count, "misoriented", "two triangles run the same way",
	           report->misoriented_edges);
	if (report->degenerate_triangle_count > 0)
		text_add(&t, "%d degenerate triangle%s (zero area)\n", report->degenerate_triangle_count,
		         report->degenerate_triangle_count == 1 ? "" : "s");
	if (report->closed && report->edge_manifold && report->consistently_oriented)
		text_add(&t, "closed, edge-manifold, consistently oriented, %s\n",
		         report->outward ? "outward" : "inward (negative volume)");
	return t.length;
}

/* ---- orientation repair ---- */

/* A closed piece that lies inside an odd number of other closed pieces bounds a cavity (the inner
 * wall of a hollow ball), so it must face inward: flip it. component[t] is the piece of triangle
 * t, or -1 for triangles of open pieces; each piece has already been turned outward on its own.
 * Nesting is decided by a vertex of each piece and the crossing-number oracle of the other piece,
 * tried only where the boxes allow it. */
static col_status orient_cavities(const col_mesh *mesh, const int32_t *component, int pieces, int8_t *flip,
                                  col_error *error)
{
	if (pieces < 2)
		return COL_OK;
	int nt = mesh->triangle_count;
	col_aabb3 *box = malloc((size_t)pieces * sizeof *box);
	int32_t *probe = malloc((size_t)pieces * sizeof *probe); /* a vertex of each piece */
	int *depth = calloc((size_t)pieces, sizeof *depth);
	int32_t *own = malloc((size_t)nt * 3 * sizeof *own); /* one piece's triangles */
	col_status status = COL_OK;
	if (box == NULL || probe == NULL || depth == NULL || own == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh_fix_orientation: out of memory");
		goto done;
	}
	for (int c = 0; c < pieces; ++c)
		box[c] = col_aabb3_empty(), probe[c] = -1;
	for (int t = 0; t < nt; ++t) {
		int c = component[t];
		if (c < 0)
			continue;
		for (int k = 0; k < 3; ++k)
			box[c] = col_aabb3_add_point(box[c], mesh->vertices[mesh->triangles[3 * (size_t)t + k]]);
		if (probe[c] < 0)
			probe[c] = mesh->triangles[3 * (size_t)t];
	}
	for (int d = 0; d < pieces; ++d) {
		bool candidate = false;
		for (int c = 0; c < pieces && !candidate; ++c)
			candidate = c != d && col_aabb3_contains(box[d], mesh->vertices[probe[c]]);
		if (!candidate)
			continue;
		int count = 0;
		for (int t = 0; t < nt; ++t) {
			if (component[t] == d) {
				for (int k = 0; k < 3; ++k)
					own[3 * count + k] = mesh->triangles[3 * (size_t)t + k];
				++count;
			}
		}
		col_mesh *wall = NULL;
		status = col_mesh_create(mesh->vertices, mesh->vertex_count, own, count, &wall, error);
		if (status != COL_OK)
			goto done;
		for (int c = 0; c < pieces; ++c) {
			col_vec3 p = mesh->vertices[probe[c]];
			if (c != d && col_aabb3_contains(box[d], p) &&
			    col_mesh_contains_point(wall, p, COL_METHOD_CROSSING, NULL))
				++depth[c];
		}
		col_mesh_destroy(wall);
	}
	for (int t = 0; t < nt; ++t) {
		if (component[t] >= 0 && depth[component[t]] % 2 == 1)
			flip[t] ^= 1;
	}

done:
	free(box);
	free(probe);
	free(depth);
	free(own);
	return status;
}

col_status col_mesh_fix_orientation(col_mesh *mesh, int *flipped_count, col_error *error)
{
	if (flipped_count != NULL)
		*flipped_count = 0;
	if (mesh == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "mesh_fix_orientation: mesh is NULL");
	int nt = mesh->triangle_count;
	size_t n = 3 * (size_t)nt;
	col_mesh_edge_use *uses = col_mesh_edge_uses(mesh);
	/* neighbour[3t + k]: the use across edge slot k of triangle t, or -1 on a boundary. */
	int32_t *neighbour = malloc((n > 0 ? n : 1) * sizeof *neighbour);
	int32_t *queue = malloc((nt > 0 ? (size_t)nt : 1) * sizeof *queue);
	int8_t *flip = malloc((nt > 0 ? (size_t)nt : 1) * sizeof *flip); /* -1 not reached yet */
	int8_t *forward = malloc((n > 0 ? n : 1) * sizeof *forward);
	int32_t *component = malloc((nt > 0 ? (size_t)nt : 1) * sizeof *component); /* closed piece, or -1 */
	int pieces = 0;
	col_status status = COL_OK;
	if (uses == NULL || neighbour == NULL || queue == NULL || flip == NULL || forward == NULL ||
	    component == NULL) {
		status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "mesh_fix_orientation: out of memory");
		goto done;
	}

	for (size_t i = 0; i < n; ++i)
		neighbour[i] = -1;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && uses[j].a == uses[i].a && uses[j].b == uses[i].b)
			++j;
		if (j - i >= 3) {
			status =
			    col_fail(error, COL_ERROR_TOPOLOGY,
			             "mesh: edge %d-%d is used by %d triangles (non-manifold), so it has no "
			             "consistent orientation",
			             (int)uses[i].a, (int)uses[i].b, (int)(j - i));
			goto done;
		}
		for (size_t m = i; m < j; ++m)
			forward[3 * (size_t)uses[m].triangle + (size_t)uses[m].slot] = uses[m].forward;
		if (j - i == 2) {
			neighbour[3 * (size_t)uses[i].triangle + (size_t)uses[i].slot] =
			    3 * uses[i + 1].triangle + uses[i + 1].slot;
			neighbour[3 * (size_t)uses[i + 1].triangle + (size_t)uses[i + 1].slot] =
			    3 * uses[i].triangle + uses[i].slot;
		}
		i = j;
	}

	for (int t = 0; t < nt; ++t)
		flip[t] = -1;
	/* Breadth-first through shared edges: a neighbour must run the shared edge the other way
	 * (flipping a triangle reverses all three of its edges). */
	for (int seed = 0; seed < nt; ++seed) {
		if (flip[seed] >= 0)
			continue;
		int head = 0, tail = 0;
		bool closed = true;
		flip[seed] = 0;
		queue[tail++] = seed;
		while (head < tail) {
			int t = queue[head++];
			for (int k = 0; k < 3; ++k) {
				int32_t across = neighbour[3 * t + k];
				if (across < 0) {
					closed = false;
					continue;
				}
				int u = across / 3;
				int8_t want = (int8_t)(forward[3 * t + k] ^ flip[t] ^ forward[across] ^ 1);
				if (flip[u] < 0) {
					flip[u] = want;
					queue[tail++] = u;
				} else if (flip[u] != want) {
					status = col_fail(
					    error, COL_ERROR_TOPOLOGY,
					    "mesh: triangles %d and %d cannot be oriented consistently "
					    "(a non-orientable surface, such as a Moebius strip)",
					    t, u);
					goto done;
				}
			}
		}
		for (int i = 0; i < tail; ++i)
			component[queue[i]] = closed ? pieces : -1;
		if (!closed)
			continue;
		++pieces;
		/* A closed piece encloses a volume: turn it outward if it came out inward. */
		col_vec3 o = col_vec3_scale(col_vec3_add(mesh->bounds.min, mesh->bounds.max), 0.5);
		double six_volume = 0.0;
		for (int i = 0; i < tail; ++i) {
			col_triangle tri = col_mesh_triangle(mesh, queue[i]);
			double v =
			    col_vec3_dot(col_vec3_sub(tri.a, o),
			                 col_vec3_cross(col_vec3_sub(tri.b, o), col_vec3_sub(tri.c, o)));
			six_volume += flip[queue[i]] ? -v : v;
		}
		if (six_volume < 0.0) {
			for (int i = 0; i < tail; ++i)
				flip[queue[i]] ^= 1;
		}
	}

	status = orient_cavities(mesh, component, pieces, flip, error);
	if (status != COL_OK)
		goto done;

	/* Only now is the mesh touched, so a failure leaves it as it was. */
	int flipped = 0;
	for (int t = 0; t < nt; ++t) {
		if (flip[t]) {
			int32_t *tri = mesh->triangles + 3 * (size_t)t;
			int32_t swap = tri[1];
			tri[1] = tri[2];
			tri[2] = swap;
			++flipped;
		}
	}
	if (flipped_count != NULL)
		*flipped_count = flipped;
	col_error_clear(error);

done:
	free(uses);
	free(neighbour);
	free(queue);
	free(flip);
	free(forward);
	free(component);
	return status;
}
