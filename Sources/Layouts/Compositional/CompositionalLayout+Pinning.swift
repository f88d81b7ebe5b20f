import LayoutModel

extension CompositionalLayout {
    /// The header frame of `section` (whose template has a header), where it is at the last `prepare()`: at the
    /// section's top, or, when pinned, at the top of ``pinningBounds`` while any of its section is in view, never
    /// above its own place and never below its section's bottom.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func headerFrame(_ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate) -> Rect {
        var y = section.start
        if template.headerPinned {
            y = Swift.min(Swift.max(pinningBounds.minY, section.start), section.end - template.headerHeight)
        }
        return Rect(x: template.headerX, y: y, width: template.headerWidth, height: template.headerHeight)
    }

    /// The footer frame of `section` (whose template has a footer): below the section's bottom inset, or, when
    /// pinned, at the bottom of ``pinningBounds`` while any of its section is in view, never below its own place and
    /// never above its section's top.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func footerFrame(_ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate) -> Rect {
        var y = section.bodyEnd
        if template.footerPinned {
            y = Swift.max(Swift.min(pinningBounds.maxY - template.footerHeight, section.bodyEnd), section.start)
        }
        return Rect(x: template.footerX, y: y, width: template.footerWidth, height: template.footerHeight)
    }

    /// The number of pinned headers and footers in the pinning bounds: the elements a scroll recomputes.
    ///
    /// - Complexity: O(log sections + sections in the bounds).
    func pinnedElementCount() -> Int {
        let bounds = pinningBounds
        let edges = bounds.standardizedEdges
        var index = firstSection(endingAtOrAfter: edges.minY), count = 0
        while index < sections.count && sections[index].start <= edges.maxY {
            let section = sections[index]
            let template = templates[Int(section.template)]
            if template.headerPinned && template.headerHeight > 0 && headerFrame(section, template).intersects(bounds) {
                count += 1
            }
            if template.footerPinned && template.footerHeight > 0 && footerFrame(section, template).intersects(bounds) {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// The first section whose bottom is at or below `y` (touching counts), or the section count.
    ///
    /// - Complexity: O(log sections).
    @inline(__always)
    func firstSection(endingAtOrAfter y: Double) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].end < y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first section whose bottom is at or below `y` (touching counts), or the section count.
    ///
    /// - Complexity: O(log sections).
    func firstSectionIndex(endingAtOrAfter y: Double) -> Int { firstSection(endingAtOrAfter: y) }

    /// The number of sections at the last `prepare()`.
    var sectionCount: Int { sections.count }

    /// The template index of section `index`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func templateIndex(ofSection index: Int) -> Int { Int(sections[index].template) }

    /// The record of section `index`, as the last `prepare()` laid it out.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func record(_ index: Int) -> CompositionalSectionRecord { sections[index] }
}
