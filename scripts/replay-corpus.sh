#!/usr/bin/env bash
# Writes the GPU reproductions (--replay) of the bug corpus and the contract
# corpus into OUT, ready to run on a machine with a GPU and compute-sanitizer:
#
#   scripts/replay-corpus.sh OUT            # needs build/ (make) first
#   OUT/run-all.sh [JOBS]                   # on the GPU machine
#
# OUT/bugs/NAME/     the findings of kernels/bugs/NAME at its manifest's
#                    launch, in the manifest's first warp model
# OUT/search/NAME/   the findings of the default search of the same bitcode
#                    (no launch given, seed 1): the witnesses a user gets
# OUT/contracts/NAME the default run of kernels/contracts/NAME.cu, its host
#                    code's launches included
#
# run-all.sh builds the reproduction program once, runs every run.sh (JOBS
# at a time, default 4) and writes results.tsv: set, kernel, directory,
# outcome (CONFIRMED, NOT-CONFIRMED, COULD-NOT-RUN, NOT-CONFIRMABLE) and
# the first line compute-sanitizer or the program printed about it.
# docs/REPLAY.md records what a run on real hardware gave.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/replay-corpus.sh OUT}
bin=$root/build/simulee-c
[ -x "$bin" ] || { echo "replay-corpus: build simulee-c first (build/simulee-c)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/bugs" "$out/search" "$out/contracts"
mkdir -p "$out/bugs" "$out/search" "$out/contracts"
names=$(sed -n '/^BUG_KERNELS/,/^$/p' "$root/kernels/bugs.mk" | tr -d '\\' |
	sed 's/^BUG_KERNELS[A-Z_]* =//' | tr -s ' \t\n' '\n' | sed '/^$/d')
(cd "$root/build" && make -s $(for n in $names; do echo "kernels/build/bugs/$n.O0.bc"; done))
status() { [ "$1" -le 1 ] || echo "replay-corpus: $2: exit status $1" >&2; }
for n in $names; do
	man=$root/kernels/bugs/$n.expect
	bc=$root/build/kernels/build/bugs/$n.O0.bc
	launch=$(sed -n 's/^launch //p' "$man")
	model=$(sed -n 's/^models \([a-z]*\).*/\1/p' "$man")
	# the manifests' @data/FILE inputs are relative to kernels/bugs
	# shellcheck disable=SC2086
	st=0; (cd "$root/kernels/bugs" && "$bin" "$bc" $launch --warp-model "${model:-its}" \
		--replay "$out/bugs/$n" >/dev/null 2>&1) || st=$?
	status $st "bugs/$n"
	st=0; (cd "$root/kernels/bugs" && "$bin" "$bc" --seed 1 --jobs "$(nproc)" \
		--replay "$out/search/$n" >/dev/null 2>&1) || st=$?
	status $st "search/$n"
done
for f in "$root"/kernels/contracts/*.expect; do
	n=$(basename "$f" .expect)
	st=0; (cd "$root/kernels/contracts" && "$bin" "$n.cu" --seed 1 --jobs "$(nproc)" \
		--replay "$out/contracts/$n" >/dev/null 2>&1) || st=$?
	status $st "contracts/$n"
done
cp "$root/kernels/replay/repro.c" "$root/kernels/replay/compare.h" "$out/"
cat >"$out/run-all.sh" <<'EOF'
#!/usr/bin/env bash
# Runs every reproduction under this directory on the GPU (see
# scripts/replay-corpus.sh in simulee-c) and writes results.tsv.
set -uo pipefail
cd "$(dirname "$0")"
jobs=${1:-4}
nvcc -O2 -o repro.bin repro.c -ldl || exit 2
one() {
	d=$1
	cp repro.bin "$d/repro" && touch "$d/repro"
	set=${d%%/*}; rest=${d#*/}; k=${rest%%/*}
	log=$d/outcome.log
	timeout 900 "$d/run.sh" >"$log" 2>&1
	st=$?
	case $st in
	0) o=CONFIRMED;; 1) o=NOT-CONFIRMED;; 3) o=NOT-CONFIRMABLE;; *) o=COULD-NOT-RUN;;
	esac
	why=$(grep -E '^========= +[A-Z]' "$log" | grep -v 'COMPUTE-SANITIZER' | head -1 | cut -c1-200)
	[ -n "$why" ] || why=$(grep -m1 -E '^repro: ' "$log" | cut -c1-200)
	[ -n "$why" ] || why=$(grep 'simulee-c replay: ' "$log" | tail -1 | cut -c1-200)
	why=$(printf '%s' "$why" | tr '\t' ' ')
	printf '%s\t%s\t%s\t%s\t%s\n' "$set" "$k" "${d##*/}" "$o" "$why"
}
export -f one
find . -name run.sh -printf '%h\n' | sed 's|^\./||' | sort |
	xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} >results.unsorted
sort results.unsorted >results.tsv
rm -f results.unsorted
cut -f1,4 results.tsv | sort | uniq -c
EOF
chmod +x "$out/run-all.sh"
echo "replay-corpus: $(find "$out" -name run.sh | wc -l) reproductions," \
	"$(find "$out" -name README -path '*-*' | xargs grep -l '^# not reproducible' 2>/dev/null | wc -l)" \
	"not reproducible, in $out ($(du -sh "$out" | cut -f1))"
