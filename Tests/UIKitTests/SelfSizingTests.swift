import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import Testing
@testable import UIKit

/// The harness's cell: a height for each item, the proposed width kept; records the items it fitted.
final class TableFitting: ItemFitting {
    let height: (ElementPath) -> Double
    var fitted: [ElementPath] = []

    init(_ height: @escaping (ElementPath) -> Double) { self.height = height }

    func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
        fitted.append(original.path)
        var preferred = original
        preferred.frame.size.height = height(original.path)
        return preferred
    }
}

/// A flow subclass that records the preferred-attributes pair and, when asked, moves the offset for a cell above
/// the top (the scroll-jump fix) — with its own attributes class, to show what UIKit passes.
final class RecordingSelfSizingFlow: UICollectionViewFlowLayout {
    final class Attributes: UICollectionViewLayoutAttributes {
        var badge = 0
        override func copy(with zone: NSZone? = nil) -> Any {
            let copy = super.copy(with: zone) as! Attributes
            copy.badge = badge
            return copy
        }
    }

    struct Call {
        var preferred: UICollectionViewLayoutAttributes
        var original: UICollectionViewLayoutAttributes
        var answer: Bool
        var bounds: CGRect
    }

    var shouldCalls: [Call] = []
    var contexts: [UICollectionViewLayoutInvalidationContext] = []
    var received: [UICollectionViewLayoutInvalidationContext] = []
    var keepsTopInPlace = false
    /// The adjustments returned since the last `prepare()` (the app's fix compares originals with the offset they
    /// were laid out under).
    var adjustmentSincePrepare: CGFloat = 0

    override func prepare() {
        adjustmentSincePrepare = 0
        super.prepare()
    }

    override class var layoutAttributesClass: AnyClass { Attributes.self }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = super.layoutAttributesForItem(at: indexPath) as? Attributes
        attributes?.badge = 7
        return attributes
    }

    override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                         withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        let answer = super.shouldInvalidateLayout(forPreferredLayoutAttributes: preferredAttributes,
                                                  withOriginalAttributes: originalAttributes)
        shouldCalls.append(Call(preferred: preferredAttributes, original: originalAttributes, answer: answer,
                                bounds: collectionView!.bounds))
        return answer
    }

    override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        if keepsTopInPlace, originalAttributes.frame.minY < collectionView!.contentOffset.y - adjustmentSincePrepare {
            let change = preferredAttributes.frame.height - originalAttributes.frame.height
            context.contentOffsetAdjustment = CGPoint(x: 0, y: change)
            adjustmentSincePrepare += change
        }
        contexts.append(context)
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        received.append(context)
        super.invalidateLayout(with: context)
    }
}

/// `estimatedItemSize`, `automaticSize` and the preferred-attributes pair through the harness's host (rules U15 to
/// U18 of Guides/UIKitLayouts.md): each case computed by hand.
@Suite("self-sizing through the host", .serialized)
struct SelfSizingTests {
    /// A list layout: one 100-wide item a line, no spacing, estimated at 100 x 44.
    func makeList(estimate: CGSize = CGSize(width: 100, height: 44)) -> RecordingSelfSizingFlow {
        let layout = RecordingSelfSizingFlow()
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.estimatedItemSize = estimate
        return layout
    }

    /// The layout in a collection view driven by a harness host (as the family adapter builds it) of 100 x 200.
    func makeHost(_ layout: UICollectionViewLayout, counts: [Int], fitting: (any ItemFitting)?)
        -> (CollectionViewHost, UICollectionView, SectionedDataSource) {
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let bridge = UIKitLayoutBridge(view: view, owning: true)
        let dataSource = SectionedDataSource(counts)
        view.syncFromHost(bounds: .zero, counts: .perSection(counts))
        view.dataSource = dataSource
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 100, height: 200),
                                      counts: .perSection(counts))
        host.itemFitting = fitting
        return (host, view, dataSource)
    }

    func frame(_ layout: UICollectionViewLayout, _ item: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
    }

    @Test("U15, U17 by hand: the cells on screen fitted, the differing ones invalidate, each context names its item")
    func firstPass() throws {
        let heights: [Double] = [60, 30, 44, 100, 50, 70, 70, 70, 70, 70]
        let fitting = TableFitting { heights[$0.item] }
        let layout = makeList()
        let (host, _, _) = makeHost(layout, counts: [10], fitting: fitting)
        host.layoutIfNeeded()
        let report = host.sizingReport
        // At the estimate, items 0 to 4 (0-44 … 176-220) are on screen in 0-200: each fitted once.
        #expect(fitting.fitted.map(\.item) == [0, 1, 2, 3, 4])
        #expect(report.fittings == 5)
        #expect(report.resolvedSizes == 4)  // item 2 fits its estimate
        #expect(layout.shouldCalls.map(\.answer) == [true, true, false, true, true])
        for (item, call) in layout.shouldCalls.enumerated() {
            // UIKit's objects: the layout's own attributes (class and properties), the preferred one a copy.
            let original = try #require(call.original as? RecordingSelfSizingFlow.Attributes)
            let preferred = try #require(call.preferred as? RecordingSelfSizingFlow.Attributes)
            #expect(original !== preferred)
            #expect(original.badge == 7 && preferred.badge == 7)
            #expect(original.indexPath == IndexPath(item: item, section: 0))
            #expect(original.frame == CGRect(x: 0, y: 44 * CGFloat(item), width: 100, height: 44))
            #expect(preferred.frame == CGRect(x: 0, y: 44 * CGFloat(item), width: 100, height: heights[item]))
            #expect(call.bounds == CGRect(x: 0, y: 0, width: 100, height: 200))
        }
        #expect(layout.contexts.count == 4)
        for (context, item) in zip(layout.contexts, [0, 1, 3, 4]) {
            let flow = try #require(context as? UICollectionViewFlowLayoutInvalidationContext)
            #expect(flow.invalidatedItemIndexPaths == [IndexPath(item: item, section: 0)])
            #expect(flow.contentSizeAdjustment == CGSize(width: 0, height: heights[item] - 44))
            #expect(flow.contentOffsetAdjustment == .zero)
            #expect(!flow.invalidateFlowLayoutDelegateMetrics && !flow.invalidateFlowLayoutAttributes)
            #expect(!flow.invalidateEverything)
        }
        // The layout's invalidateLayout(with:) got the very contexts it returned.
        #expect(layout.received.suffix(4).map(ObjectIdentifier.init) == layout.contexts.map(ObjectIdentifier.init))
        // Re-prepared in the same pass: fitted heights, the rest at the estimate.
        #expect(frame(layout, 0) == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(frame(layout, 1) == CGRect(x: 0, y: 60, width: 100, height: 30))
        #expect(frame(layout, 3) == CGRect(x: 0, y: 134, width: 100, height: 100))
        #expect(frame(layout, 4) == CGRect(x: 0, y: 234, width: 100, height: 50))
        #expect(frame(layout, 5) == CGRect(x: 0, y: 284, width: 100, height: 44))
        #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 284 + 5 * 44))
        #expect(host.visibleAttributes.map(\.path.item).sorted() == [0, 1, 2, 3])
        // Nothing new on screen: the next pass fits nothing.
        host.layoutIfNeeded()
        #expect(host.sizingReport.fittings == 0)
    }

    @Test("a subclass's contentOffsetAdjustment moves the host's offset at once; scrolling up keeps the first cell")
    func offsetAdjustment() {
        let fitting = TableFitting { _ in 88 }
        let layout = makeList()
        layout.keepsTopInPlace = true
        let (host, _, _) = makeHost(layout, counts: [40], fitting: fitting)
        host.layoutIfNeeded()  // items 0 to 4 at 88: 0-440, none above the top
        #expect(layout.contexts.allSatisfy { $0.contentOffsetAdjustment == .zero })
        // At 1000: item 17 (estimated at 440 + 12 * 44 = 968) starts above the top; 18 to 22 below it.
        host.setContentOffset(Point(x: 0, y: 1000))
        host.layoutIfNeeded()
        #expect(layout.contexts.suffix(6).map(\.contentOffsetAdjustment.y) == [44, 0, 0, 0, 0, 0])
        #expect(host.contentOffset.y == 1044)
        // Each call sees the offset as the adjustments before it in the pass left it (UIKit's contentOffset).
        #expect(layout.shouldCalls.suffix(6).map(\.bounds.minY) == [1000, 1044, 1044, 1044, 1044, 1044])
        #expect(frame(layout, 17) == CGRect(x: 0, y: 968, width: 100, height: 88))
        // Up by 100 to 944: item 16 (924-968) comes on screen above the top; item 17 stays 24 below the top.
        host.setContentOffset(Point(x: 0, y: 944))
        host.layoutIfNeeded()
        let report = host.sizingReport
        #expect(report.fittings == 1 && report.resolvedSizes == 1)
        #expect(host.contentOffset.y == 988)
        #expect(frame(layout, 17).map { $0.minY - 988 } == 24)
        #expect(report.jump == 0)
    }

    @Test("without the fix the same scroll up jumps by the resolved cell's change")
    func jumpWithoutFix() {
        let layout = makeList()
        let (host, _, _) = makeHost(layout, counts: [40], fitting: TableFitting { _ in 88 })
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 1000))
        host.layoutIfNeeded()
        let offset = host.contentOffset.y
        #expect(offset == 1000)
        // Up to 944: item 16 (924-968) comes on screen above the top and grows by 44; item 17 moves down by 44.
        host.setContentOffset(Point(x: 0, y: 944))
        host.layoutIfNeeded()
        let report = host.sizingReport
        #expect(report.resolvedSizes == 1)
        #expect(host.contentOffset.y == 944)
        #expect(report.jump == 44)
    }

    @Test("full mode: the layout's own context, with everything set; its offset adjustment still applies")
    func fullMode() {
        let layout = makeList()
        layout.keepsTopInPlace = true
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let bridge = UIKitLayoutBridge(view: view, owning: true)
        let dataSource = SectionedDataSource([40])
        view.syncFromHost(bounds: .zero, counts: .perSection([40]))
        view.dataSource = dataSource
        let host = CollectionViewHost(layout: FullInvalidationLayout(bridge), viewportSize: Size(width: 100, height: 200),
                                      counts: .perSection([40]))
        host.itemFitting = TableFitting { _ in 88 }
        host.layoutIfNeeded()
        host.setContentOffset(Point(x: 0, y: 1000))
        host.layoutIfNeeded()
        let taken = layout.received.filter { context in layout.contexts.contains { $0 === context } }
        #expect(taken.count == layout.contexts.count && !taken.isEmpty)
        let everything = taken.allSatisfy { $0.invalidateEverything }
        #expect(everything)
        #expect(host.contentOffset.y == 1044)
        #expect(frame(layout, 17) == CGRect(x: 0, y: 968, width: 100, height: 88))
    }

    @Test("automaticSize: the estimate is the item size; a zero estimate takes no fitted size")
    func automaticAndOff() {
        let automatic = makeList(estimate: UICollectionViewFlowLayout.automaticSize)
        automatic.itemSize = CGSize(width: 100, height: 30)
        let (host, _, _) = makeHost(automatic, counts: [20], fitting: TableFitting { _ in 50 })
        host.layoutIfNeeded()
        let report = host.sizingReport
        #expect(report.fittings == 7)  // 0-30 … 180-210 in 0-200 at the estimate
        #expect(frame(automatic, 0)?.size == CGSize(width: 100, height: 50))
        #expect(frame(automatic, 10)?.size == CGSize(width: 100, height: 30))
        #expect(automatic.estimatesItemSizes)

        let off = makeList(estimate: .zero)
        off.itemSize = CGSize(width: 100, height: 30)
        let (offHost, _, _) = makeHost(off, counts: [20], fitting: TableFitting { _ in 50 })
        offHost.layoutIfNeeded()
        let offReport = offHost.sizingReport
        #expect(offReport.fittings == 7 && offReport.resolvedSizes == 0)
        #expect(off.shouldCalls.allSatisfy { !$0.answer })
        #expect(frame(off, 0)?.size == CGSize(width: 100, height: 30))
        #expect(!off.estimatesItemSizes)
    }

    @Test("U18: a new estimate or new counts drop the fitted sizes; the same estimate or counts keep them")
    func fittedSizesDropped() {
        let layout = makeList()
        let (host, view, dataSource) = makeHost(layout, counts: [20], fitting: TableFitting { _ in 50 })
        host.layoutIfNeeded()
        #expect(layout.fittedSizes.count == 5)  // items 0 to 4 were on screen at the estimate
        layout.estimatedItemSize = CGSize(width: 100, height: 44)
        #expect(!layout.fittedSizes.isEmpty)
        layout.estimatedItemSize = CGSize(width: 100, height: 40)
        #expect(layout.fittedSizes.isEmpty)
        host.invalidate(with: .everything)
        host.layoutIfNeeded()
        #expect(!layout.fittedSizes.isEmpty)
        host.setCounts(.perSection([20]))  // invalidates the counts, which stay: the sizes stay
        host.layoutIfNeeded()
        #expect(!layout.fittedSizes.isEmpty)
        dataSource.counts = [21]
        host.setCounts(.perSection([21]))
        #expect(!layout.fittedSizes.isEmpty)  // dropped when the layout prepares under the new counts
        host.itemFitting = nil
        host.layoutIfNeeded()
        #expect(layout.fittedSizes.isEmpty)
        _ = view
    }
}

/// A list as apps write it: the estimate set to the width in `prepare()`.
final class WidthEstimatingList: UICollectionViewFlowLayout {
    override init() {
        super.init()
        minimumLineSpacing = 0
        minimumInteritemSpacing = 0
        estimatedItemSize = CGSize(width: 320, height: 44)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func prepare() {
        if let width = collectionView?.bounds.width, width > 0, estimatedItemSize.width != width {
            estimatedItemSize = CGSize(width: width, height: 44)
        }
        super.prepare()
    }
}

/// ``WidthEstimatingList`` as a family.
struct WidthEstimatingListFamily: UIKitLayoutFamily {
    static let name = "test-selfsizing-list"
    static let summary = "a list estimating at its width"
    func makeCollectionViewLayout() -> UICollectionViewLayout { WidthEstimatingList() }
}

@Suite("self-sizing: the family's reference")
struct SelfSizingReferenceTests {
    @Test("makeLayout(for:resolved:) equals the layout that resolved those sizes while scrolling")
    func freshWithResolved() throws {
        let family = WidthEstimatingListFamily()
        let content = ContentSpec(sections: 1, itemsPerSection: 300, sizes: .uniform, seed: 1)
        #expect(family.supportsSelfSizing(for: content))
        let scrolled = family.makeLayout(for: content, storage: .objects)
        let host = CollectionViewHost(layout: scrolled, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.itemFitting = TableFitting { 44 + Double(($0.item * 37) % 113) * 0.5 }
        host.layoutIfNeeded()
        for step in 1...30 {
            host.setContentOffset(Point(x: 0, y: Double(step) * 150))
            host.layoutIfNeeded()
        }
        let bridge = try #require(scrolled as? UIKitLayoutBridge)
        let flow = try #require(bridge.view?.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(flow.fittedSizes.count > 20)
        let resolved = ResolvedItemSizes(flow.fittedSizes.mapValues(\.height))
        let fresh = try #require(family.makeLayout(for: content, resolved: resolved))
        let freshHost = CollectionViewHost(layout: fresh, viewportSize: Size(width: 390, height: 844),
                                           counts: content.itemCounts)
        freshHost.layoutIfNeeded()
        #expect(fresh.contentSize == scrolled.contentSize)
        for item in 0..<300 {
            let path = ElementPath(section: 0, item: item)
            #expect(fresh.attributesForItem(at: path) == scrolled.attributesForItem(at: path))
        }
        #expect(ColumnsFamily().makeLayout(for: content, resolved: resolved) == nil)
    }
}
