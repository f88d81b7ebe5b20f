//
//  GalleryLayout+Attributes.swift
//
//  Preparation and queries, kept apart from the class as the app keeps them.
//

import UIKit

extension GalleryLayout {
    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let columns = max(1, delegate?.numberOfColumns?(in: collectionView) ?? columnCount)
        let width = columnWidth(for: collectionView.bounds.width, columns: columns)
        itemAttributes = []
        headerAttributes = []
        var top: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            var header: GalleryLayoutAttributes?
            if let height = delegate?.collectionView?(collectionView, heightForHeaderInSection: section) {
                // A delegate that sizes headers also spaces them.
                header = makeHeader(section: section, top: top, height: height)
                top += height + delegate!.collectionView!(collectionView, spacingBelowHeaderInSection: section)
            } else if headerHeight > 0 {
                header = makeHeader(section: section, top: top, height: headerHeight)
                top += headerHeight
            }
            headerAttributes.append(header)
            var bottoms = [CGFloat](repeating: top + spacing, count: columns)
            var items: [GalleryLayoutAttributes] = []
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let column = bottoms.indices.min { bottoms[$0] < bottoms[$1] } ?? 0
                let height = delegate?.collectionView(collectionView, heightForItemAt: indexPath, width: width) ?? width
                let attributes = GalleryLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: spacing + CGFloat(column) * (width + spacing), y: bottoms[column],
                                          width: width, height: height)
                attributes.column = column
                attributes.transform3D = CATransform3DMakeTranslation(0, 0, CGFloat(column))
                items.append(attributes)
                bottoms[column] += height + spacing
            }
            itemAttributes.append(items)
            top = bottoms.max() ?? top
        }
        contentHeight = top
        delegate?.galleryLayout?(self, didPrepareSections: itemAttributes.count)
    }

    private func makeHeader(section: Int, top: CGFloat, height: CGFloat) -> GalleryLayoutAttributes? {
        guard height > 0, let collectionView = collectionView else { return nil }
        let header = GalleryLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                             with: IndexPath(item: 0, section: section))
        header.frame = CGRect(x: 0, y: top, width: collectionView.bounds.width, height: height)
        header.zIndex = 1
        return header
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var visible: [UICollectionViewLayoutAttributes] = []
        for (section, items) in itemAttributes.enumerated() {
            if let header = headerAttributes[section], header.frame.intersects(rect) {
                visible.append(header)
            }
            visible += items.filter { $0.frame.intersects(rect) } as [UICollectionViewLayoutAttributes]
        }
        return visible
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < itemAttributes.count, indexPath.item < itemAttributes[indexPath.section].count
        else { return nil }
        return itemAttributes[indexPath.section][indexPath.item]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        guard elementKind == UICollectionView.elementKindSectionHeader, indexPath.section < headerAttributes.count
        else { return nil }
        return headerAttributes[indexPath.section]
    }
}
