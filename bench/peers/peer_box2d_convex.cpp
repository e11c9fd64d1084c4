// Box2D 2.4 as the peer of the 2D convex case (bench/peers/convex_peers.h, bench_convex2_peer):
//
//   box2d.distance   a b2PolygonShape (at most b2_maxPolygonVertices = 8 vertices; Set() takes the
//                    hull, so a convex polygon is kept as given, bar vertices closer than
//                    0.5 b2_linearSlop, which it welds) with its radius set to 0: Box2D gives every
//                    polygon a skin of b2_polygonRadius (0.01) that b2TestOverlap and
//                    b2CollidePolygons count, and that would move every answer by 0.02.
//                      intersect    b2TestOverlap: b2Distance with the radii, hit when the distance
//                                   is below 10 b2_epsilon (about 1.2e-6)
//                      distance     b2Distance (GJK) on two b2DistanceProxy, useRadii false, a fresh
//                                   b2SimplexCache per pair; its pointA and pointB are the
//                                   witnesses. b2Distance says 0 for touching and overlapping alike;
//                                   the adapter reports those as -1 (overlap)
//                      penetration  b2CollidePolygons (SAT on the edge normals of both polygons,
//                                   clipping the incident edge) and b2WorldManifold: depth = the
//                                   deepest manifold point's -separation, normal = the manifold's
//                                   (from A to B). The reference face is chosen with a tolerance of
//                                   0.1 b2_linearSlop, and clipping can cut the deepest vertex, so
//                                   the depth may fall short of the true one
//
// Box2D computes in float: vertices, poses and answers are rounded to float (about 1e-7 relative).
// Poses: the pose's cosine and sine fill b2Rot (its c and s) and (x, y) its p, once per pair, as a
// b2Body keeps its b2Transform (it takes sin and cos once per step, not per query).
#include "convex_peers.h"

#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/box2d.h>

#include <new>
#include <string>

namespace
{

const b2PolygonShape &shape_of(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs,
                               size_t i, int which)
{
	return *reinterpret_cast<const b2PolygonShape *>(bodies[bench_convex2_pair_body(pairs, i, which)]);
}

b2Transform transform_of(bench_convex2_pair_view pairs, size_t i, int which)
{
	const double *pose = bench_convex2_pair_pose(pairs, i, which);
	b2Transform xf;
	xf.p.Set(static_cast<float>(pose[BENCH_CONVEX2_POSE_T]),
	         static_cast<float>(pose[BENCH_CONVEX2_POSE_T + 1]));
	xf.q.c = static_cast<float>(pose[BENCH_CONVEX2_POSE_C]);
	xf.q.s = static_cast<float>(pose[BENCH_CONVEX2_POSE_S]);
	return xf;
}

void put2(double *out, size_t i, const b2Vec2 &v)
{
	out[2 * i] = v.x;
	out[2 * i + 1] = v.y;
}

bench_convex2_body *box2d_build(const double *xy, int vertex_count)
{
	if (vertex_count < 3 || vertex_count > b2_maxPolygonVertices)
		return nullptr;
	b2Vec2 points[b2_maxPolygonVertices];
	for (int i = 0; i < vertex_count; i++)
		points[i].Set(static_cast<float>(xy[2 * i]), static_cast<float>(xy[2 * i + 1]));
	b2PolygonShape *shape = new (std::nothrow) b2PolygonShape;
	if (shape == nullptr)
		return nullptr;
	shape->Set(points, vertex_count);
	shape->m_radius = 0.0f;
	return reinterpret_cast<bench_convex2_body *>(shape);
}

void box2d_destroy(bench_convex2_body *body)
{
	delete reinterpret_cast<b2PolygonShape *>(body);
}

size_t box2d_intersect(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs, size_t count,
                       unsigned char *hit)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		bool met = b2TestOverlap(&shape_of(bodies, pairs, i, 0), 0, &shape_of(bodies, pairs, i, 1), 0,
		                         transform_of(pairs, i, 0), transform_of(pairs, i, 1));
		hit[i] = met ? 1 : 0;
		total += met ? 1 : 0;
	}
	return total;
}

size_t box2d_distance(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs, size_t count,
                      double *distance, double *witness_a, double *witness_b)
{
	size_t total = 0;
	b2DistanceInput input;
	input.useRadii = false;
	for (size_t i = 0; i < count; i++) {
		input.proxyA.Set(&shape_of(bodies, pairs, i, 0), 0);
		input.proxyB.Set(&shape_of(bodies, pairs, i, 1), 0);
		input.transformA = transform_of(pairs, i, 0);
		input.transformB = transform_of(pairs, i, 1);
		b2SimplexCache cache;
		cache.count = 0;
		b2DistanceOutput output;
		b2Distance(&output, &cache, &input);
		if (output.distance > 0.0f) {
			distance[i] = output.distance;
		} else {
			distance[i] = -1.0;
			total++;
		}
		if (witness_a != nullptr) {
			put2(witness_a, i, output.pointA);
			put2(witness_b, i, output.pointB);
		}
	}
	return total;
}

size_t box2d_penetration(const bench_convex2_body *const *bodies, bench_convex2_pair_view pairs, size_t count,
                         double *depth, double *normal)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		b2Transform xa = transform_of(pairs, i, 0), xb = transform_of(pairs, i, 1);
		const b2PolygonShape &a = shape_of(bodies, pairs, i, 0), &b = shape_of(bodies, pairs, i, 1);
		b2Manifold manifold;
		b2CollidePolygons(&manifold, &a, xa, &b, xb);
		float deepest = 0.0f;
		b2WorldManifold world;
		if (manifold.pointCount > 0) {
			world.Initialize(&manifold, xa, a.m_radius, xb, b.m_radius);
			for (int j = 0; j < manifold.pointCount; j++)
				deepest = b2Min(deepest, world.separations[j]);
		}
		if (!(deepest < 0.0f)) {
			depth[i] = -1.0;
			normal[2 * i] = normal[2 * i + 1] = 0.0;
			continue;
		}
		depth[i] = -deepest;
		put2(normal, i, world.normal);
		total++;
	}
	return total;
}

const char *box2d_version()
{
	static const std::string text = "Box2D (b2_version) " + std::to_string(b2_version.major) + "." +
	                                std::to_string(b2_version.minor) + "." +
	                                std::to_string(b2_version.revision) + ", g++ " + __VERSION__ +
	                                "; float; b2PolygonShape radius 0; b2TestOverlap, b2Distance (GJK), "
	                                "b2CollidePolygons (SAT manifold) for the depth";
	return text.c_str();
}

} // namespace

extern "C" const bench_convex2_peer bench_convex2_peer_box2d = {
    "box2d",     "box2d.distance",  box2d_version,   b2_maxPolygonVertices,
    box2d_build, box2d_destroy,     box2d_intersect, box2d_distance,
    0,           box2d_penetration,
};
