import CTrapNote

/// The layout call in progress, for the one line a trap in a layout's code prints (CTrapNote): which call, who made
/// it and which layout. The bridge wraps every call into a layout's code in ``noting(_:_:_:_:)``; the handler, installed
/// with the first bridge, prints the line and lets the trap run its course. Not UIKit API.
enum TrapNote {
    /// A call into a layout's code, in the order of CTrapNote.c's table.
    enum Call: Int32 {
        case prepare, contentSize, elementsInRect, itemAttributes, supplementaryAttributes, decorationAttributes
        case shouldInvalidateForBounds, contextForBounds, invalidate
        case prepareForUpdates, initialAttributes, finalAttributes, targetContentOffset, finalizeUpdates
        case shouldInvalidateForPreferred, contextForPreferred
        case appHook
    }

    /// Who made the call, in the order of CTrapNote.c's table.
    enum Caller: Int32 {
        case layoutPass, boundsChange, dataSourceChange, reference, rectQuery, perItem, batchUpdate, selfSizing
        case replay, app
    }

    /// Installs the handler, once a process.
    static func install() { lb_trap_note_install() }

    /// `body`, with the call noted for the trap line; the note in force before is restored after (calls nest when a
    /// layout's code calls back into the collection view).
    @inline(__always)
    static func noting<T>(_ layout: UnsafePointer<CChar>?, _ call: Call, _ caller: Caller, _ body: () throws -> T)
        rethrows -> T
    {
        let saved = lb_trap_enter(layout, Int32(call.rawValue), Int32(caller.rawValue))
        defer { lb_trap_leave(saved) }
        return try body()
    }
}
