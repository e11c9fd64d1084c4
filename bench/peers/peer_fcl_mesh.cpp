// FCL 0.7 as a peer of bench_mesh_query (bench/peers/mesh_query_peers.h):
//
//   fcl   an fcl::BVHModel<fcl::OBBRSSd> of the mesh (FCL's default build: mean split, OBB and RSS
//         fitted to each node's triangles), asked through fcl::collide(geometry, transform,
//         geometry, transform, request, result) with a default CollisionRequest (one contact, no
//         contact details, the libccd GJK solver), as FCL's documentation shows it:
//           sphere vs mesh   an fcl::Sphered of the radius, its transform a translation to the
//                            centre, against the model at identity;
//           mesh vs mesh     the model at identity against the same model at the pose (one
//                            BVHModel serves both: FCL's oriented-BV traversal does not copy or
//                            move it, and a second copy would change nothing but the memory).
// FCL tests triangles against triangles and against the sphere, so it answers whether the surfaces
// meet: a ball or a mesh wholly inside the other mesh does not collide (surface semantics). Its tests
// are floating point with tolerances; the benchmark counts where its answers differ from collide's
// exact ones and decides each such case with an exact brute force.
//
// Memory: FCL 0.7's BVHModel::memUsage(msg) prints a total to std::cerr and returns BVH_OK, not the
// bytes, and its total counts sizeof(BV) per node where the nodes are BVNode<BV> and leaves out the
// primitive index array. So the adapter counts the model's arrays itself, as endModel() allocates
// them: 2n - 1 BVNode<OBBRSSd> and as many unsigned primitive indices (n triangles), n Triangle, the
// vertices, and the BVHModel object.
#include "mesh_query_peers.h"

#include <fcl/config.h>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_request.h>
#include <fcl/narrowphase/collision_result.h>

#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace
{

using model_type = fcl::BVHModel<fcl::OBBRSSd>;

struct fcl_index {
	model_type model;
};

bench_query_index *fcl_build(const double *xyz, int vertex_count, const int32_t *triangles,
                             int triangle_count)
{
	try {
		std::unique_ptr<fcl_index> index(new fcl_index);
		std::vector<fcl::Vector3d> vertices((size_t)vertex_count);
		std::vector<fcl::Triangle> faces((size_t)triangle_count);
		for (int i = 0; i < vertex_count; i++)
			vertices[(size_t)i] = fcl::Vector3d(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
		for (int t = 0; t < triangle_count; t++)
			faces[(size_t)t] =
			    fcl::Triangle((size_t)triangles[3 * t], (size_t)triangles[3 * t + 1],
			                  (size_t)triangles[3 * t + 2]);
		model_type &m = index->model;
		if (m.beginModel(triangle_count, vertex_count) != fcl::BVH_OK ||
		    m.addSubModel(vertices, faces) != fcl::BVH_OK || m.endModel() != fcl::BVH_OK)
			return nullptr;
		m.computeLocalAABB();
		return reinterpret_cast<bench_query_index *>(index.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void fcl_destroy(bench_query_index *index)
{
	delete reinterpret_cast<fcl_index *>(index);
}

size_t fcl_spheres(const bench_query_index *peer, const double *centres, size_t count, double radius,
                   unsigned char *hit)
{
	const model_type &model = reinterpret_cast<const fcl_index *>(peer)->model;
	const fcl::Sphered ball(radius);
	const fcl::Transform3d identity = fcl::Transform3d::Identity();
	fcl::Transform3d at = fcl::Transform3d::Identity();
	const fcl::CollisionRequestd request;
	fcl::CollisionResultd result;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		at.translation() = fcl::Vector3d(centres[3 * i], centres[3 * i + 1], centres[3 * i + 2]);
		result.clear();
		bool met = fcl::collide<double>(&model, identity, &ball, at, request, result) > 0;
		hit[i] = met ? 1 : 0;
		total += met ? 1 : 0;
	}
	return total;
}

size_t fcl_pairs(bench_query_index *peer, const double *poses, size_t count, int solid, unsigned char *answer)
{
	(void)solid; // FCL answers the surface question only (pair_solid = 0)
	const model_type &model = reinterpret_cast<const fcl_index *>(peer)->model;
	const fcl::Transform3d identity = fcl::Transform3d::Identity();
	fcl::Transform3d pose = fcl::Transform3d::Identity();
	const fcl::CollisionRequestd request;
	fcl::CollisionResultd result;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		const double *p = poses + BENCH_QUERY_POSE_DOUBLES * i;
		const double *R = p + 4, *t = p + 13;
		fcl::Matrix3d rotation;
		rotation << R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8];
		pose.linear() = rotation;
		pose.translation() = fcl::Vector3d(t[0], t[1], t[2]);
		result.clear();
		bool met = fcl::collide<double>(&model, identity, &model, pose, request, result) > 0;
		answer[i] = met ? BENCH_QUERY_SURFACES : BENCH_QUERY_APART;
		total += met ? 1 : 0;
	}
	return total;
}

long long fcl_memory(const bench_query_index *peer)
{
	const model_type &model = reinterpret_cast<const fcl_index *>(peer)->model;
	long long nodes = model.getNumBVs();
	return nodes * (long long)(sizeof(fcl::BVNode<fcl::OBBRSSd>) + sizeof(unsigned int)) +
	       (long long)model.num_tris * (long long)sizeof(fcl::Triangle) +
	       (long long)model.num_vertices * (long long)sizeof(fcl::Vector3d) +
	       (long long)sizeof(model_type);
}

const char *fcl_version()
{
	static const std::string text =
	    std::string("FCL ") + FCL_VERSION + ", g++ " + __VERSION__ +
	    "; BVHModel<OBBRSSd>, fcl::collide, default request (one contact, libccd "
	    "GJK); surface semantics";
	return text.c_str();
}

} // namespace

extern "C" const bench_query_peer bench_query_peer_fcl = {
    "fcl", fcl_version, fcl_build, fcl_destroy, fcl_spheres, fcl_pairs, 0, fcl_memory,
};
