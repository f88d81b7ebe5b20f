import UIKit

/// A custom invalidation context with a flag of its own.
final class FadeInvalidationContext: UICollectionViewFlowLayoutInvalidationContext {
    var invalidateFade = false
}

/// A `UICollectionViewFlowLayout` subclass that calls `super` and adjusts copies, as iOS code does: cells fade and
/// shrink towards the edges of the visible rect (alpha and transform, never the frame). Every scroll invalidates,
/// through its own context class.
final class FadingFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        itemSize = CGSize(width: 120, height: 44)
        minimumLineSpacing = 10
        minimumInteritemSpacing = 10
        sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        headerReferenceSize = CGSize(width: 0, height: 40)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class var layoutAttributesClass: AnyClass { BadgeAttributes.self }

    override class var invalidationContextClass: AnyClass { FadeInvalidationContext.self }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        return attributes.map { original in
            let copy = original.copy() as! BadgeAttributes
            fade(copy)
            return copy
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let original = super.layoutAttributesForItem(at: indexPath) else { return nil }
        let copy = original.copy() as! BadgeAttributes
        fade(copy)
        return copy
    }

    private func fade(_ attributes: UICollectionViewLayoutAttributes) {
        guard let collectionView = collectionView, attributes.representedElementCategory == .cell else { return }
        let visible = collectionView.bounds
        let distance = abs(attributes.center.y - visible.midY)
        let ratio = min(1, distance / max(visible.height / 2, 1))
        attributes.alpha = 1 - 0.5 * ratio
        let scale = 1 - 0.1 * ratio
        attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! FadeInvalidationContext
        context.invalidateFade = true
        return context
    }
}
