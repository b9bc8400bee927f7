/*
** check_hostmap.c: the host-side data mapping checks (detect/hostmap.h):
** their clock rules on operation sequences written by hand, and the
** kernels/hostmap corpus (each mistake and its fix) through the command
** line in text, JSON and SARIF.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "base/util.h"
#include "detect/hostmap.h"
#include "exec/interp.h"
#include "lower/load.h"
#include "tests/tests.h"

/* ---- sequences by hand ---------------------------------------------------- */

/* A sequence under construction: buffers and streams by name. */
struct sb {
	struct hm_seq s;
};

static void sb_init(struct sb *b)
{
	memset(b, 0, sizeof *b);
	struct hm_fn f = { xstrdup("main"), xstrdup("t.cu") };
	VEC_PUSH(b->s.fns, b->s.nfn, b->s.capfn, f);
	for (int i = 0; i < 2; i++) {
		struct hm_stream st = { 0 };
		VEC_PUSH(b->s.streams, b->s.nstreams, b->s.capstreams, st);
	}
}

static int32_t sb_buf(struct sb *b, const char *name, int space)
{
	struct hm_buf x = { .name = xstrdup(name), .space = (uint8_t)space, .line = 1 };
	VEC_PUSH(b->s.bufs, b->s.nbufs, b->s.capbufs, x);
	return (int32_t)b->s.nbufs - 1;
}

static int32_t sb_stream(struct sb *b, const char *name, int nonblocking, int unknown)
{
	struct hm_stream st = { name ? xstrdup(name) : NULL, (uint8_t)nonblocking, (uint8_t)unknown };
	VEC_PUSH(b->s.streams, b->s.nstreams, b->s.capstreams, st);
	return (int32_t)b->s.nstreams - 1;
}

static struct hm_ref at(int32_t buf, int64_t off)
{
	return (struct hm_ref){ buf, 1, off };
}

static struct hm_ref anywhere(int32_t buf)
{
	return (struct hm_ref){ buf, 0, 0 };
}

static struct hm_op *sb_op(struct sb *b, int opk, uint32_t line)
{
	struct hm_op o = { .op = (uint8_t)opk, .line = line, .bytes = -1, .dst = { HM_NONE, 0, 0 },
			   .src = { HM_NONE, 0, 0 }, .event = HM_NONE };
	VEC_PUSH(b->s.ops, b->s.nops, b->s.capops, o);
	return &b->s.ops[b->s.nops - 1];
}

static void sb_copy(struct sb *b, uint32_t line, struct hm_ref dst, struct hm_ref src, int64_t bytes,
		    int32_t stream, int async)
{
	struct hm_op *o = sb_op(b, HMO_COPY, line);
	o->dst = dst;
	o->src = src;
	o->bytes = bytes;
	o->stream = stream;
	o->async = (uint8_t)async;
}

static void sb_launch(struct sb *b, uint32_t line, const char *kernel, int32_t stream, uint32_t nargs,
		      const struct hm_ref *args)
{
	struct hm_op *o = sb_op(b, HMO_LAUNCH, line);
	o->kernel = xstrdup(kernel);
	o->kname = xstrdup(kernel);
	o->stream = stream;
	o->nargs = nargs;
	o->args = xcalloc(nargs + 1, sizeof *o->args);
	memcpy(o->args, args, nargs * sizeof *args);
}

static void sb_simple(struct sb *b, int opk, uint32_t line, struct hm_ref dst, int32_t stream,
		      int32_t event)
{
	struct hm_op *o = sb_op(b, opk, line);
	o->dst = dst;
	o->stream = stream;
	o->event = event;
}

/* Kernels whose name starts with 'r' only read their pointers. */
static int names_say(void *ctx, const char *kernel, uint32_t param)
{
	(void)ctx;
	(void)param;
	return kernel[0] != 'r';
}

/* The findings of B as "kind:line:buffer" lines, sorted; frees B. */
static char *check(struct sb *b)
{
	struct findings fs = { 0 };
	hostmap_check(&b->s, names_say, NULL, &fs);
	char **v = xcalloc(fs.n + 1, sizeof *v);
	size_t len = 1;
	for (uint32_t i = 0; i < fs.n; i++) {
		const struct finding *f = &fs.v[i];
		ck_assert_uint_eq(f->func, FINDING_NO_SITE);
		ck_assert_uint_eq(f->launch, UINT32_MAX);
		ck_assert_ptr_nonnull(f->detail);
		v[i] = xasprintf("%s:%u:%s", finding_kind_id(f->kind), f->loc.line, f->where);
		len += strlen(v[i]) + 1;
	}
	for (uint32_t i = 1; i < fs.n; i++)
		for (uint32_t j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			char *t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	char *out = xcalloc(len, 1);
	for (uint32_t i = 0; i < fs.n; i++) {
		if (i)
			strcat(out, " ");
		strcat(out, v[i]);
		free(v[i]);
	}
	free(v);
	findings_free(&fs);
	hm_seq_free(&b->s);
	return out;
}

/* Asserts that case HOW (of a test's loop) of B gives exactly WANT. */
static void expect(struct sb *b, int how, const char *want)
{
	char *got = check(b);
	ck_assert_msg(strcmp(got, want) == 0, "case %d: got '%s', want '%s'", how, got, want);
	free(got);
}

/* Host memory cudaHostRegister pins is pinned from the call to
** cudaHostUnregister only: an async copy into it before or after is
** synchronous, one between is not. */
START_TEST(registered_span)
{
	for (int how = 0; how < 3; how++) {
		struct sb b;
		sb_init(&b);
		int32_t h = sb_buf(&b, "h", HM_HOST), d = sb_buf(&b, "d", HM_DEVICE);
		int32_t s = sb_stream(&b, "s", 0, 0);
		sb_simple(&b, HMO_ALLOC, 1, at(h, 0), 0, HM_NONE);
		if (how >= 1)
			sb_simple(&b, HMO_PIN, 2, at(h, 0), 0, HM_NONE);
		if (how == 2)
			sb_simple(&b, HMO_UNPIN, 3, at(h, 0), 0, HM_NONE);
		sb_copy(&b, 4, at(h, 0), at(d, 0), 64, s, 1);
		sb_simple(&b, HMO_READ, 5, at(h, 0), 0, HM_NONE);
		sb_simple(&b, HMO_WRITE, 6, at(h, 0), 0, HM_NONE);
		expect(&b, how, how == 1 ? "host-unsynchronized-read:5:h host-unsynchronized-write:6:h" : "");
	}
}
END_TEST

/* The walk reads cudaHostRegister and cudaHostUnregister where the
** program calls them: copies outside the span are pageable ones. */
START_TEST(registered_walk)
{
	if (!tu_need_clang("hostmap registered_walk", 1))
		return;
	static const char text[] =
		"#include <cstdlib>\n"
		"__global__ void sq(float *v) { v[threadIdx.x] *= v[threadIdx.x]; }\n"
		"int main()\n"
		"{\n"
		"	float *h = (float *)malloc(256 * sizeof(float)), *d;\n"
		"	for (int i = 0; i < 256; i++)\n"
		"		h[i] = (float)i;\n"
		"	cudaMalloc(&d, 256 * sizeof(float));\n"
		"	cudaStream_t s;\n"
		"	cudaStreamCreate(&s);\n"
		"	cudaMemcpyAsync(d, h, 256 * sizeof(float), cudaMemcpyHostToDevice, s);\n"
		"	sq<<<1, 256, 0, s>>>(d);\n"
		"	cudaMemcpyAsync(h, d, 256 * sizeof(float), cudaMemcpyDeviceToHost, s);\n"
		"	float a = h[3];\n"
		"	cudaHostRegister(h, 256 * sizeof(float), cudaHostRegisterDefault);\n"
		"	cudaMemcpyAsync(h, d, 256 * sizeof(float), cudaMemcpyDeviceToHost, s);\n"
		"	cudaStreamSynchronize(s);\n"
		"	cudaHostUnregister(h);\n"
		"	cudaMemcpyAsync(d, h, 256 * sizeof(float), cudaMemcpyHostToDevice, s);\n"
		"	h[0] = a;\n"
		"	cudaStreamSynchronize(s);\n"
		"	free(h);\n"
		"	return 0;\n"
		"}\n";
	char *cu = tu_tmp_cu(text);
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ cu, "--dump-hostmap", "--generations", "0", NULL });
	ck_assert_msg(r.status == 0, "exit %d: %s%s", r.status, r.out, r.err);
	ck_assert_msg(strstr(r.err, "  15: pin h\n") != NULL && strstr(r.err, "  18: unpin h\n") != NULL,
		      "%s", r.err);
	ck_assert_msg(strstr(r.out, "host-unsynchronized") == NULL, "%s", r.out);
	tu_run_free(&r);
	unlink(cu);
	free(cu);
}
END_TEST

/* An async copy to the host, read before and after each kind of wait. */
START_TEST(async_copy_waits)
{
	for (int how = 0; how < 7; how++) {
		struct sb b;
		sb_init(&b);
		int32_t h = sb_buf(&b, "h", HM_PINNED), d = sb_buf(&b, "d", HM_DEVICE);
		int32_t s = sb_stream(&b, "s", 0, 0), s2 = sb_stream(&b, "s2", 0, 0);
		b.s.nevents = 1;
		sb_simple(&b, HMO_ALLOC, 1, at(h, 0), 0, HM_NONE);
		sb_copy(&b, 2, at(h, 0), at(d, 0), 64, s, 1);
		switch (how) {
		case 0:	/* nothing */
			break;
		case 1:
			sb_simple(&b, HMO_SYNC_STREAM, 3, at(HM_NONE, 0), s, HM_NONE);
			break;
		case 2:	/* the wrong stream */
			sb_simple(&b, HMO_SYNC_STREAM, 3, at(HM_NONE, 0), s2, HM_NONE);
			break;
		case 3:
			sb_simple(&b, HMO_SYNC_DEVICE, 3, at(HM_NONE, 0), 0, HM_NONE);
			break;
		case 4:	/* an event recorded after the copy */
			sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), s, 0);
			sb_simple(&b, HMO_SYNC_EVENT, 4, at(HM_NONE, 0), 0, 0);
			break;
		case 5:	/* an event recorded on the other stream */
			sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), s2, 0);
			sb_simple(&b, HMO_SYNC_EVENT, 4, at(HM_NONE, 0), 0, 0);
			break;
		case 6:	/* an event the walk could not name: taken as a full wait */
			sb_simple(&b, HMO_SYNC_EVENT, 4, at(HM_NONE, 0), 0, HM_NONE);
			break;
		}
		sb_simple(&b, HMO_READ, 9, at(h, 8), 0, HM_NONE);
		sb_simple(&b, HMO_READ, 9, at(h, 16), 0, HM_NONE);	/* one finding per line */
		expect(&b, how, how == 0 || how == 2 || how == 5 ? "host-unsynchronized-read:9:h" : "");
	}
}
END_TEST

/* Into pageable (malloc'd) memory cudaMemcpyAsync returns once the copy is
** done, and managed memory copies synchronously: only pinned memory is
** left being written.  A call the walk does not follow may read what it
** is given (a check of an unsynchronized copy); it never makes results
** "never copied", and a buffer whose pointer escapes is never said unwritten. */
START_TEST(spaces_and_calls)
{
	for (int how = 0; how < 6; how++) {
		struct sb b;
		sb_init(&b);
		int space = how == 0 ? HM_HOST : how == 1 ? HM_MANAGED : HM_PINNED;
		int32_t h = sb_buf(&b, "h", space), d = sb_buf(&b, "d", HM_DEVICE);
		int32_t s = sb_stream(&b, "s", 0, 0);
		const char *want = "";
		struct hm_ref args[1] = { at(d, 0) };
		if (how <= 3) {
			sb_copy(&b, 2, at(h, 0), at(d, 0), 64, s, 1);
			sb_simple(&b, how == 3 ? HMO_CALL : HMO_READ, 3, at(h, 0), 0, HM_NONE);
			want = how >= 2 ? "host-unsynchronized-read:3:h" : "";
		} else {
			/* after a launch, a buffer nothing wrote, read by a call
			** (4) or read after its pointer escaped (5) */
			sb_simple(&b, HMO_ALLOC, 1, at(h, 0), 0, HM_NONE);
			sb_launch(&b, 2, "k", s, 1, args);
			b.s.bufs[h].escapes = how == 5;
			sb_simple(&b, how == 4 ? HMO_CALL : HMO_READ, 3, at(h, 0), 0, HM_NONE);
		}
		expect(&b, how, want);
	}
}
END_TEST

/* The event recorded before the copy covers the work before it only. */
START_TEST(event_before_copy)
{
	struct sb b;
	sb_init(&b);
	int32_t h = sb_buf(&b, "h", HM_PINNED), d = sb_buf(&b, "d", HM_DEVICE);
	int32_t s = sb_stream(&b, "s", 0, 0);
	b.s.nevents = 1;
	struct hm_ref args[1] = { at(d, 0) };
	sb_launch(&b, 2, "k", s, 1, args);
	sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), s, 0);
	sb_copy(&b, 4, at(h, 0), at(d, 0), 64, s, 1);
	sb_simple(&b, HMO_SYNC_EVENT, 5, at(HM_NONE, 0), 0, 0);
	sb_simple(&b, HMO_READ, 6, anywhere(h), 0, HM_NONE);
	expect(&b, 0, "host-unsynchronized-read:6:h");
}
END_TEST

/* A read sees a pending copy only where the copy writes. */
START_TEST(pending_ranges)
{
	for (int how = 0; how < 4; how++) {
		struct sb b;
		sb_init(&b);
		int32_t h = sb_buf(&b, "h", HM_PINNED), d = sb_buf(&b, "d", HM_DEVICE);
		int32_t s = sb_stream(&b, "s", 0, 0);
		/* the second half, 64 bytes from 64 */
		sb_copy(&b, 2, at(h, 64), at(d, 64), 64, s, 1);
		struct hm_ref r = how == 0 ? at(h, 0) : how == 1 ? at(h, 64) : how == 2 ? at(h, 127)
				  : anywhere(h);
		sb_simple(&b, HMO_READ, 3, r, 0, HM_NONE);
		expect(&b, how, how == 1 || how == 2 ? "host-unsynchronized-read:3:h" : "");
	}
}
END_TEST

/* Results never copied: a host buffer nothing wrote, read after a launch. */
START_TEST(uncopied)
{
	for (int how = 0; how < 6; how++) {
		struct sb b;
		sb_init(&b);
		int32_t h = sb_buf(&b, "h_c", HM_HOST), d = sb_buf(&b, "d_c", HM_DEVICE);
		sb_simple(&b, HMO_ALLOC, 1, at(h, 0), 0, HM_NONE);
		if (how == 1)	/* read before any launch: not this mistake */
			sb_simple(&b, HMO_READ, 2, at(h, 0), 0, HM_NONE);
		struct hm_ref args[1] = { at(d, 0) };
		sb_launch(&b, 3, "k", HM_LEGACY, 1, args);
		if (how == 2)
			sb_copy(&b, 4, at(h, 0), at(d, 0), -1, HM_LEGACY, 0);
		if (how == 3)	/* a call given it, a store */
			sb_simple(&b, HMO_WRITE, 4, at(h, 0), 0, HM_NONE);
		if (how == 4)	/* the copy into another buffer */
			sb_copy(&b, 4, at(sb_buf(&b, "h_d", HM_HOST), 0), at(d, 0), -1, HM_LEGACY, 0);
		if (how != 1) {
			sb_simple(&b, HMO_READ, 5, anywhere(h), 0, HM_NONE);
			sb_simple(&b, HMO_READ, 6, anywhere(h), 0, HM_NONE);	/* said once */
		}
		if (how == 5)	/* a copy into it after the read: a loop's next turn reads it */
			sb_copy(&b, 7, at(h, 0), at(d, 0), -1, HM_LEGACY, 0);
		expect(&b, how, how == 0 || how == 4 ? "host-uncopied-read:5:h_c" : "");
	}
}
END_TEST

/* Streams: the legacy default stream orders blocking streams both ways,
** not non-blocking ones; an event waited for orders two streams; two
** readers never race; unknown streams race with nothing. */
START_TEST(stream_races)
{
	for (int how = 0; how < 11; how++) {
		struct sb b;
		sb_init(&b);
		int32_t d = sb_buf(&b, "d", HM_DEVICE), h = sb_buf(&b, "h", HM_HOST);
		int32_t s1 = sb_stream(&b, "s1", how == 1, 0), s2 = sb_stream(&b, "s2", 0, 0);
		int32_t u = sb_stream(&b, NULL, 1, 1);
		b.s.nevents = 1;
		struct hm_ref args[1] = { at(d, 0) };
		const char *want = "";
		switch (how) {
		case 0:	/* kernel on blocking s1, cudaMemcpy on the legacy stream */
		case 1:	/* ... s1 non-blocking */
			sb_launch(&b, 2, "w", s1, 1, args);
			sb_copy(&b, 3, at(h, 0), at(d, 0), 64, HM_LEGACY, 0);
			want = how == 1 ? "stream-race:3:d" : "";
			break;
		case 2:	/* upload on s1, kernel on s2 */
			sb_copy(&b, 2, at(d, 0), at(h, 0), 64, s1, 1);
			sb_launch(&b, 3, "r", s2, 1, args);
			want = "stream-race:3:d";
			break;
		case 3:	/* ... with an event between them */
			sb_copy(&b, 2, at(d, 0), at(h, 0), 64, s1, 1);
			sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), s1, 0);
			sb_simple(&b, HMO_WAIT, 4, at(HM_NONE, 0), s2, 0);
			sb_launch(&b, 5, "r", s2, 1, args);
			break;
		case 4:	/* ... the event waited for before it was recorded */
			sb_copy(&b, 2, at(d, 0), at(h, 0), 64, s1, 1);
			sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), s2, 0);
			sb_simple(&b, HMO_WAIT, 4, at(HM_NONE, 0), s2, 0);
			sb_launch(&b, 5, "r", s2, 1, args);
			want = "stream-race:5:d";
			break;
		case 5:	/* two readers */
			sb_launch(&b, 2, "r1", s1, 1, args);
			sb_launch(&b, 3, "r2", s2, 1, args);
			break;
		case 6:	/* a writer and a reader, other halves of the buffer */
			sb_copy(&b, 2, at(d, 64), at(h, 64), 64, s1, 1);
			sb_launch(&b, 3, "r", s2, 1, args);
			break;
		case 7:	/* an unknown stream */
			sb_copy(&b, 2, at(d, 0), at(h, 0), 64, u, 1);
			sb_launch(&b, 3, "w", s2, 1, args);
			break;
		case 9:	/* one kernel twice, the same scalar argument: the same part */
		case 10: {	/* ... a different one: its own part, maybe */
			struct hm_ref two[2] = { at(d, 0), { HM_NONE, HM_SCALAR, 0 } };
			sb_launch(&b, 2, "w", s1, 2, two);
			two[1].off = how == 10 ? 512 : 0;
			sb_launch(&b, 3, "w", s2, 2, two);
			want = how == 9 ? "stream-race:3:d" : "";
			break;
		}
		case 8:	/* the host waits for s1 in between */
			sb_copy(&b, 2, at(d, 0), at(h, 0), 64, s1, 1);
			sb_simple(&b, HMO_SYNC_STREAM, 3, at(HM_NONE, 0), s1, HM_NONE);
			sb_launch(&b, 4, "w", s2, 1, args);
			break;
		}
		expect(&b, how, want);
	}
}
END_TEST

/* The stream the walk could not name may be any: whatever waits for some
** stream covers it, and it races with nothing. */
START_TEST(unknown_stream)
{
	for (int how = 0; how < 4; how++) {
		struct sb b;
		sb_init(&b);
		int32_t h = sb_buf(&b, "h", HM_PINNED), d = sb_buf(&b, "d", HM_DEVICE);
		int32_t s = sb_stream(&b, "s", 0, 0), u = sb_stream(&b, NULL, 0, 1);
		b.s.nevents = 1;
		sb_copy(&b, 2, at(h, 0), at(d, 0), 64, u, 1);
		if (how == 1)
			sb_simple(&b, HMO_SYNC_STREAM, 3, at(HM_NONE, 0), s, HM_NONE);
		if (how == 2) {
			sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), s, 0);
			sb_simple(&b, HMO_SYNC_EVENT, 4, at(HM_NONE, 0), 0, 0);
		}
		if (how == 3) {	/* the legacy stream waits for it: a blocking stream */
			sb_simple(&b, HMO_RECORD, 3, at(HM_NONE, 0), HM_LEGACY, 0);
			sb_simple(&b, HMO_SYNC_EVENT, 4, at(HM_NONE, 0), 0, 0);
		}
		sb_simple(&b, HMO_READ, 5, at(h, 0), 0, HM_NONE);
		expect(&b, how, how == 0 ? "host-unsynchronized-read:5:h" : "");
	}
}
END_TEST

/* Managed memory: a kernel that may write it, then a host read; not when
** the host uses it with atomics too (3: shared on purpose). */
START_TEST(managed)
{
	for (int how = 0; how < 4; how++) {
		struct sb b;
		sb_init(&b);
		int32_t m = sb_buf(&b, "m", HM_MANAGED);
		b.s.bufs[m].atomic = how == 3;
		struct hm_ref args[1] = { at(m, 0) };
		sb_launch(&b, 2, how == 2 ? "r" : "w", HM_LEGACY, 1, args);
		if (how == 1)
			sb_simple(&b, HMO_SYNC_DEVICE, 3, at(HM_NONE, 0), 0, HM_NONE);
		sb_simple(&b, HMO_READ, 4, anywhere(m), 0, HM_NONE);
		expect(&b, how, how == 0 ? "host-unsynchronized-read:4:m" : "");
	}
}
END_TEST

/* Host stores while a copy or a kernel may still use the buffer: a copy
** from pinned memory (0) and into it (1), from pageable memory (2: staged
** before cudaMemcpyAsync returns), after a stream synchronization (3), a
** runtime call's out-parameter (4), a kernel only reading managed memory
** (5), a store at an unknown offset when the copy starts past the start
** (6) and at the start (7), a store outside the copied bytes (8). */
START_TEST(unsync_writes)
{
	static const char *const want[] = {
		"host-unsynchronized-write:5:h", "host-unsynchronized-write:5:h", "", "",
		"", "host-unsynchronized-write:5:m", "", "host-unsynchronized-write:5:h", "",
	};
	for (int how = 0; how < 9; how++) {
		struct sb b;
		sb_init(&b);
		int32_t s = sb_stream(&b, "s", 0, 0);
		int32_t h = sb_buf(&b, "h", how == 2 ? HM_HOST : HM_PINNED);
		int32_t d = sb_buf(&b, "d", HM_DEVICE);
		int32_t m = sb_buf(&b, "m", HM_MANAGED);
		if (how == 5) {
			struct hm_ref args[1] = { at(m, 0) };
			sb_launch(&b, 3, "r", s, 1, args);
		} else if (how == 1) {
			sb_copy(&b, 3, at(h, 0), at(d, 0), 4096, s, 1);
		} else {
			sb_copy(&b, 3, at(d, 0), at(h, how == 6 ? 1024 : 0), how == 8 ? 1024 : 4096, s, 1);
		}
		if (how == 3)
			sb_simple(&b, HMO_SYNC_STREAM, 4, at(HM_NONE, 0), s, HM_NONE);
		struct hm_ref where = how == 6 || how == 7 ? anywhere(h) : at(h, how == 8 ? 2048 : 8);
		sb_simple(&b, HMO_WRITE, 5, how == 5 ? at(m, 0) : where, 0, HM_NONE);
		if (how == 4)
			b.s.ops[b.s.nops - 1].runtime = 1;
		expect(&b, how, want[how]);
	}
}
END_TEST

/* ---- what a kernel may write --------------------------------------------- */

static const char may_write_src[] =
	"__device__ float get(const float *p, int i) { return p[i]; }\n"
	"__device__ void put(float *p, int i, float v) { p[i] = v; }\n"
	"struct box { float *p; };\n"
	"__global__ void k(const float *a, float *b, float *c, float *d, int *e, float *f,\n"
	"                  float *g, float *h, float *x, float *y, box *z, int n)\n"
	"{\n"
	"\tint i = threadIdx.x;\n"
	"\tfloat s = a[i] + get(c, i) + (i & 1 ? g[i] : h[i]);\n"
	"\tb[i] = s;\n"
	"\tput(d, i, s);\n"
	"\tatomicAdd(e, 1);\n"
	"\tmemcpy(f + 8, x + 8, 16);\n"
	"\tz->p = y;\n"
	"}\n";

/* struct param.may_write: a load, a device function's load, a select of
** two pointers and a memcpy's source read; a store, a device function's
** store, an atomic and a memcpy's destination write; a pointer stored to
** memory may be written through anywhere. */
START_TEST(may_write)
{
	if (!tu_need_clang("hostmap may_write", 0))
		return;
	static const char *const levels[] = { "-O0", "-O2" };
	for (int lv = 0; lv < 2; lv++) {
		char *bc = tu_compile_cu_opt(may_write_src, levels[lv]);
		struct loaded l;
		int fn = tu_load_kernel(bc, "k", &l);
		const struct func *f = &l.prog->funcs[fn];
		/* a b c d e f g h x y z n */
		static const uint8_t want[] = { 0, 1, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1 };
		ck_assert_uint_eq(f->nparams, sizeof want);
		for (uint32_t i = 0; i < f->nparams; i++)
			ck_assert_msg(f->params[i].may_write == want[i], "%s: parameter %s: may_write %d",
				      levels[lv], f->params[i].name, f->params[i].may_write);
		load_free(&l);
		unlink(bc);
		free(bc);
	}
}
END_TEST

/* ---- the corpus ----------------------------------------------------------- */

static const char *const programs[] = {
	"async_read_nosync", "copy_kernel_streams", "event_before_copy", "helper_launch_managed",
	"kernels_two_streams",
	"managed_read_nosync", "nonblocking_default_copy", "registered_read_nosync", "results_never_copied",
	"staging_refill", "stream_array_partials", "sync_wrong_stream",
};
#define NPROGRAMS (int)(sizeof programs / sizeof programs[0])

static const char *jstr(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsString(v) ? v->valuestring : "";
}

/* The .expect's findings as "kind file:line buffer" lines. */
static int read_expect(const char *path, char lines[][160], int max)
{
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: cannot open", path);
	char buf[160];
	int n = 0;
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (buf[0] == '#' || buf[0] == '\0')
			continue;
		ck_assert_msg(strncmp(buf, "finding ", 8) == 0, "%s: not a finding line: %s", path, buf);
		ck_assert_int_lt(n, max);
		memcpy(lines[n++], buf + 8, strlen(buf + 8) + 1);
	}
	fclose(f);
	return n;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

START_TEST(corpus)
{
	if (!tu_need_clang("hostmap corpus", 1))
		return;
	const char *name = programs[_i];
	const char *src = tu_env("SIMULEE_SRCDIR");
	char want[8][160], got[8][160];
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/hostmap/%s.expect", src, name);
	int nw = read_expect(path, want, 8);
	ck_assert_int_gt(nw, 0);
	qsort(want, (size_t)nw, sizeof want[0], cmp_str);
	for (int fixed = 0; fixed < 2; fixed++) {
		snprintf(path, sizeof path, "%s/kernels/hostmap/%s%s.cu", src, name, fixed ? "_fixed" : "");
		/* JSON: every finding, exactly */
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ path, "--format=json", NULL });
		ck_assert_msg(r.status == (fixed ? 0 : 1), "%s: exit %d: %s", path, r.status, r.err);
		cJSON *doc = tu_check_report_json(r.out);
		int ng = 0;
		const cJSON *f;
		cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "findings")) {
			const cJSON *l = tu_jat(f, "locations/0");
			const char *file = jstr(l, "file"), *base = strrchr(file, '/');
			ck_assert_int_lt(ng, 8);
			snprintf(got[ng++], 160, "%s %s:%d %s", jstr(f, "kind"), base ? base + 1 : file,
				 (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(l, "line")),
				 jstr(f, "where"));
			ck_assert_str_eq(jstr(f, "contract"), "host");
			ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(f, "launch")));
			ck_assert_str_eq(jstr(l, "function"), "main");
		}
		qsort(got, (size_t)ng, sizeof got[0], cmp_str);
		ck_assert_msg(ng == (fixed ? 0 : nw), "%s: %d findings, want %d (first: %s)", path, ng,
			      fixed ? 0 : nw, ng ? got[0] : "-");
		for (int i = 0; !fixed && i < nw; i++)
			ck_assert_str_eq(got[i], want[i]);
		cJSON_Delete(doc);
		tu_run_free(&r);
		if (fixed)
			break;
		/* text: each finding's first line, at its line, naming its buffer */
		tu_run_bin(&r, (const char *const[]){ path, NULL });
		ck_assert_int_eq(r.status, 1);
		for (int i = 0; i < nw; i++) {
			char kind[64], loc[96], buf[64], line[320];
			ck_assert_int_eq(sscanf(want[i], "%63s %95s %63s", kind, loc, buf), 3);
			snprintf(line, sizeof line, "%s: error: ", loc);
			const char *p = strstr(r.out, line);
			ck_assert_msg(p != NULL, "%s: no '%s' in the text report:\n%s", name, line, r.out);
			snprintf(line, sizeof line, "'%s'", buf);
			const char *nl = strchr(p, '\n');
			const char *q = strstr(p, line);
			ck_assert_msg(q != NULL && nl != NULL && q < nl, "%s: the text line names no %s", name,
				      line);
			ck_assert_ptr_nonnull(strstr(p, "contract: host (the program's own CUDA calls)"));
		}
		tu_run_free(&r);
		/* SARIF: a result per finding, its rule and line */
		tu_run_bin(&r, (const char *const[]){ path, "--format=sarif", NULL });
		ck_assert_int_eq(r.status, 1);
		cJSON *sarif = cJSON_Parse(r.out);
		ck_assert_ptr_nonnull(sarif);
		const cJSON *results = tu_jat(sarif, "runs/0/results");
		ck_assert_int_eq(cJSON_GetArraySize(results), nw);
		int ns = 0;
		cJSON_ArrayForEach(f, results) {
			const cJSON *reg = tu_jat(f, "locations/0/physicalLocation/region/startLine");
			char one[160];
			snprintf(one, sizeof one, "%s %s.cu:%d %s", jstr(f, "ruleId"), name,
				 (int)cJSON_GetNumberValue(reg), jstr(tu_jat(f, "properties"), "where"));
			snprintf(got[ns++], 160, "%s", one);
			ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(f, "codeFlows"));
		}
		qsort(got, (size_t)ns, sizeof got[0], cmp_str);
		for (int i = 0; i < nw; i++)
			ck_assert_str_eq(got[i], want[i]);
		cJSON_Delete(sarif);
		tu_run_free(&r);
	}
	printf("hostmap %s: %d finding%s as expected; the fix has none\n", name, nw, nw == 1 ? "" : "s");
}
END_TEST

/* Every program of kernels/hostmap is in the list above, with its fix. */
START_TEST(corpus_listed)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/hostmap", tu_env("SIMULEE_SRCDIR"));
	DIR *d = opendir(path);
	ck_assert_ptr_nonnull(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 3, ".cu") != 0)
			continue;
		n++;
		int known = 0;
		for (int i = 0; i < NPROGRAMS; i++) {
			size_t pl = strlen(programs[i]);
			known |= strncmp(e->d_name, programs[i], pl) == 0
				 && (strcmp(e->d_name + pl, ".cu") == 0 || strcmp(e->d_name + pl, "_fixed.cu") == 0);
		}
		ck_assert_msg(known, "kernels/hostmap/%s is not in check_hostmap.c's list", e->d_name);
	}
	closedir(d);
	ck_assert_int_eq(n, 2 * NPROGRAMS);
}
END_TEST

/* --dump-hostmap prints what the walk read, in program order. */
START_TEST(dump)
{
	if (!tu_need_clang("hostmap dump", 1))
		return;
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/hostmap/async_read_nosync.cu", tu_env("SIMULEE_SRCDIR"));
	struct tu_run r;
	tu_run_bin(&r, (const char *const[]){ path, "--dump-hostmap", "--generations", "0", NULL });
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err);
	static const char *const lines[] = {
		"main:\n", "  buf h_y pinned line 24\n", "  buf d_y device line 28\n", "  stream 2 s\n",
		"  31: copy d_x h_x 16384B @2\n  32: launch scale d_x d_y @2\n"
		"  33: copy h_y d_y 16384B @2\n  34: read h_y+4\n",
	};
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		ck_assert_msg(strstr(r.err, lines[i]) != NULL, "no '%s' in:\n%s", lines[i], r.err);
	tu_run_free(&r);
}
END_TEST

/* With --shard every shard finds the host findings and the first one
** reports them: the merge of the shards is the whole run's report. */
START_TEST(shards)
{
	if (!tu_need_clang("hostmap shards", 1))
		return;
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/hostmap/kernels_two_streams.cu", tu_env("SIMULEE_SRCDIR"));
	static const char *const fmt[] = { "--format=json", "--format=sarif" };
	for (int f = 0; f < 2; f++) {
		char *out[4];
		for (int i = 0; i < 4; i++) {
			out[i] = tu_tmpfile("", 0);
			char shard[16];
			snprintf(shard, sizeof shard, "%d/3", i);
			struct tu_run r;
			if (i == 0)
				tu_run_bin(&r, (const char *const[]){ path, fmt[f], "--output", out[i], NULL });
			else
				tu_run_bin(&r, (const char *const[]){ path, fmt[f], "--shard", shard, "--output",
								      out[i], NULL });
			/* the host finding is the first shard's */
			ck_assert_msg(r.status == (i <= 1 ? 1 : 0), "shard %d: exit %d: %s", i, r.status, r.err);
			tu_run_free(&r);
		}
		char *merged = tu_tmpfile("", 0);
		struct tu_run r;
		tu_run_bin(&r, (const char *const[]){ "--merge", out[1], out[2], out[3], fmt[f], "--output",
						      merged, NULL });
		ck_assert_msg(r.status == 1, "merge: exit %d: %s", r.status, r.err);
		tu_run_free(&r);
		cJSON *a[2];
		const char *files[2] = { out[0], merged };
		for (int k = 0; k < 2; k++) {
			FILE *fp = fopen(files[k], "r");
			ck_assert_ptr_nonnull(fp);
			char buf[1 << 16];
			size_t n = fread(buf, 1, sizeof buf - 1, fp);
			buf[n] = '\0';
			fclose(fp);
			a[k] = cJSON_Parse(buf);
			ck_assert_ptr_nonnull(a[k]);
		}
		const char *key = f ? "runs/0/results" : "findings";
		const cJSON *x = tu_jat(a[0], key), *y = tu_jat(a[1], key);
		ck_assert_int_eq(cJSON_GetArraySize(x), 1);
		ck_assert_msg(cJSON_Compare(x, y, 1), "%s: the merge's findings differ from the run's",
			      fmt[f]);
		for (int k = 0; k < 2; k++)
			cJSON_Delete(a[k]);
		for (int i = 0; i < 4; i++) {
			unlink(out[i]);
			free(out[i]);
		}
		unlink(merged);
		free(merged);
	}
}
END_TEST

Suite *hostmap_suite(void)
{
	Suite *s = suite_create("hostmap");
	TCase *tc = tcase_create("clocks");
	tcase_add_test(tc, async_copy_waits);
	tcase_add_test(tc, event_before_copy);
	tcase_add_test(tc, spaces_and_calls);
	tcase_add_test(tc, pending_ranges);
	tcase_add_test(tc, uncopied);
	tcase_add_test(tc, stream_races);
	tcase_add_test(tc, managed);
	tcase_add_test(tc, unsync_writes);
	tcase_add_test(tc, registered_span);
	tcase_add_test(tc, unknown_stream);
	tcase_add_test(tc, may_write);
	suite_add_tcase(s, tc);
	tc = tcase_create("corpus");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, corpus_listed);
	tcase_add_test(tc, dump);
	tcase_add_test(tc, registered_walk);
	tcase_add_test(tc, shards);
	suite_add_tcase(s, tc);
	/* the corpus' programs in two programs of their own, by halves */
	tc = tcase_create("hostmap corpus");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, corpus, 0, NPROGRAMS / 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("hostmap corpus 2");
	tcase_set_tags(tc, TESTS_OWN_PROGRAM);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, corpus, NPROGRAMS / 2, NPROGRAMS);
	suite_add_tcase(s, tc);
	return s;
}
