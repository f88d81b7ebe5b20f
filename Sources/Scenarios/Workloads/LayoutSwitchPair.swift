import LayoutModel
import Layouts

/// The two layouts a `layout-switch` trace alternates between on one host: the family's layout and its switch
/// target (``SwitchingLayoutFamily/makeSwitchTarget(for:storage:)``), both in the same invalidation mode.
public struct LayoutSwitchPair {
    /// The family's layout, which the host starts with.
    public let first: any MeasuredLayout
    /// The layout the app switches to.
    public let second: any MeasuredLayout

    /// Creates a pair.
    public init(_ first: any MeasuredLayout, _ second: any MeasuredLayout) {
        self.first = first
        self.second = second
    }

    /// The layout of the pair that `layout` is not: the one a switch goes to.
    ///
    /// - Complexity: O(1).
    public func other(than layout: any CollectionLayout) -> any MeasuredLayout {
        ObjectIdentifier(layout) == ObjectIdentifier(first) ? second : first
    }

    /// Answers the collection view with `variant` in both layouts.
    public func setActiveVariant(_ variant: QueryVariant) {
        first.activeVariant = variant
        second.activeVariant = variant
    }
}
