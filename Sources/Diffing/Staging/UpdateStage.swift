import LayoutModel

/// One `performBatchUpdates` call of a staged update: the batch, and the data source's item counts once the app's
/// model reached this stage (what the host checks the batch against).
public struct UpdateStage: Hashable, Sendable {
    /// The batch, in UIKit's index spaces (deletes and reloads before it, inserts after it, moves from before to
    /// after).
    public var batch: BatchUpdate
    /// The item count of every section after the batch.
    public var counts: [Int]

    /// Creates a stage.
    public init(batch: BatchUpdate, counts: [Int]) {
        self.batch = batch
        self.counts = counts
    }

    /// The number of elements the batch names (a move counts once).
    public var operationCount: Int {
        batch.operations.reduce(0) { total, operation in
            switch operation {
            case let .insertItems(p), let .deleteItems(p), let .reloadItems(p): total + p.count
            case let .insertSections(s), let .deleteSections(s), let .reloadSections(s): total + s.count
            case .moveItem, .moveSection: total + 1
            }
        }
    }
}

/// Two snapshots' update as an app applies it: the strategy, the difference, and the batches that carry it.
public struct StagedUpdate: Hashable, Sendable {
    /// How the update was computed.
    public var strategy: DiffStrategy
    /// What changed (empty for ``DiffStrategy/reload``, which does not diff).
    public var difference: SnapshotDifference
    /// The batches, in order; empty when nothing changed or for ``DiffStrategy/reload``.
    public var stages: [UpdateStage]
    /// The item count of every section of the new snapshot (what `reloadData()` reads).
    public var newCounts: [Int]

    /// Creates a staged update.
    public init(strategy: DiffStrategy, difference: SnapshotDifference, stages: [UpdateStage], newCounts: [Int]) {
        self.strategy = strategy
        self.difference = difference
        self.stages = stages
        self.newCounts = newCounts
    }

    /// Whether the collection view reloads its data instead of running batches (``DiffStrategy/reload``).
    public var reloadsData: Bool { strategy == .reload }
}
