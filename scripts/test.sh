#!/usr/bin/env bash
# Builds simulee-c and runs the whole test suite (unit, corpus, CLI).
# SIMULEE_SANITIZE=1 builds in build-san/ with ASan and UBSan instead.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x configure ] || autoreconf -fi >/dev/null
if [ "${SIMULEE_SANITIZE:-0}" = 1 ]; then
	dir=build-san; flags="--enable-asan --enable-ubsan"
else
	dir=build; flags=""
fi
mkdir -p "$dir"
cd "$dir"
[ -f Makefile ] || ../configure -q $flags CFLAGS="-O2 -g"
make -j"$(nproc)" >/dev/null
if ! make -j"$(nproc)" check >/dev/null 2>&1; then
	cat tests/*.log 2>/dev/null | grep -v "^PASS\|^ *$" | tail -80
	cat test-suite.log
	exit 1
fi
grep -h "^[0-9]*%: Checks" tests/*.log || true
tail -n +1 test-suite.log | sed -n '1,12p'
