#!/usr/bin/env python3
"""Findings inside and outside the contract, per kernel file, for the default
pipeline (no launch options): every bug-corpus bitcode (buggy and fixed
twin) and every program of kernels/contracts.

    scripts/contract-bench.py [--before OLD_BIN] [BUILD_DIR]

BUILD_DIR (default build) holds simulee-c and kernels/build.  Each file runs
once with --contract=any --format=json; a finding is inside when its
contract is host, declared or inferred (what the default report lists),
outside when it is none (counted in one line).  With --before, OLD_BIN (a
simulee-c from before contracts, which lists every finding) runs on the
bitcode files too, for the before/after table.  Prints per-file lines, then
totals and the median and maximum CPU time per file of the default run.
"""
import json
import os
import resource
import subprocess
import sys


def run(cmd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        doc = None
    return doc, cpu, p.returncode


def counts(doc):
    inside = outside = 0
    for f in doc.get("findings", []):
        if f.get("contract", "inferred") == "none":
            outside += 1
        else:
            inside += 1
    return inside, outside


def main():
    args = sys.argv[1:]
    before = None
    if args[:1] == ["--before"]:
        before = args[1]
        args = args[2:]
    build = args[0] if args else "build"
    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = os.path.join(build, "simulee-c")
    files = []
    bugs = os.path.join(build, "kernels", "build", "bugs")
    for name in sorted(os.listdir(bugs)):
        if name.endswith(".O0.bc"):
            files.append(os.path.join(bugs, name))
    contracts = os.path.join(src, "kernels", "contracts")
    for name in sorted(os.listdir(contracts)):
        if name.endswith(".cu"):
            files.append(os.path.join(contracts, name))
    tot = {"in": 0, "out": 0, "old": 0}
    times = []
    print("%-40s %6s %6s %6s" % ("file", "inside", "outside", "before"))
    for path in files:
        doc, cpu, rc = run([binary, "--format=json", "--contract=any", path])
        if doc is None:
            print("%-40s failed (exit %d)" % (os.path.basename(path), rc))
            continue
        times.append(cpu)
        i, o = counts(doc)
        tot["in"] += i
        tot["out"] += o
        old = "-"
        if before and path.endswith(".bc"):
            odoc, _, _ = run([before, "--format=json", path])
            if odoc is not None:
                old = len(odoc.get("findings", []))
                tot["old"] += old
        print("%-40s %6d %6d %6s" % (os.path.basename(path), i, o, old))
    times.sort()
    n = len(times)
    print("files %d: inside %d, outside %d%s" % (
        n, tot["in"], tot["out"],
        ", before (all listed, bitcode files) %d" % tot["old"] if before else ""))
    if n:
        print("cpu per file: median %.3f s, max %.3f s" % (times[n // 2], times[-1]))


if __name__ == "__main__":
    main()
