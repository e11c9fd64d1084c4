/* Private: growable vertex arrays and the command list of one frame. */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

static const size_t strides[COL_ARRAY_COUNT] = {
    sizeof(col_fill_vertex), sizeof(col_line_vertex), sizeof(col_point_vertex),
    sizeof(col_mesh_vertex), sizeof(col_text_vertex), sizeof(col_cloud_vertex),
};

void col_batch_init(col_batch *batch)
{
	memset(batch, 0, sizeof *batch);
	for (int i = 0; i < COL_ARRAY_COUNT; i++)
		batch->arrays[i].stride = strides[i];
	col_batch_clear(batch);
}

void col_batch_free(col_batch *batch)
{
	for (int i = 0; i < COL_ARRAY_COUNT; i++)
		free(batch->arrays[i].data);
	free(batch->commands);
	memset(batch, 0, sizeof *batch);
}

void col_batch_clear(col_batch *batch)
{
	for (int i = 0; i < COL_ARRAY_COUNT; i++)
		batch->arrays[i].count = 0;
	batch->command_count = 0;
	batch->bounds2d = col_aabb2_empty();
	batch->bounds3d = col_aabb3_empty();
	batch->out_of_memory = false;
}

/* Grows by doubling; the arrays are reused frame after frame, so this settles quickly. */
static bool reserve(void **data, size_t *capacity, size_t needed, size_t stride)
{
	if (needed <= *capacity)
		return true;
	size_t capacity_new = *capacity ? *capacity : 256;
	while (capacity_new < needed)
		capacity_new *= 2;
	void *grown = realloc(*data, capacity_new * stride);
	if (grown == NULL)
		return false;
	*data = grown;
	*capacity = capacity_new;
	return true;
}

static col_command *new_command(col_batch *batch, col_pass pass, col_space space, int first)
{
	if (!reserve((void **)&batch->commands, &batch->command_capacity, batch->command_count + 1,
	             sizeof(col_command)))
		return NULL;
	col_command *command = &batch->commands[batch->command_count++];
	*command = (col_command){pass, space, first, 0, 0};
	return command;
}

static void *grow_array(col_batch *batch, int array, int count)
{
	col_vertex_array *a = &batch->arrays[array];
	if (!reserve((void **)&a->data, &a->capacity, a->count + (size_t)count, a->stride)) {
		batch->out_of_memory = true;
		return NULL;
	}
	void *out = a->data + a->count * a->stride;
	a->count += (size_t)count;
	return out;
}

void *col_batch_push(col_batch *batch, col_pass pass, col_space space, int count)
{
	if (count <= 0 || pass == COL_PASS_STENCIL)
		return NULL;
	int array = col_pass_array(pass);
	int first = (int)batch->arrays[array].count;
	col_command *last = batch->command_count ? &batch->commands[batch->command_count - 1] : NULL;
	bool extend =
	    last && last->pass == pass && last->space == space && last->first + last->count == first;
	if (!extend) {
		last = new_command(batch, pass, space, first);
		if (last == NULL) {
			batch->out_of_memory = true;
			return NULL;
		}
	}
	void *out = grow_array(batch, array, count);
	if (out == NULL) {
		if (!extend)
			batch->command_count--;
		return NULL;
	}
	last->count += count;
	return out;
}

bool col_batch_push_stencil(col_batch *batch, col_space space, int fan_count, col_fill_vertex **fan,
                            col_fill_vertex **cover)
{
	int first = (int)batch->arrays[COL_PASS_FILL].count;
	col_command *command = new_command(batch, COL_PASS_STENCIL, space, first);
	if (command == NULL) {
		batch->out_of_memory = true;
		return false;
	}
	col_fill_vertex *v = grow_array(batch, COL_PASS_FILL, fan_count + 6);
	if (v == NULL) {
		batch->command_count--;
		return false;
	}
	command->count = fan_count;
	command->cover_first = first + fan_count;
	*fan = v;
	*cover = v + fan_count;
	return true;
}
