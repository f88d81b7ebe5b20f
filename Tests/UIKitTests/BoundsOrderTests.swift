import LayoutModel
import Testing
@testable import UIKit

/// Records what `collectionView` shows at each call of UIKit's sequence.
final class BoundsRecordingLayout: UICollectionViewLayout {
    var log: [String] = []
    var offsetAdjustment = CGPoint.zero
    var sizeAdjustment = CGSize.zero
    var contentSizeInPrepare: CGSize?

    private func show(_ call: String) {
        guard let view = collectionView else { return }
        log.append("\(call): bounds \(Int(view.bounds.minX)),\(Int(view.bounds.minY)) "
                   + "\(Int(view.bounds.width))x\(Int(view.bounds.height)), sections \(view.numberOfSections)")
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 300, height: 1000) }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        show("should(new \(Int(newBounds.width))x\(Int(newBounds.height)))")
        return true
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        show("context")
        let context = super.invalidationContext(forBoundsChange: newBounds)
        context.contentOffsetAdjustment = offsetAdjustment
        context.contentSizeAdjustment = sizeAdjustment
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        show("invalidate")
        super.invalidateLayout(with: context)
        show("after super")
        if let view = collectionView { log.append("content size \(Int(view.contentSize.height))") }
    }

    override func prepare() {
        show("prepare")
        contentSizeInPrepare = collectionView?.contentSize
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { [] }
}

/// UIKit's order on every call (Guides/UIKitLayouts.md, "UIKit's order, rule by rule"): what `collectionView`
/// shows in each method of a bounds change, a resize and a data-source change, and where the adjustments land.
/// Each expectation is written out by hand from the rules.
@Suite("bounds order, rule by rule", .serialized)
struct BoundsOrderTests {
    /// A layout installed in a harness host (the family adapter's set-up) at 300 x 600, two sections.
    func makeHost(_ layout: BoundsRecordingLayout, dataSource: SectionedDataSource) -> CollectionViewHost {
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let bridge = UIKitLayoutBridge(view: view, owning: true)
        bridge.retained.append(dataSource)
        view.syncFromHost(bounds: .zero, counts: .perSection(dataSource.counts))
        view.dataSource = dataSource
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 300, height: 600),
                                      counts: .perSection(dataSource.counts))
        host.layoutIfNeeded()
        layout.log.removeAll()
        return host
    }

    @Test("B1-B4: a resize: old bounds in should and context, new bounds in invalidateLayout(with:) and prepare")
    func resize() {
        let layout = BoundsRecordingLayout()
        let host = makeHost(layout, dataSource: SectionedDataSource([3, 3]))
        host.setContentOffset(Point(x: 0, y: 100))
        host.layoutIfNeeded()
        layout.log.removeAll()
        host.setViewportSize(Size(width: 500, height: 600))
        host.layoutIfNeeded()
        #expect(layout.log == [
            "should(new 500x600): bounds 0,100 300x600, sections 2",
            "context: bounds 0,100 300x600, sections 2",
            "invalidate: bounds 0,100 500x600, sections 2",
            "after super: bounds 0,100 500x600, sections 2",
            "content size 1000",
            "prepare: bounds 0,100 500x600, sections 2",
        ])
        // B5: the size change keeps the content offset.
        #expect(host.contentOffset == Point(x: 0, y: 100))
    }

    @Test("B1-B5 standalone: a new frame runs the same sequence through the view's own host")
    func standaloneResize() {
        let layout = BoundsRecordingLayout()
        let dataSource = SectionedDataSource([3, 3])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 600), collectionViewLayout: layout)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        view.layoutIfNeeded()
        layout.log.removeAll()
        view.frame = CGRect(x: 0, y: 0, width: 500, height: 600)
        view.layoutIfNeeded()
        #expect(layout.log == [
            "should(new 500x600): bounds 0,100 300x600, sections 2",
            "context: bounds 0,100 300x600, sections 2",
            "invalidate: bounds 0,100 500x600, sections 2",
            "after super: bounds 0,100 500x600, sections 2",
            "content size 1000",
            "prepare: bounds 0,100 500x600, sections 2",
        ])
        #expect(view.contentOffset == CGPoint(x: 0, y: 100))
        // The same size again is no change: nothing is asked.
        layout.log.removeAll()
        view.bounds = view.bounds
        view.layoutIfNeeded()
        #expect(layout.log.filter { $0.hasPrefix("should") }.isEmpty)
        withExtendedLifetime(dataSource) {}
    }

    @Test("B6, B7: the adjustments apply when super runs; the content size holds the adjustment until prepare")
    func adjustments() {
        let layout = BoundsRecordingLayout()
        layout.offsetAdjustment = CGPoint(x: 0, y: 30)
        layout.sizeAdjustment = CGSize(width: 0, height: 50)
        let host = makeHost(layout, dataSource: SectionedDataSource([3]))
        host.setContentOffset(Point(x: 0, y: 100))
        // Before super: the new offset 100; after super: 100 + 30. The content size read after the last pass
        // (1000) grows by 50 and stays so until the next prepare, which still sees it, then reads the layout's.
        #expect(layout.log == [
            "should(new 300x600): bounds 0,0 300x600, sections 1",
            "context: bounds 0,0 300x600, sections 1",
            "invalidate: bounds 0,100 300x600, sections 1",
            "after super: bounds 0,130 300x600, sections 1",
            "content size 1050",
        ])
        #expect(host.contentOffset == Point(x: 0, y: 130))
        host.layoutIfNeeded()
        #expect(layout.contentSizeInPrepare == CGSize(width: 300, height: 1050))
        #expect(layout.collectionView?.contentSize == CGSize(width: 300, height: 1000))
    }

    @Test("B8: a data-source change: invalidateLayout(with:) already sees the new counts")
    func dataSourceChange() {
        let layout = BoundsRecordingLayout()
        let dataSource = SectionedDataSource([3, 3])
        let host = makeHost(layout, dataSource: dataSource)
        host.setCounts(.perSection([3, 3, 3]))
        host.layoutIfNeeded()
        #expect(layout.log == [
            "invalidate: bounds 0,0 300x600, sections 3",
            "after super: bounds 0,0 300x600, sections 3",
            "content size 1000",
            "prepare: bounds 0,0 300x600, sections 3",
        ])
    }

    @Test("B4: the first invalidation already sees the viewport, as a view given its frame before it lays out")
    func firstInvalidation() {
        let layout = BoundsRecordingLayout()
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let bridge = UIKitLayoutBridge(view: view, owning: true)
        let dataSource = SectionedDataSource([2])
        bridge.retained.append(dataSource)
        view.syncFromHost(bounds: .zero, counts: .perSection([2]))
        view.dataSource = dataSource
        layout.log.removeAll()
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 300, height: 600),
                                      counts: .perSection([2]))
        host.layoutIfNeeded()
        #expect(layout.log.first == "invalidate: bounds 0,0 300x600, sections 1")
        #expect(layout.log.last == "prepare: bounds 0,0 300x600, sections 1")
    }
}
