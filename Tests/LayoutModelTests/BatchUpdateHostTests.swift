import LayoutModel
import Testing

/// `performBatchUpdates` in UIKit's order, and the anchoring policies on a list of 44-point rows
/// (``RecordingListLayout``: item `k` of the list at `y = 44 k`), every figure worked out by hand.
@Suite struct BatchUpdateHostTests {
    private func path(_ section: Int, _ item: Int) -> ElementPath { ElementPath(section: section, item: item) }

    /// A host of 20 rows in one section, its viewport 320 x 440 (10 rows) at `offset`, after one pass.
    private func makeHost(rows: Int = 20, offset: Double, anchoring: ScrollAnchoring = .none)
        -> (CollectionViewHost, RecordingListLayout)
    {
        let layout = RecordingListLayout()
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 320, height: 440),
                                      counts: .perSection([rows]))
        host.scrollAnchoring = anchoring
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: offset))
        host.layoutIfNeeded()
        layout.calls = []
        return (host, layout)
    }

    /// invalidate (data-source counts, with the plan) → prepare → prepare(forCollectionViewUpdates:) with the items →
    /// targetContentOffset with the offset the view had → the rect query → finalize.
    @Test func theHostCallsTheLayoutInUIKitsOrder() throws {
        let (host, layout) = makeHost(offset: 88)
        try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 0)]), .deleteItems([path(0, 5)])]),
                                     newCounts: .perSection([20]))
        #expect(layout.calls == ["invalidate(counts: true, plan: true)", "prepare", "prepareForUpdates(2)",
                                 "targetContentOffset((0.0, 88.0))", "query", "finalize"])
        #expect(layout.updateItems == [UpdateItem(action: .delete, before: path(0, 5), after: nil),
                                       UpdateItem(action: .insert, before: nil, after: path(0, 0))])
        #expect(host.state.counts == .perSection([20]))
    }

    /// The layout's target offset moves the view before the rect query (anchoring `none` keeps it).
    @Test func theLayoutsTargetOffsetIsWhereTheViewGoes() throws {
        let (host, layout) = makeHost(offset: 88)
        layout.targetOffsetShift = Point(x: 0, y: 10)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 20)])]),
                                                  newCounts: .perSection([21]))
        #expect(host.contentOffset == Point(x: 0, y: 98))
        #expect(report.offsetChange == Point(x: 0, y: 10))
        // The first visible row, row 2, was at 0 on screen and is at -10 now.
        #expect(report.anchor == path(0, 2))
        #expect(report.visibleJump == 10)
    }

    /// Two rows inserted above the viewport (offset 176: rows 4 to 13 visible). Under `none` UIKit keeps the offset,
    /// so row 4, now row 6 at y 264, is 88 points lower on screen; the content grew by 88.
    @Test func noneKeepsTheOffsetAndTheContentJumps() throws {
        let (host, _) = makeHost(offset: 176, anchoring: .none)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 0), path(0, 1)])]),
                                                  newCounts: .perSection([22]))
        #expect(host.contentOffset == Point(x: 0, y: 176))
        #expect(report.anchor == path(0, 4))
        #expect(report.visibleJump == 88)
        #expect(report.offsetChange == .zero)
        #expect(report.contentSizeChange == Size(width: 0, height: 88))
        #expect(report.frame.invalidated)
        // Rows 4 to 13, and rows 3 and 14 whose edges touch the bounds (the rect query returns them).
        #expect(report.frame.visibleCount == 12)
    }

    /// The same batch under `top`: the offset moves by the 88 points the first visible row moved, which stays at 0
    /// on screen, and the visible set is the same rows (the same cells) at new paths.
    @Test func topMovesTheOffsetWithTheFirstVisibleItem() throws {
        let (host, _) = makeHost(offset: 176, anchoring: .top)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 0), path(0, 1)])]),
                                                  newCounts: .perSection([22]))
        #expect(host.contentOffset == Point(x: 0, y: 264))
        #expect(report.anchor == path(0, 4))
        #expect(report.visibleJump == 0)
        #expect(report.offsetChange == Point(x: 0, y: 88))
        #expect(report.contentSizeChange == Size(width: 0, height: 88))
        #expect(host.visibleAttributes.map(\.path).sorted() == (5..<17).map { path(0, $0) })
    }

    /// A row half scrolled out keeps its on-screen position too: offset 200 shows row 4 at -24 on screen; after
    /// deleting row 0 it is row 3 at y 132, so the offset becomes 156 and the jump is 0.
    @Test func topKeepsAPartlyVisibleRow() throws {
        let (host, _) = makeHost(offset: 200, anchoring: .top)
        let report = try host.performBatchUpdates(BatchUpdate([.deleteItems([path(0, 0)])]),
                                                  newCounts: .perSection([19]))
        #expect(report.anchor == path(0, 4))
        #expect(host.contentOffset == Point(x: 0, y: 156))
        #expect(report.visibleJump == 0)
        #expect(report.offsetChange == Point(x: 0, y: -44))
        #expect(report.contentSizeChange == Size(width: 0, height: -44))
    }

    /// When the first visible row is deleted, the anchor is the next visible row that survives. Row 3, whose bottom
    /// edge only touches the bounds (the query returns it), is not on screen and is not the anchor.
    @Test func theAnchorIsTheFirstVisibleSurvivor() throws {
        let (host, _) = makeHost(offset: 176, anchoring: .none)
        let report = try host.performBatchUpdates(BatchUpdate([.deleteItems([path(0, 4), path(0, 1)])]),
                                                  newCounts: .perSection([18]))
        // Row 5 survives at 3 (y 132): it was at 44 on screen, it is at -44.
        #expect(report.anchor == path(0, 5))
        #expect(report.visibleJump == 88)
    }

    /// `bottom` at the end of the content: 20 rows (880 points), the viewport's end at 880. A row appended stays in
    /// view: the offset follows the end (440 -> 484), and the end does not move on screen.
    @Test func bottomAtTheEndStaysAtTheEnd() throws {
        let (host, _) = makeHost(offset: 440, anchoring: .bottom)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 20)])]),
                                                  newCounts: .perSection([21]))
        #expect(host.contentOffset == Point(x: 0, y: 484))
        #expect(report.visibleJump == 0)
        #expect(report.anchor == nil)
        #expect(report.offsetChange == Point(x: 0, y: 44))
        #expect(host.visibleAttributes.map(\.path).contains(path(0, 20)))
        // Under `none` the new row is below the viewport and the end moved 44 points away.
        let (plain, _) = makeHost(offset: 440, anchoring: .none)
        let jumped = try plain.performBatchUpdates(BatchUpdate([.insertItems([path(0, 20)])]),
                                                   newCounts: .perSection([21]))
        #expect(plain.contentOffset == Point(x: 0, y: 440))
        #expect(jumped.visibleJump == 0)  // the first visible row did not move
    }

    /// `bottom` away from the end acts as `top`: older rows loaded above keep what the user reads in place.
    @Test func bottomAwayFromTheEndActsAsTop() throws {
        let (host, _) = makeHost(offset: 176, anchoring: .bottom)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 0), path(0, 1), path(0, 2)])]),
                                                  newCounts: .perSection([23]))
        #expect(host.contentOffset == Point(x: 0, y: 308))
        #expect(report.anchor == path(0, 4))
        #expect(report.visibleJump == 0)
    }

    /// A batch that moves nothing on screen (inserts below the viewport) reports no jump and no offset change under
    /// every policy.
    @Test(arguments: ScrollAnchoring.allCases)
    func changesBelowTheViewportJumpNothing(anchoring: ScrollAnchoring) throws {
        let (host, _) = makeHost(offset: 0, anchoring: anchoring)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 15)])]),
                                                  newCounts: .perSection([21]))
        #expect(report.visibleJump == 0)
        #expect(report.offsetChange == .zero)
        #expect(report.contentSizeChange == Size(width: 0, height: 44))
    }

    /// Cells move with their items: two rows inserted above the viewport (offset 176, rows 4 to 14 in the rect,
    /// row 14 touching its bottom edge). Under `top` the same items stay in view, so nothing appears or disappears;
    /// under `none` old rows 2 and 3 come into view and old rows 13 and 14 leave it. A deleted visible row
    /// disappears.
    @Test func theVisibleSetIsCarriedThroughTheBatch() throws {
        let (top, _) = makeHost(offset: 176, anchoring: .top)
        let kept = try top.performBatchUpdates(BatchUpdate([.insertItems([path(0, 0), path(0, 1)])]),
                                               newCounts: .perSection([22]))
        #expect(kept.frame.appeared == 0 && kept.frame.disappeared == 0)
        let (none, _) = makeHost(offset: 176, anchoring: .none)
        let moved = try none.performBatchUpdates(BatchUpdate([.insertItems([path(0, 0), path(0, 1)])]),
                                                 newCounts: .perSection([22]))
        #expect(moved.frame.appeared == 2 && moved.frame.disappeared == 2)
        let (deleting, _) = makeHost(offset: 176, anchoring: .none)
        let deleted = try deleting.performBatchUpdates(BatchUpdate([.deleteItems([path(0, 6)])]),
                                                       newCounts: .perSection([19]))
        // Row 6 goes; rows 7 to 14 move up a row and row 15 (old) comes in at the bottom edge.
        #expect(deleted.frame.disappeared == 1 && deleted.frame.appeared == 1)
    }

    /// A batch that renumbers and drops no visible element (a row inserted below the viewport) leaves the visible
    /// set's diff as the last pass left it (issue 39k: the host no longer builds it again then). At offset 0 rows 0 to
    /// 10 are in the rect (row 10 touching its bottom edge); the update's pass reports nothing appearing or
    /// disappearing and row 0 as the anchor; a scroll to 50 then shows rows 1 to 11 (row 0 ends at 44 < 50, row 11
    /// starts at 484 < 490): one row appears and one disappears.
    @Test func aBatchThatRenumbersNothingVisibleKeepsTheDiff() throws {
        let (host, _) = makeHost(offset: 0, anchoring: .none)
        let report = try host.performBatchUpdates(BatchUpdate([.insertItems([path(0, 15)])]),
                                                  newCounts: .perSection([21]))
        #expect(report.frame.appeared == 0 && report.frame.disappeared == 0)
        #expect(report.frame.visibleCount == 11)
        #expect(report.anchor == path(0, 0))
        host.setContentOffset(Point(x: 0, y: 50))
        let scrolled = host.layoutIfNeeded()
        #expect(scrolled.appeared == 1 && scrolled.disappeared == 1)
        #expect(host.visibleAttributes.map(\.path) == (1...11).map { path(0, $0) })
    }
}
