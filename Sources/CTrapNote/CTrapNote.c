#include "CTrapNote.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

_Thread_local lb_trap_frame lb_trap_current = {0, -1, -1};

// The calls into a layout's code, in the order of `TrapNote.Call` (UIKit/_TrapNote.swift).
static const char *const calls[] = {
    "prepare()",
    "collectionViewContentSize",
    "layoutAttributesForElements(in:)",
    "layoutAttributesForItem(at:)",
    "layoutAttributesForSupplementaryView(ofKind:at:)",
    "layoutAttributesForDecorationView(ofKind:at:)",
    "shouldInvalidateLayout(forBoundsChange:)",
    "invalidationContext(forBoundsChange:)",
    "invalidateLayout(with:)",
    "prepare(forCollectionViewUpdates:)",
    "initialLayoutAttributesForAppearingItem(at:)",
    "finalLayoutAttributesForDisappearingItem(at:)",
    "targetContentOffset(forProposedContentOffset:)",
    "finalizeCollectionViewUpdates()",
    "shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)",
    "invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)",
    "the family's app hook (dataWillChange, dataDidChange or viewWillTransition)",
};

// Who made the call, and the guide section that lists such calls, in the order of `TrapNote.Caller`.
static const char *const callers[] = {
    "the collection view's layout pass", "How the harness drives a UIKit layout",
    "a bounds change (a scroll or a resize)", "How the harness drives a UIKit layout",
    "a data-source change", "How the harness drives a UIKit layout",
    "the brute-force reference (every item, and every element the layout reports, through its own call)",
    "What the harness calls",
    "a verifier's or benchmark's rect query", "What the harness calls",
    "the harness's per-item call (a jump, a verifier's sample)", "What the harness calls",
    "a batch update", "Batch updates",
    "self-sizing (a cell's preferred attributes)", "Self-sizing",
    "the self-sizing reference's replay of the fitted sizes", "Self-sizing",
    "the app's part around the layout", "The app's part",
};

static struct sigaction previous_ill, previous_trap, previous_abrt;

static void put(const char *text) {
    ssize_t ignored = write(2, text, strlen(text));
    (void)ignored;
}

static void note(int signal, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    const char *layout = lb_trap_current.layout;
    int call = lb_trap_current.call, caller = lb_trap_current.caller;
    int calls_count = (int)(sizeof calls / sizeof calls[0]);
    int callers_count = (int)(sizeof callers / sizeof callers[0]) / 2;
    if (layout && call >= 0 && call < calls_count && caller >= 0 && caller < callers_count) {
        put("layoutbench: the UIKit layout ");
        put(layout);
        put(" trapped in ");
        put(calls[call]);
        put(", called by ");
        put(callers[2 * caller]);
        put("; see Guides/UIKitLayouts.md, \"");
        put(callers[2 * caller + 1]);
        put("\"\n");
    }
    lb_trap_current.layout = 0;
    // The trap happens again under the handler that was there before: the instruction runs again when this
    // returns (a trap), or abort() raises again (an abort).
    switch (signal) {
    case SIGILL: sigaction(SIGILL, &previous_ill, 0); break;
    case SIGTRAP: sigaction(SIGTRAP, &previous_trap, 0); break;
    default: sigaction(SIGABRT, &previous_abrt, 0); break;
    }
}

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = note;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGILL, &action, &previous_ill);
    sigaction(SIGTRAP, &action, &previous_trap);
    sigaction(SIGABRT, &action, &previous_abrt);
}

void lb_trap_note_install(void) {
    // Once a process, whichever thread makes the first layout: a second installation would take this handler as the
    // one to restore, and a trap would then never end.
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install);
}
