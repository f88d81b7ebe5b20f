import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
import UIKit

/// Custom groups and edge spacing, as apps write them (Guides/UIKitCompositional.md, "Custom groups" C1-C6 and
/// "Edge spacing" ES1-ES6).
enum CustomGroupLayouts {
    /// A mosaic: a large item two thirds wide beside two stacked small ones, from the provider's container.
    static func mosaicGroup(height: CGFloat = 200, record: ((CGSize) -> Void)? = nil) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(height))) { environment in
            let size = environment.container.contentSize
            record?(size)
            let large = size.width * 2 / 3
            return [
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: large, height: size.height)),
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: large, y: 0, width: size.width - large,
                                                                height: size.height / 2)),
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: large, y: size.height / 2,
                                                                width: size.width - large, height: size.height / 2),
                                                  zIndex: 0),
            ]
        }
    }

    /// An item `width` x 60 with `edgeSpacing`.
    static func item(width: CGFloat = 60, _ edgeSpacing: NSCollectionLayoutEdgeSpacing?) -> NSCollectionLayoutItem {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width),
                                                                             heightDimension: .absolute(60)))
        item.edgeSpacing = edgeSpacing
        return item
    }

    /// A 390 x 130 row of an item with a fixed leading edge spacing of 8 and a vertical group of 40-high items with
    /// fixed leading 30 and trailing 5, repeated while they fit.
    static func nestedRow() -> NSCollectionLayoutGroup {
        let stacked = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(100), heightDimension: .fractionalHeight(1.0)),
            subitems: [NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40)))])
        stacked.edgeSpacing = .init(leading: .fixed(30), top: nil, trailing: .fixed(5), bottom: nil)
        return NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(130)),
            subitems: [item(width: 100, .init(leading: .fixed(8), top: nil, trailing: nil, bottom: nil)), stacked])
    }

    /// A horizontal group 300 x 60 of `subitems`.
    static func row(_ subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(300), heightDimension: .absolute(60)), subitems: subitems)
    }
}

/// A mosaic of custom groups with a pinned header, and a provider that nests custom groups in a horizontal group.
struct CompositionalCustomFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-custom"
    static let summary = "UICollectionViewCompositionalLayout with custom (mosaic) groups (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { index, _ in
            if index % 2 == 0 {
                let section = NSCollectionLayoutSection(group: CustomGroupLayouts.mosaicGroup())
                section.interGroupSpacing = 10
                section.contentInsets = .init(top: 4, leading: 12, bottom: 4, trailing: 12)
                section.boundarySupplementaryItems = [AppLayouts.pinnedHeader()]
                return section
            }
            let half = CustomGroupLayouts.mosaicGroup(height: 120)
            let pair = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120)), subitems: [
                NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(120)), itemProvider: { env in
                    [NSCollectionLayoutGroupCustomItem(frame: CGRect(origin: .zero, size: env.container.contentSize))]
                }),
                half,
            ])
            return NSCollectionLayoutSection(group: pair)
        }
    }
}

/// Fixed and flexible edge spacing on items and on a nested group, with a pinned header.
struct CompositionalEdgeSpacingFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-edge-spacing"
    static let summary = "UICollectionViewCompositionalLayout with edgeSpacing on items and nested groups (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { index, _ in
            let section: NSCollectionLayoutSection
            switch index % 3 {
            case 0:
                section = NSCollectionLayoutSection(group: CustomGroupLayouts.row([CustomGroupLayouts.item(
                    NSCollectionLayoutEdgeSpacing(leading: .flexible(20), top: nil, trailing: nil, bottom: nil))]))
            case 1:
                let row = CustomGroupLayouts.row([
                    CustomGroupLayouts.item(width: 90, .init(leading: .flexible(0), top: nil, trailing: nil,
                                                             bottom: nil)),
                    CustomGroupLayouts.item(width: 90, nil),
                    CustomGroupLayouts.item(width: 90, .init(leading: nil, top: nil, trailing: .flexible(0),
                                                             bottom: nil)),
                ])
                row.interItemSpacing = .flexible(4)
                section = NSCollectionLayoutSection(group: row)
            default:
                section = NSCollectionLayoutSection(group: CustomGroupLayouts.nestedRow())
            }
            section.interGroupSpacing = 6
            section.boundarySupplementaryItems = [AppLayouts.pinnedHeader()]
            return section
        }
    }
}

@Suite("UIKit compositional custom groups and edge spacing", .serialized)
struct CompositionalCustomGroupTests {
    /// A standalone collection view of `layout` over sections of `counts`, 390 x 844, laid out.
    func installed(_ layout: UICollectionViewLayout, _ counts: [Int]) -> (UICollectionView, SectionedDataSource) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    func frames(_ layout: UICollectionViewLayout, _ count: Int, section: Int = 0) -> [CGRect?] {
        (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame }
    }

    @Test("C1-C4: a mosaic custom group of 3 items repeated over 7, frames from the group's origin")
    func mosaic() {
        var sizes: [CGSize] = []
        let section = NSCollectionLayoutSection(group: CustomGroupLayouts.mosaicGroup { sizes.append($0) })
        section.interGroupSpacing = 10
        let layout = UICollectionViewCompositionalLayout(section: section)
        let (view, dataSource) = installed(layout, [7])
        // The container is the group: 390 (fractionalWidth 1 of 390) x 200. Large = 390 * 2 / 3 = 260; the small
        // ones are 130 x 100 at x 260, y 0 and 100. Groups step 200 + 10 = 210: items 3-5 at y + 210, item 6 (the
        // first of the third group) at y 420. Content height 3 * 200 + 2 * 10 = 620.
        #expect(frames(layout, 7) == [
            CGRect(x: 0, y: 0, width: 260, height: 200), CGRect(x: 260, y: 0, width: 130, height: 100),
            CGRect(x: 260, y: 100, width: 130, height: 100), CGRect(x: 0, y: 210, width: 260, height: 200),
            CGRect(x: 260, y: 210, width: 130, height: 100), CGRect(x: 260, y: 310, width: 130, height: 100),
            CGRect(x: 0, y: 420, width: 260, height: 200),
        ])
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 620))
        // C3: asked once a translation of the section (here once for the pass), not once a group.
        #expect(sizes == [CGSize(width: 390, height: 200)])
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 300, y: 320, width: 5, height: 5))?
            .map(\.indexPath) == [IndexPath(item: 5, section: 0)])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("C2, C3: a nested custom group is asked for each instance, with its slot as its container")
    func nestedCustom() {
        var sizes: [CGSize] = []
        let custom = NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1.0))) { environment in
            let size = environment.container.contentSize
            sizes.append(size)
            // The effective size is the size less the group's content insets (4 on every edge).
            let effective = environment.container.effectiveContentSize
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 4, y: 4, width: effective.width,
                                                                    height: effective.height))]
        }
        custom.contentInsets = .init(top: 4, leading: 4, bottom: 4, trailing: 4)
        let pair = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100)), subitems: [custom])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: pair))
        let (view, dataSource) = installed(layout, [3])
        // Two halves of 390 (195 x 100) a group; each gives one item 195 - 8 = 187 by 100 - 8 = 92 at 4, 4 of its
        // own origin: x 4 and 195 + 4 = 199. Item 2 is in the second group, at y 100 + 4.
        #expect(frames(layout, 3) == [
            CGRect(x: 4, y: 4, width: 187, height: 92), CGRect(x: 199, y: 4, width: 187, height: 92),
            CGRect(x: 4, y: 104, width: 187, height: 92),
        ])
        #expect(sizes == [CGSize(width: 195, height: 100), CGSize(width: 195, height: 100)])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("ES1, ES2: fixed edge spacing moves 60-wide items in a 300-wide group, outside their content insets")
    func fixedEdgeSpacing() {
        let item = CustomGroupLayouts.item(.init(leading: .fixed(20), top: nil, trailing: .fixed(10), bottom: nil))
        item.contentInsets = .init(top: 0, leading: 2, bottom: 0, trailing: 2)
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: CustomGroupLayouts.row([item])))
        let (view, dataSource) = installed(layout, [4])
        // Each item takes 20 + 60 + 10 = 90: three take 270, a fourth (360) does not fit in 300. Slots at 20,
        // 20 + 60 + 10 + 20 = 110 and 200; the content insets then shrink each to 56 wide at slot + 2. Item 3 starts
        // the second group, at y 60.
        #expect(frames(layout, 4) == [
            CGRect(x: 22, y: 0, width: 56, height: 60), CGRect(x: 112, y: 0, width: 56, height: 60),
            CGRect(x: 202, y: 0, width: 56, height: 60), CGRect(x: 22, y: 60, width: 56, height: 60),
        ])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("ES1-ES3: flexible leading edge spacing shares the leftover of a 300-wide group of 60-wide items")
    func flexibleEdgeSpacing() {
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: CustomGroupLayouts.row([CustomGroupLayouts.item(.init(leading: .flexible(20), top: nil,
                                                                         trailing: nil, bottom: nil))])))
        let (view, dataSource) = installed(layout, [3])
        // Minimum 20 + 60 = 80 an item: three take 240, a fourth (320) does not fit. The leftover 300 - 240 = 60 is
        // shared by the three flexible leading edges: 20 each, so each leading edge is 20 + 20 = 40: items at 40,
        // 40 + 60 + 40 = 140 and 240 (the last ends at 300).
        #expect(frames(layout, 3) == [
            CGRect(x: 40, y: 0, width: 60, height: 60), CGRect(x: 140, y: 0, width: 60, height: 60),
            CGRect(x: 240, y: 0, width: 60, height: 60),
        ])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("ES3: flexible leading on the first and trailing on the last centre three items, beside flexible gaps")
    func centred() {
        let centred = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group:
            CustomGroupLayouts.row([
                CustomGroupLayouts.item(width: 90, .init(leading: .flexible(0), top: nil, trailing: nil, bottom: nil)),
                CustomGroupLayouts.item(width: 90, nil),
                CustomGroupLayouts.item(width: 90, .init(leading: nil, top: nil, trailing: .flexible(0), bottom: nil)),
            ])))
        let (view, dataSource) = installed(centred, [3])
        // 3 * 90 = 270 of 300: the leftover 30 goes to two flexible edges, 15 each: 15, 105, 195.
        #expect(frames(centred, 3) == [
            CGRect(x: 15, y: 0, width: 90, height: 60), CGRect(x: 105, y: 0, width: 90, height: 60),
            CGRect(x: 195, y: 0, width: 90, height: 60),
        ])
        let row = CustomGroupLayouts.row([
            CustomGroupLayouts.item(width: 90, .init(leading: .flexible(0), top: nil, trailing: nil, bottom: nil)),
            CustomGroupLayouts.item(width: 90, nil),
            CustomGroupLayouts.item(width: 90, .init(leading: nil, top: nil, trailing: .flexible(0), bottom: nil)),
        ])
        row.interItemSpacing = .flexible(4)
        let spaced = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row))
        let (view2, dataSource2) = installed(spaced, [3])
        // 270 + 2 * 4 = 278: the leftover 22 is shared by the two flexible edges and the two flexible gaps, 5.5
        // each: 5.5, 5.5 + 90 + 9.5 = 105, 105 + 90 + 9.5 = 204.5 (ending at 294.5 + 5.5 = 300).
        #expect(frames(spaced, 3) == [
            CGRect(x: 5.5, y: 0, width: 90, height: 60), CGRect(x: 105, y: 0, width: 90, height: 60),
            CGRect(x: 204.5, y: 0, width: 90, height: 60),
        ])
        withExtendedLifetime((view, dataSource, view2, dataSource2)) {}
    }

    @Test("ES1 on a nested group: its edge spacing moves it in its parent, and its items with it")
    func nestedGroupEdgeSpacing() {
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: CustomGroupLayouts.nestedRow()))
        let (view, dataSource) = installed(layout, [6])
        // In 390: the item takes 8 + 100 = 108 (at x 8), the nested group 30 + 100 + 5 = 135 (at 108 + 30 = 138),
        // the item again 108 (243 + 8 = 251, ending at 351); the nested group (486) does not fit. The nested group's
        // 100 x 40 items stack in 130: three (120), at y 0, 40, 80. Five items a group; item 5 at y 130.
        #expect(frames(layout, 6) == [
            CGRect(x: 8, y: 0, width: 100, height: 60), CGRect(x: 138, y: 0, width: 100, height: 40),
            CGRect(x: 138, y: 40, width: 100, height: 40), CGRect(x: 138, y: 80, width: 100, height: 40),
            CGRect(x: 251, y: 0, width: 100, height: 60), CGRect(x: 8, y: 130, width: 100, height: 60),
        ])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("through the harness host, custom and edge-spacing layouts give an engine section's frames of the same slots",
          arguments: [0, 1])
    func hostEqualsEngine(which: Int) {
        let slots: [Rect]
        let uikit: AnyLayoutFamily
        let height: Double
        if which == 0 {
            uikit = AnyLayoutFamily(MosaicOnlyFamily())
            // 390 x 200: 260 x 200 at 0, 0; 130 x 100 at 260, 0 and 260, 100.
            slots = [Rect(x: 0, y: 0, width: 260, height: 200), Rect(x: 260, y: 0, width: 130, height: 100),
                     Rect(x: 260, y: 100, width: 130, height: 100)]
            height = 200
        } else {
            uikit = AnyLayoutFamily(FlexibleOnlyFamily())
            slots = [Rect(x: 40, y: 0, width: 60, height: 60), Rect(x: 140, y: 0, width: 60, height: 60),
                     Rect(x: 240, y: 0, width: 60, height: 60)]
            height = 60
        }
        var group = CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1),
                                                                                   height: .absolute(height)),
                                       subitems: [])
        group.fixedSlots = slots
        let content = ContentSpec(sections: 6, itemsPerSection: 11, counts: .varied, sizes: .uniform, seed: 3)
        let viewport = Size(width: 390, height: 844)
        let layoutA = uikit.base.makeLayout(for: content, storage: .objects)
        let layoutB = CompositionalLayout(section: CompositionalSection(group: group, interGroupSpacing: 10))
        let hostA = CollectionViewHost(layout: layoutA, viewportSize: viewport, counts: content.itemCounts)
        let hostB = CollectionViewHost(layout: layoutB, viewportSize: viewport, counts: content.itemCounts)
        hostA.layoutIfNeeded()
        hostB.layoutIfNeeded()
        #expect(layoutA.contentSize == layoutB.contentSize)
        let total = layoutB.contentSize.height
        #expect(total > 844)
        for step in 0...16 {
            let offset = Point(x: 0, y: (total - 844) * Double(step) / 16)
            hostA.setContentOffset(offset)
            hostB.setContentOffset(offset)
            hostA.layoutIfNeeded()
            hostB.layoutIfNeeded()
            #expect(hostA.visibleAttributes.sorted() == hostB.visibleAttributes.sorted(), "at \(offset)")
            #expect(!hostA.visibleAttributes.isEmpty)
        }
    }

    @Test("refused in one line, naming the feature: what custom groups and edge spacing cannot model here")
    func refusals() {
        let size = CGSize(width: 390, height: 844)
        func refusal(_ group: NSCollectionLayoutGroup) -> String? {
            UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                .unsupportedFeature(sections: 1, containerSize: size)?.description
        }
        func custom(_ items: [NSCollectionLayoutGroupCustomItem],
                    height: NSCollectionLayoutDimension = .absolute(100)) -> NSCollectionLayoutGroup {
            NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                              heightDimension: height)) { _ in items }
        }
        let frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(refusal(custom([NSCollectionLayoutGroupCustomItem(frame: frame)])) == nil)
        #expect(refusal(custom([NSCollectionLayoutGroupCustomItem(frame: frame, zIndex: 2)])) == nil)
        let cases: [(NSCollectionLayoutGroup, String)] = [
            (custom([]), "a custom NSCollectionLayoutGroup whose item provider returns no items"),
            (custom([NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: CGFloat.infinity, width: 1, height: 1))]),
             "a custom group item frame that is not finite"),
            (custom([NSCollectionLayoutGroupCustomItem(frame: frame)], height: .estimated(100)),
             "an .estimated dimension on a custom NSCollectionLayoutGroup"),
            (NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(300), heightDimension: .estimated(60)), subitems: [CustomGroupLayouts.item(
                    .init(leading: nil, top: .flexible(0), trailing: nil, bottom: .fixed(0)))]),
             "edgeSpacing in a group of .estimated height (a self-sizing section)"),
        ]
        for (group, feature) in cases {
            let line = refusal(group)
            #expect(line?.contains(feature) == true, "\(line ?? "nil")")
            #expect(line?.contains("\n") == false)
        }
        let top = CustomGroupLayouts.row([CustomGroupLayouts.item(nil)])
        top.edgeSpacing = .init(leading: .fixed(1), top: nil, trailing: nil, bottom: nil)
        #expect(refusal(top)?.contains("edgeSpacing on a section's top-level NSCollectionLayoutGroup") == true)
    }

    @Test("the new types keep and copy what they were given")
    func accessors() {
        let item = NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 1, y: 2, width: 3, height: 4), zIndex: 5)
        #expect(item.frame == CGRect(x: 1, y: 2, width: 3, height: 4) && item.zIndex == 5)
        #expect(NSCollectionLayoutGroupCustomItem(frame: .zero).zIndex == 0)
        #expect((item.copy() as? NSCollectionLayoutGroupCustomItem)?.zIndex == 5)
        let spacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(2), top: nil, trailing: .fixed(3), bottom: nil)
        #expect(spacing.leading?.isFlexibleSpacing == true && spacing.trailing?.spacing == 3 && spacing.top == nil)
        #expect(spacing.copy() as? NSCollectionLayoutEdgeSpacing == spacing)
        let layoutItem = CustomGroupLayouts.item(spacing)
        #expect(layoutItem.edgeSpacing == spacing)
        #expect((layoutItem.copy() as? NSCollectionLayoutItem)?.edgeSpacing == spacing)
        let group = CustomGroupLayouts.mosaicGroup()
        #expect((group.copy() as? NSCollectionLayoutGroup)?.customItemProvider != nil)
    }
}

/// The mosaic alone (no header, inter-group spacing 10), for the differential test against the engine.
struct MosaicOnlyFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-mosaic-only"
    static let summary = "UICollectionViewCompositionalLayout, one mosaic custom group (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let section = NSCollectionLayoutSection(group: CustomGroupLayouts.mosaicGroup())
        section.interGroupSpacing = 10
        return UICollectionViewCompositionalLayout(section: section)
    }
}

/// Flexible leading edge spacing alone (no header, inter-group spacing 10), for the differential test.
struct FlexibleOnlyFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-flexible-only"
    static let summary = "UICollectionViewCompositionalLayout, flexible leading edge spacing (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let section = NSCollectionLayoutSection(group: CustomGroupLayouts.row([CustomGroupLayouts.item(
            .init(leading: .flexible(20), top: nil, trailing: nil, bottom: nil))]))
        section.interGroupSpacing = 10
        return UICollectionViewCompositionalLayout(section: section)
    }
}

/// The custom-group and edge-spacing layouts through LayoutBench's conformance checker.
@Suite("UIKit compositional custom groups and edge spacing conform", .serialized)
struct CompositionalCustomGroupConformanceTests {
    @Test("custom (mosaic, nested) and edge-spacing layouts conform: query reference, context invalidation",
          arguments: [AnyLayoutFamily(CompositionalCustomFamily()), AnyLayoutFamily(CompositionalEdgeSpacingFamily())])
    func conforms(family: AnyLayoutFamily) {
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: .uniform, layout: family,
                                        storage: .objects)
            let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }
}
