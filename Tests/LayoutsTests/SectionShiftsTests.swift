import SeededRandom
import Testing

@testable import Layouts

/// ``SectionShifts``, the incremental flow's deferred section steps (issue 39): over seeded batches of removes and
/// inserts, the locations it answers and the list its moves make in place equal a plain array given the same steps.
@Suite("Section shifts")
struct SectionShiftsTests {
    @Test("locations and the moves in place equal a plain array's steps", arguments: [UInt64(1), 2, 3])
    func matchesAnArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed &+ 0x5817)
        var shifts = SectionShifts()
        var moved = 0
        for batch in 0..<400 {
            // The records before the batch are their old positions; an inserted record k is 1000 + k.
            let before = Int.random(in: 0...12, using: &random)
            var model = Array(0..<before)
            shifts.start(count: before)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                if !model.isEmpty && Bool.random(using: &random) {
                    let position = Int.random(in: 0..<model.count, using: &random)
                    let expected = model.remove(at: position)
                    #expect(shifts.location(of: position) == Self.location(expected))
                    #expect(shifts.remove(at: position) == Self.location(expected))
                } else {
                    let position = Int.random(in: 0...model.count, using: &random)
                    model.insert(1000 + shifts.insert(at: position), at: position)
                }
                #expect(shifts.count == model.count)
                for position in model.indices {
                    #expect(shifts.location(of: position) == Self.location(model[position]), "batch \(batch)")
                }
            }
            // The moves, in place, in an array as long as the longer list; left-over slots hold -1.
            var list = Array(0..<before) + Array(repeating: -1, count: Swift.max(0, model.count - before))
            list.withUnsafeMutableBufferPointer { list in
                let base = list.baseAddress!
                shifts.forEachMove(move: { from, to, count in
                    moved += count
                    (base + to).update(from: base + from, count: count)
                }, place: { inserted, to in
                    base[to] = 1000 + inserted
                })
            }
            #expect(Array(list.prefix(model.count)) == model, "batch \(batch): \(model)")
        }
        #expect(moved > 500)
    }

    @Test("a delete and an insert move only the records between them")
    func movesOnlyBetween() {
        var shifts = SectionShifts()
        shifts.start(count: 10)
        #expect(shifts.remove(at: 2) == 2)  // 0 1 3 4 5 6 7 8 9
        #expect(shifts.insert(at: 6) == 0)  // 0 1 3 4 5 6 new 7 8 9
        #expect(shifts.pieceCount == 4)
        var moves: [[Int]] = [], placed: [[Int]] = []
        shifts.forEachMove(move: { moves.append([$0, $1, $2]) }, place: { placed.append([$0, $1]) })
        #expect(moves == [[3, 2, 4]])  // 3 4 5 6 move one place back; 7 8 9 stay
        #expect(placed == [[0, 6]])
    }

    /// The location a plain array's element has: its old position, or the complement of its insertion number.
    private static func location(_ element: Int) -> Int { element >= 1000 ? ~(element - 1000) : element }
}
