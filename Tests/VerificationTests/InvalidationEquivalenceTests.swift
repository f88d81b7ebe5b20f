import RectIndex
import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Testing

@testable import Scenarios
@testable import Harness
import Verification
import TestFixtures

/// Context-based invalidation gives exactly what full invalidation gives, after any sequence of frames: scrolls,
/// flings, jumps, resizes and data-source changes, over every strategy and storage.
@Suite("Full vs context invalidation")
struct InvalidationEquivalenceTests {
    struct Case: CustomStringConvertible, Sendable {
        var rows: Int, columns: Int, stickyRows: Int, stickyColumns: Int
        var sizes: SizeDistribution
        var description: String { "\(rows)x\(columns) sticky \(stickyRows)x\(stickyColumns) \(sizes.rawValue)" }
        var spec: TestGrid {
            TestGrid(rows: rows, columns: columns, stickyRows: stickyRows, stickyColumns: stickyColumns, sizes: sizes,
                     seed: stableSeed(description))
        }
    }

    static let cases: [Case] = [
        Case(rows: 1, columns: 1, stickyRows: 1, stickyColumns: 1, sizes: .uniform),
        Case(rows: 3, columns: 40, stickyRows: 1, stickyColumns: 0, sizes: .perCell),
        Case(rows: 40, columns: 3, stickyRows: 0, stickyColumns: 1, sizes: .separable),
        Case(rows: 30, columns: 30, stickyRows: 0, stickyColumns: 0, sizes: .uniform),
        Case(rows: 60, columns: 50, stickyRows: 1, stickyColumns: 1, sizes: .perCell),
        Case(rows: 80, columns: 70, stickyRows: 2, stickyColumns: 3, sizes: .separable),
        // The largest case was 120 x 90; at 80 x 60 a mixed trace still pans past several screens both ways, and CI
        // runs `verify invalidation --trace mixed` at 400 x 300 over every strategy in release.
        Case(rows: 80, columns: 60, stickyRows: 1, stickyColumns: 2, sizes: .uniform),
    ]

    @Test("mixed traces: every frame, every strategy and storage", arguments: cases)
    func mixedTraces(c: Case) throws {
        for storage in AttributeStorageKind.allCases where c.sizes != .perCell || storage != .prefixSums {
            for strategy in RectQueryStrategy.allCases where c.sizes != .perCell || strategy != .prefixSums {
                let run = InvalidationVerification(
                    workload: c.spec.workload(storage: storage), seed: c.spec.seed,
                    viewport: Size(width: 390, height: 844), traceKind: .mixed, frames: 120,
                    variant: strategy.queryVariant, fullModeCellBudget: .max, sampledItems: 24)
                let report = try run.run()
                #expect(report.checkedFrames == report.frames)
                #expect(report.passed, """
                    \(storage) \(strategy): \(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")
                    """)
            }
        }
    }

    // The sticky grid has no layout to switch to and no orthogonal sections; the layout-switch and orthogonal traces
    // are checked on the compositional family (CompositionalFamilyTests, OrthogonalTraceTests). Traces with batch
    // updates are `verify updates`' (UpdateVerificationTests).
    @Test("every kind of trace agrees", arguments: ScrollTraceKind.allCases.filter {
        $0 != .layoutSwitch && $0 != .orthogonal && !$0.hasUpdates
    })
    func everyTraceKind(kind: ScrollTraceKind) throws {
        // 60 x 40 cells and 150 frames (it was 90 x 60 and 200): every kind still crosses the viewport several
        // times, and CI's release `verify invalidation` runs cover the large grids.
        let spec = Case(rows: 60, columns: 40, stickyRows: 1, stickyColumns: 1, sizes: .perCell).spec
        let report = try InvalidationVerification(
            workload: spec.workload(), seed: spec.seed, viewport: Size(width: 390, height: 844), traceKind: kind, frames: 150,
            fullModeCellBudget: .max).run()
        #expect(report.frames > 0)
        #expect(report.passed, "\(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")")
    }

    @Test("sampled full frames still agree, and stay within the budget")
    func sampledFullFrames() throws {
        let spec = Case(rows: 100, columns: 100, stickyRows: 1, stickyColumns: 1, sizes: .uniform).spec
        let run = InvalidationVerification(
            workload: spec.workload(), seed: spec.seed, viewport: Size(width: 390, height: 844), traceKind: .mixed, frames: 300,
            fullModeCellBudget: 10_000 * 20)
        let indices = run.checkedFrameIndices(frames: 300)
        #expect(indices.count == 20 && indices.first == 0 && indices.last == 299)
        let report = try run.run()
        #expect(report.checkedFrames == 20)
        #expect(report.full.frameNanoseconds.count == 20 && report.context.frameNanoseconds.count == 300)
        #expect(report.passed, "\(report.firstMismatch ?? "")")
    }
}

/// The hosts' counters, exactly: what each kind of frame recomputes in each mode.
@Suite("Invalidation accounting")
struct InvalidationAccountingTests {
    static let viewport = Size(width: 390, height: 844)

    static func host(_ spec: TestGrid, _ mode: InvalidationMode) -> (StickyGridLayout, CollectionViewHost) {
        let layout = StickyGridLayout(sizes: spec.makeSizes(), stickyRows: spec.stickyRows,
                                      stickyColumns: spec.stickyColumns)
        let host = CollectionViewHost(layout: mode.apply(to: layout), viewportSize: viewport,
                                      counts: .uniform(sections: spec.rows, itemsPerSection: spec.columns))
        return (layout, host)
    }

    @Test("the first pass builds everything, in either mode", arguments: InvalidationMode.allCases)
    func firstPass(mode: InvalidationMode) {
        let spec = TestGrid(rows: 50, columns: 40, stickyRows: 1, stickyColumns: 1)
        let (_, host) = Self.host(spec, mode)
        let frame = host.layoutIfNeeded()
        #expect(frame.invalidated && frame.sizeQueries == 2000 && frame.recomputedElements == 2000)
        #expect(frame.visibleCount == 4 * 20 && frame.appeared == 80 && frame.disappeared == 0)
    }

    @Test("a pure scroll recomputes exactly the pinned cells in view in context mode, everything in full mode")
    func pureScroll() {
        let spec = TestGrid(rows: 200, columns: 100, stickyRows: 1, stickyColumns: 2)
        let (_, context) = Self.host(spec, .context)
        let (_, full) = Self.host(spec, .full)
        context.layoutIfNeeded()
        full.layoutIfNeeded()
        var offset = Point(x: 0, y: 0)
        for step in 0..<50 {
            offset.x += 13.5
            offset.y += 37.25
            context.setContentOffset(offset)
            full.setContentOffset(offset)
            let c = context.layoutIfNeeded(), f = full.layoutIfNeeded()
            let pinned = context.visibleAttributes.count { $0.zIndex != StickyGridLayout.ZIndex.plain }
            // A 390 x 844 viewport over 120 x 44 cells: 1 sticky row of 4 or 5 columns, 2 sticky columns of 20 or
            // 21 rows, and the corner cells.
            #expect(pinned >= 40 && pinned <= 60, "step \(step)")
            #expect(c.invalidated && c.recomputedElements == pinned && c.sizeQueries == 0, "step \(step)")
            #expect(f.invalidated && f.recomputedElements == 20_000 && f.sizeQueries == 20_000, "step \(step)")
            #expect(c.visibleCount == f.visibleCount && c.appeared == f.appeared && c.disappeared == f.disappeared)
        }
    }

    @Test("without pinned cells, a scroll invalidates nothing in context mode")
    func scrollWithoutPinnedCells() {
        let (_, host) = Self.host(TestGrid(rows: 100, columns: 100), .context)
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 121, y: 45))
        let frame = host.layoutIfNeeded()
        // Just over one cell right and down (at exactly 120 x 44 the old first column and row would still touch the
        // bounds): columns 1...4 and rows 1...20 are visible; a column and a row leave, a column and a row arrive.
        #expect(!frame.invalidated && frame.recomputedElements == 0 && frame.sizeQueries == 0)
        #expect(frame.visibleCount == 80)
        #expect(frame.appeared == 4 + 20 - 1 && frame.disappeared == 4 + 20 - 1)
    }

    @Test("a resize re-queries every size; a count change rebuilds with the new counts")
    func resizeAndCounts() {
        let spec = TestGrid(rows: 30, columns: 20, stickyRows: 1, stickyColumns: 1)
        let (layout, host) = Self.host(spec, .context)
        host.layoutIfNeeded()
        host.setViewportSize(Size(width: 844, height: 390))
        let resized = host.layoutIfNeeded()
        #expect(resized.sizeQueries == 600 && resized.recomputedElements == 600)
        #expect(host.visibleAttributes.count == 8 * 9)

        host.setCounts(.uniform(sections: 45, itemsPerSection: 12))
        let recounted = host.layoutIfNeeded()
        #expect(recounted.sizeQueries == 45 * 12)
        #expect(layout.rowCount == 45 && layout.columnCount == 12)
        #expect(layout.contentSize == Size(width: 12 * 120, height: 45 * 44))
        host.setCounts(.uniform(sections: 2, itemsPerSection: 1))
        host.layoutIfNeeded()
        #expect(layout.contentSize == Size(width: 120, height: 88))
        #expect(host.visibleAttributes.count <= 2)
    }

    @Test("scrolling to an item puts it at the top left of the bounds")
    func scrollToItem() {
        let (layout, host) = Self.host(TestGrid(rows: 100, columns: 100, stickyRows: 1, stickyColumns: 1), .context)
        host.layoutIfNeeded()
        host.scrollToItem(at: ElementPath(section: 50, item: 30))
        host.layoutIfNeeded()
        #expect(host.contentOffset == Point(x: 30 * 120, y: 50 * 44))
        #expect(host.visibleAttributes.contains { $0.path == ElementPath(section: 50, item: 30) })
        host.scrollToItem(at: ElementPath(section: 500, item: 0))
        #expect(host.contentOffset == Point(x: 30 * 120, y: 50 * 44))
        _ = layout
    }
}
