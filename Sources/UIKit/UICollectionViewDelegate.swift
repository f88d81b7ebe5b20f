/// The scroll view's delegate, as UIKit's `UIScrollViewDelegate`; every method is optional and has a default.
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The bounds' origin moved.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// The collection view's delegate, as UIKit's `UICollectionViewDelegate`, with the methods layouts call. Every
/// method is optional in UIKit; here each has a default, and optional-call syntax
/// (`delegate?.collectionView?(cv, layout: l, sizeForItemAt: p)`) compiles through the callable
/// ``collectionView-swift.property``, which reaches the delegate's own method (or the default). The flow layout's
/// methods are reachable the same way from any delegate: they answer `nil` when the delegate is not a
/// `UICollectionViewDelegateFlowLayout`, as an unimplemented optional method does. On a value typed as the flow
/// delegate the force-unwrapped form (`flowDelegate.collectionView!(cv, layout: l, sizeForItemAt: p)`) returns the
/// value itself, as on iOS (``UICollectionViewDelegateFlowLayoutCalls``).
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Where scrolling stops when the layout changes or updates animate; the proposed offset by default.
    func collectionView(_ collectionView: UICollectionView,
                        targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint
    /// The transition layout between two layouts; a plain transition layout by default.
    func collectionView(_ collectionView: UICollectionView,
                        transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
                        newLayout toLayout: UICollectionViewLayout) -> UICollectionViewTransitionLayout
    /// Whether the item can be selected; `true` by default.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The item was selected; nothing by default.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView,
                               targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    public func collectionView(_ collectionView: UICollectionView,
                               transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
                               newLayout toLayout: UICollectionViewLayout) -> UICollectionViewTransitionLayout {
        UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }

    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }

    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}

    /// The optional methods as one callable value: the callable that reaches this delegate's methods. (An extension
    /// member, not a requirement, so that the flow delegate's own, more specific one wins on a flow delegate.)
    public var collectionView: UICollectionViewDelegateCalls? { UICollectionViewDelegateCalls(delegate: self) }
}

/// The delegate's optional methods as one callable value: `delegate?.collectionView?(cv, layout: l,
/// sizeForItemAt: p)` calls `callAsFunction(_:layout:sizeForItemAt:)`, which calls the delegate's method. The flow
/// layout's methods answer `nil` when the delegate is not a `UICollectionViewDelegateFlowLayout`.
public struct UICollectionViewDelegateCalls {
    let delegate: any UICollectionViewDelegate

    private var flow: (any UICollectionViewDelegateFlowLayout)? { delegate as? any UICollectionViewDelegateFlowLayout }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize? {
        flow?.collectionView(collectionView, layout: collectionViewLayout, sizeForItemAt: indexPath)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets? {
        flow?.collectionView(collectionView, layout: collectionViewLayout, insetForSectionAt: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat? {
        flow?.collectionView(collectionView, layout: collectionViewLayout, minimumLineSpacingForSectionAt: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat? {
        flow?.collectionView(collectionView, layout: collectionViewLayout,
                             minimumInteritemSpacingForSectionAt: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize? {
        flow?.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForHeaderInSection: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize? {
        flow?.collectionView(collectionView, layout: collectionViewLayout, referenceSizeForFooterInSection: section)
    }

    public func callAsFunction(_ collectionView: UICollectionView,
                               targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        delegate.collectionView(collectionView, targetContentOffsetForProposedContentOffset: proposedContentOffset)
    }

    public func callAsFunction(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        delegate.collectionView(collectionView, shouldSelectItemAt: indexPath)
    }

    public func callAsFunction(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        delegate.collectionView(collectionView, didSelectItemAt: indexPath)
    }
}
