import LayoutBenchTestSupport
import LayoutBenchUIKit
import LayoutModel
import Testing
import UIKit
import Scenarios

/// Layout-wide headers and footers as iOS code writes them (Apple's `UICollectionViewCompositionalLayoutConfiguration`
/// reference page: `boundarySupplementaryItems = [header, footer]`, each `.fractionalWidth(1.0)` by `.estimated(44)`).
enum LayoutBoundaryLayouts {
    static func boundary(_ kind: String, _ alignment: NSRectAlignment, pinned: Bool = false)
        -> NSCollectionLayoutBoundarySupplementaryItem
    {
        let headerFooterSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                      heightDimension: .estimated(44))
        let item = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerFooterSize, elementKind: kind,
                                                               alignment: alignment)
        item.pinToVisibleBounds = pinned
        return item
    }

    /// Rows 50 high, full width; a 30-point section header of kind `section-header`; 20 between sections; a layout
    /// header and footer, the header pinned when `pinHeader`.
    static func layout(pinHeader: Bool = false, pinFooter: Bool = false) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(30)),
            elementKind: "section-header", alignment: .top)]
        let config = UICollectionViewCompositionalLayoutConfiguration()
        config.interSectionSpacing = 20
        config.boundarySupplementaryItems = [boundary("layout-header", .top, pinned: pinHeader),
                                             boundary("layout-footer", .bottom, pinned: pinFooter)]
        return UICollectionViewCompositionalLayout(section: section, configuration: config)
    }
}

struct LayoutBoundaryFamily: UIKitLayoutFamily {
    static let name = "uikit-compositional-layout-boundary"
    static let summary = "a pinned layout header and a layout footer over plain sections (test)"
    var pinFooter = false
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        LayoutBoundaryLayouts.layout(pinHeader: !pinFooter, pinFooter: pinFooter)
    }
}

/// Layout-wide boundary items through UIKit (Guides/UIKitCompositional.md, G1-G6).
@Suite("UIKit compositional: layout-wide boundary items", .serialized)
struct CompositionalLayoutBoundaryUIKitTests {
    @Test("G1-G3, G5: the header above every section, the footer after the last, at (0, 0) by their kinds")
    func handComputed() {
        let layout = LayoutBoundaryLayouts.layout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([2, 1])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Layout header 0...44 (its estimate); section 0 from 44: header to 74, rows 74...124 and 124...174;
        // 20 between sections; section 1 from 194: header to 224, row 224...274; the layout footer 274...318.
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 318))
        let header = layout.layoutAttributesForSupplementaryView(ofKind: "layout-header",
                                                                 at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(header?.representedElementKind == "layout-header")
        #expect(header?.representedElementCategory == .supplementaryView)
        #expect(header?.zIndex == 1)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "layout-footer", at: IndexPath(item: 0, section: 0))?
            .frame == CGRect(x: 0, y: 274, width: 390, height: 44))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "layout-header",
                                                            at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "section-header", at: IndexPath(item: 0, section: 1))?
            .frame == CGRect(x: 0, y: 194, width: 390, height: 30))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
            == CGRect(x: 0, y: 124, width: 390, height: 50))
        // The rect query: y 260...300 meets the last row and the footer.
        let kinds = (layout.layoutAttributesForElements(in: CGRect(x: 0, y: 260, width: 390, height: 40)) ?? [])
            .map { $0.representedElementKind ?? "cell" }.sorted()
        #expect(kinds == ["cell", "layout-footer"])
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("G4: a pinned layout header stays at the top of the bounds, bounded by the content")
    func pinned() {
        let layout = LayoutBoundaryLayouts.layout(pinHeader: true)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 200), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([2, 1])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 100, width: 390, height: 200)))
        view.contentOffset = CGPoint(x: 0, y: 100)
        view.layoutIfNeeded()
        // min(max(100, 0), 318 - 44) = 100.
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "layout-header", at: IndexPath(item: 0, section: 0))?
            .frame == CGRect(x: 0, y: 100, width: 390, height: 44))
        let pinnedHeader = (layout.layoutAttributesForElements(in: view.bounds) ?? [])
            .first { $0.representedElementKind == "layout-header" }
        #expect(pinnedHeader?.frame.minY == 100)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("layouts with a pinned layout header or footer conform: query reference, context invalidation",
          arguments: [false, true])
    func conforms(pinFooter: Bool) {
        let workload = WorkloadSpec(rows: 12, columns: 9, counts: .varied, sizes: .uniform,
                                    layout: AnyLayoutFamily(LayoutBoundaryFamily(pinFooter: pinFooter)),
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed], traceFrames: 40)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }

    @Test("refused in one line: two headers, another alignment, a shared kind; allowed beside a self-sizing section")
    func refusals() {
        let size = CGSize(width: 390, height: 844)
        func refusal(_ items: [NSCollectionLayoutBoundarySupplementaryItem], sectionKind: String = "section-header",
                     estimated: Bool = false) -> String? {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: estimated ? .estimated(50) : .absolute(50)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: estimated ? .estimated(50) : .absolute(50)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.boundarySupplementaryItems = [LayoutBoundaryLayouts.boundary(sectionKind, .top)]
            let config = UICollectionViewCompositionalLayoutConfiguration()
            config.boundarySupplementaryItems = items
            return UICollectionViewCompositionalLayout(section: section, configuration: config)
                .unsupportedFeature(sections: 2, containerSize: size)?.description
        }
        let header = LayoutBoundaryLayouts.boundary("layout-header", .top)
        #expect(refusal([header]) == nil)
        #expect(refusal([header, LayoutBoundaryLayouts.boundary("other", .top)])?
            .contains("more than one layout-wide boundary supplementary item aligned top") == true)
        #expect(refusal([LayoutBoundaryLayouts.boundary("side", .leading)])?
            .contains("a layout-wide boundary supplementary item aligned leading") == true)
        #expect(refusal([LayoutBoundaryLayouts.boundary(UICollectionView.elementKindSectionHeader, .top)])?
            .contains("needs a kind of its own") == true)
        #expect(refusal([header], sectionKind: "layout-header")?
            .contains("of the kind of a layout-wide one (layout-header)") == true)
        // Beside a self-sizing section they are laid out and fitted (S5, G1): no refusal.
        #expect(refusal([header], estimated: true) == nil)
    }
}
