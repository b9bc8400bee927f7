; Host-side IR without debug info whose device stubs are only declared (as
; when the stubs live in another module): each stub parameter is taken as
; one kernel parameter.  Names of every shape a stub can have: extern "C",
; a template, a namespace, the anonymous namespace.
source_filename = "declared.cu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@limit = dso_local global i32 0, align 4
@cap = dso_local global i32 96, align 4

declare void @__device_stub__ck(ptr, i32)
declare void @_Z17__device_stub__tkILi256EEvPf(ptr)
declare void @_ZN2ns17__device_stub__nkEPff(ptr, float)
declare void @_ZN12_GLOBAL__N_120__device_stub__anonkEPi(ptr)
declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64, ptr)
declare i32 @cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchCooperativeKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i64 @strtoul(ptr, ptr, i32)
declare i32 @llvm.umin.i32(i32, i32)

; ck<<<n / 64u, umin(n, 512)>>>(p, n) for n = 64, 128, ... 4096: a loop
define void @sweep(ptr %p) {
entry:
  br label %loop

loop:
  %n = phi i32 [ 64, %entry ], [ %n2, %loop ]
  %gx = udiv i32 %n, 64
  %gx64 = zext i32 %gx to i64
  %gxy = or i64 %gx64, 4294967296
  %bx = call i32 @llvm.umin.i32(i32 %n, i32 512)
  %bx64 = zext i32 %bx to i64
  %bxy = or i64 %bx64, 4294967296
  %cfg = call i32 @__cudaPushCallConfiguration(i64 %gxy, i32 1, i64 %bxy, i32 1, i64 0, ptr null)
  call void @__device_stub__ck(ptr %p, i32 %n)
  %n2 = shl i32 %n, 1
  %more = icmp ult i32 %n2, 8192
  br i1 %more, label %loop, label %done

done:
  ret void
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %argv1p = getelementptr inbounds ptr, ptr %argv, i64 1
  %argv1 = load ptr, ptr %argv1p, align 8
  %big = call i64 @strtoul(ptr %argv1, ptr null, i32 10)
  %n = trunc i64 %big to i32
  %args = alloca [1 x ptr], align 8
  %pv = alloca ptr, align 8
  store ptr null, ptr %pv, align 8
  store ptr %pv, ptr %args, align 8
  ; tk<256><<<dim3(n, 3, 2), 256, 1024>>>(p)
  %gx64 = zext i32 %n to i64
  %gxy = or i64 %gx64, 12884901888
  %c1 = call i32 @__cudaPushCallConfiguration(i64 %gxy, i32 2, i64 4294967552, i32 1, i64 1024, ptr null)
  call void @_Z17__device_stub__tkILi256EEvPf(ptr null)
  ; ns::nk<<<1, 32>>>(p, 0.5f)
  %c2 = call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967328, i32 1, i64 0, ptr null)
  call void @_ZN2ns17__device_stub__nkEPff(ptr null, float 5.000000e-01)
  ; anonk through the per-thread-stream and the cooperative launch
  %l1 = call i32 @cudaLaunchKernel_ptsz(ptr @_ZN12_GLOBAL__N_120__device_stub__anonkEPi, i64 4294967304, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  %l2 = call i32 @cudaLaunchCooperativeKernel(ptr @_ZN12_GLOBAL__N_120__device_stub__anonkEPi, i64 4294967298, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  ; not a site: the function is no device stub
  %l3 = call i32 @cudaLaunchKernel(ptr @main, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %args, i64 0, ptr null)
  ; ck<<<limit, cap>>>(p, limit): limit is stored to here, so its load is
  ; that value; cap is never stored to, so it is an unknown whose
  ; initializer is the value seen
  store i32 %n, ptr @limit, align 4
  %lim = load i32, ptr @limit, align 4
  %lim64 = zext i32 %lim to i64
  %lxy = or i64 %lim64, 4294967296
  %cap = load i32, ptr @cap, align 4
  %cap64 = zext i32 %cap to i64
  %cxy = or i64 %cap64, 4294967296
  %c3 = call i32 @__cudaPushCallConfiguration(i64 %lxy, i32 1, i64 %cxy, i32 1, i64 0, ptr null)
  call void @__device_stub__ck(ptr null, i32 %lim)
  ret i32 0
}
