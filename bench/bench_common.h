/* What the benchmark programs share: CPU and wall clocks, the best-of-runs timing loop, the machine
 * line of every report, memory that exits on failure, and the pieces of their tables and CSV files.
 * Header-only: each bench_*.c is one program. Define BENCH_PROGRAM, the program's name (its
 * messages start with it), before including this. */
#ifndef COLLIDE_BENCH_COMMON_H
#define COLLIDE_BENCH_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collide/math.h"

#ifndef BENCH_PROGRAM
#error "define BENCH_PROGRAM (the program's name, for its messages) before including bench_common.h"
#endif

#ifndef COLLIDE_BENCH_BUILD_TYPE
#define COLLIDE_BENCH_BUILD_TYPE "unknown"
#endif

/* A measurement repeats until it has run this long (or BENCH_MAX_RUNS times) and keeps the best run. */
#define BENCH_MIN_SECONDS 0.25
#define BENCH_MAX_RUNS    20

/* malloc that never returns NULL: a benchmark out of memory stops with a message. */
static inline void *bench_checked_malloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (p == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory (%zu bytes)\n", size);
		exit(1);
	}
	return p;
}

/* The array with room for element `count`: its capacity doubles (from `first`) when count has
 * reached it. */
static inline void *bench_reserve(void *array, int count, int *capacity, size_t element_size, int first)
{
	if (count < *capacity)
		return array;
	int grown_capacity = *capacity ? 2 * *capacity : first;
	void *grown = realloc(array, (size_t)grown_capacity * element_size);
	if (grown == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": out of memory\n");
		exit(1);
	}
	*capacity = grown_capacity;
	return grown;
}

/* CPU time of this (single-threaded) process: what another program running on the machine at the
 * same time takes is not counted, unlike wall-clock time. */
static inline double bench_cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double bench_now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Runs run(context) until the runs have used BENCH_MIN_SECONDS of CPU time (at least once, at most
 * BENCH_MAX_RUNS times) and returns the best run in CPU seconds; what the last run left in the
 * context stays there. */
static inline double bench_best_seconds(void (*run)(void *context), void *context)
{
	double best = INFINITY, total = 0.0;
	int runs = 0;
	do {
		double start = bench_cpu_seconds(), elapsed;
		run(context);
		elapsed = bench_cpu_seconds() - start;
		if (elapsed < best)
			best = elapsed;
		total += elapsed;
		runs++;
	} while (total < BENCH_MIN_SECONDS && runs < BENCH_MAX_RUNS);
	return best;
}

/* The machine line of a report: CPU model, cores, compiler, build type, date. */
static inline void bench_describe_machine(char *out, size_t size)
{
	char model[128] = "unknown CPU", line[256], date[64];
	FILE *cpuinfo = fopen("/proc/cpuinfo", "r");
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	time_t t = time(NULL);
	if (cpuinfo != NULL) {
		while (fgets(line, sizeof line, cpuinfo) != NULL) {
			if (strncmp(line, "model name", 10) == 0) {
				const char *colon = strchr(line, ':');
				if (colon != NULL) {
					snprintf(model, sizeof model, "%s", colon + 2);
					model[strcspn(model, "\n")] = '\0';
				}
				break;
			}
		}
		fclose(cpuinfo);
	}
	strftime(date, sizeof date, "%Y-%m-%d %H:%M %Z", localtime(&t));
	snprintf(out, size, "%s, %ld cores; cc %s; %s build; %s", model, cores, __VERSION__,
	         COLLIDE_BENCH_BUILD_TYPE, date);
}

/* The points of xy[0..2 count) (x, y interleaved, as cases.h makes them). */
static inline void bench_points_from_xy(const double *xy, size_t count, col_vec2 *points)
{
	for (size_t k = 0; k < count; k++) {
		points[k].x = xy[2 * k];
		points[k].y = xy[2 * k + 1];
	}
}

/* ---- tables and CSV files: "-" or an empty field where a value was not measured (NAN) ---- */

static inline void bench_format_value(char *out, size_t size, double v, const char *format)
{
	if (isnan(v))
		snprintf(out, size, "-");
	else
		snprintf(out, size, format, v);
}

/* Writes the results file: the header line, then write_row(f, i) for i in [0, row_count). Returns
 * 0, or 1 (and says so) when the file cannot be written. */
static inline int bench_write_csv(const char *path, const char *header, int row_count,
                                  void (*write_row)(FILE *f, int i))
{
	FILE *f = fopen(path, "w");
	if (f == NULL) {
		fprintf(stderr, BENCH_PROGRAM ": cannot write %s\n", path);
		return 1;
	}
	fprintf(f, "%s\n", header);
	for (int i = 0; i < row_count; i++)
		write_row(f, i);
	fclose(f);
	return 0;
}

/* The columns every results file starts with: case, vertices, query_set, queries, method,
 * library. */
static inline void bench_write_csv_start(FILE *f, const char *case_name, int vertices, const char *query_set,
                                         size_t queries, const char *method, const char *library)
{
	fprintf(f, "%s,%d,%s,%zu,%s,%s,", case_name, vertices, query_set, queries, method, library);
}

static inline void bench_write_csv_number(FILE *f, double v, const char *format)
{
	if (!isnan(v))
		fprintf(f, format, v);
	fputc(',', f);
}

/* A count; negative means not measured. */
static inline void bench_write_csv_integer(FILE *f, long long v)
{
	if (v >= 0)
		fprintf(f, "%lld", v);
	fputc(',', f);
}

#endif
