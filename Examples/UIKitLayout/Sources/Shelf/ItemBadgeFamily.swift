import LayoutBenchUIKit
import UIKit

/// Apple's "Item Badges" screen (``makeItemBadgeLayout()``) as a layout family.
///
/// On the command line: `--layout item-badges`.
public struct ItemBadgeFamily: UIKitLayoutFamily {
    /// `item-badges`.
    public static let name = "item-badges"
    /// One line for `list`.
    public static let summary = "Apple's \"Item Badges\" sample: a four-across grid with a badge on every item's corner (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout of badged grid rows.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeItemBadgeLayout() }
}
