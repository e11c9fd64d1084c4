/* The CPU backend's workers: a fixed set of threads that split an index range between them. The
 * calling thread works too, so a pool of one thread is a plain loop. */
#ifndef COLLIDE_GPU_THREAD_POOL_H
#define COLLIDE_GPU_THREAD_POOL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct thread_pool thread_pool;

/* Work on [begin, end); `worker` is 0 .. threads - 1, for per-thread sums. */
typedef void (*thread_pool_task)(void *context, size_t begin, size_t end, int worker);

/* threads >= 1; NULL when the threads cannot be made. */
thread_pool *thread_pool_create(int threads);
void thread_pool_destroy(thread_pool *pool);
int thread_pool_threads(const thread_pool *pool);

/* Runs task over [0, count) in chunks of `grain` (0: a size that spreads the range evenly), taken by
 * whichever worker is free, and returns when all are done. Not reentrant: one run at a time. */
void thread_pool_run(thread_pool *pool, size_t count, size_t grain, thread_pool_task task, void *context);

/* The machine's cores. */
int thread_pool_cores(void);

#ifdef __cplusplus
}
#endif

#endif
