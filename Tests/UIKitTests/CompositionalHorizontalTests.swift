import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import SeededRandom
import Testing
import UIKit
import Scenarios

/// A compositional section described along and across the scroll axis, built as a horizontal layout's section or as
/// the vertical layout's transposed one (the differential reference of Guides/UIKitCompositional.md, H1 to H6).
struct ScrollAxisSection: Sendable {
    /// A dimension along or across the scroll axis: points, or a fraction of the container along that axis.
    enum Extent: Sendable {
        case points(CGFloat), along(CGFloat), across(CGFloat)
    }

    var groupAlong = Extent.points(100), groupAcross = Extent.across(1)
    /// Whether the group lays its items along the scroll axis (`.horizontal` in a horizontal layout).
    var groupAlongScroll = false
    var itemAlong = Extent.along(1), itemAcross = Extent.across(1.0 / 3)
    var count: Int? = 3
    var interItemSpacing: CGFloat = 0
    /// Section insets: before the groups along the scroll axis, after them, and on the two sides across it.
    var start: CGFloat = 0, end: CGFloat = 0, sideBefore: CGFloat = 0, sideAfter: CGFloat = 0
    var itemInsets: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    var interGroupSpacing: CGFloat = 0
    /// A header and a footer that extend the section, this long along the scroll axis, across all of it.
    var header: CGFloat? = nil, footer: CGFloat? = nil
    var pinned = false

    func dimension(_ extent: Extent, horizontal: Bool) -> NSCollectionLayoutDimension {
        switch extent {
        case let .points(value): .absolute(value)
        case let .along(fraction): horizontal ? .fractionalWidth(fraction) : .fractionalHeight(fraction)
        case let .across(fraction): horizontal ? .fractionalHeight(fraction) : .fractionalWidth(fraction)
        }
    }

    func size(along: Extent, across: Extent, horizontal: Bool) -> NSCollectionLayoutSize {
        horizontal
            ? NSCollectionLayoutSize(widthDimension: dimension(along, horizontal: true),
                                     heightDimension: dimension(across, horizontal: true))
            : NSCollectionLayoutSize(widthDimension: dimension(across, horizontal: false),
                                     heightDimension: dimension(along, horizontal: false))
    }

    /// Insets given as (start along, side before, end along, side after) in the layout's own edges.
    func insets(_ start: CGFloat, _ before: CGFloat, _ end: CGFloat, _ after: CGFloat, horizontal: Bool)
        -> NSDirectionalEdgeInsets
    {
        horizontal ? NSDirectionalEdgeInsets(top: before, leading: start, bottom: after, trailing: end)
            : NSDirectionalEdgeInsets(top: start, leading: before, bottom: end, trailing: after)
    }

    /// The section of a layout that scrolls horizontally (`horizontal`) or vertically.
    func section(horizontal: Bool) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: size(along: itemAlong, across: itemAcross, horizontal: horizontal))
        item.contentInsets = insets(itemInsets.0, itemInsets.1, itemInsets.2, itemInsets.3, horizontal: horizontal)
        let groupSize = size(along: groupAlong, across: groupAcross, horizontal: horizontal)
        // A group along the scroll axis is `.horizontal` in a horizontal layout, `.vertical` in a vertical one.
        let horizontalGroup = groupAlongScroll == horizontal
        let group: NSCollectionLayoutGroup
        if let count {
            group = horizontalGroup ? .horizontal(layoutSize: groupSize, repeatingSubitem: item, count: count)
                : .vertical(layoutSize: groupSize, repeatingSubitem: item, count: count)
        } else {
            group = horizontalGroup ? .horizontal(layoutSize: groupSize, subitems: [item])
                : .vertical(layoutSize: groupSize, subitems: [item])
        }
        group.interItemSpacing = .fixed(interItemSpacing)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = insets(start, sideBefore, end, sideAfter, horizontal: horizontal)
        section.interGroupSpacing = interGroupSpacing
        var boundary: [NSCollectionLayoutBoundarySupplementaryItem] = []
        if let header {
            let item = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(along: .points(header), across: .across(1), horizontal: horizontal),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: horizontal ? .leading : .top)
            item.pinToVisibleBounds = pinned
            boundary.append(item)
        }
        if let footer {
            let item = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(along: .points(footer), across: .across(1), horizontal: horizontal),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: horizontal ? .trailing : .bottom)
            item.pinToVisibleBounds = pinned
            boundary.append(item)
        }
        section.boundarySupplementaryItems = boundary
        return section
    }

    /// A layout of this section everywhere, `interSectionSpacing` apart.
    func layout(horizontal: Bool, interSectionSpacing: CGFloat = 0) -> UICollectionViewCompositionalLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = horizontal ? .horizontal : .vertical
        configuration.interSectionSpacing = interSectionSpacing
        return UICollectionViewCompositionalLayout(section: section(horizontal: horizontal),
                                                   configuration: configuration)
    }

    /// A seeded section: every field drawn from a few values that keep the layout valid.
    static func random(_ random: inout SeededGenerator) -> ScrollAxisSection {
        var section = ScrollAxisSection()
        let small: [CGFloat] = [0, 4, 10, 16]
        section.groupAlong = [Extent.points(80), .points(130), .along(0.5), .along(0.8)].randomElement(using: &random)!
        section.groupAcross = [Extent.across(1), .across(0.5), .points(120)].randomElement(using: &random)!
        section.groupAlongScroll = Bool.random(using: &random)
        section.count = [nil, 1, 2, 3].randomElement(using: &random)!
        if section.groupAlongScroll {
            section.itemAlong = [Extent.along(0.5), .along(1.0 / 3), .points(40)].randomElement(using: &random)!
            section.itemAcross = .across(1)
        } else {
            section.itemAlong = .along(1)
            section.itemAcross = [Extent.across(0.5), .across(1.0 / 3), .points(30)].randomElement(using: &random)!
        }
        section.interItemSpacing = small.randomElement(using: &random)!
        (section.start, section.end) = (small.randomElement(using: &random)!, small.randomElement(using: &random)!)
        section.sideBefore = small.randomElement(using: &random)!
        section.sideAfter = small.randomElement(using: &random)!
        section.itemInsets = (small.randomElement(using: &random)! / 2, small.randomElement(using: &random)! / 2,
                              small.randomElement(using: &random)! / 2, small.randomElement(using: &random)! / 2)
        section.interGroupSpacing = small.randomElement(using: &random)!
        section.header = [nil, 30, 44].randomElement(using: &random)!
        section.footer = [nil, 20].randomElement(using: &random)!
        section.pinned = Bool.random(using: &random)
        return section
    }
}

/// A horizontal compositional layout through the harness (the conformance checker's families).
struct HorizontalCompositionalFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-horizontal"
    static let summary = "a UICollectionViewCompositionalLayout that scrolls horizontally, pinned headers (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        var section = ScrollAxisSection()
        (section.start, section.end, section.sideBefore, section.sideAfter) = (10, 20, 8, 8)
        section.interGroupSpacing = 6
        section.interItemSpacing = 4
        section.header = 40
        section.footer = 24
        section.pinned = true
        return section.layout(horizontal: true, interSectionSpacing: 12)
    }
}

@Suite("UIKit compositional layout that scrolls horizontally", .serialized)
struct CompositionalHorizontalTests {
    /// A standalone collection view of `layout` over sections of `counts`, `size`, laid out.
    func installed(_ layout: UICollectionViewLayout, _ counts: [Int], size: CGSize = CGSize(width: 300, height: 200))
        -> (UICollectionView, SectionedDataSource)
    {
        let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    func itemFrame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test("hand-computed: two sections, insets, interGroupSpacing, a vertical group of 3 items")
    func handComputed() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .fractionalHeight(1)),
            repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(6)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 30)
        section.interGroupSpacing = 8
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 12
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let (view, dataSource) = installed(layout, [5, 3])
        // 300 x 200. The section's effective size is (300 - 20 - 30) x (200 - 10 - 10) = 250 x 180: the group is 100
        // wide and 180 high; its three items share 180 less two gaps of 6: (180 - 12) / 3 = 56 each, at y 10, 72,
        // 134. Section 0 (5 items, 2 groups): groups at x 20 and 20 + 100 + 8 = 128; its end 128 + 100 + 30 = 258.
        // Section 1 starts 12 later, at 270: its one group at 290; its end 290 + 100 + 30 = 420.
        #expect(layout.collectionViewContentSize == CGSize(width: 420, height: 200))
        #expect(itemFrame(layout, 0, 0) == CGRect(x: 20, y: 10, width: 100, height: 56))
        #expect(itemFrame(layout, 1, 0) == CGRect(x: 20, y: 72, width: 100, height: 56))
        #expect(itemFrame(layout, 2, 0) == CGRect(x: 20, y: 134, width: 100, height: 56))
        #expect(itemFrame(layout, 3, 0) == CGRect(x: 128, y: 10, width: 100, height: 56))
        #expect(itemFrame(layout, 4, 0) == CGRect(x: 128, y: 72, width: 100, height: 56))
        #expect(itemFrame(layout, 0, 1) == CGRect(x: 290, y: 10, width: 100, height: 56))
        #expect(itemFrame(layout, 1, 1) == CGRect(x: 290, y: 72, width: 100, height: 56))
        #expect(itemFrame(layout, 2, 1) == CGRect(x: 290, y: 134, width: 100, height: 56))
        #expect(itemFrame(layout, 5, 0) == nil)
        // The rect query: [0, 128) x [0, 200) holds group 0's three items only (group 1 only touches at 128 by
        // CoreGraphics' rule); the whole content holds all eight.
        let first = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 128, height: 200)) ?? []
        #expect(first.map(\.indexPath).sorted() == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0),
                                                   IndexPath(item: 2, section: 0)])
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 420, height: 200))?.count == 8)
        // A scroll along x to 120: the bounds [120, 420) hold group 1 of section 0 and section 1 (group 0 ends at 120,
        // touching only).
        view.setContentOffset(CGPoint(x: 120, y: 0), animated: false)
        view.layoutIfNeeded()
        let visible = (layout.layoutAttributesForElements(in: view.bounds) ?? []).map(\.indexPath).sorted()
        #expect(visible == [IndexPath(item: 3, section: 0), IndexPath(item: 4, section: 0),
                            IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1),
                            IndexPath(item: 2, section: 1)])
        #expect(itemFrame(layout, 3, 0) == CGRect(x: 128, y: 10, width: 100, height: 56))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("a .leading header pinned while scrolling along x, and a .trailing footer")
    func pinnedLeadingHeader() {
        var description = ScrollAxisSection()
        description.groupAlong = .points(100)
        description.count = 2
        description.itemAcross = .across(0.5)
        description.header = 40
        description.footer = 10
        description.pinned = false
        let section = description.section(horizontal: true)
        section.boundarySupplementaryItems[0].pinToVisibleBounds = true
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let (view, dataSource) = installed(layout, [6, 6])
        // 300 x 200. Section 0: its header from 0 to 40, full height (fractionalHeight(1) of 200); three groups of
        // two items (each 100 x 100) at x 40, 140, 240; its footer from 340 to 350; section 1 from 350: header 350
        // to 390, groups at 390, 490, 590, footer 690 to 700.
        let header = { (section: Int) in
            layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                        at: IndexPath(item: 0, section: section))?.frame
        }
        #expect(layout.collectionViewContentSize == CGSize(width: 700, height: 200))
        #expect(header(0) == CGRect(x: 0, y: 0, width: 40, height: 200))
        #expect(header(1) == CGRect(x: 350, y: 0, width: 40, height: 200))
        #expect(itemFrame(layout, 1, 0) == CGRect(x: 40, y: 100, width: 100, height: 100))
        #expect(itemFrame(layout, 4, 1) == CGRect(x: 590, y: 0, width: 100, height: 100))
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 340, y: 0, width: 10, height: 200))
        // A scroll to x 100: a pinned header makes every bounds change invalidate, and section 0's header sits at the
        // leading edge of the visible bounds, x 100; at 320 it is pushed back by its section's end (350 - 40 = 310);
        // section 1's stays at its own place, 350, until the bounds pass it.
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 100, y: 0, width: 300, height: 200)))
        view.setContentOffset(CGPoint(x: 100, y: 0), animated: false)
        view.layoutIfNeeded()
        #expect(header(0) == CGRect(x: 100, y: 0, width: 40, height: 200))
        let inBounds = layout.layoutAttributesForElements(in: view.bounds) ?? []
        #expect(inBounds.contains { $0.representedElementKind == UICollectionView.elementKindSectionHeader
            && $0.indexPath.section == 0 && $0.frame.minX == 100 })
        view.setContentOffset(CGPoint(x: 320, y: 0), animated: false)
        view.layoutIfNeeded()
        #expect(header(0)?.minX == 310)
        #expect(header(1)?.minX == 350)
        view.setContentOffset(CGPoint(x: 400, y: 0), animated: false)
        view.layoutIfNeeded()
        #expect(header(1)?.minX == 400)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("a section provider reads the container: contentSize and effectiveContentSize are the view's size")
    func environment() {
        var seen: [CGSize] = []
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { _, environment in
            seen.append(environment.container.effectiveContentSize)
            #expect(environment.container.contentSize == CGSize(width: 300, height: 200))
            // Rows as tall as a quarter of the container, as an app sizes a strip from the environment.
            let rows = environment.container.effectiveContentSize.height / 4
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(rows)))
            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(70), heightDimension: .fractionalHeight(1)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }, configuration: configuration)
        let (view, dataSource) = installed(layout, [6])
        #expect(!seen.isEmpty && seen.allSatisfy { $0 == CGSize(width: 300, height: 200) })
        // 200 / 4 = 50-point rows, four to a 70-wide group (4 x 50 = 200 fits): item 5 is the second of group 1.
        #expect(itemFrame(layout, 5, 0) == CGRect(x: 70, y: 50, width: 70, height: 50))
        #expect(layout.collectionViewContentSize == CGSize(width: 140, height: 200))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("seeded layouts: each horizontal layout's frames are the transpose of the vertical one's, at every offset")
    func transposeOfVertical() {
        var random = SeededGenerator(seed: 38)
        for trial in 0..<40 {
            let description = ScrollAxisSection.random(&random)
            let counts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...9, using: &random) }
            let spacing = CGFloat([0, 12].randomElement(using: &random)!)
            let horizontal = description.layout(horizontal: true, interSectionSpacing: spacing)
            let vertical = description.layout(horizontal: false, interSectionSpacing: spacing)
            let (hView, hData) = installed(horizontal, counts, size: CGSize(width: 320, height: 240))
            let (vView, vData) = installed(vertical, counts, size: CGSize(width: 240, height: 320))
            let size = horizontal.collectionViewContentSize
            #expect(size == CGSize(width: vertical.collectionViewContentSize.height,
                                   height: vertical.collectionViewContentSize.width), "trial \(trial)")
            // Every item is in the whole content's answer.
            let whole = horizontal.layoutAttributesForElements(in: CGRect(origin: .zero, size: size)) ?? []
            #expect(whole.filter { $0.representedElementCategory == .cell }.count == counts.reduce(0, +))
            for step in 0...6 {
                let x = (size.width - 320) * CGFloat(step) / 6
                hView.setContentOffset(CGPoint(x: x, y: 0), animated: false)
                vView.setContentOffset(CGPoint(x: 0, y: x), animated: false)
                hView.layoutIfNeeded()
                vView.layoutIfNeeded()
                let hBounds = hView.bounds, vBounds = vView.bounds
                #expect(hBounds == CGRect(x: vBounds.minY, y: vBounds.minX, width: vBounds.height,
                                          height: vBounds.width))
                for rect in [hBounds, CGRect(origin: .zero, size: size).insetBy(dx: -10, dy: -10)] {
                    let transposedRect = CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
                    let answered = (horizontal.layoutAttributesForElements(in: rect) ?? []).map(Self.key).sorted()
                    let expected = (vertical.layoutAttributesForElements(in: transposedRect) ?? [])
                        .map { Self.key($0, transposed: true) }.sorted()
                    #expect(answered == expected, "trial \(trial) at \(x)")
                }
            }
            withExtendedLifetime((hView, hData, vView, vData)) {}
        }
    }

    /// An answer as comparable text: category, kind, index path and frame (transposed back when asked).
    static func key(_ attributes: UICollectionViewLayoutAttributes) -> String { key(attributes, transposed: false) }

    static func key(_ attributes: UICollectionViewLayoutAttributes, transposed: Bool) -> String {
        let f = attributes.frame
        let frame = transposed ? CGRect(x: f.minY, y: f.minX, width: f.height, height: f.width) : f
        return "\(attributes.representedElementCategory) \(attributes.representedElementKind ?? "") "
            + "\(attributes.indexPath.section).\(attributes.indexPath.item) \(frame) z\(attributes.zIndex)"
    }

    @Test("the conformance checker passes: query reference and context invalidation over mixed traces")
    func conforms() {
        let family = AnyLayoutFamily(HorizontalCompositionalFamily())
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: .uniform, layout: family,
                                        storage: .objects)
            let failures = checkLayoutFamily(workload, seed: 11, rects: 40, traces: [.mixed], traceFrames: 40)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }

    @Test("a vertical layout is not transposed: its answers are unchanged")
    func verticalUntouched() {
        let layout = AppLayouts.grid()
        #expect(!layout.transposes)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        layout.configuration = configuration
        #expect(layout.transposes)
        configuration.scrollDirection = .vertical
        layout.configuration = configuration
        #expect(!layout.transposes)
    }

    @Test("what a horizontal layout does not lay out is refused in one line",
          arguments: [
              ("top", "a boundary supplementary item aligned top in a layout that scrolls horizontally (only "
                  + ".leading, .trailing, .topLeading and .topTrailing extend a section there)"),
              ("estimated", "a group of .estimated width (a self-sizing section) in a "
                  + "UICollectionViewCompositionalLayout that scrolls horizontally"),
              ("layout-wide", "layout-wide boundarySupplementaryItems in a UICollectionViewCompositionalLayout that "
                  + "scrolls horizontally"),
              ("safe-area", "a contentInsetsReference (the configuration's) whose edge is not the collection view's "
                  + "own in a UICollectionViewCompositionalLayout that scrolls horizontally"),
          ])
    func refusals(which: String, feature: String) throws {
        let problem = try #require(HorizontalRefusalFamily(which: which)
            .problem(for: ContentSpec(sections: 3, itemsPerSection: 4)))
        #expect(problem == "uikit-horizontal-refusal: UIKit on Linux: \(feature) is not supported"
            + (which == "safe-area" ? ": the safe area, layout margins and readable content guide are measured "
                + "across a vertical layout only (H7)" : "")
            + " (Guides/UIKitCompositional.md)")
        #expect(!problem.contains("\n"))
    }
}

/// A horizontal layout with one thing it does not lay out (``CompositionalHorizontalTests/refusals(which:feature:)``).
struct HorizontalRefusalFamily: UIKitLayoutFamily {
    static let name = "uikit-horizontal-refusal"
    static let summary = "a horizontal compositional layout with a feature it does not lay out (test)"
    var which = "top"
    var safeAreaInsets: UIEdgeInsets {
        which == "safe-area" ? UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47) : .zero
    }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let section = ScrollAxisSection().section(horizontal: true)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        switch which {
        case "top":
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
        case "estimated":
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .estimated(80), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(
                widthDimension: .estimated(80), heightDimension: .fractionalHeight(1)), subitems: [item])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group),
                                                       configuration: configuration)
        case "layout-wide":
            configuration.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(40), heightDimension: .fractionalHeight(1)),
                elementKind: "layout-header", alignment: .leading)]
        default: break
        }
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }
}
