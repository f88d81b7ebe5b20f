import Diffing
import LayoutModel
import Scenarios
import Testing
import UIKit
import UIKitPatterns

@testable import LayoutBenchUIKit
@testable import Verification

/// `verify diff --layout NAME` for a UIKit family: every seeded pair applied through
/// `UICollectionViewDiffableDataSource` on the compatibility `UICollectionView`, the layout against one freshly built
/// showing the new snapshot; a layout that misses the apply's update is caught with the element named.
@Suite("verify diff through the diffable data source")
struct DiffableVerificationTests {
    /// `UICollectionViewFlowLayout` as UIKit gives it, with headers.
    struct PlainFlowFamily: UIKitLayoutFamily {
        static let name = "uikit-plain-flow"
        static let summary = "UICollectionViewFlowLayout with headers (test)"
        func makeCollectionViewLayout() -> UICollectionViewLayout {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 40)
            layout.headerReferenceSize = CGSize(width: 0, height: 30)
            return layout
        }
    }

    /// A compositional list: full-width rows 44 points high in a grid of two, a header per section.
    struct CompositionalListFamily: UIKitLayoutFamily {
        static let name = "uikit-compositional-list"
        static let summary = "a compositional list with section headers (test)"
        func makeCollectionViewLayout() -> UICollectionViewLayout {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 8
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
            return UICollectionViewCompositionalLayout(section: section)
        }
    }

    /// A flow subclass that keeps the content size of its first pass (a cache never invalidated on data changes).
    final class StaleSizeFlowLayout: UICollectionViewFlowLayout {
        private var first: CGSize?
        override var collectionViewContentSize: CGSize {
            if let first { return first }
            let size = super.collectionViewContentSize
            if size.height > 0 { first = size }
            return size
        }
    }

    struct StaleFlowFamily: UIKitLayoutFamily {
        static let name = "uikit-stale-flow"
        static let summary = "a flow subclass that keeps its first content size (test)"
        func makeCollectionViewLayout() -> UICollectionViewLayout {
            let layout = StaleSizeFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 40)
            return layout
        }
    }

    static let catalog = LayoutCatalog.builtIn.adding(PlainFlowFamily.self).adding(StaleFlowFamily.self)
        .adding(LeftAlignedChipsFamily.self).adding(CompositionalListFamily.self)

    @Test("seeded pairs through the data source equal a fresh layout; the family's host strategy is checked beside it",
          arguments: ["uikit-plain-flow", "uikit-left-aligned", "uikit-compositional-list"])
    func seededPairsPass(layout: String) {
        var verification = DiffVerification(pairs: 200, seed: 3, catalog: Self.catalog)
        verification.layout = layout
        #expect(verification.layoutProblem == nil)
        let report = verification.run()
        #expect(report.failure == nil && report.passed)
        // Only this family: its full strategy through the host's batches and its diffable data source, with every
        // pair that has no duplicate.
        #expect(report.layouts.map(\.name) == ["\(layout)/full", "\(layout)/diffable-data-source"])
        #expect(report.layouts.allSatisfy { $0.pairs == 200 - report.duplicatesRefused })
    }

    @Test("a layout that keeps its first content size fails on an early pair, the difference named in one line")
    func staleLayoutFails() {
        var verification = DiffVerification(pairs: 200, seed: 3, catalog: Self.catalog)
        verification.layout = "uikit-stale-flow"
        let report = verification.run()
        let failure = report.failure ?? ""
        #expect(!report.passed && !failure.contains("\n"))
        #expect(failure.contains("uikit-stale-flow/") && failure.contains("content size"), "\(failure)")
    }

    @Test("by hand: a reload and a move across sections through apply, against a fresh view")
    func byHand() {
        typealias S = Diffing.Snapshot<Int, Int, Int>
        let old = S([SnapshotSection(0, items: [1, 2, 3], contents: [0, 0, 0]),
                     SnapshotSection(1, items: [4], contents: [0])])
        let new = S([SnapshotSection(1, items: [4, 2], contents: [0, 1]),
                     SnapshotSection(0, items: [1, 3], contents: [0, 0])])
        let family = PlainFlowFamily()
        #expect(family.differenceAfterApplying(new, over: old, viewport: Size(width: 390, height: 844),
                                               offsetFraction: 0.5) == nil)
        // Item 2's content changed: it is marked reloaded in the applied snapshot, and only it.
        let marked = PlainFlowFamily.diffable(new, marking: old)
        #expect(marked.reloadedItemIdentifiers == [2] && marked.itemIdentifiers == [4, 2, 1, 3])
    }

    @Test("an unknown layout, or one that takes no snapshots, is refused in one line")
    func layoutProblems() {
        var verification = DiffVerification(pairs: 1, seed: 1, catalog: Self.catalog)
        verification.layout = "nope"
        #expect(verification.layoutProblem?.hasPrefix("unknown layout 'nope'") == true)
        verification.layout = "sticky-grid"
        #expect(verification.layoutProblem?.contains("takes no snapshots") == true, "\(verification.layoutProblem ?? "")")
        verification.layout = "uikit-plain-flow"
        #expect(verification.layoutProblem == nil)
    }
}
