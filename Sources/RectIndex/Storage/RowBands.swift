import LayoutModel

/// The vertical band of every row of a grid, `[minY, maxY]`, and the checks that make the grid searchable.
///
/// Every store keeps one; the row-bucket table and the binary search read it.
struct RowBands {
    /// The `minY` shared by every cell of each row.
    private(set) var minY: [Double] = []
    /// The largest `maxY` of any cell, or zero.of each row.
    private(set) var maxY: [Double] = []
    /// The largest `maxX` of any cell, or zero.
    private(set) var maxX: Double = 0
    /// The smallest `minX` of any cell, or zero.
    private(set) var minX: Double = 0
    /// The largest absolute value of any frame edge: every frame lies inside `[-magnitude, magnitude]` on both axes.
    private(set) var magnitude: Double = 0

    var count: Int { minY.count }

    /// The largest `maxY` of any cell, or zero.
    var extentY: Double { Swift.max(0, maxY.last ?? 0) }

    var requestedBytes: Int { (minY.capacity + maxY.capacity) * MemoryLayout<Double>.stride }

    mutating func removeAll(reservingRows rows: Int) {
        minY.removeAll(keepingCapacity: true)
        maxY.removeAll(keepingCapacity: true)
        minY.reserveCapacity(rows)
        maxY.reserveCapacity(rows)
        maxX = 0
        minX = 0
        magnitude = 0
    }

    /// Checks that `frames` form row `row` of a grid laid out in rows, and records the row's band.
    ///
    /// - Complexity: O(C).
    mutating func appendRow(_ frames: UnsafeBufferPointer<Rect>, row: Int) {
        let rowMinY = frames.first?.origin.y ?? (minY.last ?? 0)
        guard !frames.isEmpty else {
            let bandMaxY = minY.last ?? 0
            appendChecked(first: nil, row: row, rowMinY: rowMinY, bandMaxY: bandMaxY, previousMinX: -.infinity,
                          previousMaxX: -.infinity)
            return
        }
        appendRow(frames, row: row, scan: Self.scanRow(frames))
    }

    /// Checks that the non-empty `frames` form row `row` of a grid laid out in rows, from the `scan` already gathered
    /// of them (``scanRow(_:each:)``), and records the row's band.
    ///
    /// - Complexity: O(1) when the row passes; O(C) to name the cell that fails.
    mutating func appendRow(_ frames: UnsafeBufferPointer<Rect>, row: Int, scan: RowScan) {
        let rowMinY = frames[0].origin.y
        // Only a row that fails a check is walked again, cell by cell, to name the first cell that fails.
        if !scan.isValid(rowMinY: rowMinY) { Self.checkRow(frames, row: row, rowMinY: rowMinY) }
        let first = frames[0], last = frames[frames.count - 1]
        appendChecked(first: (first.origin.x, first.origin.x + first.size.width), row: row, rowMinY: rowMinY,
                      bandMaxY: scan.bandMaxY, previousMinX: last.origin.x,
                      previousMaxX: last.origin.x + last.size.width)
    }

    /// A non-empty row that its writer has checked already (``CompactGridFrames/RowWriter``): what
    /// ``appendRow(_:row:scan:)`` records of a row that passes, without its frames.
    struct CheckedRow {
        /// The `minY` of every cell.
        var minY: Double
        /// The largest `maxY`.
        var bandMaxY: Double
        /// The first cell's `minX` and `maxX`, and the last's.
        var firstMinX: Double, firstMaxX: Double, lastMinX: Double, lastMaxX: Double
    }

    /// Records a row that passed every check of a row of frames, as ``appendRow(_:row:scan:)`` records it (and
    /// checks it against the row before, with the same message).
    ///
    /// - Complexity: O(1).
    mutating func appendRow(_ checked: CheckedRow, row: Int) {
        appendChecked(first: (checked.firstMinX, checked.firstMaxX), row: row, rowMinY: checked.minY,
                      bandMaxY: checked.bandMaxY, previousMinX: checked.lastMinX, previousMaxX: checked.lastMaxX)
    }

    /// What one pass over a row gathers to check it: sums, minimums and maximums with no branch and no dependency
    /// on the cell before except through the accumulators, so the optimiser vectorises the loop.
    struct RowScan {
        /// The sum over the cells of `(x - x) + (y - y) + (w - w) + (h - h) + (maxX - maxX)`: `v - v` is 0 for a
        /// finite `v` and NaN for an infinite or NaN one, and NaN stays in a sum, so this is 0 exactly when every
        /// edge of every cell is finite (a right edge that overflows to infinity included).
        var finiteSum = 0.0
        /// The smallest width and height.
        var minWidth = Double.infinity, minHeight = Double.infinity
        /// The smallest and largest `minY`.
        var minY = Double.infinity, maxY = -Double.infinity
        /// The smallest step of `minX` and of `maxX` from one cell to the next (`+infinity` for one cell). For finite
        /// values `a - b >= 0` exactly when `a >= b` (subtraction rounds no nonzero difference to zero), so both
        /// edges never decrease exactly when both are at least zero.
        var minStepX = Double.infinity, minStepMaxX = Double.infinity
        /// The largest `maxY`.
        var bandMaxY = -Double.infinity

        /// Whether the row passes every check of ``GridFrameStore``'s contract: meaningful only as `true` when every
        /// value gathered is finite, which `finiteSum == 0` says.
        func isValid(rowMinY: Double) -> Bool {
            finiteSum == 0 && minWidth >= 0 && minHeight >= 0 && minY == rowMinY && maxY == rowMinY
                && minStepX >= 0 && minStepMaxX >= 0
        }
    }

    /// Gathers a non-empty row's checks in one branch-free pass.
    @inline(__always)
    static func scanRow(_ frames: UnsafeBufferPointer<Rect>) -> RowScan {
        scanRow(frames) { _, _, _ in }
    }

    /// Gathers a non-empty row's checks in one branch-free pass, calling `each` with every cell's column, frame and
    /// `maxX` in the same loop, so that a store converts the row while it reads it once (the cells are not checked
    /// yet when `each` sees them: a store keeps nothing of a row that ``appendRow(_:row:scan:)`` refuses).
    @inline(__always)
    static func scanRow(_ frames: UnsafeBufferPointer<Rect>,
                        each: (_ column: Int, _ frame: Rect, _ maxX: Double) -> Void) -> RowScan {
        // Pairs of values that take the same operations are lanes of one `SIMD2`, so that SSE2 does each pair in
        // one instruction: `x` and `y`, width and height, the steps of `minX` and `maxX`.
        typealias Pair = SIMD2<Double>
        // `a < b ? a : b` on values known finite when it matters (see `RowScan.isValid`); NaN is caught by the sum.
        @inline(__always) func lesser(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
        @inline(__always) func greater(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
        @inline(__always) func lesser(_ a: Pair, _ b: Pair) -> Pair { b.replacing(with: a, where: a .< b) }
        let first = frames[0]
        var previous = Pair(first.origin.x, first.origin.x + first.size.width)
        var finite = Pair.zero, finiteMaxX = 0.0
        var minSize = Pair(repeating: .infinity), minStep = Pair(repeating: .infinity)
        var lowY = Double.infinity, highY = -Double.infinity, band = -Double.infinity
        for column in frames.indices {
            let frame = frames[column]
            let origin = Pair(frame.origin.x, frame.origin.y), size = Pair(frame.size.width, frame.size.height)
            let y = frame.origin.y
            let maxX = frame.origin.x + frame.size.width
            each(column, frame, maxX)
            finite += (origin - origin) + (size - size)
            finiteMaxX += maxX - maxX
            minSize = lesser(minSize, size)
            let edges = Pair(frame.origin.x, maxX)
            minStep = lesser(minStep, edges - previous)
            lowY = lesser(lowY, y)
            highY = greater(highY, y)
            band = greater(band, y + frame.size.height)
            previous = edges
        }
        var scan = RowScan()
        scan.finiteSum = (finite.x + finite.y) + finiteMaxX
        scan.minWidth = minSize.x
        scan.minHeight = minSize.y
        scan.minY = lowY
        scan.maxY = highY
        scan.minStepX = minStep.x
        scan.minStepMaxX = minStep.y
        scan.bandMaxY = band
        return scan
    }

    /// Stops at the first cell of `frames` that is not finite and standardised, not at the row's `y`, or left of the
    /// cell before it.
    @inline(never)
    private static func checkRow(_ frames: UnsafeBufferPointer<Rect>, row: Int, rowMinY: Double) {
        var previousMinX = -Double.infinity
        var previousMaxX = -Double.infinity
        for (column, frame) in frames.enumerated() {
            let x = frame.origin.x, y = frame.origin.y, w = frame.size.width, h = frame.size.height
            guard x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                preconditionFailure("cell [\(row), \(column)] has frame \(frame): frames must be finite and standardised")
            }
            guard y == rowMinY else {
                preconditionFailure("cell [\(row), \(column)] starts at y=\(y) but its row starts at y=\(rowMinY)")
            }
            guard x >= previousMinX, x + w >= previousMaxX else {
                preconditionFailure("cell [\(row), \(column)] at \(frame) is left of the cell before it in its row")
            }
            previousMinX = x
            previousMaxX = x + w
        }
    }

    /// Records a checked row: `first` is its first cell's `minX` and `maxX` (`nil` for a row of no cells),
    /// `previousMinX` and `previousMaxX` its last cell's.
    private mutating func appendChecked(first: (minX: Double, maxX: Double)?, row: Int, rowMinY: Double,
                                        bandMaxY: Double, previousMinX: Double, previousMaxX: Double) {
        if let first {
            // `minX` and `maxX` never decrease along the checked row, so their largest magnitudes are at its ends:
            // no loop-carried `max` chain per cell.
            magnitude = Swift.max(magnitude, abs(first.minX), abs(first.maxX), abs(previousMinX), abs(previousMaxX))
            magnitude = Swift.max(magnitude, abs(rowMinY), abs(bandMaxY))
            minX = minY.isEmpty ? first.minX : Swift.min(minX, first.minX)
        }
        if let lastMinY = minY.last, let lastMaxY = maxY.last {
            guard rowMinY >= lastMinY, bandMaxY >= lastMaxY else {
                preconditionFailure(
                    "row \(row) spans y \(rowMinY)...\(bandMaxY), above row \(row - 1) (\(lastMinY)...\(lastMaxY))")
            }
        }
        minY.append(rowMinY)
        maxY.append(bandMaxY)
        if previousMaxX > maxX { maxX = previousMaxX }
    }

    /// Calls `body` with the bands as buffers.
    func withBuffers<T>(_ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) throws -> T) rethrows -> T {
        try minY.withUnsafeBufferPointer { lo in try maxY.withUnsafeBufferPointer { hi in try body(lo, hi) } }
    }
}

extension RowBands {
    /// Records row `row` of a separable grid, whose cells all start at `rowMinY` and are `height` tall, and checks
    /// it as ``appendRow(_:row:)`` checks a row of frames. The columns are recorded once, by
    /// ``recordColumns(minX:maxX:magnitude:)``.
    ///
    /// - Complexity: O(1).
    mutating func appendBand(minY rowMinY: Double, height: Double, row: Int) {
        guard rowMinY.isFinite, height.isFinite, height >= 0 else {
            preconditionFailure("row \(row) starts at y=\(rowMinY) with height \(height): must be finite, height >= 0")
        }
        let bandMaxY = rowMinY + height
        if let lastMinY = minY.last, let lastMaxY = maxY.last {
            guard rowMinY >= lastMinY, bandMaxY >= lastMaxY else {
                preconditionFailure(
                    "row \(row) spans y \(rowMinY)...\(bandMaxY), above row \(row - 1) (\(lastMinY)...\(lastMaxY))")
            }
        }
        magnitude = Swift.max(magnitude, abs(rowMinY), abs(bandMaxY))
        minY.append(rowMinY)
        maxY.append(bandMaxY)
    }

    /// Records the columns of a separable grid: the smallest `minX`, the largest `maxX` and the largest magnitude of
    /// any column edge. Zero columns record nothing.
    mutating func recordColumns(minX columnMinX: Double, maxX columnMaxX: Double, magnitude columnMagnitude: Double) {
        minX = columnMinX
        // At least zero, as ``appendRow(_:row:)`` keeps it: the content extent never goes negative.
        maxX = Swift.max(0, columnMaxX)
        magnitude = Swift.max(magnitude, columnMagnitude)
    }
}
