#!/usr/bin/env python3
"""The project benchmark on real modules (docs/PERFORMANCE.md, "A whole
module, kernel by kernel"): for each module named,

  - loading: `simulee-c --list-kernels M` against LLVM's own parse and
    verify, `opt -passes=verify M -o /dev/null` (user + system CPU, medians
    of REPS alternating runs, children included; a .cu input is compiled
    by --list-kernels, so it has no opt figure);
  - the default static pipeline over all its kernels in ONE process,
    `simulee-c --format json --output R --timings T [ARGS] M`, under GNU
    time: the process's CPU and peak resident memory (%M), and from the
    --timings file each kernel's own search CPU: median, p90, max, sum,
    the kernels over 10 s, and the five slowest;
  - issue 26's done-when against the figures: load at most 5x opt, at most
    5 CPU-minutes for the module, median kernel at most 0.25 s, none over
    10 s, at most 1 GiB resident.

    scripts/module-bench.py [--bin SIMULEE-C] [--reps N] [--keep DIR]
                            MODULE.bc|.ll|.cu ... [-- simulee-c arguments]

With several modules, a last block pools their kernels.  Environment: OPT
(default opt-19, else opt).  It prints figures and asserts nothing (no
timed tests); CPU time, not wall time, because the machines are shared:
the load average before and after each run is printed with it.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT_KERNEL_S = 10.0
LIMIT_MEDIAN_S = 0.25
LIMIT_TOTAL_S = 300.0
LIMIT_RSS_MIB = 1024.0
LIMIT_LOAD_RATIO = 5.0


def loadavg():
    return f"{os.getloadavg()[0]:.2f}"


def child_cpu(args):
    """Runs ARGS (output dropped); returns (exit status, CPU seconds of it
    and its children, from the kernel's accounting of waited children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p.returncode, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pick(v, q):
    """The q-quantile of sorted V, nearest rank below."""
    return v[int((len(v) - 1) * q)] if v else 0.0


def load_figures(sim, opt, m, reps):
    """Median CPU of `--list-kernels M` and of opt's verify (None for a .cu)."""
    s, o = [], []
    for _ in range(reps):
        st, c = child_cpu([sim, "--list-kernels", m])
        if st != 0:
            sys.exit(f"{sys.argv[0]}: simulee-c --list-kernels {m} failed (exit {st})")
        s.append(c)
        if opt and not m.endswith(".cu"):
            st, c = child_cpu([opt, "-passes=verify", m, "-o", os.devnull])
            if st != 0:
                sys.exit(f"{sys.argv[0]}: opt -passes=verify {m} failed (exit {st})")
            o.append(c)
    return statistics.median(s), (statistics.median(o) if o else None)


def read_timings(path):
    """The --timings file's rows as dicts (docs/DECISIONS.md)."""
    rows = []
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            v = line.rstrip("\n").split("\t")
            if len(v) == len(head):
                rows.append(dict(zip(head, v)))
    return rows


def pipeline(sim, m, args, work):
    """The default pipeline over M in one process; (rows, wall, cpu, rss MiB, exit)."""
    tim = os.path.join(work, "t.tsv")
    tf = os.path.join(work, "time")
    cmd = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", tf, sim, "--format", "json",
           "--output", os.path.join(work, "r.json"), "--timings", tim] + args + [m]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(tf) as f:
        wall, user, sys_, rss = f.read().strip().splitlines()[-1].split()
    return read_timings(tim), float(wall), float(user) + float(sys_), int(rss) / 1024, p.returncode


def short(r):
    """A kernel's demangled name without its parameters and return type."""
    d = r["demangled"]
    d = d[:d.find("(")] if "(" in d else d
    return d[5:] if d.startswith("void ") else d


def verdict(ok):
    return "met" if ok else "NOT met"


def summary(label, rows, cpu, rss, load=None):
    """Prints the per-kernel distribution of ROWS and the done-when lines."""
    ks = sorted(float(r["cpu_s"]) for r in rows)
    over = [r for r in rows if float(r["cpu_s"]) > LIMIT_KERNEL_S]
    med = pick(ks, 0.5)
    print(f"  {label}: {len(ks)} kernels; CPU per kernel (its search): median {med:.3f} s, "
          f"p90 {pick(ks, 0.9):.3f} s, max {ks[-1] if ks else 0:.3f} s; "
          f"sum {sum(ks):.1f} CPU-s; the process {cpu:.1f} CPU-s, peak {rss:.0f} MiB")
    print(f"  kernels over {LIMIT_KERNEL_S:g} s: "
          + (", ".join(f"{short(r)} ({float(r['cpu_s']):.1f} s)" for r in over) or "none"))
    print("  slowest:")
    for r in sorted(rows, key=lambda r: -float(r["cpu_s"]))[:5]:
        print(f"    {float(r['cpu_s']):7.2f} CPU-s {float(r['wall_s']):7.1f} s wall {r['launches']:>5} "
              f"launches {r['stop']:<11} {short(r)}")
    cut = sum(1 for r in rows if r["stop"] == "time-limit")
    print(f"  stopped at the time limit: {cut}")
    print(f"  done-when: median <= {LIMIT_MEDIAN_S} s {verdict(med <= LIMIT_MEDIAN_S)}; "
          f"none over {LIMIT_KERNEL_S:g} s {verdict(not over)}; "
          f"<= {LIMIT_TOTAL_S / 60:g} CPU-min {verdict(cpu <= LIMIT_TOTAL_S)}; "
          f"<= 1 GiB {verdict(rss <= LIMIT_RSS_MIB)}"
          + (f"; load <= {LIMIT_LOAD_RATIO:g}x opt {verdict(load <= LIMIT_LOAD_RATIO)}"
             if load is not None else ""))


def main():
    sys.stdout.reconfigure(line_buffering=True)
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description="per-kernel CPU of whole modules")
    ap.add_argument("--bin", default=os.path.join(here, "build/simulee-c"))
    ap.add_argument("--reps", type=int, default=3, help="runs of each load figure (median)")
    ap.add_argument("--keep", help="keep each module's report and timings in this directory")
    ap.add_argument("modules", nargs="+")
    a = ap.parse_args(argv)
    sim = os.path.abspath(a.bin)
    if not os.access(sim, os.X_OK):
        sys.exit(f"{sys.argv[0]}: no simulee-c at {sim} (--bin)")
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit(f"{sys.argv[0]}: needs GNU time (/usr/bin/time)")
    opt = os.environ.get("OPT") or shutil.which("opt-19") or shutil.which("opt")
    for m in a.modules:
        if not os.access(m, os.R_OK):
            sys.exit(f"{sys.argv[0]}: cannot read {m}")
    print(f"simulee-c: {sim}   opt: {opt}   arguments: {' '.join(extra) or '(defaults)'}")
    print(f"machine: {os.cpu_count()} cores")
    allrows, allcpu, allrss = [], 0.0, 0.0
    for m in a.modules:
        work = tempfile.mkdtemp(prefix="simulee-module-bench.")
        try:
            l0 = loadavg()
            ls, lo = load_figures(sim, opt, m, a.reps)
            l1 = loadavg()
            rows, wall, cpu, rss, st = pipeline(sim, m, extra, work)
            l2 = loadavg()
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
                base = os.path.splitext(os.path.basename(m))[0]
                shutil.copy(os.path.join(work, "t.tsv"), os.path.join(a.keep, base + ".tsv"))
                if os.path.exists(os.path.join(work, "r.json")):
                    shutil.copy(os.path.join(work, "r.json"), os.path.join(a.keep, base + ".json"))
        finally:
            shutil.rmtree(work)
        ratio = ls / lo if lo else None
        print(f"{os.path.basename(m)} ({os.path.getsize(m) // 1024} KB)")
        print(f"  load: --list-kernels {ls:.3f} CPU-s, opt -passes=verify "
              + (f"{lo:.3f} CPU-s: ratio {ratio:.1f}" if lo else "n/a")
              + f" (median of {a.reps}; load average {l0} to {l1})")
        print(f"  pipeline: exit {st}, {wall:.1f} s wall (load average {l1} to {l2})")
        if st > 1:
            print("  (the run failed: the figures below are of the kernels before)")
        summary("kernels", rows, cpu, rss, ratio)
        allrows += rows
        allcpu += cpu
        allrss = max(allrss, rss)
    if len(a.modules) > 1:
        print(f"all {len(a.modules)} modules")
        summary("kernels", allrows, allcpu, allrss)


if __name__ == "__main__":
    main()
