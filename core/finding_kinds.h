/*
** finding_kinds.h: the one list of simulee-c finding kinds.
**
** Each entry is
**
**   K(KIND, id, name, severity, flags, confirm, tool_or_why, brief, full, help)
**
**   KIND         the enum finding_kind constant (core/finding.h)
**   id           stable id for JSON and SARIF (finding_kind_id); never
**                change one, reports and alerts are matched by it
**   name         what the text report calls it (finding_kind_name)
**   severity     its severity before anything particular to the finding
**                (finding_kind_severity); finding_severity keeps the rest:
**                a benign race is a warning
**   flags        FKF_* below, or 0
**   confirm      how a GPU confirms it (replay/replay.c's enum confirm):
**                BY_TOOL, tool_or_why the compute-sanitizer tool;
**                BY_FAILURE (the program fails) or BY_TIMEOUT (it does
**                not finish), tool_or_why NULL; NOT_CONFIRMABLE,
**                tool_or_why the reason.  confirm_of keeps what depends on
**                the finding: a race off shared memory, an uninitialized
**                read off global memory have no tool
**   brief, full, help   the SARIF rule's shortDescription,
**                fullDescription and help (report/sarif.c)
**
** The list generates the enum, finding_kind_name/_id/_severity/_flags
** (core/finding.c), the SARIF rules (report/sarif.c) and the replay's
** default (replay/replay.c); tests/check_report.c checks that
** docs/report.schema.json and docs/REPORT-FORMAT.md list exactly these ids,
** in this order.  The order is the enum's, and SARIF's ruleIndex: add a
** kind at the end.
*/
#ifndef SIMULEE_FINDING_KINDS_H
#define SIMULEE_FINDING_KINDS_H

/* What code asks of a kind (finding_kind_flags). */
enum finding_kind_flag {
	FKF_PAIR = 1 << 0,		/* kept by an unordered pair of sites
					   (findings_get_pair), not by one */
	FKF_PERF = 1 << 1,		/* a performance note: not a bug, shown only
					   with --perf, never a reason for the search */
	FKF_HOST = 1 << 2,		/* host-side data mapping (detect/hostmap.h):
					   no device site, no launch of its own */
	FKF_CONTRACT_FAULT = 1 << 3,	/* puts a searched launch outside the kernel's
					   contract (evolve_is_contract_fault) */
	FKF_CONCURRENCY = 1 << 4,	/* about synchronization: SARIF tag
					   "concurrency", else "correctness" */
	FKF_INFERRED = 1 << 5,		/* holds for the launches tried, not shown by
					   one: SARIF precision "medium", else "high" */
	FKF_NO_THREAD = 1 << 6,		/* no thread is its witness: SARIF gives it no
					   code flow */
};

/* Why a kind that is not a fault on the GPU cannot be confirmed there. */
#define FINDING_WHY_NOT_RUNTIME \
	"this kind is not a runtime error (a barrier's verdict, a shape the kernel " \
	"assumes, an index past an inner dimension, the model's budget)"

#define SIMULEE_FINDING_KINDS(K) \
	/* out-of-bounds access */ \
	K(FK_OOB, "out-of-bounds", "out-of-bounds access", SEV_ERROR, FKF_CONTRACT_FAULT, \
	  BY_TOOL, "memcheck", \
	  "Out-of-bounds memory access", \
	  "A thread read or wrote outside the buffer or array it indexes " \
	  "(a global buffer, a shared, local or __constant__ array).", \
	  "An index computed from threadIdx, blockIdx or a loop counter runs past the end of " \
	  "the array for the launch shown. Guard the access with the array's size " \
	  "(if (i < n)), size the grid to the data with a bounds check in the kernel, or " \
	  "allocate the buffer for every thread that indexes it. The result's 'launch' " \
	  "property replays the launch on the simulee-c command line.") \
	/* null pointer dereference */ \
	K(FK_NULL, "null-dereference", "null pointer dereference", SEV_ERROR, FKF_CONTRACT_FAULT, \
	  BY_TOOL, "memcheck", \
	  "Null pointer dereference", \
	  "A thread dereferenced a null pointer.", \
	  "A pointer parameter, or a pointer the kernel loaded or computed, was NULL where " \
	  "it was used. Check that the host passes a device allocation for every pointer " \
	  "parameter and that the kernel sets its pointers on every path before using them.") \
	/* pointer to no live allocation */ \
	K(FK_INVALID_PTR, "invalid-pointer", "invalid pointer dereference", SEV_ERROR, \
	  FKF_CONTRACT_FAULT, \
	  BY_TOOL, "memcheck", \
	  "Dereference of a pointer to no live allocation", \
	  "A thread dereferenced a pointer that points into no live allocation.", \
	  "The address lies in no buffer the launch has: pointer arithmetic ran past every " \
	  "allocation, the memory was freed, or the pointer was made from an integer. " \
	  "Check the arithmetic and the lifetime of what the pointer refers to.") \
	/* misaligned access */ \
	K(FK_MISALIGNED, "misaligned", "misaligned access", SEV_ERROR, FKF_CONTRACT_FAULT, \
	  BY_TOOL, "memcheck", \
	  "Misaligned memory access", \
	  "A thread accessed N bytes at an address that is not a multiple of N.", \
	  "The GPU faults on misaligned accesses (misaligned address). Do not cast a byte " \
	  "pointer at an arbitrary offset to a wider type; copy with memcpy, keep offsets " \
	  "aligned, and align shared buffers with __align__ or alignas.") \
	/* write to __constant__ or parameter memory */ \
	K(FK_READONLY, "readonly-write", "write to read-only memory", SEV_ERROR, \
	  FKF_CONTRACT_FAULT, \
	  BY_TOOL, "memcheck", \
	  "Write to read-only memory", \
	  "The kernel wrote to __constant__ memory or to a kernel parameter's memory.", \
	  "__constant__ memory and kernel parameters are read-only on the device. Copy the " \
	  "value into a local or global variable before changing it; update __constant__ " \
	  "data from the host with cudaMemcpyToSymbol.") \
	/* assert() failed in the kernel */ \
	K(FK_ASSERT, "assert", "assertion failed", SEV_ERROR, FKF_CONTRACT_FAULT, \
	  BY_FAILURE, NULL, \
	  "assert() failed in device code", \
	  "An assert() in the kernel failed for the launch shown.", \
	  "A failed device assert stops the kernel with cudaErrorAssert. Either the launch " \
	  "breaks what the kernel expects (fix the host's launch or its data) or the " \
	  "kernel's code is wrong.") \
	/* __trap(), unreachable code reached */ \
	K(FK_TRAP, "trap", "trap", SEV_ERROR, FKF_CONTRACT_FAULT, \
	  BY_FAILURE, NULL, \
	  "Trap or unreachable code reached", \
	  "A thread executed __trap() or code the compiler marked unreachable.", \
	  "__trap(), __builtin_unreachable(), or falling off the end of a function that " \
	  "returns a value aborts the kernel on the GPU. Make every path return a value and " \
	  "check the conditions the code assumes can never hold.") \
	/* thread did not finish within the step budget */ \
	K(FK_STEP_BUDGET, "step-budget", "thread did not finish", SEV_ERROR, FKF_CONTRACT_FAULT, \
	  BY_TIMEOUT, NULL, \
	  "Thread did not finish within the step budget", \
	  "A thread was still running when the simulator's step budget ran out.", \
	  "An endless loop, a spin-wait on a flag no thread sets, or a lock no thread " \
	  "releases keeps a thread running forever (on the GPU the kernel hangs). Check loop " \
	  "exit conditions and that every wait has a thread that ends it. If the kernel is " \
	  "only long, raise --max-steps.") \
	/* threads of a block at different barriers, or exited */ \
	K(FK_BARRIER_DIVERGENCE, "barrier-divergence", "barrier divergence", SEV_ERROR, \
	  FKF_PAIR | FKF_CONCURRENCY, \
	  BY_TOOL, "synccheck", \
	  "Barrier divergence: __syncthreads() not reached by the whole block", \
	  "Threads of one block waited at different barriers, or some waited while others " \
	  "exited or were elsewhere.", \
	  "__syncthreads() must be reached by every thread of the block that has not " \
	  "exited, at the same barrier. A barrier inside a branch or loop whose condition " \
	  "differs between threads (depends on threadIdx, or follows an early return) is " \
	  "undefined behaviour: the block hangs or computes garbage. Move the barrier out of " \
	  "the divergent code so every thread executes it, or make the condition uniform " \
	  "across the block. The related locations and the code flow show where the threads " \
	  "were instead.") \
	/* warp-level sync (shfl/vote/syncwarp) not reached by its mask */ \
	K(FK_WARP_SYNC, "warp-sync-divergence", "warp synchronization divergence", SEV_ERROR, \
	  FKF_CONCURRENCY, \
	  BY_TOOL, "synccheck", \
	  "Warp-level synchronization not reached by its mask", \
	  "A __shfl_sync, __ballot_sync, __syncwarp or other *_sync call was not executed by " \
	  "every lane its mask names.", \
	  "Every lane named in the mask of a *_sync intrinsic must execute the same call. " \
	  "Compute the mask over the lanes that really take the branch (__ballot_sync or " \
	  "__activemask()), or move the call out of the divergent code.") \
	/* integer division by zero */ \
	K(FK_DIV_ZERO, "division-by-zero", "integer division by zero", SEV_ERROR, 0, \
	  NOT_CONFIRMABLE, "integer division by zero does not trap on NVIDIA GPUs (the result " \
	  "is undefined), so no tool reports it", \
	  "Integer division by zero", \
	  "An integer division or remainder had a zero divisor.", \
	  "Integer division by zero gives an undefined result on the GPU. Check the divisor " \
	  "(often a parameter or a size) before dividing.") \
	/* data race: two unordered conflicting accesses; benign (both wrote the \
	   same value): a warning */ \
	K(FK_RACE, "data-race", "data race", SEV_ERROR, FKF_PAIR | FKF_CONCURRENCY, \
	  BY_TOOL, "racecheck", \
	  "Data race", \
	  "Two threads accessed the same memory without synchronization between them, and " \
	  "at least one access was a write.", \
	  "Within a block, separate the conflicting accesses with __syncthreads(), or with " \
	  "__syncwarp() for lanes of one warp: do not rely on warps running in lockstep, " \
	  "which independent thread scheduling (Volta and later) does not guarantee. Threads " \
	  "of different blocks have no barrier: use atomics, a second kernel launch, or give " \
	  "each block its own output. Accesses meant to be concurrent must be atomic. The " \
	  "related location is the other access; the code flow shows both threads.") \
	/* a barrier no conflict ever needed */ \
	K(FK_REDUNDANT_BARRIER, "redundant-barrier", "redundant barrier", SEV_WARNING, \
	  FKF_CONCURRENCY | FKF_INFERRED | FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Redundant barrier", \
	  "No conflicting accesses were ordered by this barrier in any launch checked.", \
	  "The barrier costs time without protecting anything in the launches simulated. " \
	  "Remove it only if no other launch shape or input needs it.") \
	/* read of never-written shared or local memory */ \
	K(FK_UNINIT, "uninitialized-read", "read of uninitialized memory", SEV_ERROR, 0, \
	  BY_TOOL, "initcheck", \
	  "Read of uninitialized memory", \
	  "A thread read shared or local memory that no thread had written.", \
	  "Shared and local memory start with unspecified contents. Initialise every " \
	  "element that is read (the tail of a partial tile too), with __syncthreads() " \
	  "between the writes and the reads of other threads.") \
	/* an index past an inner array dimension (the address stays inside \
	   the variable) */ \
	K(FK_SUBSCRIPT, "subscript", "subscript past an array dimension", SEV_WARNING, 0, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Subscript past an array dimension", \
	  "An index went past an inner dimension of a multi-dimensional array.", \
	  "The address stays inside the variable but reaches another row (tile[y][17] of a " \
	  "tile[16][16] is tile[y + 1][1]). Bound each index by its own dimension, or size " \
	  "the array for the block shape.") \
	/* a shape the kernel assumes (an inferred contract) */ \
	K(FK_ASSUMPTION, "shape-assumption", "shape assumption", SEV_WARNING, FKF_INFERRED, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Launch shape the kernel assumes", \
	  "The kernel's code only works for some launch shapes (an inferred contract).", \
	  "The kernel faults for launches outside the shape stated (a shared array sized for " \
	  "256 threads indexed by threadIdx.x). State the contract (document it, assert it " \
	  "at the kernel's entry, check it on the host before launching) or make the kernel " \
	  "work for any shape.") \
	/* the model ran out of shadow memory: about the analysis, not the kernel */ \
	K(FK_INCOMPLETE, "analysis-incomplete", "analysis incomplete", SEV_NOTE, FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Analysis incomplete", \
	  "The simulator ran out of shadow memory, so some accesses were not checked.", \
	  "Races among the accesses not recorded may be missed. Raise --max-memory or " \
	  "simulate a smaller launch.") \
	/* lockstep: a lane spins on a lock its own warp holds */ \
	K(FK_WARP_DEADLOCK, "warp-deadlock", \
	  "lock held by the lane's own warp: deadlock under lockstep", SEV_ERROR, 0, \
	  BY_TIMEOUT, NULL, \
	  "Lock held by the lane's own warp", \
	  "A lane spins on a lock that a lane of its own warp holds: a deadlock on GPUs " \
	  "before Volta.", \
	  "Without independent thread scheduling a diverged warp runs one path until it " \
	  "reconverges, so the lane holding the lock never runs while the others spin. " \
	  "Put the critical section inside the loop that takes the lock (release before " \
	  "the loop's next turn), or let one lane per warp take the lock for the warp.") \
	/* the launch needed more simulated memory than --max-memory */ \
	K(FK_MEMORY_BUDGET, "memory-budget", "memory budget exceeded", SEV_ERROR, \
	  FKF_CONTRACT_FAULT, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Memory budget exceeded", \
	  "The launch needed more simulated memory than the budget (--max-memory) allows.", \
	  "A memset, memcpy or loop touched more bytes of a buffer than the budget holds, " \
	  "usually through a length or index the kernel computed (negative, or far past any " \
	  "buffer). Check the length; if the launch really needs that much, raise " \
	  "--max-memory.") \
	/* performance: a shared access served in several passes */ \
	K(FK_BANK_CONFLICT, "bank-conflict", "shared memory bank conflict", SEV_NOTE, FKF_PERF, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Shared memory bank conflict", \
	  "Lanes of a warp access different 4-byte words of one shared memory bank, so the " \
	  "hardware serves the access in several passes (the degree).", \
	  "Shared memory has 32 banks of 4 bytes; lanes reading one word share it, lanes " \
	  "reading different words of one bank wait for each other. A tile read by column " \
	  "(tile[threadIdx.x][k]) with a row of 32 words puts a whole column in one bank: pad " \
	  "the row (tile[32][33]) or swap the indices.") \
	/* performance: a global access touching many more sectors than its \
	   bytes need */ \
	K(FK_UNCOALESCED, "uncoalesced-access", "uncoalesced global access", SEV_NOTE, FKF_PERF, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Uncoalesced global memory access", \
	  "A warp's access touches many more 32-byte sectors of global memory than its bytes " \
	  "need, so most of each sector fetched is wasted.", \
	  "Consecutive lanes should access consecutive addresses (a[base + threadIdx.x]). " \
	  "A matrix read by column with one lane per row (a[threadIdx.x * n + k]) touches a " \
	  "sector per lane: transpose through a shared tile, or index by row.") \
	/* host: reads a host buffer nothing wrote, after a launch */ \
	K(FK_HOST_UNCOPIED_READ, "host-uncopied-read", "host read of results never copied back", \
	  SEV_ERROR, FKF_HOST | FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Host reads results never copied back", \
	  "After a kernel launch, the host reads a host buffer that no cudaMemcpy from the " \
	  "device, host store or call ever wrote.", \
	  "Copy the results back before reading them: cudaMemcpy(h_c, d_c, bytes, " \
	  "cudaMemcpyDeviceToHost) after the launch, into the buffer the host reads.") \
	/* host: reads a buffer an async copy or a running kernel may still be \
	   writing */ \
	K(FK_HOST_UNSYNC_READ, "host-unsynchronized-read", "host read before synchronization", \
	  SEV_ERROR, FKF_HOST | FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Host reads before synchronizing", \
	  "The host reads a buffer that an asynchronous copy from the device, or a kernel " \
	  "still running (managed memory), may still be writing.", \
	  "cudaMemcpyAsync and kernel launches return before the work is done. Call " \
	  "cudaStreamSynchronize on the stream (or cudaEventSynchronize on an event recorded " \
	  "after the work, or cudaDeviceSynchronize) before the host reads the buffer.") \
	/* host: two streams' operations on the same device bytes, one writing, \
	   unordered */ \
	K(FK_STREAM_RACE, "stream-race", "race between streams", SEV_ERROR, \
	  FKF_HOST | FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Race between streams", \
	  "Two operations enqueued on different streams use the same device memory, at least " \
	  "one of them writing it, and nothing orders them.", \
	  "Operations on different streams may run in any order or at once. Put both on one " \
	  "stream, or record an event after the first (cudaEventRecord) and make the second's " \
	  "stream wait for it (cudaStreamWaitEvent), or synchronize in between.") \
	/* host: writes a buffer an async copy or a running kernel may still be \
	   reading or writing */ \
	K(FK_HOST_UNSYNC_WRITE, "host-unsynchronized-write", "host write before synchronization", \
	  SEV_ERROR, FKF_HOST | FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Host writes before synchronizing", \
	  "The host writes a buffer that an asynchronous copy (from pinned memory to the " \
	  "device, or from the device into it), or a kernel still running (managed or mapped " \
	  "memory), may still be reading or writing.", \
	  "The device may see the new bytes, the old ones or a mix, or overwrite what the host " \
	  "wrote. Call cudaStreamSynchronize on the stream (or cudaEventSynchronize on an event " \
	  "recorded after the work, or cudaDeviceSynchronize) before the host writes the " \
	  "buffer again, or write into a second buffer.") \
	/* the search: every launch it ran faulted, so nothing was checked */ \
	K(FK_NOTHING_CHECKED, "nothing-checked", "nothing checked", SEV_WARNING, \
	  FKF_INFERRED | FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Nothing checked", \
	  "Every launch the search tried stopped at a fault the kernel's contract excludes " \
	  "(a failed assert, an access out of bounds, a null pointer), or no launch that " \
	  "finished lies inside the contract (the time limit cut them all, or all the host " \
	  "code's), so no launch was checked for races or barrier errors.", \
	  "The location is the fault that stopped most launches, or the host's launch site. " \
	  "Give a launch the kernel accepts (--grid, --block, --arg, --size, --init), state " \
	  "the kernel's precondition so the search can meet it, raise --time-limit, or fix " \
	  "the fault if every launch really hits it.") \
	/* the host code: a launch whose shape is constant and one CUDA refuses */ \
	K(FK_REFUSED_LAUNCH, "refused-launch", "launch CUDA refuses", SEV_WARNING, \
	  FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, "CUDA refuses the launch before the kernel starts: nothing runs to " \
	  "check (cudaGetLastError returns cudaErrorInvalidConfiguration)", \
	  "Launch CUDA refuses", \
	  "The host code launches the kernel with constant dimensions that CUDA refuses: a " \
	  "grid or block dimension of 0, a block of more than 1024 threads, a dimension past " \
	  "its limit, or more dynamic shared memory than a block can have.", \
	  "The kernel never runs at this launch and the program is not told unless it checks " \
	  "cudaGetLastError. Round the grid up ((n + B - 1) / B), or fix the block's shape.") \
	/* the search: what it stopped short of for its budget */ \
	K(FK_SEARCH_SHORT, "search-stopped-short", "search stopped short", SEV_NOTE, \
	  FKF_NO_THREAD, \
	  NOT_CONFIRMABLE, FINDING_WHY_NOT_RUNTIME, \
	  "Search stopped short", \
	  "The input search left part of its work undone to stay within its budget (the " \
	  "probes that look for the kernel's assumptions behind its findings, or launches " \
	  "too large to finish in a launch's budget), so some findings may stand where " \
	  "the kernel's own contract would explain them, and the launches cut were not " \
	  "checked.", \
	  "Give the launch (--grid, --block, --arg) or state the kernel's contract (assert " \
	  "its shape) so the search needs fewer probes; --max-steps lifts the launches' " \
	  "budget.")

#endif
