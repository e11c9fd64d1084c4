/* Formats other than OBJ, STL, PLY and OFF: assimp reads them in a child process
 * (collide-assimp-import, engine/io/assimp/), never in the caller's. assimp 5.2 crashes, aborts and
 * loops forever on some malformed files; in a child that ends the child only. The child gets a
 * wall-clock limit (COLLIDE_ASSIMP_SECONDS, default 60 s, then SIGKILL) and sets itself a 4 GiB
 * address-space limit; its output is checked like a file's (counts against the cap, indices in
 * range, coordinates finite and in range). Built only where assimp is found
 * (COLLIDE_ASSIMP_HELPER is the helper's path; the environment variable of that name overrides
 * it); elsewhere, and for input from memory, these formats are refused. */
/* pipe2 is a GNU/BSD extension; posix_spawn, poll, kill and waitpid are POSIX. */
#define _GNU_SOURCE
#include "mesh_reader.h"

#include <errno.h>
#include <string.h>

#ifdef COLLIDE_ASSIMP_HELPER
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

enum { DEFAULT_SECONDS = 60 };

static double now_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct child {
	pid_t pid;
	int fd;
	double deadline;
	bool timed_out;
} child;

/* Reads exactly n bytes from the child before the deadline: 1, 0 at its end, -1 when time ran out
 * or reading failed. */
static int child_read(child *c, void *destination, size_t n)
{
	unsigned char *out = destination;
	while (n > 0) {
		double left = c->deadline - now_seconds();
		if (left <= 0) {
			c->timed_out = true;
			return -1;
		}
		struct pollfd p = {c->fd, POLLIN, 0};
		int ready = poll(&p, 1, left > 1e6 ? 1000000000 : (int)(left * 1000) + 1);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready < 0)
			return -1;
		if (ready == 0)
			continue; /* the deadline check above ends it */
		ssize_t got = read(c->fd, out, n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got == 0)
			return 0;
		out += got;
		n -= (size_t)got;
	}
	return 1;
}

/* Stops the child (when still running) and says how it ended: 0 for a clean exit, or when it
 * cannot be waited for. */
static int child_finish(child *c, bool kill_it, int *status)
{
	close(c->fd);
	if (kill_it)
		kill(c->pid, SIGKILL);
	while (waitpid(c->pid, status, 0) < 0) {
		if (errno != EINTR)
			return 0; /* not ours to wait for (SIGCHLD ignored): the answer read decides */
	}
	return WIFEXITED(*status) && WEXITSTATUS(*status) == 0 ? 0 : 1;
}

static double time_limit(void)
{
	const char *text = getenv("COLLIDE_ASSIMP_SECONDS");
	double seconds = text != NULL ? strtod(text, NULL) : 0;
	return seconds > 0 ? seconds : DEFAULT_SECONDS;
}

/* The child's answer, read into the builder. */
static col_status read_answer(mesh_input *in, child *c, mesh_builder *b)
{
	char magic[4];
	int got = child_read(c, magic, sizeof magic);
	if (got != 1)
		return COL_ERROR_IO; /* how the child ended says why */
	if (memcmp(magic, "CAIE", 4) == 0) {
		uint32_t length;
		char reason[160];
		if (child_read(c, &length, sizeof length) != 1)
			return COL_ERROR_IO;
		size_t keep = length < sizeof reason - 1 ? length : sizeof reason - 1;
		if (child_read(c, reason, keep) != 1)
			return COL_ERROR_IO;
		reason[keep] = '\0';
		return mesh_fail(in, COL_ERROR_FORMAT,
		                 "not OBJ, STL, PLY or OFF, and assimp cannot read it either: %s", reason);
	}
	uint64_t counts[2];
	if (memcmp(magic, "CAI1", 4) != 0 || child_read(c, counts, sizeof counts) != 1 ||
	    counts[0] > MESH_MAX_ELEMENTS || counts[1] > MESH_MAX_ELEMENTS)
		return mesh_fail(in, COL_ERROR_FORMAT, "assimp's importer gave a malformed answer");
	col_status status = mesh_builder_reserve(in, b, counts[0]);
	for (uint64_t i = 0; i < counts[0] && status == COL_OK; ++i) {
		double v[3];
		if (child_read(c, v, sizeof v) != 1)
			return COL_ERROR_IO;
		status = mesh_add_vertex(in, (mesh_where){true, MESH_NOWHERE}, b, v[0], v[1], v[2]);
	}
	for (uint64_t i = 0; i < counts[1] && status == COL_OK; ++i) {
		int32_t t[3];
		if (child_read(c, t, sizeof t) != 1)
			return COL_ERROR_IO;
		for (int k = 0; k < 3; ++k)
			if (t[k] < 0 || (uint64_t)t[k] >= counts[0])
				return mesh_fail(in, COL_ERROR_FORMAT,
				                 "assimp's importer gave triangle %llu a vertex out of range",
				                 (unsigned long long)i + 1);
		status = mesh_add_triangle(in, (mesh_where){true, MESH_NOWHERE}, b, (size_t)t[0], (size_t)t[1],
		                           (size_t)t[2]);
	}
	return status;
}

col_status mesh_read_assimp(mesh_input *in, mesh_builder *b)
{
	if (in->file == NULL)
		return mesh_fail(in, COL_ERROR_FORMAT,
		                 "not a mesh file collide reads (OBJ, STL, PLY or OFF; other formats go "
		                 "through assimp, from files only)");
	const char *helper = getenv("COLLIDE_ASSIMP_HELPER");
	if (helper == NULL || helper[0] == '\0')
		helper = COLLIDE_ASSIMP_HELPER;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) != 0)
		return mesh_fail(in, COL_ERROR_IO, "cannot make a pipe for assimp: %s", strerror(errno));
	posix_spawn_file_actions_t actions;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
	posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
	char *argv[] = {(char *)helper, (char *)in->name, NULL};
	/* The caller's environment without LD_PRELOAD: a sanitizer runtime preloaded into the caller
	 * (the Lua tests of the ASan build) cannot map its shadow under the child's memory limit. */
	size_t count = 0;
	while (environ[count] != NULL)
		count++;
	char **environment = malloc((count + 1) * sizeof *environment);
	if (environment == NULL) {
		posix_spawn_file_actions_destroy(&actions);
		close(fds[0]);
		close(fds[1]);
		return mesh_fail(in, COL_ERROR_OUT_OF_MEMORY, "out of memory");
	}
	size_t kept = 0;
	for (size_t i = 0; i < count; ++i)
		if (strncmp(environ[i], "LD_PRELOAD=", 11) != 0)
			environment[kept++] = environ[i];
	environment[kept] = NULL;
	child c = {.fd = fds[0], .deadline = now_seconds() + time_limit()};
	int spawned = posix_spawn(&c.pid, helper, &actions, NULL, argv, environment);
	free(environment);
	posix_spawn_file_actions_destroy(&actions);
	close(fds[1]);
	if (spawned != 0) {
		close(fds[0]);
		return mesh_fail(in, COL_ERROR_IO, "cannot run assimp's importer %s: %s", helper,
		                 strerror(spawned));
	}
	col_status status = read_answer(in, &c, b);
	int wait_status = 0;
	int ended = child_finish(&c, status != COL_OK || c.timed_out, &wait_status);
	if (c.timed_out)
		return mesh_fail(in, COL_ERROR_FORMAT,
		                 "assimp's importer took longer than %g s and was stopped", time_limit());
	if (status == COL_ERROR_IO || (status == COL_OK && ended != 0)) {
		if (WIFSIGNALED(wait_status))
			return mesh_fail(in, COL_ERROR_FORMAT,
			                 "assimp's importer crashed reading it (signal %d: %s)",
			                 WTERMSIG(wait_status), strsignal(WTERMSIG(wait_status)));
		return mesh_fail(in, COL_ERROR_FORMAT, "assimp's importer failed (exit status %d)",
		                 WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1);
	}
	return status;
}

#else

col_status mesh_read_assimp(mesh_input *in, mesh_builder *b)
{
	(void)b;
	return mesh_fail(in, COL_ERROR_FORMAT,
	                 "not a mesh file collide reads (OBJ, STL, PLY or OFF; this build has no "
	                 "assimp for other formats)");
}

#endif
