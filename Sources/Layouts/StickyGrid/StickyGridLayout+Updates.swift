import LayoutModel
import RectIndex

// The incremental update strategy of the sticky grid (``UpdateStrategy/incremental``): separable sizes in prefix-sums
// storage, where the grid is its two axes. A batch's steps, recorded by `invalidate(with:batchUpdates:)`, are
// applied by the next `prepare()`:
// - the row axis: section steps are recorded as runs of kept and new rows (a moved row keeps its height; an inserted
//   or reloaded row asks the provider for its height); where every row sum is whole, the kept heights are the store's
//   row extents after a row batch (``heightsInStore``), else ``axisHeights`` is written once from the runs;
// - the column axis: the item steps, which in a grid-shaped batch are the same column operations in every row, remove
//   and insert column widths once (a moved column keeps its width; an inserted one asks the provider);
// - the axes' starts are summed again from the kept sizes with the fresh build's left fold (``layOutAxis``: the
//   running sum `((0 + s0) + s1) + …`, each start its floor and each extent the ceiling of the next sum minus it), so
//   every frame is bit for bit that of a fresh build, and of the full strategy's ``StickyGridLayout`` in any storage,
//   which rounds the same running sums (``layOutCells``, or the same ``layOutAxis`` for separable sizes);
// - only from the first changed row and the first changed column on: the rows and columns before them keep their
//   stored starts and extents (the fold before them added the same sizes in the same order), and the running sum
//   the fold resumes from is read from the kept axis when it says it exactly (`exactRowStart`), or else those sizes
//   added again, one add each, with no rounding or store (``layOutAxis(count:from:sumBefore:start:extent:size:)``
//   from the first changed item). An axis the batch did not change is not laid out again, and a batch of column
//   operations keeps the rows' bucket table (`PrefixSumsGridFrames.update`);
// - where every sum of an axis is a whole number (``rowSumsWhole``, ``columnSumsWhole``), a batch of rows only (or
//   of columns only) moves the kept rows in runs by whole amounts, exactly, instead of folding them again
//   (`PrefixSumsGridFrames.shiftWholeRows`, `shiftWholeColumns`, issue 39m);
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
    /// (``layOutAxis(count:from:sumBefore:start:extent:size:)``); stops naming the first size that is not finite and
    /// non-negative.
    ///
    /// - Complexity: O(R + C), no provider call.
    func layOutAxes(from axes: PrefixSumsGridFrames) {
        let heights = axisHeights, widths = axisWidths
        axes.rebuild(rows: heights.count, columns: widths.count) { columnMinX, columnWidth, rowMinY, rowHeight in
            heights.withUnsafeBufferPointer { heights in
                widths.withUnsafeBufferPointer { widths in
                    let columns = Self.layOutAxis(count: widths.count, start: columnMinX, extent: columnWidth,
                                                  size: { widths[$0] })
                    columnSumsWhole = columns.whole
                    if !columns.valid {
                        for (column, w) in widths.enumerated() where !(w >= 0 && w < .infinity) {
                            invalidSize(Size(width: w, height: 0), row: 0, column: column)
                        }
                    }
                    let rows = Self.layOutAxis(count: heights.count, start: rowMinY, extent: rowHeight,
                                               size: { heights[$0] })
                    rowSumsWhole = rows.whole
                    if !rows.valid {
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
    func layOutAxes(from axes: PrefixSumsGridFrames, rows: Int, firstRow: Int, firstColumn: Int) {
        // With no row to lay out, the heights are not read (they may be the store's, ``heightsInStore``).
        let heights = firstRow < rows ? axisHeights : [], widths = axisWidths
        // The sums the folds resume from, read before the update rewrites the first changed row and column: when the
        // kept axis says them exactly (a grid of whole points), no add per kept row or column. A batch that appends
        // after the last kept row (or column) resumes from the last one's sum and size: the fold's own add.
        let rowSum = firstRow >= rows ? nil : axes.exactRowStart(firstRow)
            ?? (firstRow > 0 ? axes.exactRowStart(firstRow - 1).map { $0 + heights[firstRow - 1] } : nil)
        let columnSum = axes.exactColumnStart(firstColumn)
            ?? (firstColumn > 0 ? axes.exactColumnStart(firstColumn - 1).map { $0 + widths[firstColumn - 1] } : nil)
        axes.update(rows: rows, columns: widths.count, firstRow: firstRow, firstColumn: firstColumn) {
            columnMinX, columnWidth, rowMinY, rowHeight in
            heights.withUnsafeBufferPointer { heights in
                widths.withUnsafeBufferPointer { widths in
                    let columns = Self.layOutAxis(count: widths.count, from: firstColumn, sumBefore: columnSum,
                                                  start: columnMinX, extent: columnWidth, size: { widths[$0] })
                    columnSumsWhole = columnSumsWhole && columns.whole
                    if !columns.valid {
                        for (column, w) in widths.enumerated() where !(w >= 0 && w < .infinity) {
                            invalidSize(Size(width: w, height: 0), row: 0, column: column)
                        }
                    }
                    let rowAxis = Self.layOutAxis(count: rows, from: firstRow, sumBefore: rowSum, start: rowMinY,
                                                  extent: rowHeight, size: { heights[$0] })
                    // The rows before `firstRow` kept their sums: whole if they were.
                    rowSumsWhole = rowSumsWhole && rowAxis.whole
                    if !rowAxis.valid {
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
    /// - Complexity: O(R + C + steps) (the row steps recorded as runs, the kept heights moved once a batch, or not at
    ///   all when they are the store's; a column operation is one step per row, checked against the first row's, and
    ///   one removal or insertion in the column widths); provider calls only for the inserted or reloaded rows and
    ///   columns.
    func applyGridBatch(_ plan: BatchUpdatePlan, in state: CollectionViewState) -> PreparationWork? {
        guard let axes, axes === store, let sizes = separableSizes,
              heightsInStore || axisHeights.count == store.rowCount, axisWidths.count == store.columnCount
        else { return nil }
        var widths: [Double] = []
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
            let rows = store.rowCount + store.rowCount / 8
            axisHeights.reserveCapacity(rows)
            scratch.rowSizes.reserveCapacity(rows)
            widths.reserveCapacity(widths.count + widths.count / 8)
            axes.reserveGrowthRoom()
        }
        scratch.removeAll()
        defer { swap(&scratch, &batchScratch) }
        let oldRows = store.rowCount
        if oldRows > 0 { scratch.runs.append(RowRun(old: 0, count: oldRows)) }
        // Rows: section steps, in the plan's order (deletes descending in the old space, then inserts ascending in
        // the new space), recorded as runs of kept and new rows; no kept height is moved (see ``heightsInStore``).
        // A move's destination takes its source's height, an inserted or reloaded row the provider's.
        var survivors = oldRows, rows = oldRows
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
                    scratch.removeRow(at: index)
                    survivors -= 1
                    rows -= 1
                case let .insertSection(index, source):
                    firstRow = Swift.min(firstRow, index)
                    scratch.insertRow(at: index)
                    rows += 1
                    if let source, source >= 0 && source < oldRows {
                        scratch.movedRows.append((index, keptHeight(source, of: axes)))
                        survivors += 1
                    } else {
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
        guard gridShaped, rows == state.numberOfSections else { return nil }
        // The new rows' heights, at their new indices (inserts are final there); the other entries are not read.
        scratch.sizeRowSizes(to: rows)
        for (row, height) in scratch.movedRows { scratch.rowSizes[row] = height }
        for row in scratch.insertedRows { scratch.rowSizes[row] = sizes.rowHeight(row) }

        // Columns: an empty grid has none; when no row survives (the grid had none, or the batch deleted or
        // reloaded every one), the columns are the new rows' and every width comes from the provider.
        let oldColumns = widths.count
        if rows == 0 {
            widths.removeAll(keepingCapacity: true)
            firstColumn = 0
        } else if survivors == 0 {
            guard let newColumnCount = state.counts.uniformItemCount else { return nil }
            widths.removeAll(keepingCapacity: true)
            widths.append(contentsOf: repeatElement(0, count: newColumnCount))
            scratch.insertedColumns.append(contentsOf: 0..<newColumnCount)
            firstColumn = 0
        } else {
            if oldColumns > 0 { scratch.columnRuns.append(RowRun(old: 0, count: oldColumns)) }
            for item in scratch.deletes {
                firstColumn = Swift.min(firstColumn, item)
                scratch.stashedColumns.append((item, widths.remove(at: item)))
                GridBatchScratch.remove(at: item, from: &scratch.columnRuns)
            }
            for (item, source) in scratch.inserts {
                firstColumn = Swift.min(firstColumn, item)
                GridBatchScratch.insert(at: item, into: &scratch.columnRuns)
                if source >= 0, let stash = scratch.stashedColumns.firstIndex(where: { $0.index == source }) {
                    widths.insert(scratch.stashedColumns[stash].width, at: item)
                } else {
                    widths.insert(0, at: item)
                    scratch.insertedColumns.append(item)
                }
            }
            // Every row must have the new column count. The grid form checked every section's count against the
            // pattern (each the old count, the layout's columns, changed by it); a batch of rows only leaves the
            // kept and moved rows' counts as they were, so only the inserted rows are asked; any other batch asks
            // every section (`uniformItemCount`, O(sections) once the counts are per section: about 5,000
            // instructions a batch at 1000 rows, issue 39m).
            let columns = widths.count
            if plan.repeatedItemSteps == nil {
                if scratch.deletes.isEmpty && scratch.inserts.isEmpty && columns == oldColumns {
                    for row in scratch.insertedRows where state.numberOfItems(inSection: row) != columns { return nil }
                } else if state.counts.uniformItemCount != columns {
                    return nil
                }
            }
        }
        for column in scratch.insertedColumns { widths[column] = sizes.columnWidth(column) }
        axisWidths = widths
        let work = PreparationWork(recomputedElements: rows + widths.count,
                                   sizeQueries: scratch.insertedRows.count + scratch.insertedColumns.count)
        // A batch of rows only, in a grid of whole row sums: the kept rows move by whole amounts, exactly
        // (`PrefixSumsGridFrames.shiftWholeRows`), with no fold over them; the columns and their checks stay. The
        // heights are then the store's row extents.
        if rowSumsWhole && firstRow < rows && survivors > 0 && scratch.deletes.isEmpty
            && scratch.inserts.isEmpty && widths.count == oldColumns && plan.repeatedItemSteps == nil {
            let shifted = scratch.runs.withUnsafeMutableBufferPointer { runs in
                scratch.rowSizes.withUnsafeBufferPointer { axes.shiftWholeRows(to: rows, runs: runs, heights: $0) }
            }
            if shifted {
                heightsInStore = true
                return work
            }
        }
        // Any other batch of rows keeps the heights in ``axisHeights``: the old ones with the batch's runs applied.
        // Heights kept in the store stay there while the rows before `firstRow` are all that is left of them (rows
        // deleted at the end): the fold below lays out no row.
        if heightsInStore ? firstRow < rows : firstRow < oldRows || rows != oldRows {
            keepHeights(rows: rows, from: axes, scratch: &scratch)
        }
        // A batch of columns only, in a grid of whole column sums: the same for the columns (the rows' bucket
        // table kept).
        if columnSumsWhole && firstRow == oldRows && rows == oldRows && survivors > 0
            && firstColumn < widths.count && !scratch.columnRuns.isEmpty {
            let shifted = scratch.columnRuns.withUnsafeMutableBufferPointer { runs in
                widths.withUnsafeBufferPointer { axes.shiftWholeColumns(to: $0.count, runs: runs, widths: $0) }
            }
            if shifted { return work }
        }
        layOutAxes(from: axes, rows: rows, firstRow: Swift.min(firstRow, rows),
                   firstColumn: Swift.min(firstColumn, oldColumns, widths.count))
        return work
    }

    /// The height row `row` had before the batch: its store extent when ``heightsInStore``, else its
    /// ``axisHeights`` entry.
    @inline(__always)
    private func keptHeight(_ row: Int, of axes: PrefixSumsGridFrames) -> Double {
        heightsInStore ? axes.rowExtent(row) : axisHeights[row]
    }

    /// Writes the `rows` heights after the batch into ``axisHeights`` (``heightsInStore`` then false): the store's
    /// extents first if the heights were there (read before the store changes), then the batch's runs applied in
    /// place, as the store's shift moves its rows: the runs moving towards the start in order, then those moving
    /// towards the end last first, so that no move reads a height an earlier one wrote; the new rows' heights come
    /// from ``GridBatchScratch/rowSizes``. A run that stays is not moved. (A step at a time moved every height
    /// after it, once a step.)
    ///
    /// - Complexity: O(rows - first changed row) moves, plus O(rows) to copy the store's extents.
    private func keepHeights(rows: Int, from axes: PrefixSumsGridFrames, scratch: inout GridBatchScratch) {
        if heightsInStore {
            axisHeights.removeAll(keepingCapacity: true)
            axes.withRowExtents { axisHeights.append(contentsOf: $0) }
            heightsInStore = false
        }
        let oldRows = axisHeights.count
        if rows > oldRows { axisHeights.append(contentsOf: repeatElement(0, count: rows - oldRows)) }
        axisHeights.withUnsafeMutableBufferPointer { heights in
            scratch.rowSizes.withUnsafeBufferPointer { sizes in
                guard let base = heights.baseAddress, let newSizes = sizes.baseAddress else { return }
                @inline(__always) func move(_ run: RowRun, to new: Int) {
                    (base + new).moveInitialize(from: base + run.old, count: run.count)
                }
                var new = 0
                for run in scratch.runs {
                    if run.old >= 0 && new < run.old { move(run, to: new) }
                    new += run.count
                }
                for run in scratch.runs.reversed() {
                    new -= run.count
                    if run.old >= 0 && new > run.old { move(run, to: new) }
                }
                for run in scratch.runs {
                    if run.old < 0 { (base + new).update(from: newSizes + new, count: run.count) }
                    new += run.count
                }
            }
        }
        if rows < oldRows { axisHeights.removeLast(oldRows - rows) }
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
        return identity(axisHeights) + identity(axisWidths) + identity(scratch.movedRows) + identity(scratch.rowSizes)
            + identity(scratch.insertedRows) + identity(scratch.deletes) + identity(scratch.inserts)
            + identity(scratch.stashedColumns) + identity(scratch.insertedColumns) + identity(scratch.runs)
            + identity(scratch.columnRuns) + (axes?.blockIdentity ?? [])
    }
}

/// The lists one grid batch fills (``StickyGridLayout/applyGridBatch(_:in:)``), kept by the layout between batches
/// so that their capacity is reused.
struct GridBatchScratch {
    /// Rows a move inserts, at their new index, with the height of the row it moves.
    var movedRows: [(index: Int, height: Double)] = []
    /// The new rows' heights at their new indices (``movedRows``' and ``insertedRows``'), for the store's whole
    /// shift and ``StickyGridLayout/keepHeights(rows:from:scratch:)``; the other entries are left as they are and
    /// never read. Resized at its end only, so a batch costs O(rows inserted or deleted) here.
    var rowSizes: [Double] = []
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
    /// The rows after the section steps so far, as runs of kept rows and of new ones (issue 39m).
    var runs: [RowRun] = []
    /// The columns after the column steps so far, the same way.
    var columnRuns: [RowRun] = []

    /// Reserves room for `count` entries in every list.
    mutating func reserveCapacity(_ count: Int) {
        movedRows.reserveCapacity(count)
        insertedRows.reserveCapacity(count)
        deletes.reserveCapacity(count)
        inserts.reserveCapacity(count)
        stashedColumns.reserveCapacity(count)
        insertedColumns.reserveCapacity(count)
        // Each row step splits at most one run in two and adds a new one.
        runs.reserveCapacity(4 * count + 1)
        columnRuns.reserveCapacity(4 * count + 1)
    }

    /// Empties every list, keeping its capacity.
    mutating func removeAll() {
        movedRows.removeAll(keepingCapacity: true)
        insertedRows.removeAll(keepingCapacity: true)
        deletes.removeAll(keepingCapacity: true)
        inserts.removeAll(keepingCapacity: true)
        stashedColumns.removeAll(keepingCapacity: true)
        insertedColumns.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        columnRuns.removeAll(keepingCapacity: true)
    }

    /// Makes ``rowSizes`` `rows` long, adding or removing entries at its end only.
    mutating func sizeRowSizes(to rows: Int) {
        if rowSizes.count > rows {
            rowSizes.removeLast(rowSizes.count - rows)
        } else if rowSizes.count < rows {
            rowSizes.append(contentsOf: repeatElement(0, count: rows - rowSizes.count))
        }
    }

    /// Removes row `index` (after the steps so far) from ``runs``.
    mutating func removeRow(at index: Int) { Self.remove(at: index, from: &runs) }

    /// Inserts a new row at `index` (after the steps so far) into ``runs``.
    mutating func insertRow(at index: Int) { Self.insert(at: index, into: &runs) }

    /// Removes item `index` (after the steps so far) from `runs`.
    ///
    /// - Complexity: O(runs).
    static func remove(at index: Int, from runs: inout [RowRun]) {
        guard let (k, offset) = locate(index, in: runs) else { return }
        let run = runs[k]
        if run.old < 0 {
            runs[k].count -= 1
            if runs[k].count == 0 { runs.remove(at: k) }
        } else {
            // The rows before it and after it, either possibly none.
            let after = RowRun(old: run.old + offset + 1, count: run.count - offset - 1)
            runs[k].count = offset
            if after.count > 0 { runs.insert(after, at: k + 1) }
            if offset == 0 { runs.remove(at: k) }
        }
    }

    /// The run that holds item `index` (after the steps so far) and the item's offset in it, or `nil` past the last.
    ///
    /// - Complexity: O(runs).
    @inline(__always)
    static func locate(_ index: Int, in runs: [RowRun]) -> (run: Int, offset: Int)? {
        var start = 0
        for k in runs.indices {
            let count = runs[k].count
            if index < start + count { return (k, index - start) }
            start += count
        }
        return nil
    }

    /// Inserts a new item at `index` (after the steps so far) into `runs`.
    ///
    /// - Complexity: O(runs).
    static func insert(at index: Int, into runs: inout [RowRun]) {
        guard let (k, offset) = locate(index, in: runs) else {
            // After the last row.
            if let last = runs.last, last.old < 0 {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(RowRun(old: -1, count: 1))
            }
            return
        }
        let run = runs[k]
        if run.old < 0 {
            runs[k].count += 1
        } else if offset == 0 {
            if k > 0 && runs[k - 1].old < 0 {
                runs[k - 1].count += 1
            } else {
                runs.insert(RowRun(old: -1, count: 1), at: k)
            }
        } else {
            runs[k].count = offset
            runs.insert(RowRun(old: -1, count: 1), at: k + 1)
            runs.insert(RowRun(old: run.old + offset, count: run.count - offset), at: k + 2)
        }
    }
}
