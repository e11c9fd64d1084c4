/* The large-scene backend: CUDA kernels where a device is present, the same computations on all CPU
 * cores where it is not, behind one API.
 *
 * A col_gpu is a compute context on one device: a CUDA GPU, or the CPU's threads. What it computes
 * is the same bits either way: the code each thread runs is written once (gpu/src/element/) and
 * compiled for both, and every exact decision that its filtered arithmetic cannot certify is
 * handed back to the engine's exact routine on the host (counted in col_gpu_stats.handed_back).
 * So col_gpu answers equal the engine's CPU answers, and the two backends equal each other.
 *
 * Memory lives on the context's device: col_gpu_buffer is device memory on a GPU context and host
 * memory on a CPU one; objects built on a context (meshes, particle clouds, broad phases) upload
 * their structures once and are moved by poses, never re-uploaded.
 *
 * Thread safety: a col_gpu context, and every object made on it (buffers, meshes, polygons,
 * particle clouds, broad phases), is for one thread at a time: each call hands its work to the
 * context's one pool of CPU workers (or its CUDA stream) and objects keep work memory between
 * calls, so two calls on one context must not overlap; use a context per thread, or a lock.
 * Distinct contexts share nothing. col_gpu_available, col_gpu_get_info and col_gpu_default_options
 * take no context and may be called from any thread. */
#ifndef COLLIDE_GPU_H
#define COLLIDE_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "collide/common.h"
#include "collide/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a context computes. AUTO takes the GPU when one can be used, else the CPU. */
typedef enum col_device {
	COL_DEVICE_AUTO = 0,
	COL_DEVICE_GPU,
	COL_DEVICE_CPU,
} col_device;

/* "auto", "gpu", "cpu"; NULL for an unknown value. */
const char *col_device_name(col_device device);
bool col_device_from_name(const char *name, col_device *out);

/* What the machine offers. */
typedef struct col_gpu_info {
	bool compiled;  /* this build has the CUDA kernels (nvcc was found) */
	bool available; /* and a CUDA device can be used now */
	char name[128]; /* the device's name, when available */
	int compute_major, compute_minor;
	int multiprocessors;
	size_t memory_total, memory_free;    /* bytes on the device */
	int runtime_version, driver_version; /* CUDA's, as 1000 major + 10 minor */
	int cpu_threads;                     /* the CPU fallback's threads (all cores) */
	char reason[256];                    /* why none is available, when none is */
} col_gpu_info;

/* Fills info; never fails (a machine without CUDA says so in reason). */
void col_gpu_get_info(col_gpu_info *info);
/* col_gpu_get_info(...).available. */
bool col_gpu_available(void);

typedef struct col_gpu col_gpu; /* opaque */

/* The most CPU threads a context runs. */
#define COL_GPU_MAX_CPU_THREADS 1024

typedef struct col_gpu_options {
	col_device device; /* default AUTO */
	int cpu_threads;   /* the CPU backend's threads (and the streamed copies' on a GPU); 0: all cores,
	                      at most COL_GPU_MAX_CPU_THREADS */
} col_gpu_options;

col_gpu_options col_gpu_default_options(void);

/* Makes a context. options may be NULL (AUTO, all cores). Fails with COL_ERROR_UNSUPPORTED when
 * the GPU is asked for and none can be used (the message says why), COL_ERROR_INVALID_ARGUMENT for
 * an unknown device or cpu_threads outside 0 .. COL_GPU_MAX_CPU_THREADS, COL_ERROR_OUT_OF_MEMORY. */
col_status col_gpu_create(const col_gpu_options *options, col_gpu **out, col_error *error);
void col_gpu_destroy(col_gpu *gpu);

/* COL_DEVICE_GPU or COL_DEVICE_CPU: where this context computes. */
col_device col_gpu_device(const col_gpu *gpu);
int col_gpu_cpu_threads(const col_gpu *gpu);
/* Bytes this context holds on its device now: buffers and uploaded structures. */
size_t col_gpu_memory_in_use(const col_gpu *gpu);

/* ---- buffers ---- */

typedef struct col_gpu_buffer col_gpu_buffer; /* opaque: device memory (or host memory on a CPU context) */

/* A buffer of `bytes` bytes (its contents undefined until written). Fails with
 * COL_ERROR_INVALID_ARGUMENT for a NULL context or output, COL_ERROR_OUT_OF_MEMORY. */
col_status col_gpu_buffer_create(col_gpu *gpu, size_t bytes, col_gpu_buffer **out, col_error *error);
void col_gpu_buffer_destroy(col_gpu_buffer *buffer);
size_t col_gpu_buffer_size(const col_gpu_buffer *buffer);
/* Copies between host memory and the buffer; COL_ERROR_INVALID_ARGUMENT for a range beyond its end. */
col_status col_gpu_buffer_upload(col_gpu_buffer *buffer, size_t offset, const void *data, size_t bytes,
                                 col_error *error);
col_status col_gpu_buffer_download(const col_gpu_buffer *buffer, size_t offset, void *data, size_t bytes,
                                   col_error *error);

/* ---- statistics ---- */

/* What a call did. Counters add up over calls; zero the struct to start. */
typedef struct col_gpu_stats {
	uint64_t queries;           /* points, primitives, particles or bodies processed */
	uint64_t hits;              /* answers that were "inside", "meets", pairs found ... */
	uint64_t handed_back;       /* elements whose filtered arithmetic could not certify an answer: decided
	                               on the host by the engine's exact routine */
	uint64_t nodes_visited;     /* tree nodes the queries looked at (CPU backend; 0 on the GPU) */
	uint64_t primitives_tested; /* triangles tested (CPU backend; 0 on the GPU) */
	uint64_t cache_hits;        /* temporal-coherence leaves reused */
	double compute_ms;          /* the computation on its device: the kernels' time by CUDA events on a
	                               GPU, the wall clock on the CPU */
	double transfer_ms;         /* copies between host and device the call made (GPU, host-array forms) */
	double wall_ms;             /* the whole call as the caller waits for it, hand-backs included */
} col_gpu_stats;

#ifdef __cplusplus
}
#endif

#endif
