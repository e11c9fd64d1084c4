// Boost.Geometry as a polygon peer: an open, counter-clockwise model::polygon; point in polygon by
// covered_by (the boundary counts as inside, as in collide), circle vs polygon by distance <= r
// (distance is 0 inside the polygon), validity by is_valid.
#include "peers.h"

#include "peer_boost.hpp"

#include <new>

namespace
{

namespace bg = boost::geometry;
using peer_boost::point;
using peer_boost::polygon;

bench_peer_polygon *boost_build(const double *xy, int count, int *valid)
{
	polygon *p = new (std::nothrow) polygon;
	if (p == nullptr)
		return nullptr;
	p->outer().reserve(static_cast<size_t>(count));
	for (int i = 0; i < count; i++)
		p->outer().push_back(point(xy[2 * i], xy[2 * i + 1]));
	*valid = bg::is_valid(*p) ? 1 : 0;
	return reinterpret_cast<bench_peer_polygon *>(p);
}

void boost_destroy(bench_peer_polygon *p)
{
	delete reinterpret_cast<polygon *>(p);
}

size_t boost_contains(const bench_peer_polygon *peer, const double *xy, size_t count, unsigned char *inside)
{
	return peer_boost::covered_by(*reinterpret_cast<const polygon *>(peer), xy, count, inside);
}

size_t boost_circles(const bench_peer_polygon *peer, const double *centres, size_t count, double radius,
                     unsigned char *hit)
{
	const polygon &p = *reinterpret_cast<const polygon *>(peer);
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		bool h = bg::distance(point(centres[2 * i], centres[2 * i + 1]), p) <= radius;
		hit[i] = h ? 1 : 0;
		total += h ? 1 : 0;
	}
	return total;
}

} // namespace

extern "C" const bench_peer bench_peer_boost = {
    "boost",     "boost.covered_by", "boost.circle", peer_boost::version,
    boost_build, boost_destroy,      boost_contains, boost_circles,
};
