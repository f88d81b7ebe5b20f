//
//  EstimatingListLayout.swift
//
//  A list of self-sizing rows that is not a flow layout: rows start at an estimated 60 points, and each cell's
//  preferred height, once UIKit has asked the cell, replaces the estimate through the layout's own
//  shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:) and
//  invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:). A new width makes every height stale.
//

import UIKit

final class EstimatingListLayout: UICollectionViewLayout {
    static let estimatedHeight: CGFloat = 60

    private var fittedHeights: [IndexPath: CGFloat] = [:]
    private var fittedWidth: CGFloat = 0
    private var rows: [[UICollectionViewLayoutAttributes]] = []
    private var contentHeight: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: fittedWidth, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        let width = collectionView.bounds.width
        if width != fittedWidth {
            fittedHeights.removeAll()
            fittedWidth = width
        }
        rows.removeAll()
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            var sectionRows: [UICollectionViewLayoutAttributes] = []
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let height = fittedHeights[indexPath] ?? EstimatingListLayout.estimatedHeight
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: 0, y: y, width: width, height: height)
                sectionRows.append(attributes)
                y += height
            }
            rows.append(sectionRows)
        }
        contentHeight = y
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        rows.joined().filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < rows.count, indexPath.item < rows[indexPath.section].count else { return nil }
        return rows[indexPath.section][indexPath.item]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                         withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        preferredAttributes.frame.height != originalAttributes.frame.height
    }

    override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext {
        fittedHeights[originalAttributes.indexPath] = preferredAttributes.frame.height
        return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                         withOriginalAttributes: originalAttributes)
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        // Rows moved or went away: heights belong to the old rows.
        if context.invalidateDataSourceCounts { fittedHeights.removeAll() }
        super.invalidateLayout(with: context)
    }
}
