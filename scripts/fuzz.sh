#!/usr/bin/env bash
# Builds the libFuzzer harnesses in build/ (make fuzz, docs/FUZZING.md) and
# runs each one for a short campaign from its seed corpus and the kept
# regressions: a crash, a sanitizer report, a leak or an input slower than
# 60 s (twice the loader probe's CPU limit, which rejects slower input
# itself) fails, with the input left in build/fuzz/crashes/.  FUZZ_SECONDS
# per harness (default 60), from seed FUZZ_SEED (default 1: the same inputs
# in the same order on every machine, so a CI failure is one that can be
# run again).  Without a clang that links libFuzzer it says
# so in one line and succeeds, unless SIMULEE_REQUIRE_FUZZER=1 (CI).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x configure ] || autoreconf -fi >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure -q CFLAGS="-O2 -g"
if ! grep -q '^FUZZ_CC = .' Makefile; then
	make -s fuzz
	[ "${SIMULEE_REQUIRE_FUZZER:-0}" != 1 ] || exit 1
	exit 0
fi
make -j"$(nproc)" fuzz >/dev/null
secs=${FUZZ_SECONDS:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for h in bitcode ir launch; do
	seeds=fuzz/corpus/bc
	dict=
	if [ "$h" = ir ]; then
		seeds=fuzz/corpus/ll
		dict=-dict=../fuzz/ir.dict
	fi
	mkdir "$work/$h"
	# the first directory gets what the campaign adds; the others are read
	if ! FUZZ_LAST="$work/$h.last" ./fuzz/fuzz_$h -seed="${FUZZ_SEED:-1}" -max_total_time="$secs" -timeout=60 $dict \
		-artifact_prefix="$work/$h-" "$work/$h" "$seeds" ../fuzz/regressions \
		>"$work/$h.log" 2>&1; then
		grep -v "NEW\|REDUCE\|pulse\|Suppressions used\|count  *bytes template\|libstdc++.so$\|^---*$" \
			"$work/$h.log" | grep -v "^$" | tail -60
		mkdir -p fuzz/crashes
		cp "$work/$h"-* fuzz/crashes/ 2>/dev/null || true
		cp "$work/$h.last" "fuzz/crashes/last-$h" 2>/dev/null || true
		# the input the harness was running, for a log that is all there is
		# (a CI machine): base64 of its gzip, up to 48 KiB
		if [ -s "$work/$h.last" ] && [ "$(gzip -9c "$work/$h.last" | wc -c)" -le 49152 ]; then
			echo "fuzz_$h: the input it was running, gzip | base64 (decode: base64 -d | gunzip):"
			gzip -9c "$work/$h.last" | base64 -w 120
		fi
		echo "fuzz_$h: failed; the input is in build/fuzz/crashes/ (docs/FUZZING.md: add a regression)"
		exit 1
	fi
	echo "fuzz_$h: $(grep -a "DONE\|Done" "$work/$h.log" | tr '\n' ' ')"
done
