import LayoutModel

/// The exact test a strategy applies to each candidate cell: where the cell is shown, and whether it meets the rect.
protocol _CellTest {
    /// The static frame moved to where the region shows it.
    func moved(_ frame: Rect) -> Rect
    /// Whether the moved frame meets the query rect.
    func hits(_ moved: Rect) -> Bool
}

extension _QueryWindow: _CellTest {}

/// The linear scan's test: the moved frame against the rect with ``Rect/intersects(_:)`` itself, nothing derived.
struct _IntersectsTest: _CellTest {
    let rect: Rect
    let dx: Double, dy: Double

    @inline(__always)
    func moved(_ frame: Rect) -> Rect { frame.offsetBy(dx: dx, dy: dy) }

    @inline(__always)
    func hits(_ moved: Rect) -> Bool { moved.intersects(rect) }
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
        let capacity = target.count
        var written = 0
        var c = columns.lowerBound
        let end = columns.upperBound
        while c < end && written < capacity {
            let frame = test.moved(row.frame(c))
            if test.hits(frame) {
                (base + written).initialize(
                    to: LayoutAttributes(frame: frame, path: ElementPath(section: rowIndex, item: c), zIndex: zIndex))
                written += 1
            }
            c += 1
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
