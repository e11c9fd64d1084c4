/* io.h's thread-safety claim under ThreadSanitizer: col_mesh_load may run in several threads at once
 * (the readers share no state; each load has its own buffer and sets the C locale for its own
 * thread). When loads went through assimp, whose C import keeps process-wide state, TSan reported a
 * race here at once. Four threads load a good file and a bad one, again and again, and each answer
 * must equal the single-threaded one (the same triangle count, the same error message).
 *
 * Usage: test_io_threads DIRECTORY (where it writes its two files). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "collide/io.h"
#include "collide/mesh.h"

enum { THREADS = 4, LOADS = 3 };

static char good_path[4096], bad_path[4096];

typedef struct outcome {
	int triangles;       /* of the good file */
	char message[256];   /* of the bad one */
	int mismatches;      /* loads whose answer differed from the first */
} outcome;

static void load_both(outcome *o)
{
	col_mesh *mesh = NULL;
	col_error error;
	o->triangles = col_mesh_load(good_path, &mesh, &error) == COL_OK ? col_mesh_triangle_count(mesh) : -1;
	col_mesh_destroy(mesh);
	mesh = NULL;
	if (col_mesh_load(bad_path, &mesh, &error) == COL_OK) {
		snprintf(o->message, sizeof o->message, "loaded a malformed file");
		col_mesh_destroy(mesh);
	} else {
		snprintf(o->message, sizeof o->message, "%s", error.message);
	}
}

static void *run_worker(void *argument)
{
	outcome *first = argument;
	load_both(first);
	for (int i = 1; i < LOADS; i++) {
		outcome again;
		load_both(&again);
		if (again.triangles != first->triangles || strcmp(again.message, first->message) != 0)
			first->mismatches++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_io_threads DIRECTORY\n");
		return 2;
	}
	snprintf(good_path, sizeof good_path, "%s/io_threads_good.obj", argv[1]);
	snprintf(bad_path, sizeof bad_path, "%s/io_threads_bad.obj", argv[1]);

	col_mesh *ball = NULL;
	col_error error;
	if (col_mesh_create_icosphere(1, 1.0, &ball, &error) != COL_OK ||
	    col_mesh_save(ball, good_path, &error) != COL_OK) {
		fprintf(stderr, "writing %s failed: %s\n", good_path, error.message);
		col_mesh_destroy(ball);
		return 1;
	}
	col_mesh_destroy(ball);
	/* A face naming a vertex the file does not have: refused, with the line in the message. */
	FILE *bad = fopen(bad_path, "w");
	if (bad == NULL || fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", bad) < 0 || fclose(bad) != 0) {
		fprintf(stderr, "writing %s failed\n", bad_path);
		return 1;
	}

	outcome reference;
	load_both(&reference);
	if (reference.triangles != 80) {
		fprintf(stderr, "the good file loads as %d triangles, not the icosphere's 80\n", reference.triangles);
		return 1;
	}
	if (strstr(reference.message, "line 4") == NULL) {
		fprintf(stderr, "the bad file's refusal does not name its line 4: \"%s\"\n", reference.message);
		return 1;
	}

	pthread_t threads[THREADS];
	outcome outcomes[THREADS] = {{0}};
	for (int t = 0; t < THREADS; t++) {
		if (pthread_create(&threads[t], NULL, run_worker, &outcomes[t]) != 0) {
			fprintf(stderr, "cannot start thread %d\n", t);
			return 1;
		}
	}
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);

	int failures = 0;
	for (int t = 0; t < THREADS; t++) {
		if (outcomes[t].triangles != reference.triangles || strcmp(outcomes[t].message, reference.message) != 0 ||
		    outcomes[t].mismatches != 0) {
			fprintf(stderr, "thread %d: %d triangles, \"%s\", %d loads differing; alone: %d triangles, \"%s\"\n", t,
			        outcomes[t].triangles, outcomes[t].message, outcomes[t].mismatches, reference.triangles,
			        reference.message);
			failures++;
		}
	}
	if (failures == 0)
		printf("%d threads loading at once: every answer equals the single-threaded one (%s)\n", THREADS,
		       reference.message);
	return failures == 0 ? 0 : 1;
}
