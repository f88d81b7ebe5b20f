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

    var requestedBytes: Int { (firstRow.capacity + endRow.capacity) * MemoryLayout<Int>.stride }

    /// Rebuilds the table for `bands`.
    ///
    /// - Complexity: O(R + number of buckets); the bucket height is ``rowsPerBucket`` mean row heights, so there
    ///   are about R / 4 buckets.
    mutating func rebuild(minY: UnsafeBufferPointer<Double>, maxY: UnsafeBufferPointer<Double>) {
        let shape = Self.shape(minY: minY, maxY: maxY)
        originY = shape.originY
        height = shape.height
        firstRow.removeAll(keepingCapacity: true)
        endRow.removeAll(keepingCapacity: true)
        guard shape.count > 0 else { return }
        // Sized first, then filled in place: an `append` per bucket is a uniqueness and a capacity check each.
        firstRow.append(contentsOf: repeatElement(0, count: shape.count))
        endRow.append(contentsOf: repeatElement(0, count: shape.count))
        firstRow.withUnsafeMutableBufferPointer { first in
            endRow.withUnsafeMutableBufferPointer { end in
                Self.fill(minY: minY, maxY: maxY, shape: shape, firstRow: first.baseAddress.unsafelyUnwrapped,
                          endRow: end.baseAddress.unsafelyUnwrapped)
            }
        }
    }

    /// The table for some rows: where its buckets start, how tall they are, and how many there are (zero for no
    /// rows).
    struct Shape {
        var originY: Double
        var height: Double
        var count: Int
    }

    /// The shape of the table for the rows `minY` and `maxY`.
    static func shape(minY: UnsafeBufferPointer<Double>, maxY: UnsafeBufferPointer<Double>) -> Shape {
        let rows = minY.count
        guard rows > 0 else { return Shape(originY: 0, height: 1, count: 0) }
        let originY = minY[0]
        let height = bucketHeight(span: maxY[rows - 1] - originY, rows: rows)
        let count = bucketIndex(maxY[rows - 1], originY: originY, height: height, upperBound: Int.max - 1) + 1
        return Shape(originY: originY, height: height, count: count)
    }

    /// The height of a bucket of the table of `rows` rows spanning `span`: ``rowsPerBucket`` mean rows (1 for rows
    /// of no height, or a span that is not a number).
    @inline(__always)
    static func bucketHeight(span: Double, rows: Int) -> Double {
        let meanRow = span / Double(rows)
        return meanRow > 0 ? meanRow * rowsPerBucket : 1
    }

    /// Writes the table of `shape` for the rows `minY` and `maxY` into `firstRow` and `endRow`, `shape.count`
    /// each (initialized), as plain stores: a store that holds its table in memory of its own (``RowBucketTable``) builds it here.
    ///
    /// `firstRow[b]` is the first row whose `maxY`'s bucket is `b` or later, `endRow[b]` the first row whose `minY`'s
    /// bucket is after `b` (the row count when there is none). A value's bucket is `b` or later exactly when it is
    /// at least `b`'s threshold, the least `Double` whose bucket is `b` or later (``threshold(_:shape:)``), so each
    /// bucket's threshold is computed once and the rows are walked against it with one compare a row: no division
    /// a row (issue 39m).
    ///
    /// - Complexity: O(R + shape.count).
    static func fill(minY: UnsafeBufferPointer<Double>, maxY: UnsafeBufferPointer<Double>, shape: Shape,
                     firstRow: UnsafeMutablePointer<Int>, endRow: UnsafeMutablePointer<Int>) {
        guard shape.count > 0 else { return }
        // Every row's bucket is 0 or later.
        firstRow[0] = 0
        walk(from: 1, first: 0, end: 0, minY: minY, maxY: maxY, shape: shape, firstRow: firstRow, endRow: endRow)
    }

    /// The fill's walk from bucket `start` (at least 1), its rows resumed at `first` (the first whose `maxY`
    /// reaches bucket `start - 1`'s threshold) and `end` (the first whose `minY` does): writes `firstRow[start...]`
    /// and `endRow[(start - 1)...]`.
    ///
    /// - Complexity: O(R - min(first, end) + shape.count - start).
    @inline(__always)
    private static func walk(from start: Int, first: Int, end: Int, minY: UnsafeBufferPointer<Double>,
                             maxY: UnsafeBufferPointer<Double>, shape: Shape, firstRow: UnsafeMutablePointer<Int>,
                             endRow: UnsafeMutablePointer<Int>) {
        let rows = minY.count, count = shape.count
        var first = first, end = end
        for b in start..<count {
            let threshold = threshold(b, shape: shape)
            while first < rows && maxY[first] < threshold { first += 1 }
            while end < rows && minY[end] < threshold { end += 1 }
            firstRow[b] = first
            endRow[b - 1] = end
        }
        endRow[count - 1] = rows
    }

    /// Writes the table of `shape` for the rows `minY` and `maxY`, as ``fill(minY:maxY:shape:firstRow:endRow:)``
    /// does, over a table `firstRow` and `endRow` already hold for rows whose first `keptRows` were these ones and
    /// whose table had the same origin and bucket height and `oldCount` buckets: only the buckets from the one the
    /// last kept row starts in are written again (issue 39o).
    ///
    /// Let `k` be `keptRows` and `s` the bucket of `minY[k - 1]` (clamped to both tables). Every bucket `b` from 1
    /// to `s` has its threshold at most `minY[k - 1]`, and so at most `maxY[k - 1]`: the first row whose `maxY`
    /// reaches it (`firstRow[b]`) and the first whose `minY` reaches it (`endRow[b - 1]`) are kept rows, the same
    /// in both tables. The fill's walk is resumed at bucket `s + 1` from them, and writes what the fill from
    /// bucket 1 would. Without a kept row or a bucket to keep it is that fill.
    ///
    /// - Complexity: O(R - rows of the kept buckets + shape.count - kept buckets).
    static func refill(minY: UnsafeBufferPointer<Double>, maxY: UnsafeBufferPointer<Double>, shape: Shape,
                       keptRows: Int, oldCount: Int, firstRow: UnsafeMutablePointer<Int>,
                       endRow: UnsafeMutablePointer<Int>) {
        let rows = minY.count, count = shape.count
        let limit = Swift.min(count, oldCount) - 1
        guard count > 0, keptRows > 0, keptRows <= rows, limit > 0 else {
            fill(minY: minY, maxY: maxY, shape: shape, firstRow: firstRow, endRow: endRow)
            return
        }
        let kept = bucketIndex(minY[keptRows - 1], originY: shape.originY, height: shape.height, upperBound: limit)
        guard kept > 0 else {
            fill(minY: minY, maxY: maxY, shape: shape, firstRow: firstRow, endRow: endRow)
            return
        }
        // `kept <= limit < count`.
        walk(from: kept + 1, first: firstRow[kept], end: endRow[kept - 1], minY: minY, maxY: maxY, shape: shape,
             firstRow: firstRow, endRow: endRow)
    }

    /// The least `Double` whose bucket (``bucketIndex(_:originY:height:upperBound:)`` with `upperBound`
    /// `shape.count - 1`) is `b` or later, for `1 <= b < shape.count`.
    ///
    /// For such a `b`, a value's bucket is `b` or later exactly when `(y - originY) / height >= b` as computed
    /// (the clamp keeps it: past the last bucket the quotient is above every `b`; at or below 0 it is below every
    /// one), and the computed quotient never decreases as `y` grows. So the threshold is found from the estimate
    /// `originY + b * height` by stepping to the next `Double` up while the test fails, or down while it holds one
    /// step below: a step or two at most.
    @inline(__always)
    static func threshold(_ b: Int, shape: Shape) -> Double {
        let target = Double(b), originY = shape.originY, height = shape.height
        @inline(__always) func reaches(_ y: Double) -> Bool { (y - originY) / height >= target }
        var y = originY + target * height
        while !reaches(y) { y = y.nextUp }
        while reaches(y.nextDown) { y = y.nextDown }
        return y
    }

    /// Calls `body` with the table seen through pointers (``RowBucketTable``), valid for the call: a query's reader
    /// then holds it by value, with no reference counting.
    @inline(__always)
    func withTable<Result>(_ body: (RowBucketTable) -> Result) -> Result {
        firstRow.withUnsafeBufferPointer { first in
            endRow.withUnsafeBufferPointer { end in
                // An empty table has no storage: its pointers are never read (`count` is 0).
                let none = UnsafePointer<Int>(bitPattern: MemoryLayout<Int>.alignment).unsafelyUnwrapped
                return body(RowBucketTable(originY: originY, height: height, firstRow: first.baseAddress ?? none,
                                           endRow: end.baseAddress ?? none, count: first.count))
            }
        }
    }

    @inline(__always)
    static func bucketIndex(_ y: Double, originY: Double, height: Double, upperBound: Int) -> Int {
        // `Int(t)` truncates, which is `floor` for the positive `t` that reach it, and `t >= upperBound` exactly
        // when `floor(t) >= upperBound`: the same index as `floor`, without libm's call on the baseline x86-64 target.
        let t = (y - originY) / height
        if !(t > 0) { return 0 }
        if t >= Double(upperBound) { return upperBound }
        return Int(t)
    }
}

/// A ``RowBuckets`` table seen through pointers into memory its store owns, and the searches over it: copying it is a
/// few register moves, with no reference counting, so a query's reader can take it by value. The store keeps the memory alive and unchanged
/// until its next rebuild (``PrefixSumsGridFrames``), or for one query (``RowBuckets/withTable(_:)``).
struct RowBucketTable {
    let originY: Double
    let height: Double
    let firstRow: UnsafePointer<Int>
    let endRow: UnsafePointer<Int>
    let count: Int

    /// Where the first row whose `maxY` is at least `y` lies: among these rows or at their upper bound. A row of an
    /// earlier bucket ends below `y`, and the first row of a later bucket ends above it, since the bucket function is
    /// monotonic; so a binary search over these few rows (about ``RowBuckets/rowsPerBucket``) gives the answer a
    /// search over every row gives.
    @inline(__always)
    func firstRowSearchRange(maxYAtLeast y: Double, rowCount: Int) -> Range<Int> {
        if count == 0 { return 0..<rowCount }
        let b = RowBuckets.bucketIndex(y, originY: originY, height: height, upperBound: count - 1)
        return firstRow[b]..<(b + 1 < count ? firstRow[b + 1] : rowCount)
    }

    /// Where the first row whose `minY` is above `y` lies: among these rows or at their upper bound (the same
    /// argument as ``firstRowSearchRange(maxYAtLeast:rowCount:)``, over the rows' starts).
    @inline(__always)
    func endRowSearchRange(minYAbove y: Double, rowCount: Int) -> Range<Int> {
        if count == 0 { return 0..<rowCount }
        let b = RowBuckets.bucketIndex(y, originY: originY, height: height, upperBound: count - 1)
        return (b > 0 ? endRow[b - 1] : 0)..<endRow[b]
    }

    /// A range of rows that contains every row whose band meets `[lo, hi]` (and perhaps a few more).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func rows(overlapping lo: Double, _ hi: Double) -> Range<Int> {
        guard count > 0, lo <= hi else { return 0..<0 }
        let last = count - 1
        let start = firstRow[RowBuckets.bucketIndex(lo, originY: originY, height: height, upperBound: last)]
        let end = endRow[RowBuckets.bucketIndex(hi, originY: originY, height: height, upperBound: last)]
        return start < end ? start..<end : start..<start
    }
}
