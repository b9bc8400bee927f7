; Host-side IR in the shape clang 19 gives a launch (clang -x cuda
; --cuda-host-only -emit-llvm -O0 -Xclang -disable-O0-optnone -g), written
; by hand so that tests/check_hostsite.c needs no CUDA toolkit.  The source
; it stands for (launch.cu):
;
;  3  __global__ void scale(float *x, int n);
;  8  int main(int argc, char **argv) {
;  9    int n = atoi(argv[1]);
; 10    float *d; cudaMalloc(&d, n * sizeof(float));
; 12    scale<<<(n + 255) / 256, 256>>>(d, n);
; 13    void *args[] = { &d, &n };
; 14    cudaLaunchKernel((void *)scale, dim3(4, 2), dim3(16, 16), args, 64, 0);
; 15    run(1000);
; 16    run(4096);
;     }
; 18  void run(int m) { scale<<<m / 128, 128, m * 4>>>(buf, m); }
source_filename = "launch.cu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.dim3 = type { i32, i32, i32 }

@buf = dso_local global ptr null, align 8

; the stub clang writes for __global__ void scale(float *x, int n)
define dso_local void @_Z20__device_stub__scalePfi(ptr noundef %x, i32 noundef %n) !dbg !20 {
entry:
  %x.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %grid = alloca %struct.dim3, align 8
  %block = alloca %struct.dim3, align 8
  %shmem = alloca i64, align 8
  %stream = alloca ptr, align 8
  %grid.coerce = alloca { i64, i32 }, align 8
  %block.coerce = alloca { i64, i32 }, align 8
  store ptr %x, ptr %x.addr, align 8
  call void @llvm.dbg.declare(metadata ptr %x.addr, metadata !22, metadata !DIExpression()), !dbg !30
  store i32 %n, ptr %n.addr, align 4
  call void @llvm.dbg.declare(metadata ptr %n.addr, metadata !23, metadata !DIExpression()), !dbg !30
  %args = alloca ptr, i64 2, align 16
  %a0 = getelementptr ptr, ptr %args, i32 0
  store ptr %x.addr, ptr %a0, align 8
  %a1 = getelementptr ptr, ptr %args, i32 1
  store ptr %n.addr, ptr %a1, align 8
  %pop = call i32 @__cudaPopCallConfiguration(ptr %grid, ptr %block, ptr %shmem, ptr %stream)
  %sh = load i64, ptr %shmem, align 8
  %st = load ptr, ptr %stream, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %grid.coerce, ptr align 8 %grid, i64 12, i1 false)
  %g0p = getelementptr inbounds { i64, i32 }, ptr %grid.coerce, i32 0, i32 0
  %g0 = load i64, ptr %g0p, align 8
  %g1p = getelementptr inbounds { i64, i32 }, ptr %grid.coerce, i32 0, i32 1
  %g1 = load i32, ptr %g1p, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %block.coerce, ptr align 8 %block, i64 12, i1 false)
  %b0p = getelementptr inbounds { i64, i32 }, ptr %block.coerce, i32 0, i32 0
  %b0 = load i64, ptr %b0p, align 8
  %b1p = getelementptr inbounds { i64, i32 }, ptr %block.coerce, i32 0, i32 1
  %b1 = load i32, ptr %b1p, align 8
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfi, i64 %g0, i32 %g1, i64 %b0, i32 %b1, ptr %args, i64 %sh, ptr %st)
  ret void
}

define dso_local i32 @main(i32 noundef %argc, ptr noundef %argv) !dbg !40 {
entry:
  %n.addr = alloca i32, align 4
  %d = alloca ptr, align 8
  %args = alloca [2 x ptr], align 16
  call void @llvm.dbg.declare(metadata ptr %n.addr, metadata !42, metadata !DIExpression()), !dbg !50
  call void @llvm.dbg.declare(metadata ptr %d, metadata !43, metadata !DIExpression()), !dbg !51
  %argv1p = getelementptr inbounds ptr, ptr %argv, i64 1
  %argv1 = load ptr, ptr %argv1p, align 8
  %call = call i32 @atoi(ptr noundef %argv1), !dbg !50
  store i32 %call, ptr %n.addr, align 4
  %n0 = load i32, ptr %n.addr, align 4
  %n0w = sext i32 %n0 to i64
  %bytes = mul i64 %n0w, 4
  %m = call i32 @cudaMalloc(ptr noundef %d, i64 noundef %bytes), !dbg !51
  %n1 = load i32, ptr %n.addr, align 4
  %add = add nsw i32 %n1, 255
  %div = sdiv i32 %add, 256
  %gx = zext i32 %div to i64
  %gxy = or i64 4294967296, %gx
  %cfg = call i32 @__cudaPushCallConfiguration(i64 %gxy, i32 1, i64 4294967552, i32 1, i64 0, ptr null), !dbg !52
  %skip = icmp ne i32 %cfg, 0
  br i1 %skip, label %after, label %launch

launch:
  %dv = load ptr, ptr %d, align 8
  %n2 = load i32, ptr %n.addr, align 4
  call void @_Z20__device_stub__scalePfi(ptr noundef %dv, i32 noundef %n2), !dbg !52
  br label %after

after:
  store ptr %d, ptr %args, align 8
  %slot1 = getelementptr inbounds ptr, ptr %args, i64 1
  store ptr %n.addr, ptr %slot1, align 8
  %lk = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfi, i64 8589934596, i32 1, i64 68719476752, i32 1, ptr %args, i64 64, ptr null), !dbg !53
  call void @_Z3runi(i32 1000), !dbg !54
  call void @_Z3runi(i32 4096), !dbg !55
  ret i32 0
}

define dso_local void @_Z3runi(i32 noundef %m) !dbg !60 {
entry:
  call void @llvm.dbg.value(metadata i32 %m, metadata !62, metadata !DIExpression()), !dbg !65
  %div = sdiv i32 %m, 128
  %gx = zext i32 %div to i64
  %gxy = or i64 4294967296, %gx
  %sh32 = mul i32 %m, 4
  %sh = sext i32 %sh32 to i64
  %cfg = call i32 @__cudaPushCallConfiguration(i64 %gxy, i32 1, i64 4294967424, i32 1, i64 %sh, ptr null), !dbg !65
  %skip = icmp ne i32 %cfg, 0
  br i1 %skip, label %after, label %launch

launch:
  %b = load ptr, ptr @buf, align 8
  call void @_Z20__device_stub__scalePfi(ptr noundef %b, i32 noundef %m), !dbg !65
  br label %after

after:
  ret void
}

declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr)
declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64, ptr)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaMalloc(ptr, i64)
declare i32 @atoi(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "launch.cu", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64)
!7 = !DISubroutineType(types: !8)
!8 = !{null}
!20 = distinct !DISubprogram(name: "__device_stub__scale", linkageName: "_Z20__device_stub__scalePfi", scope: !1, file: !1, line: 3, type: !7, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!22 = !DILocalVariable(name: "x", arg: 1, scope: !20, file: !1, line: 3, type: !6)
!23 = !DILocalVariable(name: "n", arg: 2, scope: !20, file: !1, line: 3, type: !4)
!30 = !DILocation(line: 3, scope: !20)
!40 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 8, type: !7, scopeLine: 8, spFlags: DISPFlagDefinition, unit: !0)
!42 = !DILocalVariable(name: "n", scope: !40, file: !1, line: 9, type: !4)
!43 = !DILocalVariable(name: "d", scope: !40, file: !1, line: 10, type: !6)
!50 = !DILocation(line: 9, column: 11, scope: !40)
!51 = !DILocation(line: 10, column: 13, scope: !40)
!52 = !DILocation(line: 12, column: 3, scope: !40)
!53 = !DILocation(line: 14, column: 3, scope: !40)
!54 = !DILocation(line: 15, column: 3, scope: !40)
!55 = !DILocation(line: 16, column: 3, scope: !40)
!60 = distinct !DISubprogram(name: "run", linkageName: "_Z3runi", scope: !1, file: !1, line: 18, type: !7, scopeLine: 18, spFlags: DISPFlagDefinition, unit: !0)
!62 = !DILocalVariable(name: "m", arg: 1, scope: !60, file: !1, line: 18, type: !4)
!65 = !DILocation(line: 18, column: 19, scope: !60)
