// What the two Boost.Geometry adapters share (peer_boost.cpp for bench_polygon,
// peer_boost_location.cpp for bench_point_location): the headers, the point and polygon types, the
// version line and the covered_by loop.
#ifndef COLLIDE_BENCH_PEERS_PEER_BOOST_HPP
#define COLLIDE_BENCH_PEERS_PEER_BOOST_HPP

// Boost 1.74's geometry headers include headers Boost itself has deprecated; say so once, here,
// rather than in a compiler note on every build.
#define BOOST_ALLOW_DEPRECATED_HEADERS
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/version.hpp>

#include <cstddef>
#include <string>

namespace peer_boost
{

namespace bg = boost::geometry;

using point = bg::model::d2::point_xy<double>;
// ClockWise = false (counter-clockwise outer ring, clockwise inner rings), Closed = false (no
// repeated closing vertex): our layout.
using polygon = bg::model::polygon<point, false, false>;

inline const char *version()
{
	static const std::string text = std::string("Boost ") + std::to_string(BOOST_VERSION / 100000) + "." +
	                                std::to_string(BOOST_VERSION / 100 % 1000) + "." +
	                                std::to_string(BOOST_VERSION % 100) + ", g++ " + __VERSION__;
	return text.c_str();
}

// inside[i] = 1 when point i (interleaved xy) is covered by p: inside or on the boundary, as in
// collide. Returns how many are.
inline size_t covered_by(const polygon &p, const double *xy, size_t count, unsigned char *inside)
{
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		bool in = bg::covered_by(point(xy[2 * i], xy[2 * i + 1]), p);
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

} // namespace peer_boost

#endif
