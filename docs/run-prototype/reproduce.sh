#!/bin/sh
# reproduce.sh: rebuilds and reruns the run-mode experiments, one small
# compile at a time (nice).  Needs clang-19, the CUDA 13 headers at
# /usr/local/cuda, and the project built in build/ (libsimulee.a).  It
# writes its objects, programs and logs into OUT (default
# /tmp/run-prototype).
set -e
SRC=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$SRC/../.." && pwd)
OUT=${OUT:-/tmp/run-prototype}
mkdir -p "$OUT"
cp "$SRC"/*.c "$SRC"/*.cu "$OUT"/
cd "$OUT"
COMPAT=$TOP/kernels/cuda-compat
COMMON="-x cuda --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version --cuda-path=/usr/local/cuda -isystem /usr/local/cuda/include/cccl -idirafter $COMPAT"
HOST="$COMMON --cuda-host-only"
DEV="$COMMON --cuda-device-only -emit-llvm -O0 -Xclang -disable-O0-optnone -g"
N="nice -n 19"

# 1. symbols: no GPU binary -> no registration at all
$N clang-19 $HOST -c app1.cu -o app1.nobin.o
echo "== nm -u, no -fcuda-include-gpubinary"; nm -u app1.nobin.o
# 2. any bytes are accepted as the "fat binary"
printf 'NOT A FATBIN: arbitrary bytes\000\001\002' > junk.bin
$N clang-19 $HOST -Xclang -fcuda-include-gpubinary -Xclang junk.bin -c app1.cu -o app1.host.o
$N clang-19 $HOST -Xclang -fcuda-include-gpubinary -Xclang junk.bin -emit-llvm -S app1.cu -o app1.gpubin.ll
echo "== nm -u, with a GPU binary"; nm -u app1.host.o
# 3. the print-only runtime
$N clang-19 -std=c11 -Wall -Wextra -c stubrt.c -o stubrt.o
$N clang++-19 app1.host.o stubrt.o -o app1
./app1 100 > run-stub-app1.log 2>&1; echo "== stub run: run-stub-app1.log"
# 4. our bitcode as the fat binary, and the prototype runtime
$N clang-19 -O1 wrapbc.c -o wrapbc
$N clang-19 -std=gnu11 -O1 -g -Wall -Wextra -I$TOP -c proto_rt.c -o proto_rt.o
for a in app1 app3; do
	$N clang-19 $DEV -c $a.cu -o $a.dev.bc
	./wrapbc $a.dev.bc $a.dev.wbc
	$N clang-19 $HOST -g -Xclang -fcuda-include-gpubinary -Xclang $a.dev.wbc -c $a.cu -o $a.sim.o
	$N clang++-19 $a.sim.o proto_rt.o $TOP/build/libsimulee.a -L/usr/lib/llvm-19/lib \
		-Wl,-rpath,/usr/lib/llvm-19/lib -lLLVM-19 -lcjson -lm -o $a.sim
done
./app1.sim 100 > run-proto-app1.log 2>&1
./app3.sim 1 > run-proto-app3-sync.log 2>&1
./app3.sim 0 > run-proto-app3-nosync.log 2>&1
echo "== prototype runs: run-proto-*.log"
