import LayoutBenchUIKit
import UIKit

/// Shelves side by side that scroll horizontally, each a vertical scale-on-centre carousel
/// (``makeHorizontalShelvesLayout()``), as a layout family.
///
/// On the command line: `--layout horizontal-shelves`.
public struct HorizontalShelvesFamily: UIKitLayoutFamily {
    /// `horizontal-shelves`.
    public static let name = "horizontal-shelves"
    /// One line for `list`.
    public static let summary = "shelves that scroll horizontally, each a vertical scale-on-centre carousel (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout of side-by-side vertical carousels.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeHorizontalShelvesLayout() }
}
