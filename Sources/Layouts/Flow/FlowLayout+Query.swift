import LayoutModel

extension FlowLayout {
    /// The variants of ``variantSet``.
    public var queryVariants: [QueryVariant] {
        switch variantSet {
        case .standard:
            configuration.pinning == .globalHeader ? [FlowQueryVariants.asWritten, FlowQueryVariants.lean]
                : [FlowQueryVariants.naive, FlowQueryVariants.indexed]
        case .leftAlignedSubclass:
            [FlowQueryVariants.naive, FlowQueryVariants.indexed, FlowQueryVariants.recursive, FlowQueryVariants.onePass]
        }
    }

    /// `naive`, or `as-written` in the global-header layout.
    public var referenceVariant: QueryVariant { queryVariants[0] }

    /// The elements in `rect` found with `variant`, behind ``QueryFrontDoor``'s door (the buffer emptied, a null or NaN
    /// rect answered with nothing).
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n); `indexed` and `lean` O(log sections + log lines + k); `as-written` three
    ///   engine queries, O(log sections + log lines + k); `recursive` O(sum of the item indices of the k items);
    ///   `one-pass` O(log sections + log lines + k).
    @inline(__always)
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int {
        switch variant.tag {
        case 0: return appendNaive(in: rect, into: &buffer)
        case 1, 5: return appendIndexed(in: rect, into: &buffer, pinned: true, leftAligned: true)
        case 2: return appendRecursive(in: rect, into: &buffer)
        case 3: return appendOnePass(in: rect, into: &buffer)
        case 4: return appendAsWritten(in: rect, into: &buffer)
        default: preconditionFailure("\(variant) is not a flow-layout query variant")
        }
    }

    /// The prepared frame of item `index` (global), left-aligned in the left-aligned subclass.
    @inline(__always)
    func preparedFrame(_ index: Int) -> Rect {
        var frame = frames[index]
        if variantSet == .leftAlignedSubclass {
            if isVertical { frame.origin.x = leftPositions[index] } else { frame.origin.y = leftPositions[index] }
        }
        return frame
    }

    /// Every element tested: the reference.
    ///
    /// - Complexity: O(n + sections).
    func appendNaive(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        for index in sections.indices {
            let section = sections[index]
            if section.headerExtent > 0 {
                tested += 1
                let (frame, z) = headerFrame(index, section)
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                                   kind: ElementKind.sectionHeader, zIndex: z))
                }
            }
            for item in 0..<section.itemCount {
                tested += 1
                let frame = preparedFrame(section.firstItem + item)
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
            if section.footerExtent > 0 {
                tested += 1
                let (frame, z) = footerFrame(section)
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                                   kind: ElementKind.sectionFooter, zIndex: z))
                }
            }
        }
        return tested
    }

    /// Binary search for the first section in the rect, then for its first line in the rect, then a walk over
    /// lines and sections until past the rect. Headers and footers are placed where pinned when `pinned`, else at
    /// their places; items are left-aligned in the left-aligned subclass when `leftAligned`.
    ///
    /// - Complexity: O(log sections + log lines + k), k the elements of the sections and lines in the rect.
    func appendIndexed(in rect: Rect, into buffer: inout [LayoutAttributes], pinned: Bool, leftAligned: Bool) -> Int {
        let standard = rect.standardized
        let vertical = isVertical
        let low = vertical ? standard.origin.y : standard.origin.x
        let high = low + (vertical ? standard.size.height : standard.size.width)
        let global = pinned && configuration.pinning == .globalHeader
        let left = leftAligned && variantSet == .leftAlignedSubclass
        var tested = 0
        if global, let first = sections.first, first.headerExtent > 0 {
            tested += 1
            let (frame, z) = headerFrame(0, first)
            if frame.intersectsStandardized(standard) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: 0, item: 0),
                                               kind: ElementKind.sectionHeader, zIndex: z))
            }
        }
        var index = firstSection(endingAtOrAfter: low)
        let count = sections.count
        while index < count {
            let section = sections[index]
            if section.start > high { break }
            if section.headerExtent > 0 && !(global && index == 0) {
                tested += 1
                let (frame, z) = pinned ? headerFrame(index, section)
                    : (supplementaryFrame(position: section.start, length: section.headerExtent), FlowZIndex.plain)
                if frame.intersectsStandardized(standard) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                                   kind: ElementKind.sectionHeader, zIndex: z))
                }
            }
            var line = firstLine(in: section, endingAtOrAfter: low)
            while line < section.lineEnd {
                if lines[line].origin > high { break }
                let end = itemEnd(ofLine: line)
                var item = lines[line].firstItem
                while item < end {
                    tested += 1
                    let frame = left ? preparedFrame(item) : frames[item]
                    if frame.intersectsStandardized(standard) {
                        let path = ElementPath(section: index, item: item - section.firstItem)
                        buffer.append(LayoutAttributes(frame: frame, path: path))
                    }
                    item += 1
                }
                line += 1
            }
            if section.footerExtent > 0 {
                tested += 1
                let (frame, z) = pinned ? footerFrame(section)
                    : (supplementaryFrame(position: section.bodyEnd, length: section.footerExtent), FlowZIndex.plain)
                if frame.intersectsStandardized(standard) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                                   kind: ElementKind.sectionFooter, zIndex: z))
                }
            }
            index += 1
        }
        return tested
    }

    /// The attributes of one item.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0,
              path.item < sections[path.section].itemCount
        else { return nil }
        return LayoutAttributes(frame: preparedFrame(sections[path.section].firstItem + path.item), path: path)
    }

    /// The header or footer of a section (at item 0, as UIKit's index paths for them), where it is pinned; `nil`
    /// when its reference size is zero.
    ///
    /// - Complexity: O(1).
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item == 0 else { return nil }
        let section = sections[path.section]
        if kind == ElementKind.sectionHeader && section.headerExtent > 0 {
            let (frame, z) = headerFrame(path.section, section)
            return LayoutAttributes(frame: frame, path: path, kind: kind, zIndex: z)
        }
        if kind == ElementKind.sectionFooter && section.footerExtent > 0 {
            let (frame, z) = footerFrame(section)
            return LayoutAttributes(frame: frame, path: path, kind: kind, zIndex: z)
        }
        return nil
    }
}
