import LayoutBenchUIKit
import UIKit

/// The storefront screen (``makeStorefrontLayout()``) as a layout family: a custom group with a raised item, products
/// aligned to the bottom of their row by edge spacing, and a title with a "See All" button at its top-trailing corner.
///
/// On the command line: `--layout storefront`.
public struct StorefrontFamily: UIKitLayoutFamily {
    /// `storefront`.
    public static let name = "storefront"
    /// One line for `list`.
    public static let summary = "a store's front page: a custom group with a raised promo card, products standing on their shelf by edge spacing, a title and a See All button a section (UIKit example)"

    /// The family.
    public init() {}

    /// A new storefront layout.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeStorefrontLayout() }
}
