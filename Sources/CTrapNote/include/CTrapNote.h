#ifndef LAYOUTBENCH_CTRAPNOTE_H
#define LAYOUTBENCH_CTRAPNOTE_H

/// The UIKit layout call in progress on this thread, for the one line a trap prints (the UIKit module's
/// `_TrapNote.swift` enters and leaves it around every call into a layout's code; the signal handler of
/// `lb_trap_note_install`, which can read nothing but plain memory, prints it). `layout` is the layout's class name (a
/// C string its bridge owns), or null when no layout call is in progress; `call` and `caller` index the tables of
/// CTrapNote.c. Thread-local: tests drive layouts on several threads at once, and a trap is handled on its thread.
typedef struct {
    const char *layout;
    int call;
    int caller;
} lb_trap_frame;

extern _Thread_local lb_trap_frame lb_trap_current;

/// Notes a call in progress; answers the note it replaces, for `lb_trap_leave`.
static inline __attribute__((always_inline)) lb_trap_frame lb_trap_enter(const char *layout, int call, int caller) {
    lb_trap_frame saved = lb_trap_current;
    lb_trap_current.layout = layout;
    lb_trap_current.call = call;
    lb_trap_current.caller = caller;
    return saved;
}

/// Puts back the note `lb_trap_enter` replaced (calls nest when a layout's code calls back into the view).
static inline __attribute__((always_inline)) void lb_trap_leave(lb_trap_frame saved) { lb_trap_current = saved; }

/// Installs, once a process, handlers for SIGILL, SIGTRAP and SIGABRT (a Swift trap: `fatalError`, a failed
/// `precondition`, a force unwrap of nil, an index out of range, an overflow) that print, when a layout call is in
/// progress, `layoutbench: the UIKit layout NAME trapped in CALL, called by CALLER; see Guides/UIKitLayouts.md,
/// "SECTION"`, then restore the handler that was there before (the Swift runtime's backtracer, or the default) and
/// return, so that the trap happens again under it: the process ends as it would have, with the line before.
void lb_trap_note_install(void);

#endif
