import LayoutModel

/// What ``CompositionalLayout`` and ``IncrementalCompositionalLayout`` share: one engine of templates and slots under
/// the two update strategies. The full layout keeps one record per section; the incremental one keeps counts and
/// templates and computes a record from a tree of extents. Everything that only needs a section's record and template
/// is written here once, with the arithmetic of `CompositionalSectionTemplate+Frames.swift`.
///
/// The full layout's queries keep their own copy of the element arithmetic (`CompositionalLayout+Query.swift`): routed
/// through the templates' methods, its indexed query measured 130 -> 190 ns (release, 10^6 items).
protocol CompositionalEngine: CompositionalBackgroundDrawing {
    /// The resolved distinct sections.
    var templates: [CompositionalSectionTemplate] { get }
    /// The slots of every template's group, relative to the group's top-left.
    var slots: [Rect] { get }
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    var pinningBounds: Rect { get }
    /// The item and group badges, empty when the provider badges nothing (`CompositionalBadgeTable.swift`).
    var badges: CompositionalBadgeTable { get }
    /// The layout-wide header and footer (`CompositionalLayoutBoundary.swift`; empty by default).
    var layoutBoundary: CompositionalLayoutBoundary { get }
}

extension CompositionalEngine {
    /// ``templates``, for the orthogonal sections' code (`CompositionalEngine+Orthogonal.swift`).
    @inline(__always)
    var resolvedTemplates: [CompositionalSectionTemplate] { templates }

    /// The attributes of one item; `nil` for an item no group has room for.
    ///
    /// - Complexity: O(1) in ``CompositionalLayout``, O(log S) in ``IncrementalCompositionalLayout`` (its record).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sectionCount, path.item >= 0 else { return nil }
        let section = record(path.section)
        let template = templates[Int(section.template)]
        guard path.item < section.itemCount, template.itemsPerGroup > 0 else { return nil }
        return LayoutAttributes(
            frame: template.itemFrame(path.item, section, slots: slots,
                                      offset: orthogonalOffset(path.section, section, template)),
            path: path)
    }

    /// The header or footer of a section (at item 0), where it is pinned, or an item's or group's badge (B5); `nil`
    /// when the section has none.
    ///
    /// - Complexity: O(1) in ``CompositionalLayout``, O(log S) in ``IncrementalCompositionalLayout``; plus the
    ///   badges of the section's set when the layout has badges.
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        if path.section == 0 && path.item == 0 {
            let boundary = layoutBoundary
            if !boundary.isEmpty, let attributes = boundary.attributes(
                ofKind: kind, at: path, bounds: pinningBounds, contentHeight: contentSize.height) {
                return attributes
            }
        }
        guard path.section >= 0, path.section < sectionCount, path.item >= 0 else { return nil }
        if path.item == 0 {
            let template = templates[templateIndex(ofSection: path.section)]
            if kind == ElementKind.sectionHeader && template.headerHeight > 0 {
                return LayoutAttributes(frame: template.headerFrame(record(path.section), pinningBounds: pinningBounds),
                                        path: path, kind: kind, zIndex: template.headerZ)
            }
            if kind == ElementKind.sectionFooter && template.footerHeight > 0 {
                return LayoutAttributes(frame: template.footerFrame(record(path.section), pinningBounds: pinningBounds),
                                        path: path, kind: kind, zIndex: template.footerZ)
            }
        }
        return badges.isEmpty ? nil : badgeAttributes(ofKind: kind, at: path)
    }

    /// Whether `attributes`, as this layout returned them, are a pinned header or footer.
    ///
    /// - Complexity: O(1).
    public func isPinned(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.kind.category == .supplementary, attributes.path.section >= 0 else { return false }
        if attributes.path.section == 0 && attributes.path.item == 0 {
            let boundary = layoutBoundary
            if let header = boundary.header, header.kind == attributes.kind { return header.pinned }
            if let footer = boundary.footer, footer.kind == attributes.kind { return footer.pinned }
        }
        guard attributes.path.section < sectionCount else { return false }
        let template = templates[templateIndex(ofSection: attributes.path.section)]
        if attributes.kind == ElementKind.sectionHeader { return template.headerPinned }
        if attributes.kind == ElementKind.sectionFooter { return template.footerPinned }
        return false
    }
}
