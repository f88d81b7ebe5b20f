#ifndef LAYOUTBENCH_CPREFETCH_H
#define LAYOUTBENCH_CPREFETCH_H

/// Starts loading the cache line that holds `address` into every cache level, for reading, without waiting for it:
/// the compiler's `__builtin_prefetch`, which Swift has no spelling for. A prefetch is a hint: it retires at once,
/// never faults (any address is allowed, inside an allocation or not) and changes no value, so a loop can start the
/// misses of many rows before it needs any of them, instead of a load per line that holds the core's reorder window
/// until its data arrives. Swift inlines it: `static inline` functions of an imported header are compiled into the
/// caller's module.
static inline __attribute__((always_inline)) void lb_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
