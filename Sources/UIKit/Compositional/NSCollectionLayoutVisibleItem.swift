/// The handler of `NSCollectionLayoutSection.visibleItemsInvalidationHandler`, as UIKit's
/// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`: the section's visible items, the section's content
/// offset and the layout environment. What the handler sets on the items (`transform`, `alpha`, `zIndex`, `isHidden`,
/// `center`) is what the layout answers for them until the next call (Guides/UIKitCompositional.md, rules V1 to V5).
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// An item visible in a section, as UIKit's `NSCollectionLayoutVisibleItem`, handed to a section's
/// ``NSCollectionLayoutSectionVisibleItemsInvalidationHandler``. UIKit's protocol refines `UIDynamicItem` (`center`,
/// `bounds`, `transform`); those requirements are declared here directly.
///
/// ``frame`` and ``center`` are in the section's own coordinate system: for an orthogonal section, the unscrolled
/// space of its scroll view (the item's on-screen x plus the section's offset, the handler's `contentOffset.x`), so that
/// `item.frame.midX - contentOffset.x` is where the item's centre is on screen. In a layout that scrolls
/// horizontally an orthogonal section scrolls along y: there `item.frame.midY - contentOffset.y` is.
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
    /// The opacity, 0 to 1 (1 until the handler sets it).
    var alpha: CGFloat { get set }
    /// The stacking order (the element's own until the handler sets it).
    var zIndex: Int { get set }
    /// Whether the item is hidden.
    var isHidden: Bool { get set }
    /// The centre, in the section's coordinate system; setting it moves the item.
    var center: CGPoint { get set }
    /// The affine part of ``transform3D``; setting it sets ``transform3D``.
    var transform: CGAffineTransform { get set }
    /// The 3-D transform.
    var transform3D: CATransform3D { get set }
    /// The item's name: empty here (UIKit documents "the name of the item" and nothing more).
    var name: String { get }
    /// The item's index path.
    var indexPath: IndexPath { get }
    /// Where the item is, in its section's coordinate system.
    var frame: CGRect { get }
    /// The item's bounds: its size, at the origin.
    var bounds: CGRect { get }
    /// `.cell` (the model hands the handler its section's cells).
    var representedElementCategory: UICollectionView.ElementCategory { get }
    /// `nil` for a cell.
    var representedElementKind: String? { get }
}

/// The visible items the compositional layout hands a handler: objects the layout reuses from call to call, so that
/// a steady-state pass makes none.
final class CompositionalVisibleItem: NSObject, NSCollectionLayoutVisibleItem {
    /// What the handler may set, and where the item was when it was handed over.
    struct State: Equatable {
        var frame: CGRect = .zero
        var center: CGPoint = .zero
        var transform3D = CATransform3D.identity
        var alpha: CGFloat = 1
        var zIndex = 0
        var isHidden = false
    }

    // Read and written on one thread, never across a call (unchecked: no dynamic exclusivity check an access).
    @exclusivity(unchecked) var state = State()
    /// The section and item of ``indexPath``, as integers (read back without `IndexPath`'s subscript).
    @exclusivity(unchecked) private(set) var sectionIndex = 0
    @exclusivity(unchecked) private(set) var itemIndex = 0
    /// ``indexPath`` as last made, `nil` once the item names another cell: made when a handler first asks for it
    /// (the pool's objects serve every section of a pass in turn, and a handler that never reads it makes none).
    @exclusivity(unchecked) private var madeIndexPath: IndexPath?

    var indexPath: IndexPath {
        if let madeIndexPath { return madeIndexPath }
        let made = IndexPath(item: itemIndex, section: sectionIndex)
        madeIndexPath = made
        return made
    }

    /// Makes the item the cell `item` of `section`, at `frame` (section coordinates), untouched; its index path is
    /// made again only when it names another cell and is asked for.
    func reset(section: Int, item: Int, frame: CGRect, zIndex: Int) {
        if sectionIndex != section || itemIndex != item {
            madeIndexPath = nil
            sectionIndex = section
            itemIndex = item
        }
        state = State(frame: frame, center: CGPoint(x: frame.midX, y: frame.midY), zIndex: zIndex)
    }

    var alpha: CGFloat {
        get { state.alpha }
        set { state.alpha = newValue }
    }
    var zIndex: Int {
        get { state.zIndex }
        set { state.zIndex = newValue }
    }
    var isHidden: Bool {
        get { state.isHidden }
        set { state.isHidden = newValue }
    }
    var center: CGPoint {
        get { state.center }
        set { state.center = newValue }
    }
    var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(state.transform3D) }
        set { state.transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    var transform3D: CATransform3D {
        get { state.transform3D }
        set { state.transform3D = newValue }
    }
    var name: String { "" }
    /// The frame as handed over, moved to the centre the handler set.
    var frame: CGRect {
        CGRect(x: state.center.x - state.frame.width / 2, y: state.center.y - state.frame.height / 2,
               width: state.frame.width, height: state.frame.height)
    }
    var bounds: CGRect { CGRect(origin: .zero, size: state.frame.size) }
    var representedElementCategory: UICollectionView.ElementCategory { .cell }
    var representedElementKind: String? { nil }
}
