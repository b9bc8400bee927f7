#!/usr/bin/env bash
# Kernels per second of the default pipeline on one project file, and the
# sharding check (docs/PERFORMANCE.md, "Whole projects"):
#
#   scripts/project-bench.sh FILE.cu [ARGS...]
#
# ARGS go to every simulee-c run after FILE (simulee-c options such as
# `--jobs 1` or `--time-limit 10`, `-I`/`-D`/`-include`, then `-- clang
# arguments`).  It lists the kernels, runs the whole file once unsharded
# (JSON), then shards 1/N..N/N one after the other, merges them and checks
# the merge is the unsharded report byte for byte, and prints the figures.
# It downloads nothing: FILE and its headers must be there already.
#
# Environment: SIMULEE (default build/simulee-c of this checkout), SHARDS
# (default 4), OUT (directory for the reports, default a new temporary one).
# Needs GNU time (/usr/bin/time) and jq.  Exit 0 when the merge is
# identical, 1 when it is not, 2 on an error.
set -uo pipefail

if [ $# -lt 1 ]; then
	echo "usage: $0 FILE.cu [simulee-c arguments...]" >&2
	exit 2
fi
file=$1
shift
here=$(cd "$(dirname "$0")/.." && pwd)
sim=${SIMULEE:-$here/build/simulee-c}
n=${SHARDS:-4}
out=${OUT:-$(mktemp -d /tmp/project-bench.XXXXXX)}
mkdir -p "$out"
for t in /usr/bin/time jq; do
	command -v "$t" >/dev/null || { echo "$0: needs $t" >&2; exit 2; }
done
[ -x "$sim" ] || { echo "$0: no simulee-c at $sim (set SIMULEE)" >&2; exit 2; }

# timed NAME ARGS...: runs simulee-c, GNU time's "wall user sys maxrss" in
# $out/NAME.time; exit 0 and 1 (findings) are both a completed run
timed() {
	local name=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$out/$name.time" "$sim" "$@" \
		>"$out/$name.out" 2>"$out/$name.err"
	local rc=$?
	if [ $rc -gt 1 ]; then
		echo "$0: $name failed (exit $rc), see $out/$name.err" >&2
		exit 2
	fi
}
# (GNU time puts "Command exited with non-zero status 1" first on exit 1)
wall() { tail -n 1 "$out/$1.time" | awk '{ print $1 }'; }
cpu() { tail -n 1 "$out/$1.time" | awk '{ printf "%.2f\n", $2 + $3 }'; }
rate() { awk -v k="$1" -v s="$2" 'BEGIN { printf "%.2f\n", (s > 0 ? k / s : 0) }'; }

echo "file: $file   simulee-c: $sim   shards: $n   reports: $out"
echo "load before: $(uptime | sed 's/.*load average: //')"

timed list --list-kernels "$file" "$@"
listed=$(grep -c '^[^ ]' "$out/list.out")
skipped=$(grep -c '^  not analysable:' "$out/list.out")
echo "kernels: $listed listed, $((listed - skipped)) analysable, $skipped not analysable"
# why, without places and kernel names
grep '^  not analysable:' "$out/list.out" \
	| sed -e 's/^  not analysable: //' -e 's/^[^ ]*:[0-9]*:[0-9]*: //' \
	      -e 's/ (in ".*//' -e 's/ in [^ ]*void .*//' -e 's/: unknown register$//' \
	| sort | uniq -c | sed 's/^/  /'
echo "list: wall $(wall list) s, CPU $(cpu list) s (compiling both sides)"

echo "load before the unsharded run: $(uptime | sed 's/.*load average: //')"
timed full --format json --output "$out/full.json" "$file" "$@"
jobs=$(jq '.kernels | length' "$out/full.json")
fw=$(wall full)
fc=$(cpu full)
echo "unsharded: $jobs kernels analysed, wall $fw s, CPU $fc s," \
	"max RSS $(tail -n 1 "$out/full.time" | awk '{ print $4 }') KiB"
echo "  kernels/s (wall): $(rate "$jobs" "$fw")   kernels per CPU-second: $(rate "$jobs" "$fc")"
echo "  search stops:" $(jq -r '[.kernels[].search.stop // "none"] | group_by(.)
	| map("\(.[0]) \(length)") | join(", ")' "$out/full.json")
echo "  findings by kind:" $(jq -r '[.findings[] | "\(.kind) (\(.severity))"]
	| group_by(.) | map("\(.[0]) \(length)") | join(", ")' "$out/full.json")
echo "  kernels with findings: $(jq '[.findings[].kernel] | unique | length' "$out/full.json")"

sw=0
sc=0
shards=()
for i in $(seq 1 "$n"); do
	echo "load before shard $i/$n: $(uptime | sed 's/.*load average: //')"
	timed "shard$i" --format json --shard "$i/$n" --output "$out/shard$i.json" "$file" "$@"
	echo "shard $i/$n: $(jq '.kernels | length' "$out/shard$i.json") kernels," \
		"wall $(wall "shard$i") s, CPU $(cpu "shard$i") s"
	sw=$(awk -v a="$sw" -v b="$(wall "shard$i")" 'BEGIN { print a + b }')
	sc=$(awk -v a="$sc" -v b="$(cpu "shard$i")" 'BEGIN { print a + b }')
	shards+=("$out/shard$i.json")
done
echo "shards: sum of wall $sw s (unsharded $fw s), sum of CPU $sc s (unsharded $fc s)"
timed merge --merge "${shards[@]}" --output "$out/merged.json"
if cmp -s "$out/merged.json" "$out/full.json"; then
	echo "merge: identical to the unsharded report ($(wc -c <"$out/full.json") bytes)"
	exit 0
fi
echo "merge: DIFFERS from the unsharded report: cmp $out/merged.json $out/full.json" >&2
exit 1
