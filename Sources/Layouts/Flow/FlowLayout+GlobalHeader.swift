import LayoutModel

extension FlowLayout {
    /// The global-header layout's query as written: the engine's rect query (headers at their places) for the
    /// attributes, its headers dropped; the engine's rect query again over the rect and once over the bounds, for
    /// the sections whose headers to add, collected into a set as the code collects them (`NSMutableIndexSet`);
    /// then those sections' headers, pinned, where they intersect the rect.
    ///
    /// The code it models finds the sections from the elements those queries return, which misses a section whose
    /// pinned header crosses the rect where none of its elements do (a rect inside a tall inset). To keep the
    /// variants exact this one also takes the sections whose extent meets the rect, by the same binary search as
    /// `lean`; its cost, three engine queries, is the code's.
    ///
    /// (Until issue 30 the sections were taken as the whole range from the lowest to the highest found, which walks
    /// every section between the rect and the bounds: a cost the code does not have, growing with the content when
    /// the rect is far from the bounds. Guides/UIKitLayouts.md, "The global header", has the measurements.)
    ///
    /// - Complexity: three engine queries, O(log sections + log lines + k) each, plus O(k + s^2) for the s runs of
    ///   sections they and the rect name (a handful: the sections in the rect and in the bounds).
    func appendAsWritten(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = appendIndexed(in: rect, into: &buffer, pinned: false, leftAligned: true)
        var write = 0
        for position in buffer.indices where buffer[position].kind != ElementKind.sectionHeader {
            buffer[write] = buffer[position]
            write += 1
        }
        buffer.removeLast(buffer.count - write)
        var found = scratch
        scratch = []
        var named = sectionScratch
        sectionScratch = []
        defer {
            scratch = found
            sectionScratch = named
        }
        // `found` holds one query's answer over the rect or the bounds, no more than `buffer` holds in a frame:
        // given `buffer`'s room, it grows only when `buffer` did, not on its own schedule of size classes.
        if found.capacity < buffer.capacity { found.reserveCapacity(buffer.capacity) }
        named.removeAll(keepingCapacity: true)
        func collectSections(in query: Rect) {
            found.removeAll(keepingCapacity: true)
            tested += appendIndexed(in: query, into: &found, pinned: false, leftAligned: true)
            for element in found where named.last != element.path.section { named.append(element.path.section) }
        }
        collectSections(in: rect)
        collectSections(in: pinningBounds)
        let (low, high) = scrollRange(of: rect)
        var section = firstSection(endingAtOrAfter: low)
        while section < sections.count && sections[section].start <= high {
            if named.last != section { named.append(section) }
            section += 1
        }
        // The set, in order: each run of equal sections was kept once above, so a handful remain; an insertion
        // sort orders them without the buffer `sort()` allocates, then each section is kept once.
        for index in named.indices.dropFirst() {
            let value = named[index]
            var position = index
            while position > 0 && named[position - 1] > value {
                named[position] = named[position - 1]
                position -= 1
            }
            named[position] = value
        }
        var unique = 0
        for index in named.indices where unique == 0 || named[unique - 1] != named[index] {
            named[unique] = named[index]
            unique += 1
        }
        named.removeLast(named.count - unique)
        func addHeader(_ index: Int) {
            tested += 1
            let (frame, z) = headerFrame(index, sections[index])
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                               kind: ElementKind.sectionHeader, zIndex: z))
            }
        }
        // The global header is always on top, wherever its section is.
        if !sections.isEmpty && sections[0].headerExtent > 0 && named.first != 0 { addHeader(0) }
        for index in named where index < sections.count && sections[index].headerExtent > 0 { addHeader(index) }
        return tested
    }
}
