import LayoutBenchUIKit
import UIKit

/// Apple's "Orthogonal Section Behaviors" screen (``makeOrthogonalBehaviorsLayout()``) as a layout family.
///
/// On the command line: `--layout orthogonal-behaviors`.
public struct OrthogonalBehaviorsFamily: UIKitLayoutFamily {
    /// `orthogonal-behaviors`.
    public static let name = "orthogonal-behaviors"
    /// One line for `list`.
    public static let summary = "Apple's \"Orthogonal Section Behaviors\" sample: one section per behaviour (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout, one section per behaviour in turn.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeOrthogonalBehaviorsLayout() }
}
