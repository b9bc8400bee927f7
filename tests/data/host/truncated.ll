; Host IR cut off in the middle of a function.
target triple = "x86_64-pc-linux-gnu"

declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64, ptr)

define i32 @main() {
  %c = call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 42949
