import LayoutModel

/// Self-sizing: the preferred-attributes pair of issue 26's host sequence (`Guides/Updates.md`, "Self-sizing").
extension SelfSizingCompositionalLayout {
    /// Whether the cell has an estimated height (E1) and its fitted height differs from the one proposed.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool {
        guard original.kind == .cell, estimatedIndex(of: original.path) != nil else { return false }
        var proposed = original
        if let own = uniformOwnHeight(original.path) { proposed.frame.size.height = own }  // E7: its own, not its row's
        return FlowSelfSizingRule.differs(preferred, from: proposed, vertical: true)
    }

    /// Records the fitted height at once (so that the next cell of the pass sees it) and answers a context naming
    /// the item, with the content size's change (its group's) and, under ``resizeAnchoring`` `top` or `bottom` when
    /// the group starts above the bounds, the same change as the offset's adjustment.
    ///
    /// - Complexity: O(items a group + resolutions since the last `prepare()`).
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        let path = original.path
        guard original.kind == .cell, let at = estimatedIndex(of: path) else { return InvalidationContext() }
        let section = sections[path.section]
        let template = table.templates[Int(section.template)]
        let sizing = table.sizings[Int(section.template)]
        let group = path.item / template.itemsPerGroup
        let before = innerHeight(path.section, group: group, template, sizing)
        heights[at] = FlowSelfSizingRule.fittedExtent(preferred, vertical: true)
        let change = innerHeight(path.section, group: group, template, sizing) - before
        // Where the group starts now: where the last prepare put it, moved by this pass's changes above it.
        var groupStart = groupTops[firstGroup[path.section] + group]
        for earlier in pending where (earlier.section, earlier.group) < (path.section, group) {
            groupStart += earlier.change
        }
        pending.append((path.section, group, change))
        namedItem[0] = path
        var context = InvalidationContext(invalidatedItemPaths: namedItem)
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: change, lineStart: groupStart, vertical: true, anchoring: resizeAnchoring, bounds: state.bounds)
        return context
    }
}
