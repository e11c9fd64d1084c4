// CGAL as a mesh-vs-mesh peer of bench_mesh_query (bench/peers/mesh_query_peers.h):
//
//   cgal   CGAL::Rigid_triangle_mesh_collision_detection over a CGAL::Surface_mesh of the mesh
//          (kernel Epick: exact predicates on the transformed coordinates, which are computed in
//          double): the mesh is added twice, as mesh A (identity) and mesh B, whose transformation
//          (an Aff_transformation_3 of the pose's R and t) is set before each query. Both share one
//          AABB tree of the faces (add_mesh with an external tree), as collide's and FCL's queries
//          share one structure: a second tree would change nothing but the build time and memory.
//            surface  get_all_intersections(A, {B}): do two faces meet?
//            solid    get_all_intersections_and_inclusions(A, {B}): the same, then, when no faces
//                     meet and the meshes are closed, whether one vertex of each connected component
//                     of one mesh lies inside the other (Side_of_triangle_mesh's ray casting); CGAL
//                     says which of the two answered (BENCH_QUERY_SURFACES or BENCH_QUERY_INCLUDED).
// (CGAL 5.5 has no is_colliding(): these two are its queries. The class also keeps the connected
// components' points, found at add_mesh.)
//
// The build is everything between the raw arrays and the first answer: the Surface_mesh (its
// halfedges), the AABB tree (built at once), and the two add_mesh calls (closedness, one point per
// connected component).
#include "mesh_query_peers.h"

// GCC 12 warns of a use after free inside CGAL's reference-counted Aff_transformation_3 (a false
// positive of its -Wuse-after-free on Handle_for_virtual's inlined destructor; the warning points into
// CGAL's header). Not our code, and not a bug: silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic ignored "-Wuse-after-free"
#endif

#include <CGAL/Aff_transformation_3.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Rigid_triangle_mesh_collision_detection.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/version.h>

#include <array>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace
{

using epick = CGAL::Exact_predicates_inexact_constructions_kernel;
using point3 = epick::Point_3;
using surface_mesh = CGAL::Surface_mesh<point3>;
using detection_type = CGAL::Rigid_triangle_mesh_collision_detection<surface_mesh>;
using tree_type = detection_type::AABB_tree;
using transformation = CGAL::Aff_transformation_3<epick>;

struct rigid_index {
	surface_mesh mesh;
	std::unique_ptr<tree_type> tree; // of mesh: declared after it, destroyed before it
	detection_type detection;        // refers to tree: declared after it, destroyed before it
	std::size_t a = 0, b = 0;
};

bench_query_index *rigid_build(const double *xyz, int vertex_count, const int32_t *triangles,
                               int triangle_count)
{
	try {
		std::unique_ptr<rigid_index> index(new rigid_index);
		surface_mesh &m = index->mesh;
		std::vector<surface_mesh::Vertex_index> v((size_t)vertex_count);
		m.reserve((surface_mesh::size_type)vertex_count,
		          (surface_mesh::size_type)(3 * (size_t)triangle_count / 2),
		          (surface_mesh::size_type)triangle_count);
		for (int i = 0; i < vertex_count; i++)
			v[(size_t)i] = m.add_vertex(point3(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]));
		for (int t = 0; t < triangle_count; t++) {
			const int32_t *f = triangles + 3 * t;
			if (m.add_face(v[(size_t)f[0]], v[(size_t)f[1]], v[(size_t)f[2]]) ==
			    surface_mesh::null_face())
				return nullptr; // not an oriented 2-manifold: the benchmark checked it is
		}
		index->tree.reset(
		    new tree_type(faces(m).first, faces(m).second, m, get(CGAL::vertex_point, m)));
		index->tree->build();
		index->a = index->detection.add_mesh(*index->tree, m);
		index->b = index->detection.add_mesh(*index->tree, m);
		index->detection.set_transformation(index->a, transformation(CGAL::IDENTITY));
		index->detection.set_transformation(index->b, transformation(CGAL::IDENTITY));
		return reinterpret_cast<bench_query_index *>(index.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void rigid_destroy(bench_query_index *index)
{
	delete reinterpret_cast<rigid_index *>(index);
}

size_t rigid_pairs(bench_query_index *peer, const double *poses, size_t count, int solid,
                   unsigned char *answer)
{
	rigid_index &index = *reinterpret_cast<rigid_index *>(peer);
	const std::array<std::size_t, 1> others = {index.b};
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		const double *p = poses + BENCH_QUERY_POSE_DOUBLES * i;
		const double *R = p + 4, *t = p + 13;
		unsigned char a = BENCH_QUERY_APART;
		index.detection.set_transformation(
		    index.b,
		    transformation(R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2]));
		if (solid) {
			std::vector<std::pair<std::size_t, bool>> met =
			    index.detection.get_all_intersections_and_inclusions(index.a, others);
			if (!met.empty())
				a = met.front().second ? BENCH_QUERY_INCLUDED : BENCH_QUERY_SURFACES;
		} else if (!index.detection.get_all_intersections(index.a, others).empty()) {
			a = BENCH_QUERY_SURFACES;
		}
		answer[i] = a;
		total += a != BENCH_QUERY_APART;
	}
	return total;
}

const char *rigid_version()
{
	static const std::string text =
	    std::string("CGAL ") + CGAL_VERSION_STR + ", g++ " + __VERSION__ +
	    "; Epick, Surface_mesh, Rigid_triangle_mesh_collision_detection, one AABB "
	    "tree for both meshes";
	return text.c_str();
}

} // namespace

extern "C" const bench_query_peer bench_query_peer_cgal = {
    "cgal", rigid_version, rigid_build, rigid_destroy, nullptr, rigid_pairs, 1, nullptr,
};
