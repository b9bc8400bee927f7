#!/bin/sh
# bad-input.sh: runs simulee-c on every class of bad input and prints the
# table of docs/BAD-INPUT.md (class, exit status, what it prints), so the
# table is what the program does, not what someone remembered.
#
#   scripts/bad-input.sh SIMULEE_BIN SRCDIR KERNELS_DIR [CLANG]
#
# KERNELS_DIR is the build's kernels/build (func/vecadd.O0.bc); CLANG makes
# the x86 bitcode (its row says "skipped" without one).  tests/check_cli.c
# ("bad input table") runs it and compares with docs/BAD-INPUT.md; after a
# deliberate change, regenerate the table with --update:
#
#   scripts/bad-input.sh --update build/simulee-c . build/kernels/build clang-19
#
# Every run is bounded (timeout 120 s): a class that hangs prints "timeout".
set -u
update=0
if [ "${1:-}" = --update ]; then
	update=1
	shift
fi
bin=$1 src=$2 kern=$3 clang=${4:-}
rel=$src/tests/data/reliability
vecadd=$kern/func/vecadd.O0.bc
t=$(mktemp -d "${TMPDIR:-/tmp}/simulee-bad.XXXXXX") || exit 2
trap 'chmod -R u+rwx "$t" 2>/dev/null; rm -rf "$t"' EXIT
out=$t/table

# row CLASS ARGS...: one table row.  The message is stderr, its lines
# joined with " / ", paths shortened; a report (status 0 or 1) is named by
# the kinds of its findings instead.
row() {
	class=$1
	shift
	timeout 120 "$@" >"$t/out" 2>"$t/err"
	st=$?
	if [ $st = 124 ]; then
		msg=timeout
	elif [ $st -le 1 ] && [ -s "$t/out" ]; then
		kinds=$(grep -o '"kind":[[:space:]]*"[a-z-]*"' "$t/out" | sed 's/.*"\([a-z-]*\)"$/\1/' \
			| sort -u | tr '\n' ' ' | sed 's/ $//')
		msg="report, findings: ${kinds:-none}"
	else
		msg=$(sed -e "s|$t/||g" -e "s|$rel/||g" -e "s|$kern/||g" "$t/err" | tr '\n' '\036' \
			| sed -e 's/\o036$//' -e 's/\o036/ \/ /g' -e 's/|/\\|/g')
	fi
	printf '| %s | %s | %s |\n' "$class" "$st" "$msg" >>"$out"
}

# row_skip CLASS WHY
row_skip() {
	printf '| %s | - | skipped: %s |\n' "$1" "$2" >>"$out"
}

: >"$out"
printf '| class | exit | message |\n|---|---|---|\n' >>"$out"

# ---- files
row "missing file" "$bin" /nonexistent/k.bc
mkdir "$t/dir"
row "a directory" "$bin" "$t/dir"
: >"$t/empty.bc"
row "empty file" "$bin" "$t/empty.bc"
awk 'BEGIN { x = 12345; printf "Z"; for (i = 0; i < 999; i++) { x = (x * 1103 + 12345) % 65536; printf "%c", 1 + x % 250 } }' \
	>"$t/random.bc"
row "random bytes" "$bin" "$t/random.bc"
size=$(wc -c <"$vecadd")
head -c $((size / 2)) "$vecadd" >"$t/truncated.bc"
row "truncated bitcode" "$bin" "$t/truncated.bc"
if [ -n "$clang" ] && printf 'int f(int x) { return x + 1; }\n' >"$t/host.c" \
	&& "$clang" -c -emit-llvm -x c "$t/host.c" -o "$t/x86.bc" 2>/dev/null; then
	row "x86 bitcode" "$bin" "$t/x86.bc"
else
	row_skip "x86 bitcode" "no clang"
fi
printf 'target triple = "nvptx64-nvidia-cuda"\ndefine void @k( {\n' >"$t/syntax.ll"
row ".ll syntax error" "$bin" "$t/syntax.ll"
printf '%s\n' 'target triple = "nvptx64-nvidia-cuda"' 'define void @k(i32 %x) {' 'entry:' \
	'  br label %b' 'b:' '  %y = add i32 %z, 1' '  br label %c' 'c:' '  %z = add i32 %x, 1' \
	'  ret void' '}' '!nvvm.annotations = !{!0}' '!0 = !{ptr @k, !"kernel", i32 1}' >"$t/verify.ll"
row ".ll verifier error" "$bin" "$t/verify.ll"
printf '%s\n' 'target triple = "nvptx64-nvidia-cuda"' 'define void @f() {' '  ret void' '}' >"$t/nokernel.ll"
row "module without kernels" "$bin" "$t/nokernel.ll"
printf 'int main() { return 0; }\n' >"$t/main.cpp"
row "a C++ file alone" "$bin" "$t/main.cpp"
if [ -n "$clang" ]; then
	printf 'int main() { return 0; }\n' >"$t/host.cu"
	row "a .cu with host code only" "$bin" --prelude "$t/host.cu"
else
	row_skip "a .cu with host code only" "no clang"
fi
cp "$vecadd" "$t/unreadable.bc"
chmod 000 "$t/unreadable.bc"
if [ "$(id -u)" != 0 ]; then
	row "unreadable file" "$bin" "$t/unreadable.bc"
elif command -v setpriv >/dev/null 2>&1 && chmod 755 "$t" \
	&& setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	row "unreadable file" setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" "$t/unreadable.bc"
else
	row_skip "unreadable file" "root without setpriv"
fi

# ---- options (on vecadd, which is fine)
row "no input file" "$bin"
row "a missing file among several" "$bin" "$vecadd" /nonexistent/k.bc
row "unknown option" "$bin" "$vecadd" --bogus
row "unknown short option" "$bin" "$vecadd" -fgpu-rdc
row "option without its value" "$bin" "$vecadd" --grid
row "unknown kernel" "$bin" "$vecadd" --kernel nope
row "--grid 0" "$bin" "$vecadd" --grid 0
row "--grid 2,x" "$bin" "$vecadd" --grid 2,x
row "--grid beyond CUDA's limits" "$bin" "$vecadd" --grid 2147483648,65536
row "--block 1025" "$bin" "$vecadd" --block 1025
row "--block whose x*y*z wraps" "$bin" "$vecadd" --block 2147483648,2147483648,4
row "--block z 65" "$bin" "$vecadd" --block 1,1,65
row "--shared past 227 KiB" "$bin" "$vecadd" --shared 232449
row "--shared -1" "$bin" "$vecadd" --shared -1
row "--arg of no parameter" "$bin" "$vecadd" --arg nope=1
row "--arg without =" "$bin" "$vecadd" --arg n
row "--size of no parameter" "$bin" "$vecadd" --size nope=4
row "--type unknown" "$bin" "$vecadd" --size a=4 --type a=f16x
row "--init unknown" "$bin" "$vecadd" --size a=4 --init a=bogus
row "--dump without --size" "$bin" "$vecadd" --block 4 --dump a
row "--seed x" "$bin" "$vecadd" --seed x
row "--max-steps -1" "$bin" "$vecadd" --max-steps -1
row "--max-shadow 1K" "$bin" "$vecadd" --max-shadow 1K
row "--max-memory 10" "$bin" "$vecadd" --max-memory 10
row "--format xml" "$bin" "$vecadd" --format xml
row "--fail-on x" "$bin" "$vecadd" --fail-on x
row "--contract x" "$bin" "$vecadd" --contract x
row "--warp-model x" "$bin" "$vecadd" --warp-model x
row "--population 0" "$bin" "$vecadd" --population 0
row "--jobs 0" "$bin" "$vecadd" --jobs 0
row "--threshold -1" "$bin" "$vecadd" --threshold -1
row "--device x" "$bin" "$vecadd" --device x
row "--no-search with a range" "$bin" "$vecadd" --no-search --block 1..64
row "--output in a missing directory" "$bin" "$vecadd" --output /nonexistent/report.txt
row "--output a directory" "$bin" "$vecadd" --output "$t/dir"

# ---- the reliability inputs (issue 13): each a line or a report, bounded
for f in "$rel"/*.bc "$rel"/*.ll; do
	row "$(basename "$f")" "$bin" --format json --time-limit 30 "$f"
done
row "memhuge.bc, memset of 2^40 bytes" "$bin" --format json "$rel/memhuge.bc" --kernel mset \
	--block 4 --arg n=1099511627776
row "memhuge.bc, memcpy of -16 bytes" "$bin" --format json "$rel/memhuge.bc" --kernel mcpy \
	--block 4 --arg n=18446744073709551600
row "memhuge.bc, memset past --max-memory" "$bin" --format json "$rel/memhuge.bc" --kernel mset \
	--block 4 --arg n=1073741824 --max-memory 16M

if [ $update = 1 ]; then
	doc=$src/docs/BAD-INPUT.md
	awk -v tab="$out" '/^<!-- table: scripts\/bad-input.sh -->/ { print; while ((getline l < tab) > 0) print l; skip = 1; next }
		/^<!-- end of table -->/ { skip = 0 } !skip' "$doc" >"$t/doc" && cp "$t/doc" "$doc"
else
	cat "$out"
fi
