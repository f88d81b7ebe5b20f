import LayoutModel
import Layouts
import RectIndex
import Scenarios
import SeededRandom
import Testing

/// The sticky grid's incremental update strategy against fresh builds of itself and against the full strategy's
/// layout (compact storage), exactly: seeded grid batches through the host, and the edge cases.
@Suite struct StickyGridUpdatesTests {
    /// A grid content with its app-side model: the item identities the batches are applied to, and the hosts of
    /// the incremental and full layouts driven through the same batches.
    final class Run {
        let family: StickyGridFamily
        var content: ContentSpec
        let identities: ItemIdentities
        let incremental: StickyGridLayout
        let full: any MeasuredLayout
        let host: CollectionViewHost
        let fullHost: CollectionViewHost
        let appPlan = BatchUpdatePlan()
        var random: SeededGenerator
        var buffer: [LayoutAttributes] = []
        var expected: [LayoutAttributes] = []

        init(rows: Int, columns: Int, sizes: SizeDistribution, stickyRows: Int = 1, stickyColumns: Int = 1,
             seed: UInt64 = 7, fullStorage: AttributeStorageKind = .compact) {
            family = StickyGridFamily(stickyRows: stickyRows, stickyColumns: stickyColumns)
            var content = ContentSpec(sections: rows, itemsPerSection: columns, sizes: sizes, seed: seed)
            identities = ItemIdentities(counts: content.itemCounts)
            content.identities = identities
            self.content = content
            random = SeededGenerator(seed: seed)
            let layout = family.makeLayout(for: content, storage: .compact, updates: .incremental)
            incremental = layout as! StickyGridLayout
            full = family.makeLayout(for: content, storage: fullStorage, updates: .full)
            let viewport = Size(width: 390, height: 844)
            host = CollectionViewHost(layout: incremental, viewportSize: viewport, counts: content.itemCounts)
            fullHost = CollectionViewHost(layout: full, viewportSize: viewport, counts: content.itemCounts)
            for host in [host, fullHost] {
                host.batchValidation = .complete
                host.layoutIfNeeded()
            }
        }

        /// Applies `batch` to the app's model and through both hosts; returns the incremental host's report.
        @discardableResult
        func perform(_ batch: BatchUpdate, added: [Int]) throws -> BatchUpdateReport {
            var after = host.state.counts
            try appPlan.apply(batch, to: &after, addedSectionCounts: added)
            identities.apply(appPlan, after: after)
            let report = try host.performBatchUpdates(batch, newCounts: after)
            try fullHost.performBatchUpdates(batch, newCounts: after)
            fullHost.setContentOffset(host.contentOffset)
            fullHost.layoutIfNeeded()
            return report
        }

        /// Scrolls both hosts to a seeded offset.
        func scroll() {
            let size = incremental.contentSize, bounds = host.bounds
            let maxX = Swift.max(0, size.width - bounds.width), maxY = Swift.max(0, size.height - bounds.height)
            let offset = Point(x: maxX > 0 ? Double(Int.random(in: 0...Int(maxX), using: &random)) : 0,
                               y: maxY > 0 ? Double(Int.random(in: 0...Int(maxY), using: &random)) : 0)
            for host in [host, fullHost] {
                host.setContentOffset(offset)
                host.layoutIfNeeded()
            }
        }

        /// Every difference from a fresh incremental build and from the full layout, each as one line.
        func differences() -> [String] {
            let fresh = family.makeLayout(for: content, storage: .compact, updates: .incremental)
            let freshHost = CollectionViewHost(layout: fresh, viewportSize: host.bounds.size, counts: host.state.counts)
            freshHost.setContentOffset(host.contentOffset)
            freshHost.layoutIfNeeded()
            return differences(from: fresh, named: "fresh") + differences(from: full, named: "full")
        }

        func differences(from reference: any MeasuredLayout, named name: String) -> [String] {
            var result: [String] = []
            if incremental.contentSize != reference.contentSize {
                result.append("\(name): content size \(incremental.contentSize) != \(reference.contentSize)")
            }
            var rects = [host.bounds]
            let size = incremental.contentSize
            for _ in 0..<6 {
                let w = Double(Int.random(in: 1...600, using: &random)), h = Double(Int.random(in: 1...900, using: &random))
                rects.append(Rect(x: Double(Int.random(in: 0...Swift.max(0, Int(size.width)), using: &random)) - w / 2,
                                  y: Double(Int.random(in: 0...Swift.max(0, Int(size.height)), using: &random)) - h / 2,
                                  width: w, height: h))
            }
            for rect in rects {
                incremental.attributesForElements(in: rect, into: &buffer)
                reference.attributesForElements(in: rect, into: &expected)
                if buffer.sorted() != expected.sorted() { result.append("\(name): query \(rect) differs") }
            }
            let counts = host.state.counts
            for section in 0..<counts.numberOfSections {
                for item in 0..<counts.numberOfItems(inSection: section) {
                    let path = ElementPath(section: section, item: item)
                    let a = incremental.attributesForItem(at: path), b = reference.attributesForItem(at: path)
                    if a != b { result.append("\(name): \(path) is \(String(describing: a)), not \(String(describing: b))") }
                }
            }
            return Array(result.prefix(5))
        }
    }

    @Test("seeded grid batches match fresh builds and the full layout exactly",
          arguments: [SizeDistribution.uniform, .separable], [(0, 0), (1, 1), (2, 3)])
    func seededBatches(sizes: SizeDistribution, sticky: (Int, Int)) throws {
        let run = Run(rows: 9, columns: 11, sizes: sizes, stickyRows: sticky.0, stickyColumns: sticky.1,
                      seed: UInt64(sticky.0 * 10 + sticky.1 + 1))
        var mix = GridBatchMix.edits
        for index in 0..<60 {
            run.scroll()
            let counts = run.host.state.counts
            mix.columnsOfEmptyGrid = 5
            if counts.numberOfSections < 3 { mix.rowInserts = 4 } else { mix.rowInserts = 2 }
            let drawn = RandomBatch.drawGrid(over: counts, mix: mix, using: &run.random)
            // Sticky counts must not exceed the grid: keep at least as many rows and columns.
            var after = counts
            try BatchUpdatePlan().apply(drawn.batch, to: &after, addedSectionCounts: drawn.addedSectionCounts)
            if after.numberOfSections < sticky.0 || (after.uniformItemCount ?? 0) < sticky.1 { continue }
            run.host.scrollAnchoring = ScrollAnchoring.allCases[index % ScrollAnchoring.allCases.count]
            run.fullHost.scrollAnchoring = run.host.scrollAnchoring
            try run.perform(drawn.batch, added: drawn.addedSectionCounts)
            let differences = run.differences()
            #expect(differences.isEmpty, "batch \(index) \(drawn.batch): \(differences.joined(separator: "; "))")
            if !differences.isEmpty { break }
        }
    }

    @Test("the full layout in every storage equals the incremental one exactly",
          arguments: [AttributeStorageKind.objects, .tiles, .prefixSums])
    func everyStorage(storage: AttributeStorageKind) throws {
        let run = Run(rows: 8, columns: 10, sizes: .separable, seed: 11, fullStorage: storage)
        for index in 0..<40 {
            run.scroll()
            let drawn = RandomBatch.drawGrid(over: run.host.state.counts, mix: GridBatchMix(
                rowInserts: 2, rowDeletes: 1, rowReloads: 1, rowMoves: 1, columnInserts: 2, columnDeletes: 1,
                columnMoves: 1, columnsOfEmptyGrid: 4), using: &run.random)
            try run.perform(drawn.batch, added: drawn.addedSectionCounts)
            let differences = run.differences()
            #expect(differences.isEmpty, "batch \(index) \(drawn.batch): \(differences.joined(separator: "; "))")
            if !differences.isEmpty { break }
        }
    }

    @Test("edge cases: every row deleted, every column deleted, inserts into an empty grid",
          arguments: [SizeDistribution.uniform, .separable])
    func edgeCases(sizes: SizeDistribution) throws {
        let run = Run(rows: 5, columns: 6, sizes: sizes, stickyRows: 0, stickyColumns: 0)
        func column(_ item: Int, rows: Int) -> [ElementPath] { (0..<rows).map { ElementPath(section: $0, item: item) } }
        // A column inserted first, so the rows' item keys are no longer 0..<count.
        try run.perform(BatchUpdate([.insertItems(column(2, rows: 5))]), added: [])
        #expect(run.differences().isEmpty)
        // Every column deleted: rows of no cells.
        try run.perform(BatchUpdate([.deleteItems((0..<7).flatMap { column($0, rows: 5) })]), added: [])
        #expect(run.incremental.columnCount == 0 && run.incremental.rowCount == 5)
        #expect(run.differences().isEmpty)
        // Columns inserted into rows without cells.
        try run.perform(BatchUpdate([.insertItems((0..<3).flatMap { column($0, rows: 5) })]), added: [])
        #expect(run.differences().isEmpty)
        // A row inserted: it takes the grid's columns.
        try run.perform(BatchUpdate([.insertSections([0])]), added: [3])
        #expect(run.differences().isEmpty)
        // Every row deleted.
        try run.perform(BatchUpdate([.deleteSections(Array(0..<6))]), added: [])
        #expect(run.incremental.rowCount == 0 && run.incremental.contentSize == .zero)
        #expect(run.differences().isEmpty)
        // Rows inserted into the empty grid.
        try run.perform(BatchUpdate([.insertSections([0, 1, 2, 3])]), added: [4, 4, 4, 4])
        #expect(run.incremental.rowCount == 4 && run.incremental.columnCount == 4)
        #expect(run.differences().isEmpty)
    }

    @Test("sticky rows and columns at the edges: the pinned row and column replaced, moved and scrolled")
    func stickyEdges() throws {
        let run = Run(rows: 30, columns: 20, sizes: .separable, stickyRows: 2, stickyColumns: 2)
        func column(_ item: Int) -> [ElementPath] {
            (0..<run.host.state.numberOfSections).map { ElementPath(section: $0, item: item) }
        }
        run.host.setContentOffset(Point(x: 500, y: 700))
        run.host.layoutIfNeeded()
        run.fullHost.setContentOffset(Point(x: 500, y: 700))
        run.fullHost.layoutIfNeeded()
        let batches: [(BatchUpdate, [Int])] = [
            (BatchUpdate([.insertSections([0])]), [20]),
            (BatchUpdate([.deleteSections([1])]), []),
            (BatchUpdate([.moveSection(from: 0, to: 29)]), []),
            (BatchUpdate([.reloadSections([0, 1])]), [20, 20]),
            (BatchUpdate([.insertItems(column(0))]), []),
            (BatchUpdate([.deleteItems(column(1))]), []),
            (BatchUpdate((0..<30).map { .moveItem(from: ElementPath(section: $0, item: 0),
                                                  to: ElementPath(section: $0, item: 19)) }), []),
            (BatchUpdate([.insertItems(column(20))]), []),
        ]
        for (index, (batch, added)) in batches.enumerated() {
            try run.perform(batch, added: added)
            #expect(run.differences().isEmpty, "batch \(index)")
            run.scroll()
            #expect(run.differences().isEmpty, "scroll after batch \(index)")
        }
    }

    @Test("a column insert recomputes the axes, O(R + C), and asks one size; full recomputes R x C")
    func columnInsertWork() throws {
        let rows = 200, columns = 300
        let run = Run(rows: rows, columns: columns, sizes: .separable)
        let batch = BatchUpdate([.insertItems((0..<rows).map { ElementPath(section: $0, item: 17) })])
        var after = run.host.state.counts
        try run.appPlan.apply(batch, to: &after, addedSectionCounts: [])
        run.identities.apply(run.appPlan, after: after)
        let report = try run.host.performBatchUpdates(batch, newCounts: after)
        let fullReport = try run.fullHost.performBatchUpdates(batch, newCounts: after)
        #expect(report.frame.recomputedElements == rows + columns + 1)
        #expect(report.frame.sizeQueries == 1)
        #expect(fullReport.frame.recomputedElements == rows * (columns + 1))
        #expect(run.differences().isEmpty)
        // A row insert: one height asked.
        let rowReport = try run.perform(BatchUpdate([.insertSections([50])]), added: [columns + 1])
        #expect(rowReport.frame.recomputedElements == rows + 1 + columns + 1)
        #expect(rowReport.frame.sizeQueries == 1)
    }

    /// A cycle of grid batches that leaves the counts as they were: column inserts and deletes, a column move,
    /// row inserts, deletes, a reload and a move, late and early in the grid (so the axes are re-summed from a far
    /// row or column and from the first), and both axes changed by the same batch's rows and a later batch's columns.
    static func balancedCycle(rows: Int, columns: Int) -> [(BatchUpdate, [Int])] {
        func column(_ item: Int) -> [ElementPath] { (0..<rows).map { ElementPath(section: $0, item: item) } }
        return [
            (BatchUpdate([.insertItems(column(columns - 3)), .deleteItems(column(columns - 1))]), []),
            (BatchUpdate([.deleteItems(column(1) + column(4)), .insertItems(column(0) + column(columns - 2))]), []),
            (BatchUpdate((0..<rows).map { .moveItem(from: ElementPath(section: $0, item: columns - 5),
                                                    to: ElementPath(section: $0, item: 2)) }), []),
            (BatchUpdate([.insertSections([rows - 4]), .deleteSections([rows - 2])]), [columns]),
            (BatchUpdate([.deleteSections([0, 7]), .insertSections([3, rows - 1]), .reloadSections([12])]),
             [columns, columns, columns]),
            (BatchUpdate([.moveSection(from: rows - 6, to: 1)]), []),
            // Deletes of two columns and a move of a third, shuffled into three ascending runs of paths.
            (BatchUpdate((0..<rows).map { .moveItem(from: ElementPath(section: $0, item: 8),
                                                    to: ElementPath(section: $0, item: columns - 4)) }
                         + [.deleteItems(column(20)), .deleteItems(column(11)), .insertItems(column(5) + column(9))]),
             []),
        ]
    }

    @Test("batches re-summed from the first changed row and column equal a fresh build, bit for bit")
    func resumedSums() throws {
        // Separable sizes that are not on the half-point grid: the running sums round, so a fold that started
        // anywhere but at 0, or added in another order, would differ in the last bit and show in the frames.
        let rows = 40, columns = 36
        let run = Run(rows: rows, columns: columns, sizes: .separable, stickyRows: 1, stickyColumns: 2, seed: 21)
        for (index, (batch, added)) in Self.balancedCycle(rows: rows, columns: columns).enumerated() {
            try run.perform(batch, added: added)
            #expect(run.differences().isEmpty, "batch \(index)")
            run.scroll()
        }
    }

    /// Whether the layout and the host's plan allocate is read from their buffers, not from jemalloc's counters: a
    /// debug build's unspecialized code allocates on its own (thousands of calls a batch here), and the release
    /// figures are the benchmark's (`update.allocations`, `Guides/Updates.md`).
    @Test("a steady stream of grid batches reallocates none of the layout's buffers")
    func steadyStreamKeepsBuffers() throws {
        let rows = 60, columns = 50
        let run = Run(rows: rows, columns: columns, sizes: .separable, seed: 5)
        let cycle = Self.balancedCycle(rows: rows, columns: columns)
        // The first cycle grows every list and the store's blocks to what the cycle needs; the next two keep them.
        var identities: [[Int]] = []
        for _ in 0..<3 {
            for (batch, added) in cycle {
                var after = run.host.state.counts
                try run.appPlan.apply(batch, to: &after, addedSectionCounts: added)
                run.identities.apply(run.appPlan, after: after)
                try run.host.performBatchUpdates(batch, newCounts: after)
            }
            // The host's plan too: the cycle's grid-shaped batches take its grid form (issue 39l).
            identities.append(run.incremental.updateBufferIdentity + run.host.batchPlan.bufferIdentity)
        }
        #expect(identities[1] == identities[2])
        #expect(identities[2].count == 34 && !identities[2].contains(0), "every list used, both blocks held")
        let fresh = run.family.makeLayout(for: run.content, storage: .compact, updates: .incremental)
        let freshHost = CollectionViewHost(layout: fresh, viewportSize: run.host.bounds.size,
                                           counts: run.host.state.counts)
        freshHost.setContentOffset(run.host.contentOffset)
        freshHost.layoutIfNeeded()
        #expect(run.differences(from: fresh, named: "fresh").isEmpty)
    }

    @Test("a batch that keeps counts uniform but is not grid-shaped is rebuilt")
    func notGridShapedFallsBack() throws {
        let run = Run(rows: 4, columns: 5, sizes: .uniform)
        // Each row loses a different column: counts stay uniform, the columns no longer line up.
        let batch = BatchUpdate([.deleteItems((0..<4).map { ElementPath(section: $0, item: $0) })])
        let report = try run.perform(batch, added: [])
        #expect(report.frame.sizeQueries == 4 + 4)
        #expect(run.differences().isEmpty)
    }

    @Test func strategiesAndShape() {
        let family = StickyGridFamily()
        #expect(family.updateShape == .grid)
        #expect(FlowFamily().updateShape == .free)
        #expect(family.updateStrategies(for: ContentSpec(sections: 3, itemsPerSection: 3, sizes: .perCell)) == [.full])
        #expect(family.updateStrategies(for: ContentSpec(sections: 3, itemsPerSection: 3, sizes: .separable))
                == [.full, .incremental])
    }
}
