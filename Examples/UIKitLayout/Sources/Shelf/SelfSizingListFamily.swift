import LayoutBenchUIKit
import UIKit

/// The self-sizing list (``SelfSizingListLayout``, a flow subclass with `estimatedItemSize` at the list's width and
/// the scroll-jump fix in its preferred-attributes overrides) as a layout family: it declares self-sizing support
/// (its `estimatedItemSize` is not zero), so the harness's self-sizing traces run it, the harness's fitted sizes
/// playing the cells.
///
/// In a suite file: `"layout": {"name": "uikit-selfsizing"}`; on the command line: `--layout uikit-selfsizing`.
public struct SelfSizingListFamily: UIKitLayoutFamily {
    /// `uikit-selfsizing`.
    public static let name = "uikit-selfsizing"
    /// One line for `list`.
    public static let summary = "a list of self-sizing cells: estimatedItemSize at the list's width, the scroll-jump fix (UIKit example)"

    /// The family.
    public init() {}

    /// A new ``SelfSizingListLayout``.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { SelfSizingListLayout() }
}
