/* Replays saved inputs through a fuzz target without libFuzzer, so the normal gcc builds (and the
 * sanitizer build) run every corpus and regression input as a ctest test. Arguments are files or
 * folders (each folder's plain files, not its subfolders, in name order); a missing folder is
 * skipped (regressions/<name> exists only once a crasher was kept). The empty input runs too. Each
 * input is read into a buffer of exactly its size, so a read past the end is caught by ASan. A
 * crash, a sanitizer report or a trap in the target is the failure, and so is finding no input at
 * all; returning is the pass. */
/* opendir and readdir are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the file's bytes through the target; false when it cannot be read. */
static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		return 0;
	}
	struct stat info;
	if (fstat(fileno(f), &info) != 0 || info.st_size < 0) {
		fclose(f);
		fprintf(stderr, "replay: cannot stat %s\n", path);
		return 0;
	}
	size_t size = (size_t)info.st_size;
	uint8_t *data = malloc(size > 0 ? size : 1);
	if (data == NULL || fread(data, 1, size, f) != size) {
		free(data);
		fclose(f);
		fprintf(stderr, "replay: cannot read %s\n", path);
		return 0;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 1;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every plain file of the folder, in name order. Returns how many ran, or -1 on a failure. */
static int replay_folder(const char *folder)
{
	DIR *dir = opendir(folder);
	if (dir == NULL)
		return 0;
	char **names = NULL;
	size_t count = 0, capacity = 0;
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL) {
		if (entry->d_name[0] == '.')
			continue;
		if (count == capacity) {
			capacity = capacity ? 2 * capacity : 64;
			char **grown = realloc(names, capacity * sizeof *names);
			if (grown == NULL)
				break;
			names = grown;
		}
		size_t n = strlen(folder) + strlen(entry->d_name) + 2;
		names[count] = malloc(n);
		if (names[count] == NULL)
			break;
		snprintf(names[count++], n, "%s/%s", folder, entry->d_name);
	}
	closedir(dir);
	qsort(names, count, sizeof *names, compare_names);
	int ran = 0;
	for (size_t i = 0; i < count; ++i) {
		struct stat info;
		if (stat(names[i], &info) == 0 && S_ISREG(info.st_mode)) {
			if (!replay_file(names[i]))
				ran = -1;
			else if (ran >= 0)
				ran++;
		}
		free(names[i]);
	}
	free(names);
	return ran;
}

int main(int argc, char **argv)
{
	int total = 0;
	LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
	for (int i = 1; i < argc; ++i) {
		struct stat info;
		int ran;
		if (stat(argv[i], &info) == 0 && S_ISDIR(info.st_mode))
			ran = replay_folder(argv[i]);
		else if (stat(argv[i], &info) == 0)
			ran = replay_file(argv[i]);
		else
			ran = 0; /* a folder not made yet */
		if (ran < 0)
			return 1;
		total += ran;
	}
	printf("replayed %d inputs\n", total);
	/* Every target has a seed corpus: none found means a moved or misnamed folder, not a pass. */
	if (total == 0) {
		fprintf(stderr, "replay: no input found in the folders named\n");
		return 1;
	}
	return 0;
}
