import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
import UIKit
import Verification

/// Issue 38's rest of the compositional surface, as apps write it: edge spacing across a group's axis (ES6), headers
/// and footers aligned at a corner or given an offset (B9, B10).
enum SurfaceLayouts {
    /// A 60-wide item `height` high with `edgeSpacing`.
    static func item(height: CGFloat, _ edgeSpacing: NSCollectionLayoutEdgeSpacing?) -> NSCollectionLayoutItem {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(60),
                                                                             heightDimension: .absolute(height)))
        item.edgeSpacing = edgeSpacing
        return item
    }

    /// A 300 x 100 row: a 40-high item at the bottom (`.flexible(0)` above, `.fixed(0)` below), a 50-high one
    /// centred (flexible on both sides), a 30-high one at the top after a fixed 10 (flexible below).
    static func alignedRow() -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(300), heightDimension: .absolute(100)), subitems: [
            item(height: 40, .init(leading: nil, top: .flexible(0), trailing: nil, bottom: .fixed(0))),
            item(height: 50, .init(leading: nil, top: .flexible(0), trailing: nil, bottom: .flexible(0))),
            item(height: 30, .init(leading: nil, top: .fixed(10), trailing: nil, bottom: .flexible(0))),
        ])
    }

    /// A boundary item `width` x `height` of `kind`.
    static func boundary(_ kind: String, _ alignment: NSRectAlignment, width: CGFloat, height: CGFloat,
                         offset: CGPoint = .zero) -> NSCollectionLayoutBoundarySupplementaryItem {
        NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(height)),
            elementKind: kind, alignment: alignment, absoluteOffset: offset)
    }

    /// A 300 x 100 row: a 100-wide item, then a custom group 200 wide of a 120 x 100 item at z-index 0 and an
    /// 80 x 100 one at `zIndex`, overlapping it by 20.
    static func layeredRow(zIndex: Int) -> NSCollectionLayoutGroup {
        let custom = NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(200), heightDimension: .fractionalHeight(1))) { _ in
            [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: 120, height: 100)),
             NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 100, y: 0, width: 80, height: 100), zIndex: zIndex)]
        }
        return NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(300), heightDimension: .absolute(100)), subitems: [
            NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100),
                                                                      heightDimension: .fractionalHeight(1))),
            custom,
        ])
    }

    /// One item a row, full width and 60 high, insets 5 above and below, 10 leading, 20 trailing.
    static func column() -> NSCollectionLayoutSection {
        let section = NSCollectionLayoutSection(group: NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
            subitems: [NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))]))
        section.contentInsets = .init(top: 5, leading: 10, bottom: 5, trailing: 20)
        return section
    }
}

/// Every lifted feature in one layout, section by section, for the harness's checks: aligned rows (ES6), a pinned
/// header at the top-trailing corner with a bottom-leading footer (B9), a header and footer moved by offsets (B10),
/// a custom group whose item is raised above its neighbour (C5), and two headers and two footers (B11).
struct CompositionalSurfaceFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-surface"
    static let summary = "UICollectionViewCompositionalLayout with cross-axis edge spacing, corner and offset headers (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { index, _ in
            switch index % 5 {
            case 0:
                let section = NSCollectionLayoutSection(group: SurfaceLayouts.alignedRow())
                section.interGroupSpacing = 6
                return section
            case 1:
                let section = SurfaceLayouts.column()
                let header = SurfaceLayouts.boundary("corner-header", .topTrailing, width: 120, height: 30)
                header.pinToVisibleBounds = true
                section.boundarySupplementaryItems = [
                    header, SurfaceLayouts.boundary("corner-footer", .bottomLeading, width: 150, height: 20),
                ]
                return section
            case 3:
                return NSCollectionLayoutSection(group: SurfaceLayouts.layeredRow(zIndex: 2))
            case 4:
                let section = SurfaceLayouts.column()
                section.boundarySupplementaryItems = [
                    SurfaceLayouts.boundary("title", .topLeading, width: 200, height: 30),
                    SurfaceLayouts.boundary("action", .topTrailing, width: 100, height: 50),
                    SurfaceLayouts.boundary("note", .bottomLeading, width: 120, height: 20),
                    SurfaceLayouts.boundary("more", .bottomTrailing, width: 100, height: 10,
                                            offset: CGPoint(x: -4, y: 0)),
                ]
                return section
            default:
                let section = SurfaceLayouts.column()
                section.boundarySupplementaryItems = [
                    SurfaceLayouts.boundary("offset-header", .topLeading, width: 200, height: 30,
                                            offset: CGPoint(x: 6, y: -10)),
                    SurfaceLayouts.boundary("offset-footer", .bottomTrailing, width: 100, height: 24,
                                            offset: CGPoint(x: 0, y: 12)),
                ]
                return section
            }
        }
    }
}

@Suite("UIKit compositional: the rest of the surface (issue 38)", .serialized)
struct CompositionalSurfaceTests {
    func installed(_ layout: UICollectionViewLayout, _ counts: [Int]) -> (UICollectionView, SectionedDataSource) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    @Test("ES6: top and bottom edge spacing align items of different heights inside a taller horizontal group")
    func acrossTheAxis() {
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: SurfaceLayouts.alignedRow()))
        let (view, dataSource) = installed(layout, [4])
        // Along x nothing moves: 0, 60, 120, then the subitems again from 180 (five fit in 300; four are asked).
        // Item 0 (40 high): its flexible top takes 100 - 40 = 60: y 60, its bottom on the group's (Apple's header:
        // a flexible bottom "forces items to align to the top", so a flexible top aligns them to the bottom).
        // Item 1 (50 high): 50 left, 25 to each flexible edge: y 25. Item 2 (30 high): after its fixed 10: y 10.
        // Item 3 is item 0's subitem again: y 60.
        let frames = (0..<4).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames == [CGRect(x: 0, y: 60, width: 60, height: 40), CGRect(x: 60, y: 25, width: 60, height: 50),
                           CGRect(x: 120, y: 10, width: 60, height: 30), CGRect(x: 180, y: 60, width: 60, height: 40)])
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 100))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("B9: a header at the top-trailing corner and a footer at the bottom-leading one extend their section")
    func corners() {
        let section = SurfaceLayouts.column()
        section.boundarySupplementaryItems = [
            SurfaceLayouts.boundary("h", .topTrailing, width: 100, height: 30),
            SurfaceLayouts.boundary("f", .bottomLeading, width: 120, height: 20),
        ]
        let layout = UICollectionViewCompositionalLayout(section: section)
        let (view, dataSource) = installed(layout, [2, 1])
        // The width between the insets is 390 - 10 - 20 = 360. Section 0: the header 100 wide at the trailing inset,
        // x 10 + 360 - 100 = 270, y 0; the items after it and the top inset, y 30 + 5 = 35 and 95, x 10, 360 wide;
        // the footer after the bottom inset at the leading one: y 35 + 120 + 5 = 160, x 10; the section ends at 180.
        // Section 1 from y 180: header 180, item 215, footer 215 + 60 + 5 = 280; the content ends at 300.
        let path = { (section: Int) in IndexPath(item: 0, section: section) }
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "h", at: path(0))?.frame
            == CGRect(x: 270, y: 0, width: 100, height: 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "f", at: path(0))?.frame
            == CGRect(x: 10, y: 160, width: 120, height: 20))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
            == CGRect(x: 10, y: 95, width: 360, height: 60))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "h", at: path(1))?.frame
            == CGRect(x: 270, y: 180, width: 100, height: 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "f", at: path(1))?.frame
            == CGRect(x: 10, y: 280, width: 120, height: 20))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 300))
        // The rect query answers the moved header where it is, not where the engine lays it out (x 10 ... 110).
        let inRect = layout.layoutAttributesForElements(in: CGRect(x: 300, y: 0, width: 10, height: 10)) ?? []
        #expect(inRect.map(\.representedElementKind) == ["h"])
        #expect((layout.layoutAttributesForElements(in: CGRect(x: 20, y: 0, width: 10, height: 10)) ?? []).isEmpty)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("B10: an absoluteOffset moves the item from its aligned place; the section extends by its height only")
    func offsets() {
        let section = SurfaceLayouts.column()
        section.boundarySupplementaryItems = [
            SurfaceLayouts.boundary("h", .topLeading, width: 200, height: 30, offset: CGPoint(x: 6, y: -10)),
            SurfaceLayouts.boundary("f", .bottomTrailing, width: 100, height: 24, offset: CGPoint(x: 0, y: 12)),
        ]
        let layout = UICollectionViewCompositionalLayout(section: section)
        let (view, dataSource) = installed(layout, [1, 1])
        // Section 0: header at (10, 0) moved by (6, -10): (16, -10), 10 above the content's top, as Apple's header
        // draws it (alignment [.top, .leading], absoluteOffset (0, -10)). Item at y 30 + 5 = 35; footer at the
        // trailing inset, x 10 + 360 - 100 = 270, y 35 + 60 + 5 = 100, moved down 12: 112; the section ends at
        // 100 + 24 = 124 (its extent is the items', insets and heights). Section 1 from 124: header (16, 114),
        // footer (270, 124 + 100 + 12 = 236); the content ends at 248.
        let path = { (section: Int) in IndexPath(item: 0, section: section) }
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "h", at: path(0))?.frame
            == CGRect(x: 16, y: -10, width: 200, height: 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "f", at: path(0))?.frame
            == CGRect(x: 270, y: 112, width: 100, height: 24))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "h", at: path(1))?.frame
            == CGRect(x: 16, y: 114, width: 200, height: 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "f", at: path(1))?.frame
            == CGRect(x: 270, y: 236, width: 100, height: 24))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 248))
        // A rect above the content meets only the moved header; one just below section 0's engine footer (y 124 to
        // 130) meets the moved footer (112 to 136) and section 1's header (114 to 144).
        let above = layout.layoutAttributesForElements(in: CGRect(x: 0, y: -10, width: 390, height: 5)) ?? []
        #expect(above.map(\.representedElementKind) == ["h"])
        let below = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 130, width: 390, height: 2)) ?? []
        #expect(Set(below.map { "\($0.representedElementKind ?? "cell")\($0.indexPath.section)" }) == ["f0", "h1"])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("C5: a custom item's zIndex is its cell's, in every answer, item by item through the group's repetitions")
    func customZIndex() {
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: SurfaceLayouts.layeredRow(zIndex: -3)))
        let (view, dataSource) = installed(layout, [6])
        // The row flattens to three slots: the item (x 0), the custom group's two at 100 + 0 and 100 + 100: z-indexes
        // 0, 0, -3, repeated by every group (items 3, 4, 5 in the second, at y 100).
        let zIndexes = (0..<6).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.zIndex }
        #expect(zIndexes == [0, 0, -3, 0, 0, -3])
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame
            == CGRect(x: 200, y: 100, width: 80, height: 100))
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 200)) ?? []
        #expect(Dictionary(uniqueKeysWithValues: answered.map { ($0.indexPath.item, $0.zIndex) })
            == [0: 0, 1: 0, 2: -3, 3: 0, 4: 0, 5: -3])
        withExtendedLifetime((view, dataSource)) {}
        // Every item at 0: nothing recorded, the engine's answers as they are.
        let flat = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: SurfaceLayouts.layeredRow(zIndex: 0)))
        let (view2, dataSource2) = installed(flat, [3])
        #expect(flat.slotZIndexes.isEmpty)
        #expect((flat.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 100)) ?? [])
            .allSatisfy { $0.zIndex == 0 })
        withExtendedLifetime((view2, dataSource2)) {}
    }

    @Test("B11: of two headers (and two footers), the tallest extends the section; the other lies over its band")
    func twoHeadersAndFooters() {
        let section = SurfaceLayouts.column()
        section.boundarySupplementaryItems = [
            SurfaceLayouts.boundary("title", .topLeading, width: 200, height: 30),
            SurfaceLayouts.boundary("action", .topTrailing, width: 100, height: 50),
            SurfaceLayouts.boundary("note", .bottomLeading, width: 120, height: 20),
            SurfaceLayouts.boundary("more", .bottomTrailing, width: 100, height: 10, offset: CGPoint(x: -4, y: 0)),
        ]
        let layout = UICollectionViewCompositionalLayout(section: section)
        let (view, dataSource) = installed(layout, [1, 1])
        // The width between the insets is 360 from x 10. The headers: "action" (50) is the taller, so the section
        // extends by 50: "action" at (10 + 360 - 100, 0) = (270, 0), "title" over the same band at (10, 0). The item
        // at y 50 + 5 = 55; the body ends at 55 + 60 + 5 = 120. The footers: "note" (20) extends the section, at
        // (10, 120); "more" (10) has its top on the same line, 120, at 270 - 4 = 266. The section ends at 140;
        // section 1 is the same from y 140: "title" (10, 140), "action" (270, 140), "note" (10, 260), "more"
        // (266, 260); the content ends at 280.
        let path = { (section: Int) in IndexPath(item: 0, section: section) }
        let frame = { (kind: String, section: Int) in
            layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path(section))?.frame
        }
        #expect(frame("action", 0) == CGRect(x: 270, y: 0, width: 100, height: 50))
        #expect(frame("title", 0) == CGRect(x: 10, y: 0, width: 200, height: 30))
        #expect(layout.layoutAttributesForItem(at: path(0))?.frame == CGRect(x: 10, y: 55, width: 360, height: 60))
        #expect(frame("note", 0) == CGRect(x: 10, y: 120, width: 120, height: 20))
        #expect(frame("more", 0) == CGRect(x: 266, y: 120, width: 100, height: 10))
        #expect(frame("title", 1) == CGRect(x: 10, y: 140, width: 200, height: 30))
        #expect(frame("more", 1) == CGRect(x: 266, y: 260, width: 100, height: 10))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 280))
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 140)) ?? []
        #expect(Set(answered.compactMap(\.representedElementKind)) == ["title", "action", "note", "more"])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("refused in one line: other extending alignments, an offset on a pinned item or in a horizontal layout")
    func refusals() {
        func refusal(_ items: [NSCollectionLayoutBoundarySupplementaryItem], horizontal: Bool = false) -> String? {
            let section = SurfaceLayouts.column()
            section.boundarySupplementaryItems = items
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            if horizontal { configuration.scrollDirection = .horizontal }
            return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
                .unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844))?.description
        }
        let pinned = SurfaceLayouts.boundary("h", .top, width: 100, height: 30, offset: CGPoint(x: 0, y: 4))
        pinned.pinToVisibleBounds = true
        let second = SurfaceLayouts.boundary("h2", .top, width: 100, height: 20)
        second.pinToVisibleBounds = true
        let cases: [(String?, String)] = [
            (refusal([SurfaceLayouts.boundary("h", .top, width: 100, height: 30), second]),
             "pinToVisibleBounds on one of more than one header of a section"),
            (refusal([SurfaceLayouts.boundary("h", .top, width: 100, height: 30),
                      SurfaceLayouts.boundary("h", .topTrailing, width: 100, height: 30)]),
             "two boundary supplementary items of the kind h in a section"),
            (refusal([SurfaceLayouts.boundary("h", .leading, width: 30, height: 100),
                      SurfaceLayouts.boundary("i", .topLeading, width: 30, height: 100)], horizontal: true),
             "more than one header (.leading) a section"),
            (refusal([SurfaceLayouts.boundary("h", .leading, width: 100, height: 30)]),
             "a boundary supplementary item aligned leading (only .top, .bottom and their corners extend a section)"),
            (refusal([pinned]), "an absoluteOffset on a boundary supplementary item with pinToVisibleBounds"),
            (refusal([SurfaceLayouts.boundary("h", .leading, width: 30, height: 100, offset: CGPoint(x: 1, y: 0))],
                     horizontal: true),
             "a boundary supplementary item's absoluteOffset in a layout that scrolls horizontally"),
            (refusal([SurfaceLayouts.boundary("h", .bottomLeading, width: 30, height: 100)], horizontal: true),
             "aligned bottomLeading in a layout that scrolls horizontally"),
        ]
        for (line, feature) in cases {
            #expect(line?.contains(feature) == true, "\(line ?? "nil")")
            #expect(line?.contains("\n") == false)
        }
        #expect(refusal([SurfaceLayouts.boundary("h", .topTrailing, width: 100, height: 30)]) == nil)
    }

    @Test("the surface family conforms: query reference, context invalidation, verify and verify invalidation")
    func conforms() throws {
        let family = AnyLayoutFamily(CompositionalSurfaceFamily())
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: .uniform, layout: family,
                                        storage: .objects)
            let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
        let workload = WorkloadSpec(rows: 12, columns: 8, layout: family, storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 30).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 60).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
