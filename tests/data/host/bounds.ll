; Device IR with declared launch bounds in every spelling the loader reads:
; clang 19's __launch_bounds__(256, 2) ("maxntidx" and "minctasm"), all
; three maxntid dimensions, reqntid (no CUDA spelling in clang 19), and the
; function attributes of newer LLVM.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @lb(ptr %x) {
  ret void
}

define void @dims(ptr %x) {
  ret void
}

define void @req(ptr %x) {
  ret void
}

define ptx_kernel void @attrs(ptr %x) #0 {
  ret void
}

define void @none(ptr %x) {
  ret void
}

attributes #0 = { "nvvm.maxntid"="64,4" "nvvm.reqntid"="32,2,1" }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}

!0 = !{ptr @lb, !"kernel", i32 1}
!1 = !{ptr @lb, !"maxntidx", i32 256, !"minctasm", i32 2}
!2 = !{ptr @dims, !"kernel", i32 1, !"maxntidx", i32 8, !"maxntidy", i32 8}
!3 = !{ptr @dims, !"maxntidz", i32 4}
!4 = !{ptr @req, !"kernel", i32 1}
!5 = !{ptr @req, !"reqntidx", i32 128, !"reqntidy", i32 2}
!6 = !{ptr @none, !"kernel", i32 1}
