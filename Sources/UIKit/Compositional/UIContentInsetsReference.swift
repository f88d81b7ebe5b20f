/// The edge a compositional section's content insets are measured from, as UIKit's `UIContentInsetsReference`
/// (iOS 14): a section's `contentInsetsReference`, a section's `supplementaryContentInsetsReference` and the layout
/// configuration's `contentInsetsReference`. The edges come from the collection view's safe area, layout margins
/// and readable content guide, which a UIKit family sets (Guides/UIKitCompositional.md, "Content insets
/// references", rules CI1 to CI6).
public enum UIContentInsetsReference: Int, Sendable {
    /// The system's default: a section follows the layout configuration's reference; the configuration's own
    /// `.automatic` is measured from the safe area.
    case automatic = 0
    /// No reference: the insets are measured from the collection view's edges.
    case none
    /// The collection view's safe area.
    case safeArea
    /// The collection view's layout margins.
    case layoutMargins
    /// The collection view's readable content guide.
    case readableContent
}
