import LayoutModel

/// A compositional layout that keeps its sections' extents in an ``OffsetTree`` and lays a section's record out on
/// demand: the incremental strategies, plain (``IncrementalCompositionalLayout``) and self-sizing
/// (``IncrementalSelfSizingCompositionalLayout``), which search their sections alike.
protocol CompositionalSectionTree: AnyObject {
    /// Each section's extent plus the inter-section spacing, as prefix sums.
    var tree: OffsetTree { get }
    /// The number of items of each section.
    var itemCounts: [Int] { get }
    /// The space between one section's end and the next one's start.
    var interSectionSpacing: Double { get }
    /// Section `index` as placed now.
    func record(_ index: Int) -> CompositionalSectionRecord
}

extension CompositionalSectionTree {
    /// The first section whose bottom is at or below `y` (touching counts), or the section count, with its record
    /// when there is one: a descent of the tree, then a check against the records, which round as the queries do
    /// (the tree's answer corrected by a step either way for the spacing its leaves include).
    ///
    /// Inlined where it is called: the plain strategy calls it inline, the self-sizing one through an out-of-line
    /// `firstSection(endingAtOrAfter:)` (inlined into its query, it cost the UIKit News Feed's query 143 instructions).
    ///
    /// - Complexity: O(log S).
    @inline(__always)
    func sectionSearch(endingAtOrAfter y: Double) -> (index: Int, record: CompositionalSectionRecord?) {
        let count = itemCounts.count
        var index = tree.firstEnding(atOrAfter: y + interSectionSpacing)
        var current = index < count ? record(index) : nil
        while index > 0 {
            let previous = record(index - 1)
            guard previous.end >= y else { break }
            index -= 1
            current = previous
        }
        while let section = current, section.end < y {
            index += 1
            current = index < count ? record(index) : nil
        }
        return (index, current)
    }
}
