import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
import UIKit

/// Sections written as iOS 14+ apps write them: an inset grid measured from a reference, a list whose rows start at
/// the layout margins, a grid that runs under the safe area (`contentInsetsReference = .none`).
enum InsetsReferenceLayouts {
    /// Apple's Inset Items Grid reduced to a row: two items across, each half the group, 100 high, section insets 8
    /// on every side, measured from `reference`.
    static func insetGrid(_ reference: UIContentInsetsReference, header: Bool = false) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        section.contentInsetsReference = reference
        if header {
            let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40))
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
        }
        return section
    }

    /// An iOS 14+ screen: even sections a grid under the safe area (`.none`, a photo wall), odd ones a plain list
    /// with supplementary headers whose rows start at the layout margins.
    static func appScreen() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { sectionIndex, layoutEnvironment in
            if sectionIndex % 2 == 0 {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalWidth(1.0 / 3.0)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(1.0 / 3.0)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsetsReference = .none
                return section
            }
            var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            configuration.headerMode = .supplementary
            let section = NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
            section.contentInsetsReference = .layoutMargins
            section.supplementaryContentInsetsReference = .layoutMargins
            return section
        }
    }
}

@Suite("UIKit compositional content insets references", .serialized)
struct CompositionalContentInsetsReferenceTests {
    /// A standalone collection view `width` x 844 with a safe area and margins, showing `layout` over `counts`.
    func installed(_ layout: UICollectionViewLayout, _ counts: [Int], width: CGFloat = 390,
                   safeArea: UIEdgeInsets = .zero, margins: UIEdgeInsets = .zero)
        -> (UICollectionView, SectionedDataSource)
    {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 844), collectionViewLayout: layout)
        view.givenSafeAreaInsets = safeArea
        view.layoutMargins = margins
        let dataSource = SectionedDataSource(counts)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    func frame(_ layout: UICollectionViewLayout, _ item: Int, section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    static let margins16 = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    static let landscape = UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44)

    @Test("CI2: .layoutMargins with 16-point margins and insets 8 starts the row at x 24, 390 - 48 wide")
    func layoutMargins() {
        let layout = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.layoutMargins))
        let (_, source) = installed(layout, [3], margins: Self.margins16)
        _ = source
        // Leading edge 16 (margin) + 8 (inset) = 24; the group is 390 - 2 x (16 + 8) = 342 wide, each item half:
        // 171. Rows start at the top inset 8 and are 100 high: the third item is at y 8 + 100 = 108.
        #expect(frame(layout, 0) == CGRect(x: 24, y: 8, width: 171, height: 100))
        #expect(frame(layout, 1) == CGRect(x: 195, y: 8, width: 171, height: 100))
        #expect(frame(layout, 2) == CGRect(x: 24, y: 108, width: 171, height: 100))
        // Content: 8 + 2 rows x 100 + 8 = 216.
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 216))
    }

    @Test("CI2: .none starts at the collection view's edge (x 8) whatever the safe area and the margins")
    func none() {
        let layout = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.none))
        let (_, source) = installed(layout, [2], safeArea: Self.landscape, margins: Self.margins16)
        _ = source
        // 0 + 8 = 8; the row 390 - 16 = 374 wide, items 187.
        #expect(frame(layout, 0) == CGRect(x: 8, y: 8, width: 187, height: 100))
        #expect(frame(layout, 1) == CGRect(x: 195, y: 8, width: 187, height: 100))
    }

    @Test("CI1, CI2: .safeArea, and .automatic under the default configuration, start at 44 + 8 = 52 in landscape")
    func safeArea() {
        for reference in [UIContentInsetsReference.safeArea, .automatic] {
            let layout = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(reference))
            let (_, source) = installed(layout, [2], safeArea: Self.landscape)
            _ = source
            // 44 + 8 = 52; the row 390 - 2 x 52 = 286 wide, items 143; the bottom safe area (21) moves nothing (CI3).
            #expect(frame(layout, 0) == CGRect(x: 52, y: 8, width: 143, height: 100), "\(reference)")
            #expect(frame(layout, 1) == CGRect(x: 195, y: 8, width: 143, height: 100), "\(reference)")
        }
    }

    @Test("CI1, CI2: .layoutMargins are measured from the safe area: 44 + 16 + 8 = 68")
    func marginsInsideSafeArea() {
        let layout = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.layoutMargins))
        let (_, source) = installed(layout, [1], safeArea: Self.landscape, margins: Self.margins16)
        _ = source
        // 44 + 16 + 8 = 68; the row 390 - 136 = 254 wide, the item 127.
        #expect(frame(layout, 0) == CGRect(x: 68, y: 8, width: 127, height: 100))
    }

    @Test("CI2, CI3: .readableContent is at most 672 wide, centred between the margins")
    func readableContent() {
        let layout = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.readableContent))
        let (_, source) = installed(layout, [2], width: 1024, margins: UIEdgeInsets(top: 0, left: 20, bottom: 0,
                                                                                    right: 20))
        _ = source
        // Margins guide 1024 - 40 = 984 wide; the readable guide 672, (984 - 672) / 2 = 156 in from each margin:
        // leading 20 + 156 = 176, + 8 = 184; the row 672 - 16 = 656 wide, items 328.
        #expect(frame(layout, 0) == CGRect(x: 184, y: 8, width: 328, height: 100))
        #expect(frame(layout, 1) == CGRect(x: 512, y: 8, width: 328, height: 100))
        // On a phone the margins guide (390 - 32 = 358) is narrower than 672: the readable guide is the margins'.
        let phone = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.readableContent))
        let (_, phoneSource) = installed(phone, [1], margins: Self.margins16)
        _ = phoneSource
        #expect(frame(phone, 0) == CGRect(x: 24, y: 8, width: 171, height: 100))
    }

    @Test("CI1: a section's .automatic follows the configuration's reference")
    func configurationReference() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        #expect(configuration.contentInsetsReference == .safeArea)
        configuration.contentInsetsReference = .none
        #expect((configuration.copy() as? UICollectionViewCompositionalLayoutConfiguration)?.contentInsetsReference
                    == UIContentInsetsReference.none)
        let layout = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.automatic),
                                                         configuration: configuration)
        let (_, source) = installed(layout, [1], safeArea: Self.landscape)
        _ = source
        // .automatic → the configuration's .none: 0 + 8 = 8.
        #expect(frame(layout, 0)?.minX == 8)
        // A section's own reference wins over the configuration's: .safeArea gives 44 + 8.
        let own = UICollectionViewCompositionalLayout(section: InsetsReferenceLayouts.insetGrid(.safeArea),
                                                      configuration: configuration)
        let (_, ownSource) = installed(own, [1], safeArea: Self.landscape)
        _ = ownSource
        #expect(frame(own, 0)?.minX == 52)
    }

    @Test("CI5: the provider's container reports the configuration reference's insets and the size less them")
    func container() {
        var seen: [(NSDirectionalEdgeInsets, NSDirectionalEdgeInsets, CGSize, CGSize)] = []
        func layout(_ configuration: UICollectionViewCompositionalLayoutConfiguration)
            -> UICollectionViewCompositionalLayout
        {
            UICollectionViewCompositionalLayout(sectionProvider: { _, environment in
                let container = environment.container
                seen.append((container.contentInsets, container.effectiveContentInsets, container.contentSize,
                             container.effectiveContentSize))
                return InsetsReferenceLayouts.insetGrid(.automatic)
            }, configuration: configuration)
        }
        let (_, source) = installed(layout(UICollectionViewCompositionalLayoutConfiguration()), [1],
                                    safeArea: Self.landscape, margins: Self.margins16)
        _ = source
        // The default .safeArea: leading and trailing 44, top and bottom 0; 390 - 88 = 302 wide.
        let safe = NSDirectionalEdgeInsets(top: 0, leading: 44, bottom: 0, trailing: 44)
        #expect(seen.last?.0 == safe && seen.last?.1 == safe)
        #expect(seen.last?.2 == CGSize(width: 390, height: 844) && seen.last?.3 == CGSize(width: 302, height: 844))
        let margins = UICollectionViewCompositionalLayoutConfiguration()
        margins.contentInsetsReference = .layoutMargins
        let (_, marginSource) = installed(layout(margins), [1], safeArea: Self.landscape, margins: Self.margins16)
        _ = marginSource
        // 44 + 16 = 60 a side: 390 - 120 = 270.
        #expect(seen.last?.0 == NSDirectionalEdgeInsets(top: 0, leading: 60, bottom: 0, trailing: 60))
        #expect(seen.last?.3 == CGSize(width: 270, height: 844))
        // Without a safe area or margins (the harness's default), every inset is zero and the size is the bounds'.
        let (_, plainSource) = installed(layout(UICollectionViewCompositionalLayoutConfiguration()), [1])
        _ = plainSource
        #expect(seen.last?.0 == .zero && seen.last?.3 == CGSize(width: 390, height: 844))
    }

    @Test("CI4: headers follow the section's insets measured from the supplementary reference's edge")
    func headers() {
        let layout = UICollectionViewCompositionalLayout(
            section: InsetsReferenceLayouts.insetGrid(.layoutMargins, header: true))
        let (_, source) = installed(layout, [1], margins: Self.margins16)
        _ = source
        // .automatic → the configuration's .safeArea, zero here: the header at 0 + 8 = 8, 390 - 16 = 374 wide,
        // 40 high at y 0; the items at the margins, 16 + 8 = 24, the row at 40 + 8 = 48.
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 8, y: 0, width: 374, height: 40))
        #expect(frame(layout, 0) == CGRect(x: 24, y: 48, width: 171, height: 100))
        // Both at the margins: the header at 24, 342 wide, over the items.
        let section = InsetsReferenceLayouts.insetGrid(.layoutMargins, header: true)
        section.supplementaryContentInsetsReference = .layoutMargins
        let same = UICollectionViewCompositionalLayout(section: section)
        let (_, sameSource) = installed(same, [1], margins: Self.margins16)
        _ = sameSource
        #expect(same.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 24, y: 0, width: 342, height: 40))
        // Items under the safe area (.none), the header in it (.safeArea, 44): header x 44 + 8 = 52, 390 - 104 =
        // 286 wide; items at 8.
        let under = InsetsReferenceLayouts.insetGrid(.none, header: true)
        let underLayout = UICollectionViewCompositionalLayout(section: under)
        let (_, underSource) = installed(underLayout, [1], safeArea: Self.landscape)
        _ = underSource
        #expect(underLayout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
            == CGRect(x: 52, y: 0, width: 286, height: 40))
        #expect(frame(underLayout, 0) == CGRect(x: 8, y: 48, width: 187, height: 100))
        // A boundary item that does not extend the section on another edge: refused in one line.
        let badge = InsetsReferenceLayouts.insetGrid(.none, header: true)
        let overlay = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: "overlay", alignment: .topTrailing)
        overlay.extendsBoundary = false
        badge.boundarySupplementaryItems.append(overlay)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                    collectionViewLayout: UICollectionViewCompositionalLayout(section: badge))
        view.givenSafeAreaInsets = Self.landscape
        let line = (view.collectionViewLayout as? UICollectionViewCompositionalLayout)?
            .unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844))?.description
        #expect(line?.contains("a supplementaryContentInsetsReference on another edge than the section's "
            + "contentInsetsReference with boundary items whose extendsBoundary is false") == true, "\(line ?? "nil")")
        #expect(line?.contains("\n") == false)
        // Where both edges are the same (no safe area), nothing is refused.
        view.givenSafeAreaInsets = .zero
        #expect((view.collectionViewLayout as? UICollectionViewCompositionalLayout)?
            .unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844)) == nil)
    }

    /// The header of `insetGrid(reference)` (40 high, full width) that does not follow the section's insets, and a
    /// second one of `kind` 100 wide at the top trailing corner when `kind` is given.
    static func unfollowedGrid(_ reference: UIContentInsetsReference = .automatic, corner kind: String? = nil)
        -> NSCollectionLayoutSection
    {
        let section = InsetsReferenceLayouts.insetGrid(reference, header: true)
        section.supplementariesFollowContentInsets = false
        if let kind {
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(30)),
                elementKind: kind, alignment: .topTrailing)]
        }
        return section
    }

    @Test("CI7: supplementariesFollowContentInsets = false: headers span the section without its leading and trailing insets")
    func unfollowedInsets() {
        func header(_ layout: UICollectionViewLayout, _ kind: String = UICollectionView.elementKindSectionHeader)
            -> CGRect?
        {
            layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 0))?.frame
        }
        // Insets 8 on every side, no safe area: the header from x 0, 390 wide (it would be at 8, 374 wide),
        // 40 high at y 0; the items keep their insets: x 8, 187 wide ((390 - 16) / 2), at y 40 + 8 = 48.
        let plain = UICollectionViewCompositionalLayout(section: Self.unfollowedGrid())
        let (view, source) = installed(plain, [3])
        #expect(header(plain) == CGRect(x: 0, y: 0, width: 390, height: 40))
        #expect(frame(plain, 0) == CGRect(x: 8, y: 48, width: 187, height: 100))
        #expect(frame(plain, 2) == CGRect(x: 8, y: 148, width: 187, height: 100))
        // In landscape (a 44-point safe area, the default configuration's .safeArea reference): the header from
        // the safe area's edge, x 44, 390 - 88 = 302 wide; the items at 44 + 8 = 52, (302 - 16) / 2 = 143 wide.
        let landscape = UICollectionViewCompositionalLayout(section: Self.unfollowedGrid())
        let (_, landscapeSource) = installed(landscape, [1], safeArea: Self.landscape)
        _ = landscapeSource
        #expect(header(landscape) == CGRect(x: 44, y: 0, width: 302, height: 40))
        #expect(frame(landscape, 0) == CGRect(x: 52, y: 48, width: 143, height: 100))
        // A 100-wide header at the top trailing corner: against the container's trailing edge, 390 - 100 = 290
        // (following the insets it would be at 390 - 8 - 100 = 282).
        let corner = UICollectionViewCompositionalLayout(section: Self.unfollowedGrid(corner: "title"))
        let (_, cornerSource) = installed(corner, [1])
        _ = cornerSource
        #expect(header(corner, "title") == CGRect(x: 290, y: 0, width: 100, height: 30))
        #expect(frame(corner, 0) == CGRect(x: 8, y: 38, width: 187, height: 100))
        // The rect query answers the moved header: a rect over the first 4 points finds it, and nothing there
        // answers it elsewhere.
        let found = plain.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 4, height: 4)) ?? []
        #expect(found.map(\.frame) == [CGRect(x: 0, y: 0, width: 390, height: 40)])
        withExtendedLifetime((view, source)) {}

        // Refused in one line: beside a boundary item that does not extend the section, and in a layout that
        // scrolls horizontally.
        let badge = Self.unfollowedGrid()
        let overlay = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: "overlay", alignment: .topTrailing)
        overlay.extendsBoundary = false
        badge.boundarySupplementaryItems.append(overlay)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let lines = [UICollectionViewCompositionalLayout(section: badge),
                     UICollectionViewCompositionalLayout(section: Self.unfollowedGrid(), configuration: configuration)]
            .map { $0.unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844))?.description }
        #expect(lines[0]?.contains("supplementariesFollowContentInsets = false with boundary items whose "
            + "extendsBoundary is false") == true, "\(lines[0] ?? "nil")")
        #expect(lines[1]?.contains("supplementariesFollowContentInsets = false in a UICollectionViewCompositionalLayout "
            + "that scrolls horizontally") == true, "\(lines[1] ?? "nil")")
        #expect(lines.allSatisfy { $0?.contains("\n") == false })
        // Without leading and trailing insets there is nothing to move, and nothing is refused.
        let flush = Self.unfollowedGrid()
        flush.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
        flush.boundarySupplementaryItems.append(overlay)
        #expect(UICollectionViewCompositionalLayout(section: flush)
            .unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844)) == nil)
    }

    @Test("the references keep and copy what they were given; UIKit's raw values")
    func accessors() {
        #expect(UIContentInsetsReference.automatic.rawValue == 0 && UIContentInsetsReference.none.rawValue == 1)
        #expect(UIContentInsetsReference.safeArea.rawValue == 2 && UIContentInsetsReference.layoutMargins.rawValue == 3)
        #expect(UIContentInsetsReference.readableContent.rawValue == 4)
        let section = InsetsReferenceLayouts.insetGrid(.automatic)
        #expect(section.contentInsetsReference == .automatic && section.supplementaryContentInsetsReference == .automatic)
        section.contentInsetsReference = .readableContent
        section.supplementaryContentInsetsReference = .layoutMargins
        let copy = section.copy() as? NSCollectionLayoutSection
        #expect(copy?.contentInsetsReference == .readableContent)
        #expect(copy?.supplementaryContentInsetsReference == .layoutMargins)
    }

    @Test("uniformAcrossSiblings(estimate:): an estimate; laid out on an item's height, refused on a group or width")
    func uniformAcrossSiblings() {
        let uniform = NSCollectionLayoutDimension.uniformAcrossSiblings(estimate: 50)
        #expect(uniform.isUniformAcrossSiblings && uniform.isEstimated && uniform.dimension == 50)
        #expect(!NSCollectionLayoutDimension.estimated(50).isUniformAcrossSiblings)
        #expect(!uniform.isEqual(NSCollectionLayoutDimension.estimated(50)))
        #expect(uniform.isEqual(NSCollectionLayoutDimension.uniformAcrossSiblings(estimate: 50)))
        func line(item: NSCollectionLayoutSize, group: NSCollectionLayoutSize) -> String? {
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: group,
                                                           repeatingSubitem: NSCollectionLayoutItem(layoutSize: item),
                                                           count: 3)
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                .unsupportedFeature(sections: 1, containerSize: CGSize(width: 390, height: 844))?.description
        }
        // Apple's example on the reference page: three items a third wide, uniform height, in an estimated group.
        let third = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3),
                                           heightDimension: .uniformAcrossSiblings(estimate: 50))
        let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(50))
        #expect(line(item: third, group: row) == nil)
        // On a group (the section-wide size of UIKit's header) and as a width: refused in one line.
        let onGroup = line(item: third, group: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                      heightDimension: uniform))
        #expect(onGroup?.contains("uniformAcrossSiblings(estimate:) on a group is not supported") == true,
                "\(onGroup ?? "nil")")
        let asWidth = line(item: NSCollectionLayoutSize(widthDimension: .uniformAcrossSiblings(estimate: 100),
                                                        heightDimension: .estimated(50)), group: row)
        #expect(asWidth?.contains("uniformAcrossSiblings(estimate:) as a width is not supported") == true,
                "\(asWidth ?? "nil")")
        #expect(onGroup?.contains("\n") == false && asWidth?.contains("\n") == false)
    }
}

/// A family over `insetGrid(reference)` with a pinned header, in a landscape phone's environment.
struct InsetsReferenceFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-insets-reference"
    static let summary = "UICollectionViewCompositionalLayout measured from a content insets reference (test)"
    var reference: UIContentInsetsReference = .automatic
    var idComponent: String { "\(Self.name)-\(reference.rawValue)" }
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44) }
    var layoutMargins: UIEdgeInsets { UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16) }
    var readableContentWidth: Double { 200 }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let section = InsetsReferenceLayouts.insetGrid(reference)
        section.boundarySupplementaryItems = [AppLayouts.pinnedHeader()]
        return UICollectionViewCompositionalLayout(section: section)
    }
}

/// `insetGrid(.automatic)` whose pinned header does not follow the section's insets (CI7), in a landscape phone's
/// environment: the header from the safe area's edge, the items inset from it.
struct UnfollowedInsetsFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-unfollowed-insets"
    static let summary = "UICollectionViewCompositionalLayout, supplementariesFollowContentInsets = false (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44) }
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let section = InsetsReferenceLayouts.insetGrid(.automatic)
        section.supplementariesFollowContentInsets = false
        section.boundarySupplementaryItems = [AppLayouts.pinnedHeader()]
        return UICollectionViewCompositionalLayout(section: section)
    }
}

/// The iOS 14+ screen (a `.none` grid, `.layoutMargins` lists) with an iPhone's margins and a landscape safe area.
struct InsetsReferenceAppFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-insets-app"
    static let summary = "an iOS 14+ screen: a grid under the safe area and lists at the layout margins (test)"
    var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47) }
    var layoutMargins: UIEdgeInsets { UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16) }
    func makeCollectionViewLayout() -> UICollectionViewLayout { InsetsReferenceLayouts.appScreen() }
}

@Suite("UIKit compositional content insets references conform", .serialized)
struct CompositionalContentInsetsReferenceConformanceTests {
    @Test("each reference, and the app screen, conform: query reference, context invalidation over mixed traces",
          arguments: [AnyLayoutFamily(InsetsReferenceFamily(reference: .none)),
                      AnyLayoutFamily(InsetsReferenceFamily(reference: .safeArea)),
                      AnyLayoutFamily(InsetsReferenceFamily(reference: .layoutMargins)),
                      AnyLayoutFamily(InsetsReferenceFamily(reference: .readableContent)),
                      AnyLayoutFamily(InsetsReferenceAppFamily()), AnyLayoutFamily(UnfollowedInsetsFamily())])
    func conforms(family: AnyLayoutFamily) {
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 12, columns: 9, counts: counts, sizes: .uniform, layout: family,
                                        storage: .objects)
            let problem = family.as(InsetsReferenceFamily.self)?.problem(for: workload.content(seed: 7))
                ?? family.as(InsetsReferenceAppFamily.self)?.problem(for: workload.content(seed: 7))
                ?? family.as(UnfollowedInsetsFamily.self)?.problem(for: workload.content(seed: 7))
            #expect(problem == nil)
            let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }

    @Test("through the harness host, the family's environment reaches the layout: an engine section inset 68, headers at 52")
    func harnessEnvironment() {
        let family = InsetsReferenceFamily(reference: .layoutMargins)
        let content = ContentSpec(sections: 6, itemsPerSection: 11, counts: .varied, sizes: .uniform, seed: 3)
        let viewport = Size(width: 390, height: 844)
        let layoutA = family.makeLayout(for: content, storage: .objects)
        // The same section given to the engine measured from the collection view's edges: 44 (safe area) + 16
        // (margin) + 8 (inset) = 68 on each side for the items; the header follows the configuration's .safeArea:
        // 44 + 8 = 52, 390 - 104 = 286 wide, which the engine places at the items' 68 and the layout answers 16
        // points to the left (CI4).
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)))
        let section = CompositionalSection(
            group: CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1),
                                                                                 height: .absolute(100)),
                                      subitems: [item]),
            contentInsets: EdgeInsets(top: 8, left: 68, bottom: 8, right: 68),
            header: CompositionalBoundaryItem(size: CompositionalSize(width: .absolute(286), height: .absolute(40)),
                                              alignment: .top, pinToVisibleBounds: true))
        let layoutB = CompositionalLayout(section: section)
        func moved(_ attributes: [LayoutAttributes]) -> [LayoutAttributes] {
            attributes.map { element in
                guard element.kind == ElementKind.sectionHeader else { return element }
                var frame = element.frame
                frame.origin.x -= 16
                return LayoutAttributes(frame: frame, path: element.path, kind: element.kind, zIndex: element.zIndex)
            }
        }
        let hostA = CollectionViewHost(layout: layoutA, viewportSize: viewport, counts: content.itemCounts)
        let hostB = CollectionViewHost(layout: layoutB, viewportSize: viewport, counts: content.itemCounts)
        hostA.layoutIfNeeded()
        hostB.layoutIfNeeded()
        #expect(layoutA.contentSize == layoutB.contentSize)
        // The first item: x 68, below the 40-point header and the top inset 8; 390 - 136 = 254 wide, half 127.
        #expect(layoutB.attributesForItem(at: ElementPath(section: 0, item: 0))?.frame
                    == Rect(x: 68, y: 48, width: 127, height: 100))
        let total = layoutB.contentSize.height
        for step in 0...12 {
            // 3 points off the 12 steps, so that no frame only touches the bounds: the UIKit layout answers by
            // CoreGraphics' rule (touching is not intersecting), the native engine counts a touching frame.
            let offset = Point(x: 0, y: Swift.min(total - 844, (total - 844) * Double(step) / 12 + 3))
            hostA.setContentOffset(offset)
            hostB.setContentOffset(offset)
            hostA.layoutIfNeeded()
            hostB.layoutIfNeeded()
            #expect(hostA.visibleAttributes.sorted() == moved(hostB.visibleAttributes).sorted(), "at \(offset)")
            #expect(hostA.visibleAttributes.contains { $0.kind == ElementKind.sectionHeader && $0.frame.minX == 52 })
            #expect(!hostA.visibleAttributes.isEmpty)
        }
    }
}
