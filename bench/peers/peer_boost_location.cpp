// Boost.Geometry as a point-location peer (bench/peers/point_peers.h): boost.covered_by, the point
// against an open, counter-clockwise model::polygon whose inner rings are the holes (clockwise, as
// Boost expects for a counter-clockwise polygon). covered_by counts the boundary (of the outer ring
// and of the holes) as inside, as collide does. No structure: each query visits every edge.
#include "point_peers.h"

#include "peer_boost.hpp"

#include <exception>
#include <memory>

namespace
{

using peer_boost::point;
using peer_boost::polygon;

bench_point_index *boost_build(const double *xy, const int *counts, int contour_count)
{
	try {
		std::unique_ptr<polygon> p(new polygon);
		int offset = 0;
		p->inners().resize(static_cast<size_t>(contour_count - 1));
		for (int c = 0; c < contour_count; c++) {
			auto &ring = c == 0 ? p->outer() : p->inners()[static_cast<size_t>(c - 1)];
			ring.reserve(static_cast<size_t>(counts[c]));
			for (int i = 0; i < counts[c]; i++)
				ring.push_back(point(xy[2 * (offset + i)], xy[2 * (offset + i) + 1]));
			offset += counts[c];
		}
		return reinterpret_cast<bench_point_index *>(p.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void boost_destroy(bench_point_index *index)
{
	delete reinterpret_cast<polygon *>(index);
}

size_t boost_contains(const bench_point_index *index, const double *xy, size_t count, unsigned char *inside)
{
	return peer_boost::covered_by(*reinterpret_cast<const polygon *>(index), xy, count, inside);
}

} // namespace

extern "C" const bench_point_peer bench_point_peer_boost_covered_by = {
    "boost", "boost.covered_by", peer_boost::version, BENCH_COST_LINEAR, BENCH_COST_LINEAR,
    nullptr, boost_build,        boost_destroy,       boost_contains,    nullptr,
};
