// Bullet 3 as a peer of the convex benchmark (bench/peers/convex_peers.h). The shape is a
// btConvexHullShape of the hull's vertices with its collision margin set to 0 (Bullet's default
// margin, 0.04, would inflate every body and change every answer). Bullet is built in double
// precision here when CMake found the float64 libraries (Debian ships both; BT_USE_DOUBLE_PRECISION
// then comes with the package's flags); the version string says which. Two methods:
//
//   bullet.gjk_pair   btGjkPairDetector with a btVoronoiSimplexSolver and a
//                     btGjkEpaPenetrationDepthSolver (what btConvexConvexAlgorithm runs for two
//                     convex shapes), its answer collected by btPointCollector (Bullet's
//                     btDiscreteCollisionDetectorInterface::Result that keeps the normal on B, the
//                     point on B and the distance, negative when they overlap):
//                       intersect    getClosestPoints with m_maximumDistanceSquared = 0, so GJK
//                                    stops at the first separating axis; a reported distance <= 0
//                                    is a hit. Bullet runs EPA for every overlapping pair on this
//                                    path (it has no plain boolean test)
//                       distance     getClosestPoints with the default maximum distance: the
//                                    distance, negative (-depth, from EPA) on overlap; witness_b is
//                                    the point on B and witness_a = point + normal distance
//                                    (Bullet's btManifoldResult makes the point on A this way)
//                       penetration  the same call on overlapping pairs: depth = -distance, normal
//                                    = -normalOnB (Bullet's normal points from B towards A)
//   bullet.gjk_epa2   btGjkEpaSolver2, the GJK/EPA pair Bullet's penetration solver calls:
//                       intersect    Distance() returning false (GJK found the origin inside)
//                       distance     Distance(): witnesses[0] on A, witnesses[1] on B; -1 on overlap
//                                    (status Penetrating), NAN when its GJK failed (GJK_Failed)
//                       penetration  Penetration(): depth = -results.distance, normal along
//                                    witnesses[0] - witnesses[1] (results.normal is in A's body
//                                    frame in Bullet 3.24, so the witnesses, which are in the world,
//                                    give the direction)
//                     The initial guess is B's origin minus A's, as btGjkEpaPenetrationDepthSolver
//                     passes it.
//
// Poses: a pair's R and t make a btTransform (btMatrix3x3 takes R row by row) once per pair, what
// an application does when it sets a body's world transform. Bullet's tolerances are compiled in,
// nothing to set: btGjkPairDetector stops when the squared distance gains less than 1e-6 of itself
// (REL_ERROR2) or after 1000 iterations; btGjkEpa2's GJK and EPA accuracies are 1e-12 in a double
// build and 1e-4 in a float one (GJK 128 iterations; EPA 255 iterations, 128 vertices).
//
// What convex_peers_check found (10^6 benchmark pairs): btGjkEpaSolver2's GJK calls 128
// overlapping pairs apart, and its distance is off (by up to 0.18) on 0.6% of the apart
// ones; btGjkPairDetector is exact bar 8 intersect answers and 42 distances. Both give 42 wrong
// depths, and both EPAs end on a wrong face for two overlapping cubes centred on each other's axis
// (a symmetric Minkowski difference).
#include "convex_peers.h"

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <LinearMath/btScalar.h>
#include <LinearMath/btTransform.h>

#include <cmath>
#include <exception>
#include <string>

namespace
{

const btConvexHullShape &shape_of(const bench_convex_body *const *bodies, bench_convex_pair_view pairs,
                                  size_t i, int which)
{
	return *reinterpret_cast<const btConvexHullShape *>(bodies[bench_convex_pair_body(pairs, i, which)]);
}

btTransform transform_of(bench_convex_pair_view pairs, size_t i, int which)
{
	const double *pose = bench_convex_pair_pose(pairs, i, which);
	const double *R = pose + BENCH_CONVEX_POSE_R, *t = pose + BENCH_CONVEX_POSE_T;
	return btTransform(btMatrix3x3(btScalar(R[0]), btScalar(R[1]), btScalar(R[2]), btScalar(R[3]),
	                               btScalar(R[4]), btScalar(R[5]), btScalar(R[6]), btScalar(R[7]),
	                               btScalar(R[8])),
	                   btVector3(btScalar(t[0]), btScalar(t[1]), btScalar(t[2])));
}

void put3(double *out, size_t i, const btVector3 &v)
{
	out[3 * i] = double(v.x());
	out[3 * i + 1] = double(v.y());
	out[3 * i + 2] = double(v.z());
}

void no_depth(double *depth, double *normal, size_t i)
{
	depth[i] = -1.0;
	normal[3 * i] = normal[3 * i + 1] = normal[3 * i + 2] = 0.0;
}

bench_convex_body *bullet_build(const double *xyz, int vertex_count, const int32_t *, int)
{
	try {
		// Bullet's own aligned operator new (btAlignedAlloc), which has no nothrow form
		btConvexHullShape *shape = new btConvexHullShape();
		if (shape == nullptr)
			return nullptr;
		for (int i = 0; i < vertex_count; i++)
			shape->addPoint(btVector3(btScalar(xyz[3 * i]), btScalar(xyz[3 * i + 1]),
			                          btScalar(xyz[3 * i + 2])),
			                false);
		shape->setMargin(0);
		shape->recalcLocalAabb();
		return reinterpret_cast<bench_convex_body *>(shape);
	} catch (const std::exception &) {
		return nullptr;
	}
}

void bullet_destroy(bench_convex_body *body)
{
	delete reinterpret_cast<btConvexHullShape *>(body);
}

// ---- btGjkPairDetector ----

// One getClosestPoints call, the way btConvexConvexAlgorithm makes it: a detector on the stack over
// solvers the caller keeps.
btPointCollector closest(const btConvexHullShape &a, const btConvexHullShape &b, const btTransform &ta,
                         const btTransform &tb, btScalar max_distance_squared,
                         btVoronoiSimplexSolver &simplex, btGjkEpaPenetrationDepthSolver &epa)
{
	btGjkPairDetector detector(&a, &b, &simplex, &epa);
	btGjkPairDetector::ClosestPointInput input;
	input.m_transformA = ta;
	input.m_transformB = tb;
	input.m_maximumDistanceSquared = max_distance_squared;
	btPointCollector out;
	detector.getClosestPoints(input, out, nullptr);
	return out;
}

size_t pair_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                      unsigned char *hit)
{
	btVoronoiSimplexSolver simplex;
	btGjkEpaPenetrationDepthSolver epa;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		btPointCollector out =
		    closest(shape_of(bodies, pairs, i, 0), shape_of(bodies, pairs, i, 1),
		            transform_of(pairs, i, 0), transform_of(pairs, i, 1), 0, simplex, epa);
		bool met = out.m_hasResult && out.m_distance <= 0;
		hit[i] = met ? 1 : 0;
		total += met ? 1 : 0;
	}
	return total;
}

size_t pair_distance(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                     double *distance, double *witness_a, double *witness_b)
{
	btVoronoiSimplexSolver simplex;
	btGjkEpaPenetrationDepthSolver epa;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		btPointCollector out = closest(shape_of(bodies, pairs, i, 0), shape_of(bodies, pairs, i, 1),
		                               transform_of(pairs, i, 0), transform_of(pairs, i, 1),
		                               btScalar(BT_LARGE_FLOAT), simplex, epa);
		if (!out.m_hasResult) {
			// Bullet found no answer (it reports none for degenerate GJK/EPA ends)
			distance[i] = NAN;
			if (witness_a != nullptr) {
				witness_a[3 * i] = witness_a[3 * i + 1] = witness_a[3 * i + 2] = NAN;
				witness_b[3 * i] = witness_b[3 * i + 1] = witness_b[3 * i + 2] = NAN;
			}
			continue;
		}
		distance[i] = double(out.m_distance);
		total += out.m_distance < 0 ? 1 : 0;
		if (witness_a != nullptr) {
			put3(witness_a, i, out.m_pointInWorld + out.m_normalOnBInWorld * out.m_distance);
			put3(witness_b, i, out.m_pointInWorld);
		}
	}
	return total;
}

size_t pair_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                        double *depth, double *normal)
{
	btVoronoiSimplexSolver simplex;
	btGjkEpaPenetrationDepthSolver epa;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		btPointCollector out = closest(shape_of(bodies, pairs, i, 0), shape_of(bodies, pairs, i, 1),
		                               transform_of(pairs, i, 0), transform_of(pairs, i, 1),
		                               btScalar(BT_LARGE_FLOAT), simplex, epa);
		if (!out.m_hasResult || !(out.m_distance < 0)) {
			no_depth(depth, normal, i);
			continue;
		}
		depth[i] = -double(out.m_distance);
		put3(normal, i, -out.m_normalOnBInWorld);
		total++;
	}
	return total;
}

// ---- btGjkEpaSolver2 ----

size_t epa2_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                      unsigned char *hit)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		btTransform ta = transform_of(pairs, i, 0), tb = transform_of(pairs, i, 1);
		btGjkEpaSolver2::sResults results;
		bool apart = btGjkEpaSolver2::Distance(&shape_of(bodies, pairs, i, 0), ta,
		                                       &shape_of(bodies, pairs, i, 1), tb,
		                                       tb.getOrigin() - ta.getOrigin(), results);
		hit[i] = apart ? 0 : 1;
		total += apart ? 0 : 1;
	}
	return total;
}

size_t epa2_distance(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                     double *distance, double *witness_a, double *witness_b)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		btTransform ta = transform_of(pairs, i, 0), tb = transform_of(pairs, i, 1);
		btGjkEpaSolver2::sResults results;
		if (!btGjkEpaSolver2::Distance(&shape_of(bodies, pairs, i, 0), ta,
		                               &shape_of(bodies, pairs, i, 1), tb,
		                               tb.getOrigin() - ta.getOrigin(), results)) {
			// Penetrating: its GJK found the origin inside; GJK_Failed: no answer
			if (results.status == btGjkEpaSolver2::sResults::Penetrating) {
				distance[i] = -1.0;
				total++;
			} else {
				distance[i] = NAN;
			}
			if (witness_a != nullptr)
				for (int k = 0; k < 3; k++)
					witness_a[3 * i + k] = witness_b[3 * i + k] = NAN;
			continue;
		}
		distance[i] = double(results.distance);
		if (witness_a != nullptr) {
			put3(witness_a, i, results.witnesses[0]);
			put3(witness_b, i, results.witnesses[1]);
		}
	}
	return total;
}

size_t epa2_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                        double *depth, double *normal)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		btTransform ta = transform_of(pairs, i, 0), tb = transform_of(pairs, i, 1);
		btGjkEpaSolver2::sResults results;
		if (!btGjkEpaSolver2::Penetration(&shape_of(bodies, pairs, i, 0), ta,
		                                  &shape_of(bodies, pairs, i, 1), tb,
		                                  tb.getOrigin() - ta.getOrigin(), results)) {
			no_depth(depth, normal, i);
			continue;
		}
		btVector3 along = results.witnesses[0] - results.witnesses[1];
		btScalar length = along.length();
		depth[i] = -double(results.distance);
		if (length > 0)
			put3(normal, i, along / length);
		else
			normal[3 * i] = normal[3 * i + 1] = normal[3 * i + 2] = 0.0;
		total++;
	}
	return total;
}

std::string describe(const char *what)
{
	return "Bullet " + std::to_string(btGetVersion() / 100) + "." + std::to_string(btGetVersion() % 100) +
	       (btIsDoublePrecision() ? " (double)" : " (float)") + ", g++ " + __VERSION__ +
	       "; btConvexHullShape, margin 0; " + what;
}

const char *version_pair()
{
	static const std::string text =
	    describe("btGjkPairDetector + btVoronoiSimplexSolver + btGjkEpaPenetrationDepthSolver, "
	             "btPointCollector; intersect with maximum distance 0 (EPA on overlap)");
	return text.c_str();
}

const char *version_epa2()
{
	static const std::string text = describe("btGjkEpaSolver2::Distance (intersect: its GJK says inside; "
	                                         "distance) and ::Penetration");
	return text.c_str();
}

} // namespace

extern "C" const bench_convex_peer bench_convex_peer_bullet_gjk_pair = {
    "bullet", "bullet.gjk_pair", version_pair, bullet_build, bullet_destroy, pair_intersect, pair_distance,
    1,        pair_penetration,
};

extern "C" const bench_convex_peer bench_convex_peer_bullet_gjk_epa2 = {
    "bullet", "bullet.gjk_epa2", version_epa2, bullet_build, bullet_destroy, epa2_intersect, epa2_distance,
    0,        epa2_penetration,
};
