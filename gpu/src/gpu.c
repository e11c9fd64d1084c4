/* The compute context: picks the device, owns the CPU workers, and moves memory. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu_internal.h"

/* The host structs must be the element structs, bit for bit, where the C side passes them through. */
_Static_assert(sizeof(hd_vec3) == sizeof(col_vec3), "hd_vec3 is col_vec3");
_Static_assert(sizeof(hd_box) == sizeof(col_aabb3), "hd_box is col_aabb3");

void gpu_add_stats(col_gpu_stats *sum, const col_gpu_stats *part)
{
	if (sum == NULL)
		return;
	sum->queries += part->queries;
	sum->hits += part->hits;
	sum->handed_back += part->handed_back;
	sum->nodes_visited += part->nodes_visited;
	sum->primitives_tested += part->primitives_tested;
	sum->cache_hits += part->cache_hits;
	sum->compute_ms += part->compute_ms;
	sum->transfer_ms += part->transfer_ms;
	sum->wall_ms += part->wall_ms;
}

col_status gpu_finish_call(const col_gpu *gpu, col_gpu_stats *call, size_t queries, double start_ms,
                           col_gpu_stats *stats, col_error *error)
{
	call->queries = queries;
	call->wall_ms = gpu_now_ms() - start_ms;
	if (gpu->device == COL_DEVICE_CPU)
		call->compute_ms = call->wall_ms;
	gpu_add_stats(stats, call);
	col_error_clear(error);
	return COL_OK;
}

col_status gpu_check_buffer(const col_gpu *gpu, const col_gpu_buffer *buffer, size_t count, size_t element,
                            const char *owner, const char *what, col_error *error)
{
	if (buffer == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "%s: the %s buffer is NULL", owner, what);
	if (buffer->gpu != gpu)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "%s: the %s buffer is of another context",
		                owner, what);
	if (buffer->bytes / element < count)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "%s: the %s buffer holds %zu elements, not %zu", owner, what,
		                buffer->bytes / element, count);
	return COL_OK;
}

double gpu_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

const char *col_device_name(col_device device)
{
	switch (device) {
	case COL_DEVICE_AUTO: return "auto";
	case COL_DEVICE_GPU: return "gpu";
	case COL_DEVICE_CPU: return "cpu";
	default: return NULL;
	}
}

bool col_device_from_name(const char *name, col_device *out)
{
	for (int d = COL_DEVICE_AUTO; d <= COL_DEVICE_CPU; d++)
		if (name != NULL && strcmp(name, col_device_name((col_device)d)) == 0) {
			if (out != NULL)
				*out = (col_device)d;
			return true;
		}
	return false;
}

void col_gpu_get_info(col_gpu_info *info)
{
	if (info == NULL)
		return;
	memset(info, 0, sizeof *info);
	info->cpu_threads = thread_pool_cores();
	info->compiled = cuda_compiled();
	if (!info->compiled) {
		snprintf(info->reason, sizeof info->reason, "built without CUDA (nvcc was not found)");
		return;
	}
	cuda_get_info(info);
}

bool col_gpu_available(void)
{
	col_gpu_info info;
	col_gpu_get_info(&info);
	return info.available;
}

col_gpu_options col_gpu_default_options(void)
{
	col_gpu_options options = {COL_DEVICE_AUTO, 0};
	return options;
}

col_status col_gpu_create(const col_gpu_options *options, col_gpu **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu: the output pointer is NULL");
	*out = NULL;
	col_gpu_options o = options != NULL ? *options : col_gpu_default_options();
	if (col_device_name(o.device) == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu: unknown device %d", (int)o.device);
	if (o.cpu_threads < 0 || o.cpu_threads > COL_GPU_MAX_CPU_THREADS)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu: cpu_threads must be 0 .. %d (got %d)", COL_GPU_MAX_CPU_THREADS,
		                o.cpu_threads);
	col_gpu_info info;
	col_gpu_get_info(&info);
	if (o.device == COL_DEVICE_GPU && !info.available)
		return col_fail(error, COL_ERROR_UNSUPPORTED, "gpu: no CUDA device can be used: %s",
		                info.reason);
	col_gpu *gpu = calloc(1, sizeof *gpu);
	if (gpu == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu: out of memory");
	gpu->device = o.device == COL_DEVICE_CPU || !info.available ? COL_DEVICE_CPU : COL_DEVICE_GPU;
	int threads = o.cpu_threads > 0 ? o.cpu_threads : info.cpu_threads;
	if (threads > COL_GPU_MAX_CPU_THREADS)
		threads =
		    COL_GPU_MAX_CPU_THREADS; /* a machine of more cores: the per-worker sums hold this many */
	gpu->pool = thread_pool_create(threads);
	if (gpu->pool == NULL) {
		free(gpu);
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu: cannot start %d worker threads",
		                threads);
	}
	if (gpu->device == COL_DEVICE_GPU) {
		col_status status = cuda_context_create(gpu, error);
		if (status != COL_OK) {
			thread_pool_destroy(gpu->pool);
			free(gpu);
			return status;
		}
	}
	col_error_clear(error);
	*out = gpu;
	return COL_OK;
}

void col_gpu_destroy(col_gpu *gpu)
{
	if (gpu == NULL)
		return;
	if (gpu->device == COL_DEVICE_GPU)
		cuda_context_destroy(gpu);
	thread_pool_destroy(gpu->pool);
	free(gpu);
}

col_device col_gpu_device(const col_gpu *gpu)
{
	return gpu == NULL ? COL_DEVICE_CPU : gpu->device;
}

int col_gpu_cpu_threads(const col_gpu *gpu)
{
	return gpu == NULL ? 1 : thread_pool_threads(gpu->pool);
}

size_t col_gpu_memory_in_use(const col_gpu *gpu)
{
	return gpu == NULL ? 0 : gpu->memory_in_use;
}

/* ---- memory ---- */

col_status gpu_alloc(col_gpu *gpu, size_t bytes, void **out, col_error *error)
{
	*out = NULL;
	if (bytes == 0)
		return COL_OK;
	col_status status = COL_OK;
	if (gpu->device == COL_DEVICE_GPU) {
		status = cuda_malloc(gpu, bytes, out, error);
	} else {
		*out = malloc(bytes);
		if (*out == NULL)
			status = col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu: out of memory for %zu bytes",
			                  bytes);
	}
	if (status == COL_OK)
		gpu->memory_in_use += bytes;
	return status;
}

void gpu_release(col_gpu *gpu, void *data, size_t bytes)
{
	if (data == NULL)
		return;
	if (gpu->device == COL_DEVICE_GPU)
		cuda_free(gpu, data);
	else
		free(data);
	gpu->memory_in_use -= bytes;
}

col_status gpu_to_device(col_gpu *gpu, void *device, const void *host, size_t bytes, col_error *error)
{
	if (bytes == 0)
		return COL_OK;
	if (gpu->device == COL_DEVICE_GPU)
		return cuda_to_device(gpu, device, host, bytes, error);
	memcpy(device, host, bytes);
	return COL_OK;
}

col_status gpu_to_host(col_gpu *gpu, void *host, const void *device, size_t bytes, col_error *error)
{
	if (bytes == 0)
		return COL_OK;
	if (gpu->device == COL_DEVICE_GPU)
		return cuda_to_host(gpu, host, device, bytes, error);
	memcpy(host, device, bytes);
	return COL_OK;
}

col_status gpu_adopt(col_gpu *gpu, void **host_array, size_t bytes, void **out, col_error *error)
{
	*out = NULL;
	if (bytes == 0) {
		free(*host_array);
		*host_array = NULL;
		return COL_OK;
	}
	if (gpu->device == COL_DEVICE_CPU) {
		*out = *host_array;
		*host_array = NULL;
		gpu->memory_in_use += bytes;
		return COL_OK;
	}
	col_status status = gpu_alloc(gpu, bytes, out, error);
	if (status == COL_OK)
		status = gpu_to_device(gpu, *out, *host_array, bytes, error);
	if (status != COL_OK) {
		gpu_release(gpu, *out, bytes);
		*out = NULL;
	}
	free(*host_array);
	*host_array = NULL;
	return status;
}

/* ---- buffers ---- */

col_status col_gpu_buffer_create(col_gpu *gpu, size_t bytes, col_gpu_buffer **out, col_error *error)
{
	if (out == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu buffer: the output pointer is NULL");
	*out = NULL;
	if (gpu == NULL)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu buffer: the context is NULL");
	col_gpu_buffer *buffer = calloc(1, sizeof *buffer);
	if (buffer == NULL)
		return col_fail(error, COL_ERROR_OUT_OF_MEMORY, "gpu buffer: out of memory");
	col_status status = gpu_alloc(gpu, bytes, &buffer->data, error);
	if (status != COL_OK) {
		free(buffer);
		return status;
	}
	buffer->gpu = gpu;
	buffer->bytes = bytes;
	col_error_clear(error);
	*out = buffer;
	return COL_OK;
}

void col_gpu_buffer_destroy(col_gpu_buffer *buffer)
{
	if (buffer == NULL)
		return;
	gpu_release(buffer->gpu, buffer->data, buffer->bytes);
	free(buffer);
}

size_t col_gpu_buffer_size(const col_gpu_buffer *buffer)
{
	return buffer == NULL ? 0 : buffer->bytes;
}

static col_status check_range(const col_gpu_buffer *buffer, size_t offset, const void *data, size_t bytes,
                              col_error *error)
{
	if (buffer == NULL || (data == NULL && bytes > 0))
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT, "gpu buffer: NULL buffer or data");
	if (offset > buffer->bytes || bytes > buffer->bytes - offset)
		return col_fail(error, COL_ERROR_INVALID_ARGUMENT,
		                "gpu buffer: bytes %zu .. %zu are beyond its %zu bytes", offset,
		                offset + bytes, buffer->bytes);
	return COL_OK;
}

col_status col_gpu_buffer_upload(col_gpu_buffer *buffer, size_t offset, const void *data, size_t bytes,
                                 col_error *error)
{
	col_status status = check_range(buffer, offset, data, bytes, error);
	if (status == COL_OK)
		status = gpu_to_device(buffer->gpu, (char *)buffer->data + offset, data, bytes, error);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}

col_status col_gpu_buffer_download(const col_gpu_buffer *buffer, size_t offset, void *data, size_t bytes,
                                   col_error *error)
{
	col_status status = check_range(buffer, offset, data, bytes, error);
	if (status == COL_OK)
		status = gpu_to_host(buffer->gpu, data, (const char *)buffer->data + offset, bytes, error);
	if (status == COL_OK)
		col_error_clear(error);
	return status;
}
