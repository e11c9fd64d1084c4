// CGAL as a polygon peer, with the Exact_predicates_inexact_constructions_kernel: point in polygon
// by bounded_side_2 (ON_BOUNDARY counts as inside, as in collide), circle vs polygon by
// bounded_side_2 of the centre then squared_distance to each edge <= r^2, validity by is_simple_2
// plus a counter-clockwise orientation check.
#include "peers.h"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_2_algorithms.h>
#include <CGAL/version.h>

#include <new>
#include <string>
#include <vector>

namespace
{

using kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using point = kernel::Point_2;
using segment = kernel::Segment_2;
using polygon = std::vector<point>;

const char *cgal_version()
{
	static const std::string text = std::string("CGAL ") + CGAL_VERSION_STR + ", g++ " + __VERSION__;
	return text.c_str();
}

bench_peer_polygon *cgal_build(const double *xy, int count, int *valid)
{
	polygon *p = new (std::nothrow) polygon;
	if (p == nullptr)
		return nullptr;
	p->reserve(static_cast<size_t>(count));
	for (int i = 0; i < count; i++)
		p->push_back(point(xy[2 * i], xy[2 * i + 1]));
	*valid = CGAL::is_simple_2(p->begin(), p->end(), kernel()) &&
	                 CGAL::orientation_2(p->begin(), p->end(), kernel()) == CGAL::COUNTERCLOCKWISE
	             ? 1
	             : 0;
	return reinterpret_cast<bench_peer_polygon *>(p);
}

void cgal_destroy(bench_peer_polygon *p)
{
	delete reinterpret_cast<polygon *>(p);
}

size_t cgal_contains(const bench_peer_polygon *peer, const double *xy, size_t count, unsigned char *inside)
{
	const polygon &p = *reinterpret_cast<const polygon *>(peer);
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		CGAL::Bounded_side side =
		    CGAL::bounded_side_2(p.begin(), p.end(), point(xy[2 * i], xy[2 * i + 1]), kernel());
		bool in = side != CGAL::ON_UNBOUNDED_SIDE;
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

size_t cgal_circles(const bench_peer_polygon *peer, const double *centres, size_t count, double radius,
                    unsigned char *hit)
{
	const polygon &p = *reinterpret_cast<const polygon *>(peer);
	const double r2 = radius * radius;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		point c(centres[2 * i], centres[2 * i + 1]);
		bool h = CGAL::bounded_side_2(p.begin(), p.end(), c, kernel()) != CGAL::ON_UNBOUNDED_SIDE;
		for (size_t e = 0; !h && e < p.size(); e++) {
			const point &a = p[e], &b = p[e + 1 == p.size() ? 0 : e + 1];
			h = CGAL::squared_distance(c, segment(a, b)) <= r2;
		}
		hit[i] = h ? 1 : 0;
		total += h ? 1 : 0;
	}
	return total;
}

} // namespace

extern "C" const bench_peer bench_peer_cgal = {
    "cgal",     "cgal.bounded_side_2", "cgal.circle", cgal_version,
    cgal_build, cgal_destroy,          cgal_contains, cgal_circles,
};
