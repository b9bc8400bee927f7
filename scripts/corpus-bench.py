#!/usr/bin/env python3
"""The project benchmark over the repository's own corpus (docs/PERFORMANCE.md,
"The corpus as a project").

The default pipeline on every kernel file of kernels/build/func and
kernels/build/bugs at -O0, one process per file, and
  - CPU per kernel (user + system of its file's run, children included,
    over the kernels it holds): median, p90, max, and the total;
  - the largest resident memory of any run;
  - loading: `simulee-c --list-kernels` against LLVM's own parse and verify
    (`opt -passes=verify`), summed over the files, as a ratio;
  - merging: the run as N shards (--shard i/N, default 100), then the time
    of `--merge` of the N reports.

    scripts/corpus-bench.py [SIMULEE-C]     (default build/simulee-c)

Environment: KERNELS (default build/kernels/build), OPT (default opt-19),
SHARDS (default 100).  It prints figures and asserts nothing (no timed
tests).  CPU comes from the kernel's accounting of the waited-for children
(microseconds), not from GNU time's two decimals.
"""
import glob
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sim = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "build/simulee-c"))
kdir = os.environ.get("KERNELS", os.path.join(here, "build/kernels/build"))
opt = os.environ.get("OPT", "opt-19")
nsh = int(os.environ.get("SHARDS", "100"))


def run(args):
    """Runs ARGS; returns (exit status, CPU seconds, max RSS KiB, wall s)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, cpu, after.ru_maxrss, wall


def pick(v, q):
    return v[int((len(v) - 1) * q)]


def main():
    if not os.access(sim, os.X_OK):
        sys.exit(f"{sys.argv[0]}: no simulee-c at {sim}")
    if shutil.which(opt) is None:
        sys.exit(f"{sys.argv[0]}: needs {opt}")
    files = sorted(glob.glob(os.path.join(kdir, "func/*.O0.bc"))) + \
        sorted(glob.glob(os.path.join(kdir, "bugs/*.O0.bc")))
    if not files:
        sys.exit(f"{sys.argv[0]}: no kernels under {kdir} (make check builds them)")
    work = tempfile.mkdtemp(prefix="simulee-corpus-bench.")
    try:
        print(f"simulee-c: {sim}")
        print(f"machine: {os.cpu_count()} cores; load before: {os.getloadavg()[0]:.2f}")
        per_kernel, maxrss, nfiles = [], 0, 0
        out = os.path.join(work, "r.json")
        for f in files:
            st, cpu, _, _ = run([sim, "--jobs", "1", "--format", "json", "--output", out, f])
            # a run's own peak: one process at a time, so the children's
            # maximum so far moves only when this run exceeds it
            maxrss = max(maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            if st > 1:
                continue
            k = len(json.load(open(out))["kernels"])
            if k == 0:
                continue
            per_kernel += [cpu / k] * k
            nfiles += 1
        per_kernel.sort()
        print(f"default pipeline: {nfiles} files, {len(per_kernel)} kernels, CPU per kernel: "
              f"median {pick(per_kernel, 0.5):.3f} s, p90 {pick(per_kernel, 0.9):.3f} s, "
              f"max {per_kernel[-1]:.3f} s; total {sum(per_kernel):.1f} CPU-s")
        print(f"largest resident memory of a run: {maxrss // 1024} MiB")
        lt = vt = 0.0
        for f in files:
            lt += run([sim, "--list-kernels", f])[1]
            vt += run([opt, "-passes=verify", f, "-o", os.devnull])[1]
        print(f"loading (--list-kernels) {lt:.2f} CPU-s, opt -passes=verify {vt:.2f} CPU-s: "
              f"ratio {lt / vt if vt else 0:.2f}")
        shards = []
        for i in range(1, nsh + 1):
            s = os.path.join(work, f"s{i}.json")
            st = run([sim, "--jobs", "1", "--format", "json", "--shard", f"{i}/{nsh}",
                      "--output", s] + files)[0]
            if st > 1:
                sys.exit(f"{sys.argv[0]}: shard {i}/{nsh} failed (exit {st})")
            shards.append(s)
        size = sum(os.path.getsize(s) for s in shards)
        st, cpu, _, wall = run([sim, "--merge"] + shards + ["--output", os.path.join(work, "m.json")])
        print(f"merge of {nsh} shards ({size / 1048576:.1f} MiB of reports): exit {st}, "
              f"{wall:.2f} s wall, {cpu:.2f} CPU-s")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
