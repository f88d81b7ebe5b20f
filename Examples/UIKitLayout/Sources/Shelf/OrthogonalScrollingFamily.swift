import LayoutBenchUIKit
import UIKit

/// Apple's "Orthogonal Sections" screen (``makeOrthogonalScrollingLayout()``) as a layout family.
///
/// On the command line: `--layout orthogonal-sections`.
public struct OrthogonalScrollingFamily: UIKitLayoutFamily {
    /// `orthogonal-sections`.
    public static let name = "orthogonal-sections"
    /// One line for `list`.
    public static let summary = "Apple's \"Orthogonal Sections\" sample: a large item beside a pair, .continuous (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout of sideways-scrolling sections.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeOrthogonalScrollingLayout() }
}
