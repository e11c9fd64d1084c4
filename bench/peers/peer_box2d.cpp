// Box2D 2.4 as a point-location peer (bench/peers/point_peers.h): box2d.test_point,
// b2PolygonShape::TestPoint with the identity transform. Box2D takes convex polygons of at most
// b2_maxPolygonVertices (8) vertices, so the benchmark gives it only the regular 8-gon.
//
// Box2D works in float: the vertices and the query point are rounded to float, and TestPoint says
// inside when no edge normal has the point strictly in front of it (a point on the boundary of the
// float polygon is inside). So a point within about 1e-7 of the boundary may get the other answer
// than collide's exact one; the benchmark counts those apart and does not call them failures.
#include "point_peers.h"

#include <box2d/box2d.h>

#include <new>
#include <string>

namespace
{

const char *box2d_version()
{
	static const std::string text = "Box2D (b2_version) " + std::to_string(b2_version.major) + "." +
	                                std::to_string(b2_version.minor) + "." +
	                                std::to_string(b2_version.revision) + ", g++ " + __VERSION__ +
	                                "; float";
	return text.c_str();
}

int box2d_accepts(const double *, const int *counts, int contour_count)
{
	return contour_count == 1 && counts[0] >= 3 && counts[0] <= b2_maxPolygonVertices;
}

bench_point_index *box2d_build(const double *xy, const int *counts, int contour_count)
{
	if (!box2d_accepts(xy, counts, contour_count))
		return nullptr;
	b2Vec2 points[b2_maxPolygonVertices];
	for (int i = 0; i < counts[0]; i++)
		points[i].Set(static_cast<float>(xy[2 * i]), static_cast<float>(xy[2 * i + 1]));
	b2PolygonShape *shape = new (std::nothrow) b2PolygonShape;
	if (shape == nullptr)
		return nullptr;
	// Set() takes the convex hull; for a convex polygon that is the polygon itself.
	shape->Set(points, counts[0]);
	return reinterpret_cast<bench_point_index *>(shape);
}

void box2d_destroy(bench_point_index *index)
{
	delete reinterpret_cast<b2PolygonShape *>(index);
}

size_t box2d_contains(const bench_point_index *index, const double *xy, size_t count, unsigned char *inside)
{
	const b2PolygonShape &shape = *reinterpret_cast<const b2PolygonShape *>(index);
	b2Transform identity;
	identity.SetIdentity();
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		bool in = shape.TestPoint(
		    identity, b2Vec2(static_cast<float>(xy[2 * i]), static_cast<float>(xy[2 * i + 1])));
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

} // namespace

extern "C" const bench_point_peer bench_point_peer_box2d = {
    "box2d",       "box2d.test_point", box2d_version, BENCH_COST_LOG, BENCH_COST_LOG,
    box2d_accepts, box2d_build,        box2d_destroy, box2d_contains, nullptr,
};
