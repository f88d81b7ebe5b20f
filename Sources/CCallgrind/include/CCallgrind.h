// Callgrind's client requests as C functions that Swift can call.
//
// valgrind/callgrind.h defines them as macros of inline assembly, which Swift cannot import. Each function here is
// one macro; outside valgrind every request is a handful of no-op instructions. When the header is missing at build
// time (valgrind not installed), the functions do nothing and lb_callgrind_header_present() returns 0.
#ifndef LAYOUTBENCH_CCALLGRIND_H
#define LAYOUTBENCH_CCALLGRIND_H

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

#endif
