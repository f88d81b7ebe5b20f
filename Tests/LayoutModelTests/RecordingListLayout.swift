import LayoutModel

/// A one-column list of 44-point rows, 320 points wide, sections back to back with nothing between them: small
/// enough that every frame in a test is computed by hand (item `k` of the whole list is at `y = 44 k`). It records
/// every call the host makes, in order, so a test can read UIKit's sequence back.
final class RecordingListLayout: CollectionLayout {
    static let rowHeight = 44.0
    static let width = 320.0

    /// The calls, in order: `invalidate(counts, plan)`, `prepare`, `prepareForUpdates(<items>)`,
    /// `targetContentOffset(<proposed>)`, `query`, `finalize`.
    var calls: [String] = []
    /// The update items `prepare(forCollectionViewUpdates:)` received, copied (the plan is only valid then).
    var updateItems: [UpdateItem] = []
    /// What `targetContentOffset(forProposedContentOffset:in:)` answers: the proposed offset moved by this.
    var targetOffsetShift = Point.zero

    private var firstRow: [Int] = []
    private var counts: [Int] = []
    private(set) var contentSize = Size.zero

    func prepare(in state: CollectionViewState) -> PreparationWork {
        calls.append("prepare")
        counts = (0..<state.numberOfSections).map { state.numberOfItems(inSection: $0) }
        firstRow = []
        var rows = 0
        for count in counts {
            firstRow.append(rows)
            rows += count
        }
        contentSize = Size(width: Self.width, height: Double(rows) * Self.rowHeight)
        return PreparationWork(recomputedElements: rows, sizeQueries: 0)
    }

    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        calls.append("query")
        buffer.removeAll()
        for section in counts.indices {
            for item in 0..<counts[section] {
                let attributes = frame(section, item)
                if attributes.frame.intersects(rect) { buffer.append(attributes) }
            }
        }
    }

    func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < counts.count, path.item >= 0, path.item < counts[path.section] else {
            return nil
        }
        return frame(path.section, path.item)
    }

    private func frame(_ section: Int, _ item: Int) -> LayoutAttributes {
        let y = Double(firstRow[section] + item) * Self.rowHeight
        return LayoutAttributes(frame: Rect(x: 0, y: y, width: Self.width, height: Self.rowHeight),
                                path: ElementPath(section: section, item: item))
    }

    func invalidate(with context: InvalidationContext) {
        calls.append("invalidate(counts: \(context.invalidateDataSourceCounts), plan: false)")
    }

    func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
        calls.append("invalidate(counts: \(context.invalidateDataSourceCounts), plan: true)")
    }

    func prepare(forCollectionViewUpdates plan: BatchUpdatePlan) {
        updateItems = plan.items
        calls.append("prepareForUpdates(\(plan.items.count))")
    }

    func finalizeCollectionViewUpdates() { calls.append("finalize") }

    func targetContentOffset(forProposedContentOffset proposed: Point, in state: CollectionViewState) -> Point {
        calls.append("targetContentOffset(\(proposed))")
        return Point(x: proposed.x + targetOffsetShift.x, y: proposed.y + targetOffsetShift.y)
    }
}
