/// A view a collection view places from layout attributes, as UIKit's `UICollectionReusableView`: decoration views
/// registered with `register(_:forDecorationViewOfKind:)` subclass it. The harness never instantiates views.
open class UICollectionReusableView: UIView {
    /// The identifier it was registered with.
    open var reuseIdentifier: String? { nil }

    /// Called before reuse; nothing by default.
    open func prepareForReuse() {}

    /// Takes the attributes' frame and hidden flag.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        frame = layoutAttributes.frame
        alpha = layoutAttributes.alpha
        isHidden = layoutAttributes.isHidden
    }

    /// Self-sizing: the attributes unchanged (there is no Auto Layout here). The harness makes no views, so this is
    /// never called: its host's `ItemFitting` answers for the cells (Guides/UIKitLayouts.md, "Self-sizing").
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        layoutAttributes
    }
}

/// A cell, as UIKit's `UICollectionViewCell`.
open class UICollectionViewCell: UICollectionReusableView {
    /// The view holding the cell's content.
    open var contentView = UIView(frame: .zero)
    open var isSelected = false
    open var isHighlighted = false
}
