/*
** reader.c: reading LLVM bitcode or IR into a module, safely: a child
** process parses, verifies and cleans it under limits, and only what
** LLVM's writer made of it is read here; and the debug-info accessors the
** device lowering and the host-code analysis share.
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

#include "reader/reader.h"

/* LLVM's default diagnostic handler prints and exits on errors (a
** truncated bitcode stream reports one); ours keeps the first error so the
** caller can turn it into one line and exit status 2. */
void reader_diag_handler(LLVMDiagnosticInfoRef di, void *ctx)
{
	char *first = ctx;
	if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || first[0] != '\0')
		return;
	char *msg = LLVMGetDiagInfoDescription(di);
	snprintf(first, 512, "%s", msg ? msg : "error");
	LLVMDisposeMessage(msg);
}

int reader_parse(const char *path, LLVMContextRef ctx, LLVMModuleRef *mod,
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

/* (reader.h) */
void reader_strip_optnone(LLVMModuleRef mod)
{
	unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		if (LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone))
			LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone);
	}
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

/* Caps the probe child: READER_PROBE_MEMORY bytes of address space beyond
** what the parent already maps (a fuzzed 12 KB file made the reader take
** 3 GB), READER_PROBE_SECONDS of CPU time. */
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
		rlim_t want = (rlim_t)(base + READER_PROBE_MEMORY);
		if (rl.rlim_max == RLIM_INFINITY || want < rl.rlim_max) {
			rl.rlim_cur = want;
			setrlimit(RLIMIT_AS, &rl);
		}
	}
	if (getrlimit(RLIMIT_CPU, &rl) == 0
	    && (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > READER_PROBE_SECONDS)) {
		rl.rlim_cur = READER_PROBE_SECONDS;
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
	return reader_parse(path, ctx, mod, err);
}

/* Verifies MOD: VMSG (READER_VMSG bytes) gets the first line of the
** verifier's complaint, or "" when MOD is valid. */
static void verify_into(LLVMModuleRef mod, char *vmsg)
{
	char *msg = NULL;
	vmsg[0] = '\0';
	if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
		char *nl = msg ? strchr(msg, '\n') : NULL;
		if (nl)
			*nl = '\0';
		snprintf(vmsg, READER_VMSG, "%s", msg && *msg ? msg : "verifier failed");
	}
	LLVMDisposeMessage(msg);
}

/* What the child hands back at the start of the shared file, the module's
** bitcode after it.  The child writes it twice: once it has read and
** verified (bclen 0), and once the bitcode is written. */

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

/* The child's side of reader_load: never returns. */
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
	LLVMContextSetDiagnosticHandler(ctx, reader_diag_handler, diag);
	LLVMModuleRef mod = NULL;
	struct sim_error e = { 0 };
	static struct reader_handoff h;
	h.magic = READER_HANDOFF_MAGIC;
	h.rc = reader_parse(path, ctx, &mod, &e);
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
		reader_strip_optnone(mod);
		LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
		LLVMErrorRef pe = LLVMRunPasses(mod, pipeline, NULL, po);
		LLVMDisposePassBuilderOptions(po);
		if (pe != NULL)
			LLVMConsumeError(pe);
	}
	_exit(0);
}

/* Waits for the child PID, watching its resident memory; 1 when it was
** killed for passing READER_PROBE_MEMORY, -1 when it cannot be waited for. */
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
		if (r == 0 && child_rss(pid) > READER_PROBE_MEMORY) {
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
	const struct reader_handoff *h = src;
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
	char vmsg[READER_VMSG];
	verify_into(*mod, vmsg);
	if (vmsg[0] == '\0')
		return 0;
	LLVMDisposeModule(*mod);
	*mod = NULL;
	return sim_fail(err, SIM_ERR_VERIFY, "%s: invalid module: %s", path, vmsg);
}

int reader_verdict(const char *path, int w, int st, const struct reader_handoff *h,
		   size_t maplen, struct sim_error *err)
{
	if (w > 0)
		return sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (the LLVM "
				"reader needed more than %d GiB for it)", path,
				(int)(READER_PROBE_MEMORY >> 30));
	if (WIFSIGNALED(st) && WTERMSIG(st) == SIGXCPU)
		return sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (the LLVM "
				"reader took more than %d s on it)", path, READER_PROBE_SECONDS);
	if (h != NULL && h->magic == READER_HANDOFF_MAGIC && h->rc < 0 && h->status < 0)
		return sim_fail(err, h->status, "%.*s", (int)sizeof h->msg, h->msg);
	if (h != NULL && h->magic == READER_HANDOFF_MAGIC && h->rc == 0 && h->vmsg[0] != '\0')
		/* a module that does not verify is never read here */
		return sim_fail(err, SIM_ERR_VERIFY, "%s: invalid module: %.*s", path,
				(int)sizeof h->vmsg, h->vmsg);
	if (WIFSIGNALED(st) || WEXITSTATUS(st) != 0 || h == NULL || h->magic != READER_HANDOFF_MAGIC
	    || h->rc != 0 || h->bclen == 0 || maplen < sizeof *h || h->bclen > maplen - sizeof *h)
		return sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (the LLVM "
				"reader crashed on it, or needed more than %d GiB)", path,
				(int)(READER_PROBE_MEMORY >> 30));
	return 0;
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
int reader_load(const char *path, const char *pipeline, LLVMContextRef ctx,
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
	struct reader_handoff *h = MAP_FAILED;
	size_t maplen = 0;
	if (w >= 0 && fstat(fd, &fs) == 0 && (uint64_t)fs.st_size >= sizeof *h) {
		maplen = (size_t)fs.st_size;
		h = mmap(NULL, maplen, PROT_READ, MAP_PRIVATE, fd, 0);
	}
	close(fd);
	int r;
	if (w < 0) {
		r = read_here(path, ctx, mod, err);
	} else {
		r = reader_verdict(path, w, st, h == MAP_FAILED ? NULL : h, maplen, err);
		if (r == 0) {
			r = quietly(read_handoff, h, ctx, mod, err);
			if (r < 0)
				r = sim_fail(err, SIM_ERR_BITCODE, "%s: corrupt LLVM bitcode or IR (LLVM "
					     "cannot read back what its writer made of it)", path);
			else
				LLVMSetModuleIdentifier(*mod, path, strlen(path));
		}
	}
	if (h != MAP_FAILED)
		munmap(h, maplen);
	return r;
}

LLVMValueRef reader_md_operand(LLVMValueRef md, unsigned i)
{
	if (md == NULL || LLVMIsAMDNode(md) == NULL)
		return NULL;
	unsigned n = LLVMGetMDNodeNumOperands(md);
	if (i >= n)
		return NULL;
	LLVMValueRef *ops = xcalloc(n, sizeof *ops);
	LLVMGetMDNodeOperands(md, ops);
	LLVMValueRef r = ops[i];
	free(ops);
	return r;
}

const char *reader_scope_file(LLVMContextRef ctx, LLVMMetadataRef scope, unsigned *len)
{
	*len = 0;
	if (scope == NULL)
		return NULL;
	LLVMMetadataKind k = LLVMGetMetadataKind(scope);
	if (k == LLVMDIFileMetadataKind)
		return LLVMDIFileGetFilename(scope, len);
	if (k != LLVMDISubprogramMetadataKind && k != LLVMDILexicalBlockMetadataKind
	    && k != LLVMDILexicalBlockFileMetadataKind)
		return NULL;
	/* a scope's operand 0 is its file */
	LLVMValueRef f = reader_md_operand(LLVMMetadataAsValue(ctx, scope), 0);
	if (f == NULL || LLVMIsAMDNode(f) == NULL
	    || LLVMGetMetadataKind(LLVMValueAsMetadata(f)) != LLVMDIFileMetadataKind)
		return NULL;
	return LLVMDIFileGetFilename(LLVMValueAsMetadata(f), len);
}
