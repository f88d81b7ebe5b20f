import LayoutBenchUIKit
import Scenarios
import UIKit

/// Layouts written as apps write them, one per pattern whose verdict an iOS engineer would give (issue 37), each
/// registered as a `UIKitLayoutFamily`: what `Tests/UIKitTests` checks, and what `Examples/UIKitLayout`'s
/// `uikit-bench` adds to its catalog for CI's `verify` lines. Guides/UIKitLayouts.md, "Patterns and their
/// verdicts", gives each one's verdict and why.
public enum UIKitPatterns {
    /// Every pattern's family; the last, ``OffByOneListFamily``, really drops a cell and must fail.
    public static let families: [any LayoutFamily.Type] = [
        SupersetGridFamily.self, LeftAlignedChipsFamily.self, CardStackFamily.self, AutomaticSizeFlowFamily.self,
        EstimatingListFamily.self, SelfConfiguringCarouselFamily.self, SpreadsheetFamily.self, TagCloudFamily.self,
        GroupedCardsFamily.self, OffByOneListFamily.self,
    ]

    /// The families that pass every check; ``families`` less ``OffByOneListFamily``.
    public static let passing: [any LayoutFamily.Type] = families.filter { $0 != OffByOneListFamily.self }
}

/// A grid whose rect query returns whole sections (extras outside the rect: a warning, not a failure).
public struct SupersetGridFamily: UIKitLayoutFamily {
    public static let name = "uikit-superset"
    public static let summary = "a grid whose rect query returns every card of the sections it touches (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { SupersetGridLayout() }
}

/// Tags packed to the left by a flow subclass: right on the rects UIKit sends (the view's width), wrong on narrower.
public struct LeftAlignedChipsFamily: UIKitLayoutFamily {
    public static let name = "uikit-left-aligned"
    public static let summary = "a left-aligned flow subclass, right on full-width rects only (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { LeftAlignedFlowLayout() }
    public func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { ChipsDataSource(content) }
}

/// Decks of cards whose buried cards are transparent and left out of the rect query (hidden, not missing).
public struct CardStackFamily: UIKitLayoutFamily {
    public static let name = "uikit-card-stack"
    public static let summary = "decks of cards, the buried ones at alpha 0 and left out of the rect query (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { CardStackLayout() }
}

/// A plain `UICollectionViewFlowLayout` self-sizing as Apple recommends: `estimatedItemSize = automaticSize`.
public struct AutomaticSizeFlowFamily: UIKitLayoutFamily {
    public static let name = "uikit-automatic-size"
    public static let summary = "UICollectionViewFlowLayout with estimatedItemSize = automaticSize (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 8
        layout.minimumInteritemSpacing = 8
        layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        return layout
    }
}

/// A self-sizing list that is not a flow layout: its own preferred-attributes pair takes the cells' heights.
public struct EstimatingListFamily: UIKitLayoutFamily {
    public static let name = "uikit-estimating-list"
    public static let summary = "a self-sizing list with its own preferred-attributes pair, not a flow layout (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { EstimatingListLayout() }
    /// Its rows take their cells' preferred heights, whatever the content.
    public func supportsSelfSizing(for content: ContentSpec) -> Bool { true }
}

/// A carousel that sets its own `sectionInset` in `prepare()`, after `super.prepare()`.
public struct SelfConfiguringCarouselFamily: UIKitLayoutFamily {
    public static let name = "uikit-carousel"
    public static let summary = "a horizontal carousel that sets its section inset in prepare() (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { CarouselFlowLayout() }
    public func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { ItemSizeDataSource(content) }
}

/// A spreadsheet that measures its grid once; the app resets it before every data change.
public struct SpreadsheetFamily: UIKitLayoutFamily {
    public static let name = "uikit-spreadsheet"
    public static let summary = "a spreadsheet measured once, reset by the app before each data change (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { SpreadsheetLayout() }

    /// The app's reload: `layout.reset()`, then `reloadData()` (or the batch).
    public func dataWillChange(_ change: UIKitDataChange, layout: UICollectionViewLayout,
                               collectionView: UICollectionView) {
        (layout as? SpreadsheetLayout)?.reset()
    }
}

/// Tags wrapped to the width, never invalidated by a bounds change; the app invalidates them on rotation.
public struct TagCloudFamily: UIKitLayoutFamily {
    public static let name = "uikit-tag-cloud"
    public static let summary = "tags wrapped to the width, invalidated by the app on rotation (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { TagCloudLayout() }
    public func makeDataSource(for content: ContentSpec) -> UIKitContentDataSource { ChipsDataSource(content) }

    /// The view controller's `viewWillTransition(to:with:)`: `collectionViewLayout.invalidateLayout()`.
    public func viewWillTransition(to size: CGSize, layout: UICollectionViewLayout,
                                   collectionView: UICollectionView) {
        layout.invalidateLayout()
    }
}

/// An inset-grouped list whose rows carry rounded-corner masks in their attributes.
public struct GroupedCardsFamily: UIKitLayoutFamily {
    public static let name = "uikit-grouped-cards"
    public static let summary = "an inset-grouped list, its rows' corner masks in the attributes (pattern)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { GroupedCardsLayout() }
}

/// A list that really drops the row its rect's bottom edge cuts through: it must fail.
public struct OffByOneListFamily: UIKitLayoutFamily {
    public static let name = "uikit-off-by-one"
    public static let summary = "a list whose rect query drops the row cut by the rect's bottom edge (pattern; fails)"
    public init() {}
    public func makeCollectionViewLayout() -> UICollectionViewLayout { OffByOneListLayout() }
}

/// The app's delegate for tag-like cells: as wide as the content's item, 32 points high.
final class ChipsDataSource: UIKitContentDataSource {
    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 sizeForItemAt indexPath: IndexPath) -> CGSize {
        CGSize(width: super.collectionView(collectionView, layout: collectionViewLayout, sizeForItemAt: indexPath).width,
               height: 32)
    }
}

/// The app's delegate for a flow layout sized by its `itemSize`: answers it (counted as a size query).
final class ItemSizeDataSource: UIKitContentDataSource {
    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 sizeForItemAt indexPath: IndexPath) -> CGSize {
        collectionView.sizeQueries += 1
        return (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
}
