//
//  OffByOneListLayout.swift
//
//  A fixed-height list whose rect query computes the rows in the rect by arithmetic, and stops one row short: the
//  row the rect's bottom edge cuts through is never returned. On a device that row's cell appears only once it is
//  wholly on screen, and a cell scrolled half into view is blank: a real bug, which the harness must report.
//

import UIKit

final class OffByOneListLayout: UICollectionViewLayout {
    static let rowHeight: CGFloat = 44

    /// The number of rows before each section.
    private var firstRow: [Int] = []
    private var rowCount = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(rowCount) * OffByOneListLayout.rowHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        firstRow.removeAll()
        rowCount = 0
        for section in 0..<collectionView.numberOfSections {
            firstRow.append(rowCount)
            rowCount += collectionView.numberOfItems(inSection: section)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        precondition(rect.minY.isFinite && rect.maxY.isFinite, "UIKit sends finite rects")
        let first = max(0, Int(rect.minY / OffByOneListLayout.rowHeight))
        let last = min(rowCount - 1, Int(rect.maxY / OffByOneListLayout.rowHeight) - 1)
        guard first <= last else { return [] }
        return (first...last).compactMap { row in
            let section = (firstRow.lastIndex { $0 <= row }) ?? 0
            return layoutAttributesForItem(at: IndexPath(item: row - firstRow[section], section: section))
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < firstRow.count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        let row = firstRow[indexPath.section] + indexPath.item
        attributes.frame = CGRect(x: 0, y: CGFloat(row) * OffByOneListLayout.rowHeight,
                                  width: collectionView?.bounds.width ?? 0, height: OffByOneListLayout.rowHeight)
        return attributes
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
