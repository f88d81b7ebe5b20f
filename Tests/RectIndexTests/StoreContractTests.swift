import LayoutModel
import Testing

@testable import RectIndex

/// A grid that breaks the layout contract stops the process with a message instead of answering wrongly.
@Suite("Store contract")
struct StoreContractTests {
    @Test("cells out of order in a row are refused")
    func unsortedRow() async {
        await #expect(processExitsWith: .failure) {
            let store = CompactGridFrames()
            store.rebuild(rows: 1, columns: 2) { _, frames in
                frames[0] = Rect(x: 100, y: 0, width: 10, height: 10)
                frames[1] = Rect(x: 0, y: 0, width: 10, height: 10)
            }
        }
    }

    @Test("rows out of order are refused")
    func unsortedRows() async {
        await #expect(processExitsWith: .failure) {
            let store = ObjectGridFrames()
            store.rebuild(rows: 2, columns: 1) { row, frames in
                frames[0] = Rect(x: 0, y: row == 0 ? 100 : 0, width: 10, height: 10)
            }
        }
    }

    @Test("negative and non-finite frames are refused")
    func badFrames() async {
        await #expect(processExitsWith: .failure) {
            CompactGridFrames().rebuild(rows: 1, columns: 1) { _, frames in
                frames[0] = Rect(x: 0, y: 0, width: -1, height: 10)
            }
        }
        await #expect(processExitsWith: .failure) {
            CompactGridFrames().rebuild(rows: 1, columns: 1) { _, frames in
                frames[0] = Rect(x: .infinity, y: 0, width: 1, height: 10)
            }
        }
    }

    @Test("compact storage refuses sizes it cannot hold exactly")
    func inexactFloat() async {
        await #expect(processExitsWith: .failure) {
            CompactGridFrames().rebuild(rows: 1, columns: 1) { _, frames in
                frames[0] = Rect(x: 0, y: 0, width: 0.1, height: 10)
            }
        }
    }

    @Test("a rebuilt store forgets the old grid", arguments: GridStoreKind.allCases)
    func rebuildReplaces(kind: GridStoreKind) {
        let store = kind.makeStore()
        store.rebuild(rows: 3, columns: 3) { row, frames in
            for c in 0..<3 { frames[c] = Rect(x: Double(c) * 10, y: Double(row) * 10, width: 10, height: 10) }
        }
        store.rebuild(rows: 2, columns: 1) { row, frames in
            frames[0] = Rect(x: 0, y: Double(row) * 5, width: 7, height: 5)
        }
        #expect(store.rowCount == 2 && store.columnCount == 1)
        #expect(store.contentExtent == Size(width: 7, height: 10))
        #expect(store.frame(row: 1, column: 0) == Rect(x: 0, y: 5, width: 7, height: 5))
        var buffer: [LayoutAttributes] = []
        store.query(.infinite, in: GridRegion(rows: 0..<2, columns: 0..<1), using: .binarySearch, into: &buffer)
        #expect(buffer.count == 2)
    }
}
