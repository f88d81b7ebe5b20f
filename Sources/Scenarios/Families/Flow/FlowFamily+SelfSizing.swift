import LayoutModel
import Layouts

extension FlowFamily {
    /// Vertical flows resolve self-sizing items (their metrics are uniform, and the global header is another family).
    public func supportsSelfSizing(for content: ContentSpec) -> Bool { options.scrollDirection == .vertical }

    /// The incremental self-sizing layout of `content` told the fitted sizes `resolved`; `nil` for content with
    /// final sizes or a flow the family cannot make self-sizing.
    public func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)? {
        guard content.selfSizing != nil, supportsSelfSizing(for: content) else { return nil }
        return selfSizingLayout(for: content, strategy: .incremental, resolved: resolved)
    }

    /// The self-sizing layout of `content` for `strategy`: `incremental` keeps resolved line extents in trees
    /// (O(log n) a resolution), `full` re-prepares everything on each resolution, as a naive custom layout does.
    /// The configuration's item sizing is the estimate's; the metrics are the family's uniform ones.
    func selfSizingLayout(for content: ContentSpec, strategy: UpdateStrategy, resolved: ResolvedItemSizes? = nil)
        -> any SelfSizingLayout
    {
        let estimate = content.selfSizing?.estimate ?? SelfSizingSpec().estimate
        var configuration = options.configuration(for: content, alignment: alignment)
        configuration.itemSizing = .uniform(Size(width: 1, height: estimate.extent))
        // Until the lead's `IncrementalFlowLayout(_:estimated:resolved:)` and `SelfSizingFlowLayout(_:estimated:
        // resolved:)` land, both strategies build the re-preparing stand-in below; see `_PendingSelfSizingFlowLayout`.
        _ = strategy
        return _PendingSelfSizingFlowLayout(configuration, estimated: estimate, resolved: resolved)
    }
}

/// A stand-in for the self-sizing flow layouts being written in `Layouts` (issue 26), with their initialiser: a
/// ``Layouts/FlowLayout`` whose sizes come from a resolved record, re-prepared in full after every resolution and
/// width change. It exists so that the harness builds and its tests run before those layouts land; it is replaced
/// by them in ``FlowFamily/selfSizingLayout(for:strategy:resolved:)`` and then deleted.
final class _PendingSelfSizingFlowLayout: SelfSizingLayout {
    /// The sizes the base asks for: the item width for the current bounds, and the resolved or estimated height.
    final class Sizes: GridSizeProvider, @unchecked Sendable {
        var width = 1.0
        let estimate: FlowEstimatedSize
        let resolved: ResolvedItemSizes
        init(estimate: FlowEstimatedSize, resolved: ResolvedItemSizes) {
            self.estimate = estimate
            self.resolved = resolved
        }
        func size(row: Int, column: Int) -> Size {
            Size(width: width, height: resolved.extents[ElementPath(section: row, item: column)] ?? estimate.extent)
        }
    }

    let base: FlowLayout
    let sizes: Sizes
    let metrics: FlowSectionMetrics
    var resizeAnchoring: ScrollAnchoring = .none
    private var needsRebuild = false

    init(_ configuration: FlowConfiguration, estimated: FlowEstimatedSize, resolved: ResolvedItemSizes?) {
        sizes = Sizes(estimate: estimated, resolved: resolved?.snapshot() ?? ResolvedItemSizes())
        metrics = configuration.metrics.metrics(forSection: 0)
        var configuration = configuration
        configuration.itemSizing = .provider(sizes)
        base = FlowLayout(configuration)
    }

    private func itemWidth(for bounds: Rect) -> Double {
        sizes.estimate.itemWidth(available: bounds.size.width - metrics.sectionInset.left - metrics.sectionInset.right,
                                 spacing: metrics.minimumInteritemSpacing)
    }

    func prepare(in state: CollectionViewState) -> PreparationWork {
        let width = itemWidth(for: state.bounds)
        if width != sizes.width || needsRebuild {
            sizes.width = width
            needsRebuild = false
            base.invalidate(with: .everything)
        }
        return base.prepare(in: state)
    }

    var contentSize: Size { base.contentSize }

    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        base.attributesForElements(in: rect, into: &buffer)
    }

    func attributesForItem(at path: ElementPath) -> LayoutAttributes? { base.attributesForItem(at: path) }

    func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        base.attributesForSupplementaryElement(ofKind: kind, at: path)
    }

    func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        itemWidth(for: newBounds) != sizes.width || base.shouldInvalidate(forBoundsChange: newBounds, in: state)
    }

    func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> InvalidationContext {
        guard itemWidth(for: newBounds) != sizes.width else {
            return base.invalidationContext(forBoundsChange: newBounds, in: state)
        }
        return InvalidationContext(invalidateEverything: true, invalidateDelegateMetrics: true)
    }

    func willInvalidate(in state: CollectionViewState) { base.willInvalidate(in: state) }

    func invalidate(with context: InvalidationContext) {
        if !context.invalidatedItemPaths.isEmpty || context.invalidateEverything { needsRebuild = true }
        base.invalidate(with: context)
    }

    func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                withOriginalAttributes original: LayoutAttributes,
                                in state: CollectionViewState) -> Bool {
        preferred.frame.size.height != original.frame.size.height
            || sizes.resolved.extents[original.path] != preferred.frame.size.height
    }

    func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                             withOriginalAttributes original: LayoutAttributes,
                             in state: CollectionViewState) -> InvalidationContext {
        let change = preferred.frame.size.height - original.frame.size.height
        sizes.resolved.extents[original.path] = preferred.frame.size.height
        let above = original.frame.origin.y < state.bounds.origin.y
        let adjust = resizeAnchoring != .none && above && sizes.estimate.itemsPerLine == 1
        return InvalidationContext(invalidatedItemPaths: [original.path],
                                   contentOffsetAdjustment: Point(x: 0, y: adjust ? change : 0),
                                   contentSizeAdjustment: Size(width: 0, height: sizes.estimate.itemsPerLine == 1
                                                                   ? change : 0))
    }

    var queryVariants: [QueryVariant] { base.queryVariants }
    var referenceVariant: QueryVariant { base.referenceVariant }
    var activeVariant: QueryVariant {
        get { base.activeVariant }
        set { base.activeVariant = newValue }
    }

    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant)
        -> Int
    {
        base.attributesForElements(in: rect, into: &buffer, using: variant)
    }

    var attributeBytes: Int { base.attributeBytes }
    func isPinned(_ attributes: LayoutAttributes) -> Bool { base.isPinned(attributes) }
    var rectContract: RectContract { base.rectContract }
}
