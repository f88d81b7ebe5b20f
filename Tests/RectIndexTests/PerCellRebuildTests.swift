import LayoutBenchTestSupport
import LayoutModel
import Layouts
import SeededRandom
import Testing
import Scenarios

@testable import RectIndex

/// The per-cell rebuild of compact storage, which checks, converts and indexes each row in one pass, against the
/// row-by-row reference (``GridRows/rebuild(rows:columns:indexingColumns:fillRow:ingest:)`` and the frames given):
/// every cell, band, extent and column-index entry bit for bit, across rebuilds that grow and shrink the store; and
/// the sticky grid's per-cell prepare, whose frames every storage must hold exactly as `Rect.integral` lays them out.
@Suite("Per-cell rebuild")
struct PerCellRebuildTests {
    /// Fills `store` with `frames` row by row.
    static func rebuild(_ store: any GridFrameStore, with frames: [[Rect]]) {
        store.rebuild(rows: frames.count, columns: frames.first?.count ?? 0) { r, out in
            for (c, frame) in frames[r].enumerated() { out[c] = frame }
        }
    }

    /// Expects `grid` to be `reference` in everything a query reads.
    static func expectSameRows(_ grid: GridRows, _ reference: GridRows, _ name: String) {
        #expect(grid.rowCount == reference.rowCount && grid.columnCount == reference.columnCount, "\(name)")
        #expect(grid.bands.minY.map(\.bitPattern) == reference.bands.minY.map(\.bitPattern), "\(name): minY")
        #expect(grid.bands.maxY.map(\.bitPattern) == reference.bands.maxY.map(\.bitPattern), "\(name): maxY")
        #expect(grid.bands.minX.bitPattern == reference.bands.minX.bitPattern, "\(name): minX")
        #expect(grid.bands.maxX.bitPattern == reference.bands.maxX.bitPattern, "\(name): maxX")
        #expect(grid.bands.magnitude.bitPattern == reference.bands.magnitude.bitPattern, "\(name): magnitude")
        #expect(grid.contentExtent == reference.contentExtent, "\(name): extent")
        guard let index = grid.columnIndex.reader, let expected = reference.columnIndex.reader else {
            #expect(grid.columnIndex.reader == nil && reference.columnIndex.reader == nil, "\(name): index held")
            return
        }
        #expect(index.originX.bitPattern == expected.originX.bitPattern && index.spacing == expected.spacing)
        #expect(index.columns == expected.columns)
        for r in 0..<grid.rowCount {
            for k in -1...(grid.columnCount + 2) where index.column(row: r, key: k) != expected.column(row: r, key: k) {
                Issue.record("\(name): row \(r) key \(k): \(index.column(row: r, key: k)), not \(expected.column(row: r, key: k))")
            }
        }
    }

    /// Expects every cell of `store` to be exactly `frames`' (compact cells are exact as `Float` here).
    static func expectFrames(_ store: any GridFrameStore, _ frames: [[Rect]], _ name: String) {
        #expect(store.rowCount == frames.count, "\(name)")
        for (r, row) in frames.enumerated() {
            for (c, frame) in row.enumerated() {
                let stored = store.frame(row: r, column: c)
                if !stored.isBitIdentical(to: frame) {
                    Issue.record("\(name): cell [\(r), \(c)] is \(stored), not \(frame)")
                    return
                }
            }
        }
    }

    @Test("cells, bands, extent and column index equal the row-by-row reference")
    func matchesReference() {
        for (name, frames) in ColumnIndexTests.grids() {
            let store = CompactGridFrames()
            Self.rebuild(store, with: frames)
            Self.expectFrames(store, frames, name)
            let reference = ColumnIndexTests.rows(frames)
            Self.expectSameRows(store.grid, reference, name)
            // A fresh store holds what the reference holds (a reused one keeps its index's memory).
            #expect(store.grid.columnIndex.requestedBytes == reference.columnIndex.requestedBytes, "\(name)")
        }
    }

    @Test("one store rebuilt larger, smaller, empty and larger again holds each grid exactly")
    func rebuildsReuseTheStore() {
        let store = CompactGridFrames()
        let shapes = [(40, 50), (70, 90), (10, 20), (0, 5), (5, 0), (33, 9), (100, 130)]
        for (i, (rows, columns)) in shapes.enumerated() {
            let frames = ColumnIndexTests.perCellFrames(rows: rows, columns: columns, seed: UInt64(40 + i))
            Self.rebuild(store, with: frames)
            Self.expectFrames(store, frames, "\(rows) x \(columns)")
            #expect(store.columnCount == (rows == 0 ? 0 : columns) || rows == 0)
            Self.expectSameRows(store.grid, ColumnIndexTests.rows(frames), "\(rows) x \(columns)")
            #expect(store.requestedBytes >= rows * columns * 16)
        }
    }

    @Test("a grid whose rows are alike holds no column index, as the reference")
    func alignedGrid() {
        let frames = (0..<70).map { r in
            (0..<40).map { c in Rect(x: Double(c * 50), y: Double(r * 30), width: 50, height: 30) }
        }
        let store = CompactGridFrames()
        Self.rebuild(store, with: frames)
        #expect(store.grid.columnIndex.reader == nil)
        Self.expectSameRows(store.grid, ColumnIndexTests.rows(frames), "uniform")
    }

    /// Fills `store` through its row writer: each row of `frames` appended cell by cell (`corrupt` may change a
    /// row's cells first, `nil` to leave the row to `fillRow`), the frames themselves as `fillRow`. Returns the rows
    /// that `fillRow` was asked for.
    @discardableResult
    static func write(_ store: CompactGridFrames, _ frames: [[Rect]], columns: Int? = nil,
                      declining: (_ row: Int) -> Bool = { _ in false },
                      corrupt: (_ row: Int, _ cells: [Rect]) -> [Rect]? = { $1 }) -> [Int] {
        var filled: [Int] = []
        store.rebuild(rows: frames.count, columns: columns ?? frames.first?.count ?? 0, writeRow: { r, writer in
            #expect(writer.columns == frames[r].count)
            guard let cells = corrupt(r, frames[r]) else { return false }
            writer.minY = cells.first?.origin.y ?? 0
            writer.write { c in (cells[c].origin.x, SIMD2(cells[c].size.width, cells[c].size.height)) }
            return !declining(r)
        }, fillRow: { r, out in
            filled.append(r)
            for (c, frame) in frames[r].enumerated() { out[c] = frame }
        })
        return filled
    }

    @Test("rows written through the row writer hold what rows of frames hold")
    func writerMatchesFrames() {
        for (name, frames) in ColumnIndexTests.grids() {
            let store = CompactGridFrames()
            // Twice: the second rebuild writes over the first one's memory.
            for pass in 0..<2 {
                let filled = Self.write(store, frames)
                #expect(filled.isEmpty || frames.first?.isEmpty == true, "\(name): rows refused \(filled)")
                Self.expectFrames(store, frames, "\(name) pass \(pass)")
                Self.expectSameRows(store.grid, ColumnIndexTests.rows(frames), "\(name) pass \(pass)")
            }
        }
    }

    /// Ways a row written through the writer can break the store's contract, each of which must send the row to
    /// `fillRow`; `nil` declines the row.
    static let corruptions: [(name: String, corrupt: @Sendable ([Rect], Int) -> [Rect]?)] = [
        ("declined", { _, _ in nil }),
        ("a NaN width", { cells, c in var cells = cells; cells[c].size.width = .nan; return cells }),
        ("a NaN height", { cells, c in var cells = cells; cells[c].size.height = .nan; return cells }),
        ("a NaN x", { cells, c in var cells = cells; cells[c].origin.x = .nan; return cells }),
        ("an infinite width", { cells, c in var cells = cells; cells[c].size.width = .infinity; return cells }),
        ("an infinite height", { cells, c in var cells = cells; cells[c].size.height = .infinity; return cells }),
        ("an infinite last x", { cells, _ in
            var cells = cells; cells[cells.count - 1].origin.x = .infinity; return cells }),
        ("a -infinity first x", { cells, _ in var cells = cells; cells[0].origin.x = -.infinity; return cells }),
        ("a negative width", { cells, c in var cells = cells; cells[c].size.width = -1; return cells }),
        ("a negative height", { cells, c in var cells = cells; cells[c].size.height = -1; return cells }),
        ("a width not exact as Float", { cells, c in
            var cells = cells; cells[c].size.width += 0x1p-30; return cells }),
        ("a height not exact as Float", { cells, c in
            var cells = cells; cells[c].size.height = 16_777_217; return cells }),
        ("minX decreasing", { cells, c in
            guard c > 0 else { return nil }
            var cells = cells; cells[c].origin.x = cells[c - 1].origin.x - 1; return cells }),
        ("maxX decreasing", { cells, c in
            guard c > 0 else { return nil }
            var cells = cells
            cells[c].origin.x = cells[c - 1].origin.x
            cells[c].size.width = Swift.max(0, cells[c - 1].size.width - 1)
            return cells }),
        ("a NaN minY", { cells, _ in cells.map { Rect(x: $0.origin.x, y: .nan, width: $0.size.width, height: 1) } }),
    ]

    @Test("a row the writer gets wrong is laid out again from its frames, and the grid is the frames'",
          arguments: 0..<corruptions.count)
    func refusedRowsTakeTheFramesPath(corruption: Int) {
        let (name, corrupt) = Self.corruptions[corruption]
        let frames = ColumnIndexTests.perCellFrames(rows: 40, columns: 57, seed: 17)
        let store = CompactGridFrames()
        var rng = SplitMix64(state: UInt64(corruption))
        // Every third row, at a column that moves; the other rows are written as they are.
        let columns = (0..<frames.count).map { _ in Int(rng.next() % 57) }
        let filled = Self.write(store, frames, corrupt: { r, cells in r % 3 == 1 ? corrupt(cells, columns[r]) : cells })
        #expect(filled == Array(stride(from: 1, to: 40, by: 3)), "\(name)")
        Self.expectFrames(store, frames, name)
        Self.expectSameRows(store.grid, ColumnIndexTests.rows(frames), name)
    }

    @Test("a row written and then declined is laid out again from its frames")
    func writtenThenDeclined() {
        let frames = ColumnIndexTests.perCellFrames(rows: 20, columns: 33, seed: 29)
        let store = CompactGridFrames()
        let filled = Self.write(store, frames, declining: { $0 % 4 == 2 }, corrupt: { r, cells in
            // Declined rows are written wrong, in every way at once.
            r % 4 == 2 ? cells.map { _ in Rect(x: .nan, y: -1, width: -3, height: 0x1p-40) } : cells
        })
        #expect(filled == [2, 6, 10, 14, 18])
        Self.expectFrames(store, frames, "declined")
        Self.expectSameRows(store.grid, ColumnIndexTests.rows(frames), "declined")
    }

    @Test("a grid of empty rows, and one of no rows, rebuilt through the writer")
    func writerEmptyShapes() {
        for (rows, columns) in [(0, 0), (0, 7), (6, 0), (1, 1)] {
            let frames = ColumnIndexTests.perCellFrames(rows: rows, columns: columns, seed: 3)
            let store = CompactGridFrames()
            Self.write(store, frames, columns: columns)
            #expect(store.rowCount == rows && store.columnCount == columns)
            Self.expectFrames(store, frames, "\(rows) x \(columns)")
            var reference = GridRows()
            reference.rebuild(rows: rows, columns: columns, fillRow: { r, out in
                for (c, frame) in frames[r].enumerated() { out[c] = frame }
            }, ingest: { _, _ in })
            Self.expectSameRows(store.grid, reference, "\(rows) x \(columns)")
        }
    }

    /// The frame of every cell of a grid of `sizes` laid out left to right and top to bottom, a row as tall as its
    /// tallest cell, each `Rect(x, y, w, h).integral`: what the sticky grid's prepare must produce.
    static func referenceFrames(_ sizes: GridSizes, rows: Int, columns: Int) -> [[Rect]] {
        var y = 0.0
        return (0..<rows).map { r in
            var x = 0.0, height = 0.0
            let row = (0..<columns).map { c in
                let size = sizes.size(row: r, column: c)
                defer { x += size.width; height = Swift.max(height, size.height) }
                return Rect(x: x, y: y, width: size.width, height: size.height).integral
            }
            y += height
            return row
        }
    }

    @Test("the sticky grid's per-cell prepare holds Rect.integral of the running offsets, in every storage",
          arguments: [AttributeStorageKind.compact, .objects, .tiles])
    func stickyGridPerCell(storage: AttributeStorageKind) {
        for (rows, columns, seed) in [(70, 130, UInt64(1)), (33, 1, 2), (1, 257, 3), (45, 64, 4)] {
            let sizes = GridSizes(.perCell, rows: rows, columns: columns, seed: seed)
            for layout in [StickyGridLayout(sizes: sizes, stickyRows: 1, stickyColumns: 1, storage: storage),
                           StickyGridLayout(sizes: RowSizes(base: sizes), stickyRows: 1, stickyColumns: 1,
                                            storage: storage)] {
            let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844), sections: rows,
                                            itemsPerSection: columns)
            let expected = Self.referenceFrames(sizes, rows: rows, columns: columns)
            // Twice: the second prepare rebuilds over the first one's memory.
            for pass in 0..<2 {
                layout.invalidate(with: InvalidationContext(invalidateEverything: true))
                layout.prepare(in: state)
                Self.expectFrames(layout.store, expected, "\(storage) \(rows) x \(columns) pass \(pass)")
            }
            }
        }
    }
}

extension PerCellRebuildTests {
    @Test("per-cell rows outside the written path's domain (edges past 2^52, zero and -0.0 sizes) lay out as frames do",
          arguments: [AttributeStorageKind.compact, .objects])
    func stickyGridOddSizes(storage: AttributeStorageKind) {
        let base = GridSizes(.perCell, rows: 30, columns: 40, seed: 5)
        let sizes = OddSizes(base: base)
        let layout = StickyGridLayout(sizes: sizes, stickyRows: 1, stickyColumns: 1, storage: storage)
        let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 390, height: 844), sections: 30,
                                        itemsPerSection: 40)
        var expected: [[Rect]] = []
        var y = 0.0
        for r in 0..<30 {
            var x = 0.0, height = 0.0
            expected.append((0..<40).map { c in
                let size = sizes.size(row: r, column: c)
                defer { x += size.width; height = Swift.max(height, size.height) }
                return Rect(x: x, y: y, width: size.width, height: size.height).integral
            })
            y += height
        }
        for pass in 0..<2 {
            layout.invalidate(with: InvalidationContext(invalidateEverything: true))
            layout.prepare(in: state)
            Self.expectFrames(layout.store, expected, "\(storage) pass \(pass)")
        }
    }
}

/// Per-cell sizes with a few odd rows: row 3 has a cell 2^53 wide (its later edges are past 2^52, exact as `Float`),
/// row 20 one 2^53 tall, row 7 zero and `-0.0` sizes.
private struct OddSizes: GridRowSizeProvider {
    let base: GridSizes

    func size(row: Int, column: Int) -> Size {
        switch (row, column) {
        case (3, 5): Size(width: 0x1p53, height: 30)
        case (20, 9): Size(width: 40, height: 0x1p53)
        case (7, 0): Size(width: 0, height: -0.0)
        case (7, 1): Size(width: -0.0, height: 0)
        default: base.size(row: row, column: column)
        }
    }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) {
        for c in sizes.indices { sizes[c] = size(row: row, column: c) }
    }
}

/// ``GridSizes`` a row at a time, as the workloads hand them to the sticky grid.
private struct RowSizes: GridRowSizeProvider {
    let base: GridSizes

    func size(row: Int, column: Int) -> Size { base.size(row: row, column: column) }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) { base.fillRow(row, into: sizes) }
}
