/// How much of the data source's new counts the host checks against a batch.
public enum BatchUpdateValidation: String, Sendable, Hashable, CaseIterable {
    /// Every section's count, as UIKit does: O(sections) per batch. `verify updates` and the tests use it.
    case complete
    /// The section count and the counts of the sections the batch names: O(changes) per batch, so that a measured
    /// update frame does not pay for a check of the unchanged sections. A data source that changes a section the
    /// batch does not name goes unnoticed (UIKit would throw).
    case touched
}
