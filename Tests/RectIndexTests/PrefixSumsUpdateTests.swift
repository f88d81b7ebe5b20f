import LayoutModel
import SeededRandom
import Testing

@testable import RectIndex

/// `PrefixSumsGridFrames.update(rows:columns:firstRow:firstColumn:fillAxes:)` keeps the rows and columns before the
/// first changed ones and writes only the rest, yet leaves the store a rebuild from the same axes gives: the same
/// frames, extent and answers to every strategy's queries, whether the grid grows past its block, shrinks, or
/// changes only its columns (the rows' bucket table kept).
@Suite("Prefix sums: update from the first changed row and column")
struct PrefixSumsUpdateTests {
    /// An axis as its items' extents and the gaps after them: starts and ends never decrease, and the starts and
    /// extents of the items before index `i` depend only on the entries before `i`.
    struct Axis {
        var origin: Double
        var extents: [Double] = []
        var gaps: [Double] = []

        var count: Int { extents.count }

        /// Item `i`'s start and extent.
        func items() -> [(start: Double, extent: Double)] {
            var position = origin, result: [(start: Double, extent: Double)] = []
            for (extent, gap) in zip(extents, gaps) {
                result.append((position, extent))
                position += extent + gap
            }
            return result
        }

        /// Replaces the items from `first` on with `count - first` new ones: zero, half-point and large extents,
        /// gaps of 0 or 1 (0 for rows, which touch).
        mutating func replace(from first: Int, count: Int, gaps allowed: Bool, using rng: inout SeededGenerator) {
            extents.removeSubrange(first...)
            gaps.removeSubrange(first...)
            for _ in first..<count {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: extents.append(0)
                case 1: extents.append(0x1p20)
                default: extents.append(Double(Int.random(in: 1...9, using: &rng)) / 2)
                }
                gaps.append(allowed ? Double(Int.random(in: 0...1, using: &rng)) : 0)
            }
        }
    }

    /// The store a rebuild from `columns` and `rows` gives.
    static func rebuilt(columns: Axis, rows: Axis) -> PrefixSumsGridFrames {
        let store = PrefixSumsGridFrames()
        let columnItems = columns.items(), rowItems = rows.items()
        store.rebuild(rows: rows.count, columns: columns.count, column: { c in
            (columnItems[c].start, columnItems[c].extent)
        }, row: { r in (rowItems[r].start, rowItems[r].extent) })
        return store
    }

    /// Every difference between `store` and `expected`, frames, extent and queries, as lines.
    static func differences(_ store: PrefixSumsGridFrames, _ expected: PrefixSumsGridFrames,
                            using rng: inout SeededGenerator) -> [String] {
        var result: [String] = []
        guard store.rowCount == expected.rowCount && store.columnCount == expected.columnCount else {
            return ["\(store.rowCount) x \(store.columnCount), not \(expected.rowCount) x \(expected.columnCount)"]
        }
        if store.contentExtent != expected.contentExtent {
            result.append("extent \(store.contentExtent), not \(expected.contentExtent)")
        }
        for r in 0..<store.rowCount {
            for c in 0..<store.columnCount where store.frame(row: r, column: c) != expected.frame(row: r, column: c) {
                result.append("[\(r), \(c)] is \(store.frame(row: r, column: c)), not \(expected.frame(row: r, column: c))")
            }
        }
        // The row-bucket table too, entry for entry: an update writes only its buckets after the kept rows (39o).
        if store.bucketTableEntries != expected.bucketTableEntries {
            result.append("bucket table \(store.bucketTableEntries.prefix(40)), not \(expected.bucketTableEntries.prefix(40))")
        }
        let size = expected.contentExtent
        var buffer: [LayoutAttributes] = [], wanted: [LayoutAttributes] = []
        for _ in 0..<12 {
            let w = Double(Int.random(in: 0...40, using: &rng)), h = Double(Int.random(in: 0...40, using: &rng))
            let rect = Rect(x: Double(Int.random(in: -10...Int(Swift.min(size.width, 1e6)) + 10, using: &rng)) - w / 2,
                            y: Double(Int.random(in: -10...Int(Swift.min(size.height, 1e6)) + 10, using: &rng)) - h / 2,
                            width: w, height: h)
            let region = GridRegion(rows: 0..<store.rowCount, columns: 0..<store.columnCount)
            for strategy in RectQueryStrategy.allCases {
                buffer.removeAll()
                wanted.removeAll()
                store.query(rect, in: region, using: strategy, into: &buffer)
                expected.query(rect, in: region, using: strategy, into: &wanted)
                if buffer.sorted() != wanted.sorted() { result.append("\(strategy) query of \(rect) differs") }
            }
        }
        return Array(result.prefix(5))
    }

    @Test("seeded updates leave the store a rebuild gives", arguments: [UInt64(1), 2, 3, 4])
    func seededUpdates(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var columns = Axis(origin: -7.5), rows = Axis(origin: 3)
        columns.replace(from: 0, count: 12, gaps: true, using: &rng)
        rows.replace(from: 0, count: 9, gaps: false, using: &rng)
        let store = Self.rebuilt(columns: columns, rows: rows)
        for step in 0..<60 {
            // New counts of 0 to 24, so the grid grows past its block, shrinks and empties; keep a prefix of each axis.
            let newRows = Int.random(in: 0...24, using: &rng), newColumns = Int.random(in: 0...24, using: &rng)
            let kind = Int.random(in: 0..<3, using: &rng)  // 0: both axes change, 1: columns only, 2: rows only
            let firstRow = kind == 1 && newRows == rows.count
                ? newRows : Int.random(in: 0...Swift.min(newRows, rows.count), using: &rng)
            let firstColumn = kind == 2 && newColumns == columns.count
                ? newColumns : Int.random(in: 0...Swift.min(newColumns, columns.count), using: &rng)
            rows.replace(from: firstRow, count: kind == 1 ? rows.count : newRows, gaps: false, using: &rng)
            columns.replace(from: firstColumn, count: kind == 2 ? columns.count : newColumns, gaps: true, using: &rng)
            let rowItems = rows.items(), columnItems = columns.items()
            let keptRows = Swift.min(firstRow, rows.count), keptColumns = Swift.min(firstColumn, columns.count)
            store.update(rows: rows.count, columns: columns.count, firstRow: keptRows, firstColumn: keptColumns) {
                minX, width, minY, height in
                // Only what changed is written: the kept values must already be there.
                for c in keptColumns..<columnItems.count { (minX[c], width[c]) = columnItems[c] }
                for r in keptRows..<rowItems.count { (minY[r], height[r]) = rowItems[r] }
            }
            let differences = Self.differences(store, Self.rebuilt(columns: columns, rows: rows), using: &rng)
            let shape = "\(rows.count) x \(columns.count)"
            #expect(differences.isEmpty,
                    "step \(step), kept \(keptRows) rows and \(keptColumns) columns of \(shape): \(differences)")
            if !differences.isEmpty { break }
        }
    }

    @Test("an update the block has room for keeps the block; a grid that outgrows it gets an eighth more")
    func blockReuse() {
        var rng = SeededGenerator(seed: 9)
        var columns = Axis(origin: 0), rows = Axis(origin: 0)
        columns.replace(from: 0, count: 80, gaps: false, using: &rng)
        rows.replace(from: 0, count: 64, gaps: false, using: &rng)
        let store = Self.rebuilt(columns: columns, rows: rows)
        // A rebuild takes exactly 3 (R + C) values: 3 x (64 + 80) doubles.
        #expect(store.requestedBytes - Self.bucketBytes(store) == 3 * (64 + 80) * 8)
        func update(rows newRows: Int, columns newColumns: Int) {
            let first = Swift.min(newRows, rows.count) / 2, firstColumn = Swift.min(newColumns, columns.count) / 2
            rows.replace(from: first, count: newRows, gaps: false, using: &rng)
            columns.replace(from: firstColumn, count: newColumns, gaps: false, using: &rng)
            let rowItems = rows.items(), columnItems = columns.items()
            store.update(rows: newRows, columns: newColumns, firstRow: first, firstColumn: firstColumn) {
                minX, width, minY, height in
                for c in firstColumn..<newColumns { (minX[c], width[c]) = columnItems[c] }
                for r in first..<newRows { (minY[r], height[r]) = rowItems[r] }
            }
        }
        // One more row: the block is too small for 3 x (65 + 80) = 435 values, so it is replaced by one of
        // 435 + 435 / 8 = 489, as a rebuild of 65 x 80 would replace it.
        update(rows: 65, columns: 80)
        let grown = store.requestedBytes - Self.bucketBytes(store)
        #expect(grown == 489 * 8)
        // Counts within it (3 x (73 + 90) = 489) keep the block, the arrays moving in it as rows and columns trade
        // room.
        for _ in 0..<40 {
            update(rows: Int.random(in: 60...73, using: &rng), columns: Int.random(in: 70...90, using: &rng))
            #expect(store.requestedBytes - Self.bucketBytes(store) == grown)
        }
        var check = SeededGenerator(seed: 10)
        #expect(Self.differences(store, Self.rebuilt(columns: columns, rows: rows), using: &check).isEmpty)
    }

    /// The bytes of the store's row-bucket table (the rest of ``PrefixSumsGridFrames/requestedBytes`` is the axes).
    static func bucketBytes(_ store: PrefixSumsGridFrames) -> Int { store.bucketTableBytes }
}
