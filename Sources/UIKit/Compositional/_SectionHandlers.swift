/// The provider's sections that have a `visibleItemsInvalidationHandler`, as of the last full pass: ordered by
/// section, each handler stored in a struct of its own.
///
/// A closure kept directly in a generic container (`[Int: Handler]`, `[Handler]`) is stored at the container's
/// abstraction and read back through a reabstraction thunk, a new closure context at every read: one allocation a
/// handler a frame (measured: 4 of the carousel's 5 allocations a main-scroll frame at 10⁶, issue 38). In a struct
/// field the closure keeps its own representation, and reading it retains it only.
struct SectionHandlers {
    struct Entry {
        var section: Int
        var handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// The handler of `section`, or `nil`; setting `nil` removes it.
    ///
    /// - Complexity: O(log sections); O(1) amortized to set the handler of a section after the last one (a full pass
    ///   asks the sections in order).
    subscript(section: Int) -> NSCollectionLayoutSectionVisibleItemsInvalidationHandler? {
        get {
            let at = index(atOrAfter: section)
            return at < entries.count && entries[at].section == section ? entries[at].handler : nil
        }
        set {
            let at = index(atOrAfter: section)
            let present = at < entries.count && entries[at].section == section
            switch (newValue, present) {
            case let (handler?, true): entries[at].handler = handler
            case let (handler?, false): entries.insert(Entry(section: section, handler: handler), at: at)
            case (nil, true): entries.remove(at: at)
            case (nil, false): break
            }
        }
    }

    /// The index of the first entry at or after `section`.
    ///
    /// - Complexity: O(1) past the last entry, else O(log sections).
    @inline(__always)
    func index(atOrAfter section: Int) -> Int {
        if let last = entries.last, last.section < section { return entries.count }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].section < section { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Forgets every handler.
    mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        entries.removeAll(keepingCapacity: keepCapacity)
    }
}
