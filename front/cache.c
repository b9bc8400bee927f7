/*
** cache.c: see cache.h.
*/
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "front/cache.h"

#define CACHE_MAGIC "simulee-c cache 1\n"

/* ---- keys ------------------------------------------------------------------ */

void cache_key_init(struct cache_key *k)
{
	k->a = UINT64_C(0xcbf29ce484222325);	/* FNV-1a's offset basis */
	k->b = UINT64_C(0x6a09e667f3bcc909);
}

/* Lane a is FNV-1a; lane b a multiply-xorshift of its own, so that a
** collision needs both to collide. */
void cache_key_add(struct cache_key *k, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t a = k->a, b = k->b;
	for (size_t i = 0; i < n; i++) {
		a = (a ^ s[i]) * UINT64_C(0x100000001b3);
		b = (b + s[i] + UINT64_C(0x9e3779b97f4a7c15)) * UINT64_C(0xbf58476d1ce4e5b9);
		b ^= b >> 31;
	}
	k->a = a, k->b = b;
}

void cache_key_str(struct cache_key *k, const char *s)
{
	if (s == NULL) {
		cache_key_add(k, "\x01", 1);
		return;
	}
	cache_key_add(k, s, strlen(s) + 1);
}

int cache_key_file(struct cache_key *k, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return -1;
	char buf[16384];
	size_t n;
	uint64_t total = 0;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		cache_key_add(k, buf, n);
		total += n;
	}
	int bad = ferror(f);
	fclose(f);
	cache_key_add(k, &total, sizeof total);
	return bad ? -1 : 0;
}

/* PROG's path: itself when it names a directory, else the first
** executable of that name in PATH (NULL: none).  Newly allocated. */
static char *find_program(const char *prog)
{
	if (strchr(prog, '/') != NULL)
		return xstrdup(prog);
	const char *path = getenv("PATH");
	for (const char *p = path; p != NULL && *p;) {
		const char *colon = strchr(p, ':');
		size_t len = colon ? (size_t)(colon - p) : strlen(p);
		char *c = xasprintf("%.*s/%s", (int)len, len ? p : ".", prog);
		if (access(c, X_OK) == 0)
			return c;
		free(c);
		p = colon ? colon + 1 : NULL;
	}
	return NULL;
}

void cache_key_program(struct cache_key *k, const char *prog)
{
	cache_key_str(k, prog);
	char *found = find_program(prog);
	char real[PATH_MAX];
	struct stat st;
	if (found != NULL && realpath(found, real) != NULL && stat(real, &st) == 0) {
		cache_key_str(k, real);
		int64_t v[3] = { (int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec,
				 (int64_t)st.st_mtim.tv_nsec };
		cache_key_add(k, v, sizeof v);
	} else {
		cache_key_str(k, NULL);
	}
	free(found);
}

static uint64_t finish(uint64_t x)
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

void cache_key_hex(const struct cache_key *k, char hex[33])
{
	snprintf(hex, 33, "%016llx%016llx", (unsigned long long)finish(k->a),
		 (unsigned long long)finish(k->b ^ k->a));
}

/* ---- the directory ------------------------------------------------------- */

char *cache_dir(void)
{
	const char *d = getenv(CACHE_ENV_DIR);
	if (d != NULL && d[0] != '\0')
		return strcmp(d, "off") == 0 ? NULL : xstrdup(d);
	d = getenv("XDG_CACHE_HOME");
	if (d != NULL && d[0] == '/')	/* the XDG spec ignores a relative one */
		return xasprintf("%s/simulee-c", d);
	d = getenv("HOME");
	if (d != NULL && d[0] != '\0')
		return xasprintf("%s/.cache/simulee-c", d);
	return NULL;
}

/* ---- entries ---------------------------------------------------------------- */

/* Copies N bytes from IN to file DST: 0, or -1. */
static int copy_out(FILE *in, uint64_t n, const char *dst)
{
	FILE *out = fopen(dst, "wb");
	if (out == NULL)
		return -1;
	char buf[65536];
	while (n > 0) {
		size_t k = n < sizeof buf ? (size_t)n : sizeof buf;
		if (fread(buf, 1, k, in) != k || fwrite(buf, 1, k, out) != k)
			break;
		n -= k;
	}
	return fclose(out) == 0 && n == 0 ? 0 : -1;
}

int cache_fetch(const char *dir, const char *name, const char *dst)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	free(path);
	if (f == NULL)
		return 0;
	char *line = NULL;
	size_t cap = 0;
	int hit = 0;
	if (getline(&line, &cap, f) < 0 || strcmp(line, CACHE_MAGIC) != 0)
		goto out;
	while (getline(&line, &cap, f) > 0) {
		long long size, sec, nsec;
		unsigned long long n;
		int at = 0;
		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "object %llu", &n) == 1) {
			hit = copy_out(f, n, dst) == 0;
			break;
		}
		if (sscanf(line, "dep %lld %lld %lld %n", &size, &sec, &nsec, &at) != 3 || at == 0)
			break;
		struct stat st;
		if (stat(line + at, &st) != 0 || st.st_size != size || st.st_mtim.tv_sec != sec
		    || st.st_mtim.tv_nsec != nsec)
			break;	/* a header changed: the object may not be its */
	}
out:
	free(line);
	fclose(f);
	return hit;
}

/* The prerequisites of make-style dependency text TEXT (what follows its
** first "target:"), unescaped, one after another with a NUL each, and
** the list's end marked by an empty string.  Newly allocated. */
static char *dep_list(const char *text)
{
	const char *p = text;
	while (*p && !(*p == ':' && (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || p[1] == '\0')))
		p++;
	if (*p)
		p++;
	char *out = xmalloc(strlen(p) + 2), *o = out;
	int in_word = 0;
	for (; *p; p++) {
		if (*p == '\\' && p[1] == '\n') {	/* a continued line */
			p++;
		} else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
		} else {
			if (*p == '\\' && (p[1] == ' ' || p[1] == '#'))
				p++;
			else if (*p == '$' && p[1] == '$')
				p++;
			*o++ = *p;
			in_word = 1;
			continue;
		}
		if (in_word)
			*o++ = '\0';
		in_word = 0;
	}
	if (in_word)
		*o++ = '\0';
	*o = '\0';
	return out;
}

/* Writes entry text (magic, the dependencies DEPS of dep_list with their
** sizes and times, the object OBJ) to F: 0, or -1 when a dependency
** cannot be read or changed at or after SINCE, or writing fails. */
static int write_entry(FILE *f, const char *deps, const char *obj, double since)
{
	fputs(CACHE_MAGIC, f);
	for (const char *d = deps; *d; d += strlen(d) + 1) {
		struct stat st;
		if (strchr(d, '\n') != NULL || stat(d, &st) != 0)
			return -1;
		/* within two seconds of the compile's start: a change the
		** file system's clock may have rounded down */
		if ((double)st.st_mtim.tv_sec + 2 > since)
			return -1;
		fprintf(f, "dep %lld %lld %lld %s\n", (long long)st.st_size,
			(long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec, d);
	}
	FILE *in = fopen(obj, "rb");
	struct stat st;
	if (in == NULL)
		return -1;
	if (fstat(fileno(in), &st) != 0) {
		fclose(in);
		return -1;
	}
	fprintf(f, "object %llu\n", (unsigned long long)st.st_size);
	char buf[65536];
	size_t k, total = 0;
	while ((k = fread(buf, 1, sizeof buf, in)) > 0) {
		fwrite(buf, 1, k, f);
		total += k;
	}
	fclose(in);
	return total == (size_t)st.st_size && !ferror(f) ? 0 : -1;
}

int cache_store(const char *dir, const char *name, const char *obj, const char *depfile,
		double since)
{
	char *text = read_whole_file(depfile, NULL, NULL);
	if (text == NULL || make_dirs(dir, NULL) < 0) {
		free(text);
		return 0;
	}
	char *deps = dep_list(text);
	free(text);
	char *tmp = xasprintf("%s/.%s.XXXXXX", dir, name);
	char *path = xasprintf("%s/%s", dir, name);
	int stored = 0, fd = mkstemp(tmp);
	if (fd >= 0) {
		FILE *f = fdopen(fd, "wb");
		int ok = f != NULL && write_entry(f, deps, obj, since) == 0;
		if (f == NULL)
			close(fd);
		else if (fclose(f) != 0)
			ok = 0;
		/* whole or not at all, for a run reading it now */
		if (ok && rename(tmp, path) == 0)
			stored = 1;
		else
			unlink(tmp);
	}
	free(path);
	free(tmp);
	free(deps);
	return stored;
}
