/* libccd 2.x as a peer of the convex benchmark (bench/peers/convex_peers.h):
 *
 *   libccd.gjk   ccdGJKIntersect; ccdGJKPenetration (GJK, then EPA on the Minkowski difference)
 *   libccd.mpr   ccdMPRIntersect; ccdMPRPenetration (Minkowski portal refinement, XenoCollide)
 *
 * libccd has no distance query (FCL adds one on top of it: fcl.libccd), so distance is NULL.
 *
 * libccd asks the caller for a support function and, for MPR, a centre function. Here, as a libccd
 * user writes them: the body keeps its hull vertices; the object handed to libccd is the body with
 * its pose (R and t, copied from the pair's record once per pair: what an application holds for a
 * body, and the cheapest form for the support function). support(d) turns d into the body frame
 * (R^T d), scans the vertices for the largest dot product and maps the winner back (R v + t); the
 * centre is the vertex mean mapped the same way (strictly inside a hull of non-coplanar points, as
 * MPR needs; the pose's translation is inside these bodies too, but not inside every body).
 *
 * libccd is built in double precision on Debian (ccd/config.h: CCD_DOUBLE); the version string says
 * which. Settings (one ccd_t for the whole batch, as an application keeps one):
 *   max_iterations  1000   (libccd's default is unlimited; GJK and MPR end in a few dozen on
 *                          these hulls, and GJK reports "apart" when the cap is reached)
 *   mpr_tolerance   1e-9   (default 1e-4: MPR's depth is refined until the portal is this close)
 *   epa_tolerance   1e-9   (default 1e-4: EPA stops when a support point gains less than this)
 *   dist_tolerance  1e-9   (default 1e-6: not used by the four calls here)
 * The bodies are about 2 units across, so 1e-9 is near the answers' own rounding; the defaults
 * would leave the depths 1e-4 off.
 *
 * What convex_peers_check found (10^6 benchmark pairs): both intersect tests agree with the brute
 * force; ccdGJKPenetration's EPA gives a wrong depth for 22% of the overlapping pairs (1e-4 and 1e-6
 * tolerances do no better), and MPR's depth, which is not the minimal one, differs for 59%. */
#include "convex_peers.h"

#include <ccd/ccd.h>
#include <ccd/config.h>

#include <stdlib.h>

struct bench_convex_body {
	int count;
	double centre[3];
	double xyz[]; /* 3 count */
};

/* A body at a pose: the object libccd's callbacks get. */
typedef struct ccd_placed {
	const bench_convex_body *body;
	double R[9];
	double t[3];
} ccd_placed;

static bench_convex_body *ccd_build(const double *xyz, int vertex_count, const int32_t *triangles,
                                    int triangle_count)
{
	bench_convex_body *body;
	int i, k;
	(void)triangles; /* libccd needs only the vertices */
	(void)triangle_count;
	if (vertex_count < 1)
		return NULL;
	body = malloc(sizeof *body + 3 * (size_t)vertex_count * sizeof(double));
	if (body == NULL)
		return NULL;
	body->count = vertex_count;
	body->centre[0] = body->centre[1] = body->centre[2] = 0.0;
	for (i = 0; i < vertex_count; i++)
		for (k = 0; k < 3; k++) {
			body->xyz[3 * i + k] = xyz[3 * i + k];
			body->centre[k] += xyz[3 * i + k];
		}
	for (k = 0; k < 3; k++)
		body->centre[k] /= vertex_count;
	return body;
}

static void ccd_destroy(bench_convex_body *body)
{
	free(body);
}

static void ccd_place(ccd_placed *placed, const bench_convex_body *body, const double *pose)
{
	int k;
	placed->body = body;
	for (k = 0; k < 9; k++)
		placed->R[k] = pose[BENCH_CONVEX_POSE_R + k];
	for (k = 0; k < 3; k++)
		placed->t[k] = pose[BENCH_CONVEX_POSE_T + k];
}

static void ccd_map(const ccd_placed *p, const double *local, ccd_vec3_t *out)
{
	const double *R = p->R;
	ccdVec3Set(out, R[0] * local[0] + R[1] * local[1] + R[2] * local[2] + p->t[0],
	           R[3] * local[0] + R[4] * local[1] + R[5] * local[2] + p->t[1],
	           R[6] * local[0] + R[7] * local[1] + R[8] * local[2] + p->t[2]);
}

static void ccd_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
	const ccd_placed *p = obj;
	const double *R = p->R, *v = p->body->xyz;
	double dx = ccdVec3X(dir), dy = ccdVec3Y(dir), dz = ccdVec3Z(dir);
	/* R^T dir: the direction in the body frame */
	double lx = R[0] * dx + R[3] * dy + R[6] * dz;
	double ly = R[1] * dx + R[4] * dy + R[7] * dz;
	double lz = R[2] * dx + R[5] * dy + R[8] * dz;
	double best = lx * v[0] + ly * v[1] + lz * v[2];
	int i, winner = 0;
	for (i = 1; i < p->body->count; i++) {
		double dot = lx * v[3 * i] + ly * v[3 * i + 1] + lz * v[3 * i + 2];
		if (dot > best) {
			best = dot;
			winner = i;
		}
	}
	ccd_map(p, v + 3 * winner, out);
}

static void ccd_centre(const void *obj, ccd_vec3_t *out)
{
	const ccd_placed *p = obj;
	ccd_map(p, p->body->centre, out);
}

static void ccd_settings(ccd_t *ccd)
{
	CCD_INIT(ccd);
	ccd->support1 = ccd_support;
	ccd->support2 = ccd_support;
	ccd->center1 = ccd_centre;
	ccd->center2 = ccd_centre;
	ccd->max_iterations = 1000;
	ccd->mpr_tolerance = 1e-9;
	ccd->epa_tolerance = 1e-9;
	ccd->dist_tolerance = 1e-9;
}

static size_t ccd_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                            size_t count, unsigned char *hit, int mpr)
{
	ccd_t ccd;
	size_t i, total = 0;
	ccd_settings(&ccd);
	for (i = 0; i < count; i++) {
		ccd_placed a, b;
		int met;
		ccd_place(&a, bodies[bench_convex_pair_body(pairs, i, 0)],
		          bench_convex_pair_pose(pairs, i, 0));
		ccd_place(&b, bodies[bench_convex_pair_body(pairs, i, 1)],
		          bench_convex_pair_pose(pairs, i, 1));
		met = mpr ? ccdMPRIntersect(&a, &b, &ccd) : ccdGJKIntersect(&a, &b, &ccd);
		hit[i] = met ? 1 : 0;
		total += met ? 1 : 0;
	}
	return total;
}

static size_t ccd_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                              size_t count, double *depth, double *normal, int mpr)
{
	ccd_t ccd;
	size_t i, total = 0;
	ccd_settings(&ccd);
	for (i = 0; i < count; i++) {
		ccd_placed a, b;
		ccd_real_t d;
		ccd_vec3_t dir, pos;
		int status;
		ccd_place(&a, bodies[bench_convex_pair_body(pairs, i, 0)],
		          bench_convex_pair_pose(pairs, i, 0));
		ccd_place(&b, bodies[bench_convex_pair_body(pairs, i, 1)],
		          bench_convex_pair_pose(pairs, i, 1));
		status = mpr ? ccdMPRPenetration(&a, &b, &ccd, &d, &dir, &pos)
		             : ccdGJKPenetration(&a, &b, &ccd, &d, &dir, &pos);
		if (status == 0) {
			/* libccd: translating obj2 by depth along dir ends the contact, our convention */
			depth[i] = d;
			normal[3 * i] = ccdVec3X(&dir);
			normal[3 * i + 1] = ccdVec3Y(&dir);
			normal[3 * i + 2] = ccdVec3Z(&dir);
			total++;
		} else {
			depth[i] = -1.0;
			normal[3 * i] = normal[3 * i + 1] = normal[3 * i + 2] = 0.0;
		}
	}
	return total;
}

static size_t ccd_gjk_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                                size_t count, unsigned char *hit)
{
	return ccd_intersect(bodies, pairs, count, hit, 0);
}

static size_t ccd_mpr_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                                size_t count, unsigned char *hit)
{
	return ccd_intersect(bodies, pairs, count, hit, 1);
}

static size_t ccd_gjk_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                                  size_t count, double *depth, double *normal)
{
	return ccd_penetration(bodies, pairs, count, depth, normal, 0);
}

static size_t ccd_mpr_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                                  size_t count, double *depth, double *normal)
{
	return ccd_penetration(bodies, pairs, count, depth, normal, 1);
}

#ifdef CCD_DOUBLE
#define CCD_PRECISION "double"
#else
#define CCD_PRECISION "single"
#endif

static const char *ccd_gjk_version(void)
{
	return "libccd 2.x (no version macro; Debian libccd-dev 2.1), " CCD_PRECISION
	       " precision; ccdGJKIntersect, ccdGJKPenetration (GJK + EPA); max_iterations 1000, "
	       "epa_tolerance 1e-9; support: scan of the hull vertices";
}

static const char *ccd_mpr_version(void)
{
	return "libccd 2.x (no version macro; Debian libccd-dev 2.1), " CCD_PRECISION
	       " precision; ccdMPRIntersect, ccdMPRPenetration (MPR); max_iterations 1000, "
	       "mpr_tolerance 1e-9; support: scan of the hull vertices; centre: vertex mean";
}

const bench_convex_peer bench_convex_peer_ccd_gjk = {
    "libccd", "libccd.gjk",        ccd_gjk_version, ccd_build, ccd_destroy, ccd_gjk_intersect, NULL,
    0,        ccd_gjk_penetration,
};

const bench_convex_peer bench_convex_peer_ccd_mpr = {
    "libccd", "libccd.mpr",        ccd_mpr_version, ccd_build, ccd_destroy, ccd_mpr_intersect, NULL,
    0,        ccd_mpr_penetration,
};
