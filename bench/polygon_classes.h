/* The polygon classes of the point-location benchmark (bench/bench_point_location.c, documented for
 * users in docs/benchmarks.md): shapes on which the star-shaped tricks fail, so that a point query
 * must be fast on *any* simple polygon, and the five polygon types of source 000's study.
 *
 * Large classes, each about n vertices (used at n = 10^3, 10^4, 10^5), none of them star-shaped:
 *   comb      a bar with n/4 rectangular teeth of random height
 *   spiral    a thick Archimedean spiral band of six turns
 *   maze      a random simple polygon: the outline of a random spanning tree of a grid, jittered
 *   holes     a square with side x side small polygonal holes (30 x 30 = 900 in the benchmark)
 *   slivers   a bar with long, thin triangular spikes on both sides
 * Study types (source 000, 4.8) at 16, 64, 256, 1024 vertices:
 *   I   non-convex irregular   the maze polygon with exactly n = 4 G^2 vertices
 *   II  non-convex regular     a zigzag star: radii 1.5 and 0.75 alternating at equal angles
 *   III star-shaped            random radii, four-fold symmetric, so its centroid is the origin
 *   IV  convex regular         the regular n-gon of circumradius 1.5
 *   V   non-convex regular     a gear of n/4 trapezoidal teeth
 *
 * Every polygon lies in the box [-1.5, 1.5]^2 (the holes square fills it; the others come within a
 * few percent of it). The result is a set of contours: interleaved xy doubles, contour after
 * contour, the outer contour counter-clockwise first, the holes clockwise after it, no repeated
 * closing vertex. Every class is simple by construction (each generator says why), and
 * col_polygon_create, which validates exactly, accepts every one the benchmark uses.
 *
 * Randomness comes from splitmix64 (bench_next / bench_draw of cases.h) with one stream per class,
 * seeded as below (the ASCII of the class name, xor n), so every polygon is reproducible bit for
 * bit on a machine with the same libm (sin and cos are used by the spiral, holes and study types).
 *
 * Header-only (static inline), plain C11 that also compiles as C++; allocation by malloc, NULL or
 * -1 when memory runs out; free a result with bench_contours_free. */
#ifndef COLLIDE_BENCH_POLYGON_CLASSES_H
#define COLLIDE_BENCH_POLYGON_CLASSES_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"

/* One stream per class; the sized classes use SEED ^ n. */
#define BENCH_SEED_COMB      UINT64_C(0x434F4D4200000000) /* "COMB" ^ n: tooth heights */
#define BENCH_SEED_MAZE      UINT64_C(0x4D415A4500000000) /* "MAZE" ^ n: tree and jitter */
#define BENCH_SEED_HOLES     UINT64_C(0x484F4C4500000000) /* "HOLE" ^ side: hole shapes */
#define BENCH_SEED_SLIVERS   UINT64_C(0x534C565200000000) /* "SLVR" ^ n: spike lengths, leans */
#define BENCH_SEED_STUDY_I   UINT64_C(0x5354554431000000) /* "STUD1" ^ n: type I (a maze) */
#define BENCH_SEED_STUDY_III UINT64_C(0x5354554433000000) /* "STUD3" ^ n: type III radii */

/* Half the side of the box every class fills. */
#define BENCH_CLASS_HALF 1.5

/* Polygon contours: count[0] vertices of the outer contour (counter-clockwise), then one count
 * per hole (clockwise); xy holds all vertices, interleaved, in that order. */
typedef struct bench_contours {
	double *xy;
	int *counts;
	int contour_count;
	int vertex_count; /* the sum of counts */
} bench_contours;

static inline void bench_contours_free(bench_contours *c)
{
	free(c->xy);
	free(c->counts);
	c->xy = NULL;
	c->counts = NULL;
	c->contour_count = c->vertex_count = 0;
}

/* Allocates room for vertex_count vertices in contour_count contours (counts left for the caller).
 * Returns 0, or -1 with c zeroed. */
static inline int bench_contours_alloc(bench_contours *c, int vertex_count, int contour_count)
{
	c->xy = (double *)malloc(2 * (size_t)vertex_count * sizeof *c->xy);
	c->counts = (int *)malloc((size_t)contour_count * sizeof *c->counts);
	c->vertex_count = vertex_count;
	c->contour_count = contour_count;
	if (c->xy == NULL || c->counts == NULL) {
		bench_contours_free(c);
		return -1;
	}
	return 0;
}

/* ---- comb ---- */

/* A comb of T = (n - 4) / 4 teeth (n >= 8), exactly n vertices when n is a multiple of 4: a bar
 * [-1.5, 1.5] x [-1.5, -1] with T rectangular teeth standing on it. Tooth k occupies the middle
 * half of the k-th of T equal columns ([x_k + p/4, x_k + 3p/4], p = 3 / T) and rises to
 * y = -1 + 2.5 (0.5 + 0.5 draw), so between 0.25 and 1.5 (stream BENCH_SEED_COMB ^ n, one draw
 * per tooth, right to left). The outline runs counter-clockwise: bottom-left, bottom-right, the
 * bar's right top corner, the teeth from right to left (4 vertices each), the bar's left top
 * corner. Simple: an x-monotone chain over a bar. Not star-shaped (for T >= 2): a point sees the
 * tip of a tooth only from a thin vertical wedge below it, and the wedges of two teeth meet far
 * below the bar. Returns 0, or -1 (c zeroed) for n < 8 or when memory runs out. */
static inline int bench_comb_polygon(int n, bench_contours *c)
{
	uint64_t state = BENCH_SEED_COMB ^ (uint64_t)n;
	const double h = BENCH_CLASS_HALF, bar_top = -1.0;
	int teeth = (n - 4) / 4, k, v = 0;
	double pitch;
	if (n < 8 || bench_contours_alloc(c, 4 * teeth + 4, 1) != 0) {
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->counts[0] = c->vertex_count;
	pitch = 2.0 * h / (double)teeth;
#define BENCH_PUT(X, Y) (c->xy[2 * v] = (X), c->xy[2 * v + 1] = (Y), v++)
	BENCH_PUT(-h, -h);
	BENCH_PUT(h, -h);
	BENCH_PUT(h, bar_top);
	for (k = teeth - 1; k >= 0; k--) {
		double x0 = -h + (double)k * pitch;
		double left = x0 + 0.25 * pitch, right = x0 + 0.75 * pitch;
		double top = bar_top + (h - bar_top) * (0.5 + 0.5 * bench_draw(&state));
		BENCH_PUT(right, bar_top);
		BENCH_PUT(right, top);
		BENCH_PUT(left, top);
		BENCH_PUT(left, bar_top);
	}
	BENCH_PUT(-h, bar_top);
#undef BENCH_PUT
	return 0;
}

/* ---- spiral band ---- */

/* A spiral band of n vertices (n even, n >= 100 keeps the walls apart): the strip around the
 * Archimedean spiral r = a + b theta, theta in [0, 12 pi] (six turns), a = 0.1, pitch
 * P = 2 pi b = 1.4 / 6.25 = 0.224, half-width w = P / 4 measured along the radius. The outer wall
 * r + w runs out from theta = 0 to 12 pi with n/2 vertices at equal angle steps, a radial cap joins
 * it to the inner wall r - w, which runs back in with n/2 vertices, and a radial cap closes it.
 * Deterministic, no random draws. Simple: each wall is a function r(theta), and a wall is 2w = P/2
 * (radially) from the other wall of the next or previous turn; a chord of n/2 = 500 vertices over six
 * turns sags about 0.001, far less. The outer radius is a + 6 P + w = 1.5. Not star-shaped: any
 * ray from any point crosses the band several times. Returns 0, or -1 (c zeroed) for n < 8 or
 * when memory runs out. */
static inline int bench_spiral_polygon(int n, bench_contours *c)
{
	const double turns = 6.0, a = 0.1;
	const double pitch = (BENCH_CLASS_HALF - a) / (turns + 0.25);
	const double w = 0.25 * pitch, b = pitch / BENCH_TWO_PI, theta_max = BENCH_TWO_PI * turns;
	int m = n / 2, i;
	if (n < 8 || bench_contours_alloc(c, 2 * m, 1) != 0) {
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->counts[0] = c->vertex_count;
	for (i = 0; i < m; i++) {
		double theta = theta_max * (double)i / (double)(m - 1);
		double r = a + b * theta;
		/* outer wall outwards: vertex i; inner wall inwards: vertex 2m - 1 - i */
		c->xy[2 * i] = (r + w) * cos(theta);
		c->xy[2 * i + 1] = (r + w) * sin(theta);
		c->xy[2 * (2 * m - 1 - i)] = (r - w) * cos(theta);
		c->xy[2 * (2 * m - 1 - i) + 1] = (r - w) * sin(theta);
	}
	return 0;
}

/* ---- random simple polygon: the outline of a random maze ---- */

/* Union-find root with path halving. */
static inline int32_t bench_find_root(int32_t *parent, int32_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

/* A random simple polygon of 4 G^2 vertices, G x G cells, G >= 2, from stream state:
 *  1. a random spanning tree of the G x G grid of cells (Kruskal on the 2 G (G - 1) grid edges in
 *     an order shuffled by Fisher-Yates, next() % (k + 1));
 *  2. drawn on a (2G - 1) x (2G - 1) board of unit squares: cell (i, j) fills square (2i, 2j), a tree
 *     edge fills the square between its two cells; squares (odd, odd) stay empty;
 *  3. the outline of the filled squares, walked counter-clockwise from lattice point (0, 0) in unit
 *     steps; every lattice point of the board is on it exactly once, so it has (2G)^2 vertices;
 *  4. each vertex moved by (0.4 (draw - 0.5), 0.4 (draw - 0.5)) in walk order, then the board scaled
 *     into [-1.5, 1.5]^2.
 * Simple: the filled squares form a tree, so the region has no holes; no lattice point has exactly
 * two diagonal squares filled (around any lattice point the (even, even) square is filled and the
 * (odd, odd) one empty), so the outline never pinches; two outline edges that are not consecutive
 * are at least 1 apart in the max norm, and the jitter moves every point of an edge by less than
 * 0.2 < 1/2. Not star-shaped: a maze has dead ends in every direction. */
static inline int bench_maze_outline(int G, uint64_t state, bench_contours *c)
{
	const int W = 2 * G - 1, L = 2 * G; /* board squares and lattice points per side */
	const int edge_count = 2 * G * (G - 1), vertex_count = L * L;
	int32_t *edges = (int32_t *)malloc((size_t)edge_count * sizeof *edges);
	int32_t *parent = (int32_t *)malloc((size_t)G * (size_t)G * sizeof *parent);
	unsigned char *filled = (unsigned char *)calloc((size_t)W * (size_t)W, 1);
	int32_t *next = (int32_t *)malloc((size_t)vertex_count * sizeof *next);
	double scale = 2.0 * BENCH_CLASS_HALF / (double)L;
	int i, k, v, a, b;
	int32_t point;
	memset(c, 0, sizeof *c);
	if (G < 2 || edges == NULL || parent == NULL || filled == NULL || next == NULL ||
	    bench_contours_alloc(c, vertex_count, 1) != 0) {
		free(edges);
		free(parent);
		free(filled);
		free(next);
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->counts[0] = vertex_count;
	/* Edge e < G (G - 1) joins cell e to its right neighbour (row-major cells, i + G j, skipping
	 * the last column); the others join a cell to the one above. */
	for (k = 0; k < edge_count; k++)
		edges[k] = k;
	for (k = edge_count - 1; k > 0; k--) {
		int other = (int)(bench_next(&state) % (uint64_t)(k + 1));
		int32_t t = edges[k];
		edges[k] = edges[other];
		edges[other] = t;
	}
	for (i = 0; i < G * G; i++)
		parent[i] = i;
	for (i = 0; i < G * G; i++)
		filled[(size_t)(2 * (i % G)) + (size_t)(2 * (i / G)) * (size_t)W] = 1;
	for (k = 0; k < edge_count; k++) {
		int e = edges[k], cell_a, cell_b, sx, sy;
		if (e < G * (G - 1)) {
			int row = e / (G - 1), col = e % (G - 1);
			cell_a = col + G * row;
			cell_b = cell_a + 1;
			sx = 2 * col + 1;
			sy = 2 * row;
		} else {
			e -= G * (G - 1);
			cell_a = e; /* cells 0 .. G (G - 1) - 1 have a cell above */
			cell_b = e + G;
			sx = 2 * (e % G);
			sy = 2 * (e / G) + 1;
		}
		cell_a = bench_find_root(parent, cell_a);
		cell_b = bench_find_root(parent, cell_b);
		if (cell_a == cell_b)
			continue;
		parent[cell_a] = cell_b;
		filled[(size_t)sx + (size_t)sy * (size_t)W] = 1;
	}
	/* next[p]: the lattice point after p on the outline; each filled square contributes its sides
	 * that face an empty square or the outside, turning counter-clockwise around the square. */
	for (i = 0; i < vertex_count; i++)
		next[i] = -1;
	for (b = 0; b < W; b++)
		for (a = 0; a < W; a++) {
			if (!filled[(size_t)a + (size_t)b * (size_t)W])
				continue;
			if (b == 0 || !filled[(size_t)a + (size_t)(b - 1) * (size_t)W])
				next[a + b * L] = (a + 1) + b * L;
			if (a == W - 1 || !filled[(size_t)(a + 1) + (size_t)b * (size_t)W])
				next[(a + 1) + b * L] = (a + 1) + (b + 1) * L;
			if (b == W - 1 || !filled[(size_t)a + (size_t)(b + 1) * (size_t)W])
				next[(a + 1) + (b + 1) * L] = a + (b + 1) * L;
			if (a == 0 || !filled[(size_t)(a - 1) + (size_t)b * (size_t)W])
				next[a + (b + 1) * L] = a + b * L;
		}
	point = 0;
	for (v = 0; v < vertex_count; v++) {
		double x, y;
		if (point < 0 || (v > 0 && point == 0))
			break; /* cannot happen (see above); caught below */
		x = (double)(point % L) + 0.4 * (bench_draw(&state) - 0.5);
		y = (double)(point / L) + 0.4 * (bench_draw(&state) - 0.5);
		c->xy[2 * v] = -BENCH_CLASS_HALF + scale * (x + 0.5);
		c->xy[2 * v + 1] = -BENCH_CLASS_HALF + scale * (y + 0.5);
		point = next[point];
	}
	free(edges);
	free(parent);
	free(filled);
	free(next);
	if (v != vertex_count || point != 0) {
		bench_contours_free(c);
		return -1;
	}
	return 0;
}

/* The random simple polygon of about n vertices: the maze outline (bench_maze_outline) with
 * G = round(sqrt(n / 4)), G >= 2, so 4 G^2 vertices (1,024 for n = 1000, 10,000 for 10^4, 99,856
 * for 10^5), stream BENCH_SEED_MAZE ^ n. Returns 0, or -1 (c zeroed) when memory runs out. */
static inline int bench_maze_polygon(int n, bench_contours *c)
{
	int G = (int)floor(sqrt((double)n / 4.0) + 0.5);
	if (G < 2)
		G = 2;
	return bench_maze_outline(G, BENCH_SEED_MAZE ^ (uint64_t)n, c);
}

/* ---- square with holes ---- */

/* The square [-1.5, 1.5]^2 (4 vertices, counter-clockwise) with side x side holes, one per cell of
 * a side x side grid (cell size s = 3 / side; 30 x 30 = 900 holes in the benchmark). The hole of
 * cell (i, j), visited row by row from the bottom left (stream BENCH_SEED_HOLES ^ side): m = 4 +
 * (next() % 9) vertices (4 to 12), radius rho = s (0.25 + 0.1 draw), rotation phi = TWO_PI draw,
 * centre = cell centre + s (0.2 (draw - 0.5), 0.2 (draw - 0.5)); its vertex k is at angle
 * phi - TWO_PI k / m (clockwise) on the circle of radius rho. Simple: each hole lies within
 * 0.35 s + 0.1 s = 0.45 s of its cell centre, so inside its own cell. Star-shaped it is not: a point
 * of the square sees past a hole only along the gaps. About 8 vertices per hole, 7,200 in all for
 * side 30. Returns 0, or -1 (c zeroed) when side < 1 or memory runs out. */
static inline int bench_holes_polygon(int side, bench_contours *c)
{
	uint64_t state = BENCH_SEED_HOLES ^ (uint64_t)side;
	const double h = BENCH_CLASS_HALF;
	const double s = 2.0 * h / (double)(side > 0 ? side : 1);
	int holes = side * side, i, k, v = 0;
	memset(c, 0, sizeof *c);
	if (side < 1 || bench_contours_alloc(c, 4 + 12 * holes, 1 + holes) != 0) {
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->counts[0] = 4;
	c->xy[0] = -h, c->xy[1] = -h;
	c->xy[2] = h, c->xy[3] = -h;
	c->xy[4] = h, c->xy[5] = h;
	c->xy[6] = -h, c->xy[7] = h;
	v = 4;
	for (i = 0; i < holes; i++) {
		int m = 4 + (int)(bench_next(&state) % 9);
		double rho = s * (0.25 + 0.1 * bench_draw(&state));
		double phi = BENCH_TWO_PI * bench_draw(&state);
		double cx = -h + s * ((double)(i % side) + 0.5) + s * 0.2 * (bench_draw(&state) - 0.5);
		double cy = -h + s * ((double)(i / side) + 0.5) + s * 0.2 * (bench_draw(&state) - 0.5);
		c->counts[1 + i] = m;
		for (k = 0; k < m; k++) {
			double angle = phi - bench_angle((size_t)k, (size_t)m);
			c->xy[2 * v] = cx + rho * cos(angle);
			c->xy[2 * v + 1] = cy + rho * sin(angle);
			v++;
		}
	}
	c->vertex_count = v; /* the allocation had room for 12 per hole */
	return 0;
}

/* ---- thin slivers ---- */

/* A bar [-1.5, 1.5] x [-0.05, 0.05] with S = (n - 2) / 4 long, thin triangular spikes below it and
 * S above it (4 S + 2 vertices, n >= 6): the base of each side is cut into S equal intervals of
 * width p = 3 / S, and spike k rises over interval k to an apex at height (depth, below) 0.05 + L,
 * L = 1.45 (0.3 + 0.7 draw), and at x = x_k + p (0.5 + 0.8 (draw - 0.5)), strictly inside its
 * interval (stream BENCH_SEED_SLIVERS ^ n: the bottom spikes left to right, then the top spikes right
 * to left, two draws each, length first). At n = 10^5 a spike is about 1 long and 1.2e-4 wide at
 * its base: triangles with angles of 10^-4 radians, the slivers. The outline runs bottom side left to
 * right (base point, apex, base point, ...) then the top side right to left. Simple: each side is
 * an x-monotone chain. Not star-shaped: a spike's apex is seen only from a thin wedge along the
 * spike, and the wedges of two spikes do not meet inside the box. Returns 0, or -1 (c zeroed) for
 * n < 6 or when memory runs out. */
static inline int bench_slivers_polygon(int n, bench_contours *c)
{
	uint64_t state = BENCH_SEED_SLIVERS ^ (uint64_t)n;
	const double h = BENCH_CLASS_HALF, bar = 0.05;
	int spikes = (n - 2) / 4, side, k, v = 0;
	double p;
	if (n < 6 || bench_contours_alloc(c, 4 * spikes + 2, 1) != 0) {
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->counts[0] = c->vertex_count;
	p = 2.0 * h / (double)spikes;
	for (side = 0; side < 2; side++) {
		double sign = side == 0 ? -1.0 : 1.0; /* bottom first, then top */
		for (k = 0; k <= spikes; k++) {
			/* bottom: interval k from the left; top: interval k from the right */
			double base = side == 0 ? -h + (double)k * p : h - (double)k * p;
			c->xy[2 * v] = base;
			c->xy[2 * v + 1] = sign * bar;
			v++;
			if (k < spikes) {
				double length = (h - bar) * (0.3 + 0.7 * bench_draw(&state));
				double offset = p * (0.5 + 0.8 * (bench_draw(&state) - 0.5));
				c->xy[2 * v] = side == 0 ? base + offset : base - offset;
				c->xy[2 * v + 1] = sign * (bar + length);
				v++;
			}
		}
	}
	return 0;
}

/* ---- the five types of source 000's study (4.8) ---- */

typedef enum bench_study_type {
	BENCH_STUDY_I = 1,   /* non-convex irregular: the maze outline, exactly n = 4 G^2 vertices */
	BENCH_STUDY_II = 2,  /* non-convex regular: zigzag star, radii 1.5 and 0.75 alternating */
	BENCH_STUDY_III = 3, /* star-shaped about its centroid (positive covering) */
	BENCH_STUDY_IV = 4,  /* convex regular: the regular n-gon, circumradius 1.5 */
	BENCH_STUDY_V = 5    /* non-convex regular: a gear of n/4 teeth */
} bench_study_type;

/* A polygon of the study's type at n vertices (the study uses n = 16, 64, 256, 1024; n must be a
 * multiple of 4, and for type I a number 4 G^2 such as these four). Vertex i of types II-V lies at
 * angle TWO_PI i / n (type V: see below), counter-clockwise from the +x axis.
 *   I    bench_maze_outline(sqrt(n / 4), BENCH_SEED_STUDY_I ^ n): non-convex and irregular.
 *   II   radius 1.5 at even i, 0.75 at odd i: a regular zigzag star (star-shaped about the origin,
 *        not convex).
 *   III  radius r_i = 0.75 + 0.75 draw for i < n/4 (stream BENCH_SEED_STUDY_III ^ n), repeated:
 *        r_{i + n/4} = r_i. Angularly monotone about the origin, so star-shaped about it, and the
 *        four-fold symmetry puts the centroid at the origin exactly: the positive covering from the
 *        centroid is valid.
 *   IV   radius 1.5: the regular convex polygon.
 *   V    a gear of T = n/4 teeth: tooth t (angle step alpha = TWO_PI / T, phi = t alpha) has the
 *        vertices (1.1, phi), (1.5, phi + 0.15 alpha), (1.5, phi + 0.45 alpha), (1.1, phi + 0.6
 *        alpha) as (radius, angle): regular, not convex.
 * Returns 0, or -1 (c zeroed) for a bad type or n, or when memory runs out. */
static inline int bench_study_polygon(bench_study_type type, int n, bench_contours *c)
{
	uint64_t state;
	int i;
	memset(c, 0, sizeof *c);
	if (n < 8 || n % 4 != 0)
		return -1;
	if (type == BENCH_STUDY_I) {
		int G = (int)floor(sqrt((double)n / 4.0) + 0.5);
		if (4 * G * G != n)
			return -1;
		return bench_maze_outline(G, BENCH_SEED_STUDY_I ^ (uint64_t)n, c);
	}
	if (type < BENCH_STUDY_II || type > BENCH_STUDY_V || bench_contours_alloc(c, n, 1) != 0) {
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->counts[0] = n;
	state = BENCH_SEED_STUDY_III ^ (uint64_t)n;
	for (i = 0; i < n; i++) {
		double r = 1.5, theta = bench_angle((size_t)i, (size_t)n);
		if (type == BENCH_STUDY_II) {
			r = i % 2 == 0 ? 1.5 : 0.75;
		} else if (type == BENCH_STUDY_III) {
			r = i < n / 4 ? 0.75 + 0.75 * bench_draw(&state) : c->xy[2 * (i - n / 4)];
		} else if (type == BENCH_STUDY_V) {
			static const double tooth_angle[4] = {0.0, 0.15, 0.45, 0.6};
			static const double tooth_radius[4] = {1.1, 1.5, 1.5, 1.1};
			int teeth = n / 4;
			theta = BENCH_TWO_PI * ((double)(i / 4) + tooth_angle[i % 4]) / (double)teeth;
			r = tooth_radius[i % 4];
		}
		/* type III keeps its radius in the x slot until the second pass below */
		if (type == BENCH_STUDY_III) {
			c->xy[2 * i] = r;
			c->xy[2 * i + 1] = theta;
		} else {
			c->xy[2 * i] = r * cos(theta);
			c->xy[2 * i + 1] = r * sin(theta);
		}
	}
	if (type == BENCH_STUDY_III)
		for (i = 0; i < n; i++) {
			double r = c->xy[2 * i], theta = c->xy[2 * i + 1];
			c->xy[2 * i] = r * cos(theta);
			c->xy[2 * i + 1] = r * sin(theta);
		}
	return 0;
}

/* The study type's name as the benchmarks print it: "I" .. "V"; "?" for a bad type. */
static inline const char *bench_study_name(bench_study_type type)
{
	static const char *const names[] = {"?", "I", "II", "III", "IV", "V"};
	return type >= BENCH_STUDY_I && type <= BENCH_STUDY_V ? names[type] : names[0];
}

#endif
