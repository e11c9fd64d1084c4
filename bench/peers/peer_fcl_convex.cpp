// FCL 0.7 as a peer of the convex benchmark (bench/peers/convex_peers.h). The shape is an
// fcl::Convex<double> of the hull's vertices and its outward triangles (3-vertex polygons), its
// local AABB computed once. Five methods, two ways in and two solvers:
//
//   fcl.libccd         fcl::collide / fcl::distance (geometry and transform, as FCL's documentation
//                      and peer_fcl_mesh.cpp call them) with GST_LIBCCD:
//                        intersect    a default CollisionRequest: libccd's MPR (ccdMPRIntersect)
//                        distance     DistanceRequest with enable_nearest_points: FCL's GJK on
//                                     libccd (ccdGJKDist2); -1 on overlap
//                        penetration  CollisionRequest with enable_contact, num_max_contacts 1:
//                                     libccd's MPR (ccdMPRPenetration), not EPA
//   fcl.libccd_signed  fcl::distance with GST_LIBCCD and enable_signed_distance: the same GJK, and
//                      FCL's EPA on libccd when they overlap; distance (-depth on overlap) and
//                      penetration (depth = -distance, normal along the nearest points p_a - p_b)
//   fcl.indep          the fcl.libccd calls with GST_INDEP: FCL's own GJK for intersect and
//                      distance, GJK + EPA for the contact
//   fcl.libccd_solver  fcl::detail::GJKSolver_libccd<double> called directly (shapeIntersect,
//   fcl.indep_solver   shapeDistance), and GJKSolver_indep<double>: the same algorithms without
//                      fcl::collide's dispatch, request and result objects
//
// Poses: a pair's R and t fill an fcl::Transform3d (linear() and translation()) once per pair, what
// an application does when it updates an object's transform; FCL's libccd bridge then turns the
// matrix into a quaternion for each call (that is FCL's own cost, and counted).
//
// Tolerances (FCL's defaults are 1e-6): CollisionRequest::gjk_tolerance (MPR's, or GJK's and EPA's
// with GST_INDEP) and DistanceRequest::distance_tolerance are set to FCL_TOLERANCE below; the
// solver-level methods set the same values on the solver (collision_tolerance, distance_tolerance;
// gjk_tolerance, epa_tolerance). Iteration limits stay FCL's: libccd 500 (collision) and 1000
// (distance); indep GJK 128, EPA 255 with 128 faces and 64 vertices.
//
// FCL 0.7's GST_INDEP contact (ShapeIntersectIndepImpl) reports EPA's normal in A's body frame and
// the depth negated (later FCL rotates it into the world); the adapter turns the normal into the
// world with A's rotation and takes the depth's magnitude, and says so in the version string.
//
// What convex_peers_check found (10^6 benchmark pairs): GST_INDEP's EPA ends on a wrong face for
// 59% of the overlapping pairs (and on two overlapping cubes), raising its iteration, face and vertex
// limits changes nothing; GST_INDEP runs that EPA even for a plain intersect (no contact asked),
// hence its 5 us. The libccd paths and enable_signed_distance's EPA agree with the brute force.
#include "convex_peers.h"

#include <fcl/config.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_request.h>
#include <fcl/narrowphase/collision_result.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>
#include <fcl/narrowphase/distance.h>
#include <fcl/narrowphase/distance_request.h>
#include <fcl/narrowphase/distance_result.h>

#include <cmath>
#include <exception>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace
{

const double FCL_TOLERANCE = 1e-9;

struct fcl_body {
	std::unique_ptr<fcl::Convexd> shape;
};

const fcl::Convexd &shape_of(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t i,
                             int which)
{
	return *reinterpret_cast<const fcl_body *>(bodies[bench_convex_pair_body(pairs, i, which)])->shape;
}

void set_pose(fcl::Transform3d &tf, const double *pose)
{
	const double *R = pose + BENCH_CONVEX_POSE_R, *t = pose + BENCH_CONVEX_POSE_T;
	fcl::Matrix3d rotation;
	rotation << R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8];
	tf.linear() = rotation;
	tf.translation() = fcl::Vector3d(t[0], t[1], t[2]);
}

void put3(double *out, size_t i, const fcl::Vector3d &v)
{
	out[3 * i] = v[0];
	out[3 * i + 1] = v[1];
	out[3 * i + 2] = v[2];
}

void no_depth(double *depth, double *normal, size_t i)
{
	depth[i] = -1.0;
	normal[3 * i] = normal[3 * i + 1] = normal[3 * i + 2] = 0.0;
}

bench_convex_body *fcl_build(const double *xyz, int vertex_count, const int32_t *triangles,
                             int triangle_count)
{
	try {
		auto vertices = std::make_shared<std::vector<fcl::Vector3d>>((size_t)vertex_count);
		auto faces = std::make_shared<std::vector<int>>();
		faces->reserve(4 * (size_t)triangle_count);
		for (int i = 0; i < vertex_count; i++)
			(*vertices)[(size_t)i] = fcl::Vector3d(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
		for (int t = 0; t < triangle_count; t++) {
			faces->push_back(3);
			for (int k = 0; k < 3; k++)
				faces->push_back(triangles[3 * t + k]);
		}
		std::unique_ptr<fcl_body> body(new fcl_body);
		body->shape.reset(new fcl::Convexd(vertices, triangle_count, faces));
		body->shape->computeLocalAABB();
		return reinterpret_cast<bench_convex_body *>(body.release());
	} catch (const std::exception &) {
		return nullptr;
	}
}

void fcl_destroy(bench_convex_body *body)
{
	delete reinterpret_cast<fcl_body *>(body);
}

// ---- through fcl::collide and fcl::distance ----

template <fcl::GJKSolverType Solver>
size_t collide_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                         unsigned char *hit)
{
	fcl::CollisionRequestd request;
	request.gjk_solver_type = Solver;
	request.gjk_tolerance = FCL_TOLERANCE;
	fcl::CollisionResultd result;
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		result.clear();
		bool met = fcl::collide(&shape_of(bodies, pairs, i, 0), ta, &shape_of(bodies, pairs, i, 1),
		                        tb, request, result) > 0;
		hit[i] = met ? 1 : 0;
		total += met ? 1 : 0;
	}
	return total;
}

template <fcl::GJKSolverType Solver, bool Signed>
size_t collide_distance(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                        double *distance, double *witness_a, double *witness_b)
{
	fcl::DistanceRequestd request(witness_a != nullptr, Signed, 0.0, 0.0, FCL_TOLERANCE, Solver);
	fcl::DistanceResultd result;
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		result.clear();
		double d = fcl::distance(&shape_of(bodies, pairs, i, 0), ta, &shape_of(bodies, pairs, i, 1),
		                         tb, request, result);
		if (d < 0.0) {
			total++;
			if (!Signed)
				d = -1.0;
		}
		distance[i] = d;
		if (witness_a != nullptr) {
			put3(witness_a, i, result.nearest_points[0]);
			put3(witness_b, i, result.nearest_points[1]);
		}
	}
	return total;
}

template <fcl::GJKSolverType Solver>
size_t collide_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                           double *depth, double *normal)
{
	fcl::CollisionRequestd request(1, true);
	request.gjk_solver_type = Solver;
	request.gjk_tolerance = FCL_TOLERANCE;
	fcl::CollisionResultd result;
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		result.clear();
		fcl::collide(&shape_of(bodies, pairs, i, 0), ta, &shape_of(bodies, pairs, i, 1), tb, request,
		             result);
		if (result.numContacts() == 0) {
			no_depth(depth, normal, i);
			continue;
		}
		const fcl::Contactd &contact = result.getContact(0);
		fcl::Vector3d n = contact.normal;
		if (Solver == fcl::GST_INDEP)
			n = ta.linear() * n; // FCL 0.7 gives EPA's normal in A's frame (see the top)
		depth[i] = std::fabs(contact.penetration_depth);
		put3(normal, i, n);
		total++;
	}
	return total;
}

// Penetration from the signed distance: on overlap the nearest points are EPA's deepest pair, and
// translating B by p_a - p_b separates the bodies.
size_t signed_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                          double *depth, double *normal)
{
	fcl::DistanceRequestd request(true, true, 0.0, 0.0, FCL_TOLERANCE, fcl::GST_LIBCCD);
	fcl::DistanceResultd result;
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		result.clear();
		double d = fcl::distance(&shape_of(bodies, pairs, i, 0), ta, &shape_of(bodies, pairs, i, 1),
		                         tb, request, result);
		fcl::Vector3d along = result.nearest_points[0] - result.nearest_points[1];
		double length = along.norm();
		if (d >= 0.0 || !(length > 0.0)) {
			no_depth(depth, normal, i);
			continue;
		}
		depth[i] = -d;
		put3(normal, i, along / length);
		total++;
	}
	return total;
}

// ---- through the narrow-phase solvers ----

void configure(fcl::detail::GJKSolver_libccdd &solver)
{
	solver.collision_tolerance = FCL_TOLERANCE;
	solver.distance_tolerance = FCL_TOLERANCE;
}

void configure(fcl::detail::GJKSolver_indepd &solver)
{
	solver.gjk_tolerance = FCL_TOLERANCE;
	solver.epa_tolerance = FCL_TOLERANCE;
}

template <typename Solver>
size_t solver_intersect(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                        unsigned char *hit)
{
	Solver solver;
	configure(solver);
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		bool met = solver.shapeIntersect(shape_of(bodies, pairs, i, 0), ta,
		                                 shape_of(bodies, pairs, i, 1), tb, nullptr);
		hit[i] = met ? 1 : 0;
		total += met ? 1 : 0;
	}
	return total;
}

template <typename Solver>
size_t solver_distance(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                       double *distance, double *witness_a, double *witness_b)
{
	Solver solver;
	configure(solver);
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	fcl::Vector3d pa, pb;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		double d = -1.0;
		bool apart =
		    witness_a != nullptr
		        ? solver.shapeDistance(shape_of(bodies, pairs, i, 0), ta,
		                               shape_of(bodies, pairs, i, 1), tb, &d, &pa, &pb)
		        : solver.shapeDistance(shape_of(bodies, pairs, i, 0), ta,
		                               shape_of(bodies, pairs, i, 1), tb, &d, nullptr, nullptr);
		if (!apart || d < 0.0) {
			d = -1.0;
			total++;
		}
		distance[i] = d;
		if (witness_a != nullptr) {
			put3(witness_a, i, pa);
			put3(witness_b, i, pb);
		}
	}
	return total;
}

template <typename Solver>
size_t solver_penetration(const bench_convex_body *const *bodies, bench_convex_pair_view pairs, size_t count,
                          double *depth, double *normal)
{
	Solver solver;
	configure(solver);
	fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
	std::vector<fcl::ContactPointd> contacts;
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		set_pose(ta, bench_convex_pair_pose(pairs, i, 0));
		set_pose(tb, bench_convex_pair_pose(pairs, i, 1));
		contacts.clear();
		if (!solver.shapeIntersect(shape_of(bodies, pairs, i, 0), ta, shape_of(bodies, pairs, i, 1),
		                           tb, &contacts) ||
		    contacts.empty()) {
			no_depth(depth, normal, i);
			continue;
		}
		fcl::Vector3d n = contacts[0].normal;
		if (std::is_same<Solver, fcl::detail::GJKSolver_indepd>::value)
			n = ta.linear() * n; // as in collide_penetration
		depth[i] = std::fabs(contacts[0].penetration_depth);
		put3(normal, i, n);
		total++;
	}
	return total;
}

std::string describe(const char *what)
{
	return std::string("FCL ") + FCL_VERSION + ", g++ " + __VERSION__ + "; fcl::Convex<double>; " + what +
	       "; tolerances 1e-9";
}

const char *version_libccd()
{
	static const std::string text =
	    describe("fcl::collide/fcl::distance, GST_LIBCCD: intersect MPR, distance GJK (-1 on overlap), "
	             "penetration: contact by MPR");
	return text.c_str();
}

const char *version_libccd_signed()
{
	static const std::string text =
	    describe("fcl::distance, GST_LIBCCD, enable_signed_distance: GJK, EPA on "
	             "overlap (penetration from the nearest points)");
	return text.c_str();
}

const char *version_indep()
{
	static const std::string text = describe(
	    "fcl::collide/fcl::distance, GST_INDEP: intersect GJK, distance GJK (-1 on overlap), "
	    "penetration: contact by GJK + EPA (FCL 0.7 gives its normal in A's frame: rotated here)");
	return text.c_str();
}

const char *version_libccd_solver()
{
	static const std::string text =
	    describe("detail::GJKSolver_libccd direct: shapeIntersect (MPR), shapeDistance (GJK), "
	             "penetration: shapeIntersect with a contact (MPR)");
	return text.c_str();
}

const char *version_indep_solver()
{
	static const std::string text = describe(
	    "detail::GJKSolver_indep direct: shapeIntersect (GJK), shapeDistance (GJK), penetration: "
	    "shapeIntersect with a contact (GJK + EPA; normal rotated into the world here)");
	return text.c_str();
}

} // namespace

extern "C" const bench_convex_peer bench_convex_peer_fcl_libccd = {
    "fcl",
    "fcl.libccd",
    version_libccd,
    fcl_build,
    fcl_destroy,
    collide_intersect<fcl::GST_LIBCCD>,
    collide_distance<fcl::GST_LIBCCD, false>,
    0,
    collide_penetration<fcl::GST_LIBCCD>,
};

extern "C" const bench_convex_peer bench_convex_peer_fcl_libccd_signed = {
    "fcl",
    "fcl.libccd_signed",
    version_libccd_signed,
    fcl_build,
    fcl_destroy,
    nullptr,
    collide_distance<fcl::GST_LIBCCD, true>,
    1,
    signed_penetration,
};

extern "C" const bench_convex_peer bench_convex_peer_fcl_indep = {
    "fcl",
    "fcl.indep",
    version_indep,
    fcl_build,
    fcl_destroy,
    collide_intersect<fcl::GST_INDEP>,
    collide_distance<fcl::GST_INDEP, false>,
    0,
    collide_penetration<fcl::GST_INDEP>,
};

extern "C" const bench_convex_peer bench_convex_peer_fcl_libccd_solver = {
    "fcl",
    "fcl.libccd_solver",
    version_libccd_solver,
    fcl_build,
    fcl_destroy,
    solver_intersect<fcl::detail::GJKSolver_libccdd>,
    solver_distance<fcl::detail::GJKSolver_libccdd>,
    0,
    solver_penetration<fcl::detail::GJKSolver_libccdd>,
};

extern "C" const bench_convex_peer bench_convex_peer_fcl_indep_solver = {
    "fcl",
    "fcl.indep_solver",
    version_indep_solver,
    fcl_build,
    fcl_destroy,
    solver_intersect<fcl::detail::GJKSolver_indepd>,
    solver_distance<fcl::detail::GJKSolver_indepd>,
    0,
    solver_penetration<fcl::detail::GJKSolver_indepd>,
};
