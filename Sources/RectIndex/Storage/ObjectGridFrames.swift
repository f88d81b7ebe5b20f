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
    private var rows: [[CellAttributesObject]] = []
    private var grid = GridRows()

    /// Creates an empty store.
    public init() {}

    public var storageKind: GridStoreKind { .objects }
    public var rowCount: Int { grid.rowCount }
    public var columnCount: Int { grid.columnCount }
    public var contentExtent: Size { grid.contentExtent }

    public var requestedBytes: Int {
        let objects = grid.rowCount * grid.columnCount * CellAttributesObject.requestedBytes
        let references = rows.reduce(rows.capacity * MemoryLayout<[CellAttributesObject]>.stride) {
            $0 + 32 + $1.capacity * MemoryLayout<CellAttributesObject>.stride
        }
        return objects + references + grid.requestedBytes
    }

    public func rebuild(
        rows rowTotal: Int, columns: Int, fillRow: (_ row: Int, _ frames: UnsafeMutableBufferPointer<Rect>) -> Void
    ) {
        precondition(rowTotal <= Int(Int32.max) && columns <= Int(Int32.max), "object storage paths are 32-bit")
        // Release every old object first, as the seed's prepare() replaces its cache, and build into a local:
        // appending to a class's stored array would pay a dynamic exclusivity check per call.
        self.rows = []
        var rows: [[CellAttributesObject]] = []
        rows.reserveCapacity(rowTotal)
        grid.rebuild(rows: rowTotal, columns: columns, indexingColumns: false, fillRow: fillRow) { r, frames in
            var row: [CellAttributesObject] = []
            row.reserveCapacity(columns)
            for (c, frame) in frames.enumerated() {
                row.append(CellAttributesObject(frame: frame, section: Int32(r), item: Int32(c)))
            }
            rows.append(row)
        }
        self.rows = rows
    }

    public func frame(row: Int, column: Int) -> Rect {
        grid.checkCell(row: row, column: column)
        return rows[row][column].frame
    }

    @discardableResult
    public func query(
        _ rect: Rect, in region: GridRegion, using strategy: RectQueryStrategy, into buffer: inout [LayoutAttributes]
    ) -> Int {
        grid.checkRegion(region)
        let grid = self.grid
        return rows.withUnsafeBufferPointer { rows in
            grid.bands.withBuffers { rowMinY, rowMaxY in grid.buckets.withTable { buckets in
                let reader = Reader(
                    rows: rows, rowMinY: rowMinY, rowMaxY: rowMaxY, magnitude: grid.bands.magnitude,
                    buckets: buckets, columnEstimate: grid.columnEstimate)
                return strategy.run(rect, in: region, reader: reader, into: &buffer)
            } }
        }
    }

    struct Reader: _GridFrameReader {
        let rows: UnsafeBufferPointer<[CellAttributesObject]>
        let rowMinY: UnsafeBufferPointer<Double>
        let rowMaxY: UnsafeBufferPointer<Double>
        let magnitude: Double
        let buckets: RowBucketTable
        let columnEstimate: ColumnEstimate

        @inline(__always)
        func row(_ row: Int) -> Row { Row(objects: rows[row]) }

        /// Reads go through the row array and the object, as the seeds' `cache[section][item].frame` does.
        struct Row: _GridRowReader {
            /// Every frame is an object: the strategies read each once.
            static var framesAreInline: Bool { false }
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
