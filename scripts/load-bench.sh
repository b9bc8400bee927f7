#!/usr/bin/env bash
# Loading a module against LLVM's own parse and verify (docs/PERFORMANCE.md,
# "Loading"):
#
#   scripts/load-bench.sh [MODULE.bc ...]
#
# Times `simulee-c --list-kernels M` (read, verify, clean up and lower every
# kernel: all a run pays before its first launch) and `opt -passes=verify M
# -o /dev/null` on the same file, REPS times each, alternating, and prints
# the medians of user + system CPU seconds and their ratio.  First it
# writes a synthetic module (scripts/gen-kernels.py, N kernels) and
# compiles it with -O0 -g against simulee-c's prelude, so it needs no
# download; each MODULE named is measured after it.  CPU time, not wall time,
# because the machine is shared.
#
# Environment: SIMULEE (default build/simulee-c of this checkout), OPT
# (default opt-19, else opt), CLANG (default clang-19), N (default 300),
# SYNTHETIC (0: only the MODULEs named),
# REPS (default 5), OUT (directory for the synthetic module, default a new
# temporary one).  Needs GNU time (/usr/bin/time) and python3.  Exit 0, or
# 2 on an error.
set -uo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
sim=${SIMULEE:-$here/build/simulee-c}
opt=${OPT:-$(command -v opt-19 || command -v opt || true)}
clang=${CLANG:-$(command -v clang-19 || command -v clang || true)}
n=${N:-300}
reps=${REPS:-5}
out=${OUT:-$(mktemp -d /tmp/load-bench.XXXXXX)}
mkdir -p "$out"
[ -x "$sim" ] || { echo "$0: no simulee-c at $sim (set SIMULEE)" >&2; exit 2; }
[ -n "$opt" ] || { echo "$0: no opt (set OPT)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "$0: needs GNU time (/usr/bin/time)" >&2; exit 2; }

# cpu CMD...: user + system seconds of one run of CMD (its children included)
cpu() {
	if ! /usr/bin/time -f '%U %S' -o "$out/time" "$@" >/dev/null 2>"$out/err"; then
		echo "$0: failed: $*" >&2
		cat "$out/err" >&2
		exit 2
	fi
	tail -n 1 "$out/time" | awk '{ printf "%.3f\n", $1 + $2 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# bench M: one line of figures for module M
bench() {
	local m=$1 s="" o="" i
	for ((i = 0; i < reps; i++)); do
		s+="$(cpu "$sim" --list-kernels "$m")"$'\n'
		o+="$(cpu "$opt" -passes=verify "$m" -o /dev/null)"$'\n'
	done
	local ms mo kernels funcs
	ms=$(printf '%s' "$s" | median)
	mo=$(printf '%s' "$o" | median)
	kernels=$("$sim" --list-kernels "$m" 2>/dev/null | grep -c '^  mangled:')
	printf '%-28s %8s %8s %8s %8s %8s %6s\n' "$(basename "$m")" \
		"$(($(stat -c %s "$m") / 1024))" "$kernels" "$ms" "$mo" \
		"$(awk -v a="$ms" -v b="$mo" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')" "$reps"
}

mods=()
if [ "${SYNTHETIC:-1}" != 0 ]; then
	[ -n "$clang" ] || { echo "$0: no clang (set CLANG)" >&2; exit 2; }
	python3 "$here/scripts/gen-kernels.py" "$n" >"$out/synthetic-$n.cu" || exit 2
	"$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -emit-llvm -O0 \
		-Xclang -disable-O0-optnone -g -Wno-unknown-cuda-version -nocudainc -nocudalib \
		-include "$here/kernels/prelude/simulee_cuda.h" -idirafter "$here/kernels/prelude/include" \
		-c "$out/synthetic-$n.cu" -o "$out/synthetic-$n.bc" || exit 2
	mods+=("$out/synthetic-$n.bc")
fi
mods+=("$@")

echo "simulee-c: $sim   opt: $opt   load: $(uptime | sed 's/.*load average: //')"
printf '%-28s %8s %8s %8s %8s %8s %6s\n' module KB kernels "load s" "opt s" ratio reps
for m in "${mods[@]}"; do
	[ -r "$m" ] || { echo "$0: cannot read $m" >&2; exit 2; }
	bench "$m"
done
