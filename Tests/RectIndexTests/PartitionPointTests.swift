import Testing

@testable import RectIndex

/// The galloping search from a hint finds the same partition point as plain bisection, for every hint.
@Suite("partitionPoint")
struct PartitionPointTests {
    @Test("from any hint, galloping equals bisection", arguments: 0...12)
    func gallopingEqualsBisection(count: Int) {
        for offset in [0, 5] {
            let range = offset..<(offset + count)
            for answer in range.lowerBound...range.upperBound {
                let isAbove = { (i: Int) in i >= answer }
                let expected = partitionPoint(in: range, where: isAbove)
                #expect(expected == answer)
                for hint in (range.lowerBound - 3)...(range.upperBound + 3) {
                    #expect(partitionPoint(in: range, near: hint, where: isAbove) == answer,
                            "range \(range), answer \(answer), hint \(hint)")
                }
            }
        }
    }
}
