import LayoutModel
import Testing

@testable import Scenarios

@Suite("QuerySet")
struct QuerySetTests {
    func make(count: Int, seed: UInt64 = 5) -> [VerificationQuery] {
        QuerySet(contentSize: Size(width: 12_000, height: 4_400), viewport: Size(width: 390, height: 844),
                 rows: 100, columns: 100) { row, column, offset in
            Rect(x: Double(column) * 120 + (column == 0 ? offset.x : 0), y: Double(row) * 44 + (row == 0 ? offset.y : 0),
                 width: 120, height: 44)
        }.make(count: count, seed: seed)
    }

    @Test("every category is present, in the documented shares, and the count is exact", arguments: [5, 17, 200, 1000])
    func categories(count: Int) {
        let queries = make(count: count)
        #expect(queries.count == count)
        let byCategory = Dictionary(grouping: queries, by: \.category)
        for category in VerificationQuery.Category.allCases {
            #expect((byCategory[category]?.count ?? 0) >= 1, "\(category) missing from \(count)")
        }
        if count >= 200 {
            #expect(Double(byCategory[.viewport]?.count ?? 0) >= 0.35 * Double(count))
        }
    }

    @Test("the same seed gives the same queries")
    func determinism() {
        // Compared as text: the set holds a NaN rect on purpose, and NaN is not equal to itself.
        #expect("\(make(count: 100))" == "\(make(count: 100))")
        #expect("\(make(count: 100, seed: 6))" != "\(make(count: 100))")
    }

    @Test("the viewport sweep covers the whole scrollable range")
    func sweepCoverage() {
        let sweep = make(count: 1000).filter { $0.category == .viewport }
        let xs = sweep.map(\.contentOffset.x), ys = sweep.map(\.contentOffset.y)
        #expect((xs.min() ?? 0) < 0 && (xs.max() ?? 0) > 12_000 - 390)
        #expect((ys.min() ?? 0) < 0 && (ys.max() ?? 0) > 4_400 - 844)
        #expect(sweep.allSatisfy { $0.rect.origin == $0.contentOffset && $0.rect.size == Size(width: 390, height: 844) })
    }
}
