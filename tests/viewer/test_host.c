/* The host program `collide` run headless on small scripts: pictures checked pixel by pixel, and
 * bad scripts (errors in load, update, draw, from the collide module, syntax errors, endless
 * loops, unbounded memory) must end in a message and a non-zero status, never a crash or a hang.
 * Also SIGINT and SIGTERM, no display, reload on change (--watch), script arguments, and modules
 * required from the script's own directory. Skipped (77) when no headless GL context can be made.
 * Every run is bounded (timeout, or alarm in the signal test): a hang fails, never blocks.
 * Usage: test_host COLLIDE_BINARY SOURCE_DIR WORK_DIR */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stb_image.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "viewer.h"
#include "viewer_test.h"

static const char *collide, *source_dir, *work_dir;

typedef struct run_result {
	int status; /* exit status, or 128 + signal */
	char out[8192], err[8192];
} run_result;

static void read_text(const char *path, char *buffer, size_t size)
{
	buffer[0] = '\0';
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return;
	size_t n = fread(buffer, 1, size - 1, f);
	buffer[n] = '\0';
	fclose(f);
}

/* A run that takes longer than this hangs: it is killed (status 137) and fails its checks. */
#define RUN_LIMIT_SECONDS 120

/* Runs `PREFIX collide SCRIPT ARGS` (prefix: env or ulimit settings, may be "") with stdout and
 * stderr captured, in the directory dir (NULL: the test's own), killed after RUN_LIMIT_SECONDS. */
static void run_with(run_result *r, const char *prefix, const char *dir, const char *script,
                     const char *args)
{
	char command[4096], out_path[1024], err_path[1024];
	snprintf(out_path, sizeof out_path, "%s/host_stdout.txt", work_dir);
	snprintf(err_path, sizeof err_path, "%s/host_stderr.txt", work_dir);
	snprintf(command, sizeof command, "%s%s%s%s timeout -s KILL %d '%s' '%s' %s > '%s' 2> '%s'",
	         dir ? "cd '" : "", dir ? dir : "", dir ? "' && " : "", prefix, RUN_LIMIT_SECONDS,
	         collide, script, args, out_path, err_path);
	int status = system(command);
	if (status == -1)
		r->status = -1;
	else if (WIFEXITED(status))
		r->status = WEXITSTATUS(status);
	else
		r->status = 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	read_text(out_path, r->out, sizeof r->out);
	read_text(err_path, r->err, sizeof r->err);
}

static void run_in(run_result *r, const char *dir, const char *script, const char *args)
{
	run_with(r, "", dir, script, args);
}

static void run(run_result *r, const char *script, const char *args)
{
	run_in(r, NULL, script, args);
}

static void source(char *out, size_t size, const char *name)
{
	snprintf(out, size, "%s/%s", source_dir, name);
}
static void work(char *out, size_t size, const char *name)
{
	snprintf(out, size, "%s/%s", work_dir, name);
}

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	CHECK(in && out, "copy %s to %s", from, to);
	if (in && out) {
		char buffer[4096];
		size_t n;
		while ((n = fread(buffer, 1, sizeof buffer, in)) > 0)
			fwrite(buffer, 1, n, out);
	}
	if (in)
		fclose(in);
	if (out)
		fclose(out);
}

static unsigned char *load_png(const char *path, int *width, int *height)
{
	int channels = 0;
	return stbi_load(path, width, height, &channels, 4);
}

static void test_scene2d(void)
{
	char script[1024], png[1024], args[2048];
	source(script, sizeof script, "scene2d.lua");
	work(png, sizeof png, "scene2d.png");
	snprintf(args, sizeof args, "--headless --frames 2 --size 320x240 --screenshot '%s'", png);
	run_result r;
	run(&r, script, args);
	CHECK(r.status == 0, "scene2d: exit %d, stderr: %s", r.status, r.err);
	int w = 0, h = 0;
	unsigned char *pixels = load_png(png, &w, &h);
	CHECK(pixels && w == 320 && h == 240, "scene2d: PNG %s is %dx%d", png, w, h);
	if (pixels == NULL)
		return;
	/* world (x, y) -> pixel (160 + 15 x, 120 - 15 y) */
	rgba p = pixel_at(pixels, w, 160 + 15 * 4, 120 + 15 * 3);
	CHECK(near(p, 255, 0, 0, 2), "scene2d: inside the polygon: expected red, got %d %d %d", p.r, p.g,
	      p.b);
	p = pixel_at(pixels, w, 160, 120);
	CHECK(near(p, BG_R, BG_G, BG_B, 2), "scene2d: in the hole: expected background, got %d %d %d", p.r,
	      p.g, p.b);
	p = pixel_at(pixels, w, 160 - 15 * 9, 120 + 15 * 7);
	CHECK(near(p, BG_R, BG_G, BG_B, 2), "scene2d: outside: expected background, got %d %d %d", p.r, p.g,
	      p.b);
	p = pixel_at(pixels, w, (int)(160 + 15 * 8.5), 120 + 15 * 5);
	CHECK(near(p, 0, 0, 255, 2), "scene2d: disc: expected blue, got %d %d %d", p.r, p.g, p.b);
	p = pixel_at(pixels, w, 160 + 15 * 4, 120);
	CHECK(near(p, 255, 128, 128, 4), "scene2d: translucent overlay: expected 255 128 128, got %d %d %d",
	      p.r, p.g, p.b);
	stbi_image_free(pixels);
}

static void test_scene3d(void)
{
	char script[1024], png[1024], args[2048];
	source(script, sizeof script, "scene3d.lua");
	work(png, sizeof png, "scene3d.png");
	snprintf(args, sizeof args, "--headless --frames 1 --size 320x240 --screenshot '%s'", png);
	run_result r;
	run(&r, script, args);
	CHECK(r.status == 0, "scene3d: exit %d, stderr: %s", r.status, r.err);
	int w = 0, h = 0;
	unsigned char *pixels = load_png(png, &w, &h);
	CHECK(pixels && w == 320 && h == 240, "scene3d: PNG %s is %dx%d", png, w, h);
	if (pixels == NULL)
		return;
	rgba c = pixel_at(pixels, w, 160, 120);
	CHECK(c.r > 150 && c.r > c.b + 80, "scene3d: sphere centre: expected lit orange, got %d %d %d", c.r,
	      c.g, c.b);
	int corners[4][2] = {{w - 3, 2}, {2, h - 3}, {w - 3, h - 3}, {w / 2, h - 3}};
	for (int i = 0; i < 4; i++) {
		rgba p = pixel_at(pixels, w, corners[i][0], corners[i][1]);
		CHECK(near(p, BG_R, BG_G, BG_B, 2), "scene3d: corner %d: expected background, got %d %d %d",
		      i, p.r, p.g, p.b);
	}
	stbi_image_free(pixels);
}

/* A bad script run as `PREFIX collide SCRIPT --headless ... EXTRA`: status 1 (not a crash), the
 * message on stderr, and a picture with the red error panel at the bottom. */
static void check_bad_script(const char *prefix, const char *name, const char *extra, const char *where,
                             const char *message)
{
	char script[1024], png[1024], args[2048];
	source(script, sizeof script, name);
	work(png, sizeof png, "error.png");
	remove(png);
	snprintf(args, sizeof args, "--headless --frames 5 --size 320x240 --screenshot '%s' %s", png, extra);
	run_result r;
	run_with(&r, prefix, NULL, script, args);
	CHECK(r.status == 1, "%s: expected exit status 1, got %d; stderr: %s", name, r.status, r.err);
	CHECK(strstr(r.err, where) != NULL, "%s: stderr should say '%s': %s", name, where, r.err);
	CHECK(strstr(r.err, message) != NULL, "%s: stderr should say '%s': %s", name, message, r.err);
	int w = 0, h = 0;
	unsigned char *pixels = load_png(png, &w, &h);
	CHECK(pixels != NULL, "%s: the screenshot is written even after an error", name);
	if (pixels == NULL)
		return;
	int red = 0;
	for (int y = h / 2; y < h; y++) {
		rgba p = pixel_at(pixels, w, 12, y); /* the panel's red bar */
		red += p.r > 180 && p.g < 120;
	}
	CHECK(red > 10, "%s: the picture shows the error panel (%d red pixels)", name, red);
	stbi_image_free(pixels);
}

static void test_bad_script(const char *name, const char *where, const char *message)
{
	check_bad_script("", name, "", where, message);
}

/* Endless loops in the main chunk, update and draw, and one that catches the watchdog's error
 * and loops on: the budget stops each, as a script error (status 1, the message, the panel). */
static void test_watchdog(void)
{
	check_bad_script("", "loop_main.lua", "--budget 0.2", "error in the main chunk",
	                 "the main chunk exceeded its time budget of 0.8 s (--budget)");
	check_bad_script("", "loop_update.lua", "--budget 0.2", "error in update()",
	                 "update() exceeded its time budget of 0.2 s (--budget)");
	check_bad_script("", "loop_draw.lua", "--budget 0.2", "error in draw()",
	                 "draw() exceeded its time budget of 0.2 s (--budget)");
	char script[1024];
	source(script, sizeof script, "loop_caught.lua");
	run_result r;
	run(&r, script, "--headless --frames 5 --size 64x64 --budget 0.2");
	CHECK(r.status == 1 && strstr(r.err, "still running"),
	      "loop_caught: expected exit 1 and 'still running', got %d; stderr: %s", r.status, r.err);
	run(&r, script, "--headless --budget -1");
	CHECK(r.status == 2, "usage: a negative --budget exits 2, got %d", r.status);
}

static double now_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void on_alarm(int number)
{
	(void)number;
}

/* Starts `collide SCRIPT --headless ... --budget 0` (only the signal can stop its loop), waits
 * until it prints "looping" (so the signal meets the loop, not the start-up), sends signal
 * and returns the exit status (128 + signal when it died of one; -1 when it had to be killed). */
static int status_after_signal(const char *name, int signal_number)
{
	char script[1024];
	source(script, sizeof script, name);
	int out[2];
	if (pipe(out) != 0)
		return -2;
	pid_t child = fork();
	if (child == 0) {
		dup2(out[1], STDOUT_FILENO);
		close(out[0]);
		close(out[1]);
		execl(collide, collide, script, "--headless", "--frames", "100000", "--size", "64x64",
		      "--budget", "0", (char *)NULL);
		_exit(127);
	}
	close(out[1]);
	/* alarm interrupts a read that never returns (a host that never prints): a handler that does
	 * nothing, installed without SA_RESTART, makes the read fail with EINTR */
	struct sigaction wake = {0};
	wake.sa_handler = on_alarm;
	sigemptyset(&wake.sa_mask);
	sigaction(SIGALRM, &wake, NULL);
	char seen[256] = "";
	size_t length = 0;
	double start = now_seconds();
	while (strstr(seen, "looping") == NULL && now_seconds() - start < RUN_LIMIT_SECONDS) {
		alarm(RUN_LIMIT_SECONDS);
		ssize_t n = read(out[0], seen + length, sizeof seen - 1 - length);
		alarm(0);
		if (n <= 0)
			break;
		length += (size_t)n;
		seen[length] = '\0';
		if (length + 1 >= sizeof seen) { /* keep the tail only */
			memmove(seen, seen + length / 2, length - length / 2 + 1);
			length -= length / 2;
		}
	}
	kill(child, signal_number);
	int status = 0;
	pid_t done = 0;
	start = now_seconds();
	while ((done = waitpid(child, &status, WNOHANG)) == 0 && now_seconds() - start < 30.0)
		nanosleep(&(struct timespec){0, 10000000}, NULL);
	close(out[0]);
	if (done != child) {
		kill(child, SIGKILL);
		waitpid(child, &status, 0);
		return -1;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status) + 1000; /* killed by it: not the clean exit wanted */
	return WEXITSTATUS(status);
}

/* SIGINT and SIGTERM end a host whose script is in an endless loop, cleanly: 130 and 143. */
static void test_signals(void)
{
	int status = status_after_signal("loop_update.lua", SIGINT);
	CHECK(status == 130, "SIGINT in an endless update: expected exit 130, got %d", status);
	status = status_after_signal("loop_update.lua", SIGTERM);
	CHECK(status == 143, "SIGTERM in an endless update: expected exit 143, got %d", status);
	status = status_after_signal("loop_caught.lua", SIGTERM);
	CHECK(status == 143, "SIGTERM in a loop that catches errors: expected exit 143, got %d", status);
	status = status_after_signal("loop_finalizer.lua", SIGTERM);
	CHECK(status == 143, "SIGTERM in a finalizer that never returns: expected exit 143, got %d", status);
}

/* Odd but legal: g called outside draw, callbacks returning values of any type. */
static void test_misuse_survived(void)
{
	char script[1024];
	source(script, sizeof script, "survive_misuse.lua");
	run_result r;
	run(&r, script, "--headless --frames 5 --size 64x64");
	CHECK(r.status == 0 && strstr(r.out, "misuse survived"), "survive_misuse: exit %d, stdout: %s stderr: %s",
	      r.status, r.out, r.err);
	CHECK(strstr(r.err, "Lua warning: warnings reach stderr\n") && !strstr(r.err, "not shown"),
	      "survive_misuse: warn() as under stock lua, stderr: %s", r.err);
	/* style and option tables whose __index would close what is being drawn: read raw */
	source(script, sizeof script, "proxy_options.lua");
	run(&r, script, "--headless --frames 2 --size 64x64");
	CHECK(r.status == 0 && strstr(r.out, "proxies ignored"), "proxy_options: exit %d, stdout: %s stderr: %s",
	      r.status, r.out, r.err);
}

/* Without a display server (DISPLAY and WAYLAND_DISPLAY unset, or DISPLAY naming none) a window
 * cannot be shown: exit 3 with a hint, not an invisible window rendering for ever. */
static void test_no_display(void)
{
	char script[1024];
	source(script, sizeof script, "scene2d.lua");
	const char *prefixes[2] = {"env -u DISPLAY -u WAYLAND_DISPLAY", "env -u WAYLAND_DISPLAY DISPLAY=:99"};
	for (int i = 0; i < 2; i++) {
		run_result r;
		run_with(&r, prefixes[i], NULL, script, "--frames 5");
		CHECK(r.status == 3 && strstr(r.err, "--headless"),
		      "%s: expected exit 3 and the --headless hint, got %d; stderr: %s", prefixes[i], r.status,
		      r.err);
	}
}

/* A script that allocates without bound runs out of the memory the host grants it, and the
 * host shows that error; under `ulimit -v` too, where before the renderer crashed once Lua had
 * taken the address space (not under AddressSanitizer, whose shadow memory needs far more
 * address space than any such limit). */
static void test_memory(void)
{
	check_bad_script("", "grow_memory.lua", "--frames 400 --memory 64", "error in update()",
	                 "not enough memory");
#ifndef COLLIDE_SANITIZE
	check_bad_script("ulimit -v 1500000 &&", "grow_memory.lua", "--frames 400", "error in update()",
	                 "not enough memory");
#endif
}

static void test_reload(void)
{
	char original[1024], script[1024], args[256];
	source(original, sizeof original, "reload.lua");
	work(script, sizeof script, "reload_copy.lua");
	copy_file(original, script); /* work on a copy: the script rewrites itself */
	snprintf(args, sizeof args, "--headless --watch --frames 8 --size 64x64");
	run_result r;
	run(&r, script, args);
	CHECK(r.status == 0, "reload: exit %d, stderr: %s", r.status, r.err);
	CHECK(strstr(r.out, "first version") != NULL, "reload: first version ran: %s", r.out);
	CHECK(strstr(r.out, "reloaded") != NULL, "reload: the rewritten script was loaded: %s", r.out);
}

/* `require "beside"` finds beside.lua next to the script: run by its full path from the test's
 * directory (where the default "./?.lua" cannot find it), and by its bare name from its own
 * directory. Then a copy in a directory of its own, with --watch, rewrites its module and touches
 * itself: the reload must require the new module, not keep the old one. */
static void test_require_beside(void)
{
	char script[1024], module[1024], dir[1024], copy[1024], module_copy[1024], args[256];
	source(script, sizeof script, "require_beside.lua");
	run_result r;
	run(&r, script, "--headless --frames 2 --size 64x64");
	CHECK(r.status == 0 && strstr(r.out, "beside: first"),
	      "require by path: exit %d, stdout: %s stderr: %s", r.status, r.out, r.err);
	run_in(&r, source_dir, "require_beside.lua", "--headless --frames 2 --size 64x64");
	CHECK(r.status == 0 && strstr(r.out, "beside: first"),
	      "require by bare name: exit %d, stdout: %s stderr: %s", r.status, r.out, r.err);

	work(dir, sizeof dir, "require_beside");
	mkdir(dir, 0777); /* may exist from an earlier run: the copies below overwrite it */
	work(copy, sizeof copy, "require_beside/require_beside.lua");
	copy_file(script, copy);
	source(module, sizeof module, "beside.lua");
	work(module_copy, sizeof module_copy, "require_beside/beside.lua");
	copy_file(module, module_copy);
	snprintf(args, sizeof args, "--headless --watch --frames 8 --size 64x64 rewrite");
	run(&r, copy, args);
	const char *first = strstr(r.out, "beside: first");
	CHECK(r.status == 0 && first && strstr(first, "beside: second"),
	      "require after reload: expected the first module, then the rewritten one; exit %d, "
	      "stdout: %s stderr: %s",
	      r.status, r.out, r.err);
}

static void test_arguments_and_usage(void)
{
	char script[1024];
	source(script, sizeof script, "args.lua");
	run_result r;
	run(&r, script, "--headless --frames 1 --size 64x64 mesh.ply");
	CHECK(r.status == 0 && strstr(r.out, "arg1=mesh.ply dots=mesh.ply n=1"), "args: exit %d, stdout: %s",
	      r.status, r.out);
	/* more arguments than Lua's stack has room for on entry: the host makes room for them */
	char many[1200] = "--headless --frames 1 --size 64x64 mesh.ply";
	for (int i = 2; i <= 300; i++)
		strcat(many, " a");
	run(&r, script, many);
	CHECK(r.status == 0 && strstr(r.out, "arg1=mesh.ply dots=mesh.ply n=300"),
	      "300 args: exit %d, stdout: %s", r.status, r.out);
	/* thousands of holes through g.polygon and collide.polygon */
	char holes[1024];
	source(holes, sizeof holes, "many_holes.lua");
	run(&r, holes, "--headless --frames 2 --size 64x64");
	CHECK(r.status == 0 && strstr(r.out, "holes drawn 2500"),
	      "many holes: exit %d, stdout: %s, stderr: %s", r.status, r.out, r.err);
	run(&r, script, "--frames");
	CHECK(r.status == 2, "usage: --frames without a count exits 2, got %d", r.status);
	run(&r, script, "--headless --size 0x0");
	CHECK(r.status == 2, "usage: a bad --size exits 2, got %d", r.status);
	run(&r, "/nonexistent/script.lua", "--headless --frames 1 --size 64x64");
	CHECK(r.status == 1 && strstr(r.err, "cannot open"), "missing script: exit %d, stderr: %s", r.status,
	      r.err);
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: test_host COLLIDE SOURCE_DIR WORK_DIR\n");
		return 2;
	}
	collide = argv[1];
	source_dir = argv[2];
	work_dir = argv[3];
	/* Probe once: without a headless GL context nothing here can be tested. */
	col_view_options options = col_view_default_options();
	options.headless = true;
	options.width = 16;
	options.height = 16;
	col_view *view = NULL;
	col_error error = {0};
	if (col_view_create(&options, &view, &error) != COL_OK) {
		printf("skipped: %s\n", error.message);
		return TEST_SKIP;
	}
	col_view_destroy(view);

	test_scene2d();
	test_scene3d();
	test_bad_script("error_load.lua", "error in load()", "boom in load");
	test_bad_script("error_update.lua", "error in update()", "attempt to index");
	test_bad_script("error_draw.lua", "error in draw()", "error object is a table");
	test_bad_script("error_collide.lua", "error in load()", "polygon");
	test_bad_script("error_g.lua", "error in draw()", "bad argument #1");
	test_bad_script("error_g_length.lua", "error in draw()", "g.polygon: needs at least 3 points, got 0");
	test_bad_script("error_g_flat.lua", "error in draw()",
	                "g.polygon: coordinate 5 is not a finite number");
	test_bad_script("error_g_args.lua", "error in draw()",
	                "g.circle: bad argument #3 (radius must be >= 0, got -1)");
	test_bad_script("syntax_error.lua", "error in loading", "syntax_error.lua:3");
	test_bad_script("error_mousemoved.lua", "error in mousemoved()", "boom in mousemoved");
	test_bad_script("error_handler.lua", "error in update()", "__tostring fails too");
	test_bad_script("error_require.lua", "error in the main chunk", "module 'no_such_module' not found");
	test_bad_script("error_globals.lua", "error in mousemoved()", "no global named mousemoved");
	test_misuse_survived();
	test_watchdog();
	test_signals();
	test_no_display();
	test_memory();
	test_reload();
	test_require_beside();
	test_arguments_and_usage();
	if (test_failures)
		fprintf(stderr, "%d check(s) failed\n", test_failures);
	return test_failures ? 1 : 0;
}
