/// The layout-wide options, as UIKit's `UICollectionViewCompositionalLayoutConfiguration`. Supported: vertical
/// scrolling and `interSectionSpacing`. A horizontal scroll direction or layout-wide boundary items are refused in one
/// line (`UIKitUnsupportedFeature`).
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    /// Only `.vertical` is supported.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between consecutive sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout; not supported (must stay empty).
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    /// Vertical, no spacing, no boundary items.
    public override init() { super.init() }

    /// A copy with the same options.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        return copy
    }
}
