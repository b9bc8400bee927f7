; Kernels calling functions the lowering knows by name (a shuffle, a match,
; libdevice's powf and sincosf) declared with no parameters: the lowering
; read the arguments it takes them for past the call's operands (found by
; fuzz_bitcode and fuzz_launch in issue 13's second campaign, a renamed
; llvm.nvvm.read.ptx.sreg call).  Each kernel is skipped with a reason.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @shfl(ptr %out) {
  %t = call i32 @llvm.nvvm.shfl.sync.idx.i32.x()
  store i32 %t, ptr %out, align 4
  ret void
}

define void @match(ptr %out) {
  %m = call i32 @llvm.nvvm.match.any.sync.i32.x()
  store i32 %m, ptr %out, align 4
  ret void
}

define void @pow(ptr %out) {
  %p = call float @__nv_powf()
  store float %p, ptr %out, align 4
  ret void
}

define void @sincos(ptr %out) {
  call void @__nv_sincosf()
  ret void
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32.x()
declare i32 @llvm.nvvm.match.any.sync.i32.x()
declare float @__nv_powf()
declare void @__nv_sincosf()

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @shfl, !"kernel", i32 1}
!1 = !{ptr @match, !"kernel", i32 1}
!2 = !{ptr @pow, !"kernel", i32 1}
!3 = !{ptr @sincos, !"kernel", i32 1}
