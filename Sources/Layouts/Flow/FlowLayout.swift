import LayoutModel

/// A headless `UICollectionViewFlowLayout`: lines broken greedily along the scroll direction, leftover space
/// distributed as UIKit does, items centred across their line, headers and footers per section, optionally pinned
/// to the visible bounds. The rules and their sources are in `Guides/FlowLayout.md`.
///
/// `prepare()` computes everything into three compact arrays and no per-item objects: ``sections`` (one record
/// per section along the scroll axis), ``lines`` (origin, extent and first item of each line) and ``frames`` (one
/// `Rect` per item, 32 bytes, in section then item order). Queries write into the caller's buffer and allocate
/// nothing.
///
/// Pinned headers and footers are not moved in the arrays: a query computes their frames from the bounds of the
/// last `prepare()` (``pinningBounds``), so a scroll in context mode only records the new bounds.
public final class FlowLayout: MeasuredLayout, QueryFrontDoor {
    /// Which query variants the layout offers.
    public enum VariantSet: Sendable, Hashable {
        /// `naive` (the reference) and `indexed`.
        case standard
        /// The left-aligned subclass: the flow engine lays items out justified (what `super` returns) and the
        /// subclass moves them left, as `recursive`, `one-pass` or `indexed` (left positions computed in
        /// `prepare()`); `naive` over the prepared left positions is the reference.
        case leftAlignedSubclass
    }

    /// The configuration.
    public let configuration: FlowConfiguration
    /// The variants offered.
    public let variantSet: VariantSet
    /// The variant the collection view's entry point uses.
    public var activeVariant: QueryVariant

    /// The prepared sections, sorted along the scroll axis.
    public internal(set) var sections: [FlowSectionRecord] = []
    /// The prepared lines, sorted along the scroll axis, in section order.
    public internal(set) var lines: [FlowLineRecord] = []
    /// The prepared item frames, in section then item order (justified in ``VariantSet/leftAlignedSubclass``).
    public internal(set) var frames: [Rect] = []
    /// The left-aligned position along the line of each item, in ``VariantSet/leftAlignedSubclass`` only.
    public internal(set) var leftPositions: [Double] = []
    /// The layout's extent across the scroll axis at the last rebuild: the bounds' width when vertical.
    public private(set) var crossExtent: Double = 0
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    public var pinningBounds: Rect { preparation.bounds }
    /// The content size.
    public private(set) var contentSize: Size = .zero

    /// What the next `prepare()` recomputes, and the bounds of the last one.
    var preparation = PinnedPreparation(policy: .supplementaryPinning, bounds: .zero)
    /// Scratch space for the variants that query the engine more than once; kept so steady state allocates nothing.
    var scratch: [LayoutAttributes] = []
    /// The sections the as-written global-header query collects, reused across queries.
    var sectionScratch: [Int] = []

    /// Creates a flow layout; it invalidates through its own contexts (``FullInvalidationLayout`` gives full mode).
    public init(_ configuration: FlowConfiguration, variants: VariantSet = .standard) {
        self.configuration = configuration
        self.variantSet = variants
        activeVariant = configuration.pinning == .globalHeader ? FlowQueryVariants.lean : FlowQueryVariants.indexed
    }

    /// Whether the layout scrolls vertically.
    @inlinable public var isVertical: Bool { configuration.scrollDirection == .vertical }

    /// Whether section headers move with the bounds.
    public var pinsHeaders: Bool {
        switch configuration.pinning {
        case .none: false
        case let .visibleBounds(headers, _): headers
        case .globalHeader: true
        }
    }

    /// Whether section footers move with the bounds.
    public var pinsFooters: Bool {
        if case let .visibleBounds(_, footers) = configuration.pinning { return footers }
        return false
    }

    /// Whether anything moves with the bounds.
    public var pinsAnything: Bool { pinsHeaders || pinsFooters }

    /// Computes what the last invalidation asked for.
    ///
    /// - After an invalidation of everything, of the counts, of the delegate metrics or of named items: asks the
    ///   metrics and every item's size again and lays out every line.
    /// - After a scroll in context mode with pinned headers or footers: records the new bounds, against which
    ///   queries place pinned elements, and counts the pinned elements in them.
    ///
    /// - Complexity: O(n + sections) after a rebuild; O(log sections + pinned elements in the bounds) after a
    ///   scroll.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        var work = PreparationWork.none
        if preparation.takeRebuild() { work = rebuild(state) }
        if preparation.takeRepin(for: state.bounds) {
            if work.recomputedElements == 0 && pinsAnything { work.recomputedElements = pinnedElementCount() }
        }
        return work
    }

    /// Lays every section out from the metrics and the item sizes.
    ///
    /// - Complexity: O(n + sections).
    func rebuild(_ state: CollectionViewState) -> PreparationWork {
        let vertical = isVertical
        let bounds = state.bounds.standardized
        let cross = vertical ? bounds.size.width : bounds.size.height
        crossExtent = cross
        let sectionCount = state.numberOfSections
        var total = 0
        for section in 0..<sectionCount { total += state.numberOfItems(inSection: section) }
        // The arrays are moved into locals for the loop: a class's stored properties pay a dynamic exclusivity
        // check on every access, locals none (70 ns an item became ~30 ns).
        var sections = self.sections, lines = self.lines, frames = self.frames, leftPositions = self.leftPositions
        self.sections = []
        self.lines = []
        self.frames = []
        self.leftPositions = []
        defer {
            self.sections = sections
            self.lines = lines
            self.frames = frames
            self.leftPositions = leftPositions
        }
        sections.removeAll(keepingCapacity: true)
        sections.reserveCapacity(sectionCount)
        lines.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(total)
        let subclass = variantSet == .leftAlignedSubclass
        if subclass {
            leftPositions.removeAll(keepingCapacity: true)
            leftPositions.reserveCapacity(total)
        }
        let alignment: FlowAlignment = subclass ? .justified : configuration.alignment
        var cursor = 0.0
        var widest = 0.0
        var linesReserved = false
        let metricsProvider = configuration.metrics
        // Hoisted out of the item loop, so no item pays for matching the enum or copying the existential.
        let provider: (any GridSizeProvider)?, uniform: Size
        switch configuration.itemSizing {
        case let .uniform(size): (provider, uniform) = (nil, size)
        case let .provider(sizes): (provider, uniform) = (sizes, .zero)
        }
        for section in 0..<sectionCount {
            let metrics = metricsProvider.metrics(forSection: section)
            let count = state.numberOfItems(inSection: section)
            let inset = metrics.sectionInset
            let header = metrics.headerReferenceSize, footer = metrics.footerReferenceSize
            let headerExtent = Swift.max(0, vertical ? header.height : header.width)
            let footerExtent = Swift.max(0, vertical ? footer.height : footer.width)
            let leading = vertical ? inset.left : inset.top, trailing = vertical ? inset.right : inset.bottom
            let scrollStart = vertical ? inset.top : inset.left, scrollEnd = vertical ? inset.bottom : inset.right
            let spacing = metrics.minimumInteritemSpacing, lineSpacing = metrics.minimumLineSpacing
            let available = cross - leading - trailing
            var record = FlowSectionRecord(
                start: cursor, bodyStart: cursor + headerExtent, bodyEnd: 0, end: 0, firstLine: lines.count,
                lineEnd: 0, firstItem: frames.count, itemCount: count, lineLeadingInset: leading,
                lineTrailingInset: trailing, interitemSpacing: spacing)
            cursor = record.bodyStart + scrollStart
            var lineStart = frames.count, used = 0.0, lineExtent = 0.0
            for item in 0..<count {
                let size = provider?.size(row: section, column: item) ?? uniform
                // `0 <= w < infinity` is false for NaN, negative and infinite sizes.
                if !(size.width >= 0 && size.width < .infinity && size.height >= 0 && size.height < .infinity) {
                    invalidItemSize(size, section: section, item: item)
                }
                let along = vertical ? size.width : size.height, across = vertical ? size.height : size.width
                if frames.count > lineStart {
                    if used + spacing + along > available {
                        Self.closeLine(&frames, &lines, &leftPositions, vertical: vertical, subclass: subclass,
                                       from: lineStart, origin: cursor, extent: lineExtent, used: used, isLast: false,
                                  leading: leading, available: available, spacing: spacing, alignment: alignment)
                        cursor = cursor + lineExtent + lineSpacing
                        lineStart = frames.count
                        used = along
                        lineExtent = across
                    } else {
                        used = used + spacing + along
                        lineExtent = Swift.max(lineExtent, across)
                    }
                } else {
                    used = along
                    lineExtent = across
                }
                widest = Swift.max(widest, leading + along + trailing)
                // The size waits in the frame until its line closes and places it.
                frames.append(Rect(x: 0, y: 0, width: along, height: across))
            }
            if count > 0 {
                Self.closeLine(&frames, &lines, &leftPositions, vertical: vertical, subclass: subclass,
                               from: lineStart, origin: cursor, extent: lineExtent, used: used, isLast: true,
                          leading: leading, available: available, spacing: spacing, alignment: alignment)
                cursor += lineExtent
            }
            cursor += scrollEnd
            record.bodyEnd = cursor
            cursor += footerExtent
            record.end = cursor
            record.lineEnd = lines.count
            sections.append(record)
            // Once a few thousand items are laid out, reserve the lines the rest will need at the same rate (a
            // tenth more), so the lines array is not copied by doubling at 10^8 items.
            if !linesReserved && frames.count >= 4096 {
                linesReserved = true
                let rate = Double(lines.count) / Double(frames.count)
                let projected = Int((rate * Double(total) * 1.1).rounded(.up)) + sectionCount
                if projected > lines.capacity { lines.reserveCapacity(projected) }
            }
        }
        let crossContent = Swift.max(cross, widest)
        contentSize = vertical ? Size(width: crossContent, height: cursor) : Size(width: cursor, height: crossContent)
        return PreparationWork(recomputedElements: total + 2 * sectionCount,
                               sizeQueries: total)
    }

    /// Where the first of a line's `count` items starts along it and the gap after each item, by UIKit's rule
    /// (`Guides/FlowLayout.md`): justified, the leftover space widens the gaps of a line of two or more items, a lone
    /// item is centred, and the last line is spaced as if completed with copies of its last item (`lastAlong` long);
    /// left-aligned, the leading inset and the minimum spacing. `used` is the items' extents and the minimum
    /// spacings between them, summed item by item. The one place the rule lives: ``IncrementalFlowLayout`` calls it
    /// too, so both give the same positions.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func lineSpacing(count: Int, used: Double, isLast: Bool, lastAlong: @autoclosure () -> Double,
                            leading: Double, available: Double, spacing: Double,
                            alignment: FlowAlignment) -> (position: Double, gap: Double) {
        var position = leading, gap = spacing
        if alignment == .justified {
            var slots = count, filled = used
            if isLast {
                // UIKit spaces the last line as if it were completed with copies of its last item.
                let step = spacing + lastAlong()
                if step > 0 && available - used >= step {
                    var copies = Int(((available - used) / step).rounded(.down))
                    while copies > 0 && used + Double(copies) * step > available { copies -= 1 }
                    slots += copies
                    filled = used + Double(copies) * step
                }
            }
            if slots >= 2 {
                gap = spacing + (available - filled) / Double(slots - 1)
            } else {
                position = leading + Swift.max(0, available - filled) / 2
            }
        }
        return (position, gap)
    }

    /// Places the items from `start` to the end of ``frames`` (their sizes waiting in the frames) as one line, and
    /// records the line.
    ///
    /// - Complexity: O(items in the line).
    @inline(__always)
    static func closeLine(_ frames: inout [Rect], _ lines: inout [FlowLineRecord], _ leftPositions: inout [Double],
                          vertical: Bool, subclass: Bool, from start: Int, origin: Double, extent: Double,
                          used: Double, isLast: Bool, leading: Double, available: Double, spacing: Double,
                          alignment: FlowAlignment) {
        let end = frames.count
        var (position, gap) = lineSpacing(count: end - start, used: used, isLast: isLast,
                                          lastAlong: frames.last?.size.width ?? 0, leading: leading,
                                          available: available, spacing: spacing, alignment: alignment)
        var left = leading
        frames.withUnsafeMutableBufferPointer { buffer in
            for index in start..<end {
                let along = buffer[index].size.width, across = buffer[index].size.height
                let offset = origin + (extent - across) / 2
                buffer[index] = vertical
                    ? Rect(x: position, y: offset, width: along, height: across)
                    : Rect(x: offset, y: position, width: across, height: along)
                position = position + along + gap
                if subclass {
                    leftPositions.append(left)
                    left = left + along + spacing
                }
            }
        }
        lines.append(FlowLineRecord(origin: origin, extent: extent, firstItem: start))
    }

    /// The number of pinned headers and footers in the pinning bounds: the elements a scroll recomputes.
    ///
    /// - Complexity: O(log sections + sections in the bounds).
    func pinnedElementCount() -> Int {
        let bounds = pinningBounds
        let (low, high) = scrollRange(of: bounds)
        let first = firstSection(endingAtOrAfter: low)
        var index = first, count = 0
        while index < sections.count && sections[index].start <= high {
            let section = sections[index]
            if pinsHeaders && section.headerExtent > 0 && headerFrame(index, section).frame.intersects(bounds) {
                count += 1
            }
            if pinsFooters && section.footerExtent > 0 && footerFrame(section).frame.intersects(bounds) { count += 1 }
            index += 1
        }
        // The global header is always in the bounds.
        if configuration.pinning == .globalHeader && first > 0 && sections[0].headerExtent > 0 { count += 1 }
        return count
    }

    /// The extent of `rect` along the scroll axis.
    @inline(__always)
    func scrollRange(of rect: Rect) -> (low: Double, high: Double) {
        let edges = rect.standardizedEdges
        return isVertical ? (edges.minY, edges.maxY) : (edges.minX, edges.maxX)
    }

    /// The first section whose trailing edge is at or after `position` (touching counts), or the section count.
    ///
    /// - Complexity: O(log sections).
    @inline(__always)
    func firstSection(endingAtOrAfter position: Double) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].end < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first line of `section` whose trailing edge is at or after `position`, or the section's line end.
    ///
    /// - Complexity: O(log lines in the section).
    @inline(__always)
    func firstLine(in section: FlowSectionRecord, endingAtOrAfter position: Double) -> Int {
        var low = section.firstLine, high = section.lineEnd
        while low < high {
            let mid = (low + high) >> 1
            if lines[mid].origin + lines[mid].extent < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// One past the last item of line `line`.
    @inline(__always)
    func itemEnd(ofLine line: Int) -> Int {
        line + 1 < lines.count ? lines[line + 1].firstItem : frames.count
    }

    /// The bytes the prepared arrays hold.
    public var attributeBytes: Int {
        sections.capacity * MemoryLayout<FlowSectionRecord>.stride
            + lines.capacity * MemoryLayout<FlowLineRecord>.stride
            + frames.capacity * MemoryLayout<Rect>.stride + leftPositions.capacity * MemoryLayout<Double>.stride
    }
}

/// Stops with a message naming the item whose size cannot be laid out; out of line so the layout loop stays tight.
///
/// The harness's families never get here (their content's sizes are checked, and a UIKit flow layout's own sizes by
/// its family's `problem(for:)`); a UIKit layout whose own delegate answers `sizeForItemAt` with NaN or a negative
/// size does, so this is `fatalError`, whose message a release build prints, not a `precondition`.
@inline(never)
func invalidItemSize(_ size: Size, section: Int, item: Int) -> Never {
    fatalError("item [\(section), \(item)] has size \(size): sizes must be finite and non-negative")
}
