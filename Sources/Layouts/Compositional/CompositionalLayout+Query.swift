import LayoutModel

extension CompositionalLayout {
    /// `naive` (the reference) and `indexed`.
    public var queryVariants: [QueryVariant] { [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed] }

    /// `naive`.
    public var referenceVariant: QueryVariant { CompositionalQueryVariants.naive }

    /// Replaces `buffer` with the elements in `rect`, found with ``activeVariant``: the collection view's entry point.
    ///
    /// - Complexity: that of ``activeVariant``.
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        attributesForElements(in: rect, into: &buffer, using: activeVariant)
    }

    /// Replaces `buffer` with the elements in `rect`, pinned elements where they are pinned at the last `prepare()`,
    /// found with `variant`.
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n + sections); `indexed` O(log sections + k), k the elements of the groups and
    ///   sections that meet the rect.
    @discardableResult
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        buffer.removeAll(keepingCapacity: true)
        if rect.isNull || rect.origin.x.isNaN || rect.origin.y.isNaN || rect.size.width.isNaN
            || rect.size.height.isNaN
        {
            return 0
        }
        switch variant.tag {
        case 0: return appendNaive(in: rect, into: &buffer)
        case 1: return appendIndexed(in: rect, into: &buffer)
        default: preconditionFailure("\(variant) is not a compositional-layout query variant")
        }
    }

    /// The frame of item `item` of a section: its slot offset to its group's origin.
    @inline(__always)
    func itemFrame(_ item: Int, _ section: CompositionalSectionRecord, _ template: CompositionalSectionTemplate)
        -> Rect
    {
        template.itemFrame(item, section, slots: slots)
    }

    /// Every element resolved and tested: the reference.
    ///
    /// - Complexity: O(n + sections).
    func appendNaive(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        let pinning = pinningBounds
        for index in sections.indices {
            let section = sections[index]
            tested += templates[Int(section.template)].appendEveryElement(
                index, section, slots: slots, rect: rect, pinningBounds: pinning, into: &buffer)
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
        let pinning = pinningBounds
        var tested = 0
        var index = firstSection(endingAtOrAfter: low)
        let count = sections.count
        while index < count {
            let section = sections[index]
            if section.start > high { break }
            tested += templates[Int(section.template)].appendElements(
                index, section, slots: slots, standard: standard, low: low, high: high, pinningBounds: pinning,
                into: &buffer)
            index += 1
        }
        return tested
    }

    /// The attributes of one item; `nil` for an item no group has room for.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0 else { return nil }
        let section = sections[path.section]
        let template = templates[Int(section.template)]
        guard path.item < section.itemCount, template.itemsPerGroup > 0 else { return nil }
        return LayoutAttributes(frame: itemFrame(path.item, section, template), path: path)
    }

    /// The header or footer of a section (at item 0), where it is pinned; `nil` when the section has none.
    ///
    /// - Complexity: O(1).
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item == 0 else { return nil }
        let section = sections[path.section]
        let template = templates[Int(section.template)]
        if kind == ElementKind.sectionHeader && template.headerHeight > 0 {
            return LayoutAttributes(frame: headerFrame(section, template), path: path, kind: kind,
                                    zIndex: template.headerZ)
        }
        if kind == ElementKind.sectionFooter && template.footerHeight > 0 {
            return LayoutAttributes(frame: footerFrame(section, template), path: path, kind: kind,
                                    zIndex: template.footerZ)
        }
        return nil
    }
}
