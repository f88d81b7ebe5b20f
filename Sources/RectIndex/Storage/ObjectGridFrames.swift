import LayoutModel

/// One heap object per cell, as the seeds' `UICollectionViewLayoutAttributes`.
///
/// 56 bytes are requested per instance (a 16-byte object header, the frame, and the path as two `Int32`s), which
/// both jemalloc and glibc serve from a 64-byte block; with the 8-byte reference in the row array that is 72 bytes
/// per cell.
final class CellAttributesObject {
    let frame: Rect
    let section: Int32
    let item: Int32

    init(frame: Rect, section: Int32, item: Int32) {
        self.frame = frame
        self.section = section
        self.item = item
    }

    /// Bytes requested from the allocator per instance.
    static let requestedBytes = 16 + MemoryLayout<Rect>.size + 2 * MemoryLayout<Int32>.size
}

/// Frames held as a 2-D array of attribute objects, `[[CellAttributesObject]]`, as the seeds hold them.
///
/// Every rebuild releases every object and allocates new ones, as the seeds' `prepare()` does.
public final class ObjectGridFrames: GridFrameStore {
    public private(set) var rowCount = 0
    public private(set) var columnCount = 0
    private var rows: [[CellAttributesObject]] = []
    private var bands = RowBands()
    private var buckets = RowBuckets()
    private var scratch: [Rect] = []

    /// Creates an empty store.
    public init() {}

    public var storageKind: AttributeStorageKind { .objects }

    public var contentExtent: Size { Size(width: bands.maxX, height: bands.extentY) }

    public var requestedBytes: Int {
        let objects = rowCount * columnCount * CellAttributesObject.requestedBytes
        let references = rows.reduce(rows.capacity * MemoryLayout<[CellAttributesObject]>.stride) {
            $0 + 32 + $1.capacity * MemoryLayout<CellAttributesObject>.stride
        }
        return objects + references + bands.requestedBytes + buckets.requestedBytes
    }

    public func rebuild(
        rows rowTotal: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        precondition(rowTotal >= 0 && columns >= 0, "a grid cannot have \(rowTotal) rows or \(columns) columns")
        precondition(rowTotal <= Int(Int32.max) && columns <= Int(Int32.max), "object storage paths are 32-bit")
        // Build into locals: appending to a class's stored arrays would pay a dynamic exclusivity check per call.
        self.rows = []
        var rows: [[CellAttributesObject]] = []
        rows.reserveCapacity(rowTotal)
        var bands = self.bands, scratch = self.scratch
        self.bands = RowBands()
        bands.removeAll(reservingRows: rowTotal)
        if scratch.count != columns { scratch = Array(repeating: .zero, count: columns) }
        for r in 0..<rowTotal {
            scratch.withUnsafeMutableBufferPointer { frames in
                fillRow(r, frames)
                bands.appendRow(UnsafeBufferPointer(frames), row: r)
                var row: [CellAttributesObject] = []
                row.reserveCapacity(columns)
                for (c, frame) in frames.enumerated() {
                    row.append(CellAttributesObject(frame: frame, section: Int32(r), item: Int32(c)))
                }
                rows.append(row)
            }
        }
        self.rows = rows
        self.bands = bands
        self.scratch = scratch
        rowCount = rowTotal
        columnCount = columns
        bands.withBuffers { buckets.rebuild(minY: $0, maxY: $1) }
    }

    public func frame(row: Int, column: Int) -> Rect {
        precondition(row >= 0 && row < rowCount && column >= 0 && column < columnCount, "no cell [\(row), \(column)]")
        return rows[row][column].frame
    }

    @discardableResult
    public func query(
        _ rect: Rect, in region: GridRegion, using strategy: RectQueryStrategy, into buffer: inout [LayoutAttributes]
    ) -> Int {
        precondition(
            region.isEmpty || (region.rows.lowerBound >= 0 && region.rows.upperBound <= rowCount
                && region.columns.lowerBound >= 0 && region.columns.upperBound <= columnCount),
            "region \(region.rows) x \(region.columns) is outside the \(rowCount) x \(columnCount) grid")
        return rows.withUnsafeBufferPointer { rows in
            bands.withBuffers { rowMinY, rowMaxY in
                let reader = Reader(
                    rows: rows, rowMinY: rowMinY, rowMaxY: rowMaxY, magnitude: bands.magnitude, buckets: buckets)
                return strategy.run(rect, in: region, reader: reader, into: &buffer)
            }
        }
    }

    struct Reader: _GridFrameReader {
        let rows: UnsafeBufferPointer<[CellAttributesObject]>
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let magnitude: Double
        let buckets: RowBuckets

        @inline(__always)
        func row(_ row: Int) -> Row { Row(objects: rows[row]) }

        /// Reads go through the row array and the object, as the seeds' `cache[section][item].frame` does.
        struct Row: _GridRowReader {
            let objects: [CellAttributesObject]

            @inline(__always)
            func frame(_ column: Int) -> Rect { objects[column].frame }

            @inline(__always)
            func minX(_ column: Int) -> Double { objects[column].frame.origin.x }

            @inline(__always)
            func maxX(_ column: Int) -> Double {
                let frame = objects[column].frame
                return frame.origin.x + frame.size.width
            }
        }
    }
}
