import LayoutModel
import RectIndex

extension StickyGridLayout {
    /// Lays out one row of a sticky grid at `y` into compact storage: the cells' frames are those
    /// ``RectIndex/GridFrameStore/rebuild(rows:columns:fillRow:)`` gets from the layout's frames path, `Rect.integral`
    /// of the running offsets, bit for bit, but each cell's `minX`, width and height go to `writer` instead of a frame.
    /// `size(c)` is the size of cell `c`, asked once per column, in order. Returns the row's height, or `nil` when the
    /// row is outside the domain where this is exact (a negative size, an edge at or beyond 2^52), having written
    /// cells that the store discards: the layout then lays the row out as frames, which names a bad size.
    ///
    /// Inlinable so that a size provider that computes its sizes (``GridRowSizeProvider/writeRow(_:y:scratch:into:)``)
    /// runs its computation in this loop: a size is then never stored and read back, and the provider's integer
    /// work overlaps the layout's floating-point work.
    ///
    /// Why it is exact: with sizes at least zero the running `x` never decreases, so every right edge is at most the
    /// row's last, and every `y + height` at most `y` plus the tallest height; when those two are below 2^52, adding
    /// and subtracting 2^52 rounds every edge to the nearest integer exactly, the ceiling is one more when that
    /// rounded down and the floor one less when it rounded up (see `Double.integralFloor`). The right edge and the
    /// bottom of a cell are the lanes of one `SIMD2`, rounded together. NaN sizes are not looked for here: they make
    /// a width or height NaN, which the writer's checks refuse.
    ///
    /// - Complexity: O(C).
    @inlinable @inline(__always)
    public static func writeRow(y: Double, into writer: inout CompactGridFrames.RowWriter,
                                size: (_ column: Int) -> Size) -> Double? {
        typealias Pair = SIMD2<Double>
        @inline(__always) func one(_ condition: SIMDMask<SIMD2<Int64>>) -> Pair {
            Pair.zero.replacing(with: 1, where: condition)
        }
        @inline(__always) func one(if condition: Bool) -> Double {
            Double(bitPattern: (0 &- UInt64(condition ? 1 : 0)) & (1.0 as Double).bitPattern)
        }
        guard y >= 0 && y < 0x1p52 else { return nil }
        let big = Pair(repeating: 0x1p52)
        // The running (x, y), and the cell's integral origin (x0, y0).
        var origin = Pair(0, y)
        var floorOrigin = Pair(0, y.integralFloor)
        var smallest = Pair(repeating: .infinity), largest = Pair.zero
        writer.minY = floorOrigin.y
        writer.write { column in
            let cellSize = size(column)
            let size = Pair(cellSize.width, cellSize.height)
            let edge = origin + size
            let nearest = (edge + big) - big
            let cell = (minX: floorOrigin.x, size: (nearest + one(nearest .< edge)) - floorOrigin)
            origin.x = edge.x
            floorOrigin.x = nearest.x - one(if: nearest.x > edge.x)
            smallest = size.replacing(with: smallest, where: smallest .< size)
            // `largest > size ? largest : size`: the row's height is the frames path's `max` of the heights.
            largest = size.replacing(with: largest, where: largest .> size)
            return cell
        }
        guard all(smallest .>= 0) && origin.x < 0x1p52 && y + largest.y < 0x1p52 else { return nil }
        return largest.y
    }
}
