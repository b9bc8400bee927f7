#!/usr/bin/env python3
"""Stated preconditions met by the search, over a verification suite.

    scripts/precond-bench.py [-v] [--bin SIMULEE_C] SUITE_DIR...

Every .cu file under SUITE_DIR that states a precondition in GPUVerify's
annotations (__requires, __global_requires, __assume; not
__requires_fresh_array) runs once with no launch given, the default
search, `--format=json --jobs 1`.  A kernel meets its preconditions when
at least one launch the search ran got past every one of them: the search
ran launches that no assert stopped (evaluations minus those rejected at
an assert, cut by the time limit or refused by CUDA).  A kernel with no
such launch is the `nothing-checked` warning (docs/CONTRACTS.md); a
file is also counted as checked when each kernel had a launch inside its
contract (one past its preconditions may still stop at the step budget).  A file
counts as met when each of its kernels does; a file that does not compile
is counted apart.  Prints the files missed (all with -v), then the totals
and the CPU time (user + system of the runs).  The suites are not
committed: fetch them (GPUVerify's benchmarks, mc-imperial/
GPUVerifyBenchmarks; its test suite, mc-imperial/gpuverify testsuite/CUDA).
"""
import json
import os
import re
import resource
import subprocess
import sys

PRE = re.compile(r'\b(__requires|__global_requires|__assume)\s*\(')


def cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def kernel_met(k):
    """(met, checked): some launch got past every assert; some launch
    lay inside the contract (no nothing-checked warning)."""
    s = k.get('search')
    if s is None:
        return True, True	# a launch given or pinned: nothing searched
    asserts = s.get('outside_by_kind', {}).get('assert', 0)
    said = s.get('cut', 0) + s.get('refused', 0)
    ran = s['evaluations'] - asserts - said
    inside = s['evaluations'] - s.get('outside_contract', 0) - said
    return ran > 0, inside > 0


def main(argv):
    verbose = '-v' in argv
    argv = [a for a in argv if a != '-v']
    binary = os.path.join(os.getcwd(), 'simulee-c')
    if len(argv) >= 2 and argv[0] == '--bin':
        binary = os.path.abspath(argv[1])
        argv = argv[2:]
    if not argv:
        sys.stderr.write('usage: precond-bench.py [-v] [--bin SIMULEE_C] SUITE_DIR...\n')
        return 2
    files = []
    for d in argv:
        for root, _, names in os.walk(d):
            for n in names:
                if n.endswith('.cu'):
                    p = os.path.join(root, n)
                    with open(p, errors='replace') as fh:
                        if PRE.search(fh.read()):
                            files.append(p)
    files.sort()
    met = missed = broken = checked = 0
    c0 = cpu()
    for f in files:
        r = subprocess.run([binary, f, '--format=json', '--jobs', '1'],
                           capture_output=True, text=True,
                           cwd=os.path.dirname(f))
        try:
            doc = json.loads(r.stdout)
        except ValueError:
            doc = None
        if doc is None or not doc.get('kernels'):
            broken += 1
            if verbose:
                err = (r.stderr.strip().splitlines() or ['?'])[-1]
                print(f'not compiled  {f}: {err[:100]}')
            continue
        res = [kernel_met(k) for k in doc['kernels']]
        if all(c for _, c in res):
            checked += 1
        bad = [k['name'] for k, (m, _) in zip(doc['kernels'], res) if not m]
        if bad:
            missed += 1
            print(f'missed        {f}: {" ".join(bad)}')
        else:
            met += 1
            if verbose:
                what = 'met' if all(c for _, c in res) else 'met, no check'
                print(f'{what:14}{f}')
    t = cpu() - c0
    n = met + missed
    pct = 100.0 * met / n if n else 0.0
    print(f'{len(files)} files state preconditions; {broken} do not compile; '
          f'met in {met} of {n} ({pct:.1f}%); checked (a launch inside the '
          f'contract) in {checked}; cpu {t:.1f} s')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
