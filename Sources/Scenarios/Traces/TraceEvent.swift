import LayoutModel

/// One frame's input to the simulated collection view.
public enum TraceEvent: Hashable, Sendable {
    /// `setContentOffset(_:)`: the bounds origin moves to the point; the bounds size is unchanged.
    case scroll(to: Point)
    /// The bounds size changes (a rotation or a split-view resize); the bounds origin is kept.
    case resize(to: Size)
    /// `scrollToItem(at:)`: the host resolves the item's content offset from the layout.
    case jump(to: ElementPath)
    /// A data-source change: rows (sections) or columns (items per section) were inserted or removed, leaving these
    /// counts.
    case setCounts(rows: Int, columns: Int)
    /// `setCollectionViewLayout`: the host swaps to the other layout of the pair (the family's switch target and
    /// back), invalidating everything; the next pass prepares the new layout, queries it and diffs the visible set.
    case switchLayout
    /// `performBatchUpdates`: the app applies `batch` to its model (each inserted or reloaded section taking the next
    /// of `addedSectionCounts`, by ascending new index, as ``LayoutModel/BatchUpdatePlan/apply(_:to:addedSectionCounts:)``
    /// takes them) and hands the batch and its new counts to the host.
    case update(BatchUpdate, addedSectionCounts: [Int])
    /// A scroll of one orthogonal section (a carousel) to `offset` across the layout's axis: the layout takes the
    /// offset (`OrthogonalScrollingLayout/scrollOrthogonalSection(_:to:in:)`) and the host the context it returns.
    case orthogonalScroll(section: Int, to: Double)

    /// Whether the event is a batch update.
    public var isUpdate: Bool {
        if case .update = self { return true }
        return false
    }
}
