/*
** util.h: the shared base every room imports (core/, memmodel/,
** detect/, evolve/, front/ and the command line in src/): allocation that
** never returns NULL, growable arrays, string arenas, the error record
** of cold paths, and reading a whole file or making a directory path.
*/
#ifndef SIMULEE_BASE_UTIL_H
#define SIMULEE_BASE_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Allocation: print and exit(2) on failure (the one exit() outside main). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* A copy of S that prints as one line: control characters (newlines,
** carriage returns, tabs) become spaces and trailing spaces are dropped. */
char *xstrdup_line(const char *s);
/* A copy of demangled function name S without its parameter list: up to
** the first '(' outside template arguments, so "void k<(E)2, 1>(int)"
** gives "void k<(E)2, 1>"; all of S when it has none. */
char *xstrdup_no_params(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Gives the heap's free memory back to the system (glibc's malloc_trim,
** every thread's arena; nothing elsewhere): what a large launch freed
** stays resident otherwise and the process outgrows its memory budget. */
void heap_give_back(void);

/* Grows *pp (of *cap elements of size sz) to hold at least need elements. */
void vec_reserve(void *pp, uint32_t *cap, uint32_t need, size_t sz);
#define VEC_PUSH(arr, n, cap, val) \
	do { vec_reserve(&(arr), &(cap), (n) + 1, sizeof *(arr)); (arr)[(n)++] = (val); } while (0)

/* A string arena: strings live until the arena is freed. */
struct arena;
struct arena *arena_new(void);
const char *arena_strdup(struct arena *a, const char *s, size_t n);
void arena_free(struct arena *a);

/* The number of bits set in X.  __builtin_popcount is a library call on
** the x86-64 baseline (no POPCNT), a few percent of a detection run when it
** sits in the model's lane loops. */
/* Seconds of CLOCK_MONOTONIC: the search's time limit and the deadline
** a launch is given (launch_cfg.deadline) are read from this one clock. */
double mono_seconds(void);

/* A stop the user asked for: the number of the signal (SIGINT, SIGTERM)
** that asked simulee-c to stop where it is and report what finished, or
** 0.  Set by a signal handler (stop_on_signals); launches read it where
** they read their deadline, the run between its jobs. */
extern volatile int stop_signal_seen;	/* sig_atomic_t is int (util.c):
					   <signal.h> stays out of this header,
					   as it names TRAP_BRKPT like core/ */
/* From now on SIGINT and SIGTERM set stop_signal_seen once, then take
** their default action again (a second one ends the process at once). */
void stop_on_signals(void);
/* Their actions as before stop_on_signals. */
void stop_on_signals_end(void);

static inline unsigned popc32(uint32_t x)
{
#if defined(__POPCNT__)
	return (unsigned)__builtin_popcount(x);
#else
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
/* NAME demangled when it is an Itanium C++ name (_Z...), else a copy of
** it; free it. */
char *demangle_name(const char *name);

#endif
}

/* A / B rounded down (toward minus infinity), B != 0: the index of the
** element holding byte offset A of elements of B bytes, below 0 too. */
static inline int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Status codes of cold paths. */
enum sim_status {
	SIM_OK = 0,
	SIM_ERR_USAGE = -1,
	SIM_ERR_IO = -2,
	SIM_ERR_BITCODE = -3,
	SIM_ERR_TARGET = -4,
	SIM_ERR_VERIFY = -5,
	SIM_ERR_KERNEL = -6,
	SIM_ERR_UNSUPPORTED = -7,
	SIM_ERR_LIMIT = -8,
	SIM_ERR_COMPILE = -9,
};

/* The error record: one line for the user. */
struct sim_error {
	int status;
	char msg[1024];
};
int sim_fail(struct sim_error *e, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The whole of file PATH, NUL-terminated, its length in *LEN (LEN may be
** NULL); NULL with *ERR filled ("PATH: <why>" when it cannot be opened,
** "PATH: read error"; ERR may be NULL).  Newly allocated. */
char *read_whole_file(const char *path, size_t *len, struct sim_error *err);

/* Makes directory PATH and those above it, as mkdir -p does: 0, or -1
** with errno set (EEXIST: a part exists and is no directory) and, when
** FAILED is not NULL, *FAILED the part that could not be made (newly
** allocated). */
int make_dirs(const char *path, char **failed);

/* NAME demangled when it is an Itanium C++ name (_Z...), else a copy of
** it; free it. */
char *demangle_name(const char *name);

/* The room's public header: the rest of its interface, for the rooms
** that include it (HACKING.md, "The rooms"). */
#include "base/htab.h"
#include "base/ptrmap.h"

#endif
