import LayoutModel

extension FlowLayout {
    /// The frame of the header of `section` (whose header extent is positive), where it is at the last
    /// `prepare()`: at its place in the content, pinned to the leading edge of ``pinningBounds`` while its section
    /// is in view and pushed off by the end of its section's body, or, in the global-header layout, pinned below
    /// the global header (section 0's header, always at the top, stretched when pulled below the content's top).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func headerFrame(_ index: Int, _ section: FlowSectionRecord) -> (frame: Rect, zIndex: Int) {
        let extent = section.headerExtent
        var position = section.start, length = extent, zIndex = FlowZIndex.plain
        switch configuration.pinning {
        case .none:
            break
        case let .visibleBounds(headers, _):
            if headers {
                let lead = isVertical ? pinningBounds.minY : pinningBounds.minX
                position = Swift.min(Swift.max(lead, section.start), section.bodyEnd - extent)
                zIndex = FlowZIndex.pinned
            }
        case .globalHeader:
            let lead = isVertical ? pinningBounds.minY : pinningBounds.minX
            if index == 0 {
                position = lead
                length = extent + Swift.max(0, -lead)
                zIndex = FlowZIndex.globalHeader
            } else {
                let below = globalHeaderTrailingEdge(lead: lead)
                position = Swift.min(Swift.max(below, section.start), section.bodyEnd - extent)
                zIndex = FlowZIndex.pinned
            }
        }
        return (supplementaryFrame(position: position, length: length), zIndex)
    }

    /// The trailing edge of the global header along the scroll axis, for bounds starting at `lead`: the header's
    /// extent below the top, and its own extent when pulled below the content's top (it stretches).
    @inline(__always)
    func globalHeaderTrailingEdge(lead: Double) -> Double {
        guard let first = sections.first else { return lead }
        return Swift.max(lead, 0) + first.headerExtent
    }

    /// The frame of the footer of `section` (whose footer extent is positive): at its place, or pinned to the
    /// trailing edge of ``pinningBounds`` while its section is in view and pushed off by the start of its
    /// section's body.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func footerFrame(_ section: FlowSectionRecord) -> (frame: Rect, zIndex: Int) {
        let extent = section.footerExtent
        guard pinsFooters else {
            return (supplementaryFrame(position: section.bodyEnd, length: extent), FlowZIndex.plain)
        }
        let trail = isVertical ? pinningBounds.maxY : pinningBounds.maxX
        let position = Swift.max(Swift.min(trail - extent, section.bodyEnd), section.bodyStart)
        return (supplementaryFrame(position: position, length: extent), FlowZIndex.pinned)
    }

    /// A header or footer frame: `length` along the scroll axis from `position`, across the whole layout.
    @inline(__always)
    func supplementaryFrame(position: Double, length: Double) -> Rect {
        isVertical ? Rect(x: 0, y: position, width: crossExtent, height: length)
            : Rect(x: position, y: 0, width: length, height: crossExtent)
    }

    /// Whether `attributes`, as this layout returned them, are a pinned header or footer.
    ///
    /// - Complexity: O(1).
    public func isPinned(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.kind.category == .supplementary else { return false }
        if attributes.kind == ElementKind.sectionHeader { return pinsHeaders }
        if attributes.kind == ElementKind.sectionFooter { return pinsFooters }
        return false
    }
}
