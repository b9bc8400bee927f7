/*
** fuzz.c: the in-memory input file of the harnesses, and the flags they
** all start with.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz/fuzz.h"

static int fd = -1;
static char path[64];

/* libFuzzer checks its malloc limit (by default its RSS limit, 2 GiB) in
** a malloc hook, and the reader probe's forked child inherits the hook: a
** fuzzed file that makes LLVM's reader ask for 2 GiB at once in the child,
** the very case the probe is there to survive (lower/load.c: its own
** limits, then one error line), was saved as an oom- input of the harness
** (two in the first 7 minutes of issue 13's second campaign, neither an
** OOM in the harness itself).  So one allocation is only limited by the
** sanitizer's maximum (1 TiB); the harness's resident memory keeps its
** RSS limit.  The flag goes first: a -malloc_limit_mb given on the command
** line comes later and wins. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char flag[] = "-malloc_limit_mb=1048576";
	char **args = calloc((size_t)*argc + 2, sizeof *args);
	if (args == NULL)
		abort();
	args[0] = (*argv)[0];
	args[1] = flag;
	for (int i = 1; i < *argc; i++)
		args[i + 1] = (*argv)[i];
	*argv = args;	/* for the whole run: never freed */
	(*argc)++;
	return 0;
}

/* With FUZZ_LAST=PATH in the environment, every input is also written to
** PATH before it runs: when the harness dies in a way that leaves
** libFuzzer no chance to save it (a crash inside the sanitizer's own
** report, heap corruption found far from its cause), the input is there
** (scripts/fuzz.sh prints it). */
static void keep_last(const uint8_t *data, size_t n)
{
	const char *last = getenv("FUZZ_LAST");
	if (last == NULL || *last == '\0')
		return;
	FILE *f = fopen(last, "wb");
	if (f == NULL)
		return;
	if (n > 0 && fwrite(data, 1, n, f) != n)
		perror("FUZZ_LAST");
	fclose(f);
}

const char *fuzz_file(const uint8_t *data, size_t n)
{
	keep_last(data, n);
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

/* AddressSanitizer's options, built in: freed memory is filled with a
** pattern (its first 4 KiB), as glibc's M_PERTURB does in the loader's
** probe child (lower/load.c).  LLVM's code is not instrumented, so a use
** after free inside LLVM's reader goes unseen by ASan; with the fill it
** crashes the probe child, which rejects the input, instead of quietly
** corrupting the harness's heap (issue 13: a CI smoke run died in
** LLVMContext's destructor and in BasicBlock::getDataLayout, far from the
** input that did it). */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "max_free_fill_size=4096:free_fill_byte=165";
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
	struct load_options lo = { 0 };
	struct sim_error err = { 0 };
	int r = load_file(fuzz_file(data, n), &lo, out, &err);
	/* a failure is one line, never empty: that is the CLI's contract */
	if (r < 0 && err.msg[0] == '\0')
		abort();
	return r;
}
