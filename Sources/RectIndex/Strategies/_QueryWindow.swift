import LayoutModel

/// One query rect against one region: the rect's edges for the exact test, and a slightly wider window in the
/// region's static coordinates for the search.
///
/// The exact test compares each cell's moved frame with the rect's own edges, in the same floating-point operations
/// as ``Rect/intersects(_:)``, so a strategy's answer is bit-for-bit the linear scan's. The search window is the rect
/// moved back by the region's translation; because `(x + dx) <= maxX` and `x <= (maxX - dx)` can round differently,
/// the window is widened by far more than any rounding error (and infinite edges are clamped past the content first),
/// so it never misses a cell; the exact test then drops the extra candidates.
struct _QueryWindow {
    let minX: Double, maxX: Double, minY: Double, maxY: Double
    let dx: Double, dy: Double
    let searchMinX: Double, searchMaxX: Double, searchMinY: Double, searchMaxY: Double

    /// `nil` when nothing can intersect `rect`: it is null or has a NaN edge.
    @inline(__always)
    init?(_ rect: Rect, translation: Point, magnitude: Double) {
        if rect.isNull { return nil }
        let (minX, minY, maxX, maxY) = rect.standardizedEdges
        if minX.isNaN || maxX.isNaN || minY.isNaN || maxY.isNaN { return nil }
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
        dx = translation.x
        dy = translation.y
        // Along each axis every moved frame lies strictly inside [-bound, bound], the bound taking only that axis's
        // translation: two regions moved along one axis only (a sticky grid's body and pinned columns) share their
        // search along the other.
        let boundX = 2 * (magnitude + abs(dx) + 1), boundY = 2 * (magnitude + abs(dy) + 1)
        let slackX = boundX * 0x1p-40, slackY = boundY * 0x1p-40
        searchMinX = Swift.min(Swift.max(minX, -boundX), boundX) - dx - slackX
        searchMaxX = Swift.min(Swift.max(maxX, -boundX), boundX) - dx + slackX
        searchMinY = Swift.min(Swift.max(minY, -boundY), boundY) - dy - slackY
        searchMaxY = Swift.min(Swift.max(maxY, -boundY), boundY) - dy + slackY
    }

    /// The static frame moved by the region's translation.
    @inline(__always)
    func moved(_ frame: Rect) -> Rect { frame.offsetBy(dx: dx, dy: dy) }

    /// Whether a moved frame (standardised, finite) intersects the rect; equal to `moved.intersects(rect)`.
    @inline(__always)
    func hits(_ moved: Rect) -> Bool {
        moved.origin.x <= maxX && minX <= moved.origin.x + moved.size.width
            && moved.origin.y <= maxY && minY <= moved.origin.y + moved.size.height
    }

    /// ``hits(_:)`` as 1 or 0, the same four comparisons combined with `&`: no branch.
    @inline(__always)
    func hitBit(_ moved: Rect) -> Int {
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        return bit(moved.origin.x <= maxX) & bit(minX <= moved.origin.x + moved.size.width)
            & bit(moved.origin.y <= maxY) & bit(minY <= moved.origin.y + moved.size.height)
    }
}

extension _GridFrameReader {
    /// The rows of `region` that reach the window vertically: the first whose `maxY` reaches `searchMinY` and the
    /// first after it whose `minY` is beyond `searchMaxY`, found through the row-bucket table
    /// (``_span(from:to:starts:ends:buckets:in:)``).
    @inline(__always)
    func _rows(reaching window: _QueryWindow, in region: Range<Int>) -> Range<Int> {
        _span(from: window.searchMinY, to: window.searchMaxY, starts: rowMinY, ends: rowMaxY, buckets: buckets,
              in: region)
    }
}

/// The items of `region` (rows, or a separable grid's columns) that reach `[lo, hi]` along one axis: the first whose
/// end reaches `lo` and the first after it whose start is beyond `hi`, `starts` and `ends` being non-decreasing.
/// Each is a binary search over the few items the bucket table leaves (a direct index of the axis), not over every
/// item: two or three probes of one or two cache lines instead of about 14 dependent probes across an 80 KB array.
/// The predicates are monotonic over all items, so clamping the global answers to the region gives exactly what a
/// search within the region gives. A region of at most four items is scanned instead, with the same predicates.
@inline(__always)
func _span(from lo: Double, to hi: Double, starts: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Double>,
           buckets: RowBucketTable, in region: Range<Int>) -> Range<Int> {
    if region.count <= 4 {
        // A few items (a sticky grid's pinned rows): tested directly, without the table's two divisions.
        var lower = region.lowerBound
        while lower < region.upperBound && !(ends[lower] >= lo) { lower &+= 1 }
        var end = lower
        while end < region.upperBound && !(starts[end] > hi) { end &+= 1 }
        return lower..<end
    }
    let count = starts.count
    let first = partitionPoint(in: buckets.firstRowSearchRange(maxYAtLeast: lo, rowCount: count)) { ends[$0] >= lo }
    let end = partitionPoint(in: buckets.endRowSearchRange(minYAbove: hi, rowCount: count)) { starts[$0] > hi }
    let lower = Swift.min(Swift.max(first, region.lowerBound), region.upperBound)
    return lower..<Swift.min(Swift.max(end, lower), region.upperBound)
}
