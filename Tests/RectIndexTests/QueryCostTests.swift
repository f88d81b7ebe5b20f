import LayoutModel
import Testing

@testable import RectIndex

/// Exact, deterministic figures for the work each strategy does: the cells whose frames it tests.
@Suite("Cells tested per query")
struct QueryCostTests {
    /// 100 x 100 cells of 120 x 44 points.
    static func uniformStore(_ kind: GridStoreKind) -> any GridFrameStore {
        let store = kind.makeStore()
        store.rebuild(rows: 100, columns: 100) { row, frames in
            for c in 0..<100 { frames[c] = Rect(x: Double(c) * 120, y: Double(row) * 44, width: 120, height: 44) }
        }
        return store
    }

    @Test("a phone viewport at the origin", arguments: GridStoreKind.allCases)
    func viewportAtOrigin(kind: GridStoreKind) {
        let store = Self.uniformStore(kind)
        let region = GridRegion(rows: 0..<100, columns: 0..<100)
        let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        var buffer: [LayoutAttributes] = []
        // Columns 0...3 (x 0 to 480) and rows 0...19 (y 0 to 880) meet the viewport: 80 cells.
        #expect(store.query(viewport, in: region, using: .linearScan, into: &buffer) == 10_000)
        #expect(buffer.count == 80)
        buffer.removeAll()
        // Buckets are 4 rows (176 points) tall: y 0...844 covers buckets 0...4, whose rows are 0...19.
        #expect(store.query(viewport, in: region, using: .rowBuckets, into: &buffer) == 20 * 100)
        #expect(buffer.count == 80)
        buffer.removeAll()
        #expect(store.query(viewport, in: region, using: .binarySearch, into: &buffer) == 80)
        #expect(buffer.count == 80)
        if kind == .prefixSums {
            buffer.removeAll()
            // The block of rows 0...19 and columns 0...3.
            #expect(store.query(viewport, in: region, using: .prefixSums, into: &buffer) == 80)
            #expect(buffer.count == 80)
        }
    }

    @Test("binary search tests only the cells it returns, plus the edges", arguments: GridStoreKind.allCases)
    func binarySearchIsOutputSensitive(kind: GridStoreKind) {
        let store = Self.uniformStore(kind)
        let region = GridRegion(rows: 0..<100, columns: 0..<100)
        var buffer: [LayoutAttributes] = []
        for (x, y) in [(0.0, 0.0), (3000.5, 1000.25), (11_500.0, 3_950.0), (6_000.0, 2_000.0)] {
            buffer.removeAll()
            let tested = store.query(Rect(x: x, y: y, width: 390, height: 844), in: region, using: .binarySearch, into: &buffer)
            #expect(tested == buffer.count, "at (\(x), \(y)) tested \(tested) for \(buffer.count) returned")
        }
    }

    @Test("a rect outside the content tests nothing")
    func outsideTestsNothing() {
        let store = Self.uniformStore(.compact)
        var buffer: [LayoutAttributes] = []
        let region = GridRegion(rows: 0..<100, columns: 0..<100)
        #expect(store.query(Rect(x: -500, y: -500, width: 100, height: 100), in: region, using: .binarySearch, into: &buffer) == 0)
        #expect(store.query(.null, in: region, using: .rowBuckets, into: &buffer) == 0)
        #expect(store.query(Rect(x: .nan, y: 0, width: 1, height: 1), in: region, using: .binarySearch, into: &buffer) == 0)
        #expect(buffer.isEmpty)
    }

    @Test("compact storage holds 16 bytes per cell and its column index; objects at least 64", arguments: GridStoreKind.allCases)
    func bytesPerCell(kind: GridStoreKind) {
        let store = Self.uniformStore(kind)
        let perCell = Double(store.requestedBytes) / 10_000
        switch kind {
        // 16 bytes a cell, the row bands, and the column index: half a byte a cell, two thirds of one here, where
        // 100 rows fill four index blocks of 32.
        case .compact: #expect(perCell >= 16 && perCell < 17.5, "compact holds \(perCell) B/cell")
        case .objects: #expect(perCell >= 64 && perCell < 70, "objects hold \(perCell) B/cell")
        // 100 x 100 cells fill 13 x 13 tiles of 64 cells (104 x 104 cells of 16 bytes), and the array keeps the
        // allocator's rounding of that block as capacity: at most a quarter more.
        case .tiles: #expect(perCell >= 16 * 1.0816 && perCell < 16 * 1.0816 * 1.25 + 1, "tiles hold \(perCell) B/cell")
        // Three doubles per row (minY, maxY, height) and per column, twice (the arrays and the query block), and the
        // bucket table: about one byte per cell here, nothing that grows with R x C.
        case .prefixSums: #expect(store.requestedBytes < 2 * 6 * 100 * 8 + 1024, "\(store.requestedBytes) B")
        }
        #expect(kind.estimatedBytes(rows: 100, columns: 100) >= store.requestedBytes)
    }
}
