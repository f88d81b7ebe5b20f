import LayoutBenchUIKit
import UIKit
import Scenarios

/// The app's data source for the global-header layout: the workload's counts and sizes, and a 120-point header for
/// section 0 (the global header), 40 for the others.
final class GlobalHeaderDataSource: UIKitContentDataSource {
    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 referenceSizeForHeaderInSection section: Int) -> CGSize {
        CGSize(width: 0, height: section == 0 ? 120 : 40)
    }
}

/// The global-header layout written with UIKit (``GlobalHeaderFlowLayout``), to set against the native
/// `global-header` family's `as-written` model of the same code (Guides/UIKitLayouts.md, "The global header").
public struct UIKitGlobalHeaderFamily: UIKitLayoutFamily {
    public static let name = "uikit-global-header"
    public static let summary = "the global-header layout as apps write it: a flow subclass, three super queries (UIKit example)"

    public init() {}

    public var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }

    public func makeCollectionViewLayout() -> UICollectionViewLayout { GlobalHeaderFlowLayout() }

    public func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { GlobalHeaderDataSource(content) }
}
