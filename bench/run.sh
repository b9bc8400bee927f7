#!/usr/bin/env bash
# Builds simulee-c (in build/, as scripts/test.sh does) with the benchmark and
# the corpus bitcode it loads, then runs it.  Arguments go to simbench:
#   bench/run.sh                    every kernel, -O3 and -O0, 5 runs each
#   bench/run.sh --reps 9 vecadd    one kernel, more runs
#   bench/run.sh --detect           the cost of race detection (model off/on)
# See docs/PERFORMANCE.md for what the columns mean.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x configure ] || autoreconf -fi >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure -q CFLAGS="-O2 -g"
make -j2 bench >/dev/null
exec ./bench/simbench --kernels "$PWD/kernels/build" "$@"
