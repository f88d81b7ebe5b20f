import LayoutModel
@testable import Layouts
import RectIndex
import SeededRandom
import Testing

/// The app's model of a separable grid, as its data source answers after every batch: a height per row and a width
/// per column, asked by index (an inserted or reloaded row's height is the model's at its new index).
final class AxisModel: SeparableGridSizeProvider, @unchecked Sendable {
    var heights: [Double]
    var widths: [Double]

    init(heights: [Double], widths: [Double]) {
        self.heights = heights
        self.widths = widths
    }

    func size(row: Int, column: Int) -> Size { Size(width: widths[column], height: heights[row]) }
    func columnWidth(_ column: Int) -> Double { widths[column] }
    func rowHeight(_ row: Int) -> Double { heights[row] }
    /// A copy that later batches do not change: what a fresh build reads.
    var snapshot: AxisModel { AxisModel(heights: heights, widths: widths) }
}

/// The sizes a seeded axis is drawn from.
enum AxisSizes: CaseIterable {
    /// Whole points: every running sum is whole, the fold never rounds.
    case whole
    /// Half points: every other sum has a fraction.
    case halves
    /// Thirds of a point, which binary fractions cannot hold: the sums round.
    case thirds
    /// Whole points with a third of a point here and there: the fold rounds from the first one on.
    case mostlyWhole
    /// One whole size: the mean row, and so the row-bucket table's origin and bucket height, stay from batch to
    /// batch, and a row batch writes only the buckets after its kept rows (issue 39o).
    case uniform
    /// One size of a half point: the same, through the rounding fold.
    case uniformHalves

    func draw(using random: inout SeededGenerator) -> Double {
        switch self {
        case .whole: Double(Int.random(in: 0...90, using: &random))
        case .halves: Double(Int.random(in: 40...180, using: &random)) / 2
        case .thirds: Double(Int.random(in: 60...270, using: &random)) / 3
        case .mostlyWhole:
            Int.random(in: 0..<12, using: &random) == 0
                ? Double(Int.random(in: 60...270, using: &random)) / 3 : Double(Int.random(in: 20...90, using: &random))
        case .uniform: 44
        case .uniformHalves: 40.5
        }
    }
}

extension StickyGridUpdatesTests {
    /// Every frame of the axes of `layout` that is not, bit for bit, that of `reference` (both prefix-sums stores).
    static func axisDifferences(_ layout: StickyGridLayout, _ reference: StickyGridLayout) -> [String] {
        guard let axes = layout.axes, let expected = reference.axes else { return ["no axes"] }
        guard axes.rowCount == expected.rowCount && axes.columnCount == expected.columnCount else {
            return ["\(axes.rowCount) x \(axes.columnCount), not \(expected.rowCount) x \(expected.columnCount)"]
        }
        func bits(_ r: Rect) -> [UInt64] {
            [r.origin.x.bitPattern, r.origin.y.bitPattern, r.size.width.bitPattern, r.size.height.bitPattern]
        }
        var result: [String] = []
        if axes.rowCount > 0 && axes.columnCount > 0 {
            for row in 0..<axes.rowCount
            where bits(axes.frame(row: row, column: 0)) != bits(expected.frame(row: row, column: 0)) {
                result.append("row \(row) is \(axes.frame(row: row, column: 0)), "
                    + "not \(expected.frame(row: row, column: 0))")
            }
            for column in 0..<axes.columnCount
            where bits(axes.frame(row: 0, column: column)) != bits(expected.frame(row: 0, column: column)) {
                result.append("column \(column) is \(axes.frame(row: 0, column: column)), "
                    + "not \(expected.frame(row: 0, column: column))")
            }
        }
        // The rows' bucket table, entry for entry (a row batch writes only the buckets after its kept rows: 39o).
        if axes.bucketTableEntries != expected.bucketTableEntries {
            result.append("bucket table \(axes.bucketTableEntries.prefix(30)), not \(expected.bucketTableEntries.prefix(30))")
        }
        if layout.contentSize != reference.contentSize {
            result.append("content size \(layout.contentSize), not \(reference.contentSize)")
        }
        return Array(result.prefix(5))
    }

    /// The incremental sticky grid of `sizes` in prefix-sums storage, one row and one column pinned.
    static func axisLayout(_ sizes: AxisModel) -> StickyGridLayout {
        StickyGridLayout(sizes: sizes, stickyRows: 1, stickyColumns: 1, storage: .prefixSums, strategy: .prefixSums,
                         updates: .incremental)
    }

    /// ``axisLayout(_:)`` of `model` in a phone-sized host that checks every batch completely, laid out once.
    static func hostedAxisLayout(_ model: AxisModel) -> (StickyGridLayout, CollectionViewHost) {
        let layout = axisLayout(model)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: .uniform(sections: model.heights.count,
                                                       itemsPerSection: model.widths.count))
        host.batchValidation = .complete
        host.layoutIfNeeded()
        return (layout, host)
    }

    /// One seeded batch of one kind over the model, at the first row or column, the last, or anywhere: the model is
    /// changed as the app changes it, and the batch and its new counts are returned.
    static func drawEdge(_ model: AxisModel, sizes: AxisSizes, using random: inout SeededGenerator)
        -> (batch: BatchUpdate, added: [Int])
    {
        let rows = model.heights.count, columns = model.widths.count
        func index(below count: Int) -> Int {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: 0
            case 1: Swift.max(0, count - 1)
            default: Int.random(in: 0..<Swift.max(1, count), using: &random)
            }
        }
        func column(_ item: Int) -> [ElementPath] { (0..<rows).map { ElementPath(section: $0, item: item) } }
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            let at = Int.random(in: 0...2, using: &random) == 0 ? rows : index(below: rows)
            model.heights.insert(sizes.draw(using: &random), at: at)
            return (BatchUpdate([.insertSections([at])]), [columns])
        case 1 where rows > 2:
            let at = index(below: rows)
            model.heights.remove(at: at)
            return (BatchUpdate([.deleteSections([at])]), [])
        case 2 where rows > 2:
            let from = index(below: rows), drawn = index(below: rows), to = drawn == from ? (from + 1) % rows : drawn
            model.heights.insert(model.heights.remove(at: from), at: to)
            return (BatchUpdate([.moveSection(from: from, to: to)]), [])
        case 3 where rows > 0:
            let at = index(below: rows)
            model.heights[at] = sizes.draw(using: &random)
            return (BatchUpdate([.reloadSections([at])]), [columns])
        case 4:
            let at = Int.random(in: 0...2, using: &random) == 0 ? columns : index(below: columns)
            model.widths.insert(sizes.draw(using: &random), at: at)
            return (BatchUpdate([.insertItems(column(at))]), [])
        case 5 where columns > 2:
            let at = index(below: columns)
            model.widths.remove(at: at)
            return (BatchUpdate([.deleteItems(column(at))]), [])
        case 6 where columns > 2:
            let from = index(below: columns), drawn = index(below: columns)
            let to = drawn == from ? (from + 1) % columns : drawn
            model.widths.insert(model.widths.remove(at: from), at: to)
            return (BatchUpdate((0..<rows).map {
                .moveItem(from: ElementPath(section: $0, item: from), to: ElementPath(section: $0, item: to))
            }), [])
        default:
            model.heights.append(sizes.draw(using: &random))
            return (BatchUpdate([.insertSections([rows])]), [columns])
        }
    }

    /// Issue 39m: the fold lays whole sums out unrounded and resumes from a kept row's exact start, and a grid of
    /// whole sums moves its kept rows or columns instead of folding them. Row and column batches at both ends, in
    /// grids of whole, half, third and mostly whole points (the fold leaving its unrounded loop at the first sum
    /// with a fraction), each compared bit for bit
    /// with a fresh build of the model after every batch.
    @Test("seeded batches at both ends, whole and fractional sizes, equal a fresh build bit for bit",
          arguments: AxisSizes.allCases, [UInt64(1), 2])
    func edgeBatchesEqualFreshBuilds(sizes: AxisSizes, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed &* 31 &+ UInt64(AxisSizes.allCases.firstIndex(of: sizes) ?? 0))
        let rows = 24, columns = 18
        let model = AxisModel(heights: (0..<rows).map { _ in sizes.draw(using: &random) },
                              widths: (0..<columns).map { _ in sizes.draw(using: &random) })
        let (layout, host) = Self.hostedAxisLayout(model)
        let viewport = host.bounds.size
        for index in 0..<80 {
            let (batch, _) = Self.drawEdge(model, sizes: sizes, using: &random)
            let after = ItemCounts.uniform(sections: model.heights.count, itemsPerSection: model.widths.count)
            try host.performBatchUpdates(batch, newCounts: after)
            host.layoutIfNeeded()
            let fresh = Self.axisLayout(model.snapshot)
            let freshHost = CollectionViewHost(layout: fresh, viewportSize: viewport, counts: after)
            freshHost.layoutIfNeeded()
            // A grid of whole points keeps both flags, so its row and column batches take the moves
            // (`shiftWholeRows`, `shiftWholeColumns`), not the fold.
            if sizes == .whole || sizes == .uniform { #expect(layout.rowSumsWhole && layout.columnSumsWhole, "batch \(index)") }
            let differences = Self.axisDifferences(layout, fresh)
            #expect(differences.isEmpty, "\(sizes), batch \(index) \(batch): \(differences.joined(separator: "; "))")
            if !differences.isEmpty { break }
        }
    }

    /// Issue 39: a grid of whole sums keeps its row heights as the store's extents after a row batch
    /// (`heightsInStore`), and every later batch reads them there: a move's source height, a fold of the columns,
    /// rows deleted at the end, and a row of a third of a point that breaks the sums, which writes the heights back
    /// into the layout's own list and folds. Each batch is compared bit for bit with a fresh build of the model.
    @Test("heights kept in the store serve moves, column folds and the fold back from it")
    func heightsKeptInTheStore() throws {
        let model = AxisModel(heights: (0..<30).map { Double(20 + ($0 * 7) % 50) },
                              widths: (0..<12).map { Double(60 + ($0 * 11) % 40) })
        let (layout, host) = Self.hostedAxisLayout(model)
        func column(_ item: Int) -> [ElementPath] {
            (0..<model.heights.count).map { ElementPath(section: $0, item: item) }
        }
        // Each step: the model changed as the app changes it, the batch, and where the heights are after it.
        let steps: [(String, () -> BatchUpdate, Bool)] = [
            ("insert a whole row", {
                model.heights.insert(37, at: 3)
                return BatchUpdate([.insertSections([3])])
            }, true),
            ("move a row: its height read from the store", {
                model.heights.insert(model.heights.remove(at: 17), at: 2)
                return BatchUpdate([.moveSection(from: 17, to: 2)])
            }, true),
            ("a column of half a point, folded, the rows untouched", {
                model.widths.insert(40.5, at: 4)
                return BatchUpdate([.insertItems(column(4))])
            }, true),
            ("the last two rows deleted", {
                model.heights.removeLast(2)
                let rows = model.heights.count
                return BatchUpdate([.deleteSections([rows, rows + 1])])
            }, true),
            ("a row of a third of a point: the heights back in the list, folded", {
                model.heights.insert(100.0 / 3, at: 9)
                return BatchUpdate([.insertSections([9])])
            }, false),
            ("a row deleted and one moved, folded from the list", {
                model.heights.remove(at: 1)
                model.heights.insert(model.heights.remove(at: 20), at: 5)
                return BatchUpdate([.deleteSections([1]), .moveSection(from: 21, to: 5)])
            }, false),
        ]
        for (name, makeBatch, inStore) in steps {
            let batch = makeBatch()
            let after = ItemCounts.uniform(sections: model.heights.count, itemsPerSection: model.widths.count)
            try host.performBatchUpdates(batch, newCounts: after)
            host.layoutIfNeeded()
            #expect(layout.heightsInStore == inStore, "\(name)")
            let fresh = Self.axisLayout(model.snapshot)
            CollectionViewHost(layout: fresh, viewportSize: host.bounds.size, counts: after).layoutIfNeeded()
            let differences = Self.axisDifferences(layout, fresh)
            #expect(differences.isEmpty, "\(name): \(differences.joined(separator: "; "))")
        }
    }

    /// The unrounded loop's test, `isWholeForFold`, against the roundings it stands for, on values at its edges.
    @Test("a sum is laid out unrounded exactly when both roundings give it back")
    func wholeForFold() {
        let values: [Double] = [0, -0.0, 1, 44, 0.5, 1.0 / 3, 0x1p52 - 1, 0x1p52 - 0.5, 0x1p52, 0x1p53, -1, -0.5,
                                .ulpOfOne, 1 + .ulpOfOne, 1e15, 1e15 + 0.125, .infinity, -.infinity, .nan]
        for v in values {
            let whole = StickyGridLayout.isWholeForFold(v)
            // Claimed whole: both roundings give it back, bit for bit (the unrounded loop writes `v` itself).
            if whole {
                #expect(v.integralFloor.bitPattern == v.bitPattern && v.integralCeiling.bitPattern == v.bitPattern,
                        "\(v)")
            }
            // Every whole value in 0..<2^52 is claimed (the unrounded loop takes every grid of whole points).
            if v >= 0 && v < 0x1p52 && v.rounded(.down) == v { #expect(whole, "\(v)") }
        }
    }
}
