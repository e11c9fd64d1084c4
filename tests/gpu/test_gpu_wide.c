/* The eight-wide tree (gpu_wide.c) the GPU's warp walks use: built from the CPU backend's LBVH, it
 * must hold every primitive once, bound its subtrees, and, walked as a warp walks it (four nodes a
 * pass, the children pushed in lane order), reach every leaf the binary walk reaches, with a stack
 * within the kernels' bound. The walk is emulated here, pass for pass, since this machine has no GPU. */
#include "support.h"

#include <string.h>

#include "collide/gpu.h"
#include "gpu_internal.h"

enum { STACK_LIMIT = 32 * (GPU_WIDE_MAX_DEPTH + 1) };

/* The warp walk of cuda_mesh.cu, one pass at a time: marks the primitives reached, returns the most
 * entries the stack held. */
static int emulate_warp_walk(const hd_wide_node *nodes, const hd_lbvh_probe *probe, uint8_t *reached)
{
	int32_t stack[4 * STACK_LIMIT];
	int top = 1, most = 1;
	stack[0] = 0;
	while (top > 0) {
		int take = top < 4 ? top : 4;
		int32_t popped[4];
		for (int g = 0; g < take; g++)
			popped[g] = stack[top - 1 - g];
		top -= take;
		for (int lane = 0; lane < 32; lane++) {
			int group = lane >> 3, k = lane & 7;
			if (group >= take)
				continue;
			int32_t child = nodes[popped[group]].child[k];
			if (child == HD_WIDE_EMPTY ||
			    !hd_probe_meets(probe, hd_wide_box(&nodes[popped[group]], k)))
				continue;
			if (child >= 0)
				stack[top++] = child;
			else
				reached[-1 - child] = 1;
		}
		most = top > most ? top : most;
	}
	return most;
}

static hd_vec3 random_point(rng *r, double lo, double hi)
{
	return hd_v3(rng_in(r, lo, hi), rng_in(r, lo, hi), rng_in(r, lo, hi));
}

static void check_boxes(const char *what, hd_box *boxes, size_t n, uint64_t seed)
{
	col_gpu_options o = col_gpu_default_options();
	o.device = COL_DEVICE_CPU;
	col_gpu *gpu;
	col_error error;
	assert_int_equal(col_gpu_create(&o, &gpu, &error), COL_OK);
	gpu_lbvh lbvh;
	memset(&lbvh, 0, sizeof lbvh);
	double ms;
	assert_int_equal(gpu_lbvh_build(gpu, boxes, n, &lbvh, &ms, &error), COL_OK);
	hd_wide_node *wide;
	size_t count;
	int depth;
	assert_int_equal(gpu_wide_build(&lbvh.tree, &wide, &count, &depth, &error), COL_OK);
	/* every primitive in exactly one slot, and every slot's box holds its subtree's boxes */
	uint8_t *seen = calloc(n, 1);
	for (size_t w = 0; w < count; w++)
		for (int k = 0; k < HD_WIDE; k++) {
			int32_t c = wide[w].child[k];
			if (c == HD_WIDE_EMPTY)
				continue;
			hd_box slot = hd_wide_box(&wide[w], k);
			if (c < 0) {
				assert_true(seen[-1 - c]++ == 0);
				assert_true(hd_box_overlaps(slot, boxes[-1 - c]) &&
				            hd_box_contains(slot, boxes[-1 - c].min) &&
				            hd_box_contains(slot, boxes[-1 - c].max));
			} else {
				assert_true((size_t)c < count && (size_t)c > w);
				for (int j = 0; j < HD_WIDE; j++)
					if (wide[c].child[j] != HD_WIDE_EMPTY) {
						hd_box inner = hd_wide_box(&wide[c], j);
						assert_true(hd_box_contains(slot, inner.min) &&
						            hd_box_contains(slot, inner.max));
					}
			}
		}
	for (size_t i = 0; i < n; i++)
		assert_int_equal(seen[i], 1);
	/* walks: what the binary walk reaches, the wide walk reaches too */
	rng r = rng_make(rng_env_seed(seed));
	uint8_t *reached = malloc(n);
	int most = 0;
	for (int q = 0; q < 2000; q++) {
		hd_vec3 a = random_point(&r, -1.2, 1.2), b = random_point(&r, -1.2, 1.2);
		hd_lbvh_probe probe;
		if (q % 2) {
			probe = hd_probe_segment(a, b);
		} else {
			hd_box box;
			box.min = hd_v3(fmin(a.x, b.x), fmin(a.y, b.y), fmin(a.z, b.z));
			box.max = hd_add(box.min, hd_v3(0.1, 0.1, 0.1));
			probe = hd_probe_box(box);
		}
		memset(reached, 0, n);
		int m = emulate_warp_walk(wide, &probe, reached);
		most = m > most ? m : most;
		hd_lbvh_walk walk;
		hd_walk_start(&walk, &lbvh.tree);
		uint64_t visited = 0;
		int32_t t;
		while ((t = hd_walk_next(&walk, &lbvh.tree, &probe, &visited)) >= 0)
			if (!reached[t])
				fail_msg("%s: the wide walk misses primitive %d (probe %d, seed %llu)", what,
				         t, q, (unsigned long long)r.seed);
	}
	print_message("%s: %zu primitives, %zu wide nodes, depth %d, at most %d stack entries\n", what, n,
	              count, depth, most);
	assert_true(depth > GPU_WIDE_MAX_DEPTH || most <= STACK_LIMIT);
	free(reached);
	free(seen);
	free(wide);
	gpu_lbvh_release(gpu, &lbvh);
	col_gpu_destroy(gpu);
}

/* The triangles of a bumpy sphere: the meshes' case. */
static void test_mesh_triangles(void **state)
{
	(void)state;
	col_mesh *mesh;
	col_error error;
	assert_int_equal(col_mesh_create_bumpy_sphere(4, &mesh, &error), COL_OK);
	size_t n = (size_t)col_mesh_triangle_count(mesh);
	hd_box *boxes = malloc(n * sizeof *boxes);
	for (size_t i = 0; i < n; i++) {
		col_triangle t = col_mesh_triangle(mesh, (int)i);
		boxes[i] = hd_box_of_triangle(hd_v3(t.a.x, t.a.y, t.a.z), hd_v3(t.b.x, t.b.y, t.b.z),
		                              hd_v3(t.c.x, t.c.y, t.c.z));
	}
	check_boxes("bumpy sphere", boxes, n, 11);
	free(boxes);
	col_mesh_destroy(mesh);
}

/* Degenerate trees: every box the same (the keys tie: the index splits them), boxes on a plane, one
 * box, two boxes. */
static void test_degenerate_sets(void **state)
{
	(void)state;
	size_t sizes[] = {1, 2, 3, 4096};
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		size_t n = sizes[s];
		hd_box *boxes = malloc(n * sizeof *boxes);
		for (size_t i = 0; i < n; i++) {
			boxes[i].min = hd_v3(-0.5, -0.5, -0.5);
			boxes[i].max = hd_v3(0.5, 0.5, 0.5);
		}
		check_boxes("identical boxes", boxes, n, 12);
		rng r = rng_make(13);
		for (size_t i = 0; i < n; i++) {
			boxes[i].min = hd_v3(rng_in(&r, -1, 1), rng_in(&r, -1, 1), 0.0);
			boxes[i].max = hd_add(boxes[i].min, hd_v3(0.05, 0.05, 0.0));
		}
		check_boxes("flat boxes", boxes, n, 14);
		free(boxes);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mesh_triangles),
	    cmocka_unit_test(test_degenerate_sets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
