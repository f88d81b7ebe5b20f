import LayoutModel
import Testing
@testable import UIKit

/// A layout that records UIKit's calls and puts everything in its bounds-change context.
final class RecordingLayout: UICollectionViewLayout {
    var calls: [String] = []
    var adjustment = CGPoint.zero
    var received: UICollectionViewLayoutInvalidationContext?

    final class Context: UICollectionViewLayoutInvalidationContext {
        var custom = false
    }

    override class var invalidationContextClass: AnyClass { Context.self }

    override var collectionViewContentSize: CGSize {
        calls.append("collectionViewContentSize")
        return CGSize(width: 100, height: 10_000)
    }

    override func prepare() {
        calls.append("prepare")
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        calls.append("layoutAttributesForElements(in: \(Int(rect.minY)))")
        return []
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        calls.append("shouldInvalidateLayout(forBoundsChange: \(Int(newBounds.minY))), bounds \(Int(collectionView!.bounds.minY))")
        return newBounds.minY >= 100
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        calls.append("invalidationContext(forBoundsChange:)")
        let context = super.invalidationContext(forBoundsChange: newBounds) as! Context
        context.custom = true
        context.invalidateItems(at: [IndexPath(item: 1, section: 0)])
        context.invalidateSupplementaryElements(ofKind: "Header", at: [IndexPath(item: 0, section: 2)])
        context.invalidateDecorationElements(ofKind: "Background", at: [IndexPath(item: 0, section: 3)])
        context.contentOffsetAdjustment = adjustment
        context.contentSizeAdjustment = CGSize(width: 0, height: 5)
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        calls.append("invalidateLayout(with: everything \(context.invalidateEverything), counts \(context.invalidateDataSourceCounts))")
        received = context
        super.invalidateLayout(with: context)
    }
}

@Suite("invalidation through the host", .serialized)
struct InvalidationBridgeTests {
    func makeView(_ layout: RecordingLayout) -> UICollectionView {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([3, 3, 3, 3])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        withExtendedLifetime(dataSource) {}
        return view
    }

    @Test("the host calls the layout in UIKit's order")
    func order() {
        let layout = RecordingLayout()
        let dataSource = SectionedDataSource([3, 3, 3, 3])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
        view.dataSource = dataSource
        view.layoutIfNeeded()
        layout.calls.removeAll()
        // A bounds change the layout declines: no invalidation, no prepare, one query at the new bounds.
        view.contentOffset = CGPoint(x: 0, y: 50)
        view.layoutIfNeeded()
        #expect(layout.calls == ["shouldInvalidateLayout(forBoundsChange: 50), bounds 0",
                                 "layoutAttributesForElements(in: 50)"])
        layout.calls.removeAll()
        // One it accepts: its own context goes back to it, then prepare, then the query.
        view.setContentOffset(CGPoint(x: 0, y: 150), animated: false)
        view.layoutIfNeeded()
        #expect(layout.calls == ["shouldInvalidateLayout(forBoundsChange: 150), bounds 50",
                                 "invalidationContext(forBoundsChange:)",
                                 "invalidateLayout(with: everything false, counts false)", "prepare",
                                 "collectionViewContentSize", "layoutAttributesForElements(in: 150)"])
        #expect((layout.received as? RecordingLayout.Context)?.custom == true)
        #expect(view.contentOffset == CGPoint(x: 0, y: 150))
        // A data-source change invalidates everything and the counts.
        layout.calls.removeAll()
        dataSource.counts = [1]
        view.reloadData()
        #expect(layout.calls == ["invalidateLayout(with: everything true, counts true)"])
        #expect(view.numberOfSections == 1)
    }

    @Test("a context's contents reach the host, which applies the offset adjustment")
    func contents() {
        let layout = RecordingLayout()
        layout.adjustment = CGPoint(x: 0, y: 7)
        let view = makeView(layout)
        view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        #expect(view.contentOffset == CGPoint(x: 0, y: 107))
        guard let received = layout.received else {
            Issue.record("no context")
            return
        }
        let translated = UIKitLayoutBridge.translate(received)
        #expect(translated.invalidatedItemPaths == [ElementPath(section: 0, item: 1)])
        #expect(translated.invalidatedSupplementaryPaths[.supplementary("Header")] == [ElementPath(section: 2, item: 0)])
        #expect(translated.invalidatedSupplementaryPaths[.decoration("Background")] == [ElementPath(section: 3, item: 0)])
        #expect(translated.contentOffsetAdjustment == Point(x: 0, y: 7))
        #expect(translated.contentSizeAdjustment == Size(width: 0, height: 5))
        #expect(!translated.invalidateEverything)
    }

    @Test("flow flags: false in a new context, set by the flow's own context only across the scroll axis (U3)")
    func flowFlags() {
        let fresh = UICollectionViewFlowLayoutInvalidationContext()
        #expect(!fresh.invalidateFlowLayoutDelegateMetrics && !fresh.invalidateFlowLayoutAttributes)
        let layout = UICollectionViewFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([4])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        let scroll = layout.invalidationContext(forBoundsChange: CGRect(x: 0, y: 100, width: 390, height: 844))
            as? UICollectionViewFlowLayoutInvalidationContext
        #expect(scroll?.invalidateFlowLayoutDelegateMetrics == false && scroll?.invalidateFlowLayoutAttributes == false)
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 100, width: 390, height: 844)))
        let resize = layout.invalidationContext(forBoundsChange: CGRect(x: 0, y: 0, width: 500, height: 844))
            as? UICollectionViewFlowLayoutInvalidationContext
        #expect(resize?.invalidateFlowLayoutDelegateMetrics == true && resize?.invalidateFlowLayoutAttributes == true)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 500, height: 844)))
    }

    @Test("an interned kind reads back as its string")
    func kinds() {
        let kind = ElementKindNames.kind(category: .decorationView, name: "Ünïcode background")
        #expect(kind == .decoration("Ünïcode background"))
        #expect(kind != .supplementary("Ünïcode background"))
        #expect(ElementKindNames.string(for: kind) == "Ünïcode background")
        #expect(ElementKindNames.string(for: .sectionHeader) == UICollectionView.elementKindSectionHeader)
        #expect(ElementKindNames.string(for: .sectionFooter) == UICollectionView.elementKindSectionFooter)
        #expect(ElementKindNames.kind(category: .supplementaryView, name: UICollectionView.elementKindSectionHeader)
            == .sectionHeader)
        #expect(ElementKindNames.string(for: .cell) == nil)
    }
}
