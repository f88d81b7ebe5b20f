import LayoutModel

extension CompactGridFrames {
    /// Writes one row of cells straight into a ``CompactGridFrames``, gathering the checks of the store's contract
    /// as it goes: a layout that computes each cell's `minX`, width and height appends them here instead of writing
    /// a `Rect` that the store reads back (``CompactGridFrames/rebuild(rows:columns:writeRow:fillRow:)``).
    ///
    /// Every cell of the row has ``minY``. The checks are gathered without a branch a cell and judged once a row:
    /// widths and heights exact as `Float` (which NaN is not), at least zero and finite; `minX` and `maxX`
    /// (`minX + width`) never decreasing along the row; the first `minX`, the last `maxX` and ``minY`` finite
    /// (with the steps at least zero and the sizes finite, every edge between is then finite too). A row that
    /// fails any of them is laid out again as frames, which names the cell.
    @frozen
    public struct RowWriter {
        @usableFromInline let cells: UnsafeMutablePointer<CompactCell>
        @usableFromInline let maxX: UnsafeMutablePointer<Double>
        /// The cells of the row.
        public let columns: Int
        /// The cells written: zero, or ``columns`` once ``write(_:)`` has run.
        @usableFromInline var count = 0
        /// The lanes (width, height) in which some cell was not exact as `Float`.
        @usableFromInline var inexact = SIMDMask<SIMD2<Int64>>(repeating: false)
        /// The last cell's `minX` and `maxX`, `-infinity` before the first cell.
        @usableFromInline var previousEdges = SIMD2<Double>(repeating: -.infinity)
        /// The smallest step of `minX` and of `maxX`, width and height (NaN skipped: ``stepSum`` and ``inexact``
        /// catch it): all of them must be at least zero, so one accumulator holds their minimum.
        @usableFromInline var minimum = SIMD2<Double>(repeating: .infinity)
        /// The sum of the steps: NaN exactly when some step was (the first step is `+infinity`, and every finite
        /// step keeps it so; a step of `-infinity` is negative, and is caught by ``minimum`` too).
        @usableFromInline var stepSum = SIMD2<Double>.zero
        /// The largest width and height (NaN skipped: ``inexact`` catches it).
        @usableFromInline var maxSize = SIMD2<Double>(repeating: -.infinity)
        /// The `minY` of every cell of the row; the writer of the row sets it.
        public var minY = Double.nan

        @usableFromInline
        init(cells: UnsafeMutablePointer<CompactCell>, maxX: UnsafeMutablePointer<Double>, columns: Int) {
            self.cells = cells
            self.maxX = maxX
            self.columns = columns
        }

        /// Writes the row: `cell(c)` gives the `minX` of cell `c` and its width and height as the lanes of `size`,
        /// for every column in order. The writer calls it, so it writes exactly the row's cells.
        ///
        /// - Complexity: O(C) calls of `cell`, and about twenty instructions a cell, with no branch, besides.
        @inlinable @inline(__always)
        public mutating func write(_ cell: (_ column: Int) -> (minX: Double, size: SIMD2<Double>)) {
            count = 0
            for column in 0..<columns {
                let (x, size) = cell(column)
                append(minX: x, size: size)
            }
        }

        /// Appends the next cell of the row.
        @inlinable @inline(__always)
        mutating func append(minX x: Double, size: SIMD2<Double>) {
            // Width and height converted, converted back and compared in one instruction each.
            let narrow = SIMD2<Float>(size)
            inexact .|= SIMD2<Double>(narrow) .!= size
            cells[count] = CompactCell(x: x, width: narrow.x, height: narrow.y)
            let right = x + size.x
            maxX[count] = right
            let edges = SIMD2(x, right)
            let step = edges - previousEdges
            minimum = step.replacing(with: minimum, where: minimum .< step)
            stepSum += step
            previousEdges = edges
            minimum = size.replacing(with: minimum, where: minimum .< size)
            maxSize = size.replacing(with: maxSize, where: maxSize .> size)
            count &+= 1
        }

        /// The row as the bands record it when it is whole (`columns` cells) and passes every check; `nil`
        /// otherwise.
        func checkedRow(columns: Int) -> RowBands.CheckedRow? {
            guard columns > 0, count == columns else { return nil }
            let firstMinX = cells[0].x, firstMaxX = maxX[0]
            let lastMinX = cells[count - 1].x, lastMaxX = maxX[count - 1]
            guard !any(inexact), all(minimum .>= 0), all(stepSum .== stepSum), all(maxSize .< .infinity),
                  minY.isFinite, firstMinX.isFinite, lastMaxX.isFinite
            else { return nil }
            // Adding `minY` keeps the order of the heights (rounding is monotonic), so this is every cell's
            // largest `minY + height`, as the scan of frames finds it.
            return RowBands.CheckedRow(minY: minY, bandMaxY: minY + maxSize.y, firstMinX: firstMinX,
                                       firstMaxX: firstMaxX, lastMinX: lastMinX, lastMaxX: lastMaxX)
        }
    }
}
