#!/usr/bin/env bash
# Installs what is missing, builds simulee-c, compiles bundled kernels the
# way the README recommends and runs them: on a given launch, and with no
# launch at all (the input search).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
[ -x configure ] || autoreconf -fi >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure -q CFLAGS="-O2 -g"
make -j"$(nproc)" simulee-c >/dev/null
clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 \
	-include ../kernels/prelude/simulee_cuda.h -Wno-unknown-cuda-version \
	-emit-llvm -O0 -Xclang -disable-O0-optnone -g \
	-c ../kernels/func/reduce_shared.cu -o reduce_shared.bc
./simulee-c --list-kernels reduce_shared.bc
echo "--- one launch: 4 blocks of 256 threads, input 0,1,2,...; per-block sums:"
./simulee-c --grid 4 --block 256 --size in=1024 --init in=iota --size out=4 --arg n=1024 \
	--dump out reduce_shared.bc
echo "--- a buggy kernel (the Simulee paper's Fig. 2: no barrier before a reduction):"
clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 \
	-include ../kernels/prelude/simulee_cuda.h -Wno-unknown-cuda-version \
	-emit-llvm -O0 -Xclang -disable-O0-optnone -g \
	-c ../kernels/bugs/block_min_nosync.cu -o block_min_nosync.bc
# exit status 1: findings, as expected here
./simulee-c --block 64 --size y=64 --size a=64 --size out=2 --init y=iota --init a=iota \
	--arg C=40.0 block_min_nosync.bc || [ $? -eq 1 ]
echo "--- no launch given: the input search finds the block size (> 256) that breaks a kernel:"
clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 \
	-include ../kernels/prelude/simulee_cuda.h -Wno-unknown-cuda-version \
	-emit-llvm -O0 -Xclang -disable-O0-optnone -g \
	-c ../kernels/bugs/em_256_waw.cu -o em_256_waw.bc
./simulee-c em_256_waw.bc || [ $? -eq 1 ]
echo "--- a .cu with its host code: the launches the program makes, and the shape the kernel assumes:"
./simulee-c ../kernels/contracts/shared256_neighbor.cu || [ $? -eq 1 ]
