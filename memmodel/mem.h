/*
** mem.h: the simulated memory of a launch.
**
** Every simulated pointer is a tagged 64-bit value: allocation id in the high
** 22 bits, a 42-bit field below.  An allocation's byte 0 sits in the middle
** of its field (MEM_BASE), so its pointer keeps its provenance for 2 TiB of
** arithmetic either way: a[-1], or a pointer moved a terabyte, is still a
** pointer of a's allocation, out of its bounds, and never one of the
** allocation next to it (ARBALEST checks an access against the allocation
** its pointer was derived from).  Translation is O(1), pointer arithmetic
** works on the offset, and an access is always checked against its
** allocation, so a kernel can never touch host memory.  Allocations of
** unknown size (pointer arguments without --size) are sparse: pages appear on
** first touch and there are no bounds to check above; below byte 0 there
** are.
*/
#ifndef SIMULEE_MEM_H
#define SIMULEE_MEM_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#define MEM_OFF_BITS 42
#define MEM_OFF_MASK ((UINT64_C(1) << MEM_OFF_BITS) - 1)
#define MEM_BASE (UINT64_C(1) << (MEM_OFF_BITS - 1))
#define MEM_MAX_ALLOCS (1u << (64 - MEM_OFF_BITS))
/* OFF may be negative (below byte 0); MEM_OFF gives it back as a uint64_t
** that wraps (cast to int64_t for the signed value) */
#define MEM_PTR(id, off) (((uint64_t)(id) << MEM_OFF_BITS) + MEM_BASE + (uint64_t)(off))
#define MEM_ID(p) ((uint32_t)((p) >> MEM_OFF_BITS))
#define MEM_OFF(p) (((p) & MEM_OFF_MASK) - MEM_BASE)
/* The most bytes one allocation can have.  A sparse one (no size) has at
** most MEM_SPARSE_MAX_ELEMS elements, the most an int index reaches (and
** fewer than --size takes, so a replayed size is always one it accepts):
** an access further away, as through an unsigned index that wrapped below
** 0, is out of bounds, not the start of a 16 GiB buffer. */
#define MEM_MAX_SIZE MEM_BASE
#define MEM_SPARSE_MAX_ELEMS (UINT64_C(1) << 31)

/* The last allocation id is never handed out: it tags function addresses,
** whose offset is the function's index in the program.  So every function
** has its own address, and a load, store or call through a pointer that is
** not what it claims to be faults instead of hitting something. */
#define MEM_FUNC_ID (MEM_MAX_ALLOCS - 1)
#define MEM_FUNC_PTR(fn) MEM_PTR(MEM_FUNC_ID, fn)

/* The id before it is never handed out either: address arithmetic (a
** GEP) that moves a pointer past its allocation's 2 TiB either way, which
** would change the id in its top bits and land in another allocation,
** gives a pointer to it instead, which no access gets through. */
#define MEM_WILD_ID (MEM_MAX_ALLOCS - 2)
#define MEM_WILD_PTR MEM_PTR(MEM_WILD_ID, 0)
/* R, the result of address arithmetic on pointer A: R, or MEM_WILD_PTR
** when it left A's allocation.  Branch-free, in the 64-bit operations
** SSE2 has (no 64-bit compare), so the lane loops still vectorise. */
static inline uint64_t mem_keep_id(uint64_t r, uint64_t a)
{
	uint64_t d = (r ^ a) >> MEM_OFF_BITS;
	uint64_t m = 0 - ((d | (0 - d)) >> 63);
	return (r & ~m) | (MEM_WILD_PTR & m);
}
#define MEM_KEEP_ID(r, a) mem_keep_id((r), (a))

#define MEM_PAGE_BITS 12
#define MEM_PAGE_SIZE (1u << MEM_PAGE_BITS)

/* Why an access failed. */
enum mem_fault {
	MF_NONE = 0,
	MF_NULL,	/* allocation id 0: a null (or small integer) pointer */
	MF_INVALID,	/* no such allocation, or it was freed */
	MF_OOB,		/* past the end of a sized allocation, or below byte 0 */
	MF_MISALIGNED,	/* not naturally aligned */
	MF_READONLY,	/* a store to __constant__ or kernel parameter memory */
	MF_BUDGET,	/* more bytes than the memory budget (struct mem limit) */
};
const char *mem_fault_name(enum mem_fault f);

struct mem_pages;
struct tex_desc;

/* Array dimensions kept for naming (tile[2][5]); deeper ones are folded
** into the innermost index. */
#define MEM_MAX_DIMS 4

struct mem_alloc {
	uint8_t space;		/* enum addrspace of the program */
	uint8_t sparse;		/* size unknown: pages, no bounds */
	uint8_t readonly;
	uint8_t live;
	uint8_t elem;		/* enum elem_type, for name[index] */
	uint8_t ndims;		/* dims[] used: a multi-dimensional array */
	uint32_t elem_size;
	const uint32_t *dims;	/* extents, outermost first (not owned) */
	uint64_t size;		/* bytes (sparse: the highest byte touched + 1) */
	uint8_t *data;		/* dense allocations */
	struct mem_pages *pages;	/* sparse allocations */
	const char *name;	/* not owned */
	uint8_t uninit;		/* starts uninitialized (--init X=uninit): a read
				   of a byte no access wrote is a finding */
	uint8_t external;	/* data is memory the caller owns (simulee-c
				   run's memory shared with the program): never
				   freed here */
	uint8_t *written;	/* an uninit allocation that lives across
				   launches (simulee-c run): a bit a byte, set
				   where a launch or the host wrote; launches
				   start from it and add to it (owned); NULL:
				   each launch starts with nothing written */
	uint8_t heap;		/* a device malloc's block: outlives its block of
				   threads; freed, it keeps its id (not live) */
	const struct tex_desc *tex;	/* the backing buffer of a texture or
					   surface object: its descriptor
					   (core/tex.h; not owned), else NULL */
};

/* The device heap's size: cudaLimitMallocHeapSize's default, 8 MiB.  A
** malloc that does not fit in what is left returns NULL. */
#define MEM_HEAP_LIMIT (UINT64_C(8) << 20)

/*
** The memory the launches a process runs at once draw from together (the
** search's workers): --max-memory bytes of simulated memory and shadow
** (docs/DECISIONS.md, "One memory budget per process").  Each launch has
** limits of its own (struct mem limit, mam_options max_bytes), derived
** from the budget alone, so what it finds never depends on what runs
** beside it; the pool only refuses a launch whose neighbours hold what it
** would take, and the caller runs such a launch again, alone.  A launch
** drawing alone is never refused.  Shared between threads: the counters
** are C11 atomics.
*/
struct mem_pool {
	uint64_t cap;			/* bytes */
	_Atomic uint64_t used;		/* bytes held now, by every launch */
	_Atomic uint64_t peak;		/* the most held at once */
	_Atomic uint32_t running;	/* launches drawing now */
	_Atomic uint64_t refusals;	/* draws refused (mem_pool_take -1) */
};

void mem_pool_init(struct mem_pool *p, uint64_t cap);
/* A launch starts or stops drawing from P (NULL: nothing). */
void mem_pool_enter(struct mem_pool *p);
void mem_pool_leave(struct mem_pool *p);
/* Takes N bytes from P: 0, or -1, taking nothing, when they would pass
** P's cap while another launch draws from it.  P NULL: 0. */
int mem_pool_take(struct mem_pool *p, uint64_t n);
/* Takes N bytes whatever the cap (memory already allocated). */
void mem_pool_add(struct mem_pool *p, uint64_t n);
/* Gives back N bytes taken or added. */
void mem_pool_give(struct mem_pool *p, uint64_t n);

struct mem {
	struct mem_alloc *a;
	uint32_t n, cap;
	uint64_t heap_used;	/* bytes of live heap blocks */
	/* The memory budget (--max-memory): bytes that dense allocations and
	** sparse pages may hold together; a sparse page or a local array the
	** kernel would add past it is a fault (MF_BUDGET), not a host
	** allocation.  0: no limit. */
	uint64_t limit;
	uint64_t used;		/* bytes held now */
	/* The process's pool the bytes are drawn from as well (not owned;
	** NULL: none), and whether it refused some (set, never cleared): the
	** launch then met its neighbours' memory, not its own limit, and its
	** result is not its own (a page past it faulted MF_BUDGET). */
	struct mem_pool *pool;
	uint8_t pool_refused;
};

void mem_init(struct mem *m);
void mem_free(struct mem *m);

/* Creates an allocation and returns its id.  Dense allocations are zeroed.
** NAME is not copied.  Returns 0 when the id space is exhausted. */
uint32_t mem_new(struct mem *m, uint8_t space, uint64_t size, const char *name);
uint32_t mem_new_sparse(struct mem *m, uint8_t space, const char *name);

/* An allocation of SIZE bytes in SPACE over DATA, memory the caller owns
** and keeps for as long as the allocation lives (external).  Placed at id
** AT when AT is a free id below m->n (not live, no memory), else at a new
** id; 0 when the id space is exhausted. */
uint32_t mem_new_external(struct mem *m, uint32_t at, uint8_t space, uint64_t size, uint8_t *data,
			  const char *name);

/* Frees allocation ID's memory (cudaFree): its id stays taken, not live,
** so a later access through it is an invalid pointer, not another
** buffer's. */
void mem_release(struct mem *m, uint32_t id);

/* Marks bytes [OFF, OFF + N) of allocation ID written (its `written`
** bits, when it has them). */
void mem_mark_written(struct mem *m, uint32_t id, uint64_t off, uint64_t n);

/* Frees every allocation with id >= first but heap blocks (the ids above
** the last heap block become free again). */
void mem_release_from(struct mem *m, uint32_t first);

/* A copy of SRC in *DST, which owns all of its memory (an external
** allocation's bytes too): the same ids, contents, written bits, budget
** and heap. */
void mem_clone(struct mem *dst, const struct mem *src);
/* A device malloc of SIZE bytes in SPACE (global): a heap block's id, or 0
** when the heap (MEM_HEAP_LIMIT) or the id space is exhausted. */
uint32_t mem_heap_alloc(struct mem *m, uint8_t space, uint64_t size);

/* Frees heap block ID (live); its id stays taken, not live, so a later
** access or free through it is told apart from a wild pointer. */
void mem_heap_free(struct mem *m, uint32_t id);

/* The slow path of mem_ptr: sparse pages and faults. */
uint8_t *mem_ptr_slow(struct mem *m, uint64_t p, unsigned size, int write,
		      enum mem_fault *fault);

/* The host address of SIZE bytes (1, 2, 4, 8 or 16, naturally aligned) at
** simulated pointer P, or NULL with *fault set. */
static inline uint8_t *mem_ptr(struct mem *m, uint64_t p, unsigned size, int write,
			       enum mem_fault *fault)
{
	uint32_t id = MEM_ID(p);
	uint64_t off = MEM_OFF(p);
	if (id < m->n) {
		struct mem_alloc *a = &m->a[id];
		/* off wraps below byte 0: off + size then wraps too */
		if (a->data != NULL && off + size <= a->size && off < a->size
		    && (off & (size - 1)) == 0
		    && !(write && a->readonly))
			return a->data + off;
	}
	return mem_ptr_slow(m, p, size, write, fault);
}

/* Byte-range copies between simulated memory and the host (memcpy, memset,
** argument set-up, dumps).  Return 0, or the fault of the first bad byte
** with *bad_ptr set to it.  A range of a sparse allocation that passes its
** bound faults there (MF_OOB), and one that surely needs more new pages
** than the budget has left at its first byte (MF_BUDGET), before anything
** is touched, so a kernel-chosen length of 2^40 costs no time; otherwise
** the first page past the budget faults (MF_BUDGET). */
enum mem_fault mem_read(struct mem *m, uint64_t p, void *dst, uint64_t n, uint64_t *bad_ptr);
enum mem_fault mem_write(struct mem *m, uint64_t p, const void *src, uint64_t n, uint64_t *bad_ptr);
enum mem_fault mem_fill(struct mem *m, uint64_t p, uint8_t byte, uint64_t n, uint64_t *bad_ptr);
/* memmove within simulated memory: N bytes from SRC to DST, overlapping or
** not, through no host buffer of N bytes.  Faults as mem_read (the source
** first) and mem_write. */
enum mem_fault mem_copy(struct mem *m, uint64_t dst, uint64_t src, uint64_t n, uint64_t *bad_ptr);
/* Whether SIZE more bytes fit in M's budget. */
static inline int mem_fits(const struct mem *m, uint64_t size)
{
	return m->limit == 0 || (m->used <= m->limit && size <= m->limit - m->used);
}

/* Reads a NUL-terminated string of at most max bytes (printf formats). */
char *mem_strdup(struct mem *m, uint64_t p, size_t max);

/* "s[3]" for tagged address P: its allocation's name and the element index
** (by the allocation's element size), one index per dimension for arrays
** of arrays ("tile[2][5]"), and "+N" for byte N inside a larger element
** (a struct: "pts[1]+4"); "" when the allocation has no name. */
void mem_name_addr(const struct mem *m, uint64_t p, char *buf, size_t n);

/* The room's public header: the rest of its interface, for the rooms
** that include it (HACKING.md, "The rooms"). */
#include "memmodel/mam.h"

#endif
