import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Verification

/// Which batches the update part of the conformance checker applies to a family's layouts.
public enum UpdateBatchShape: Hashable, Sendable {
    /// ``grid`` for a family whose ``Scenarios/UpdatingLayoutFamily/updateShape`` is ``Scenarios/UpdateShape/grid``
    /// (the sticky grid), ``random`` otherwise.
    case automatic
    /// Seeded random batches of every kind (`RandomBatch.draw` with `BatchMix.edits`), plus the edge cases: a batch
    /// at the first visible item, one far from it, a move across sections, a section emptied, every section
    /// deleted and new ones inserted.
    case random
    /// Whole rows and columns, so that every section keeps the same count (`RandomBatch.drawGrid` with
    /// `GridBatchMix.edits`), plus the edge cases: the row of the first visible cell deleted, every column deleted
    /// then columns inserted, every row deleted then rows inserted.
    case grid
    /// No batch: the family is not checked under updates.
    case none
}

/// The update part of the conformance checker
/// (`checkLayoutFamily(_:seed:viewport:rects:traces:traceFrames:updateBatches:updateShape:maximumFailures:)` runs it):
/// for every strategy the family offers for the workload's content
/// (``Scenarios/UpdatingLayoutFamily/updateStrategies(for:)``), `batches` seeded batches through a
/// ``LayoutModel/CollectionViewHost`` with ``LayoutModel/CollectionViewHost/performBatchUpdates(_:newCounts:)``
/// (complete validation, the anchoring policy cycling through none, top and bottom, a seeded scroll between batches).
/// After every batch the layout must answer exactly as a freshly built layout of the same strategy over the new counts
/// and item identities, prepared at the same bounds: the content size, the rect query for the bounds and for seeded
/// rects, and `attributesForItem` of every item; and as the `full` strategy's layout, driven through the same batches,
/// within 1e-9 relative.
///
/// A large workload is checked over a small content of the same shape (at most 12 sections of 16 items), so the
/// check stays fast.
///
/// - Returns: the failures, at most `maximumFailures`, each one line; empty when the family conforms.
public func checkLayoutFamilyUpdates(
    _ workload: WorkloadSpec, seed: UInt64, viewport: Size = Size(width: 390, height: 844), batches: Int = 24,
    shape: UpdateBatchShape = .automatic, maximumFailures: Int = 10, policy: MismatchPolicy = .exact
) -> [String] {
    if let problem = workload.problem { return ["invalid workload: \(problem)"] }
    let family = workload.layout.base
    var content = workload.content(seed: seed)
    if content.itemCount > 1000 {
        var small = content
        small.sections = Swift.min(content.sections, 12)
        small.itemsPerSection = Swift.min(content.itemsPerSection, 16)
        if family.problem(for: small) == nil { content = small }
    }
    return checkUpdates(of: family, content: content, storage: workload.storage, viewport: viewport, seed: seed,
                        batches: batches, shape: shape, maximumFailures: maximumFailures, policy: policy)
}

/// The update check on `content` itself: see
/// `checkLayoutFamilyUpdates(_:seed:viewport:batches:shape:maximumFailures:)`.
public func checkUpdates(
    of family: any LayoutFamily, content base: ContentSpec, storage: AttributeStorageKind, viewport: Size,
    seed: UInt64, batches: Int, shape: UpdateBatchShape, maximumFailures: Int = 10, policy: MismatchPolicy = .exact
) -> [String] {
    var failures: [String] = []
    guard batches > 0, shape != .none else { return failures }
    let strategies = AnyLayoutFamily(erasing: family).updateStrategies(for: base)
    if strategies.first != .full {
        failures.append("the family's update strategies \(strategies.map(\.rawValue)) do not start with full")
    }
    for strategy in strategies {
        let run = UpdateCheckRun(family: family, content: base, storage: storage, viewport: viewport, seed: seed,
                                 strategy: strategy, shape: shape, maximumFailures: maximumFailures - failures.count,
                                 policy: policy)
        failures += run.check(batches: batches)
        if failures.count >= maximumFailures { break }
    }
    return Array(failures.prefix(maximumFailures))
}

/// One strategy driven through seeded batches, next to the `full` strategy, each batch checked against fresh builds.
private final class UpdateCheckRun {
    let family: any LayoutFamily
    var content: ContentSpec
    let storage: AttributeStorageKind
    let strategy: UpdateStrategy
    let identities: ItemIdentities
    let layout: any MeasuredLayout
    let host: CollectionViewHost
    /// The `full` strategy's layout and host, when the strategy is another.
    let full: (layout: any MeasuredLayout, host: CollectionViewHost)?
    var shape: UpdateBatchShape
    var random: SeededGenerator
    let appPlan = BatchUpdatePlan()
    var failures: [String] = []
    let maximumFailures: Int
    /// Which mismatch classes fail.
    let policy: MismatchPolicy
    /// A grid's column count, kept while it has no rows.
    var gridColumns = 0
    var buffer: [LayoutAttributes] = []
    var expected: [LayoutAttributes] = []

    init(family: any LayoutFamily, content: ContentSpec, storage: AttributeStorageKind, viewport: Size,
         seed: UInt64, strategy: UpdateStrategy, shape: UpdateBatchShape, maximumFailures: Int,
         policy: MismatchPolicy) {
        self.family = family
        self.policy = policy
        self.storage = storage
        self.strategy = strategy
        self.maximumFailures = maximumFailures
        var content = content
        identities = ItemIdentities(counts: content.itemCounts)
        content.identities = identities
        self.content = content
        random = SeededGenerator(seed: seed ^ (strategy == .full ? 0x5EED_F011 : 0x5EED_1AC4))
        layout = family.makeLayout(for: content, storage: storage, updates: strategy)
        host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: content.itemCounts)
        host.batchValidation = .complete
        host.layoutIfNeeded()
        if strategy != .full {
            let fullLayout = family.makeLayout(for: content, storage: storage, updates: .full)
            let fullHost = CollectionViewHost(layout: fullLayout, viewportSize: viewport,
                                              counts: content.itemCounts)
            fullHost.batchValidation = .complete
            fullHost.layoutIfNeeded()
            full = (fullLayout, fullHost)
        } else {
            full = nil
        }
        self.shape = shape == .automatic ? (AnyLayoutFamily(erasing: family).updateShape == .grid ? .grid : .random) : shape
        gridColumns = content.itemCounts.uniformItemCount ?? 0
    }

    func fail(_ message: String) {
        if failures.count < maximumFailures { failures.append("\(strategy.rawValue) updates: \(message)") }
    }

    func check(batches: Int) -> [String] {
        for index in 0..<batches {
            scroll()
            let counts = host.state.counts
            let (batch, added) = shape == .grid ? gridBatch(index, of: batches, over: counts)
                : randomBatch(index, of: batches, over: counts)
            var after = counts
            do {
                try appPlan.apply(batch, to: &after, addedSectionCounts: added)
            } catch {
                fail("batch \(index) (\(describe(batch))): the checker drew an invalid batch: \(error)")
                return failures
            }
            identities.apply(appPlan, after: after)
            let anchoring = ScrollAnchoring.allCases[index % ScrollAnchoring.allCases.count]
            host.scrollAnchoring = anchoring
            let place = "batch \(index) (\(describe(batch)), anchoring \(anchoring.rawValue))"
            do {
                try performBatch(batch, newCounts: after, on: host)
                if let full {
                    full.host.scrollAnchoring = anchoring
                    try performBatch(batch, newCounts: after, on: full.host)
                    full.host.setContentOffset(host.contentOffset)
                    full.host.layoutIfNeeded()
                }
            } catch {
                fail("\(place): the host refused the batch: \(error)")
                return failures
            }
            compare(at: place)
            if failures.count >= maximumFailures { break }
        }
        return failures
    }

    /// `batch` on `host`, with the app's part around it for a family that plays it (`Scenarios.AppEventFamily`).
    func performBatch(_ batch: BatchUpdate, newCounts: ItemCounts, on host: CollectionViewHost)
        throws(BatchUpdateError)
    {
        let app = type(of: family).playsAppEvents ? host.layout as? any AppEventHandlingLayout : nil
        app?.appWillChangeData(.batchUpdate)
        defer { app?.appDidChangeData(.batchUpdate) }
        try host.performBatchUpdates(batch, newCounts: newCounts)
    }

    /// A seeded offset in the content, so batches land above, in and below the viewport.
    func scroll() {
        let size = layout.contentSize, bounds = host.bounds
        let maxX = Swift.max(0, size.width - bounds.width), maxY = Swift.max(0, size.height - bounds.height)
        let offset = Point(x: maxX > 0 ? Double(Int.random(in: 0...Int(maxX), using: &random)) : 0,
                           y: maxY > 0 ? Double(Int.random(in: 0...Int(maxY), using: &random)) : 0)
        host.setContentOffset(offset)
        host.layoutIfNeeded()
        if let full {
            full.host.setContentOffset(offset)
            full.host.layoutIfNeeded()
        }
    }

    // MARK: Batches

    /// The first visible cell's path, or `nil`.
    var firstVisible: ElementPath? {
        host.visibleAttributes.filter { $0.kind == .cell }.map(\.path).min()
    }

    func randomBatch(_ index: Int, of batches: Int, over counts: ItemCounts) -> (BatchUpdate, [Int]) {
        let sections = counts.numberOfSections
        let nonEmpty = (0..<sections).filter { counts.numberOfItems(inSection: $0) > 0 }
        func path(_ section: Int, _ item: Int) -> ElementPath { ElementPath(section: section, item: item) }
        if sections == 0 {
            // After deleting everything: new sections, one of them empty.
            return (BatchUpdate([.insertSections([0, 1, 2])]), [3, 0, 5])
        }
        if index == batches - 3 {
            return (BatchUpdate([.deleteSections(Array(0..<sections))]), [])
        }
        switch index % 6 {
        case 0:
            // At the first visible item: it goes, and a new item takes its place.
            if let first = firstVisible {
                return (BatchUpdate([.deleteItems([first]), .insertItems([first])]), [])
            }
        case 1:
            // Far from the viewport: at the end of the section farthest from the first visible one.
            let visibleSection = firstVisible?.section ?? 0
            if let far = nonEmpty.max(by: { abs($0 - visibleSection) < abs($1 - visibleSection) }) {
                let count = counts.numberOfItems(inSection: far)
                return (BatchUpdate([.deleteItems([path(far, count - 1)]), .insertItems([path(far, count - 1)])]),
                        [])
            }
        case 2:
            // A move across sections.
            if let from = nonEmpty.first, let to = (0..<sections).last, to != from {
                return (BatchUpdate([.moveItem(from: path(from, 0), to: path(to, counts.numberOfItems(inSection: to)))]),
                        [])
            }
        case 3:
            // A section emptied.
            if let section = nonEmpty.randomElement(using: &random) {
                let count = counts.numberOfItems(inSection: section)
                return (BatchUpdate([.deleteItems((0..<count).map { path(section, $0) })]), [])
            }
        default: break
        }
        let drawn = RandomBatch.draw(over: counts, mix: .edits, using: &random)
        return (drawn.batch, drawn.addedSectionCounts)
    }

    /// Whole rows and columns: every section keeps the same count (`RandomBatch.drawGrid`), and the edge cases
    /// at fixed points of the run: the row of the first visible cell deleted, every column deleted (then columns
    /// inserted), every row deleted (then rows inserted into the empty grid).
    func gridBatch(_ index: Int, of batches: Int, over counts: ItemCounts) -> (BatchUpdate, [Int]) {
        let rows = counts.numberOfSections
        let columns = rows > 0 ? counts.numberOfItems(inSection: 0) : gridColumns
        gridColumns = columns
        func column(_ item: Int) -> [ElementPath] { (0..<rows).map { ElementPath(section: $0, item: item) } }
        if rows > 0 && columns > 0 {
            if index == batches / 3 { return (BatchUpdate([.deleteItems((0..<columns).flatMap(column))]), []) }
            if index == 2 * batches / 3 { return (BatchUpdate([.deleteSections(Array(0..<rows))]), []) }
            if index % 5 == 1, rows > 2, let row = firstVisible?.section {
                return (BatchUpdate([.deleteSections([row])]), [])
            }
        }
        var mix = GridBatchMix.edits
        mix.columnsOfEmptyGrid = Swift.max(columns, 3)
        if rows == 0 { mix.rowInserts = Swift.max(mix.rowInserts, 3) }
        if columns == 0 { mix.columnInserts = Swift.max(mix.columnInserts, 3) }
        let drawn = RandomBatch.drawGrid(over: counts, mix: mix, using: &random)
        return (drawn.batch, drawn.addedSectionCounts)
    }

    func describe(_ batch: BatchUpdate) -> String {
        let text = batch.operations.map(\.description).joined(separator: ", ")
        return text.count > 160 ? String(text.prefix(160)) + "…" : (text.isEmpty ? "empty" : text)
    }

    // MARK: Comparison

    /// The layout against a fresh build of its strategy (exactly) and against the full strategy (1e-9 relative).
    func compare(at place: String) {
        let fresh = family.makeLayout(for: content, storage: storage, updates: strategy)
        let freshHost = CollectionViewHost(layout: fresh, viewportSize: host.bounds.size, counts: host.state.counts)
        freshHost.setContentOffset(host.contentOffset)
        freshHost.layoutIfNeeded()
        compare(against: fresh, named: "a fresh layout", tolerance: nil, at: place)
        if let full { compare(against: full.layout, named: "the full strategy", tolerance: 1e-9, at: place) }
    }

    func compare(against reference: any MeasuredLayout, named name: String, tolerance: Double?, at place: String) {
        if !same(layout.contentSize, reference.contentSize, tolerance) {
            fail("\(place): content size \(layout.contentSize), \(reference.contentSize) in \(name)")
            return
        }
        var tally = MismatchTally()
        let comparison = ElementComparison(contract: layout.rectContract, tolerance: tolerance ?? 0)
        for rect in rects() {
            layout.attributesForElements(in: rect, into: &buffer)
            reference.attributesForElements(in: rect, into: &expected)
            comparison.compare(expected: observed(expected, of: reference), actual: observed(buffer, of: layout),
                               rect: rect, reference: { reference.ownAttributes(of: $0) },
                               place: "\(place): the query for \(rect) against \(name)", into: &tally)
        }
        let counts = host.state.counts
        if counts.totalItems <= 4000 {
            for section in 0..<counts.numberOfSections {
                for item in 0..<counts.numberOfItems(inSection: section) {
                    let path = ElementPath(section: section, item: item)
                    comparison.compare(expected: reference.attributesForItem(at: path).map { ObservedElement($0) },
                                       actual: layout.attributesForItem(at: path).map { ObservedElement($0) },
                                       place: "\(place): item \(path) against \(name)", into: &tally)
                }
            }
        }
        if tally.fails(under: policy) {
            fail("\(place): differs from \(name): \(tally.summary ?? ""); first \(tally.exampleLines.first ?? "")")
        }
    }

    /// The bounds and five seeded rects over the content, each as the layout's contract admits it; for a family
    /// asked only the rects UIKit sends (``Scenarios/VisibleRectQueryFamily``), the bounds at seeded reachable
    /// offsets, extended ahead along the scrolling axes.
    func rects() -> [Rect] {
        let size = layout.contentSize, bounds = host.bounds
        var result = [bounds]
        let visible = type(of: family).defaultQueryRectShape == .visible
        let axes = ScrollAxes(contentSize: size, viewport: bounds.size)
        for _ in 0..<5 {
            let width = Double(Int.random(in: 1...Swift.max(1, Int(bounds.width)), using: &random))
            let height = Double(Int.random(in: 1...Swift.max(1, Int(bounds.height)), using: &random))
            let x = Double(Int.random(in: 0...Swift.max(0, Int(size.width)), using: &random)) - width / 2
            let y = Double(Int.random(in: 0...Swift.max(0, Int(size.height)), using: &random)) - height / 2
            if visible {
                let offset = ScrollAxes.clamped(Point(x: axes.horizontal ? x : 0, y: axes.vertical ? y : 0),
                                                contentSize: size, viewport: bounds.size)
                result.append(axes.visibleRect(at: offset, viewport: bounds.size,
                                               after: axes.vertical ? height : width))
            } else {
                result.append(Rect(x: x, y: y, width: width, height: height))
            }
        }
        return result.compactMap { layout.rectContract.admit($0) }
    }

    func same(_ a: Double, _ b: Double, _ tolerance: Double?) -> Bool {
        guard let tolerance else { return a == b }
        return a == b || Swift.abs(a - b) <= tolerance * Swift.max(1, Swift.abs(a), Swift.abs(b))
    }

    func same(_ a: Size, _ b: Size, _ tolerance: Double?) -> Bool {
        same(a.width, b.width, tolerance) && same(a.height, b.height, tolerance)
    }
}
