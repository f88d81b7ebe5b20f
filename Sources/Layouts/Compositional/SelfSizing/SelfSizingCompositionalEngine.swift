import LayoutModel

/// What the two self-sizing compositional strategies (``SelfSizingCompositionalLayout``, `full`, and
/// ``IncrementalSelfSizingCompositionalLayout``, `incremental`) answer alike: they differ only in where a section's
/// record and a group's top come from (an array laid out again each resolving pass, or trees), so every answer that
/// reads only records, templates and item frames is written once, here: the reference query, one item, one
/// header or footer, the pinned elements. Orthogonal sections are the closed-form engines' code
/// (`CompositionalEngine+Orthogonal.swift`): an orthogonal section never self-sizes (E6).
protocol SelfSizingCompositionalEngine: CompositionalBackgroundDrawing {
    /// The resolved distinct sections.
    var table: CompositionalTemplateTable { get }
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    var pinningBounds: Rect { get }
    /// The frame of item `item` of section `index`, placed as `section` (the item placed by a group), where it is
    /// on screen (an orthogonal section's items moved by its offset).
    func frame(_ index: Int, item: Int, _ section: CompositionalSectionRecord) -> Rect
    /// The first section whose bottom is at or below `y` (touching counts), or the section count, with its record
    /// when the search found it on the way (`nil`: ask ``record(_:)``).
    func firstSection(endingAtOrAfter y: Double) -> (index: Int, record: CompositionalSectionRecord?)
    /// The elements in `rect` by the strategy's own index; answers the number of elements tested.
    func appendIndexed(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int
    /// The item, group and section badges, empty when the provider badges nothing
    /// (`SelfSizingCompositionalEngine+Badges.swift`).
    var badges: CompositionalBadgeTable { get }
    /// Whether any section has badges (the one test a query pays without them: a field read, where ``badges``
    /// through the protocol copies the table, +26 instructions a query measured).
    var hasBadges: Bool { get }
    /// Whether the layout has section backgrounds or badges: the one test a query pays without either, set at each
    /// reset (as the closed-form engines' `hasSideElements`).
    var hasSideElements: Bool { get }
    /// The frame of group `group` of self-sizing section `index` (placed as `section`): its top, its fitted height.
    func fittedGroupFrame(_ index: Int, group: Int, _ section: CompositionalSectionRecord) -> Rect
    /// The groups of self-sizing section `index` (placed as `section`) whose frames can meet the y range
    /// `low ... high`; `first > last` when none can.
    func fittedGroups(_ index: Int, _ section: CompositionalSectionRecord, low: Double, high: Double)
        -> (first: Int, last: Int)
    /// The layout-wide header and footer, `nil` without them (G1 to G7).
    var layoutWide: CompositionalFittedLayoutBoundary? { get }
}

extension SelfSizingCompositionalEngine {
    /// The table's templates, for the orthogonal sections' code.
    @inline(__always)
    var resolvedTemplates: [CompositionalSectionTemplate] { table.templates }

    /// The elements in `rect` found with `variant`, behind ``QueryFrontDoor``'s door.
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n + sections); `indexed` the strategy's (O(log sections + log groups + k) for
    ///   `full`, O(log S + log groups × (groups met + 1) + k) for `incremental`); plus the backgrounds' (one test
    ///   when there are none). Inlined into each strategy's query (left to the optimizer, the side elements' test
    ///   made it a call: +26 instructions a query, the gate's self-sizing list).
    @inline(__always)
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int {
        var tested: Int
        switch variant.tag {
        case 0: tested = appendNaive(in: rect, into: &buffer)
        case 1: tested = appendIndexed(in: rect, into: &buffer)
        default: preconditionFailure("\(variant) is not a compositional-layout query variant")
        }
        // One test a query (a layout without them pays it alone): backgrounds, badges, the layout-wide items.
        if hasSideElements {
            tested += appendSideElements(in: rect, exhaustive: variant.tag == 0, into: &buffer)
        }
        return tested
    }

    /// Every element resolved and tested: the reference query.
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: O(n + sections) record and frame reads.
    func appendNaive(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        let bounds = pinningBounds
        for index in 0..<sectionCount {
            let section = record(index)
            let template = table.templates[Int(section.template)]
            tested += template.appendBoundary(index, section, header: true, rect: rect, pinningBounds: bounds,
                                              fitted: true, into: &buffer)
            let placed = Swift.min(section.itemCount, Int(section.groupCount) * template.itemsPerGroup)
            for item in 0..<placed {
                tested += 1
                let frame = frame(index, item: item, section)
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
            tested += template.appendBoundary(index, section, header: false, rect: rect, pinningBounds: bounds,
                                              fitted: true, into: &buffer)
        }
        return tested
    }

    /// The number of pinned headers and footers in the pinning bounds.
    ///
    /// - Complexity: O(the section search + sections in the bounds).
    func pinnedElementCount() -> Int {
        let bounds = pinningBounds
        let edges = bounds.standardizedEdges
        var (index, first) = firstSection(endingAtOrAfter: edges.minY)
        var count = 0
        while index < sectionCount {
            let section = first ?? record(index)
            first = nil
            if section.start > edges.maxY { break }
            let template = table.templates[Int(section.template)]
            if template.headerPinned && template.headerHeight > 0
                && template.headerFrame(section, pinningBounds: bounds, fitted: true).intersects(bounds)
            { count += 1 }
            if template.footerPinned && template.footerHeight > 0
                && template.footerFrame(section, pinningBounds: bounds, fitted: true).intersects(bounds)
            { count += 1 }
            index += 1
        }
        if let layoutWide, layoutWide.pins { count += pinnedLayoutWideCount(layoutWide) }
        return count
    }

    /// The attributes of one item; `nil` for an item no group has room for.
    ///
    /// - Complexity: O(1) in `full` (O(items a group) for a fraction of an estimated group), O(log S + log groups)
    ///   in `incremental`.
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sectionCount, path.item >= 0 else { return nil }
        let section = record(path.section)
        let template = table.templates[Int(section.template)]
        guard path.item < section.itemCount, template.itemsPerGroup > 0,
              path.item < Int(section.groupCount) * template.itemsPerGroup
        else { return nil }
        return LayoutAttributes(frame: frame(path.section, item: path.item, section), path: path)
    }

    /// The header or footer of a section (at item 0), where it is pinned, or an item's, group's or section's badge
    /// on its fitted frame (B5, B9); `nil` when the section has none.
    ///
    /// - Complexity: O(1) in `full`, O(log S) in `incremental`; plus the badges of the section's set when the layout
    ///   has badges.
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        if let layoutWide, let attributes = layoutWide.attributes(ofKind: kind, at: path, bounds: pinningBounds,
                                                                  contentHeight: contentSize.height) {
            return attributes
        }
        guard path.section >= 0, path.section < sectionCount, path.item >= 0 else { return nil }
        if path.item == 0 {
            let template = table.templates[templateIndex(ofSection: path.section)]
            if kind == ElementKind.sectionHeader && template.headerHeight > 0 {
                let section = record(path.section)
                return LayoutAttributes(frame: template.headerFrame(section, pinningBounds: pinningBounds,
                                                                    fitted: true),
                                        path: path, kind: kind, zIndex: template.headerZ)
            }
            if kind == ElementKind.sectionFooter && template.footerHeight > 0 {
                let section = record(path.section)
                return LayoutAttributes(frame: template.footerFrame(section, pinningBounds: pinningBounds,
                                                                    fitted: true),
                                        path: path, kind: kind, zIndex: template.footerZ)
            }
        }
        return hasBadges ? badgeAttributes(ofKind: kind, at: path) : nil
    }

    /// Whether `attributes`, as the layout returned them, are a pinned header or footer.
    ///
    /// - Complexity: O(1).
    public func isPinned(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.kind.category == .supplementary else { return false }
        if let layoutWide, layoutWide.resolved.isPinned(attributes) { return true }
        guard attributes.path.section >= 0, attributes.path.section < sectionCount else { return false }
        return table.isPinned(attributes, template: templateIndex(ofSection: attributes.path.section))
    }
}
