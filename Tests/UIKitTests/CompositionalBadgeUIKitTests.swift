import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import UIKit
import Scenarios

/// The app's grid (`AppLayouts.gridSection`) with Apple's item badge on every item and a 2-point rule under every
/// group, written as iOS code: the native family's `badges=both` grid.
enum BadgedLayouts {
    static func badge() -> NSCollectionLayoutSupplementaryItem {
        NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: "badge-element-kind",
            containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
    }

    static func rule() -> NSCollectionLayoutSupplementaryItem {
        NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(2)),
            elementKind: "group-rule-element-kind", containerAnchor: NSCollectionLayoutAnchor(edges: [.bottom]))
    }

    static func grid() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(section: gridSection())
    }

    static func gridSection() -> NSCollectionLayoutSection {
        let padding: CGFloat = 20
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)),
                                          supplementaryItems: [badge()])
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .fractionalHeight(0.25)),
            repeatingSubitem: item, count: 2)
        group.interItemSpacing = .fixed(padding)
        group.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: padding, bottom: 0, trailing: padding)
        group.supplementaryItems = [rule()]
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = .init(top: padding, leading: 0, bottom: padding, trailing: 0)
        section.interGroupSpacing = padding
        section.boundarySupplementaryItems = [AppLayouts.pinnedHeader()]
        return section
    }

    /// Badged grids and plain columns in turn, through a section provider; a nested group's items keep their own
    /// badges in the nested group's order.
    static func mixed() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { index, _ in
            guard index % 2 == 1 else { return gridSection() }
            let large = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)), supplementaryItems: [badge()])
            let small = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
            let pair = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)), subitems: [small, small])
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitems: [large, pair])
            return NSCollectionLayoutSection(group: group)
        }
    }
}

/// Rows 50 high with section insets 10, a pinned 40-point header, and a 40 x 20 boundary item that does not extend
/// the section at each of the nine alignments (kind `tag-<alignment>`), the trailing ones moved 4 points in and 2
/// points down (up for the bottom one).
enum OverlayLayouts {
    static let alignments: [NSRectAlignment] = [.none, .top, .topLeading, .leading, .bottomLeading, .bottom,
                                                .bottomTrailing, .trailing, .topTrailing]

    static func layout() -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        var items = [AppLayouts.pinnedHeader()]
        for alignment in alignments {
            let offset = alignment == .bottomTrailing ? CGPoint(x: -4, y: -2)
                : [.trailing, .topTrailing].contains(alignment) ? CGPoint(x: -4, y: 2) : .zero
            let overlay = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(40), heightDimension: .absolute(20)),
                elementKind: "tag-\(alignment)", alignment: alignment, absoluteOffset: offset)
            overlay.extendsBoundary = false
            items.append(overlay)
        }
        section.boundarySupplementaryItems = items
        return UICollectionViewCompositionalLayout(section: section)
    }
}

struct OverlayFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-overlays"
    static let summary = "boundary items that do not extend their section, at every alignment (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { OverlayLayouts.layout() }
}

struct BadgedGridFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-badged-grid"
    static let summary = "the app's grid with item badges and group rules (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { BadgedLayouts.grid() }
}

struct BadgedMixedFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-badged-mixed"
    static let summary = "badged grids and nested groups with badges in turn (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { BadgedLayouts.mixed() }
}

/// Item and group badges through UIKit (Guides/UIKitCompositional.md, "Item and group badges"): hand-computed frames
/// through UIKit's own calls, the native family's frames, and the conformance checker.
@Suite("UIKit compositional: item and group badges", .serialized)
struct CompositionalBadgeUIKitTests {
    @Test("Apple's item badge: on the item's frame after its insets, at its path, answered by both queries")
    func handComputed() {
        // Apple's "Item Badges" layout on 390 points: section insets 20 (350 effective), items a quarter (87.5)
        // of a group a fifth of the effective width high (70), inset 5: item 0 is (25, 25, 77.5, 60); its badge
        // 20 x 20 on the top-trailing corner moved by (0.3, -0.3) x 20 = (6, -6): (88.5, 19).
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                                                             heightDimension: .fractionalHeight(1.0)),
                                          supplementaryItems: [BadgedLayouts.badge()])
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
        let layout = UICollectionViewCompositionalLayout(section: section)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([6])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 25, y: 25, width: 77.5, height: 60))
        let badge = layout.layoutAttributesForSupplementaryView(ofKind: "badge-element-kind",
                                                                at: IndexPath(item: 0, section: 0))
        #expect(badge?.frame == CGRect(x: 88.5, y: 19, width: 20, height: 20))
        #expect(badge?.representedElementCategory == .supplementaryView)
        #expect(badge?.representedElementKind == "badge-element-kind")
        #expect(badge?.zIndex == 1)
        // Item 5: second row (y 20 + 70 = 90, inset to 95), second column (x 20 + 87.5 + 5 = 112.5).
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "badge-element-kind",
                                                            at: IndexPath(item: 5, section: 0))?.frame
            == CGRect(x: 112.5 + 77.5 - 14, y: 89, width: 20, height: 20))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "badge-element-kind",
                                                            at: IndexPath(item: 6, section: 0)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "other", at: IndexPath(item: 0, section: 0)) == nil)
        // The strip y 19...25 above the first row holds the four badges of row 0 and nothing else.
        let strip = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 19, width: 390, height: 5)) ?? []
        #expect(strip.count == 4 && strip.allSatisfy { $0.representedElementKind == "badge-element-kind" })
        #expect(strip.map(\.indexPath.item).sorted() == [0, 1, 2, 3])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("a group's supplementary items: settable, copied, on the group's frame at its first item's path")
    func groupItems() {
        let layout = BadgedLayouts.grid()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([5])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // The grid's groups: 390 x 201 at 60, 281, 502 (AppLayouts); the rule is the group's bottom 2 points.
        for (item, y) in [(0, 259.0), (2, 480.0), (4, 701.0)] {
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: "group-rule-element-kind",
                                                                at: IndexPath(item: item, section: 0))?.frame
                == CGRect(x: 0, y: y, width: 390, height: 2))
        }
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "group-rule-element-kind",
                                                            at: IndexPath(item: 1, section: 0)) == nil)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)), subitems: [])
        group.supplementaryItems = [BadgedLayouts.rule()]
        #expect((group.copy() as? NSCollectionLayoutGroup)?.supplementaryItems.count == 1)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("the badged grid gives exactly the native family's elements (badges=both)")
    func equalsNative() {
        var native = CompositionalFamily(preset: .grid)
        native.badges = .both
        for counts in CountDistribution.allCases {
            let content = ContentSpec(sections: 10, itemsPerSection: 11, counts: counts, sizes: .uniform, seed: 3)
            let viewport = Size(width: 390, height: 844)
            let a = BadgedGridFamily().makeLayout(for: content, storage: .objects)
            let b = native.makeLayout(for: content, storage: .compact)
            let hostA = CollectionViewHost(layout: a, viewportSize: viewport, counts: content.itemCounts)
            let hostB = CollectionViewHost(layout: b, viewportSize: viewport, counts: content.itemCounts)
            hostA.layoutIfNeeded()
            hostB.layoutIfNeeded()
            #expect(a.contentSize == b.contentSize)
            for step in 0...12 {
                let offset = Point(x: 0, y: -30 + (b.contentSize.height - 800) * Double(step) / 12)
                hostA.setContentOffset(offset)
                hostB.setContentOffset(offset)
                hostA.layoutIfNeeded()
                hostB.layoutIfNeeded()
                let (left, right) = (hostA.visibleAttributes.sorted(), hostB.visibleAttributes.sorted())
                #expect(left == right, "\(counts) at \(offset)")
                #expect(left.contains { $0.kind == .supplementary("badge-element-kind") } || content.itemCount == 0)
            }
        }
    }

    @Test("B8: boundary items with extendsBoundary = false at every alignment, with offsets, several a section")
    func overlays() {
        let layout = OverlayLayouts.layout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([3, 1])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Section 0: header 0...40 (it extends the section), inset to 50, three rows to 200, inset to 210. The
        // overlays lie on x 10...380 (the leading and trailing insets), y 0...210, 40 x 20 (centred: x 175, y 95),
        // and do not move the content: section 1 starts at 210 and ends at 210 + 40 + 10 + 50 + 10 = 320.
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 320))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
            == CGRect(x: 10, y: 260, width: 370, height: 50))
        let expected: [NSRectAlignment: CGPoint] = [
            .none: CGPoint(x: 175, y: 95), .top: CGPoint(x: 175, y: 0), .topLeading: CGPoint(x: 10, y: 0),
            .leading: CGPoint(x: 10, y: 95), .bottomLeading: CGPoint(x: 10, y: 190), .bottom: CGPoint(x: 175, y: 190),
            .bottomTrailing: CGPoint(x: 336, y: 188), .trailing: CGPoint(x: 336, y: 97),
            .topTrailing: CGPoint(x: 336, y: 2),
        ]
        for alignment in OverlayLayouts.alignments {
            let attributes = layout.layoutAttributesForSupplementaryView(ofKind: "tag-\(alignment)",
                                                                         at: IndexPath(item: 0, section: 0))
            #expect(attributes?.frame == CGRect(origin: expected[alignment]!, size: CGSize(width: 40, height: 20)),
                    "\(alignment)")
            #expect(attributes?.representedElementKind == "tag-\(alignment)")
            #expect(attributes?.zIndex == 1)
        }
        // Nine overlays and a header a section in the whole rect; the header is still the pinned header.
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 320)) ?? []
        #expect(all.filter { ($0.representedElementKind ?? "").hasPrefix("tag-") }.count == 18)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                            at: IndexPath(item: 0, section: 1))?.frame
            == CGRect(x: 10, y: 210, width: 370, height: 40))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("badged layouts conform: query reference, context invalidation against a fresh layout",
          arguments: [AnyLayoutFamily(BadgedGridFamily()), AnyLayoutFamily(BadgedMixedFamily()),
                      AnyLayoutFamily(OverlayFamily())])
    func conforms(family: AnyLayoutFamily) {
        let workload = WorkloadSpec(rows: 12, columns: 9, counts: .varied, sizes: .uniform, layout: family,
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }

    @Test("a boundary item on an item, or supplementary items on a nested group, are refused in one line")
    func refusals() {
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)),
            elementKind: "h", alignment: .top)
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)), supplementaryItems: [header])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)), subitems: [item])
        let refused = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        #expect(refused.unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844))?
            .description.contains("NSCollectionLayoutBoundarySupplementaryItem") == true)
        let nested = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)), subitems: [
                NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                          heightDimension: .fractionalHeight(1)))])
        nested.supplementaryItems = [BadgedLayouts.rule()]
        let outer = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)), subitems: [nested])
        let nestedLayout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: outer))
        #expect(nestedLayout.unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844))?
            .description.contains("nested NSCollectionLayoutGroup") == true)
    }
}
