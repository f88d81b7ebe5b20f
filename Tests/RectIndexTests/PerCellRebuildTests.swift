import LayoutBenchTestSupport
import LayoutModel
import Layouts
import SeededRandom
import Testing
import Workloads

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
                if stored.origin.x.bitPattern != frame.origin.x.bitPattern
                    || stored.origin.y.bitPattern != frame.origin.y.bitPattern
                    || stored.size.width.bitPattern != frame.size.width.bitPattern
                    || stored.size.height.bitPattern != frame.size.height.bitPattern
                {
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

/// ``GridSizes`` a row at a time, as the workloads hand them to the sticky grid.
private struct RowSizes: GridRowSizeProvider {
    let base: GridSizes

    func size(row: Int, column: Int) -> Size { base.size(row: row, column: column) }

    func fillSizes(row: Int, into sizes: UnsafeMutableBufferPointer<Size>) { base.fillRow(row, into: sizes) }
}
