import LayoutModel
import Scenarios
import SeededRandom
import Testing

@Suite struct GridBatchTests {
    /// Every drawn grid batch is one the host accepts with complete validation, the app's counts and the host's
    /// agree, and every section keeps the same count.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func drawnGridBatchesAreValidAndKeepTheGrid(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var counts = ItemCounts.uniform(sections: 6, itemsPerSection: 4)
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        var mix = GridBatchMix.edits
        mix.columnsOfEmptyGrid = 3
        var sawColumns = false, sawRows = false
        for _ in 0..<200 {
            let drawn = RandomBatch.drawGrid(over: counts, mix: mix, using: &random)
            var after = counts
            try app.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            try host.plan(drawn.batch, before: counts, after: after, validation: .complete)
            var hostCounts = counts
            hostCounts.apply(host, after: after)
            #expect(hostCounts == after)
            #expect(after.uniformItemCount != nil, "\(drawn.batch) left rows ragged: \(after)")
            for operation in drawn.batch.operations {
                switch operation {
                case .insertItems, .deleteItems, .moveItem: sawColumns = true
                default: sawRows = true
                }
            }
            counts = after
        }
        #expect(sawColumns && sawRows)
    }

    /// A column operation names the same index in every row; an inserted row gets the grid's column count.
    @Test func columnsAreWholeAndRowsGetTheColumnCount() {
        var random = SeededGenerator(seed: 3)
        let counts = ItemCounts.uniform(sections: 5, itemsPerSection: 7)
        for _ in 0..<100 {
            let drawn = RandomBatch.drawGrid(over: counts, mix: .edits, using: &random)
            #expect(drawn.addedSectionCounts.allSatisfy { $0 == 7 })
            for operation in drawn.batch.operations {
                if case let .insertItems(paths) = operation {
                    #expect(paths.count % 5 == 0)
                    #expect(Dictionary(grouping: paths, by: \.item).values.allSatisfy { $0.count == 5 })
                }
                if case let .deleteItems(paths) = operation {
                    #expect(Dictionary(grouping: paths, by: \.item).values.allSatisfy { $0.count == 5 })
                }
            }
        }
    }

    /// An empty grid gets rows of `columnsOfEmptyGrid` items.
    @Test func emptyGridGetsRows() {
        var random = SeededGenerator(seed: 4)
        var mix = GridBatchMix(rowInserts: 3, columnInserts: 2, columnsOfEmptyGrid: 6)
        mix.rowDeletes = 1
        var inserted = 0
        for _ in 0..<20 {
            let drawn = RandomBatch.drawGrid(over: .uniform(sections: 0, itemsPerSection: 0), mix: mix, using: &random)
            #expect(drawn.addedSectionCounts.allSatisfy { $0 == 6 })
            inserted += drawn.addedSectionCounts.count
        }
        #expect(inserted > 0)
    }

    /// The same seed draws the same batches.
    @Test func drawsAreSeeded() {
        var a = SeededGenerator(seed: 9), b = SeededGenerator(seed: 9)
        let counts = ItemCounts.uniform(sections: 4, itemsPerSection: 4)
        #expect(RandomBatch.drawGrid(over: counts, mix: .edits, using: &a)
                == RandomBatch.drawGrid(over: counts, mix: .edits, using: &b))
    }

    /// Through grid batches, every row has the same item keys (columns have one key each), so separable sizes stay
    /// separable: a column's width is the same in every row, a row's height the same in every column.
    @Test(arguments: [UInt64(1), 2, 3])
    func identitiesKeepColumns(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var counts = ItemCounts.uniform(sections: 5, itemsPerSection: 6)
        let identities = ItemIdentities(counts: counts)
        var content = ContentSpec(sections: 5, itemsPerSection: 6, sizes: .separable, seed: seed)
        content.identities = identities
        let sizes = content.makeSizes()
        let plan = BatchUpdatePlan()
        for _ in 0..<150 {
            let drawn = RandomBatch.drawGrid(over: counts, mix: .edits, using: &random)
            var after = counts
            try plan.apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            identities.apply(plan, after: after)
            counts = after
            let rows = counts.numberOfSections, columns = counts.uniformItemCount ?? 0
            guard rows > 0 else { continue }
            for row in 0..<rows {
                for column in 0..<columns {
                    #expect(identities.key(section: row, item: column).item == identities.key(section: 0, item: column).item)
                    #expect(sizes.size(row: row, column: column).width == sizes.size(row: 0, column: column).width)
                    #expect(sizes.size(row: row, column: column).height == sizes.size(row: row, column: 0).height)
                }
            }
        }
    }
}
