/* Drawing a triangle mesh: flat-shaded faces (one normal per face), its edges as a wireframe, and
 * its boundary edges (used by a single triangle: where the mesh is open) highlighted. */
#include <stdlib.h>

#include "draw.h"
#include "view_internal.h"

col_draw_mesh_style col_draw_mesh_style_default(void)
{
	return (col_draw_mesh_style){
	    .fill = {0.72f, 0.74f, 0.78f, 1.0f},
	    .wire = {0.0f, 0.0f, 0.0f, 0.0f},
	    .boundary = {0.95f, 0.22f, 0.2f, 1.0f},
	    .wire_width = 1.0f,
	    .boundary_width = 3.0f,
	};
}

typedef struct edge_key {
	int32_t a, b;
} edge_key;

static int compare_edges(const void *x, const void *y)
{
	const edge_key *p = x, *q = y;
	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return (p->b > q->b) - (p->b < q->b);
}

/* Every undirected edge once, with how many triangles use it: sort the 3T half-edges. */
static void draw_edges(col_view *view, const col_mesh *mesh, const col_draw_mesh_style *style)
{
	int triangles = col_mesh_triangle_count(mesh);
	const int32_t *index = col_mesh_triangles(mesh);
	const col_vec3 *vertices = col_mesh_vertices(mesh);
	edge_key *edges = malloc((size_t)triangles * 3 * sizeof *edges);
	if (edges == NULL)
		return;
	for (int t = 0; t < triangles; t++) {
		for (int k = 0; k < 3; k++) {
			int32_t a = index[3 * t + k], b = index[3 * t + (k + 1) % 3];
			edges[3 * t + k] = a < b ? (edge_key){a, b} : (edge_key){b, a};
		}
	}
	size_t count = (size_t)triangles * 3;
	qsort(edges, count, sizeof *edges, compare_edges);
	for (int pass = 0; pass < 2; pass++) { /* boundary edges after the wireframe: on top of it */
		col_color color = pass == 0 ? style->wire : style->boundary;
		float width = pass == 0 ? style->wire_width : style->boundary_width;
		if (color.a <= 0.0f)
			continue;
		for (size_t i = 0; i < count;) {
			size_t j = i + 1;
			while (j < count && edges[j].a == edges[i].a && edges[j].b == edges[i].b)
				j++;
			if (pass == 0 || j - i == 1)
				col_draw_segment3d(view, vertices[edges[i].a], vertices[edges[i].b], width,
				                   color);
			i = j;
		}
	}
	free(edges);
}

void col_draw_mesh(col_view *view, const col_mesh *mesh, const col_draw_mesh_style *style)
{
	if (mesh == NULL)
		return;
	col_draw_mesh_style fallback = col_draw_mesh_style_default();
	if (style == NULL)
		style = &fallback;
	int triangles = col_mesh_triangle_count(mesh);
	if (style->fill.a > 0.0f && triangles > 0) {
		col_vec3 *corners = malloc((size_t)triangles * 3 * sizeof *corners);
		if (corners) {
			for (int t = 0; t < triangles; t++) {
				col_triangle tri = col_mesh_triangle(mesh, t);
				corners[3 * t] = tri.a;
				corners[3 * t + 1] = tri.b;
				corners[3 * t + 2] = tri.c;
			}
			col_draw_triangles3d(view, corners, triangles, style->fill);
			free(corners);
		}
	}
	if (style->wire.a > 0.0f || style->boundary.a > 0.0f)
		draw_edges(view, mesh, style);
	col_aabb3 box = col_mesh_bounds(mesh);
	if (!col_aabb3_is_empty(box)) {
		view->batch.bounds3d = col_aabb3_union(view->batch.bounds3d, box);
	}
}
