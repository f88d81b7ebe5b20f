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
}
