/// The sections of an ``IncrementalFlowLayout``, by position, kept as two arrays so that a batch's section steps move
/// only what differs from one section to the next (issue 39):
/// - ``states``: each section's item count and where its body ends (16 bytes a section), moved by section steps;
/// - the metrics and line geometry (``IncrementalFlowSection``; its `count` and `bodyEnd` are not read): with
///   uniform metrics every section's are the same, held once (``shared``), so a section inserted, deleted or moved
///   needs none moved and a rebuild makes them once; with per-section metrics, each section's (``geometry``), and a
///   batch with section steps re-prepares everything, geometry included.
///
/// Moving 144-byte records was most of a batch's cost at 1000 sections (a `memmove` of every record between the first
/// and last section step); moving 16 bytes a section is a ninth of it. Reading a section assembles its record
/// (``subscript(_:)``), the same copy a read of one record was.
struct IncrementalFlowSections: RandomAccessCollection, Sendable {
    /// Each section's count and body end.
    var states: [FlowSectionState] = []
    /// Each section's metrics and line geometry, with per-section metrics; empty with uniform ones (``shared``).
    var geometry: [IncrementalFlowSection] = []
    /// Every section's metrics and line geometry, with uniform metrics (``isShared``).
    var shared = IncrementalFlowSection()
    /// Whether every section has the ``shared`` metrics (uniform metrics), or its own in ``geometry``.
    var isShared = false

    @inline(__always) var startIndex: Int { 0 }
    @inline(__always) var endIndex: Int { states.count }

    /// Section `index`'s record: its geometry with its count and body end.
    @inline(__always)
    subscript(index: Int) -> IncrementalFlowSection {
        var record = isShared ? shared : geometry[index]
        let state = states[index]
        record.count = state.count
        record.bodyEnd = state.bodyEnd
        return record
    }

    /// Empties the sections, keeping the arrays' capacity, with room for `count` sections, and the metrics every
    /// section will have (`shared`), or `nil` for per-section metrics (``append(_:count:)``).
    mutating func removeAll(reserving count: Int, shared: IncrementalFlowSection?) {
        states.removeAll(keepingCapacity: true)
        states.reserveCapacity(count)
        if let shared {
            self.shared = shared
            isShared = true
            if !geometry.isEmpty { geometry = [] }
        } else {
            isShared = false
            geometry.removeAll(keepingCapacity: true)
            geometry.reserveCapacity(count)
        }
    }

    /// Appends a section of `count` items with per-section metrics `geometry` (its body end is set when it is laid
    /// out).
    mutating func append(_ geometry: IncrementalFlowSection, count: Int) {
        states.append(FlowSectionState(count: count))
        self.geometry.append(geometry)
    }

    /// Appends a section of `count` items with the shared metrics, or, with per-section metrics, a placeholder that
    /// the next rebuild replaces.
    mutating func append(count: Int) {
        states.append(FlowSectionState(count: count))
        if !isShared { geometry.append(IncrementalFlowSection()) }
    }

    /// Removes the last `k` sections.
    mutating func removeLast(_ k: Int) {
        states.removeLast(k)
        if !isShared { geometry.removeLast(k) }
    }

    /// The bytes the sections hold.
    var bytes: Int {
        states.capacity * MemoryLayout<FlowSectionState>.stride
            + geometry.capacity * MemoryLayout<IncrementalFlowSection>.stride
            + MemoryLayout<IncrementalFlowSection>.stride
    }
}

/// What a section step moves of an ``IncrementalFlowLayout``'s section: its item count and where its footer starts,
/// relative to the section's start.
struct FlowSectionState: Sendable {
    var count: Int
    var bodyEnd = 0.0
}
