import Diffing
import Harness
import LayoutModel
import Layouts
import Scenarios
import SeededRandom

/// The differential check behind `layoutbench verify diff`: seeded snapshot pairs (identical snapshots, duplicates,
/// empty sections, section inserts, deletes and moves, item moves within and across sections, content changes),
/// each diffed and staged (``Diffing/Snapshot/stagedUpdate(to:strategy:)``), then:
/// 1. a pair with a duplicate identifier is refused by ``Diffing/Snapshot/validate()`` with an error naming it;
/// 2. replayed through the host's ``LayoutModel/BatchUpdatePlan`` with UIKit's complete checks, every staged batch
///    is accepted and the stages take the old snapshot to the new one exactly (``Diffing/StagingReplay``): every
///    section and item identifier in place, every changed content reloaded, and (for `diff`) every unchanged item of
///    a kept section carried rather than deleted and inserted; `stdlib`'s stages likewise;
/// 3. for every family of the catalog with an update strategy (a family whose updates must keep a grid whole, of
///    update shape `grid`, is left out: random pairs change section counts), and every strategy it offers, a host
///    over the old snapshot's counts takes the staged batches, and its layout then answers exactly as a layout freshly
///    built over the new counts at the same bounds: the content size and every element of the whole content;
/// 4. with ``layout`` naming one family, that family alone; and when it takes snapshots through the app's own data
///    source (``Scenarios/SnapshotApplyingFamily``: every UIKit family, through
///    `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)`), each pair is also applied that way, and the
///    layout must equal one freshly built showing the new snapshot (the family's side compares, so that this module
///    knows nothing of UIKit).
///
/// It stops at the first failure, which it reports in one line (the pair, the family and strategy, the element).
package struct DiffVerification {
    /// Snapshot pairs to check.
    package var pairs: Int
    /// The seed of the pairs and of the offsets.
    package var seed: UInt64
    /// The families whose layouts take the stages.
    package var catalog: LayoutCatalog
    /// A staging rule broken on purpose (the test hook that shows the check fails).
    package var stagingFault: StagingFault?
    /// The one family to check, by name; `nil` checks every family of the catalog with an update strategy that any
    /// batch may change (and none through its data source).
    package var layout: String?

    /// Creates a run over `pairs` pairs.
    package init(pairs: Int, seed: UInt64, catalog: LayoutCatalog = .registered) {
        self.pairs = pairs
        self.seed = seed
        self.catalog = catalog
    }

    typealias TestSnapshot = Snapshot<Int, Int, Int>

    /// What a run checked, and its first failure.
    package struct Report: Sendable {
        /// Pairs checked.
        package var pairs = 0
        /// Pairs with a duplicate identifier, refused.
        package var duplicatesRefused = 0
        /// Pairs whose snapshots were identical (no batch).
        package var identical = 0
        /// Staged batches replayed.
        package var batches = 0
        /// Pairs that took more than one batch.
        package var multiStagePairs = 0
        /// The family and strategy runs, `FAMILY/STRATEGY` (`NAME/incremental`), with the pairs each took.
        package var layouts: [(name: String, pairs: Int)] = []
        /// The first failure, in one line; `nil` when every check passed.
        package var failure: String?

        /// Whether every check passed.
        package var passed: Bool { failure == nil && pairs > 0 }
    }

    /// Why ``layout`` cannot be checked (an unknown name, or a family that takes no snapshots), in one line; `nil`
    /// when it can, or when no layout is named.
    package var layoutProblem: String? {
        guard let layout else { return nil }
        guard let type = catalog.family(named: layout) else {
            return "unknown layout '\(layout)'; the catalog has \(catalog.names.joined(separator: ", "))"
        }
        if let problem = type.init().problem(for: ContentSpec(sections: 3, itemsPerSection: 4)) {
            return "layout '\(layout)' cannot be laid out here: \(problem)"
        }
        guard checks().isEmpty else { return nil }
        return "layout '\(layout)' takes no snapshots: it has no update strategy that any batch may change, and no data "
            + "source of its own"
    }

    /// One check of every pair.
    enum Check {
        /// The staged batches through the host, on a layout of the family with the strategy.
        case staged(AnyLayoutFamily, UpdateStrategy)
        /// The family's own data source (``Scenarios/SnapshotApplyingFamily``).
        case dataSource(any SnapshotApplyingFamily)
    }

    /// The checks of a run, named as the report names them: ``layouts()``, or with ``layout`` that family's
    /// strategies and its data source.
    func checks() -> [(name: String, check: Check)] {
        let staged = layouts().filter { layout == nil || $0.family.name == layout }
            .map { ("\($0.family.name)/\($0.strategy.rawValue)", Check.staged($0.family, $0.strategy)) }
        guard let layout, let type = catalog.family(named: layout),
              let family = type.init() as? any SnapshotApplyingFamily,
              family.problem(for: ContentSpec(sections: 3, itemsPerSection: 4)) == nil
        else { return staged }
        return staged + [("\(layout)/diffable-data-source", .dataSource(family))]
    }

    /// The layouts checked: every family of the catalog with an update strategy that any batch may change, and
    /// each strategy it offers.
    func layouts() -> [(family: AnyLayoutFamily, strategy: UpdateStrategy)] {
        catalog.families.flatMap { type -> [(family: AnyLayoutFamily, strategy: UpdateStrategy)] in
            let family = AnyLayoutFamily(erasing: type.init())
            guard family.updateShape == .free else { return [] }
            let content = ContentSpec(sections: 3, itemsPerSection: 4)
            guard family.base.problem(for: content) == nil else { return [] }
            return family.updateStrategies(for: content).map { (family, $0) }
        }
    }

    /// Runs the check.
    package func run(progress: (String) -> Void = { _ in }) -> Report {
        var report = Report()
        let checks = self.checks()
        report.layouts = checks.map { ($0.name, 0) }
        var random = SeededGenerator(seed: seed ^ 0x4469_6666_5665_7269)
        var ticker = ProgressTicker(label: "verify diff", unit: "pair", total: pairs)
        for index in 0..<pairs {
            defer { ticker.tick(index, progress) }
            report.pairs += 1
            let (old, new, duplicate) = Self.pair(index, &random)
            if let duplicate {
                do {
                    try new.validate()
                    report.failure = "pair \(index): the duplicate item \(duplicate) was not refused"
                } catch {
                    guard case let .duplicateItem(named, _) = error, named == String(duplicate) else {
                        report.failure = "pair \(index): the duplicate item \(duplicate) was refused as \(error)"
                        return report
                    }
                    report.duplicatesRefused += 1
                    continue
                }
                return report
            }
            var update: StagedUpdate
            let naive: StagedUpdate
            do {
                update = try old.stagedUpdate(to: new)
                naive = try old.stagedUpdate(to: new, strategy: .stdlib)
            } catch {
                report.failure = "pair \(index): \(error)"
                return report
            }
            if let stagingFault { update.stages = update.difference.staged(fault: stagingFault) }
            if update.stages.isEmpty && old == new { report.identical += 1 }
            report.batches += update.stages.count
            if update.stages.count > 1 { report.multiStagePairs += 1 }
            if let mismatch = old.mismatch(replaying: update, to: new, keepingIdentity: true) {
                report.failure = "pair \(index), diff: \(mismatch)"
                return report
            }
            if let mismatch = old.mismatch(replaying: naive, to: new) {
                report.failure = "pair \(index), stdlib: \(mismatch)"
                return report
            }
            for (slot, check) in checks.enumerated() {
                let failure: String?
                switch check.check {
                case let .staged(family, strategy):
                    failure = checkLayout(family, strategy, update, from: old, to: new, random: &random)
                case let .dataSource(family):
                    let viewport = WorkloadSpec(rows: 1, columns: 1, layout: AnyLayoutFamily(erasing: family)).viewport
                    failure = family.differenceAfterApplying(new, over: old, viewport: viewport.size,
                                                             offsetFraction: Double.random(in: 0...1, using: &random))
                }
                if let failure {
                    report.failure = "pair \(index), \(report.layouts[slot].name): \(failure)"
                    return report
                }
                report.layouts[slot].pairs += 1
            }
        }
        return report
    }

    /// Plays `update`'s stages on a host of `strategy`'s layout over `old`'s counts, the family's app part around
    /// each, and compares its layout with one freshly built over `new`'s counts at the same bounds; the first
    /// difference in one line, or `nil`.
    func checkLayout(_ family: AnyLayoutFamily, _ strategy: UpdateStrategy, _ update: StagedUpdate,
                     from old: TestSnapshot, to new: TestSnapshot, random: inout SeededGenerator) -> String? {
        let workload = WorkloadSpec(rows: 1, columns: 1, layout: family, trace: .edits, traceFrames: 1,
                                    invalidations: [.context], updates: strategy)
        let builder = WorkloadBuilder(workload: workload, seed: seed)
        let viewport = workload.viewport.size
        let driven = CollectionViewHost(layout: builder.makeLayout(mode: .context, updates: strategy),
                                        viewportSize: viewport, counts: .perSection(old.itemCounts))
        driven.layoutIfNeeded()
        let size = driven.layout.contentSize
        let fraction = Double.random(in: 0...1, using: &random)
        driven.setContentOffset(Point(x: (Swift.max(0, size.width - viewport.width) * fraction).rounded(),
                                      y: (Swift.max(0, size.height - viewport.height) * fraction).rounded()))
        driven.layoutIfNeeded()
        for (index, stage) in update.stages.enumerated() {
            // The app's part around each batch, as the runner's apply plays it (a layout that caches until its app
            // resets it is reset before each).
            builder.appWillChangeData(.batchUpdate, on: driven)
            do {
                try driven.performBatchUpdates(stage.batch, newCounts: .perSection(stage.counts))
            } catch {
                return "the host refused stage \(index): \(error)"
            }
            builder.appDidChangeData(.batchUpdate, on: driven)
        }
        let fresh = CollectionViewHost(layout: builder.makeLayout(mode: .context, updates: strategy),
                                       viewportSize: viewport, counts: .perSection(new.itemCounts))
        fresh.setContentOffset(driven.bounds.origin)
        fresh.layoutIfNeeded()
        return Self.difference(driven.layout, fresh.layout)
    }

    /// The first difference between two layouts' content sizes and elements over the whole content, or `nil`.
    static func difference(_ driven: any CollectionLayout, _ fresh: any CollectionLayout) -> String? {
        guard driven.contentSize == fresh.contentSize else {
            return "content size \(driven.contentSize) after the stages, \(fresh.contentSize) freshly built"
        }
        let everything = Rect(origin: Point(x: -1, y: -1),
                              size: Size(width: driven.contentSize.width + 2, height: driven.contentSize.height + 2))
        var a: [LayoutAttributes] = [], b: [LayoutAttributes] = []
        driven.attributesForElements(in: everything, into: &a)
        fresh.attributesForElements(in: everything, into: &b)
        func key(_ attributes: LayoutAttributes) -> String { "\(attributes.kind) \(attributes.path)" }
        let freshByKey = Dictionary(b.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for element in a.sorted(by: { $0.path < $1.path }) {
            guard let other = freshByKey[key(element)] else {
                return "\(key(element)) is at \(element.frame) after the stages and absent from a fresh layout"
            }
            guard other.frame == element.frame else {
                return "\(key(element)) is at \(element.frame) after the stages, \(other.frame) freshly built"
            }
        }
        if a.count != b.count, let missing = b.first(where: { element in !a.contains { key($0) == key(element) } }) {
            return "\(key(missing)) is at \(missing.frame) freshly built and absent after the stages"
        }
        return nil
    }

    /// Pair `index`: every tenth pair identical (the storage shared), every tenth (from the fifth) with a
    /// duplicate item identifier in the new snapshot (returned), the others random edits of a random snapshot.
    static func pair(_ index: Int, _ random: inout SeededGenerator) -> (TestSnapshot, TestSnapshot, Int?) {
        var nextItem = 0
        var old = TestSnapshot()
        for section in 0..<Int.random(in: 0...6, using: &random) {
            let count = Int.random(in: 0...10, using: &random)
            old.sections.append(SnapshotSection(section, items: Array(nextItem..<nextItem + count),
                                                contents: [Int](repeating: 0, count: count)))
            nextItem += count
        }
        if index % 10 == 0 { return (old, old, nil) }
        var new = old
        if index % 10 == 5, nextItem > 0 {
            let duplicate = Int.random(in: 0..<nextItem, using: &random)
            let section = Int.random(in: 0..<new.sections.count, using: &random)
            new.sections[section].items.append(duplicate)
            new.sections[section].contents.append(0)
            return (old, new, duplicate)
        }
        var nextSection = 100
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !new.sections.isEmpty:
                new.sections.remove(at: Int.random(in: 0..<new.sections.count, using: &random))
            case 1:
                let count = Int.random(in: 0...4, using: &random)
                new.sections.insert(SnapshotSection(nextSection, items: Array(nextItem..<nextItem + count),
                                                    contents: [Int](repeating: 0, count: count)),
                                    at: Int.random(in: 0...new.sections.count, using: &random))
                nextSection += 1
                nextItem += count
            case 2 where new.sections.count > 1:
                let section = new.sections.remove(at: Int.random(in: 0..<new.sections.count, using: &random))
                new.sections.insert(section, at: Int.random(in: 0...new.sections.count, using: &random))
            default:
                let nonEmpty = new.sections.indices.filter { !new.sections[$0].items.isEmpty }
                guard let from = nonEmpty.randomElement(using: &random) else { continue }
                let item = Int.random(in: 0..<new.sections[from].items.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    new.sections[from].items.remove(at: item)
                    new.sections[from].contents.remove(at: item)
                case 1:
                    new.sections[from].items.insert(nextItem, at: item)
                    new.sections[from].contents.insert(0, at: item)
                    nextItem += 1
                case 2:
                    new.sections[from].contents[item] += 1
                default:
                    let moved = new.sections[from].items.remove(at: item)
                    let content = new.sections[from].contents.remove(at: item)
                    let to = Int.random(in: 0..<new.sections.count, using: &random)
                    let place = Int.random(in: 0...new.sections[to].items.count, using: &random)
                    new.sections[to].items.insert(moved, at: place)
                    new.sections[to].contents.insert(content + Int.random(in: 0...1, using: &random), at: place)
                }
            }
        }
        return (old, new, nil)
    }
}
