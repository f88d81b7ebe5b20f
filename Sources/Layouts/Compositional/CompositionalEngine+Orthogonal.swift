import LayoutModel

/// Orthogonal sections, shared by every compositional strategy, closed-form (``CompositionalLayout``,
/// ``IncrementalCompositionalLayout``) and self-sizing (``SelfSizingCompositionalLayout``,
/// ``IncrementalSelfSizingCompositionalLayout``): each section's offset across the layout's axis, kept by the
/// layout (UIKit keeps it in the section's own scroll view) and applied by the queries, so that an orthogonal scroll
/// changes no record and rebuilds nothing: its context names the section's items in view, and `prepare()` reports
/// them as recomputed. In a self-sizing layout an orthogonal section never self-sizes (E6), so its record is
/// closed-form and a scroll leaves every fitted height where it is.
///
/// Offsets are kept by section index while the number of sections stays the same, and every section comes back to
/// rest at its start when it changes (Apple is silent on what an inserted section does to its neighbours' scroll
/// views; every strategy does the same).
protocol CompositionalOrthogonalEngine: CompositionalStrategyAnswers {
    /// The resolved distinct sections (a record's `template` indexes them).
    var resolvedTemplates: [CompositionalSectionTemplate] { get }
    /// The number of sections at the last `prepare()`.
    var sectionCount: Int { get }
    /// The template index of section `index` (in range).
    func templateIndex(ofSection index: Int) -> Int
    /// The record of section `index` (in range), laid out where the last `prepare()` put it.
    func record(_ index: Int) -> CompositionalSectionRecord
    /// Each section's orthogonal offset as last set (NaN: at rest where it starts), or empty when no template
    /// scrolls orthogonally.
    var orthogonalOffsets: [Double] { get set }
    /// The items the last orthogonal scroll named, reused so that building its context allocates nothing.
    var namedItems: [ElementPath] { get set }
    /// Whether the next context is the one an orthogonal scroll returned, and the elements it named: `prepare()`
    /// reports them as recomputed and rebuilds nothing for it.
    var orthogonalContextPending: Bool { get set }
    var pendingOrthogonalWork: Int { get set }
}

extension CompositionalOrthogonalEngine {
    /// Section `index`'s offset (0 for a section that does not scroll orthogonally), clamped to its range.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func orthogonalOffset(_ index: Int, _ section: CompositionalSectionRecord,
                          _ template: CompositionalSectionTemplate) -> Double {
        guard template.orthogonal != .none else { return 0 }
        let stored = index < orthogonalOffsets.count ? orthogonalOffsets[index] : .nan
        return template.orthogonalRule(groups: Int(section.groupCount)).clamped(stored)
    }

    /// Keeps one offset per section when `orthogonal` (any template scrolls orthogonally), none otherwise; a change
    /// of the number of sections brings every section back to rest.
    ///
    /// - Complexity: O(1) when the count is unchanged, else O(sections).
    func resetOrthogonalOffsets(count: Int, orthogonal: Bool) {
        guard orthogonal else {
            if !orthogonalOffsets.isEmpty { orthogonalOffsets.removeAll(keepingCapacity: true) }
            return
        }
        guard orthogonalOffsets.count != count else { return }
        orthogonalOffsets.removeAll(keepingCapacity: true)
        orthogonalOffsets.append(contentsOf: repeatElement(.nan, count: count))
    }

    /// Whether `context` is the one the last orthogonal scroll returned, which rebuilds nothing; clears the mark.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func takeOrthogonalContext(_ context: InvalidationContext) -> Bool {
        guard orthogonalContextPending else { return false }
        orthogonalContextPending = false
        let only = !context.invalidateEverything && !context.invalidateDataSourceCounts
            && !context.invalidateDelegateMetrics && !context.invalidatePinnedElements
            && context.invalidatedSupplementaryPaths.isEmpty && context.invalidatedItemPaths.count == namedItems.count
        if !only { pendingOrthogonalWork = 0 }
        return only
    }

    /// The elements the orthogonal scrolls since the last `prepare()` named, when the pass rebuilt nothing; clears
    /// them.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func takeOrthogonalWork(_ work: inout PreparationWork) {
        if pendingOrthogonalWork > 0 && work.recomputedElements == 0 { work.recomputedElements = pendingOrthogonalWork }
        pendingOrthogonalWork = 0
    }

    /// The orthogonal sections, top to bottom.
    ///
    /// - Complexity: O(sections) (O(S log S) in ``IncrementalCompositionalLayout``).
    public func orthogonalSections() -> [OrthogonalSectionSpan] {
        guard !orthogonalOffsets.isEmpty else { return [] }
        var spans: [OrthogonalSectionSpan] = []
        for index in 0..<sectionCount {
            let template = resolvedTemplates[templateIndex(ofSection: index)]
            guard template.orthogonal != .none else { continue }
            let section = record(index)
            spans.append(OrthogonalSectionSpan(
                section: index, minY: section.contentStart, maxY: section.contentStart + template.groupHeight,
                rule: template.orthogonalRule(groups: Int(section.groupCount))))
        }
        return spans
    }

    /// Section `section`'s offset, or `nil` when it does not scroll orthogonally.
    ///
    /// - Complexity: O(1) in ``CompositionalLayout``, O(log S) in ``IncrementalCompositionalLayout``.
    public func orthogonalOffset(ofSection section: Int) -> Double? {
        guard section >= 0, section < sectionCount,
              resolvedTemplates[templateIndex(ofSection: section)].orthogonal != .none
        else { return nil }
        let record = record(section)
        return orthogonalOffset(section, record, resolvedTemplates[Int(record.template)])
    }

    /// Scrolls `section` to `offset`, clamped; the context names the section's items whose groups can meet
    /// `bounds`' x range before or after the scroll (each once), from a buffer the layout reuses.
    ///
    /// - Complexity: O(1) in ``CompositionalLayout`` (O(log S) in ``IncrementalCompositionalLayout``) plus the
    ///   items named.
    public func scrollOrthogonalSection(_ section: Int, to offset: Double, in bounds: Rect) -> InvalidationContext? {
        guard section >= 0, section < sectionCount, section < orthogonalOffsets.count else { return nil }
        let record = record(section)
        let template = resolvedTemplates[Int(record.template)]
        guard template.orthogonal != .none else { return nil }
        let rule = template.orthogonalRule(groups: Int(record.groupCount))
        let old = rule.clamped(orthogonalOffsets[section]), new = rule.clamped(offset)
        orthogonalOffsets[section] = new
        guard new != old else { return nil }
        let standard = bounds.standardized
        let low = standard.origin.x, high = low + standard.size.width
        let groups = Int(record.groupCount), perGroup = template.itemsPerGroup
        let before = template.orthogonalGroups(groups, offset: old, low: low, high: high)
        let after = template.orthogonalGroups(groups, offset: new, low: low, high: high)
        namedItems.removeAll(keepingCapacity: true)
        // The union of the two group ranges, in order, each item once (two tuples: an array would allocate).
        let (a, b) = before.first <= after.first ? (before, after) : (after, before)
        var next = 0
        func name(_ range: (first: Int, last: Int)) {
            guard range.first <= range.last else { return }
            var item = Swift.max(range.first * perGroup, next)
            let end = Swift.min(record.itemCount, (range.last + 1) * perGroup)
            while item < end {
                namedItems.append(ElementPath(section: section, item: item))
                item += 1
            }
            next = Swift.max(next, end)
        }
        name(a)
        name(b)
        orthogonalContextPending = true
        pendingOrthogonalWork += namedItems.count
        return InvalidationContext(invalidatedItemPaths: namedItems)
    }
}
