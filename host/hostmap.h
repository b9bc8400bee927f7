/*
** hostmap.h: the CUDA runtime calls of a program's host code, in program
** order, as the host-side data mapping checks read them (docs/HOST-MAPPING.md).
** host/lower_hostmap.c builds them from the host IR while hostsite_read
** reads it; detect/hostmap.c checks them.  Nothing here needs LLVM.
**
** One struct hm_seq per host function that calls the runtime: its
** operations in the order of its blocks (a loop's body once, both arms of
** a branch), with the buffers, streams and events they name.  A buffer is
** what a cudaMalloc'd variable, a malloc, new[], cudaMallocHost or a local
** array holds; a stream or event is the variable (or constant array
** element) whose address cudaStreamCreate or cudaEventCreate was given.
** What the walk cannot name is HM_NONE: a pointer from a phi, a call the
** analysis does not know, a stream from an array indexed by a variable.
*/
#ifndef SIMULEE_INTERP_HOSTMAP_H
#define SIMULEE_INTERP_HOSTMAP_H

#include <stdint.h>

#define HM_NONE (-1)

/* Where a buffer lives. */
enum hm_space {
	HM_DEVICE,	/* cudaMalloc */
	HM_MANAGED,	/* cudaMallocManaged */
	HM_HOST,	/* malloc, new[], a local array: pageable */
	HM_PINNED,	/* cudaMallocHost, cudaHostAlloc (host memory
			   cudaHostRegister pins is HM_HOST, with HMO_PIN
			   and HMO_UNPIN where it changes) */
};

struct hm_buf {
	char *name;		/* the variable holding it (debug info), or a description */
	uint8_t space;		/* enum hm_space */
	uint8_t escapes;	/* its pointer goes where the walk does not follow
				   (stored to memory, a phi, a call): anything
				   may write it */
	uint8_t atomic;		/* the host uses it with atomics: shared with the
				   device on purpose, never an unsynchronized read */
	uint32_t line;		/* where it was allocated (0: unknown) */
};

/* Stream 0 is the legacy default stream, stream 1 the per-thread default
** stream (cudaStreamPerThread); the others are the program's. */
#define HM_LEGACY 0
#define HM_PER_THREAD 1

struct hm_stream {
	char *name;		/* "s", "streams[1]"; NULL for the two defaults */
	uint8_t nonblocking;	/* created with cudaStreamNonBlocking */
	uint8_t unknown;	/* stands for every stream the walk could not
				   name: blocking, a synchronization of it is one
				   of the device, any stream's synchronization or
				   event covers it (it may be that stream), and
				   it races with nothing */
};

/* A pointer: a buffer and a byte offset into it.  A launch's integer
** argument is one too, buf HM_NONE: off_known HM_SCALAR with the constant
** in off, or HM_SCALAR_VALUE with an identity of the SSA value (equal for
** the same value, nothing more). */
struct hm_ref {
	int32_t buf;		/* index in bufs, or HM_NONE */
	uint8_t off_known;	/* 0, 1, HM_SCALAR or HM_SCALAR_VALUE */
	int64_t off;
};
#define HM_SCALAR 2
#define HM_SCALAR_VALUE 3

enum hm_opk {
	HMO_ALLOC,	/* dst.buf is allocated (its contents undefined) */
	HMO_COPY,	/* dst = src, bytes (-1: unknown); async: on stream */
	HMO_SET,	/* memset of dst, bytes; async: on stream */
	HMO_LAUNCH,	/* kernel on stream, args */
	HMO_READ,	/* the host reads dst (a load) */
	HMO_WRITE,	/* the host writes dst (a store, a runtime call's
			   out-parameter) */
	HMO_CALL,	/* a call the walk does not follow is given dst: it may
			   read it, then write it */
	HMO_SYNC_DEVICE,	/* the host waits for all the device's work */
	HMO_SYNC_STREAM,	/* ... for stream's work */
	HMO_SYNC_EVENT,		/* ... for event */
	HMO_RECORD,	/* event recorded on stream */
	HMO_WAIT,	/* stream waits for event */
	HMO_PIN,	/* dst's host memory is pinned from here (cudaHostRegister) */
	HMO_UNPIN,	/* ... and pageable again (cudaHostUnregister) */
};

struct hm_op {
	uint8_t op;		/* enum hm_opk */
	uint8_t async;		/* HMO_COPY, HMO_SET: on stream, the host does not wait */
	uint8_t runtime;	/* HMO_WRITE: a runtime call's out-parameter (a
				   handle it fills), not a store of the program */
	uint32_t line;
	uint16_t fn;		/* the function it is in: hm_seq.fns (0: the
				   sequence's own; others: helpers walked at their calls) */
	struct hm_ref dst, src;
	int64_t bytes;		/* -1: unknown */
	int32_t stream;		/* index in streams (never HM_NONE: an unknown
				   stream is the one marked unknown) */
	int32_t event;		/* index in nevents, or HM_NONE (unknown) */
	char *kernel;		/* HMO_LAUNCH: the kernel's mangled device name */
	char *kname;		/* ... and its name as the source spells it ("vecAdd") */
	uint32_t nargs;
	struct hm_ref *args;	/* HMO_LAUNCH: per kernel parameter (buf HM_NONE
				   for what is no buffer) */
};

/* A function whose operations a sequence holds. */
struct hm_fn {
	char *name;		/* demangled */
	char *file;		/* its source file, or NULL */
};

struct hm_seq {
	struct hm_fn *fns;	/* the functions of the operations: the
				   sequence's own first (never none), then the
				   helpers walked at their calls */
	uint32_t nfn, capfn;
	struct hm_buf *bufs;
	uint32_t nbufs, capbufs;
	struct hm_stream *streams;
	uint32_t nstreams, capstreams;
	uint32_t nevents;
	struct hm_op *ops;
	uint32_t nops, capops;
	uint8_t truncated;	/* more operations than the walk keeps: the rest
				   are not checked */
};

void hm_seq_free(struct hm_seq *s);

#endif
