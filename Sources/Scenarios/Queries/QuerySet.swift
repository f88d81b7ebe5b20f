import LayoutModel
import SeededRandom

/// Builds the seeded set of rect queries a verification run asks every strategy and storage.
///
/// About 40% are viewport bounds swept over the whole content, 25% random rects, 20% edge-aligned rects, 8% empty
/// and 7% outside; every category gets at least one query. The same inputs always give the same queries.
public struct QuerySet {
    /// The content size of the prepared layout.
    public var contentSize: Size
    /// The viewport size; sweeps and random rects are scaled to it.
    public var viewport: Size
    /// The data source's counts, to pick items for edge-aligned rects.
    public let counts: ItemCounts
    /// The frame of an item as the layout gives it at a content offset (pinned items pinned).
    public var frameOfItem: (_ path: ElementPath, _ contentOffset: Point) -> Rect
    /// The number of items, counted once.
    private let itemTotal: Int

    /// The most items for which the infinite rect (which returns every element) is asked.
    public static let infiniteRectCellLimit = 250_000

    /// Creates a generator.
    public init(contentSize: Size, viewport: Size, counts: ItemCounts,
                frameOfItem: @escaping (_ path: ElementPath, _ contentOffset: Point) -> Rect) {
        self.contentSize = contentSize
        self.viewport = viewport
        self.counts = counts
        self.frameOfItem = frameOfItem
        self.itemTotal = counts.totalItems
    }

    /// Creates a generator over a grid of `rows` sections of `columns` items.
    public init(contentSize: Size, viewport: Size, rows: Int, columns: Int,
                frameOfCell: @escaping (_ row: Int, _ column: Int, _ contentOffset: Point) -> Rect) {
        self.init(contentSize: contentSize, viewport: viewport,
                  counts: .uniform(sections: rows, itemsPerSection: columns)) { path, offset in
            frameOfCell(path.section, path.item, offset)
        }
    }


    /// `count` queries from `seed` of `shape`: ``make(count:seed:)`` for ``QueryRectShape/any``,
    /// ``makeVisible(count:seed:)`` for ``QueryRectShape/visible``.
    public func make(count: Int, seed: UInt64, shape: QueryRectShape) -> [VerificationQuery] {
        switch shape {
        case .any: make(count: count, seed: seed)
        case .visible: makeVisible(count: count, seed: seed)
        }
    }

    /// `count` queries of the rects UIKit sends (``QueryRectShape/visible``), from `seed`, grouped by category. Each
    /// rect spans the bounds across the axes the view does not scroll along (``ScrollAxes``), and each query's
    /// content offset is the visible rect's origin, where the collection view is when it asks:
    /// - 40% ``VerificationQuery/Category/viewport``: the bounds at offsets swept over the scrollable range, with
    ///   fractional offsets and a bounce of up to 10% of the viewport past both ends;
    /// - 30% ``VerificationQuery/Category/prefetch``: the bounds at a seeded offset, extended behind and ahead by up
    ///   to one viewport length each (the prefetch region);
    /// - 20% ``VerificationQuery/Category/edgeAligned``: the bounds with their leading or trailing edge exactly on
    ///   an item's edge along a scrolling axis;
    /// - 10% ``VerificationQuery/Category/outside``: the bounds overscrolled past an end by up to half a viewport.
    ///
    /// No empty, negative-size, NaN, infinite, null or sideways rect: UIKit sends none.
    public func makeVisible(count: Int, seed: UInt64) -> [VerificationQuery] {
        if let bounded = boundedCopy { return bounded.makeVisible(count: count, seed: seed) }
        var rng = SeededGenerator(seed: seed ^ 0x5669_7369_626C_6552)
        let axes = ScrollAxes(contentSize: contentSize, viewport: viewport)
        let shares: [(VerificationQuery.Category, Double)] = [
            (.viewport, 0.40), (.prefetch, 0.30), (.edgeAligned, 0.20), (.outside, 0.10),
        ]
        var queries: [VerificationQuery] = []
        queries.reserveCapacity(count)
        for (category, n) in Self.apportion(count, shares) {
            for i in 0..<n {
                queries.append(visibleQuery(category, index: i, of: n, axes: axes, rng: &rng))
            }
        }
        return queries
    }

    /// How many of `count` queries each category gets, in order: its share of `count` rounded, at least 1, but
    /// never so many that a later category is left none while any remain; the last category takes what remains.
    private static func apportion(_ count: Int, _ shares: [(VerificationQuery.Category, Double)])
        -> [(category: VerificationQuery.Category, count: Int)]
    {
        var remaining = count
        return shares.enumerated().map { index, element in
            let (category, share) = element
            let left = shares.count - index - 1
            let wanted = index == shares.count - 1 ? remaining : Swift.max(1, Int((Double(count) * share).rounded()))
            let n = Swift.max(0, Swift.min(wanted, remaining - left))
            remaining -= n
            return (category, n)
        }
    }

    /// One query of ``makeVisible(count:seed:)``.
    private func visibleQuery(_ category: VerificationQuery.Category, index: Int, of count: Int, axes: ScrollAxes,
                              rng: inout SeededGenerator) -> VerificationQuery {
        let maxX = Swift.max(0, contentSize.width - viewport.width)
        let maxY = Swift.max(0, contentSize.height - viewport.height)
        /// A seeded offset in the scrollable range, 0 across the axes the view does not scroll along.
        func reachable() -> Point {
            Point(x: axes.horizontal ? Double.random(in: 0...maxX, using: &rng).rounded() : 0,
                  y: axes.vertical ? Double.random(in: 0...maxY, using: &rng).rounded() : 0)
        }
        var offset: Point
        var before = 0.0, after = 0.0
        switch category {
        case .viewport:
            // A lattice over the range along the scrolling axes (both, for content that scrolls both ways),
            // a little past both ends, with a fractional jitter as a decelerating scroll view has.
            let fraction = count == 1 ? 0.5 : Double(index) / Double(count - 1)
            let jitter = Double.random(in: 0..<1, using: &rng) / 7
            func along(_ scrolls: Bool, _ maximum: Double, _ extent: Double) -> Double {
                guard scrolls else { return 0 }
                return -0.1 * extent + fraction * (maximum + 0.2 * extent) + jitter
            }
            offset = Point(x: along(axes.horizontal, maxX, viewport.width),
                           y: along(axes.vertical, maxY, viewport.height))
        case .prefetch:
            offset = reachable()
            let extent = axes.vertical ? viewport.height : viewport.width
            before = (Double.random(in: 0...1, using: &rng) * extent).rounded()
            after = (Double.random(in: 0...1, using: &rng) * extent).rounded()
        case .edgeAligned:
            offset = reachable()
            let frame = randomCellFrame(offset: offset, rng: &rng)
            if !frame.isNull {
                let leading = Bool.random(using: &rng)
                if axes.vertical {
                    offset.y = leading ? (index % 2 == 0 ? frame.minY : frame.maxY)
                        : (index % 2 == 0 ? frame.maxY : frame.minY) - viewport.height
                } else {
                    offset.x = leading ? (index % 2 == 0 ? frame.minX : frame.maxX)
                        : (index % 2 == 0 ? frame.maxX : frame.minX) - viewport.width
                }
            }
        default:
            // Overscrolled past the start or the end by up to half a viewport.
            offset = reachable()
            let depth = Double.random(in: 0...0.5, using: &rng)
            let pastEnd = index % 2 == 1
            if axes.vertical {
                offset.y = pastEnd ? maxY + (depth * viewport.height).rounded() : -(depth * viewport.height).rounded()
            } else {
                offset.x = pastEnd ? maxX + (depth * viewport.width).rounded() : -(depth * viewport.width).rounded()
            }
        }
        return VerificationQuery(category: category, contentOffset: offset,
                                 rect: axes.visibleRect(at: offset, viewport: viewport, before: before, after: after))
    }

    /// `count` queries from `seed`, grouped by category.
    ///
    /// A content size or viewport that is not finite, negative, or beyond ``LayoutLimits/maximumContentExtent`` (the
    /// families refuse such content, but a user's family may not) is clamped into that range first, so that every
    /// range the queries are drawn from is finite and never traps.
    public func make(count: Int, seed: UInt64) -> [VerificationQuery] {
        if let bounded = boundedCopy { return bounded.make(count: count, seed: seed) }
        var rng = SeededGenerator(seed: seed ^ 0x5175_6572_7953_6574)
        let shares: [(VerificationQuery.Category, Double)] = [
            (.viewport, 0.40), (.random, 0.25), (.edgeAligned, 0.20), (.empty, 0.08), (.outside, 0.07),
        ]
        var queries: [VerificationQuery] = []
        queries.reserveCapacity(count)
        for (category, n) in Self.apportion(count, shares) {
            switch category {
            case .viewport: queries += viewportSweep(count: n, rng: &rng)
            case .random: queries += (0..<n).map { _ in randomQuery(rng: &rng) }
            case .edgeAligned: queries += (0..<n).map { edgeAligned(variant: $0, rng: &rng) }
            case .empty: queries += (0..<n).map { empty(variant: $0, rng: &rng) }
            case .outside: queries += (0..<n).map { outside(variant: $0, rng: &rng) }
            case .prefetch: break  // the visible shape's only
            }
        }
        return queries
    }

    /// This set with its content size and viewport ``bounded(_:)``, or `nil` when both already are.
    private var boundedCopy: QuerySet? {
        let content = Self.bounded(contentSize), visible = Self.bounded(viewport)
        guard content != contentSize || visible != viewport else { return nil }
        var set = self
        set.contentSize = content
        set.viewport = visible
        return set
    }

    /// `size` with each side in 0 ... ``LayoutLimits/maximumContentExtent``: NaN and negative sides read as 0.
    static func bounded(_ size: Size) -> Size {
        func side(_ value: Double) -> Double {
            value.isNaN ? 0 : Swift.min(Swift.max(0, value), LayoutLimits.maximumContentExtent)
        }
        return Size(width: side(size.width), height: side(size.height))
    }

    /// The range of content offsets a viewport can scroll through, extended by a bounce of 10% at each end.
    private func offsetRange(_ content: Double, _ viewport: Double) -> ClosedRange<Double> {
        let bounce = viewport * 0.1
        return (-bounce)...(Swift.max(0, content - viewport) + bounce)
    }

    private func randomOffset(rng: inout SeededGenerator) -> Point {
        Point(x: Double.random(in: offsetRange(contentSize.width, viewport.width), using: &rng).rounded(),
              y: Double.random(in: offsetRange(contentSize.height, viewport.height), using: &rng).rounded())
    }

    /// Viewport bounds on a lattice of offsets covering the whole scrollable range, row by row, with fractional
    /// offsets (as a decelerating scroll view produces).
    private func viewportSweep(count: Int, rng: inout SeededGenerator) -> [VerificationQuery] {
        guard count > 0 else { return [] }
        let xs = offsetRange(contentSize.width, viewport.width)
        let ys = offsetRange(contentSize.height, viewport.height)
        let across = Swift.max(1, Int(Double(count).squareRoot().rounded(.down)))
        let down = (count + across - 1) / across
        return (0..<count).map { i in
            let fx = across == 1 ? 0.5 : Double(i % across) / Double(across - 1)
            let fy = down == 1 ? 0.5 : Double(i / across) / Double(down - 1)
            let jitter = Double.random(in: 0..<1, using: &rng)
            let offset = Point(x: xs.lowerBound + fx * (xs.upperBound - xs.lowerBound) + jitter / 3,
                               y: ys.lowerBound + fy * (ys.upperBound - ys.lowerBound) + jitter / 7)
            return VerificationQuery(category: .viewport, contentOffset: offset,
                                     rect: Rect(origin: offset, size: viewport))
        }
    }

    private func randomQuery(rng: inout SeededGenerator) -> VerificationQuery {
        let offset = randomOffset(rng: &rng)
        let x = Double.random(in: (-0.1 * contentSize.width)...(1.1 * contentSize.width + 1), using: &rng)
        let y = Double.random(in: (-0.1 * contentSize.height)...(1.1 * contentSize.height + 1), using: &rng)
        let w = Double.random(in: 0...(2 * viewport.width), using: &rng)
        let h = Double.random(in: 0...(2 * viewport.height), using: &rng)
        return VerificationQuery(category: .random, contentOffset: offset, rect: Rect(x: x, y: y, width: w, height: h))
    }

    /// The frame of a random item; the null rect when there are no items.
    private func randomCellFrame(offset: Point, rng: inout SeededGenerator) -> Rect {
        let sections = counts.numberOfSections
        guard sections > 0, itemTotal > 0 else { return .null }
        while true {
            let section = Int.random(in: 0..<sections, using: &rng)
            let items = counts.numberOfItems(inSection: section)
            if items > 0 {
                return frameOfItem(ElementPath(section: section, item: Int.random(in: 0..<items, using: &rng)), offset)
            }
        }
    }

    private func edgeAligned(variant: Int, rng: inout SeededGenerator) -> VerificationQuery {
        let offset = randomOffset(rng: &rng)
        let f = randomCellFrame(offset: offset, rng: &rng)
        let w = Double(Int.random(in: 1...Int(Swift.max(2, viewport.width)), using: &rng))
        let h = Double(Int.random(in: 1...Int(Swift.max(2, viewport.height)), using: &rng))
        let rect: Rect
        switch variant % 8 {
        case 0: rect = Rect(x: f.maxX, y: f.minY, width: w, height: h)  // touching the right edge
        case 1: rect = Rect(x: f.minX - w, y: f.minY, width: w, height: h)  // touching the left edge
        case 2: rect = Rect(x: f.minX, y: f.maxY, width: w, height: h)  // touching the bottom edge
        case 3: rect = Rect(x: f.minX, y: f.minY - h, width: w, height: h)  // touching the top edge
        case 4: rect = Rect(x: f.maxX, y: f.maxY, width: w, height: h)  // touching the bottom-right corner
        case 5: rect = Rect(x: f.minX - w, y: f.minY - h, width: w, height: h)  // touching the top-left corner
        case 6: rect = f  // exactly the cell
        default: rect = Rect(x: f.maxX, y: f.maxY, width: -w, height: -h)  // negative size ending on the corner
        }
        return VerificationQuery(category: .edgeAligned, contentOffset: offset, rect: rect)
    }

    private func empty(variant: Int, rng: inout SeededGenerator) -> VerificationQuery {
        let offset = randomOffset(rng: &rng)
        let f = randomCellFrame(offset: offset, rng: &rng)
        let x = Double.random(in: 0...Swift.max(1, contentSize.width), using: &rng)
        let y = Double.random(in: 0...Swift.max(1, contentSize.height), using: &rng)
        let rect: Rect
        switch variant % 5 {
        case 0: rect = Rect(x: f.minX, y: f.minY, width: 0, height: 0)  // a point on a cell's corner
        case 1: rect = Rect(x: x, y: y, width: 0, height: viewport.height)  // a vertical line
        case 2: rect = Rect(x: x, y: y, width: viewport.width, height: 0)  // a horizontal line
        case 3: rect = Rect(x: f.maxX, y: f.maxY, width: -0.0, height: -0.0)  // negative zero size
        default: rect = Rect(x: x, y: y, width: -viewport.width, height: -viewport.height)  // negative size
        }
        return VerificationQuery(category: .empty, contentOffset: offset, rect: rect)
    }

    private func outside(variant: Int, rng: inout SeededGenerator) -> VerificationQuery {
        let offset = randomOffset(rng: &rng)
        let w = viewport.width, h = viewport.height
        let cw = contentSize.width, ch = contentSize.height
        let rect: Rect
        switch variant % 9 {
        case 0: rect = Rect(x: -w - 1, y: -h - 1, width: w, height: h)  // above and left, not touching
        case 1: rect = Rect(x: cw + 1, y: 0, width: w, height: h)  // right of the content
        case 2: rect = Rect(x: 0, y: ch + 1, width: w, height: h)  // below the content
        case 3: rect = Rect(x: -w, y: 0, width: w, height: h)  // touching the left edge of the content
        case 4: rect = Rect(x: 0, y: ch, width: w, height: h)  // touching the bottom edge of the content
        case 5: rect = .null
        case 6: rect = Rect(x: .nan, y: 0, width: w, height: h)
        case 7:
            let small = itemTotal <= Self.infiniteRectCellLimit
            rect = small ? .infinite : Rect(x: -1e300, y: -1e300, width: 1e300 - 1, height: 1e300 - 1)
        default: rect = Rect(x: -.infinity, y: 0, width: w, height: h)  // infinite origin: matches nothing
        }
        return VerificationQuery(category: .outside, contentOffset: offset, rect: rect)
    }
}
