import LayoutBenchUIKit
import UIKit

/// Apple's "Section Background Decoration" screen (``makeSectionDecorationLayout()``) as a layout family.
///
/// On the command line: `--layout section-decoration`.
public struct SectionDecorationFamily: UIKitLayoutFamily {
    /// `section-decoration`.
    public static let name = "section-decoration"
    /// One line for `list`.
    public static let summary = "Apple's \"Section Background Decoration\" sample: list rows over a section background (UIKit example)"

    /// The family.
    public init() {}

    /// A new layout of list-like sections over backgrounds.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makeSectionDecorationLayout() }
}
