import Testing

@testable import Workloads

@Suite("GridSpec")
struct GridSpecTests {
    @Test("impossible specs are named in one line")
    func problems() {
        #expect(GridSpec(rows: 0, columns: 5).problem?.contains("rows must be a positive integer") == true)
        #expect(GridSpec(rows: 5, columns: -1).problem?.contains("columns must be a positive integer") == true)
        #expect(GridSpec(rows: 5, columns: 5, stickyRows: 6).problem?.contains("cannot exceed rows") == true)
        #expect(GridSpec(rows: 5, columns: 5, stickyColumns: -1).problem?.contains("cannot be negative") == true)
        #expect(GridSpec(rows: 10_001, columns: 10_000).problem?.contains("100000000") == true)
        #expect(GridSpec(rows: .max, columns: .max).problem != nil)
        #expect(GridSpec(rows: 10_000, columns: 10_000).problem == nil)
    }

    @Test("memory estimates grow with the grid and never overflow")
    func estimates() {
        let small = GridSpec(rows: 100, columns: 100).estimatedBytes(storage: .compact)
        let large = GridSpec(rows: 10_000, columns: 10_000).estimatedBytes(storage: .compact)
        #expect(large > small * 9_000)
        #expect(GridSpec(rows: 10_000, columns: 10_000).estimatedBytes(storage: .objects) > 7_000_000_000)
        #expect(GridSpec(rows: .max, columns: 2).estimatedBytes(storage: .objects) == .max)
    }
}
