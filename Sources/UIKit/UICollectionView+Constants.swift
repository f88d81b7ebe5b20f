extension UICollectionView {
    /// What an element is, as UIKit's `UICollectionView.ElementCategory`.
    public enum ElementCategory: UInt, Sendable {
        case cell
        case supplementaryView
        case decorationView
    }

    /// The scroll direction, as UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        case vertical
        case horizontal
    }

    /// Where an item ends up after `scrollToItem(at:at:animated:)`, as UIKit's `UICollectionView.ScrollPosition`.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of a flow layout's section header: UIKit's string value.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footer: UIKit's string value.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

/// The old spelling of `UICollectionView.ElementCategory`.
public typealias UICollectionElementCategory = UICollectionView.ElementCategory
/// The old spelling of `UICollectionView.ScrollDirection`.
public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection
/// The old spelling of `UICollectionView.ScrollPosition`.
public typealias UICollectionViewScrollPosition = UICollectionView.ScrollPosition

/// The old spelling of `UICollectionView.elementKindSectionHeader`.
public let UICollectionElementKindSectionHeader = UICollectionView.elementKindSectionHeader
/// The old spelling of `UICollectionView.elementKindSectionFooter`.
public let UICollectionElementKindSectionFooter = UICollectionView.elementKindSectionFooter
