import UIKit

/// Two columns whose width is read in `invalidateLayout(with:)`, as a production layout did: on iOS the collection
/// view already has its new bounds there, so after a resize the columns follow the new width. A host that set the
/// bounds only after the invalidation left this layout with stale widths.
final class WidthCachingLayout: UICollectionViewLayout {
    private var columnWidth: CGFloat = 0
    private var cache: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var height: CGFloat = 0

    override var collectionViewContentSize: CGSize { CGSize(width: columnWidth * 2, height: height) }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if let width = collectionView?.bounds.width {
            columnWidth = (width / 2).rounded(.down)
        }
        super.invalidateLayout(with: context)
    }

    override func prepare() {
        guard let collectionView = collectionView else { return }
        cache.removeAll()
        var heights: [CGFloat] = [0, 0]
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let column = heights[0] <= heights[1] ? 0 : 1
                let itemHeight = CGFloat(40 + (item * 7 + section * 3) % 50)
                let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                attributes.frame = CGRect(x: CGFloat(column) * columnWidth, y: heights[column], width: columnWidth,
                                          height: itemHeight)
                heights[column] += itemHeight
                cache[path] = attributes
            }
        }
        height = max(heights[0], heights[1])
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.values.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache[indexPath]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
