/*
** hostmap.c: see hostmap.h.
*/
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "detect/hostmap.h"
#include "report/report.h"

/* One device operation's use of a device buffer, kept for the stream races. */
struct touch {
	uint32_t op;		/* index in seq->ops */
	int32_t stream;
	uint32_t pos;		/* its position on the stream (1, 2, ...) */
	int32_t buf;
	int64_t lo, hi;		/* bytes [lo, hi); hi == lo: a point (a kernel's
				   argument), hi < 0: to the buffer's end */
	uint8_t write;
};

/* An asynchronous write of a host-visible buffer the host must wait for. */
struct pending {
	uint32_t op;
	int32_t stream;
	uint32_t pos;
	int32_t buf;
	int64_t lo, hi;		/* the bytes it uses; hi < 0: to the end */
	uint8_t write;		/* it writes them (else it only reads them) */
	uint8_t reported;	/* a host read of them was reported */
	uint8_t wreported;	/* a host write */
};

struct hmc {
	const struct hm_seq *seq;
	uint32_t S;		/* streams */
	uint32_t *clock;	/* S x S: stream s's clock at its last operation */
	uint32_t *host;		/* S: what the host has waited for */
	uint32_t *count;	/* S: operations enqueued on each stream */
	uint32_t *events;	/* nevents x S: the clock an event recorded */
	uint8_t *recorded;	/* nevents */
	uint32_t *cur;		/* S: the clock of the operation being enqueued */
	uint8_t *said;		/* per buffer: its host-uncopied-read was reported */
	uint8_t *pinned;	/* per buffer: pinned at the operation checked */
	struct touch *t;
	uint32_t nt, capt;
	struct pending *p;
	uint32_t np, capp;
	uint32_t last_launch;	/* op index + 1 of the latest launch, or 0 */
	uint8_t *ever_written;	/* per buffer: some operation of the function writes
				   it (a loop's next turn may have, before a read) */
	int32_t unknown;	/* the stream standing for those the walk could not
				   name (joined wherever it may be the one meant), or -1 */
	struct findings *out;
};

static uint32_t *clk(struct hmc *c, uint32_t s)
{
	return &c->clock[(size_t)s * c->S];
}

static void join(uint32_t *a, const uint32_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (b[i] > a[i])
			a[i] = b[i];
}

static int blocking(const struct hmc *c, int32_t s)
{
	return !c->seq->streams[s].nonblocking;
}

/* Enqueues an operation on stream S: its clock in c->cur, its position
** returned. */
static uint32_t enqueue(struct hmc *c, int32_t s)
{
	uint32_t *v = c->cur;
	memcpy(v, clk(c, (uint32_t)s), c->S * sizeof *v);
	join(v, c->host, c->S);
	if (s == HM_LEGACY) {
		/* the legacy stream waits for every blocking stream */
		for (uint32_t t = 0; t < c->S; t++)
			if (blocking(c, (int32_t)t))
				join(v, clk(c, t), c->S);
	} else if (blocking(c, s)) {
		join(v, clk(c, HM_LEGACY), c->S);
	}
	v[s] = ++c->count[s];
	memcpy(clk(c, (uint32_t)s), v, c->S * sizeof *v);
	return v[s];
}

static void sync_all(struct hmc *c)
{
	for (uint32_t t = 0; t < c->S; t++)
		join(c->host, clk(c, t), c->S);
}

static const char *stream_name(const struct hmc *c, int32_t s)
{
	if (s == HM_LEGACY)
		return "the default stream";
	if (s == HM_PER_THREAD)
		return "the per-thread default stream";
	return c->seq->streams[s].name ? c->seq->streams[s].name : "a stream";
}

static const char *op_words(const struct hm_op *o)
{
	switch (o->op) {
	case HMO_COPY: return o->async ? "cudaMemcpyAsync" : "cudaMemcpy";
	default: return o->async ? "cudaMemsetAsync" : "cudaMemset";
	}
}

/* "cudaMemcpyAsync at line 40 on stream 's1'", "the launch of vecadd at line 47 ..." */
static char *describe(const struct hmc *c, const struct hm_op *o)
{
	const char *sn = stream_name(c, o->stream);
	int quote = o->stream != HM_LEGACY && o->stream != HM_PER_THREAD
		    && c->seq->streams[o->stream].name != NULL;
	char *what = o->op == HMO_LAUNCH ? xasprintf("the launch of %s", o->kname ? o->kname : "a kernel")
		     : xstrdup(op_words(o));
	char *s = xasprintf("%s at line %" PRIu32 " on %s%s%s", what, o->line, quote ? "stream '" : "", sn,
			    quote ? "'" : "");
	free(what);
	return s;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* A finding of KIND at operation O (its line, its function) on buffer BUF,
** DETAIL owned; once per kind, place and buffer over every sequence
** checked into c->out (a helper walked at each of its calls, and on its
** own, says the same thing each time). */
static void add(struct hmc *c, enum finding_kind kind, const struct hm_op *o, int32_t buf, char *detail)
{
	const struct hm_fn *fns = c->seq->fns;
	const char *func = fns[o->fn < c->seq->nfn ? o->fn : 0].name;
	const char *file = o->fn < c->seq->nfn && fns[o->fn].file ? fns[o->fn].file : fns[0].file;
	const char *name = c->seq->bufs[buf].name;
	for (uint32_t i = 0; i < c->out->n; i++) {
		const struct finding *f = &c->out->v[i];
		if (f->kind == kind && f->loc.line == o->line && same_str(f->loc.func, func)
		    && same_str(f->loc.file, file) && same_str(f->where, name)) {
			free(detail);
			return;
		}
	}
	struct finding f = { 0 };
	f.kind = kind;
	f.func = FINDING_NO_SITE;
	f.loc.file = file;
	f.loc.func = func;
	f.loc.line = o->line;
	f.where = xstrdup(name);
	f.detail = detail;
	f.count = 1;
	f.launch = UINT32_MAX;
	f.contract = CL_HOST;
	f.severity = finding_severity(&f);
	f.second.func = FINDING_NO_SITE;
	VEC_PUSH(c->out->v, c->out->n, c->out->cap, f);
}

/* Whether [a.lo, a.hi) and [b.lo, b.hi) (points, open ends) share a byte. */
static int overlap(const struct touch *a, const struct touch *b)
{
	if (a->lo == a->hi && b->lo == b->hi)
		return a->lo == b->lo;
	if (a->lo == a->hi)
		return a->lo >= b->lo && (b->hi < 0 || a->lo < b->hi);
	if (b->lo == b->hi)
		return b->lo >= a->lo && (a->hi < 0 || b->lo < a->hi);
	return (b->hi < 0 || a->lo < b->hi) && (a->hi < 0 || b->lo < a->hi);
}

/* Whether launches A and B run one kernel with some integer argument
** different: each may work on its own part of the buffer (an offset, a
** chunk index), which the walk cannot see. */
static int parts_of_one_kernel(const struct hm_op *a, const struct hm_op *b)
{
	if (a->op != HMO_LAUNCH || b->op != HMO_LAUNCH || a->kernel == NULL || b->kernel == NULL
	    || strcmp(a->kernel, b->kernel) != 0 || a->nargs != b->nargs)
		return 0;
	for (uint32_t i = 0; i < a->nargs; i++) {
		const struct hm_ref *x = &a->args[i], *y = &b->args[i];
		if (x->off_known >= HM_SCALAR && (x->off_known != y->off_known || x->off != y->off))
			return 1;
	}
	return 0;
}

/* Operation OP (just enqueued, clock c->cur) uses device buffer R: a race
** with every earlier use on another stream it is not ordered after. */
static void touch(struct hmc *c, uint32_t op, uint32_t pos, struct hm_ref r, int64_t bytes, int point,
		  int write)
{
	const struct hm_op *o = &c->seq->ops[op];
	if (r.buf == HM_NONE || !r.off_known || c->seq->bufs[r.buf].space != HM_DEVICE)
		return;
	struct touch t = { op, o->stream, pos, r.buf, r.off, point ? r.off : bytes < 0 ? -1 : r.off + bytes,
			   (uint8_t)write };
	if (!point && bytes == 0)
		return;
	if (c->seq->streams[o->stream].unknown) {
		VEC_PUSH(c->t, c->nt, c->capt, t);
		return;
	}
	for (uint32_t i = 0; i < c->nt; i++) {
		const struct touch *a = &c->t[i];
		if (a->buf != t.buf || a->stream == t.stream || c->seq->streams[a->stream].unknown
		    || !(a->write || t.write) || c->cur[a->stream] >= a->pos || !overlap(a, &t))
			continue;
		const struct hm_op *ao = &c->seq->ops[a->op];
		if (parts_of_one_kernel(ao, o))
			continue;
		char *x = describe(c, ao), *y = describe(c, o);
		char *d = xasprintf("%s (%s) and %s (%s) are not ordered: no synchronization or "
				    "cudaStreamWaitEvent between them", x, a->write ? "writes" : "reads",
				    y, t.write ? "writes" : "reads");
		free(x);
		free(y);
		add(c, FK_STREAM_RACE, o, t.buf, d);
	}
	VEC_PUSH(c->t, c->nt, c->capt, t);
}

/* Operation OP (at POS on its stream) writes (WRITE) or reads host-visible
** R, BYTES of it (-1: up to the end) while the host goes on. */
static void pend(struct hmc *c, uint32_t op, uint32_t pos, struct hm_ref r, int64_t bytes, int write)
{
	if (r.buf == HM_NONE || !r.off_known)
		return;
	struct pending p = { op, c->seq->ops[op].stream, pos, r.buf, r.off, bytes < 0 ? -1 : r.off + bytes,
			     (uint8_t)write, 0, 0 };
	VEC_PUSH(c->p, c->np, c->capp, p);
}

/* Whether a host access at R may touch bytes P uses: at a known offset,
** when P covers it; at an unknown one (a loop over the buffer), when P
** starts at the buffer's start. */
static int reads_pending(const struct pending *p, struct hm_ref r)
{
	if (!r.off_known)
		return p->lo == 0;
	return r.off >= p->lo && (p->hi < 0 || r.off < p->hi);
}

/* The host reads O->dst (a load, or a call that may read it: CALL). */
static void host_read(struct hmc *c, const struct hm_op *o, int call)
{
	int32_t b = o->dst.buf;
	const struct hm_buf *hb = &c->seq->bufs[b];
	for (uint32_t i = 0; i < c->np; i++) {
		struct pending *p = &c->p[i];
		if (p->buf != b || !p->write || p->reported || hb->atomic || c->host[p->stream] >= p->pos
		    || !reads_pending(p, o->dst))
			continue;
		p->reported = 1;
		const struct hm_op *po = &c->seq->ops[p->op];
		char *x = describe(c, po), *d;
		if (po->op == HMO_LAUNCH)
			d = xasprintf("%s may still be writing it: no cudaDeviceSynchronize, "
				      "cudaStreamSynchronize or cudaEventSynchronize covers it", x);
		else
			d = xasprintf("%s may still be copying into it: no cudaStreamSynchronize, "
				      "cudaDeviceSynchronize or cudaEventSynchronize covers it", x);
		free(x);
		add(c, FK_HOST_UNSYNC_READ, o, b, d);
	}
	if (!call && (hb->space == HM_HOST || hb->space == HM_PINNED) && !hb->escapes && !c->said[b]
	    && !c->ever_written[b] && c->last_launch) {
		const struct hm_op *l = &c->seq->ops[c->last_launch - 1];
		char at[48] = "";
		if (hb->line)
			snprintf(at, sizeof at, "allocated at line %" PRIu32 "; ", hb->line);
		char *d = xasprintf("%s%s was launched at line %" PRIu32 ", but no cudaMemcpy from the "
				    "device, host store or call wrote '%s'", at,
				    l->kname ? l->kname : "a kernel", l->line, hb->name);
		add(c, FK_HOST_UNCOPIED_READ, o, b, d);
		c->said[b] = 1;
	}
}

/* The host stores into O->dst. */
static void host_write(struct hmc *c, const struct hm_op *o)
{
	int32_t b = o->dst.buf;
	const struct hm_buf *hb = &c->seq->bufs[b];
	for (uint32_t i = 0; i < c->np; i++) {
		struct pending *p = &c->p[i];
		if (p->buf != b || p->wreported || hb->atomic || c->host[p->stream] >= p->pos
		    || !reads_pending(p, o->dst))
			continue;
		p->wreported = 1;
		const struct hm_op *po = &c->seq->ops[p->op];
		char *x = describe(c, po);
		char *d = xasprintf("%s may still be %s it: no cudaStreamSynchronize, "
				    "cudaDeviceSynchronize or cudaEventSynchronize covers it", x,
				    po->op == HMO_LAUNCH ? (p->write ? "using" : "reading")
				    : p->write ? "copying into" : "copying from");
		free(x);
		add(c, FK_HOST_UNSYNC_WRITE, o, b, d);
	}
}

static void launch(struct hmc *c, uint32_t i, hm_may_write_fn may_write, void *ctx)
{
	const struct hm_op *o = &c->seq->ops[i];
	uint32_t pos = enqueue(c, o->stream);
	c->last_launch = i + 1;
	for (uint32_t a = 0; a < o->nargs; a++) {
		struct hm_ref r = o->args[a];
		if (r.buf == HM_NONE)
			continue;
		int w = may_write ? may_write(ctx, o->kernel ? o->kernel : "", a) : 1;
		uint8_t sp = c->seq->bufs[r.buf].space;
		if (sp == HM_DEVICE)
			touch(c, i, pos, r, 0, 1, w);
		else	/* managed, or host memory the kernel maps */
			pend(c, i, pos, r, -1, w);
	}
}

static int ref_ok(const struct hm_seq *s, struct hm_ref r)
{
	return r.buf == HM_NONE || (r.buf >= 0 && (uint32_t)r.buf < s->nbufs);
}

/* Whether operation O names only buffers, streams and events SEQ has (and
** a buffer where it must). */
static int op_ok(const struct hm_seq *seq, const struct hm_op *o)
{
	if (o->stream < 0 || (uint32_t)o->stream >= seq->nstreams || !ref_ok(seq, o->dst)
	    || !ref_ok(seq, o->src) || (o->event != HM_NONE && (o->event < 0 || (uint32_t)o->event >= seq->nevents)))
		return 0;
	for (uint32_t a = 0; o->op == HMO_LAUNCH && a < o->nargs; a++)
		if (!ref_ok(seq, o->args[a]))
			return 0;
	return !((o->op == HMO_ALLOC || o->op == HMO_READ || o->op == HMO_WRITE || o->op == HMO_CALL
		  || o->op == HMO_PIN || o->op == HMO_UNPIN)
		 && o->dst.buf == HM_NONE);
}

void hostmap_check(const struct hm_seq *seq, hm_may_write_fn may_write, void *ctx,
		   struct findings *out)
{
	struct hmc c = { .seq = seq, .S = seq->nstreams, .out = out };
	if (c.S < 2)
		return;
	c.clock = xcalloc((size_t)c.S * c.S, sizeof *c.clock);
	c.host = xcalloc(c.S, sizeof *c.host);
	c.count = xcalloc(c.S, sizeof *c.count);
	c.cur = xcalloc(c.S, sizeof *c.cur);
	c.events = xcalloc((size_t)(seq->nevents + 1) * c.S, sizeof *c.events);
	c.recorded = xcalloc(seq->nevents + 1, 1);
	c.said = xcalloc(seq->nbufs + 1, 1);
	c.ever_written = xcalloc(seq->nbufs + 1, 1);
	c.pinned = xcalloc(seq->nbufs + 1, 1);
	for (uint32_t b = 0; b < seq->nbufs; b++)
		c.pinned[b] = seq->bufs[b].space == HM_PINNED;
	for (uint32_t i = 0; i < seq->nops; i++) {
		const struct hm_op *o = &seq->ops[i];
		if (!op_ok(seq, o))
			continue;
		if (o->dst.buf != HM_NONE && (o->op == HMO_WRITE || o->op == HMO_CALL || o->op == HMO_COPY
					      || o->op == HMO_SET))
			c.ever_written[o->dst.buf] = 1;
		for (uint32_t a = 0; o->op == HMO_LAUNCH && a < o->nargs; a++)
			if (o->args[a].buf != HM_NONE)
				c.ever_written[o->args[a].buf] = 1;
	}
	c.unknown = -1;
	for (uint32_t t = 0; t < c.S; t++)
		if (seq->streams[t].unknown)
			c.unknown = (int32_t)t;
	for (uint32_t i = 0; i < seq->nops; i++) {
		const struct hm_op *o = &seq->ops[i];
		int32_t s = o->stream;
		if (!op_ok(seq, o))
			continue;
		switch (o->op) {
		case HMO_READ:
			host_read(&c, o, 0);
			break;
		case HMO_WRITE:
			if (!o->runtime)
				host_write(&c, o);
			break;
		case HMO_CALL:
			host_read(&c, o, 1);
			break;
		case HMO_COPY: {
			uint32_t pos = enqueue(&c, s);
			touch(&c, i, pos, o->src, o->bytes, 0, 0);
			touch(&c, i, pos, o->dst, o->bytes, 0, 1);
			/* only a copy into pinned memory leaves the host going on:
			** into pageable memory cudaMemcpyAsync returns once the
			** copy is done, and a copy involving managed memory is
			** synchronous (the runtime's "API synchronization
			** behavior") */
			int pinned = o->dst.buf != HM_NONE && c.pinned[o->dst.buf];
			if (o->async && pinned)
				pend(&c, i, pos, o->dst, o->bytes, 1);
			/* likewise only a copy from pinned memory still reads it
			** after cudaMemcpyAsync returns (from pageable memory the
			** runtime stages it first) */
			if (o->async && o->src.buf != HM_NONE && c.pinned[o->src.buf])
				pend(&c, i, pos, o->src, o->bytes, 0);
			int host_dst = o->dst.buf != HM_NONE && seq->bufs[o->dst.buf].space != HM_DEVICE;
			if (!o->async || (host_dst && !pinned))	/* the host waits for it */
				join(c.host, c.cur, c.S);
			break;
		}
		case HMO_SET: {
			uint32_t pos = enqueue(&c, s);
			touch(&c, i, pos, o->dst, o->bytes, 0, 1);
			break;
		}
		case HMO_LAUNCH:
			launch(&c, i, may_write, ctx);
			break;
		case HMO_PIN: case HMO_UNPIN:
			c.pinned[o->dst.buf] = o->op == HMO_PIN;
			break;
		case HMO_SYNC_DEVICE:
			sync_all(&c);
			break;
		case HMO_SYNC_STREAM:
			if (seq->streams[s].unknown || s == HM_LEGACY) {
				sync_all(&c);	/* the legacy stream: every blocking one */
			} else {
				join(c.host, clk(&c, (uint32_t)s), c.S);
				/* the unknown stream may be this one */
				if (c.unknown >= 0)
					join(c.host, clk(&c, (uint32_t)c.unknown), c.S);
			}
			break;
		case HMO_SYNC_EVENT:
			if (o->event == HM_NONE || !c.recorded[o->event])
				sync_all(&c);
			else
				join(c.host, &c.events[(size_t)o->event * c.S], c.S);
			break;
		case HMO_RECORD:
			enqueue(&c, s);
			if (o->event != HM_NONE) {
				uint32_t *ev = &c.events[(size_t)o->event * c.S];
				memcpy(ev, c.cur, c.S * sizeof *c.cur);
				if (c.unknown >= 0)	/* it may be the stream recorded on */
					join(ev, clk(&c, (uint32_t)c.unknown), c.S);
				c.recorded[o->event] = 1;
			}
			break;
		case HMO_WAIT:
			if (o->event == HM_NONE || !c.recorded[o->event]) {
				for (uint32_t t = 0; t < c.S; t++)
					join(clk(&c, (uint32_t)s), clk(&c, t), c.S);
			} else {
				join(clk(&c, (uint32_t)s), &c.events[(size_t)o->event * c.S], c.S);
			}
			break;
		default:
			break;
		}
	}
	free(c.clock);
	free(c.host);
	free(c.count);
	free(c.cur);
	free(c.events);
	free(c.recorded);
	free(c.said);
	free(c.ever_written);
	free(c.pinned);
	free(c.t);
	free(c.p);
}

static const char *const opk_names[] = {
	[HMO_ALLOC] = "alloc", [HMO_COPY] = "copy", [HMO_SET] = "set", [HMO_LAUNCH] = "launch",
	[HMO_READ] = "read", [HMO_WRITE] = "write", [HMO_CALL] = "call", [HMO_SYNC_DEVICE] = "sync-device",
	[HMO_SYNC_STREAM] = "sync-stream", [HMO_SYNC_EVENT] = "sync-event",
	[HMO_RECORD] = "record", [HMO_WAIT] = "wait", [HMO_PIN] = "pin", [HMO_UNPIN] = "unpin",
};

static void print_ref(FILE *out, const struct hm_seq *s, struct hm_ref r)
{
	if (r.buf == HM_NONE) {
		fputs(" ?", out);
		return;
	}
	fprintf(out, " %s", s->bufs[r.buf].name);
	if (!r.off_known)
		fputs("+?", out);
	else if (r.off)
		fprintf(out, "+%" PRId64, r.off);
}

void hostmap_print(FILE *out, const struct hm_seq *s)
{
	fprintf(out, "%s:\n", s->nfn > 0 && s->fns[0].name ? s->fns[0].name : "?");
	static const char *const spaces[] = { "device", "managed", "host", "pinned" };
	for (uint32_t i = 0; i < s->nbufs; i++)
		fprintf(out, "  buf %s %s line %" PRIu32 "%s\n", s->bufs[i].name,
			s->bufs[i].space < 4 ? spaces[s->bufs[i].space] : "?", s->bufs[i].line,
			s->bufs[i].escapes ? " escapes" : "");
	for (uint32_t i = 2; i < s->nstreams; i++)
		fprintf(out, "  stream %" PRIu32 " %s%s%s\n", i, s->streams[i].name ? s->streams[i].name : "?",
			s->streams[i].nonblocking ? " nonblocking" : "", s->streams[i].unknown ? " unknown" : "");
	for (uint32_t i = 0; i < s->nops; i++) {
		const struct hm_op *o = &s->ops[i];
		fprintf(out, "  %" PRIu32 ": %s", o->line, o->op < sizeof opk_names / sizeof *opk_names
			? opk_names[o->op] : "?");
		if (o->op == HMO_LAUNCH) {
			fprintf(out, " %s", o->kname ? o->kname : "?");
			for (uint32_t a = 0; a < o->nargs; a++)
				if (o->args[a].buf != HM_NONE)
					print_ref(out, s, o->args[a]);
		} else if (o->op != HMO_SYNC_DEVICE && o->op != HMO_SYNC_STREAM && o->op != HMO_SYNC_EVENT
			   && o->op != HMO_RECORD && o->op != HMO_WAIT) {
			print_ref(out, s, o->dst);
		}
		if (o->op == HMO_COPY)
			print_ref(out, s, o->src);
		if ((o->op == HMO_COPY || o->op == HMO_SET) && o->bytes >= 0)
			fprintf(out, " %" PRId64 "B", o->bytes);
		if ((o->op == HMO_COPY || o->op == HMO_SET) && !o->async)
			fputs(" sync", out);
		if (o->op == HMO_LAUNCH || o->async || o->op == HMO_SYNC_STREAM || o->op == HMO_RECORD
		    || o->op == HMO_WAIT)
			fprintf(out, " @%" PRId32, o->stream);
		if (o->op == HMO_RECORD || o->op == HMO_WAIT || o->op == HMO_SYNC_EVENT)
			fprintf(out, " e%" PRId32, o->event);
		fputc('\n', out);
	}
}
