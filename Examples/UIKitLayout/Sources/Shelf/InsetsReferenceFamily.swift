import LayoutBenchUIKit
import UIKit

/// The insets-reference screen (``makeInsetsReferenceLayout()``) with a landscape iPhone's environment: a 47-point safe
/// area on each side and 16-point layout margins, as a layout family (run it with `--viewport 844x390`).
///
/// On the command line: `--layout insets-reference`.
public struct InsetsReferenceFamily: UIKitLayoutFamily {
    /// `insets-reference`.
    public static let name = "insets-reference"
    /// One line for `list`.
    public static let summary = "a photo wall under the safe area (.none) and lists at the layout margins, with a landscape iPhone's safe area and margins (UIKit example)"

    /// The family.
    public init() {}

    /// An iPhone in landscape: 47 points left and right, 21 at the bottom (the home indicator).
    public var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47) }

    /// UIKit's 16-point system margins, measured from the safe area.
    public var layoutMargins: UIEdgeInsets { UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16) }

    /// A new layout of the screen.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeInsetsReferenceLayout() }
}
