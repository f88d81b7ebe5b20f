import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import Harness
@testable import UIKit

/// Orthogonal sections and visible-items handlers beside self-sizing sections (S5, Guides/UIKitCompositional.md): a
/// layout mixing a self-sizing news feed and a scale-on-centre carousel is laid out by the self-sizing engine, by
/// hand.
@Suite("compositional self-sizing beside orthogonal sections", .serialized)
struct CompositionalSelfSizingOrthogonalTests {
    /// What the carousel's handler was handed, call by call: the items' paths and frames, and the offset.
    final class Calls: @unchecked Sendable {
        var calls: [(paths: [IndexPath], frames: [CGRect], offset: CGPoint)] = []
    }

    /// Section 0 a feed of rows the container's width, `.estimated(44)` high; section 1 a `.groupPagingCentered`
    /// carousel of cards 60 % of the width and 100 high, 10 apart, each scaled by its distance from the middle of
    /// the screen (`visibleItemsInvalidationHandler`, as `ScaledCarouselLayout` in Examples/UIKitLayout).
    static func layout(_ calls: Calls) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { index, _ in
            if index == 0 {
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
                return NSCollectionLayoutSection(group: .horizontal(
                    layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
            }
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.6), heightDimension: .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                calls.calls.append((items.map(\.indexPath), items.map(\.frame), offset))
                let width = environment.container.contentSize.width
                for item in items where item.representedElementCategory == .cell {
                    let scale = max(1.1 - abs((item.frame.midX - offset.x) - width / 2) / width, 0.7)
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                }
            }
            return section
        }
    }

    func frame(_ layout: UICollectionViewLayout, _ item: Int, section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// A 100 x 200 host over a feed of 2 rows and a carousel of 5 cards, cells fitting 60 and 80 (the carousel's
    /// fit 999, which it ignores: E6).
    ///
    /// At the estimates: rows at 0 and 44, the carousel's row at 88; its cards 60 wide every 70, at rest centred
    /// (offset 30 - 50 = -20), so card 0 at x 20 and card 1 at 90. Fitted: rows at 0 (60 high) and 60 (80 high),
    /// so the carousel moves down by (60 - 44) + (80 - 44) = 52 to y 140, at the same x; content 140 + 100 = 240.
    /// Swiped to 50: cards at x 0 - 50 = -50, 20 and 90 (70 apart); the rows keep 60 and 80. The handler gets card
    /// 1's frame in section coordinates (its x on screen plus the offset: 20 + 50 = 70; its centre on screen
    /// 70 + 30 - 50 = 50, the middle: scale 1.1) and the offset (50, 0).
    @Test("S5 lifted: a carousel with a handler below a self-sizing feed moves down by the fit, keeps its offset")
    func carouselBelowAFeed() throws {
        let calls = Calls()
        let layout = Self.layout(calls)
        let fitting = TableFitting { $0.section == 0 ? [60, 80][$0.item] : 999 }
        let (host, view, dataSource) = CompositionalSelfSizingTests().makeHost(layout, counts: [2, 5],
                                                                                 fitting: fitting)
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil && layout.engine == nil)
        #expect(host.sizingReport.resolvedSizes == 2)
        #expect(frame(layout, 0, section: 0) == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(frame(layout, 1, section: 0) == CGRect(x: 0, y: 60, width: 100, height: 80))
        #expect(frame(layout, 0, section: 1) == CGRect(x: 20, y: 140, width: 60, height: 100))
        #expect(frame(layout, 1, section: 1) == CGRect(x: 90, y: 140, width: 60, height: 100))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 240))
        let bridge = try #require(host.layout as? UIKitLayoutBridge)
        #expect(bridge.orthogonalSections().map(\.section) == [1])
        #expect(bridge.orthogonalOffset(ofSection: 1) == -20)
        // The handler ran on every pass, the last one after the fits: card 0 in section coordinates at x 20 - 20.
        let afterFits = try #require(calls.calls.last)
        #expect(afterFits.offset == CGPoint(x: -20, y: 0))
        #expect(afterFits.frames.first == CGRect(x: 0, y: 140, width: 60, height: 100))

        let before = calls.calls.count
        WorkloadBuilder.scrollOrthogonalSection(1, to: 50, of: bridge, on: host)
        let report = host.layoutIfNeeded()
        // Only the carousel's named cards are recomputed: no section laid out again, no size asked.
        #expect(report.sizeQueries == 0 && report.recomputedElements <= 5)
        #expect(bridge.orthogonalOffset(ofSection: 1) == 50)
        #expect(frame(layout, 0, section: 0) == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(frame(layout, 1, section: 0) == CGRect(x: 0, y: 60, width: 100, height: 80))
        #expect(frame(layout, 0, section: 1) == CGRect(x: -50, y: 140, width: 60, height: 100))
        let card = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1)))
        #expect(card.frame == CGRect(x: 20, y: 140, width: 60, height: 100))
        #expect(abs(card.transform3D.m11 - 1.1) < 1e-12)
        // One more call, the carousel's, with its offset and card 1 in section coordinates.
        #expect(calls.calls.count == before + 1)
        let swiped = try #require(calls.calls.last)
        #expect(swiped.offset == CGPoint(x: 50, y: 0))
        #expect(zip(swiped.paths, swiped.frames).first { $0.0 == IndexPath(item: 1, section: 1) }?.1
            == CGRect(x: 70, y: 140, width: 60, height: 100))
        // The rect query answers the cards where they are on screen, with the handler's scale.
        let row = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 150, width: 100, height: 10)) ?? []
        #expect(row.map(\.indexPath) == (0..<3).map { IndexPath(item: $0, section: 1) })
        #expect(row.first { $0.indexPath.item == 1 }?.transform3D == card.transform3D)
        withExtendedLifetime((view, dataSource)) {}
    }

    /// A feed of two `.estimated(44)` rows behind a background of kind `bg` inset by 5 (its class registered), in the
    /// 100 x 200 host: the feed spans 0 to 88 at the estimates, so its background is (5, 5, 90, 78); its rows fitted
    /// 60 and 80 (through the preferred-attributes pair), it spans 0 to 140 and its background is (5, 5, 90, 130).
    @Test("S5 lifted: a section background beside self-sizing sections spans its section's fitted extent")
    func backgroundFollowsTheFits() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
            let section = NSCollectionLayoutSection(group: .horizontal(
                layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
            let background = NSCollectionLayoutDecorationItem.background(elementKind: "bg")
            background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            section.decorationItems = [background]
            return section
        }
        layout.register(TestBackgroundView.self, forDecorationViewOfKind: "bg")
        let (host, view, dataSource) = CompositionalSelfSizingTests().makeHost(layout, counts: [2], fitting: nil)
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil)
        let path = IndexPath(item: 0, section: 0)
        #expect(layout.layoutAttributesForDecorationView(ofKind: "bg", at: path)?.frame
            == CGRect(x: 5, y: 5, width: 90, height: 78))
        for (item, height) in [(0, 60.0), (1, 80.0)] {
            let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
            let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
            preferred.frame.size.height = CGFloat(height)
            #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                                  withOriginalAttributes: original))
            layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                                     withOriginalAttributes: original))
        }
        layout.prepare()
        let fitted = layout.layoutAttributesForDecorationView(ofKind: "bg", at: path)
        #expect(fitted?.frame == CGRect(x: 5, y: 5, width: 90, height: 130))
        #expect(fitted?.representedElementCategory == .decorationView && fitted?.representedElementKind == "bg")
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 100, width: 100, height: 10)) ?? []
        #expect(answered.filter { $0.representedElementCategory == .decorationView }.map(\.frame)
            == [CGRect(x: 5, y: 5, width: 90, height: 130)])
        #expect(layout.layoutAttributesForDecorationView(ofKind: "other", at: path) == nil)
        withExtendedLifetime((view, dataSource)) {}
    }

    /// Apple's badge (20 x 20, `[.top, .trailing]`, fractional offset (0.3, −0.3)) on two `.estimated(44)` rows in
    /// the 100 x 200 host: at the estimates the rows are at y 0 and 44, the badges at (100 + 6 − 20, y − 6) =
    /// (86, −6) and (86, 38); row 0 fitted 60 (16 more) keeps its badge, row 1 moves to 60 and its badge to
    /// (86, 54). The fit's context names the row and its badge (`invalidateSupplementaryElements(ofKind:at:)`).
    @Test("S5 lifted: an item badge beside self-sizing sections follows its item's fitted frame")
    func badgeFollowsTheFits() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
            let badge = NSCollectionLayoutSupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
                elementKind: "badge",
                containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing],
                                                          fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
            return NSCollectionLayoutSection(group: .horizontal(
                layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size, supplementaryItems: [badge])]))
        }
        let (host, view, dataSource) = CompositionalSelfSizingTests().makeHost(layout, counts: [2], fitting: nil)
        host.layoutIfNeeded()
        #expect(layout.sizingEngine != nil)
        func badge(_ item: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: "badge", at: IndexPath(item: item, section: 0))?.frame
        }
        #expect(badge(0) == CGRect(x: 86, y: -6, width: 20, height: 20))
        #expect(badge(1) == CGRect(x: 86, y: 38, width: 20, height: 20))
        let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 60
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original)
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 0, section: 0)])
        #expect(context.invalidatedSupplementaryIndexPaths?["badge"] == [IndexPath(item: 0, section: 0)])
        layout.invalidateLayout(with: context)
        layout.prepare()
        #expect(badge(0) == CGRect(x: 86, y: -6, width: 20, height: 20))
        #expect(badge(1) == CGRect(x: 86, y: 54, width: 20, height: 20))
        let answered = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 50, width: 100, height: 10)) ?? []
        #expect(answered.filter { $0.representedElementKind == "badge" }.map(\.frame)
            == [CGRect(x: 86, y: 54, width: 20, height: 20)])
        withExtendedLifetime((host, view, dataSource)) {}
    }

    @Test("S5: what stays refused beside a self-sizing section, in one line; carousels, handlers, backgrounds and badges of absolute size do not")
    func refusals() {
        let calls = Calls()
        #expect(Self.layout(calls).unsupportedFeature(sections: 2, containerSize: CGSize(width: 100, height: 200))
            == nil)
        func badged(_ height: NSCollectionLayoutDimension) -> UICollectionViewCompositionalLayout {
            UICollectionViewCompositionalLayout { index, _ in
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                  heightDimension: .estimated(44))
                let badge = NSCollectionLayoutSupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(10), heightDimension: height),
                    elementKind: "badge", containerAnchor: NSCollectionLayoutAnchor(edges: [.top]))
                let item = NSCollectionLayoutItem(layoutSize: size, supplementaryItems: index == 1 ? [badge] : [])
                return NSCollectionLayoutSection(group: .horizontal(layoutSize: size, subitems: [item]))
            }
        }
        // A badge of absolute size is laid out on its item's fitted frame (S5, the engine's B9).
        #expect(badged(.absolute(10)).unsupportedFeature(sections: 2, containerSize: CGSize(width: 100, height: 200))
            == nil)
        // One of .estimated size would be fitted by UIKit: refused in one line.
        let refusal = badged(.estimated(10)).unsupportedFeature(sections: 2,
                                                                containerSize: CGSize(width: 100, height: 200))
        #expect(refusal?.description.contains(
            #"a supplementary item of .estimated size (kind "badge") on items, groups or sections in a layout whose sections self-size"#)
            == true)
        #expect(refusal?.description.contains("\n") == false)
    }
}
