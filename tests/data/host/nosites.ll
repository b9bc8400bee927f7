; Host code with no launch at all.
target triple = "x86_64-pc-linux-gnu"

declare i32 @cudaMalloc(ptr, i64)

define i32 @main() {
  %p = alloca ptr, align 8
  %r = call i32 @cudaMalloc(ptr %p, i64 64)
  ret i32 %r
}
