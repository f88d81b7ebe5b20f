import Testing
import UIKit

// Each syntax form that iOS layout files use, compiled in Swift 5 mode (this target's language mode) against the
// compatibility modules, and run.

/// A delegate that implements only `sizeForItemAt`, as a view controller does.
final class SizingDelegate: NSObject, UICollectionViewDelegateFlowLayout {
    var asked: [IndexPath] = []
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        asked.append(indexPath)
        return CGSize(width: 10 + indexPath.item, height: 20)
    }
}

/// A data source that implements only the required method (one section by default).
final class CountingDataSource: NSObject, UICollectionViewDataSource {
    var items = 4
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items }
}

/// A data source with sections.
final class SectionedDataSource: NSObject, UICollectionViewDataSource {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell {
        UICollectionViewCell()
    }
}

/// Overrides that exercise the forms: KVO methods, both `targetContentOffset` calls, updates, the decoration
/// registration, the old constant spellings, CATransform3D on attributes, `@objc`-free optional calls.
final class FormsLayout: UICollectionViewLayout {
    var observedKeys: [String] = []
    var updates: [UICollectionViewUpdateItem.Action] = []

    override func willChangeValue(forKey key: String) {
        observedKeys.append(key)
        super.willChangeValue(forKey: key)
    }

    override func didChangeValue(forKey key: String) {
        super.didChangeValue(forKey: key)
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 1000) }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        let page: CGFloat = 100
        let rate = collectionView?.decelerationRate ?? .normal
        let target = (proposedContentOffset.y / page).rounded(rate == .fast ? .down : .toNearestOrAwayFromZero) * page
        return CGPoint(x: proposedContentOffset.x, y: target)
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        updates = updateItems.map { $0.updateAction }
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        updates.removeAll()
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionElementKindSectionHeader,
                                                          with: indexPath)
        attributes.frame = CGRect(x: 0, y: 0, width: 100, height: 40).inset(by: UIEdgeInsetsZero)
        attributes.transform3D = CATransform3DMakeScale(0.5, 0.5, 1)
        return attributes
    }
}

/// A layout the app marks `@MainActor`, as Swift-concurrency-era code does.
@MainActor
final class MainActorLayout: UICollectionViewFlowLayout {
    override func prepare() {
        super.prepare()
    }
}

@Suite("compile forms")
struct CompileFormsTests {
    @Test("delegate?.collectionView?(…) reaches the delegate's own method, and the layout's property otherwise")
    func optionalDelegateCalls() {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        let delegate = SizingDelegate()
        view.delegate = delegate
        let flowDelegate = view.delegate as? UICollectionViewDelegateFlowLayout
        let size = flowDelegate?.collectionView?(view, layout: layout, sizeForItemAt: IndexPath(item: 3, section: 0))
        #expect(size == CGSize(width: 13, height: 20))
        #expect(delegate.asked == [IndexPath(item: 3, section: 0)])
        let inset = flowDelegate?.collectionView?(view, layout: layout, insetForSectionAt: 0)
        #expect(inset == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        // A delegate that is not a flow delegate answers nil, as an unimplemented optional method does.
        final class Plain: NSObject, UICollectionViewDelegate {}
        let plain = Plain()
        view.delegate = plain
        #expect(view.delegate?.collectionView?(view, layout: layout, sizeForItemAt: IndexPath(item: 0, section: 0)) == nil)
        #expect(view.delegate?.collectionView?(view, shouldSelectItemAt: IndexPath(item: 0, section: 0)) == true)
    }

    @Test("dataSource?.numberOfSections?(in:) defaults to one section")
    func optionalDataSourceCall() {
        let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        let dataSource = CountingDataSource()
        view.dataSource = dataSource
        #expect(view.dataSource?.numberOfSections?(in: view) == 1)
        #expect(view.numberOfSections == 1)
        #expect(view.numberOfItems(inSection: 0) == 4)
        let sectioned = SectionedDataSource([2, 0, 5])
        view.dataSource = sectioned
        #expect(view.dataSource?.numberOfSections?(in: view) == 3)
        #expect(view.numberOfItems(inSection: 2) == 5)
    }

    @Test("KVO methods are overridable in the class body; update and paging overrides run")
    func overrides() {
        let layout = FormsLayout()
        layout.willChangeValue(forKey: "itemSize")
        layout.didChangeValue(forKey: "itemSize")
        #expect(layout.observedKeys == ["itemSize"])
        layout.prepare(forCollectionViewUpdates: [UICollectionViewUpdateItem(action: .insert, before: nil,
                                                                             after: IndexPath(item: 0, section: 0))])
        #expect(layout.updates == [.insert])
        layout.finalizeCollectionViewUpdates()
        #expect(layout.updates.isEmpty)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        view.decelerationRate = UIScrollView.DecelerationRate.fast
        #expect(layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: 260),
                                           withScrollingVelocity: .zero) == CGPoint(x: 0, y: 200))
        let header = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                 at: IndexPath(item: 0, section: 0))
        #expect(header?.representedElementKind == UICollectionView.elementKindSectionHeader)
        #expect(header?.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        #expect(MainActorLayout().itemSize == CGSize(width: 50, height: 50))
    }

    @Test("index paths, insets, constants and the screen")
    func valueTypes() {
        var path = IndexPath(item: 3, section: 2)
        #expect((path.section, path.item, path.row) == (2, 3, 3))
        path.item = 4
        #expect(path == IndexPath(row: 4, section: 2))
        let old = NSIndexPath(item: 1, section: 5)
        #expect((old.section, old.item, old.row) == (5, 1, 1))
        #expect(UICollectionElementKindSectionFooter == UICollectionView.elementKindSectionFooter)
        #expect(UIEdgeInsetsMake(1, 2, 3, 4) == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4).leftToRight.left == 2)
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            == CGRect(x: 2, y: 1, width: 4, height: 6))
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScreen.main.scale == UIKitCompatibility.displayScale)
        #expect(CGRect(x: 0, y: 0, width: 1, height: 1).equalTo(CGRect(x: 1, y: 1, width: -1, height: -1)))
        #expect(CGVector(dx: 1, dy: 2).dy == 2)
    }
}

@Suite("screen scale")
struct ScreenScaleTests {
    /// A column of `ColumnsLayout` at a display scale: (390 - 4 x 8) / 3 = 119.33… points, floored to the pixel.
    func columnWidth(scale: CGFloat) -> CGFloat? {
        let layout = ColumnsLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        view.displayScale = scale
        let dataSource = SectionedDataSource([3])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return withExtendedLifetime(dataSource) {
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.width
        }
    }

    @Test("layouts that round to pixels round at the configured scale")
    func rounding() {
        #expect(view(scale: 2).traitCollection.displayScale == 2)
        // At 2x: floor(119.33 x 2) / 2 = 119. At 3x: floor(119.33 x 3) / 3 = 358 / 3.
        #expect(columnWidth(scale: 2) == 119)
        #expect(columnWidth(scale: 3) == CGFloat(358) / 3)
        #expect(UITraitCollection(displayScale: 1).displayScale == 1)
    }

    func view(scale: CGFloat) -> UIView {
        let view = UIView(frame: .zero)
        view.displayScale = scale
        return view
    }
}
