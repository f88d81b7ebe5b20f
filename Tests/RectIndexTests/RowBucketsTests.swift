import LayoutModel
import SeededRandom
import Testing

@testable import RectIndex

@Suite("Row buckets: the table filled against each bucket's threshold")
struct RowBucketsTests {
    /// The table as it was filled before issue 39m, bucket by bucket (`firstRow[b]`: the first row whose `maxY`'s
    /// bucket is `b` or later; `endRow[b]`: the first row whose `minY`'s bucket is after `b`): the reference.
    static func referenceTable(minY: [Double], maxY: [Double], shape: RowBuckets.Shape) -> (first: [Int], end: [Int]) {
        let rows = minY.count, count = shape.count
        var firstRow = [Int](repeating: 0, count: count), endRow = [Int](repeating: 0, count: count)
        var first = 0, end = 0
        for b in 0..<count {
            while first < rows && RowBuckets.bucketIndex(maxY[first], originY: shape.originY, height: shape.height,
                                                         upperBound: count - 1) < b {
                first += 1
            }
            while end < rows && RowBuckets.bucketIndex(minY[end], originY: shape.originY, height: shape.height,
                                                       upperBound: count - 1) <= b {
                end += 1
            }
            firstRow[b] = first
            endRow[b] = end
        }
        return (firstRow, endRow)
    }

    /// How a seeded axis's rows follow each other.
    enum Rows: CaseIterable {
        /// Each row starting where the one before ends, in whole points (the unrounded fold's grids).
        case contiguousWhole
        /// Rounded thirds of a point: each row starts at its sum rounded down, the row before ends at it rounded up.
        case roundedThirds
        /// Gaps, overlaps and rows of no height.
        case gapsAndOverlaps
    }

    static func axis(_ kind: Rows, rows: Int, using random: inout SeededGenerator) -> (minY: [Double], maxY: [Double]) {
        var minY: [Double] = [], maxY: [Double] = []
        var sum = Double(Int.random(in: 0...5, using: &random)), lastMax = sum
        for _ in 0..<rows {
            switch kind {
            case .contiguousWhole:
                let h = Double(Int.random(in: 0...60, using: &random))
                minY.append(sum)
                maxY.append(sum + h)
                sum += h
            case .roundedThirds:
                let next = sum + Double(Int.random(in: 30...200, using: &random)) / 3
                minY.append(sum.rounded(.down))
                maxY.append(next.rounded(.up))
                sum = next
            case .gapsAndOverlaps:
                sum += Double(Int.random(in: 0...12, using: &random))
                let top = Swift.max(lastMax, sum + Double(Int.random(in: 0...30, using: &random)))
                minY.append(sum)
                maxY.append(top)
                lastMax = top
            }
        }
        return (minY, maxY)
    }

    @Test("the threshold fill gives the table the bucket-by-bucket fill gave",
          arguments: Array(Rows.allCases), [1, 2, 3, 5, 17, 400])
    func thresholdFillEqualsReference(kind: Rows, rows: Int) {
        var random = SeededGenerator(seed: UInt64(rows * 7 + (Rows.allCases.firstIndex(of: kind) ?? 0)))
        let (minY, maxY) = Self.axis(kind, rows: rows, using: &random)
        minY.withUnsafeBufferPointer { lo in
            maxY.withUnsafeBufferPointer { hi in
                // The table's own shape, and one clamped to a few buckets (rows past its last one share it).
                let own = RowBuckets.shape(minY: lo, maxY: hi)
                for shape in [own, RowBuckets.Shape(originY: own.originY, height: own.height * 3,
                                                    count: Swift.max(1, own.count / 5))] {
                    var first = [Int](repeating: -1, count: shape.count), end = [Int](repeating: -1, count: shape.count)
                    first.withUnsafeMutableBufferPointer { first in
                        end.withUnsafeMutableBufferPointer { end in
                            RowBuckets.fill(minY: lo, maxY: hi, shape: shape, firstRow: first.baseAddress!,
                                            endRow: end.baseAddress!)
                        }
                    }
                    let expected = Self.referenceTable(minY: minY, maxY: maxY, shape: shape)
                    #expect(first == expected.first, "\(kind), \(rows) rows, \(shape.count) buckets: firstRow")
                    #expect(end == expected.end, "\(kind), \(rows) rows, \(shape.count) buckets: endRow")
                }
            }
        }
    }

    /// Fills the table of `shape` for the rows into arrays of `capacity` entries each, `-1` past the table.
    static func filled(minY: [Double], maxY: [Double], shape: RowBuckets.Shape, capacity: Int) -> (first: [Int], end: [Int]) {
        var first = [Int](repeating: -1, count: capacity), end = [Int](repeating: -1, count: capacity)
        minY.withUnsafeBufferPointer { lo in
            maxY.withUnsafeBufferPointer { hi in
                first.withUnsafeMutableBufferPointer { first in
                    end.withUnsafeMutableBufferPointer { end in
                        RowBuckets.fill(minY: lo, maxY: hi, shape: shape, firstRow: first.baseAddress!,
                                        endRow: end.baseAddress!)
                    }
                }
            }
        }
        return (first, end)
    }

    /// Issue 39o: a table refilled after a change that kept the first `k` rows (the same origin and bucket height,
    /// perhaps another bucket count) is the table a fill of the new rows gives, entry for entry. Kept rows at both
    /// ends (none, one, all but one, all of them) and anywhere; fewer and more rows after them; the tables' own
    /// bucket counts and ones clamped to a few buckets.
    @Test("a refill from the kept rows' buckets gives the table a fill of the new rows gives",
          arguments: Array(Rows.allCases), [UInt64(1), 2, 3, 4])
    func refillEqualsFill(kind: Rows, seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 13 &+ UInt64(Rows.allCases.firstIndex(of: kind) ?? 0))
        for _ in 0..<40 {
            let rows = Int.random(in: 1...120, using: &random)
            let old = Self.axis(kind, rows: rows, using: &random)
            let k = [0, 1, rows - 1, rows, Int.random(in: 0...rows, using: &random)].randomElement(using: &random) ?? 0
            // The new rows: the first `k` kept, then rows drawn again, starting where the last kept one ends.
            let tail = Self.axis(kind, rows: Int.random(in: 0...130, using: &random), using: &random)
            let offset = k > 0 ? old.maxY[k - 1] : old.minY[0]
            var minY = Array(old.minY.prefix(k)) + tail.minY.map { $0 + offset }
            var maxY = Array(old.maxY.prefix(k)) + tail.maxY.map { $0 + offset }
            if minY.isEmpty {
                minY = [old.minY[0]]
                maxY = [old.maxY[0]]
            }
            let oldShape = old.minY.withUnsafeBufferPointer { lo in
                old.maxY.withUnsafeBufferPointer { RowBuckets.shape(minY: lo, maxY: $0) }
            }
            // The same origin and bucket height, the new rows' bucket count (the refill's precondition).
            let newCount = RowBuckets.bucketIndex(maxY[maxY.count - 1], originY: oldShape.originY,
                                                  height: oldShape.height, upperBound: Int.max - 1) + 1
            let clamp = Int.random(in: 1...6, using: &random)
            for (oldCount, count) in [(oldShape.count, newCount), (Swift.max(1, oldShape.count / clamp),
                                                                 Swift.max(1, newCount / clamp))] {
                let before = RowBuckets.Shape(originY: oldShape.originY, height: oldShape.height, count: oldCount)
                let after = RowBuckets.Shape(originY: oldShape.originY, height: oldShape.height, count: count)
                let capacity = Swift.max(oldCount, count)
                var (first, end) = Self.filled(minY: old.minY, maxY: old.maxY, shape: before, capacity: capacity)
                minY.withUnsafeBufferPointer { lo in
                    maxY.withUnsafeBufferPointer { hi in
                        first.withUnsafeMutableBufferPointer { first in
                            end.withUnsafeMutableBufferPointer { end in
                                RowBuckets.refill(minY: lo, maxY: hi, shape: after, keptRows: Swift.min(k, lo.count),
                                                  oldCount: oldCount, firstRow: first.baseAddress!,
                                                  endRow: end.baseAddress!)
                            }
                        }
                    }
                }
                let expected = Self.filled(minY: minY, maxY: maxY, shape: after, capacity: capacity)
                #expect(first.prefix(count) == expected.first.prefix(count),
                        "\(kind), \(rows) -> \(minY.count) rows keeping \(k), \(oldCount) -> \(count) buckets: firstRow")
                #expect(end.prefix(count) == expected.end.prefix(count),
                        "\(kind), \(rows) -> \(minY.count) rows keeping \(k), \(oldCount) -> \(count) buckets: endRow")
            }
        }
    }
}
