import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import UIKit
import Scenarios

/// `UICollectionViewCompositionalLayout` written as iOS code writes it, against the native `compositional` family.
@Suite("UIKit compositional layout", .serialized)
struct CompositionalTests {
    /// The visible sets of two families' layouts, each in its own host, at the same offsets.
    func visibleSets(_ a: AnyLayoutFamily, _ b: AnyLayoutFamily, counts: CountDistribution)
        -> [(offset: Point, a: [LayoutAttributes], b: [LayoutAttributes])]
    {
        let content = ContentSpec(sections: 10, itemsPerSection: 11, counts: counts, sizes: .uniform, seed: 3)
        let viewport = Size(width: 390, height: 844)
        let layoutA = a.base.makeLayout(for: content, storage: .objects)
        let layoutB = b.base.makeLayout(for: content, storage: .compact)
        let hostA = CollectionViewHost(layout: layoutA, viewportSize: viewport, counts: content.itemCounts)
        let hostB = CollectionViewHost(layout: layoutB, viewportSize: viewport, counts: content.itemCounts)
        hostA.layoutIfNeeded()
        hostB.layoutIfNeeded()
        var result: [(Point, [LayoutAttributes], [LayoutAttributes])] = []
        let height = layoutB.contentSize.height
        for step in 0...24 {
            let offset = Point(x: 0, y: -30 + (height - 800) * Double(step) / 24)
            hostA.setContentOffset(offset)
            hostB.setContentOffset(offset)
            hostA.layoutIfNeeded()
            hostB.layoutIfNeeded()
            result.append((offset, hostA.visibleAttributes.sorted(), hostB.visibleAttributes.sorted()))
        }
        #expect(layoutA.contentSize == layoutB.contentSize)
        #expect(layoutA.contentSize.height > 844)
        return result
    }

    @Test("the app's grid, column and mixed configurations give exactly the compositional family's frames",
          arguments: [
              (AnyLayoutFamily(CompositionalGridFamily()), AnyLayoutFamily(CompositionalFamily(preset: .grid))),
              (AnyLayoutFamily(CompositionalColumnFamily()), AnyLayoutFamily(CompositionalFamily(preset: .column))),
              (AnyLayoutFamily(CompositionalMixedFamily()), AnyLayoutFamily(CompositionalFamily(preset: .mixed))),
          ])
    func equalsNative(uikit: AnyLayoutFamily, native: AnyLayoutFamily) {
        for counts in CountDistribution.allCases {
            for (offset, a, b) in visibleSets(uikit, native, counts: counts) {
                #expect(a == b, "\(uikit.base.idComponent) at \(offset), \(counts)")
                #expect(!a.isEmpty)
            }
        }
    }

    /// A standalone collection view of `layout` over sections of `counts`, 390 x 844, laid out.
    func installed(_ layout: UICollectionViewLayout, _ counts: [Int]) -> (UICollectionView, SectionedDataSource) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    @Test("hand-computed frames of the grid: two sections of 5 and 3 items, pinned headers")
    func handComputed() {
        let layout = AppLayouts.grid()
        let (view, dataSource) = installed(layout, [5, 3])
        // 390 x 844. The section's effective size is 390 x (844 - 20 - 20); the group is 390 wide and a quarter of
        // 804 = 201 high; inside its 20-point leading and trailing insets, 350 points hold two items and one gap of
        // 20: (350 - 20) / 2 = 165 each. Section 0: header 0 to 40, top inset to 60, groups at 60, 281 and 502
        // (step 201 + 20), bottom inset from 703 to 723. Section 1: header 723 to 763, groups at 783 and 1004,
        // end 1004 + 201 + 20 = 1225.
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 1225))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 20, y: 60, width: 165, height: 201))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
            == CGRect(x: 205, y: 60, width: 165, height: 201))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame
            == CGRect(x: 20, y: 502, width: 165, height: 201))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 1))?.frame
            == CGRect(x: 20, y: 1004, width: 165, height: 201))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)) == nil)
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header?.frame == CGRect(x: 0, y: 723, width: 390, height: 40))
        #expect(header?.representedElementCategory == .supplementaryView)
        #expect(header?.representedElementKind == UICollectionView.elementKindSectionHeader)
        #expect(header?.zIndex == 1)
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0)) == nil)
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 1225)) ?? []
        #expect(all.count == 5 + 3 + 2)

        // A scroll to 100: the layout asks to be invalidated (a pinned header), and section 0's header sits at the
        // top of the visible bounds; at 700 it is pushed up by its section's end (723 - 40 = 683).
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 100, width: 390, height: 844)))
        view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        view.layoutIfNeeded()
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 0, y: 100, width: 390, height: 40))
        view.setContentOffset(CGPoint(x: 0, y: 700), animated: false)
        view.layoutIfNeeded()
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame.minY == 683)
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))?.frame.minY == 723)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("a section provider: per-section sections, the environment, custom kinds, nil, interSectionSpacing")
    func sectionProvider() {
        var seen: [(Int, CGSize)] = []
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 30
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            seen.append((index, environment.container.effectiveContentSize))
            if index == 1 { return nil }
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(100), heightDimension: .absolute(50)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            // Subitems repeated while they fit: 100 + 10 + 100 + 10 + 100 = 320 <= 350, a fourth does not fit.
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                subitems: [item])
            group.interItemSpacing = .fixed(10)
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = .init(top: 0, leading: 20, bottom: 0, trailing: 20)
            let footer = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)),
                elementKind: "section-footer-element-kind", alignment: .bottom)
            footer.zIndex = 2
            section.boundarySupplementaryItems = [footer]
            return section
        }, configuration: configuration)
        let (view, dataSource) = installed(layout, [4, 7, 2])
        #expect(Array(seen.map(\.0).prefix(3)) == [0, 1, 2] && seen.count % 3 == 0)
        #expect(seen.allSatisfy { $0.1 == CGSize(width: 390, height: 844) })
        // Section 0: items 0-2 in group 0 at y 0, item 3 in group 1 at y 50; footer 100 to 110. Section 1 (nil):
        // empty, from 140 (after 30 of spacing) to 140. Section 2: from 170, items at 170, footer 220 to 230.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
            == CGRect(x: 20 + 220 + 5, y: 5, width: 90, height: 40))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame
            == CGRect(x: 25, y: 55, width: 90, height: 40))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2))?.frame
            == CGRect(x: 135, y: 175, width: 90, height: 40))
        let footer = layout.layoutAttributesForSupplementaryView(ofKind: "section-footer-element-kind",
                                                                 at: IndexPath(item: 0, section: 2))
        #expect(footer?.frame == CGRect(x: 20, y: 220, width: 350, height: 10))
        #expect(footer?.representedElementKind == "section-footer-element-kind")
        #expect(footer?.zIndex == 2)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter,
                                                            at: IndexPath(item: 0, section: 2)) == nil)
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 230))
        let kinds = Set((layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 230)) ?? [])
            .compactMap(\.representedElementKind))
        #expect(kinds == ["section-footer-element-kind"])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("attributes come back as the subclass's layoutAttributesClass")
    func attributesClass() {
        let layout = BadgedCompositionalLayout(section: AppLayouts.columnSection())
        let (view, dataSource) = installed(layout, [3])
        let answer = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        #expect(answer.count == 4)
        #expect(answer.allSatisfy { $0 is BadgeAttributes })
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("a change of width rebuilds: fractions follow the new container, as the native family's")
    func resize() {
        let layout = AppLayouts.grid()
        let (view, dataSource) = installed(layout, [2])
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 800, height: 844)))
        #expect(layout.invalidationContext(forBoundsChange: CGRect(x: 0, y: 0, width: 800, height: 844))
            .invalidateEverything)
        #expect(!layout.invalidationContext(forBoundsChange: CGRect(x: 0, y: 10, width: 390, height: 844))
            .invalidateEverything)
        withExtendedLifetime((view, dataSource)) {}

        // Through the harness's host: the UIKit grid and the native grid, resized to 800 wide.
        let content = ContentSpec(sections: 3, itemsPerSection: 5, counts: .uniform, sizes: .uniform, seed: 1)
        let uikit = AnyLayoutFamily(CompositionalGridFamily()).base.makeLayout(for: content, storage: .objects)
        let native = CompositionalFamily(preset: .grid).makeLayout(for: content, storage: .compact)
        var visible: [[LayoutAttributes]] = []
        for measured in [uikit, native] {
            let host = CollectionViewHost(layout: measured, viewportSize: Size(width: 390, height: 844),
                                          counts: content.itemCounts)
            host.layoutIfNeeded()
            host.setViewportSize(Size(width: 800, height: 844))
            host.layoutIfNeeded()
            visible.append(host.visibleAttributes.sorted())
        }
        #expect(visible[0] == visible[1])
        // (800 - 20 - 20 - 20) / 2 = 370 wide, at 20 and 410.
        #expect(visible[0].contains { $0.frame == Rect(x: 410, y: 60, width: 370, height: 201) })
    }

    @Test("a nested group: a large item beside a vertical pair, numbered depth first")
    func nestedGroups() {
        let layout = UICollectionViewCompositionalLayout(section: NestedLayouts.section())
        let (view, dataSource) = installed(layout, [5])
        // 390 wide, no section insets. The outer group (390 x 200) places a 0.75 item (292.5 wide) and the
        // 0.25 vertical group (97.5 wide) beside it; the item's insets of 10 leave 272.5 x 180. The vertical group
        // holds two items of half its height (100), each inset by 10: 77.5 x 80 at 292.5 + 10 = 302.5. Three items
        // a group; the second group starts at 200.
        let frames = (0..<5).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames == [
            CGRect(x: 10, y: 10, width: 272.5, height: 180), CGRect(x: 302.5, y: 10, width: 77.5, height: 80),
            CGRect(x: 302.5, y: 110, width: 77.5, height: 80), CGRect(x: 10, y: 210, width: 272.5, height: 180),
            CGRect(x: 302.5, y: 210, width: 77.5, height: 80),
        ])
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 400))
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 300, y: 105, width: 10, height: 10))?
            .map(\.indexPath) == [IndexPath(item: 2, section: 0)])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("the dimension, spacing and size accessors")
    func accessors() {
        let width = NSCollectionLayoutDimension.fractionalWidth(0.5)
        #expect(width.isFractionalWidth && !width.isFractionalHeight && !width.isAbsolute && !width.isEstimated)
        #expect(width.dimension == 0.5)
        #expect(NSCollectionLayoutDimension.fractionalHeight(1).isFractionalHeight)
        #expect(NSCollectionLayoutDimension.absolute(44).isAbsolute)
        #expect(NSCollectionLayoutDimension.estimated(44).isEstimated)
        #expect(NSCollectionLayoutDimension.absolute(44) == NSCollectionLayoutDimension.absolute(44))
        let spacing = NSCollectionLayoutSpacing.flexible(8)
        #expect(spacing.isFlexibleSpacing && !spacing.isFixedSpacing && spacing.spacing == 8)
        #expect(NSCollectionLayoutSpacing.fixed(10).isFixedSpacing)
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        #expect(size.widthDimension.isFractionalWidth && size.heightDimension.dimension == 44)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, repeatingSubitem: NSCollectionLayoutItem(
            layoutSize: size), count: 3)
        #expect(group.subitems.count == 1)
        #expect((group.copy() as? NSCollectionLayoutGroup)?.subitems.count == 1)
    }
}

/// A compositional subclass that names its own attributes class, as apps do for extra attributes.
final class BadgedCompositionalLayout: UICollectionViewCompositionalLayout {
    override class var layoutAttributesClass: AnyClass { BadgeAttributes.self }
}

/// The compositional UIKit layouts through LayoutBench's conformance checker.
@Suite("UIKit compositional layouts conform", .serialized)
struct CompositionalConformanceTests {
    @Test("grid, column, the mixed provider, the spaced options and nested groups conform",
          arguments: [AnyLayoutFamily(CompositionalGridFamily()), AnyLayoutFamily(CompositionalColumnFamily()),
                      AnyLayoutFamily(CompositionalMixedFamily()), AnyLayoutFamily(CompositionalSpacedFamily()),
                      AnyLayoutFamily(CompositionalNestedFamily())])
    func conforms(family: AnyLayoutFamily) {
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: .uniform, layout: family,
                                        storage: .objects)
            let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }
}

/// The common syntax forms of compositional code compile (Swift 5 mode, as client files are).
@Suite("UIKit compositional syntax forms")
struct CompositionalCompileFormsTests {
    @Test("the forms build and give the values written")
    func forms() {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        let item = NSCollectionLayoutItem(layoutSize: size)
        item.contentInsets = .init(top: 0, leading: 8, bottom: 0, trailing: 8)
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let estimated = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(60))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: estimated, subitems: [item, item])
        group.interItemSpacing = .fixed(10)
        group.interItemSpacing = .flexible(4)
        let vertical = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
        let counted = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitem: item, count: 3)
        let repeating = NSCollectionLayoutGroup.vertical(layoutSize: size, repeatingSubitem: item, count: 2)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        header.zIndex = 2
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size, elementKind: UICollectionElementKindSectionFooter, alignment: .bottom,
            absoluteOffset: .zero)
        let section = NSCollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [header]
        section.boundarySupplementaryItems.append(footer)
        section.interGroupSpacing = 12
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        section.orthogonalScrollingBehavior = .none
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .vertical
        configuration.interSectionSpacing = 20
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let provided = UICollectionViewCompositionalLayout { (sectionIndex: Int,
                                                              layoutEnvironment: NSCollectionLayoutEnvironment)
            -> NSCollectionLayoutSection? in
            let columns = layoutEnvironment.container.effectiveContentSize.width > 500 ? 3 : 1
            _ = layoutEnvironment.traitCollection.displayScale
            let g = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitem: item, count: columns)
            return sectionIndex == 0 ? NSCollectionLayoutSection(group: g) : section
        }
        let viaConfiguration = UICollectionViewCompositionalLayout(sectionProvider: { _, _ in section },
                                                                   configuration: configuration)
        let asBase: UICollectionViewLayout = layout
        #expect(asBase is UICollectionViewCompositionalLayout)
        #expect(layout.configuration.interSectionSpacing == 20)
        #expect(section.boundarySupplementaryItems.count == 2)
        #expect(header.pinToVisibleBounds && header.alignment == .top)
        #expect(header.elementKind == "UICollectionElementKindSectionHeader")
        #expect(vertical.subitems.count == 1 && counted.subitems.count == 1 && repeating.subitems.count == 1)
        _ = (provided, viaConfiguration)
    }
}
