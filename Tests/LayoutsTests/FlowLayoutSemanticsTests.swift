import LayoutModel
import Testing

@testable import Layouts

/// One hand-computed test per rule of `Guides/FlowLayout.md`: a handful of items, with the expected frames written
/// out. The rule numbers are the guide's.
@Suite("FlowLayout semantics")
struct FlowLayoutSemanticsTests {
    /// Item sizes from a table, as a delegate's `sizeForItemAt`.
    struct TableSizes: GridSizeProvider {
        let sizes: [[Size]]
        func size(row: Int, column: Int) -> Size { sizes[row][column] }
    }

    static func size(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    /// A prepared layout of `sizes` (one array per section) in bounds of `bounds`.
    static func layout(_ sizes: [[Size]], bounds: Rect, direction: FlowScrollDirection = .vertical,
                       metrics: FlowSectionMetrics = FlowSectionMetrics(),
                       perSection: (@Sendable (Int) -> FlowSectionMetrics)? = nil,
                       alignment: FlowAlignment = .justified, pinning: FlowHeaderPinning = .none,
                       variants: FlowLayout.VariantSet = .standard) -> (FlowLayout, CollectionViewState) {
        let provider: any FlowMetricsProvider = perSection.map { FlowMetricsClosure($0) } ?? UniformFlowMetrics(metrics)
        let layout = FlowLayout(
            FlowConfiguration(scrollDirection: direction, itemSizing: .provider(TableSizes(sizes: sizes)),
                              metrics: provider, alignment: alignment, pinning: pinning),
            variants: variants)
        let state = CollectionViewState(bounds: bounds, counts: .perSection(sizes.map(\.count)))
        layout.invalidate(with: .everything)
        layout.prepare(in: state)
        return (layout, state)
    }

    static func frames(_ layout: FlowLayout, section: Int = 0, count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: ElementPath(section: section, item: $0))?.frame ?? .null }
    }

    @Test("R1, R2, R4: greedy lines, a full line justified, the last line spaced as if full")
    func greedyJustifiedLastLine() {
        // Width 100, spacing 10, items 30 x 20: 30 + 10 + 30 = 70 fits, 110 does not, so two a line. A full line's
        // 30 points of leftover widen its one gap to 40. The last line holds one item, and a copy of it would fit
        // (30 + 40 <= 100), so it is spaced as a full line: at x 0, under the first column.
        let (layout, _) = Self.layout([Array(repeating: Self.size(30, 20), count: 5)],
                                      bounds: Self.rect(0, 0, 100, 500))
        #expect(Self.frames(layout, count: 5) == [
            Self.rect(0, 0, 30, 20), Self.rect(70, 0, 30, 20),
            Self.rect(0, 30, 30, 20), Self.rect(70, 30, 30, 20),
            Self.rect(0, 60, 30, 20),
        ])
        #expect(layout.contentSize == Size(width: 100, height: 80))
    }

    @Test("R3: a line holding a single item is centred")
    func singleItemLineCentred() {
        // Width 100, items 80 wide: one a line. The first line is full with one item; the last line cannot hold a
        // copy of its item (80 + 10 + 80 > 100). Both are centred: x = (100 - 80) / 2.
        let (layout, _) = Self.layout([[Self.size(80, 20), Self.size(80, 20)]], bounds: Self.rect(0, 0, 100, 500))
        #expect(Self.frames(layout, count: 2) == [Self.rect(10, 0, 80, 20), Self.rect(10, 30, 80, 20)])
    }

    @Test("R4: the last line with two items keeps the full lines' columns")
    func lastLineAsIfFull() {
        // Width 100, spacing 5, items 30 wide: three a line (30 + 5 + 30 + 5 + 30 = 100), no leftover, gap 5. The
        // last line holds two (65 used); one copy fits (65 + 35 = 100): three slots, gap 5, x 0 and 35.
        let metrics = FlowSectionMetrics(minimumLineSpacing: 5, minimumInteritemSpacing: 5)
        let (layout, _) = Self.layout([Array(repeating: Self.size(30, 10), count: 5)],
                                      bounds: Self.rect(0, 0, 100, 500), metrics: metrics)
        #expect(Self.frames(layout, count: 5) == [
            Self.rect(0, 0, 30, 10), Self.rect(35, 0, 30, 10), Self.rect(70, 0, 30, 10),
            Self.rect(0, 15, 30, 10), Self.rect(35, 15, 30, 10),
        ])
    }

    @Test("R5: items are centred across their line's height; the line is as tall as its tallest item")
    func itemsCentredInLine() {
        // Width 100, items 40 wide, 20 and 40 tall: one line, 40 tall. Leftover 10 widens the gap to 20 (no copy of
        // the last item fits: 90 + 50 > 100). The short item is centred: y = (40 - 20) / 2.
        let (layout, _) = Self.layout([[Self.size(40, 20), Self.size(40, 40)]], bounds: Self.rect(0, 0, 100, 500))
        #expect(Self.frames(layout, count: 2) == [Self.rect(0, 10, 40, 20), Self.rect(60, 0, 40, 40)])
        #expect(layout.contentSize == Size(width: 100, height: 40))
    }

    @Test("R6, R7, R8: insets, header and footer across the full width, empty sections keep theirs")
    func insetsHeadersFooters() {
        // Inset top 5, left 7, bottom 3, right 9: 84 points for items. Three items 20 x 10: 80 used, one line (the
        // last; no copy fits), leftover 4 over two gaps: gap 12, x 7, 39, 71. Header 0..15, items at 15 + 5 = 20,
        // body ends at 30 + 3 = 33, footer 33..45. Section 1 is empty: header 45..60, insets 5 + 3, footer 68..80.
        let metrics = FlowSectionMetrics(sectionInset: EdgeInsets(top: 5, left: 7, bottom: 3, right: 9),
                                         headerReferenceSize: Self.size(0, 15), footerReferenceSize: Self.size(0, 12))
        let (layout, _) = Self.layout([Array(repeating: Self.size(20, 10), count: 3), []],
                                      bounds: Self.rect(0, 0, 100, 500), metrics: metrics)
        #expect(Self.frames(layout, count: 3) == [
            Self.rect(7, 20, 20, 10), Self.rect(39, 20, 20, 10), Self.rect(71, 20, 20, 10),
        ])
        let header = ElementKind.sectionHeader, footer = ElementKind.sectionFooter
        #expect(layout.attributesForSupplementaryElement(ofKind: header, at: ElementPath(section: 0, item: 0))?.frame
                == Self.rect(0, 0, 100, 15))
        #expect(layout.attributesForSupplementaryElement(ofKind: footer, at: ElementPath(section: 0, item: 0))?.frame
                == Self.rect(0, 33, 100, 12))
        #expect(layout.attributesForSupplementaryElement(ofKind: header, at: ElementPath(section: 1, item: 0))?.frame
                == Self.rect(0, 45, 100, 15))
        #expect(layout.attributesForSupplementaryElement(ofKind: footer, at: ElementPath(section: 1, item: 0))?.frame
                == Self.rect(0, 68, 100, 12))
        #expect(layout.contentSize == Size(width: 100, height: 80))
    }

    @Test("R6: spacing and insets per section, from the delegate")
    func perSectionMetrics() {
        // Section 0: line spacing 2, interitem 0, width 60 holds two 30s: x 0, 30, lines at 0 and 12. Section 1:
        // inset left 10, interitem 20: two 20s use 60 of 50 available, so one a line, centred: x 10 + 15.
        let (layout, _) = Self.layout(
            [Array(repeating: Self.size(30, 10), count: 3), Array(repeating: Self.size(20, 10), count: 2)],
            bounds: Self.rect(0, 0, 60, 500),
            perSection: { section in
                section == 0 ? FlowSectionMetrics(minimumLineSpacing: 2, minimumInteritemSpacing: 0)
                    : FlowSectionMetrics(sectionInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 0),
                                         minimumLineSpacing: 0, minimumInteritemSpacing: 20)
            })
        #expect(Self.frames(layout, count: 3) == [
            Self.rect(0, 0, 30, 10), Self.rect(30, 0, 30, 10), Self.rect(0, 12, 30, 10),
        ])
        // Section 1 starts at 22; its last line holds one 20 and a copy needs 20 + 20 + 20 = 60 > 50: centred.
        #expect(Self.frames(layout, section: 1, count: 2) == [Self.rect(25, 22, 20, 10), Self.rect(25, 32, 20, 10)])
    }

    @Test("R7: a zero reference size means no header or footer element")
    func zeroSizeHeaders() {
        let (layout, state) = Self.layout([[Self.size(10, 10)]], bounds: Self.rect(0, 0, 100, 100))
        #expect(layout.attributesForSupplementaryElement(ofKind: ElementKind.sectionHeader,
                                                         at: ElementPath(section: 0, item: 0)) == nil)
        var buffer: [LayoutAttributes] = []
        for variant in layout.queryVariants {
            layout.attributesForElements(in: state.bounds, into: &buffer, using: variant)
            #expect(buffer.map(\.kind.category) == [.cell])
        }
    }

    @Test("R9: horizontal scrolling lays lines out as columns, items top to bottom")
    func horizontal() {
        // Height 100, items 30 x 20 (their heights run along a column): 20 + 10 + 20 + 10 + 20 = 80 used, one
        // column (the last; no copy fits: 80 + 30 > 100), gap 10 + 20 / 2 = 20: y 0, 40, 80. Header 15 wide.
        let metrics = FlowSectionMetrics(headerReferenceSize: Self.size(15, 0))
        let (layout, _) = Self.layout([Array(repeating: Self.size(30, 20), count: 3)],
                                      bounds: Self.rect(0, 0, 500, 100), direction: .horizontal, metrics: metrics)
        #expect(Self.frames(layout, count: 3) == [
            Self.rect(15, 0, 30, 20), Self.rect(15, 40, 30, 20), Self.rect(15, 80, 30, 20),
        ])
        #expect(layout.attributesForSupplementaryElement(ofKind: ElementKind.sectionHeader,
                                                         at: ElementPath(section: 0, item: 0))?.frame
                == Self.rect(0, 0, 15, 100))
        #expect(layout.contentSize == Size(width: 45, height: 100))
    }

    /// Two sections of four 100 x 50 items, one a line, no spacing, 10-point headers (and footers when asked);
    /// section 0's header is `global` tall when given.
    static func tallSections(footers: Bool = false, pinning: FlowHeaderPinning, global: Double? = nil)
        -> (FlowLayout, CollectionViewState)
    {
        let base = FlowSectionMetrics(minimumLineSpacing: 0, minimumInteritemSpacing: 0,
                                      headerReferenceSize: Self.size(0, 10),
                                      footerReferenceSize: Self.size(0, footers ? 10 : 0))
        return Self.layout(Array(repeating: Array(repeating: Self.size(100, 50), count: 4), count: 2),
                           bounds: Self.rect(0, 0, 100, 100),
                           perSection: { section in
                               var metrics = base
                               if section == 0, let global { metrics.headerReferenceSize = Self.size(0, global) }
                               return metrics
                           },
                           pinning: pinning)
    }

    /// Scrolls `layout` to `y` as a context-mode host does: the pinned elements invalidated, then prepared.
    static func scroll(_ layout: FlowLayout, _ state: CollectionViewState, to y: Double) {
        var moved = state
        moved.bounds.origin.y = y
        layout.invalidate(with: layout.invalidationContext(forBoundsChange: moved.bounds, in: state))
        layout.prepare(in: moved)
    }

    static func header(_ layout: FlowLayout, _ section: Int) -> LayoutAttributes? {
        layout.attributesForSupplementaryElement(ofKind: ElementKind.sectionHeader,
                                                 at: ElementPath(section: section, item: 0))
    }

    @Test("R10: a pinned header sticks to the top while its section is in view, pushed off by its section's end")
    func pinnedHeaders() throws {
        // Section 0: header 0..10, items 10..210 (body ends at 210); section 1's header at 210.
        let (layout, state) = Self.tallSections(pinning: .visibleBounds(headers: true, footers: false))
        Self.scroll(layout, state, to: 100)
        #expect(Self.header(layout, 0) == LayoutAttributes(
            frame: Self.rect(0, 100, 100, 10), path: ElementPath(section: 0, item: 0), kind: ElementKind.sectionHeader,
            zIndex: FlowZIndex.pinned))
        #expect(Self.header(layout, 1)?.frame == Self.rect(0, 210, 100, 10))
        // At 205 the end of section 0's body (210) pushes its header up to 200.
        Self.scroll(layout, state, to: 205)
        #expect(Self.header(layout, 0)?.frame == Self.rect(0, 200, 100, 10))
        let pinned = try #require(Self.header(layout, 0))
        #expect(layout.isPinned(pinned))
        var buffer: [LayoutAttributes] = []
        layout.attributesForElements(in: Self.rect(0, 205, 100, 100), into: &buffer)
        #expect(buffer.contains { $0.kind == ElementKind.sectionHeader && $0.frame == Self.rect(0, 200, 100, 10) })
    }

    @Test("R11: a pinned footer sticks to the bottom while its section is in view, pushed by its section's start")
    func pinnedFooters() {
        // Section 0: header 0..10, items 10..210, footer natural at 210; at offset 0 the bounds end at 100.
        let (layout, state) = Self.tallSections(footers: true, pinning: .visibleBounds(headers: false, footers: true))
        Self.scroll(layout, state, to: 0)
        let footer = { (section: Int) in
            layout.attributesForSupplementaryElement(ofKind: ElementKind.sectionFooter,
                                                     at: ElementPath(section: section, item: 0))?.frame
        }
        #expect(footer(0) == Self.rect(0, 90, 100, 10))
        // Section 1 starts at 220, its body at 230: at offset 0 its footer is pushed down to its body's start.
        #expect(footer(1) == Self.rect(0, 230, 100, 10))
    }

    @Test("R12: the global header stays on top, stretches when pulled down, and other headers pin below it")
    func globalHeader() {
        // Section 0: global header 0..30, items 30..230; section 1: header 230..240, body ends at 440.
        let (layout, state) = Self.tallSections(pinning: .globalHeader, global: 30)
        Self.scroll(layout, state, to: -20)
        #expect(Self.header(layout, 0) == LayoutAttributes(
            frame: Self.rect(0, -20, 100, 50), path: ElementPath(section: 0, item: 0), kind: ElementKind.sectionHeader,
            zIndex: FlowZIndex.globalHeader))
        Self.scroll(layout, state, to: 300)
        #expect(Self.header(layout, 0)?.frame == Self.rect(0, 300, 100, 30))
        #expect(Self.header(layout, 1)?.frame == Self.rect(0, 330, 100, 10))
        Self.scroll(layout, state, to: 420)
        #expect(Self.header(layout, 1)?.frame == Self.rect(0, 430, 100, 10))
    }

    @Test("R13: left alignment starts every line at the inset, items at the minimum spacing")
    func leftAligned() {
        // Width 100, spacing 10, items 30: two a line. Justified: x 0, 70; left-aligned: x 0, 40.
        let sizes = [Array(repeating: Self.size(30, 20), count: 3)]
        let (left, _) = Self.layout(sizes, bounds: Self.rect(0, 0, 100, 500), alignment: .left)
        let expected = [Self.rect(0, 0, 30, 20), Self.rect(40, 0, 30, 20), Self.rect(0, 30, 30, 20)]
        #expect(Self.frames(left, count: 3) == expected)
        let (subclass, state) = Self.layout(sizes, bounds: Self.rect(0, 0, 100, 500), variants: .leftAlignedSubclass)
        #expect(Self.frames(subclass, count: 3) == expected)
        var buffer: [LayoutAttributes] = []
        for variant in subclass.queryVariants {
            subclass.attributesForElements(in: state.bounds, into: &buffer, using: variant)
            #expect(buffer.map(\.frame).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) } == expected, "\(variant)")
        }
    }

    @Test("R13: the one-pass left alignment misplaces cells when the rect cuts a line")
    func onePassDiverges() {
        // Items 30 wide; a rect over x 50...100 of the first line holds only the second item (justified at 70).
        // One pass moves it to the inset (x 0): a frame outside the rect, where the reference has it at 40.
        let (layout, _) = Self.layout([Array(repeating: Self.size(30, 20), count: 3)],
                                      bounds: Self.rect(0, 0, 100, 500), variants: .leftAlignedSubclass)
        var onePass: [LayoutAttributes] = [], reference: [LayoutAttributes] = []
        let cut = Self.rect(50, 0, 50, 10)
        layout.attributesForElements(in: cut, into: &onePass, using: FlowQueryVariants.onePass)
        layout.attributesForElements(in: cut, into: &reference, using: FlowQueryVariants.naive)
        #expect(onePass.map(\.frame) == [Self.rect(0, 0, 30, 20)])
        #expect(reference.map(\.frame) == [Self.rect(40, 0, 30, 20)])
    }
}
