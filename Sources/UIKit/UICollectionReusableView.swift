/// A view a collection view places from layout attributes, as UIKit's `UICollectionReusableView`: decoration views
/// registered with `register(_:forDecorationViewOfKind:)` subclass it. The harness never instantiates views; a
/// standalone collection view makes the registered classes' instances when its data source dequeues them.
open class UICollectionReusableView: UIView {
    /// The identifier it was registered with.
    open var reuseIdentifier: String? { nil }

    /// Makes an instance of a registered class for `dequeueReusableCell(withReuseIdentifier:for:)`: its
    /// `init(frame: .zero)`, as UIKit's dequeue calls `initWithFrame:`. Not UIKit API. Swift makes an instance of a
    /// class known only at run time through a `required` initializer alone, and UIKit's `init(frame:)` is not one;
    /// this required convenience initializer is inherited by every subclass that overrides `init(frame:)` and
    /// `init?(coder:)` (as Swift demands of a cell with its own initializer) or declares no initializer, so app cells
    /// compile unchanged and `init(frame:)` runs through the subclass's override.
    public required convenience init(_dequeuedForReuse: Void) {
        self.init(frame: .zero)
    }

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
