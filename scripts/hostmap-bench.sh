#!/usr/bin/env bash
# The cost of the host-side data mapping checks (docs/PERFORMANCE.md,
# "Host-side checks"): compiles the host side of every .cu program given
# (default: kernels/hostmap and kernels/contracts) as simulee-c does, then
# runs build/bench/hostbench on the host IR, and the whole default run of
# each program once for scale.  Needs a configured build/ with clang and a
# CUDA toolkit.
set -euo pipefail
cd "$(dirname "$0")/.."
make -C build -s bench/hostbench simulee-c >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(kernels/hostmap/*.cu kernels/contracts/*.cu)
lls=()
for f in "${files[@]}"; do
	ll="$work/$(basename "${f%.cu}").ll"
	# the host compile exactly as simulee-c runs it (--verbose prints it)
	cmd=$(build/simulee-c "$f" --verbose --list-kernels 2>&1 >/dev/null |
		sed -n 's/^simulee-c: running: \(.*--cuda-host-only.*\) -o [^ ]*$/\1/p' | head -1)
	[ -n "$cmd" ] && eval "$cmd -o '$ll'" 2>/dev/null || { echo "skipped $f (no compile)"; continue; }
	lls+=("$ll")
done
build/bench/hostbench --reps "${REPS:-5}" "${lls[@]}"
start=$(date +%s.%N)
for f in "${files[@]}"; do
	build/simulee-c "$f" >/dev/null 2>&1 || true
done
end=$(date +%s.%N)
echo "default runs of the ${#files[@]} programs: $(echo "$end - $start" | bc) s"
