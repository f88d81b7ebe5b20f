/// The layout of a collection view, as UIKit's `UICollectionViewLayout`, with its whole overridable lifecycle.
/// Subclass it exactly as on iOS; LayoutBench's host calls it in UIKit's order on every frame:
/// 1. on a bounds change, ``shouldInvalidateLayout(forBoundsChange:)``; when `true`,
///    ``invalidationContext(forBoundsChange:)`` then ``invalidateLayout(with:)``;
/// 2. on the next layout pass, ``prepare()`` if anything was invalidated, then ``collectionViewContentSize``;
/// 3. ``layoutAttributesForElements(in:)`` for the visible rect.
///
/// ``collectionView`` is set while the layout is installed, and reads the host's bounds and counts.
open class UICollectionViewLayout: NSObject {
    /// The collection view the layout is installed in.
    open var collectionView: UICollectionView? { installedIn }

    /// The view the layout is installed in, or `nil`. Not a `weak` reference, though it has a weak one's meaning: a
    /// weak reference gives the view a side table, and then every retain and release of the view, several a frame,
    /// takes the runtime's slow path (about 75 instructions a release; issue 38o). The view clears it when it lets the
    /// layout go (a new `collectionViewLayout`) and when it is deinitialised, so it never outlives the view.
    @exclusivity(unchecked) unowned(unsafe) var installedIn: UICollectionView?

    /// A layout not yet installed.
    public override init() { super.init() }

    /// The layout as an engine-backed one (the flow and compositional classes), for the bridge; `nil` for a layout
    /// that computes its own answers.
    package var engineBacked: (any EngineBackedLayout)? { nil }

    /// Whether the layout estimates its items' sizes and takes its cells' preferred sizes (the family adapter's
    /// self-sizing support): `false`; a flow layout with a non-zero `estimatedItemSize` answers `true`.
    package var estimatesItemSizes: Bool { false }

    /// No coder is read: archives do not exist here.
    public required init?(coder: NSCoder) { super.init() }

    // MARK: Preparing and answering

    /// Computes the layout; called after every invalidation, before the next query. Nothing by default.
    open func prepare() {}

    /// The size of all the content; zero by default.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element in `rect`; `nil` by default.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`; `nil` by default.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of a supplementary view; `nil` by default.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        nil
    }

    /// The attributes of a decoration view; `nil` by default.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        nil
    }

    /// The attributes of an item being moved interactively: those of ``layoutAttributesForItem(at:)`` centred at
    /// `position`.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> UICollectionViewLayoutAttributes
    {
        let attributes = (layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes)
            ?? Self.makeAttributes(forCellWith: indexPath)
        attributes.center = position
        attributes.zIndex = .max
        return attributes
    }

    // MARK: Classes

    /// The class of the attributes this layout creates; override it to return your subclass.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the contexts this layout's invalidations use; override it to return your subclass.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// A new attributes object of ``layoutAttributesClass`` for the cell at `indexPath`.
    static func makeAttributes(forCellWith indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let type = layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
            ?? UICollectionViewLayoutAttributes.self
        return UICollectionViewLayoutAttributes.make(type, category: .cell, kind: nil, indexPath: indexPath)
    }

    /// An empty context of ``invalidationContextClass``, as UIKit makes a new one at every call: the pooled one,
    /// reset, when its class is UIKit's own (the base class or the flow layout's, whose every stored property the
    /// reset covers) and nothing else references it, strongly, weakly or unowned (the invalidation it served is
    /// over and neither the app nor the harness kept it), so that no caller can tell it from a new object; otherwise
    /// a new object, which the pool keeps when its class is UIKit's own (Guides/UIKitCompositional.md, "Invalidation
    /// contexts kept across frames"). A context of an app's own class is always new.
    ///
    /// - Complexity: O(1) plus the kinds the pooled context named; an allocation only when the pool cannot serve.
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        let declared: AnyClass = Self.invalidationContextClass
        if isKnownUniquelyReferenced(&contextPool), let pooled = contextPool,
           ObjectIdentifier(type(of: pooled)) == ObjectIdentifier(declared), Self.isReferencedOnlyStrongly(pooled)
        {
            pooled.resetForReuse()
            return pooled
        }
        let type = declared as? UICollectionViewLayoutInvalidationContext.Type
            ?? UICollectionViewLayoutInvalidationContext.self
        let made = type.init()
        if type == UICollectionViewLayoutInvalidationContext.self
            || type == UICollectionViewFlowLayoutInvalidationContext.self
        {
            contextPool = made
        }
        return made
    }

    /// The context ``makeInvalidationContext()`` reuses: of UIKit's own class, made by this layout.
    @exclusivity(unchecked) private(set) var contextPool: UICollectionViewLayoutInvalidationContext?

    /// Whether `object` has no weak or unowned reference (besides the strong ones): a weak reference to a context
    /// the layout reused would see it live again where it would read `nil`.
    @inline(__always)
    private static func isReferencedOnlyStrongly(_ object: AnyObject) -> Bool {
        // The unowned count is 1 for the strong references together; the weak count, 0 without a side table and 1
        // plus the weak references with one.
        _getUnownedRetainCount(object) == 1 && _getWeakRetainCount(object) <= 1
    }

    // MARK: Invalidation

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout; `false` by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// What the bounds change invalidates: a new context of ``invalidationContextClass`` naming nothing.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// Invalidates everything: ``invalidateLayout(with:)`` with a context whose `invalidateEverything` is set.
    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.everything = true
        invalidateLayout(with: context)
    }

    /// Records the invalidation; subclasses override it to drop caches, and must call `super`. The next layout pass
    /// calls ``prepare()``; a context that adjusts the content offset moves the collection view's.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        installedIn?.layoutDidInvalidate(self, with: context)
    }

    // MARK: Self-sizing

    /// Whether a cell's preferred attributes invalidate the layout; `false` by default. The harness's host asks it
    /// for every cell that comes on screen when it has an `ItemFitting` (the cell's
    /// `preferredLayoutAttributesFitting(_:)`), with the attributes as objects (Guides/UIKitLayouts.md, U15 to U18).
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> Bool
    {
        false
    }

    /// The context for a cell's preferred attributes: a new context of ``invalidationContextClass`` naming the
    /// item, the content size adjusted by the size's change. Asked when
    /// ``shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`` answers `true`; the context
    /// is then passed to ``invalidateLayout(with:)`` at once, where `super` applies its adjustments.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext
    {
        let context = makeInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        context.contentSizeAdjustment = CGSize(width: preferredAttributes.size.width - originalAttributes.size.width,
                                               height: preferredAttributes.size.height - originalAttributes.size.height)
        return context
    }

    // MARK: Scrolling

    /// Where a scroll that would stop at `proposedContentOffset` stops; the proposed offset by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where the content offset goes after an update or a layout change; the proposed offset by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Updates and transitions

    /// Called before a batch update with its items; nothing by default.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called after a batch update; nothing by default.
    open func finalizeCollectionViewUpdates() {}

    /// Called before an animated bounds change; nothing by default.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    /// Called after an animated bounds change; nothing by default.
    open func finalizeAnimatedBoundsChange() {}

    /// Called before a transition to `newLayout`; nothing by default.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}

    /// Called before a transition from `oldLayout`; nothing by default.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}

    /// Called after a transition; nothing by default.
    open func finalizeLayoutTransition() {}

    /// An appearing item's starting attributes: by default a copy of the layout's own attributes of the item
    /// (``layoutAttributesForItem(at:)``), so that a subclass can change `super`'s answer (`alpha`, `center`,
    /// `transform`) as animation code does on iOS. Called in a batch update after
    /// ``prepare(forCollectionViewUpdates:)`` and before ``finalizeCollectionViewUpdates()``.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
    }

    /// A disappearing item's final attributes; `nil` by default (the item's path is one of the data before the
    /// update, which the prepared layout no longer describes).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        nil
    }

    /// An appearing supplementary view's starting attributes; `nil` by default.
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String,
                                                                      at elementIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        nil
    }

    /// A disappearing supplementary view's final attributes; `nil` by default.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String,
                                                                       at elementIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        nil
    }

    /// Supplementary views to insert in an update; none by default.
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// Supplementary views to delete in an update; none by default.
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// Decoration views to insert in an update; none by default.
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    /// Decoration views to delete in an update; none by default.
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    // MARK: Decoration views

    /// The view classes registered per decoration kind.
    open private(set) var registeredDecorationViewClasses: [String: AnyClass] = [:]

    /// Registers the view class of a decoration kind (views are never made here; the registration is kept, and
    /// replaces a nib registered for the kind, as in UIKit).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        registeredDecorationViewClasses[elementKind] = viewClass
        registeredDecorationViewNibs[elementKind] = nil
    }

    /// The nibs registered per decoration kind.
    open private(set) var registeredDecorationViewNibs: [String: UINib] = [:]

    /// Registers the nib of a decoration kind (kept, never loaded: there are no archives here); replaces a class
    /// registered for the kind, as in UIKit.
    open func register(_ nib: UINib?, forDecorationViewOfKind elementKind: String) {
        registeredDecorationViewNibs[elementKind] = nib
        registeredDecorationViewClasses[elementKind] = nil
    }

    // MARK: Layout direction

    /// The direction the layout was written for: left to right.
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether the layout mirrors in the opposite direction; `true`, as in UIKit (there is no mirroring here: the
    /// configured direction is left to right unless set).
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    // MARK: Key-value observing

    // Declared in the class body so that subclasses can override them as they do on iOS. There is no KVO on Linux:
    // these record nothing and notify no one.

    /// Nothing is observed: no-op.
    open func willChangeValue(forKey key: String) {}

    /// Nothing is observed: no-op.
    open func didChangeValue(forKey key: String) {}

    /// Nothing is observed: no-op.
    open func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                          context: UnsafeMutableRawPointer?) {}

    /// Nothing is observed: no-op.
    open func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {}

    /// Nothing is observed: no-op.
    open func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {}

    /// Never called: no-op.
    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                           context: UnsafeMutableRawPointer?) {}
}
