/*
** program.h: the lowered program, simulee-c's own bytecode.
**
** A program is what the lowering leaves after the LLVM module is disposed:
** functions as flat arrays of fixed-size instructions, a constant pool,
** global variables with their initial bytes, static memory-access sites and
** barriers with source locations.  Nothing here refers to LLVM.
** See docs/BYTECODE.md for the design (slots, phis as edge moves, layout).
*/
#ifndef SIMULEE_PROGRAM_H
#define SIMULEE_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "core/elem.h"
#include "core/opcodes.h"
#include "core/tex.h"
#include "memmodel/mem.h"

enum opcode {
#define OPC_ENUM(name, meaning) OP_##name,
	SIMULEE_OPCODES(OPC_ENUM)
#undef OPC_ENUM
	OP__COUNT
};

extern const char *const prog_opcode_names[OP__COUNT];

/* An operand: a register slot of the current frame, or, with OPND_CONST
** set, an index into the program's constant pool. */
#define OPND_CONST 0x80000000u
#define OPND_NONE  0xffffffffu

struct insn {
	uint16_t op;
	uint8_t w;
	uint8_t f;
	uint32_t d;
	uint32_t a, b, c;
	uint32_t x;
	int64_t imm;
};
_Static_assert(sizeof(struct insn) == 32, "instructions are 32 bytes");

/* Integer compare predicates (ICMP f). */
enum { ICMP_EQ, ICMP_NE, ICMP_UGT, ICMP_UGE, ICMP_ULT, ICMP_ULE,
       ICMP_SGT, ICMP_SGE, ICMP_SLT, ICMP_SLE };

/* Float compare predicates (FCMP f), as LLVM numbers them. */
enum { FCMP_FALSE, FCMP_OEQ, FCMP_OGT, FCMP_OGE, FCMP_OLT, FCMP_OLE, FCMP_ONE,
       FCMP_ORD, FCMP_UNO, FCMP_UEQ, FCMP_UGT, FCMP_UGE, FCMP_ULT, FCMP_ULE,
       FCMP_UNE, FCMP_TRUE };

/* Special registers (SREG f). */
enum sreg {
	SREG_TID_X, SREG_TID_Y, SREG_TID_Z,
	SREG_NTID_X, SREG_NTID_Y, SREG_NTID_Z,
	SREG_CTAID_X, SREG_CTAID_Y, SREG_CTAID_Z,
	SREG_NCTAID_X, SREG_NCTAID_Y, SREG_NCTAID_Z,
	SREG_LANEID, SREG_WARPID, SREG_NWARPID, SREG_WARPSIZE,
	SREG_LANEMASK_EQ, SREG_LANEMASK_LT, SREG_LANEMASK_LE,
	SREG_LANEMASK_GT, SREG_LANEMASK_GE,
	SREG_CLOCK, SREG_CLOCK64, SREG_GLOBALTIMER, SREG_SMID, SREG_NSMID,
	SREG_GRIDID,
	SREG_DYNAMIC_SMEM_SIZE,	/* the launch's dynamic shared bytes */
	/* the driver's environment registers: 1 and 2 hold the high and
	** low halves of the cooperative launch's grid workspace, which
	** cooperative groups' grid sync counts arrivals in (exec/launch.c) */
	SREG_ENVREG0, SREG_ENVREG1, SREG_ENVREG2,
	SREG__COUNT
};
_Static_assert(SREG__COUNT <= 64, "a function's own_sregs has a bit per register");

/* Conversions (CVT f).  w is the integer width, imm the destination
** integer width where it differs. */
enum cvt {
	CVT_F32_TO_SI, CVT_F32_TO_UI, CVT_F64_TO_SI, CVT_F64_TO_UI,
	CVT_SI_TO_F32, CVT_UI_TO_F32, CVT_SI_TO_F64, CVT_UI_TO_F64,
	CVT_F32_TO_F64, CVT_F64_TO_F32, CVT_F16_TO_F32, CVT_F32_TO_F16,
	CVT_F16_TO_F64, CVT_F64_TO_F16,
	CVT_F32_TO_SI_SAT, CVT_F32_TO_UI_SAT, CVT_F64_TO_SI_SAT, CVT_F64_TO_UI_SAT,
	CVT_BF16_TO_F32, CVT_F32_TO_BF16
};

/* Floating-point formats (FPCLASS f). */
enum { FMT_F16, FMT_BF16, FMT_F32, FMT_F64 };

/* Rounding modes (CVT x, FRND x). */
enum { RND_NEAREST, RND_ZERO, RND_DOWN, RND_UP, RND_NEAREST_INT_DEFAULT };

/* Atomic read-modify-write operations (ATOMIC f). */
enum atomic_op {
	AT_XCHG, AT_ADD, AT_SUB, AT_AND, AT_NAND, AT_OR, AT_XOR, AT_MAX, AT_MIN,
	AT_UMAX, AT_UMIN, AT_FADD, AT_FSUB, AT_FMAX, AT_FMIN, AT_UINC, AT_UDEC,
	AT_FADD64, AT_FSUB64, AT_FMAX64, AT_FMIN64
};

/* TRAP f: how a thread stops. */
enum { TRAP_UNREACHABLE, TRAP_TRAP, TRAP_EXIT, TRAP_BRKPT };

/* VSIMD f: the PTX video SIMD operations (w = 8 for the four-way forms,
** 16 for the two-way ones) and dp4a / dp2a. */
enum vsimd { VS_ADD, VS_SUB, VS_ABSDIFF, VS_AVRG, VS_MIN, VS_MAX, VS_SET,
	     VS_DP4A, VS_DP2A_LO, VS_DP2A_HI };
/* VSIMD x: signedness of a, b and d, saturation, accumulate into c
** (.add) instead of merging, and the vset comparison above VSF_CMP_SHIFT. */
enum { VSF_ASIGNED = 1, VSF_BSIGNED = 2, VSF_DSIGNED = 4, VSF_SAT = 8, VSF_ADD = 16 };
#define VSF_CMP_SHIFT 8
enum { VSC_EQ, VSC_NE, VSC_LT, VSC_LE, VSC_GT, VSC_GE };

/* TEX w: integer coordinates (a texel index), and what the destination
** takes (float bits, or signed or unsigned integers). */
enum { TEXW_INTCOORDS = 1, TEXW_F32 = 0, TEXW_S32 = 2, TEXW_U32 = 4 };

/* Memory scopes (ATOMIC/CMPXCHG imm, FENCE f). */
enum scope { SCOPE_BLOCK, SCOPE_DEVICE, SCOPE_SYSTEM, SCOPE_THREAD };

/* The f field of LOAD and STORE: atomic (or PTX strong), volatile, and the
** atomic's scope as SCOPE_* + 1 from bit LDF_SCOPE_SHIFT (0: none given,
** system). */
#define LDF_ATOMIC 1u
#define LDF_VOLATILE 2u
#define LDF_SCOPE_SHIFT 2
#define LDF_SCOPE(sc) ((uint8_t)(((sc) + 1u) << LDF_SCOPE_SHIFT))

/* A source location (from !dbg).  file and func point into the program's
** string storage; line 0 means unknown. */
struct srcloc {
	const char *file;
	const char *func;
	uint32_t line, col;
};

/* Address spaces of NVPTX, which are also the spaces of allocations. */
enum addrspace { AS_GENERIC = 0, AS_GLOBAL = 1, AS_SHARED = 3, AS_CONST = 4,
		 AS_LOCAL = 5, AS_PARAM = 101 };

/*
** Dependence masks (core/deps.c): what a value can depend on through
** data flow (not through the branches that decide whether it is computed),
** from the lowered code alone.  A loop's induction variables also take
** what the loop's exit conditions depend on, since that bounds the values
** they take (k in `for (k = 0; k < blockDim.x; k++)` is DEP_NTID_X).
** Laneid and the lane masks count as threadIdx.x; the warp index as every
** thread coordinate and blockDim.x, .y.  A pointer kernel parameter is a
** base (no bit), a scalar one or a field of a by-value struct DEP_PARAM;
** what a load, an atomic, a call of a function without code or a warp
** collective returns is DEP_DATA plus what its operands depend on, but
** for what the thread's own local arrays hold (what it stored there) and
** a device function's result, which its summary gives from the call's
** arguments.
*/
enum dep {
	DEP_TID_X = 1u << 0, DEP_TID_Y = 1u << 1, DEP_TID_Z = 1u << 2,		/* threadIdx */
	DEP_NTID_X = 1u << 3, DEP_NTID_Y = 1u << 4, DEP_NTID_Z = 1u << 5,	/* blockDim */
	DEP_CTAID_X = 1u << 6, DEP_CTAID_Y = 1u << 7, DEP_CTAID_Z = 1u << 8,	/* blockIdx */
	DEP_NCTAID = 1u << 9,		/* gridDim, any component */
	DEP_PARAM = 1u << 10,		/* a scalar kernel parameter (dynamic shared size too) */
	DEP_DATA = 1u << 11,		/* memory, atomics, opaque calls, shuffles, votes, clocks */
};
#define DEP__COUNT 12
/* Parameters struct site's params tells apart (core/deps.c). */
#define PROG_DEP_PARAMS 48
#define DEP_ALL ((1u << DEP__COUNT) - 1)

/* Writes MASK as its names joined by ", " ("nothing" for 0) into BUF of N
** bytes (truncated, always terminated); returns BUF. */
char *prog_dep_print(uint16_t mask, char *buf, size_t n);

/* A static memory-access or barrier site: every LOAD, STORE, ATOMIC,
** CMPXCHG, MEMCPY, MEMSET and BARRIER carries one (insn x); every CALL
** (insn a) and ICALL (insn imm) one of kind SITE_CALL. */
struct site {
	uint32_t func;		/* function index */
	uint32_t pc;		/* instruction index in that function */
	uint8_t kind;		/* SITE_* */
	uint8_t space;		/* address space the IR names, or AS_GENERIC */
	uint16_t size;		/* access size in bytes */
	uint16_t dep;		/* DEP_* of the address (SITE_CALL: of the
				   arguments; SITE_BARRIER: 0) */
	/* With DEP_PARAM: which of the kernel's scalar and by-value struct
	** parameters, by index (bit I: parameter I, the first
	** PROG_DEP_PARAMS; a later one sets no bit), the address depends on;
	** 0 for a device function's own site reached from no kernel */
	uint64_t params;
	/* Which of the kernel's pointer and by-value struct parameters (bit I:
	** parameter I, the first PROG_DEP_PARAMS) hold memory whose contents
	** the address depends on: values loaded through them (or through
	** pointers loaded from them), directly, through arithmetic, or as a
	** loop's bound (core/deps.c); 0 for an address no loaded value gives */
	uint64_t bufs;
	/* SITE_CALL: the DEP_* mask of the arguments the callee takes as
	** pointers alone (where a header's function stores through them) */
	uint16_t ptr_dep;
	struct srcloc loc;
	/* A load or store of a vector or aggregate is lowered to one access
	** per element, each with a site: the bytes of the whole access and
	** this element's place in it (0 for the first, and for a scalar,
	** whose WHOLE is SIZE).  What the hardware splits into passes and
	** sectors is the whole access (exec/exec.c, "Performance"). */
	uint16_t whole;
	uint8_t part;
};
enum { SITE_LOAD, SITE_STORE, SITE_ATOMIC, SITE_CMPXCHG, SITE_MEMCPY,
       SITE_MEMSET, SITE_BARRIER, SITE_CALL };


/* A launch dimension (grid or block), as CUDA's dim3. */
struct dim3 {
	uint32_t x, y, z;
};

/* A kernel or device-function parameter. */
struct param {
	char *name;		/* source name, or "argN" (see positional) */
	uint8_t positional;	/* no name in the bitcode: name is "arg" + position */
	uint8_t is_ptr;		/* pointer (buffer) argument */
	uint8_t byval;		/* struct passed by value (pointer to param space) */
	uint8_t elem;		/* enum elem_type guessed for a pointer, ET_NONE if unknown */
	uint8_t may_write;	/* a pointer its code may write through (any store,
				   atomic, memcpy/memset destination or call it
				   cannot follow); 1 for every other parameter */
	uint32_t nslots;	/* slots it occupies (scalars: 1) */
	uint32_t size;		/* bytes of the scalar, or of the byval struct */
	uint32_t nfields;	/* byval: scalar fields, flattened */
	uint32_t *field_off;	/* byval: byte offset of each field */
	uint8_t *field_type;	/* byval: enum elem_type (ET_U64 for pointers) */
	uint8_t type;		/* scalars: enum elem_type (pointers: ET_U64) */
	/* From debug info; nothing (0, NULL) where it is absent, optimised
	** away or not what was expected. */
	int64_t *enums;		/* an integer scalar of an enum type: the values of
				   its enumerators, sorted and distinct (as int64_t:
				   an unsigned 64-bit value past INT64_MAX is negative) */
	uint32_t nenums;	/* 0: not an enum, or unknown */
	char **field_name;	/* nfields: each field's source path ("stride",
				   "inner.x", "v[2]"), NULL where unknown (a union,
				   a bit-field, padding); the array is NULL when the
				   struct's type is unknown */
	uint32_t *field_nenums;	/* nfields: enumerators of an enum-typed field
				   (0: none); NULL when no field is an enum */
	int64_t **field_enums;	/* nfields: their values as enums above, NULL
				   where none; NULL with field_nenums */
	uint32_t *fns;		/* a kernel's pointer-to-function parameter: the
				   functions of the module whose debug-info type
				   is the one it points to, in module order */
	const char **fn_names;	/* nfns: each one's name as --arg takes it (the
				   demangled name without its parameters,
				   "twice"; in the program's strings) */
	uint32_t nfns;		/* 0: none, or not such a parameter */
	/* A pointer whose pointee holds pointers (debug info): a state struct
	** pointing at a table, an array of float*.  Each element of its buffer
	** (INNER_STRIDE bytes) has NINNER pointers, at INNER_OFF, to elements
	** of INNER_ELEM; INNER_NAME is how their buffers are named: "->table"
	** after the parameter's name, or "*" before it (every element's
	** buffers share the name of element 0's). */
	uint32_t ninner;
	uint32_t inner_stride;
	uint32_t *inner_off;
	uint8_t *inner_elem;
	char **inner_name;
	uint8_t *field_elem;	/* nfields: a pointer field's pointee element
				   type (ET_NONE: unknown or no pointer); NULL
				   when the struct's type is unknown */
	uint8_t texobj;		/* enum tex_kind: a cudaTextureObject_t or
				   cudaSurfaceObject_t (its typedef in debug
				   info), TEXOBJ_NONE for anything else */
	struct tex_desc texdef;	/* texobj: the descriptor it gets when the
				   user gives none (tex_default, from the
				   fetches the program makes) */
};

/* Frees what parameter PA owns (not PA itself). */
void prog_param_free(struct param *pa);

struct func {
	char *name;		/* mangled */
	char *demangled;	/* demangled, or a copy of name */
	struct insn *code;
	uint32_t ncode;
	uint32_t *line;		/* source line per instruction (0 unknown) */
	uint32_t nslots;	/* register slots of one frame */
	uint32_t nparams;
	struct param *params;	/* parameters; param i starts at slot param_slot[i] */
	uint32_t *param_slot;
	uint32_t ret_slots;
	uint8_t is_kernel;
	uint8_t is_header;	/* defined in the CUDA headers or our prelude: its
				   accesses and barriers are reported at the call */
	const char *file;	/* source file of the definition, or NULL */
	uint32_t decl_line;
	/* Kernel parameters (bits as struct site params) that a conditional
	** branch of this function compares with a thread or block coordinate
	** (`if (i + k < n)`: a bounds check by them; core/deps.c) */
	uint64_t guards;
	/* The same, per coordinate the compared value reads (0 to 2:
	** threadIdx.x, .y, .z; 3 to 5: blockIdx.x, .y, .z): the scalars a
	** branch checks that coordinate against (`if (h >= nh) return;` with
	** h = blockIdx.y puts nh in guard_at[4]; rule 7's `n == gridDim.y`
	** and `n == gridDim.z` ask only blockIdx along their side) */
	uint64_t guard_at[6];
	/* Kernel parameters that a comparison of this function sets, on their
	** own (no coordinate, nothing read from memory), against a thread or
	** block coordinate (`i < n`, `j < d.rows`): the counts and lengths the
	** kernel bounds its threads by, never an offset added to a
	** coordinate (`i + k < n` counts n, not k; docs/CONTRACTS.md, rules 8
	** and 9) */
	uint64_t counts;
	/* The special registers (bit per enum sreg) this function's code
	** reads outside the toolkit's headers: what the kernel's author
	** reads, not cub's generic code inlined into it (docs/CONTRACTS.md,
	** rule 10) */
	uint64_t own_sregs;
	/* The constant strides this function's code numbers the block's
	** threads by (rule 15; lower/linear.c): lin_width the least K of a
	** sum threadIdx.x + K * threadIdx.y, lin_rows the least L of one that
	** adds K * L * threadIdx.z; 0 where there is none */
	uint32_t lin_width, lin_rows;
	/* The extern __shared__ array (gvar index + 1; 0 none) this
	** function's code names first: what a launch of it calls the
	** dynamic shared segment (program_dyn_var) */
	uint32_t dyn_var;
};

/* A global variable (__device__, __constant__, __shared__, string). */
struct gvar {
	char *name;
	char *demangled;
	uint8_t space;		/* AS_GLOBAL, AS_CONST, AS_SHARED */
	uint8_t dynamic_shared;	/* extern __shared__ x[] */
	uint8_t elem;		/* element type for name[index] reports */
	uint8_t ndims;		/* array dimensions (0: a scalar or a struct) */
	uint32_t elem_size;	/* innermost element: scalar or struct */
	uint32_t dims[MEM_MAX_DIMS];	/* extents, outermost first */
	uint64_t size;
	uint8_t *init;		/* initial bytes (NULL: uninitialized) */
	uint32_t alloc_id;	/* fixed allocation id of this variable */
	uint8_t shared;		/* alloc_id is a program loaded before's
				   (load_options' shared_var): no id of its own */
	uint8_t alias;		/* dynamic_shared, and alloc_id is the module's
				   first extern __shared__ array's: no id of its own */
	uint8_t texref;		/* a texture reference (`texture<float, 1> t`):
				   its 8 bytes hold a texture object handle */
	struct tex_desc texdef;	/* texref: the descriptor of the made-up
				   buffer a launch binds it to (tex_default,
				   from its declared type) */
};

/* No variable: a subscript or a local array not tied to a gvar. */
#define PROG_NO_VAR UINT32_MAX

/* A subscript check (SUBCHK insn x): a non-constant index into an array
** dimension that the allocation's own bounds do not cover, i.e. an inner
** dimension of a multi-dimensional array, or an array member of a struct,
** of a shared, local, __device__ or __constant__ variable. */
struct subscript {
	uint32_t func, pc;	/* the SUBCHK */
	uint32_t var;		/* gvar index, or PROG_NO_VAR for a local (alloca) */
	const char *name;	/* the variable as declared, "tile[16][16]" (strings) */
	uint32_t member;	/* byte offset of the array member in the
				   variable's element, or PROG_NO_VAR when the
				   array is the variable itself */
	uint8_t space;		/* AS_SHARED, AS_LOCAL, AS_GLOBAL, AS_CONST */
	uint8_t dim;		/* the dimension indexed, 1 = outermost (of the member) */
	uint16_t dep;		/* DEP_* of the index */
	uint64_t extent;	/* of that dimension */
	struct srcloc loc;
};

/* A local array variable (ALLOCA insn x, when not PROG_NO_VAR): the names
** its allocations get, for name[index] in reports. */
struct localvar {
	const char *name;	/* source name (strings) */
	uint8_t elem;		/* enum elem_type of the innermost element */
	uint8_t ndims;
	uint32_t elem_size;
	uint32_t dims[MEM_MAX_DIMS];	/* extents, outermost first */
};

struct program {
	struct func *funcs;
	uint32_t nfuncs;
	uint64_t *consts;	/* constant pool, each broadcast to 32 lanes */
	uint32_t nconsts;
	uint32_t *arglists;	/* CALL argument operands */
	uint32_t narglists;
	int64_t *switch_tab;	/* SWITCH: pairs (value, target) */
	uint32_t nswitch;
	struct site *sites;
	uint32_t nsites;
	struct gvar *gvars;
	uint32_t ngvars;
	struct subscript *subs;	/* SUBCHK x */
	uint32_t nsubs;
	struct localvar *locals;	/* ALLOCA x */
	uint32_t nlocals;
	uint32_t first_dyn_alloc;	/* first allocation id free for launches */
	unsigned sm;		/* target sm version (70 for sm_70), 0 unknown */
	char *triple;
	struct arena *strings;	/* file and function names */
	/* What the texture and surface instructions of the program look
	** like, for the default descriptors (struct param texdef): the most
	** dimensions, whether a layered fetch appears, and whether a texture
	** fetch returns integers; a surface access's widest element (bytes)
	** and vector count.  0 where none. */
	uint8_t tex_dims, tex_layered, tex_int, surf_dims, surf_layered, surf_bytes, surf_vec;
};

/* Prints one instruction, for --trace and --dump-bytecode. */
void prog_print_insn(const struct program *p, const struct func *fn, uint32_t pc,
		     char *buf, size_t n);

/* Computes the dependence masks of every site and subscript check of P
** (core/deps.c); the loader calls it once, when every kernel and the
** functions they call are lowered.  Needs no LLVM. */
void prog_compute_deps(struct program *p);

/* How many slots instruction I writes, from I->d on (0 for stores,
** branches and the like). */
uint32_t prog_insn_ndests(const struct insn *I);

/* A byte per instruction of F (and one past its end), 1 where a basic
** block starts: the entry, branch targets, and after a block's end
** (branch, return, trap, failed assert).  The caller frees it. */
uint8_t *prog_block_leaders(const struct program *p, const struct func *f);

/* The extern __shared__ array (gvar index) that kernel FN's launch calls
** the dynamic shared segment: the first that FN names, else the first
** its callees name (depth first, in code order); UINT32_MAX when none
** does. */
uint32_t prog_dyn_var(const struct program *p, uint32_t fn);

/* The allocation of P's dynamic shared segment (every extern __shared__
** array's: they are one segment), or 0 when P has none. */
uint32_t prog_dyn_alloc(const struct program *p);

/* Frees everything the lowering allocated. */
void prog_free(struct program *p);

/* The room's public header: the rest of its interface, for the rooms
** that include it (HACKING.md, "The rooms"). */
#include "core/finding.h"
#include "core/mathfn.h"

#endif
