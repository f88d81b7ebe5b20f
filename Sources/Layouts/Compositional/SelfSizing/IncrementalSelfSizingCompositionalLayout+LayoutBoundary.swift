import LayoutModel

/// The layout-wide header and footer (`UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems`,
/// rules G1 to G7 of `Guides/CompositionalLayout.md`), laid out by the `incremental` strategy: the sections start
/// at the header's extent (held in section 0's leaf of the section tree, so a header's fit moves every section in
/// O(log S) and a query pays nothing for it), the footer follows the last section's end.
extension IncrementalSelfSizingCompositionalLayout {
    /// The layout-wide header and footer: the first item aligned top and the first aligned bottom are laid out
    /// (G1 to G6); one of `.estimated` height is fitted from its view (G7). Empty by default. Setting them
    /// invalidates and forgets their fitted heights (the cells' are kept).
    public var boundaryItems: [CompositionalLayoutBoundaryItem] {
        get { layoutWide?.items ?? [] }
        set {
            guard newValue != boundaryItems else { return }
            layoutWide = newValue.isEmpty ? nil : CompositionalFittedLayoutBoundary(newValue)
            pinsAnything = table.pinsAnything || layoutWide?.pins == true
            layoutWide?.reset(container: container, known: knownSizes)
            preparation.requireRebuild()
        }
    }

    /// Takes the fitted height of the layout-wide header or footer `which` at once (the sections' origin or the
    /// content's end, so that the next element of the pass sees it) and answers its context: the element named
    /// (`invalidateSupplementaryElements(ofKind:at:)`), the content size's change (its change when it extends the
    /// content, else 0: G2), the offset's under ``resizeAnchoring`` when it starts above the bounds.
    ///
    /// - Complexity: O(log S) (section 0's leaf, the content's end), no allocation after the first fit of each.
    func layoutWideContext(_ boundary: CompositionalFittedLayoutBoundary,
                           _ which: CompositionalFittedLayoutBoundary.Which, _ preferred: LayoutAttributes,
                           _ state: CollectionViewState) -> InvalidationContext {
        let (_, start, moves) = boundary.fit(which, height: FlowSelfSizingRule.fittedExtent(preferred,
                                                                                          vertical: true))
        if which == .header && moves != 0 && !itemCounts.isEmpty { tree.set(0, extent: leaf(0), widest: 0) }
        updateContentSize()
        var context = InvalidationContext(invalidatedSupplementaryPaths: boundary.naming(which))
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: moves, lineStart: start, vertical: true, anchoring: resizeAnchoring, bounds: state.bounds)
        return context
    }
}
