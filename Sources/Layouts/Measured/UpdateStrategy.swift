/// How a layout answers a batch update (``LayoutModel/CollectionViewHost/performBatchUpdates(_:newCounts:)``).
public enum UpdateStrategy: String, CaseIterable, Sendable, Codable {
    /// As the seeds and most custom layouts: the update's `invalidateDataSourceCounts` re-prepares everything.
    ///
    /// - Complexity: O(n) per batch.
    case full

    /// The layout keeps its positions in a structure the batch's steps update in place
    /// (``LayoutModel/CollectionLayout/invalidate(with:batchUpdates:)``): time proportional to the change plus O(log n), with
    /// queries still O(log n + k). Each layout documents its own bound.
    case incremental
}
