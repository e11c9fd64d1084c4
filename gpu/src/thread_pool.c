/* A pool of POSIX threads handing out chunks of a range through one atomic counter. */
#define _POSIX_C_SOURCE 200809L
#include "thread_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct thread_pool {
	int threads;
	pthread_t *handles;
	pthread_mutex_t lock;
	pthread_cond_t start, done;
	/* the current run */
	unsigned long generation;
	thread_pool_task task;
	void *context;
	size_t count, grain;
	atomic_size_t next;
	int busy; /* workers still in the run */
	int stop;
};

typedef struct worker_start {
	thread_pool *pool;
	int index;
} worker_start;

static void work(thread_pool *pool, int index)
{
	for (;;) {
		size_t begin = atomic_fetch_add(&pool->next, pool->grain);
		if (begin >= pool->count)
			return;
		size_t end = pool->count - begin < pool->grain ? pool->count : begin + pool->grain;
		pool->task(pool->context, begin, end, index);
	}
}

static void *worker_main(void *argument)
{
	worker_start start = *(worker_start *)argument;
	free(argument);
	thread_pool *pool = start.pool;
	unsigned long seen = 0;
	pthread_mutex_lock(&pool->lock);
	for (;;) {
		while (!pool->stop && pool->generation == seen)
			pthread_cond_wait(&pool->start, &pool->lock);
		if (pool->stop)
			break;
		seen = pool->generation;
		pthread_mutex_unlock(&pool->lock);
		work(pool, start.index);
		pthread_mutex_lock(&pool->lock);
		if (--pool->busy == 0)
			pthread_cond_signal(&pool->done);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

int thread_pool_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

thread_pool *thread_pool_create(int threads)
{
	if (threads < 1)
		return NULL;
	thread_pool *pool = calloc(1, sizeof *pool);
	if (pool == NULL)
		return NULL;
	pool->threads = threads;
	atomic_init(&pool->next, 0);
	pthread_mutex_init(&pool->lock, NULL);
	pthread_cond_init(&pool->start, NULL);
	pthread_cond_init(&pool->done, NULL);
	pool->handles = calloc((size_t)threads, sizeof *pool->handles);
	if (pool->handles == NULL) {
		thread_pool_destroy(pool);
		return NULL;
	}
	/* worker 0 is the caller; the others are threads */
	for (int i = 1; i < threads; i++) {
		worker_start *start = malloc(sizeof *start);
		if (start != NULL) {
			start->pool = pool;
			start->index = i;
		}
		if (start == NULL || pthread_create(&pool->handles[i], NULL, worker_main, start) != 0) {
			free(start);
			pool->threads = i; /* the ones made so far are joined */
			thread_pool_destroy(pool);
			return NULL;
		}
	}
	return pool;
}

void thread_pool_destroy(thread_pool *pool)
{
	if (pool == NULL)
		return;
	if (pool->handles != NULL) {
		pthread_mutex_lock(&pool->lock);
		pool->stop = 1;
		pthread_cond_broadcast(&pool->start);
		pthread_mutex_unlock(&pool->lock);
		for (int i = 1; i < pool->threads; i++)
			pthread_join(pool->handles[i], NULL);
	}
	pthread_cond_destroy(&pool->start);
	pthread_cond_destroy(&pool->done);
	pthread_mutex_destroy(&pool->lock);
	free(pool->handles);
	free(pool);
}

int thread_pool_threads(const thread_pool *pool)
{
	return pool == NULL ? 1 : pool->threads;
}

void thread_pool_run(thread_pool *pool, size_t count, size_t grain, thread_pool_task task, void *context)
{
	if (count == 0)
		return;
	if (pool == NULL || pool->threads == 1 || count == 1) {
		task(context, 0, count, 0);
		return;
	}
	if (grain == 0) {
		/* about 8 chunks a worker: even enough when chunks differ in cost */
		grain = count / ((size_t)pool->threads * 8);
		if (grain == 0)
			grain = 1;
	}
	pthread_mutex_lock(&pool->lock);
	pool->task = task;
	pool->context = context;
	pool->count = count;
	pool->grain = grain;
	atomic_store(&pool->next, 0);
	pool->busy = pool->threads - 1;
	pool->generation++;
	pthread_cond_broadcast(&pool->start);
	pthread_mutex_unlock(&pool->lock);
	work(pool, 0);
	pthread_mutex_lock(&pool->lock);
	while (pool->busy > 0)
		pthread_cond_wait(&pool->done, &pool->lock);
	pthread_mutex_unlock(&pool->lock);
}
