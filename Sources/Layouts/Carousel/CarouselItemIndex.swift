import LayoutModel

/// The carousel's one strip of pages: every section's items in order, section after section, as a paging collection
/// view shows a sectioned data source. Maps element paths to flat indexes and back.
///
/// Uniform counts (every section the same size) need no storage and map in O(1); per-section counts keep the start
/// of each section (O(sections), never per item) and map by binary search.
public struct CarouselItemIndex: Hashable, Sendable {
    /// The number of items in all sections.
    public private(set) var count = 0
    /// Items per section when every section has the same count; -1 otherwise.
    private var itemsPerSection = 0
    /// With per-section counts, the flat index of each section's first item, and the total last.
    private var sectionStarts: [Int] = []

    /// An empty strip.
    public init() {}

    /// The strip of `counts`.
    public init(_ counts: ItemCounts) { update(counts) }

    /// Rebuilds the strip for `counts`, keeping the capacity of the section starts.
    ///
    /// - Complexity: O(1) for uniform counts, O(sections) otherwise.
    public mutating func update(_ counts: ItemCounts) {
        sectionStarts.removeAll(keepingCapacity: true)
        switch counts {
        case let .uniform(sections, items):
            let (total, overflow) = Swift.max(0, sections).multipliedReportingOverflow(by: Swift.max(0, items))
            itemsPerSection = Swift.max(0, items)
            count = overflow ? Int.max : total
        case let .perSection(counts):
            itemsPerSection = -1
            var start = 0
            sectionStarts.reserveCapacity(counts.count + 1)
            for items in counts {
                sectionStarts.append(start)
                start += Swift.max(0, items)
            }
            sectionStarts.append(start)
            count = start
        }
    }

    /// The path of the item at flat index `index`, which must be in `0..<count`.
    ///
    /// - Complexity: O(1) for uniform counts, O(log sections) otherwise.
    @inline(__always)
    public func path(ofItem index: Int) -> ElementPath {
        if itemsPerSection > 0 {
            return ElementPath(section: index / itemsPerSection, item: index % itemsPerSection)
        }
        // The last section whose start is at most `index`: it holds the item, since empty sections share a start
        // with the next one and the search passes them.
        var low = 0, high = sectionStarts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= index { low = middle } else { high = middle }
        }
        return ElementPath(section: low, item: index - sectionStarts[low])
    }

    /// The path of the item after the one at `path`, which must not be the last: the next item of its section, or
    /// the first of the next section that has items. No division, so walking the roles costs one
    /// ``path(ofItem:)`` and then a comparison per role.
    ///
    /// - Complexity: O(1) for uniform counts; O(empty sections skipped) otherwise.
    @inline(__always)
    public func path(after path: ElementPath) -> ElementPath {
        if itemsPerSection > 0 {
            return path.item + 1 < itemsPerSection
                ? ElementPath(section: path.section, item: path.item + 1) : ElementPath(section: path.section + 1, item: 0)
        }
        var section = path.section, item = path.item + 1
        while item >= sectionStarts[section + 1] - sectionStarts[section] {
            section += 1
            item = 0
        }
        return ElementPath(section: section, item: item)
    }

    /// The flat index of the item at `path`, or `nil` when there is no such item.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func index(of path: ElementPath) -> Int? {
        guard path.section >= 0 && path.item >= 0 else { return nil }
        if itemsPerSection >= 0 {
            guard itemsPerSection > 0 && path.item < itemsPerSection else { return nil }
            let (start, overflow) = path.section.multipliedReportingOverflow(by: itemsPerSection)
            guard !overflow && start < count - path.item else { return nil }
            return start + path.item
        }
        guard path.section + 1 < sectionStarts.count else { return nil }
        let start = sectionStarts[path.section]
        return path.item < sectionStarts[path.section + 1] - start ? start + path.item : nil
    }

    /// The bytes the section starts hold.
    public var bytes: Int { sectionStarts.capacity * MemoryLayout<Int>.stride }
}
