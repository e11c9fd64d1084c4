// Boost.Geometry as a point-location peer (bench/peers/point_peers.h): boost.covered_by, the point
// against an open, counter-clockwise model::polygon whose inner rings are the holes (clockwise, as
// Boost expects for a counter-clockwise polygon). covered_by counts the boundary (of the outer ring
// and of the holes) as inside, as collide does. No structure: each query visits every edge.
#include "point_peers.h"

// Boost 1.74's geometry headers include headers Boost itself has deprecated; say so once, here.
#define BOOST_ALLOW_DEPRECATED_HEADERS
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/version.hpp>

#include <exception>
#include <memory>
#include <string>

namespace bg = boost::geometry;

namespace
{

using point = bg::model::d2::point_xy<double>;
// ClockWise = false (counter-clockwise outer ring, clockwise inner rings), Closed = false.
using polygon = bg::model::polygon<point, false, false>;

const char *boost_version()
{
	static const std::string text = std::string("Boost ") + std::to_string(BOOST_VERSION / 100000) + "." +
	                                std::to_string(BOOST_VERSION / 100 % 1000) + "." +
	                                std::to_string(BOOST_VERSION % 100) + ", g++ " + __VERSION__;
	return text.c_str();
}

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
	const polygon &p = *reinterpret_cast<const polygon *>(index);
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		bool in = bg::covered_by(point(xy[2 * i], xy[2 * i + 1]), p);
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

} // namespace

extern "C" const bench_point_peer bench_point_peer_boost_covered_by = {
    "boost", "boost.covered_by", boost_version, BENCH_COST_LINEAR, BENCH_COST_LINEAR,
    nullptr, boost_build,        boost_destroy, boost_contains,    nullptr,
};
