import UIKit

/// The sticky-header recipe that predates `sectionHeadersPinToVisibleBounds`, as apps still ship it: a flow
/// subclass whose headers stick to the top of the visible rect and are pushed off by the end of their section.
/// Every bounds change invalidates, naming the visible sections' headers in the context; header sizes come from the
/// delegate through an optional call.
final class StickyHeadersFlowLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        itemSize = CGSize(width: 120, height: 44)
        sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        headerReferenceSize = CGSize(width: 0, height: 40)
        footerReferenceSize = CGSize(width: 0, height: 20)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
              let original = super.layoutAttributesForElements(in: rect) else { return nil }
        var result = original.filter { $0.representedElementKind != UICollectionView.elementKindSectionHeader }
        for section in 0..<collectionView.numberOfSections {
            guard let header = layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section)),
                header.frame.intersects(rect) else { continue }
            result.append(header)
        }
        return result
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let original = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath) else {
            return nil
        }
        guard elementKind == UICollectionView.elementKindSectionHeader, let collectionView = collectionView else {
            return original
        }
        let attributes = original.copy() as! UICollectionViewLayoutAttributes
        let items = collectionView.numberOfItems(inSection: indexPath.section)
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let inset = delegate?.collectionView?(collectionView, layout: self, insetForSectionAt: indexPath.section)
            ?? sectionInset
        let end = items > 0 ? lineBottom(section: indexPath.section, items: items) + inset.bottom
            : attributes.frame.maxY + inset.top + inset.bottom
        var frame = attributes.frame
        frame.origin.y = min(max(collectionView.contentOffset.y, frame.origin.y), end - frame.height)
        attributes.frame = frame
        attributes.zIndex = 1024
        return attributes
    }

    /// The bottom of the section's last line: the tallest of the items sharing the last item's line.
    private func lineBottom(section: Int, items: Int) -> CGFloat {
        guard items > 0, let last = super.layoutAttributesForItem(at: IndexPath(item: items - 1, section: section)) else {
            return 0
        }
        var bottom = last.frame.maxY
        var item = items - 2
        while item >= 0, let other = super.layoutAttributesForItem(at: IndexPath(item: item, section: section)),
              other.frame.minY < last.frame.maxY && other.frame.maxY > last.frame.minY {
            bottom = max(bottom, other.frame.maxY)
            item -= 1
        }
        return bottom
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        guard let collectionView = collectionView else { return context }
        let sections = (0..<collectionView.numberOfSections).map { IndexPath(item: 0, section: $0) }
        context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, at: sections)
        return context
    }
}
