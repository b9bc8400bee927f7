/*
** opcodes.h: the one list of simulee-c bytecode opcodes.
**
** Each line is OP(name, meaning).  It generates the enum (core/program.h),
** the name table (core/program.c) and the dispatch table (exec/exec.c).
** Operands: d destination slot, a b c source operands (slot, or constant
** when OPND_CONST is set), w width in bits (integers) or bytes (memory),
** f a sub-code, imm a 64-bit immediate, x an extra 32-bit field.
** Integer slots hold values zero-extended to their width.
*/
#define SIMULEE_OPCODES(OP) \
	OP(NOP,        "no operation") \
	OP(MOV,        "d := a (w bits)") \
	OP(BR,         "pc := imm") \
	OP(CBR,        "pc := a ? imm : x (per lane; divergence)") \
	OP(SWITCH,     "pc := table[imm .. imm+x) match a, else c") \
	OP(RET,        "return slots a .. a+b to the caller; exit at depth 0") \
	OP(CALL,       "d .. := function imm (args at arglist x, b of them), c result slots; site a") \
	OP(ICALL,      "d .. := function at address a (args at arglist x, b of them), c result slots; site imm") \
	OP(TRAP,       "trap: f = TRAP_* (unreachable, __trap, PTX exit, brkpt)") \
	OP(ASSERTFAIL, "__assertfail(a msg, b file, c line, x func)") \
	OP(ASSUME,     "llvm.assume(a): lanes where a is false break the kernel's contract and stop") \
	OP(PRINTF,     "d := vprintf(a fmt, b args)") \
	OP(BARRIER,    "__syncthreads (f: 0 plain, 1 count, 2 and, 3 or; a predicate)") \
	OP(SYNCWARP,   "__syncwarp(a mask)") \
	OP(VOTE,       "d := vote f (0 all, 1 any, 2 uni, 3 ballot)(a mask, b pred)") \
	OP(SHFL,       "d, d+1 := shfl f (0 idx, 1 up, 2 down, 3 bfly)(a mask, b val, c lane, x clamp)") \
	OP(MATCH,      "d (, d+1) := match f (0 any, 1 all)(a mask, b val, w bits)") \
	OP(ACTIVEMASK, "d := mask of the lanes executing this instruction") \
	OP(FENCE,      "memory fence, f = scope (0 block, 1 device, 2 system)") \
	OP(SREG,       "d := special register f") \
	OP(ADD,        "d := a + b") \
	OP(SUB,        "d := a - b") \
	OP(MUL,        "d := a * b") \
	OP(UDIV,       "d := a / b unsigned") \
	OP(SDIV,       "d := a / b signed") \
	OP(UREM,       "d := a % b unsigned") \
	OP(SREM,       "d := a % b signed") \
	OP(AND,        "d := a & b") \
	OP(OR,         "d := a | b") \
	OP(XOR,        "d := a ^ b") \
	OP(SHL,        "d := a << b") \
	OP(LSHR,       "d := a >> b logical") \
	OP(ASHR,       "d := a >> b arithmetic") \
	OP(ICMP,       "d := a (f) b, integer predicate") \
	OP(SELECT,     "d := a ? b : c") \
	OP(SEXT,       "d := sign-extend a from w to imm bits") \
	OP(SMIN,       "d := min signed") \
	OP(SMAX,       "d := max signed") \
	OP(UMIN,       "d := min unsigned") \
	OP(UMAX,       "d := max unsigned") \
	OP(IUNARY,     "d := f(a): 0 abs 1 ctpop 2 ctlz 3 cttz 4 bswap 5 bitreverse") \
	OP(FSHL,       "d := funnel shift left (a:b) << c") \
	OP(FSHR,       "d := funnel shift right (a:b) >> c") \
	OP(OVF,        "d, d+1 := overflow op f (0 sadd 1 uadd 2 ssub 3 usub 4 smul 5 umul)") \
	OP(SAT,        "d := saturating f (0 sadd 1 uadd 2 ssub 3 usub)") \
	OP(MULHI,      "d := high half of a*b, f = signed") \
	OP(CARRY,      "d, d+1 := a + b + c with carry out, f = 1 subtract with borrow") \
	OP(PRMT,       "d := bytes of b:a selected by c (__byte_perm)") \
	OP(VSIMD,      "d := PTX video SIMD op f over w-bit elements of a, b; c merge/accumulate, x VSF_* flags") \
	OP(PTRADD,     "d := a + imm") \
	OP(PTRIDX,     "d := a + sext(b from w) * imm") \
	OP(SUBCHK,     "lanes where sext(a from w) is not in [0, imm) break array subscript x (a warning)") \
	OP(FADD32,     "d := a + b float") \
	OP(FSUB32,     "d := a - b float") \
	OP(FMUL32,     "d := a * b float") \
	OP(FDIV32,     "d := a / b float") \
	OP(FREM32,     "d := fmod(a, b) float") \
	OP(FNEG32,     "d := -a float") \
	OP(FMA32,      "d := a * b + c float, one rounding") \
	OP(FCMP32,     "d := a (f) b float predicate") \
	OP(FADD64,     "d := a + b double") \
	OP(FSUB64,     "d := a - b double") \
	OP(FMUL64,     "d := a * b double") \
	OP(FDIV64,     "d := a / b double") \
	OP(FREM64,     "d := fmod(a, b) double") \
	OP(FNEG64,     "d := -a double") \
	OP(FMA64,      "d := a * b + c double, one rounding") \
	OP(FCMP64,     "d := a (f) b double predicate") \
	OP(MATH32,     "d := math function f of a (, b, c) float") \
	OP(MATH64,     "d := math function f of a (, b, c) double") \
	OP(FRND32,     "d := a op b float, rounding mode x (f: 0 add 1 mul 2 div 3 fma 4 sqrt 5 rcp 6 sub)") \
	OP(FRND64,     "d := a op b double, rounding mode x") \
	OP(CVT,        "d := convert a, f = conversion kind, w = integer bits, x = rounding") \
	OP(FPCLASS,    "d := a is in the classes of mask imm (llvm.is.fpclass), f = format (FMT_*)") \
	OP(EXTRACT,    "d := slot (a + b) of vector a..a+imm (dynamic index)") \
	OP(INSERT,     "d .. d+imm := a .. with element b set to c") \
	OP(LOAD,       "d := load w bytes at a + imm (site x)") \
	OP(STORE,      "store w bytes of b at a + imm (site x)") \
	OP(ATOMIC,     "d := atomic op f on w bytes at a with b (site x, scope imm)") \
	OP(CMPXCHG,    "d, d+1 := cmpxchg w bytes at a, expect b, new c (site x, scope imm)") \
	OP(MEMCPY,     "copy c bytes from b to a (site x)") \
	OP(MEMSET,     "set c bytes at a to byte b (site x)") \
	OP(ALLOCA,     "d := new per-thread allocation of imm bytes (times a elements)") \
	OP(MALLOC,     "d := device malloc of a bytes (NULL when the heap is full)") \
	OP(FREE,       "device free of pointer a (NULL: nothing)") \
	OP(DLAUNCH,    "d := launch kernel a (function pointer) from device code with the argument bytes at b and the launch_cfg at c (site x)") \
	OP(TEX,        "d..d+3 := fetch through texture object a at b..b+3 (x y z layer; f TG_*, w TEXW_*, site x)") \
	OP(SULD,       "d..d+c-1 := surface load of c w-byte elements, object a, at b..b+3 (byte x, y, z, layer; f TG_*, imm SB_*, site x)") \
	OP(SUST,       "surface store of c w-byte elements from slots d.., object a, at b..b+3 (as SULD)")
