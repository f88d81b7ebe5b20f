// Start-up allocations for the instruction pass's `shifted` emulation (HostEmulation.swift), made before main.
//
// Another machine of the same kind differs from this one before the program's main function runs: the dynamic
// loader, glibc and the Swift runtime read another environment, another auxiliary vector and other files. When
// LAYOUTBENCH_EMULATION_ALLOCATIONS=N is set, this constructor makes N allocations of 16 bytes to 1 KiB and keeps every
// other one, so that the heap the program starts from has another history. Without the variable it does nothing.

#include <stdlib.h>

static void *lb_startup_kept[4096];  // half of at most 8192

__attribute__((constructor, used, retain)) static void lb_emulated_startup_allocations(void) {
    const char *text = getenv("LAYOUTBENCH_EMULATION_ALLOCATIONS");
    if (text == NULL) return;
    long count = strtol(text, NULL, 10);
    if (count <= 0) return;
    if (count > 8192) count = 8192;
    for (long index = 0; index < count; index++) {
        void *block = malloc(16 + (size_t)(index * 37) % 1009);
        if (block == NULL) continue;
        if (index % 2 == 0) {
            lb_startup_kept[index / 2] = block;
        } else {
            free(block);
        }
    }
}
