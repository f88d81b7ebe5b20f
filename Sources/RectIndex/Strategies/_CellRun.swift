import LayoutModel

/// The exact test a strategy applies to each candidate cell: where the cell is shown, and whether it meets the rect.
protocol _CellTest {
    /// The static frame moved to where the region shows it.
    func moved(_ frame: Rect) -> Rect
    /// Whether the moved frame meets the query rect.
    func hits(_ moved: Rect) -> Bool
}

extension _QueryWindow: _CellTest {}

/// The linear scan's test: ``Rect/intersects(_:)`` of the moved frame and the rect, with the rect's half of it (its
/// null check and standardised edges) computed once per query instead of once per cell. Nothing else is derived:
/// the frame's own null check and standardisation stay in the loop, as `intersects` has them.
struct _IntersectsTest: _CellTest {
    let rectIsNull: Bool
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let dx: Double, dy: Double

    @inline(__always)
    init(rect: Rect, dx: Double, dy: Double) {
        rectIsNull = rect.isNull
        (minX, minY, maxX, maxY) = rect.standardizedEdges
        self.dx = dx
        self.dy = dy
    }

    @inline(__always)
    func moved(_ frame: Rect) -> Rect { frame.offsetBy(dx: dx, dy: dy) }

    /// `moved.intersects(rect)`, term for term.
    @inline(__always)
    func hits(_ moved: Rect) -> Bool {
        if rectIsNull || moved.isNull { return false }
        let a = moved.standardizedEdges
        return a.minX <= maxX && minX <= a.maxX && a.minY <= maxY && minY <= a.maxY
    }

    /// ``hits(_:)`` with the same floating-point operations and comparisons, combined as 0 or 1 with `&` instead of `&&` and
    /// `||`: no branch, so a loop of it is a plain reduction the optimiser can unroll and vectorise. Each comparison
    /// is the one `hits` makes (`isNull` is `x == .infinity || y == .infinity`), so the two agree on every input,
    /// NaNs and signed zeros included.
    @inline(__always)
    func hitsBranchFree(_ moved: Rect) -> Int {
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        let w = moved.size.width, h = moved.size.height
        let x0 = w < 0 ? moved.origin.x + w : moved.origin.x
        let y0 = h < 0 ? moved.origin.y + h : moved.origin.y
        let notNull = bit(!rectIsNull) & bit(!(moved.origin.x == .infinity)) & bit(!(moved.origin.y == .infinity))
        return notNull & bit(x0 <= maxX) & bit(minX <= x0 + abs(w)) & bit(y0 <= maxY) & bit(minY <= y0 + abs(h))
    }
}

extension _GridRowReader {
    /// How many cells of `columns` pass the linear scan's test: every cell tested, in a loop with no branch per cell.
    @inline(__always)
    func _hitCount(in columns: Range<Int>, test: _IntersectsTest) -> Int {
        var count = 0
        var c = columns.lowerBound
        let end = columns.upperBound
        while c < end {
            count &+= test.hitsBranchFree(test.moved(frame(c)))
            c &+= 1
        }
        return count
    }
}

/// The cells of one row, in `columns`, that pass a test, as a sequence an array appends by writing them straight into
/// its spare capacity.
///
/// `Array.append(contentsOf:)` makes one uniqueness and capacity check, then hands its spare capacity to
/// ``_copyContents(initializing:)``, which writes each hit with one unchecked store; the cells that do not fit
/// (when the spare capacity runs out) come through the iterator, one checked append each. A strategy therefore pays
/// the array's checks once per row, not once per cell, without a scratch buffer and a second copy.
struct _CellRun<Row: _GridRowReader, Test: _CellTest>: Sequence {
    let row: Row
    let rowIndex: Int
    let columns: Range<Int>
    let test: Test
    let zIndex: Int

    @inline(__always)
    init(row: Row, rowIndex: Int, columns: Range<Int>, test: Test, zIndex: Int) {
        self.row = row
        self.rowIndex = rowIndex
        self.columns = columns
        self.test = test
        self.zIndex = zIndex
    }

    /// Zero: how many cells hit is known only after testing them.
    var underestimatedCount: Int { 0 }

    /// The hits, one at a time, from `column` on.
    struct Iterator: IteratorProtocol {
        let run: _CellRun
        var column: Int

        @inline(__always)
        mutating func next() -> LayoutAttributes? {
            while column < run.columns.upperBound {
                let c = column
                column += 1
                let frame = run.test.moved(run.row.frame(c))
                if run.test.hits(frame) {
                    return LayoutAttributes(frame: frame, path: ElementPath(section: run.rowIndex, item: c),
                                            zIndex: run.zIndex)
                }
            }
            return nil
        }
    }

    @inline(__always)
    func makeIterator() -> Iterator { Iterator(run: self, column: columns.lowerBound) }

    /// Writes the hits into `target` until it is full or the row ends, and returns where it stopped.
    @inline(__always)
    func _copyContents(initializing target: UnsafeMutableBufferPointer<LayoutAttributes>)
        -> (Iterator, UnsafeMutableBufferPointer<LayoutAttributes>.Index)
    {
        guard let base = target.baseAddress else { return (makeIterator(), 0) }
        // Locals, so the loop keeps them in registers: a store into `target` could otherwise alias `self`.
        let row = self.row, test = self.test, rowIndex = self.rowIndex, zIndex = self.zIndex
        var c = columns.lowerBound
        let end = columns.upperBound
        var written = 0
        if columns.count <= target.count {
            // Every cell fits even if every cell hits: no capacity check per cell.
            while c < end {
                let frame = test.moved(row.frame(c))
                if test.hits(frame) {
                    (base + written).initialize(
                        to: LayoutAttributes(frame: frame, path: ElementPath(section: rowIndex, item: c), zIndex: zIndex))
                    written += 1
                }
                c += 1
            }
        } else {
            // Stop when the spare capacity is full; the iterator takes the rest of the row.
            let capacity = target.count
            while c < end && written < capacity {
                let frame = test.moved(row.frame(c))
                if test.hits(frame) {
                    (base + written).initialize(
                        to: LayoutAttributes(frame: frame, path: ElementPath(section: rowIndex, item: c), zIndex: zIndex))
                    written += 1
                }
                c += 1
            }
        }
        return (Iterator(run: self, column: c), written)
    }
}

extension Array where Element == LayoutAttributes {
    /// Makes room for at least `extra` more elements, growing geometrically, so that the rows of a query write
    /// through ``_CellRun/_copyContents(initializing:)`` rather than the one-at-a-time fallback.
    @inline(__always)
    mutating func _reserveSpare(_ extra: Int) {
        let needed = count + extra
        if needed > capacity { reserveCapacity(Swift.max(needed, 2 * capacity)) }
    }
}
