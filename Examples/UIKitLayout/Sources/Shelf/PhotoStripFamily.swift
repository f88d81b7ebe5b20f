import LayoutBenchUIKit
import UIKit

/// The photo strip (``makePhotoStripLayout(scrollDirection:)``), a compositional layout that scrolls horizontally
/// with album titles pinned to the leading edge, as a layout family.
///
/// On the command line: `--layout photo-strip`.
public struct PhotoStripFamily: UIKitLayoutFamily {
    /// `photo-strip`.
    public static let name = "photo-strip"
    /// One line for `list`.
    public static let summary = "a photo strip that scrolls horizontally: columns of three photos, album titles pinned to the leading edge (UIKit example)"

    /// The family.
    public init() {}

    /// The album titles are pinned.
    public var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }

    /// A new layout of the screen.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { makePhotoStripLayout() }
}

/// The photo strip turned a quarter (``makePhotoStripLayout(scrollDirection:)`` with `.vertical`): rows of three
/// photos, album titles pinned to the top; in a transposed viewport its frames are the transpose of
/// ``PhotoStripFamily``'s, so the two measure what scrolling horizontally costs.
///
/// On the command line: `--layout photo-strip-vertical`.
public struct PhotoStripVerticalFamily: UIKitLayoutFamily {
    /// `photo-strip-vertical`.
    public static let name = "photo-strip-vertical"
    /// One line for `list`.
    public static let summary = "the photo strip turned a quarter: rows of three photos, album titles pinned to the top (UIKit example)"

    /// The family.
    public init() {}

    /// The album titles are pinned.
    public var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }

    /// A new layout of the screen.
    public func makeCollectionViewLayout() -> UICollectionViewLayout {
        makePhotoStripLayout(scrollDirection: .vertical)
    }
}
