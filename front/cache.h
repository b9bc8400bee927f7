/*
** cache.h: compiled objects kept between runs (docs/RUN.md, "The
** runtime's cache").  `simulee-c run` compiles simulee-c's CUDA runtime
** into every program it builds; that object depends on the runtime's
** source, the headers it reads, clang and its flags, never on the
** program, so it is kept in a directory and reused while none of those
** changed.
**
** An entry is one file, named by a key that hashes what is known before
** compiling (the sources' contents, clang, the flags), and holding what
** is known only after: the headers clang read, each with its size and
** modification time, then the object.  An entry is used only while every
** header it lists is as it was.  Entries are written to a temporary file
** and renamed, so concurrent runs see a whole entry or none.  Every
** failure (no directory, not writable, a damaged entry) is a miss: the
** caller compiles as it would without a cache.
*/
#ifndef SIMULEE_FRONT_CACHE_H
#define SIMULEE_FRONT_CACHE_H

#include <stddef.h>
#include <stdint.h>

/* The environment variable that moves the cache ("off": none). */
#define CACHE_ENV_DIR "SIMULEE_CACHE_DIR"

/* A key being hashed: two 64-bit lanes, 128 bits in all. */
struct cache_key {
	uint64_t a, b;
};

void cache_key_init(struct cache_key *k);
void cache_key_add(struct cache_key *k, const void *p, size_t n);
/* S with its terminating NUL, so that ("ab", "c") and ("a", "bc") differ;
** NULL adds a byte of its own. */
void cache_key_str(struct cache_key *k, const char *s);
/* The contents of file PATH; -1 when it cannot be read (the key is then
** not to be used). */
int cache_key_file(struct cache_key *k, const char *path);
/* Program PROG (a path, or a name looked up in PATH): its resolved path,
** size and modification time, which change with its version. */
void cache_key_program(struct cache_key *k, const char *prog);
/* The key as 32 hex digits and a NUL. */
void cache_key_hex(const struct cache_key *k, char hex[33]);

/* The cache's directory: $SIMULEE_CACHE_DIR, else
** $XDG_CACHE_HOME/simulee-c, else $HOME/.cache/simulee-c; NULL when
** SIMULEE_CACHE_DIR is "off" or no directory can be named.  Newly
** allocated; the directory may not exist yet. */
char *cache_dir(void);

/* Copies the object of entry NAME in directory DIR to file DST when the
** entry exists and every header it lists is unchanged: 1, else 0 (DST
** then may hold a part of it, to be overwritten). */
int cache_fetch(const char *dir, const char *name, const char *dst);

/* Stores object file OBJ as entry NAME in DIR (made if missing), with
** the headers make-style dependency file DEPFILE lists.  Nothing is
** stored when a header changed at or after SINCE (seconds since the
** epoch, when the compile began: the object may not be the header's) or
** anything fails.  1 when stored, else 0. */
int cache_store(const char *dir, const char *name, const char *obj, const char *depfile,
		double since);

#endif
