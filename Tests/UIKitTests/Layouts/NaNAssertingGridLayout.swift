import UIKit

/// A grid written as production rect code often is: it turns the rect's edges into row indexes with `Int(_:)`
/// (which traps on NaN, on infinity and past `Int.max`) and tests frames with its own helper that asserts the rect
/// is a real one (no NaN, no negative size) before calling Foundation's `intersects` (on Linux, closed edges).
/// UIKit never sends such rects, so the harness must not either.
final class NaNAssertingGridLayout: UICollectionViewLayout {
    let itemSize = CGSize(width: 90, height: 60)
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var indexOfPath: [IndexPath: Int] = [:]
    private var columns = 1

    override var collectionViewContentSize: CGSize {
        let rows = (cache.count + columns - 1) / columns
        return CGSize(width: CGFloat(columns) * itemSize.width, height: CGFloat(rows) * itemSize.height)
    }

    override func prepare() {
        guard let collectionView = collectionView else { return }
        columns = max(1, Int(collectionView.bounds.width / itemSize.width))
        cache.removeAll()
        indexOfPath.removeAll()
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let n = cache.count
                let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                attributes.frame = CGRect(x: CGFloat(n % columns) * itemSize.width,
                                          y: CGFloat(n / columns) * itemSize.height,
                                          width: itemSize.width, height: itemSize.height)
                indexOfPath[path] = n
                cache.append(attributes)
            }
        }
    }

    private func realIntersects(_ frame: CGRect, _ rect: CGRect) -> Bool {
        assert(!rect.origin.x.isNaN && !rect.origin.y.isNaN && !rect.width.isNaN && !rect.height.isNaN,
               "layoutAttributesForElements(in:) got a NaN rect")
        assert(rect.width >= 0 && rect.height >= 0, "layoutAttributesForElements(in:) got a negative-size rect")
        return frame.intersects(rect)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let rows = (cache.count + columns - 1) / columns
        let firstRow = max(0, Int(rect.minY / itemSize.height))
        let lastRow = min(rows - 1, Int(rect.maxY / itemSize.height))
        guard firstRow <= lastRow else { return [] }
        var result: [UICollectionViewLayoutAttributes] = []
        for row in firstRow...lastRow {
            for column in 0..<columns {
                let n = row * columns + column
                if n < cache.count && realIntersects(cache[n].frame, rect) { result.append(cache[n]) }
            }
        }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        indexOfPath[indexPath].map { cache[$0] }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
