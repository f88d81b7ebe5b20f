import Layouts

/// A ``LayoutFamily`` whose layouts resolve self-sizing items (``ContentSpec/selfSizing``): for self-sizing content,
/// ``LayoutFamily/makeLayout(_:)`` builds a layout that starts from the content's estimate and takes the fitted
/// sizes as cells come on screen, its update strategies being the self-sizing strategies.
///
/// `run` and `verify` refuse a self-sizing workload of a family that does not conform, or that answers no for its
/// content, in one line (``WorkloadSpec/problem``).
public protocol SelfSizingLayoutFamily: LayoutFamily {
    /// Whether the family's layouts resolve self-sizing items of `content`.
    func supportsSelfSizing(for content: ContentSpec) -> Bool

    /// A new, unprepared layout of self-sizing `content` that already knows the fitted sizes `resolved`, equal to one
    /// that resolved them while scrolling: what the harness measures the content-size error against, and `verify
    /// updates` checks against. `nil` when the family builds none for `content` (the check is then skipped).
    func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)?

    /// The self-sizing workloads the family adds to the built-in suite `suite` (none by default).
    static func selfSizingWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec]
}

extension SelfSizingLayoutFamily {
    /// None.
    public static func selfSizingWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] { [] }
}
