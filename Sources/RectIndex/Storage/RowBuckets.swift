/// Rows grouped by fixed-height bands of content: for each band, the range of rows that may reach into it.
///
/// Bucket `b` covers `y` with `bucket(y) == b`, where `bucket(y) = floor((y - originY) / height)` clamped to the
/// table. Because `bucket` is monotonic and the row bands are sorted, the rows intersecting `[lo, hi]` all lie in
/// `firstRow[bucket(lo)] ..< endRow[bucket(hi)]`, with no rounding margin needed.
struct RowBuckets {
    private(set) var originY: Double = 0
    private(set) var height: Double = 1
    /// First row whose `maxY` falls in this bucket or a later one.
    private var firstRow: [Int] = []
    /// One past the last row whose `minY` falls in this bucket or an earlier one.
    private var endRow: [Int] = []

    /// How many mean row heights one bucket spans.
    static let rowsPerBucket = 4.0

    var bucketCount: Int { firstRow.count }

    var requestedBytes: Int { (firstRow.capacity + endRow.capacity) * MemoryLayout<Int>.stride }

    /// Rebuilds the table for `bands`.
    ///
    /// - Complexity: O(R + number of buckets); the bucket height is ``rowsPerBucket`` mean row heights, so there
    ///   are about R / 4 buckets.
    mutating func rebuild(minY: UnsafeBufferPointer<Double>, maxY: UnsafeBufferPointer<Double>) {
        firstRow.removeAll(keepingCapacity: true)
        endRow.removeAll(keepingCapacity: true)
        let rows = minY.count
        guard rows > 0 else {
            originY = 0
            height = 1
            return
        }
        originY = minY[0]
        let span = maxY[rows - 1] - originY
        let meanRow = span / Double(rows)
        height = meanRow > 0 ? meanRow * Self.rowsPerBucket : 1
        let count = bucketIndex(maxY[rows - 1], upperBound: Int.max - 1) + 1
        firstRow.reserveCapacity(count)
        endRow.reserveCapacity(count)
        var first = 0
        var end = 0
        for b in 0..<count {
            while first < rows && bucketIndex(maxY[first], upperBound: count - 1) < b { first += 1 }
            while end < rows && bucketIndex(minY[end], upperBound: count - 1) <= b { end += 1 }
            firstRow.append(first)
            endRow.append(end)
        }
    }

    /// Where the first row whose `maxY` is at least `y` lies: among these rows or at their upper bound. A row of an
    /// earlier bucket ends below `y`, and the first row of a later bucket ends above it, since the bucket function is
    /// monotonic; so a binary search over these few rows (about ``rowsPerBucket``) gives the answer a search over
    /// every row gives.
    @inline(__always)
    func firstRowSearchRange(maxYAtLeast y: Double, rowCount: Int) -> Range<Int> {
        let buckets = firstRow.count
        if buckets == 0 { return 0..<rowCount }
        return firstRow.withUnsafeBufferPointer { first in
            let b = bucketIndex(y, upperBound: buckets - 1)
            return first[b]..<(b + 1 < buckets ? first[b + 1] : rowCount)
        }
    }

    /// Where the first row whose `minY` is above `y` lies: among these rows or at their upper bound (the same
    /// argument as ``firstRowSearchRange(maxYAtLeast:rowCount:)``, over the rows' starts).
    @inline(__always)
    func endRowSearchRange(minYAbove y: Double, rowCount: Int) -> Range<Int> {
        let buckets = endRow.count
        if buckets == 0 { return 0..<rowCount }
        return endRow.withUnsafeBufferPointer { end in
            let b = bucketIndex(y, upperBound: buckets - 1)
            return (b > 0 ? end[b - 1] : 0)..<end[b]
        }
    }

    @inline(__always)
    private func bucketIndex(_ y: Double, upperBound: Int) -> Int {
        // `Int(t)` truncates, which is `floor` for the positive `t` that reach it, and `t >= upperBound` exactly
        // when `floor(t) >= upperBound`: the same index as `floor`, without libm's call on the baseline x86-64 target.
        let t = (y - originY) / height
        if !(t > 0) { return 0 }
        if t >= Double(upperBound) { return upperBound }
        return Int(t)
    }

    /// A range of rows that contains every row whose band meets `[lo, hi]` (and perhaps a few more).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func rows(overlapping lo: Double, _ hi: Double) -> Range<Int> {
        guard !firstRow.isEmpty, lo <= hi else { return 0..<0 }
        let last = firstRow.count - 1
        let start = firstRow[bucketIndex(lo, upperBound: last)]
        let end = endRow[bucketIndex(hi, upperBound: last)]
        return start < end ? start..<end : start..<start
    }
}
