#include "CCallgrind.h"

#if defined(__has_include)
#  if __has_include(<valgrind/callgrind.h>)
#    include <valgrind/callgrind.h>
#    define LB_HAVE_CALLGRIND 1
#  endif
#endif

#ifdef LB_HAVE_CALLGRIND
int lb_callgrind_header_present(void) { return 1; }
unsigned lb_running_on_valgrind(void) { return (unsigned)RUNNING_ON_VALGRIND; }
void lb_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void lb_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void lb_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void lb_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
void lb_callgrind_dump_stats_at(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
#else
int lb_callgrind_header_present(void) { return 0; }
unsigned lb_running_on_valgrind(void) { return 0; }
void lb_callgrind_zero_stats(void) {}
void lb_callgrind_toggle_collect(void) {}
void lb_callgrind_start_instrumentation(void) {}
void lb_callgrind_stop_instrumentation(void) {}
void lb_callgrind_dump_stats_at(const char *label) { (void)label; }
#endif
