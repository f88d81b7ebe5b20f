import LayoutModel
import SeededRandom
import Testing

@testable import RectIndex

/// A separable grid given by its axes (`rebuild(rows:columns:column:row:)`) is stored exactly as the same grid given
/// row by row (`rebuild(rows:columns:fillRow:)`), in every storage: the compact store's copy of a template row and
/// the default path through `fillRow` alike.
@Suite("Separable rebuild from axes")
struct SeparableRebuildTests {
    static func axes(rows: Int, columns: Int, seed: UInt64) -> ([(x: Double, width: Double)], [(y: Double, height: Double)]) {
        var rng = SeededGenerator(seed: seed)
        // Widths and heights of 0 to 3 halves and a few large exact ones, with gaps and overlaps at the edges that
        // keep both edges non-decreasing.
        func extent() -> Double {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: 0
            case 1: 0x1p20
            default: Double(Int.random(in: 1...6, using: &rng)) / 2
            }
        }
        var x = -7.5, columnAxis: [(x: Double, width: Double)] = []
        for _ in 0..<columns {
            let w = extent()
            columnAxis.append((x, w))
            x += w + Double(Int.random(in: 0...1, using: &rng))
        }
        var y = 3.0, rowAxis: [(y: Double, height: Double)] = []
        for _ in 0..<rows {
            let h = extent()
            rowAxis.append((y, h))
            y += h
        }
        return (columnAxis, rowAxis)
    }

    @Test("every storage holds the same frames from axes as from rows",
          arguments: [(1, 1), (1, 9), (7, 1), (13, 17), (40, 3)])
    func sameFrames(shape: (Int, Int)) {
        let (rows, columns) = shape
        let (columnAxis, rowAxis) = Self.axes(rows: rows, columns: columns, seed: UInt64(rows * 1000 + columns))
        for storage in GridStoreKind.allCases {
            let byRows = storage.makeStore(), byAxes = storage.makeStore()
            byRows.rebuild(rows: rows, columns: columns) { r, frames in
                for c in frames.indices {
                    frames[c] = Rect(x: columnAxis[c].x, y: rowAxis[r].y, width: columnAxis[c].width,
                                     height: rowAxis[r].height)
                }
            }
            // First a per-cell grid of another shape, with rows out of line (a column index, in stores that keep
            // one): the separable rebuild must replace all of it.
            var rng = SeededGenerator(seed: 5)
            if storage != .prefixSums { byAxes.rebuild(rows: 70, columns: 90) { r, frames in
                var x = 0.0
                for c in frames.indices {
                    let w = Double(Int.random(in: 1...9, using: &rng))
                    frames[c] = Rect(x: x, y: Double(r) * 10, width: w, height: 10)
                    x += w
                }
            } }
            var asked = (columns: [Int](), rows: [Int]())
            // Twice, so the second rebuild reuses the first one's capacity and template.
            for _ in 0..<2 {
                asked = ([], [])
                byAxes.rebuild(rows: rows, columns: columns, column: { c in
                    asked.columns.append(c)
                    return columnAxis[c]
                }, row: { r in
                    asked.rows.append(r)
                    return rowAxis[r]
                })
            }
            #expect(asked.columns == Array(0..<columns), "\(storage): each column asked once, in order")
            #expect(asked.rows == Array(0..<rows), "\(storage): each row asked once, in order")
            #expect(byAxes.rowCount == rows && byAxes.columnCount == columns)
            #expect(byAxes.contentExtent == byRows.contentExtent, "\(storage)")
            for r in 0..<rows {
                for c in 0..<columns {
                    #expect(byAxes.frame(row: r, column: c) == byRows.frame(row: r, column: c), "\(storage) [\(r), \(c)]")
                }
            }
            // The strategies read the same bands, buckets and magnitude: every query answers the same.
            var a: [LayoutAttributes] = [], b: [LayoutAttributes] = []
            for rect in [Rect(x: -10, y: 0, width: 12, height: 9), Rect(x: 0.5, y: 4, width: 0, height: 0),
                         Rect(x: -100, y: -100, width: 1e7, height: 1e7)] {
                for strategy in RectQueryStrategy.allCases where strategy != .prefixSums || storage == .prefixSums {
                    let region = GridRegion(rows: 0..<rows, columns: 0..<columns, translation: Point(x: 1, y: -2))
                    a.removeAll()
                    b.removeAll()
                    byRows.query(rect, in: region, using: strategy, into: &a)
                    byAxes.query(rect, in: region, using: strategy, into: &b)
                    #expect(a == b, "\(storage) \(strategy) \(rect)")
                }
            }
        }
    }
}
