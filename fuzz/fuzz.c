/*
** fuzz.c: the in-memory input file of the harnesses.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz/fuzz.h"

static int fd = -1;
static char path[64];

const char *fuzz_file(const uint8_t *data, size_t n)
{
	if (fd < 0) {
		fuzz_quiet_children();
		fd = memfd_create("simulee-fuzz", 0);
		if (fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	/* truncate, then write it all: a shorter input leaves no tail */
	if (ftruncate(fd, 0) != 0) {
		perror("ftruncate");
		abort();
	}
	size_t done = 0;
	while (done < n) {
		ssize_t w = pwrite(fd, data + done, n - done, (off_t)done);
		if (w <= 0) {
			perror("pwrite");
			abort();
		}
		done += (size_t)w;
	}
	return path;
}

/* LeakSanitizer's suppressions, built in so that every run has them.
** LLVM's readers leak the metadata they built when they reject a corrupt
** module (LLVM's bug, and harmless to a process that then exits).  LLVM
** and libstdc++ keep no frame pointers, so the stack of such a leak ends
** at operator new: every leak through libstdc++'s allocator is let go,
** LLVM objects we fail to dispose of included; our own malloc's are not. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libstdc++.so\n";
}

int fuzz_load(const uint8_t *data, size_t n, struct loaded *out)
{
	struct load_options lo = { .verify = 1 };
	struct sim_error err = { 0 };
	int r = interp_load(fuzz_file(data, n), &lo, out, &err);
	/* a failure is one line, never empty: that is the CLI's contract */
	if (r < 0 && err.msg[0] == '\0')
		abort();
	return r;
}
