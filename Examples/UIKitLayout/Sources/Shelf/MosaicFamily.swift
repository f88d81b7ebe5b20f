import LayoutBenchUIKit
import UIKit

/// The mosaic screen (``makeMosaicLayout()``): custom groups and edge spacing, as a layout family.
///
/// On the command line: `--layout mosaic`.
public struct MosaicFamily: UIKitLayoutFamily {
    /// `mosaic`.
    public static let name = "mosaic"
    /// One line for `list`.
    public static let summary = "a mosaic: custom groups (a large tile beside two small) and rows centred by flexible edge spacing (UIKit example)"

    /// The family.
    public init() {}

    /// A new mosaic layout.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeMosaicLayout() }
}
