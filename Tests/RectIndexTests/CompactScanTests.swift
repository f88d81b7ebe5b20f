import LayoutModel
import Testing

@testable import RectIndex

/// The compact and tiled stores' linear-scan count (`CompactGridFrames+Scan.swift`) drops the terms their invariants make
/// constant. These cases pin it to the generic count (every moved frame tested with `hitsBranchFree`) and to
/// `Rect.intersects`, on the values where a dropped term could matter: rects reaching infinity, translations that
/// overflow to infinity, null and NaN rects, zero and negative-zero sizes, edges that touch.
@Suite("Compact linear-scan count")
struct CompactScanTests {
    /// One row of cells whose frames have the given widths, starting at `x0`, at `y`, each `height` tall.
    static func row(x0: Double, widths: [Double], y: Double, heights: [Double]) -> [Rect] {
        var x = x0
        return zip(widths, heights).map { w, h in
            defer { x += w }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }

    static let rects: [Rect] = [
        Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 3, y: 5, width: 0, height: 0),
        Rect(x: 4, y: -2, width: .infinity, height: 4), Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity),
        Rect(x: 5, y: 0, width: -5, height: 7), Rect.null, Rect(x: .nan, y: 0, width: 1, height: 1),
        Rect(x: 0, y: .infinity, width: 1, height: 1), Rect(x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308),
        Rect(x: 1.7e308, y: 0, width: 1e308, height: 10), Rect(x: 12, y: 7, width: 1, height: 0),
    ]

    static let translations: [(Double, Double)] = [
        (0, 0), (-0.0, -0.0), (2.5, -3), (1.7e308, 0), (0, 1.7e308), (1.7e308, 1.7e308), (-1.7e308, 0),
    ]

    @Test("the compact count equals the generic count and intersects, cell by cell", arguments: [
        GridStoreKind.compact, .tiles,
    ])
    func compactCountAgrees(storage: GridStoreKind) throws {
        let rows: [[Rect]] = [
            Self.row(x0: 0, widths: [0, -0.0, 1, 2, 0, 3, 5, 0], y: 0, heights: [0, 1, -0.0, 4, 7, 0, 2, 3]),
            Self.row(x0: 1e308, widths: [0, 0x1p127, 0x1p126, 0], y: 7, heights: [0, 3, 0x1p100, 2]),
            Self.row(x0: -4, widths: [4, 0, 8, 1], y: 7, heights: [5, 0, 0, 9]),
            // Across three tiles of eight.
            Self.row(x0: 1, widths: (0..<19).map { Double($0 % 4) }, y: 2, heights: (0..<19).map { Double($0 % 5) }),
        ]
        for frames in rows {
            let store = storage.makeStore()
            store.rebuild(rows: 1, columns: frames.count) { _, out in
                for (c, frame) in frames.enumerated() { out[c] = frame }
            }
            for rect in Self.rects {
                for (dx, dy) in Self.translations {
                    let test = _IntersectsTest(rect: rect, dx: dx, dy: dy)
                    let expected = frames.filter { $0.offsetBy(dx: dx, dy: dy).intersects(rect) }.count
                    var generic = 0
                    for c in frames.indices { generic += test.hitsBranchFree(test.moved(store.frame(row: 0, column: c))) }
                    #expect(generic == expected, "generic count, \(rect) moved by (\(dx), \(dy))")
                    // Every column range, so that the scan's chunks start and end on each cell.
                    for c in 0...frames.count {
                        for e in c...frames.count {
                            var buffer: [LayoutAttributes] = []
                            let region = GridRegion(rows: 0..<1, columns: c..<e, translation: Point(x: dx, y: dy))
                            store.query(rect, in: region, using: .linearScan, into: &buffer)
                            let reference = frames.indices[c..<e].filter {
                                frames[$0].offsetBy(dx: dx, dy: dy).intersects(rect)
                            }
                            #expect(buffer.map(\.path.item) == reference,
                                    "columns \(c)..<\(e), \(rect) moved by (\(dx), \(dy))")
                        }
                    }
                }
            }
        }
    }
}
