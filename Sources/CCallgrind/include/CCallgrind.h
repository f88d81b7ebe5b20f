// Callgrind's client requests as C functions that Swift can call.
//
// valgrind/callgrind.h defines them as macros of inline assembly, which Swift cannot import. Each function here is
// one macro; outside valgrind every request is a handful of no-op instructions. When the header is missing at build
// time (valgrind not installed), the functions do nothing and lb_callgrind_header_present() returns 0.
#ifndef LAYOUTBENCH_CCALLGRIND_H
#define LAYOUTBENCH_CCALLGRIND_H

#include <stddef.h>

/// 1 if valgrind/callgrind.h was found when this target was built, else 0.
int lb_callgrind_header_present(void);
/// The number of valgrind layers the process runs under: 0 natively, 1 under valgrind (RUNNING_ON_VALGRIND).
unsigned lb_running_on_valgrind(void);
/// CALLGRIND_ZERO_STATS: resets the event counters of the current dump period.
void lb_callgrind_zero_stats(void);
/// CALLGRIND_TOGGLE_COLLECT: switches event collection on or off.
void lb_callgrind_toggle_collect(void);
/// CALLGRIND_START_INSTRUMENTATION: instruments code from here on (with --instr-atstart=no).
void lb_callgrind_start_instrumentation(void);
/// CALLGRIND_STOP_INSTRUMENTATION: stops instrumenting code.
void lb_callgrind_stop_instrumentation(void);
/// CALLGRIND_DUMP_STATS_AT(label): writes the counters of the period to a dump file that names `label`, and zeroes them.
void lb_callgrind_dump_stats_at(const char *label);


/// The CPU this process sees (natively the host's, under valgrind valgrind's model): the vendor and the brand string,
/// one space between words, NUL-terminated, in `buffer` of `size` bytes (at least 64); returns its length, 0 when
/// the CPU does not say (not x86).
size_t lb_cpu_identity(char *buffer, size_t size);

// The portable memory and string routines that replace glibc's under valgrind (PortableRoutines.c): the same
// contracts as the C library's, with instruction counts that depend only on lengths and on where the first difference
// or match lies, never on addresses or the CPU. Declared for the tests, which check them against the C library.

void *lb_portable_memmove(void *destination, const void *source, size_t count);
void *lb_portable_memset(void *destination, int value, size_t count);
int lb_portable_memcmp(const void *left, const void *right, size_t count);
size_t lb_portable_strlen(const char *string);
size_t lb_portable_strnlen(const char *string, size_t limit);
int lb_portable_strcmp(const char *left, const char *right);
int lb_portable_strncmp(const char *left, const char *right, size_t limit);
void *lb_portable_memchr(const void *buffer, int value, size_t count);
void *lb_portable_memrchr(const void *buffer, int value, size_t count);
void *lb_portable_rawmemchr(const void *buffer, int value);
char *lb_portable_strchrnul(const char *string, int value);
char *lb_portable_strchr(const char *string, int value);
char *lb_portable_strrchr(const char *string, int value);
char *lb_portable_stpcpy(char *destination, const char *source);
char *lb_portable_strcpy(char *destination, const char *source);
double lb_portable_floor(double x);
double lb_portable_ceil(double x);
double lb_portable_trunc(double x);
double lb_portable_rint(double x);
double lb_portable_nearbyint(double x);
float lb_portable_floorf(float x);
float lb_portable_ceilf(float x);
float lb_portable_truncf(float x);
float lb_portable_rintf(float x);
float lb_portable_nearbyintf(float x);

#endif
