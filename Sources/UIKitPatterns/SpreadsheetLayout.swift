//
//  SpreadsheetLayout.swift
//
//  A spreadsheet: a row a section, a column an item, scrolling both ways. Column widths and row heights are the
//  widest and tallest cells' (the delegate's sizes), measured once: measuring asks the delegate for every cell, so
//  the layout keeps its grid until the app says the data changed, by calling reset() before it reloads.
//

import UIKit

final class SpreadsheetLayout: UICollectionViewLayout {
    private var cells: [[UICollectionViewLayoutAttributes]] = []
    private var contentSize: CGSize = .zero

    override var collectionViewContentSize: CGSize { contentSize }

    /// Forgets the measured grid: call it before reloading the data.
    func reset() {
        cells.removeAll()
        contentSize = .zero
    }

    override func prepare() {
        super.prepare()
        guard cells.isEmpty, let collectionView = collectionView,
              let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        else { return }
        let rows = collectionView.numberOfSections
        var columnWidths: [CGFloat] = []
        var rowHeights = [CGFloat](repeating: 0, count: rows)
        var sizes: [[CGSize]] = []
        for row in 0..<rows {
            var rowSizes: [CGSize] = []
            for column in 0..<collectionView.numberOfItems(inSection: row) {
                let size = delegate.collectionView?(collectionView, layout: self,
                                                    sizeForItemAt: IndexPath(item: column, section: row))
                    ?? CGSize(width: 100, height: 44)
                if column >= columnWidths.count { columnWidths.append(0) }
                columnWidths[column] = max(columnWidths[column], size.width)
                rowHeights[row] = max(rowHeights[row], size.height)
                rowSizes.append(size)
            }
            sizes.append(rowSizes)
        }
        var y: CGFloat = 0
        for row in 0..<rows {
            var x: CGFloat = 0
            var line: [UICollectionViewLayoutAttributes] = []
            for column in 0..<sizes[row].count {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: column, section: row))
                attributes.frame = CGRect(x: x, y: y, width: columnWidths[column], height: rowHeights[row])
                line.append(attributes)
                x += columnWidths[column]
            }
            cells.append(line)
            y += rowHeights[row]
        }
        contentSize = CGSize(width: columnWidths.reduce(0, +), height: y)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for line in cells {
            guard let first = line.first else { continue }
            if first.frame.minY >= rect.maxY { break }
            guard first.frame.maxY > rect.minY else { continue }
            result.append(contentsOf: line.filter { $0.frame.intersects(rect) })
        }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < cells.count, indexPath.item < cells[indexPath.section].count else { return nil }
        return cells[indexPath.section][indexPath.item]
    }
}
