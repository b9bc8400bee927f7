#!/usr/bin/env bash
# Builds simulee-c and runs the whole test suite (unit, corpus, CLI).
# SIMULEE_SANITIZE=1 builds in build-san/ with ASan and UBSan instead.
# SIMULEE_SANITIZE=clang builds in build-san-clang/ with clang's ASan and
# UBSan (which see undefined behaviour gcc's do not) and runs the suites
# of SIMULEE_CLANG_SUITES, a comma-separated list of SUITE or SUITE/CASE
# (default below, about ten minutes on two cores: docs/FUZZING.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x configure ] || autoreconf -fi >/dev/null
suites=
if [ "${SIMULEE_SANITIZE:-0}" = 1 ]; then
	dir=build-san; flags="--enable-asan --enable-ubsan"; cc=
elif [ "${SIMULEE_SANITIZE:-0}" = clang ]; then
	dir=build-san-clang; flags="--enable-asan --enable-ubsan"; cc=clang-19
	# mam's oracle cases (1,700 forked tests) are left to the gcc run
	mam=mam/paper,mam/atomics,mam/barriers,mam/granularity,mam/hand-over,mam/inter-block,mam/intra-warp,mam/lifetime
	suites=${SIMULEE_CLANG_SUITES:-"mem,$mam,interp,cli,sarif,report,params,deps,prune,hostmap,tex,fuzz,bugs/bugs runs"}
else
	# CI's main build: a warning is an error (STYLE.md's flags)
	dir=build; flags="--enable-werror"; cc=
fi
mkdir -p "$dir"
cd "$dir"
# the kernels do not depend on the C compiler: a sanitized build takes
# build/'s (CI runs the main build first) instead of compiling the 768
# files again, before its `make` (which builds the bug corpus' bitcode)
if [ "$dir" != build ] && [ ! -d kernels/build ] && [ -d ../build/kernels/build ]; then
	mkdir -p kernels
	cp -a ../build/kernels/build kernels/
fi
if [ ! -f Makefile ]; then
	if [ -n "$cc" ]; then
		# the sanitizers keep some lane loops from vectorising: not news
		../configure -q $flags CC="$cc" CFLAGS="-O2 -g -Wno-pass-failed"
	else
		../configure -q $flags CFLAGS="-O2 -g"
	fi
fi
make -j"$(nproc)" >/dev/null
if [ -n "$suites" ]; then
	make -j"$(nproc)" check TESTS= >/dev/null
	status=0
	IFS=, read -ra list <<<"$suites"
	for s in "${list[@]}"; do
		# every test program runs; those without SUITE (or CASE) SKIP
		start=$SECONDS
		export CK_RUN_SUITE=${s%%/*}
		unset CK_RUN_CASE
		[ "$CK_RUN_SUITE" = "$s" ] || export CK_RUN_CASE="${s#*/}"
		if ! make -j"$(nproc)" check >/dev/null 2>&1; then
			cat tests/*.log 2>/dev/null | grep -v "^PASS\|^ *$" | tail -80
			status=1
		fi
		checks=$(grep -h "^[0-9]*%: Checks" tests/*.log || true)
		if [ -z "$checks" ]; then
			echo "$s: no such suite or case"
			status=1
		fi
		echo "$s: $checks ($((SECONDS - start)) s)"
	done
	exit $status
fi
# one program per suite (Makefile.am), run in parallel; no log of an
# earlier layout may join the count below
rm -f tests/*.log tests/*.trs
if ! make -j"$(nproc)" check >/dev/null 2>&1; then
	cat tests/*.log 2>/dev/null | grep -v "^PASS\|^ *$" | tail -80
	cat test-suite.log
	exit 1
fi
grep "^[0-9]*%: Checks" tests/*.log || true
# the checks of all programs together
cat tests/*.log | sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' |
	awk '{ c += $1; f += $2; e += $3 } END { printf "all programs: %d checks, %d failures, %d errors\n", c, f, e }'
tail -n +1 test-suite.log | sed -n '1,12p'
# the project recipes of docs/PROJECTS.md, for real (main build only)
if [ "${SIMULEE_SANITIZE:-0}" = 0 ]; then
	../scripts/recipes-check.sh "$PWD/simulee-c"
fi
