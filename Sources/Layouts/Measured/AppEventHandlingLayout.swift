import LayoutModel

/// A change of the app's data, as the app makes it around a layout.
public enum AppDataChange: Sendable, Hashable {
    /// `reloadData()`: everything may have changed (a trace's data-source change).
    case reload
    /// `performBatchUpdates(_:completion:)`: the batch's inserts, deletes, moves and reloads.
    case batchUpdate
}

/// A layout that plays the app's part around the collection view: what the app's view controller does to its layout
/// besides what the collection view sends it (a layout whose contract is "call my `reset()` before reloading", or
/// "invalidate me on rotation"). A capability, not a requirement of ``MeasuredLayout``: the harness calls it only for
/// a family that declares it (`Scenarios.AppEventFamily`), around the trace's events, outside every measured region.
public protocol AppEventHandlingLayout: MeasuredLayout {
    /// Before a data change reaches the collection view (the collection view still shows the old counts).
    func appWillChangeData(_ change: AppDataChange)

    /// After a data change reached the collection view (which shows the new counts; the layout was invalidated
    /// and is not yet prepared).
    func appDidChangeData(_ change: AppDataChange)

    /// Before the collection view's size changes to `size` (a rotation, a split-view resize), as a view
    /// controller's `viewWillTransition(to:with:)`.
    func appWillResize(to size: Size)
}

extension FullInvalidationLayout: AppEventHandlingLayout where Base: AppEventHandlingLayout {
    /// The base layout's.
    public func appWillChangeData(_ change: AppDataChange) { base.appWillChangeData(change) }

    /// The base layout's.
    public func appDidChangeData(_ change: AppDataChange) { base.appDidChangeData(change) }

    /// The base layout's.
    public func appWillResize(to size: Size) { base.appWillResize(to: size) }
}
