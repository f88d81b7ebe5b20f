import LayoutModel

/// Self-sizing: the preferred-attributes pair of issue 26's host sequence (`Guides/Updates.md`, "Self-sizing"), each
/// resolution taken at once in O(items a group + log groups + log S).
extension IncrementalSelfSizingCompositionalLayout {
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
        guard isEstimated(original.path) else { return false }
        var proposed = original
        if let own = uniformOwnHeight(original.path) { proposed.frame.size.height = own }  // E7: its own, not its row's
        return FlowSelfSizingRule.differs(preferred, from: proposed, vertical: true)
    }

    /// Takes the fitted height at once (its group's change in the section's group tree, the section's extent in
    /// the section tree, so that the next cell of the pass sees it) and answers a context naming the item, with the
    /// content size's change (its group's) and, under ``resizeAnchoring`` `top` or `bottom` when the group starts
    /// above the bounds, the same change as the offset's adjustment: what was on screen stays in place. A header or
    /// footer of estimated height (E8) is taken alike, its section's extent in the section tree, its context naming
    /// it (`invalidateSupplementaryElements(ofKind:at:)`).
    ///
    /// - Complexity: O(items a group + log groups + log S), no allocation.
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
        guard isEstimated(path) else { return InvalidationContext() }
        let (change, groupStart) = resolve(path, height: FlowSelfSizingRule.fittedExtent(preferred, vertical: true))
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

/// Self-sizing headers and footers (E8).
extension IncrementalSelfSizingCompositionalLayout {
    /// The header or footer `attributes` names when its template fits it, with the template.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func fittedBoundary(_ attributes: LayoutAttributes)
        -> (CompositionalFittedBoundary, CompositionalSectionTemplate)?
    {
        let section = attributes.path.section
        guard section >= 0, section < itemCounts.count else { return nil }
        let template = table.templates[Int(sectionTemplates[section])]
        return boundaries.fitted(attributes, template).map { ($0, template) }
    }

    /// Takes a header's or footer's fitted height at once (its section's extent in the section tree, so that the
    /// next element of the pass sees it) and answers its context: the element named, the content size's change (the
    /// height's), the offset's under ``resizeAnchoring`` when it starts above the bounds.
    ///
    /// - Complexity: O(log S), no allocation.
    func boundaryContext(_ preferred: LayoutAttributes, _ original: LayoutAttributes,
                         _ state: CollectionViewState) -> InvalidationContext {
        guard let (boundary, template) = fittedBoundary(original) else { return InvalidationContext() }
        let (change, start) = resolve(boundary, template, height: FlowSelfSizingRule.fittedExtent(preferred,
                                                                                                  vertical: true))
        var context = InvalidationContext(invalidatedSupplementaryPaths: namedBoundary.naming(boundary))
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: change, lineStart: start, vertical: true, anchoring: resizeAnchoring, bounds: state.bounds)
        if !badges.isEmpty {
            nameBadges(ofItem: nil, section: boundary.section, groupChanged: false, sectionChanged: change != 0,
                       in: &context)
        }
        return context
    }

    /// Takes `height` as `boundary`'s fitted height, and answers by how much it changed and where it started
    /// before. The section's extent and the content size follow.
    ///
    /// - Complexity: O(log S).
    func resolve(_ boundary: CompositionalFittedBoundary, _ template: CompositionalSectionTemplate,
                 height: Double) -> (change: Double, start: Double) {
        let section = boundary.section
        let record = record(section)
        let before = boundaries.height(boundary, template)
        boundaries.values[boundary.slot] = height
        let change = boundaries.height(boundary, template) - before
        let start = boundary.isHeader ? record.start : record.bodyEnd
        guard change != 0 else { return (0, start) }
        tree.set(section, extent: leaf(section), widest: 0)
        updateContentSize()
        return (change, start)
    }
}
