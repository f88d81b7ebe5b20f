import LayoutModel
import Testing

@testable import RectIndex

/// The linear scan's branch-free count and the row-bucket narrowed row search give exactly what the reference
/// operations give.
@Suite("Branch-free intersects and bucketed row search")
struct BranchFreeTestTests {
    static let values: [Double] = [
        -.infinity, -1e300, -3, -1, -0.5, -0.0, 0, 0.5, 1, 2, 3, 1e300, .infinity, .nan,
    ]

    @Test("hitsBranchFree agrees with Rect.intersects on special values")
    func branchFreeAgrees() {
        let v = Self.values
        let rects = [
            Rect(x: 0, y: 0, width: 2, height: 2), Rect(x: 1, y: -1, width: -2, height: 3), Rect.null,
            Rect(x: -0.0, y: 0, width: 0, height: 0), Rect(x: .nan, y: 0, width: 1, height: 1),
            Rect(x: 0, y: .infinity, width: 1, height: 1),
        ]
        for rect in rects {
            for dx in [0.0, -0.0, 1] {
                let test = _IntersectsTest(rect: rect, dx: dx, dy: 0)
                for x in v { for y in v { for w in v { for h in [-1.0, 0, 2, .nan, .infinity] {
                    let moved = test.moved(Rect(x: x, y: y, width: w, height: h))
                    let expected = moved.intersects(rect)
                    #expect(test.hits(moved) == expected)
                    #expect(test.hitsBranchFree(moved) == (expected ? 1 : 0), "\(moved) vs \(rect)")
                } } } }
            }
        }
    }

    @Test("the bucketed row search equals a search over every row", arguments: [1, 2, 3, 7, 40, 333])
    func bucketedRowSearch(rows: Int) {
        var rng = SplitMix(seed: UInt64(rows))
        var minY: [Double] = [], maxY: [Double] = []
        var y = Double(rng.next() % 5)
        var lastMax = y
        for _ in 0..<rows {
            // Heights 0 to 30, overlaps and gaps, so that rows share buckets and skip them.
            let step = Double(rng.next() % 12)
            y += step
            let top = Swift.max(lastMax, y + Double(rng.next() % 31))
            minY.append(y)
            maxY.append(top)
            lastMax = top
        }
        var buckets = RowBuckets()
        minY.withUnsafeBufferPointer { lo in maxY.withUnsafeBufferPointer { hi in buckets.rebuild(minY: lo, maxY: hi) } }
        buckets.withTable { buckets in
            for probe in stride(from: -40.0, through: lastMax + 40, by: 0.5) + [-.infinity, .infinity] {
                let first = partitionPoint(in: buckets.firstRowSearchRange(maxYAtLeast: probe, rowCount: rows)) {
                    maxY[$0] >= probe
                }
                #expect(first == partitionPoint(in: 0..<rows) { maxY[$0] >= probe }, "first row for \(probe)")
                let end = partitionPoint(in: buckets.endRowSearchRange(minYAbove: probe, rowCount: rows)) {
                    minY[$0] > probe
                }
                #expect(end == partitionPoint(in: 0..<rows) { minY[$0] > probe }, "end row for \(probe)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so the grids repeat.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
