// Declarations only: libFuzzer itself comes from the toolchain's compiler-rt when linking with -sanitize=fuzzer.
#include "CLibFuzzer.h"
