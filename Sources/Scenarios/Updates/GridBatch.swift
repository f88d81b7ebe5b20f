import LayoutModel
import SeededRandom

/// What a seeded random grid batch may hold (``RandomBatch/drawGrid(over:mix:using:)``): whole rows and whole
/// columns, how many of each call at most. Every count is an upper bound; a draw takes from 0 to it, limited by what
/// the grid has.
public struct GridBatchMix: Hashable, Sendable {
    /// Rows (sections) inserted, each with the grid's column count.
    public var rowInserts: Int
    /// Rows deleted.
    public var rowDeletes: Int
    /// Rows reloaded.
    public var rowReloads: Int
    /// Rows moved.
    public var rowMoves: Int
    /// Columns inserted: the same new item index in every row.
    public var columnInserts: Int
    /// Columns deleted: the same old item index in every row.
    public var columnDeletes: Int
    /// Columns moved: the same move in every row.
    public var columnMoves: Int
    /// The column count of a grid with no rows, whose counts no longer say it: a row inserted into it gets this many
    /// items.
    public var columnsOfEmptyGrid: Int

    /// Creates a mix.
    public init(rowInserts: Int = 0, rowDeletes: Int = 0, rowReloads: Int = 0, rowMoves: Int = 0,
                columnInserts: Int = 0, columnDeletes: Int = 0, columnMoves: Int = 0, columnsOfEmptyGrid: Int = 8) {
        self.rowInserts = rowInserts
        self.rowDeletes = rowDeletes
        self.rowReloads = rowReloads
        self.rowMoves = rowMoves
        self.columnInserts = columnInserts
        self.columnDeletes = columnDeletes
        self.columnMoves = columnMoves
        self.columnsOfEmptyGrid = columnsOfEmptyGrid
    }

    /// The `edits` trace's mix for a grid: a few rows or a few columns at a time.
    public static let edits = GridBatchMix(rowInserts: 2, rowDeletes: 2, rowReloads: 1, rowMoves: 1,
                                           columnInserts: 2, columnDeletes: 2, columnMoves: 1)
}

extension RandomBatch {
    /// Draws a batch over the grid `counts` (every section the same count) that UIKit would accept and that keeps
    /// every section at the same count, built by construction rather than by rejection. A batch holds row operations
    /// or column operations, never both (a coin flip when the mix and the grid allow both):
    /// - rows are sections: deletes, reloads and move sources are distinct old rows; inserts and move destinations
    ///   take distinct new indices, the survivors filling the others in order; an inserted or reloaded row gets the
    ///   grid's column count as its ``addedSectionCounts`` entry;
    /// - a column is one item operation per row at the same index: deletes and move sources at distinct old
    ///   indices, inserts and move destinations at distinct new indices below the new column count.
    ///
    /// Mirrors ``draw(over:mix:using:)``; the `edits` trace calls it for a ``UpdateShape/grid`` family.
    ///
    /// - Precondition: every section of `counts` has the same count.
    /// - Complexity: O(rows + columns) for the draw's bookkeeping, plus O(rows) per column operation.
    public static func drawGrid(over counts: ItemCounts, mix: GridBatchMix, using random: inout SeededGenerator)
        -> RandomBatch
    {
        guard let uniform = counts.uniformItemCount else {
            preconditionFailure("drawGrid needs a grid: every section the same count")
        }
        let rows = counts.numberOfSections
        let columns = rows > 0 ? uniform : mix.columnsOfEmptyGrid
        let rowBudget = mix.rowInserts + (rows > 0 ? mix.rowDeletes + mix.rowReloads + mix.rowMoves : 0)
        let columnBudget = rows > 0 ? mix.columnInserts + (columns > 0 ? mix.columnDeletes + mix.columnMoves : 0) : 0
        let columnOperations = columnBudget > 0 && (rowBudget == 0 || Bool.random(using: &random))
        var operations: [UpdateOperation] = []
        if columnOperations {
            let axis = drawAxis(count: columns, deletes: mix.columnDeletes, reloads: 0, moves: mix.columnMoves,
                                inserts: mix.columnInserts, using: &random)
            func column(_ item: Int) -> [ElementPath] { (0..<rows).map { ElementPath(section: $0, item: item) } }
            let deleted = axis.deleted.flatMap(column).sorted(), inserted = axis.inserted.flatMap(column).sorted()
            if !deleted.isEmpty { operations.append(.deleteItems(deleted)) }
            if !inserted.isEmpty { operations.append(.insertItems(inserted)) }
            for (from, to) in axis.moves {
                for row in 0..<rows {
                    operations.append(.moveItem(from: ElementPath(section: row, item: from),
                                                to: ElementPath(section: row, item: to)))
                }
            }
            operations.shuffle(using: &random)
            return RandomBatch(batch: BatchUpdate(operations), addedSectionCounts: [])
        }
        let axis = drawAxis(count: rows, deletes: mix.rowDeletes, reloads: mix.rowReloads, moves: mix.rowMoves,
                            inserts: mix.rowInserts, using: &random)
        if !axis.deleted.isEmpty { operations.append(.deleteSections(axis.deleted)) }
        if !axis.reloaded.isEmpty { operations.append(.reloadSections(axis.reloaded)) }
        if !axis.inserted.isEmpty { operations.append(.insertSections(axis.inserted)) }
        for (from, to) in axis.moves { operations.append(.moveSection(from: from, to: to)) }
        operations.shuffle(using: &random)
        return RandomBatch(batch: BatchUpdate(operations),
                           addedSectionCounts: Array(repeating: columns, count: axis.inserted.count + axis.reloaded.count))
    }

    /// Distinct old indices to delete, reload and move from, and distinct new indices to insert at and move to, over
    /// an axis of `count` items: what leaves the old space is drawn from a shuffle of it; the new space has
    /// `count - deleted + inserted` indices, the inserts and move destinations drawn from a shuffle of them.
    private static func drawAxis(count: Int, deletes: Int, reloads: Int, moves: Int, inserts: Int,
                                 using random: inout SeededGenerator)
        -> (deleted: [Int], reloaded: [Int], moves: [(from: Int, to: Int)], inserted: [Int])
    {
        var pool = Array(0..<count)
        pool.shuffle(using: &random)
        func take(_ limit: Int) -> [Int] {
            let n = limit > 0 ? Int.random(in: 0...Swift.min(limit, pool.count), using: &random) : 0
            defer { pool.removeFirst(n) }
            return Array(pool.prefix(n)).sorted()
        }
        let deleted = take(deletes), reloaded = take(reloads), movedFrom = take(moves)
        let inserted = inserts > 0 ? Int.random(in: 0...inserts, using: &random) : 0
        var newIndices = Array(0..<(count - deleted.count + inserted))
        newIndices.shuffle(using: &random)
        let insertedAt = Array(newIndices.prefix(inserted)).sorted()
        let movedTo = Array(newIndices.dropFirst(inserted).prefix(movedFrom.count))
        return (deleted, reloaded, zip(movedFrom, movedTo).map { (from: $0, to: $1) }, insertedAt)
    }
}
