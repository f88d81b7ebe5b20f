import LayoutModel
import Scenarios

/// The app's side of a trace with batch updates: its item counts and, when sizes vary, its item identities, which a
/// batch changes before the app hands it to the collection view (``WorkloadBuilder/applyUpdate(_:addedSectionCounts:to:model:)``).
///
/// The harness updates the model outside the timed region; only the host's `performBatchUpdates` is measured. The
/// identities are applied before the host's update, as an app changes its data source first: a layout that
/// re-prepares during the update then reads the new items' sizes.
public final class AppDataModel {
    /// The data source's counts after the batches so far.
    public private(set) var counts: ItemCounts
    /// Which item is where, when sizes vary (they follow items through moves); `nil` for uniform sizes, where a
    /// size does not depend on the item.
    public let identities: ItemIdentities?
    private let plan = BatchUpdatePlan()

    /// The model of `content` before any batch.
    public init(content: ContentSpec) {
        counts = content.itemCounts.perSection
        identities = content.sizes == .uniform ? nil : ItemIdentities(counts: content.itemCounts)
    }

    /// Applies `batch` to the counts (each inserted or reloaded section taking the next of `addedSectionCounts`) and
    /// the identities.
    ///
    /// - Throws: ``LayoutModel/BatchUpdateError`` for an index outside its space or an element named twice; the
    ///   model is then unchanged.
    public func apply(_ batch: BatchUpdate, addedSectionCounts: [Int]) throws(BatchUpdateError) {
        try plan.apply(batch, to: &counts, addedSectionCounts: addedSectionCounts)
        identities?.apply(plan, after: counts)
    }
}
