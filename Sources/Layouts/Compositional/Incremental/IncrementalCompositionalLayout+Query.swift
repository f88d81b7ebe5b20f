import LayoutModel

extension IncrementalCompositionalLayout {
    /// `naive` (the reference) and `indexed`, as ``CompositionalLayout``'s.
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
    /// - Complexity: `naive` O(n + S log S); `indexed` O(log S × sections met + k), k the elements of the groups
    ///   and sections that meet the rect.
    @discardableResult
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        buffer.removeAll(keepingCapacity: true)
        if rect.isNull || rect.origin.x.isNaN || rect.origin.y.isNaN || rect.size.width.isNaN
            || rect.size.height.isNaN
        {
            return 0
        }
        let pinning = pinningBounds
        var tested = 0
        switch variant.tag {
        case 0:
            for index in itemCounts.indices {
                let section = record(index)
                tested += templates[Int(section.template)].appendEveryElement(
                    index, section, slots: slots, rect: rect, pinningBounds: pinning, into: &buffer)
            }
        case 1:
            let standard = rect.standardized
            let low = standard.origin.y, high = low + standard.size.height
            var (index, first) = firstSection(endingAtOrAfter: low)
            let count = itemCounts.count
            while index < count {
                let section = first ?? record(index)
                first = nil
                if section.start > high { break }
                tested += templates[Int(section.template)].appendElements(
                    index, section, slots: slots, standard: standard, low: low, high: high, pinningBounds: pinning,
                    into: &buffer)
                index += 1
            }
        default: preconditionFailure("\(variant) is not a compositional-layout query variant")
        }
        return tested
    }

    /// The attributes of one item; `nil` for an item no group has room for.
    ///
    /// - Complexity: O(log S).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < itemCounts.count, path.item >= 0,
              path.item < itemCounts[path.section]
        else { return nil }
        let template = templates[Int(sectionTemplates[path.section])]
        guard template.itemsPerGroup > 0 else { return nil }
        return LayoutAttributes(frame: template.itemFrame(path.item, record(path.section), slots: slots), path: path)
    }

    /// The header or footer of a section (at item 0), where it is pinned; `nil` when the section has none.
    ///
    /// - Complexity: O(log S).
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < itemCounts.count, path.item == 0 else { return nil }
        let template = templates[Int(sectionTemplates[path.section])]
        if kind == ElementKind.sectionHeader && template.headerHeight > 0 {
            return LayoutAttributes(frame: template.headerFrame(record(path.section), pinningBounds: pinningBounds),
                                    path: path, kind: kind, zIndex: template.headerZ)
        }
        if kind == ElementKind.sectionFooter && template.footerHeight > 0 {
            return LayoutAttributes(frame: template.footerFrame(record(path.section), pinningBounds: pinningBounds),
                                    path: path, kind: kind, zIndex: template.footerZ)
        }
        return nil
    }
}
