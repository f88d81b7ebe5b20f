import LayoutBenchUIKit
import UIKit
import Workloads

/// The test layouts as layout families, registered the way a package registers its own.
struct ColumnsFamily: UIKitLayoutFamily {
    static let name = "uikit-columns"
    static let summary = "a custom UICollectionViewLayout with a prepare cache and section backgrounds (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { ColumnsLayout() }
}

struct FadingFlowFamily: UIKitLayoutFamily {
    static let name = "uikit-fading-flow"
    static let summary = "a flow subclass that fades copies of super's attributes (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { FadingFlowLayout() }
}

struct StickyHeadersFamily: UIKitLayoutFamily {
    static let name = "uikit-sticky-headers"
    static let summary = "the pre-iOS 9 sticky-header flow subclass (test)"
    var pinnedElementKinds: [String] { [UICollectionView.elementKindSectionHeader] }
    func makeCollectionViewLayout() -> UICollectionViewLayout { StickyHeadersFlowLayout() }
}

/// A plain `UICollectionViewFlowLayout` configured as the native `flow` family's defaults: pinned 40-point
/// headers, 20-point footers, spacing 10, insets 8.
struct PlainFlowFamily: UIKitLayoutFamily {
    static let name = "uikit-flow"
    static let summary = "UICollectionViewFlowLayout as the flow family's defaults (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 44)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }
}
