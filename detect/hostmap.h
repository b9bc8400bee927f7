/*
** hostmap.h: the host-side data mapping checks (docs/HOST-MAPPING.md), on
** the runtime calls of one host function in program order
** (host/hostmap.h).
**
** Ordering is vector clocks, one per stream and one for the host: an
** operation enqueued on a stream comes after what that stream and the
** host have reached, the legacy default stream joins every blocking stream
** both ways, a host synchronization joins a stream's clock (or every
** clock) into the host's, and an event carries its stream's clock from
** cudaEventRecord to cudaEventSynchronize or cudaStreamWaitEvent.  Four
** mistakes are findings (contract host, no launch of their own):
**   FK_HOST_UNCOPIED_READ   the host reads a host buffer nothing wrote (no
**                           store, no call given it, no copy into it) after
**                           a kernel was launched;
**   FK_HOST_UNSYNC_READ     the host reads a host buffer an asynchronous
**                           copy from the device may still be writing, or a
**                           managed buffer a kernel still running may write;
**   FK_STREAM_RACE          two operations on different streams touch the
**                           same device bytes, one writing, unordered;
**   FK_HOST_UNSYNC_WRITE    the host stores into a host buffer an
**                           asynchronous copy may still be reading (from
**                           pinned memory) or writing (into it), or a
**                           managed or mapped buffer a kernel still
**                           running may use.
*/
#ifndef SIMULEE_DETECT_HOSTMAP_H
#define SIMULEE_DETECT_HOSTMAP_H

#include <stdint.h>
#include <stdio.h>

#include "core/program.h"
#include "host/hostsite.h"

/* Whether kernel KERNEL (mangled device name) may write through its pointer
** parameter PARAM: 1 when unknown. */
typedef int (*hm_may_write_fn)(void *ctx, const char *kernel, uint32_t param);

/* Appends the findings of SEQ to *OUT.  Their source locations point into
** SEQ's strings (its file and function): keep SEQ until they are written. */
void hostmap_check(const struct hm_seq *seq, hm_may_write_fn may_write, void *ctx,
		   struct findings *out);

/* SEQ as text, a line per buffer, stream and operation ("40: copy h_y d_y
** 16384B @2"), for --dump-hostmap and the tests. */
void hostmap_print(FILE *out, const struct hm_seq *seq);

#endif
