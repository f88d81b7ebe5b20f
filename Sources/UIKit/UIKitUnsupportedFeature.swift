/// Something in a UIKit layout that LayoutBench's engines do not lay out: orthogonal sections in a compositional
/// layout that scrolls horizontally, supplementary items on a nested group, boundary items aligned other than at the
/// start and end of a section, …, or a
/// flow layout configured with sizes or spacings that are not finite and non-negative. What the compatibility layer
/// refuses, in one line, rather than measuring a different layout. The lists are in Guides/UIKitCompositional.md,
/// "Known limits", and Guides/UIKitLayouts.md.
///
/// The harness asks before it builds anything: a UIKit family's `problem(for:)` asks the layout
/// (``UICollectionViewCompositionalLayout/unsupportedFeature(sections:containerSize:)``,
/// ``UICollectionViewFlowLayout/unsupportedFeature``), so that `run`, `verify`, `list` and `gate` refuse the workload
/// in one line with exit 1, as they refuse any other workload a family cannot build. A layout that meets one only
/// later (a section provider that changes its answer after a batch update) stops in `prepare()` with the same
/// message, as UIKit stops on an uncaught exception (``UIKitCompatibility/terminate(unsupported:)``).
package struct UIKitUnsupportedFeature: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is not supported, as the user's code spells it (`supplementariesFollowContentInsets = false`).
    package var feature: String
    /// Why, when the feature's name does not say it, or empty.
    package var reason: String
    /// The guide that lists what is supported.
    package var guide: String

    /// A refusal of `feature`, listed in `guide`.
    package init(_ feature: String, reason: String = "", guide: String = "Guides/UIKitCompositional.md") {
        self.feature = feature
        self.reason = reason
        self.guide = guide
    }

    /// `UIKit on Linux: FEATURE is not supported[: REASON] (GUIDE)`.
    package var description: String {
        "UIKit on Linux: \(feature) is not supported\(reason.isEmpty ? "" : ": \(reason)") (\(guide))"
    }
}
