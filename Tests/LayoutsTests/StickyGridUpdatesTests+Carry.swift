import LayoutModel
@testable import Layouts
import SeededRandom
import Testing

extension StickyGridUpdatesTests {
    /// The host's carry of the visible set as issue 39p left it, written plainly as the reference: every visible
    /// element followed one at a time with `newPath(forOld:)` of `plan` (a supplementary element with its section's
    /// new index), the dropped ones counted, and the anchor the first on-screen surviving cell by (origin along the
    /// scroll axis, origin across it, old path).
    static func referenceCarry(_ visible: [LayoutAttributes], plan: BatchUpdatePlan, bounds: Rect, vertical: Bool)
        -> (carried: [LayoutAttributes], dropped: Int, renumbered: Int, anchor: ElementPath?, firstDropped: Bool)
    {
        var carried: [LayoutAttributes] = [], dropped = 0, renumbered = 0
        var best: (along: Double, across: Double, path: ElementPath)?
        // The first on-screen cell, kept or not: when the batch drops it, the anchor is another cell.
        var first: (along: Double, across: Double, path: ElementPath, kept: Bool)?
        for var element in visible {
            let newPath = element.kind == .cell ? plan.newPath(forOld: element.path)
                : plan.newPath(forOld: .section(element.path.section)).map {
                    ElementPath(section: $0.section, item: element.path.item)
                }
            if element.kind == .cell {
                let f = element.frame
                let along = vertical ? f.origin.y : f.origin.x, across = vertical ? f.origin.x : f.origin.y
                let onScreen = vertical ? f.maxY > bounds.minY && f.minY < bounds.maxY
                    : f.maxX > bounds.minX && f.minX < bounds.maxX
                if onScreen && f.intersects(bounds), first.map({ (along, across, element.path)
                    < ($0.along, $0.across, $0.path) }) ?? true {
                    first = (along, across, element.path, newPath != nil)
                }
            }
            guard let newPath else {
                dropped += 1
                continue
            }
            if element.kind == .cell {
                let f = element.frame
                let onScreen = vertical ? f.maxY > bounds.minY && f.minY < bounds.maxY
                    : f.maxX > bounds.minX && f.minX < bounds.maxX
                let along = vertical ? f.origin.y : f.origin.x, across = vertical ? f.origin.x : f.origin.y
                if onScreen && f.intersects(bounds) {
                    if let current = best {
                        if (along, across) < (current.along, current.across)
                            || ((along, across) == (current.along, current.across) && element.path < current.path) {
                            best = (along, across, element.path)
                        }
                    } else {
                        best = (along, across, element.path)
                    }
                }
            }
            if newPath != element.path { renumbered += 1 }
            element.path = newPath
            carried.append(element)
        }
        return (carried, dropped, renumbered, best?.path, first.map { !$0.kept } ?? false)
    }

    /// Issue 39q: the carry's walk (the grid form's cursors, the anchor's order tested along the axis first, written
    /// once per axis), the grid form's scan of a column's move calls, and the moves of the kept rows checked in
    /// blocks. Seeded row and column batches at the first row or column, the last or anywhere (the moves named row by
    /// row, as an app names them), with the bounds at the start, at the end or anywhere, scrolling vertically or (a
    /// viewport taller than the grid) horizontally. After every batch: the anchor and the cells that appeared and
    /// disappeared are the reference carry's, through a plan that never takes the grid form, and the next pass shows
    /// exactly a fresh build's elements and frames at the same offset.
    @Test("the visible set carried through seeded row and column batches at both ends is the reference carry's",
          arguments: [AxisSizes.whole, .uniform, .thirds], [Size(width: 390, height: 844), Size(width: 390, height: 9000)])
    func carriedVisibleSetsMatchTheReference(sizes: AxisSizes, viewport: Size) throws {
        var random = SeededGenerator(seed: 0x39A &+ UInt64(AxisSizes.allCases.firstIndex(of: sizes) ?? 0)
            &+ (viewport.height > 1000 ? 100 : 0))
        let rows = 24, columns = 18
        let model = AxisModel(heights: (0..<rows).map { _ in sizes.draw(using: &random) },
                              widths: (0..<columns).map { _ in sizes.draw(using: &random) })
        func makeLayout(_ sizes: AxisModel) -> StickyGridLayout {
            StickyGridLayout(sizes: sizes, stickyRows: 1, stickyColumns: 1, storage: .prefixSums,
                             strategy: .prefixSums, updates: .incremental)
        }
        let layout = makeLayout(model)
        let host = CollectionViewHost(layout: layout, viewportSize: viewport,
                                      counts: .uniform(sections: rows, itemsPerSection: columns))
        host.batchValidation = .complete
        host.scrollAnchoring = .top
        host.layoutIfNeeded()
        let general = BatchUpdatePlan()
        general.allowsGridForm = false
        var gridForm = 0, anchored = 0, renumbered = 0, horizontal = 0, firstDropped = 0
        for index in 0..<80 {
            // The bounds at the start, at the end or anywhere, on whole points.
            let size = layout.contentSize
            let maxX = Swift.max(0, size.width - viewport.width), maxY = Swift.max(0, size.height - viewport.height)
            let offset = switch Int.random(in: 0..<3, using: &random) {
            case 0: Point.zero
            case 1: Point(x: maxX, y: maxY)
            default: Point(x: Double(Int.random(in: 0...Int(maxX), using: &random)),
                           y: Double(Int.random(in: 0...Int(maxY), using: &random)))
            }
            host.setContentOffset(offset)
            host.layoutIfNeeded()
            let visible = host.visibleAttributes, bounds = host.bounds
            let vertical = !(size.width > bounds.width && size.height <= bounds.height)
            let before = ItemCounts.uniform(sections: model.heights.count, itemsPerSection: model.widths.count)
            let (batch, _) = Self.drawEdge(model, sizes: sizes, using: &random)
            let after = ItemCounts.uniform(sections: model.heights.count, itemsPerSection: model.widths.count)
            let report = try host.performBatchUpdates(batch, newCounts: after)
            try general.plan(batch, before: before, after: after, validation: .complete)
            let reference = Self.referenceCarry(visible, plan: general, bounds: bounds, vertical: vertical)
            if host.batchPlan.repeatedItemSteps != nil { gridForm += 1 }
            if reference.anchor != nil { anchored += 1 }
            if reference.renumbered > 0 { renumbered += 1 }
            if reference.firstDropped { firstDropped += 1 }
            if !vertical { horizontal += 1 }
            #expect(report.anchor == reference.anchor, "batch \(index) \(batch) at \(offset)")

            // The pass after the batch shows a fresh build's elements at the same offset, frames included.
            let fresh = makeLayout(model.snapshot)
            let freshHost = CollectionViewHost(layout: fresh, viewportSize: viewport, counts: after)
            freshHost.setContentOffset(host.contentOffset)
            freshHost.layoutIfNeeded()
            #expect(host.visibleAttributes.sorted() == freshHost.visibleAttributes.sorted(), "batch \(index) \(batch)")

            // What appeared and disappeared: against the reference's carried set.
            struct Key: Hashable {
                var kind: ElementKind
                var path: ElementPath
            }
            let carried = Set(reference.carried.map { Key(kind: $0.kind, path: $0.path) })
            let shown = Set(host.visibleAttributes.map { Key(kind: $0.kind, path: $0.path) })
            #expect(report.frame.appeared == shown.subtracting(carried).count, "batch \(index) \(batch)")
            #expect(report.frame.disappeared == reference.dropped + carried.subtracting(shown).count,
                    "batch \(index) \(batch)")
        }
        // Every kind of carry is exercised: column batches in the grid form, anchors, visible elements renumbered, and
        // batches that drop the first visible cell (the anchor is then a cell after it, which the host's search
        // accepts only once the plan keeps it).
        #expect(gridForm > 10 && anchored > 40 && renumbered > 10)
        #expect(firstDropped > 0, "\(firstDropped) batches dropped the first visible cell")
        #expect(viewport.height < 1000 ? horizontal == 0 : horizontal > 40)
    }
}
