import LayoutModel

extension CompositionalLayout {
    /// The elements in `rect` found with `variant`, behind ``QueryFrontDoor``'s door (the buffer emptied, a null or NaN
    /// rect answered with nothing).
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n + sections); `indexed` O(log sections + k), k the elements of the groups and
    ///   sections that meet the rect.
    @inline(__always)
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int {
        var tested: Int
        switch variant.tag {
        case 0: tested = appendNaive(in: rect, into: &buffer)
        case 1: tested = appendIndexed(in: rect, into: &buffer)
        default: preconditionFailure("\(variant) is not a compositional-layout query variant")
        }
        // One test a query, not one a section, when no section has a background or badges and the layout has no
        // header or footer of its own.
        if hasSideElements {
            if !boundary.isEmpty { tested += appendLayoutBoundary(in: rect, into: &buffer) }
            if !backgrounds.isEmpty {
                tested += appendBackgrounds(in: rect, exhaustive: variant.tag == 0, into: &buffer)
            }
            if !badges.isEmpty {
                tested += appendBadges(in: rect, exhaustive: variant.tag == 0, into: &buffer)
            }
        }
        return tested
    }

    /// The frame of item `item` of a section: its slot offset to its group's origin.
    @inline(__always)
    func itemFrame(_ item: Int, _ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate)
        -> Rect
    {
        let group = item / template.itemsPerGroup
        var frame = slots[template.firstSlot + item - group * template.itemsPerGroup]
        frame.origin.x += template.groupX
        frame.origin.y += section.contentStart + Double(group) * template.groupStep
        return frame
    }

    /// Every element resolved and tested: the reference.
    ///
    /// - Complexity: O(n + sections).
    func appendNaive(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        for index in sections.indices {
            let section = sections[index]
            let template = templates[Int(section.template)]
            tested += appendBoundary(index, section, template, header: true, rect: rect, into: &buffer)
            let placed = Swift.min(section.itemCount, Int(section.groupCount) * template.itemsPerGroup)
            let offset = orthogonalOffset(index, section, template)
            for item in 0..<placed {
                tested += 1
                let frame = template.orthogonal == .none ? itemFrame(item, section, template)
                    : template.itemFrame(item, section, slots: slots, offset: offset)
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
            tested += appendBoundary(index, section, template, header: false, rect: rect, into: &buffer)
        }
        return tested
    }

    /// Binary search for the first section that reaches the rect; per section, the first and last groups whose
    /// items can meet the rect by arithmetic on the group step; then a walk over their items.
    ///
    /// - Complexity: O(log sections + k).
    func appendIndexed(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        let standard = rect.standardized
        let low = standard.origin.y, high = low + standard.size.height
        var tested = 0
        var index = firstSection(endingAtOrAfter: low)
        let count = sections.count
        while index < count {
            let section = sections[index]
            if section.start > high { break }
            let template = templates[Int(section.template)]
            tested += appendBoundary(index, section, template, header: true, rect: standard, into: &buffer)
            let groups = Int(section.groupCount)
            if template.orthogonal != .none {
                tested += template.appendOrthogonalItems(index, section, slots: slots, standard: standard,
                                                         offset: orthogonalOffset(index, section, template),
                                                         into: &buffer)
            } else if groups > 0 {
                var first = 0, last = groups - 1
                let step = template.groupStep
                if step > 0 {
                    let from = ((low - section.contentStart - template.reachBottom) / step).rounded(.down)
                    let to = ((high - section.contentStart - template.reachTop) / step).rounded(.down)
                    first = from <= 0 ? 0 : (from >= Double(groups) ? groups : Int(from))
                    last = to < 0 ? -1 : (to >= Double(groups - 1) ? groups - 1 : Int(to))
                }
                if first <= last {
                    let perGroup = template.itemsPerGroup
                    let end = Swift.min(section.itemCount, (last + 1) * perGroup)
                    var item = first * perGroup
                    while item < end {
                        tested += 1
                        let frame = itemFrame(item, section, template)
                        if frame.intersectsStandardized(standard) {
                            buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                        }
                        item += 1
                    }
                }
            }
            tested += appendBoundary(index, section, template, header: false, rect: standard, into: &buffer)
            index += 1
        }
        return tested
    }

    /// Tests the header (or footer) of a section, if it has one, and appends it when it meets `rect`.
    @inline(__always)
    func appendBoundary(_ index: Int, _ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate,
                        header: Bool, rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        if header {
            guard template.headerHeight > 0 else { return 0 }
            let frame = headerFrame(section, template)
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                               kind: ElementKind.sectionHeader, zIndex: template.headerZ))
            }
        } else {
            guard template.footerHeight > 0 else { return 0 }
            let frame = footerFrame(section, template)
            if frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                               kind: ElementKind.sectionFooter, zIndex: template.footerZ))
            }
        }
        return 1
    }
}
