// Embree 3 as a point-in-polyhedron peer (bench/peers/mesh_peers.h):
//
//   embree.ray_parity   one ray per point, from the point in a fixed direction ((1, 2, 3) / sqrt 14,
//                       parallel to no face of the benchmark's meshes), through Embree's BVH of the
//                       triangles; the point is inside when the ray crosses the surface an odd number
//                       of times.
//
// Every hit is collected in one traversal: rtcIntersect1 with an intersection-context filter that
// counts the hit and rejects it, so the traversal goes on to the next (the usual way to gather all
// hits along a ray in Embree 3). A triangle the BVH references in two leaves (spatial splits) is
// counted once (same primitive ID). A ray through an edge or a vertex may be reported by every
// triangle there (Embree's watertight test in float leaves no gap, but may overlap): hits at the
// same distance (within 10^-6 of it, relatively) whose triangles face the same way along the ray
// count once (the ray crosses the surface there once), while two that face opposite ways (the ray
// grazes a ridge or a valley: in and out at once) both count.
//
// Embree works in float: the mesh and the points are rounded to float, and the intersection tests
// are float arithmetic. So its answers can differ from the exact ones, at points close to the
// surface and for rays that pass close to an edge; the benchmark counts these disagreements.
//
// Setup, chosen to give Embree its best queries: the scene is RTC_SCENE_FLAG_ROBUST (watertight:
// no ray slips between two triangles of an edge) with RTC_BUILD_QUALITY_HIGH (spatial splits).
// The device runs with threads=1, so that its build is measured as a single-threaded build like
// every other method's (CPU time) and no idle worker threads run during the queries. Memory is
// Embree's own account of its allocations (rtcSetDeviceMemoryMonitorFunction): the buffers and the
// BVH of the scene.
#include "mesh_peers.h"

#include <embree3/rtcore.h>

#include <atomic>
#include <cmath>
#include <limits>
#include <string>

namespace
{

std::atomic<long long> embree_bytes(0); // what the device holds now, by its memory monitor

bool monitor(void *, ssize_t bytes, bool)
{
	embree_bytes += (long long)bytes;
	return true;
}

RTCDevice device()
{
	static RTCDevice d = [] {
		RTCDevice created = rtcNewDevice("threads=1,verbose=0");
		if (created != nullptr)
			rtcSetDeviceMemoryMonitorFunction(created, monitor, nullptr);
		return created;
	}();
	return d;
}

struct parity_index {
	RTCScene scene;
	long long bytes;
};

// The ray direction: (1, 2, 3) / sqrt(14).
const float direction[3] = {0.2672612419f, 0.5345224838f, 0.8017837257f};

// One ray's hits, behind the context Embree passes to the filter (the context comes first).
const int max_hits = 64;
struct hit_context {
	RTCIntersectContext context;
	int hits;  // distinct crossings counted
	int kept;  // entries in t and prim (at most max_hits; later hits are counted without one)
	float t[max_hits];
	unsigned prim[max_hits];
	bool facing[max_hits]; // whether the triangle's normal points along the ray
};

void count_hit(const RTCFilterFunctionNArguments *args)
{
	hit_context *c = reinterpret_cast<hit_context *>(args->context);
	if (args->valid[0] == 0)
		return;
	float t = RTCRayN_tfar(args->ray, args->N, 0);
	unsigned prim = RTCHitN_primID(args->hit, args->N, 0);
	bool facing = RTCHitN_Ng_x(args->hit, args->N, 0) * direction[0] +
	                  RTCHitN_Ng_y(args->hit, args->N, 0) * direction[1] +
	                  RTCHitN_Ng_z(args->hit, args->N, 0) * direction[2] >
	              0.0f;
	bool seen = false;
	for (int k = 0; k < c->kept && !seen; k++) {
		float larger = t > c->t[k] ? t : c->t[k];
		seen = c->prim[k] == prim || (c->facing[k] == facing && std::fabs(t - c->t[k]) <= 1e-6f * larger);
	}
	if (!seen) {
		if (c->kept < max_hits) {
			c->t[c->kept] = t;
			c->prim[c->kept] = prim;
			c->facing[c->kept] = facing;
			c->kept++;
		}
		c->hits++;
	}
	args->valid[0] = 0; // reject: the traversal goes on to the next hit
}

bench_mesh_index *parity_build(const double *xyz, int vertex_count, const int32_t *triangles, int triangle_count)
{
	RTCDevice d = device();
	if (d == nullptr)
		return nullptr;
	long long before = embree_bytes.load();
	RTCScene scene = rtcNewScene(d);
	rtcSetSceneFlags(scene, RTC_SCENE_FLAG_ROBUST | RTC_SCENE_FLAG_CONTEXT_FILTER_FUNCTION);
	rtcSetSceneBuildQuality(scene, RTC_BUILD_QUALITY_HIGH);
	RTCGeometry geometry = rtcNewGeometry(d, RTC_GEOMETRY_TYPE_TRIANGLE);
	rtcSetGeometryBuildQuality(geometry, RTC_BUILD_QUALITY_HIGH);
	float *v = static_cast<float *>(rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
	                                                        3 * sizeof(float), (size_t)vertex_count));
	unsigned *f = static_cast<unsigned *>(rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
	                                                              3 * sizeof(unsigned), (size_t)triangle_count));
	if (v == nullptr || f == nullptr) {
		rtcReleaseGeometry(geometry);
		rtcReleaseScene(scene);
		return nullptr;
	}
	for (size_t i = 0; i < 3 * (size_t)vertex_count; i++)
		v[i] = (float)xyz[i];
	for (size_t i = 0; i < 3 * (size_t)triangle_count; i++)
		f[i] = (unsigned)triangles[i];
	rtcCommitGeometry(geometry);
	rtcAttachGeometry(scene, geometry);
	rtcReleaseGeometry(geometry);
	rtcCommitScene(scene);
	if (rtcGetDeviceError(d) != RTC_ERROR_NONE) {
		rtcReleaseScene(scene);
		return nullptr;
	}
	parity_index *index = new (std::nothrow) parity_index;
	if (index == nullptr) {
		rtcReleaseScene(scene);
		return nullptr;
	}
	index->scene = scene;
	index->bytes = embree_bytes.load() - before;
	return reinterpret_cast<bench_mesh_index *>(index);
}

void parity_destroy(bench_mesh_index *peer)
{
	parity_index *index = reinterpret_cast<parity_index *>(peer);
	rtcReleaseScene(index->scene);
	delete index;
}

size_t parity_contains(const bench_mesh_index *peer, const double *xyz, size_t count, unsigned char *inside)
{
	const parity_index *index = reinterpret_cast<const parity_index *>(peer);
	size_t total = 0;
	hit_context c;
	rtcInitIntersectContext(&c.context);
	c.context.filter = count_hit;
	for (size_t i = 0; i < count; i++) {
		RTCRayHit rh;
		rh.ray.org_x = (float)xyz[3 * i];
		rh.ray.org_y = (float)xyz[3 * i + 1];
		rh.ray.org_z = (float)xyz[3 * i + 2];
		rh.ray.tnear = 0.0f;
		rh.ray.dir_x = direction[0];
		rh.ray.dir_y = direction[1];
		rh.ray.dir_z = direction[2];
		rh.ray.time = 0.0f;
		rh.ray.tfar = std::numeric_limits<float>::infinity();
		rh.ray.mask = 0xFFFFFFFFu;
		rh.ray.id = 0;
		rh.ray.flags = 0;
		rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
		rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
		c.hits = 0;
		c.kept = 0;
		rtcIntersect1(index->scene, &c.context, &rh);
		bool in = (c.hits & 1) != 0;
		inside[i] = in ? 1 : 0;
		total += in ? 1 : 0;
	}
	return total;
}

long long parity_memory(const bench_mesh_index *peer)
{
	return reinterpret_cast<const parity_index *>(peer)->bytes;
}

// Also makes the device, once per process, so that no build is timed with it.
const char *parity_version()
{
	device();
	static const std::string text = std::string("Embree ") + RTC_VERSION_STRING + ", g++ " + __VERSION__ +
	                                "; float, robust, HIGH-quality BVH, 1 thread, all hits by a context filter, "
	                                "equal-distance hits facing alike merged";
	return text.c_str();
}

} // namespace

extern "C" const bench_mesh_peer bench_mesh_peer_embree_parity = {
    "embree", "embree.ray_parity", parity_version, 0, parity_build, parity_destroy, parity_contains, parity_memory,
};
