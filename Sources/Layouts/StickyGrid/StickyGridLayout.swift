import LayoutModel
import RectIndex

/// The sticky grid this project started from: rows are sections, columns are items, and the first `stickyRows` rows
/// and `stickyColumns` columns stay pinned to the content offset while the rest scrolls.
///
/// `prepare()` lays cells out left to right and top to bottom from the size provider, accumulating offsets, with
/// integral frames (`Rect.integral`); a row is as tall as its tallest cell. The prepared frames go into an attribute
/// store (``AttributeStorageKind``) and are queried with a ``RectIndex/RectQueryStrategy``.
///
/// Pinned cells are not moved in the store, which keeps its frames sorted for the searches: a query covers the grid
/// as four ``RectIndex/GridRegion``s (body, sticky rows, sticky columns, corner), each moved by the pinning offset it
/// needs. A cell of a sticky row has its `y` increased by the content offset's `y`, a cell of a sticky column its `x`
/// by the offset's `x`, as in the seed.
public final class StickyGridLayout: MeasuredLayout {
    /// The zIndex tiers: a cell in a sticky row and a sticky column draws over a cell in one of them, which draws
    /// over a plain cell.
    public enum ZIndex {
        /// A cell in neither a sticky row nor a sticky column.
        public static let plain = 0
        /// A cell in a sticky row or a sticky column, but not both.
        public static let sticky = 1
        /// A cell in both a sticky row and a sticky column.
        public static let corner = 2
    }

    /// The source of cell sizes.
    public let sizes: any GridSizeProvider
    /// How many leading rows are pinned to the top of the bounds.
    public let stickyRows: Int
    /// How many leading columns are pinned to the left of the bounds.
    public let stickyColumns: Int
    /// The strategy ``attributesForElements(in:into:)`` uses.
    public var strategy: RectQueryStrategy
    /// The prepared frames.
    public let store: any GridFrameStore
    /// The grid's axes when ``sizes`` is separable: the store itself in prefix-sums storage, otherwise a second,
    /// O(R + C) store kept beside it for the ``RectIndex/RectQueryStrategy/prefixSums`` query. `nil` for per-cell
    /// sizes.
    public let axes: PrefixSumsGridFrames?
    /// ``sizes`` as separable, or `nil`; cast once here, because a cast to an existential boxes a large provider on
    /// the heap, and a full-invalidation frame rebuilds on every frame.
    let separableSizes: (any SeparableGridSizeProvider)?
    /// ``sizes`` as a provider of whole rows, or `nil`; cast once, as ``separableSizes``.
    private let rowSizes: (any GridRowSizeProvider)?
    /// ``store`` as compact storage, or `nil`: a per-cell rebuild writes its cells straight into it.
    private let compactStore: CompactGridFrames?
    /// The sizes of one row, reused by every rebuild so that a rebuild allocates nothing once it has run.
    private var rowSizeScratch: [Size] = []

    /// The offset that pinned cells are moved by: the content offset at the last `prepare()`.
    // Read by every query and written only by `prepare()`: without `@exclusivity(unchecked)` each read of this
    // class's `var` is a dynamic exclusivity check (`swift_beginAccess`, about 80 instructions of a 3,000-instruction
    // prefix-sums query). The layout is not shared between threads.
    @exclusivity(unchecked) public private(set) var pinningOffset: Point = .zero
    /// The bounds at the last `prepare()`.
    public var preparedBounds: Rect { preparation.bounds }
    /// The pinned cells that intersect ``preparedBounds``, computed by the last `prepare()`.
    private var pinnedInBounds: [LayoutAttributes] = []
    /// What the next `prepare()` recomputes, and the bounds of the last one.
    private var preparation = PinnedPreparation(policy: .pinnedCells)
    /// How a batch update is answered: ``UpdateStrategy/full`` rebuilds; ``UpdateStrategy/incremental`` (separable
    /// sizes in prefix-sums storage) updates the axes from the batch's steps (`StickyGridLayout+Updates.swift`).
    public let updates: UpdateStrategy
    /// The batch the next `prepare()` applies to the axes, in incremental mode.
    var pendingUpdate: BatchUpdatePlan?
    /// In incremental mode, the provider's height of every row and width of every column at the last `prepare()`:
    /// what the axes are summed from, so that a batch re-sums them without asking the provider again.
    var axisHeights: [Double] = []
    var axisWidths: [Double] = []
    /// Whether the kept row heights are the store's row extents, and ``axisHeights`` is not kept: true after a row
    /// batch moved the kept rows by whole amounts (`PrefixSumsGridFrames.shiftWholeRows`). Every row sum is then
    /// whole, so each extent is its row's height exactly. Such a batch moves no height, where keeping
    /// ``axisHeights`` moved every height after each section step (issue 39); a batch that folds the rows again
    /// writes ``axisHeights`` first (`keepHeights`).
    var heightsInStore = false
    /// In incremental mode, whether every running sum of ``axisHeights`` was a whole number below 2^52 at the last
    /// layout of the rows (a grid of whole points): a row batch then moves the kept rows instead of folding them
    /// again (`PrefixSumsGridFrames.shiftWholeRows`).
    var rowSumsWhole = false
    /// The same for ``axisWidths``: a column batch then moves the kept columns.
    var columnSumsWhole = false
    /// The lists of the last grid batch, emptied and reused by the next.
    var batchScratch = GridBatchScratch()

    /// Creates a sticky grid layout.
    ///
    /// - Parameters:
    ///   - sizes: the size of each cell.
    ///   - stickyRows: leading rows pinned to the top; must not be negative.
    ///   - stickyColumns: leading columns pinned to the left; must not be negative.
    ///   - storage: how prepared attributes are held.
    ///   - strategy: how rect queries search them.
    ///   - updates: how a batch update is answered; ``UpdateStrategy/incremental`` needs separable sizes
    ///     (``SeparableGridSizeProvider``) and ``AttributeStorageKind/prefixSums`` storage.
    ///
    /// The layout invalidates through its own contexts; ``FullInvalidationLayout`` gives the seeds' full mode.
    public init(
        sizes: any GridSizeProvider,
        stickyRows: Int = 0,
        stickyColumns: Int = 0,
        storage: AttributeStorageKind = .compact,
        strategy: RectQueryStrategy = .binarySearch,
        updates: UpdateStrategy = .full
    ) {
        precondition(stickyRows >= 0 && stickyColumns >= 0, "sticky counts cannot be negative")
        precondition(updates == .full || (sizes is any SeparableGridSizeProvider && storage == .prefixSums),
                     "incremental updates need separable sizes in prefix-sums storage")
        self.updates = updates
        self.sizes = sizes
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
        self.strategy = strategy
        let store = storage.makeStore()
        self.store = store
        separableSizes = sizes as? any SeparableGridSizeProvider
        rowSizes = sizes as? any GridRowSizeProvider
        compactStore = store as? CompactGridFrames
        if let axes = store as? PrefixSumsGridFrames {
            self.axes = axes
        } else {
            self.axes = separableSizes != nil ? PrefixSumsGridFrames() : nil
        }
    }

    /// Whether ``RectIndex/RectQueryStrategy/prefixSums`` can answer: the sizes are separable, or the store is prefix
    /// sums.
    public var offersPrefixSums: Bool { axes != nil }

    /// The store that answers `strategy`: the axes for prefix sums, otherwise ``store``.
    @inline(__always)
    private func store(for strategy: RectQueryStrategy) -> any GridFrameStore {
        if strategy != .prefixSums { return store }
        guard let axes else { Self.prefixSumsUnavailable() }
        return axes
    }

    /// Stops a prefix-sums query of per-cell sizes.
    @inline(never)
    private static func prefixSumsUnavailable() -> Never {
        preconditionFailure("prefix-sums is unavailable for per-cell sizes: this sticky grid's size provider is "
            + "not separable; use linear-scan, row-buckets or binary-search")
    }

    /// The number of rows (sections) prepared.
    public var rowCount: Int { store.rowCount }
    /// The number of columns (items per section) prepared.
    public var columnCount: Int { store.columnCount }

    /// The extent of the cells. Rows without columns (a batch deleted every column) have no cells and no extent,
    /// in every storage (prefix-sums storage alone would give their axis's height).
    public var contentSize: Size { store.columnCount == 0 ? Size(width: 0, height: 0) : store.contentExtent }

    /// Computes what the last invalidation asked for.
    ///
    /// - After an invalidation of everything, of the counts or of the size metrics: reads the counts again, lays out
    ///   every cell from the size provider, and pins the sticky cells.
    /// - After an invalidation of the pinned cells only (a scroll in ``InvalidationMode/context`` mode): re-pins the
    ///   sticky cells to the content offset, computing the attributes of those that intersect the new bounds.
    ///
    /// - Complexity: O(R x C) after a rebuild; O(log R + pinned cells in the bounds) after a scroll.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        var work = PreparationWork.none
        if let plan = pendingUpdate {
            pendingUpdate = nil
            if let applied = applyGridBatch(plan, in: state) {
                work = applied
                preparation.record(InvalidationContext(invalidatePinnedElements: true))
            } else {
                preparation.requireRebuild()
            }
        }
        if preparation.takeRebuild() {
            let rows = state.numberOfSections
            guard let columns = state.counts.uniformItemCount else {
                preconditionFailure("a grid needs the same number of items in every section")
            }
            work.sizeQueries = rebuild(rows: rows, columns: columns)
            work.recomputedElements = rows * columns
        }
        if preparation.takeRepin(for: state.bounds) {
            pinningOffset = state.contentOffset
            pinnedInBounds.removeAll(keepingCapacity: true)
            let bounds = state.bounds
            if let axes {
                // Prefix sums: the three pinned regions in one call, each row and column range searched once.
                axes.query(bounds, in: pinnedGrid, includingBody: false, into: &pinnedInBounds)
            } else {
                // Per-cell sizes: binary search, the three pinned regions in one call.
                store.query(bounds, in: pinnedGrid, using: .binarySearch, includingBody: false, into: &pinnedInBounds)
            }
            if work.recomputedElements == 0 { work.recomputedElements = pinnedInBounds.count }
        }
        return work
    }

    /// Lays out every cell from the size provider: the axes in O(R + C) when the sizes are separable, and every cell
    /// into a per-cell store.
    ///
    /// Frames are `Rect(x, y, width, height).integral` of the running offsets, rounded without libm
    /// (``LayoutModel/Rect/integral``); sizes come a row at a time from a ``GridRowSizeProvider``.
    ///
    /// A separable grid's cells are its axes': column `c`'s running `x` and width are the same in every row, row
    /// `r`'s running `y` and height the same in every column, so each cell's integral frame is its column's `x` and
    /// width with its row's `y` and height. A per-cell store is then filled from the axes, asking each width and
    /// height once, not once per cell.
    ///
    /// - Returns: the number of sizes asked of the provider.
    /// - Complexity: O(R + C) in prefix-sums storage with separable sizes; O(R x C) otherwise.
    private func rebuild(rows: Int, columns: Int) -> Int {
        if let axes, let separableSizes {
            rebuildAxes(axes, sizes: separableSizes, rows: rows, columns: columns)
            if axes === store { return rows + columns }
            if rows > 0 && columns > 0 {
                store.rebuild(rows: rows, columns: columns, column: { c in
                    let frame = axes.frame(row: 0, column: c)
                    return (frame.origin.x, frame.size.width)
                }, row: { r in
                    let frame = axes.frame(row: r, column: 0)
                    return (frame.origin.y, frame.size.height)
                })
                return rows + columns
            }
        }
        let sizes = self.sizes, rowSizes = self.rowSizes
        var y = 0.0
        let scratchCount = rowSizes == nil ? 0 : columns
        var scratch: [Size] = []
        swap(&scratch, &rowSizeScratch)
        if scratch.count != scratchCount { scratch = Array(repeating: Size(width: 0, height: 0), count: scratchCount) }
        defer { swap(&scratch, &rowSizeScratch) }
        scratch.withUnsafeMutableBufferPointer { scratch in
            if let compactStore, let rowSizes {
                Self.rebuildCompact(compactStore, rows: rows, columns: columns, sizes: rowSizes, scratch: scratch)
                return
            }
            store.rebuild(rows: rows, columns: columns) { row, frames in
                if let rowSizes {
                    rowSizes.fillSizes(row: row, into: scratch)
                } else {
                    for column in 0..<columns { frames[column].size = sizes.size(row: row, column: column) }
                }
                y += Self.layOutRow(row, y: y, sizes: rowSizes == nil ? nil : UnsafeBufferPointer(scratch),
                                    frames: frames)
            }
        }
        return rows * columns
    }

    /// Lays out every cell into compact storage, a row at a time: each row's cells go straight into the store
    /// (``GridRowSizeProvider/writeRow(_:y:scratch:into:)``, by default ``writeRow(y:into:size:)`` over the row's
    /// sizes), with no `Rect` written and read back per cell; a row outside that path's domain, or that the store's
    /// checks refuse, is laid out again as frames from its sizes at the same `y` (``layOutRow(_:y:sizes:frames:)``),
    /// which names a bad size as the frames path does.
    private static func rebuildCompact(_ store: CompactGridFrames, rows: Int, columns: Int,
                                       sizes: any GridRowSizeProvider, scratch: UnsafeMutableBufferPointer<Size>) {
        // Row `current` starts at `y`; the next row at `nextY`. The store asks for a row as frames only after it
        // asked for it through the writer, or when the row has no cells (then it never asks through the writer).
        var y = 0.0, nextY = 0.0, current = -1
        let rowSizes = UnsafeBufferPointer(scratch)
        store.rebuild(rows: rows, columns: columns, writeRow: { row, writer in
            current = row
            y = nextY
            guard let height = sizes.writeRow(row, y: y, scratch: scratch, into: &writer) else { return false }
            nextY = y + height
            return true
        }, fillRow: { row, frames in
            if row != current {
                current = row
                y = nextY
            }
            // The sizes again: a provider that writes its rows need not have stored them.
            sizes.fillSizes(row: row, into: scratch)
            nextY = y + layOutRow(row, y: y, sizes: rowSizes, frames: frames)
        })
    }

    /// Lays out one row at `y` from `sizes` (or from the sizes already in `frames`), and returns its height.
    @inline(__always)
    private static func layOutRow(_ row: Int, y: Double, sizes: UnsafeBufferPointer<Size>?,
                                  frames: UnsafeMutableBufferPointer<Rect>) -> Double {
        // One loop per source of sizes, so that the loop does not test the optional per cell.
        if let sizes {
            if let height = layOutSmallCells(y: y, frames: frames, sizes: sizes) { return height }
            return layOutCells(row, y: y, frames: frames) { sizes[$0] }
        }
        return layOutCells(row, y: y, frames: frames) { frames[$0].size }
    }

    /// Lays out a row's cells as ``layOutCells(_:y:frames:size:)`` does, bit for bit, with no branch a cell, when
    /// every size is non-negative and every edge stays below 2^52 (the domain of the rounding by 2^52); returns the
    /// row's height then, and `nil` otherwise (the frames written are then meaningless, and the caller lays the row
    /// out again with the checks that name a bad size).
    ///
    /// Why it is exact: with sizes at least zero the running `x` never decreases, so every right edge is at most the
    /// row's last, and every `y + height` at most `y` plus the tallest height; when those two are below 2^52 every
    /// rounding is in the domain where ``nonNegativeRounding(_:)`` skips its range test. The row's height is
    /// `Swift.max`'s `h >= r ? h : r`, written `r > h ? r : h`, which is the same when no height is NaN.
    @inline(__always)
    private static func layOutSmallCells(y: Double, frames: UnsafeMutableBufferPointer<Rect>,
                                         sizes: UnsafeBufferPointer<Size>) -> Double? {
        @inline(__always) func mask(_ condition: Bool) -> UInt64 { 0 &- UInt64(condition ? 1 : 0) }
        @inline(__always) func one(if condition: Bool) -> Double {
            Double(bitPattern: mask(condition) & (1.0 as Double).bitPattern)
        }
        guard y >= 0 && y < 0x1p52 else { return nil }
        var x = 0.0
        var x0 = 0.0
        var rowHeight = 0.0
        var negative: UInt64 = 0
        let y0 = y.integralFloor
        for column in 0..<frames.count {
            let size = sizes[column]
            // Not `>= 0` catches NaN too.
            negative |= mask(!(size.width >= 0)) | mask(!(size.height >= 0))
            let right = x + size.width
            let nearRight = (right + 0x1p52) - 0x1p52
            let bottom = y + size.height
            let nearBottom = (bottom + 0x1p52) - 0x1p52
            frames[column] = Rect(x: x0, y: y0, width: (nearRight + one(if: nearRight < right)) - x0,
                                  height: (nearBottom + one(if: nearBottom < bottom)) - y0)
            x = right
            x0 = nearRight - one(if: nearRight > right)
            rowHeight = rowHeight > size.height ? rowHeight : size.height
        }
        guard negative == 0 && x < 0x1p52 && y + rowHeight < 0x1p52 else { return nil }
        return rowHeight
    }

    /// Lays out a row's cells left to right. Each cell is `Rect(x: x, y: y, width: w, height: h).integral` of the
    /// running `x`, computed with fewer roundings than four a cell:
    /// - the running `x` and `y` start at zero and grow by checked, non-negative sizes, so they are never negative
    ///   (nor `-0.0`: `0.0 + -0.0` is `0.0`), and ``nonNegativeRounding(_:)`` rounds them with no sign handling;
    /// - a cell's right edge, `ceil(x + w)`, and the next cell's left edge, `floor(x + w)`, round the same value: one
    ///   rounding to the nearest integer gives both;
    /// - the row's `floor(y)` is computed once.
    ///
    /// The results are bit for bit `integralFloor` and `integralCeiling` of the same values (the layout invariant
    /// tests compare every frame with libm's rounding).
    @inline(__always)
    private static func layOutCells(_ row: Int, y: Double, frames: UnsafeMutableBufferPointer<Rect>,
                                    size sizeOf: (Int) -> Size) -> Double {
        var x = 0.0
        var x0 = 0.0
        var rowHeight = 0.0
        let y0 = y.integralFloor
        for column in 0..<frames.count {
            let size = sizeOf(column)
            // `0 <= w < infinity` is false for NaN, negative and infinite sizes; once both are at least 0, their
            // `max` is below infinity exactly when both are (four comparisons, not the classification of each).
            if !(size.width >= 0 && size.height >= 0 && Swift.max(size.width, size.height) < .infinity) {
                invalidSize(size, row: row, column: column)
            }
            let right = x + size.width
            let (rightFloor, rightCeiling) = nonNegativeRounding(right)
            frames[column] = Rect(x: x0, y: y0, width: rightCeiling - x0,
                                  height: nonNegativeRounding(y + size.height).ceiling - y0)
            x = right
            x0 = rightFloor
            rowHeight = Swift.max(rowHeight, size.height)
        }
        return rowHeight
    }

    /// `(v.integralFloor, v.integralCeiling)` for a `v` that is `+0.0` or positive (or NaN or infinite, returned as
    /// they are), from one rounding to the nearest integer: adding and subtracting 2^52 rounds any smaller `v`
    /// exactly (see `Double.integralFloor`); the floor is one less when that rounded up, the
    /// ceiling one more when it rounded down. A zero result is `+0.0`, as both functions give for a non-negative `v`.
    @inline(__always)
    static func nonNegativeRounding(_ v: Double) -> (floor: Double, ceiling: Double) {
        if !(v < 0x1p52) { return (v, v) }
        let nearest = (v + 0x1p52) - 0x1p52
        // Steps of 0.0 or 1.0 made as bit masks, so that they compile to compares and `and`s: a select of two values
        // compiles to a branch on which way the rounding went, which random sizes mispredict about half the time.
        @inline(__always) func one(if condition: Bool) -> Double {
            Double(bitPattern: (0 &- UInt64(condition ? 1 : 0)) & (1.0 as Double).bitPattern)
        }
        return (nearest - one(if: nearest > v), nearest + one(if: nearest < v))
    }

    /// Lays out the axes of a separable grid: column `c` spans the integral of the running `x`, row `r` that of the
    /// running `y`, exactly as ``layOutRow(_:y:sizes:frames:)`` rounds each cell. The values go straight into the
    /// store's buffers, in one call for the whole grid.
    ///
    /// - Complexity: O(R + C).
    private func rebuildAxes(_ axes: PrefixSumsGridFrames, sizes: any SeparableGridSizeProvider, rows: Int,
                             columns: Int) {
        if updates == .incremental {
            // Kept for the next batch, which re-sums them (`StickyGridLayout+Updates.swift`).
            Self.readAxisSizes(sizes, rows: rows, columns: columns, heights: &axisHeights, widths: &axisWidths)
            heightsInStore = false
            layOutAxes(from: axes)
            return
        }
        axes.rebuild(rows: rows, columns: columns) { columnMinX, columnWidth, rowMinY, rowHeight in
            // Opened once, so that each size is a call through the witness table, not a projection of the box too.
            Self.layOutAxes(sizes, columnMinX: columnMinX, columnWidth: columnWidth, rowMinY: rowMinY,
                            rowHeight: rowHeight)
        }
    }

    static func layOutAxes<Sizes: SeparableGridSizeProvider>(
        _ sizes: Sizes, columnMinX: UnsafeMutableBufferPointer<Double>, columnWidth: UnsafeMutableBufferPointer<Double>,
        rowMinY: UnsafeMutableBufferPointer<Double>, rowHeight: UnsafeMutableBufferPointer<Double>
    ) {
        let columnsValid = layOutAxis(count: columnMinX.count, start: columnMinX, extent: columnWidth) {
            sizes.columnWidth($0)
        }.valid
        if !columnsValid {
            for column in 0..<columnMinX.count {
                let w = sizes.columnWidth(column)
                if !(w >= 0 && w < .infinity) { invalidSize(Size(width: w, height: 0), row: 0, column: column) }
            }
        }
        let rowsValid = layOutAxis(count: rowMinY.count, start: rowMinY, extent: rowHeight) {
            sizes.rowHeight($0)
        }.valid
        if !rowsValid {
            for row in 0..<rowMinY.count {
                let h = sizes.rowHeight(row)
                if !(h >= 0 && h < .infinity) { invalidSize(Size(width: 0, height: h), row: row, column: 0) }
            }
        }
    }

    /// Lays out one axis from its sizes, from item `first` on (0 for a whole axis): item `i` spans `floor(s)` to
    /// `ceil(s + size)`, `s` being the running sum of the sizes before it, as ``layOutCells(_:y:frames:size:)`` rounds
    /// a cell. Returns whether every size from `first` on was finite and not negative, checked with no branch per
    /// item (the caller names the first that is not).
    ///
    /// The items before `first` are left as they are (an incremental update keeps them): the running sum at `first`
    /// is the same left fold of the sizes before it, the same adds in the same order, so the same value, and every
    /// later item is laid out from it exactly as the whole fold lays it out. The running sum after item `i` is both
    /// the value item `i` ends at (rounded up) and the one item `i + 1` starts at (rounded down), so it is computed
    /// once and rounded both ways, which share their work.
    ///
    /// While the running sum is a whole number (every size so far a whole number, as in a grid of whole points),
    /// rounding it either way gives it back, so item `i` spans `s` to `s + size` with no rounding: the same values,
    /// bit for bit, at half the instructions. The first sum that is not whole (tested exactly, see
    /// ``isWholeForFold(_:)``) hands the rest of the axis to the rounding fold, from the same sum.
    ///
    /// - Parameter sumBefore: the running sum of the sizes before `first`, when the caller knows it exactly
    ///   (`PrefixSumsGridFrames.exactRowStart(_:)`); `nil` adds them again.
    @inline(__always)
    static func layOutAxis(count: Int, from first: Int = 0, sumBefore: Double? = nil,
                           start: UnsafeMutableBufferPointer<Double>, extent: UnsafeMutableBufferPointer<Double>,
                           size: (Int) -> Double) -> (valid: Bool, whole: Bool) {
        @inline(__always) func bit(_ b: Bool) -> Int { b ? 1 : 0 }
        // An axis the batch did not change from `first` on: nothing to lay out, and no sum to resume from.
        guard first < count else { return (true, true) }
        var sum = 0.0
        if let sumBefore {
            sum = sumBefore
        } else {
            for i in 0..<first { sum = sum + size(i) }
        }
        var valid = 1
        var first = first
        // Whether every sum from `first` on is whole: the unrounded loop ran to the end.
        var whole = isWholeForFold(sum)
        if whole {
            while first < count {
                let d = size(first)
                let next = sum + d
                valid &= bit(d >= 0) & bit(d < .infinity)
                // `floor(sum)` is `sum`, and `ceil(next)` is `next` while it is whole: the rounding fold's values.
                start[first] = sum
                whole = isWholeForFold(next)
                extent[first] = (whole ? next : next.integralCeiling) - sum
                sum = next
                first += 1
                // The first sum with a fraction: the rounding fold takes the rest, from it (each size read once).
                if !whole { break }
            }
        }
        var floorOfSum = sum.integralFloor
        for i in first..<count {
            let d = size(i)
            valid &= bit(d >= 0) & bit(d < .infinity)
            let next = sum + d
            start[i] = floorOfSum
            extent[i] = next.integralCeiling - floorOfSum
            floorOfSum = next.integralFloor
            sum = next
        }
        return (valid != 0, whole)
    }

    /// Whether rounding `v` down and up (`integralFloor`, `integralCeiling`) both give `v` back, bit for bit: `v`
    /// is a whole number in `0 ..< 2^52` (or `-0.0`, which both roundings keep), where adding and removing 2^52
    /// rounds to the nearest whole number and so changes only a value that is not whole. Negative values, larger
    /// ones, infinities and NaN answer `false` (the rounding fold takes them, as before).
    @inline(__always)
    static func isWholeForFold(_ v: Double) -> Bool {
        v >= 0 && v < 0x1p52 && (v + 0x1p52) - 0x1p52 == v
    }

    /// The unpinned cells: every row and column after the sticky ones.
    @inline(__always)
    private var bodyRegion: GridRegion {
        GridRegion(rows: Swift.min(stickyRows, store.rowCount)..<store.rowCount,
                   columns: Swift.min(stickyColumns, store.columnCount)..<store.columnCount, zIndex: ZIndex.plain)
    }

    /// The body and the pinned regions as one ``PinnedGrid``: the stores query them in one call. Its body is
    /// ``bodyRegion``.
    @inline(__always)
    private var pinnedGrid: PinnedGrid {
        PinnedGrid(pinnedRows: stickyRows, pinnedColumns: stickyColumns, offset: pinningOffset,
                   plainZIndex: ZIndex.plain, stickyZIndex: ZIndex.sticky, cornerZIndex: ZIndex.corner)
    }

    /// Replaces `buffer` with the cells that intersect `rect`, pinned cells at their pinned positions, all found by
    /// searching the store with `strategy`: the entry point for comparing strategies, which never takes the
    /// prepared pinned cells.
    ///
    /// - Returns: the number of cells whose frames were tested.
    /// - Complexity: that of `strategy`.
    @discardableResult
    public func attributesForElements(
        in rect: Rect, into buffer: inout [LayoutAttributes], using strategy: RectQueryStrategy
    ) -> Int {
        buffer.removeAll(keepingCapacity: true)
        if strategy == .prefixSums {
            // The four regions in one call: they share two row ranges and two column ranges.
            guard let axes else { Self.prefixSumsUnavailable() }
            return axes.query(rect, in: pinnedGrid, into: &buffer)
        }
        // The four regions in one call, which shares the store's reader between them.
        return store.query(rect, in: pinnedGrid, using: strategy, includingBody: true, into: &buffer)
    }

    /// Replaces `buffer` with the cells that intersect `rect`, found with ``strategy``: the collection view's entry
    /// point.
    ///
    /// When `rect` is the bounds of the last `prepare()`, as a collection view asks on every frame, the pinned cells
    /// are the ones `prepare()` computed and only the body is searched.
    ///
    /// - Complexity: that of ``strategy`` over the body, plus O(pinned cells in the bounds).
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard rect == preparedBounds else {
            attributesForElements(in: rect, into: &buffer, using: strategy)
            return
        }
        buffer.removeAll(keepingCapacity: true)
        store(for: strategy).query(rect, in: bodyRegion, using: strategy, into: &buffer)
        buffer.append(contentsOf: pinnedInBounds)
    }

    /// The attributes of one cell, pinned where it is sticky.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        let row = path.section, column = path.item
        guard row >= 0, row < store.rowCount, column >= 0, column < store.columnCount else { return nil }
        let inStickyRow = row < stickyRows, inStickyColumn = column < stickyColumns
        let frame = store.frame(row: row, column: column).offsetBy(
            dx: inStickyColumn ? pinningOffset.x : 0, dy: inStickyRow ? pinningOffset.y : 0)
        let zIndex = inStickyRow && inStickyColumn ? ZIndex.corner : (inStickyRow || inStickyColumn ? ZIndex.sticky : ZIndex.plain)
        return LayoutAttributes(frame: frame, path: path, zIndex: zIndex)
    }

    /// A scroll invalidates only when there are pinned cells to move; a size change always does.
    ///
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        newBounds.size != state.bounds.size
            || ((stickyRows > 0 || stickyColumns > 0) && newBounds.origin != state.bounds.origin)
    }

    /// The pinned cells, and the size metrics too when the size of the bounds changes.
    ///
    /// - Complexity: O(1); the context holds no collections.
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        InvalidationContext(
            invalidateDelegateMetrics: newBounds.size != state.bounds.size, invalidatePinnedElements: true)
    }

    /// Records what the next `prepare()` must recompute: everything after a change of counts, of size metrics or of
    /// named items (a cell's size moves every cell after it); the pinned cells after a scroll.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext) {
        pendingUpdate = nil
        preparation.record(context)
    }

    /// In the incremental update strategy, records a batch update's plan, whose steps the next `prepare()` applies,
    /// when nothing else asks for a rebuild; otherwise records the context as ``invalidate(with:)`` does.
    ///
    /// - Complexity: O(1).
    public func invalidate(with context: InvalidationContext, batchUpdates plan: BatchUpdatePlan) {
        guard updates == .incremental, !context.invalidateEverything, !context.invalidateDelegateMetrics,
              context.invalidatedItemPaths.isEmpty, pendingUpdate == nil, !preparation.needsRebuild
        else { return invalidate(with: context) }
        pendingUpdate = plan
        var rest = context
        rest.invalidateDataSourceCounts = false
        preparation.record(rest)
    }
}

/// Stops with a message naming the cell whose size cannot be laid out; kept out of line so the layout loop stays tight.
@inline(never)
func invalidSize(_ size: Size, row: Int, column: Int) -> Never {
    preconditionFailure("cell [\(row), \(column)] has size \(size): sizes must be finite and non-negative")
}
