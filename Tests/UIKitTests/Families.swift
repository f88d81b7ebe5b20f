import LayoutBenchUIKit
import UIKit
import Scenarios

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

/// The published-layout failure classes (issue 30), each a layout file written as apps write them.
struct NaNAssertingGridFamily: UIKitLayoutFamily {
    static let name = "uikit-nan-asserting-grid"
    static let summary = "a grid whose rect code asserts real rects and converts edges to Int (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { NaNAssertingGridLayout() }
}

struct KindAssertingFamily: UIKitLayoutFamily {
    static let name = "uikit-kind-asserting"
    static let summary = "badges and section backgrounds; fatalError on an unknown kind (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { KindAssertingLayout() }
}

struct WidthCachingFamily: UIKitLayoutFamily {
    static let name = "uikit-width-caching"
    static let summary = "two columns whose width is read in invalidateLayout(with:) (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { WidthCachingLayout() }
}

struct TiltedCardsFamily: UIKitLayoutFamily {
    static let name = "uikit-tilted-cards"
    static let summary = "cards placed and turned through a CALayer (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { TiltedCardsLayout() }
}

/// The app's view controller as the data source: header and footer sizes, insets and spacings per section,
/// answered by overriding `UIKitContentDataSource`'s open methods; it counts its own size calls.
class PerSectionDataSource: UIKitContentDataSource {
    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 referenceSizeForHeaderInSection section: Int) -> CGSize {
        CGSize(width: 0, height: section % 2 == 0 ? 60 : 30)
    }

    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 referenceSizeForFooterInSection section: Int) -> CGSize {
        CGSize(width: 0, height: section == 0 ? 12 : 0)
    }

    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 insetForSectionAt section: Int) -> UIEdgeInsets {
        UIEdgeInsets(top: CGFloat(4 * section % 12), left: 16, bottom: 8, right: 16)
    }

    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        section == 0 ? 2 : 14
    }

    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        section == 0 ? 4 : 20
    }

    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 sizeForItemAt indexPath: IndexPath) -> CGSize {
        collectionView.sizeQueries += 1
        return CGSize(width: 100, height: 40 + CGFloat(indexPath.item % 3) * 10)
    }
}

struct PerSectionFlowFamily: UIKitLayoutFamily {
    static let name = "uikit-per-section-flow"
    static let summary = "a plain flow layout whose data source subclass answers metrics per section (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { UICollectionViewFlowLayout() }
    func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { PerSectionDataSource(content) }
}
