import LayoutModel

/// Self-sizing: the preferred-attributes pair of issue 26's host sequence (`Guides/Updates.md`, "Self-sizing").
extension SelfSizingCompositionalLayout {
    /// Whether the cell has an estimated height (E1), or the header or footer an estimated one (E8), and its fitted
    /// height differs from the one proposed (a header's or footer's: from its height now).
    ///
    /// - Complexity: O(1).
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool {
        guard original.kind == .cell else {
            if let layoutWide, let which = layoutWide.fitted(original) { return layoutWide.differs(preferred, which) }
            guard let (boundary, template) = fittedBoundary(original) else { return false }
            return CompositionalBoundaryRule.differs(preferred, current: boundaries.height(boundary, template))
        }
        guard estimatedIndex(of: original.path) != nil else { return false }
        var proposed = original
        if let own = uniformOwnHeight(original.path) { proposed.frame.size.height = own }  // E7: its own, not its row's
        return FlowSelfSizingRule.differs(preferred, from: proposed, vertical: true)
    }

    /// Records the fitted height at once (so that the next cell of the pass sees it) and answers a context naming
    /// the item, with the content size's change (its group's) and, under ``resizeAnchoring`` `top` or `bottom` when
    /// the group starts above the bounds, the same change as the offset's adjustment.
    ///
    /// A header or footer of estimated height (E8) is taken alike: its height recorded, a context naming it
    /// (`invalidateSupplementaryElements(ofKind:at:)`) with its change, and under `top` or `bottom` the offset's
    /// when it starts above the bounds; the next `prepare()` lays the sections out again.
    ///
    /// - Complexity: O(items a group + resolutions since the last `prepare()`).
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        let path = original.path
        guard original.kind == .cell else {
            if let layoutWide, let which = layoutWide.fitted(original) {
                return layoutWideContext(layoutWide, which, preferred, state)
            }
            return boundaryContext(preferred, original, state)
        }
        guard let at = estimatedIndex(of: path) else { return InvalidationContext() }
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
        if !badges.isEmpty {
            nameBadges(ofItem: path, section: path.section, groupChanged: change != 0, sectionChanged: change != 0,
                       in: &context)
        }
        return context
    }
}

/// Self-sizing headers and footers (E8).
extension SelfSizingCompositionalLayout {
    /// The header or footer `attributes` names when its template fits it, with the template.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func fittedBoundary(_ attributes: LayoutAttributes)
        -> (CompositionalFittedBoundary, CompositionalSectionTemplate)?
    {
        let section = attributes.path.section
        guard section >= 0, section < sections.count else { return nil }
        let template = table.templates[Int(sections[section].template)]
        return boundaries.fitted(attributes, template).map { ($0, template) }
    }

    /// Records a header's or footer's fitted height and answers its context: the element named, the content size's
    /// change (the height's), the offset's under ``resizeAnchoring`` when it starts above the bounds. Where it starts
    /// counts this pass's earlier resolutions above it (a header is before its section's groups, a footer after).
    ///
    /// - Complexity: O(resolutions since the last `prepare()`).
    func boundaryContext(_ preferred: LayoutAttributes, _ original: LayoutAttributes,
                         _ state: CollectionViewState) -> InvalidationContext {
        guard let (boundary, template) = fittedBoundary(original) else { return InvalidationContext() }
        let before = boundaries.height(boundary, template)
        boundaries.values[boundary.slot] = FlowSelfSizingRule.fittedExtent(preferred, vertical: true)
        let change = boundaries.height(boundary, template) - before
        let section = boundary.section, group = boundary.isHeader ? -1 : Int.max
        var start = boundary.isHeader ? sections[section].start : sections[section].bodyEnd
        for earlier in pending where (earlier.section, earlier.group) < (section, group) { start += earlier.change }
        pending.append((section, group, change))
        preparation.requireRebuild()  // a named supplementary element alone would only re-pin
        var context = InvalidationContext(invalidatedSupplementaryPaths: namedBoundary.naming(boundary))
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: change, lineStart: start, vertical: true, anchoring: resizeAnchoring, bounds: state.bounds)
        if !badges.isEmpty {
            nameBadges(ofItem: nil, section: section, groupChanged: false, sectionChanged: change != 0, in: &context)
        }
        return context
    }
}
