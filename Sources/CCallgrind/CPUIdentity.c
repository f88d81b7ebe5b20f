// The CPU this process sees, from the `cpuid` instruction: natively the host's, under valgrind valgrind's own model
// (valgrind answers `cpuid` itself, from a table of one real CPU per feature level).

#include <stddef.h>
#include <string.h>

#include "CCallgrind.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

size_t lb_cpu_identity(char *buffer, size_t size) {
    if (buffer == NULL || size < 64) return 0;
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return 0;
    char text[64];
    memcpy(text, &b, 4);
    memcpy(text + 4, &d, 4);
    memcpy(text + 8, &c, 4);
    size_t length = 12;
    text[length++] = ' ';
    unsigned extended = __get_cpuid_max(0x80000000, NULL);
    if (extended >= 0x80000004) {
        for (unsigned leaf = 0x80000002; leaf <= 0x80000004; leaf++) {
            __get_cpuid(leaf, &a, &b, &c, &d);
            memcpy(text + length, &a, 4);
            memcpy(text + length + 4, &b, 4);
            memcpy(text + length + 8, &c, 4);
            memcpy(text + length + 12, &d, 4);
            length += 16;
        }
    }
    // The brand string is NUL-padded, sometimes with leading or repeated spaces: keep one space between words.
    size_t written = 0;
    int space = 0;
    for (size_t i = 0; i < length && written + 1 < size; i++) {
        char character = text[i];
        if (character == 0) continue;
        if (character == ' ') {
            space = written > 0;
            continue;
        }
        if (space && written + 2 < size) buffer[written++] = ' ';
        space = 0;
        buffer[written++] = character;
    }
    buffer[written] = 0;
    return written;
}
#else
size_t lb_cpu_identity(char *buffer, size_t size) {
    (void)buffer;
    (void)size;
    return 0;
}
#endif
