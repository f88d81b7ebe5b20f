import UIKit

/// Cards tilted by a layer transform: the layout places a prototype view's layer (its bounds, anchor point,
/// position and a rotation) and takes each card's frame and 3-D transform from the layer, as layouts that borrow
/// Core Animation's geometry do.
final class TiltedCardsLayout: UICollectionViewLayout {
    let cardSize = CGSize(width: 200, height: 120)
    private let prototype = UIView(frame: .zero)
    private var cache: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var ordered: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: height)
    }

    override func prepare() {
        guard let collectionView = collectionView else { return }
        cache.removeAll()
        ordered.removeAll()
        let width = collectionView.bounds.width
        var y: CGFloat = 20
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let layer = prototype.layer
                layer.bounds = CGRect(origin: .zero, size: cardSize)
                layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
                layer.position = CGPoint(x: width / 2, y: y + cardSize.height / 2)
                layer.transform = item % 2 == 0 ? CATransform3DIdentity : CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                layer.zPosition = CGFloat(item % 3)
                let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                attributes.frame = layer.frame.integral
                attributes.transform3D = layer.transform
                attributes.zIndex = Int(layer.zPosition)
                cache[path] = attributes
                ordered.append(attributes)
                y += layer.frame.height + 20
            }
        }
        height = y
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        ordered.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache[indexPath]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
