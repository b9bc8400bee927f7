/*
** hostsite.h: the launches a program's host code makes (its launch sites),
** read from the host side's LLVM IR (clang -x cuda --cuda-host-only
** -emit-llvm).  host/lower_host.c reads them; nothing here needs LLVM.
**
** Every `kernel<<<grid, block, shmem>>>(args)` and every cudaLaunchKernel
** call gives one site: the kernel it launches (mangled device name), and
** grid, block, dynamic shared bytes and scalar arguments as expressions
** over the host's unknowns (struct hvar: a host function's parameter, the
** result of a call such as atoi(argv[1]), a load from memory the analysis
** cannot follow).  A value that folds to a constant is an HX_CONST node;
** grid = (n + 255) / 256 with the `n` the kernel is also given is the same
** variable in both expressions, so the search instantiates the unknowns
** and computes the launch from them, keeping the relations.  A pointer
** argument's buffer size (bytes) is the size expression of the cudaMalloc
** (or cudaMallocManaged) that produced the pointer, where visible.  A
** struct passed by value gives the fields the host sets, by byte offset
** (nested structs and arrays flattened to their scalar leaves); a field of
** a host function's struct parameter is a variable ("p.n").
*/
#ifndef SIMULEE_INTERP_HOSTSITE_H
#define SIMULEE_INTERP_HOSTSITE_H

#include <stdint.h>
#include <stdio.h>

#include "base/util.h"
#include "kernels/runtime/simrt_proto.h"
#include "host/hostmap.h"

#define HX_NONE UINT32_MAX	/* no expression: unknown or not applicable */

/* Expression operators.  Integer operators work on WIDTH-bit values held
** in a uint64_t (zero-extended); comparisons give 0 or 1. */
enum hexpr_op {
	HX_CONST,	/* value: the bits (floats: IEEE bits of WIDTH 32 or 64) */
	HX_VAR,		/* value: index in hostsites.vars */
	HX_ADD, HX_SUB, HX_MUL, HX_UDIV, HX_SDIV, HX_UREM, HX_SREM,
	HX_SHL, HX_LSHR, HX_ASHR, HX_AND, HX_OR, HX_XOR,
	HX_ZEXT, HX_SEXT, HX_TRUNC,	/* a: operand; width: the result's */
	HX_ICMP,	/* pred (enum hexpr_pred): a ? b */
	HX_SELECT,	/* a ? b : c */
	HX_SMIN, HX_SMAX, HX_UMIN, HX_UMAX,
	HX_FADD, HX_FSUB, HX_FMUL, HX_FDIV,	/* floats of WIDTH 32 or 64 */
	HX_SITOFP, HX_UITOFP, HX_FPTOSI, HX_FPTOUI, HX_FPEXT, HX_FPTRUNC,
	/* C's math functions on a float of WIDTH 32 or 64 (ceil and ceilf,
	** and their llvm.* intrinsics), as the C library computes them */
	HX_FCEIL, HX_FFLOOR, HX_FTRUNC, HX_FROUND, HX_FRINT, HX_FSQRT, HX_FABS,
	HX_FLOG2, HX_FEXP2, HX_FLOG, HX_FEXP,	/* a: the operand */
	HX_FMIN, HX_FMAX, HX_FPOW,		/* a, b */
};

enum hexpr_pred { HP_EQ, HP_NE, HP_ULT, HP_ULE, HP_UGT, HP_UGE, HP_SLT, HP_SLE,
		  HP_SGT, HP_SGE };

/* One expression node; operands are indices of earlier nodes. */
struct hexpr {
	uint8_t op;		/* enum hexpr_op */
	uint8_t width;		/* bits of the result, 1..64 */
	uint8_t is_float;	/* the result is a float of WIDTH bits */
	uint8_t pred;		/* HX_ICMP */
	uint32_t a, b, c;
	uint64_t value;		/* HX_CONST: bits; HX_VAR: variable index */
};

/* One unknown of the host code. */
struct hvar {
	char *name;		/* source name where debug info has one ("n",
				   "argc"), else a description ("atoi(...)") */
	uint8_t width;
	uint8_t is_float;
	uint8_t is_signed;	/* from debug info or use; default 1 */
	/* Values the host code is seen to give it (a constant argument at every
	** call of the host function whose parameter it is), or none. */
	uint64_t *seen;
	uint32_t nseen;
	/* The host reads it back from device memory (a cudaMemcpy
	** device-to-host or cudaMemcpyFromSymbol into it, on some path to
	** the read): what a kernel computed, which the search makes up as
	** it makes up buffer contents (docs/CONTRACTS.md, rule 12). */
	uint8_t from_device;
};

/* What the branches before a launch site say of one unknown: the program
** reaches the site only with LO <= value <= HI (the value as the variable's
** signedness reads it: a check that exits on a bad argument, a loop's
** condition).  Values the search gives the variable at that site keep to it. */
struct hbound {
	uint32_t var;		/* index in hostsites.vars */
	int64_t lo, hi;
};

/* One scalar field of a struct passed by value, by its byte offset in the struct. */
struct hfield {
	uint32_t off;		/* byte offset in the struct */
	uint32_t expr;		/* expression (its width and is_float say the field's type), never HX_NONE */
};

/* One launch site. */
struct hsite {
	char *kernel;		/* the kernel's mangled device-side name */
	char *file;		/* the launch's source location (debug info) */
	uint32_t line, col;
	uint32_t grid[3], block[3];	/* expressions (HX_CONST 1 when absent) */
	uint32_t shmem;		/* dynamic shared bytes */
	uint32_t nargs;
	uint32_t *args;		/* per kernel parameter: expression, or HX_NONE
				   (a pointer, a struct, an unknown) */
	uint32_t *buf_bytes;	/* per kernel parameter: bytes of the buffer a
				   pointer argument points to, or HX_NONE;
				   before hostsites_link, a host function's
				   pointer parameter is its bytes variable
				   ("bytes(x)", struct hparam.bytes) */
	char **argname;		/* per kernel parameter: its source name (the
				   device stub's debug info), or NULL */
	uint32_t *nfields;	/* per kernel parameter: fields known of a struct passed by value (0: none or not a struct) */
	struct hfield **fields;	/* per kernel parameter: nfields[p] fields, by offset, or NULL */
	char ***fieldname;	/* per kernel parameter: nfields[p] source names
				   ("n", "in.lo", "a[2]"; debug info), each
				   NULL where none is known, or NULL */
	uint8_t *uninit;	/* per kernel parameter: 1 when the pointer is a
				   cudaMalloc'd buffer that nothing the host may
				   do before the launch writes (no copy to it, no
				   memset, no store, no earlier launch given it):
				   the launch finds it unwritten */
	struct hbound *bounds;	/* nbounds, at most one per variable */
	uint32_t nbounds;
	/* Conditions the program holds to on every path to the launch that
	** no interval says (`t < n - 1` in a loop over n, `n % 16 == 0` that
	** main exits without, a loop counter past its start: `i <= m - 1`
	** counting down from m - 1): HX_ICMP expressions over the variables,
	** each 1 at every launch the program makes.  The search keeps to
	** them as to the bounds. */
	uint32_t *guards;
	uint32_t nguards;
};

/* Hops of a path through memory from a pointer parameter (struct
** hparam.deref): a closure's by-value capture is one, a by-reference
** capture two (the closure's field, then the variable it points to). */
#define HPATH_MAX 4

/* A host function's parameter (or a field of its struct parameter) that
** became a variable: its callers give it a value (hostsites_link). */
struct hparam {
	char *fn;		/* the function's symbol */
	char *base;		/* its identifier ("run" of ns::run<4>(int)) */
	uint32_t unit;		/* the hostsite_read that defined it */
	uint32_t arg;		/* its IR parameter */
	uint32_t bit;		/* where the variable's bits start in that
				   parameter (a struct passed by value in
				   registers: the field's), or in the struct a
				   byval parameter points to */
	uint8_t width, is_float;
	uint8_t byval;		/* the IR parameter points to the struct */
	uint8_t local;		/* internal linkage: only its own file calls it */
	uint8_t bytes;		/* VAR is the bytes of the buffer pointer
				   parameter ARG points to (a site's
				   buf_bytes), bound to a call's bytes slice */
	uint8_t deref;		/* 0, or VAR is the scalar read through
				   pointer parameter ARG along DEREF hops: at
				   hop[0] bytes past ARG's address when DEREF
				   is 1, else at hop[1] past the pointer read
				   there, and so on (a closure's captures);
				   BIT is 0 */
	uint32_t hop[HPATH_MAX];
	uint32_t var;		/* index in hostsites.vars */
};

/* What one direct call of a host function passes: bits of its IR
** arguments as expressions of the caller's values. */
struct hslice {
	uint32_t arg, bit;
	uint8_t width, is_float;
	uint8_t byval;		/* bits of the struct a byval argument points to */
	uint8_t bytes;		/* the bytes of the buffer a pointer argument
				   points to (its cudaMalloc's size), 64 bits */
	uint8_t deref;		/* the scalar read through pointer argument
				   ARG along DEREF hops (struct hparam.deref) */
	uint32_t hop[HPATH_MAX];
	uint32_t expr;
};

/* One direct call of a host function (defined here or elsewhere) that
** passes a scalar or a struct: what it passes, and what the branches on
** every path to it say of the caller's unknowns. */
struct hcall {
	char *fn;		/* the callee's symbol */
	char *from;		/* the caller's symbol, or NULL */
	uint32_t unit;		/* the hostsite_read that read the caller */
	struct hslice *sl;
	uint32_t nsl;
	struct hbound *bounds;
	uint32_t nbounds;
	uint32_t *guards;	/* conditions on the way that are no bound
				   (`n % 16 == 0`), on the arguments' unknowns */
	uint32_t nguards;
};

/* A value read from memory that other host code writes, whose values are
** those stores (hostsites_link): a scalar field of a struct read through
** a pointer (KEY the struct's tag, "BPNN"; OFF its byte), or a global
** variable read where no store before the read is seen (KEY its symbol). */
struct hmemvar {
	char *key;
	char *member;		/* the field's member or the global's source
				   name ("hidden_n", "layer_size"), or NULL */
	uint32_t off;
	uint8_t width, is_float;
	uint8_t global;
	uint8_t local;		/* a global of internal linkage: its file's stores only */
	uint32_t unit;		/* the hostsite_read that read it */
	uint32_t var;		/* index in hostsites.vars */
};

/* Where the function that made a store goes on into other code after it:
** a call of CALLEE (its symbol), or a return (CALLEE NULL), with what the
** conditions on every path there say of the stored value's unknowns. */
struct hpoint {
	char *callee;
	struct hbound *bounds;
	uint32_t nbounds;
	uint32_t *guards;
	uint32_t nguards;
};

/* A store to such memory (KEY, OFF and GLOBAL as struct hmemvar's), or a
** write the reader cannot follow. */
struct hmstore {
	char *key;
	uint32_t off;
	uint8_t width, is_float, global;
	uint8_t local;		/* a global of internal linkage */
	uint8_t whole;		/* may write any field: a memcpy or memset of
				   the struct, or VIA given its address */
	char *via;		/* whole: the function only declared where it
				   is called, which counts when no file read
				   defines it; else NULL */
	uint32_t unit;
	char *fn;		/* the storing function's symbol; NULL for a
				   global's initializer (always made) */
	uint32_t expr;		/* the value; HX_NONE: not followed (a field's
				   address given to a call) */
	struct hbound *bounds;	/* the conditions at the store on EXPR's unknowns */
	uint32_t nbounds;
	uint32_t *guards;
	uint32_t nguards;
	struct hpoint *pts;	/* where the function goes on after it (at
				   most 16; none when more) */
	uint32_t npts;
};

/* A host function that writes values read back from the device into
** the buffer its pointer parameter ARG points to: a device-to-host copy
** into it, or a store of a value computed from memory such a copy wrote
** (bucket sizes from counts copied back), in the function itself. */
struct hdevarg {
	char *fn;		/* the function's symbol */
	uint32_t arg;
	uint32_t unit;		/* the hostsite_read that defined it */
	uint8_t local;		/* internal linkage: only its own file calls it */
};

/* A variable read from a buffer that a call of FN (by symbol), before
** the read, was given as argument ARG: read back from the device when
** the program's FN is a struct hdevarg of ARG (hostsites_link). */
struct hgiven {
	uint32_t var;
	char *fn;
	uint32_t arg;
	uint32_t unit;		/* the hostsite_read that read it */
};

/* A phi that became variable VAR takes expression EXPR on some edge: it
** is read back when EXPR uses a variable that is (hostsites_link). */
struct hphidep {
	uint32_t var, expr;
};

/* The device the host reader takes the program to run on (--device) is
** a struct simrt_device (kernels/runtime/simrt_proto.h): a device query
** the host makes (cudaGetDeviceProperties's fields,
** cudaDeviceGetAttribute) reads as what `simulee-c run` gives on it.
** The value device D gives field FIELD of struct cudaDeviceProp
** ("maxThreadsPerBlock", "maxGridSize[0]"), or attribute ATTR (its number
** in enum cudaDeviceAttr) of cudaDeviceGetAttribute: 0 with *VALUE, or -1
** for one it does not know (D may be NULL: none known). */
int hdevice_prop(const struct simrt_device *d, const char *field, int64_t *value);
int hdevice_attr(const struct simrt_device *d, int attr, int64_t *value);

struct hostsites {
	/* set by the caller before reading, or NULL: device queries are unknowns */
	const struct simrt_device *dev;
	struct hexpr *x;
	uint32_t nx, capx;
	struct hvar *vars;
	uint32_t nvars, capvars;
	struct hsite *s;
	uint32_t ns, caps;
	/* the runtime calls of each host function that makes them, for the
	** host-side data mapping checks (host/hostmap.h) */
	struct hm_seq *seqs;
	uint32_t nseqs, capseqs;
	/* for hostsites_link: the parameters that became variables and the
	** calls that pass them values, per file read: direct calls, and a
	** call through a function-pointer parameter as a call of each
	** function the callers pass there (other calls through pointers are
	** not seen: a function whose address is taken is bound by these
	** alone) */
	struct hparam *params;
	uint32_t nparams, capparams;
	struct hcall *calls;
	uint32_t ncalls, capcalls;
	/* memory other host code writes: the reads and the stores, and the
	** functions each file read defines and calls (a store or call in a
	** function nothing calls is never made) */
	struct hmemvar *mvars;
	uint32_t nmvars, capmvars;
	struct hmstore *mstores;
	uint32_t nmstores, capmstores;
	char **defined;
	uint32_t ndefined, capdefined;
	char **called;
	uint32_t ncalled, capcalled;
	/* buffers other functions fill with read-back values: the
	** functions, the variables read from buffers given to calls, the
	** phis' edges (hostsites_link marks what they read back) */
	struct hdevarg *devargs;
	uint32_t ndevargs, capdevargs;
	struct hgiven *given;
	uint32_t ngiven, capgiven;
	struct hphidep *phideps;
	uint32_t nphideps, capphideps;
	uint32_t nunits;	/* hostsite_read calls so far */
	uint32_t nunbound;	/* sites hostsites_link dropped (unbound) */
};

/* Reads the launch sites of host IR file PATH (.ll or .bc) and appends them
** (with their variables and expressions) to *HS.  Returns 0, or a negative
** SIM_ERR_* with *err filled; *HS keeps what it had then. */
int hostsite_read(const char *path, struct hostsites *hs, struct sim_error *err);

void hostsites_free(struct hostsites *hs);

/*
** After every file of the program is read: binds the parameters of host
** functions that the sites' expressions use to what the functions'
** callers pass, across the files read (by symbol; a function of internal
** linkage by its own file's calls).  A site inside a function with
** callers becomes one site per call (the arguments' expressions put in
** for the parameters, the call's path conditions added to its bounds; a
** call whose constants break the site's bounds reaches no launch and
** gives none), up to 8 levels of callers and 64 sites per launch.  A site
** whose shape, shared size, scalars or fields depend on a parameter of a
** function that nothing read calls (not main, its address never taken)
** is dropped: the program may never launch it so (hs->nunbound counts
** them); such a parameter in a buffer's size only leaves the size
** unknown.  A function whose address is taken is bound by the calls
** recorded (struct hcall), as any other.  A scalar a function reads through its pointer
** parameter (a closure's capture: struct hparam deref) takes what each
** call's pointer leads to along the same path.  A field read through a pointer or a global read
** (struct hmemvar) becomes one site per store the program makes to it
** (its value put in, the conditions the storing function keeps to
** added); one with a write the reader did not follow stays a variable.
** Where a file read defines main, calls and stores in a function nothing
** read calls are never made.  First, a variable read from a buffer given
** to a function that fills it with read-back values (struct hgiven,
** struct hdevarg) is read back itself (struct hvar from_device), and so
** is a phi that takes one on some edge (struct hphidep).
*/
void hostsites_link(struct hostsites *hs);

/* The base names (identifiers, "launch_x", "run" of "ns::run(int)") of
** the functions whose callers hostsites_link would look for and none
** read so far calls, as a NULL-terminated array (freed by the caller
** with its strings), or NULL when there are none: the files to compile
** next are those that name one. */
char **hostsites_wanted(const struct hostsites *hs);

/* The device-side mangled name of the kernel whose host stub is STUB
** (_Z23__device_stub__sum_rowsPKfPfi -> _Z8sum_rowsPKfPfi; templates and
** namespaces keep their shape); a copy of STUB when it is no stub. */
char *hostsite_kernel_name(const char *stub);

/* Evaluates expression E with variable I set to VARS[i].  Returns 0 with
** the bits in *OUT, or -1 when the value is undefined (division by zero,
** a variable with no value, HX_NONE). */
int hexpr_eval(const struct hostsites *hs, uint32_t e, const uint64_t *vars, uint64_t *out);

/* Variable V's value X (its width's bits) as its signedness reads it. */
int64_t hvar_value(const struct hvar *v, uint64_t x);

/* Whether value X of variable V keeps to the site bound B of V. */
int hbound_holds(const struct hostsites *hs, const struct hbound *b, uint64_t x);

/* Marks in USED (one byte per variable) the variables site S's launch
** depends on: its shape, shared size, scalars, fields and buffer sizes. */
void hostsite_vars(const struct hostsites *hs, const struct hsite *s, uint8_t *used);

/* Whether guard G of a site holds for VARS: 1, or 0 when it fails; a
** guard that cannot be evaluated (a division by zero) holds. */
int hguard_holds(const struct hostsites *hs, uint32_t g, const uint64_t *vars);

/* Guard G as `V' PRED E`, V' an integer variable (or its widening) that
** expression E does not use: 0 with *VAR, *E and *PRED (enum
** hexpr_pred) set, or -1 when neither side of G is one. */
int hguard_split(const struct hostsites *hs, uint32_t g, uint32_t *var, uint32_t *e, unsigned *pred);

/* Marks in USED (one byte per variable) the variables E depends on. */
void hexpr_vars(const struct hostsites *hs, uint32_t e, uint8_t *used);

/* Whether expression E depends on no variable (HX_NONE: no). */
int hexpr_is_const(const struct hostsites *hs, uint32_t e);

/* Prints expression E as C-like text ("(n + 255) / 256"); unsigned
** operators carry a u ("/u", "<u", ">>u"), casts name the width ("(i64)n",
** "(u64)n" for a zero extension); HX_NONE prints "?". */
void hexpr_print(const struct hostsites *hs, uint32_t e, FILE *out);

/* One line per site: `file:line: kernel <<<grid.x=EXPR, ..., shmem=EXPR>>>
** (n=EXPR, p={n=EXPR, +8=EXPR}, ...) bufs: in=EXPR bytes, out=EXPR bytes
** uninit`, then the values
** seen for each variable the line uses and the site's bounds on them
** ("1 <= n <= 4096") and its guards ("if t < n - 1").  A struct's fields are named by
** debug info, else by their byte offset. */
void hostsite_print(const struct hostsites *hs, FILE *out);

#endif
