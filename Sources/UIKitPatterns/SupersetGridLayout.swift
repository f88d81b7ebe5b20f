//
//  SupersetGridLayout.swift
//
//  A three-column grid of square cards, sections one after another. Its rect query returns every card of each
//  section whose frame touches the rect: simpler than filtering card by card, and the collection view only makes
//  cells for the ones on screen. Written as iOS code is written; LayoutBench compiles it unchanged.
//

import UIKit

final class SupersetGridLayout: UICollectionViewLayout {
    static let columns = 3
    static let spacing: CGFloat = 8

    private var sections: [[UICollectionViewLayoutAttributes]] = []
    private var sectionFrames: [CGRect] = []
    private var contentHeight: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        sections.removeAll()
        sectionFrames.removeAll()
        let spacing = SupersetGridLayout.spacing
        let columns = SupersetGridLayout.columns
        let side = max(0, (collectionView.bounds.width - spacing * CGFloat(columns + 1)) / CGFloat(columns))
        var y = spacing
        for section in 0..<collectionView.numberOfSections {
            let top = y
            var cards: [UICollectionViewLayoutAttributes] = []
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                let column = item % columns, row = item / columns
                attributes.frame = CGRect(x: spacing + CGFloat(column) * (side + spacing),
                                          y: top + CGFloat(row) * (side + spacing), width: side, height: side)
                cards.append(attributes)
            }
            let rows = (count + columns - 1) / columns
            y = top + CGFloat(rows) * (side + spacing) + spacing
            sections.append(cards)
            sectionFrames.append(CGRect(x: 0, y: top, width: collectionView.bounds.width, height: y - top))
        }
        contentHeight = y
    }

    /// Every card of the sections that touch the rect.
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        assert(rect.width >= 0 && rect.height >= 0, "UIKit sends standardised rects")
        var result: [UICollectionViewLayoutAttributes] = []
        for (section, frame) in sectionFrames.enumerated() where frame.intersects(rect) {
            result.append(contentsOf: sections[section])
        }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        precondition(indexPath.section < sections.count, "section \(indexPath.section) out of range")
        let cards = sections[indexPath.section]
        return indexPath.item < cards.count ? cards[indexPath.item] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }
}
