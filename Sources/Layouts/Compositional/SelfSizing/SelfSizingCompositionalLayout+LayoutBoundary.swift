import LayoutModel

/// The layout-wide header and footer (`UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems`,
/// rules G1 to G7 of `Guides/CompositionalLayout.md`), laid out by the `full` strategy: where the sections start,
/// what they end with, and an `.estimated` one's fit (G7), after which the pass lays every section out again.
extension SelfSizingCompositionalLayout {
    /// The layout-wide header and footer: the first item aligned top and the first aligned bottom are laid out
    /// (G1 to G6); one of `.estimated` height is fitted from its view (G7). Empty by default. Setting them
    /// invalidates and forgets their fitted heights (the cells' are kept).
    public var boundaryItems: [CompositionalLayoutBoundaryItem] {
        get { layoutWide?.items ?? [] }
        set {
            guard newValue != boundaryItems else { return }
            layoutWide = newValue.isEmpty ? nil : CompositionalFittedLayoutBoundary(newValue)
            pinsAnything = table.pinsAnything || layoutWide?.pins == true
            layoutWide?.reset(container: preparation.bounds.standardized.size, known: knownSizes)
            preparation.requireRebuild()
        }
    }

    /// Records the fitted height of the layout-wide header or footer `which` and answers its context: the element
    /// named (`invalidateSupplementaryElements(ofKind:at:)`), the content size's change (its change when it extends
    /// the content, else 0: G2), the offset's under ``resizeAnchoring`` when it starts above the bounds. The header is
    /// before every section (its change counts for every later resolution of the pass), the footer after them all
    /// (every earlier resolution of the pass moved it).
    ///
    /// - Complexity: O(resolutions since the last `prepare()`).
    func layoutWideContext(_ boundary: CompositionalFittedLayoutBoundary,
                           _ which: CompositionalFittedLayoutBoundary.Which, _ preferred: LayoutAttributes,
                           _ state: CollectionViewState) -> InvalidationContext {
        var (_, start, moves) = boundary.fit(which, height: FlowSelfSizingRule.fittedExtent(preferred, vertical: true))
        if which == .header {
            pending.append((-1, -1, moves))
        } else {
            for earlier in pending { start += earlier.change }
            pending.append((Int.max, Int.max, moves))
        }
        preparation.requireRebuild()  // a named supplementary element alone would only re-pin
        var context = InvalidationContext(invalidatedSupplementaryPaths: boundary.naming(which))
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: moves, lineStart: start, vertical: true, anchoring: resizeAnchoring, bounds: state.bounds)
        return context
    }
}
