/*
** util.c: see util.h.
*/
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/util.h"

static void oom(size_t n)
{
	fprintf(stderr, "simulee-c: out of memory (%zu bytes)\n", n);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		oom(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (p == NULL)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (q == NULL)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup_no_params(const char *s)
{
	int depth = 0;
	for (const char *q = s; *q; q++) {
		if (*q == '<')
			depth++;
		else if (*q == '>' && depth > 0)
			depth--;
		else if (*q == '(' && depth == 0 && q > s)
			return xstrndup(s, (size_t)(q - s));
	}
	return xstrdup(s);
}

char *xstrdup_line(const char *s)
{
	char *p = xstrdup(s);
	size_t n = 0;
	for (char *q = p; *q; q++) {
		unsigned char c = (unsigned char)*q;
		*q = c < 0x20 || c == 0x7f ? ' ' : (char)c;
		if (*q != ' ')
			n = (size_t)(q - p) + 1;
	}
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void vec_reserve(void *pp, uint32_t *cap, uint32_t need, size_t sz)
{
	void **p = pp;
	if (need <= *cap)
		return;
	uint32_t c = *cap ? *cap : 8;
	while (c < need)
		c *= 2;
	*p = xrealloc(*p, (size_t)c * sz);
	*cap = c;
}

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	char data[];
};

struct arena {
	struct arena_chunk *head;
};

struct arena *arena_new(void)
{
	return xcalloc(1, sizeof(struct arena));
}

const char *arena_strdup(struct arena *a, const char *s, size_t n)
{
	struct arena_chunk *c = a->head;
	if (c == NULL || c->used + n + 1 > c->cap) {
		size_t cap = n + 1 > 65536 ? n + 1 : 65536;
		c = xmalloc(sizeof *c + cap);
		c->next = a->head;
		c->used = 0;
		c->cap = cap;
		a->head = c;
	}
	char *p = c->data + c->used;
	memcpy(p, s, n);
	p[n] = '\0';
	c->used += n + 1;
	return p;
}

void arena_free(struct arena *a)
{
	if (a == NULL)
		return;
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *n = c->next;
		free(c);
		c = n;
	}
	free(a);
}

int sim_fail(struct sim_error *e, int status, const char *fmt, ...)
{
	if (e != NULL) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(e->msg, sizeof e->msg, fmt, ap);
		va_end(ap);
		e->status = status;
	}
	return status;
}

char *read_whole_file(const char *path, size_t *len, struct sim_error *err)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		sim_fail(err, SIM_ERR_IO, "%s: %s", path, strerror(errno));
		return NULL;
	}
	size_t n = 0, cap = 4096, got;
	char *buf = xmalloc(cap);
	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (cap - n - 1 == 0)
			buf = xrealloc(buf, cap *= 2);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		sim_fail(err, SIM_ERR_IO, "%s: read error", path);
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int make_dirs(const char *path, char **failed)
{
	char *p = xstrdup(path);
	int rc = 0;
	for (char *s = p + 1; rc == 0; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		struct stat st;
		if (mkdir(p, 0777) != 0 && !(errno == EEXIST && stat(p, &st) == 0 && S_ISDIR(st.st_mode))) {
			int e = errno;
			if (failed)
				*failed = xstrdup(p);
			errno = e;
			rc = -1;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	int e = errno;
	free(p);
	errno = e;
	return rc;
}

double mono_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* __cxa_demangle comes with the C++ runtime that libLLVM links anyway. */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

char *demangle_name(const char *name)
{
	if (name[0] == '_' && name[1] == 'Z') {
		int st = 0;
		char *d = __cxa_demangle(name, NULL, NULL, &st);
		if (d != NULL && st == 0) {
			char *r = xstrdup(d);
			free(d);
			return r;
		}
		free(d);
	}
	return xstrdup(name);
}

_Static_assert(sizeof(sig_atomic_t) == sizeof(int) && (sig_atomic_t)-1 < 0,
	       "stop_signal_seen is declared int");
volatile int stop_signal_seen;
static struct sigaction stop_old_int, stop_old_term;
static int stop_installed;

static void on_stop_signal(int sig)
{
	stop_signal_seen = sig;
}

void stop_on_signals(void)
{
	struct sigaction sa = { 0 };
	sa.sa_handler = on_stop_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	stop_signal_seen = 0;
	sigaction(SIGINT, &sa, &stop_old_int);
	sigaction(SIGTERM, &sa, &stop_old_term);
	stop_installed = 1;
}

void stop_on_signals_end(void)
{
	if (!stop_installed)
		return;
	sigaction(SIGINT, &stop_old_int, NULL);
	sigaction(SIGTERM, &stop_old_term, NULL);
	stop_installed = 0;
}

void heap_give_back(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}
