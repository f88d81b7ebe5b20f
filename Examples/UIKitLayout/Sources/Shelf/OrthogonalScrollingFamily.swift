import LayoutBenchUIKit
import UIKit

/// Apple's orthogonal-scrolling sample layout (``makeOrthogonalSectionsLayout()``) as a layout family, to show what
/// a layout LayoutBench cannot lay out gets: one line naming the feature, exit 1, in every command.
///
/// On the command line: `--layout orthogonal-sections`.
public struct OrthogonalSectionsFamily: UIKitLayoutFamily {
    /// `orthogonal-sections`.
    public static let name = "orthogonal-sections"
    /// One line for `list`.
    public static let summary = "Apple's orthogonal-scrolling sample sections: refused, not yet modelled (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout of sideways-scrolling sections.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeOrthogonalSectionsLayout() }
}
