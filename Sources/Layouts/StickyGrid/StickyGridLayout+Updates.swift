import LayoutModel
import RectIndex

// The incremental update strategy of the sticky grid (``UpdateStrategy/incremental``): separable sizes in prefix-sums
// storage, where the grid is its two axes. A batch's steps, recorded by `invalidate(with:batchUpdates:)`, are
// applied by the next `prepare()`:
// - the row axis: section steps remove and insert row heights (a moved row keeps its height; an inserted or
//   reloaded row asks the provider for its height);
// - the column axis: the item steps, which in a grid-shaped batch are the same column operations in every row, remove
//   and insert column widths once (a moved column keeps its width; an inserted one asks the provider);
// - the axes' starts are summed again from the kept sizes with the fresh build's left fold (``layOutAxis``: the
//   running sum `((0 + s0) + s1) + …`, each start its floor and each extent the ceiling of the next sum minus it), so
//   every frame is bit for bit that of a fresh build, and of the full strategy's ``StickyGridLayout`` in any storage,
//   which rounds the same running sums (``layOutCells``, or the same ``layOutAxis`` for separable sizes);
// - only from the first changed row and the first changed column on: the rows and columns before them keep their
//   stored starts and extents (the fold before them added the same sizes in the same order), and the running sum
//   the fold resumes from is those sizes added again, one add each, with no rounding or store
//   (``layOutAxis(count:from:start:extent:size:)`` from the first changed item). An axis the batch did not change is
//   not laid out again, and a batch of column operations keeps the rows' bucket table (`PrefixSumsGridFrames.update`);
// - a batch the plan took in its grid form (the same item calls in every row: `BatchUpdatePlan+Grid.swift`) gives its
//   column pattern once (`repeatedItemSteps`), so no step per row is read or compared.
// A batch that is not grid-shaped (rows left ragged, or a column operation missing from a row) is rebuilt, as the full
// strategy does.

extension StickyGridLayout {
    /// Reads every row's height and column's width from `sizes` into `heights` and `widths`.
    ///
    /// - Complexity: O(R + C) provider calls.
    static func readAxisSizes(_ sizes: any SeparableGridSizeProvider, rows: Int, columns: Int,
                              heights: inout [Double], widths: inout [Double]) {
        heights.removeAll(keepingCapacity: true)
        widths.removeAll(keepingCapacity: true)
        heights.reserveCapacity(rows)
        widths.reserveCapacity(columns)
        for row in 0..<rows { heights.append(sizes.rowHeight(row)) }
        for column in 0..<columns { widths.append(sizes.columnWidth(column)) }
    }

    /// Lays the axes out into `axes` from ``axisHeights`` and ``axisWidths``, with the fresh build's arithmetic
    /// (``layOutAxis(count:from:start:extent:size:)``); stops naming the first size that is not finite and
    /// non-negative.
    ///
    /// - Complexity: O(R + C), no provider call.
    func layOutAxes(from axes: PrefixSumsGridFrames) {
        let heights = axisHeights, widths = axisWidths
        axes.rebuild(rows: heights.count, columns: widths.count) { columnMinX, columnWidth, rowMinY, rowHeight in
            heights.withUnsafeBufferPointer { heights in
                widths.withUnsafeBufferPointer { widths in
                    if !Self.layOutAxis(count: widths.count, start: columnMinX, extent: columnWidth, size: { widths[$0] }) {
                        for (column, w) in widths.enumerated() where !(w >= 0 && w < .infinity) {
                            invalidSize(Size(width: w, height: 0), row: 0, column: column)
                        }
                    }
                    if !Self.layOutAxis(count: heights.count, start: rowMinY, extent: rowHeight, size: { heights[$0] }) {
                        for (row, h) in heights.enumerated() where !(h >= 0 && h < .infinity) {
                            invalidSize(Size(width: 0, height: h), row: row, column: 0)
                        }
                    }
                }
            }
        }
    }

    /// Lays the axes out into `axes` from ``axisHeights`` and ``axisWidths`` after a batch that kept the rows before
    /// `firstRow` and the columns before `firstColumn`: only the rest is laid out and checked, with the fresh
    /// build's arithmetic, so the result is bit for bit ``layOutAxes(from:)``'s.
    ///
    /// - Complexity: O(R - firstRow + C - firstColumn) stores and checks, plus one add per kept row and column
    ///   (the running sum the fold resumes from); no provider call.
    func layOutAxes(from axes: PrefixSumsGridFrames, firstRow: Int, firstColumn: Int) {
        let heights = axisHeights, widths = axisWidths
        axes.update(rows: heights.count, columns: widths.count, firstRow: firstRow, firstColumn: firstColumn) {
            columnMinX, columnWidth, rowMinY, rowHeight in
            heights.withUnsafeBufferPointer { heights in
                widths.withUnsafeBufferPointer { widths in
                    if !Self.layOutAxis(count: widths.count, from: firstColumn, start: columnMinX, extent: columnWidth,
                                        size: { widths[$0] }) {
                        for (column, w) in widths.enumerated() where !(w >= 0 && w < .infinity) {
                            invalidSize(Size(width: w, height: 0), row: 0, column: column)
                        }
                    }
                    if !Self.layOutAxis(count: heights.count, from: firstRow, start: rowMinY, extent: rowHeight,
                                        size: { heights[$0] }) {
                        for (row, h) in heights.enumerated() where !(h >= 0 && h < .infinity) {
                            invalidSize(Size(width: 0, height: h), row: row, column: 0)
                        }
                    }
                }
            }
        }
    }

    /// Applies a grid-shaped batch to the axes, or answers `nil` (the caller then rebuilds) when the batch is not
    /// grid-shaped or the layout keeps no axes to update.
    ///
    /// - Complexity: O(R + C + steps) (a section step removes or inserts in the row heights, O(R) each; a column
    ///   operation is one step per row, checked against the first row's, and one removal or insertion in the column
    ///   widths); provider calls only for the inserted or reloaded rows and columns.
    func applyGridBatch(_ plan: BatchUpdatePlan, in state: CollectionViewState) -> PreparationWork? {
        guard let axes, axes === store, let sizes = separableSizes, axisHeights.count == store.rowCount,
              axisWidths.count == store.columnCount, let newColumnCount = state.counts.uniformItemCount
        else { return nil }
        var heights: [Double] = [], widths: [Double] = []
        swap(&heights, &axisHeights)
        swap(&widths, &axisWidths)
        // The lists below keep their capacity from batch to batch, so a steady stream of batches allocates nothing.
        var scratch = GridBatchScratch()
        swap(&scratch, &batchScratch)
        if scratch.deletes.capacity == 0 {
            // The first batch reserves room for the ones after it, as the host's plan does at its first plan: its
            // lists for a typical batch, and an eighth more rows and columns in the kept sizes and the store's block,
            // so that a steady stream of batches allocates nothing until the grid has grown by an eighth (the edits
            // trace at 10^6 grew the block, 56 KB, in a counted update).
            scratch.reserveCapacity(8)
            heights.reserveCapacity(heights.count + heights.count / 8)
            widths.reserveCapacity(widths.count + widths.count / 8)
            axes.reserveGrowthRoom()
        }
        scratch.removeAll()
        defer { swap(&scratch, &batchScratch) }
        let oldRows = heights.count
        // Rows: section steps, in the plan's order.
        var survivors = oldRows
        // The first row a section step changes, and the first column an item step changes: everything before them
        // keeps its place and size.
        var firstRow = oldRows, firstColumn = Int.max
        var gridShaped = true
        if let repeated = plan.repeatedItemSteps {
            // The plan's grid form: the same item steps in every row, read once (no step per row to compare).
            gridShaped = repeated.sections == oldRows
            for entry in repeated.removed.reversed() { scratch.deletes.append(entry.item) }
            for entry in repeated.added { scratch.inserts.append((entry.item, entry.partner)) }
        } else {
            // Columns: the first row's item steps are the pattern every other row must repeat.
            var deleteGroups = 0, deleteSection = -1, deleteAt = 0
            var insertGroups = 0, insertSection = -1, insertAt = 0
            for step in plan.steps {
                switch step {
                case let .deleteSection(index):
                    firstRow = Swift.min(firstRow, index)
                    scratch.stashedRows.append((index, heights.remove(at: index)))
                    survivors -= 1
                case let .insertSection(index, source):
                    firstRow = Swift.min(firstRow, index)
                    if let source, let stash = scratch.stashedRows.firstIndex(where: { $0.index == source }) {
                        heights.insert(scratch.stashedRows[stash].height, at: index)
                        survivors += 1
                    } else {
                        heights.insert(0, at: index)
                        scratch.insertedRows.append(index)
                    }
                case let .deleteItem(path):
                    if path.section != deleteSection {
                        if deleteGroups > 0 && deleteAt != scratch.deletes.count { gridShaped = false }
                        deleteSection = path.section
                        deleteGroups += 1
                        deleteAt = 0
                    }
                    if deleteGroups == 1 {
                        scratch.deletes.append(path.item)
                    } else if deleteAt >= scratch.deletes.count || scratch.deletes[deleteAt] != path.item {
                        gridShaped = false
                    }
                    deleteAt += 1
                case let .insertItem(path, source):
                    let entry = (item: path.item, source: source?.item ?? -1)
                    if path.section != insertSection {
                        if insertGroups > 0 && insertAt != scratch.inserts.count { gridShaped = false }
                        insertSection = path.section
                        insertGroups += 1
                        insertAt = 0
                    }
                    if insertGroups == 1 {
                        scratch.inserts.append(entry)
                    } else if insertAt >= scratch.inserts.count || scratch.inserts[insertAt] != entry {
                        gridShaped = false
                    }
                    insertAt += 1
                }
            }
            if deleteGroups > 0 && (deleteAt != scratch.deletes.count || deleteGroups != survivors) {
                gridShaped = false
            }
            if insertGroups > 0 && (insertAt != scratch.inserts.count || insertGroups != survivors) {
                gridShaped = false
            }
        }
        guard gridShaped, heights.count == state.numberOfSections else { return nil }

        // Columns: an empty grid has none; when no row survives (the grid had none, or the batch deleted or
        // reloaded every one), the columns are the new rows' and every width comes from the provider.
        let oldColumns = widths.count
        if heights.isEmpty {
            widths.removeAll(keepingCapacity: true)
            firstColumn = 0
        } else if survivors == 0 {
            widths.removeAll(keepingCapacity: true)
            widths.append(contentsOf: repeatElement(0, count: newColumnCount))
            scratch.insertedColumns.append(contentsOf: 0..<newColumnCount)
            firstColumn = 0
        } else {
            for item in scratch.deletes {
                firstColumn = Swift.min(firstColumn, item)
                scratch.stashedColumns.append((item, widths.remove(at: item)))
            }
            for (item, source) in scratch.inserts {
                firstColumn = Swift.min(firstColumn, item)
                if source >= 0, let stash = scratch.stashedColumns.firstIndex(where: { $0.index == source }) {
                    widths.insert(scratch.stashedColumns[stash].width, at: item)
                } else {
                    widths.insert(0, at: item)
                    scratch.insertedColumns.append(item)
                }
            }
            guard widths.count == newColumnCount else { return nil }
        }
        for row in scratch.insertedRows { heights[row] = sizes.rowHeight(row) }
        for column in scratch.insertedColumns { widths[column] = sizes.columnWidth(column) }
        axisHeights = heights
        axisWidths = widths
        layOutAxes(from: axes, firstRow: Swift.min(firstRow, heights.count),
                   firstColumn: Swift.min(firstColumn, oldColumns, widths.count))
        return PreparationWork(recomputedElements: heights.count + widths.count,
                               sizeQueries: scratch.insertedRows.count + scratch.insertedColumns.count)
    }
}

extension StickyGridLayout {
    /// The address and capacity of every buffer a grid batch writes: the kept sizes, the batch's lists and the
    /// store's blocks (a test hook: a steady stream of batches that allocates nothing leaves them all as they were).
    package var updateBufferIdentity: [Int] {
        func identity<T>(_ array: [T]) -> [Int] {
            [array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }, array.capacity]
        }
        let scratch = batchScratch
        return identity(axisHeights) + identity(axisWidths) + identity(scratch.stashedRows)
            + identity(scratch.insertedRows) + identity(scratch.deletes) + identity(scratch.inserts)
            + identity(scratch.stashedColumns) + identity(scratch.insertedColumns) + (axes?.blockIdentity ?? [])
    }
}

/// The lists one grid batch fills (``StickyGridLayout/applyGridBatch(_:in:)``), kept by the layout between batches
/// so that their capacity is reused.
struct GridBatchScratch {
    /// Rows the batch deleted, with their heights, for a move that inserts one again.
    var stashedRows: [(index: Int, height: Double)] = []
    /// Rows inserted, whose heights the provider gives.
    var insertedRows: [Int] = []
    /// The first row's item deletes: the column deletes every row repeats.
    var deletes: [Int] = []
    /// The first row's item inserts, with the column a move takes them from (-1 for none).
    var inserts: [(item: Int, source: Int)] = []
    /// Columns deleted, with their widths.
    var stashedColumns: [(index: Int, width: Double)] = []
    /// Columns inserted, whose widths the provider gives.
    var insertedColumns: [Int] = []

    /// Reserves room for `count` entries in every list.
    mutating func reserveCapacity(_ count: Int) {
        stashedRows.reserveCapacity(count)
        insertedRows.reserveCapacity(count)
        deletes.reserveCapacity(count)
        inserts.reserveCapacity(count)
        stashedColumns.reserveCapacity(count)
        insertedColumns.reserveCapacity(count)
    }

    /// Empties every list, keeping its capacity.
    mutating func removeAll() {
        stashedRows.removeAll(keepingCapacity: true)
        insertedRows.removeAll(keepingCapacity: true)
        deletes.removeAll(keepingCapacity: true)
        inserts.removeAll(keepingCapacity: true)
        stashedColumns.removeAll(keepingCapacity: true)
        insertedColumns.removeAll(keepingCapacity: true)
    }
}
