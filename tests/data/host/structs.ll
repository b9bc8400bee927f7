; Host-side IR with structs passed by value, in the shapes clang gives and
; without debug info (so fields are known by their byte offsets only):
; struct P { int n; int stride; float scale; } travels in registers as
; {i64, float}, through a stub whose body stores them into its local;
; struct B { int a[4]; double d; float *p; } goes byval to a stub that is
; only declared.
source_filename = "structs.cu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.P = type { i32, i32, float }
%struct.B = type { [4 x i32], double, ptr }

@kp = dso_local constant %struct.P { i32 7, i32 9, float 2.000000e+00 }, align 4

declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64, ptr)
declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @fill(ptr)
declare i32 @atoi(ptr)

; k(P p): the stub stores the two registers into the struct it passes
define void @_Z16__device_stub__k1P(i64 %0, float %1) {
  %p = alloca %struct.P, align 4
  %g = alloca { i64, i32 }, align 8
  %b = alloca { i64, i32 }, align 8
  %sh = alloca i64, align 8
  %st = alloca ptr, align 8
  store i64 %0, ptr %p, align 4
  %f = getelementptr inbounds i8, ptr %p, i64 8
  store float %1, ptr %f, align 4
  %args = alloca ptr, i64 1, align 16
  store ptr %p, ptr %args, align 8
  %c = call i32 @__cudaPopCallConfiguration(ptr %g, ptr %b, ptr %sh, ptr %st)
  %s = load i64, ptr %sh, align 8
  %sp = load ptr, ptr %st, align 8
  %gxy = load i64, ptr %g, align 8
  %gzp = getelementptr inbounds i8, ptr %g, i64 8
  %gz = load i32, ptr %gzp, align 8
  %bxy = load i64, ptr %b, align 8
  %bzp = getelementptr inbounds i8, ptr %b, i64 8
  %bz = load i32, ptr %bzp, align 8
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__k1P, i64 %gxy, i32 %gz, i64 %bxy, i32 %bz, ptr %args, i64 %s, ptr %sp)
  ret void
}

; kb(B b)
declare void @_Z17__device_stub__kb1B(ptr byval(%struct.B) align 8)

define i32 @main(i32 %argc, ptr %argv) {
entry:
  ; k<<<16, 256>>>(P{4096, 4, 0.25f})
  %c1 = call i32 @__cudaPushCallConfiguration(i64 4294967312, i32 1, i64 4294967552, i32 1, i64 0, ptr null)
  call void @_Z16__device_stub__k1P(i64 17179873280, float 2.500000e-01)
  ; int n = atoi(argv[1]); k<<<n, 32>>>(P{n, 2, 0.5f})
  %a1p = getelementptr inbounds ptr, ptr %argv, i64 1
  %a1 = load ptr, ptr %a1p, align 8
  %n = call i32 @atoi(ptr %a1)
  %nz = zext i32 %n to i64
  %gxy = or i64 %nz, 4294967296
  %c2 = call i32 @__cudaPushCallConfiguration(i64 %gxy, i32 1, i64 4294967328, i32 1, i64 0, ptr null)
  %pk = or i64 %nz, 8589934592
  call void @_Z16__device_stub__k1P(i64 %pk, float 5.000000e-01)
  ; P q; fill(&q); k<<<1, 1>>>(q): fields that cannot be followed
  %q = alloca %struct.P, align 4
  call void @fill(ptr %q)
  %q0 = load i64, ptr %q, align 4
  %q8p = getelementptr inbounds i8, ptr %q, i64 8
  %q8 = load float, ptr %q8p, align 4
  %c3 = call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967297, i32 1, i64 0, ptr null)
  call void @_Z16__device_stub__k1P(i64 %q0, float %q8)
  ; B b; memset(&b, 0, sizeof b); b.a[2] = n; b.d = 1.5; B t = b;
  ; kb<<<1, 64>>>(t): the pointer field is left out
  %b = alloca %struct.B, align 8
  %t = alloca %struct.B, align 8
  call void @llvm.memset.p0.i64(ptr %b, i8 0, i64 32, i1 false)
  %a2 = getelementptr inbounds %struct.B, ptr %b, i64 0, i32 0, i64 2
  store i32 %n, ptr %a2, align 8
  %d = getelementptr inbounds %struct.B, ptr %b, i64 0, i32 1
  store double 1.500000e+00, ptr %d, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %t, ptr %b, i64 32, i1 false)
  %c4 = call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967360, i32 1, i64 0, ptr null)
  call void @_Z17__device_stub__kb1B(ptr byval(%struct.B) align 8 %t)
  ; P c = kp; void *args[] = { &c }; cudaLaunchKernel(k, 2, 32, args, 0, 0)
  %pc = alloca %struct.P, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %pc, ptr @kp, i64 12, i1 false)
  %arr = alloca [1 x ptr], align 8
  store ptr %pc, ptr %arr, align 8
  %c5 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__k1P, i64 4294967298, i32 1, i64 4294967328, i32 1, ptr %arr, i64 0, ptr null)
  ret i32 0
}
