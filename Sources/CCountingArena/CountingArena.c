// An address range of its own for the instruction pass's jemalloc arena.
//
// The instruction pass builds each scenario in a fresh jemalloc arena (Jemalloc.enterFreshArena), so that the heap
// its regions find follows from the scenario's own allocations. A fresh arena alone still takes its memory from
// mmap wherever the address space has room, and that depends on everything the process mapped before: a machine
// whose start-up allocates a few megabytes more puts the arena elsewhere, and jemalloc's global structures keyed by
// address (its radix tree of extents, whose leaves cover 1 GiB each, and the thread's cache of those leaves) then
// take other paths. These hooks give the arena one range reserved at a fixed, 1 GiB-aligned address instead, handed
// out in order and never reused, so the arena's extents lie at the same addresses on every machine and in every run.
//
// Memory is reserved with MAP_NORESERVE, so untouched pages cost nothing. Extents are never returned (dalloc opts
// out, so jemalloc keeps them for reuse), never purged and always committed; split and merge are allowed, since the
// range is one mapping. When the range is used up, allocation fails over to jemalloc, which then maps memory the usual
// way.

#include "CCountingArena.h"

#include <jemalloc/jemalloc.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

// 64 GiB from 256 GiB: above the libraries and the main arena, below valgrind's own mappings' usual places, and
// honoured as a hint both natively and under valgrind 3.19 (which places the client's mappings itself).
#define LB_REGION_HINT ((uintptr_t)0x4000000000ULL)
#define LB_REGION_SIZE ((size_t)64 << 30)
#define LB_REGION_ALIGNMENT ((uintptr_t)1 << 30)

static uintptr_t lb_region_base;
static uintptr_t lb_region_end;
static uintptr_t lb_region_next;

static void *lb_region_alloc(extent_hooks_t *hooks, void *new_addr, size_t size, size_t alignment, bool *zero,
                             bool *commit, unsigned arena) {
    (void)hooks;
    (void)arena;
    // jemalloc names an address only to grow an extent in place; a range handed out in order cannot promise that.
    if (new_addr != NULL || alignment == 0 || (alignment & (alignment - 1)) != 0) return NULL;
    uintptr_t next = __atomic_load_n(&lb_region_next, __ATOMIC_RELAXED);
    for (;;) {
        uintptr_t start = (next + alignment - 1) & ~(uintptr_t)(alignment - 1);
        if (start < next || start > lb_region_end || size > lb_region_end - start) return NULL;
        if (__atomic_compare_exchange_n(&lb_region_next, &next, start + size, false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            *zero = true;  // fresh anonymous pages, never handed out before
            *commit = true;
            return (void *)start;
        }
    }
}

static bool lb_region_dalloc(extent_hooks_t *hooks, void *address, size_t size, bool committed, unsigned arena) {
    (void)hooks, (void)address, (void)size, (void)committed, (void)arena;
    return true;  // opt out: jemalloc keeps the extent for reuse
}

static void lb_region_destroy(extent_hooks_t *hooks, void *address, size_t size, bool committed, unsigned arena) {
    (void)hooks, (void)address, (void)size, (void)committed, (void)arena;
}

static bool lb_region_split(extent_hooks_t *hooks, void *address, size_t size, size_t first, size_t second,
                            bool committed, unsigned arena) {
    (void)hooks, (void)address, (void)size, (void)first, (void)second, (void)committed, (void)arena;
    return false;  // one mapping: any split is fine
}

static bool lb_region_merge(extent_hooks_t *hooks, void *first, size_t first_size, void *second, size_t second_size,
                            bool committed, unsigned arena) {
    (void)hooks, (void)first, (void)first_size, (void)second, (void)second_size, (void)committed, (void)arena;
    return false;
}

static extent_hooks_t lb_region_hooks = {
    .alloc = lb_region_alloc,
    .dalloc = lb_region_dalloc,
    .destroy = lb_region_destroy,
    .commit = NULL,
    .decommit = NULL,
    .purge_lazy = NULL,
    .purge_forced = NULL,
    .split = lb_region_split,
    .merge = lb_region_merge,
};

void *lb_counting_arena_hooks(void) {
    if (lb_region_base == 0) {
        size_t reserved = LB_REGION_SIZE + LB_REGION_ALIGNMENT;
        void *mapping = mmap((void *)LB_REGION_HINT, reserved, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (mapping == MAP_FAILED) return NULL;
        // Where the hint was not honoured, the range still starts on a 1 GiB boundary.
        uintptr_t base = ((uintptr_t)mapping + LB_REGION_ALIGNMENT - 1) & ~(LB_REGION_ALIGNMENT - 1);
        lb_region_base = base;
        lb_region_next = base;
        lb_region_end = base + LB_REGION_SIZE;
    }
    return &lb_region_hooks;
}

unsigned long lb_counting_arena_base(void) { return (unsigned long)lb_region_base; }
