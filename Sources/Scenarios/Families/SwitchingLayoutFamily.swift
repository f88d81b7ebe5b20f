import Layouts

/// A ``LayoutFamily`` with a layout the app switches to, as `setCollectionViewLayout` does (the compositional grid and
/// column): the `layout-switch` trace alternates between the family's layout and this one. A family that does not
/// conform, or has no target for the content, refuses that trace in one line (``WorkloadSpec/problem``).
public protocol SwitchingLayoutFamily: LayoutFamily {
    /// A new, unprepared layout of `content` in `storage` that the app switches to from
    /// ``LayoutFamily/makeLayout(_:)``'s, or `nil` when the family has none for `content`.
    func makeSwitchTarget(for content: ContentSpec, storage: AttributeStorageKind) -> (any MeasuredLayout)?
}
