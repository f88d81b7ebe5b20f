import LayoutModel

extension FlowLayout {
    /// The left-aligned subclass as StackOverflow's recursive answer writes it, made exact: `super`'s rect query
    /// over the whole width of the rect's lines (the engine's justified frames), then each cell's frame derived
    /// from its predecessor's, asked for again all the way back to the section's first item, then filtered by the
    /// rect. The recursion is unrolled into a loop, so a section of 10^4 items does not overflow the stack; the
    /// O(i) cost per item is kept.
    ///
    /// It is exact when `minimumLineSpacing > 0`: a new line is detected when the predecessor's frame misses the
    /// current frame stretched across the line, and touching frames intersect.
    ///
    /// - Complexity: O(log sections + log lines + sum over the k cells of their item index).
    func appendRecursive(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        let standard = rect.standardized
        let whole = isVertical
            ? Rect(x: -Double.greatestFiniteMagnitude / 4, y: standard.origin.y,
                   width: Double.greatestFiniteMagnitude / 2, height: standard.size.height)
            : Rect(x: standard.origin.x, y: -Double.greatestFiniteMagnitude / 4,
                   width: standard.size.width, height: Double.greatestFiniteMagnitude / 2)
        var fromSuper = scratch
        scratch = []
        defer { scratch = fromSuper }
        fromSuper.removeAll(keepingCapacity: true)
        var tested = appendIndexed(in: whole, into: &fromSuper, pinned: true, leftAligned: false)
        for var attributes in fromSuper {
            if attributes.kind.category == .cell {
                let (frame, steps) = recursiveLeftFrame(section: attributes.path.section, item: attributes.path.item)
                attributes.frame = frame
                tested += steps
            }
            if attributes.frame.intersects(rect) { buffer.append(attributes) }
        }
        return tested
    }

    /// The left-aligned frame of an item from its predecessor's, and the number of frames visited.
    ///
    /// - Complexity: O(item).
    func recursiveLeftFrame(section index: Int, item: Int) -> (Rect, Int) {
        let section = sections[index]
        let leading = section.lineLeadingInset
        let across = crossExtent - leading - section.lineTrailingInset
        let vertical = isVertical
        var previous = frames[section.firstItem]
        if vertical { previous.origin.x = leading } else { previous.origin.y = leading }
        var position = 0
        while position < item {
            position += 1
            var current = frames[section.firstItem + position]
            let stretched = vertical
                ? Rect(x: leading, y: current.origin.y, width: across, height: current.size.height)
                : Rect(x: current.origin.x, y: leading, width: current.size.width, height: across)
            let firstInLine = !previous.intersects(stretched)
            if vertical {
                current.origin.x = firstInLine ? leading : previous.maxX + section.interitemSpacing
            } else {
                current.origin.y = firstInLine ? leading : previous.maxY + section.interitemSpacing
            }
            previous = current
        }
        return (previous, item + 1)
    }

    /// The left-aligned subclass as the common one-pass answer writes it: `super`'s rect query, then one pass over
    /// its cells, a new line starting whenever a cell's top is at or below the lowest bottom seen, each cell moved
    /// to the running left margin. Nothing is re-queried or re-filtered.
    ///
    /// It is right only when the rect holds whole lines: where the rect cuts a line (its edge across items of
    /// different heights, or a rect narrower than the line), `super` returns part of the line, and the pass packs
    /// that part from the leading inset; cells that move into the rect are missing and cells that move out of it
    /// are returned. `verify` reports the divergence; `Guides/FlowLayout.md` explains it.
    ///
    /// - Complexity: O(log sections + log lines + k).
    func appendOnePass(in rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        let tested = appendIndexed(in: rect, into: &buffer, pinned: true, leftAligned: false)
        let vertical = isVertical
        var margin = 0.0
        var lowest = -Double.greatestFiniteMagnitude
        for position in buffer.indices where buffer[position].kind.category == .cell {
            let section = sections[buffer[position].path.section]
            var frame = buffer[position].frame
            if vertical {
                if frame.origin.y >= lowest { margin = section.lineLeadingInset }
                frame.origin.x = margin
                margin = frame.maxX + section.interitemSpacing
                lowest = Swift.max(frame.maxY, lowest)
            } else {
                if frame.origin.x >= lowest { margin = section.lineLeadingInset }
                frame.origin.y = margin
                margin = frame.maxY + section.interitemSpacing
                lowest = Swift.max(frame.maxX, lowest)
            }
            buffer[position].frame = frame
        }
        return tested
    }
}
