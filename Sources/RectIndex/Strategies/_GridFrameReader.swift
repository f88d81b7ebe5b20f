import LayoutModel

/// Read access to a store's frames for the strategies, row by row. Each store provides one over unsafe buffers that
/// live for one query, so the strategies (generic over the reader, and specialised per store by the optimiser) run
/// without reference counting, bounds checks or exclusivity checks in their inner loops. A reader holds pointers and
/// values only, so copying one retains nothing.
protocol _GridFrameReader {
    associatedtype Row: _GridRowReader
    /// The `minY` of each row.
    var rowMinY: UnsafeBufferPointer<Double> { get }
    /// The largest `maxY` of each row.
    var rowMaxY: UnsafeBufferPointer<Double> { get }
    /// The largest absolute value of any frame edge.
    var magnitude: Double { get }
    /// The row-bucket table.
    var buckets: RowBucketTable { get }
    /// Where a column search starts.
    var columnEstimate: ColumnEstimate { get }
    /// Where each row's column search starts (``ColumnIndex``), when the store keeps one; `nil` otherwise.
    var columnIndex: ColumnIndexReader? { get }
    /// A reader for row `row`.
    func row(_ row: Int) -> Row
    /// How many rows the linear scan counts together, in bands that start at multiples of it: 1 (the default, in
    /// `LinearScan.swift`), so the scan counts and writes row by row; a tiled store's tile height, so a band's count
    /// streams each tile once instead of reading a slice of every tile once per row.
    static var _scanBandHeight: Int { get }
    /// The linear scan's count over the rows of one band (`rows`, at most ``_scanBandHeight`` of them, within one
    /// band): which rows have a cell of `columns` that passes `test` (bit `i` for row `rows.lowerBound + i`), and
    /// columns, within `columns`, that hold every such cell. Every cell is read and tested, as by
    /// ``_GridRowReader/_hitCount(in:test:)``, in whatever order the store's memory streams best.
    func _bandHits(rows: Range<Int>, columns: Range<Int>, test: _IntersectsTest) -> (rows: UInt64, columns: Range<Int>)
    /// Whether the indexed binary search writes hits through ``_WideCellWrite``: by default, when its layout check
    /// holds. A test reader answers `false` to run the one-at-a-time fallback.
    static var _writesWide: Bool { get }
}

extension _GridFrameReader {
    /// Wide writes when `LayoutAttributes` is laid out as they assume.
    @inline(__always)
    static var _writesWide: Bool { _WideCellWrite.isAvailable }

    /// A store without a column index: column searches start from ``columnEstimate``.
    @inline(__always)
    var columnIndex: ColumnIndexReader? { nil }
}

/// Read access to one row of frames.
protocol _GridRowReader {
    /// The static frame of the cell in `column`.
    func frame(_ column: Int) -> Rect
    /// The `maxX` of the cell in `column`: non-decreasing along the row.
    func maxX(_ column: Int) -> Double
    /// The `minX` of the cell in `column`: non-decreasing along the row.
    func minX(_ column: Int) -> Double
    /// The `minY` of every cell of the row, when they all share it (compact and tiled cells take their row's); `nil`
    /// when each cell has its own (the default).
    var sharedMinY: Double? { get }
    /// Starts loading the cache line of the cell in `column` without waiting for it (``lb_prefetch_at``): a hint that
    /// never faults, so `column` may lie before the row's start or past its end. The default does nothing.
    func prefetch(_ column: Int)
    /// Whether the row's frames are held inline, so that reading a frame twice is a few cached loads. The two-pass
    /// loops (the linear scan's count before it writes, binary search's walk to the row's end before it writes)
    /// pay only then; over object frames a second read is a second pointer chase per cell, so they take one pass.
    static var framesAreInline: Bool { get }
    /// How many cells of `columns` pass the linear scan's test, every cell tested with no branch per cell. The
    /// default (in `_CellRun.swift`) tests each moved frame with ``_IntersectsTest/hitsBranchFree(_:)``; a store
    /// whose frames carry invariants of their own (compact cells: finite, with non-negative sizes) may give the same
    /// count with fewer operations a cell, as long as it still reads and tests every cell.
    func _hitCount(in columns: Range<Int>, test: _IntersectsTest) -> Int
}

extension _GridRowReader {
    /// Frames held inline.
    @inline(__always)
    static var framesAreInline: Bool { true }

    /// Each cell its own `minY`.
    @inline(__always)
    var sharedMinY: Double? { nil }

    /// No prefetch: a store whose cells are not inline would have to read a reference to find the line.
    @inline(__always)
    func prefetch(_ column: Int) {}
}

/// The first index in `range` for which `isAbove` holds, assuming it holds for a suffix of the range.
///
/// - Complexity: O(log n).
@inline(__always)
func partitionPoint(in range: Range<Int>, where isAbove: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var count = range.count
    while count > 0 {
        let half = count / 2
        let mid = low + half
        if isAbove(mid) {
            count = half
        } else {
            low = mid + 1
            count -= half + 1
        }
    }
    return low
}

/// The first index in `range` for which `isAbove` holds, assuming it holds for a suffix of the range, searched by
/// galloping outwards from `hint` and then bisecting. When the answer is `d` places from the hint this takes
/// O(log d) probes, all near the hint: one or two cache lines when the hint is good.
///
/// - Complexity: O(log d), d being the distance from `hint` to the answer; O(log n) at worst.
@inline(__always)
func partitionPoint(in range: Range<Int>, near hint: Int, where isAbove: (Int) -> Bool) -> Int {
    if range.isEmpty { return range.lowerBound }
    let h = Swift.min(Swift.max(hint, range.lowerBound), range.upperBound - 1)
    var step = 1
    if isAbove(h) {
        // The answer is at or left of h.
        var upper = h
        while true {
            let probe = upper - step
            if probe < range.lowerBound { return partitionPoint(in: range.lowerBound..<upper, where: isAbove) }
            if !isAbove(probe) { return partitionPoint(in: (probe + 1)..<upper, where: isAbove) }
            upper = probe
            step &*= 2
        }
    } else {
        // The answer is right of h.
        var lower = h + 1
        while true {
            let probe = lower - 1 + step
            if probe >= range.upperBound { return partitionPoint(in: lower..<range.upperBound, where: isAbove) }
            if isAbove(probe) { return partitionPoint(in: lower..<probe, where: isAbove) }
            lower = probe + 1
            step &*= 2
        }
    }
}
