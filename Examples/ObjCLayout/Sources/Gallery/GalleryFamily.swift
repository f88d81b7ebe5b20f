import LayoutBenchUIKit
import UIKit
import Scenarios

/// The gallery layout (`iOS/`, compiled through uikit-rewrite) as a LayoutBench layout family.
///
/// In a suite file: `"layout": {"name": "gallery"}`; on the command line: `--layout gallery`. The delegate is
/// ``GalleryDelegate``: the workload's counts and item heights, header heights by section, and no column count.
public struct GalleryFamily: UIKitLayoutFamily {
    public static let name = "gallery"
    public static let summary = "a waterfall UICollectionViewLayout in Objective-C forms, through uikit-rewrite (example)"

    public init() {}

    public func makeCollectionViewLayout() -> UICollectionViewLayout { GalleryLayout() }

    public func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { GalleryDelegate(content) }
}

/// The app's view controller as the harness plays it: it implements two of the delegate's four optional methods
/// (header heights and their spacing), so the layout's column count and its "did prepare" call take the
/// not-implemented path.
final class GalleryDelegate: UIKitContentDataSource, GalleryLayoutDelegate {
    /// The content's height of the item.
    func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath,
                        width: CGFloat) -> CGFloat {
        self.collectionView(collectionView, layout: collectionView.collectionViewLayout, sizeForItemAt: indexPath)
            .height
    }

    /// 24 points, except every third section, which has no header.
    func collectionView(_ collectionView: UICollectionView, heightForHeaderInSection section: Int) -> CGFloat {
        section.isMultiple(of: 3) ? 0 : 24
    }

    /// 4 points below a header.
    func collectionView(_ collectionView: UICollectionView, spacingBelowHeaderInSection section: Int) -> CGFloat { 4 }
}
