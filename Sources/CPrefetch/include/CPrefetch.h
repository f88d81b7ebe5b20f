#ifndef LAYOUTBENCH_CPREFETCH_H
#define LAYOUTBENCH_CPREFETCH_H

#include <stdint.h>

/// Starts loading the cache line that holds `address` into every cache level, for reading, without waiting for it:
/// the compiler's `__builtin_prefetch`, which Swift has no spelling for. A prefetch is a hint: it retires at once,
/// never faults and changes no value, so a loop can start the misses of many rows before it needs any of them,
/// instead of a load per line that holds the core's reorder window until its data arrives. Swift inlines it:
/// `static inline` functions of an imported header are compiled into the caller's module.
static inline __attribute__((always_inline)) void lb_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// `lb_prefetch` of the byte `offset` bytes from `base`, the sum taken as integers: the address may lie outside the
/// allocation `base` points into (the cell before a row's first, or past its last), where pointer arithmetic in
/// Swift or C would not be defined, and a prefetch there is still harmless.
static inline __attribute__((always_inline)) void lb_prefetch_at(const void *base, intptr_t offset) {
    __builtin_prefetch((const void *)((uintptr_t)base + (uintptr_t)offset), 0, 3);
}

#endif
