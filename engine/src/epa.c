/* EPA: from GJK's simplex around the origin, a polytope of K = A - B grown towards K's boundary
 * nearest the origin (3D: triangles; 2D shapes: a polygon's edges). The face nearest the origin is
 * expanded by the support point along its normal until that point reaches no farther than the face.
 * Works in A's body frame like GJK (minkowski_internal.h). */
#include "collide/epa.h"

#include <float.h>
#include <string.h>

#include "minkowski_internal.h"

enum { EPA_MAX_VERTICES = 192, EPA_MAX_FACES = 2 * EPA_MAX_VERTICES };

col_epa_options col_epa_default_options(void)
{
	return (col_epa_options){1e-12, 128};
}

typedef struct epa_face {
	int v[3];
	col_vec3 normal; /* outward unit normal */
	double distance; /* normal . v[0]: the plane's distance from the origin (>= 0 when it is inside);
	                  * +infinity once the face is dead, so that the scans need not test live */
	bool live;
} epa_face;

typedef struct epa_polytope {
	minkowski_vertex vertices[EPA_MAX_VERTICES];
	int vertex_count;
	epa_face faces[EPA_MAX_FACES];
	int face_count;
	int dead_count; /* faces not live */
} epa_polytope;

static void face_kill(epa_polytope *poly, epa_face *f)
{
	f->live = false;
	f->distance = INFINITY;
	poly->dead_count++;
}

/* The result in A's frame: the nearest boundary point's normal and depth, the witnesses. */
typedef struct epa_answer {
	col_penetration_status status;
	col_vec3 normal;
	double depth;
	col_vec3 a, b;
	int iterations;
} epa_answer;

static bool face_add(epa_polytope *poly, int a, int b, int c)
{
	if (poly->face_count >= EPA_MAX_FACES)
		return false;
	col_vec3 pa = poly->vertices[a].w, pb = poly->vertices[b].w, pc = poly->vertices[c].w;
	col_vec3 n = col_vec3_cross(col_vec3_sub(pb, pa), col_vec3_sub(pc, pa));
	double length = col_vec3_length(n);
	if (!(length > 0.0))
		return false;
	n = col_vec3_scale(n, 1.0 / length);
	epa_face *f = &poly->faces[poly->face_count++];
	f->v[0] = a;
	f->v[1] = b;
	f->v[2] = c;
	f->normal = n;
	/* The mean of the three dots: the least rounding bias over the face. */
	f->distance = (col_vec3_dot(n, pa) + col_vec3_dot(n, pb) + col_vec3_dot(n, pc)) / 3.0;
	f->live = true;
	return true;
}

/* Drops dead faces, so a long run does not fill the pool with them. */
static void faces_compact(epa_polytope *poly)
{
	int n = 0;
	for (int i = 0; i < poly->face_count; i++)
		if (poly->faces[i].live)
			poly->faces[n++] = poly->faces[i];
	poly->face_count = n;
	poly->dead_count = 0;
}

static double line_distance_squared(col_vec3 a, col_vec3 b, col_vec3 p)
{
	col_vec3 d = col_vec3_sub(b, a);
	double dd = col_vec3_dot(d, d);
	col_vec3 c = col_vec3_cross(d, col_vec3_sub(p, a));
	return dd > 0.0 ? col_vec3_dot(c, c) / dd : col_vec3_length_squared(col_vec3_sub(p, a));
}

/* A unit vector at right angles to d. */
static col_vec3 perpendicular(col_vec3 d)
{
	col_vec3 axis = fabs(d.x) < fabs(d.y)
	                    ? (fabs(d.x) < fabs(d.z) ? (col_vec3){1, 0, 0} : (col_vec3){0, 0, 1})
	                    : (fabs(d.y) < fabs(d.z) ? (col_vec3){0, 1, 0} : (col_vec3){0, 0, 1});
	return col_vec3_normalize(col_vec3_cross(d, axis));
}

/* Grows GJK's simplex (1 to 4 points with the origin in it, to rounding) into a tetrahedron of K.
 * Returns false when K is flat: no support point leaves the plane of the first three (or the line
 * of the first two); flat_normal is then a direction across that plane or line. */
static bool seed_tetrahedron(minkowski_pair *p, const minkowski_simplex *st, minkowski_vertex out[4],
                             double scale, col_vec3 *flat_normal)
{
	*flat_normal = (col_vec3){0, 0, 1}; /* K a point: any direction parts the shapes */
	int n = st->count;
	memcpy(out, st->y, sizeof(minkowski_vertex) * (size_t)n);
	double tiny = 1e-24 * scale; /* squared: points nearer than rounding count as the same */
	static const col_vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
	if (n == 1) {
		for (int k = 0; k < 6 && n == 1; k++) {
			minkowski_vertex w = minkowski_support(p, axes[k]);
			if (col_vec3_length_squared(col_vec3_sub(w.w, out[0].w)) > tiny)
				out[n++] = w;
		}
		if (n == 1)
			return false;
	}
	if (n == 2) {
		col_vec3 d = col_vec3_sub(out[1].w, out[0].w);
		col_vec3 e = perpendicular(d), f = col_vec3_cross(col_vec3_normalize(d), e);
		for (int k = 0; k < 6 && n == 2; k++) {
			double angle = k * (COL_PI / 3.0);
			col_vec3 dir =
			    col_vec3_add(col_vec3_scale(e, cos(angle)), col_vec3_scale(f, sin(angle)));
			minkowski_vertex w = minkowski_support(p, dir);
			if (line_distance_squared(out[0].w, out[1].w, w.w) > tiny)
				out[n++] = w;
		}
		if (n == 2) {
			*flat_normal = e;
			return false;
		}
	}
	if (n == 3) {
		col_vec3 normal = col_vec3_normalize(
		    col_vec3_cross(col_vec3_sub(out[1].w, out[0].w), col_vec3_sub(out[2].w, out[0].w)));
		double best = 0.0;
		for (int side = 0; side < 2; side++) {
			minkowski_vertex w =
			    minkowski_support(p, side ? col_vec3_scale(normal, -1.0) : normal);
			double height = fabs(col_vec3_dot(normal, col_vec3_sub(w.w, out[0].w)));
			if (height > best) {
				best = height;
				out[3] = w;
			}
		}
		if (!(best * best > tiny)) {
			*flat_normal = normal;
			return false;
		}
	}
	return true;
}

static void trace_step(col_epa_trace *trace, const minkowski_pair *p, const epa_polytope *poly,
                       const epa_face *f, const minkowski_vertex *w, double reach)
{
	if (trace == NULL)
		return;
	int k = trace->count++;
	int first = trace->faces_used;
	int live = 0;
	for (int i = 0; i < poly->face_count; i++)
		live += poly->faces[i].live;
	trace->faces_used += live;
	if (trace->steps == NULL || k >= trace->capacity)
		return;
	col_epa_step *s = &trace->steps[k];
	const col_relative_pose *rp = &p->pose;
	for (int j = 0; j < 3; j++)
		s->nearest[j] = col_relative_direction_to_world(rp, poly->vertices[f->v[j]].w);
	s->normal = col_relative_direction_to_world(rp, f->normal);
	s->distance = f->distance;
	s->support = w != NULL ? col_relative_direction_to_world(rp, w->w) : s->nearest[0];
	s->reach = reach;
	s->first_face = first;
	s->face_count = 0;
	if (trace->faces != NULL && first + live <= trace->face_capacity) {
		int n = first;
		for (int i = 0; i < poly->face_count; i++) {
			if (!poly->faces[i].live)
				continue;
			for (int j = 0; j < 3; j++)
				trace->faces[n][j] = col_relative_direction_to_world(
				    rp, poly->vertices[poly->faces[i].v[j]].w);
			n++;
		}
		s->face_count = live;
	}
}

/* The witnesses of the face's point nearest the origin: its barycentric weights on a and b. */
/* The witnesses of face f: the points of A and B with the weights of the face's point nearest the
 * foot of the origin on its plane (the foot itself when it lies in the triangle; outside it, on a
 * sliver or a face that stopped short, the nearest point of the edges, so the witnesses stay convex
 * combinations of support points: on the shapes). */
static void face_witness(const epa_polytope *poly, const epa_face *f, col_vec3 *a, col_vec3 *b)
{
	const minkowski_vertex *v[3] = {&poly->vertices[f->v[0]], &poly->vertices[f->v[1]],
	                                &poly->vertices[f->v[2]]};
	col_vec3 q = col_vec3_scale(f->normal, f->distance);
	col_vec3 e1 = col_vec3_sub(v[1]->w, v[0]->w), e2 = col_vec3_sub(v[2]->w, v[0]->w),
	         d = col_vec3_sub(q, v[0]->w);
	double d11 = col_vec3_dot(e1, e1), d12 = col_vec3_dot(e1, e2), d22 = col_vec3_dot(e2, e2);
	double d1 = col_vec3_dot(d, e1), d2 = col_vec3_dot(d, e2);
	double det = d11 * d22 - d12 * d12;
	double weight[3] = {1.0, 0.0, 0.0};
	if (det > 0.0) {
		weight[1] = (d22 * d1 - d12 * d2) / det;
		weight[2] = (d11 * d2 - d12 * d1) / det;
		weight[0] = 1.0 - weight[1] - weight[2];
	}
	if (!(weight[0] >= 0.0 && weight[1] >= 0.0 && weight[2] >= 0.0)) {
		double best = INFINITY;
		for (int i = 0; i < 3; i++) {
			int j = (i + 1) % 3;
			col_vec3 e = col_vec3_sub(v[j]->w, v[i]->w);
			double ee = col_vec3_dot(e, e);
			double t = ee > 0.0 ? col_vec3_dot(col_vec3_sub(q, v[i]->w), e) / ee : 0.0;
			t = fmin(fmax(t, 0.0), 1.0);
			double gap =
			    col_vec3_length_squared(col_vec3_sub(q, col_vec3_lerp(v[i]->w, v[j]->w, t)));
			if (gap < best) {
				best = gap;
				weight[i] = 1.0 - t;
				weight[j] = t;
				weight[(i + 2) % 3] = 0.0;
			}
		}
	}
	*a = *b = (col_vec3){0.0, 0.0, 0.0};
	for (int i = 0; i < 3; i++) {
		*a = col_vec3_add(*a, col_vec3_scale(v[i]->a, weight[i]));
		*b = col_vec3_add(*b, col_vec3_scale(v[i]->b, weight[i]));
	}
}

/* The face whose triangle holds the foot of the origin on best's plane: best itself, or a face in
 * the same plane (a cylinder's cap, a box's face, triangulated as the points came): with the foot
 * outside best's triangle its witnesses would be extrapolated off the shapes. */
static const epa_face *foot_face(const epa_polytope *poly, const epa_face *best, double slack)
{
	col_vec3 q = col_vec3_scale(best->normal, best->distance);
	for (int i = -1; i < poly->face_count; i++) {
		const epa_face *f = i < 0 ? best : &poly->faces[i];
		if (i >= 0 && (!f->live || fabs(f->distance - best->distance) > slack ||
		               col_vec3_dot(f->normal, best->normal) < 1.0 - 1e-9))
			continue;
		col_vec3 p0 = poly->vertices[f->v[0]].w, p1 = poly->vertices[f->v[1]].w,
		         p2 = poly->vertices[f->v[2]].w;
		col_vec3 n = col_vec3_cross(col_vec3_sub(p1, p0), col_vec3_sub(p2, p0));
		double tiny = -1e-12 * col_vec3_dot(n, n);
		if (col_vec3_dot(col_vec3_cross(col_vec3_sub(p1, p0), col_vec3_sub(q, p0)), n) >= tiny &&
		    col_vec3_dot(col_vec3_cross(col_vec3_sub(p2, p1), col_vec3_sub(q, p1)), n) >= tiny &&
		    col_vec3_dot(col_vec3_cross(col_vec3_sub(p0, p2), col_vec3_sub(q, p2)), n) >= tiny)
			return f;
	}
	return best;
}

static epa_answer epa_3d(minkowski_pair *p, const minkowski_simplex *st, const col_epa_options *o,
                         col_epa_trace *trace, double scale)
{
	epa_answer ans;
	memset(&ans, 0, sizeof ans);
	epa_polytope poly_storage, *poly = &poly_storage; /* counts set below; nothing read before written */
	poly->face_count = 0;
	poly->dead_count = 0;
	minkowski_vertex seed[4];
	if (!seed_tetrahedron(p, st, seed, scale, &ans.normal)) {
		ans.status = COL_PENETRATION_FLAT;
		return ans;
	}
	col_vec3 e1 = col_vec3_sub(seed[1].w, seed[0].w), e2 = col_vec3_sub(seed[2].w, seed[0].w),
	         e3 = col_vec3_sub(seed[3].w, seed[0].w);
	if (col_vec3_dot(col_vec3_cross(e1, e2), e3) < 0.0) {
		minkowski_vertex t = seed[1];
		seed[1] = seed[2];
		seed[2] = t;
	}
	memcpy(poly->vertices, seed, sizeof seed);
	poly->vertex_count = 4;
	if (!face_add(poly, 0, 2, 1) || !face_add(poly, 0, 1, 3) || !face_add(poly, 1, 2, 3) ||
	    !face_add(poly, 0, 3, 2)) {
		ans.status = COL_PENETRATION_FLAT;
		ans.normal = col_vec3_normalize(col_vec3_cross(e1, e2));
		return ans;
	}
	double tolerance = o->relative_tolerance;
	/* The answer kept is the face normal that reached least: K's support along it bounds the depth
	 * from above (B moved that far along it leaves the shapes touching), while the nearest face's
	 * distance bounds the depth from below as long as round-off keeps the polytope convex. On a
	 * curved K the faces turn to slivers before the bounds meet; when the nearest distance falls
	 * back (the polytope has folded) or a face cannot be made, the kept answer stands, its status
	 * MAX_ITERATIONS (an upper bound). */
	bool kept = false;
	epa_face kept_face;
	double lower = -INFINITY;
	ans.status = COL_PENETRATION_MAX_ITERATIONS;
	for (int iteration = 0;; iteration++) {
		/* The nearest live face (the first on ties), without a branch per face to mispredict. */
		int nearest = -1;
		double nearest_distance = INFINITY;
		for (int i = 0; i < poly->face_count; i++) {
			double d = poly->faces[i].distance;
			bool nearer = d < nearest_distance;
			nearest_distance = nearer ? d : nearest_distance;
			nearest = nearer ? i : nearest;
		}
		if (nearest < 0)
			break;
		epa_face *best = &poly->faces[nearest];
		double slack = tolerance * fmax(fabs(best->distance), sqrt(scale));
		if (best->distance < lower - slack)
			break;
		lower = fmax(lower, best->distance);
		if (iteration >= o->max_iterations || poly->vertex_count >= EPA_MAX_VERTICES) {
			trace_step(trace, p, poly, best, NULL, best->distance);
			if (!kept) { /* no support asked for: the nearest face is all there is */
				kept = true;
				ans.normal = best->normal;
				ans.depth = best->distance;
				kept_face = *best;
			}
			break;
		}
		minkowski_vertex w = minkowski_support(p, best->normal);
		ans.iterations++;
		double reach = col_vec3_dot(best->normal, w.w);
		trace_step(trace, p, poly, best, &w, reach);
		bool converged = reach - best->distance <= slack;
		if (!kept || reach < ans.depth || converged) {
			kept = true;
			ans.normal = best->normal;
			ans.depth = reach;
			kept_face = *best; /* by value: compaction moves faces, vertices stay */
		}
		if (converged) {
			ans.status = COL_PENETRATION_CONVERGED;
			/* The witnesses once, from the face (in best's plane) over the origin's foot. */
			face_witness(poly, foot_face(poly, best, slack), &ans.a, &ans.b);
			ans.depth = fmax(ans.depth, 0.0);
			return ans;
		}
		int added = poly->vertex_count++;
		poly->vertices[added] = w;
		/* The faces w sees, and the horizon: their edges that no other seen face shares. */
		int horizon[EPA_MAX_FACES][2];
		int edges = 0;
		for (int i = 0; i < poly->face_count; i++) {
			epa_face *f = &poly->faces[i];
			/* Seen by more than the round-off: w on a face's plane (a cylinder's cap, a box's
			 * face) must not count it seen, or the seen faces fall apart into pieces with one
			 * horizon each and the new faces turn inside out. */
			if (col_vec3_dot(f->normal, w.w) - f->distance <= slack) /* dead: -infinity */
				continue;
			face_kill(poly, f);
			for (int j = 0; j < 3; j++) {
				int a = f->v[j], b = f->v[(j + 1) % 3];
				int found = -1;
				for (int k = 0; k < edges; k++)
					if (horizon[k][0] == b && horizon[k][1] == a) {
						found = k;
						break;
					}
				if (found >= 0) {
					horizon[found][0] = horizon[edges - 1][0];
					horizon[found][1] = horizon[edges - 1][1];
					edges--;
				} else if (edges < EPA_MAX_FACES) {
					horizon[edges][0] = a;
					horizon[edges][1] = b;
					edges++;
				}
			}
		}
		/* Dead faces are dropped as soon as they outnumber the live ones, so the scans above stay
		 * proportional to the polytope, not to its history. */
		if (poly->face_count + edges > EPA_MAX_FACES || 2 * poly->dead_count > poly->face_count)
			faces_compact(poly);
		bool ok = true;
		for (int k = 0; k < edges && ok; k++)
			ok = face_add(poly, horizon[k][0], horizon[k][1], added);
		if (!ok)
			break; /* a sliver face: round-off has the last word */
	}
	if (!kept) {
		ans.status = COL_PENETRATION_FLAT;
		return ans;
	}
	face_witness(poly, &kept_face, &ans.a, &ans.b);
	ans.depth = fmax(ans.depth, 0.0);
	return ans;
}

/* ---- 2D: a polygon of K in the plane z = 0, counter-clockwise ---- */

typedef struct epa_polygon {
	minkowski_vertex vertices[EPA_MAX_VERTICES];
	int count;
} epa_polygon;

static col_vec3 edge_normal(col_vec3 a, col_vec3 b)
{
	col_vec3 n = {b.y - a.y, a.x - b.x, 0.0}; /* outward for a counter-clockwise polygon */
	double length = sqrt(n.x * n.x + n.y * n.y);
	return length > 0.0 ? col_vec3_scale(n, 1.0 / length) : (col_vec3){0.0, 0.0, 0.0};
}

/* Whether a, b, c turn counter-clockwise (strictly) in the plane z = 0. */
static bool turn_left(col_vec3 a, col_vec3 b, col_vec3 c)
{
	return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0.0;
}

/* Drops vertex i of the polygon. */
static void polygon_remove(epa_polygon *poly, int i)
{
	memmove(&poly->vertices[i], &poly->vertices[i + 1],
	        sizeof(minkowski_vertex) * (size_t)(poly->count - i - 1));
	poly->count--;
}

static epa_answer epa_2d(minkowski_pair *p, const minkowski_simplex *st, const col_epa_options *o,
                         double scale)
{
	epa_answer ans;
	memset(&ans, 0, sizeof ans);
	epa_polygon poly_storage, *poly = &poly_storage;
	memcpy(poly->vertices, st->y, sizeof(minkowski_vertex) * (size_t)st->count);
	poly->count = st->count;
	double tiny = 1e-24 * scale;
	static const col_vec3 axes[4] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
	for (int k = 0; k < 4 && poly->count == 1; k++) {
		minkowski_vertex w = minkowski_support(p, axes[k]);
		if (col_vec3_length_squared(col_vec3_sub(w.w, poly->vertices[0].w)) > tiny)
			poly->vertices[poly->count++] = w;
	}
	if (poly->count == 2) {
		col_vec3 n = edge_normal(poly->vertices[0].w, poly->vertices[1].w);
		for (int side = 0; side < 2 && poly->count == 2; side++) {
			minkowski_vertex w = minkowski_support(p, side ? col_vec3_scale(n, -1.0) : n);
			if (line_distance_squared(poly->vertices[0].w, poly->vertices[1].w, w.w) > tiny)
				poly->vertices[poly->count++] = w;
		}
	}
	if (poly->count < 3) {
		/* K on a line of the plane (or a point): the shapes part across it, within the plane. */
		ans.status = COL_PENETRATION_FLAT;
		ans.normal = poly->count == 2 ? edge_normal(poly->vertices[0].w, poly->vertices[1].w)
		                              : (col_vec3){1, 0, 0};
		if (!(col_vec3_length_squared(ans.normal) > 0.0))
			ans.normal = (col_vec3){1, 0, 0};
		return ans;
	}
	col_vec3 a = poly->vertices[0].w, b = poly->vertices[1].w, c = poly->vertices[2].w;
	if ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0.0) {
		minkowski_vertex t = poly->vertices[1];
		poly->vertices[1] = poly->vertices[2];
		poly->vertices[2] = t;
	}
	ans.status = COL_PENETRATION_MAX_ITERATIONS;
	int best = 0;
	double best_distance = INFINITY;
	col_vec3 best_normal = {0, 0, 0};
	for (int iteration = 0;; iteration++) {
		best_distance = INFINITY;
		for (int i = 0; i < poly->count; i++) {
			col_vec3 n =
			    edge_normal(poly->vertices[i].w, poly->vertices[(i + 1) % poly->count].w);
			double d = col_vec3_dot(n, poly->vertices[i].w);
			if (d < best_distance) {
				best_distance = d;
				best = i;
				best_normal = n;
			}
		}
		if (iteration >= o->max_iterations || poly->count >= EPA_MAX_VERTICES)
			break;
		minkowski_vertex w = minkowski_support(p, best_normal);
		ans.iterations++;
		double reach = col_vec3_dot(best_normal, w.w);
		if (reach - best_distance <= o->relative_tolerance * fmax(fabs(best_distance), sqrt(scale))) {
			ans.status = COL_PENETRATION_CONVERGED;
			break;
		}
		memmove(&poly->vertices[best + 2], &poly->vertices[best + 1],
		        sizeof(minkowski_vertex) * (size_t)(poly->count - best - 1));
		poly->vertices[best + 1] = w;
		poly->count++;
		/* w may see more edges than the one it was found for: the neighbours it leaves reflex go
		 * (the 2D horizon), so the polygon stays convex. */
		int at = best + 1;
		while (poly->count > 3) {
			int prev = (at + poly->count - 1) % poly->count,
			    before = (at + poly->count - 2) % poly->count;
			if (turn_left(poly->vertices[before].w, poly->vertices[prev].w, w.w))
				break;
			polygon_remove(poly, prev);
			at -= prev < at;
		}
		while (poly->count > 3) {
			int next = (at + 1) % poly->count, after = (at + 2) % poly->count;
			if (turn_left(w.w, poly->vertices[next].w, poly->vertices[after].w))
				break;
			polygon_remove(poly, next);
			at -= next < at;
		}
	}
	const minkowski_vertex *v0 = &poly->vertices[best], *v1 = &poly->vertices[(best + 1) % poly->count];
	col_vec3 e = col_vec3_sub(v1->w, v0->w);
	double ee = col_vec3_dot(e, e);
	double t = ee > 0.0 ? -col_vec3_dot(v0->w, e) / ee : 0.0;
	t = fmin(fmax(t, 0.0), 1.0);
	ans.normal = best_normal;
	ans.depth = fmax(best_distance, 0.0);
	ans.a = col_vec3_lerp(v0->a, v1->a, t);
	ans.b = col_vec3_lerp(v0->b, v1->b, t);
	return ans;
}

/* ---- the public calls ---- */

static double pair_scale(const minkowski_simplex *st)
{
	double scale = 0.0;
	for (int i = 0; i < st->count; i++)
		scale = fmax(scale,
		             fmax(col_vec3_length_squared(st->y[i].a), col_vec3_length_squared(st->y[i].b)));
	return fmax(scale, DBL_MIN);
}

/* eq. 1.14 on an A-frame simplex: the nearest facet plane of a tetrahedron around the origin. Each
 * facet's distance is eq. 1.15's, the distance from the origin to the facet's plane, computed as
 * |n . w| / |n| with n the facet's cross product: the determinant form subtracts terms of size |w|^2
 * and loses the digits of a shallow depth (it put the bound 3e-12 above a depth of 1.3e-5). */
static double simplex_bound(const col_vec3 w[4], int count, col_vec3 *normal)
{
	if (count != 4)
		return 0.0;
	col_johnson_result j;
	if (!col_johnson(w, 4, &j) || j.kept != 15)
		return 0.0;
	double best = INFINITY;
	static const int facets[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
	for (int f = 0; f < 4; f++) {
		col_vec3 p0 = w[facets[f][0]];
		col_vec3 n =
		    col_vec3_cross(col_vec3_sub(w[facets[f][1]], p0), col_vec3_sub(w[facets[f][2]], p0));
		double length = col_vec3_length(n);
		if (!(length > 0.0))
			continue;
		double d = fabs(col_vec3_dot(n, p0)) / length;
		if (d < best) {
			best = d;
			if (normal != NULL) {
				if (col_vec3_dot(n, w[f]) > col_vec3_dot(n, p0))
					n = col_vec3_scale(n, -1.0); /* away from the opposite vertex */
				*normal = col_vec3_scale(n, 1.0 / length);
			}
		}
	}
	return best < INFINITY ? best : 0.0;
}

double col_simplex_penetration_bound(const col_simplex *simplex)
{
	if (simplex == NULL || simplex->count != 4)
		return 0.0;
	col_vec3 w[4];
	for (int i = 0; i < 4; i++)
		w[i] = simplex->vertices[i].w;
	return simplex_bound(w, 4, NULL);
}

static col_penetration invalid_answer(void)
{
	col_penetration r;
	memset(&r, 0, sizeof r);
	r.status = COL_PENETRATION_INVALID;
	return r;
}

/* The shared start: GJK on the cores. Returns true when the cores meet; otherwise fills r for the
 * rounded shapes (apart, or overlapping by their radii alone). */
static bool penetration_start(minkowski_pair *p, minkowski_simplex *st, const col_shape *a,
                              const col_shape *b, col_penetration *r)
{
	memset(r, 0, sizeof *r);
	bool meet = col_gjk_run(p, st, NULL, &r->gjk_iterations);
	if (meet)
		return true;
	double length = sqrt(st->vv), radii = a->radius + b->radius;
	if (!(length <= radii)) {
		r->status = COL_PENETRATION_APART;
		return false;
	}
	col_vec3 core_a, core_b;
	minkowski_simplex_points(st, &core_a, &core_b);
	col_vec3 n = col_vec3_scale(st->v, -1.0 / length);
	r->status = COL_PENETRATION_CONVERGED;
	r->depth = radii - length;
	r->lower_bound = r->depth;
	r->normal = col_relative_direction_to_world(&p->pose, n);
	r->point_a = col_relative_to_world(&p->pose, col_vec3_add(core_a, col_vec3_scale(n, a->radius)));
	r->point_b = col_relative_to_world(&p->pose, col_vec3_sub(core_b, col_vec3_scale(n, b->radius)));
	return false;
}

col_penetration col_penetration_depth(const col_shape *a, const col_shape *b, const col_epa_options *options,
                                      col_epa_trace *trace)
{
	if (trace != NULL) {
		trace->count = 0;
		trace->faces_used = 0;
	}
	if (!col_shape_is_placed(a) || !col_shape_is_placed(b))
		return invalid_answer();
	col_epa_options o = options != NULL ? *options : col_epa_default_options();
	minkowski_pair p = minkowski_pair_make(a, b, false);
	minkowski_simplex st;
	col_penetration r;
	if (!penetration_start(&p, &st, a, b, &r))
		return r;
	double radii = a->radius + b->radius;
	double scale = pair_scale(&st);
	col_vec3 w[4];
	for (int i = 0; i < st.count; i++)
		w[i] = st.y[i].w;
	r.lower_bound = simplex_bound(w, st.count, NULL) + radii;
	epa_answer ans = a->dimension == 2 && b->dimension == 2 ? epa_2d(&p, &st, &o, scale)
	                                                        : epa_3d(&p, &st, &o, trace, scale);
	r.iterations = ans.iterations;
	if (ans.status == COL_PENETRATION_FLAT) {
		/* K has no volume: the cores lie in one plane (or on one line) and part by any move across
		 * it, which the seed found; they meet at GJK's common point. */
		col_vec3 n = col_vec3_normalize(ans.normal);
		if (!(col_vec3_length_squared(n) > 0.0))
			n = (col_vec3){0, 0, 1};
		if (a->dimension == 2 && b->dimension == 2 && n.z != 0.0) /* stay in the plane */
			n = (col_vec3){1, 0, 0};
		ans.normal = n;
		ans.depth = 0.0;
		minkowski_simplex_points(&st, &ans.a, &ans.b);
	} else {
		/* Near touching, K's origin may lie outside the polytope by round-off, and the nearest
		 * face be a far sliver whose plane passes the origin: its witnesses lie on the shapes but
		 * far from depth * normal apart. GJK's closest points are then the better pair. */
		col_vec3 ga, gb;
		minkowski_simplex_points(&st, &ga, &gb);
		col_vec3 offset = col_vec3_scale(ans.normal, ans.depth);
		if (col_vec3_distance(col_vec3_sub(ga, gb), offset) <
		    col_vec3_distance(col_vec3_sub(ans.a, ans.b), offset)) {
			ans.a = ga;
			ans.b = gb;
		}
	}
	r.status = ans.status;
	r.depth = ans.depth + radii;
	r.normal = col_relative_direction_to_world(&p.pose, ans.normal);
	r.point_a =
	    col_relative_to_world(&p.pose, col_vec3_add(ans.a, col_vec3_scale(ans.normal, a->radius)));
	r.point_b =
	    col_relative_to_world(&p.pose, col_vec3_sub(ans.b, col_vec3_scale(ans.normal, b->radius)));
	return r;
}

col_penetration col_penetration_lower_bound(const col_shape *a, const col_shape *b)
{
	if (!col_shape_is_placed(a) || !col_shape_is_placed(b))
		return invalid_answer();
	minkowski_pair p = minkowski_pair_make(a, b, false);
	minkowski_simplex st;
	col_penetration r;
	if (!penetration_start(&p, &st, a, b, &r))
		return r;
	col_vec3 w[4], n = {0, 0, 0};
	for (int i = 0; i < st.count; i++)
		w[i] = st.y[i].w;
	r.status = COL_PENETRATION_CONVERGED;
	r.depth = simplex_bound(w, st.count, &n) + a->radius + b->radius;
	r.lower_bound = r.depth;
	r.normal = col_relative_direction_to_world(&p.pose, n);
	return r;
}
