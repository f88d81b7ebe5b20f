/// What a self-sizing cell answers when the collection view asks it to fit its content: the cell side of
/// `preferredLayoutAttributesFitting(_:)`, an Auto Layout sizing pass in UIKit.
///
/// The host (``CollectionViewHost/itemFitting``) asks it for every cell that comes on screen while a layout
/// estimates its sizes (`Guides/Updates.md`, "Self-sizing", gives the sequence and its sources). The harness's
/// fittings are deterministic functions of the content seed, the item and the width offered, with a cost that can be
/// dialled in; a UIKit cell's fitting is what its constraints give.
public protocol ItemFitting: AnyObject {
    /// The attributes the cell (or supplementary view) prefers: `original` (what the layout proposed, with its
    /// estimated size) with the size its content fits. The path, kind and zIndex are `original`'s.
    func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes

    /// Whether supplementary views (headers, footers) fit their content too, as UIKit asks every visible view's
    /// `preferredLayoutAttributesFitting(_:)`. A fitting that answers `false` stands for views that keep the
    /// attributes they are given (`UICollectionReusableView`'s default), which no layout invalidates for: the host
    /// then asks only cells, with the same outcome. `false` unless a fitting says otherwise.
    var fitsSupplementaryViews: Bool { get }
}

extension ItemFitting {
    /// Cells only, unless a fitting says otherwise.
    public var fitsSupplementaryViews: Bool { false }
}
