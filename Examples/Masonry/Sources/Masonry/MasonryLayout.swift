import LayoutModel
import Layouts

/// A masonry (waterfall, Pinterest-style) layout: items flow into equal-width columns, each into the shortest column.
///
/// Geometry, all in points:
/// - The container is ``containerWidth`` (390) wide. There are `columns` columns of equal width with `spacing`
///   between neighbouring columns and at both outer edges:
///   `columnWidth = (containerWidth - spacing * (columns + 1)) / columns`, and column `c` starts at
///   `x = spacing + c * (columnWidth + spacing)`.
/// - An item's height is its size provider height scaled to the column width and rounded up to a whole point:
///   `ceil(height * columnWidth / width)`.
/// - Within a section, items are placed in order, each at the top of the currently shortest column (ties go to the
///   leftmost), and `spacing` below the previous item of that column.
/// - The first section starts `spacing` below the top of the content. Every other section starts `spacing` below the
///   bottom of the tallest column of the sections before it, with every column starting level. An empty section
///   takes no space.
/// - The content is ``containerWidth`` wide and reaches `spacing` below the lowest item (0 tall without items).
///
/// There are no supplementary elements and nothing is pinned; every item is a cell with zIndex 0. The width is fixed,
/// so no bounds change invalidates.
///
/// Storage is compact: one array of ``LayoutModel/LayoutAttributes`` in path order (section by section), the index of
/// each section's first item in it, and per column the indices of its items (sorted by minY, as they are placed) with
/// a running maximum of their maxY, which the `indexed` query searches.
public final class MasonryLayout<Sizes: GridSizeProvider>: MeasuredLayout {
    /// The width of the container, fixed for this example: an iPhone's width in portrait.
    public static var containerWidth: Double { 390 }

    /// The number of columns (at least 1).
    public let columns: Int
    /// The gap between columns, between items of a column, between sections, and at the content's edges.
    public let spacing: Double
    /// The width of every column.
    public let columnWidth: Double
    /// The size provider; an item's height is scaled from it to ``columnWidth``.
    public let sizes: Sizes

    /// Every item's attributes, in path order.
    private var attributes: [LayoutAttributes] = []
    /// The index in ``attributes`` of each section's first item, and one more entry: the item count.
    private var sectionStart: [Int] = []
    /// For each column `c`, its items are `columnItems[columnStart[c] ..< columnStart[c + 1]]`.
    private var columnStart: [Int] = []
    /// The indices in ``attributes`` of each column's items, column by column, each column's in order of minY.
    private var columnItems: [Int32] = []
    /// `columnMaxY[j]`: the largest maxY of the items of `columnItems[j]`'s column up to and including `j`.
    private var columnMaxY: [Double] = []
    /// Where the next item of each column goes while preparing: the column's bottom plus `spacing`.
    private var columnNext: [Double] = []
    private var needsRebuild = true

    /// The size of the content, valid after ``prepare(in:)``.
    public private(set) var contentSize: Size = .zero

    /// The variant the collection view's entry point uses; `indexed` unless set.
    public var activeVariant: QueryVariant {
        didSet { precondition(Self.variants.contains(activeVariant), "masonry has no variant '\(activeVariant)'") }
    }

    /// Creates an unprepared layout of `columns` columns with `spacing` between them, sizing items with `sizes`.
    ///
    /// - Precondition: `columns >= 1`, `spacing >= 0`, and the columns have a positive width
    ///   (`spacing * (columns + 1) < containerWidth`).
    public init(sizes: Sizes, columns: Int = 3, spacing: Double = 8) {
        precondition(columns >= 1, "a masonry layout needs at least one column")
        precondition(spacing >= 0 && spacing.isFinite, "spacing must be finite and not negative")
        let width = Self.columnWidth(columns: columns, spacing: spacing)
        precondition(width > 0, "columns must have a positive width")
        self.sizes = sizes
        self.columns = columns
        self.spacing = spacing
        self.columnWidth = width
        self.activeVariant = Self.indexed
    }

    /// The width of each of `columns` columns with `spacing` between them and at both edges of the container.
    public static func columnWidth(columns: Int, spacing: Double) -> Double {
        (containerWidth - spacing * Double(columns + 1)) / Double(columns)
    }

    // MARK: Variants

    /// The reference: every item tested.
    public static var naive: QueryVariant {
        QueryVariant(name: "naive", summary: "every item tested against the rect (the reference)",
                     testsEveryElement: true, tag: 0)
    }

    /// Per column, a binary search for the first item reaching the rect's top, then a walk to its bottom.
    public static var indexed: QueryVariant {
        QueryVariant(name: "indexed", summary: "per column, binary search over the running max of maxY, then a walk "
                         + "while minY <= the rect's maxY", tag: 1)
    }

    /// `naive` and `indexed`.
    public static var variants: [QueryVariant] { [naive, indexed] }

    public var queryVariants: [QueryVariant] { Self.variants }

    public var referenceVariant: QueryVariant { Self.naive }

    // MARK: Preparation

    /// Places every item when the last invalidation asked for it, reading the counts from `state`.
    ///
    /// Arrays keep their capacity across rebuilds and are reserved for the item count, so a rebuild of the same
    /// counts allocates nothing.
    ///
    /// - Returns: one recomputed element and one size query per item, or nothing when nothing was invalidated.
    /// - Complexity: O(n · c + s) for n items, c columns and s sections (the shortest column is a scan of the
    ///   columns); O(1) when nothing was invalidated.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        guard needsRebuild else { return .none }
        needsRebuild = false

        let columns = self.columns, spacing = self.spacing, columnWidth = self.columnWidth
        let sections = state.numberOfSections
        var itemCount = 0
        for section in 0..<sections { itemCount += state.numberOfItems(inSection: section) }

        // Work on uniquely held locals (keeping their capacity), so the loops neither copy nor go through the class.
        var attributes = Self.take(&self.attributes), sectionStart = Self.take(&self.sectionStart)
        var columnStart = Self.take(&self.columnStart), columnNext = Self.take(&self.columnNext)
        var columnItems = Self.take(&self.columnItems), columnMaxY = Self.take(&self.columnMaxY)
        defer {
            self.attributes = attributes
            self.sectionStart = sectionStart
            self.columnStart = columnStart
            self.columnNext = columnNext
            self.columnItems = columnItems
            self.columnMaxY = columnMaxY
        }
        attributes.reserveCapacity(itemCount)
        sectionStart.reserveCapacity(sections + 1)
        columnNext.append(contentsOf: repeatElement(spacing, count: columns))
        columnStart.append(contentsOf: repeatElement(0, count: columns + 1))

        // Pass 1: place every item in path order, counting each column's items in columnStart[c + 1].
        var top = spacing
        for section in 0..<sections {
            sectionStart.append(attributes.count)
            let items = state.numberOfItems(inSection: section)
            guard items > 0 else { continue }
            for c in 0..<columns { columnNext[c] = top }
            for item in 0..<items {
                var shortest = 0
                for c in 1..<columns where columnNext[c] < columnNext[shortest] { shortest = c }
                let size = sizes.size(row: section, column: item)
                let height = (size.height * columnWidth / size.width).rounded(.up)
                let frame = Rect(x: spacing + Double(shortest) * (columnWidth + spacing), y: columnNext[shortest],
                                 width: columnWidth, height: height)
                attributes.append(LayoutAttributes(frame: frame, path: ElementPath(section: section, item: item)))
                columnNext[shortest] = frame.origin.y + height + spacing
                columnStart[shortest + 1] += 1
            }
            top = columnNext.max() ?? top
        }
        sectionStart.append(attributes.count)
        contentSize = Size(width: Self.containerWidth, height: attributes.isEmpty ? 0 : top)

        // Pass 2: a stable counting sort of the items by column. Path order is minY order within a column, because
        // each item goes below the column's previous one. columnStart[c] serves as column c's fill cursor, which
        // leaves it at the start of column c + 1; shifting by one restores the starts.
        for c in 0..<columns { columnStart[c + 1] += columnStart[c] }
        columnItems.append(contentsOf: repeatElement(0, count: itemCount))
        for index in attributes.indices {
            let c = column(ofX: attributes[index].frame.origin.x)
            columnItems[columnStart[c]] = Int32(truncatingIfNeeded: index)
            columnStart[c] += 1
        }
        for c in stride(from: columns, to: 0, by: -1) { columnStart[c] = columnStart[c - 1] }
        columnStart[0] = 0

        // The running max of maxY down each column: the key the indexed query searches.
        columnMaxY.reserveCapacity(itemCount)
        for c in 0..<columns {
            var runningMax = -Double.infinity
            for j in columnStart[c]..<columnStart[c + 1] {
                let frame = attributes[Int(columnItems[j])].frame
                runningMax = max(runningMax, frame.origin.y + frame.size.height)
                columnMaxY.append(runningMax)
            }
        }
        return PreparationWork(recomputedElements: itemCount, sizeQueries: itemCount)
    }

    /// Empties `array` keeping its capacity, and returns it uniquely held.
    private static func take<Element>(_ array: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// The column whose left edge is `x`, recovered from a placed frame.
    @inline(__always)
    private func column(ofX x: Double) -> Int {
        min(columns - 1, max(0, Int(((x - spacing) / (columnWidth + spacing)).rounded())))
    }

    // MARK: Queries

    /// The attributes of every item whose frame intersects `rect`, found with ``activeVariant``.
    ///
    /// - Complexity: that of ``activeVariant``: see ``attributesForElements(in:into:using:)``.
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        attributesForElements(in: rect, into: &buffer, using: activeVariant)
    }

    /// Replaces the contents of `buffer` with the attributes of every item whose frame intersects `rect` (in the sense
    /// of ``LayoutModel/Rect/intersects(_:)``), found with `variant`. It keeps the buffer's capacity, and allocates
    /// only when the buffer must grow.
    ///
    /// - Returns: the number of items whose frames were tested.
    /// - Complexity: `naive`: O(n) for n items. `indexed`: O(c · log(n / c) + k) for c columns and k items tested,
    ///   where k is the number of items that reach the rect's vertical span in each column (the items in a rect as
    ///   wide as the content, plus at most one per column).
    @discardableResult
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        buffer.removeAll(keepingCapacity: true)
        let attributes = self.attributes
        if variant.tag == Self.naive.tag {
            for element in attributes where element.frame.intersects(rect) { buffer.append(element) }
            return attributes.count
        }
        guard !rect.isNull else { return 0 }
        let edges = rect.standardizedEdges
        let columnStart = self.columnStart, columnItems = self.columnItems, columnMaxY = self.columnMaxY
        var tested = 0
        for c in 0..<columns {
            let end = columnStart[c + 1]
            // The first item of the column whose running max of maxY reaches the rect's top: every item before it
            // ends above the rect. (Touching edges intersect, hence >=.)
            var low = columnStart[c], high = end
            while low < high {
                let mid = low &+ (high &- low) / 2
                if columnMaxY[mid] < edges.minY { low = mid &+ 1 } else { high = mid }
            }
            // Items are sorted by minY: once one starts below the rect, so do the rest.
            var j = low
            while j < end {
                let element = attributes[Int(columnItems[j])]
                guard element.frame.origin.y <= edges.maxY else { break }
                tested += 1
                if element.frame.intersects(rect) { buffer.append(element) }
                j += 1
            }
        }
        return tested
    }

    /// The attributes of the item at `path`, or `nil` when there is no such item.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section + 1 < sectionStart.count, path.item >= 0 else { return nil }
        let index = sectionStart[path.section] + path.item
        return index < sectionStart[path.section + 1] ? attributes[index] : nil
    }

    // MARK: Invalidation

    /// The width is fixed, so no bounds change invalidates.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool { false }

    /// Records a rebuild when `context` invalidates everything, the data source's counts, the delegate's metrics, or
    /// names items (any item's height moves every later item of its column). Pinned elements alone change nothing:
    /// there are none.
    ///
    /// - Complexity: O(1); the work happens in the next ``prepare(in:)``.
    public func invalidate(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateDelegateMetrics
            || !context.invalidatedItemPaths.isEmpty
        {
            needsRebuild = true
        }
    }

    // MARK: Accounting

    /// The bytes of every array the layout keeps, by capacity.
    ///
    /// - Complexity: O(1).
    public var attributeBytes: Int {
        attributes.capacity * MemoryLayout<LayoutAttributes>.stride
            + (sectionStart.capacity + columnStart.capacity) * MemoryLayout<Int>.stride
            + columnItems.capacity * MemoryLayout<Int32>.stride
            + (columnMaxY.capacity + columnNext.capacity) * MemoryLayout<Double>.stride
    }

    /// Nothing is pinned.
    ///
    /// - Complexity: O(1).
    public func isPinned(_ attributes: LayoutAttributes) -> Bool { false }
}
