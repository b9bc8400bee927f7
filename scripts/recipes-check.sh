#!/usr/bin/env bash
# Runs the make -j and GNU parallel recipes of docs/PROJECTS.md for real on
# a small project made of corpus kernels (a compile database of CUDA files
# from kernels/bugs), and checks that each recipe's merged report is the
# unsharded run's, byte for byte.  CI runs it after the test suite
# (scripts/test.sh); it needs GNU make and GNU parallel (Debian's
# `parallel`, which scripts/setup-deps.sh installs).
#
#   scripts/recipes-check.sh [SIMULEE-C]      (default build/simulee-c)
#
# Exit 0 when both recipes give the unsharded report, 1 when one differs,
# 2 when something cannot run.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sim=${1:-$here/build/simulee-c}
[ -x "$sim" ] || { echo "$0: no simulee-c at $sim" >&2; exit 2; }
sim=$(realpath "$sim")
for t in make parallel; do
	command -v "$t" >/dev/null || { echo "$0: needs $t" >&2; exit 2; }
done
work=$(mktemp -d /tmp/simulee-recipes.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/build" "$work/bin"
# the simulee-c the recipes call by name
ln -s "$sim" "$work/bin/simulee-c"
export PATH="$work/bin:$PATH"

# the project: five CUDA files with bugs and one without, as a database
files="blelloch_scan_no_b1 smo_reuse_races block_min_nosync neighbor_read_nosync join_bd
	accumulate_uninit_fixed"
{
	echo "["
	sep=""
	for f in $files; do
		cp "$here/kernels/bugs/$f.cu" "$work/src/"
		printf '%s{ "directory": "%s", "file": "%s", "command": "clang++ -x cuda -c %s -o %s.o" }\n' \
			"$sep" "$work/build" "$work/src/$f.cu" "$work/src/$f.cu" "$f"
		sep=","
	done
	echo "]"
} >"$work/build/compile_commands.json"

opts="-p build --format=sarif --seed 1 --jobs 1 --generations 3 --population 6"
cd "$work"
# shellcheck disable=SC2086
simulee-c $opts --output all.sarif 2>all.err
rc=$?
if [ $rc -gt 1 ]; then
	echo "$0: the unsharded run failed (exit $rc):" >&2
	cat all.err >&2
	exit 2
fi

# docs/PROJECTS.md, "make -j" (three shards, the options above)
cat >simulee.mk <<EOF
N      := 3
SHARDS := \$(shell seq 1 \$(N))
OPTS   := $opts

simulee.sarif: \$(SHARDS:%=shard-%.sarif)
	simulee-c --merge \$^ --output \$@ || test \$\$? -eq 1

shard-%.sarif:
	simulee-c \$(OPTS) --shard \$*/\$(N) --output \$@ 2>/dev/null || test \$\$? -eq 1
EOF
status=0
if ! make -s -f simulee.mk -j3 >make.log 2>&1; then
	echo "$0: the make recipe failed:" >&2
	cat make.log >&2
	exit 2
fi
if cmp -s simulee.sarif all.sarif; then
	echo "make -j recipe: merged report identical to the unsharded run"
else
	echo "make -j recipe: merged report DIFFERS from the unsharded run" >&2
	status=1
fi

# docs/PROJECTS.md, "GNU parallel" (four shards)
rm -f shard-*.sarif
# shellcheck disable=SC2016
if ! seq 1 4 | parallel -j 4 "simulee-c $opts --shard {}/4 --output p-{}.sarif 2>/dev/null;"' test $? -le 1' \
	|| ! { simulee-c --merge p-*.sarif --output parallel.sarif || [ $? -eq 1 ]; }; then
	echo "$0: the GNU parallel recipe failed" >&2
	exit 2
fi
if cmp -s parallel.sarif all.sarif; then
	echo "GNU parallel recipe: merged report identical to the unsharded run"
else
	echo "GNU parallel recipe: merged report DIFFERS from the unsharded run" >&2
	status=1
fi
exit $status
