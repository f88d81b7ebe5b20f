/// The sections of an ``IncrementalFlowLayout``, by position, kept as two arrays so that a batch's section steps move
/// only what differs from one section to the next (issue 39):
/// - ``states``: each section's item count and where its body ends (16 bytes a section), moved by section steps;
/// - ``geometry``: each section's metrics and line geometry (``IncrementalFlowSection``, 112 bytes a section; its
///   `count` and `bodyEnd` are not read), which section steps leave where they are. With uniform metrics every
///   section's geometry is the same, so a section inserted, deleted or moved needs none moved; with per-section
///   metrics a batch with section steps re-prepares everything, geometry included.
///
/// Moving 144-byte records was most of a batch's cost at 1000 sections (a `memmove` of every record between the first
/// and last section step); moving 16 bytes a section is a ninth of it. Reading a section assembles its record from the
/// two arrays (``subscript(_:)``), the same copy a read of one record was.
struct IncrementalFlowSections: RandomAccessCollection, Sendable {
    /// Each section's count and body end.
    var states: [FlowSectionState] = []
    /// Each section's metrics and line geometry.
    var geometry: [IncrementalFlowSection] = []

    @inline(__always) var startIndex: Int { 0 }
    @inline(__always) var endIndex: Int { states.count }

    /// Section `index`'s record: its geometry with its count and body end.
    @inline(__always)
    subscript(index: Int) -> IncrementalFlowSection {
        var record = geometry[index]
        let state = states[index]
        record.count = state.count
        record.bodyEnd = state.bodyEnd
        return record
    }

    /// Empties both arrays, keeping their capacity, with room for `count` sections.
    mutating func removeAll(reserving count: Int) {
        states.removeAll(keepingCapacity: true)
        geometry.removeAll(keepingCapacity: true)
        states.reserveCapacity(count)
        geometry.reserveCapacity(count)
    }

    /// Appends a section of `count` items with `geometry` (its body end is set when it is laid out).
    mutating func append(_ geometry: IncrementalFlowSection, count: Int) {
        states.append(FlowSectionState(count: count))
        self.geometry.append(geometry)
    }

    /// Removes the last `k` sections.
    mutating func removeLast(_ k: Int) {
        states.removeLast(k)
        geometry.removeLast(k)
    }

    /// The bytes both arrays hold.
    var bytes: Int {
        states.capacity * MemoryLayout<FlowSectionState>.stride
            + geometry.capacity * MemoryLayout<IncrementalFlowSection>.stride
    }
}

/// What a section step moves of an ``IncrementalFlowLayout``'s section: its item count and where its footer starts,
/// relative to the section's start.
struct FlowSectionState: Sendable {
    var count: Int
    var bodyEnd = 0.0
}
