import LayoutBenchUIKit
import Scenarios
import UIKit

/// A horizontally scrolling compositional layout whose columns size themselves (``makeHorizontalSectionsLayout()``)
/// as a layout family, to show what a layout LayoutBench cannot lay out yet gets: one line naming the feature, exit
/// 1, in every command.
///
/// On the command line: `--layout horizontal-sections`.
public struct HorizontalSectionsFamily: UIKitLayoutFamily {
    /// `horizontal-sections`.
    public static let name = "horizontal-sections"
    /// One line for `list`.
    public static let summary = "a horizontally scrolling compositional layout whose columns size themselves (.estimated width): refused, not yet modelled (UIKit example)"

    /// The family.
    public init() {}

    /// A new horizontally scrolling layout with self-sizing columns.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeHorizontalSectionsLayout() }

    /// None: every workload of this layout is refused, so a built-in suite (`uikit-bench gate`'s `gate`, `quick`, …)
    /// that took one would stop at it with exit 1. `--layout horizontal-sections` and a suite file that names it still
    /// show the refusal.
    public static func workloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] { [] }
}
