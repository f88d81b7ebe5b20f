/// The flow layout's delegate, as UIKit's `UICollectionViewDelegateFlowLayout`. Every method is optional in UIKit,
/// where the flow layout falls back to its own property; here each has a default that returns that property (or
/// UIKit's default when the layout is not a flow layout), so a call always reaches the delegate's own method when
/// it has one.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    /// The layout's `itemSize`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }

    /// The layout's `sectionInset`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }

    /// The layout's `minimumLineSpacing`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }

    /// The layout's `minimumInteritemSpacing`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }

    /// The layout's `headerReferenceSize`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }

    /// The layout's `footerReferenceSize`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

extension UICollectionViewDelegateFlowLayout {
    /// The optional methods as one callable value whose flow methods answer the value itself, so that the
    /// force-unwrapped call form of iOS code compiles and types as on iOS:
    /// `(delegate as! UICollectionViewDelegateFlowLayout).collectionView!(cv, layout: self, sizeForItemAt: p)` is a
    /// `CGSize`. More specific than ``UICollectionViewDelegate/collectionView-swift.property``, so it wins on a flow
    /// delegate; `delegate?.collectionView?(…)` is optional through the chaining, as before.
    public var collectionView: UICollectionViewDelegateFlowLayoutCalls? {
        UICollectionViewDelegateFlowLayoutCalls(delegate: self)
    }
}

/// A flow delegate's optional methods as one callable value (see
/// ``UICollectionViewDelegateFlowLayout/collectionView-swift.property``): each call reaches the delegate's own method,
/// or the default that answers the layout's property.
public struct UICollectionViewDelegateFlowLayoutCalls {
    let delegate: any UICollectionViewDelegateFlowLayout

    /// The delegate's item size.
    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        delegate.collectionView(collectionView, layout: collectionViewLayout, sizeForItemAt: indexPath)
    }

    /// The delegate's section inset.
    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        delegate.collectionView(collectionView, layout: collectionViewLayout, insetForSectionAt: section)
    }

    /// The delegate's line spacing.
    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        delegate.collectionView(collectionView, layout: collectionViewLayout, minimumLineSpacingForSectionAt: section)
    }

    /// The delegate's item spacing.
    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        delegate.collectionView(collectionView, layout: collectionViewLayout,
                                minimumInteritemSpacingForSectionAt: section)
    }

    /// The delegate's header size.
    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        delegate.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForHeaderInSection: section)
    }

    /// The delegate's footer size.
    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        delegate.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForFooterInSection: section)
    }

    /// The delegate's target content offset.
    public func callAsFunction(_ collectionView: UICollectionView,
                               targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        delegate.collectionView(collectionView, targetContentOffsetForProposedContentOffset: proposedContentOffset)
    }

    /// Whether the delegate lets the item be selected.
    public func callAsFunction(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        delegate.collectionView(collectionView, shouldSelectItemAt: indexPath)
    }

    /// Tells the delegate the item was selected.
    public func callAsFunction(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        delegate.collectionView(collectionView, didSelectItemAt: indexPath)
    }
}
