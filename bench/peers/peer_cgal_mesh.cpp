// CGAL as a point-in-polyhedron peer (bench/peers/mesh_peers.h):
//
//   cgal.side_of_triangle_mesh   CGAL::Side_of_triangle_mesh over a CGAL::Surface_mesh of the
//                                mesh (kernel Epick: exact predicates, inexact constructions).
//
// CGAL's query: the point is outside when it lies outside the mesh's bounding box; otherwise a ray
// from it (vertical first, then random directions while a ray meets an edge or a vertex) is traced
// through an AABB tree of the triangles and its crossings are counted, every decision an exact
// predicate. ON_BOUNDARY (on a triangle) counts as inside, as in collide.
//
// The build is everything between the raw arrays and the first answer: the Surface_mesh (its
// halfedges), the Side_of_triangle_mesh object and its AABB tree, which CGAL builds lazily on the
// first query inside the box; the adapter asks one such query (the box's centre) so the tree is
// built, and timed, with the rest.
#include "mesh_peers.h"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Side_of_triangle_mesh.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/version.h>

#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace
{

using epick = CGAL::Exact_predicates_inexact_constructions_kernel;
using point3 = epick::Point_3;
using surface_mesh = CGAL::Surface_mesh<point3>;
using side_of = CGAL::Side_of_triangle_mesh<surface_mesh, epick>;

struct side_index {
	surface_mesh mesh;
	std::unique_ptr<side_of> side; // refers to mesh: declared after it, destroyed before it
};

bench_mesh_index *side_build(const double *xyz, int vertex_count, const int32_t *triangles, int triangle_count)
{
	try {
		std::unique_ptr<side_index> index(new side_index);
		surface_mesh &m = index->mesh;
		std::vector<surface_mesh::Vertex_index> v((size_t)vertex_count);
		double lo[3], hi[3];
		m.reserve((surface_mesh::size_type)vertex_count, (surface_mesh::size_type)(3 * (size_t)triangle_count / 2),
		          (surface_mesh::size_type)triangle_count);
		for (int k = 0; k < 3; k++)
			lo[k] = hi[k] = xyz[k];
		for (int i = 0; i < vertex_count; i++) {
			const double *p = xyz + 3 * i;
			v[(size_t)i] = m.add_vertex(point3(p[0], p[1], p[2]));
			for (int k = 0; k < 3; k++) {
				lo[k] = p[k] < lo[k] ? p[k] : lo[k];
				hi[k] = p[k] > hi[k] ? p[k] : hi[k];
			}
		}
		for (int t = 0; t < triangle_count; t++) {
			const int32_t *f = triangles + 3 * t;
			if (m.add_face(v[(size_t)f[0]], v[(size_t)f[1]], v[(size_t)f[2]]) == surface_mesh::null_face())
				return nullptr; // not an oriented 2-manifold: the benchmark checked it is
		}
		index->side.reset(new side_of(m));
		(*index->side)(point3(0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])));
		return reinterpret_cast<bench_mesh_index *>(index.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void side_destroy(bench_mesh_index *index)
{
	delete reinterpret_cast<side_index *>(index);
}

size_t side_contains(const bench_mesh_index *peer, const double *xyz, size_t count, unsigned char *inside)
{
	const side_of &side = *reinterpret_cast<const side_index *>(peer)->side;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		bool in = side(point3(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2])) != CGAL::ON_UNBOUNDED_SIDE;
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

const char *side_version()
{
	static const std::string text = std::string("CGAL ") + CGAL_VERSION_STR + ", g++ " + __VERSION__ +
	                                "; Epick, Surface_mesh, AABB tree";
	return text.c_str();
}

} // namespace

extern "C" const bench_mesh_peer bench_mesh_peer_cgal_side = {
    "cgal", "cgal.side_of_triangle_mesh", side_version, 1, side_build, side_destroy, side_contains, nullptr,
};
