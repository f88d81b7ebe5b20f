import SeededRandom
import Testing

@testable import Layouts

/// `OffsetTree.rebuild(count:from:_:)`, the section step's partial rebuild (issue 39): over seeded section inserts
/// and deletes, a tree rebuilt only from the first shifted leaf is the tree a full rebuild of the same leaves gives,
/// bit for bit, in every prefix sum, leaf, total, widest extent and search.
@Suite("Offset tree")
struct OffsetTreeTests {
    /// Every answer of `partial` equals `full`'s, exactly.
    static func expectSame(_ partial: OffsetTree, _ full: OffsetTree, _ context: String) {
        #expect(partial.count == full.count, "\(context)")
        #expect(partial.total.bitPattern == full.total.bitPattern, "\(context)")
        #expect(partial.widest.bitPattern == full.widest.bitPattern, "\(context)")
        for index in 0...full.count {
            if partial.prefix(index).bitPattern != full.prefix(index).bitPattern {
                Issue.record("\(context): prefix(\(index)) \(partial.prefix(index)) != \(full.prefix(index))")
                return
            }
            if index < full.count && partial.extent(index).bitPattern != full.extent(index).bitPattern {
                Issue.record("\(context): extent(\(index))")
                return
            }
            let position = full.prefix(index) + 0.5
            #expect(partial.firstEnding(atOrAfter: position) == full.firstEnding(atOrAfter: position), "\(context)")
        }
    }

    @Test("a partial rebuild from the first shifted leaf equals a full rebuild over seeded section steps")
    func partialRebuildEqualsFullRebuild() {
        for seed in 0..<8 {
            var random = SeededGenerator(seed: UInt64(seed) &+ 0x0FF5)
            // Extents that do not add exactly in any order (thirds, sevenths), so that a sum taken in another order
            // than the canonical tree's would show.
            var leaves: [(extent: Double, widest: Double)] = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                (Double(Int.random(in: 1...900, using: &random)) / 3 + 1 / 7, Double(Int.random(in: 0...50, using: &random)))
            }
            var partial = OffsetTree(), full = OffsetTree()
            partial.rebuild(count: leaves.count) { leaves[$0] }
            for step in 0..<60 {
                // A batch of up to three section steps, then one rebuild from the first index it shifted.
                var first = Int.max
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    if leaves.count > 1 && Bool.random(using: &random) {
                        let index = Int.random(in: 0..<leaves.count, using: &random)
                        leaves.remove(at: index)
                        first = min(first, index)
                    } else {
                        let index = Int.random(in: 0...leaves.count, using: &random)
                        leaves.insert((Double(Int.random(in: 0...900, using: &random)) / 3,
                                       Double(Int.random(in: 0...50, using: &random))), at: index)
                        first = min(first, index)
                    }
                }
                partial.rebuild(count: leaves.count, from: first) { leaves[$0] }
                full.rebuild(count: leaves.count) { leaves[$0] }
                Self.expectSame(partial, full, "seed \(seed), batch \(step), \(leaves.count) leaves from \(first)")
            }
        }
    }

    @Test("a partial rebuild past a shrink zeroes the leaves it no longer uses")
    func partialRebuildZeroesDroppedLeaves() {
        let leaves: [(extent: Double, widest: Double)] = [(10, 1), (20, 2), (30, 3), (40, 9), (50, 5)]
        var tree = OffsetTree()
        tree.rebuild(count: 5) { leaves[$0] }
        #expect(tree.total == 150 && tree.widest == 9)
        // Delete leaves 3 and 4: capacity 8 stays, the tree keeps leaves 0..<3.
        tree.rebuild(count: 3, from: 3) { leaves[$0] }
        #expect(tree.count == 3)
        #expect(tree.total == 60)
        #expect(tree.widest == 3)
        #expect(tree.prefix(3) == 60 && tree.prefix(2) == 30)
        #expect(tree.firstEnding(atOrAfter: 61) == 3)
    }

    /// The section steps' leaf moves (issue 39): over seeded batches of leaf inserts, removes and updates (through
    /// capacity growth from one leaf), each followed by one `refresh()`, the tree equals a full rebuild over a plain
    /// array of the same leaves, bit for bit.
    @Test("leaf inserts, removes and updates, refreshed once a batch, equal a full rebuild", arguments: [UInt64(1), 2, 3])
    func leafStepsEqualFullRebuild(seed: UInt64) {
        var random = SeededGenerator(seed: seed &+ 0x1EAF)
        func value() -> (extent: Double, widest: Double) {
            (Double(Int.random(in: 0...900, using: &random)) / 3 + 1 / 7, Double(Int.random(in: 0...50, using: &random)))
        }
        var leaves = [value()]
        var tree = OffsetTree()
        tree.rebuild(count: leaves.count) { leaves[$0] }
        for batch in 0..<150 {
            // Grow in the first batches (through several capacities), then churn.
            let steps = Int.random(in: 1...6, using: &random)
            for _ in 0..<steps {
                switch Int.random(in: 0..<(batch < 30 ? 2 : 3), using: &random) {
                case 0:
                    let index = Int.random(in: 0...leaves.count, using: &random), leaf = value()
                    leaves.insert(leaf, at: index)
                    tree.insertLeaf(at: index, extent: leaf.extent, widest: leaf.widest)
                case 1 where !leaves.isEmpty:
                    let index = Int.random(in: 0..<leaves.count, using: &random), leaf = value()
                    leaves[index] = leaf
                    tree.update(index, extent: leaf.extent, widest: leaf.widest)
                default:
                    guard leaves.count > 1 else { continue }
                    let index = Int.random(in: 0..<leaves.count, using: &random)
                    leaves.remove(at: index)
                    tree.removeLeaf(at: index)
                }
            }
            #expect(tree.needsRefresh || tree.count == leaves.count)
            tree.refresh()
            #expect(!tree.needsRefresh)
            var full = OffsetTree()
            full.rebuild(count: leaves.count) { leaves[$0] }
            Self.expectSame(tree, full, "seed \(seed), batch \(batch), \(leaves.count) leaves")
        }
    }

    @Test("an update before the first moved leaf recomputes its ancestors at once")
    func updateBeforeAMovedLeaf() {
        let leaves: [(extent: Double, widest: Double)] = [(10, 1), (20, 2), (30, 3), (40, 4)]
        var tree = OffsetTree()
        tree.rebuild(count: 4) { leaves[$0] }
        tree.removeLeaf(at: 2)  // leaves 10, 20, 40
        tree.update(0, extent: 15, widest: 1)  // before the moved leaf: its path now
        tree.update(2, extent: 45, widest: 9)  // a moved leaf: with the refresh
        tree.refresh()
        #expect(tree.count == 3)
        #expect(tree.total == 80)
        #expect(tree.widest == 9)
        #expect(tree.prefix(1) == 15 && tree.prefix(2) == 35)
    }

    /// A batch's leaf moves (issue 39i): the flow moves the tree's leaves once a batch, as `SectionShifts` moves its
    /// records (only the runs whose position changed), then sets the laid-out sections' leaves and refreshes once. Over
    /// seeded batches of section removes and inserts (through capacity growth and shrinking) and leaf updates before,
    /// inside and after the moved range, the tree equals a full rebuild over a plain array of the same leaves, bit for
    /// bit; a tree without maxima gives the same sums, and 0 for the widest. With `distinct` values (0: any), most
    /// leaves hold the same few, as the sections of a uniform content do (issue 39k): updates that set a leaf to the
    /// value it has (which recompute no path) and sums two nodes at a time over ranges of every parity.
    @Test("a batch's leaf moves through the section shifts, refreshed once, equal a full rebuild",
          arguments: [(UInt64(1), 0), (2, 0), (3, 0), (4, 2), (5, 3)])
    func batchLeafMovesEqualFullRebuild(seed: UInt64, distinct: Int) {
        var random = SeededGenerator(seed: seed &+ 0xB47C)
        func value() -> (extent: Double, widest: Double) {
            if distinct > 0 {
                let pick = Int.random(in: 0..<distinct, using: &random)
                return (Double(pick * 37) / 3 + 1 / 7, Double(pick * 5))
            }
            return (Double(Int.random(in: 0...900, using: &random)) / 3 + 1 / 7,
                    Double(Int.random(in: 0...50, using: &random)))
        }
        var leaves = (0..<Int.random(in: 1...5, using: &random)).map { _ in value() }
        var tree = OffsetTree(), sumsOnly = OffsetTree(tracksWidest: false)
        tree.rebuild(count: leaves.count) { leaves[$0] }
        sumsOnly.rebuild(count: leaves.count) { leaves[$0] }
        var shifts = SectionShifts()
        for batch in 0..<200 {
            // The model: the old leaves by position, and the batch's inserted leaves by insertion number.
            shifts.start(count: leaves.count)
            var model = leaves.map { Optional($0) }, inserted: [(extent: Double, widest: Double)] = []
            let growing = batch < 60
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if model.count > 1 && Int.random(in: 0..<(growing ? 4 : 2), using: &random) == 0 {
                    let position = Int.random(in: 0..<model.count, using: &random)
                    model.remove(at: position)
                    _ = shifts.remove(at: position)
                } else {
                    let position = Int.random(in: 0...model.count, using: &random)
                    model.insert(nil, at: position)  // its leaf is set after the moves, as a laid-out section's
                    inserted.append(value())
                    shifts.insert(at: position)
                }
            }
            func moveLeaves(of moving: inout OffsetTree) {
                moving.reserveLeaves(Swift.max(shifts.count, shifts.oldCount))
                shifts.forEachMove(move: { moving.moveLeaves(from: $0, to: $1, count: $2) },
                                   place: { _, to in moving.clearLeaf(to) })
                moving.setCount(shifts.count)
            }
            moveLeaves(of: &tree)
            moveLeaves(of: &sumsOnly)
            // The inserted leaves are set (as laid-out sections), in position order, and a few others updated.
            var next = 0, changed: [Int] = []
            for position in model.indices {
                if model[position] == nil {
                    model[position] = inserted[next]
                    next += 1
                    changed.append(position)
                } else if Int.random(in: 0..<8, using: &random) == 0 {
                    model[position] = value()
                    changed.append(position)
                }
            }
            leaves = model.map { $0! }
            for position in changed {
                tree.update(position, extent: leaves[position].extent, widest: leaves[position].widest)
                sumsOnly.update(position, extent: leaves[position].extent, widest: leaves[position].widest)
            }
            tree.refresh()
            sumsOnly.refresh()
            var full = OffsetTree()
            full.rebuild(count: leaves.count) { leaves[$0] }
            Self.expectSame(tree, full, "seed \(seed), batch \(batch), \(leaves.count) leaves")
            #expect(sumsOnly.widest == 0)
            #expect(sumsOnly.total.bitPattern == full.total.bitPattern, "seed \(seed), batch \(batch)")
            for index in 0...leaves.count where sumsOnly.prefix(index).bitPattern != full.prefix(index).bitPattern {
                Issue.record("seed \(seed), batch \(batch): sums-only prefix(\(index))")
                break
            }
        }
        #expect(leaves.count > 16)  // the capacity grew several times
    }

    @Test("a balanced batch's moves leave the leaves after its last step, and an update there recomputes its path now")
    func balancedMovesStopAtTheLastStep() {
        let leaves: [(extent: Double, widest: Double)] = (0..<8).map { (Double(10 * ($0 + 1)), Double($0)) }
        var tree = OffsetTree()
        tree.rebuild(count: 8) { leaves[$0] }
        var shifts = SectionShifts()
        shifts.start(count: 8)
        _ = shifts.remove(at: 1)  // 10 30 40 50 60 70 80
        shifts.insert(at: 3)  // 10 30 40 new 50 60 70 80: leaves 1...3 change, 4...7 stay
        shifts.forEachMove(move: { tree.moveLeaves(from: $0, to: $1, count: $2) }, place: { _, to in tree.clearLeaf(to) })
        tree.setCount(8)
        #expect(tree.needsRefresh)
        tree.update(3, extent: 25, widest: 0)  // the inserted leaf
        tree.update(6, extent: 75, widest: 20)  // after the moved range: its ancestors now
        tree.refresh()
        // 10 + 30 + 40 + 25 + 50 + 60 + 75 + 80 = 370.
        #expect(tree.total == 370)
        #expect(tree.widest == 20)
        #expect(tree.prefix(3) == 80 && tree.prefix(4) == 105 && tree.prefix(7) == 290)
    }
}
