import LayoutModel

extension IncrementalCompositionalLayout {
    /// The elements in `rect` found with `variant`, behind ``QueryFrontDoor``'s door (the buffer emptied, a null or NaN
    /// rect answered with nothing).
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n + S log S); `indexed` O(log S × sections met + k), k the elements of the groups
    ///   and sections that meet the rect.
    @inline(__always)
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int {
        let pinning = pinningBounds
        var tested = 0
        switch variant.tag {
        case 0:
            for index in itemCounts.indices {
                let section = record(index)
                let template = templates[Int(section.template)]
                tested += template.appendEveryElement(
                    index, section, slots: slots, rect: rect, pinningBounds: pinning,
                    offset: orthogonalOffset(index, section, template), into: &buffer)
            }
        case 1:
            let standard = rect.standardized
            let low = standard.origin.y, high = low + standard.size.height
            var (index, first) = sectionSearch(endingAtOrAfter: low)
            let count = itemCounts.count
            while index < count {
                let section = first ?? record(index)
                first = nil
                if section.start > high { break }
                let template = templates[Int(section.template)]
                tested += template.appendElements(
                    index, section, slots: slots, standard: standard, low: low, high: high, pinningBounds: pinning,
                    offset: orthogonalOffset(index, section, template), into: &buffer)
                index += 1
            }
        default: preconditionFailure("\(variant) is not a compositional-layout query variant")
        }
        // One test a query, not one a section, when no section has a background.
        if hasSideElements {
            if !backgrounds.isEmpty {
                tested += appendBackgrounds(in: rect, exhaustive: variant.tag == 0, into: &buffer)
            }
            if !badges.isEmpty {
                tested += appendBadges(in: rect, exhaustive: variant.tag == 0, into: &buffer)
            }
        }
        return tested
    }
}
