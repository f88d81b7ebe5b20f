import LayoutModel
import Layouts

/// UIKit's line-based layout, as `UICollectionViewFlowLayout`, backed by LayoutBench's flow engine
/// (``Layouts/FlowLayout``, the rules in Guides/FlowLayout.md): `super.layoutAttributesForElements(in:)` returns
/// what the `flow` family computes, as objects of `layoutAttributesClass`.
///
/// Every property invalidates the layout when set to a new value, as in UIKit; setting the value it already has does
/// nothing (a layout that sets `sectionInset` in every `prepare()` settles: Guides/UIKitLayouts.md, "Self-invalidating
/// layouts"). The delegate, when it is a
/// `UICollectionViewDelegateFlowLayout`, is asked for every item's size and every section's metrics (its defaults
/// return these properties). Sizing follows the engine: lines justified as UIKit does, items centred across their
/// line, headers and footers spanning the collection view, optionally pinned.
open class UICollectionViewFlowLayout: UICollectionViewLayout, EngineBackedLayout {
    /// How `sectionInset` is measured, as UIKit's `UICollectionViewFlowLayout.SectionInsetReference`. There are no
    /// safe-area or layout-margin insets here, so the three agree.
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// The size that asks cells to size themselves, as UIKit's `automaticSize`.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude,
                                             height: CGFloat.greatestFiniteMagnitude)

    open var scrollDirection: UICollectionView.ScrollDirection = .vertical {
        didSet { if scrollDirection != oldValue { configurationChanged() } }
    }
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { if minimumLineSpacing != oldValue { configurationChanged() } }
    }
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { if minimumInteritemSpacing != oldValue { configurationChanged() } }
    }
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { if itemSize != oldValue { configurationChanged() } }
    }
    /// The estimated size of items not yet fitted: `.zero` (the default) turns self-sizing off; any other value
    /// (``automaticSize`` included) lays items out at the estimate until their cells' preferred attributes
    /// (the harness's `ItemFitting`) give their sizes, which ``invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``
    /// records (Guides/UIKitLayouts.md, rules U15 to U18). With an explicit estimate the delegate's
    /// `sizeForItemAt` is not asked; with ``automaticSize`` its size (or ``itemSize``) is the estimate. Setting a
    /// different value drops every fitted size and invalidates the layout; setting the same value does nothing.
    open var estimatedItemSize: CGSize = .zero {
        didSet {
            guard estimatedItemSize != oldValue else { return }
            fittedSizes.removeAll()
            configurationChanged()
        }
    }
    open var headerReferenceSize: CGSize = .zero {
        didSet { if headerReferenceSize != oldValue { configurationChanged() } }
    }
    open var footerReferenceSize: CGSize = .zero {
        didSet { if footerReferenceSize != oldValue { configurationChanged() } }
    }
    open var sectionInset: UIEdgeInsets = .zero {
        didSet { if sectionInset != oldValue { configurationChanged() } }
    }
    open var sectionInsetReference: SectionInsetReference = .fromContentInset {
        didSet { if sectionInsetReference != oldValue { configurationChanged() } }
    }
    open var sectionHeadersPinToVisibleBounds = false {
        didSet { if sectionHeadersPinToVisibleBounds != oldValue { configurationChanged() } }
    }
    open var sectionFootersPinToVisibleBounds = false {
        didSet { if sectionFootersPinToVisibleBounds != oldValue { configurationChanged() } }
    }

    /// The engine, built on the first `prepare()` after a configuration change.
    package private(set) var engine: FlowLayout?
    private var engineNeedsRebuild = true
    private var engineContext = InvalidationContext()
    package var engineScratch: [LayoutAttributes] = []
    /// The attributes objects answered, kept from query to query (`EngineAttributesCache`).
    package let attributesCache = EngineAttributesCache()
    /// What the engine computed at the last `prepare()`.
    package private(set) var lastEngineWork = PreparationWork.none
    /// The sizes cells preferred, by item, while ``estimatedItemSize`` is not zero (rule U17).
    package private(set) var fittedSizes: [ElementPath: Size] = [:]
    /// The counts ``fittedSizes`` were fitted under, and whether an invalidation since may have changed them.
    private var fittedCounts: ItemCounts?
    /// The view's extent across the scroll axis (its width, when vertical) the fitted sizes were fitted at.
    private var fittedCrossExtent: CGFloat?
    private var countsMayHaveChanged = false
    /// Fitted extents along the scroll axis given before the first `prepare()` (``seedFittedExtents(_:)``).
    private var seededExtents: [ElementPath: Double]?

    /// The first of the layout's own sizes, spacings and insets that the flow engine cannot lay out (a size or a
    /// spacing that is not finite and non-negative, an inset that is not finite; ``automaticSize`` is an estimate),
    /// or `nil`: what a UIKit family's `problem(for:)` reports, so that the harness refuses the workload in one line
    /// rather than stopping in the engine's first pass. The delegate's own answers are the data source's (the
    /// harness's content, checked there).
    package var unsupportedFeature: UIKitUnsupportedFeature? {
        func size(_ name: String, _ size: CGSize) -> UIKitUnsupportedFeature? {
            size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0 ? nil
                : UIKitUnsupportedFeature("\(name) \(size)", reason: "sizes must be finite and non-negative",
                                          guide: "Guides/UIKitLayouts.md")
        }
        func length(_ name: String, _ value: CGFloat) -> UIKitUnsupportedFeature? {
            value.isFinite && value >= 0 ? nil
                : UIKitUnsupportedFeature("\(name) \(value)", reason: "spacings must be finite and non-negative",
                                          guide: "Guides/UIKitLayouts.md")
        }
        let insets = [sectionInset.top, sectionInset.left, sectionInset.bottom, sectionInset.right]
        return size("itemSize", itemSize)
            ?? (estimatedItemSize == Self.automaticSize ? nil : size("estimatedItemSize", estimatedItemSize))
            ?? size("headerReferenceSize", headerReferenceSize) ?? size("footerReferenceSize", footerReferenceSize)
            ?? length("minimumLineSpacing", minimumLineSpacing)
            ?? length("minimumInteritemSpacing", minimumInteritemSpacing)
            ?? (insets.allSatisfy(\.isFinite) ? nil
                : UIKitUnsupportedFeature("sectionInset \(sectionInset)", reason: "insets must be finite",
                                          guide: "Guides/UIKitLayouts.md"))
    }

    /// Whether items size themselves: ``estimatedItemSize`` is not zero.
    package override var estimatesItemSizes: Bool { estimatedItemSize != .zero }

    /// A vertical flow of 50 x 50 items with spacings of 10, as UIKit's.
    public override init() { super.init() }

    /// No coder is read.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    private func configurationChanged() {
        engineNeedsRebuild = true
        invalidateLayout()
    }

    // MARK: Engine

    /// The engine's configuration: this layout's properties, the delegate's sizes and metrics.
    private var configuration: FlowConfiguration {
        // The delegate is asked on every rebuild (it may be set or replaced after the layout is installed); without
        // a flow delegate the providers answer this layout's own properties.
        let sizing: FlowItemSizing = .provider(DelegateSizes(layout: self, estimate: estimatedItemSize))
        let metrics: any FlowMetricsProvider = DelegateMetrics(layout: self)
        let pinning: FlowHeaderPinning = sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
            ? .visibleBounds(headers: sectionHeadersPinToVisibleBounds, footers: sectionFootersPinToVisibleBounds)
            : .none
        return FlowConfiguration(scrollDirection: scrollDirection == .vertical ? .vertical : .horizontal,
                                 itemSizing: sizing, metrics: metrics, alignment: .justified, pinning: pinning)
    }

    private var ownMetrics: FlowSectionMetrics {
        FlowSectionMetrics(sectionInset: EdgeInsets(sectionInset), minimumLineSpacing: Double(minimumLineSpacing),
                           minimumInteritemSpacing: Double(minimumInteritemSpacing),
                           headerReferenceSize: Size(headerReferenceSize),
                           footerReferenceSize: Size(footerReferenceSize))
    }

    /// The collection view's state as the engine reads it.
    private var state: CollectionViewState? {
        guard let collectionView else { return nil }
        return CollectionViewState(bounds: Rect(collectionView.bounds), counts: collectionView.counts)
    }

    /// The collection view's extent across the scroll axis: the width of `bounds` when vertical.
    private func crossExtent(of bounds: Rect) -> CGFloat {
        CGFloat(scrollDirection == .vertical ? bounds.size.width : bounds.size.height)
    }

    /// The bytes the engine's arrays hold.
    package var engineBytes: Int { engine?.attributeBytes ?? 0 }

    // MARK: UICollectionViewLayout

    /// Lays out every line when the last invalidation asked for it (counts, metrics, flow attributes, named items
    /// or a property change), re-places pinned headers and footers after a scroll.
    ///
    /// - Complexity: O(n + sections) after a rebuild; O(log sections + pinned elements) after a scroll.
    open override func prepare() {
        super.prepare()
        lastEngineWork = .none
        guard let state else { return }
        if let seeded = seededExtents, estimatesItemSizes {
            // After a subclass's own prepare() has set its estimate for this width: the seeds take its other extent.
            seededExtents = nil
            // Across the scroll axis, the width (height) the cell was proposed and kept: the estimate's, or under
            // `automaticSize` the item's own size from the delegate (or `itemSize`), which is its estimate there.
            let automatic = estimatedItemSize == Self.automaticSize
            let estimate = Size(estimatedItemSize)
            for (path, extent) in seeded {
                let across = automatic ? delegateSize(at: path) : estimate
                fittedSizes[path] = scrollDirection == .vertical ? Size(width: across.width, height: extent)
                    : Size(width: extent, height: across.height)
            }
            fittedCounts = state.counts
            fittedCrossExtent = crossExtent(of: state.bounds)
            engineNeedsRebuild = true
        }
        if countsMayHaveChanged {
            countsMayHaveChanged = false
            if !fittedSizes.isEmpty && fittedCounts != state.counts { fittedSizes.removeAll() }
        }
        if !fittedSizes.isEmpty, let fitted = fittedCrossExtent, fitted != crossExtent(of: state.bounds) {
            // A new width (a rotation): every cell fits again at it, as the visible ones are asked to (rule U18).
            fittedSizes.removeAll()
            engineNeedsRebuild = true
        }
        if engineNeedsRebuild || engine == nil {
            engine = FlowLayout(configuration)
            engineNeedsRebuild = false
            engineContext = InvalidationContext()
        } else if let engine {
            engine.invalidate(with: engineContext)
            engineContext = InvalidationContext()
        }
        lastEngineWork = engine?.prepare(in: state) ?? .none
    }

    open override var collectionViewContentSize: CGSize { engineContentSize }

    /// The engine's elements in `rect` by CoreGraphics' rule (an element that only touches `rect` is not in it), as
    /// objects of `layoutAttributesClass` kept from query to query: an element answered again answers the same
    /// object, its values written afresh, so a subclass that changes them without copying gets the layout's values
    /// back (Guides/UIKitCompositional.md, "Attributes objects kept across frames").
    ///
    /// - Complexity: O(log sections + log lines + k) for k elements; an allocation only for an element that enters
    ///   with no object to reuse.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        engineElements(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        engineItem(at: indexPath)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        let kind: ElementKind?
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: kind = ElementKind.sectionHeader
        case UICollectionView.elementKindSectionFooter: kind = ElementKind.sectionFooter
        default: kind = nil
        }
        return engineSupplementary(ofKind: kind, at: indexPath)
    }

    /// A change of width (height when horizontal) always invalidates; with pinned headers or footers any bounds
    /// change does.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let old = collectionView.bounds
        let crossChanges = scrollDirection == .vertical ? newBounds.width != old.width : newBounds.height != old.height
        return crossChanges || ((sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds)
            && newBounds != old)
    }

    /// A flow context whose flags are set only when the extent across the scroll axis changes; with pinned headers
    /// or footers it also asks for them to be re-placed.
    open override func invalidationContext(forBoundsChange newBounds: CGRect)
        -> UICollectionViewLayoutInvalidationContext
    {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext, let collectionView {
            let old = collectionView.bounds
            let crossChanges = scrollDirection == .vertical ? newBounds.width != old.width
                : newBounds.height != old.height
            flow.invalidateFlowLayoutDelegateMetrics = crossChanges
            flow.invalidateFlowLayoutAttributes = crossChanges
            flow.invalidatesPinnedElements = sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
        }
        return context
    }

    // MARK: Self-sizing

    /// Whether a cell's preferred attributes invalidate the layout (rule U17): while ``estimatedItemSize`` is not
    /// zero, when the preferred size of a cell differs from the original's; `false` otherwise, and for
    /// supplementary and decoration views (a flow layout's headers and footers take their reference sizes).
    ///
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        guard estimatesItemSizes, originalAttributes.representedElementCategory == .cell else { return false }
        return preferredAttributes.size != originalAttributes.size
    }

    /// The context that takes a cell's preferred size (rule U17): a ``UICollectionViewFlowLayoutInvalidationContext``
    /// (of ``invalidationContextClass``) naming the item, neither flag set, with a `contentSizeAdjustment` of the
    /// size's change along the scroll axis (0 across it) and no offset adjustment. While ``estimatedItemSize`` is
    /// not zero the preferred size is recorded here, as the item's size from the next `prepare()` on: a subclass
    /// that overrides this calls `super`, as it must for `invalidateLayout(with:)`.
    ///
    /// - Complexity: O(1) amortised; the next `prepare()` lays out every line again.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        let preferred = preferredAttributes.size
        let original = originalAttributes.size
        context.contentSizeAdjustment = scrollDirection == .vertical
            ? CGSize(width: 0, height: preferred.height - original.height)
            : CGSize(width: preferred.width - original.width, height: 0)
        let path = originalAttributes.indexPath
        if estimatesItemSizes, originalAttributes.representedElementCategory == .cell, path.count == 2 {
            fittedSizes[ElementPath(path)] = Size(preferred)
            fittedCounts = collectionView?.counts
            fittedCrossExtent = collectionView.map { crossExtent(of: Rect($0.bounds)) }
        }
        return context
    }

    /// Makes this layout one that has already fitted `extents` (along the scroll axis, by item; across it the
    /// estimate's extent, as the harness's cells keep the width proposed): the harness's reference for self-sizing
    /// content (`makeLayout(for:resolved:)`). Taken at the next `prepare()`, after a subclass's own `prepare()` has
    /// set its estimate. Not UIKit API.
    ///
    /// - Complexity: O(extents) at the next `prepare()`.
    package func seedFittedExtents(_ extents: [ElementPath: Double]) {
        seededExtents = extents
        invalidateLayout()
    }

    /// Records what the next `prepare()` recomputes, then calls `super`. When the data source's counts are no
    /// longer those the fitted sizes were fitted under, the next `prepare()` drops them (rule U18).
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateDataSourceCounts { countsMayHaveChanged = true }
        let translated = UIKitLayoutBridge.translate(context)
        let flow = context as? UICollectionViewFlowLayoutInvalidationContext
        // A context of another class (UIKit requires a flow context subclass) is taken as invalidating everything.
        let rebuild = context.invalidateEverything || context.invalidateDataSourceCounts || flow == nil
            || flow?.invalidateFlowLayoutDelegateMetrics == true || flow?.invalidateFlowLayoutAttributes == true
            || !(context.invalidatedItemIndexPaths ?? []).isEmpty
        engineContext.invalidateEverything = engineContext.invalidateEverything || rebuild
        engineContext.invalidateDataSourceCounts = engineContext.invalidateDataSourceCounts
            || context.invalidateDataSourceCounts
        engineContext.invalidatePinnedElements = engineContext.invalidatePinnedElements
            || translated.invalidatePinnedElements || !translated.invalidatedSupplementaryPaths.isEmpty
        super.invalidateLayout(with: context)
    }

    // MARK: Engine-backed

    /// This layout: its answers are the flow engine's.
    package override var engineBacked: (any EngineBackedLayout)? { self }

    /// The engine's work at the last `prepare()`, size queries included (the engine asks the delegate itself).
    package var engineWorkForHost: PreparationWork { lastEngineWork }

    /// UIKit's header or footer kind (the only supplementary kinds of the flow engine).
    package func elementKindString(of attributes: LayoutAttributes) -> String? {
        ElementKindNames.string(for: attributes.kind)
    }

    /// Whether headers (footers) pin to the visible bounds, for UIKit's header (footer) kind; in every section.
    package func pinsSupplementary(ofKind kind: String, inSection section: Int) -> Bool {
        (sectionHeadersPinToVisibleBounds && kind == UICollectionView.elementKindSectionHeader)
            || (sectionFootersPinToVisibleBounds && kind == UICollectionView.elementKindSectionFooter)
    }

    // MARK: Delegate

    /// The size of each item: while ``estimatedItemSize`` is not zero, the size its cell preferred, else the
    /// estimate (the delegate's size under ``automaticSize``); otherwise the delegate's `sizeForItemAt` (whose
    /// default is ``itemSize``).
    private struct DelegateSizes: GridSizeProvider, @unchecked Sendable {
        unowned let layout: UICollectionViewFlowLayout
        /// ``estimatedItemSize`` when the engine was built (a new estimate rebuilds it).
        let estimate: CGSize

        func size(row: Int, column: Int) -> Size {
            if estimate != .zero {
                if let fitted = layout.fittedSizes[ElementPath(section: row, item: column)] { return fitted }
                if estimate != UICollectionViewFlowLayout.automaticSize { return Size(estimate) }
            }
            return layout.delegateSize(at: ElementPath(section: row, item: column))
        }
    }

    /// The delegate's `sizeForItemAt` for the item, or ``itemSize`` without a flow delegate.
    private func delegateSize(at path: ElementPath) -> Size {
        guard let collectionView,
              let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        else { return Size(itemSize) }
        return Size(delegate.collectionView(collectionView, layout: self,
                                            sizeForItemAt: IndexPath(item: path.item, section: path.section)))
    }

    /// The delegate's metrics of each section (whose defaults are the layout's properties).
    private struct DelegateMetrics: FlowMetricsProvider, @unchecked Sendable {
        unowned let layout: UICollectionViewFlowLayout

        func metrics(forSection section: Int) -> FlowSectionMetrics {
            guard let collectionView = layout.collectionView,
                  let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
            else { return layout.ownMetrics }
            return FlowSectionMetrics(
                sectionInset: EdgeInsets(delegate.collectionView(collectionView, layout: layout,
                                                                 insetForSectionAt: section)),
                minimumLineSpacing: Double(delegate.collectionView(collectionView, layout: layout,
                                                                   minimumLineSpacingForSectionAt: section)),
                minimumInteritemSpacing: Double(delegate.collectionView(collectionView, layout: layout,
                                                                        minimumInteritemSpacingForSectionAt: section)),
                headerReferenceSize: Size(delegate.collectionView(collectionView, layout: layout,
                                                                  referenceSizeForHeaderInSection: section)),
                footerReferenceSize: Size(delegate.collectionView(collectionView, layout: layout,
                                                                  referenceSizeForFooterInSection: section)))
        }
    }
}
