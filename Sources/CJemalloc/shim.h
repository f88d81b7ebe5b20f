#ifndef LAYOUTBENCH_CJEMALLOC_SHIM_H
#define LAYOUTBENCH_CJEMALLOC_SHIM_H
// Debian's libjemalloc-dev installs the header as <jemalloc/jemalloc.h>, with unprefixed names (mallctl, malloc).
#include <jemalloc/jemalloc.h>
#endif
