import LayoutModel

extension CompactGridFrames.Reader.Row {
    /// The linear scan's count over compact cells: the same answer as testing each moved frame with
    /// ``_IntersectsTest/hitsBranchFree(_:)``, with the terms that compact storage makes constant taken out of the
    /// loop. Every cell is still read and tested.
    ///
    /// Why each term of `moved.intersects(rect)` may go (the store checked every frame at rebuild, see
    /// ``GridFrameStore``):
    /// - *standardisation*: a compact cell's width and height are `Float`s of non-negative sizes, so `w < 0` and
    ///   `h < 0` never hold and the moved frame's edges are `x + dx`, `x + dx + w`, `y + dy` and `y + dy + h`. A
    ///   width of `-0.0` gives `x0 + -0.0`, which compares equal to `x0 + 0.0`;
    /// - *the row's own terms*: every cell of a row starts at the row's `minY`, so `y0 <= maxY`, `y0 != infinity`
    ///   and the rect's null check are one flag a row, applied to the row's count (not used to skip the row: the
    ///   loop reads every cell whatever the flag);
    /// - *`x0 != infinity`*: when the rect's `maxX` is below infinity, `x0 == infinity` already fails
    ///   `x0 <= maxX`, so the loop without the term gives the same count. A rect reaching `+infinity` takes the loop
    ///   with it.
    ///
    /// What is left a cell is three additions (`x0`, its right edge, the bottom edge), two `Float` to `Double`
    /// conversions, three comparisons and the count: a loop the optimiser vectorises two cells a step in SSE2.
    @inline(__always)
    func _hitCount(in columns: Range<Int>, test: _IntersectsTest) -> Int {
        let y0 = minY + test.dy
        // All ones when the row's shared terms hold, zero otherwise.
        let rowMask = 0 &- ((!test.rectIsNull && !(y0 == .infinity) && y0 <= test.maxY) ? 1 : 0)
        let count = test.maxX < .infinity
            ? countCells(columns, test: test, y0: y0, checksInfinity: false)
            : countCells(columns, test: test, y0: y0, checksInfinity: true)
        return count & rowMask
    }

    @inline(__always)
    private func countCells(_ columns: Range<Int>, test: _IntersectsTest, y0: Double, checksInfinity: Bool) -> Int {
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        let dx = test.dx, minX = test.minX, maxX = test.maxX, minY = test.minY
        var count = 0
        var c = columns.lowerBound
        let end = columns.upperBound
        while c < end {
            let cell = cells[c]
            let x0 = cell.x + dx
            var hit = bit(x0 <= maxX) & bit(minX <= x0 + Double(cell.width)) & bit(minY <= y0 + Double(cell.height))
            if checksInfinity { hit &= bit(!(x0 == .infinity)) }
            count &+= hit
            c &+= 1
        }
        return count
    }
}
