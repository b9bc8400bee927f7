## The libFuzzer harnesses (docs/FUZZING.md), included by Makefile.am.
## `make fuzz` builds them, and their seed corpora from the kernels the
## build compiles, when configure found a clang whose -fsanitize=fuzzer
## links (FUZZ_CC); else it says so in one line and succeeds.  The
## library's sources are compiled a second time, by clang with the fuzzer's
## coverage and ASan+UBSan, into fuzz/obj/: the fuzz targets never touch
## the gcc objects of libsimulee.a.

FUZZ_HARNESSES = fuzz/fuzz_bitcode fuzz/fuzz_ir fuzz/fuzz_launch
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
## (-Wno-pass-failed: the sanitizers keep the lane loops from vectorising)
FUZZ_CFLAGS = -std=gnu11 -g -O1 $(WARN_CFLAGS) -Wno-pass-failed $(FUZZ_SAN) -fsanitize=fuzzer-no-link
FUZZ_LIB_OBJS = $(patsubst %.c,fuzz/obj/%.o,$(filter %.c,$(libsimulee_a_SOURCES))) fuzz/obj/fuzz/fuzz.o fuzz/obj/fuzz/child.o
FUZZ_SEEDS = $(BUGS_BC) $(CORPUS_BC)

if HAVE_FUZZER
fuzz: $(FUZZ_HARNESSES) fuzz/corpus/bc.stamp fuzz/corpus/ll.stamp
else
fuzz:
	@echo "make fuzz: skipped: no clang with -fsanitize=fuzzer (Debian: apt-get install libclang-rt-19-dev, then configure again)"
endif
.PHONY: fuzz

fuzz/obj/%.o: $(srcdir)/%.c config.h
	$(AM_V_CC)$(MKDIR_P) $(@D) && $(FUZZ_CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
		$(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
## the headers each object was built from (written by -MMD)
-include $(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_HARNESSES:fuzz/%=fuzz/obj/fuzz/%.d)

$(FUZZ_HARNESSES): fuzz/%: fuzz/obj/fuzz/%.o $(FUZZ_LIB_OBJS)
	$(AM_V_CCLD)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer $^ $(LLVM_LDFLAGS) \
		$(CJSON_LIBS) $(LLVM_LIBS) -lstdc++ -lm -lpthread -o $@

## Seeds: every corpus and bug kernel's bitcode (fuzz_bitcode and
## fuzz_launch), and the same through llvm-dis (fuzz_ir).
fuzz/corpus/bc.stamp: $(FUZZ_SEEDS)
	$(AM_V_GEN)rm -rf fuzz/corpus/bc && $(MKDIR_P) fuzz/corpus/bc && \
	for f in $(FUZZ_SEEDS); do cp $$f fuzz/corpus/bc/`echo $$f | sed 's|^kernels/build/||; s|/|-|g'`; done && \
	touch $@
fuzz/corpus/ll.stamp: fuzz/corpus/bc.stamp
	$(AM_V_GEN)rm -rf fuzz/corpus/ll && $(MKDIR_P) fuzz/corpus/ll && \
	for f in fuzz/corpus/bc/*.bc; do \
		$(LLVM_DIS) $$f -o fuzz/corpus/ll/`basename $$f .bc`.ll || exit 1; done && \
	touch $@
