/* The GPU context: device choice, memory, copies, and the scratch every call shares. */
#include <stdio.h>
#include <string.h>

#include "cuda_common.cuh"

extern "C" bool cuda_compiled(void)
{
	return true;
}

extern "C" void cuda_get_info(col_gpu_info *info)
{
	int count = 0;
	cudaError_t status = cudaGetDeviceCount(&count);
	cudaRuntimeGetVersion(&info->runtime_version);
	cudaDriverGetVersion(&info->driver_version);
	if (status != cudaSuccess || count == 0) {
		snprintf(info->reason, sizeof info->reason, "no CUDA device: %.200s",
		         status != cudaSuccess ? cudaGetErrorString(status) : "the driver reports none");
		cudaGetLastError(); /* clear it */
		return;
	}
	cudaDeviceProp properties;
	status = cudaGetDeviceProperties(&properties, 0);
	if (status != cudaSuccess) {
		snprintf(info->reason, sizeof info->reason, "device 0: %s", cudaGetErrorString(status));
		cudaGetLastError();
		return;
	}
	snprintf(info->name, sizeof info->name, "%.127s", properties.name);
	info->compute_major = properties.major;
	info->compute_minor = properties.minor;
	info->multiprocessors = properties.multiProcessorCount;
	info->memory_total = properties.totalGlobalMem;
	size_t free_bytes = 0, total_bytes = 0;
	if (cudaSetDevice(0) == cudaSuccess && cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
		info->memory_free = free_bytes;
	cudaGetLastError();
	if (properties.major < 6) {
		snprintf(info->reason, sizeof info->reason,
		         "device 0 (%.100s) has compute capability %d.%d; the kernels need 6.0 or later "
		         "(double atomics)",
		         properties.name, properties.major, properties.minor);
		return;
	}
	info->available = true;
}

extern "C" col_status cuda_context_create(col_gpu *gpu, col_error *error)
{
	cuda_state *s = (cuda_state *)calloc(1, sizeof *s);
	if (s == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu: out of memory");
	col_status status = cuda_check(cudaSetDevice(0), "choosing device 0", error);
	cudaDeviceProp properties;
	if (status == COL_OK)
		status = cuda_check(cudaGetDeviceProperties(&properties, 0), "reading the device", error);
	if (status == COL_OK)
		s->multiprocessors = properties.multiProcessorCount;
	if (status == COL_OK)
		status = cuda_check(cudaStreamCreateWithFlags(&s->stream, cudaStreamNonBlocking),
		                    "making a stream", error);
	if (status == COL_OK)
		status = cuda_check(cudaStreamCreateWithFlags(&s->copy_stream, cudaStreamNonBlocking),
		                    "making a stream", error);
	if (status == COL_OK)
		status = cuda_check(cudaEventCreate(&s->start), "making an event", error);
	if (status == COL_OK)
		status = cuda_check(cudaEventCreate(&s->stop), "making an event", error);
	if (status == COL_OK)
		status =
		    cuda_check(cudaMalloc((void **)&s->counters, CUDA_COUNTERS * sizeof(unsigned long long)),
		               "allocating counters", error);
	if (status == COL_OK)
		status =
		    cuda_check(cudaMalloc((void **)&s->handback, CUDA_HANDBACK_CAPACITY * sizeof(uint32_t)),
		               "allocating the hand-back list", error);
	gpu->cuda = s;
	if (status != COL_OK) {
		cuda_context_destroy(gpu);
		return status;
	}
	gpu->memory_in_use +=
	    CUDA_COUNTERS * sizeof(unsigned long long) + CUDA_HANDBACK_CAPACITY * sizeof(uint32_t);
	return COL_OK;
}

extern "C" void cuda_context_destroy(col_gpu *gpu)
{
	cuda_state *s = cuda_of(gpu);
	if (s == NULL)
		return;
	if (s->stream)
		cudaStreamSynchronize(s->stream);
	cudaFree(s->scratch);
	cudaFree(s->counters);
	cudaFree(s->handback);
	if (s->pinned)
		cudaFreeHost(s->pinned);
	if (s->start)
		cudaEventDestroy(s->start);
	if (s->stop)
		cudaEventDestroy(s->stop);
	if (s->stream)
		cudaStreamDestroy(s->stream);
	if (s->copy_stream)
		cudaStreamDestroy(s->copy_stream);
	cudaGetLastError();
	free(s);
	gpu->cuda = NULL;
}

extern "C" col_status cuda_malloc(col_gpu *gpu, size_t bytes, void **out, col_error *error)
{
	(void)gpu;
	return cuda_check(cudaMalloc(out, bytes), "allocating device memory", error);
}

extern "C" void cuda_free(col_gpu *gpu, void *data)
{
	cudaStreamSynchronize(cuda_of(gpu)->stream);
	cudaFree(data);
}

/* One copy on the context's stream, waited for. */
static col_status copy_and_wait(cuda_state *s, void *to, const void *from, size_t bytes, cudaMemcpyKind kind,
                                const char *what, col_error *error)
{
	col_status status = cuda_check(cudaMemcpyAsync(to, from, bytes, kind, s->stream), what, error);
	return status == COL_OK ? cuda_check(cudaStreamSynchronize(s->stream), what, error) : status;
}

extern "C" col_status cuda_to_device(col_gpu *gpu, void *device, const void *host, size_t bytes,
                                     col_error *error)
{
	return copy_and_wait(cuda_of(gpu), device, host, bytes, cudaMemcpyHostToDevice,
	                     "copying to the device", error);
}

extern "C" col_status cuda_to_host(col_gpu *gpu, void *host, const void *device, size_t bytes,
                                   col_error *error)
{
	return copy_and_wait(cuda_of(gpu), host, device, bytes, cudaMemcpyDeviceToHost, "copying to the host",
	                     error);
}

col_status cuda_scratch(col_gpu *gpu, size_t bytes, void **out, col_error *error)
{
	cuda_state *s = cuda_of(gpu);
	if (bytes > s->scratch_bytes) {
		cudaStreamSynchronize(s->stream);
		cudaFree(s->scratch);
		gpu->memory_in_use -= s->scratch_bytes;
		s->scratch = NULL;
		s->scratch_bytes = 0;
		size_t size = bytes + bytes / 4;
		col_status status =
		    cuda_check(cudaMalloc(&s->scratch, size), "allocating scratch memory", error);
		if (status != COL_OK)
			return status;
		s->scratch_bytes = size;
		gpu->memory_in_use += size;
	}
	*out = s->scratch;
	return COL_OK;
}

col_status cuda_zero_counters(cuda_state *s, col_error *error)
{
	return cuda_check(
	    cudaMemsetAsync(s->counters, 0, CUDA_COUNTERS * sizeof(unsigned long long), s->stream),
	    "zeroing counters", error);
}

col_status cuda_begin_timed(cuda_state *s, col_error *error)
{
	col_status status = cuda_zero_counters(s, error);
	if (status == COL_OK)
		cudaEventRecord(s->start, s->stream);
	return status;
}

col_status cuda_read_counters(cuda_state *s, unsigned long long *out, int n, col_error *error)
{
	col_status status = cuda_check(
	    cudaMemcpyAsync(out, s->counters, (size_t)n * sizeof *out, cudaMemcpyDeviceToHost, s->stream),
	    "reading counters", error);
	return status == COL_OK ? cuda_check(cudaStreamSynchronize(s->stream), "reading counters", error)
	                        : status;
}

double cuda_elapsed_ms(cuda_state *s)
{
	float ms = 0.0f;
	cudaEventSynchronize(s->stop);
	cudaEventElapsedTime(&ms, s->start, s->stop);
	return ms;
}

col_status cuda_finish_counted(cuda_state *s, const char *what, unsigned long long *counters, int n,
                               int handback_at, bool pairs, gpu_handback *handback, double *ms,
                               col_error *error)
{
	cudaEventRecord(s->stop, s->stream);
	col_status status = cuda_finish(s, what, error);
	memset(counters, 0, (size_t)n * sizeof *counters);
	if (status == COL_OK)
		status = cuda_read_counters(s, counters, n, error);
	if (handback != NULL) {
		handback->indices = s->handback;
		handback->capacity = pairs ? CUDA_HANDBACK_CAPACITY / 2 : CUDA_HANDBACK_CAPACITY;
		handback->count = counters[handback_at];
	}
	*ms = status == COL_OK ? cuda_elapsed_ms(s) : 0.0;
	return status;
}

/* ---- scatter and gather: few elements, staged through one small buffer ---- */

__global__ void scatter_kernel(char *base, size_t element_size, const uint32_t *indices, const char *values,
                               size_t count)
{
	size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (k >= count)
		return;
	for (size_t b = 0; b < element_size; b++)
		base[(size_t)indices[k] * element_size + b] = values[k * element_size + b];
}

__global__ void gather_kernel(const char *base, size_t element_size, const uint32_t *indices, char *values,
                              size_t count)
{
	size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	if (k >= count)
		return;
	for (size_t b = 0; b < element_size; b++)
		values[k * element_size + b] = base[(size_t)indices[k] * element_size + b];
}

static col_status stage(col_gpu *gpu, const uint32_t *indices, size_t element_size, size_t count,
                        uint32_t **d_indices, char **d_values, col_error *error)
{
	size_t index_bytes = (count * sizeof(uint32_t) + 255) / 256 * 256;
	void *scratch;
	col_status status = cuda_scratch(gpu, index_bytes + count * element_size, &scratch, error);
	if (status != COL_OK)
		return status;
	*d_indices = (uint32_t *)scratch;
	*d_values = (char *)scratch + index_bytes;
	cuda_state *s = cuda_of(gpu);
	return cuda_check(
	    cudaMemcpyAsync(*d_indices, indices, count * sizeof(uint32_t), cudaMemcpyHostToDevice, s->stream),
	    "copying indices", error);
}

extern "C" col_status cuda_scatter(col_gpu *gpu, void *base, size_t element_size, const uint32_t *indices,
                                   const void *host_values, size_t count, col_error *error)
{
	if (count == 0)
		return COL_OK;
	cuda_state *s = cuda_of(gpu);
	uint32_t *d_indices;
	char *d_values;
	col_status status = stage(gpu, indices, element_size, count, &d_indices, &d_values, error);
	if (status == COL_OK)
		status = cuda_check(cudaMemcpyAsync(d_values, host_values, count * element_size,
		                                    cudaMemcpyHostToDevice, s->stream),
		                    "copying values", error);
	if (status != COL_OK)
		return status;
	scatter_kernel<<<cuda_blocks(count, 256), 256, 0, s->stream>>>((char *)base, element_size, d_indices,
	                                                               d_values, count);
	return cuda_finish(s, "scattering values", error);
}

extern "C" col_status cuda_gather(col_gpu *gpu, const void *base, size_t element_size,
                                  const uint32_t *indices, void *host_values, size_t count, col_error *error)
{
	if (count == 0)
		return COL_OK;
	cuda_state *s = cuda_of(gpu);
	uint32_t *d_indices;
	char *d_values;
	col_status status = stage(gpu, indices, element_size, count, &d_indices, &d_values, error);
	if (status != COL_OK)
		return status;
	gather_kernel<<<cuda_blocks(count, 256), 256, 0, s->stream>>>((const char *)base, element_size,
	                                                              d_indices, d_values, count);
	status = cuda_finish(s, "gathering values", error);
	if (status == COL_OK)
		status = cuda_check(
		    cudaMemcpy(host_values, d_values, count * element_size, cudaMemcpyDeviceToHost),
		    "copying values", error);
	return status;
}
