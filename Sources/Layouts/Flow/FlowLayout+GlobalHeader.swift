import LayoutModel

extension FlowLayout {
    /// The global-header layout's query as written: the engine's rect query (headers at their places) for the
    /// attributes, its headers dropped; the engine's rect query again over the rect and once over the bounds, for
    /// the sections whose headers to add; then those headers, pinned, where they intersect the rect.
    ///
    /// The code it models finds the sections from the elements those queries return, which misses a section whose
    /// pinned header crosses the rect where none of its elements do (a rect inside a tall inset). To keep the
    /// variants exact this one also takes the sections whose extent meets the rect, by the same binary search as
    /// `lean`; its cost, three engine queries, is the code's.
    ///
    /// - Complexity: three engine queries, O(log sections + log lines + k) each, plus O(sections in the rect and
    ///   the bounds).
    func appendAsWritten(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = appendIndexed(in: rect, into: &buffer, pinned: false, leftAligned: true)
        var write = 0
        for position in buffer.indices where buffer[position].kind != FlowElementKind.header {
            buffer[write] = buffer[position]
            write += 1
        }
        buffer.removeLast(buffer.count - write)
        var found = scratch
        scratch = []
        defer { scratch = found }
        var lowest = Int.max, highest = Int.min
        func collectSections(in query: Rect) {
            found.removeAll(keepingCapacity: true)
            tested += appendIndexed(in: query, into: &found, pinned: false, leftAligned: true)
            for element in found {
                lowest = Swift.min(lowest, element.path.section)
                highest = Swift.max(highest, element.path.section)
            }
        }
        collectSections(in: rect)
        collectSections(in: pinningBounds)
        let (low, high) = scrollRange(of: rect)
        var last = firstSection(endingAtOrAfter: low)
        let first = last
        while last < sections.count && sections[last].start <= high { last += 1 }
        lowest = Swift.min(lowest, first)
        highest = Swift.min(Swift.max(highest, last - 1), sections.count - 1)
        func addHeader(_ index: Int) {
            tested += 1
            let (frame, z) = headerFrame(index, sections[index])
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                               kind: FlowElementKind.header, zIndex: z))
            }
        }
        // The global header is always on top, wherever its section is.
        if !sections.isEmpty && sections[0].headerExtent > 0 && !(lowest <= 0 && 0 <= highest) { addHeader(0) }
        if lowest <= highest {
            for index in lowest...highest where sections[index].headerExtent > 0 { addHeader(index) }
        }
        return tested
    }
}
