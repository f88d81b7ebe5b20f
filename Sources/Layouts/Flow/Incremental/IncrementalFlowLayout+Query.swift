import LayoutModel

extension IncrementalFlowLayout {
    /// The elements in `rect` found with `variant`, behind ``QueryFrontDoor``'s door (the buffer emptied, a null or NaN
    /// rect answered with nothing).
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: `naive` O(n + S log S); `indexed` O(log S + log lines + k), O(log S) a section in the rect.
    @inline(__always)
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int {
        if estimated != nil { return appendSelfSizing(in: rect, into: &buffer, indexed: variant.tag != FlowQueryVariants.naive.tag) }
        switch variant.tag {
        case FlowQueryVariants.naive.tag: return appendAll(in: rect, into: &buffer)
        case FlowQueryVariants.indexed.tag: return appendIndexed(in: rect, into: &buffer)
        default: preconditionFailure("\(variant) is not a variant of the incremental flow layout")
        }
    }

    /// Every element tested: the reference.
    func appendAll(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        var tested = 0
        for index in sections.indices {
            let start = tree.prefix(index), record = sections[index]
            tested += appendSupplementaries(index, start, record, in: rect, into: &buffer, standardized: false)
            forEachItem(of: index, record, start: start, from: -.infinity, through: .infinity) { item, frame in
                tested += 1
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
        }
        return tested
    }

    /// The first section ending in the rect from the tree, its lines by arithmetic (uniform) or binary search, then
    /// a walk until past the rect.
    func appendIndexed(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        let standard = rect.standardized
        let vertical = isVertical
        let low = vertical ? standard.origin.y : standard.origin.x
        let high = low + (vertical ? standard.size.height : standard.size.width)
        var tested = 0
        var index = tree.firstEnding(atOrAfter: low)
        while index < sections.count {
            let start = tree.prefix(index)
            if start > high { break }
            let record = sections[index]
            tested += appendSupplementaries(index, start, record, in: standard, into: &buffer, standardized: true)
            forEachItem(of: index, record, start: start, from: low, through: high) { item, frame in
                tested += 1
                if frame.intersectsStandardized(standard) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
            index += 1
        }
        return tested
    }

    /// ``appendAll(in:into:)`` (`indexed` false) or ``appendIndexed(in:into:)`` for a self-sizing layout, whose
    /// lines come from its trees (``forEachSizedItem(of:_:_:start:from:through:_:)``). A loop of its own: a branch to
    /// it inside ``forEachItem(of:_:start:from:through:_:)`` cost the other layouts' queries 100 to 200 instructions.
    @inline(never)
    func appendSelfSizing(in rect: Rect, into buffer: inout [LayoutAttributes], indexed: Bool) -> Int {
        let standard = rect.standardized
        let vertical = isVertical
        let low = indexed ? (vertical ? standard.origin.y : standard.origin.x) : -.infinity
        let high = indexed ? low + (vertical ? standard.size.height : standard.size.width) : .infinity
        let trees = lineTrees!
        var tested = 0
        var index = indexed ? tree.firstEnding(atOrAfter: low) : 0
        while index < sections.count {
            let start = tree.prefix(index)
            if start > high { break }
            let record = sections[index]
            tested += appendSupplementaries(index, start, record, in: standard, into: &buffer, standardized: true)
            forEachSizedItem(of: index, record, trees, start: start, from: low, through: high) { item, frame in
                tested += 1
                if frame.intersectsStandardized(standard) {
                    buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: item)))
                }
            }
            index += 1
        }
        return tested
    }

    /// Appends the header and footer of a section that intersect `rect`; answers how many were tested.
    @inline(__always)
    private func appendSupplementaries(_ index: Int, _ start: Double, _ record: IncrementalFlowSection,
                                       in rect: Rect, into buffer: inout [LayoutAttributes],
                                       standardized: Bool) -> Int {
        var tested = 0
        if record.headerExtent > 0 {
            tested += 1
            let (frame, z) = headerFrame(start, record)
            if standardized ? frame.intersectsStandardized(rect) : frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                               kind: ElementKind.sectionHeader, zIndex: z))
            }
        }
        if record.footerExtent > 0 {
            tested += 1
            let (frame, z) = footerFrame(start, record)
            if standardized ? frame.intersectsStandardized(rect) : frame.intersects(rect) {
                buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                               kind: ElementKind.sectionFooter, zIndex: z))
            }
        }
        return tested
    }

    /// Calls `body` with every item of section `index` (starting at `start`) on a line that reaches from `low`
    /// through `high` along the scroll axis, in order, with its frame.
    ///
    /// - Complexity: O(1) (uniform) or O(log lines) (per-item sizes) to find the first line, then O(items visited).
    /// `record` is the section's (``IncrementalFlowSections/subscript(_:)``), which the caller has already read.
    @inline(__always)
    func forEachItem(of index: Int, _ record: IncrementalFlowSection, start: Double, from low: Double,
                     through high: Double, _ body: (_ item: Int, _ frame: Rect) -> Void) {
        guard record.count > 0 else { return }
        let vertical = isVertical
        if uniformSize != nil {
            let lines = record.lineCount, pitch = record.pitch
            var line = 0
            let estimate = ((low - start - record.firstLine) / pitch).rounded(.down) - 1
            if estimate > 0 { line = estimate < Double(lines) ? Int(estimate) : lines }
            while line < lines && start + (record.firstLine + Double(line) * pitch) + record.across < low { line += 1 }
            while line < lines {
                let origin = start + (record.firstLine + Double(line) * pitch)
                if origin > high { break }
                let first = line * record.perLine, end = Swift.min(record.count, first + record.perLine)
                var (position, gap) = placement(record, first: first, end: end, isLast: line == lines - 1)
                let offset = origin + (record.across - record.across) / 2
                for item in first..<end {
                    body(item, vertical
                        ? Rect(x: position, y: offset, width: record.along, height: record.across)
                        : Rect(x: offset, y: position, width: record.across, height: record.along))
                    position = position + record.along + gap
                }
                line += 1
            }
            return
        }
        sized[index].lines.withUnsafeBufferPointer { lines in
            sized[index].sizes.withUnsafeBufferPointer { sizes in
                // The first line ending at or after `low`.
                var lowLine = 0, highLine = lines.count
                while lowLine < highLine {
                    let mid = (lowLine + highLine) >> 1
                    if start + lines[mid].origin + lines[mid].extent < low { lowLine = mid + 1 } else { highLine = mid }
                }
                var line = lowLine
                while line < lines.count {
                    let layout = lines[line]
                    let origin = start + layout.origin
                    if origin > high { break }
                    let end = line + 1 < lines.count ? lines[line + 1].first : sizes.count
                    var position = layout.position
                    for item in layout.first..<end {
                        let along = sizes[item].width, across = sizes[item].height
                        let offset = origin + (layout.extent - across) / 2
                        body(item, vertical ? Rect(x: position, y: offset, width: along, height: across)
                            : Rect(x: offset, y: position, width: across, height: along))
                        position = position + along + layout.gap
                    }
                    line += 1
                }
            }
        }
    }

    /// Where a line of a uniform or estimated section holding items `first..<end` starts its first item along the
    /// line, and the gap after each: a full line's, or ``FlowLayout``'s rule for a short or last line.
    @inline(__always)
    func placement(_ record: IncrementalFlowSection, first: Int, end: Int, isLast: Bool) -> (Double, Double) {
        if end - first < record.perLine || isLast {
            var used = record.along
            for _ in 1..<(end - first) { used = used + record.spacing + record.along }
            let layout = Self.line(origin: 0, extent: record.across, first: first, end: end, used: used,
                                   isLast: isLast, justified: configuration.alignment == .justified,
                                   leading: record.leading, available: record.available, spacing: record.spacing,
                                   lastAlong: record.along)
            return (layout.position, layout.gap)
        }
        return (record.fullPosition, record.fullGap)
    }

    /// ``forEachItem(of:_:start:from:through:_:)`` for a self-sizing section: the first line from its tree, each line's
    /// offset a prefix sum of it, its extent its tallest item's, each item centred in it (``FlowLayout``'s rule).
    ///
    /// - Complexity: O(log lines) a line visited, O(1) an item.
    @inline(__always)
    func forEachSizedItem(of index: Int, _ record: IncrementalFlowSection, _ trees: FlowLineTrees, start: Double,
                          from low: Double, through high: Double, _ body: (_ item: Int, _ frame: Rect) -> Void) {
        let vertical = isVertical
        let lines = record.lineCount, pitch = record.pitch
        var line = Swift.min(lines, trees.firstLine(index, reaching: low - start - record.firstLine + record.lineSpacing,
                                                    pitch: pitch))
        if line > 0 { line -= 1 }  // rounding at the boundary: the walk skips what ends before `low`
        let keepsItems = record.perLine > 1
        while line < lines {
            let origin = start + (record.firstLine + Double(line) * pitch + trees.prefix(index, line: line))
            let extent = record.across + trees.delta(index, line: line)
            if origin + extent < low {
                line += 1
                continue
            }
            if origin > high { break }
            let first = line * record.perLine, end = Swift.min(record.count, first + record.perLine)
            var (position, gap) = placement(record, first: first, end: end, isLast: line == lines - 1)
            for item in first..<end {
                let across = keepsItems ? trees.itemExtent(index, item: item) ?? record.across : extent
                let offset = origin + (extent - across) / 2
                body(item, vertical
                    ? Rect(x: position, y: offset, width: record.along, height: across)
                    : Rect(x: offset, y: position, width: across, height: record.along))
                position = position + record.along + gap
            }
            line += 1
        }
    }

    /// The attributes of one item.
    ///
    /// - Complexity: O(log S + items in its line).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0,
              path.item < sections[path.section].count
        else { return nil }
        let start = tree.prefix(path.section)
        var found: Rect?
        // Visit only the item's line: its origin along the scroll axis bounds the walk.
        if estimated != nil {
            let (low, high) = lineRange(ofItem: path.item, inSection: path.section, start: start)
            forEachSizedItem(of: path.section, sections[path.section], lineTrees!, start: start, from: low,
                             through: high) { item, frame in
                if item == path.item { found = frame }
            }
        } else if uniformSize != nil {
            return LayoutAttributes(frame: uniformFrame(ofItem: path.item, inSection: path.section, start: start),
                                    path: path)
        } else {
            let (low, high) = lineRange(ofItem: path.item, inSection: path.section, start: start)
            forEachItem(of: path.section, sections[path.section], start: start, from: low, through: high) { item, frame in
                if item == path.item { found = frame }
            }
        }
        return found.map { LayoutAttributes(frame: $0, path: path) }
    }

    /// The frame of `item` of a uniform section `index` starting at `start`: what
    /// ``forEachItem(of:_:start:from:through:_:)`` gives it, by the same expressions (its line's origin, the line's
    /// placement, then one addition an item before it along the line, as the walk adds), without a frame made and a
    /// closure called for every item of the line (the host asks the anchor's frame after every batch; issue 39p).
    ///
    /// - Complexity: O(items before it on its line), additions only.
    @inline(__always)
    private func uniformFrame(ofItem item: Int, inSection index: Int, start: Double) -> Rect {
        let record = sections[index]
        let lines = record.lineCount, pitch = record.pitch
        let line = item / record.perLine
        let origin = start + (record.firstLine + Double(line) * pitch)
        let first = line * record.perLine, end = Swift.min(record.count, first + record.perLine)
        var (position, gap) = placement(record, first: first, end: end, isLast: line == lines - 1)
        let offset = origin + (record.across - record.across) / 2
        for _ in first..<item { position = position + record.along + gap }
        return isVertical ? Rect(x: position, y: offset, width: record.along, height: record.across)
            : Rect(x: offset, y: position, width: record.across, height: record.along)
    }

    /// The extent along the scroll axis of the line holding `item`, so that a walk from it visits that line only.
    private func lineRange(ofItem item: Int, inSection index: Int, start: Double) -> (Double, Double) {
        let record = sections[index]
        if estimated != nil, let lineTrees {
            let line = item / record.perLine
            let origin = start + (record.firstLine + Double(line) * record.pitch + lineTrees.prefix(index, line: line))
            return (origin, origin)
        }
        if uniformSize != nil {
            let origin = start + (record.firstLine + Double(item / record.perLine) * record.pitch)
            return (origin, origin)
        }
        let lines = sized[index].lines
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) >> 1
            if lines[mid].first <= item { low = mid + 1 } else { high = mid }
        }
        let origin = start + lines[low - 1].origin
        return (origin, origin)
    }

    /// The header or footer of a section (at item 0), where pinned; `nil` when its reference size is zero.
    ///
    /// - Complexity: O(log S).
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sections.count, path.item == 0 else { return nil }
        let record = sections[path.section], start = tree.prefix(path.section)
        if kind == ElementKind.sectionHeader && record.headerExtent > 0 {
            let (frame, z) = headerFrame(start, record)
            return LayoutAttributes(frame: frame, path: path, kind: kind, zIndex: z)
        }
        if kind == ElementKind.sectionFooter && record.footerExtent > 0 {
            let (frame, z) = footerFrame(start, record)
            return LayoutAttributes(frame: frame, path: path, kind: kind, zIndex: z)
        }
        return nil
    }

    /// The header's frame: at its place, or pinned to the leading edge of the bounds while its section is in view and
    /// pushed off by the end of its body (``FlowLayout``'s rule).
    @inline(__always)
    func headerFrame(_ start: Double, _ record: IncrementalFlowSection) -> (frame: Rect, zIndex: Int) {
        let extent = record.headerExtent
        guard pinsHeaders else { return (supplementaryFrame(position: start, length: extent), FlowZIndex.plain) }
        let lead = isVertical ? pinningBounds.minY : pinningBounds.minX
        let position = Swift.min(Swift.max(lead, start), (start + record.bodyEnd) - extent)
        return (supplementaryFrame(position: position, length: extent), FlowZIndex.pinned)
    }

    /// The footer's frame: at its place, or pinned to the trailing edge of the bounds while its section is in view
    /// and pushed off by the start of its body.
    @inline(__always)
    func footerFrame(_ start: Double, _ record: IncrementalFlowSection) -> (frame: Rect, zIndex: Int) {
        let extent = record.footerExtent, bodyEnd = start + record.bodyEnd
        guard pinsFooters else { return (supplementaryFrame(position: bodyEnd, length: extent), FlowZIndex.plain) }
        let trail = isVertical ? pinningBounds.maxY : pinningBounds.maxX
        let position = Swift.max(Swift.min(trail - extent, bodyEnd), start + record.headerExtent)
        return (supplementaryFrame(position: position, length: extent), FlowZIndex.pinned)
    }

    /// A header or footer frame across the whole layout.
    @inline(__always)
    func supplementaryFrame(position: Double, length: Double) -> Rect {
        isVertical ? Rect(x: 0, y: position, width: crossExtent, height: length)
            : Rect(x: position, y: 0, width: length, height: crossExtent)
    }
}
