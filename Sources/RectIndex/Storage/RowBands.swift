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
        var bandMaxY = frames.isEmpty ? (minY.last ?? 0) : -Double.infinity
        let rowMinY = frames.first?.origin.y ?? (minY.last ?? 0)
        var previousMinX = -Double.infinity
        var previousMaxX = -Double.infinity
        // The checks of every cell folded into one flag, with no branch per cell; only a row that fails one is
        // walked again, cell by cell, to name the first cell that fails.
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        var valid = 1
        for frame in frames {
            let x = frame.origin.x, y = frame.origin.y, w = frame.size.width, h = frame.size.height
            let maxX = x + w
            // `v - v` is 0 for a finite `v` and NaN for an infinite or NaN one, so the sum is 0 exactly when all four
            // are finite: a few subtractions, not the classification of each.
            let finite = (x - x) + (y - y) + (w - w) + (h - h) == 0
            valid &= bit(finite) & bit(w >= 0)
                & bit(h >= 0) & bit(y == rowMinY) & bit(x >= previousMinX) & bit(maxX >= previousMaxX)
            previousMinX = x
            previousMaxX = maxX
            bandMaxY = Swift.max(bandMaxY, y + h)
        }
        if valid == 0 { Self.checkRow(frames, row: row, rowMinY: rowMinY) }
        appendChecked(frames, row: row, rowMinY: rowMinY, bandMaxY: bandMaxY, previousMinX: previousMinX,
                      previousMaxX: previousMaxX)
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

    private mutating func appendChecked(_ frames: UnsafeBufferPointer<Rect>, row: Int, rowMinY: Double,
                                        bandMaxY: Double, previousMinX: Double, previousMaxX: Double) {
        if let first = frames.first {
            // `minX` and `maxX` never decrease along the checked row, so their largest magnitudes are at its ends:
            // no loop-carried `max` chain per cell.
            magnitude = Swift.max(magnitude, abs(first.origin.x), abs(first.origin.x + first.size.width),
                                  abs(previousMinX), abs(previousMaxX))
            magnitude = Swift.max(magnitude, abs(rowMinY), abs(bandMaxY))
            minX = minY.isEmpty ? first.origin.x : Swift.min(minX, first.origin.x)
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
