/*
** load.c: reading NVPTX bitcode or IR, verifying it, finding kernels,
** cleaning -O0 code (mem2reg/sroa on private allocas only) and handing each
** kernel to the lowering.  The LLVM module and context are disposed here.
*/
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/memfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "lower/lower_int.h"

/* LLVM's default diagnostic handler prints and exits on errors (a
** truncated bitcode stream reports one); ours keeps the first error so the
** caller can turn it into one line and exit status 2. */
void load_diag_handler(LLVMDiagnosticInfoRef di, void *ctx)
{
	char *first = ctx;
	if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || first[0] != '\0')
		return;
	char *msg = LLVMGetDiagInfoDescription(di);
	snprintf(first, 512, "%s", msg ? msg : "error");
	LLVMDisposeMessage(msg);
}

int load_read_module(const char *path, LLVMContextRef ctx, LLVMModuleRef *mod,
		     struct sim_error *err)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return sim_fail(err, SIM_ERR_IO, "%s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return sim_fail(err, SIM_ERR_IO, "%s: is a directory", path);
	if (st.st_size == 0)
		return sim_fail(err, SIM_ERR_BITCODE, "%s: empty file, not LLVM bitcode or IR", path);

	LLVMMemoryBufferRef buf = NULL;
	char *msg = NULL;
	if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
		int r = sim_fail(err, SIM_ERR_IO, "%s: %s", path, msg ? msg : "cannot read");
		LLVMDisposeMessage(msg);
		return r;
	}
	const char *start = LLVMGetBufferStart(buf);
	size_t size = LLVMGetBufferSize(buf);
	int is_bc = size >= 4 && ((start[0] == 'B' && start[1] == 'C' && (unsigned char)start[2] == 0xc0
				   && (unsigned char)start[3] == 0xde)
				  || ((unsigned char)start[0] == 0xde && (unsigned char)start[1] == 0xc0
				      && start[2] == 0x17 && (unsigned char)start[3] == 0x0b));
	if (is_bc) {
		if (LLVMParseBitcodeInContext2(ctx, buf, mod)) {
			LLVMDisposeMemoryBuffer(buf);
			return sim_fail(err, SIM_ERR_BITCODE,
					"%s: corrupt or truncated LLVM bitcode", path);
		}
		/* the reader materialises lazily on some paths: make sure all of
		** it is there, and that no error was reported on the way */
		if (LLVMGetFirstFunction(*mod) == NULL && LLVMGetFirstGlobal(*mod) == NULL) {
			LLVMDisposeMemoryBuffer(buf);
			return sim_fail(err, SIM_ERR_KERNEL, "%s: bitcode holds no code", path);
		}
		LLVMDisposeMemoryBuffer(buf);
		return 0;
	}
	/* Textual IR: the parser takes ownership of the buffer.  Anything that
	** is not printable text is rejected before the parser sees it. */
	size_t check = size < 4096 ? size : 4096;
	for (size_t i = 0; i < check; i++) {
		unsigned char c = (unsigned char)start[i];
		if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t')) {
			LLVMDisposeMemoryBuffer(buf);
			return sim_fail(err, SIM_ERR_BITCODE, "%s: not LLVM bitcode or IR", path);
		}
	}
	if (LLVMParseIRInContext(ctx, buf, mod, &msg)) {
		char *nl = msg ? strchr(msg, '\n') : NULL;
		if (nl)
			*nl = '\0';
		int r = sim_fail(err, SIM_ERR_BITCODE, "%s: not valid LLVM IR: %s", path,
				 msg ? msg : "parse error");
		LLVMDisposeMessage(msg);
		return r;
	}
	return 0;
}

/* Calls FN(target, key, key length, value, CTX) for every (key, value)
** pair of every nvvm.annotations node (a target, then key-value pairs). */
static void for_annotations(LLVMModuleRef mod,
			    void (*fn)(LLVMValueRef target, const char *key, unsigned len,
				       LLVMValueRef value, void *ctx),
			    void *ctx)
{
	unsigned na = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
	if (na == 0)
		return;
	LLVMValueRef *ops = xcalloc(na, sizeof *ops);
	LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", ops);
	for (unsigned i = 0; i < na; i++) {
		unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
		if (k < 3)
			continue;
		LLVMValueRef *el = xcalloc(k, sizeof *el);
		LLVMGetMDNodeOperands(ops[i], el);
		for (unsigned j = 1; j + 1 < k; j += 2) {
			unsigned len = 0;
			const char *key = el[j] ? LLVMGetMDString(el[j], &len) : NULL;
			if (key)
				fn(el[0], key, len, el[j + 1], ctx);
		}
		free(el);
	}
	free(ops);
}

struct kernel_list {
	LLVMValueRef *v;
	uint32_t n, cap;
};

static void kernel_annotation(LLVMValueRef target, const char *key, unsigned len,
			      LLVMValueRef value, void *ctx)
{
	struct kernel_list *kl = ctx;
	(void)value;
	if (len != 6 || memcmp(key, "kernel", 6) != 0 || target == NULL
	    || LLVMIsAFunction(target) == NULL || LLVMIsDeclaration(target))
		return;
	for (uint32_t q = 0; q < kl->n; q++)
		if (kl->v[q] == target)
			return;
	VEC_PUSH(kl->v, kl->n, kl->cap, target);
}

/* Kernels: the ptx_kernel calling convention or nvvm.annotations "kernel". */
static void find_kernels(LLVMModuleRef mod, LLVMValueRef **out, uint32_t *n)
{
	struct kernel_list kl = { 0 };
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMIsDeclaration(fn) && LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv)
			VEC_PUSH(kl.v, kl.n, kl.cap, fn);
	}
	for_annotations(mod, kernel_annotation, &kl);
	*out = kl.v;
	*n = kl.n;
}

/* Sets *V from attribute NAME of FN, "x[,y[,z]]" (LLVM 20 and later
** spell launch bounds so). */
static void bounds_attr(LLVMValueRef fn, const char *name, uint32_t v[3])
{
	LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name,
							    (unsigned)strlen(name));
	if (a == NULL)
		return;
	unsigned len = 0;
	const char *s = LLVMGetStringAttributeValue(a, &len);
	char buf[64];
	snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), s ? s : "");
	char *p = buf;
	for (int d = 0; d < 3 && *p; d++) {
		char *end = NULL;
		unsigned long x = strtoul(p, &end, 10);
		if (end == p || x > UINT32_MAX)
			return;
		v[d] = (uint32_t)x;
		p = *end == ',' ? end + 1 : end;
	}
}

/* The kernels whose launch bounds nvvm.annotations may set: FNS[i]'s in
** KS[i], found through MAP (function -> index). */
struct bounds_ctx {
	const struct ptrmap *map;
	struct kernel_info *ks;
};

static void bounds_annotation(LLVMValueRef target, const char *key, unsigned len,
			      LLVMValueRef v, void *ctx)
{
	struct bounds_ctx *bc = ctx;
	if (len != 8 || v == NULL || LLVMIsAConstantInt(v) == NULL
	    || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
		return;
	const uint32_t *ki = target ? ptrmap_get(bc->map, target) : NULL;
	if (ki == NULL)
		return;
	struct kernel_info *k = &bc->ks[*ki];
	uint64_t x = LLVMConstIntGetZExtValue(v);
	int d = key[7] - 'x';
	if (x > UINT32_MAX || d < 0 || d > 2)
		return;
	if (memcmp(key, "maxntid", 7) == 0)
		k->maxntid[d] = (uint32_t)x;
	else if (memcmp(key, "reqntid", 7) == 0)
		k->reqntid[d] = (uint32_t)x;
}

/* The declared launch bounds of the N kernels FNS into KS (struct
** kernel_info), in one pass over nvvm.annotations. */
static void read_bounds(LLVMModuleRef mod, LLVMValueRef *fns, uint32_t n, struct kernel_info *ks)
{
	struct ptrmap map = { 0 };
	for (uint32_t i = 0; i < n; i++) {
		bounds_attr(fns[i], "nvvm.maxntid", ks[i].maxntid);
		bounds_attr(fns[i], "nvvm.reqntid", ks[i].reqntid);
		ptrmap_put(&map, fns[i], i);
	}
	struct bounds_ctx bc = { &map, ks };
	for_annotations(mod, bounds_annotation, &bc);
	ptrmap_free(&map);
}

/* Clang's -O0 output carries optnone, which makes every pass skip the
** function; drop it (and the noinline that must come with it) so that
** sroa/mem2reg can promote private allocas. */
static void strip_optnone(LLVMContextRef ctx, LLVMModuleRef mod)
{
	unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
	(void)ctx;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		if (LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone))
			LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone);
	}
}

static unsigned parse_sm(LLVMModuleRef mod)
{
	unsigned best = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
								    "target-cpu", 10);
		if (a == NULL)
			continue;
		unsigned len = 0;
		const char *v = LLVMGetStringAttributeValue(a, &len);
		if (len > 3 && strncmp(v, "sm_", 3) == 0) {
			unsigned sm = (unsigned)strtoul(v + 3, NULL, 10);
			if (sm > best)
				best = sm;
		}
	}
	return best;
}

/* A sanitizer reserves terabytes of address space for its shadow: an
** address-space limit would kill every probe. */
#if defined(__SANITIZE_ADDRESS__)
#define PROBE_LIMIT_AS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define PROBE_LIMIT_AS 0
#endif
#endif
#ifndef PROBE_LIMIT_AS
#define PROBE_LIMIT_AS 1
#endif

/* Caps the probe child: LOAD_PROBE_MEMORY bytes of address space beyond
** what the parent already maps (a fuzzed 12 KB file made the reader take
** 3 GB), LOAD_PROBE_SECONDS of CPU time. */
static void probe_limits(void)
{
	struct rlimit rl;
	if (PROBE_LIMIT_AS && getrlimit(RLIMIT_AS, &rl) == 0) {
		uint64_t base = 0;
		FILE *f = fopen("/proc/self/statm", "r");
		unsigned long pages = 0;
		if (f != NULL && fscanf(f, "%lu", &pages) == 1)
			base = (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
		if (f != NULL)
			fclose(f);
		rlim_t want = (rlim_t)(base + LOAD_PROBE_MEMORY);
		if (rl.rlim_max == RLIM_INFINITY || want < rl.rlim_max) {
			rl.rlim_cur = want;
			setrlimit(RLIMIT_AS, &rl);
		}
	}
	if (getrlimit(RLIMIT_CPU, &rl) == 0
	    && (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > LOAD_PROBE_SECONDS)) {
		rl.rlim_cur = LOAD_PROBE_SECONDS;
		setrlimit(RLIMIT_CPU, &rl);
	}
}

/* The resident bytes of process PID, 0 when unknown. */
static uint64_t child_rss(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
	FILE *f = fopen(path, "r");
	unsigned long size = 0, rss = 0;
	if (f == NULL)
		return 0;
	int n = fscanf(f, "%lu %lu", &size, &rss);
	fclose(f);
	return n == 2 ? (uint64_t)rss * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
}

/* LLVM's readers print the verifier's complaints about a module's debug
** info on stderr (llvm::UpgradeDebugInfo) before they strip it or fail,
** lines of their own ahead of ours: so the parent reads with stderr on
** /dev/null, as the child does.  Errors still reach us through the
** diagnostic handler.  Loading runs before any thread is started. */
static int quietly(int (*read)(const void *src, LLVMContextRef ctx, LLVMModuleRef *mod,
			       struct sim_error *err),
		   const void *src, LLVMContextRef ctx, LLVMModuleRef *mod, struct sim_error *err)
{
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	int null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, STDERR_FILENO);
	if (null >= 0)
		close(null);
	int r = read(src, ctx, mod, err);
	if (saved >= 0) {
		dup2(saved, STDERR_FILENO);
		close(saved);
	}
	return r;
}

static int read_path(const void *path, LLVMContextRef ctx, LLVMModuleRef *mod,
		     struct sim_error *err)
{
	return load_read_module(path, ctx, mod, err);
}

/* Verifies MOD: VMSG (LOAD_VMSG bytes) gets the first line of the
** verifier's complaint, or "" when MOD is valid. */
static void verify_into(LLVMModuleRef mod, char *vmsg)
{
	char *msg = NULL;
	vmsg[0] = '\0';
	if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
		char *nl = msg ? strchr(msg, '\n') : NULL;
		if (nl)
			*nl = '\0';
		snprintf(vmsg, LOAD_VMSG, "%s", msg && *msg ? msg : "verifier failed");
	}
	LLVMDisposeMessage(msg);
}

/* What the child hands back at the start of the shared file, the module's
** bitcode after it.  The child writes it twice: once it has read and
** verified (bclen 0), and once the bitcode is written. */
struct handoff {
	uint32_t magic;
	int32_t rc;			/* load_read_module's answer */
	int32_t status;			/* with its sim_error */
	char msg[sizeof ((struct sim_error *)0)->msg];
	char vmsg[LOAD_VMSG];		/* the verifier's line, "" when valid */
	uint64_t bclen;			/* bytes of bitcode after this */
};
#define HANDOFF_MAGIC 0x51ee0b0cu

static int write_all(int fd, const void *buf, size_t n, off_t at)
{
	const char *p = buf;
	while (n > 0) {
		ssize_t w = pwrite(fd, p, n, at);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
		at += w;
	}
	return 0;
}

/* The child's side of load_module: never returns. */
static void __attribute__((noreturn)) child_read(const char *path, const char *pipeline, int fd)
{
	int null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, STDERR_FILENO);
	probe_limits();
	/* freed memory filled with a pattern: a use after free inside the
	** reader (an instruction an intrinsic upgrade erased, still listed for
	** its metadata) then crashes here, where it is an answer, instead of
	** leaving a module that only looks whole */
	mallopt(M_PERTURB, 0xa5);
	LLVMContextRef ctx = LLVMContextCreate();
	char diag[512] = "";
	LLVMContextSetDiagnosticHandler(ctx, load_diag_handler, diag);
	LLVMModuleRef mod = NULL;
	struct sim_error e = { 0 };
	static struct handoff h;
	h.magic = HANDOFF_MAGIC;
	h.rc = load_read_module(path, ctx, &mod, &e);
	h.status = e.status;
	memcpy(h.msg, e.msg, sizeof h.msg);
	if (h.rc == 0)
		verify_into(mod, h.vmsg);
	if (write_all(fd, &h, sizeof h, 0) < 0 || h.rc != 0 || h.vmsg[0] != '\0')
		_exit(h.rc != 0 || h.vmsg[0] != '\0' ? 0 : 3);
	LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(mod);
	h.bclen = LLVMGetBufferSize(bc);
	if (write_all(fd, LLVMGetBufferStart(bc), h.bclen, (off_t)sizeof h) < 0
	    || write_all(fd, &h, sizeof h, 0) < 0)
		_exit(3);
	LLVMDisposeMemoryBuffer(bc);
	/* the clean-up passes the caller runs next: LLVM's passes are no more
	** hardened against odd but valid IR (a self-referencing instruction in
	** an unreachable block) than its reader is against corrupt bitcode */
	if (h.vmsg[0] == '\0' && pipeline != NULL) {
		LLVMSetIsNewDbgInfoFormat(mod, 0);
		strip_optnone(ctx, mod);
		LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
		LLVMErrorRef pe = LLVMRunPasses(mod, pipeline, NULL, po);
		LLVMDisposePassBuilderOptions(po);
		if (pe != NULL)
			LLVMConsumeError(pe);
	}
	_exit(0);
}

/* Waits for the child PID, watching its resident memory; 1 when it was
** killed for passing LOAD_PROBE_MEMORY, -1 when it cannot be waited for. */
static int wait_child(pid_t pid, int *st)
{
	for (;;) {
		pid_t r = waitpid(pid, st, WNOHANG);
		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR) {
			kill(pid, SIGKILL);	/* not ours to wait for (ECHILD): never left running */
			return -1;
		}
		if (r == 0 && child_rss(pid) > LOAD_PROBE_MEMORY) {
			kill(pid, SIGKILL);
			while (waitpid(pid, st, 0) < 0 && errno == EINTR)
				;
			return 1;
		}
		struct timespec ts = { 0, 2000000 };
		nanosleep(&ts, NULL);
	}
}

static int read_handoff(const void *src, LLVMContextRef ctx, LLVMModuleRef *mod,
			struct sim_error *err)
{
	const struct handoff *h = src;
	(void)err;
	LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange((const char *)(h + 1),
									  (size_t)h->bclen, "", 0);
	int bad = LLVMParseBitcodeInContext2(ctx, buf, mod);
	LLVMDisposeMemoryBuffer(buf);
	return bad ? -1 : 0;
}

/* In process, where no child can be made. */
static int read_here(const char *path, LLVMContextRef ctx, LLVMModuleRef *mod,
		     struct sim_error *err)
{
	int r = quietly(read_path, path, ctx, mod, err);
	if (r < 0)
		return r;
	char vmsg[LOAD_VMSG];
	verify_into(*mod, vmsg);
	if (vmsg[0] == '\0')
		return 0;
	LLVMDisposeModule(*mod);
	*mod = NULL;
	return sim_fail(err, SIM_ERR_VERIFY, "%s: invalid module: %s", path, vmsg);
}

/* LLVM's bitcode reader is not hardened against corrupt input: a flipped
** bit can make it crash, over-read, allocate gigabytes, or use memory it
** freed and go on.  So the file is parsed and verified only in a child
** process under memory and CPU-time limits (probe_limits), its resident
** memory watched from here as well (the one memory limit under ASan).
** The child hands back the module as bitcode LLVM's own writer made from
** it, through an anonymous file, and only that is parsed here: whatever
** the reader did with the file, this process never reads it.  A child
** that dies or is killed, or exits with a status but 0 (a sanitizer
** reports and exits: a stack overflow of the IR parser on constant
** expressions nested 100,000 deep, say) rejects the input with one line.
** The child's stderr goes to /dev/null, so that the one line is all that
** shows (LLVM's "LLVM ERROR: out of memory" included). */
int load_module(const char *path, const char *pipeline, LLVMContextRef ctx,
		LLVMModuleRef *mod, struct sim_error *err)
{
	*mod = NULL;
	int fd = (int)syscall(SYS_memfd_create, "simulee-module", MFD_CLOEXEC);
	if (fd < 0) {
		FILE *t = tmpfile();
		fd = t != NULL ? dup(fileno(t)) : -1;
		if (t != NULL)
			fclose(t);
	}
	if (fd < 0)
		return read_here(path, ctx, mod, err);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fd);
		return read_here(path, ctx, mod, err);
	}
	if (pid == 0)
		child_read(path, pipeline, fd);
	int st = 0;
	int w = wait_child(pid, &st);
	struct stat fs;
	struct handoff *h = MAP_FAILED;
	size_t maplen = 0;
	if (w >= 0 && fstat(fd, &fs) == 0 && (uint64_t)fs.st_size >= sizeof *h) {
		maplen = (size_t)fs.st_size;
		h = mmap(NULL, maplen, PROT_READ, MAP_PRIVATE, fd, 0);
	}
	close(fd);
	int r;
	if (w < 0) {
		r = read_here(path, ctx, mod, err);
	} else if (w > 0) {
		r = sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (the LLVM "
			     "reader needed more than %d GiB for it)", path,
			     (int)(LOAD_PROBE_MEMORY >> 30));
	} else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGXCPU) {
		r = sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (the LLVM "
			     "reader took more than %d s on it)", path, LOAD_PROBE_SECONDS);
	} else if (h != MAP_FAILED && h->magic == HANDOFF_MAGIC && h->rc < 0 && h->status < 0) {
		r = sim_fail(err, h->status, "%.*s", (int)sizeof h->msg, h->msg);
	} else if (h != MAP_FAILED && h->magic == HANDOFF_MAGIC && h->rc == 0 && h->vmsg[0] != '\0') {
		/* a module that does not verify is never read here */
		r = sim_fail(err, SIM_ERR_VERIFY, "%s: invalid module: %.*s", path,
			     (int)sizeof h->vmsg, h->vmsg);
	} else if (WIFSIGNALED(st) || WEXITSTATUS(st) != 0 || h == MAP_FAILED
		   || h->magic != HANDOFF_MAGIC || h->rc != 0 || h->bclen == 0
		   || h->bclen > maplen - sizeof *h) {
		r = sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (the LLVM reader "
			     "crashed on it, or needed more than %d GiB)", path,
			     (int)(LOAD_PROBE_MEMORY >> 30));
	} else {
		r = quietly(read_handoff, h, ctx, mod, err);
		if (r < 0)
			r = sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (LLVM "
				     "cannot read back what its writer made of it)", path);
		else
			LLVMSetModuleIdentifier(*mod, path, strlen(path));
	}
	if (h != MAP_FAILED)
		munmap(h, maplen);
	return r;
}

/* The channels of the default surface format: the widest access of the
** program, in 8, 16 or 32-bit channels (a .b64 access is two f32). */
static uint8_t surf_channels(const struct program *p)
{
	unsigned n = (p->surf_vec ? p->surf_vec : 1) * (p->surf_bytes == 8 ? 2 : 1);
	return (uint8_t)(n > 4 ? 4 : n == 3 ? 4 : n);
}

int load_file(const char *path, const struct load_options *opt,
		struct loaded *out, struct sim_error *err)
{
	struct load_options defaults = { 0 };
	if (opt == NULL)
		opt = &defaults;
	memset(out, 0, sizeof *out);
	LLVMContextRef ctx = LLVMContextCreate();
	char diag[512] = "";
	LLVMContextSetDiagnosticHandler(ctx, load_diag_handler, diag);
	LLVMModuleRef mod = NULL;
	LLVMValueRef *kfns = NULL;
	uint32_t nk = 0;
	struct program *p = NULL;
	struct lctx lc = { 0 };
	int r = load_module(path, LOAD_PIPELINE, ctx, &mod, err);
	if (r == SIM_ERR_KERNEL && opt->allow_no_kernels)
		r = 0;	/* no code at all: no kernels, OUT stays empty */
	if (r < 0 || mod == NULL)
		goto fail;

	const char *triple = LLVMGetTarget(mod);
	if (triple == NULL || (strncmp(triple, "nvptx64-", 8) != 0 && strncmp(triple, "nvptx-", 6) != 0)) {
		r = sim_fail(err, SIM_ERR_TARGET,
			     "%s: target is '%s', not nvptx64-nvidia-cuda: compile with clang --cuda-device-only -emit-llvm",
			     path, triple && *triple ? triple : "unspecified");
		goto fail;
	}
	find_kernels(mod, &kfns, &nk);
	if (nk == 0) {
		if (!opt->allow_no_kernels)
			r = sim_fail(err, SIM_ERR_KERNEL, "%s: no kernels (no __global__ function) in this module", path);
		goto fail;
	}

	/* Debug records become intrinsic calls, which the C API can read. */
	LLVMSetIsNewDbgInfoFormat(mod, 0);
	strip_optnone(ctx, mod);
	{
		LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
		LLVMErrorRef e = LLVMRunPasses(mod, LOAD_PIPELINE, NULL, po);
		LLVMDisposePassBuilderOptions(po);
		if (e != NULL) {
			char *m = LLVMGetErrorMessage(e);
			r = sim_fail(err, SIM_ERR_BITCODE, "%s: clean-up passes failed: %s", path, m);
			LLVMDisposeErrorMessage(m);
			goto fail;
		}
	}
	LLVMSetIsNewDbgInfoFormat(mod, 0);

	p = xcalloc(1, sizeof *p);
	p->strings = arena_new();
	p->triple = xstrdup(triple);
	p->sm = parse_sm(mod);
	lc.ctx = ctx;
	lc.mod = mod;
	lc.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	lc.p = p;
	lc.err = err;
	lc.kfns = kfns;
	lc.nkfns = nk;
	r = lower_globals(&lc);
	if (r < 0)
		goto fail;
	lower_texrefs(&lc);

	out->kernels = xcalloc(nk, sizeof *out->kernels);
	out->nkernels = nk;
	read_bounds(mod, kfns, nk, out->kernels);
	for (uint32_t i = 0; i < nk; i++) {
		size_t len = 0;
		const char *name = LLVMGetValueName2(kfns[i], &len);
		struct kernel_info *k = &out->kernels[i];
		k->name = xstrndup(name, len);
		k->demangled = demangle_name(k->name);
		struct sim_error kerr = { 0 };
		lc.err = &kerr;
		int fidx = -1;
		if (lower_kernel(&lc, kfns[i], &fidx) < 0) {
			k->func = -1;
			k->error = xstrdup_line(kerr.msg[0] ? kerr.msg : "lowering failed");
		} else {
			k->func = fidx;
		}
		lc.err = err;
	}
	/* the masks of every site, once the kernels are lowered (device
	** functions kernels share get the union over their callers) */
	prog_compute_deps(p);
	/* texture and surface parameters get their default descriptors from
	** the fetches of the whole program (one kernel's do not say which
	** parameter they go through) */
	for (uint32_t f = 0; f < p->nfuncs; f++) {
		for (uint32_t i = 0; i < p->funcs[f].nparams; i++) {
			struct param *pa = &p->funcs[f].params[i];
			if (pa->texobj == TEXOBJ_TEX)
				tex_default(TEXOBJ_TEX, p->tex_int ? ET_I32 : ET_F32, 1,
					    p->tex_dims, p->tex_layered, &pa->texdef);
			else if (pa->texobj == TEXOBJ_SURF)
				tex_default(TEXOBJ_SURF, p->surf_bytes == 1 ? ET_U8 : p->surf_bytes == 2 ? ET_U16
					    : ET_F32, surf_channels(p),
					    p->surf_dims, p->surf_layered, &pa->texdef);
		}
	}
	if (opt->dump_bytecode) {
		char line[512];
		for (uint32_t f = 0; f < p->nfuncs; f++) {
			struct func *fn = &p->funcs[f];
			if (fn->code == NULL)
				continue;
			fprintf(stderr, "function %u %s (%u slots)\n", f, fn->demangled, fn->nslots);
			for (uint32_t pc = 0; pc < fn->ncode; pc++) {
				prog_print_insn(p, fn, pc, line, sizeof line);
				fprintf(stderr, "  %s\n", line);
			}
		}
	}
	out->prog = p;
	p = NULL;
	r = 0;
fail:
	free(kfns);
	ptrmap_free(&lc.funcmap);
	ptrmap_free(&lc.gvarmap);
	htab_free(&lc.cpool);
	free(lc.work);
	if (lc.dib)
		LLVMDisposeDIBuilder(lc.dib);
	if (lc.td)
		LLVMDisposeTargetData(lc.td);
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	if (p)
		prog_free(p);
	if (r < 0 && out->kernels) {
		load_free(out);
	}
	return r;
}

void load_free(struct loaded *l)
{
	for (uint32_t i = 0; i < l->nkernels; i++) {
		free(l->kernels[i].name);
		free(l->kernels[i].demangled);
		free(l->kernels[i].error);
	}
	free(l->kernels);
	if (l->prog)
		prog_free(l->prog);
	memset(l, 0, sizeof *l);
}

uint64_t load_block_bound(const struct kernel_info *k)
{
	if (k->maxntid[0] == 0)
		return 0;
	return (uint64_t)k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1)
	       * (k->maxntid[2] ? k->maxntid[2] : 1);
}

int load_find_kernel(const struct loaded *l, const char *name)
{
	for (uint32_t i = 0; i < l->nkernels; i++)
		if (strcmp(l->kernels[i].name, name) == 0 || strcmp(l->kernels[i].demangled, name) == 0)
			return (int)i;
	size_t n = strlen(name);
	for (uint32_t i = 0; i < l->nkernels; i++) {
		const char *d = l->kernels[i].demangled;
		/* "vadd" matches "vadd(float const*, ...)"; templates keep their args */
		if (strncmp(d, name, n) == 0 && d[n] == '(')
			return (int)i;
		const char *paren = strchr(d, '(');
		const char *sp = NULL;
		for (const char *q = d; paren && q < paren; q++)
			if (*q == ' ')
				sp = q;
		/* "void foo<int>(...)": a return type precedes template kernels' names */
		if (sp && strncmp(sp + 1, name, n) == 0 && sp[1 + n] == '(')
			return (int)i;
	}
	return -1;
}
