import RectIndex
import LayoutBenchTestSupport
import LayoutModel
import Testing
import Scenarios
import Verification

@testable import Layouts
import SeededRandom
import TestFixtures

/// The sticky grid, checked against the brute force and against its own invariants over many small and medium grids:
/// every size distribution, with and without sticky rows and columns, at many content offsets.
@Suite("StickyGridLayout")
struct StickyGridLayoutTests {
    struct Case: CustomStringConvertible, Sendable {
        var rows: Int
        var columns: Int
        var stickyRows: Int
        var stickyColumns: Int
        var sizes: String
        var description: String { "\(rows)x\(columns) sticky \(stickyRows)x\(stickyColumns) \(sizes)" }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        let shapes = [(1, 1), (1, 7), (6, 1), (3, 4), (12, 9), (30, 40), (64, 21)]
        for (rows, columns) in shapes {
            for sizes in ["uniform", "separable", "per-cell", "adversarial"] {
                for (sr, sc) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 3)] where sr <= rows && sc <= columns {
                    cases.append(Case(rows: rows, columns: columns, stickyRows: sr, stickyColumns: sc, sizes: sizes))
                }
            }
        }
        return cases
    }()

    static func sizes(_ c: Case, seed: UInt64) -> any GridSizeProvider {
        switch c.sizes {
        case "adversarial": AdversarialSizes(rows: c.rows, columns: c.columns, seed: seed)
        case "uniform", "separable":
            SeparableSizes(GridSizes(SizeDistribution(rawValue: c.sizes) ?? .uniform, rows: c.rows, columns: c.columns,
                                     seed: seed))
        default: GridSizes(SizeDistribution(rawValue: c.sizes) ?? .uniform, rows: c.rows, columns: c.columns, seed: seed)
        }
    }

    static func state(_ c: Case, offset: Point, viewport: Size = Size(width: 390, height: 844)) -> CollectionViewState {
        CollectionViewState(bounds: Rect(origin: offset, size: viewport), sections: c.rows, itemsPerSection: c.columns)
    }

    @Test("every strategy and storage equals the brute force", arguments: cases)
    func differential(c: Case) throws {
        let seed = stableSeed(c.description)
        let separable = c.sizes == "uniform" || c.sizes == "separable"
        let layouts = AttributeStorageKind.allCases.filter { separable || $0 != .prefixSums }.map { storage in
            let layout = StickyGridLayout(sizes: Self.sizes(c, seed: seed), stickyRows: c.stickyRows,
                                          stickyColumns: c.stickyColumns, storage: storage)
            layout.prepare(in: Self.state(c, offset: .zero))
            return layout
        }
        let content = try #require(layouts.first).contentSize
        let queries = QuerySet(contentSize: content, viewport: Size(width: 390, height: 844), rows: c.rows,
                               columns: c.columns) { row, column, offset in
            layouts[0].prepare(in: Self.state(c, offset: offset))
            return layouts[0].attributesForItem(at: ElementPath(section: row, item: column))?.frame ?? .null
        }.make(count: 80, seed: seed)  // 80 rects of every category the query set draws, at their offsets
        var buffer: [LayoutAttributes] = []
        for query in queries {
            for layout in layouts { layout.prepare(in: Self.state(c, offset: query.contentOffset)) }
            let expected = bruteForceFilter(
                allAttributes(of: layouts[0], counts: .uniform(sections: c.rows, itemsPerSection: c.columns)),
                in: query.rect)
            for layout in layouts {
                #expect(layout.offersPrefixSums == separable)
                for strategy in layout.queryVariants.map(RectQueryStrategy.init) {
                    layout.attributesForElements(in: query.rect, into: &buffer, using: strategy)
                    let actual = buffer.sorted()
                    #expect(actual == expected, """
                        \(strategy) over \(layout.store.storageKind), \(query.category) rect \(query.rect) at \
                        \(query.contentOffset): \(QueryVerification.difference(expected, actual) ?? "")
                        """)
                }
            }
        }
        // Every storage holds the same frames.
        for row in 0..<c.rows {
            for column in 0..<c.columns {
                let path = ElementPath(section: row, item: column)
                for layout in layouts.dropFirst() where layouts[0].attributesForItem(at: path)
                    != layout.attributesForItem(at: path)
                {
                    // `Issue.record` on a difference rather than a passing `#expect` per cell and storage, which
                    // costs microseconds each in a debug build.
                    Issue.record("\(layout.store.storageKind) differs at \(path)")
                }
            }
        }
    }

    @Test("frames are integral, rows are laid out left to right and top to bottom, and the content size is their extent",
          arguments: cases.filter { $0.stickyRows == 0 && $0.stickyColumns == 0 })
    func layoutInvariants(c: Case) {
        let sizes = Self.sizes(c, seed: stableSeed(c.description))
        let layout = StickyGridLayout(sizes: sizes)
        layout.prepare(in: Self.state(c, offset: .zero))
        var y = 0.0
        var extent = Size.zero
        for row in 0..<c.rows {
            var x = 0.0
            var rowHeight = 0.0
            for column in 0..<c.columns {
                let size = sizes.size(row: row, column: column)
                let frame = layout.attributesForItem(at: ElementPath(section: row, item: column))?.frame
                let expected = Rect(x: (x).rounded(.down), y: y.rounded(.down),
                                    width: (x + size.width).rounded(.up) - x.rounded(.down),
                                    height: (y + size.height).rounded(.up) - y.rounded(.down))
                #expect(frame == expected, "cell [\(row), \(column)]")
                if let frame {
                    #expect(frame == frame.integral)
                    extent.width = max(extent.width, frame.maxX)
                    extent.height = max(extent.height, frame.maxY)
                }
                x += size.width
                rowHeight = max(rowHeight, size.height)
            }
            y += rowHeight
        }
        #expect(layout.contentSize == extent)
    }

    @Test("sticky cells are pinned inside the bounds, with the zIndex tiers", arguments: cases.filter {
        $0.stickyRows + $0.stickyColumns > 0 && $0.sizes != "adversarial"
    })
    func stickyInvariants(c: Case) {
        let layout = StickyGridLayout(sizes: Self.sizes(c, seed: stableSeed(c.description)),
                                      stickyRows: c.stickyRows, stickyColumns: c.stickyColumns)
        layout.prepare(in: Self.state(c, offset: .zero))
        var rng = SeededGenerator(seed: stableSeed("sticky \(c)"))
        let content = layout.contentSize
        for _ in 0..<20 {
            let offset = Point(x: Double.random(in: -30...max(0, content.width), using: &rng),
                               y: Double.random(in: -30...max(0, content.height), using: &rng))
            let viewport = Size(width: 390, height: 844)
            layout.prepare(in: Self.state(c, offset: offset, viewport: viewport))
            let bounds = Rect(origin: offset, size: viewport)
            var visible: [LayoutAttributes] = []
            layout.attributesForElements(in: bounds, into: &visible)
            for attributes in visible {
                let inRow = attributes.path.section < c.stickyRows
                let inColumn = attributes.path.item < c.stickyColumns
                let tier = inRow && inColumn ? StickyGridLayout.ZIndex.corner
                    : (inRow || inColumn ? StickyGridLayout.ZIndex.sticky : StickyGridLayout.ZIndex.plain)
                #expect(attributes.zIndex == tier, "\(attributes)")
            }
            // The first sticky row hugs the top of the bounds and the first sticky column its left edge: both are
            // in the visible set whenever the grid's first cells fit the viewport.
            if c.stickyRows > 0 {
                let pinned = layout.attributesForItem(at: ElementPath(section: 0, item: c.columns - 1))
                #expect(pinned?.frame.minY == offset.y)
            }
            if c.stickyColumns > 0 {
                let pinned = layout.attributesForItem(at: ElementPath(section: c.rows - 1, item: 0))
                #expect(pinned?.frame.minX == offset.x)
                let corner = layout.attributesForItem(at: ElementPath(section: 0, item: 0))
                if c.stickyRows > 0 { #expect(corner?.frame.origin == offset) }
            }
            // Visible pinned cells start inside the bounds on their pinned axis.
            for attributes in visible {
                if attributes.path.item < c.stickyColumns { #expect(attributes.frame.minX >= bounds.minX, "\(attributes)") }
                if attributes.path.section < c.stickyRows { #expect(attributes.frame.minY >= bounds.minY, "\(attributes)") }
            }
        }
    }

    @Test("a pure scroll does not rebuild; a full invalidation does")
    func invalidation() {
        let sizes = CountingSizes(base: GridSizes(.uniform, rows: 10, columns: 10, seed: 1))
        let layout = StickyGridLayout(sizes: sizes, stickyRows: 1, stickyColumns: 1)
        let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 100, height: 100), sections: 10, itemsPerSection: 10)
        layout.prepare(in: state)
        #expect(sizes.calls.value == 100)
        let scrolled = Rect(x: 50, y: 70, width: 100, height: 100)
        #expect(layout.shouldInvalidate(forBoundsChange: scrolled, in: state))
        let context = layout.invalidationContext(forBoundsChange: scrolled, in: state)
        #expect(context.invalidatePinnedElements && !context.invalidateEverything)
        layout.invalidate(with: context)
        layout.prepare(in: CollectionViewState(bounds: scrolled, sections: 10, itemsPerSection: 10))
        #expect(sizes.calls.value == 100)
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 5))?.frame.minY == 70)
        layout.invalidateLayout()
        layout.prepare(in: CollectionViewState(bounds: scrolled, sections: 4, itemsPerSection: 3))
        #expect(sizes.calls.value == 112)
        #expect(layout.rowCount == 4 && layout.columnCount == 3)
        #expect(layout.attributesForItem(at: ElementPath(section: 4, item: 0)) == nil)
        #expect(layout.attributesForItem(at: ElementPath(section: 0, item: 3)) == nil)
        #expect(layout.attributesForItem(at: ElementPath(section: -1, item: 0)) == nil)
    }

    @Test("a grid without sticky cells ignores scrolling")
    func noStickyNoInvalidation() {
        let layout = StickyGridLayout(sizes: GridSizes(.uniform, rows: 3, columns: 3, seed: 1))
        let state = CollectionViewState(bounds: Rect(x: 0, y: 0, width: 10, height: 10), sections: 3, itemsPerSection: 3)
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 5, y: 5, width: 10, height: 10), in: state))
    }
}

/// A size provider that counts its calls.
final class CountingSizes: GridSizeProvider, @unchecked Sendable {
    let base: GridSizes
    let calls = Counter()
    init(base: GridSizes) { self.base = base }
    func size(row: Int, column: Int) -> Size {
        calls.value += 1
        return base.size(row: row, column: column)
    }
}

/// A mutable count for single-threaded tests.
final class Counter: @unchecked Sendable {
    var value = 0
}

/// Uniform or separable ``GridSizes`` with their axes, as the sticky-grid family hands them to the layout.
struct SeparableSizes: SeparableGridSizeProvider {
    let base: GridSizes
    init(_ base: GridSizes) { self.base = base }
    func size(row: Int, column: Int) -> Size { base.size(row: row, column: column) }
    func columnWidth(_ column: Int) -> Double { base.size(row: 0, column: column).width }
    func rowHeight(_ row: Int) -> Double { base.size(row: row, column: 0).height }
}
