import LayoutBenchUIKit
import UIKit

/// The scale-on-centre carousel (``makeScaledCarouselLayout()``) as a layout family.
///
/// On the command line: `--layout orthogonal-carousel`.
public struct ScaledCarouselFamily: UIKitLayoutFamily {
    /// `orthogonal-carousel`.
    public static let name = "orthogonal-carousel"
    /// One line for `list`.
    public static let summary = "a scale-on-centre carousel through visibleItemsInvalidationHandler (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout of centred, scaled carousels.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeScaledCarouselLayout() }
}
