import LayoutModel

/// Self-sizing: the `incremental` strategy of issue 26 (`Guides/Updates.md`, "Self-sizing").
///
/// Items start at the estimate: the lines hold ``FlowEstimatedSize/itemsPerLine`` items each and are laid out in
/// closed form, as with a uniform `itemSize`. A cell's fitted extent changes only its line's extent (the line's
/// tallest item), kept in the section's tree of ``FlowLineTrees``, then the section's extent in the ``OffsetTree``:
/// O(itemsPerLine + log lines + log sections) a resolution, no allocation, nothing shifted. A line's offset is a
/// prefix sum of its section's tree, so the rect query stays O(log S + log lines + k) (each line found or placed in
/// O(log lines)).
extension IncrementalFlowLayout: SelfSizingLayout {
    /// The estimated size at the current cross extent, as (width, height) on screen.
    func estimatedSize(_ estimated: FlowEstimatedSize) -> Size {
        let metrics = configuration.metrics.metrics(forSection: 0)
        let inset = metrics.sectionInset
        let available = crossExtent - (isVertical ? inset.left + inset.right : inset.top + inset.bottom)
        let across = estimated.itemWidth(available: available, spacing: metrics.minimumInteritemSpacing)
        return isVertical ? Size(width: across, height: estimated.extent) : Size(width: estimated.extent, height: across)
    }

    /// Maps empty trees for the sections just built, then takes the fitted extents the layout was created knowing;
    /// the caller then builds the section tree. Answers the number of sizes taken.
    ///
    /// - Complexity: O(S + known sizes × (itemsPerLine + log lines)); the trees' pages are mapped, not written.
    func buildLineTrees() -> Int {
        let perLine = estimated?.itemsPerLine ?? 1
        lineTrees = FlowLineTrees(lineCounts: sections.map(\.lineCount), itemCounts: sections.map(\.count),
                                  keepsItems: perLine > 1)
        guard let knownSizes else { return 0 }
        var taken = 0
        for (path, extent) in knownSizes.extents {
            guard path.section >= 0, path.section < sections.count, path.item >= 0,
                  path.item < sections[path.section].count, extent >= 0, extent < .infinity
            else { continue }
            if setLine(of: path, extent: extent).change != 0 { layOut(path.section) }
            taken += 1
        }
        return taken
    }

    /// Takes `extent` as the fitted extent of the item at `path` (a valid item), and answers by how much its line's
    /// extent changed and where the line started before. The section's extent and the content size follow.
    ///
    /// - Complexity: O(itemsPerLine + log lines + log S).
    func resolve(_ path: ElementPath, extent: Double) -> (change: Double, lineStart: Double) {
        let section = path.section
        let (change, lineStart) = setLine(of: path, extent: extent)
        guard change != 0 else { return (0, lineStart) }
        layOut(section)
        tree.set(section, extent: sections[section].extent, widest: widest(of: section))
        updateContentSize()
        return (change, lineStart)
    }

    /// Records the item's fitted extent and its line's new extent in the line trees only; answers the line's change
    /// and where the line started before, relative to its section.
    ///
    /// - Complexity: O(itemsPerLine + log lines).
    private func setLine(of path: ElementPath, extent: Double) -> (change: Double, lineStart: Double) {
        let section = path.section
        let record = sections[section]
        let line = path.item / record.perLine
        let before = record.across + lineTrees!.delta(section, line: line)
        let lineStart = tree.count == sections.count ? tree.prefix(section) : 0
        let start = lineStart + (record.firstLine + Double(line) * record.pitch + lineTrees!.prefix(section, line: line))
        var after = extent
        if record.perLine > 1 {
            lineTrees!.setItemExtent(extent, section: section, item: path.item)
            let first = line * record.perLine, end = Swift.min(record.count, first + record.perLine)
            after = 0
            for item in first..<end { after = Swift.max(after, lineTrees!.itemExtent(section, item: item) ?? record.across) }
        }
        guard after != before else { return (0, start) }
        lineTrees!.setDelta(after - record.across, section: section, line: line)
        return (after - before, start)
    }

    /// Whether the fitted extent along the scroll axis differs from the one proposed; only a self-sizing layout's
    /// cells are taken (the extent across is the layout's, which cells keep).
    ///
    /// - Complexity: O(1).
    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes,
                                       in state: CollectionViewState) -> Bool {
        estimated != nil && FlowSelfSizingRule.differs(preferred, from: original, vertical: isVertical)
    }

    /// Takes the fitted extent at once (so that the next cell of the pass sees it) and answers a context naming the
    /// item, with the content size's change and, under ``resizeAnchoring`` `top` or `bottom` when the item's line
    /// starts above the bounds, the same change as the offset's adjustment: what was on screen stays in place.
    ///
    /// - Complexity: O(itemsPerLine + log lines + log S), no allocation.
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes,
                                    in state: CollectionViewState) -> InvalidationContext {
        let path = original.path
        guard estimated != nil, original.kind == .cell, path.section >= 0, path.section < sections.count,
              path.item >= 0, path.item < sections[path.section].count
        else { return InvalidationContext() }
        let (change, lineStart) = resolve(path, extent: FlowSelfSizingRule.fittedExtent(preferred, vertical: isVertical))
        namedItem[0] = path
        var context = InvalidationContext(invalidatedItemPaths: namedItem)
        (context.contentSizeAdjustment, context.contentOffsetAdjustment) = FlowSelfSizingRule.adjustments(
            change: change, lineStart: lineStart, vertical: isVertical, anchoring: resizeAnchoring, bounds: state.bounds)
        return context
    }
}
