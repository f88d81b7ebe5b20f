// Portable memory and string routines that stand in for glibc's under valgrind, so that instruction counts do not
// depend on the host CPU or on where buffers happen to lie.
//
// glibc picks `memcpy`, `memset`, `memcmp`, `strlen` and their kin per CPU (ifuncs: SSE2, AVX2, EVEX, AVX-512 and
// `rep movsb` variants), and each variant takes a path that depends on the alignment of its arguments and on whether
// a load would cross a page. So the count of one `memcpy` differs with the processor, with the stack's offset (which
// the kernel's auxiliary vector moves) and with the heap's history. See Guides/InstructionCounts.md.
//
// The functions below carry valgrind's replacement names (`_vgrNNNNNZU_<soname>_<function>`, valgrind.h's
// VG_REPLACE_FUNCTION_EZU): when this program runs under valgrind, valgrind reads these names from the symbol table and
// sends every call to glibc's routine (through its ifunc, whatever variant the resolver picked) here instead. Natively
// nothing calls them and nothing changes. Each one's instruction count depends only on its arguments' lengths (and, for
// comparisons and searches, on where the first difference or match is), never on addresses or on the CPU: unaligned
// 16-byte SSE2 loads and stores (every x86-64 CPU has them, and valgrind counts one instruction for each whatever the
// host), size classes as glibc's (up to 16, 32 and 64 bytes, then blocks of 64), no alignment prologue, no
// vector-width dispatch, no `rep movsb` (which callgrind counts once a byte). libm's rounding functions are SSE4.1's
// `roundsd`, as glibc's own `__floor_sse41`, since valgrind decodes it on every host.
//
// The equivalence tags (the first four digits) are memcheck's (shared/vg_replace_strmem.c), with priority 0, so that
// under memcheck, whose replacements load first, valgrind keeps memcheck's and ignores these without a warning.
//
// The functions are compiled with `no_builtin`, so that the compiler does not turn their loops back into calls to the
// very routines they replace.

#include <stddef.h>
#include <stdint.h>

#include "CCallgrind.h"

#define LB_PORTABLE __attribute__((used, retain, no_builtin, visibility("default")))

typedef uint64_t lb_unaligned_u64 __attribute__((aligned(1), may_alias));
typedef uint32_t lb_unaligned_u32 __attribute__((aligned(1), may_alias));
typedef uint16_t lb_unaligned_u16 __attribute__((aligned(1), may_alias));

static inline uint64_t lb_load8(const unsigned char *p) { return *(const lb_unaligned_u64 *)p; }
static inline void lb_store8(unsigned char *p, uint64_t v) { *(lb_unaligned_u64 *)p = v; }
static inline uint32_t lb_load4(const unsigned char *p) { return *(const lb_unaligned_u32 *)p; }
static inline void lb_store4(unsigned char *p, uint32_t v) { *(lb_unaligned_u32 *)p = v; }
static inline uint16_t lb_load2(const unsigned char *p) { return *(const lb_unaligned_u16 *)p; }
static inline void lb_store2(unsigned char *p, uint16_t v) { *(lb_unaligned_u16 *)p = v; }

// A block: 16 bytes in an SSE2 register on x86-64; elsewhere (where no gate counts) two 8-byte words.
#if defined(__SSE2__)
#include <emmintrin.h>
typedef __m128i lb_block;
static inline lb_block lb_load16(const unsigned char *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void lb_store16(unsigned char *p, lb_block v) { _mm_storeu_si128((__m128i *)p, v); }
static inline lb_block lb_splat16(unsigned char c) { return _mm_set1_epi8((char)c); }
/// A bit per byte, set where the two blocks differ.
static inline unsigned lb_differences16(lb_block a, lb_block b) {
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) & 0xffffu;
}
#else
typedef struct { uint64_t low, high; } lb_block;
static inline lb_block lb_load16(const unsigned char *p) { return (lb_block){lb_load8(p), lb_load8(p + 8)}; }
static inline void lb_store16(unsigned char *p, lb_block v) {
    lb_store8(p, v.low);
    lb_store8(p + 8, v.high);
}
static inline lb_block lb_splat16(unsigned char c) {
    uint64_t word = (uint64_t)c * 0x0101010101010101ULL;
    return (lb_block){word, word};
}
static inline unsigned lb_differences16(lb_block a, lb_block b) {
    unsigned bits = 0;
    for (int i = 0; i < 8; i++) {
        if (((a.low ^ b.low) >> (8 * i)) & 0xff) bits |= 1u << i;
        if (((a.high ^ b.high) >> (8 * i)) & 0xff) bits |= 1u << (8 + i);
    }
    return bits;
}
#endif

// MARK: - The routines (callable natively, for the tests)

/// Copies `count` bytes, at most 64: every byte is loaded before any is stored, so the ranges may overlap.
static inline void lb_move_up_to_64(unsigned char *d, const unsigned char *s, size_t count) {
    if (count > 32) {
        lb_block a = lb_load16(s), b = lb_load16(s + 16), c = lb_load16(s + count - 32), e = lb_load16(s + count - 16);
        lb_store16(d, a);
        lb_store16(d + 16, b);
        lb_store16(d + count - 32, c);
        lb_store16(d + count - 16, e);
    } else if (count > 16) {
        lb_block a = lb_load16(s), b = lb_load16(s + count - 16);
        lb_store16(d, a);
        lb_store16(d + count - 16, b);
    } else if (count >= 8) {
        uint64_t a = lb_load8(s), b = lb_load8(s + count - 8);
        lb_store8(d, a);
        lb_store8(d + count - 8, b);
    } else if (count >= 4) {
        uint32_t a = lb_load4(s), b = lb_load4(s + count - 4);
        lb_store4(d, a);
        lb_store4(d + count - 4, b);
    } else if (count >= 2) {
        uint16_t a = lb_load2(s), b = lb_load2(s + count - 2);
        lb_store2(d, a);
        lb_store2(d + count - 2, b);
    } else if (count == 1) {
        d[0] = s[0];
    }
}

LB_PORTABLE void *lb_portable_memmove(void *destination, const void *source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    if (count <= 64) {
        lb_move_up_to_64(d, s, count);
        return destination;
    }
    // Backwards only when the ranges overlap with the destination above the source: which way a copy goes then
    // follows from what the caller asked (a shift right), never from where two unrelated buffers lie. Either way,
    // blocks of 64 first, then the rest (under 64 bytes, at the far end), whose source no block has written over.
    if (d > s && d < s + count) {
        size_t i = count;
        while (i >= 64) {
            lb_block a = lb_load16(s + i - 16), b = lb_load16(s + i - 32), c = lb_load16(s + i - 48),
                     e = lb_load16(s + i - 64);
            lb_store16(d + i - 16, a);
            lb_store16(d + i - 32, b);
            lb_store16(d + i - 48, c);
            lb_store16(d + i - 64, e);
            i -= 64;
        }
        lb_move_up_to_64(d, s, i);
        return destination;
    }
    size_t i = 0;
    while (count - i >= 64) {
        lb_block a = lb_load16(s + i), b = lb_load16(s + i + 16), c = lb_load16(s + i + 32), e = lb_load16(s + i + 48);
        lb_store16(d + i, a);
        lb_store16(d + i + 16, b);
        lb_store16(d + i + 32, c);
        lb_store16(d + i + 48, e);
        i += 64;
    }
    lb_move_up_to_64(d + i, s + i, count - i);
    return destination;
}

LB_PORTABLE void *lb_portable_memset(void *destination, int value, size_t count) {
    unsigned char *d = destination;
    unsigned char byte = (unsigned char)value;
    uint64_t word = (uint64_t)byte * 0x0101010101010101ULL;
    if (count >= 16) {
        lb_block block = lb_splat16(byte);
        size_t i = 0;
        while (count - i >= 64) {
            lb_store16(d + i, block);
            lb_store16(d + i + 16, block);
            lb_store16(d + i + 32, block);
            lb_store16(d + i + 48, block);
            i += 64;
        }
        // The rest, 0 to 63 bytes: blocks from its start and to its end, which may overlap each other and, when
        // the rest is 16 bytes or less, the blocks already stored.
        size_t rest = count - i;
        if (rest > 32) {
            lb_store16(d + i, block);
            lb_store16(d + i + 16, block);
            lb_store16(d + count - 32, block);
            lb_store16(d + count - 16, block);
        } else if (rest > 16) {
            lb_store16(d + i, block);
            lb_store16(d + count - 16, block);
        } else if (rest > 0) {
            lb_store16(d + count - 16, block);
        }
    } else if (count >= 8) {
        lb_store8(d, word);
        lb_store8(d + count - 8, word);
    } else if (count >= 4) {
        lb_store4(d, (uint32_t)word);
        lb_store4(d + count - 4, (uint32_t)word);
    } else if (count >= 2) {
        lb_store2(d, (uint16_t)word);
        lb_store2(d + count - 2, (uint16_t)word);
    } else if (count == 1) {
        d[0] = byte;
    }
    return destination;
}

LB_PORTABLE int lb_portable_memcmp(const void *left, const void *right, size_t count) {
    const unsigned char *a = left, *b = right;
    size_t i = 0;
    while (count - i >= 16) {
        unsigned differences = lb_differences16(lb_load16(a + i), lb_load16(b + i));
        if (differences != 0) {
            size_t k = i + (size_t)__builtin_ctz(differences);
            return (int)a[k] - (int)b[k];
        }
        i += 16;
    }
    if (count - i >= 8) {
        uint64_t x = lb_load8(a + i), y = lb_load8(b + i);
        if (x != y) {
            size_t k = i + (size_t)__builtin_ctzll(x ^ y) / 8;
            return (int)a[k] - (int)b[k];
        }
        i += 8;
    }
    while (i < count) {
        if (a[i] != b[i]) return (int)a[i] - (int)b[i];
        i += 1;
    }
    return 0;
}

LB_PORTABLE size_t lb_portable_strlen(const char *string) {
    size_t n = 0;
    while (string[n] != 0) n += 1;
    return n;
}

LB_PORTABLE size_t lb_portable_strnlen(const char *string, size_t limit) {
    size_t n = 0;
    while (n < limit && string[n] != 0) n += 1;
    return n;
}

LB_PORTABLE int lb_portable_strcmp(const char *left, const char *right) {
    const unsigned char *a = (const unsigned char *)left, *b = (const unsigned char *)right;
    while (*a != 0 && *a == *b) {
        a += 1;
        b += 1;
    }
    return (int)*a - (int)*b;
}

LB_PORTABLE int lb_portable_strncmp(const char *left, const char *right, size_t limit) {
    const unsigned char *a = (const unsigned char *)left, *b = (const unsigned char *)right;
    for (size_t i = 0; i < limit; i++) {
        if (a[i] != b[i] || a[i] == 0) return (int)a[i] - (int)b[i];
    }
    return 0;
}

LB_PORTABLE void *lb_portable_memchr(const void *buffer, int value, size_t count) {
    const unsigned char *p = buffer;
    for (size_t i = 0; i < count; i++) {
        if (p[i] == (unsigned char)value) return (void *)(p + i);
    }
    return NULL;
}

LB_PORTABLE void *lb_portable_memrchr(const void *buffer, int value, size_t count) {
    const unsigned char *p = buffer;
    while (count > 0) {
        count -= 1;
        if (p[count] == (unsigned char)value) return (void *)(p + count);
    }
    return NULL;
}

LB_PORTABLE void *lb_portable_rawmemchr(const void *buffer, int value) {
    const unsigned char *p = buffer;
    while (*p != (unsigned char)value) p += 1;
    return (void *)p;
}

LB_PORTABLE char *lb_portable_strchrnul(const char *string, int value) {
    const char *p = string;
    while (*p != 0 && *p != (char)value) p += 1;
    return (char *)p;
}

LB_PORTABLE char *lb_portable_strchr(const char *string, int value) {
    char *p = lb_portable_strchrnul(string, value);
    return *p == (char)value ? p : NULL;
}

LB_PORTABLE char *lb_portable_strrchr(const char *string, int value) {
    const char *found = NULL;
    for (const char *p = string;; p += 1) {
        if (*p == (char)value) found = p;
        if (*p == 0) return (char *)found;
    }
}

LB_PORTABLE char *lb_portable_stpcpy(char *destination, const char *source) {
    size_t n = lb_portable_strlen(source);
    lb_portable_memmove(destination, source, n + 1);
    return destination + n;
}

LB_PORTABLE char *lb_portable_strcpy(char *destination, const char *source) {
    lb_portable_stpcpy(destination, source);
    return destination;
}

// MARK: - libm's rounding functions (ifuncs: SSE4.1 `roundsd` or C)

#if defined(__x86_64__)
#include <smmintrin.h>
#define LB_ROUNDING LB_PORTABLE __attribute__((target("sse4.1")))
#define LB_ROUND_DOUBLE(x, mode) _mm_cvtsd_f64(_mm_round_sd(_mm_set_sd(x), _mm_set_sd(x), (mode)))
#define LB_ROUND_FLOAT(x, mode) _mm_cvtss_f32(_mm_round_ss(_mm_set_ss(x), _mm_set_ss(x), (mode)))
LB_ROUNDING double lb_portable_floor(double x) { return LB_ROUND_DOUBLE(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
LB_ROUNDING double lb_portable_ceil(double x) { return LB_ROUND_DOUBLE(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
LB_ROUNDING double lb_portable_trunc(double x) { return LB_ROUND_DOUBLE(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
LB_ROUNDING double lb_portable_rint(double x) { return LB_ROUND_DOUBLE(x, _MM_FROUND_CUR_DIRECTION); }
LB_ROUNDING double lb_portable_nearbyint(double x) {
    return LB_ROUND_DOUBLE(x, _MM_FROUND_CUR_DIRECTION | _MM_FROUND_NO_EXC);
}
LB_ROUNDING float lb_portable_floorf(float x) { return LB_ROUND_FLOAT(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
LB_ROUNDING float lb_portable_ceilf(float x) { return LB_ROUND_FLOAT(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
LB_ROUNDING float lb_portable_truncf(float x) { return LB_ROUND_FLOAT(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
LB_ROUNDING float lb_portable_rintf(float x) { return LB_ROUND_FLOAT(x, _MM_FROUND_CUR_DIRECTION); }
LB_ROUNDING float lb_portable_nearbyintf(float x) {
    return LB_ROUND_FLOAT(x, _MM_FROUND_CUR_DIRECTION | _MM_FROUND_NO_EXC);
}
#else
// Elsewhere (no gate counts there) the compiler's own rounding, which is exact.
LB_PORTABLE double lb_portable_floor(double x) { return __builtin_floor(x); }
LB_PORTABLE double lb_portable_ceil(double x) { return __builtin_ceil(x); }
LB_PORTABLE double lb_portable_trunc(double x) { return __builtin_trunc(x); }
LB_PORTABLE double lb_portable_rint(double x) { return __builtin_rint(x); }
LB_PORTABLE double lb_portable_nearbyint(double x) { return __builtin_nearbyint(x); }
LB_PORTABLE float lb_portable_floorf(float x) { return __builtin_floorf(x); }
LB_PORTABLE float lb_portable_ceilf(float x) { return __builtin_ceilf(x); }
LB_PORTABLE float lb_portable_truncf(float x) { return __builtin_truncf(x); }
LB_PORTABLE float lb_portable_rintf(float x) { return __builtin_rintf(x); }
LB_PORTABLE float lb_portable_nearbyintf(float x) { return __builtin_nearbyintf(x); }
#endif

// MARK: - valgrind's replacement names
//
// `_vgr` + equivalence tag and priority (5 digits) + `ZU` (soname Z-encoded, function name as is) or `ZZ` (both
// Z-encoded: `Za` is `*`, `Zd` is `.`, `Zu` is `_`, `ZA` is `@`) + `_` + soname pattern + `_` + function name.
// `libcZdsoZa` is `libc.so*`, `libmZdsoZa` `libm.so*`. The versioned names are the ones glibc's symbol table carries
// besides the plain ones.

#define LB_REPLACE(tag, name, returns, parameters, call) \
    LB_PORTABLE returns _vgr##tag##ZU_libcZdsoZa_##name parameters { return call; }
#define LB_REPLACE_ZZ(tag, name, returns, parameters, call) \
    LB_PORTABLE returns _vgr##tag##ZZ_libcZdsoZa_##name parameters { return call; }

#define LB_COPY_PARAMETERS (void *d, const void *s, size_t n)
#define LB_CHECKED_COPY_PARAMETERS (void *d, const void *s, size_t n, size_t capacity)

// memcpy and memmove share one address in glibc's AVX2 variants; a memcpy here is a memmove, so whichever replacement
// valgrind keeps for that address is right.
LB_REPLACE(20180, memcpy, void *, LB_COPY_PARAMETERS, lb_portable_memmove(d, s, n))
LB_REPLACE_ZZ(20180, memcpyZAZAGLIBCZu2Zd14, void *, LB_COPY_PARAMETERS, lb_portable_memmove(d, s, n))
LB_REPLACE_ZZ(20180, memcpyZAGLIBCZu2Zd2Zd5, void *, LB_COPY_PARAMETERS, lb_portable_memmove(d, s, n))
LB_REPLACE(20181, memmove, void *, LB_COPY_PARAMETERS, lb_portable_memmove(d, s, n))
LB_REPLACE(20300, __memcpy_chk, void *, LB_CHECKED_COPY_PARAMETERS, ((void)capacity, lb_portable_memmove(d, s, n)))
LB_REPLACE(20240, __memmove_chk, void *, LB_CHECKED_COPY_PARAMETERS, ((void)capacity, lb_portable_memmove(d, s, n)))
LB_REPLACE(20290, mempcpy, void *, LB_COPY_PARAMETERS, (unsigned char *)lb_portable_memmove(d, s, n) + n)
LB_REPLACE(20290, __mempcpy, void *, LB_COPY_PARAMETERS, (unsigned char *)lb_portable_memmove(d, s, n) + n)

LB_REPLACE(20210, memset, void *, (void *d, int c, size_t n), lb_portable_memset(d, c, n))
LB_REPLACE(20210, __memset_chk, void *, (void *d, int c, size_t n, size_t capacity),
           ((void)capacity, lb_portable_memset(d, c, n)))

LB_REPLACE(20190, memcmp, int, (const void *a, const void *b, size_t n), lb_portable_memcmp(a, b, n))
LB_REPLACE(20190, bcmp, int, (const void *a, const void *b, size_t n), lb_portable_memcmp(a, b, n))
LB_REPLACE(20190, __memcmpeq, int, (const void *a, const void *b, size_t n), lb_portable_memcmp(a, b, n))

LB_REPLACE(20070, strlen, size_t, (const char *s), lb_portable_strlen(s))
LB_REPLACE(20060, strnlen, size_t, (const char *s, size_t n), lb_portable_strnlen(s, n))
LB_REPLACE(20160, strcmp, int, (const char *a, const char *b), lb_portable_strcmp(a, b))
LB_REPLACE(20110, strncmp, int, (const char *a, const char *b, size_t n), lb_portable_strncmp(a, b, n))
LB_REPLACE(20170, memchr, void *, (const void *s, int c, size_t n), lb_portable_memchr(s, c, n))
LB_REPLACE(20360, memrchr, void *, (const void *s, int c, size_t n), lb_portable_memrchr(s, c, n))
LB_REPLACE(20260, rawmemchr, void *, (const void *s, int c), lb_portable_rawmemchr(s, c))
LB_REPLACE(20250, strchrnul, char *, (const char *s, int c), lb_portable_strchrnul(s, c))
LB_REPLACE(20020, strchr, char *, (const char *s, int c), lb_portable_strchr(s, c))
LB_REPLACE(20010, strrchr, char *, (const char *s, int c), lb_portable_strrchr(s, c))
LB_REPLACE(20200, stpcpy, char *, (char *d, const char *s), lb_portable_stpcpy(d, s))
LB_REPLACE(20080, strcpy, char *, (char *d, const char *s), lb_portable_strcpy(d, s))

// libm's rounding functions: valgrind has no equivalence tags for them, so these use tags of their own (80NN), one per
// function, which no other tool's replacements share.
#if defined(__x86_64__)
#define LB_REPLACE_M(tag, name, type) \
    LB_ROUNDING type _vgr##tag##ZU_libmZdsoZa_##name(type x) { return lb_portable_##name(x); }
#else
#define LB_REPLACE_M(tag, name, type) \
    LB_PORTABLE type _vgr##tag##ZU_libmZdsoZa_##name(type x) { return lb_portable_##name(x); }
#endif

LB_REPLACE_M(80100, floor, double)
LB_REPLACE_M(80110, ceil, double)
LB_REPLACE_M(80120, trunc, double)
LB_REPLACE_M(80130, rint, double)
LB_REPLACE_M(80140, floorf, float)
LB_REPLACE_M(80150, ceilf, float)
LB_REPLACE_M(80160, truncf, float)
LB_REPLACE_M(80170, rintf, float)

LB_REPLACE_M(80180, nearbyint, double)
LB_REPLACE_M(80190, nearbyintf, float)
