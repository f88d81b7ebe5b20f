import LayoutModel
import Layouts

/// The layout-wide options, as UIKit's `UICollectionViewCompositionalLayoutConfiguration`. Supported: vertical and
/// horizontal scrolling (rules H1 to H10 of Guides/UIKitCompositional.md), `interSectionSpacing`, and a layout header
/// (`.top`) and footer (`.bottom`) in `boundarySupplementaryItems` in a vertical layout (rules G1 to G6).
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    /// The axis the content scrolls along: `.vertical` (the default) or `.horizontal`, laid out as the transpose of
    /// a vertical layout (Guides/UIKitCompositional.md, "Horizontal scrolling").
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between consecutive sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout: one aligned `.top` and one aligned `.bottom` at most.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// The edge the sections' content insets are measured from when theirs is `.automatic` (iOS 14): `.safeArea` by
    /// default, as UIKit's header declares; `.automatic` here is the safe area too (Guides/UIKitCompositional.md, CI1).
    open var contentInsetsReference: UIContentInsetsReference = .safeArea

    /// Vertical, no spacing, no boundary items, insets from the safe area.
    public override init() { super.init() }

    /// The engine's layout-wide header and footer.
    ///
    /// - Throws: ``UIKitUnsupportedFeature`` for an alignment other than `.top` or `.bottom`, more than one of
    ///   either, two of one kind, or one of UIKit's section header or footer kinds.
    package func engineBoundaryItems() throws(UIKitUnsupportedFeature) -> [CompositionalLayoutBoundaryItem] {
        var result: [CompositionalLayoutBoundaryItem] = []
        for item in boundarySupplementaryItems {
            guard item.alignment == .top || item.alignment == .bottom else {
                throw UIKitUnsupportedFeature("a layout-wide boundary supplementary item aligned \(item.alignment) "
                    + "(only .top and .bottom)")
            }
            let alignment: CompositionalBoundaryAlignment = item.alignment == .top ? .top : .bottom
            guard !result.contains(where: { $0.alignment == alignment }) else {
                throw UIKitUnsupportedFeature("more than one layout-wide boundary supplementary item aligned "
                    + "\(item.alignment)")
            }
            guard !result.contains(where: { $0.elementKind == item.elementKind }),
                  item.elementKind != UICollectionView.elementKindSectionHeader,
                  item.elementKind != UICollectionView.elementKindSectionFooter
            else {
                throw UIKitUnsupportedFeature("a layout-wide boundary supplementary item of kind "
                    + "\(item.elementKind) (each layout-wide item needs a kind of its own)")
            }
            result.append(CompositionalLayoutBoundaryItem(
                size: item.layoutSize.engineSize, elementKind: item.elementKind, alignment: alignment,
                offset: Point(x: Double(item.offset.x), y: Double(item.offset.y)),
                extendsBoundary: item.extendsBoundary, pinToVisibleBounds: item.pinToVisibleBounds,
                zIndex: item.zIndex))
        }
        return result
    }

    /// A copy with the same options.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }
}
