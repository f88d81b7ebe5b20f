import LayoutModel

/// Self-sizing: the preferred-attributes pair of issue 26's host sequence (`Guides/Updates.md`, "Self-sizing"), each
/// resolution taken at once in O(items a group + log groups + log S).
extension IncrementalSelfSizingCompositionalLayout {
    /// Whether the cell has an estimated height (E1) and its fitted height differs from the one proposed.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool {
        guard original.kind == .cell, isEstimated(original.path) else { return false }
        var proposed = original
        if let own = uniformOwnHeight(original.path) { proposed.frame.size.height = own }  // E7: its own, not its row's
        return FlowSelfSizingRule.differs(preferred, from: proposed, vertical: true)
    }

    /// Takes the fitted height at once (its group's change in the section's group tree, the section's extent in
    /// the section tree, so that the next cell of the pass sees it) and answers a context naming the item, with the
    /// content size's change (its group's) and, under ``resizeAnchoring`` `top` or `bottom` when the group starts
    /// above the bounds, the same change as the offset's adjustment: what was on screen stays in place.
    ///
    /// - Complexity: O(items a group + log groups + log S), no allocation.
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        let path = original.path
        guard original.kind == .cell, isEstimated(path) else { return InvalidationContext() }
        let (change, groupStart) = resolve(path, height: FlowSelfSizingRule.fittedExtent(preferred, vertical: true))
        namedItem[0] = path
        var context = InvalidationContext(invalidatedItemPaths: namedItem)
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: change, lineStart: groupStart, vertical: true, anchoring: resizeAnchoring, bounds: state.bounds)
        return context
    }

    /// Takes `height` as the fitted height of the item at `path` (an estimated item), and answers by how much its
    /// group's height changed and where the group started before. The section's extent and the content size follow.
    ///
    /// - Complexity: O(items a group + log groups + log S).
    func resolve(_ path: ElementPath, height: Double) -> (change: Double, groupStart: Double) {
        let section = path.section
        let template = Int(sectionTemplates[section])
        let group = path.item / table.templates[template].itemsPerGroup
        let record = record(section)
        let start = groupTop(section, group: group, contentStart: record.contentStart,
                             pitch: estimates[template].pitch)
        let change = setGroup(of: path, height: height)
        guard change != 0 else { return (0, start) }
        tree.set(section, extent: leaf(section), widest: 0)
        updateContentSize()
        return (change, start)
    }

    /// Records the item's fitted height and its group's new height in the group trees only; answers the group's
    /// change.
    ///
    /// - Complexity: O(items a group + log groups).
    func setGroup(of path: ElementPath, height: Double) -> Double {
        let section = path.section
        let templateIndex = Int(sectionTemplates[section])
        let template = table.templates[templateIndex]
        let sizing = table.sizings[templateIndex]
        let perGroup = template.itemsPerGroup
        let group = path.item / perGroup
        let base = baseInner(section, group: group, template, sizing)
        let before = base + groups.delta(section, line: group)
        var after = height
        if perGroup > 1 {
            groups.setItemExtent(height, section: section, item: path.item)
            let first = group * perGroup, end = Swift.min(itemCounts[section], first + perGroup)
            var inner = -Double.infinity
            for item in first..<end {
                switch table.slotHeights[template.firstSlot + item - first] {
                case let .estimated(estimate), let .uniform(estimate):
                    inner = Swift.max(inner, groups.itemExtent(section, item: item) ?? estimate)
                case let .fixed(outer): inner = Swift.max(inner, outer)
                case .fractionOfGroup: break
                }
            }
            after = inner == -.infinity ? sizing.estimatedInner : inner
        }
        guard after != before else { return 0 }
        groups.setDelta(after - base, section: section, line: group)
        return after - before
    }
}
