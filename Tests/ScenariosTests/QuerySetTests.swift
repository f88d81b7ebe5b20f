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
        for category in VerificationQuery.Category.allCases where category != .prefetch {
            #expect((byCategory[category]?.count ?? 0) >= 1, "\(category) missing from \(count)")
        }
        #expect(byCategory[.prefetch] == nil)
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

    /// A list of 100 rows of 44 points, 390 wide (one item a row), or a row of 100 columns of 120 points.
    func makeVisible(count: Int, horizontal: Bool = false, seed: UInt64 = 5) -> [VerificationQuery] {
        let content = horizontal ? Size(width: 12_000, height: 844) : Size(width: 390, height: 4_400)
        return QuerySet(contentSize: content, viewport: Size(width: 390, height: 844),
                        counts: .uniform(sections: 1, itemsPerSection: 100)) { path, _ in
            horizontal ? Rect(x: Double(path.item) * 120, y: 0, width: 120, height: 844)
                : Rect(x: 0, y: Double(path.item) * 44, width: 390, height: 44)
        }.make(count: count, seed: seed, shape: .visible)
    }

    @Test("the rects UIKit sends: full width for a vertical list, full height for a horizontal one, never empty or sideways",
          arguments: [false, true])
    func visibleShape(horizontal: Bool) {
        let queries = makeVisible(count: 400, horizontal: horizontal)
        #expect(queries.count == 400)
        let byCategory = Dictionary(grouping: queries, by: \.category)
        #expect(Set(byCategory.keys) == [.viewport, .prefetch, .edgeAligned, .outside])
        #expect(byCategory[.viewport]?.count == 160 && byCategory[.prefetch]?.count == 120)
        #expect(byCategory[.edgeAligned]?.count == 80 && byCategory[.outside]?.count == 40)
        for query in queries {
            let r = query.rect
            #expect([r.minX, r.minY, r.maxX, r.maxY].allSatisfy(\.isFinite) && r.width > 0 && r.height > 0)
            if horizontal {
                // Across the scroll axis: the view's full height, never offset.
                #expect(r.minY == 0 && r.height == 844, "\(query)")
                #expect(query.contentOffset.y == 0 && r.width >= 390 && r.width <= 3 * 390)
            } else {
                #expect(r.minX == 0 && r.width == 390, "\(query)")
                #expect(query.contentOffset.x == 0 && r.height >= 844 && r.height <= 3 * 844)
            }
        }
        // Edge-aligned rects begin or end exactly on an item's edge (multiples of 44, or of 120).
        let step = horizontal ? 120.0 : 44.0
        for query in byCategory[.edgeAligned] ?? [] {
            let (low, high) = horizontal ? (query.rect.minX, query.rect.maxX) : (query.rect.minY, query.rect.maxY)
            #expect(low.truncatingRemainder(dividingBy: step) == 0 || high.truncatingRemainder(dividingBy: step) == 0,
                    "\(query)")
        }
        // Overscrolled rects start before 0 or end past the content.
        let end = horizontal ? 12_000.0 : 4_400.0
        for query in byCategory[.outside] ?? [] {
            let (low, high) = horizontal ? (query.rect.minX, query.rect.maxX) : (query.rect.minY, query.rect.maxY)
            #expect(low <= 0 || high >= end, "\(query)")
        }
    }

    @Test("scroll axes, by hand: the axis the content is longer along; vertical when neither")
    func scrollAxes() {
        let viewport = Size(width: 390, height: 844)
        #expect(ScrollAxes(contentSize: Size(width: 390, height: 4_400), viewport: viewport)
            == ScrollAxes(horizontal: false, vertical: true))
        #expect(ScrollAxes(contentSize: Size(width: 4_000, height: 844), viewport: viewport)
            == ScrollAxes(horizontal: true, vertical: false))
        #expect(ScrollAxes(contentSize: Size(width: 4_000, height: 4_000), viewport: viewport)
            == ScrollAxes(horizontal: true, vertical: true))
        #expect(ScrollAxes(contentSize: Size(width: 100, height: 100), viewport: viewport)
            == ScrollAxes(horizontal: false, vertical: true))
        // A prefetch rect: 100 behind and 200 ahead along y, the full width across.
        #expect(ScrollAxes(horizontal: false, vertical: true)
            .visibleRect(at: Point(x: 0, y: 1_000), viewport: viewport, before: 100, after: 200)
            == Rect(x: 0, y: 900, width: 390, height: 1_144))
        // scrollToItem's clamping: past the end, before the start.
        #expect(ScrollAxes.clamped(Point(x: 200, y: 4_000), contentSize: Size(width: 390, height: 4_400),
                                   viewport: viewport) == Point(x: 0, y: 3_556))
        #expect(ScrollAxes.clamped(Point(x: -5, y: -5), contentSize: Size(width: 390, height: 4_400),
                                   viewport: viewport) == .zero)
    }
}
