import LayoutBenchUIKit
import LayoutModel
import Layouts
import Testing
import UIKit
import Scenarios

/// UIKit flow code against the native flow family at the same content: `UICollectionViewFlowLayout` is the flow
/// engine behind objects, and the pre-iOS 9 sticky-header recipe equals the engine's pinned headers (rule R10).
@Suite("UIKit flow equals the native flow", .serialized)
struct FlowEquivalenceTests {
    /// The visible sets of two families' layouts, each in its own host, at the same offsets.
    func visibleSets(_ a: AnyLayoutFamily, _ b: AnyLayoutFamily, counts: CountDistribution, sizes: SizeDistribution)
        -> [(offset: Point, a: [LayoutAttributes], b: [LayoutAttributes])]
    {
        let content = ContentSpec(sections: 10, itemsPerSection: 11, counts: counts, sizes: sizes, seed: 3)
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
        return result
    }

    @Test("UICollectionViewFlowLayout shows exactly the flow family's elements",
          arguments: [SizeDistribution.uniform, .perCell])
    func plainFlow(sizes: SizeDistribution) {
        for counts in CountDistribution.allCases {
            for (offset, uikit, native) in visibleSets(AnyLayoutFamily(PlainFlowFamily()),
                                                       AnyLayoutFamily(FlowFamily()), counts: counts, sizes: sizes) {
                #expect(uikit == native, "at \(offset), \(counts), \(sizes)")
                #expect(!uikit.isEmpty)
            }
        }
    }

    @Test("the sticky-header recipe pins headers exactly as sectionHeadersPinToVisibleBounds",
          arguments: [SizeDistribution.uniform, .perCell])
    func stickyRecipe(sizes: SizeDistribution) {
        for counts in CountDistribution.allCases {
            for (offset, uikit, native) in visibleSets(AnyLayoutFamily(StickyHeadersFamily()),
                                                       AnyLayoutFamily(FlowFamily()), counts: counts, sizes: sizes) {
                #expect(uikit == native, "at \(offset), \(counts), \(sizes)")
            }
        }
    }

    @Test("super returns objects of the subclass's layoutAttributesClass, and copies keep it")
    func attributesClass() {
        let layout = FadingFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([5, 3])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        let answer = layout.layoutAttributesForElements(in: view.bounds) ?? []
        #expect(answer.count == 5 + 3 + 2)
        #expect(answer.allSatisfy { $0 is BadgeAttributes })
        // Hand-computed (Guides/FlowLayout.md R1, R2, R4, R6, R7): 390 wide, insets 8, so 374 available; 120 x 44
        // items at spacing 10 fit three a line (120 + 10 + 120 + 10 + 120 = 380 > 374: no, two), so two a line,
        // justified to x = 8 and 390 - 8 - 120 = 262. Section 0: header 0 to 40, lines at 48, 102 and 156 (the last
        // holding item 4), bottom inset to 208; section 1: header 208 to 248, lines at 256 and 310, end 362.
        let item = layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))
        #expect(item?.frame == CGRect(x: 262, y: 102, width: 120, height: 44))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 40 + 8 + 3 * 44 + 2 * 10 + 8 + 40 + 8
            + 2 * 44 + 10 + 8))
    }

    @Test("scrollToItem(at:at:animated:) puts the item at the position, clamped to the content")
    func scrollToItem() {
        let layout = FadingFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 100), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([5, 3])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Item 4 of section 0 is at y 156 (see above); the content is 362 tall, so offsets stop at 262.
        view.scrollToItem(at: IndexPath(item: 4, section: 0), at: .top, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 156))
        view.scrollToItem(at: IndexPath(item: 4, section: 0), at: .bottom, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 100))
        view.scrollToItem(at: IndexPath(item: 2, section: 1), at: .top, animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 262))
        view.layoutIfNeeded()
        #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 2, section: 1)))
    }
}
