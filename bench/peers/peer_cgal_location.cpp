// CGAL as point-location peers (bench/peers/point_peers.h), four ways:
//
//   cgal.cdt_hierarchy   Constrained_Delaunay_triangulation_2 of the polygon's vertices with every
//                        edge as a constraint, under a Triangulation_hierarchy_2; a query is
//                        locate(p) through the hierarchy.
//   cgal.cdt_walk        the same triangulation without the hierarchy; a trajectory query is
//                        locate(p, lt, li, f) from the face f where the previous point was found, a
//                        uniform query a walk from CGAL's default start.
//   cgal.arrangement     Arrangement_2 of the polygon's edges (Arr_segment_traits_2, see below) with a
//                        point-location object; the faces carry an inside flag.
//   cgal.bounded_side_2  bounded_side_2 on the outer contour, then on each hole (no structure).
//
// Which faces are inside: a flood fill over the faces that starts outside (the infinite face of
// the triangulation, the unbounded face of the arrangement) and flips the state each time it
// crosses a polygon edge (a constrained edge; every edge of the arrangement is one).
//
// Boundary: a point on an edge or at a vertex counts as inside, as in collide. locate() says so
// exactly: VERTEX (every vertex is a polygon vertex), EDGE on a constrained edge, or, for the
// arrangement, a vertex or halfedge instead of a face. All sign decisions are CGAL's exact
// predicates (Epick for the triangulations and bounded_side_2; see the arrangement's kernel below).
#include "point_peers.h"

#include <CGAL/Arr_extended_dcel.h>
#include <CGAL/Arr_landmarks_point_location.h>
#include <CGAL/Arr_non_caching_segment_traits_2.h>
#include <CGAL/Arr_segment_traits_2.h>
#include <CGAL/Arr_trapezoid_ric_point_location.h>
#include <CGAL/Arrangement_2.h>
#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_2_algorithms.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_hierarchy_2.h>
#include <CGAL/Triangulation_hierarchy_vertex_base_2.h>
#include <CGAL/version.h>

#include <deque>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

// The arrangement's point location: COLLIDE_BENCH_ARR_LANDMARKS=1 picks Arr_landmarks_point_location
// (landmarks at the vertices, nearest landmark by a kd-tree, then a walk), 0 the trapezoidal map
// (Arr_trapezoid_ric_point_location, randomized incremental, expected O(log n) a query). Measured on
// this benchmark's cases, the trapezoidal map was the faster (see docs/benchmarks.md).
#ifndef COLLIDE_BENCH_ARR_LANDMARKS
#define COLLIDE_BENCH_ARR_LANDMARKS 0
#endif

namespace
{

using epick = CGAL::Exact_predicates_inexact_constructions_kernel;

std::string compiler_text()
{
	return std::string("CGAL ") + CGAL_VERSION_STR + ", g++ " + __VERSION__;
}

// ---- the constrained Delaunay triangulations ----

// Face info: the nesting depth of the face, counted in polygon edges crossed from outside; -1 until
// the flood fill reaches it. Inside = odd.
using face_info_base =
    CGAL::Triangulation_face_base_with_info_2<int, epick, CGAL::Constrained_triangulation_face_base_2<epick>>;
using cdt_tds =
    CGAL::Triangulation_data_structure_2<CGAL::Triangulation_vertex_base_2<epick>, face_info_base>;
using cdt =
    CGAL::Constrained_Delaunay_triangulation_2<epick, cdt_tds,
                                               CGAL::No_constraint_intersection_requiring_constructions_tag>;

using hierarchy_tds = CGAL::Triangulation_data_structure_2<
    CGAL::Triangulation_hierarchy_vertex_base_2<CGAL::Triangulation_vertex_base_2<epick>>, face_info_base>;
using hierarchy_cdt =
    CGAL::Constrained_Delaunay_triangulation_2<epick, hierarchy_tds,
                                               CGAL::No_constraint_intersection_requiring_constructions_tag>;
using cdt_hierarchy = CGAL::Triangulation_hierarchy_2<hierarchy_cdt>;

// Inserts the vertices contour by contour (each from the face of the one before: a short walk),
// then every edge as a constraint, then marks the faces. Works for both triangulation types: for the
// hierarchy, insert() puts each point in the levels above as well, and the constraints live in the
// bottom level, which is the triangulation locate() ends in.
template <class T> bool build_cdt(T &t, const double *xy, const int *counts, int contour_count)
{
	using vertex_handle = typename T::Vertex_handle;
	using face_handle = typename T::Face_handle;
	std::vector<vertex_handle> vertices;
	int offset = 0;
	for (int c = 0; c < contour_count; c++) {
		vertices.clear();
		face_handle hint;
		for (int i = 0; i < counts[c]; i++) {
			const double *p = xy + 2 * (offset + i);
			vertex_handle v = t.insert(typename T::Point(p[0], p[1]), hint);
			hint = v->face();
			vertices.push_back(v);
		}
		for (int i = 0; i < counts[c]; i++)
			t.insert_constraint(vertices[i], vertices[i + 1 == counts[c] ? 0 : i + 1]);
		offset += counts[c];
	}
	// Flood fill from the infinite face. Within one depth, spread across unconstrained edges first
	// (queue), and across constrained edges into the next depth (the next queue).
	for (auto f = t.all_faces_begin(); f != t.all_faces_end(); ++f)
		f->info() = -1;
	std::deque<face_handle> current, next;
	t.infinite_face()->info() = 0;
	current.push_back(t.infinite_face());
	for (int depth = 0; !current.empty(); depth++) {
		while (!current.empty()) {
			face_handle f = current.front();
			current.pop_front();
			for (int i = 0; i < 3; i++) {
				face_handle g = f->neighbor(i);
				if (g->info() != -1)
					continue;
				if (f->is_constrained(i)) {
					next.push_back(g);
				} else {
					g->info() = depth;
					current.push_back(g);
				}
			}
		}
		// faces reached across a constraint may meanwhile have been reached at this depth
		for (face_handle g : next)
			if (g->info() == -1) {
				g->info() = depth + 1;
				current.push_back(g);
			}
		next.clear();
	}
	return true;
}

// The answer for a located point: on a vertex or a constrained edge it is on the boundary.
template <class T> bool cdt_answer(const T &t, typename T::Face_handle f, typename T::Locate_type lt, int li)
{
	switch (lt) {
	case T::VERTEX: return true; // every vertex of the triangulation is a polygon vertex
	case T::EDGE:
		if (f->is_constrained(li))
			return true;
		return f->info() % 2 == 1;
	case T::FACE: return !t.is_infinite(f) && f->info() % 2 == 1;
	default: // OUTSIDE_CONVEX_HULL, OUTSIDE_AFFINE_HULL
		return false;
	}
}

template <class T> bench_point_index *new_cdt(const double *xy, const int *counts, int contour_count)
{
	try {
		std::unique_ptr<T> t(new T);
		build_cdt(*t, xy, counts, contour_count);
		return reinterpret_cast<bench_point_index *>(t.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

template <class T> void delete_cdt(bench_point_index *index)
{
	delete reinterpret_cast<T *>(index);
}

template <class T>
size_t cdt_contains(const bench_point_index *index, const double *xy, size_t count, unsigned char *inside)
{
	const T &t = *reinterpret_cast<const T *>(index);
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		typename T::Locate_type lt;
		int li;
		typename T::Face_handle f = t.locate(typename T::Point(xy[2 * i], xy[2 * i + 1]), lt, li);
		bool in = cdt_answer(t, f, lt, li);
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

size_t cdt_contains_walk(const bench_point_index *index, const double *xy, size_t count,
                         unsigned char *inside)
{
	const cdt &t = *reinterpret_cast<const cdt *>(index);
	cdt::Face_handle previous;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		cdt::Locate_type lt;
		int li;
		previous = t.locate(cdt::Point(xy[2 * i], xy[2 * i + 1]), lt, li, previous);
		bool in = cdt_answer(t, previous, lt, li);
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

const char *hierarchy_version()
{
	static const std::string text = compiler_text() + "; Epick, Triangulation_hierarchy_2";
	return text.c_str();
}

const char *walk_version()
{
	static const std::string text = compiler_text() + "; Epick, locate from the previous face";
	return text.c_str();
}

// ---- the arrangement ----

// The arrangement's geometry traits: COLLIDE_BENCH_ARR_TRAITS=0 picks Arr_segment_traits_2 on the
// exact-constructions kernel (Epeck), the pairing CGAL documents as robust; 1 picks
// Arr_non_caching_segment_traits_2 on Epick, whose predicates are Epick's exact orientation tests
// and which is exact too as long as nothing is constructed (the edges meet only at their endpoints,
// and the queries construct nothing). The faces carry an int, 1 inside the polygon.
#ifndef COLLIDE_BENCH_ARR_TRAITS
#define COLLIDE_BENCH_ARR_TRAITS 0
#endif
#if COLLIDE_BENCH_ARR_TRAITS
using arr_kernel = epick;
using arr_traits = CGAL::Arr_non_caching_segment_traits_2<arr_kernel>;
#define COLLIDE_BENCH_ARR_TRAITS_NAME "Epick, Arr_non_caching_segment_traits_2"
#else
using arr_kernel = CGAL::Exact_predicates_exact_constructions_kernel;
using arr_traits = CGAL::Arr_segment_traits_2<arr_kernel>;
#define COLLIDE_BENCH_ARR_TRAITS_NAME "Epeck, Arr_segment_traits_2"
#endif
using arr_dcel = CGAL::Arr_face_extended_dcel<arr_traits, int>;
using arrangement = CGAL::Arrangement_2<arr_traits, arr_dcel>;
#if COLLIDE_BENCH_ARR_LANDMARKS
using arr_locator = CGAL::Arr_landmarks_point_location<arrangement>;
#define COLLIDE_BENCH_ARR_METHOD "Arr_landmarks_point_location"
#else
using arr_locator = CGAL::Arr_trapezoid_ric_point_location<arrangement>;
#define COLLIDE_BENCH_ARR_METHOD "Arr_trapezoid_ric_point_location"
#endif

struct arr_index {
	arrangement arr;
	std::unique_ptr<arr_locator> locator;
};

bench_point_index *arr_build(const double *xy, const int *counts, int contour_count)
{
	try {
		std::unique_ptr<arr_index> index(new arr_index);
		std::vector<arr_traits::X_monotone_curve_2> segments;
		int offset = 0;
		for (int c = 0; c < contour_count; c++) {
			for (int i = 0; i < counts[c]; i++) {
				const double *a = xy + 2 * (offset + i);
				const double *b = xy + 2 * (offset + (i + 1 == counts[c] ? 0 : i + 1));
				segments.push_back(arr_traits::X_monotone_curve_2(
				    arr_kernel::Point_2(a[0], a[1]), arr_kernel::Point_2(b[0], b[1])));
			}
			offset += counts[c];
		}
		// The edges meet only at their shared endpoints: the sweep needs no intersections.
		CGAL::insert_non_intersecting_curves(index->arr, segments.begin(), segments.end());
		// Flood fill over the faces from the unbounded one: every edge is a polygon edge, so the
		// face across any halfedge has the other state. data: -1 not reached, 0 outside, 1 inside.
		for (auto f = index->arr.faces_begin(); f != index->arr.faces_end(); ++f)
			f->set_data(-1);
		std::vector<arrangement::Face_handle> stack;
		index->arr.unbounded_face()->set_data(0);
		stack.push_back(index->arr.unbounded_face());
		auto spread = [&stack](arrangement::Face_handle f, arrangement::Halfedge_handle first) {
			arrangement::Halfedge_handle he = first;
			do {
				arrangement::Face_handle g = he->twin()->face();
				if (g->data() == -1) {
					g->set_data(1 - f->data());
					stack.push_back(g);
				}
				he = he->next();
			} while (he != first);
		};
		while (!stack.empty()) {
			arrangement::Face_handle f = stack.back();
			stack.pop_back();
			for (auto ccb = f->outer_ccbs_begin(); ccb != f->outer_ccbs_end(); ++ccb)
				spread(f, *ccb);
			for (auto ccb = f->inner_ccbs_begin(); ccb != f->inner_ccbs_end(); ++ccb)
				spread(f, *ccb);
		}
		index->locator.reset(new arr_locator(index->arr));
		return reinterpret_cast<bench_point_index *>(index.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void arr_destroy(bench_point_index *index)
{
	delete reinterpret_cast<arr_index *>(index);
}

size_t arr_contains(const bench_point_index *peer, const double *xy, size_t count, unsigned char *inside)
{
	const arr_index &index = *reinterpret_cast<const arr_index *>(peer);
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		auto result = index.locator->locate(arr_kernel::Point_2(xy[2 * i], xy[2 * i + 1]));
		const arrangement::Face_const_handle *face =
		    boost::get<arrangement::Face_const_handle>(&result);
		bool in = face == nullptr || (*face)->data() == 1; // a vertex or an edge: on the boundary
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

const char *arr_version()
{
	static const std::string text =
	    compiler_text() + "; " COLLIDE_BENCH_ARR_TRAITS_NAME ", " COLLIDE_BENCH_ARR_METHOD;
	return text.c_str();
}

// ---- bounded_side_2, no structure ----

struct contour_set {
	std::vector<std::vector<epick::Point_2>> contours; // [0] outer, then the holes
};

bench_point_index *side_build(const double *xy, const int *counts, int contour_count)
{
	try {
		std::unique_ptr<contour_set> set(new contour_set);
		int offset = 0;
		set->contours.resize(static_cast<size_t>(contour_count));
		for (int c = 0; c < contour_count; c++) {
			set->contours[c].reserve(static_cast<size_t>(counts[c]));
			for (int i = 0; i < counts[c]; i++)
				set->contours[c].push_back(
				    epick::Point_2(xy[2 * (offset + i)], xy[2 * (offset + i) + 1]));
			offset += counts[c];
		}
		return reinterpret_cast<bench_point_index *>(set.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void side_destroy(bench_point_index *index)
{
	delete reinterpret_cast<contour_set *>(index);
}

size_t side_contains(const bench_point_index *peer, const double *xy, size_t count, unsigned char *inside)
{
	const contour_set &set = *reinterpret_cast<const contour_set *>(peer);
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		epick::Point_2 p(xy[2 * i], xy[2 * i + 1]);
		const auto &outer = set.contours[0];
		bool in =
		    CGAL::bounded_side_2(outer.begin(), outer.end(), p, epick()) != CGAL::ON_UNBOUNDED_SIDE;
		// inside a hole (not on its boundary) is outside the polygon
		for (size_t h = 1; in && h < set.contours.size(); h++)
			in = CGAL::bounded_side_2(set.contours[h].begin(), set.contours[h].end(), p,
			                          epick()) != CGAL::ON_BOUNDED_SIDE;
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

const char *side_version()
{
	static const std::string text = compiler_text() + "; Epick";
	return text.c_str();
}

} // namespace

extern "C" const bench_point_peer bench_point_peer_cgal_cdt_hierarchy = {
    "cgal",
    "cgal.cdt_hierarchy",
    hierarchy_version,
    BENCH_COST_LOG,
    BENCH_COST_LOG,
    nullptr,
    new_cdt<cdt_hierarchy>,
    delete_cdt<cdt_hierarchy>,
    cdt_contains<cdt_hierarchy>,
    nullptr,
};

extern "C" const bench_point_peer bench_point_peer_cgal_cdt_walk = {
    "cgal",  "cgal.cdt_walk", walk_version,    BENCH_COST_SQRT,   BENCH_COST_LOG,
    nullptr, new_cdt<cdt>,    delete_cdt<cdt>, cdt_contains<cdt>, cdt_contains_walk,
};

extern "C" const bench_point_peer bench_point_peer_cgal_arrangement = {
    "cgal",  "cgal.arrangement", arr_version, BENCH_COST_LOG, BENCH_COST_LOG,
    nullptr, arr_build,          arr_destroy, arr_contains,   nullptr,
};

extern "C" const bench_point_peer bench_point_peer_cgal_bounded_side = {
    "cgal",     "cgal.bounded_side_2", side_version,  BENCH_COST_LINEAR, BENCH_COST_LINEAR, nullptr,
    side_build, side_destroy,          side_contains, nullptr,
};
