// An address range of its own for the instruction pass's jemalloc arena (CountingArena.c).
#ifndef LAYOUTBENCH_CCOUNTINGARENA_H
#define LAYOUTBENCH_CCOUNTINGARENA_H

/// jemalloc extent hooks (an `extent_hooks_t *`) that hand out memory from one address range reserved at a fixed,
/// 1 GiB-aligned address, in order, never reused; `NULL` when the range cannot be reserved. The first call reserves it.
void *lb_counting_arena_hooks(void);

/// The start of the reserved range, or 0 before the first call of lb_counting_arena_hooks() or when it failed.
unsigned long lb_counting_arena_base(void);

#endif
