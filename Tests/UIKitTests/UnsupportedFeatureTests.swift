import Harness
import LayoutBenchUIKit
import LayoutModel
import Testing
import UIKit
import Scenarios
import Verification

/// A compositional layout with one thing the engine does not lay out, written as an app writes it.
enum UnsupportedLayouts: String, CaseIterable, Sendable {
    case refusalInThirdSection, horizontal, layoutWideLeading, leadingBoundaryItem, absoluteOffset
    case pinnedNotExtending, twoHeaders, twoFooters, itemSupplementary, nestedItemSupplementary
    case supplementariesIgnoreInsets, twoDecorationItems

    /// The feature the refusal must name.
    var feature: String {
        switch self {
        case .refusalInThirdSection: "more than one decoration item a section"
        case .horizontal: "a boundary supplementary item aligned top in a layout that scrolls horizontally"
        case .layoutWideLeading: "a layout-wide boundary supplementary item aligned leading"
        case .leadingBoundaryItem: "aligned leading"
        case .absoluteOffset: "an absoluteOffset on a boundary supplementary item with pinToVisibleBounds"
        case .pinnedNotExtending: "pinToVisibleBounds on a boundary item with extendsBoundary = false"
        case .twoHeaders: "two boundary supplementary items of the kind header-top in a section"
        case .twoFooters: "two boundary supplementary items of the kind header-bottom in a section"
        case .itemSupplementary, .nestedItemSupplementary: "supplementary items on an NSCollectionLayoutItem"
        case .supplementariesIgnoreInsets:
            "supplementariesFollowContentInsets = false with boundary items whose extendsBoundary is false"
        case .twoDecorationItems: "more than one decoration item a section"
        }
    }

    /// The layout, as Apple's samples write it.
    func layout() -> UICollectionViewCompositionalLayout {
        func size(_ width: CGFloat, _ height: CGFloat) -> NSCollectionLayoutSize {
            NSCollectionLayoutSize(widthDimension: .fractionalWidth(width), heightDimension: .absolute(height))
        }
        func boundary(_ alignment: NSRectAlignment, offset: CGPoint = .zero) -> NSCollectionLayoutBoundarySupplementaryItem {
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(1, 44), elementKind: "header-\(alignment)",
                                                        alignment: alignment, absoluteOffset: offset)
        }
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(0.85, 120), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        switch self {
        case .refusalInThirdSection:
            return UICollectionViewCompositionalLayout { index, _ in
                let plain = NSCollectionLayoutSection(group: NSCollectionLayoutGroup.horizontal(
                    layoutSize: size(1, 80), subitems: [item]))
                if index == 2 {
                    plain.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "a"),
                                             NSCollectionLayoutDecorationItem.background(elementKind: "b")]
                }
                return plain
            }
        case .horizontal:
            // A horizontal layout's header is aligned .leading (H4); a .top one is refused.
            configuration.scrollDirection = .horizontal
            section.boundarySupplementaryItems = [boundary(.top)]
        case .layoutWideLeading: configuration.boundarySupplementaryItems = [boundary(.leading)]
        case .leadingBoundaryItem: section.boundarySupplementaryItems = [boundary(.leading)]
        case .absoluteOffset:
            // An offset on an extending item is laid out (B10); on a pinned one, where it would go is not known.
            let header = boundary(.top, offset: CGPoint(x: 0, y: -10))
            header.pinToVisibleBounds = true
            section.boundarySupplementaryItems = [header]
        case .pinnedNotExtending:
            let header = boundary(.top)
            header.extendsBoundary = false
            header.pinToVisibleBounds = true
            section.boundarySupplementaryItems = [header]
        case .twoHeaders: section.boundarySupplementaryItems = [boundary(.top), boundary(.top)]
        case .twoFooters: section.boundarySupplementaryItems = [boundary(.bottom), boundary(.bottom)]
        case .itemSupplementary:
            let badged = NSCollectionLayoutItem(layoutSize: size(1, 120), supplementaryItems: [boundary(.top)])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
                group: NSCollectionLayoutGroup.horizontal(layoutSize: size(1, 120), subitems: [badged])))
        case .nestedItemSupplementary:
            let badged = NSCollectionLayoutItem(layoutSize: size(1, 60), supplementaryItems: [boundary(.top)])
            let inner = NSCollectionLayoutGroup.vertical(layoutSize: size(0.5, 120), subitems: [badged])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
                group: NSCollectionLayoutGroup.horizontal(layoutSize: size(1, 120), subitems: [item, inner])))
        case .supplementariesIgnoreInsets:
            // Full-width headers (CI7) are laid out; beside an overlay that does not extend the section, refused.
            section.supplementariesFollowContentInsets = false
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
            let overlay = boundary(.topTrailing)
            overlay.extendsBoundary = false
            section.boundarySupplementaryItems = [boundary(.top), overlay]
        case .twoDecorationItems:
            section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "a"),
                                       NSCollectionLayoutDecorationItem.background(elementKind: "b")]
        }
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }
}

/// A UIKit family over one of ``UnsupportedLayouts``.
struct UnsupportedLayoutFamily: UIKitLayoutFamily {
    static let name = "uikit-unsupported"
    static let summary = "a compositional layout with a feature the engine does not lay out (test)"
    var which: UnsupportedLayouts = .horizontal
    func makeCollectionViewLayout() -> UICollectionViewLayout { which.layout() }
}

/// Issue 36, item 9: every refusal of the compositional classes is a one-line problem the harness reports before it
/// builds anything (exit 1 in every command), not a `precondition` that a release build turns into a bare trap.
@Suite("UIKit compositional: unsupported features are one-line refusals", .serialized)
struct UnsupportedFeatureTests {
    @Test("the family's problem names the feature in one line", arguments: UnsupportedLayouts.allCases)
    func familyProblem(which: UnsupportedLayouts) throws {
        let family = UnsupportedLayoutFamily(which: which)
        let problem = try #require(family.problem(for: ContentSpec(sections: 5, itemsPerSection: 4)))
        #expect(problem.hasPrefix("uikit-unsupported: UIKit on Linux: "))
        #expect(problem.contains(which.feature), "\(problem)")
        #expect(problem.contains("is not supported (Guides/UIKitCompositional.md)"))
        #expect(!problem.contains("\n"))
    }

    @Test("a flow layout whose own sizes or spacings cannot be laid out is refused in one line",
          arguments: [("itemSize", "sizes must be finite"), ("estimatedItemSize", "sizes must be finite"),
                      ("minimumLineSpacing", "spacings must be finite"), ("sectionInset", "insets must be finite")])
    func flowProblem(property: String, expected: String) throws {
        struct Family: UIKitLayoutFamily {
            static let name = "uikit-bad-flow"
            static let summary = "a flow layout with a size that cannot be laid out (test)"
            var property = "itemSize"
            func makeCollectionViewLayout() -> UICollectionViewLayout {
                let flow = UICollectionViewFlowLayout()
                switch property {
                case "itemSize": flow.itemSize = CGSize(width: CGFloat.nan, height: 40)
                case "estimatedItemSize": flow.estimatedItemSize = CGSize(width: 100, height: -1)
                case "minimumLineSpacing": flow.minimumLineSpacing = -.infinity
                default: flow.sectionInset = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
                }
                return flow
            }
        }
        let problem = try #require(Family(property: property).problem(for: ContentSpec(sections: 3, itemsPerSection: 3)))
        #expect(problem.hasPrefix("uikit-bad-flow: UIKit on Linux: \(property) ") && problem.contains(expected))
        #expect(!problem.contains("\n"))
        // The app's usual estimate, automaticSize, is not a size to refuse.
        let flow = UICollectionViewFlowLayout()
        flow.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        #expect(flow.unsupportedFeature == nil)
    }

    @Test("a refusal in the third section only is found when the content has a third section")
    func providerSection() {
        let family = UnsupportedLayoutFamily(which: .refusalInThirdSection)
        #expect(family.problem(for: ContentSpec(sections: 2, itemsPerSection: 4)) == nil)
        #expect(family.problem(for: ContentSpec(sections: 3, itemsPerSection: 4)) != nil)
    }

    @Test("supported layouts have no problem, and asking leaves a layout that prepares as before")
    func supported() {
        for family in [AnyLayoutFamily(CompositionalGridFamily()), AnyLayoutFamily(CompositionalColumnFamily()),
                       AnyLayoutFamily(CompositionalMixedFamily())] {
            #expect(family.base.problem(for: ContentSpec(sections: 10, itemsPerSection: 7)) == nil)
        }
        let layout = AppLayouts.mixed()
        #expect(layout.unsupportedFeature(sections: 6, containerSize: CGSize(width: 390, height: 844)) == nil)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([3, 4, 5, 6])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        #expect(layout.collectionViewContentSize.height > 0)
        #expect(layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 3)) != nil)
    }

    @Test("the harness refuses the workload in one line: the verifier throws, nothing is built")
    func harnessRefuses() throws {
        let workload = WorkloadSpec(rows: 4, columns: 4, layout: AnyLayoutFamily(UnsupportedLayoutFamily()),
                                    storage: .objects)
        let problem = try #require(workload.problem)
        #expect(problem.contains("scrolls horizontally") && !problem.contains("\n"))
        let verification = QueryVerification(workload: workload, seed: 1, viewport: Size(width: 390, height: 844),
                                             queryCount: 4)
        #expect(throws: (any Error).self) { try verification.run() }
    }
}
